"""numpy.lib.stride_tricks on any backend.

A backend's array has no strides to set, so both functions gather: the element each
position of the result reads in numpy (the array taken C-contiguous, as the frontend's
``strides`` report it) is taken from the flattened array. The result is a new array, not
a view: writing to it does not reach ``x`` (numpy's ``sliding_window_view`` is read-only
anyway), and ``as_strided`` raises ``IndexError`` where numpy would read outside the
array's memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

from frontends.numpy._core.multiarray import asarray, ndarray
from frontends.numpy.indexing import take
from frontends.numpy.manipulation import ravel

__all__ = ["as_strided", "sliding_window_view"]


def _gather(x: ndarray, index: numpy.ndarray) -> ndarray:
    return take(ravel(x), asarray(index.astype(numpy.intp, copy=False)))


def as_strided(x: Any, shape: Sequence[int] | None = None, strides: Sequence[int] | None = None,
               subok: bool = False, writeable: bool = True) -> ndarray:  # fmt: skip
    """numpy.lib.stride_tricks.as_strided, gathered (a copy; strides in bytes, multiples
    of the item size)."""
    x = asarray(x)
    shape = tuple(x.shape) if shape is None else tuple(int(n) for n in shape)
    strides = tuple(x.strides) if strides is None else tuple(int(s) for s in strides)
    if len(strides) != len(shape):
        raise ValueError("mismatch in length of strides and shape")
    index = numpy.zeros(shape, dtype=numpy.intp)
    for axis, (size, stride) in enumerate(zip(shape, strides)):
        if stride % x.itemsize:
            raise ValueError(f"strides {strides} are not multiples of the item size {x.itemsize}")
        steps = numpy.arange(size, dtype=numpy.intp) * (stride // x.itemsize)
        index = index + steps.reshape([-1 if i == axis else 1 for i in range(len(shape))])
    return _gather(x, index)


def sliding_window_view(x: Any, window_shape: int | Sequence[int], axis: Any = None, *,
                        subok: bool = False, writeable: bool = False) -> ndarray:  # fmt: skip
    """numpy.lib.stride_tricks.sliding_window_view, gathered: numpy's own function on the
    positions of ``x`` gives each window's positions (and numpy's errors)."""
    x = asarray(x)
    positions = numpy.arange(x.size, dtype=numpy.intp).reshape(x.shape)
    windows = numpy.lib.stride_tricks.sliding_window_view(positions, window_shape, axis)
    return _gather(x, windows)
