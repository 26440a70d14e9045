"""core's indexing against numpy's own indexing, on every backend.

Keys are drawn by hypothesis from ints, slices (any step), None, Ellipsis, boolean masks,
integer arrays and bools; numpy indexing the same numpy array is the oracle, including
which keys are an error (IndexError on every backend).
"""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names


# ---------------------------------------------------------------------------------------
# a strategy for numpy keys
# ---------------------------------------------------------------------------------------
def _segment(draw, shape, axes, broadcast):
    """Entries consuming exactly ``axes`` (consecutive) of ``shape``, with Nones and
    0-d bools sprinkled in (they consume no axis)."""
    entries = []
    position, end = axes
    while position < end:
        extent = shape[position]
        kind = draw(st.sampled_from(["int", "slice", "slice", "none", "mask", "array", "bool"]))
        if kind == "none":
            entries.append(None)
        elif kind == "bool":
            entries.append(draw(st.booleans()))
        elif kind == "int" and extent:
            entries.append(draw(st.integers(-extent, extent - 1)))
            position += 1
        elif kind == "mask":
            width = draw(st.integers(1, end - position))
            entries.append(draw(hnp.arrays(numpy.bool_, shape[position : position + width])))
            position += width
        elif kind == "array" and (extent or 0 in broadcast):
            elements = st.integers(-extent, extent - 1) if extent else st.just(0)
            entries.append(draw(hnp.arrays(numpy.int64, broadcast, elements=elements)))
            position += 1
        else:
            start = draw(st.none() | st.integers(-extent - 2, extent + 2))
            stop = draw(st.none() | st.integers(-extent - 2, extent + 2))
            step = draw(st.none() | st.sampled_from([-3, -2, -1, 1, 2, 3]))
            entries.append(slice(start, stop, step))
            position += 1
    return entries


@st.composite
def index_keys(draw, shape):
    """A numpy key for an array of ``shape``: a prefix of axes indexed, optionally an
    Ellipsis and a suffix; or a lone entry (not a tuple)."""
    ndim = len(shape)
    broadcast = draw(st.sampled_from([(), (1,), (2,), (3,), (2, 1), (1, 3), (0,)]))
    prefix_end = draw(st.integers(0, ndim))
    if draw(st.booleans()):
        suffix_start = draw(st.integers(prefix_end, ndim))
        key = [
            *_segment(draw, shape, (0, prefix_end), broadcast),
            Ellipsis,
            *_segment(draw, shape, (suffix_start, ndim), broadcast),
        ]
    else:
        key = _segment(draw, shape, (0, prefix_end), broadcast)
    if len(key) == 1 and draw(st.booleans()):
        return key[0]
    return tuple(key)


def _to_core(key, as_lists):
    """The numpy key with its arrays as core arrays of the current backend, or lists."""
    if type(key) is tuple:
        return tuple(_to_core(entry, as_lists) for entry in key)
    if isinstance(key, numpy.ndarray):
        return key.tolist() if as_lists and key.size and key.ndim else core.asarray(key)
    return key


def _numpy_outcome(function):
    try:
        return function(), None
    except (IndexError, ValueError) as error:
        return None, type(error)


@st.composite
def array_and_key(draw, dtypes=("all",)):
    x = draw(arrays(dtype_names(*dtypes), max_dims=4, max_side=4))
    return x, draw(index_keys(x.shape)), draw(st.booleans())


# ---------------------------------------------------------------------------------------
# get_item
# ---------------------------------------------------------------------------------------
@given(case=array_and_key())
def test_get_item_matches_numpy(backend, case):
    x, key, as_lists = case
    expected, error = _numpy_outcome(lambda: numpy.asarray(x[key]))
    core_key = _to_core(key, as_lists)
    if error is not None:
        with pytest.raises(error):
            core.get_item(core.asarray(x), core_key)
        return
    assert_same(core.get_item(core.asarray(x), core_key), expected)
    assert_same(core.asarray(x)[core_key], expected)


X = numpy.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5)
M = X[..., 0] % 3 == 0  # shape (2, 3, 4) mask


@pytest.mark.parametrize(
    "key",
    [
        0,
        -1,
        (1, -2, 3, -5),
        (slice(None, None, -1),),
        (Ellipsis, slice(3, 0, -2)),
        (slice(10, -10, -3), None, 1),
        (None, Ellipsis, None),
        ([0, 1], slice(None), [2, 3]),  # advanced indices separated by a slice: first
        (slice(None), [0, 2], [1, 3]),  # adjacent advanced indices: in place
        (0, slice(None), [0, 1]),  # an int counts as advanced with an array
        (slice(None), [[0], [2]], slice(1, 3), [1, 0, 3]),
        ([1], None, [0]),
        (M,),
        (slice(None), M[0], 2),
        (slice(None), M[0, :, 0]),
        (True,),
        (False, 0),
        (Ellipsis, numpy.array([], dtype=numpy.int64)),
        (numpy.array(1), slice(None), numpy.array([-1, 0])),
        (1, numpy.array([[True, False, True, False]]).T[:3].reshape(3)),
    ],
)
def test_get_item_known_keys(backend, key):
    core_key = _to_core(key, as_lists=False)
    assert_same(core.asarray(X)[core_key], numpy.asarray(X[key]))


def test_get_item_of_0d_arrays(backend):
    scalar = numpy.asarray(2.5, dtype=numpy.float32)
    for key in [(), None, Ellipsis, True, False, (None, None)]:
        assert_same(core.asarray(scalar)[key], numpy.asarray(scalar[key]))


@pytest.mark.parametrize(
    "key",
    [
        2,
        -3,
        (0, 3),
        (0, 0, 0, 5),
        (0, 0, 0, 0, 0),
        (Ellipsis, Ellipsis),
        (numpy.array([0, 2]),),
        (slice(None), numpy.array([-4])),
        (numpy.array([True, False, True]),),
    ],
)
def test_out_of_range_keys_raise_index_error(backend, key):
    with pytest.raises(IndexError):
        X[key]  # numpy agrees that the key is out of range
    with pytest.raises(IndexError):
        core.asarray(X)[_to_core(key, as_lists=False)]
    with pytest.raises(IndexError):
        core.set_item(core.asarray(X), _to_core(key, as_lists=False), 0)


def test_float_keys_are_rejected(backend):
    with pytest.raises((IndexError, TypeError)):
        core.asarray(X)[core.asarray([0.0, 1.0])]


# ---------------------------------------------------------------------------------------
# set_item
# ---------------------------------------------------------------------------------------
@st.composite
def update_cases(draw):
    x, key, as_lists = draw(array_and_key())
    selected, error = _numpy_outcome(lambda: numpy.asarray(x[key]))
    if error is not None:
        return x, key, as_lists, numpy.zeros((), x.dtype)
    # a value of the selection's full shape, of a trailing part, or a scalar
    trailing = draw(st.integers(0, selected.ndim))
    value_shape = selected.shape[selected.ndim - trailing :]
    if value_shape and draw(st.booleans()):
        value_shape = (1, *value_shape)  # a leading 1 beyond the rank is dropped
    value = draw(arrays(str(core.as_core_dtype(x.dtype)), shape=value_shape))
    return x, key, as_lists, value


def _numpy_set(x, key, value):
    """numpy's assignment, into a copy; numpy writes repeated positions in order, so the
    last write wins, which is core's rule."""
    result = x.copy()
    result[key] = value
    return result


@given(case=update_cases())
def test_set_item_matches_numpy_and_keeps_its_input(backend, case):
    x, key, as_lists, value = case
    expected, error = _numpy_outcome(lambda: _numpy_set(x, key, value))
    array = core.asarray(x)
    native_before = core.asarray(x).to_numpy()
    core_key = _to_core(key, as_lists)
    if error is not None:
        with pytest.raises(error):
            core.set_item(array, core_key, core.asarray(value))
        return
    result = core.set_item(array, core_key, core.asarray(value))
    assert_same(result, expected)
    # the input, and its native array, are unchanged
    assert_same(array, native_before)


@given(case=update_cases())
def test_array_setitem_rebinds_only_that_array(backend, case):
    x, key, as_lists, value = case
    expected, error = _numpy_outcome(lambda: _numpy_set(x, key, value))
    if error is not None:
        return
    array = core.asarray(x)
    other = core.Array(array.data)  # another Array on the same native array
    array[_to_core(key, as_lists)] = core.asarray(value)
    assert_same(array, expected)
    assert_same(other, x)


def test_repeated_indices_last_write_wins(backend):
    x = numpy.zeros((3, 4), dtype=numpy.float32)
    key = (numpy.array([0, 2, 0, 0]), numpy.array([1, 3, 1, 1]))
    values = numpy.array([1.0, 2.0, 3.0, 4.0], dtype=numpy.float32)
    result = core.set_item(core.asarray(x), _to_core(key, False), core.asarray(values))
    expected = x.copy()
    expected[0, 1], expected[2, 3] = 4.0, 2.0
    assert_same(result, expected)


@pytest.mark.parametrize(
    ("dtype", "value", "expected"),
    [
        ("int8", -3.9, -3),
        ("uint8", 7, 7),
        ("bool", 1, True),
        ("float64", 2 + 3j, 2.0),
        ("complex64", 1.5, 1.5 + 0j),
    ],
)
def test_set_item_casts_the_value_to_the_array_dtype(backend, dtype, value, expected):
    x = numpy.zeros((2, 3), dtype=NUMPY_DTYPES[dtype])
    want = x.copy()
    want[1, ::2] = expected
    assert_same(core.set_item(core.asarray(x), (1, slice(None, None, 2)), value), want)
    want_mask = x.copy()
    want_mask[x.shape[0] - 1] = expected
    mask = core.asarray(numpy.array([False, True]))
    assert_same(core.set_item(core.asarray(x), mask, value), want_mask)
    as_array = core.asarray(numpy.asarray(value))
    assert_same(core.set_item(core.asarray(x), ([0, 1], [2, 2]), as_array), _put(x, expected))


def _put(x, value):
    result = x.copy()
    result[[0, 1], [2, 2]] = value
    return result


def test_set_item_with_unbroadcastable_value_raises(backend):
    with pytest.raises(ValueError):
        core.set_item(core.asarray(X), (0, 0), core.asarray(numpy.zeros((4,))))
    with pytest.raises(ValueError):
        core.set_item(core.asarray(X), core.asarray(M), core.asarray(numpy.zeros((3,))))


@pytest.mark.parametrize("dtype", ["uint16", "uint64", "bfloat16", "complex128"])
def test_indexing_every_dtype(backend, dtype):
    x = (numpy.arange(12) % 5).astype(NUMPY_DTYPES[dtype]).reshape(3, 4)
    key = (slice(None, None, -1), numpy.array([3, 0, 3]))
    assert_same(core.asarray(x)[_to_core(key, False)], x[key])
    value = numpy.ones((3, 3), dtype=x.dtype)
    assert_same(
        core.set_item(core.asarray(x), _to_core(key, False), core.asarray(value)),
        _numpy_set(x, key, value),
    )


# ---------------------------------------------------------------------------------------
# take, take_along_axis, put_along_axis, gather, scatter, index_select
# ---------------------------------------------------------------------------------------
@given(
    x=arrays(dtype_names("all"), min_dims=1, max_dims=3, min_side=1),
    data=st.data(),
)
def test_take_matches_numpy(backend, x, data):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    extent = x.shape[axis]
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3))
    indices = data.draw(hnp.arrays(numpy.int64, shape, elements=st.integers(-extent, extent - 1)))
    assert_same(core.take(core.asarray(x), core.asarray(indices), axis=axis), x.take(indices, axis))
    flat = data.draw(hnp.arrays(numpy.int32, (3,), elements=st.integers(-x.size, x.size - 1)))
    assert_same(core.take(core.asarray(x), core.asarray(flat)), x.take(flat))
    if axis == 0:
        assert_same(
            core.index_select(core.asarray(x), 0, core.asarray(indices.reshape(-1))),
            x.take(indices.reshape(-1), 0),
        )


def test_take_out_of_range_raises(backend):
    with pytest.raises(IndexError):
        core.take(core.asarray(X), core.asarray([0, 4]), axis=2)
    with pytest.raises(IndexError):
        core.take(core.asarray(X), core.asarray([-3]), axis=0)


@given(x=arrays(dtype_names("all"), min_dims=1, max_dims=3, min_side=1), data=st.data())
def test_along_axis_functions_match_numpy(backend, x, data):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    extent = x.shape[axis]
    shape = list(x.shape)
    shape[axis] = data.draw(st.integers(0, 4))
    shape = [1 if data.draw(st.booleans()) else s for s in shape]  # broadcasting axes
    indices = data.draw(hnp.arrays(numpy.int64, shape, elements=st.integers(-extent, extent - 1)))
    result = core.take_along_axis(core.asarray(x), core.asarray(indices), axis=axis)
    assert_same(result, numpy.take_along_axis(x, indices, axis))
    values = numpy.take_along_axis(x, indices, axis)[::-1]  # different values, same shape
    expected = x.copy()
    numpy.put_along_axis(expected, indices, values, axis)
    result = core.put_along_axis(
        core.asarray(x), core.asarray(indices), core.asarray(values), axis=axis
    )
    assert_same(result, _numpy_set(x, _along_key(x, indices, axis), values))
    assert result.shape == expected.shape


def _along_key(x, indices, axis):
    axis %= x.ndim
    return tuple(
        indices
        if d == axis
        else numpy.arange(x.shape[d]).reshape([-1 if e == d else 1 for e in range(x.ndim)])
        for d in range(x.ndim)
    )


def _torch_style(x, axis, index):
    axis %= x.ndim
    return tuple(
        index
        if d == axis
        else numpy.arange(index.shape[d]).reshape([-1 if e == d else 1 for e in range(x.ndim)])
        for d in range(x.ndim)
    )


@st.composite
def torch_style_cases(draw, dtypes=("all",)):
    x = draw(arrays(dtype_names(*dtypes), min_dims=1, max_dims=3, min_side=1))
    axis = draw(st.integers(-x.ndim, x.ndim - 1))
    extent = x.shape[axis]
    shape = [draw(st.integers(0, s)) for s in x.shape]
    shape[axis % x.ndim] = draw(st.integers(0, 5))
    index = draw(hnp.arrays(numpy.int64, shape, elements=st.integers(0, extent - 1)))
    src = draw(arrays(str(core.as_core_dtype(x.dtype)), shape=tuple(shape)))
    return x, axis, index, src


@given(case=torch_style_cases())
def test_gather_and_scatter_match_the_numpy_rule(backend, case):
    x, axis, index, src = case
    key = _torch_style(x, axis, index)
    assert_same(core.gather(core.asarray(x), axis, core.asarray(index)), x[key])
    result = core.scatter(core.asarray(x), axis, core.asarray(index), core.asarray(src))
    assert_same(result, _numpy_set(x, key, src))


_REDUCERS = {
    "add": numpy.add,
    "multiply": numpy.multiply,
    "amax": numpy.maximum,
    "amin": numpy.minimum,
}
_BOOL_REDUCERS = {"add": numpy.logical_or, "multiply": numpy.logical_and}


@given(
    case=torch_style_cases(("int", "uint", "float", "bool")),
    reduce=st.sampled_from(list(_REDUCERS)),
)
def test_scatter_reductions_match_numpy_at(backend, case, reduce):
    x, axis, index, src = case
    if x.dtype.kind == "f":  # nan order and float sums' rounding differ per framework
        x = numpy.nan_to_num(x, nan=1, posinf=2, neginf=-2)
        src = numpy.nan_to_num(src, nan=1, posinf=2, neginf=-2)
    expected = x.copy()
    reducer = (_BOOL_REDUCERS if x.dtype == numpy.bool_ else _REDUCERS).get(reduce)
    if reducer is None:
        reducer = _REDUCERS[reduce]
    positions = _torch_style(x, axis, index)
    reducer.at(expected, positions, src)
    result = core.scatter(
        core.asarray(x), axis, core.asarray(index), core.asarray(src), reduce=reduce
    )
    assert_same(result, expected, rtol=1e-2 if x.dtype.kind == "f" else None)


def test_scatter_rejects_bad_arguments(backend):
    x = core.asarray(numpy.zeros((3, 3), dtype=numpy.complex64))
    index = core.asarray(numpy.zeros((2, 2), dtype=numpy.int64))
    with pytest.raises(TypeError):
        core.scatter(x, 0, index, x, reduce="amax")
    with pytest.raises(ValueError):
        core.scatter(x, 0, index, 1.0, reduce="mean")
    with pytest.raises(ValueError):
        core.gather(x, 0, core.asarray(numpy.zeros((2,), dtype=numpy.int64)))
    with pytest.raises(ValueError):
        core.gather(x, 0, core.asarray(numpy.zeros((2, 4), dtype=numpy.int64)))


def test_scatter_scalar_source_and_repeated_writes(backend):
    x = numpy.arange(6, dtype=numpy.int16).reshape(2, 3)
    index = numpy.array([[1, 1, 0]])
    result = core.scatter(core.asarray(x), 0, core.asarray(index), 9)
    assert_same(result, numpy.array([[0, 1, 9], [9, 9, 5]], dtype=numpy.int16))
    src = numpy.array([[1, 2, 3, 4]], dtype=numpy.int16)
    result = core.scatter(
        core.asarray(x), 1, core.asarray(numpy.array([[2, 0, 2, 2]])), core.asarray(src)
    )
    assert_same(result, numpy.array([[2, 1, 4], [3, 4, 5]], dtype=numpy.int16))
