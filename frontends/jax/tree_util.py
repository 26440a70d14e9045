"""``jax.tree_util``: pytrees as JAX defines them.

Containers: tuple, list, dict (keys sorted), None (a node with no children),
namedtuples, ``collections.OrderedDict`` / ``defaultdict`` and registered classes. Any
other object is a leaf. ``PyTreeDef``'s repr is not JAX's.
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterable
from typing import Any

__all__ = [
    "PyTreeDef", "tree_flatten", "tree_unflatten", "tree_map", "tree_leaves", "tree_structure",
    "register_pytree_node", "register_pytree_node_class", "tree_all", "tree_reduce",
    "treedef_is_leaf", "all_leaves", "Partial", "register_static", "tree_transpose",
    "SequenceKey", "DictKey", "GetAttrKey", "FlattenedIndexKey", "keystr",
    "tree_flatten_with_path", "tree_leaves_with_path", "tree_map_with_path",
    "register_pytree_with_keys", "register_pytree_with_keys_class", "register_dataclass",
]  # fmt: skip

_REGISTRY: dict[type, tuple[Callable, Callable]] = {}
_KEYED: dict[type, Callable] = {}  # flatten_with_keys of registered node types


def register_pytree_node(
    nodetype: type,
    flatten_func: Callable,
    unflatten_func: Callable,
    flatten_with_keys_func: Callable | None = None,
) -> None:
    """Register ``flatten_func(x) -> (children, aux)`` / ``unflatten_func(aux, children)``."""
    if nodetype in _REGISTRY or nodetype in (tuple, list, dict, type(None)):
        raise ValueError(f"Duplicate custom PyTreeDef type registration for {nodetype}.")
    _REGISTRY[nodetype] = (flatten_func, unflatten_func)
    if flatten_with_keys_func is not None:
        _KEYED[nodetype] = flatten_with_keys_func


def register_pytree_node_class(cls: type) -> type:
    """Class decorator: ``tree_flatten`` method and ``tree_unflatten`` classmethod."""
    register_pytree_node(cls, lambda x: x.tree_flatten(), cls.tree_unflatten)
    return cls


def register_static(cls: type) -> type:
    register_pytree_node(cls, lambda x: ((), x), lambda aux, _: aux)
    return cls


def _is_namedtuple(x: Any) -> bool:
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


class PyTreeDef:
    """A tree's structure: ``kind``, auxiliary data and child structures."""

    __slots__ = ("_num_leaves", "aux", "children", "kind")

    def __init__(self, kind: Any, aux: Any, children: tuple[PyTreeDef, ...]) -> None:
        self.kind = kind
        self.aux = aux
        self.children = children
        self._num_leaves = -1

    @property
    def num_leaves(self) -> int:
        if self._num_leaves < 0:
            self._num_leaves = (
                1 if self.kind == "leaf" else sum(c.num_leaves for c in self.children)
            )
        return self._num_leaves

    @property
    def num_nodes(self) -> int:
        return 1 + sum(c.num_nodes for c in self.children)

    def unflatten(self, leaves: Iterable[Any]) -> Any:
        return tree_unflatten(self, leaves)

    def flatten_up_to(self, tree: Any) -> list[Any]:
        out: list[Any] = []
        _flatten_up_to(self, tree, out)
        return out

    def __eq__(self, other: Any) -> bool:
        return (
            isinstance(other, PyTreeDef)
            and self.kind == other.kind
            and _aux_eq(self.aux, other.aux)
            and self.children == other.children
        )

    def __hash__(self) -> int:
        return hash((self.kind if self.kind != "leaf" else 0, len(self.children)))

    def __repr__(self) -> str:
        return f"PyTreeDef({self._str()})"

    def _str(self) -> str:
        if self.kind == "leaf":
            return "*"
        if self.kind is type(None):
            return "None"
        inner = ", ".join(c._str() for c in self.children)
        if self.kind is tuple:
            return f"({inner}{',' if len(self.children) == 1 else ''})"
        if self.kind is list:
            return f"[{inner}]"
        if self.kind is dict:
            return (
                "{"
                + ", ".join(
                    f"{k!r}: {c._str()}" for k, c in zip(self.aux, self.children, strict=True)
                )
                + "}"
            )
        return f"{getattr(self.kind, '__name__', self.kind)}[{self.aux!r}]({inner})"


def _aux_eq(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return a is b


_LEAF_KIND = "leaf"
_LEAF = PyTreeDef(_LEAF_KIND, None, ())


def _flatten(tree: Any, is_leaf: Callable | None, leaves: list[Any]) -> PyTreeDef:
    if is_leaf is not None and is_leaf(tree):
        leaves.append(tree)
        return _LEAF
    kind = type(tree)
    if kind is tuple or kind is list:
        return PyTreeDef(kind, None, tuple([_flatten(c, is_leaf, leaves) for c in tree]))
    if kind is dict:
        keys = sorted(tree)
        return PyTreeDef(kind, keys, tuple([_flatten(tree[k], is_leaf, leaves) for k in keys]))
    if tree is None:
        return PyTreeDef(type(None), None, ())
    if kind in _REGISTRY:
        children, aux = _REGISTRY[kind][0](tree)
        return PyTreeDef(kind, aux, tuple([_flatten(c, is_leaf, leaves) for c in children]))
    if kind is collections.OrderedDict or kind is collections.defaultdict:
        keys = list(tree) if kind is collections.OrderedDict else sorted(tree)
        aux = (keys, tree.default_factory) if kind is collections.defaultdict else keys
        return PyTreeDef(kind, aux, tuple([_flatten(tree[k], is_leaf, leaves) for k in keys]))
    if _is_namedtuple(tree):
        return PyTreeDef(kind, None, tuple([_flatten(c, is_leaf, leaves) for c in tree]))
    leaves.append(tree)
    return _LEAF


def _build(treedef: PyTreeDef, leaves: Iterable[Any]) -> Any:
    kind = treedef.kind
    if kind is _LEAF_KIND:
        return next(leaves)  # type: ignore[call-overload]
    children = [_build(c, leaves) for c in treedef.children]
    if kind is list:
        return children
    if kind is tuple:
        return tuple(children)
    if kind is dict:
        return dict(zip(treedef.aux, children, strict=True))
    if kind is type(None):
        return None
    if kind in _REGISTRY:
        return _REGISTRY[kind][1](treedef.aux, children)
    if kind is collections.OrderedDict:
        return collections.OrderedDict(zip(treedef.aux, children, strict=True))
    if kind is collections.defaultdict:
        keys, factory = treedef.aux
        return collections.defaultdict(factory, zip(keys, children, strict=True))
    return kind(*children)  # namedtuple


def _flatten_up_to(treedef: PyTreeDef, tree: Any, out: list[Any]) -> None:
    if treedef.kind == "leaf":
        out.append(tree)
        return
    sub = _flatten(tree, lambda x: x is not tree, [])
    if sub.kind != treedef.kind:
        raise ValueError(f"Tree structures did not match: {tree!r} vs {treedef!r}")
    _, children = _children(tree)
    if len(children) != len(treedef.children):
        raise ValueError(f"Tree structures did not match: {tree!r} vs {treedef!r}")
    for c, t in zip(children, treedef.children, strict=True):
        _flatten_up_to(t, c, out)


def _children(tree: Any) -> tuple[Any, list[Any]]:
    kind = type(tree)
    if tree is None:
        return None, []
    if kind in _REGISTRY:
        children, aux = _REGISTRY[kind][0](tree)
        return aux, list(children)
    if isinstance(tree, dict):
        keys = list(tree) if kind is collections.OrderedDict else sorted(tree)
        return keys, [tree[k] for k in keys]
    return None, list(tree)


def tree_flatten(
    tree: Any, is_leaf: Callable[[Any], bool] | None = None
) -> tuple[list[Any], PyTreeDef]:
    leaves: list[Any] = []
    treedef = _flatten(tree, is_leaf, leaves)
    return leaves, treedef


def tree_unflatten(treedef: PyTreeDef, leaves: Iterable[Any]) -> Any:
    leaves = list(leaves)
    if len(leaves) != treedef.num_leaves:
        raise ValueError(
            f"Too {'few' if len(leaves) < treedef.num_leaves else 'many'} leaves for PyTreeDef; "
            f"expected {treedef.num_leaves}, got {len(leaves)}."
        )
    return _build(treedef, iter(leaves))


def tree_leaves(tree: Any, is_leaf: Callable[[Any], bool] | None = None) -> list[Any]:
    return tree_flatten(tree, is_leaf)[0]


def tree_structure(tree: Any, is_leaf: Callable[[Any], bool] | None = None) -> PyTreeDef:
    return tree_flatten(tree, is_leaf)[1]


def tree_map(
    f: Callable[..., Any], tree: Any, *rest: Any, is_leaf: Callable[[Any], bool] | None = None
) -> Any:
    leaves, treedef = tree_flatten(tree, is_leaf)
    all_leaves = [leaves] + [treedef.flatten_up_to(r) for r in rest]
    return treedef.unflatten(f(*xs) for xs in zip(*all_leaves, strict=True))


def tree_all(tree: Any, *, is_leaf: Callable[[Any], bool] | None = None) -> bool:
    return all(tree_leaves(tree, is_leaf))


def tree_reduce(
    function: Callable[[Any, Any], Any],
    tree: Any,
    *initializer: Any,
    is_leaf: Callable[[Any], bool] | None = None,
) -> Any:
    import functools

    return functools.reduce(function, tree_leaves(tree, is_leaf), *initializer)


def treedef_is_leaf(treedef: PyTreeDef) -> bool:
    return treedef.kind == "leaf"


def all_leaves(iterable: Iterable[Any], is_leaf: Callable[[Any], bool] | None = None) -> bool:
    return all(tree_structure(x, is_leaf).kind == "leaf" for x in iterable)


def tree_transpose(
    outer_treedef: PyTreeDef, inner_treedef: PyTreeDef | None, pytree_to_transpose: Any
) -> Any:
    flat = outer_treedef.flatten_up_to(pytree_to_transpose)
    if inner_treedef is None:
        inner_treedef = tree_structure(flat[0])
    inner = [inner_treedef.flatten_up_to(x) for x in flat]
    transposed = [outer_treedef.unflatten(col) for col in zip(*inner, strict=True)]
    return inner_treedef.unflatten(transposed)


class Partial:
    """``jax.tree_util.Partial``: a functools.partial whose arguments are pytree children."""

    def __init__(self, func: Callable, *args: Any, **kwargs: Any) -> None:
        self.func, self.args, self.keywords = func, args, kwargs

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.func(*self.args, *args, **{**self.keywords, **kwargs})


register_pytree_node(
    Partial,
    lambda p: ((p.args, p.keywords), p.func),
    lambda func, children: Partial(func, *children[0], **children[1]),
)


# ----------------------------------------------------------------------- key paths
class SequenceKey:
    """A tuple/list position in a key path (``[0]``)."""

    __slots__ = ("idx",)
    __match_args__ = ("idx",)

    def __init__(self, idx: int) -> None:
        self.idx = idx

    def __str__(self) -> str:
        return f"[{self.idx!r}]"

    def __repr__(self) -> str:
        return f"SequenceKey(idx={self.idx!r})"

    def __eq__(self, other: Any) -> bool:
        return type(other) is SequenceKey and other.idx == self.idx

    def __hash__(self) -> int:
        return hash((SequenceKey, self.idx))


class DictKey:
    """A dict key in a key path (``['a']``)."""

    __slots__ = ("key",)
    __match_args__ = ("key",)

    def __init__(self, key: Any) -> None:
        self.key = key

    def __str__(self) -> str:
        return f"[{self.key!r}]"

    def __repr__(self) -> str:
        return f"DictKey(key={self.key!r})"

    def __eq__(self, other: Any) -> bool:
        return type(other) is DictKey and other.key == self.key

    def __hash__(self) -> int:
        return hash((DictKey, self.key))


class GetAttrKey:
    """An attribute (a namedtuple field) in a key path (``.x``)."""

    __slots__ = ("name",)
    __match_args__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __str__(self) -> str:
        return f".{self.name}"

    def __repr__(self) -> str:
        return f"GetAttrKey(name={self.name!r})"

    def __eq__(self, other: Any) -> bool:
        return type(other) is GetAttrKey and other.name == self.name

    def __hash__(self) -> int:
        return hash((GetAttrKey, self.name))


class FlattenedIndexKey:
    """The position of a child of a node registered without keys."""

    __slots__ = ("key",)
    __match_args__ = ("key",)

    def __init__(self, key: int) -> None:
        self.key = key

    def __str__(self) -> str:
        return f"[<flat index {self.key}>]"

    def __repr__(self) -> str:
        return f"FlattenedIndexKey(key={self.key!r})"

    def __eq__(self, other: Any) -> bool:
        return type(other) is FlattenedIndexKey and other.key == self.key

    def __hash__(self) -> int:
        return hash((FlattenedIndexKey, self.key))


def keystr(keys: tuple[Any, ...], *, simple: bool = False, separator: str = "") -> str:
    """A key path as text: ``"['a'][0]"`` (``simple``: the bare keys joined by ``separator``)."""
    if not simple:
        return "".join(str(k) for k in keys)

    def bare(k: Any) -> str:
        for attr in ("idx", "key", "name"):
            if hasattr(k, attr):
                return str(getattr(k, attr))
        return str(k)

    return separator.join(bare(k) for k in keys)


def _keyed_children(tree: Any) -> list[tuple[Any, Any]] | None:
    """``(key, child)`` pairs of a node, or None for a leaf."""
    kind = type(tree)
    if kind is tuple or kind is list:
        return [(SequenceKey(i), c) for i, c in enumerate(tree)]
    if kind is dict or kind is collections.defaultdict:
        return [(DictKey(k), tree[k]) for k in sorted(tree)]
    if tree is None:
        return []
    if kind in _KEYED:
        children, _ = _KEYED[kind](tree)
        return list(children)
    if kind in _REGISTRY:
        children, _ = _REGISTRY[kind][0](tree)
        return [(FlattenedIndexKey(i), c) for i, c in enumerate(children)]
    if kind is collections.OrderedDict:
        return [(DictKey(k), tree[k]) for k in tree]
    if _is_namedtuple(tree):
        return [(GetAttrKey(f), c) for f, c in zip(type(tree)._fields, tree, strict=True)]
    return None


def _flatten_with_path(tree: Any, is_leaf: Callable | None, path: tuple[Any, ...],
                       out: list[tuple[tuple[Any, ...], Any]]) -> None:  # fmt: skip
    if is_leaf is not None and is_leaf(tree):
        out.append((path, tree))
        return
    children = _keyed_children(tree)
    if children is None:
        out.append((path, tree))
        return
    for key, child in children:
        _flatten_with_path(child, is_leaf, (*path, key), out)


def tree_flatten_with_path(
    tree: Any, is_leaf: Callable[[Any], bool] | None = None
) -> tuple[list[tuple[tuple[Any, ...], Any]], PyTreeDef]:
    """``([(key_path, leaf), ...], treedef)``."""
    out: list[tuple[tuple[Any, ...], Any]] = []
    _flatten_with_path(tree, is_leaf, (), out)
    return out, tree_structure(tree, is_leaf)


def tree_leaves_with_path(
    tree: Any, is_leaf: Callable[[Any], bool] | None = None
) -> list[tuple[tuple[Any, ...], Any]]:
    out: list[tuple[tuple[Any, ...], Any]] = []
    _flatten_with_path(tree, is_leaf, (), out)
    return out


def tree_map_with_path(
    f: Callable[..., Any], tree: Any, *rest: Any, is_leaf: Callable[[Any], bool] | None = None
) -> Any:
    """``f(key_path, leaf, *others)`` on every leaf."""
    pairs, treedef = tree_flatten_with_path(tree, is_leaf)
    others = [treedef.flatten_up_to(r) for r in rest]
    return treedef.unflatten(
        f(path, leaf, *xs) for (path, leaf), *xs in zip(pairs, *others, strict=True)
    )


def register_pytree_with_keys(
    nodetype: type,
    flatten_with_keys: Callable,
    unflatten_func: Callable,
    flatten_func: Callable | None = None,
) -> None:
    """Register a node whose ``flatten_with_keys(x) -> (((key, child), ...), aux)``."""

    def plain(x: Any) -> tuple[Any, Any]:
        pairs, aux = flatten_with_keys(x)
        return [c for _, c in pairs], aux

    register_pytree_node(nodetype, flatten_func or plain, unflatten_func, flatten_with_keys)


def register_pytree_with_keys_class(cls: type) -> type:
    """Class decorator: ``tree_flatten_with_keys`` method and ``tree_unflatten``."""
    flatten = getattr(cls, "tree_flatten", None)
    register_pytree_with_keys(
        cls,
        lambda x: x.tree_flatten_with_keys(),
        cls.tree_unflatten,
        (lambda x: x.tree_flatten()) if flatten is not None else None,
    )
    return cls


def register_dataclass(nodetype: type, data_fields: Any = None, meta_fields: Any = None,
                       drop_fields: Any = ()) -> type:  # fmt: skip
    """Register a dataclass: ``data_fields`` are children, ``meta_fields`` static (both
    inferred from the dataclass fields when omitted: fields marked ``static`` metadata
    are meta)."""
    import dataclasses

    if data_fields is None or meta_fields is None:
        fields = [f for f in dataclasses.fields(nodetype) if f.init]
        meta_fields = [f.name for f in fields if f.metadata.get("static", False)]
        data_fields = [f.name for f in fields if f.name not in meta_fields]
    data_fields, meta_fields = tuple(data_fields), tuple(meta_fields)

    def flatten_with_keys(x: Any) -> tuple[Any, Any]:
        children = [(GetAttrKey(n), getattr(x, n)) for n in data_fields]
        return children, tuple(getattr(x, n) for n in meta_fields)

    def unflatten(meta: Any, children: Any) -> Any:
        kwargs = dict(zip(meta_fields, meta, strict=True))
        kwargs.update(zip(data_fields, children, strict=True))
        return nodetype(**kwargs)

    register_pytree_with_keys(nodetype, flatten_with_keys, unflatten)
    return nodetype
