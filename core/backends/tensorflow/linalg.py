"""tensorflow implementations of core's linalg functions.

tf.linalg works on the last two axes without broadcasting batch dimensions, has no
bfloat16 kernels and float16 ones only for ``inv`` and ``qr``; norms, ``cross``,
``pinv`` and ``matrix_rank`` are written here from its primitives.
"""

from __future__ import annotations

import math
from typing import Any

import tensorflow as tf

from core import dtypes
from core.backends.tensorflow import core_dtypes, native_dtypes, promote, version
from core.errors import ShapeMismatchError
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

_NO_HALVES = {"2.21.0 and below": ("float16", "bfloat16")}
_NO_BFLOAT16 = {"2.21.0 and below": ("bfloat16",)}
_HALF = (tf.float16, tf.bfloat16)
_UNSIGNED = (tf.uint8, tf.uint16, tf.uint32, tf.uint64)


def _floating(x: tf.Tensor) -> tf.Tensor:
    """``x`` in the dtype a float-only function computes in (integers: default float)."""
    return tf.cast(x, native_dtypes[float_dtype_for(core_dtypes[x.dtype])])


def _single(x: tf.Tensor) -> tf.Tensor:
    """``x`` computed in at least single precision: halves and integers in float32."""
    x = _floating(x)
    return tf.cast(x, tf.float32) if x.dtype in _HALF else x


def _real_result(x: tf.Tensor, result: tf.Tensor) -> tf.Tensor:
    return tf.cast(result, native_dtypes[real_dtype_for(core_dtypes[x.dtype])])


def _adjoint(x: tf.Tensor) -> tf.Tensor:
    return tf.linalg.adjoint(x) if x.dtype.is_complex else tf.linalg.matrix_transpose(x)


def _broadcast_batch(x1: tf.Tensor, x2: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor]:
    """Both stacks of matrices broadcast to their common batch shape."""
    batch = tf.broadcast_static_shape(x1.shape[:-2], x2.shape[:-2]).as_list()
    return (
        tf.broadcast_to(x1, batch + x1.shape[-2:].as_list()),
        tf.broadcast_to(x2, batch + x2.shape[-2:].as_list()),
    )


def _square(x: tf.Tensor, name: str) -> None:
    if x.shape.rank < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"{name} needs (a stack of) square matrices, got {x.shape.as_list()}")


@with_unsupported_dtypes(_NO_HALVES, version)
def cholesky(x: tf.Tensor, /, *, upper: bool = False) -> tf.Tensor:
    x = _floating(x)
    _square(x, "cholesky")
    lower = tf.linalg.cholesky(x)
    return _adjoint(lower) if upper else lower


def cross(x1: tf.Tensor, x2: tf.Tensor, /, *, axis: int = -1) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    native = x1.dtype
    if native == tf.bool:
        raise TypeError("cross needs numeric inputs, got bool")
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(f"cross needs size 3 along axis {axis}, got {x1.shape} and {x2.shape}")
    if native in _HALF:
        x1, x2 = tf.cast(x1, tf.float32), tf.cast(x2, tf.float32)
    elif native in _UNSIGNED or native in (tf.int8, tf.int16):
        x1, x2 = tf.cast(x1, tf.int64), tf.cast(x2, tf.int64)
    shape = tf.broadcast_static_shape(x1.shape, x2.shape)
    a0, a1, a2 = tf.unstack(tf.broadcast_to(x1, shape), axis=axis)
    b0, b1, b2 = tf.unstack(tf.broadcast_to(x2, shape), axis=axis)
    result = tf.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=axis)
    return tf.cast(result, native)


@with_unsupported_dtypes(_NO_HALVES, version)
def det(x: tf.Tensor, /) -> tf.Tensor:
    x = _floating(x)
    _square(x, "det")
    return tf.linalg.det(x)


def diagonal(x: tf.Tensor, /, *, offset: int = 0) -> tf.Tensor:
    rows, columns = x.shape[-2], x.shape[-1]
    length = max(0, min(rows + min(offset, 0), columns - max(offset, 0)))
    if length == 0:
        return tf.zeros(x.shape[:-2].as_list() + [0], dtype=x.dtype)
    return tf.linalg.diag_part(x, k=offset)


@with_unsupported_dtypes(_NO_HALVES, version)
def eigh(x: tf.Tensor, /) -> EighResult:
    x = _floating(x)
    values, vectors = tf.linalg.eigh(x)
    return EighResult(_real_result(x, values), vectors)


@with_unsupported_dtypes(_NO_HALVES, version)
def eigvalsh(x: tf.Tensor, /) -> tf.Tensor:
    x = _floating(x)
    return _real_result(x, tf.linalg.eigvalsh(x))


@with_unsupported_dtypes(_NO_HALVES, version)
def eig(x: tf.Tensor, /) -> EigResult:
    x = _floating(x)
    _square(x, "eig")
    return EigResult(*tf.linalg.eig(x))


@with_unsupported_dtypes(_NO_HALVES, version)
def eigvals(x: tf.Tensor, /) -> tf.Tensor:
    x = _floating(x)
    _square(x, "eigvals")
    return tf.linalg.eigvals(x)


@with_unsupported_dtypes(_NO_BFLOAT16, version)
def inv(x: tf.Tensor, /) -> tf.Tensor:
    x = _floating(x)
    _square(x, "inv")
    return tf.linalg.inv(x)


def matrix_norm(
    x: tf.Tensor,
    /,
    *,
    keepdims: bool = False,
    ord: Any = "fro",  # noqa: A002 (the standard names it ord)
) -> tf.Tensor:
    single = _single(x)
    if single.shape.rank < 2:
        raise ValueError(f"matrix_norm needs at least 2 dimensions, got {single.shape.rank}")
    magnitude = tf.abs(single)
    if ord == "fro":
        result = tf.sqrt(tf.reduce_sum(magnitude * magnitude, axis=(-2, -1)))
    elif ord in ("nuc", 2, -2):
        values = tf.linalg.svd(single, compute_uv=False)
        reduce = {"nuc": tf.reduce_sum, 2: tf.reduce_max, -2: tf.reduce_min}[ord]
        result = reduce(values, axis=-1)
    elif ord in (1, -1):
        sums = tf.reduce_sum(magnitude, axis=-2)
        result = (tf.reduce_max if ord == 1 else tf.reduce_min)(sums, axis=-1)
    elif ord in (math.inf, -math.inf):
        sums = tf.reduce_sum(magnitude, axis=-1)
        result = (tf.reduce_max if ord > 0 else tf.reduce_min)(sums, axis=-1)
    else:
        raise ValueError(f"matrix_norm: invalid ord {ord!r}")
    if keepdims:
        result = result[..., None, None]
    return _real_result(x, result)


def _svdvals_and_tolerance(x: tf.Tensor, rtol: Any) -> tuple[tf.Tensor, tf.Tensor]:
    values = tf.linalg.svd(x, compute_uv=False)
    rtol = _default_rtol(x) if rtol is None else tf.cast(rtol, values.dtype)[..., None]
    if values.shape[-1] == 0:
        return values, tf.zeros_like(values)
    return values, tf.reduce_max(values, axis=-1, keepdims=True) * rtol


@with_unsupported_dtypes(_NO_HALVES, version)
def matrix_rank(x: tf.Tensor, /, *, rtol: Any = None) -> tf.Tensor:
    values, tolerance = _svdvals_and_tolerance(_floating(x), rtol)
    rank = tf.math.count_nonzero(values > tolerance, axis=-1)
    return tf.cast(rank, native_dtypes[dtypes.default_int_dtype()])


@with_unsupported_dtypes(_NO_HALVES, version)
def pinv(x: tf.Tensor, /, *, rtol: Any = None) -> tf.Tensor:
    x = _floating(x)
    s, u, v = tf.linalg.svd(x, full_matrices=False)
    _, tolerance = _svdvals_and_tolerance(x, rtol)
    kept = s > tolerance
    inverse = tf.where(kept, 1 / tf.where(kept, s, tf.ones_like(s)), tf.zeros_like(s))
    scaled = v * tf.cast(inverse, x.dtype)[..., None, :]
    return tf.linalg.matmul(scaled, u, adjoint_b=True)


@with_unsupported_dtypes(_NO_BFLOAT16, version)
def qr(x: tf.Tensor, /, *, mode: str = "reduced") -> QRResult:
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: mode must be 'reduced' or 'complete', got {mode!r}")
    return QRResult(*tf.linalg.qr(_floating(x), full_matrices=mode == "complete"))


@with_unsupported_dtypes(_NO_HALVES, version)
def slogdet(x: tf.Tensor, /) -> SlogdetResult:
    x = _floating(x)
    _square(x, "slogdet")
    sign, logabsdet = tf.linalg.slogdet(x)
    return SlogdetResult(sign, _real_result(x, logabsdet))


@with_unsupported_dtypes(_NO_HALVES, version)
def solve(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    x1, x2 = _floating(x1), _floating(x2)
    _square(x1, "solve")
    vector = x2.shape.rank == 1
    if vector:
        x2 = x2[:, None]
    if x1.shape[-1] != x2.shape[-2]:
        raise ShapeMismatchError(f"solve: shapes {x1.shape} and {x2.shape} do not match")
    x1, x2 = _broadcast_batch(x1, x2)
    result = tf.linalg.solve(x1, x2)
    return result[..., 0] if vector else result


@with_unsupported_dtypes(_NO_HALVES, version)
def svd(x: tf.Tensor, /, *, full_matrices: bool = True) -> SVDResult:
    s, u, v = tf.linalg.svd(_floating(x), full_matrices=full_matrices)
    return SVDResult(u, s, _adjoint(v))


@with_unsupported_dtypes(_NO_HALVES, version)
def svdvals(x: tf.Tensor, /) -> tf.Tensor:
    return tf.linalg.svd(_floating(x), compute_uv=False)


def trace(x: tf.Tensor, /, *, offset: int = 0, dtype: Any = None) -> tf.Tensor:
    target = native_dtypes[sum_dtype_for(core_dtypes[x.dtype]) if dtype is None else dtype]
    values = tf.cast(diagonal(x, offset=offset), target)
    if target in _HALF:
        return tf.cast(tf.reduce_sum(tf.cast(values, tf.float32), axis=-1), target)
    return tf.reduce_sum(values, axis=-1)


def vector_norm(
    x: tf.Tensor,
    /,
    *,
    axis: Any = None,
    keepdims: bool = False,
    ord: Any = 2,  # noqa: A002 (the standard names it ord)
) -> tf.Tensor:
    single = _single(x)
    if tf.size(single) == 0 and math.isinf(ord):
        raise ValueError("vector_norm with ord=inf or -inf of an empty array is undefined")
    magnitude = tf.abs(single)
    if axis is None:
        axis = tuple(range(single.shape.rank))
    if ord == math.inf:
        result = tf.reduce_max(magnitude, axis=axis, keepdims=keepdims)
    elif ord == -math.inf:
        result = tf.reduce_min(magnitude, axis=axis, keepdims=keepdims)
    elif ord == 0:
        nonzero = tf.cast(tf.not_equal(magnitude, 0), magnitude.dtype)
        result = tf.reduce_sum(nonzero, axis=axis, keepdims=keepdims)
    elif ord == 1:
        result = tf.reduce_sum(magnitude, axis=axis, keepdims=keepdims)
    elif ord == 2:
        result = tf.sqrt(tf.reduce_sum(magnitude * magnitude, axis=axis, keepdims=keepdims))
    else:
        power = tf.reduce_sum(magnitude**ord, axis=axis, keepdims=keepdims)
        result = power ** (1 / ord)
    return _real_result(x, result)
