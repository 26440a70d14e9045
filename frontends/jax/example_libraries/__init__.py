"""``jax.example_libraries``: ``stax`` (layers as ``(init_fun, apply_fun)`` pairs) and
``optimizers`` (``(init, update, get_params)`` triples), written on the frontend's
``jax.numpy``, ``jax.lax``, ``jax.nn`` and ``jax.random`` from JAX's documented behaviour."""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["optimizers", "stax"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return importlib.import_module(f"frontends.jax.example_libraries.{name}")
    raise AttributeError(f"module 'frontends.jax.example_libraries' has no attribute {name!r}")
