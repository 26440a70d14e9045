"""``jax.scipy.special`` on ``core.native``, promoting like ``jax.numpy``.

Functions core has a kernel for (erf, lgamma, digamma, ...) call it; the rest are written
from their standard series and continued fractions (Hurwitz zeta by Euler-Maclaurin,
incomplete gamma and beta by series/Lentz continued fractions with a fixed number of
terms, so they trace under ``jax.jit``); values agree with JAX's to float32 rounding,
not bit for bit.
"""

from __future__ import annotations

import math
from typing import Any

import core
from core import native as ops
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array
from frontends.jax.lax._base import fresh_untracked
from frontends.jax.scipy._promote import axes as _axes
from frontends.jax.scipy._promote import promote_args_inexact

__all__ = [
    "beta", "betainc", "betaln", "comb", "digamma", "entr", "erf", "erfc", "erfinv", "expit",
    "factorial", "gamma", "gammainc", "gammaincc", "gammaln", "gammasgn", "kl_div",
    "log_ndtr", "log_softmax", "loggamma", "logit", "logsumexp", "multigammaln", "ndtr",
    "ndtri", "poch", "polygamma", "rel_entr", "softmax", "xlog1py", "xlogy", "zeta",
    "boxcox", "boxcox1p", "i0", "i0e", "i1", "i1e",
]  # fmt: skip


def _w(native: Any, like: Array) -> Array:
    return Array._wrap(native, like.weak_type, like._dtype)


def _c(value: float, like: Array) -> Any:
    return ops.asarray(value, dtype=like._dtype)


def _unary(name: str, fn: Any, doc: str) -> Any:
    def op(x: Any) -> Array:
        (a,) = promote_args_inexact(name, x)
        return _w(fn(a.native, a), a)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return op


erf = _unary("erf", lambda v, a: ops.erf(v), "``jax.scipy.special.erf``.")
erfc = _unary("erfc", lambda v, a: ops.erfc(v), "``jax.scipy.special.erfc``.")
erfinv = _unary("erfinv", lambda v, a: ops.erfinv(v), "``jax.scipy.special.erfinv``.")
expit = _unary("expit", lambda v, a: ops.sigmoid(v), "``jax.scipy.special.expit``: 1/(1+exp(-x)).")
logit = _unary(
    "logit",
    lambda v, a: ops.log(ops.divide(v, ops.subtract(_c(1, a), v))),
    "``jax.scipy.special.logit``: log(x/(1-x)).",
)
gammaln = _unary("gammaln", lambda v, a: ops.lgamma(v), "``jax.scipy.special.gammaln``.")
digamma = _unary("digamma", lambda v, a: ops.digamma(v), "``jax.scipy.special.digamma``.")


def loggamma(x: Any) -> Array:
    """``jax.scipy.special.loggamma`` for real input: log|Gamma(x)|, NaN for x < 0 as
    scipy's real loggamma."""
    (a,) = promote_args_inexact("loggamma", x)
    v = a.native
    out = ops.lgamma(v)
    return _w(ops.where(ops.less(v, 0), _c(float("nan"), a), out), a)


def _gammasgn(v: Any, a: Array) -> Any:
    floor = ops.floor(v)
    odd = ops.equal(ops.remainder(floor, _c(2, a)), _c(1, a))
    neg = ops.where(odd, _c(-1, a), _c(1, a))
    sgn = ops.where(ops.greater(v, 0), _c(1, a), neg)
    sgn = ops.where(
        ops.logical_and(ops.less_equal(v, 0), ops.equal(v, floor)), _c(float("nan"), a), sgn
    )
    return ops.where(ops.equal(v, 0), ops.where(ops.signbit(v), _c(-1, a), _c(1, a)), sgn)


def gammasgn(x: Any) -> Array:
    """``jax.scipy.special.gammasgn``: the sign of Gamma(x)."""
    (a,) = promote_args_inexact("gammasgn", x)
    return _w(_gammasgn(a.native, a), a)


def gamma(x: Any) -> Array:
    """``jax.scipy.special.gamma``: sign(Gamma) * exp(gammaln)."""
    (a,) = promote_args_inexact("gamma", x)
    v = a.native
    return _w(ops.multiply(_gammasgn(v, a), ops.exp(ops.lgamma(v))), a)


def betaln(a: Any, b: Any) -> Array:
    x, y = promote_args_inexact("betaln", a, b)
    out = ops.subtract(
        ops.add(ops.lgamma(x.native), ops.lgamma(y.native)), ops.lgamma(ops.add(x.native, y.native))
    )
    return _w(out, x)


def beta(a: Any, b: Any) -> Array:
    x, y = promote_args_inexact("beta", a, b)
    s = ops.multiply(_gammasgn(x.native, x), _gammasgn(y.native, x))
    s = ops.multiply(s, _gammasgn(ops.add(x.native, y.native), x))
    return _w(ops.multiply(s, ops.exp(betaln(x, y).native)), x)


def factorial(n: Any, exact: bool = False) -> Array:
    """``jax.scipy.special.factorial``: Gamma(n+1), 0 for n < 0 (``exact`` unsupported,
    as in JAX)."""
    if exact:
        raise NotImplementedError("factorial with exact=True")
    (a,) = promote_args_inexact("factorial", n)
    v = a.native
    out = ops.exp(ops.lgamma(ops.add(v, _c(1, a))))
    return _w(ops.where(ops.less(v, 0), _c(0, a), out), a)


def comb(N: Any, k: Any, *, exact: bool = False, repetition: bool = False) -> Array:
    """``jax.scipy.special.comb``: binomial coefficients from gammaln."""
    n, kk = promote_args_inexact("comb", N, k)
    one = _c(1, n)
    nv, kv = n.native, kk.native
    if repetition:
        nv = ops.subtract(ops.add(nv, kv), one)
    out = ops.exp(ops.subtract(ops.lgamma(ops.add(nv, one)),
                               ops.add(ops.lgamma(ops.add(kv, one)), ops.lgamma(ops.add(ops.subtract(nv, kv), one)))))  # fmt: skip
    ok = ops.logical_and(ops.greater_equal(kv, 0), ops.less_equal(kv, nv))
    return _w(ops.where(ok, out, _c(0, n)), n)


def poch(z: Any, m: Any) -> Array:
    """``jax.scipy.special.poch``: Gamma(z+m)/Gamma(z)."""
    a, b = promote_args_inexact("poch", z, m)
    zs = ops.add(a.native, b.native)
    s = ops.multiply(_gammasgn(zs, a), _gammasgn(a.native, a))
    return _w(ops.multiply(s, ops.exp(ops.subtract(ops.lgamma(zs), ops.lgamma(a.native)))), a)


def multigammaln(a: Any, d: int) -> Array:
    """``jax.scipy.special.multigammaln``: the log multivariate gamma function."""
    (x,) = promote_args_inexact("multigammaln", a)
    d = int(d)
    v = x.native
    out = ops.full(tuple(v.shape), d * (d - 1) / 4 * math.log(math.pi), dtype=x._dtype)
    for j in range(d):
        out = ops.add(out, ops.lgamma(ops.subtract(v, _c(j / 2, x))))
    return _w(out, x)


def xlogy(x: Any, y: Any) -> Array:
    """``jax.scipy.special.xlogy``: x*log(y), 0 where x == 0."""
    a, b = promote_args_inexact("xlogy", x, y)
    zero = ops.equal(a.native, 0)
    out = ops.multiply(a.native, ops.log(ops.where(zero, _c(1, a), b.native)))
    return _w(ops.where(zero, _c(0, a), out), a if not a.weak_type else b)


def xlog1py(x: Any, y: Any) -> Array:
    """``jax.scipy.special.xlog1py``: x*log1p(y), 0 where x == 0."""
    a, b = promote_args_inexact("xlog1py", x, y)
    zero = ops.equal(a.native, 0)
    out = ops.multiply(a.native, ops.log1p(ops.where(zero, _c(0, a), b.native)))
    return _w(ops.where(zero, _c(0, a), out), a if not a.weak_type else b)


def entr(x: Any) -> Array:
    """``jax.scipy.special.entr``: -x log x (0 at 0, -inf below)."""
    (a,) = promote_args_inexact("entr", x)
    v = a.native
    out = ops.negative(xlogy(a, a).native)
    return _w(ops.where(ops.less(v, 0), _c(float("-inf"), a), out), a)


def rel_entr(p: Any, q: Any) -> Array:
    """``jax.scipy.special.rel_entr``: p log(p/q) (scipy's conventions at 0 and inf)."""
    a, b = promote_args_inexact("rel_entr", p, q)
    pv, qv = a.native, b.native
    both = ops.logical_and(ops.greater(pv, 0), ops.greater(qv, 0))
    safe_q = ops.where(both, qv, _c(1, a))
    safe_p = ops.where(both, pv, _c(1, a))
    val = ops.multiply(safe_p, ops.log(ops.divide(safe_p, safe_q)))
    zero = ops.logical_and(ops.equal(pv, 0), ops.greater_equal(qv, 0))
    out = ops.where(both, val, ops.where(zero, _c(0, a), _c(float("inf"), a)))
    return _w(out, a if not a.weak_type else b)


def kl_div(p: Any, q: Any) -> Array:
    """``jax.scipy.special.kl_div``: p log(p/q) - p + q."""
    a, b = promote_args_inexact("kl_div", p, q)
    pv, qv = a.native, b.native
    both = ops.logical_and(ops.greater(pv, 0), ops.greater(qv, 0))
    safe_q = ops.where(both, qv, _c(1, a))
    safe_p = ops.where(both, pv, _c(1, a))
    val = ops.add(
        ops.subtract(ops.multiply(safe_p, ops.log(ops.divide(safe_p, safe_q))), safe_p), safe_q
    )
    zero = ops.logical_and(ops.equal(pv, 0), ops.greater_equal(qv, 0))
    out = ops.where(both, val, ops.where(zero, qv, _c(float("inf"), a)))
    return _w(out, a if not a.weak_type else b)


_SQRT1_2 = 1 / math.sqrt(2)


def ndtr(x: Any) -> Array:
    """``jax.scipy.special.ndtr``: the standard normal CDF (erfc on the lower tail, erf
    near zero, as JAX)."""
    (a,) = promote_args_inexact("ndtr", x)
    return _w(_ndtr(a.native, a), a)


def _ndtr(v: Any, a: Array) -> Any:
    half = _c(0.5, a)
    w = ops.multiply(v, _c(_SQRT1_2, a))
    z = ops.abs(w)
    y = ops.where(
        ops.less(z, _c(_SQRT1_2, a)),
        ops.add(half, ops.multiply(half, ops.erf(w))),
        ops.where(
            ops.greater(w, 0),
            ops.subtract(_c(1, a), ops.multiply(half, ops.erfc(z))),
            ops.multiply(half, ops.erfc(z)),
        ),
    )
    return y


def ndtri(p: Any) -> Array:
    """``jax.scipy.special.ndtri``: the inverse normal CDF, sqrt(2) erfinv(2p - 1)
    (an erfc-based tail would agree more closely for tiny p)."""
    (a,) = promote_args_inexact("ndtri", p)
    v = a.native
    return _w(
        ops.multiply(
            _c(math.sqrt(2), a), ops.erfinv(ops.subtract(ops.multiply(_c(2, a), v), _c(1, a)))
        ),
        a,
    )


def log_ndtr(x: Any, series_order: int = 3) -> Array:
    """``jax.scipy.special.log_ndtr``: log of the normal CDF, with JAX's asymptotic series
    below the lower bound (-20 for float64, -10 for float32)."""
    (a,) = promote_args_inexact("log_ndtr", x)
    v = a.native
    lower, upper = (-20.0, 8.0) if a._dtype == "float64" else (-10.0, 5.0)
    safe_hi = ops.where(ops.greater(v, upper), v, _c(upper, a))
    hi = ops.negative(_ndtr(ops.negative(safe_hi), a))
    safe_mid = ops.where(ops.greater(v, lower), v, _c(lower, a))
    mid = ops.log(_ndtr(ops.maximum(safe_mid, _c(lower, a)), a))
    safe_lo = ops.where(ops.less_equal(v, lower), v, _c(lower, a))
    lo = _log_ndtr_lower(safe_lo, series_order, a)
    out = ops.where(ops.greater(v, upper), hi, ops.where(ops.greater(v, lower), mid, lo))
    return _w(out, a)


def _log_ndtr_lower(x: Any, series_order: int, a: Array) -> Any:
    x2 = ops.square(x)
    log_scale = ops.subtract(ops.multiply(_c(-0.5, a), x2), ops.log(ops.negative(x)))
    log_scale = ops.subtract(log_scale, _c(0.5 * math.log(2 * math.pi), a))
    even_sum = ops.zeros_like(x)
    odd_sum = ops.zeros_like(x)
    x_2n = x2
    for n in range(1, series_order + 1):
        y = ops.divide(_c(_double_factorial(2 * n - 1), a), x_2n)
        if n % 2:
            odd_sum = ops.add(odd_sum, y)
        else:
            even_sum = ops.add(even_sum, y)
        x_2n = ops.multiply(x_2n, x2)
    return ops.add(log_scale, ops.log1p(ops.subtract(even_sum, odd_sum)))


def _double_factorial(n: int) -> float:
    return float(math.prod(range(n, 0, -2)))


# --------------------------------------------------------------------- zeta family
_B2N = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510, 43867 / 798)


def zeta(x: Any, q: Any = None) -> Array:
    """``jax.scipy.special.zeta``: the Hurwitz zeta function (Euler-Maclaurin with 9
    correction terms after 12 direct terms)."""
    if q is None:
        raise NotImplementedError("Riemann zeta function not implemented; pass q=1")
    s, qa = promote_args_inexact("zeta", x, q)
    return _w(_zeta(s.native, qa.native, s), s)


def _zeta(s: Any, q: Any, a: Array) -> Any:
    n = 12
    total = ops.zeros(tuple(ops.broadcast_shapes(tuple(s.shape), tuple(q.shape))), dtype=a._dtype)
    for k in range(n):
        total = ops.add(total, ops.pow(ops.add(q, _c(k, a)), ops.negative(s)))
    w = ops.add(q, _c(n, a))
    one = _c(1, a)
    total = ops.add(total, ops.divide(ops.pow(w, ops.subtract(one, s)), ops.subtract(s, one)))
    total = ops.add(total, ops.multiply(_c(0.5, a), ops.pow(w, ops.negative(s))))
    fact = one
    poch_ = s
    w_pow = ops.pow(w, ops.negative(ops.add(s, one)))
    w2 = ops.square(w)
    for j, b in enumerate(_B2N, start=1):
        fact = fact * (2 * j - 1) * (2 * j) if j > 1 else 2.0
        term = ops.multiply(ops.multiply(_c(b / fact, a), poch_), w_pow)
        total = ops.add(total, term)
        poch_ = ops.multiply(
            poch_, ops.multiply(ops.add(s, _c(2 * j - 1, a)), ops.add(s, _c(2 * j, a)))
        )
        w_pow = ops.divide(w_pow, w2)
    bad = ops.logical_or(ops.less(s, 1), ops.less_equal(q, 0))
    total = ops.where(ops.equal(s, 1), _c(float("inf"), a), total)
    return ops.where(ops.logical_and(bad, ops.not_equal(s, 1)), _c(float("nan"), a), total)


def polygamma(n: Any, x: Any) -> Array:
    """``jax.scipy.special.polygamma``: digamma for n = 0, else
    (-1)^(n+1) n! zeta(n+1, x); ``n`` must have an integer dtype, as in JAX."""
    from frontends.jax.lax._base import asarray

    n_in = asarray(n, "polygamma")
    if n_in._dtype.kind not in "iu":
        raise ValueError(
            f"Argument `n` to polygamma must be of integer type. Got dtype {n_in.dtype}."
        )
    na, xa = promote_args_inexact("polygamma", n, x)
    nv, xv = na.native, xa.native
    one = _c(1, xa)
    fact = ops.exp(ops.lgamma(ops.add(nv, one)))
    sign = ops.where(ops.equal(ops.remainder(nv, _c(2, xa)), 0), _c(-1, xa), one)
    higher = ops.multiply(ops.multiply(sign, fact), _zeta(ops.add(nv, one), xv, xa))
    out = ops.where(ops.equal(nv, 0), ops.digamma(xv), higher)
    return _w(out, xa if not xa.weak_type else na)


# --------------------------------------------------------------------- incomplete functions
_TERMS = 64


def _loop(n: int, body: Any, state: tuple[Any, ...], like: Array) -> tuple[Any, ...]:
    """``n`` iterations of ``body(i, *state) -> state`` over native arrays, through
    ``lax.fori_loop`` (a Python loop eagerly; one compact loop under ``jax.jit``)."""
    from frontends.jax import lax

    def step(i: Array, carry: tuple[Array, ...]) -> tuple[Array, ...]:
        out = body(i.native, *(c.native for c in carry))
        return tuple(Array._wrap(o, False, like._dtype) for o in out)

    init = tuple(Array._wrap(v, False, like._dtype) for v in state)
    return tuple(a.native for a in lax.fori_loop(1, n, step, init))


def _igam_series(a: Any, x: Any, like: Array) -> Any:
    term = ops.divide(_c(1, like), a)

    def body(i: Any, ap: Any, term: Any, total: Any) -> tuple[Any, Any, Any]:
        ap = ops.add(ap, _c(1, like))
        term = ops.multiply(term, ops.divide(x, ap))
        return ap, term, ops.add(total, term)

    _, _, total = _loop(2 * _TERMS, body, (a, term, term), like)
    log_pre = ops.subtract(ops.subtract(ops.multiply(a, ops.log(x)), x), ops.lgamma(a))
    return ops.multiply(total, ops.exp(log_pre))


def _igamc_cf(a: Any, x: Any, like: Array) -> Any:
    tiny = _c(1e-30, like)
    one = _c(1, like)
    b = ops.subtract(ops.add(x, one), a)
    c = ops.divide(one, ops.broadcast_to(tiny, tuple(b.shape)))
    d = ops.divide(one, b)

    def body(i: Any, b: Any, c: Any, d: Any, h: Any) -> tuple[Any, Any, Any, Any]:
        fi = ops.astype(i, like._dtype)
        an = ops.multiply(ops.negative(fi), ops.subtract(fi, a))
        b = ops.add(b, _c(2, like))
        d = ops.add(ops.multiply(an, d), b)
        d = ops.where(ops.less(ops.abs(d), tiny), tiny, d)
        c = ops.add(b, ops.divide(an, c))
        c = ops.where(ops.less(ops.abs(c), tiny), tiny, c)
        d = ops.divide(one, d)
        return b, c, d, ops.multiply(h, ops.multiply(d, c))

    _, _, _, h = _loop(_TERMS, body, (b, c, d, d), like)
    log_pre = ops.subtract(ops.subtract(ops.multiply(a, ops.log(x)), x), ops.lgamma(a))
    return ops.multiply(ops.exp(log_pre), h)


def _igam_pair(a: Array, x: Array) -> tuple[Any, Any]:
    av, xv = ops.broadcast_arrays(a.native, x.native)
    use_series = ops.less(xv, ops.add(av, _c(1, a)))
    safe_x = ops.where(ops.greater(xv, 0), xv, _c(1, a))
    p = _igam_series(av, safe_x, a)
    q = _igamc_cf(av, safe_x, a)
    lower = ops.where(use_series, p, ops.subtract(_c(1, a), q))
    upper = ops.where(use_series, ops.subtract(_c(1, a), p), q)
    zero_x = ops.equal(xv, 0)
    lower = ops.where(zero_x, _c(0, a), lower)
    upper = ops.where(zero_x, _c(1, a), upper)
    bad = ops.logical_or(ops.less(xv, 0), ops.less_equal(av, 0))
    nan = _c(float("nan"), a)
    return ops.where(bad, nan, lower), ops.where(bad, nan, upper)


def gammainc(a: Any, x: Any) -> Array:
    """``jax.scipy.special.gammainc``: the regularized lower incomplete gamma P(a, x)."""
    aa, xa = promote_args_inexact("gammainc", a, x)
    return _w(_igam_pair(aa, xa)[0], aa if not aa.weak_type else xa)


def gammaincc(a: Any, x: Any) -> Array:
    """``jax.scipy.special.gammaincc``: the regularized upper incomplete gamma Q(a, x)."""
    aa, xa = promote_args_inexact("gammaincc", a, x)
    return _w(_igam_pair(aa, xa)[1], aa if not aa.weak_type else xa)


def _betacf(a: Any, b: Any, x: Any, like: Array) -> Any:
    tiny = _c(1e-30, like)
    one = _c(1, like)
    qab = ops.add(a, b)
    qap = ops.add(a, one)
    qam = ops.subtract(a, one)
    c = ops.ones_like(x)
    d = ops.subtract(one, ops.divide(ops.multiply(qab, x), qap))
    d = ops.where(ops.less(ops.abs(d), tiny), tiny, d)
    d = ops.divide(one, d)

    def lentz(aa: Any, c: Any, d: Any, h: Any) -> tuple[Any, Any, Any]:
        d = ops.add(one, ops.multiply(aa, d))
        d = ops.where(ops.less(ops.abs(d), tiny), tiny, d)
        c = ops.add(one, ops.divide(aa, c))
        c = ops.where(ops.less(ops.abs(c), tiny), tiny, c)
        d = ops.divide(one, d)
        return c, d, ops.multiply(h, ops.multiply(d, c))

    def body(i: Any, c: Any, d: Any, h: Any) -> tuple[Any, Any, Any]:
        mm = ops.astype(i, like._dtype)
        m2 = ops.multiply(mm, _c(2, like))
        aa = ops.divide(ops.multiply(ops.multiply(mm, ops.subtract(b, mm)), x),
                        ops.multiply(ops.add(qam, m2), ops.add(a, m2)))  # fmt: skip
        c, d, h = lentz(aa, c, d, h)
        aa = ops.negative(ops.divide(ops.multiply(ops.multiply(ops.add(a, mm), ops.add(qab, mm)), x),
                                     ops.multiply(ops.add(a, m2), ops.add(qap, m2))))  # fmt: skip
        return lentz(aa, c, d, h)

    _, _, h = _loop(_TERMS, body, (c, d, d), like)
    return h


def betainc(a: Any, b: Any, x: Any) -> Array:
    """``jax.scipy.special.betainc``: the regularized incomplete beta I_x(a, b)
    (Lentz's continued fraction, with the symmetry relation past the mean)."""
    aa, ba, xa = promote_args_inexact("betainc", a, b, x)
    av, bv, xv = ops.broadcast_arrays(aa.native, ba.native, xa.native)
    one = _c(1, aa)
    inside = ops.logical_and(ops.greater(xv, 0), ops.less(xv, 1))
    sx = ops.where(inside, xv, _c(0.5, aa))
    lbt = ops.add(
        ops.subtract(ops.lgamma(ops.add(av, bv)), ops.add(ops.lgamma(av), ops.lgamma(bv))),
        ops.add(ops.multiply(av, ops.log(sx)), ops.multiply(bv, ops.log1p(ops.negative(sx)))),
    )
    bt = ops.exp(lbt)
    direct = ops.less(sx, ops.divide(ops.add(av, one), ops.add(ops.add(av, bv), _c(2, aa))))
    front = ops.divide(ops.multiply(bt, _betacf(av, bv, sx, aa)), av)
    back = ops.subtract(
        one, ops.divide(ops.multiply(bt, _betacf(bv, av, ops.subtract(one, sx), aa)), bv)
    )
    out = ops.where(direct, front, back)
    out = ops.where(ops.less_equal(xv, 0), _c(0, aa), ops.where(ops.greater_equal(xv, 1), one, out))
    bad = ops.logical_or(ops.less_equal(av, 0), ops.less_equal(bv, 0))
    bad = ops.logical_or(bad, ops.logical_or(ops.less(xv, 0), ops.greater(xv, 1)))
    return _w(ops.where(bad, _c(float("nan"), aa), out), aa)


def boxcox(x: Any, lmbda: Any) -> Array:
    a, lm = promote_args_inexact("boxcox", x, lmbda)
    logx = ops.log(a.native)
    safe = ops.where(ops.equal(lm.native, 0), _c(1, a), lm.native)
    out = ops.where(
        ops.equal(lm.native, 0), logx, ops.divide(ops.expm1(ops.multiply(safe, logx)), safe)
    )
    return _w(out, a)


def boxcox1p(x: Any, lmbda: Any) -> Array:
    a, lm = promote_args_inexact("boxcox1p", x, lmbda)
    logx = ops.log1p(a.native)
    safe = ops.where(ops.equal(lm.native, 0), _c(1, a), lm.native)
    out = ops.where(
        ops.equal(lm.native, 0), logx, ops.divide(ops.expm1(ops.multiply(safe, logx)), safe)
    )
    return _w(out, a)


# --------------------------------------------------------------------- reductions
def _masked(v: Any, where: Any, fill: Any) -> Any:
    if where is None:
        return v
    return ops.where(_native_bool(where), v, fill)


def _native_bool(where: Any) -> Any:
    from frontends.jax.lax._base import asarray

    w = asarray(where, "where")
    return w.native if w._dtype == "bool" else ops.astype(w.native, core.Dtype("bool"))


def logsumexp(a: Any, axis: Any = None, b: Any = None, keepdims: bool = False,
              return_sign: bool = False, where: Any = None) -> Any:  # fmt: skip
    """``jax.scipy.special.logsumexp`` (``b`` weights, ``return_sign``, ``where``), as
    JAX computes it: the max is shifted out under stop_gradient."""
    if b is not None:
        x, bw = promote_args_inexact("logsumexp", a, b)
        v = ops.where(ops.not_equal(bw.native, 0), x.native, _c(float("-inf"), x))
        v, bv = ops.broadcast_arrays(v, bw.native)
    else:
        (x,) = promote_args_inexact("logsumexp", a)
        v, bv = x.native, None
    if where is not None:
        v = _masked(v, where, _c(0, x))
        v = ops.broadcast_to(
            v, tuple(ops.broadcast_shapes(tuple(v.shape), tuple(_native_bool(where).shape)))
        )
    dims = _axes(axis, len(v.shape))
    real = ops.real(v) if x._dtype.kind == "c" else v
    amax = (
        ops.max(_masked(real, where, _c(float("-inf"), x)), axis=dims, keepdims=True)
        if dims
        else real
    )
    amax = ops.where(ops.isfinite(amax), amax, ops.zeros_like(amax))
    amax = fresh_untracked(amax)
    exp_a = ops.exp(ops.subtract(v, ops.astype(amax, x._dtype)))
    if bv is not None:
        exp_a = ops.multiply(exp_a, bv)
    exp_a = _masked(exp_a, where, _c(0, x))
    sumexp = ops.sum(exp_a, axis=dims, keepdims=True) if dims else exp_a
    sign = ops.sign(sumexp)
    if return_sign or x._dtype.kind != "c":
        sumexp = ops.abs(sumexp)
    out = ops.add(ops.log(sumexp), ops.astype(amax, core.as_core_dtype(sumexp.dtype)))
    if not keepdims and dims:
        out = ops.squeeze(out, axis=dims)
        sign = ops.squeeze(sign, axis=dims)
    weak = x.weak_type
    if return_sign:
        return Array._wrap(out, weak), Array._wrap(sign, weak)
    if b is not None and x._dtype.kind != "c":
        out = ops.where(ops.less(sign, 0), _c(float("nan"), x), out)
    return Array._wrap(out, weak)


def softmax(x: Any, axis: Any = -1, where: Any = None, initial: Any = None) -> Array:
    from frontends.jax.nn import softmax as _softmax

    return _softmax(x, axis=axis, where=where)


def log_softmax(x: Any, axis: Any = -1, where: Any = None, initial: Any = None) -> Array:
    from frontends.jax.nn import log_softmax as _log_softmax

    return _log_softmax(x, axis=axis, where=where)


# --------------------------------------------------------------------- Bessel I0, I1
# Cephes' Chebyshev series (i0.c, i1.c); XLA evaluates float32 with the last 18/7 (i0e)
# and 17/7 (i1e) terms of each, as here
_I0E_A = (
    -4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16,
    1.71539128555513303061e-15, -1.16853328779934516808e-14, 7.67618549860493561688e-14,
    -4.85644678311192946090e-13, 2.95505266312963983461e-12, -1.72682629144155570723e-11,
    9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
    -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7,
    1.11738753912010371815e-6, -4.41673835845875056359e-6, 1.64484480707288970893e-5,
    -5.75419501008210370398e-5, 1.88502885095841655729e-4, -5.76375574538582365885e-4,
    1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
    -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2,
    1.71620901522208775349e-1, -3.04682672343198398683e-1, 6.76795274409476084995e-1,
)  # fmt: skip
_I0E_B = (
    -7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17,
    3.46122286769746109310e-17, -2.82762398051658348494e-16, -3.42548561967721913462e-16,
    1.77256013305652638360e-15, 3.81168066935262242075e-15, -9.55484669882830764870e-15,
    -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
    7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11,
    -3.14991652796324136454e-11, 1.18891471078464383424e-11, 4.94060238822496958910e-10,
    3.39623202570838634515e-9, 2.26666899049817806459e-8, 2.04891858946906374183e-7,
    2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
    8.04490411014108831608e-1,
)  # fmt: skip
_I1E_A = (
    2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16,
    -1.10559694773538630805e-15, 7.60068429473540693410e-15, -5.04218550472791168711e-14,
    3.22379336594557470981e-13, -1.98397439776494371520e-12, 1.17361862988909016308e-11,
    -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
    9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
    -8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
    4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
    -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
    2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
    -1.76416518357834055153e-1, 2.52587186443633654823e-1,
)  # fmt: skip
_I1E_B = (
    7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17,
    -3.20952592199342395980e-17, 2.96262899764595013876e-16, 3.30820231092092828324e-16,
    -1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
    4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
    -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11,
    3.25260358301548823856e-11, -1.89749581235054123450e-11, -5.58974346219658380687e-10,
    -3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
    -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
    7.78576235018280120474e-1,
)  # fmt: skip


def _chbevl(x: Any, coefficients: tuple[float, ...], like: Array) -> Any:
    """Cephes' Chebyshev series sum at native ``x``."""
    b0, b1, b2 = _c(coefficients[0], like), _c(0, like), _c(0, like)
    for c in coefficients[1:]:
        b2, b1 = b1, b0
        b0 = ops.add(ops.subtract(ops.multiply(x, b1), b2), _c(c, like))
    return ops.multiply(ops.subtract(b0, b2), _c(0.5, like))


def _bessel_e(a: Array, series: tuple[tuple[float, ...], ...], odd: bool) -> Any:
    """``exp(-|a|) I(a)`` (native) from the two series (``|a| <= 8`` and above); ``odd``:
    I1 (else I0)."""
    low, high = series
    if a._dtype.itemsize < 8:  # XLA's float32 series: the terms that matter there
        low, high = low[-17 if odd else -18 :], high[-7:]
    z = ops.abs(a.native)
    small = _chbevl(ops.subtract(ops.multiply(z, _c(0.5, a)), _c(2, a)), low, a)
    if odd:
        small = ops.multiply(small, z)
    safe = ops.where(ops.greater(z, _c(8, a)), z, _c(8, a))
    large = ops.divide(
        _chbevl(ops.subtract(ops.divide(_c(32, a), safe), _c(2, a)), high, a), ops.sqrt(safe)
    )
    out = ops.where(ops.less_equal(z, _c(8, a)), small, large)
    if odd:
        out = ops.where(ops.less(a.native, _c(0, a)), ops.negative(out), out)
    return out


def _bessel(name: str, x: Any, odd: bool, scaled: bool) -> Array:
    (a,) = promote_args_inexact(name, x)
    out = _bessel_e(a, (_I1E_A, _I1E_B) if odd else (_I0E_A, _I0E_B), odd)
    if not scaled:  # JAX's i0/i1: exp(|x|) times the scaled function
        out = ops.multiply(ops.exp(ops.abs(a.native)), out)
    return _w(out, a)


def i0e(x: Any) -> Array:
    """``jax.scipy.special.i0e``: the exponentially scaled modified Bessel function I0."""
    return _bessel("i0e", x, odd=False, scaled=True)


def i1e(x: Any) -> Array:
    """``jax.scipy.special.i1e``: the exponentially scaled modified Bessel function I1."""
    return _bessel("i1e", x, odd=True, scaled=True)


def i0(x: Any) -> Array:
    """``jax.scipy.special.i0``: the modified Bessel function I0 (``exp(|x|) i0e(x)``)."""
    return _bessel("i0", x, odd=False, scaled=False)


def i1(x: Any) -> Array:
    """``jax.scipy.special.i1``: the modified Bessel function I1 (``exp(|x|) i1e(x)``)."""
    return _bessel("i1", x, odd=True, scaled=False)


_ = jdt
