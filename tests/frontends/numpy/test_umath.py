"""numpy's ufuncs against real numpy on all four backends: every ufunc over every dtype,
loop resolution with arrays and Python scalars (NEP 50), edge values of the kernels the
frontend writes itself, the ufunc methods (reduce, accumulate, reduceat, outer, at) and
the floating-point error state (errstate, seterr, seterrcall)."""

from __future__ import annotations

import itertools
import warnings

import numpy
import pytest

from frontends import numpy as fnp
from tests.frontends.numpy.oracle import compare

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]  # fmt: skip
PY_SCALARS = [True, 1, -1, 300, 2.5, 1j]


def _ufunc_names() -> list[str]:
    """numpy's ufuncs (one name per object; isnat is for datetimes, which core lacks)."""
    seen, names = set(), []
    for name in sorted(dir(numpy)):
        value = getattr(numpy, name)
        if isinstance(value, numpy.ufunc) and name != "isnat" and value not in seen:
            seen.add(value)
            names.append(name)
    return names


UFUNCS = _ufunc_names()
ALL_NAMES = [n for n in dir(numpy) if isinstance(getattr(numpy, n), numpy.ufunc) and n != "isnat"]
MATRIX = ("matmul", "matvec", "vecmat", "vecdot")


def _quiet(fn):
    def run(np):
        with numpy.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn(np)

    return run


def _tolerance(dtypes) -> dict:
    if any(d in ("float16",) for d in dtypes) or any(
        d in ("bool", "int8", "uint8") for d in dtypes
    ):
        return {"rtol": 2e-3, "atol": 2e-3}  # float16 loops: a last-bit difference
    if any(d in ("float32", "complex64", "int16", "uint16") for d in dtypes):
        return {"rtol": 2e-6, "atol": 1e-6}
    return {"rtol": 1e-12, "atol": 1e-12}


# ---------------------------------------------------------------------------------------
# presence and metadata
# ---------------------------------------------------------------------------------------
def test_every_numpy_ufunc_exists():
    for name in ALL_NAMES:
        ours, theirs = getattr(fnp, name), getattr(numpy, name)
        assert isinstance(ours, fnp.ufunc), name
        assert (ours.nin, ours.nout, ours.nargs) == (theirs.nin, theirs.nout, theirs.nargs), name
        assert ours.signature == theirs.signature, name
        assert ours.__name__ == theirs.__name__, name
        if theirs.identity is None or ours.identity is None:
            assert ours.identity is theirs.identity, name
        else:
            assert ours.identity == theirs.identity, name
        # our loops are numpy's, less the long double / object / time ones
        theirs_types = {
            t.replace("l", "q").replace("L", "Q")
            for t in theirs.types
            if not set(t) & set("gGOmMSUVT")
        }
        assert set(ours.types) == theirs_types, name


# ---------------------------------------------------------------------------------------
# loop resolution: the result dtypes of every ufunc for every dtype, pair and Python scalar
# ---------------------------------------------------------------------------------------
def _result_dtypes(module, name, args):
    try:
        with numpy.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = getattr(module, name)(*args)
    except (TypeError, ValueError, OverflowError) as error:
        return type(error).__mro__[-3 if isinstance(error, TypeError) else 0].__name__
    results = result if isinstance(result, tuple) else (result,)
    return tuple(str(numpy.asarray(r).dtype) for r in results)


@pytest.mark.parametrize("name", UFUNCS)
def test_loop_resolution(name):
    """Resolution is data, the same on every backend: checked on the numpy backend."""
    theirs_ufunc = getattr(numpy, name)
    shape = (2, 2) if name in MATRIX else (2,)

    def make(module, dtype):
        return module.asarray(numpy.ones(shape, dtype=dtype))

    if theirs_ufunc.nin == 1:
        combos = [(d,) for d in DTYPES]
    else:
        combos = list(itertools.product(DTYPES, repeat=2))
        if name not in MATRIX:
            combos += [(d, s) for d in DTYPES for s in PY_SCALARS]
            combos += [(s, d) for d in DTYPES for s in PY_SCALARS]
    for combo in combos:
        expected = _result_dtypes(
            numpy, name, [make(numpy, c) if isinstance(c, str) else c for c in combo]
        )
        ours = _result_dtypes(fnp, name, [make(fnp, c) if isinstance(c, str) else c for c in combo])
        if isinstance(expected, str):  # an error: the same kind
            assert isinstance(ours, str), (name, combo, expected, ours)
        else:
            assert ours == expected, (name, combo, expected, ours)


# ---------------------------------------------------------------------------------------
# values: every ufunc over every dtype on every backend
# ---------------------------------------------------------------------------------------
VALUES = numpy.array([1, 2, 3, 0, 5, 7])
MIXED = [("int8", "uint8"), ("int64", "uint64"), ("float16", "int16"), ("bool", "float16"),
         ("uint32", "float32"), ("complex64", "float64")]  # fmt: skip
OTHER = numpy.array([1, 1, 2, 3, 2, 4])


@pytest.mark.parametrize("name", UFUNCS)
def test_values_every_dtype(backend, name):
    theirs = getattr(numpy, name)
    if name in MATRIX:
        x, y = numpy.array([[1, 2], [3, 0]]), numpy.array([[1, 1], [2, 3]])
        if name == "matvec":
            y = numpy.array([1, 2])
        if name == "vecmat":
            x = numpy.array([1, 2])
    else:
        x, y = VALUES, OTHER
    if theirs.nin == 1:
        combos = [(d,) for d in DTYPES]
    else:  # every dtype with itself, and mixed pairs that pick other loops
        combos = [(d, d) for d in DTYPES] + MIXED
    for combo in combos:
        arrays = [x.astype(combo[0])] + ([y.astype(combo[1])] if theirs.nin == 2 else [])

        def run(np, arrays=arrays):
            return getattr(np, name)(*[np.asarray(a) for a in arrays])

        compare(_quiet(run), **_tolerance(combo))


@pytest.mark.parametrize(
    "name", [n for n in UFUNCS if getattr(numpy, n).nin == 2 and n not in MATRIX]
)
def test_python_scalars(backend, name):
    for dtype, scalar in [("uint8", 300), ("float32", 2.5), ("int64", -1), ("float16", 3)]:
        x = VALUES.astype(dtype)
        tol = _tolerance([dtype])
        compare(_quiet(lambda np, x=x, s=scalar: getattr(np, name)(np.asarray(x), s)), **tol)
        compare(_quiet(lambda np, x=x, s=scalar: getattr(np, name)(s, np.asarray(x))), **tol)


@pytest.mark.parametrize("name", ["equal", "not_equal", "less", "less_equal", "greater",
                                  "greater_equal", "logical_and", "logical_or", "logical_xor"])  # fmt: skip
@pytest.mark.parametrize("dtype,scalar", [("uint8", 300), ("uint8", -1), ("int8", 128),
                                          ("int8", -129), ("uint64", -1), ("int64", 2**63)])  # fmt: skip
def test_out_of_range_python_int_comparisons(backend, name, dtype, scalar):
    """numpy 2 compares with an int beyond the dtype's range without an error."""
    x = numpy.array([0, 1, 100]).astype(dtype)
    compare(lambda np: getattr(np, name)(np.asarray(x), scalar))
    compare(lambda np: getattr(np, name)(scalar, np.asarray(x)))
    compare(lambda np: getattr(np, name)(np.asarray(x)[0], scalar))


def test_out_of_range_python_int_arithmetic(backend):
    x = numpy.array([0, 1, 100], dtype="uint8")
    compare(lambda np: np.add(np.asarray(x), 300))
    compare(lambda np: np.maximum(np.asarray(x), -1))
    compare(lambda np: np.asarray(x) == 300)
    compare(lambda np: np.asarray(x) < -1)


def test_bool_refusals(backend):
    b = numpy.array([True, False])
    for name in ("positive", "sign", "negative"):
        compare(lambda np, name=name: getattr(np, name)(np.asarray(b)))
    for name in ("gcd", "lcm", "subtract"):
        compare(lambda np, name=name: getattr(np, name)(np.asarray(b), np.asarray(b)))
        compare(lambda np, name=name: getattr(np, name)(np.asarray(b), True))


def test_integer_power_negative_exponent(backend):
    x = numpy.array([2, 3], dtype="int32")
    compare(lambda np: np.power(np.asarray(x), -1))
    compare(lambda np: np.power(np.asarray(x), np.asarray([1, -2])))
    compare(lambda np: np.power(np.asarray(x), np.asarray([1, 2], dtype="uint8")))
    compare(lambda np: np.asarray(x) ** 2.5)


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "uint64"])
def test_unsigned_extremes(backend, dtype):
    """Wide unsigned integers, which torch's kernels lack, computed exactly."""
    top = numpy.iinfo(dtype).max
    x = numpy.array([top, top - 1, 2**15 + 3, 7, 0, 1], dtype=dtype)
    y = numpy.array([3, top, 2, 0, 5, top // 2], dtype=dtype)
    for name in ("floor_divide", "remainder", "fmod", "divmod", "right_shift", "left_shift",
                 "power", "gcd", "lcm", "bitwise_count", "maximum", "less"):  # fmt: skip
        args = (x,) if name == "bitwise_count" else (x, y % 70 if "shift" in name else y)
        compare(_quiet(lambda np, name=name, args=args: getattr(np, name)(*map(np.asarray, args))))


# ---------------------------------------------------------------------------------------
# the kernels this frontend writes: edge values
# ---------------------------------------------------------------------------------------
EDGES = [0.0, -0.0, 1.0, -1.5, 0.75, 1e-310, -3e-320, 2.2250738585072014e-308, 1e308, -1e300,
         float("inf"), float("-inf"), float("nan"), 8.0, 27.0, -64.0, 1024.5, 3.0e-5]  # fmt: skip


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_frexp_modf_cbrt_spacing(backend, dtype):
    with numpy.errstate(over="ignore"):
        x = numpy.array(EDGES, dtype="float64").astype(dtype)
    if backend in ("jax", "tensorflow"):  # XLA on CPU flushes subnormals to zero
        x = x[numpy.isnan(x) | (numpy.abs(x) >= numpy.finfo(dtype).tiny) | (x == 0)]
    compare(_quiet(lambda np: np.frexp(np.asarray(x))))
    compare(_quiet(lambda np: np.modf(np.asarray(x))))
    # numpy's float32 cbrt (C's cbrtf) is not correctly rounded; ours is, from float64
    cbrt_tol = {"float64": 4e-16, "float32": 2.4e-7, "float16": 0}[dtype]
    compare(_quiet(lambda np: np.cbrt(np.asarray(x))), rtol=cbrt_tol)
    finite = x[numpy.isfinite(x) & (numpy.abs(x) < numpy.finfo(dtype).max / 2)]
    if backend in ("jax", "tensorflow"):
        finite = finite[numpy.abs(finite) > 1e-300]  # their spacing of tiny values is flushed
    compare(_quiet(lambda np: np.spacing(np.asarray(finite))))


def test_spacing_float_types(backend):
    compare(lambda np: np.spacing(np.asarray([1.0, -1.0, 1000.0, -0.0], dtype=np.float32)))
    half = [1.0, -2.0, -3.0, 65504.0, -65504.0, 1e-5, -1e-5, 6.1035e-05, -6.1035e-05, 0.0, -0.0]
    compare(_quiet(lambda np: np.spacing(np.asarray(half, dtype=np.float16))))
    compare(lambda np: np.spacing(np.asarray([1, 2], dtype=np.int16)))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_ldexp(backend, dtype):
    x = numpy.array([1.0, -1.5, 0.75, 0.0, -0.0, float("inf"), float("nan"), 3.0]).astype(dtype)
    e = numpy.array([0, 3, -2, 5, 1, 2, 4, 10000], dtype="int32")
    compare(_quiet(lambda np: np.ldexp(np.asarray(x), np.asarray(e))))
    compare(_quiet(lambda np: np.ldexp(np.asarray(x), np.asarray(-e))))
    compare(_quiet(lambda np: np.ldexp(np.asarray(x), 3)))
    compare(_quiet(lambda np: np.ldexp(np.asarray(x), np.asarray(e, dtype="int64"))))
    compare(_quiet(lambda np: np.ldexp(np.asarray(x)[1], 2)))
    compare(_quiet(lambda np: np.ldexp(3, np.asarray(e, dtype="int16"))))
    compare(_quiet(lambda np: np.ldexp(2.5, np.asarray(e))))
    compare(lambda np: np.ldexp(np.asarray(x), 2.5))
    compare(lambda np: np.ldexp(np.asarray(e), np.asarray(x)))
    compare(_quiet(lambda np: np.ldexp(np.asarray(x, dtype=np.uint64), 1)))
    big = numpy.array([1e-300, 1e300, 0.5], dtype="float64")
    compare(_quiet(lambda np: np.ldexp(np.asarray(big), np.asarray([900, -900, 1024]))))


def test_logaddexp2_and_logaddexp(backend):
    x = numpy.array([0.0, 1.0, -numpy.inf, numpy.inf, 1000.0, -5.0, numpy.nan, 3.0])
    y = numpy.array([0.0, 2.0, -numpy.inf, numpy.inf, 1.0, -numpy.inf, 1.0, -2.0])
    for name in ("logaddexp2", "logaddexp"):
        compare(
            _quiet(lambda np, name=name: getattr(np, name)(np.asarray(x), np.asarray(y))),
            rtol=1e-15,
        )
        compare(
            _quiet(
                lambda np, name=name: getattr(np, name)(
                    np.asarray(x, dtype=np.float16), np.float16(1)
                )
            ),
            rtol=1e-3,
        )


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint16", "uint64"])
def test_gcd_lcm_bitwise_count(backend, dtype):
    info = numpy.iinfo(dtype)
    x = numpy.array([12, 0, 7, 100, info.max, info.min, 1, 36]).astype(dtype)
    y = numpy.array([18, 5, 0, 75, info.max, 3, info.max, 48]).astype(dtype)
    if info.min < 0:
        x[2], y[6] = -14, -21
    compare(_quiet(lambda np: np.gcd(np.asarray(x), np.asarray(y))))
    compare(_quiet(lambda np: np.lcm(np.asarray(x[:4]), np.asarray(y[:4]))))
    compare(lambda np: np.bitwise_count(np.asarray(x)))
    compare(lambda np: np.gcd(np.asarray(x), 6))


def test_divmod(backend):
    x = numpy.array([7, -7, 7, -7, 0, 5])
    y = numpy.array([2, 2, -2, -2, 3, 0])
    compare(_quiet(lambda np: np.divmod(np.asarray(x), np.asarray(y))))
    compare(_quiet(lambda np: np.divmod(np.asarray(x * 1.5), np.asarray(y * 0.5))))
    compare(_quiet(lambda np: divmod(np.asarray(x), 3)))
    compare(_quiet(lambda np: np.divmod(np.asarray(x)[0], 3)))
    compare(lambda np: np.divmod(np.asarray([1j]), 2))


@pytest.mark.parametrize("dtype", ["bool", "int32", "uint8", "float32", "float64", "complex128"])
def test_matvec_vecmat_vecdot(backend, dtype):
    a = (numpy.arange(24).reshape(2, 3, 4) % 5 - (0 if dtype in ("bool", "uint8") else 2)).astype(
        dtype
    )
    v = (numpy.arange(4) % 3).astype(dtype)
    w = (numpy.arange(3) + 1).astype(dtype)
    if dtype == "complex128":
        a, v, w = a + 1j * a[..., ::-1], v - 2j, w + 1j
    tol = {"rtol": 1e-6} if dtype == "float32" else {}
    compare(lambda np: np.matvec(np.asarray(a), np.asarray(v)), **tol)
    compare(lambda np: np.vecmat(np.asarray(w), np.asarray(a)), **tol)
    compare(lambda np: np.vecdot(np.asarray(a), np.asarray(v)), **tol)
    compare(lambda np: np.vecdot(np.asarray(v), np.asarray(v)), **tol)
    compare(lambda np: np.matmul(np.asarray(a), np.asarray(v)), **tol)


def test_gufunc_shape_errors(backend):
    a, v = numpy.ones((2, 3)), numpy.ones(4)
    compare(lambda np: np.matvec(np.asarray(a), np.asarray(v)))
    compare(lambda np: np.vecmat(np.asarray(v), np.asarray(a)))
    compare(lambda np: np.vecdot(np.asarray(a), np.asarray(v)))
    compare(lambda np: np.vecdot(np.asarray(1.0), np.asarray(v)))
    compare(lambda np: np.matmul(np.asarray(a), np.asarray(v)))
    compare(lambda np: np.matmul(np.asarray(a), 2.0))


def test_complex_ordering(backend):
    x = numpy.array([1 + 2j, 1 + 3j, 0.5 + 9j, complex(numpy.nan, 0), 2 + 0j])
    y = numpy.array([1 + 3j, 1 + 3j, 0.7 + 0j, 1 + 1j, complex(0, numpy.nan)])
    for name in ("less", "less_equal", "greater", "greater_equal", "maximum", "minimum",
                 "fmax", "fmin"):  # fmt: skip
        compare(
            _quiet(lambda np, name=name: getattr(np, name)(np.asarray(x[:3]), np.asarray(y[:3])))
        )
    for name in ("maximum", "minimum", "fmax", "fmin"):
        compare(_quiet(lambda np, name=name: getattr(np, name)(np.asarray(x), np.asarray(y))))


def test_integer_reciprocal_and_division_by_zero(backend):
    for dtype in ("int8", "int32", "int64", "uint16"):
        x = numpy.array([1, 2, 0, 5]).astype(dtype)
        compare(_quiet(lambda np, x=x: np.reciprocal(np.asarray(x))))
        compare(_quiet(lambda np, x=x: np.floor_divide(np.asarray(x), np.asarray(x[::-1] * 0))))
        compare(_quiet(lambda np, x=x: np.remainder(np.asarray(x), 0)))


def test_complex_logs_at_zero(backend):
    for dtype in ("complex64", "complex128"):
        x = numpy.array([0, 1, 10, -1, 1j], dtype=dtype)
        for name in ("log", "log2", "log10", "log1p"):
            compare(_quiet(lambda np, name=name, x=x: getattr(np, name)(np.asarray(x))),
                    rtol=1e-6)  # fmt: skip


# ---------------------------------------------------------------------------------------
# ufunc methods
# ---------------------------------------------------------------------------------------
A = numpy.arange(1, 13).reshape(3, 4)
BOOLS = numpy.array([[True, False], [True, True]])
I8 = numpy.array([[100, 100], [3, 4]], dtype="int8")
REDUCE_CASES = {
    "add bool": lambda np: np.add.reduce(np.asarray(BOOLS)),
    "multiply bool": lambda np: np.multiply.reduce(np.asarray(BOOLS), axis=1),
    "add int8 widens": lambda np: np.add.reduce(np.asarray(I8)),
    "add int8 dtype": lambda np: np.add.reduce(np.asarray(I8), dtype=np.int8),
    "multiply uint16": lambda np: np.multiply.reduce(np.asarray(A.astype("uint16")), axis=0),
    "add float32": lambda np: np.add.reduce(np.asarray(A.astype("float32"))),
    "logical_and int": lambda np: np.logical_and.reduce(np.asarray(A - 5)),
    "logical_xor int": lambda np: np.logical_xor.reduce(np.asarray(A), axis=1),
    "logical_or axis None": lambda np: np.logical_or.reduce(np.asarray(A * 0), axis=None),
    "maximum bool": lambda np: np.maximum.reduce(np.asarray([True, False])),
    "minimum": lambda np: np.minimum.reduce(np.asarray(A), axis=1),
    "subtract bool": lambda np: np.subtract.reduce(np.asarray([True, False])),
    "empty add": lambda np: np.add.reduce(np.asarray(numpy.ones((2, 3, 0))), axis=2),
    "empty maximum": lambda np: np.maximum.reduce(np.asarray(numpy.ones((2, 0))), axis=1),
    "empty maximum other axis": lambda np: np.maximum.reduce(
        np.asarray(numpy.ones((2, 0))), axis=0
    ),
    "empty maximum initial": lambda np: np.maximum.reduce(
        np.asarray(numpy.ones((2, 0))), axis=1, initial=3.0
    ),
    "empty subtract": lambda np: np.subtract.reduce(np.asarray(numpy.zeros((0, 3)))),
    "empty bitwise_and": lambda np: np.bitwise_and.reduce(np.asarray(numpy.zeros(0, "uint8"))),
    "empty logaddexp": lambda np: np.logaddexp.reduce(np.asarray(numpy.zeros(0))),
    "empty hypot": lambda np: np.hypot.reduce(np.asarray(numpy.zeros((0, 3)))),
    "empty lcm": lambda np: np.lcm.reduce(np.asarray(numpy.zeros((0, 3), "int64"))),
    "axis None": lambda np: np.add.reduce(np.asarray(A), axis=None),
    "axis tuple": lambda np: np.add.reduce(np.asarray(A.reshape(2, 3, 2)), axis=(0, 2)),
    "subtract tuple": lambda np: np.subtract.reduce(np.asarray(A), axis=(0, 1)),
    "maximum tuple": lambda np: np.maximum.reduce(np.asarray(A), axis=(0, 1)),
    "bitwise_or tuple": lambda np: np.bitwise_or.reduce(np.asarray(A), axis=(0, 1)),
    "bitwise_xor": lambda np: np.bitwise_xor.reduce(np.asarray(A), axis=0),
    "maximum where": lambda np: np.maximum.reduce(
        np.asarray(A), where=np.asarray([True, False, True, True])
    ),
    "maximum where initial": lambda np: np.maximum.reduce(
        np.asarray(A), where=np.asarray([True, False, True, True]), initial=-5, axis=1
    ),
    "add where initial": lambda np: np.add.reduce(
        np.asarray(numpy.ones((2, 3))), where=np.asarray([True, False, True]), initial=5
    ),
    "divide": lambda np: np.divide.reduce(np.asarray(A), axis=1),
    "power": lambda np: np.power.reduce(np.asarray([2, 3, 2])),
    "equal int": lambda np: np.equal.reduce(np.asarray(A), axis=1),
    "equal bool": lambda np: np.equal.reduce(np.asarray([True, False, True])),
    "initial 300": lambda np: np.add.reduce(np.asarray(numpy.array([1, 2], "uint8")), initial=300),
    "0-d": lambda np: np.add.reduce(np.asarray(5)),
    "0-d axis ()": lambda np: np.add.reduce(np.asarray(5), axis=()),
    "divmod": lambda np: np.divmod.reduce(np.asarray([1.0, 2.0])),
    "unary": lambda np: np.sin.reduce(np.asarray([1.0, 2.0])),
    "gcd": lambda np: np.gcd.reduce(np.asarray([12, 18, 27])),
    "lcm": lambda np: np.lcm.reduce(np.asarray([4, 6, 10])),
    "dtype int": lambda np: np.add.reduce(np.asarray([1.5, 2.0]), dtype=int),
    "dtype float32": lambda np: np.add.reduce(np.asarray(I8), dtype=np.float32),
    "keepdims": lambda np: np.add.reduce(np.asarray([[1, 2], [3, 4]]), keepdims=True, axis=None),
    "keepdims axis": lambda np: np.maximum.reduce(np.asarray(A), keepdims=True, axis=1),
    "out": lambda np: (lambda o: (np.add.reduce(np.asarray(numpy.ones((2, 3))), axis=0, out=o), o))(
        np.asarray(numpy.zeros(3))
    ),
    "out float to int": lambda np: np.add.reduce(
        np.asarray([1.5, 2.5]), out=np.asarray(numpy.zeros((), int))
    ),
    "out bad shape": lambda np: np.add.reduce(
        np.asarray(numpy.ones((2, 3))), out=np.asarray(numpy.zeros(2))
    ),
    "axis out of bounds": lambda np: np.add.reduce(np.asarray(numpy.ones((2, 3))), axis=2),
    "axis duplicate": lambda np: np.add.reduce(np.asarray(numpy.ones((2, 3))), axis=(0, 0)),
    "axis float": lambda np: np.add.reduce(np.asarray(numpy.ones((2, 3))), axis=1.0),
    "gufunc": lambda np: np.matmul.reduce(np.asarray(numpy.ones((2, 2, 2)))),
    "fmax nan": lambda np: np.fmax.reduce(np.asarray([1.0, numpy.nan, 3.0])),
    "maximum nan": lambda np: np.maximum.reduce(np.asarray([1.0, numpy.nan, 3.0])),
    "complex maximum": lambda np: np.maximum.reduce(np.asarray([1 + 2j, 1 + 3j, 0.5 + 9j])),
    "complex add": lambda np: np.add.reduce(np.asarray([1 + 2j, 1 + 3j, 0.5 + 9j])),
    "list input": lambda np: np.multiply.reduce([[1, 2], [3, 4]], axis=1),
    "long subtract": lambda np: np.subtract.reduce(np.asarray(numpy.arange(37.0))),
    "long hypot": lambda np: np.hypot.reduce(np.asarray(numpy.arange(37.0).reshape(37, 1)), axis=0),
}


@pytest.mark.parametrize("case", sorted(REDUCE_CASES))
def test_reduce(backend, case):
    compare(_quiet(REDUCE_CASES[case]), rtol=1e-12)


ACCUMULATE_CASES = {
    "add bool": lambda np: np.add.accumulate(np.asarray([True, False, True])),
    "add int8": lambda np: np.add.accumulate(np.asarray(numpy.array([100, 100], "int8"))),
    "multiply uint16": lambda np: np.multiply.accumulate(
        np.asarray(numpy.array([100, 100], "uint16"))
    ),
    "add float": lambda np: np.add.accumulate(np.asarray(A * 0.5), axis=1),
    "subtract": lambda np: np.subtract.accumulate(np.asarray(numpy.arange(5))),
    "divide": lambda np: np.divide.accumulate(np.asarray(numpy.arange(1, 5))),
    "less": lambda np: np.less.accumulate(np.asarray(numpy.arange(1, 5))),
    "logical_and int": lambda np: np.logical_and.accumulate(np.asarray(numpy.arange(0, 5))),
    "dtype and axis": lambda np: np.add.accumulate(
        np.asarray(numpy.ones((2, 3))), dtype=np.float32, axis=1
    ),
    "axis None": lambda np: np.add.accumulate(np.asarray(numpy.ones((2, 3))), axis=None),
    "0-d": lambda np: np.add.accumulate(np.asarray(3)),
    "maximum": lambda np: np.maximum.accumulate(np.asarray([3, 1, 4, 1, 5, 9, 2])),
    "maximum nan": lambda np: np.maximum.accumulate(np.asarray([3, numpy.nan, 4.0])),
    "fmin nan": lambda np: np.fmin.accumulate(np.asarray([3, numpy.nan, 4.0, 1.0])),
    "bitwise_xor": lambda np: np.bitwise_xor.accumulate(np.asarray(A), axis=1),
    "empty": lambda np: np.add.accumulate(np.asarray(numpy.zeros((0, 2)))),
    "out": lambda np: (lambda o: (np.multiply.accumulate(np.asarray(A), axis=0, out=o), o))(
        np.asarray(numpy.zeros((3, 4)))
    ),
    "axis out of bounds": lambda np: np.add.accumulate(np.asarray(A), axis=3),
}


@pytest.mark.parametrize("case", sorted(ACCUMULATE_CASES))
def test_accumulate(backend, case):
    compare(_quiet(ACCUMULATE_CASES[case]), rtol=1e-12)


def test_reduceat_and_outer(backend):
    compare(lambda np: np.add.reduceat(np.asarray(numpy.arange(8.0)), [0, 4, 1, 5, 7]))
    compare(lambda np: np.add.reduceat(np.asarray(numpy.arange(8)), [0, 9]))
    compare(lambda np: np.add.reduceat(np.asarray(numpy.arange(8, dtype="int8")), [0, 3]))
    compare(lambda np: np.maximum.reduceat(np.asarray(numpy.arange(8)), np.asarray([0, 3])))
    compare(lambda np: np.add.reduceat(np.asarray(numpy.arange(8)), []))
    compare(
        lambda np: np.multiply.reduceat(np.asarray(numpy.arange(12).reshape(3, 4)), [0, 2], axis=1)
    )
    compare(lambda np: np.multiply.outer(np.asarray([1, 2, 3]), np.asarray([[1, 2], [3, 4]])))
    compare(lambda np: np.subtract.outer([1.5, 2], np.asarray([1, 2], dtype=np.int8)))
    compare(lambda np: np.sin.outer(np.asarray([1.0]), np.asarray([1.0])))


AT_CASES = [
    ("add", [0, 0, 1], 1, "int64"),
    ("subtract", [0, 0, 1], numpy.array([1, 2, 3]), "int64"),
    ("negative", [0, 0, 1], None, "float64"),
    ("add", [0, 0, 1], 1.5, "int64"),
    ("add", (0, [0, 0]), 10, "int64"),
    ("multiply", (slice(None), [0, 0]), 2, "int64"),
    ("add", [0], 300, "uint8"),
    ("add", [7], 1, "int64"),
    ("divide", [0, 1, 1], 2, "float64"),
    ("maximum", [0, 0, 3], numpy.array([7, 2, -1]), "int64"),
    ("minimum", [4, 4], numpy.array([2, 3]), "float32"),
    ("add", numpy.array([True, False, True, False, False]), 1, "float64"),
    ("add", slice(1, 3), 1, "float64"),
    ("add", 2, 1, "float64"),
    ("add", [1, 1], numpy.array([1.5, 2.5]), "float32"),
    ("power", [1, 1, 2], 2, "int64"),
]


@pytest.mark.parametrize("name,index,value,dtype", AT_CASES)
def test_at(backend, name, index, value, dtype):
    def run(np):
        base = numpy.arange(6).reshape(2, 3) if isinstance(index, tuple) else numpy.arange(5)
        a = np.asarray(base.astype(dtype))
        result = getattr(np, name).at(a, index, *(() if value is None else (value,)))
        return result, a

    compare(_quiet(run))


def test_at_errors(backend):
    compare(lambda np: np.add.at(np.asarray([1, 2]), [0]))
    compare(lambda np: np.negative.at(np.asarray([1, 2]), [0], 1))


# ---------------------------------------------------------------------------------------
# floating-point error state
# ---------------------------------------------------------------------------------------
def _warnings_of(fn, np):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            fn(np)
        except FloatingPointError as error:
            return ["FloatingPointError: " + str(error)]
    return sorted(f"{w.category.__name__}: {w.message}" for w in caught)


FP_CASES = {
    "floor_divide int overflow": lambda np: np.asarray([-128, 4], dtype="int8") // -1,
    "divmod int overflow": lambda np: np.divmod(np.asarray([-(2**31)], dtype="int32"), -1),
    "floor_divide empty by 0": lambda np: np.asarray([], dtype="int64") // 0,
    "floor_divide reduce": lambda np: np.floor_divide.reduce(np.asarray([-128, 1, -1], "int8")),
    "floor_divide reduce zero": lambda np: np.floor_divide.reduce(np.asarray([4, 0], "int16")),
    "divmod float by 0": lambda np: np.divmod(np.asarray([1.0]), 0.0),
    "sin inf": lambda np: np.sin(np.asarray([np.inf, 1.0], dtype="float32")),
    "divide": lambda np: np.divide(np.asarray([1.0, 0.0, 2.0]), 0.0),
    "divide operator": lambda np: np.asarray([1.0, -1.0]) / np.asarray([0.0, 0.0]),
    "divide ints": lambda np: np.asarray([1, 2]) / 0,
    "sqrt": lambda np: np.sqrt(np.asarray([-1.0, 4.0])),
    "log zero": lambda np: np.log(np.asarray([0.0, 1.0])),
    "log negative": lambda np: np.log(np.asarray([-1.0], dtype=np.float32)),
    "exp": lambda np: np.exp(np.asarray([1000.0, 1.0])),
    "multiply overflow": lambda np: np.multiply(np.asarray([1e300]), 1e300),
    "add overflow float16": lambda np: np.asarray([60000.0], dtype=np.float16) + np.float16(60000),
    "floor_divide ints": lambda np: np.floor_divide(np.asarray([1, 2]), 0),
    "remainder ints": lambda np: np.remainder(np.asarray([1, 2]), np.asarray([0, 1])),
    "remainder floats": lambda np: np.remainder(np.asarray([1.0]), 0.0),
    "floor_divide floats": lambda np: np.floor_divide(np.asarray([1.0]), 0.0),
    "power zero": lambda np: np.power(np.asarray([0.0]), -1.0),
    "arctanh": lambda np: np.arctanh(np.asarray([1.0, 2.0, 0.5])),
    "arcsin": lambda np: np.arcsin(np.asarray([2.0])),
    "reciprocal": lambda np: np.reciprocal(np.asarray([0.0])),
    "no error": lambda np: np.divide(np.asarray([1.0]), 2.0),
    "nan input": lambda np: np.sqrt(np.asarray([numpy.nan])),
    "inf input": lambda np: np.add(np.asarray([numpy.inf]), 1.0),
    "integers wrap silently": lambda np: np.add(np.asarray([127], dtype=np.int8), np.int8(1)),
    "comparison": lambda np: np.less(np.asarray([numpy.nan]), 1.0),
    "reduce": lambda np: np.add.reduce(np.asarray([1e308, 1e308, 1.0])),
    "reduce finite": lambda np: np.multiply.reduce(np.asarray([1e8, 1e8])),
    "accumulate": lambda np: np.multiply.accumulate(np.asarray([1e300, 1e300])),
    "reduceat": lambda np: np.add.reduceat(np.asarray([1e308, 1e308, 1.0]), [0, 2]),
}


@pytest.mark.parametrize("mode", ["warn", "raise", "ignore"])
@pytest.mark.parametrize("case", sorted(FP_CASES))
def test_floating_point_errors(backend, case, mode):
    fn = FP_CASES[case]

    def under_state(np):
        with np.errstate(divide=mode, over=mode, invalid=mode):
            return fn(np)

    assert _warnings_of(under_state, fnp) == _warnings_of(under_state, numpy)
    if mode == "warn":
        assert _warnings_of(fn, fnp) == _warnings_of(fn, numpy)  # numpy's default state


def test_errstate_api(backend):
    assert fnp.geterr() == numpy.geterr() == {
        "divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}  # fmt: skip
    old = fnp.seterr(all="raise")
    try:
        assert fnp.geterr()["over"] == "raise"
        with pytest.raises(FloatingPointError, match="divide by zero encountered in divide"):
            fnp.divide(fnp.asarray([1.0]), 0.0)
        with fnp.errstate(divide="ignore"):
            fnp.divide(fnp.asarray([1.0]), 0.0)
            with pytest.raises(FloatingPointError, match="invalid value encountered in sqrt"):
                fnp.sqrt(fnp.asarray([-1.0]))
    finally:
        fnp.seterr(**old)
    assert fnp.geterr() == old

    @fnp.errstate(over="raise")
    def exploding():
        return fnp.exp(fnp.asarray([1000.0]))

    with pytest.raises(FloatingPointError, match="overflow encountered in exp"):
        exploding()
    with pytest.raises(ValueError):
        fnp.seterr(divide="sometimes")

    calls = []
    with fnp.errstate(
        call=lambda kind, flag: calls.append((kind, flag)), divide="call", invalid="call"
    ):
        fnp.divide(fnp.asarray([1.0, 0.0]), 0.0)
        assert fnp.geterrcall() is not None
    expected = []
    with numpy.errstate(
        call=lambda kind, flag: expected.append((kind, flag)), divide="call", invalid="call"
    ):
        numpy.divide(numpy.asarray([1.0, 0.0]), 0.0)
    # the flag is the status word (numpy's own varies with how its SIMD loop ran)
    assert [kind for kind, _ in calls] == [kind for kind, _ in expected]
    assert calls == [("divide by zero", 9), ("invalid value", 9)]


def test_numpy_scalars_share_the_state(backend):
    """Reductions give real numpy scalars; their arithmetic obeys the same errstate."""
    total = numpy.float64(3.0)
    with fnp.errstate(divide="raise"):
        with pytest.raises(FloatingPointError):
            total / 0
        with pytest.raises(FloatingPointError):
            fnp.asarray([1.0, 2.0]) / (total * 0)


def test_gufunc_axes_and_keepdims(backend):
    a = numpy.arange(6.0).reshape(2, 3)
    compare(lambda np: np.vecdot(np.asarray(a), np.asarray(a), axis=0))
    compare(lambda np: np.vecdot(np.asarray(a), np.asarray(a), axis=0, keepdims=True))
    compare(lambda np: np.vecdot(np.asarray(a), np.asarray(a), keepdims=True))
    compare(lambda np: np.vecdot(np.asarray(a), np.asarray(a), axis=3))
    m, n = numpy.ones((2, 3, 4)), numpy.arange(24.0).reshape(4, 3, 2)
    compare(lambda np: np.matmul(np.asarray(m), np.asarray(n), axes=[(1, 2), (0, 1), (0, 1)]))
    v = numpy.arange(6.0).reshape(3, 2)
    compare(lambda np: np.matvec(np.asarray(v), np.asarray([1.0, 2, 3]), axes=[(1, 0), (0,), (0,)]))
    compare(lambda np: np.add(np.asarray(a), 1, axis=0))
