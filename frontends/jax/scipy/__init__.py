"""``jax.scipy``: ``special``, ``stats`` and ``linalg`` on core backends (submodules load
lazily)."""

from __future__ import annotations

import importlib
from typing import Any

_SUBMODULES = ("special", "stats", "linalg")


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"frontends.jax.scipy.{name}")
    raise AttributeError(f"module 'frontends.jax.scipy' has no attribute {name!r}")
