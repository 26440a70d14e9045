"""torch.nn.grad (also ``torch.nn.functional.grad``): gradients of ``conv{1,2,3}d`` with
respect to their input and their weight, given the output's gradient.

Computed as the vjp of the frontend's own convolution through :mod:`core.autodiff` (the
convolution's one vjp rule), where torch calls ``convolution_backward``; the result is
recorded when ``weight``/``grad_output``/``input`` require grad.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core import autodiff as _ad
from core import native as ops
from frontends.base.array import to_native
from frontends.torch._tensor import Tensor

__all__ = [
    "conv1d_input",
    "conv1d_weight",
    "conv2d_input",
    "conv2d_weight",
    "conv3d_input",
    "conv3d_weight",
]


def _conv_vjp(
    n: int, wrt_input: bool, input: Any, weight: Any, grad_output: Any, options: dict[str, Any]
) -> Tensor:
    from frontends.torch.nn import functional as F

    conv = getattr(F, f"conv{n}d")
    g = to_native(grad_output)
    primal, other = (input, weight) if wrt_input else (weight, input)

    def forward(value: Any) -> Any:
        pair = (
            (Tensor._from_native(value), other)
            if wrt_input
            else (other, Tensor._from_native(value))
        )
        return conv(*pair, **options).native

    _, vjp_fn = _ad.vjp(forward, primal)
    return Tensor._from_native(vjp_fn(g)[0])


def _input_grad(n: int) -> Callable[..., Tensor]:
    def conv_input(
        input_size: Sequence[int],
        weight: Tensor,
        grad_output: Tensor,
        stride: Any = 1,
        padding: Any = 0,
        dilation: Any = 1,
        groups: int = 1,
    ) -> Tensor:
        g = to_native(grad_output)
        zeros = ops.zeros(tuple(int(s) for s in input_size), dtype=_core_dtype(g))
        options = {"stride": stride, "padding": padding, "dilation": dilation, "groups": groups}
        return _conv_vjp(n, True, zeros, weight, grad_output, options)

    conv_input.__name__ = conv_input.__qualname__ = f"conv{n}d_input"
    conv_input.__doc__ = (
        f"The gradient of conv{n}d with respect to its input (of shape input_size)."
    )
    return conv_input


def _weight_grad(n: int) -> Callable[..., Tensor]:
    def conv_weight(
        input: Tensor,
        weight_size: Sequence[int],
        grad_output: Tensor,
        stride: Any = 1,
        padding: Any = 0,
        dilation: Any = 1,
        groups: int = 1,
    ) -> Tensor:
        g = to_native(grad_output)
        zeros = ops.zeros(tuple(int(s) for s in weight_size), dtype=_core_dtype(g))
        options = {"stride": stride, "padding": padding, "dilation": dilation, "groups": groups}
        return _conv_vjp(n, False, input, zeros, grad_output, options)

    conv_weight.__name__ = conv_weight.__qualname__ = f"conv{n}d_weight"
    conv_weight.__doc__ = (
        f"The gradient of conv{n}d with respect to its weight (of shape weight_size)."
    )
    return conv_weight


def _core_dtype(value: Any) -> Any:
    from core.backend import as_core_dtype

    return as_core_dtype(value.dtype)


conv1d_input, conv2d_input, conv3d_input = _input_grad(1), _input_grad(2), _input_grad(3)
conv1d_weight, conv2d_weight, conv3d_weight = _weight_grad(1), _weight_grad(2), _weight_grad(3)
