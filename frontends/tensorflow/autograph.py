"""``tf.autograph``: this frontend traces Python as written (core's compile), so there is
no conversion to turn off or on."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

__all__ = ["experimental"]


def _do_not_convert(func: Callable[..., Any] | None = None) -> Any:
    return func if func is not None else (lambda f: f)


experimental = SimpleNamespace(do_not_convert=_do_not_convert)
