"""``jax.distributed``: joining a multi-process (multi-host) JAX cluster.

On the jax backend these are real JAX's: ``initialize()`` connects this process to the
cluster (arguments or the launcher's environment: SLURM, Kubernetes, Cloud TPU), after
which ``jax.devices()`` lists every process's devices. The other backends have one
process and one device: ``initialize`` accepts a cluster of one process only.
"""

from __future__ import annotations

from typing import Any

from frontends.jax._src import sharding

__all__ = ["initialize", "is_initialized", "shutdown"]

_ONE_PROCESS = {"initialized": False}


def initialize(coordinator_address: str | None = None, num_processes: int | None = None,
               process_id: int | None = None, local_device_ids: Any = None,
               **kwargs: Any) -> None:  # fmt: skip
    if sharding.on_jax():
        sharding.real_jax().distributed.initialize(
            coordinator_address, num_processes, process_id, local_device_ids, **kwargs
        )
        return
    if num_processes not in (None, 1) or process_id not in (None, 0):
        raise NotImplementedError(
            f"jax.distributed.initialize(num_processes={num_processes}, "
            f"process_id={process_id}): a cluster of several processes needs the jax "
            "backend (core.set_backend('jax')); the other backends run one process"
        )
    if _ONE_PROCESS["initialized"]:
        raise RuntimeError("distributed.initialize should only be called once.")
    _ONE_PROCESS["initialized"] = True


def is_initialized() -> bool:
    if sharding.on_jax():
        return sharding.real_jax().distributed.is_initialized()
    return _ONE_PROCESS["initialized"]


def shutdown() -> None:
    if sharding.on_jax():
        sharding.real_jax().distributed.shutdown()
        return
    _ONE_PROCESS["initialized"] = False
