"""torch.testing: assert_close with torch's default tolerances per dtype."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy

from frontends.torch import _dtype
from frontends.torch._tensor import Tensor

__all__ = ["assert_close", "make_tensor"]

# (rtol, atol) by dtype, torch's defaults
_TOLERANCES = {
    "float16": (1e-3, 1e-5),
    "bfloat16": (1.6e-2, 1e-5),
    "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7),
    "complex64": (1.3e-6, 1e-5),
    "complex128": (1e-7, 1e-7),
}


def assert_close(
    actual: Any,
    expected: Any,
    *,
    allow_subclasses: bool = True,
    rtol: float | None = None,
    atol: float | None = None,
    equal_nan: bool = False,
    check_device: bool = True,
    check_dtype: bool = True,
    check_layout: bool = True,
    check_stride: bool = False,
    msg: str | None = None,
) -> None:
    """Raise AssertionError unless ``actual`` and ``expected`` are close, as torch's does:
    same type, shape and (by default) dtype; ``|a - e| <= atol + rtol * |e|``, with the
    tolerances of the dtype when not given. Sequences and mappings compare item by item."""
    if (rtol is None) != (atol is None):
        raise ValueError("Both 'rtol' and 'atol' must be either specified or omitted")
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping) or set(actual) != set(expected):
            raise AssertionError(msg or "The mappings differ in their keys")
        for key in expected:
            assert_close(
                actual[key],
                expected[key],
                rtol=rtol,
                atol=atol,
                equal_nan=equal_nan,
                check_dtype=check_dtype,
                msg=msg,
            )
        return
    if isinstance(expected, Sequence) and not isinstance(expected, str):
        if not isinstance(actual, Sequence) or len(actual) != len(expected):
            raise AssertionError(msg or "The length of the sequences mismatch")
        for a, e in zip(actual, expected):
            assert_close(
                a, e, rtol=rtol, atol=atol, equal_nan=equal_nan, check_dtype=check_dtype, msg=msg
            )
        return
    if isinstance(expected, Tensor) != isinstance(actual, Tensor):
        raise AssertionError(
            msg or f"Type mismatch: {type(actual).__name__} vs {type(expected).__name__}"
        )
    if isinstance(expected, Tensor):
        if actual.shape != expected.shape:
            raise AssertionError(
                msg
                or f"The values for attribute 'shape' do not match: {actual.shape} != {expected.shape}."
            )
        if check_dtype and actual.dtype != expected.dtype:
            raise AssertionError(
                msg
                or f"The values for attribute 'dtype' do not match: {actual.dtype} != {expected.dtype}."
            )
        dtype = (
            _dtype.promote_types(actual.dtype, expected.dtype)
            if actual.dtype != expected.dtype
            else expected.dtype
        )
        a, e = _host(actual), _host(expected)
        default = _TOLERANCES.get(str(dtype.core_dtype), (0.0, 0.0))
    else:
        a, e = numpy.asarray(actual), numpy.asarray(expected)
        default = _TOLERANCES["float64"] if isinstance(expected, float | complex) else (0.0, 0.0)
    rtol, atol = default if rtol is None else (rtol, atol)
    close = numpy.isclose(a, e, rtol=rtol, atol=atol, equal_nan=equal_nan)
    if not close.all():
        mismatched = int((~close).sum())
        difference = numpy.abs(a - e)
        worst = float(numpy.max(difference)) if difference.size else 0.0
        raise AssertionError(
            msg
            or f"Tensor-likes are not close!\n\nMismatched elements: {mismatched} / {close.size} "
            f"({100 * mismatched / max(close.size, 1):.1f}%)\nGreatest absolute difference: {worst} "
            f"(up to {atol} allowed)"
        )


def _host(tensor: Tensor) -> numpy.ndarray:
    values = tensor.numpy(force=True)
    if tensor.dtype == _dtype.bfloat16:
        values = values.astype(numpy.float32)
    kind = tensor.dtype.core_dtype.kind
    return values.astype(numpy.complex128 if kind == "c" else numpy.float64)


def make_tensor(
    *shape: Any,
    dtype: Any,
    device: Any = None,
    low: float | None = None,
    high: float | None = None,
    requires_grad: bool = False,
    noncontiguous: bool = False,
    exclude_zero: bool = False,
) -> Tensor:
    """A tensor of random values in [low, high) (defaults as torch's: -9..9)."""
    from frontends import torch

    if len(shape) == 1 and isinstance(shape[0], Sequence):
        shape = tuple(shape[0])
    torch_dtype = _dtype.to_torch_dtype(dtype)
    low = -9 if low is None else low
    high = 9 if high is None else high
    if torch_dtype is _dtype.bool:
        result = torch.randint(0, 2, shape).to(torch.bool)
    elif torch_dtype.is_floating_point or torch_dtype.is_complex:
        result = (torch.rand(*shape, dtype=torch.float64) * (high - low) + low).to(torch_dtype)
    else:
        result = torch.randint(int(low), int(high), shape).to(torch_dtype)
    if exclude_zero:
        result = torch.where(result == 0, torch.ones_like(result), result)
    result.requires_grad = requires_grad
    return result
