"""torch.fx: the names libraries reach before they trace, for a frontend without FX.

FX's symbolic tracing records torch calls into a graph; this frontend records nothing of the
kind, so no :class:`Proxy`, :class:`Node`, :class:`Graph` or :class:`GraphModule` ever exists
here. The classes exist so that ``isinstance(x, torch.fx.Proxy)`` answers False, as it does for
every eager value in real torch; constructing one raises. :func:`wrap` registers a leaf
function as torch's does (it only changes tracing). ``symbolic_trace`` and ``Tracer`` are
absent: the ``AttributeError`` names them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

__all__ = ["Graph", "GraphModule", "Node", "Proxy", "wrap"]

# (id of the module's globals, name) -> globals, as torch keeps them for its tracer
_wrapped_fns_to_patch: dict[tuple[int, str], dict[str, Any]] = {}


def wrap(fn_or_name: str | Callable[..., Any]) -> Any:
    """Register ``fn_or_name`` (a function or the name of a global one) as a leaf for
    symbolic tracing; call it at a module's top level (or use it as a decorator there)."""
    if callable(fn_or_name):
        name = fn_or_name.__name__
    elif isinstance(fn_or_name, str):
        name = fn_or_name
    else:
        raise RuntimeError(
            "Unsupported type for global function! Must be either a callable or string name"
        )
    frame = inspect.currentframe()
    caller = frame.f_back if frame is not None else None
    if caller is None or caller.f_code.co_name != "<module>":
        raise NotImplementedError("wrap must be called at the top level of a module")
    _wrapped_fns_to_patch[(id(caller.f_globals), name)] = caller.f_globals
    return fn_or_name


class _NoTracing:
    """Refuses construction: values of this class come only from FX's symbolic tracing."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError(
            f"torch.fx.{type(self).__name__} is not provided by the torch frontend: FX "
            "symbolic tracing is not implemented (models run eagerly, or through "
            "torch.compile)"
        )


class Proxy(_NoTracing):
    """A value during symbolic tracing."""


class Node(_NoTracing):
    """One operation of an FX graph."""


class Graph(_NoTracing):
    """An FX graph."""


def _graph_module_class() -> type:
    from frontends.torch.nn import Module

    class GraphModule(Module):
        """A module built from an FX graph."""

        __init__ = _NoTracing.__init__

    GraphModule.__module__ = __name__
    return GraphModule


GraphModule = _graph_module_class()
