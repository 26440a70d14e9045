"""jax implementations of core's linalg functions.

jax decomposes no half-precision matrix on CPU except through LU (``det``, ``slogdet``).
"""

from __future__ import annotations

import math
from typing import Any

import jax
import jax.numpy as jnp

from core import dtypes
from core.backends.jax import core_dtypes, native_dtypes, promote, version
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

_NO_HALVES = {"0.10.2 and below": ("float16", "bfloat16")}
_HALF = (jnp.dtype(jnp.float16), jnp.dtype(jnp.bfloat16))


def _floating(x: jax.Array) -> jax.Array:
    """``x`` in the dtype a float-only function computes in (integers: default float)."""
    return x.astype(native_dtypes[float_dtype_for(core_dtypes[x.dtype])])


def _single(x: jax.Array) -> jax.Array:
    """``x`` computed in at least single precision: halves and integers in float32."""
    x = _floating(x)
    return x.astype(jnp.float32) if x.dtype in _HALF else x


def _real_result(x: jax.Array, result: jax.Array) -> jax.Array:
    return result.astype(native_dtypes[real_dtype_for(core_dtypes[x.dtype])])


def _complex(x: jax.Array, values: jax.Array) -> jax.Array:
    wide = x.dtype in (jnp.dtype(jnp.float64), jnp.dtype(jnp.complex128))
    return values.astype(jnp.complex128 if wide else jnp.complex64)


@with_unsupported_dtypes(_NO_HALVES, version)
def cholesky(x: jax.Array, /, *, upper: bool = False) -> jax.Array:
    return jnp.linalg.cholesky(_floating(x), upper=upper, symmetrize_input=False)


def cross(x1: jax.Array, x2: jax.Array, /, *, axis: int = -1) -> jax.Array:
    x1, x2 = promote(x1, x2)
    native = x1.dtype
    if native == jnp.bool_:
        raise TypeError("cross needs numeric inputs, got bool")
    if native in _HALF:
        x1, x2 = x1.astype(jnp.float32), x2.astype(jnp.float32)
    return jnp.linalg.cross(x1, x2, axis=axis).astype(native)


def det(x: jax.Array, /) -> jax.Array:
    return jnp.linalg.det(_floating(x))


def diagonal(x: jax.Array, /, *, offset: int = 0) -> jax.Array:
    return jnp.diagonal(x, offset=offset, axis1=-2, axis2=-1)


@with_unsupported_dtypes(_NO_HALVES, version)
def eigh(x: jax.Array, /) -> EighResult:
    return EighResult(*jnp.linalg.eigh(_floating(x), symmetrize_input=False))


@with_unsupported_dtypes(_NO_HALVES, version)
def eigvalsh(x: jax.Array, /) -> jax.Array:
    return jnp.linalg.eigh(_floating(x), symmetrize_input=False)[0]


@with_unsupported_dtypes(_NO_HALVES, version)
def eig(x: jax.Array, /) -> EigResult:
    x = _floating(x)
    values, vectors = jnp.linalg.eig(x)
    return EigResult(_complex(x, values), _complex(x, vectors))


@with_unsupported_dtypes(_NO_HALVES, version)
def eigvals(x: jax.Array, /) -> jax.Array:
    x = _floating(x)
    return _complex(x, jnp.linalg.eigvals(x))


@with_unsupported_dtypes(_NO_HALVES, version)
def inv(x: jax.Array, /) -> jax.Array:
    return jnp.linalg.inv(_floating(x))


def matrix_norm(
    x: jax.Array,
    /,
    *,
    keepdims: bool = False,
    ord: Any = "fro",  # noqa: A002 (the standard names it ord)
) -> jax.Array:
    result = jnp.linalg.matrix_norm(_single(x), keepdims=keepdims, ord=ord)
    return _real_result(x, result)


@with_unsupported_dtypes(_NO_HALVES, version)
def matrix_rank(x: jax.Array, /, *, rtol: Any = None) -> jax.Array:
    x = _floating(x)
    values = jnp.linalg.svdvals(x)
    rtol = _default_rtol(x) if rtol is None else jnp.asarray(rtol)[..., None]
    largest = jnp.max(values, axis=-1, keepdims=True, initial=0.0)
    rank = jnp.count_nonzero(values > largest * rtol, axis=-1)
    return rank.astype(native_dtypes[dtypes.default_int_dtype()])


@with_unsupported_dtypes(_NO_HALVES, version)
def pinv(x: jax.Array, /, *, rtol: Any = None) -> jax.Array:
    x = _floating(x)
    return jnp.linalg.pinv(x, rtol=_default_rtol(x) if rtol is None else rtol)


@with_unsupported_dtypes(_NO_HALVES, version)
def qr(x: jax.Array, /, *, mode: str = "reduced") -> QRResult:
    return QRResult(*jnp.linalg.qr(_floating(x), mode=mode))


def slogdet(x: jax.Array, /) -> SlogdetResult:
    return SlogdetResult(*jnp.linalg.slogdet(_floating(x)))


@with_unsupported_dtypes(_NO_HALVES, version)
def solve(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    x1, x2 = promote(x1, x2)
    return jnp.linalg.solve(_floating(x1), _floating(x2))


@with_unsupported_dtypes(_NO_HALVES, version)
def svd(x: jax.Array, /, *, full_matrices: bool = True) -> SVDResult:
    return SVDResult(*jnp.linalg.svd(_floating(x), full_matrices=full_matrices))


@with_unsupported_dtypes(_NO_HALVES, version)
def svdvals(x: jax.Array, /) -> jax.Array:
    return jnp.linalg.svdvals(_floating(x))


def trace(x: jax.Array, /, *, offset: int = 0, dtype: Any = None) -> jax.Array:
    target = native_dtypes[sum_dtype_for(core_dtypes[x.dtype]) if dtype is None else dtype]
    values = jnp.diagonal(x, offset=offset, axis1=-2, axis2=-1).astype(target)
    if target in _HALF:
        return jnp.sum(values.astype(jnp.float32), axis=-1).astype(target)
    return jnp.sum(values, axis=-1, dtype=target)


def vector_norm(
    x: jax.Array,
    /,
    *,
    axis: Any = None,
    keepdims: bool = False,
    ord: Any = 2,  # noqa: A002 (the standard names it ord)
) -> jax.Array:
    single = _single(x)
    if single.size == 0 and math.isinf(ord):
        raise ValueError("vector_norm with ord=inf or -inf of an empty array is undefined")
    result = jnp.linalg.vector_norm(single, axis=axis, keepdims=keepdims, ord=ord)
    return _real_result(x, result)
