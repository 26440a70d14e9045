"""jax.tree_util / jax.tree against real jax.tree_util (pure Python structures)."""

from __future__ import annotations

import collections

import jax.tree_util as real
import pytest

from frontends import jax as fjax
from frontends.jax import tree_util as tu

Point = collections.namedtuple("Point", "x y")

TREES = [
    1,
    None,
    [],
    (),
    {},
    [1, (2, 3), {"b": 4, "a": [5, None]}],
    {"z": Point(1, 2), "a": (None, [3])},
    collections.OrderedDict([("b", 1), ("a", 2)]),
    [None, None, (None,)],
    Point(x=[1, 2], y={"k": 3}),
]


@pytest.mark.parametrize("tree", TREES, ids=range(len(TREES)))
def test_flatten_map_unflatten(tree: object) -> None:
    leaves, treedef = tu.tree_flatten(tree)
    assert leaves == real.tree_leaves(tree)
    assert tu.tree_unflatten(treedef, leaves) == tree
    assert tu.tree_map(lambda v: v * 10, tree) == real.tree_map(lambda v: v * 10, tree)
    assert tu.tree_map(lambda a, b: a + b, tree, tree) == real.tree_map(
        lambda a, b: a + b, tree, tree
    )
    assert treedef.num_leaves == real.tree_structure(tree).num_leaves
    assert tu.tree_structure(tree) == treedef
    assert fjax.tree.leaves(tree) == leaves


def test_is_leaf_and_none() -> None:
    tree = [1, [2, 3], (4, [5])]
    is_leaf = lambda x: isinstance(x, list) and len(x) == 2  # noqa: E731
    assert tu.tree_leaves(tree, is_leaf=is_leaf) == real.tree_leaves(tree, is_leaf=is_leaf)
    assert tu.tree_leaves([None, 1], is_leaf=lambda x: x is None) == [None, 1]
    assert tu.tree_map(lambda x: x, {"a": None}) == {"a": None}


def test_registered_nodes() -> None:
    class Box:
        def __init__(self, a, b, tag):
            self.a, self.b, self.tag = a, b, tag

    tu.register_pytree_node(Box, lambda b: ((b.a, b.b), b.tag), lambda tag, ch: Box(*ch, tag))
    box = tu.tree_map(lambda v: v + 1, Box(1, [2, 3], "t"))
    assert (box.a, box.b, box.tag) == (2, [3, 4], "t")
    with pytest.raises(ValueError):
        tu.register_pytree_node(Box, lambda b: ((), None), lambda a, c: None)

    @tu.register_pytree_node_class
    class Pair:
        def __init__(self, x, y):
            self.x, self.y = x, y

        def tree_flatten(self):
            return (self.x, self.y), None

        @classmethod
        def tree_unflatten(cls, aux, children):
            return cls(*children)

    assert tu.tree_leaves([Pair(1, (2, 3))]) == [1, 2, 3]


def test_mismatch_errors() -> None:
    with pytest.raises(ValueError):
        tu.tree_map(lambda a, b: a + b, [1, 2], [1, 2, 3])
    with pytest.raises(ValueError):
        tu.tree_unflatten(tu.tree_structure([1, 2]), [1])


@pytest.mark.parametrize("tree", TREES, ids=range(len(TREES)))
def test_key_paths(tree: object) -> None:
    ours = tu.tree_leaves_with_path(tree)
    theirs = real.tree_leaves_with_path(tree)
    assert [(tu.keystr(p), leaf) for p, leaf in ours] == [
        (real.keystr(p), leaf) for p, leaf in theirs
    ]
    assert [repr(p) for p, _ in ours] == [repr(p) for p, _ in theirs]
    assert [tu.keystr(p, simple=True, separator="/") for p, _ in ours] == [
        real.keystr(p, simple=True, separator="/") for p, _ in theirs
    ]
    f = lambda path, v: (tu.keystr(path), v)  # noqa: E731
    g = lambda path, v: (real.keystr(path), v)  # noqa: E731
    assert tu.tree_map_with_path(f, tree) == real.tree_map_with_path(g, tree)
    assert fjax.tree.map_with_path(f, tree) == tu.tree_map_with_path(f, tree)


def test_register_dataclass_and_keys() -> None:
    import dataclasses

    @dataclasses.dataclass
    class Layer:
        w: object
        b: object
        name: str = dataclasses.field(default="dense", metadata={"static": True})

    tu.register_dataclass(Layer, data_fields=["w", "b"], meta_fields=["name"])
    layer = tu.tree_map(lambda v: v * 2, Layer(1, [2, 3]))
    assert (layer.w, layer.b, layer.name) == (2, [4, 6], "dense")
    paths = [tu.keystr(p) for p, _ in tu.tree_leaves_with_path(Layer(1, [2, 3]))]
    assert paths == [".w", ".b[0]", ".b[1]"]

    class Pair:
        def __init__(self, a, b):
            self.a, self.b = a, b

    tu.register_pytree_with_keys(
        Pair,
        lambda p: (((tu.GetAttrKey("a"), p.a), (tu.GetAttrKey("b"), p.b)), None),
        lambda _, ch: Pair(*ch),
    )
    assert [tu.keystr(p) for p, _ in tu.tree_leaves_with_path(Pair(1, (2,)))] == [".a", ".b[0]"]
    assert tu.tree_leaves(Pair(1, (2,))) == [1, 2]
