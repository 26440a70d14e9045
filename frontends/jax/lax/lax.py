"""``jax.lax``'s elementwise, shape, reduction and sorting operations on ``core.native``.

lax does not promote: mismatched dtypes raise TypeError (``_base.same_dtypes``), Python
scalars are weak values of their default dtype, and ops whose dtype rule rejects a kind
(``lax.sin`` of an int) raise as real lax does. Results are weak only when every operand
is weak. Integer division and remainder round toward zero (C semantics, as XLA).
"""

from __future__ import annotations

import builtins
import enum
import math
from collections.abc import Callable, Sequence
from typing import Any

import core
from core import native as ops
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array
from frontends.jax._src.fast import fast
from frontends.jax.lax._base import (
    all_weak,
    asarray,
    canonical_dtype,
    check_kinds,
    fresh_untracked,
    same_dtypes,
    weak_as,
    wrap,
)
from frontends.jax.lax._base import axis as _axis
from frontends.jax.lax._base import broadcast_shapes as _check_shapes


def _late(name: str) -> Any:
    """``core.native.<name>`` looked up at call time (the autodiff engine rebinds
    core.native's functions to recording ones while it differentiates)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(ops, name)(*args, **kwargs)

    call.__name__ = name
    call.core_name = name  # type: ignore[attr-defined]
    return call


# --------------------------------------------------------------------- enums
class Precision(enum.Enum):
    """``lax.Precision``: accepted and ignored (the backends compute at full precision)."""

    DEFAULT = 0
    HIGH = 1
    HIGHEST = 2


class RoundingMethod(enum.IntEnum):
    AWAY_FROM_ZERO = 0
    TO_NEAREST_EVEN = 1


PrecisionLike = Any
DotDimensionNumbers = tuple


# --------------------------------------------------------------------- elementwise
_FC, _IUFC, _INT, _BINT = "fc", "iufc", "iu", "biu"


def _unary(name: str, fn: Callable[[Any], Any], kinds: str, doc: str | None = None) -> Callable:
    def op(x: Any) -> Array:
        a = asarray(x, name)
        check_kinds(name, a, kinds)
        return wrap(fn(a.native), a.weak_type)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc or f"``lax.{name}``."
    core_name = getattr(fn, "core_name", None)
    return fast(core_name, "x", scalars=False)(op) if core_name else op


def _binary(
    name: str, fn: Callable[[Any, Any], Any], kinds: str, tip: str | None = None
) -> Callable:
    def op(x: Any, y: Any) -> Array:
        a, b = asarray(x, name, 0), asarray(y, name, 1)
        same_dtypes(name, (a, b), tip)
        check_kinds(name, a, kinds)
        _check_shapes(name, (a, b))
        return wrap(fn(a.native, b.native), a.weak_type and b.weak_type)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"``lax.{name}``: operands of one dtype (no promotion)."
    return op


def _compare(name: str, fn: Callable[[Any, Any], Any], tip: str) -> Callable:
    def op(x: Any, y: Any) -> Array:
        a, b = asarray(x, name, 0), asarray(y, name, 1)
        same_dtypes(name, (a, b), tip)
        _check_shapes(name, (a, b))
        return wrap(fn(a.native, b.native))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"``lax.{name}``: a bool array; operands of one dtype."
    return op


def _rsqrt(x: Any) -> Any:
    return ops.reciprocal(ops.sqrt(x))


def _cbrt(x: Any) -> Any:
    return ops.multiply(
        ops.sign(x), ops.pow(ops.abs(x), ops.asarray(1 / 3, dtype=core.as_core_dtype(x.dtype)))
    )


def _bitwise_not(x: Any) -> Any:
    if core.as_core_dtype(x.dtype) == "bool":
        return ops.logical_not(x)
    return ops.bitwise_invert(x)


def _logistic(x: Any) -> Any:
    if core.as_core_dtype(x.dtype).kind == "c":  # no backend's sigmoid takes complex
        one = ops.asarray(1, dtype=core.as_core_dtype(x.dtype))
        return ops.reciprocal(ops.add(one, ops.exp(ops.negative(x))))
    return ops.sigmoid(x)


_logistic.core_name = "sigmoid"  # type: ignore[attr-defined]


def _abs(x: Any) -> Any:
    return ops.abs(x)


abs = _unary("abs", _abs, "iufc")
acos = _unary("acos", _late("acos"), _FC)
acosh = _unary("acosh", _late("acosh"), _FC)
asin = _unary("asin", _late("asin"), _FC)
asinh = _unary("asinh", _late("asinh"), _FC)
atan = _unary("atan", _late("atan"), _FC)
atanh = _unary("atanh", _late("atanh"), _FC)
cbrt = _unary("cbrt", _cbrt, "f")
ceil = _unary("ceil", _late("ceil"), "f")
floor = _unary("floor", _late("floor"), "f")
cos = _unary("cos", _late("cos"), _FC)
cosh = _unary("cosh", _late("cosh"), _FC)
sin = _unary("sin", _late("sin"), _FC)
sinh = _unary("sinh", _late("sinh"), _FC)
tan = _unary("tan", _late("tan"), _FC)
tanh = _unary("tanh", _late("tanh"), _FC)
exp = _unary("exp", _late("exp"), _FC)
exp2 = _unary("exp2", _late("exp2"), _FC)
expm1 = _unary("expm1", _late("expm1"), _FC)
log = _unary("log", _late("log"), _FC)
log1p = _unary("log1p", _late("log1p"), _FC)
logistic = _unary("logistic", _logistic, _FC)
neg = _unary("neg", _late("negative"), _IUFC)
sign = _unary("sign", _late("sign"), _IUFC)
sqrt = _unary("sqrt", _late("sqrt"), _FC)
rsqrt = _unary("rsqrt", _rsqrt, _FC)
square = _unary("square", _late("square"), _IUFC)
is_finite = _unary("is_finite", _late("isfinite"), "f")
bitwise_not = _unary("bitwise_not", _bitwise_not, _BINT)
erf = _unary("erf", _late("erf"), "f")
erfc = _unary("erfc", _late("erfc"), "f")
erf_inv = _unary("erf_inv", _late("erfinv"), "f")
lgamma = _unary("lgamma", _late("lgamma"), "f")
digamma = _unary("digamma", _late("digamma"), "f")


def conj(x: Any) -> Array:
    """``lax.conj``: float32/float64 or complex input, a complex result (as lax)."""
    a = asarray(x, "conj")
    if a._dtype.kind != "c" and a._dtype not in ("float32", "float64"):
        raise TypeError(
            f"conj does not accept dtype {a.dtype.name}. Accepted dtypes are subtypes of "
            "float32, complexfloating, float64."
        )
    out = ops.astype(a.native, _COMPLEX_OF.get(a._dtype, a._dtype))
    return wrap(ops.conj(out), a.weak_type)


_COMPLEX_OF = {core.Dtype("float32"): core.Dtype("complex64"),
               core.Dtype("float64"): core.Dtype("complex128")}  # fmt: skip


def is_finite(x: Any) -> Array:  # noqa: F811 - a bool result, never weak
    """``lax.is_finite``: a bool array (floats only)."""
    a = asarray(x, "is_finite")
    check_kinds("is_finite", a, "f")
    return wrap(ops.isfinite(a.native))


def real(x: Any) -> Array:
    """``lax.real``: complex input only, as lax."""
    a = asarray(x, "real")
    check_kinds("real", a, "c")
    return wrap(ops.real(a.native), a.weak_type)


def imag(x: Any) -> Array:
    """``lax.imag``: complex input only, as lax."""
    a = asarray(x, "imag")
    check_kinds("imag", a, "c")
    return wrap(ops.imag(a.native), a.weak_type)


def reciprocal(x: Any) -> Array:
    """``lax.reciprocal``: ``integer_pow(x, -1)``."""
    return integer_pow(x, -1)


def round(x: Any, rounding_method: Any = RoundingMethod.AWAY_FROM_ZERO) -> Array:
    """``lax.round``: halves away from zero by default, or to nearest even."""
    a = asarray(x, "round")
    check_kinds("round", a, "f")
    v = a.native
    even = ops.round(v)
    if int(rounding_method) == RoundingMethod.TO_NEAREST_EVEN:
        return wrap(even, a.weak_type)
    t = ops.trunc(v)
    half = ops.equal(ops.abs(ops.subtract(v, t)), ops.asarray(0.5, dtype=a._dtype))
    return wrap(ops.where(half, ops.add(t, ops.sign(v)), even), a.weak_type)


def _trunc_div(x: Any, y: Any) -> Any:
    if core.as_core_dtype(x.dtype).kind in "fc":
        return ops.divide(x, y)
    if core.as_core_dtype(x.dtype).kind == "u":
        return ops.floor_divide(x, y)
    q = ops.floor_divide(x, y)
    r = ops.subtract(x, ops.multiply(q, y))
    fix = ops.logical_and(
        ops.not_equal(r, ops.zeros_like(r)), ops.not_equal(ops.less(x, 0), ops.less(y, 0))
    )
    return ops.where(fix, ops.add(q, ops.ones_like(q)), q)


def _rem(x: Any, y: Any) -> Any:
    return ops.fmod(x, y)


def _shift_mask(y: Any, bits: int) -> Any:
    return ops.logical_or(ops.less(y, 0), ops.greater_equal(y, bits))


def _shift_left(x: Any, y: Any) -> Any:
    bits = core.as_core_dtype(x.dtype).itemsize * 8
    safe = ops.clip(y, 0, bits - 1)
    return ops.where(_shift_mask(y, bits), ops.zeros_like(x), ops.bitwise_left_shift(x, safe))


def _unsigned(dtype: core.Dtype) -> core.Dtype:
    return core.Dtype("uint" + str(dtype.itemsize * 8))


def _shift_right_arithmetic(x: Any, y: Any) -> Any:
    dt = core.as_core_dtype(x.dtype)
    bits = dt.itemsize * 8
    if dt.kind == "u":  # arithmetic shift of an unsigned value treats it as signed
        signed = core.Dtype("int" + str(bits))
        return ops.astype(_shift_right_arithmetic(ops.astype(x, signed), ops.astype(y, signed)), dt)
    safe = ops.clip(y, 0, bits - 1)
    return ops.bitwise_right_shift(x, safe)


def _shift_right_logical(x: Any, y: Any) -> Any:
    dt = core.as_core_dtype(x.dtype)
    bits = dt.itemsize * 8
    if dt.kind == "i":
        u = _unsigned(dt)
        out = _shift_right_logical(ops.astype(x, u), ops.astype(ops.clip(y, 0, bits), u))
        return ops.astype(out, dt)
    safe = ops.clip(y, 0, bits - 1)
    return ops.where(_shift_mask(y, bits), ops.zeros_like(x), ops.bitwise_right_shift(x, safe))


def _bit(logical: Callable, bitwise: Callable) -> Callable:
    def fn(x: Any, y: Any) -> Any:
        if core.as_core_dtype(x.dtype) == "bool":
            return logical(x, y)
        return bitwise(x, y)

    return fn


def _max(x: Any, y: Any) -> Any:
    if core.as_core_dtype(x.dtype).kind == "c":
        return _lexicographic(x, y, ops.greater)
    return ops.maximum(x, y)


def _min(x: Any, y: Any) -> Any:
    if core.as_core_dtype(x.dtype).kind == "c":
        return _lexicographic(x, y, ops.less)
    return ops.minimum(x, y)


def _lexicographic(x: Any, y: Any, before: Callable[[Any, Any], Any]) -> Any:
    """lax's max/min of complex numbers: ordered by the real part, then the imaginary."""
    rx, ry = ops.real(x), ops.real(y)
    first = ops.logical_or(
        before(rx, ry),
        ops.logical_and(ops.equal(rx, ry), ops.logical_not(before(ops.imag(y), ops.imag(x)))),
    )
    return ops.where(first, x, y)


add = _binary("add", _late("add"), _IUFC, "add")
sub = _binary("sub", _late("subtract"), _IUFC, "subtract")
_mul = _binary("mul", _late("multiply"), _IUFC, "multiply")


def mul(x: Any, y: Any, *, out_dtype: Any = None) -> Array:
    """``lax.mul``: operands of one dtype; ``out_dtype`` converts them first (as lax)."""
    if out_dtype is None:
        return _mul(x, y)
    dt = canonical_dtype(out_dtype)
    a, b = asarray(x, "mul", 0), asarray(y, "mul", 1)
    same_dtypes("mul", (a, b), "multiply")
    a, b = (wrap(ops.astype(v.native, dt), v.weak_type) for v in (a, b))
    return _mul(a, b)


def mulhi(x: Any, y: Any, /) -> Array:
    """``lax.mulhi``: the high half of the double-width product of two integers of one
    dtype. Computed from half-width pieces in int64 (no backend has a 128-bit or
    uniformly supported uint64 multiply), so 64-bit operands are left out."""
    a, b = asarray(x, "mulhi", 0), asarray(y, "mulhi", 1)
    same_dtypes("mulhi", (a, b))
    check_kinds("mulhi", a, _INT)
    _check_shapes("mulhi", (a, b))
    bits = a._dtype.bits
    if bits > 32:
        raise core.UnsupportedDtypeError(
            f"lax.mulhi of {a.dtype.name} needs a 128-bit product; 64-bit operands are left out"
        )
    i64 = core.Dtype("int64")
    mask = (1 << bits) - 1
    u = [ops.bitwise_and(ops.astype(v.native, i64), mask) for v in (a, b)]
    half, low = bits // 2, (1 << (bits // 2)) - 1
    (a0, a1), (b0, b1) = ((ops.bitwise_and(v, low), ops.bitwise_right_shift(v, half)) for v in u)
    p00, p01, p10 = ops.multiply(a0, b0), ops.multiply(a0, b1), ops.multiply(a1, b0)
    mid = ops.add(ops.bitwise_right_shift(p00, half),
                  ops.add(ops.bitwise_and(p01, low), ops.bitwise_and(p10, low)))  # fmt: skip
    hi = ops.add(
        ops.add(ops.multiply(a1, b1), ops.bitwise_right_shift(p01, half)),
        ops.add(ops.bitwise_right_shift(p10, half), ops.bitwise_right_shift(mid, half)),
    )
    if a._dtype.kind == "i":  # the signed product's high half, from the unsigned one
        zero = ops.zeros_like(hi)
        hi = ops.subtract(hi, ops.where(ops.less(a.native, 0), u[1], zero))
        hi = ops.subtract(hi, ops.where(ops.less(b.native, 0), u[0], zero))
        hi = ops.bitwise_and(hi, mask)
        hi = ops.where(ops.greater_equal(hi, 1 << (bits - 1)), ops.subtract(hi, 1 << bits), hi)
    return wrap(ops.astype(hi, a._dtype), a.weak_type and b.weak_type)


def reduce_precision(operand: Any, exponent_bits: int, mantissa_bits: int) -> Array:
    """``lax.reduce_precision``: rounded (to nearest even) to ``mantissa_bits`` and, with
    fewer ``exponent_bits``, overflowing to inf and underflowing to zero, as XLA's
    ReducePrecision does on the float's bits."""
    a = asarray(operand, "reduce_precision")
    check_kinds("reduce_precision", a, "f")
    dt = a._dtype
    ints = core.Dtype(f"int{dt.bits}")
    man = -builtins.round(math.log2(core.finfo(dt).eps))  # stored mantissa bits
    exp_total = dt.bits - 1 - man
    bits = ops.bitcast(a.native, ints)

    def const(value: int) -> Any:  # a bit pattern as the signed integer of that width
        value &= (1 << dt.bits) - 1
        return ops.asarray(value - (1 << dt.bits) if value >> (dt.bits - 1) else value,
                           dtype=ints)  # fmt: skip

    if mantissa_bits < man:
        last = 1 << (man - mantissa_bits)
        last_bit = ops.bitwise_right_shift(ops.bitwise_and(bits, const(last)), man - mantissa_bits)
        bias = ops.add(last_bit, const((last >> 1) - 1))
        bits = ops.bitwise_and(ops.add(bits, bias), const(~(last - 1)))
    if exponent_bits < exp_total:
        sign_mask, exp_mask = const(1 << (dt.bits - 1)), const(((1 << exp_total) - 1) << man)
        bias, reduced = (1 << (exp_total - 1)) - 1, (1 << (exponent_bits - 1)) - 1
        exponent = ops.bitwise_and(bits, exp_mask)
        signed_zero = ops.bitwise_and(bits, sign_mask)
        bits = ops.where(
            ops.greater(exponent, const((bias + reduced) << man)),
            ops.bitwise_or(signed_zero, exp_mask),
            ops.where(ops.less_equal(exponent, const((bias - reduced) << man)), signed_zero, bits),
        )
    out = ops.bitcast(bits, dt)
    if mantissa_bits > 0:
        out = ops.where(ops.isnan(a.native), a.native, out)
    return wrap(out, a.weak_type)


div = _binary("div", _trunc_div, _IUFC, "divide")
rem = _binary("rem", _rem, "iuf", "remainder")
max = _binary("max", _max, "biufc", "maximum")
min = _binary("min", _min, "biufc", "minimum")
atan2 = _binary("atan2", _late("atan2"), "f", "arctan2")
nextafter = _binary("nextafter", _late("nextafter"), "f", "nextafter")
bitwise_and = _binary(
    "bitwise_and", _bit(_late("logical_and"), _late("bitwise_and")), _BINT, "bitwise_and"
)
bitwise_or = _binary(
    "bitwise_or", _bit(_late("logical_or"), _late("bitwise_or")), _BINT, "bitwise_or"
)
bitwise_xor = _binary(
    "bitwise_xor", _bit(_late("logical_xor"), _late("bitwise_xor")), _BINT, "bitwise_xor"
)
shift_left = _binary("shift_left", _shift_left, _INT, "left_shift")
shift_right_arithmetic = _binary(
    "shift_right_arithmetic", _shift_right_arithmetic, _INT, "right_shift"
)
shift_right_logical = _binary("shift_right_logical", _shift_right_logical, _INT, "right_shift")
eq = _compare("eq", _late("equal"), "equal")
ne = _compare("ne", _late("not_equal"), "not_equal")
lt = _compare("lt", _late("less"), "less")
le = _compare("le", _late("less_equal"), "less_equal")
gt = _compare("gt", _late("greater"), "greater")
ge = _compare("ge", _late("greater_equal"), "greater_equal")


def pow(x: Any, y: Any) -> Array:
    """``lax.pow``: a float/complex base; the exponent of the same dtype or an integer."""
    a, b = asarray(x, "pow", 0), asarray(y, "pow", 1)
    check_kinds("pow", a, _FC)
    if b._dtype.kind in "iu":
        exponent = b.native
        if b.weak_type:
            exponent = ops.astype(exponent, a._dtype)
        _check_shapes("pow", (a, b))
        return wrap(ops.pow(a.native, ops.astype(exponent, a._dtype)), a.weak_type)
    same_dtypes("pow", (a, b), "power")
    _check_shapes("pow", (a, b))
    return wrap(ops.pow(a.native, b.native), a.weak_type and b.weak_type)


def integer_pow(x: Any, y: int) -> Array:
    """``lax.integer_pow``: ``x ** y`` for a static integer ``y`` by repeated squaring
    (as XLA; integers raised to negative powers raise)."""
    a = asarray(x, "integer_pow")
    check_kinds("integer_pow", a, _IUFC)
    if not isinstance(y, builtins.int) and not hasattr(y, "__index__"):
        raise TypeError(f"integer_pow's exponent must be a Python integer, got {y!r}")
    y = int(y)
    if y < 0 and a._dtype.kind in "iu":
        raise TypeError(
            f"Integers cannot be raised to negative powers, got integer_pow("
            f"{a._dtype}{list(a.shape)}, {y})"
        )
    v = a.native
    if y == 0:
        return wrap(ops.ones_like(v), a.weak_type)
    acc = None
    base = v
    n = builtins.abs(y)
    while n:
        if n & 1:
            acc = base if acc is None else ops.multiply(acc, base)
        n >>= 1
        if n:
            base = ops.multiply(base, base)
    if y < 0:
        acc = ops.reciprocal(acc)
    return wrap(acc, a.weak_type)


def complex(x: Any, y: Any) -> Array:
    """``lax.complex``: ``x + 1j*y`` from two float arrays of one dtype."""
    a, b = asarray(x, "complex", 0), asarray(y, "complex", 1)
    same_dtypes("complex", (a, b))
    if a._dtype not in ("float32", "float64"):
        raise TypeError(
            f"complex does not accept dtype {a.dtype} at position 0. Accepted dtypes at "
            "position 0 are subtypes of float32, float64."
        )
    cdt = core.Dtype("complex128" if a._dtype == "float64" else "complex64")
    re = ops.astype(a.native, cdt)
    im = ops.multiply(ops.astype(b.native, cdt), ops.asarray(1j, dtype=cdt))
    return wrap(ops.add(re, im), a.weak_type and b.weak_type)


def clamp(min: Any, x: Any, max: Any) -> Array:
    """``lax.clamp(min, x, max)``: bounds of ``x``'s dtype (scalars or ``x``'s shape)."""
    lo, a, hi = asarray(min, "clamp", 0), asarray(x, "clamp", 1), asarray(max, "clamp", 2)
    same_dtypes("clamp", (lo, a, hi))
    for label, bound in (("min", lo), ("max", hi)):
        if bound.shape and bound.shape != a.shape:
            raise TypeError(
                f"clamp requires {label}.shape == operand.shape or {label}.shape == (), got "
                f"{label}.shape={bound.shape}, operand.shape={a.shape}."
            )
    return wrap(ops.minimum(ops.maximum(a.native, lo.native), hi.native), a.weak_type)


def population_count(x: Any) -> Array:
    """``lax.population_count``: set bits of each integer."""
    a = asarray(x, "population_count")
    check_kinds("population_count", a, _INT)
    dt = a._dtype
    bits = dt.itemsize * 8
    u = ops.astype(a.native, _unsigned(dt)) if dt.kind == "i" else a.native
    count = ops.zeros_like(u)
    one = ops.asarray(1, dtype=core.as_core_dtype(u.dtype))
    for i in range(bits):
        count = ops.add(count, ops.bitwise_and(ops.bitwise_right_shift(u, i), one))
    return wrap(ops.astype(count, dt), a.weak_type)


def clz(x: Any) -> Array:
    """``lax.clz``: leading zero bits of each integer."""
    a = asarray(x, "clz")
    check_kinds("clz", a, _INT)
    dt = a._dtype
    bits = dt.itemsize * 8
    udt = _unsigned(dt)
    u = ops.astype(a.native, udt) if dt.kind == "i" else a.native
    count = ops.full(tuple(u.shape), bits, dtype=udt)
    for i in range(bits):
        set_ = ops.not_equal(ops.bitwise_right_shift(u, i), ops.asarray(0, dtype=udt))
        count = ops.where(set_, ops.asarray(bits - 1 - i, dtype=udt), count)
    return wrap(ops.astype(count, dt), a.weak_type)


# --------------------------------------------------------------------- types
def convert_element_type(operand: Any, new_dtype: Any) -> Array:
    """``lax.convert_element_type``: floats to ints truncate toward zero; complex to real
    drops the imaginary part (as lax)."""
    a = asarray(operand, "convert_element_type")
    if isinstance(new_dtype, (core.Dtype,)) or new_dtype is not None:
        dt = canonical_dtype(new_dtype)
    else:
        dt = a._dtype
    v = a.native
    if a._dtype.kind == "c" and dt.kind != "c":
        v = ops.real(v)
    if a._dtype.kind == "f" and dt.kind in "iu":
        v = ops.trunc(v)
    if dt == "bool":
        return wrap(ops.not_equal(v, ops.zeros_like(v)))
    return wrap(ops.astype(v, dt), False)


def bitcast_convert_type(operand: Any, new_dtype: Any) -> Array:
    """``lax.bitcast_convert_type``: the same bits as ``new_dtype``; to a narrower type a
    last axis of the width ratio is added, to a wider one the last axis (that ratio) is
    dropped."""
    a = asarray(operand, "bitcast_convert_type")
    target = canonical_dtype(new_dtype)
    source = a._dtype
    if source != target and {source.kind, target.kind} & {"b", "c"}:
        raise TypeError(
            "lax.bitcast_convert_type does not support bool or complex values unless the "
            f"operand and destination types match. Got operand dtype={source}, "
            f"new_dtype=dtype('{target}'). Consider using the arr.view() method instead."
        )
    if source.itemsize < target.itemsize and (
        not a.shape or a.shape[-1] * source.bits != target.bits
    ):
        count = a.shape[-1] if a.shape else 1
        raise ValueError(
            f"Attempting to convert array of shape {a.shape} from {source} of size "
            f"{source.bits} bits to {target} of size {target.bits}, bits but "
            f"{count} * {source.bits} != {target.bits}"
        )
    return wrap(ops.bitcast(a.native, target), False)


def dtype(x: Any, *, canonicalize: bool = False) -> Any:
    """``lax.dtype``: the numpy dtype of a value (x64 mode applied)."""
    return asarray(x).dtype


def stop_gradient(x: Any) -> Any:
    """``lax.stop_gradient``: the same values (over a pytree), cut from the autodiff graph."""
    from frontends.jax import tree_util

    def cut(v: Any) -> Any:
        a = asarray(v, "stop_gradient")
        return Array._wrap(fresh_untracked(a.native), a.weak_type, a._dtype)

    return tree_util.tree_map(cut, x)


# --------------------------------------------------------------------- shapes
def _shape(shape: Any, name: str | None = None) -> tuple[int, ...]:
    """A shape as a tuple of ints; with ``name``, negative sizes raise lax's TypeError."""
    out = (shape,) if isinstance(shape, int) else tuple(int(s) for s in shape)
    if name is not None and any(s < 0 for s in out):
        raise TypeError(f"{name} shape must have every element be nonnegative, got {out}.")
    return out


def reshape(operand: Any, new_sizes: Sequence[int], dimensions: Sequence[int] | None = None,
            sharding: Any = None) -> Array:  # fmt: skip
    """``lax.reshape``: ``dimensions`` transposes first."""
    a = asarray(operand, "reshape")
    v = a.native
    if dimensions is not None:
        dimensions = tuple(int(d) for d in dimensions)
        if sorted(dimensions) != list(range(a.ndim)):
            raise TypeError(
                f"reshape dimensions must be a permutation of operand dimensions, got "
                f"dimensions {dimensions} for shape {a.shape}."
            )
        v = ops.permute_dims(v, dimensions)
    sizes = _shape(new_sizes)
    if math.prod(sizes) != a.size:
        raise ValueError(
            f"reshape total size must be unchanged, got new_sizes {sizes} (of total size "
            f"{math.prod(sizes)}) for shape {a.shape} (of total size {a.size})."
        )
    return wrap(ops.reshape(v, sizes), a.weak_type)


def transpose(operand: Any, permutation: Sequence[int]) -> Array:
    a = asarray(operand, "transpose")
    perm = tuple(int(p) for p in permutation)
    if sorted(perm) != list(range(a.ndim)):
        raise TypeError(
            f"transpose permutation isn't a permutation of operand dimensions, got "
            f"permutation {perm} for operand shape {a.shape}."
        )
    return wrap(ops.permute_dims(a.native, perm), a.weak_type)


def squeeze(array: Any, dimensions: Sequence[int]) -> Array:
    a = asarray(array, "squeeze")
    dims = tuple(_axis(d, a.ndim) for d in dimensions)
    for d in dims:
        if a.shape[d] != 1:
            raise ValueError(
                f"cannot select an axis to squeeze out which has size not equal to one, got "
                f"shape={a.shape} and dimensions={tuple(dimensions)}"
            )
    shape = tuple(s for i, s in enumerate(a.shape) if i not in dims)
    return wrap(ops.reshape(a.native, shape), a.weak_type)


def expand_dims(array: Any, dimensions: Sequence[int]) -> Array:
    a = asarray(array, "expand_dims")
    ndim_out = a.ndim + len(dimensions)
    dims = sorted(_axis(d, ndim_out) for d in dimensions)
    if len(set(dims)) != len(dims):
        raise ValueError(f"repeated axis in lax.expand_dims: {tuple(dimensions)}")
    shape = list(a.shape)
    for d in dims:
        shape.insert(d, 1)
    return wrap(ops.reshape(a.native, tuple(shape)), a.weak_type)


def broadcast_in_dim(operand: Any, shape: Sequence[int], broadcast_dimensions: Sequence[int],
                     *, out_sharding: Any = None) -> Array:  # fmt: skip
    """``lax.broadcast_in_dim``: operand dim ``i`` becomes output dim
    ``broadcast_dimensions[i]`` (size equal or 1)."""
    a = asarray(operand, "broadcast_in_dim")
    shape = _shape(shape, "broadcast_in_dim")
    dims = tuple(int(d) for d in broadcast_dimensions)
    if (
        len(dims) != a.ndim
        or any(a.shape[i] not in (1, shape[d]) for i, d in enumerate(dims))
        or list(dims) != sorted(dims)
    ):
        raise TypeError(
            f"broadcast_in_dim operand dimension sizes must either be 1, or be equal to their "
            f"corresponding dimensions in the target broadcast shape; got operand of shape "
            f"{a.shape}, target broadcast shape {shape}, broadcast_dimensions {dims} "
        )
    inter = [1] * len(shape)
    for i, d in enumerate(dims):
        inter[d] = a.shape[i]
    v = ops.reshape(a.native, tuple(inter))
    return wrap(ops.broadcast_to(v, shape), a.weak_type)


def broadcast(operand: Any, sizes: Sequence[int], *, out_sharding: Any = None) -> Array:
    """``lax.broadcast``: new leading dimensions ``sizes``."""
    a = asarray(operand, "broadcast")
    sizes = _shape(tuple(sizes) + a.shape, "broadcast_in_dim")[: len(sizes)]
    return wrap(ops.broadcast_to(a.native, sizes + a.shape), a.weak_type)


def broadcast_to_rank(x: Any, rank: int) -> Array:
    a = asarray(x, "broadcast_to_rank")
    return wrap(ops.reshape(a.native, (1,) * (rank - a.ndim) + a.shape), a.weak_type)


def broadcast_shapes(*shapes: Sequence[int]) -> tuple[int, ...]:
    """``lax.broadcast_shapes``: numpy-style broadcasting of shapes."""
    return tuple(int(s) for s in ops.broadcast_shapes(*(tuple(s) for s in shapes)))


def collapse(operand: Any, start_dimension: int, stop_dimension: int | None = None) -> Array:
    a = asarray(operand, "collapse")
    stop = a.ndim if stop_dimension is None else _axis(stop_dimension, a.ndim + 1)
    start = _axis(start_dimension, a.ndim)
    shape = a.shape[:start] + (math.prod(a.shape[start:stop]),) + a.shape[stop:]
    return wrap(ops.reshape(a.native, shape), a.weak_type)


def concatenate(operands: Sequence[Any], dimension: int) -> Array:
    arrays = [asarray(o, "concatenate", i) for i, o in enumerate(operands)]
    if not arrays:
        raise TypeError("concatenate requires a non-empty sequences of arrays")
    same_dtypes("concatenate", arrays, "concatenate")
    shapes = ", ".join(str(tuple(a.shape)) for a in arrays)
    if len({a.ndim for a in arrays}) > 1:
        raise TypeError(
            f"Cannot concatenate arrays with different numbers of dimensions: got {shapes}."
        )
    dimension = int(dimension)
    if not 0 <= dimension < arrays[0].ndim:
        raise TypeError(
            f"concatenate dimension out of bounds: dimension {dimension} for shapes {shapes}."
        )
    if len({tuple(a.shape[:dimension] + a.shape[dimension + 1 :]) for a in arrays}) > 1:
        raise TypeError(
            "Cannot concatenate arrays with shapes that differ in dimensions other than the one "
            f"being concatenated: concatenating along dimension {dimension} for shapes {shapes}."
        )
    return wrap(ops.concat([a.native for a in arrays], axis=int(dimension)), all_weak(arrays))


def pad(operand: Any, padding_value: Any, padding_config: Sequence[tuple[int, int, int]]) -> Array:
    """``lax.pad``: (low, high, interior) per dimension; negative low/high crop."""
    a = asarray(operand, "pad", 0)
    p = asarray(padding_value, "pad", 1)
    same_dtypes("pad", (a, p))
    if p.ndim:
        raise TypeError(f"padding_value must be a scalar; got {p.shape}")
    config = [tuple(int(c) for c in cfg) for cfg in padding_config]
    if len(config) != a.ndim:
        raise ValueError(
            f"length of padding_config must equal the number of axes of operand, got "
            f"padding_config {padding_config} for operand shape {a.shape}"
        )
    result = tuple(
        lo + hi + n + builtins.max(n - 1, 0) * interior
        for n, (lo, hi, interior) in zip(a.shape, config)
    )
    if any(n < 0 for n in result):
        raise ValueError(
            f"Dimension size after padding is not at least 0, got result shape {result}, for "
            f"padding_config {tuple(config)} and operand shape {a.shape}"
        )
    return wrap(_pad_native(a.native, p.native, config), a.weak_type)


def _pad_native(v: Any, value: Any, config: Sequence[tuple[int, int, int]]) -> Any:
    """``lax.pad`` on native arrays (``value`` a 0-d native array of ``v``'s dtype)."""
    dt = core.as_core_dtype(v.dtype)
    for d, (lo, hi, interior) in enumerate(config):
        n = int(v.shape[d])
        if interior > 0 and n > 1:
            size = n + (n - 1) * interior
            shape = list(v.shape)
            shape[d] = size
            base = ops.broadcast_to(ops.astype(value, dt), tuple(shape))
            key = (slice(None),) * d + (slice(0, size, interior + 1),)
            v = ops.set_item(base, key, v)
            n = size
        if lo < 0:
            v = ops.get_item(v, (slice(None),) * d + (slice(-lo, None),))
            n += lo
            lo = 0
        if hi < 0:
            v = ops.get_item(v, (slice(None),) * d + (slice(0, builtins.max(n + hi, 0)),))
            hi = 0
        if lo or hi:
            parts = []
            for k in (lo, hi):
                shape = list(v.shape)
                shape[d] = k
                parts.append(ops.broadcast_to(ops.astype(value, dt), tuple(shape)))
            v = ops.concat([parts[0], v, parts[1]], axis=d)
    return v


def rev(operand: Any, dimensions: Sequence[int]) -> Array:
    a = asarray(operand, "rev")
    dims = tuple(int(d) for d in dimensions)
    if any(d < 0 for d in dims):
        raise TypeError(f"rev dimensions must have every element be nonnegative, got {dims}.")
    if len(set(dims)) != len(dims):
        raise TypeError(f"rev dimensions must be unique, got {dims}.")
    if any(d >= a.ndim for d in dims):
        raise TypeError(
            f"rev dimensions must all be less than operand ndim, got dimensions {dims} for "
            f"operand ndim {a.ndim}."
        )
    if not dims:
        return a
    return wrap(ops.flip(a.native, axis=dims), a.weak_type)


def select(pred: Any, on_true: Any, on_false: Any) -> Array:
    """``lax.select``: ``on_true`` where ``pred``."""
    return select_n(pred, on_false, on_true)


def select_n(which: Any, *cases: Any) -> Array:
    """``lax.select_n``: ``cases[which]`` elementwise (``which`` bool or int32)."""
    if not cases:
        raise ValueError("select_n requires at least one case")
    w = asarray(which, "select_n", 0)
    arrays = [asarray(c, "select_n", i + 1) for i, c in enumerate(cases)]
    same_dtypes("select_n", arrays)
    shapes = {a.shape for a in arrays}
    if len(shapes) > 1:
        raise TypeError(f"select_n cases must have the same shapes, got {sorted(shapes)}.")
    if w.ndim and w.shape != arrays[0].shape:
        raise TypeError(
            "select_n `which` must be scalar or have the same shape as cases, got `which` "
            f"shape {w.shape} but case shape {arrays[0].shape}."
        )
    if w._dtype == "bool":
        if len(arrays) > 2:
            raise TypeError("select_n with boolean which accepts at most two cases")
        out = (
            arrays[0].native
            if len(arrays) == 1
            else ops.where(w.native, arrays[1].native, arrays[0].native)
        )
        return wrap(out, all_weak(arrays))
    if w._dtype != "int32":
        raise TypeError(f"select_n which must be boolean or int32 type, got {w.dtype}.")
    out = arrays[-1].native
    for i in range(len(arrays) - 2, -1, -1):
        out = ops.where(ops.less_equal(w.native, i), arrays[i].native, out)
    return wrap(out, all_weak(arrays))


def iota(dtype: Any, size: int, *, sharding: Any = None) -> Array:
    dt = canonical_dtype(dtype)
    return wrap(ops.arange(_shape(size, "iota")[0], dtype=dt))


def broadcasted_iota(dtype: Any, shape: Sequence[int], dimension: int, *,
                     sharding: Any = None) -> Array:  # fmt: skip
    dt = canonical_dtype(dtype)
    shape = _shape(shape)
    d = _axis(dimension, len(shape))
    inter = [1] * len(shape)
    inter[d] = shape[d]
    return wrap(ops.broadcast_to(ops.reshape(ops.arange(shape[d], dtype=dt), tuple(inter)), shape))


def full(
    shape: Sequence[int], fill_value: Any, dtype: Any = None, *, sharding: Any = None
) -> Array:
    f = asarray(fill_value, "full")
    if f.ndim:
        raise TypeError(
            f"full must be called with scalar fill_value, got fill_value.shape {f.shape}."
        )
    dt = f._dtype if dtype is None else canonical_dtype(dtype)
    weak = f.weak_type if dtype is None else False
    return wrap(ops.broadcast_to(ops.astype(f.native, dt), _shape(shape, "broadcast_in_dim")), weak)


def full_like(
    x: Any, fill_value: Any, dtype: Any = None, shape: Any = None, sharding: Any = None
) -> Array:
    a = asarray(x, "full_like")
    out = full(
        a.shape if shape is None else shape, fill_value, a._dtype if dtype is None else dtype
    )
    if dtype is None and a.weak_type:
        out.weak_type = True
    return out


def tile(operand: Any, reps: Sequence[int]) -> Array:
    a = asarray(operand, "tile")
    return wrap(ops.tile(a.native, tuple(int(r) for r in reps)), a.weak_type)


def split(operand: Any, sizes: Sequence[int], axis: int = 0) -> list[Array]:
    """``lax.split``: pieces of the given sizes along ``axis``."""
    a = asarray(operand, "split")
    ax = _axis(axis, a.ndim)
    if sum(sizes) != a.shape[ax]:
        raise ValueError(
            f"Sum of sizes {sum(sizes)} must be equal to dimension {ax} of the operand shape {a.shape}"
        )
    out, start = [], 0
    for s in sizes:
        key = (slice(None),) * ax + (slice(start, start + int(s)),)
        out.append(wrap(ops.get_item(a.native, key), a.weak_type))
        start += int(s)
    return out


# --------------------------------------------------------------------- dot
def dot_general(lhs: Any, rhs: Any, dimension_numbers: Any, precision: Any = None,
                preferred_element_type: Any = None, out_sharding: Any = None) -> Array:  # fmt: skip
    """``lax.dot_general``: ``((lhs_contract, rhs_contract), (lhs_batch, rhs_batch))``;
    output dims are batch, lhs free, rhs free. Mixed input dtypes promote (as lax's
    dot_general does); ``preferred_element_type`` sets the result dtype."""
    a, b = asarray(lhs, "dot_general", 0), asarray(rhs, "dot_general", 1)
    (lc, rc), (lb, rb) = dimension_numbers
    lc, rc, lb, rb = (tuple(_axis(d, n) for d in dims) for dims, n in (
        (lc, a.ndim), (rc, b.ndim), (lb, a.ndim), (rb, b.ndim)))  # fmt: skip
    if len(lc) != len(rc) or len(lb) != len(rb):
        raise TypeError(
            "dot_general requires equal numbers of lhs and rhs contracting and batch dimensions, "
            f"got {dimension_numbers}."
        )
    for x, y, what in ((lc, rc, "contracting"), (lb, rb, "batch")):
        if tuple(a.shape[i] for i in x) != tuple(b.shape[j] for j in y):
            raise TypeError(
                f"dot_general requires {what} dimensions to have the same shape, got "
                f"{tuple(a.shape[i] for i in x)} and {tuple(b.shape[j] for j in y)}."
            )
    dt, weak = jdt.lattice_result_type(a, b)
    if preferred_element_type is not None:
        dt, weak = canonical_dtype(preferred_element_type), False
    letters = iter("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    ls = [""] * a.ndim
    rs = [""] * b.ndim
    for i, j in zip(lb, rb):
        ls[i] = rs[j] = next(letters)
    for i, j in zip(lc, rc):
        ls[i] = rs[j] = next(letters)
    for i in range(a.ndim):
        ls[i] = ls[i] or next(letters)
    for j in range(b.ndim):
        rs[j] = rs[j] or next(letters)
    out = [ls[i] for i in lb]
    out += [ls[i] for i in range(a.ndim) if i not in lb and i not in lc]
    out += [rs[j] for j in range(b.ndim) if j not in rb and j not in rc]
    spec = f"{''.join(ls)},{''.join(rs)}->{''.join(out)}"
    x = a.native if a._dtype == dt else ops.astype(a.native, dt)
    y = b.native if b._dtype == dt else ops.astype(b.native, dt)
    if dt != "bool" and not lb and a.ndim == 2 and b.ndim == 2 and lc == (1,) and rc == (0,):
        return wrap(ops.matmul(x, y), weak)  # the common matrix product
    if dt == "bool":
        i32 = core.Dtype("int32")
        res = ops.not_equal(ops.einsum(spec, ops.astype(x, i32), ops.astype(y, i32)), 0)
    else:
        res = ops.einsum(spec, x, y)
    return wrap(res, weak)


def dot(lhs: Any, rhs: Any, precision: Any = None, preferred_element_type: Any = None,
        out_sharding: Any = None) -> Array:  # fmt: skip
    """``lax.dot``: vector/matrix products (contracts the last dim of ``lhs`` with the
    first of ``rhs``)."""
    a, b = asarray(lhs, "dot", 0), asarray(rhs, "dot", 1)
    if a.ndim not in (1, 2) or b.ndim not in (1, 2) or a.shape[-1] != b.shape[0]:
        raise ValueError(
            "jax.lax.dot: dimension_numbers must be specified when not performing simple "
            "un-batched matrix-matrix, matrix-vector, or vector-vector products; got "
            f"lhs_shape={tuple(a.shape)} rhs_shape={tuple(b.shape)}"
        )
    return dot_general(a, b, (((a.ndim - 1,), (0,)), ((), ())), precision, preferred_element_type)


def batch_matmul(lhs: Any, rhs: Any, precision: Any = None) -> Array:
    a, b = asarray(lhs, "batch_matmul", 0), asarray(rhs, "batch_matmul", 1)
    n = a.ndim
    batch = tuple(range(n - 2))
    return dot_general(a, b, (((n - 1,), (n - 2,)), (batch, batch)), precision)


# --------------------------------------------------------------------- reductions
def _reduction(name: str, fn: Callable[..., Any], kinds: str) -> Callable:
    def op(operand: Any, axes: Sequence[int], *, out_sharding: Any = None) -> Array:
        a = asarray(operand, name)
        check_kinds(name, a, kinds)
        dims = tuple(_axis(d, a.ndim) for d in axes)
        if not dims:
            return a
        return wrap(fn(a.native, dims, a._dtype), a.weak_type)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"``lax.{name}`` over ``axes`` (the result keeps the operand's dtype)."
    return op


def _sum(v: Any, dims: tuple[int, ...], dt: core.Dtype) -> Any:
    if dt == "bool":
        return ops.any(v, axis=dims)
    if dt.kind in "fc":  # sums of floats keep their dtype already
        return ops.sum(v, axis=dims)
    return ops.sum(v, axis=dims, dtype=dt)


def _prod(v: Any, dims: tuple[int, ...], dt: core.Dtype) -> Any:
    if dt == "bool":
        return ops.all(v, axis=dims)
    return ops.prod(v, axis=dims, dtype=dt)


def _rmax(v: Any, dims: tuple[int, ...], dt: core.Dtype) -> Any:
    if dt.kind == "c":
        return _complex_extreme(v, dims, ops.max, float("-inf"))
    return ops.max(v, axis=dims)


def _rmin(v: Any, dims: tuple[int, ...], dt: core.Dtype) -> Any:
    if dt.kind == "c":
        return _complex_extreme(v, dims, ops.min, float("inf"))
    return ops.min(v, axis=dims)


def _complex_extreme(v: Any, dims: tuple[int, ...], extreme: Callable, worst: float) -> Any:
    """The lexicographic (real part, then imaginary part) max/min of complex values over
    ``dims``, as lax's max/min order them."""
    re, im = ops.real(v), ops.imag(v)
    top = extreme(re, axis=dims, keepdims=True)
    im = ops.where(ops.equal(re, top), im, ops.asarray(worst, dtype=core.as_core_dtype(im.dtype)))
    dt = core.as_core_dtype(v.dtype)
    re_out, im_out = ops.squeeze(top, axis=dims), extreme(im, axis=dims)
    return ops.add(
        ops.astype(re_out, dt), ops.multiply(ops.astype(im_out, dt), ops.asarray(1j, dtype=dt))
    )


def _rand(v: Any, dims: tuple[int, ...], dt: core.Dtype) -> Any:
    if dt == "bool":
        return ops.all(v, axis=dims)
    return _fold_bits(_late("bitwise_and"), v, dims)


def _ror(v: Any, dims: tuple[int, ...], dt: core.Dtype) -> Any:
    if dt == "bool":
        return ops.any(v, axis=dims)
    return _fold_bits(_late("bitwise_or"), v, dims)


def _rxor(v: Any, dims: tuple[int, ...], dt: core.Dtype) -> Any:
    if dt == "bool":
        count = ops.sum(ops.astype(v, core.Dtype("int32")), axis=dims)
        return ops.equal(ops.remainder(count, 2), 1)
    return _fold_bits(_late("bitwise_xor"), v, dims)


def _fold_bits(fn: Callable, v: Any, dims: tuple[int, ...]) -> Any:
    keep = [d for d in range(len(v.shape)) if d not in dims]
    v = ops.permute_dims(v, tuple(keep) + dims)
    v = ops.reshape(v, tuple(v.shape[: len(keep)]) + (-1,))
    n = int(v.shape[-1])
    acc = ops.get_item(v, (Ellipsis, 0))
    for i in range(1, n):
        acc = fn(acc, ops.get_item(v, (Ellipsis, i)))
    return acc


reduce_sum = _reduction("reduce_sum", _sum, "biufc")
reduce_prod = _reduction("reduce_prod", _prod, "biufc")
reduce_max = _reduction("reduce_max", _rmax, "biufc")
reduce_min = _reduction("reduce_min", _rmin, "biufc")
reduce_and = _reduction("reduce_and", _rand, "biu")
reduce_or = _reduction("reduce_or", _ror, "biu")
reduce_xor = _reduction("reduce_xor", _rxor, "biu")

# the monoids lax.reduce and lax.reduce_window recognise: (computation, identity test)
_MONOIDS: dict[Callable, str] = {}


def _monoid_of(computation: Callable) -> str | None:
    """The monoid of a lax function (the package's error-mapping wrapper unwrapped)."""
    return _MONOIDS.get(getattr(computation, "__wrapped__", computation))


def reduce(
    operands: Any, init_values: Any, computation: Callable, dimensions: Sequence[int]
) -> Any:
    """``lax.reduce``: lax.add/mul/max/min/bitwise computations reduce directly (the init
    value folded in); any other computation folds elementwise along the dimensions."""
    from frontends.jax import tree_util

    flat_ops, tree = tree_util.tree_flatten(operands)
    flat_init = tree_util.tree_leaves(init_values)
    arrays = [asarray(o, "reduce") for o in flat_ops]
    inits = [weak_as(asarray(i, "reduce"), a) for i, a in zip(flat_init, arrays)]
    dims = tuple(_axis(d, arrays[0].ndim) for d in dimensions)
    kind = _monoid_of(computation)
    if kind is not None and len(arrays) == 1:
        a, init = arrays[0], inits[0]
        same_dtypes("reduce", (a, init))
        red = {"add": reduce_sum, "mul": reduce_prod, "max": reduce_max, "min": reduce_min,
               "and": reduce_and, "or": reduce_or, "xor": reduce_xor}[kind]  # fmt: skip
        out = red(a, dims)
        return tree_util.tree_unflatten(tree, [computation(out, init)])
    keep = [d for d in range(arrays[0].ndim) if d not in dims]
    moved = [transpose(a, tuple(keep) + dims) for a in arrays]
    moved = [reshape(m, m.shape[: len(keep)] + (-1,)) for m in moved]
    n = moved[0].shape[-1]
    acc = [broadcast(i, moved[0].shape[: len(keep)]) for i in inits]
    for k in range(n):
        xs = [Array._wrap(ops.get_item(m.native, (Ellipsis, k)), m.weak_type) for m in moved]
        res = computation(tree_util.tree_unflatten(tree, acc), tree_util.tree_unflatten(tree, xs))
        acc = [asarray(r) for r in tree_util.tree_leaves(res)]
    return tree_util.tree_unflatten(tree, acc)


_MONOIDS.update({add: "add", mul: "mul", max: "max", min: "min", bitwise_and: "and",
                 bitwise_or: "or", bitwise_xor: "xor"})  # fmt: skip


def argmax(operand: Any, axis: int, index_dtype: Any) -> Array:
    """``lax.argmax``: the first maximal index (NaN counts as maximal, as lax)."""
    return _arg("argmax", operand, axis, index_dtype, _late("argmax"), _late("max"))


def argmin(operand: Any, axis: int, index_dtype: Any) -> Array:
    """``lax.argmin``: the first minimal index (NaN counts as minimal, as lax)."""
    return _arg("argmin", operand, axis, index_dtype, _late("argmin"), _late("min"))


def _arg(
    name: str, operand: Any, axis: int, index_dtype: Any, fn: Callable, red: Callable
) -> Array:
    a = asarray(operand, name)
    ax = _axis(axis, a.ndim)
    dt = canonical_dtype(index_dtype)
    if dt.kind not in "iu":
        raise TypeError(f"index_dtype must be an integer type, but got {index_dtype}")
    v = a.native
    if a._dtype.kind == "f":
        nan = ops.isnan(v)
        first_nan = ops.argmax(ops.astype(nan, core.Dtype("int8")), axis=ax)
        out = ops.where(ops.any(nan, axis=ax), first_nan, fn(v, axis=ax))
    else:
        out = fn(v, axis=ax)
    return wrap(ops.astype(out, dt))


# --------------------------------------------------------------------- cumulative
def _cumulative(name: str, kinds: str) -> Callable:
    def op(operand: Any, axis: int = 0, reverse: bool = False) -> Array:
        a = asarray(operand, name)
        check_kinds(name, a, kinds)
        ax = _axis(axis, a.ndim)
        v = a.native
        if reverse:
            v = ops.flip(v, axis=(ax,))
        dt = a._dtype
        if name == "cumsum":
            out = (
                ops.cumulative_sum(v, axis=ax, dtype=dt) if dt != "bool" else _cum_bool(v, ax, True)
            )
        elif name == "cumprod":
            out = (
                ops.cumulative_prod(v, axis=ax, dtype=dt)
                if dt != "bool"
                else _cum_bool(v, ax, False)
            )
        elif name == "cummax":
            out = ops.cummax(v, axis=ax)[0]
        elif name == "cummin":
            out = ops.cummin(v, axis=ax)[0]
        else:  # cumlogsumexp
            m = ops.cummax(v, axis=ax)[0]
            big = ops.max(v, axis=ax, keepdims=True)
            big = ops.where(ops.isfinite(big), big, ops.zeros_like(big))
            out = ops.add(ops.log(ops.cumulative_sum(ops.exp(ops.subtract(v, big)), axis=ax)), big)
            out = ops.where(
                ops.isneginf(m) if hasattr(ops, "isneginf") else ops.equal(m, float("-inf")), m, out
            )
        if reverse:
            out = ops.flip(out, axis=(ax,))
        return wrap(out, a.weak_type)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"``lax.{name}`` along ``axis`` (keeps the operand's dtype)."
    return op


def _cum_bool(v: Any, ax: int, any_: bool) -> Any:
    i32 = core.Dtype("int32")
    if any_:
        return ops.greater(ops.cumulative_sum(ops.astype(v, i32), axis=ax), 0)
    return ops.greater(ops.cumulative_prod(ops.astype(v, i32), axis=ax), 0)


cumsum = _cumulative("cumsum", "biufc")
cumprod = _cumulative("cumprod", "biufc")
cummax = _cumulative("cummax", "biuf")
cummin = _cumulative("cummin", "biuf")
cumlogsumexp = _cumulative("cumlogsumexp", "f")


# --------------------------------------------------------------------- sorting
def sort(operand: Any, dimension: int = -1, is_stable: bool = True, num_keys: int = 1) -> Any:
    """``lax.sort``: one array, or a sequence sorted by its first ``num_keys`` arrays
    (lexicographically); NaNs sort last."""
    if isinstance(operand, (list, tuple)):
        arrays = [asarray(o, "sort", i) for i, o in enumerate(operand)]
        if not 1 <= num_keys <= len(arrays):
            raise ValueError(
                f"num_keys={num_keys} must be between 1 and len(operand)={len(arrays)}"
            )
        if any(a.shape != arrays[0].shape for a in arrays[1:]):
            shapes = " ".join(str(a.shape) for a in arrays)
            raise TypeError(f"Arguments to sort must have equal shapes, got: {shapes}")
        ax = _axis(dimension, arrays[0].ndim)
        order = _lex_argsort([a.native for a in arrays[:num_keys]], ax)
        return tuple(
            wrap(ops.take_along_axis(a.native, order, axis=ax), a.weak_type) for a in arrays
        )
    a = asarray(operand, "sort")
    if num_keys != 1:
        raise ValueError(f"num_keys={num_keys} must be between 1 and len(operand)=1")
    ax = _axis(dimension, a.ndim)
    if a._dtype.kind == "f":
        order = _argsort(a.native, ax)
        return wrap(ops.take_along_axis(a.native, order, axis=ax), a.weak_type)
    return wrap(ops.sort(a.native, axis=ax), a.weak_type)


def _argsort(v: Any, ax: int) -> Any:
    """A stable argsort that orders -0.0 before 0.0 and NaN last."""
    dt = core.as_core_dtype(v.dtype)
    if dt == "bool":
        v = ops.astype(v, core.Dtype("int8"))
    if dt.kind == "f":
        # -0.0 before 0.0: sort first by sign bit among equals, then by value (stable)
        neg_zero = ops.logical_and(ops.equal(v, 0), ops.signbit(v))
        first = ops.argsort(ops.logical_not(neg_zero), axis=ax, stable=True)
        v2 = ops.take_along_axis(v, first, axis=ax)
        second = ops.argsort(v2, axis=ax, stable=True)
        return ops.take_along_axis(first, second, axis=ax)
    return ops.argsort(v, axis=ax, stable=True)


def _lex_argsort(keys: Sequence[Any], ax: int) -> Any:
    order = None
    for key in reversed(keys):
        k = key if order is None else ops.take_along_axis(key, order, axis=ax)
        step = _argsort(k, ax)
        order = step if order is None else ops.take_along_axis(order, step, axis=ax)
    return order


def sort_key_val(
    keys: Any, values: Any, dimension: int = -1, is_stable: bool = True
) -> tuple[Array, Array]:
    k, v = sort((keys, values), dimension, is_stable, num_keys=1)
    return k, v


def top_k(operand: Any, k: int, *, axis: int = -1) -> list[Array]:
    """``lax.top_k``: the ``k`` largest entries along the last axis and their int32
    indices (ties keep the lower index first)."""
    a = asarray(operand, "top_k")
    if not a.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension 0")
    ax = _axis(axis, a.ndim)
    k = int(k)
    if k < 0 or k > a.shape[ax]:
        raise ValueError(
            f"k argument to top_k must be nonnegative and at most the size of the axis, got {k}"
        )
    v = a.native
    order = _descending(ops.astype(v, core.Dtype("int8")) if a._dtype == "bool" else v, ax)
    idx = ops.get_item(order, (slice(None),) * ax + (slice(0, k),))
    vals = ops.take_along_axis(v, idx, axis=ax)
    return [wrap(vals, a.weak_type), wrap(ops.astype(idx, core.Dtype("int32")))]


def _descending(v: Any, ax: int) -> Any:
    n = int(v.shape[ax])
    flipped = ops.flip(v, axis=(ax,))
    order = ops.argsort(flipped, axis=ax, stable=True)
    return ops.flip(ops.subtract(n - 1, order), axis=(ax,))


__all__ = [
    n
    for n, v in list(globals().items())
    if not n.startswith("_") and getattr(v, "__module__", None) == __name__
]
