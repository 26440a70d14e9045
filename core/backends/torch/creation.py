"""torch implementations of core's creation functions.

torch 2.13 has no arange/eye/tril kernels for uint16/32/64: those values are made in a
signed type of the same width (reinterpreting the bits of ``tril``'s input, which is
lossless) or in int64 and cast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy
import torch

from core import dtypes
from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.torch import core_dtypes, from_numpy, native_dtypes
from core.ops.creation import (
    _arange_plan,
    _fill_scalar,
    _linspace_plan,
    _meshgrid_shapes,
    _shape,
)

_SIGNED = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}


def asarray(
    obj: Any, /, *, dtype: Any = None, device: str | None = None, copy: bool | None = None
) -> torch.Tensor:
    if dtype is None:
        if type(obj) is numpy.ndarray and obj.dtype.kind in "biufc" and not copy:
            return from_numpy(obj)  # the common case of the general path below
        dtype = inferred_dtype(obj)
    obj = foreign_to_numpy(obj, (torch.Tensor,))
    native = None if dtype is None else native_dtypes[dtype]
    if isinstance(obj, numpy.ndarray):
        obj = from_numpy(obj)
    if isinstance(obj, torch.Tensor):
        result = obj.to(native) if native is not None else obj
        return result.clone() if copy and result is obj else result
    return torch.tensor(obj, dtype=native, device=device)


_EXACT = 2**52  # ints whose range torch.arange sizes exactly (it divides in double)


def arange(
    start: Any,
    /,
    stop: Any = None,
    step: Any = 1,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> torch.Tensor:
    if dtype is dtypes.int64 and type(start) is int and type(stop) is int and type(step) is int:
        if abs(start) < _EXACT and abs(stop) < _EXACT and abs(step) < _EXACT:
            if (step > 0 and stop >= start) or (step < 0 and stop <= start):  # torch's checks
                return torch.arange(start, stop, step, dtype=torch.int64)  # as below, one call
    start, step, length, dtype, integral = _arange_plan(start, stop, step, dtype)
    wide = torch.int64 if integral else torch.float64
    values = torch.arange(length, dtype=wide) * step + start
    return values.to(native_dtypes[dtype])


def _filled(shape: Any, value: int, dtype: Any) -> torch.Tensor:
    """zeros/ones (``value`` 0 or 1). A tuple or int ``shape`` and a core dtype go straight
    to torch.zeros/ones (size as a keyword: torch parses it fastest), which checks the
    extents; any other shape, or one torch refuses, goes through core's checks."""
    native = native_dtypes.get(dtype)
    if native is not None:
        size = (shape,) if type(shape) is int else shape
        if type(size) is tuple:
            try:
                if value:
                    return torch.ones(size=size, dtype=native)
                return torch.zeros(size=size, dtype=native)
            except (RuntimeError, TypeError):
                pass
    native = native_dtypes[dtypes.default_dtype(dtype=dtype)]
    return torch.full(_shape(shape), value, dtype=native)


def empty(
    shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None
) -> torch.Tensor:
    return _filled(shape, 0, dtype)


def empty_like(x: torch.Tensor, /, *, dtype: Any = None, device: str | None = None) -> torch.Tensor:
    return zeros_like(x, dtype=dtype)


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: Any = None,
    device: str | None = None,
) -> torch.Tensor:
    n_cols = n_rows if n_cols is None else n_cols
    rows = torch.arange(n_rows).reshape(-1, 1)
    mask = torch.arange(n_cols).reshape(1, -1) == rows + k
    return mask.to(native_dtypes[dtypes.default_dtype(dtype=dtype)])


def from_dlpack(x: Any, /, *, device: str | None = None, copy: bool | None = None) -> torch.Tensor:
    return torch.from_dlpack(x, copy=copy)


def _full(shape: tuple[int, ...], fill_value: Any, dtype: Any) -> torch.Tensor:
    scalar = from_numpy(_fill_scalar(fill_value, dtype).reshape(1))
    return scalar.reshape(()).expand(shape).clone()


# dtypes torch.full fills exactly as core does: a Python float into a float type (one
# rounding), a Python int into any of them (torch refuses what would wrap: core's path)
_FULL_NATIVE = frozenset(
    (torch.float32, torch.float64, torch.int8, torch.int16, torch.int32, torch.int64)
)


def full(
    shape: int | Sequence[int],
    fill_value: Any,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> torch.Tensor:
    native = native_dtypes.get(dtype)
    if native in _FULL_NATIVE and type(shape) is tuple:
        kind = type(fill_value)
        if kind is int or (kind is float and native.is_floating_point):
            try:
                return torch.full(shape, fill_value, dtype=native)
            except (RuntimeError, TypeError, OverflowError):
                pass
    return _full(_shape(shape), fill_value, dtypes.default_dtype(dtype=dtype, item=fill_value))


def full_like(
    x: torch.Tensor, /, fill_value: Any, *, dtype: Any = None, device: str | None = None
) -> torch.Tensor:
    return _full(tuple(x.shape), fill_value, core_dtypes[x.dtype] if dtype is None else dtype)


def linspace(
    start: Any,
    stop: Any,
    /,
    num: int,
    *,
    dtype: Any = None,
    device: str | None = None,
    endpoint: bool = True,
) -> torch.Tensor:
    step, dtype, is_complex = _linspace_plan(start, stop, num, endpoint, dtype)
    wide = torch.complex128 if is_complex else torch.float64
    values = torch.arange(num, dtype=torch.float64).to(wide) * step + start
    if endpoint and num > 1:
        values[-1] = stop
    if dtype.is_int_dtype:
        values = torch.floor(values)
    return values.to(native_dtypes[dtype])


def logspace(
    start: Any,
    stop: Any,
    /,
    num: int,
    *,
    base: float = 10.0,
    dtype: Any = None,
    device: str | None = None,
    endpoint: bool = True,
) -> torch.Tensor:
    exponents = linspace(start, stop, num, dtype=dtypes.float64, endpoint=endpoint)
    values = torch.pow(torch.tensor(float(base), dtype=torch.float64), exponents)
    return values.to(native_dtypes[dtypes.default_dtype(dtype=dtype)])


def meshgrid(*arrays: torch.Tensor, indexing: str = "xy") -> list[torch.Tensor]:
    # torch's meshgrid needs one dtype; numpy keeps each input's, so broadcast by hand
    flat = [torch.reshape(a, (-1,)) for a in arrays]
    shapes, target = _meshgrid_shapes([a.shape[0] for a in flat], indexing)
    return [torch.reshape(a, s).expand(target).contiguous() for a, s in zip(flat, shapes)]


def ones(
    shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None
) -> torch.Tensor:
    native = native_dtypes.get(dtype)
    if native is not None and type(shape) is tuple:  # the common case, inline (as _filled)
        try:
            return torch.ones(size=shape, dtype=native)
        except (RuntimeError, TypeError):
            pass
    return _filled(shape, 1, dtype)


def ones_like(x: torch.Tensor, /, *, dtype: Any = None, device: str | None = None) -> torch.Tensor:
    if dtype is None:
        return torch.ones_like(x)
    return _filled(tuple(x.shape), 1, dtype)


def _triangle(function: Any, x: torch.Tensor, k: int) -> torch.Tensor:
    signed = _SIGNED.get(x.dtype)
    if signed is None:
        return function(x, diagonal=k)
    return function(x.view(signed), diagonal=k).view(x.dtype)


def tril(x: torch.Tensor, /, *, k: int = 0) -> torch.Tensor:
    return _triangle(torch.tril, x, k)


def triu(x: torch.Tensor, /, *, k: int = 0) -> torch.Tensor:
    return _triangle(torch.triu, x, k)


def zeros(
    shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None
) -> torch.Tensor:
    native = native_dtypes.get(dtype)
    if native is not None and type(shape) is tuple:  # the common case, inline (as _filled)
        try:
            return torch.zeros(size=shape, dtype=native)
        except (RuntimeError, TypeError):
            pass
    return _filled(shape, 0, dtype)


def zeros_like(x: torch.Tensor, /, *, dtype: Any = None, device: str | None = None) -> torch.Tensor:
    if dtype is None:
        return torch.zeros_like(x)
    return _filled(tuple(x.shape), 0, dtype)
