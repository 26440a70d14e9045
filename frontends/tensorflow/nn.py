"""tf.nn: activations, convolutions, pooling, normalization, losses, dropout ...

Convolutions take TF's layouts (``NHWC``/``NCHW``, filters ``[spatial..., in, out]``) and
padding (``"SAME"`` with TF's asymmetric split, ``"VALID"``, explicit pairs) and run
core's channels-first convolution; pooling is computed from strided window slices (SAME
max pooling ignores the padding, SAME average pooling divides by the count of real
elements, as TF). Values can differ from TF's oneDNN kernels in the last bits.
``dropout`` draws its mask with :func:`frontends.tensorflow.random.uniform` as TF does.

Not here: the CTC functions, the candidate samplers and sampled losses (``nce_loss``,
``sampled_softmax_loss``), fractional pooling, the RNN cell wrappers, the sparse
embedding lookups, ``isotonic_regression``, ``with_space_to_batch``.
"""

from __future__ import annotations

import builtins
import collections
import itertools
import math as _math
from typing import Any

import numpy

import core
from core import compilation
from core import native as ops
from frontends.tensorflow import _array_ops, errors
from frontends.tensorflow import math as _tfmath
from frontends.tensorflow._common import dtype_of, host, host_int, host_ints, native, wrap
from frontends.tensorflow._frontend import functions
from frontends.tensorflow._kernels import check
from frontends.tensorflow._tensor import Tensor, match_operands

__all__ = [
    "atrous_conv2d", "atrous_conv2d_transpose", "avg_pool", "avg_pool1d", "avg_pool2d",
    "avg_pool3d", "batch_norm_with_global_normalization", "batch_normalization", "bias_add",
    "compute_average_loss", "conv1d", "conv1d_transpose", "conv2d", "conv2d_transpose",
    "conv3d", "conv3d_transpose", "conv_transpose", "convolution", "crelu", "depth_to_space",
    "depthwise_conv2d", "depthwise_conv2d_backprop_filter", "depthwise_conv2d_backprop_input",
    "dropout", "elu", "embedding_lookup", "gelu", "in_top_k", "l2_loss", "l2_normalize",
    "leaky_relu", "local_response_normalization", "log_poisson_loss", "log_softmax", "lrn",
    "max_pool", "max_pool1d", "max_pool2d", "max_pool3d", "max_pool_with_argmax", "moments",
    "normalize_moments", "pool", "relu", "relu6", "scale_regularization_loss", "selu",
    "separable_conv2d", "sigmoid", "sigmoid_cross_entropy_with_logits", "silu", "softmax",
    "softmax_cross_entropy_with_logits", "softplus", "softsign", "space_to_batch",
    "space_to_depth", "sparse_softmax_cross_entropy_with_logits", "sufficient_statistics",
    "swish", "tanh", "top_k", "weighted_cross_entropy_with_logits", "weighted_moments",
    "zero_fraction", "approx_max_k", "approx_min_k", "dilation2d", "erosion2d",
    "space_to_batch_nd", "batch_to_space",
]  # fmt: skip

sigmoid = _tfmath.sigmoid
tanh = _tfmath.tanh
softplus = _tfmath.softplus
softsign = _tfmath.softsign
softmax = _tfmath.softmax
log_softmax = _tfmath.log_softmax
l2_normalize = _tfmath.l2_normalize
top_k = _tfmath.top_k
in_top_k = _tfmath.in_top_k
zero_fraction = _tfmath.zero_fraction
approx_max_k = _tfmath.approx_max_k
approx_min_k = _tfmath.approx_min_k


def _float(x: Any, value: float) -> Any:
    return ops.asarray(value, dtype=dtype_of(x))


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
def _activation(name: str, fn: Any, direct: str | None = None) -> Any:
    """``direct``: the core function ``fn`` computes on float32/float64 (a fast path)."""

    def activation(features: Any, name: Any = None) -> Tensor:
        x = native(features)
        check(f"nn.{name_}", x)
        return wrap(fn(x))

    name_ = name
    activation.__name__ = activation.__qualname__ = name
    return functions.fast(direct, "features")(activation) if direct else activation


relu = _activation("relu", lambda x: ops.maximum(x, ops.zeros_like(x)), "nn.relu")
relu6 = _activation("relu6", lambda x: ops.minimum(ops.maximum(x, ops.zeros_like(x)), _float(x, 6)))
elu = _activation("elu", lambda x: ops.where(ops.greater(x, ops.zeros_like(x)), x, ops.expm1(x)))

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _selu(x: Any) -> Any:
    negative = ops.multiply(_float(x, _SELU_ALPHA), ops.expm1(x))
    return ops.multiply(
        _float(x, _SELU_SCALE), ops.where(ops.greater(x, ops.zeros_like(x)), x, negative)
    )


selu = _activation("selu", _selu)


def leaky_relu(features: Any, alpha: float = 0.2, name: Any = None) -> Tensor:
    x = native(features)
    check("nn.leaky_relu", x)
    if dtype_of(x).kind in "iu":
        x = ops.astype(x, core.float32)
    scaled = ops.multiply(x, _float(x, alpha))
    return wrap(ops.where(ops.greater(x, ops.zeros_like(x)), x, scaled))


def gelu(features: Any, approximate: bool = False, name: Any = None) -> Tensor:
    x = native(features)
    check("nn.gelu", x)
    half = _float(x, 0.5)
    if approximate:
        inner = ops.multiply(
            _float(x, 0.7978845608028654),
            ops.add(x, ops.multiply(_float(x, 0.044715), ops.pow(x, _float(x, 3)))),
        )
        return wrap(ops.multiply(ops.multiply(half, x), ops.add(_float(x, 1), ops.tanh(inner))))
    return wrap(
        ops.multiply(
            ops.multiply(half, x),
            ops.add(_float(x, 1), ops.erf(ops.divide(x, _float(x, 1.4142135623730951)))),
        )
    )


def silu(features: Any, beta: float = 1.0) -> Tensor:
    x = native(features)
    check("nn.silu", x)
    if beta == 1.0:
        return wrap(ops.multiply(x, ops.sigmoid(x)))
    return wrap(ops.multiply(x, ops.sigmoid(ops.multiply(_float(x, beta), x))))


swish = silu


def crelu(features: Any, name: Any = None, axis: int = -1) -> Tensor:
    x = native(features)
    check("nn.crelu", x)
    both = ops.concat([x, ops.negative(x)], axis=axis)
    return wrap(ops.maximum(both, ops.zeros_like(both)))


def bias_add(value: Any, bias: Any, data_format: Any = None, name: Any = None) -> Tensor:
    x, b = match_operands([value, bias], "BiasAdd")
    check("nn.bias_add", x)
    if len(b.shape) != 1:
        raise errors.invalid_argument(f"Biases must be 1D: {list(b.shape)}", "BiasAdd")
    channels_first = data_format is not None and data_format.startswith("NC")
    axis = 1 if channels_first else len(x.shape) - 1
    if len(x.shape) < 2 or x.shape[axis] != b.shape[0]:
        raise errors.invalid_argument(
            f"Must provide as many biases as the last dimension of the input tensor: "
            f"{list(b.shape)} vs. {list(x.shape)}",
            "BiasAdd",
        )
    shape = [1] * len(x.shape)
    shape[axis] = b.shape[0]
    return wrap(ops.add(x, ops.reshape(b, builtins.tuple(shape))))


def l2_loss(t: Any, name: Any = None) -> Tensor:
    x = native(t)
    check("nn.l2_loss", x)
    return wrap(ops.divide(ops.sum(ops.multiply(x, x), dtype=dtype_of(x)), _float(x, 2)))


# ---------------------------------------------------------------------------------------
# convolution
# ---------------------------------------------------------------------------------------
def _channels_first(data_format: str | None) -> bool:
    return data_format is not None and data_format.startswith("NC")


def _to_first(x: Any, first: bool) -> Any:
    if first:
        return x
    n = len(x.shape)
    return ops.permute_dims(x, (0, n - 1, *builtins.range(1, n - 1)))


def _from_first(x: Any, first: bool) -> Any:
    if first:
        return x
    n = len(x.shape)
    return ops.permute_dims(x, (0, *builtins.range(2, n), 1))


def _spatial(value: Any, rank: int, first: bool, name: str) -> list[int]:
    """A stride/dilation/ksize argument (int, list of rank, or of rank + 2) as spatial ints."""
    if value is None:
        return [1] * rank
    values = host_ints(value)
    if len(values) == 1:
        return values * rank
    if len(values) == rank:
        return values
    if len(values) == rank + 2:
        return values[2:] if first else values[1:-1]
    raise ValueError(
        f"{name} should be of length 1, {rank} or {rank + 2}. Received: {name}={value}"
    )


def _same_pads(size: int, k: int, s: int, d: int) -> builtins.tuple[int, int]:
    effective = (k - 1) * d + 1
    out = -(-size // s)
    total = builtins.max((out - 1) * s + effective - size, 0)
    return total // 2, total - total // 2


def _paddings(padding: Any, sizes: list[int], kernel: list[int], strides: list[int],
              dilations: list[int], first: bool) -> list[builtins.tuple[int, int]]:  # fmt: skip
    rank = len(sizes)
    if isinstance(padding, str):
        mode = padding.upper()
        if mode == "VALID":
            return [(0, 0)] * rank
        if mode == "SAME":
            return [_same_pads(*a) for a in zip(sizes, kernel, strides, dilations)]
        raise ValueError(f"padding must be 'SAME', 'VALID' or explicit; got {padding!r}")
    pairs = [builtins.tuple(int(v) for v in pair) for pair in padding]
    if len(pairs) == rank + 2:
        pairs = pairs[2:] if first else pairs[1:-1]
    return pairs


def _pad_spatial(x: Any, pads: list[builtins.tuple[int, int]], value: Any = 0) -> Any:
    """Pad the spatial dims of a channels-first array with ``value``."""
    if not any(b or a for b, a in pads):
        return x
    result = x
    for d, (before, after) in enumerate(pads, start=2):
        shape = list(result.shape)
        parts = []
        if before:
            parts.append(ops.full((*shape[:d], before, *shape[d + 1 :]), value, dtype=dtype_of(x)))
        parts.append(result)
        if after:
            parts.append(ops.full((*shape[:d], after, *shape[d + 1 :]), value, dtype=dtype_of(x)))
        result = ops.concat(parts, axis=d)
    return result


def _conv(x: Any, w: Any, strides: Any, padding: Any, data_format: Any, dilations: Any,
          rank: int, op: str, groups_from_filter: bool = True) -> Any:  # fmt: skip
    """An N-d convolution with TF's arguments on native arrays (filter
    ``[spatial..., in/groups, out]``)."""
    x, w = match_operands([x, w], op)
    check("nn.conv2d", x)
    if len(x.shape) != rank + 2:
        raise ValueError(f"input must be {rank + 2}-D, got shape {list(x.shape)}")
    first = _channels_first(data_format)
    xf = _to_first(x, first)
    strides_ = _spatial(strides, rank, first, "strides")
    dilations_ = _spatial(dilations, rank, first, "dilations")
    kernel = list(w.shape[:rank])
    channels = xf.shape[1]
    if channels % w.shape[rank]:
        raise errors.invalid_argument(
            f"input depth must be evenly divisible by filter depth: {channels} vs {w.shape[rank]}",
            op,
        )
    groups = channels // w.shape[rank]
    pads = _paddings(padding, list(xf.shape[2:]), kernel, strides_, dilations_, first)
    xf = _pad_spatial(xf, pads)
    for size, k, d in zip(xf.shape[2:], kernel, dilations_):
        if size < (k - 1) * d + 1:
            raise errors.invalid_argument(
                "Computed output size would be negative: "
                f"{(size - (k - 1) * d - 1) // 1} [input_size: {size}, effective_filter_size: "
                f"{(k - 1) * d + 1}, stride: {strides_[0]}]",
                op,
            )
    weight = ops.permute_dims(w, (rank + 1, rank, *builtins.range(rank)))
    out = ops.nn.conv(xf, weight, stride=builtins.tuple(strides_), padding=0,
                      dilation=builtins.tuple(dilations_), groups=groups)  # fmt: skip
    if dtype_of(out) != dtype_of(x):
        out = ops.astype(out, dtype_of(x))
    return _from_first(out, first)


def convolution(input: Any, filters: Any, strides: Any = None, padding: str = "VALID",
                data_format: Any = None, dilations: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    rank = len(native(filters).shape) - 2
    return wrap(_conv(input, filters, strides, padding, data_format, dilations, rank, "Conv"))


def conv1d(input: Any, filters: Any, stride: Any, padding: Any, data_format: str = "NWC",
           dilations: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_conv(input, filters, stride, padding, data_format, dilations, 1, "Conv2D"))


def conv2d(input: Any, filters: Any, strides: Any, padding: Any, data_format: str = "NHWC",
           dilations: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_conv(input, filters, strides, padding, data_format, dilations, 2, "Conv2D"))


def conv3d(input: Any, filters: Any, strides: Any, padding: Any, data_format: str = "NDHWC",
           dilations: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    if not isinstance(strides, (list, builtins.tuple)):
        raise TypeError(f"Expected list for 'strides' argument to 'conv3d' Op, not {strides}.")
    return wrap(_conv(input, filters, strides, padding, data_format, dilations, 3, "Conv3D"))


def atrous_conv2d(value: Any, filters: Any, rate: int, padding: str, name: Any = None) -> Tensor:
    return conv2d(value, filters, 1, padding, dilations=rate)


def depthwise_conv2d(input: Any, filter: Any, strides: Any, padding: Any, data_format: Any = None,
                     dilations: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    """tf.nn.depthwise_conv2d: filter ``[kh, kw, in, multiplier]``; output channel
    ``c * multiplier + m``."""
    x, w = match_operands([input, filter], "DepthwiseConv2dNative")
    kh, kw, channels, multiplier = w.shape
    grouped = ops.reshape(w, (kh, kw, 1, channels * multiplier))
    return wrap(
        _conv(x, grouped, strides, padding, data_format, dilations, 2, "DepthwiseConv2dNative")
    )


def separable_conv2d(input: Any, depthwise_filter: Any, pointwise_filter: Any, strides: Any,
                     padding: Any, data_format: Any = None, dilations: Any = None,
                     name: Any = None) -> Tensor:  # fmt: skip
    depthwise = depthwise_conv2d(input, depthwise_filter, strides, padding, data_format, dilations)
    return conv2d(depthwise, pointwise_filter, 1, "VALID", data_format or "NHWC")


def _conv_transpose(x: Any, w: Any, output_shape: Any, strides: Any, padding: Any,
                    data_format: Any, dilations: Any, rank: int, op: str) -> Any:  # fmt: skip
    """The adjoint of :func:`_conv` for ``output_shape`` (filter ``[spatial..., out, in]``)."""
    x, w = match_operands([x, w], op)
    check("nn.conv2d", x)
    first = _channels_first(data_format)
    xf = _to_first(x, first)
    out_dims = host_ints(output_shape)
    spatial_out = out_dims[2:] if first else out_dims[1:-1]
    strides_ = _spatial(strides, rank, first, "strides")
    dilations_ = _spatial(dilations, rank, first, "dilations")
    kernel = list(w.shape[:rank])
    if w.shape[rank + 1] != xf.shape[1]:
        raise errors.invalid_argument(
            f"input and filter must have the same depth: {xf.shape[1]} vs {w.shape[rank + 1]}", op
        )
    pads = _paddings(padding, spatial_out, kernel, strides_, dilations_, first)
    weight = ops.permute_dims(w, (rank + 1, rank, *builtins.range(rank)))
    full = ops.nn.conv_transpose(xf, weight, stride=builtins.tuple(strides_), padding=0,
                                 dilation=builtins.tuple(dilations_))  # fmt: skip
    key: list[Any] = [builtins.slice(None), builtins.slice(None)]
    extra = []
    for size, (before, _), have in zip(spatial_out, pads, full.shape[2:]):
        key.append(builtins.slice(before, before + size))
        extra.append((0, builtins.max(before + size - have, 0)))
    out = _pad_spatial(full, extra)
    out = ops.get_item(out, builtins.tuple(key))
    return _from_first(out, first)


def conv2d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any,
                     padding: Any = "SAME", data_format: str = "NHWC", dilations: Any = None,
                     name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_conv_transpose(input, filters, output_shape, strides, padding, data_format,
                                dilations, 2, "Conv2DBackpropInput"))  # fmt: skip


def conv1d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any,
                     padding: Any = "SAME", data_format: str = "NWC", dilations: Any = None,
                     name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_conv_transpose(input, filters, output_shape, strides, padding, data_format,
                                dilations, 1, "Conv2DBackpropInput"))  # fmt: skip


def conv3d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any,
                     padding: Any = "SAME", data_format: str = "NDHWC", dilations: Any = None,
                     name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_conv_transpose(input, filters, output_shape, strides, padding, data_format,
                                dilations, 3, "Conv3DBackpropInputV2"))  # fmt: skip


def conv_transpose(input: Any, filters: Any, output_shape: Any, strides: Any,
                   padding: Any = "SAME", data_format: Any = None, dilations: Any = None,
                   name: Any = None) -> Tensor:  # fmt: skip
    rank = len(native(filters).shape) - 2
    return wrap(_conv_transpose(input, filters, output_shape, strides, padding, data_format,
                                dilations, rank, "Conv2DBackpropInput"))  # fmt: skip


def atrous_conv2d_transpose(value: Any, filters: Any, output_shape: Any, rate: int,
                            padding: Any, name: Any = None) -> Tensor:  # fmt: skip
    return conv2d_transpose(value, filters, output_shape, 1, padding, dilations=rate)


def depthwise_conv2d_backprop_input(input_sizes: Any, filter: Any, out_backprop: Any, strides: Any,
                                    padding: Any, data_format: str = "NHWC", dilations: Any = None,
                                    name: Any = None) -> Tensor:  # fmt: skip
    """The gradient of depthwise_conv2d with respect to its input, by the core engine."""
    from core import autodiff

    sizes = host_ints(input_sizes)
    f = native(filter)

    def forward(x: Any) -> Any:
        return native(depthwise_conv2d(x, f, strides, padding, data_format, dilations))

    zeros = ops.zeros(builtins.tuple(sizes), dtype=dtype_of(f))
    _, pullback = autodiff.vjp(forward, zeros)
    return wrap(pullback(native(out_backprop))[0])


def depthwise_conv2d_backprop_filter(input: Any, filter_sizes: Any, out_backprop: Any,
                                     strides: Any, padding: Any, data_format: str = "NHWC",
                                     dilations: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    """The gradient of depthwise_conv2d with respect to its filter, by the core engine."""
    from core import autodiff

    x = native(input)

    def forward(f: Any) -> Any:
        return native(depthwise_conv2d(x, f, strides, padding, data_format, dilations))

    zeros = ops.zeros(builtins.tuple(host_ints(filter_sizes)), dtype=dtype_of(x))
    _, pullback = autodiff.vjp(forward, zeros)
    return wrap(pullback(native(out_backprop))[0])


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
def _windows(xf: Any, kernel: list[int], strides: list[int], dilations: list[int]) -> list[Any]:
    """The strided slices of a padded channels-first array, one per kernel offset."""
    outs = [
        (size - (k - 1) * d - 1) // s + 1
        for size, k, s, d in zip(xf.shape[2:], kernel, strides, dilations)
    ]
    slices = []
    for offset in itertools.product(*(builtins.range(k) for k in kernel)):
        key = [builtins.slice(None), builtins.slice(None)]
        for o, d, s, n in zip(offset, dilations, strides, outs):
            start = o * d
            key.append(builtins.slice(start, start + (n - 1) * s + 1, s))
        slices.append(ops.get_item(xf, builtins.tuple(key)))
    return slices


def _pool(input: Any, ksize: Any, strides: Any, padding: Any, data_format: Any, rank: int,
          kind: str, dilations: Any = None) -> Any:  # fmt: skip
    x = native(input)
    check("nn.max_pool2d" if kind == "MAX" else "nn.avg_pool2d", x)
    if len(x.shape) != rank + 2:  # the kernel's check (1-D pooling runs the 2-D kernel)
        op = ("MaxPool" if kind == "MAX" else "AvgPool") + ("3D" if rank == 3 else "")
        raise errors.invalid_argument(
            f"Input must be {'5' if rank == 3 else '4 or 5'}-dimensional", op
        )
    first = _channels_first(data_format)
    xf = _to_first(x, first)
    kernel = _spatial(ksize, rank, first, "ksize")
    strides_ = _spatial(strides, rank, first, "strides")
    dilations_ = _spatial(dilations, rank, first, "dilations")
    pads = _paddings(padding, list(xf.shape[2:]), kernel, strides_, dilations_, first)
    for size, k, (b, a) in zip(xf.shape[2:], kernel, pads):
        if size + b + a < k:
            raise errors.invalid_argument(
                f"Computed output size would be negative: {size + b + a - k} [input_size: "
                f"{size}, effective_filter_size: {k}, stride: {strides_[0]}]",
                "MaxPool" if kind == "MAX" else "AvgPool",
            )
    dtype = dtype_of(x)
    if kind == "MAX":
        low = -numpy.inf if dtype.kind == "f" else int(numpy.iinfo(str(dtype)).min)
        padded = _pad_spatial(xf, pads, low)
        slices = _windows(padded, kernel, strides_, dilations_)
        result = slices[0]
        for s in slices[1:]:
            result = ops.maximum(result, s)
        return _from_first(result, first)
    padded = _pad_spatial(xf, pads, 0)
    ones = _pad_spatial(ops.ones((1, 1, *xf.shape[2:]), dtype=dtype), pads, 0)
    total = None
    count = None
    for s, c in zip(_windows(padded, kernel, strides_, dilations_),
                    _windows(ones, kernel, strides_, dilations_)):  # fmt: skip
        total = s if total is None else ops.add(total, s)
        count = c if count is None else ops.add(count, c)
    return _from_first(ops.divide(total, count), first)


def max_pool(input: Any, ksize: Any, strides: Any, padding: Any, data_format: Any = None,
             name: Any = None) -> Tensor:  # fmt: skip
    rank = len(native(input).shape) - 2
    if rank not in (1, 2, 3):
        raise ValueError(
            "`input.shape.rank` must be 3, 4 or 5. Received: "
            f"input.shape={tuple(native(input).shape)} of rank {rank + 2}."
        )
    return wrap(_pool(input, ksize, strides, padding, data_format, rank, "MAX"))


def max_pool1d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NWC",
               name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_pool(input, ksize, strides, padding, data_format, 1, "MAX"))


def max_pool2d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NHWC",
               name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_pool(input, ksize, strides, padding, data_format, 2, "MAX"))


def max_pool3d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NDHWC",
               name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_pool(input, ksize, strides, padding, data_format, 3, "MAX"))


def avg_pool(input: Any, ksize: Any, strides: Any, padding: Any, data_format: Any = None,
             name: Any = None) -> Tensor:  # fmt: skip
    rank = len(native(input).shape) - 2
    if rank not in (1, 2, 3):
        raise ValueError(
            "`input.shape.rank` must be 3, 4 or 5. Received: "
            f"input.shape={tuple(native(input).shape)} of rank {rank + 2}."
        )
    return wrap(_pool(input, ksize, strides, padding, data_format, rank, "AVG"))


def avg_pool1d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NWC",
               name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_pool(input, ksize, strides, padding, data_format, 1, "AVG"))


def avg_pool2d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NHWC",
               name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_pool(input, ksize, strides, padding, data_format, 2, "AVG"))


def avg_pool3d(input: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NDHWC",
               name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_pool(input, ksize, strides, padding, data_format, 3, "AVG"))


def pool(input: Any, window_shape: Any, pooling_type: str, strides: Any = None,
         padding: str = "VALID", data_format: Any = None, dilations: Any = None,
         name: Any = None) -> Tensor:  # fmt: skip
    rank = len(window_shape)
    kind = pooling_type.upper()
    if kind not in ("MAX", "AVG"):
        raise ValueError(f"Invalid pooling_type: {pooling_type}")
    return wrap(_pool(input, window_shape, strides or [1] * rank, padding, data_format, rank,
                      kind, dilations))  # fmt: skip


MaxPoolWithArgmax = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])


def max_pool_with_argmax(input: Any, ksize: Any, strides: Any, padding: Any,
                         data_format: str = "NHWC", output_dtype: Any = "int64",
                         include_batch_in_index: bool = False, name: Any = None) -> Any:  # fmt: skip
    """tf.nn.max_pool_with_argmax: the flat index ``(y * W + x) * C + c`` of each
    maximum (with the batch when ``include_batch_in_index``); the first maximum wins."""
    from frontends.tensorflow._common import as_core

    x = native(input)
    n, h, w, c = x.shape
    kernel = _spatial(ksize, 2, False, "ksize")
    strides_ = _spatial(strides, 2, False, "strides")
    pads = _paddings(padding, [h, w], kernel, strides_, [1, 1], False)
    xf = _to_first(x, False)
    low = -numpy.inf if dtype_of(x).kind == "f" else int(numpy.iinfo(str(dtype_of(x))).min)
    padded = _pad_spatial(xf, pads, low)
    rows = ops.reshape(ops.arange(h, dtype=core.int64), (1, 1, h, 1))
    cols = ops.reshape(ops.arange(w, dtype=core.int64), (1, 1, 1, w))
    chans = ops.reshape(ops.arange(c, dtype=core.int64), (1, c, 1, 1))
    batch = ops.reshape(ops.arange(n, dtype=core.int64), (n, 1, 1, 1))
    flat = ops.add(ops.multiply(ops.add(ops.multiply(rows, w), cols), c), chans)
    if include_batch_in_index:
        flat = ops.add(flat, ops.multiply(batch, h * w * c))
    flat = ops.broadcast_to(flat, builtins.tuple(xf.shape))
    index = _pad_spatial(flat, pads, -1)
    best = bestindex = None
    for value, idx in zip(_windows(padded, kernel, strides_, [1, 1]),
                          _windows(index, kernel, strides_, [1, 1])):  # fmt: skip
        if best is None:
            best, bestindex = value, idx
        else:
            better = ops.greater(value, best)
            best = ops.where(better, value, best)
            bestindex = ops.where(better, idx, bestindex)
    return MaxPoolWithArgmax(
        wrap(_from_first(best, False)),
        wrap(ops.astype(_from_first(bestindex, False), as_core(output_dtype))),
    )


def _morphology(x: Any, filters: Any, strides: Any, rates: Any, padding: str, sign: int) -> Any:
    v, f = match_operands([x, filters], "Dilation2D")
    kh, kw, _ = f.shape
    strides_ = _spatial(strides, 2, False, "strides")
    rates_ = _spatial(rates, 2, False, "rates")
    xf = _to_first(v, False)
    pads = _paddings(padding, list(xf.shape[2:]), [kh, kw], strides_, rates_, False)
    padded = _pad_spatial(xf, pads, -numpy.inf if sign > 0 else numpy.inf)
    result = None
    for (i, j), window in zip(itertools.product(builtins.range(kh), builtins.range(kw)),
                              _windows(padded, [kh, kw], strides_, rates_)):  # fmt: skip
        weight = ops.reshape(ops.get_item(f, (i, j)), (1, -1, 1, 1))
        value = ops.add(window, weight) if sign > 0 else ops.subtract(window, weight)
        if result is None:
            result = value
        else:
            result = ops.maximum(result, value) if sign > 0 else ops.minimum(result, value)
    return _from_first(result, False)


def dilation2d(input: Any, filters: Any, strides: Any, padding: str, data_format: str = "NHWC",
               dilations: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    return wrap(_morphology(input, filters, strides, dilations, padding, 1))


def erosion2d(value: Any, filters: Any, strides: Any, padding: str, data_format: str = "NHWC",
              dilations: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    f = native(filters)
    flipped = ops.flip(f, axis=(0, 1))
    return wrap(_morphology(value, flipped, strides, dilations, padding, -1))


# ---------------------------------------------------------------------------------------
# normalization and moments
# ---------------------------------------------------------------------------------------
def batch_normalization(x: Any, mean: Any, variance: Any, offset: Any, scale: Any,
                        variance_epsilon: Any, name: Any = None) -> Tensor:  # fmt: skip
    """tf.nn.batch_normalization with TF's formula: ``x * inv + (offset - mean * inv)``
    where ``inv = rsqrt(variance + epsilon) * scale``."""
    v = native(x)
    dtype = dtype_of(v)
    m, var = native(mean, None), native(variance, None)
    inv = ops.divide(
        ops.ones((), dtype=dtype),
        ops.sqrt(ops.add(var, ops.asarray(variance_epsilon, dtype=dtype))),
    )
    if scale is not None:
        inv = ops.multiply(inv, native(scale))
    shift = ops.negative(ops.multiply(m, inv))
    if offset is not None:
        shift = ops.subtract(native(offset), ops.multiply(m, inv))
    return wrap(ops.add(ops.multiply(v, ops.astype(inv, dtype)), ops.astype(shift, dtype)))


def batch_norm_with_global_normalization(input: Any, mean: Any, variance: Any, beta: Any,
                                         gamma: Any, variance_epsilon: Any,
                                         scale_after_normalization: bool,
                                         name: Any = None) -> Tensor:  # fmt: skip
    return batch_normalization(input, mean, variance, beta,
                               gamma if scale_after_normalization else None, variance_epsilon)  # fmt: skip


def moments(x: Any, axes: Any, shift: Any = None, keepdims: bool = False, name: Any = None) -> Any:
    """tf.nn.moments: ``mean`` and ``mean((x - mean)**2)`` (float16 computed in float32)."""
    v = native(x)
    dtype = dtype_of(v)
    y = ops.astype(v, core.float32) if dtype == core.float16 else v
    a = builtins.tuple(host_ints(axes))
    mean = native(_tfmath.reduce_mean(y, a, True))
    centered = ops.subtract(y, mean)
    variance = native(_tfmath.reduce_mean(ops.multiply(centered, centered), a, True))
    if not keepdims:
        mean = ops.squeeze(mean, axis=builtins.tuple(d % len(v.shape) for d in a))
        variance = ops.squeeze(variance, axis=builtins.tuple(d % len(v.shape) for d in a))
    if dtype == core.float16:
        mean, variance = ops.astype(mean, dtype), ops.astype(variance, dtype)
    return wrap(mean), wrap(variance)


def weighted_moments(x: Any, axes: Any, frequency_weights: Any, keepdims: bool = False,
                     name: Any = None) -> Any:  # fmt: skip
    v = native(x)
    w = ops.astype(native(frequency_weights), dtype_of(v))
    a = builtins.tuple(host_ints(axes))
    weighted = ops.multiply(w, v)
    total = ops.sum(
        ops.broadcast_to(
            w,
            builtins.tuple(ops.broadcast_shapes(builtins.tuple(w.shape), builtins.tuple(v.shape))),
        ),
        axis=a,
        keepdims=True,
    )
    divisor = ops.divide(ops.ones_like(total), total)
    mean = ops.multiply(ops.sum(weighted, axis=a, keepdims=True), divisor)
    deviation = ops.square(ops.subtract(v, mean))
    variance = ops.multiply(ops.sum(ops.multiply(w, deviation), axis=a, keepdims=True), divisor)
    if not keepdims:
        mean = ops.squeeze(mean, axis=a)
        variance = ops.squeeze(variance, axis=a)
    return wrap(mean), wrap(variance)


def sufficient_statistics(x: Any, axes: Any, shift: Any = None, keepdims: bool = False,
                          name: Any = None) -> Any:  # fmt: skip
    v = native(x)
    a = builtins.tuple(host_ints(axes))
    count = _math.prod(v.shape[d] for d in a)
    counts = ops.asarray(count, dtype=dtype_of(v))
    if shift is not None:
        s = native(shift, dtype_of(v))
        m = ops.subtract(v, s)
    else:
        s, m = None, v
    m_ss = ops.sum(m, axis=a, keepdims=keepdims)
    v_ss = ops.sum(ops.multiply(m, m), axis=a, keepdims=keepdims)
    return wrap(counts), wrap(m_ss), wrap(v_ss), wrap(s)


def normalize_moments(counts: Any, mean_ss: Any, variance_ss: Any, shift: Any,
                      name: Any = None) -> Any:  # fmt: skip
    n, m, v = native(counts), native(mean_ss), native(variance_ss)
    divisor = ops.divide(ops.ones_like(n), n)
    shifted = ops.multiply(m, divisor)
    mean = ops.add(shifted, native(shift)) if shift is not None else shifted
    variance = ops.subtract(ops.multiply(v, divisor), ops.multiply(shifted, shifted))
    return wrap(mean), wrap(variance)


def local_response_normalization(input: Any, depth_radius: int = 5, bias: float = 1,
                                 alpha: float = 1, beta: float = 0.5,
                                 name: Any = None) -> Tensor:  # fmt: skip
    x = native(input)
    c = x.shape[-1]
    squares = ops.multiply(x, x)
    padded = ops.concat([ops.zeros((*x.shape[:-1], depth_radius), dtype=dtype_of(x)), squares,
                         ops.zeros((*x.shape[:-1], depth_radius), dtype=dtype_of(x))], axis=-1)  # fmt: skip
    total = None
    for k in builtins.range(2 * depth_radius + 1):
        part = ops.get_item(padded, (..., builtins.slice(k, k + c)))
        total = part if total is None else ops.add(total, part)
    scale = ops.add(_float(x, bias), ops.multiply(_float(x, alpha), total))
    return wrap(ops.divide(x, ops.pow(scale, _float(x, beta))))


lrn = local_response_normalization


# ---------------------------------------------------------------------------------------
# losses
# ---------------------------------------------------------------------------------------
def sigmoid_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                      name: Any = None) -> Tensor:  # fmt: skip
    """``max(x, 0) - x * z + log1p(exp(-|x|))`` as TF computes it."""
    x, z = match_operands([logits, labels], "Mul")
    if builtins.tuple(x.shape) != builtins.tuple(z.shape):
        raise ValueError(f"`logits` and `labels` must have the same shape, received "
                         f"({list(x.shape)} vs {list(z.shape)}).")  # fmt: skip
    zeros = ops.zeros_like(x)
    relu_logits = ops.where(ops.greater_equal(x, zeros), x, zeros)
    neg_abs = ops.where(ops.greater_equal(x, zeros), ops.negative(x), x)
    return wrap(ops.add(ops.subtract(relu_logits, ops.multiply(x, z)), ops.log1p(ops.exp(neg_abs))))


def weighted_cross_entropy_with_logits(labels: Any, logits: Any, pos_weight: Any,
                                       name: Any = None) -> Tensor:  # fmt: skip
    x, z = match_operands([logits, labels], "Mul")
    q = native(pos_weight, dtype_of(x))
    log_weight = ops.add(
        ops.ones_like(x), ops.multiply(ops.subtract(q, ops.ones((), dtype=dtype_of(x))), z)
    )
    softplus_term = ops.add(ops.log1p(ops.exp(ops.negative(ops.abs(x)))),
                            ops.maximum(ops.negative(x), ops.zeros_like(x)))  # fmt: skip
    return wrap(ops.add(ops.multiply(ops.subtract(ops.ones_like(z), z), x),
                        ops.multiply(log_weight, softplus_term)))  # fmt: skip


def softmax_cross_entropy_with_logits(labels: Any, logits: Any, axis: int = -1,
                                      name: Any = None) -> Tensor:  # fmt: skip
    x, z = match_operands([logits, labels], "SoftmaxCrossEntropyWithLogits")
    check("nn.softmax", x)
    if builtins.tuple(x.shape) != builtins.tuple(z.shape):
        raise errors.invalid_argument(
            f"logits and labels must be broadcastable: logits_size=[{','.join(map(str, x.shape))}] "
            f"labels_size=[{','.join(map(str, z.shape))}]",
            "SoftmaxCrossEntropyWithLogits",
        )
    shifted = ops.subtract(x, ops.max(x, axis=axis, keepdims=True))
    log_prob = ops.subtract(shifted, ops.log(ops.sum(ops.exp(shifted), axis=axis, keepdims=True)))
    return wrap(ops.negative(ops.sum(ops.multiply(z, log_prob), axis=axis)))


def sparse_softmax_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                             name: Any = None) -> Tensor:  # fmt: skip
    x = native(logits)
    ids = native(labels)
    check("nn.softmax", x)
    if builtins.tuple(ids.shape) != builtins.tuple(x.shape[:-1]):
        raise ValueError(f"`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
                         f"labels.shape={list(ids.shape)} and logits.shape={list(x.shape)}")  # fmt: skip
    classes = x.shape[-1]
    # the label range check needs the labels' values: not done for labels traced by a
    # compiled tf.function
    values = numpy.zeros(0) if compilation.is_traced(ids) else host(ids)
    if values.size and (values.min() < 0 or values.max() >= classes):
        bad = int(numpy.argwhere((values < 0) | (values >= classes))[0][-1])
        raise errors.invalid_argument(
            f"Received a label value of {int(values.reshape(-1)[bad])} which is outside the "
            f"valid range of [0, {classes}).  Label values: "
            f"{' '.join(str(int(v)) for v in values.reshape(-1))}",
            "SparseSoftmaxCrossEntropyWithLogits",
        )
    shifted = ops.subtract(x, ops.max(x, axis=-1, keepdims=True))
    log_prob = ops.subtract(shifted, ops.log(ops.sum(ops.exp(shifted), axis=-1, keepdims=True)))
    picked = ops.take_along_axis(
        log_prob, ops.expand_dims(ops.astype(ids, core.int64), axis=-1), axis=-1
    )
    return wrap(ops.negative(ops.squeeze(picked, axis=-1)))


def log_poisson_loss(targets: Any, log_input: Any, compute_full_loss: bool = False,
                     name: Any = None) -> Tensor:  # fmt: skip
    c, z = match_operands([log_input, targets], "Sub")
    result = ops.subtract(ops.exp(c), ops.multiply(z, c))
    if compute_full_loss:
        one = ops.ones_like(z)
        stirling = ops.add(
            ops.subtract(ops.multiply(z, ops.log(z)), z),
            ops.multiply(_float(z, 0.5), ops.log(ops.multiply(_float(z, 2 * numpy.pi), z))),
        )
        result = ops.add(result, ops.where(ops.logical_and(ops.greater_equal(z, ops.zeros_like(z)),
                                                           ops.less_equal(z, one)),
                                           ops.zeros_like(z), stirling))  # fmt: skip
    return wrap(result)


def compute_average_loss(per_example_loss: Any, sample_weight: Any = None,
                         global_batch_size: Any = None) -> Tensor:  # fmt: skip
    loss = native(per_example_loss)
    if sample_weight is not None:
        loss = ops.multiply(loss, native(sample_weight, dtype_of(loss)))
    batch = loss.shape[0] if global_batch_size is None and loss.shape else global_batch_size
    batch = 1 if batch is None else host_int(batch)
    return wrap(ops.divide(ops.sum(loss), ops.asarray(batch, dtype=dtype_of(loss))))


def scale_regularization_loss(regularization_loss: Any) -> Tensor:
    return wrap(native(regularization_loss))


# ---------------------------------------------------------------------------------------
# embedding, dropout, space/depth
# ---------------------------------------------------------------------------------------
def embedding_lookup(params: Any, ids: Any, max_norm: Any = None, name: Any = None) -> Tensor:
    """tf.nn.embedding_lookup: ``gather(params, ids)`` (a list of shards is ``div``
    partitioned, as TF 2's); ``max_norm`` clips each looked-up row."""
    if isinstance(params, (list, builtins.tuple)) and len(params) > 1:
        # TF 2's "div" strategy: the shards hold consecutive id ranges
        table = ops.concat([native(p) for p in params], axis=0)
        result = native(_array_ops.gather(table, ids))
    else:
        table = params[0] if isinstance(params, (list, builtins.tuple)) else params
        result = native(_array_ops.gather(table, ids))
    if max_norm is not None:
        result = native(_array_ops.clip_by_norm(result, max_norm, axes=[-1]))
    return wrap(result)


def dropout(
    x: Any, rate: Any, noise_shape: Any = None, seed: Any = None, name: Any = None
) -> Tensor:
    """tf.nn.dropout: the mask is ``uniform(noise_shape, seed=seed, dtype=x.dtype) >= rate``
    drawn with this frontend's tf.random.uniform (bit for bit TF's stream), the kept
    values scaled by ``1 / (1 - rate)``."""
    from frontends.tensorflow import random as _random

    def sample(shape: tuple[int, ...], dtype: Any) -> Any:
        return _random.uniform(shape, seed=seed, dtype=dtype)

    return apply_dropout(x, rate, noise_shape, sample)


def apply_dropout(x: Any, rate: Any, noise_shape: Any, sample: Any) -> Tensor:
    """TF's dropout given the uniform sampler ``sample(shape, dtype)`` (shared by
    ``tf.nn.dropout`` and ``tf.nn.experimental.stateless_dropout``)."""
    v = native(x)
    if isinstance(rate, (int, float)) and not 0 <= rate < 1:
        raise ValueError(
            f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}"
        )
    if dtype_of(v).kind != "f":
        raise ValueError(
            f"`x.dtype` must be a floating point tensor as `x` will be scaled. Received: x_dtype={Tensor._from_native(v).dtype}"
        )
    if isinstance(rate, (int, float)) and rate == 0:
        return wrap(v)
    r = float(host(rate)) if not isinstance(rate, (int, float)) else float(rate)
    scale = ops.asarray(1 / (1 - r), dtype=dtype_of(v))
    shape = (
        builtins.tuple(v.shape) if noise_shape is None else builtins.tuple(host_ints(noise_shape))
    )
    uniform = native(sample(shape, Tensor._from_native(v).dtype))
    keep = ops.greater_equal(uniform, ops.asarray(r, dtype=dtype_of(v)))
    return wrap(ops.multiply(ops.multiply(v, scale), ops.astype(keep, dtype_of(v))))


def depth_to_space(
    input: Any, block_size: int, data_format: str = "NHWC", name: Any = None
) -> Tensor:
    x = native(input)
    b = int(block_size)
    if data_format.startswith("NC"):
        x = ops.permute_dims(x, (0, 2, 3, 1))
    n, h, w, c = x.shape
    if c % (b * b):
        raise errors.invalid_argument(
            f"Input depth dimension {c} should be divisible by: {b * b}", "DepthToSpace"
        )
    y = ops.reshape(x, (n, h, w, b, b, c // (b * b)))
    y = ops.permute_dims(y, (0, 1, 3, 2, 4, 5))
    y = ops.reshape(y, (n, h * b, w * b, c // (b * b)))
    if data_format.startswith("NC"):
        y = ops.permute_dims(y, (0, 3, 1, 2))
    return wrap(y)


def space_to_depth(
    input: Any, block_size: int, data_format: str = "NHWC", name: Any = None
) -> Tensor:
    x = native(input)
    b = int(block_size)
    if data_format.startswith("NC"):
        x = ops.permute_dims(x, (0, 2, 3, 1))
    n, h, w, c = x.shape
    if h % b or w % b:
        raise errors.invalid_argument(
            f"Image width {w} and height {h} should be divisible by block_size: {b}",
            "SpaceToDepth",
        )
    y = ops.reshape(x, (n, h // b, b, w // b, b, c))
    y = ops.permute_dims(y, (0, 1, 3, 2, 4, 5))
    y = ops.reshape(y, (n, h // b, w // b, b * b * c))
    if data_format.startswith("NC"):
        y = ops.permute_dims(y, (0, 3, 1, 2))
    return wrap(y)


def space_to_batch_nd(input: Any, block_shape: Any, paddings: Any, name: Any = None) -> Tensor:
    x = native(input)
    blocks = host_ints(block_shape)
    m = len(blocks)
    pads = host(paddings).astype(int).reshape(m, 2).tolist()
    full = [[0, 0]] + pads + [[0, 0]] * (len(x.shape) - 1 - m)
    x = native(_array_ops.pad(x, full))
    batch = x.shape[0]
    spatial = x.shape[1 : 1 + m]
    rest = x.shape[1 + m :]
    shape = [batch]
    for size, b in zip(spatial, blocks):
        if size % b:
            raise errors.invalid_argument(
                f"padded_shape[0]={size} is not divisible by block_shape[0]={b}", "SpaceToBatchND"
            )
        shape += [size // b, b]
    y = ops.reshape(x, (*shape, *rest))
    order = [2 * i + 2 for i in builtins.range(m)] + [0] + [2 * i + 1 for i in builtins.range(m)]
    order += list(builtins.range(1 + 2 * m, 1 + 2 * m + len(rest)))
    y = ops.permute_dims(y, builtins.tuple(order))
    return wrap(
        ops.reshape(
            y, (batch * _math.prod(blocks), *(s // b for s, b in zip(spatial, blocks)), *rest)
        )
    )


def space_to_batch(input: Any, block_shape: Any, paddings: Any, name: Any = None) -> Tensor:
    return space_to_batch_nd(input, block_shape, paddings)


def batch_to_space(input: Any, block_shape: Any, crops: Any, name: Any = None) -> Tensor:
    x = native(input)
    blocks = host_ints(block_shape)
    m = len(blocks)
    crop = host(crops).astype(int).reshape(m, 2).tolist()
    prod = _math.prod(blocks)
    batch = x.shape[0] // prod
    spatial = x.shape[1 : 1 + m]
    rest = x.shape[1 + m :]
    y = ops.reshape(x, (*blocks, batch, *spatial, *rest))
    order = [m]
    for i in builtins.range(m):
        order += [m + 1 + i, i]
    order += list(builtins.range(1 + 2 * m, 1 + 2 * m + len(rest)))
    y = ops.permute_dims(y, builtins.tuple(order))
    y = ops.reshape(y, (batch, *(s * b for s, b in zip(spatial, blocks)), *rest))
    key = [builtins.slice(None)] + [
        builtins.slice(c0, y.shape[1 + i] - c1) for i, (c0, c1) in enumerate(crop)
    ]
    return wrap(ops.get_item(y, builtins.tuple(key)))


from frontends.tensorflow import _nn_experimental as experimental  # noqa: E402,F401
