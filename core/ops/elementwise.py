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
from core.autodiff import defvjp, is_tracked, nondifferentiable
from core.registry import compositional, mixed, primary


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
    """Base-2 logarithm. Integer and bool inputs give the default float dtype. Exact at
    powers of two and within an ulp elsewhere on every backend (see :data:`LOG10_2`)."""


@primary
def log10(x: ArrayLike, /) -> Array:
    """Base-10 logarithm. Integer and bool inputs give the default float dtype. Exact at
    powers of ten and within an ulp elsewhere on every backend (see :data:`LOG10_2`)."""


LOG10_2 = (float.fromhex("0x1.34413509f7p-2"), 1.42050232272661e-13)
"""log10(2) as a float with 11 trailing zero bits and the rest: ``e * LOG10_2[0]`` is exact
for any float64 exponent ``e``. Backends whose log10/log2 is ``log(x) / ln(base)`` (jax,
tensorflow: an ulp or two off, 1 where numpy gives 2 under an integer cast) compute
``x = m * 2**e``, ``m`` in [sqrt(1/2), sqrt(2)), as ``e * log_base(2) + log(m) / ln(base)``."""


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


@mixed
def lerp(x: ArrayLike, end: ArrayLike, weight: float, /) -> Array:
    """``x + weight * (end - x)``, computed from the nearer end as torch's kernel does
    (``end - (end - x) * (1 - weight)`` where ``|weight| >= 0.5``), so it is exact at both
    ends. ``x`` and ``end``: floating arrays of one dtype; ``weight``: a Python number."""
    difference = native.subtract(end, x)
    if math.fabs(weight) < 0.5:  # (abs is core's here)
        return native.add(x, native.multiply(difference, weight))
    return native.subtract(end, native.multiply(difference, 1 - weight))


@mixed
def addcmul(x: ArrayLike, x1: ArrayLike, x2: ArrayLike, /, value: float = 1) -> Array:
    """``x + value * x1 * x2``, left to right (torch's ``addcmul``); ``value``: a Python
    number, or a native 0-d array (a traced optimizer step's)."""
    if type(value) not in (int, float) or value != 1:
        x1 = native.multiply(x1, value)
    return native.add(x, native.multiply(x1, x2))


@mixed
def addcdiv(x: ArrayLike, x1: ArrayLike, x2: ArrayLike, /, value: float = 1) -> Array:
    """``x + value * x1 / x2``, left to right (torch's ``addcdiv``); ``value`` as in
    :func:`addcmul`."""
    if type(value) not in (int, float) or value != 1:
        x1 = native.multiply(x1, value)
    return native.add(x, native.divide(x1, x2))


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


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff): cotangent g, output y, then the function's arguments
# ---------------------------------------------------------------------------------------
def _zero_grad(g: ArrayLike, y: ArrayLike, x: ArrayLike, *rest: ArrayLike) -> tuple[ArrayLike, ...]:
    """Piecewise-constant functions: a zero cotangent for the first input (torch's)."""
    return (native.zeros_like(g), *(None for _ in rest))


def _conj(x: ArrayLike) -> ArrayLike:
    """``conj(x)`` for complex arrays; real arrays and Python numbers as they are."""
    if hasattr(x, "dtype") and dtypes.result_type(x).kind == "c":
        return native.conj(x)
    return x


def _square_of(x: ArrayLike) -> ArrayLike:
    return native.multiply(x, x)


def _one_minus_square(x: ArrayLike) -> ArrayLike:
    return native.subtract(1, native.multiply(x, x))


def _maximum_rule(
    g: ArrayLike, y: ArrayLike, x1: ArrayLike, x2: ArrayLike
) -> tuple[ArrayLike, ...]:
    """Ties share the cotangent equally, as torch's maximum/minimum do."""
    half = native.multiply(g, 0.5)
    zero = native.zeros_like(g)
    first = native.where(native.equal(x1, x2), half, native.where(native.equal(y, x1), g, zero))
    second = native.where(native.equal(x1, x2), half, native.where(native.equal(y, x2), g, zero))
    return first, second


def _pow_rule(g: ArrayLike, y: ArrayLike, x1: ArrayLike, x2: ArrayLike) -> tuple[ArrayLike, ...]:
    """A constant exponent (a Python number, or an array nothing tracks: ``x ** 3.0`` in
    torch) gets no cotangent, so no log of the base; a constant base (``2 ** x``) none
    either."""
    if not hasattr(x1, "dtype"):
        log_base = math.log(x1) if x1 > 0 else native.log(native.asarray(x1, dtype=dtypes.result_type(y)))  # fmt: skip
        return None, native.multiply(g, _conj(native.multiply(y, log_base)))
    base = native.multiply(g, _conj(native.multiply(x2, native.pow(x1, native.subtract(x2, 1)))))
    if not hasattr(x2, "dtype") or not is_tracked(x2):
        return native.where(native.equal(x2, 0), 0, base), None
    zero = native.zeros_like(g)
    base = native.where(native.equal(x2, 0), zero, base)
    exponent = native.multiply(g, _conj(native.multiply(y, native.log(x1))))
    exponent = native.where(
        native.logical_and(native.equal(x1, 0), native.greater_equal(native.real(x2), 0)),
        zero,
        exponent,
    )
    return base, exponent


def _sinc_rule(g: ArrayLike, y: ArrayLike, x: ArrayLike) -> tuple[ArrayLike]:
    pix = native.multiply(x, math.pi)
    slope = native.divide(native.subtract(native.cos(pix), y), x)
    return (native.multiply(g, native.where(native.equal(x, 0), native.zeros_like(y), slope)),)


_SQRT_PI_2 = 2 / math.sqrt(math.pi)
defvjp(abs, lambda g, y, x: (native.multiply(g, native.sign(x)),))
defvjp(
    acos, lambda g, y, x: (native.negative(native.divide(g, native.sqrt(_one_minus_square(x)))),)
)
defvjp(acosh, lambda g, y, x: (native.divide(g, native.sqrt(native.subtract(_square_of(x), 1))),))
defvjp(asin, lambda g, y, x: (native.divide(g, native.sqrt(_one_minus_square(x))),))
defvjp(asinh, lambda g, y, x: (native.divide(g, native.sqrt(native.add(_square_of(x), 1))),))
defvjp(atan, lambda g, y, x: (native.divide(g, native.add(_square_of(x), 1)),))
defvjp(atanh, lambda g, y, x: (native.divide(g, _one_minus_square(x)),))
defvjp(add, lambda g, y, x1, x2: (g, g))
defvjp(subtract, lambda g, y, x1, x2: (g, native.negative(g)))
defvjp(
    multiply,
    lambda g, y, x1, x2: (native.multiply(g, _conj(x2)), native.multiply(g, _conj(x1))),
    multilinear=True,
)
defvjp(
    divide,
    lambda g, y, x1, x2: (
        native.divide(g, _conj(x2)),
        native.negative(native.multiply(g, _conj(native.divide(y, x2)))),
    ),
)
defvjp(
    atan2,
    lambda g, y, x1, x2: (
        native.divide(native.multiply(g, x2), native.add(_square_of(x1), _square_of(x2))),
        native.divide(
            native.multiply(g, native.negative(x1)), native.add(_square_of(x1), _square_of(x2))
        ),
    ),
)
defvjp(conj, lambda g, y, x: (native.conj(g),))
defvjp(real, lambda g, y, x: (g,))
defvjp(imag, lambda g, y, x: (native.multiply(g, 1j),))
defvjp(
    copysign,
    lambda g, y, x1, x2: (
        # a Python-scalar magnitude (softshrink's lambd) is a constant: no cotangent
        native.multiply(g, native.multiply(native.sign(x1), native.sign(y)))
        if hasattr(x1, "shape")
        else None,
        None,
    ),
)
defvjp(cos, lambda g, y, x: (native.negative(native.multiply(g, _conj(native.sin(x)))),))
defvjp(cosh, lambda g, y, x: (native.multiply(g, _conj(native.sinh(x))),))
defvjp(sin, lambda g, y, x: (native.multiply(g, _conj(native.cos(x))),))
defvjp(sinh, lambda g, y, x: (native.multiply(g, _conj(native.cosh(x))),))
defvjp(tan, lambda g, y, x: (native.multiply(g, _conj(native.add(_square_of(y), 1))),))
defvjp(tanh, lambda g, y, x: (native.multiply(g, _conj(_one_minus_square(y))),))
defvjp(
    erf,
    lambda g, y, x: (
        native.multiply(g, native.multiply(native.exp(native.negative(_square_of(x))), _SQRT_PI_2)),
    ),
)
defvjp(
    erfc,
    lambda g, y, x: (
        native.multiply(
            g, native.multiply(native.exp(native.negative(_square_of(x))), -_SQRT_PI_2)
        ),
    ),
)
defvjp(
    erfinv,
    lambda g, y, x: (
        native.multiply(g, native.multiply(native.exp(_square_of(y)), 1 / _SQRT_PI_2)),
    ),
)
defvjp(exp, lambda g, y, x: (native.multiply(g, _conj(y)),))
defvjp(expm1, lambda g, y, x: (native.multiply(g, _conj(native.add(y, 1))),))
defvjp(log, lambda g, y, x: (native.divide(g, _conj(x)),))
defvjp(log10, lambda g, y, x: (native.divide(g, native.multiply(_conj(x), math.log(10))),))
defvjp(log1p, lambda g, y, x: (native.divide(g, _conj(native.add(x, 1))),))
defvjp(log2, lambda g, y, x: (native.divide(g, native.multiply(_conj(x), math.log(2))),))
defvjp(lgamma, lambda g, y, x: (native.multiply(g, native.digamma(x)),))


def _trigamma(x: ArrayLike) -> ArrayLike:
    """psi'(x) from core functions: ten recurrence steps up, the asymptotic series there
    (error below 1e-14 relative), and the reflection formula for x < 1/2."""
    z = native.where(native.less(x, 0.5), native.subtract(1.0, x), x)
    total = native.zeros_like(z)
    for _ in range(10):
        total = native.add(total, native.divide(1.0, native.multiply(z, z)))
        z = native.add(z, 1.0)
    inverse = native.divide(1.0, z)
    square = native.multiply(inverse, inverse)
    series = native.multiply(
        square,
        native.add(
            1 / 6,
            native.multiply(square, native.add(-1 / 30, native.multiply(square, native.add(
                1 / 42, native.multiply(square, native.add(-1 / 30, native.multiply(square, 5 / 66)))
            )))),
        ),
    )  # fmt: skip
    value = native.add(total, native.add(inverse, native.add(native.multiply(square, 0.5), native.multiply(inverse, series))))  # fmt: skip
    sine = native.sin(native.multiply(x, math.pi))
    reflected = native.subtract(native.divide(math.pi**2, native.multiply(sine, sine)), value)
    return native.where(native.less(x, 0.5), reflected, value)


defvjp(digamma, lambda g, y, x: (native.multiply(g, _trigamma(x)),))
defvjp(
    logaddexp,
    lambda g, y, x1, x2: (
        native.multiply(g, native.exp(native.subtract(x1, y))),
        native.multiply(g, native.exp(native.subtract(x2, y))),
    ),
)
defvjp(
    hypot,
    lambda g, y, x1, x2: (
        native.multiply(g, native.divide(x1, y)),
        native.multiply(g, native.divide(x2, y)),
    ),
)
defvjp(maximum, _maximum_rule)
defvjp(minimum, _maximum_rule)
defvjp(fmax, _maximum_rule)
defvjp(fmin, _maximum_rule)
defvjp(
    fmod,
    lambda g, y, x1, x2: (
        g,
        native.negative(native.multiply(g, native.trunc(native.divide(x1, x2)))),
    ),
)
defvjp(
    remainder,
    lambda g, y, x1, x2: (
        g,
        native.negative(native.multiply(g, native.floor(native.divide(x1, x2)))),
    ),
)
defvjp(negative, lambda g, y, x: (native.negative(g),))
defvjp(positive, lambda g, y, x: (g,))
defvjp(pow, _pow_rule)
defvjp(
    sigmoid, lambda g, y, x: (native.multiply(g, _conj(native.multiply(y, native.subtract(1, y)))),)
)
defvjp(sinc, _sinc_rule)
defvjp(sqrt, lambda g, y, x: (native.divide(g, _conj(native.multiply(y, 2))),))
defvjp(
    nan_to_num,
    lambda g, y, x: (native.where(native.isfinite(x), g, native.zeros_like(g)),),
)
for _step in (ceil, floor, round, trunc, sign, floor_divide, heaviside, nextafter):
    defvjp(_step, _zero_grad)
nondifferentiable(
    bitwise_and, bitwise_invert, bitwise_left_shift, bitwise_or, bitwise_right_shift,
    bitwise_xor, equal, not_equal, greater, greater_equal, less, less_equal, isfinite,
    isinf, isnan, logical_and, logical_not, logical_or, logical_xor, signbit,
)  # fmt: skip
