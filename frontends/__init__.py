"""Drop-in replacements for framework modules, running on any core backend.

``from frontends import torch`` behaves like ``import torch``; likewise ``numpy``, ``jax``
and ``tensorflow``. Pick the backend with :func:`core.set_backend`. Importing a frontend
imports none of torch, jax or tensorflow unless that backend is set.
"""

__version__ = "0.1.0"
