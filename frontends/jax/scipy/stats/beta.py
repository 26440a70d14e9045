"""``jax.scipy.stats.beta``: JAX's formulas (``jax/_src/scipy/stats/beta.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.scipy.special import betainc, betaln, xlog1py, xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]


def logpdf(
    x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1
) -> Array:
    x, a, b, loc, scale = promote_args_inexact("beta.logpdf", x, a, b, loc, scale)
    one = _lax_const(x, 1)
    zero = _lax_const(a, 0)
    shape_term = lax.neg(betaln(a, b))
    y = lax.div(lax.sub(x, loc), scale)
    log_linear_term = lax.add(xlogy(lax.sub(a, one), y), xlog1py(lax.sub(b, one), lax.neg(y)))
    log_probs = lax.sub(lax.add(shape_term, log_linear_term), lax.log(scale))
    result = jnp.where(
        jnp.logical_or(lax.gt(x, lax.add(loc, scale)), lax.lt(x, loc)), -np.inf, log_probs
    )
    result_positive_constants = jnp.where(
        jnp.logical_or(jnp.logical_or(lax.le(a, zero), lax.le(b, zero)), lax.le(scale, zero)),
        np.nan,
        result,
    )
    return result_positive_constants


def pdf(
    x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1
) -> Array:
    return lax.exp(logpdf(x, a, b, loc, scale))


def cdf(
    x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1
) -> Array:
    x, a, b, loc, scale = promote_args_inexact("beta.cdf", x, a, b, loc, scale)
    return betainc(
        a, b, lax.clamp(_lax_const(x, 0), lax.div(lax.sub(x, loc), scale), _lax_const(x, 1))
    )


def logcdf(
    x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1
) -> Array:
    return lax.log(cdf(x, a, b, loc, scale))


def sf(x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, a, b, loc, scale = promote_args_inexact("beta.sf", x, a, b, loc, scale)
    return betainc(
        b, a, 1 - lax.clamp(_lax_const(x, 0), lax.div(lax.sub(x, loc), scale), _lax_const(x, 1))
    )


def logsf(
    x: ArrayLike, a: ArrayLike, b: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1
) -> Array:
    return lax.log(sf(x, a, b, loc, scale))
