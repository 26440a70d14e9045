"""core's elementwise functions and core.Array's operators against numpy, on every backend.

One table row per function: its numpy oracle, the dtypes it accepts, the dtype rule of its
result and the input ranges where frameworks are comparable. Expected VALUES come from
numpy on the same inputs cast to the dtype core computes in; expected DTYPES come from
core's rules (core.result_type, and the default float dtype for float functions given
integers), which differ from numpy's (numpy gives float64 for sin(int64), int8 for
square(bool), ...).
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import mpmath
import numpy
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import core
from tests.core.oracle import NUMPY_DTYPES, assert_same

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

NAN, INF = math.nan, math.inf
INTS = {str(d) for d in core.all_int_dtypes}
UINTS = {str(d) for d in core.all_uint_dtypes}
FLOATS = {str(d) for d in core.all_float_dtypes}
COMPLEX = {str(d) for d in core.all_complex_dtypes}
BOOL = {"bool"}
ALL = INTS | FLOATS | COMPLEX | BOOL


# ---------------------------------------------------------------------------------------
# oracles numpy lacks (erf, lgamma, ...): math and mpmath, in float64
# ---------------------------------------------------------------------------------------
def _vectorized(function: Any) -> Any:
    return lambda x: numpy.vectorize(function, otypes=[numpy.float64])(x.astype(numpy.float64))


def _lgamma(v: float) -> float:
    try:
        return math.lgamma(v)
    except (ValueError, OverflowError):
        return INF


def _digamma(v: float) -> float:
    if v == 0:
        return math.copysign(INF, -v)
    if math.isnan(v) or v == -INF or (v < 0 and v == math.floor(v)):
        return NAN
    return INF if v == INF else float(mpmath.digamma(v))


def _erfinv(v: float) -> float:
    if math.isnan(v) or abs(v) > 1:
        return NAN
    return math.copysign(INF, v) if abs(v) == 1 else float(mpmath.erfinv(v))


def _sinc(values: numpy.ndarray) -> numpy.ndarray:
    """numpy.sinc, with 16-bit floats computed in float32 and rounded as torch and JAX do
    (numpy's own half-precision sin(pi x) gives sinc(1) = 3e-4)."""
    if values.dtype in (numpy.float16, ml_dtypes.bfloat16):
        return numpy.sinc(values.astype(numpy.float32)).astype(values.dtype)
    return numpy.sinc(values)


def _sigmoid(x: numpy.ndarray) -> numpy.ndarray:
    return 1 / (1 + numpy.exp(-x))


def _logit(x: numpy.ndarray) -> numpy.ndarray:
    return numpy.log(x / (1 - x))


def _nextafter(x1: numpy.ndarray, x2: numpy.ndarray) -> numpy.ndarray:
    # C's nextafter and the standard give x2 when x1 == x2 (so nextafter(0.0, -0.0) is
    # -0.0); numpy's float16 loop alone gives x1
    return numpy.where(x1 == x2, x2, numpy.nextafter(x1, x2))


def _nan_to_num(x: numpy.ndarray) -> numpy.ndarray:
    if x.dtype.kind in "biu":
        return x
    info = ml_dtypes.finfo(x.real.dtype)  # numpy has no bfloat16 finfo or nan_to_num
    wide = x.astype(numpy.complex128 if x.dtype.kind == "c" else numpy.float64)
    return numpy.nan_to_num(wide, posinf=info.max, neginf=info.min).astype(x.dtype)


# ---------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    oracle: Any
    domain: frozenset[str]
    # "float": int/bool inputs give the default float dtype; "same": the promoted dtype;
    # "bool": bool; "real": the real dtype of a complex input's precision; "real float":
    # "float", then "real"
    result: str
    # finite float inputs are drawn from [-bound, bound] (None: any float, inf and nan too)
    bound: float | None = None
    low: float | None = None  # finite inputs from [low, bound] instead
    ints: tuple[int, int] = (-100, 100)  # range of integer inputs
    second_ints: tuple[int, int] | None = None  # range of the second integer input
    wide: bool = False  # oracle in float64/complex128, then rounded to the result dtype
    full_complex: bool = False  # complex inputs with inf/nan parts and zeros too
    nan: bool = True  # nan among the float inputs
    signed_zero: bool = False
    rtol_scale: float = 1.0


def case(oracle: Any, domain: set[str], result: str, **options: Any) -> Case:
    return Case(oracle, frozenset(domain), result, **options)


REAL = INTS | FLOATS | BOOL
NO_BOOL = ALL - BOOL
FLOATING = dict(result="float", wide=True)
UNARY: dict[str, Case] = {
    "abs": case(numpy.abs, ALL, "real", full_complex=True, signed_zero=True),
    "acos": case(numpy.arccos, ALL, **FLOATING, bound=2),
    "acosh": case(numpy.arccosh, ALL, **FLOATING, bound=1e4),
    "asin": case(numpy.arcsin, ALL, **FLOATING, bound=2, signed_zero=True),
    "asinh": case(numpy.arcsinh, ALL, **FLOATING, bound=1e4, signed_zero=True),
    "atan": case(numpy.arctan, ALL, **FLOATING, signed_zero=True),
    "atanh": case(numpy.arctanh, ALL, **FLOATING, bound=2, signed_zero=True),
    "bitwise_invert": case(numpy.invert, INTS | BOOL, "same", ints=(-1000, 1000)),
    "ceil": case(numpy.ceil, REAL, "same", signed_zero=True),
    "conj": case(numpy.conj, ALL, "same", full_complex=True, signed_zero=True),
    "cos": case(numpy.cos, ALL, **FLOATING, bound=100),
    "cosh": case(numpy.cosh, ALL, **FLOATING, bound=100, rtol_scale=4),
    "exp": case(numpy.exp, ALL, **FLOATING, bound=100),
    "expm1": case(numpy.expm1, ALL, **FLOATING, bound=100, signed_zero=True),
    "floor": case(numpy.floor, REAL, "same", signed_zero=True),
    "imag": case(numpy.imag, ALL, "real", full_complex=True),
    "isfinite": case(numpy.isfinite, ALL, "bool", full_complex=True),
    "isinf": case(numpy.isinf, ALL, "bool", full_complex=True),
    "isnan": case(numpy.isnan, ALL, "bool", full_complex=True),
    "log": case(numpy.log, ALL, **FLOATING),
    "log1p": case(numpy.log1p, ALL, **FLOATING, signed_zero=True),
    "log2": case(numpy.log2, ALL, **FLOATING),
    "log10": case(numpy.log10, ALL, **FLOATING),
    "logical_not": case(numpy.logical_not, ALL, "bool", full_complex=True),
    "negative": case(numpy.negative, NO_BOOL, "same", signed_zero=True, ints=(-1000, 1000)),
    "positive": case(numpy.positive, NO_BOOL, "same", signed_zero=True),
    "real": case(numpy.real, ALL, "real", full_complex=True, signed_zero=True),
    "round": case(numpy.round, ALL, "same", signed_zero=True, bound=1e4),
    "sign": case(numpy.sign, NO_BOOL, "same"),
    # torch turns nan into a nan with the sign bit set when it casts to bfloat16, so
    # signbit(nan) is compared separately (test_unary_special_values)
    "signbit": case(numpy.signbit, REAL, "bool", nan=False),
    "sin": case(numpy.sin, ALL, **FLOATING, bound=100, signed_zero=True),
    "sinh": case(numpy.sinh, ALL, **FLOATING, bound=100, signed_zero=True, rtol_scale=4),
    "sqrt": case(numpy.sqrt, ALL, **FLOATING, signed_zero=True),
    "square": case(numpy.square, ALL, "same", ints=(-1000, 1000)),
    "tan": case(numpy.tan, ALL, **FLOATING, bound=1.5, signed_zero=True),
    "tanh": case(numpy.tanh, ALL, **FLOATING, signed_zero=True),
    "trunc": case(numpy.trunc, REAL, "same", signed_zero=True),
    "erf": case(_vectorized(math.erf), REAL, **FLOATING, signed_zero=True),
    "erfc": case(_vectorized(math.erfc), REAL, **FLOATING, bound=10),
    "erfinv": case(_vectorized(_erfinv), REAL, **FLOATING, bound=1.5, ints=(-1, 1)),
    "lgamma": case(_vectorized(_lgamma), REAL, **FLOATING, low=0.05, bound=50, ints=(1, 30)),
    "digamma": case(_vectorized(_digamma), REAL, **FLOATING, low=0.05, bound=50, ints=(1, 30)),
    "sigmoid": case(_sigmoid, REAL, **FLOATING, bound=100),
    "logit": case(_logit, REAL, **FLOATING, low=-0.5, bound=1.5, ints=(0, 1), rtol_scale=3),
    "sinc": case(_sinc, ALL, **FLOATING, bound=10, rtol_scale=4),
    "deg2rad": case(numpy.deg2rad, REAL, **FLOATING, rtol_scale=3),
    "rad2deg": case(numpy.rad2deg, REAL, **FLOATING, rtol_scale=3),
    "exp2": case(numpy.exp2, ALL, **FLOATING, bound=100, rtol_scale=3),
    "reciprocal": case(numpy.reciprocal, ALL, **FLOATING),
    "angle": case(numpy.angle, ALL, "real float", wide=True),
    "nan_to_num": case(_nan_to_num, ALL, "same", full_complex=True),
}
SHIFT = dict(ints=(-100, 100), second_ints=(0, 7))
DIVISION = dict(bound=1e4, ints=(-100, 100), second_ints=(-100, 100))
BINARY: dict[str, Case] = {
    "add": case(numpy.add, ALL, "same", signed_zero=True),
    "atan2": case(numpy.arctan2, REAL, **FLOATING, signed_zero=True),
    "bitwise_and": case(numpy.bitwise_and, INTS | BOOL, "same"),
    "bitwise_left_shift": case(numpy.left_shift, INTS, "same", **SHIFT),
    "bitwise_or": case(numpy.bitwise_or, INTS | BOOL, "same"),
    "bitwise_right_shift": case(numpy.right_shift, INTS, "same", **SHIFT),
    "bitwise_xor": case(numpy.bitwise_xor, INTS | BOOL, "same"),
    # no nan: a nan's sign bit, which copysign reads, is not kept by every conversion (the
    # torch backend's float32 -> bfloat16 gives a positive nan on one CPU path, keeps the
    # sign on the vectorized one), so it is not part of core's contract
    "copysign": case(numpy.copysign, REAL, "float", signed_zero=True, nan=False),
    "divide": case(numpy.divide, ALL, "float", signed_zero=True),
    "equal": case(numpy.equal, ALL, "bool", full_complex=True),
    "floor_divide": case(numpy.floor_divide, REAL - BOOL, "same", signed_zero=True, **DIVISION),
    "greater": case(numpy.greater, ALL, "bool"),
    "greater_equal": case(numpy.greater_equal, ALL, "bool"),
    "hypot": case(numpy.hypot, REAL, **FLOATING),
    "less": case(numpy.less, ALL, "bool"),
    "less_equal": case(numpy.less_equal, ALL, "bool"),
    "logaddexp": case(numpy.logaddexp, REAL, **FLOATING),
    "logical_and": case(numpy.logical_and, ALL, "bool"),
    "logical_or": case(numpy.logical_or, ALL, "bool"),
    "logical_xor": case(numpy.logical_xor, ALL, "bool"),
    "maximum": case(numpy.maximum, ALL, "same"),
    "minimum": case(numpy.minimum, ALL, "same"),
    "multiply": case(numpy.multiply, ALL, "same", signed_zero=True),
    "nextafter": case(_nextafter, REAL, "float", signed_zero=True),
    "not_equal": case(numpy.not_equal, ALL, "bool", full_complex=True),
    "pow": case(numpy.power, NO_BOOL, "same", bound=10, ints=(-4, 4), second_ints=(0, 5)),
    "remainder": case(numpy.remainder, REAL - BOOL, "same", signed_zero=True, **DIVISION),
    "subtract": case(numpy.subtract, NO_BOOL, "same", signed_zero=True),
    "fmod": case(numpy.fmod, REAL - BOOL, "same", signed_zero=True, **DIVISION),
    "fmax": case(numpy.fmax, ALL, "same"),
    "fmin": case(numpy.fmin, ALL, "same"),
    "heaviside": case(numpy.heaviside, REAL, "float"),
    "isclose": case(numpy.isclose, ALL, "bool"),
}

# what a backend cannot do beyond the domains above (torch and tensorflow order no
# complex numbers; torch has no uint64 kernels these need)
ORDERING = ("less", "less_equal", "greater", "greater_equal", "maximum", "minimum", "fmax", "fmin")
BACKEND_UNSUPPORTED: dict[str, dict[str, set[str]]] = {
    "numpy": {},
    "jax": {},
    "torch": {
        **{name: COMPLEX for name in ORDERING},
        **{
            name: {"uint64"}
            for name in ("pow", "floor_divide", "remainder", "fmod", "bitwise_right_shift")
        },
    },
    "tensorflow": {name: COMPLEX for name in ORDERING},
}
COMPOSITIONAL = {
    "square",
    "reciprocal",
    "exp2",
    "deg2rad",
    "rad2deg",
    "angle",
    "logit",
    "clip",
    "isclose",
}


def supported(name: str, backend: str) -> list[str]:
    table = UNARY | BINARY
    excluded = BACKEND_UNSUPPORTED[backend].get(name, set())
    return sorted(table[name].domain - excluded)


def compute_dtype(dtype: str, rule: str) -> str:
    """The dtype core computes in: floats for float functions, else the dtype itself."""
    if rule in ("float", "real float") and dtype not in FLOATS | COMPLEX:
        return str(core.default_float_dtype())
    return dtype


def result_dtype(dtype: str, rule: str) -> str:
    if rule == "bool":
        return "bool"
    dtype = compute_dtype(dtype, rule)
    if rule in ("real", "real float"):
        return {"complex64": "float32", "complex128": "float64"}.get(dtype, dtype)
    return dtype


# ---------------------------------------------------------------------------------------
# inputs
# ---------------------------------------------------------------------------------------
SPECIALS = [NAN, INF, -INF, 0.0, -0.0]
# XLA on CPU flushes subnormal floats to zero, so jax cannot match numpy on them; the
# inputs leave them out (subnormal results of normal inputs are still compared)


def _elements(dtype: str, spec: Case, *, second: bool = False) -> st.SearchStrategy[Any]:
    if dtype in INTS:
        low, high = spec.second_ints if second and spec.second_ints else spec.ints
        info = numpy.iinfo(dtype)
        return st.integers(max(low, int(info.min)), min(high, int(info.max)))
    if dtype == "bool":
        return st.booleans()
    width = 16 if dtype == "float16" else 32 if dtype in ("bfloat16", "float32") else 64
    if dtype in COMPLEX:
        width = 32 if dtype == "complex64" else 64
        if spec.full_complex:
            return st.complex_numbers(width=2 * width, allow_subnormal=False)
        part = st.floats(0.0625, 10, width=width) | st.floats(-10, -0.0625, width=width)
        return st.builds(complex, part, part)
    if spec.bound is None:
        return st.floats(width=width, allow_subnormal=False, allow_nan=spec.nan)
    low = -spec.bound if spec.low is None else spec.low
    exact = {16: numpy.float16, 32: numpy.float32, 64: numpy.float64}[width]
    bounds = float(exact(low)), float(exact(spec.bound))
    return st.floats(*bounds, width=width, allow_subnormal=False) | st.sampled_from(SPECIALS)


def arrays_of(dtype: str, shape: tuple[int, ...], spec: Case, **options: Any) -> Any:
    source = "float32" if dtype == "bfloat16" else dtype
    strategy = hnp.arrays(NUMPY_DTYPES[source], shape, elements=_elements(dtype, spec, **options))
    return strategy.map(lambda a: a.astype(NUMPY_DTYPES[dtype]))


def oracle_values(spec: Case, inputs: list[numpy.ndarray], compute: str, result: str) -> Any:
    if spec.wide:
        wide = numpy.complex128 if compute in COMPLEX else numpy.float64
        inputs = [x.astype(wide) for x in inputs]
    else:
        inputs = [x.astype(NUMPY_DTYPES[compute]) for x in inputs]
    return numpy.asarray(spec.oracle(*inputs)).astype(NUMPY_DTYPES[result])


def tolerance(spec: Case, dtype: str) -> dict[str, float]:
    from tests.core.oracle import TOLERANCES

    rtol, atol = TOLERANCES.get(dtype, (0.0, 0.0))
    return {"rtol": rtol * spec.rtol_scale, "atol": atol}


# ---------------------------------------------------------------------------------------
# the table-driven tests
# ---------------------------------------------------------------------------------------
# One shape for the table: jax compiles every primitive once per shape and dtype, and a
# fixed shape keeps that to one compile per function and dtype. 0-d, empty and broadcast
# shapes are tested separately below.
TABLE_SHAPE = (7,)


@pytest.mark.parametrize("name", sorted(UNARY))
@given(data=st.data())
def test_unary_matches_numpy(backend, name, data):
    spec = UNARY[name]
    dtype = data.draw(st.sampled_from(supported(name, backend)), label="dtype")
    x = data.draw(arrays_of(dtype, TABLE_SHAPE, spec), label="x")
    compute, result = compute_dtype(dtype, spec.result), result_dtype(dtype, spec.result)
    expected = oracle_values(spec, [x], compute, result)
    assert_same(
        getattr(core, name)(core.asarray(x)),
        expected,
        dtype=result,
        check_signed_zero=spec.signed_zero,
        **tolerance(spec, result),
    )


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_binary_matches_numpy_with_core_promotion(backend, name, data):
    spec = BINARY[name]
    dtypes = st.sampled_from(supported(name, backend))
    dtype1, dtype2 = data.draw(dtypes, label="dtype1"), data.draw(dtypes, label="dtype2")
    x1 = data.draw(arrays_of(dtype1, TABLE_SHAPE, spec), label="x1")
    x2 = data.draw(arrays_of(dtype2, TABLE_SHAPE, spec, second=True), label="x2")
    common = str(core.result_type(core.as_core_dtype(dtype1), core.as_core_dtype(dtype2)))
    # int64 with uint64 promotes to float64, outside the bitwise functions' domain
    assume(common in supported(name, backend))
    compute, result = compute_dtype(common, spec.result), result_dtype(common, spec.result)
    if compute in INTS and spec.second_ints is not None:
        # integer division by zero is undefined
        x2 = numpy.where(x2.astype(compute) == 0, numpy.ones_like(x2), x2)
    expected = oracle_values(spec, [x1, x2], compute, result)
    assert_same(
        getattr(core, name)(core.asarray(x1), core.asarray(x2)),
        expected,
        dtype=result,
        # a zero's sign in a complex quotient follows the division algorithm (numpy's Smith
        # division gives 0 / (1-2j) a real part of -0, TensorFlow's +0); the Array API
        # leaves it to the implementation
        check_signed_zero=spec.signed_zero and not str(result).startswith("complex"),
        **tolerance(spec, result),
    )


@pytest.mark.parametrize("name", sorted(set(UNARY | BINARY) - COMPOSITIONAL))
def test_declared_unsupported_dtypes(backend, name):
    """The declarations are exactly the table's, and calling with one raises.

    (A compositional function's unsupported dtypes are derived from what it calls, so they
    are not listed here; the hypothesis tests run them over their whole domain.)"""
    spec = (UNARY | BINARY)[name]
    expected = ALL - set(supported(name, backend))
    assert set(core.function_unsupported_dtypes(name)) == expected
    arity = 1 if name in UNARY else 2
    for dtype in sorted(expected):
        x = core.asarray(numpy.zeros((2,), NUMPY_DTYPES[dtype]))
        with pytest.raises(core.UnsupportedDtypeError, match=name):
            getattr(core, name)(*[x] * arity)
    assert spec.domain  # every row accepts something


def test_kinds_are_declared(backend):
    for name in UNARY | BINARY:
        want = "compositional" if name in COMPOSITIONAL else "primary"
        assert getattr(core, name).kind == want, name


# ---------------------------------------------------------------------------------------
# special values the frameworks disagree on, checked exactly
# ---------------------------------------------------------------------------------------
GRID = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 7.0, -7.0, INF, -INF, NAN]


@pytest.mark.parametrize("dtype", ["float16", "float64"])
@pytest.mark.parametrize(
    "name", ["floor_divide", "remainder", "fmod", "maximum", "minimum", "fmax", "fmin",
             "copysign", "hypot", "logaddexp", "heaviside", "nextafter", "atan2", "divide",
             "pow"]
)  # fmt: skip
def test_binary_special_values(backend, name, dtype):
    grid = numpy.array(GRID, dtype=NUMPY_DTYPES[dtype])
    x1, x2 = (a.ravel() for a in numpy.meshgrid(grid, grid))
    expected = BINARY[name].oracle(x1, x2)
    signed = name not in ("maximum", "minimum", "fmax", "fmin", "hypot", "logaddexp")
    assert_same(
        getattr(core, name)(core.asarray(x1), core.asarray(x2)),
        expected,
        check_signed_zero=signed,
        rtol=3e-3 if dtype in ("float16", "bfloat16") else 1e-6,
    )


@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
@pytest.mark.parametrize(
    "name", ["sign", "round", "trunc", "ceil", "floor", "signbit", "nan_to_num", "sinc",
             "isfinite", "isinf", "isnan", "abs", "negative", "sqrt", "expm1", "log1p"]
)  # fmt: skip
def test_unary_special_values(backend, name, dtype):
    values = numpy.array(GRID + [0.5, 1.5, -0.5, -1.5, 2.5001], dtype=NUMPY_DTYPES[dtype])
    if name == "signbit" and backend == "torch" and dtype == "bfloat16":
        values = -values  # torch's bfloat16 nan has the sign bit set (see UNARY)
    expected = numpy.asarray(UNARY[name].oracle(values))
    assert_same(
        getattr(core, name)(core.asarray(values)),
        expected,
        dtype="bool" if expected.dtype == bool else dtype,
        check_signed_zero=name not in ("sign", "sinc"),
    )


SHAPE_CASES = [((), ()), ((0,), (0,)), ((0, 3), (1,)), ((2, 1, 3), (4, 1)), ((), (2, 3))]


@pytest.mark.parametrize(("shape1", "shape2"), SHAPE_CASES)
def test_shapes_zero_d_empty_and_broadcast(backend, shape1, shape2):
    rng = numpy.random.default_rng(0)
    x1 = rng.normal(size=shape1).astype(numpy.float32)
    x2 = rng.normal(size=shape2).astype(numpy.float32)
    n1 = rng.integers(-9, 9, size=shape1).astype(numpy.int32)
    n2 = rng.integers(1, 9, size=shape2).astype(numpy.int32)
    a1, a2, i1, i2 = (core.asarray(v) for v in (x1, x2, n1, n2))
    assert_same(core.add(a1, a2), x1 + x2)
    assert_same(core.atan2(a1, a2), numpy.arctan2(x1, x2))
    assert_same(core.floor_divide(i1, i2), n1 // n2)
    assert_same(core.less(a1, a2), x1 < x2)
    assert_same(core.sin(a1), numpy.sin(x1))
    assert_same(core.isnan(i2), numpy.isnan(n2))
    assert_same(core.divide(i1, i2), (n1.astype(numpy.float32) / n2.astype(numpy.float32)))


def test_special_function_poles(backend):
    x = core.asarray([0.0, -0.0, -1.0, -2.0, 1.0, -INF, INF, NAN], dtype="float64")
    assert_same(core.lgamma(x), [INF, INF, INF, INF, 0.0, INF, INF, NAN])
    assert_same(core.digamma(x), [-INF, INF, NAN, NAN, -0.5772156649015329, NAN, INF, NAN])
    y = core.asarray([1.0, -1.0, 2.0, 0.5, NAN], dtype="float32")
    assert_same(core.erfinv(y), numpy.array([INF, -INF, NAN, 0.4769362762, NAN], numpy.float32))


def test_sign_of_complex_is_x_over_abs(backend):
    x = numpy.array([3 + 4j, -2j, 0j, 1 - 1j], dtype=numpy.complex64)
    expected = numpy.array([0.6 + 0.8j, -1j, 0, (1 - 1j) / 2**0.5], dtype=numpy.complex64)
    assert_same(core.sign(core.asarray(x)), expected)


def test_round_half_to_even(backend):
    x = numpy.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.5], dtype=numpy.float32)
    assert_same(core.round(core.asarray(x)), numpy.array([0, 2, 2, -0.0, -2, -2, 4], "float32"))


def test_integer_pow_stays_integer(backend):
    x = core.asarray([2, 3, -4], dtype="int32")
    assert_same(
        core.pow(x, core.asarray([3, 0, 2], dtype="int32")), numpy.array([8, 1, 16], "int32")
    )
    assert_same(core.pow(x, 2), numpy.array([4, 9, 16], "int32"))


@pytest.mark.parametrize("dtype", ["uint8", "int8", "int32", "int64"])
def test_integer_pow_wraps_like_numpy(backend, dtype):
    base = numpy.array([-3, 3, 7, 2, -1, 0, 5], dtype=numpy.int64).astype(dtype)
    exponent = numpy.array([100, 21, 13, 63, 5, 0, 3], dtype=dtype)
    assert_same(core.pow(core.asarray(base), core.asarray(exponent)), base**exponent)


def test_divide_of_integers_gives_default_float(backend):
    x = core.asarray([1, 2, -7], dtype="int64")
    assert_same(core.divide(x, 2), numpy.array([0.5, 1, -3.5], "float32"))
    with core.use_default_float_dtype("float64"):
        assert core.divide(x, x).dtype == core.float64


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_divide_by_a_broadcast_divisor_is_correctly_rounded(backend, dtype):
    """Exactly numpy's quotients (XLA would multiply by the divisor's reciprocal)."""
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal((64, 32)).astype(dtype)
    for divisor in (rng.standard_normal((64, 1)), rng.standard_normal(32), numpy.array(0.7)):
        divisor = divisor.astype(dtype)
        result = core.divide(core.asarray(x), core.asarray(divisor)).to_numpy()
        numpy.testing.assert_array_equal(result, x / divisor)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", ["sinh", "cosh"])
def test_hyperbolic_functions_within_a_few_ulp(backend, name, dtype):
    """Within 8 ulp of the correctly rounded value up to where exp overflows (XLA's were
    24 and 500 ulp off there; torch's vectorised kernels overflow a little early past it)."""
    top = math.log(float(numpy.finfo(dtype).max)) - 0.01
    x = numpy.linspace(-top, top, 4001).astype(dtype)
    exact = numpy.array([float(getattr(mpmath, name)(mpmath.mpf(float(v)))) for v in x])
    result = getattr(core, name)(core.asarray(x)).to_numpy().astype(numpy.float64)
    ulp = numpy.spacing(exact.astype(dtype)).astype(numpy.float64)
    assert numpy.max(numpy.abs(result - exact) / numpy.abs(ulp)) <= 8


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "uint64"])
def test_unsigned_integers_wrap_and_compare(backend, dtype):
    top = numpy.iinfo(dtype).max
    x = core.asarray(numpy.array([top, 5, 0], dtype=dtype))
    y = core.asarray(numpy.array([1, top, 0], dtype=dtype))
    assert_same(core.add(x, y), numpy.array([0, 4, 0], dtype=dtype))
    assert_same(core.subtract(y, x), numpy.array([2, top - 5, 0], dtype=dtype))
    assert_same(core.negative(y), numpy.array([top, 1, 0], dtype=dtype))
    assert_same(core.less(x, y), numpy.array([False, True, False]))
    assert_same(core.maximum(x, y), numpy.array([top, top, 0], dtype=dtype))
    assert_same(core.bitwise_invert(y), numpy.array([top - 1, 0, top], dtype=dtype))


def test_clip(backend):
    x = core.asarray([-3.0, 0.5, 4.0, NAN], dtype="float32")
    assert_same(core.clip(x, -1.0, 1.0), numpy.array([-1, 0.5, 1, NAN], "float32"))
    assert_same(core.clip(x, max=0.0), numpy.array([-3, 0, 0, NAN], "float32"))
    assert_same(core.clip(x), numpy.array([-3, 0.5, 4, NAN], "float32"))
    ints = core.asarray([-5, 0, 7, 100], dtype="int8")
    low = core.asarray([0, 1, 2, 3], dtype="int8")
    assert_same(core.clip(ints, low, 10), numpy.array([0, 1, 7, 10], "int8"))
    # an array bound of a wider dtype does not change x's dtype
    assert_same(core.clip(ints, core.asarray(0.5), 10), numpy.array([0, 0, 7, 10], "int8"))


def test_isclose_options(backend):
    a = core.asarray([1.0, NAN, INF, -INF, 1e-9, 1.0], dtype="float64")
    b = core.asarray([1.0 + 1e-6, NAN, INF, INF, 0.0, 1.1], dtype="float64")
    want = numpy.isclose(a.to_numpy(), b.to_numpy())
    assert_same(core.isclose(a, b), want)
    assert_same(core.isclose(a, b, equal_nan=True), numpy.isclose(a, b, equal_nan=True))
    assert_same(core.isclose(a, b, rtol=0.2), numpy.isclose(a, b, rtol=0.2))
    assert_same(
        core.isclose(core.asarray([1, 2]), core.asarray([1, 3])), numpy.array([True, False])
    )


def test_logit_eps_and_angle_degrees(backend):
    x = core.asarray([0.0, 0.25, 1.0], dtype="float32")
    eps = 1e-3
    clipped = numpy.clip(numpy.array([0.0, 0.25, 1.0], numpy.float32), eps, 1 - eps)
    assert_same(core.logit(x, eps=eps), numpy.log(clipped / (1 - clipped)), rtol=1e-5)
    z = core.asarray([1j, -1 + 0j], dtype="complex64")
    assert_same(core.angle(z, deg=True), numpy.array([90.0, 180.0], "float32"))


def test_nan_to_num_options(backend):
    x = numpy.array([NAN, INF, -INF, 1.5], numpy.float32)
    expected = numpy.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0)
    assert_same(core.nan_to_num(core.asarray(x), nan=-1.0, posinf=9.0, neginf=-9.0), expected)
    z = numpy.array([complex(NAN, INF), complex(-INF, 2)], numpy.complex64)
    assert_same(core.nan_to_num(core.asarray(z)), numpy.nan_to_num(z))


# ---------------------------------------------------------------------------------------
# core.Array operators
# ---------------------------------------------------------------------------------------
BINARY_OPERATORS = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "divide": operator.truediv,
    "floor_divide": operator.floordiv,
    "remainder": operator.mod,
    "pow": operator.pow,
    "bitwise_and": operator.and_,
    "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor,
    "bitwise_left_shift": operator.lshift,
    "bitwise_right_shift": operator.rshift,
    "equal": operator.eq,
    "not_equal": operator.ne,
    "less": operator.lt,
    "less_equal": operator.le,
    "greater": operator.gt,
    "greater_equal": operator.ge,
}
IN_PLACE = {
    "add": operator.iadd,
    "subtract": operator.isub,
    "multiply": operator.imul,
    "floor_divide": operator.ifloordiv,
    "remainder": operator.imod,
    "pow": operator.ipow,
    "bitwise_and": operator.iand,
    "bitwise_or": operator.ior,
    "bitwise_xor": operator.ixor,
    "bitwise_left_shift": operator.ilshift,
    "bitwise_right_shift": operator.irshift,
}


def _operands() -> tuple[numpy.ndarray, numpy.ndarray, int]:
    """int16 operands and a Python int scalar valid for every operator (no zero divisors,
    shifts and exponents in range)."""
    x = numpy.array([[-7, 3, 12], [5, -1, 0]], numpy.int16)
    y = numpy.array([2, 3, 1], numpy.int16)
    return x, y, 3


def _expected(name: str, x: Any, y: Any) -> numpy.ndarray:
    spec = BINARY[name]
    x, y = numpy.asarray(x), numpy.asarray(y)
    if spec.result == "float":
        x, y = x.astype(numpy.float32), y.astype(numpy.float32)
    return spec.oracle(x, y)


@pytest.mark.parametrize("name", sorted(BINARY_OPERATORS))
def test_binary_operators_match_functions(backend, name):
    op = BINARY_OPERATORS[name]
    x, y, scalar = _operands()
    result_dtype = (
        "bool" if BINARY[name].result == "bool" else "float32" if name == "divide" else "int16"
    )
    a, b = core.asarray(x), core.asarray(y)
    assert_same(op(a, b), _expected(name, x, y), dtype=result_dtype)
    # reflected: a Python scalar on the left keeps the array's dtype
    assert_same(op(scalar, b), _expected(name, numpy.int16(scalar), y), dtype=result_dtype)
    assert_same(op(a, scalar), _expected(name, x, numpy.int16(scalar)), dtype=result_dtype)
    # a numpy array on the left defers to core.Array (__array_priority__)
    assert_same(op(x, b), _expected(name, x, y), dtype=result_dtype)


@pytest.mark.parametrize("name", sorted(IN_PLACE))
def test_in_place_operators_rebind(backend, name):
    x, y, _ = _operands()
    a = core.asarray(x)
    before = a
    result = IN_PLACE[name](a, core.asarray(y))
    assert result is before
    assert_same(result, _expected(name, x, y).astype(numpy.int16), dtype="int16")


def test_in_place_true_division_rebinds_to_float(backend):
    a = core.asarray([1, 2, 3], dtype="int32")
    a /= 2
    assert_same(a, numpy.array([0.5, 1, 1.5], numpy.float32))


def test_python_scalars_never_widen(backend):
    x = core.asarray([1, -2, 100], dtype="int8")
    assert_same(x + 1, numpy.array([2, -1, 101], numpy.int8))
    # 1000 does not fit int8: it wraps (1000 % 256 == 232, i.e. -24)
    assert_same(x + 1000, (x.to_numpy().astype(numpy.int64) + 1000).astype(numpy.int8))
    assert_same(2 * x, numpy.array([2, -4, -56], numpy.int8))
    assert (x * 1.5).dtype == core.float32  # a float scalar gives the default float
    f = core.asarray([1.0, 2.0], dtype="float16")
    assert_same(f + 1, numpy.array([2, 3], numpy.float16))
    assert_same(f * 2.5, numpy.array([2.5, 5], numpy.float16))
    assert (f + 1j).dtype == core.complex64
    b = core.asarray([True, False])
    assert_same(b & True, numpy.array([True, False]))
    assert_same(b + 1, numpy.array([2, 1], numpy.int64))


def test_unary_operators(backend):
    x = core.asarray([-3, 0, 5], dtype="int8")
    assert_same(-x, numpy.array([3, 0, -5], numpy.int8))
    assert_same(+x, numpy.array([-3, 0, 5], numpy.int8))
    assert_same(abs(x), numpy.array([3, 0, 5], numpy.int8))
    assert_same(~x, numpy.array([2, -1, -6], numpy.int8))
    b = core.asarray([True, False])
    assert_same(~b, numpy.array([False, True]))
    with pytest.raises(core.UnsupportedDtypeError):
        _ = -b


def test_operators_promote_with_core_table(backend):
    a = core.asarray([1, 2], dtype="uint8")
    b = core.asarray([1, -2], dtype="int8")
    assert_same(a + b, numpy.array([2, 0], numpy.int16))
    h = core.asarray([1.0, 2.0], dtype="bfloat16")
    g = core.asarray([1.0, 2.0], dtype="float16")
    assert_same(h * g, numpy.array([1, 4], numpy.float32))
    assert (core.asarray([1], dtype="int64") + core.asarray([1], dtype="uint64")).dtype == (
        core.float64
    )
    assert (core.asarray([1.0], dtype="float64") * core.asarray([1j], dtype="complex64")).dtype == (
        core.complex128
    )


def test_bfloat16_values_are_bfloat16(backend):
    x = numpy.array([1.0, 2.0, 3.0], dtype=ml_dtypes.bfloat16)
    assert_same(core.exp(core.asarray(x)), numpy.exp(x.astype(numpy.float64)).astype(x.dtype))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_fused_updates_match_torch(backend, dtype):
    """lerp/addcmul/addcdiv (torch's kernels on the torch backend, the composition elsewhere)
    against torch, both lerp branches and a non-unit value; differentiable everywhere."""
    import torch

    rng = numpy.random.default_rng(0)
    x, a, b = (rng.standard_normal(64).astype(dtype) for _ in range(3))
    b = numpy.abs(b) + 0.5
    t = [torch.from_numpy(v) for v in (x, a, b)]
    c = [core.asarray(v) for v in (x, a, b)]
    cases = [
        (core.lerp(c[0], c[1], 0.1), torch.lerp(t[0], t[1], 0.1)),
        (core.lerp(c[0], c[1], 0.9), torch.lerp(t[0], t[1], 0.9)),
        (core.addcmul(c[0], c[1], c[2], value=0.3), torch.addcmul(*t, value=0.3)),
        (core.addcdiv(c[0], c[1], c[2], value=-0.3), torch.addcdiv(*t, value=-0.3)),
        (core.addcdiv(c[0], c[1], c[2]), torch.addcdiv(*t)),
    ]
    for ours, expected in cases:
        assert str(ours.dtype) == dtype
        numpy.testing.assert_allclose(ours.to_numpy(), expected.numpy(), rtol=1e-6, atol=1e-7)
    native = core.native  # the engine differentiates functions of native arrays
    end = c[1].data
    gradient = core.autodiff.grad(lambda v: native.sum(native.lerp(v, end, 0.25)))(c[0].data)
    numpy.testing.assert_allclose(
        core.asarray(gradient).to_numpy(), numpy.full(64, 0.75, dtype), rtol=1e-6
    )
