"""core's utility functions (all, any, diff) against numpy, on every backend."""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names


def comparable(x: numpy.ndarray) -> numpy.ndarray:
    return x.astype(numpy.float32) if x.dtype == NUMPY_DTYPES["bfloat16"] else x


@pytest.mark.parametrize("name", ["all", "any"])
@given(x=arrays(dtype_names("all")), data=st.data())
def test_all_any(backend, name, x, data):
    one = st.integers(-x.ndim, x.ndim - 1) if x.ndim else st.nothing()
    axis = data.draw(st.none() | one | st.lists(one, unique_by=lambda a: a % x.ndim).map(tuple))
    keepdims = data.draw(st.booleans())
    numpy_axis = tuple(range(x.ndim)) if axis is None else axis
    expected = getattr(numpy, name)(comparable(x), axis=numpy_axis, keepdims=keepdims)
    result = getattr(core, name)(core.asarray(x), axis=axis, keepdims=keepdims)
    assert_same(result, numpy.asarray(expected))


def test_all_any_of_empty_and_nan(backend):
    assert_same(core.all(core.asarray(numpy.zeros(0, numpy.float32))), numpy.bool_(True))
    assert_same(core.any(core.asarray(numpy.zeros(0, numpy.float32))), numpy.bool_(False))
    assert_same(core.all(core.asarray([numpy.nan, 1.0])), numpy.bool_(True))


@given(
    x=arrays(dtype_names("numeric", "bool"), min_dims=1),
    extra=dtype_names("numeric", "bool"),
    data=st.data(),
)
def test_diff(backend, x, extra, data):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.integers(0, 3))
    position = axis % x.ndim
    edge = list(x.shape)
    edge[position] = data.draw(st.integers(0, 2))
    prepend = data.draw(st.none() | arrays(extra, shape=tuple(edge)) | arrays(extra, shape=()))
    append = data.draw(st.none() | arrays(str(core.as_core_dtype(x.dtype)), shape=tuple(edge)))
    parts = [p for p in (prepend, x, append) if p is not None]
    common = core.result_type(*(core.as_core_dtype(p.dtype) for p in parts))
    one_slice = list(x.shape)
    one_slice[position] = 1
    wide = [
        numpy.broadcast_to(p, one_slice) if p.ndim == 0 else p
        for p in (p.astype(NUMPY_DTYPES[common]) for p in parts)
    ]
    with numpy.errstate(all="ignore"):
        expected = numpy.diff(numpy.concatenate(wide, axis=position), n=n, axis=position)
    result = core.diff(
        core.asarray(x),
        axis=axis,
        n=n,
        prepend=None if prepend is None else core.asarray(prepend),
        append=None if append is None else core.asarray(append),
    )
    assert_same(result, expected, dtype=common)


def test_diff_rules(backend):
    assert_same(core.diff(core.asarray([True, True, False])), numpy.array([False, True]))
    wrapped = core.diff(core.asarray(numpy.array([5, 2], numpy.uint64)))
    assert_same(wrapped, numpy.array([2**64 - 3], numpy.uint64))
    assert_same(core.diff(core.asarray([1, 4, 9]), prepend=0, append=10), numpy.array([1, 3, 5, 1]))
    assert_same(core.diff(core.asarray([1.0, 2.0]), n=5), numpy.zeros(0, numpy.float32))
    with pytest.raises(ValueError):
        core.diff(core.asarray(1.0))
