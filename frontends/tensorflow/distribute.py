"""``tf.distribute``: the default strategy, and ``MirroredStrategy`` over core's device mesh.

TF's ``MirroredStrategy`` runs the step once per device (a thread each), each replica on
its share of the global batch, and sums the gradients across replicas. Here one
controller drives every device, as the torch frontend's ``torch.distributed`` does:

- ``strategy.run(fn, args)`` calls ``fn`` **once, on the global batch**. The distributed
  datasets split each global batch over the devices of core's mesh (``core/mesh.py``: real
  JAX's devices on the jax backend, one device on the others) and variables created under
  ``scope()`` are replicated on them, so XLA runs every operation partitioned.
- Inside ``run`` the step is one replica holding the whole batch: ``num_replicas_in_sync``
  and the replica context report 1 and ``all_reduce`` is the identity, so TF's and Keras'
  per-replica loss scaling (``tf.nn.compute_average_loss``, Keras' ``1 / num_replicas``)
  gives the global batch's loss and gradients, which are what TF's summed replicas give.
- ``run`` returns the step's values on the global batch, not ``PerReplica`` values, and
  ``reduce(SUM or MEAN, value, axis=None)`` returns such a value as it is: what TF's
  replicas' values add up to for a loss divided by the global batch size (SUM, the
  tutorials' form), or average to for a per-replica mean (MEAN). With an ``axis`` it is
  reduced along it (the replicas' values concatenated). ``PerReplica`` values exist where
  each replica's value is given: ``experimental_distribute_values_from_function``; ``run``
  concatenates them along the batch axis, ``reduce`` reduces them as TF does.

``MultiWorkerMirroredStrategy`` and ``TPUStrategy`` are classes here only so that
``isinstance`` checks work; constructing one raises. See docs/distributed.md.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable, Iterator
from typing import Any

import core.mesh
from frontends.tensorflow.data import Iterator as DataIterator

__all__ = [
    "DistributedDataset", "DistributedIterator", "DistributedValues", "InputContext",
    "MirroredStrategy", "MultiWorkerMirroredStrategy", "PerReplica", "ReduceOp",
    "ReplicaContext", "Strategy", "TPUStrategy", "get_replica_context", "get_strategy",
    "has_strategy", "in_cross_replica_context",
]  # fmt: skip


class ReduceOp(enum.Enum):
    SUM = "SUM"
    MEAN = "MEAN"


class DistributedValues:
    """Values that differ per replica (``PerReplica``): one per device, in order."""

    def __init__(self, values: tuple[Any, ...]) -> None:
        self._values = tuple(values)

    @property
    def values(self) -> tuple[Any, ...]:
        return self._values

    def __repr__(self) -> str:
        parts = ",\n".join(f"  {i}: {v!r}" for i, v in enumerate(self._values))
        return f"{type(self).__name__}:{{\n{parts}\n}}"


class PerReplica(DistributedValues):
    pass


class InputContext:
    """What ``distribute_datasets_from_function`` tells the dataset function: one input
    pipeline (this process) feeding ``num_replicas_in_sync`` replicas."""

    def __init__(self, num_input_pipelines: int = 1, input_pipeline_id: int = 0,
                 num_replicas_in_sync: int = 1) -> None:  # fmt: skip
        self.num_input_pipelines = num_input_pipelines
        self.input_pipeline_id = input_pipeline_id
        self.num_replicas_in_sync = num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size: int) -> int:
        if global_batch_size % self.num_replicas_in_sync:
            raise ValueError(
                f"The `global_batch_size` {global_batch_size} is not divisible by "
                f"`num_replicas_in_sync` {self.num_replicas_in_sync} "
            )
        return global_batch_size // self.num_replicas_in_sync


class ValueContext:
    """What ``experimental_distribute_values_from_function`` tells the value function."""

    def __init__(self, replica_id_in_sync_group: int = 0, num_replicas_in_sync: int = 1) -> None:
        self.replica_id_in_sync_group = replica_id_in_sync_group
        self.num_replicas_in_sync = num_replicas_in_sync


def _map(fn: Callable[[Any], Any], structure: Any) -> Any:
    from frontends.tensorflow import nest

    return nest.map_structure(fn, structure)


def _concat(parts: list[Any], axis: int = 0) -> Any:
    from frontends import tensorflow as tf

    return parts[0] if len(parts) == 1 else tf.concat(list(parts), axis)


def _placed(value: Any) -> Any:
    """A tensor split along its first axis over the mesh's devices (replicated when its
    size does not divide evenly); other values as they are."""
    from frontends.tensorflow._tensor import Tensor

    if type(value) is not Tensor or not value.shape.rank:
        return value
    return Tensor._from_native(core.mesh.place(value.native, 0))


class DistributedIterator(DataIterator):
    """An iterator over a distributed dataset: each element is a global batch (the
    ``group`` consecutive elements of the dataset concatenated, one per replica, for
    ``distribute_datasets_from_function``), its tensors split over the mesh's devices;
    ``get_next``/``get_next_as_optional`` are ``tf.data.Iterator``'s."""

    def __init__(self, iterator: Any, group: int) -> None:
        self._iterator = iterator
        self._group = group
        self.element_spec = getattr(iterator, "element_spec", None)

    def __next__(self) -> Any:
        parts = [next(self._iterator)]
        for _ in range(self._group - 1):
            try:
                parts.append(next(self._iterator))
            except StopIteration:
                break
        if len(parts) == 1:
            return _map(_placed, parts[0])
        from frontends.tensorflow import nest

        return _map(_placed, nest.map_structure(lambda *leaves: _concat(leaves), *parts))


class DistributedDataset:
    """A dataset whose elements come as global batches split over the mesh's devices."""

    def __init__(self, dataset: Any, group: int = 1) -> None:
        self._dataset = dataset
        self._group = group
        self.element_spec = getattr(dataset, "element_spec", None)

    def __iter__(self) -> DistributedIterator:
        return DistributedIterator(iter(self._dataset), self._group)


class _Extended:
    """``strategy.extended``: updates run once (the controller's variables are the
    replicas' mirrors)."""

    def __init__(self, replicas: int) -> None:
        self.worker_devices = tuple(
            f"/job:localhost/replica:0/task:0/device:CPU:{i}" for i in range(replicas)
        )
        self.num_replicas_per_host = replicas

    def update(self, var: Any, fn: Callable[..., Any], args: tuple = (), kwargs: Any = None,
               group: bool = True) -> Any:  # fmt: skip
        return fn(var, *args, **(kwargs or {}))

    @contextlib.contextmanager
    def colocate_vars_with(self, colocate_with_variable: Any) -> Iterator[None]:
        yield

    def _in_multi_worker_mode(self) -> bool:
        return False


# the strategies whose scope (or run) is entered, innermost last; and those running a step
_SCOPES: list[Strategy] = []
_RUNNING: list[Strategy] = []


def _mirror(variable: Any) -> None:
    """A variable created under a mirrored strategy's scope: replicated on the mesh."""
    variable._value = variable._initial = core.mesh.place(variable._value, None)


class Strategy:
    """``tf.distribute.Strategy``; the base of the default and mirrored strategies."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if type(self) not in (_DefaultStrategy, MirroredStrategy):
            raise NotImplementedError(
                f"tf.distribute.{type(self).__name__} is not provided by the tensorflow "
                "frontend (MirroredStrategy runs on core's device mesh)"
            )
        self._replicas = 1
        self.extended = _Extended(1)

    @property
    def num_replicas_in_sync(self) -> int:
        """The mesh's device count; 1 inside ``run``, whose step is one replica."""
        return 1 if _RUNNING and _RUNNING[-1] is self else self._replicas

    @contextlib.contextmanager
    def scope(self) -> Iterator[Strategy]:
        """Makes this the current strategy (the default one's changes nothing); variables
        created inside are mirrored on the mesh's devices."""
        from frontends.tensorflow import _variable

        if type(self) is _DefaultStrategy:
            yield self
            return
        _SCOPES.append(self)
        mirror = self._replicas > 1
        if mirror:
            _variable.CREATORS.append(_mirror)
        try:
            yield self
        finally:
            if mirror:
                _variable.CREATORS.remove(_mirror)
            _SCOPES.pop()

    def run(self, fn: Callable[..., Any], args: tuple = (), kwargs: Any = None,
            options: Any = None) -> Any:  # fmt: skip
        """``fn`` called once on the global batch (``PerReplica`` arguments concatenated
        along their first axis)."""
        args, kwargs = _map(_joined, (tuple(args), kwargs or {}))
        with self.scope():
            _RUNNING.append(self)
            try:
                return fn(*args, **kwargs)
            finally:
                _RUNNING.pop()

    def reduce(self, reduce_op: Any, value: Any, axis: Any = None) -> Any:
        op = ReduceOp(reduce_op.value if isinstance(reduce_op, ReduceOp) else reduce_op)
        return _map(lambda v: _reduce(op, v, axis), value)

    def experimental_local_results(self, value: Any) -> tuple:
        return value.values if isinstance(value, DistributedValues) else (value,)

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        return dataset

    def distribute_datasets_from_function(self, dataset_fn: Callable[..., Any],
                                          options: Any = None) -> Any:  # fmt: skip
        return dataset_fn(InputContext(1, 0, 1))

    def experimental_distribute_values_from_function(self, value_fn: Callable[..., Any]) -> Any:
        values = tuple(value_fn(ValueContext(i, self._replicas)) for i in range(self._replicas))
        return values[0] if len(values) == 1 else PerReplica(values)

    def gather(self, value: Any, axis: int) -> Any:
        return _map(lambda v: _joined(v, axis), value)


def _joined(value: Any, axis: int = 0) -> Any:
    """A ``PerReplica`` value as one, its replicas' values concatenated along ``axis``."""
    return _concat(list(value.values), axis) if isinstance(value, DistributedValues) else value


def _reduce(op: ReduceOp, value: Any, axis: Any) -> Any:
    from frontends import tensorflow as tf

    if axis is not None:
        reduce = tf.reduce_sum if op is ReduceOp.SUM else tf.reduce_mean
        return reduce(_joined(value, axis), axis=axis)
    if not isinstance(value, DistributedValues):
        return value
    total = tf.add_n(list(value.values))
    return total if op is ReduceOp.SUM else total / len(value.values)


class _DefaultStrategy(Strategy):
    pass


class MirroredStrategy(Strategy):
    """Data parallelism over core's mesh with one controller (module docstring).
    ``devices``, if given, must name as many devices as the mesh has."""

    def __init__(self, devices: Any = None, cross_device_ops: Any = None) -> None:
        super().__init__()
        count = core.mesh.device_count()
        if devices is not None and len(list(devices)) != count:
            raise ValueError(
                f"MirroredStrategy here runs on every device of core's mesh ({count}); "
                f"got {len(list(devices))} devices"
            )
        self._replicas = count
        self.extended = _Extended(count)

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        return DistributedDataset(dataset)

    def distribute_datasets_from_function(self, dataset_fn: Callable[..., Any],
                                          options: Any = None) -> Any:  # fmt: skip
        """The per-replica batches of ``dataset_fn``'s dataset, ``num_replicas_in_sync``
        of them concatenated into each global batch (one for each replica, as TF)."""
        dataset = dataset_fn(InputContext(1, 0, self._replicas))
        return DistributedDataset(dataset, self._replicas)


class MultiWorkerMirroredStrategy(Strategy):
    pass


class TPUStrategy(Strategy):
    pass


class ReplicaContext:
    """The replica context: one replica (the whole global batch), reductions are the
    identity."""

    num_replicas_in_sync = 1
    replica_id_in_sync_group = 0

    def __init__(self, strategy: Strategy) -> None:
        self._strategy = strategy

    def all_reduce(self, reduce_op: Any, value: Any, options: Any = None) -> Any:
        return value

    def merge_call(self, merge_fn: Callable[..., Any], args: tuple = (),
                   kwargs: Any = None) -> Any:  # fmt: skip
        return merge_fn(self._strategy, *args, **(kwargs or {}))

    @property
    def strategy(self) -> Strategy:
        return self._strategy


_DEFAULT = _DefaultStrategy()


def get_strategy() -> Strategy:
    return _SCOPES[-1] if _SCOPES else _DEFAULT


def has_strategy() -> bool:
    """Whether a strategy's scope is entered."""
    return bool(_SCOPES)


def get_replica_context() -> ReplicaContext | None:
    """The replica context inside ``run`` or outside any scope; None in a strategy's scope
    outside ``run`` (TF's cross-replica context)."""
    if _SCOPES and not (_RUNNING and _RUNNING[-1] is _SCOPES[-1]):
        return None
    return ReplicaContext(get_strategy())


def in_cross_replica_context() -> bool:
    return get_replica_context() is None
