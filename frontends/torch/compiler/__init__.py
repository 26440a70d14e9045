"""torch.compiler: the queries and markers code asks of torch's compiler, answered for the
frontend's :func:`torch.compile` (see :mod:`frontends.torch._compile`).

``is_compiling()`` is True while ``torch.compile`` traces a function (jax and tensorflow
backends); nothing here exports or captures CUDA graphs. The markers (``allow_in_graph``,
``assume_constant_result``, ``nested_compile_region``) return their function: the frontend
traces every function it reaches and keeps every shape static, so they change nothing.
``disable`` marks a function that ``torch.compile`` then runs eagerly when given it directly;
called inside a traced function it is traced too (torch breaks the graph there; the values
are the same).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from frontends.torch._compile import compile, is_compiling, reset

__all__ = [
    "allow_in_graph",
    "assume_constant_result",
    "compile",
    "cudagraph_mark_step_begin",
    "disable",
    "is_compiling",
    "is_dynamo_compiling",
    "is_exporting",
    "nested_compile_region",
    "reset",
]


def is_dynamo_compiling() -> bool:
    """The same as :func:`is_compiling` (the frontend has one tracer)."""
    return is_compiling()


def is_exporting() -> bool:
    """False: ``torch.export`` is not provided."""
    return False


def disable(fn: Any = None, recursive: bool = True, *, reason: str | None = None) -> Any:
    """``fn`` marked as not to be compiled (``@disable`` or ``disable(fn)``)."""
    if fn is None:
        return functools.partial(disable, recursive=recursive, reason=reason)
    if isinstance(fn, type) or not callable(fn):
        return fn

    @functools.wraps(fn)
    def disabled(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    disabled._torchdynamo_disable = True  # type: ignore[attr-defined]
    disabled._torchdynamo_disable_msg = reason  # type: ignore[attr-defined]
    disabled._torchdynamo_orig_callable = fn  # type: ignore[attr-defined]
    return disabled


def allow_in_graph(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn


def assume_constant_result(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn


def nested_compile_region(fn: Any = None, **options: Any) -> Any:
    return (lambda f: f) if fn is None else fn


def cudagraph_mark_step_begin() -> None:
    """Nothing to do: no CUDA graphs are captured."""
