"""torch implementations of core's nn functions: torch.nn.functional where it covers the
call, the shared index tables of :mod:`core.backends._nn_common` where it does not (unfold
and fold beyond 2-D, padding modes beyond torch's ranks, dropout with a given mask)."""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from typing import Any

import torch
import torch.nn.functional as F

from core import dtypes
from core.backends import direct
from core.backends._nn_common import (
    _check_groups,
    _check_reduction,
    _conv_geometry,
    _dropout_mask,
    _fold_geometry,
    _normalized_axes,
    _ntuple,
    _pad_index,
    _pad_pairs,
    _pool_geometry,
    _repeat_heads,
    _window_index,
)
from core.backends.torch import core_dtypes, native_dtypes, promote, version
from core.backends.torch.elementwise import FLOATS, floats_of_one_dtype
from core.registry import specs
from core.support import with_unsupported_dtypes

_real = with_unsupported_dtypes({f"{version} and below": ("complex",)}, version)


def _float(x: torch.Tensor) -> torch.Tensor:
    if x.is_floating_point():
        return x
    return x.to(native_dtypes[dtypes.default_float_dtype()])


_NOT_FLOAT = frozenset(dtype for dtype in native_dtypes.values() if not dtype.is_floating_point)


def _floats(*values: Any) -> tuple[torch.Tensor | None, ...]:
    present = [v for v in values if v is not None]
    promoted = iter(promote(*[_float(v) for v in present]))
    return tuple(None if v is None else next(promoted) for v in values)


def _spatial_call(name: str, x: torch.Tensor) -> Any:
    n = x.ndim - 2
    if n not in (1, 2, 3):
        raise ValueError(f"{name} needs a 3-D, 4-D or 5-D (N, C, *spatial) input, got {x.ndim}-D")
    return getattr(F, f"{name}{n}d")


# ---------------------------------------------------------------------------------------
# linear layers and convolution
# ---------------------------------------------------------------------------------------
def _linear_kernel(
    x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None
) -> torch.Tensor:
    """F.linear for a matrix ``weight`` (core's linear refuses a vector one; torch takes it)."""
    if weight.ndim != 2:
        raise ValueError("core.nn.linear: the general path decides")
    return F.linear(x, weight, bias)


@_real
@direct(_linear_kernel)
def linear(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:
    if weight.ndim != 2:  # a batch of matrices: core's composition
        return specs()["nn.linear"].reference(x, weight, bias)
    dtype = x.dtype
    if weight.dtype != dtype or (bias is not None and bias.dtype != dtype) or dtype in _NOT_FLOAT:
        x, weight, bias = _floats(x, weight, bias)
    return F.linear(x, weight, bias)


@_real
def conv(
    x: torch.Tensor,
    weight: torch.Tensor,
    bias: torch.Tensor | None = None,
    *,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> torch.Tensor:
    x, weight, bias = _floats(x, weight, bias)
    n = weight.ndim - 2
    _conv_geometry(tuple(x.shape), tuple(weight.shape), stride, padding, dilation)
    _check_groups(x.shape[1], weight.shape[1], groups, weight.shape[0])
    function = _spatial_call("conv", x)
    if not isinstance(padding, str):
        padding = _ntuple(padding, n, "padding")
    return function(
        x,
        weight,
        bias,
        stride=_ntuple(stride, n, "stride"),
        padding=padding,
        dilation=_ntuple(dilation, n, "dilation"),
        groups=groups,
    )


@_real
def conv_transpose(
    x: torch.Tensor,
    weight: torch.Tensor,
    bias: torch.Tensor | None = None,
    *,
    stride: Any = 1,
    padding: Any = 0,
    output_padding: Any = 0,
    groups: int = 1,
    dilation: Any = 1,
) -> torch.Tensor:
    x, weight, bias = _floats(x, weight, bias)
    n = weight.ndim - 2
    if x.ndim != n + 2:
        raise ValueError(f"a {n}-D convolution needs a {n + 2}-D input, got shape {x.shape}")
    if x.shape[1] != weight.shape[0] or x.shape[1] % groups:
        raise ValueError(f"input has {x.shape[1]} channels, weight expects {weight.shape[0]}")
    function = _spatial_call("conv_transpose", x)
    return function(
        x,
        weight,
        bias,
        stride=_ntuple(stride, n, "stride"),
        padding=_ntuple(padding, n, "padding"),
        output_padding=_ntuple(output_padding, n, "output_padding"),
        groups=groups,
        dilation=_ntuple(dilation, n, "dilation"),
    )


def unfold(
    x: torch.Tensor, kernel_size: Any, *, dilation: Any = 1, padding: Any = 0, stride: Any = 1
) -> torch.Tensor:
    n = x.ndim - 2
    k = _ntuple(kernel_size, n, "kernel_size")
    d, p, s = (
        _ntuple(v, n, name)
        for v, name in ((dilation, "dilation"), (padding, "padding"), (stride, "stride"))
    )
    if n == 2 and x.is_floating_point():
        return F.unfold(x, k, dilation=d, padding=p, stride=s)
    padded_x = F.pad(x, [v for i in reversed(range(n)) for v in (p[i], p[i])])
    padded = padded_x.shape[2:]
    out = [(padded[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in range(n)]
    index = torch.from_numpy(_window_index(padded, k, s, d, out).reshape(-1))
    flat = padded_x.reshape(x.shape[0], x.shape[1], -1).index_select(2, index)
    return flat.reshape(x.shape[0], x.shape[1] * math.prod(k), -1)


def fold(
    x: torch.Tensor,
    output_size: Any,
    kernel_size: Any,
    *,
    dilation: Any = 1,
    padding: Any = 0,
    stride: Any = 1,
) -> torch.Tensor:
    size, k, d, p, s, padded, blocks = _fold_geometry(
        output_size, kernel_size, dilation, padding, stride, None
    )
    kk = math.prod(k)
    if x.ndim != 3 or x.shape[1] % kk or x.shape[2] != math.prod(blocks):
        raise ValueError(f"fold: input shape {tuple(x.shape)} does not match the blocks {blocks}")
    if len(size) == 2 and x.is_floating_point():
        return F.fold(x, size, k, dilation=d, padding=p, stride=s)
    batch, channels = x.shape[0], x.shape[1] // kk
    index = torch.from_numpy(_window_index(padded, k, s, d, blocks).reshape(-1))
    out = torch.zeros((batch, channels, math.prod(padded)), dtype=x.dtype)
    out = out.index_add(2, index, x.reshape(batch, channels, -1))
    out = out.reshape(batch, channels, *padded)
    return out[(Ellipsis, *(slice(p[i], p[i] + size[i]) for i in range(len(size))))]


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
@_real
def max_pool(
    x: torch.Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    *,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Any:
    x = _float(x)
    _pool_geometry(tuple(x.shape), kernel_size, stride, padding, dilation, ceil_mode)
    function = _spatial_call("max_pool", x)
    return function(
        x,
        kernel_size,
        stride=stride if stride is not None else None,
        padding=padding,
        dilation=dilation,
        ceil_mode=ceil_mode,
        return_indices=return_indices,
    )


@_real
def avg_pool(
    x: torch.Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    *,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> torch.Tensor:
    x = _float(x)
    _pool_geometry(tuple(x.shape), kernel_size, stride, padding, 1, ceil_mode)
    if x.ndim == 3:
        k = _ntuple(kernel_size, 1, "kernel_size")
        s = k if stride is None else _ntuple(stride, 1, "stride")
        p = _ntuple(padding, 1, "padding")
        y = F.avg_pool2d(
            x.unsqueeze(-2),
            (1, k[0]),
            (1, s[0]),
            (0, p[0]),
            ceil_mode=ceil_mode,
            count_include_pad=count_include_pad,
            divisor_override=divisor_override,
        )
        return y.squeeze(-2)
    function = _spatial_call("avg_pool", x)
    return function(
        x,
        kernel_size,
        stride=stride,
        padding=padding,
        ceil_mode=ceil_mode,
        count_include_pad=count_include_pad,
        divisor_override=divisor_override,
    )


@_real
def adaptive_avg_pool(x: torch.Tensor, output_size: Any) -> torch.Tensor:
    return _spatial_call("adaptive_avg_pool", x)(_float(x), output_size)


@_real
def adaptive_max_pool(x: torch.Tensor, output_size: Any, *, return_indices: bool = False) -> Any:
    return _spatial_call("adaptive_max_pool", x)(_float(x), output_size, return_indices)


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
_WIDE_UNSIGNED = (torch.uint16, torch.uint32)


@_real
@direct(torch.relu)
def relu(x: torch.Tensor) -> torch.Tensor:
    if x.dtype == torch.bool:
        x = _float(x)
    if x.dtype in (torch.uint8, torch.uint16, torch.uint32, torch.uint64):
        return x.clone()
    return F.relu(x)


@_real
def relu6(x: torch.Tensor) -> torch.Tensor:
    return hardtanh(x, 0.0, 6.0)


@_real
def hardtanh(x: torch.Tensor, min_val: float = -1.0, max_val: float = 1.0) -> torch.Tensor:
    if x.dtype == torch.bool:
        x = _float(x)
    if x.is_floating_point():
        return F.hardtanh(x, min_val, max_val)
    info = torch.iinfo(x.dtype)
    low, high = max(int(min_val), info.min), min(int(max_val), info.max)
    if x.dtype in (torch.uint8, *_WIDE_UNSIGNED):
        return x.to(torch.int64).clamp(low, high).to(x.dtype)
    if x.dtype == torch.uint64:
        # torch has no uint64 comparisons: as int64 bits, values from 2**63 up are negative
        # (and keep their order among themselves)
        bits, top = x.view(torch.int64), 2**63 - 1
        high = max(high, 0)
        clamped = bits.clamp(min(low, top), min(high, top))
        if high <= top:
            upper = torch.tensor(high, dtype=torch.int64)
        else:
            upper = torch.minimum(bits, torch.tensor(high - 2**64, dtype=torch.int64))
        return torch.where(bits < 0, upper, clamped).view(torch.uint64)
    return x.clamp(low, high)


@_real
@direct(torch._C._nn.leaky_relu)
def leaky_relu(x: torch.Tensor, negative_slope: float = 0.01) -> torch.Tensor:
    return F.leaky_relu(_float(x), negative_slope)


@_real
@direct(torch._C._nn.elu)
def elu(x: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    return F.elu(_float(x), alpha)


@_real
@direct(torch.selu)
def selu(x: torch.Tensor) -> torch.Tensor:
    return F.selu(_float(x))


@_real
@direct(torch.celu)
def celu(x: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    return F.celu(_float(x), alpha)


@_real
@direct(torch._C._nn.gelu)
def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    if approximate not in ("none", "tanh"):
        raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    return F.gelu(_float(x), approximate=approximate)


def gelu_backward(g: torch.Tensor, x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    return torch.ops.aten.gelu_backward(g, x.to(g.dtype), approximate=approximate)


@_real
@direct(torch.sigmoid)
def sigmoid(x: torch.Tensor) -> torch.Tensor:
    return torch.sigmoid(_float(x))


@_real
@direct(torch._C._nn.silu)
def silu(x: torch.Tensor) -> torch.Tensor:
    return F.silu(_float(x))


@_real
@direct(torch._C._nn.mish)
def mish(x: torch.Tensor) -> torch.Tensor:
    return F.mish(_float(x))


@_real
@direct(torch._C._nn.softplus)
def softplus(x: torch.Tensor, beta: float = 1.0, threshold: float = 20.0) -> torch.Tensor:
    return F.softplus(_float(x), beta, threshold)


@_real
def softsign(x: torch.Tensor) -> torch.Tensor:
    return F.softsign(_float(x))


@_real
@direct(torch._C._nn.hardsigmoid)
def hardsigmoid(x: torch.Tensor) -> torch.Tensor:
    return F.hardsigmoid(_float(x))


@_real
@direct(torch._C._nn.hardswish)
def hardswish(x: torch.Tensor) -> torch.Tensor:
    return F.hardswish(_float(x))


@_real
@direct(torch._C._nn.log_sigmoid)
def log_sigmoid(x: torch.Tensor) -> torch.Tensor:
    return F.logsigmoid(_float(x))


@_real
def glu(x: torch.Tensor, axis: int = -1) -> torch.Tensor:
    x = _float(x)
    if x.shape[axis] % 2:
        raise ValueError(f"glu halves dimension {axis}, which has odd size {x.shape[axis]}")
    return F.glu(x, axis)


@_real
def prelu(x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    x, weight = _floats(x, weight)
    return F.prelu(x, weight.reshape(-1))


def _softmax_kernel(x: torch.Tensor, axis: int = -1) -> torch.Tensor:
    """torch.softmax with core's default axis (torch's has none)."""
    return torch.softmax(x, axis)


@_real
@direct(_softmax_kernel, keywords=("axis",))
def softmax(x: torch.Tensor, axis: int = -1) -> torch.Tensor:
    return F.softmax(_float(x), dim=axis)


def _log_softmax_kernel(x: torch.Tensor, axis: int = -1) -> torch.Tensor:
    """torch.log_softmax with core's default axis (torch's has none)."""
    return torch.log_softmax(x, axis)


@_real
@direct(_log_softmax_kernel, keywords=("axis",))
def log_softmax(x: torch.Tensor, axis: int = -1) -> torch.Tensor:
    return F.log_softmax(_float(x), dim=axis)


# ---------------------------------------------------------------------------------------
# normalization
# ---------------------------------------------------------------------------------------
def _shape(normalized_shape: Any) -> tuple[int, ...]:
    if isinstance(normalized_shape, int):
        return (normalized_shape,)
    return tuple(int(v) for v in normalized_shape)


@_real
def layer_norm(
    x: torch.Tensor,
    normalized_shape: Any,
    weight: torch.Tensor | None = None,
    bias: torch.Tensor | None = None,
    eps: float = 1e-5,
) -> torch.Tensor:
    dtype = x.dtype
    if (
        dtype in _LAYER_NORM_FAST
        and (weight is None or weight.dtype is dtype)
        and (bias is None or bias.dtype is dtype)
        and type(normalized_shape) is tuple
        and 0 < len(normalized_shape) <= x.ndim
        and x.shape[-len(normalized_shape) :] == normalized_shape
    ):  # the common case of the lines below, in one call
        return torch.layer_norm(x, normalized_shape, weight, bias, eps)
    x, weight, bias = _floats(x, weight, bias)
    _normalized_axes(x, normalized_shape)
    return F.layer_norm(x, _shape(normalized_shape), weight, bias, eps)


_LAYER_NORM_FAST = (torch.float32, torch.float64)


@_real
def rms_norm(
    x: torch.Tensor,
    normalized_shape: Any,
    weight: torch.Tensor | None = None,
    eps: float | None = None,
) -> torch.Tensor:
    x, weight = _floats(x, weight)
    _normalized_axes(x, normalized_shape)
    return F.rms_norm(x, _shape(normalized_shape), weight, eps)


@_real
def batch_norm(
    x: torch.Tensor,
    running_mean: torch.Tensor | None,
    running_var: torch.Tensor | None,
    weight: torch.Tensor | None = None,
    bias: torch.Tensor | None = None,
    *,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
    x, running_mean, running_var, weight, bias = _floats(x, running_mean, running_var, weight, bias)
    if not training and (running_mean is None or running_var is None):
        raise ValueError("batch_norm out of training needs running_mean and running_var")
    if training and x.numel() // x.shape[1] <= 1:
        raise ValueError(f"batch_norm needs more than one value per channel, got {x.shape}")
    new_mean = None if running_mean is None else running_mean.clone()
    new_var = None if running_var is None else running_var.clone()
    y = F.batch_norm(x, new_mean, new_var, weight, bias, training, momentum, eps)
    return y, new_mean, new_var


@_real
def group_norm(
    x: torch.Tensor,
    num_groups: int,
    weight: torch.Tensor | None = None,
    bias: torch.Tensor | None = None,
    eps: float = 1e-5,
) -> torch.Tensor:
    x, weight, bias = _floats(x, weight, bias)
    if x.shape[1] % num_groups:
        raise ValueError(f"{x.shape[1]} channels are not divisible by {num_groups} groups")
    return F.group_norm(x, num_groups, weight, bias, eps)


@_real
def instance_norm(
    x: torch.Tensor,
    weight: torch.Tensor | None = None,
    bias: torch.Tensor | None = None,
    eps: float = 1e-5,
) -> torch.Tensor:
    x, weight, bias = _floats(x, weight, bias)
    return F.instance_norm(x, weight=weight, bias=bias, use_input_stats=True, eps=eps)


# ---------------------------------------------------------------------------------------
# dropout, embedding, one-hot, padding, resampling
# ---------------------------------------------------------------------------------------
@_real
def dropout(
    x: torch.Tensor,
    p: float = 0.5,
    *,
    training: bool = True,
    mask: torch.Tensor | None = None,
    generator: Any = None,
) -> torch.Tensor:
    x = _float(x)
    mask = _dropout_mask(p, training, mask, x.shape, generator)
    if mask is None:
        return x
    if p == 1:
        return torch.zeros_like(x)
    return torch.where(mask.to(torch.bool), x / (1 - p), torch.zeros((), dtype=x.dtype))


def embedding(
    indices: torch.Tensor, weight: torch.Tensor, padding_idx: int | None = None
) -> torch.Tensor:
    if indices.is_floating_point() or indices.is_complex() or indices.dtype == torch.bool:
        raise TypeError(f"embedding indices must be integers, got {indices.dtype}")
    return weight[indices.to(torch.int64)]


def one_hot(x: torch.Tensor, num_classes: int = -1, *, dtype: Any = None) -> torch.Tensor:
    if x.is_floating_point() or x.is_complex() or x.dtype == torch.bool:
        raise TypeError(f"one_hot needs integer input, got {x.dtype}")
    if num_classes < 0:
        num_classes = int(x.max()) + 1 if x.numel() else 0
    result = F.one_hot(x.to(torch.int64), num_classes)
    return result.to(native_dtypes[dtype or dtypes.int64])


def pad(
    x: torch.Tensor, pad: Sequence[int], mode: str = "constant", value: float = 0.0
) -> torch.Tensor:
    pairs = _pad_pairs(x.ndim, pad)
    dims = len(pad) // 2
    if mode == "constant":
        return F.pad(x, list(pad), value=value)
    native_ranks = 1 <= dims <= 3 and x.ndim in (dims + 1, dims + 2)
    if native_ranks and x.is_floating_point() and mode in ("reflect", "replicate", "circular"):
        return F.pad(x, list(pad), mode=mode)
    for axis, (before, after) in enumerate(pairs):
        if before or after:
            index = torch.from_numpy(_pad_index(x.shape[axis], before, after, mode))
            x = x.index_select(axis, index)
    return x


@_real
def interpolate(
    x: torch.Tensor,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
) -> torch.Tensor:
    return F.interpolate(
        _float(x),
        size=size,
        scale_factor=scale_factor,
        mode=mode,
        align_corners=align_corners,
        recompute_scale_factor=recompute_scale_factor,
    )


# ---------------------------------------------------------------------------------------
# attention, distances
# ---------------------------------------------------------------------------------------
@_real
def scaled_dot_product_attention(
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    attn_mask: torch.Tensor | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    *,
    enable_gqa: bool = False,
    dropout_mask: torch.Tensor | None = None,
    generator: Any = None,
) -> torch.Tensor:
    query, key, value = _floats(query, key, value)
    if attn_mask is not None and attn_mask.dtype != torch.bool:
        attn_mask = attn_mask.to(query.dtype)
    if dropout_p == 0 and attn_mask is None and not enable_gqa and query.ndim == 4:
        out = _flash_attention(query, key, value, is_causal, scale)
        if out is not None:
            return out
    if dropout_p == 0:
        return F.scaled_dot_product_attention(
            query, key, value, attn_mask, 0.0, is_causal, scale=scale, enable_gqa=enable_gqa
        )
    repeat_k, repeat_v = _repeat_heads(query, key, value, enable_gqa)
    key = key.repeat_interleave(repeat_k, dim=-3) if repeat_k > 1 else key
    value = value.repeat_interleave(repeat_v, dim=-3) if repeat_v > 1 else value
    scale = 1 / math.sqrt(query.shape[-1]) if scale is None else scale
    scores = query @ key.transpose(-1, -2) * scale
    length, source = scores.shape[-2:]
    if is_causal:
        causal = torch.ones(length, source, dtype=torch.bool).tril()
        scores = scores.masked_fill(~causal, -math.inf)
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(~attn_mask, -math.inf)
        else:
            scores = scores + attn_mask
    weights = dropout(torch.softmax(scores, -1), dropout_p, mask=dropout_mask, generator=generator)
    return weights @ value


# id(output) -> (a weak reference to it, its log-sum-exp rows): what torch's flash-attention
# kernel returned with each output it made, for attention_backward (torch's autograd saves
# them so); an entry goes with its output
_ATTENTION_STATS: dict[int, tuple[weakref.ref, torch.Tensor]] = {}


def _attention_stats(out: torch.Tensor) -> torch.Tensor | None:
    entry = _ATTENTION_STATS.get(id(out))
    return entry[1] if entry is not None and entry[0]() is out else None


_FLASH = int(torch.nn.attention.SDPBackend.FLASH_ATTENTION)


def _flash_attention(
    query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, is_causal: bool, scale: Any
) -> torch.Tensor | None:
    """The flash kernel's output where F.scaled_dot_product_attention would run it (no
    mask, no dropout), its log-sum-exp kept for the backward; None elsewhere."""
    if torch._fused_sdp_choice(query, key, value, None, 0.0, is_causal, scale=scale) != _FLASH:
        return None
    out, stats = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu(
        query, key, value, 0.0, is_causal, scale=scale
    )
    key = id(out)
    forget = lambda _, key=key, table=_ATTENTION_STATS: table.pop(key, None)  # noqa: E731
    _ATTENTION_STATS[key] = (weakref.ref(out, forget), stats)
    return out


@_real
def cosine_similarity(
    x1: torch.Tensor, x2: torch.Tensor, axis: int = 1, eps: float = 1e-8
) -> torch.Tensor:
    x1, x2 = _floats(x1, x2)
    return F.cosine_similarity(x1, x2, dim=axis, eps=eps)


@_real
def pairwise_distance(
    x1: torch.Tensor, x2: torch.Tensor, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False
) -> torch.Tensor:
    x1, x2 = _floats(x1, x2)
    return F.pairwise_distance(x1, x2, p, eps, keepdim)


# ---------------------------------------------------------------------------------------
# losses
# ---------------------------------------------------------------------------------------
def _class_target(target: torch.Tensor) -> torch.Tensor:
    if target.is_floating_point() or target.is_complex() or target.dtype == torch.bool:
        raise TypeError(f"class-index targets must be integers, got {target.dtype}")
    return target.to(torch.int64)


@_real
def nll_loss(
    x: torch.Tensor,
    target: torch.Tensor,
    weight: torch.Tensor | None = None,
    *,
    ignore_index: int = -100,
    reduction: str = "mean",
) -> torch.Tensor:
    _check_reduction(reduction)
    x, weight = _floats(x, weight)
    return F.nll_loss(
        x, _class_target(target), weight, ignore_index=ignore_index, reduction=reduction
    )


@_real
def cross_entropy(
    x: torch.Tensor,
    target: torch.Tensor,
    weight: torch.Tensor | None = None,
    *,
    ignore_index: int = -100,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> torch.Tensor:
    _check_reduction(reduction)
    x, weight = _floats(x, weight)
    if core_dtypes[target.dtype].is_float_dtype:
        target = target.to(x.dtype)
    else:
        target = _class_target(target)
    return F.cross_entropy(
        x,
        target,
        weight,
        ignore_index=ignore_index,
        reduction=reduction,
        label_smoothing=label_smoothing,
    )


@_real
def mse_loss(x: torch.Tensor, target: torch.Tensor, *, reduction: str = "mean") -> torch.Tensor:
    _check_reduction(reduction)
    x, target = _floats(x, target)
    return F.mse_loss(x, target, reduction=reduction)


@_real
def l1_loss(x: torch.Tensor, target: torch.Tensor, *, reduction: str = "mean") -> torch.Tensor:
    _check_reduction(reduction)
    x, target = _floats(x, target)
    return F.l1_loss(x, target, reduction=reduction)


@_real
def smooth_l1_loss(
    x: torch.Tensor, target: torch.Tensor, *, reduction: str = "mean", beta: float = 1.0
) -> torch.Tensor:
    _check_reduction(reduction)
    x, target = _floats(x, target)
    return F.smooth_l1_loss(x, target, reduction=reduction, beta=beta)


@_real
def huber_loss(
    x: torch.Tensor, target: torch.Tensor, *, reduction: str = "mean", delta: float = 1.0
) -> torch.Tensor:
    _check_reduction(reduction)
    x, target = _floats(x, target)
    return F.huber_loss(x, target, reduction=reduction, delta=delta)


@_real
def binary_cross_entropy(
    x: torch.Tensor,
    target: torch.Tensor,
    weight: torch.Tensor | None = None,
    *,
    reduction: str = "mean",
) -> torch.Tensor:
    _check_reduction(reduction)
    x, target, weight = _floats(x, target, weight)
    return F.binary_cross_entropy(x, target, weight, reduction=reduction)


@_real
def binary_cross_entropy_with_logits(
    x: torch.Tensor,
    target: torch.Tensor,
    weight: torch.Tensor | None = None,
    *,
    reduction: str = "mean",
    pos_weight: torch.Tensor | None = None,
) -> torch.Tensor:
    _check_reduction(reduction)
    x, target, weight, pos_weight = _floats(x, target, weight, pos_weight)
    return F.binary_cross_entropy_with_logits(
        x, target, weight, reduction=reduction, pos_weight=pos_weight
    )


@_real
def kl_div(
    x: torch.Tensor, target: torch.Tensor, *, reduction: str = "mean", log_target: bool = False
) -> torch.Tensor:
    _check_reduction(reduction, ("none", "mean", "sum", "batchmean"))
    x, target = _floats(x, target)
    return F.kl_div(x, target, reduction=reduction, log_target=log_target)


# Adam's updates: torch's in-place kernels on this call's own fresh results (no other holder
# can see them), or on the donated inputs, as torch's single-tensor Adam runs them;
# Python-number scalars only
def adam_moments(
    exp_avg: torch.Tensor,
    exp_avg_sq: torch.Tensor,
    grad: torch.Tensor,
    beta1: float,
    beta2: float,
    *,
    donate: bool = False,
) -> tuple[torch.Tensor, torch.Tensor]:
    if donate:
        first = exp_avg.lerp_(grad, 1 - beta1)
        return first, exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    first = torch.lerp(exp_avg, grad, 1 - beta1)
    return first, torch.mul(exp_avg_sq, beta2).addcmul_(grad, grad, value=1 - beta2)


def adam_update(
    param: torch.Tensor,
    exp_avg: torch.Tensor,
    exp_avg_sq: torch.Tensor,
    bias_correction2_sqrt: float,
    eps: float,
    step_size: float,
    decay: float = 1.0,
    *,
    donate: bool = False,
) -> torch.Tensor:
    denom = torch.sqrt(exp_avg_sq).div_(bias_correction2_sqrt).add_(eps)
    if donate:
        if decay != 1:
            param.mul_(decay)
        return param.addcdiv_(exp_avg, denom, value=-step_size)
    if decay != 1:
        return torch.mul(param, decay).addcdiv_(exp_avg, denom, value=-step_size)
    return torch.addcdiv(param, exp_avg, denom, value=-step_size)


def _adam_arrays(*arrays: Any) -> bool:
    return floats_of_one_dtype(*arrays) and all(a.shape == arrays[0].shape for a in arrays[1:])


adam_moments.partial_mixed_handler = (  # type: ignore[attr-defined]
    lambda exp_avg, exp_avg_sq, grad, beta1, beta2, *, donate=False: (
        type(beta1) in (int, float)
        and type(beta2) in (int, float)
        and _adam_arrays(exp_avg, exp_avg_sq, grad)
    )
)
adam_update.partial_mixed_handler = (  # type: ignore[attr-defined]
    lambda param, exp_avg, exp_avg_sq, bias_correction2_sqrt, eps, step_size, decay=1.0, *,
    donate=False: (
        all(type(v) in (int, float) for v in (bias_correction2_sqrt, eps, step_size, decay))
        and _adam_arrays(param, exp_avg, exp_avg_sq)
    )
)  # fmt: skip


def attention_backward(
    g: torch.Tensor,
    out: torch.Tensor,
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    attn_mask: None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    *,
    enable_gqa: bool = False,
    dropout_mask: None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, None]:
    grads = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu_backward(
        g, query, key, value, out, _attention_stats(out), 0.0, is_causal, scale=scale
    )
    return (*grads, None)


attention_backward.partial_mixed_handler = (  # type: ignore[attr-defined]
    lambda g, out, query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False,
    scale=None, *, enable_gqa=False, dropout_mask=None: (
        attn_mask is None
        and dropout_p == 0
        and _attention_stats(out) is not None
        and g.dtype == out.dtype
        and g.shape == out.shape
    )
)  # fmt: skip


def layer_norm_backward(
    g: torch.Tensor,
    x: torch.Tensor,
    normalized_shape: Any,
    weight: torch.Tensor | None = None,
    bias: torch.Tensor | None = None,
    eps: float = 1e-5,
) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
    shape = _shape(normalized_shape)
    _, mean, rstd = torch.ops.aten.native_layer_norm(x, shape, weight, bias, eps)
    mask = [True, weight is not None, bias is not None]
    return tuple(
        torch.ops.aten.native_layer_norm_backward(g, x, shape, mean, rstd, weight, bias, mask)
    )


layer_norm_backward.partial_mixed_handler = (  # type: ignore[attr-defined]
    lambda g, x, normalized_shape, weight=None, bias=None, eps=1e-5: (
        x.dtype in _LAYER_NORM_FAST
        and g.dtype is x.dtype
        and g.shape == x.shape
        and (weight is None or weight.dtype is x.dtype)
        and (bias is None or bias.dtype is x.dtype)
        and 0 < len(_shape(normalized_shape)) <= x.ndim
        and x.shape[-len(_shape(normalized_shape)) :] == _shape(normalized_shape)
    )
)


def softmax_backward(g: torch.Tensor, y: torch.Tensor, axis: int = -1) -> torch.Tensor:
    return torch._softmax_backward_data(g, y, axis, y.dtype)


def log_softmax_backward(g: torch.Tensor, y: torch.Tensor, axis: int = -1) -> torch.Tensor:
    return torch._log_softmax_backward_data(g, y, axis, y.dtype)


def _same_floats(g: torch.Tensor, y: torch.Tensor, axis: int = -1) -> bool:
    return (
        y.dtype in FLOATS
        and g.dtype is y.dtype
        and g.shape == y.shape
        and y.ndim > 0
        and type(axis) is int
        and -y.ndim <= axis < y.ndim
    )


softmax_backward.partial_mixed_handler = _same_floats  # type: ignore[attr-defined]
log_softmax_backward.partial_mixed_handler = _same_floats  # type: ignore[attr-defined]


def embedding_backward(
    g: torch.Tensor, indices: torch.Tensor, rows: int, padding_idx: int | None = None
) -> torch.Tensor:
    padding = -1 if padding_idx is None else padding_idx % rows
    return torch.ops.aten.embedding_dense_backward(g, indices, rows, padding, False)


embedding_backward.partial_mixed_handler = (  # type: ignore[attr-defined]
    lambda g, indices, rows, padding_idx=None: (
        g.dtype in FLOATS and indices.dtype in (torch.int64, torch.int32)
    )
)
