"""core's statistical functions against numpy, on every backend.

numpy computes the expected VALUES (in float64/complex128, or int64/uint64 with the same
wrap-around); the expected DTYPE comes from core's rules (module doc of
core.ops.statistical), which differ from numpy's (float32, not float64, for the mean of
integers; uint64 for the sum of unsigned integers).
"""

from __future__ import annotations

import warnings

import numpy
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names

REAL = ("int", "uint", "float", "bool")


def axes(ndim: int) -> st.SearchStrategy:
    """None, one axis (negative ones too) or a tuple of distinct axes."""
    if ndim == 0:
        return st.sampled_from([None, ()])
    one = st.integers(-ndim, ndim - 1)
    return st.one_of(
        st.none(), one, st.lists(one, max_size=ndim, unique_by=lambda a: a % ndim).map(tuple)
    )


def normalised(axis, ndim: int):
    if axis is None:
        return tuple(range(ndim))
    return tuple(a % ndim for a in ((axis,) if isinstance(axis, int) else axis))


def bounded(dtype: str, bound: float = 100.0) -> dict:
    """Element bounds: floats finite within ``bound`` (summation order then changes the
    result only by rounding), integers within ``bound`` and the dtype's range."""
    kind = numpy.dtype(NUMPY_DTYPES[dtype]).kind if dtype != "bfloat16" else "f"
    if kind == "c":  # hypothesis bounds complex numbers by magnitude, not by value
        return {"max_magnitude": bound, "allow_nan": False, "allow_infinity": False}
    if kind == "f":
        return {
            "min_value": -bound,
            "max_value": bound,
            "allow_nan": False,
            "allow_infinity": False,
        }
    if kind in "iu":
        info = numpy.iinfo(NUMPY_DTYPES[dtype])
        return {
            "min_value": int(numpy.maximum(-bound, info.min)),
            "max_value": int(numpy.minimum(bound, info.max)),
        }
    return {}


def sum_dtype(dtype: str) -> str:
    """core's rule: bool and signed integers give int64, unsigned uint64, others keep."""
    kind = core.as_core_dtype(dtype).kind
    return {"b": "int64", "i": "int64", "u": "uint64"}.get(kind, dtype)


def float_dtype(dtype: str) -> str:
    """core's rule for mean-like functions: the default float dtype for int and bool."""
    return dtype if core.as_core_dtype(dtype).kind in "fc" else "float32"


def wide(x: numpy.ndarray) -> numpy.ndarray:
    """``x`` in the dtype numpy computes the oracle in."""
    kind = x.dtype.kind if x.dtype != NUMPY_DTYPES["bfloat16"] else "f"
    return x.astype({"c": numpy.complex128, "f": numpy.float64}.get(kind, x.dtype))


def rounding_atol(x: numpy.ndarray, dtype: str, terms: int) -> float:
    """An absolute tolerance for sums accumulated in a different order: the rounding of
    ``terms`` partial sums as large as the largest element, in ``dtype``'s compute type."""
    if core.as_core_dtype(dtype).kind not in "fc" or x.size == 0:
        return 0.0
    finite = numpy.abs(wide(x)[numpy.isfinite(wide(x))])
    largest = float(finite.max()) if finite.size else 0.0
    compute = {"float16": "float32", "bfloat16": "float32", "complex64": "float32"}
    eps = numpy.finfo(compute.get(dtype, dtype.replace("complex128", "float64"))).eps
    return 4 * terms * largest * float(eps) + 1e-5


def with_special(draw, x: numpy.ndarray) -> numpy.ndarray:
    """``x`` with (sometimes) one element replaced by nan, inf or -inf, for real float dtypes
    (complex infinities multiply differently in every framework)."""
    if x.size and wide(x).dtype.kind == "f" and draw(st.booleans()):
        x = x.copy()
        x.flat[draw(st.integers(0, x.size - 1))] = draw(
            st.sampled_from([numpy.nan, numpy.inf, -numpy.inf])
        )
    return x


@st.composite
def array_and_axis(draw, groups=REAL + ("complex",), bound: float = 100.0, **kwargs):
    dtype = draw(dtype_names(*groups))
    x = with_special(draw, draw(arrays(dtype, elements=bounded(dtype, bound), **kwargs)))
    return x, draw(axes(x.ndim)), draw(st.booleans())


# ---------------------------------------------------------------------------------------
# sum, prod, nansum
# ---------------------------------------------------------------------------------------
def sum_np(x):
    return numpy.uint64 if x.dtype.kind == "u" else numpy.int64


SUMS = {
    "sum": lambda x, axis, keepdims: numpy.sum(x, axis=axis, keepdims=keepdims),
    "prod": lambda x, axis, keepdims: numpy.prod(x, axis=axis, keepdims=keepdims),
    "nansum": lambda x, axis, keepdims: numpy.nansum(x, axis=axis, keepdims=keepdims),
}


@pytest.mark.parametrize("name", SUMS)
@given(case=array_and_axis(bound=4.0))
def test_sum_prod_nansum(backend, name, case):
    x, axis, keepdims = case
    dtype = str(core.as_core_dtype(x.dtype))
    result = getattr(core, name)(core.asarray(x), axis=axis, keepdims=keepdims)
    values = wide(x) if dtype != "bool" else x.astype(numpy.int64)
    if values.dtype.kind in "iu":
        values = values.astype(sum_np(values))
    expected = SUMS[name](values, normalised(axis, x.ndim), keepdims)
    terms = max(1, x.size)
    assert_same(
        result,
        numpy.asarray(expected).astype(NUMPY_DTYPES[sum_dtype(dtype)]),
        atol=rounding_atol(x, dtype, terms) * (4.0**terms if name == "prod" else 1),
    )


def test_sum_with_dtype_casts_first(backend):
    x = core.asarray(numpy.array([200, 100], dtype=numpy.uint8))
    assert_same(core.sum(x, dtype="uint8"), numpy.uint8(44))  # wraps in uint8
    assert_same(core.sum(x, dtype="float16"), numpy.float16(300))
    assert_same(core.prod(core.asarray([True, True])), numpy.int64(1))


def test_sum_of_empty_is_zero_and_prod_one(backend):
    empty = core.asarray(numpy.zeros((0, 3), dtype=numpy.int8))
    assert_same(core.sum(empty), numpy.int64(0))
    assert_same(core.sum(empty, axis=0), numpy.zeros(3, numpy.int64))
    assert_same(core.prod(empty, axis=0), numpy.ones(3, numpy.int64))
    assert_same(core.sum(core.asarray(numpy.zeros(0, numpy.float16))), numpy.float16(0))


def test_half_floats_accumulate_in_float32(backend):
    # 65504 + 65504 overflows float16 but the float32 accumulator does not
    x = core.asarray(numpy.array([65504, 65504, -65504], dtype=numpy.float16))
    assert_same(core.sum(x), numpy.float16(65504))


# ---------------------------------------------------------------------------------------
# mean, var, std, nanmean
# ---------------------------------------------------------------------------------------
def numpy_var(x, axis, keepdims, correction):
    count = int(numpy.prod([x.shape[a] for a in axis])) if axis else 1
    centre = numpy.mean(x, axis=axis, keepdims=True)
    squares = numpy.abs(x - centre) ** 2
    return numpy.sum(squares, axis=axis, keepdims=keepdims) / (count - correction)


@pytest.mark.parametrize("name", ["mean", "var", "std", "nanmean"])
@given(case=array_and_axis(), correction=st.sampled_from([0, 1, 0.5]))
def test_mean_var_std(backend, name, case, correction):
    x, axis, keepdims = case
    dtype = str(core.as_core_dtype(x.dtype))
    axis_tuple = normalised(axis, x.ndim)
    count = int(numpy.prod([x.shape[a] for a in axis_tuple]))
    assume(count > 1)
    values = wide(x).astype(numpy.complex128 if x.dtype.kind == "c" else numpy.float64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        if name == "mean":
            expected = numpy.mean(values, axis=axis_tuple, keepdims=keepdims)
            result = core.mean(core.asarray(x), axis=axis, keepdims=keepdims)
        elif name == "nanmean":
            expected = numpy.nanmean(values, axis=axis_tuple, keepdims=keepdims)
            result = core.nanmean(core.asarray(x), axis=axis, keepdims=keepdims)
        else:
            expected = numpy_var(values, axis_tuple, keepdims, correction)
            if name == "std":
                expected = numpy.sqrt(expected)
            result = getattr(core, name)(
                core.asarray(x), axis=axis, keepdims=keepdims, correction=correction
            )
    result_dtype = float_dtype(dtype)
    if name in ("var", "std"):  # complex input gives the real dtype of its precision
        result_dtype = {"complex64": "float32", "complex128": "float64"}.get(
            result_dtype, result_dtype
        )
        expected = numpy.real(expected)
    atol = rounding_atol(
        x.astype(numpy.float64) if x.dtype.kind in "biu" else x, result_dtype, count
    )
    if name in ("var", "std"):
        atol = atol * 400 if name == "var" else numpy.sqrt(atol * 400)
    assert_same(
        result,
        numpy.asarray(expected).astype(NUMPY_DTYPES[result_dtype]),
        atol=atol,
        rtol=2e-2 if result_dtype in ("float16", "bfloat16") else None,
    )


def test_mean_of_empty_is_nan_and_nanmean_ignores_nan(backend):
    assert_same(core.mean(core.asarray(numpy.zeros(0, numpy.int32))), numpy.float32("nan"))
    x = core.asarray(numpy.array([[1.0, numpy.nan], [numpy.nan, numpy.nan]], numpy.float64))
    assert_same(core.nanmean(x, axis=1), numpy.array([1.0, numpy.nan]))
    assert_same(core.nansum(x, axis=1), numpy.array([1.0, 0.0]))
    assert_same(core.mean(x, axis=0), numpy.array([numpy.nan, numpy.nan]))


# ---------------------------------------------------------------------------------------
# max, min
# ---------------------------------------------------------------------------------------
def unsupported(name: str, dtype) -> bool:
    return core.as_core_dtype(dtype) in core.function_unsupported_dtypes(name)


@pytest.mark.parametrize("name", ["max", "min"])
@given(x=arrays(dtype_names("all")), data=st.data())
def test_max_min(backend, name, x, data):
    axis = data.draw(axes(x.ndim))
    keepdims = data.draw(st.booleans())
    array = core.asarray(x)
    if unsupported(name, x.dtype):
        with pytest.raises(core.UnsupportedDtypeError):
            getattr(core, name)(array, axis=axis)
        return
    axis_tuple = normalised(axis, x.ndim)
    if any(x.shape[a] == 0 for a in axis_tuple):
        with pytest.raises(ValueError):
            getattr(core, name)(array, axis=axis, keepdims=keepdims)
        return
    expected = getattr(numpy, name)(wide(x), axis=axis_tuple, keepdims=keepdims)
    assert_same(getattr(core, name)(array, axis=axis, keepdims=keepdims), expected, dtype=x.dtype)


def test_max_min_propagate_nan_and_raise_on_empty(backend):
    x = core.asarray(numpy.array([[numpy.nan, 1.0], [2.0, 3.0]], numpy.float32))
    assert_same(core.max(x, axis=1), numpy.array([numpy.nan, 3.0], numpy.float32))
    assert_same(core.min(x, axis=0), numpy.array([numpy.nan, 1.0], numpy.float32))
    for name in ("max", "min"):
        with pytest.raises(ValueError):
            getattr(core, name)(core.asarray(numpy.zeros((2, 0), numpy.float32)))
        with pytest.raises(ValueError):
            getattr(core, name)(core.asarray(numpy.zeros((2, 0), numpy.float32)), axis=1)
    # reducing the non-empty axis of an empty array is fine
    assert_same(
        core.max(core.asarray(numpy.zeros((0, 2), numpy.int8)), axis=1), numpy.zeros(0, numpy.int8)
    )


def test_uint64_extremes_keep_their_order(backend):
    x = numpy.array([2**64 - 1, 3, 2**63], dtype=numpy.uint64)
    assert_same(core.max(core.asarray(x)), numpy.uint64(2**64 - 1))
    assert_same(core.min(core.asarray(x)), numpy.uint64(3))
    assert_same(core.sum(core.asarray(x)), numpy.sum(x, dtype=numpy.uint64))


# ---------------------------------------------------------------------------------------
# cumulative_sum, cumulative_prod, cummax, cummin
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@given(
    x=arrays(dtype_names(*REAL, "complex"), min_dims=1, elements=None).flatmap(
        lambda a: arrays(
            str(core.as_core_dtype(a.dtype)),
            shape=a.shape,
            elements=bounded(str(core.as_core_dtype(a.dtype)), 2.0),
        )
    ),
    data=st.data(),
)
def test_cumulative_sum_prod(backend, name, x, data):
    axis = (
        data.draw(st.integers(-x.ndim, x.ndim - 1))
        if x.ndim > 1
        else data.draw(st.sampled_from([None, 0, -1]))
    )
    include_initial = data.draw(st.booleans())
    dtype = str(core.as_core_dtype(x.dtype))
    result = getattr(core, name)(core.asarray(x), axis=axis, include_initial=include_initial)
    values = wide(x) if dtype != "bool" else x.astype(numpy.int64)
    if values.dtype.kind in "iu":
        values = values.astype(sum_np(values))
    position = 0 if axis is None else axis % x.ndim
    function = numpy.cumsum if name == "cumulative_sum" else numpy.cumprod
    expected = function(values, axis=position)
    if include_initial:
        shape = list(x.shape)
        shape[position] = 1
        initial = numpy.full(shape, 0 if name == "cumulative_sum" else 1, expected.dtype)
        expected = numpy.concatenate([initial, expected], axis=position)
    terms = max(1, x.shape[position])
    assert_same(
        result,
        expected.astype(NUMPY_DTYPES[sum_dtype(dtype)]),
        atol=rounding_atol(x, dtype, terms) * (2.0**terms if name == "cumulative_prod" else 1),
    )


def test_cumulative_needs_axis_beyond_1d(backend):
    with pytest.raises(ValueError):
        core.cumulative_sum(core.asarray(numpy.ones((2, 2))))
    with pytest.raises(ValueError):
        core.cummax(core.asarray(numpy.ones((2, 2))))


def reference_cumulative_extreme(x: numpy.ndarray, axis: int, largest: bool):
    """torch's rule written out: a nan or an element at least as extreme takes over."""
    moved = numpy.moveaxis(wide(x), axis, -1)
    values = numpy.empty_like(moved)
    indices = numpy.zeros(moved.shape, numpy.int64)
    for row in numpy.ndindex(moved.shape[:-1]):
        best, where = None, 0
        for i, value in enumerate(moved[row]):
            if (
                best is None
                or numpy.isnan(value)
                or (not numpy.isnan(best) and (value >= best if largest else value <= best))
            ):
                best, where = value, i
            values[row + (i,)], indices[row + (i,)] = best, where
    return numpy.moveaxis(values, -1, axis), numpy.moveaxis(indices, -1, axis)


@pytest.mark.parametrize("name", ["cummax", "cummin"])
@given(x=arrays(dtype_names("all"), min_dims=1, max_dims=2), data=st.data())
def test_cummax_cummin(backend, name, x, data):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    if unsupported(name, x.dtype):
        with pytest.raises(core.UnsupportedDtypeError):
            getattr(core, name)(core.asarray(x), axis=axis)
        return
    values, indices = getattr(core, name)(core.asarray(x), axis=axis)
    expected_values, expected_indices = reference_cumulative_extreme(
        x.astype(numpy.int64) if x.dtype == bool else x, axis % x.ndim, name == "cummax"
    )
    assert_same(values, expected_values.astype(x.dtype), dtype=x.dtype)
    assert_same(indices, expected_indices)


def test_cummax_takes_the_later_index_on_ties(backend):
    _, indices = core.cummax(core.asarray([1.0, 1.0, 0.0, 1.0]))
    assert_same(indices, numpy.array([0, 1, 1, 3]))


# ---------------------------------------------------------------------------------------
# logsumexp, median
# ---------------------------------------------------------------------------------------
@given(case=array_and_axis(groups=REAL, bound=50.0))
def test_logsumexp(backend, case):
    x, axis, keepdims = case
    dtype = str(core.as_core_dtype(x.dtype))
    axis_tuple = normalised(axis, x.ndim)
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = (
            numpy.logaddexp.reduce(
                wide(x).astype(numpy.float64), axis=axis_tuple or None, keepdims=keepdims
            )
            if axis_tuple
            else wide(x).astype(numpy.float64)
        )
    result = core.logsumexp(core.asarray(x), axis=axis, keepdims=keepdims)
    assert_same(
        result,
        numpy.asarray(expected).astype(NUMPY_DTYPES[float_dtype(dtype)]),
        atol=1e-4,
        rtol=2e-2 if dtype in ("float16", "bfloat16") else 1e-5,
    )


def test_logsumexp_special_values(backend):
    inf, nan = numpy.inf, numpy.nan
    x = numpy.array([[-inf, -inf], [inf, 1.0], [nan, 1.0], [inf, -inf]], numpy.float32)
    assert_same(
        core.logsumexp(core.asarray(x), axis=1), numpy.array([-inf, inf, nan, inf], numpy.float32)
    )
    assert_same(
        core.logsumexp(core.asarray(numpy.zeros((2, 0), numpy.float32)), axis=1),
        numpy.full(2, -inf, numpy.float32),
    )
    assert_same(
        core.logsumexp(core.asarray(numpy.array([1000.0, 1000.0], numpy.float32))),
        numpy.float32(1000 + numpy.log(2)),
    )


@given(case=array_and_axis(groups=REAL, bound=1e4))
def test_median(backend, case):
    x, axis, keepdims = case
    dtype = str(core.as_core_dtype(x.dtype))
    result_dtype = float_dtype(dtype)
    compute = "float32" if result_dtype in ("float16", "bfloat16") else result_dtype
    axis_tuple = normalised(axis, x.ndim)
    values = x.astype(NUMPY_DTYPES[compute])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = (
            numpy.median(values, axis=axis_tuple, keepdims=keepdims) if axis_tuple else values
        )
    result = core.median(core.asarray(x), axis=axis, keepdims=keepdims)
    assert_same(result, numpy.asarray(expected).astype(NUMPY_DTYPES[result_dtype]))


def test_median_is_numpys_not_torchs_lower_median(backend):
    x = core.asarray(numpy.array([[4, 1, 3, 2], [1, 2, 3, 4]], numpy.int32))
    assert_same(core.median(x, axis=1), numpy.array([2.5, 2.5], numpy.float32))
    y = core.asarray(numpy.array([1.0, numpy.nan, 3.0], numpy.float64))
    assert_same(core.median(y), numpy.float64(numpy.nan))


@pytest.mark.parametrize("name", ["logsumexp", "median", "cummax", "cummin"])
def test_complex_is_declared_unsupported(backend, name):
    with pytest.raises(core.UnsupportedDtypeError):
        getattr(core, name)(core.asarray(numpy.ones(3, numpy.complex64)), axis=0)
