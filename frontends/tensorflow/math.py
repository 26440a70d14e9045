"""tf.math: elementwise ops, reductions, scans, segment ops, top_k, bincount ...

Every function takes tensors, variables, numpy arrays and Python values, matches its
inputs' dtypes as TF does (no promotion: two dtypes are TF's InvalidArgumentError) and
refuses the dtypes TF 2.21 has no kernel for with TF's error class (table in
:mod:`._kernels`). Values are computed with core functions on every backend, so
transcendental functions can differ from TF's Eigen kernels in the last bits.

Not here (see tests/frontends/tensorflow/test_namespace.py): ``sobol_sample``, the
incomplete gamma/beta functions (``igamma``, ``igammac``, ``betainc``), ``zeta``,
``polygamma`` and the Bessel functions of ``tf.math.special`` beyond i0/i1.
"""

from __future__ import annotations

import builtins
import collections
from typing import Any

import numpy

import core
from core import native as ops
from frontends.tensorflow import _tensor as t
from frontends.tensorflow import errors
from frontends.tensorflow._common import (
    as_core,
    axes,
    dtype_of,
    highest,
    host,
    host_int,
    lowest,
    native,
    scalar,
    wrap,
)
from frontends.tensorflow._conversion import cast_native
from frontends.tensorflow._frontend import functions, tf_function
from frontends.tensorflow._host import string_kernel
from frontends.tensorflow._kernels import KERNELS, check

__all__ = [
    "abs", "accumulate_n", "acos", "acosh", "add", "add_n", "angle", "approx_max_k",
    "approx_min_k", "argmax", "argmin", "asin", "asinh", "atan", "atan2", "atanh",
    "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bincount", "ceil",
    "confusion_matrix", "conj", "cos", "cosh", "count_nonzero", "cumprod", "cumsum",
    "cumulative_logsumexp", "digamma", "divide", "divide_no_nan", "equal", "erf", "erfc",
    "erfcinv", "erfinv", "exp", "expm1", "floor", "floordiv", "floormod", "greater",
    "greater_equal", "imag", "in_top_k", "invert_permutation", "is_finite", "is_inf",
    "is_nan", "is_non_decreasing", "is_strictly_increasing", "l2_normalize", "lbeta", "less",
    "less_equal", "lgamma", "log", "log1p", "log_sigmoid", "log_softmax", "logical_and",
    "logical_not", "logical_or", "logical_xor", "matmul", "maximum", "minimum", "mod",
    "multiply", "multiply_no_nan", "ndtri", "negative", "nextafter", "not_equal", "polyval",
    "pow", "real", "reciprocal", "reciprocal_no_nan", "reduce_all", "reduce_any",
    "reduce_euclidean_norm", "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min",
    "reduce_prod", "reduce_std", "reduce_sum", "reduce_variance", "rint", "round", "rsqrt",
    "scalar_mul", "segment_max", "segment_mean", "segment_min", "segment_prod",
    "segment_sum", "sigmoid", "sign", "sin", "sinh", "softmax", "softplus", "softsign",
    "sqrt", "square", "squared_difference", "subtract", "tan", "tanh", "top_k", "truediv",
    "unsorted_segment_max", "unsorted_segment_mean", "unsorted_segment_min",
    "unsorted_segment_prod", "unsorted_segment_sqrt_n", "unsorted_segment_sum", "xdivy",
    "xlog1py", "xlogy", "zero_fraction",
]  # fmt: skip


def _late(fn: Any) -> Any:
    """A core function named by a string is looked up at call time (core.native rebinds
    its functions when the backend changes)."""
    if isinstance(fn, str):
        return lambda *args: getattr(ops, fn)(*args)
    return fn


def _fast(name: str, direct: str | None, f: Any, *arrays: str) -> Any:
    """``f`` with a fast path when on float32/float64 inputs it computes core's function
    ``direct`` and TF has float32 and float64 kernels for it."""
    code = KERNELS[f"math.{name}"]
    if direct is None or code[11] != "o" or code[12] != "o":
        return f
    return functions.fast(direct, *arrays)(f)


def _unary(name: str, op: str, fn: Any, direct: str | None = None) -> Any:
    """``direct``: the core function ``fn`` computes on floats (default: ``fn`` when it
    names one)."""
    direct = direct or (fn if isinstance(fn, str) else None)
    fn = _late(fn)
    f = tf_function("x", op=op, kernel=f"math.{name}")(lambda x, name=None: fn(x))
    f.__name__ = f.__qualname__ = name
    return _fast(name, direct, f, "x")


def _binary(name: str, op: str, fn: Any, direct: str | None = None, strings: bool = False) -> Any:
    """``direct`` as for :func:`_unary`; ``strings``: TF has a string kernel for it."""
    direct = direct or (fn if isinstance(fn, str) else None)
    fn = _late(fn)
    f = tf_function("x", "y", op=op, kernel=f"math.{name}")(lambda x, y, name=None: fn(x, y))
    f.__name__ = f.__qualname__ = name
    return _fast(name, direct, string_kernel(f) if strings else f, "x", "y")


def _float_of(x: Any) -> core.Dtype:
    dtype = dtype_of(x)
    return {"complex64": core.float32, "complex128": core.float64}.get(str(dtype), dtype)


# ---------------------------------------------------------------------------------------
# elementwise: arithmetic and comparison
# ---------------------------------------------------------------------------------------
add = _binary("add", "AddV2", "add", strings=True)
subtract = _binary("subtract", "Sub", "subtract")
multiply = _binary("multiply", "Mul", "multiply")
floordiv = _binary("floordiv", "FloorDiv", t.floordiv_native)
floormod = _binary("floormod", "FloorMod", t.floormod_native)
mod = floormod
pow = _binary("pow", "Pow", t.pow_native, "pow")
maximum = _binary("maximum", "Maximum", "maximum")
minimum = _binary("minimum", "Minimum", "minimum")
equal = _binary("equal", "Equal", "equal", strings=True)
not_equal = _binary("not_equal", "NotEqual", "not_equal", strings=True)
less = _binary("less", "Less", "less")
less_equal = _binary("less_equal", "LessEqual", "less_equal")
greater = _binary("greater", "Greater", "greater")
greater_equal = _binary("greater_equal", "GreaterEqual", "greater_equal")
logical_and = _binary("logical_and", "LogicalAnd", "logical_and")
logical_or = _binary("logical_or", "LogicalOr", "logical_or")
logical_xor = _binary("logical_xor", "LogicalXor", "logical_xor")
atan2 = tf_function("y", "x", op="Atan2", kernel="math.atan2")(
    lambda y, x, name=None: ops.atan2(y, x)
)
squared_difference = _binary(
    "squared_difference",
    "SquaredDifference",
    lambda x, y: (
        ops.multiply(ops.subtract(x, y), ops.conj(ops.subtract(x, y)))
        if dtype_of(x).kind == "c"
        else ops.square(ops.subtract(x, y))
    ),
)
nextafter = tf_function("x1", "x2", op="NextAfter", kernel="math.nextafter")(
    lambda x1, x2, name=None: ops.nextafter(x1, x2)
)


def _where_zero(y: Any, value: Any, result: Any) -> Any:
    return ops.where(ops.equal(y, ops.zeros_like(y)), value, result)


multiply_no_nan = _binary(
    "multiply_no_nan",
    "MulNoNan",
    lambda x, y: _where_zero(y, ops.zeros_like(ops.multiply(x, y)), ops.multiply(x, y)),
)


def _xop(name: str, op: str, fn: Any) -> Any:
    return _binary(
        name,
        op,
        lambda x, y: ops.where(ops.equal(x, ops.zeros_like(x)), ops.zeros_like(x), fn(x, y)),
    )


xlogy = _xop("xlogy", "Xlogy", lambda x, y: ops.multiply(x, ops.log(y)))
xlog1py = _xop("xlog1py", "Xlog1py", lambda x, y: ops.multiply(x, ops.log1p(y)))
xdivy = _xop("xdivy", "Xdivy", lambda x, y: ops.divide(x, y))


def _truediv(x: Any, y: Any, name: Any = None) -> Any:
    return t.truediv_native(x, y)


_truediv_op = tf_function("x", "y", op="RealDiv")(_truediv)


def truediv(x: Any, y: Any, name: Any = None) -> Any:
    """tf.math.truediv: integers divide in float32 (8/16-bit) or float64; two tensors of
    different dtypes are TF's TypeError here (the Python wrapper checks first)."""
    if isinstance(x, t.FrontendArray) and isinstance(y, t.FrontendArray) and x.dtype != y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    if isinstance(x, t.FrontendArray) and x.dtype.is_bool:
        raise TypeError(f"Invalid dtype {x.dtype!r} in __truediv__")
    return _truediv_op(x, y)


divide = truediv


def divide_no_nan(x: Any, y: Any, name: Any = None) -> Any:
    """tf.math.divide_no_nan: 0 where ``y`` is 0; integers as truediv (float results)."""
    if isinstance(x, t.FrontendArray) and isinstance(y, t.FrontendArray) and x.dtype != y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    return _divide_no_nan(x, y)


@tf_function("x", "y", op="DivNoNan")
def _divide_no_nan(x: Any, y: Any) -> Any:
    if dtype_of(x).kind == "b":
        raise TypeError("Invalid dtype tf.bool in divide_no_nan")
    quotient = t.truediv_native(x, y)
    return _where_zero(y, ops.zeros_like(quotient), quotient)


def scalar_mul(scalar: Any, x: Any, name: Any = None) -> Any:
    """tf.math.scalar_mul: ``scalar * x`` (the scalar must be 0-d)."""
    s = native(scalar)
    if len(s.shape) != 0:
        raise ValueError(f"`scalar` must be a 0-D tensor. Received shape: {list(s.shape)}")
    return multiply(scalar, x)


# ---------------------------------------------------------------------------------------
# elementwise: unary
# ---------------------------------------------------------------------------------------
def _sign(x: Any) -> Any:
    if dtype_of(x).kind == "c":
        magnitude = ops.abs(x)
        safe = ops.where(ops.equal(magnitude, ops.zeros_like(magnitude)), 1, magnitude)
        return ops.where(
            ops.equal(magnitude, ops.zeros_like(magnitude)),
            ops.zeros_like(x),
            ops.divide(x, ops.astype(safe, dtype_of(x))),
        )
    return ops.sign(x)


def _rsqrt(x: Any) -> Any:
    return ops.divide(ops.ones_like(x), ops.sqrt(x))


def _softplus(x: Any) -> Any:
    # TF's stable form: log1p(exp(-|x|)) + max(x, 0)
    return ops.add(ops.log1p(ops.exp(ops.negative(ops.abs(x)))), ops.maximum(x, ops.zeros_like(x)))


def _log_sigmoid(x: Any) -> Any:
    return ops.negative(_softplus(ops.negative(x)))


def _ndtri(x: Any) -> Any:
    two = scalar(2.0, x)
    return ops.multiply(
        ops.sqrt(two), ops.erfinv(ops.subtract(ops.multiply(two, x), ops.ones_like(x)))
    )


abs = _unary("abs", "Abs", "abs")
negative = _unary("negative", "Neg", "negative")
sign = _unary("sign", "Sign", _sign)
square = _unary("square", "Square", lambda x: ops.multiply(x, x))
sqrt = _unary("sqrt", "Sqrt", "sqrt")
rsqrt = _unary("rsqrt", "Rsqrt", _rsqrt)
exp = _unary("exp", "Exp", "exp")
expm1 = _unary("expm1", "Expm1", "expm1")
log = _unary("log", "Log", "log")
log1p = _unary("log1p", "Log1p", "log1p")
sin = _unary("sin", "Sin", "sin")
cos = _unary("cos", "Cos", "cos")
tan = _unary("tan", "Tan", "tan")
asin = _unary("asin", "Asin", "asin")
acos = _unary("acos", "Acos", "acos")
atan = _unary("atan", "Atan", "atan")
sinh = _unary("sinh", "Sinh", "sinh")
cosh = _unary("cosh", "Cosh", "cosh")
tanh = _unary("tanh", "Tanh", "tanh")
asinh = _unary("asinh", "Asinh", "asinh")
acosh = _unary("acosh", "Acosh", "acosh")
atanh = _unary("atanh", "Atanh", "atanh")
sigmoid = _unary(
    "sigmoid",
    "Sigmoid",
    lambda x: (
        ops.divide(ops.ones_like(x), ops.add(ops.ones_like(x), ops.exp(ops.negative(x))))
        if dtype_of(x).kind == "c"
        else ops.sigmoid(x)
    ),
    direct="sigmoid",
)
ceil = _unary("ceil", "Ceil", "ceil")
floor = _unary("floor", "Floor", "floor")
rint = _unary("rint", "Rint", "round")
erf = _unary("erf", "Erf", "erf")
erfc = _unary("erfc", "Erfc", "erfc")
erfinv = _unary("erfinv", "Erfinv", "erfinv")
erfcinv = _unary("erfcinv", "Erfcinv", lambda x: ops.erfinv(ops.subtract(ops.ones_like(x), x)))
ndtri = _unary("ndtri", "Ndtri", _ndtri)
lgamma = _unary("lgamma", "Lgamma", "lgamma")
digamma = _unary("digamma", "Digamma", "digamma")
is_finite = _unary("is_finite", "IsFinite", "isfinite")
is_inf = _unary("is_inf", "IsInf", "isinf")
is_nan = _unary("is_nan", "IsNan", "isnan")
softplus = _unary("softplus", "Softplus", _softplus)
softsign = _unary(
    "softsign", "Softsign", lambda x: ops.divide(x, ops.add(ops.ones_like(x), ops.abs(x)))
)
log_sigmoid = _unary("log_sigmoid", "LogSigmoid", _log_sigmoid)
reciprocal = _unary("reciprocal", "Reciprocal", lambda x: ops.divide(ops.ones_like(x), x))
reciprocal_no_nan = _unary(
    "reciprocal_no_nan",
    "ReciprocalNoNan",
    lambda x: _where_zero(x, ops.zeros_like(x), ops.divide(ops.ones_like(x), x)),
)
logical_not = _unary("logical_not", "LogicalNot", "logical_not")


@tf_function("x", op="Round", kernel="math.round")
def round(x: Any, name: Any = None) -> Any:
    """tf.math.round: half to even; integers unchanged."""
    return x if dtype_of(x).kind in "iu" else ops.round(x)


def real(input: Any, name: Any = None) -> Any:
    x = native(input)
    if dtype_of(x).kind == "b":
        raise TypeError("Cannot convert tf.bool to a real dtype")
    return wrap(ops.real(x) if dtype_of(x).kind == "c" else x)


def imag(input: Any, name: Any = None) -> Any:
    x = native(input)
    return wrap(ops.imag(x) if dtype_of(x).kind == "c" else ops.zeros_like(x))


def conj(x: Any, name: Any = None) -> Any:
    v = native(x)
    if dtype_of(v).kind == "b":
        raise TypeError(f"Expected numeric or variant tensor, got dtype {dtype_of(v)}")
    return wrap(ops.conj(v) if dtype_of(v).kind == "c" else v)


def angle(input: Any, name: Any = None) -> Any:
    x = native(input)
    if dtype_of(x).kind not in "fc":
        raise TypeError(f"Cannot compute the angle of a {dtype_of(x)} tensor")
    if dtype_of(x).kind == "c":
        return wrap(ops.atan2(ops.imag(x), ops.real(x)))
    return wrap(ops.atan2(ops.zeros_like(x), x))


def lbeta(x: Any, name: Any = None) -> Any:
    """tf.math.lbeta: ``sum(lgamma(x)) - lgamma(sum(x))`` over the last axis."""
    v = native(x)
    if v.shape[-1] == 0 if v.shape else False:
        return wrap(ops.zeros(v.shape[:-1], dtype=dtype_of(v)))
    return wrap(ops.subtract(ops.sum(ops.lgamma(v), axis=-1), ops.lgamma(ops.sum(v, axis=-1))))


def _bessel(x: Any, order: int, scaled: bool) -> Any:
    """Modified Bessel functions of the first kind by their power series (float64),
    exponentially scaled for the ``e`` variants; accurate to a few ulps for |x| < 30 and
    asymptotic beyond."""
    v = ops.astype(x, core.float64)
    a = ops.abs(v)
    half = ops.multiply(a, 0.5)
    term = ops.ones_like(a) if order == 0 else half
    total = term
    q = ops.multiply(half, half)
    for k in builtins.range(1, 60):
        term = ops.divide(ops.multiply(term, q), float(k * (k + order)))
        total = ops.add(total, term)
    # asymptotic expansion of exp(-x) I_n(x) for large x
    mu = 4.0 * order * order
    big = ops.maximum(a, 1.0)
    series = ops.ones_like(a)
    coefficient = ops.ones_like(a)
    for k in builtins.range(1, 12):
        coefficient = ops.multiply(
            coefficient, ops.divide(-(mu - (2 * k - 1) ** 2) / (k * 8.0), big)
        )
        series = ops.add(series, coefficient)
    asymptotic = ops.divide(series, ops.sqrt(ops.multiply(big, 2 * numpy.pi)))
    small = ops.less(a, 30.0)
    scaled_value = ops.where(small, ops.multiply(total, ops.exp(ops.negative(a))), asymptotic)
    value = (
        scaled_value if scaled else ops.where(small, total, ops.multiply(asymptotic, ops.exp(a)))
    )
    if order == 1:
        value = ops.where(ops.less(v, 0.0), ops.negative(value), value)
    return ops.astype(value, dtype_of(x))


bessel_i0 = _unary("bessel_i0", "BesselI0", lambda x: _bessel(x, 0, False))
bessel_i0e = _unary("bessel_i0e", "BesselI0e", lambda x: _bessel(x, 0, True))
bessel_i1 = _unary("bessel_i1", "BesselI1", lambda x: _bessel(x, 1, False))
bessel_i1e = _unary("bessel_i1e", "BesselI1e", lambda x: _bessel(x, 1, True))


def invert_permutation(x: Any, name: Any = None) -> Any:
    """tf.math.invert_permutation (int32/int64 vectors; the values are read on the host
    to check they are a permutation, as TF's kernel does)."""
    v = native(x)
    if dtype_of(v) not in (core.int32, core.int64):
        check("math.invert_permutation", v)
    if len(v.shape) != 1:
        raise errors.invalid_argument(
            "invert_permutation expects a 1D vector. [Op:InvertPermutation]", "InvertPermutation"
        )
    values = host(v)
    n = values.shape[0]
    if sorted(values.tolist()) != list(builtins.range(n)):
        raise errors.invalid_argument(
            f"{values.tolist()} is not a permutation of 0..{n - 1}", "InvertPermutation"
        )
    return wrap(ops.astype(ops.argsort(v), dtype_of(v)))


# ---------------------------------------------------------------------------------------
# reductions
# ---------------------------------------------------------------------------------------
def _reduction(name: str, op: str, fn: Any, direct: str | None = None) -> Any:
    """``direct``: the core function (taking ``axis`` and ``keepdims``) ``fn`` computes on
    float32/float64 (a fast path for static axes)."""

    def reduce(
        input_tensor: Any, axis: Any = None, keepdims: bool = False, name: Any = None
    ) -> Any:
        x = native(input_tensor)
        check(f"math.{name_}", x)
        return wrap(fn(x, axes(axis, len(x.shape), op), builtins.bool(keepdims)))

    name_ = name
    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = f"tf.math.{name} (TF's {op} kernel)."
    if direct is None:
        return reduce
    keywords = {"axis": "axis", "keepdims": "keepdims"}
    return functions.fast(direct, "input_tensor", keywords=keywords)(reduce)


def _sum(x: Any, axis: Any, keepdims: bool) -> Any:
    return ops.sum(x, axis=axis, dtype=dtype_of(x), keepdims=keepdims)


def _prod(x: Any, axis: Any, keepdims: bool) -> Any:
    return ops.prod(x, axis=axis, dtype=dtype_of(x), keepdims=keepdims)


def _count(x: Any, axis: Any) -> int:
    shape = x.shape
    if axis is None:
        return int(numpy.prod(shape))
    return int(numpy.prod([shape[a] for a in set(axis)]))


def _mean(x: Any, axis: Any, keepdims: bool) -> Any:
    """TF's Mean: the sum divided by the count (integers: truncated); float32/float64
    are core's mean, which computes just that."""
    if dtype_of(x) in (core.float32, core.float64):
        return ops.mean(x, axis=axis, keepdims=keepdims)
    total = _sum(x, axis, keepdims)
    count = _count(x, axis)
    if dtype_of(x).kind in "iu":
        if count == 0:
            return ops.zeros_like(total)
        quotient = ops.floor_divide(ops.abs(total), scalar(count, total))
        return ops.where(ops.less(total, ops.zeros_like(total)), ops.negative(quotient), quotient)
    return ops.divide(total, scalar(count, total))


def _extreme(largest: bool) -> Any:
    def reduce(x: Any, axis: Any, keepdims: bool) -> Any:
        fn = ops.max if largest else ops.min
        dtype = dtype_of(x)
        if _count(x, axis) == 0 or 0 in x.shape:
            shape = [1 if (axis is None or a in axis) else s for a, s in enumerate(x.shape)]
            if not keepdims:
                shape = [s for a, s in enumerate(x.shape) if not (axis is None or a in axis)]
            value = lowest(dtype) if largest else highest(dtype)
            return ops.full(tuple(shape), value, dtype=dtype)
        if dtype.kind == "b":
            return ops.astype(fn(ops.astype(x, core.uint8), axis=axis, keepdims=keepdims), dtype)
        return fn(x, axis=axis, keepdims=keepdims)

    return reduce


def _variance(x: Any, axis: Any, keepdims: bool) -> Any:
    if dtype_of(x).kind not in "fc":
        raise TypeError(
            f"Input must be either real or complex. Received integer input {dtype_of(x)}."
        )
    centered = ops.subtract(x, _mean(x, axis, True))
    squared = (
        ops.real(ops.multiply(centered, ops.conj(centered)))
        if dtype_of(x).kind == "c"
        else ops.multiply(centered, centered)
    )
    return _mean(squared, axis, keepdims)


def _euclidean(x: Any, axis: Any, keepdims: bool) -> Any:
    dtype = dtype_of(x)
    if dtype.kind == "c":
        return ops.sqrt(_sum(ops.multiply(x, ops.conj(x)), axis, keepdims))
    if dtype.kind in "iu":
        squares = _sum(ops.multiply(x, x), axis, keepdims)
        return cast_native(ops.sqrt(ops.astype(squares, core.float64)), dtype)
    return ops.sqrt(_sum(ops.multiply(x, x), axis, keepdims))


def _logsumexp(x: Any, axis: Any, keepdims: bool) -> Any:
    # TF's formula: the max (0 where not finite) subtracted, log of the sum, added back
    raw = _extreme(True)(x, axis, True)
    shift = ops.where(ops.isfinite(raw), raw, ops.zeros_like(raw))
    total = ops.log(_sum(ops.exp(ops.subtract(x, shift)), axis, True))
    result = ops.add(total, shift)
    if not keepdims:
        result = ops.squeeze(
            result, axis=tuple(builtins.range(len(x.shape))) if axis is None else axis
        )
    return result


reduce_sum = _reduction("reduce_sum", "Sum", _sum, "sum")
reduce_prod = _reduction("reduce_prod", "Prod", _prod)
reduce_mean = _reduction("reduce_mean", "Mean", _mean, "mean")
reduce_max = _reduction("reduce_max", "Max", _extreme(True))
reduce_min = _reduction("reduce_min", "Min", _extreme(False))
reduce_all = _reduction("reduce_all", "All", lambda x, a, k: ops.all(x, axis=a, keepdims=k))
reduce_any = _reduction("reduce_any", "Any", lambda x, a, k: ops.any(x, axis=a, keepdims=k))
reduce_variance = _reduction("reduce_variance", "Variance", _variance)
reduce_std = _reduction("reduce_std", "Std", lambda x, a, k: ops.sqrt(_variance(x, a, k)))
reduce_euclidean_norm = _reduction("reduce_euclidean_norm", "EuclideanNorm", _euclidean)
reduce_logsumexp = _reduction("reduce_logsumexp", "Logsumexp", _logsumexp)


def count_nonzero(input: Any, axis: Any = None, keepdims: Any = None, dtype: Any = "int64",
                  name: Any = None) -> Any:  # fmt: skip
    x = native(input)
    nonzero = ops.not_equal(x, ops.zeros_like(x))
    found = ops.sum(
        ops.astype(nonzero, core.int64), axis=axes(axis, len(x.shape), "Sum"),
        keepdims=builtins.bool(keepdims),
    )  # fmt: skip
    return wrap(cast_native(found, as_core(dtype)))


def zero_fraction(value: Any, name: Any = None) -> Any:
    """tf.math.zero_fraction: the fraction of zeros, float32."""
    x = native(value)
    zeros = ops.sum(ops.astype(ops.equal(x, ops.zeros_like(x)), core.int64))
    count = builtins.max(int(numpy.prod(x.shape)), 1)
    return wrap(ops.astype(ops.divide(ops.astype(zeros, core.float64), float(count)), core.float32))


def _arg(largest: bool, op: str) -> Any:
    def arg(input: Any, axis: Any = None, output_type: Any = "int64", name: Any = None) -> Any:
        x = native(input)
        check(f"math.{'argmax' if largest else 'argmin'}", x)
        axis_ = 0 if axis is None else host_int(axis)
        if not -len(x.shape) <= axis_ < builtins.max(len(x.shape), 1):
            raise errors.invalid_argument(
                f"Expected dimension in the range [{-len(x.shape)}, {len(x.shape)}), but got "
                f"{axis_}",
                op,
            )
        if x.shape and x.shape[axis_] == 0:
            raise errors.invalid_argument("Reduction axis 0 is empty in shape [0]", op)
        fn = ops.argmax if largest else ops.argmin
        source = ops.astype(x, core.uint8) if dtype_of(x).kind == "b" else x
        return wrap(ops.astype(fn(source, axis=axis_), as_core(output_type)))

    return arg


argmax = _arg(True, "ArgMax")
argmin = _arg(False, "ArgMin")


def add_n(inputs: Any, name: Any = None) -> Any:
    """tf.math.add_n: the sum of a list of tensors of one dtype and shape."""
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise ValueError(
            "inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape"
        )
    values = t.match_operands(list(inputs), "AddN")
    shapes = {tuple(v.shape) for v in values}
    if len(shapes) > 1:
        raise ValueError(f"All input shapes must be fully defined and equal: {shapes}")
    check("math.add_n", values[0])
    total = values[0]
    for value in values[1:]:
        total = ops.add(total, value)
    return wrap(total)


def accumulate_n(inputs: Any, shape: Any = None, tensor_dtype: Any = None, name: Any = None) -> Any:
    return add_n(inputs, name)


# ---------------------------------------------------------------------------------------
# scans
# ---------------------------------------------------------------------------------------
def _scan(x: Any, axis: int, exclusive: bool, reverse: bool, step: Any, initial: Any) -> Any:
    if reverse:
        x = ops.flip(x, axis=axis)
    result = step(x, axis)
    if exclusive:
        first = ops.full_like(ops.take(result, ops.asarray([0]), axis=axis), initial)
        rest = ops.take(result, ops.arange(0, x.shape[axis] - 1), axis=axis)
        result = ops.concat([first, rest], axis=axis)
    if reverse:
        result = ops.flip(result, axis=axis)
    return result


def _scan_function(name: str, op: str, step: Any, initial: Any) -> Any:
    def scan(x: Any, axis: Any = 0, exclusive: bool = False, reverse: bool = False,
             name: Any = None) -> Any:  # fmt: skip
        v = native(x)
        check(f"math.{name_}", v)
        ndim = len(v.shape)
        a = host_int(axis)
        if not -ndim <= a < ndim:
            raise errors.invalid_argument(
                f"ValueError: axis must be in the range [{-ndim}, {ndim}), but got {a}", op
            )
        if v.shape[a % ndim] == 0:
            return wrap(v)
        init = initial(dtype_of(v)) if callable(initial) else initial
        return wrap(_scan(v, a % ndim, exclusive, reverse, step, init))

    name_ = name
    scan.__name__ = scan.__qualname__ = name
    return scan


cumsum = _scan_function(
    "cumsum", "Cumsum", lambda x, a: ops.cumulative_sum(x, axis=a, dtype=dtype_of(x)), 0
)
cumprod = _scan_function(
    "cumprod", "Cumprod", lambda x, a: ops.cumulative_prod(x, axis=a, dtype=dtype_of(x)), 1
)


def _cumulative_logsumexp(x: Any, axis: int) -> Any:
    big = ops.max(x, axis=axis, keepdims=True)
    shift = ops.where(ops.isfinite(big), big, ops.zeros_like(big))
    return ops.add(ops.log(ops.cumulative_sum(ops.exp(ops.subtract(x, shift)), axis=axis)), shift)


cumulative_logsumexp = _scan_function(
    "cumulative_logsumexp", "CumulativeLogsumexp", _cumulative_logsumexp, -numpy.inf
)


# ---------------------------------------------------------------------------------------
# softmax and normalization
# ---------------------------------------------------------------------------------------
def _softmax_axis(x: Any, axis: Any) -> int:
    ndim = len(x.shape)
    a = -1 if axis is None else host_int(axis)
    if not -ndim <= a < ndim:
        raise errors.invalid_argument(
            f"`axis` must be in the range [{-ndim}, {ndim}) where {ndim} is the number of "
            f"dimensions in the input. Received: axis={a}",
            "Softmax",
        )
    return a % ndim


def softmax(logits: Any, axis: Any = None, name: Any = None) -> Any:
    """tf.nn.softmax: core's softmax, ``exp(x - max) / sum`` along ``axis`` (default last;
    TF's kernel multiplies by the sum's reciprocal: within an ulp)."""
    x = native(logits)
    check("nn.softmax", x)
    return wrap(ops.nn.softmax(x, axis=_softmax_axis(x, axis)))


def log_softmax(logits: Any, axis: Any = None, name: Any = None) -> Any:
    """tf.nn.log_softmax: core's log_softmax, ``(x - max) - log(sum(exp(x - max)))``."""
    x = native(logits)
    check("nn.log_softmax", x)
    return wrap(ops.nn.log_softmax(x, axis=_softmax_axis(x, axis)))


def l2_normalize(x: Any, axis: Any = None, epsilon: float = 1e-12, name: Any = None,
                 dim: Any = None) -> Any:  # fmt: skip
    """tf.math.l2_normalize: ``x * rsqrt(max(sum(x**2), epsilon))``."""
    v = native(x)
    if axis is None:
        axis = dim
    a = axes(axis, len(v.shape), "Sum")
    if dtype_of(v).kind == "c":
        squared = ops.real(ops.multiply(v, ops.conj(v)))
        total = ops.sum(squared, axis=a, keepdims=True)
        inv = ops.divide(1.0, ops.sqrt(ops.maximum(total, scalar(epsilon, total))))
        return wrap(ops.multiply(v, ops.astype(inv, dtype_of(v))))
    total = ops.sum(ops.multiply(v, v), axis=a, keepdims=True, dtype=dtype_of(v))
    inv = _rsqrt(ops.maximum(total, scalar(epsilon, total)))
    return wrap(ops.multiply(v, inv))


# ---------------------------------------------------------------------------------------
# monotonicity, polynomials
# ---------------------------------------------------------------------------------------
def _pairs(x: Any, fn: Any) -> Any:
    flat = ops.reshape(native(x), (-1,))
    if flat.shape[0] < 2:
        return wrap(ops.asarray(True))
    return wrap(
        ops.all(fn(ops.get_item(flat, slice(None, -1)), ops.get_item(flat, slice(1, None))))
    )


def is_non_decreasing(x: Any, name: Any = None) -> Any:
    return _pairs(x, lambda a, b: ops.less_equal(a, b))


def is_strictly_increasing(x: Any, name: Any = None) -> Any:
    return _pairs(x, lambda a, b: ops.less(a, b))


def polyval(coeffs: Any, x: Any, name: Any = None) -> Any:
    """tf.math.polyval: Horner's scheme over the list of coefficients."""
    if not isinstance(coeffs, (list, tuple)):
        raise ValueError(f"Argument coeffs must be list type found {type(coeffs)}.")
    v = native(x)
    if not coeffs:
        return wrap(ops.zeros_like(v))
    total = native(coeffs[0], dtype_of(v))
    for c in coeffs[1:]:
        total = ops.add(ops.multiply(total, v), native(c, dtype_of(v)))
    return wrap(total)


# ---------------------------------------------------------------------------------------
# top_k, in_top_k, approx_*_k
# ---------------------------------------------------------------------------------------
TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])


def top_k(input: Any, k: Any = 1, sorted: bool = True, index_type: Any = "int32",
          name: Any = None) -> Any:  # fmt: skip
    """tf.math.top_k: the ``k`` largest along the last axis; ties to the lower index."""
    x = native(input)
    check("math.top_k", x)
    k = host_int(k)
    if len(x.shape) < 1:
        raise errors.invalid_argument("input must be >= 1-D, got shape []", "TopKV2")
    if k < 0:
        raise errors.invalid_argument(f"Need k >= 0, got {k}", "TopKV2")
    if x.shape[-1] < k:
        raise errors.invalid_argument(
            f"input must have at least k columns. Had {x.shape[-1]}, needed {k}", "TopKV2"
        )
    values, indices = ops.topk(x, k, axis=-1)
    return TopKV2(wrap(values), wrap(ops.astype(indices, as_core(index_type))))


def approx_max_k(operand: Any, k: int, reduction_dimension: int = -1, recall_target: float = 0.95,
                 reduction_input_size_override: int = -1, aggregate_to_topk: bool = True,
                 name: Any = None) -> Any:  # fmt: skip
    """tf.math.approx_max_k: exact on CPU (as TF's CPU kernel)."""
    x = native(operand)
    values, indices = ops.topk(x, int(k), axis=int(reduction_dimension))
    return wrap(values), wrap(ops.astype(indices, core.int32))


def approx_min_k(operand: Any, k: int, reduction_dimension: int = -1, recall_target: float = 0.95,
                 reduction_input_size_override: int = -1, aggregate_to_topk: bool = True,
                 name: Any = None) -> Any:  # fmt: skip
    x = native(operand)
    values, indices = ops.topk(x, int(k), axis=int(reduction_dimension), largest=False)
    return wrap(values), wrap(ops.astype(indices, core.int32))


def in_top_k(targets: Any, predictions: Any, k: Any, name: Any = None) -> Any:
    """tf.math.in_top_k: whether ``predictions[i, targets[i]]`` has fewer than ``k``
    strictly larger entries in its row (False where a row holds a non-finite value)."""
    p = native(predictions)
    if dtype_of(p) != core.float32:
        check("math.in_top_k", p)
    ids = native(targets)
    k = host_int(k)
    target = ops.take_along_axis(p, ops.expand_dims(ops.astype(ids, core.int64), axis=1), axis=1)
    larger = ops.sum(ops.astype(ops.greater(p, target), core.int64), axis=1)
    finite = ops.all(ops.isfinite(p), axis=1)
    inside = ops.logical_and(
        ops.less_equal(ops.asarray(0, dtype=dtype_of(ids)), ids),
        ops.less(ids, ops.asarray(p.shape[1], dtype=dtype_of(ids))),
    )
    return wrap(ops.logical_and(ops.logical_and(ops.less(larger, k), finite), inside))


# ---------------------------------------------------------------------------------------
# bincount, confusion matrix
# ---------------------------------------------------------------------------------------
def _bincount(values: Any, size: int, weights: Any, dtype: core.Dtype, binary: bool) -> Any:
    flat = ops.reshape(values, (-1,))
    bins = ops.arange(size, dtype=dtype_of(flat))
    hits = ops.equal(ops.expand_dims(flat, axis=1), ops.expand_dims(bins, axis=0))
    if binary:
        return ops.astype(ops.any(hits, axis=0), dtype)
    if weights is None:
        return ops.astype(ops.sum(ops.astype(hits, core.int64), axis=0), dtype)
    w = ops.reshape(weights, (-1, 1))
    return ops.sum(ops.where(hits, w, ops.zeros_like(w)), axis=0, dtype=dtype_of(w))


def bincount(arr: Any, weights: Any = None, minlength: Any = None, maxlength: Any = None,
             dtype: Any = "int32", name: Any = None, axis: Any = None,
             binary_output: bool = False) -> Any:  # fmt: skip
    """tf.math.bincount: the length is ``max(arr) + 1`` (read on the host, as TF sizes
    its output), at least ``minlength``, at most ``maxlength``; ``axis=-1`` counts per
    row. Negative values are TF's InvalidArgumentError."""
    a = native(arr)
    values = host(a)
    if values.size and values.min() < 0:
        raise errors.invalid_argument(
            "Input arr must be non-negative! [Op:DenseBincount]", "DenseBincount"
        )
    size = int(values.max()) + 1 if values.size else 0
    if minlength is not None:
        size = builtins.max(size, host_int(minlength))
    if maxlength is not None:
        size = builtins.min(size, host_int(maxlength))
    w = None if weights is None else native(weights)
    out = as_core(dtype) if w is None else dtype_of(w)
    if axis is not None and host_int(axis) in (-1, len(a.shape) - 1) and len(a.shape) == 2:
        rows = [
            _bincount(
                ops.get_item(a, i),
                size,
                None if w is None else ops.get_item(w, i),
                out,
                binary_output,
            )
            for i in builtins.range(a.shape[0])
        ]
        return wrap(ops.stack(rows) if rows else ops.zeros((0, size), dtype=out))
    return wrap(_bincount(a, size, w, out, binary_output))


def confusion_matrix(labels: Any, predictions: Any, num_classes: Any = None, weights: Any = None,
                     dtype: Any = "int32", name: Any = None) -> Any:  # fmt: skip
    """tf.math.confusion_matrix: ``[label, prediction]`` counts (or summed weights)."""
    lab = ops.astype(ops.reshape(native(labels), (-1,)), core.int64)
    pred = ops.astype(ops.reshape(native(predictions), (-1,)), core.int64)
    if num_classes is None:
        both = numpy.concatenate([host(lab), host(pred)])
        n = int(both.max()) + 1 if both.size else 0
    else:
        n = host_int(num_classes)
    target = as_core(dtype)
    index = ops.add(ops.multiply(lab, n), pred)
    w = None if weights is None else ops.reshape(native(weights, dtype), (-1,))
    counts = _bincount(index, n * n, w, target, False)
    return wrap(cast_native(ops.reshape(counts, (n, n)), target))


# ---------------------------------------------------------------------------------------
# segment ops
# ---------------------------------------------------------------------------------------
_SEGMENT = {"sum": ("add", 0), "prod": ("multiply", 1), "max": ("amax", None),
            "min": ("amin", None)}  # fmt: skip


def _segment(data: Any, ids: Any, count: int, how: str, empty: Any) -> Any:
    """Combine the rows of ``data`` that share a segment id (``ids`` of shape
    ``data.shape[:ids.ndim]``) into ``count`` rows; empty segments hold ``empty``."""
    dtype = dtype_of(data)
    rank = len(ids.shape)
    rows = int(numpy.prod(ids.shape))
    flat = ops.reshape(data, (rows, *data.shape[rank:]))
    index = ops.astype(ops.reshape(ids, (rows,)), core.int64)
    valid = ops.logical_and(
        ops.greater_equal(index, ops.asarray(0, dtype=core.int64)),
        ops.less(index, ops.asarray(count, dtype=core.int64)),
    )
    reduce, neutral = _SEGMENT[how]
    if neutral is None:
        # TF's numeric_limits lowest/max (finite for floats)
        if dtype.kind == "f":
            info = numpy.finfo(str(dtype)) if dtype != core.bfloat16 else None
            big = float(info.max) if info is not None else 3.3895313892515355e38
            neutral = -big if how == "max" else big
        else:
            neutral = lowest(dtype) if how == "max" else highest(dtype)
    index = ops.where(valid, index, ops.zeros_like(index))
    tail = tuple(flat.shape[1:])
    shaped = ops.reshape(index, (rows,) + (1,) * len(tail))
    shaped = ops.broadcast_to(shaped, tuple(flat.shape))
    fill = ops.full(tuple(flat.shape), neutral, dtype=dtype)
    keep = ops.reshape(valid, (rows,) + (1,) * len(tail))
    source = ops.where(keep, flat, fill)
    base = ops.full((count, *tail), neutral, dtype=dtype)
    result = ops.scatter(base, 0, shaped, source, reduce=reduce)
    if empty is not None:
        hits = ops.scatter(
            ops.zeros((count,), dtype=core.int64), 0, index, ops.astype(valid, core.int64),
            reduce="add",
        )  # fmt: skip
        filled = ops.reshape(ops.greater(hits, 0), (count,) + (1,) * len(tail))
        result = ops.where(filled, result, ops.full_like(result, empty))
    return result


def _segment_count(ids: Any, count: int, dtype: core.Dtype) -> Any:
    index = ops.astype(ops.reshape(ids, (-1,)), core.int64)
    valid = ops.logical_and(
        ops.greater_equal(index, ops.asarray(0, dtype=core.int64)),
        ops.less(index, ops.asarray(count, dtype=core.int64)),
    )
    index = ops.where(valid, index, ops.zeros_like(index))
    hits = ops.scatter(
        ops.zeros((count,), dtype=core.int64), 0, index, ops.astype(valid, core.int64),
        reduce="add",
    )  # fmt: skip
    return ops.astype(hits, dtype)


def _sorted_ids(data: Any, segment_ids: Any, op: str) -> tuple[Any, Any, int]:
    x = native(data)
    ids = native(segment_ids)
    if dtype_of(ids) not in (core.int32, core.int64, core.int16):
        raise errors.invalid_argument(
            f"Value for attr 'Tindices' of {dtype_of(ids)} is not in the list of allowed "
            "values: int32, int64",
            op,
        )
    if len(ids.shape) != 1:
        raise errors.invalid_argument("segment_ids should be a vector.", op)
    if not x.shape or ids.shape[0] != x.shape[0]:
        raise errors.invalid_argument(
            "segment_ids should be the same size as dimension 0 of input.", op
        )
    values = host(ids)
    if values.size and ((numpy.diff(values) < 0).any() or values.min() < 0):
        raise errors.invalid_argument(
            "segment ids are not increasing" if values.min() >= 0 else
            "segment ids must be >= 0", op,
        )  # fmt: skip
    count = int(values[-1]) + 1 if values.size else 0
    return x, ids, count


def _segment_function(how: str, op: str) -> Any:
    def segment(data: Any, segment_ids: Any, name: Any = None) -> Any:
        x, ids, count = _sorted_ids(data, segment_ids, op)
        check(f"math.segment_{how}", x)
        if how == "mean":
            total = _segment(x, ids, count, "sum", 0)
            n = _segment_count(ids, count, dtype_of(x))
            n = ops.reshape(n, (count,) + (1,) * (len(x.shape) - 1))
            return wrap(
                ops.where(
                    ops.equal(n, ops.zeros_like(n)), ops.zeros_like(total), _divide_like(total, n)
                )
            )
        return wrap(_segment(x, ids, count, how, 0 if how in ("max", "min") else None))

    segment.__name__ = segment.__qualname__ = f"segment_{how}"
    return segment


def _divide_like(total: Any, n: Any) -> Any:
    if dtype_of(total).kind in "iu":
        safe = ops.where(ops.equal(n, ops.zeros_like(n)), ops.ones_like(n), n)
        quotient = ops.floor_divide(ops.abs(total), safe)
        return ops.where(ops.less(total, ops.zeros_like(total)), ops.negative(quotient), quotient)
    return ops.divide(total, n)


segment_sum = _segment_function("sum", "SegmentSum")
segment_prod = _segment_function("prod", "SegmentProd")
segment_max = _segment_function("max", "SegmentMax")
segment_min = _segment_function("min", "SegmentMin")
segment_mean = _segment_function("mean", "SegmentMean")


def _unsorted(data: Any, segment_ids: Any, num_segments: Any, op: str) -> tuple[Any, Any, int]:
    x = native(data)
    ids = native(segment_ids)
    count = host_int(num_segments)
    if tuple(x.shape[: len(ids.shape)]) != tuple(ids.shape):
        raise errors.invalid_argument(
            f"data.shape = {list(x.shape)} does not start with segment_ids.shape = "
            f"{list(ids.shape)}", op,
        )  # fmt: skip
    values = host(ids)
    if values.size and values.max() >= count:
        raise errors.invalid_argument(
            f"segment_ids[{int(values.argmax())}] = {int(values.max())} is out of range "
            f"[0, {count})", op,
        )  # fmt: skip
    return x, ids, count


def _unsorted_function(how: str, op: str) -> Any:
    def segment(data: Any, segment_ids: Any, num_segments: Any, name: Any = None) -> Any:
        x, ids, count = _unsorted(data, segment_ids, num_segments, op)
        check(f"math.unsorted_segment_{how}", x)
        tail = (count,) + (1,) * (len(x.shape) - len(ids.shape))
        if how in ("mean", "sqrt_n"):
            total = _segment(x, ids, count, "sum", None)
            n = ops.reshape(_segment_count(ids, count, dtype_of(x)), tail)
            if how == "sqrt_n":
                n = ops.sqrt(n)
            one = ops.maximum(n, ops.ones_like(n))
            return wrap(_divide_like(total, one))
        return wrap(_segment(x, ids, count, how, None))

    segment.__name__ = segment.__qualname__ = f"unsorted_segment_{how}"
    return segment


unsorted_segment_sum = _unsorted_function("sum", "UnsortedSegmentSum")
unsorted_segment_prod = _unsorted_function("prod", "UnsortedSegmentProd")
unsorted_segment_max = _unsorted_function("max", "UnsortedSegmentMax")
unsorted_segment_min = _unsorted_function("min", "UnsortedSegmentMin")
unsorted_segment_mean = _unsorted_function("mean", "UnsortedSegmentMean")
unsorted_segment_sqrt_n = _unsorted_function("sqrt_n", "UnsortedSegmentSqrtN")


# ---------------------------------------------------------------------------------------
# matmul
# ---------------------------------------------------------------------------------------
@tf_function("a", "b", op="MatMul")
def matmul(a: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False,
           adjoint_a: bool = False, adjoint_b: bool = False, a_is_sparse: bool = False,
           b_is_sparse: bool = False, output_type: Any = None, grad_a: bool = False,
           grad_b: bool = False, name: Any = None) -> Any:  # fmt: skip
    if transpose_a or adjoint_a:
        a = ops.matrix_transpose(ops.conj(a) if adjoint_a else a)
    if transpose_b or adjoint_b:
        b = ops.matrix_transpose(ops.conj(b) if adjoint_b else b)
    return t.matmul_native(a, b)


from frontends.tensorflow import _math_special as special  # noqa: E402,F401
