"""torch.nn.parallel: :class:`DistributedDataParallel` on the single controller."""

from frontends.torch.nn.parallel.distributed import DistributedDataParallel

__all__ = ["DistributedDataParallel"]
