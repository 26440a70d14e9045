"""The pytrees torch.func maps over: tuples, lists, dicts and namedtuples of leaves (as
``torch.utils._pytree`` treats them; other objects are leaves)."""

from __future__ import annotations

from typing import Any

TreeDef = tuple[Any, ...]


def _is_namedtuple(value: Any) -> bool:
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


def tree_flatten(tree: Any) -> tuple[list[Any], TreeDef]:
    """(leaves, structure) of ``tree``."""
    leaves: list[Any] = []
    return leaves, _flatten(tree, leaves)


def _flatten(tree: Any, leaves: list[Any]) -> TreeDef:
    if isinstance(tree, (list, tuple)):
        kind = type(tree) if _is_namedtuple(tree) or type(tree) in (list, tuple) else tuple
        return ("seq", kind, tuple(_flatten(item, leaves) for item in tree))
    if isinstance(tree, dict):
        keys = list(tree)
        return ("dict", type(tree), tuple(keys), tuple(_flatten(tree[k], leaves) for k in keys))
    leaves.append(tree)
    return ("leaf",)


def tree_unflatten(treedef: TreeDef, leaves: list[Any]) -> Any:
    """The tree of structure ``treedef`` holding ``leaves``."""
    iterator = iter(leaves)
    return _build(treedef, iterator)


def _build(treedef: TreeDef, leaves: Any) -> Any:
    if treedef[0] == "leaf":
        return next(leaves)
    if treedef[0] == "seq":
        _, kind, children = treedef
        items = [_build(child, leaves) for child in children]
        if kind is list:
            return items
        if kind is tuple:
            return tuple(items)
        return kind(*items)
    _, kind, keys, children = treedef
    values = [_build(child, leaves) for child in children]
    return kind(zip(keys, values)) if kind is not dict else dict(zip(keys, values))
