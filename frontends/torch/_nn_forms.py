"""The ``torch.*`` forms of nn ops whose signatures differ from ``torch.nn.functional``'s.

torch's builtins ``torch.dropout(input, p, train)``, ``torch.rrelu(..., generator)``,
``torch.layer_norm(..., cudnn_enable)`` ... take other parameters than the Python functions
of ``torch.nn.functional`` (``training``, ``inplace``); each here calls the functional
form. The cuDNN flags change nothing (there is no cuDNN).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from frontends.torch._frontend import writes_out
from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F

__all__ = [
    "alpha_dropout", "dropout", "feature_alpha_dropout", "group_norm",
    "layer_norm", "native_batch_norm", "rrelu", "threshold",
]  # fmt: skip


def dropout(input: Tensor, p: float, train: bool) -> Tensor:
    """torch.dropout: :func:`torch.nn.functional.dropout`."""
    return F.dropout(input, p, train)


def alpha_dropout(input: Tensor, p: float, train: bool) -> Tensor:
    """torch.alpha_dropout: :func:`torch.nn.functional.alpha_dropout`."""
    return F.alpha_dropout(input, p, train)


def feature_alpha_dropout(input: Tensor, p: float, train: bool) -> Tensor:
    """torch.feature_alpha_dropout: :func:`torch.nn.functional.feature_alpha_dropout`."""
    return F.feature_alpha_dropout(input, p, train)


def rrelu(
    input: Tensor,
    lower: float = 1.0 / 8,
    upper: float = 1.0 / 3,
    training: bool = False,
    generator: Any = None,
) -> Tensor:
    """torch.rrelu: :func:`torch.nn.functional.rrelu`, its slopes drawn from ``generator``."""
    return F.rrelu(input, lower, upper, training, generator=generator)


@writes_out
def threshold(input: Tensor, threshold: float, value: float) -> Tensor:
    """torch.threshold: :func:`torch.nn.functional.threshold`."""
    return F.threshold(input, threshold, value)


def layer_norm(
    input: Tensor,
    normalized_shape: Sequence[int],
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
    cudnn_enable: bool = True,
) -> Tensor:
    """torch.layer_norm: :func:`torch.nn.functional.layer_norm`."""
    return F.layer_norm(input, normalized_shape, weight, bias, eps)


def group_norm(
    input: Tensor,
    num_groups: int,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
    cudnn_enabled: bool = True,
) -> Tensor:
    """torch.group_norm: :func:`torch.nn.functional.group_norm`."""
    return F.group_norm(input, num_groups, weight, bias, eps)


native_batch_norm = writes_out(F.native_batch_norm)
