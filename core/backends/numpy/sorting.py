"""numpy implementations of core's sorting functions."""

from __future__ import annotations

import numpy

from core.backends.numpy.statistical import _ordered
from core.ops.sorting import TopKResult
from core.ops.statistical import _axis


def argsort(
    x: numpy.ndarray, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> numpy.ndarray:
    axis = _axis(axis, x.ndim)
    keys = _ordered(x)
    if not descending:
        return numpy.argsort(keys, axis=axis, kind="stable").astype(numpy.int64)
    # stable descending: sort the reversed array, reverse back, map the indices
    order = numpy.flip(numpy.argsort(numpy.flip(keys, axis), axis=axis, kind="stable"), axis)
    return (x.shape[axis] - 1 - order).astype(numpy.int64)


def sort(
    x: numpy.ndarray, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> numpy.ndarray:
    order = argsort(x, axis=axis, descending=descending)
    return numpy.take_along_axis(x, order, axis=axis)


def topk(
    x: numpy.ndarray,
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
    indices = numpy.take(argsort(x, axis=axis, descending=largest), numpy.arange(k), axis=axis)
    return TopKResult(numpy.take_along_axis(x, indices, axis=axis), indices)
