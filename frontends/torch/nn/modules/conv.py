"""torch.nn convolutions: Conv1d/2d/3d and ConvTranspose1d/2d/3d (padding modes as torch)."""

from __future__ import annotations

import math
from typing import Any

from frontends import torch
from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F
from frontends.torch.nn import init
from frontends.torch.nn.modules.module import Module
from frontends.torch.nn.parameter import Parameter

__all__ = ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d"]


def _ntuple(n: int, value: Any) -> tuple:
    if isinstance(value, (tuple, list)):
        return tuple(value)
    return (value,) * n


def _reverse_repeat_tuple(t: tuple, n: int) -> tuple:
    return tuple(x for x in reversed(t) for _ in range(n))


class _ConvNd(Module):
    _n = 0

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any,
        padding: Any,
        dilation: Any,
        transposed: bool,
        output_padding: Any,
        groups: int,
        bias: bool,
        padding_mode: str,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        n = self._n
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        valid_padding_strings = {"same", "valid"}
        if isinstance(padding, str):
            if padding not in valid_padding_strings:
                raise ValueError(
                    f"Invalid padding string {padding!r}, should be one of {valid_padding_strings}"
                )
            if padding == "same" and any(s != 1 for s in _ntuple(n, stride)):
                raise ValueError("padding='same' is not supported for strided convolutions")
        valid_padding_modes = {"zeros", "reflect", "replicate", "circular"}
        if padding_mode not in valid_padding_modes:
            raise ValueError(
                f"padding_mode must be one of {valid_padding_modes}, but got padding_mode='{padding_mode}'"
            )
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = _ntuple(n, kernel_size)
        self.stride = _ntuple(n, stride)
        self.padding = padding if isinstance(padding, str) else _ntuple(n, padding)
        self.dilation = _ntuple(n, dilation)
        self.transposed = transposed
        self.output_padding = _ntuple(n, output_padding)
        self.groups = groups
        self.padding_mode = padding_mode
        if isinstance(self.padding, str):
            self._reversed_padding_repeated_twice = [0, 0] * n
            if padding == "same":
                for d, k, i in zip(self.dilation, self.kernel_size, range(n - 1, -1, -1)):
                    total_padding = d * (k - 1)
                    left_pad = total_padding // 2
                    self._reversed_padding_repeated_twice[2 * i] = left_pad
                    self._reversed_padding_repeated_twice[2 * i + 1] = total_padding - left_pad
        else:
            self._reversed_padding_repeated_twice = list(_reverse_repeat_tuple(self.padding, 2))
        if transposed:
            shape = (in_channels, out_channels // groups, *self.kernel_size)
        else:
            shape = (out_channels, in_channels // groups, *self.kernel_size)
        self.weight = Parameter(torch.empty(shape, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_channels, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """torch's default: kaiming_uniform_(a=sqrt(5)), bias U(-1/sqrt(fan_in), ...)."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def extra_repr(self) -> str:
        n = self._n
        s = "{in_channels}, {out_channels}, kernel_size={kernel_size}, stride={stride}"
        if self.padding != (0,) * n:
            s += ", padding={padding}"
        if self.dilation != (1,) * n:
            s += ", dilation={dilation}"
        if self.output_padding != (0,) * n:
            s += ", output_padding={output_padding}"
        if self.groups != 1:
            s += ", groups={groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += ", padding_mode={padding_mode}"
        return s.format(**self.__dict__)

    def _conv_forward(self, input: Tensor, weight: Tensor, bias: Tensor | None) -> Tensor:
        conv = (F.conv1d, F.conv2d, F.conv3d)[self._n - 1]
        if self.padding_mode != "zeros":
            return conv(
                F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode),
                weight,
                bias,
                self.stride,
                0,
                self.dilation,
                self.groups,
            )
        return conv(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

    def forward(self, input: Tensor) -> Tensor:
        return self._conv_forward(input, self.weight, self.bias)


def _conv_class(n: int) -> type:
    class Conv(_ConvNd):
        _n = n

        def __init__(
            self,
            in_channels: int,
            out_channels: int,
            kernel_size: Any,
            stride: Any = 1,
            padding: Any = 0,
            dilation: Any = 1,
            groups: int = 1,
            bias: bool = True,
            padding_mode: str = "zeros",
            device: Any = None,
            dtype: Any = None,
        ) -> None:
            super().__init__(
                in_channels, out_channels, kernel_size, stride, padding, dilation, False, 0,
                groups, bias, padding_mode, dtype,
            )  # fmt: skip

    Conv.__name__ = Conv.__qualname__ = f"Conv{n}d"
    Conv.__doc__ = f"torch.nn.Conv{n}d: weight (out_channels, in_channels / groups, *kernel_size)."
    return Conv


Conv1d = _conv_class(1)
Conv2d = _conv_class(2)
Conv3d = _conv_class(3)


class _ConvTransposeNd(_ConvNd):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.padding_mode != "zeros":
            raise ValueError(
                f'Only "zeros" padding mode is supported for {self.__class__.__name__}'
            )

    def _output_padding(self, input: Tensor, output_size: Any) -> tuple:
        if output_size is None:
            return self.output_padding
        n = self._n
        output_size = list(output_size)[-n:]
        ret = []
        for d in range(n):
            dim_size = input.size(d + input.dim() - n)
            min_size = (
                (dim_size - 1) * self.stride[d]
                - 2 * self.padding[d]
                + self.dilation[d] * (self.kernel_size[d] - 1)
                + 1
            )
            ret.append(output_size[d] - min_size)
        return tuple(ret)

    def forward(self, input: Tensor, output_size: Any = None) -> Tensor:
        output_padding = self._output_padding(input, output_size)
        conv = (F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d)[self._n - 1]
        return conv(
            input, self.weight, self.bias, self.stride, self.padding, output_padding,
            self.groups, self.dilation,
        )  # fmt: skip


def _conv_transpose_class(n: int) -> type:
    class ConvTranspose(_ConvTransposeNd):
        _n = n

        def __init__(
            self,
            in_channels: int,
            out_channels: int,
            kernel_size: Any,
            stride: Any = 1,
            padding: Any = 0,
            output_padding: Any = 0,
            groups: int = 1,
            bias: bool = True,
            dilation: Any = 1,
            padding_mode: str = "zeros",
            device: Any = None,
            dtype: Any = None,
        ) -> None:
            super().__init__(
                in_channels, out_channels, kernel_size, stride, padding, dilation, True,
                output_padding, groups, bias, padding_mode, dtype,
            )  # fmt: skip

    ConvTranspose.__name__ = ConvTranspose.__qualname__ = f"ConvTranspose{n}d"
    ConvTranspose.__doc__ = (
        f"torch.nn.ConvTranspose{n}d: weight (in_channels, out_channels / groups, *kernel_size)."
    )
    return ConvTranspose


ConvTranspose1d = _conv_transpose_class(1)
ConvTranspose2d = _conv_transpose_class(2)
ConvTranspose3d = _conv_transpose_class(3)
