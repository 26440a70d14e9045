"""``jax.scipy.stats.wrapcauchy``: JAX's formulas (``jax/_src/scipy/stats/wrapcauchy.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import lax_const as _lax_const
from frontends.jax.scipy._promote import promote_args_inexact
from frontends.jax.typing import ArrayLike

__all__ = ["logpdf", "pdf"]


def logpdf(x: ArrayLike, c: ArrayLike) -> Array:
    x, c = promote_args_inexact("wrapcauchy.logpdf", x, c)
    return jnp.where(
        lax.gt(c, _lax_const(c, 0)) & lax.lt(c, _lax_const(c, 1)),
        jnp.where(
            lax.ge(x, _lax_const(x, 0)) & lax.le(x, _lax_const(x, np.pi * 2)),
            jnp.log(1 - c * c) - jnp.log(2 * np.pi) - jnp.log(1 + c * c - 2 * c * jnp.cos(x)),
            -np.inf,
        ),
        np.nan,
    )


def pdf(x: ArrayLike, c: ArrayLike) -> Array:
    return lax.exp(logpdf(x, c))
