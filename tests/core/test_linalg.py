"""core.linalg against numpy, on every backend.

Matrices are built from small integers so that they are exact in every dtype and well
conditioned: ``A @ A^H + n I`` (Hermitian positive definite) or ``A + (3n + 1) I``
(strictly diagonally dominant). Expected VALUES come from numpy in float64/complex128 on
the same (cast) inputs; the expected DTYPE from core's rules: integer input computes in
the default float dtype (float32, where numpy would give float64), real-valued results of
complex input have the real dtype of the same precision. Decompositions, unique only up to
signs or phases, are checked by reconstruction and orthogonality.
"""

from __future__ import annotations

import math

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, assert_values, dtype_names

FLOATING = ("float32", "float64", "complex64", "complex128")
INPUT_DTYPES = st.sampled_from((*FLOATING, "int64", "int8"))
TOLERANCE = {"float32": 2e-4, "complex64": 2e-4, "float64": 1e-9, "complex128": 1e-9}


def computed_dtype(dtype: str) -> str:
    """The dtype a float-only function computes in: integers take the default float."""
    return dtype if numpy.dtype(NUMPY_DTYPES[dtype]).kind in "fcV" else "float32"


def real_dtype(dtype: str) -> str:
    return {"complex64": "float32", "complex128": "float64"}.get(dtype, computed_dtype(dtype))


def wide(x: numpy.ndarray) -> numpy.ndarray:
    return x.astype(numpy.complex128 if x.dtype.kind == "c" else numpy.float64)


@st.composite
def matrices(draw, dtype: str, kind: str, rectangular: bool = False) -> numpy.ndarray:
    """A (stack of) matrix of ``kind`` "hermitian" (positive definite), "dominant" (strictly
    diagonally dominant, rectangular allowed) or "any" (small integers), cast to ``dtype``."""
    batch = draw(st.sampled_from([(), (2,)]))
    n = draw(st.integers(1, 3))
    m = draw(st.integers(1, 3)) if rectangular else n
    integers = hnp.arrays(numpy.int64, (*batch, n, m), elements=st.integers(-3, 3))
    a = draw(integers).astype(numpy.complex128)
    if dtype.startswith("complex"):
        a = a + 1j * draw(integers)
    if kind == "hermitian":
        a = a @ numpy.conj(numpy.swapaxes(a, -1, -2)) + n * numpy.eye(n)
    elif kind == "dominant":
        a = a + (3 * max(n, m) + 1) * numpy.eye(n, m)
    if not dtype.startswith("complex"):
        a = a.real
    return a.astype(NUMPY_DTYPES[dtype])


def close(actual: numpy.ndarray, expected: numpy.ndarray, dtype: str, scale: float = 1) -> None:
    tolerance = TOLERANCE[dtype] * scale
    assert_values(actual, numpy.asarray(expected), dtype, rtol=tolerance, atol=tolerance)


# name -> (core call (looked up when called: the backend binds it), numpy oracle on wide inputs, matrix kind, result dtype rule, keyword
# arguments to draw from)
SAME, REAL = computed_dtype, real_dtype
ORDS = ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf)
COMPARED = {
    "det": (
        lambda x, *a, **k: core.linalg.det(x, *a, **k),
        numpy.linalg.det,
        "dominant",
        SAME,
        [{}],
    ),
    "inv": (
        lambda x, *a, **k: core.linalg.inv(x, *a, **k),
        numpy.linalg.inv,
        "dominant",
        SAME,
        [{}],
    ),
    "slogdet": (
        lambda x: core.linalg.slogdet(x).logabsdet,
        lambda x: numpy.linalg.slogdet(x).logabsdet,
        "dominant",
        REAL,
        [{}],
    ),
    "solve": (
        lambda x: core.linalg.solve(x, core.matrix_transpose(x)),
        lambda x: numpy.linalg.solve(x, numpy.swapaxes(x, -1, -2)),
        "dominant",
        SAME,
        [{}],
    ),
    "matrix_power": (
        lambda x, *a, **k: core.linalg.matrix_power(x, *a, **k),
        numpy.linalg.matrix_power,
        "dominant",
        SAME,
        [{"n": -1}, {"n": -2}],
    ),
    "pinv": (
        lambda x, *a, **k: core.linalg.pinv(x, *a, **k),
        numpy.linalg.pinv,
        "dominant-rectangular",
        SAME,
        [{}],
    ),
    "cholesky": (
        lambda x, *a, **k: core.linalg.cholesky(x, *a, **k),
        numpy.linalg.cholesky,
        "hermitian",
        SAME,
        [{"upper": False}, {"upper": True}],
    ),
    "eigvalsh": (
        lambda x, *a, **k: core.linalg.eigvalsh(x, *a, **k),
        numpy.linalg.eigvalsh,
        "hermitian",
        REAL,
        [{}],
    ),
    "svdvals": (
        lambda x, *a, **k: core.linalg.svdvals(x, *a, **k),
        numpy.linalg.svdvals,
        "dominant-rectangular",
        REAL,
        [{}],
    ),
    "matrix_rank": (
        lambda x, *a, **k: core.linalg.matrix_rank(x, *a, **k),
        numpy.linalg.matrix_rank,
        "dominant-rectangular",
        lambda dtype: "int64",
        [{}],
    ),
    "matrix_norm": (
        lambda x, *a, **k: core.linalg.matrix_norm(x, *a, **k),
        numpy.linalg.matrix_norm,
        "any-rectangular",
        REAL,
        [{"ord": o, "keepdims": k} for o in ORDS for k in (False, True)],
    ),
}


@pytest.mark.parametrize("name", list(COMPARED))
@given(dtype=INPUT_DTYPES, data=st.data())
def test_matches_numpy(backend, name, dtype, data):
    function, oracle, kind, result_dtype, options = COMPARED[name]
    kind, _, shape = kind.partition("-")
    x = data.draw(matrices(dtype, kind, rectangular=bool(shape)))
    kwargs = dict(data.draw(st.sampled_from(options)))
    n = kwargs.pop("n", None)
    arguments = () if n is None else (n,)
    result = function(core.asarray(x), *arguments, **kwargs)
    want = result_dtype(dtype)
    assert result.dtype == want
    expected = oracle(wide(x), *arguments, **kwargs)
    assert result.shape == numpy.shape(expected)
    scale = 10 if name == "matrix_power" else 1
    close(result.to_numpy(), expected, want if want != "int64" else "float64", scale)


def test_solve_vector_and_broadcast_batches(backend):
    a = numpy.array([[[4.0, 1.0], [2.0, 5.0]], [[3.0, 0.0], [1.0, 2.0]]], dtype=numpy.float32)
    b = numpy.array([1.0, 2.0], dtype=numpy.float32)
    assert_same(core.linalg.solve(core.asarray(a), core.asarray(b)), numpy.linalg.solve(a, b))
    # a stack of matrices broadcast against one matrix; b of shape a.shape[:-1] is read as
    # a matrix (the standard, numpy 2), never as a stack of vectors (torch)
    matrix = numpy.array([[1.0, 0.0], [2.0, 1.0]], dtype=numpy.float32)
    result = core.linalg.solve(core.asarray(a[:, None]), core.asarray(matrix))
    assert_same(result, numpy.linalg.solve(a[:, None], matrix), rtol=1e-5)
    integers = numpy.array([[2, 1], [1, 3]], dtype=numpy.int32)
    expected = numpy.linalg.solve(integers, numpy.array([3, 5])).astype(numpy.float32)
    assert_same(core.linalg.solve(core.asarray(integers), core.asarray([3, 5])), expected)


def test_slogdet_sign_of_complex_and_negative_determinants(backend):
    x = numpy.array([[0, 2j], [1, 0]], dtype=numpy.complex64)
    sign, logabsdet = core.linalg.slogdet(core.asarray(x))
    assert_same(sign, numpy.complex64(-2j / 2))
    assert_same(logabsdet, numpy.float32(numpy.log(2)))
    y = numpy.array([[0.0, 1.0], [3.0, 0.0]], dtype=numpy.float64)
    assert_same(core.linalg.slogdet(core.asarray(y)).sign, numpy.float64(-1))


@given(dtype=INPUT_DTYPES, data=st.data())
def test_eigh_reconstructs(backend, dtype, data):
    x = data.draw(matrices(dtype, "hermitian"))
    values, vectors = core.linalg.eigh(core.asarray(x))
    assert values.dtype == real_dtype(dtype) and vectors.dtype == computed_dtype(dtype)
    w, v = values.to_numpy().astype(numpy.float64), wide(vectors.to_numpy())
    close(w, numpy.linalg.eigvalsh(wide(x)), computed_dtype(dtype), scale=10)
    close(wide(x) @ v, v * w[..., None, :], computed_dtype(dtype), scale=10)
    gram = numpy.conj(numpy.swapaxes(v, -1, -2)) @ v
    close(gram, numpy.broadcast_to(numpy.eye(x.shape[-1]), gram.shape), computed_dtype(dtype))


@given(dtype=INPUT_DTYPES, data=st.data())
def test_eig_reconstructs_with_complex_results(backend, dtype, data):
    x = data.draw(matrices(dtype, "dominant"))
    values, vectors = core.linalg.eig(core.asarray(x))
    complex_dtype = "complex128" if dtype in ("float64", "complex128") else "complex64"
    assert values.dtype == vectors.dtype == complex_dtype
    w, v = values.to_numpy().astype(numpy.complex128), vectors.to_numpy().astype(numpy.complex128)
    close(wide(x) @ v, v * w[..., None, :], complex_dtype, scale=10)
    expected = in_order(numpy.linalg.eigvals(wide(x)))
    only_values = core.linalg.eigvals(core.asarray(x))
    assert only_values.dtype == complex_dtype
    close(in_order(only_values.to_numpy()), expected, complex_dtype, scale=10)


def in_order(values: numpy.ndarray) -> numpy.ndarray:
    """Eigenvalues in a canonical order (their order is unspecified), sorted on rounded real
    then imaginary parts so that rounding noise cannot swap equal parts."""
    values = values.astype(numpy.complex128)
    keys = (numpy.round(values.imag, 2), numpy.round(values.real, 2))
    return numpy.take_along_axis(values, numpy.lexsort(keys, axis=-1), axis=-1)


@given(dtype=INPUT_DTYPES, mode=st.sampled_from(["reduced", "complete"]), data=st.data())
def test_qr_reconstructs(backend, dtype, mode, data):
    x = data.draw(matrices(dtype, "dominant", rectangular=True))
    q, r = core.linalg.qr(core.asarray(x), mode=mode)
    assert q.dtype == r.dtype == computed_dtype(dtype)
    m, n = x.shape[-2:]
    k = min(m, n) if mode == "reduced" else m
    assert q.shape == (*x.shape[:-2], m, k) and r.shape == (*x.shape[:-2], k, n)
    q, r = wide(q.to_numpy()), wide(r.to_numpy())
    close(q @ r, wide(x), computed_dtype(dtype), scale=10)
    gram = numpy.conj(numpy.swapaxes(q, -1, -2)) @ q
    close(gram, numpy.broadcast_to(numpy.eye(k), gram.shape), computed_dtype(dtype))
    assert numpy.allclose(numpy.tril(r, -1), 0)


@given(dtype=INPUT_DTYPES, full_matrices=st.booleans(), data=st.data())
def test_svd_reconstructs(backend, dtype, full_matrices, data):
    x = data.draw(matrices(dtype, "dominant", rectangular=True))
    u, s, vh = core.linalg.svd(core.asarray(x), full_matrices=full_matrices)
    assert u.dtype == vh.dtype == computed_dtype(dtype) and s.dtype == real_dtype(dtype)
    m, n = x.shape[-2:]
    k = min(m, n)
    assert u.shape[-2:] == ((m, m) if full_matrices else (m, k))
    assert vh.shape[-2:] == ((n, n) if full_matrices else (k, n))
    u, s, vh = wide(u.to_numpy()), s.to_numpy().astype(numpy.float64), wide(vh.to_numpy())
    close(s, numpy.linalg.svdvals(wide(x)), computed_dtype(dtype))
    close((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :], wide(x), computed_dtype(dtype), 10)


def test_matrix_rank_of_singular_matrices_and_rtol(backend):
    x = numpy.array([[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.0], [0.0, 1e-3]]], dtype=numpy.float32)
    assert_same(core.linalg.matrix_rank(core.asarray(x)), numpy.array([1, 2]))
    rtol = core.asarray(numpy.array([1e-6, 1e-2], dtype=numpy.float32))
    assert_same(core.linalg.matrix_rank(core.asarray(x), rtol=rtol), numpy.array([1, 1]))
    assert_same(core.linalg.matrix_rank(core.asarray(x), rtol=0.01), numpy.array([1, 1]))
    singular = core.linalg.slogdet(core.asarray(x[0]))
    assert_same(singular.sign, numpy.float32(0))
    assert_same(singular.logabsdet, numpy.float32(-numpy.inf))


def test_pinv_rtol_cuts_small_singular_values(backend):
    x = numpy.diag(numpy.array([4.0, 1e-4])).astype(numpy.float64)
    assert_same(core.linalg.pinv(core.asarray(x)), numpy.diag([0.25, 1e4]))
    assert_same(core.linalg.pinv(core.asarray(x), rtol=1e-3), numpy.diag([0.25, 0.0]))


def test_matrix_power_keeps_integers_and_gives_identity_for_zero(backend):
    x = numpy.array([[1, 1], [1, 0]], dtype=numpy.int16)
    assert_same(core.linalg.matrix_power(core.asarray(x), 10), numpy.linalg.matrix_power(x, 10))
    stack = numpy.ones((3, 2, 2), dtype=numpy.complex64)
    assert_same(
        core.linalg.matrix_power(core.asarray(stack), 0),
        numpy.broadcast_to(numpy.eye(2), (3, 2, 2)).astype(numpy.complex64),
    )
    assert_same(
        core.linalg.matrix_power(core.asarray(x), -1),
        numpy.array([[0, 1], [1, -1]], dtype=numpy.float32),
    )


@given(
    x=arrays(dtype_names("all"), min_dims=2, max_dims=4),
    offset=st.integers(-3, 3),
)
def test_diagonal_any_dtype(backend, x, offset):
    assert_same(
        core.linalg.diagonal(core.asarray(x), offset=offset),
        numpy.diagonal(x, offset=offset, axis1=-2, axis2=-1),
    )


def sum_dtype(dtype: str) -> str:
    kind = numpy.dtype(NUMPY_DTYPES[dtype]).kind
    return {"b": "int64", "i": "int64", "u": "uint64"}.get(kind, dtype)


def small_values(dtype: str, shape: tuple[int, ...]) -> st.SearchStrategy[numpy.ndarray]:
    """Arrays of small integers (exact in every dtype) cast to ``dtype``."""
    elements = {"min_value": -50, "max_value": 50}
    return arrays("int8", shape=shape, elements=elements).map(
        lambda a: a.astype(NUMPY_DTYPES[dtype])
    )


@given(
    dtype=dtype_names("numeric", "bool"),
    shape=hnp.array_shapes(min_dims=2, max_dims=3, min_side=0, max_side=4),
    offset=st.integers(-2, 2),
    data=st.data(),
)
def test_trace_sums_in_the_standard_dtype(backend, dtype, shape, offset, data):
    x = data.draw(small_values(dtype, shape))
    # bool/signed -> int64, unsigned -> uint64, as the standard and numpy's trace say
    dtype = sum_dtype(str(core.as_core_dtype(x.dtype)))
    wide_dtype = numpy.float32 if dtype in ("float16", "bfloat16") else NUMPY_DTYPES[dtype]
    expected = numpy.trace(x.astype(wide_dtype), offset=offset, axis1=-2, axis2=-1)
    assert_same(
        core.linalg.trace(core.asarray(x), offset=offset),
        expected.astype(NUMPY_DTYPES[dtype]),
        dtype=dtype,
        rtol=1e-2 if dtype in ("float16", "bfloat16") else None,
    )


def test_trace_with_dtype(backend):
    x = numpy.array([[200, 1], [3, 100]], dtype=numpy.uint8)
    assert_same(core.linalg.trace(core.asarray(x), dtype=core.int16), numpy.int16(300))
    assert_same(core.linalg.trace(core.asarray(x), dtype="float64"), numpy.float64(300))


@given(
    dtype1=dtype_names("numeric"),
    dtype2=dtype_names("numeric"),
    axis=st.sampled_from([-1, 0]),
    data=st.data(),
)
def test_cross_with_core_promotion(backend, dtype1, dtype2, axis, data):
    shape = (3, 2) if axis == 0 else (2, 3)
    small = {"min_value": -8, "max_value": 8}
    x1 = data.draw(arrays("int8", shape=shape, elements=small)).astype(NUMPY_DTYPES[dtype1])
    x2 = data.draw(arrays("int8", shape=shape[1:] if axis == -1 else shape, elements=small))
    x2 = x2.astype(NUMPY_DTYPES[dtype2])
    dtype = core.promote_types(dtype1, dtype2)
    native = NUMPY_DTYPES[dtype]
    compute = numpy.int64 if dtype.kind in "iu" else numpy.complex128
    expected = numpy.linalg.cross(
        x1.astype(native).astype(compute), x2.astype(native).astype(compute), axis=axis
    )
    result = core.linalg.cross(core.asarray(x1), core.asarray(x2), axis=axis)
    assert_same(
        result, expected if dtype.kind == "c" else expected.real.astype(native), dtype=dtype
    )


def test_cross_refuses_bool(backend):
    with pytest.raises(TypeError):
        core.linalg.cross(core.asarray([True, False, True]), core.asarray([True, True, True]))


@given(
    dtype=dtype_names("float", "complex", "int"),
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4),
    ord=st.sampled_from([2, 1, 0, 3, -1, math.inf, -math.inf]),
    data=st.data(),
)
def test_vector_norm(backend, dtype, shape, ord, data):  # noqa: A002 (the standard's name)
    x = data.draw(small_values(dtype, shape))
    axis = data.draw(st.sampled_from([None, -1, (0, -1)] if x.ndim > 1 else [None, 0]))
    keepdims = data.draw(st.booleans())
    dtype = real_dtype(str(core.as_core_dtype(x.dtype)))
    if dtype in ("float16", "bfloat16"):
        # halves are computed in float32 and rounded once
        expected = numpy.linalg.vector_norm(
            x.astype(numpy.float32), axis=axis, keepdims=keepdims, ord=ord
        )
        rtol = 1e-2
    else:
        expected = numpy.linalg.vector_norm(wide(x), axis=axis, keepdims=keepdims, ord=ord)
        rtol = 1e-5 if dtype == "float32" else 1e-12
    result = core.linalg.vector_norm(core.asarray(x), axis=axis, keepdims=keepdims, ord=ord)
    assert_same(result, expected, dtype=dtype, rtol=rtol)


def test_vector_norm_special_values(backend):
    x = numpy.array([[1.0, numpy.inf, -3.0], [numpy.nan, 1.0, 0.0]], dtype=numpy.float32)
    for ord in (2, 1, math.inf):  # noqa: A001
        expected = numpy.linalg.vector_norm(x, axis=-1, ord=ord)
        assert_same(core.linalg.vector_norm(core.asarray(x), axis=-1, ord=ord), expected)
    empty = numpy.zeros((0, 2), dtype=numpy.float64)
    assert_same(core.linalg.vector_norm(core.asarray(empty)), numpy.float64(0))
    with pytest.raises(ValueError, match="empty"):
        core.linalg.vector_norm(core.asarray(empty), ord=math.inf)


def test_matrix_norm_keepdims_and_halves(backend):
    x = numpy.array([[[3.0, -4.0], [1.0, 2.0]]], dtype=numpy.float16)
    for ord in ("fro", "nuc", 2, 1, -math.inf):  # noqa: A001
        expected = numpy.linalg.matrix_norm(x.astype(numpy.float64), ord=ord, keepdims=True)
        result = core.linalg.matrix_norm(core.asarray(x), ord=ord, keepdims=True)
        assert_same(result, expected.astype(numpy.float16), rtol=1e-3)


DECOMPOSITIONS = {
    "cholesky": lambda x: core.linalg.cholesky(x),
    "det": lambda x: core.linalg.det(x),
    "eigh": lambda x: core.linalg.eigh(x).eigenvalues,
    "eigvalsh": lambda x: core.linalg.eigvalsh(x),
    "eig": lambda x: core.linalg.eig(x).eigenvalues,
    "eigvals": lambda x: core.linalg.eigvals(x),
    "inv": lambda x: core.linalg.inv(x),
    "matrix_rank": lambda x: core.linalg.matrix_rank(x),
    "pinv": lambda x: core.linalg.pinv(x),
    "qr": lambda x: core.linalg.qr(x).R,
    "slogdet": lambda x: core.linalg.slogdet(x).logabsdet,
    "solve": lambda x: core.linalg.solve(x, x),
    "svd": lambda x: core.linalg.svd(x).S,
    "svdvals": lambda x: core.linalg.svdvals(x),
}
NUMPY_HALVES = {
    "cholesky": lambda x: numpy.linalg.cholesky(x),
    "det": numpy.linalg.det,
    "eigh": numpy.linalg.eigvalsh,
    "eigvalsh": numpy.linalg.eigvalsh,
    "eig": lambda x: numpy.sort(numpy.linalg.eigvals(x)),
    "eigvals": lambda x: numpy.sort(numpy.linalg.eigvals(x)),
    "inv": numpy.linalg.inv,
    "matrix_rank": numpy.linalg.matrix_rank,
    "pinv": numpy.linalg.pinv,
    "qr": lambda x: numpy.abs(numpy.linalg.qr(x).R),
    "slogdet": lambda x: numpy.linalg.slogdet(x).logabsdet,
    "solve": lambda x: numpy.linalg.solve(x, x),
    "svd": numpy.linalg.svdvals,
    "svdvals": numpy.linalg.svdvals,
}
# half-precision kernels that exist; every other combination must raise
HALF_KERNELS = {
    "jax": {
        ("det", "float16"),
        ("det", "bfloat16"),
        ("slogdet", "float16"),
        ("slogdet", "bfloat16"),
    },
    "tensorflow": {("inv", "float16"), ("qr", "float16")},
}


@pytest.mark.parametrize("name", list(DECOMPOSITIONS))
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_halves_raise_where_the_backend_has_no_kernel(backend, name, dtype):
    x = numpy.array([[4.0, 1.0], [1.0, 3.0]], dtype=NUMPY_DTYPES[dtype])
    supported = (name, dtype) in HALF_KERNELS.get(backend, set())
    declared = dtype in core.function_unsupported_dtypes(f"linalg.{name}")
    assert declared is not supported
    if not supported:
        with pytest.raises(core.UnsupportedDtypeError, match=f"linalg.{name}.*{dtype}"):
            DECOMPOSITIONS[name](core.asarray(x))
        return
    result = DECOMPOSITIONS[name](core.asarray(x))
    assert result.dtype == dtype
    actual = result.to_numpy().astype(numpy.float64)
    if name == "qr":
        actual = numpy.abs(actual)
    assert_values(actual, NUMPY_HALVES[name](x.astype(numpy.float64)), dtype, rtol=2e-2, atol=2e-2)


def test_matrix_power_of_halves(backend):
    x = numpy.array([[1.0, 1.0], [1.0, 0.0]], dtype=numpy.float16)
    assert_same(
        core.linalg.matrix_power(core.asarray(x), 5),
        numpy.array([[8, 5], [5, 3]], dtype=numpy.float16),
    )
    with pytest.raises(core.UnsupportedDtypeError, match="matrix_power"):
        core.linalg.matrix_power(core.asarray(x), -1)


def test_named_results(backend):
    x = core.asarray(numpy.array([[2.0, 0.0], [0.0, 3.0]], dtype=numpy.float32))
    assert core.linalg.eigh(x)._fields == ("eigenvalues", "eigenvectors")
    assert core.linalg.qr(x)._fields == ("Q", "R")
    assert core.linalg.slogdet(x)._fields == ("sign", "logabsdet")
    assert core.linalg.svd(x)._fields == ("U", "S", "Vh")
    assert all(isinstance(part, core.Array) for part in core.linalg.svd(x))
