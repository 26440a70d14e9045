"""``jax.scipy.stats.multivariate_normal``: JAX's formulas
(``jax/_src/scipy/stats/multivariate_normal.py``) on the frontend's ``jax.numpy``; the
whitening solve is ``jax.scipy.linalg.solve_triangular`` (JAX calls ``lax.linalg``)."""

from __future__ import annotations

from functools import partial

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import promote_dtypes_inexact
from frontends.jax.scipy.linalg import solve_triangular
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf"]


def logpdf(x: ArrayLike, mean: ArrayLike, cov: ArrayLike, allow_singular: None = None) -> ArrayLike:
    if allow_singular is not None:
        raise NotImplementedError("allow_singular argument of multivariate_normal.logpdf")
    x, mean, cov = promote_dtypes_inexact(x, mean, cov)
    if not mean.shape:
        return -1 / 2 * jnp.square(x - mean) / cov - 1 / 2 * (jnp.log(2 * np.pi) + jnp.log(cov))
    else:
        n = mean.shape[-1]
        if not np.shape(cov):
            y = x - mean
            return -1 / 2 * jnp.einsum("...i,...i->...", y, y) / cov - n / 2 * (
                jnp.log(2 * np.pi) + jnp.log(cov)
            )
        else:
            if cov.ndim < 2 or cov.shape[-2:] != (n, n):
                raise ValueError("multivariate_normal.logpdf got incompatible shapes")
            L = jnp.linalg.cholesky(cov)
            y = jnp.vectorize(partial(solve_triangular, lower=True), signature="(n,n),(n)->(n)")(
                L, x - mean
            )
            return (
                -1 / 2 * jnp.einsum("...i,...i->...", y, y)
                - n / 2 * jnp.log(2 * np.pi)
                - jnp.log(L.diagonal(axis1=-1, axis2=-2)).sum(-1)
            )


def pdf(x: ArrayLike, mean: ArrayLike, cov: ArrayLike) -> Array:
    return lax.exp(logpdf(x, mean, cov))
