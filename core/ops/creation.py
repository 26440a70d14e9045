"""core's array creation functions (numpy's "Array creation routines")."""

from __future__ import annotations

from typing import Any

from core.array import Array, ArrayLike, NestedSequence
from core.registry import primary


@primary
def asarray(
    obj: ArrayLike | NestedSequence,
    /,
    *,
    dtype: Any = None,
    device: str | None = None,
    copy: bool | None = None,
) -> Array:
    """An array from an array, a Python scalar, a nested sequence or a buffer.

    With no ``dtype``, Python values take core's default dtype of their kind (float32 for
    floats, not numpy's float64); arrays keep theirs. ``copy=None`` copies only if needed.
    """
