"""torch.random: the default generator's seeding and state, and ``fork_rng``.

The functions are those of ``torch.*`` (defined in :mod:`frontends.torch.random_sampling`);
the streams they seed are the frontend's (see there for how they relate to torch's).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from frontends.torch.random_sampling import (
    Generator,
    default_generator,
    get_rng_state,
    initial_seed,
    manual_seed,
    seed,
    set_rng_state,
)

__all__ = [
    "Generator", "default_generator", "fork_rng", "get_rng_state", "initial_seed",
    "manual_seed", "seed", "set_rng_state", "thread_safe_generator",
]  # fmt: skip


@contextlib.contextmanager
def fork_rng(
    devices: Any = None,
    enabled: bool = True,
    _caller: str = "fork_rng",
    _devices_kw: str = "devices",
    device_type: str = "cuda",
) -> Iterator[None]:
    """Save the default generator's state, run the block, restore the state. There are no
    accelerator generators here, so ``devices`` / ``device_type`` select nothing more."""
    if not enabled:
        yield
        return
    state = get_rng_state()
    try:
        yield
    finally:
        set_rng_state(state)


def thread_safe_generator() -> Generator | None:
    """The generator of the calling DataLoader thread worker, else None (the default
    generator is used). The frontend's DataLoader has no thread workers: always None."""
    return None
