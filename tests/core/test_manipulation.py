"""core's manipulation functions against numpy, on every backend."""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names


def _axis(data, ndim):
    return data.draw(st.integers(-ndim, ndim - 1))


# name -> (core call, numpy oracle); each takes (x, data) and draws its own arguments
def _flip(x, data, f):
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1)) if x.ndim else None
    return f.flip(x, axis=axis)


def _permute(x, data, f):
    axes = tuple(data.draw(st.permutations(range(x.ndim))))
    return f.permute_dims(x, axes) if f is core else numpy.transpose(x, axes)


def _roll(x, data, f):
    shift = data.draw(st.integers(-5, 5))
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1)) if x.ndim else None
    return f.roll(x, shift, axis=axis)


def _repeat(x, data, f):
    if data.draw(st.booleans()) or not x.ndim:
        return f.repeat(x, data.draw(st.integers(0, 3)), axis=None)
    axis = _axis(data, x.ndim)
    counts = data.draw(hnp.arrays(numpy.int64, (x.shape[axis],), elements=st.integers(0, 3)))
    return f.repeat(x, core.asarray(counts) if f is core else counts, axis=axis)


def _tile(x, data, f):
    reps = tuple(data.draw(st.lists(st.integers(0, 3), max_size=4)))
    return f.tile(x, reps)


def _reshape(x, data, f):
    shape = (x.size,) if data.draw(st.booleans()) else (-1,)
    if x.size and data.draw(st.booleans()):
        shape = (1, -1, 1)
    return f.reshape(x, shape)


def _expand(x, data, f):
    axis = data.draw(st.integers(-x.ndim - 1, x.ndim))
    return f.expand_dims(x, axis=axis)


def _squeeze(x, data, f):
    ones = tuple(i for i, e in enumerate(x.shape) if e == 1)
    return f.squeeze(x, axis=ones)


def _moveaxis(x, data, f):
    source, destination = _axis(data, x.ndim), _axis(data, x.ndim)
    return f.moveaxis(x, source, destination)


def _swapaxes(x, data, f):
    first, second = _axis(data, x.ndim), _axis(data, x.ndim)
    return f.swapaxes(x, first, second)


def _broadcast_to(x, data, f):
    shape = (2, *(e if e != 1 else data.draw(st.integers(0, 3)) for e in x.shape))
    return f.broadcast_to(x, shape)


def _flatten(x, data, f):
    start = _axis(data, x.ndim)
    end = data.draw(st.integers(start % x.ndim, x.ndim - 1))
    if f is core:
        return core.flatten(x, start_axis=start, end_axis=end)
    start %= x.ndim
    merged = int(numpy.prod(x.shape[start : end + 1]))
    return x.reshape((*x.shape[:start], merged, *x.shape[end + 1 :]))


CASES = {
    "flip": (_flip, 0),
    "permute_dims": (_permute, 0),
    "roll": (_roll, 0),
    "repeat": (_repeat, 0),
    "tile": (_tile, 0),
    "reshape": (_reshape, 0),
    "expand_dims": (_expand, 0),
    "squeeze": (_squeeze, 0),
    "moveaxis": (_moveaxis, 1),
    "swapaxes": (_swapaxes, 1),
    "broadcast_to": (_broadcast_to, 0),
    "flatten": (_flatten, 1),
}


class _Replay:
    """Replays the draws of the core call for the numpy oracle."""

    def __init__(self, data):
        self.data, self.draws, self.replaying = data, [], False

    def draw(self, strategy):
        if self.replaying:
            return self.draws.pop(0)
        value = self.data.draw(strategy)
        self.draws.append(value)
        return value


@pytest.mark.parametrize("name", list(CASES))
@given(x=arrays(dtype_names("all"), max_dims=3), data=st.data())
def test_manipulation_matches_numpy(backend, name, x, data):
    function, min_dims = CASES[name]
    if x.ndim < min_dims:
        x = x.reshape((1,) * (min_dims - x.ndim) + x.shape)
    replay = _Replay(data)
    result = function(core.asarray(x), replay, core)
    replay.replaying = True
    assert_same(result, numpy.asarray(function(x, replay, numpy)))


@given(
    dtypes=st.lists(dtype_names("all"), min_size=1, max_size=3),
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3),
    data=st.data(),
)
def test_concat_and_stack_promote_with_core_table(backend, dtypes, shape, data):
    inputs = [data.draw(arrays(d, shape=shape)) for d in dtypes]
    # values from numpy on the inputs cast to core's result dtype (numpy's own promotion
    # differs, e.g. int64 with uint64)
    common = core.result_type(*dtypes)
    cast = [a.astype(NUMPY_DTYPES[common]) for a in inputs]
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    arrays_ = [core.asarray(a) for a in inputs]
    assert_same(core.concat(arrays_, axis=axis), numpy.concatenate(cast, axis=axis))
    assert_same(core.concat(arrays_, axis=None), numpy.concatenate(cast, axis=None))
    stack_axis = data.draw(st.integers(-len(shape) - 1, len(shape)))
    assert_same(core.stack(arrays_, axis=stack_axis), numpy.stack(cast, axis=stack_axis))


@given(
    x=arrays(dtype_names("all"), min_dims=1, max_dims=3, min_side=1),
    data=st.data(),
)
def test_splitting_matches_numpy(backend, x, data):
    axis = _axis(data, x.ndim)
    parts = core.unstack(core.asarray(x), axis=axis)
    expected = [numpy.take(x, i, axis=axis) for i in range(x.shape[axis])]
    assert isinstance(parts, tuple) and len(parts) == len(expected)
    for got, want in zip(parts, expected):
        assert_same(got, want)
    divisors = [n for n in range(1, x.shape[axis] + 1) if x.shape[axis] % n == 0]
    sections = data.draw(st.sampled_from(divisors))
    cuts = sorted(data.draw(st.lists(st.integers(-5, 6), max_size=3)))
    for how in (sections, cuts):
        got = core.split(core.asarray(x), how, axis=axis)
        want = numpy.split(x, how, axis=axis)
        assert isinstance(got, list) and len(got) == len(want)
        for part, expected_part in zip(got, want):
            assert_same(part, expected_part)


@given(
    shapes=st.lists(hnp.array_shapes(min_dims=0, max_dims=3, max_side=3), min_size=1, max_size=3),
    dtype=dtype_names("all"),
    data=st.data(),
)
def test_broadcast_arrays_matches_numpy(backend, shapes, dtype, data):
    target = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, max_side=3))
    shapes = [
        tuple(e if e == t else 1 for e, t in zip(s[::-1], target[::-1]))[::-1] for s in shapes
    ]
    inputs = [data.draw(arrays(dtype, shape=s)) for s in shapes]
    result = core.broadcast_arrays(*(core.asarray(a) for a in inputs))
    expected = numpy.broadcast_arrays(*inputs)
    assert len(result) == len(expected)
    for got, want in zip(result, expected):
        assert_same(got, want)


@pytest.mark.parametrize("name", ["atleast_1d", "atleast_2d", "atleast_3d"])
def test_atleast_functions_match_numpy(backend, name):
    inputs = [
        numpy.float32(1.5) * numpy.ones(shape, numpy.float32)
        for shape in [(), (2,), (2, 3), (1, 2, 3, 1)]
    ]
    for x in inputs:
        assert_same(getattr(core, name)(core.asarray(x)), getattr(numpy, name)(x))
    several = getattr(core, name)(*(core.asarray(x) for x in inputs))
    assert isinstance(several, tuple)
    for got, want in zip(several, getattr(numpy, name)(*inputs)):
        assert_same(got, want)


def test_expand_dims_with_several_axes(backend):
    x = numpy.arange(6, dtype=numpy.int16).reshape(2, 3)
    for axis in [(0, 1), (0, -1), (1, 3), (-4, -1, 2)]:
        assert_same(core.expand_dims(core.asarray(x), axis=axis), numpy.expand_dims(x, axis))


def test_bad_arguments_raise(backend):
    x = core.asarray(numpy.zeros((2, 3), dtype=numpy.float32))
    with pytest.raises(IndexError):
        core.expand_dims(x, axis=3)
    with pytest.raises(ValueError):
        core.expand_dims(x, axis=(0, -4))
    with pytest.raises(ValueError):
        core.squeeze(x, axis=0)
    with pytest.raises(IndexError):
        core.squeeze(x, axis=2)
    with pytest.raises(ValueError):
        core.broadcast_to(x, (3, 3))
    with pytest.raises(ValueError):
        core.split(x, 2, axis=1)
    with pytest.raises(ValueError):
        core.flatten(x, start_axis=1, end_axis=0)
    with pytest.raises(ValueError):
        core.tile(x, (-1,))


def test_reshape_copy_argument(backend):
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    assert_same(core.reshape(core.asarray(x), (3, 2), copy=True), x.reshape(3, 2))
    assert_same(core.reshape(core.asarray(x), (6,), copy=False), x.reshape(6))
    transposed = core.permute_dims(core.asarray(x), (1, 0))
    if backend in ("numpy", "torch"):  # a view of the transpose cannot be flat
        with pytest.raises(ValueError):
            core.reshape(transposed, (6,), copy=False)
    assert_same(core.reshape(transposed, (6,)), x.T.reshape(6))


@given(
    shapes=st.lists(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3), max_size=3)
)
def test_broadcast_shapes_matches_numpy(shapes):
    try:
        expected = numpy.broadcast_shapes(*shapes)
    except ValueError:
        with pytest.raises(ValueError):
            core.broadcast_shapes(*shapes)
        return
    assert core.broadcast_shapes(*shapes) == expected
