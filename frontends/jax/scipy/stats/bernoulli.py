"""``jax.scipy.stats.bernoulli``: JAX's formulas (``jax/_src/scipy/stats/bernoulli.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.scipy.special import xlog1py, xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpmf", "pmf", "cdf", "ppf"]


def logpmf(k: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> Array:
    k, p, loc = promote_args_inexact("bernoulli.logpmf", k, p, loc)
    zero = _lax_const(k, 0)
    one = _lax_const(k, 1)
    x = lax.sub(k, loc)
    log_probs = xlogy(x, p) + xlog1py(lax.sub(one, x), -p)
    return jnp.where(jnp.logical_or(lax.lt(x, zero), lax.gt(x, one)), -np.inf, log_probs)


def pmf(k: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> Array:
    return jnp.exp(logpmf(k, p, loc))


def cdf(k: ArrayLike, p: ArrayLike) -> Array:
    k, p = promote_args_inexact("bernoulli.cdf", k, p)
    zero, one = (_lax_const(k, 0), _lax_const(k, 1))
    conds = [
        jnp.isnan(k) | jnp.isnan(p) | (p < zero) | (p > one),
        lax.lt(k, zero),
        jnp.logical_and(lax.ge(k, zero), lax.lt(k, one)),
        lax.ge(k, one),
    ]
    vals = [jnp.nan, zero, one - p, one]
    return jnp.select(conds, vals)


def ppf(q: ArrayLike, p: ArrayLike) -> Array:
    q, p = promote_args_inexact("bernoulli.ppf", q, p)
    zero, one = (_lax_const(q, 0), _lax_const(q, 1))
    return jnp.where(
        jnp.isnan(q) | jnp.isnan(p) | (p < zero) | (p > one) | (q < zero) | (q > one),
        jnp.nan,
        jnp.where(lax.le(q, one - p), zero, one),
    )
