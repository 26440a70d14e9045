"""core.random: sampling driven by explicit, seedable generator state.

Filled by :func:`core.set_backend`; the declarations live in :mod:`core.ops.random`.
"""
