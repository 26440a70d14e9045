"""torch.xpu: Intel GPUs, which no backend here runs on. Answers as a torch build without
XPU support: not available, no devices, memory statistics 0, device queries raise."""

from __future__ import annotations

from typing import Any

__all__ = [
    "current_device",
    "device_count",
    "empty_cache",
    "get_device_name",
    "get_device_properties",
    "is_available",
    "is_bf16_supported",
    "manual_seed",
    "manual_seed_all",
    "max_memory_allocated",
    "memory_allocated",
    "memory_reserved",
    "reset_peak_memory_stats",
    "synchronize",
]


def is_available() -> bool:
    return False


def device_count() -> int:
    return 0


def is_bf16_supported(including_emulation: bool = True) -> bool:
    return False


def _no_xpu(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("Torch not compiled with XPU enabled")


current_device = synchronize = get_device_name = get_device_properties = _no_xpu
set_device = get_device_capability = _no_xpu


def memory_allocated(device: Any = None) -> int:
    return 0


max_memory_allocated = memory_reserved = memory_allocated


def empty_cache() -> None:
    """Nothing to release."""


def reset_peak_memory_stats(device: Any = None) -> None:
    """Nothing to reset."""


def manual_seed(seed: int) -> None:
    """No XPU generator to seed."""


manual_seed_all = manual_seed


def is_current_stream_capturing() -> bool:
    return False
