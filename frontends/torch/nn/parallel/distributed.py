"""``DistributedDataParallel`` as data parallelism over core's mesh.

torch's DDP runs one replica per process, each on its own part of the batch, and averages
the gradients. Here one controller holds the global batch: the module's parameters and
buffers are replicated over the mesh's devices, each forward call's tensors are split
along ``dim`` over them, and the arithmetic runs partitioned by XLA (jax backend). The
gradients are those of the loss of the global batch: for a loss that averages over the
batch (the usual case) these are DDP's averaged gradients; for a summed loss DDP's are
``1 / world_size`` of them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from frontends.torch.distributed import _default_group
from frontends.torch.distributed._placement import place_batch, place_module
from frontends.torch.nn.modules.module import Module

__all__ = ["DistributedDataParallel"]


class DistributedDataParallel(Module):
    def __init__(self, module: Module, device_ids: Any = None, output_device: Any = None,
                 dim: int = 0, broadcast_buffers: bool = True, process_group: Any = None,
                 bucket_cap_mb: Any = None, find_unused_parameters: bool = False,
                 check_reduction: bool = False, gradient_as_bucket_view: bool = False,
                 static_graph: bool = False, **kwargs: Any) -> None:  # fmt: skip
        super().__init__()
        _default_group()
        self.module = module
        self.dim = dim
        place_module(module, None)

    def forward(self, *inputs: Any, **kwargs: Any) -> Any:
        inputs, kwargs = place_batch(inputs, kwargs, self.dim)
        return self.module(*inputs, **kwargs)

    @contextlib.contextmanager
    def no_sync(self) -> Iterator[None]:
        """Gradients accumulate in the parameters' ``.grad`` as usual: one controller has
        nothing to synchronize."""
        yield
