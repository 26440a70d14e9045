"""core.linalg: the Array API linear algebra extension, on the backend that is set.

Filled by :func:`core.set_backend`; the declarations live in :mod:`core.ops.linalg`.
"""
