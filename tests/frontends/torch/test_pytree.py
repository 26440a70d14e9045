"""torch.utils._pytree against real torch's: the same leaves, specs (printed and compared),
rebuilt trees, key paths and errors."""

from __future__ import annotations

import collections
import dataclasses

import pytest
import torch.utils._pytree as real

from frontends.torch.utils import _pytree as ours

Point = collections.namedtuple("Point", "x y")

TREES = [
    1,
    None,
    [],
    (1, None, [2, 3]),
    {"b": 1, "a": (2, {"c": None})},
    [Point(1, (2, 3)), collections.OrderedDict(z=1, y=[2])],
    collections.defaultdict(list, {"k": [1, 2], "j": 3}),
    collections.deque([1, (2, 3)], maxlen=5),
    {"nested": [{"x": (1,)}, ()], "s": "text"},
]


@pytest.mark.parametrize("tree", TREES, ids=range(len(TREES)))
def test_flatten_unflatten_and_specs_match_torch(tree):
    leaves, spec = ours.tree_flatten(tree)
    real_leaves, real_spec = real.tree_flatten(tree)
    assert leaves == real_leaves
    assert repr(spec) == repr(real_spec)
    assert (spec.num_leaves, spec.num_nodes, spec.num_children, spec.is_leaf()) == (
        real_spec.num_leaves, real_spec.num_nodes, real_spec.num_children, real_spec.is_leaf(),
    )  # fmt: skip
    rebuilt = ours.tree_unflatten(leaves, spec)
    assert rebuilt == real.tree_unflatten(real_leaves, real_spec)
    assert type(rebuilt) is type(tree)
    assert ours.tree_leaves(tree) == real.tree_leaves(tree)
    assert ours.tree_structure(tree) == spec and hash(spec) == hash(ours.tree_structure(tree))
    assert ours.treespec_pprint(spec) == real.treespec_pprint(real_spec)


@pytest.mark.parametrize("tree", TREES, ids=range(len(TREES)))
def test_key_paths_match_torch(tree):
    paths = [(ours.keystr(p), v) for p, v in ours.tree_flatten_with_path(tree)[0]]
    real_paths = [(real.keystr(p), v) for p, v in real.tree_flatten_with_path(tree)[0]]
    assert paths == real_paths
    for path, value in ours.tree_leaves_with_path(tree):
        assert ours.key_get(tree, path) == value


def test_tree_map_variants_match_torch():
    tree = {"a": [1, 2.5], "b": (3, None)}
    for module in (ours, real):
        assert module.tree_map(lambda x: x, tree) == tree
    assert ours.tree_map(lambda x: x is None, tree) == real.tree_map(lambda x: x is None, tree)
    double = lambda x: x * 2  # noqa: E731
    assert ours.tree_map_only(int, double, tree) == real.tree_map_only(int, double, tree)
    assert ours.tree_map(lambda x, y: [x] + y, [5, 6], [[7, 9], [1, 2]]) == [[5, 7, 9], [6, 1, 2]]
    seen = []
    assert ours.tree_map_(seen.append, tree) is tree and seen == [1, 2.5, 3, None]
    assert ours.tree_all(lambda x: x is not None, tree) is False
    assert ours.tree_any_only(float, lambda x: x > 2, tree) is True
    both = ours.tree_map_with_path(lambda p, x: ours.keystr(p), tree)
    assert both == real.tree_map_with_path(lambda p, x: real.keystr(p), tree)
    is_tuple = lambda x: isinstance(x, tuple)  # noqa: E731
    assert ours.tree_leaves(tree, is_leaf=is_tuple) == real.tree_leaves(tree, is_leaf=is_tuple)


@pytest.mark.parametrize(
    "tree, other",
    [
        ([1, 2], (1, 2)),
        ([1, 2], [1, 2, 3]),
        ({"a": 1}, {"b": 1}),
        ({"a": 1, "b": 2}, collections.OrderedDict(b=2, a=1)),
    ],
)
def test_flatten_up_to_matches_torch(tree, other):
    def outcome(module):
        spec = module.tree_structure(tree)
        try:
            return spec.flatten_up_to(other)
        except ValueError as error:
            return str(error).split(";")[0]

    assert outcome(ours) == outcome(real)


def test_registered_node_and_errors():
    @dataclasses.dataclass
    class Pair:
        first: object
        second: object

    def flatten(pair):
        return [pair.first, pair.second], "pair"

    def unflatten(values, context):
        return Pair(*values)

    def with_keys(pair):
        return [(ours.GetAttrKey("first"), pair.first), (ours.GetAttrKey("second"), pair.second)], "pair"  # fmt: skip

    ours.register_pytree_node(Pair, flatten, unflatten, serialized_type_name="Pair",
                              flatten_with_keys_fn=with_keys)  # fmt: skip
    try:
        tree = {"p": Pair(1, [2, 3])}
        leaves, spec = ours.tree_flatten(tree)
        assert leaves == [1, 2, 3] and ours.tree_unflatten(leaves, spec) == tree
        assert (
            Pair in ours.SUPPORTED_NODES
            and ours._get_node_type(Point(1, 2)) is collections.namedtuple
        )
        assert [ours.keystr(p) for p, _ in ours.tree_flatten_with_path(tree)[0]] == [
            "['p'].first", "['p'].second[0]", "['p'].second[1]",
        ]  # fmt: skip
        with pytest.raises(ValueError, match="already registered"):
            ours.register_pytree_node(Pair, flatten, unflatten)
    finally:
        ours._deregister_pytree_node(Pair)
    with pytest.raises(
        ValueError, match="has length 1 but the spec refers to a pytree that holds 2"
    ):
        ours.tree_unflatten([1], ours.tree_structure((1, 2)))
    with pytest.raises(TypeError, match="PyTreeSpec"):
        ours.tree_unflatten([1], [1])
    assert ours.tree_unflatten(ours.tree_structure((1, 2)), [3, 4]) == (3, 4)
