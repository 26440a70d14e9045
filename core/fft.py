"""core.fft: the Array API fft extension, on the backend that is set.

Filled by :func:`core.set_backend`; the declarations live in :mod:`core.ops.fft`.
"""
