"""``jax.scipy.stats.gumbel_l``: JAX's formulas (``jax/_src/scipy/stats/gumbel_l.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.scipy.special import xlog1py, xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "logcdf", "cdf", "ppf", "sf", "logsf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("gumbel_l.logpdf", x, loc, scale)
    ok = lax.gt(scale, _lax_const(scale, 0))
    z = lax.div(lax.sub(x, loc), scale)
    neg_log_scale = xlogy(-1, scale)
    t2 = lax.sub(z, lax.exp(z))
    log_pdf = lax.add(neg_log_scale, t2)
    return jnp.where(ok, log_pdf, np.nan)


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, loc, scale))


def logcdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("gumbel_l.logcdf", x, loc, scale)
    ok = lax.gt(scale, _lax_const(scale, 0))
    z = lax.div(lax.sub(x, loc), scale)
    neg_exp_z = lax.neg(lax.exp(z))
    log_cdf = lax.log(-lax.expm1(neg_exp_z))
    return jnp.where(ok, log_cdf, np.nan)


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logcdf(x, loc, scale))


def ppf(p: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    p, loc, scale = promote_args_inexact("gumbel_l.ppf", p, loc, scale)
    ok = lax.bitwise_and(lax.gt(p, _lax_const(p, 0)), lax.lt(p, _lax_const(p, 1)))
    t1 = xlog1py(-1, lax.neg(p))
    t = lax.mul(scale, lax.log(t1))
    quantile = lax.add(loc, t)
    return jnp.where(ok, quantile, np.nan)


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return jnp.exp(logsf(x, loc, scale))


def logsf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("gumbel_l.logsf", x, loc, scale)
    ok = lax.gt(scale, _lax_const(scale, 0))
    z = lax.div(lax.sub(x, loc), scale)
    log_sf = lax.neg(lax.exp(z))
    return jnp.where(ok, log_sf, np.nan)
