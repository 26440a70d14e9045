"""Drop-in replacements for framework modules, running on any core backend.

``from frontends import torch`` behaves like ``import torch``; likewise ``numpy``, ``jax``
and ``tensorflow``. Pick the backend with :func:`core.set_backend`. Importing a frontend
imports none of torch, jax or tensorflow unless that backend is set.

:func:`install` goes one step further: every ``import torch`` (or ``jax``, ``tensorflow``) in
the process, third-party libraries' included, resolves to the frontend
(:mod:`frontends.dropin`).
"""

from frontends.dropin import install, installed, uninstall

__version__ = "0.1.0"
