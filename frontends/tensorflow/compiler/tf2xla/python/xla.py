"""``tensorflow.compiler.tf2xla.python.xla``: the XLA ops TF exposes by path."""

from __future__ import annotations

from typing import Any

from core import native as ops
from frontends.tensorflow._common import host_ints, native, wrap
from frontends.tensorflow._tensor import Tensor

__all__ = ["dynamic_update_slice"]


def dynamic_update_slice(input: Any, update: Any, indices: Any, name: Any = None) -> Tensor:
    """XLA's DynamicUpdateSlice: ``update`` written into ``input`` at ``indices``, each
    start clamped so that the update fits (XLA's rule)."""
    x, u = native(input), native(update)
    starts = host_ints(indices)
    key = []
    for start, size, dim in zip(starts, u.shape, x.shape):
        start = min(max(start, 0), dim - size)
        key.append(slice(start, start + size))
    return wrap(ops.set_item(x, tuple(key), u))
