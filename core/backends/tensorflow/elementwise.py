"""tensorflow implementations of core's elementwise functions.

tensorflow's kernels cover fewer dtypes than core, and several functions are missing, so
much is composed here from tf ops: integer and bool inputs of float functions are cast
first; bfloat16 and float16 compute in float32 where a kernel lacks them (one rounding
back, lossless for a single operation); unsigned integers go through wider or same-width
signed ones where that is exact; copysign, hypot, logaddexp, heaviside, fmax, fmin, trunc,
sinc, signbit and nextafter for 16-bit floats are built from other ops; floor_divide of
floats follows numpy's divmod algorithm (tf's ``floordiv`` gives inf for inf // 1, numpy nan).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import ml_dtypes
import tensorflow as tf

from core import dtypes
from core.backends import direct
from core.backends.tensorflow import core_dtypes, native_dtypes, op_kernel, promote, version
from core.ops.elementwise import LOG10_2
from core.support import with_unsupported_dtypes

# restrictions of the functions' domains, the same on every backend
_NO_BOOL = with_unsupported_dtypes({"2.0 and above": ("bool",)}, version)
_NO_COMPLEX = with_unsupported_dtypes({"2.0 and above": ("complex",)}, version)
_NO_BOOL_COMPLEX = with_unsupported_dtypes({"2.0 and above": ("bool", "complex")}, version)
_INTEGER_OR_BOOL = with_unsupported_dtypes({"2.0 and above": ("float", "complex")}, version)
_INTEGER = with_unsupported_dtypes({"2.0 and above": ("float", "complex", "bool")}, version)
# tensorflow has no ordering of complex numbers
_REAL = with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)

_HALF = (tf.float16, tf.bfloat16)
_SAME_WIDTH_INT = {
    tf.float16: tf.int16,
    tf.bfloat16: tf.int16,
    tf.float32: tf.int32,
    tf.float64: tf.int64,
}


def _kind(x: tf.Tensor) -> str:
    return core_dtypes[x.dtype].kind


def _floating(x: tf.Tensor) -> tf.Tensor:
    """Integer and bool tensors cast to the default float dtype."""
    if _kind(x) in "fc":
        return x
    return tf.cast(x, native_dtypes[dtypes.default_float_dtype()])


def _in_float32(op: Callable[..., tf.Tensor], *xs: tf.Tensor) -> tf.Tensor:
    """``op`` on bfloat16/float16 computed in float32 and rounded back once."""
    dtype = xs[0].dtype
    if dtype in _HALF:
        return tf.cast(op(*(tf.cast(x, tf.float32) for x in xs)), dtype)
    return op(*xs)


def _float_unary(
    op: Callable[..., tf.Tensor], name: str, *, upcast_half: bool = False
) -> Callable[..., tf.Tensor]:
    def function(x: tf.Tensor, /) -> tf.Tensor:
        x = _floating(x)
        return _in_float32(op, x) if upcast_half else op(x)

    function.direct = op_kernel(op)  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _float_binary(
    op: Callable[..., tf.Tensor], name: str, *, upcast_half: bool = False
) -> Callable[..., tf.Tensor]:
    def function(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
        x1, x2 = promote(x1, x2)
        x1, x2 = _floating(x1), _floating(x2)
        return _in_float32(op, x1, x2) if upcast_half else op(x1, x2)

    function.direct = op_kernel(op)  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _truth(x: tf.Tensor) -> tf.Tensor:
    return x if x.dtype == tf.bool else tf.not_equal(x, tf.zeros_like(x))


# --------------------------------------------------------------------------- unary
acos = _float_unary(tf.math.acos, "acos")
acosh = _float_unary(tf.math.acosh, "acosh")
asin = _float_unary(tf.math.asin, "asin")
asinh = _float_unary(tf.math.asinh, "asinh")
atan = _float_unary(tf.math.atan, "atan")
atanh = _float_unary(tf.math.atanh, "atanh")
cos = _float_unary(tf.math.cos, "cos")
cosh = _float_unary(tf.math.cosh, "cosh")
exp = _float_unary(tf.math.exp, "exp")
expm1 = _float_unary(tf.math.expm1, "expm1")
log = _float_unary(tf.math.log, "log")
log1p = _float_unary(tf.math.log1p, "log1p")
sin = _float_unary(tf.math.sin, "sin")
sinh = _float_unary(tf.math.sinh, "sinh")
sqrt = _float_unary(tf.math.sqrt, "sqrt")
tan = _float_unary(tf.math.tan, "tan")
tanh = _float_unary(tf.math.tanh, "tanh")
sigmoid = _NO_COMPLEX(_float_unary(tf.math.sigmoid, "sigmoid"))


def _erf(x: tf.Tensor) -> tf.Tensor:
    # tf.math.erf gives nan beyond about 1e154 in float64; erf is +-1 long before 10
    return tf.math.erf(tf.clip_by_value(x, -10, 10))


erf = _NO_COMPLEX(_float_unary(_erf, "erf"))
erfc = _NO_COMPLEX(_float_unary(tf.math.erfc, "erfc"))
erfinv = _NO_COMPLEX(_float_unary(tf.math.erfinv, "erfinv", upcast_half=True))
lgamma = _NO_COMPLEX(_float_unary(tf.math.lgamma, "lgamma", upcast_half=True))


_TINY = 2.2250738585072014e-308  # the smallest normal float64


def _log_of_real(x: tf.Tensor, base: float) -> tf.Tensor:
    """log2/log10 of a real float64 tensor within an ulp (core's ``LOG10_2``); zeros,
    subnormals, negatives, infinities and nans take the plain quotient."""
    bits = tf.bitcast(x, tf.int64)
    exponent = tf.bitwise.bitwise_and(tf.bitwise.right_shift(bits, 52), 0x7FF) - 1023
    mantissa = tf.bitcast(
        tf.bitwise.bitwise_or(tf.bitwise.bitwise_and(bits, 0xFFFFFFFFFFFFF), 0x3FF << 52),
        tf.float64,
    )
    upper = mantissa > math.sqrt(2.0)
    mantissa = tf.where(upper, mantissa * 0.5, mantissa)
    exponent = tf.cast(exponent + tf.cast(upper, tf.int64), tf.float64)
    small = tf.math.log(mantissa) / math.log(base)
    if base == 2.0:
        result = exponent + small
    else:
        result = exponent * LOG10_2[0] + (exponent * LOG10_2[1] + small)
    usual = tf.math.is_finite(x) & (x >= _TINY)
    return tf.where(usual, result, tf.math.log(x) / math.log(base))


def _log_base(base: float, name: str) -> Callable[..., tf.Tensor]:
    def function(x: tf.Tensor, /) -> tf.Tensor:
        x = _floating(x)
        if x.dtype.is_complex:  # tensorflow has no log2/log10
            return tf.math.log(x) / tf.constant(math.log(base), x.dtype)
        return tf.cast(_log_of_real(tf.cast(x, tf.float64), base), x.dtype)

    function.__name__ = function.__qualname__ = name
    return function


log2 = _log_base(2.0, "log2")
log10 = _log_base(10.0, "log10")


@_NO_COMPLEX
def digamma(x: tf.Tensor, /) -> tf.Tensor:
    x = _floating(x)
    result = _in_float32(tf.math.digamma, x)
    # -inf at +0 and +inf at -0, as torch and scipy (tensorflow gives nan)
    pole = tf.where(_signbit(x), tf.constant(math.inf, x.dtype), tf.constant(-math.inf, x.dtype))
    return tf.where(tf.equal(x, 0), pole, result)


def _sinc(x: tf.Tensor) -> tf.Tensor:
    y = x * tf.constant(math.pi, x.dtype)
    safe = tf.where(tf.equal(x, 0), tf.ones_like(y), y)
    return tf.where(tf.equal(x, 0), tf.ones_like(y), tf.math.sin(safe) / safe)


# sin(pi x) loses all precision near the integers in 16 bits
sinc = _float_unary(_sinc, "sinc", upcast_half=True)


def _keep_integers(op: Callable[..., tf.Tensor], name: str) -> Callable[..., tf.Tensor]:
    def function(x: tf.Tensor, /) -> tf.Tensor:
        kind = _kind(x)
        if kind == "f":
            return op(x)
        if kind == "c":
            return tf.complex(op(tf.math.real(x)), op(tf.math.imag(x)))
        return tf.identity(x)

    function.__name__ = function.__qualname__ = name
    return function


def _trunc(x: tf.Tensor) -> tf.Tensor:
    return tf.where(x < 0, tf.math.ceil(x), tf.math.floor(x))


round = _keep_integers(tf.math.round, "round")  # noqa: A001
ceil = _NO_COMPLEX(_keep_integers(tf.math.ceil, "ceil"))
floor = _NO_COMPLEX(_keep_integers(tf.math.floor, "floor"))
trunc = _NO_COMPLEX(_keep_integers(_trunc, "trunc"))


@direct(op_kernel(tf.math.abs))
def abs(x: tf.Tensor, /) -> tf.Tensor:  # noqa: A001
    if _kind(x) in "bu":
        return tf.identity(x)
    return tf.math.abs(x)


@_NO_BOOL
@direct(op_kernel(tf.math.negative))
def negative(x: tf.Tensor, /) -> tf.Tensor:
    if _kind(x) == "u":
        return tf.zeros_like(x) - x
    return tf.math.negative(x)


@_NO_BOOL
def positive(x: tf.Tensor, /) -> tf.Tensor:
    return tf.identity(x)


@_NO_BOOL
def sign(x: tf.Tensor, /) -> tf.Tensor:
    if _kind(x) == "u":
        return tf.cast(_truth(x), x.dtype)
    return tf.math.sign(x)


def _signbit(x: tf.Tensor) -> tf.Tensor:
    kind = _kind(x)
    if kind == "f":
        return tf.bitcast(x, _SAME_WIDTH_INT[x.dtype]) < 0
    if kind == "i":
        return x < 0
    return tf.zeros_like(x, dtype=tf.bool)


@_NO_COMPLEX
def signbit(x: tf.Tensor, /) -> tf.Tensor:
    return _signbit(x)


def conj(x: tf.Tensor, /) -> tf.Tensor:
    return tf.math.conj(x) if _kind(x) == "c" else tf.identity(x)


def real(x: tf.Tensor, /) -> tf.Tensor:
    return tf.math.real(x) if _kind(x) == "c" else tf.identity(x)


def imag(x: tf.Tensor, /) -> tf.Tensor:
    return tf.math.imag(x) if _kind(x) == "c" else tf.zeros_like(x)


def isfinite(x: tf.Tensor, /) -> tf.Tensor:
    kind = _kind(x)
    if kind == "c":
        return tf.logical_and(
            tf.math.is_finite(tf.math.real(x)), tf.math.is_finite(tf.math.imag(x))
        )
    if kind == "f":
        return tf.math.is_finite(x)
    return tf.ones_like(x, dtype=tf.bool)


def isinf(x: tf.Tensor, /) -> tf.Tensor:
    kind = _kind(x)
    if kind == "c":
        return tf.logical_or(tf.math.is_inf(tf.math.real(x)), tf.math.is_inf(tf.math.imag(x)))
    if kind == "f":
        return tf.math.is_inf(x)
    return tf.zeros_like(x, dtype=tf.bool)


def isnan(x: tf.Tensor, /) -> tf.Tensor:
    kind = _kind(x)
    if kind == "c":
        return tf.logical_or(tf.math.is_nan(tf.math.real(x)), tf.math.is_nan(tf.math.imag(x)))
    if kind == "f":
        return tf.math.is_nan(x)
    return tf.zeros_like(x, dtype=tf.bool)


def logical_not(x: tf.Tensor, /) -> tf.Tensor:
    return tf.logical_not(_truth(x))


@_INTEGER_OR_BOOL
def bitwise_invert(x: tf.Tensor, /) -> tf.Tensor:
    return tf.logical_not(x) if x.dtype == tf.bool else tf.bitwise.invert(x)


def _replace_special(
    x: tf.Tensor, nan: float, posinf: float | None, neginf: float | None
) -> tf.Tensor:
    info = ml_dtypes.finfo(x.dtype.as_numpy_dtype)
    posinf = info.max if posinf is None else posinf
    neginf = info.min if neginf is None else neginf
    result = tf.where(tf.math.is_nan(x), tf.constant(nan, x.dtype), x)
    result = tf.where(tf.equal(x, math.inf), tf.constant(posinf, x.dtype), result)
    return tf.where(tf.equal(x, -math.inf), tf.constant(neginf, x.dtype), result)


def nan_to_num(
    x: tf.Tensor,
    /,
    *,
    nan: float = 0.0,
    posinf: float | None = None,
    neginf: float | None = None,
) -> tf.Tensor:
    kind = _kind(x)
    if kind == "c":
        return tf.complex(
            _replace_special(tf.math.real(x), nan, posinf, neginf),
            _replace_special(tf.math.imag(x), nan, posinf, neginf),
        )
    if kind == "f":
        return _replace_special(x, nan, posinf, neginf)
    return tf.identity(x)


# --------------------------------------------------------------------------- binary
@direct(op_kernel(tf.math.add))
def add(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    return tf.logical_or(x1, x2) if x1.dtype == tf.bool else tf.math.add(x1, x2)


@_NO_BOOL
@direct(op_kernel(tf.math.subtract))
def subtract(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    return tf.math.subtract(x1, x2)


@direct(op_kernel(tf.math.multiply))
def multiply(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    return tf.logical_and(x1, x2) if x1.dtype == tf.bool else tf.math.multiply(x1, x2)


def _divide(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
    """TF's division, except a complex number over zero: numpy's (and JAX's) infinities,
    each part over |0| (``(1+1j) / 0`` is ``inf+infj``), where TF gives ``nan+nanj``."""
    quotient = tf.math.divide(x1, x2)
    if not quotient.dtype.is_complex:
        return quotient
    zero = tf.abs(tf.math.real(x2))
    by_zero = tf.complex(tf.math.real(x1) / zero, tf.math.imag(x1) / zero)
    return tf.where(tf.equal(x2, 0), by_zero, quotient)


divide = _float_binary(_divide, "divide")
divide.direct = op_kernel(tf.math.divide)  # real floats: TF's kernel itself
atan2 = _NO_COMPLEX(_float_binary(tf.math.atan2, "atan2"))


@_NO_BOOL
@direct(op_kernel(tf.math.pow))
def pow(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:  # noqa: A001
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.uint64:
        # the same bits as int64: the low 64 bits of a power do not depend on the sign
        result = tf.math.pow(tf.bitcast(x1, tf.int64), tf.bitcast(x2, tf.int64))
        return tf.bitcast(result, tf.uint64)
    if _kind(x1) == "u":
        return tf.cast(tf.math.pow(tf.cast(x1, tf.int64), tf.cast(x2, tf.int64)), x1.dtype)
    return tf.math.pow(x1, x2)


def _fmod(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
    """C fmod on tensors of one dtype (tf's truncatemod lacks 8/16-bit kernels)."""
    kind = _kind(x1)
    if kind == "u":
        return tf.math.floormod(x1, x2)  # truncation and flooring agree for unsigned
    if x1.dtype in (tf.int8, tf.int16):
        return tf.cast(tf.truncatemod(tf.cast(x1, tf.int32), tf.cast(x2, tf.int32)), x1.dtype)
    return _in_float32(tf.truncatemod, x1, x2)


@_NO_BOOL_COMPLEX
def fmod(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    return _fmod(x1, x2)


def _float_floor_divide(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
    """numpy's npy_floor_divide: through fmod, exact for infinities and signed zeros."""
    mod = _fmod(a, b)
    div = (a - mod) / b
    adjust = tf.logical_and(tf.not_equal(mod, 0), tf.not_equal(b < 0, mod < 0))
    div = tf.where(adjust, div - 1, div)
    floored = tf.math.floor(div)
    floored = tf.where(div - floored > 0.5, floored + 1, floored)
    quotient = a / b
    floored = tf.where(tf.equal(div, 0), _copysign(tf.zeros_like(div), quotient), floored)
    return tf.where(tf.equal(b, 0), quotient, floored)


@_NO_BOOL_COMPLEX
def floor_divide(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    if _kind(x1) == "f":
        return _in_float32(_float_floor_divide, x1, x2)
    return tf.math.floordiv(x1, x2)


@_NO_BOOL_COMPLEX
def remainder(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    result = tf.math.floormod(x1, x2)
    # a zero remainder takes the sign of x2, as numpy's (tensorflow gives +0.0)
    return _copysign(result, x2) if _kind(result) == "f" else result


def _copysign(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
    magnitude = tf.math.abs(x1)
    return tf.where(_signbit(x2), tf.math.negative(magnitude), magnitude)


copysign = _NO_COMPLEX(_float_binary(_copysign, "copysign"))


def _hypot(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
    a, b = tf.math.abs(a), tf.math.abs(b)
    if a.dtype != tf.float64:
        # float32 and narrower square without overflow in float64
        wide = tf.math.sqrt(tf.square(tf.cast(a, tf.float64)) + tf.square(tf.cast(b, tf.float64)))
        result = tf.cast(wide, a.dtype)
    else:
        big, small = tf.math.maximum(a, b), tf.math.minimum(a, b)
        ratio = small / tf.where(tf.equal(big, 0), tf.ones_like(big), big)
        result = big * tf.math.sqrt(1 + ratio * ratio)
    # an infinite argument gives inf even with a nan, as numpy's
    inf = tf.constant(math.inf, a.dtype)
    return tf.where(tf.logical_or(tf.math.is_inf(a), tf.math.is_inf(b)), inf, result)


hypot = _NO_COMPLEX(_float_binary(_hypot, "hypot"))


def _logaddexp(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
    largest = tf.math.maximum(a, b)
    result = largest + tf.math.log1p(tf.math.exp(-tf.math.abs(a - b)))
    # equal arguments (infinities included) give x + log(2), as numpy's
    return tf.where(tf.equal(a, b), a + tf.constant(math.log(2.0), a.dtype), result)


logaddexp = _NO_COMPLEX(_float_binary(_logaddexp, "logaddexp", upcast_half=True))


def _nextafter(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
    if x1.dtype not in _HALF:
        return tf.math.nextafter(x1, x2)
    # 16-bit floats: one step of the magnitude's bits (no tf kernel for them)
    bits = tf.bitcast(x1, tf.int16)
    away_from_zero = tf.equal(x1 < x2, x1 > 0)
    stepped = tf.bitcast(tf.where(away_from_zero, bits + 1, bits - 1), x1.dtype)
    tiny = tf.bitcast(tf.ones_like(bits), x1.dtype)
    stepped = tf.where(tf.equal(x1, 0), _copysign(tiny, x2), stepped)
    stepped = tf.where(tf.equal(x1, x2), x2, stepped)
    either_nan = tf.logical_or(tf.math.is_nan(x1), tf.math.is_nan(x2))
    return tf.where(either_nan, tf.constant(math.nan, x1.dtype), stepped)


nextafter = _NO_COMPLEX(_float_binary(_nextafter, "nextafter"))


def _heaviside(x1: tf.Tensor, x2: tf.Tensor) -> tf.Tensor:
    step = tf.cast(x1 > 0, x1.dtype)
    result = tf.where(tf.equal(x1, 0), x2, step)
    return tf.where(tf.math.is_nan(x1), x1, result)


heaviside = _NO_COMPLEX(_float_binary(_heaviside, "heaviside"))


@direct(op_kernel(tf.math.equal))
def equal(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    return tf.math.equal(x1, x2)


@direct(op_kernel(tf.math.not_equal))
def not_equal(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    return tf.math.not_equal(x1, x2)


def _comparison(op: Callable[..., tf.Tensor], name: str) -> Callable[..., tf.Tensor]:
    def function(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
        x1, x2 = promote(x1, x2)
        if x1.dtype == tf.bool:
            x1, x2 = tf.cast(x1, tf.int8), tf.cast(x2, tf.int8)
        return op(x1, x2)

    function.direct = op_kernel(op)  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return _REAL(function)


less = _comparison(tf.math.less, "less")
less_equal = _comparison(tf.math.less_equal, "less_equal")
greater = _comparison(tf.math.greater, "greater")
greater_equal = _comparison(tf.math.greater_equal, "greater_equal")


def _extremum(
    op: Callable[..., tf.Tensor], boolean: Callable[..., tf.Tensor], ignore_nan: bool, name: str
) -> Callable[..., tf.Tensor]:
    def function(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
        x1, x2 = promote(x1, x2)
        if x1.dtype == tf.bool:
            return boolean(x1, x2)
        result = op(x1, x2)
        if ignore_nan and _kind(x1) == "f":
            result = tf.where(tf.math.is_nan(x1), x2, tf.where(tf.math.is_nan(x2), x1, result))
        return result

    if not ignore_nan:
        function.direct = op_kernel(op)  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return _REAL(function)


maximum = _extremum(tf.math.maximum, tf.logical_or, False, "maximum")
minimum = _extremum(tf.math.minimum, tf.logical_and, False, "minimum")
fmax = _extremum(tf.math.maximum, tf.logical_or, True, "fmax")
fmin = _extremum(tf.math.minimum, tf.logical_and, True, "fmin")


def _bitwise(
    op: Callable[..., tf.Tensor], boolean: Callable[..., tf.Tensor], name: str
) -> Callable[..., tf.Tensor]:
    def function(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
        x1, x2 = promote(x1, x2)
        return boolean(x1, x2) if x1.dtype == tf.bool else op(x1, x2)

    function.__name__ = function.__qualname__ = name
    return _INTEGER_OR_BOOL(function)


bitwise_and = _bitwise(tf.bitwise.bitwise_and, tf.logical_and, "bitwise_and")
bitwise_or = _bitwise(tf.bitwise.bitwise_or, tf.logical_or, "bitwise_or")
bitwise_xor = _bitwise(tf.bitwise.bitwise_xor, tf.math.not_equal, "bitwise_xor")


@_INTEGER
def bitwise_left_shift(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    return tf.bitwise.left_shift(x1, x2)


@_INTEGER
def bitwise_right_shift(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    return tf.bitwise.right_shift(x1, x2)


def _logical(op: Callable[..., tf.Tensor], name: str) -> Callable[..., tf.Tensor]:
    def function(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
        x1, x2 = promote(x1, x2)
        return op(_truth(x1), _truth(x2))

    function.__name__ = function.__qualname__ = name
    return function


logical_and = _logical(tf.logical_and, "logical_and")
logical_or = _logical(tf.logical_or, "logical_or")
logical_xor = _logical(tf.math.logical_xor, "logical_xor")
