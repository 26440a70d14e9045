"""``jax.lax``'s collectives over named axes (``psum``, ``all_gather``, ...).

On the jax backend each is real JAX's, on the natives, inside a real ``shard_map``, ``pmap``
or ``vmap`` with ``axis_name``. Elsewhere the only axes are those of a one-device
``shard_map``/``pmap``, each of size 1, and each collective gives what JAX gives over an
axis of size 1. A value that an enclosing ``jax.grad`` differentiates is refused (core's
autodiff engine has no rule for collectives): differentiate inside the mapped function.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core import native as ops
from frontends.jax import tree_util
from frontends.jax._src import sharding
from frontends.jax._src.array import Array

__all__ = [
    "psum", "pmean", "pmax", "pmin", "all_gather", "psum_scatter", "ppermute", "pshuffle",
    "all_to_all", "axis_index", "axis_size",
]  # fmt: skip


def _names(axis_name: Any) -> tuple[Any, ...]:
    return tuple(axis_name) if isinstance(axis_name, (tuple, list)) else (axis_name,)


def _check_bound(axis_name: Any) -> None:
    for name in _names(axis_name):
        if name in sharding.looped_axes:
            raise NotImplementedError(
                f"a collective over the vmap axis {name!r} needs the jax backend: on the "
                f"{sharding.core.current_backend().name} backend vmap runs one element at a "
                "time, so no value of the other elements exists to reduce over"
            )
        if name not in sharding.bound_axes:
            raise NameError(
                f"unbound axis name: {name}. The following axis names (e.g. defined by "
                f"pmap) are available to collective operations: {sharding.bound_axes}"
            )


def _apply(what: str, x: Any, real: Any, one_device: Any) -> Any:
    """``real(native)`` (jax backend) or ``one_device(native)`` on each array leaf."""
    on_jax = sharding.on_jax()
    arrays, treedef = sharding.leaves_as_arrays(x)
    out = []
    for array in arrays:
        sharding.check_untracked(array, f"jax.lax.{what}")
        native = real(array.native) if on_jax else one_device(array.native)
        out.append(type(array)._wrap(native, array.weak_type, array._dtype))
    return tree_util.tree_unflatten(treedef, out)


def _reduction(name: str) -> Any:
    def collective(x: Any, axis_name: Any, *, axis_index_groups: Any = None) -> Any:
        if not sharding.on_jax():
            _check_bound(axis_name)
        real = getattr(sharding.real_jax().lax, name) if sharding.on_jax() else None
        return _apply(
            name, x, lambda n: real(n, axis_name, axis_index_groups=axis_index_groups),
            lambda n: n,
        )  # fmt: skip

    collective.__name__ = collective.__qualname__ = name
    collective.__doc__ = f"``jax.lax.{name}``: over axes of size 1, ``x`` itself."
    return collective


psum = _reduction("psum")
pmean = _reduction("pmean")
pmax = _reduction("pmax")
pmin = _reduction("pmin")


def all_gather(x: Any, axis_name: Any, *, axis_index_groups: Any = None, axis: int = 0,
               tiled: bool = False, **kwargs: Any) -> Any:  # fmt: skip
    """``jax.lax.all_gather``: over an axis of size 1, ``x`` with a new axis of size 1
    (``tiled``: ``x``)."""
    if sharding.on_jax():
        lax = sharding.real_jax().lax
        return _apply(
            "all_gather", x,
            lambda n: lax.all_gather(n, axis_name, axis_index_groups=axis_index_groups,
                                     axis=axis, tiled=tiled, **kwargs),
            None,
        )  # fmt: skip
    _check_bound(axis_name)
    return _apply("all_gather", x, None, lambda n: n if tiled else ops.expand_dims(n, axis=axis))


def _sized_collective(name: str, x: Any, axis_name: Any, args: tuple, kwargs: dict[str, Any],
                      dim: int, label: str, untiled: Any) -> Any:  # fmt: skip
    """``jax.lax.<name>(x, axis_name, *args, **kwargs)``, for the collectives that split
    ``dim`` into one part per device: real JAX's on the jax backend; over an axis of size
    1, ``x`` when ``tiled``, else ``untiled(native)`` of a ``dim`` of size 1 (JAX's
    ValueError, naming the ``label``, for another size)."""
    if sharding.on_jax():
        real = getattr(sharding.real_jax().lax, name)
        return _apply(name, x, lambda n: real(n, axis_name, *args, **kwargs), None)
    _check_bound(axis_name)

    def one(n: Any) -> Any:
        if kwargs["tiled"]:
            return n
        if n.shape[dim] != 1:
            raise ValueError(
                f"{name} requires the {label} ({n.shape[dim]}) to equal the axis size (1)"
            )
        return untiled(n)

    return _apply(name, x, None, one)


def psum_scatter(x: Any, axis_name: Any, *, scatter_dimension: int = 0,
                 axis_index_groups: Any = None, tiled: bool = False) -> Any:  # fmt: skip
    """``jax.lax.psum_scatter``: over an axis of size 1, ``x`` (untiled: without its
    ``scatter_dimension``, which must have size 1)."""
    kwargs = dict(scatter_dimension=scatter_dimension, axis_index_groups=axis_index_groups,
                  tiled=tiled)  # fmt: skip
    return _sized_collective(
        "psum_scatter", x, axis_name, (), kwargs, scatter_dimension, "scatter dimension",
        lambda n: ops.squeeze(n, axis=scatter_dimension),
    )  # fmt: skip


def ppermute(x: Any, axis_name: Any, perm: Sequence[tuple[int, int]]) -> Any:
    """``jax.lax.ppermute``: over an axis of size 1, ``x`` where ``(0, 0)`` is in ``perm``,
    zeros otherwise."""
    perm = [tuple(p) for p in perm]
    if sharding.on_jax():
        lax = sharding.real_jax().lax
        return _apply("ppermute", x, lambda n: lax.ppermute(n, axis_name, perm), None)
    _check_bound(axis_name)
    for pair in perm:
        if any(i != 0 for i in pair):
            raise ValueError(
                f"ppermute sources and destinations must be in [0, 1) (the axis size), got {perm}"
            )
    return _apply("ppermute", x, None, lambda n: n if perm else ops.zeros_like(n))


def pshuffle(x: Any, axis_name: Any, perm: Sequence[int]) -> Any:
    """``jax.lax.pshuffle``: ``ppermute`` with ``perm[i]`` sent to ``i``."""
    return ppermute(x, axis_name, [(src, dst) for dst, src in enumerate(perm)])


def all_to_all(x: Any, axis_name: Any, split_axis: int, concat_axis: int, *,
               axis_index_groups: Any = None, tiled: bool = False) -> Any:  # fmt: skip
    """``jax.lax.all_to_all``: over an axis of size 1, ``x`` (untiled: its ``split_axis``,
    of size 1, moved to ``concat_axis``)."""
    return _sized_collective(
        "all_to_all", x, axis_name, (split_axis, concat_axis),
        dict(axis_index_groups=axis_index_groups, tiled=tiled), split_axis, "split axis",
        lambda n: ops.moveaxis(n, split_axis, concat_axis),
    )  # fmt: skip


def axis_index(axis_name: Any) -> Array:
    """``jax.lax.axis_index``: 0 on an axis of size 1."""
    if sharding.on_jax():
        return Array._wrap(sharding.real_jax().lax.axis_index(axis_name))
    _check_bound(axis_name)
    from frontends.jax import numpy as jnp

    return jnp.asarray(0, dtype="int32")


def axis_size(axis_name: Any) -> int:
    """``jax.lax.axis_size``: the size of the named axis (1 off the jax backend)."""
    if sharding.on_jax():
        return sharding.real_jax().lax.axis_size(axis_name)
    _check_bound(axis_name)
    return 1
