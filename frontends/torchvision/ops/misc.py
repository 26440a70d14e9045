"""torchvision.ops.misc.FrozenBatchNorm2d, on the torch frontend."""

from __future__ import annotations

from typing import Any

from frontends.torch import ones, zeros
from frontends.torch._tensor import Tensor
from frontends.torch.nn import Module
from frontends.torchvision._standin import module_getattr

__all__ = ["FrozenBatchNorm2d"]


class FrozenBatchNorm2d(Module):
    """BatchNorm2d whose statistics and affine parameters are buffers, fixed (as torchvision's:
    ``x * scale + shift`` with ``scale = weight * rsqrt(running_var + eps)``)."""

    def __init__(self, num_features: int, eps: float = 1e-5) -> None:
        super().__init__()
        self.eps = eps
        self.register_buffer("weight", ones(num_features))
        self.register_buffer("bias", zeros(num_features))
        self.register_buffer("running_mean", zeros(num_features))
        self.register_buffer("running_var", ones(num_features))

    def _load_from_state_dict(
        self,
        state_dict: dict[str, Any],
        prefix: str,
        local_metadata: dict[str, Any],
        strict: bool,
        missing_keys: list[str],
        unexpected_keys: list[str],
        error_msgs: list[str],
    ) -> None:
        state_dict.pop(prefix + "num_batches_tracked", None)  # a BatchNorm2d's state loads
        super()._load_from_state_dict(
            state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs
        )

    def forward(self, x: Tensor) -> Tensor:
        w = self.weight.reshape(1, -1, 1, 1)
        b = self.bias.reshape(1, -1, 1, 1)
        rv = self.running_var.reshape(1, -1, 1, 1)
        rm = self.running_mean.reshape(1, -1, 1, 1)
        scale = w * (rv + self.eps).rsqrt()
        return x * scale + (b - rm * scale)

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}({self.weight.shape[0]}, eps={self.eps})"


__getattr__ = module_getattr(__name__, __all__)
