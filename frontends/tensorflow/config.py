"""``tf.config``: the devices core's backend runs on. The logical devices are the CPU
devices of core's mesh (``core/mesh.py``: real JAX's devices on the jax backend, one
elsewhere), which ``tf.distribute.MirroredStrategy`` runs on; core places arrays through its
backend, not through TF's device names."""

from __future__ import annotations

from typing import Any, NamedTuple

import core.mesh

__all__ = ["LogicalDevice", "PhysicalDevice", "list_logical_devices", "list_physical_devices"]


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
