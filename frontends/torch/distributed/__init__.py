"""torch.distributed in single-controller form (``docs/distributed.md``).

One process drives every rank: :func:`init_process_group` makes the devices of core's
mesh (``core.mesh``: real JAX's devices on the jax backend, one device elsewhere) the
ranks of the default group. The controller is rank 0 (``get_rank()`` is 0, so code kept
for rank 0 runs once), ``get_world_size()`` is the number of devices, and every rank holds
the controller's tensors: a collective gives what torch gives when each of the
``world_size`` processes passes the same tensor (``all_reduce`` SUM multiplies by the
world size, with real ``jax.lax.psum`` on the jax backend; ``all_gather`` repeats it).
:class:`~frontends.torch.nn.parallel.DistributedDataParallel` splits the global batch
over the devices and :func:`~frontends.torch.distributed.fsdp.fully_shard` the
parameters, so the arithmetic runs partitioned by XLA with one device's results.

``is_available()`` is True once a group is initialized and False before: libraries that
probe it at import (transformers) then import ``torch.distributed.tensor`` (DTensor),
``_functional_collectives`` and others, which this frontend does not provide, so before
``init_process_group`` they take their single-process paths.

A launch that started several processes (``torchrun --nproc-per-node=N``: ``WORLD_SIZE``
greater than 1 in the environment) is refused with an error that says to run one process.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Sequence
from typing import Any

import core.mesh

__all__ = [
    "Backend", "GroupMember", "ProcessGroup", "ReduceOp", "Work", "all_gather",
    "all_gather_into_tensor", "all_gather_object", "all_reduce", "barrier", "broadcast",
    "broadcast_object_list", "destroy_process_group", "get_backend", "get_rank",
    "get_world_size", "group", "init_process_group", "is_available", "is_initialized",
    "is_torchelastic_launched", "reduce", "reduce_scatter", "reduce_scatter_tensor",
]  # fmt: skip


class ReduceOp(enum.Enum):
    """``torch.distributed.ReduceOp``."""

    SUM = 0
    AVG = 1
    PRODUCT = 2
    MIN = 3
    MAX = 4


class Backend(str):
    """``torch.distributed.Backend``: the backend names (the single controller runs them
    all on core's mesh)."""

    GLOO = "gloo"
    NCCL = "nccl"
    MPI = "mpi"
    UNDEFINED = "undefined"

    def __new__(cls, name: str) -> Backend:
        return super().__new__(cls, name.lower())


class ProcessGroup:
    """The default group: the mesh's devices as ranks, driven by this one process."""

    def __init__(self, backend: str, size: int) -> None:
        self._backend, self._size = backend, size

    def rank(self) -> int:
        return 0

    def size(self) -> int:
        return self._size

    def name(self) -> str:
        return self._backend

    def __repr__(self) -> str:
        return f"ProcessGroup(single controller, world_size={self._size})"


class GroupMember:
    WORLD: ProcessGroup | None = None
    NON_GROUP_MEMBER = -100


group = GroupMember


class Work:
    """What ``async_op=True`` returns: the collective has already run."""

    def wait(self, timeout: Any = None) -> bool:
        return True

    def is_completed(self) -> bool:
        return True


def is_available() -> bool:
    """True once :func:`init_process_group` has run (see the module's docstring)."""
    return is_initialized()


def is_initialized() -> bool:
    return GroupMember.WORLD is not None


def is_torchelastic_launched() -> bool:
    return os.environ.get("TORCHELASTIC_RUN_ID") is not None


def _default_group() -> ProcessGroup:
    if GroupMember.WORLD is None:
        raise ValueError(
            "Default process group has not been initialized, please make sure to call "
            "init_process_group."
        )
    return GroupMember.WORLD


def init_process_group(backend: str | None = None, init_method: str | None = None,
                       timeout: Any = None, world_size: int = -1, rank: int = -1,
                       store: Any = None, group_name: str = "", pg_options: Any = None,
                       device_id: Any = None) -> None:  # fmt: skip
    """The default group over core's mesh: ``world_size`` is its number of devices and
    this process, the one controller, is rank 0. ``world_size``/``rank`` (arguments or
    torchrun's ``WORLD_SIZE``/``RANK``) must agree with that."""
    if GroupMember.WORLD is not None:
        raise ValueError("trying to initialize the default process group twice!")
    devices = core.mesh.device_count()
    launched = int(os.environ.get("WORLD_SIZE", "1"))
    if launched > 1:
        raise RuntimeError(
            f"torch.distributed here is a single controller: one process drives all "
            f"{devices} devices as ranks, but this process was launched as one of "
            f"WORLD_SIZE={launched} processes (torchrun). Run the script once with plain "
            "`python`, on the jax backend with XLA_FLAGS="
            f"--xla_force_host_platform_device_count={launched} for {launched} CPU devices"
        )
    if world_size not in (-1, devices):
        raise ValueError(
            f"init_process_group: world_size={world_size}, but the single controller's "
            f"ranks are the {devices} device(s) of core's mesh (the jax backend with "
            f"XLA_FLAGS=--xla_force_host_platform_device_count={world_size} gives "
            f"{world_size})"
        )
    if rank not in (-1, 0) or int(os.environ.get("RANK", "0")) != 0:
        raise ValueError(
            "init_process_group: the single controller is rank 0 (one process drives every rank)"
        )
    GroupMember.WORLD = ProcessGroup(Backend(backend or "gloo"), devices)


def destroy_process_group(group: Any = None) -> None:
    _default_group()
    GroupMember.WORLD = None


def get_rank(group: Any = None) -> int:
    """0: the controller speaks for every rank."""
    return _default_group().rank()


def get_world_size(group: Any = None) -> int:
    return _default_group().size()


def get_backend(group: Any = None) -> str:
    return _default_group().name()


def _check_rank(rank: int, what: str) -> None:
    size = get_world_size()
    if not 0 <= rank < size:
        raise ValueError(f"{what}: rank {rank} is not in the group of size {size}")


def _done(async_op: bool) -> Work | None:
    return Work() if async_op else None


def _reduced(tensor: Any, op: ReduceOp) -> Any:
    """The reduction over every rank of ``tensor`` (each rank holding it), as a tensor."""
    from frontends import torch

    size = get_world_size()
    if op == ReduceOp.SUM:
        return torch.Tensor._from_native(core.mesh.psum_replicated(tensor.native))
    if op == ReduceOp.PRODUCT:
        return tensor**size
    if op in (ReduceOp.AVG, ReduceOp.MIN, ReduceOp.MAX):
        return tensor
    raise ValueError(f"unsupported ReduceOp {op}")


def _assign(target: Any, value: Any) -> None:
    from frontends import torch

    with torch.no_grad():
        target.copy_(value)


def all_reduce(tensor: Any, op: ReduceOp = ReduceOp.SUM, group: Any = None,
               async_op: bool = False) -> Work | None:  # fmt: skip
    """``tensor`` (in place) reduced over the ranks, each holding ``tensor``."""
    _default_group()
    _assign(tensor, _reduced(tensor, op))
    return _done(async_op)


def reduce(tensor: Any, dst: int = 0, op: ReduceOp = ReduceOp.SUM, group: Any = None,
           async_op: bool = False, group_dst: Any = None) -> Work | None:  # fmt: skip
    """The reduction lands on ``dst``; the controller, rank 0, holds it when ``dst`` is 0."""
    _check_rank(dst, "reduce")
    if dst == 0:
        _assign(tensor, _reduced(tensor, op))
    return _done(async_op)


def broadcast(tensor: Any, src: int = 0, group: Any = None, async_op: bool = False,
              group_src: Any = None) -> Work | None:  # fmt: skip
    """Every rank holds the controller's tensor already: ``tensor`` is unchanged."""
    _check_rank(src, "broadcast")
    return _done(async_op)


def all_gather(tensor_list: list[Any], tensor: Any, group: Any = None,
               async_op: bool = False) -> Work | None:  # fmt: skip
    """Each entry of ``tensor_list`` (one per rank) receives ``tensor``."""
    size = get_world_size()
    if len(tensor_list) != size:
        raise ValueError(
            f"all_gather: tensor_list has {len(tensor_list)} entries for a group of {size}"
        )
    for out in tensor_list:
        _assign(out, tensor)
    return _done(async_op)


def all_gather_into_tensor(output_tensor: Any, input_tensor: Any, group: Any = None,
                           async_op: bool = False) -> Work | None:  # fmt: skip
    """``output_tensor`` receives the ranks' ``input_tensor`` concatenated along dim 0."""
    from frontends import torch

    _assign(output_tensor, torch.cat([input_tensor] * get_world_size()))
    return _done(async_op)


def reduce_scatter(output: Any, input_list: Sequence[Any], op: ReduceOp = ReduceOp.SUM,
                   group: Any = None, async_op: bool = False) -> Work | None:  # fmt: skip
    """Rank 0's share: ``input_list[0]`` reduced over the ranks."""
    size = get_world_size()
    if len(input_list) != size:
        raise ValueError(
            f"reduce_scatter: input_list has {len(input_list)} entries for a group of {size}"
        )
    _assign(output, _reduced(input_list[0], op))
    return _done(async_op)


def reduce_scatter_tensor(output: Any, input: Any, op: ReduceOp = ReduceOp.SUM,
                          group: Any = None, async_op: bool = False) -> Work | None:  # fmt: skip
    """Rank 0's share: the first ``world_size``-th of ``input`` (dim 0), reduced."""
    size = get_world_size()
    if input.shape[0] != output.shape[0] * size:
        raise ValueError(
            f"reduce_scatter_tensor: input of {input.shape[0]} rows for an output of "
            f"{output.shape[0]} rows over {size} ranks"
        )
    _assign(output, _reduced(input[: output.shape[0]], op))
    return _done(async_op)


def barrier(group: Any = None, async_op: bool = False, device_ids: Any = None) -> Work | None:
    """One process: nothing to wait for."""
    _default_group()
    return _done(async_op)


def all_gather_object(object_list: list[Any], obj: Any, group: Any = None) -> None:
    size = get_world_size()
    object_list[:size] = [obj] * size


def broadcast_object_list(object_list: list[Any], src: int = 0, group: Any = None,
                          device: Any = None, group_src: Any = None) -> None:  # fmt: skip
    _check_rank(src, "broadcast_object_list")
