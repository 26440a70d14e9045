"""torch.backends.cudnn: cuDNN's switches, recorded only (there is no cuDNN here).

``is_available()`` is False and ``version()`` None, as on a torch build without CUDA.
"""

from __future__ import annotations

import sys
from contextlib import AbstractContextManager

from frontends.torch.backends._flags import flags_context

enabled: bool = True
benchmark: bool = False
benchmark_limit: int | None = None
deterministic: bool = False
allow_tf32: bool = True
fp32_precision: str = "none"
depthwise_kernel: str = "default"


def is_available() -> bool:
    """Whether cuDNN can be used: never here."""
    return False


def version() -> int | None:
    """cuDNN's version: None (not present)."""
    return None


def is_acceptable(tensor: object) -> bool:
    """Whether cuDNN would take ``tensor``: never here."""
    return False


def flags(
    enabled: bool | None = False,
    benchmark: bool | None = False,
    benchmark_limit: int | None = 10,
    deterministic: bool | None = False,
    allow_tf32: bool | None = True,
    fp32_precision: str | None = "none",
) -> AbstractContextManager[None]:
    """Set the flags for a ``with`` block (torch's defaults for the arguments)."""
    return flags_context(
        sys.modules[__name__],
        enabled=enabled,
        benchmark=benchmark,
        deterministic=deterministic,
        allow_tf32=allow_tf32,
        fp32_precision=fp32_precision,
    )


def set_flags(
    _enabled: bool | None = None,
    _benchmark: bool | None = None,
    _benchmark_limit: int | None = None,
    _deterministic: bool | None = None,
    _allow_tf32: bool | None = None,
    _fp32_precision: str = "none",
) -> tuple[bool, bool, int | None, bool, bool, str]:
    """Set the flags given; return the old ones (torch's order)."""
    module = sys.modules[__name__]
    old = (enabled, benchmark, None, deterministic, allow_tf32, fp32_precision)
    for name, value in (
        ("enabled", _enabled),
        ("benchmark", _benchmark),
        ("deterministic", _deterministic),
        ("allow_tf32", _allow_tf32),
    ):
        if value is not None:
            setattr(module, name, value)
    return old
