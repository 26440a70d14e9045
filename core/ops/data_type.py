"""core's data-type functions: casting and promoting arrays.

The dtype objects, promotion table, ``result_type`` and ``can_cast`` live in
:mod:`core.dtypes`; the functions here act on arrays.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from core import dtypes, native
from core.array import Array, ArrayLike
from core.autodiff import defvjp, nondifferentiable
from core.registry import compositional, primary


@primary
def astype(x: ArrayLike, dtype: Any, /, *, copy: bool = True, device: str | None = None) -> Array:
    """``x`` cast to ``dtype``. Complex to real keeps the real part on every backend."""


@primary
def bitcast(x: ArrayLike, dtype: Any, /) -> Array:
    """``x``'s bytes read as ``dtype`` (``lax.bitcast_convert_type`` and ``tf.bitcast``'s
    shapes): to a narrower dtype the result gains a last axis of the width ratio; to a wider
    one the last axis must be that ratio and is dropped. Not differentiable."""


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


# ---------------------------------------------------------------------------------------
# standalone convenience functions: they inspect dtypes and touch no array
# ---------------------------------------------------------------------------------------
class finfo_object(NamedTuple):
    """Machine limits of a floating (or complex: of its real part) dtype."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: dtypes.Dtype


class iinfo_object(NamedTuple):
    """Machine limits of an integer dtype."""

    bits: int
    max: int
    min: int
    dtype: dtypes.Dtype


def _numpy_dtype(dtype: dtypes.Dtype) -> Any:
    import ml_dtypes
    import numpy

    return numpy.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else numpy.dtype(str(dtype))


def finfo(type: Any, /) -> finfo_object:  # noqa: A002 - the standard's name
    """Limits of a floating dtype (or of an array's); complex dtypes give their real part's."""
    import ml_dtypes

    dtype = dtypes._as_dtype(getattr(type, "dtype", type))
    if dtype.kind == "c":
        dtype = dtypes.float32 if dtype == dtypes.complex64 else dtypes.float64
    if dtype.kind != "f":
        raise TypeError(f"finfo needs a floating or complex dtype, got {dtype}")
    info = ml_dtypes.finfo(_numpy_dtype(dtype))
    return finfo_object(
        bits=int(info.bits),
        eps=float(info.eps),
        max=float(info.max),
        min=float(info.min),
        smallest_normal=float(info.smallest_normal),
        dtype=dtype,
    )


def iinfo(type: Any, /) -> iinfo_object:  # noqa: A002 - the standard's name
    """Limits of an integer dtype (or of an array's)."""
    import numpy

    dtype = dtypes._as_dtype(getattr(type, "dtype", type))
    if not dtype.is_int_dtype:
        raise TypeError(f"iinfo needs an integer dtype, got {dtype}")
    info = numpy.iinfo(_numpy_dtype(dtype))
    return iinfo_object(bits=int(info.bits), max=int(info.max), min=int(info.min), dtype=dtype)


_KINDS = {
    "bool": "b",
    "signed integer": "i",
    "unsigned integer": "u",
    "integral": "iu",
    "real floating": "f",
    "complex floating": "c",
    "numeric": "iufc",
}


def isdtype(dtype: Any, kind: Any) -> bool:
    """Whether ``dtype`` is of ``kind``: a dtype, a kind name of the standard, or a tuple."""
    dtype = dtypes._as_dtype(dtype)
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str) and kind in _KINDS:
        return dtype.kind in _KINDS[kind]
    return dtype == dtypes._as_dtype(kind)


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff): the engine casts the cotangent back to ``x``'s dtype
# ---------------------------------------------------------------------------------------
defvjp(astype, lambda g, y, x, dtype, *, copy=True, device=None: (g,))
nondifferentiable(bitcast)
