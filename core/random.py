"""core.random: sampling driven by explicit, seedable generator state.

The sampling functions are filled in by :func:`core.set_backend`; the declarations, the
:class:`Generator` class and the default generator live in :mod:`core.ops.random`.
"""

from core.ops.random import Generator, default_generator, seed

__all__ = ["Generator", "default_generator", "seed"]
