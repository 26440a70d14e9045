"""``jax.experimental.shard_map``: the older spelling of ``jax.shard_map``."""

from __future__ import annotations

from frontends.jax._src.sharding import experimental_shard_map as shard_map

__all__ = ["shard_map"]
