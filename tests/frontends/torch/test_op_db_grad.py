"""Gradients of every op of torch's op database that the frontend implements, on every
backend, against real torch.

For each ``OpInfo`` of ``op_db`` that the frontend provides (see ``op_db.py``) and that
op_db says supports autograd, the first sample inputs in float32 and float64 (``SCOPE``
narrows this on the jax and tensorflow backends, for test time) (with
``requires_grad`` where op_db sets it) run through real torch and through the frontend; the
gradients with respect to the floating inputs for a fixed random upstream gradient must
agree. Where op_db says the op supports gradients of gradients, the gradient of a fixed
random linear function of those gradients (``create_graph=True``) must agree as well, in
float64 (float32 second derivatives add nothing the float64 check does not cover, and the
test time is scarce).

Ops listed in ``EXPECTED_FAILURES`` have a known gap, with the reason; they are marked
``xfail(strict=True)``, so one that starts to pass is noticed.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy
import pytest
import torch as real_torch

import core
from frontends import torch
from tests.frontends.torch.op_db import (
    IMPLEMENTED,
    VALUES_FREE,
    convert_to_frontend,
    draws_at_random,
    frontend_op,
    op_id,
    real_tensors,
    spread,
)

# backend -> (every how many-th op of DIFFERENTIABLE, samples per dtype, dtypes). The rules
# are the same code on every backend; what differs is each backend's primary functions. On
# the jax backend every eager op of a new shape is an XLA compile (about 0.1 s), so it runs a
# fixed fifteenth of the ops, and tensorflow a fourth of them, in float64 with one sample, to keep
# the test time budget; numpy and torch run them all (torch with one sample per dtype).
BOTH = (real_torch.float32, real_torch.float64)
SCOPE = {
    "numpy": (1, 2, BOTH),
    "torch": (1, 1, BOTH),
    "tensorflow": (4, 1, (real_torch.float64,)),
    "jax": (15, 1, (real_torch.float64,)),
}
TOLERANCES = {
    real_torch.float32: {"rtol": 1e-3, "atol": 1e-4},
    real_torch.float64: {"rtol": 1e-7, "atol": 1e-9},
}

# float32 ops whose gradient goes through a long composition (rounding grows): rtol 1e-2
LOOSE_FLOAT32 = {"logcumsumexp"}

_NO_RULE = "core has no vjp rule for the decomposition it is built on (issue 10's list in tests/core/test_autodiff.py)"  # fmt: skip
_REAL_FFT = "core.fft's real transforms (rfft, irfft, hfft, ihfft and their n-D forms) have no vjp rule yet (the Hermitian-symmetric adjoint)"  # fmt: skip
_INTERPOLATE = "core.nn.interpolate has no vjp rule yet"
_SCALAR_VALUE = "the frontend reads a 0-d tensor argument as a Python number (.item()), so no gradient reaches it"  # fmt: skip
_REDUCE = "core.scatter's vjp supports reduce=None and 'add' only (prod/amin/amax need the tie and zero rules of torch)"  # fmt: skip

# op name (with its variant after a dot where op_db has one) -> why its gradients differ from
# torch's on every backend; checked as strict xfails, so a fixed op is noticed
EXPECTED_FAILURES: dict[str, str] = {
    **dict.fromkeys(["fft.hfft", "fft.hfft2", "fft.hfftn", "fft.ihfft", "fft.ihfft2", "fft.ihfftn", "fft.irfft", "fft.irfft2", "fft.irfftn", "fft.rfft", "fft.rfft2", "fft.rfftn"], _REAL_FFT),
    **dict.fromkeys(["linalg.cond", "linalg.eig", "linalg.eigh", "linalg.eigvals", "linalg.eigvalsh", "linalg.lstsq", "linalg.lstsq.grad_oriented", "linalg.pinv", "linalg.pinv.hermitian", "linalg.pinv.singular", "linalg.qr", "linalg.svd", "linalg.svdvals", "norm.nuc", "pinverse", "qr", "svd"], _NO_RULE),
    **dict.fromkeys(["nn.functional.interpolate.area", "nn.functional.interpolate.bicubic", "nn.functional.interpolate.bilinear", "nn.functional.interpolate.linear", "nn.functional.interpolate.nearest", "nn.functional.interpolate.nearest-exact", "nn.functional.interpolate.trilinear", "nn.functional.upsample_bilinear", "nn.functional.upsample_nearest"], _INTERPOLATE),
    **dict.fromkeys(["index_reduce.amax", "index_reduce.amin", "index_reduce.prod", "scatter_reduce.amax", "scatter_reduce.amin", "scatter_reduce.prod"], _REDUCE),
    "stft": "stft's onesided transform is core.fft.rfft, which has no vjp rule yet",
    "nn.functional.ctc_loss": "real torch has no gradient of ctc_loss's gradient (aten::_ctc_loss_backward), though op_db claims gradgrad; first-order gradients are checked in test_ctc_loss.py",
    "cholesky": "the frontend's forward rejects an upper=True sample torch factorizes (it reads the other triangle)",
    "linalg.cholesky": "the frontend's forward rejects an upper=True sample torch factorizes (it reads the other triangle)",
    "linalg.cholesky_ex": "the frontend's forward rejects an upper=True sample torch factorizes (it reads the other triangle)",
    "meshgrid.list_of_tensors": "meshgrid of 0-d tensors: the frontend's result is not connected to its inputs",
    "meshgrid.variadic_tensors": "meshgrid of 0-d tensors: the frontend's result is not connected to its inputs",
    "nextafter": "nextafter is declared nondifferentiable in core; torch passes the gradient to self",
    "special.log_ndtr": "the frontend's composition gives nan gradients in the far tails",
    "linalg.norm.subgradients_at_zero": "the vector norm's gradient at zero is nan here; torch gives the subgradient 0",
}  # fmt: skip

# (op, backend) -> why it differs on that backend only
BACKEND_FAILURES: dict[tuple[str, str], str] = {
    # second samples, which only the numpy backend runs (see SCOPE)
    **dict.fromkeys([("masked_fill", "numpy"), ("index_fill", "numpy")], _SCALAR_VALUE),
    (
        "cartesian_prod",
        "numpy",
    ): "the frontend's product of a 1-element tensor is not connected to its input: zero gradients",
    # one sample per dtype is op_db's middle one, whose masks leave one operand out (-inf)
    **dict.fromkeys(
        [
            ("masked.logaddexp", "torch"),
            ("masked.logaddexp", "tensorflow"),
            ("masked.logaddexp", "jax"),
        ],
        "real torch's second derivative of logaddexp is NaN (0 * inf/inf) where one operand is masked out (-inf); the frontend gives the limit, 0",
    ),
}


DIFFERENTIABLE = [op for op in IMPLEMENTED if op.supports_autograd and op.name not in VALUES_FREE]


def _convert(value: Any, memo: dict[int, Any]) -> Any:
    """``value`` for the frontend; one real tensor used twice stays one frontend tensor,
    and a tensor that requires grad gets a frontend leaf that requires grad."""
    if isinstance(value, real_torch.Tensor):
        if id(value) not in memo:
            converted = convert_to_frontend(value)
            if value.requires_grad:
                converted.requires_grad_()
            memo[id(value)] = converted
        return memo[id(value)]
    if isinstance(value, list):
        return [_convert(v, memo) for v in value]
    if isinstance(value, tuple):
        return tuple(_convert(v, memo) for v in value)
    if isinstance(value, dict):
        return {k: _convert(v, memo) for k, v in value.items()}
    return convert_to_frontend(value)


def _outputs(result: Any) -> list[Any]:
    """The tensors of a result (a tensor, or a tuple/list/named tuple of them)."""
    if isinstance(result, real_torch.Tensor | torch.Tensor):
        return [result]
    if isinstance(result, list | tuple):
        return [t for item in result for t in _outputs(item)]
    return []


def _to_real(value: Any) -> Any:
    return real_torch.from_numpy(numpy.array(value.detach().numpy()))


def _compare(
    label: str, ours: Any, theirs: Any, dtype: Any, failures: list[str], loose: bool = False
) -> None:
    if theirs is None and ours is None:
        return
    if theirs is None:
        theirs = real_torch.zeros(ours.shape, dtype=dtype)
    if ours is None:
        ours_real = real_torch.zeros_like(theirs)
    else:
        ours_real = _to_real(ours)
    try:
        assert ours_real.dtype == theirs.dtype, f"dtype {ours_real.dtype} != {theirs.dtype}"
        assert ours_real.shape == theirs.shape, f"shape {ours_real.shape} != {theirs.shape}"
        tolerance = dict(TOLERANCES[dtype] if not loose else {"rtol": 1e-2, "atol": 1e-3})
        if theirs.numel():
            scale = theirs.detach().nan_to_num(0.0, 0.0, 0.0).abs().max().item()
            tolerance["atol"] *= max(scale, 1.0)
        real_torch.testing.assert_close(
            ours_real, theirs.detach(), equal_nan=True, check_dtype=False, **tolerance
        )
    except AssertionError as error:
        failures.append(f"{label}: {error}")


def _random_like(rng: numpy.random.Generator, tensor: Any) -> numpy.ndarray:
    return rng.standard_normal(tuple(tensor.shape))


def _check_sample(op: Any, dtype: Any, sample: Any, gradgrad: bool, failures: list[str]) -> None:
    label = f"{dtype} {sample.summary() if hasattr(sample, 'summary') else sample}"
    real_inputs = [
        t for t in real_tensors([sample.input, sample.args, sample.kwargs]) if t.requires_grad
    ]
    real_inputs = list({id(t): t for t in real_inputs}.values())
    if not real_inputs:
        return
    try:
        expected = op(sample.input, *sample.args, **sample.kwargs)
    except Exception:  # torch refuses the sample: test_op_db checks the frontend refuses too
        return
    real_outputs = [
        (i, t) for i, t in enumerate(_outputs(expected)) if t.requires_grad and t.grad_fn
    ]
    if not real_outputs:
        return
    rng = numpy.random.default_rng(zlib.crc32(label.encode()))
    upstream = [_random_like(rng, t) for _, t in real_outputs]
    real_grads = real_torch.autograd.grad(
        [t for _, t in real_outputs],
        real_inputs,
        [real_torch.from_numpy(u).to(t.dtype) for u, (_, t) in zip(upstream, real_outputs)],
        allow_unused=True,
        create_graph=gradgrad,
    )

    memo: dict[int, Any] = {}
    inputs = _convert(sample.input, memo)
    args = _convert(sample.args, memo)
    kwargs = _convert(sample.kwargs, memo)
    ours_inputs = [memo[id(t)] for t in real_inputs]
    target = frontend_op(op)
    try:
        if isinstance(target, str):
            attribute = getattr(inputs, target)
            result = attribute(*args, **kwargs) if callable(attribute) else attribute
        else:
            result = target(inputs, *args, **kwargs)
        all_outputs = _outputs(result)
        # an output left untracked (an empty input's, say) passes no gradient: where torch
        # gives a nonzero one, the comparison below fails
        ours_outputs, cotangents = [], []
        for (i, _), u in zip(real_outputs, upstream):
            if all_outputs[i].requires_grad:
                ours_outputs.append(all_outputs[i])
                cotangents.append(torch.tensor(u, dtype=all_outputs[i].dtype))
        ours_grads = (
            torch.autograd.grad(
                ours_outputs, ours_inputs, cotangents, allow_unused=True, create_graph=gradgrad
            )
            if ours_outputs
            else (None,) * len(ours_inputs)
        )
    except Exception as error:
        failures.append(f"{label}: {type(error).__name__}: {error}")
        return
    loose = dtype == real_torch.float32 and op.name in LOOSE_FLOAT32
    for index, (ours, theirs) in enumerate(zip(ours_grads, real_grads)):
        _compare(f"{label} grad {index}", ours, theirs, dtype, failures, loose)
    if not gradgrad:
        return
    weighted = [
        (index, rng.standard_normal(tuple(g.shape)))
        for index, g in enumerate(real_grads)
        if g is not None and g.requires_grad
    ]
    if not weighted:
        return
    # a gradient that does not depend on the inputs (relu's, a linear op's) stays untracked
    # here, where torch still gives it a grad_fn: its contribution is zero in both
    real_scalar = sum(
        (real_grads[i] * real_torch.from_numpy(w).to(dtype)).sum() for i, w in weighted
    )
    real_second = real_torch.autograd.grad(real_scalar, real_inputs, allow_unused=True)
    try:
        terms = [
            (ours_grads[i] * torch.tensor(w, dtype=ours_grads[i].dtype)).sum()
            for i, w in weighted
            if ours_grads[i] is not None and ours_grads[i].requires_grad
        ]
        if terms:
            scalar = terms[0]
            for term in terms[1:]:
                scalar = scalar + term
            ours_second = torch.autograd.grad(scalar, ours_inputs, allow_unused=True)
        else:
            ours_second = (None,) * len(ours_inputs)
    except Exception as error:
        failures.append(f"{label} gradgrad: {type(error).__name__}: {error}")
        return
    for index, (ours, theirs) in enumerate(zip(ours_second, real_second)):
        _compare(f"{label} gradgrad {index}", ours, theirs, dtype, failures)


def _cases() -> list[Any]:
    """(op, backend) pairs within each backend's scope, with their expected failures."""
    cases = []
    for backend, (every, _, _) in SCOPE.items():
        for op in DIFFERENTIABLE[::every]:
            reason = EXPECTED_FAILURES.get(op_id(op)) or BACKEND_FAILURES.get((op_id(op), backend))
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            cases.append(pytest.param(op, backend, id=f"{backend}-{op_id(op)}", marks=marks))
    return cases


@pytest.mark.parametrize(("op", "backend_name"), _cases())
def test_gradients_match_torch(op, backend_name):
    _, samples_per_dtype, dtypes = SCOPE[backend_name]
    failures: list[str] = []
    supported = op.supported_backward_dtypes("cpu")
    with core.use_backend(backend_name):
        for dtype in dtypes:
            if dtype not in supported:
                continue
            samples = spread(
                op, op.sample_inputs("cpu", dtype, requires_grad=True), samples_per_dtype
            )
            for index, sample in enumerate(samples):
                if index >= samples_per_dtype:
                    break
                if draws_at_random(op.name, sample):
                    continue
                gradgrad = op.supports_gradgrad and dtype == real_torch.float64 and index == 0
                _check_sample(op, dtype, sample, gradgrad, failures)
    assert not failures, "\n".join(failures[:5])
