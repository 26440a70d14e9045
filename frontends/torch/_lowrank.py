"""torch.svd_lowrank and torch.pca_lowrank (torch/_lowrank.py): randomized SVD, Halko et al.

The same steps as torch's, composed of the frontend's own functions (matmul, linalg.qr,
linalg.svd, randn), so dtypes, errors and gradients follow theirs. The random test matrix is
drawn from the frontend's generator in torch's order and shape, but that generator's stream
is not torch's CPU stream (see random_sampling): for the same seed the results equal torch's
only where they do not depend on the draw (inputs of rank at most q). Not differentiable
here: core's engine has no rule for qr and svd yet, so an input that requires grad raises
core's clear error at qr (torch differentiates through them).
"""

from __future__ import annotations

import math
from typing import Any

from frontends.torch import _dtype
from frontends.torch._tensor import Tensor

__all__ = ["get_approximate_basis", "pca_lowrank", "svd_lowrank"]


def _torch() -> Any:
    import frontends.torch as torch

    return torch


def _floating_dtype(A: Tensor) -> Any:
    """torch._linalg_utils.get_floating_dtype: float16/32/64 stay, anything else is float32."""
    return (
        A.dtype if A.dtype in (_dtype.float16, _dtype.float32, _dtype.float64) else _dtype.float32
    )


def _randn(rows: int, columns: int, dtype: Any) -> Tensor:
    """``torch.randn(rows, columns, dtype=dtype)``; complex as torch lays it out: pairs of
    normal samples of variance 1/2 (the frontend's randn takes real dtypes only)."""
    torch = _torch()
    if dtype.is_complex:
        real = _dtype.float64 if dtype == _dtype.complex128 else _dtype.float32
        pairs = torch.randn(rows, columns, 2, dtype=real) * math.sqrt(0.5)
        return torch.view_as_complex(pairs)
    return torch.randn(rows, columns, dtype=dtype)


def get_approximate_basis(
    A: Tensor, q: int, niter: int | None = 2, M: Tensor | None = None
) -> Tensor:
    """Q with q orthonormal columns such that ``Q Q^H (A - M)`` approximates ``A - M``
    (Halko et al., algorithm 4.4)."""
    torch = _torch()
    niter = 2 if niter is None else niter
    dtype = A.dtype if A.is_complex() else _floating_dtype(A)
    R = _randn(A.shape[-1], q, dtype)
    X = torch.matmul(A, R)
    if M is not None:
        X = X - torch.matmul(M, R)
    Q = torch.linalg.qr(X).Q
    for _ in range(niter):
        X = torch.matmul(A.mH, Q)
        if M is not None:
            X = X - torch.matmul(M.mH, Q)
        Q = torch.linalg.qr(X).Q
        X = torch.matmul(A, Q)
        if M is not None:
            X = X - torch.matmul(M, Q)
        Q = torch.linalg.qr(X).Q
    return Q


def svd_lowrank(
    A: Tensor, q: int | None = 6, niter: int | None = 2, M: Tensor | None = None
) -> tuple[Tensor, Tensor, Tensor]:
    """``(U, S, V)`` with ``A - M ~ U diag(S) V^H`` (Halko et al., algorithm 5.1)."""
    torch = _torch()
    q = 6 if q is None else q
    m, n = A.shape[-2:]
    if M is not None:
        M = M.broadcast_to(A.size())
    if m < n:  # work on the tall one
        A = A.mH
        if M is not None:
            M = M.mH
    Q = get_approximate_basis(A, q, niter=niter, M=M)
    B = torch.matmul(Q.mH, A)
    if M is not None:
        B = B - torch.matmul(Q.mH, M)
    U, S, Vh = torch.linalg.svd(B, full_matrices=False)
    V = Vh.mH
    U = Q.matmul(U)
    if m < n:
        U, V = V, U
    return U, S, V


def pca_lowrank(
    A: Tensor, q: int | None = None, center: bool = True, niter: int = 2
) -> tuple[Tensor, Tensor, Tensor]:
    """``svd_lowrank`` of ``A`` less its column means (of ``A`` itself when not ``center``);
    q defaults to ``min(6, m, n)``. Sparse inputs are not supported (the frontend has no
    sparse tensors)."""
    m, n = A.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif not (q >= 0 and q <= min(m, n)):
        raise ValueError(
            f"q(={q}) must be non-negative integer and not greater than min(m, n)={min(m, n)}"
        )
    if not (niter >= 0):
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    if not center:
        return svd_lowrank(A, q, niter=niter, M=None)
    C = A.mean(dim=(-2,), keepdim=True)
    return svd_lowrank(A - C, q, niter=niter, M=None)
