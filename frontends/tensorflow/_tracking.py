"""Deferred restoration: checkpoint values kept for objects created after a restore.

``tf.train.Checkpoint.restore`` assigns the variables that exist; a saved value whose
object does not exist yet (a layer's variables before its first call, an optimizer's
slots before its first step) waits on the nearest existing object above it. That object
calls :func:`notify` when it gains children (tf.Module does on every attribute set), and
the waiting values are restored then, as TF restores them when the objects are created.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

__all__ = ["PENDING", "notify", "wait"]

# id(object) -> (a weak reference to it, what restores the values waiting on it)
PENDING: dict[int, tuple[weakref.ref, Callable[[Any], None]]] = {}


def wait(owner: Any, restore: Callable[[Any], None]) -> None:
    """Have ``restore(owner)`` run the next time ``owner`` gains children."""
    key = id(owner)
    PENDING[key] = (weakref.ref(owner, lambda _: PENDING.pop(key, None)), restore)


def notify(owner: Any) -> None:
    """``owner`` gained children: restore the values waiting on it."""
    entry = PENDING.pop(id(owner), None)
    if entry is not None and entry[0]() is owner:
        entry[1](owner)
