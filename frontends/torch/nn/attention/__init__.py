"""torch.nn.attention: ``SDPBackend``, the ``sdpa_kernel`` context manager and the flash
attention implementation registry.

``scaled_dot_product_attention`` computes the same way whichever kernels are enabled (it
is written with core functions, one implementation per backend), so ``sdpa_kernel``
checks its argument and records the choice in ``torch.backends.cuda``'s switches for the
block, as torch does, without changing any result. The registry keeps what providers
register; ``FA3``/``FA4`` are listed as in torch, and activating them raises (they are
CUDA kernels).
"""

from __future__ import annotations

import contextlib
import enum
import logging
from collections.abc import Callable, Iterator
from typing import Any

__all__ = [
    "SDPBackend",
    "sdpa_kernel",
    "WARN_FOR_UNFUSED_KERNELS",
    "register_flash_attention_impl",
    "activate_flash_attention_impl",
    "list_flash_attention_impls",
    "current_flash_attention_impl",
    "restore_flash_attention_impl",
]

WARN_FOR_UNFUSED_KERNELS = False


class SDPBackend(enum.IntEnum):
    """The kernels of scaled dot product attention (torch's values)."""

    ERROR = -1
    MATH = 0
    FLASH_ATTENTION = 1
    EFFICIENT_ATTENTION = 2
    CUDNN_ATTENTION = 3
    OVERRIDEABLE = 4


# torch.backends.cuda switch -> backend ("overrideable" has no switch there)
_SWITCHES = {
    "cudnn": SDPBackend.CUDNN_ATTENTION,
    "flash": SDPBackend.FLASH_ATTENTION,
    "mem_efficient": SDPBackend.EFFICIENT_ATTENTION,
    "math": SDPBackend.MATH,
}


@contextlib.contextmanager
def sdpa_kernel(
    backends: list[SDPBackend] | SDPBackend, set_priority: bool = False
) -> Iterator[dict[str, Any]]:
    """Enable only ``backends`` inside the block (recorded only: see the module docstring;
    ``set_priority`` is accepted and has no effect)."""
    if not isinstance(backends, (list, SDPBackend)):
        raise AssertionError(
            "Backend must be an instance of SDPBackend or a list of SDPBackend instances, "
            f"got {type(backends).__name__}"
        )
    if isinstance(backends, SDPBackend):
        backends = [backends]
    from frontends.torch.backends import cuda

    previous = dict(cuda._SDP)
    try:
        cuda._SDP.update({name: backend in backends for name, backend in _SWITCHES.items()})
        yield {}
    finally:
        cuda._SDP.update(previous)


_logger = logging.getLogger(__name__)


def _cuda_only(name: str) -> Callable[[], None]:
    def register() -> None:
        raise RuntimeError(
            f"activate_flash_attention_impl: the {name} flash attention kernels need CUDA, "
            "which this frontend does not run on; scaled_dot_product_attention computes "
            "the same values without them"
        )

    return register


_FLASH_ATTENTION_IMPLS: dict[str, Callable[..., Any]] = {
    "FA3": _cuda_only("FA3"),
    "FA4": _cuda_only("FA4"),
}
_FLASH_ATTENTION_ACTIVE: tuple[str, Any] | None = None


def register_flash_attention_impl(impl: str, *, register_fn: Callable[..., Any]) -> None:
    """Register the callable that activates a flash attention implementation."""
    _FLASH_ATTENTION_IMPLS[impl] = register_fn


def activate_flash_attention_impl(impl: str) -> None:
    """Call the registered activation of ``impl`` (keeping the handle it returns)."""
    global _FLASH_ATTENTION_ACTIVE
    restore_flash_attention_impl(_raise_warn=False)
    register_fn = _FLASH_ATTENTION_IMPLS.get(impl)
    if register_fn is None:
        raise ValueError(
            f"Unknown flash attention impl '{impl}'. Available implementations: "
            f"{list_flash_attention_impls()}"
        )
    handle = register_fn()
    if handle is not None:
        _FLASH_ATTENTION_ACTIVE = (impl, handle)


def list_flash_attention_impls() -> list[str]:
    return sorted(_FLASH_ATTENTION_IMPLS)


def current_flash_attention_impl() -> str | None:
    return None if _FLASH_ATTENTION_ACTIVE is None else _FLASH_ATTENTION_ACTIVE[0]


def restore_flash_attention_impl(_raise_warn: bool = True) -> None:
    """Remove the activated implementation (its handle's ``remove``)."""
    global _FLASH_ATTENTION_ACTIVE
    handle = None if _FLASH_ATTENTION_ACTIVE is None else _FLASH_ATTENTION_ACTIVE[1]
    if handle is not None:
        handle.remove()
        _FLASH_ATTENTION_ACTIVE = None
    elif _raise_warn:
        _logger.warning("Trying to restore default FA2 impl when no custom impl was activated")
