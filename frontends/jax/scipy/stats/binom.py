"""``jax.scipy.stats.binom``: JAX's formulas (``jax/_src/scipy/stats/binom.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.scipy.special import gammaln, xlog1py, xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpmf", "pmf"]


def logpmf(k: ArrayLike, n: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> Array:
    k, n, p, loc = promote_args_inexact("binom.logpmf", k, n, p, loc)
    y = lax.sub(k, loc)
    zero = _lax_const(y, 0)
    comb_term = lax.sub(gammaln(n + 1), lax.add(gammaln(y + 1), gammaln(n - y + 1)))
    log_linear_term = lax.add(xlogy(y, p), xlog1py(lax.sub(n, y), lax.neg(p)))
    log_probs = lax.add(comb_term, log_linear_term)
    y_n_cond = jnp.logical_or(
        jnp.logical_and(lax.eq(y, zero), lax.eq(n, zero)), lax.eq(log_linear_term, zero)
    )
    log_probs = jnp.where(y_n_cond, 0.0, log_probs)
    return jnp.where(lax.ge(k, loc) & lax.lt(k, loc + n + 1), log_probs, -np.inf)


def pmf(k: ArrayLike, n: ArrayLike, p: ArrayLike, loc: ArrayLike = 0) -> Array:
    return lax.exp(logpmf(k, n, p, loc))
