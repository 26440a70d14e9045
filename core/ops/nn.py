"""core's nn functions: what a ``torch.nn.functional`` frontend is built on.

Layouts and arguments follow PyTorch: channels first (``(N, C, L)``, ``(N, C, H, W)``,
``(N, C, D, H, W)``), convolution weights ``(out_channels, in_channels / groups, *kernel)``
(transposed: ``(in_channels, out_channels / groups, *kernel)``), ``pad`` tuples listing the
last dimension first. Spatial functions take a batched input: the number of spatial
dimensions is ``x.ndim - 2``. Integer sizes (``stride=2``) apply to every spatial
dimension; sequences give one per dimension.

Float-only functions given integer or bool input compute in the default float dtype
(float32), as core's float functions do. Randomness (dropout) is never drawn here: pass
the keep mask, so every call is a pure function of its inputs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from core import dtypes, native, support
from core.array import Array, ArrayLike
from core.autodiff import defvjp, nondifferentiable
from core.backend import get_backend
from core.backends._nn_common import _check_reduction, _class_axis, _normalized_axes
from core.ops.data_type import finfo
from core.ops.linear_algebra import _conj, matmul_rule
from core.registry import compositional, mixed, primary

if TYPE_CHECKING:
    from core.ops.random import Generator

NAMESPACE = "nn"

Size = int | Sequence[int]


# ---------------------------------------------------------------------------------------
# linear layers and convolution
# ---------------------------------------------------------------------------------------
@mixed
def linear(x: ArrayLike, weight: ArrayLike, bias: ArrayLike | None = None) -> Array:
    """``x @ weight.T + bias``; ``weight`` is ``(out_features, in_features)``.

    A 3-D ``weight`` ``(batch, out_features, in_features)`` applies one matrix per batch
    entry of ``x`` (``(batch, ..., in_features)`` broadcast against it).
    """
    y = native.matmul(x, native.matrix_transpose(weight))
    if bias is None:
        return y
    return native.add(y, bias)


@primary
def conv(
    x: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    *,
    stride: Size = 1,
    padding: Size | str = 0,
    dilation: Size = 1,
    groups: int = 1,
) -> Array:
    """N-D convolution (cross-correlation, as torch), 1/2/3-D by ``weight.ndim - 2``.

    ``x`` is ``(N, C_in, *spatial)``, ``weight`` ``(C_out, C_in / groups, *kernel)``,
    ``bias`` ``(C_out,)``. ``padding`` is zero padding per side, or ``"valid"`` (none) or
    ``"same"`` (output as long as the input; stride must be 1; an odd total puts the extra
    element after, as torch).
    """


@compositional
def conv1d(
    x: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    *,
    stride: Size = 1,
    padding: Size | str = 0,
    dilation: Size = 1,
    groups: int = 1,
) -> Array:
    """:func:`conv` on ``(N, C, L)``; checks the weight is 3-D."""
    _check_rank("conv1d", weight, 3)
    return native.nn.conv(
        x, weight, bias, stride=stride, padding=padding, dilation=dilation, groups=groups
    )


@compositional
def conv2d(
    x: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    *,
    stride: Size = 1,
    padding: Size | str = 0,
    dilation: Size = 1,
    groups: int = 1,
) -> Array:
    """:func:`conv` on ``(N, C, H, W)``; checks the weight is 4-D."""
    _check_rank("conv2d", weight, 4)
    return native.nn.conv(
        x, weight, bias, stride=stride, padding=padding, dilation=dilation, groups=groups
    )


@compositional
def conv3d(
    x: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    *,
    stride: Size = 1,
    padding: Size | str = 0,
    dilation: Size = 1,
    groups: int = 1,
) -> Array:
    """:func:`conv` on ``(N, C, D, H, W)``; checks the weight is 5-D."""
    _check_rank("conv3d", weight, 5)
    return native.nn.conv(
        x, weight, bias, stride=stride, padding=padding, dilation=dilation, groups=groups
    )


def _check_rank(name: str, weight: Any, ndim: int) -> None:
    if len(weight.shape) != ndim:
        raise ValueError(f"{name} expects a {ndim}-D weight, got shape {tuple(weight.shape)}")


@primary
def conv_transpose(
    x: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    *,
    stride: Size = 1,
    padding: Size = 0,
    output_padding: Size = 0,
    groups: int = 1,
    dilation: Size = 1,
) -> Array:
    """N-D transposed convolution (the gradient of :func:`conv`), 1/2/3-D.

    ``weight`` is ``(C_in, C_out / groups, *kernel)``; the output length per dimension is
    ``(in - 1) * stride - 2 * padding + dilation * (kernel - 1) + output_padding + 1``.
    """


@primary
def unfold(
    x: ArrayLike,
    kernel_size: Size,
    *,
    dilation: Size = 1,
    padding: Size = 0,
    stride: Size = 1,
) -> Array:
    """im2col: ``(N, C, *spatial)`` to ``(N, C * prod(kernel), L)`` sliding blocks.

    Rows run over channels, then kernel positions in row-major order; ``L`` over block
    positions in row-major order (torch's layout). Any number of spatial dimensions.
    """


@primary
def fold(
    x: ArrayLike,
    output_size: Size,
    kernel_size: Size,
    *,
    dilation: Size = 1,
    padding: Size = 0,
    stride: Size = 1,
) -> Array:
    """col2im, the adjoint of :func:`unfold`: ``(N, C * prod(kernel), L)`` blocks summed
    into ``(N, C, *output_size)`` (overlapping entries add up)."""


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
@primary
def max_pool(
    x: ArrayLike,
    kernel_size: Size,
    stride: Size | None = None,
    padding: Size = 0,
    dilation: Size = 1,
    *,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Array | tuple[Array, Array]:
    """Max pooling over the ``x.ndim - 2`` spatial dimensions of ``(N, C, *spatial)``.

    ``stride`` defaults to ``kernel_size``; padding is implicit ``-inf``. With
    ``return_indices`` also returns int64 indices of the maxima, flat over each input
    plane's spatial dimensions (torch's convention); ties pick the first in row-major
    order.
    """


@primary
def avg_pool(
    x: ArrayLike,
    kernel_size: Size,
    stride: Size | None = None,
    padding: Size = 0,
    *,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Array:
    """Average pooling over the spatial dimensions of ``(N, C, *spatial)``.

    The divisor follows torch: with ``count_include_pad`` the window clipped to the padded
    input, else the number of input elements in it; ``divisor_override`` replaces both.
    """


@primary
def adaptive_avg_pool(x: ArrayLike, output_size: Size) -> Array:
    """Average over torch's adaptive bins: output ``i`` of a dimension covers
    ``[floor(i * in / out), ceil((i + 1) * in / out))``. ``None`` in ``output_size``
    keeps that dimension."""


@primary
def adaptive_max_pool(
    x: ArrayLike, output_size: Size, *, return_indices: bool = False
) -> Array | tuple[Array, Array]:
    """Maximum over torch's adaptive bins (see :func:`adaptive_avg_pool`); indices as
    :func:`max_pool`."""


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
@primary
def relu(x: ArrayLike) -> Array:
    """``max(x, 0)``. Integer input keeps its dtype; nan stays nan."""


@primary
def relu6(x: ArrayLike) -> Array:
    """``min(max(x, 0), 6)``."""


@primary
def leaky_relu(x: ArrayLike, negative_slope: float = 0.01) -> Array:
    """``x`` where positive, ``negative_slope * x`` elsewhere."""


@primary
def elu(x: ArrayLike, alpha: float = 1.0) -> Array:
    """``x`` where positive, ``alpha * (exp(x) - 1)`` elsewhere."""


@primary
def selu(x: ArrayLike) -> Array:
    """``scale * elu(x, alpha)`` with the self-normalising constants."""


@primary
def celu(x: ArrayLike, alpha: float = 1.0) -> Array:
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""


@primary
def gelu(x: ArrayLike, approximate: str = "none") -> Array:
    """Gaussian error linear unit: exact (``"none"``, with erf) or the ``"tanh"`` formula."""


_INV_SQRT_2PI = 1 / math.sqrt(2 * math.pi)


@mixed
def gelu_backward(g: ArrayLike, x: ArrayLike, approximate: str = "none") -> Array:
    """gelu's vector-Jacobian product, ``g * gelu'(x)`` (torch's ``gelu_backward``): one
    kernel where the backend has one, so a recorded gelu's backward is not a dozen ops."""
    if approximate == "tanh":
        c = math.sqrt(2 / math.pi)
        inner = native.multiply(native.add(x, native.multiply(native.pow(x, 3), 0.044715)), c)
        t = native.tanh(inner)
        d_inner = native.multiply(native.add(native.multiply(native.square(x), 3 * 0.044715), 1), c)
        slope = native.add(
            native.multiply(native.add(t, 1), 0.5),
            native.multiply(
                native.multiply(native.multiply(x, 0.5), native.subtract(1, native.square(t))),
                d_inner,
            ),
        )
    else:
        cdf = native.multiply(native.add(native.erf(native.multiply(x, 1 / math.sqrt(2))), 1), 0.5)
        pdf = native.multiply(native.exp(native.multiply(native.square(x), -0.5)), _INV_SQRT_2PI)
        slope = native.add(cdf, native.multiply(x, pdf))
    return native.multiply(g, slope)


@primary
def sigmoid(x: ArrayLike) -> Array:
    """``1 / (1 + exp(-x))``."""


@primary
def silu(x: ArrayLike) -> Array:
    """``x * sigmoid(x)``."""


@primary
def mish(x: ArrayLike) -> Array:
    """``x * tanh(softplus(x))``."""


@primary
def softplus(x: ArrayLike, beta: float = 1.0, threshold: float = 20.0) -> Array:
    """``log(1 + exp(beta * x)) / beta``, and ``x`` itself where ``beta * x > threshold``
    (torch's linear region)."""


@primary
def softsign(x: ArrayLike) -> Array:
    """``x / (1 + |x|)``."""


@primary
def hardtanh(x: ArrayLike, min_val: float = -1.0, max_val: float = 1.0) -> Array:
    """``x`` clipped to ``[min_val, max_val]``."""


@primary
def hardsigmoid(x: ArrayLike) -> Array:
    """``relu6(x + 3) / 6``."""


@primary
def hardswish(x: ArrayLike) -> Array:
    """``x * relu6(x + 3) / 6``."""


@primary
def log_sigmoid(x: ArrayLike) -> Array:
    """``log(sigmoid(x))``, computed stably as ``-softplus(-x)``."""


@primary
def glu(x: ArrayLike, axis: int = -1) -> Array:
    """Gated linear unit: ``a * sigmoid(b)`` for the two halves of ``x`` along ``axis``."""


@primary
def prelu(x: ArrayLike, weight: ArrayLike) -> Array:
    """Leaky relu with a learnt slope: ``weight`` is one value, or one per channel
    (dimension 1 of ``x``)."""


@primary
def softmax(x: ArrayLike, axis: int = -1) -> Array:
    """``exp(x) / sum(exp(x))`` along ``axis``, computed from ``x - max(x)``."""


@primary
def log_softmax(x: ArrayLike, axis: int = -1) -> Array:
    """``x - logsumexp(x)`` along ``axis``, numerically stable."""


@mixed
def softmax_backward(g: ArrayLike, y: ArrayLike, axis: int = -1) -> Array:
    """:func:`softmax`'s cotangent from its output ``y``: ``y * (g - sum(g * y))``
    (torch's own kernel on the torch backend, one pass instead of four)."""
    axis = axis if len(y.shape) else None  # a 0-d softmax (torch's dim 0 of a scalar)
    inner = native.sum(native.multiply(g, y), axis=axis, keepdims=True)
    return native.multiply(y, native.subtract(g, inner))


@mixed
def log_softmax_backward(g: ArrayLike, y: ArrayLike, axis: int = -1) -> Array:
    """:func:`log_softmax`'s cotangent from its output ``y``: ``g - exp(y) * sum(g)``
    (torch's own kernel on the torch backend)."""
    axis = axis if len(y.shape) else None
    total = native.sum(g, axis=axis, keepdims=True)
    return native.subtract(g, native.multiply(native.exp(y), total))


# ---------------------------------------------------------------------------------------
# normalization
# ---------------------------------------------------------------------------------------
def _mean(x: Any, axes: Any, keepdims: bool = True) -> Any:
    """Mean refined by the mean of the residuals: exact for constant input, as torch's."""
    mean = native.mean(x, axis=axes, keepdims=True)
    mean = native.add(mean, native.mean(native.subtract(x, mean), axis=axes, keepdims=True))
    return mean if keepdims else native.squeeze(mean, axis=axes)


def _normalize(x: Any, axes: Any, eps: float) -> Any:
    """``(x - mean) / sqrt(biased variance + eps)`` over ``axes``."""
    centred = native.subtract(x, _mean(x, axes))
    var = native.mean(native.square(centred), axis=axes, keepdims=True)
    return native.divide(centred, native.sqrt(native.add(var, eps)))


def _affine(y: Any, weight: Any, bias: Any) -> Any:
    if weight is not None:
        y = native.multiply(y, weight)
    if bias is not None:
        y = native.add(y, bias)
    return y


def _channel(v: Any, ndim: int) -> Any:
    """A per-channel ``(C,)`` vector shaped to broadcast against ``(N, C, *)``."""
    return None if v is None else native.reshape(v, (-1,) + (1,) * (ndim - 2))


@mixed
def layer_norm(
    x: ArrayLike,
    normalized_shape: Size,
    weight: ArrayLike | None = None,
    bias: ArrayLike | None = None,
    eps: float = 1e-5,
) -> Array:
    """Normalise over the last ``len(normalized_shape)`` dimensions (biased variance),
    then scale by ``weight`` and shift by ``bias`` (both of ``normalized_shape``)."""
    x, weight, bias = _floats("layer_norm", x, weight, bias)
    return _affine(_normalize(x, _normalized_axes(x, normalized_shape), eps), weight, bias)


@mixed
def layer_norm_backward(
    g: ArrayLike,
    x: ArrayLike,
    normalized_shape: Size,
    weight: ArrayLike | None = None,
    bias: ArrayLike | None = None,
    eps: float = 1e-5,
) -> tuple[Array, Array | None, Array | None]:
    """:func:`layer_norm`'s cotangents of ``x``, ``weight`` and ``bias`` (None for an
    absent one): ``(ĝ - mean(ĝ) - x̂ mean(ĝ x̂)) / std`` with ``ĝ = g w``, torch's formula
    (its ``native_layer_norm_backward`` kernel on the torch backend)."""
    x, weight, bias = _floats("layer_norm", x, weight, bias)
    axes = _normalized_axes(x, normalized_shape)
    centred = native.subtract(x, _mean(x, axes))
    std = native.sqrt(
        native.add(native.mean(native.square(centred), axis=axes, keepdims=True), eps)
    )
    x_hat = native.divide(centred, std)
    g_hat = g if weight is None else native.multiply(g, weight)
    inner = native.mean(native.multiply(g_hat, x_hat), axis=axes, keepdims=True)
    g_x = native.subtract(native.subtract(g_hat, native.mean(g_hat, axis=axes, keepdims=True)),
                          native.multiply(x_hat, inner))  # fmt: skip
    return (
        native.divide(g_x, std),
        None if weight is None else native.multiply(g, x_hat),
        None if bias is None else g,
    )


@mixed
def rms_norm(
    x: ArrayLike,
    normalized_shape: Size,
    weight: ArrayLike | None = None,
    eps: float | None = None,
) -> Array:
    """``x / sqrt(mean(x**2) + eps) * weight`` over the last dimensions; ``eps`` defaults
    to the machine epsilon of ``x``'s dtype (torch)."""
    x, weight = _floats("rms_norm", x, weight)
    axes = _normalized_axes(x, normalized_shape)
    eps = finfo(dtypes.result_type(x)).eps if eps is None else eps
    squares = native.mean(native.multiply(x, x), axis=axes, keepdims=True)
    return _affine(native.divide(x, native.sqrt(native.add(squares, eps))), weight, None)


@mixed
def batch_norm(
    x: ArrayLike,
    running_mean: ArrayLike | None,
    running_var: ArrayLike | None,
    weight: ArrayLike | None = None,
    bias: ArrayLike | None = None,
    *,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> tuple[Array, Array | None, Array | None]:
    """Batch normalisation of ``(N, C, *)`` per channel, functional.

    Returns ``(output, new_running_mean, new_running_var)``. In training the batch
    statistics normalise and the running ones are updated as torch does:
    ``(1 - momentum) * running + momentum * batch``, with the UNBIASED batch variance for
    ``running_var``; out of training the running statistics normalise and come back
    unchanged. Nothing is updated in place.
    """
    x, running_mean, running_var, weight, bias = _floats(
        "batch_norm", x, running_mean, running_var, weight, bias
    )
    ndim = x.ndim
    axes = (0, *range(2, ndim))
    if training:
        count = math.prod(x.shape) // x.shape[1]
        if count <= 1:
            raise ValueError(
                f"batch_norm needs more than one value per channel, got {tuple(x.shape)}"
            )
        mean = _mean(x, axes, keepdims=False)
        var = native.mean(native.square(native.subtract(x, _channel(mean, ndim))), axis=axes)
        if running_mean is not None:
            running_mean = native.add(
                native.multiply(running_mean, 1 - momentum), native.multiply(mean, momentum)
            )
        if running_var is not None:
            unbiased = native.multiply(var, count / (count - 1))
            running_var = native.add(
                native.multiply(running_var, 1 - momentum), native.multiply(unbiased, momentum)
            )
    else:
        if running_mean is None or running_var is None:
            raise ValueError("batch_norm out of training needs running_mean and running_var")
        mean, var = running_mean, running_var
    y = native.divide(
        native.subtract(x, _channel(mean, ndim)),
        native.sqrt(native.add(_channel(var, ndim), eps)),
    )
    y = _affine(y, _channel(weight, ndim), _channel(bias, ndim))
    return y, running_mean, running_var


@mixed
def group_norm(
    x: ArrayLike,
    num_groups: int,
    weight: ArrayLike | None = None,
    bias: ArrayLike | None = None,
    eps: float = 1e-5,
) -> Array:
    """Normalise ``(N, C, *)`` over each group of ``C / num_groups`` channels and the
    spatial dimensions; ``weight``/``bias`` are per channel."""
    x, weight, bias = _floats("group_norm", x, weight, bias)
    shape = tuple(x.shape)
    if shape[1] % num_groups:
        raise ValueError(f"{shape[1]} channels are not divisible by {num_groups} groups")
    grouped = native.reshape(x, (shape[0], num_groups, -1))
    y = native.reshape(_normalize(grouped, (2,), eps), shape)
    return _affine(y, _channel(weight, len(shape)), _channel(bias, len(shape)))


@mixed
def instance_norm(
    x: ArrayLike,
    weight: ArrayLike | None = None,
    bias: ArrayLike | None = None,
    eps: float = 1e-5,
) -> Array:
    """Normalise each ``(n, c)`` plane of ``(N, C, *)`` over its spatial dimensions with its
    own statistics (torch's ``use_input_stats=True``); ``weight``/``bias`` per channel.
    Running statistics are batch_norm's business: torch's ``use_input_stats=False`` is
    :func:`batch_norm` out of training."""
    x, weight, bias = _floats("instance_norm", x, weight, bias)
    y = _normalize(x, tuple(range(2, x.ndim)), eps)
    return _affine(y, _channel(weight, x.ndim), _channel(bias, x.ndim))


# ---------------------------------------------------------------------------------------
# dropout, embedding, one-hot, padding, resampling
# ---------------------------------------------------------------------------------------
@primary
def dropout(
    x: ArrayLike,
    p: float = 0.5,
    *,
    training: bool = True,
    mask: ArrayLike | None = None,
    generator: Generator | None = None,
) -> Array:
    """``x * mask / (1 - p)``: ``mask`` (bool, broadcastable to ``x``) marks the elements
    kept. The identity when ``training`` is False or ``p`` is 0; zeros when ``p`` is 1.

    Without a ``mask`` it is drawn from ``generator`` (a :class:`core.random.Generator`,
    the default one when None): keep with probability ``1 - p``, the same values on
    every backend. There is no hidden framework RNG state.
    """


@primary
def embedding(indices: ArrayLike, weight: ArrayLike, padding_idx: int | None = None) -> Array:
    """Rows of ``weight`` ``(num_embeddings, dim)`` picked by integer ``indices``: shape
    ``indices.shape + (dim,)``. ``padding_idx`` only matters for gradients (torch)."""


@mixed
def embedding_backward(
    g: ArrayLike, indices: ArrayLike, rows: int, padding_idx: int | None = None
) -> Array:
    """:func:`embedding`'s weight cotangent ``(rows, dim)``: each row of ``g`` (shape
    ``indices.shape + (dim,)``) summed into the row its index picks, the ``padding_idx``
    row left at zero. The composition is a one-hot product; backends with a scatter-add
    (torch's ``embedding_dense_backward``, jax's ``.at[].add``) skip its
    ``rows x len(indices) x dim`` multiply-adds (a language model's vocabulary)."""
    dim = g.shape[-1]
    flat_indices = native.reshape(indices, (-1,))
    flat_g = native.reshape(g, (-1, dim))
    if padding_idx is not None:
        keep = native.expand_dims(native.not_equal(flat_indices, padding_idx % rows), axis=-1)
        flat_g = _masked(flat_g, keep)
    one_hot = native.astype(
        native.equal(
            native.reshape(flat_indices, (1, -1)), native.reshape(native.arange(rows), (-1, 1))
        ),
        dtypes.result_type(g),
    )
    return native.matmul(one_hot, flat_g)


@primary
def one_hot(x: ArrayLike, num_classes: int = -1, *, dtype: Any = None) -> Array:
    """``x.shape + (num_classes,)`` with a one at each integer of ``x``; ``num_classes=-1``
    uses ``max(x) + 1``. ``dtype`` defaults to int64 (torch)."""


@primary
def pad(x: ArrayLike, pad: Sequence[int], mode: str = "constant", value: float = 0.0) -> Array:
    """Pad (negative crops) the last ``len(pad) // 2`` dimensions; ``pad`` lists
    ``(before, after)`` for the LAST dimension first (torch's order). Modes:
    ``"constant"`` (``value``), ``"reflect"`` (mirror, edge not repeated), ``"replicate"``
    (edge repeated), ``"circular"`` (wrap around)."""


@primary
def interpolate(
    x: ArrayLike,
    size: Size | None = None,
    scale_factor: float | Sequence[float] | None = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
) -> Array:
    """Resample the spatial dimensions of ``(N, C, *spatial)`` to ``size`` (or
    ``floor(in * scale_factor)``), as torch: ``"nearest"`` takes
    ``floor(out_index * scale)`` (``"nearest-exact"`` ``floor((out_index + 0.5) * scale)``),
    ``"linear"``/``"bilinear"``/``"trilinear"`` and ``"bicubic"`` (A = -0.75, edges
    clamped) interpolate separably, ``"area"`` is adaptive average pooling. With
    ``align_corners`` the corner samples line up; a given ``scale_factor`` sets the scale
    unless ``recompute_scale_factor``."""


# ---------------------------------------------------------------------------------------
# attention, distances
# ---------------------------------------------------------------------------------------
@primary
def scaled_dot_product_attention(
    query: ArrayLike,
    key: ArrayLike,
    value: ArrayLike,
    attn_mask: ArrayLike | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    *,
    enable_gqa: bool = False,
    dropout_mask: ArrayLike | None = None,
    generator: Generator | None = None,
) -> Array:
    """``softmax(query @ key^T * scale + mask) @ value`` over ``(..., L, E)``,
    ``(..., S, E)``, ``(..., S, Ev)``.

    ``scale`` defaults to ``1 / sqrt(E)``. A bool ``attn_mask`` marks the pairs that take
    part, a float one is added; ``is_causal`` keeps the lower triangle. With
    ``dropout_p > 0`` the attention weights go through :func:`dropout` with
    ``dropout_mask`` (bool keep mask of the weights' shape) or one drawn from
    ``generator``. ``enable_gqa`` repeats each key
    and value head for groups of query heads (dimension -3).
    """


@mixed
def attention_backward(
    g: ArrayLike,
    out: ArrayLike,
    query: ArrayLike,
    key: ArrayLike,
    value: ArrayLike,
    attn_mask: ArrayLike | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    *,
    enable_gqa: bool = False,
    dropout_mask: ArrayLike | None = None,
) -> tuple[Array, Array, Array, Array | None]:
    """:func:`scaled_dot_product_attention`'s cotangents of ``query``, ``key``, ``value``
    and a float ``attn_mask`` (None for a bool or absent one), given its output ``out``.
    The composition recomputes the attention weights; the torch backend runs torch's
    flash-attention backward where its forward ran the flash kernel."""
    repeat_k = repeat_v = 1
    if enable_gqa and len(query.shape) >= 3:  # key and value heads serve groups of queries
        repeat_k, repeat_v = query.shape[-3] // key.shape[-3], query.shape[-3] // value.shape[-3]
        key = native.repeat(key, repeat_k, axis=-3) if repeat_k > 1 else key
        value = native.repeat(value, repeat_v, axis=-3) if repeat_v > 1 else value
    scale = 1 / math.sqrt(query.shape[-1]) if scale is None else scale
    scores = native.multiply(native.matmul(query, native.matrix_transpose(key)), scale)
    length, source = scores.shape[-2], scores.shape[-1]
    if is_causal:
        causal = native.tril(native.ones((length, source), dtype=dtypes.bool))
        scores = native.where(causal, scores, native.full_like(scores, -math.inf))
    if attn_mask is not None:
        if dtypes.result_type(attn_mask) == dtypes.bool:
            scores = native.where(attn_mask, scores, native.full_like(scores, -math.inf))
        else:
            scores = native.add(scores, attn_mask)
    fully_masked = native.all(native.equal(scores, -math.inf), axis=-1, keepdims=True)
    weights = native.where(
        fully_masked, 0.0, native.nn.softmax(scores, axis=-1)
    )  # torch's safe softmax
    used = weights
    if dropout_p > 0:
        used = native.divide(_masked(weights, dropout_mask), 1 - dropout_p)
    value_grad = native.matmul(native.matrix_transpose(used), g)
    used_grad = native.matmul(g, native.matrix_transpose(value))
    weights_grad = (
        native.divide(_masked(used_grad, dropout_mask), 1 - dropout_p)
        if dropout_p > 0
        else used_grad
    )
    scores_grad = native.nn.softmax_backward(weights_grad, weights, axis=-1)
    scores_grad = native.multiply(scores_grad, scale)
    query_grad = native.matmul(scores_grad, key)
    key_grad = native.matmul(native.matrix_transpose(scores_grad), query)
    mask_grad = None
    if attn_mask is not None and dtypes.result_type(attn_mask) != dtypes.bool:
        mask_grad = native.divide(scores_grad, scale)
    return (query_grad, _sum_head_groups(key_grad, repeat_k),
            _sum_head_groups(value_grad, repeat_v), mask_grad)  # fmt: skip


@mixed
def cosine_similarity(x1: ArrayLike, x2: ArrayLike, axis: int = 1, eps: float = 1e-8) -> Array:
    """``sum(x1 / max(|x1|, eps) * x2 / max(|x2|, eps))`` along ``axis`` (broadcast
    first), torch's formula."""
    x1, x2 = native.broadcast_arrays(*_floats("cosine_similarity", x1, x2))
    n1 = native.maximum(
        native.sqrt(native.sum(native.multiply(x1, x1), axis=axis, keepdims=True)), eps
    )
    n2 = native.maximum(
        native.sqrt(native.sum(native.multiply(x2, x2), axis=axis, keepdims=True)), eps
    )
    return native.sum(native.multiply(native.divide(x1, n1), native.divide(x2, n2)), axis=axis)


@mixed
def pairwise_distance(
    x1: ArrayLike, x2: ArrayLike, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False
) -> Array:
    """``p``-norm of ``x1 - x2 + eps`` along the last dimension (torch's formula)."""
    x1, x2 = _floats("pairwise_distance", x1, x2)
    d = native.abs(native.add(native.subtract(x1, x2), eps))
    if p == math.inf:
        return native.max(d, axis=-1, keepdims=keepdim)
    if p == 0:
        nonzero = native.sum(native.not_equal(d, 0), axis=-1, keepdims=keepdim)
        return native.astype(nonzero, dtypes.result_type(d))
    return native.pow(native.sum(native.pow(d, p), axis=-1, keepdims=keepdim), 1 / p)


# ---------------------------------------------------------------------------------------
# losses (reduction: "none", "mean" or "sum")
#
# Written once over core.native; torch's backend keeps torch.nn.functional's kernels.
# ---------------------------------------------------------------------------------------
def _floats(name: str, *values: Any) -> tuple[Any, ...]:
    """The non-None ``values`` in the default float dtype unless already float, then
    promoted to their common dtype; complex raises UnsupportedDtypeError (as the torch
    backend's kernels do)."""
    present = [v for v in values if v is not None]
    floats = []
    for value in present:
        dtype = dtypes.result_type(value)
        if dtype.is_complex_dtype:
            raise support.UnsupportedDtypeError(
                f"core.nn.{name} does not support {dtype} on the {get_backend()} backend"
            )
        floats.append(
            value if dtype.is_float_dtype else native.astype(value, dtypes.default_float_dtype())
        )
    common = dtypes.result_type(*floats) if floats else None
    promoted = iter([native.astype(v, common, copy=False) for v in floats])
    return tuple(None if v is None else next(promoted) for v in values)


def _reduced(loss: Any, reduction: str) -> Any:
    if reduction == "sum":
        return native.sum(loss)
    if reduction == "mean":
        return native.mean(loss)
    return loss


def _weighted_mean(total: Any, weight_sum: Any) -> Any:
    """``total / weight_sum``: nan where every target was ignored (0 / 0, as torch), with a
    zero gradient there (torch's backward writes no gradient for ignored targets; the plain
    quotient's would be 0 * inf = nan)."""
    empty = native.equal(weight_sum, 0)
    quotient = native.divide(total, native.where(empty, native.ones_like(weight_sum), weight_sum))
    return native.where(empty, native.full_like(quotient, float("nan")), quotient)


def _nll(logp: Any, target: Any, weight: Any, ignore_index: int, reduction: str) -> Any:
    axis = _class_axis(logp)
    target_dtype = dtypes.result_type(target)
    if not target_dtype.is_int_dtype:
        raise TypeError(f"class-index targets must be integers, got {target_dtype}")
    dtype = dtypes.result_type(logp)
    ignored = native.equal(target, ignore_index)
    safe = native.astype(native.where(ignored, 0, target), dtypes.int64)
    picked = native.take_along_axis(logp, native.expand_dims(safe, axis=axis), axis=axis)
    picked = native.squeeze(picked, axis=axis)
    if weight is None:
        w = native.astype(native.logical_not(ignored), dtype)
    else:
        w = native.astype(native.where(ignored, 0, native.take(weight, safe)), dtype)
    loss = native.negative(native.multiply(w, picked))
    if reduction == "mean":
        return _weighted_mean(native.sum(loss), native.sum(w))
    return _reduced(loss, reduction)


@mixed
def cross_entropy(
    x: ArrayLike,
    target: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    ignore_index: int = -100,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Array:
    """Cross entropy of logits ``x`` ``(N, C, *)`` (or ``(C,)``) against class indices
    ``target`` ``(N, *)`` (integer) or class probabilities (float, ``x``'s shape).

    As torch: per-class ``weight``; ``ignore_index`` entries count for nothing and "mean"
    divides by the summed weight of the counted targets (by the number of samples for
    probabilities); ``label_smoothing`` mixes in the uniform distribution.
    """
    _check_reduction(reduction)
    x, weight = _floats("cross_entropy", x, weight)
    axis = _class_axis(x)
    classes = x.shape[axis]
    logp = native.nn.log_softmax(x, axis=axis)
    w = None if weight is None else native.reshape(weight, (-1,) + (1,) * (x.ndim - axis - 1))
    smoothing = label_smoothing
    if dtypes.result_type(target).is_float_dtype:
        target = native.astype(target, dtypes.result_type(logp))
        if smoothing:
            target = native.add(native.multiply(target, 1 - smoothing), smoothing / classes)
        terms = native.multiply(logp, target)
        if w is not None:
            terms = native.multiply(terms, w)
        return _reduced(native.negative(native.sum(terms, axis=axis)), reduction)
    nll = _nll(logp, target, weight, ignore_index, reduction)
    if not smoothing:
        return nll
    ignored = native.equal(target, ignore_index)
    smooth = native.negative(native.sum(logp if w is None else native.multiply(logp, w), axis=axis))
    smooth = native.where(ignored, 0, smooth)
    if reduction == "mean":
        if weight is None:
            counted = native.astype(
                native.sum(native.logical_not(ignored)), dtypes.result_type(smooth)
            )
        else:
            safe = native.where(ignored, 0, target)
            counted = native.sum(native.where(ignored, 0, native.take(weight, safe)))
        smooth = _weighted_mean(native.sum(smooth), counted)
    else:
        smooth = _reduced(smooth, reduction)
    return native.add(
        native.multiply(nll, 1 - smoothing), native.multiply(smooth, smoothing / classes)
    )


@mixed
def nll_loss(
    x: ArrayLike,
    target: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    ignore_index: int = -100,
    reduction: str = "mean",
) -> Array:
    """Negative log likelihood of log-probabilities ``x`` ``(N, C, *)`` at class indices
    ``target``; weights and ``ignore_index`` as :func:`cross_entropy`."""
    _check_reduction(reduction)
    x, weight = _floats("nll_loss", x, weight)
    return _nll(x, target, weight, ignore_index, reduction)


@mixed
def mse_loss(x: ArrayLike, target: ArrayLike, *, reduction: str = "mean") -> Array:
    """``(x - target) ** 2``, reduced."""
    _check_reduction(reduction)
    x, target = _floats("mse_loss", x, target)
    return _reduced(native.square(native.subtract(x, target)), reduction)


@mixed
def l1_loss(x: ArrayLike, target: ArrayLike, *, reduction: str = "mean") -> Array:
    """``|x - target|``, reduced."""
    _check_reduction(reduction)
    x, target = _floats("l1_loss", x, target)
    return _reduced(native.abs(native.subtract(x, target)), reduction)


@mixed
def smooth_l1_loss(
    x: ArrayLike, target: ArrayLike, *, reduction: str = "mean", beta: float = 1.0
) -> Array:
    """``0.5 * d**2 / beta`` where ``|d| < beta``, ``|d| - 0.5 * beta`` elsewhere (l1 when
    ``beta`` is 0)."""
    _check_reduction(reduction)
    x, target = _floats("smooth_l1_loss", x, target)
    d = native.abs(native.subtract(x, target))
    if beta == 0:
        return _reduced(d, reduction)
    quadratic = native.divide(native.multiply(native.multiply(d, 0.5), d), beta)
    loss = native.where(native.less(d, beta), quadratic, native.subtract(d, 0.5 * beta))
    return _reduced(loss, reduction)


@mixed
def huber_loss(
    x: ArrayLike, target: ArrayLike, *, reduction: str = "mean", delta: float = 1.0
) -> Array:
    """``0.5 * d**2`` where ``|d| < delta``, ``delta * (|d| - 0.5 * delta)`` elsewhere."""
    _check_reduction(reduction)
    x, target = _floats("huber_loss", x, target)
    d = native.abs(native.subtract(x, target))
    quadratic = native.multiply(native.multiply(d, 0.5), d)
    linear_part = native.multiply(native.subtract(d, 0.5 * delta), delta)
    return _reduced(native.where(native.less(d, delta), quadratic, linear_part), reduction)


@mixed
def binary_cross_entropy(
    x: ArrayLike,
    target: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    reduction: str = "mean",
) -> Array:
    """``-weight * (target * log(x) + (1 - target) * log(1 - x))`` for probabilities
    ``x``; each log is clamped at -100 as torch does."""
    _check_reduction(reduction)
    x, target, weight = _floats("binary_cross_entropy", x, target, weight)
    log_x = native.maximum(native.log(x), -100)
    log_1mx = native.maximum(native.log1p(native.negative(x)), -100)
    loss = native.negative(
        native.add(
            native.multiply(target, log_x), native.multiply(native.subtract(1, target), log_1mx)
        )
    )
    if weight is not None:
        loss = native.multiply(loss, weight)
    return _reduced(loss, reduction)


@mixed
def binary_cross_entropy_with_logits(
    x: ArrayLike,
    target: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    reduction: str = "mean",
    pos_weight: ArrayLike | None = None,
) -> Array:
    """Binary cross entropy of ``sigmoid(x)``, computed stably from the logits;
    ``pos_weight`` weighs the positive term (broadcast along the last dimension)."""
    _check_reduction(reduction)
    x, target, weight, pos_weight = _floats(
        "binary_cross_entropy_with_logits", x, target, weight, pos_weight
    )
    softplus_neg = native.logaddexp(0, native.negative(x))
    if pos_weight is not None:
        scale = native.add(native.multiply(native.subtract(pos_weight, 1), target), 1)
        softplus_neg = native.multiply(scale, softplus_neg)
    loss = native.add(native.multiply(native.subtract(1, target), x), softplus_neg)
    if weight is not None:
        loss = native.multiply(loss, weight)
    return _reduced(loss, reduction)


@mixed
def kl_div(
    x: ArrayLike, target: ArrayLike, *, reduction: str = "mean", log_target: bool = False
) -> Array:
    """``target * (log(target) - x)`` for log-probabilities ``x`` (``0`` where target is
    0); with ``log_target`` the target is given as log-probabilities. ``reduction`` also
    takes ``"batchmean"`` (sum divided by ``x.shape[0]``)."""
    _check_reduction(reduction, ("none", "mean", "sum", "batchmean"))
    x, target = _floats("kl_div", x, target)
    if log_target:
        loss = native.multiply(native.exp(target), native.subtract(target, x))
    else:
        xlogy = native.where(
            native.equal(target, 0), 0, native.multiply(target, native.log(target))
        )
        xlogy = native.where(native.isnan(target), target, xlogy)
        loss = native.subtract(xlogy, native.multiply(target, x))
    if reduction == "batchmean":
        return native.divide(native.sum(loss), x.shape[0] if len(x.shape) else 1)
    return _reduced(loss, reduction)


# ---------------------------------------------------------------------------------------
# optimizer updates
# ---------------------------------------------------------------------------------------
@mixed
def adam_moments(
    exp_avg: ArrayLike,
    exp_avg_sq: ArrayLike,
    grad: ArrayLike,
    beta1: float,
    beta2: float,
    *,
    donate: bool = False,
) -> tuple[Array, Array]:
    """Adam's new moment estimates, in torch's order of operations:
    ``(lerp(exp_avg, grad, 1 - beta1), exp_avg_sq * beta2 + (1 - beta2) * grad * grad)``.
    One function so that a backend with mutable arrays updates its own fresh results in
    place (fewer temporaries of the parameters' size, the same bits). ``donate``: the
    caller gives up ``exp_avg`` and ``exp_avg_sq`` (nothing else reaches their memory,
    :attr:`core.backend.BackendState.exclusive`), so such a backend writes the results
    into them, as torch's optimizers do; the composition ignores it."""
    first = native.lerp(exp_avg, grad, 1 - beta1)
    second = native.addcmul(native.multiply(exp_avg_sq, beta2), grad, grad, 1 - beta2)
    return first, second


@mixed
def adam_update(
    param: ArrayLike,
    exp_avg: ArrayLike,
    exp_avg_sq: ArrayLike,
    bias_correction2_sqrt: float,
    eps: float,
    step_size: float,
    decay: float = 1.0,
    *,
    donate: bool = False,
) -> Array:
    """Adam's new parameter, in torch's order of operations: ``param * decay`` (decoupled
    weight decay, when ``decay != 1``), then ``+ (-step_size) * exp_avg / (sqrt(exp_avg_sq)
    / bias_correction2_sqrt + eps)``. The scalars are Python numbers or, in a traced step,
    0-d arrays. One function for the reasons :func:`adam_moments` is (``donate``: the
    caller gives up ``param``)."""
    if type(decay) not in (int, float) or decay != 1:
        param = native.multiply(param, decay)
    denom = native.add(native.divide(native.sqrt(exp_avg_sq), bias_correction2_sqrt), eps)
    return native.addcdiv(param, exp_avg, denom, -step_size)


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff); the mixed functions (linear, norms, losses) differentiate
# through their compositions
# ---------------------------------------------------------------------------------------
_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772, 1.0507009873554805


def _where_positive(x: Any, positive: Any, negative: Any) -> Any:
    return native.where(native.greater(x, 0), positive, negative)


def _gelu_rule(g: Any, y: Any, x: Any, approximate: str = "none") -> tuple[Any]:
    return (native.nn.gelu_backward(g, x, approximate),)


def _silu_rule(g: Any, y: Any, x: Any) -> tuple[Any]:
    s = native.sigmoid(x)
    return (
        native.multiply(
            g, native.multiply(s, native.add(native.multiply(x, native.subtract(1, s)), 1))
        ),
    )


def _mish_rule(g: Any, y: Any, x: Any) -> tuple[Any]:
    t = native.tanh(native.nn.softplus(x))
    slope = native.add(
        t,
        native.multiply(
            native.multiply(x, native.sigmoid(x)), native.subtract(1, native.square(t))
        ),
    )
    return (native.multiply(g, slope),)


def _softplus_rule(
    g: Any, y: Any, x: Any, beta: float = 1.0, threshold: float = 20.0
) -> tuple[Any]:
    scaled = native.multiply(x, beta)
    return (
        native.where(
            native.greater(scaled, threshold), g, native.multiply(g, native.sigmoid(scaled))
        ),
    )


def _between(x: Any, low: float, high: float) -> Any:
    return native.logical_and(native.greater(x, low), native.less(x, high))


def _masked(g: Any, mask: Any) -> Any:
    return native.where(mask, g, native.zeros_like(g))


def _hardswish_rule(g: Any, y: Any, x: Any) -> tuple[Any]:
    slope = native.where(
        native.less(x, -3), native.zeros_like(x),
        native.where(native.greater(x, 3), native.ones_like(x), native.divide(native.add(native.multiply(x, 2), 3), 6)),
    )  # fmt: skip
    return (native.multiply(g, slope),)


def _glu_rule(g: Any, y: Any, x: Any, axis: int = -1) -> tuple[Any]:
    a, b = native.split(x, 2, axis=axis)
    s = native.sigmoid(b)
    return (
        native.concat(
            [
                native.multiply(g, s),
                native.multiply(native.multiply(g, a), native.multiply(s, native.subtract(1, s))),
            ],
            axis=axis,
        ),
    )


def _prelu_rule(g: Any, y: Any, x: Any, weight: Any) -> tuple[Any, Any]:
    positive = native.greater(x, 0)
    shape = [1] * len(x.shape)
    if len(weight.shape) and weight.shape[0] > 1:
        shape[1] = weight.shape[0]
    slope = native.reshape(weight, tuple(shape)) if len(x.shape) > 1 else weight
    x_grad = native.where(positive, g, native.multiply(g, slope))
    w_grad = native.where(positive, native.zeros_like(g), native.multiply(g, x))
    if len(weight.shape) and weight.shape[0] > 1:
        axes = tuple(i for i in range(len(x.shape)) if i != 1)
        w_grad = native.sum(w_grad, axis=axes)
    else:
        w_grad = native.reshape(native.sum(w_grad), tuple(weight.shape))
    return x_grad, w_grad


def _softmax_rule(g: Any, y: Any, x: Any, axis: int = -1) -> tuple[Any]:
    return (native.nn.softmax_backward(g, y, axis),)


def _log_softmax_rule(g: Any, y: Any, x: Any, axis: int = -1) -> tuple[Any]:
    return (native.nn.log_softmax_backward(g, y, axis),)


def _dropout_rule(g: Any, y: Any, x: Any, p: float = 0.5, *, training: bool = True, mask: Any = None,
                  generator: Any = None) -> tuple[Any, Any]:  # fmt: skip
    if not training or p == 0:
        return g, None
    if p == 1:
        return native.zeros_like(g), None
    if mask is None:
        raise NotImplementedError(
            "core.nn.dropout's vjp needs the keep mask: draw it and pass mask= when the input "
            "is tracked"
        )
    return native.divide(_masked(g, native.broadcast_to(mask, tuple(g.shape))), 1 - p), None


def _embedding_rule(
    g: Any, y: Any, indices: Any, weight: Any, padding_idx: int | None = None
) -> tuple[None, Any]:
    return None, native.nn.embedding_backward(g, indices, weight.shape[0], padding_idx)


def _pad_rule(
    g: Any, y: Any, x: Any, pad: Sequence[int], mode: str = "constant", value: float = 0.0
) -> tuple[Any]:
    if mode == "constant":
        return (native.nn.pad(g, [-p for p in pad]),)
    # reflect / replicate / circular gather, per padded dimension, one input index for each
    # output index: the cotangent goes back through the (out, in) one-hot matrix of that map
    import numpy

    dtype = dtypes.result_type(g)
    ndim = len(x.shape)
    for k in range(len(pad) // 2):
        axis = ndim - 1 - k
        before, after = pad[2 * k], pad[2 * k + 1]
        n = x.shape[axis]
        positions = numpy.arange(-before, n + after)
        if mode == "reflect":
            period = 2 * (n - 1) if n > 1 else 1
            folded = numpy.mod(positions, period)
            source = numpy.where(folded >= n, period - folded, folded)
        elif mode == "replicate":
            source = numpy.clip(positions, 0, n - 1)
        else:  # circular
            source = numpy.mod(positions, n)
        matrix = numpy.zeros((len(positions), n))
        matrix[numpy.arange(len(positions)), source] = 1.0
        moved = native.moveaxis(g, axis, -1)
        g = native.moveaxis(native.matmul(moved, native.asarray(matrix, dtype=dtype)), -1, axis)
    return (g,)


def _spatial(value: Any, count: int) -> tuple[int, ...]:
    return tuple(value) if isinstance(value, tuple | list) else (value,) * count


def _conv_weight_grad(x: Any, g: Any, weight_shape: tuple[int, ...], stride: Any, padding: Any,
                      dilation: Any, groups: int) -> Any:  # fmt: skip
    """The weight cotangent of a convolution: a convolution of the input (batch and
    channels swapped) with the output cotangent as kernel, stride and dilation swapped."""
    kernel = weight_shape[2:]
    out_channels = weight_shape[0]
    per_group_in = weight_shape[1]
    per_group_out = out_channels // groups
    grads = []
    for group in range(groups):
        xg = native.get_item(
            x, (slice(None), slice(group * per_group_in, (group + 1) * per_group_in))
        )
        gg = native.get_item(
            g, (slice(None), slice(group * per_group_out, (group + 1) * per_group_out))
        )
        swapped = native.nn.conv(
            native.swapaxes(xg, 0, 1), native.swapaxes(gg, 0, 1),
            stride=dilation, padding=padding, dilation=stride,
        )  # fmt: skip
        swapped = native.get_item(
            swapped, (slice(None), slice(None), *(slice(0, k) for k in kernel))
        )
        grads.append(native.swapaxes(swapped, 0, 1))
    return grads[0] if groups == 1 else native.concat(grads, axis=0)


def _conv_rule(g: Any, y: Any, x: Any, weight: Any, bias: Any = None, *, stride: Any = 1, padding: Any = 0,
               dilation: Any = 1, groups: int = 1) -> tuple[Any, Any, Any]:  # fmt: skip
    spatial = len(weight.shape) - 2
    kernel = tuple(weight.shape[2:])
    strides, dilations = _spatial(stride, spatial), _spatial(dilation, spatial)
    if isinstance(padding, str):
        if padding == "valid":
            padding = 0
        else:
            totals = [d * (k - 1) for d, k in zip(dilations, kernel)]
            if any(t % 2 for t in totals):
                raise NotImplementedError("core.nn.conv's vjp does not take an odd 'same' padding")
            padding = tuple(t // 2 for t in totals)
    paddings = _spatial(padding, spatial)
    expected = [
        (o - 1) * s - 2 * p + d * (k - 1) + 1
        for o, s, p, d, k in zip(g.shape[2:], strides, paddings, dilations, kernel)
    ]
    output_padding = tuple(size - e for size, e in zip(x.shape[2:], expected))
    x_grad = native.nn.conv_transpose(
        g, weight, stride=strides, padding=paddings, output_padding=output_padding,
        groups=groups, dilation=dilations,
    )  # fmt: skip
    w_grad = _conv_weight_grad(x, g, tuple(weight.shape), strides, paddings, dilations, groups)
    b_grad = None if bias is None else native.sum(g, axis=(0, *range(2, len(g.shape))))
    return x_grad, w_grad, b_grad


def _conv_transpose_rule(g: Any, y: Any, x: Any, weight: Any, bias: Any = None, *, stride: Any = 1,
                         padding: Any = 0, output_padding: Any = 0, groups: int = 1,
                         dilation: Any = 1) -> tuple[Any, Any, Any]:  # fmt: skip
    """conv_transpose is conv's input adjoint: its input cotangent is a convolution of
    ``g``, its weight cotangent conv's weight cotangent with input and cotangent swapped."""
    spatial = len(weight.shape) - 2
    strides, paddings, dilations = (_spatial(v, spatial) for v in (stride, padding, dilation))
    x_grad = native.nn.conv(
        g, weight, stride=strides, padding=paddings, dilation=dilations, groups=groups
    )
    w_grad = _conv_weight_grad(g, x, tuple(weight.shape), strides, paddings, dilations, groups)
    b_grad = None if bias is None else native.sum(g, axis=(0, *range(2, len(g.shape))))
    return x_grad, w_grad, b_grad


def _max_pool_rule(g: Any, y: Any, x: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
                   dilation: Any = 1, *, ceil_mode: bool = False, return_indices: bool = False) -> tuple[Any]:  # fmt: skip
    """Each window's cotangent goes to its maximum (found again through the indices)."""
    if return_indices:
        g = g[0]
    _, indices = native.nn.max_pool(x, kernel_size, stride, padding, dilation, ceil_mode=ceil_mode,
                                    return_indices=True)  # fmt: skip
    return (_to_maxima(g, x, indices),)


def _adaptive_max_pool_rule(g: Any, y: Any, x: Any, output_size: Any, *,
                            return_indices: bool = False) -> tuple[Any]:  # fmt: skip
    if return_indices:
        g = g[0]
    _, indices = native.nn.adaptive_max_pool(x, output_size, return_indices=True)
    return (_to_maxima(g, x, indices),)


def _to_maxima(g: Any, x: Any, indices: Any) -> Any:
    """``g`` added at the flat in-plane ``indices`` of ``x`` (a max pool's maxima)."""
    batch_channels = tuple(x.shape[:2])
    plane = math.prod(x.shape[2:])
    flat_g = native.reshape(g, (*batch_channels, -1))
    flat_index = native.reshape(indices, (*batch_channels, -1))
    grad = native.scatter(native.zeros((*batch_channels, plane), dtype=dtypes.result_type(flat_g)), 2,
                          flat_index, flat_g, reduce="add")  # fmt: skip
    return native.reshape(grad, tuple(x.shape))


def _tuple_of(value: Any, n: int) -> tuple[int, ...]:
    return tuple(value) if isinstance(value, tuple | list) else (value,) * n


def _avg_pool_rule(g: Any, y: Any, x: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, *,
                   ceil_mode: bool = False, count_include_pad: bool = True,
                   divisor_override: int | None = None) -> tuple[Any]:  # fmt: skip
    """Each window's cotangent, over its divisor, spread over the window: the divisors come
    from pooling ones (the pool of ones with divisor 1 counts each window's inputs), the
    spreading is a transposed convolution with a kernel of ones, cropped to the input."""
    n = len(x.shape) - 2
    kernel = _tuple_of(kernel_size, n)
    strides = kernel if stride is None else _tuple_of(stride, n)
    pads = _tuple_of(padding, n)
    dtype = dtypes.result_type(g)
    ones = native.ones((1, 1, *x.shape[2:]), dtype=dtype)
    options = dict(ceil_mode=ceil_mode, count_include_pad=count_include_pad)
    averaged = native.nn.avg_pool(ones, kernel, strides, pads, divisor_override=divisor_override,
                                  **options)  # fmt: skip
    counts = native.nn.avg_pool(ones, kernel, strides, pads, divisor_override=1, **options)
    scaled = native.multiply(g, native.divide(averaged, counts))
    batch_channels = tuple(x.shape[:2])
    flat = native.reshape(scaled, (math.prod(batch_channels), 1, *scaled.shape[2:]))
    spread = native.nn.conv_transpose(flat, native.ones((1, 1, *kernel), dtype=dtype),
                                      stride=strides)  # fmt: skip
    widths: list[int] = []  # crop the padding, pad inputs no window reached (torch order)
    for full, pad, extent in reversed(list(zip(spread.shape[2:], pads, x.shape[2:]))):
        widths += [-pad, pad + extent - full]
    if any(widths):
        spread = native.nn.pad(spread, widths)
    return (native.reshape(spread, tuple(x.shape)),)


def _adaptive_avg_pool_rule(g: Any, y: Any, x: Any, output_size: Any) -> tuple[Any]:
    """Adaptive averaging is separable: one (out, in) averaging matrix per spatial
    dimension (torch's bins), applied transposed to the cotangent."""
    import numpy

    n = len(x.shape) - 2
    dtype = dtypes.result_type(g)
    for offset in range(n):
        axis = 2 + offset
        extent, out = x.shape[axis], g.shape[axis]
        matrix = numpy.zeros((out, extent))
        for i in range(out):
            start, stop = (i * extent) // out, -((-(i + 1) * extent) // out)
            matrix[i, start:stop] = 1.0 / (stop - start)
        moved = native.moveaxis(g, axis, -1)
        moved = native.matmul(moved, native.asarray(matrix, dtype=dtype))
        g = native.moveaxis(moved, -1, axis)
    return (g,)


def _attention_rule(g: Any, y: Any, query: Any, key: Any, value: Any, attn_mask: Any = None,
                    dropout_p: float = 0.0, is_causal: bool = False, scale: float | None = None, *,
                    enable_gqa: bool = False, dropout_mask: Any = None,
                    generator: Any = None) -> tuple[Any, ...]:  # fmt: skip
    if dropout_p > 0 and dropout_mask is None:
        raise NotImplementedError(
            "core.nn.scaled_dot_product_attention's vjp needs the dropout mask: pass dropout_mask="
        )
    grads = native.nn.attention_backward(
        g, y, query, key, value, attn_mask, dropout_p, is_causal, scale,
        enable_gqa=enable_gqa, dropout_mask=dropout_mask,
    )  # fmt: skip
    return (*grads, None)


def _sum_head_groups(grad: Any, repeat: int) -> Any:
    """The cotangent of heads repeated ``repeat`` times each (dimension -3), summed back."""
    if repeat == 1:
        return grad
    *lead, heads, rows, cols = grad.shape
    grouped = native.reshape(grad, (*lead, heads // repeat, repeat, rows, cols))
    return native.sum(grouped, axis=-3)


def _linear_rule(g: Any, y: Any, x: Any, weight: Any, bias: Any = None) -> tuple[Any, ...]:
    """One node instead of three. A matrix weight's cotangent is ``g^T @ x`` over the rows
    of the stack, as torch computes it: in the weight's own layout (matmul's rule on
    ``weight.T`` gives it transposed, and the leaf's gradient then costs a copy)."""
    bias_grad = None if bias is None else g
    if len(weight.shape) != 2:
        gx, gw = matmul_rule(g, y, x, native.matrix_transpose(weight))
        return gx, native.matrix_transpose(gw), bias_grad
    out_features, in_features = weight.shape
    rows = math.prod(x.shape[:-1])
    flat_g = native.reshape(g, (rows, out_features))
    flat_x = native.reshape(x, (rows, in_features))
    gx = native.matmul(g, _conj(weight))
    gw = native.matmul(native.matrix_transpose(flat_g), _conj(flat_x))
    return gx, gw, bias_grad


defvjp(linear, _linear_rule, multilinear=(0, 1))
defvjp(relu, lambda g, y, x: (_masked(g, native.greater(x, 0)),))
defvjp(relu6, lambda g, y, x: (_masked(g, _between(x, 0, 6)),))
defvjp(
    leaky_relu,
    lambda g, y, x, negative_slope=0.01: (
        _where_positive(x, g, native.multiply(g, negative_slope)),
    ),
)
defvjp(
    elu,
    lambda g, y, x, alpha=1.0: (_where_positive(x, g, native.multiply(g, native.add(y, alpha))),),
)
defvjp(
    celu,
    lambda g, y, x, alpha=1.0: (
        _where_positive(x, g, native.multiply(g, native.exp(native.divide(x, alpha)))),
    ),
)
defvjp(
    selu,
    lambda g, y, x: (
        native.multiply(
            g,
            _where_positive(
                x, _SELU_SCALE, native.multiply(native.exp(x), _SELU_SCALE * _SELU_ALPHA)
            ),
        ),
    ),
)
defvjp(gelu, _gelu_rule)
defvjp(sigmoid, lambda g, y, x: (native.multiply(g, native.multiply(y, native.subtract(1, y))),))
defvjp(log_sigmoid, lambda g, y, x: (native.multiply(g, native.sigmoid(native.negative(x))),))
defvjp(silu, _silu_rule)
defvjp(mish, _mish_rule)
defvjp(softplus, _softplus_rule)
defvjp(softsign, lambda g, y, x: (native.divide(g, native.square(native.add(native.abs(x), 1))),))
defvjp(
    hardtanh,
    lambda g, y, x, min_val=-1.0, max_val=1.0: (_masked(g, _between(x, min_val, max_val)),),
)
defvjp(hardsigmoid, lambda g, y, x: (native.divide(_masked(g, _between(x, -3, 3)), 6),))
defvjp(hardswish, _hardswish_rule)
defvjp(glu, _glu_rule)
defvjp(prelu, _prelu_rule)
defvjp(softmax, _softmax_rule)
defvjp(log_softmax, _log_softmax_rule)
defvjp(dropout, _dropout_rule)
defvjp(embedding, _embedding_rule)
defvjp(pad, _pad_rule)
defvjp(conv, _conv_rule)
defvjp(conv_transpose, _conv_transpose_rule)
defvjp(max_pool, _max_pool_rule)
defvjp(adaptive_max_pool, _adaptive_max_pool_rule)
defvjp(avg_pool, _avg_pool_rule)
defvjp(adaptive_avg_pool, _adaptive_avg_pool_rule)
defvjp(scaled_dot_product_attention, _attention_rule)
nondifferentiable(one_hot)


def _layer_norm_rule(
    g: Any,
    y: Any,
    x: Any,
    normalized_shape: Any,
    weight: Any = None,
    bias: Any = None,
    eps: float = 1e-5,
) -> tuple[Any, Any, Any]:
    """A recorded layer norm is one node with the backend's kernel instead of a dozen."""
    return native.nn.layer_norm_backward(g, x, normalized_shape, weight, bias, eps)


defvjp(layer_norm, _layer_norm_rule)
