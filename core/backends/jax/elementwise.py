"""jax implementations of core's elementwise functions.

jax.numpy follows numpy closely; what differs is fixed up here: the sign of a zero
``floor_divide`` or ``remainder`` result, and ``digamma`` at 0 (-inf and +inf at +0 and -0,
as torch and scipy give, where jax gives nan).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import jax
import jax.numpy as jnp
import jax.scipy.special as jss

from core import dtypes
from core.backends import direct
from core.backends.jax import core_dtypes, native_dtypes, promote, version, x64_enabled
from core.ops.elementwise import LOG10_2
from core.support import with_unsupported_dtypes

# restrictions of the functions' domains, the same on every backend
_NO_BOOL = with_unsupported_dtypes({"0.4 and above": ("bool",)}, version)
_NO_COMPLEX = with_unsupported_dtypes({"0.4 and above": ("complex",)}, version)
_NO_BOOL_COMPLEX = with_unsupported_dtypes({"0.4 and above": ("bool", "complex")}, version)
_INTEGER_OR_BOOL = with_unsupported_dtypes({"0.4 and above": ("float", "complex")}, version)
_INTEGER = with_unsupported_dtypes({"0.4 and above": ("float", "complex", "bool")}, version)


_HALF = (jnp.bfloat16, jnp.float16)


def _kind(x: jax.Array) -> str:
    return core_dtypes[x.dtype].kind


def _floating(x: jax.Array) -> jax.Array:
    """Integer and bool arrays cast to the default float dtype (not jax's float64)."""
    if _kind(x) in "fc":
        return x
    return x.astype(native_dtypes[dtypes.default_float_dtype()])


def _float_unary(op: Callable[..., jax.Array], name: str) -> Callable[..., jax.Array]:
    def function(x: jax.Array, /) -> jax.Array:
        return op(_floating(x))

    function.direct = op  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _float_binary(op: Callable[..., jax.Array], name: str) -> Callable[..., jax.Array]:
    def function(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
        x1, x2 = promote(x1, x2)
        return op(_floating(x1), _floating(x2))

    function.direct = op  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _binary(op: Callable[..., jax.Array], name: str) -> Callable[..., jax.Array]:
    def function(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
        x1, x2 = promote(x1, x2)
        return op(x1, x2)

    function.direct = op  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _keep_integers(op: Callable[..., jax.Array], name: str) -> Callable[..., jax.Array]:
    def function(x: jax.Array, /) -> jax.Array:
        return x if _kind(x) in "biu" else op(x)

    function.__name__ = function.__qualname__ = name
    return function


# --------------------------------------------------------------------------- unary
# XLA's sinh and cosh of float32 and float64 are up to 24 and 500 ulp off for large
# arguments (it adds log(0.5) before exp); these follow fdlibm's cases instead (<= 5 ulp).
# Its 16-bit and complex versions are accurate and stay.
@jax.jit
def _real_sinh(x: jax.Array) -> jax.Array:
    a = jnp.abs(x)
    t = jnp.expm1(jnp.minimum(a, 22.0))
    moderate = jnp.where(a < 1, 2 * t - t * t / (t + 1), t + t / (t + 1)) * 0.5
    half_exp = jnp.exp(a * 0.5)
    large = (0.5 * half_exp) * half_exp  # exp(a) / 2 without overflowing before sinh does
    return jnp.copysign(jnp.where(a < 22, moderate, large), x)


@jax.jit
def _real_cosh(x: jax.Array) -> jax.Array:
    a = jnp.abs(x)
    t = jnp.expm1(jnp.minimum(a, 1.0))
    small = 1 + (t * t) / (2 * (1 + t))
    e = jnp.exp(jnp.minimum(a, 22.0))
    moderate = 0.5 * e + 0.5 / e
    half_exp = jnp.exp(a * 0.5)
    large = (0.5 * half_exp) * half_exp
    return jnp.where(a < 0.5 * math.log(2), small, jnp.where(a < 22, moderate, large))


def _hyperbolic(
    x: jax.Array, xla: Callable[[jax.Array], jax.Array], real: Callable[[jax.Array], jax.Array]
) -> jax.Array:
    return real(x) if x.dtype in (jnp.float32, jnp.float64) else xla(x)


acos = _float_unary(jnp.arccos, "acos")
acosh = _float_unary(jnp.arccosh, "acosh")
asin = _float_unary(jnp.arcsin, "asin")
asinh = _float_unary(jnp.arcsinh, "asinh")
atan = _float_unary(jnp.arctan, "atan")
atanh = _float_unary(jnp.arctanh, "atanh")
cos = _float_unary(jnp.cos, "cos")
cosh = _float_unary(lambda x: _hyperbolic(x, jnp.cosh, _real_cosh), "cosh")
exp = _float_unary(jnp.exp, "exp")
expm1 = _float_unary(jnp.expm1, "expm1")
log = _float_unary(jnp.log, "log")
log1p = _float_unary(jnp.log1p, "log1p")


def _log_base(base: float, name: str) -> Callable[..., jax.Array]:
    """log2/log10 within an ulp (core's ``LOG10_2``; jax's are ``log(x) / ln(base)``),
    computed in float64 where x64 is on; zeros, subnormals, negatives, infinities and
    nans take jax's own."""
    plain = jnp.log2 if base == 2.0 else jnp.log10

    def op(x: jax.Array) -> jax.Array:
        if x.dtype.kind == "c":
            return plain(x)
        work = x.astype(jnp.float64 if x64_enabled() else jnp.float32)
        mantissa, exponent = jnp.frexp(work)  # mantissa in [1/2, 1)
        lower = mantissa < math.sqrt(0.5)
        mantissa = jnp.where(lower, mantissa * 2, mantissa)
        exponent = (exponent - lower).astype(work.dtype)
        small = jnp.log(mantissa) / math.log(base)
        if base == 2.0:
            result = exponent + small
        else:
            result = exponent * LOG10_2[0] + (exponent * LOG10_2[1] + small)
        usual = jnp.isfinite(work) & (work >= jnp.finfo(work.dtype).tiny)
        return jnp.where(usual, result, plain(work)).astype(x.dtype)

    return _float_unary(op, name)


log2 = _log_base(2.0, "log2")
log10 = _log_base(10.0, "log10")
sin = _float_unary(jnp.sin, "sin")
sinh = _float_unary(lambda x: _hyperbolic(x, jnp.sinh, _real_sinh), "sinh")
sqrt = _float_unary(jnp.sqrt, "sqrt")
tan = _float_unary(jnp.tan, "tan")
tanh = _float_unary(jnp.tanh, "tanh")
sigmoid = _NO_COMPLEX(_float_unary(jax.nn.sigmoid, "sigmoid"))
erf = _NO_COMPLEX(_float_unary(jss.erf, "erf"))
erfc = _NO_COMPLEX(_float_unary(jss.erfc, "erfc"))
erfinv = _NO_COMPLEX(_float_unary(jss.erfinv, "erfinv"))
lgamma = _NO_COMPLEX(_float_unary(jss.gammaln, "lgamma"))
round = _keep_integers(jnp.round, "round")  # noqa: A001
ceil = _NO_COMPLEX(_keep_integers(jnp.ceil, "ceil"))
floor = _NO_COMPLEX(_keep_integers(jnp.floor, "floor"))
trunc = _NO_COMPLEX(_keep_integers(jnp.trunc, "trunc"))


def sinc(x: jax.Array, /) -> jax.Array:
    x = _floating(x)
    if x.dtype in _HALF:  # sin(pi x) loses all precision near the integers in 16 bits
        return jnp.sinc(x.astype(jnp.float32)).astype(x.dtype)
    return jnp.sinc(x)


@_NO_COMPLEX
def digamma(x: jax.Array, /) -> jax.Array:
    x = _floating(x)
    return jnp.where(x == 0, jnp.copysign(jnp.inf, -x).astype(x.dtype), jss.digamma(x))


@direct(jnp.abs)
def abs(x: jax.Array, /) -> jax.Array:  # noqa: A001
    return x if x.dtype == jnp.bool_ else jnp.abs(x)


@_NO_BOOL
@direct(jnp.negative)
def negative(x: jax.Array, /) -> jax.Array:
    return jnp.negative(x)


@_NO_BOOL
def positive(x: jax.Array, /) -> jax.Array:
    return jnp.positive(x)


@_NO_BOOL
def sign(x: jax.Array, /) -> jax.Array:
    return jnp.sign(x)


@_NO_COMPLEX
def signbit(x: jax.Array, /) -> jax.Array:
    return jnp.signbit(x)


def conj(x: jax.Array, /) -> jax.Array:
    return jnp.conj(x)


def real(x: jax.Array, /) -> jax.Array:
    return jnp.real(x)


def imag(x: jax.Array, /) -> jax.Array:
    return jnp.imag(x)


def isfinite(x: jax.Array, /) -> jax.Array:
    return jnp.isfinite(x)


def isinf(x: jax.Array, /) -> jax.Array:
    return jnp.isinf(x)


def isnan(x: jax.Array, /) -> jax.Array:
    return jnp.isnan(x)


def logical_not(x: jax.Array, /) -> jax.Array:
    return jnp.logical_not(x)


@_INTEGER_OR_BOOL
def bitwise_invert(x: jax.Array, /) -> jax.Array:
    return jnp.invert(x)


def nan_to_num(
    x: jax.Array,
    /,
    *,
    nan: float = 0.0,
    posinf: float | None = None,
    neginf: float | None = None,
) -> jax.Array:
    return jnp.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


# --------------------------------------------------------------------------- binary
equal = _binary(jnp.equal, "equal")
not_equal = _binary(jnp.not_equal, "not_equal")
less = _binary(jnp.less, "less")
less_equal = _binary(jnp.less_equal, "less_equal")
greater = _binary(jnp.greater, "greater")
greater_equal = _binary(jnp.greater_equal, "greater_equal")
maximum = _binary(jnp.maximum, "maximum")
minimum = _binary(jnp.minimum, "minimum")
fmax = _binary(jnp.fmax, "fmax")
fmin = _binary(jnp.fmin, "fmin")
multiply = _binary(jnp.multiply, "multiply")
subtract = _NO_BOOL(_binary(jnp.subtract, "subtract"))
fmod = _NO_BOOL_COMPLEX(_binary(jnp.fmod, "fmod"))
bitwise_and = _INTEGER_OR_BOOL(_binary(jnp.bitwise_and, "bitwise_and"))
bitwise_or = _INTEGER_OR_BOOL(_binary(jnp.bitwise_or, "bitwise_or"))
bitwise_xor = _INTEGER_OR_BOOL(_binary(jnp.bitwise_xor, "bitwise_xor"))
bitwise_left_shift = _INTEGER(_binary(jnp.left_shift, "bitwise_left_shift"))
bitwise_right_shift = _INTEGER(_binary(jnp.right_shift, "bitwise_right_shift"))


@jax.jit
def _divide_exactly(x1: jax.Array, x2: jax.Array) -> jax.Array:
    """x1 / x2 correctly rounded. XLA on the CPU turns a division by a broadcast divisor (a
    scalar, a row) into a multiplication by its reciprocal, an ulp off in about a quarter
    of the elements; an optimization barrier on the broadcast divisor keeps the division a
    division, at no measurable cost."""
    shape = jnp.broadcast_shapes(x1.shape, x2.shape)
    return jnp.divide(x1, jax.lax.optimization_barrier(jnp.broadcast_to(x2, shape)))


divide = _float_binary(_divide_exactly, "divide")
atan2 = _NO_COMPLEX(_float_binary(jnp.arctan2, "atan2"))
copysign = _NO_COMPLEX(_float_binary(jnp.copysign, "copysign"))
hypot = _NO_COMPLEX(_float_binary(jnp.hypot, "hypot"))
logaddexp = _NO_COMPLEX(_float_binary(jnp.logaddexp, "logaddexp"))
nextafter = _NO_COMPLEX(_float_binary(jnp.nextafter, "nextafter"))
heaviside = _NO_COMPLEX(_float_binary(jnp.heaviside, "heaviside"))


@direct(jnp.add)
def add(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    x1, x2 = promote(x1, x2)
    return jnp.logical_or(x1, x2) if x1.dtype == jnp.bool_ else jnp.add(x1, x2)


@_NO_BOOL_COMPLEX
def floor_divide(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    x1, x2 = promote(x1, x2)
    result = jnp.floor_divide(x1, x2)
    if _kind(result) != "f":
        return result
    # a zero quotient takes the sign of x1 / x2, as numpy's
    return jnp.where(result == 0, jnp.copysign(result, jnp.divide(x1, x2)), result)


@_NO_BOOL_COMPLEX
def remainder(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    x1, x2 = promote(x1, x2)
    result = jnp.remainder(x1, x2)
    # a zero remainder takes the sign of x2, as numpy's
    return jnp.copysign(result, x2) if _kind(result) == "f" else result


@jax.jit
def _integer_power(base: jax.Array, exponent: jax.Array) -> jax.Array:
    """base ** exponent by squaring, wrapping on overflow as numpy, torch and tensorflow do
    (jnp.power of an integer array exponent wraps differently: (-3) ** 100 in int32).
    Negative exponents keep jnp.power's result."""
    base, exponent = jnp.broadcast_arrays(base, exponent)
    square, remaining = base, jnp.maximum(exponent, 0)
    result = jnp.ones_like(base)
    for _ in range(jnp.iinfo(base.dtype).bits):
        result = jnp.where(remaining & 1, result * square, result)
        square = square * square
        remaining = remaining >> 1
    return jnp.where(exponent < 0, jnp.power(base, exponent), result)


@_NO_BOOL
def pow(x1: jax.Array, x2: jax.Array, /) -> jax.Array:  # noqa: A001
    x1, x2 = promote(x1, x2)
    if _kind(x1) in "iu":
        return _integer_power(x1, x2)
    result = jnp.power(x1, x2)
    if _kind(result) != "c":
        return result
    # 0 ** z is 0 for Re(z) > 0, as numpy's (jax gives nan)
    return jnp.where((x1 == 0) & (jnp.real(x2) > 0), jnp.zeros_like(result), result)


def _logical(op: Callable[..., jax.Array], name: str) -> Callable[..., jax.Array]:
    def function(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
        x1, x2 = promote(x1, x2)
        return op(x1 != 0, x2 != 0)  # jax reads complex truth values wrongly

    function.__name__ = function.__qualname__ = name
    return function


logical_and = _logical(jnp.logical_and, "logical_and")
logical_or = _logical(jnp.logical_or, "logical_or")
logical_xor = _logical(jnp.logical_xor, "logical_xor")
