"""Creation ops of frontends.torch against real torch, on every backend: dtype inference,
shapes, values and errors."""

# the lambdas given to check() are called at once, inside their loop iteration
# ruff: noqa: B023

from __future__ import annotations

import numpy
import pytest
import torch as real_torch
from hypothesis import given
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import DTYPE_NAMES, assert_matches, check, from_numpy_both

NUMPY_DTYPES = ("bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32",
                "int64", "float16", "float32", "float64", "complex64", "complex128")  # fmt: skip


def _dtype_pair(name):
    return getattr(torch, name), getattr(real_torch, name)


@pytest.fixture(params=["float32", "float64"])
def default_dtype(request):
    """Run under both default dtypes torch allows scripts to pick."""
    torch.set_default_dtype(getattr(torch, request.param))
    real_torch.set_default_dtype(getattr(real_torch, request.param))
    yield request.param
    torch.set_default_dtype(torch.float32)
    real_torch.set_default_dtype(real_torch.float32)


# ---------------------------------------------------------------------------------------
# tensor / as_tensor / asarray / from_numpy
# ---------------------------------------------------------------------------------------
DATA = [
    1, 2.5, True, 1 + 2j, [], [[]], [1, 2], [1, 2.5], [True, 2], [1, 1j], [True, False],
    [[1, 2], [3, 4]], [[1.5], [2]], [[1, 2], [3]], [[1, 2], 3], [1, [2]], [1, None], "a",
    [2**63], [numpy.float64(2.0)], [numpy.int32(2)], numpy.float64(2.0), numpy.array(3),
    [numpy.array([1, 2], numpy.int8), numpy.array([1, 2], numpy.uint8)],
    numpy.array([[1.0, 2.0]]), numpy.array([1, 2], numpy.uint16),
]  # fmt: skip


@pytest.mark.parametrize("data", DATA, ids=repr)
def test_tensor_infers_dtype_like_torch(backend, default_dtype, data):
    check(lambda: torch.tensor(data), lambda: real_torch.tensor(data))


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
def test_tensor_with_dtype(backend, dtype):
    ours, real = _dtype_pair(dtype)
    for data in ([1, 0, 2], [[1.5, -2.7]], True, [[0.5j]]):
        if dtype.startswith("uint") and data == [[1.5, -2.7]]:
            continue  # torch: negative float to unsigned is undefined behaviour
        check(lambda: torch.tensor(data, dtype=ours), lambda: real_torch.tensor(data, dtype=real))


def test_tensor_of_tensors(backend):
    parts = [torch.tensor(1.5, dtype=torch.float64), 2]
    real_parts = [real_torch.tensor(1.5, dtype=real_torch.float64), 2]
    check(lambda: torch.tensor(parts), lambda: real_torch.tensor(real_parts))
    ones = [torch.tensor([1.0]), torch.tensor([2.0])]
    real_ones = [real_torch.tensor([1.0]), real_torch.tensor([2.0])]
    check(lambda: torch.tensor(ones), lambda: real_torch.tensor(real_ones))
    check(
        lambda: torch.tensor([torch.tensor([1, 2])]),
        lambda: real_torch.tensor([real_torch.tensor([1, 2])]),
    )
    source = torch.tensor([1.0, 2.0])
    copy = torch.tensor(source)
    copy[0] = 5
    assert source.tolist() == [1.0, 2.0]


def test_requires_grad(backend):
    x = torch.tensor([1.0], requires_grad=True)
    assert x.requires_grad
    assert torch.zeros(2, requires_grad=True).requires_grad
    with pytest.raises(RuntimeError, match="floating point and complex"):
        torch.tensor([1], requires_grad=True)


@given(dtype=st.sampled_from(NUMPY_DTYPES), shape=st.lists(st.integers(0, 3), max_size=3))
def test_from_numpy_keeps_dtype(backend, dtype, shape):
    array = (numpy.arange(int(numpy.prod(shape))) % 3).reshape(shape).astype(dtype)
    x, rx = from_numpy_both(array)
    assert_matches(torch.from_numpy(array), real_torch.from_numpy(array))
    assert_matches(x, rx)
    check(lambda: torch.as_tensor(array), lambda: real_torch.as_tensor(array))
    check(lambda: torch.asarray(array), lambda: real_torch.asarray(array))
    check(
        lambda: torch.as_tensor(array, dtype=torch.float64),
        lambda: real_torch.as_tensor(array, dtype=real_torch.float64),
    )


def test_from_numpy_errors(backend):
    with pytest.raises(TypeError):
        torch.from_numpy([1, 2])
    with pytest.raises(TypeError):
        torch.from_numpy(numpy.array(["a"]))


def test_as_tensor_and_asarray_alias(backend):
    x = torch.tensor([1.0, 2.0])
    assert torch.as_tensor(x) is x
    assert torch.asarray(x) is x
    assert torch.as_tensor(x, dtype=torch.float64) is not x
    copy = torch.asarray(x, copy=True)
    copy[0] = 9
    assert x.tolist() == [1.0, 2.0]
    with pytest.raises(ValueError):
        torch.asarray(x, dtype=torch.float64, copy=False)
    check(lambda: torch.as_tensor([1, 2.5]), lambda: real_torch.as_tensor([1, 2.5]))


# ---------------------------------------------------------------------------------------
# zeros / ones / full / empty
# ---------------------------------------------------------------------------------------
SIZES = [(), (0,), (3,), (2, 3), ((2, 3),), ([2, 3],), ((),), (-1,), (2, (3,)), (2.5,)]


@pytest.mark.parametrize("size", SIZES, ids=repr)
@pytest.mark.parametrize("name", ["zeros", "ones", "empty"])
def test_zeros_ones_empty(backend, default_dtype, name, size):
    values = name != "empty"
    expected = None
    try:
        expected = getattr(real_torch, name)(*size)
    except Exception as error:
        with pytest.raises((type(error), TypeError, RuntimeError)):
            getattr(torch, name)(*size)
        return
    result = getattr(torch, name)(*size)
    if values:
        assert_matches(result, expected)
    else:
        assert str(result.dtype) == str(expected.dtype) and result.shape == expected.shape
    for dtype in ("int32", "bool", "complex64", "bfloat16"):
        ours, real = _dtype_pair(dtype)
        result = getattr(torch, name)(*size, dtype=ours)
        assert str(result.dtype) == str(real)
    result = getattr(torch, name)(torch.Size([2, 1]))
    assert result.shape == getattr(real_torch, name)(real_torch.Size([2, 1])).shape


@pytest.mark.parametrize("fill", [3, 2.5, True, 1j, -7, numpy.float64(1.5)], ids=repr)
def test_full_infers_dtype(backend, default_dtype, fill):
    check(lambda: torch.full((2, 3), fill), lambda: real_torch.full((2, 3), fill))
    check(
        lambda: torch.full([2], fill, dtype=torch.float16),
        lambda: real_torch.full([2], fill, dtype=real_torch.float16),
    )
    check(lambda: torch.full((), fill), lambda: real_torch.full((), fill))


@given(dtype=st.sampled_from(DTYPE_NAMES), shape=st.lists(st.integers(0, 3), max_size=3))
def test_like_functions(backend, dtype, shape):
    ours, real = _dtype_pair(dtype)
    x, rx = torch.ones(shape, dtype=ours), real_torch.ones(shape, dtype=real)
    assert_matches(x, rx)
    for name in ("zeros_like", "ones_like"):
        check(lambda: getattr(torch, name)(x), lambda: getattr(real_torch, name)(rx))
        check(
            lambda: getattr(torch, name)(x, dtype=torch.float64),
            lambda: getattr(real_torch, name)(rx, dtype=real_torch.float64),
        )
    empty = torch.empty_like(x)
    assert str(empty.dtype) == str(rx.dtype) and empty.shape == rx.shape
    check(lambda: torch.full_like(x, 1), lambda: real_torch.full_like(rx, 1))
    for method in ("new_zeros", "new_ones", "new_empty"):
        result, expected = getattr(x, method)((2,)), getattr(rx, method)((2,))
        assert str(result.dtype) == str(expected.dtype) and result.shape == expected.shape
        result, expected = getattr(x, method)(2, 1), getattr(rx, method)(2, 1)
        assert str(result.dtype) == str(expected.dtype) and result.shape == expected.shape
    check(lambda: x.new_full((2,), 1), lambda: rx.new_full((2,), 1))
    check(lambda: x.new_tensor([1, 0]), lambda: rx.new_tensor([1, 0]))
    check(lambda: x.new_zeros(2, dtype=torch.int8), lambda: rx.new_zeros(2, dtype=real_torch.int8))


def test_empty_strided_and_out(backend):
    result = torch.empty_strided((2, 3), (1, 2))
    expected = real_torch.empty_strided((2, 3), (1, 2))
    assert result.shape == expected.shape and result.stride() == expected.stride()
    assert result.is_contiguous() == expected.is_contiguous()
    out, rout = torch.empty(0), real_torch.empty(0)
    check(lambda: torch.zeros(2, 2, out=out), lambda: real_torch.zeros(2, 2, out=rout))
    out, rout = torch.empty(5, dtype=torch.int32), real_torch.empty(5, dtype=real_torch.int32)
    check(lambda: torch.arange(5, out=out), lambda: real_torch.arange(5, out=rout))


def test_dtype_argument_forms(backend):
    for python_type in (float, int, bool, complex):
        check(
            lambda: torch.zeros(2, dtype=python_type),
            lambda: real_torch.zeros(2, dtype=python_type),
        )
    with pytest.raises(TypeError):
        torch.zeros(2, dtype=numpy.float32)


# ---------------------------------------------------------------------------------------
# ranges
# ---------------------------------------------------------------------------------------
NUMBERS = st.one_of(
    st.integers(-20, 20), st.floats(-20, 20, allow_nan=False, width=32).map(lambda v: round(v, 2))
)


@given(start=NUMBERS, end=st.none() | NUMBERS, step=st.none() | NUMBERS,
       dtype=st.none() | st.sampled_from(["int64", "int32", "float32", "float64", "float16"]))  # fmt: skip
def test_arange(backend, default_dtype, start, end, step, dtype):
    args = (start,) if end is None else ((start, end) if step is None else (start, end, step))
    if len(args) == 3 and step != 0 and abs((args[1] - start) / step) > 1000:
        return
    kwargs = {} if dtype is None else {"dtype": getattr(torch, dtype)}
    real_kwargs = {} if dtype is None else {"dtype": getattr(real_torch, dtype)}
    check(lambda: torch.arange(*args, **kwargs), lambda: real_torch.arange(*args, **real_kwargs))


def test_arange_errors_and_tensor_args(backend):
    check(lambda: torch.arange(0, 5, 0), lambda: real_torch.arange(0, 5, 0))
    check(lambda: torch.arange(5, 0), lambda: real_torch.arange(5, 0))
    check(lambda: torch.arange(torch.tensor(3)), lambda: real_torch.arange(real_torch.tensor(3)))
    check(
        lambda: torch.arange(torch.tensor(2.5)), lambda: real_torch.arange(real_torch.tensor(2.5))
    )
    check(lambda: torch.arange(0, 1, 0.1), lambda: real_torch.arange(0, 1, 0.1))
    check(lambda: torch.range(0, 3), lambda: real_torch.range(0, 3))
    check(
        lambda: torch.range(0, 1, 0.25, dtype=torch.float64),
        lambda: real_torch.range(0, 1, 0.25, dtype=real_torch.float64),
    )


@given(start=NUMBERS, end=NUMBERS, steps=st.integers(0, 12),
       dtype=st.none() | st.sampled_from(["int64", "int32", "uint8", "float32", "float64", "float16", "bfloat16"]))  # fmt: skip
def test_linspace_logspace(backend, default_dtype, start, end, steps, dtype):
    if dtype == "uint8" and min(start, end) < 0:
        return  # torch: negative values cast to uint8 is undefined behaviour
    kwargs = {} if dtype is None else {"dtype": getattr(torch, dtype)}
    real_kwargs = {} if dtype is None else {"dtype": getattr(real_torch, dtype)}
    check(
        lambda: torch.linspace(start, end, steps, **kwargs),
        lambda: real_torch.linspace(start, end, steps, **real_kwargs),
    )
    if dtype not in ("int64", "int32", "uint8"):  # torch truncates overflowing ints its own way
        start, end = start / 10, end / 10
        check(
            lambda: torch.logspace(start, end, steps, **kwargs),
            lambda: real_torch.logspace(start, end, steps, **real_kwargs),
        )
        check(
            lambda: torch.logspace(start, end, steps, 2.0, **kwargs),
            lambda: real_torch.logspace(start, end, steps, 2.0, **real_kwargs),
        )


def test_linspace_complex_and_errors(backend):
    check(lambda: torch.linspace(0, 1j, 4), lambda: real_torch.linspace(0, 1j, 4))
    check(lambda: torch.linspace(0, 1, -1), lambda: real_torch.linspace(0, 1, -1))


@pytest.mark.parametrize("args", [(3,), (2, 3), (3, 2), (0,), (0, 2), (-1,)], ids=repr)
def test_eye(backend, default_dtype, args):
    check(lambda: torch.eye(*args), lambda: real_torch.eye(*args))
    check(
        lambda: torch.eye(*args, dtype=torch.int32),
        lambda: real_torch.eye(*args, dtype=real_torch.int32),
    )
    check(
        lambda: torch.eye(*args, dtype=torch.bool),
        lambda: real_torch.eye(*args, dtype=real_torch.bool),
    )


@pytest.mark.parametrize(
    "args", [(3, 3), (3, 4, 1), (4, 3, -1), (0, 3), (1, 1, 5), (3, 3, -5)], ids=repr
)
def test_tril_triu_indices(backend, args):
    for name in ("tril_indices", "triu_indices"):
        check(lambda: getattr(torch, name)(*args), lambda: getattr(real_torch, name)(*args))
        check(
            lambda: getattr(torch, name)(*args, dtype=torch.int32),
            lambda: getattr(real_torch, name)(*args, dtype=real_torch.int32),
        )


def test_scalar_tensor(backend, default_dtype):
    for value in (3, 2.5, True):
        check(lambda: torch.scalar_tensor(value), lambda: real_torch.scalar_tensor(value))
        check(
            lambda: torch.scalar_tensor(value, dtype=torch.int32),
            lambda: real_torch.scalar_tensor(value, dtype=real_torch.int32),
        )


# ---------------------------------------------------------------------------------------
# complex numbers
# ---------------------------------------------------------------------------------------
@given(
    dtypes=st.tuples(
        st.sampled_from(["float32", "float64", "int32"]),
        st.sampled_from(["float32", "float64", "int32"]),
    )
)
def test_complex_and_polar(backend, dtypes):
    values = numpy.array([0.0, 1.5, -2.0, 3.25])
    a, ra = from_numpy_both(values.astype(dtypes[0]))
    b, rb = from_numpy_both((values[::-1] / 2).astype(dtypes[1]))
    check(lambda: torch.complex(a, b), lambda: real_torch.complex(ra, rb))
    check(lambda: torch.polar(a, b), lambda: real_torch.polar(ra, rb))
