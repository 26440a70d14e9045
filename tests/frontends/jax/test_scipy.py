"""jax.scipy.special, jax.scipy.stats and jax.scipy.linalg against real JAX (x64 off) on
the four backends (machinery of ``test_lax.py``). Functions built from series or
continued fractions (zeta, polygamma, gammainc, betainc, log_ndtr's tail) are compared at
float32 tolerances, not bit for bit."""

from __future__ import annotations

from typing import Any

import pytest

from tests.frontends.jax.test_lax import check_all, oracle

SPECIAL = {
    "erf": "(sp.erf(xf), sp.erfc(xf), sp.erfinv(xf * 0.3))",
    "expit_logit": "(sp.expit(xf), sp.logit(pos * 0.6))",
    "gammaln": "(sp.gammaln(pos * 3), sp.gammaln(xf * 3), sp.loggamma(pos * 3))",
    "digamma": "sp.digamma(pos * 3)",
    "gamma": "(sp.gamma(pos * 3), sp.gamma(A(np.array([-1.5, -0.5, 2.5, 0.0], np.float32))), sp.gammasgn(A(np.array([-1.5, -2.5, 3.0], np.float32))))",
    "beta": "(sp.beta(pos, pos * 2), sp.betaln(pos, pos * 2))",
    "factorial": "(sp.factorial(A(np.array([0, 1, 5, 10, -1], np.int32))), sp.factorial(3.5))",
    "comb": "sp.comb(A(np.array([5.0, 10.0, 3.0], np.float32)), A(np.array([2.0, 3.0, 4.0], np.float32)))",
    "poch": "sp.poch(pos * 2, A(np.float32(2.5)))",
    "multigammaln": "sp.multigammaln(pos * 4 + 2, 3)",
    "xlogy": "(sp.xlogy(A(np.array([0.0, 1.0, 2.0], np.float32)), A(np.array([0.0, 2.0, 3.0], np.float32))), sp.xlog1py(xf, pos))",
    "entr": "(sp.entr(A(np.array([0.0, 0.5, 1.0, -1.0], np.float32))), sp.rel_entr(pos, pos * 2), sp.kl_div(pos, pos * 2))",
    "rel_entr_edges": "sp.rel_entr(A(np.array([0.0, 1.0, 1.0, -1.0], np.float32)), A(np.array([1.0, 0.0, 2.0, 1.0], np.float32)))",
    "ndtr": "(sp.ndtr(xf * 3), sp.ndtri(pos * 0.6))",
    "log_ndtr": "sp.log_ndtr(A(np.array([-30.0, -12.0, -5.0, -1.0, 0.0, 3.0, 7.0, 20.0], np.float32)))",
    "zeta": "sp.zeta(A(np.array([2.0, 3.0, 4.5, 1.5], np.float32)), A(np.array([1.0, 2.0, 0.5, 3.0], np.float32)))",
    "polygamma": "(sp.polygamma(A(np.array([0, 1, 2, 3], np.int32)), A(np.array([0.5, 1.5, 2.5, 4.0], np.float32))), sp.polygamma(1, 2.0))",
    "err_polygamma": "sp.polygamma(A(np.float32(1.0)), 2.0)",
    "gammainc": "(sp.gammainc(pos * 3, pos * 2), sp.gammaincc(pos * 3, pos * 5))",
    "gammainc_edges": "sp.gammainc(A(np.array([1.0, 2.0, -1.0, 3.0], np.float32)), A(np.array([0.0, 30.0, 1.0, -1.0], np.float32)))",
    "betainc": "sp.betainc(pos * 2, pos * 3, A(np.linspace(0.05, 0.95, 12).reshape(3, 4).astype(np.float32)))",
    "betainc_edges": "sp.betainc(2.0, 3.0, A(np.array([0.0, 1.0, 0.5], np.float32)))",
    "boxcox": "(sp.boxcox(pos, 0.5), sp.boxcox(pos, 0.0), sp.boxcox1p(pos, 2.0))",
    "logsumexp": "(sp.logsumexp(xf), sp.logsumexp(xf, axis=0), sp.logsumexp(xf, axis=1, b=pos, return_sign=True))",
    "softmax": "(sp.softmax(xf, axis=1), sp.log_softmax(xf, axis=0))",
    "special_int": "(sp.erf(xi), sp.gammaln(yi), sp.xlogy(yi, yi))",
    "special_weak": "(sp.erf(0.5), sp.expit(1.0), sp.gammaln(3))",
    "special_f16": "sp.erf(xh)",
}

STATS = {
    "norm": "(norm.logpdf(xf), norm.pdf(xf, 1.0, 2.0), norm.cdf(xf), norm.logcdf(xf * 4), norm.sf(xf), norm.logsf(xf), norm.ppf(pos * 0.6), norm.isf(pos * 0.6, 1.0, 3.0))",
    "mvn": "(mvn.logpdf(pts, mu, cov), mvn.pdf(pts, mu, cov), mvn.logpdf(pts[0], mu, cov))",
    "mvn_scalar": "(mvn.logpdf(xf, 0.5, 2.0), mvn.logpdf(pts, mu, 2.0))",
    "expon": "(expon.logpdf(xf), expon.pdf(pos, 0.2, 2.0), expon.cdf(xf), expon.sf(pos), expon.ppf(pos * 0.6), expon.logcdf(pos), expon.logsf(xf))",
    "uniform": "(uniform.logpdf(xf, -1.0, 2.0), uniform.pdf(xf), uniform.cdf(xf, -1.0, 2.0), uniform.ppf(pos * 0.6, 1.0, 3.0))",
    "laplace": "(laplace.logpdf(xf, 0.5, 2.0), laplace.pdf(xf), laplace.cdf(xf))",
    "logistic": "(logistic.logpdf(xf), logistic.pdf(xf, 1.0, 2.0), logistic.cdf(xf), logistic.sf(xf), logistic.ppf(pos * 0.6), logistic.isf(pos * 0.6, 1.0, 2.0))",
    "cauchy": "(cauchy.logpdf(xf), cauchy.pdf(xf, 1.0, 2.0), cauchy.cdf(xf), cauchy.logcdf(xf), cauchy.sf(xf), cauchy.logsf(xf), cauchy.ppf(pos * 0.6), cauchy.isf(pos * 0.6, 1.0, 2.0))",
    "t": "(t.logpdf(xf, 3.0), t.pdf(xf, pos * 4, 0.5, 2.0))",
    "gamma": "(gamma.logpdf(pos, 2.0), gamma.pdf(pos, pos * 2, 0.1, 2.0), gamma.cdf(pos, 2.0), gamma.sf(pos * 3, 1.5), gamma.logpdf(xf, 1.0), gamma.logcdf(pos, 2.0), gamma.logsf(pos, 2.0))",
    "chi2": "(chi2.logpdf(pos, 3.0), chi2.pdf(pos * 2, 4.0), chi2.cdf(pos, 3.0), chi2.sf(pos, 2.0), chi2.logcdf(pos, 3.0), chi2.logsf(pos, 3.0))",
    "beta": "(beta.logpdf(pos * 0.6, 2.0, 3.0), beta.pdf(pos * 0.6, 0.5, 0.5), beta.cdf(pos * 0.6, 2.0, 3.0), beta.logpdf(xf, 2.0, 2.0), beta.logcdf(pos * 0.6, 2.0, 3.0), beta.sf(pos * 0.6, 2.0, 3.0), beta.logsf(pos * 0.6, 2.0, 3.0))",
    "pareto": "(pareto.logpdf(pos * 3, 2.0), pareto.pdf(pos * 3, 3.0), pareto.cdf(pos * 3, 2.0), pareto.logcdf(pos * 3, 2.0), pareto.sf(pos * 3, 2.0), pareto.logsf(pos * 3, 2.0), pareto.ppf(pos * 0.6, 2.0))",
    "dirichlet": "(dirichlet.logpdf(simplex, alpha), dirichlet.pdf(simplex, alpha), dirichlet.logpdf(simplex[:2], alpha))",
    "poisson": "(poisson.logpmf(ks, 3.0), poisson.pmf(ks, 0.5), poisson.cdf(ks, 2.5), poisson.entropy(A(np.array([0.0, 0.5, 5.0, 50.0, 500.0], np.float32))))",
    "bernoulli": "(bernoulli.logpmf(A(np.array([0, 1, 2], np.int32)), 0.3), bernoulli.pmf(A(np.array([0, 1], np.int32)), 0.7), bernoulli.cdf(A(np.array([-1.0, 0.0, 0.5, 1.0], np.float32)), 0.3), bernoulli.ppf(A(np.array([0.1, 0.8], np.float32)), 0.3))",
    "binom": "(binom.logpmf(ks, 8.0, 0.3), binom.pmf(ks, 5.0, 0.6))",
    "geom": "(geom.logpmf(ks, 0.3), geom.pmf(ks, 0.5))",
    "betabinom": "(betabinom.logpmf(ks, 5.0, 2.0, 3.0), betabinom.pmf(ks, 5.0, 2.0, 3.0))",
    "nbinom": "(nbinom.logpmf(ks, 5.0, 0.3), nbinom.pmf(ks, 5.0, 0.3))",
    "multinomial": "(multinomial.logpmf(A(np.array([1, 2, 2], np.int32)), 5, alpha / 4.2), multinomial.pmf(A(np.array([1, 2, 2], np.int32)), 5, alpha / 4.2))",
    "gennorm": "(gennorm.logpdf(xf, 1.5), gennorm.pdf(xf, 2.0), gennorm.cdf(xf, 1.5))",
    "gumbel_l": "(gumbel_l.logpdf(xf), gumbel_l.pdf(xf, 1.0, 2.0), gumbel_l.logcdf(xf), gumbel_l.cdf(xf), gumbel_l.ppf(pos * 0.6), gumbel_l.sf(xf), gumbel_l.logsf(xf))",
    "gumbel_r": "(gumbel_r.logpdf(xf), gumbel_r.pdf(xf, 1.0, 2.0), gumbel_r.logcdf(xf), gumbel_r.cdf(xf), gumbel_r.ppf(pos * 0.6), gumbel_r.sf(xf), gumbel_r.logsf(xf))",
    "truncnorm": "(truncnorm.logpdf(xf, -1.0, 1.5), truncnorm.pdf(xf, -0.5, 2.0), truncnorm.cdf(xf, -1.0, 1.5), truncnorm.logcdf(xf, -1.0, 1.5), truncnorm.sf(xf, -1.0, 1.5), truncnorm.logsf(xf, -1.0, 1.5))",
    "vonmises": "(vonmises.logpdf(xf, 2.0), vonmises.pdf(xf, pos * 30))",
    "wrapcauchy": "(wrapcauchy.logpdf(pos * 3, 0.4), wrapcauchy.pdf(pos * 3, 0.4))",
    "mode_rank_sem": "(mode(xi), mode(xi, axis=None, keepdims=True), rankdata(xf), rankdata(xi, 'min'), rankdata(xi, 'dense', axis=1), sem(xf), sem(xf, axis=None))",
    "kde": "(lambda k: (k.evaluate(pts[:, :2].T), k.logpdf(pts[:, :2].T), k.neff, k.covariance))(gaussian_kde(pts[:, :2].T))",
    "bessel": "(sp.i0e(xf * 5), sp.i1e(xf * 5), sp.i0(xf * 5), sp.i1(xf * 5), sp.i0e(xf * 30))",
}

LINALG = {
    "cholesky": "(la.cholesky(spd), la.cholesky(spd, lower=True))",
    "cho_solve": "la.cho_solve(la.cho_factor(spd), rhs)",
    "cho_solve_lower": "la.cho_solve(la.cho_factor(spd, lower=True), rhs)",
    "det_inv": "(la.det(sq), la.inv(sq))",
    "eigh": "(la.eigh(spd)[0], abs(la.eigh(spd)[1]))",  # eigenvectors up to sign
    "eigh_upper": "la.eigh(spd, lower=False, eigvals_only=True)",
    "svd_vals": "la.svd(sq, compute_uv=False)",
    "qr_r": "abs(la.qr(sq, mode='r')[0])",  # rows up to sign
    "solve": "(la.solve(sq, rhs), la.solve(spd, rhs[:, 0], assume_a='pos'))",
    "solve_triangular": "(la.solve_triangular(sq, rhs, lower=True), la.solve_triangular(sq, rhs, trans=1), la.solve_triangular(sq, rhs[:, 0], unit_diagonal=True))",
    "lu": "la.lu(sq)",
    "lu_rect": "la.lu(A(np.arange(12.0, dtype=np.float32).reshape(4, 3) ** 1.5))",
    "lu_factor": "la.lu_factor(sq)",
    "lu_solve": "(la.lu_solve(la.lu_factor(sq), rhs), la.lu_solve(la.lu_factor(sq), rhs, trans=1))",
    "expm": "(la.expm(sq * 0.3), la.expm(sq * 3))",
    "block_diag": "la.block_diag(sq[:2, :2], A(np.array([[7, 8, 9]], np.int32)))",
    "toeplitz": "(la.toeplitz(A(np.array([1.0, 2.0, 3.0], np.float32))), la.toeplitz(A(np.array([1, 2, 3], np.int32)), A(np.array([1, 5, 6, 7], np.int32))))",
    "circulant_hankel": "(la.circulant(A(np.array([1.0, 2.0, 3.0], np.float32))), la.hankel(A(np.array([1.0, 2.0, 3.0], np.float32)), A(np.array([3.0, 4.0], np.float32))))",
    "hilbert": "la.hilbert(3)",
    "linalg_int": "la.det(A(np.array([[2, 1], [1, 3]], np.int32)))",
}

CASES = {**{f"special_{k}": v for k, v in SPECIAL.items()}, **{f"stats_{k}": v for k, v in STATS.items()},
         **{f"linalg_{k}": v for k, v in LINALG.items()}}  # fmt: skip

SCIPY_INPUTS = """
import jax.scipy.special as sp
import jax.scipy.linalg as la
from jax.scipy.stats import *
from jax.scipy.stats import multivariate_normal as mvn
"""

_DATA = """
rs = np.random.RandomState(2)
m = rs.randn(4, 4).astype(np.float32)
sq = A(m + 4 * np.eye(4, dtype=np.float32))
spd = A((m @ m.T + 4 * np.eye(4)).astype(np.float32))
rhs = A(rs.randn(4, 2).astype(np.float32))
pts = A(rs.randn(5, 3).astype(np.float32))
mu = A(rs.randn(3).astype(np.float32))
c3 = rs.randn(3, 3)
cov = A((c3 @ c3.T + np.eye(3)).astype(np.float32))
simplex = A(np.array([[0.2, 0.5], [0.3, 0.25], [0.5, 0.25]], np.float32))
alpha = A(np.array([1.5, 2.0, 0.7], np.float32))
ks = A(np.array([0, 1, 2, 3, 5, -1], np.int32))
"""

TOL = {name: (1e-4, 1e-5) for name in CASES}
TOL.update({
    "special_zeta": (2e-4, 1e-5),
    "special_polygamma": (2e-4, 1e-5),
    "special_gammainc": (2e-4, 2e-5),
    "special_betainc": (2e-4, 2e-5),
    "special_special_f16": (2e-3, 1e-3),
    "linalg_expm": (2e-3, 1e-3),  # expm(3 sq) ~ 1e7 with cancellation: XLA fusion varies
    "linalg_lu_solve": (2e-4, 1e-5),
    "linalg_eigh": (1e-4, 1e-4),
})  # fmt: skip


@pytest.fixture(scope="module")
def want() -> dict[str, Any]:
    return oracle(CASES, SCIPY_INPUTS + "\nA = jnp.asarray\n" + _DATA)


def test_scipy_matches_real_jax(backend: str, want: dict[str, Any]) -> None:
    import numpy

    from frontends.jax import numpy as jnp
    from frontends.jax.scipy import linalg, special, stats

    ns: dict[str, Any] = {
        "np": numpy,
        "A": jnp.asarray,
        "sp": special,
        "la": linalg,
        "mvn": stats.multivariate_normal,
    }
    for name in stats.__all__:
        ns[name] = getattr(stats, name)
    exec(_DATA, ns)
    check_all(CASES, want, ns, TOL)
