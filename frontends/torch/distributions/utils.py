"""torch.distributions.utils: broadcasting of parameters, probs <-> logits, lazy properties.

Written with the torch frontend's own functions, as torch writes them with torch's, so
dtypes follow torch's promotion and gradients flow through core.autodiff.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from numbers import Number
from typing import Any

from frontends import torch

__all__ = [
    "broadcast_all",
    "clamp_probs",
    "euler_constant",
    "lazy_property",
    "logits_to_probs",
    "probs_to_logits",
    "tril_matrix_to_vec",
    "vec_to_tril_matrix",
]

euler_constant = 0.57721566490153286060  # Euler-Mascheroni constant


def broadcast_all(*values: Any) -> tuple[Any, ...]:
    """Tensors and numbers broadcast to one shape; numbers become tensors of the first
    tensor's dtype (the default dtype when all are numbers), as torch does."""
    if not all(isinstance(v, torch.Tensor | Number) for v in values):
        raise ValueError(
            "Input arguments must all be instances of numbers.Number, torch.Tensor or "
            "objects implementing __torch_function__."
        )
    if not all(isinstance(v, torch.Tensor) for v in values):
        dtype = torch.get_default_dtype()
        for value in values:
            if isinstance(value, torch.Tensor):
                dtype = value.dtype
                break
        values = tuple(
            v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=dtype) for v in values
        )
    return torch.broadcast_tensors(*values)


def _standard_normal(shape: Any, dtype: Any, device: Any = None) -> Any:
    """Standard normal noise drawn as torch draws it (``empty(shape).normal_()``)."""
    return torch.empty(shape, dtype=dtype).normal_()


def _sum_rightmost(value: Any, dim: int) -> Any:
    """Sum out the ``dim`` rightmost dimensions of ``value``."""
    if dim == 0:
        return value
    return value.reshape(tuple(value.shape[: value.dim() - dim]) + (-1,)).sum(-1)


def logits_to_probs(logits: Any, is_binary: bool = False) -> Any:
    """Probabilities from logits: sigmoid for binary, softmax over the last dim otherwise."""
    if is_binary:
        return torch.sigmoid(logits)
    return torch.nn.functional.softmax(logits, dim=-1)


def clamp_probs(probs: Any) -> Any:
    """Clamp into ``[eps, 1 - eps]`` of the dtype."""
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs: Any, is_binary: bool = False) -> Any:
    """Logits from probabilities (clamped away from 0 and 1)."""
    clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(clamped) - torch.log1p(-clamped)
    return torch.log(clamped)


class lazy_property:
    """A property computed once on first access and then stored on the instance."""

    def __init__(self, wrapped: Callable[[Any], Any]) -> None:
        self.wrapped = wrapped
        update_wrapper(self, wrapped)

    def __get__(self, instance: Any, obj_type: Any = None) -> Any:
        if instance is None:
            return _lazy_property_and_property(self.wrapped)
        with torch.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


class _lazy_property_and_property(lazy_property, property):
    def __init__(self, wrapped: Callable[[Any], Any]) -> None:
        property.__init__(self, wrapped)


def tril_matrix_to_vec(mat: Any, diag: int = 0) -> Any:
    """The lower triangle (on and below diagonal ``diag``) of the last two dims, row by row."""
    n = mat.shape[-1]
    if diag < -n or diag >= n:
        raise ValueError(f"diag ({diag}) provided is outside [{-n}, {n - 1}].")
    rows, cols = torch.tril_indices(n, n, offset=diag)
    return mat[..., rows, cols]


def vec_to_tril_matrix(vec: Any, diag: int = 0) -> Any:
    """The inverse of :func:`tril_matrix_to_vec`: a batch of D x D lower-triangular matrices."""
    root = (1 + 2 * diag) ** 2 + 8 * vec.shape[-1] + 4 * abs(diag) * (diag + 1)
    n = (-(1 + 2 * diag) + root**0.5) / 2
    if round(n) - n > torch.finfo(vec.dtype).eps:
        raise ValueError(
            f"The size of last dimension is {vec.shape[-1]} which cannot be expressed as "
            "the lower triangular part of a square D x D matrix."
        )
    n = round(n)
    rows, cols = torch.tril_indices(n, n, offset=diag)
    flat = torch.zeros(tuple(vec.shape[:-1]) + (n * n,), dtype=vec.dtype)
    flat = flat.index_add(-1, rows * n + cols, vec)
    return flat.reshape(tuple(vec.shape[:-1]) + (n, n))
