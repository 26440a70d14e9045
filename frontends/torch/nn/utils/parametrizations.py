"""torch.nn.utils.parametrizations: ``orthogonal``, ``weight_norm`` and ``spectral_norm``
as parametrizations (:mod:`frontends.torch.nn.utils.parametrize`), with torch's module
names, buffers and state_dict keys (``parametrizations.weight.original``, ``original0``/
``original1`` for weight_norm, ``_u``/``_v`` for spectral_norm).

Written with the frontend's own functions, so they run and differentiate on every
backend. The random draws (spectral_norm's ``u``/``v``, orthogonal's completion of a
non-square matrix) come from the frontend's generator, which reproduces torch's CPU
stream for the same seed.
"""

from __future__ import annotations

import sys
from enum import Enum, auto
from typing import Any

from frontends.torch._tensor import Tensor
from frontends.torch.nn.modules.module import Module
from frontends.torch.nn.utils import parametrize
from frontends.torch.nn.utils.weight_norm import _norm_except_dim

__all__ = ["orthogonal", "spectral_norm", "weight_norm"]


def _torch() -> Any:
    return sys.modules["frontends.torch"]


def _is_orthogonal(Q: Tensor) -> bool:
    torch = _torch()
    n, k = Q.size(-2), Q.size(-1)
    identity = torch.eye(k, dtype=Q.dtype)
    eps = 10.0 * n * torch.finfo(Q.dtype).eps
    return torch.allclose(Q.mH @ Q, identity, atol=eps)


def _make_orthogonal(A: Tensor) -> Tensor:
    """The Q of A's QR factorisation with R's diagonal made positive."""
    torch = _torch()
    X, tau = torch.geqrf(A)
    Q = torch.linalg.householder_product(X, tau)
    return Q * X.diagonal(dim1=-2, dim2=-1).sgn().unsqueeze(-2)


class _OrthMaps(Enum):
    matrix_exp = auto()
    cayley = auto()
    householder = auto()


class _Orthogonal(Module):
    """Maps an unconstrained matrix to an orthogonal one (matrix_exp / cayley of its
    skew-symmetric part, or a product of Householder reflectors); with
    ``use_trivialization`` the result is multiplied by the buffer ``base``."""

    def __init__(
        self, weight: Tensor, orthogonal_map: _OrthMaps, *, use_trivialization: bool = True
    ) -> None:
        super().__init__()
        if weight.is_complex() and orthogonal_map == _OrthMaps.householder:
            raise ValueError("The householder parametrization does not support complex tensors.")
        self.shape = weight.shape
        self.orthogonal_map = orthogonal_map
        if use_trivialization:
            self.register_buffer("base", None)

    def forward(self, X: Tensor) -> Tensor:
        torch = _torch()
        n, k = X.size(-2), X.size(-1)
        transposed = n < k
        if transposed:
            X = X.mT
            n, k = k, n
        if self.orthogonal_map in (_OrthMaps.matrix_exp, _OrthMaps.cayley):
            X = X.tril()
            if n != k:
                X = torch.cat([X, X.new_zeros(n, n - k).expand(*X.shape[:-2], -1, -1)], dim=-1)
            A = X - X.mH
            if self.orthogonal_map == _OrthMaps.matrix_exp:
                Q = torch.matrix_exp(A)
            else:
                identity = torch.eye(n, dtype=A.dtype)
                Q = torch.linalg.solve(
                    torch.add(identity, A, alpha=-0.5), torch.add(identity, A, alpha=0.5)
                )
            if n != k:
                Q = Q[..., :k]
        else:
            A = X.tril(diagonal=-1)
            tau = 2.0 / (1.0 + (A * A).sum(dim=-2))
            Q = torch.linalg.householder_product(A, tau)
            Q = Q * X.diagonal(dim1=-2, dim2=-1).int().unsqueeze(-2)
        if hasattr(self, "base"):
            Q = self.base @ Q
        if transposed:
            Q = Q.mT
        return Q

    def right_inverse(self, Q: Tensor) -> Tensor:
        torch = _torch()
        with torch.no_grad():
            if tuple(Q.shape) != tuple(self.shape):
                raise ValueError(
                    f"Expected a matrix or batch of matrices of shape {self.shape}. Got a "
                    f"tensor of shape {Q.shape}."
                )
            Q_init = Q
            n, k = Q.size(-2), Q.size(-1)
            transpose = n < k
            if transpose:
                Q = Q.mT
                n, k = k, n
            if not hasattr(self, "base"):
                if self.orthogonal_map in (_OrthMaps.cayley, _OrthMaps.matrix_exp):
                    raise NotImplementedError(
                        "It is not possible to assign to the matrix exponential or the Cayley "
                        "parametrizations when use_trivialization=False."
                    )
                A, tau = torch.geqrf(Q)
                sign = A.diagonal(dim1=-2, dim2=-1).sign()
                sign = torch.where(tau == 0.0, -sign, sign)
                on_diagonal = torch.eye(n, k, dtype=torch.bool)
                A = torch.where(on_diagonal, sign.unsqueeze(-2), A)
                return A.mT if transpose else A
            if n == k:
                Q = Q.clone() if _is_orthogonal(Q) else _make_orthogonal(Q)
            else:
                N = torch.randn(*(tuple(Q.shape[:-2]) + (n, n - k)), dtype=Q.dtype)
                Q = _make_orthogonal(torch.cat([Q, N], dim=-1))
            self.base = Q
            rows, cols = Q_init.shape[-2:]
            neg_identity = -torch.eye(rows, cols, dtype=Q_init.dtype)
            return neg_identity.expand(Q_init.shape).clone()


def orthogonal(
    module: Module,
    name: str = "weight",
    orthogonal_map: str | None = None,
    *,
    use_trivialization: bool = True,
) -> Module:
    """Constrain ``module.<name>`` (a matrix or a batch of them) to be orthogonal/unitary."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if weight.ndim < 2:
        raise ValueError(
            f"Expected a matrix or batch of matrices. Got a tensor of {weight.ndim} dimensions."
        )
    if orthogonal_map is None:
        square = weight.size(-2) == weight.size(-1)
        orthogonal_map = "matrix_exp" if square or weight.is_complex() else "householder"
    orth_enum = getattr(_OrthMaps, orthogonal_map, None)
    if orth_enum is None:
        raise ValueError(
            'orthogonal_map has to be one of "matrix_exp", "cayley", "householder". '
            f"Got: {orthogonal_map}"
        )
    orth = _Orthogonal(weight, orth_enum, use_trivialization=use_trivialization)
    parametrize.register_parametrization(module, name, orth, unsafe=True)
    return module


class _WeightNorm(Module):
    """``weight = g * v / ||v||`` (norm over every dimension but ``dim``) from
    ``original0`` (g) and ``original1`` (v)."""

    def __init__(self, dim: int | None = 0) -> None:
        super().__init__()
        self.dim = -1 if dim is None else dim

    def forward(self, weight_g: Tensor, weight_v: Tensor) -> Tensor:
        return weight_v * (weight_g / _norm_except_dim(weight_v, self.dim))

    def right_inverse(self, weight: Tensor) -> tuple[Tensor, Tensor]:
        return _norm_except_dim(weight, self.dim), weight


def weight_norm(module: Module, name: str = "weight", dim: int = 0) -> Module:
    """Reparametrize ``module.<name>`` by its magnitude and direction. Differs from torch:
    a state_dict of the hook-based ``torch.nn.utils.weight_norm`` (``<name>_g``/``<name>_v``
    keys) is not renamed on load (the frontend's Module has no load_state_dict pre-hooks)."""
    parametrize.register_parametrization(module, name, _WeightNorm(dim), unsafe=True)
    return module


class _SpectralNorm(Module):
    """``weight / sigma``, sigma the largest singular value of ``weight`` reshaped to a
    matrix, estimated by power iteration on the buffers ``_u``/``_v`` (one step per
    forward in training mode); a 1-D weight is normalised instead."""

    def __init__(
        self, weight: Tensor, n_power_iterations: int = 1, dim: int = 0, eps: float = 1e-12
    ) -> None:
        super().__init__()
        torch = _torch()
        ndim = weight.ndim
        if dim >= ndim or dim < -ndim:
            raise IndexError(
                f"Dimension out of range (expected to be in range of [-{ndim}, {ndim - 1}] but "
                f"got {dim})"
            )
        if n_power_iterations <= 0:
            raise ValueError(
                "Expected n_power_iterations to be positive, but got "
                f"n_power_iterations={n_power_iterations}"
            )
        self.dim = dim if dim >= 0 else dim + ndim
        self.eps = eps
        if ndim > 1:
            F = torch.nn.functional
            self.n_power_iterations = n_power_iterations
            weight_mat = self._reshape_weight_to_matrix(weight)
            h, w = weight_mat.size()
            u = weight_mat.new_empty(h).normal_(0, 1)
            v = weight_mat.new_empty(w).normal_(0, 1)
            self.register_buffer("_u", F.normalize(u, dim=0, eps=self.eps))
            self.register_buffer("_v", F.normalize(v, dim=0, eps=self.eps))
            self._power_method(weight_mat, 15)

    def _reshape_weight_to_matrix(self, weight: Tensor) -> Tensor:
        if self.dim != 0:
            weight = weight.permute(self.dim, *(d for d in range(weight.dim()) if d != self.dim))
        return weight.flatten(1)

    def _power_method(self, weight_mat: Tensor, n_power_iterations: int) -> None:
        torch = _torch()
        F = torch.nn.functional
        with torch.no_grad():
            for _ in range(n_power_iterations):
                self._u.copy_(F.normalize(torch.mv(weight_mat, self._v), dim=0, eps=self.eps))
                self._v.copy_(F.normalize(torch.mv(weight_mat.H, self._u), dim=0, eps=self.eps))

    def forward(self, weight: Tensor) -> Tensor:
        torch = _torch()
        if weight.ndim == 1:
            return torch.nn.functional.normalize(weight, dim=0, eps=self.eps)
        weight_mat = self._reshape_weight_to_matrix(weight)
        if self.training:
            self._power_method(weight_mat, self.n_power_iterations)
        u, v = self._u.clone(), self._v.clone()
        sigma = torch.vdot(u, torch.mv(weight_mat, v))
        return weight / sigma

    def right_inverse(self, value: Tensor) -> Tensor:
        return value


def spectral_norm(
    module: Module,
    name: str = "weight",
    n_power_iterations: int = 1,
    eps: float = 1e-12,
    dim: int | None = None,
) -> Module:
    """Divide ``module.<name>`` by its spectral norm (a parametrization: differentiable
    through sigma, unlike the hook-based ``torch.nn.utils.spectral_norm``)."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if dim is None:
        nn = _torch().nn
        transposed = (nn.ConvTranspose1d, nn.ConvTranspose2d, nn.ConvTranspose3d)
        dim = 1 if isinstance(module, transposed) else 0
    parametrize.register_parametrization(
        module, name, _SpectralNorm(weight, n_power_iterations, dim, eps)
    )
    return module
