"""torch.accelerator: the device-agnostic accelerator queries.

The accelerator is CUDA when the backend in use has a GPU (as :mod:`torch.cuda` reports),
else there is none: ``current_accelerator()`` is None and the device queries raise torch's
``RuntimeError``, as on a CPU-only build.
"""

from __future__ import annotations

from typing import Any

from frontends.torch import cuda
from frontends.torch._device import device as _device

__all__ = [
    "current_accelerator",
    "current_device_index",
    "device_count",
    "empty_cache",
    "is_available",
    "memory_allocated",
    "set_device_index",
    "synchronize",
]


def is_available() -> bool:
    return cuda.is_available()


def device_count() -> int:
    return cuda.device_count()


def current_accelerator(check_available: bool = False) -> _device | None:
    return _device("cuda") if cuda.is_available() else None


def _require() -> None:
    if not cuda.is_available():
        raise RuntimeError("Cannot access accelerator device when none is available.")


def current_device_index() -> int:
    _require()
    return 0


current_device_idx = current_device_index


def set_device_index(device: Any, /) -> None:
    _require()


set_device_idx = set_device_index


def synchronize(device: Any = None, /) -> None:
    _require()


def empty_cache() -> None:
    _require()


def memory_allocated(device_index: Any = None, /) -> int:
    _require()
    return 0
