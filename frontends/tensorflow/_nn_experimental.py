"""tf.nn.experimental: ``stateless_dropout`` (``general_dropout`` is not here yet)."""

from __future__ import annotations

from typing import Any

from frontends.tensorflow._tensor import Tensor

__all__ = ["stateless_dropout"]


def stateless_dropout(x: Any, rate: Any, seed: Any, rng_alg: Any = None,
                      noise_shape: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    """TF's dropout with the mask drawn by ``tf.random.stateless_uniform(seed=seed)``."""
    from frontends.tensorflow import random
    from frontends.tensorflow.nn import apply_dropout

    def sample(shape: tuple[int, ...], dtype: Any) -> Any:
        return random.stateless_uniform(shape, seed=seed, dtype=dtype, alg=rng_alg or "auto_select")

    return apply_dropout(x, rate, noise_shape, sample)
