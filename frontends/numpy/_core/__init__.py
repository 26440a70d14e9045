"""``numpy._core`` of the frontend: its namespace is numpy's.

``from numpy._core import arange, sctypes`` (as numpy's own tests and some libraries write)
gives the frontend's names: each public name real ``numpy._core`` has resolves, on first
use, to the frontend's name of the same name (``frontends.numpy``). numpy's compiled test
helpers (``_umath_tests``, ``_rational_tests``, ``_multiarray_tests`` ...) are numpy's own:
they take and give real numpy arrays.
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    import numpy._core as real

    if name.startswith("_") and name.endswith("_tests"):
        return importlib.import_module(f"numpy._core.{name}")
    if not name.startswith("_") and name in vars(real):
        import frontends.numpy

        try:
            return getattr(frontends.numpy, name)
        except AttributeError:
            pass
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
