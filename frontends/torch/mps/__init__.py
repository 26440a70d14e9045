"""torch.mps: Apple GPUs, which no backend here runs on. Answers as torch does without the
MPS backend: not available, and the memory and synchronization calls raise."""

from __future__ import annotations

from typing import Any

__all__ = [
    "current_allocated_memory",
    "device_count",
    "driver_allocated_memory",
    "empty_cache",
    "is_available",
    "recommended_max_memory",
    "synchronize",
]


def is_available() -> bool:
    return False


def device_count() -> int:
    return 0


def _without_mps(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"Cannot execute {name}() without MPS backend.")

    call.__name__ = name
    return call


empty_cache = _without_mps("emptyCache")
current_allocated_memory = _without_mps("getCurrentAllocatedMemory")
driver_allocated_memory = _without_mps("getDriverAllocatedMemory")
recommended_max_memory = _without_mps("getRecommendedMaxMemory")
synchronize = _without_mps("deviceSynchronize")
