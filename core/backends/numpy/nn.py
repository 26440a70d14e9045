"""numpy implementations of core's nn functions.

They apply the index and weight tables of :mod:`core.backends._nn_common` (shared with
the other backends, so every backend picks the same elements) with numpy indexing.
The losses, cosine_similarity and pairwise_distance are compositions in
:mod:`core.ops.nn`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy
from numpy.lib.stride_tricks import sliding_window_view

from core import dtypes
from core.backends import direct
from core.backends._nn_common import (
    _adaptive_bins,
    _adaptive_sizes,
    _avg_divisor,
    _check_groups,
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
from core.backends.numpy import core_dtypes, native_dtypes, promote, version
from core.support import with_unsupported_dtypes

_no_complex = with_unsupported_dtypes({f"{version} and below": ("complex",)}, version)


def _as_arrays(out: Any) -> Any:
    if isinstance(out, tuple):
        return tuple(_as_arrays(item) for item in out)
    return out if out is None or isinstance(out, numpy.ndarray) else numpy.asarray(out)


def _real(function: Callable[..., Any]) -> Callable[..., Any]:
    """Declare complex unsupported, and return arrays where numpy gives 0-d scalars."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return _as_arrays(function(*args, **kwargs))

    return _no_complex(wrapper)


# ---------------------------------------------------------------------------------------
# numpy helpers
# ---------------------------------------------------------------------------------------
def _float(x: numpy.ndarray) -> numpy.ndarray:
    """``x`` itself when floating, else cast to the default float dtype."""
    if core_dtypes[x.dtype].is_float_dtype:
        return x
    return x.astype(native_dtypes[dtypes.default_float_dtype()])


def _floats(*values: Any) -> tuple[numpy.ndarray, ...]:
    present = [v for v in values if v is not None]
    promoted = iter(promote(*[_float(numpy.asarray(v)) for v in present]))
    return tuple(None if v is None else next(promoted) for v in values)


def _scalar(value: float, like: numpy.ndarray) -> numpy.ndarray:
    return numpy.asarray(value, dtype=like.dtype)


def _wide(*values: numpy.ndarray) -> tuple[numpy.ndarray, ...]:
    """16-bit floats as float32 for matmul/einsum (numpy has no bfloat16 kernels there,
    and torch accumulates half precision in float32 too)."""
    return tuple(v.astype(numpy.float32) if v.dtype.itemsize == 2 else v for v in values)


def _patches(
    x: numpy.ndarray,
    kernel: Sequence[int],
    stride: Sequence[int],
    dilation: Sequence[int],
    out: Sequence[int] | None = None,
) -> numpy.ndarray:
    """``(N, C, prod(kernel), *out)`` windows of an already padded ``(N, C, *spatial)``
    (the first ``out`` window positions per dimension when given)."""
    n = len(kernel)
    axes = tuple(range(2, 2 + n))
    spans = tuple(dilation[i] * (kernel[i] - 1) + 1 for i in range(n))
    view = sliding_window_view(x, spans, axis=axes)
    view = view[(Ellipsis, *(slice(None, None, stride[i]) for i in range(n)), *[slice(None)] * n)]
    view = view[(Ellipsis, *(slice(None, None, dilation[i]) for i in range(n)))]
    if out is not None:
        view = view[(slice(None), slice(None), *(slice(0, o) for o in out))]
    out = view.shape[2 : 2 + n]
    order = (0, 1, *range(2 + n, 2 + 2 * n), *range(2, 2 + n))
    return view.transpose(order).reshape(x.shape[0], x.shape[1], math.prod(kernel), *out)


def _pad_spatial(x: numpy.ndarray, before: Sequence[int], after: Sequence[int], value: float):
    widths = [(0, 0), (0, 0), *zip(before, after)]
    return numpy.pad(x, widths, constant_values=value)


# ---------------------------------------------------------------------------------------
# linear layers and convolution
# ---------------------------------------------------------------------------------------
@_real
def linear(
    x: numpy.ndarray, weight: numpy.ndarray, bias: numpy.ndarray | None = None
) -> numpy.ndarray:
    x, weight, bias = _floats(x, weight, bias)
    wide_x, wide_w = _wide(x, weight)
    y = numpy.matmul(wide_x, numpy.swapaxes(wide_w, -1, -2)).astype(x.dtype)
    return y if bias is None else y + bias


def _conv_core(
    x: numpy.ndarray,
    weight: numpy.ndarray,
    stride: Sequence[int],
    dilation: Sequence[int],
    pads: Sequence[tuple[int, int]],
    groups: int,
) -> numpy.ndarray:
    kernel = weight.shape[2:]
    x = _pad_spatial(x, [p[0] for p in pads], [p[1] for p in pads], 0)
    cols = _patches(x, kernel, stride, dilation)
    batch, channels = x.shape[:2]
    out_shape = cols.shape[3:]
    cols = cols.reshape(batch, groups, channels // groups, math.prod(kernel), -1)
    w = weight.reshape(groups, weight.shape[0] // groups, weight.shape[1], -1)
    y = numpy.einsum("ngckl,gock->ngol", *_wide(cols, w), optimize=True).astype(x.dtype)
    return y.reshape(batch, weight.shape[0], *out_shape)


@_real
def conv(
    x: numpy.ndarray,
    weight: numpy.ndarray,
    bias: numpy.ndarray | None = None,
    *,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> numpy.ndarray:
    x, weight, bias = _floats(x, weight, bias)
    strides, dilations, pads, _ = _conv_geometry(x.shape, weight.shape, stride, padding, dilation)
    _check_groups(x.shape[1], weight.shape[1], groups, weight.shape[0])
    y = _conv_core(x, weight, strides, dilations, pads, groups)
    if bias is not None:
        y = y + bias.reshape(-1, *([1] * (weight.ndim - 2)))
    return y


def _col2im(
    cols: numpy.ndarray,
    padded: Sequence[int],
    kernel: Sequence[int],
    stride: Sequence[int],
    dilation: Sequence[int],
    blocks: Sequence[int],
) -> numpy.ndarray:
    """Sum ``(N, C, prod(kernel), L)`` columns into ``(N, C, *padded)``."""
    index = _window_index(padded, kernel, stride, dilation, blocks).reshape(-1)
    batch, channels = cols.shape[:2]
    out = numpy.zeros((batch, channels, math.prod(padded)), dtype=cols.dtype)
    numpy.add.at(out, (slice(None), slice(None), index), cols.reshape(batch, channels, -1))
    return out.reshape(batch, channels, *padded)


@_real
def conv_transpose(
    x: numpy.ndarray,
    weight: numpy.ndarray,
    bias: numpy.ndarray | None = None,
    *,
    stride: Any = 1,
    padding: Any = 0,
    output_padding: Any = 0,
    groups: int = 1,
    dilation: Any = 1,
) -> numpy.ndarray:
    x, weight, bias = _floats(x, weight, bias)
    kernel, s, p, d, out = _transpose_geometry(
        x.shape, weight.shape, stride, padding, output_padding, dilation
    )
    n = len(kernel)
    batch, channels = x.shape[:2]
    if channels != weight.shape[0] or channels % groups:
        raise ValueError(f"input has {channels} channels, weight expects {weight.shape[0]}")
    out_g = weight.shape[1]
    xs = x.reshape(batch, groups, channels // groups, -1)
    w = weight.reshape(groups, channels // groups, out_g, math.prod(kernel))
    cols = numpy.einsum("ngcl,gcok->ngokl", *_wide(xs, w), optimize=True).astype(x.dtype)
    cols = cols.reshape(batch, groups * out_g, math.prod(kernel), -1)
    padded = tuple(out[i] + 2 * p[i] for i in range(n))
    y = _col2im(cols, padded, kernel, s, d, x.shape[2:])
    y = y[(Ellipsis, *(slice(p[i], p[i] + out[i]) for i in range(n)))]
    if bias is not None:
        y = y + bias.reshape(-1, *([1] * n))
    return y


def unfold(
    x: numpy.ndarray, kernel_size: Any, *, dilation: Any = 1, padding: Any = 0, stride: Any = 1
) -> numpy.ndarray:
    n = x.ndim - 2
    k = _ntuple(kernel_size, n, "kernel_size")
    p = _ntuple(padding, n, "padding")
    x = _pad_spatial(x, p, p, 0)
    cols = _patches(x, k, _ntuple(stride, n, "stride"), _ntuple(dilation, n, "dilation"))
    return cols.reshape(x.shape[0], x.shape[1] * math.prod(k), -1)


def fold(
    x: numpy.ndarray,
    output_size: Any,
    kernel_size: Any,
    *,
    dilation: Any = 1,
    padding: Any = 0,
    stride: Any = 1,
) -> numpy.ndarray:
    size, k, d, p, s, padded, blocks = _fold_geometry(
        output_size, kernel_size, dilation, padding, stride, None
    )
    kk = math.prod(k)
    if x.shape[1] % kk or x.shape[2] != math.prod(blocks):
        raise ValueError(f"fold: input shape {x.shape} does not match the blocks {blocks}")
    cols = x.reshape(x.shape[0], x.shape[1] // kk, kk, x.shape[2])
    y = _col2im(cols, padded, k, s, d, blocks)
    return y[(Ellipsis, *(slice(p[i], p[i] + size[i]) for i in range(len(size))))]


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
@_real
def max_pool(
    x: numpy.ndarray,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    *,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Any:
    x = _float(x)
    k, s, d, p, after, padded, out = _pool_geometry(
        x.shape, kernel_size, stride, padding, dilation, ceil_mode
    )
    cols = _patches(_pad_spatial(x, p, after, -numpy.inf), k, s, d, out)
    values = cols.max(axis=2)
    if not return_indices:
        return values
    positions = _window_index(padded, k, s, d, out, offset=p, plane=x.shape[2:])
    best = cols.reshape(*cols.shape[:3], -1).argmax(axis=2)
    indices = positions[best, numpy.arange(best.shape[-1])]
    return values, indices.reshape(values.shape)


@_real
def avg_pool(
    x: numpy.ndarray,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    *,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> numpy.ndarray:
    x = _float(x)
    k, s, d, p, after, _, out = _pool_geometry(x.shape, kernel_size, stride, padding, 1, ceil_mode)
    total = _patches(_pad_spatial(x, p, after, 0), k, s, d, out).sum(axis=2)
    if divisor_override:
        return total / _scalar(divisor_override, x)
    divisor = _avg_divisor(x.shape[2:], k, s, p, out, count_include_pad)
    return total / divisor.astype(x.dtype)


@_real
def adaptive_avg_pool(x: numpy.ndarray, output_size: Any) -> numpy.ndarray:
    x = _float(x)
    for d, out in enumerate(_adaptive_sizes(x.shape, output_size)):
        axis = 2 + d
        index, valid = _adaptive_bins(x.shape[axis], out)
        taken = numpy.take(x, index, axis=axis)
        mask = valid.reshape(valid.shape + (1,) * (x.ndim - axis - 1))
        total = numpy.where(mask, taken, 0).sum(axis=axis + 1)
        count = valid.sum(1).reshape((-1,) + (1,) * (x.ndim - axis - 1))
        x = total / count.astype(x.dtype)
    return x


@_real
def adaptive_max_pool(x: numpy.ndarray, output_size: Any, *, return_indices: bool = False) -> Any:
    x = _float(x)
    sizes = _adaptive_sizes(x.shape, output_size)
    plane = x.shape[2:]
    flat = None
    for d in reversed(range(len(sizes))):
        axis = 2 + d
        index, valid = _adaptive_bins(x.shape[axis], sizes[d])
        trailing = (1,) * (x.ndim - axis - 1)
        taken = numpy.where(
            valid.reshape(valid.shape + trailing),
            numpy.take(x, index, axis=axis),
            _scalar(-numpy.inf, x),
        )
        best = numpy.expand_dims(taken.argmax(axis=axis + 1), axis + 1)
        x = numpy.take_along_axis(taken, best, axis + 1).squeeze(axis + 1)
        if return_indices:
            chosen = numpy.take_along_axis(
                numpy.broadcast_to(index.reshape(index.shape + trailing), taken.shape),
                best,
                axis + 1,
            ).squeeze(axis + 1)
            here = chosen * math.prod(plane[d + 1 :])
            if flat is not None:
                moved = numpy.take(flat, index, axis=axis)
                flat = numpy.take_along_axis(moved, best, axis + 1).squeeze(axis + 1) + here
            else:
                flat = here
    return (x, flat.astype(numpy.int64)) if return_indices else x


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
@_real
@direct(lambda x: numpy.maximum(x, 0.0))
def relu(x: numpy.ndarray) -> numpy.ndarray:
    if x.dtype == numpy.bool_:
        x = _float(x)
    return numpy.maximum(x, numpy.zeros((), dtype=x.dtype))


@_real
def relu6(x: numpy.ndarray) -> numpy.ndarray:
    return hardtanh(x, 0.0, 6.0)


@_real
def leaky_relu(x: numpy.ndarray, negative_slope: float = 0.01) -> numpy.ndarray:
    x = _float(x)
    return numpy.where(x > 0, x, x * _scalar(negative_slope, x))


@_real
def elu(x: numpy.ndarray, alpha: float = 1.0) -> numpy.ndarray:
    x = _float(x)
    return numpy.where(x > 0, x, _scalar(alpha, x) * numpy.expm1(numpy.minimum(x, 0)))


@_real
def selu(x: numpy.ndarray) -> numpy.ndarray:
    alpha, scale = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946
    return _scalar(scale, _float(x)) * elu(x, alpha)


@_real
def celu(x: numpy.ndarray, alpha: float = 1.0) -> numpy.ndarray:
    x = _float(x)
    a = _scalar(alpha, x)
    return numpy.where(x > 0, x, a * numpy.expm1(numpy.minimum(x, 0) / a))


@_real
def gelu(x: numpy.ndarray, approximate: str = "none") -> numpy.ndarray:
    x = _float(x)
    half = _scalar(0.5, x)
    if approximate == "tanh":
        inner = _scalar(math.sqrt(2 / math.pi), x) * (x + _scalar(0.044715, x) * x * x * x)
        return half * x * (1 + numpy.tanh(inner))
    if approximate != "none":
        raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    erf = _erf(x / _scalar(math.sqrt(2), x)).astype(x.dtype)
    return half * x * (1 + erf)


_erf_wide = numpy.vectorize(math.erf, otypes=[numpy.float64])


def _erf(x: numpy.ndarray) -> numpy.ndarray:
    """erf to double precision (numpy has none; scipy is not a dependency)."""
    return _erf_wide(x.astype(numpy.float64)) if x.size else x.astype(numpy.float64)


@_real
def sigmoid(x: numpy.ndarray) -> numpy.ndarray:
    x = _float(x)
    e = numpy.exp(-numpy.abs(x))
    one = _scalar(1, x)
    return numpy.where(x >= 0, one / (one + e), e / (one + e))


@_real
def silu(x: numpy.ndarray) -> numpy.ndarray:
    x = _float(x)
    return x * sigmoid(x)


@_real
def mish(x: numpy.ndarray) -> numpy.ndarray:
    x = _float(x)
    return x * numpy.tanh(softplus(x))


@_real
def softplus(x: numpy.ndarray, beta: float = 1.0, threshold: float = 20.0) -> numpy.ndarray:
    x = _float(x)
    scaled = x * _scalar(beta, x)
    soft = numpy.logaddexp(_scalar(0, x), scaled) / _scalar(beta, x)
    return numpy.where(scaled > threshold, x, soft)


@_real
def softsign(x: numpy.ndarray) -> numpy.ndarray:
    x = _float(x)
    return x / (1 + numpy.abs(x))


@_real
def hardtanh(x: numpy.ndarray, min_val: float = -1.0, max_val: float = 1.0) -> numpy.ndarray:
    if x.dtype == numpy.bool_:
        x = _float(x)
    if x.dtype.kind in "iu":
        low, high = math.ceil(min_val), math.floor(max_val)
        info = numpy.iinfo(x.dtype)
        return numpy.clip(x, max(low, info.min), min(high, info.max))
    low, high = _scalar(min_val, x), _scalar(max_val, x)
    return numpy.where(x < low, low, numpy.where(x > high, high, x))


@_real
def hardsigmoid(x: numpy.ndarray) -> numpy.ndarray:
    x = _float(x)
    return numpy.clip(x + _scalar(3, x), 0, 6) / _scalar(6, x)


@_real
def hardswish(x: numpy.ndarray) -> numpy.ndarray:
    x = _float(x)
    return x * numpy.clip(x + _scalar(3, x), 0, 6) / _scalar(6, x)


@_real
def log_sigmoid(x: numpy.ndarray) -> numpy.ndarray:
    x = _float(x)
    return -numpy.logaddexp(_scalar(0, x), -x)


@_real
def glu(x: numpy.ndarray, axis: int = -1) -> numpy.ndarray:
    x = _float(x)
    if x.shape[axis] % 2:
        raise ValueError(f"glu halves dimension {axis}, which has odd size {x.shape[axis]}")
    a, b = numpy.split(x, 2, axis=axis)
    return a * sigmoid(b)


def _channel_weight(weight: numpy.ndarray, ndim: int) -> numpy.ndarray:
    if weight.size == 1 or ndim < 2:
        return weight.reshape(())
    return weight.reshape((-1,) + (1,) * (ndim - 2))


@_real
def prelu(x: numpy.ndarray, weight: numpy.ndarray) -> numpy.ndarray:
    x, weight = _floats(x, weight)
    return numpy.where(x > 0, x, x * _channel_weight(weight, x.ndim))


@_real
def softmax(x: numpy.ndarray, axis: int = -1) -> numpy.ndarray:
    x = _float(x)
    if x.size == 0:
        return x.copy()
    e = numpy.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@_real
def log_softmax(x: numpy.ndarray, axis: int = -1) -> numpy.ndarray:
    x = _float(x)
    if x.size == 0:
        return x.copy()
    shifted = x - x.max(axis=axis, keepdims=True)
    return shifted - numpy.log(numpy.exp(shifted).sum(axis=axis, keepdims=True))


# ---------------------------------------------------------------------------------------
# dropout, embedding, one-hot, padding, resampling
# ---------------------------------------------------------------------------------------


@_real
def dropout(
    x: numpy.ndarray,
    p: float = 0.5,
    *,
    training: bool = True,
    mask: numpy.ndarray | None = None,
    generator: Any = None,
) -> numpy.ndarray:
    x = _float(x)
    mask = _dropout_mask(p, training, mask, x.shape, generator)
    if mask is None:
        return x
    if p == 1:
        return numpy.zeros_like(x)
    zero = numpy.zeros((), dtype=x.dtype)
    return numpy.where(mask.astype(bool), x / _scalar(1 - p, x), zero)


def embedding(
    indices: numpy.ndarray, weight: numpy.ndarray, padding_idx: int | None = None
) -> numpy.ndarray:
    if indices.dtype.kind not in "iu":
        raise TypeError(f"embedding indices must be integers, got {indices.dtype}")
    return numpy.take(weight, indices, axis=0)


def one_hot(x: numpy.ndarray, num_classes: int = -1, *, dtype: Any = None) -> numpy.ndarray:
    if x.dtype.kind not in "iu":
        raise TypeError(f"one_hot needs integer input, got {x.dtype}")
    if num_classes < 0:
        num_classes = int(x.max()) + 1 if x.size else 0
    native = native_dtypes[dtype or dtypes.int64]
    return (x[..., None] == numpy.arange(num_classes)).astype(native)


def pad(
    x: numpy.ndarray, pad: Sequence[int], mode: str = "constant", value: float = 0.0
) -> numpy.ndarray:
    pairs = _pad_pairs(x.ndim, pad)
    if mode == "constant":
        grow = [(max(b, 0), max(a, 0)) for b, a in pairs]
        fill = numpy.asarray(value).astype(x.dtype)
        y = numpy.pad(x, grow, constant_values=fill)
        crop = tuple(slice(-min(b, 0), y.shape[i] + min(a, 0)) for i, (b, a) in enumerate(pairs))
        return y[crop].copy()
    for axis, (before, after) in enumerate(pairs):
        if before or after:
            x = numpy.take(x, _pad_index(x.shape[axis], before, after, mode), axis=axis)
    return x


def _opmath(x: numpy.ndarray) -> Any:
    return numpy.float64 if x.dtype == numpy.float64 else numpy.float32


@_real
def interpolate(
    x: numpy.ndarray,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
) -> numpy.ndarray:
    x = _float(x)
    kind, out, axes = _interp_plan(
        x.shape, size, scale_factor, mode, align_corners, recompute_scale_factor, _opmath(x)
    )
    if kind == "area":
        return adaptive_avg_pool(x, out)
    for d, (index, weights) in enumerate(axes):
        axis = 2 + d
        taken = numpy.take(x, index, axis=axis)
        if weights is None:
            x = taken.squeeze(axis + 1)
            continue
        w = weights.astype(x.dtype).reshape(weights.shape + (1,) * (x.ndim - axis - 1))
        x = (taken * w).sum(axis=axis + 1)
    return x


# ---------------------------------------------------------------------------------------
# attention, distances
# ---------------------------------------------------------------------------------------
def _attention_mask(
    scores: numpy.ndarray, attn_mask: numpy.ndarray | None, is_causal: bool
) -> numpy.ndarray:
    length, source = scores.shape[-2:]
    if is_causal:
        causal = numpy.tril(numpy.ones((length, source), dtype=bool))
        scores = numpy.where(causal, scores, -numpy.inf)
    if attn_mask is not None:
        if attn_mask.dtype == numpy.bool_:
            scores = numpy.where(attn_mask, scores, -numpy.inf)
        else:
            scores = scores + attn_mask.astype(scores.dtype)
    return scores


@_real
def scaled_dot_product_attention(
    query: numpy.ndarray,
    key: numpy.ndarray,
    value: numpy.ndarray,
    attn_mask: numpy.ndarray | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    *,
    enable_gqa: bool = False,
    dropout_mask: numpy.ndarray | None = None,
    generator: Any = None,
) -> numpy.ndarray:
    query, key, value = _floats(query, key, value)
    repeat_k, repeat_v = _repeat_heads(query, key, value, enable_gqa)
    key = numpy.repeat(key, repeat_k, axis=-3) if repeat_k > 1 else key
    value = numpy.repeat(value, repeat_v, axis=-3) if repeat_v > 1 else value
    scale = 1 / math.sqrt(query.shape[-1]) if scale is None else scale
    wide_q, wide_k = _wide(query, key)
    scores = numpy.matmul(wide_q, numpy.swapaxes(wide_k, -1, -2)).astype(query.dtype)
    scores = scores * _scalar(scale, query)
    scores = _attention_mask(scores, attn_mask, is_causal)
    # torch's safe softmax: a row with every position masked gives zeros, not NaN
    fully_masked = numpy.all(scores == -numpy.inf, axis=-1, keepdims=True)
    weights = numpy.where(fully_masked, 0, softmax(scores, axis=-1)).astype(scores.dtype)
    weights = dropout(weights, dropout_p, mask=dropout_mask, generator=generator)
    return numpy.matmul(*_wide(weights, value)).astype(query.dtype)
