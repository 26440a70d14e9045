"""torch's process-wide settings that have no effect on results here.

``set_num_threads`` and ``set_num_interop_threads`` record the count and are reported
back by the getters (the backend keeps its own thread pools); the deterministic-algorithm,
matmul-precision, warn-always and flush-denormal switches are recorded likewise: every
backend here computes the same way whatever they say.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = [
    "are_deterministic_algorithms_enabled", "get_deterministic_debug_mode",
    "get_float32_matmul_precision", "get_num_interop_threads", "get_num_threads",
    "init_num_threads", "is_deterministic_algorithms_warn_only_enabled",
    "is_warn_always_enabled", "set_deterministic_debug_mode", "set_float32_matmul_precision",
    "set_flush_denormal", "set_num_interop_threads", "set_num_threads", "set_warn_always",
    "use_deterministic_algorithms",
]  # fmt: skip

_STATE: dict[str, Any] = {
    "num_threads": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1,
    "deterministic": False,
    "warn_only": False,
    "matmul_precision": "highest",
    "warn_always": False,
}
_STATE["interop_threads"] = _STATE["num_threads"]
_PRECISIONS = ("highest", "high", "medium")
_DEBUG_MODES = {"default": 0, "warn": 1, "error": 2}


def get_num_threads() -> int:
    return _STATE["num_threads"]


def set_num_threads(int: int) -> None:
    if int <= 0:
        raise RuntimeError("set_num_threads expects a positive integer")
    _STATE["num_threads"] = int


def get_num_interop_threads() -> int:
    return _STATE["interop_threads"]


def set_num_interop_threads(int: int) -> None:
    if int <= 0:
        raise RuntimeError("Expected positive number of threads")
    _STATE["interop_threads"] = int


def init_num_threads() -> None:
    """Nothing to initialize here."""


def use_deterministic_algorithms(mode: bool, *, warn_only: bool = False) -> None:
    _STATE["deterministic"], _STATE["warn_only"] = bool(mode), bool(warn_only)


def are_deterministic_algorithms_enabled() -> bool:
    return _STATE["deterministic"]


def is_deterministic_algorithms_warn_only_enabled() -> bool:
    return _STATE["warn_only"]


def set_deterministic_debug_mode(debug_mode: str | int) -> None:
    mode = _DEBUG_MODES.get(debug_mode, debug_mode) if isinstance(debug_mode, str) else debug_mode
    if mode not in (0, 1, 2):
        raise RuntimeError(
            "invalid value of debug_mode, expected one of `default`, `warn`, `error`, but got "
            f"{debug_mode}"
        )
    use_deterministic_algorithms(mode != 0, warn_only=mode == 1)


def get_deterministic_debug_mode() -> int:
    if not _STATE["deterministic"]:
        return 0
    return 1 if _STATE["warn_only"] else 2


def set_float32_matmul_precision(precision: str) -> None:
    if precision not in _PRECISIONS:
        raise RuntimeError(f"Invalid precision: {precision}")
    _STATE["matmul_precision"] = precision


def get_float32_matmul_precision() -> str:
    return _STATE["matmul_precision"]


def set_warn_always(b: bool) -> None:
    _STATE["warn_always"] = bool(b)


def is_warn_always_enabled() -> bool:
    return _STATE["warn_always"]


def set_flush_denormal(mode: bool) -> bool:
    """Returns False: flushing denormals is not supported here (torch returns False where
    the CPU lacks it)."""
    return False
