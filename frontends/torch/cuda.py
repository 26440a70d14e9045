"""torch.cuda: what scripts and libraries ask before choosing a device.

``is_available()`` is True only when the backend in use has a GPU. Without one, each query
answers as a CPU-only torch build does: counts and memory statistics are 0, the device
queries raise ``AssertionError("Torch not compiled with CUDA enabled")``. The frontend has
no CUDA streams, events or graphs even on a GPU backend (the backend schedules its own
work): :class:`Stream`, :class:`Event` and :class:`CUDAGraph` exist for ``isinstance`` checks
and annotations, and constructing one raises.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import core

__all__ = [
    "CUDAGraph",
    "Event",
    "Stream",
    "StreamContext",
    "current_device",
    "default_generators",
    "device",
    "device_count",
    "empty_cache",
    "get_device_capability",
    "get_device_name",
    "get_device_properties",
    "get_rng_state_all",
    "graph",
    "is_available",
    "is_bf16_supported",
    "is_current_stream_capturing",
    "is_initialized",
    "manual_seed",
    "manual_seed_all",
    "max_memory_allocated",
    "max_memory_reserved",
    "memory_allocated",
    "memory_reserved",
    "set_device",
    "stream",
    "synchronize",
]

default_generators: tuple[Any, ...] = ()


def is_available() -> bool:
    """True only when the backend in use has a GPU (never on the numpy backend)."""
    return core.current_backend().module.has_gpu()


def device_count() -> int:
    return 1 if is_available() else 0


def is_initialized() -> bool:
    return is_available()


def _require_cuda() -> None:
    if not is_available():
        raise AssertionError("Torch not compiled with CUDA enabled")


def current_device() -> int:
    _require_cuda()
    return 0


def set_device(device: Any) -> None:
    _require_cuda()


def synchronize(device: Any = None) -> None:
    """Nothing to wait for: frontend calls return finished results."""
    _require_cuda()


def get_device_name(device: Any = None) -> str:
    _require_cuda()
    return str(core.current_backend().name) + " GPU"


def get_device_capability(device: Any = None) -> tuple[int, int]:
    _require_cuda()
    raise RuntimeError("the frontend does not report a CUDA compute capability")


def get_device_properties(device: Any = None) -> Any:
    _require_cuda()
    raise RuntimeError("the frontend does not report CUDA device properties")


def is_bf16_supported(including_emulation: bool = True) -> bool:
    return is_available()


def is_current_stream_capturing() -> bool:
    return False


def manual_seed(seed: int) -> None:
    """Seeding CUDA is a no-op here: one generator serves every device."""


def manual_seed_all(seed: int) -> None:
    """Seeding CUDA is a no-op here: one generator serves every device."""


def get_rng_state_all() -> list[Any]:
    return []


def empty_cache() -> None:
    """Nothing cached by the frontend to release."""


def memory_allocated(device: Any = None) -> int:
    """0: the frontend does not track device memory (the backend allocates it)."""
    return 0


max_memory_allocated = memory_reserved = max_memory_reserved = memory_allocated


class device:
    """``with torch.cuda.device(i)``: a CUDA device index needs CUDA; -1 or None selects
    nothing, as in torch."""

    def __init__(self, device: Any) -> None:
        self.idx = getattr(device, "index", device)

    def __enter__(self) -> None:
        if self.idx is not None and self.idx >= 0 and not is_available():
            raise RuntimeError("PyTorch was compiled without CUDA support")

    def __exit__(self, *exc_info: Any) -> bool:
        return False


class _NoCudaObject:
    """Refuses construction: the frontend has no CUDA streams, events or graphs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError(
            f"torch.cuda.{type(self).__name__} requires CUDA support (the torch frontend has "
            "no CUDA streams, events or graphs)"
        )


class Stream(_NoCudaObject):
    pass


class Event(_NoCudaObject):
    pass


class CUDAGraph(_NoCudaObject):
    pass


class graph(_NoCudaObject):
    """``with torch.cuda.graph(g)``: CUDA graph capture."""


class StreamContext:
    """``with torch.cuda.stream(s)``: None selects no stream, as in torch."""

    def __init__(self, stream: Stream | None) -> None:
        if stream is not None:
            raise RuntimeError("torch.cuda.StreamContext: the torch frontend has no CUDA streams")
        self.stream = stream

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc_info: Any) -> bool:
        return False


@contextlib.contextmanager
def stream(stream: Stream | None) -> Iterator[None]:
    with StreamContext(stream):
        yield
