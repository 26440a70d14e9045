"""``tf.distribute``: the default strategy, one replica on core's backend.

TF code asks the current strategy to run steps, reduce values and update variables; with
one replica each of these calls the function once and reductions return their input, which
is what TF's default strategy does. Multi-device strategies are classes here only so that
``isinstance`` checks work; constructing one raises (``frontends.jax`` has a sharding API
on JAX's SPMD engine).
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable, Iterator
from typing import Any

__all__ = [
    "DistributedDataset", "DistributedIterator", "DistributedValues", "MirroredStrategy",
    "MultiWorkerMirroredStrategy", "ReduceOp", "ReplicaContext", "Strategy", "TPUStrategy",
    "get_replica_context", "get_strategy", "has_strategy", "in_cross_replica_context",
]  # fmt: skip


class ReduceOp(enum.Enum):
    SUM = "SUM"
    MEAN = "MEAN"


class DistributedValues:
    """Per-replica values; never produced with one replica."""


class DistributedIterator:
    """An iterator over a distributed dataset; never produced with one replica."""


class DistributedDataset:
    """A dataset split over replicas; never produced with one replica."""


class _Extended:
    """``strategy.extended`` of the default strategy."""

    worker_devices = ("/job:localhost/replica:0/task:0/device:CPU:0",)
    num_replicas_per_host = 1

    def update(self, var: Any, fn: Callable[..., Any], args: tuple = (), kwargs: Any = None,
               group: bool = True) -> Any:  # fmt: skip
        return fn(var, *args, **(kwargs or {}))

    @contextlib.contextmanager
    def colocate_vars_with(self, colocate_with_variable: Any) -> Iterator[None]:
        yield

    def _in_multi_worker_mode(self) -> bool:
        return False


class Strategy:
    """``tf.distribute.Strategy``; the base of the default strategy."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if type(self) is not _DefaultStrategy:
            raise NotImplementedError(
                f"tf.distribute.{type(self).__name__} is not provided by the tensorflow "
                "frontend (one replica on core's backend)"
            )
        self.extended = _Extended()

    num_replicas_in_sync = 1

    @contextlib.contextmanager
    def scope(self) -> Iterator[Strategy]:
        yield self

    def run(self, fn: Callable[..., Any], args: tuple = (), kwargs: Any = None,
            options: Any = None) -> Any:  # fmt: skip
        return fn(*args, **(kwargs or {}))

    def reduce(self, reduce_op: Any, value: Any, axis: Any = None) -> Any:
        return value

    def experimental_local_results(self, value: Any) -> tuple:
        return (value,)

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        return dataset

    def distribute_datasets_from_function(self, dataset_fn: Callable[..., Any],
                                          options: Any = None) -> Any:  # fmt: skip
        return dataset_fn(None)

    def gather(self, value: Any, axis: int) -> Any:
        return value


class _DefaultStrategy(Strategy):
    pass


class MirroredStrategy(Strategy):
    pass


class MultiWorkerMirroredStrategy(Strategy):
    pass


class TPUStrategy(Strategy):
    pass


class ReplicaContext:
    """The default replica context: one replica, reductions are the identity."""

    num_replicas_in_sync = 1
    replica_id_in_sync_group = 0

    def all_reduce(self, reduce_op: Any, value: Any, options: Any = None) -> Any:
        return value

    def merge_call(self, merge_fn: Callable[..., Any], args: tuple = (),
                   kwargs: Any = None) -> Any:  # fmt: skip
        return merge_fn(_DEFAULT, *args, **(kwargs or {}))

    @property
    def strategy(self) -> Strategy:
        return _DEFAULT


_DEFAULT = _DefaultStrategy()
_REPLICA = ReplicaContext()


def get_strategy() -> Strategy:
    return _DEFAULT


def has_strategy() -> bool:
    """False: only the default strategy exists here."""
    return False


def get_replica_context() -> ReplicaContext:
    return _REPLICA


def in_cross_replica_context() -> bool:
    return False
