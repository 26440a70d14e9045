"""torch.distributed: what code asks before it uses process groups.

The frontend provides no process-group backend yet, so ``is_available()`` is False, as in
a torch build without distributed support, and libraries take their single-process paths.
No process group is ever initialized: the rank and world-size queries raise torch's
error for that case, and :func:`init_process_group` says that it is not provided.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "get_rank",
    "get_world_size",
    "init_process_group",
    "is_available",
    "is_initialized",
    "is_torchelastic_launched",
]


def is_available() -> bool:
    """False: no distributed backend (gloo, nccl ...) is provided."""
    return False


def is_initialized() -> bool:
    return False


def is_torchelastic_launched() -> bool:
    return False


def _not_initialized() -> ValueError:
    return ValueError(
        "Default process group has not been initialized, please make sure to call "
        "init_process_group."
    )


def get_rank(group: Any = None) -> int:
    raise _not_initialized()


def get_world_size(group: Any = None) -> int:
    raise _not_initialized()


def init_process_group(*args: Any, **kwargs: Any) -> None:
    raise RuntimeError(
        "torch.distributed.init_process_group is not provided by the torch frontend: it has "
        "no process-group backend (torch.distributed.is_available() is False)"
    )
