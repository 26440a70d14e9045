"""``jax.typing``: the annotations JAX's own functions use (``ArrayLike``, ``DTypeLike``)."""

from __future__ import annotations

from typing import Any, Union

import numpy

from frontends.jax._src.array import Array

__all__ = ["ArrayLike", "DTypeLike"]

ArrayLike = Union[Array, numpy.ndarray, numpy.bool_, numpy.number, bool, int, float, complex]
DTypeLike = Union[str, type, numpy.dtype, Any]
