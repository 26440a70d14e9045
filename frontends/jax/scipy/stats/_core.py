"""``jax.scipy.stats.mode``, ``rankdata`` and ``sem``: JAX's code
(``jax/_src/scipy/stats/_core.py``) on the frontend's ``lax`` and ``jax.numpy``."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax._src.api import vmap
from frontends.jax._src.dtypes import default_dtype
from frontends.jax.scipy._promote import check_arraylike, promote_args_inexact
from frontends.jax.typing import ArrayLike


def canonicalize_axis(axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


class ModeResult(NamedTuple):
    mode: Array
    count: Array


def mode(
    a: ArrayLike, axis: int | None = 0, nan_policy: str = "propagate", keepdims: bool = False
) -> ModeResult:
    check_arraylike("mode", a)
    x = jnp.atleast_1d(a)
    if nan_policy not in ["propagate", "omit", "raise"]:
        raise ValueError(
            f"Illegal nan_policy value {nan_policy!r}; expected one of {{'propagate', 'omit', 'raise'}}"
        )
    if nan_policy == "omit":
        raise NotImplementedError(f"Logic for `nan_policy` of {nan_policy} is not implemented")
    if nan_policy == "raise":
        raise NotImplementedError(
            "In order to best JIT compile `mode`, we cannot know whether `x` contains nans. Please check if nans exist in `x` outside of the `mode` function."
        )
    if axis is not None:
        axis = canonicalize_axis(axis, x.ndim)
    input_shape = x.shape
    if keepdims:
        if axis is None:
            output_shape = tuple(1 for i in input_shape)
        else:
            output_shape = tuple((1 if i == axis else s for i, s in enumerate(input_shape)))
    elif axis is None:
        output_shape = ()
    else:
        output_shape = tuple((s for i, s in enumerate(input_shape) if i != axis))
    if axis is None:
        axis = 0
        x = x.ravel()

    def _mode_helper(x: Array) -> tuple[Array, Array]:
        if x.size == 0:
            return (
                jnp.array(np.nan, dtype=default_dtype("f")),
                jnp.array(0, dtype=default_dtype("f")),
            )
        else:
            vals, counts = jnp.unique(x, return_counts=True, size=x.size)
            return (vals[jnp.argmax(counts)], counts.max())

    x = jnp.moveaxis(x, axis, 0)
    x = x.reshape(x.shape[0], math.prod(x.shape[1:]))
    vals, counts = vmap(_mode_helper, in_axes=1)(x)
    return ModeResult(vals.reshape(output_shape), counts.reshape(output_shape))


def invert_permutation(i: Array) -> Array:
    return jnp.empty_like(i).at[i].set(jnp.arange(i.size, dtype=i.dtype))


def rankdata(
    a: ArrayLike, method: str = "average", *, axis: int | None = None, nan_policy: str = "propagate"
) -> Array:
    check_arraylike("rankdata", a)
    if nan_policy not in ["propagate", "omit", "raise"]:
        raise ValueError(
            f"Illegal nan_policy value {nan_policy!r}; expected one of {{'propagate', 'omit', 'raise'}}"
        )
    if nan_policy == "omit":
        raise NotImplementedError(f"Logic for `nan_policy` of {nan_policy} is not implemented")
    if nan_policy == "raise":
        raise NotImplementedError(
            "In order to best JIT compile `rankdata`, we cannot know whether `x` contains nans. Please check if nans exist in `x` outside of the `rankdata` function."
        )
    if method not in ("average", "min", "max", "dense", "ordinal"):
        raise ValueError(f"unknown method '{method}'")
    if axis is not None:
        return jnp.apply_along_axis(rankdata, axis, a, method)
    a = jnp.ravel(a)
    out_dtype = default_dtype("f")

    def _rankdata(a: Array) -> Array:
        arr, sorter = lax.sort_key_val(a, jnp.arange(a.size))
        inv = invert_permutation(sorter)
        if method == "ordinal":
            return (inv + 1).astype(out_dtype)
        obs = jnp.concatenate([jnp.array([True]), arr[1:] != arr[:-1]])
        dense = obs.cumsum()[inv]
        if method == "dense":
            return dense.astype(out_dtype)
        count = jnp.nonzero(obs, size=arr.size + 1, fill_value=obs.size)[0].astype(out_dtype)
        if method == "max":
            return count[dense]
        if method == "min":
            return count[dense - 1] + 1
        if method == "average":
            return 0.5 * (count[dense] + count[dense - 1] + 1)
        raise ValueError(f"unknown method '{method}'")

    return lax.cond(
        jnp.any(jnp.isnan(a)), lambda a: jnp.full_like(a, jnp.nan, out_dtype), _rankdata, a
    )


def sem(
    a: ArrayLike,
    axis: int | None = 0,
    ddof: int = 1,
    nan_policy: str = "propagate",
    *,
    keepdims: bool = False,
) -> Array:
    (b,) = promote_args_inexact("sem", a)
    if nan_policy == "propagate":
        size = b.size if axis is None else b.shape[axis]
        return b.std(axis, ddof=ddof, keepdims=keepdims) / jnp.sqrt(size).astype(b.dtype)
    elif nan_policy == "omit":
        count = (~jnp.isnan(b)).sum(axis, keepdims=keepdims)
        return jnp.nanstd(b, axis, ddof=ddof, keepdims=keepdims) / jnp.sqrt(count).astype(b.dtype)
    else:
        raise ValueError(f"{nan_policy} is not supported")
