"""torch.jit: TorchScript's markers and decorators, as real torch runs them with the JIT
disabled (``PYTORCH_JIT=0``): nothing is ever being scripted or traced, ``script`` returns
its argument, and ``ignore``/``unused``/``export`` only mark the function, as torch's do.

TorchScript itself (compiling a module to a graph, ``trace``, saving ``.pt`` programs) is
not provided: ``torch.compile`` is how this frontend compiles. :func:`trace` raises saying
so; other TorchScript entry points are absent (an ``AttributeError`` names them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from frontends.torch.jit import annotations

__all__ = [
    "Final",
    "annotate",
    "export",
    "ignore",
    "interface",
    "is_scripting",
    "is_tracing",
    "script",
    "script_if_tracing",
    "trace",
    "trace_module",
    "unused",
]

_F = TypeVar("_F", bound=Callable[..., Any])


class FunctionModifiers:
    """The marks the decorators leave on ``fn._torchscript_modifier`` (torch's strings)."""

    UNUSED = "unused (ignored and replaced with raising of an exception)"
    IGNORE = "ignore (leave as a call to Python, cannot be torch.jit.save'd)"
    EXPORT = "export (compile this function even if nothing calls it)"
    DEFAULT = "default (compile if called from an exported function / forward)"
    COPY_TO_SCRIPT_WRAPPER = "if this method is not scripted, copy the python method onto the scripted model"  # fmt: skip
    _DROP = "_drop (function is fully ignored, declaration can be unscriptable)"


def is_scripting() -> bool:
    """False: code here never runs inside the TorchScript compiler."""
    return False


def is_tracing() -> bool:
    """False: nothing is traced by ``torch.jit.trace`` here (see :func:`trace`)."""
    return False


def script(obj: Any, optimize: Any = None, _frames_up: int = 0, _rcb: Any = None,
           example_inputs: Any = None) -> Any:  # fmt: skip
    """``obj`` itself, as torch returns it with the JIT disabled: the function or module
    runs as Python (``torch.compile`` compiles it)."""
    return obj


def script_if_tracing(fn: _F) -> _F:
    """``fn``: it would be scripted only while tracing, which never happens here."""
    return fn


def interface(obj: Any) -> Any:
    """A TorchScript interface declaration: the class itself."""
    return obj


def annotate(the_type: Any, the_value: Any) -> Any:
    """``the_value`` (the type is for the TorchScript compiler)."""
    return the_value


def export(fn: _F) -> _F:
    fn._torchscript_modifier = FunctionModifiers.EXPORT  # type: ignore[attr-defined]
    return fn


def unused(fn: Any) -> Any:
    """Mark a function (or a property's accessors) as left out of scripting."""
    if isinstance(fn, property):
        for accessor in (fn.fget, fn.fset):
            if accessor is not None:
                accessor._torchscript_modifier = FunctionModifiers.UNUSED
        return fn
    fn._torchscript_modifier = FunctionModifiers.UNUSED
    return fn


def ignore(drop: Any = False, **kwargs: Any) -> Any:
    """``@ignore`` or ``@ignore(drop=...)``: mark a function as left to Python."""
    if callable(drop):
        drop._torchscript_modifier = FunctionModifiers.IGNORE
        return drop
    if not isinstance(drop, bool):
        raise RuntimeError(
            f"Argument to @torch.jit.ignore must be a bool or a function but got {drop}"
        )
    drop = drop or kwargs.pop("drop_on_export", False)

    def decorator(fn: _F) -> _F:
        fn._torchscript_modifier = (  # type: ignore[attr-defined]
            FunctionModifiers.UNUSED if drop else FunctionModifiers.IGNORE
        )
        return fn

    return decorator


def _not_provided(name: str) -> NotImplementedError:
    return NotImplementedError(
        f"torch.jit.{name} is not provided by the torch frontend: TorchScript tracing records "
        "torch's C++ graph, which this frontend does not have. Run the module eagerly, or "
        "compile it with torch.compile(module)"
    )


def trace(func: Any, example_inputs: Any = None, *args: Any, **kwargs: Any) -> Any:
    """Not provided: raises :class:`NotImplementedError` (see the module docstring)."""
    raise _not_provided("trace")


def trace_module(mod: Any, inputs: Any, *args: Any, **kwargs: Any) -> Any:
    """Not provided: raises :class:`NotImplementedError` (see the module docstring)."""
    raise _not_provided("trace_module")
