"""core's functions on native arrays: native arrays in, native arrays out.

Filled by :func:`core.set_backend` with the backend's implementations. Compositional
functions and the frontends call these, so values stay native inside them (one wrap per
boundary). Always reach a function through the module (``native.add``), never
``from core.native import add``: the binding changes with the backend.
"""

from types import SimpleNamespace

linalg = SimpleNamespace()
fft = SimpleNamespace()
nn = SimpleNamespace()
random = SimpleNamespace()
