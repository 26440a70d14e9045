"""torch.nn: ``functional`` (torch.nn.functional), ``init``, ``Parameter`` and the layer
modules (``Module``, ``Linear``, ``Conv2d``, ``LSTM``, ``TransformerEncoderLayer`` ...)."""

from frontends.torch.nn import attention, functional, grad, init, modules, parallel, utils
from frontends.torch.nn.modules import *  # noqa: F403
from frontends.torch.nn.modules.linear_cross_entropy import LinearCrossEntropyLoss
from frontends.torch.nn.modules.linear_cross_entropy_options import LinearCrossEntropyOptions
from frontends.torch.nn.parameter import (
    Buffer,
    Parameter,
    UninitializedBuffer,
    UninitializedParameter,
)
