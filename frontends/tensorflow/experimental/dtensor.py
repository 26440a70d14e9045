"""``tf.experimental.dtensor``: DTensor (multi-device layouts) is not provided by the
tensorflow frontend; every attribute access says so."""

from __future__ import annotations


def __getattr__(name: str) -> object:
    raise AttributeError(
        f"tf.experimental.dtensor.{name}: DTensor is not provided by the tensorflow frontend "
        "(frontends.jax has a sharding API on JAX's SPMD engine)"
    )
