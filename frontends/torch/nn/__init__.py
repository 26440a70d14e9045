"""torch.nn: ``functional`` (torch.nn.functional), ``init``, ``Parameter`` and the layer
modules (``Module``, ``Linear``, ``Conv2d``, ``LSTM``, ``TransformerEncoderLayer`` ...)."""

from frontends.torch.nn import functional, init, modules, utils
from frontends.torch.nn.modules import *  # noqa: F403
from frontends.torch.nn.parameter import (
    Buffer,
    Parameter,
    UninitializedBuffer,
    UninitializedParameter,
)
