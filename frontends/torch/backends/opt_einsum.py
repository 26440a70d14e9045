"""torch.backends.opt_einsum: the frontend's ``einsum`` does not use opt_einsum, so
``is_available()`` is False, ``enabled`` False and ``strategy`` None, and enabling it raises
torch's ValueError for a torch without opt_einsum."""

from __future__ import annotations

from typing import Any

enabled: bool = False
strategy: str | None = None


def is_available() -> bool:
    return False


def get_opt_einsum() -> Any:
    return None


def set_flags(_enabled: bool | None = None, _strategy: str | None = None) -> tuple[bool, None]:
    old = (enabled, None)
    if _enabled:
        raise ValueError(
            f"opt_einsum is not available, so setting `enabled` to {_enabled} will not reap "
            "the benefits of calculating an optimal path for einsum. torch.einsum will "
            "fall back to contracting from left to right. To enable this optimal path "
            "calculation, please install opt-einsum."
        )
    if _strategy is not None:
        raise ValueError(
            f"opt_einsum is not available, so setting `strategy` to {_strategy} will not be "
            "meaningful. torch.einsum will bypass path calculation and simply contract from "
            "left to right. Please install opt_einsum or unset `strategy`."
        )
    return old
