"""numpy implementations of core's linalg functions (numpy has no half-precision LAPACK)."""

from __future__ import annotations

import math
from typing import Any

import numpy

from core import dtypes
from core.backends.numpy import core_dtypes, native_dtypes, promote, version
from core.ops.linalg import (
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    _default_rtol,
    float_dtype_for,
    real_dtype_for,
    sum_dtype_for,
)
from core.support import with_unsupported_dtypes

_NO_HALVES = {"2.4.6 and below": ("float16", "bfloat16")}
_HALF = (native_dtypes["float16"], native_dtypes["bfloat16"])


def _floating(x: numpy.ndarray) -> numpy.ndarray:
    """``x`` in the dtype a float-only function computes in (integers: default float)."""
    target = native_dtypes[float_dtype_for(core_dtypes[x.dtype])]
    return x if x.dtype == target else x.astype(target)


def _single(x: numpy.ndarray) -> numpy.ndarray:
    """``x`` computed in at least single precision: halves and integers in float32."""
    x = _floating(x)
    return x.astype(numpy.float32) if x.dtype in _HALF else x


def _real_result(x: numpy.ndarray, result: Any) -> numpy.ndarray:
    return numpy.asarray(result, dtype=native_dtypes[real_dtype_for(core_dtypes[x.dtype])])


@with_unsupported_dtypes(_NO_HALVES, version)
def cholesky(x: numpy.ndarray, /, *, upper: bool = False) -> numpy.ndarray:
    return numpy.linalg.cholesky(_floating(x), upper=upper)


def cross(x1: numpy.ndarray, x2: numpy.ndarray, /, *, axis: int = -1) -> numpy.ndarray:
    x1, x2 = promote(x1, x2)
    if x1.dtype == numpy.bool_:
        raise TypeError("cross needs numeric inputs, got bool")
    native = x1.dtype
    if native in _HALF:
        x1, x2 = x1.astype(numpy.float32), x2.astype(numpy.float32)
    return numpy.asarray(numpy.linalg.cross(x1, x2, axis=axis)).astype(native, copy=False)


@with_unsupported_dtypes(_NO_HALVES, version)
def det(x: numpy.ndarray, /) -> numpy.ndarray:
    return numpy.asarray(numpy.linalg.det(_floating(x)))


def diagonal(x: numpy.ndarray, /, *, offset: int = 0) -> numpy.ndarray:
    return numpy.diagonal(x, offset=offset, axis1=-2, axis2=-1)


@with_unsupported_dtypes(_NO_HALVES, version)
def eigh(x: numpy.ndarray, /) -> EighResult:
    return EighResult(*numpy.linalg.eigh(_floating(x)))


@with_unsupported_dtypes(_NO_HALVES, version)
def eigvalsh(x: numpy.ndarray, /) -> numpy.ndarray:
    return numpy.linalg.eigvalsh(_floating(x))


def _complex(x: numpy.ndarray, values: numpy.ndarray) -> numpy.ndarray:
    target = numpy.complex128 if x.dtype in (numpy.float64, numpy.complex128) else numpy.complex64
    return values.astype(target, copy=False)


@with_unsupported_dtypes(_NO_HALVES, version)
def eig(x: numpy.ndarray, /) -> EigResult:
    x = _floating(x)
    values, vectors = numpy.linalg.eig(x)
    return EigResult(_complex(x, values), _complex(x, vectors))


@with_unsupported_dtypes(_NO_HALVES, version)
def eigvals(x: numpy.ndarray, /) -> numpy.ndarray:
    x = _floating(x)
    return _complex(x, numpy.linalg.eigvals(x))


@with_unsupported_dtypes(_NO_HALVES, version)
def inv(x: numpy.ndarray, /) -> numpy.ndarray:
    return numpy.linalg.inv(_floating(x))


def matrix_norm(
    x: numpy.ndarray,
    /,
    *,
    keepdims: bool = False,
    ord: Any = "fro",  # noqa: A002 (the standard names it ord)
) -> numpy.ndarray:
    result = numpy.linalg.matrix_norm(_single(x), keepdims=keepdims, ord=ord)
    return _real_result(x, result)


@with_unsupported_dtypes(_NO_HALVES, version)
def matrix_rank(x: numpy.ndarray, /, *, rtol: Any = None) -> numpy.ndarray:
    x = _floating(x)
    values = numpy.linalg.svdvals(x)
    if rtol is None:
        rtol = _default_rtol(x)
    else:
        rtol = numpy.asarray(rtol)[..., None]
    tolerance = numpy.max(values, axis=-1, keepdims=True, initial=0.0) * rtol
    rank = numpy.count_nonzero(values > tolerance, axis=-1)
    return numpy.asarray(rank, dtype=native_dtypes[dtypes.default_int_dtype()])


@with_unsupported_dtypes(_NO_HALVES, version)
def pinv(x: numpy.ndarray, /, *, rtol: Any = None) -> numpy.ndarray:
    x = _floating(x)
    return numpy.linalg.pinv(x, rtol=_default_rtol(x) if rtol is None else rtol)


@with_unsupported_dtypes(_NO_HALVES, version)
def qr(x: numpy.ndarray, /, *, mode: str = "reduced") -> QRResult:
    return QRResult(*numpy.linalg.qr(_floating(x), mode=mode))


@with_unsupported_dtypes(_NO_HALVES, version)
def slogdet(x: numpy.ndarray, /) -> SlogdetResult:
    sign, logabsdet = numpy.linalg.slogdet(_floating(x))
    return SlogdetResult(numpy.asarray(sign), numpy.asarray(logabsdet))


@with_unsupported_dtypes(_NO_HALVES, version)
def solve(x1: numpy.ndarray, x2: numpy.ndarray, /) -> numpy.ndarray:
    x1, x2 = promote(x1, x2)
    return numpy.linalg.solve(_floating(x1), _floating(x2))


@with_unsupported_dtypes(_NO_HALVES, version)
def svd(x: numpy.ndarray, /, *, full_matrices: bool = True) -> SVDResult:
    return SVDResult(*numpy.linalg.svd(_floating(x), full_matrices=full_matrices))


@with_unsupported_dtypes(_NO_HALVES, version)
def svdvals(x: numpy.ndarray, /) -> numpy.ndarray:
    return numpy.linalg.svdvals(_floating(x))


def trace(x: numpy.ndarray, /, *, offset: int = 0, dtype: Any = None) -> numpy.ndarray:
    target = native_dtypes[sum_dtype_for(core_dtypes[x.dtype]) if dtype is None else dtype]
    if x.dtype != target:
        x = x.astype(target)
    if x.dtype in _HALF:
        return numpy.asarray(numpy.linalg.trace(x.astype(numpy.float32), offset=offset)).astype(
            target
        )
    return numpy.asarray(numpy.linalg.trace(x, offset=offset, dtype=target))


def vector_norm(
    x: numpy.ndarray,
    /,
    *,
    axis: Any = None,
    keepdims: bool = False,
    ord: Any = 2,  # noqa: A002 (the standard names it ord)
) -> numpy.ndarray:
    single = _single(x)
    if single.size == 0 and math.isinf(ord):
        raise ValueError("vector_norm with ord=inf or -inf of an empty array is undefined")
    result = numpy.linalg.vector_norm(single, axis=axis, keepdims=keepdims, ord=ord)
    return _real_result(x, result)
