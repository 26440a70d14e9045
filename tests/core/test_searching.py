"""core's searching functions against numpy, on every backend (index results: int64)."""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names


def unsupported(name: str, dtype) -> bool:
    return core.as_core_dtype(dtype) in core.function_unsupported_dtypes(name)


def comparable(x: numpy.ndarray) -> numpy.ndarray:
    """``x`` as numpy compares it nan-aware (bfloat16 widened exactly to float32)."""
    return x.astype(numpy.float32) if x.dtype == NUMPY_DTYPES["bfloat16"] else x


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@given(x=arrays(dtype_names("all")), data=st.data())
def test_argmax_argmin(backend, name, x, data):
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1)) if x.ndim else None
    keepdims = data.draw(st.booleans())
    array = core.asarray(x)
    if unsupported(name, x.dtype):
        with pytest.raises(core.UnsupportedDtypeError):
            getattr(core, name)(array, axis=axis)
        return
    reduced = range(x.ndim) if axis is None else [axis]
    if any(x.shape[a] == 0 for a in reduced):
        with pytest.raises(ValueError):
            getattr(core, name)(array, axis=axis, keepdims=keepdims)
        return
    expected = getattr(numpy, name)(comparable(x), axis=axis, keepdims=keepdims)
    assert_same(getattr(core, name)(array, axis=axis, keepdims=keepdims), expected, dtype="int64")


def test_argmax_first_nan_and_first_tie(backend):
    x = core.asarray(numpy.array([[1.0, numpy.nan, 3.0, numpy.nan], [2.0, 5.0, 5.0, 0.0]]))
    assert_same(core.argmax(x, axis=1), numpy.array([1, 1]))
    assert_same(core.argmin(x, axis=1), numpy.array([1, 3]))
    assert_same(core.argmax(x, keepdims=True), numpy.array([[1]]))


@given(x=arrays(dtype_names("all")), data=st.data())
def test_count_nonzero(backend, x, data):
    one = st.integers(-x.ndim, x.ndim - 1) if x.ndim else st.nothing()
    axis = data.draw(st.none() | one | st.lists(one, unique_by=lambda a: a % x.ndim).map(tuple))
    keepdims = data.draw(st.booleans())
    numpy_axis = tuple(range(x.ndim)) if axis is None else axis
    expected = numpy.count_nonzero(comparable(x), axis=numpy_axis, keepdims=keepdims)
    result = core.count_nonzero(core.asarray(x), axis=axis, keepdims=keepdims)
    assert_same(result, numpy.asarray(expected, numpy.int64))


@given(x=arrays(dtype_names("all"), min_dims=1))
def test_nonzero(backend, x):
    result = core.nonzero(core.asarray(x))
    expected = numpy.nonzero(comparable(x))
    assert isinstance(result, tuple) and len(result) == x.ndim
    for got, want in zip(result, expected):
        assert_same(got, want.astype(numpy.int64))


def test_nonzero_of_0d_raises(backend):
    with pytest.raises(ValueError):
        core.nonzero(core.asarray(1.0))


REAL = ("int", "uint", "float", "bool")


@given(
    dtypes=st.tuples(dtype_names(*REAL), dtype_names(*REAL)),
    data=st.data(),
    side=st.sampled_from(["left", "right"]),
    use_sorter=st.booleans(),
)
def test_searchsorted(backend, dtypes, data, side, use_sorter):
    finite = {"allow_nan": False}
    x1 = data.draw(
        arrays(
            dtypes[0],
            shape=st.integers(0, 6).map(lambda n: (n,)),
            elements=finite if "float" in dtypes[0] else None,
        )
    )
    x2 = data.draw(arrays(dtypes[1], max_dims=2, elements=finite if "float" in dtypes[1] else None))
    common = core.result_type(core.as_core_dtype(x1.dtype), core.as_core_dtype(x2.dtype))
    wide1 = comparable(x1.astype(NUMPY_DTYPES[common]))
    wide2 = comparable(x2.astype(NUMPY_DTYPES[common]))
    order = numpy.argsort(wide1, kind="stable")
    if use_sorter:
        sorter = core.asarray(order)
        haystack = core.asarray(x1)
    else:
        sorter = None
        haystack = core.asarray(x1[order])
    expected = numpy.searchsorted(wide1[order], wide2, side=side)
    result = core.searchsorted(haystack, core.asarray(x2), side=side, sorter=sorter)
    assert_same(result, numpy.asarray(expected, numpy.int64))


@given(
    dtypes=st.tuples(dtype_names("all"), dtype_names("all")),
    data=st.data(),
)
def test_where(backend, dtypes, data):
    shape = data.draw(st.sampled_from([(), (3,), (2, 3)]))
    condition = data.draw(arrays("bool", shape=shape))
    x1 = data.draw(arrays(dtypes[0], shape=(3,) if shape else ()))
    x2 = data.draw(arrays(dtypes[1], shape=shape))
    common = core.result_type(core.as_core_dtype(x1.dtype), core.as_core_dtype(x2.dtype))
    expected = numpy.where(
        condition, x1.astype(NUMPY_DTYPES[common]), x2.astype(NUMPY_DTYPES[common])
    )
    result = core.where(core.asarray(condition), core.asarray(x1), core.asarray(x2))
    assert_same(result, expected, dtype=common, check_signed_zero=True)


def test_where_python_scalars_never_widen(backend):
    condition = core.asarray([True, False])
    small = core.asarray(numpy.array([1, 2], numpy.int8))
    assert_same(core.where(condition, small, 5), numpy.array([1, 5], numpy.int8))
    assert_same(core.where(condition, 1.5, small), numpy.array([1.5, 2.0], numpy.float32))
    assert_same(core.where(condition, 1, 2), numpy.array([1, 2], numpy.int64))
    halves = core.asarray(numpy.array([1, 2], numpy.float16))
    assert_same(core.where(condition, halves, 0.25), numpy.array([1, 0.25], numpy.float16))
