"""torch.autocast: mixed precision regions.

What runs as torch runs it: a disabled region (``enabled=False``, the form libraries use to
keep a block in float32), a CUDA region without CUDA (torch warns and disables it), a CPU
region with a dtype CPU autocast does not take (warns, disabled), and the queries
(``torch.is_autocast_enabled``, ``torch.get_autocast_dtype``). An enabled CPU region is
refused with ``NotImplementedError``: torch then runs its listed ops (``linear``,
``matmul``, ``conv`` ...) in bfloat16 or float16 and the rest in float32, which the frontend
does not reproduce, and running the region in float32 would give other numbers silently.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any

from frontends.torch import _dtype, cuda

__all__ = ["autocast", "get_autocast_dtype", "is_autocast_available", "is_autocast_enabled"]

_DEVICE_TYPES = ("cpu", "cuda", "xpu", "mps", "meta", "hpu", "mtia", "xla", "ipu")
_default_dtypes = {"cpu": _dtype.bfloat16}


def is_autocast_available(device_type: str) -> bool:
    return device_type in ("cpu", "cuda", "xpu", "mps", "hpu", "mtia", "xla", "ipu")


def is_autocast_enabled(device_type: str | None = None) -> bool:
    """Whether autocast is on for ``device_type``: never here (an enabled region raises)."""
    return False


def get_autocast_dtype(device_type: str) -> _dtype.dtype:
    return _default_dtypes.get(device_type, _dtype.float16)


def _cast(value: Any, device_type: str, dtype: _dtype.dtype) -> Any:
    """Floating tensors in ``value`` (nested lists, tuples, dicts) cast to ``dtype``."""
    from frontends.torch._tensor import Tensor

    if isinstance(value, Tensor):
        return value.to(dtype) if value.is_floating_point() else value
    if isinstance(value, list | tuple):
        return type(value)(_cast(v, device_type, dtype) for v in value)
    if isinstance(value, dict):
        return {k: _cast(v, device_type, dtype) for k, v in value.items()}
    return value


class autocast:
    """``with torch.autocast(device_type, dtype=None, enabled=True)``, or as a decorator."""

    def __init__(self, device_type: str, dtype: _dtype.dtype | None = None, enabled: bool = True,
                 cache_enabled: bool | None = None) -> None:  # fmt: skip
        if not isinstance(device_type, str):
            raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
        if device_type not in _DEVICE_TYPES:
            raise RuntimeError(
                f"Expected one of {', '.join(_DEVICE_TYPES)} device type at start of device "
                f"string: {device_type}"
            )
        self.device = device_type
        self.fast_dtype = dtype if dtype is not None else get_autocast_dtype(device_type)
        self._enabled = enabled
        if enabled and device_type == "cuda" and not cuda.is_available():
            warnings.warn(
                "CUDA is not available or torch_xla is imported. Disabling autocast.",
                stacklevel=2,
            )
            self._enabled = False
        if self._enabled and device_type == "cpu" and self.fast_dtype not in (
            _dtype.bfloat16, _dtype.float16,
        ):  # fmt: skip
            warnings.warn(
                "In CPU autocast, but the target dtype is not supported. Disabling autocast.\n"
                "CPU Autocast only supports dtypes of torch.bfloat16, torch.float16 currently.",
                stacklevel=2,
            )
            self._enabled = False

    def __enter__(self) -> None:
        if self._enabled:
            raise NotImplementedError(
                f"torch.autocast({self.device!r}, dtype={self.fast_dtype}) is not provided by "
                "the torch frontend: torch runs some ops in reduced precision there, which the "
                "frontend does not reproduce. Cast the model instead (model.to(torch.bfloat16)) "
                "or run in float32."
            )

    def __exit__(self, *exc_info: Any) -> None:
        return None

    def __call__(self, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def decorated(*args: Any, **kwargs: Any) -> Any:
            with self:
                return function(*args, **kwargs)

        return decorated
