"""``jax.scipy.stats.multinomial``: JAX's formulas (``jax/_src/scipy/stats/multinomial.py``) on the
frontend's ``lax``, ``jax.numpy`` and ``jax.scipy.special``."""

from __future__ import annotations

import numpy as np

from frontends.jax import Array, lax
from frontends.jax import numpy as jnp
from frontends.jax.scipy._promote import promote_args_inexact, promote_args_numeric
from frontends.jax.scipy.special import gammaln, xlogy
from frontends.jax.typing import ArrayLike

__all__ = ["logpmf", "pmf"]


def logpmf(x: ArrayLike, n: ArrayLike, p: ArrayLike) -> Array:
    (p,) = promote_args_inexact("multinomial.logpmf", p)
    x, n = promote_args_numeric("multinomial.logpmf", x, n)
    if not jnp.issubdtype(x.dtype, np.integer):
        raise ValueError(
            f"x and n must be of integer type; got x.dtype={x.dtype}, n.dtype={n.dtype}"
        )
    x = x.astype(p.dtype)
    n = n.astype(p.dtype)
    logprobs = gammaln(n + 1) + jnp.sum(xlogy(x, p) - gammaln(x + 1), axis=-1)
    return jnp.where(jnp.equal(jnp.sum(x), n), logprobs, -np.inf)


def pmf(x: ArrayLike, n: ArrayLike, p: ArrayLike) -> Array:
    return lax.exp(logpmf(x, n, p))
