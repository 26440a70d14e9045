"""``jax.scipy.stats``: the common distributions' densities and distribution functions,
each a submodule as in JAX (``from jax.scipy.stats import norm``; ``norm.logpdf``).

Formulas are JAX's (log-densities with ``xlogy``/``gammaln``, CDFs through
``jax.scipy.special``), promoting like ``jax.numpy``.
"""

from __future__ import annotations

import math
import sys
import types
from typing import Any

import core
from core import native as ops
from frontends.jax._src.array import Array
from frontends.jax.scipy import special as sp
from frontends.jax.scipy._promote import promote_args_inexact

__all__ = [
    "bernoulli", "beta", "binom", "cauchy", "chi2", "dirichlet", "expon", "gamma", "geom",
    "laplace", "logistic", "multivariate_normal", "norm", "pareto", "poisson", "t",
    "uniform",
]  # fmt: skip


def _module(name: str, doc: str, **functions: Any) -> types.ModuleType:
    module = types.ModuleType(f"{__name__}.{name}", doc)
    for fname, fn in functions.items():
        fn.__name__ = fn.__qualname__ = fname
        setattr(module, fname, fn)
    sys.modules[module.__name__] = module
    return module


def _w(native: Any, like: Array) -> Array:
    return Array._wrap(native, like.weak_type, like._dtype)


def _c(value: float, like: Array) -> Any:
    return ops.asarray(value, dtype=like._dtype)


def _std(x: Any, loc: Any, scale: Any, name: str) -> tuple[Array, Any, Any, Any]:
    """(promoted x, standardized z, log(scale), scale) as natives."""
    a, lo, sc = promote_args_inexact(name, x, loc, scale)
    z = ops.divide(ops.subtract(a.native, lo.native), sc.native)
    return a, z, ops.log(sc.native), sc.native


def _result(native: Any, *arrays: Array) -> Array:
    weak = all(a.weak_type for a in arrays)
    return Array._wrap(native, weak)


# --------------------------------------------------------------------- norm
_LOG_SQRT_2PI = 0.5 * math.log(2 * math.pi)


def _norm_logpdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, log_s, _ = _std(x, loc, scale, "norm.logpdf")
    out = ops.subtract(
        ops.multiply(_c(-0.5, a), ops.square(z)), ops.add(_c(_LOG_SQRT_2PI, a), log_s)
    )
    return _w(out, a)


def _norm_pdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    lp = _norm_logpdf(x, loc, scale)
    return _w(ops.exp(lp.native), lp)


def _norm_cdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "norm.cdf")
    return _w(sp.ndtr(_w(z, a)).native, a)


def _norm_logcdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "norm.logcdf")
    return _w(sp.log_ndtr(_w(z, a)).native, a)


def _norm_sf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "norm.sf")
    return _w(sp.ndtr(_w(ops.negative(z), a)).native, a)


def _norm_logsf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "norm.logsf")
    return _w(sp.log_ndtr(_w(ops.negative(z), a)).native, a)


def _norm_ppf(q: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, lo, sc = promote_args_inexact("norm.ppf", q, loc, scale)
    return _w(ops.add(ops.multiply(sp.ndtri(a).native, sc.native), lo.native), a)


def _norm_isf(q: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, lo, sc = promote_args_inexact("norm.isf", q, loc, scale)
    z = sp.ndtri(_w(ops.subtract(_c(1, a), a.native), a)).native
    return _w(ops.add(ops.multiply(z, sc.native), lo.native), a)


norm = _module(
    "norm", "``jax.scipy.stats.norm``.", logpdf=_norm_logpdf, pdf=_norm_pdf, cdf=_norm_cdf,
    logcdf=_norm_logcdf, sf=_norm_sf, logsf=_norm_logsf, ppf=_norm_ppf, isf=_norm_isf,
)  # fmt: skip


# --------------------------------------------------------------------- multivariate normal
def _mvn_logpdf(x: Any, mean: Any, cov: Any, allow_singular: Any = None) -> Array:
    """Cholesky of ``cov``, a triangular solve, and the log-determinant from the
    factor's diagonal (JAX's recipe)."""
    a, m, c = promote_args_inexact("multivariate_normal.logpdf", x, mean, cov)
    if m.ndim == 0:
        # a scalar mean: independent normals of variance ``cov`` (JAX's special case)
        y = ops.subtract(a.native, m.native)
        out = ops.multiply(_c(-0.5, a), ops.divide(ops.square(y), c.native))
        out = ops.subtract(
            out, ops.multiply(_c(0.5, a), ops.add(_c(math.log(2 * math.pi), a), ops.log(c.native)))
        )
        return _w(out, a)
    n = m.shape[-1]
    lower = ops.linalg.cholesky(c.native)
    y = ops.subtract(a.native, m.native)
    y = ops.expand_dims(y, axis=-1)
    batch = ops.broadcast_shapes(tuple(lower.shape[:-2]), tuple(y.shape[:-2]))
    lb = ops.broadcast_to(lower, tuple(batch) + tuple(lower.shape[-2:]))
    yb = ops.broadcast_to(y, tuple(batch) + tuple(y.shape[-2:]))
    sol = ops.linalg.solve(lb, yb)
    sol = ops.squeeze(sol, axis=-1)
    diag = ops.linalg.diagonal(lower)
    out = ops.multiply(_c(-0.5, a), ops.sum(ops.square(sol), axis=-1))
    out = ops.subtract(out, ops.add(_c(n * _LOG_SQRT_2PI, a), ops.sum(ops.log(diag), axis=-1)))
    return _w(out, a)


def _mvn_pdf(x: Any, mean: Any, cov: Any) -> Array:
    lp = _mvn_logpdf(x, mean, cov)
    return _w(ops.exp(lp.native), lp)


multivariate_normal = _module(
    "multivariate_normal", "``jax.scipy.stats.multivariate_normal``.", logpdf=_mvn_logpdf,
    pdf=_mvn_pdf,
)  # fmt: skip


# --------------------------------------------------------------------- continuous
def _expon_logpdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, log_s, _ = _std(x, loc, scale, "expon.logpdf")
    out = ops.where(ops.less(z, 0), _c(float("-inf"), a), ops.subtract(ops.negative(z), log_s))
    return _w(out, a)


def _expon_cdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "expon.cdf")
    return _w(ops.where(ops.less(z, 0), _c(0, a), ops.negative(ops.expm1(ops.negative(z)))), a)


def _expon_sf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "expon.sf")
    return _w(ops.where(ops.less(z, 0), _c(1, a), ops.exp(ops.negative(z))), a)


def _expon_ppf(q: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, lo, sc = promote_args_inexact("expon.ppf", q, loc, scale)
    z = ops.negative(ops.log1p(ops.negative(a.native)))
    return _w(ops.add(ops.multiply(z, sc.native), lo.native), a)


def _exp_of(logpdf: Any) -> Any:
    def pdf(*args: Any, **kwargs: Any) -> Array:
        lp = logpdf(*args, **kwargs)
        return _w(ops.exp(lp.native), lp)

    return pdf


expon = _module(
    "expon", "``jax.scipy.stats.expon``.", logpdf=_expon_logpdf, pdf=_exp_of(_expon_logpdf),
    cdf=_expon_cdf, sf=_expon_sf, ppf=_expon_ppf,
)  # fmt: skip


def _uniform_logpdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, lo, sc = promote_args_inexact("uniform.logpdf", x, loc, scale)
    v, l_, s = a.native, lo.native, sc.native
    inside = ops.logical_and(ops.greater_equal(v, l_), ops.less_equal(v, ops.add(l_, s)))
    return _w(ops.where(inside, ops.negative(ops.log(s)), _c(float("-inf"), a)), a)


def _uniform_cdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, lo, sc = promote_args_inexact("uniform.cdf", x, loc, scale)
    z = ops.divide(ops.subtract(a.native, lo.native), sc.native)
    return _w(ops.clip(z, _c(0, a), _c(1, a)), a)


def _uniform_ppf(q: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, lo, sc = promote_args_inexact("uniform.ppf", q, loc, scale)
    v = a.native
    out = ops.add(lo.native, ops.multiply(v, sc.native))
    bad = ops.logical_or(ops.less(v, 0), ops.greater(v, 1))
    return _w(ops.where(bad, _c(float("nan"), a), out), a)


uniform = _module(
    "uniform", "``jax.scipy.stats.uniform``.", logpdf=_uniform_logpdf,
    pdf=_exp_of(_uniform_logpdf), cdf=_uniform_cdf, ppf=_uniform_ppf,
)  # fmt: skip


def _laplace_logpdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, log_s, _ = _std(x, loc, scale, "laplace.logpdf")
    return _w(ops.subtract(ops.negative(ops.abs(z)), ops.add(_c(math.log(2), a), log_s)), a)


def _laplace_cdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "laplace.cdf")
    half = _c(0.5, a)
    low = ops.multiply(half, ops.exp(ops.negative(ops.abs(z))))
    return _w(ops.where(ops.less_equal(z, 0), low, ops.subtract(_c(1, a), low)), a)


laplace = _module(
    "laplace", "``jax.scipy.stats.laplace``.", logpdf=_laplace_logpdf,
    pdf=_exp_of(_laplace_logpdf), cdf=_laplace_cdf,
)  # fmt: skip


def _logistic_logpdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, log_s, _ = _std(x, loc, scale, "logistic.logpdf")
    two = _c(2, a)
    out = ops.subtract(ops.negative(z), ops.multiply(two, ops.logaddexp(_c(0, a), ops.negative(z))))
    return _w(ops.subtract(out, log_s), a)


def _logistic_cdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "logistic.cdf")
    return _w(ops.sigmoid(z), a)


def _logistic_sf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "logistic.sf")
    return _w(ops.sigmoid(ops.negative(z)), a)


def _logistic_ppf(q: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, lo, sc = promote_args_inexact("logistic.ppf", q, loc, scale)
    return _w(ops.add(ops.multiply(sp.logit(a).native, sc.native), lo.native), a)


logistic = _module(
    "logistic", "``jax.scipy.stats.logistic``.", logpdf=_logistic_logpdf,
    pdf=_exp_of(_logistic_logpdf), cdf=_logistic_cdf, sf=_logistic_sf, ppf=_logistic_ppf,
)  # fmt: skip


def _cauchy_logpdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, log_s, _ = _std(x, loc, scale, "cauchy.logpdf")
    out = ops.negative(ops.add(ops.add(_c(math.log(math.pi), a), log_s), ops.log1p(ops.square(z))))
    return _w(out, a)


def _cauchy_cdf(x: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, z, _, _ = _std(x, loc, scale, "cauchy.cdf")
    return _w(ops.add(_c(0.5, a), ops.divide(ops.atan(z), _c(math.pi, a))), a)


cauchy = _module(
    "cauchy", "``jax.scipy.stats.cauchy``.", logpdf=_cauchy_logpdf,
    pdf=_exp_of(_cauchy_logpdf), cdf=_cauchy_cdf,
)  # fmt: skip


def _t_logpdf(x: Any, df: Any, loc: Any = 0, scale: Any = 1) -> Array:
    a, d, lo, sc = promote_args_inexact("t.logpdf", x, df, loc, scale)
    z = ops.divide(ops.subtract(a.native, lo.native), sc.native)
    dv = d.native
    half = _c(0.5, a)
    hp1 = ops.multiply(half, ops.add(dv, _c(1, a)))
    out = ops.subtract(ops.lgamma(hp1), ops.lgamma(ops.multiply(half, dv)))
    out = ops.subtract(out, ops.multiply(half, ops.log(ops.multiply(dv, _c(math.pi, a)))))
    out = ops.subtract(out, ops.log(sc.native))
    out = ops.subtract(out, ops.multiply(hp1, ops.log1p(ops.divide(ops.square(z), dv))))
    return _w(out, a)


t = _module("t", "``jax.scipy.stats.t``.", logpdf=_t_logpdf, pdf=_exp_of(_t_logpdf))


def _gamma_logpdf(x: Any, a: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, aa, lo, sc = promote_args_inexact("gamma.logpdf", x, a, loc, scale)
    y = ops.divide(ops.subtract(xa.native, lo.native), sc.native)
    av = aa.native
    safe_y = ops.where(ops.greater(y, 0), y, _c(1, xa))
    out = ops.subtract(ops.multiply(ops.subtract(av, _c(1, xa)), ops.log(safe_y)), safe_y)
    out = ops.subtract(out, ops.add(ops.lgamma(av), ops.log(sc.native)))
    at_zero = ops.where(ops.equal(av, 1), ops.negative(ops.log(sc.native)),
                        ops.where(ops.less(av, 1), _c(float("inf"), xa), _c(float("-inf"), xa)))  # fmt: skip
    out = ops.where(ops.equal(y, 0), at_zero, out)
    return _w(ops.where(ops.less(y, 0), _c(float("-inf"), xa), out), xa)


def _gamma_cdf(x: Any, a: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, aa, lo, sc = promote_args_inexact("gamma.cdf", x, a, loc, scale)
    y = ops.divide(ops.subtract(xa.native, lo.native), sc.native)
    y = ops.maximum(y, _c(0, xa))
    return _w(sp.gammainc(aa, _w(y, xa)).native, xa)


def _gamma_sf(x: Any, a: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, aa, lo, sc = promote_args_inexact("gamma.sf", x, a, loc, scale)
    y = ops.divide(ops.subtract(xa.native, lo.native), sc.native)
    y = ops.maximum(y, _c(0, xa))
    return _w(sp.gammaincc(aa, _w(y, xa)).native, xa)


gamma = _module(
    "gamma", "``jax.scipy.stats.gamma``.", logpdf=_gamma_logpdf, pdf=_exp_of(_gamma_logpdf),
    cdf=_gamma_cdf, sf=_gamma_sf,
)  # fmt: skip


def _chi2_logpdf(x: Any, df: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, d, lo, sc = promote_args_inexact("chi2.logpdf", x, df, loc, scale)
    k = ops.multiply(d.native, _c(0.5, xa))
    lp = _gamma_logpdf(xa, _w(k, xa), lo, _w(ops.multiply(sc.native, _c(2, xa)), xa))
    return _w(lp.native, xa)


def _chi2_cdf(x: Any, df: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, d, lo, sc = promote_args_inexact("chi2.cdf", x, df, loc, scale)
    k = ops.multiply(d.native, _c(0.5, xa))
    return _w(_gamma_cdf(xa, _w(k, xa), lo, _w(ops.multiply(sc.native, _c(2, xa)), xa)).native, xa)


def _chi2_sf(x: Any, df: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, d, lo, sc = promote_args_inexact("chi2.sf", x, df, loc, scale)
    k = ops.multiply(d.native, _c(0.5, xa))
    return _w(_gamma_sf(xa, _w(k, xa), lo, _w(ops.multiply(sc.native, _c(2, xa)), xa)).native, xa)


chi2 = _module(
    "chi2", "``jax.scipy.stats.chi2``.", logpdf=_chi2_logpdf, pdf=_exp_of(_chi2_logpdf),
    cdf=_chi2_cdf, sf=_chi2_sf,
)  # fmt: skip


def _beta_logpdf(x: Any, a: Any, b: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, aa, ba, lo, sc = promote_args_inexact("beta.logpdf", x, a, b, loc, scale)
    y = ops.divide(ops.subtract(xa.native, lo.native), sc.native)
    one = _c(1, xa)
    lp = ops.add(sp.xlogy(_w(ops.subtract(aa.native, one), xa), _w(y, xa)).native,
                 sp.xlog1py(_w(ops.subtract(ba.native, one), xa), _w(ops.negative(y), xa)).native)  # fmt: skip
    lp = ops.subtract(lp, ops.add(sp.betaln(aa, ba).native, ops.log(sc.native)))
    inside = ops.logical_and(ops.greater_equal(y, 0), ops.less_equal(y, 1))
    return _w(ops.where(inside, lp, _c(float("-inf"), xa)), xa)


def _beta_cdf(x: Any, a: Any, b: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, aa, ba, lo, sc = promote_args_inexact("beta.cdf", x, a, b, loc, scale)
    y = ops.clip(ops.divide(ops.subtract(xa.native, lo.native), sc.native), _c(0, xa), _c(1, xa))
    return _w(sp.betainc(aa, ba, _w(y, xa)).native, xa)


beta = _module(
    "beta", "``jax.scipy.stats.beta``.", logpdf=_beta_logpdf, pdf=_exp_of(_beta_logpdf),
    cdf=_beta_cdf,
)  # fmt: skip


def _pareto_logpdf(x: Any, b: Any, loc: Any = 0, scale: Any = 1) -> Array:
    xa, ba, lo, sc = promote_args_inexact("pareto.logpdf", x, b, loc, scale)
    y = ops.divide(ops.subtract(xa.native, lo.native), sc.native)
    bv = ba.native
    out = ops.subtract(ops.log(bv), ops.multiply(ops.add(bv, _c(1, xa)), ops.log(y)))
    out = ops.subtract(out, ops.log(sc.native))
    return _w(ops.where(ops.less(y, 1), _c(float("-inf"), xa), out), xa)


pareto = _module(
    "pareto", "``jax.scipy.stats.pareto``.", logpdf=_pareto_logpdf, pdf=_exp_of(_pareto_logpdf)
)


def _dirichlet_logpdf(x: Any, alpha: Any) -> Array:
    xa, al = promote_args_inexact("dirichlet.logpdf", x, alpha)
    av = al.native
    one = _c(1, xa)
    norm_ = ops.subtract(ops.sum(ops.lgamma(av), axis=-1), ops.lgamma(ops.sum(av, axis=-1)))
    xv = xa.native
    a_b = ops.reshape(av, tuple(av.shape) + (1,) * (len(xv.shape) - 1)) if len(xv.shape) > 1 else av
    terms = sp.xlogy(_w(ops.subtract(a_b, one), xa), xa).native
    out = ops.subtract(ops.sum(terms, axis=0), norm_)
    inside = ops.logical_and(ops.all(ops.greater_equal(xv, 0), axis=0),
                             ops.less(ops.abs(ops.subtract(ops.sum(xv, axis=0), one)), _c(1e-6 if xa._dtype != "float64" else 1e-12, xa)))  # fmt: skip
    return _w(ops.where(inside, out, _c(float("-inf"), xa)), xa)


dirichlet = _module(
    "dirichlet", "``jax.scipy.stats.dirichlet``: ``x`` has the simplex on its first axis.",
    logpdf=_dirichlet_logpdf, pdf=_exp_of(_dirichlet_logpdf),
)  # fmt: skip


# --------------------------------------------------------------------- discrete
def _poisson_logpmf(k: Any, mu: Any, loc: Any = 0) -> Array:
    ka, ma, lo = promote_args_inexact("poisson.logpmf", k, mu, loc)
    x = ops.subtract(ka.native, lo.native)
    out = ops.subtract(
        ops.subtract(sp.xlogy(_w(x, ka), ma).native, ma.native), ops.lgamma(ops.add(x, _c(1, ka)))
    )
    bad = ops.logical_or(ops.less(x, 0), ops.not_equal(ops.round(x), x))
    return _w(ops.where(bad, _c(float("-inf"), ka), out), ka)


def _poisson_cdf(k: Any, mu: Any, loc: Any = 0) -> Array:
    ka, ma, lo = promote_args_inexact("poisson.cdf", k, mu, loc)
    x = ops.subtract(ka.native, lo.native)
    p = sp.gammaincc(_w(ops.add(ops.floor(x), _c(1, ka)), ka), ma).native
    return Array._wrap(ops.where(ops.less(x, 0), _c(0, ka), p), False)  # strong, as JAX


poisson = _module(
    "poisson", "``jax.scipy.stats.poisson``.", logpmf=_poisson_logpmf,
    pmf=_exp_of(_poisson_logpmf), cdf=_poisson_cdf,
)  # fmt: skip


def _bernoulli_logpmf(k: Any, p: Any, loc: Any = 0) -> Array:
    ka, pa, lo = promote_args_inexact("bernoulli.logpmf", k, p, loc)
    x = ops.subtract(ka.native, lo.native)
    one = _c(1, ka)
    out = ops.add(sp.xlogy(_w(x, ka), pa).native,
                  sp.xlog1py(_w(ops.subtract(one, x), ka), _w(ops.negative(pa.native), ka)).native)  # fmt: skip
    bad = ops.logical_and(ops.not_equal(x, 0), ops.not_equal(x, 1))
    return Array._wrap(ops.where(bad, _c(float("-inf"), ka), out), False)  # strong, as JAX


def _bernoulli_cdf(k: Any, p: Any) -> Array:
    ka, pa = promote_args_inexact("bernoulli.cdf", k, p)
    kv, pv = ka.native, pa.native
    out = ops.where(
        ops.less(kv, 0),
        _c(0, ka),
        ops.where(ops.less(kv, 1), ops.subtract(_c(1, ka), pv), _c(1, ka)),
    )
    return _w(out, ka)


def _bernoulli_ppf(q: Any, p: Any) -> Array:
    qa, pa = promote_args_inexact("bernoulli.ppf", q, p)
    qv, pv = qa.native, pa.native
    out = ops.where(ops.less_equal(qv, ops.subtract(_c(1, qa), pv)), _c(0, qa), _c(1, qa))
    bad = ops.logical_or(ops.less(qv, 0), ops.greater(qv, 1))
    return _w(ops.where(bad, _c(float("nan"), qa), out), qa)


bernoulli = _module(
    "bernoulli", "``jax.scipy.stats.bernoulli``.", logpmf=_bernoulli_logpmf,
    pmf=_exp_of(_bernoulli_logpmf), cdf=_bernoulli_cdf, ppf=_bernoulli_ppf,
)  # fmt: skip


def _binom_logpmf(k: Any, n: Any, p: Any, loc: Any = 0) -> Array:
    ka, na, pa, lo = promote_args_inexact("binom.logpmf", k, n, p, loc)
    y = ops.subtract(ka.native, lo.native)
    nv, pv = na.native, pa.native
    one = _c(1, ka)
    comb = ops.subtract(ops.lgamma(ops.add(nv, one)),
                        ops.add(ops.lgamma(ops.add(y, one)), ops.lgamma(ops.add(ops.subtract(nv, y), one))))  # fmt: skip
    out = ops.add(comb, ops.add(sp.xlogy(_w(y, ka), pa).native,
                                sp.xlog1py(_w(ops.subtract(nv, y), ka), _w(ops.negative(pv), ka)).native))  # fmt: skip
    bad = ops.logical_or(ops.less(y, 0), ops.greater(y, nv))
    return _w(ops.where(bad, _c(float("-inf"), ka), out), ka)


binom = _module(
    "binom", "``jax.scipy.stats.binom``.", logpmf=_binom_logpmf, pmf=_exp_of(_binom_logpmf)
)


def _geom_logpmf(k: Any, p: Any, loc: Any = 0) -> Array:
    ka, pa, lo = promote_args_inexact("geom.logpmf", k, p, loc)
    x = ops.subtract(ka.native, lo.native)
    one = _c(1, ka)
    out = ops.add(sp.xlog1py(_w(ops.subtract(x, one), ka), _w(ops.negative(pa.native), ka)).native,
                  ops.log(pa.native))  # fmt: skip
    return Array._wrap(ops.where(ops.less_equal(x, 0), _c(float("-inf"), ka), out), False)


geom = _module("geom", "``jax.scipy.stats.geom``.", logpmf=_geom_logpmf, pmf=_exp_of(_geom_logpmf))

_ = core
