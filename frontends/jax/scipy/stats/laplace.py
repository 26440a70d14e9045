"""``jax.scipy.stats.laplace``: JAX's formulas (``jax/_src/scipy/stats/laplace.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

from frontends.jax import Array, lax
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "cdf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("laplace.logpdf", x, loc, scale)
    two = _lax_const(x, 2)
    linear_term = lax.div(lax.abs(lax.sub(x, loc)), scale)
    return lax.neg(lax.add(linear_term, lax.log(lax.mul(two, scale))))


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, loc, scale))


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("laplace.cdf", x, loc, scale)
    half = _lax_const(x, 0.5)
    one = _lax_const(x, 1)
    zero = _lax_const(x, 0)
    diff = lax.div(lax.sub(x, loc), scale)
    return lax.select(
        lax.le(diff, zero),
        lax.mul(half, lax.exp(diff)),
        lax.sub(one, lax.mul(half, lax.exp(lax.neg(diff)))),
    )
