"""``jax.scipy.stats.gumbel_r``: JAX's formulas (``jax/_src/scipy/stats/gumbel_r.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.nn import log1mexp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.scipy.special import xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "logcdf", "cdf", "ppf", "sf", "logsf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("gumbel_r.logpdf", x, loc, scale)
    ok = lax.gt(scale, _lax_const(scale, 0))
    z = lax.div(lax.sub(x, loc), scale)
    neg_log_scale = xlogy(-1, scale)
    t2 = lax.neg(lax.add(z, lax.exp(lax.neg(z))))
    log_pdf = lax.add(neg_log_scale, t2)
    return jnp.where(ok, log_pdf, np.nan)


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, loc, scale))


def logcdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("gumbel_r.logcdf", x, loc, scale)
    ok = lax.gt(scale, _lax_const(scale, 0))
    z = lax.div(lax.sub(x, loc), scale)
    log_cdf = lax.neg(lax.exp(lax.neg(z)))
    return jnp.where(ok, log_cdf, np.nan)


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logcdf(x, loc, scale))


def ppf(p: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    p, loc, scale = promote_args_inexact("gumbel_r.ppf", p, loc, scale)
    ok = lax.bitwise_and(lax.gt(p, _lax_const(p, 0)), lax.lt(p, _lax_const(p, 1)))
    t1 = xlogy(-1, p)
    t = lax.mul(scale, lax.log(t1))
    quantile = lax.sub(loc, t)
    return jnp.where(ok, quantile, np.nan)


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("gumbel_r.sf", x, loc, scale)
    ok = lax.gt(scale, _lax_const(scale, 0))
    neg_z = lax.div(lax.sub(loc, x), scale)
    t1 = lax.exp(lax.neg(lax.exp(neg_z)))
    _sf = lax.sub(_lax_const(x, 1), t1)
    return jnp.where(ok, _sf, np.nan)


def logsf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("gumbel_r.logsf", x, loc, scale)
    ok = lax.gt(scale, _lax_const(scale, 0))
    neg_z = lax.div(lax.sub(loc, x), scale)
    log_sf = log1mexp(lax.exp(neg_z))
    return jnp.where(ok, log_sf, np.nan)
