"""torch.nn.PixelShuffle and torch.nn.PixelUnshuffle."""

from __future__ import annotations

from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F
from frontends.torch.nn.modules.module import Module

__all__ = ["PixelShuffle", "PixelUnshuffle"]


class PixelShuffle(Module):
    """(*, C r**2, H, W) to (*, C, H r, W r), r the ``upscale_factor``."""

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input: Tensor) -> Tensor:
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self) -> str:
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    """(*, C, H r, W r) to (*, C r**2, H, W), r the ``downscale_factor``."""

    def __init__(self, downscale_factor: int) -> None:
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input: Tensor) -> Tensor:
        return F.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self) -> str:
        return f"downscale_factor={self.downscale_factor}"


class ChannelShuffle(Module):
    """Regroups channels: ``(N, g, C/g, *) -> (N, C/g, g, *)``."""

    def __init__(self, groups: int) -> None:
        super().__init__()
        self.groups = groups

    def extra_repr(self) -> str:
        return f"groups={self.groups}"

    def forward(self, input: Tensor) -> Tensor:
        return F.channel_shuffle(input, self.groups)


__all__ += ["ChannelShuffle"]
