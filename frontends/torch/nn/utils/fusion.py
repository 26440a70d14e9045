"""torch.nn.utils.fusion: fold an eval-mode BatchNorm into the convolution or linear layer
before it (timm's inference-time reparameterization uses it), as torch computes it."""

from __future__ import annotations

import copy
from typing import Any, TypeVar

from frontends.torch._tensor import Tensor
from frontends.torch.nn.parameter import Parameter

__all__ = ["fuse_conv_bn_eval", "fuse_conv_bn_weights", "fuse_linear_bn_eval", "fuse_linear_bn_weights"]  # fmt: skip

ConvT = TypeVar("ConvT")
LinearT = TypeVar("LinearT")


def _running_stats(bn: Any) -> None:
    if bn.running_mean is None or bn.running_var is None:
        raise AssertionError("bn.running_mean and bn.running_var must not be None")


def fuse_conv_bn_eval(conv: ConvT, bn: Any, transpose: bool = False) -> ConvT:
    """A copy of ``conv`` whose weight and bias include ``bn`` (both in eval mode)."""
    if conv.training or bn.training:  # type: ignore[attr-defined]
        raise AssertionError("Fusion only for eval!")
    fused_conv = copy.deepcopy(conv)
    _running_stats(bn)
    fused_conv.weight, fused_conv.bias = fuse_conv_bn_weights(  # type: ignore[attr-defined]
        fused_conv.weight,  # type: ignore[attr-defined]
        fused_conv.bias,  # type: ignore[attr-defined]
        bn.running_mean,
        bn.running_var,
        bn.eps,
        bn.weight,
        bn.bias,
        transpose,
    )
    return fused_conv


def fuse_conv_bn_weights(
    conv_w: Tensor,
    conv_b: Tensor | None,
    bn_rm: Tensor,
    bn_rv: Tensor,
    bn_eps: float,
    bn_w: Tensor | None,
    bn_b: Tensor | None,
    transpose: bool = False,
) -> tuple[Parameter, Parameter]:
    """The convolution's weight scaled per output channel by ``bn_w / sqrt(bn_rv + eps)``,
    and its bias shifted to match, as new parameters (in the convolution's dtypes)."""
    weight_dtype = conv_w.dtype
    bias_dtype = conv_b.dtype if conv_b is not None else weight_dtype
    if conv_b is None:
        conv_b = bn_rm.new_zeros(bn_rm.shape)
    if bn_w is None:
        bn_w = bn_rm.new_ones(bn_rm.shape)
    if bn_b is None:
        bn_b = bn_rm.new_zeros(bn_rm.shape)
    bn_var_rsqrt = (bn_rv + bn_eps).rsqrt()
    shape = ([1, -1] if transpose else [-1, 1]) + [1] * (len(conv_w.shape) - 2)
    fused_w = (conv_w * (bn_w * bn_var_rsqrt).reshape(shape)).to(dtype=weight_dtype)
    fused_b = ((conv_b - bn_rm) * bn_var_rsqrt * bn_w + bn_b).to(dtype=bias_dtype)
    return Parameter(fused_w, conv_w.requires_grad), Parameter(fused_b, conv_b.requires_grad)


def fuse_linear_bn_eval(linear: LinearT, bn: Any) -> LinearT:
    """A copy of ``linear`` whose weight and bias include ``bn`` (both in eval mode; ``bn``
    has ``linear.out_features`` features or one)."""
    if linear.training or bn.training:  # type: ignore[attr-defined]
        raise AssertionError("Fusion only for eval!")
    fused_linear = copy.deepcopy(linear)
    out_features = linear.out_features  # type: ignore[attr-defined]
    if out_features != bn.num_features and bn.num_features != 1:
        raise AssertionError(
            f"To fuse, linear.out_features == bn.num_features or bn.num_features == 1, "
            f"got linear.out_features={out_features} and bn.num_features={bn.num_features}"
        )
    _running_stats(bn)
    fused_linear.weight, fused_linear.bias = fuse_linear_bn_weights(  # type: ignore[attr-defined]
        fused_linear.weight,  # type: ignore[attr-defined]
        fused_linear.bias,  # type: ignore[attr-defined]
        bn.running_mean,
        bn.running_var,
        bn.eps,
        bn.weight,
        bn.bias,
    )
    return fused_linear


def fuse_linear_bn_weights(
    linear_w: Tensor,
    linear_b: Tensor | None,
    bn_rm: Tensor,
    bn_rv: Tensor,
    bn_eps: float,
    bn_w: Tensor,
    bn_b: Tensor,
) -> tuple[Parameter, Parameter]:
    """The linear weight's rows scaled by ``bn_w / sqrt(bn_rv + eps)`` and its bias shifted
    to match, as new parameters (in the linear layer's dtypes)."""
    weight_dtype = linear_w.dtype
    bias_dtype = linear_b.dtype if linear_b is not None else weight_dtype
    if linear_b is None:
        linear_b = bn_rm.new_zeros(bn_rm.shape)
    bn_scale = bn_w * (bn_rv + bn_eps).rsqrt()
    fused_w = linear_w * bn_scale.unsqueeze(-1).to(dtype=weight_dtype)
    fused_b = ((linear_b - bn_rm) * bn_scale + bn_b).to(dtype=bias_dtype)
    return Parameter(fused_w, linear_w.requires_grad), Parameter(fused_b, linear_b.requires_grad)
