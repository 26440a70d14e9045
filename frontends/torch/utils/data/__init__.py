"""torch.utils.data: datasets, samplers, DataLoader and default_collate."""

from frontends.torch.utils.data import distributed
from frontends.torch.utils.data.dataloader import DataLoader, default_collate
from frontends.torch.utils.data.dataset import (
    ConcatDataset,
    Dataset,
    IterableDataset,
    Subset,
    TensorDataset,
    random_split,
)
from frontends.torch.utils.data.distributed import DistributedSampler
from frontends.torch.utils.data.sampler import (
    BatchSampler,
    RandomSampler,
    Sampler,
    SequentialSampler,
)

__all__ = [
    "BatchSampler", "ConcatDataset", "DataLoader", "Dataset", "DistributedSampler",
    "IterableDataset", "RandomSampler",
    "Sampler", "SequentialSampler", "Subset", "TensorDataset", "default_collate", "random_split",
]  # fmt: skip
