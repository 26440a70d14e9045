"""tensorflow implementations of core's main-namespace linear algebra functions.

tensorflow multiplies matrices of float, int32, int64 and complex only: bool, int8, int16
and unsigned products are computed in int64 (bit-exact modulo the width, since products
and sums wrap the same way) and cast back, bool as ``!= 0``.
"""

from __future__ import annotations

from collections.abc import Sequence

import tensorflow as tf

from core.backends import direct
from core.backends.tensorflow import promote
from core.errors import ShapeMismatchError

_VIA_INT64 = (tf.int8, tf.int16, tf.uint8, tf.uint16, tf.uint32, tf.uint64)
_HALF = (tf.float16, tf.bfloat16)
_ROUTES = {**dict.fromkeys(_HALF, "half"), tf.bool: "bool", **dict.fromkeys(_VIA_INT64, "int64")}


def _products(function, *arrays: tf.Tensor) -> tf.Tensor:
    """``function`` of ``arrays`` promoted with core's table; halves summed in float32 and
    rounded back, the dtypes tensorflow cannot multiply computed in int64."""
    arrays = promote(*arrays)
    native = arrays[0].dtype
    route = _ROUTES.get(native)  # one hash (tf's DType compares in Python)
    if route is None:
        return function(*arrays)
    if route == "half":
        return tf.cast(function(*(tf.cast(a, tf.float32) for a in arrays)), native)
    if route == "bool":
        return tf.not_equal(function(*(tf.cast(a, tf.int64) for a in arrays)), 0)
    return tf.cast(function(*(tf.cast(a, tf.int64) for a in arrays)), native)


def _matmul(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
    shape1, shape2 = a.shape, b.shape
    rank1, rank2 = len(shape1), len(shape2)
    if rank1 == 2 and rank2 == 2 and shape1[1] == shape2[0]:
        # the MatMul op tf.linalg.matmul runs for two matrices, without its Python layers
        return tf.raw_ops.MatMul(a=a, b=b)
    if rank1 == 0 or rank2 == 0:
        raise ValueError("matmul does not take 0-d operands")
    vector1, vector2 = rank1 == 1, rank2 == 1
    if vector1:
        a = a[None, :]
    if vector2:
        b = b[:, None]
    if a.shape[-1] != b.shape[-2]:
        raise ShapeMismatchError(f"matmul: shapes {a.shape} and {b.shape} do not match")
    result = tf.linalg.matmul(a, b)
    if vector2:
        result = result[..., 0]
    if vector1:
        result = result[..., 0, :] if not vector2 else result[..., 0]
    return result


@direct(_matmul)
def matmul(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    return _products(_matmul, x1, x2)


def matrix_transpose(x: tf.Tensor, /) -> tf.Tensor:
    if x.shape.rank < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.shape.rank}")
    return tf.linalg.matrix_transpose(x)


def tensordot(
    x1: tf.Tensor,
    x2: tf.Tensor,
    /,
    *,
    axes: int | tuple[Sequence[int], Sequence[int]] = 2,
) -> tf.Tensor:
    if isinstance(axes, int):
        pairs = list(zip(range(x1.shape.rank - axes, x1.shape.rank), range(axes)))
        axes_pair = ([a for a, _ in pairs], [b for _, b in pairs])
    else:
        axes_pair = ([a % x1.shape.rank for a in axes[0]], [a % x2.shape.rank for a in axes[1]])
    for a, b in zip(*axes_pair, strict=True):
        if x1.shape[a] != x2.shape[b]:
            raise ShapeMismatchError(
                f"tensordot: size {x1.shape[a]} of axis {a} != {x2.shape[b]} of {b}"
            )
    axes = axes_pair
    return _products(lambda a, b: tf.tensordot(a, b, axes=axes), x1, x2)


def vecdot(x1: tf.Tensor, x2: tf.Tensor, /, *, axis: int = -1) -> tf.Tensor:
    return _products(lambda a, b: tf.reduce_sum(tf.math.conj(a) * b, axis=axis), x1, x2)


def _explicit(subscripts: str) -> str:
    """numpy's implicit-output subscripts made explicit (tensorflow needs the ``->``): the
    broadcast dimensions, then the labels used once, in alphabetical order."""
    subscripts = subscripts.replace(" ", "")
    if "->" in subscripts:
        return subscripts
    labels = subscripts.replace("...", "").replace(",", "")
    once = sorted(label for label in set(labels) if labels.count(label) == 1)
    return subscripts + "->" + ("..." if "..." in subscripts else "") + "".join(once)


def einsum(subscripts: str, /, *operands: tf.Tensor) -> tf.Tensor:
    subscripts = _explicit(subscripts)
    return _products(lambda *arrays: tf.einsum(subscripts, *arrays), *operands)


def outer(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    return _products(lambda a, b: tf.reshape(a, (-1, 1)) * tf.reshape(b, (1, -1)), x1, x2)


def _inner(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
    if a.shape.rank == 0 or b.shape.rank == 0:
        return a * b
    return tf.tensordot(a, b, axes=([a.shape.rank - 1], [b.shape.rank - 1]))


def inner(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    return _products(_inner, x1, x2)


def _kron(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
    # the outer product of the flattened operands, its axes interleaved by a transpose:
    # tensorflow's broadcasting multiply stops at rank 5 when both operands broadcast
    rank = max(a.shape.rank, b.shape.rank)
    a_shape = [1] * (rank - a.shape.rank) + a.shape.as_list()
    b_shape = [1] * (rank - b.shape.rank) + b.shape.as_list()
    outer = tf.reshape(a, [-1, 1]) * tf.reshape(b, [1, -1])
    outer = tf.reshape(outer, a_shape + b_shape)
    interleaved = tf.transpose(outer, [k for i in range(rank) for k in (i, rank + i)])
    return tf.reshape(interleaved, [m * n for m, n in zip(a_shape, b_shape)])


def kron(x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    return _products(_kron, x1, x2)
