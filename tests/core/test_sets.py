"""core's set functions against numpy 2's unique_* (equal_nan=False: each nan distinct),
on every backend: sorted values, first-occurrence indices, inverse of the input's shape."""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names


def unsupported(name: str, dtype) -> bool:
    return core.as_core_dtype(dtype) in core.function_unsupported_dtypes(name)


def reference(x: numpy.ndarray):
    keys = x.astype(numpy.float32) if x.dtype == NUMPY_DTYPES["bfloat16"] else x
    result = numpy.unique_all(keys)
    return result._replace(values=result.values.astype(x.dtype))


@given(x=arrays(dtype_names("all"), elements=None))
def test_unique_all(backend, x):
    if unsupported("unique_all", x.dtype):
        with pytest.raises(core.UnsupportedDtypeError):
            core.unique_all(core.asarray(x))
        return
    expected = reference(x)
    result = core.unique_all(core.asarray(x))
    assert result._fields == ("values", "indices", "inverse_indices", "counts")
    assert_same(result.values, expected.values)
    assert_same(result.indices, expected.indices.astype(numpy.int64))
    assert_same(
        result.inverse_indices, expected.inverse_indices.reshape(x.shape).astype(numpy.int64)
    )
    assert_same(result.counts, expected.counts.astype(numpy.int64))


@given(x=arrays(dtype_names("int", "uint", "float", "bool"), elements=None))
def test_unique_counts_inverse_values(backend, x):
    expected = reference(x)
    array = core.asarray(x)
    counts = core.unique_counts(array)
    assert counts._fields == ("values", "counts")
    assert_same(counts.values, expected.values)
    assert_same(counts.counts, expected.counts.astype(numpy.int64))
    inverse = core.unique_inverse(array)
    assert inverse._fields == ("values", "inverse_indices")
    assert_same(
        inverse.inverse_indices, expected.inverse_indices.reshape(x.shape).astype(numpy.int64)
    )
    assert_same(core.unique_values(array), expected.values)


def test_each_nan_is_distinct_and_zeros_are_equal(backend):
    x = numpy.array([[numpy.nan, 0.0], [-0.0, numpy.nan]], numpy.float32)
    result = core.unique_all(core.asarray(x))
    assert_same(result.values, numpy.array([0.0, numpy.nan, numpy.nan], numpy.float32))
    assert_same(result.indices, numpy.array([1, 0, 3]))
    assert_same(result.inverse_indices, numpy.array([[1, 0], [0, 2]]))
    assert_same(result.counts, numpy.array([2, 1, 1]))


def test_unique_of_empty_and_0d(backend):
    empty = core.unique_all(core.asarray(numpy.zeros((2, 0), numpy.int16)))
    assert_same(empty.values, numpy.zeros(0, numpy.int16))
    assert_same(empty.inverse_indices, numpy.zeros((2, 0), numpy.int64))
    assert_same(empty.counts, numpy.zeros(0, numpy.int64))
    scalar = core.unique_inverse(core.asarray(numpy.array(2**64 - 1, numpy.uint64)))
    assert_same(scalar.values, numpy.array([2**64 - 1], numpy.uint64))
    assert_same(scalar.inverse_indices, numpy.int64(0))


@given(
    dtypes=st.tuples(dtype_names("all"), dtype_names("all")),
    data=st.data(),
    invert=st.booleans(),
)
def test_isin(backend, dtypes, data, invert):
    small = {"min_value": -3, "max_value": 3}
    x1 = data.draw(arrays(dtypes[0]))
    x2 = data.draw(arrays(dtypes[1], max_dims=1, max_side=6))
    if core.as_core_dtype(x1.dtype).kind in "iu" and core.as_core_dtype(x2.dtype).kind in "iu":
        # small integers, so that matches happen
        x1 = data.draw(arrays(dtypes[0], shape=x1.shape, elements=bounded_ints(dtypes[0], small)))
        x2 = data.draw(arrays(dtypes[1], shape=x2.shape, elements=bounded_ints(dtypes[1], small)))
    common = core.result_type(core.as_core_dtype(x1.dtype), core.as_core_dtype(x2.dtype))
    wide1 = x1.astype(NUMPY_DTYPES[common])
    wide2 = x2.astype(NUMPY_DTYPES[common])
    if common == "bfloat16":
        wide1, wide2 = wide1.astype(numpy.float32), wide2.astype(numpy.float32)
    expected = numpy.isin(wide1, wide2, invert=invert)
    result = core.isin(core.asarray(x1), core.asarray(x2), invert=invert)
    assert_same(result, numpy.asarray(expected))


def bounded_ints(dtype: str, bounds: dict) -> dict:
    return {"min_value": 0, "max_value": 3} if dtype.startswith("uint") else bounds


def test_isin_nan_zero_and_scalars(backend):
    x = core.asarray(numpy.array([numpy.nan, -0.0, 2.0, 5.0], numpy.float32))
    y = core.asarray(numpy.array([numpy.nan, 0.0, 2.0], numpy.float32))
    assert_same(core.isin(x, y), numpy.array([False, True, True, False]))
    assert_same(core.isin(x, y, invert=True), numpy.array([True, False, False, True]))
    ints = core.asarray(numpy.array([[1, 2], [3, 4]], numpy.int8))
    assert_same(core.isin(ints, 3), numpy.array([[False, False], [True, False]]))
    assert_same(core.isin(2, ints), numpy.bool_(True))
    big = core.asarray(numpy.array([2**64 - 1, 1], numpy.uint64))
    assert_same(
        core.isin(big, core.asarray(numpy.array([2**64 - 1], numpy.uint64))),
        numpy.array([True, False]),
    )
    assert_same(
        core.isin(ints, core.asarray(numpy.zeros(0, numpy.int8))), numpy.zeros((2, 2), bool)
    )
