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
