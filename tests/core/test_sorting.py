"""core's sorting functions against numpy (array-api-strict's stable descending rule), on
every backend: nan last (first when descending), ties in their original order."""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names


def comparable(x: numpy.ndarray) -> numpy.ndarray:
    return x.astype(numpy.float32) if x.dtype == NUMPY_DTYPES["bfloat16"] else x


def reference_argsort(x: numpy.ndarray, axis: int, descending: bool) -> numpy.ndarray:
    """array-api-strict's argsort: stable, and descending keeps ties in original order."""
    keys = comparable(x)
    if not descending:
        return numpy.argsort(keys, axis=axis, kind="stable")
    flipped = numpy.argsort(numpy.flip(keys, axis), axis=axis, kind="stable")
    return x.shape[axis] - 1 - numpy.flip(flipped, axis)


def unsupported(name: str, dtype) -> bool:
    return core.as_core_dtype(dtype) in core.function_unsupported_dtypes(name)


@pytest.mark.parametrize("name", ["argsort", "sort"])
@given(x=arrays(dtype_names("all"), min_dims=1), data=st.data(), descending=st.booleans())
def test_sort_argsort(backend, name, x, data, descending):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    array = core.asarray(x)
    if unsupported(name, x.dtype):
        with pytest.raises(core.UnsupportedDtypeError):
            getattr(core, name)(array, axis=axis)
        return
    order = reference_argsort(x, axis % x.ndim, descending)
    result = getattr(core, name)(array, axis=axis, descending=descending)
    if name == "argsort":
        assert_same(result, order.astype(numpy.int64))
    else:
        assert_same(result, numpy.take_along_axis(x, order, axis=axis), check_signed_zero=True)


@given(
    x=arrays(
        dtype_names("int", "uint"),
        min_dims=1,
        max_dims=2,
        elements={"min_value": 0, "max_value": 2},
    ),
    descending=st.booleans(),
)
def test_argsort_is_stable_on_ties(backend, x, descending):
    order = reference_argsort(x, x.ndim - 1, descending)
    assert_same(core.argsort(core.asarray(x), descending=descending), order.astype(numpy.int64))


def test_sort_puts_nan_last(backend):
    x = numpy.array([numpy.nan, 1.0, -numpy.inf, numpy.nan, 0.0], numpy.float32)
    assert_same(
        core.sort(core.asarray(x)),
        numpy.array([-numpy.inf, 0, 1, numpy.nan, numpy.nan], numpy.float32),
    )
    assert_same(
        core.sort(core.asarray(x), descending=True),
        numpy.array([numpy.nan, numpy.nan, 1, 0, -numpy.inf], numpy.float32),
    )
    assert_same(core.argsort(core.asarray(x), descending=True), numpy.array([0, 3, 1, 4, 2]))


def test_uint64_sorts_by_value(backend):
    x = numpy.array([2**64 - 1, 0, 2**63, 5], numpy.uint64)
    assert_same(core.sort(core.asarray(x)), numpy.sort(x))
    assert_same(core.argsort(core.asarray(x), descending=True), numpy.array([0, 2, 3, 1]))


@given(
    x=arrays(dtype_names("int", "uint", "float", "bool"), min_dims=1),
    data=st.data(),
    largest=st.booleans(),
)
def test_topk(backend, x, data, largest):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    k = data.draw(st.integers(0, x.shape[axis]))
    array = core.asarray(x)
    if unsupported("topk", x.dtype):
        with pytest.raises(core.UnsupportedDtypeError):
            core.topk(array, k, axis=axis)
        return
    order = numpy.take(reference_argsort(x, axis % x.ndim, largest), numpy.arange(k), axis=axis)
    values, indices = core.topk(array, k, axis=axis, largest=largest)
    assert_same(indices, order.astype(numpy.int64))
    assert_same(values, numpy.take_along_axis(x, order, axis=axis))


def test_topk_result_and_errors(backend):
    result = core.topk(core.asarray([1.0, numpy.nan, 3.0, 3.0]), 2)
    assert result._fields == ("values", "indices")
    assert_same(result.values, numpy.array([numpy.nan, 3.0], numpy.float32))
    assert_same(result.indices, numpy.array([1, 2]))
    with pytest.raises(ValueError):
        core.topk(core.asarray([1, 2]), 3)


@pytest.mark.parametrize("name", ["sort", "argsort"])
def test_complex_sorts_lexicographically_or_is_declared_unsupported(backend, name):
    values = numpy.array([2 + 1j, 1 + 2j, 1 + 1j, 1 + 2j], numpy.complex64)
    if unsupported(name, "complex64"):
        assert backend in ("torch", "tensorflow")
        with pytest.raises(core.UnsupportedDtypeError):
            getattr(core, name)(core.asarray(values))
        return
    order = numpy.argsort(values, kind="stable")
    expected = order.astype(numpy.int64) if name == "argsort" else values[order]
    assert_same(getattr(core, name)(core.asarray(values)), expected)
