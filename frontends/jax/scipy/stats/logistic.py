"""``jax.scipy.stats.logistic``: JAX's formulas (``jax/_src/scipy/stats/logistic.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.scipy.special import expit, logit
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "ppf", "sf", "isf", "cdf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("logistic.logpdf", x, loc, scale)
    x = lax.div(lax.sub(x, loc), scale)
    two = _lax_const(x, 2)
    half_x = lax.div(x, two)
    return lax.sub(lax.mul(lax.neg(two), jnp.logaddexp(half_x, lax.neg(half_x))), lax.log(scale))


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, loc, scale))


def ppf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("logistic.ppf", x, loc, scale)
    return lax.add(lax.mul(logit(x), scale), loc)


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("logistic.sf", x, loc, scale)
    return expit(lax.neg(lax.div(lax.sub(x, loc), scale)))


def isf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("logistic.isf", x, loc, scale)
    return lax.add(lax.mul(lax.neg(logit(x)), scale), loc)


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("logistic.cdf", x, loc, scale)
    return expit(lax.div(lax.sub(x, loc), scale))
