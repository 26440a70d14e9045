"""``jax.tree``: the short names of ``jax.tree_util``."""
# ruff: noqa: A004

from __future__ import annotations

from frontends.jax.tree_util import tree_all as all
from frontends.jax.tree_util import tree_flatten as flatten
from frontends.jax.tree_util import tree_flatten_with_path as flatten_with_path
from frontends.jax.tree_util import tree_leaves as leaves
from frontends.jax.tree_util import tree_leaves_with_path as leaves_with_path
from frontends.jax.tree_util import tree_map as map
from frontends.jax.tree_util import tree_map_with_path as map_with_path
from frontends.jax.tree_util import tree_reduce as reduce
from frontends.jax.tree_util import tree_structure as structure
from frontends.jax.tree_util import tree_transpose as transpose
from frontends.jax.tree_util import tree_unflatten as unflatten

__all__ = [
    "all", "flatten", "leaves", "map", "reduce", "structure", "transpose", "unflatten",
    "flatten_with_path", "leaves_with_path", "map_with_path",
]  # fmt: skip
