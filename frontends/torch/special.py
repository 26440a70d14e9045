"""torch.special: the special functions core has kernels for, or that compose from them.

Integer and bool inputs give the default dtype and complex inputs are refused, as in torch
2.13. The Bessel functions (i0/i1, j0/j1, y0/y1, k0/k1 and scaled forms), zeta, polygamma
and erfcx compute in float64 from series, integrals and asymptotic expansions, rounded to
the input's dtype; zeta with a negative ``q`` and the orthogonal polynomials (``chebyshev_*``,
``hermite_*``, ``laguerre_*``, ``legendre_*``, evaluated by their recurrences up to the
largest degree asked for) read one value to the host. igamma/igammac (gammainc/gammaincc)
use the series and continued fraction in float64. ``airy_ai`` evaluates torch's Cephes
algorithm in the input's dtype.
"""

from __future__ import annotations

import math
from typing import Any

import core
from core import native as ops
from frontends.torch import _dtype
from frontends.torch import pointwise_ops as _pointwise
from frontends.torch._frontend import _unsupported, keyword_aliases, torch_function
from frontends.torch._ops_support import (
    COMPLEX,
    dtype_of,
    float_operands,
    floating,
    in_float32,
    round_float,
    unsupported_dtypes,
    wrapped_scalar,
)
from frontends.torch._tensor import INPLACE_NAMES, Tensor, _normalize_dim
from frontends.torch.reduction_ops import logsumexp

__all__ = [
    "digamma", "entr", "erf", "erfc", "erfinv", "exp2", "expit", "expm1", "gammaln",
    "log1p", "log_ndtr", "log_softmax", "logit", "logsumexp", "multigammaln", "ndtr",
    "ndtri", "psi", "round", "sinc", "softmax", "xlog1py", "xlogy",
]  # fmt: skip

digamma = psi = _pointwise.digamma
erf = _pointwise.erf
erfc = _pointwise.erfc
erfinv = _pointwise.erfinv
exp2 = _pointwise.exp2
expit = _pointwise.sigmoid
expm1 = _pointwise.expm1
gammaln = _pointwise.lgamma
log1p = _pointwise.log1p
logit = _pointwise.logit
multigammaln = _pointwise.mvlgamma
sinc = _pointwise.sinc
xlogy = _pointwise.xlogy

_SQRT_HALF = math.sqrt(0.5)


@unsupported_dtypes("complex")
@torch_function("input")
def entr(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """-input * log(input); 0 at 0, -inf for negative inputs, nan for nan."""
    x = floating(input)
    dtype = dtype_of(x)
    zero = wrapped_scalar(0, dtype)
    value = ops.negative(ops.multiply(x, ops.log(ops.where(ops.greater(x, zero), x, 1))))
    value = ops.where(ops.equal(x, zero), zero, value)
    value = ops.where(ops.less(x, zero), wrapped_scalar(-math.inf, dtype), value)
    return ops.where(ops.isnan(x), x, value)


def _ndtr(x: Any) -> Any:
    return ops.multiply(ops.erfc(ops.multiply(x, wrapped_scalar(-_SQRT_HALF, dtype_of(x)))), 0.5)


@unsupported_dtypes("complex")
@torch_function("input")
def ndtr(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The standard normal CDF, computed as torch composes it: (1 + erf(x / sqrt(2))) / 2
    in the input's dtype (so it is 0 below about -8.3 in float32, as in torch)."""
    x = floating(input)
    dtype = dtype_of(x)
    scaled = ops.multiply(x, wrapped_scalar(_SQRT_HALF, dtype))
    error = in_float32(ops.erf, scaled)
    return ops.multiply(ops.add(error, wrapped_scalar(1, dtype)), wrapped_scalar(0.5, dtype))


def _log_ndtr(x: Any) -> Any:
    dtype = dtype_of(x)
    half = wrapped_scalar(_SQRT_HALF, dtype)
    # x > 0: log1p(-ndtr(-x)) keeps the tiny negative value
    upper = ops.log1p(ops.negative(ops.multiply(ops.erfc(ops.multiply(x, half)), 0.5)))
    middle = ops.log(_ndtr(x))
    # x < -10: the asymptotic series of log(ndtr), where erfc would underflow
    safe = ops.where(ops.less(x, wrapped_scalar(-10, dtype)), x, wrapped_scalar(-10, dtype))
    inverse_square = ops.reciprocal(ops.multiply(safe, safe))
    series = wrapped_scalar(1, dtype)
    term = wrapped_scalar(1, dtype)
    for k in range(1, 6):
        term = ops.multiply(term, ops.multiply(inverse_square, wrapped_scalar(-(2 * k - 1), dtype)))
        series = ops.add(series, term)
    lower = ops.subtract(
        ops.subtract(
            ops.multiply(ops.multiply(safe, safe), wrapped_scalar(-0.5, dtype)),
            ops.log(ops.negative(safe)),
        ),
        wrapped_scalar(0.5 * math.log(2 * math.pi), dtype),
    )
    lower = ops.add(lower, ops.log(series))
    result = ops.where(ops.greater(x, wrapped_scalar(0, dtype)), upper, middle)
    return ops.where(ops.less(x, wrapped_scalar(-10, dtype)), lower, result)


@unsupported_dtypes("float16", "bfloat16", "complex")
@torch_function("input")
def log_ndtr(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """log of the standard normal CDF, accurate in both tails (an asymptotic series below
    -10, where erfc underflows)."""
    return _log_ndtr(floating(input))


@unsupported_dtypes("float16", "bfloat16", "complex")
@torch_function("input")
def ndtri(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The inverse of ndtr, sqrt(2) * erfinv(2p - 1), computed in float64 (float64 inputs
    lose precision for p within ~1e-12 of 0, where torch's own kernel stays accurate)."""
    x = floating(input)
    dtype = dtype_of(x)
    wide = ops.astype(x, core.float64)
    result = ops.multiply(ops.erfinv(ops.subtract(ops.multiply(wide, 2.0), 1.0)), math.sqrt(2.0))
    return ops.astype(result, dtype)


@torch_function()
def xlog1py(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input * log1p(other), 0 where input is 0 (nan where other is nan)."""
    x, y = float_operands("xlog1py", (input, other), COMPLEX)
    dtype = dtype_of(x)
    product = ops.multiply(x, ops.log1p(y))
    result = ops.where(ops.equal(x, wrapped_scalar(0, dtype)), wrapped_scalar(0, dtype), product)
    return ops.where(ops.isnan(y), y, result)


@unsupported_dtypes("bool", "complex")
@torch_function("input")
def round(input: Tensor, *, decimals: int = 0, out: Tensor | None = None) -> Tensor:
    """torch.round with ``decimals`` always passed, so integer inputs raise as in torch."""
    if dtype_of(input).kind in "iu":
        raise _unsupported("special.round", dtype_of(input))
    return round_float(input, decimals)


def _softmax_input(name: str, input: Any, dtype: Any) -> Any:
    if dtype is not None:
        input = ops.astype(input, _dtype.to_torch_dtype(dtype).core_dtype)
    if dtype_of(input).kind not in "f":
        raise _unsupported(name, dtype_of(input))
    return input


@torch_function("input")
def softmax(input: Tensor, dim: int, dtype: Any = None, *, out: Tensor | None = None) -> Tensor:
    """exp(x) / sum(exp(x)) along ``dim``, in ``dtype`` when given (integer inputs need
    one, as in torch)."""
    x = _softmax_input("softmax", input, dtype)
    axis = _normalize_dim(dim, len(x.shape))
    if not len(x.shape):
        return ops.ones_like(x)
    return in_float32(lambda v: ops.nn.softmax(v, axis), x)


@torch_function("input")
def log_softmax(input: Tensor, dim: int, dtype: Any = None, *, out: Tensor | None = None) -> Tensor:
    """x - logsumexp(x) along ``dim``, in ``dtype`` when given."""
    x = _softmax_input("log_softmax", input, dtype)
    axis = _normalize_dim(dim, len(x.shape))
    if not len(x.shape):
        return ops.zeros_like(x)
    return in_float32(lambda v: ops.nn.log_softmax(v, axis), x)


# ---------------------------------------------------------------------------------------
# modified Bessel functions of the first kind (i0, i1 and their scaled forms), Hurwitz zeta,
# polygamma: computed in float64 from series (power series for |x| <= 20, the asymptotic
# expansion above) and rounded to the input's floating dtype
# ---------------------------------------------------------------------------------------
_SERIES_LIMIT = 20.0
_SERIES_TERMS = 60
_ASYMPTOTIC_TERMS = 25


def _bessel_series(x: Any, order: int) -> Any:
    """``sum_k (x^2/4)^k / (k! (k + order)!)`` (times ``x/2`` for order 1)."""
    quarter = ops.multiply(ops.square(x), wrapped_scalar(0.25, core.float64))
    term = ops.ones_like(x)
    total = term
    for k in range(1, _SERIES_TERMS):
        term = ops.divide(
            ops.multiply(term, quarter), wrapped_scalar(k * (k + order), core.float64)
        )
        total = ops.add(total, term)
    if order == 1:
        total = ops.multiply(total, ops.multiply(x, wrapped_scalar(0.5, core.float64)))
    return total


def _bessel_asymptotic_scaled(x: Any, order: int) -> Any:
    """``e^-x I_order(x)`` for large positive x: ``sum_k (-1)^k a_k / x^k / sqrt(2 pi x)``."""
    mu = 4.0 * order * order
    coefficient = 1.0
    inverse = ops.reciprocal(ops.multiply(x, wrapped_scalar(8.0, core.float64)))
    power = ops.ones_like(x)
    total = ops.ones_like(x)
    for k in range(1, _ASYMPTOTIC_TERMS):
        coefficient *= -(mu - (2 * k - 1) ** 2) / k
        power = ops.multiply(power, inverse)
        total = ops.add(total, ops.multiply(power, wrapped_scalar(coefficient, core.float64)))
    return ops.divide(total, ops.sqrt(ops.multiply(x, wrapped_scalar(2 * math.pi, core.float64))))


def _bessel_i(x: Any, order: int, scaled: bool) -> Any:
    """``I_order(x)`` (``e^-|x| I_order(x)`` when scaled) in float64, for order 0 or 1."""
    magnitude = ops.abs(x)
    large = ops.greater(magnitude, wrapped_scalar(_SERIES_LIMIT, core.float64))
    small_x = ops.where(large, wrapped_scalar(0.0, core.float64), magnitude)
    large_x = ops.where(large, magnitude, wrapped_scalar(2 * _SERIES_LIMIT, core.float64))
    series = _bessel_series(small_x, order)
    if scaled:
        series = ops.multiply(series, ops.exp(ops.negative(small_x)))
    asymptotic = _bessel_asymptotic_scaled(large_x, order)
    if not scaled:
        asymptotic = ops.multiply(asymptotic, ops.exp(large_x))
    value = ops.where(large, asymptotic, series)
    value = ops.where(ops.isnan(x), x, value)
    if order == 1:  # odd
        value = ops.where(
            ops.less(x, wrapped_scalar(0.0, core.float64)), ops.negative(value), value
        )
    return value


def _float64_unary(name: str, compute: Any, doc: str) -> Any:
    @unsupported_dtypes("complex")
    @torch_function("input")
    def function(input: Tensor, *, out: Tensor | None = None) -> Tensor:
        x = floating(input)
        return ops.astype(compute(ops.astype(x, core.float64)), dtype_of(x))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


i0 = modified_bessel_i0 = _float64_unary(
    "i0", lambda x: _bessel_i(x, 0, False), "The modified Bessel function of order 0."
)
i0e = _float64_unary(
    "i0e", lambda x: _bessel_i(x, 0, True), "``exp(-|x|) * i0(x)``, without overflow."
)
i1 = modified_bessel_i1 = _float64_unary(
    "i1", lambda x: _bessel_i(x, 1, False), "The modified Bessel function of order 1."
)
i1e = _float64_unary(
    "i1e", lambda x: _bessel_i(x, 1, True), "``exp(-|x|) * i1(x)``, without overflow."
)


def _euler_maclaurin_coefficients(count: int) -> list[float]:
    """``(2k)! / B_2k`` for k = 1..count (Bernoulli numbers by their recurrence)."""
    from fractions import Fraction

    bernoulli = [Fraction(1)]
    for m in range(1, 2 * count + 1):
        bernoulli.append(
            -sum(math.comb(m + 1, k) * bernoulli[k] for k in range(m)) / Fraction(m + 1)
        )
    return [float(math.factorial(2 * k) / bernoulli[2 * k]) for k in range(1, count + 1)]


_ZETA_DIRECT = 10
_ZETA_COEFFICIENTS = _euler_maclaurin_coefficients(12)


def _hurwitz_zeta(x: Any, q: Any) -> Any:
    """``sum_k (q + k)^-x`` in float64: ``_ZETA_DIRECT`` terms, then the Euler-Maclaurin
    tail (more direct terms for negative q: a host read of ``min(q)``). inf at x == 1 and at non-positive integer q; nan for x < 1 and for negative q
    with non-integer x (as torch, after Cephes)."""
    f64 = lambda v: wrapped_scalar(v, core.float64)  # noqa: E731
    total = ops.zeros_like(ops.add(x, q))
    # negative q: sum directly until q + i is past _ZETA_DIRECT (one host read of min(q))
    lowest = float(ops.min(q)) if math.prod(q.shape) else 0.0
    direct = _ZETA_DIRECT + (math.ceil(-lowest) if math.isfinite(lowest) and lowest < 0 else 0)
    for i in range(direct + 1):
        total = ops.add(total, ops.pow(ops.add(q, f64(i)), ops.negative(x)))
    w = ops.add(q, f64(direct))
    b = ops.pow(w, ops.negative(x))
    total = ops.add(total, ops.divide(ops.multiply(b, w), ops.subtract(x, f64(1.0))))
    total = ops.subtract(total, ops.multiply(b, f64(0.5)))
    a = ops.ones_like(total)
    k = 0.0
    for coefficient in _ZETA_COEFFICIENTS:
        a = ops.multiply(a, ops.add(x, f64(k)))
        b = ops.divide(b, w)
        total = ops.add(total, ops.divide(ops.multiply(a, b), f64(coefficient)))
        k += 1.0
        a = ops.multiply(a, ops.add(x, f64(k)))
        b = ops.divide(b, w)
        k += 1.0
    nan, inf = f64(math.nan), f64(math.inf)
    q_integral = ops.equal(q, ops.floor(q))
    x_integral = ops.equal(x, ops.floor(x))
    nonpositive_q = ops.less_equal(q, f64(0.0))
    total = ops.where(ops.logical_and(nonpositive_q, ops.logical_not(x_integral)), nan, total)
    total = ops.where(ops.logical_and(nonpositive_q, q_integral), inf, total)
    total = ops.where(ops.less(x, f64(1.0)), nan, total)
    return ops.where(ops.equal(x, f64(1.0)), inf, total)


@unsupported_dtypes("complex")
@torch_function("input", "other")
def zeta(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The Hurwitz zeta function ``sum_k (other + k) ** -input``."""
    x, q = float_operands("zeta", (input, other), COMPLEX)
    dtype = dtype_of(x)
    wide = [ops.astype(v, core.float64) for v in (x, q)]
    return ops.astype(_hurwitz_zeta(*ops.broadcast_arrays(*wide)), dtype)


def _polygamma_native(n: int, x: Any) -> Any:
    x = floating(x)
    if n == 0:
        return ops.digamma(x)
    dtype = dtype_of(x)
    order = wrapped_scalar(float(n + 1), core.float64)
    wide = ops.astype(x, core.float64)
    value = _hurwitz_zeta(ops.broadcast_to(order, tuple(wide.shape)), wide)
    sign = -1.0 if n % 2 == 0 else 1.0
    return ops.astype(
        ops.multiply(value, wrapped_scalar(sign * math.factorial(n), core.float64)), dtype
    )


@unsupported_dtypes("complex")
@torch_function("input")
def _polygamma_input_first(input: Tensor, n: int) -> Tensor:
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return _polygamma_native(n, input)


def polygamma(n: int, input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The n-th derivative of digamma: ``(-1)^(n+1) n! zeta(n + 1, input)`` for n >= 1."""
    result = _polygamma_input_first(input, n)
    if out is not None:
        out.copy_(result)
        return out
    return result


__all__ += [
    "i0", "i0e", "i1", "i1e", "modified_bessel_i0", "modified_bessel_i1", "polygamma", "zeta",
]  # fmt: skip


def _polygamma_method(self: Tensor, n: int) -> Tensor:
    return polygamma(n, self)


def _polygamma_inplace(self: Tensor, n: int) -> Tensor:
    return self.copy_(polygamma(n, self))


Tensor.polygamma = _polygamma_method
Tensor.polygamma_ = _polygamma_inplace
INPLACE_NAMES.add("i0")


# ---------------------------------------------------------------------------------------
# orthogonal polynomials: the three-term recurrences in float64, up to the largest degree
# asked for (one host read of max(n)); n is truncated to an integer and a negative n gives
# 0, with torch's special cases at the ends of the interval and its trigonometric forms
# for large degrees inside it
# ---------------------------------------------------------------------------------------
def _f64(value: float) -> Any:
    return wrapped_scalar(value, core.float64)


def _recurrence(x: Any, n: Any, first: Any, step: Any) -> Any:
    """``P_n(x)`` with ``P_0 = 1``, ``P_1 = first(x)``, ``P_{k+1} = step(k, x, P_k, P_{k-1})``."""
    top = int(ops.max(n)) if math.prod(n.shape) else 0
    previous, current = ops.ones_like(x), first(x)
    result = ops.where(ops.equal(n, 1), current, previous)
    for k in range(1, top):
        previous, current = current, step(k, x, current, previous)
        result = ops.where(ops.equal(n, k + 1), current, result)
    return result


def _odd_sign(n: Any, even: Any, odd: Any) -> Any:
    return ops.where(ops.equal(ops.remainder(n, 2), 0), even, odd)


def _chebyshev_t(x: Any, n: Any) -> Any:
    value = _recurrence(
        x,
        n,
        lambda x: x,
        lambda k, x, p, q: ops.subtract(ops.multiply(ops.multiply(_f64(2), x), p), q),
    )
    inside = ops.logical_and(ops.greater(n, 6), ops.less(ops.abs(x), _f64(1)))
    nf = ops.astype(n, core.float64)
    value = ops.where(inside, ops.cos(ops.multiply(nf, ops.acos(x))), value)
    ends = ops.equal(ops.abs(x), _f64(1))
    at_end = ops.where(ops.greater(x, _f64(0)), _f64(1), _odd_sign(n, _f64(1), _f64(-1)))
    return ops.where(ends, at_end, value)


def _chebyshev_u(x: Any, n: Any) -> Any:
    value = _recurrence(
        x, n, lambda x: ops.multiply(_f64(2), x),
        lambda k, x, p, q: ops.subtract(ops.multiply(ops.multiply(_f64(2), x), p), q),
    )  # fmt: skip
    nf = ops.astype(n, core.float64)
    theta = ops.acos(x)
    sine = ops.sin(theta)
    trig = ops.where(
        ops.not_equal(sine, _f64(0)),
        ops.divide(ops.sin(ops.multiply(ops.add(nf, _f64(1)), theta)), sine),
        ops.divide(
            ops.multiply(ops.add(nf, _f64(1)), ops.cos(ops.multiply(ops.add(nf, _f64(1)), theta))),
            x,
        ),
    )
    inside = ops.logical_and(ops.greater(n, 8), ops.less(ops.abs(x), _f64(1)))
    value = ops.where(inside, trig, value)
    count = ops.add(nf, _f64(1))
    at_end = ops.where(ops.greater(x, _f64(0)), count, _odd_sign(n, count, ops.negative(count)))
    return ops.where(ops.equal(ops.abs(x), _f64(1)), at_end, value)


def _chebyshev_v(x: Any, n: Any) -> Any:
    value = _recurrence(
        x, n, lambda x: ops.subtract(ops.multiply(_f64(2), x), _f64(1)),
        lambda k, x, p, q: ops.subtract(ops.multiply(ops.multiply(_f64(2), x), p), q),
    )  # fmt: skip
    nf = ops.astype(n, core.float64)
    theta = ops.acos(x)
    half = ops.divide(theta, _f64(2))
    count = ops.add(ops.multiply(nf, _f64(2)), _f64(1))
    trig = ops.where(
        ops.not_equal(ops.sin(half), _f64(1)),
        ops.divide(ops.cos(ops.multiply(ops.add(nf, _f64(0.5)), theta)), ops.cos(half)),
        _odd_sign(n, count, ops.negative(count)),
    )
    inside = ops.logical_and(ops.greater(n, 8), ops.less(ops.abs(x), _f64(1)))
    value = ops.where(inside, trig, value)
    at_end = ops.where(ops.greater(x, _f64(0)), _f64(1), _odd_sign(n, count, ops.negative(count)))
    return ops.where(ops.equal(ops.abs(x), _f64(1)), at_end, value)


def _chebyshev_w(x: Any, n: Any) -> Any:
    value = _recurrence(
        x, n, lambda x: ops.add(ops.multiply(_f64(2), x), _f64(1)),
        lambda k, x, p, q: ops.subtract(ops.multiply(ops.multiply(_f64(2), x), p), q),
    )  # fmt: skip
    nf = ops.astype(n, core.float64)
    theta = ops.acos(x)
    half = ops.divide(theta, _f64(2))
    count = ops.add(ops.multiply(nf, _f64(2)), _f64(1))
    trig = ops.where(
        ops.not_equal(ops.cos(half), _f64(1)),
        ops.divide(ops.sin(ops.multiply(ops.add(nf, _f64(0.5)), theta)), ops.sin(half)),
        ops.where(ops.greater(x, _f64(0)), count, _odd_sign(n, _f64(1), _f64(-1))),
    )
    inside = ops.logical_and(ops.greater(n, 8), ops.less(ops.abs(x), _f64(1)))
    value = ops.where(inside, trig, value)
    at_end = ops.where(ops.greater(x, _f64(0)), count, _odd_sign(n, _f64(1), _f64(-1)))
    return ops.where(ops.equal(ops.abs(x), _f64(1)), at_end, value)


def _hermite_h(x: Any, n: Any) -> Any:
    return _recurrence(
        x, n, lambda x: ops.multiply(_f64(2), x),
        lambda k, x, p, q: ops.subtract(
            ops.multiply(ops.multiply(_f64(2), x), p), ops.multiply(_f64(2 * k), q)
        ),
    )  # fmt: skip


def _hermite_he(x: Any, n: Any) -> Any:
    return _recurrence(
        x, n, lambda x: x,
        lambda k, x, p, q: ops.subtract(ops.multiply(x, p), ops.multiply(_f64(k), q)),
    )  # fmt: skip


def _laguerre_l(x: Any, n: Any) -> Any:
    value = _recurrence(
        x, n, lambda x: ops.subtract(_f64(1), x),
        lambda k, x, p, q: ops.divide(
            ops.subtract(ops.multiply(ops.subtract(_f64(2 * k + 1), x), p), ops.multiply(_f64(k), q)),
            _f64(k + 1),
        ),
    )  # fmt: skip
    return ops.where(ops.equal(ops.abs(x), _f64(0)), _f64(1), value)


def _legendre_p(x: Any, n: Any) -> Any:
    value = _recurrence(
        x, n, lambda x: x,
        lambda k, x, p, q: ops.divide(
            ops.subtract(ops.multiply(ops.multiply(_f64(2 * k + 1), x), p), ops.multiply(_f64(k), q)),
            _f64(k + 1),
        ),
    )  # fmt: skip
    at_end = ops.where(
        ops.logical_or(ops.greater(x, _f64(0)), ops.equal(n, 0)),
        _f64(1),
        _odd_sign(n, _f64(1), _f64(-1)),
    )
    return ops.where(ops.equal(ops.abs(x), _f64(1)), at_end, value)


def _shifted(polynomial: Any) -> Any:
    """``P*(x) = P(2x - 1)``, torch's shifted Chebyshev polynomials."""
    return lambda x, n: polynomial(ops.subtract(ops.multiply(_f64(2), x), _f64(1)), n)


def _polynomial(name: str, compute: Any) -> Any:
    @unsupported_dtypes("complex")
    @torch_function("x", "n")
    def function(x: Tensor, n: Tensor, *, out: Tensor | None = None) -> Tensor:
        x, degree = float_operands(name, (x, n), COMPLEX)
        dtype = dtype_of(x)
        wide = ops.astype(x, core.float64)
        count = ops.astype(ops.trunc(ops.astype(degree, core.float64)), core.int64)
        wide, count = ops.broadcast_arrays(wide, count)
        value = ops.where(ops.less(count, 0), _f64(0), compute(wide, count))
        return ops.astype(value, dtype)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"torch.special.{name}(x, n): the polynomial of degree n at x."
    return function


chebyshev_polynomial_t = _polynomial("chebyshev_polynomial_t", _chebyshev_t)
chebyshev_polynomial_u = _polynomial("chebyshev_polynomial_u", _chebyshev_u)
chebyshev_polynomial_v = _polynomial("chebyshev_polynomial_v", _chebyshev_v)
chebyshev_polynomial_w = _polynomial("chebyshev_polynomial_w", _chebyshev_w)
shifted_chebyshev_polynomial_t = _polynomial(
    "shifted_chebyshev_polynomial_t", _shifted(_chebyshev_t)
)
shifted_chebyshev_polynomial_u = _polynomial(
    "shifted_chebyshev_polynomial_u", _shifted(_chebyshev_u)
)
shifted_chebyshev_polynomial_v = _polynomial(
    "shifted_chebyshev_polynomial_v", _shifted(_chebyshev_v)
)
shifted_chebyshev_polynomial_w = _polynomial(
    "shifted_chebyshev_polynomial_w", _shifted(_chebyshev_w)
)
hermite_polynomial_h = _polynomial("hermite_polynomial_h", _hermite_h)
hermite_polynomial_he = _polynomial("hermite_polynomial_he", _hermite_he)
laguerre_polynomial_l = _polynomial("laguerre_polynomial_l", _laguerre_l)
legendre_polynomial_p = _polynomial("legendre_polynomial_p", _legendre_p)

__all__ += [
    "chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v",
    "chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he",
    "laguerre_polynomial_l", "legendre_polynomial_p", "shifted_chebyshev_polynomial_t",
    "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
    "shifted_chebyshev_polynomial_w",
]  # fmt: skip


# ---------------------------------------------------------------------------------------
# modified Bessel functions of the second kind, erfcx, spherical_bessel_j0
# ---------------------------------------------------------------------------------------
_EULER_GAMMA = 0.5772156649015329


def _bessel_k_small(x: Any, order: int) -> Any:
    """K_0 / K_1 by their power series (x <= _SERIES_LIMIT / 10 is where they are used)."""
    quarter = ops.multiply(ops.square(x), _f64(0.25))
    log_half = ops.add(ops.log(ops.multiply(x, _f64(0.5))), _f64(_EULER_GAMMA))
    term = ops.ones_like(x)
    harmonic = 0.0
    if order == 0:  # K0 = -(ln(x/2) + g) I0 + sum H_k (x^2/4)^k / (k!)^2
        total = ops.zeros_like(x)
        for k in range(1, _SERIES_TERMS):
            term = ops.divide(ops.multiply(term, quarter), _f64(k * k))
            harmonic += 1.0 / k
            total = ops.add(total, ops.multiply(term, _f64(harmonic)))
        return ops.subtract(total, ops.multiply(log_half, _bessel_series(x, 0)))
    # K1 = 1/x + (ln(x/2) + g) I1 - (x/4) sum (H_k + H_{k+1}) (x^2/4)^k / (k! (k+1)!)
    total = ops.multiply(term, _f64(1.0))
    for k in range(1, _SERIES_TERMS):
        term = ops.divide(ops.multiply(term, quarter), _f64(k * (k + 1)))
        harmonic += 1.0 / k
        total = ops.add(total, ops.multiply(term, _f64(2 * harmonic + 1.0 / (k + 1))))
    series = ops.multiply(ops.multiply(x, _f64(0.25)), total)
    return ops.add(
        ops.reciprocal(x),
        ops.subtract(ops.multiply(log_half, _bessel_series(x, 1)), series),
    )


def _bessel_k_scaled_large(x: Any, order: int) -> Any:
    """``e^x K_order(x)`` for large x: ``sqrt(pi / 2x) sum_k a_k / x^k``."""
    mu = 4.0 * order * order
    coefficient = 1.0
    inverse = ops.reciprocal(ops.multiply(x, _f64(8.0)))
    power, total = ops.ones_like(x), ops.ones_like(x)
    for k in range(1, _ASYMPTOTIC_TERMS):
        coefficient *= (mu - (2 * k - 1) ** 2) / k
        power = ops.multiply(power, inverse)
        total = ops.add(total, ops.multiply(power, _f64(coefficient)))
    return ops.multiply(total, ops.sqrt(ops.divide(_f64(math.pi / 2), x)))


def _bessel_k_scaled_integral(x: Any, order: int) -> Any:
    """``e^x K_order(x) = int_0^inf exp(-x (cosh t - 1)) cosh(order t) dt`` by the
    trapezoid rule (exponentially accurate for this integrand; used for 2 < x <= 20)."""
    step = 0.05
    t = ops.multiply(ops.arange(0, 141, dtype=core.float64), _f64(step))  # [0, 7]
    shape = tuple(x.shape)
    grid = ops.reshape(t, (1,) * len(shape) + (141,))
    values = ops.multiply(
        ops.exp(
            ops.negative(
                ops.multiply(ops.expand_dims(x, axis=-1), ops.subtract(ops.cosh(grid), _f64(1)))
            )
        ),
        ops.cosh(ops.multiply(grid, _f64(float(order)))),
    )
    ends = ops.add(ops.take(values, ops.asarray([0], dtype=core.int64), axis=-1),
                   ops.take(values, ops.asarray([140], dtype=core.int64), axis=-1))  # fmt: skip
    total = ops.subtract(
        ops.sum(values, axis=-1), ops.multiply(ops.squeeze(ends, axis=-1), _f64(0.5))
    )
    return ops.multiply(total, _f64(step))


def _bessel_k(x: Any, order: int, scaled: bool) -> Any:
    """K_order(x) (``e^x K_order(x)`` when scaled): the power series up to x = 2, the integral
    up to 20, the asymptotic series beyond; inf at 0, nan below."""
    small = ops.less_equal(x, _f64(2.0))
    large = ops.greater(x, _f64(_SERIES_LIMIT))
    small_x = ops.where(ops.logical_and(small, ops.greater(x, _f64(0))), x, _f64(1.0))
    middle_x = ops.where(ops.logical_or(small, large), _f64(5.0), x)
    large_x = ops.where(large, x, _f64(2 * _SERIES_LIMIT))
    scaled_small = ops.multiply(_bessel_k_small(small_x, order), ops.exp(small_x))
    scaled_value = ops.where(
        small,
        scaled_small,
        ops.where(
            large,
            _bessel_k_scaled_large(large_x, order),
            _bessel_k_scaled_integral(middle_x, order),
        ),
    )
    value = scaled_value if scaled else ops.multiply(scaled_value, ops.exp(ops.negative(x)))
    value = ops.where(ops.equal(x, _f64(0)), _f64(math.inf), value)
    return ops.where(ops.logical_or(ops.less(x, _f64(0)), ops.isnan(x)), _f64(math.nan), value)


modified_bessel_k0 = _float64_unary(
    "modified_bessel_k0",
    lambda x: _bessel_k(x, 0, False),
    "K_0, the modified Bessel function of the second kind.",
)
modified_bessel_k1 = _float64_unary(
    "modified_bessel_k1",
    lambda x: _bessel_k(x, 1, False),
    "K_1, the modified Bessel function of the second kind.",
)
# torch names these three functions' argument x
scaled_modified_bessel_k0 = keyword_aliases(x="input")(
    _float64_unary(
        "scaled_modified_bessel_k0", lambda x: _bessel_k(x, 0, True), "``exp(x) * K_0(x)``."
    )
)
scaled_modified_bessel_k1 = keyword_aliases(x="input")(
    _float64_unary(
        "scaled_modified_bessel_k1", lambda x: _bessel_k(x, 1, True), "``exp(x) * K_1(x)``."
    )
)


def _spherical_j0(x: Any) -> Any:
    small = ops.less(ops.abs(x), _f64(1e-4))
    safe = ops.where(small, _f64(1.0), x)
    series = ops.subtract(_f64(1.0), ops.divide(ops.square(x), _f64(6.0)))
    value = ops.where(small, series, ops.divide(ops.sin(safe), safe))
    return ops.where(ops.isinf(x), _f64(0.0), value)


spherical_bessel_j0 = keyword_aliases(x="input")(
    _float64_unary(
        "spherical_bessel_j0", _spherical_j0, "``sin(x) / x`` (1 at 0), the spherical Bessel j_0."
    )
)


def _erfcx(x: Any) -> Any:
    """``exp(x^2) erfc(x)``: directly up to x = 25, by its asymptotic series beyond."""
    large = ops.greater(x, _f64(25.0))
    direct_x = ops.where(large, _f64(0.0), x)
    direct = ops.multiply(ops.exp(ops.square(direct_x)), ops.erfc(direct_x))
    big_x = ops.where(large, x, _f64(50.0))
    inverse_square = ops.reciprocal(ops.multiply(_f64(2.0), ops.square(big_x)))
    total, term = ops.ones_like(x), ops.ones_like(x)
    for k in range(1, 8):
        term = ops.multiply(term, ops.multiply(inverse_square, _f64(-(2 * k - 1))))
        total = ops.add(total, term)
    asymptotic = ops.divide(total, ops.multiply(big_x, _f64(math.sqrt(math.pi))))
    return ops.where(large, asymptotic, direct)


erfcx = _float64_unary("erfcx", _erfcx, "The scaled complementary error function.")

__all__ += [
    "erfcx", "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0",
    "scaled_modified_bessel_k1", "spherical_bessel_j0",
]  # fmt: skip


# ---------------------------------------------------------------------------------------
# Bessel functions of the first and second kind of orders 0 and 1
# ---------------------------------------------------------------------------------------
def _bessel_j_series(x: Any, order: int) -> Any:
    """``sum_k (-1)^k (x^2/4)^k / (k! (k + order)!)`` (times ``x/2`` for order 1)."""
    quarter = ops.multiply(ops.square(x), _f64(-0.25))
    term = ops.ones_like(x)
    total = term
    for k in range(1, _SERIES_TERMS):
        term = ops.divide(ops.multiply(term, quarter), _f64(k * (k + order)))
        total = ops.add(total, term)
    return ops.multiply(total, ops.multiply(x, _f64(0.5))) if order == 1 else total


def _bessel_y_series(x: Any, order: int) -> Any:
    """Y_0 / Y_1 by their series (x > 0)."""
    quarter = ops.multiply(ops.square(x), _f64(-0.25))
    log_term = ops.add(ops.log(ops.multiply(x, _f64(0.5))), _f64(_EULER_GAMMA))
    term = ops.ones_like(x)
    harmonic = 0.0
    if order == 0:  # (2/pi)[(ln(x/2) + g) J0 - sum_k>=1 (-x^2/4)^k H_k / (k!)^2]
        total = ops.zeros_like(x)
        for k in range(1, _SERIES_TERMS):
            term = ops.divide(ops.multiply(term, quarter), _f64(k * k))
            harmonic += 1.0 / k
            total = ops.add(total, ops.multiply(term, _f64(harmonic)))
        value = ops.subtract(ops.multiply(log_term, _bessel_j_series(x, 0)), total)
        return ops.multiply(value, _f64(2 / math.pi))
    # Y1 = (2/pi) (ln(x/2) + g) J1 - 2/(pi x) - (x/(2 pi)) sum (-x^2/4)^k (H_k + H_{k+1}) / (k!(k+1)!)
    total = ops.ones_like(x)  # k = 0: H_0 + H_1 = 1
    for k in range(1, _SERIES_TERMS):
        term = ops.divide(ops.multiply(term, quarter), _f64(k * (k + 1)))
        harmonic += 1.0 / k
        total = ops.add(total, ops.multiply(term, _f64(2 * harmonic + 1.0 / (k + 1))))
    value = ops.multiply(ops.multiply(log_term, _bessel_j_series(x, 1)), _f64(2 / math.pi))
    value = ops.subtract(value, ops.divide(_f64(2 / math.pi), x))
    return ops.subtract(value, ops.multiply(ops.multiply(x, _f64(0.5 / math.pi)), total))


def _bessel_hankel(x: Any, order: int, second_kind: bool) -> Any:
    """J / Y of order 0 or 1 for large x > 0 by Hankel's asymptotic expansion."""
    mu = 4.0 * order * order
    p, q = ops.ones_like(x), ops.zeros_like(x)
    coefficient = 1.0
    inverse = ops.reciprocal(ops.multiply(x, _f64(8.0)))
    power = ops.ones_like(x)
    for k in range(1, _ASYMPTOTIC_TERMS):
        coefficient *= (mu - (2 * k - 1) ** 2) / k
        power = ops.multiply(power, inverse)
        term = ops.multiply(power, _f64(coefficient))
        if k % 2:  # Q: + a1 - a3 + a5 ...
            q = ops.add(q, term) if (k // 2) % 2 == 0 else ops.subtract(q, term)
        else:  # P: 1 - a2 + a4 ...
            p = ops.subtract(p, term) if (k // 2) % 2 == 1 else ops.add(p, term)
    chi = ops.subtract(x, _f64((order / 2 + 0.25) * math.pi))
    scale = ops.sqrt(ops.divide(_f64(2 / math.pi), x))
    if second_kind:
        return ops.multiply(
            scale, ops.add(ops.multiply(p, ops.sin(chi)), ops.multiply(q, ops.cos(chi)))
        )
    return ops.multiply(
        scale, ops.subtract(ops.multiply(p, ops.cos(chi)), ops.multiply(q, ops.sin(chi)))
    )


def _bessel_j(x: Any, order: int) -> Any:
    magnitude = ops.abs(x)
    large = ops.greater(magnitude, _f64(_SERIES_LIMIT))
    small_x = ops.where(large, _f64(0.0), magnitude)
    large_x = ops.where(large, magnitude, _f64(2 * _SERIES_LIMIT))
    value = ops.where(
        large, _bessel_hankel(large_x, order, False), _bessel_j_series(small_x, order)
    )
    if order == 1:  # odd
        value = ops.where(ops.less(x, _f64(0)), ops.negative(value), value)
    value = ops.where(ops.isinf(x), _f64(0.0), value)
    return ops.where(ops.isnan(x), x, value)


def _bessel_y(x: Any, order: int) -> Any:
    large = ops.greater(x, _f64(_SERIES_LIMIT))
    small_x = ops.where(ops.logical_or(large, ops.less_equal(x, _f64(0))), _f64(1.0), x)
    large_x = ops.where(large, x, _f64(2 * _SERIES_LIMIT))
    value = ops.where(large, _bessel_hankel(large_x, order, True), _bessel_y_series(small_x, order))
    value = ops.where(ops.isinf(x), _f64(0.0), value)
    value = ops.where(ops.equal(x, _f64(0)), _f64(-math.inf), value)
    return ops.where(ops.logical_or(ops.less(x, _f64(0)), ops.isnan(x)), _f64(math.nan), value)


bessel_j0 = _float64_unary(
    "bessel_j0", lambda x: _bessel_j(x, 0), "J_0, the Bessel function of the first kind."
)
bessel_j1 = _float64_unary(
    "bessel_j1", lambda x: _bessel_j(x, 1), "J_1, the Bessel function of the first kind."
)
bessel_y0 = _float64_unary(
    "bessel_y0", lambda x: _bessel_y(x, 0), "Y_0, the Bessel function of the second kind."
)
bessel_y1 = _float64_unary(
    "bessel_y1", lambda x: _bessel_y(x, 1), "Y_1, the Bessel function of the second kind."
)

__all__ += ["bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1"]


# ---------------------------------------------------------------------------------------
# regularized incomplete gamma functions
# ---------------------------------------------------------------------------------------
_GAMMA_ITERATIONS = 200


def _incomplete_gamma(a: Any, x: Any, upper: bool) -> Any:
    """P(a, x) (Q(a, x) when ``upper``) in float64: the series below x = a + 1, the
    continued fraction (modified Lentz) above; nan for negative arguments or a = x = 0."""
    positive_a = ops.where(ops.greater(a, _f64(0)), a, _f64(1.0))
    safe_x = ops.where(ops.greater(x, _f64(0)), x, _f64(1.0))
    log_prefix = ops.subtract(
        ops.subtract(ops.multiply(positive_a, ops.log(safe_x)), safe_x), ops.lgamma(positive_a)
    )
    # series: P = x^a e^-x / Gamma(a + 1) * sum_n x^n / ((a + 1) ... (a + n))
    term = ops.reciprocal(positive_a)
    total = term
    denominator = positive_a
    for _ in range(_GAMMA_ITERATIONS):
        denominator = ops.add(denominator, _f64(1.0))
        term = ops.multiply(term, ops.divide(safe_x, denominator))
        total = ops.add(total, term)
    lower_series = ops.multiply(total, ops.exp(log_prefix))
    # continued fraction for Q
    tiny = _f64(1e-300)
    b = ops.subtract(ops.add(safe_x, _f64(1.0)), positive_a)
    c = ops.divide(_f64(1.0), tiny)
    d = ops.reciprocal(b)
    h = d
    for i in range(1, _GAMMA_ITERATIONS):
        an = ops.multiply(_f64(-float(i)), ops.subtract(_f64(float(i)), positive_a))
        b = ops.add(b, _f64(2.0))
        d = ops.add(ops.multiply(an, d), b)
        d = ops.where(ops.less(ops.abs(d), tiny), tiny, d)
        c = ops.add(b, ops.divide(an, c))
        c = ops.where(ops.less(ops.abs(c), tiny), tiny, c)
        d = ops.reciprocal(d)
        h = ops.multiply(h, ops.multiply(d, c))
    upper_fraction = ops.multiply(ops.exp(log_prefix), h)
    use_series = ops.less(safe_x, ops.add(positive_a, _f64(1.0)))
    lower = ops.where(use_series, lower_series, ops.subtract(_f64(1.0), upper_fraction))
    upper_value = ops.where(use_series, ops.subtract(_f64(1.0), lower_series), upper_fraction)
    value = upper_value if upper else lower
    zero, one = _f64(0.0), _f64(1.0)
    at_zero_x = one if upper else zero
    value = ops.where(ops.equal(x, zero), at_zero_x, value)
    value = ops.where(ops.equal(a, zero), zero if upper else one, value)
    value = ops.where(ops.isinf(x), zero if upper else one, value)
    invalid = ops.logical_or(
        ops.logical_or(ops.less(a, zero), ops.less(x, zero)),
        ops.logical_and(ops.equal(a, zero), ops.equal(x, zero)),
    )
    invalid = ops.logical_or(invalid, ops.logical_or(ops.isnan(a), ops.isnan(x)))
    return ops.where(invalid, _f64(math.nan), value)


def _incomplete_gamma_function(name: str, upper: bool, doc: str) -> Any:
    def function(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
        a, x = float_operands(name, (input, other), COMPLEX)
        dtype = dtype_of(a)
        a, x = ops.broadcast_arrays(ops.astype(a, core.float64), ops.astype(x, core.float64))
        return ops.astype(_incomplete_gamma(a, x, upper), dtype)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return unsupported_dtypes("bool", "integer", "complex")(
        torch_function("input", "other")(function)
    )


gammainc = igamma = _incomplete_gamma_function(
    "igamma", False, "The regularized lower incomplete gamma function P(input, other)."
)
gammaincc = igammac = _incomplete_gamma_function(
    "igammac", True, "The regularized upper incomplete gamma function Q(input, other)."
)
INPLACE_NAMES.update({"igamma", "igammac"})
__all__ += ["gammainc", "gammaincc"]


# ---------------------------------------------------------------------------------------
# airy_ai: Cephes' rational approximations and power series, as torch's kernel evaluates
# them, in the input's dtype (float32 rounds as torch's float32 kernel does)
# ---------------------------------------------------------------------------------------
_AIRY_AN = (
    3.46538101525629032477e-01, 1.20075952739645805542e01, 7.62796053615234516538e01,
    1.68089224934630576269e02, 1.59756391350164413639e02, 7.05360906840444183113e01,
    1.40264691163389668864e01, 9.99999999999999995305e-01,
)  # fmt: skip
_AIRY_AD = (
    5.67594532638770212846e-01, 1.47562562584847203173e01, 8.45138970141474626562e01,
    1.77318088145400459522e02, 1.64234692871529701831e02, 7.14778400825575695274e01,
    1.40959135607834029598e01, 1.00000000000000000470e00,
)  # fmt: skip
_AIRY_AFN = (
    -1.31696323418331795333e-01, -6.26456544431912369773e-01, -6.93158036036933542233e-01,
    -2.79779981545119124951e-01, -4.91900132609500318020e-02, -4.06265923594885404393e-03,
    -1.59276496239262096340e-04, -2.77649108155232920844e-06, -1.67787698489114633780e-08,
)  # fmt: skip
_AIRY_AFD = (
    1.33560420706553243746e01, 3.26825032795224613948e01, 2.67367040941499554804e01,
    9.18707402907259625840e00, 1.47529146771666414581e00, 1.15687173795188044134e-01,
    4.40291641615211203805e-03, 7.54720348287414296618e-05, 4.51850092970580378464e-07,
)  # fmt: skip
_AIRY_AGN = (
    1.97339932091685679179e-02, 3.91103029615688277255e-01, 1.06579897599595591108e00,
    9.39169229816650230044e-01, 3.51465656105547619242e-01, 6.33888919628925490927e-02,
    5.85804113048388458567e-03, 2.82851600836737019778e-04, 6.98793669997260967291e-06,
    8.11789239554389293311e-08, 3.41551784765923618484e-10,
)  # fmt: skip
_AIRY_AGD = (
    9.30892908077441974853e00, 1.98352928718312140417e01, 1.55646628932864612953e01,
    5.47686069422975497931e00, 9.54293611618961883998e-01, 8.64580826352392193095e-02,
    4.12656523824222607191e-03, 1.01259085116509135510e-04, 1.17166733214413521882e-06,
    4.91834570062930015649e-09,
)  # fmt: skip
_AIRY_SERIES_TERMS = 16  # |x| < 2.09: the series reaches machine epsilon in fewer terms


def _horner(coefficients: tuple[float, ...], z: Any) -> Any:
    dtype = dtype_of(z)
    total = ops.zeros_like(z)
    for coefficient in coefficients:
        total = ops.add(ops.multiply(total, z), ops.asarray(coefficient, dtype=dtype))
    return total


def _airy_ai(x: Any) -> Any:
    """Ai(x): the oscillating asymptotic form below -2.09, the decaying one from 2.09, the
    power series between (evaluated with every element's own stopping rule); nan at +-inf."""
    dtype = dtype_of(x)

    def c(value: float) -> Any:
        return ops.asarray(value, dtype=dtype)

    negative = ops.less(x, c(-2.09))
    positive = ops.logical_and(ops.greater_equal(x, c(2.09)), ops.less_equal(x, c(103.892)))
    # x < -2.09
    xn = ops.where(ops.logical_and(negative, ops.isfinite(x)), x, c(-4.0))
    root = ops.sqrt(ops.negative(xn))
    zeta = ops.divide(ops.multiply(ops.multiply(c(-2.0), xn), root), c(3.0))
    z = ops.reciprocal(zeta)
    zz = ops.multiply(z, z)
    ratio_f = ops.divide(_horner(_AIRY_AFN, zz), _horner(_AIRY_AFD, zz))
    ratio_g = ops.divide(_horner(_AIRY_AGN, zz), _horner(_AIRY_AGD, zz))
    theta = ops.add(zeta, c(0.25 * math.pi))
    oscillating = ops.multiply(
        ops.divide(c(5.64189583547756286948e-01), ops.sqrt(root)),
        ops.subtract(
            ops.multiply(ops.sin(theta), ops.add(c(1.0), ops.multiply(zz, ratio_f))),
            ops.multiply(ops.cos(theta), ops.multiply(z, ratio_g)),
        ),
    )
    # x >= 2.09
    xp = ops.where(positive, x, c(4.0))  # below 103.892: exp(zeta) stays finite in float64
    zeta = ops.divide(ops.multiply(ops.multiply(c(2.0), xp), ops.sqrt(xp)), c(3.0))
    inverse = ops.reciprocal(zeta)
    # where exp(zeta) overflows the dtype torch's quotient is 0: give 0 without the overflow
    overflow = ops.greater(zeta, c(math.log(float(core.finfo(dtype).max)) - 8.0))
    decaying = ops.divide(
        ops.multiply(
            c(5.64189583547756286948e-01),
            ops.divide(_horner(_AIRY_AN, inverse), _horner(_AIRY_AD, inverse)),
        ),
        ops.multiply(
            ops.multiply(c(2.0), ops.sqrt(ops.sqrt(xp))), ops.exp(ops.where(overflow, c(0.0), zeta))
        ),
    )
    decaying = ops.where(overflow, c(0.0), decaying)
    # the power series, each element stopping where torch's loop stops
    outside = ops.logical_or(ops.logical_or(negative, ops.isnan(x)), ops.greater_equal(x, c(2.09)))
    xs = ops.where(outside, c(0.0), x)
    eps = c(float(core.finfo(dtype).eps))
    f, g, k, m, n = ops.ones_like(xs), xs, c(1.0), ops.ones_like(xs), xs
    cube = ops.multiply(ops.multiply(xs, xs), xs)
    running = ops.ones_like(xs, dtype=core.bool)
    for _ in range(_AIRY_SERIES_TERMS):
        m = ops.multiply(m, cube)
        k = ops.add(k, c(1.0))
        m = ops.divide(m, k)
        n = ops.multiply(n, cube)
        k = ops.add(k, c(1.0))
        n = ops.divide(n, k)
        m = ops.divide(m, k)
        f = ops.where(running, ops.add(f, m), f)
        k = ops.add(k, c(1.0))
        n = ops.divide(n, k)
        g = ops.where(running, ops.add(g, n), g)
        running = ops.logical_and(running, ops.greater(ops.abs(ops.divide(m, f)), eps))
    series = ops.subtract(
        ops.multiply(c(0.355028053887817239260), f), ops.multiply(c(0.258819403792806798405), g)
    )
    value = ops.where(negative, oscillating, ops.where(positive, decaying, series))
    value = ops.where(ops.greater(x, c(103.892)), c(0.0), value)
    return ops.where(ops.logical_or(ops.isinf(x), ops.isnan(x)), c(math.nan), value)


_airy_ai_compiled = core.compile(_airy_ai)  # one program on jax, not ~100 op compiles


@unsupported_dtypes("float16", "bfloat16", "complex")
@torch_function("x")
def airy_ai(x: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Ai(x), the Airy function of the first kind, by torch's Cephes algorithm in the input's
    dtype (integers and bool give the default dtype); nan at +-inf, 0 beyond 103.892. Not
    differentiable, as in torch."""
    with core.autodiff.no_grad():  # torch's output does not require grad
        return _airy_ai_compiled(floating(x))


__all__ += ["airy_ai"]
