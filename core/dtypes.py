"""core's data types: the 15 dtypes, their groups, the promotion table and default dtypes.

Everything here is backend independent: a ``Dtype`` is a ``str`` subclass naming one of
the 15 dtypes, and promotion gives the same answer whichever backend runs. What a backend
can actually hold is decided in :mod:`core.backend`.
"""

from __future__ import annotations

import builtins
import contextlib
import functools
from collections.abc import Iterator
from typing import Any

__all__ = [
    "Dtype",
    "NativeDtype",
    "promote_types",
    "result_type",
    "can_cast",
    "default_dtype",
    "default_int_dtype",
    "default_float_dtype",
    "default_complex_dtype",
    "set_default_dtype",
    "set_default_int_dtype",
    "set_default_float_dtype",
    "set_default_complex_dtype",
    "use_default_dtype",
    "use_default_int_dtype",
    "use_default_float_dtype",
    "use_default_complex_dtype",
]

DTYPE_NAMES = (
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "bfloat16",
    "float16",
    "float32",
    "float64",
    "bool",
    "complex64",
    "complex128",
)

# kind letter and width in bits of each dtype, the facts promotion and casting use
_KIND_BITS = {
    "bool": ("b", 8),
    "int8": ("i", 8),
    "int16": ("i", 16),
    "int32": ("i", 32),
    "int64": ("i", 64),
    "uint8": ("u", 8),
    "uint16": ("u", 16),
    "uint32": ("u", 32),
    "uint64": ("u", 64),
    "bfloat16": ("f", 16),
    "float16": ("f", 16),
    "float32": ("f", 32),
    "float64": ("f", 64),
    "complex64": ("c", 64),
    "complex128": ("c", 128),
}
_KIND_ORDER = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
_SCALAR_TYPES = frozenset({builtins.bool, int, float, complex})


class Dtype(str):
    """One of core's 15 data types; a ``str`` so ``core.float32 == "float32"``.

    >>> Dtype("float32").is_float_dtype
    True
    """

    __slots__ = ()

    def __new__(cls, name: Any) -> Dtype:
        if isinstance(name, Dtype):
            return name
        text = str(name)
        if text not in _KIND_BITS:
            raise TypeError(
                f"{name!r} is not a core dtype; valid names are: {', '.join(DTYPE_NAMES)}"
            )
        return str.__new__(cls, text)

    @property
    def kind(self) -> str:
        """'b' bool, 'i' signed integer, 'u' unsigned integer, 'f' float, 'c' complex."""
        return _KIND_BITS[self][0]

    @property
    def bits(self) -> int:
        return _KIND_BITS[self][1]

    @property
    def itemsize(self) -> int:
        return _KIND_BITS[self][1] // 8

    @property
    def is_bool_dtype(self) -> bool:
        return self.kind == "b"

    @property
    def is_int_dtype(self) -> bool:
        return self.kind in "iu"

    @property
    def is_uint_dtype(self) -> bool:
        return self.kind == "u"

    @property
    def is_float_dtype(self) -> bool:
        return self.kind == "f"

    @property
    def is_complex_dtype(self) -> bool:
        return self.kind == "c"

    def __repr__(self) -> str:
        return f"core.{self!s}"


class NativeDtype:
    """Placeholder for the backend's dtype class; :func:`core.set_backend` replaces it."""


int8, int16, int32, int64 = (Dtype(n) for n in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (Dtype(n) for n in ("uint8", "uint16", "uint32", "uint64"))
bfloat16, float16, float32, float64 = (
    Dtype(n) for n in ("bfloat16", "float16", "float32", "float64")
)
bool = Dtype("bool")
complex64, complex128 = Dtype("complex64"), Dtype("complex128")

all_dtypes = tuple(Dtype(n) for n in DTYPE_NAMES)
all_int_dtypes = (int8, int16, int32, int64, uint8, uint16, uint32, uint64)
all_uint_dtypes = (uint8, uint16, uint32, uint64)
all_float_dtypes = (bfloat16, float16, float32, float64)
all_complex_dtypes = (complex64, complex128)
all_numeric_dtypes = all_int_dtypes + all_float_dtypes + all_complex_dtypes

GROUP_NAMES = (
    "dtypes",
    "numeric_dtypes",
    "int_dtypes",
    "uint_dtypes",
    "float_dtypes",
    "complex_dtypes",
)

# ---------------------------------------------------------------------------------------
# Promotion: the Array API standard's table plus the extra table, written out as a grid.
# Row and column headers are the same abbreviations; each cell is promote_types(row, col).
# Cells the standard defines: the four same-kind tables (i/i, u/u, i/u except with u8,
# f/f without bf). Everything else is the extra table: bool with anything gives the other
# type, an integer with a float or complex gives that float or complex, int64-class mixes
# with uint64 give float64, bfloat16 with float16 gives float32, and float with complex
# gives the complex wide enough for the float.
# ---------------------------------------------------------------------------------------
_ABBREVIATIONS = {
    "b": "bool",
    "i1": "int8",
    "i2": "int16",
    "i4": "int32",
    "i8": "int64",
    "u1": "uint8",
    "u2": "uint16",
    "u4": "uint32",
    "u8": "uint64",
    "bf": "bfloat16",
    "f2": "float16",
    "f4": "float32",
    "f8": "float64",
    "c8": "complex64",
    "c16": "complex128",
}
_PROMOTION_GRID = """
      b   i1  i2  i4  i8  u1  u2  u4  u8  bf  f2  f4  f8  c8  c16
b     b   i1  i2  i4  i8  u1  u2  u4  u8  bf  f2  f4  f8  c8  c16
i1    i1  i1  i2  i4  i8  i2  i4  i8  f8  bf  f2  f4  f8  c8  c16
i2    i2  i2  i2  i4  i8  i2  i4  i8  f8  bf  f2  f4  f8  c8  c16
i4    i4  i4  i4  i4  i8  i4  i4  i8  f8  bf  f2  f4  f8  c8  c16
i8    i8  i8  i8  i8  i8  i8  i8  i8  f8  bf  f2  f4  f8  c8  c16
u1    u1  i2  i2  i4  i8  u1  u2  u4  u8  bf  f2  f4  f8  c8  c16
u2    u2  i4  i4  i4  i8  u2  u2  u4  u8  bf  f2  f4  f8  c8  c16
u4    u4  i8  i8  i8  i8  u4  u4  u4  u8  bf  f2  f4  f8  c8  c16
u8    u8  f8  f8  f8  f8  u8  u8  u8  u8  bf  f2  f4  f8  c8  c16
bf    bf  bf  bf  bf  bf  bf  bf  bf  bf  bf  f4  f4  f8  c8  c16
f2    f2  f2  f2  f2  f2  f2  f2  f2  f2  f4  f2  f4  f8  c8  c16
f4    f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f8  c8  c16
f8    f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  c16 c16
c8    c8  c8  c8  c8  c8  c8  c8  c8  c8  c8  c8  c8  c16 c8  c16
c16   c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16
"""


def _parse_grid(grid: str) -> dict[tuple[Dtype, Dtype], Dtype]:
    header, *rows = grid.strip().splitlines()
    columns = header.split()
    table = {}
    for row in rows:
        row_name, *cells = row.split()
        for column_name, cell in zip(columns, cells, strict=True):
            key = (Dtype(_ABBREVIATIONS[row_name]), Dtype(_ABBREVIATIONS[column_name]))
            table[key] = Dtype(_ABBREVIATIONS[cell])
    return table


promotion_table: dict[tuple[Dtype, Dtype], Dtype] = _parse_grid(_PROMOTION_GRID)


def promote_types(type1: Any, type2: Any, /) -> Dtype:
    """The dtype two arrays of ``type1`` and ``type2`` promote to, from core's table."""
    return _promote_cached(_as_dtype(type1), _as_dtype(type2))


@functools.cache
def _promote_cached(type1: Dtype, type2: Dtype) -> Dtype:
    return promotion_table[(type1, type2)]


def _as_dtype(value: Any) -> Dtype:
    if type(value) is Dtype:
        return value
    from core.backend import as_core_dtype

    return as_core_dtype(value)


# ---------------------------------------------------------------------------------------
# Default dtypes
# ---------------------------------------------------------------------------------------
_defaults = {"int": int64, "float": float32, "complex": complex64, "global": float32}


def default_int_dtype(*, as_native: builtins.bool = False) -> Any:
    """The dtype for Python ints when nothing else decides: int64 unless changed."""
    return _maybe_native(_defaults["int"], as_native)


def default_float_dtype(*, as_native: builtins.bool = False) -> Any:
    """The dtype for Python floats when nothing else decides: float32 unless changed."""
    return _maybe_native(_defaults["float"], as_native)


def default_complex_dtype(*, as_native: builtins.bool = False) -> Any:
    """The dtype for Python complex numbers: complex64 unless changed."""
    return _maybe_native(_defaults["complex"], as_native)


def _maybe_native(dtype: Dtype, as_native: builtins.bool) -> Any:
    if not as_native:
        return dtype
    from core.backend import as_native_dtype

    return as_native_dtype(dtype)


def _setter(slot: str, allowed_kinds: str):
    def set_default(dtype: Any, /) -> None:
        dtype = _as_dtype(dtype)
        if dtype.kind not in allowed_kinds:
            raise TypeError(
                f"the default {slot} dtype must be of kind {allowed_kinds!r}, got {dtype}"
            )
        _defaults[slot] = dtype

    @contextlib.contextmanager
    def use_default(dtype: Any, /) -> Iterator[Dtype]:
        old = _defaults[slot]
        set_default(dtype)
        try:
            yield _defaults[slot]
        finally:
            _defaults[slot] = old

    set_default.__name__ = f"set_default_{slot}_dtype" if slot != "global" else "set_default_dtype"
    use_default.__name__ = f"use_default_{slot}_dtype" if slot != "global" else "use_default_dtype"
    set_default.__doc__ = f"Set the default {slot} dtype."
    use_default.__doc__ = f"Context manager: use another default {slot} dtype, then restore it."
    return set_default, use_default


set_default_int_dtype, use_default_int_dtype = _setter("int", "iu")
set_default_float_dtype, use_default_float_dtype = _setter("float", "f")
set_default_complex_dtype, use_default_complex_dtype = _setter("complex", "c")
set_default_dtype, use_default_dtype = _setter("global", "iufc")


def _scalar_kind(item: Any) -> str | None:
    """'b', 'i', 'f' or 'c' for Python scalars (and nested lists of them), else None."""
    item_type = type(item)
    if item_type is builtins.bool:
        return "b"
    if item_type is int:
        return "i"
    if item_type is float:
        return "f"
    if item_type is complex:
        return "c"
    if item_type in (list, tuple):
        kinds = [_scalar_kind(element) for element in item]
        if kinds and None not in kinds:
            return max(kinds, key=_KIND_ORDER.__getitem__)
    return None


def _default_for_kind(kind: str) -> Dtype:
    return {"b": bool, "i": _defaults["int"], "f": _defaults["float"], "c": _defaults["complex"]}[
        kind
    ]


def default_dtype(*, dtype: Any = None, item: Any = None, as_native: builtins.bool = False) -> Any:
    """The dtype a creation function should use, decided in this order.

    1. ``dtype`` when given; 2. the dtype of ``item`` when it is an array; 3. for a Python
    scalar (or nested list of them) ``item``, the default int/float/complex dtype of its
    kind (``bool`` for bools); 4. the global default dtype (float32 unless changed).
    """
    if dtype is not None:
        return _maybe_native(_as_dtype(dtype), as_native)
    if item is not None:
        kind = _scalar_kind(item)
        if kind is not None:
            return _maybe_native(_default_for_kind(kind), as_native)
        item_dtype = getattr(item, "dtype", None)
        if item_dtype is not None:
            return _maybe_native(_as_dtype(item_dtype), as_native)
    return _maybe_native(_defaults["global"], as_native)


# ---------------------------------------------------------------------------------------
# result_type and can_cast
# ---------------------------------------------------------------------------------------
def result_type(*arrays_and_dtypes: Any) -> Dtype:
    """The dtype of an operation on all arguments: arrays, dtypes and Python scalars.

    Arrays and dtypes promote with :func:`promote_types`. A Python scalar never widens an
    array or dtype of its own kind or a higher one (``int8`` with ``1000`` stays ``int8``);
    a scalar of a higher kind gives that kind's default dtype (``int8`` with ``1.5`` gives
    the default float dtype), except that a complex scalar keeps a float's precision
    (``float64`` with ``1j`` gives ``complex128``). Scalars alone give the default dtype of
    the highest kind among them.
    """
    if not arrays_and_dtypes:
        raise ValueError("result_type needs at least one array, dtype or scalar")
    typed: Dtype | None = None
    scalar_kind: str | None = None
    for value in arrays_and_dtypes:
        kind = _scalar_kind(value) if type(value) in _SCALAR_TYPES else None
        if kind is not None:
            if scalar_kind is None or _KIND_ORDER[kind] > _KIND_ORDER[scalar_kind]:
                scalar_kind = kind
            continue
        dtype = _as_dtype(getattr(value, "dtype", value))
        typed = dtype if typed is None else promote_types(typed, dtype)
    if typed is None:
        return _default_for_kind(scalar_kind)
    if scalar_kind is None or _KIND_ORDER[scalar_kind] <= _KIND_ORDER[typed.kind]:
        return typed
    if scalar_kind == "c" and typed.kind == "f":
        return complex128 if typed == float64 else complex64
    return _default_for_kind(scalar_kind)


def can_cast(from_: Any, to: Any, /) -> builtins.bool:
    """Whether ``from_`` (an array or dtype) promotes to ``to`` under core's table.

    True exactly when ``promote_types(from_, to) == to``: the cast loses no information the
    promotion rules would keep.
    """
    source = _as_dtype(getattr(from_, "dtype", from_))
    return promote_types(source, _as_dtype(to)) == _as_dtype(to)
