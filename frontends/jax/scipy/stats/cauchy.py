"""``jax.scipy.stats.cauchy``: JAX's formulas (``jax/_src/scipy/stats/cauchy.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax.numpy import arctan
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf", "isf", "ppf"]


def logpdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("cauchy.logpdf", x, loc, scale)
    pi = _lax_const(x, np.pi)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    normalize_term = lax.log(lax.mul(pi, scale))
    return lax.neg(lax.add(normalize_term, lax.log1p(lax.mul(scaled_x, scaled_x))))


def pdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.exp(logpdf(x, loc, scale))


def cdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("cauchy.cdf", x, loc, scale)
    pi = _lax_const(x, np.pi)
    scaled_x = lax.div(lax.sub(x, loc), scale)
    return lax.add(_lax_const(x, 0.5), lax.mul(lax.div(_lax_const(x, 1.0), pi), arctan(scaled_x)))


def logcdf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    return lax.log(cdf(x, loc, scale))


def sf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("cauchy.sf", x, loc, scale)
    return cdf(-x, -loc, scale)


def logsf(x: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    x, loc, scale = promote_args_inexact("cauchy.logsf", x, loc, scale)
    return logcdf(-x, -loc, scale)


def isf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    q, loc, scale = promote_args_inexact("cauchy.isf", q, loc, scale)
    pi = _lax_const(q, np.pi)
    half_pi = _lax_const(q, np.pi / 2)
    unscaled = lax.tan(lax.sub(half_pi, lax.mul(pi, q)))
    return lax.add(lax.mul(unscaled, scale), loc)


def ppf(q: ArrayLike, loc: ArrayLike = 0, scale: ArrayLike = 1) -> Array:
    q, loc, scale = promote_args_inexact("cauchy.ppf", q, loc, scale)
    pi = _lax_const(q, np.pi)
    half_pi = _lax_const(q, np.pi / 2)
    unscaled = lax.tan(lax.sub(lax.mul(pi, q), half_pi))
    return lax.add(lax.mul(unscaled, scale), loc)
