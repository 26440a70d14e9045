"""``jax.experimental.mesh_utils``: device arrays for meshes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

from frontends.jax._src import api

__all__ = ["create_device_mesh"]


def create_device_mesh(mesh_shape: Sequence[int], devices: Any = None, *,
                       contiguous_submeshes: bool = False,
                       allow_split_physical_axes: bool = False) -> numpy.ndarray:  # fmt: skip
    """The devices (``jax.devices()`` by default) as an array of ``mesh_shape``."""
    devices = api.devices() if devices is None else list(devices)
    shape = tuple(mesh_shape)
    if int(numpy.prod(shape)) != len(devices):
        raise ValueError(
            f"Number of devices {len(devices)} must equal the product of mesh_shape {shape}"
        )
    array = numpy.empty(len(devices), dtype=object)
    array[:] = devices
    return array.reshape(shape)
