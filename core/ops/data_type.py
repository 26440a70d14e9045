"""core's data-type functions: casting and promoting arrays.

The dtype objects, promotion table, ``result_type`` and ``can_cast`` live in
:mod:`core.dtypes`; the functions here act on arrays.
"""

from __future__ import annotations

from typing import Any

from core import dtypes, native
from core.array import Array, ArrayLike
from core.registry import compositional, primary


@primary
def astype(x: ArrayLike, dtype: Any, /, *, copy: bool = True, device: str | None = None) -> Array:
    """``x`` cast to ``dtype``. Complex to real keeps the real part on every backend."""


@compositional
def promote_types_of_inputs(x1: ArrayLike, x2: ArrayLike, /) -> tuple[Array, Array]:
    """``x1`` and ``x2`` cast to their common dtype (:func:`core.result_type`).

    A Python scalar takes the array's dtype when it is of the same kind or lower.
    """
    common = dtypes.result_type(x1, x2)
    return native.astype(x1, common, copy=False), native.astype(x2, common, copy=False)


@compositional
def type_promote_arrays(*arrays: ArrayLike) -> tuple[Array, ...]:
    """Every array cast to the dtype all of them promote to."""
    common = dtypes.result_type(*arrays)
    return tuple(native.astype(x, common, copy=False) for x in arrays)
