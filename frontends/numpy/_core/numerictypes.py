"""numpy's dtypes, scalar types and NEP 50 promotion, as data for the shared engine.

The dtype objects (``np.dtype("float32")``), the scalar types (``np.float32``,
``np.int64`` ... and the abstract ``np.generic``, ``np.number`` ...), ``finfo`` and
``iinfo`` are numpy's own: numpy is the project's one required dependency, and a numpy
scalar is a host value in real numpy too, so reusing them gives numpy's exact repr,
hashing, ``isinstance(np.float64(1), float)`` and scalar arithmetic. What runs on the
backend, arrays, promotes with the table below (``numpy.promote_types`` for every pair in
numpy 2.4) under NEP 50: arrays and numpy scalars are strong, Python scalars weak, and a
Python int out of an integer dtype's range raises ``OverflowError``. numpy has no
bfloat16, and this frontend does not invent one.
"""

from __future__ import annotations

import builtins
import contextlib
from typing import Any

import numpy
from numpy import (
    bool_,
    complex64,
    complex128,
    complexfloating,
    dtype,
    finfo,
    flexible,
    float16,
    float32,
    float64,
    floating,
    generic,
    iinfo,
    inexact,
    int8,
    int16,
    int32,
    int64,
    integer,
    isdtype,
    issubdtype,
    number,
    signedinteger,
    uint8,
    uint16,
    uint32,
    uint64,
    unsignedinteger,
)

import core
from frontends.base.host import HOST_KINDS, HostInput
from frontends.base.promotion import PromotionRules, parse_grid

NUMPY_VERSION = "2.4"
core.support.register_framework_version("numpy", NUMPY_VERSION)

__all__ = [
    "bool", "bool_", "byte", "can_cast", "cdouble", "clongdouble", "common_type", "complex64",
    "complex128", "complexfloating", "csingle", "double", "dtype", "finfo", "flexible",
    "float16", "float32", "float64", "floating", "generic", "half", "iinfo", "inexact",
    "int8", "int16", "int32", "int64", "int_", "intc", "integer", "intp", "isdtype",
    "issubdtype", "long", "longlong", "min_scalar_type", "number", "promote_types",
    "result_type", "short", "signedinteger", "single", "typecodes", "ubyte", "uint",
    "uint8", "uint16", "uint32", "uint64", "uintc", "uintp", "ulong", "ulonglong",
    "unsignedinteger", "ushort", "sctypeDict", "isscalar", "mintypecode", "typename",
    "False_", "True_", "ScalarType", "str_", "bytes_", "void", "object_", "character",
    "datetime64", "timedelta64", "little_endian", "getbufsize", "setbufsize", "longdouble",
    "sctypes",
]  # fmt: skip

bool = numpy.bool
byte, short, intc, long, longlong = numpy.byte, numpy.short, numpy.intc, numpy.long, numpy.longlong
ubyte, ushort, uintc, ulong, ulonglong = (
    numpy.ubyte,
    numpy.ushort,
    numpy.uintc,
    numpy.ulong,
    numpy.ulonglong,
)
int_, intp, uint, uintp = numpy.int_, numpy.intp, numpy.uint, numpy.uintp
half, single, double = numpy.half, numpy.single, numpy.double
csingle, cdouble, clongdouble = numpy.csingle, numpy.cdouble, numpy.clongdouble
longdouble = numpy.longdouble
# numpy's scalar types of the dtypes core cannot hold: usable as Python values and in
# isinstance checks; an array of them raises ``as_core``'s TypeError
str_, bytes_, void, object_, character = (
    numpy.str_,
    numpy.bytes_,
    numpy.void,
    numpy.object_,
    numpy.character,
)
datetime64, timedelta64 = numpy.datetime64, numpy.timedelta64
False_, True_, ScalarType = numpy.False_, numpy.True_, numpy.ScalarType
little_endian = numpy.little_endian
getbufsize, setbufsize = numpy.getbufsize, numpy.setbufsize  # the frontend has no buffers
typecodes = numpy.typecodes
sctypeDict = numpy.sctypeDict
isscalar = numpy.isscalar
mintypecode = numpy.mintypecode
typename = numpy.typename
min_scalar_type = numpy.min_scalar_type
#: numpy's scalar types by kind, less those whose arrays the frontend refuses
#: (longdouble, clongdouble, structured void)
sctypes: dict[str, list[type]] = {
    kind: [t for t in types if t not in (numpy.longdouble, numpy.clongdouble, numpy.void)]
    for kind, types in numpy._core.sctypes.items()
}

# ---------------------------------------------------------------------------------------
# core <-> numpy dtypes
# ---------------------------------------------------------------------------------------
_NUMPY_OF_CORE: dict[str, numpy.dtype] = {
    name: numpy.dtype(name)
    for name in (
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64", "complex64", "complex128",
    )
}  # fmt: skip
_CORE_OF_NUMPY: dict[numpy.dtype, core.Dtype] = {
    numpy_dtype: core.Dtype(name) for name, numpy_dtype in _NUMPY_OF_CORE.items()
}


def numpy_dtype(core_dtype: str) -> numpy.dtype:
    """numpy's dtype object for a core dtype name (a dict lookup). A bfloat16 array (one
    made from another framework's tensor) reports ml_dtypes' bfloat16, as numpy would."""
    found = _NUMPY_OF_CORE.get(core_dtype)
    if found is None:
        import ml_dtypes

        found = _NUMPY_OF_CORE[core_dtype] = numpy.dtype(getattr(ml_dtypes, core_dtype))
        _CORE_OF_NUMPY[found] = core.Dtype(core_dtype)
    return found


def as_core(value: Any) -> core.Dtype:
    """The core dtype of anything numpy takes as a dtype (``"f4"``, ``float``,
    ``np.int8``, a dtype object); numpy's TypeError for what it does not understand, and
    a TypeError naming the dtype for one numpy has but core cannot hold (strings,
    objects, datetimes, longdouble)."""
    try:  # the cache first: numpy's types and dtypes, strings (core's names among them)
        found = _AS_CORE.get(value)
    except TypeError:  # unhashable: a list describing a structured dtype
        found = None
    if found is not None:
        return found
    if isinstance(value, core.Dtype):
        return value
    try:
        numpy_value = numpy.dtype(value)
    except TypeError:
        if type(value).__module__.partition(".")[0] in ("torch", "tensorflow", "jax", "jaxlib"):
            return core.as_core_dtype(value)  # another framework's dtype (an array's .dtype)
        raise
    found = _CORE_OF_NUMPY.get(
        numpy_value.newbyteorder("=") if numpy_value.byteorder not in "=|" else numpy_value
    )
    if found is None:
        error = HostDtypeError if numpy_value.kind in HOST_KINDS else core.UnsupportedDtypeError
        raise error(
            f"dtype {numpy_value!r} is not supported by this numpy frontend (it runs on "
            "core's numeric dtypes: bool, integers, float16/32/64, complex64/128"
            + (
                ", and holds str_/bytes_/object_/datetime64/timedelta64 arrays on the host)"
                if error is HostDtypeError
                else ")"
            )
        )
    with contextlib.suppress(TypeError):
        _AS_CORE[value] = found
    return found


class HostDtypeError(TypeError, HostInput):
    """A dtype held on the host (str_, bytes_, object_, datetime64, timedelta64) met where
    core's dtypes are needed: the call that meets it runs on real numpy
    (:mod:`frontends.base.host`); a TypeError where nothing routes it."""


# what as_core gave for each dtype-like it was handed (float, "f4", np.int32, dtypes)
_AS_CORE: dict[Any, core.Dtype] = {}


def as_dtype(value: Any) -> numpy.dtype:
    """``value`` as a numpy dtype object the frontend can hold."""
    return numpy_dtype(as_core(value))


# ---------------------------------------------------------------------------------------
# promotion (NEP 50)
# ---------------------------------------------------------------------------------------
_ABBREVIATIONS = {
    "b": "bool", "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
    "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
    "f2": "float16", "f4": "float32", "f8": "float64", "c8": "complex64", "c16": "complex128",
}  # fmt: skip
_NUMPY_GRID = """
      b   i1  i2  i4  i8  u1  u2  u4  u8  f2  f4  f8  c8  c16
b     b   i1  i2  i4  i8  u1  u2  u4  u8  f2  f4  f8  c8  c16
i1    i1  i1  i2  i4  i8  i2  i4  i8  f8  f2  f4  f8  c8  c16
i2    i2  i2  i2  i4  i8  i2  i4  i8  f8  f4  f4  f8  c8  c16
i4    i4  i4  i4  i4  i8  i4  i4  i8  f8  f8  f8  f8  c16 c16
i8    i8  i8  i8  i8  i8  i8  i8  i8  f8  f8  f8  f8  c16 c16
u1    u1  i2  i2  i4  i8  u1  u2  u4  u8  f2  f4  f8  c8  c16
u2    u2  i4  i4  i4  i8  u2  u2  u4  u8  f4  f4  f8  c8  c16
u4    u4  i8  i8  i8  i8  u4  u4  u4  u8  f8  f8  f8  c16 c16
u8    u8  f8  f8  f8  f8  u8  u8  u8  u8  f8  f8  f8  c16 c16
f2    f2  f2  f4  f8  f8  f2  f4  f8  f8  f2  f4  f8  c8  c16
f4    f4  f4  f4  f8  f8  f4  f4  f8  f8  f4  f4  f8  c8  c16
f8    f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  c16 c16
c8    c8  c8  c8  c16 c16 c8  c8  c16 c16 c8  c8  c16 c8  c16
c16   c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16
"""
_PYTHON_SCALAR_DTYPES = {
    builtins.bool: core.bool,
    builtins.int: core.int64,
    builtins.float: core.float64,
    builtins.complex: core.complex128,
}


def _no_promotion(a: core.Dtype, b: core.Dtype) -> Exception:
    return TypeError(f"The DType {numpy_dtype(a)!r} could not be promoted by {numpy_dtype(b)!r}.")


def _bfloat16_pairs() -> dict[tuple[core.Dtype, core.Dtype], core.Dtype]:
    """bfloat16 reaches the numpy frontend's bodies only from jax.numpy (numpy has no
    bfloat16): it promotes as on JAX's lattice (bool and integers give bfloat16, float16
    float32, wider floats and complex themselves)."""
    bf16 = core.Dtype("bfloat16")
    pairs = {(bf16, bf16): bf16}
    for name in _ABBREVIATIONS.values():
        other = core.Dtype(name)
        result = {"float16": core.float32}.get(name, bf16 if other.kind in "biu" else other)
        pairs[(bf16, other)] = pairs[(other, bf16)] = result
    return pairs


RULES = PromotionRules(
    framework="numpy",
    table={**parse_grid(_NUMPY_GRID, _ABBREVIATIONS), **_bfloat16_pairs()},
    scalar_dtype=_PYTHON_SCALAR_DTYPES.__getitem__,
    combine="category",
    error=_no_promotion,
)


def check_python_int(value: int, dtype: core.Dtype) -> int:
    """NEP 50: a Python int meeting an integer array must fit its dtype."""
    info = numpy.iinfo(str(dtype))
    if not info.min <= value <= info.max:
        raise OverflowError(f"Python integer {value} out of bounds for {dtype}")
    return value


_RANK = {"b": 0, "u": 1, "i": 2, "f": 3, "c": 4}


def _operand_dtype(value: Any) -> core.Dtype | type:
    """A strong operand's core dtype, or a Python scalar's type (weak)."""
    if type(value) in _PYTHON_SCALAR_DTYPES:
        return type(value)
    if hasattr(value, "dtype") and not isinstance(value, type):
        return as_core(value.dtype) if not isinstance(value.dtype, core.Dtype) else value.dtype
    return as_core(value)


def core_result_type(*arrays_and_dtypes: Any) -> core.Dtype:
    """:func:`result_type` as a core dtype (operands may be native arrays of any backend)."""
    strong, weak = [], []
    for value in arrays_and_dtypes:
        found = _operand_dtype(value)
        (weak if isinstance(found, type) else strong).append(found)
    if not strong and not weak:
        raise ValueError("at least one array or dtype is required")
    return RULES.result_dtype((tuple(strong),), tuple(weak))


def result_type(*arrays_and_dtypes: Any) -> numpy.dtype:
    """np.result_type: arrays, numpy scalars and dtypes are strong, Python scalars weak."""
    return numpy_dtype(core_result_type(*arrays_and_dtypes))


def promote_types(type1: Any, type2: Any) -> numpy.dtype:
    """np.promote_types of two dtypes."""
    return numpy_dtype(RULES.promote_types(as_core(type1), as_core(type2)))


def can_cast(from_: Any, to: Any, casting: str = "safe") -> builtins.bool:
    """np.can_cast; as in numpy 2, Python scalars are refused (their answer used to depend
    on the value)."""
    if type(from_) in _PYTHON_SCALAR_DTYPES:
        raise TypeError(
            "can_cast() does not support Python ints, floats, and complex because the result "
            "used to depend on the value.\nThis change was part of adopting NEP 50, we may "
            "explicitly allow them again in the future."
        )
    source, target = _operand_dtype(from_), as_core(to)
    if casting in ("no", "equiv"):
        return source == target
    if casting == "safe":
        return RULES.promote_types(source, target) == target
    if casting == "same_kind":
        return (
            RULES.promote_types(source, target) == target
            or _RANK[source.kind] <= _RANK[target.kind]
        )
    if casting == "unsafe":
        return True
    raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")


def common_type(*arrays: Any) -> type:
    """np.common_type: the inexact scalar type of the inputs (integers count as float64)."""
    result = core.float16
    is_complex = False
    for array in arrays:
        kind = _operand_dtype(array)
        if kind.kind in "biu":
            if kind.kind == "b":
                raise TypeError("can't get common type for non-numeric array")
            kind = core.float64
        if kind.kind == "c":
            is_complex = True
            kind = core.float64 if kind == core.complex128 else core.float32
        result = RULES.promote_types(result, kind)
    if is_complex:
        result = {"float16": core.complex64, "float32": core.complex64}.get(result, core.complex128)
    return numpy_dtype(result).type
