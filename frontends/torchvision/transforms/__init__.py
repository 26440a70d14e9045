"""torchvision.transforms: ``InterpolationMode``, and ``ToTensor`` refused when constructed
(timm subclasses it at import; see :mod:`frontends.torchvision`)."""

from frontends.torchvision._standin import module_getattr, refused_class
from frontends.torchvision.transforms import functional
from frontends.torchvision.transforms.functional import InterpolationMode

__all__ = ["InterpolationMode", "ToTensor"]

ToTensor = refused_class(__name__, "ToTensor")

__getattr__ = module_getattr(__name__, [*__all__, "functional"])
