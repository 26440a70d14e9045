"""jnp-style argument promotion for ``jax.nn`` and ``jax.scipy`` (they promote like
``jax.numpy``, unlike ``jax.lax``)."""

from __future__ import annotations

from typing import Any

import numpy

import core
from core import native as ops
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array
from frontends.jax.lax._base import asarray


def promote_args(name: str, *args: Any) -> list[Array]:
    """The arguments as arrays of their JAX result dtype (weak flag as JAX gives it)."""
    arrays = [asarray(a, name, i) for i, a in enumerate(args)]
    if len(arrays) < 2:
        return arrays
    dt, weak = jdt.lattice_result_type(*arrays)
    return [_cast(a, dt, weak) for a in arrays]


def promote_args_inexact(name: str, *args: Any) -> list[Array]:
    """As :func:`promote_args`, integers and bools becoming the default float dtype."""
    return promote_dtypes_inexact(*(asarray(a, name, i) for i, a in enumerate(args)))


def promote_args_numeric(name: str, *args: Any) -> list[Array]:
    """As :func:`promote_args`, bools becoming the default integer dtype."""
    arrays = [asarray(a, name, i) for i, a in enumerate(args)]
    dt, weak = jdt.lattice_result_type(*arrays)
    if dt.kind == "b":
        dt = jdt.default_dtype("i")
    return [_cast(a, dt, weak) for a in arrays]


def promote_dtypes_inexact(*args: Any) -> list[Array]:
    """JAX's ``promote_dtypes_inexact``: the arguments (not checked to be array-likes) as
    arrays of their inexact result dtype."""
    arrays = [asarray(a) for a in args]
    dt, weak = jdt.lattice_result_type(*arrays)
    if dt.kind not in "fc":
        dt = jdt.default_dtype("f")
    return [_cast(a, dt, weak) for a in arrays]


def check_arraylike(name: str, *args: Any) -> None:
    """JAX's TypeError for an argument that is not an array or a scalar."""
    for i, a in enumerate(args):
        asarray(a, name, i)


def ensure_arraylike(name: str, *args: Any) -> Any:
    """The arguments as arrays (one argument: the array itself), as JAX's helper."""
    arrays = [asarray(a, name, i) for i, a in enumerate(args)]
    return arrays[0] if len(arrays) == 1 else tuple(arrays)


def lax_const(example: Any, value: float) -> numpy.ndarray:
    """JAX's ``lax._const``: ``value`` as a (strong) numpy constant of ``example``'s dtype."""
    return numpy.array(value, dtype=jdt.numpy_dtype(asarray(example)._dtype))


def _cast(a: Array, dt: core.Dtype, weak: bool) -> Array:
    if a._dtype == dt and a.weak_type == weak:
        return a
    native = a.native if a._dtype == dt else ops.astype(a.native, dt)
    return Array._wrap(native, weak, dt)


def constant(value: float, like: Array) -> Any:
    """A 0-d native array of ``like``'s dtype."""
    return ops.asarray(value, dtype=like._dtype)


def axes(axis: Any, ndim: int) -> tuple[int, ...]:
    """A reduction's axes as a tuple of non-negative ints (``None``: all); JAX's
    ValueError for an axis out of range."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, int):
        axis = (axis,)
    bound = max(ndim, 1)
    for a in axis:
        if not -bound <= int(a) < bound:
            raise ValueError(f"axis {a} is out of bounds for array of dimension {ndim}")
    return tuple(int(a) % bound for a in axis)
