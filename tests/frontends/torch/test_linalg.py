"""frontends.torch.linalg against real torch, on every backend: every function on every
dtype (torch's refusals raise the same kind of error); decompositions, unique only up to
signs and phases, checked by reconstruction and against torch's singular values and
eigenvalues; well-conditioned matrices for inverses and solves."""

from __future__ import annotations

import numpy
import pytest
import torch as real_torch
from hypothesis import given, settings
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import DTYPE_NAMES, assert_matches, both, check

RNG = numpy.random.default_rng(3)
FLOATS = ("float32", "float64", "complex64", "complex128")
TOL = {"rtol": 1e-4, "atol": 1e-4}


def sample(dtype: str, shape: tuple[int, ...]) -> numpy.ndarray:
    if dtype == "bool":
        return RNG.random(shape) > 0.5
    if dtype.startswith("uint"):
        return RNG.integers(0, 4, shape).astype(dtype)
    if dtype.startswith("int"):
        return RNG.integers(-3, 4, shape).astype(dtype)
    values = RNG.uniform(-1, 1, shape)
    if dtype.startswith("complex"):
        values = values + 1j * RNG.uniform(-1, 1, shape)
    return values + 3 * numpy.eye(*shape[-2:]) if len(shape) >= 2 else values


def hermitian_pd(dtype: str, shape: tuple[int, ...]) -> numpy.ndarray:
    a = sample(dtype, shape)
    return a @ numpy.conj(numpy.swapaxes(a, -1, -2)) + numpy.eye(shape[-1])


def compare(call, *arrays_and_dtypes, **tolerances):
    fronts, reals = [], []
    for array, dtype in arrays_and_dtypes:
        front, real = both(array, dtype)
        fronts.append(front)
        reals.append(real)
    return check(lambda: call(torch, *fronts), lambda: call(real_torch, *reals), **tolerances)


UNIQUE = {
    "det": lambda T, a: T.linalg.det(a),
    "slogdet": lambda T, a: T.linalg.slogdet(a),
    "inv": lambda T, a: T.linalg.inv(a),
    "inv_ex": lambda T, a: T.linalg.inv_ex(a),
    "solve": lambda T, a: T.linalg.solve(a, a[..., :2]),
    "solve_vector": lambda T, a: T.linalg.solve(a, a[..., 0]),
    "solve_right": lambda T, a: T.linalg.solve(a, a[..., :2, :], left=False),
    "solve_ex": lambda T, a: T.linalg.solve_ex(a, a[..., 1:]),
    "solve_triangular": lambda T, a: T.linalg.solve_triangular(a, a[..., :2], upper=True),
    "solve_triangular_unit": lambda T, a: T.linalg.solve_triangular(
        a, a[..., :1], upper=False, unitriangular=True
    ),
    "cholesky": lambda T, a: T.linalg.cholesky(a),
    "cholesky_ex_upper": lambda T, a: T.linalg.cholesky_ex(a, upper=True),
    "cholesky_upper_triangle": lambda T, a: T.linalg.cholesky(T.triu(a), upper=True),
    "eigvalsh": lambda T, a: T.linalg.eigvalsh(a),
    "eigvalsh_upper": lambda T, a: T.linalg.eigvalsh(a, "U"),
    "svdvals": lambda T, a: T.linalg.svdvals(a),
    "pinv": lambda T, a: T.linalg.pinv(a),
    "pinv_hermitian": lambda T, a: T.linalg.pinv(a @ a.mT, hermitian=True),
    "pinv_atol": lambda T, a: T.linalg.pinv(a, atol=2.5),
    "matrix_rank": lambda T, a: T.linalg.matrix_rank(a),
    "matrix_rank_tol": lambda T, a: T.linalg.matrix_rank(a, atol=3.0, rtol=0.1),
    "matrix_rank_hermitian": lambda T, a: T.linalg.matrix_rank(a @ a.mT, hermitian=True),
    "cond": lambda T, a: T.linalg.cond(a),
    "cond_fro": lambda T, a: T.linalg.cond(a, "fro"),
    "cond_inf": lambda T, a: T.linalg.cond(a, float("inf")),
    "matrix_norm": lambda T, a: T.linalg.matrix_norm(a),
    "matrix_norm_nuc": lambda T, a: T.linalg.matrix_norm(a, "nuc"),
    "matrix_norm_2": lambda T, a: T.linalg.matrix_norm(a, -2, keepdim=True),
    "matrix_norm_1": lambda T, a: T.linalg.matrix_norm(a, 1, dim=(0, 2)),
    "matrix_norm_inf": lambda T, a: T.linalg.matrix_norm(
        a, float("-inf"), dim=(2, 1), keepdim=True
    ),
    "vector_norm": lambda T, a: T.linalg.vector_norm(a),
    "vector_norm_ord": lambda T, a: T.linalg.vector_norm(a, 3, dim=(0, 2)),
    "vector_norm_0": lambda T, a: T.linalg.vector_norm(a, 0, dim=-1, keepdim=True),
    "vector_norm_inf": lambda T, a: T.linalg.vector_norm(a, float("inf"), dim=1),
    "vector_norm_dtype": lambda T, a: T.linalg.vector_norm(a, dtype=T.float64),
    "norm": lambda T, a: T.linalg.norm(a),
    "norm_vector_dim": lambda T, a: T.linalg.norm(a, 1, dim=1),
    "norm_matrix": lambda T, a: T.linalg.norm(a[0], "fro"),
    "norm_matrix_dims": lambda T, a: T.linalg.norm(a, 2, dim=(1, 2)),
    "matrix_power": lambda T, a: T.linalg.matrix_power(a, 3),
    "matrix_power_neg": lambda T, a: T.linalg.matrix_power(a, -1),
    "matrix_exp": lambda T, a: T.linalg.matrix_exp(a / 4),
    "multi_dot": lambda T, a: T.linalg.multi_dot([a[0, 0], a[0], a[1], a[1, :, 1]]),
    "matmul": lambda T, a: T.linalg.matmul(a, a),
    "cross": lambda T, a: T.linalg.cross(a, a.flip(1)),
    "cross_dim": lambda T, a: T.linalg.cross(a, a.flip(2), dim=1),
    "vecdot": lambda T, a: T.linalg.vecdot(a, a.flip(1)),
    "vander": lambda T, a: T.linalg.vander(a[0]),
    "vander_n": lambda T, a: T.linalg.vander(a[0, 0], N=5),
    "diagonal": lambda T, a: T.linalg.diagonal(a, offset=1),
    "tensorinv": lambda T, a: T.linalg.tensorinv(a[0], ind=1),
    "tensorsolve": lambda T, a: T.linalg.tensorsolve(a[0], a[1, 0]),
    "lstsq_solution": lambda T, a: T.linalg.lstsq(a, a[..., :2]).solution,
    "lstsq_gelsd": lambda T, a: T.linalg.lstsq(a, a[..., :2], driver="gelsd")[1:],
}


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
@pytest.mark.parametrize("name", list(UNIQUE))
def test_function_on_every_dtype(backend, name, dtype):
    tolerances = TOL if dtype in ("float32", "complex64", "bfloat16", "float16") else {}
    if dtype in ("bfloat16", "float16"):
        tolerances = {"rtol": 2e-2, "atol": 2e-2}
    if name == "matrix_exp" and dtype in ("bfloat16", "float16"):
        return  # torch 2.13's half matrix_exp overflows; see test_blas_lapack_ops
    if "cholesky" in name and dtype in FLOATS:
        array = hermitian_pd(dtype, (2, 3, 3))
    else:
        array = sample(dtype, (2, 3, 3))
    compare(UNIQUE[name], (array, dtype), **tolerances)


def test_cholesky_of_an_indefinite_matrix_raises(backend):
    compare(lambda T, a: T.linalg.cholesky(a), (numpy.array([[1.0, 2.0], [2.0, 1.0]]), "float64"))


def test_lstsq_tall(backend):
    a, b = sample("float64", (5, 3)), sample("float64", (5, 2))
    for driver in (None, "gels", "gelsy", "gelsd", "gelss"):
        compare(
            lambda T, x, y, d=driver: T.linalg.lstsq(x, y, driver=d), (a, "float64"), (b, "float64")
        )
    compare(lambda T, x, y: T.linalg.lstsq(x, y[:, 0]), (a, "float64"), (b, "float64"))


def reconstruct_eigh(w, v):
    return (v * w[..., None, :]) @ numpy.conj(numpy.swapaxes(v, -1, -2))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh_reconstructs_from_one_triangle(backend, dtype, uplo):
    array = sample(dtype, (2, 4, 4))  # not Hermitian: only the UPLO triangle counts
    front, real = both(array, dtype)
    w, v = torch.linalg.eigh(front, UPLO=uplo)
    expected = real_torch.linalg.eigh(real, UPLO=uplo)
    assert type(torch.linalg.eigh(front, uplo)).__name__ == type(expected).__name__
    assert_matches(w, expected.eigenvalues, **TOL)
    assert str(v.dtype) == str(expected.eigenvectors.dtype)
    numpy.testing.assert_allclose(
        reconstruct_eigh(w.numpy(), v.numpy()),
        reconstruct_eigh(expected.eigenvalues.numpy(), expected.eigenvectors.numpy()),
        rtol=1e-4,
        atol=1e-4,
    )


@pytest.mark.parametrize("dtype", FLOATS)
def test_eig_reconstructs(backend, dtype):
    front, real = both(sample(dtype, (2, 3, 3)), dtype)
    w, v = torch.linalg.eig(front)
    expected = real_torch.linalg.eig(real)
    assert str(w.dtype) == str(expected.eigenvalues.dtype) and str(v.dtype) == str(
        expected.eigenvectors.dtype
    )
    numpy.testing.assert_allclose(
        front.numpy() @ v.numpy(), v.numpy() * w.numpy()[..., None, :], rtol=1e-4, atol=1e-4
    )
    key = lambda values: numpy.sort_complex(numpy.round(values, 4))  # noqa: E731
    numpy.testing.assert_allclose(
        key(w.numpy()), key(expected.eigenvalues.numpy()), rtol=1e-3, atol=1e-3
    )
    eigvals = torch.linalg.eigvals(front)
    assert str(eigvals.dtype) == str(real_torch.linalg.eigvals(real).dtype)
    numpy.testing.assert_allclose(
        key(eigvals.numpy()), key(expected.eigenvalues.numpy()), rtol=1e-3, atol=1e-3
    )


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(3, 3), (2, 4, 3), (3, 5)])
@pytest.mark.parametrize("full_matrices", [True, False])
def test_svd_reconstructs(backend, dtype, shape, full_matrices):
    front, real = both(sample(dtype, shape), dtype)
    u, s, vh = torch.linalg.svd(front, full_matrices=full_matrices)
    expected = real_torch.linalg.svd(real, full_matrices=full_matrices)
    assert type(torch.linalg.svd(front)).__name__ == "linalg_svd"
    for got, want in zip((u, s, vh), expected):
        assert str(got.dtype) == str(want.dtype) and tuple(got.shape) == tuple(want.shape)
    assert_matches(s, expected.S, **TOL)
    k = s.shape[-1]
    rebuilt = (u.numpy()[..., :k] * s.numpy()[..., None, :]) @ vh.numpy()[..., :k, :]
    numpy.testing.assert_allclose(rebuilt, real.numpy(), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mode", ["reduced", "complete", "r"])
def test_qr_reconstructs(backend, dtype, mode):
    front, real = both(sample(dtype, (2, 4, 3)), dtype)
    q, r = torch.linalg.qr(front, mode=mode)
    expected_q, expected_r = real_torch.linalg.qr(real, mode=mode)
    assert tuple(q.shape) == tuple(expected_q.shape) and tuple(r.shape) == tuple(expected_r.shape)
    numpy.testing.assert_allclose(
        numpy.abs(r.numpy()), numpy.abs(expected_r.numpy()), rtol=1e-4, atol=1e-4
    )
    if mode != "r":
        numpy.testing.assert_allclose(q.numpy() @ r.numpy(), real.numpy(), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dtype", FLOATS)
def test_lu_reconstructs(backend, dtype):
    array = sample(dtype, (2, 4, 3))
    array[0, 0, 0] = 0  # forces a pivot
    front, real = both(array, dtype)
    expected = real_torch.linalg.lu_factor(real)
    assert_matches(torch.linalg.lu_factor(front), expected, **TOL)
    p, lower, upper = torch.linalg.lu(front)
    assert_matches(torch.linalg.lu(front), real_torch.linalg.lu(real), **TOL)
    numpy.testing.assert_allclose(
        p.numpy() @ lower.numpy() @ upper.numpy(), real.numpy(), rtol=1e-4, atol=1e-4
    )


def test_same_dtype_required(backend):
    compare(
        lambda T, a, b: T.linalg.solve(a, b),
        (sample("float32", (3, 3)), "float32"),
        (sample("float64", (3, 1)), "float64"),
    )
    compare(
        lambda T, a, b: T.linalg.multi_dot([a, b]),
        (sample("float32", (3, 3)), "float32"),
        (sample("float64", (3, 3)), "float64"),
    )
    compare(
        lambda T, a, b: T.linalg.vecdot(a, b),
        (sample("float32", (3, 3)), "float32"),
        (sample("float64", (3, 3)), "float64"),
    )
    compare(
        lambda T, a, b: T.linalg.cross(a, b),
        (sample("float32", (3, 3)), "float32"),
        (sample("int32", (3, 3)), "int32"),
    )


def test_error_messages(backend):
    front, _ = both(sample("int64", (3, 3)), "int64")
    with pytest.raises(RuntimeError):
        torch.linalg.inv(front)
    rect, _ = both(sample("float32", (2, 3)), "float32")
    with pytest.raises(RuntimeError, match="must be batches of square matrices"):
        torch.linalg.det(rect)
    with pytest.raises(RuntimeError, match="non-finite"):
        torch.linalg.svdvals(both(numpy.full((2, 2), numpy.nan), "float32")[0])
    assert issubclass(torch.linalg.LinAlgError, RuntimeError)


# conftest's profile, explicitly: importing torch's op database (test_op_db) loads torch's
# own hypothesis profile for the rest of the session
@settings(settings.get_profile("default"))
@given(
    dtype=st.sampled_from(FLOATS),
    n=st.integers(1, 4),
    batch=st.sampled_from([(), (2,), (2, 1)]),
    k=st.integers(1, 3),
)
def test_hypothesis_solve_and_inverse(backend, dtype, n, batch, k):
    a = sample(dtype, (*batch, n, n))
    b = sample(dtype, (n, k))
    compare(lambda T, x, y: T.linalg.solve(x, y), (a, dtype), (b, dtype), **TOL)
    compare(lambda T, x: T.linalg.inv(x), (a, dtype), **TOL)
    compare(lambda T, x: T.linalg.svdvals(x), (a, dtype), **TOL)


@settings(settings.get_profile("default"))
@given(
    dtype=st.sampled_from(["float32", "float64", "bfloat16", "complex64"]),
    shape=st.sampled_from([(3,), (2, 3), (2, 0), (1, 2, 3)]),
    order=st.sampled_from([1, 2, 3, 0.5, 0, float("inf"), float("-inf")]),
)
def test_hypothesis_vector_norm(backend, dtype, shape, order):
    tolerances = {"rtol": 2e-2, "atol": 2e-2} if dtype == "bfloat16" else TOL
    compare(
        lambda T, x: T.linalg.vector_norm(x, order), (sample(dtype, shape), dtype), **tolerances
    )
