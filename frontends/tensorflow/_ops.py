"""tf.* tensor creation, conversion and shape functions."""

from __future__ import annotations

import math as _math
import sys
from typing import Any

import numpy

import core
from core import compilation
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._conversion import (
    cast_native,
    infer_dtype,
    is_native,
    native_dtype,
    to_native,
)
from frontends.tensorflow._dtypes import STRING
from frontends.tensorflow._frontend import tf_function
from frontends.tensorflow._host import operand, string_kernel
from frontends.tensorflow._shape import TensorShape
from frontends.tensorflow._tensor import Tensor, strided_get, to_host

__all__ = [
    "constant", "convert_to_tensor", "cast", "zeros", "ones", "fill", "zeros_like",
    "ones_like", "range", "linspace", "eye", "shape", "rank", "size", "reshape", "identity",
    "is_tensor", "newaxis", "strided_slice_getitem",
]  # fmt: skip

newaxis = None


def _core_dtype(dtype: Any) -> core.Dtype | None:
    return None if dtype is None else _dtypes.as_dtype(dtype).core_dtype


def _dims(shape: Any, attr: tuple[str, str] | None = None) -> tuple[int, ...]:
    """A shape argument as ints. A Python value that is no integer fails as TF's
    conversion of it: None a ValueError; a float or a string a TypeError (converted to
    int32 first, as ``tf.ones``), or, with ``attr`` (the op's attribute and name), the
    op's InvalidArgumentError for a dtype its attribute refuses (``tf.reshape``)."""
    if isinstance(shape, TensorShape):
        return tuple(shape.as_list())
    if isinstance(shape, FrontendArray) or is_native(shape):
        host = to_host(shape.native if isinstance(shape, FrontendArray) else shape)
        return tuple(int(d) for d in numpy.atleast_1d(host)) if host.ndim else (int(host),)
    if isinstance(shape, (int, numpy.integer)):
        return (int(shape),)
    items = list(shape) if isinstance(shape, (list, tuple)) else [shape]
    if any(d is None or isinstance(d, (float, complex, str, bytes)) for d in items):
        if any(d is None for d in items):
            raise ValueError(
                "Can't convert Python sequence with mixed types to Tensor."
                if len(items) > 1
                else "Attempt to convert a value (None) with an unsupported type "
                "(<class 'NoneType'>) to a Tensor."
            )
        if attr is None:
            raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32")
        kind = "string" if any(isinstance(d, (str, bytes)) for d in items) else "float"
        raise errors.InvalidArgumentError(
            None,
            None,
            f"Value for attr '{attr[0]}' of {kind} is not in the list of allowed values: "
            f"int32, int64\n\t; NodeDef: {{{{node {attr[1]}}}}}",
        )
    return tuple(int(d) for d in items)


@string_kernel
def constant(value: Any, dtype: Any = None, shape: Any = None, name: str = "Const") -> Tensor:
    """tf.constant with TF's inference (ints int32, floats float32, numpy keeps its
    dtype, text is string); ``shape`` broadcasts a scalar or reshapes a value with as many
    elements."""
    native = to_native(value, _core_dtype(dtype))
    if shape is not None:
        native = operand(native, "Const")
        dims = _dims(shape)
        count = _math.prod(dims)
        have = _math.prod(native.shape)
        if tuple(native.shape) == dims:
            pass
        elif have == 1:
            native = ops.broadcast_to(ops.reshape(native, ()), dims)
        elif have == count:
            native = ops.reshape(native, dims)
        else:
            raise TypeError(
                f"Eager execution of tf.constant with unsupported shape. Tensor "
                f"{to_host(native)} (converted from {value!r}) has {have} elements, but got "
                f"`shape` {dims} with {count} elements)."
            )
    return Tensor._from_native(native)


def convert_to_tensor(
    value: Any, dtype: Any = None, dtype_hint: Any = None, name: Any = None
) -> Tensor:
    """tf.convert_to_tensor: ``dtype_hint`` is used where the value converts to it."""
    if isinstance(value, Tensor):
        if dtype is not None and _dtypes.as_dtype(dtype) != value.dtype:
            raise ValueError(
                f"Tensor conversion requested dtype {_dtypes.as_dtype(dtype).name} for Tensor "
                f"with dtype {value.dtype.name}: {value!r}"
            )
        return value
    if isinstance(value, FrontendArray) and hasattr(value, "read_value"):
        value = value.native
    if dtype is None and dtype_hint is not None:
        try:
            return Tensor._from_native(to_native(value, _core_dtype(dtype_hint)))
        except (TypeError, ValueError):
            pass
    return Tensor._from_native(to_native(value, _core_dtype(dtype)))


def is_tensor(x: Any) -> bool:
    """Tensors, Variables and what declares itself a TF tensor type (Keras' Variable
    subclasses ``tf.__internal__.types.Tensor``)."""
    if isinstance(x, Tensor) or hasattr(x, "read_value"):
        return True
    internal = sys.modules.get("frontends.tensorflow._internal")
    return internal is not None and isinstance(x, internal.types.Tensor)


def cast(x: Any, dtype: Any, name: Any = None) -> Tensor:
    """tf.cast: float to integer truncates with TF's CPU results out of range (NaN and
    overflow give the most negative value), integers wrap, complex to real drops imag."""
    target = _dtypes.as_dtype(dtype).core_dtype
    if isinstance(x, FrontendArray):
        native = x.native
    elif is_native(x):
        native = x
    else:
        native = to_native(x)
    return Tensor._from_native(cast_native(native, target))


def zeros(shape: Any, dtype: Any = _dtypes.float32, name: Any = None, layout: Any = None) -> Tensor:
    """tf.zeros (empty strings for tf.string)."""
    target = _core_dtype(dtype)
    if target is STRING:
        return fill(shape, b"")
    return Tensor._from_native(ops.zeros(_dims(shape), dtype=target))


def ones(shape: Any, dtype: Any = _dtypes.float32, name: Any = None, layout: Any = None) -> Tensor:
    target = _core_dtype(dtype)
    if target is STRING:
        return fill(shape, to_native(1, target))  # TF's TypeError
    return Tensor._from_native(ops.ones(_dims(shape), dtype=target))


@string_kernel
def fill(dims: Any, value: Any, name: Any = None, layout: Any = None) -> Tensor:
    native = operand(to_native(value), "Fill")
    if len(native.shape) != 0:
        raise errors.invalid_argument(
            f"value must be a scalar, got shape {list(native.shape)}".replace("[", "[").replace(
                "]", "]"
            ),
            "Fill",
        )
    return Tensor._from_native(ops.broadcast_to(native, _dims(dims)))


def zeros_like(input: Any, dtype: Any = None, name: Any = None, layout: Any = None) -> Tensor:
    native = to_native(input)
    return zeros(tuple(native.shape), _core_dtype(dtype) or native_dtype(native))


def ones_like(input: Any, dtype: Any = None, name: Any = None, layout: Any = None) -> Tensor:
    native = to_native(input)
    return ones(tuple(native.shape), _core_dtype(dtype) or native_dtype(native))


def _scalar_value(value: Any) -> Any:
    if isinstance(value, FrontendArray):
        return to_host(value.native)[()].item()
    if is_native(value):
        return to_host(value)[()].item()
    if isinstance(value, numpy.generic):
        return value.item()
    return value


_RANGE_ORDER = ("int32", "int64", "float32", "float64")


def range(
    start: Any, limit: Any = None, delta: Any = 1, dtype: Any = None, name: str = "range"
) -> Tensor:
    """tf.range: the dtype is ``dtype`` or the widest of the arguments' inferred dtypes
    (int32 < int64 < float32 < float64)."""
    if limit is None:
        start, limit = 0, start
    values = [start, limit, delta]
    if dtype is None:
        inferred = [str(infer_dtype(v)) for v in values]
        target = core.Dtype(max(inferred, key=_RANGE_ORDER.index))
    else:
        target = _core_dtype(dtype)
    start, limit, delta = (_scalar_value(v) for v in values)
    if delta == 0:
        raise errors.invalid_argument("Requires delta != 0: 0", "Range")
    if (delta > 0 and start > limit) or (delta < 0 and start < limit):
        raise errors.invalid_argument(
            f"Requires start <= limit when delta > 0: {start}/{limit}"
            if delta > 0
            else f"Requires start >= limit when delta < 0: {start}/{limit}",
            "Range",
        )
    if target.kind in "iu":
        count = _math.ceil(abs((limit - start) / delta)) if True else 0
        count = (abs(int(limit) - int(start)) + abs(int(delta)) - 1) // abs(int(delta))
    else:
        count = _math.ceil(abs((limit - start) / delta))
    native = ops.add(
        ops.asarray(start, dtype=target),
        ops.multiply(ops.arange(count, dtype=target), ops.asarray(delta, dtype=target)),
    )
    return Tensor._from_native(native)


def linspace(start: Any, stop: Any, num: Any, name: Any = None, axis: int = 0) -> Tensor:
    """tf.linspace: ``start + i * (stop - start) / (num - 1)``, the last value exactly
    ``stop``; N-D endpoints broadcast against each other and the ``num`` values run
    along ``axis`` of the result."""
    start_n, stop_n = operand(to_native(start)), operand(to_native(stop))
    dtype = native_dtype(start_n)
    if dtype.kind not in "f":
        raise errors.invalid_argument(
            f"Value for attr 'T' of {_dtypes.kernel_name(dtype)} is not in the list of "
            "allowed values: bfloat16, half, float, double\n\t; NodeDef: {{node LinSpace}}",
            "LinSpace",
        )
    num = int(_scalar_value(num))
    shape = tuple(numpy.broadcast_shapes(start_n.shape, stop_n.shape))
    axis = int(axis) % (len(shape) + 1)
    start_n = ops.expand_dims(ops.broadcast_to(start_n, shape), axis=axis)
    stop_n = ops.expand_dims(ops.broadcast_to(stop_n, shape), axis=axis)
    if num == 1:
        return Tensor._from_native(start_n)
    step = ops.divide(ops.subtract(stop_n, start_n), ops.asarray(num - 1, dtype=dtype))
    counts = ops.reshape(ops.arange(num, dtype=dtype), (num,) + (1,) * (len(shape) - axis))
    values = ops.add(start_n, ops.multiply(counts, step))
    head = (slice(None),) * axis + (slice(0, num - 1),)
    return Tensor._from_native(ops.concat([ops.get_item(values, head), stop_n], axis=axis))


def eye(num_rows: int, num_columns: int | None = None, batch_shape: Any = None,
        dtype: Any = _dtypes.float32, name: Any = None) -> Tensor:  # fmt: skip
    native = ops.eye(int(num_rows), int(num_columns) if num_columns is not None else None,
                     dtype=_core_dtype(dtype))  # fmt: skip
    if batch_shape is not None:
        dims = _dims(batch_shape)
        native = ops.broadcast_to(native, (*dims, *native.shape))
    return Tensor._from_native(native)


def shape(input: Any, out_type: Any = _dtypes.int32, name: Any = None) -> Tensor:
    """tf.shape: shapes are static on every backend, so the result is a concrete tensor
    inside a compiled tf.function too (TF folds it to a constant there)."""
    native = to_native(input)
    with compilation.eager():
        return Tensor._from_native(ops.asarray(list(native.shape), dtype=_core_dtype(out_type)))


def rank(input: Any, name: Any = None) -> Tensor:
    return Tensor._from_native(ops.asarray(len(to_native(input).shape), dtype=core.int32))


def size(input: Any, out_type: Any = _dtypes.int32, name: Any = None) -> Tensor:
    native = to_native(input)
    return Tensor._from_native(ops.asarray(_math.prod(native.shape), dtype=_core_dtype(out_type)))


@string_kernel
def reshape(tensor: Any, shape: Any, name: Any = None) -> Tensor:
    native = operand(to_native(tensor), "Reshape")
    dims = _dims(shape, ("Tshape", "Reshape"))
    have = _math.prod(native.shape)
    known = _math.prod(d for d in dims if d != -1)
    if dims.count(-1) > 1:
        raise errors.invalid_argument(
            f"Only one input size may be -1, not both {dims.index(-1)} and "
            f"{dims.index(-1, dims.index(-1) + 1)}",
            "Reshape",
        )
    if (-1 in dims and (known == 0 or have % known)) or (-1 not in dims and known != have):
        raise errors.invalid_argument(
            f"Input to reshape is a tensor with {have} values, but the requested shape "
            + (f"requires a multiple of {known}" if -1 in dims else f"has {known}"),
            "Reshape",
        )
    return Tensor._from_native(ops.reshape(native, dims))


def identity(input: Any, name: Any = None) -> Tensor:
    return Tensor._from_native(to_native(input))


@string_kernel
def strided_slice_getitem(tensor: Any, key: Any) -> Tensor:
    return Tensor._from_native(strided_get(operand(to_native(tensor), "StridedSlice"), key))


_ = tf_function
