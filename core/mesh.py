"""The device mesh that ``torch.distributed``'s single controller runs on.

On the jax backend: real JAX's devices as a one-axis mesh (axis ``"rank"``, ``Auto``), and
natives placed on it with real ``jax.device_put``; a placed array's operations then run
partitioned by XLA, and results are the same as on one device
(``core/backends/jax/mesh.py``). On the other backends there is one device and placing
does nothing.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from core.backend import current_backend

__all__ = ["AXIS", "device_count", "is_placed", "place", "psum_replicated"]

AXIS = "rank"


def _jax_mesh() -> ModuleType | None:
    """The jax backend's mesh module, or None on the other backends."""
    if current_backend().name != "jax":
        return None
    from core.backends.jax import mesh

    return mesh


def device_count() -> int:
    mesh = _jax_mesh()
    return mesh.device_count() if mesh else 1


def place(native: Any, dim: int | None) -> Any:
    """``native`` split along ``dim`` over the mesh's devices (replicated when ``dim`` is
    None or its size does not divide evenly)."""
    mesh = _jax_mesh()
    return mesh.place(native, dim) if mesh else native


def is_placed(native: Any) -> bool:
    """Whether ``native`` lives on the whole mesh (placed by :func:`place`)."""
    mesh = _jax_mesh()
    return mesh.is_placed(native) if mesh else False


def psum_replicated(native: Any) -> Any:
    """The sum over the mesh's devices of ``native``, each device holding all of it:
    real ``jax.lax.psum`` in a ``shard_map`` on jax (``device_count() * native``)."""
    mesh = _jax_mesh()
    return mesh.psum_replicated(native) if mesh else native
