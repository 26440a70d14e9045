"""torch implementations of core's data-type functions."""

from __future__ import annotations

from typing import Any

import torch

from core.backends.torch import native_dtypes


def astype(
    x: torch.Tensor, dtype: Any, /, *, copy: bool = True, device: str | None = None
) -> torch.Tensor:
    native = native_dtypes[dtype]
    if x.is_complex() and not native.is_complex:
        x = x.real
    result = x.to(native)
    return result.clone() if copy and result is x else result


def bitcast(x: torch.Tensor, dtype: Any, /) -> torch.Tensor:
    target = native_dtypes[dtype]
    if x.dtype.itemsize > target.itemsize:
        return x.contiguous().unsqueeze(-1).view(target)
    viewed = x.contiguous().view(target)
    return viewed.squeeze(-1) if target.itemsize > x.dtype.itemsize else viewed
