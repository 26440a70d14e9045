"""numpy implementations of core's utility functions."""

from __future__ import annotations

import numpy

from core.backends.numpy import promote
from core.ops.statistical import _axes, _axis


def all(  # noqa: A001
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    return numpy.asarray(numpy.all(x != 0, axis=_axes(axis, x.ndim), keepdims=keepdims))


def any(  # noqa: A001
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    return numpy.asarray(numpy.any(x != 0, axis=_axes(axis, x.ndim), keepdims=keepdims))


def diff(
    x: numpy.ndarray,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: numpy.ndarray | None = None,
    append: numpy.ndarray | None = None,
) -> numpy.ndarray:
    axis = _axis(axis, x.ndim)
    if n < 0:
        raise ValueError(f"core.diff needs n >= 0, got {n}")
    parts = [p for p in (prepend, x, append) if p is not None]
    parts = list(promote(*parts))
    edge = list(x.shape)
    edge[axis] = 1
    parts = [numpy.broadcast_to(p, edge) if p.ndim == 0 else p for p in parts]
    joined = numpy.concatenate(parts, axis=axis) if len(parts) > 1 else parts[0]
    return numpy.diff(joined, n=n, axis=axis)
