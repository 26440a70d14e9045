"""numpy implementations of core's manipulation functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

from core.backends.numpy import promote
from core.ops.manipulation import _expanded_shape, _squeezed_shape


def broadcast_arrays(*arrays: numpy.ndarray) -> list[numpy.ndarray]:
    return list(numpy.broadcast_arrays(*arrays))


def broadcast_to(x: numpy.ndarray, /, shape: Sequence[int]) -> numpy.ndarray:
    return numpy.broadcast_to(x, tuple(shape))


def concat(arrays: Sequence[numpy.ndarray], /, *, axis: int | None = 0) -> numpy.ndarray:
    arrays = promote(*arrays)
    if axis is None:
        arrays = [numpy.reshape(a, -1) for a in arrays]
        axis = 0
    return numpy.concatenate(arrays, axis=axis)


def expand_dims(x: numpy.ndarray, /, *, axis: int | tuple[int, ...] = 0) -> numpy.ndarray:
    return numpy.reshape(x, _expanded_shape(x.shape, axis))


def flip(x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None) -> numpy.ndarray:
    return numpy.asarray(numpy.flip(x, axis=axis))


def permute_dims(x: numpy.ndarray, /, axes: tuple[int, ...]) -> numpy.ndarray:
    if type(x) is numpy.ndarray:  # the method: numpy.transpose's dispatch costs more
        return x.transpose(axes)
    return numpy.transpose(x, axes)


def repeat(x: numpy.ndarray, repeats: Any, /, *, axis: int | None = None) -> numpy.ndarray:
    return numpy.repeat(x, repeats, axis=axis)


def reshape(
    x: numpy.ndarray, /, shape: Sequence[int], *, copy: bool | None = None
) -> numpy.ndarray:
    if copy is None and type(x) is numpy.ndarray:  # the method: numpy.reshape's dispatch
        return x.reshape(shape)  # costs more
    return numpy.reshape(x, tuple(shape), copy=copy)


def roll(
    x: numpy.ndarray,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> numpy.ndarray:
    return numpy.asarray(numpy.roll(x, shift, axis=axis))


def squeeze(x: numpy.ndarray, /, axis: int | tuple[int, ...]) -> numpy.ndarray:
    return numpy.reshape(x, _squeezed_shape(x.shape, axis))


def stack(arrays: Sequence[numpy.ndarray], /, *, axis: int = 0) -> numpy.ndarray:
    return numpy.stack(promote(*arrays), axis=axis)


def tile(x: numpy.ndarray, repetitions: tuple[int, ...], /) -> numpy.ndarray:
    return numpy.tile(x, repetitions)
