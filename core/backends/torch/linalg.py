"""torch implementations of core's linalg functions (torch has no half-precision LAPACK)."""

from __future__ import annotations

import math
from typing import Any

import torch

from core import dtypes
from core.backends.torch import core_dtypes, native_dtypes, promote, version
from core.ops.linalg import (
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    _default_rtol,
    float_dtype_for,
    real_dtype_for,
    sum_dtype_for,
)
from core.support import with_unsupported_dtypes

_NO_HALVES = {"2.13 and below": ("float16", "bfloat16")}
_HALF = (torch.float16, torch.bfloat16)
_WIDE_UNSIGNED = (torch.uint16, torch.uint32, torch.uint64)


def _floating(x: torch.Tensor) -> torch.Tensor:
    """``x`` in the dtype a float-only function computes in (integers: default float)."""
    return x.to(native_dtypes[float_dtype_for(core_dtypes[x.dtype])])


def _single(x: torch.Tensor) -> torch.Tensor:
    """``x`` computed in at least single precision: halves and integers in float32."""
    x = _floating(x)
    return x.to(torch.float32) if x.dtype in _HALF else x


def _real_result(x: torch.Tensor, result: torch.Tensor) -> torch.Tensor:
    return result.to(native_dtypes[real_dtype_for(core_dtypes[x.dtype])])


@with_unsupported_dtypes(_NO_HALVES, version)
def cholesky(x: torch.Tensor, /, *, upper: bool = False) -> torch.Tensor:
    return torch.linalg.cholesky(_floating(x), upper=upper)


def cross(x1: torch.Tensor, x2: torch.Tensor, /, *, axis: int = -1) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    native = x1.dtype
    if native == torch.bool:
        raise TypeError("cross needs numeric inputs, got bool")
    if native in _HALF:
        x1, x2 = x1.to(torch.float32), x2.to(torch.float32)
    elif native in _WIDE_UNSIGNED:
        x1, x2 = x1.to(torch.int64), x2.to(torch.int64)
    x1, x2 = torch.broadcast_tensors(x1, x2)
    return torch.linalg.cross(x1, x2, dim=axis).to(native)


@with_unsupported_dtypes(_NO_HALVES, version)
def det(x: torch.Tensor, /) -> torch.Tensor:
    return torch.linalg.det(_floating(x))


def diagonal(x: torch.Tensor, /, *, offset: int = 0) -> torch.Tensor:
    return torch.diagonal(x, offset=offset, dim1=-2, dim2=-1)


@with_unsupported_dtypes(_NO_HALVES, version)
def eigh(x: torch.Tensor, /) -> EighResult:
    return EighResult(*torch.linalg.eigh(_floating(x)))


@with_unsupported_dtypes(_NO_HALVES, version)
def eigvalsh(x: torch.Tensor, /) -> torch.Tensor:
    return torch.linalg.eigvalsh(_floating(x))


@with_unsupported_dtypes(_NO_HALVES, version)
def eig(x: torch.Tensor, /) -> EigResult:
    return EigResult(*torch.linalg.eig(_floating(x)))


@with_unsupported_dtypes(_NO_HALVES, version)
def eigvals(x: torch.Tensor, /) -> torch.Tensor:
    return torch.linalg.eigvals(_floating(x))


@with_unsupported_dtypes(_NO_HALVES, version)
def inv(x: torch.Tensor, /) -> torch.Tensor:
    return torch.linalg.inv(_floating(x))


def matrix_norm(
    x: torch.Tensor,
    /,
    *,
    keepdims: bool = False,
    ord: Any = "fro",  # noqa: A002 (the standard names it ord)
) -> torch.Tensor:
    result = torch.linalg.matrix_norm(_single(x), ord=ord, keepdim=keepdims)
    return _real_result(x, result)


@with_unsupported_dtypes(_NO_HALVES, version)
def matrix_rank(x: torch.Tensor, /, *, rtol: Any = None) -> torch.Tensor:
    x = _floating(x)
    values = torch.linalg.svdvals(x)
    rtol = _default_rtol(x) if rtol is None else rtol[..., None]
    largest = values.amax(dim=-1, keepdim=True) if values.shape[-1] else torch.zeros(1)
    rank = torch.count_nonzero(values > largest * rtol, dim=-1)
    return rank.to(native_dtypes[dtypes.default_int_dtype()])


@with_unsupported_dtypes(_NO_HALVES, version)
def pinv(x: torch.Tensor, /, *, rtol: Any = None) -> torch.Tensor:
    x = _floating(x)
    return torch.linalg.pinv(x, rtol=_default_rtol(x) if rtol is None else rtol)


@with_unsupported_dtypes(_NO_HALVES, version)
def qr(x: torch.Tensor, /, *, mode: str = "reduced") -> QRResult:
    return QRResult(*torch.linalg.qr(_floating(x), mode=mode))


@with_unsupported_dtypes(_NO_HALVES, version)
def slogdet(x: torch.Tensor, /) -> SlogdetResult:
    return SlogdetResult(*torch.linalg.slogdet(_floating(x)))


@with_unsupported_dtypes(_NO_HALVES, version)
def solve(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    x1, x2 = _floating(x1), _floating(x2)
    if x2.ndim == 1:
        return torch.linalg.solve(x1, x2[:, None])[..., 0]
    # torch would read x2 of shape x1.shape[:-1] as a stack of vectors; the standard reads
    # every x2 of 2 or more dimensions as a stack of matrices
    batch = torch.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    x1 = x1.expand(*batch, *x1.shape[-2:])
    x2 = x2.expand(*batch, *x2.shape[-2:])
    return torch.linalg.solve(x1, x2)


@with_unsupported_dtypes(_NO_HALVES, version)
def svd(x: torch.Tensor, /, *, full_matrices: bool = True) -> SVDResult:
    return SVDResult(*torch.linalg.svd(_floating(x), full_matrices=full_matrices))


@with_unsupported_dtypes(_NO_HALVES, version)
def svdvals(x: torch.Tensor, /) -> torch.Tensor:
    return torch.linalg.svdvals(_floating(x))


def trace(x: torch.Tensor, /, *, offset: int = 0, dtype: Any = None) -> torch.Tensor:
    target = native_dtypes[sum_dtype_for(core_dtypes[x.dtype]) if dtype is None else dtype]
    values = torch.diagonal(x, offset=offset, dim1=-2, dim2=-1).to(target)
    if target in _HALF:
        return values.to(torch.float32).sum(dim=-1).to(target)
    if target in _WIDE_UNSIGNED:
        # torch cannot sum them; int64 sums wrap the same way
        return values.to(torch.int64).sum(dim=-1).to(target)
    return values.sum(dim=-1, dtype=target)


def vector_norm(
    x: torch.Tensor,
    /,
    *,
    axis: Any = None,
    keepdims: bool = False,
    ord: Any = 2,  # noqa: A002 (the standard names it ord)
) -> torch.Tensor:
    single = _single(x)
    if single.numel() == 0 and math.isinf(ord):
        raise ValueError("vector_norm with ord=inf or -inf of an empty array is undefined")
    result = torch.linalg.vector_norm(single, ord=ord, dim=axis, keepdim=keepdims)
    return _real_result(x, result)
