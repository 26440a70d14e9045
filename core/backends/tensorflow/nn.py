"""tensorflow implementations of core's nn functions.

tf.nn.convolution and tf.nn.pool run the cases their CPU kernels cover (channels-last, so
the input is transposed around them); grouped or strided-and-dilated convolution,
transposed convolution, pooling with indices or dilation, and the torch-specific index
arithmetic (adaptive bins, padding modes, interpolation) use the shared index tables of
:mod:`core.backends._nn_common` with tf.gather and tf.math.unsorted_segment_sum.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy
import tensorflow as tf

from core import dtypes
from core.backends import direct
from core.backends._nn_common import (
    _adaptive_bins,
    _adaptive_sizes,
    _avg_divisor,
    _conv_geometry,
    _dropout_mask,
    _fold_geometry,
    _interp_plan,
    _ntuple,
    _pad_index,
    _pad_pairs,
    _pool_geometry,
    _repeat_heads,
    _transpose_geometry,
    _window_index,
)
from core.backends.tensorflow import native_dtypes, op_kernel, promote, version
from core.support import with_unsupported_dtypes

_real = with_unsupported_dtypes({f"{version} and below": ("complex",)}, version)


def _float(x: tf.Tensor) -> tf.Tensor:
    return x if x.dtype.is_floating else tf.cast(x, native_dtypes[dtypes.default_float_dtype()])


def _floats(*values: Any) -> tuple[tf.Tensor | None, ...]:
    present = [v for v in values if v is not None]
    promoted = iter(promote(*[_float(v) for v in present]))
    return tuple(None if v is None else next(promoted) for v in values)


def _scalar(value: float, like: tf.Tensor) -> tf.Tensor:
    return tf.constant(value, dtype=like.dtype)


def _shape(x: tf.Tensor) -> tuple[int, ...]:
    return tuple(x.shape.as_list())


def _channels_last(x: tf.Tensor) -> tf.Tensor:
    return tf.transpose(x, [0, *range(2, x.shape.rank), 1])


def _channels_first(x: tf.Tensor) -> tf.Tensor:
    rank = x.shape.rank
    return tf.transpose(x, [0, rank - 1, *range(1, rank - 1)])


def _pad_spatial(x: tf.Tensor, before: Sequence[int], after: Sequence[int], value: Any):
    widths = [[0, 0], [0, 0], *([b, a] for b, a in zip(before, after))]
    return tf.pad(x, widths, constant_values=tf.constant(value, dtype=x.dtype))


def _gather_windows(x: tf.Tensor, padded_index: numpy.ndarray) -> tf.Tensor:
    """``(N, C, K, L)`` window elements of a padded ``(N, C, *spatial)``."""
    shape = _shape(x)
    flat = tf.reshape(x, [shape[0], shape[1], -1])
    taken = tf.gather(flat, padded_index.reshape(-1), axis=2)
    return tf.reshape(taken, [shape[0], shape[1], *padded_index.shape])


def _col2im(cols: tf.Tensor, padded: Sequence[int], index: numpy.ndarray) -> tf.Tensor:
    """Sum ``(N, C, K * L)`` columns into ``(N, C, *padded)`` at the flat ``index``."""
    batch, channels = _shape(cols)[:2]
    data = tf.transpose(cols, [2, 0, 1])
    summed = tf.math.unsorted_segment_sum(data, index.reshape(-1), math.prod(padded))
    return tf.reshape(tf.transpose(summed, [1, 2, 0]), [batch, channels, *padded])


def _select(values: tf.Tensor, choice: tf.Tensor, axis: int, width: int) -> tf.Tensor:
    """``take_along_axis(values, choice[axis], axis)`` with ``axis`` removed."""
    pick = tf.one_hot(choice, width, on_value=True, off_value=False, axis=axis, dtype=tf.bool)
    return tf.reduce_sum(tf.where(pick, values, tf.zeros((), dtype=values.dtype)), axis=axis)


def _native_pool(x: tf.Tensor, kernel: Sequence[int], stride: Sequence[int]) -> bool:
    """Whether tf.nn.pool takes this call (a CPU kernel for the rank and dtype, strides
    no longer than the window)."""
    n = len(kernel)
    if any(s > k for k, s in zip(kernel, stride)):
        return False
    return n in (1, 2) or (n == 3 and x.dtype in (tf.float32, tf.bfloat16))


def _crop(y: tf.Tensor, starts: Sequence[int], sizes: Sequence[int]) -> tf.Tensor:
    return y[(Ellipsis, *(slice(b, b + s) for b, s in zip(starts, sizes)))]


# ---------------------------------------------------------------------------------------
# linear layers and convolution
# ---------------------------------------------------------------------------------------
@_real
def linear(x: tf.Tensor, weight: tf.Tensor, bias: tf.Tensor | None = None) -> tf.Tensor:
    x, weight, bias = _floats(x, weight, bias)
    if weight.shape.rank == 2 and x.shape.rank != 2:
        y = tf.tensordot(x, weight, [[x.shape.rank - 1], [1]])
    else:
        y = tf.linalg.matmul(x, weight, transpose_b=True)
    return y if bias is None else y + bias


@_real
def conv(
    x: tf.Tensor,
    weight: tf.Tensor,
    bias: tf.Tensor | None = None,
    *,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> tf.Tensor:
    x, weight, bias = _floats(x, weight, bias)
    w_shape = _shape(weight)
    n = len(w_shape) - 2
    strides, dilations, pads, out = _conv_geometry(_shape(x), w_shape, stride, padding, dilation)
    channels = _shape(x)[1]
    if channels != w_shape[1] * groups or w_shape[0] % groups:
        raise ValueError(f"input channels {channels} do not match weight {w_shape}")
    x = _pad_spatial(x, [p[0] for p in pads], [p[1] for p in pads], 0)
    strided_and_dilated = max(strides) > 1 and max(dilations) > 1
    if groups == 1 and not strided_and_dilated and n in (1, 2, 3):
        filters = tf.transpose(weight, [*range(2, 2 + n), 1, 0])
        y = tf.nn.convolution(
            _channels_last(x), filters, strides=strides, padding="VALID", dilations=dilations
        )
        y = _channels_first(y)
    else:
        padded = _shape(x)[2:]
        cols = _gather_windows(x, _window_index(padded, w_shape[2:], strides, dilations, out))
        batch = _shape(x)[0]
        cols = tf.reshape(cols, [batch, groups, channels // groups, -1, math.prod(out)])
        w = tf.reshape(weight, [groups, w_shape[0] // groups, w_shape[1], -1])
        y = tf.reshape(tf.einsum("ngckl,gock->ngol", cols, w), [batch, w_shape[0], *out])
    return y if bias is None else y + tf.reshape(bias, [-1, *([1] * n)])


@_real
def conv_transpose(
    x: tf.Tensor,
    weight: tf.Tensor,
    bias: tf.Tensor | None = None,
    *,
    stride: Any = 1,
    padding: Any = 0,
    output_padding: Any = 0,
    groups: int = 1,
    dilation: Any = 1,
) -> tf.Tensor:
    x, weight, bias = _floats(x, weight, bias)
    x_shape, w_shape = _shape(x), _shape(weight)
    kernel, s, p, d, out = _transpose_geometry(
        x_shape, w_shape, stride, padding, output_padding, dilation
    )
    n = len(kernel)
    batch, channels = x_shape[:2]
    if channels != w_shape[0] or channels % groups:
        raise ValueError(f"input has {channels} channels, weight expects {w_shape[0]}")
    out_g = w_shape[1]
    xs = tf.reshape(x, [batch, groups, channels // groups, -1])
    w = tf.reshape(weight, [groups, channels // groups, out_g, math.prod(kernel)])
    cols = tf.reshape(tf.einsum("ngcl,gcok->ngokl", xs, w), [batch, groups * out_g, -1])
    padded = tuple(out[i] + 2 * p[i] for i in range(n))
    index = _window_index(padded, kernel, s, d, x_shape[2:])
    y = _crop(_col2im(cols, padded, index), p, out)
    return y if bias is None else y + tf.reshape(bias, [-1, *([1] * n)])


def unfold(
    x: tf.Tensor, kernel_size: Any, *, dilation: Any = 1, padding: Any = 0, stride: Any = 1
) -> tf.Tensor:
    n = x.shape.rank - 2
    k = _ntuple(kernel_size, n, "kernel_size")
    d, p, s = (
        _ntuple(v, n, name)
        for v, name in ((dilation, "dilation"), (padding, "padding"), (stride, "stride"))
    )
    x = _pad_spatial(x, p, p, 0)
    shape = _shape(x)
    padded = shape[2:]
    out = [(padded[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in range(n)]
    cols = _gather_windows(x, _window_index(padded, k, s, d, out))
    return tf.reshape(cols, [shape[0], shape[1] * math.prod(k), -1])


def fold(
    x: tf.Tensor,
    output_size: Any,
    kernel_size: Any,
    *,
    dilation: Any = 1,
    padding: Any = 0,
    stride: Any = 1,
) -> tf.Tensor:
    size, k, d, p, s, padded, blocks = _fold_geometry(
        output_size, kernel_size, dilation, padding, stride, None
    )
    shape, kk = _shape(x), math.prod(k)
    if len(shape) != 3 or shape[1] % kk or shape[2] != math.prod(blocks):
        raise ValueError(f"fold: input shape {shape} does not match the blocks {blocks}")
    cols = tf.reshape(x, [shape[0], shape[1] // kk, -1])
    return _crop(_col2im(cols, padded, _window_index(padded, k, s, d, blocks)), p, size)


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
@_real
def max_pool(
    x: tf.Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    *,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Any:
    x = _float(x)
    shape = _shape(x)
    k, s, d, p, after, padded, out = _pool_geometry(
        shape, kernel_size, stride, padding, dilation, ceil_mode
    )
    xp = _pad_spatial(x, p, after, -numpy.inf)
    if not return_indices and max(d) == 1 and _native_pool(x, k, s):
        y = tf.nn.pool(_channels_last(xp), k, "MAX", strides=s, padding="VALID")
        return _crop(_channels_first(y), [0] * len(k), out)
    cols = _gather_windows(xp, _window_index(padded, k, s, d, out))
    values = tf.reshape(tf.reduce_max(cols, axis=2), [*shape[:2], *out])
    if not return_indices:
        return values
    positions = _window_index(padded, k, s, d, out, offset=p, plane=shape[2:])
    best = tf.argmax(cols, axis=2, output_type=tf.int64)
    flat = best * positions.shape[1] + numpy.arange(positions.shape[1])
    indices = tf.gather(positions.reshape(-1), flat)
    return values, tf.reshape(indices, [*shape[:2], *out])


@_real
def avg_pool(
    x: tf.Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    *,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> tf.Tensor:
    x = _float(x)
    k, s, _, p, after, padded, out = _pool_geometry(
        _shape(x), kernel_size, stride, padding, 1, ceil_mode
    )
    xp = _pad_spatial(x, p, after, 0)
    if _native_pool(x, k, s):
        mean = tf.nn.pool(_channels_last(xp), k, "AVG", strides=s, padding="VALID")
        total = _crop(_channels_first(mean), [0] * len(k), out) * _scalar(math.prod(k), x)
    else:
        cols = _gather_windows(xp, _window_index(padded, k, s, (1,) * len(k), out))
        total = tf.reshape(tf.reduce_sum(cols, axis=2), [*_shape(x)[:2], *out])
    if divisor_override:
        return total / _scalar(divisor_override, x)
    divisor = _avg_divisor(_shape(x)[2:], k, s, p, out, count_include_pad)
    return total / tf.constant(divisor, dtype=x.dtype)


@_real
def adaptive_avg_pool(x: tf.Tensor, output_size: Any) -> tf.Tensor:
    x = _float(x)
    for d, out in enumerate(_adaptive_sizes(_shape(x), output_size)):
        axis = 2 + d
        index, valid = _adaptive_bins(_shape(x)[axis], out)
        trailing = (1,) * (x.shape.rank - axis - 1)
        taken = tf.gather(x, index, axis=axis)
        mask = tf.constant(valid.reshape(valid.shape + trailing))
        total = tf.reduce_sum(tf.where(mask, taken, tf.zeros((), x.dtype)), axis=axis + 1)
        count = valid.sum(1).reshape((-1, *trailing))
        x = total / tf.constant(count, dtype=x.dtype)
    return x


@_real
def adaptive_max_pool(x: tf.Tensor, output_size: Any, *, return_indices: bool = False) -> Any:
    x = _float(x)
    sizes = _adaptive_sizes(_shape(x), output_size)
    plane = _shape(x)[2:]
    flat = None
    for d in reversed(range(len(sizes))):
        axis = 2 + d
        index, valid = _adaptive_bins(_shape(x)[axis], sizes[d])
        width = index.shape[1]
        trailing = (1,) * (x.shape.rank - axis - 1)
        taken = tf.where(
            tf.constant(valid.reshape(valid.shape + trailing)),
            tf.gather(x, index, axis=axis),
            tf.constant(-numpy.inf, dtype=x.dtype),
        )
        best = tf.argmax(taken, axis=axis + 1, output_type=tf.int64)
        x = _select(taken, best, axis + 1, width)
        if return_indices:
            rows = numpy.arange(sizes[d]).reshape((-1, *trailing)) * width
            here = tf.gather(index.reshape(-1), best + rows) * math.prod(plane[d + 1 :])
            if flat is not None:
                moved = tf.gather(flat, index, axis=axis)
                flat = _select(moved, best, axis + 1, width) + here
            else:
                flat = here
    return (x, tf.cast(flat, tf.int64)) if return_indices else x


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
@_real
@direct(op_kernel(tf.nn.relu))
def relu(x: tf.Tensor) -> tf.Tensor:
    if x.dtype == tf.bool:
        x = _float(x)
    if x.dtype.is_unsigned:
        return tf.identity(x)
    return tf.maximum(x, tf.zeros((), dtype=x.dtype))


@_real
def relu6(x: tf.Tensor) -> tf.Tensor:
    return hardtanh(x, 0.0, 6.0)


@_real
def hardtanh(x: tf.Tensor, min_val: float = -1.0, max_val: float = 1.0) -> tf.Tensor:
    if x.dtype == tf.bool:
        x = _float(x)
    if x.dtype.is_integer:
        low, high = max(int(min_val), x.dtype.min), min(int(max_val), x.dtype.max)
        return tf.clip_by_value(x, tf.constant(low, x.dtype), tf.constant(high, x.dtype))
    low, high = _scalar(min_val, x), _scalar(max_val, x)
    return tf.where(x < low, low, tf.where(x > high, high, x))


@_real
def leaky_relu(x: tf.Tensor, negative_slope: float = 0.01) -> tf.Tensor:
    x = _float(x)
    return tf.where(x > 0, x, x * _scalar(negative_slope, x))


@_real
def elu(x: tf.Tensor, alpha: float = 1.0) -> tf.Tensor:
    x = _float(x)
    return tf.where(x > 0, x, _scalar(alpha, x) * tf.math.expm1(tf.minimum(x, 0)))


@_real
def selu(x: tf.Tensor) -> tf.Tensor:
    return tf.nn.selu(_float(x))


@_real
def celu(x: tf.Tensor, alpha: float = 1.0) -> tf.Tensor:
    x = _float(x)
    a = _scalar(alpha, x)
    return tf.where(x > 0, x, a * tf.math.expm1(tf.minimum(x, 0) / a))


@_real
def gelu(x: tf.Tensor, approximate: str = "none") -> tf.Tensor:
    if approximate not in ("none", "tanh"):
        raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    return tf.nn.gelu(_float(x), approximate=approximate == "tanh")


@_real
@direct(op_kernel(tf.math.sigmoid))
def sigmoid(x: tf.Tensor) -> tf.Tensor:
    return tf.math.sigmoid(_float(x))


@_real
def silu(x: tf.Tensor) -> tf.Tensor:
    return tf.nn.silu(_float(x))


@_real
def mish(x: tf.Tensor) -> tf.Tensor:
    x = _float(x)
    return x * tf.math.tanh(softplus(x))


@_real
def softplus(x: tf.Tensor, beta: float = 1.0, threshold: float = 20.0) -> tf.Tensor:
    x = _float(x)
    scaled = x * _scalar(beta, x)
    soft = tf.math.softplus(scaled) / _scalar(beta, x)
    return tf.where(scaled > threshold, x, soft)


@_real
def softsign(x: tf.Tensor) -> tf.Tensor:
    return tf.nn.softsign(_float(x))


@_real
def hardsigmoid(x: tf.Tensor) -> tf.Tensor:
    x = _float(x)
    return tf.clip_by_value(x + _scalar(3, x), _scalar(0, x), _scalar(6, x)) / _scalar(6, x)


@_real
def hardswish(x: tf.Tensor) -> tf.Tensor:
    x = _float(x)
    return x * tf.clip_by_value(x + _scalar(3, x), _scalar(0, x), _scalar(6, x)) / _scalar(6, x)


@_real
def log_sigmoid(x: tf.Tensor) -> tf.Tensor:
    return tf.math.log_sigmoid(_float(x))


@_real
def glu(x: tf.Tensor, axis: int = -1) -> tf.Tensor:
    x = _float(x)
    if _shape(x)[axis] % 2:
        raise ValueError(f"glu halves dimension {axis}, which has odd size {_shape(x)[axis]}")
    a, b = tf.split(x, 2, axis=axis)
    return a * tf.math.sigmoid(b)


@_real
def prelu(x: tf.Tensor, weight: tf.Tensor) -> tf.Tensor:
    x, weight = _floats(x, weight)
    if _shape(weight) in ((), (1,)) or x.shape.rank < 2:
        slope = tf.reshape(weight, [])
    else:
        slope = tf.reshape(weight, [-1, *([1] * (x.shape.rank - 2))])
    return tf.where(x > 0, x, x * slope)


@_real
@direct(tf.nn.softmax, keywords=("axis",))
def softmax(x: tf.Tensor, axis: int = -1) -> tf.Tensor:
    # tensorflow's kernel: exp(x - max) times the reciprocal of its sum (within an ulp of
    # the quotient the other backends compute; one kernel instead of five ops); along the
    # last axis tf.nn.softmax is the Softmax op itself
    if axis == -1 or axis == x.shape.rank - 1:
        return tf.raw_ops.Softmax(logits=_float(x))
    return tf.nn.softmax(_float(x), axis=axis)


@_real
@direct(tf.nn.log_softmax, keywords=("axis",))
def log_softmax(x: tf.Tensor, axis: int = -1) -> tf.Tensor:
    # tensorflow's kernel: (x - max) - log(sum(exp(x - max)))
    if axis == -1 or axis == x.shape.rank - 1:
        return tf.raw_ops.LogSoftmax(logits=_float(x))
    return tf.nn.log_softmax(_float(x), axis=axis)


# ---------------------------------------------------------------------------------------
# dropout, embedding, one-hot, padding, resampling
# ---------------------------------------------------------------------------------------
@_real
def dropout(
    x: tf.Tensor,
    p: float = 0.5,
    *,
    training: bool = True,
    mask: tf.Tensor | None = None,
    generator: Any = None,
) -> tf.Tensor:
    x = _float(x)
    mask = _dropout_mask(p, training, mask, _shape(x), generator)
    if mask is None:
        return x
    if p == 1:
        return tf.zeros_like(x)
    zero = tf.zeros((), dtype=x.dtype)
    return tf.where(tf.cast(mask, tf.bool), x / _scalar(1 - p, x), zero)


def embedding(indices: tf.Tensor, weight: tf.Tensor, padding_idx: int | None = None) -> tf.Tensor:
    if not indices.dtype.is_integer:
        raise TypeError(f"embedding indices must be integers, got {indices.dtype.name}")
    return tf.gather(weight, tf.cast(indices, tf.int64))


def one_hot(x: tf.Tensor, num_classes: int = -1, *, dtype: Any = None) -> tf.Tensor:
    if not x.dtype.is_integer:
        raise TypeError(f"one_hot needs integer input, got {x.dtype.name}")
    x = tf.cast(x, tf.int64)
    if num_classes < 0:
        num_classes = int(tf.reduce_max(x)) + 1 if tf.size(x) else 0
    hot = tf.equal(tf.expand_dims(x, -1), tf.range(num_classes, dtype=tf.int64))
    return tf.cast(hot, native_dtypes[dtype or dtypes.int64])


def pad(x: tf.Tensor, pad: Sequence[int], mode: str = "constant", value: float = 0.0) -> tf.Tensor:
    shape = _shape(x)
    pairs = _pad_pairs(len(shape), pad)
    if mode == "constant":
        grow = [[max(b, 0), max(a, 0)] for b, a in pairs]
        fill = tf.constant(numpy.asarray(value).astype(x.dtype.as_numpy_dtype), dtype=x.dtype)
        y = tf.pad(x, grow, constant_values=fill)
        grown = _shape(y)
        return y[tuple(slice(-min(b, 0), grown[i] + min(a, 0)) for i, (b, a) in enumerate(pairs))]
    for axis, (before, after) in enumerate(pairs):
        if before or after:
            x = tf.gather(x, _pad_index(shape[axis], before, after, mode), axis=axis)
    return x


@_real
def interpolate(
    x: tf.Tensor,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
) -> tf.Tensor:
    x = _float(x)
    opmath = numpy.float64 if x.dtype == tf.float64 else numpy.float32
    kind, out, axes = _interp_plan(
        _shape(x), size, scale_factor, mode, align_corners, recompute_scale_factor, opmath
    )
    if kind == "area":
        return adaptive_avg_pool(x, out)
    for d, (index, weights) in enumerate(axes):
        axis = 2 + d
        taken = tf.gather(x, index, axis=axis)
        if weights is None:
            x = tf.squeeze(taken, axis + 1)
            continue
        trailing = (1,) * (x.shape.rank - axis - 1)
        w = tf.constant(weights.reshape(weights.shape + trailing), dtype=x.dtype)
        x = tf.reduce_sum(taken * w, axis=axis + 1)
    return x


# ---------------------------------------------------------------------------------------
# attention, distances
# ---------------------------------------------------------------------------------------
@_real
def scaled_dot_product_attention(
    query: tf.Tensor,
    key: tf.Tensor,
    value: tf.Tensor,
    attn_mask: tf.Tensor | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    *,
    enable_gqa: bool = False,
    dropout_mask: tf.Tensor | None = None,
    generator: Any = None,
) -> tf.Tensor:
    query, key, value = _floats(query, key, value)
    repeat_k, repeat_v = _repeat_heads(query, key, value, enable_gqa)
    key = tf.repeat(key, repeat_k, axis=-3) if repeat_k > 1 else key
    value = tf.repeat(value, repeat_v, axis=-3) if repeat_v > 1 else value
    scale = 1 / math.sqrt(_shape(query)[-1]) if scale is None else scale
    scores = tf.linalg.matmul(query, key, transpose_b=True) * _scalar(scale, query)
    length, source = _shape(scores)[-2:]
    ninf = tf.constant(-numpy.inf, dtype=scores.dtype)
    if is_causal:
        scores = tf.where(numpy.tril(numpy.ones((length, source), dtype=bool)), scores, ninf)
    if attn_mask is not None:
        if attn_mask.dtype == tf.bool:
            scores = tf.where(attn_mask, scores, ninf)
        else:
            scores = scores + tf.cast(attn_mask, scores.dtype)
    # torch's safe softmax: a row with every position masked gives zeros, not NaN
    fully_masked = tf.reduce_all(tf.equal(scores, ninf), axis=-1, keepdims=True)
    weights = tf.where(fully_masked, tf.zeros_like(scores), softmax(scores, -1))
    weights = dropout(weights, dropout_p, mask=dropout_mask, generator=generator)
    return tf.linalg.matmul(weights, value)
