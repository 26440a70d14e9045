"""torchvision.ops: only ``misc.FrozenBatchNorm2d`` (see :mod:`frontends.torchvision`)."""

from frontends.torchvision._standin import module_getattr
from frontends.torchvision.ops import misc
from frontends.torchvision.ops.misc import FrozenBatchNorm2d

__all__ = ["FrozenBatchNorm2d"]
__getattr__ = module_getattr(__name__, ["FrozenBatchNorm2d", "misc"])
