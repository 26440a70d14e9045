"""torch.nn batch norm: BatchNorm1d/2d/3d with running statistics updated in training, and
``_NormBase``, what batch and instance norm share."""

from __future__ import annotations

from typing import Any

from frontends import torch
from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F
from frontends.torch.nn import init
from frontends.torch.nn.modules.module import Module
from frontends.torch.nn.parameter import Parameter

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d"]


class _NormBase(Module):
    """Affine parameters and running-statistics buffers, their reset, repr and loading."""

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        device: Any = None,
        dtype: Any = None,
        *,
        bias: bool = True,
    ) -> None:
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if self.affine:
            self.weight = Parameter(torch.empty(num_features, dtype=dtype))
            if bias:
                self.bias = Parameter(torch.empty(num_features, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if self.track_running_stats:
            self.register_buffer("running_mean", torch.zeros(num_features, dtype=dtype))
            self.register_buffer("running_var", torch.ones(num_features, dtype=dtype))
            self.register_buffer("num_batches_tracked", torch.tensor(0, dtype=torch.long))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)
        self.reset_parameters()

    def reset_running_stats(self) -> None:
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self) -> None:
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def extra_repr(self) -> str:
        return (
            "{num_features}, eps={eps}, momentum={momentum}, affine={affine}, "
            "bias={use_bias}, track_running_stats={track_running_stats}".format(
                **self.__dict__, use_bias=self.bias is not None
            )
        )

    def _load_from_state_dict(self, state_dict: dict, prefix: str, *args: Any) -> None:
        # as torch: a checkpoint without num_batches_tracked keeps the current count
        key = prefix + "num_batches_tracked"
        if self.track_running_stats and key not in state_dict:
            state_dict[key] = (
                self.num_batches_tracked
                if self.num_batches_tracked is not None
                else torch.tensor(0, dtype=torch.long)
            )
        super()._load_from_state_dict(state_dict, prefix, *args)


class _BatchNorm(_NormBase):
    _dims: tuple[int, ...] = ()

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() not in self._dims:
            expected = " or ".join(f"{d}D" for d in self._dims)
            raise ValueError(f"expected {expected} input (got {input.dim()}D input)")

    def forward(self, input: Tensor) -> Tensor:
        self._check_input_dim(input)
        exponential_average_factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            if self.momentum is None:
                exponential_average_factor = 1.0 / float(self.num_batches_tracked)
            else:
                exponential_average_factor = self.momentum
        if self.training:
            bn_training = True
        else:
            bn_training = (self.running_mean is None) and (self.running_var is None)
        return F.batch_norm(
            input,
            self.running_mean if not self.training or self.track_running_stats else None,
            self.running_var if not self.training or self.track_running_stats else None,
            self.weight,
            self.bias,
            bn_training,
            exponential_average_factor,
            self.eps,
        )


class BatchNorm1d(_BatchNorm):
    """torch.nn.BatchNorm1d over (N, C) or (N, C, L)."""

    _dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """torch.nn.BatchNorm2d over (N, C, H, W)."""

    _dims = (4,)


class BatchNorm3d(_BatchNorm):
    """torch.nn.BatchNorm3d over (N, C, D, H, W)."""

    _dims = (5,)


class SyncBatchNorm(_BatchNorm):
    """torch.nn.SyncBatchNorm on one process: BatchNorm over (N, C, *) inputs (statistics
    are not synchronized; there is no process group here)."""

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        process_group: Any = None,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype)
        self.process_group = process_group

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() < 2:
            raise ValueError(f"expected at least 2D input (got {input.dim()}D input)")

    @classmethod
    def convert_sync_batchnorm(cls, module: Module, process_group: Any = None) -> Module:
        """``module`` with its BatchNorm layers replaced by SyncBatchNorm (state kept)."""
        result = module
        if isinstance(module, _BatchNorm) and not isinstance(module, SyncBatchNorm):
            result = cls(
                module.num_features, module.eps, module.momentum, module.affine,
                module.track_running_stats, process_group,
            )  # fmt: skip
            result.load_state_dict(module.state_dict())
            result.train(module.training)
        for name, child in module.named_children():
            setattr(result, name, cls.convert_sync_batchnorm(child, process_group))
        return result


__all__ += ["SyncBatchNorm"]
