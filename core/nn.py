"""core.nn: neural-network operations (convolution, pooling, normalization, attention...).

Filled by :func:`core.set_backend`; the declarations live in :mod:`core.ops.nn`.
"""
