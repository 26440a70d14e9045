"""``jax.scipy.stats.dirichlet``: JAX's formulas (``jax/_src/scipy/stats/dirichlet.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_dtypes_inexact
from frontends.jax.scipy.special import gammaln, xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf"]


def _is_simplex(x: Array) -> Array:
    x_sum = jnp.sum(x, axis=0)
    return jnp.all(x > 0, axis=0) & (abs(x_sum - 1) < 1e-06)


def logpdf(x: ArrayLike, alpha: ArrayLike) -> Array:
    return _logpdf(*promote_dtypes_inexact(x, alpha))


def _logpdf(x: Array, alpha: Array) -> Array:
    if alpha.ndim != 1:
        raise ValueError(f"`alpha` must be one-dimensional; got alpha.shape={alpha.shape}")
    if x.shape[0] not in (alpha.shape[0], alpha.shape[0] - 1):
        raise ValueError(
            f"`x` must have either the same number of entries as `alpha` or one entry fewer; got x.shape={x.shape}, alpha.shape={alpha.shape}"
        )
    one = _lax_const(x, 1)
    if x.shape[0] != alpha.shape[0]:
        x = jnp.concatenate([x, lax.sub(one, x.sum(0, keepdims=True))], axis=0)
    normalize_term = jnp.sum(gammaln(alpha)) - gammaln(jnp.sum(alpha))
    if x.ndim > 1:
        alpha = lax.broadcast_in_dim(alpha, alpha.shape + (1,) * (x.ndim - 1), (0,))
    log_probs = lax.sub(jnp.sum(xlogy(lax.sub(alpha, one), x), axis=0), normalize_term)
    return jnp.where(_is_simplex(x), log_probs, -np.inf)


def pdf(x: ArrayLike, alpha: ArrayLike) -> Array:
    return lax.exp(logpdf(x, alpha))
