"""torch.nn.functional on core's nn functions (:mod:`core.ops.nn`), on every backend.

Signatures and keyword names are torch 2.13's. What differs from torch, and why:

* randomness (dropout masks, attention dropout) comes from core's default generator,
  seeded by ``torch.manual_seed``: the same masks on every backend, not torch's stream;
* ``inplace=True`` writes the result into the input tensor (and through a view into its
  base) after computing it, as there is no autograd graph to protect;
* ``batch_norm`` / ``instance_norm`` in training write the new running statistics into
  the given ``running_mean`` / ``running_var`` tensors, as torch does;
* ``interpolate(antialias=True)`` and ``embedding(sparse=True)`` gradients have no
  meaning without autograd: ``antialias`` raises, ``sparse`` / ``scale_grad_by_freq``
  are accepted and ignored.
"""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy

import core
from core import autodiff as _ad
from core import native as ops
from frontends.base.array import to_native
from frontends.torch import _dtype, special
from frontends.torch import pointwise_ops as _pointwise
from frontends.torch._compile import is_compiling
from frontends.torch._frontend import fast, torch_function, wrap
from frontends.torch._ops_support import WIDE_UNSIGNED, floating, in_float32, unsupported_dtypes
from frontends.torch._tensor import INPLACE_NAMES, Tensor, _detached, _normalize_dim, write_into
from frontends.torch._views import checked_scalar

__all__ = [
    "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
    "adaptive_max_pool1d", "adaptive_max_pool2d", "adaptive_max_pool3d", "alpha_dropout",
    "avg_pool1d", "avg_pool2d", "avg_pool3d", "batch_norm", "bilinear",
    "binary_cross_entropy", "binary_cross_entropy_with_logits", "celu", "conv1d", "conv2d",
    "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
    "cosine_similarity", "cross_entropy", "dropout", "dropout1d", "dropout2d", "dropout3d",
    "elu", "embedding", "feature_alpha_dropout", "fold", "gelu", "glu", "group_norm",
    "hardshrink", "hardsigmoid", "hardswish", "hardtanh", "huber_loss", "instance_norm",
    "interpolate", "kl_div", "l1_loss", "layer_norm", "leaky_relu", "linear", "log_softmax",
    "logsigmoid", "max_pool1d", "max_pool2d", "max_pool3d", "mish", "mse_loss", "nll_loss",
    "normalize", "one_hot", "pad", "pairwise_distance", "pixel_shuffle", "pixel_unshuffle",
    "prelu", "relu", "relu6", "rms_norm", "scaled_dot_product_attention", "selu", "sigmoid",
    "silu", "smooth_l1_loss", "softmax", "softmin", "softplus", "softshrink", "softsign",
    "tanh", "tanhshrink", "threshold", "threshold_", "unfold",
]  # fmt: skip

sigmoid = _pointwise.sigmoid
tanh = _pointwise.tanh


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------
def _dtype_of(x: Any) -> core.Dtype:
    return core.as_core_dtype(x.dtype)


def _float_only(kernel: str, x: Any) -> None:
    """torch's error for a floating-point kernel given an integer or bool tensor."""
    dtype = _dtype_of(x)
    if dtype.kind != "f":
        raise NotImplementedError(
            f"\"{kernel}\" not implemented for '{_dtype.scalar_type_name(dtype)}'"
        )


def _inplace(function: Callable[..., Any]) -> Callable[..., Any]:
    """Let ``function`` (a ``torch_function``) take ``inplace``: the result is written
    into the input tensor, which is returned."""

    @functools.wraps(function)
    def wrapper(input: Any, *args: Any, **kwargs: Any) -> Any:
        parameters = list(wrapper.__signature__.parameters)
        position = parameters.index("inplace") - 1
        inplace = kwargs.pop("inplace", False)
        if len(args) > position:
            inplace, args = args[position], args[:position] + args[position + 1 :]
        result = function(input, *args, **kwargs)
        if inplace:
            write_into(input, result)
            return input
        return result

    return wrapper


def _with_batch(x: Any, spatial: int, compute: Callable[[Any], Any], name: str) -> Any:
    """``compute`` on a batched ``(N, C, *spatial)`` input; an unbatched ``(C, *spatial)``
    one gets a batch dimension added and removed again (core needs one)."""
    ndim = len(x.shape)
    if ndim == spatial + 2:
        return compute(x)
    if ndim == spatial + 1:
        result = compute(ops.expand_dims(x, axis=0))
        if isinstance(result, tuple):
            return tuple(ops.squeeze(r, axis=0) for r in result)
        return ops.squeeze(result, axis=0)
    raise RuntimeError(
        f"{name}: Expected {spatial + 1}D (unbatched) or {spatial + 2}D (batched) input, "
        f"but got input of size: {list(x.shape)}"
    )


def _no_bool(kernel: str, x: Any) -> None:
    """torch's error for a kernel that takes integers but not bool."""
    if _dtype_of(x) == core.bool:
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Bool'")


def _exact_in_float64(compute: Callable[[Any], Any], x: Any, *others: Any) -> Any:
    """``compute`` of integer operands (torch's integer kernels) through float64, rounded
    back to the integer dtype: exact while values and sums stay below 2**53."""
    dtype = _dtype_of(x)
    if dtype.kind == "f":
        return compute(x, *others)
    wide = [None if o is None else ops.astype(o, core.float64) for o in others]
    result = compute(ops.astype(x, core.float64), *wide)
    if isinstance(result, tuple):
        return (ops.astype(ops.round(result[0]), dtype), *result[1:])
    return ops.astype(ops.round(result), dtype)


def _reduction(size_average: bool | None, reduce: bool | None, reduction: str) -> str:
    """torch's ``_Reduction.legacy_get_string``: the deprecated arguments win when given."""
    if size_average is None and reduce is None:
        if reduction not in ("none", "mean", "sum"):
            raise ValueError(f"{reduction} is not a valid value for reduction")
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    if size_average and reduce:
        return "mean"
    return "sum" if reduce else "none"


def _reduce(value: Any, reduction: str) -> Any:
    if reduction == "mean":
        return ops.mean(value)
    if reduction == "sum":
        return ops.sum(value)
    return value


def _tuple(value: Any, n: int) -> tuple[Any, ...]:
    if isinstance(value, (int, float)) or value is None:
        return (value,) * n
    value = tuple(value)
    return value * n if len(value) == 1 else value


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
INPLACE_NAMES.add("relu")  # torch.relu is also Tensor.relu and Tensor.relu_


@fast("nn.relu", "input")
@_inplace
@torch_function("input")
def relu(input: Tensor, inplace: bool = False) -> Tensor:
    """max(input, 0); integer inputs keep their dtype, bool is refused (torch)."""
    if _dtype_of(input) == core.bool:
        raise RuntimeError("Boolean inputs not supported for relu")
    return ops.nn.relu(input)


@_inplace
@torch_function("input")
def hardtanh(
    input: Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False
) -> Tensor:
    """input clipped to [min_val, max_val]."""
    if _dtype_of(input) == core.bool:
        raise RuntimeError("Bool inputs not supported for hardtanh")
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    if _dtype_of(input).kind != "f":
        return ops.clip(input, math.ceil(min_val), math.floor(max_val))
    return ops.nn.hardtanh(input, min_val, max_val)


@_inplace
@torch_function("input")
def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    """min(max(input, 0), 6)."""
    if _dtype_of(input) == core.bool:
        raise RuntimeError("Bool inputs not supported for hardtanh")
    if _dtype_of(input).kind != "f":
        return ops.clip(input, 0, 6)
    return ops.nn.relu6(input)


@fast("nn.gelu", "input")
@torch_function("input")
def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    """Gaussian error linear unit, exact (erf) or ``approximate="tanh"``."""
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    _float_only("GeluKernelImpl", input)
    return in_float32(lambda x: ops.nn.gelu(x, approximate), input)


def _float_activation(kernel: str, x: Any, compute: Callable[[Any], Any]) -> Any:
    """``compute(x)`` for a float-only activation; half inputs compute in float32."""
    _float_only(kernel, x)
    return in_float32(compute, x)


@fast("nn.silu", "input")
@_inplace
@torch_function("input")
def silu(input: Tensor, inplace: bool = False) -> Tensor:
    """input * sigmoid(input)."""
    return _float_activation("silu_cpu", input, ops.nn.silu)


@fast("nn.elu", "input")
@_inplace
@torch_function("input")
def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """input where positive, alpha * (exp(input) - 1) elsewhere."""
    return _float_activation("elu_cpu", input, lambda x: ops.nn.elu(x, alpha))


@fast("nn.selu", "input")
@_inplace
@torch_function("input")
def selu(input: Tensor, inplace: bool = False) -> Tensor:
    """Scaled ELU with the self-normalising constants."""
    return _float_activation("elu_cpu", input, ops.nn.selu)


@fast("nn.celu", "input")
@_inplace
@torch_function("input")
def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""
    return _float_activation("elu_cpu", input, lambda x: ops.nn.celu(x, alpha))


@fast("nn.leaky_relu", "input")
@_inplace
@torch_function("input")
def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    """input where positive, negative_slope * input elsewhere."""
    return _float_activation(
        "leaky_relu_cpu", input, lambda x: ops.nn.leaky_relu(x, negative_slope)
    )


@fast("nn.softplus", "input")
@torch_function("input")
def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    """log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold."""
    return _float_activation("softplus_cpu", input, lambda x: ops.nn.softplus(x, beta, threshold))


@fast("nn.hardsigmoid", "input")
@_inplace
@torch_function("input")
def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    """relu6(x + 3) / 6."""
    return _float_activation("hardsigmoid_cpu", input, ops.nn.hardsigmoid)


@fast("nn.hardswish", "input")
@_inplace
@torch_function("input")
def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    """x * relu6(x + 3) / 6."""
    return _float_activation("hardswish_cpu", input, ops.nn.hardswish)


@fast("nn.mish", "input")
@_inplace
@torch_function("input")
def mish(input: Tensor, inplace: bool = False) -> Tensor:
    """x * tanh(softplus(x))."""
    return _float_activation("mish_cpu", input, ops.nn.mish)


@fast("nn.log_sigmoid", "input")
@torch_function("input")
def logsigmoid(input: Tensor) -> Tensor:
    """log(sigmoid(x)), computed stably."""
    return _float_activation("log_sigmoid_cpu", input, ops.nn.log_sigmoid)


@torch_function("input")
def softsign(input: Tensor) -> Tensor:
    """input / (1 + |input|); integers give the default float dtype."""
    return in_float32(ops.nn.softsign, floating(input))


@torch_function("input")
def glu(input: Tensor, dim: int = -1) -> Tensor:
    """First half of ``input`` along ``dim`` times the sigmoid of the second half."""
    if not len(input.shape):
        raise RuntimeError("glu does not support scalars because halving size must be even")
    axis = _normalize_dim(dim, len(input.shape))
    if input.shape[axis] % 2:
        raise RuntimeError(
            f"Halving dimension must be even, but dimension {axis} is size {input.shape[axis]}"
        )
    _float_only("glu_cpu", input)
    return in_float32(lambda x: ops.nn.glu(x, axis), input)


@torch_function("input", "weight")
def prelu(input: Tensor, weight: Tensor) -> Tensor:
    """max(0, x) + weight * min(0, x); ``weight`` one value or one per channel (dim 1,
    dim 0 of a 1-D input)."""
    _float_only("prelu_cpu", input)
    count = math.prod(weight.shape)
    if count != 1:
        channels = input.shape[1] if len(input.shape) >= 2 else 1
        if count != channels:
            raise RuntimeError(
                f"Mismatch of parameter numbers and input channel size. Found parameter "
                f"numbers = {count} and channel size = {channels}."
            )
    if count == 1:
        slope = ops.reshape(weight, ())
        return ops.where(ops.greater(input, 0), input, ops.multiply(input, slope))
    return ops.nn.prelu(input, ops.reshape(weight, (count,)))


@_inplace
@unsupported_dtypes("bool", "complex", *WIDE_UNSIGNED)
@torch_function("input")
def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """``value`` where input <= threshold, else input (nan kept); integer tensors take both
    numbers truncated, float16/bfloat16 compare in float32, as torch's kernel."""
    dtype = _dtype_of(input)
    fill = checked_scalar(value, dtype)
    wide = core.float32 if dtype in _dtype.HALF_FLOATS else dtype
    below = ops.less_equal(ops.astype(input, wide, copy=False), checked_scalar(threshold, wide))
    return ops.where(below, fill, input)


_threshold = threshold


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:
    """threshold(input, threshold, value, inplace=True)."""
    return _threshold(input, threshold, value, inplace=True)


@torch_function("input")
def hardshrink(input: Tensor, lambd: float = 0.5, *, out: Tensor | None = None) -> Tensor:
    """0 where -lambd <= input <= lambd (lambd in the input's dtype), else input."""
    _float_only("hardshrink_cpu", input)
    inside = ops.logical_and(ops.greater_equal(input, -lambd), ops.less_equal(input, lambd))
    return ops.where(inside, ops.zeros((), dtype=_dtype_of(input)), input)


@torch_function("input")
def softshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """input - lambd above lambd, input + lambd below -lambd, 0 between (nan kept)."""
    _float_only("softshrink_check", input)
    dtype = _dtype_of(input)
    highest = core.finfo(dtype).max
    if not 0 <= lambd <= highest:
        raise RuntimeError(
            f"lambda must be in range [0, {highest:g}] for input dtype "
            f"{_dtype.scalar_type_name(dtype)}, but found {lambd:g}"
        )

    def compute(x: Any) -> Any:
        inside = ops.logical_and(ops.greater_equal(x, -lambd), ops.less_equal(x, lambd))
        outside = ops.where(ops.greater(x, lambd), ops.subtract(x, lambd), ops.add(x, lambd))
        return ops.where(inside, ops.copysign(0.0, x), outside)  # x * 0, as torch

    return in_float32(compute, input)


def tanhshrink(input: Tensor) -> Tensor:
    """input - tanh(input), as torch computes it (an integer input gives the default float
    dtype, bool is refused by the subtraction)."""
    return input - input.tanh()


def _softmax_dim(name: str, ndim: int) -> int:
    """torch's legacy rule for ``dim=None``: 0 for 0-, 1- and 3-D inputs, else 1."""
    return 0 if ndim in (0, 1, 3) else 1


def softmax(
    input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype: Any = None
) -> Tensor:
    """exp(x) / sum(exp(x)) along ``dim`` (torch's legacy choice when None), in ``dtype``."""
    if dim is None:
        dim = _softmax_dim("softmax", input.ndim)
    return _softmax(input, dim, dtype)


@fast("nn.softmax", "input", keywords={"dim": "axis"})
def _softmax(input: Tensor, dim: int = -1, dtype: Any = None) -> Tensor:
    """torch.special.softmax with core's default axis, so that the fast path may take
    ``dim`` (``softmax``'s default, None, means torch's legacy choice instead; here None
    is the last axis, as some backends' kernels read it)."""
    return special.softmax(input, -1 if dim is None else dim, dtype=dtype)


def log_softmax(
    input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype: Any = None
) -> Tensor:
    """log(softmax(x)) along ``dim``, computed stably, in ``dtype``."""
    if dim is None:
        dim = _softmax_dim("log_softmax", input.ndim)
    return _log_softmax(input, dim, dtype)


@fast("nn.log_softmax", "input", keywords={"dim": "axis"})
def _log_softmax(input: Tensor, dim: int = -1, dtype: Any = None) -> Tensor:
    """torch.special.log_softmax on the fast path, as :func:`_softmax`."""
    return special.log_softmax(input, -1 if dim is None else dim, dtype=dtype)


def softmin(
    input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype: Any = None
) -> Tensor:
    """softmax(-x) along ``dim``."""
    if dim is None:
        dim = _softmax_dim("softmin", input.ndim)
    if dtype is not None:
        input = input.to(dtype)
    return special.softmax(-input, dim)


# ---------------------------------------------------------------------------------------
# linear and convolution
# ---------------------------------------------------------------------------------------
@fast("nn.linear", "input", "weight", "bias", scalars=False)
@torch_function()
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """input @ weight.T + bias; input and weight of one dtype, as torch (no promotion)."""
    if _dtype_of(input) != _dtype_of(weight):
        raise RuntimeError(
            f"mat1 and mat2 must have the same dtype, but got "
            f"{_dtype.scalar_type_name(_dtype_of(input))} and "
            f"{_dtype.scalar_type_name(_dtype_of(weight))}"
        )
    kind = _dtype_of(input).kind
    if kind == "b":
        _no_bool("addmm_impl_cpu_", input)
    if len(weight.shape) == 1:
        y = ops.matmul(input, weight)
        return y if bias is None else ops.add(y, bias)
    if input.shape[-1] != weight.shape[-1]:
        rows = math.prod(input.shape[:-1])
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({rows}x{input.shape[-1]} and "
            f"{weight.shape[-1]}x{weight.shape[0]})"
        )
    if kind != "f":  # core's linear is float-only; torch keeps integers
        y = ops.matmul(input, ops.matrix_transpose(weight))
        return y if bias is None else ops.add(y, bias)
    return ops.nn.linear(input, weight, bias)


@torch_function("input1", "input2", "weight", "bias")
def bilinear(input1: Tensor, input2: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """y[..., o] = sum_ij input1[..., i] weight[o, i, j] input2[..., j] + bias[o]."""
    _no_bool("bilinear", input1)
    _, in1, in2 = weight.shape
    if input1.shape[-1] != in1 or input2.shape[-1] != in2:
        raise RuntimeError(
            f"bilinear(): input size does not match weight size: got {input1.shape[-1]} and "
            f"{input2.shape[-1]} but expected {in1} and {in2}"
        )
    y = ops.einsum("...i,oij,...j->...o", input1, weight, input2)
    return y if bias is None else ops.add(y, bias)


def _conv(n: int) -> Callable[..., Any]:
    def conv(
        input: Tensor,
        weight: Tensor,
        bias: Tensor | None = None,
        stride: Any = 1,
        padding: Any = 0,
        dilation: Any = 1,
        groups: int = 1,
    ) -> Tensor:
        _no_bool(f"conv{n}d", input)
        if len(weight.shape) != n + 2:
            raise RuntimeError(
                "weight should have at least three dimensions"
                if len(weight.shape) < 3
                else f"Expected {n + 2}-dimensional weight for {n + 2}-dimensional input, "
                f"but got {len(weight.shape)}-dimensional weight of size {list(weight.shape)}"
            )
        if padding == "same" and any(s != 1 for s in _tuple(stride, n)):
            raise RuntimeError("padding='same' is not supported for strided convolutions")
        channels = input.shape[-n - 1] if len(input.shape) >= n + 1 else None
        if channels is not None and channels != weight.shape[1] * groups:
            shape = [1, *input.shape] if len(input.shape) == n + 1 else list(input.shape)
            raise RuntimeError(
                f"Given groups={groups}, weight of size {list(weight.shape)}, expected "
                f"input{shape} to have {weight.shape[1] * groups} channels, but got "
                f"{channels} channels instead"
            )
        return _with_batch(
            input,
            n,
            lambda x: _exact_in_float64(
                lambda v, w, b: ops.nn.conv(
                    v, w, b, stride=stride, padding=padding, dilation=dilation, groups=groups
                ),
                x,
                weight,
                bias,
            ),
            f"conv{n}d",
        )

    conv.__name__ = conv.__qualname__ = f"conv{n}d"
    conv.__doc__ = f"{n}-D convolution (cross-correlation); ``padding`` may be 'same'/'valid'."
    return torch_function("input", "weight", "bias")(conv)


def _conv_transpose(n: int) -> Callable[..., Any]:
    def conv_transpose(
        input: Tensor,
        weight: Tensor,
        bias: Tensor | None = None,
        stride: Any = 1,
        padding: Any = 0,
        output_padding: Any = 0,
        groups: int = 1,
        dilation: Any = 1,
    ) -> Tensor:
        _no_bool(f"conv_transpose{n}d", input)
        if len(weight.shape) != n + 2:
            raise RuntimeError(
                f"Expected {n + 2}-dimensional weight for conv_transpose{n}d, but got "
                f"{len(weight.shape)}-dimensional weight of size {list(weight.shape)}"
            )
        return _with_batch(
            input,
            n,
            lambda x: _exact_in_float64(
                lambda v, w, b: ops.nn.conv_transpose(
                    v,
                    w,
                    b,
                    stride=stride,
                    padding=padding,
                    output_padding=output_padding,
                    groups=groups,
                    dilation=dilation,
                ),
                x,
                weight,
                bias,
            ),
            f"conv_transpose{n}d",
        )

    conv_transpose.__name__ = conv_transpose.__qualname__ = f"conv_transpose{n}d"
    conv_transpose.__doc__ = f"{n}-D transposed convolution; weight (C_in, C_out / groups, *k)."
    return torch_function("input", "weight", "bias")(conv_transpose)


conv1d, conv2d, conv3d = _conv(1), _conv(2), _conv(3)
conv_transpose1d, conv_transpose2d, conv_transpose3d = (
    _conv_transpose(1),
    _conv_transpose(2),
    _conv_transpose(3),
)


@torch_function("input")
def unfold(
    input: Tensor, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1
) -> Tensor:
    """im2col of a (N, C, H, W) or unbatched (C, H, W) input: (N, C * kh * kw, L)."""
    if len(input.shape) not in (3, 4):
        raise NotImplementedError(
            f"Input Error: Only 3D or 4D input Tensors are supported (got {len(input.shape)}D)"
        )

    def compute(x: Any) -> Any:
        if x.shape[0] == 0:  # core's numpy and jax unfold fail on an empty batch
            one = ops.zeros((1, *x.shape[1:]), dtype=_dtype_of(x))
            shape = compute(one).shape
            return ops.zeros((0, *shape[1:]), dtype=_dtype_of(x))
        return ops.nn.unfold(x, kernel_size, dilation=dilation, padding=padding, stride=stride)

    return _with_batch(input, 2, compute, "unfold")


@torch_function("input")
def fold(
    input: Tensor,
    output_size: Any,
    kernel_size: Any,
    dilation: Any = 1,
    padding: Any = 0,
    stride: Any = 1,
) -> Tensor:
    """col2im: (N, C * kh * kw, L) or unbatched (C * kh * kw, L) blocks summed into
    (N, C, *output_size)."""
    if len(input.shape) not in (2, 3):
        raise NotImplementedError(
            "Input Error: Only unbatched (2D) or batched (3D) input Tensors are supported "
            f"(got {len(input.shape)}D)"
        )

    sizes, kernel = _tuple(output_size, 2), _tuple(kernel_size, 2)
    dil, pads, strides = _tuple(dilation, 2), _tuple(padding, 2), _tuple(stride, 2)
    blocks = [
        (o + 2 * p - d * (k - 1) - 1) // s + 1
        for o, k, d, p, s in zip(sizes, kernel, dil, pads, strides)
    ]
    rows, columns = input.shape[-2], input.shape[-1]
    if rows % math.prod(kernel):
        raise RuntimeError(
            f"Expected size of input's dimension {len(input.shape) - 2} to be divisible by the "
            f"product of kernel_size, but got input.size({len(input.shape) - 2})={rows} and "
            f"kernel_size={kernel}"
        )
    if columns != math.prod(blocks):
        raise RuntimeError(
            f"Given output_size={sizes}, kernel_size={kernel}, dilation={dil}, "
            f"padding={pads}, stride={strides}, expected size of input's dimension "
            f"{len(input.shape) - 1} to match the calculated number of sliding blocks "
            f"{blocks[0]} * {blocks[1]} = {math.prod(blocks)}, but got "
            f"input.size({len(input.shape) - 1})={columns}."
        )

    def compute(x: Any) -> Any:
        return ops.nn.fold(
            x, output_size, kernel_size, dilation=dilation, padding=padding, stride=stride
        )

    if len(input.shape) == 3:
        return compute(input)
    return ops.squeeze(compute(ops.expand_dims(input, axis=0)), axis=0)


def _check_factor(name: str, argument: str, input: Any, factor: int) -> None:
    if not isinstance(factor, int):
        raise TypeError(
            f"{name}(): argument '{argument}' (position 2) must be int, not {type(factor).__name__}"
        )
    if len(input.shape) < 3:
        raise RuntimeError(
            f"{name} expects input to have at least 3 dimensions, but got input with "
            f"{len(input.shape)} dimension(s)"
        )
    if factor <= 0:
        raise RuntimeError(f"{name} expects a positive {argument}, but got {factor}")


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def pixel_shuffle(input: Tensor, upscale_factor: int) -> Tensor:
    """(*, C r**2, H, W) rearranged into (*, C, H r, W r)."""
    _check_factor("pixel_shuffle", "upscale_factor", input, upscale_factor)
    *batch, channels, height, width = input.shape
    r, n = upscale_factor, len(batch)
    if channels % (r * r):
        raise RuntimeError(
            "pixel_shuffle expects its input's 'channel' dimension to be divisible by the "
            f"square of upscale_factor, but input.size(-3)={channels} is not divisible by {r * r}"
        )
    x = ops.reshape(input, (*batch, channels // (r * r), r, r, height, width))
    x = ops.permute_dims(x, (*range(n), n, n + 3, n + 1, n + 4, n + 2))
    return ops.reshape(x, (*batch, channels // (r * r), height * r, width * r))


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def pixel_unshuffle(input: Tensor, downscale_factor: int) -> Tensor:
    """(*, C, H r, W r) rearranged into (*, C r**2, H, W): pixel_shuffle undone."""
    _check_factor("pixel_unshuffle", "downscale_factor", input, downscale_factor)
    *batch, channels, height, width = input.shape
    r, n = downscale_factor, len(batch)
    for side, size, index in (("height", height, -2), ("width", width, -1)):
        if size % r:
            raise RuntimeError(
                f"pixel_unshuffle expects {side} to be divisible by downscale_factor, but "
                f"input.size({index})={size} is not divisible by {r}"
            )
    if not math.prod(input.shape):  # torch returns an empty input as it is
        return ops.asarray(input, copy=True)
    x = ops.reshape(input, (*batch, channels, height // r, r, width // r, r))
    x = ops.permute_dims(x, (*range(n), n, n + 2, n + 4, n + 1, n + 3))
    return ops.reshape(x, (*batch, channels * r * r, height // r, width // r))


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
def _max_pool(n: int) -> Callable[..., Any]:
    def max_pool(
        input: Tensor,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        dilation: Any = 1,
        ceil_mode: bool = False,
        return_indices: bool = False,
    ) -> Any:
        if _dtype_of(input) == core.bool:
            raise RuntimeError(f"\"max_pool{n}d\" not implemented for 'Bool'")
        kernel = _tuple(kernel_size, n)
        pads = _tuple(padding, n)
        if any(2 * p > k for p, k in zip(pads, kernel)):
            raise RuntimeError("pad should be at most half of effective kernel size")
        stride = None if stride is None or stride == [] or stride == () else stride
        _check_pool_output(input, n, kernel, stride, pads, _tuple(dilation, n), ceil_mode)
        return _with_batch(
            input,
            n,
            lambda x: _exact_in_float64(
                lambda v: ops.nn.max_pool(
                    v,
                    kernel_size,
                    stride,
                    padding,
                    dilation,
                    ceil_mode=ceil_mode,
                    return_indices=return_indices,
                ),
                x,
            ),
            f"max_pool{n}d",
        )

    max_pool.__name__ = max_pool.__qualname__ = f"max_pool{n}d"
    max_pool.__doc__ = f"{n}-D max pooling; ``return_indices`` gives flat int64 indices."
    return torch_function("input")(max_pool)


def _check_pool_output(
    x: Any, n: int, kernel: tuple, stride: Any, pads: tuple, dilation: tuple, ceil_mode: bool
) -> None:
    """torch's RuntimeError for a pooling window that leaves no output (a kernel larger
    than the padded input), before any backend computes an empty or negative size."""
    if len(x.shape) < n:
        return  # the rank error is _with_batch's
    sizes = tuple(int(d) for d in x.shape[-n:])
    strides = kernel if stride is None else _tuple(stride, n)
    outputs = []
    for size, k, s, p, d in zip(sizes, kernel, strides, pads, dilation):
        span = size + 2 * p - d * (k - 1) - 1
        out = (-(-span // s) if ceil_mode else span // s) + 1
        if ceil_mode and (out - 1) * s >= size + p:
            out -= 1
        outputs.append(out)
    if all(o > 0 for o in outputs):
        return
    channels = "x".join(str(int(d)) for d in x.shape[-n - 1 : -n]) or "1"
    raise RuntimeError(
        f"Given input size: ({channels}x{'x'.join(map(str, sizes))}). Calculated output size: "
        f"({channels}x{'x'.join(map(str, outputs))}). Output size is too small"
    )


def _avg_pool_any(x: Any, *args: Any, **kwargs: Any) -> Any:
    """core's avg_pool; integer inputs as torch's integer kernel: the exact window sum
    divided by the divisor, truncated toward zero."""
    dtype = _dtype_of(x)
    if dtype.kind == "f":
        return ops.nn.avg_pool(x, *args, **kwargs)
    wide = ops.astype(x, core.float64)
    sums = ops.nn.avg_pool(wide, *args, **{**kwargs, "divisor_override": 1})
    if kwargs["divisor_override"] is None:
        ones = ops.ones_like(wide)
        counts = ops.nn.avg_pool(ones, *args, **{**kwargs, "divisor_override": 1})
        divisor = ops.round(ops.divide(counts, ops.nn.avg_pool(ones, *args, **kwargs)))
    else:
        divisor = float(kwargs["divisor_override"])
    return ops.astype(ops.trunc(ops.divide(sums, divisor)), dtype)


def _avg_pool(n: int) -> Callable[..., Any]:
    def avg_pool(
        input: Tensor,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
    ) -> Tensor:
        _no_bool(f"avg_pool{n}d", input)
        kernel = _tuple(kernel_size, n)
        if any(2 * p > k for p, k in zip(_tuple(padding, n), kernel)):
            raise RuntimeError("pad should be at most half of effective kernel size")
        if divisor_override is not None and divisor_override == 0:
            raise RuntimeError("divisor must be not zero")
        stride = None if stride is None or stride == [] or stride == () else stride
        _check_pool_output(input, n, kernel, stride, _tuple(padding, n), (1,) * n, ceil_mode)
        return _with_batch(
            input,
            n,
            lambda x: _avg_pool_any(
                x,
                kernel_size,
                stride,
                padding,
                ceil_mode=ceil_mode,
                count_include_pad=count_include_pad,
                divisor_override=divisor_override,
            ),
            f"avg_pool{n}d",
        )

    avg_pool.__name__ = avg_pool.__qualname__ = f"avg_pool{n}d"
    avg_pool.__doc__ = f"{n}-D average pooling with torch's divisor rules."
    if n == 1:

        def avg_pool1d(
            input: Tensor,
            kernel_size: Any,
            stride: Any = None,
            padding: Any = 0,
            ceil_mode: bool = False,
            count_include_pad: bool = True,
        ) -> Tensor:
            return avg_pool(input, kernel_size, stride, padding, ceil_mode, count_include_pad)

        avg_pool1d.__doc__ = avg_pool.__doc__
        return torch_function("input")(avg_pool1d)
    return torch_function("input")(avg_pool)


max_pool1d, max_pool2d, max_pool3d = _max_pool(1), _max_pool(2), _max_pool(3)
avg_pool1d, avg_pool2d, avg_pool3d = _avg_pool(1), _avg_pool(2), _avg_pool(3)


def _adaptive_pool(n: int, kind: str) -> Callable[..., Any]:
    def adaptive_avg_pool(input: Tensor, output_size: Any) -> Tensor:
        _float_only(f"adaptive_avg_pool{n}d", input)
        size = _tuple(output_size, n)
        return _with_batch(
            input, n, lambda x: ops.nn.adaptive_avg_pool(x, size), f"adaptive_avg_pool{n}d"
        )

    def adaptive_max_pool(input: Tensor, output_size: Any, return_indices: bool = False) -> Any:
        _float_only(f"adaptive_max_pool{n}d", input)
        size = _tuple(output_size, n)
        return _with_batch(
            input,
            n,
            lambda x: ops.nn.adaptive_max_pool(x, size, return_indices=return_indices),
            f"adaptive_max_pool{n}d",
        )

    function = adaptive_avg_pool if kind == "avg" else adaptive_max_pool
    function.__name__ = function.__qualname__ = f"adaptive_{kind}_pool{n}d"
    function.__doc__ = f"{n}-D adaptive {kind} pooling over torch's bins."
    return torch_function("input")(function)


adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d = (
    _adaptive_pool(1, "avg"),
    _adaptive_pool(2, "avg"),
    _adaptive_pool(3, "avg"),
)
adaptive_max_pool1d, adaptive_max_pool2d, adaptive_max_pool3d = (
    _adaptive_pool(1, "max"),
    _adaptive_pool(2, "max"),
    _adaptive_pool(3, "max"),
)


# ---------------------------------------------------------------------------------------
# normalization
# ---------------------------------------------------------------------------------------
def _shape_tuple(shape: Any) -> tuple[int, ...]:
    return (shape,) if isinstance(shape, int) else tuple(shape)


def _check_normalized_shape(input: Any, shape: tuple[int, ...]) -> None:
    if tuple(input.shape[len(input.shape) - len(shape) :]) != shape or len(shape) > len(
        input.shape
    ):
        raise RuntimeError(
            f"Given normalized_shape={list(shape)}, expected input with shape "
            f"[*, {', '.join(map(str, shape))}], but got input of size{list(input.shape)}"
        )


@torch_function("input", "weight", "bias")
def layer_norm(
    input: Tensor,
    normalized_shape: Sequence[int],
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """Normalise over the last ``len(normalized_shape)`` dimensions."""
    _float_only("LayerNormKernelImpl", input)
    shape = _shape_tuple(normalized_shape)
    _check_normalized_shape(input, shape)
    return in_float32(
        lambda x: ops.nn.layer_norm(x, shape, _as_dtype_of(weight, x), _as_dtype_of(bias, x), eps),
        input,
    )


def _as_dtype_of(value: Any, x: Any) -> Any:
    """``value`` (a native or None) in ``x``'s dtype: itself when it has it already (no
    copy, no cast node while autodiff records)."""
    if value is None:
        return None
    dtype = _dtype_of(x)
    return value if _dtype_of(value) == dtype else ops.astype(value, dtype)


@torch_function("input", "weight")
def rms_norm(
    input: Tensor,
    normalized_shape: Sequence[int],
    weight: Tensor | None = None,
    eps: float | None = None,
) -> Tensor:
    """x / sqrt(mean(x**2) + eps) * weight; eps defaults to the dtype's machine epsilon."""
    _float_only("rms_norm", input)
    shape = _shape_tuple(normalized_shape)
    _check_normalized_shape(input, shape)
    return ops.nn.rms_norm(input, shape, weight, eps)


def batch_norm(
    input: Tensor,
    running_mean: Tensor | None,
    running_var: Tensor | None,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Per-channel normalisation of (N, C, *); in training the batch statistics are used
    and ``running_mean`` / ``running_var`` (when given) are updated in place, as torch."""
    x = to_native(input)
    _float_only("batch_norm", x)
    if not training and (running_mean is None or running_var is None):
        raise RuntimeError("running_mean and running_var must be defined in evaluation mode")
    if training:
        size = math.prod(x.shape[2:]) * x.shape[0] if len(x.shape) >= 2 else 0
        if size == 1:
            raise ValueError(
                "Expected more than 1 value per channel when training, got input size "
                f"{list(x.shape)}"
            )
    if training and eps <= 0.0:
        raise ValueError(f"batch_norm eps must be positive during training, but got {eps}")
    if eps < 0.0:
        raise ValueError(f"batch_norm eps must be non-negative, but got {eps}")
    if math.prod(x.shape) == 0:
        return wrap(ops.asarray(x, copy=True))
    natives = [None if t is None else to_native(t) for t in (running_mean, running_var)]
    output, new_mean, new_var = ops.nn.batch_norm(
        x,
        natives[0],
        natives[1],
        None if weight is None else to_native(weight),
        None if bias is None else to_native(bias),
        training=training,
        momentum=0.1 if momentum is None else momentum,
        eps=eps,
    )
    if training:
        with _ad.no_grad():  # running statistics are not part of the graph
            for target, value in ((running_mean, new_mean), (running_var, new_var)):
                if target is not None:
                    write_into(target, _detached(value))
    return wrap(output)


def instance_norm(
    input: Tensor,
    running_mean: Tensor | None = None,
    running_var: Tensor | None = None,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    use_input_stats: bool = True,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Each (n, c) plane normalised with its own statistics; running statistics (when
    given with ``use_input_stats``) get the batch mean of the planes' statistics, as
    torch; without ``use_input_stats`` the running statistics normalise."""
    x = to_native(input)
    _float_only("instance_norm", x)
    if not use_input_stats:
        return batch_norm(input, running_mean, running_var, weight, bias, False, momentum, eps)
    if len(x.shape) >= 2 and math.prod(x.shape[2:]) == 1:
        raise ValueError(
            f"Expected more than 1 spatial element when training, got input size {list(x.shape)}"
        )
    output = ops.nn.instance_norm(
        x,
        None if weight is None else to_native(weight),
        None if bias is None else to_native(bias),
        eps,
    )
    if running_mean is not None or running_var is not None:
        n, c = x.shape[0], x.shape[1]
        planes = ops.reshape(x, (1, n * c, *x.shape[2:]))
        stats = []
        for target in (running_mean, running_var):
            stats.append(None if target is None else ops.tile(to_native(target), (n,)))
        with _ad.no_grad():  # running statistics are not part of the graph
            planes = _detached(planes)
            _, new_mean, new_var = ops.nn.batch_norm(
                planes, stats[0], stats[1], training=True, momentum=momentum, eps=eps
            )
            for target, value in ((running_mean, new_mean), (running_var, new_var)):
                if target is not None:
                    write_into(target, ops.mean(ops.reshape(value, (n, c)), axis=0))
    return wrap(output)


@torch_function("input", "weight", "bias")
def group_norm(
    input: Tensor,
    num_groups: int,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """Normalise each group of C / num_groups channels with the spatial dimensions."""
    _float_only("group_norm", input)
    if len(input.shape) < 2:
        raise RuntimeError(
            f"Expected at least 2 dimensions for input tensor but received {len(input.shape)}"
        )
    if input.shape[1] % num_groups:
        raise RuntimeError(
            f"Expected number of channels in input to be divisible by num_groups, but got "
            f"input of shape {list(input.shape)} and num_groups={num_groups}"
        )
    return ops.nn.group_norm(input, num_groups, weight, bias, eps)


@torch_function("input")
def normalize(
    input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12, out: Tensor | None = None
) -> Tensor:
    """input / max(||input||_p along dim, eps)."""
    if _dtype_of(input).kind not in "fc":
        raise RuntimeError(
            "linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
            + _dtype.scalar_type_name(_dtype_of(input))
        )
    axis = _normalize_dim(dim, len(input.shape)) if len(input.shape) else None
    norm = ops.linalg.vector_norm(input, axis=axis, keepdims=True, ord=p)
    return ops.divide(input, ops.maximum(norm, ops.asarray(eps, dtype=_dtype_of(norm))))


# ---------------------------------------------------------------------------------------
# dropout
# ---------------------------------------------------------------------------------------
def _check_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _keep_mask(shape: tuple[int, ...], p: float) -> Any:
    """A bool keep mask (probability 1 - p) from core's default generator."""
    return ops.less(ops.random.uniform(tuple(shape), dtype="float32"), 1.0 - p)


@_inplace
@torch_function("input")
def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    """Zero each element with probability ``p`` and scale the rest by 1 / (1 - p)."""
    _check_p(p)
    if not training or p == 0:
        return input
    if _ad.recording() and _ad.is_tracked(input):  # the rule needs the keep mask
        return ops.nn.dropout(input, p, training=True, mask=_keep_mask(tuple(input.shape), p))
    return ops.nn.dropout(input, p, training=True)


def _feature_dropout(input: Any, p: float, alpha: bool) -> Any:
    """Whole channels (dimension 1) dropped, as torch's feature dropout."""
    x = input
    mask_shape = (*x.shape[:2], *(1,) * (len(x.shape) - 2))
    mask = _keep_mask(mask_shape, p)
    return _apply_mask(x, mask, p, alpha)


def _apply_mask(x: Any, mask: Any, p: float, alpha: bool) -> Any:
    dtype = _dtype_of(x)
    if p == 1:
        if not alpha:
            return ops.multiply(x, ops.zeros((), dtype=dtype))
    keep = ops.astype(mask, dtype)
    if not alpha:
        return ops.multiply(x, ops.multiply(keep, 1.0 / (1.0 - p)))
    # torch's alpha dropout: dropped elements take SELU's negative saturation, then an
    # affine map restores mean 0 and variance 1
    alpha_ = 1.7580993408473766
    a = 1.0 / math.sqrt((alpha_ * alpha_ * p + 1) * (1 - p)) if p < 1 else 0.0
    b = ops.add(ops.multiply(ops.subtract(keep, 1.0), alpha_ * a), alpha_ * a * p)
    return ops.add(ops.multiply(x, ops.multiply(keep, a)), b)


def _feature(name: str, batched: int) -> Callable[..., Any]:
    """torch's channel dropout of ``batched``-D input (``batched - 1``-D: one unbatched
    sample), with torch's rules for other ranks: dropout1d refuses them; dropout2d warns
    and drops along dimension 1 whatever the rank (a 3-D input is read as (N, C, L), not as
    an unbatched (C, H, W), as torch still reads it); dropout3d warns and reads any other
    rank than 5 as unbatched."""

    def feature_dropout(
        input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
    ) -> Tensor:
        _check_p(p)
        ndim = len(input.shape)
        if ndim not in (batched - 1, batched):
            if name == "dropout1d":
                raise RuntimeError(
                    f"dropout1d: Expected 2D or 3D input, but received a {ndim}D input. Note "
                    "that dropout1d exists to provide channel-wise dropout on inputs with 1 "
                    "spatial dimension, a channel dimension, and an optional batch dimension "
                    "(i.e. 2D or 3D inputs)."
                )
            warnings.warn(
                f"{name}: Received a {ndim}-D input to {name}, which is deprecated and will "
                "result in an error in a future release. To retain the behavior and silence "
                "this warning, please use dropout instead.",
                stacklevel=4,
            )
        if name == "dropout2d" and ndim == 3:
            warnings.warn(
                "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D "
                "dropout behavior is desired - input is interpreted as shape (N, C, L), where C "
                "is the channel dim.",
                stacklevel=4,
            )
        if not training or p == 0:
            return input
        if name != "dropout2d" and ndim != batched:
            x = ops.expand_dims(input, axis=0)
            return ops.squeeze(_feature_dropout(x, p, False), axis=0)
        return _feature_dropout(input, p, False)

    feature_dropout.__name__ = feature_dropout.__qualname__ = name
    feature_dropout.__doc__ = f"Zero whole channels with probability ``p`` ({name})."
    return _inplace(torch_function("input")(feature_dropout))


dropout1d = _feature("dropout1d", 3)
dropout2d = _feature("dropout2d", 4)
dropout3d = _feature("dropout3d", 5)


@_inplace
@torch_function("input")
def alpha_dropout(
    input: Tensor, p: float = 0.5, training: bool = False, inplace: bool = False
) -> Tensor:
    """Dropout that keeps SELU's zero mean and unit variance (torch's formula)."""
    _check_p(p)
    if not training or p == 0:
        return input
    return _apply_mask(input, _keep_mask(tuple(input.shape), p), p, True)


@_inplace
@torch_function("input")
def feature_alpha_dropout(
    input: Tensor, p: float = 0.5, training: bool = False, inplace: bool = False
) -> Tensor:
    """Alpha dropout of whole channels (dimension 1)."""
    _check_p(p)
    if not training or p == 0:
        return input
    return _feature_dropout(input, p, True)


# ---------------------------------------------------------------------------------------
# embedding, one_hot, pad, interpolate
# ---------------------------------------------------------------------------------------
def embedding(
    input: Tensor,
    weight: Tensor,
    padding_idx: int | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
    sparse: bool = False,
) -> Tensor:
    """Rows of ``weight`` at ``input``; with ``max_norm`` the referenced rows of
    ``weight`` are renormalised IN PLACE first, as torch does."""
    indices, table = to_native(input), to_native(weight)
    if _dtype_of(indices) not in (core.int64, core.int32):
        raise RuntimeError(
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            "types: Long, Int; but got torch.FloatTensor instead (while checking arguments "
            "for embedding)"
        )
    if padding_idx is not None:
        rows = table.shape[0]
        if not -rows <= padding_idx < rows:
            raise AssertionError("Padding_idx must be within num_embeddings")
    _check_rows(indices, table.shape[0])
    if max_norm is not None:
        flat = ops.reshape(indices, (-1,))
        hit = ops.any(ops.nn.one_hot(flat, table.shape[0], dtype="bool"), axis=0)
        norms = ops.linalg.vector_norm(table, axis=1, keepdims=True, ord=norm_type)
        scale = ops.where(
            ops.logical_and(ops.expand_dims(hit, axis=1), ops.greater(norms, max_norm)),
            ops.divide(max_norm, ops.add(norms, 1e-7)),
            ops.ones_like(norms),
        )
        with _ad.no_grad():  # torch renormalises the rows in place, outside the graph
            write_into(weight, _detached(ops.multiply(table, scale)))
        table = to_native(weight)
    return wrap(ops.nn.embedding(indices, table, padding_idx))


@torch_function("tensor")
def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """int64 one-hot encoding: ``tensor.shape + (num_classes,)``."""
    if _dtype_of(tensor) != core.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if math.prod(tensor.shape) and ops.any(ops.less(tensor, 0)):
        raise RuntimeError("Class values must be non-negative.")
    if num_classes != -1 and math.prod(tensor.shape):
        if ops.any(ops.greater_equal(tensor, num_classes)):
            raise RuntimeError("Class values must be smaller than num_classes.")
    if num_classes == -1 and not math.prod(tensor.shape):
        raise RuntimeError("Can not infer total number of classes from empty tensor.")
    return ops.nn.one_hot(tensor, num_classes, dtype="int64")


@torch_function("input")
def pad(
    input: Tensor, pad: Sequence[int], mode: str = "constant", value: float | None = None
) -> Tensor:
    """Pad the last len(pad) // 2 dimensions (last first): constant, reflect, replicate
    or circular."""
    pad = [int(p) for p in pad]
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > len(input.shape):
        raise RuntimeError(
            "Padding length should be less than or equal to two times the input dimension"
        )
    if mode not in ("constant", "reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if mode != "constant":
        if value is not None and value != 0:
            raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
        dims = len(pad) // 2
        if len(input.shape) not in (dims + 1, dims + 2) or dims > 3:
            raise NotImplementedError(
                "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now"
            )
        for i in range(dims):
            size, before, after = input.shape[-1 - i], pad[2 * i], pad[2 * i + 1]
            if mode == "reflect" and (before >= size or after >= size):
                raise RuntimeError(
                    f"Argument #4: Padding size should be less than the corresponding "
                    f"input dimension, but got: padding ({before}, {after}) at "
                    f"dimension {len(input.shape) - 1 - i} of input {list(input.shape)}"
                )
            if mode == "circular" and (before > size or after > size):
                raise RuntimeError("Padding value causes wrapping around more than once.")
        return ops.nn.pad(input, pad, mode)
    return ops.nn.pad(input, pad, "constant", 0.0 if value is None else value)


_INTERPOLATE_DIMS = {"linear": 1, "bilinear": 2, "bicubic": 2, "trilinear": 3}


@torch_function("input")
def interpolate(
    input: Tensor,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
    antialias: bool = False,
) -> Tensor:
    """Resample the spatial dimensions: nearest, nearest-exact, (bi/tri)linear, bicubic,
    area; ``antialias=True`` for bilinear and bicubic (torch's 4-D restriction; ``lanczos``
    is not provided)."""
    spatial = len(input.shape) - 2
    if spatial < 1 or spatial > 3:
        raise NotImplementedError(
            f"Input Error: Only 3D, 4D and 5D input Tensors supported (got "
            f"{len(input.shape)}D) for the modes: nearest | linear | bilinear | bicubic | "
            f"trilinear | area | nearest-exact (got {mode})"
        )
    nearest = mode in ("nearest", "area", "nearest-exact")
    if nearest and align_corners is not None:
        raise ValueError(
            "align_corners option can only be set with the interpolating modes: "
            "linear | bilinear | bicubic | trilinear"
        )
    if antialias and not (mode in ("bilinear", "bicubic") and len(input.shape) == 4):
        raise ValueError(
            "Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and "
            "requires a 4-D tensor as input"
        )
    if not nearest and mode not in _INTERPOLATE_DIMS:
        raise NotImplementedError(
            f"Input Error: Only 3D, 4D and 5D input Tensors supported (got "
            f"{len(input.shape)}D) for the modes: nearest | linear | bilinear | bicubic | "
            f"trilinear | area | nearest-exact (got {mode})"
        )
    if not nearest:
        if _INTERPOLATE_DIMS[mode] != spatial:
            raise NotImplementedError(
                f"Got {len(input.shape)}D input, but {mode} mode needs "
                f"{_INTERPOLATE_DIMS[mode] + 2}D input"
            )
        align_corners = bool(align_corners)
    if (size is None) == (scale_factor is None):
        raise ValueError(
            "only one of size or scale_factor should be defined"
            if size is not None
            else "either size or scale_factor should be defined"
        )
    if size is not None:
        size = _tuple(size, spatial)
        if len(size) != spatial:
            raise ValueError(
                f"Input and output must have the same number of spatial dimensions, but got "
                f"input with spatial dimensions of {list(input.shape[2:])} and output size of "
                f"{list(size)}. Please provide input tensor in (N, C, d1, d2, ...,dK) format "
                "and output size in (o1, o2, ...,oK) format."
            )
    else:
        scale_factor = _tuple(scale_factor, spatial)
        if len(scale_factor) != spatial:
            raise ValueError(
                f"Input and scale_factor must have the same number of spatial dimensions, but "
                f"got input with spatial dimensions of {list(input.shape[2:])} and "
                f"scale_factor of shape {list(scale_factor)}. Please provide input tensor in "
                "(N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format."
            )
        if recompute_scale_factor:
            size = tuple(math.floor(n * s) for n, s in zip(input.shape[2:], scale_factor))
            scale_factor, recompute_scale_factor = None, None
    if mode != "nearest" and mode != "nearest-exact":
        _float_only(f"upsample_{mode}", input)
    if antialias:
        return _antialiased(input, size, scale_factor, mode, align_corners)
    return ops.nn.interpolate(
        input,
        size,
        scale_factor,
        mode,
        align_corners if mode in _INTERPOLATE_DIMS else None,
        recompute_scale_factor,
    )


def _aa_filter(mode: str, x: numpy.ndarray) -> numpy.ndarray:
    """torch's antialiasing filters: the triangle, and the cubic with A = -0.5 (PIL's)."""
    x = numpy.abs(x)
    if mode == "bilinear":
        return numpy.where(x < 1, 1 - x, 0.0)
    a = -0.5
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    return numpy.where(x < 1, near, numpy.where(x < 2, far, 0.0))


def _aa_weights(
    size_in: int, size_out: int, scale_factor: float | None, align_corners: bool, mode: str
) -> numpy.ndarray:
    """The ``(size_out, size_in)`` resampling matrix of torch's antialiased kernels
    (``_upsample_{mode}2d_aa``): each output sample averages the inputs under the filter
    stretched by the downscaling factor, the weights normalized to sum to one."""
    if align_corners:
        scale = (size_in - 1) / (size_out - 1) if size_out > 1 else 0.0
    else:
        scale = 1 / scale_factor if scale_factor else size_in / size_out
    support = (1.0 if mode == "bilinear" else 2.0) * max(scale, 1.0)
    invscale = 1 / scale if scale >= 1 else 1.0
    weights = numpy.zeros((size_out, size_in))
    for i in range(size_out):
        center = scale * (i + 0.5)
        low = max(int(center - support + 0.5), 0)
        high = min(int(center + support + 0.5), size_in)
        w = _aa_filter(mode, (numpy.arange(low, high) - center + 0.5) * invscale)
        weights[i, low:high] = w / w.sum() if w.sum() != 0 else w
    return weights


def _antialiased(input: Any, size: Any, scale_factor: Any, mode: str, align_corners: bool) -> Any:
    """Antialiased bilinear/bicubic resampling as two matrix products with constant weights
    (computed on the host from the shapes; gradients flow through the products)."""
    heights, widths = input.shape[2:]
    out = (
        size
        if size is not None
        else tuple(math.floor(n * s) for n, s in zip(input.shape[2:], scale_factor))
    )
    scales = scale_factor if scale_factor is not None else (None, None)
    dtype = _dtype_of(input)
    rows = ops.asarray(_aa_weights(heights, out[0], scales[0], align_corners, mode), dtype=dtype)
    cols = ops.asarray(_aa_weights(widths, out[1], scales[1], align_corners, mode), dtype=dtype)
    return ops.matmul(ops.matmul(rows, input), ops.matrix_transpose(cols))


# ---------------------------------------------------------------------------------------
# attention and distances
# ---------------------------------------------------------------------------------------
@torch_function("query", "key", "value")
def scaled_dot_product_attention(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    attn_mask: Tensor | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    enable_gqa: bool = False,
) -> Tensor:
    """softmax(q k^T * scale + mask) v; dropout masks from core's default generator."""
    _float_only("scaled_dot_product_attention", query)
    if is_causal and attn_mask is not None:
        raise RuntimeError(
            "_scaled_dot_product_attention: Explicit attn_mask should not be set when "
            "is_causal=True"
        )
    if attn_mask is not None and _dtype_of(attn_mask) != core.bool:
        if _dtype_of(attn_mask) != _dtype_of(query):
            raise RuntimeError(
                "Expected attn_mask dtype to be bool or float or to match query dtype, but "
                f"got attn_mask.dtype: {_dtype.of(_dtype_of(attn_mask))} and  query.dtype: "
                f"{_dtype.of(_dtype_of(query))} instead."
            )
    dropout_mask = None
    if dropout_p > 0 and _ad.recording() and any(_ad.is_tracked(t) for t in (query, key, value)):
        # the rule needs the keep mask of the attention weights (..., L, S)
        import numpy

        batch = tuple(query.shape[:-2])
        if not enable_gqa:
            batch = numpy.broadcast_shapes(batch, tuple(key.shape[:-2]))
        dropout_mask = _keep_mask((*batch, query.shape[-2], key.shape[-2]), dropout_p)
    return ops.nn.scaled_dot_product_attention(
        query,
        key,
        value,
        attn_mask,
        dropout_p,
        is_causal,
        scale,
        enable_gqa=enable_gqa,
        dropout_mask=dropout_mask,
    )


@torch_function("x1", "x2")
def cosine_similarity(x1: Tensor, x2: Tensor, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """sum(x1 * x2) / (max(|x1|, eps) * max(|x2|, eps)) along ``dim`` (broadcast first)."""
    _float_only("cosine_similarity", x1)
    ndim = max(len(x1.shape), len(x2.shape))
    if ndim == 0:
        _normalize_dim(dim, 0)
        eps_ = ops.asarray(eps, dtype=_dtype_of(x1))
        n1, n2 = ops.maximum(ops.abs(x1), eps_), ops.maximum(ops.abs(x2), eps_)
        return ops.multiply(ops.divide(x1, n1), ops.divide(x2, n2))
    return ops.nn.cosine_similarity(x1, x2, _normalize_dim(dim, ndim), eps)


@torch_function("x1", "x2")
def pairwise_distance(
    x1: Tensor, x2: Tensor, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False
) -> Tensor:
    """p-norm of x1 - x2 + eps along the last dimension."""
    _no_bool("pairwise_distance", x1)
    x1, x2 = floating(x1), floating(x2)
    if not len(x1.shape) and not len(x2.shape):
        return ops.abs(ops.add(ops.subtract(x1, x2), eps))
    return ops.nn.pairwise_distance(x1, x2, p, eps, keepdim)


# ---------------------------------------------------------------------------------------
# losses
# ---------------------------------------------------------------------------------------
def _class_target(input: Any, target: Any) -> tuple[Any, Any, bool]:
    """An unbatched (C,) input with a 0-d target as a batch of one."""
    if len(input.shape) == 1:
        if len(target.shape) == 0:
            return ops.expand_dims(input, axis=0), ops.expand_dims(target, axis=0), True
        if len(target.shape) == 1 and target.shape == input.shape:
            return ops.expand_dims(input, axis=0), ops.expand_dims(target, axis=0), True
    return input, target, False


_compiling = is_compiling  # whether torch.compile is tracing (torch checks on the device)


def _check_rows(indices: Any, rows: int) -> None:
    """torch's IndexError for an index outside ``[0, rows)`` (negative ones included): every
    backend raises, none clamps or wraps (the smallest and largest index read on the host,
    two reductions: cheaper than comparing every index with Python scalars; none under
    torch.compile's trace, where torch checks on the device)."""
    if _compiling():
        return
    if math.prod(indices.shape) and (int(ops.min(indices)) < 0 or int(ops.max(indices)) >= rows):
        raise IndexError("index out of range in self")


def _check_class_range(x: Any, t: Any, ignore_index: int) -> None:
    """torch's IndexError for a class target outside ``[0, C)`` that is not ``ignore_index``
    (one host read; none under torch.compile's trace)."""
    if _dtype_of(t).kind not in "iu" or not math.prod(t.shape) or len(x.shape) < 2:
        return
    if _compiling():
        return
    classes = x.shape[1]
    bad = ops.logical_and(
        ops.not_equal(t, ignore_index),
        ops.logical_or(ops.less(t, 0), ops.greater_equal(t, classes)),
    )
    if bool(ops.any(bad)):
        first = ops.get_item(ops.reshape(t, (-1,)), ops.argmax(ops.reshape(bad, (-1,)), axis=0))
        raise IndexError(f"Target {int(first)} is out of bounds.")


def _check_targets(input: Any, target: Any) -> None:
    if _dtype_of(target).kind in "iu":
        if _dtype_of(target) != core.int64 and _dtype_of(target) != core.uint8:
            raise RuntimeError(
                f"expected scalar type Long but found {_dtype.scalar_type_name(_dtype_of(target))}"
            )
        _check_batch(input, target)


def _check_batch(input: Any, target: Any) -> None:
    batch = input.shape[0] if len(input.shape) >= 2 else None
    if batch is not None and len(target.shape) and target.shape[0] != batch:
        raise ValueError(
            f"Expected input batch_size ({batch}) to match target batch_size ({target.shape[0]})."
        )


def _check_class_indices(x: Any, t: Any, weight: Any) -> None:
    """torch's RuntimeErrors for class-index targets: the target's shape must be the
    input's without the class dimension, and ``weight`` must have one entry per class."""
    classes = x.shape[1] if len(x.shape) >= 2 else x.shape[0]
    if weight is not None and math.prod(weight.shape) != classes:
        raise RuntimeError(
            f"weight tensor should be defined either for all {classes} classes or no classes "
            f"but got weight tensor of shape: {list(weight.shape)}"
        )
    if len(x.shape) == 2 and len(t.shape) > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    expected = [x.shape[0], *x.shape[2:]]
    if len(x.shape) > 2 and list(t.shape) != expected:
        raise RuntimeError(f"Expected target size {expected}, got {list(t.shape)}")


@torch_function("input", "weight")
def cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """Cross entropy of logits against class indices or class probabilities."""
    reduction = _reduction(size_average, reduce, reduction)
    _float_only("log_softmax_lastdim_kernel_impl", input)
    probabilities = tuple(target.shape) == tuple(input.shape)
    if probabilities and _dtype_of(target).kind != "f":
        raise RuntimeError(
            "Expected floating point type for target with class probabilities, got "
            f"{_dtype.scalar_type_name(_dtype_of(target))}"
        )
    _check_targets(input, target)
    if _dtype_of(target).kind == "f" and ignore_index >= 0:
        raise RuntimeError("ignore_index is not supported for floating point target")
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    x, t, unbatched = _class_target(input, target)
    if not probabilities:  # class indices, whatever the target's dtype (torch's order)
        _check_batch(input, target)
        _check_class_indices(x, t, weight)
        if _dtype_of(target).kind not in "iu":
            raise RuntimeError(
                "expected target dtype to be Long or Byte, but got "
                f"{_dtype.scalar_type_name(_dtype_of(target))}"
            )
    _check_class_range(x, t, ignore_index)
    if _dtype_of(t).kind == "f":
        t = ops.astype(t, _dtype_of(x))
    result = ops.nn.cross_entropy(
        x,
        t,
        weight,
        ignore_index=ignore_index,
        reduction=reduction,
        label_smoothing=label_smoothing,
    )
    return ops.squeeze(result, axis=0) if unbatched and reduction == "none" else result


@torch_function("input", "weight")
def nll_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Negative log likelihood of log-probabilities at class indices."""
    reduction = _reduction(size_average, reduce, reduction)
    _float_only("nll_loss_forward_reduce_cuda_kernel_2d_index", input)
    _check_targets(input, target)
    x, t, unbatched = _class_target(input, target)
    _check_class_indices(x, t, weight)
    _check_class_range(x, t, ignore_index)
    result = ops.nn.nll_loss(x, t, weight, ignore_index=ignore_index, reduction=reduction)
    return ops.squeeze(result, axis=0) if unbatched and reduction == "none" else result


def _pointwise_loss(
    compute: Callable[[Any, Any], Any],
    input: Any,
    target: Any,
    reduction: str,
    weight: Any = None,
    *,
    weighted_mean: bool = False,
) -> Any:
    """A loss of broadcast input/target elements, weighted, then reduced; a weighted
    "mean" divides by the summed weights when ``weighted_mean`` (torch's mse/l1 rule;
    huber divides by the element count)."""
    if tuple(input.shape) != tuple(target.shape):
        import warnings

        warnings.warn(
            f"Using a target size ({list(target.shape)}) that is different to the input size "
            f"({list(input.shape)}). This will likely lead to incorrect results due to "
            "broadcasting. Please ensure they have the same size.",
            stacklevel=3,
        )
    loss = compute(input, target)
    if weight is None:
        return _reduce(loss, reduction)
    if tuple(weight.shape) != tuple(input.shape):
        raise ValueError("Weights and input must have the same size.")
    loss = ops.multiply(loss, weight)
    if reduction == "mean" and weighted_mean:
        return ops.divide(ops.sum(loss), ops.sum(weight))
    return _reduce(loss, reduction)


@torch_function("input", "target", "weight")
def mse_loss(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    weight: Tensor | None = None,
) -> Tensor:
    """(input - target) ** 2, weighted by ``weight`` when given, reduced."""
    reduction = _reduction(size_average, reduce, reduction)
    return _pointwise_loss(
        lambda a, b: ops.square(ops.subtract(a, b)),
        input,
        target,
        reduction,
        weight,
        weighted_mean=True,
    )


@torch_function("input", "target", "weight")
def l1_loss(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    weight: Tensor | None = None,
) -> Tensor:
    """|input - target|, weighted, reduced."""
    reduction = _reduction(size_average, reduce, reduction)
    return _pointwise_loss(
        lambda a, b: ops.abs(ops.subtract(a, b)),
        input,
        target,
        reduction,
        weight,
        weighted_mean=True,
    )


@torch_function("input", "target")
def smooth_l1_loss(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    beta: float = 1.0,
) -> Tensor:
    """0.5 d**2 / beta below ``beta``, |d| - 0.5 beta above."""
    reduction = _reduction(size_average, reduce, reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    return _pointwise_loss(
        lambda a, b: ops.nn.smooth_l1_loss(a, b, reduction="none", beta=beta),
        input,
        target,
        reduction,
    )


@torch_function("input", "target", "weight")
def huber_loss(
    input: Tensor,
    target: Tensor,
    reduction: str = "mean",
    delta: float = 1.0,
    weight: Tensor | None = None,
) -> Tensor:
    """0.5 d**2 below ``delta``, delta (|d| - 0.5 delta) above; weighted, reduced."""
    _reduction(None, None, reduction)
    return _pointwise_loss(
        lambda a, b: ops.nn.huber_loss(a, b, reduction="none", delta=delta),
        input,
        target,
        reduction,
        weight,
    )


@torch_function("input", "target", "weight")
def binary_cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """-(t log x + (1 - t) log(1 - x)), logs clamped at -100, weighted, reduced."""
    reduction = _reduction(size_average, reduce, reduction)
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(
            f"Using a target size ({list(target.shape)}) that is different to the input size "
            f"({list(input.shape)}) is deprecated. Please ensure they have the same size."
        )
    _float_only("binary_cross_entropy", input)
    return ops.nn.binary_cross_entropy(input, target, weight, reduction=reduction)


@torch_function("input", "target", "weight", "pos_weight")
def binary_cross_entropy_with_logits(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    pos_weight: Tensor | None = None,
) -> Tensor:
    """Binary cross entropy of sigmoid(input), computed stably from the logits."""
    reduction = _reduction(size_average, reduce, reduction)
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(
            f"Target size ({list(target.shape)}) must be the same as input size "
            f"({list(input.shape)})"
        )
    _float_only("binary_cross_entropy_with_logits", input)
    return ops.nn.binary_cross_entropy_with_logits(
        input, target, weight, reduction=reduction, pos_weight=pos_weight
    )


@torch_function("input", "target")
def kl_div(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    log_target: bool = False,
) -> Tensor:
    """target * (log target - input), reduced ("batchmean" divides the sum by the batch)."""
    if size_average is not None or reduce is not None:
        reduction = _reduction(size_average, reduce, reduction)
    elif reduction not in ("none", "mean", "sum", "batchmean"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    _float_only("kl_div", input)
    if reduction == "batchmean" and not len(input.shape):
        return ops.nn.kl_div(input, target, reduction="sum", log_target=log_target)
    return ops.nn.kl_div(input, target, reduction=reduction, log_target=log_target)


def constant_pad_nd(input: Tensor, pad: Sequence[int], value: float = 0) -> Tensor:
    """torch.constant_pad_nd: ``pad(input, pad, "constant", value)``."""
    return globals()["pad"](input, pad, "constant", value)


# ---------------------------------------------------------------------------------------
# margin, embedding, Poisson and Gaussian losses (composed from the frontend's own ops)
# ---------------------------------------------------------------------------------------
def _torch() -> Any:
    import sys

    return sys.modules["frontends.torch"]


def _reduced(loss: Tensor, reduction: str) -> Tensor:
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")


def soft_margin_loss(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """``log(1 + exp(-target * input))``, reduced."""
    reduction = _reduction(size_average, reduce, reduction)
    T = _torch()
    return _reduced(T.log1p(T.exp(-target * input)), reduction)


def margin_ranking_loss(
    input1: Tensor,
    input2: Tensor,
    target: Tensor,
    margin: float = 0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """``max(0, -target * (input1 - input2) + margin)``, reduced."""
    reduction = _reduction(size_average, reduce, reduction)
    if not input1.dim() == input2.dim() == target.dim():
        raise RuntimeError(
            f"margin_ranking_loss : All input tensors should have same dimension but got "
            f"sizes: input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} "
        )
    return _reduced((-target * (input1 - input2) + margin).clamp_min(0), reduction)


def hinge_embedding_loss(
    input: Tensor,
    target: Tensor,
    margin: float = 1.0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """``input`` where target is 1, ``max(0, margin - input)`` where it is -1, reduced."""
    reduction = _reduction(size_average, reduce, reduction)
    T = _torch()
    zeros = T.zeros_like(input)
    margin_part = T.where(target != 1, (margin - input).clamp_min(0), zeros)
    self_part = T.where(target != -1, input, zeros)
    return _reduced(margin_part + self_part, reduction)


def cosine_embedding_loss(
    input1: Tensor,
    input2: Tensor,
    target: Tensor,
    margin: float = 0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """``1 - cos`` where target is 1, ``max(0, cos - margin)`` where it is -1, reduced."""
    reduction = _reduction(size_average, reduce, reduction)
    T = _torch()
    target_dim = target.dim()
    if target_dim not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if target_dim == 1 and not (input1.dim() == input2.dim() == 2):
        raise RuntimeError(
            f"1D target tensor expects 2D input tensors, but found inputs with sizes "
            f"{list(input1.shape)} and {list(input2.shape)}."
        )
    if target_dim == 0 and not (input1.dim() == input2.dim() == 1):
        raise RuntimeError(
            f"0D target tensor expects 1D input tensors, but found inputs with sizes "
            f"{list(input1.shape)} and {list(input2.shape)}."
        )
    eps = 1e-12
    dot = (input1 * input2).sum(-1)
    magnitude1 = (input1 * input1).sum(-1) + eps
    magnitude2 = (input2 * input2).sum(-1) + eps
    cos = dot / T.sqrt(magnitude1 * magnitude2)
    zeros = T.zeros_like(cos)
    positive = T.where(target == 1, 1 - cos, zeros)
    negative = T.where(target == -1, (cos - margin).clamp_min(0), zeros)
    return _reduced(positive + negative, reduction)


def multilabel_soft_margin_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """The mean over classes of the binary logistic loss, reduced over samples."""
    reduction = _reduction(size_average, reduce, reduction)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    return _reduced(loss, reduction)


def poisson_nll_loss(
    input: Tensor,
    target: Tensor,
    log_input: bool = True,
    full: bool = False,
    size_average: bool | None = None,
    eps: float = 1e-8,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Poisson negative log likelihood; ``full`` adds Stirling's term where target > 1."""
    reduction = _reduction(size_average, reduce, reduction)
    T = _torch()
    if log_input:
        loss = T.exp(input) - target * input
    else:
        loss = input - target * T.log(input + eps)
    if full:
        stirling = target * T.log(target) - target + 0.5 * T.log(2 * math.pi * target)
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduced(loss, reduction)


def gaussian_nll_loss(
    input: Tensor,
    target: Tensor,
    var: Tensor | float,
    full: bool = False,
    eps: float = 1e-6,
    reduction: str = "mean",
) -> Tensor:
    """Gaussian negative log likelihood with variance ``var`` (clamped at ``eps`` outside the
    graph, as torch does)."""
    T = _torch()
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * T.ones_like(input)
    elif bool(T.any(var < 0)):
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = T.unsqueeze(var, -1)
        elif (
            input.ndim == var.ndim
            and sum(y for x, y in zip(input.size(), var.size()) if x != y) == 1
        ):
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    # torch clamps a clone in place under no_grad: values clamped, gradient passed as is
    var = var + (var.detach().clamp(min=eps) - var.detach())
    loss = 0.5 * (T.log(var) + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduced(loss, reduction)


def triplet_margin_loss(
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    margin: float = 1.0,
    p: float = 2,
    eps: float = 1e-6,
    swap: bool = False,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """``max(0, margin + d(a, p) - d(a, n))`` with the p-norm pairwise distance."""
    reduction = _reduction(size_average, reduce, reduction)
    if not anchor.dim() == positive.dim() == negative.dim():
        raise RuntimeError(
            "The anchor, positive, and negative tensors are expected to have the same number "
            f"of dimensions, but got: anchor {anchor.dim()}D, positive {positive.dim()}D, and "
            f"negative {negative.dim()}D inputs"
        )

    def distance(a: Tensor, b: Tensor) -> Tensor:
        return pairwise_distance(a, b, p, eps)

    return _triplet(anchor, positive, negative, distance, margin, swap, reduction)


def triplet_margin_with_distance_loss(
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    *,
    distance_function: Callable[[Tensor, Tensor], Tensor] | None = None,
    margin: float = 1.0,
    swap: bool = False,
    reduction: str = "mean",
) -> Tensor:
    """``triplet_margin_loss`` with any distance (``pairwise_distance`` by default)."""
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    if not anchor.ndim == positive.ndim == negative.ndim:
        raise RuntimeError(
            "The anchor, positive, and negative tensors are expected to have the same number "
            f"of dimensions, but got: anchor {anchor.ndim}D, positive {positive.ndim}D, and "
            f"negative {negative.ndim}D inputs"
        )
    return _triplet(
        anchor, positive, negative, distance_function or pairwise_distance, margin, swap, reduction
    )


def _triplet(
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    distance: Callable[[Tensor, Tensor], Tensor],
    margin: float,
    swap: bool,
    reduction: str,
) -> Tensor:
    T = _torch()
    positive_distance = distance(anchor, positive)
    negative_distance = distance(anchor, negative)
    if swap:
        negative_distance = T.minimum(negative_distance, distance(positive, negative))
    return _reduced(T.clamp_min(margin + positive_distance - negative_distance, 0), reduction)


def _class_rows(input: Tensor, target: Tensor, name: str) -> tuple[Tensor, Tensor, bool]:
    """``input`` as (N, C) and ``target`` as (N,), checked; whether the input was 1-D."""
    if input.dim() > 2 or (input.dim() == 2 and input.size(0) == 0):
        raise RuntimeError(
            f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
            f"{list(input.shape)}"
        )
    single = input.dim() <= 1
    rows = input.reshape(1, -1) if single else input
    return rows, target.reshape(-1), single


def multi_margin_loss(
    input: Tensor,
    target: Tensor,
    p: int = 1,
    margin: float = 1.0,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Multi-class hinge loss: ``sum_{j != y} max(0, margin - x[y] + x[j])**p / C``."""
    reduction = _reduction(size_average, reduce, reduction)
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    T = _torch()
    rows, labels, single = _class_rows(input, target, "multi_margin_loss")
    classes = rows.size(1)
    if labels.numel() != rows.size(0):
        raise RuntimeError(
            f"inconsistent target size, expected {rows.size(0)} but got {list(target.shape)}"
        )
    if labels.numel() and bool(T.any((labels < 0) | (labels >= classes))):
        raise RuntimeError("target out of range")
    picked = rows.gather(1, labels.unsqueeze(1))
    hinge = (margin - picked + rows).clamp_min(0)
    if p == 2:
        hinge = hinge * hinge
    if weight is not None:
        hinge = hinge * weight[labels].unsqueeze(1)
    hinge = T.where(one_hot(labels, classes).bool(), T.zeros_like(hinge), hinge)
    loss = hinge.sum(1) / classes
    if single and reduction == "none":
        loss = loss.reshape(target.shape)
    return _reduced(loss, reduction)


def multilabel_margin_loss(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Multi-label hinge loss: ``target`` lists class indices, ended by the first -1."""
    reduction = _reduction(size_average, reduce, reduction)
    T = _torch()
    if input.dim() > 2 or (input.dim() == 2 and input.size(0) == 0):
        raise RuntimeError(
            f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
            f"{list(input.shape)}"
        )
    if tuple(target.shape) != tuple(input.shape):
        raise RuntimeError(
            f"inconsistent target size: {list(target.shape)} for input of size: {list(input.shape)}"
        )
    single = input.dim() <= 1
    rows = input.reshape(1, -1) if single else input
    labels = target.reshape(rows.shape)
    classes = rows.size(1)
    valid = T.cumprod((labels != -1).to(T.int64), 1).bool()
    if labels.numel() and bool(T.any(valid & ((labels < 0) | (labels >= classes)))):
        raise RuntimeError("argument #2 'target' is out of range")
    safe = T.where(valid, labels, T.zeros_like(labels))
    is_target = T.zeros(rows.shape, dtype=T.bool).scatter(1, safe, valid) if classes else valid
    picked = rows.gather(1, safe)  # (N, C): x at each listed class
    hinge = (1 - (picked.unsqueeze(2) - rows.unsqueeze(1))).clamp_min(0)
    mask = valid.unsqueeze(2) & ~is_target.unsqueeze(1)
    loss = T.where(mask, hinge, T.zeros_like(hinge)).sum((1, 2)) / classes
    if single:
        loss = loss.reshape(())
    return _reduced(loss, reduction)


__all__ += [
    "constant_pad_nd", "cosine_embedding_loss", "gaussian_nll_loss", "hinge_embedding_loss",
    "margin_ranking_loss", "multi_margin_loss", "multilabel_margin_loss",
    "multilabel_soft_margin_loss", "poisson_nll_loss", "soft_margin_loss",
    "triplet_margin_loss", "triplet_margin_with_distance_loss",
]  # fmt: skip


def embedding_bag(
    input: Tensor,
    weight: Tensor,
    offsets: Tensor | None = None,
    max_norm: float | None = None,
    norm_type: float = 2,
    scale_grad_by_freq: bool = False,
    mode: str = "mean",
    sparse: bool = False,
    per_sample_weights: Tensor | None = None,
    include_last_offset: bool = False,
    padding_idx: int | None = None,
) -> Tensor:
    """Sums, means or maxima of bags of ``weight`` rows: the rows of a 2-D ``input``, or the
    slices of a 1-D ``input`` that ``offsets`` start. Entries equal to ``padding_idx`` are
    left out (a mean divides by the rest); an empty bag gives zeros. Indices outside
    ``[0, num_embeddings)`` raise torch's RuntimeError on every backend."""
    T = _torch()
    if mode not in ("sum", "mean", "max"):
        raise ValueError("mode has to be one of sum, mean or max")
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError(
            "embedding_bag: per_sample_weights was not None. per_sample_weights is only "
            f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
            "GitHub."
        )
    if input.dtype not in (T.int32, T.int64):
        raise RuntimeError(
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            f"types: Long, Int; but got {input.type()} instead (while checking arguments for "
            "embedding_bag)"
        )
    rows = weight.shape[0]
    if padding_idx is not None:
        if not -rows <= padding_idx < rows:
            raise AssertionError("padding_idx must be within the number of embeddings")
        padding_idx %= rows
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError(
                f"if input is 2D, then offsets has to be None, as input is treated is a "
                f"mini-batch of fixed length sequences. However, found offsets of type "
                f"{type(offsets).__name__}"
            )
        bags, length = input.shape
        flat = input.reshape(-1)
        bag_of = T.arange(bags).repeat_interleave(length)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
        flat = input
        starts = offsets[:-1] if include_last_offset else offsets
        bags = starts.shape[0]
        start_list = offsets.tolist()
        if start_list and start_list[0] != 0:
            raise RuntimeError(
                "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start "
                f"from position 0. However, got {start_list[0]}"
            )
        if start_list and start_list[-1] > flat.shape[0]:
            raise RuntimeError(
                f"offsets[-1] can not be greater than input's length {flat.shape[0]} but got "
                f"offsets[-1] of {start_list[-1]}"
            )
        positions = T.arange(flat.shape[0])
        bag_of = T.searchsorted(starts.to(T.int64), positions, right=True) - 1
    else:
        raise ValueError(
            f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}"
        )
    bad = (flat < 0) | (flat >= rows)
    if flat.numel() and bool(bad.any()):
        position = int(bad.to(T.int64).argmax())
        raise RuntimeError(
            f"Index {position} of input takes value {int(flat[position])} which is not in the "
            f"valid range [0, {rows})"
        )
    if max_norm is not None:
        embedding(flat, weight, max_norm=max_norm, norm_type=norm_type)
    picked = weight[flat]  # (N, D)
    member = bag_of.unsqueeze(0) == T.arange(bags).unsqueeze(1)  # (B, N)
    if padding_idx is not None:
        member = member & (flat != padding_idx).unsqueeze(0)
    if mode == "max":
        lowest = T.full((), float("-inf"), dtype=weight.dtype)
        candidates = T.where(member.unsqueeze(-1), picked.unsqueeze(0), lowest)
        best = candidates.amax(1) if flat.numel() else T.zeros(bags, weight.shape[1])
        return T.where(member.any(1, keepdim=True), best, T.zeros_like(best))
    if per_sample_weights is not None:
        picked = picked * per_sample_weights.unsqueeze(-1)
    total = member.to(weight.dtype) @ picked
    if mode == "sum":
        return total
    count = member.sum(1, keepdim=True).clamp_min(1).to(weight.dtype)
    return total / count


__all__ += ["embedding_bag"]


# ---------------------------------------------------------------------------------------
# max_unpool, local_response_norm, channel_shuffle, pdist, upsample*, rrelu
# ---------------------------------------------------------------------------------------
def _max_unpool(
    n: int,
    input: Tensor,
    indices: Tensor,
    kernel_size: Any,
    stride: Any,
    padding: Any,
    output_size: Any,
) -> Tensor:
    T = _torch()
    kernel = _tuple(kernel_size, n)
    stride = kernel if stride is None else _tuple(stride, n)
    padding = _tuple(padding, n)
    spatial = tuple(input.shape[-n:])
    default = tuple((spatial[i] - 1) * stride[i] - 2 * padding[i] + kernel[i] for i in range(n))
    if output_size is None:
        size = default
    else:
        size = tuple(output_size)[-n:]
        for i in range(n):
            low, high = default[i] - stride[i], default[i] + stride[i]
            if not low < size[i] < high:
                raise ValueError(
                    f"invalid output_size {list(output_size)} (dim {i} must be between "
                    f"{low} and {high})"
                )
    if tuple(indices.shape) != tuple(input.shape):
        raise RuntimeError(
            "Expected shape of indices to be same as that of the input tensor "
            f"({list(input.shape)}) but got indices tensor with shape: {list(indices.shape)}"
        )
    lead = tuple(input.shape[:-n])
    plane = math.prod(size)
    flat_values = input.reshape(*lead, -1)
    flat_indices = indices.reshape(*lead, -1)
    if flat_indices.numel() and bool(T.any((flat_indices < 0) | (flat_indices >= plane))):
        raise RuntimeError(f"Found an invalid max index: {int(flat_indices.max())}")
    result = T.zeros(*lead, plane, dtype=input.dtype)
    result = result.scatter(-1, flat_indices, flat_values)
    return result.reshape(*lead, *size)


def max_unpool1d(
    input: Tensor,
    indices: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    output_size: Any = None,
) -> Tensor:
    """The inverse of ``max_pool1d``: each value at its index, zeros elsewhere."""
    return _max_unpool(1, input, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(
    input: Tensor,
    indices: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    output_size: Any = None,
) -> Tensor:
    """The inverse of ``max_pool2d``: each value at its flat index in its plane."""
    return _max_unpool(2, input, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(
    input: Tensor,
    indices: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    output_size: Any = None,
) -> Tensor:
    """The inverse of ``max_pool3d``."""
    return _max_unpool(3, input, indices, kernel_size, stride, padding, output_size)


def local_response_norm(
    input: Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.0
) -> Tensor:
    """``input / (k + alpha * mean of squares over a window of `size` channels) ** beta``
    (the window is zero-padded at the channel ends, as torch's)."""
    T = _torch()
    if input.dim() < 3:
        raise ValueError(
            f"Expected 3D or higher dimensionality input (got {input.dim()} dimensions)"
        )
    if input.numel() == 0:
        return input
    channels = input.shape[1]
    square = input * input
    front, back = size // 2, (size - 1) // 2
    padded = T.cat(
        [
            T.zeros(input.shape[0], front, *input.shape[2:], dtype=input.dtype),
            square,
            T.zeros(input.shape[0], back, *input.shape[2:], dtype=input.dtype),
        ],
        dim=1,
    )
    window = sum(padded.narrow(1, offset, channels) for offset in range(size))
    div = (window / size * alpha + k) ** beta
    return input / div


def channel_shuffle(input: Tensor, groups: int) -> Tensor:
    """Channels regrouped: ``(N, g, C/g, *) -> (N, C/g, g, *)``, flattened back."""
    if input.dim() < 3:
        raise RuntimeError(
            "channel_shuffle expects input to have at least 3 dimensions, but got input with "
            f"sizes {list(input.shape)}"
        )
    if groups <= 0:
        raise RuntimeError(
            f"Number of groups to divide channels in must be positive. Value of groups:{groups}"
        )
    channels = input.shape[1]
    if channels % groups:
        raise RuntimeError(
            f"Number of channels must be divisible by groups. Got {channels} channels and "
            f"{groups} groups."
        )
    rest = tuple(input.shape[2:])
    shaped = input.reshape(input.shape[0], groups, channels // groups, *rest)
    return shaped.transpose(1, 2).reshape(input.shape)


native_channel_shuffle = channel_shuffle


def pdist(input: Tensor, p: float = 2) -> Tensor:
    """The p-norm distances between the rows of an (N, M) input, pairs i < j in order."""
    T = _torch()
    if input.dim() != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.dim()}D")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    n = input.shape[0]
    rows, columns = T.triu_indices(n, n, 1)
    difference = input[rows] - input[columns]
    return T.linalg.vector_norm(difference, ord=p, dim=-1)


def upsample(
    input: Tensor,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
) -> Tensor:
    """Deprecated alias of ``interpolate``."""
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input: Tensor, size: Any = None, scale_factor: Any = None) -> Tensor:
    """Deprecated: ``interpolate(..., mode="nearest")``."""
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input: Tensor, size: Any = None, scale_factor: Any = None) -> Tensor:
    """Deprecated: ``interpolate(..., mode="bilinear", align_corners=True)``."""
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def rrelu(
    input: Tensor,
    lower: float = 1.0 / 8,
    upper: float = 1.0 / 3,
    training: bool = False,
    inplace: bool = False,
    *,
    generator: Any = None,
) -> Tensor:
    """Randomized leaky ReLU: negative inputs scaled by a slope drawn from
    ``U(lower, upper)`` when training, by ``(lower + upper) / 2`` otherwise. The draws come
    from the frontend's generator (``generator``: torch.rrelu's), not torch's stream."""
    T = _torch()
    if training:
        slopes = T.rand_like(input, generator=generator) * (upper - lower) + lower
        result = T.where(input >= 0, input, input * slopes)
    else:
        result = leaky_relu(input, (lower + upper) / 2)
    if inplace:
        return input.copy_(result)
    return result


def rrelu_(
    input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False
) -> Tensor:
    """In-place ``rrelu``."""
    return rrelu(input, lower, upper, training, inplace=True)


__all__ += [
    "channel_shuffle", "local_response_norm", "max_unpool1d", "max_unpool2d", "max_unpool3d",
    "native_channel_shuffle", "pdist", "rrelu", "rrelu_", "upsample", "upsample_bilinear",
    "upsample_nearest",
]  # fmt: skip


def _lp_pool(
    n: int, input: Tensor, norm_type: float, kernel_size: Any, stride: Any, ceil_mode: bool
) -> Tensor:
    """``(sum over each window of x ** p) ** (1 / p)`` through ``avg_pool`` (as torch)."""
    T = _torch()
    kernel = _tuple(kernel_size, n)
    pool = (avg_pool1d, avg_pool2d, avg_pool3d)[n - 1]
    stride = kernel if stride is None else stride
    out = pool(input.pow(norm_type), kernel, stride, 0, ceil_mode)
    return (T.sign(out) * relu(T.abs(out))).mul(math.prod(kernel)).pow(1.0 / norm_type)


def lp_pool1d(
    input: Tensor, norm_type: float, kernel_size: Any, stride: Any = None, ceil_mode: bool = False
) -> Tensor:
    """Power-average pooling over 1 dimension."""
    return _lp_pool(1, input, norm_type, kernel_size, stride, ceil_mode)


def lp_pool2d(
    input: Tensor, norm_type: float, kernel_size: Any, stride: Any = None, ceil_mode: bool = False
) -> Tensor:
    """Power-average pooling over 2 dimensions."""
    return _lp_pool(2, input, norm_type, kernel_size, stride, ceil_mode)


def lp_pool3d(
    input: Tensor, norm_type: float, kernel_size: Any, stride: Any = None, ceil_mode: bool = False
) -> Tensor:
    """Power-average pooling over 3 dimensions."""
    return _lp_pool(3, input, norm_type, kernel_size, stride, ceil_mode)


__all__ += ["lp_pool1d", "lp_pool2d", "lp_pool3d"]


# ---------------------------------------------------------------------------------------
# torch.native_* normalizations: the output and the saved statistics
# ---------------------------------------------------------------------------------------
def native_layer_norm(
    input: Tensor, normalized_shape: Sequence[int], weight: Tensor | None, bias: Tensor | None,
    eps: float,
) -> tuple[Tensor, Tensor, Tensor]:  # fmt: skip
    """torch.native_layer_norm: ``(output, mean, rstd)``, statistics with kept dims."""
    dims = tuple(range(input.dim() - len(normalized_shape), input.dim()))
    mean = input.mean(dims, keepdim=True)
    rstd = (input.var(dims, unbiased=False, keepdim=True) + eps).rsqrt()
    output = (input - mean) * rstd
    if weight is not None:
        output = output * weight
    if bias is not None:
        output = output + bias
    return output, mean, rstd


def native_group_norm(
    input: Tensor, weight: Tensor | None, bias: Tensor | None, N: int, C: int, HxW: int,
    group: int, eps: float,
) -> tuple[Tensor, Tensor, Tensor]:  # fmt: skip
    """torch.native_group_norm: ``(output, mean, rstd)``, statistics of shape (N, group)."""
    grouped = input.reshape(N, group, -1)
    mean = grouped.mean(-1)
    rstd = (grouped.var(-1, unbiased=False) + eps).rsqrt()
    output = ((grouped - mean.unsqueeze(-1)) * rstd.unsqueeze(-1)).reshape(input.shape)
    affine_shape = (1, C) + (1,) * (input.dim() - 2)
    if weight is not None:
        output = output * weight.reshape(affine_shape)
    if bias is not None:
        output = output + bias.reshape(affine_shape)
    return output, mean, rstd


def native_batch_norm(
    input: Tensor, weight: Tensor | None, bias: Tensor | None, running_mean: Tensor | None,
    running_var: Tensor | None, training: bool, momentum: float, eps: float,
) -> tuple[Tensor, Tensor, Tensor]:  # fmt: skip
    """torch.native_batch_norm: ``(output, save_mean, save_invstd)``; training updates the
    running statistics in place; in evaluation the saved statistics are empty."""
    T = _torch()
    dims = tuple(d for d in range(input.dim()) if d != 1)
    shape = (1, input.shape[1]) + (1,) * (input.dim() - 2)
    if training:
        mean = input.mean(dims)
        variance = input.var(dims, unbiased=False)
        invstd = (variance + eps).rsqrt()
        if running_mean is not None and running_var is not None:
            count = input.numel() // input.shape[1]
            with T.no_grad():
                running_mean.copy_(running_mean * (1 - momentum) + mean * momentum)
                unbiased = variance * count / max(count - 1, 1)
                running_var.copy_(running_var * (1 - momentum) + unbiased * momentum)
        output = (input - mean.reshape(shape)) * invstd.reshape(shape)
        saved = (mean, invstd)
    else:
        invstd = (running_var + eps).rsqrt()
        output = (input - running_mean.reshape(shape)) * invstd.reshape(shape)
        saved = (T.empty(0, dtype=input.dtype), T.empty(0, dtype=input.dtype))
    if weight is not None:
        output = output * weight.reshape(shape)
    if bias is not None:
        output = output + bias.reshape(shape)
    return output, *saved


def linear_cross_entropy(
    input: Tensor,
    linear_weight: Tensor,
    target: Tensor,
    *,
    linear_bias: Tensor | None = None,
    weight: Tensor | None = None,
    reduction: str = "mean",
    ignore_index: int | None = None,
    label_smoothing: float = 0.0,
    options: Any = None,
) -> Tensor:
    """``cross_entropy(linear(input, linear_weight, linear_bias), target, ...)``; computed
    in one piece here (torch may chunk it to save memory; the values agree)."""
    if input.dim() < 1 or input.dim() > 2:
        raise RuntimeError(f"expected input with dimensionality 1 or 2, got {input.dim()}")
    if linear_weight.dim() < 2:
        raise RuntimeError(
            f"expected linear_weight with dimensionality at least 2, got {linear_weight.dim()}"
        )
    if input.shape[-1] != linear_weight.shape[-1]:
        raise RuntimeError(
            "expected equal input and linear_weight last dimensions (in_features), "
            f"got {input.shape[-1]} and {linear_weight.shape[-1]}, respectively"
        )
    expected_bias = tuple(linear_weight.shape[:-1])
    if linear_bias is not None and tuple(linear_bias.shape) != expected_bias:
        raise RuntimeError(
            f"expected linear_bias shape {expected_bias}, got {tuple(linear_bias.shape)}"
        )
    logits = (
        input @ linear_weight.reshape(linear_weight.shape[0], -1, input.shape[-1]).flatten(0, 1).mT
        if linear_weight.dim() > 2
        else input @ linear_weight.mT
    )
    if linear_weight.dim() > 2:
        logits = logits.reshape(*input.shape[:-1], *linear_weight.shape[:-1])
    if linear_bias is not None:
        logits = logits + linear_bias
    return cross_entropy(
        logits, target, weight, ignore_index=-100 if ignore_index is None else ignore_index,
        reduction=reduction, label_smoothing=label_smoothing,
    )  # fmt: skip


__all__ += ["linear_cross_entropy"]


# ---------------------------------------------------------------------------------------
# *_with_indices aliases, grid_sample, affine_grid, gumbel_softmax
# ---------------------------------------------------------------------------------------
def _with_indices(pool: Callable[..., Any], name: str) -> Callable[..., Any]:
    def with_indices(input: Tensor, *args: Any, **kwargs: Any) -> tuple[Tensor, Tensor]:
        kwargs.pop("return_indices", None)
        return pool(input, *args, return_indices=True, **kwargs)

    with_indices.__name__ = with_indices.__qualname__ = name
    with_indices.__doc__ = f"``{pool.__name__}`` with ``return_indices=True``: (values, indices)."
    return with_indices


max_pool2d_with_indices = _with_indices(max_pool2d, "max_pool2d_with_indices")
max_pool3d_with_indices = _with_indices(max_pool3d, "max_pool3d_with_indices")
adaptive_max_pool1d_with_indices = _with_indices(
    adaptive_max_pool1d, "adaptive_max_pool1d_with_indices"
)
adaptive_max_pool2d_with_indices = _with_indices(
    adaptive_max_pool2d, "adaptive_max_pool2d_with_indices"
)
adaptive_max_pool3d_with_indices = _with_indices(
    adaptive_max_pool3d, "adaptive_max_pool3d_with_indices"
)


def _add(a: Any, b: Any) -> Any:  # ops looked up per call: it is rebound per backend/tracking
    return ops.add(a, b)


def _sub(a: Any, b: Any) -> Any:
    return ops.subtract(a, b)


def _mul(a: Any, b: Any) -> Any:
    return ops.multiply(a, b)


def _div(a: Any, b: Any) -> Any:
    return ops.divide(a, b)


def _unnormalize(coord: Any, size: int, align_corners: bool) -> Any:
    """grid coordinate in [-1, 1] to pixel index space (ops calls, so autodiff records)."""
    if align_corners:
        return _mul(_add(coord, 1), (size - 1) / 2)
    return _div(_sub(_mul(_add(coord, 1), size), 1), 2)


def _reflect(coord: Any, twice_low: int, twice_high: int) -> Any:
    """torch's reflect_coordinates: ``coord`` folded into [twice_low/2, twice_high/2]."""
    if twice_low == twice_high:
        return _mul(coord, 0)
    low = twice_low / 2
    span = (twice_high - twice_low) / 2
    folded = ops.abs(_sub(coord, low))
    extra = ops.fmod(folded, span)
    flips = ops.floor(_div(folded, span))
    even = ops.equal(ops.fmod(flips, 2.0), 0.0)
    return ops.where(even, _add(extra, low), _add(_sub(span, extra), low))


def _pad_coordinate(coord: Any, size: int, padding_mode: str, align_corners: bool) -> Any:
    """torch's compute_coordinates: border clips, reflection folds then clips."""
    if padding_mode == "border":
        return ops.clip(coord, 0, size - 1)
    if padding_mode == "reflection":
        if align_corners:
            coord = _reflect(coord, 0, 2 * (size - 1))
        else:
            coord = _reflect(coord, -1, 2 * size - 1)
        return ops.clip(coord, 0, size - 1)
    return coord


def _cubic_weights(t: Any) -> list[Any]:
    """torch's bicubic convolution coefficients (A = -0.75) for the 4 taps."""
    a = -0.75

    def near(x: Any) -> Any:  # ((a + 2) x - (a + 3)) x^2 + 1
        return _add(_mul(_mul(_sub(_mul(x, a + 2), a + 3), x), x), 1)

    def far(x: Any) -> Any:  # ((a x - 5a) x + 8a) x - 4a
        return _sub(_mul(_add(_mul(_sub(_mul(x, a), 5 * a), x), 8 * a), x), 4 * a)

    return [far(_add(t, 1)), near(t), near(_sub(1, t)), far(_sub(2, t))]


def _grid_sample_native(
    x: Any, grid: Any, mode: str, padding_mode: str, align_corners: bool
) -> Any:
    """grid_sample on native arrays: ``x`` (N, C, *spatial), ``grid`` (N, *out, k)."""
    batch, channels, *spatial = x.shape
    out_shape = tuple(grid.shape[1:-1])
    k = len(spatial)
    flat = ops.reshape(x, (batch, channels, -1))
    rows = ops.reshape(grid, (batch, 1, -1, k))
    # grid's last axis is (x, y[, z]): reversed spatial order
    coords = [
        _unnormalize(ops.get_item(rows, (Ellipsis, k - 1 - axis)), spatial[axis], align_corners)
        for axis in range(k)
    ]

    def tap(positions: list[Any]) -> Any:
        """values at integer float ``positions`` (one per spatial axis), 0 outside."""
        valid = None
        index = None
        for p, size in zip(positions, spatial):
            inside = ops.logical_and(ops.greater_equal(p, 0), ops.less(p, size))
            valid = inside if valid is None else ops.logical_and(valid, inside)
            clipped = ops.astype(ops.clip(p, 0, size - 1), core.int64)
            index = clipped if index is None else _add(_mul(index, size), clipped)
        index = ops.broadcast_to(index, (batch, 1, index.shape[-1]))
        values = ops.take_along_axis(flat, index, axis=2)
        return ops.where(valid, values, ops.zeros_like(values))

    result = None
    if mode == "bicubic":
        if k != 2:
            raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
        iy, ix = coords
        y0, x0 = ops.floor(iy), ops.floor(ix)
        wy, wx = _cubic_weights(_sub(iy, y0)), _cubic_weights(_sub(ix, x0))
        for j in range(4):
            py = _pad_coordinate(_add(y0, j - 1), spatial[0], padding_mode, align_corners)
            for i in range(4):
                px = _pad_coordinate(_add(x0, i - 1), spatial[1], padding_mode, align_corners)
                term = _mul(tap([py, px]), _mul(wx[i], wy[j]))
                result = term if result is None else _add(result, term)
    else:
        coords = [
            _pad_coordinate(c, size, padding_mode, align_corners)
            for c, size in zip(coords, spatial)
        ]
        if mode == "nearest":
            result = tap([ops.round(c) for c in coords])
        else:
            lows = [ops.floor(c) for c in coords]
            fractions = [_sub(c, low) for c, low in zip(coords, lows)]
            for corner in range(2**k):
                bits = [(corner >> (k - 1 - axis)) & 1 for axis in range(k)]
                weight = None
                for bit, fraction in zip(bits, fractions):
                    w = fraction if bit else _sub(1, fraction)
                    weight = w if weight is None else _mul(weight, w)
                term = _mul(tap([_add(low, bit) for low, bit in zip(lows, bits)]), weight)
                result = term if result is None else _add(result, term)
    return ops.reshape(result, (batch, channels, *out_shape))


@torch_function("input", "grid")
def grid_sample(
    input: Tensor,
    grid: Tensor,
    mode: str = "bilinear",
    padding_mode: str = "zeros",
    align_corners: bool | None = None,
) -> Tensor:
    """torch's grid_sample (4-D and 5-D input), composed from core ops: differentiable in
    ``input`` and ``grid``."""
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError(
            f"nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or "
            f"'bicubic', but got: '{mode}'"
        )
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(
            "nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', "
            f"or 'reflection', but got: '{padding_mode}'"
        )
    _float_only("grid_sampler_2d", input)
    ndim = len(input.shape)
    if ndim not in (4, 5) or len(grid.shape) != ndim or grid.shape[-1] != ndim - 2:
        raise RuntimeError(
            f"grid_sampler(): expected 4D or 5D input and grid with same number of dimensions, "
            f"but got input with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}"
        )
    if input.shape[0] != grid.shape[0]:
        raise RuntimeError(
            "grid_sampler(): expected grid and input to have same batch size, but got input "
            f"with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}"
        )
    return _grid_sample_native(input, grid, mode, padding_mode, bool(align_corners))


def _base_axis(size: int, align_corners: bool, dtype: core.Dtype) -> Any:
    if size <= 1:
        return ops.zeros((size,), dtype=dtype)
    axis = ops.linspace(-1.0, 1.0, size, dtype=dtype)
    return axis if align_corners else _mul(axis, (size - 1) / size)


@torch_function("theta")
def affine_grid(theta: Tensor, size: Sequence[int], align_corners: bool | None = None) -> Tensor:
    """torch's affine_grid: ``theta`` (N, 2, 3) or (N, 3, 4) applied to the normalised
    base grid of ``size``; differentiable in ``theta``."""
    _float_only("affine_grid", theta)
    size = tuple(int(s) for s in size)
    k = len(size) - 2
    if k not in (2, 3):
        raise NotImplementedError(
            f"affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
            f"respectively. Got size {list(size)}."
        )
    if tuple(theta.shape) != (size[0], k, k + 1):
        raise ValueError(
            f"Expected a batch of {k}D affine matrices of shape Nx{k}x{k + 1} for size "
            f"{list(size)}. Got {list(theta.shape)}."
        )
    dtype = _dtype_of(theta)
    spatial = size[2:]
    # base grid columns: (x, y[, z], 1) with x along the last spatial axis
    axes = [_base_axis(s, bool(align_corners), dtype) for s in reversed(spatial)]
    columns = []
    for i, axis in enumerate(axes):
        shape = [1] * k
        shape[k - 1 - i] = spatial[k - 1 - i]
        columns.append(ops.broadcast_to(ops.reshape(axis, tuple(shape)), spatial))
    columns.append(ops.ones(spatial, dtype=dtype))
    base = ops.reshape(ops.stack(columns, axis=-1), (1, -1, k + 1))
    grid = ops.matmul(base, ops.swapaxes(theta, -1, -2))
    return ops.reshape(grid, (size[0], *spatial, k))


def gumbel_softmax(
    logits: Tensor, tau: float = 1, hard: bool = False, eps: float = 1e-10, dim: int = -1
) -> Tensor:
    """torch's gumbel_softmax, drawn as torch draws it (``exponential_`` on torch's mt19937
    stream): the exponential samples are real torch's bit for bit for the same seed; the
    ``log`` and ``softmax`` after them run on the backend: exact on the torch backend,
    within an ulp or two of torch's elsewhere (``hard=True`` gives torch's one-hot)."""
    torch = _torch()
    gumbels = -torch.empty_like(logits).exponential_().log()
    y_soft = ((logits + gumbels) / tau).softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = torch.zeros_like(logits).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft


__all__ += [
    "adaptive_max_pool1d_with_indices", "adaptive_max_pool2d_with_indices",
    "adaptive_max_pool3d_with_indices", "affine_grid", "grid_sample", "gumbel_softmax",
    "max_pool2d_with_indices", "max_pool3d_with_indices",
]  # fmt: skip

from frontends.torch.nn._ctc_loss import ctc_loss  # noqa: E402

__all__ += ["ctc_loss"]

from frontends.torch.nn._fractional_max_pool import *  # noqa: E402, F403
from frontends.torch.nn._fractional_max_pool import __all__ as _fractional_all  # noqa: E402

__all__ += _fractional_all

from frontends.torch.nn._multi_head_attention import multi_head_attention_forward  # noqa: E402

__all__ += ["multi_head_attention_forward"]

# torch.nn.functional.grad is the torch.nn.grad module
from frontends.torch.nn import grad  # noqa: E402, F401
