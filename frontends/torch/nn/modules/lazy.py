"""torch.nn's lazy modules: ``LazyLinear(out_features)`` and friends infer their input size
(``in_features``, ``in_channels``, ``num_features``) from the first input and then become
the ordinary module, as torch's ``LazyModuleMixin`` does (``cls_to_become``).

Until the first call their parameters are ``UninitializedParameter`` placeholders; create
optimizers after a first (dry-run) call, as torch's documentation advises.
"""

from __future__ import annotations

from typing import Any

from frontends.torch._tensor import Tensor
from frontends.torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from frontends.torch.nn.modules.conv import (
    Conv1d,
    Conv2d,
    Conv3d,
    ConvTranspose1d,
    ConvTranspose2d,
    ConvTranspose3d,
)
from frontends.torch.nn.modules.instancenorm import (
    InstanceNorm1d,
    InstanceNorm2d,
    InstanceNorm3d,
)
from frontends.torch.nn.modules.linear import Linear
from frontends.torch.nn.modules.module import Module
from frontends.torch.nn.parameter import UninitializedParameter

__all__ = [
    "LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d", "LazyConv1d", "LazyConv2d",
    "LazyConv3d", "LazyConvTranspose1d", "LazyConvTranspose2d", "LazyConvTranspose3d",
    "LazyInstanceNorm1d", "LazyInstanceNorm2d", "LazyInstanceNorm3d", "LazyLinear",
    "LazyModuleMixin",
]  # fmt: skip


class LazyModuleMixin:
    """Builds the module ``cls_to_become`` at the first call, with the input size read from
    the input (``_size_axis`` of it; the unbatched form one axis earlier) first among the
    constructor's arguments."""

    cls_to_become: type
    _size_axis = 1
    _unbatched_ndim = 0
    _weight_axis = 0  # the axis of the inferred size in the built module's weight

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        Module.__init__(self)  # type: ignore[arg-type]
        self._lazy_arguments = (args, kwargs)
        self.weight = UninitializedParameter()
        if kwargs.get("bias", True) is not False and kwargs.get("affine", True) is not False:
            self.bias = UninitializedParameter()

    def has_uninitialized_params(self) -> bool:
        return True

    def initialize_parameters(self, input: Tensor, *args: Any) -> None:
        """Become ``cls_to_become``, sized for ``input``."""
        axis = self._size_axis
        if self._unbatched_ndim and input.dim() == self._unbatched_ndim:
            axis -= 1
        self._become(input.shape[axis if axis >= 0 else input.dim() + axis])

    def _load_from_state_dict(
        self, state_dict: dict, prefix: str, local_metadata: dict, strict: bool,
        missing_keys: list[str], unexpected_keys: list[str], error_msgs: list[str],
    ) -> None:  # fmt: skip
        """Loading a checkpoint before the first call sizes the module from the saved
        weight, as torch materializes its placeholders with the checkpoint's shapes; the
        module becomes ``cls_to_become`` at once (torch waits for the first call)."""
        size = self._size_from_state(state_dict, prefix)
        if size is not None:
            self._become(size)
        type(self)._load_from_state_dict(
            self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
            error_msgs,
        )  # fmt: skip

    def _size_from_state(self, state_dict: dict, prefix: str) -> int | None:
        """The inferred size that the saved ``weight`` (or running mean) implies: its
        ``_weight_axis`` (times the groups where that is a convolution's in-channel axis)."""
        for name in ("weight", "running_mean"):
            saved = state_dict.get(prefix + name)
            if saved is not None:
                axis = self._weight_axis if name == "weight" else 0
                groups = self._lazy_arguments[1].get("groups", 1) if axis == 1 else 1
                return tuple(saved.shape)[axis] * groups
        return None

    def _become(self, size: int) -> None:
        """Become ``cls_to_become`` with ``size`` as its first constructor argument."""
        args, kwargs = self._lazy_arguments
        training = self.training  # type: ignore[attr-defined]
        hooks = {key: value for key, value in vars(self).items() if "hook" in key}
        target = self.cls_to_become
        self.__class__ = target
        target.__init__(self, size, *args, **kwargs)
        for key, value in hooks.items():  # hooks registered before the first call stay
            object.__setattr__(self, key, value)
        self.train(training)  # type: ignore[attr-defined]

    def forward(self, input: Tensor, *args: Any, **kwargs: Any) -> Any:
        self.initialize_parameters(input)
        return self.forward(input, *args, **kwargs)  # type: ignore[misc]


def _lazy(
    name: str, base: type, axis: int, unbatched_ndim: int, doc: str, weight_axis: int = 0,
    **defaults: Any,
) -> type:  # fmt: skip
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        LazyModuleMixin.__init__(self, *args, **{**defaults, **kwargs})

    return type(
        name,
        (LazyModuleMixin, base),
        {
            "cls_to_become": base,
            "_size_axis": axis,
            "_unbatched_ndim": unbatched_ndim,
            "_weight_axis": weight_axis,
            "__init__": __init__,
            "forward": LazyModuleMixin.forward,
            "__doc__": doc,
            "__module__": __name__,
        },
    )


LazyLinear = _lazy(
    "LazyLinear", Linear, -1, 0, "Linear with ``in_features`` from the input.", weight_axis=1
)
LazyConv1d = _lazy(
    "LazyConv1d", Conv1d, 1, 2, "Conv1d with ``in_channels`` from the input.", weight_axis=1
)
LazyConv2d = _lazy(
    "LazyConv2d", Conv2d, 1, 3, "Conv2d with ``in_channels`` from the input.", weight_axis=1
)
LazyConv3d = _lazy(
    "LazyConv3d", Conv3d, 1, 4, "Conv3d with ``in_channels`` from the input.", weight_axis=1
)
LazyConvTranspose1d = _lazy(
    "LazyConvTranspose1d", ConvTranspose1d, 1, 2, "ConvTranspose1d, ``in_channels`` inferred."
)
LazyConvTranspose2d = _lazy(
    "LazyConvTranspose2d", ConvTranspose2d, 1, 3, "ConvTranspose2d, ``in_channels`` inferred."
)
LazyConvTranspose3d = _lazy(
    "LazyConvTranspose3d", ConvTranspose3d, 1, 4, "ConvTranspose3d, ``in_channels`` inferred."
)
LazyBatchNorm1d = _lazy(
    "LazyBatchNorm1d", BatchNorm1d, 1, 0, "BatchNorm1d, ``num_features`` inferred."
)
LazyBatchNorm2d = _lazy(
    "LazyBatchNorm2d", BatchNorm2d, 1, 0, "BatchNorm2d, ``num_features`` inferred."
)
LazyBatchNorm3d = _lazy(
    "LazyBatchNorm3d", BatchNorm3d, 1, 0, "BatchNorm3d, ``num_features`` inferred."
)
LazyInstanceNorm1d = _lazy(
    "LazyInstanceNorm1d",
    InstanceNorm1d,
    1,
    2,
    "InstanceNorm1d, ``num_features`` inferred (affine and tracking running stats by "
    "default, as torch's lazy form).",
    affine=True,
    track_running_stats=True,
)
LazyInstanceNorm2d = _lazy(
    "LazyInstanceNorm2d",
    InstanceNorm2d,
    1,
    3,
    "InstanceNorm2d, ``num_features`` inferred (affine and tracking running stats by "
    "default, as torch's lazy form).",
    affine=True,
    track_running_stats=True,
)
LazyInstanceNorm3d = _lazy(
    "LazyInstanceNorm3d",
    InstanceNorm3d,
    1,
    4,
    "InstanceNorm3d, ``num_features`` inferred (affine and tracking running stats by "
    "default, as torch's lazy form).",
    affine=True,
    track_running_stats=True,
)
