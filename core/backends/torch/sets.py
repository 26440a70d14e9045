"""torch implementations of core's set functions (torch.unique neither reports first
indices nor keeps nans distinct, so the stable-sort algorithm every backend uses)."""

from __future__ import annotations

import torch

from core.backends.torch import promote, version
from core.backends.torch.statistical import _ordered, _unordered
from core.ops.sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from core.support import with_unsupported_dtypes


def _unique(x: torch.Tensor) -> UniqueAllResult:
    flat = x.reshape(-1)
    size = flat.shape[0]
    sorted_keys, order = torch.sort(_ordered(flat), stable=True)
    starts = torch.ones(size, dtype=torch.bool)
    starts[1:] = sorted_keys[1:] != sorted_keys[:-1]
    group = torch.cumsum(starts.to(torch.int64), dim=0) - 1
    inverse = torch.empty(size, dtype=torch.int64)
    inverse[order] = group
    first = torch.nonzero(starts).reshape(-1)
    counts = torch.diff(first, append=torch.tensor([size]))
    values = _unordered(sorted_keys[first], x.dtype)
    return UniqueAllResult(values, order[first], inverse.reshape(x.shape), counts)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def unique_all(x: torch.Tensor, /) -> UniqueAllResult:
    return _unique(x)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def unique_counts(x: torch.Tensor, /) -> UniqueCountsResult:
    result = _unique(x)
    return UniqueCountsResult(result.values, result.counts)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def unique_inverse(x: torch.Tensor, /) -> UniqueInverseResult:
    result = _unique(x)
    return UniqueInverseResult(result.values, result.inverse_indices)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def unique_values(x: torch.Tensor, /) -> torch.Tensor:
    return _unique(x).values


def isin(x1: torch.Tensor, x2: torch.Tensor, /, *, invert: bool = False) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    if x1.is_complex():
        # no complex sort in torch: compare every pair
        found = (x1.reshape(-1, 1) == x2.reshape(1, -1)).any(dim=1).reshape(x1.shape)
        return found != invert
    needles = _ordered(x1)
    haystack = torch.sort(_ordered(x2).reshape(-1)).values  # nan last
    if haystack.numel() == 0:
        found = torch.zeros(x1.shape, dtype=torch.bool)
    else:
        index = torch.searchsorted(haystack, needles.reshape(-1)).clamp(max=haystack.numel() - 1)
        found = (haystack[index] == needles.reshape(-1)).reshape(x1.shape)
    return found != invert
