"""torch.distributed.fsdp: parameter sharding over core's mesh, in FSDP's spirit.

:func:`fully_shard` splits each parameter (and buffer) along dim 0 over the mesh's devices
where its size divides evenly (replicated otherwise) and each forward call's tensors along
dim 0, as the ranks' batches; XLA gathers what each operation needs (jax backend), so the
values are one device's. Nothing is offloaded or resharded after forward: the options
that tune that are accepted and have no effect. :class:`FullyShardedDataParallel` is the
same as a wrapper module.
"""

from __future__ import annotations

from typing import Any

from frontends.torch.distributed import _default_group
from frontends.torch.distributed._placement import place_batch, place_module
from frontends.torch.nn.modules.module import Module

__all__ = ["FullyShardedDataParallel", "fully_shard"]


def _split_inputs(module: Module, args: Any, kwargs: Any) -> tuple[Any, Any]:
    return place_batch(args, kwargs, 0)


def fully_shard(module: Module, *, mesh: Any = None, reshard_after_forward: Any = True,
                shard_placement_fn: Any = None, mp_policy: Any = None,
                offload_policy: Any = None, ignored_params: Any = None) -> Module:  # fmt: skip
    """``module`` with its parameters split over the mesh (in place; returned)."""
    _default_group()
    if not getattr(module, "_fully_sharded", False):
        place_module(module, 0)
        module.register_forward_pre_hook(_split_inputs, with_kwargs=True)
        module._fully_sharded = True
    return module


class FullyShardedDataParallel(Module):
    def __init__(self, module: Module, process_group: Any = None, **kwargs: Any) -> None:
        super().__init__()
        self.module = fully_shard(module)

    def forward(self, *inputs: Any, **kwargs: Any) -> Any:
        return self.module(*inputs, **kwargs)
