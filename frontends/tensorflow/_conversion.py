"""Conversion of Python values, numpy arrays and other frameworks' arrays to native arrays
with TensorFlow's dtype inference (``tf.constant``'s rules), and TF's ``Cast`` semantics.

Inference: Python ints are int32 (int64 when out of int32's range), floats float32,
complex complex128, bools bool, ``str``/``bytes`` string; a list mixing ints and floats
is float32 and one mixing bools or strings with numbers is refused; numpy arrays and
scalars keep their dtype (``U``, ``S`` and object arrays are strings). Strings become
host string arrays (:mod:`._host`).
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._dtypes import STRING
from frontends.tensorflow._host import OBJECT, strings_of

_INT32 = (-(2**31), 2**31 - 1)
_INT64 = (-(2**63), 2**63 - 1)
_MIXED = "Can't convert Python sequence with mixed types to Tensor."


def is_native(value: Any) -> bool:
    return isinstance(value, core.current_backend().native_array_types)


def native_dtype(value: Any) -> core.Dtype:
    """A native value's dtype: a core dtype, or :data:`_dtypes.STRING` for a host string
    array."""
    dtype = value.dtype
    if dtype is OBJECT:
        return STRING
    try:
        return core.as_core_dtype(dtype)
    except TypeError:
        if isinstance(dtype, numpy.dtype) and dtype.kind in "SU":  # a host op's bytes result
            return STRING
        raise


def _python_kinds(value: Any, kinds: set, numpy_dtypes: list, ints: list) -> None:
    kind = type(value)
    if kind is builtins.bool:
        kinds.add("b")
    elif kind is int:
        kinds.add("i")
        ints.append(value)
    elif kind is float:
        kinds.add("f")
    elif kind is complex:
        kinds.add("c")
    elif kind is str or kind is bytes:
        kinds.add("S")
    elif isinstance(value, (list, tuple)):
        for item in value:
            _python_kinds(item, kinds, numpy_dtypes, ints)
    elif isinstance(value, (numpy.ndarray, numpy.generic)):
        numpy_dtypes.append(value.dtype)
    elif isinstance(value, FrontendArray):
        numpy_dtypes.append(numpy.dtype(str(native_dtype(value.native))))
    elif is_native(value):
        numpy_dtypes.append(numpy.dtype(str(native_dtype(value))))
    elif isinstance(value, (numpy.bool_, builtins.bool)):
        kinds.add("b")
    else:
        raise ValueError(
            f"Attempt to convert a value ({value!r}) with an unsupported type "
            f"({type(value)}) to a Tensor."
        )


def infer_dtype(value: Any) -> core.Dtype:
    """The dtype ``tf.constant(value)`` gives (value: Python scalars, nested lists, numpy
    arrays and scalars, frontend or native arrays)."""
    if isinstance(value, FrontendArray):
        return native_dtype(value.native)
    if is_native(value):
        return native_dtype(value)
    if isinstance(value, (numpy.ndarray, numpy.generic)):
        return STRING if value.dtype.kind in "OSU" else core.as_core_dtype(value.dtype)
    kinds: set = set()
    numpy_dtypes: list = []
    ints: list = []
    _python_kinds(value, kinds, numpy_dtypes, ints)
    if numpy_dtypes:
        if any(d.kind in "OSU" for d in numpy_dtypes):
            kinds.add("S")
        else:
            return core.as_core_dtype(numpy.result_type(*numpy_dtypes))
    if not kinds:
        return core.float32
    if "S" in kinds:
        if len(kinds) > 1 or (numpy_dtypes and not all(d.kind in "OSU" for d in numpy_dtypes)):
            raise ValueError(_MIXED)
        return STRING
    if "b" in kinds and len(kinds) > 1:
        raise ValueError(_MIXED)
    if "c" in kinds:
        if "i" in kinds:
            raise ValueError(_MIXED)
        return core.complex128
    if "f" in kinds:
        return core.float32
    if "b" in kinds:
        return core.bool
    low, high = min(ints), max(ints)
    if _INT32[0] <= low and high <= _INT32[1]:
        return core.int32
    if _INT64[0] <= low and high <= _INT64[1]:
        return core.int64
    raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")


def _wrap_ints(value: Any, dtype: core.Dtype) -> Any:
    if type(value) is int:
        low = -(2 ** (dtype.bits - 1)) if dtype.kind == "i" else 0
        return (value - low) % 2**dtype.bits + low
    if isinstance(value, (list, tuple)):
        return [_wrap_ints(item, dtype) for item in value]
    return value


def python_fits(value: Any, dtype: core.Dtype) -> bool:
    """Whether TF converts the Python value (a scalar or nested list) to ``dtype``: its
    kind must not be above the dtype's (bool < int < float < complex)."""
    try:
        own = infer_dtype(value)
    except ValueError:
        return False
    if own is STRING or dtype is STRING:
        return own is dtype
    order = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
    if own.kind == "b":
        return True
    return order[own.kind] <= order[dtype.kind]


def to_native(value: Any, dtype: core.Dtype | None = None) -> Any:
    """``value`` as a native array, inferred as tf.constant does or converted to ``dtype``
    (Python values must fit it: a float to an integer dtype is TF's TypeError)."""
    if isinstance(value, FrontendArray):
        native = value.native
        return native if dtype is None else cast_native(native, dtype)
    if is_native(value) and (type(value) is not numpy.ndarray or value.dtype.kind not in "OSU"):
        return value if dtype is None else cast_native(value, dtype)
    if hasattr(type(value), "__tf_tensor__"):  # TF's conversion protocol (Keras' Variable)
        return to_native(value.__tf_tensor__(), dtype)
    if isinstance(value, (numpy.ndarray, numpy.generic)):
        if value.dtype.kind in "OSU":
            native = strings_of(value)
        else:
            native = ops.asarray(numpy.asarray(value))
        return native if dtype is None else cast_native(native, dtype)
    if hasattr(value, "__array__") and not isinstance(value, (list, tuple)):
        native = ops.asarray(value)
        return native if dtype is None else cast_native(native, dtype)
    own = infer_dtype(value)
    if dtype is None:
        return strings_of(value) if own is STRING else ops.asarray(value, dtype=own)
    if not python_fits(value, dtype):
        raise TypeError(
            f"Cannot convert {value!r} to EagerTensor of dtype {_dtypes.of(dtype).name}"
        )
    if dtype is STRING:
        return strings_of(value)
    if dtype.kind in "iu":
        return ops.asarray(_wrap_ints(value, dtype), dtype=dtype)
    if dtype.kind == "b":
        return ops.asarray(value, dtype=dtype)
    if dtype == core.bfloat16:
        return ops.astype(ops.asarray(value, dtype=core.float32), dtype)
    return ops.asarray(value, dtype=dtype)


# ---------------------------------------------------------------------------------------
# Cast: TF's CPU kernel semantics
# ---------------------------------------------------------------------------------------
def _cvtt(x64: Any, bits: int) -> Any:
    """x86 truncating conversion of float64 values to a ``bits``-wide signed integer, as
    int64: NaN and out-of-range values give the most negative integer."""
    limit = float(2 ** (bits - 1))
    bad = ops.logical_or(ops.isnan(x64), ops.logical_or(x64 >= limit, x64 < -limit))
    safe = ops.where(bad, ops.zeros_like(x64), x64)
    result = ops.astype(ops.trunc(safe), core.int64)
    return ops.where(bad, ops.asarray(-(2 ** (bits - 1)), dtype=core.int64), result)


def _float_to_int(x: Any, dtype: core.Dtype) -> Any:
    x64 = ops.astype(x, core.float64)
    if dtype in (core.int8, core.int16, core.uint8, core.uint16, core.int32):
        return ops.astype(_cvtt(x64, 32), dtype)
    if dtype in (core.int64, core.uint32):
        return ops.astype(_cvtt(x64, 64), dtype)
    # uint64: the compiler's branchless conversion: a | (b & (a >> 63))
    a = _cvtt(x64, 64)
    b = _cvtt(ops.subtract(x64, ops.asarray(2.0**63, dtype=core.float64)), 64)
    negative = ops.less(a, ops.asarray(0, dtype=core.int64))
    return ops.astype(ops.where(negative, ops.bitwise_or(a, b), a), dtype)


def cast_native(x: Any, dtype: core.Dtype) -> Any:
    """tf.cast on a native array: complex to real drops the imaginary part, float to
    integer truncates with the CPU kernel's out-of-range results, integers wrap.

    On the tensorflow backend core's ``astype`` is TF's own Cast kernel, which is what
    tf.cast returns: it is used for every real source dtype. Elsewhere out-of-range float
    to integer casts are emulated as TF's scalar loop computes them, which is TF's result
    for small tensors only: its vectorized loop saturates int8/int16/uint8/uint16 and
    gives 2**31 for uint32 (and depends on the tensor's length), which no elementwise
    emulation reproduces at every size."""
    source = native_dtype(x)
    if source == dtype:
        return x
    if source is STRING or dtype is STRING:
        raise errors.UnimplementedError(
            None,
            None,
            f"Cast {_dtypes.kernel_name(source)} to {_dtypes.kernel_name(dtype)} is not "
            "supported [Op:Cast] name: ",
        )
    if source.kind != "c" and core.current_backend().name == "tensorflow":
        return ops.astype(x, dtype)
    if source.kind == "c" and dtype.kind != "c":
        x = ops.real(x)
        source = native_dtype(x)
    if dtype.kind == "b":
        return ops.not_equal(x, ops.zeros_like(x))
    if source.kind == "f" and dtype.kind in "iu":
        return _float_to_int(x, dtype)
    return ops.astype(x, dtype)
