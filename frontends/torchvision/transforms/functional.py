"""torchvision.transforms.functional: ``InterpolationMode`` alone."""

from __future__ import annotations

from enum import Enum

from frontends.torchvision._standin import module_getattr

__all__ = ["InterpolationMode"]


class InterpolationMode(Enum):
    """The interpolation modes of torchvision's transforms (the values are torchvision's)."""

    NEAREST = "nearest"
    NEAREST_EXACT = "nearest-exact"
    BILINEAR = "bilinear"
    BICUBIC = "bicubic"
    BOX = "box"
    HAMMING = "hamming"
    LANCZOS = "lanczos"


__getattr__ = module_getattr(__name__, __all__)
