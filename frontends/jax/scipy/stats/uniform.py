"""``jax.scipy.stats.uniform``: JAX's formulas (``jax/_src/scipy/stats/uniform.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "cdf", "ppf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("uniform.logpdf", x, loc, scale)
    log_probs = lax.neg(lax.log(scale))
    return jnp.where(
        jnp.logical_or(lax.gt(x, lax.add(loc, scale)), lax.lt(x, loc)), -np.inf, log_probs
    )


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, loc, scale))


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("uniform.cdf", x, loc, scale)
    zero, one = (jnp.array(0, x.dtype), jnp.array(1, x.dtype))
    conds = [
        lax.lt(x, loc),
        lax.gt(x, lax.add(loc, scale)),
        lax.ge(x, loc) & lax.le(x, lax.add(loc, scale)),
    ]
    vals = [zero, one, lax.div(lax.sub(x, loc), scale)]
    return jnp.select(conds, vals)


def ppf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    q, loc, scale = promote_args_inexact("uniform.ppf", q, loc, scale)
    return jnp.where(jnp.isnan(q) | (q < 0) | (q > 1), np.nan, lax.add(loc, lax.mul(scale, q)))
