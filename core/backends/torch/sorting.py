"""torch implementations of core's sorting functions (uints are sorted through int64 keys
that keep their order; complex has no sort kernel in torch)."""

from __future__ import annotations

import torch

from core.backends.torch import version
from core.backends.torch.statistical import _ordered, _unordered
from core.ops.sorting import TopKResult
from core.ops.statistical import _axis
from core.support import with_unsupported_dtypes


def _sorted(x: torch.Tensor, axis: int, descending: bool) -> tuple[torch.Tensor, torch.Tensor]:
    keys, order = torch.sort(
        _ordered(x), dim=_axis(axis, x.ndim), descending=descending, stable=True
    )
    return _unordered(keys, x.dtype), order


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def argsort(
    x: torch.Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> torch.Tensor:
    return _sorted(x, axis, descending)[1]


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def sort(
    x: torch.Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> torch.Tensor:
    return _sorted(x, axis, descending)[0]


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def topk(
    x: torch.Tensor,
    k: int,
    /,
    *,
    axis: int = -1,
    largest: bool = True,
    sorted: bool = True,  # noqa: A002
) -> TopKResult:
    axis = _axis(axis, x.ndim)
    if not 0 <= k <= x.shape[axis]:
        raise ValueError(f"core.topk: k={k} is out of range for an axis of length {x.shape[axis]}")
    values, indices = _sorted(x, axis, largest)
    return TopKResult(values.narrow(axis, 0, k), indices.narrow(axis, 0, k))
