"""Conversions between what users hand numpy and the backend's native arrays."""

from __future__ import annotations

from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.base.host import HOST_KINDS, to_host
from frontends.numpy._core import numerictypes as nt

__all__ = ["as_native", "as_scalar", "dtype_of", "to_host"]


def as_native(value: Any, dtype: Any = None) -> Any:
    """Anything numpy takes as an array, as a native array of the backend in use.

    Frontend arrays give their value; the backend's arrays pass through; everything else
    (lists, numpy arrays and scalars, Python scalars, other frameworks' arrays, objects
    with ``__array__``) goes through ``numpy.asarray`` first, so dtypes are inferred as
    numpy infers them (Python floats are float64, ints int64).
    """
    if isinstance(value, FrontendArray):
        value = value.native
        if type(value) is numpy.ndarray and value.dtype.kind in HOST_KINDS:
            raise nt.HostDtypeError(f"a host-held array of dtype {value.dtype!r}")
    elif not isinstance(value, (state := core.current_backend()).native_array_types):
        host = (
            numpy.asarray(value)
            if dtype is None
            else numpy.asarray(value, dtype=nt.as_dtype(dtype))
        )
        nt.as_core(host.dtype)  # a clear error for strings, objects, datetimes
        if not host.dtype.isnative:  # big-endian data: the backends take the native order
            host = host.astype(host.dtype.newbyteorder("="))
        # (the numpy backend's native array is numpy's: core's asarray would pass it on)
        return host if state.name == "numpy" else ops.asarray(host)
    elif (
        type(value) is numpy.ndarray
        and value.dtype.kind not in "biufc"
        and value.dtype.name != "bfloat16"  # a core dtype (the jax frontend's, on numpy)
    ):  # strings on numpy
        nt.as_core(value.dtype)
    if dtype is not None:
        target = nt.as_core(dtype)
        if core.as_core_dtype(value.dtype) != target:
            value = ops.astype(value, target)
    return value


def as_scalar(value: Any) -> numpy.generic:
    """A 0-d native array as the numpy scalar of its dtype."""
    if type(value) is numpy.ndarray:  # the numpy backend's: on the host already
        return value[()]
    return to_host(value)[()]


def dtype_of(native: Any) -> core.Dtype:
    """The core dtype of a native array of any backend; a host-held one (strings, objects,
    dates) raises :class:`~frontends.numpy._core.numerictypes.HostDtypeError`, so that the
    call meeting it runs on real numpy."""
    if type(native) is numpy.ndarray and native.dtype.kind in HOST_KINDS:
        raise nt.HostDtypeError(f"a host-held array of dtype {native.dtype!r}")
    return core.as_core_dtype(native.dtype)
