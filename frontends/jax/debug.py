"""``jax.debug``: ``print``, ``callback`` and ``breakpoint``.

On the jax backend they are real ``jax.debug.print``/``callback`` on the natives of the
arguments, so they print from inside ``jax.jit`` and once per element under ``jax.vmap``,
as in JAX; the callback receives ``jax.Array`` s. Elsewhere functions run eagerly (``jit``
is eager or falls back to eager where a value is read), so the callback runs at once with
the arguments as they are. The sharding visualizers are left out (one device).
"""

from __future__ import annotations

import builtins
import functools
from collections.abc import Callable
from typing import Any

import core
from frontends.jax._src.api import natives_and_wrap

__all__ = ["breakpoint", "callback", "print"]


def callback(callback: Callable[..., None] | None = None, *args: Any, ordered: bool = False,
             partitioned: bool = False, **kwargs: Any) -> Any:  # fmt: skip
    """``jax.debug.callback``: ``callback(*args, **kwargs)``, staged into a ``jax.jit``
    program on the jax backend. ``callback=None`` returns the two-call form."""
    if callback is None:
        return functools.partial(_callback_with, ordered=ordered)
    _callback_with(callback, *args, ordered=ordered, **kwargs)
    return None


def _callback_with(callback: Callable[..., None], *args: Any, ordered: bool = False,
                   **kwargs: Any) -> None:  # fmt: skip
    natives, wrap = natives_and_wrap((args, kwargs))
    if core.current_backend().name != "jax":
        a, k = wrap(natives)
        callback(*a, **k)
        return
    import jax

    def call(*flat: Any) -> None:
        a, k = wrap(list(flat))
        callback(*a, **k)

    jax.debug.callback(call, *natives, ordered=ordered)


class _Field:
    """A stand-in argument: checks a format's fields without formatting a value."""

    def __format__(self, spec: str) -> str:
        return ""


_FIELD = _Field()


def print(fmt: str, *args: Any, ordered: bool = False, partitioned: bool = False,
          skip_format_check: bool = False, **kwargs: Any) -> None:  # fmt: skip
    """``jax.debug.print``: ``print(fmt.format(*args, **kwargs))`` when the values exist."""
    if not skip_format_check:  # JAX checks the fields against the arguments first
        fmt.format(*[_FIELD] * len(args), **dict.fromkeys(kwargs, _FIELD))
    _callback_with(
        lambda *a, **k: builtins.print(fmt.format(*a, **k)), *args, ordered=ordered, **kwargs
    )


def breakpoint(*, backend: Any = None, filter_frames: bool = True, num_frames: Any = None,
               ordered: bool = False, token: Any = None, **kwargs: Any) -> Any:  # fmt: skip
    """``jax.debug.breakpoint``: Python's debugger, entered when the program runs here
    (eagerly; under real ``jax.jit`` on the jax backend, when the function is traced)."""
    import pdb

    pdb.Pdb().set_trace(__import__("sys")._getframe(1))
    return token
