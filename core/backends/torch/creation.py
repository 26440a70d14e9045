"""torch implementations of core's creation functions."""

from __future__ import annotations

from typing import Any

import numpy
import torch

from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.torch import from_numpy, native_dtypes


def asarray(
    obj: Any, /, *, dtype: Any = None, device: str | None = None, copy: bool | None = None
) -> torch.Tensor:
    if dtype is None:
        dtype = inferred_dtype(obj)
    obj = foreign_to_numpy(obj, (torch.Tensor,))
    native = None if dtype is None else native_dtypes[dtype]
    if isinstance(obj, numpy.ndarray):
        obj = from_numpy(obj)
    if isinstance(obj, torch.Tensor):
        result = obj.to(native) if native is not None else obj
        return result.clone() if copy and result is obj else result
    return torch.tensor(obj, dtype=native, device=device)
