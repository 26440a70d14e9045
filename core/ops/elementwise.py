"""core's elementwise functions: the Array API standard's (2024.12) and what the ML frontends
need besides (erf, lgamma, sigmoid, fmod, fmax, isclose, ...).

Results follow core's promotion table on every backend (:func:`core.result_type`). Functions
that only make sense for floats (sin, exp, divide, atan2, ...) given integer or bool inputs
compute in the default float dtype (float32) rather than numpy's float64. Where frameworks
disagree on special values (nan, inf, -0.0), core follows numpy, which for these functions is
what the standard specifies: ``remainder`` and ``floor_divide`` take the sign conventions of
Python, ``round`` rounds half to even, ``maximum`` and ``minimum`` propagate nan, ``sign`` of
a complex number is ``x / |x|``.
"""

from __future__ import annotations

import math

from core import dtypes, native
from core.array import Array, ArrayLike
from core.registry import compositional, primary


def _floating(x: ArrayLike) -> ArrayLike:
    """``x`` cast to the default float dtype unless it is already float or complex."""
    if dtypes.result_type(x).kind in "fc":
        return x
    return native.astype(x, dtypes.default_float_dtype())


@primary
def abs(x: ArrayLike, /) -> Array:  # noqa: A001
    """|x|; a complex input gives the real dtype of its precision. bool stays bool (numpy)."""


@primary
def acos(x: ArrayLike, /) -> Array:
    """Inverse cosine. Integer and bool inputs give the default float dtype (not numpy's float64)."""


@primary
def acosh(x: ArrayLike, /) -> Array:
    """Inverse hyperbolic cosine. Integer and bool inputs give the default float dtype."""


@primary
def asin(x: ArrayLike, /) -> Array:
    """Inverse sine. Integer and bool inputs give the default float dtype."""


@primary
def asinh(x: ArrayLike, /) -> Array:
    """Inverse hyperbolic sine. Integer and bool inputs give the default float dtype."""


@primary
def atan(x: ArrayLike, /) -> Array:
    """Inverse tangent. Integer and bool inputs give the default float dtype."""


@primary
def atanh(x: ArrayLike, /) -> Array:
    """Inverse hyperbolic tangent. Integer and bool inputs give the default float dtype."""


@primary
def bitwise_invert(x: ArrayLike, /) -> Array:
    """Bitwise NOT of integers; logical NOT of bools. Floats are unsupported."""


@primary
def ceil(x: ArrayLike, /) -> Array:
    """Smallest integer >= x; integers and bools are returned unchanged (same dtype)."""


@primary
def conj(x: ArrayLike, /) -> Array:
    """Complex conjugate; real inputs are returned unchanged."""


@primary
def cos(x: ArrayLike, /) -> Array:
    """Cosine. Integer and bool inputs give the default float dtype."""


@primary
def cosh(x: ArrayLike, /) -> Array:
    """Hyperbolic cosine. Integer and bool inputs give the default float dtype."""


@primary
def exp(x: ArrayLike, /) -> Array:
    """e**x. Integer and bool inputs give the default float dtype."""


@primary
def expm1(x: ArrayLike, /) -> Array:
    """e**x - 1, accurate near 0. Integer and bool inputs give the default float dtype."""


@primary
def floor(x: ArrayLike, /) -> Array:
    """Largest integer <= x; integers and bools are returned unchanged (same dtype)."""


@primary
def imag(x: ArrayLike, /) -> Array:
    """Imaginary part; a real input gives zeros of its own dtype (numpy's behaviour)."""


@primary
def isfinite(x: ArrayLike, /) -> Array:
    """Whether each element is finite (complex: both parts). Integers are finite."""


@primary
def isinf(x: ArrayLike, /) -> Array:
    """Whether each element is +-inf (complex: either part)."""


@primary
def isnan(x: ArrayLike, /) -> Array:
    """Whether each element is nan (complex: either part)."""


@primary
def log(x: ArrayLike, /) -> Array:
    """Natural logarithm. Integer and bool inputs give the default float dtype."""


@primary
def log1p(x: ArrayLike, /) -> Array:
    """log(1 + x), accurate near 0. Integer and bool inputs give the default float dtype."""


@primary
def log2(x: ArrayLike, /) -> Array:
    """Base-2 logarithm. Integer and bool inputs give the default float dtype."""


@primary
def log10(x: ArrayLike, /) -> Array:
    """Base-10 logarithm. Integer and bool inputs give the default float dtype."""


@primary
def logical_not(x: ArrayLike, /) -> Array:
    """Logical NOT; non-bool inputs are read as ``x != 0`` (numpy's behaviour)."""


@primary
def negative(x: ArrayLike, /) -> Array:
    """-x; integers wrap around. bool is unsupported (numpy raises too)."""


@primary
def positive(x: ArrayLike, /) -> Array:
    """+x (a copy). bool is unsupported (numpy raises too)."""


@primary
def real(x: ArrayLike, /) -> Array:
    """Real part; a complex input gives the real dtype of its precision, a real input itself."""


@primary
def round(x: ArrayLike, /) -> Array:  # noqa: A001
    """Round half to even (numpy and Python 3). Integers are returned unchanged; complex rounds both parts.

    The standard's signature has no ``decimals``; neither has this one."""


@primary
def sign(x: ArrayLike, /) -> Array:
    """-1, 0 or 1 (nan for nan); for complex ``x / |x|`` (0 at 0), as the standard and numpy 2 define it.

    torch's ``sign`` gives 0 for nan and rejects complex; core's does not."""


@primary
def signbit(x: ArrayLike, /) -> Array:
    """Whether the sign bit is set (True for -0.0 and for nans with the sign bit). Real inputs only."""


@primary
def sin(x: ArrayLike, /) -> Array:
    """Sine. Integer and bool inputs give the default float dtype."""


@primary
def sinh(x: ArrayLike, /) -> Array:
    """Hyperbolic sine. Integer and bool inputs give the default float dtype."""


@primary
def sqrt(x: ArrayLike, /) -> Array:
    """Square root. Integer and bool inputs give the default float dtype."""


@primary
def tan(x: ArrayLike, /) -> Array:
    """Tangent. Integer and bool inputs give the default float dtype."""


@primary
def tanh(x: ArrayLike, /) -> Array:
    """Hyperbolic tangent. Integer and bool inputs give the default float dtype."""


@primary
def trunc(x: ArrayLike, /) -> Array:
    """Rounds towards zero; integers and bools are returned unchanged (same dtype)."""


@primary
def erf(x: ArrayLike, /) -> Array:
    """The error function (real floats). Integer and bool inputs give the default float dtype."""


@primary
def erfc(x: ArrayLike, /) -> Array:
    """1 - erf(x), accurate for large x. Integer and bool inputs give the default float dtype."""


@primary
def erfinv(x: ArrayLike, /) -> Array:
    """The inverse error function: +-inf at +-1, nan outside [-1, 1]."""


@primary
def lgamma(x: ArrayLike, /) -> Array:
    """log|Gamma(x)|; +inf at the poles (0, -1, -2, ...)."""


@primary
def digamma(x: ArrayLike, /) -> Array:
    """The logarithmic derivative of Gamma: -inf at 0 (torch's and scipy's choice), nan at the negative integers."""


@primary
def sigmoid(x: ArrayLike, /) -> Array:
    """The logistic function 1 / (1 + exp(-x)) (real floats)."""


@primary
def sinc(x: ArrayLike, /) -> Array:
    """The normalized sinc sin(pi x) / (pi x), 1 at 0 (numpy's definition)."""


@primary
def add(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 + x2 with core's promotion; integers wrap around. bool + bool is logical or (numpy)."""


@primary
def atan2(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The angle of (x2, x1), with the standard's signed-zero and infinity cases. Real inputs only."""


@primary
def bitwise_and(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """Bitwise AND of integers or bools."""


@primary
def bitwise_left_shift(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 << x2 for integers. Shifts by the width or more are undefined."""


@primary
def bitwise_or(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """Bitwise OR of integers or bools."""


@primary
def bitwise_right_shift(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 >> x2 for integers (arithmetic for signed ones). Shifts by the width or more are undefined."""


@primary
def bitwise_xor(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """Bitwise XOR of integers or bools."""


@primary
def copysign(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """|x1| with the sign of x2 (-0.0 and signed nans count). Real inputs only."""


@primary
def divide(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """True division; integer and bool inputs give the default float dtype (not float64)."""


@primary
def equal(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 == x2 elementwise, after core's promotion."""


@primary
def floor_divide(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """floor(x1 / x2) with numpy's (Python's) results for floats, signed zeros and infinities included.

    Integer division by zero is undefined."""


@primary
def greater(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 > x2 elementwise, after core's promotion."""


@primary
def greater_equal(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 >= x2 elementwise, after core's promotion."""


@primary
def hypot(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """sqrt(x1**2 + x2**2) without overflow; inf if either is inf, even with a nan."""


@primary
def less(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 < x2 elementwise, after core's promotion."""


@primary
def less_equal(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 <= x2 elementwise, after core's promotion."""


@primary
def logaddexp(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """log(exp(x1) + exp(x2)) without overflow. Real inputs only."""


@primary
def logical_and(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """Logical AND; non-bool inputs are read as ``x != 0``."""


@primary
def logical_or(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """Logical OR; non-bool inputs are read as ``x != 0``."""


@primary
def logical_xor(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """Logical XOR; non-bool inputs are read as ``x != 0``."""


@primary
def maximum(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The larger of x1 and x2; nan if either is nan (unlike fmax)."""


@primary
def minimum(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The smaller of x1 and x2; nan if either is nan (unlike fmin)."""


@primary
def multiply(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 * x2 with core's promotion; integers wrap around. bool * bool is logical and."""


@primary
def nextafter(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The next representable value after x1 towards x2, in their common (float) dtype."""


@primary
def not_equal(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 != x2 elementwise, after core's promotion."""


@primary
def pow(x1: ArrayLike, x2: ArrayLike, /) -> Array:  # noqa: A001
    """x1 ** x2 with core's promotion; integer powers stay integers (negative integer exponents are undefined)."""


@primary
def remainder(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 - floor_divide(x1, x2) * x2: the result has the sign of x2, as in numpy and Python.

    A zero result is +0.0 or -0.0 following x2's sign (numpy), on every backend."""


@primary
def subtract(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """x1 - x2 with core's promotion; integers wrap around. bool is unsupported (numpy raises)."""


@primary
def fmod(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The C remainder: the result has the sign of x1 (``math.fmod``, ``torch.fmod``)."""


@primary
def fmax(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The larger of x1 and x2, ignoring a nan (nan only when both are)."""


@primary
def fmin(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The smaller of x1 and x2, ignoring a nan (nan only when both are)."""


@primary
def heaviside(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """0 where x1 < 0, x2 where x1 == 0, 1 where x1 > 0, nan where x1 is nan (numpy).

    Integer and bool inputs give the default float dtype."""


@primary
def nan_to_num(
    x: ArrayLike,
    /,
    *,
    nan: float = 0.0,
    posinf: float | None = None,
    neginf: float | None = None,
) -> Array:
    """nan, +inf and -inf replaced by ``nan``, ``posinf`` and ``neginf`` (default: the
    dtype's largest and smallest finite values), in both parts of a complex number.
    Integers and bools are returned unchanged."""


@compositional
def square(x: ArrayLike, /) -> Array:
    """x * x in x's dtype (integers wrap around; bool gives bool, not numpy's int8)."""
    return native.multiply(x, x)


@compositional
def reciprocal(x: ArrayLike, /) -> Array:
    """1 / x. Integer and bool inputs give the default float dtype (numpy would keep
    integers and truncate)."""
    return native.divide(1, x)


@compositional
def exp2(x: ArrayLike, /) -> Array:
    """2**x. Integer and bool inputs give the default float dtype."""
    return native.pow(2, _floating(x))


@compositional
def deg2rad(x: ArrayLike, /) -> Array:
    """Degrees to radians. Integer and bool inputs give the default float dtype."""
    return native.multiply(_floating(x), math.pi / 180)


@compositional
def rad2deg(x: ArrayLike, /) -> Array:
    """Radians to degrees. Integer and bool inputs give the default float dtype."""
    return native.multiply(_floating(x), 180 / math.pi)


@compositional
def angle(x: ArrayLike, /, *, deg: bool = False) -> Array:
    """The argument of a complex number, ``atan2(imag(x), real(x))`` (numpy): 0 or pi for
    real inputs, in radians or (``deg=True``) degrees."""
    result = native.atan2(native.imag(x), native.real(x))
    return native.multiply(result, 180 / math.pi) if deg else result


@compositional
def logit(x: ArrayLike, /, *, eps: float | None = None) -> Array:
    """log(x / (1 - x)), the inverse of sigmoid; with ``eps``, x is first clipped to
    [eps, 1 - eps] (torch's option). Integer and bool inputs give the default float dtype."""
    x = _floating(x)
    if eps is not None:
        x = native.clip(x, eps, 1 - eps)
    return native.log(native.divide(x, native.subtract(1, x)))


@compositional
def clip(
    x: ArrayLike,
    /,
    min: ArrayLike | None = None,  # noqa: A002 - the standard's parameter names
    max: ArrayLike | None = None,  # noqa: A002
) -> Array:
    """x limited to [min, max], keeping x's dtype; nan in x, min or max gives nan.

    ``min`` and ``max`` may be arrays (broadcast against x) or Python scalars. A Python
    int outside x's integer dtype is undefined (it wraps, as in every core function).
    """
    dtype = dtypes.result_type(x)
    if min is not None:
        x = native.maximum(x, min)
    if max is not None:
        x = native.minimum(x, max)
    return native.astype(x, dtype, copy=False)


@compositional
def isclose(
    x1: ArrayLike,
    x2: ArrayLike,
    /,
    *,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> Array:
    """``|x1 - x2| <= atol + rtol * |x2|`` elementwise (numpy's asymmetric test), with
    equal infinities close and nans close only under ``equal_nan``. Integers compare in
    the default float dtype."""
    common = dtypes.result_type(x1, x2)
    if common.kind not in "fc":
        common = dtypes.default_float_dtype()
    x1 = native.astype(x1, common, copy=False)
    x2 = native.astype(x2, common, copy=False)
    tolerance = native.add(native.multiply(native.abs(x2), rtol), atol)
    close = native.logical_and(
        native.less_equal(native.abs(native.subtract(x1, x2)), tolerance), native.isfinite(x2)
    )
    close = native.logical_or(close, native.equal(x1, x2))
    if equal_nan:
        close = native.logical_or(close, native.logical_and(native.isnan(x1), native.isnan(x2)))
    return close
