"""torch implementations of core's indexing functions.

torch slices have no negative steps (those axes are flipped after a positive-step slice)
and torch 2.13 has no indexing or scatter kernels for uint16/32/64: those arrays are
reinterpreted as the signed type of the same width (a bit view, lossless) around the
call; their "amax"/"amin" scatter compares in a sign-bit-flipped signed view, which
orders like the unsigned values.
"""

from __future__ import annotations

from typing import Any

import numpy
import torch

from core.backends.torch import core_dtypes, from_numpy, to_numpy
from core.ops.creation import _fill_scalar
from core.ops.indexing import (
    _basic_key,
    _checked_indices,
    _flat_positions,
    _last_writes,
    _mask_shape_matches,
    _positive_steps,
    _scatter_positions,
    _value_shape,
)

_SIGNED = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}
_REDUCE = {"add": "sum", "multiply": "prod", "amax": "amax", "amin": "amin"}


def _signed(x: torch.Tensor) -> torch.Tensor:
    signed = _SIGNED.get(x.dtype)
    return x if signed is None else x.view(signed)


def _value(value: Any, x: torch.Tensor) -> torch.Tensor:
    if not isinstance(value, torch.Tensor):
        if type(value) in (bool, int, float, complex):
            return from_numpy(_fill_scalar(value, core_dtypes[x.dtype]))
        value = from_numpy(numpy.asarray(value))
    if value.is_complex() and not x.is_complex():
        value = value.real
    return value.to(x.dtype)


def _lone_mask(x: torch.Tensor, key: Any) -> torch.Tensor | None:
    mask = key[0] if type(key) is tuple and len(key) == 1 else key
    if (
        isinstance(mask, torch.Tensor)
        and mask.dtype == torch.bool
        and _mask_shape_matches(tuple(x.shape), tuple(mask.shape))
    ):
        return mask
    return None


def _gather_flat(x: torch.Tensor, positions: numpy.ndarray) -> torch.Tensor:
    flat = torch.reshape(_signed(x), (-1,))
    return flat[torch.from_numpy(positions)].view(x.dtype)


def get_item(x: torch.Tensor, key: Any, /) -> torch.Tensor:
    if type(key) is int:  # the commonest key, checked inline
        if x.ndim:
            extent = x.shape[0]
            if -extent <= key < extent:
                return x[key]
    elif _plain_key(x, key):
        return x[key]
    basic = _basic_key(tuple(x.shape), key)
    if basic is not None:
        basic, flips = _positive_steps(basic)
        result = x[basic]
        return torch.flip(_signed(result), flips).view(x.dtype) if flips else result
    mask = _lone_mask(x, key)
    if mask is not None:
        return _signed(x)[mask].view(x.dtype)
    return _gather_flat(x, _flat_positions(tuple(x.shape), key))


def _plain_key(x: torch.Tensor, key: Any) -> bool:
    """An in-range int, a slice of ints (or None) with a positive step, or a tuple of such
    entries for the leading axes, which torch indexes as core does (the common ``x[3]``,
    ``x[2:5]``, ``m[1, 2]``, ``m[:, 1]``)."""
    kind = type(key)
    if kind is int:
        return x.ndim > 0 and -x.shape[0] <= key < x.shape[0]
    if kind is slice:
        return x.ndim > 0 and _plain_slice(key)
    if kind is not tuple or not key:
        return False
    shape = x.shape
    if len(key) > len(shape):
        return False
    for extent, entry in zip(shape, key):
        kind = type(entry)
        if kind is int:
            if not -extent <= entry < extent:
                return False
        elif kind is not slice or not _plain_slice(entry):
            return False
    return True


def _plain_slice(key: slice) -> bool:
    start, stop, step = key.start, key.stop, key.step
    return (
        (start is None or type(start) is int)
        and (stop is None or type(stop) is int)
        and (step is None or (type(step) is int and step > 0))
    )


def set_item(x: torch.Tensor, key: Any, value: Any, /) -> torch.Tensor:
    if _plain_key(x, key):
        # the common writes: a value of x's dtype that is 0-d or has the selection's shape,
        # or a Python float in range of a float32/float64 x (converted as _fill_scalar does)
        if type(value) is torch.Tensor:
            if value.dtype == x.dtype:
                result = x.clone()
                target = result[key]
                if not value.ndim or value.shape == target.shape:
                    target.copy_(value)
                    return result
        elif type(value) is float and (
            x.dtype == torch.float64 or (x.dtype == torch.float32 and -3.0e38 < value < 3.0e38)
        ):
            result = x.clone()
            result[key] = value
            return result
    shape = tuple(x.shape)
    value = _value(value, x)
    basic = _basic_key(shape, key)
    if basic is not None and _positive_steps(basic)[1] == ():
        result = x.clone()
        target = tuple(result[basic].shape)
        result[basic] = torch.reshape(value, _value_shape(tuple(value.shape), target))
        return result
    mask = _lone_mask(x, key)
    if mask is not None:
        rest = shape[mask.ndim :]
        if value.ndim <= len(rest):
            value = torch.reshape(value, _value_shape(tuple(value.shape), rest))
            return torch.where(torch.reshape(mask, mask.shape + (1,) * len(rest)), value, x)
    positions = _flat_positions(shape, key)
    value = torch.reshape(value, _value_shape(tuple(value.shape), positions.shape))
    value = torch.reshape(torch.broadcast_to(value, positions.shape), (-1,))
    positions = positions.reshape(-1)
    last = _last_writes(positions)
    if last is not None:
        positions, value = positions[last], value[torch.from_numpy(last)]
    result = torch.reshape(_signed(x), (-1,)).clone()
    result[torch.from_numpy(positions)] = _signed(value)
    return torch.reshape(result.view(x.dtype), shape)


def take(x: torch.Tensor, indices: torch.Tensor, /, *, axis: int | None = None) -> torch.Tensor:
    if axis is None:
        x, axis = torch.reshape(x, (-1,)), 0
    axis = axis % x.ndim if x.ndim else axis
    checked = _checked_indices(to_numpy(indices), x.shape[axis] if x.ndim else 0)
    selected = torch.index_select(_signed(x), axis, torch.from_numpy(checked.reshape(-1)))
    shape = tuple(x.shape[:axis]) + checked.shape + tuple(x.shape[axis + 1 :])
    return torch.reshape(selected, shape).view(x.dtype)


def _ordered(x: torch.Tensor) -> torch.Tensor:
    """Unsigned values as a signed view whose order is theirs (the sign bit flipped)."""
    signed = x.view(_SIGNED[x.dtype])
    return torch.bitwise_xor(signed, torch.iinfo(signed.dtype).min)


def scatter(
    x: torch.Tensor,
    axis: int,
    index: torch.Tensor,
    src: Any,
    /,
    *,
    reduce: str | None = None,
) -> torch.Tensor:
    index_np = to_numpy(index)
    shape = tuple(x.shape)
    positions = _scatter_positions(shape, axis, index_np, reduce, core_dtypes[x.dtype])
    values = torch.reshape(torch.broadcast_to(_value(src, x), index_np.shape), (-1,))
    if reduce is None:
        last = _last_writes(positions)
        if last is not None:
            positions, values = positions[last], values[torch.from_numpy(last)]
        result = torch.reshape(_signed(x), (-1,)).clone()
        result[torch.from_numpy(positions)] = _signed(values)
        return torch.reshape(result.view(x.dtype), shape)
    flat, values = torch.reshape(x, (-1,)), values
    if x.dtype == torch.bool:
        flat, values = flat.to(torch.int64), values.to(torch.int64)
    elif x.dtype in _SIGNED and reduce in ("amax", "amin"):
        flat, values = _ordered(flat), _ordered(values)
    else:
        flat, values = _signed(flat), _signed(values)
    result = flat.scatter_reduce(0, torch.from_numpy(positions), values, _REDUCE[reduce])
    if x.dtype == torch.bool:
        result = result != 0
    elif x.dtype in _SIGNED and reduce in ("amax", "amin"):
        result = torch.bitwise_xor(result, torch.iinfo(result.dtype).min).view(x.dtype)
    else:
        result = result.view(x.dtype)
    return torch.reshape(result, shape)
