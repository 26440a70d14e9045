"""Helpers the tf op modules share: natives from any input, axes, host reads, wrapping."""

from __future__ import annotations

from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._conversion import is_native, native_dtype, to_native
from frontends.tensorflow._host import operand
from frontends.tensorflow._tensor import Tensor, to_host


def native(value: Any, dtype: Any = None) -> Any:
    """``value`` (tensor, variable, native, numpy, list, scalar) as an op's native input
    (a string tensor only inside a string kernel: :func:`._host.operand`)."""
    if isinstance(value, FrontendArray):
        value = value.native
    if dtype is not None:
        return operand(to_native(value, as_core(dtype)))
    if is_native(value):
        return operand(value)
    return operand(to_native(value))


def natives(values: Any) -> list[Any]:
    """A list of tensors (or a tensor, unstacked along axis 0 as TF packs it)."""
    if isinstance(values, (list, tuple)):
        return [native(v) for v in values]
    value = native(values)
    return [ops.get_item(value, i) for i in range(value.shape[0])]


def as_core(dtype: Any) -> core.Dtype | None:
    return None if dtype is None else _dtypes.as_dtype(dtype).core_dtype


def dtype_of(x: Any) -> core.Dtype:
    return native_dtype(x)


def wrap(value: Any) -> Any:
    """Native results as Tensors (tuples and lists too)."""
    if isinstance(value, tuple):
        items = [wrap(v) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if isinstance(value, list):
        return [wrap(v) for v in value]
    if value is None or isinstance(value, FrontendArray):
        return value
    if is_native(value):
        return Tensor._from_native(value)
    return value


def host(value: Any) -> numpy.ndarray:
    """A value's numbers on the host (for arguments TF reads on the host too)."""
    if isinstance(value, FrontendArray):
        return to_host(value.native)
    if is_native(value):
        return to_host(value)
    return numpy.asarray(value)


def host_int(value: Any) -> int:
    return int(host(value))


def host_ints(value: Any) -> list[int]:
    return [int(v) for v in numpy.atleast_1d(host(value)).reshape(-1)]


def axes(axis: Any, ndim: int, op: str) -> tuple[int, ...] | None:
    """A reduction's axis argument (None, int, list, tensor) as normalized ints; out of
    range is TF's InvalidArgumentError."""
    if axis is None:
        return None
    if isinstance(axis, float):  # converted to int32 first, as TF
        raise TypeError(f"Cannot convert {axis!r} to EagerTensor of dtype int32")
    items = axis if isinstance(axis, (list, tuple)) else [axis]
    if any(isinstance(a, (float, str)) for a in items):
        kind = "string" if any(isinstance(a, str) for a in items) else "float"
        raise errors.invalid_argument(
            f"Value for attr 'Tidx' of {kind} is not in the list of allowed values: int32, int64",
            op,
        )
    values = host_ints(axis)
    result = []
    for a in values:
        if not -max(ndim, 1) <= a < max(ndim, 1):
            raise errors.invalid_argument(
                f"Invalid reduction dimension ({a} for input with {ndim} dimension(s)", op
            )
        result.append(a % ndim if ndim else 0)
    if len(set(result)) < len(result):
        repeated = next(a for a in result if result.count(a) > 1)
        raise errors.invalid_argument(
            f"Invalid reduction arguments: Axes contains duplicate dimension: {repeated}",
            op,
        )
    return tuple(result)


def axis_one(axis: Any, ndim: int, op: str) -> int:
    a = host_int(axis)
    if not -ndim <= a < ndim:
        raise errors.invalid_argument(
            f"Expected dimension in the range [{-ndim}, {ndim}), but got {a}", op
        )
    return a % ndim


def zero(x: Any) -> Any:
    return ops.zeros((), dtype=native_dtype(x))


def scalar(value: Any, like: Any) -> Any:
    return ops.asarray(value, dtype=native_dtype(like))


def lowest(dtype: core.Dtype) -> Any:
    if dtype.kind == "f":
        return -numpy.inf
    if dtype.kind == "b":
        return False
    return int(numpy.iinfo(str(dtype)).min)


def highest(dtype: core.Dtype) -> Any:
    if dtype.kind == "f":
        return numpy.inf
    if dtype.kind == "b":
        return True
    return int(numpy.iinfo(str(dtype)).max)
