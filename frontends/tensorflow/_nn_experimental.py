"""tf.nn.experimental: ``stateless_dropout`` and ``general_dropout`` are not here yet."""

from __future__ import annotations

__all__: list[str] = []
