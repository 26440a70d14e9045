"""numpy implementations of core's searching functions."""

from __future__ import annotations

from typing import Literal

import numpy

from core.backends import direct
from core.backends.numpy import promote
from core.backends.numpy.statistical import _ordered
from core.ops.statistical import _axes, _check_nonempty


def argmax(
    x: numpy.ndarray, /, *, axis: int | None = None, keepdims: bool = False
) -> numpy.ndarray:
    _check_nonempty(x.shape, _axes(axis, x.ndim), "argmax")
    return numpy.asarray(numpy.argmax(_ordered(x), axis=axis, keepdims=keepdims), numpy.int64)


def argmin(
    x: numpy.ndarray, /, *, axis: int | None = None, keepdims: bool = False
) -> numpy.ndarray:
    _check_nonempty(x.shape, _axes(axis, x.ndim), "argmin")
    return numpy.asarray(numpy.argmin(_ordered(x), axis=axis, keepdims=keepdims), numpy.int64)


def count_nonzero(
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    axes = _axes(axis, x.ndim)
    return numpy.asarray(numpy.sum(x != 0, axis=axes, keepdims=keepdims, dtype=numpy.int64))


def nonzero(x: numpy.ndarray, /) -> tuple[numpy.ndarray, ...]:
    if x.ndim == 0:
        raise ValueError("core.nonzero needs an array of at least one dimension")
    return tuple(indices.astype(numpy.int64) for indices in numpy.nonzero(x != 0))


def searchsorted(
    x1: numpy.ndarray,
    x2: numpy.ndarray,
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: numpy.ndarray | None = None,
) -> numpy.ndarray:
    if x1.ndim != 1:
        raise ValueError(f"core.searchsorted needs a 1-D x1, got {x1.ndim} dimensions")
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right', got {side!r}")
    x1, x2 = promote(x1, x2)
    if sorter is not None:
        x1 = numpy.take(x1, sorter)
    return numpy.asarray(numpy.searchsorted(_ordered(x1), _ordered(x2), side=side), numpy.int64)


@direct(numpy.where, mask=True)
def where(condition: numpy.ndarray, x1: numpy.ndarray, x2: numpy.ndarray, /) -> numpy.ndarray:
    if type(x1) is not numpy.ndarray or type(x2) is not numpy.ndarray or x1.dtype != x2.dtype:
        x1, x2 = promote(x1, x2)
    if condition.dtype != numpy.bool_:
        condition = condition.astype(bool)
    return numpy.where(condition, x1, x2)
