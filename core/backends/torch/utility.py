"""torch implementations of core's utility functions."""

from __future__ import annotations

import torch

from core.backends.torch import promote
from core.backends.torch.statistical import _reduce_over
from core.ops.statistical import _axes, _axis

_WIDENED = (torch.uint16, torch.uint32)


def all(  # noqa: A001
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    return _reduce_over(torch.all, x != 0, _axes(axis, x.ndim), keepdims)


def any(  # noqa: A001
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    return _reduce_over(torch.any, x != 0, _axes(axis, x.ndim), keepdims)


def diff(
    x: torch.Tensor,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: torch.Tensor | None = None,
    append: torch.Tensor | None = None,
) -> torch.Tensor:
    axis = _axis(axis, x.ndim)
    if n < 0:
        raise ValueError(f"core.diff needs n >= 0, got {n}")
    parts = list(promote(*[p for p in (prepend, x, append) if p is not None]))
    edge = list(x.shape)
    edge[axis] = 1
    parts = [torch.broadcast_to(p, edge) if p.ndim == 0 else p for p in parts]
    dtype = parts[0].dtype
    # uint16/32 subtract as int64 (then wrap back), uint64 as its int64 bit pattern
    if dtype in _WIDENED:
        parts = [p.to(torch.int64) for p in parts]
    elif dtype == torch.uint64:
        parts = [p.view(torch.int64) for p in parts]
    result = torch.cat(parts, dim=axis) if len(parts) > 1 else parts[0]
    for _ in range(n):
        length = result.shape[axis]
        if length == 0:
            break
        later, earlier = result.narrow(axis, 1, length - 1), result.narrow(axis, 0, length - 1)
        result = later != earlier if dtype == torch.bool else later - earlier
    if dtype == torch.uint64:
        return result.view(torch.uint64)
    return result.to(dtype)
