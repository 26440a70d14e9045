"""torch implementations of core's searching functions."""

from __future__ import annotations

from typing import Literal

import torch

from core.backends import direct
from core.backends.torch import promote, version
from core.backends.torch.statistical import _ordered, _reduce_over
from core.ops.statistical import _axes, _axis, _check_nonempty
from core.support import with_unsupported_dtypes


def _arg_extreme(function: str, x: torch.Tensor, axis: int | None, keepdims: bool) -> torch.Tensor:
    _check_nonempty(tuple(x.shape), _axes(axis, x.ndim), function)
    keys = _ordered(x)
    if axis is None:
        result = getattr(torch, function)(keys.reshape(-1))
        return result.reshape((1,) * x.ndim) if keepdims else result
    return getattr(torch, function)(keys, dim=_axis(axis, x.ndim), keepdim=keepdims)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def argmax(x: torch.Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> torch.Tensor:
    return _arg_extreme("argmax", x, axis, keepdims)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def argmin(x: torch.Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> torch.Tensor:
    return _arg_extreme("argmin", x, axis, keepdims)


def count_nonzero(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    nonzero_mask = (x != 0).to(torch.int64)
    return _reduce_over(torch.sum, nonzero_mask, _axes(axis, x.ndim), keepdims)


def nonzero(x: torch.Tensor, /) -> tuple[torch.Tensor, ...]:
    if x.ndim == 0:
        raise ValueError("core.nonzero needs an array of at least one dimension")
    return torch.nonzero(x != 0, as_tuple=True)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def searchsorted(
    x1: torch.Tensor,
    x2: torch.Tensor,
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: torch.Tensor | None = None,
) -> torch.Tensor:
    if x1.ndim != 1:
        raise ValueError(f"core.searchsorted needs a 1-D x1, got {x1.ndim} dimensions")
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right', got {side!r}")
    x1, x2 = promote(x1, x2)
    keys = _ordered(x1)
    if sorter is not None:
        keys = torch.take(keys, sorter.to(torch.int64))
    values = _ordered(x2).reshape(-1)
    result = torch.searchsorted(keys, values, right=side == "right")
    return result.reshape(x2.shape)


@direct(torch.where, mask=True)
def where(condition: torch.Tensor, x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    if not (type(x1) is type(x2) is torch.Tensor and x1.dtype == x2.dtype):
        x1, x2 = promote(x1, x2)
    if condition.dtype != torch.bool:
        condition = condition.to(torch.bool)
    return torch.where(condition, x1, x2)
