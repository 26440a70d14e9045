"""core's array creation functions (numpy's "Array creation routines").

Default dtypes follow the Array API standard with core's defaults: ``arange`` of Python
ints gives :func:`core.default_int_dtype` (int64), of floats :func:`core.default_float_dtype`
(float32, not numpy's float64); ``full`` takes the default dtype of ``fill_value``'s kind;
``zeros``/``ones``/``empty``/``eye`` take :func:`core.default_dtype`. Values that are
computed (``arange`` and ``linspace`` of floats, ``logspace``) are computed in float64
(complex128) on every backend and then cast, so every backend gives numpy's values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy

from core import dtypes, native
from core.array import Array, ArrayLike, NestedSequence
from core.autodiff import defvjp, nondifferentiable
from core.backends import _wrap_scalar
from core.dtypes import Dtype
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


@primary
def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> Array:
    """Evenly spaced values in ``[start, stop)``; ``arange(n)`` is ``arange(0, n)``.

    With no dtype: the default int dtype when all arguments are ints, else the default float
    dtype (numpy would give float64). Float values are ``start + i * step`` in float64, then
    cast, on every backend.
    """


@primary
def empty(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> Array:
    """An array of ``shape``. Its values are zeros on every backend (the standard leaves them
    unspecified; zeros keep results reproducible)."""


@primary
def empty_like(x: ArrayLike, /, *, dtype: Any = None, device: str | None = None) -> Array:
    """An array of ``x``'s shape (and dtype unless given), filled with zeros (see empty)."""


@primary
def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: Any = None,
    device: str | None = None,
) -> Array:
    """A ``n_rows`` x ``n_cols`` array with ones on the ``k``-th diagonal, zeros elsewhere."""


@primary
def from_dlpack(x: Any, /, *, device: str | None = None, copy: bool | None = None) -> Array:
    """An array of this backend from any object with ``__dlpack__`` (another framework's
    array, a core.Array), sharing memory where the framework can."""


@primary
def full(
    shape: int | Sequence[int],
    fill_value: bool | int | float | complex,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> Array:
    """An array of ``shape`` filled with ``fill_value``.

    With no dtype: bool for a bool, else core's default dtype of the value's kind (``full(s,
    1.5)`` is float32, not numpy's float64). An int too wide for an integer dtype wraps.
    """


@primary
def full_like(
    x: ArrayLike,
    /,
    fill_value: bool | int | float | complex,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> Array:
    """An array of ``x``'s shape (and dtype unless given) filled with ``fill_value``."""


@primary
def linspace(
    start: int | float | complex,
    stop: int | float | complex,
    /,
    num: int,
    *,
    dtype: Any = None,
    device: str | None = None,
    endpoint: bool = True,
) -> Array:
    """``num`` evenly spaced values from ``start`` to ``stop`` (included if ``endpoint``).

    With no dtype: the default complex dtype if either end is complex, else the default
    float dtype. Values are computed in float64/complex128 as numpy does, then cast; an
    integer dtype takes the floor, as in numpy 2.
    """


@primary
def logspace(
    start: int | float,
    stop: int | float,
    /,
    num: int,
    *,
    base: float = 10.0,
    dtype: Any = None,
    device: str | None = None,
    endpoint: bool = True,
) -> Array:
    """``base ** linspace(start, stop, num)``, computed in float64, then cast.

    Not in the standard; numpy's ``logspace`` with the standard's keyword style. The default
    dtype is the default float dtype (numpy gives float64).
    """


@primary
def meshgrid(*arrays: ArrayLike, indexing: str = "xy") -> list[Array]:
    """Coordinate matrices from 1-D coordinate arrays (``indexing`` "xy" or "ij").

    Each output keeps its input's dtype, as in numpy.
    """


@primary
def ones(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> Array:
    """An array of ``shape`` filled with ones (default dtype :func:`core.default_dtype`)."""


@primary
def ones_like(x: ArrayLike, /, *, dtype: Any = None, device: str | None = None) -> Array:
    """An array of ``x``'s shape (and dtype unless given) filled with ones."""


@primary
def tril(x: ArrayLike, /, *, k: int = 0) -> Array:
    """The lower triangle of the last two axes of ``x``: zeros above the ``k``-th diagonal."""


@primary
def triu(x: ArrayLike, /, *, k: int = 0) -> Array:
    """The upper triangle of the last two axes of ``x``: zeros below the ``k``-th diagonal."""


@primary
def zeros(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> Array:
    """An array of ``shape`` filled with zeros (default dtype :func:`core.default_dtype`)."""


@primary
def zeros_like(x: ArrayLike, /, *, dtype: Any = None, device: str | None = None) -> Array:
    """An array of ``x``'s shape (and dtype unless given) filled with zeros."""


# ---------------------------------------------------------------------------------------
# helpers the backends share: argument checks and default dtypes, pure Python
# ---------------------------------------------------------------------------------------
def _shape(shape: int | Sequence[int]) -> tuple[int, ...]:
    """``shape`` as a tuple of ints; negative extents are a ValueError."""
    result = (int(shape),) if isinstance(shape, int | numpy.integer) else tuple(map(int, shape))
    if any(extent < 0 for extent in result):
        raise ValueError(f"negative dimensions are not allowed, got shape {result}")
    return result


def _arange_plan(
    start: Any, stop: Any, step: Any, dtype: Dtype | None
) -> tuple[Any, Any, int, Dtype, bool]:
    """(start, step, length, dtype, integral) for arange; ``integral`` when the values are
    computed with integers (every argument an int and an integer dtype)."""
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ValueError("arange: step must not be zero")
    if dtype is None:
        dtype = dtypes.result_type(start, stop, step)
    integral = all(isinstance(v, int | numpy.integer) for v in (start, stop, step))
    if integral:
        length = len(range(int(start), int(stop), int(step)))
    else:
        length = max(0, math.ceil((stop - start) / step))
    return start, step, length, dtype, integral and dtype.is_int_dtype


def _linspace_plan(
    start: Any, stop: Any, num: int, endpoint: bool, dtype: Dtype | None
) -> tuple[Any, Dtype, bool]:
    """(step, dtype, complex) for linspace: values are ``i * step + start`` computed in
    complex128 when ``complex`` else float64, with the last one set to ``stop`` when
    ``endpoint`` (numpy's algorithm)."""
    if num < 0:
        raise ValueError(f"linspace: num must be non-negative, got {num}")
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    if dtype is None:
        dtype = dtypes.default_complex_dtype() if is_complex else dtypes.default_float_dtype()
    divisions = num - 1 if endpoint else num
    step = (stop - start) / divisions if divisions > 0 else 0.0
    return step, dtype, is_complex or dtype.is_complex_dtype


def _fill_scalar(fill_value: Any, dtype: Dtype) -> numpy.ndarray:
    """``fill_value`` as a 0-d numpy array of ``dtype``: ints wrap into integer dtypes,
    complex values lose their imaginary part in real dtypes (as astype does)."""
    from core import current_backend
    from core.backends.numpy import native_dtypes

    backend = current_backend()
    if not isinstance(fill_value, numpy.ndarray) and isinstance(
        fill_value, backend.native_array_types
    ):  # a native: torch's (and tensorflow's) bfloat16 have no numpy.asarray
        fill_value = backend.module.to_numpy(fill_value)
    if type(fill_value) is int:
        fill_value = _wrap_scalar(fill_value, dtype)
    if isinstance(fill_value, complex) and not dtype.is_complex_dtype:
        fill_value = fill_value.real
    return numpy.asarray(fill_value).astype(native_dtypes[dtype])


def _meshgrid_shapes(
    sizes: Sequence[int], indexing: str
) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    """For meshgrid of 1-D arrays of ``sizes``: the shape each input is reshaped to, and
    the common shape all are broadcast to (the first two axes swapped for "xy")."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', got {indexing!r}")
    axes = list(range(len(sizes)))
    if indexing == "xy" and len(sizes) > 1:
        axes[0], axes[1] = 1, 0
    target = [0] * len(sizes)
    shapes = []
    for axis, size in zip(axes, sizes):
        target[axis] = size
        shape = [1] * len(sizes)
        shape[axis] = size
        shapes.append(tuple(shape))
    return shapes, tuple(target)


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff)
# ---------------------------------------------------------------------------------------
defvjp(tril, lambda g, y, x, *, k=0: (native.tril(g, k=k),))
defvjp(triu, lambda g, y, x, *, k=0: (native.triu(g, k=k),))
nondifferentiable(empty_like, full_like, ones_like, zeros_like, meshgrid)
