"""numpy implementations of core's data-type functions."""

from __future__ import annotations

from typing import Any

import numpy

from core.backends.numpy import native_dtypes


def astype(
    x: numpy.ndarray, dtype: Any, /, *, copy: bool = True, device: str | None = None
) -> numpy.ndarray:
    native = native_dtypes[dtype]
    if x.dtype.kind == "c" and native.kind != "c":
        x = x.real
    if copy is True:  # numpy's default: no keyword to parse (half a small cast's cost)
        return x.astype(native)
    return x.astype(native, copy=copy)


def bitcast(x: numpy.ndarray, dtype: Any, /) -> numpy.ndarray:
    target = native_dtypes[dtype]
    contiguous = x if x.flags.c_contiguous else x.copy()
    if x.dtype.itemsize > target.itemsize:
        return contiguous[..., None].view(target)
    viewed = contiguous.view(target)
    return viewed[..., 0] if target.itemsize > x.dtype.itemsize else viewed
