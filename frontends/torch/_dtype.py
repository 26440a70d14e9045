"""torch.dtype objects and torch's promotion rules, as data for the shared engine.

``torch.float32`` here is a :class:`dtype` that prints and compares like torch's and holds
the core dtype it stands for. Promotion: the pairwise table below (read off
``torch.promote_types`` for every pair in torch 2.13; ``--``: torch refuses), with three
tiers (tensors with dimensions, 0-dim tensors, Python scalars) combined by category.
"""

from __future__ import annotations

import builtins
from typing import Any

import core
from frontends.base.promotion import PromotionRules, parse_grid

TORCH_VERSION = "2.13.0"
core.support.register_framework_version("torch", TORCH_VERSION)

HALF_FLOATS = frozenset({core.float16, core.bfloat16})
"""The 16-bit floats, which torch's CPU kernels compute in float32 and round back."""


class dtype:
    """A torch dtype: ``torch.float32``; ``str()`` gives ``'torch.float32'``."""

    __slots__ = ("_name", "core_dtype")

    def __init__(self, core_dtype: core.Dtype, name: str) -> None:
        self.core_dtype = core_dtype
        self._name = name

    def __repr__(self) -> str:
        return f"torch.{self._name}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (of, (str(self.core_dtype),))

    @property
    def is_floating_point(self) -> bool:
        return self.core_dtype.kind == "f"

    @property
    def is_complex(self) -> bool:
        return self.core_dtype.kind == "c"

    @property
    def is_signed(self) -> bool:
        return self.core_dtype.kind in "ifc"

    @property
    def itemsize(self) -> int:
        return self.core_dtype.itemsize

    def to_complex(self) -> dtype:
        """The complex dtype of this precision (bfloat16's is complex64, as torch has it;
        float16's, complex32, is a dtype core lacks: TypeError)."""
        if self.core_dtype.kind == "c":
            return self
        if self is float16:
            raise TypeError(
                "torch.float16.to_complex() is torch.complex32, a dtype this frontend lacks"
            )
        if self.core_dtype.kind != "f":
            raise RuntimeError(
                f"Unknown Complex ScalarType for {scalar_type_name(self.core_dtype)}"
            )
        return complex128 if self is float64 else complex64

    def to_real(self) -> dtype:
        return {complex64: float32, complex128: float64}.get(self, self)


_NAMES = {
    "bool": "bool",
    "uint8": "uint8",
    "uint16": "uint16",
    "uint32": "uint32",
    "uint64": "uint64",
    "int8": "int8",
    "int16": "int16",
    "int32": "int32",
    "int64": "int64",
    "bfloat16": "bfloat16",
    "float16": "float16",
    "float32": "float32",
    "float64": "float64",
    "complex64": "complex64",
    "complex128": "complex128",
}
_by_core: dict[str, dtype] = {name: dtype(core.Dtype(name), name) for name in _NAMES}

bool = _by_core["bool"]
uint8, uint16, uint32, uint64 = (_by_core[n] for n in ("uint8", "uint16", "uint32", "uint64"))
int8, int16, int32, int64 = (_by_core[n] for n in ("int8", "int16", "int32", "int64"))
bfloat16, float16, float32, float64 = (
    _by_core[n] for n in ("bfloat16", "float16", "float32", "float64")
)
complex64, complex128 = _by_core["complex64"], _by_core["complex128"]
# torch's aliases
half, float, double = float16, float32, float64
short, int, long = int16, int32, int64
cfloat, cdouble = complex64, complex128
ALL_DTYPES = tuple(_by_core.values())


_no_backend: dict[str, NoBackendDtype] = {}


def no_backend_dtype(name: str) -> NoBackendDtype:
    """The dtype ``torch.<name>`` of :class:`NoBackendDtype` (how pickle finds one)."""
    return _no_backend[name]


class NoBackendDtype(dtype):
    """A torch dtype no backend computes in (the float8 formats): it exists, prints,
    compares and answers ``torch.finfo`` as torch's does (transformers reads
    ``torch.finfo(torch.float8_e4m3fn)`` at import); a tensor of it raises
    :class:`~frontends.torch.UnsupportedDtypeError` where its core dtype is needed."""

    __slots__ = ("finfo_values", "signed")

    def __init__(self, name: str, signed: builtins.bool, finfo_values: tuple[builtins.float, ...]) -> None:  # fmt: skip
        self._name = name
        self.signed = signed
        self.finfo_values = finfo_values  # torch 2.13's eps, max, min, smallest_normal
        _no_backend[name] = self

    @property
    def core_dtype(self) -> core.Dtype:  # type: ignore[override]
        from frontends.torch._frontend import UnsupportedDtypeError

        raise UnsupportedDtypeError(
            f"{self} is not supported by the torch frontend: no backend computes in it; keep "
            "tensors in float32, float16 or bfloat16"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (no_backend_dtype, (self._name,))

    is_floating_point = True
    is_complex = False
    itemsize = 1

    @property
    def is_signed(self) -> builtins.bool:  # type: ignore[override]
        return self.signed


# torch 2.13's finfo of each: eps, max, min, smallest_normal
float8_e4m3fn = NoBackendDtype("float8_e4m3fn", True, (0.125, 448.0, -448.0, 2.0**-6))
float8_e4m3fnuz = NoBackendDtype("float8_e4m3fnuz", True, (0.125, 240.0, -240.0, 2.0**-7))
float8_e5m2 = NoBackendDtype("float8_e5m2", True, (0.25, 57344.0, -57344.0, 2.0**-14))
float8_e5m2fnuz = NoBackendDtype("float8_e5m2fnuz", True, (0.125, 57344.0, -57344.0, 2.0**-15))
float8_e8m0fnu = NoBackendDtype("float8_e8m0fnu", False, (1.0, 2.0**127, 2.0**-127, 2.0**-127))

_defaults = {"float": float32}


def get_default_dtype() -> dtype:
    """The dtype of Python floats and of floating creation functions (float32 unless set)."""
    return _defaults["float"]


def set_default_dtype(d: dtype) -> None:
    """Set the default floating dtype; only float32 and float64 are allowed, as in torch."""
    if d not in (float32, float64, float16, bfloat16):
        raise TypeError(f"only floating-point types are supported as the default type, got {d}")
    _defaults["float"] = d


def to_torch_dtype(value: Any) -> dtype:
    """A torch dtype from a frontend dtype, a core dtype name or a native dtype object."""
    if isinstance(value, dtype):
        return value
    if value is builtins.float:
        return get_default_dtype()
    if value is builtins.int:
        return int64
    if value is builtins.bool:
        return bool
    return _by_core[core.as_core_dtype(value)]


def of(core_dtype: str) -> dtype:
    """The torch dtype of a core dtype name (fast: a dict lookup)."""
    return _by_core[core_dtype]


# ---------------------------------------------------------------------------------------
# promotion
# ---------------------------------------------------------------------------------------
_ABBREVIATIONS = {
    "b": "bool", "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
    "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
    "bf": "bfloat16", "f2": "float16", "f4": "float32", "f8": "float64",
    "c8": "complex64", "c16": "complex128",
}  # fmt: skip
_TORCH_GRID = """
      b   i1  i2  i4  i8  u1  u2  u4  u8  bf  f2  f4  f8  c8  c16
b     b   i1  i2  i4  i8  u1  --  --  --  bf  f2  f4  f8  c8  c16
i1    i1  i1  i2  i4  i8  i2  --  --  --  bf  f2  f4  f8  c8  c16
i2    i2  i2  i2  i4  i8  i2  --  --  --  bf  f2  f4  f8  c8  c16
i4    i4  i4  i4  i4  i8  i4  --  --  --  bf  f2  f4  f8  c8  c16
i8    i8  i8  i8  i8  i8  i8  --  --  --  bf  f2  f4  f8  c8  c16
u1    u1  i2  i2  i4  i8  u1  --  --  --  bf  f2  f4  f8  c8  c16
u2    --  --  --  --  --  --  u2  --  --  bf  f2  f4  f8  --  --
u4    --  --  --  --  --  --  --  u4  --  bf  f2  f4  f8  --  --
u8    --  --  --  --  --  --  --  --  u8  bf  f2  f4  f8  --  --
bf    bf  bf  bf  bf  bf  bf  bf  bf  bf  bf  f4  f4  f8  c8  c16
f2    f2  f2  f2  f2  f2  f2  f2  f2  f2  f4  f2  f4  f8  c8  c16
f4    f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f8  c8  c16
f8    f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  c16 c16
c8    c8  c8  c8  c8  c8  c8  --  --  --  c8  c8  c8  c16 c8  c16
c16   c16 c16 c16 c16 c16 c16 --  --  --  c16 c16 c16 c16 c16 c16
"""
_TORCH_NAMES = {
    "bool": "Bool", "int8": "Char", "int16": "Short", "int32": "Int", "int64": "Long",
    "uint8": "Byte", "uint16": "UInt16", "uint32": "UInt32", "uint64": "UInt64",
    "bfloat16": "BFloat16", "float16": "Half", "float32": "Float", "float64": "Double",
    "complex64": "ComplexFloat", "complex128": "ComplexDouble",
}  # fmt: skip


def scalar_type_name(core_dtype: str) -> str:
    """torch's C++ name of a dtype (``Float``, ``Long`` ...), as its error messages use."""
    return _TORCH_NAMES[core_dtype]


def _promotion_error(a: core.Dtype, b: core.Dtype) -> Exception:
    return RuntimeError(
        "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote "
        f"{_TORCH_NAMES[a]} and {_TORCH_NAMES[b]}"
    )


def _scalar_dtype(kind: type) -> core.Dtype:
    if kind is builtins.float:
        return get_default_dtype().core_dtype
    if kind is builtins.int:
        return core.int64
    if kind is builtins.bool:
        return core.bool
    # under a float16 default torch makes complex scalars complex32, which core lacks:
    # complex64 stands in, and float16 with a complex operand is refused by ``complex_of``
    return core.complex128 if get_default_dtype() is float64 else core.complex64


_COMPLEX_OF = {
    "float16": None,
    "bfloat16": "complex64",
    "float32": "complex64",
    "float64": "complex128",
}


def _complex32_error(real: core.Dtype) -> Exception:
    return TypeError(
        f"torch computes {real} with complex values in complex32 (torch.chalf), a dtype this "
        "frontend does not have; cast the float16 operand to float32 first"
    )


RULES = PromotionRules(
    framework="torch",
    table=parse_grid(_TORCH_GRID, _ABBREVIATIONS),
    scalar_dtype=_scalar_dtype,
    combine="category",
    error=_promotion_error,
    complex_of=_COMPLEX_OF,
    unrepresentable=_complex32_error,
)

_CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def can_cast(from_: dtype, to: dtype) -> builtins.bool:
    """torch.can_cast: a cast that does not lower the category (bool < int < float < complex)."""
    return _CATEGORY[from_.core_dtype.kind] <= _CATEGORY[to.core_dtype.kind]


def promote_types(type1: dtype, type2: dtype) -> dtype:
    return _by_core[RULES.promote_types(type1.core_dtype, type2.core_dtype)]
