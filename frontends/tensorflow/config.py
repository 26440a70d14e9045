"""``tf.config``: the devices core's backend runs on. The logical devices are the CPU
devices of core's mesh (``core/mesh.py``: real JAX's devices on the jax backend, one
elsewhere), which ``tf.distribute.MirroredStrategy`` runs on; core places arrays through its
backend, not through TF's device names."""

from __future__ import annotations

from typing import Any, NamedTuple

import core.mesh

__all__ = [
    "LogicalDevice", "LogicalDeviceConfiguration", "PhysicalDevice", "functions_run_eagerly",
    "list_logical_devices", "list_physical_devices", "run_functions_eagerly",
    "set_logical_device_configuration",
]  # fmt: skip


class PhysicalDevice(NamedTuple):
    name: str
    device_type: str


class LogicalDevice(NamedTuple):
    name: str
    device_type: str


def list_physical_devices(device_type: Any = None) -> list[PhysicalDevice]:
    if device_type not in (None, "CPU"):
        return []
    return [PhysicalDevice("/physical_device:CPU:0", "CPU")]


def list_logical_devices(device_type: Any = None) -> list[LogicalDevice]:
    if device_type not in (None, "CPU"):
        return []
    return [
        LogicalDevice(f"/job:localhost/replica:0/task:0/device:CPU:{i}", "CPU")
        for i in range(core.mesh.device_count())
    ]


class LogicalDeviceConfiguration(NamedTuple):
    memory_limit: Any = None
    experimental_priority: Any = None
    experimental_device_ordinal: Any = None


def set_logical_device_configuration(device: PhysicalDevice, logical_devices: Any) -> None:
    """Accepted when it asks for the logical CPU devices there are (core's mesh): the
    devices are the backend's, simulated on the jax backend with ``XLA_FLAGS`` (TF splits
    its CPU instead)."""
    count, have = len(list(logical_devices or ())), core.mesh.device_count()
    if device.device_type == "CPU" and count not in (0, have):
        raise ValueError(
            f"the logical CPU devices here are core's mesh ({have}); for {count}, run on the "
            f"jax backend with XLA_FLAGS=--xla_force_host_platform_device_count={count} set "
            "before JAX starts"
        )


def run_functions_eagerly(run_eagerly: bool) -> None:
    """Make every tf.function run its Python function eagerly (no compiled call)."""
    from frontends.tensorflow._function import RUN_EAGERLY

    RUN_EAGERLY[0] = bool(run_eagerly)


def functions_run_eagerly() -> bool:
    from frontends.tensorflow._function import RUN_EAGERLY

    return RUN_EAGERLY[0]
