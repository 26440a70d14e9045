"""``jax.scipy.stats.gennorm``: JAX's formulas (``jax/_src/scipy/stats/gennorm.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

from frontends.jax import Array, lax
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "cdf", "pdf"]


def logpdf(x: ArrayLike, beta: ArrayLike) -> Array:
    x, beta = promote_args_inexact("gennorm.logpdf", x, beta)
    return lax.log(0.5 * beta) - lax.lgamma(1 / beta) - lax.abs(x) ** beta


def cdf(x: ArrayLike, beta: ArrayLike) -> Array:
    x, beta = promote_args_inexact("gennorm.cdf", x, beta)
    return 0.5 * (1 + lax.sign(x) * lax.igamma(1 / beta, lax.abs(x) ** beta))


def pdf(x: ArrayLike, beta: ArrayLike) -> Array:
    return lax.exp(logpdf(x, beta))
