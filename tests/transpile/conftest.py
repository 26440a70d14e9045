"""Shared pieces of the transpile tests."""

from __future__ import annotations

from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"

#: Modules the golden tests pretend the frontends do not provide; everything else of the
#: four frameworks counts as provided, so the golden outputs do not change as the real
#: frontends grow.
NOT_PROVIDED = (
    "torchvision",
    "keras",
    "flax",
    "jax.experimental",
    "tensorflow.keras.applications",
)


def golden_provides(module: str) -> bool:
    return not any(module == name or module.startswith(name + ".") for name in NOT_PROVIDED)
