"""numpy implementations of core's main-namespace linear algebra functions."""

from __future__ import annotations

from collections.abc import Sequence

import numpy

from core.backends import direct
from core.backends.numpy import native_dtypes, promote

_HALF = (native_dtypes["float16"], native_dtypes["bfloat16"])


def _products(function, *arrays: numpy.ndarray) -> numpy.ndarray:
    """``function`` of ``arrays`` promoted with core's table; halves summed in float32 and
    rounded back (numpy has no bfloat16 einsum, and every backend rounds once this way)."""
    arrays = promote(*arrays)
    native = arrays[0].dtype
    if native in _HALF:
        return numpy.asarray(function(*(a.astype(numpy.float32) for a in arrays))).astype(native)
    return numpy.asarray(function(*arrays), dtype=native)


@direct(numpy.matmul)
def matmul(x1: numpy.ndarray, x2: numpy.ndarray, /) -> numpy.ndarray:
    return _products(numpy.matmul, x1, x2)


def matrix_transpose(x: numpy.ndarray, /) -> numpy.ndarray:
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.ndim}")
    return numpy.swapaxes(x, -1, -2)


def tensordot(
    x1: numpy.ndarray,
    x2: numpy.ndarray,
    /,
    *,
    axes: int | tuple[Sequence[int], Sequence[int]] = 2,
) -> numpy.ndarray:
    return _products(lambda a, b: numpy.tensordot(a, b, axes=axes), x1, x2)


def vecdot(x1: numpy.ndarray, x2: numpy.ndarray, /, *, axis: int = -1) -> numpy.ndarray:
    return _products(lambda a, b: numpy.sum(numpy.conj(a) * b, axis=axis), x1, x2)


def einsum(subscripts: str, /, *operands: numpy.ndarray) -> numpy.ndarray:
    return _products(lambda *arrays: numpy.einsum(subscripts, *arrays), *operands)


def outer(x1: numpy.ndarray, x2: numpy.ndarray, /) -> numpy.ndarray:
    return _products(numpy.outer, x1, x2)


def inner(x1: numpy.ndarray, x2: numpy.ndarray, /) -> numpy.ndarray:
    return _products(numpy.inner, x1, x2)


def kron(x1: numpy.ndarray, x2: numpy.ndarray, /) -> numpy.ndarray:
    return _products(numpy.kron, x1, x2)
