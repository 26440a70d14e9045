"""numpy's array creation routines against real numpy on every backend."""

from __future__ import annotations

import numpy
import pytest

from frontends import numpy as fnp
from tests.frontends.numpy.oracle import compare

X = numpy.arange(12, dtype="float32").reshape(3, 4)


@pytest.mark.parametrize("name", ["zeros", "ones", "empty"])
@pytest.mark.parametrize("dtype", [None, "int8", "uint16", "float32", "complex64", bool])
def test_zeros_ones_empty(backend, name, dtype):
    result = compare(lambda np: getattr(np, name)((2, 3), dtype=dtype) * 0)
    assert result.shape == (2, 3)
    if name != "empty":
        compare(lambda np: getattr(np, name)(4, dtype))
    compare(lambda np: getattr(np, name)(-1))


@pytest.mark.parametrize("name", ["zeros_like", "ones_like"])
def test_like(backend, name):
    compare(lambda np: getattr(np, name)(np.asarray(X)))
    compare(lambda np: getattr(np, name)([[1, 2]], dtype="int16"))
    compare(lambda np: getattr(np, name)(np.asarray(X), shape=(2, 2)))
    compare(lambda np: np.empty_like(np.asarray(X), dtype=int) * 0)
    compare(lambda np: np.full_like(np.asarray(X), 7))
    compare(lambda np: np.full_like(np.asarray(X), 2.5, dtype="float64"))
    compare(lambda np: np.full_like([1, 2, 3], 2.7))


@pytest.mark.parametrize(
    "fill, dtype",
    [(1.5, None), (3, None), (True, None), (2j, None), (1.5, int), (300, "int8"), (-1, "uint8"),
     (7, "float32"), (numpy.float32(2.5), None), ([1, 2, 3], None), ([1, 2], "int8")],
)  # fmt: skip
def test_full(backend, fill, dtype):
    compare(lambda np: np.full((2, 3), fill, dtype=dtype))


@pytest.mark.parametrize("args", [(3,), (3, 4), (3, 4, 1), (4, 3, -1), (3, 3, 5), (0,), (2, 0)])
def test_eye_identity(backend, args):
    compare(lambda np: np.eye(*args))
    compare(lambda np: np.eye(*args, dtype="int32"))
    compare(lambda np: np.identity(args[0], dtype=bool))


def test_copy(backend):
    compare(lambda np: np.copy(np.asarray(X)))
    compare(lambda np: np.copy(5))
    base = fnp.asarray(X)
    copied = fnp.copy(base)
    copied[0, 0] = 100
    assert base[0, 0] == 0


def test_host_parsers(backend):
    data = numpy.arange(6, dtype="int16").tobytes()
    compare(lambda np: np.frombuffer(data, dtype="int16"))
    compare(lambda np: np.frombuffer(data, dtype="int16", count=2, offset=2))
    compare(lambda np: np.fromiter((i * i for i in range(5)), dtype=float))
    compare(lambda np: np.fromiter(range(10), dtype="int8", count=3))
    compare(lambda np: np.fromstring("1 2 3", dtype=int, sep=" "))
    compare(lambda np: np.fromstring("1.5,2,3", sep=","))
    compare(lambda np: np.fromfunction(lambda i, j: i + j, (3, 4)))
    compare(lambda np: np.fromfunction(lambda i, j: i * 10 + j, (2, 3), dtype=int))


@pytest.mark.parametrize(
    "args, kwargs",
    [((5,), {}), ((0.5,), {}), ((1, 2, 0.1), {}), ((2, 10, 3), {}), ((10, 2, -3), {}),
     ((5, 1), {}), ((0, 1, 0.1), {"dtype": "float32"}), ((1.5, 7), {}), ((-3, 3, 0.7), {}),
     ((5,), {"dtype": float}), ((0, 10, 2), {"dtype": "uint8"}), ((numpy.float32(3),), {}),
     ((numpy.int8(4),), {}), ((0, 5, 0.5), {"dtype": int}), ((3,), {"dtype": "float16"}),
     ((0, 1, 0), {})],
)  # fmt: skip
def test_arange(backend, args, kwargs):
    compare(lambda np: np.arange(*args, **kwargs))


def test_arange_keywords(backend):
    compare(lambda np: np.arange(start=1, stop=5))
    compare(lambda np: np.arange(stop=4))
    compare(lambda np: np.arange(0, stop=6, step=2))
    compare(lambda np: np.arange())


@pytest.mark.parametrize(
    "args, kwargs",
    [((0, 1), {}), ((0, 1, 7), {}), ((2, 3, 5), {"endpoint": False}), ((0, 10, 5), {"dtype": int}),
     ((-5, 5, 4), {"dtype": "int8"}), ((0, 1, 1), {}), ((0, 1, 0), {}), ((1j, 3 + 2j, 4), {}),
     ((0, 1, 5), {"retstep": True}), ((0, 1, 1), {"retstep": True}),
     ((0, 1, 4), {"dtype": "float32"}), ((1, 0, 6), {"endpoint": False, "retstep": True}),
     ((0, 1, -1), {})],
)  # fmt: skip
def test_linspace(backend, args, kwargs):
    compare(lambda np: np.linspace(*args, **kwargs))


def test_linspace_arrays(backend):
    start = numpy.array([0.0, 1.0], dtype="float32")
    stop = numpy.array([[4.0, 9.0], [2.0, 3.0]])
    compare(lambda np: np.linspace(np.asarray(start), 2, 5))
    compare(lambda np: np.linspace(np.asarray(start), np.asarray(stop), 3, axis=1), rtol=1e-6)
    compare(lambda np: np.linspace(np.asarray(start), np.asarray(stop), 3, axis=-1), rtol=1e-6)
    compare(lambda np: np.linspace([0, 1], [5, 6], 4, retstep=True))
    compare(lambda np: np.linspace(np.asarray(start), 3, 4, axis=2))


@pytest.mark.parametrize(
    "args, kwargs",
    [((0, 2, 5), {}), ((0, 3, 4), {"base": 2.0}), ((1, 2, 3), {"endpoint": False}),
     ((0, 2, 3), {"dtype": int}), (([0, 1], [2, 3], 3), {}), (([0, 1], 2, 3), {"axis": 1}),
     ((0, 2, 4), {"base": [2.0, 3.0], "axis": -1})],
)  # fmt: skip
def test_logspace(backend, args, kwargs):
    compare(lambda np: np.logspace(*args, **kwargs), rtol=1e-12)


@pytest.mark.parametrize(
    "args, kwargs",
    [((1, 1000, 4), {}), ((-1, -1000, 4), {}), ((1, 256, 9), {"endpoint": False}),
     ((1, 100, 3), {"dtype": "float32"}), (([1, 10], [100, 1000], 3), {"axis": 1}), ((1j, 16j, 5), {}),
     ((0, 10, 3), {})],
)  # fmt: skip
def test_geomspace(backend, args, kwargs):
    compare(lambda np: np.geomspace(*args, **kwargs), rtol=1e-12)


def test_geomspace_integer_truncation(backend):
    """An integer dtype truncates values an ulp below an integer: log10 must be numpy's to
    the last bit (tensorflow's log(x) / ln(10) gave 1 where numpy gives 2)."""
    compare(lambda np: np.geomspace(1, 256, num=9, dtype=int))
    compare(lambda np: np.log10(np.asarray([1e-300, 1e-5, 0.1, 1.0, 256.0, 1e3, 1e300])))
    compare(lambda np: np.log2(np.asarray([2.0**-1000, 0.5, 8.0, 2.0**1000])))


@pytest.mark.parametrize("indexing", ["xy", "ij", "bad"])
@pytest.mark.parametrize("sparse", [False, True])
def test_meshgrid(backend, indexing, sparse):
    x, y, z = numpy.arange(3), numpy.linspace(0, 1, 2, dtype="float32"), numpy.arange(4.0)
    compare(lambda np: np.meshgrid(np.asarray(x), np.asarray(y), indexing=indexing, sparse=sparse))
    compare(lambda np: np.meshgrid(x, y, z, indexing=indexing, sparse=sparse))
    compare(lambda np: np.meshgrid(x, indexing=indexing, sparse=sparse))
    compare(lambda np: np.meshgrid(x, y, copy=False, indexing=indexing, sparse=sparse))
    compare(lambda np: np.meshgrid())


def test_meshgrid_copy_false_is_read_only(backend):
    grid = fnp.meshgrid(fnp.arange(3), fnp.arange(2), copy=False)
    with pytest.raises(ValueError):
        grid[0][0, 0] = 5


def test_mgrid_ogrid(backend):
    compare(lambda np: np.mgrid[0:5])
    compare(lambda np: np.mgrid[0:5, 0:3])
    compare(lambda np: np.mgrid[-1:1:5j])
    compare(lambda np: np.mgrid[-1:1:5j, 0:4:2])
    compare(lambda np: np.mgrid[0:1:0.25, 1:3])
    compare(lambda np: np.ogrid[0:5, 0:3])
    compare(lambda np: np.ogrid[-1:1:3j, 2:6:2])
    compare(lambda np: np.ogrid[0:4])


@pytest.mark.parametrize("k", [0, 1, -2, 5])
def test_diag_diagflat(backend, k):
    compare(lambda np: np.diag([1, 2, 3], k))
    compare(lambda np: np.diag(np.asarray(X), k))
    compare(lambda np: np.diagflat([[1, 2], [3, 4]], k))
    compare(lambda np: np.diag(np.asarray(X)[0, 0]))
    compare(lambda np: np.diag(np.zeros((2, 2, 2))))
    compare(lambda np: np.diag([], k))


@pytest.mark.parametrize("k", [0, 1, -1, 3, -4])
def test_tri_tril_triu(backend, k):
    compare(lambda np: np.tri(3, 4, k))
    compare(lambda np: np.tri(3, k=k, dtype=int))
    compare(lambda np: np.tril(np.asarray(X), k))
    compare(lambda np: np.triu(np.asarray(X), k))
    compare(lambda np: np.triu(np.arange(24).reshape(2, 3, 4), k))
    compare(lambda np: np.tril([1, 2, 3], k))
    compare(lambda np: np.tril(np.asarray(X > 5), k))
    compare(lambda np: np.tril(5))


@pytest.mark.parametrize("n", [None, 0, 1, 4])
@pytest.mark.parametrize("increasing", [False, True])
def test_vander(backend, n, increasing):
    compare(lambda np: np.vander([1, 2, 3, 5], n, increasing=increasing))
    compare(lambda np: np.vander(np.asarray([1.5, -2.0], dtype="float32"), n, increasing))
    compare(lambda np: np.vander([True, False], n))
    compare(lambda np: np.vander([[1, 2]], n))


@pytest.mark.parametrize(
    "fn",
    [lambda np: np.arange(3, dtype=bool), lambda np: np.arange(2, dtype=bool),
     lambda np: np.arange(1, 3, dtype=bool), lambda np: np.eye(3, k=-1, dtype=complex),
     lambda np: np.full((2, 2), [1, 2, 3]), lambda np: np.linspace(0, 1, 2.5),
     lambda np: np.arange(5, 1), lambda np: np.arange(0.1, 1.0, 0.1, dtype=np.float32),
     lambda np: np.meshgrid([1, 2]), lambda np: np.full_like([[1, 2]], 3, shape=4),
     lambda np: np.zeros(2.0), lambda np: np.ones([2, 3], dtype="i4"), lambda np: np.tri(-1),
     lambda np: np.linspace(np.asarray([0, 1], dtype="int8"), 10, 3),
     lambda np: np.diag([[1, 2], [3, 4]]),
     lambda np: np.logspace(0, 3, 4, base=2), lambda np: np.indices((2, 2), dtype=bool)],
)  # fmt: skip
def test_edge_cases(backend, fn):
    compare(fn, rtol=1e-12)
