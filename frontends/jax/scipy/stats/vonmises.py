"""``jax.scipy.stats.vonmises``: JAX's formulas (``jax/_src/scipy/stats/vonmises.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf"]


def logpdf(x: ArrayLike, kappa: ArrayLike) -> Array:
    x, kappa = promote_args_inexact("vonmises.logpdf", x, kappa)
    zero = _lax_const(kappa, 0)
    return jnp.where(
        lax.gt(kappa, zero),
        kappa * (jnp.cos(x) - 1) - jnp.log(2 * np.pi * lax.bessel_i0e(kappa)),
        np.nan,
    )


def pdf(x: ArrayLike, kappa: ArrayLike) -> Array:
    return lax.exp(logpdf(x, kappa))
