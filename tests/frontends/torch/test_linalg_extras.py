"""torch.linalg.ldl_factor/ldl_factor_ex/ldl_solve, torch.lobpcg, torch.svd_lowrank,
torch.pca_lowrank and torch.special.airy_ai against real torch, on every backend.

LD and pivots must equal torch's (LAPACK's Bunch-Kaufman choices are deterministic), values
within float tolerance. The randomized functions draw their random matrices from the
frontend's generator, whose stream is not torch's (see random_sampling's docstring): real
torch runs with ``torch.randn`` answering the frontend's draws for the same seed, in the same
order, so both compute from the same random matrices; singular vectors and eigenvectors are
compared up to sign (phase). Gradients are not checked: torch has none for ldl_factor, and
the lowrank functions and lobpcg differentiate through qr/svd/eigh, which have no rule in
core's engine yet.

Test time: on the jax backend every op of a new shape is an XLA compile, so jax and
tensorflow run one configuration of each function (``FULL`` backends run them all).
"""

from __future__ import annotations

import functools

import numpy
import pytest
import torch as real_torch

from frontends import torch
from frontends.torch import _lowrank
from tests.frontends.torch.oracle import both, check, to_frontend

RNG = numpy.random.default_rng(14)
FLOATS = ("float32", "float64", "complex64", "complex128")
TOL = {"rtol": 1e-4, "atol": 1e-5}
FULL = ("numpy", "torch")


def _matrices(dtype: str, shape: tuple[int, ...]) -> numpy.ndarray:
    values = RNG.standard_normal(shape)
    if dtype.startswith("complex"):
        values = values + 1j * RNG.standard_normal(shape)
    return values.astype(dtype)


def _compare(call, *arrays, **tolerances):
    """``call(T, *tensors)`` on the frontend and on real torch (same data)."""
    pairs = [both(array) for array in arrays]
    return check(
        lambda: call(torch, *[front for front, _ in pairs]),
        lambda: call(real_torch, *[real for _, real in pairs]),
        **tolerances,
    )


# ---------------------------------------------------------------------------------------
# ldl_factor / ldl_factor_ex / ldl_solve
# ---------------------------------------------------------------------------------------
# (dtype, hermitian): every dtype and both complex paths on FULL backends, one on the others
LDL_CASES = (("float32", False), ("float64", True), ("complex64", True), ("complex128", False))
LDL_CASES_BY_BACKEND = {"jax": (("float64", False),), "tensorflow": (("complex64", True),)}


@pytest.fixture(scope="module")
def ldl_inputs():
    inputs = {}
    for dtype in FLOATS:
        a = _matrices(dtype, (3, 5, 5))
        a[0, 0, 0] = a[1, 2, 2] = 0  # zero and small diagonals: 2x2 blocks, row exchanges
        a[1, 0, 0] = 1e-3
        inputs[dtype] = (a, _matrices(dtype, (3, 5, 2)))
    return inputs


def _ldl_factor_ex(T, a, hermitian):
    return T.linalg.ldl_factor_ex(a, hermitian=hermitian)


def _ldl_solve(T, ld, pivots, b, hermitian):
    return T.linalg.ldl_solve(ld, pivots, b, hermitian=hermitian)


def test_ldl_factor_and_solve_match_torch(backend, ldl_inputs):
    blocks = 0
    for dtype, hermitian in LDL_CASES_BY_BACKEND.get(backend, LDL_CASES):
        a, b = ldl_inputs[dtype]
        factor = functools.partial(_ldl_factor_ex, hermitian=hermitian)
        expected = _compare(factor, a, **TOL)
        blocks += int((expected.pivots < 0).sum())
        solve = functools.partial(_ldl_solve, hermitian=hermitian)
        LD, pivots = expected.LD.resolve_conj().numpy(), expected.pivots.numpy()
        _compare(solve, LD, pivots, b, rtol=1e-3, atol=1e-4)
    assert blocks > 0  # the inputs exercise 2x2 pivots


LDL_REFUSALS = [
    lambda T, a: T.linalg.ldl_factor(a.long()),
    lambda T, a: T.linalg.ldl_factor(a.half()),
    lambda T, a: T.linalg.ldl_factor(a[:, :3]),
    lambda T, a: T.linalg.ldl_factor(a[0]),
]
LDL_EDGES = [
    lambda T, a: T.linalg.ldl_factor(T.zeros(3, 3)),  # a singular D raises
    lambda T, a: T.linalg.ldl_factor_ex(T.zeros(2, 3, 3)),  # info reports it
    lambda T, a: T.linalg.ldl_factor_ex(T.zeros(3, 3), check_errors=True),
    lambda T, a: T.linalg.ldl_factor(a[:0, :0]),
    lambda T, a: T.linalg.ldl_factor(T.zeros(0, 2, 2)),
    lambda T, a: T.linalg.ldl_factor(a[:1, :1]),
    lambda T, a: T.linalg.ldl_factor(a, hermitian=True),
    lambda T, a: T.linalg.ldl_factor_ex(a.cdouble() + 1j * a.mT, hermitian=True),
]
LDL_SOLVES = [
    lambda T, ld, p, b: T.linalg.ldl_solve(ld, p, b[:, 0]),
    lambda T, ld, p, b: T.linalg.ldl_solve(ld, p, b.float()),
    lambda T, ld, p, b: T.linalg.ldl_solve(ld, p[:3], b),
    lambda T, ld, p, b: T.linalg.ldl_solve(ld, p, b[:3]),
    lambda T, ld, p, b: T.linalg.ldl_solve(ld, p.long(), b),
    lambda T, ld, p, b: T.linalg.ldl_solve(ld.expand(2, 4, 4), p.expand(2, 4), b),
    lambda T, ld, p, b: T.linalg.ldl_solve(ld, p, b.expand(3, 4, 2)),
]


def test_ldl_edge_cases_and_errors(backend):
    square = _matrices("float64", (4, 4))
    for case in LDL_REFUSALS + (LDL_EDGES if backend in FULL else []):
        _compare(case, square, **TOL)
    LD, pivots = real_torch.linalg.ldl_factor(real_torch.from_numpy(square))
    b = _matrices("float64", (4, 2))
    solves = LDL_SOLVES[:4] if backend not in FULL else LDL_SOLVES
    for solve in solves:
        _compare(solve, LD.numpy(), pivots.numpy(), b, **TOL)
    if backend in FULL:  # outputs require grad, but torch defines no derivative
        for T in (torch, real_torch):
            a = T.tensor(square, requires_grad=True)
            LD_, pivots_ = T.linalg.ldl_factor(a)
            assert LD_.requires_grad and not pivots_.requires_grad
            solution = T.linalg.ldl_solve(LD_.detach(), pivots_, a[:, :2])
            for output, name in ((LD_, "ldl_factor_ex"), (solution, "ldl_solve")):
                with pytest.raises(
                    RuntimeError, match=f"derivative for aten::linalg_{name} is not"
                ):
                    output.sum().backward()


# ---------------------------------------------------------------------------------------
# svd_lowrank / pca_lowrank / lobpcg: real torch draws what the frontend draws
# ---------------------------------------------------------------------------------------
def _frontend_randn(*size, dtype=None, device=None, **kwargs):
    """Real torch's randn answered with the frontend's draw of that shape and dtype."""
    if len(size) == 1 and isinstance(size[0], tuple | list):
        size = tuple(size[0])
    frontend_dtype = getattr(torch, str(dtype or real_torch.float32).removeprefix("torch."))
    if frontend_dtype.is_complex:
        drawn = _lowrank._randn(size[0], size[1], frontend_dtype)
    else:
        drawn = torch.randn(*size, dtype=frontend_dtype)
    return real_torch.from_numpy(numpy.array(drawn.numpy()))


def _same_draws(monkeypatch, call, *arrays, seed=7):
    """``call(T, *tensors)`` on the frontend after ``manual_seed(seed)``, and on real torch
    with its randn drawing the frontend's matrices for that seed."""
    torch.manual_seed(seed)
    ours = call(torch, *[to_frontend(a) for a in arrays])
    torch.manual_seed(seed)
    with monkeypatch.context() as patch:
        patch.setattr(real_torch, "randn", _frontend_randn)
        theirs = call(real_torch, *[real_torch.from_numpy(a.copy()) for a in arrays])
    return ours, theirs


def _assert_same_up_to_phase(vectors, expected, rtol, atol):
    """Columns equal after aligning each column's sign (phase) with torch's."""
    ours = numpy.asarray(vectors.numpy(force=True))
    theirs = expected.resolve_conj().numpy()
    assert str(vectors.dtype) == str(expected.dtype) and ours.shape == theirs.shape
    overlap = numpy.sum(numpy.conj(ours) * theirs, axis=-2, keepdims=True)
    phase = overlap / numpy.where(numpy.abs(overlap) == 0, 1, numpy.abs(overlap))
    numpy.testing.assert_allclose(ours * phase, theirs, rtol=rtol, atol=atol)


def _assert_values(values, expected, rtol, atol):
    assert str(values.dtype) == str(expected.dtype)
    numpy.testing.assert_allclose(
        numpy.asarray(values.numpy(force=True)), expected.numpy(), rtol=rtol, atol=atol
    )


LOWRANK_CALLS = {
    "svd": lambda T, a: T.svd_lowrank(a, q=3),
    "svd_wide_M": lambda T, a: T.svd_lowrank(a.mT, q=3, niter=1, M=a.mT[..., :1, :]),
    "pca": lambda T, a: T.pca_lowrank(a, q=2),
    "pca_uncentered": lambda T, a: T.pca_lowrank(a, center=False),
}


def test_lowrank_match_torch_for_the_same_draws(backend, monkeypatch):
    full = backend in FULL
    for dtype in ("float32", "float64", "complex64") if full else ("float64",):
        a = _matrices(dtype, (2, 7, 5))
        tol = {"rtol": 1e-4, "atol": 1e-5} if dtype in ("float32", "complex64") else TOL
        for call in LOWRANK_CALLS.values() if full else [LOWRANK_CALLS["svd"]]:
            (U, S, V), (Ur, Sr, Vr) = _same_draws(monkeypatch, call, a)
            _assert_values(S, Sr, **tol)
            _assert_same_up_to_phase(U, Ur, **tol)
            _assert_same_up_to_phase(V, Vr, **tol)


def test_lowrank_errors_and_draw_independence(backend):
    a = _matrices("float64", (6, 4))
    for call in (
        lambda T, a: T.pca_lowrank(a, q=5),
        lambda T, a: T.pca_lowrank(a, niter=-1),
        lambda T, a: T.svd_lowrank(a.long(), q=2),
    ):
        _compare(call, a)
    if backend not in FULL:
        return
    # a rank-2 input: the singular values do not depend on the draw, whatever the stream
    low = _matrices("float64", (6, 2)) @ _matrices("float64", (2, 4))
    _compare(lambda T, a: T.svd_lowrank(a, q=3)[1][:2], low, rtol=1e-7, atol=1e-9)


LOBPCG_CALLS = {
    "one_step": lambda T, a, b, x: T.lobpcg(a, X=x, largest=False, niter=1),
    "largest": lambda T, a, b, x: T.lobpcg(a, X=x),
    "smallest": lambda T, a, b, x: T.lobpcg(a, X=x, largest=False),
    "generalized": lambda T, a, b, x: T.lobpcg(a, B=b, X=x),
    "basic": lambda T, a, b, x: T.lobpcg(a, X=x, method="basic"),
    "drawn_X_batched": lambda T, a, b, x: T.lobpcg(a, k=1, n=2),
}


def _spd(shape: tuple[int, ...], dtype: str) -> numpy.ndarray:
    q = RNG.standard_normal(shape)
    return (q @ numpy.swapaxes(q, -1, -2) + numpy.eye(shape[-1])).astype(dtype)


# backend -> the calls it runs: every one on numpy, fewer where each op costs more
LOBPCG_SCOPE = {"numpy": tuple(LOBPCG_CALLS), "torch": ("smallest", "generalized")}
# (one_step compares the iterate after one update: the algorithm's steps, not only its limit)


def test_lobpcg_matches_torch(backend, monkeypatch):
    full = backend in FULL
    m = 8 if full else 4
    names = LOBPCG_SCOPE.get(backend, ("one_step",))  # few shapes: few XLA compiles
    for dtype in ("float64", "float32") if full else ("float64",):
        a, b = _spd((2, m, m), dtype), _spd((m, m), dtype) / m
        x = _matrices(dtype, (m, 2 if full else 1))
        tol = {"rtol": 1e-4, "atol": 1e-3} if dtype == "float32" else {"rtol": 1e-8, "atol": 1e-7}
        for name in names if dtype == "float64" else names[:1]:
            matrix = a if name == "drawn_X_batched" else a[0]
            (E, X), (Er, Xr) = _same_draws(monkeypatch, LOBPCG_CALLS[name], matrix, b, x)
            _assert_values(E, Er, rtol=tol["rtol"], atol=tol["rtol"])
            _assert_same_up_to_phase(X, Xr, **tol)


def test_lobpcg_errors(backend):
    a = _spd((5, 5), "float64")
    _compare(lambda T, a: T.lobpcg(a, k=2), a)  # m < 3 n
    with pytest.raises(NotImplementedError, match="lobpcg: gradients"):
        torch.lobpcg(torch.tensor(a, requires_grad=True), k=1)


# ---------------------------------------------------------------------------------------
# special.airy_ai
# ---------------------------------------------------------------------------------------
AIRY_POINTS = numpy.concatenate(
    [
        numpy.linspace(-40.0, 110.0, 301),
        [numpy.nan, numpy.inf, -numpy.inf, 0.0, -0.0, -2.09, 2.09, 8.3203353, 103.892],
    ]
)


def test_airy_ai_matches_torch(backend):
    full = backend in FULL
    for dtype in ("float32", "float64") if full else ("float32",):
        _compare(lambda T, x: T.special.airy_ai(x), AIRY_POINTS.astype(dtype))
    for dtype in ("int64", "bool", "float16", "complex64") if full else ("float16",):
        _compare(lambda T, x: T.special.airy_ai(x), numpy.arange(-2, 3).astype(dtype))
    if full:
        _compare(lambda T, x: T.special.airy_ai(x[:, None] * x), AIRY_POINTS[:40])
        for T in (torch, real_torch):  # a result that does not require grad
            assert not T.special.airy_ai(T.ones(2, requires_grad=True)).requires_grad
