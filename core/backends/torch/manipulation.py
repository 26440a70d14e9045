"""torch implementations of core's manipulation functions.

torch 2.13 has no flip/repeat_interleave kernels for uint16/32/64; those arrays are
reinterpreted as the signed type of the same width (a bit view, lossless) around the call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy
import torch

from core.backends.torch import promote
from core.ops.manipulation import _axes, _expanded_shape, _squeezed_shape, _tile_plan

_SIGNED = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}


def _signed(x: torch.Tensor) -> torch.Tensor:
    signed = _SIGNED.get(x.dtype)
    return x if signed is None else x.view(signed)


def _check_broadcast(shape: tuple[int, ...], target: tuple[int, ...]) -> None:
    """Raise unless ``numpy.broadcast_shapes(shape, target) == target`` (checked in
    Python: numpy's function costs a microsecond)."""
    ok = len(shape) <= len(target)
    if ok:
        for extent in target:
            if extent < 0:
                ok = False
                break
        else:
            for have, want in zip(reversed(shape), reversed(target)):
                if have != want and have != 1:
                    ok = False
                    break
    if not ok:
        raise ValueError(
            f"cannot broadcast an array of shape {tuple(shape)} to shape {tuple(target)}"
        )


def _ints(values: tuple[Any, ...]) -> bool:
    """Whether every one of ``values`` is a Python int (a loop: ``all`` of a generator
    costs more than the call it guards)."""
    for value in values:
        if type(value) is not int:
            return False
    return True


def broadcast_arrays(*arrays: torch.Tensor) -> list[torch.Tensor]:
    numpy.broadcast_shapes(*(tuple(a.shape) for a in arrays))
    return list(torch.broadcast_tensors(*arrays))


def broadcast_to(x: torch.Tensor, /, shape: Sequence[int]) -> torch.Tensor:
    if type(shape) is not tuple or not _ints(shape):
        shape = tuple(int(extent) for extent in shape)
    _check_broadcast(x.shape, shape)
    return torch.broadcast_to(x, shape)


def concat(arrays: Sequence[torch.Tensor], /, *, axis: int | None = 0) -> torch.Tensor:
    arrays = promote(*arrays)
    if axis is None:
        return torch.cat([torch.reshape(a, (-1,)) for a in arrays])
    return torch.cat(arrays, dim=axis)


def split(
    x: torch.Tensor, indices_or_sections: Sequence[int], /, *, axis: int = 0
) -> list[torch.Tensor]:
    """Cut points in order within the axis (the handler's case): ``torch.tensor_split``'s
    views in one call."""
    return list(torch.tensor_split(x, list(indices_or_sections), dim=axis))


def _ordered_cuts(x: torch.Tensor, cuts: Any, axis: int = 0) -> bool:
    if isinstance(cuts, int) or type(axis) is not int or not -x.ndim <= axis < x.ndim:
        return False
    previous, length = 0, x.shape[axis]
    for cut in cuts:
        if type(cut) is not int or not previous <= cut <= length:
            return False
        previous = cut
    return True


split.partial_mixed_handler = _ordered_cuts  # type: ignore[attr-defined]


def expand_dims(x: torch.Tensor, /, *, axis: int | tuple[int, ...] = 0) -> torch.Tensor:
    return torch.reshape(x, _expanded_shape(tuple(x.shape), axis))


def flip(x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None) -> torch.Tensor:
    axes = tuple(range(x.ndim)) if axis is None else _axes(axis, x.ndim)
    return torch.flip(_signed(x), axes).view(x.dtype)


def permute_dims(x: torch.Tensor, /, axes: tuple[int, ...]) -> torch.Tensor:
    return torch.permute(x, axes if type(axes) is tuple else tuple(axes))


def repeat(x: torch.Tensor, repeats: Any, /, *, axis: int | None = None) -> torch.Tensor:
    if axis is None:
        x, axis = torch.reshape(x, (-1,)), 0
    if not isinstance(repeats, int):
        repeats = torch.as_tensor(
            numpy.asarray(repeats) if type(repeats) in (list, tuple) else repeats
        )
        repeats = repeats.to(torch.int64)
    return torch.repeat_interleave(_signed(x), repeats, dim=axis).view(x.dtype)


def reshape(x: torch.Tensor, /, shape: Sequence[int], *, copy: bool | None = None) -> torch.Tensor:
    if type(shape) is not tuple or not _ints(shape):
        shape = tuple(int(extent) for extent in shape)
    if copy is None:
        return torch.reshape(x, shape)
    if copy is False:
        try:
            return x.view(shape)
        except RuntimeError as error:
            raise ValueError(f"reshape with copy=False: {error}") from None
    result = torch.reshape(x, shape)
    return result.clone() if copy else result


def roll(
    x: torch.Tensor,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> torch.Tensor:
    if axis is None:
        return torch.roll(torch.reshape(x, (-1,)), shift).reshape(x.shape)
    return torch.roll(x, shift, axis)


def squeeze(x: torch.Tensor, /, axis: int | tuple[int, ...]) -> torch.Tensor:
    return torch.reshape(x, _squeezed_shape(tuple(x.shape), axis))


def stack(arrays: Sequence[torch.Tensor], /, *, axis: int = 0) -> torch.Tensor:
    return torch.stack(promote(*arrays), dim=axis)


def tile(x: torch.Tensor, repetitions: tuple[int, ...], /) -> torch.Tensor:
    shape, repetitions = _tile_plan(tuple(x.shape), repetitions)
    return torch.tile(torch.reshape(x, shape), repetitions)
