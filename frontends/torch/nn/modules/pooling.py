"""torch.nn pooling layers: MaxPool*, AvgPool*, AdaptiveAvgPool*, AdaptiveMaxPool*, LPPool*,
FractionalMaxPool2d/3d."""

from __future__ import annotations

from typing import Any

from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F
from frontends.torch.nn.modules.module import Module

__all__ = [
    "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d",
    "AvgPool1d", "AvgPool2d", "AvgPool3d",
    "MaxPool1d", "MaxPool2d", "MaxPool3d",
]  # fmt: skip


class _MaxPoolNd(Module):
    _n = 0

    def __init__(
        self,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        dilation: Any = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if (stride is not None) else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )

    def forward(self, input: Tensor) -> Any:
        pool = (F.max_pool1d, F.max_pool2d, F.max_pool3d)[self._n - 1]
        return pool(
            input, self.kernel_size, self.stride, self.padding, self.dilation,
            ceil_mode=self.ceil_mode, return_indices=self.return_indices,
        )  # fmt: skip


class MaxPool1d(_MaxPoolNd):
    """torch.nn.MaxPool1d."""

    _n = 1


class MaxPool2d(_MaxPoolNd):
    """torch.nn.MaxPool2d."""

    _n = 2


class MaxPool3d(_MaxPoolNd):
    """torch.nn.MaxPool3d."""

    _n = 3


class AvgPool1d(Module):
    """torch.nn.AvgPool1d."""

    def __init__(
        self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
        count_include_pad: bool = True,
    ) -> None:  # fmt: skip
        super().__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"

    def forward(self, input: Tensor) -> Tensor:
        return F.avg_pool1d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
        )


def _single(x: Any) -> tuple:
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


class _AvgPoolNd(Module):
    _n = 2

    def __init__(
        self,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if (stride is not None) else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"

    def forward(self, input: Tensor) -> Tensor:
        pool = F.avg_pool2d if self._n == 2 else F.avg_pool3d
        return pool(
            input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
            self.count_include_pad, self.divisor_override,
        )  # fmt: skip


class AvgPool2d(_AvgPoolNd):
    """torch.nn.AvgPool2d."""

    _n = 2


class AvgPool3d(_AvgPoolNd):
    """torch.nn.AvgPool3d."""

    _n = 3


class _AdaptivePoolNd(Module):
    _n = 1
    _max = False

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        if self._max:
            self.return_indices = return_indices

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"

    def forward(self, input: Tensor) -> Any:
        if self._max:
            pool = (F.adaptive_max_pool1d, F.adaptive_max_pool2d, F.adaptive_max_pool3d)[
                self._n - 1
            ]
            return pool(input, self.output_size, self.return_indices)
        pool = (F.adaptive_avg_pool1d, F.adaptive_avg_pool2d, F.adaptive_avg_pool3d)[self._n - 1]
        return pool(input, self.output_size)


def _adaptive(name: str, n: int, is_max: bool) -> type:
    if is_max:

        def __init__(self: Any, output_size: Any, return_indices: bool = False) -> None:
            _AdaptivePoolNd.__init__(self, output_size, return_indices)

    else:

        def __init__(self: Any, output_size: Any) -> None:
            _AdaptivePoolNd.__init__(self, output_size)

    cls = type(
        name,
        (_AdaptivePoolNd,),
        {"_n": n, "_max": is_max, "__init__": __init__, "__doc__": f"torch.nn.{name}."},
    )
    cls.__module__ = __name__
    return cls


AdaptiveAvgPool1d = _adaptive("AdaptiveAvgPool1d", 1, False)
AdaptiveAvgPool2d = _adaptive("AdaptiveAvgPool2d", 2, False)
AdaptiveAvgPool3d = _adaptive("AdaptiveAvgPool3d", 3, False)
AdaptiveMaxPool1d = _adaptive("AdaptiveMaxPool1d", 1, True)
AdaptiveMaxPool2d = _adaptive("AdaptiveMaxPool2d", 2, True)
AdaptiveMaxPool3d = _adaptive("AdaptiveMaxPool3d", 3, True)


class _MaxUnpoolNd(Module):
    _n = 0

    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"

    def forward(self, input: Tensor, indices: Tensor, output_size: Any = None) -> Tensor:
        unpool = (F.max_unpool1d, F.max_unpool2d, F.max_unpool3d)[self._n - 1]
        return unpool(input, indices, self.kernel_size, self.stride, self.padding, output_size)


class MaxUnpool1d(_MaxUnpoolNd):
    """The inverse of MaxPool1d (``return_indices=True``)."""

    _n = 1


class MaxUnpool2d(_MaxUnpoolNd):
    """The inverse of MaxPool2d (``return_indices=True``)."""

    _n = 2


class MaxUnpool3d(_MaxUnpoolNd):
    """The inverse of MaxPool3d (``return_indices=True``)."""

    _n = 3


class _LPPoolNd(Module):
    _n = 0

    def __init__(
        self, norm_type: float, kernel_size: Any, stride: Any = None, ceil_mode: bool = False
    ) -> None:
        super().__init__()
        self.norm_type, self.kernel_size = norm_type, kernel_size
        self.stride, self.ceil_mode = stride, ceil_mode

    def extra_repr(self) -> str:
        return (
            f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, stride={self.stride}, "
            f"ceil_mode={self.ceil_mode}"
        )

    def forward(self, input: Tensor) -> Tensor:
        pool = (F.lp_pool1d, F.lp_pool2d, F.lp_pool3d)[self._n - 1]
        return pool(input, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class LPPool1d(_LPPoolNd):
    """Power-average pooling over 1 dimension."""

    _n = 1


class LPPool2d(_LPPoolNd):
    """Power-average pooling over 2 dimensions."""

    _n = 2


class LPPool3d(_LPPoolNd):
    """Power-average pooling over 3 dimensions."""

    _n = 3


__all__ += [
    "LPPool1d", "LPPool2d", "LPPool3d", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d",
]  # fmt: skip


def _fractional_pair(value: Any, n: int) -> tuple[Any, ...] | None:
    if value is None:
        return None
    values = tuple(value) if isinstance(value, list | tuple) else (value,)
    return values * n if len(values) == 1 else values


class _FractionalMaxPoolNd(Module):
    _n = 0

    def __init__(
        self,
        kernel_size: Any,
        output_size: Any = None,
        output_ratio: Any = None,
        return_indices: bool = False,
        _random_samples: Tensor | None = None,
    ) -> None:
        super().__init__()
        n = self._n
        self.kernel_size = _fractional_pair(kernel_size, n)
        self.return_indices = return_indices
        self.register_buffer("_random_samples", _random_samples)
        self.output_size = _fractional_pair(output_size, n)
        self.output_ratio = _fractional_pair(output_ratio, n)
        if output_size is None and output_ratio is None:
            raise ValueError(
                f"FractionalMaxPool{n}d requires specifying either an output size, or a "
                "pooling ratio"
            )
        if output_size is not None and output_ratio is not None:
            raise ValueError("only one of output_size and output_ratio may be specified")
        if self.output_ratio is not None and not all(0 < r < 1 for r in self.output_ratio):
            raise ValueError(f"output_ratio must be between 0 and 1 (got {output_ratio})")

    def forward(self, input: Tensor) -> Any:
        pool = F.fractional_max_pool2d if self._n == 2 else F.fractional_max_pool3d
        return pool(
            input, self.kernel_size, self.output_size, self.output_ratio, self.return_indices,
            _random_samples=self._random_samples,
        )  # fmt: skip


class FractionalMaxPool2d(_FractionalMaxPoolNd):
    """torch.nn.FractionalMaxPool2d: random windows per (batch, channel) plane, drawn from
    torch's generator as real torch draws them (see ``F.fractional_max_pool2d``)."""

    _n = 2


class FractionalMaxPool3d(_FractionalMaxPoolNd):
    """torch.nn.FractionalMaxPool3d (see ``F.fractional_max_pool3d``)."""

    _n = 3


__all__ += ["FractionalMaxPool2d", "FractionalMaxPool3d"]
