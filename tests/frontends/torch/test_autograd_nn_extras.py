"""Autograd and nn extras against real torch: anomaly mode, post-accumulate-grad hooks,
Tensor.name/reinforce, torch.nn.grad, F.multi_head_attention_forward, RNNCellBase,
LinearCrossEntropyLoss, torch.nn.attention and nn.utils.parametrizations."""

from __future__ import annotations

import warnings

import numpy
import pytest
import torch as real_torch

from frontends import torch
from frontends.torch.nn.utils import parametrizations as P
from tests.frontends.torch.oracle import assert_matches, to_frontend

RNG = numpy.random.default_rng(0)


def _raises_like(frontend_call, real_call) -> str:
    """Both raise the same exception type with the same message; returns the message."""
    with pytest.raises(Exception) as real_error:
        real_call()
    with pytest.raises(type(real_error.value)) as ours:
        frontend_call()
    assert str(ours.value) == str(real_error.value)
    return str(ours.value)


def _same_module_state(frontend_module, real_module) -> None:
    state = {k: to_frontend(v) for k, v in real_module.state_dict().items()}
    frontend_module.load_state_dict(state)


# ---------------------------------------------------------------------------------------
# autograd: anomaly mode, tensor hooks
# ---------------------------------------------------------------------------------------
def _anomaly_flags(T):
    return T.is_anomaly_enabled(), T.is_anomaly_check_nan_enabled()


def test_anomaly_mode(backend: str) -> None:
    data = numpy.array([0.0, 1.0, 4.0], dtype=numpy.float32)
    seen = {}
    for T in (real_torch, torch):
        flags = [_anomaly_flags(T)]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            context = T.autograd.detect_anomaly()
        assert any("Anomaly Detection has been enabled" in str(w.message) for w in caught)
        x = (to_frontend(data) if T is torch else T.tensor(data)).requires_grad_()
        with context:
            flags.append(_anomaly_flags(T))
            with pytest.raises(RuntimeError) as error:  # d sqrt(x)/dx at 0 times 0 is nan
                (T.sqrt(x) * 0).sum().backward()
        flags.append(_anomaly_flags(T))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with T.autograd.detect_anomaly(check_nan=False):
                flags.append(_anomaly_flags(T))
                (T.sqrt(x) * 0).sum().backward()  # no check: the nan reaches .grad
        grad = x.grad.detach().numpy() if T is real_torch else x.grad.numpy()
        switch = T.autograd.set_detect_anomaly(True, check_nan=False)
        flags.append(_anomaly_flags(T))
        with switch:
            pass
        flags.append(_anomaly_flags(T))
        T.set_anomaly_enabled(True)
        flags.append(_anomaly_flags(T))
        T.set_anomaly_enabled(False)
        with pytest.raises(TypeError):
            context(lambda: None)  # not a decorator (torch's object is not callable)
        seen[T.__name__] = (str(error.value).splitlines()[0], flags, numpy.isnan(grad).tolist())
    assert seen["torch"][0] == "Function 'SqrtBackward0' returned nan values in its 0th output."
    assert seen["frontends.torch"] == seen["torch"]


def test_tensor_autograd_extras(backend: str) -> None:
    data = RNG.standard_normal(3).astype(numpy.float32)
    seen = {}
    for T in (real_torch, torch):
        x = (to_frontend(data) if T is torch else T.tensor(data)).requires_grad_()
        log = []
        handle = x.register_post_accumulate_grad_hook(
            lambda t, log=log: log.append(t.grad.tolist())
        )
        (x * 3).sum().backward()
        (x * x).sum().backward(inputs=[x])
        T.autograd.grad((x * 2).sum(), x)  # accumulates nothing: no hook
        handle.remove()
        (x * 5).sum().backward()
        x.register_post_accumulate_grad_hook(lambda t: 1)
        with pytest.raises(TypeError):
            (x * 1).sum().backward()
        errors = []
        for target in (x * 2, T.ones(2)):
            with pytest.raises(RuntimeError) as error:
                target.register_post_accumulate_grad_hook(lambda t: None)
            errors.append(str(error.value))
        with pytest.raises(RuntimeError) as error:
            x.reinforce(1.0)
        seen[T.__name__] = (numpy.round(log, 5).tolist(), errors, str(error.value), x.name)
    assert seen["frontends.torch"] == seen["torch"]


def test_nn_grad(backend: str) -> None:
    assert torch.nn.functional.grad is torch.nn.grad
    # (n, which gradient, input shape, weight shape, options)
    cases = [
        (
            1,
            "input",
            (2, 4, 9),
            (6, 2, 3),
            dict(stride=2, padding=1, groups=2),
        ),  # same factory for 3d
        (2, "weight", (1, 3, 6, 5), (4, 3, 3, 2), dict(stride=(2, 1), padding=1, dilation=(1, 2))),
    ]
    for n, which, input_shape, weight_shape, options in cases:
        x = RNG.standard_normal(input_shape).astype(numpy.float32)
        w = RNG.standard_normal(weight_shape).astype(numpy.float32)
        conv = getattr(real_torch.nn.functional, f"conv{n}d")
        out = conv(real_torch.tensor(x), real_torch.tensor(w), **options)
        g = RNG.standard_normal(tuple(out.shape)).astype(numpy.float32)
        if which == "input":
            args_real, args_ours = (x.shape, real_torch.tensor(w)), (x.shape, to_frontend(w))
        else:
            args_real, args_ours = (real_torch.tensor(x), w.shape), (to_frontend(x), w.shape)
        expected = getattr(real_torch.nn.grad, f"conv{n}d_{which}")(
            *args_real, real_torch.tensor(g), **options
        )
        ours = getattr(torch.nn.grad, f"conv{n}d_{which}")(*args_ours, to_frontend(g), **options)
        assert_matches(ours, expected, rtol=1e-4, atol=1e-4)


# ---------------------------------------------------------------------------------------
# multi-head attention
# ---------------------------------------------------------------------------------------
def test_multi_head_attention_forward(backend: str) -> None:
    E, H, L, S, N = 8, 2, 3, 4, 2
    q = RNG.standard_normal((L, N, E)).astype(numpy.float32)
    kv = RNG.standard_normal((S, N, E)).astype(numpy.float32)
    w_in = RNG.standard_normal((3 * E, E)).astype(numpy.float32) * 0.3
    b_in = RNG.standard_normal(3 * E).astype(numpy.float32)
    w_out = RNG.standard_normal((E, E)).astype(numpy.float32) * 0.3
    bias_kv = RNG.standard_normal((2, 1, 1, E)).astype(numpy.float32)
    mask = RNG.random((L, S)) > 0.7
    mask[:, 0] = False
    padding = numpy.zeros((N, S), dtype=bool)
    padding[1, -1] = True
    mask_plus = numpy.pad(mask, ((0, 0), (0, 2)))  # with the bias_k and zero columns

    def run(T, convert, **kwargs):
        common = dict(
            embed_dim_to_check=E,
            num_heads=H,
            in_proj_weight=convert(w_in),
            in_proj_bias=convert(b_in),
            bias_k=None,
            bias_v=None,
            add_zero_attn=False,
            dropout_p=0.0,
            out_proj_weight=convert(w_out),
            out_proj_bias=None,
        )
        common.update(kwargs)
        query = convert(common.pop("query", q))
        key = convert(common.pop("key", kv))
        return T.nn.functional.multi_head_attention_forward(query, key, key, **common)

    cases = [
        dict(attn_mask=mask, key_padding_mask=padding),
        dict(  # scaled_dot_product_attention's path
            attn_mask=mask_plus,
            need_weights=False,
            bias_k=bias_kv[0],
            bias_v=bias_kv[1],
            add_zero_attn=True,
        ),
        dict(
            query=q[:, 0],
            key=kv[:, 0],
            attn_mask=mask.astype(numpy.float32),
            use_separate_proj_weight=True,
            in_proj_weight=None,
            q_proj_weight=w_in[:E],
            k_proj_weight=w_in[E : 2 * E],
            v_proj_weight=w_in[2 * E :],
            average_attn_weights=False,
        ),  # unbatched
        dict(is_causal=True),  # raises: is_causal needs attn_mask
    ]
    for case in cases:

        def real_convert(value):
            return value if value is None else real_torch.tensor(value)

        def our_convert(value):
            return value if value is None else to_frontend(value)

        real_case = {
            k: real_convert(v) if isinstance(v, numpy.ndarray) else v for k, v in case.items()
        }
        our_case = {
            k: our_convert(v) if isinstance(v, numpy.ndarray) else v for k, v in case.items()
        }
        try:
            expected = run(real_torch, real_convert, **real_case)
        except RuntimeError:
            with pytest.raises(RuntimeError):
                run(torch, our_convert, **our_case)
            continue
        ours = run(torch, our_convert, **our_case)
        assert_matches(ours[0], expected[0], rtol=1e-4, atol=1e-5)
        if expected[1] is None:
            assert ours[1] is None
        else:
            assert_matches(ours[1], expected[1], rtol=1e-4, atol=1e-5)

    # the module calls it: same output and weights with batch_first and kdim != embed_dim
    real_torch.manual_seed(0)
    real_module = real_torch.nn.MultiheadAttention(E, H, kdim=6, vdim=6, batch_first=True)
    module = torch.nn.MultiheadAttention(E, H, kdim=6, vdim=6, batch_first=True)
    _same_module_state(module, real_module)
    query = RNG.standard_normal((N, L, E)).astype(numpy.float32)
    key = RNG.standard_normal((N, S, 6)).astype(numpy.float32)
    expected = real_module(real_torch.tensor(query), real_torch.tensor(key), real_torch.tensor(key))
    ours = module(to_frontend(query), to_frontend(key), to_frontend(key))
    assert_matches(ours[0].detach(), expected[0].detach(), rtol=1e-4, atol=1e-5)
    assert_matches(ours[1].detach(), expected[1].detach(), rtol=1e-4, atol=1e-5)


# ---------------------------------------------------------------------------------------
# RNNCellBase, LinearCrossEntropyLoss, nn.attention
# ---------------------------------------------------------------------------------------
def test_cells_and_linear_cross_entropy(backend: str) -> None:
    for name in ("RNNCell", "LSTMCell", "GRUCell"):
        assert issubclass(getattr(torch.nn, name), torch.nn.RNNCellBase)
    assert torch.nn.RNNCellBase.__constants__ == real_torch.nn.RNNCellBase.__constants__
    real_base, base = (
        real_torch.nn.RNNCellBase(3, 5, False, 2),
        torch.nn.RNNCellBase(3, 5, False, 2),
    )
    assert repr(base) == repr(real_base)
    assert dict(base.named_parameters()).keys() == dict(real_base.named_parameters()).keys()
    assert base.weight_ih.shape == real_base.weight_ih.shape and base.bias_ih is None

    real_torch.manual_seed(0)
    real_loss = real_torch.nn.LinearCrossEntropyLoss(5, 4, out_features=(3,), bias=True)
    loss = torch.nn.LinearCrossEntropyLoss(5, 4, out_features=(3,), bias=True)
    _same_module_state(loss, real_loss)
    assert repr(loss) == repr(real_loss)
    x = RNG.standard_normal((2, 5)).astype(numpy.float32)
    target = RNG.integers(0, 4, (2, 3))
    expected = real_loss(real_torch.tensor(x), real_torch.tensor(target))
    ours = loss(to_frontend(x), to_frontend(target))
    assert_matches(ours.detach(), expected.detach())
    expected.backward()
    ours.backward()
    assert_matches(loss.linear.weight.grad, real_loss.linear.weight.grad, atol=1e-6)
    _raises_like(
        lambda: torch.nn.LinearCrossEntropyLoss(5, 4, label_smoothing=2.0),
        lambda: real_torch.nn.LinearCrossEntropyLoss(5, 4, label_smoothing=2.0),
    )
    for options in (
        {},
        {"chunking_method": "aspect_ratio:3", "batch_chunk_size": 4},
        {"acc_policy": "x"},
        {"chunking_method": "aspect_ratio:0"},
        {"batch_chunk_size": 0},
        {"acc_dtype": "float32"},
        {"acc_dtype": "int32"},
    ):
        real_options = {
            k: getattr(real_torch, v) if k == "acc_dtype" else v for k, v in options.items()
        }
        our_options = {k: getattr(torch, v) if k == "acc_dtype" else v for k, v in options.items()}
        try:
            expected = real_torch.nn.LinearCrossEntropyOptions(**real_options)
        except ValueError:
            _raises_like(
                lambda o=our_options: torch.nn.LinearCrossEntropyOptions(**o),
                lambda o=real_options: real_torch.nn.LinearCrossEntropyOptions(**o),
            )
            continue
        assert repr(torch.nn.LinearCrossEntropyOptions(**our_options)) == repr(expected)


def test_attention_module() -> None:
    from torch.nn import attention as real_attention

    from frontends.torch.nn import attention

    assert sorted(attention.__all__) == sorted(real_attention.__all__)
    assert {k: int(v) for k, v in attention.SDPBackend.__members__.items()} == {
        k: int(v) for k, v in real_attention.SDPBackend.__members__.items()
    }
    assert repr(attention.SDPBackend.MATH) == repr(real_attention.SDPBackend.MATH)
    assert attention.WARN_FOR_UNFUSED_KERNELS == real_attention.WARN_FOR_UNFUSED_KERNELS
    assert attention.list_flash_attention_impls() == real_attention.list_flash_attention_impls()
    assert attention.current_flash_attention_impl() == real_attention.current_flash_attention_impl()
    _raises_like(
        lambda: attention.activate_flash_attention_impl("XX"),
        lambda: real_attention.activate_flash_attention_impl("XX"),
    )
    with pytest.raises(RuntimeError, match="need CUDA"):
        attention.activate_flash_attention_impl("FA3")

    def switches(T):
        cuda = T.backends.cuda
        return (
            cuda.flash_sdp_enabled(),
            cuda.mem_efficient_sdp_enabled(),
            cuda.math_sdp_enabled(),
            cuda.cudnn_sdp_enabled(),
        )

    for choice in ("MATH", ["EFFICIENT_ATTENTION", "CUDNN_ATTENTION"]):
        names = [choice] if isinstance(choice, str) else choice
        ours = [getattr(attention.SDPBackend, n) for n in names]
        real = [getattr(real_attention.SDPBackend, n) for n in names]
        with attention.sdpa_kernel(ours if isinstance(choice, list) else ours[0]) as value:
            with real_attention.sdpa_kernel(real if isinstance(choice, list) else real[0]) as rv:
                assert switches(torch) == switches(real_torch) and value == rv
        assert switches(torch) == switches(real_torch)
    _raises_like(
        lambda: attention.sdpa_kernel("MATH").__enter__(),
        lambda: real_attention.sdpa_kernel("MATH").__enter__(),
    )


# ---------------------------------------------------------------------------------------
# nn.utils.parametrizations
# ---------------------------------------------------------------------------------------
def _parametrized(T, parametrizations, kind: str, weight: numpy.ndarray):
    shape = weight.shape
    module = (
        T.nn.ConvTranspose1d(shape[0], shape[1], shape[2])
        if weight.ndim == 3
        else (T.nn.Linear(shape[1], shape[0]))
    )
    with T.no_grad():
        module.weight.copy_(to_frontend(weight) if T is torch else T.tensor(weight))
        module.bias.zero_()
    T.manual_seed(0)  # the random draws (spectral_norm's u, v; orthogonal's completion)
    if kind.startswith("orthogonal"):
        _, orthogonal_map, trivial = kind.split(":")
        parametrizations.orthogonal(
            module, orthogonal_map=orthogonal_map or None, use_trivialization=trivial == "1"
        )
    elif kind == "weight_norm":
        parametrizations.weight_norm(module, dim=1)
    else:
        parametrizations.spectral_norm(module)
    return module


def test_parametrizations(backend: str) -> None:
    # (kind, weight shape, check gradients): few cases, each a new compile on jax
    cases = [
        ("orthogonal::1", (4, 4), False),  # matrix_exp (the default for a square weight)
        ("weight_norm", (4, 3), True),
        ("spectral_norm", (4, 3), True),
    ]
    x = RNG.standard_normal((2, 3)).astype(numpy.float32)
    for kind, shape, gradients in cases:
        weight = RNG.standard_normal(shape).astype(numpy.float32)
        real = _parametrized(real_torch, real_torch.nn.utils.parametrizations, kind, weight)
        ours = _parametrized(torch, P, kind, weight)
        assert type(ours).__name__ == type(real).__name__
        assert sorted(ours.state_dict()) == sorted(real.state_dict()), kind
        assert_matches(ours.weight.detach(), real.weight.detach(), atol=1e-5)
        if not gradients:
            continue
        # gradients reach the originals through the parametrization
        real.weight.sum().backward()
        ours.weight.sum().backward()
        for name, parameter in real.parametrizations.weight.named_parameters():
            ours_grad = dict(ours.parametrizations.weight.named_parameters())[name].grad
            assert_matches(ours_grad, parameter.grad, rtol=1e-4, atol=1e-4)
        if kind == "weight_norm":  # setting the weight goes through right_inverse
            with real_torch.no_grad():
                real.weight = real_torch.tensor(weight * 2)
            with torch.no_grad():
                ours.weight = to_frontend(weight * 2)
            assert_matches(
                ours.parametrizations.weight.original0.detach(),
                real.parametrizations.weight.original0.detach(),
            )
            real_torch.nn.utils.parametrize.remove_parametrizations(real, "weight")
            torch.nn.utils.parametrize.remove_parametrizations(ours, "weight")
            assert_matches(ours.weight.detach(), real.weight.detach(), atol=1e-5)
            assert_matches(
                ours(to_frontend(x)).detach(), real(real_torch.tensor(x)).detach(), atol=1e-5
            )
    _raises_like(
        lambda: P.orthogonal(torch.nn.Linear(2, 2), orthogonal_map="bad"),
        lambda: real_torch.nn.utils.parametrizations.orthogonal(
            real_torch.nn.Linear(2, 2), orthogonal_map="bad"
        ),
    )


def test_flex_attention(backend: str) -> None:
    from torch.nn.attention import flex_attention as real_flex

    from frontends.torch.nn.attention import flex_attention as flex

    q = RNG.standard_normal((2, 4, 6, 8)).astype(numpy.float32)
    k = RNG.standard_normal((2, 2, 5, 8)).astype(numpy.float32)
    v = RNG.standard_normal((2, 2, 5, 3)).astype(numpy.float32)
    bias = RNG.standard_normal(4).astype(numpy.float32)
    results = []
    for T, F, convert in ((real_torch, real_flex, real_torch.tensor), (torch, flex, to_frontend)):
        query, key, value, head_bias = (convert(a) for a in (q, k, v, bias))

        def causal(b, h, q_idx, kv_idx):
            return q_idx >= kv_idx

        def skew(score, b, h, q_idx, kv_idx, head_bias=head_bias):
            return score + head_bias[h] - 0.1 * (q_idx - kv_idx)

        def late(b, h, q_idx, kv_idx):  # rows 0 and 1 fully masked
            return kv_idx < q_idx - 1

        block_mask = F.create_block_mask(F.and_masks(causal, late), 2, 4, 6, 5, BLOCK_SIZE=2)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out, aux = F.flex_attention(
                query, key, value, score_mod=skew, block_mask=block_mask, enable_gqa=True,
                return_aux=F.AuxRequest(lse=True),
            )  # fmt: skip
        dense = F.create_mask(F.or_masks(causal, late), 1, 2, 6, 5)
        results.append((out, aux.lse, block_mask.to_dense(), dense.to(T.int64)))
        results.append((block_mask.shape, round(block_mask.sparsity(), 6)))
    (ours, our_meta), (expected, real_meta) = results[2:], results[:2]
    assert our_meta == real_meta
    for mine, theirs in zip(ours, expected):
        assert_matches(mine.detach(), theirs.detach(), rtol=1e-5, atol=1e-5)
