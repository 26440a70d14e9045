"""numpy implementations of core's elementwise functions.

numpy (with ml_dtypes for bfloat16) is the reference for the special values. Its ufuncs
return numpy scalars for 0-d inputs, so every result goes through ``numpy.asarray``. erf,
erfc, lgamma, digamma and erfinv are computed in float64 from :mod:`math` and numpy alone,
so the default backend needs nothing but numpy.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import ml_dtypes
import numpy

from core import dtypes
from core.backends import direct
from core.backends.numpy import core_dtypes, native_dtypes, promote, version
from core.support import with_unsupported_dtypes

# restrictions of the functions' domains, the same on every backend
_NO_BOOL = with_unsupported_dtypes({"2.0 and above": ("bool",)}, version)
_NO_COMPLEX = with_unsupported_dtypes({"2.0 and above": ("complex",)}, version)
_NO_BOOL_COMPLEX = with_unsupported_dtypes({"2.0 and above": ("bool", "complex")}, version)
_INTEGER_OR_BOOL = with_unsupported_dtypes({"2.0 and above": ("float", "complex")}, version)
_INTEGER = with_unsupported_dtypes({"2.0 and above": ("float", "complex", "bool")}, version)

_asarray = numpy.asarray


def _kind(x: numpy.ndarray) -> str:
    return core_dtypes[x.dtype].kind


def _floating(x: numpy.ndarray) -> numpy.ndarray:
    """Integer and bool arrays cast to the default float dtype (numpy would pick float64)."""
    if _kind(x) in "fc":
        return x
    return x.astype(native_dtypes[dtypes.default_float_dtype()])


def _float_unary(ufunc: Callable[..., numpy.ndarray], name: str) -> Callable[..., numpy.ndarray]:
    def function(x: numpy.ndarray, /) -> numpy.ndarray:
        return _asarray(ufunc(_floating(x)))

    function.direct = ufunc  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _float_binary(ufunc: Callable[..., numpy.ndarray], name: str) -> Callable[..., numpy.ndarray]:
    def function(x1: numpy.ndarray, x2: numpy.ndarray, /) -> numpy.ndarray:
        x1, x2 = promote(x1, x2)
        return _asarray(ufunc(_floating(x1), _floating(x2)))

    function.direct = ufunc  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _binary(ufunc: Callable[..., numpy.ndarray], name: str) -> Callable[..., numpy.ndarray]:
    def function(x1: numpy.ndarray, x2: numpy.ndarray, /) -> numpy.ndarray:
        x1, x2 = promote(x1, x2)
        return _asarray(ufunc(x1, x2))

    function.direct = ufunc  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _keep_integers(ufunc: Callable[..., numpy.ndarray], name: str) -> Callable[..., numpy.ndarray]:
    def function(x: numpy.ndarray, /) -> numpy.ndarray:
        if _kind(x) in "biu":
            return x.copy()
        return _asarray(ufunc(x))

    function.__name__ = function.__qualname__ = name
    return function


# --------------------------------------------------------------------------- unary
acos = _float_unary(numpy.arccos, "acos")
acosh = _float_unary(numpy.arccosh, "acosh")
asin = _float_unary(numpy.arcsin, "asin")
asinh = _float_unary(numpy.arcsinh, "asinh")
atan = _float_unary(numpy.arctan, "atan")
atanh = _float_unary(numpy.arctanh, "atanh")
cos = _float_unary(numpy.cos, "cos")
cosh = _float_unary(numpy.cosh, "cosh")
exp = _float_unary(numpy.exp, "exp")
expm1 = _float_unary(numpy.expm1, "expm1")
log = _float_unary(numpy.log, "log")
log1p = _float_unary(numpy.log1p, "log1p")
log2 = _float_unary(numpy.log2, "log2")
log10 = _float_unary(numpy.log10, "log10")
sin = _float_unary(numpy.sin, "sin")
sinh = _float_unary(numpy.sinh, "sinh")
sqrt = _float_unary(numpy.sqrt, "sqrt")
tan = _float_unary(numpy.tan, "tan")
tanh = _float_unary(numpy.tanh, "tanh")
round = _keep_integers(numpy.round, "round")  # noqa: A001
ceil = _NO_COMPLEX(_keep_integers(numpy.ceil, "ceil"))
floor = _NO_COMPLEX(_keep_integers(numpy.floor, "floor"))
trunc = _NO_COMPLEX(_keep_integers(numpy.trunc, "trunc"))


@direct(numpy.abs)
def abs(x: numpy.ndarray, /) -> numpy.ndarray:  # noqa: A001
    if x.dtype == numpy.bool_:
        return x.copy()
    return _asarray(numpy.abs(x))


def sinc(x: numpy.ndarray, /) -> numpy.ndarray:
    """16-bit floats are computed in float32 and rounded, as torch and JAX do: numpy's own
    half-precision sin(pi x) loses every digit near the integers (sinc(1) = 3e-4)."""
    x = _floating(x)
    if x.dtype in (numpy.float16, ml_dtypes.bfloat16):
        return _asarray(numpy.sinc(x.astype(numpy.float32))).astype(x.dtype)
    return _asarray(numpy.sinc(x))


@_NO_BOOL
@direct(numpy.negative)
def negative(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.negative(x))


@_NO_BOOL
def positive(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.positive(x))


@_NO_BOOL
def sign(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.sign(x))


@_NO_COMPLEX
def signbit(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.signbit(x))


def conj(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.conj(x)) if _kind(x) == "c" else x.copy()


def real(x: numpy.ndarray, /) -> numpy.ndarray:
    return x.real.copy()


def imag(x: numpy.ndarray, /) -> numpy.ndarray:
    return x.imag.copy() if _kind(x) == "c" else numpy.zeros_like(x)


def isfinite(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.isfinite(x))


def isinf(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.isinf(x))


def isnan(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.isnan(x))


def logical_not(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.logical_not(x))


@_INTEGER_OR_BOOL
def bitwise_invert(x: numpy.ndarray, /) -> numpy.ndarray:
    return _asarray(numpy.invert(x))


def nan_to_num(
    x: numpy.ndarray,
    /,
    *,
    nan: float = 0.0,
    posinf: float | None = None,
    neginf: float | None = None,
) -> numpy.ndarray:
    if _kind(x) not in "fc":
        return x.copy()
    info = ml_dtypes.finfo(x.real.dtype)
    posinf = float(info.max) if posinf is None else posinf
    neginf = float(info.min) if neginf is None else neginf
    if _kind(x) == "c":
        parts = [_replace_special(part, nan, posinf, neginf) for part in (x.real, x.imag)]
        return _asarray(parts[0] + 1j * parts[1]).astype(x.dtype)
    return _replace_special(x, nan, posinf, neginf)


def _replace_special(x: numpy.ndarray, nan: float, posinf: float, neginf: float) -> numpy.ndarray:
    result = numpy.where(numpy.isnan(x), numpy.asarray(nan).astype(x.dtype), x)
    result = numpy.where(x == numpy.inf, numpy.asarray(posinf).astype(x.dtype), result)
    return numpy.where(x == -numpy.inf, numpy.asarray(neginf).astype(x.dtype), result)


@_NO_COMPLEX
def sigmoid(x: numpy.ndarray, /) -> numpy.ndarray:
    x = _floating(x)
    with numpy.errstate(over="ignore"):
        return _asarray(1 / (1 + numpy.exp(-x))).astype(x.dtype)


# special functions, computed in float64 and rounded once to the input's dtype
def _float64_special(
    compute: Callable[[numpy.ndarray], numpy.ndarray], name: str
) -> Callable[..., numpy.ndarray]:
    def function(x: numpy.ndarray, /) -> numpy.ndarray:
        x = _floating(x)
        with numpy.errstate(all="ignore"):
            return _asarray(compute(x.astype(numpy.float64))).astype(x.dtype)

    function.__name__ = function.__qualname__ = name
    return function


def _lgamma_scalar(value: float) -> float:
    try:
        return math.lgamma(value)
    except (ValueError, OverflowError):  # a pole (0, -1, -2, ...), or beyond float64
        return math.inf


_erf64 = numpy.frompyfunc(math.erf, 1, 1)
_erfc64 = numpy.frompyfunc(math.erfc, 1, 1)
_lgamma64 = numpy.frompyfunc(_lgamma_scalar, 1, 1)


def _as_float64(compute: Callable[[numpy.ndarray], numpy.ndarray]) -> Callable[..., numpy.ndarray]:
    return lambda x: _asarray(compute(x), dtype=numpy.float64)


def _digamma64(x: numpy.ndarray) -> numpy.ndarray:
    """psi by reflection (x < 0.5), recurrence up to 10, then the asymptotic series."""
    reflect = x < 0.5
    z = numpy.where(reflect, 1.0 - x, x)
    correction = numpy.zeros_like(z)
    for _ in range(10):
        small = z < 10.0
        correction = correction - numpy.where(small, 1.0 / z, 0.0)
        z = numpy.where(small, z + 1.0, z)
    inverse2 = 1.0 / (z * z)
    tail = inverse2 * (
        1 / 12 - inverse2 * (1 / 120 - inverse2 * (1 / 252 - inverse2 * (1 / 240 - inverse2 / 132)))
    )
    result = correction + numpy.log(z) - 0.5 / z - tail
    result = numpy.where(reflect, result - numpy.pi / numpy.tan(numpy.pi * x), result)
    pole = (x <= 0) & (x == numpy.floor(x))
    result = numpy.where(pole, numpy.nan, result)
    return numpy.where(x == 0, numpy.copysign(numpy.inf, -x), result)


def _erfinv64(y: numpy.ndarray) -> numpy.ndarray:
    """Giles' single-precision approximation refined by Newton steps, on |y|."""
    a = numpy.abs(y)
    w = -numpy.log((1.0 - a) * (1.0 + a))
    central = w - 2.5
    p = numpy.full_like(a, 2.81022636e-08)
    for c in (3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503):
        p = c + p * central
    for c in (-0.00417768164, 0.246640727, 1.50140941):
        p = c + p * central
    tail = numpy.sqrt(w) - 3.0
    q = numpy.full_like(a, -0.000200214257)
    for c in (0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613):
        q = c + q * tail
    for c in (0.00943887047, 1.00167406, 2.83297682):
        q = c + q * tail
    x = numpy.where(w < 5.0, p, q) * a
    finite = numpy.isfinite(x)
    slope = 2.0 / math.sqrt(math.pi)
    for _ in range(4):
        erfc_x = _asarray(_erfc64(x), dtype=numpy.float64)
        # near 1, Newton on log(erfc(x)) = log(1 - |y|), which is nearly quadratic in x
        tail_step = (numpy.log(erfc_x) - numpy.log1p(-a)) * erfc_x / (slope * numpy.exp(-x * x))
        central_step = (_asarray(_erf64(x), dtype=numpy.float64) - a) / (slope * numpy.exp(-x * x))
        x = numpy.where(finite, x - numpy.where(a > 0.5, -tail_step, central_step), x)
    x = numpy.where(a == 1.0, numpy.inf, x)
    return numpy.where(a > 1.0, numpy.nan, numpy.copysign(x, y))


erf = _NO_COMPLEX(_float64_special(_as_float64(_erf64), "erf"))
erfc = _NO_COMPLEX(_float64_special(_as_float64(_erfc64), "erfc"))
lgamma = _NO_COMPLEX(_float64_special(_as_float64(_lgamma64), "lgamma"))
digamma = _NO_COMPLEX(_float64_special(_digamma64, "digamma"))
erfinv = _NO_COMPLEX(_float64_special(_erfinv64, "erfinv"))


# --------------------------------------------------------------------------- binary
equal = _binary(numpy.equal, "equal")
not_equal = _binary(numpy.not_equal, "not_equal")
less = _binary(numpy.less, "less")
less_equal = _binary(numpy.less_equal, "less_equal")
greater = _binary(numpy.greater, "greater")
greater_equal = _binary(numpy.greater_equal, "greater_equal")
maximum = _binary(numpy.maximum, "maximum")
minimum = _binary(numpy.minimum, "minimum")
fmax = _binary(numpy.fmax, "fmax")
fmin = _binary(numpy.fmin, "fmin")
add = _binary(numpy.add, "add")
multiply = _binary(numpy.multiply, "multiply")
subtract = _NO_BOOL(_binary(numpy.subtract, "subtract"))
pow = _NO_BOOL(_binary(numpy.power, "pow"))  # noqa: A001
floor_divide = _NO_BOOL_COMPLEX(_binary(numpy.floor_divide, "floor_divide"))
remainder = _NO_BOOL_COMPLEX(_binary(numpy.remainder, "remainder"))
fmod = _NO_BOOL_COMPLEX(_binary(numpy.fmod, "fmod"))
bitwise_and = _INTEGER_OR_BOOL(_binary(numpy.bitwise_and, "bitwise_and"))
bitwise_or = _INTEGER_OR_BOOL(_binary(numpy.bitwise_or, "bitwise_or"))
bitwise_xor = _INTEGER_OR_BOOL(_binary(numpy.bitwise_xor, "bitwise_xor"))
bitwise_left_shift = _INTEGER(_binary(numpy.left_shift, "bitwise_left_shift"))
bitwise_right_shift = _INTEGER(_binary(numpy.right_shift, "bitwise_right_shift"))
logical_and = _binary(numpy.logical_and, "logical_and")
logical_or = _binary(numpy.logical_or, "logical_or")
logical_xor = _binary(numpy.logical_xor, "logical_xor")
divide = _float_binary(numpy.divide, "divide")
atan2 = _NO_COMPLEX(_float_binary(numpy.arctan2, "atan2"))
copysign = _NO_COMPLEX(_float_binary(numpy.copysign, "copysign"))
hypot = _NO_COMPLEX(_float_binary(numpy.hypot, "hypot"))
logaddexp = _NO_COMPLEX(_float_binary(numpy.logaddexp, "logaddexp"))


def _nextafter(x1: numpy.ndarray, x2: numpy.ndarray) -> numpy.ndarray:
    # x2 where x1 == x2 as in C (numpy's float16 loop gives x1: nextafter(0.0, -0.0) == 0.0)
    return numpy.where(x1 == x2, x2, numpy.nextafter(x1, x2))


nextafter = _NO_COMPLEX(_float_binary(_nextafter, "nextafter"))
heaviside = _NO_COMPLEX(_float_binary(numpy.heaviside, "heaviside"))
