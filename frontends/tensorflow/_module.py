"""tf.Module: variable and submodule tracking by walking attributes, and name scopes.

``name_scope`` here is TF's eager ``tf.name_scope``: it prefixes the names of Variables
created inside it (``scope/name:0``), which is all a name scope does in eager mode.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from frontends.tensorflow import _variable, nest
from frontends.tensorflow._tracking import PENDING, notify
from frontends.tensorflow._variable import Variable

__all__ = ["Module", "name_scope"]

_VALID_NAME = re.compile(r"^[A-Za-z][\w.-]*$")


class name_scope:
    """tf.name_scope(name): Variables created inside are named ``name/...``."""

    def __init__(self, name: str) -> None:
        if not isinstance(name, str) or (name and not _VALID_NAME.match(name.rstrip("/"))):
            raise ValueError(f"'{name}' is not a valid scope name. A scope name has to match the "
                             "following pattern: ^[A-Za-z0-9_.\\\\/>-]*$")  # fmt: skip
        self._name = name
        self._pushed = 0

    @property
    def name(self) -> str:
        return self._name

    def __enter__(self) -> str:
        name = self._name
        if name.endswith("/"):  # an absolute scope replaces the stack
            self._saved = list(_variable.NAME_SCOPES)
            _variable.NAME_SCOPES[:] = [name.rstrip("/")] if name.rstrip("/") else []
        else:
            self._saved = None
            if name:
                _variable.NAME_SCOPES.append(name)
        scope = "/".join(_variable.NAME_SCOPES)
        return scope + "/" if scope else ""

    def __exit__(self, *exc: Any) -> None:
        if self._saved is not None:
            _variable.NAME_SCOPES[:] = self._saved
        elif self._name:
            _variable.NAME_SCOPES.pop()


def _camel_to_snake(name: str) -> str:
    step = re.sub(r"(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", step).lower()


_IGNORED = frozenset(("_self_unconditional_checkpoint_dependencies",
                      "_self_unconditional_dependency_names"))  # fmt: skip


class Module:
    """tf.Module(name=None): ``variables``, ``trainable_variables``, ``submodules`` found by
    walking attributes (sorted by name, nested lists/tuples/dicts, own attributes before
    submodules' as TF does); ``name_scope`` names the variables created inside it."""

    _TF_MODULE_IGNORED_PROPERTIES = _IGNORED

    def __init__(self, name: str | None = None) -> None:
        if name is None:
            name = _camel_to_snake(type(self).__name__)
        elif not _VALID_NAME.match(name):
            raise ValueError(
                f"'{name}' is not a valid module name. Module names must be valid Python "
                "identifiers (e.g. a valid class name)."
            )
        self._name = name
        outer = "/".join(_variable.NAME_SCOPES)
        self._scope_name = f"{outer}/{name}/" if outer else f"{name}/"

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if PENDING:  # checkpoint values waiting for variables made after a restore
            notify(self)

    @property
    def name(self) -> str:
        return self._name

    @property
    def name_scope(self) -> name_scope:
        return name_scope(self._scope_name)

    @property
    def variables(self) -> tuple[Variable, ...]:
        return tuple(self._flatten(predicate=lambda v: isinstance(v, Variable)))

    @property
    def trainable_variables(self) -> tuple[Variable, ...]:
        return tuple(self._flatten(predicate=lambda v: isinstance(v, Variable) and v.trainable))

    @property
    def non_trainable_variables(self) -> tuple[Variable, ...]:
        return tuple(self._flatten(predicate=lambda v: isinstance(v, Variable) and not v.trainable))

    @property
    def submodules(self) -> tuple[Module, ...]:
        return tuple(self._flatten(predicate=lambda v: isinstance(v, Module)))

    def _flatten(self, recursive: bool = True, predicate: Callable[[Any], bool] | None = None,
                 attribute_traversal_key: Any = None, with_path: bool = False,
                 expand_composites: bool = False) -> Iterator[Any]:  # fmt: skip
        predicate = predicate or (lambda _: True)
        return _walk(self, recursive, predicate, attribute_traversal_key, set(), [])

    @classmethod
    def with_name_scope(cls, method: Callable[..., Any]) -> Callable[..., Any]:
        import functools

        @functools.wraps(method)
        def wrapped(self: Module, *args: Any, **kwargs: Any) -> Any:
            with self.name_scope:
                return method(self, *args, **kwargs)

        return wrapped

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.{type(self).__name__} object at {hex(id(self))}>"


def _walk(module: Module, recursive: bool, predicate: Callable[[Any], bool], key: Any,
          seen: set[int], stack: list[int]) -> Iterator[Any]:  # fmt: skip
    if id(module) in stack:
        return
    attributes = vars(module)
    submodules = []
    for name in sorted(attributes, key=key):
        if name in _IGNORED:
            continue
        for leaf in nest.flatten(attributes[name]):
            if id(leaf) in seen:
                continue
            seen.add(id(leaf))
            if predicate(leaf):
                yield leaf
            if recursive and isinstance(leaf, Module):
                submodules.append(leaf)
    stack.append(id(module))
    for submodule in submodules:
        yield from _walk(submodule, recursive, predicate, key, seen, stack)
    stack.pop()
