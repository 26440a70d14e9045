"""``jax.scipy.stats.expon``: JAX's formulas (``jax/_src/scipy/stats/expon.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "cdf", "logcdf", "logsf", "sf", "ppf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("expon.logpdf", x, loc, scale)
    log_scale = lax.log(scale)
    linear_term = lax.div(lax.sub(x, loc), scale)
    log_probs = lax.neg(lax.add(linear_term, log_scale))
    return jnp.where(lax.lt(x, loc), -np.inf, log_probs)


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, loc, scale))


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("expon.cdf", x, loc, scale)
    neg_scaled_x = lax.div(lax.sub(loc, x), scale)
    return jnp.where(lax.lt(x, loc), jnp.zeros_like(neg_scaled_x), lax.neg(lax.expm1(neg_scaled_x)))


def logcdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.log1p(lax.neg(sf(x, loc, scale)))


def logsf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("expon.sf", x, loc, scale)
    neg_scaled_x = lax.div(lax.sub(loc, x), scale)
    return jnp.where(lax.lt(x, loc), jnp.zeros_like(neg_scaled_x), neg_scaled_x)


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logsf(x, loc, scale))


def ppf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    q, loc, scale = promote_args_inexact("expon.ppf", q, loc, scale)
    return jnp.where(
        jnp.isnan(q) | (q < 0) | (q > 1),
        np.nan,
        lax.sub(loc, lax.mul(scale, lax.log1p(lax.neg(q)))),
    )
