"""torch.backends.mkldnn: oneDNN's switches, recorded only.

``is_available()`` is False: the frontend runs no oneDNN kernels (``Tensor.to_mkldnn`` is
absent), so code that checks it takes its portable path.
"""

from __future__ import annotations

import sys
from contextlib import AbstractContextManager

from frontends.torch.backends._flags import flags_context

enabled: bool = True
deterministic: bool = False
allow_tf32: bool | None = None
fp32_precision: str = "none"
VERBOSE_OFF = 0
VERBOSE_ON = 1
VERBOSE_ON_CREATION = 2


def is_available() -> bool:
    return False


def flags(
    enabled: bool | None = False,
    deterministic: bool | None = False,
    allow_tf32: bool | None = True,
    fp32_precision: str | None = "none",
) -> AbstractContextManager[None]:
    """Set the flags for a ``with`` block."""
    return flags_context(
        sys.modules[__name__],
        enabled=enabled,
        deterministic=deterministic,
        allow_tf32=allow_tf32,
        fp32_precision=fp32_precision,
    )
