"""``jax.scipy.stats.gamma``: JAX's formulas (``jax/_src/scipy/stats/gamma.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.scipy.special import gammainc, gammaincc, gammaln, xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]


def logpdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, a, loc, scale = promote_args_inexact("gamma.logpdf", x, a, loc, scale)
    ok = lax.ge(x, loc)
    one = _lax_const(x, 1)
    y = jnp.where(ok, lax.div(lax.sub(x, loc), scale), one)
    log_linear_term = lax.sub(xlogy(lax.sub(a, one), y), y)
    shape_terms = lax.add(gammaln(a), lax.log(scale))
    log_probs = lax.sub(log_linear_term, shape_terms)
    return jnp.where(ok, log_probs, -np.inf)


def pdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, a, loc, scale))


def cdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, a, loc, scale = promote_args_inexact("gamma.cdf", x, a, loc, scale)
    return gammainc(
        a, lax.clamp(_lax_const(x, 0), lax.div(lax.sub(x, loc), scale), _lax_const(x, np.inf))
    )


def logcdf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.log(cdf(x, a, loc, scale))


def sf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, a, loc, scale = promote_args_inexact("gamma.sf", x, a, loc, scale)
    y = lax.div(lax.sub(x, loc), scale)
    return jnp.where(lax.lt(y, _lax_const(y, 0)), 1, gammaincc(a, y))


def logsf(x: ArrayLike, a: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.log(sf(x, a, loc, scale))
