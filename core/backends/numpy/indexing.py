"""numpy implementations of core's indexing functions: numpy's own indexing is the rule."""

from __future__ import annotations

from typing import Any

import numpy

from core.backends.numpy import core_dtypes
from core.ops.creation import _fill_scalar
from core.ops.indexing import (
    _basic_key,
    _checked_indices,
    _flat_positions,
    _last_writes,
    _mask_shape_matches,
    _scatter_positions,
    _value_shape,
)


def _value(value: Any, x: numpy.ndarray) -> numpy.ndarray:
    if not isinstance(value, numpy.ndarray):
        if type(value) in (bool, int, float, complex):
            return _fill_scalar(value, core_dtypes[x.dtype])
        value = numpy.asarray(value)
    if value.dtype.kind == "c" and x.dtype.kind != "c":
        value = value.real
    return value.astype(x.dtype, copy=False)


def get_item(x: numpy.ndarray, key: Any, /) -> numpy.ndarray:
    result = x[key]
    return result if type(result) is numpy.ndarray else numpy.asarray(result)


def set_item(x: numpy.ndarray, key: Any, value: Any, /) -> numpy.ndarray:
    value = _value(value, x)
    basic = _basic_key(x.shape, key)
    mask = key[0] if type(key) is tuple and len(key) == 1 else key
    if basic is None and not (
        isinstance(mask, numpy.ndarray)
        and mask.dtype == numpy.bool_
        and _mask_shape_matches(x.shape, mask.shape)
    ):
        # integer arrays may repeat a position: numpy leaves the order of such writes
        # unspecified, so only the last write to each position is made
        positions = _flat_positions(x.shape, key)
        value = numpy.broadcast_to(
            numpy.reshape(value, _value_shape(value.shape, positions.shape)), positions.shape
        ).reshape(-1)
        positions = positions.reshape(-1)
        last = _last_writes(positions)
        if last is not None:
            positions, value = positions[last], value[last]
        result = x.copy().reshape(-1)
        result[positions] = value
        return result.reshape(x.shape)
    result = x.copy()
    target = numpy.shape(result[key if basic is None else basic])
    result[key if basic is None else basic] = numpy.reshape(
        value, _value_shape(value.shape, target)
    )
    return result


def take(x: numpy.ndarray, indices: numpy.ndarray, /, *, axis: int | None = None) -> numpy.ndarray:
    if axis is None:
        x, axis = numpy.reshape(x, -1), 0
    indices = _checked_indices(numpy.asarray(indices), x.shape[axis] if x.ndim else 0)
    return numpy.asarray(numpy.take(x, indices, axis=axis))


_UFUNCS = {
    "add": numpy.add,
    "multiply": numpy.multiply,
    "amax": numpy.maximum,
    "amin": numpy.minimum,
}


def scatter(
    x: numpy.ndarray,
    axis: int,
    index: numpy.ndarray,
    src: Any,
    /,
    *,
    reduce: str | None = None,
) -> numpy.ndarray:
    index = numpy.asarray(index)
    positions = _scatter_positions(x.shape, axis, index, reduce, core_dtypes[x.dtype])
    values = numpy.broadcast_to(_value(src, x), index.shape).reshape(-1)
    result = x.copy().reshape(-1)
    if reduce is None:
        last = _last_writes(positions)
        if last is not None:
            positions, values = positions[last], values[last]
        result[positions] = values
    elif x.dtype == numpy.bool_ and reduce in ("add", "multiply"):
        (numpy.logical_or if reduce == "add" else numpy.logical_and).at(result, positions, values)
    else:
        _UFUNCS[reduce].at(result, positions, values)
    return result.reshape(x.shape)
