"""torch.utils._pytree: nested containers flattened to leaves and rebuilt, with torch's
semantics (the registry of node types, :class:`TreeSpec`, key paths).

Nodes are tuples, lists, dicts (keys in insertion order, not sorted as JAX's), namedtuples,
``OrderedDict``, ``defaultdict``, ``deque`` and what :func:`register_pytree_node` adds;
everything else, ``None`` included, is a leaf. Serializing specs (``treespec_dumps``) is
left out: torch uses it for ``torch.export``, which the frontend does not provide.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import warnings
from collections import OrderedDict, defaultdict, deque, namedtuple
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, NamedTuple

__all__ = [
    "Context",
    "GetAttrKey",
    "LeafSpec",
    "MappingKey",
    "PyTree",
    "SequenceKey",
    "SUPPORTED_NODES",
    "TreeSpec",
    "is_namedtuple",
    "is_namedtuple_class",
    "is_namedtuple_instance",
    "key_get",
    "keystr",
    "map_only",
    "register_pytree_node",
    "tree_all",
    "tree_all_only",
    "tree_any",
    "tree_any_only",
    "tree_flatten",
    "tree_flatten_with_path",
    "tree_is_leaf",
    "tree_iter",
    "tree_leaves",
    "tree_leaves_with_path",
    "tree_map",
    "tree_map_",
    "tree_map_only",
    "tree_map_only_",
    "tree_map_with_path",
    "tree_structure",
    "tree_unflatten",
    "treespec_dict",
    "treespec_leaf",
    "treespec_pprint",
    "treespec_tuple",
]

PyTree = Any
Context = Any
KeyPath = tuple[Any, ...]
FlattenFn = Callable[[Any], tuple[list[Any], Context]]
UnflattenFn = Callable[[Iterable[Any], Context], Any]


class NodeDef(NamedTuple):
    type: type[Any]
    flatten_fn: FlattenFn
    unflatten_fn: UnflattenFn
    flatten_with_keys_fn: Callable[[Any], tuple[list[tuple[Any, Any]], Context]] | None


SUPPORTED_NODES: dict[Any, NodeDef] = {}


def register_pytree_node(cls: type[Any], flatten_fn: FlattenFn, unflatten_fn: UnflattenFn, *,
                         serialized_type_name: str | None = None, to_dumpable_context: Any = None,
                         from_dumpable_context: Any = None,
                         flatten_with_keys_fn: Any = None) -> None:  # fmt: skip
    """Make ``cls`` a node: ``flatten_fn(x) -> (children, context)`` and
    ``unflatten_fn(children, context) -> x``. Registering a type twice raises."""
    if cls in SUPPORTED_NODES:
        raise ValueError(f"{cls} is already registered as pytree node.")
    _private_register_pytree_node(cls, flatten_fn, unflatten_fn,
                                  flatten_with_keys_fn=flatten_with_keys_fn)  # fmt: skip


def _private_register_pytree_node(cls: type[Any], flatten_fn: FlattenFn,
                                  unflatten_fn: UnflattenFn, *, flatten_with_keys_fn: Any = None,
                                  **serialization: Any) -> None:  # fmt: skip
    """Register ``cls``, replacing an earlier registration with a warning (torch's)."""
    if cls in SUPPORTED_NODES:
        warnings.warn(
            f"{cls} is already registered as pytree node. Overwriting the previous registration.",
            stacklevel=2,
        )
    SUPPORTED_NODES[cls] = NodeDef(cls, flatten_fn, unflatten_fn, flatten_with_keys_fn)


_register_pytree_node = _private_register_pytree_node


def _deregister_pytree_node(cls: type[Any]) -> None:
    del SUPPORTED_NODES[cls]


# ---------------------------------------------------------------------------------------
# key paths
# ---------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class SequenceKey:
    idx: int

    def __str__(self) -> str:
        return f"[{self.idx!r}]"

    def get(self, sequence: Any) -> Any:
        return sequence[self.idx]


@dataclasses.dataclass(frozen=True, slots=True)
class MappingKey:
    key: Hashable

    def __str__(self) -> str:
        return f"[{self.key!r}]"

    def get(self, mapping: Any) -> Any:
        return mapping[self.key]


@dataclasses.dataclass(frozen=True, slots=True)
class GetAttrKey:
    name: str

    def __str__(self) -> str:
        return f".{self.name}"

    def get(self, obj: Any) -> Any:
        return getattr(obj, self.name)


def keystr(kp: KeyPath) -> str:
    return "".join(str(k) for k in kp)


def key_get(obj: Any, kp: KeyPath) -> Any:
    for key in kp:
        obj = key.get(obj)
    return obj


# ---------------------------------------------------------------------------------------
# the built-in nodes
# ---------------------------------------------------------------------------------------
def is_namedtuple_class(cls: type) -> bool:
    return (
        isinstance(cls, type)
        and issubclass(cls, tuple)
        and isinstance(getattr(cls, "_fields", None), tuple)
        and all(type(field) is str for field in cls._fields)
        and callable(getattr(cls, "_make", None))
        and callable(getattr(cls, "_asdict", None))
    )


def is_namedtuple(obj: Any) -> bool:
    return is_namedtuple_class(obj if isinstance(obj, type) else type(obj))


def is_namedtuple_instance(obj: Any) -> bool:
    return is_namedtuple_class(type(obj))


def _sequence_keys(flatten: FlattenFn) -> Callable[[Any], tuple[list[tuple[Any, Any]], Context]]:
    def with_keys(node: Any) -> tuple[list[tuple[Any, Any]], Context]:
        children, context = flatten(node)
        return [(SequenceKey(i), c) for i, c in enumerate(children)], context

    return with_keys


def _dict_flatten(d: dict[Any, Any]) -> tuple[list[Any], Context]:
    return list(d.values()), list(d.keys())


def _dict_flatten_with_keys(d: dict[Any, Any]) -> tuple[list[tuple[Any, Any]], Context]:
    values, keys = _dict_flatten(d)
    return [(MappingKey(k), v) for k, v in zip(keys, values)], keys


def _dict_unflatten(values: Iterable[Any], context: Context) -> dict[Any, Any]:
    return dict(zip(context, values, strict=True))


def _namedtuple_flatten(d: Any) -> tuple[list[Any], Context]:
    return list(d), type(d)


def _namedtuple_flatten_with_keys(d: Any) -> tuple[list[tuple[Any, Any]], Context]:
    return [(GetAttrKey(f), v) for f, v in zip(d._fields, d)], type(d)


def _defaultdict_flatten(d: defaultdict[Any, Any]) -> tuple[list[Any], Context]:
    values, keys = _dict_flatten(d)
    return values, [d.default_factory, keys]


def _defaultdict_flatten_with_keys(d: defaultdict[Any, Any]) -> tuple[list[Any], Context]:
    values, context = _defaultdict_flatten(d)
    return [(MappingKey(k), v) for k, v in zip(context[1], values)], context


def _list_flatten(d: list[Any]) -> tuple[list[Any], Context]:
    return d, None


def _tuple_flatten(d: tuple[Any, ...]) -> tuple[list[Any], Context]:
    return list(d), None


def _deque_flatten(d: deque[Any]) -> tuple[list[Any], Context]:
    return list(d), d.maxlen


_private_register_pytree_node(tuple, _tuple_flatten, lambda v, c: tuple(v),
                              flatten_with_keys_fn=_sequence_keys(_tuple_flatten))  # fmt: skip
_private_register_pytree_node(list, _list_flatten, lambda v, c: list(v),
                              flatten_with_keys_fn=_sequence_keys(_list_flatten))  # fmt: skip
_private_register_pytree_node(dict, _dict_flatten, _dict_unflatten,
                              flatten_with_keys_fn=_dict_flatten_with_keys)  # fmt: skip
_private_register_pytree_node(namedtuple, _namedtuple_flatten, lambda v, c: c(*v),  # type: ignore[arg-type]
                              flatten_with_keys_fn=_namedtuple_flatten_with_keys)  # fmt: skip
_private_register_pytree_node(OrderedDict, _dict_flatten,
                              lambda v, c: OrderedDict(zip(c, v, strict=True)),
                              flatten_with_keys_fn=_dict_flatten_with_keys)  # fmt: skip
_private_register_pytree_node(defaultdict, _defaultdict_flatten,
                              lambda v, c: defaultdict(c[0], _dict_unflatten(v, c[1])),
                              flatten_with_keys_fn=_defaultdict_flatten_with_keys)  # fmt: skip
_private_register_pytree_node(deque, _deque_flatten, lambda v, c: deque(v, maxlen=c),
                              flatten_with_keys_fn=_sequence_keys(_deque_flatten))  # fmt: skip

STANDARD_DICT_TYPES = frozenset({dict, OrderedDict, defaultdict})
BUILTIN_TYPES = frozenset({tuple, list, dict, namedtuple, OrderedDict, defaultdict, deque})


def _get_node_type(tree: Any) -> Any:
    """The registry key of ``tree``'s type (``namedtuple`` for every namedtuple class)."""
    node_type = type(tree)
    return namedtuple if is_namedtuple_class(node_type) else node_type


def tree_is_leaf(tree: PyTree, is_leaf: Callable[[PyTree], bool] | None = None) -> bool:
    if is_leaf is not None and is_leaf(tree):
        return True
    return _get_node_type(tree) not in SUPPORTED_NODES


# ---------------------------------------------------------------------------------------
# TreeSpec
# ---------------------------------------------------------------------------------------
class TreeSpec:
    """The structure of a pytree: the root's node ``type`` (None for a leaf), its
    ``context`` and one spec per child."""

    __slots__ = ("_children", "_context", "num_children", "num_leaves", "num_nodes", "type")

    def __init__(self, type: Any, context: Context, children_specs: list[TreeSpec]) -> None:
        self.type, self._context, self._children = type, context, children_specs
        if type is None:
            if context is not None or children_specs:
                raise AssertionError("leaf node should not have a context or children")
            self.num_nodes = self.num_leaves = 1
        else:
            self.num_nodes = 1 + sum(child.num_nodes for child in children_specs)
            self.num_leaves = sum(child.num_leaves for child in children_specs)
        self.num_children = len(children_specs)

    @property
    def context(self) -> Context:
        return self._context

    @property
    def children_specs(self) -> list[TreeSpec]:
        return self._children

    def is_leaf(self) -> bool:
        return self.num_nodes == 1 and self.num_leaves == 1

    def children(self) -> list[TreeSpec]:
        return self._children.copy()

    def child(self, index: int) -> TreeSpec:
        return self._children[index]

    def __repr__(self, indent: int = 0) -> str:
        if self.type is None:
            return "*"
        text = ""
        if self.num_children:
            indent += 2
            text = self._children[0].__repr__(indent) + ("," if self.num_children > 1 else "")
            text += ",".join("\n" + " " * indent + c.__repr__(indent) for c in self._children[1:])
        return f"TreeSpec({self.type.__name__}, {self._context}, [{text}])"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, TreeSpec):
            return NotImplemented
        return (
            str(self.type) == str(other.type)
            and self._context == other._context
            and self._children == other._children
        )

    def __hash__(self) -> int:
        if self.type is defaultdict:
            context: Any = (self._context[0], tuple(self._context[1]))
        elif self.type in (dict, OrderedDict):
            context = tuple(self._context)
        elif self.type is None or self.type in BUILTIN_TYPES:
            context = self._context
        else:  # a user type's context may not be hashable
            context = None
        return hash((self.type, context, tuple(self._children)))

    def flatten_up_to(self, tree: PyTree) -> list[PyTree]:
        """The subtrees of ``tree`` at this spec's leaves (``tree`` has this structure as
        a prefix)."""
        found: list[PyTree] = []
        self._flatten_up_to(tree, found)
        return found

    def _flatten_up_to(self, tree: PyTree, found: list[PyTree]) -> None:
        if self.is_leaf():
            found.append(tree)
            return
        node_type = _get_node_type(tree)
        if self.type not in BUILTIN_TYPES:
            if node_type != self.type:
                raise ValueError(f"Type mismatch; expected {self.type!r}, but got {node_type!r}.")
            children, context = SUPPORTED_NODES[node_type].flatten_fn(tree)
            if len(children) != self.num_children:
                raise ValueError(
                    f"Node arity mismatch; expected {self.num_children}, but got {len(children)}."
                )
            if context != self._context:
                raise ValueError(f"Node context mismatch for custom node type {self.type!r}.")
        else:
            both_dicts = self.type in STANDARD_DICT_TYPES and node_type in STANDARD_DICT_TYPES
            if not both_dicts and node_type != self.type:
                raise ValueError(
                    f"Node type mismatch; expected {self.type!r}, but got {node_type!r}."
                )
            if len(tree) != self.num_children:
                raise ValueError(
                    f"Node arity mismatch; expected {self.num_children}, but got {len(tree)}."
                )
            if both_dicts:
                keys = self._context if self.type is not defaultdict else self._context[1]
                if set(tree) != set(keys):
                    missing, extra = set(keys) - set(tree), set(tree) - set(keys)
                    message = (f"; missing key(s): {missing}" if missing else "") + (
                        f"; extra key(s): {extra}" if extra else ""
                    )
                    raise ValueError(f"Node keys mismatch{message}.")
                children = [tree[key] for key in keys]
            else:
                children, context = SUPPORTED_NODES[node_type].flatten_fn(tree)
                if node_type is not deque and context != self._context:
                    raise ValueError(
                        f"Node context mismatch for node type {self.type!r}; expected "
                        f"{self._context!r}, but got {context!r}."
                    )
        for subtree, spec in zip(children, self._children, strict=True):
            spec._flatten_up_to(subtree, found)

    def unflatten(self, leaves: Iterable[Any]) -> PyTree:
        if not isinstance(leaves, list | tuple):
            leaves = list(leaves)
        if len(leaves) != self.num_leaves:
            raise ValueError(
                f"treespec.unflatten(leaves): `leaves` has length {len(leaves)} but the spec "
                f"refers to a pytree that holds {self.num_leaves} items ({self})."
            )
        if self.is_leaf():
            return leaves[0]
        children, start = [], 0
        for spec in self._children:
            children.append(spec.unflatten(leaves[start : start + spec.num_leaves]))
            start += spec.num_leaves
        return SUPPORTED_NODES[self.type].unflatten_fn(children, self._context)


PyTreeSpec = TreeSpec


class LeafSpec(TreeSpec):
    """The spec of a leaf (``*``)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(None, None, [])


_LEAF_SPEC = LeafSpec()


def treespec_leaf() -> LeafSpec:
    return _LEAF_SPEC


def treespec_tuple(iterable: Iterable[TreeSpec] = (), /) -> TreeSpec:
    return TreeSpec(tuple, None, list(iterable))


def treespec_dict(mapping: Any = (), /, **kwargs: TreeSpec) -> TreeSpec:
    children = dict(mapping, **kwargs)
    return TreeSpec(dict, list(children), list(children.values()))


def treespec_pprint(treespec: TreeSpec) -> str:
    class Star(str):
        def __repr__(self) -> str:
            return "*"

    return repr(treespec.unflatten([Star("*")] * treespec.num_leaves))


# ---------------------------------------------------------------------------------------
# flattening and mapping
# ---------------------------------------------------------------------------------------
def tree_flatten(tree: PyTree, is_leaf: Callable[[PyTree], bool] | None = None
                 ) -> tuple[list[Any], TreeSpec]:  # fmt: skip
    leaves: list[Any] = []

    def spec_of(node: PyTree) -> TreeSpec:
        if tree_is_leaf(node, is_leaf):
            leaves.append(node)
            return _LEAF_SPEC
        node_type = _get_node_type(node)
        children, context = SUPPORTED_NODES[node_type].flatten_fn(node)
        return TreeSpec(node_type, context, [spec_of(child) for child in children])

    spec = spec_of(tree)
    return leaves, spec


def tree_unflatten(leaves: Iterable[Any], treespec: TreeSpec) -> PyTree:
    if not isinstance(treespec, TreeSpec):
        if not isinstance(leaves, TreeSpec):
            raise TypeError(
                "Expected `treespec` to be an instance of PyTreeSpec but got item of type "
                f"{type(treespec)}."
            )
        leaves, treespec = treespec, leaves
    return treespec.unflatten(leaves)


def tree_iter(tree: PyTree, is_leaf: Callable[[PyTree], bool] | None = None) -> Iterator[Any]:
    if tree_is_leaf(tree, is_leaf):
        yield tree
        return
    children, _ = SUPPORTED_NODES[_get_node_type(tree)].flatten_fn(tree)
    for child in children:
        yield from tree_iter(child, is_leaf)


def tree_leaves(tree: PyTree, is_leaf: Callable[[PyTree], bool] | None = None) -> list[Any]:
    return list(tree_iter(tree, is_leaf))


def tree_structure(tree: PyTree, is_leaf: Callable[[PyTree], bool] | None = None) -> TreeSpec:
    return tree_flatten(tree, is_leaf)[1]


def tree_map(func: Callable[..., Any], tree: PyTree, *rests: PyTree,
             is_leaf: Callable[[PyTree], bool] | None = None) -> PyTree:  # fmt: skip
    """``func`` applied at each leaf of ``tree`` (and the matching subtrees of ``rests``,
    which have ``tree``'s structure as a prefix)."""
    leaves, spec = tree_flatten(tree, is_leaf)
    return spec.unflatten(map(func, leaves, *(spec.flatten_up_to(r) for r in rests)))


def tree_map_(func: Callable[..., Any], tree: PyTree, *rests: PyTree,
              is_leaf: Callable[[PyTree], bool] | None = None) -> PyTree:  # fmt: skip
    """:func:`tree_map` for its side effects: returns ``tree`` itself."""
    leaves, spec = tree_flatten(tree, is_leaf)
    for args in zip(leaves, *(spec.flatten_up_to(r) for r in rests)):
        func(*args)
    return tree


def map_only(type_or_types_or_pred: Any, /) -> Callable[[Callable[[Any], Any]], Callable[[Any], Any]]:  # fmt: skip
    """A decorator: the function applies to values of the types (or passing the
    predicate); others pass through."""
    if isinstance(type_or_types_or_pred, type | tuple | types.UnionType):

        def pred(x: Any) -> bool:
            return isinstance(x, type_or_types_or_pred)

    elif callable(type_or_types_or_pred):
        pred = type_or_types_or_pred
    else:
        raise TypeError("Argument must be a type, a tuple of types, or a callable.")

    def wrapper(func: Callable[[Any], Any]) -> Callable[[Any], Any]:
        @functools.wraps(func)
        def wrapped(x: Any) -> Any:
            return func(x) if pred(x) else x

        return wrapped

    return wrapper


def tree_map_only(type_or_types_or_pred: Any, /, func: Callable[[Any], Any], tree: PyTree,
                  is_leaf: Callable[[PyTree], bool] | None = None) -> PyTree:  # fmt: skip
    return tree_map(map_only(type_or_types_or_pred)(func), tree, is_leaf=is_leaf)


def tree_map_only_(type_or_types_or_pred: Any, /, func: Callable[[Any], Any], tree: PyTree,
                   is_leaf: Callable[[PyTree], bool] | None = None) -> PyTree:  # fmt: skip
    return tree_map_(map_only(type_or_types_or_pred)(func), tree, is_leaf=is_leaf)


def tree_all(pred: Callable[[Any], bool], tree: PyTree,
             is_leaf: Callable[[PyTree], bool] | None = None) -> bool:  # fmt: skip
    return all(map(pred, tree_iter(tree, is_leaf)))


def tree_any(pred: Callable[[Any], bool], tree: PyTree,
             is_leaf: Callable[[PyTree], bool] | None = None) -> bool:  # fmt: skip
    return any(map(pred, tree_iter(tree, is_leaf)))


def tree_all_only(type_or_types: Any, /, pred: Callable[[Any], bool], tree: PyTree,
                  is_leaf: Callable[[PyTree], bool] | None = None) -> bool:  # fmt: skip
    return all(pred(x) for x in tree_iter(tree, is_leaf) if isinstance(x, type_or_types))


def tree_any_only(type_or_types: Any, /, pred: Callable[[Any], bool], tree: PyTree,
                  is_leaf: Callable[[PyTree], bool] | None = None) -> bool:  # fmt: skip
    return any(pred(x) for x in tree_iter(tree, is_leaf) if isinstance(x, type_or_types))


def _key_paths(path: KeyPath, tree: PyTree, is_leaf: Callable[[PyTree], bool] | None
               ) -> Iterator[tuple[KeyPath, Any]]:  # fmt: skip
    if is_leaf is not None and is_leaf(tree):
        yield path, tree
        return
    node_type = _get_node_type(tree)
    handler = SUPPORTED_NODES.get(node_type)
    if handler is None:
        yield path, tree
        return
    if handler.flatten_with_keys_fn is None:
        raise ValueError(
            f"Did not find a flatten_with_keys_fn for type: {node_type}. Please pass a "
            "flatten_with_keys_fn argument to register_pytree_node."
        )
    for key, child in handler.flatten_with_keys_fn(tree)[0]:
        yield from _key_paths((*path, key), child, is_leaf)


def tree_flatten_with_path(tree: PyTree, is_leaf: Callable[[PyTree], bool] | None = None
                           ) -> tuple[list[tuple[KeyPath, Any]], TreeSpec]:  # fmt: skip
    return list(_key_paths((), tree, is_leaf)), tree_structure(tree, is_leaf)


def tree_leaves_with_path(tree: PyTree, is_leaf: Callable[[PyTree], bool] | None = None
                          ) -> list[tuple[KeyPath, Any]]:  # fmt: skip
    return list(_key_paths((), tree, is_leaf))


def tree_map_with_path(func: Callable[..., Any], tree: PyTree, *rests: PyTree,
                       is_leaf: Callable[[PyTree], bool] | None = None) -> PyTree:  # fmt: skip
    pairs, spec = tree_flatten_with_path(tree, is_leaf)
    others = [spec.flatten_up_to(r) for r in rests]
    return spec.unflatten(func(path, leaf, *more) for (path, leaf), *more in zip(pairs, *others))
