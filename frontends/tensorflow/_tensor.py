"""tf.Tensor: an immutable eager tensor around a native array.

Operators follow TF: the other operand is converted to this tensor's dtype (a Python
scalar that does not fit, such as ``1.5`` for an int32 tensor, is TF's TypeError); two
tensors of different dtypes are TF's InvalidArgumentError; indexing is TF's strided
slice (ints, slices with any step, ``None``/``tf.newaxis``, ``...``, scalar integer
tensors, and a boolean mask tensor as ``tf.boolean_mask``).
"""

from __future__ import annotations

import builtins
import sys
from typing import Any

import numpy

import core
from core import compilation
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, _shape, errors
from frontends.tensorflow._conversion import (
    cast_native,
    infer_dtype,
    is_native,
    native_dtype,
    python_fits,
    to_native,
)
from frontends.tensorflow._host import is_string, operand, string_kernel
from frontends.tensorflow._shape import TensorShape

_SCALARS = (builtins.bool, int, float, complex)
_TEXT = (str, bytes)
_EAGER = "tensorflow.python.framework.ops.EagerTensor"
_STRIDED = (
    "{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
)


def to_host(native: Any) -> numpy.ndarray:
    """A native array's values as a real numpy array (bfloat16 through ml_dtypes; a
    string tensor's host array as it is)."""
    if type(native) is numpy.ndarray:
        return native
    if compilation.is_traced(native):
        # a tf.function whose Python reads a traced value runs eagerly (before the read
        # fails, so that no library sees the tracer's error)
        function = sys.modules.get("frontends.tensorflow._function")
        if function is not None:
            function.check_compilable("a host read of a traced value")
    return numpy.asarray(core.current_backend().module.to_numpy(native))


def mismatch(op: str, index: int, expected: core.Dtype, got: core.Dtype) -> errors.OpError:
    return errors.invalid_argument(
        f"cannot compute {op} as input #{index}(zero-based) was expected to be a "
        f"{_dtypes.kernel_name(expected)} tensor but is a {_dtypes.kernel_name(got)} tensor",
        op,
    )


# ops whose TF function converts later inputs with the first's dtype only as a hint, so
# that a Python value of another kind reaches the kernel (InvalidArgumentError); every
# other op's eager fast path converts it with that dtype (TypeError)
_HINTED = frozenset({"AddV2", "MatMul", "BatchMatMulV2", "AddN", "DivNoNan"})


def match_operands(values: list[Any], op: str) -> list[Any]:
    """TF's input matching for an op whose inputs share one dtype: the first input sets
    the dtype (a non-tensor first input is converted with tf.constant's inference); later
    non-tensors are converted to it where their kind fits, else TF's TypeError (the
    InvalidArgumentError of the kernel for the ops of :data:`_HINTED`); a tensor of
    another dtype is TF's InvalidArgumentError naming the input."""
    result = []
    dtype = None
    for index, value in enumerate(values):
        if hasattr(type(value), "__tf_tensor__"):  # TF's conversion protocol
            value = value.__tf_tensor__()
        if isinstance(value, FrontendArray):
            native = operand(value.native, op)
        elif is_native(value) and not isinstance(value, numpy.ndarray):
            native = value
        else:
            if dtype is None:
                native = operand(to_native(value), op)
            elif isinstance(value, (numpy.ndarray, numpy.generic)) or python_fits(value, dtype):
                native = to_native(value, dtype)
            elif op in _HINTED:
                raise mismatch(op, index, dtype, infer_dtype(value))
            elif op == "RealDiv":
                raise TypeError(
                    f"`x` and `y` must have the same dtype, got tf.{_dtypes.of(dtype).name} "
                    f"!= tf.{_dtypes.of(infer_dtype(value)).name}."
                )
            else:
                raise TypeError(
                    f"Cannot convert {value!r} to EagerTensor of dtype {_dtypes.of(dtype).name}"
                )
        own = native_dtype(native)
        if dtype is None:
            dtype = own
        elif own != dtype:
            raise mismatch(op, index, dtype, own)
        result.append(native)
    return result


def _operand(tensor: Any, other: Any, op: str, strict: bool = False) -> Any:
    """The other operand of an operator, converted to ``tensor``'s dtype as TF does: a
    Python value that does not fit is TF's TypeError (``strict``) or InvalidArgumentError;
    a string tensor on either side passes only inside a string kernel."""
    dtype = native_dtype(tensor)
    if isinstance(other, FrontendArray):
        native = other.native
    elif isinstance(other, numpy.ndarray):
        native = to_native(other, dtype)
    elif is_native(other):
        native = other
    elif type(other) in _SCALARS or type(other) in _TEXT or isinstance(other, numpy.generic):
        if isinstance(other, numpy.generic) or python_fits(other, dtype):
            native = to_native(other, dtype)
        elif not strict and type(other) is not complex:
            raise mismatch(op, 1, dtype, infer_dtype(other))
        else:
            raise TypeError(
                f"Cannot convert {other!r} to EagerTensor of dtype {_dtypes.of(dtype).name}"
            )
    else:
        try:
            native = to_native(other, dtype) if python_fits(other, dtype) else to_native(other)
        except (TypeError, ValueError):
            return NotImplemented
    if native_dtype(native) != dtype:
        raise mismatch(op, 1, dtype, native_dtype(native))
    operand(tensor, op)
    return operand(native, op)


def _require(dtype: core.Dtype, allowed: str, op: str, names: str) -> None:
    if dtype.kind not in allowed:
        raise errors.invalid_argument(
            f"Value for attr 'T' of {_dtypes.kernel_name(dtype)} is not in the list of "
            f"allowed values: {names}\n\t; NodeDef: {{{{node {op}}}}}",
            op,
        )


_NUMERIC = "bfloat16, half, float, double, uint8, uint16, uint32, uint64, int8, int16, int32, int64, complex64, complex128"
_INTEGER = "int8, int16, int32, int64, uint8, uint16, uint32, uint64"
_REAL = "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
_TRUEDIV_FLOAT = {
    "int8": core.float32, "int16": core.float32, "uint8": core.float32, "uint16": core.float32,
    "int32": core.float64, "int64": core.float64, "uint32": core.float64, "uint64": core.float64,
}  # fmt: skip


def truediv_native(x: Any, y: Any) -> Any:
    """TF's truediv: integers are divided in float32 (8 and 16 bits) or float64."""
    dtype = native_dtype(x)
    target = _TRUEDIV_FLOAT.get(dtype)
    if target is not None:
        x, y = ops.astype(x, target), ops.astype(y, target)
    elif dtype.kind == "b":
        raise TypeError(f"Invalid dtype {_dtypes.of(dtype)!r} in __truediv__")
    return ops.divide(x, y)


def _integer_zero_check(y: Any, op: str) -> None:
    """TF's division-by-zero error; not checked for a divisor traced by a compiled
    tf.function (its values are not known while tracing)."""
    if native_dtype(y).kind not in "iu" or compilation.is_traced(y):
        return
    if bool(to_host(ops.any(ops.equal(y, ops.zeros_like(y))))):
        raise errors.InvalidArgumentError(
            None,
            None,
            f"{{{{function_node __wrapped__{op}_device_/job:localhost/replica:0/task:0/device:CPU:0}}}} "
            f"Integer division by zero [Op:{op}] name: ",
        )


def floordiv_native(x: Any, y: Any) -> Any:
    dtype = native_dtype(x)
    _require(dtype, "iuf", "FloorDiv", _REAL)
    _integer_zero_check(y, "FloorDiv")
    if dtype.kind == "f":
        return ops.floor(ops.divide(x, y))
    return ops.floor_divide(x, y)


def floormod_native(x: Any, y: Any) -> Any:
    _require(native_dtype(x), "iuf", "FloorMod", _REAL)
    _integer_zero_check(y, "FloorMod")
    return ops.remainder(x, y)


def pow_native(x: Any, y: Any) -> Any:
    dtype = native_dtype(x)
    if dtype.kind == "i" and bool(to_host(ops.any(ops.less(y, ops.zeros_like(y))))):
        raise errors.InvalidArgumentError(
            None,
            None,
            "{{function_node __wrapped__Pow_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
            "Integers to negative integer powers are not allowed [Op:Pow] name: ",
        )
    return ops.pow(x, y)


def matmul_native(x: Any, y: Any) -> Any:
    dtype = native_dtype(x)
    if dtype in (core.int8, core.int16, core.bool):
        _require(
            core.Dtype("bool"),
            "",
            "MatMul",
            "bfloat16, half, float, double, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128",
        )
    if len(x.shape) < 2 or len(y.shape) < 2:
        which = 0 if len(x.shape) < 2 else 1
        raise errors.invalid_argument(
            "{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/"
            f"device:CPU:0}}}} In[{which}] ndims must be >= 2",
            "MatMul",
        )
    return ops.matmul(x, y)


def _add(x: Any, y: Any) -> Any:
    """AddV2: numbers, and strings (concatenated)."""
    _require(native_dtype(x), "iufcS", "AddV2", _NUMERIC)
    return ops.add(x, y)


def _sub(x: Any, y: Any) -> Any:
    _require(native_dtype(x), "iufc", "Sub", _NUMERIC)
    return ops.subtract(x, y)


def _mul(x: Any, y: Any) -> Any:
    _require(native_dtype(x), "iufc", "Mul", _NUMERIC)
    return ops.multiply(x, y)


def _compare(fn: Any, op: str) -> Any:
    def compare(x: Any, y: Any) -> Any:
        _require(native_dtype(x), "iuf", op, _REAL)
        return fn(x, y)

    return compare


def _bitwise(logical: Any, bitwise: Any, op: str) -> Any:
    def apply(x: Any, y: Any) -> Any:
        dtype = native_dtype(x)
        if dtype.kind == "b":
            return logical(x, y)
        _require(dtype, "iu", op, _INTEGER)
        return bitwise(x, y)

    return apply


# (op name, native function) of each binary operator
BINARY = {
    "add": ("AddV2", _add),
    "sub": ("Sub", _sub),
    "mul": ("Mul", _mul),
    "truediv": ("RealDiv", truediv_native),
    "floordiv": ("FloorDiv", floordiv_native),
    "mod": ("FloorMod", floormod_native),
    "pow": ("Pow", pow_native),
    "matmul": ("MatMul", matmul_native),
    "lt": ("Less", _compare(lambda x, y: ops.less(x, y), "Less")),
    "le": ("LessEqual", _compare(lambda x, y: ops.less_equal(x, y), "LessEqual")),
    "gt": ("Greater", _compare(lambda x, y: ops.greater(x, y), "Greater")),
    "ge": ("GreaterEqual", _compare(lambda x, y: ops.greater_equal(x, y), "GreaterEqual")),
    "and": ("BitwiseAnd", _bitwise(lambda x, y: ops.logical_and(x, y), lambda x, y: ops.bitwise_and(x, y), "BitwiseAnd")),
    "or": ("BitwiseOr", _bitwise(lambda x, y: ops.logical_or(x, y), lambda x, y: ops.bitwise_or(x, y), "BitwiseOr")),
    "xor": ("BitwiseXor", _bitwise(lambda x, y: ops.logical_xor(x, y), lambda x, y: ops.bitwise_xor(x, y), "BitwiseXor")),
}  # fmt: skip


def _binary(name: str, reverse: bool = False) -> Any:
    op, fn = BINARY[name]
    strict = reverse or name != "add"  # TF's __add__ alone converts as tf.add does

    def method(self: Any, other: Any) -> Any:
        x = self.native
        y = _operand(x, other, op, strict)
        if y is NotImplemented:
            return NotImplemented
        if reverse:
            x, y = y, x
        try:
            return Tensor._from_native(fn(x, y))
        except Exception as error:
            from frontends.tensorflow._frontend import functions

            mapped = functions.framework_error(error, op, (x, y))
            if mapped is None:
                raise
            raise mapped from None

    method.__name__ = f"__{'r' if reverse else ''}{name}__"
    return string_kernel(method) if name == "add" else method


def _equality(negate: bool) -> Any:
    def method(self: Any, other: Any) -> Any:
        if other is None:
            return negate
        x = self.native
        y = _operand(x, other, "NotEqual" if negate else "Equal", True)
        if y is NotImplemented:
            return NotImplemented
        try:
            shape = ops.broadcast_shapes(tuple(x.shape), tuple(y.shape))
        except Exception:
            return Tensor._from_native(ops.asarray(negate, dtype=core.bool))
        del shape
        fn = ops.not_equal if negate else ops.equal
        return Tensor._from_native(fn(x, y))

    return string_kernel(method)


# ---------------------------------------------------------------------------------------
# indexing: TF's strided slice
# ---------------------------------------------------------------------------------------
_INDEX_ERROR = (
    "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
    "tf.int32/tf.int64 tensors are valid indices, got {!r}"
)


def _strided_error(message: str) -> errors.OpError:
    return errors.InvalidArgumentError(
        None, None, f"{_STRIDED}{message} [Op:StridedSlice] name: strided_slice/"
    )


def _index_item(item: Any) -> Any:
    """An index item as a Python int, slice, None or Ellipsis (scalar integer tensors are
    read: the slice bounds are host values in TF too)."""
    if item is None or item is Ellipsis or isinstance(item, slice):
        if isinstance(item, slice):
            return slice(*(_index_item(part) for part in (item.start, item.stop, item.step)))
        return item
    if type(item) is builtins.bool:
        raise TypeError(_INDEX_ERROR.format(item))
    if isinstance(item, (int, numpy.integer)):
        return int(item)
    native = item.native if isinstance(item, FrontendArray) else item if is_native(item) else None
    if native is not None and native_dtype(native).kind in "iu" and len(native.shape) == 0:
        return int(to_host(native))
    raise TypeError(_INDEX_ERROR.format(item))


def strided_get(x: Any, key: Any) -> Any:
    """``x[key]`` with TF's __getitem__ rules on a native array."""
    if not isinstance(key, tuple):
        mask = key.native if isinstance(key, FrontendArray) else key if is_native(key) else None
        if mask is not None and native_dtype(mask) == core.bool:
            return ops.get_item(x, mask)
        if isinstance(key, (list, FrontendArray)) or is_native(key):
            if isinstance(key, list):
                raise _strided_error(
                    f"Index out of range using input dim 1; input has only {len(x.shape)} dims"
                )
        key = (key,)
    items = tuple(_index_item(item) for item in key)
    shape = tuple(x.shape)
    if not shape and any(i is not None and i is not Ellipsis for i in items):
        raise _strided_error("Attempting to slice scalar input.")
    consumed = sum(1 for i in items if i is not None and i is not Ellipsis)
    if consumed > len(shape):
        raise _strided_error(
            f"Index out of range using input dim {len(shape)}; input has only {len(shape)} dims"
        )
    dim = 0
    ellipsis_seen = False
    for item in items:
        if item is Ellipsis:
            if not ellipsis_seen:
                dim = len(shape) - sum(
                    1
                    for i in items[items.index(Ellipsis) + 1 :]
                    if i is not None and i is not Ellipsis
                )
                ellipsis_seen = True
            continue
        if item is None:
            continue
        if isinstance(item, int):
            size = shape[dim]
            if not -size <= item < size:
                raise _strided_error(
                    f"slice index {item if item >= 0 else item + size} of dimension {dim} out of bounds."
                )
        elif isinstance(item, slice) and item.step == 0:
            raise _strided_error("strides[0] must be non-zero")
        dim += 1
    return ops.get_item(x, items)


class Tensor(FrontendArray):
    """An eager tensor: immutable, ``.numpy()``, ``.shape`` (TensorShape), ``.dtype``.
    Like TF's EagerTensor it takes attributes of its own (Keras caches logits on one)."""

    __slots__ = ("__dict__",)
    __array_priority__ = 100

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("Tensors are created with tf.constant or tf.convert_to_tensor")

    # ---------------------------------------------------------------- metadata
    @property
    def dtype(self) -> _dtypes.DType:
        return _dtypes.of(native_dtype(self.native))

    @property
    def shape(self) -> TensorShape:
        if _shape.GRAPHS:  # sizes a placeholder left unknown read as None (see _shape)
            return TensorShape(
                tuple(None if d == _shape.UNKNOWN_SIZE else d for d in self.native.shape)
            )
        return TensorShape(tuple(self.native.shape))

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def ndim(self) -> int:
        return len(self.native.shape)

    @property
    def device(self) -> str:
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    @property
    def name(self) -> str:
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    def numpy(self) -> Any:
        """The values as a numpy array (a numpy scalar for a 0-d tensor, as TF)."""
        host = to_host(self.native)
        return host[()] if host.ndim == 0 else host

    def __array__(self, dtype: Any = None, copy: Any = None) -> numpy.ndarray:
        host = to_host(self.native)
        return host if dtype is None else host.astype(dtype)

    def ref(self) -> Any:
        return _Reference(self)

    def experimental_ref(self) -> Any:
        return _Reference(self)

    # ---------------------------------------------------------------- printing
    def _numpy_text(self, is_repr: bool) -> str:
        value = self.numpy()
        if is_repr:
            text = repr(value.item()) if isinstance(value, numpy.generic) else repr(value)
        else:
            text = str(value)
        return "\n" + text if "\n" in text else text

    def __repr__(self) -> str:
        return (
            f"<tf.Tensor: shape={self.shape}, dtype={self.dtype.name}, "
            f"numpy={self._numpy_text(True)}>"
        )

    def __str__(self) -> str:
        return f"tf.Tensor({self._numpy_text(False)}, shape={self.shape}, dtype={self.dtype.name})"

    def __format__(self, format_spec: str) -> str:
        if not format_spec:
            return str(self)
        return format(self.numpy(), format_spec)

    # ---------------------------------------------------------------- Python protocols
    def __hash__(self) -> int:
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __len__(self) -> int:
        if len(self.native.shape) == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self.native.shape[0]

    def __iter__(self) -> Any:
        native = self.native
        if len(native.shape) == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        if is_string(native):  # a host array: numpy's own rows
            for i in range(native.shape[0]):
                yield Tensor._from_native(native[i, ...])
            return
        for i in range(native.shape[0]):
            yield Tensor._from_native(ops.get_item(native, i))

    def __bool__(self) -> bool:
        return builtins.bool(self.numpy())

    def __int__(self) -> int:
        return int(self.numpy())

    def __float__(self) -> float:
        return float(self.numpy())

    def __complex__(self) -> complex:
        return complex(self.numpy())

    def __index__(self) -> int:
        if self.dtype.is_integer and not self.native.shape:
            return int(self.numpy())
        raise TypeError("only integer scalar arrays can be converted to a scalar index")

    def __copy__(self) -> Tensor:
        return self

    def __deepcopy__(self, memo: Any) -> Tensor:
        return self

    # ---------------------------------------------------------------- indexing
    @string_kernel
    def __getitem__(self, key: Any) -> Tensor:
        return Tensor._from_native(strided_get(operand(self.native, "StridedSlice"), key))

    def __setitem__(self, key: Any, value: Any) -> None:
        raise TypeError(f"'{_EAGER}' object does not support item assignment")

    # ---------------------------------------------------------------- operators
    __add__, __radd__ = _binary("add"), _binary("add", True)
    __sub__, __rsub__ = _binary("sub"), _binary("sub", True)
    __mul__, __rmul__ = _binary("mul"), _binary("mul", True)
    __truediv__, __rtruediv__ = _binary("truediv"), _binary("truediv", True)
    __floordiv__, __rfloordiv__ = _binary("floordiv"), _binary("floordiv", True)
    __mod__, __rmod__ = _binary("mod"), _binary("mod", True)
    __pow__, __rpow__ = _binary("pow"), _binary("pow", True)
    __matmul__, __rmatmul__ = _binary("matmul"), _binary("matmul", True)
    __and__, __rand__ = _binary("and"), _binary("and", True)
    __or__, __ror__ = _binary("or"), _binary("or", True)
    __xor__, __rxor__ = _binary("xor"), _binary("xor", True)
    __lt__, __le__ = _binary("lt"), _binary("le")
    __gt__, __ge__ = _binary("gt"), _binary("ge")
    __eq__, __ne__ = _equality(False), _equality(True)

    def __neg__(self) -> Tensor:
        x = self.native
        _require(
            native_dtype(x),
            "iufc",
            "Neg",
            "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
        )
        return Tensor._from_native(ops.negative(x))

    def __abs__(self) -> Tensor:
        x = self.native
        _require(native_dtype(x), "iufc", "Abs", _NUMERIC)
        if native_dtype(x).kind == "c":
            return Tensor._from_native(ops.abs(x))
        return Tensor._from_native(ops.abs(x))

    def __invert__(self) -> Tensor:
        x = self.native
        dtype = native_dtype(x)
        if dtype.kind == "b":
            return Tensor._from_native(ops.logical_not(x))
        _require(dtype, "iu", "Invert", _INTEGER)
        return Tensor._from_native(ops.bitwise_invert(x))

    # ---------------------------------------------------------------- a few methods
    def __reduce__(self) -> tuple[Any, ...]:
        from frontends.tensorflow._ops import constant

        return (constant, (self.numpy(),))


class _Reference:
    """tensor.ref(): a hashable reference to a tensor (or variable)."""

    __slots__ = ("_tensor",)

    def __init__(self, tensor: Any) -> None:
        self._tensor = tensor

    def deref(self) -> Any:
        return self._tensor

    def __hash__(self) -> int:
        return id(self._tensor)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, _Reference) and other._tensor is self._tensor


# operators whose common case (float32/float64 tensors, Python numbers after the first)
# is a core function: the core function's kernel (commutative ones reversed too)
FAST_OPERATORS = {
    "__add__": "add", "__radd__": "add", "__sub__": "subtract", "__mul__": "multiply",
    "__rmul__": "multiply", "__truediv__": "divide", "__lt__": "less", "__le__": "less_equal",
    "__gt__": "greater", "__ge__": "greater_equal", "__neg__": "negative", "__abs__": "abs",
    "__pow__": "pow", "__eq__": "equal", "__ne__": "not_equal",
}  # fmt: skip


def add_fast_operators(fast: Any) -> None:
    """Put each operator of :data:`FAST_OPERATORS` behind ``fast`` (the frontend's
    ``functions.fast``), so ``x + y`` costs about one kernel call."""
    for operator, kernel in FAST_OPERATORS.items():
        method = Tensor.__dict__[operator]
        arrays = ("self",) if operator in ("__neg__", "__abs__") else ("self", "other")
        setattr(Tensor, operator, fast(kernel, *arrays)(method))


def wrap(native: Any) -> Tensor:
    return Tensor._from_native(native)


__all__ = ["Tensor", "cast_native"]
