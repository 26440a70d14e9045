"""torch.nn.init: in-place initialisers with torch's fan and gain rules.

Values are drawn as torch draws them, through ``Tensor.uniform_``/``normal_`` from torch's
generator (``generator``, a ``torch.Generator`` of this frontend, or the default one), so a
model built after ``torch.manual_seed(s)`` has real torch's weights, bit for bit, on every
backend (``orthogonal_`` and ``trunc_normal_`` up to the rounding of their QR and erfinv).
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from core import autodiff as _ad
from core import native as ops
from frontends.torch._tensor import Tensor

__all__ = [
    "calculate_gain",
    "constant_",
    "dirac_",
    "eye_",
    "kaiming_normal_",
    "kaiming_uniform_",
    "normal_",
    "ones_",
    "orthogonal_",
    "sparse_",
    "trunc_normal_",
    "uniform_",
    "xavier_normal_",
    "xavier_uniform_",
    "zeros_",
]


def _write(tensor: Tensor, value: Any) -> Tensor:
    with _ad.no_grad():  # torch's init functions run under no_grad
        tensor._assign(ops.astype(value, tensor.dtype.core_dtype))
    return tensor


def _shape(tensor: Tensor) -> tuple[int, ...]:
    return tuple(tensor.shape)


def calculate_gain(nonlinearity: str, param: float | None = None) -> float:
    """The recommended gain for a nonlinearity (torch's table)."""
    linear_fns = [
        "linear",
        "conv1d",
        "conv2d",
        "conv3d",
        "conv_transpose1d",
        "conv_transpose2d",
        "conv_transpose3d",
    ]
    if nonlinearity in linear_fns or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, (int, float)):
            negative_slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + negative_slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _calculate_fan_in_and_fan_out(tensor: Tensor) -> tuple[int, int]:
    dimensions = tensor.dim()
    if dimensions < 2:
        raise ValueError(
            "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions"
        )
    num_input_fmaps = tensor.size(1)
    num_output_fmaps = tensor.size(0)
    receptive_field_size = 1
    for s in tensor.shape[2:]:
        receptive_field_size *= s
    return num_input_fmaps * receptive_field_size, num_output_fmaps * receptive_field_size


def _calculate_correct_fan(tensor: Tensor, mode: str) -> int:
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"Mode {mode} not supported, please use one of fan_in, fan_out")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def uniform_(tensor: Tensor, a: float = 0.0, b: float = 1.0, generator: Any = None) -> Tensor:
    """Fill with samples of U(a, b)."""
    return tensor.uniform_(a, b, generator=generator)


def normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, generator: Any = None) -> Tensor:
    """Fill with samples of N(mean, std**2)."""
    return tensor.normal_(mean, std, generator=generator)


def trunc_normal_(
    tensor: Tensor,
    mean: float = 0.0,
    std: float = 1.0,
    a: float = -2.0,
    b: float = 2.0,
    generator: Any = None,
) -> Tensor:
    """Fill with N(mean, std**2) truncated to [a, b], by torch's rejection sampling: normal
    draws redrawn where they fall outside [a, b] when the interval holds more than 0.3 of
    the mass, else uniform proposals on [a, b] accepted against the normal's density."""
    from frontends.torch import empty_like, where

    def norm_cdf(x: float) -> float:
        return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0

    if (mean < a - 2 * std) or (mean > b + 2 * std):
        warnings.warn(
            "mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
            "The distribution of values may be incorrect.",
            stacklevel=2,
        )
    if norm_cdf((b - mean) / std) - norm_cdf((a - mean) / std) > 0.3:
        lo, hi = tensor.new_tensor(a).item(), tensor.new_tensor(b).item()
        result = tensor.normal_(mean, std, generator=generator)
        while (mask := (result < lo) | (result > hi)).any():
            result = where(mask, empty_like(result).normal_(mean, std, generator=generator), result)
        return result if result is tensor else tensor.copy_(result)
    log_peak = -0.5 * ((max(a, min(mean, b)) - mean) / std) ** 2

    def rejected(candidates: Tensor) -> Tensor:
        log_pdf = candidates.sub(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)
        return empty_like(tensor).uniform_(generator=generator).log_().gt(log_pdf)

    pending = rejected(tensor.uniform_(a, b, generator=generator))
    result = tensor
    while pending.any():
        candidates = empty_like(tensor).uniform_(a, b, generator=generator)
        result = where(pending, candidates, result)
        pending = where(pending, rejected(candidates), pending)
    return result if result is tensor else tensor.copy_(result)


def constant_(tensor: Tensor, val: float) -> Tensor:
    """Fill with ``val``."""
    return tensor.fill_(val)


def ones_(tensor: Tensor) -> Tensor:
    """Fill with ones."""
    return tensor.fill_(1.0)


def zeros_(tensor: Tensor) -> Tensor:
    """Fill with zeros."""
    return tensor.zero_()


def eye_(tensor: Tensor) -> Tensor:
    """Fill a 2-D tensor with the identity."""
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    return _write(tensor, ops.eye(*_shape(tensor), dtype="float64"))


def dirac_(tensor: Tensor, groups: int = 1) -> Tensor:
    """Fill a 3-, 4- or 5-D tensor with the Dirac delta (identity convolution)."""
    import numpy

    dimensions = tensor.dim()
    if dimensions not in (3, 4, 5):
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = _shape(tensor)
    if sizes[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    out_chans_per_grp = sizes[0] // groups
    min_dim = min(out_chans_per_grp, sizes[1])
    value = numpy.zeros(sizes)
    for g in range(groups):
        for d in range(min_dim):
            index = (g * out_chans_per_grp + d, d) + tuple(s // 2 for s in sizes[2:])
            value[index] = 1
    return _write(tensor, ops.asarray(value))


def xavier_uniform_(tensor: Tensor, gain: float = 1.0, generator: Any = None) -> Tensor:
    """U(-a, a) with a = gain * sqrt(6 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor: Tensor, gain: float = 1.0, generator: Any = None) -> Tensor:
    """N(0, std**2) with std = gain * sqrt(2 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


def kaiming_uniform_(
    tensor: Tensor,
    a: float = 0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator: Any = None,
) -> Tensor:
    """U(-bound, bound) with bound = gain * sqrt(3 / fan)."""
    if 0 in tensor.shape:
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(
    tensor: Tensor,
    a: float = 0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator: Any = None,
) -> Tensor:
    """N(0, std**2) with std = gain / sqrt(fan)."""
    if 0 in tensor.shape:
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    return normal_(tensor, 0.0, std, generator)


def orthogonal_(tensor: Tensor, gain: float = 1, generator: Any = None) -> Tensor:
    """A (semi-)orthogonal matrix from the QR decomposition of a normal sample."""
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flattened = tensor.new_empty((rows, cols)).normal_(0, 1, generator=generator)._value
    if rows < cols:
        flattened = ops.matrix_transpose(flattened)
    q, r = ops.linalg.qr(flattened)
    d = ops.sign(ops.linalg.diagonal(r))
    q = ops.multiply(q, ops.expand_dims(d, axis=0))
    if rows < cols:
        q = ops.matrix_transpose(q)
    return _write(tensor, ops.multiply(ops.reshape(q, _shape(tensor)), gain))


def sparse_(tensor: Tensor, sparsity: float, std: float = 0.01, generator: Any = None) -> Tensor:
    """A normal sample with ``ceil(sparsity * rows)`` zeros in each column, drawn as torch
    draws them (``normal_`` with ``generator``, then one ``randperm`` per column from the
    default generator)."""
    from frontends.torch.random_sampling import randperm

    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = _shape(tensor)
    num_zeros = math.ceil(sparsity * rows)
    tensor.normal_(0, std, generator=generator)
    for col_idx in range(cols):
        tensor[randperm(rows)[:num_zeros], col_idx] = 0
    return tensor


def _under_no_grad(function: Any) -> Any:
    import functools

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if args and isinstance(args[0], Tensor) and args[0].is_meta:
            return args[0]  # a meta tensor has no values to fill (and draws nothing)
        with _ad.no_grad():
            return function(*args, **kwargs)

    return wrapper


# torch's initialisers write into parameters under no_grad
for _name in __all__:
    if _name.endswith("_"):
        globals()[_name] = _under_no_grad(globals()[_name])
del _name
