"""numpy.lib of the frontend: ``stride_tricks`` (the frontend's), and numpy's own
``NumpyVersion``, ``mixins``, ``add_newdoc`` and ``add_docstring``, which take no arrays."""

from __future__ import annotations

import numpy as _numpy

from frontends.numpy.lib import stride_tricks

NumpyVersion = _numpy.lib.NumpyVersion
mixins = _numpy.lib.mixins
add_newdoc = _numpy.lib.add_newdoc
add_docstring = _numpy.lib.add_docstring

__all__ = ["NumpyVersion", "add_docstring", "add_newdoc", "mixins", "stride_tricks"]
