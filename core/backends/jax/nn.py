"""jax implementations of core's nn functions: lax.conv_general_dilated and
lax.reduce_window for convolution and pooling, jax.nn for activations, and the shared
index tables of :mod:`core.backends._nn_common` for windows, bins, padding and resampling."""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import jax.scipy.special
import numpy
from jax import lax

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
from core.backends.jax import core_dtypes, native_dtypes, promote, version
from core.backends.jax.elementwise import divide
from core.support import with_unsupported_dtypes

_no_complex = with_unsupported_dtypes({f"{version} and below": ("complex",)}, version)


def _frozen(value: Any) -> Any:
    """``value`` made hashable (lists to tuples), or raise TypeError."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    hash(value)
    return value


def _jit(function: Callable[..., Any]) -> Callable[..., Any]:
    """Compile ``function`` with jax.jit, its non-array arguments static.

    One compiled program per call signature instead of one per primitive: shapes decide
    everything these functions do in Python, so they trace cleanly. Calls with an
    unhashable option run eagerly.
    """
    signature = inspect.signature(function)
    compiled: dict[tuple, Callable[..., Any]] = {}

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        arrays = {k: v for k, v in bound.arguments.items() if isinstance(v, jax.Array)}
        options = {k: v for k, v in bound.arguments.items() if k not in arrays}
        try:
            key = (tuple(arrays), _frozen(tuple(options.items())))
        except TypeError:
            return function(*args, **kwargs)
        program = compiled.get(key)
        if program is None:
            program = compiled[key] = jax.jit(lambda **values: function(**values, **options))
        return program(**arrays)

    return wrapper


def _real(function: Callable[..., Any]) -> Callable[..., Any]:
    """Declare complex unsupported and compile with :func:`_jit`."""
    return _no_complex(_jit(function))


_HIGHEST = lax.Precision.HIGHEST
_LAYOUTS = {1: ("NCH", "OIH", "NCH"), 2: ("NCHW", "OIHW", "NCHW"), 3: ("NCDHW", "OIDHW", "NCDHW")}


def _is_float(x: jax.Array) -> bool:
    return core_dtypes[x.dtype].is_float_dtype


def _float(x: jax.Array) -> jax.Array:
    return x if _is_float(x) else x.astype(native_dtypes[dtypes.default_float_dtype()])


def _floats(*values: Any) -> tuple[jax.Array | None, ...]:
    present = [v for v in values if v is not None]
    promoted = iter(promote(*[_float(v) for v in present]))
    return tuple(None if v is None else next(promoted) for v in values)


def _scalar(value: float, like: jax.Array) -> jax.Array:
    return jnp.asarray(value, dtype=like.dtype)


def _layout(n: int) -> tuple[str, str, str]:
    if n not in _LAYOUTS:
        raise ValueError(f"convolution is 1, 2 or 3-D, got a {n + 2}-D weight")
    return _LAYOUTS[n]


def _gather_windows(x: jax.Array, padded_index: Any) -> jax.Array:
    """``(N, C, K, L)`` window elements of a padded ``(N, C, *spatial)``."""
    flat = x.reshape(x.shape[0], x.shape[1], -1)
    index = jnp.asarray(padded_index)
    return jnp.take(flat, index.reshape(-1), axis=2).reshape(*flat.shape[:2], *index.shape)


def _pad_spatial(x: jax.Array, before: Sequence[int], after: Sequence[int], value: Any):
    return jnp.pad(x, [(0, 0), (0, 0), *zip(before, after)], constant_values=value)


# ---------------------------------------------------------------------------------------
# linear layers and convolution
# ---------------------------------------------------------------------------------------
@_real
def linear(x: jax.Array, weight: jax.Array, bias: jax.Array | None = None) -> jax.Array:
    x, weight, bias = _floats(x, weight, bias)
    y = jnp.matmul(x, jnp.swapaxes(weight, -1, -2), precision=_HIGHEST)
    return y if bias is None else y + bias


@_real
def conv(
    x: jax.Array,
    weight: jax.Array,
    bias: jax.Array | None = None,
    *,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> jax.Array:
    x, weight, bias = _floats(x, weight, bias)
    n = weight.ndim - 2
    strides, dilations, pads, _ = _conv_geometry(x.shape, weight.shape, stride, padding, dilation)
    if x.shape[1] != weight.shape[1] * groups or weight.shape[0] % groups:
        raise ValueError(f"input channels {x.shape[1]} do not match weight {weight.shape}")
    y = lax.conv_general_dilated(
        x,
        weight,
        strides,
        pads,
        rhs_dilation=dilations,
        dimension_numbers=_layout(n),
        feature_group_count=groups,
        precision=_HIGHEST,
    )
    return y if bias is None else y + bias.reshape(-1, *([1] * n))


@_real
def conv_transpose(
    x: jax.Array,
    weight: jax.Array,
    bias: jax.Array | None = None,
    *,
    stride: Any = 1,
    padding: Any = 0,
    output_padding: Any = 0,
    groups: int = 1,
    dilation: Any = 1,
) -> jax.Array:
    x, weight, bias = _floats(x, weight, bias)
    kernel, s, p, d, _ = _transpose_geometry(
        x.shape, weight.shape, stride, padding, output_padding, dilation
    )
    n = len(kernel)
    op = _ntuple(output_padding, n, "output_padding")
    c_in, out_g = weight.shape[:2]
    if x.shape[1] != c_in or c_in % groups:
        raise ValueError(f"input has {x.shape[1]} channels, weight expects {c_in}")
    # the equivalent convolution: (C_out, C_in / groups, *kernel), flipped in space
    w = weight.reshape(groups, c_in // groups, out_g, *kernel)
    w = jnp.swapaxes(w, 1, 2).reshape(groups * out_g, c_in // groups, *kernel)
    w = jnp.flip(w, axis=tuple(range(2, 2 + n)))
    pads = [
        (d[i] * (kernel[i] - 1) - p[i], d[i] * (kernel[i] - 1) - p[i] + op[i]) for i in range(n)
    ]
    y = lax.conv_general_dilated(
        x,
        w,
        (1,) * n,
        pads,
        lhs_dilation=s,
        rhs_dilation=d,
        dimension_numbers=_layout(n),
        feature_group_count=groups,
        precision=_HIGHEST,
    )
    return y if bias is None else y + bias.reshape(-1, *([1] * n))


@_jit
def unfold(
    x: jax.Array, kernel_size: Any, *, dilation: Any = 1, padding: Any = 0, stride: Any = 1
) -> jax.Array:
    n = x.ndim - 2
    k = _ntuple(kernel_size, n, "kernel_size")
    d, p, s = (
        _ntuple(v, n, name)
        for v, name in ((dilation, "dilation"), (padding, "padding"), (stride, "stride"))
    )
    x = _pad_spatial(x, p, p, 0)
    padded = x.shape[2:]
    out = [(padded[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in range(n)]
    cols = _gather_windows(x, _window_index(padded, k, s, d, out))
    return cols.reshape(x.shape[0], x.shape[1] * math.prod(k), -1)


def _col2im(
    cols: jax.Array,
    padded: Sequence[int],
    kernel: Sequence[int],
    stride: Sequence[int],
    dilation: Sequence[int],
    blocks: Sequence[int],
) -> jax.Array:
    index = jnp.asarray(_window_index(padded, kernel, stride, dilation, blocks).reshape(-1))
    batch, channels = cols.shape[:2]
    out = jnp.zeros((batch, channels, math.prod(padded)), dtype=cols.dtype)
    out = out.at[:, :, index].add(cols.reshape(batch, channels, -1))
    return out.reshape(batch, channels, *padded)


@_jit
def fold(
    x: jax.Array,
    output_size: Any,
    kernel_size: Any,
    *,
    dilation: Any = 1,
    padding: Any = 0,
    stride: Any = 1,
) -> jax.Array:
    size, k, d, p, s, padded, blocks = _fold_geometry(
        output_size, kernel_size, dilation, padding, stride, None
    )
    kk = math.prod(k)
    if x.ndim != 3 or x.shape[1] % kk or x.shape[2] != math.prod(blocks):
        raise ValueError(f"fold: input shape {x.shape} does not match the blocks {blocks}")
    cols = x.reshape(x.shape[0], x.shape[1] // kk, kk, x.shape[2])
    y = _col2im(cols, padded, k, s, d, blocks)
    return y[(Ellipsis, *(slice(p[i], p[i] + size[i]) for i in range(len(size))))]


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
@_real
def max_pool(
    x: jax.Array,
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
    if return_indices:
        cols = _gather_windows(
            _pad_spatial(x, p, after, -jnp.inf), _window_index(padded, k, s, d, out)
        )
        best = jnp.argmax(cols, axis=2)
        positions = _window_index(padded, k, s, d, out, offset=p, plane=x.shape[2:])
        lookup = jnp.asarray(positions.reshape(-1))
        indices = jnp.take(lookup, best * positions.shape[1] + jnp.arange(positions.shape[1]))
        values = jnp.take_along_axis(cols, best[:, :, None], axis=2)[:, :, 0]
        shape = (*x.shape[:2], *out)
        return values.reshape(shape), indices.reshape(shape)
    y = lax.reduce_window(
        x,
        numpy.array(-numpy.inf, dtype=x.dtype),  # concrete: JAX's max window, with a JVP
        lax.max,
        (1, 1, *k),
        (1, 1, *s),
        [(0, 0), (0, 0), *zip(p, after)],
        window_dilation=(1, 1, *d),
    )
    return y[(Ellipsis, *(slice(0, o) for o in out))]


@_real
def avg_pool(
    x: jax.Array,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    *,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> jax.Array:
    x = _float(x)
    k, s, _, p, after, _, out = _pool_geometry(x.shape, kernel_size, stride, padding, 1, ceil_mode)
    total = lax.reduce_window(
        x,
        numpy.array(0, dtype=x.dtype),  # concrete: JAX's sum window, with a JVP
        lax.add,
        (1, 1, *k),
        (1, 1, *s),
        [(0, 0), (0, 0), *zip(p, after)],
    )
    total = total[(Ellipsis, *(slice(0, o) for o in out))]
    if divisor_override:
        return divide(total, _scalar(divisor_override, x))
    divisor = _avg_divisor(x.shape[2:], k, s, p, out, count_include_pad)
    return divide(total, jnp.asarray(divisor, dtype=x.dtype))


@_real
def adaptive_avg_pool(x: jax.Array, output_size: Any) -> jax.Array:
    x = _float(x)
    for d, out in enumerate(_adaptive_sizes(x.shape, output_size)):
        axis = 2 + d
        index, valid = _adaptive_bins(x.shape[axis], out)
        trailing = (1,) * (x.ndim - axis - 1)
        taken = jnp.take(x, jnp.asarray(index), axis=axis)
        mask = jnp.asarray(valid.reshape(valid.shape + trailing))
        total = jnp.where(mask, taken, 0).sum(axis=axis + 1)
        count = valid.sum(1).reshape((-1, *trailing))
        x = divide(total, jnp.asarray(count, dtype=x.dtype))
    return x


@_real
def adaptive_max_pool(x: jax.Array, output_size: Any, *, return_indices: bool = False) -> Any:
    x = _float(x)
    sizes = _adaptive_sizes(x.shape, output_size)
    plane = x.shape[2:]
    flat = None
    for d in reversed(range(len(sizes))):
        axis = 2 + d
        index, valid = _adaptive_bins(x.shape[axis], sizes[d])
        trailing = (1,) * (x.ndim - axis - 1)
        taken = jnp.where(
            jnp.asarray(valid.reshape(valid.shape + trailing)),
            jnp.take(x, jnp.asarray(index), axis=axis),
            -jnp.inf,
        )
        best = jnp.expand_dims(jnp.argmax(taken, axis=axis + 1), axis + 1)
        x = jnp.take_along_axis(taken, best, axis + 1).squeeze(axis + 1)
        if return_indices:
            grid = jnp.broadcast_to(jnp.asarray(index.reshape(index.shape + trailing)), taken.shape)
            here = jnp.take_along_axis(grid, best, axis + 1).squeeze(axis + 1)
            here = here * math.prod(plane[d + 1 :])
            if flat is not None:
                moved = jnp.take(flat, jnp.asarray(index), axis=axis)
                flat = jnp.take_along_axis(moved, best, axis + 1).squeeze(axis + 1) + here
            else:
                flat = here
    return (x, flat.astype(jnp.int64)) if return_indices else x


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
@_real
@direct(lambda x: jnp.maximum(x, 0.0))
def relu(x: jax.Array) -> jax.Array:
    if x.dtype == jnp.bool_:
        x = _float(x)
    return jnp.maximum(x, jnp.zeros((), dtype=x.dtype))


@_real
def relu6(x: jax.Array) -> jax.Array:
    return hardtanh(x, 0.0, 6.0)


@_real
def hardtanh(x: jax.Array, min_val: float = -1.0, max_val: float = 1.0) -> jax.Array:
    if x.dtype == jnp.bool_:
        x = _float(x)
    if not _is_float(x):
        info = jnp.iinfo(x.dtype)
        low, high = max(int(min_val), info.min), min(int(max_val), info.max)
        return jnp.clip(x, jnp.asarray(low, x.dtype), jnp.asarray(high, x.dtype))
    low, high = _scalar(min_val, x), _scalar(max_val, x)
    return jnp.where(x < low, low, jnp.where(x > high, high, x))


@_real
def leaky_relu(x: jax.Array, negative_slope: float = 0.01) -> jax.Array:
    return jax.nn.leaky_relu(_float(x), negative_slope)


@_real
def elu(x: jax.Array, alpha: float = 1.0) -> jax.Array:
    x = _float(x)
    return jnp.where(x > 0, x, _scalar(alpha, x) * jnp.expm1(jnp.minimum(x, 0)))


@_real
def selu(x: jax.Array) -> jax.Array:
    return jax.nn.selu(_float(x))


@_real
def celu(x: jax.Array, alpha: float = 1.0) -> jax.Array:
    x = _float(x)
    a = _scalar(alpha, x)
    return jnp.where(x > 0, x, a * jnp.expm1(jnp.minimum(x, 0) / a))


@_real
def gelu(x: jax.Array, approximate: str = "none") -> jax.Array:
    if approximate not in ("none", "tanh"):
        raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    return jax.nn.gelu(_float(x), approximate=approximate == "tanh")


@_real
@direct(jax.nn.sigmoid)
def sigmoid(x: jax.Array) -> jax.Array:
    return jax.nn.sigmoid(_float(x))


@_real
def silu(x: jax.Array) -> jax.Array:
    return jax.nn.silu(_float(x))


@_real
def mish(x: jax.Array) -> jax.Array:
    x = _float(x)
    return x * jnp.tanh(softplus(x))


@_real
def softplus(x: jax.Array, beta: float = 1.0, threshold: float = 20.0) -> jax.Array:
    x = _float(x)
    scaled = x * _scalar(beta, x)
    soft = jnp.logaddexp(_scalar(0, x), scaled) / _scalar(beta, x)
    return jnp.where(scaled > threshold, x, soft)


@_real
def softsign(x: jax.Array) -> jax.Array:
    return jax.nn.soft_sign(_float(x))


@_real
def hardsigmoid(x: jax.Array) -> jax.Array:
    return jax.nn.hard_sigmoid(_float(x))


@_real
def hardswish(x: jax.Array) -> jax.Array:
    return jax.nn.hard_swish(_float(x))


@_real
def log_sigmoid(x: jax.Array) -> jax.Array:
    return jax.nn.log_sigmoid(_float(x))


@_real
def glu(x: jax.Array, axis: int = -1) -> jax.Array:
    x = _float(x)
    if x.shape[axis] % 2:
        raise ValueError(f"glu halves dimension {axis}, which has odd size {x.shape[axis]}")
    return jax.nn.glu(x, axis)


@_real
def prelu(x: jax.Array, weight: jax.Array) -> jax.Array:
    x, weight = _floats(x, weight)
    if weight.size == 1 or x.ndim < 2:
        slope = weight.reshape(())
    else:
        slope = weight.reshape((-1,) + (1,) * (x.ndim - 2))
    return jnp.where(x > 0, x, x * slope)


@_real
def softmax(x: jax.Array, axis: int = -1) -> jax.Array:
    return jax.nn.softmax(_float(x), axis=axis)


@_real
def log_softmax(x: jax.Array, axis: int = -1) -> jax.Array:
    return jax.nn.log_softmax(_float(x), axis=axis)


# ---------------------------------------------------------------------------------------
# dropout, embedding, one-hot, padding, resampling
# ---------------------------------------------------------------------------------------
@_no_complex
def dropout(
    x: jax.Array,
    p: float = 0.5,
    *,
    training: bool = True,
    mask: jax.Array | None = None,
    generator: Any = None,
) -> jax.Array:
    x = _float(x)
    mask = _dropout_mask(p, training, mask, x.shape, generator)
    if mask is None:
        return x
    return _apply_dropout(x, mask, p)


@_jit
def _apply_dropout(x: jax.Array, mask: jax.Array, p: float) -> jax.Array:
    if p == 1:
        return jnp.zeros_like(x)
    return jnp.where(mask.astype(bool), x / _scalar(1 - p, x), jnp.zeros((), dtype=x.dtype))


def embedding(indices: jax.Array, weight: jax.Array, padding_idx: int | None = None) -> jax.Array:
    if not jnp.issubdtype(indices.dtype, jnp.integer):
        raise TypeError(f"embedding indices must be integers, got {indices.dtype}")
    return jnp.take(weight, indices, axis=0)


def one_hot(x: jax.Array, num_classes: int = -1, *, dtype: Any = None) -> jax.Array:
    if not jnp.issubdtype(x.dtype, jnp.integer):
        raise TypeError(f"one_hot needs integer input, got {x.dtype}")
    if num_classes < 0:
        num_classes = int(x.max()) + 1 if x.size else 0
    return _one_hot(x, num_classes, dtype or dtypes.int64)


@_jit
def _one_hot(x: jax.Array, num_classes: int, dtype: Any) -> jax.Array:
    hot = x[..., None] == jnp.arange(num_classes, dtype=x.dtype)
    return hot.astype(native_dtypes[dtype])


@_jit
def pad(x: jax.Array, pad: Sequence[int], mode: str = "constant", value: float = 0.0) -> jax.Array:
    pairs = _pad_pairs(x.ndim, pad)
    if mode == "constant":
        grow = [(max(b, 0), max(a, 0)) for b, a in pairs]
        y = jnp.pad(x, grow, constant_values=jnp.asarray(value).astype(x.dtype))
        return y[tuple(slice(-min(b, 0), y.shape[i] + min(a, 0)) for i, (b, a) in enumerate(pairs))]
    for axis, (before, after) in enumerate(pairs):
        if before or after:
            index = jnp.asarray(_pad_index(x.shape[axis], before, after, mode))
            x = jnp.take(x, index, axis=axis)
    return x


@_real
def interpolate(
    x: jax.Array,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
) -> jax.Array:
    x = _float(x)
    opmath = numpy.float64 if x.dtype == jnp.float64 else numpy.float32
    kind, out, axes = _interp_plan(
        x.shape, size, scale_factor, mode, align_corners, recompute_scale_factor, opmath
    )
    if kind == "area":
        return adaptive_avg_pool(x, out)
    for d, (index, weights) in enumerate(axes):
        axis = 2 + d
        taken = jnp.take(x, jnp.asarray(index), axis=axis)
        if weights is None:
            x = taken.squeeze(axis + 1)
            continue
        w = jnp.asarray(weights.reshape(weights.shape + (1,) * (x.ndim - axis - 1)), x.dtype)
        x = (taken * w).sum(axis=axis + 1)
    return x


# ---------------------------------------------------------------------------------------
# attention, distances
# ---------------------------------------------------------------------------------------
@_no_complex
def scaled_dot_product_attention(
    query: jax.Array,
    key: jax.Array,
    value: jax.Array,
    attn_mask: jax.Array | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    *,
    enable_gqa: bool = False,
    dropout_mask: jax.Array | None = None,
    generator: Any = None,
) -> jax.Array:
    if dropout_p and dropout_mask is None:
        # the attention weights' shape: key and value heads repeated to the query's
        key_lead = list(key.shape[:-2])
        if enable_gqa and query.ndim >= 3 and key_lead:
            key_lead[-1] = query.shape[-3]
        lead = jnp.broadcast_shapes(query.shape[:-2], tuple(key_lead))
        shape = (*lead, query.shape[-2], key.shape[-2])
        dropout_mask = _dropout_mask(dropout_p, True, None, shape, generator)
    return _attention(
        query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa, dropout_mask
    )


@_jit
def _attention(
    query: jax.Array,
    key: jax.Array,
    value: jax.Array,
    attn_mask: jax.Array | None,
    dropout_p: float,
    is_causal: bool,
    scale: float | None,
    enable_gqa: bool,
    dropout_mask: jax.Array | None,
) -> jax.Array:
    query, key, value = _floats(query, key, value)
    repeat_k, repeat_v = _repeat_heads(query, key, value, enable_gqa)
    key = jnp.repeat(key, repeat_k, axis=-3) if repeat_k > 1 else key
    value = jnp.repeat(value, repeat_v, axis=-3) if repeat_v > 1 else value
    scale = 1 / math.sqrt(query.shape[-1]) if scale is None else scale
    scores = jnp.matmul(query, jnp.swapaxes(key, -1, -2), precision=_HIGHEST)
    scores = scores * _scalar(scale, query)
    length, source = scores.shape[-2:]
    if is_causal:
        scores = jnp.where(jnp.tril(jnp.ones((length, source), dtype=bool)), scores, -jnp.inf)
    if attn_mask is not None:
        if attn_mask.dtype == jnp.bool_:
            scores = jnp.where(attn_mask, scores, -jnp.inf)
        else:
            scores = scores + attn_mask.astype(scores.dtype)
    # torch's safe softmax: a row with every position masked gives zeros, not NaN
    fully_masked = jnp.all(scores == -jnp.inf, axis=-1, keepdims=True)
    weights = jnp.where(fully_masked, 0, jax.nn.softmax(scores, axis=-1)).astype(scores.dtype)
    if dropout_p:
        weights = _apply_dropout(weights, dropout_mask, dropout_p)
    return jnp.matmul(weights, value, precision=_HIGHEST)


def embedding_backward(
    g: jax.Array, indices: jax.Array, rows: int, padding_idx: int | None = None
) -> jax.Array:
    """A scatter-add of ``g``'s rows (traced indices too), not the one-hot product."""
    dim = g.shape[-1]
    flat_indices = jnp.reshape(indices, (-1,))
    flat_g = jnp.reshape(g, (-1, dim))
    if padding_idx is not None:
        flat_g = jnp.where((flat_indices != padding_idx % rows)[:, None], flat_g, 0)
    return jnp.zeros((rows, dim), dtype=g.dtype).at[flat_indices].add(flat_g)
