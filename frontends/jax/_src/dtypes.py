"""JAX's dtypes: the promotion lattice with weak types, x64 canonicalization.

JAX promotes by the join on a lattice whose nodes are the 15 dtypes plus three *weak*
nodes ``i*``, ``f*``, ``c*`` (Python scalars and weakly-typed arrays). This module keeps
that lattice as data (``_LATTICE``, copied from ``jax/_src/dtypes.py``) and computes the
join exactly as JAX does; :data:`RULES` exposes its strong-strong table as a
:class:`~frontends.base.promotion.PromotionRules` for the shared engine, while
:func:`result_type` gives the pair ``(dtype, weak_type)`` that only the lattice knows.

x64 off (the default, as JAX ships): 64-bit dtypes canonicalize to 32-bit ones, with
JAX's UserWarning when a user asked for one explicitly. The mode is the frontend's own
(``frontends.jax.config``), never the real JAX flag.
"""

from __future__ import annotations

import builtins
import functools
import warnings
from typing import Any

import numpy

import core
from frontends.base.promotion import PromotionRules
from frontends.jax._src.config import config

JAX_VERSION = "0.10.0"
core.support.register_framework_version("jax", JAX_VERSION)

_NAMES = (
    "bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
    "bfloat16", "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip

# weak nodes of the lattice: Python's int, float, complex
I_, F_, C_ = "i*", "f*", "c*"
WEAK_NODES = (I_, F_, C_)

_LATTICE: dict[str, tuple[str, ...]] = {
    "bool": (I_,),
    I_: ("uint8", "int8"),
    "uint8": ("int16", "uint16"),
    "uint16": ("int32", "uint32"),
    "uint32": ("int64", "uint64"),
    "uint64": (F_,),
    "int8": ("int16",),
    "int16": ("int32",),
    "int32": ("int64",),
    "int64": (F_,),
    F_: ("bfloat16", "float16", C_),
    "bfloat16": ("float32",),
    "float16": ("float32",),
    "float32": ("float64", "complex64"),
    "float64": ("complex128",),
    C_: ("complex64",),
    "complex64": ("complex128",),
    "complex128": (),
}
"""JAX's standard lattice (``jax/_src/dtypes.py``, x64 on). With x64 off JAX replaces
uint32's parents by (int32, uint64), so uint32 with int32 stays 32-bit."""

_STRICT_LATTICE: dict[str, tuple[str, ...]] = {
    **{n: () for n in _NAMES},
    I_: (F_, *(n for n in _NAMES if n[0] in "ui")),
    F_: (C_, "bfloat16", "float16", "float32", "float64"),
    C_: ("complex64", "complex128"),
}


@functools.cache
def _upper_bounds(strict: bool, x64: bool) -> dict[str, frozenset[str]]:
    lattice = dict(_STRICT_LATTICE if strict else _LATTICE)
    if not strict and not x64:
        lattice["uint32"] = ("int32", "uint64")
    bounds: dict[str, frozenset[str]] = {}

    def visit(node: str) -> frozenset[str]:
        if node not in bounds:
            found = {node}
            for parent in lattice[node]:
                found |= visit(parent)
            bounds[node] = frozenset(found)
        return bounds[node]

    for node in lattice:
        visit(node)
    return bounds


@functools.cache
def _join(nodes: frozenset[str], strict: bool = False, x64: bool = True) -> str:
    upper = _upper_bounds(strict, x64)
    common = frozenset.intersection(*(upper[n] for n in nodes))
    least = (common & nodes) or {c for c in common if common <= upper[c]}
    if len(least) != 1:
        names = tuple(str(n) for n in nodes)
        raise TypePromotionError(
            f"Input dtypes {names} have no available implicit dtype promotion path when "
            "jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired "
            "output type, or set jax_numpy_dtype_promotion=standard."
        )
    (result,) = least
    return result


_WEAK_KIND = {I_: "i", F_: "f", C_: "c"}
_KIND_OF_NAME = {n: core.Dtype(n).kind for n in _NAMES}


def _node(dtype: str, weak: bool) -> str:
    if weak and dtype != "bool":
        return {"u": I_, "i": I_, "f": F_, "c": C_}[_KIND_OF_NAME[dtype]]
    return dtype


# --------------------------------------------------------------------- x64 canonical
_NARROW = {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}


def canonicalize(dtype: str) -> core.Dtype:
    """The dtype JAX actually uses for ``dtype`` in the current x64 mode."""
    if not config._values["jax_enable_x64"]:
        dtype = _NARROW.get(dtype, dtype)
    return core.Dtype(dtype)


def default_dtype(kind: str) -> core.Dtype:
    """The default dtype of a kind (``"b"``, ``"i"``, ``"u"``, ``"f"``, ``"c"``)."""
    x64 = config._values["jax_enable_x64"]
    name = {
        "b": "bool",
        "i": "int64" if x64 else "int32",
        "u": "uint64" if x64 else "uint32",
        "f": "float64" if x64 else "float32",
        "c": "complex128" if x64 else "complex64",
    }[kind]
    return core.Dtype(name)


def _numpy_dtype_of(name: str) -> numpy.dtype:
    if name == "bfloat16":
        import ml_dtypes

        return numpy.dtype(ml_dtypes.bfloat16)
    return numpy.dtype(name)


_NUMPY = {n: _numpy_dtype_of(n) for n in _NAMES if n != "bfloat16"}


def numpy_dtype(dtype: str) -> numpy.dtype:
    """The numpy dtype object JAX reports for a core dtype (``x.dtype``)."""
    found = _NUMPY.get(dtype)
    if found is None:
        found = _NUMPY[dtype] = _numpy_dtype_of(dtype)
    return found


def is_jax_dtype(dtype: numpy.dtype) -> bool:
    """Whether a numpy dtype is one JAX arrays take (the numbers, bool and bfloat16)."""
    return dtype.name in _KIND_OF_NAME


def to_core(dtype_like: Any) -> core.Dtype:
    """A core dtype (not canonicalized) from anything JAX takes as a dtype."""
    if isinstance(dtype_like, core.Dtype):
        return dtype_like
    if dtype_like is builtins.int:
        return core.Dtype("int64")
    if dtype_like is builtins.float:
        return core.Dtype("float64")
    if dtype_like is builtins.complex:
        return core.Dtype("complex128")
    if dtype_like is builtins.bool:
        return core.Dtype("bool")
    known = getattr(dtype_like, "_core", None)  # jnp.float32 and the like
    if type(known) is core.Dtype:
        return known
    scalar = getattr(dtype_like, "dtype", None)
    if isinstance(scalar, numpy.dtype) and not hasattr(dtype_like, "shape"):
        dtype_like = scalar  # jnp.float32 and the like
    if isinstance(dtype_like, str) and dtype_like == "bfloat16":
        return core.Dtype("bfloat16")
    d = numpy.dtype(dtype_like)
    if d.name in _KIND_OF_NAME:
        return core.Dtype(d.name)
    raise TypeError(f"JAX only supports number and bool dtypes, got dtype {d}")


_WARNING = (
    "Explicitly requested dtype {} requested in {} is not available, and will be truncated "
    "to dtype {}. To enable more dtypes, set the jax_enable_x64 configuration option or the "
    "JAX_ENABLE_X64 shell environment variable. See "
    "https://github.com/jax-ml/jax#current-gotchas for more."
)


def check_user_dtype(dtype_like: Any, fun_name: str) -> core.Dtype:
    """A user's dtype request canonicalized, with JAX's UserWarning when a 64-bit type
    is narrowed (Python's ``int``/``float``/``complex`` narrow silently, as in JAX)."""
    requested = to_core(dtype_like)
    result = canonicalize(requested)
    python_type = any(dtype_like is t for t in (builtins.int, builtins.float, builtins.complex))
    if result != requested and not python_type:
        warnings.warn(_WARNING.format(requested, fun_name, result), UserWarning, stacklevel=3)
    return result


# --------------------------------------------------------------------- promotion
def dtype_and_weak(value: Any) -> tuple[core.Dtype, bool]:
    """``(dtype, weak_type)`` of an operand: frontend arrays carry their flag; Python
    int/float/complex are weak; bool, numpy values and other arrays are strong."""
    weak = getattr(value, "weak_type", None)
    if weak is not None:
        return value._dtype, weak
    kind = type(value)
    if kind is builtins.int:
        return default_dtype("i"), True
    if kind is builtins.float:
        return default_dtype("f"), True
    if kind is builtins.complex:
        return default_dtype("c"), True
    if kind is builtins.bool:
        return core.Dtype("bool"), False
    if isinstance(value, (core.Dtype, str, type, numpy.dtype)):
        return canonicalize(to_core(value)), False
    dtype = getattr(value, "dtype", None)
    if dtype is not None:
        return canonicalize(core.as_core_dtype(dtype)), False
    return canonicalize(core.Dtype(numpy.asarray(value).dtype.name)), False


@functools.cache
def _lattice_result(
    pairs: tuple[tuple[str, bool], ...], strict: bool, x64: bool
) -> tuple[str, bool]:
    dtypes = [d for d, _ in pairs]
    weaks = [w for _, w in pairs]
    if len(pairs) == 1:
        return dtypes[0], weaks[0]
    if len(set(dtypes)) == 1 and not all(weaks):
        return dtypes[0], False
    if all(weaks) and not strict:
        out = _join(frozenset(_node(d, False) for d in dtypes), strict, x64)
        weak = True
    else:
        out = _join(frozenset(_node(d, w) for d, w in pairs), strict, x64)
        weak = out in WEAK_NODES
    return out, weak


class TypePromotionError(ValueError):
    """``jax.errors``' TypePromotionError (strict promotion mode)."""


def lattice_result_type(*operands: Any) -> tuple[core.Dtype, bool]:
    """JAX's ``lattice_result_type`` canonicalized: the dtype and weak flag binary
    operations cast their operands to (two weak uint8 arrays stay uint8, weak)."""
    pairs = tuple(dtype_and_weak(o) for o in operands)
    strict = config._values["jax_numpy_dtype_promotion"] == "strict"
    out, weak = _lattice_result(pairs, strict, config._values["jax_enable_x64"])
    if out in WEAK_NODES:
        out = default_dtype(_WEAK_KIND[out])
    return canonicalize(out), weak


def result_type_and_weak(*operands: Any) -> tuple[core.Dtype, bool]:
    """JAX's ``result_type(..., return_weak_type_flag=True)``: a weak result has the
    default dtype of its kind."""
    pairs = tuple(dtype_and_weak(o) for o in operands)
    strict = config._values["jax_numpy_dtype_promotion"] == "strict"
    out, weak = _lattice_result(pairs, strict, config._values["jax_enable_x64"])
    if weak:
        kind = _WEAK_KIND.get(out) or ("f" if out == "bfloat16" else _KIND_OF_NAME[out])
        out = default_dtype(kind)
    return canonicalize(out), weak


def result_type(*operands: Any) -> core.Dtype:
    """``jnp.result_type`` as a core dtype."""
    if not operands:
        raise ValueError("at least one array or dtype is required")
    return result_type_and_weak(*operands)[0]


def promote_types(a: Any, b: Any) -> core.Dtype:
    """``jnp.promote_types``: the strong join of two dtypes (not canonicalized: JAX's
    ``promote_types('uint64', 'int8')`` is float64 even with x64 off)."""
    strict = config._values["jax_numpy_dtype_promotion"] == "strict"
    node = _join(
        frozenset((_operand_node(a), _operand_node(b))), strict, config._values["jax_enable_x64"]
    )
    if node in WEAK_NODES:
        return default_dtype_x64(_WEAK_KIND[node])
    return core.Dtype(node)


def _operand_node(value: Any) -> str:
    """A dtype-like as a lattice node: Python's int/float/complex types are weak."""
    weak = {builtins.int: I_, builtins.float: F_, builtins.complex: C_}
    for kind, node in weak.items():
        if value is kind:
            return node
    return to_core(value)


def default_dtype_x64(kind: str) -> core.Dtype:
    return core.Dtype({"i": "int64", "f": "float64", "c": "complex128"}[kind])


# The strong-strong table for the shared engine, x64 lattice (u8 with a signed int joins
# at the weak float node, float64 here as in JAX's promote_types); callers canonicalize.
def _strong_table() -> dict[tuple[core.Dtype, core.Dtype], core.Dtype]:
    table = {}
    for a in _NAMES:
        for b in _NAMES:
            node = _join(frozenset((a, b)), False, True)
            out = default_dtype_x64(_WEAK_KIND[node]) if node in WEAK_NODES else node
            table[(core.Dtype(a), core.Dtype(b))] = core.Dtype(out)
    return table


_TABLE = _strong_table()


def _scalar_dtype(kind: type) -> core.Dtype:
    return default_dtype(
        {builtins.bool: "b", builtins.int: "i", builtins.float: "f"}.get(kind, "c")
    )


RULES = PromotionRules(framework="jax", table=_TABLE, scalar_dtype=_scalar_dtype)
"""JAX's rules for the shared engine: arrays then Python scalars, combined by category
(which agrees with the lattice for a weak scalar against strong arrays; weak *arrays* and
the result's weak flag need :func:`result_type_and_weak`)."""
