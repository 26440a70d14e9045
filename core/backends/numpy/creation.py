"""numpy implementations of core's creation functions."""

from __future__ import annotations

from typing import Any

import numpy

from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.numpy import native_dtypes


def asarray(
    obj: Any, /, *, dtype: Any = None, device: str | None = None, copy: bool | None = None
) -> numpy.ndarray:
    if dtype is None:
        dtype = inferred_dtype(obj)
    obj = foreign_to_numpy(obj, (numpy.ndarray,))
    native = None if dtype is None else native_dtypes[dtype]
    return numpy.array(obj, dtype=native, copy=copy)
