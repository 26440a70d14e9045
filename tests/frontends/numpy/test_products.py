"""numpy's products (dot, vdot, inner, outer, tensordot, einsum, einsum_path, kron, trace)
against real numpy on every backend."""

from __future__ import annotations

import numpy
import pytest

from frontends import numpy as fnp
from tests.frontends.numpy.oracle import compare

RNG = numpy.random.default_rng(0)
DTYPES = ["bool", "int8", "int32", "int64", "uint8", "float16", "float32", "float64",
          "complex64", "complex128"]  # fmt: skip


def _data(shape, dtype):
    if dtype == "bool":
        return RNG.integers(0, 2, shape).astype(bool)
    if numpy.dtype(dtype).kind in "iu":
        return RNG.integers(0, 5, shape).astype(dtype)
    x = RNG.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * RNG.standard_normal(shape)
    return x.astype(dtype)


def _tol(dtype):
    kind = numpy.dtype(dtype)
    if kind in (numpy.float16,):
        return {"rtol": 2e-2, "atol": 2e-2}
    if kind in (numpy.float32, numpy.complex64):
        return {"rtol": 1e-5, "atol": 1e-5}
    if kind.kind in "fc":
        return {"rtol": 1e-10, "atol": 1e-10}
    return {}


@pytest.mark.parametrize("dtype", DTYPES)
def test_dot_dtypes(backend, dtype):
    a, b = _data((3, 4), dtype), _data((4, 2), dtype)
    v, w = _data(4, dtype), _data(4, dtype)
    tol = _tol(dtype)
    compare(lambda np: np.dot(np.asarray(a), np.asarray(b)), **tol)
    compare(lambda np: np.dot(np.asarray(v), np.asarray(w)), **tol)
    compare(lambda np: np.dot(np.asarray(a), np.asarray(v)), **tol)
    compare(lambda np: np.asarray(a).dot(np.asarray(b)), **tol)


@pytest.mark.parametrize(
    "sa,sb",
    [((2, 3, 4), (4,)), ((2, 3, 4), (5, 4, 2)), ((3,), (3, 2)), ((), (2, 2)), ((2,), ()),
     ((4,), (2, 4, 3)), ((), ())],
)  # fmt: skip
def test_dot_shapes(backend, sa, sb):
    a, b = _data(sa, "float64"), _data(sb, "float64")
    compare(lambda np: np.dot(np.asarray(a), np.asarray(b)), rtol=1e-10, atol=1e-12)


def test_dot_mixed_and_errors(backend):
    a32 = _data((2, 3), "float32")
    i8 = _data((3,), "int8")
    compare(lambda np: np.dot(np.asarray(a32), np.asarray(i8)), rtol=1e-5)
    compare(lambda np: np.dot(np.asarray(a32[0]), 3.0), rtol=1e-6)  # python scalar is strong
    compare(lambda np: np.dot(np.asarray(i8), 300))
    compare(lambda np: np.dot(2, 3))
    compare(lambda np: np.dot(np.ones((2, 3)), np.ones(2)))
    compare(lambda np: np.dot(np.ones((2, 3)), np.ones((2, 3))))

    def with_out(np):
        out = np.zeros((2, 2))
        result = np.dot(np.ones((2, 3)), np.ones((3, 2)), out=out)
        return result, out

    compare(with_out)

    def bad_out(np):
        return np.dot(np.ones((2, 3)), np.ones((3, 2)), out=np.zeros((2, 2), dtype=np.float32))

    compare(bad_out)


@pytest.mark.parametrize("dtype", ["int32", "float32", "complex64", "complex128", "bool"])
def test_vdot_inner_outer(backend, dtype):
    a, b = _data((2, 3), dtype), _data((2, 3), dtype)
    c = _data((4, 3), dtype)
    tol = _tol(dtype)
    compare(lambda np: np.vdot(np.asarray(a), np.asarray(b)), **tol)
    compare(lambda np: np.vdot(a[0].tolist(), b[0].tolist()), **tol)
    compare(lambda np: np.inner(np.asarray(a), np.asarray(c)), **tol)
    compare(lambda np: np.inner(np.asarray(a[0]), np.asarray(b[0])), **tol)
    compare(lambda np: np.inner(np.asarray(a), 2), **tol)
    compare(lambda np: np.outer(np.asarray(a), np.asarray(c[0])), **tol)
    compare(lambda np: np.outer(2, 3))


def test_vdot_inner_outer_errors(backend):
    compare(lambda np: np.vdot(np.ones((2, 3)), np.ones(2)))
    compare(lambda np: np.inner(np.ones((2, 3)), np.ones((2, 2))))

    def outer_out(np):
        out = np.zeros((2, 3))
        np.outer(np.arange(2.0), np.arange(3.0), out=out)
        return out

    compare(outer_out)


@pytest.mark.parametrize(
    "sa,sb,axes",
    [((3, 4, 5), (4, 5, 2), 2), ((3, 4), (4, 2), 1), ((3,), (3,), 1), ((2, 3), (4,), 0),
     ((3, 4, 5), (5, 3, 2), ([0, 2], [1, 0])), ((3, 4), (2, 4), (1, 1)),
     ((3, 4), (2, 4), ([-1], [-1]))],
)  # fmt: skip
def test_tensordot(backend, sa, sb, axes):
    a, b = _data(sa, "float64"), _data(sb, "float64")
    compare(lambda np: np.tensordot(np.asarray(a), np.asarray(b), axes), rtol=1e-10, atol=1e-12)
    ai, bi = _data(sa, "int16"), _data(sb, "int16")
    compare(lambda np: np.tensordot(np.asarray(ai), np.asarray(bi), axes=axes))


def test_tensordot_errors(backend):
    compare(lambda np: np.tensordot(np.ones((3, 4)), np.ones((3, 4)), axes=1))
    compare(lambda np: np.tensordot(np.ones((3, 4)), np.ones((3, 4)), axes=([0, 1], [0])))


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "float32", "complex128"])
def test_kron(backend, dtype):
    a, b = _data((2, 3), dtype), _data((3, 2), dtype)
    compare(lambda np: np.kron(np.asarray(a), np.asarray(b)), **_tol(dtype))
    compare(lambda np: np.kron(np.asarray(a[0]), np.asarray(b)), **_tol(dtype))
    compare(lambda np: np.kron(np.asarray(a), 3), **_tol(dtype))
    compare(lambda np: np.kron(2, 3))


def test_kron_four_dimensions(backend):
    """A 4-D kron is an 8-D broadcast product, which tensorflow's multiply refuses."""
    a, b = numpy.arange(100).reshape(2, 5, 2, 5), numpy.arange(24).reshape(2, 3, 4)
    compare(lambda np: np.kron(np.asarray(a), np.asarray(b)))


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "float16", "complex64"])
def test_trace_dtypes(backend, dtype):
    a = _data((3, 4, 5), dtype)
    tol = _tol(dtype)
    compare(lambda np: np.trace(np.asarray(a[0])), **tol)
    compare(lambda np: np.trace(np.asarray(a), axis1=-1, axis2=-2, dtype=np.float64), **tol)


def test_trace(backend):
    a = _data((3, 4, 5), "int64")
    compare(lambda np: np.trace(np.asarray(a[0]), offset=1))
    compare(lambda np: np.trace(np.asarray(a[0]), offset=-2))
    compare(lambda np: np.trace(np.asarray(a[0]), offset=10))
    compare(lambda np: np.trace(np.asarray(a)))
    compare(lambda np: np.trace(np.asarray(a), 1, 2, 0))
    compare(lambda np: np.asarray(a).trace())
    compare(lambda np: np.trace(np.asarray(a[0]).astype(np.uint32), dtype=np.int8))


def test_trace_errors(backend):
    compare(lambda np: np.trace(np.ones(3)))
    compare(lambda np: np.trace(np.ones((2, 2)), axis1=0, axis2=0))
    compare(lambda np: np.trace(np.ones((2, 2)), axis1=0, axis2=2))


@pytest.mark.parametrize(
    "subscripts,shapes",
    [("ij,jk->ik", [(2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 4)]), ("i,i", [(3,), (3,)]),
     ("ii", [(3, 3)]), ("ii->i", [(3, 3)]), ("ij->ji", [(2, 3)]), ("i,j->ij", [(2,), (3,)]),
     ("...ij,...jk->...ik", [(5, 2, 3), (5, 3, 4)]), ("bij,bjk->b", [(2, 2, 3), (2, 3, 4)]),
     ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]), ("i->", [(4,)]), ("", [()]),
     ("ij...,j...->i...", [(2, 3, 4), (3, 4)])],
)  # fmt: skip
def test_einsum(backend, subscripts, shapes):
    for dtype in ("float64", "int32", "complex64"):
        arrays = [_data(s, dtype) for s in shapes]
        compare(
            lambda np, arrays=arrays: np.einsum(subscripts, *[np.asarray(x) for x in arrays]),
            **_tol(dtype),
        )


def test_einsum_options(backend):
    a, b = _data((2, 3), "float32"), _data((3, 4), "float32")
    i8 = _data((4,), "int8") * 40
    tol = _tol("float32")
    compare(lambda np: np.einsum("ij,jk->ik", np.asarray(a), np.asarray(b), optimize=True), **tol)
    compare(lambda np: np.einsum("ij,jk", np.asarray(a), np.asarray(b), optimize="greedy"), **tol)
    compare(lambda np: np.einsum(np.asarray(a), [0, 1], np.asarray(b), [1, 2], [0, 2]), **tol)
    compare(lambda np: np.einsum(np.asarray(a), [0, 1], np.asarray(b), [1, 2]), **tol)
    compare(lambda np: np.einsum("ij,jk", np.asarray(a), np.asarray(b), dtype=np.float64), **tol)
    compare(lambda np: np.einsum("i->", np.asarray(i8)))  # int8 sum wraps, as numpy's
    compare(lambda np: np.einsum("i,i", np.asarray(i8), np.asarray(a[0].tolist() + [1.0])))
    compare(lambda np: np.einsum("i->", np.asarray([True, False])))
    compare(lambda np: np.einsum("i,i", np.asarray([True, False]), np.asarray([True, True])))
    compare(lambda np: np.einsum("i", np.asarray([True, False])))
    compare(lambda np: np.einsum("ij,j->i", np.ones((2, 3)), np.ones(1)))  # size-1 label broadcasts
    # errors: unsafe dtype, operand count, shape mismatch
    compare(lambda np: np.einsum("ij,jk", np.asarray(a), np.asarray(b), dtype=np.int32))
    compare(lambda np: np.einsum("ij,jk", np.asarray(a)))
    compare(lambda np: np.einsum("ij,jk", np.asarray(a), np.asarray(a)))

    def with_out(np):
        out = np.zeros((2, 4), dtype=np.float32)
        result = np.einsum("ij,jk", np.asarray(a), np.asarray(b), out=out)
        return result, out

    compare(with_out, **tol)


def test_einsum_path(backend):
    shapes = [(2, 3), (3, 4), (4, 5)]

    def run(np):
        arrays = [np.ones(s) for s in shapes]
        return np.einsum_path("ij,jk,kl->il", *arrays, optimize="greedy")

    ours, theirs = run(fnp), run(numpy)
    assert ours == theirs
    ours = fnp.einsum_path("ij,jk,kl->il", *[fnp.ones(s) for s in shapes], optimize="optimal")
    assert ours == numpy.einsum_path("ij,jk,kl->il", *[numpy.ones(s) for s in shapes],
                                     optimize="optimal")  # fmt: skip
