"""core's linear algebra functions in the main namespace (matmul, tensordot, einsum, ...).

Products follow core's promotion table for mixed dtypes on every backend (torch and
tensorflow would refuse mixed dtypes, numpy would widen differently). Integer products wrap
modulo the dtype's width, as numpy's do; a bool product is the logical ``or`` of ``and``s,
as numpy's. The Array API's ``linalg`` extension is in :mod:`core.ops.linalg`.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.array import Array, ArrayLike
from core.registry import primary


@primary
def matmul(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The matrix product of ``x1`` and ``x2``, with broadcast batch dimensions.

    A 1-D operand is a vector: prepended (``x1``) or appended (``x2``) a dimension of 1 that
    is removed from the result, as the standard says. 0-d operands are an error.
    """


@primary
def matrix_transpose(x: ArrayLike, /) -> Array:
    """``x`` with its last two axes swapped (a stack of transposed matrices)."""


@primary
def tensordot(
    x1: ArrayLike, x2: ArrayLike, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
) -> Array:
    """The sum of products over ``axes``: the last ``axes`` axes of ``x1`` with the first of
    ``x2`` (an int), or the listed axes of each (a pair of sequences)."""


@primary
def vecdot(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> Array:
    """The dot product ``sum(conj(x1) * x2)`` along ``axis`` of the broadcast inputs.

    ``axis`` counts in the broadcast shape; a non-negative one is accepted too (numpy's
    ``vecdot`` accepts it, the standard asks for a negative one).
    """


@primary
def einsum(subscripts: str, /, *operands: ArrayLike) -> Array:
    """Einstein summation of ``operands`` over ``subscripts`` (numpy's notation, with
    ``...`` and ``->``). The operands are promoted together with core's table first."""


@primary
def outer(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The outer product of two vectors; inputs of other ranks are flattened first, as
    numpy's ``outer`` does (the standard's ``linalg.outer`` takes 1-D inputs only)."""


@primary
def inner(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """numpy's ``inner``: the sum of products over the last axes of both inputs (no
    conjugation), of shape ``x1.shape[:-1] + x2.shape[:-1]``; a 0-d input multiplies."""


@primary
def kron(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The Kronecker product: blocks ``x1[i, j, ...] * x2``. The input of fewer dimensions
    is given leading dimensions of 1 first, as numpy's ``kron`` does."""
