"""``jax.scipy.stats.chi2``: JAX's formulas (``jax/_src/scipy/stats/chi2.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.scipy.special import gammainc, gammaincc
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]


def logpdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, df, loc, scale = promote_args_inexact("chi2.logpdf", x, df, loc, scale)
    one = _lax_const(x, 1)
    two = _lax_const(x, 2)
    y = lax.div(lax.sub(x, loc), scale)
    df_on_two = lax.div(df, two)
    kernel = lax.sub(lax.mul(lax.sub(df_on_two, one), lax.log(y)), lax.div(y, two))
    nrml_cnst = lax.neg(lax.add(lax.lgamma(df_on_two), lax.div(lax.mul(lax.log(two), df), two)))
    log_probs = lax.add(lax.sub(nrml_cnst, lax.log(scale)), kernel)
    return jnp.where(lax.lt(x, loc), -np.inf, log_probs)


def pdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, df, loc, scale))


def cdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, df, loc, scale = promote_args_inexact("chi2.cdf", x, df, loc, scale)
    two = _lax_const(scale, 2)
    return gammainc(
        lax.div(df, two),
        lax.clamp(
            _lax_const(x, 0), lax.div(lax.sub(x, loc), lax.mul(scale, two)), _lax_const(x, np.inf)
        ),
    )


def logcdf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.log(cdf(x, df, loc, scale))


def sf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, df, loc, scale = promote_args_inexact("chi2.sf", x, df, loc, scale)
    two = _lax_const(scale, 2)
    return gammaincc(
        lax.div(df, two),
        lax.clamp(
            _lax_const(x, 0), lax.div(lax.sub(x, loc), lax.mul(scale, two)), _lax_const(x, np.inf)
        ),
    )


def logsf(x: ArrayLike, df: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.log(sf(x, df, loc, scale))
