"""core's set functions against numpy 2's unique_* (equal_nan=False: each nan distinct),
on every backend: sorted values, first-occurrence indices, inverse of the input's shape."""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given

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
