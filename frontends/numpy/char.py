"""numpy.char: real numpy's functions, on string arrays held on the host (see
:class:`frontends.numpy._core.multiarray.HostArray`); numeric results go to the backend."""

from __future__ import annotations

import numpy

from frontends.numpy._core.multiarray import host_namespace

__getattr__ = host_namespace(numpy.char, globals())
