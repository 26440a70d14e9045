"""torch._dynamo._trace_wrapped_higher_order_op: :class:`TransformGetItemToIndex`."""

from __future__ import annotations

from typing import Any

__all__ = ["TransformGetItemToIndex"]


class TransformGetItemToIndex:
    """In torch, a mode under which ``A[i]`` with a 0-d tensor ``i`` indexes by the tensor
    instead of converting it to a Python int (which ``vmap`` cannot do). The frontend's
    indexing never converts a tensor index to a Python int, so the mode changes nothing."""

    def __enter__(self) -> TransformGetItemToIndex:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        return None
