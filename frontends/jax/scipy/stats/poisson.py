"""``jax.scipy.stats.poisson``: JAX's formulas (``jax/_src/scipy/stats/poisson.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import (
    ensure_arraylike,
    promote_args_inexact,
    promote_dtypes_inexact,
)
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy.special import entr, gammaincc, gammaln, xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpmf", "pmf", "cdf", "entropy"]


def logpmf(k: ArrayLike, mu: ArrayLike, loc: ArrayLike = 0) -> Array:
    k, mu, loc = promote_args_inexact("poisson.logpmf", k, mu, loc)
    zero = _lax_const(k, 0)
    x = lax.sub(k, loc)
    log_probs = xlogy(x, mu) - gammaln(x + 1) - mu
    return jnp.where(jnp.logical_or(lax.lt(x, zero), lax.ne(jnp.round(k), k)), -np.inf, log_probs)


def pmf(k: ArrayLike, mu: ArrayLike, loc: ArrayLike = 0) -> Array:
    return jnp.exp(logpmf(k, mu, loc))


def cdf(k: ArrayLike, mu: ArrayLike, loc: ArrayLike = 0) -> Array:
    k, mu, loc = promote_args_inexact("poisson.logpmf", k, mu, loc)
    zero = _lax_const(k, 0)
    x = lax.sub(k, loc)
    p = gammaincc(jnp.floor(1 + x), mu)
    return jnp.where(lax.lt(x, zero), zero, p)


def entropy(mu: ArrayLike, loc: ArrayLike = 0) -> Array:
    mu, loc = ensure_arraylike("poisson.entropy", mu, loc)
    promoted_mu, promoted_loc = promote_dtypes_inexact(mu, loc)
    result_shape = jnp.broadcast_shapes(promoted_mu.shape, promoted_loc.shape)
    mu_flat = jnp.ravel(promoted_mu)
    zero_result = jnp.zeros_like(mu_flat)
    result = jnp.where(
        mu_flat == 0,
        zero_result,
        jnp.where(
            mu_flat < 10,
            _entropy_small_mu(mu_flat),
            jnp.where(mu_flat < 100, _entropy_medium_mu(mu_flat), _entropy_large_mu(mu_flat)),
        ),
    )
    result_mu_shape = jnp.reshape(result, promoted_mu.shape)
    return jnp.broadcast_to(result_mu_shape, result_shape)


def _entropy_small_mu(mu: Array) -> Array:
    max_k = 35
    k = jnp.arange(max_k, dtype=mu.dtype)[:, None]
    probs = pmf(k, mu, 0)
    upper_bounds = jnp.ceil(mu + 20).astype(k.dtype)
    mask = k < upper_bounds[None, :]
    probs_masked = jnp.where(mask, probs, 0.0)
    return jnp.sum(entr(probs_masked), axis=0)


def _entropy_medium_mu(mu: Array) -> Array:
    max_k = 250
    k = jnp.arange(max_k, dtype=mu.dtype)[:, None]
    probs = pmf(k, mu, 0)
    upper_bounds = jnp.ceil(mu + 10 * jnp.sqrt(mu) + 20).astype(k.dtype)
    mask = k < upper_bounds[None, :]
    probs_masked = jnp.where(mask, probs, 0.0)
    return jnp.sum(entr(probs_masked), axis=0)


def _entropy_large_mu(mu: Array) -> Array:
    return 0.5 * jnp.log(2 * np.pi * np.e * mu) - 1.0 / (12 * mu)
