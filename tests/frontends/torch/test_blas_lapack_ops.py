"""frontends.torch BLAS/LAPACK ops against real torch, on every backend: products on every
dtype (torch's same-dtype rule and refusals raise the same kind of error), decompositions
checked by reconstruction and by their unique parts (singular values, R's magnitudes),
well-conditioned matrices for the inverses."""

from __future__ import annotations

import numpy
import pytest
import torch as real_torch
from hypothesis import given, settings
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import DTYPE_NAMES, assert_matches, both, check

RNG = numpy.random.default_rng(2)
FLOATS = ("float32", "float64", "complex64", "complex128")


def sample(dtype: str, shape: tuple[int, ...]) -> numpy.ndarray:
    if dtype == "bool":
        return RNG.random(shape) > 0.5
    if dtype.startswith("uint"):
        return RNG.integers(0, 4, shape).astype(dtype)
    if dtype.startswith("int"):
        return RNG.integers(-3, 4, shape).astype(dtype)
    values = RNG.integers(-4, 5, shape) / 4
    if dtype.startswith("complex"):
        return values + 1j * (RNG.integers(-4, 5, shape) / 4)
    return values.astype("float64")


def well_conditioned(dtype: str, shape: tuple[int, ...]) -> numpy.ndarray:
    """Diagonally dominant matrices (safely invertible)."""
    n = shape[-1]
    values = RNG.uniform(-1, 1, shape)
    if dtype.startswith("complex"):
        values = values + 1j * RNG.uniform(-1, 1, shape)
    return values + n * numpy.eye(n)


def positive_definite(dtype: str, shape: tuple[int, ...]) -> numpy.ndarray:
    a = well_conditioned(dtype, shape)
    return a @ numpy.conj(numpy.swapaxes(a, -1, -2)) + numpy.eye(shape[-1])


def compare(call, *arrays_and_dtypes, **tolerances):
    fronts, reals = [], []
    for array, dtype in arrays_and_dtypes:
        front, real = both(array, dtype)
        fronts.append(front)
        reals.append(real)
    return check(lambda: call(torch, *fronts), lambda: call(real_torch, *reals), **tolerances)


def low_tolerance(dtype: str) -> dict:
    return {"rtol": 2e-2, "atol": 2e-2} if dtype in ("float16", "bfloat16") else {}


PRODUCTS = {
    "matmul": (lambda T, a, b: T.matmul(a, b), (3, 4), (4, 2)),
    "matmul_batched": (lambda T, a, b: T.matmul(a, b), (2, 1, 3, 4), (3, 4, 2)),
    "matmul_vec_mat": (lambda T, a, b: T.matmul(a, b), (4,), (2, 4, 3)),
    "matmul_mat_vec": (lambda T, a, b: T.matmul(a, b), (2, 3, 4), (4,)),
    "matmul_dot": (lambda T, a, b: T.matmul(a, b), (4,), (4,)),
    "mm": (lambda T, a, b: T.mm(a, b), (3, 4), (4, 2)),
    "bmm": (lambda T, a, b: T.bmm(a, b), (2, 3, 4), (2, 4, 2)),
    "mv": (lambda T, a, b: T.mv(a, b), (3, 4), (4,)),
    "dot": (lambda T, a, b: T.dot(a, b), (5,), (5,)),
    "vdot": (lambda T, a, b: T.vdot(a, b), (5,), (5,)),
    "inner": (lambda T, a, b: T.inner(a, b), (2, 4), (3, 4)),
    "outer": (lambda T, a, b: T.outer(a, b), (3,), (4,)),
    "ger": (lambda T, a, b: T.ger(a, b), (3,), (4,)),
    "chain_matmul": (lambda T, a, b: T.chain_matmul(a, b, b.mT), (3, 4), (3, 4)),
    "addmm": (lambda T, a, b: T.addmm(a[:, :3], a, b.mT, beta=0.5, alpha=2), (3, 4), (3, 4)),
    "addmv": (lambda T, a, b: T.addmv(b[0, :3], a, b[1]), (3, 4), (2, 4)),
    "addr": (lambda T, a, b: T.addr(a, b[0, :3], b[1], alpha=2), (3, 4), (2, 4)),
    "baddbmm": (lambda T, a, b: T.baddbmm(a[:, :, :3], a, b.mT), (2, 3, 4), (2, 3, 4)),
    "addbmm": (lambda T, a, b: T.addbmm(a[0, :, :3], a, b.mT, beta=2), (2, 3, 4), (2, 3, 4)),
    "matrix_power": (lambda T, a, b: T.matrix_power(a[..., :3], 3), (2, 3, 4), (1,)),
    "matrix_power_0": (lambda T, a, b: T.matrix_power(a[..., :3], 0), (3, 4), (1,)),
}


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
@pytest.mark.parametrize("name", list(PRODUCTS))
def test_products_on_every_dtype(backend, name, dtype):
    call, shape_a, shape_b = PRODUCTS[name]
    compare(
        call,
        (sample(dtype, shape_a), dtype),
        (sample(dtype, shape_b), dtype),
        **low_tolerance(dtype),
    )


@pytest.mark.parametrize(
    "name",
    [
        "matmul",
        "matmul_dot",
        "matmul_mat_vec",
        "matmul_batched",
        "mm",
        "bmm",
        "mv",
        "dot",
        "addmm",
        "baddbmm",
        "inner",
        "outer",
        "addr",
    ],
)
def test_products_refuse_or_promote_mixed_dtypes_like_torch(backend, name):
    call, shape_a, shape_b = PRODUCTS[name]
    compare(call, (sample("float32", shape_a), "float32"), (sample("float64", shape_b), "float64"))
    compare(call, (sample("int64", shape_a), "int64"), (sample("float32", shape_b), "float32"))


def test_matmul_messages(backend):
    a, _ = both(sample("float32", (2, 3)), "float32")
    b, _ = both(sample("float64", (3, 2)), "float64")
    with pytest.raises(
        RuntimeError, match="expected m1 and m2 to have the same dtype, but got: float != double"
    ):
        torch.matmul(a, b)
    with pytest.raises(
        RuntimeError, match=r"mat1 and mat2 shapes cannot be multiplied \(2x3 and 2x3\)"
    ):
        torch.matmul(a, a)
    with pytest.raises(RuntimeError, match="both arguments to matmul need to be at least 1D"):
        torch.matmul(a, torch.Tensor._from_native(a.native[0, 0]))


LAPACK = {
    "det": lambda T, a: T.det(a),
    "logdet": lambda T, a: T.logdet(a),
    "slogdet": lambda T, a: T.slogdet(a),
    "inverse": lambda T, a: T.inverse(a),
    "pinverse": lambda T, a: T.pinverse(a),
    "matrix_power_neg": lambda T, a: T.matrix_power(a, -2),
    "matrix_exp": lambda T, a: T.matrix_exp(a / 4),
    "cholesky_inverse": lambda T, a: T.cholesky_inverse(T.tril(a)),
    "cholesky_inverse_upper": lambda T, a: T.cholesky_inverse(T.triu(a), upper=True),
    "cholesky_solve": lambda T, a: T.cholesky_solve(a[..., :2], T.tril(a)),
    "cholesky": lambda T, a: T.cholesky(a),
    "cholesky_upper": lambda T, a: T.cholesky(a, upper=True),
    "svd_values": lambda T, a: T.svd(a).S,
    "svd_no_uv": lambda T, a: T.svd(a, compute_uv=False),
}


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
@pytest.mark.parametrize("name", list(LAPACK))
def test_lapack_on_every_dtype(backend, name, dtype):
    if dtype in FLOATS:
        array = (positive_definite if "cholesky" in name else well_conditioned)(dtype, (2, 3, 3))
    else:
        array = sample(dtype, (2, 3, 3))
    tolerances = {"rtol": 1e-4, "atol": 1e-4} if dtype in ("float32", "complex64") else {}
    if name == "matrix_exp" and dtype in ("float16", "bfloat16"):
        # torch 2.13's CPU half matrix_exp overflows (inf) on ordinary inputs: the
        # frontend computes in float32 and rounds, compared with torch in float32
        front, real = both(array, dtype)
        expected = real_torch.matrix_exp(real.float() / 4).to(real.dtype)
        assert_matches(torch.matrix_exp(front / 4), expected, **low_tolerance(dtype))
        return
    compare(LAPACK[name], (array, dtype), **tolerances)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("some", [True, False])
def test_svd_and_qr_reconstruct(backend, dtype, some):
    front, real = both(sample(dtype, (2, 4, 3)), dtype)
    u, s, v = torch.svd(front, some=some)
    expected = real_torch.svd(real, some=some)
    assert tuple(u.shape) == tuple(expected.U.shape) and tuple(v.shape) == tuple(expected.V.shape)
    assert_matches(s, expected.S, rtol=1e-4, atol=1e-4)
    k = s.shape[-1]
    rebuilt = (u.numpy()[..., :k] * s.numpy()[..., None, :]) @ numpy.conj(
        numpy.swapaxes(v.numpy(), -1, -2)
    )
    numpy.testing.assert_allclose(rebuilt, real.numpy(), rtol=1e-4, atol=1e-4)
    q, r = torch.qr(front, some=some)
    expected_q, expected_r = real_torch.qr(real, some=some)
    assert tuple(q.shape) == tuple(expected_q.shape) and tuple(r.shape) == tuple(expected_r.shape)
    assert str(q.dtype) == str(expected_q.dtype)
    numpy.testing.assert_allclose(q.numpy() @ r.numpy(), real.numpy(), rtol=1e-4, atol=1e-4)
    numpy.testing.assert_allclose(
        numpy.abs(r.numpy()), numpy.abs(expected_r.numpy()), rtol=1e-4, atol=1e-4
    )


# conftest's profile, explicitly: importing torch's op database (test_op_db) loads torch's
# own hypothesis profile for the rest of the session
@settings(settings.get_profile("default"))
@given(
    dtype=st.sampled_from(["float32", "float64", "int32", "bfloat16"]),
    m=st.integers(1, 4),
    k=st.integers(0, 4),
    n=st.integers(1, 4),
    batch=st.sampled_from([(), (2,), (1, 2)]),
)
def test_hypothesis_matmul(backend, dtype, m, k, n, batch):
    compare(
        lambda T, a, b: T.matmul(a, b),
        (sample(dtype, (*batch, m, k)), dtype),
        (sample(dtype, (k, n)), dtype),
        **low_tolerance(dtype),
    )


@settings(settings.get_profile("default"))
@given(dtype=st.sampled_from(FLOATS), n=st.integers(1, 4), batch=st.sampled_from([(), (2,)]))
def test_hypothesis_inverse_and_det(backend, dtype, n, batch):
    array = well_conditioned(dtype, (*batch, n, n))
    tolerances = {"rtol": 1e-4, "atol": 1e-4}
    compare(lambda T, a: T.inverse(a), (array, dtype), **tolerances)
    compare(lambda T, a: T.det(a), (array, dtype), **tolerances)
    compare(lambda T, a: T.slogdet(a), (array, dtype), **tolerances)


def test_methods_and_inplace(backend):
    (a, ra), (b, rb) = (
        both(sample("float32", (3, 3)), "float32"),
        both(sample("float32", (3, 3)), "float32"),
    )
    assert_matches(a.mm(b), ra.mm(rb))
    assert_matches(a.matmul(b), ra.matmul(rb))
    assert_matches(a @ b, ra @ rb)
    c, rc = a.clone(), ra.clone()
    c.addmm_(a, b, alpha=0.5)
    rc.addmm_(ra, rb, alpha=0.5)
    assert_matches(c, rc)
    out, real_out = both(numpy.zeros((3, 3)), "float32")
    torch.mm(a, b, out=out)
    real_torch.mm(ra, rb, out=real_out)
    assert_matches(out, real_out)
