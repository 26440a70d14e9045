"""torch implementations of core's main-namespace linear algebra functions.

torch has no bool or uint16/32/64 products, and its einsum fails on int8 sums: every
integer product is computed in int64 (bit-exact modulo the width, since products and sums
wrap the same way) and cast back, bool as ``!= 0``.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch

from core.backends import direct
from core.backends.torch import promote

_VIA_INT64 = (
    torch.int8,
    torch.int16,
    torch.int32,
    torch.uint8,
    torch.uint16,
    torch.uint32,
    torch.uint64,
)
_HALF = (torch.float16, torch.bfloat16)


def _products(function, *arrays: torch.Tensor) -> torch.Tensor:
    """``function`` of ``arrays`` promoted with core's table; halves summed in float32 and
    rounded back, the dtypes torch cannot multiply computed in int64."""
    arrays = promote(*arrays)
    native = arrays[0].dtype
    if native in _HALF:
        return function(*(a.to(torch.float32) for a in arrays)).to(native)
    if native == torch.bool:
        return function(*(a.to(torch.int64) for a in arrays)) != 0
    if native in _VIA_INT64:
        return function(*(a.to(torch.int64) for a in arrays)).to(native)
    return function(*arrays).to(native)


@direct(torch.matmul)
def matmul(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul does not take 0-d operands")
    return _products(torch.matmul, x1, x2)


def matrix_transpose(x: torch.Tensor, /) -> torch.Tensor:
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.ndim}")
    return torch.transpose(x, -1, -2)


def tensordot(
    x1: torch.Tensor,
    x2: torch.Tensor,
    /,
    *,
    axes: int | tuple[Sequence[int], Sequence[int]] = 2,
) -> torch.Tensor:
    if not isinstance(axes, int):
        axes = (list(axes[0]), list(axes[1]))
    return _products(lambda a, b: torch.tensordot(a, b, dims=axes), x1, x2)


def vecdot(x1: torch.Tensor, x2: torch.Tensor, /, *, axis: int = -1) -> torch.Tensor:
    return _products(lambda a, b: torch.sum(torch.conj(a) * b, dim=axis), x1, x2)


def einsum(subscripts: str, /, *operands: torch.Tensor) -> torch.Tensor:
    return _products(lambda *arrays: torch.einsum(subscripts, *arrays), *operands)


def outer(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    return _products(lambda a, b: torch.outer(a.reshape(-1), b.reshape(-1)), x1, x2)


def inner(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    return _products(torch.inner, x1, x2)


def kron(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    return _products(torch.kron, x1, x2)
