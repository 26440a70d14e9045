"""numpy's logic functions that are not ufuncs (numpy docs, "Logic functions").

``isclose`` is numpy's own formula written with this frontend's ufuncs, so its dtypes
(``b`` made inexact with ``result_type(b, 1.0)``, float16 staying float16) and its
scalar results are numpy's. ``allclose``, ``array_equal`` and ``array_equiv`` return Python
bools, as numpy does (they read one value back from the backend).

``isfortran`` is False for every frontend array: the backend owns the memory layout and
frontend arrays report C order (a real numpy array passed in answers from its own flags).
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.base.host import HostInput
from frontends.numpy._core import umath
from frontends.numpy._core._conversion import as_native
from frontends.numpy._core.multiarray import asarray, ndarray
from frontends.numpy._frontend import ArrayLike, functions, numpy_function
from frontends.numpy.sorting import _axis

__all__ = [
    "all", "allclose", "any", "array_equal", "array_equiv", "iscomplex", "iscomplexobj",
    "isfortran", "isclose", "isneginf", "isposinf", "isreal", "isrealobj",
]  # fmt: skip


def _axes(axis: Any, ndim: int) -> Any:
    """``None`` or a tuple of distinct axes in ``range(ndim)``."""
    if axis is None:
        return None
    items = axis if isinstance(axis, tuple | list) else (axis,)
    axes = tuple(_axis(item, ndim) for item in items)
    if len(set(axes)) != len(axes):
        raise ValueError("duplicate value in 'axis'")
    return axes


def _truth(a: Any, where: Any, fill: builtins.bool) -> Any:
    """``a != 0`` with ``fill`` where ``where`` is false."""
    if core.as_core_dtype(a.dtype) != core.bool:
        a = ops.not_equal(a, ops.zeros((), dtype=core.as_core_dtype(a.dtype)))
    if where is True:
        return a
    mask = ops.astype(as_native(where), core.bool)
    shape = tuple(int(e) for e in a.shape)
    try:
        mask = ops.broadcast_to(mask, shape)
    except Exception:
        raise ValueError(
            f"operands could not be broadcast together with remapped shapes "
            f"{tuple(int(e) for e in mask.shape)} and requested shape {shape}"
        ) from None
    return ops.logical_or(a, ops.logical_not(mask)) if fill else ops.logical_and(a, mask)


@numpy_function(returns_scalars=True)
def _reduce(a: ArrayLike, axis: Any, keepdims: Any, where: Any, name: str) -> Any:
    axes = _axes(axis, len(a.shape))
    truth = _truth(a, where, name == "all")
    return getattr(ops, name)(truth, axis=axes, keepdims=builtins.bool(keepdims))


def _with_out(result: Any, out: Any) -> Any:
    if out is None:
        return result
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    functions.write_out(out, as_native(result))
    return out


def all(
    a: Any, axis: Any = None, out: Any = None, keepdims: builtins.bool = False, *,
    where: Any = True,
) -> Any:  # fmt: skip
    """numpy.all (NaN counts as true); ``where`` false counts as true."""
    return _with_out(_reduce(a, axis, keepdims, where, "all"), out)


def any(
    a: Any, axis: Any = None, out: Any = None, keepdims: builtins.bool = False, *,
    where: Any = True,
) -> Any:  # fmt: skip
    """numpy.any (NaN counts as true); ``where`` false counts as false."""
    return _with_out(_reduce(a, axis, keepdims, where, "any"), out)


def _operand(value: Any) -> Any:
    if type(value) in (builtins.bool, int, float, complex):
        return value
    return value if isinstance(value, ndarray) else asarray(value)


def isclose(
    a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: builtins.bool = False
) -> Any:
    """numpy.isclose: ``|a - b| <= atol + rtol * |b|`` (``b`` made inexact first), equal
    values (infinities) close, NaNs close only with ``equal_nan``."""
    x, y, atol, rtol = (_operand(v) for v in (a, b, atol, rtol))
    shapes = [v.shape for v in (x, y, atol, rtol) if isinstance(v, ndarray)]
    try:
        numpy.broadcast_shapes(*shapes)  # shape bookkeeping: numpy's error before any work
    except ValueError:
        raise ValueError(
            "operands could not be broadcast together with shapes "
            + " ".join(str(shape) for shape in shapes[:2])
        ) from None
    if isinstance(y, ndarray):
        dtype = numpy.result_type(y.dtype, 1.0)  # dtype metadata only
        if y.dtype != dtype:
            y = y.astype(dtype)
    elif type(y) is int:
        y = float(y)
    with numpy.errstate(invalid="ignore"):
        result = umath.bitwise_or(
            umath.bitwise_and(
                umath.less_equal(
                    umath.absolute(umath.subtract(x, y)),
                    umath.add(atol, umath.multiply(rtol, umath.absolute(y))),
                ),
                umath.isfinite(y),
            ),
            umath.equal(x, y),
        )
        if equal_nan:
            result = umath.bitwise_or(result, umath.bitwise_and(umath.isnan(x), umath.isnan(y)))
    if isinstance(result, ndarray) and result.ndim == 0:
        return result[()]
    return result


def allclose(
    a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: builtins.bool = False
) -> builtins.bool:
    """numpy.allclose: whether ``isclose`` holds everywhere (a Python bool)."""
    return builtins.bool(all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def array_equal(a1: Any, a2: Any, equal_nan: builtins.bool = False) -> builtins.bool:
    """numpy.array_equal: same shape and elements (NaNs equal with ``equal_nan``)."""
    try:
        x, y = as_native(a1), as_native(a2)
    except HostInput:  # strings, dates: numpy's own (frontends.base.host)
        raise
    except Exception:
        return False
    if tuple(x.shape) != tuple(y.shape):
        return False
    x_kind, y_kind = core.as_core_dtype(x.dtype).kind, core.as_core_dtype(y.dtype).kind
    equal = as_native(umath.equal(ndarray._from_native(x), ndarray._from_native(y)))
    if equal_nan and (x_kind in "fc" or y_kind in "fc"):
        nan_x, nan_y = ops.isnan(x) if x_kind in "fc" else None, None
        nan_y = ops.isnan(y) if y_kind in "fc" else None
        nan_x = nan_x if nan_x is not None else ops.zeros(tuple(x.shape), dtype=core.bool)
        nan_y = nan_y if nan_y is not None else ops.zeros(tuple(y.shape), dtype=core.bool)
        same = ops.logical_and(ops.all(ops.equal(nan_x, nan_y)), ops.all(
            ops.logical_or(equal, nan_x)
        ))  # fmt: skip
        return builtins.bool(same)
    return builtins.bool(ops.all(equal))


def array_equiv(a1: Any, a2: Any) -> builtins.bool:
    """numpy.array_equiv: shape-consistent (broadcastable) and equal elements."""
    try:
        x, y = as_native(a1), as_native(a2)
    except HostInput:  # strings, dates: numpy's own (frontends.base.host)
        raise
    except Exception:
        return False
    try:
        numpy.broadcast_shapes(tuple(x.shape), tuple(y.shape))
    except ValueError:
        return False
    equal = as_native(umath.equal(ndarray._from_native(x), ndarray._from_native(y)))
    return builtins.bool(ops.all(equal))


def isreal(x: Any) -> Any:
    """numpy.isreal: whether each element has a zero imaginary part (a Python bool for a
    Python scalar, whose own ``.imag`` numpy reads)."""
    if type(x) in (builtins.bool, int, float, complex):
        return x.imag == 0
    return _isreal(x)


@numpy_function(returns_scalars=True)
def _isreal(x: ArrayLike) -> Any:
    if core.as_core_dtype(x.dtype).kind != "c":
        return ops.ones(tuple(x.shape), dtype=core.bool)
    return ops.equal(ops.imag(x), ops.zeros((), dtype=core.as_core_dtype(ops.imag(x).dtype)))


@numpy_function(returns_scalars=True)
def iscomplex(x: ArrayLike) -> Any:
    """numpy.iscomplex: whether each element has a non-zero imaginary part (False for
    real dtypes)."""
    if core.as_core_dtype(x.dtype).kind != "c":
        return ops.zeros(tuple(x.shape), dtype=core.bool)
    imag = ops.imag(x)
    return ops.not_equal(imag, ops.zeros((), dtype=core.as_core_dtype(imag.dtype)))


def _dtype_of(x: Any) -> numpy.dtype:
    dtype = getattr(x, "dtype", None)
    if dtype is not None:
        try:
            return numpy.dtype(dtype)
        except TypeError:
            return numpy.dtype(str(core.as_core_dtype(dtype)))
    return numpy.asarray(x).dtype


def iscomplexobj(x: Any) -> builtins.bool:
    """numpy.iscomplexobj: whether ``x``'s dtype is complex (values are not looked at)."""
    return _dtype_of(x).kind == "c"


def isrealobj(x: Any) -> builtins.bool:
    """numpy.isrealobj: not ``iscomplexobj``."""
    return not iscomplexobj(x)


def _signed_inf(x: Any, out: Any, negative: builtins.bool) -> Any:
    if isinstance(x, FrontendArray):
        native = x.native
    else:
        native = as_native(x)
    if core.as_core_dtype(native.dtype).kind == "c":
        raise TypeError(
            "This operation is not supported for complex values because it would be ambiguous."
        )
    wrapped = ndarray._from_native(native)
    sign = umath.signbit(wrapped) if negative else umath.logical_not(umath.signbit(wrapped))
    if out is None:
        return umath.logical_and(umath.isinf(wrapped), sign)
    return umath.logical_and(umath.isinf(wrapped), sign, out=out)


def isneginf(x: Any, out: Any = None) -> Any:
    """numpy.isneginf: whether each element is negative infinity."""
    return _signed_inf(x, out, True)


def isposinf(x: Any, out: Any = None) -> Any:
    """numpy.isposinf: whether each element is positive infinity."""
    return _signed_inf(x, out, False)


def isfortran(a: Any) -> builtins.bool:
    """numpy.isfortran: Fortran-contiguous and not C-contiguous (always False for frontend
    arrays, which report C order; see the module docstring)."""
    if isinstance(a, numpy.ndarray):
        return builtins.bool(a.flags.fnc)
    if not isinstance(a, ndarray):
        raise AttributeError(f"'{type(a).__name__}' object has no attribute 'flags'")
    return builtins.bool(a.flags.f_contiguous and not a.flags.c_contiguous)
