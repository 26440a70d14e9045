"""The one piece of logic the flag modules share: set module attributes for a ``with``
block and put the old values back after it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from types import ModuleType
from typing import Any


@contextlib.contextmanager
def flags_context(module: ModuleType, **values: Any) -> Iterator[None]:
    """Set the attributes of ``module`` given (not None) for the block; restore them after."""
    changed = {name: value for name, value in values.items() if value is not None}
    saved = {name: getattr(module, name) for name in changed}
    for name, value in changed.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(module, name, value)
