"""torch.utils.data.DataLoader and default_collate (single process: ``num_workers`` is
accepted and ignored, batches are built in the calling process)."""

from __future__ import annotations

import collections.abc
import numbers
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

import numpy

from frontends.torch._tensor import Tensor
from frontends.torch.utils.data.dataset import IterableDataset
from frontends.torch.utils.data.sampler import BatchSampler, RandomSampler, SequentialSampler

__all__ = ["DataLoader", "default_collate"]

_T_co = TypeVar("_T_co", covariant=True)


def default_collate(batch: list[Any]) -> Any:
    """Stack a list of samples as torch's default_collate: tensors and numpy arrays are
    stacked, Python floats/ints/bools become float64/int64/bool tensors, strings stay a
    list, and mappings, named tuples and sequences are collated element by element."""
    from frontends import torch

    elem = batch[0]
    if isinstance(elem, Tensor):
        return torch.stack(list(batch), 0)
    if isinstance(elem, numpy.ndarray) or isinstance(elem, numpy.generic):
        if isinstance(elem, numpy.ndarray) and elem.dtype.kind in "USO":
            raise TypeError(
                "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or "
                f"lists; found {elem.dtype}"
            )
        return (
            torch.as_tensor(numpy.stack(batch))
            if isinstance(elem, numpy.ndarray)
            else torch.as_tensor(numpy.array(batch))
        )
    if isinstance(elem, bool):
        return torch.tensor(batch, dtype=torch.bool)
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, numbers.Number):
        return torch.tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        return (
            type(elem)({key: default_collate([d[key] for d in batch]) for key in elem})
            if not isinstance(elem, dict)
            else {key: default_collate([d[key] for d in batch]) for key in elem}
        )
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        it = iter(batch)
        elem_size = len(next(it))
        if not all(len(e) == elem_size for e in it):
            raise RuntimeError("each element in list of batch should be of equal size")
        transposed = list(zip(*batch))
        if isinstance(elem, tuple):
            return [default_collate(samples) for samples in transposed]
        return [default_collate(samples) for samples in transposed]
    raise TypeError(
        "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; "
        f"found {type(elem)}"
    )


class DataLoader(Generic[_T_co]):
    """Iterates over ``dataset`` in batches: ``batch_size``, ``shuffle`` (with
    ``generator``), ``sampler``/``batch_sampler``, ``drop_last`` and ``collate_fn`` as torch.
    Differences: single process (``num_workers`` and ``pin_memory`` are ignored); shuffled
    orders come from the frontend's generator, not torch's."""

    def __init__(
        self,
        dataset: Any,
        batch_size: int | None = 1,
        shuffle: bool | None = None,
        sampler: Any = None,
        batch_sampler: Any = None,
        num_workers: int = 0,
        collate_fn: Callable[[list[Any]], Any] | None = None,
        pin_memory: bool = False,
        drop_last: bool = False,
        timeout: float = 0,
        worker_init_fn: Callable | None = None,
        multiprocessing_context: Any = None,
        generator: Any = None,
        *,
        prefetch_factor: int | None = None,
        persistent_workers: bool = False,
        pin_memory_device: str = "",
        in_order: bool = True,
    ) -> None:
        if num_workers < 0:
            raise ValueError(
                "num_workers option should be non-negative; use num_workers=0 to disable multiprocessing."
            )
        self.dataset = dataset
        self.num_workers = num_workers
        self.pin_memory = pin_memory
        self.timeout = timeout
        self.generator = generator
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            if shuffle not in {False, None}:
                raise ValueError(
                    f"DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle={shuffle}"
                )
            if sampler is not None:
                raise ValueError(
                    f"DataLoader with IterableDataset: expected unspecified sampler option, but got sampler={sampler}"
                )
            if batch_sampler is not None:
                raise ValueError(
                    "DataLoader with IterableDataset: expected unspecified batch_sampler option, "
                    f"but got batch_sampler={batch_sampler}"
                )
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError(
                    "batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last"
                )
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError(
                "batch_size=None option disables auto-batching and is mutually exclusive with drop_last"
            )
        if sampler is None and not self._iterable:
            sampler = (
                RandomSampler(dataset, generator=generator)
                if shuffle
                else SequentialSampler(dataset)
            )
        if batch_size is not None and batch_sampler is None and not self._iterable:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        if collate_fn is None:
            collate_fn = (
                default_collate
                if batch_size is not None or batch_sampler is not None
                else _identity
            )
        self.collate_fn = collate_fn

    def __iter__(self) -> Iterator[Any]:
        if self._iterable:
            if self.batch_size is None:
                for sample in self.dataset:
                    yield self.collate_fn(sample)
                return
            batch: list[Any] = []
            for sample in self.dataset:
                batch.append(sample)
                if len(batch) == self.batch_size:
                    yield self.collate_fn(batch)
                    batch = []
            if batch and not self.drop_last:
                yield self.collate_fn(batch)
            return
        if self.batch_sampler is not None:
            for indices in self.batch_sampler:
                yield self.collate_fn([self.dataset[i] for i in indices])
        else:
            for index in self.sampler:
                yield self.collate_fn(self.dataset[index])

    def __len__(self) -> int:
        if self._iterable:
            length = len(self.dataset)
            if self.batch_size is not None:
                if self.drop_last:
                    return length // self.batch_size
                return -(-length // self.batch_size)
            return length
        if self.batch_sampler is not None:
            return len(self.batch_sampler)
        return len(self.sampler)


def _identity(sample: Any) -> Any:
    return sample
