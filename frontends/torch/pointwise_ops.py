"""torch's pointwise ops (torch docs, "Pointwise Ops"), on native arrays through core.

Dtype rules follow torch 2.13 (checked against it): functions that only make sense for
floats (``sin``, ``exp``, ``div`` ...) compute integer and bool inputs in torch's default
dtype (``torch.get_default_dtype()``), not core's; the others keep the promoted dtype.
Where torch refuses a dtype (``abs`` of bool, ``add`` of uint16, ``erf`` of complex ...)
the function is declared with ``with_unsupported_dtypes`` and raises a RuntimeError (or
NotImplementedError) naming the function and the dtype. Integer division by zero raises
``RuntimeError("ZeroDivisionError")`` as torch does on CPU.

Not here: ``i0``, ``igamma``/``igammac``, ``polygamma`` and the other special functions
core has no kernel for (see :mod:`frontends.torch.special`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import core
from core import native as ops
from frontends.torch import _dtype, return_types
from frontends.torch._dtype import HALF_FLOATS
from frontends.torch._frontend import _unsupported, fast, torch_function
from frontends.torch._ops_support import (
    COMPLEX,
    WIDE_UNSIGNED,
    check_fits,
    check_nonzero_divisor,
    check_supported,
    core_fn,
    dtype_of,
    float_operands,
    floating,
    in_float32,
    is_bool,
    promote,
    round_float,
    tensor_arguments,
    truth,
    unsupported_dtypes,
    wrapped_scalar,
)
from frontends.torch._tensor import INPLACE_NAMES, Tensor

__all__ = [
    "abs", "absolute", "acos", "acosh", "add", "addcdiv", "addcmul", "angle", "arccos",
    "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "asin", "asinh", "atan",
    "atan2", "atanh", "bitwise_and", "bitwise_left_shift", "bitwise_not", "bitwise_or",
    "bitwise_right_shift", "bitwise_xor", "ceil", "clamp", "clamp_max", "clamp_min", "clip",
    "conj_physical", "copysign", "cos", "cosh", "deg2rad", "digamma", "div", "divide",
    "erf", "erfc", "erfinv", "exp", "exp2", "expm1", "fix", "float_power", "floor",
    "floor_divide", "fmod", "frac", "frexp", "hypot", "imag", "ldexp", "lerp", "lgamma",
    "log", "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and",
    "logical_not", "logical_or", "logical_xor", "logit", "mul", "multiply", "mvlgamma",
    "nan_to_num", "neg", "negative", "nextafter", "positive", "pow", "rad2deg", "real",
    "reciprocal", "remainder", "round", "rsqrt", "sgn", "sigmoid", "sign", "signbit", "sin",
    "sinc", "sinh", "sqrt", "square", "sub", "subtract", "tan", "tanh", "true_divide",
    "trunc", "xlogy",
]  # fmt: skip

_VERSION = "2.13 and below"
_WIDE_UNSIGNED_SET = frozenset(core.Dtype(name) for name in WIDE_UNSIGNED)
_INTEGRAL = ("bool", "integer")
_NUMBERS = (bool, int, float, complex)


# ---------------------------------------------------------------------------------------
# helpers on native arrays
# ---------------------------------------------------------------------------------------
def _set_inplace(*names: str) -> None:
    INPLACE_NAMES.update(names)


# ---------------------------------------------------------------------------------------
# unary functions that compute in floating point
# ---------------------------------------------------------------------------------------
def _float_unary(
    name: str,
    compute: Callable[[Any], Any],
    doc: str,
    *,
    real_only: bool = False,
    direct: str | None = None,
) -> Callable[..., Any]:
    """A unary torch function that gives integer and bool inputs the default dtype and
    computes float16 and bfloat16 in float32, rounding the result, as torch's kernels do.
    On float32/float64 it is ``compute``; where that is a core function (``core_fn(name)``,
    or ``direct``) the function has a fast path to it."""

    def function(input: Tensor, *, out: Tensor | None = None) -> Tensor:
        return in_float32(compute, floating(input))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    function.__module__ = __name__
    decorated = torch_function("input")(function)
    if real_only:
        decorated = unsupported_dtypes("complex")(decorated)
    direct = direct or getattr(compute, "core_name", None)
    return fast(direct, "input")(decorated) if direct else decorated


def _rsqrt(x: Any) -> Any:
    return ops.reciprocal(ops.sqrt(x))


def _sigmoid(x: Any) -> Any:
    if dtype_of(x).kind == "c":
        return ops.reciprocal(ops.add(ops.exp(ops.negative(x)), wrapped_scalar(1, dtype_of(x))))
    return ops.sigmoid(x)


def _sinc(x: Any) -> Any:
    if dtype_of(x).kind == "c":
        scaled = ops.multiply(x, wrapped_scalar(math.pi, dtype_of(x)))
        zero = ops.equal(x, wrapped_scalar(0, dtype_of(x)))
        safe = ops.where(zero, wrapped_scalar(1, dtype_of(x)), scaled)
        return ops.where(zero, wrapped_scalar(1, dtype_of(x)), ops.divide(ops.sin(safe), safe))
    return ops.sinc(x)


def _exp2(x: Any) -> Any:
    if dtype_of(x).kind == "c":
        return ops.exp(ops.multiply(x, wrapped_scalar(math.log(2), dtype_of(x))))
    return ops.exp2(x)


acos = _float_unary(
    "acos", core_fn("acos"), "Inverse cosine; integer inputs give the default dtype."
)
acosh = _float_unary("acosh", core_fn("acosh"), "Inverse hyperbolic cosine.")
asin = _float_unary("asin", core_fn("asin"), "Inverse sine.")
asinh = _float_unary("asinh", core_fn("asinh"), "Inverse hyperbolic sine.")
atan = _float_unary("atan", core_fn("atan"), "Inverse tangent.")
atanh = _float_unary("atanh", core_fn("atanh"), "Inverse hyperbolic tangent.")
cos = _float_unary("cos", core_fn("cos"), "Cosine.")
cosh = _float_unary("cosh", core_fn("cosh"), "Hyperbolic cosine.")
exp = _float_unary("exp", core_fn("exp"), "Exponential.")
exp2 = _float_unary("exp2", _exp2, "2 ** input.")
expm1 = _float_unary("expm1", core_fn("expm1"), "exp(input) - 1, accurate near 0.")
log = _float_unary("log", core_fn("log"), "Natural logarithm.")
log10 = _float_unary("log10", core_fn("log10"), "Base-10 logarithm.")
log1p = _float_unary("log1p", core_fn("log1p"), "log(1 + input), accurate near 0.")
log2 = _float_unary("log2", core_fn("log2"), "Base-2 logarithm.")
reciprocal = _float_unary("reciprocal", core_fn("reciprocal"), "1 / input (integers give floats).")
rsqrt = _float_unary("rsqrt", _rsqrt, "1 / sqrt(input).")
sigmoid = _float_unary("sigmoid", _sigmoid, "1 / (1 + exp(-input)).", direct="sigmoid")
sin = _float_unary("sin", core_fn("sin"), "Sine.")
sinc = _float_unary("sinc", _sinc, "Normalized sinc: sin(pi x) / (pi x), 1 at 0.")
sinh = _float_unary("sinh", core_fn("sinh"), "Hyperbolic sine.")
sqrt = _float_unary("sqrt", core_fn("sqrt"), "Square root.")
tan = _float_unary("tan", core_fn("tan"), "Tangent.")
tanh = _float_unary("tanh", core_fn("tanh"), "Hyperbolic tangent.")
deg2rad = _float_unary("deg2rad", core_fn("deg2rad"), "Degrees to radians.", real_only=True)
rad2deg = _float_unary("rad2deg", core_fn("rad2deg"), "Radians to degrees.", real_only=True)
digamma = _float_unary(
    "digamma", core_fn("digamma"), "The logarithmic derivative of gamma.", real_only=True
)
erf = _float_unary("erf", core_fn("erf"), "The error function.", real_only=True)
erfc = _float_unary("erfc", core_fn("erfc"), "1 - erf(input).", real_only=True)
erfinv = _float_unary("erfinv", core_fn("erfinv"), "The inverse error function.", real_only=True)
lgamma = _float_unary("lgamma", core_fn("lgamma"), "log(|gamma(input)|).", real_only=True)
arccos, arccosh, arcsin, arcsinh, arctan, arctanh = acos, acosh, asin, asinh, atan, atanh
_set_inplace(
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "arccos", "arccosh", "arcsin",
    "arcsinh", "arctan", "arctanh", "cos", "cosh", "exp", "exp2", "expm1", "log", "log10",
    "log1p", "log2", "reciprocal", "rsqrt", "sigmoid", "sin", "sinc", "sinh", "sqrt", "tan",
    "tanh", "deg2rad", "rad2deg", "digamma", "erf", "erfc", "erfinv", "lgamma",
)  # fmt: skip


@unsupported_dtypes("complex")
@torch_function("input")
def logit(input: Tensor, eps: float | None = None, *, out: Tensor | None = None) -> Tensor:
    """log(p / (1 - p)), with ``input`` first clamped to [eps, 1 - eps] when eps is given."""
    x = floating(input)
    if eps is not None:
        dtype = dtype_of(x)
        x = ops.clip(x, wrapped_scalar(eps, dtype), wrapped_scalar(1 - eps, dtype))
    return ops.log(ops.divide(x, ops.subtract(wrapped_scalar(1, dtype_of(x)), x)))


@torch_function("input")
def angle(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The argument: pi for negative reals, 0 otherwise (also for -0.0), nan for nan."""
    if dtype_of(input).kind == "c":
        return ops.angle(input)
    x = floating(input)
    dtype = dtype_of(x)
    result = ops.where(
        ops.less(x, wrapped_scalar(0, dtype)),
        wrapped_scalar(math.pi, dtype),
        wrapped_scalar(0, dtype),
    )
    return ops.where(ops.isnan(x), x, result)


@unsupported_dtypes(*_INTEGRAL, "complex")
@torch_function("input")
def frac(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input - trunc(input)."""
    return ops.subtract(input, ops.trunc(input))


@unsupported_dtypes(*_INTEGRAL, "complex")
@torch_function("input")
def frexp(input: Tensor, *, out: Any = None) -> Any:
    """Mantissa in [0.5, 1) (times the sign) and int32 exponent with input = m * 2 ** e;
    0, inf and nan give themselves and exponent 0, as in torch."""
    dtype = dtype_of(input)
    finite_nonzero = ops.logical_and(
        ops.isfinite(input), ops.not_equal(input, wrapped_scalar(0, dtype))
    )
    work = ops.astype(input, "float64")
    magnitude = ops.where(finite_nonzero, ops.abs(work), 1.0)
    exponent = ops.add(ops.floor(ops.log2(magnitude)), 1.0)
    mantissa = ops.divide(magnitude, ops.pow(2.0, exponent))
    # log2 may round across a power of two: bring the mantissa into [0.5, 1)
    high = ops.greater_equal(mantissa, 1.0)
    low = ops.less(mantissa, 0.5)
    exponent = ops.add(
        exponent, ops.subtract(ops.astype(high, "float64"), ops.astype(low, "float64"))
    )
    mantissa = ops.divide(magnitude, ops.pow(2.0, exponent))
    mantissa = ops.where(finite_nonzero, ops.copysign(mantissa, work), work)
    exponent = ops.where(finite_nonzero, exponent, 0.0)
    return return_types.frexp(ops.astype(mantissa, dtype), ops.astype(exponent, "int32"))


@unsupported_dtypes("complex")
@torch_function("input")
def mvlgamma(input: Tensor, p: int, *, out: Tensor | None = None) -> Tensor:
    """The multivariate log-gamma of dimension ``p`` (torch 2.13 no longer checks that
    the elements exceed (p-1)/2: neither does this)."""
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    x = floating(input)
    dtype = dtype_of(x)
    result = wrapped_scalar(p * (p - 1) / 4 * math.log(math.pi), dtype)
    for i in range(p):
        result = ops.add(result, ops.lgamma(ops.subtract(x, wrapped_scalar(i / 2, dtype))))
    return ops.astype(result, dtype)


_set_inplace("logit", "frac", "mvlgamma")


# ---------------------------------------------------------------------------------------
# unary functions that keep the dtype
# ---------------------------------------------------------------------------------------
@fast("abs", "input")
@unsupported_dtypes("bool", *WIDE_UNSIGNED)
@torch_function("input")
def abs(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Absolute value; complex inputs give their real dtype."""
    return ops.abs(input)


absolute = abs


def _rounding(name: str, compute: Callable[[Any], Any], doc: str) -> Callable[..., Any]:
    def function(input: Tensor, *, out: Tensor | None = None) -> Tensor:
        if dtype_of(input).kind in "iu":
            return ops.astype(input, dtype_of(input), copy=True)
        return compute(input)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    function.__module__ = __name__
    return unsupported_dtypes("bool", "complex")(torch_function("input")(function))


ceil = _rounding("ceil", core_fn("ceil"), "Smallest integer >= input; integer inputs are copied.")
floor = _rounding("floor", core_fn("floor"), "Largest integer <= input; integer inputs are copied.")
trunc = _rounding("trunc", core_fn("trunc"), "Rounds toward zero; integer inputs are copied.")
fix = _rounding("fix", core_fn("trunc"), "Alias of trunc.")


@unsupported_dtypes("bool", "complex")
@torch_function("input")
def round(input: Tensor, *, decimals: int = 0, out: Tensor | None = None) -> Tensor:
    """Round half to even, to ``decimals`` decimal places. Integers are copied; torch
    raises for an integer input when ``decimals`` is passed at all (even 0), this
    frontend only when it is not 0."""
    dtype = dtype_of(input)
    if dtype.kind in "iu":
        if decimals != 0:
            raise _unsupported("round", dtype)
        return ops.astype(input, dtype, copy=True)
    return round_float(input, decimals)


@fast("negative", "input")
@torch_function("input")
def neg(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """-input; bool raises as in torch (use ``~`` or ``logical_not``)."""
    dtype = dtype_of(input)
    if dtype == core.bool:
        raise RuntimeError(
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying "
            "to invert a mask, use the `~` or `logical_not()` operator instead."
        )
    check_supported("neg", dtype, _WIDE_UNSIGNED_SET)
    if dtype.kind == "u":
        return ops.subtract(wrapped_scalar(0, dtype), input)
    return ops.negative(input)


negative = neg


@torch_function("input")
def positive(input: Tensor) -> Tensor:
    """input itself (a new tensor); bool raises as in torch."""
    if dtype_of(input) == core.bool:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return ops.astype(input, dtype_of(input), copy=True)


@unsupported_dtypes(*WIDE_UNSIGNED, "complex")
@torch_function("input")
def sign(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """-1, 0 or 1 in input's dtype; 0 for nan (torch's rule, not numpy's); bool is kept."""
    return _sign(input)


def _sign(input: Any) -> Any:
    dtype = dtype_of(input)
    if dtype == core.bool:
        return ops.astype(input, dtype, copy=True)
    if dtype.kind == "u":
        return ops.astype(ops.not_equal(input, wrapped_scalar(0, dtype)), dtype)
    result = ops.sign(input)
    if dtype.kind == "f":
        result = ops.where(ops.isnan(input), wrapped_scalar(0, dtype), result)
    return result


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def sgn(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """sign for reals; input / |input| (0 at 0) for complex."""
    dtype = dtype_of(input)
    if dtype.kind != "c":
        return _sign(input)
    magnitude = ops.abs(input)
    zero = ops.equal(magnitude, wrapped_scalar(0, dtype_of(magnitude)))
    safe = ops.where(zero, wrapped_scalar(1, dtype_of(magnitude)), magnitude)
    return ops.where(zero, wrapped_scalar(0, dtype), ops.divide(input, ops.astype(safe, dtype)))


@unsupported_dtypes("complex")
@torch_function("input")
def signbit(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Whether the sign bit is set (True for -0.0); integers: input < 0."""
    dtype = dtype_of(input)
    if dtype.kind == "f":
        return ops.signbit(input)
    if dtype.kind == "i":
        return ops.less(input, wrapped_scalar(0, dtype))
    return ops.zeros(tuple(input.shape), dtype="bool")


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def square(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input * input; bool gives int64 (torch computes ``pow(input, 2)``)."""
    if dtype_of(input) == core.bool:
        input = ops.astype(input, "int64")
    return ops.multiply(input, input)


@torch_function("input")
def conj_physical(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The complex conjugate, materialized; real inputs are copied."""
    if dtype_of(input).kind == "c":
        return ops.conj(input)
    return ops.astype(input, dtype_of(input), copy=True)


@torch_function("input")
def nan_to_num(
    input: Tensor,
    nan: float = 0.0,
    posinf: float | None = None,
    neginf: float | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """nan, inf and -inf replaced (default: 0 and the dtype's largest/smallest finite
    values); a replacement outside a float16 range becomes inf, as torch's cast does."""
    dtype = dtype_of(input)
    if dtype.kind not in "fc":
        return ops.astype(input, dtype, copy=True)
    real = _real_dtype(dtype)

    def value(given: float | None, default: str) -> Any:
        return _finfo_extreme(real, default) if given is None else wrapped_scalar(given, real)

    if dtype.kind == "c":
        parts = [ops.real(input), ops.imag(input)]
        parts = [
            _replace_non_finite(p, value(nan, ""), value(posinf, "max"), value(neginf, "min"))
            for p in parts
        ]
        return ops.add(
            ops.astype(parts[0], dtype),
            ops.multiply(ops.astype(parts[1], dtype), wrapped_scalar(1j, dtype)),
        )
    return _replace_non_finite(input, value(nan, ""), value(posinf, "max"), value(neginf, "min"))


def _real_dtype(dtype: core.Dtype) -> core.Dtype:
    return {core.complex64: core.float32, core.complex128: core.float64}.get(dtype, dtype)


def _finfo_extreme(dtype: core.Dtype, which: str) -> Any:
    import numpy

    if dtype == core.bfloat16:
        largest = 3.3895313892515355e38
    else:
        largest = float(numpy.finfo(str(dtype)).max)
    return wrapped_scalar(-largest if which == "min" else largest, dtype)


def _replace_non_finite(x: Any, nan: Any, posinf: Any, neginf: Any) -> Any:
    dtype = dtype_of(x)
    x = ops.where(ops.isnan(x), nan, x)
    x = ops.where(ops.equal(x, wrapped_scalar(math.inf, dtype)), posinf, x)
    return ops.where(ops.equal(x, wrapped_scalar(-math.inf, dtype)), neginf, x)


_set_inplace(
    "abs", "absolute", "ceil", "floor", "trunc", "fix", "round", "neg", "negative", "sign",
    "sgn", "square", "conj_physical", "nan_to_num",
)  # fmt: skip


# ---------------------------------------------------------------------------------------
# real and imaginary parts: views
# ---------------------------------------------------------------------------------------
def _complex_of(real: Any, imag: Any, dtype: core.Dtype) -> Any:
    return ops.add(
        ops.astype(real, dtype), ops.multiply(ops.astype(imag, dtype), wrapped_scalar(1j, dtype))
    )


def _replace_real(old: Any, new: Any) -> Any:
    return _complex_of(new, ops.imag(old), dtype_of(old))


def _replace_imag(old: Any, new: Any) -> Any:
    return _complex_of(ops.real(old), new, dtype_of(old))


def real(input: Tensor) -> Tensor:
    """The real part, a view of a complex tensor (writes reach it); a real tensor itself.

    Writing an infinite imaginary part through a view gives a nan real part (the complex
    value is rebuilt as ``re + im * 1j``)."""
    if not input.dtype.is_complex:
        return input
    return input._make_view(core_fn("real"), _replace_real)


def imag(input: Tensor) -> Tensor:
    """The imaginary part, a view of a complex tensor; real tensors raise as in torch."""
    if not input.dtype.is_complex:
        raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")
    return input._make_view(core_fn("imag"), _replace_imag)


def _set_part(view: Callable[[Tensor], Tensor]) -> Callable[[Tensor, Any], None]:
    def setter(self: Tensor, value: Any) -> None:
        from frontends.torch._tensor import write_into

        write_into(view(self), value)

    return setter


Tensor.real = property(real, _set_part(real))
Tensor.imag = property(imag, _set_part(imag))


# ---------------------------------------------------------------------------------------
# arithmetic
# ---------------------------------------------------------------------------------------
def _check_alpha(alpha: Any, dtype: core.Dtype) -> None:
    if type(alpha) is bool and dtype != core.bool:
        raise RuntimeError("Boolean alpha only supported for Boolean results.")
    if dtype.kind in "biu" and type(alpha) is float:
        raise RuntimeError(
            "For integral input tensors, argument alpha must not be a floating point number."
        )
    if dtype.kind != "c" and type(alpha) is complex:
        raise RuntimeError(
            "For non-complex input tensors, argument alpha must not be a complex number."
        )


def _scaled(other: Any, alpha: Any, dtype: core.Dtype) -> Any:
    """alpha * other; complex operands are always multiplied, as torch's kernel does
    (so (0+inf j) gives nan+inf j, as in torch)."""
    if alpha == 1 and dtype.kind != "c":
        return other
    if dtype == core.bool:
        return ops.logical_and(other, wrapped_scalar(bool(alpha), dtype))
    return ops.multiply(other, wrapped_scalar(alpha, dtype))


@fast("add", "input", "other")
@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input", "other")
def add(input: Tensor, other: Tensor, *, alpha: Any = 1, out: Tensor | None = None) -> Tensor:
    """input + alpha * other (bool + bool is logical or)."""
    dtype = dtype_of(input)
    _check_alpha(alpha, dtype)
    return ops.add(input, _scaled(other, alpha, dtype))


@fast("subtract", "input", "other")
@torch_function()
def sub(input: Tensor, other: Tensor, alpha: Any = 1, *, out: Tensor | None = None) -> Tensor:
    """input - alpha * other; any bool operand raises, as in torch."""
    if is_bool(input) and is_bool(other):
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the "
            "`^` or `logical_xor()` operator instead."
        )
    if is_bool(input) or is_bool(other):
        raise RuntimeError(
            "Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
            "trying to invert a mask, use the `~` or `logical_not()` operator instead."
        )
    input, other, dtype = promote(input, other)
    check_supported("sub", dtype, _WIDE_UNSIGNED_SET)
    _check_alpha(alpha, dtype)
    return ops.subtract(input, _scaled(other, alpha, dtype))


subtract = sub


@fast("multiply", "input", "other")
@torch_function("input", "other")
def mul(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input * other (bool * bool is logical and)."""
    return ops.multiply(input, other)


multiply = mul


def _trunc_divide(a: Any, b: Any) -> Any:
    """C division of integers: floor division corrected toward zero."""
    dtype = dtype_of(a)
    quotient = ops.floor_divide(a, b)
    if dtype.kind == "u":
        return quotient
    remainder = ops.subtract(a, ops.multiply(quotient, b))
    zero = wrapped_scalar(0, dtype)
    fix = ops.logical_and(
        ops.not_equal(remainder, zero), ops.not_equal(ops.less(a, zero), ops.less(b, zero))
    )
    return ops.where(fix, ops.add(quotient, wrapped_scalar(1, dtype)), quotient)


_DIV_UNSUPPORTED = frozenset({core.bool, *_WIDE_UNSIGNED_SET, core.complex64, core.complex128})


@fast("divide", "input", "other")
@torch_function()
def div(
    input: Tensor, other: Tensor, *, rounding_mode: str | None = None, out: Tensor | None = None
) -> Tensor:
    """True division (integers give the default dtype), or ``"trunc"``/``"floor"``
    rounding in the common dtype."""
    if rounding_mode is None:
        return ops.divide(*float_operands("div", (input, other)))
    input, other, dtype = promote(input, other)
    if rounding_mode not in ("trunc", "floor"):
        raise RuntimeError(
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
            f"'{rounding_mode}'"
        )
    check_supported(f"div (rounding_mode={rounding_mode!r})", dtype, _DIV_UNSUPPORTED)
    if dtype.kind in "iu":
        check_nonzero_divisor(input, other)
        if rounding_mode == "trunc":
            return _trunc_divide(input, other)
        return ops.floor_divide(input, other)
    if rounding_mode == "trunc":
        return ops.trunc(ops.divide(input, other))
    return ops.floor_divide(input, other)


divide = div


@fast("divide", "input", "other")
@torch_function()
def true_divide(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input / other; integers give the default dtype."""
    return ops.divide(*float_operands("true_divide", (input, other)))


@unsupported_dtypes("bool", *WIDE_UNSIGNED, "complex")
@torch_function("input", "other")
def floor_divide(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Division rounded toward -inf (Python's ``//``)."""
    check_nonzero_divisor(input, other)
    return ops.floor_divide(input, other)


@unsupported_dtypes("bool", *WIDE_UNSIGNED, "complex")
@torch_function("input", "other")
def remainder(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Python's modulus: the result has the sign of ``other``."""
    check_nonzero_divisor(input, other)
    return ops.remainder(input, other)


@tensor_arguments("input")
@unsupported_dtypes("bool", *WIDE_UNSIGNED, "complex")
@torch_function("input", "other")
def fmod(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """C's fmod: the result has the sign of ``input``."""
    check_nonzero_divisor(input, other)
    return ops.fmod(input, other)


def _integer_pow(base: Any, exponent: Any) -> Any:
    """Integer powers with torch's results for negative exponents: 1 for base 1, +-1 for
    base -1, 0 otherwise."""
    dtype = dtype_of(base)
    zero, one = wrapped_scalar(0, dtype), wrapped_scalar(1, dtype)
    if dtype.kind == "u":
        return ops.pow(base, exponent)
    negative = ops.less(exponent, zero)
    result = ops.pow(base, ops.where(negative, zero, exponent))
    odd = ops.not_equal(ops.remainder(exponent, wrapped_scalar(2, dtype)), zero)
    minus_one = wrapped_scalar(-1, dtype)
    special = ops.where(
        ops.equal(base, one),
        one,
        ops.where(ops.equal(base, minus_one), ops.where(odd, minus_one, one), zero),
    )
    return ops.where(negative, special, result)


@torch_function()
def pow(input: Tensor, exponent: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input ** exponent in the common dtype; integer powers wrap on overflow, and an
    integer base with a negative Python int exponent raises, as in torch."""
    scalar_exponent = exponent if type(exponent) in (bool, int, float, complex) else None
    base, exponent, dtype = promote(input, exponent)
    if dtype == core.bool:
        if type(scalar_exponent) is bool:
            return ops.logical_or(base, wrapped_scalar(not scalar_exponent, dtype))
        raise _unsupported("pow", dtype)
    check_supported("pow", dtype, _WIDE_UNSIGNED_SET)
    if dtype.kind in "iu":
        if type(scalar_exponent) is int:
            if scalar_exponent < 0:
                raise RuntimeError("Integers to negative integer powers are not allowed.")
            check_fits(scalar_exponent, dtype)
        return _integer_pow(base, exponent)
    if dtype.kind == "c":
        if scalar_exponent is None:
            return _complex_pow(base, exponent)
        if scalar_exponent == 0:  # torch's scalar fast path: x ** 0 is 1, also for 0 and nan
            return ops.ones_like(base)
    return ops.pow(base, exponent)


def _complex_pow(base: Any, exponent: Any) -> Any:
    """exp(exponent * log(base)): torch's complex power with a tensor exponent (so 0 ** 0
    is nan there, as in torch); 0 ** y is 0 where y has a positive real part (C's
    exp(-inf + nan j), which not every backend computes as 0)."""
    result = ops.exp(ops.multiply(exponent, ops.log(base)))
    dtype = dtype_of(base)
    zero = ops.logical_and(
        ops.equal(base, wrapped_scalar(0, dtype)), ops.greater(ops.real(exponent), 0)
    )
    return ops.where(zero, wrapped_scalar(0, dtype), result)


@torch_function()
def float_power(input: Tensor, exponent: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input ** exponent computed in float64 (complex128 when either is complex)."""
    values = [input, exponent]
    is_complex = any(
        type(v) is complex or (type(v) not in (bool, int, float) and dtype_of(v).kind == "c")
        for v in values
    )
    dtype = core.complex128 if is_complex else core.float64
    base, power = (
        ops.asarray(v, dtype=dtype) if type(v) in _NUMBERS else ops.astype(v, dtype) for v in values
    )
    if is_complex:
        if type(exponent) not in _NUMBERS:
            return _complex_pow(base, power)
        if exponent == 0:
            return ops.ones_like(base)
    return ops.pow(base, power)


@tensor_arguments("input", "other")
@torch_function()
def atan2(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The angle of (other, input); integers give the default dtype."""
    return ops.atan2(*float_operands("atan2", (input, other), COMPLEX))


arctan2 = atan2


@tensor_arguments("input")
@torch_function()
def copysign(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """|input| with the sign of other (-0.0 counts as negative)."""
    return ops.copysign(*float_operands("copysign", (input, other), COMPLEX))


@tensor_arguments("input", "other")
@unsupported_dtypes(*_INTEGRAL, "complex")
@torch_function("input", "other")
def hypot(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """sqrt(input**2 + other**2) without overflow."""
    return ops.hypot(input, other)


@tensor_arguments("input", "other")
@torch_function()
def ldexp(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input * 2 ** other, as torch computes it: ``mul(input, pow(2.0, other))``, a
    complex input in its complex dtype, a floating input with an integer exponent in the
    input's dtype (a bool exponent raises there)."""
    dtype, exponent_dtype = dtype_of(input), dtype_of(other)
    if dtype.kind == "f" and exponent_dtype.kind in "biu":
        # torch's fast path: a float input keeps its dtype; bool and uint16+ exponents fail
        if exponent_dtype == core.bool or exponent_dtype in _WIDE_UNSIGNED_SET:
            raise _unsupported("ldexp", exponent_dtype)
        work = core.float32 if dtype in HALF_FLOATS else dtype  # half types scale in float32
        power = ops.pow(wrapped_scalar(2.0, work), ops.astype(other, work))
        return ops.astype(ops.multiply(ops.astype(input, work), power), dtype)
    if dtype.kind == "c":  # computed in the complex dtype
        input, exponent = float_operands("ldexp", (input, other))
        return ops.multiply(input, ops.pow(wrapped_scalar(2.0, dtype_of(input)), exponent))
    exponent = floating(other)
    power = in_float32(lambda e: ops.pow(wrapped_scalar(2.0, dtype_of(e)), e), exponent)
    input, power, _ = promote(input, power)
    return ops.multiply(floating(input), floating(power))


@tensor_arguments("input", "other")
@unsupported_dtypes(*_INTEGRAL)
@torch_function("input", "other")
def logaddexp(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """log(exp(input) + exp(other)) without overflow (complex: computed from the larger
    real part)."""
    if dtype_of(input).kind != "c":
        return ops.logaddexp(input, other)
    larger = ops.where(ops.greater_equal(ops.real(input), ops.real(other)), input, other)
    smaller = ops.where(ops.greater_equal(ops.real(input), ops.real(other)), other, input)
    return ops.add(larger, ops.log1p(ops.exp(ops.subtract(smaller, larger))))


@tensor_arguments("input", "other")
@unsupported_dtypes(*_INTEGRAL, "complex")
@torch_function("input", "other")
def logaddexp2(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """log2(2**input + 2**other) as torch's kernel computes it: max + log1p(2**-|input -
    other|) / ln 2 (equal infinities give themselves); 16-bit floats through float32."""
    dtype = dtype_of(input)
    work = core.float32 if dtype in HALF_FLOATS else dtype
    a, b = ops.astype(input, work), ops.astype(other, work)
    gap = ops.negative(ops.abs(ops.subtract(a, b)))
    correction = ops.multiply(ops.log1p(ops.exp2(gap)), wrapped_scalar(1 / math.log(2), work))
    result = ops.add(ops.maximum(a, b), correction)
    same_infinity = ops.logical_and(ops.isinf(a), ops.equal(a, b))
    return ops.astype(ops.where(same_infinity, a, result), dtype)


@tensor_arguments("input", "other")
@unsupported_dtypes(*_INTEGRAL, "complex")
@torch_function("input", "other")
def nextafter(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The next representable value after input toward other."""
    return ops.nextafter(input, other)


@torch_function()
def xlogy(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input * log(other), 0 where input is 0 (nan where other is nan)."""
    x, y = float_operands("xlogy", (input, other), COMPLEX)
    dtype = dtype_of(x)
    product = ops.multiply(x, ops.log(y))
    result = ops.where(ops.equal(x, wrapped_scalar(0, dtype)), wrapped_scalar(0, dtype), product)
    return ops.where(ops.isnan(y), y, result)


@unsupported_dtypes("bool")
@torch_function("input", "tensor1", "tensor2")
def addcmul(
    input: Tensor, tensor1: Tensor, tensor2: Tensor, *, value: Any = 1, out: Tensor | None = None
) -> Tensor:
    """input + value * tensor1 * tensor2, evaluated left to right as torch does (an
    integer result truncates ``value``)."""
    dtype = dtype_of(input)
    if value != 1 or dtype.kind == "c":
        tensor1 = ops.multiply(wrapped_scalar(value, dtype), tensor1)
    return ops.add(input, ops.multiply(tensor1, tensor2))


@torch_function()
def addcdiv(
    input: Tensor, tensor1: Tensor, tensor2: Tensor, *, value: Any = 1, out: Tensor | None = None
) -> Tensor:
    """input + value * tensor1 / tensor2; integer tensor1 and tensor2 raise, as in torch."""
    if dtype_of(tensor1).kind in "biu" and dtype_of(tensor2).kind in "biu":
        raise RuntimeError(
            "Integer division with addcdiv is no longer supported, and in a future  release "
            "addcdiv will perform a true division of tensor1 and tensor2. The historic "
            "addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / "
            "tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / "
            "tensor2) for float inputs. The future addcdiv behavior is just the latter "
            "implementation: (input + value * tensor1 / tensor2), for all dtypes."
        )
    input, tensor1, tensor2, dtype = promote(input, tensor1, tensor2)
    if value != 1 or dtype.kind == "c":
        tensor1 = ops.multiply(wrapped_scalar(value, dtype), tensor1)
    return ops.add(input, ops.divide(tensor1, tensor2))


@torch_function()
def lerp(input: Tensor, end: Tensor, weight: Any, *, out: Tensor | None = None) -> Tensor:
    """input + weight * (end - input), computed from the nearer end as torch does.

    ``input`` and ``end`` must have the same floating dtype (torch does not promote)."""
    dtype = dtype_of(input)
    if dtype_of(end) != dtype:
        raise RuntimeError(
            f"expected dtype {_torch_name(dtype)} for `end` but got dtype "
            f"{_torch_name(dtype_of(end))}"
        )
    if dtype.kind not in "fc":
        raise _unsupported("lerp", dtype)
    if type(weight) in (bool, int, float, complex):
        weight = wrapped_scalar(weight, dtype)
    elif len(weight.shape) and dtype_of(weight) != dtype:
        raise RuntimeError(
            f"expected dtype {_torch_name(dtype)} for `weight` but got dtype "
            f"{_torch_name(dtype_of(weight))}"
        )
    else:
        weight = ops.astype(weight, dtype)
    difference = ops.subtract(end, input)
    low = ops.add(input, ops.multiply(weight, difference))
    high = ops.subtract(
        end, ops.multiply(difference, ops.subtract(wrapped_scalar(1, dtype), weight))
    )
    return ops.where(ops.less(ops.abs(weight), 0.5), low, high)


def _torch_name(dtype: core.Dtype) -> str:
    return repr(_dtype.of(dtype)).removeprefix("torch.")


_CLAMP_UNSUPPORTED = frozenset({core.bool, *_WIDE_UNSIGNED_SET, core.complex64, core.complex128})


@torch_function()
def clamp(
    input: Tensor,
    min: Any = None,
    max: Any = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """input limited to [min, max] in the common dtype of the three (an int tensor with
    float bounds gives the default dtype); min > max gives max; nan bounds give nan."""
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    x, low, high, dtype = promote(input, min, max)
    if dtype.kind == "c":
        raise NotImplementedError("clamp is not supported for complex types")
    check_supported("clamp", dtype, _CLAMP_UNSUPPORTED)
    if dtype.kind in "iu":
        for bound in (min, max):
            if type(bound) is int:
                check_fits(bound, dtype)
    if low is not None:
        x = ops.maximum(x, low)
    if high is not None:
        x = ops.minimum(x, high)
    return x


clip = clamp


def clamp_min(input: Tensor, min: Any, *, out: Tensor | None = None) -> Tensor:
    """clamp(input, min=min)."""
    return clamp(input, min, None, out=out)


def clamp_max(input: Tensor, max: Any, *, out: Tensor | None = None) -> Tensor:
    """clamp(input, max=max)."""
    return clamp(input, None, max, out=out)


_set_inplace(
    "add", "sub", "subtract", "mul", "multiply", "div", "divide", "true_divide",
    "floor_divide", "remainder", "fmod", "pow", "float_power", "atan2", "arctan2",
    "copysign", "hypot", "ldexp", "nextafter", "xlogy", "addcmul", "addcdiv", "lerp",
    "clamp", "clamp_min", "clamp_max", "clip",
)  # fmt: skip


# ---------------------------------------------------------------------------------------
# bitwise and logical
# ---------------------------------------------------------------------------------------
@unsupported_dtypes(*WIDE_UNSIGNED, "float", "complex")
@torch_function("input")
def bitwise_not(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """~input (logical not for bool)."""
    if dtype_of(input) == core.bool:
        return ops.logical_not(input)
    return ops.bitwise_invert(input)


def _bitwise(
    name: str, compute: Callable[[Any, Any], Any], logical: Callable[[Any, Any], Any]
) -> Callable[..., Any]:
    def function(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
        if dtype_of(input) == core.bool:
            return logical(input, other)
        return compute(input, other)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Elementwise {name.removeprefix('bitwise_')} of integers or bools."
    function.__module__ = __name__
    return unsupported_dtypes("float", "complex")(torch_function("input", "other")(function))


bitwise_and = _bitwise("bitwise_and", core_fn("bitwise_and"), core_fn("logical_and"))
bitwise_or = _bitwise("bitwise_or", core_fn("bitwise_or"), core_fn("logical_or"))
bitwise_xor = _bitwise("bitwise_xor", core_fn("bitwise_xor"), core_fn("logical_xor"))


def _out_of_range_shift(other: Any, dtype: core.Dtype) -> Any:
    return ops.logical_or(
        ops.less(other, wrapped_scalar(0, dtype)),
        ops.greater_equal(other, wrapped_scalar(dtype.bits, dtype)),
    )


@unsupported_dtypes("bool", *WIDE_UNSIGNED, "float", "complex")
@torch_function("input", "other")
def bitwise_left_shift(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input << other; a shift that is negative or at least the bit width gives 0."""
    dtype = dtype_of(input)
    outside = _out_of_range_shift(other, dtype)
    zero = wrapped_scalar(0, dtype)
    shifted = ops.bitwise_left_shift(input, ops.where(outside, zero, other))
    return ops.where(outside, zero, shifted)


@unsupported_dtypes("bool", *WIDE_UNSIGNED, "float", "complex")
@torch_function("input", "other")
def bitwise_right_shift(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input >> other (arithmetic); a shift that is negative or at least the bit width
    gives the sign fill (0 or -1)."""
    dtype = dtype_of(input)
    outside = _out_of_range_shift(other, dtype)
    zero = wrapped_scalar(0, dtype)
    shifted = ops.bitwise_right_shift(input, ops.where(outside, zero, other))
    if dtype.kind == "u":
        fill = zero
    else:
        fill = ops.where(ops.less(input, zero), wrapped_scalar(-1, dtype), zero)
    return ops.where(outside, fill, shifted)


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def logical_not(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Whether input is zero, as bool."""
    return ops.logical_not(truth(input))


def _logical(name: str, compute: Callable[[Any, Any], Any]) -> Callable[..., Any]:
    def function(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
        return compute(truth(input), truth(other))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Elementwise logical {name.removeprefix('logical_')}, as bool."
    function.__module__ = __name__
    decorated = unsupported_dtypes(*WIDE_UNSIGNED)(torch_function("input", "other")(function))
    return tensor_arguments("input", "other")(decorated)


logical_and = _logical("logical_and", core_fn("logical_and"))
logical_or = _logical("logical_or", core_fn("logical_or"))
logical_xor = _logical("logical_xor", core_fn("logical_xor"))

_set_inplace(
    "bitwise_not", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
    "bitwise_right_shift", "logical_not", "logical_and", "logical_or", "logical_xor",
)  # fmt: skip


def rsub(input: Tensor, other: Any, alpha: Any = 1) -> Tensor:
    """torch.rsub: ``other - alpha * input``."""
    return sub(other, input, alpha=alpha)


@torch_function()
def heaviside(input: Tensor, values: Tensor, *, out: Tensor | None = None) -> Tensor:
    """0 where ``input < 0``, ``values`` where it is 0, 1 where it is positive; both
    operands must have the same dtype, as in torch."""
    dtype = dtype_of(input)
    if dtype_of(values) != dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes.")
    if dtype.kind == "c":
        raise RuntimeError("heaviside is not yet implemented for complex tensors.")
    zero = ops.zeros((), dtype=dtype)
    steps = ops.astype(ops.greater(input, zero), dtype)
    return ops.where(ops.equal(input, zero), values, steps)


INPLACE_NAMES.update({"heaviside"})
__all__ += ["heaviside", "rsub"]
