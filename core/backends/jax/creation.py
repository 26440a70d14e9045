"""jax implementations of core's creation functions."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.jax import native_dtypes


def asarray(
    obj: Any, /, *, dtype: Any = None, device: str | None = None, copy: bool | None = None
) -> jax.Array:
    if dtype is None:
        dtype = inferred_dtype(obj)
    obj = foreign_to_numpy(obj, (jax.Array,))
    native = None if dtype is None else native_dtypes[dtype]
    return jnp.array(obj, dtype=native, copy=bool(copy))
