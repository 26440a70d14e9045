"""numpy's sorting, searching and counting routines against real numpy, on four backends."""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from frontends import numpy as fnp
from tests.frontends.numpy.oracle import compare

RNG = numpy.random.default_rng(0)
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]  # fmt: skip


def sample(dtype: str, shape: tuple[int, ...] = (4, 6), nan: bool = True) -> numpy.ndarray:
    """Values with ties (and NaNs / infinities for inexact dtypes)."""
    values = RNG.integers(-3, 4, size=shape)
    if dtype == "bool":
        return (values > 0).astype(dtype)
    if dtype.startswith("uint"):
        values = numpy.abs(values)
    x = values.astype(dtype)
    if dtype.startswith("complex"):
        x = x + 1j * RNG.integers(-2, 3, size=shape).astype(dtype)
    if nan and x.dtype.kind in "fc" and x.size > 3:
        flat = x.reshape(-1)
        flat[1] = numpy.nan
        flat[-2] = numpy.inf
        if x.dtype.kind == "c":
            flat[3] = complex(2, numpy.nan)
    return x


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [0, None])
def test_sort_and_stable_argsort(backend, dtype, axis):
    x = sample(dtype)
    compare(lambda np: np.sort(np.asarray(x), axis=axis))
    compare(lambda np: np.argsort(np.asarray(x), axis=axis, kind="stable"))
    compare(lambda np: np.argsort(np.asarray(x), axis=axis, stable=True))


@pytest.mark.parametrize("dtype", ["int32", "float64", "complex64", "bool"])
def test_default_argsort_sorts(backend, dtype):
    """numpy's quicksort orders ties as it likes: compare the values the indices pick."""
    x = sample(dtype)
    compare(lambda np: np.asarray(numpy.take_along_axis(x, numpy.asarray(np.argsort(x)), -1)))
    compare(lambda np: np.asarray(x.reshape(-1)[numpy.asarray(np.argsort(x, axis=None))]))


def test_sort_3d_and_method(backend):
    x = sample("float32", (3, 4, 5))
    compare(lambda np: np.sort(np.asarray(x), axis=1, kind="mergesort"))
    compare(lambda np: np.sort(np.asarray(x), axis=-2, kind="heapsort"))

    def method(np):
        a = np.asarray(x)
        a.sort(axis=0)
        return a

    compare(method)
    compare(lambda np: np.asarray(x).argsort(axis=2, kind="stable"))
    compare(lambda np: np.sort([3, 1, 2]))
    compare(lambda np: np.sort(np.asarray(5.0), axis=None))


def test_sort_errors(backend):
    x = sample("float64")
    compare(lambda np: np.sort(np.asarray(x), axis=2))
    compare(lambda np: np.sort(np.asarray(5.0)))
    compare(lambda np: np.sort(np.asarray(x), kind="foo"))
    compare(lambda np: np.sort(np.asarray(x), kind="quicksort", stable=True))
    compare(lambda np: np.argsort(np.asarray(x), axis=-3))
    compare(lambda np: np.sort(np.asarray(x), order="f"))
    compare(lambda np: np.sort(np.asarray(x), axis=1.0))


@pytest.mark.parametrize("dtype", ["int16", "float64", "uint8", "complex128"])
def test_lexsort(backend, dtype):
    a, b = sample(dtype, (12,)), sample(dtype, (12,))
    compare(lambda np: np.lexsort((np.asarray(a), np.asarray(b))))
    compare(lambda np: np.lexsort([a, b, a]))
    compare(lambda np: np.lexsort(np.asarray(numpy.stack([a, b]))))
    two = sample(dtype, (3, 4))
    compare(lambda np: np.lexsort((np.asarray(two), np.asarray(two)[::-1]), axis=0))


def test_lexsort_errors(backend):
    compare(lambda np: np.lexsort(([1, 2], [1, 2, 3])))
    compare(lambda np: np.lexsort(()))
    compare(lambda np: np.lexsort(([1, 2], [2, 1]), axis=1))
    compare(lambda np: np.lexsort((1, 2)))
    compare(lambda np: np.lexsort(np.asarray([3, 1, 2])))
    compare(lambda np: np.lexsort(np.asarray(3)))


def _partition_canonical(np, x, kth, axis=-1, arg=False):
    """numpy's partition arrangement is implementation-defined: check the partition
    property and return the kth elements and the sorted sides (equal for any valid one)."""
    a = np.asarray(x)
    if arg:
        idx = numpy.asarray(np.argpartition(a, kth, axis=axis))
        result = numpy.take_along_axis(numpy.asarray(x), idx, axis=axis)
    else:
        result = np.partition(a, kth, axis=axis)
    result = numpy.asarray(result)
    host = numpy.moveaxis(numpy.asarray(x), axis, -1)
    result = numpy.moveaxis(result, axis, -1)
    expected = numpy.sort(host, axis=-1)
    for k in numpy.atleast_1d(kth):
        k = int(k) % host.shape[-1]
        numpy.testing.assert_array_equal(result[..., k], expected[..., k])
        assert (result[..., :k] <= result[..., k : k + 1]).all()
        assert (result[..., k + 1 :] >= result[..., k : k + 1]).all()
    return np.asarray(numpy.sort(result, axis=-1))


@pytest.mark.parametrize("dtype", ["int8", "uint32", "float32", "float64", "bool"])
@pytest.mark.parametrize("kth", [2, [-1, 1, 3]])
def test_partition(backend, dtype, kth):
    x = sample(dtype, (5, 6), nan=False)
    compare(lambda np: _partition_canonical(np, x, kth))
    compare(lambda np: _partition_canonical(np, x, kth, axis=0))
    compare(lambda np: _partition_canonical(np, x, kth, arg=True))
    compare(lambda np: _partition_canonical(np, x, kth, axis=0, arg=True))


def test_partition_errors(backend):
    x = sample("float64", (5, 6))
    compare(lambda np: np.partition(np.asarray(x), 6))
    compare(lambda np: np.partition(np.asarray(x), -7))
    compare(lambda np: np.argpartition(np.asarray(x), 1.0))
    compare(lambda np: np.partition(np.asarray(x), 1, kind="quick"))
    compare(lambda np: np.partition(np.asarray(x), 1, axis=2))
    compare(lambda np: np.partition(np.asarray(x), 29, axis=None).shape)


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "float16", "float64", "complex64",
                                   "complex128", "bool"])  # fmt: skip
def test_sort_complex(backend, dtype):
    x = sample(dtype, (3, 5), nan=False)
    compare(lambda np: np.sort_complex(np.asarray(x)))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["argmax", "argmin"])
def test_argmax_argmin(backend, dtype, name):
    x = sample(dtype)
    compare(lambda np: getattr(np, name)(np.asarray(x)))
    compare(lambda np: getattr(np, name)(np.asarray(x), axis=0))
    compare(lambda np: getattr(np, name)(np.asarray(x), axis=-1, keepdims=True))
    compare(lambda np: getattr(np, name)(np.asarray(x), keepdims=True))
    clean = sample(dtype, nan=False)
    compare(lambda np: getattr(np.asarray(clean), name)(axis=1))


def test_argmax_edges(backend):
    compare(lambda np: np.argmax([]))
    compare(lambda np: np.argmin(np.zeros((0, 3)), axis=0))
    compare(lambda np: np.argmax(np.zeros((0, 3)), axis=1))
    compare(lambda np: np.argmax(np.zeros((2, 3)), axis=2))
    compare(lambda np: np.argmax(np.asarray(3.0)))
    compare(lambda np: np.argmin(np.asarray(3.0), axis=0))
    compare(lambda np: np.argmax([[1, 5], [7, 0]], axis=1))
    compare(lambda np: np.argmax([1.0, numpy.nan, 3.0, numpy.nan]))
    compare(lambda np: np.argmin([complex(1, 1), complex(1, -1), complex(0, 9)]))
    compare(lambda np: np.argmax([complex(1, 1), complex(1, -1), complex(0, 9)]))

    x = sample("float32", (4, 3), nan=False)

    def out(np):
        o = np.zeros(3, dtype=np.intp)
        r = np.argmax(np.asarray(x), axis=0, out=o)
        return o, r

    compare(out)


@pytest.mark.parametrize("dtype", ["float16", "float64", "complex128", "int32"])
def test_nanargmax_nanargmin(backend, dtype):
    x = sample(dtype)
    compare(lambda np: np.nanargmax(np.asarray(x)))
    compare(lambda np: np.nanargmin(np.asarray(x), axis=1))
    compare(lambda np: np.nanargmax(np.asarray(x), axis=0, keepdims=True))
    if dtype != "int32":
        allnan = numpy.array([[1.0, numpy.nan], [numpy.nan, numpy.nan]], dtype=dtype)
        compare(lambda np: np.nanargmax(np.asarray(allnan), axis=1))
        compare(lambda np: np.nanargmin(np.asarray(allnan), axis=0))
        compare(lambda np: np.nanargmax(np.asarray(allnan)))
        compare(lambda np: np.nanargmin(np.asarray(allnan[1])))


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint64", "float32", "complex64"])
def test_nonzero_family(backend, dtype):
    x = sample(dtype, (3, 4, 2), nan=False)
    compare(lambda np: np.nonzero(np.asarray(x)))
    compare(lambda np: np.asarray(x).nonzero())
    compare(lambda np: np.flatnonzero(np.asarray(x)))
    compare(lambda np: np.argwhere(np.asarray(x)))
    compare(lambda np: np.extract(np.asarray(x), np.asarray(x) * 2))
    compare(lambda np: np.count_nonzero(np.asarray(x)))
    compare(lambda np: np.count_nonzero(np.asarray(x), axis=1))
    compare(lambda np: np.count_nonzero(np.asarray(x), axis=(0, 2), keepdims=True))
    compare(lambda np: np.count_nonzero(np.asarray(x), keepdims=True))


def test_nonzero_edges(backend):
    compare(lambda np: np.nonzero(np.asarray(3)))
    compare(lambda np: np.argwhere(np.asarray(3)))
    compare(lambda np: np.argwhere(np.asarray(0.0)))
    compare(lambda np: np.nonzero([0, 0, 0]))
    compare(lambda np: np.nonzero([[1.0, numpy.nan], [0.0, -0.0]]))
    compare(lambda np: np.count_nonzero([numpy.nan, 0.0, -0.0]))
    compare(lambda np: np.count_nonzero(np.ones((2, 3)), axis=2))
    compare(lambda np: np.count_nonzero(np.ones((2, 3)), axis=(1, 1)))
    compare(lambda np: np.extract(np.asarray([True, False, True]), np.arange(6).reshape(2, 3)))


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int64", "float16", "float64", "complex128"])
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted(backend, dtype, side):
    a = numpy.sort(sample(dtype, (10,), nan=False))
    v = sample(dtype, (2, 3), nan=False)
    compare(lambda np, side=side: np.searchsorted(np.asarray(a), np.asarray(v), side=side))
    compare(lambda np: np.searchsorted(np.asarray(a), np.asarray(v)[0, 0], side=side))
    compare(lambda np: np.searchsorted(np.asarray(a), 1, side=side))
    compare(lambda np: np.asarray(a).searchsorted(np.asarray(v), side))
    shuffled = a[::-1].copy()
    sorter = numpy.argsort(shuffled, kind="stable")
    compare(
        lambda np: np.searchsorted(np.asarray(shuffled), np.asarray(v), side, np.asarray(sorter))
    )


def test_searchsorted_edges(backend):
    a = numpy.array([1, 2, 3, 100], dtype="int8")
    compare(lambda np: np.searchsorted(np.asarray(a), 300))
    compare(lambda np: np.searchsorted(np.asarray(a), -300))
    compare(lambda np: np.searchsorted(np.asarray(a), 2.5))
    compare(lambda np: np.searchsorted(np.asarray(a), [[2]]))
    compare(lambda np: np.searchsorted(np.asarray(a), np.asarray(2)))
    compare(lambda np: np.searchsorted(np.asarray(a), np.asarray([1.5, 2], dtype="float32")))
    compare(lambda np: np.searchsorted(np.asarray(a), 2, side="x"))
    compare(lambda np: np.searchsorted(np.asarray([[1, 2]]), 1))
    compare(lambda np: np.searchsorted([1.0, 2.0, 3.0], [0.5, 2.0, 9.0], side="right"))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_searchsorted_nan(backend, dtype):
    a = numpy.array([-numpy.inf, 1.0, 2.0, numpy.inf, numpy.nan, numpy.nan], dtype=dtype)
    v = numpy.array([numpy.nan, numpy.inf, 2.0, -numpy.inf, 0.0, 5.0], dtype=dtype)
    for side in ("left", "right"):
        compare(lambda np, side=side: np.searchsorted(np.asarray(a), np.asarray(v), side=side))
        compare(lambda np, side=side: np.searchsorted(np.asarray(a), numpy.nan, side=side))
    order = numpy.array([4, 0, 3, 5, 2, 1])
    shuffled = numpy.empty_like(a)
    shuffled[order] = a
    compare(lambda np: np.searchsorted(np.asarray(shuffled), np.asarray(v), "right", order))


def test_arg_reduction_out(backend):
    x = numpy.arange(12.0).reshape(3, 4)

    def positional(np):
        o = np.zeros(4, dtype=np.intp)
        r = np.argmax(np.asarray(x), 0, o)
        return o, r

    compare(positional)
    compare(lambda np: np.argmax(np.asarray(x), axis=0, out=np.zeros(3, dtype=np.intp)))
    compare(lambda np: np.argmax(np.asarray(x), axis=0, out=np.zeros(4, dtype=np.int32)))
    compare(lambda np: np.argmin(np.asarray(x), axis=0, out=np.zeros(4)))
    compare(lambda np: np.nanargmax(np.asarray(x), axis=0, out=np.zeros((2, 4), dtype=np.intp)))
    compare(lambda np: np.argmax(np.asarray(x), axis=0, out=[0, 0, 0, 0]))


def test_unsupported_dtype_clear_error(backend):
    with pytest.raises(TypeError):  # no backend holds long double
        fnp.sort(numpy.array([2.0, 1.0], dtype=numpy.longdouble))
    compare(lambda np: np.sort(numpy.array(["b", "a"])))  # strings: held on the host


@given(
    hnp.arrays(
        numpy.float64,
        hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=5),
        elements=st.sampled_from([0.0, 1.0, -2.0, 3.5, numpy.nan, numpy.inf]),
    ),
    st.sampled_from(["float32", "int16", "complex128"]),
    st.sampled_from([0, -1, None]),
)
@settings(max_examples=6)  # every new shape compiles each op on jax
def test_sort_hypothesis(backend, x, dtype, axis):
    """Random arrays with ties, NaNs and infinities (complex ones with NaN parts)."""
    if dtype == "int16":
        x = numpy.where(numpy.isfinite(x), x, 7.0)
    elif dtype == "complex128":
        x = x + 1j * numpy.flip(x)
    x = x.astype(dtype)
    compare(lambda np: np.sort(np.asarray(x), axis=axis))
    compare(lambda np: np.argsort(np.asarray(x), axis=axis, kind="stable"))
    compare(lambda np: np.argmax(np.asarray(x), axis=axis))
    compare(lambda np: np.unique(np.asarray(x), return_index=True, return_counts=True))
