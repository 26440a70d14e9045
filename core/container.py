"""core.Container: a nested dict with attribute access, mapped over by every core function.

Passing a Container in place of any argument of a core function applies the function to
each leaf (several Containers must share their nested structure) and returns a Container
of the results, as seed 004's nestable functions do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["Container"]


class Container(dict):
    """``Container(a=x, b={"c": y})``; nested dicts become Containers, ``cont.b.c is y``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            if isinstance(value, dict) and not isinstance(value, Container):
                super().__setitem__(key, Container(value))

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"Container has no key {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        self[name] = Container(value) if isinstance(value, dict) else value

    def __delattr__(self, name: str) -> None:
        del self[name]

    def leaves(self, prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
        """(path, leaf) pairs, depth first in key order."""
        for key, value in self.items():
            if isinstance(value, Container):
                yield from value.leaves(prefix + (key,))
            else:
                yield prefix + (key,), value

    def map(self, function: Callable[[Any], Any]) -> Container:
        """A Container of the same structure holding ``function(leaf)``."""
        return Container(
            {
                key: value.map(function) if isinstance(value, Container) else function(value)
                for key, value in self.items()
            }
        )

    def at(self, path: tuple[str, ...]) -> Any:
        node: Any = self
        for key in path:
            node = node[key]
        return node

    @staticmethod
    def call_leafwise(function: Callable[..., Any], args: tuple, kwargs: dict) -> Container:
        """Apply ``function`` leaf by leaf to the Containers among ``args`` and ``kwargs``."""
        containers = [a for a in (*args, *kwargs.values()) if isinstance(a, Container)]
        structure = containers[0]
        paths = [path for path, _ in structure.leaves()]
        for other in containers[1:]:
            if [path for path, _ in other.leaves()] != paths:
                raise ValueError("Containers passed to one call must share their nested structure")

        def pick(value: Any, path: tuple[str, ...]) -> Any:
            return value.at(path) if isinstance(value, Container) else value

        result = Container()
        for path in paths:
            node = result
            for key in path[:-1]:
                node = node.setdefault(key, Container())
            node[path[-1]] = function(
                *(pick(a, path) for a in args), **{k: pick(v, path) for k, v in kwargs.items()}
            )
        return result

    def __repr__(self) -> str:
        return f"Container({dict.__repr__(self)})"
