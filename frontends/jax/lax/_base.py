"""Shared helpers of ``jax.lax``: operands as frontend arrays, lax's dtype checks.

lax does not promote: every array operand of an n-ary op must have the same dtype (a
Python scalar is a weak value of its default dtype, so ``lax.add(f32, 1.5)`` works and
``lax.add(f32, 1)`` raises), as in real JAX.
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Sequence
from typing import Any

import numpy

import core
from core import autodiff as _ad
from core import native as ops
from frontends.base.array import FrontendArray, to_native
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array

_PY_SCALARS = (builtins.bool, builtins.int, builtins.float, builtins.complex)


def wrap(native: Any, weak: bool = False) -> Array:
    """A native array as a ``jax.Array``."""
    return Array._wrap(native, weak)


def asarray(x: Any, name: str = "lax", position: int = 0) -> Array:
    """An operand as a ``jax.Array`` (lists and tuples raise JAX's TypeError)."""
    if isinstance(x, Array):
        return x
    if isinstance(x, (list, tuple)) or x is None or isinstance(x, str):
        raise TypeError(
            f"Error interpreting argument to {name} as a JAX value. The problematic value is "
            f"of type {type(x)} and was passed to {name} at position {position}."
        )
    if type(x) in _PY_SCALARS:
        dt, weak = jdt.dtype_and_weak(x)
        return Array._wrap(ops.asarray(x, dtype=dt), weak, dt)
    if isinstance(x, FrontendArray):
        native = x.native
    elif isinstance(x, (numpy.ndarray, numpy.generic)):
        host = numpy.asarray(x)
        dt = jdt.canonicalize(jdt.to_core(host.dtype))
        return Array._wrap(ops.asarray(host, dtype=dt), False, dt)
    else:
        native = to_native(x)
    dt = core.as_core_dtype(native.dtype)
    canon = jdt.canonicalize(dt)
    if canon != dt:
        native = ops.astype(native, canon)
    return Array._wrap(native, False, canon)


def same_dtypes(name: str, arrays: Sequence[Array], tip: str | None = None) -> None:
    """lax's check: every operand has the same dtype."""
    first = arrays[0]._dtype
    if any(a._dtype != first for a in arrays[1:]):
        names = ", ".join(str(a.dtype) for a in arrays)
        msg = f"lax.{name} requires arguments to have the same dtypes, got {names}."
        if tip:
            msg += f" (Tip: jnp.{tip} is a similar function that does automatic type promotion on inputs)."
        raise TypeError(msg)


def weak_as(value: Array, like: Array) -> Array:
    """A weak value (a Python scalar init value) in ``like``'s dtype, as lax converts it;
    strong values are left to lax's dtype check."""
    if value.weak_type and value._dtype != like._dtype:
        return Array._wrap(ops.astype(value.native, like._dtype), False, like._dtype)
    return value


def all_weak(arrays: Sequence[Array]) -> bool:
    return all(a.weak_type for a in arrays)


_KIND_NAMES = {
    "b": "bool",
    "u": "unsigned integer",
    "i": "signed integer",
    "f": "floating",
    "c": "complexfloating",
}
_GROUP_NAMES = {
    "fc": "floating, complexfloating",
    "f": "floating",
    "iufc": "integer, floating, complexfloating",
    "iuf": "integer, floating",
    "biu": "integer, bool",
    "iu": "integer",
    "biufc": "bool, integer, floating, complexfloating",
    "c": "complexfloating",
    "bi uf": "bool, integer, floating",
}


def check_kinds(name: str, array: Array, kinds: str) -> None:
    """lax's dtype rule: ``array``'s kind must be one of ``kinds``."""
    if array._dtype.kind not in kinds:
        accepted = _GROUP_NAMES.get(kinds, kinds)
        raise TypeError(
            f"{name} does not accept dtype {array.dtype.name}. Accepted dtypes are subtypes "
            f"of {accepted}."
        )


def broadcast_shapes(name: str, arrays: Sequence[Array]) -> tuple[int, ...]:
    """lax's n-ary shape rule: equal ranks (0-d operands broadcast), sizes equal or 1."""
    shapes = [a.shape for a in arrays if a.ndim]
    if not shapes:
        return ()
    ranks = {len(s) for s in shapes}
    if len(ranks) > 1:
        raise TypeError(f"{name}: arrays must have the same number of dimensions, got {set(ranks)}")
    out = []
    for sizes in zip(*shapes, strict=True):
        big = {s for s in sizes if s != 1}
        if len(big) > 1:
            raise TypeError(
                f"{name} got incompatible shapes for broadcasting: "
                f"{', '.join(str(s) for s in shapes)}."
            )
        out.append(big.pop() if big else 1)
    return tuple(out)


def canonical_dtype(dtype: Any) -> core.Dtype:
    """A user dtype as the core dtype JAX uses (x64 mode applied)."""
    return jdt.canonicalize(jdt.to_core(dtype))


def fresh_untracked(value: Any) -> Any:
    """``value`` as a distinct native object the autodiff engine does not track."""
    if not _ad.is_tracked(value):
        return value
    name = core.current_backend().name
    if name == "numpy":
        return value.view()
    if name == "torch":
        return value.detach()
    if name == "tensorflow":
        return sys.modules["tensorflow"].identity(value)
    return value.copy()


def is_tracer(native: Any) -> bool:
    """Whether ``native`` is an abstract value being traced by ``jax.jit`` (only on the
    jax backend; JAX is imported only when that backend is active)."""
    if core.current_backend().name != "jax":
        return False
    return isinstance(native, sys.modules["jax"].core.Tracer)


def axis(axis: int, ndim: int) -> int:
    """A possibly negative axis as a non-negative one."""
    a = int(axis)
    if not -max(ndim, 1) <= a < max(ndim, 1):
        raise ValueError(f"axis {a} is out of bounds for array of dimension {ndim}")
    return a % max(ndim, 1)
