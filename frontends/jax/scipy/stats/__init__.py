"""``jax.scipy.stats``: each distribution a submodule as in JAX (``from jax.scipy.stats
import norm``, ``import jax.scipy.stats.norm``), with JAX's formulas on the frontend's
``lax``, ``jax.numpy`` and ``jax.scipy.special``; plus ``mode``, ``rankdata``, ``sem`` and
``gaussian_kde``."""

from __future__ import annotations

from frontends.jax.scipy.stats import (
    bernoulli,
    beta,
    betabinom,
    binom,
    cauchy,
    chi2,
    dirichlet,
    expon,
    gamma,
    gennorm,
    geom,
    gumbel_l,
    gumbel_r,
    laplace,
    logistic,
    multinomial,
    multivariate_normal,
    nbinom,
    norm,
    pareto,
    poisson,
    t,
    truncnorm,
    uniform,
    vonmises,
    wrapcauchy,
)
from frontends.jax.scipy.stats._core import mode, rankdata, sem
from frontends.jax.scipy.stats._kde import gaussian_kde

__all__ = [
    "bernoulli", "beta", "betabinom", "binom", "cauchy", "chi2", "dirichlet", "expon",
    "gamma", "gennorm", "geom", "gumbel_l", "gumbel_r", "laplace", "logistic", "multinomial",
    "multivariate_normal", "nbinom", "norm", "pareto", "poisson", "t", "truncnorm", "uniform",
    "vonmises", "wrapcauchy", "mode", "rankdata", "sem", "gaussian_kde",
]  # fmt: skip
