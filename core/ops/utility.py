"""core's utility functions: all, any and diff."""

from __future__ import annotations

from core.array import Array, ArrayLike
from core.registry import primary


@primary
def all(  # noqa: A001
    x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Whether every element along ``axis`` is true (non-zero; nan counts as true)."""


@primary
def any(  # noqa: A001
    x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Whether any element along ``axis`` is true (non-zero; nan counts as true)."""


@primary
def diff(
    x: ArrayLike,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: ArrayLike | None = None,
    append: ArrayLike | None = None,
) -> Array:
    """The ``n``-th discrete difference along ``axis``.

    ``prepend`` and ``append`` are joined to ``x`` along ``axis`` first, all three promoted
    with core's table; a 0-d ``prepend``/``append`` (or Python scalar) is broadcast to one
    slice, as numpy does. Unsigned integers wrap around. For bool the difference is
    ``x[i+1] != x[i]`` (numpy's rule).
    """
