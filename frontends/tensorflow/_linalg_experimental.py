"""tf.linalg.experimental: ``conjugate_gradient`` is not here yet."""

from __future__ import annotations

__all__: list[str] = []
