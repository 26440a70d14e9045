"""Pure-Python helpers of core's nn functions, shared by every backend.

From shapes and arguments alone they check arguments and compute the index and weight
tables that sliding windows, adaptive bins, padding modes and interpolation need
(torch's arithmetic, including its float32 index computations); each backend applies the
tables with its own gather/scatter, so every backend picks the same elements.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy

from core import native


def _ntuple(value: Any, n: int, name: str = "size") -> tuple[int, ...]:
    if isinstance(value, int | numpy.integer):
        return (int(value),) * n
    value = tuple(int(v) for v in value)
    if len(value) == 1:
        return value * n
    if len(value) != n:
        raise ValueError(f"{name} needs {n} values, got {len(value)}")
    return value


def _pool_out(size: int, kernel: int, stride: int, pad: int, dilation: int, ceil: bool) -> int:
    """torch's pooling output length."""
    span = size + 2 * pad - dilation * (kernel - 1) - 1
    out = (-(-span // stride) if ceil else span // stride) + 1
    if ceil and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _window_index(
    padded: Sequence[int],
    kernel: Sequence[int],
    stride: Sequence[int],
    dilation: Sequence[int],
    out: Sequence[int],
    offset: Sequence[int] | None = None,
    plane: Sequence[int] | None = None,
) -> numpy.ndarray:
    """Flat positions ``(prod(kernel), prod(out))`` of every window element in a plane.

    Positions index the flattened ``padded`` plane; with ``offset`` (the leading padding)
    and ``plane`` (the unpadded shape) they index the unpadded plane instead.
    """
    n = len(kernel)
    shape = plane if plane is not None else padded
    offset = offset if offset is not None else (0,) * n
    strides = [math.prod(shape[d + 1 :]) for d in range(n)]
    flat = numpy.zeros((1,) * (2 * n), dtype=numpy.int64)
    for d in range(n):
        k = numpy.arange(kernel[d]) * dilation[d]
        o = numpy.arange(out[d]) * stride[d]
        pos = (k[:, None] + o[None, :] - offset[d]) * strides[d]
        view = [1] * (2 * n)
        view[d], view[n + d] = kernel[d], out[d]
        flat = flat + pos.reshape(view)
    return flat.reshape(math.prod(kernel), math.prod(out))


def _conv_padding(
    padding: Any, kernel: Sequence[int], dilation: Sequence[int], stride: Sequence[int]
) -> list[tuple[int, int]]:
    n = len(kernel)
    if padding == "valid":
        return [(0, 0)] * n
    if padding == "same":
        if any(s != 1 for s in stride):
            raise ValueError("padding='same' is not supported for strided convolutions")
        totals = [d * (k - 1) for k, d in zip(kernel, dilation)]
        return [(t // 2, t - t // 2) for t in totals]
    if isinstance(padding, str):
        raise ValueError(f"padding must be 'same', 'valid' or sizes, got {padding!r}")
    return [(p, p) for p in _ntuple(padding, n, "padding")]


def _conv_geometry(
    x_shape: Sequence[int], w_shape: Sequence[int], stride: Any, padding: Any, dilation: Any
) -> tuple[tuple[int, ...], tuple[int, ...], list[tuple[int, int]], tuple[int, ...]]:
    """(stride, dilation, pads, output spatial shape) of a convolution."""
    n = len(w_shape) - 2
    if len(x_shape) != n + 2:
        raise ValueError(f"a {n}-D convolution needs a {n + 2}-D input, got shape {x_shape}")
    kernel = tuple(w_shape[2:])
    strides = _ntuple(stride, n, "stride")
    dilations = _ntuple(dilation, n, "dilation")
    pads = _conv_padding(padding, kernel, dilations, strides)
    out = tuple(
        (x_shape[2 + d] + sum(pads[d]) - dilations[d] * (kernel[d] - 1) - 1) // strides[d] + 1
        for d in range(n)
    )
    return strides, dilations, pads, out


def _transpose_geometry(
    x_shape: Sequence[int],
    w_shape: Sequence[int],
    stride: Any,
    padding: Any,
    output_padding: Any,
    dilation: Any,
) -> tuple[tuple[int, ...], ...]:
    """(kernel, stride, padding, dilation, output shape) of a transposed convolution."""
    n = len(w_shape) - 2
    kernel = tuple(w_shape[2:])
    s = _ntuple(stride, n, "stride")
    p = _ntuple(padding, n, "padding")
    op = _ntuple(output_padding, n, "output_padding")
    d = _ntuple(dilation, n, "dilation")
    out = tuple(
        (x_shape[2 + i] - 1) * s[i] - 2 * p[i] + d[i] * (kernel[i] - 1) + op[i] + 1
        for i in range(n)
    )
    return kernel, s, p, d, out


def _fold_geometry(
    output_size: Any, kernel_size: Any, dilation: Any, padding: Any, stride: Any, n: int | None
) -> tuple[tuple[int, ...], ...]:
    if n is None:
        n = 1 if isinstance(output_size, int) else len(tuple(output_size))
    size = _ntuple(output_size, n, "output_size")
    k = _ntuple(kernel_size, n, "kernel_size")
    d = _ntuple(dilation, n, "dilation")
    p = _ntuple(padding, n, "padding")
    s = _ntuple(stride, n, "stride")
    padded = tuple(size[i] + 2 * p[i] for i in range(n))
    out = tuple((padded[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in range(n))
    return size, k, d, p, s, padded, out


def _pool_geometry(
    x_shape: Sequence[int],
    kernel_size: Any,
    stride: Any,
    padding: Any,
    dilation: Any,
    ceil_mode: bool,
) -> tuple[tuple[int, ...], ...]:
    """(kernel, stride, dilation, pads before, pads after, padded shape, output shape)."""
    n = len(x_shape) - 2
    if n < 1:
        raise ValueError(f"pooling needs an (N, C, *spatial) input, got shape {tuple(x_shape)}")
    k = _ntuple(kernel_size, n, "kernel_size")
    s = k if stride is None or (not isinstance(stride, int) and len(stride) == 0) else None
    s = s or _ntuple(stride, n, "stride")
    p = _ntuple(padding, n, "padding")
    d = _ntuple(dilation, n, "dilation")
    if any(2 * p[i] > k[i] for i in range(n)):
        raise ValueError("pad should be at most half of the effective kernel size")
    size = x_shape[2:]
    out = tuple(_pool_out(size[i], k[i], s[i], p[i], d[i], ceil_mode) for i in range(n))
    after = tuple(
        max(p[i], (out[i] - 1) * s[i] + d[i] * (k[i] - 1) + 1 - size[i] - p[i]) for i in range(n)
    )
    padded = tuple(size[i] + p[i] + after[i] for i in range(n))
    return k, s, d, p, after, padded, out


def _avg_divisor(
    size: Sequence[int],
    k: Sequence[int],
    s: Sequence[int],
    p: Sequence[int],
    out: Sequence[int],
    count_include_pad: bool,
) -> numpy.ndarray:
    """torch's avg-pool divisor for every output position, shape ``out``."""
    divisor = numpy.ones((), dtype=numpy.int64)
    for d in range(len(k)):
        start = numpy.arange(out[d]) * s[d] - p[d]
        end = numpy.minimum(start + k[d], size[d] + p[d])
        if count_include_pad:
            count = end - start
        else:
            count = numpy.minimum(end, size[d]) - numpy.maximum(start, 0)
        divisor = numpy.multiply.outer(divisor, count)
    return divisor


def _adaptive_bins(size: int, out: int) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Per output index: (the input indices of its bin padded with the last one, shape
    ``(out, widest)``, and which of them belong to it)."""
    i = numpy.arange(out)
    start = (i * size) // out
    end = -((-(i + 1) * size) // out)
    width = int((end - start).max()) if out else 0
    idx = start[:, None] + numpy.arange(width)[None, :]
    valid = idx < end[:, None]
    return numpy.minimum(idx, size - 1), valid


def _adaptive_sizes(x_shape: Sequence[int], output_size: Any) -> tuple[int, ...]:
    n = len(x_shape) - 2
    if isinstance(output_size, int):
        return (output_size,) * n
    sizes = tuple(output_size)
    if len(sizes) == 1:
        sizes = sizes * n
    if len(sizes) != n:
        raise ValueError(f"output_size needs {n} values, got {len(sizes)}")
    return tuple(x_shape[2 + d] if s is None else int(s) for d, s in enumerate(sizes))


def _pad_index(size: int, before: int, after: int, mode: str) -> numpy.ndarray:
    """Input index of every output position of a padded dimension (negative pads crop)."""
    i = numpy.arange(-before, size + after)
    if mode == "replicate":
        return numpy.clip(i, 0, size - 1)
    if mode == "circular":
        if before > size or after > size:
            raise ValueError("circular padding needs pads no larger than the dimension")
        # torch crops negative pads first and wraps around what is left
        start = max(-before, 0)
        kept = size - start - max(-after, 0)
        return numpy.arange(-max(before, 0), kept + max(after, 0)) % kept + start
    if mode == "reflect":
        if before >= size or after >= size:
            raise ValueError("reflect padding needs pads smaller than the dimension")
        period = 2 * (size - 1)
        j = i % period if period else i * 0
        return numpy.where(j < size, j, period - j)
    raise ValueError(f"padding mode must be constant, reflect, replicate or circular: {mode!r}")


def _pad_pairs(ndim: int, pad: Sequence[int]) -> list[tuple[int, int]]:
    """torch's pad tuple (last dimension first) as (before, after) for every dimension."""
    pad = [int(v) for v in pad]
    if len(pad) % 2 or len(pad) // 2 > ndim:
        raise ValueError(f"pad needs an even length of at most {2 * ndim}, got {len(pad)}")
    pairs = [(0, 0)] * ndim
    for j in range(len(pad) // 2):
        pairs[ndim - 1 - j] = (pad[2 * j], pad[2 * j + 1])
    return pairs


def _interp_sizes(
    x_shape: Sequence[int], size: Any, scale_factor: Any, recompute_scale_factor: bool | None
) -> tuple[tuple[int, ...], list[float | None]]:
    n = len(x_shape) - 2
    if n < 1:
        raise ValueError(f"interpolate needs an (N, C, *spatial) input, got {tuple(x_shape)}")
    if (size is None) == (scale_factor is None):
        raise ValueError("give exactly one of size and scale_factor")
    if size is not None:
        return _ntuple(size, n, "size"), [None] * n
    if isinstance(scale_factor, int | float):
        factors = [float(scale_factor)] * n
    else:
        factors = [float(f) for f in scale_factor]
        if len(factors) != n:
            raise ValueError(f"scale_factor needs {n} values, got {len(factors)}")
    out = tuple(math.floor(x_shape[2 + d] * factors[d]) for d in range(n))
    return out, [None] * n if recompute_scale_factor else factors


def _interp_axis(
    size: int,
    out: int,
    mode: str,
    align_corners: bool,
    factor: float | None,
    opmath: Any,
) -> tuple[numpy.ndarray, numpy.ndarray | None]:
    """(input indices ``(out, taps)``, weights ``(out, taps)`` or None for nearest) of one
    resampled dimension, computed in torch's precision."""
    dst = numpy.arange(out)
    if mode in ("nearest", "nearest-exact"):
        if out == size:
            return dst[:, None], None
        f32 = numpy.float32
        scale = f32(1.0 / factor) if factor else f32(size) / f32(out)
        shift = f32(0.5) if mode == "nearest-exact" else f32(0.0)
        src = numpy.floor((dst.astype(f32) + shift) * scale).astype(numpy.int64)
        return numpy.minimum(src, size - 1)[:, None], None
    if mode == "linear" and out == size:
        return dst[:, None], numpy.ones((out, 1))
    if align_corners:
        scale = opmath((size - 1) / (out - 1)) if out > 1 else opmath(0)
        real = scale * dst.astype(opmath)
    else:
        scale = opmath(1.0 / factor) if factor else opmath(size) / opmath(out)
        real = scale * (dst.astype(opmath) + opmath(0.5)) - opmath(0.5)
        if mode == "linear":
            real = numpy.maximum(real, opmath(0))
    index = numpy.minimum(numpy.floor(real).astype(numpy.int64), size - 1)
    t = numpy.clip(real - index.astype(opmath), 0, 1).astype(numpy.float64)
    if mode == "linear":
        upper = index + (index < size - 1)
        return numpy.stack([index, upper], 1), numpy.stack([1 - t, t], 1)
    a = -0.75
    far, near = t + 1, 1 - t

    def conv1(v: numpy.ndarray) -> numpy.ndarray:
        return ((a + 2) * v - (a + 3)) * v * v + 1

    def conv2(v: numpy.ndarray) -> numpy.ndarray:
        return ((a * v - 5 * a) * v + 8 * a) * v - 4 * a

    weights = numpy.stack([conv2(far), conv1(t), conv1(near), conv2(near + 1)], 1)
    taps = numpy.clip(index[:, None] + numpy.arange(-1, 3)[None, :], 0, size - 1)
    return taps, weights


_INTERP_MODES = {
    "nearest": "nearest",
    "nearest-exact": "nearest-exact",
    "linear": "linear",
    "bilinear": "linear",
    "trilinear": "linear",
    "bicubic": "cubic",
    "area": "area",
}
_INTERP_DIMS = {"linear": 1, "bilinear": 2, "bicubic": 2, "trilinear": 3}


def _interp_plan(
    x_shape: Sequence[int],
    size: Any,
    scale_factor: Any,
    mode: str,
    align_corners: bool | None,
    recompute_scale_factor: bool | None,
    opmath: Any,
) -> tuple[str, tuple[int, ...], list[tuple[numpy.ndarray, numpy.ndarray | None]]]:
    if mode not in _INTERP_MODES:
        raise ValueError(f"unknown interpolation mode {mode!r}")
    if mode in _INTERP_DIMS and len(x_shape) - 2 != _INTERP_DIMS[mode]:
        raise ValueError(f"mode {mode!r} needs a {_INTERP_DIMS[mode] + 2}-D input")
    kind = _INTERP_MODES[mode]
    if align_corners is not None and kind not in ("linear", "cubic"):
        raise ValueError("align_corners only applies to linear and bicubic modes")
    out, factors = _interp_sizes(x_shape, size, scale_factor, recompute_scale_factor)
    if kind == "area":
        return kind, out, []
    axes = [
        _interp_axis(x_shape[2 + d], out[d], kind, bool(align_corners), factors[d], opmath)
        for d in range(len(out))
    ]
    return kind, out, axes


def _check_reduction(reduction: str, allowed: tuple[str, ...] = ("none", "mean", "sum")) -> None:
    if reduction not in allowed:
        raise ValueError(f"reduction must be one of {allowed}, got {reduction!r}")


def _class_axis(x: Any) -> int:
    """The class dimension of a loss input: 0 for ``(C,)``, else 1 (``(N, C, *)``)."""
    return 0 if len(x.shape) == 1 else 1


def _check_groups(channels: int, weight_in: int, groups: int, out: int) -> None:
    if channels != weight_in * groups:
        raise ValueError(
            f"input has {channels} channels; weight expects {weight_in} x {groups} groups"
        )
    if out % groups:
        raise ValueError(f"{out} output channels are not divisible by groups={groups}")


def _dropout_mask(p: float, training: bool, mask: Any, shape: Any, generator: Any) -> Any:
    """The keep mask of a dropout call (drawn from ``generator`` when not given), or None
    when dropout is the identity."""
    if not 0 <= p <= 1:
        raise ValueError(f"dropout probability must be in [0, 1], got {p}")
    if not training or p == 0:
        return None
    if mask is None:
        mask = native.random.bernoulli(1 - p, tuple(shape), generator=generator)
    return mask


def _repeat_heads(query: Any, key: Any, value: Any, enable_gqa: bool) -> tuple[int, int]:
    """How often to repeat key and value heads (dimension -3) for grouped-query attention."""
    if not enable_gqa or len(query.shape) < 3:
        return 1, 1
    heads = query.shape[-3]
    if heads % key.shape[-3] or heads % value.shape[-3]:
        raise ValueError("query heads must be a multiple of key and value heads")
    return heads // key.shape[-3], heads // value.shape[-3]


def _normalized_axes(x: numpy.ndarray, normalized_shape: Any) -> tuple[int, ...]:
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(x.shape[x.ndim - len(shape) :]) != shape:
        raise ValueError(f"normalized_shape {shape} does not end input shape {x.shape}")
    return tuple(range(x.ndim - len(shape), x.ndim))
