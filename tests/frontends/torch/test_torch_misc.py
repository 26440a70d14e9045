"""torch.quasirandom, torch.binomial, frombuffer, DLPack, storage_offset, torch.backends,
torch.random / torch.functional and the small top-level functions, against real torch."""

from __future__ import annotations

import warnings

import numpy
import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import check

# ---------------------------------------------------------------------------------------
# SobolEngine
# ---------------------------------------------------------------------------------------


def _same_points(ours, expected) -> None:
    assert str(ours.dtype) == str(expected.dtype)
    assert tuple(ours.shape) == tuple(expected.shape)
    numpy.testing.assert_array_equal(ours.numpy(), expected.numpy())


def _run_sobol_script(ours, real) -> None:
    """The same calls on both engines, every draw compared bit for bit."""
    steps = [
        lambda e, t: e.draw(),
        lambda e, t: e.draw(6),
        lambda e, t: e.draw(9, dtype=t.float64),
        lambda e, t: e.fast_forward(5),
        lambda e, t: e.draw(4),
        lambda e, t: e.reset(),
        lambda e, t: e.fast_forward(3),
        lambda e, t: e.draw(5),
        lambda e, t: e.draw_base2(3),
        lambda e, t: e.draw(0),
    ]
    for step in steps:
        result, expected = step(ours, torch), step(real, real_torch)
        if isinstance(expected, real_torch.Tensor):
            _same_points(result, expected)
        else:
            assert result is ours
        assert ours.num_generated == real.num_generated
    _same_points(ours.quasi, real.quasi)


# one dimension for the tests on every backend: jax compiles each new shape once
DIMENSION = 7


def test_sobol_unscrambled_is_bit_exact(backend):
    ours = torch.quasirandom.SobolEngine(DIMENSION)
    real = real_torch.quasirandom.SobolEngine(DIMENSION)
    _same_points(ours.sobolstate, real.sobolstate)
    assert repr(ours) == repr(real)
    _run_sobol_script(ours, real)
    ours, real = torch.quasirandom.SobolEngine(3), real_torch.quasirandom.SobolEngine(3)
    out_ours, out_real = torch.empty(0), real_torch.empty(0)
    assert ours.draw_base2(2, out=out_ours) is out_ours
    real.draw_base2(2, out=out_real)
    _same_points(out_ours, out_real)


def test_sobol_scrambled_is_bit_exact(backend):
    """Scrambling draws from the frontend's generator, which gives torch's CPU stream: with a
    seed, and from the default generator (``seed=None``) after ``manual_seed``."""
    for seed in (0, 1234, None):
        if seed is None:
            torch.manual_seed(21)
            real_torch.manual_seed(21)
        ours = torch.quasirandom.SobolEngine(DIMENSION, scramble=True, seed=seed)
        real = real_torch.quasirandom.SobolEngine(DIMENSION, scramble=True, seed=seed)
        _same_points(ours.shift, real.shift)
        _same_points(ours.sobolstate, real.sobolstate)
        assert repr(ours) == repr(real)
        _run_sobol_script(ours, real)


def test_sobol_errors_and_the_largest_dimension():
    """On the numpy backend: torch's errors, and all 1111 shipped dimensions."""
    ours = torch.quasirandom.SobolEngine(1111)
    real = real_torch.quasirandom.SobolEngine(1111)
    _same_points(ours.sobolstate, real.sobolstate)
    _same_points(ours.draw(5), real.draw(5))
    _same_points(ours.draw(3), real.draw(3))
    for dimension in (0, 21202):
        check(
            lambda d=dimension: torch.quasirandom.SobolEngine(d),
            lambda d=dimension: real_torch.quasirandom.SobolEngine(d),
        )
    with pytest.raises(ValueError, match="dimensions 1 to 1111"):
        torch.quasirandom.SobolEngine(1112)
    check(
        lambda: torch.quasirandom.SobolEngine(2).draw(2, dtype=torch.float16),
        lambda: real_torch.quasirandom.SobolEngine(2).draw(2, dtype=real_torch.float16),
    )
    check(
        lambda: torch.quasirandom.SobolEngine(2).draw(0),
        lambda: real_torch.quasirandom.SobolEngine(2).draw(0),
    )
    ours, real = torch.quasirandom.SobolEngine(2), real_torch.quasirandom.SobolEngine(2)
    ours.draw(3)
    real.draw(3)
    with pytest.raises(ValueError) as expected:
        real.draw_base2(2)
    with pytest.raises(ValueError) as raised:
        ours.draw_base2(2)
    assert str(raised.value) == str(expected.value)


# ---------------------------------------------------------------------------------------
# binomial
# ---------------------------------------------------------------------------------------


def test_binomial_errors():
    for c, p in (
        (numpy.array([5, 6]), numpy.array([0.5, 0.5])),
        (numpy.array([5.0, 6.0], numpy.float32), numpy.array([0.5, 0.5])),
        (numpy.array([5.0, 6.0], numpy.float16), numpy.array([0.5, 0.5], numpy.float16)),
    ):
        check(
            lambda c=c, p=p: torch.binomial(torch.tensor(c), torch.tensor(p)),
            lambda c=c, p=p: real_torch.binomial(real_torch.tensor(c), real_torch.tensor(p)),
        )
    result = torch.binomial(torch.full((2, 3), 4.0), torch.full((3,), 0.5))
    assert tuple(result.shape) == (2, 3) and result.dtype == torch.float32


def test_binomial_matches_torch(backend):
    """In one call (one shape: one compilation on jax): the values that do not depend on
    the draws (count <= 0, p <= 0, p >= 1, nan) equal torch's, and the samples have torch's
    distribution (total variation distance of the empirical probabilities), for both
    algorithms and the p > 0.5 reflection."""
    n = 10000
    cases = ((6.0, 0.3), (300.0, 0.9))
    fixed_count = numpy.array([0.0, 5.0, 10.0, -3.0, 4.0, 7.0], dtype=numpy.float32)
    fixed_prob = numpy.array([0.5, 0.0, 1.0, 0.5, 1.5, numpy.nan], dtype=numpy.float32)
    count = numpy.concatenate([numpy.repeat([c for c, _ in cases], n), fixed_count])
    prob = numpy.concatenate([numpy.repeat([p for _, p in cases], n), fixed_prob])
    count, prob = count.astype(numpy.float32), prob.astype(numpy.float32)
    torch.manual_seed(11)
    ours = torch.binomial(torch.tensor(count), torch.tensor(prob))
    real_torch.manual_seed(11)
    expected = real_torch.binomial(real_torch.tensor(count), real_torch.tensor(prob))
    assert ours.dtype == torch.float32 and tuple(ours.shape) == tuple(expected.shape)
    values, expected = ours.numpy(), expected.numpy()
    numpy.testing.assert_array_equal(values[2 * n :], expected[2 * n :])
    values, expected, count = values[: 2 * n], expected[: 2 * n], count[: 2 * n]
    assert (values == numpy.round(values)).all() and (values >= 0).all()
    assert (values <= count).all()
    for index, (c, p) in enumerate(cases):
        part = slice(index * n, (index + 1) * n)
        bins = int(c) + 1
        ours_pmf = numpy.bincount(values[part].astype(numpy.int64), minlength=bins) / n
        real_pmf = numpy.bincount(expected[part].astype(numpy.int64), minlength=bins) / n
        assert 0.5 * numpy.abs(ours_pmf - real_pmf).sum() < 0.05, (c, p)


# ---------------------------------------------------------------------------------------
# frombuffer, DLPack
# ---------------------------------------------------------------------------------------


def test_frombuffer(backend):
    data = bytearray(range(1, 10))
    cases = [
        {"dtype": "int16"},
        {"dtype": "int16", "offset": 1},
        {"dtype": "int32", "count": 2},
        {"dtype": "int32", "count": 3},
        {"dtype": "uint8", "offset": 9},
        {"dtype": "uint8", "count": 0},
        {"dtype": "float32", "offset": -1},
        {"dtype": "int8", "count": -2},
        {"dtype": "bool", "count": 3},
        {"dtype": "float32", "offset": 1},
        {"dtype": "bfloat16", "offset": 1, "count": 4},
        {"dtype": "complex64", "offset": 1},
    ]
    for case in cases:
        kwargs = dict(case)
        name = kwargs.pop("dtype")
        check(
            lambda n=name, k=kwargs: torch.frombuffer(data, dtype=getattr(torch, n), **k),
            lambda n=name, k=kwargs: real_torch.frombuffer(data, dtype=getattr(real_torch, n), **k),
        )
    floats = numpy.arange(4.0)
    check(
        lambda: torch.frombuffer(floats, dtype=torch.float64, requires_grad=True),
        lambda: real_torch.frombuffer(floats, dtype=real_torch.float64, requires_grad=True),
    )
    assert torch.frombuffer(floats, dtype=torch.float64, requires_grad=True).requires_grad
    for bad in ([1, 2], "abc", b""):
        check(
            lambda b=bad: torch.frombuffer(b, dtype=torch.uint8),
            lambda b=bad: real_torch.frombuffer(b, dtype=real_torch.uint8),
        )
    with pytest.raises(TypeError):
        torch.frombuffer(data)


def test_dlpack_round_trips(backend):
    for host in (
        numpy.arange(6, dtype=numpy.float32).reshape(2, 3),
        numpy.array([[1, -2], [3, 4]], dtype=numpy.int64),
        numpy.array([True, False]),
        numpy.array([1 + 2j, 3j], dtype=numpy.complex64),
    ):
        # other libraries' arrays into the frontend
        check(lambda h=host: torch.from_dlpack(h), lambda h=host: real_torch.from_dlpack(h))
        real = real_torch.from_numpy(host.copy())
        check(lambda r=real: torch.from_dlpack(r), lambda r=real: real_torch.from_dlpack(r))
        # the frontend's tensors out to numpy and real torch, and through a capsule
        tensor = torch.tensor(host)
        numpy.testing.assert_array_equal(numpy.from_dlpack(tensor), host)
        numpy.testing.assert_array_equal(real_torch.from_dlpack(tensor).numpy(), host)
        check(
            lambda h=host: torch.from_dlpack(torch.to_dlpack(torch.tensor(h))),
            lambda h=host: real_torch.from_dlpack(real_torch.to_dlpack(real_torch.tensor(h))),
        )
    assert torch.ones(2).__dlpack_device__() == real_torch.ones(2).__dlpack_device__()
    capsule = torch.to_dlpack(torch.ones(2))
    torch.from_dlpack(capsule)
    real_capsule = real_torch.to_dlpack(real_torch.ones(2))
    real_torch.from_dlpack(real_capsule)
    check(lambda: torch.from_dlpack(capsule), lambda: real_torch.from_dlpack(real_capsule))
    check(lambda: torch.from_dlpack([1, 2]), lambda: real_torch.from_dlpack([1, 2]))
    check(
        lambda: torch.ones(2, requires_grad=True).__dlpack__(),
        lambda: real_torch.ones(2, requires_grad=True).__dlpack__(),
    )
    # between frontend tensors memory is shared, as in torch
    source = torch.zeros(3)
    alias = torch.from_dlpack(source)
    alias[1] = 5.0
    assert source.tolist() == [0.0, 5.0, 0.0]


def test_dlpack_from_jax_and_tensorflow(backend):
    import jax.numpy as jnp
    import tensorflow as tf

    host = numpy.arange(4, dtype=numpy.float32)
    for foreign in (jnp.asarray(host), tf.constant(host)):
        tensor = torch.from_dlpack(foreign)
        assert tensor.dtype == torch.float32
        numpy.testing.assert_array_equal(tensor.numpy(), host)
    numpy.testing.assert_array_equal(numpy.asarray(jnp.from_dlpack(torch.tensor(host))), host)


# ---------------------------------------------------------------------------------------
# storage_offset
# ---------------------------------------------------------------------------------------
_VIEWS = [
    lambda x: x,
    lambda x: x[1],
    lambda x: x[1:, 2:],
    lambda x: x.T[2],
    lambda x: x.transpose(0, 1)[3:, 1],
    lambda x: x.narrow(1, 3, 2),
    lambda x: x[:, 1::2][1:],
    lambda x: x.view(24)[5:],
    lambda x: x.reshape(2, 12)[1, 3:],
    lambda x: x.t().contiguous()[1],
    lambda x: x[2].unsqueeze(0).expand(3, 6),
    lambda x: x.detach()[3],
    lambda x: x.select(1, 4),
    lambda x: x.unflatten(1, (2, 3))[1, 1],
    lambda x: x.diagonal(1),
    lambda x: x.split(2, dim=1)[2],
    lambda x: x.chunk(2)[1][..., None, 1:],
    lambda x: x[[1, 2]],
]


def test_storage_offset(backend):
    """Every view kind on the numpy backend; on the others one (the offset is computed on
    the host from the view chain whatever the backend; each new view shape is a
    compilation on jax)."""
    ours, real = torch.arange(24.0).reshape(4, 6), real_torch.arange(24.0).reshape(4, 6)
    views = _VIEWS if backend == "numpy" else _VIEWS[4:5]
    for index, view in enumerate(views):
        assert view(ours).storage_offset() == view(real).storage_offset(), index
    complex_ours = torch.ones(4, dtype=torch.complex64)
    complex_real = real_torch.ones(4, dtype=real_torch.complex64)
    for view in (
        lambda t, x: t.view_as_real(x[1:])[1],
        lambda t, x: x[1:].imag,
        lambda t, x: t.view_as_complex(t.view_as_real(x)[2:]),
    ):
        assert view(torch, complex_ours).storage_offset() == (
            view(real_torch, complex_real).storage_offset()
        )
    with pytest.raises(RuntimeError, match="empty view"):
        ours[4:].storage_offset()
    # a tensor sharing the numpy frontend's array starts its storage there, as torch's does
    from frontends import numpy as frontend_numpy

    shared = frontend_numpy.arange(12.0).reshape(3, 4)
    host = numpy.arange(12.0).reshape(3, 4)
    for view in (lambda t, x: t.from_numpy(x[1:]), lambda t, x: t.from_numpy(x[1:])[1:]):
        assert view(torch, shared).storage_offset() == view(real_torch, host).storage_offset()


# ---------------------------------------------------------------------------------------
# torch.backends
# ---------------------------------------------------------------------------------------
_FLAGS = [
    ("cudnn", "enabled"),
    ("cudnn", "benchmark"),
    ("cudnn", "deterministic"),
    ("cudnn", "allow_tf32"),
    ("cudnn", "fp32_precision"),
    ("mkldnn", "enabled"),
    ("mkldnn", "deterministic"),
]


def test_backends_flags():
    backends, real = torch.backends, real_torch.backends
    for module, flag in _FLAGS:
        ours_module = getattr(backends, module)
        assert getattr(ours_module, flag) == getattr(getattr(real, module), flag), (module, flag)
        old = getattr(ours_module, flag)
        setattr(ours_module, flag, not old if isinstance(old, bool) else "tf32")
        assert getattr(ours_module, flag) != old
        setattr(ours_module, flag, old)
    matmul = backends.cuda.matmul
    assert matmul.allow_tf32 == real.cuda.matmul.allow_tf32
    assert matmul.allow_fp16_reduced_precision_reduction == (
        real.cuda.matmul.allow_fp16_reduced_precision_reduction
    )
    matmul.allow_tf32 = True
    assert backends.cuda.matmul.allow_tf32 is True
    matmul.allow_tf32 = False
    with backends.cudnn.flags(enabled=False, benchmark=True):
        assert backends.cudnn.enabled is False and backends.cudnn.benchmark is True
    assert backends.cudnn.enabled is True and backends.cudnn.benchmark is False
    with backends.mkldnn.flags(enabled=False):
        assert backends.mkldnn.enabled is False
    assert backends.mkldnn.enabled is True
    # what the frontend has underneath: none of these libraries
    assert backends.cudnn.is_available() is real.cudnn.is_available() is False
    assert backends.mps.is_available() is real.mps.is_available() is False
    assert backends.cuda.is_built() is real.cuda.is_built() is False
    assert backends.mkldnn.is_available() is False
    assert backends.opt_einsum.is_available() is False and backends.opt_einsum.enabled is False
    with pytest.raises(ValueError, match="opt_einsum is not available"):
        backends.opt_einsum.set_flags(True)
    assert isinstance(backends.cpu.get_cpu_capability(), str)
    backends.cuda.enable_flash_sdp(False)
    assert backends.cuda.flash_sdp_enabled() is False
    backends.cuda.enable_flash_sdp(True)


# ---------------------------------------------------------------------------------------
# torch.random, torch.functional, small functions
# ---------------------------------------------------------------------------------------


def test_random_module(backend):
    assert torch.random.manual_seed is torch.manual_seed
    torch.random.manual_seed(3)
    assert torch.random.initial_seed() == 3
    state = torch.random.get_rng_state()
    first = torch.rand(4)
    with torch.random.fork_rng():
        torch.rand(7)
    second = torch.rand(4)
    torch.random.set_rng_state(state)
    numpy.testing.assert_array_equal(torch.rand(4).numpy(), first.numpy())
    numpy.testing.assert_array_equal(torch.rand(4).numpy(), second.numpy())
    assert torch.thread_safe_generator() is real_torch.thread_safe_generator() is None
    assert torch.random.thread_safe_generator is torch.thread_safe_generator


def test_functional_module_and_small_functions(backend):
    names = [
        n
        for n in dir(real_torch.functional)
        if not n.startswith("_")
        and callable(getattr(real_torch.functional, n))
        and getattr(getattr(real_torch.functional, n), "__module__", "") == "torch.functional"
    ]
    missing = [n for n in names if not hasattr(torch.functional, n)]
    assert not missing, missing
    for name in names:
        if name not in missing:
            assert getattr(torch.functional, name) is getattr(torch, name), name
    assert torch.windows is torch.signal.windows
    ours = torch.ones(3, requires_grad=True)
    detached = torch.detach(ours)
    assert not detached.requires_grad and detached.tolist() == [1.0, 1.0, 1.0]
    assert torch.get_device(ours) == real_torch.get_device(real_torch.ones(3)) == -1
    check(lambda: torch.get_device([1]), lambda: real_torch.get_device([1]))
    check(lambda: torch.detach([1]), lambda: real_torch.detach([1]))


@pytest.mark.parametrize(
    "kind",
    ["torch.DoubleTensor", "DoubleTensor", "torch.HalfTensor", "LongTensor", "torch.IntTensor",
     "torch.cuda.FloatTensor", "float64"],
)  # fmt: skip
def test_set_default_tensor_type(kind):
    def run(module):
        if kind.startswith("torch."):
            value = kind
        else:
            value = getattr(module, kind)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                module.set_default_tensor_type(value)
                return module.get_default_dtype()
            finally:
                module.set_default_dtype(module.float32)
                # torch warns once per process, the frontend at every call
                assert module is real_torch or any(w.category is UserWarning for w in caught)

    try:
        expected = run(real_torch)
    except TypeError:
        with pytest.raises(TypeError):
            run(torch)
        return
    assert str(run(torch)) == str(expected)


@pytest.mark.parametrize(
    "condition",
    [True, 0, [], real_torch.tensor(True), real_torch.tensor(0.0), real_torch.tensor([1, 1])],
)
def test_assert(condition):
    ours = (
        torch.tensor(condition.tolist()) if isinstance(condition, real_torch.Tensor) else condition
    )
    check(lambda: torch._assert(ours, "message"), lambda: real_torch._assert(condition, "message"))


@pytest.mark.parametrize("values", [1.0, 0, [2], [], [1, 1]])
@pytest.mark.parametrize("message", [None, "message"])
def test_assert_async(values, message):
    args = () if message is None else (message,)
    try:
        real_torch._assert_async(real_torch.tensor(values), *args)
    except RuntimeError as error:
        with pytest.raises(RuntimeError) as ours:
            torch._assert_async(torch.tensor(values), *args)
        assert str(ours.value) == str(error)
    else:
        torch._assert_async(torch.tensor(values), *args)


def test_torch_C_is_probed_not_provided():
    """Libraries probe torch._C with a default (timm.optim); other names raise, naming it."""
    assert getattr(torch._C, "_CudaDeviceProperties", None) is None
    with pytest.raises(AttributeError, match="'torch._C' has no attribute '_get_tracing_state'"):
        torch._C._get_tracing_state
