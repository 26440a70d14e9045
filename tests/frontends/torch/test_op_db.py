"""Every op of torch's own op database that the frontend implements, on every backend.

For each ``OpInfo`` in ``torch.testing._internal.common_methods_invocations.op_db`` whose
name the frontend provides (``torch.<name>``, ``torch.nn.functional.<name>``,
``torch.linalg.<name>`` ..., or a Tensor method/operator of that name), its sample inputs
in float32 and int64 (where torch supports them on the CPU) are run through real torch and
through the frontend on the backend under test. Same dtype, same shape, values within
tolerance; where torch raises, the frontend must raise too.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from typing import Any

import ml_dtypes
import numpy
import pytest
import torch as real_torch
from torch.testing._internal.common_methods_invocations import op_db

import core
from frontends import torch

SAMPLES_PER_DTYPE = 4
DTYPES = (real_torch.float32, real_torch.int64)

# ops whose values are not determined by their inputs: dtype and shape are compared only
VALUES_FREE = {
    "empty", "empty_like", "new_empty", "empty_strided", "new_empty_strided", "empty_permuted",
    "bernoulli", "normal", "rand_like", "randint", "randint_like", "randn", "randn_like",
    "uniform", "exponential", "geometric", "cauchy", "log_normal", "multinomial",
    "nn.functional.dropout", "nn.functional.dropout2d", "nn.functional.dropout3d",
    "nn.functional.alpha_dropout", "nn.functional.feature_alpha_dropout", "nn.functional.rrelu",
}  # fmt: skip


def _frontend_callable(name: str) -> Any:
    """The frontend function (or Tensor attribute name) for an op_db name, or None."""
    target: Any = torch
    for part in name.split("."):
        target = getattr(target, part, None)
        if target is None:
            break
    if target is not None and callable(target) and not isinstance(target, type):
        return target
    if ("." not in name and name in vars(torch.Tensor)) or hasattr(torch.Tensor, name):
        return name
    return None


def _implemented_ops() -> list[Any]:
    ops = []
    for op in op_db:
        if op.name.startswith(("_", "torch.", "jiterator", "sparse.", "masked.")):
            continue
        if _frontend_callable(op.name) is not None:
            ops.append(op)
    return ops


IMPLEMENTED = _implemented_ops()


def _to_frontend(value: Any) -> Any:
    if isinstance(value, real_torch.Tensor):
        array = value.detach()
        if array.dtype == real_torch.bfloat16:
            values = array.float().numpy().astype(ml_dtypes.bfloat16)
        else:
            values = array.resolve_conj().resolve_neg().numpy()
        return torch.Tensor._from_native(core.native.asarray(values))
    if isinstance(value, real_torch.dtype):
        return getattr(torch, str(value).removeprefix("torch."))
    if isinstance(value, real_torch.Size):
        return torch.Size(value)
    if isinstance(value, real_torch.device):
        return torch.device(str(value))
    if isinstance(value, list):
        return [_to_frontend(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_to_frontend(v) for v in value)
    if isinstance(value, dict):
        return {k: _to_frontend(v) for k, v in value.items()}
    return value


def _to_real(value: Any) -> Any:
    if isinstance(value, torch.Tensor):
        array = value.numpy(force=True)
        if value.dtype == torch.bfloat16:
            return real_torch.from_numpy(array.astype(numpy.float32)).to(real_torch.bfloat16)
        return real_torch.from_numpy(numpy.array(array))
    if isinstance(value, tuple | list):
        return (
            type(value)(_to_real(v) for v in value)
            if not hasattr(value, "_fields")
            else tuple(_to_real(v) for v in value)
        )
    if isinstance(value, torch.dtype):
        return getattr(real_torch, repr(value).removeprefix("torch."))
    if isinstance(value, torch.Size):
        return real_torch.Size(value)
    return value


def _compare(ours: Any, theirs: Any, values: bool) -> None:
    if isinstance(theirs, real_torch.Tensor):
        assert isinstance(ours, real_torch.Tensor), f"expected a tensor, got {type(ours).__name__}"
        assert ours.dtype == theirs.dtype, f"dtype {ours.dtype} != {theirs.dtype}"
        assert ours.shape == theirs.shape, f"shape {tuple(ours.shape)} != {tuple(theirs.shape)}"
        if values:
            tolerance = {"rtol": 1e-4, "atol": 1e-5} if theirs.dtype == real_torch.float32 else {}
            real_torch.testing.assert_close(
                ours, theirs.resolve_conj().resolve_neg(), equal_nan=True, **tolerance
            )
        return
    if isinstance(theirs, tuple | list):
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _compare(a, b, values)
        return
    if isinstance(theirs, float) and math.isnan(theirs):
        assert math.isnan(ours)
        return
    if values:
        assert ours == theirs or (
            isinstance(theirs, float) and math.isclose(ours, theirs, rel_tol=1e-5, abs_tol=1e-6)
        )


def _samples(op: Any) -> Iterator[tuple[Any, Any]]:
    supported = op.supported_dtypes("cpu")
    for dtype in DTYPES:
        if dtype not in supported:
            continue
        samples = op.sample_inputs("cpu", dtype, requires_grad=False)
        for index, sample in enumerate(samples):
            if index >= SAMPLES_PER_DTYPE:
                break
            yield dtype, sample


def _run_frontend(op: Any, sample: Any) -> Any:
    target = _frontend_callable(op.name)
    inputs = _to_frontend(sample.input)
    args = _to_frontend(sample.args)
    kwargs = _to_frontend(sample.kwargs)
    if isinstance(target, str):
        attribute = getattr(inputs, target)
        return attribute(*args, **kwargs) if callable(attribute) else attribute
    return target(inputs, *args, **kwargs)


@pytest.mark.parametrize(
    "op", IMPLEMENTED, ids=lambda op: f"{op.name}.{op.variant_test_name}".rstrip(".")
)
def test_op_matches_torch(op, backend):
    failures = []
    for dtype, sample in _samples(op):
        try:
            expected = op(sample.input, *sample.args, **sample.kwargs)
        except Exception as error:  # torch refuses: the frontend must refuse too
            try:
                _run_frontend(op, sample)
            except Exception:
                continue
            failures.append(
                f"{dtype} {sample}: torch raised {type(error).__name__}, the frontend did not"
            )
            continue
        try:
            ours = _to_real(_run_frontend(op, sample))
            _compare(ours, expected, values=op.name not in VALUES_FREE)
        except Exception as error:
            failures.append(
                f"{dtype} {sample.summary() if hasattr(sample, 'summary') else sample}: {type(error).__name__}: {error}"
            )
    assert not failures, "\n".join(failures[:5])


@functools.cache
def _coverage() -> int:
    return len({op.name for op in IMPLEMENTED})


def test_coverage_is_reported():
    """The number of op_db ops the frontend implements (printed with -s); it only grows."""
    print(f"frontends.torch implements {_coverage()} of {len({op.name for op in op_db})} op_db ops")
    assert _coverage() > 0
