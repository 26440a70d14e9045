"""torch.nn.modules: every layer class, re-exported by :mod:`frontends.torch.nn`."""

from frontends.torch.nn.modules import (
    activation,
    adaptive,
    batchnorm,
    container,
    conv,
    distance,
    dropout,
    flatten,
    fold,
    instancenorm,
    lazy,
    linear,
    loss,
    normalization,
    padding,
    pixelshuffle,
    pooling,
    rnn,
    sparse,
    transformer,
    upsampling,
)
from frontends.torch.nn.modules.activation import *  # noqa: F403
from frontends.torch.nn.modules.adaptive import *  # noqa: F403
from frontends.torch.nn.modules.batchnorm import *  # noqa: F403
from frontends.torch.nn.modules.container import *  # noqa: F403
from frontends.torch.nn.modules.conv import *  # noqa: F403
from frontends.torch.nn.modules.distance import *  # noqa: F403
from frontends.torch.nn.modules.dropout import *  # noqa: F403
from frontends.torch.nn.modules.flatten import *  # noqa: F403
from frontends.torch.nn.modules.fold import *  # noqa: F403
from frontends.torch.nn.modules.instancenorm import *  # noqa: F403
from frontends.torch.nn.modules.lazy import *  # noqa: F403
from frontends.torch.nn.modules.linear import *  # noqa: F403
from frontends.torch.nn.modules.loss import *  # noqa: F403
from frontends.torch.nn.modules.module import Module
from frontends.torch.nn.modules.normalization import *  # noqa: F403
from frontends.torch.nn.modules.padding import *  # noqa: F403
from frontends.torch.nn.modules.pixelshuffle import *  # noqa: F403
from frontends.torch.nn.modules.pooling import *  # noqa: F403
from frontends.torch.nn.modules.rnn import *  # noqa: F403
from frontends.torch.nn.modules.sparse import *  # noqa: F403
from frontends.torch.nn.modules.transformer import *  # noqa: F403
from frontends.torch.nn.modules.upsampling import *  # noqa: F403

__all__ = ["Module"] + [
    name
    for module in (
        activation,
        adaptive,
        batchnorm,
        container,
        conv,
        distance,
        dropout,
        flatten,
        fold,
        instancenorm,
        lazy,
        linear,
        loss,
        normalization,
        padding,
        pixelshuffle,
        pooling,
        rnn,
        sparse,
        transformer,
        upsampling,
    )
    for name in module.__all__
]
