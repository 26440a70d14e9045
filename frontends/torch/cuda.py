"""torch.cuda: what scripts ask before choosing a device."""

from __future__ import annotations

import core


def is_available() -> bool:
    """True only when the backend in use has a GPU (never on the numpy backend)."""
    return core.current_backend().module.has_gpu()


def device_count() -> int:
    return 1 if is_available() else 0


def manual_seed(seed: int) -> None:
    """Seeding CUDA is a no-op here: one generator serves every device."""


def manual_seed_all(seed: int) -> None:
    """Seeding CUDA is a no-op here: one generator serves every device."""


def synchronize(device: object = None) -> None:
    """Nothing to wait for: frontend calls return finished results."""
