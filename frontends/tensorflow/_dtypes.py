"""tf.DType objects and TensorFlow's dtype rules, as data for the shared engine.

``tf.float32`` here is a :class:`DType` that prints, compares and answers like TF's and
holds the core dtype it stands for. TF never promotes: two tensors of different dtypes
are an ``InvalidArgumentError`` and a Python scalar takes the tensor's dtype (the shared
engine's ``combine="adopt"``); the table below therefore has only the diagonal.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy

import core
from frontends.base.promotion import PromotionRules

TF_VERSION = "2.21.0"
core.support.register_framework_version("tensorflow", TF_VERSION)

# TF's DataTypeString of each dtype: what its kernels' error messages name
_TF_STRING = {
    "bool": "bool", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
    "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
    "bfloat16": "bfloat16", "float16": "half", "float32": "float", "float64": "double",
    "complex64": "complex64", "complex128": "complex128", "string": "string",
}  # fmt: skip
# TF's DataType enum values (types.proto)
_ENUM = {
    "float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6,
    "string": 7, "complex64": 8, "int64": 9, "bool": 10, "bfloat16": 14, "uint16": 17,
    "complex128": 18, "float16": 19, "uint32": 22, "uint64": 23,
}  # fmt: skip


class HostDtype(str):
    """TF's ``string``, the dtype no backend holds: its tensors stay on the host, as TF
    keeps them on the CPU, as numpy object arrays of ``bytes`` (see :mod:`._host`). It
    stands where a core dtype does in the frontend and answers what is asked of one."""

    __slots__ = ()
    kind = "S"
    bits = 0
    itemsize = 0
    is_bool_dtype = is_int_dtype = is_uint_dtype = is_float_dtype = is_complex_dtype = False


STRING = HostDtype("string")


def kernel_name(core_dtype: str) -> str:
    """TF's C++ name of a dtype (``float``, ``double``, ``half`` ...) as messages use it."""
    return _TF_STRING[core_dtype]


class DType:
    """A TensorFlow dtype: ``tf.float32``; ``str()`` gives ``<dtype: 'float32'>``."""

    __slots__ = ("_name", "core_dtype")

    def __init__(self, core_dtype: core.Dtype) -> None:
        self.core_dtype = core_dtype
        self._name = str(core_dtype)

    # ---------------------------------------------------------------- identity
    @property
    def name(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"tf.{self._name}"

    def __str__(self) -> str:
        return f"<dtype: '{self._name}'>"

    def __eq__(self, other: Any) -> bool:
        if other is None:
            return False
        if type(other) is not DType:
            try:
                other = as_dtype(other)
            except TypeError:
                return False
        return self is other

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return _ENUM[self._name]

    def __reduce__(self) -> tuple[Any, ...]:
        return (as_dtype, (self._name,))

    @property
    def as_datatype_enum(self) -> int:
        return _ENUM[self._name]

    @property
    def base_dtype(self) -> DType:
        return self

    @property
    def real_dtype(self) -> DType:
        return {"complex64": float32, "complex128": float64}.get(self._name, self)

    # ---------------------------------------------------------------- numpy side
    @property
    def as_numpy_dtype(self) -> type:
        if self._name == "string":
            return object
        if self._name == "bfloat16":
            import ml_dtypes

            return ml_dtypes.bfloat16
        return numpy.dtype(self._name).type

    @property
    def is_numpy_compatible(self) -> bool:
        return True

    # ---------------------------------------------------------------- predicates
    @property
    def is_bool(self) -> bool:
        return self.core_dtype.kind == "b"

    @property
    def is_floating(self) -> bool:
        return self.core_dtype.kind == "f"

    @property
    def is_integer(self) -> bool:
        return self.core_dtype.kind in "iu"

    @property
    def is_complex(self) -> bool:
        return self.core_dtype.kind == "c"

    @property
    def is_unsigned(self) -> bool:
        return self.core_dtype.kind == "u"

    @property
    def is_quantized(self) -> bool:
        return False

    @property
    def is_numeric(self) -> bool:
        return self.core_dtype.kind not in "bS"

    @property
    def size(self) -> int:
        return self.core_dtype.itemsize

    # ---------------------------------------------------------------- limits
    @property
    def min(self) -> Any:
        if self.core_dtype.kind in "bcS":
            raise TypeError(f"Cannot find minimum value of {self} with type {self}.")
        if self.core_dtype.kind == "f":
            return self.as_numpy_dtype(_finfo(self).min)
        return numpy.iinfo(self._name).min

    @property
    def max(self) -> Any:
        if self.core_dtype.kind in "bcS":
            raise TypeError(f"Cannot find maximum value of {self} with type {self}.")
        if self.core_dtype.kind == "f":
            return self.as_numpy_dtype(_finfo(self).max)
        return numpy.iinfo(self._name).max

    @property
    def limits(self) -> tuple[Any, Any]:
        if self.is_bool:
            return (False, True)
        if self._name == "string":
            raise ValueError(f"{self} does not have defined limits.")
        return (self.min, self.max)

    def is_compatible_with(self, other: Any) -> bool:
        return self == as_dtype(other)


def _finfo(dtype: DType) -> Any:
    if dtype._name == "bfloat16":
        import ml_dtypes

        return ml_dtypes.finfo(ml_dtypes.bfloat16)
    return numpy.finfo(dtype._name)


_by_core: dict[str, DType] = {
    name: DType(STRING if name == "string" else core.Dtype(name)) for name in _ENUM
}

bool = _by_core["bool"]
uint8, uint16, uint32, uint64 = (_by_core[n] for n in ("uint8", "uint16", "uint32", "uint64"))
int8, int16, int32, int64 = (_by_core[n] for n in ("int8", "int16", "int32", "int64"))
bfloat16, float16, float32, float64 = (
    _by_core[n] for n in ("bfloat16", "float16", "float32", "float64")
)
complex64, complex128 = _by_core["complex64"], _by_core["complex128"]
string = _by_core["string"]
half, double = float16, float64
ALL_DTYPES = tuple(_by_core.values())

_PYTHON_TYPES = {builtins.float: float32, builtins.int: int32, builtins.bool: bool,
                 builtins.complex: complex128}  # fmt: skip
_ALIASES = {"float": "float32", "double": "float64", "half": "float16"}


def as_dtype(type_value: Any) -> DType:
    """tf.as_dtype: a DType from a DType, a name, a numpy dtype or type, a Python type, a
    core dtype or another frontend's dtype."""
    if type(type_value) is DType:
        return type_value
    if isinstance(type_value, str):
        name = _ALIASES.get(type_value, type_value)
        if name in _by_core:
            return _by_core[name]
        raise TypeError(
            f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow DType."
        )
    if type(type_value) is int:  # a DataType enum value (types.proto)
        for name, number in _ENUM.items():
            if number == type_value:
                return _by_core[name]
        raise TypeError(f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow DType.")  # fmt: skip
    if type_value in _PYTHON_TYPES:
        return _PYTHON_TYPES[type_value]
    if type_value in (builtins.str, builtins.bytes):
        raise TypeError(
            f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow DType."
        )
    core_dtype = getattr(type_value, "core_dtype", None)
    if core_dtype is not None:
        return _by_core[core_dtype]
    try:
        numpy_dtype = numpy.dtype(type_value)
    except TypeError:
        numpy_dtype = None
    if numpy_dtype is not None and numpy_dtype.kind in "OSU":
        return string
    if numpy_dtype is not None and numpy_dtype.name in _by_core:
        return _by_core[numpy_dtype.name]
    try:
        return _by_core[core.as_core_dtype(type_value)]
    except Exception:
        raise TypeError(
            f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow DType."
        ) from None


def of(core_dtype: str) -> DType:
    """The DType of a core dtype name (a dict lookup)."""
    return _by_core[core_dtype]


# ---------------------------------------------------------------------------------------
# promotion: TF has none; a Python scalar adopts the tensor's dtype
# ---------------------------------------------------------------------------------------
class DtypeMismatch(TypeError):
    """Two operands of different dtypes: the decorator turns it into TF's
    InvalidArgumentError naming the op and the input."""

    def __init__(self, expected: core.Dtype, got: core.Dtype) -> None:
        super().__init__(f"expected {expected}, got {got}")
        self.expected = expected
        self.got = got


def _scalar_dtype(kind: type) -> core.Dtype:
    return _PYTHON_TYPES[kind].core_dtype


RULES = PromotionRules(
    framework="tensorflow",
    table={(core.Dtype(n), core.Dtype(n)): core.Dtype(n) for n in _ENUM if n != "string"},
    scalar_dtype=_scalar_dtype,
    combine="adopt",
    error=DtypeMismatch,
)
