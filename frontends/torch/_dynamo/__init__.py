"""torch._dynamo: the markers and switches libraries reach in torch's graph tracer,
answered for the frontend's ``torch.compile`` (see :mod:`frontends.torch.compiler`).

The frontend's compile traces whole calls with static shapes, so the shape markers
(``mark_dynamic``, ``mark_static``, ``mark_static_address`` ...) record nothing; ``config``
holds torch's option names and defaults, which the frontend's compile does not read.
"""

from __future__ import annotations

from typing import Any

from frontends.torch._dynamo import config, exc
from frontends.torch.compiler import (
    allow_in_graph,
    assume_constant_result,
    disable,
    is_compiling,
    reset,
)

__all__ = [
    "allow_in_graph",
    "assume_constant_result",
    "config",
    "disable",
    "disallow_in_graph",
    "exc",
    "graph_break",
    "is_compiling",
    "mark_dynamic",
    "mark_static",
    "mark_static_address",
    "maybe_mark_dynamic",
    "reset",
]


def mark_static_address(t: Any, guard: bool = True) -> None:
    """Nothing to record: a compiled program here takes its state as inputs."""


def mark_dynamic(t: Any, index: Any, *, min: int | None = None, max: int | None = None,
                 specialize_on: Any = None) -> None:  # fmt: skip
    """Nothing to record: the frontend compiles one program per shape."""


def maybe_mark_dynamic(t: Any, index: Any) -> None:
    """Nothing to record: the frontend compiles one program per shape."""


def mark_static(t: Any, index: Any = None) -> None:
    """Nothing to record: every shape is static here."""


def disallow_in_graph(fn: Any) -> Any:
    return fn


def graph_break(msg: str = "") -> None:
    """Nothing to do: a traced call here is one program (values are the same)."""
