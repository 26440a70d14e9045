"""core's creation functions against numpy, on every backend.

numpy gives float64 where core gives its default float dtype (float32): expected values
come from numpy, expected dtypes from core's rules, as each test says.
"""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names

SHAPES = [(), (0,), (3,), (2, 0, 3), (2, 3)]


@pytest.mark.parametrize("name", ["zeros", "ones", "empty"])
@pytest.mark.parametrize("shape", SHAPES)
def test_filled_arrays_default_to_core_default_dtype(backend, name, shape):
    fill = 1 if name == "ones" else 0  # core's empty gives zeros on every backend
    assert_same(getattr(core, name)(shape), numpy.full(shape, fill), dtype=core.float32)
    with core.use_default_dtype("int16"):
        assert_same(getattr(core, name)(shape), numpy.full(shape, fill), dtype=core.int16)


@given(name=st.sampled_from(["zeros", "ones", "empty"]), dtype=dtype_names("all"))
def test_filled_arrays_take_every_dtype(backend, name, dtype):
    fill = 1 if name == "ones" else 0
    assert_same(getattr(core, name)((2, 3), dtype=dtype), numpy.full((2, 3), fill), dtype=dtype)
    assert_same(getattr(core, name)(4, dtype=dtype), numpy.full((4,), fill), dtype=dtype)


@given(
    name=st.sampled_from(["zeros_like", "ones_like", "empty_like"]),
    x=arrays(dtype_names("all")),
    to=st.none() | dtype_names("all"),
)
def test_like_functions_keep_shape_and_dtype(backend, name, x, to):
    fill = 1 if name == "ones_like" else 0
    result = getattr(core, name)(core.asarray(x), dtype=to)
    assert_same(result, numpy.full(x.shape, fill), dtype=to or x.dtype)


@pytest.mark.parametrize(
    ("fill", "dtype"),
    [(True, "bool"), (3, "int64"), (-2, "int64"), (1.5, "float32"), (1 - 2j, "complex64")],
)
def test_full_takes_default_dtype_of_the_value_kind(backend, fill, dtype):
    # numpy would give float64 / complex128 for Python floats / complex numbers
    assert_same(core.full((2, 3), fill), numpy.full((2, 3), fill), dtype=dtype)
    x = core.zeros((3,), dtype="int8")
    assert_same(core.full_like(x, fill, dtype=dtype), numpy.full((3,), fill), dtype=dtype)


@given(dtype=dtype_names("all"), fill=st.sampled_from([0, 1, 7, -1, 2.5, -0.0, float("inf")]))
def test_full_casts_the_value_to_a_given_dtype(backend, dtype, fill):
    numpy_dtype = NUMPY_DTYPES[dtype]
    if numpy_dtype.kind in "iub" and not float(fill).is_integer():
        fill = 3
    if numpy_dtype.kind == "u" and fill == -1:
        expected = numpy.full((2,), numpy.iinfo(numpy_dtype).max, dtype=numpy_dtype)  # wraps
    else:
        expected = numpy.full((2,), fill).astype(numpy_dtype)
    assert_same(core.full((2,), fill, dtype=dtype), expected, check_signed_zero=True)
    like = core.full_like(core.zeros((2,), dtype=dtype), fill)
    assert_same(like, expected, check_signed_zero=True)


@pytest.mark.parametrize(
    ("args", "kwargs", "dtype"),
    [
        ((5,), {}, "int64"),
        ((0,), {}, "int64"),
        ((-3,), {}, "int64"),
        ((2, 11, 3), {}, "int64"),
        ((10, 0, -3), {}, "int64"),
        ((1, 2), {"step": 1}, "int64"),
        ((0, 1, 0.1), {}, "float32"),
        ((2.5,), {}, "float32"),
        ((-1.0, -3.0, -0.5), {}, "float32"),
        ((5,), {"dtype": "float64"}, "float64"),
        ((3,), {"dtype": "uint16"}, "uint16"),
        ((0, 10, 2), {"dtype": "int8"}, "int8"),
        ((1, 4), {"dtype": "complex64"}, "complex64"),
        ((0, 2, 0.25), {"dtype": "bfloat16"}, "bfloat16"),
    ],
)
def test_arange_matches_numpy_with_core_default_dtypes(backend, args, kwargs, dtype):
    # values from numpy in float64 (or int64), dtype from core: ints give the default int
    # dtype, any float the default float dtype
    wide = numpy.float64 if NUMPY_DTYPES[dtype].kind in "fc" or dtype == "bfloat16" else None
    expected = numpy.arange(*args, dtype=wide).astype(NUMPY_DTYPES[dtype])
    assert_same(core.arange(*args, **kwargs), expected, dtype=dtype)


def test_arange_with_zero_step_raises(backend):
    with pytest.raises(ValueError):
        core.arange(0, 5, 0)


@pytest.mark.parametrize(
    ("start", "stop", "num", "kwargs", "dtype"),
    [
        (0, 1, 5, {}, "float32"),
        (0, 1, 5, {"endpoint": False}, "float32"),
        (-2.5, 7.25, 11, {}, "float32"),
        (3, 3, 4, {}, "float32"),
        (0, 1, 1, {}, "float32"),
        (0, 1, 0, {}, "float32"),
        (1, 0, 6, {"dtype": "float64"}, "float64"),
        (-3, 4, 6, {"dtype": "int32"}, "int32"),  # an integer dtype takes the floor
        (0, 1 + 2j, 4, {}, "complex64"),
        (0, 10, 7, {"dtype": "float16"}, "float16"),
    ],
)
def test_linspace_matches_numpy(backend, start, stop, num, kwargs, dtype):
    wide = numpy.complex128 if isinstance(stop, complex) else numpy.float64
    expected = numpy.linspace(start, stop, num, dtype=wide, endpoint=kwargs.get("endpoint", True))
    if NUMPY_DTYPES[dtype].kind == "i":
        expected = numpy.floor(expected)
    assert_same(core.linspace(start, stop, num, **kwargs), expected.astype(NUMPY_DTYPES[dtype]))


@pytest.mark.parametrize(
    ("args", "kwargs", "dtype"),
    [
        ((0, 3, 4), {}, "float32"),
        ((-1, 2, 5), {"base": 2.0}, "float32"),
        ((0, 2, 4), {"endpoint": False, "dtype": "float64"}, "float64"),
    ],
)
def test_logspace_matches_numpy(backend, args, kwargs, dtype):
    expected = numpy.logspace(
        *args, base=kwargs.get("base", 10.0), endpoint=kwargs.get("endpoint", True)
    )
    assert_same(core.logspace(*args, **kwargs), expected, dtype=dtype)


@given(
    rows=st.integers(0, 5),
    cols=st.none() | st.integers(0, 5),
    k=st.integers(-6, 6),
    dtype=st.none() | dtype_names("all"),
)
def test_eye_matches_numpy(backend, rows, cols, k, dtype):
    expected = numpy.eye(rows, cols, k=k)
    assert_same(core.eye(rows, cols, k=k, dtype=dtype), expected, dtype=dtype or "float32")


@given(
    name=st.sampled_from(["tril", "triu"]),
    x=arrays(dtype_names("all"), min_dims=2, max_dims=4),
    k=st.integers(-4, 4),
)
def test_triangles_match_numpy(backend, name, x, k):
    assert_same(getattr(core, name)(core.asarray(x), k=k), getattr(numpy, name)(x, k=k))


@given(
    indexing=st.sampled_from(["xy", "ij"]),
    first=arrays(dtype_names("all"), shape=st.tuples(st.integers(0, 4))),
    second=arrays(dtype_names("all"), shape=st.tuples(st.integers(0, 4))),
    third=arrays(dtype_names("all"), shape=st.tuples(st.integers(1, 3))),
)
def test_meshgrid_matches_numpy(backend, indexing, first, second, third):
    for inputs in [(first,), (first, second, third)]:
        result = core.meshgrid(*(core.asarray(a) for a in inputs), indexing=indexing)
        expected = numpy.meshgrid(*inputs, indexing=indexing)
        assert isinstance(result, list) and len(result) == len(expected)
        for got, want in zip(result, expected):
            assert_same(got, want)
    assert core.meshgrid() == []


@pytest.mark.parametrize(
    "dtype", ["bool", "int8", "uint32", "int64", "float16", "float64", "complex64"]
)
def test_from_dlpack_takes_any_framework_array(backend, dtype):
    source = (numpy.arange(6) % 3).astype(NUMPY_DTYPES[dtype]).reshape(2, 3)
    assert_same(core.from_dlpack(source), source)
    assert_same(core.from_dlpack(core.asarray(source)), source)
    with core.use_backend("numpy"):
        other = core.asarray(source)
    assert_same(core.from_dlpack(other), source)
    assert core.from_dlpack(source).backend == backend


def test_negative_shapes_raise(backend):
    with pytest.raises(ValueError):
        core.zeros((2, -1))
    with pytest.raises(ValueError):
        core.full((-3,), 1)
