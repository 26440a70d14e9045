"""torch.lobpcg (torch/_lobpcg.py): the k largest (or smallest) eigenpairs of a symmetric
(generalized) eigenproblem ``A X = B X E`` by LOBPCG, the "ortho" method of Duersch et al.
(2018) or the "basic" one.

The iteration follows torch's steps on the frontend's own functions (matmul, linalg.eigh,
cholesky, solve_triangular, qr), so converged results agree with torch's to the tolerance
asked for; eigenvectors are unique only up to sign. Its control flow reads convergence
measures to the host every iteration, as torch's does. Differences: an ``X`` left as None is
drawn from the frontend's generator, whose stream is not torch's; gradients are not provided
(torch differentiates through a custom symeig rule, core's engine has no eigh rule yet), so
``A`` or ``B`` requiring grad raises; the TorchScript paths do not exist here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from frontends.torch import _dtype
from frontends.torch._tensor import Tensor

__all__ = ["LOBPCG", "lobpcg"]


def _torch() -> Any:
    import frontends.torch as torch

    return torch


def _matmul(A: Tensor | None, B: Tensor) -> Tensor:
    """``A @ B``, B itself when A is None (the identity)."""
    return B if A is None else _torch().matmul(A, B)


def _qform(A: Tensor | None, S: Tensor) -> Tensor:
    return _torch().matmul(S.mT, _matmul(A, S))


def _symeig(A: Tensor, largest: bool | None = False) -> tuple[Tensor, Tensor]:
    """Eigenpairs of a symmetric A from its upper triangle, descending when ``largest``."""
    torch = _torch()
    E, Z = torch.linalg.eigh(A, UPLO="U")
    if largest:
        E, Z = torch.flip(E, dims=(-1,)), torch.flip(Z, dims=(-1,))
    return E, Z


class LOBPCG:
    """The iteration's state (torch's worker class): ``X``, ``E``, the residual ``R``, the
    search basis ``S``, and the dictionaries ``ivars``/``fvars``/``bvars``/``tvars`` that a
    ``tracker(worker)`` may read (setting ``bvars['force_stop']`` stops the iteration)."""

    def __init__(
        self,
        A: Tensor | None,
        B: Tensor | None,
        X: Tensor,
        iK: Tensor | None,
        iparams: dict[str, int],
        fparams: dict[str, float],
        bparams: dict[str, bool],
        method: str,
        tracker: Callable[[LOBPCG], None] | None,
    ) -> None:
        torch = _torch()
        self.A, self.B, self.iK = A, B, iK
        self.iparams, self.fparams, self.bparams = iparams, fparams, bparams
        self.method, self.tracker = method, tracker
        m, n = iparams["m"], iparams["n"]
        self.X = X
        self.E = torch.zeros((n,), dtype=X.dtype)
        self.R = torch.zeros((m, n), dtype=X.dtype)
        self.S = torch.zeros((m, 3 * n), dtype=X.dtype)
        self.tvars: dict[str, Tensor] = {}
        self.ivars: dict[str, int] = {"istep": 0}
        self.fvars: dict[str, float] = {"_": 0.0}
        self.bvars: dict[str, bool] = {"_": False}

    def run(self) -> None:
        """Iterate until k pairs converge, ``niter`` runs out or a tracker stops it."""
        self.update()
        self.call_tracker()
        while not self.stop_iteration():
            self.update()
            self.call_tracker()

    def call_tracker(self) -> None:
        if self.tracker is not None:
            self.tracker(self)

    def stop_iteration(self) -> bool:
        return (
            self.bvars.get("force_stop", False)
            or self.ivars["iterations_left"] == 0
            or self.ivars["converged_count"] >= self.iparams["k"]
        )

    def update(self) -> None:
        """One step (the first one also measures the norms the convergence test scales by)."""
        torch = _torch()
        if self.ivars["istep"] == 0:
            x_norm = float(torch.norm(self.X))
            self.fvars["X_norm"] = x_norm
            self.fvars["A_norm"] = float(torch.norm(_matmul(self.A, self.X))) / x_norm
            self.fvars["B_norm"] = float(torch.norm(_matmul(self.B, self.X))) / x_norm
            self.ivars["iterations_left"] = self.iparams["niter"]
            self.ivars["converged_count"] = 0
            self.ivars["converged_end"] = 0
        if self.method == "ortho":
            self._update_ortho()
        else:
            self._update_basic()
        self.ivars["iterations_left"] -= 1
        self.ivars["istep"] += 1

    def update_residual(self) -> None:
        self.R = _matmul(self.A, self.X) - _matmul(self.B, self.X) * self.E

    def update_converged_count(self) -> int:
        """The leading pairs whose backward relative error is below ``tol`` (Duersch et al.,
        section 4.3); a converged pair after an unconverged one does not count."""
        torch = _torch()
        A_norm, B_norm = self.fvars["A_norm"], self.fvars["B_norm"]
        rerr = torch.linalg.vector_norm(self.R, 2, dim=0) / (
            torch.linalg.vector_norm(self.X, 2, dim=0)
            * (A_norm + torch.abs(self.E[: self.X.shape[-1]]) * B_norm)
        )
        count = 0
        for converged in (rerr < self.fparams["tol"]).tolist():
            if not converged:
                break
            count += 1
        if count < self.ivars["converged_count"]:
            raise AssertionError(
                f"the number of converged eigenpairs (was {self.ivars['converged_count']}, "
                f"got {count}) cannot decrease"
            )
        self.ivars["converged_count"] = count
        self.tvars["rerr"] = rerr
        return count

    def _store_basis(self, P: Tensor | None, W: Tensor) -> None:
        """S = [X, P, W] (P absent on the first step); ``converged_end`` its width."""
        parts = [self.X] + ([P] if P is not None else []) + [W]
        basis = _torch().cat(parts, dim=-1)
        self.ivars["converged_end"] = basis.shape[-1]
        self.S[:, : basis.shape[-1]] = basis

    def _update_basic(self) -> None:
        torch = _torch()
        ns, nc = self.ivars["converged_end"], self.ivars["converged_count"]
        n, largest = self.iparams["n"], self.bparams["largest"]
        if self.ivars["istep"] == 0:
            Ri = self._get_rayleigh_ritz_transform(self.X)
            E, Z = _symeig(_qform(_qform(self.A, self.X), Ri), largest)
            self.X = torch.matmul(self.X, torch.matmul(Ri, Z))
            self.E = E
            self.update_residual()
            self.update_converged_count()
            self._store_basis(None, _matmul(self.iK, self.R))
            return
        S_ = self.S[:, nc:ns]
        Ri = self._get_rayleigh_ritz_transform(S_)
        E_, Z = _symeig(_qform(_qform(self.A, S_), Ri), largest)
        self.X = torch.cat([self.X[:, :nc], torch.matmul(S_, torch.matmul(Ri, Z[:, : n - nc]))], -1)
        self.E = torch.cat([self.E[:nc], E_[: n - nc]])
        P = torch.matmul(S_, torch.matmul(Ri, Z[:, n : 2 * n - nc]))
        self.update_residual()
        nc = self.update_converged_count()
        self._store_basis(P, _matmul(self.iK, self.R[:, nc:]))

    def _update_ortho(self) -> None:
        torch = _torch()
        ns, nc = self.ivars["converged_end"], self.ivars["converged_count"]
        n, largest = self.iparams["n"], self.bparams["largest"]
        if self.ivars["istep"] == 0:
            Ri = self._get_rayleigh_ritz_transform(self.X)
            _, Z = _symeig(_qform(_qform(self.A, self.X), Ri), largest)
            self.X = torch.matmul(self.X, torch.matmul(Ri, Z))
            self.update_residual()
            self.update_converged_count()
            self._store_basis(None, self._get_ortho(self.R, self.X))
            return
        S_ = self.S[:, nc:ns]
        E_, Z = _symeig(_qform(self.A, S_), largest)  # Rayleigh-Ritz on a B-orthonormal basis
        self.X = torch.cat([self.X[:, :nc], torch.matmul(S_, Z[:, : n - nc])], -1)
        self.E = torch.cat([self.E[:nc], E_[: n - nc]])
        tail = torch.linalg.qr(Z[: n - nc, n - nc :].mT).Q
        P = torch.matmul(S_, torch.matmul(Z[:, n - nc :], tail))
        self.update_residual()
        nc = self.update_converged_count()
        XP = torch.cat([self.X, P], -1)
        self._store_basis(P, self._get_ortho(self.R[:, nc:], XP))

    def _get_rayleigh_ritz_transform(self, S: Tensor) -> Tensor:
        """Ri (upper triangular) reducing ``S^T A S C = S^T B S C E`` to a standard
        eigenproblem ``Ri^T S^T A S Ri Z = Z E`` (``C = Ri Z``), with the diagonal of
        ``S^T B S`` scaled to one before its Cholesky factor."""
        torch = _torch()
        SBS = _qform(self.B, S)
        d_row = SBS.diagonal(0, -2, -1) ** -0.5
        d_col = d_row.reshape(d_row.shape[0], 1)
        R = torch.linalg.cholesky((SBS * d_row) * d_col, upper=True)
        return torch.linalg.solve_triangular(R, d_row.diag_embed(), upper=True, left=False)

    def _get_svqb(self, U: Tensor, drop: bool, tau: float) -> Tensor:
        """B-orthonormal columns spanning U's (Duersch's algorithm 4; columns with a small
        contribution dropped when ``drop``); exactly zero columns are dropped first."""
        torch = _torch()
        if U.numel() == 0:
            return U
        UBU = _qform(self.B, U)
        d = UBU.diagonal(0, -2, -1)
        nonzero = (d != 0).tolist()
        if not all(nonzero):
            U = U[:, torch.tensor(nonzero)]
            if U.numel() == 0:
                return U
            UBU = _qform(self.B, U)
            d = UBU.diagonal(0, -2, -1)
        d_col = (d**-0.5).reshape(d.shape[0], 1)
        E, Z = _symeig((UBU * d_col) * d_col.mT)
        t = tau * float(E.abs().max())
        if drop:
            keep = E > t
            E, Z, d_col = E[keep], Z[:, keep], d_col[keep]
        else:
            E = torch.where(E < t, torch.full_like(E, t), E)
        return torch.matmul(U * d_col.mT, Z * E**-0.5)

    def _get_ortho(self, U: Tensor, V: Tensor) -> Tensor:
        """B-orthonormal columns spanning U's, B-orthogonal to V (Duersch's algorithm 3, or
        6 with ``ortho_use_drop``); empty when U lies in V's span."""
        torch = _torch()
        m = self.iparams["m"]
        tau_ortho = self.fparams["ortho_tol"]
        tau_drop = self.fparams["ortho_tol_drop"]
        tau_replace = self.fparams["ortho_tol_replace"]
        i_max, j_max = self.iparams["ortho_i_max"], self.iparams["ortho_j_max"]
        use_drop = self.bparams["ortho_use_drop"]
        for key in [k for k in self.fvars if k.startswith("ortho_") and k.endswith("_rerr")]:
            self.fvars.pop(key)
        self.ivars.pop("ortho_i", 0)
        self.ivars.pop("ortho_j", 0)
        BV_norm = float(torch.norm(_matmul(self.B, V)))
        BU = _matmul(self.B, U)
        VBU = torch.matmul(V.mT, BU)
        i = j = 0
        for i in range(i_max):
            U = U - torch.matmul(V, VBU)
            drop, tau_svqb = False, tau_drop
            for j in range(j_max):
                if use_drop:
                    U = self._get_svqb(U, drop, tau_svqb)
                    drop, tau_svqb = True, tau_replace
                else:
                    U = self._get_svqb(U, False, tau_replace)
                if U.numel() == 0:  # every column of U lies in V's span
                    self.ivars["ortho_i"], self.ivars["ortho_j"] = i, j
                    return U
                BU = _matmul(self.B, U)
                UBU = torch.matmul(U.mT, BU)
                identity = torch.eye(UBU.shape[-1], dtype=UBU.dtype)
                rerr = float(torch.norm(UBU - identity)) / float(torch.norm(BU) * torch.norm(U))
                self.fvars[f"ortho_UBUmI_rerr[{i}, {j}]"] = rerr
                if rerr < tau_ortho:
                    break
            VBU = torch.matmul(V.mT, BU)
            rerr = float(torch.norm(VBU)) / (BV_norm * float(torch.norm(U)))
            self.fvars[f"ortho_VBU_rerr[{i}]"] = rerr
            if rerr < tau_ortho:
                break
            if m < U.shape[-1] + V.shape[-1]:
                width = m if self.B is None else self.B.shape[-1]
                raise ValueError(
                    f"Overdetermined shape of U: #B-cols(={width}) >= #U-cols(={U.shape[-1]}) "
                    f"+ #V-cols(={V.shape[-1]}) must hold"
                )
        self.ivars["ortho_i"], self.ivars["ortho_j"] = i, j
        return U


def _floating_dtype(A: Tensor) -> Any:
    return (
        A.dtype if A.dtype in (_dtype.float16, _dtype.float32, _dtype.float64) else _dtype.float32
    )


def lobpcg(
    A: Tensor,
    k: int | None = None,
    B: Tensor | None = None,
    X: Tensor | None = None,
    n: int | None = None,
    iK: Tensor | None = None,
    niter: int | None = None,
    tol: float | None = None,
    largest: bool | None = None,
    method: str | None = None,
    tracker: Callable[[LOBPCG], None] | None = None,
    ortho_iparams: dict[str, int] | None = None,
    ortho_fparams: dict[str, float] | None = None,
    ortho_bparams: dict[str, bool] | None = None,
) -> tuple[Tensor, Tensor]:
    """``(E, X)``: the k largest (smallest unless ``largest``) eigenvalues of ``A X = B X E``
    and their eigenvectors (batches loop over their matrices); ``X`` or ``n`` sets the size
    of the search block, ``iK`` a preconditioner, ``niter`` (default 1000; -1 for no limit)
    the iterations, ``tol`` the backward error (default sqrt of the dtype's eps)."""
    torch = _torch()
    if A.requires_grad or (B is not None and B.requires_grad):
        raise NotImplementedError(
            "torch.lobpcg: gradients with respect to A or B are not supported by this frontend "
            "(core's autodiff engine has no eigh rule yet); call it on A.detach() for the forward"
        )
    if A.shape[-2] != A.shape[-1]:
        raise AssertionError(f"A must be square, got shape {A.shape}")
    if B is not None and A.shape != B.shape:
        raise AssertionError(f"A and B must have same shape, got {A.shape} vs {B.shape}")
    dtype = _floating_dtype(A)
    if tol is None:
        tol = {_dtype.float32: 1.2e-07, _dtype.float64: 2.23e-16}[dtype] ** 0.5
    m = A.shape[-1]
    k = (1 if X is None else X.shape[-1]) if k is None else k
    n = (k if n is None else n) if X is None else X.shape[-1]
    if m < 3 * n:
        raise ValueError(
            f"LOBPCG algorithm is not applicable when the number of A rows (={m}) is smaller "
            f"than 3 x the number of requested eigenpairs (={n})"
        )
    method = "ortho" if method is None else method
    iparams = {"m": m, "n": n, "k": k, "niter": 1000 if niter is None else niter}
    fparams = {"tol": tol}
    bparams = {"largest": True if largest is None else largest}
    if method == "ortho":
        iparams.update(ortho_iparams or {})
        fparams.update(ortho_fparams or {})
        bparams.update(ortho_bparams or {})
        iparams.setdefault("ortho_i_max", 3)
        iparams.setdefault("ortho_j_max", 3)
        for key in ("ortho_tol", "ortho_tol_drop", "ortho_tol_replace"):
            fparams.setdefault(key, tol)
        bparams.setdefault("ortho_use_drop", False)

    def solve(A_: Tensor, B_: Tensor | None, X_: Tensor | None) -> tuple[Tensor, Tensor]:
        X_ = torch.randn((m, n), dtype=dtype) if X_ is None else X_
        if not (X_.dim() == 2 and tuple(X_.shape) == (m, n)):
            raise AssertionError(f"X shape mismatch: got {X_.shape}, expected {(m, n)}")
        worker = LOBPCG(A_, B_, X_, iK, dict(iparams), fparams, bparams, method, tracker)
        worker.run()
        return worker.E[:k], worker.X[:, :k]

    if A.dim() == 2:
        return solve(A, B, X)
    count = math.prod(A.shape[:-2])
    bA = A.reshape((count, m, m))
    bB = None if B is None else B.reshape((count, m, m))
    bX = None if X is None else X.reshape((count, *X.shape[-2:]))
    results = []
    for index in range(count):
        iparams["batch_index"] = index
        results.append(
            solve(bA[index], None if bB is None else bB[index], None if bX is None else bX[index])
        )
    E = torch.stack([e for e, _ in results]).reshape((*A.shape[:-2], k))
    vectors = torch.stack([x for _, x in results]).reshape((*A.shape[:-2], m, k))
    return E, vectors
