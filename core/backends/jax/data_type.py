"""jax implementations of core's data-type functions."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from core.backends.jax import native_dtypes


def astype(
    x: jax.Array, dtype: Any, /, *, copy: bool = True, device: str | None = None
) -> jax.Array:
    native = native_dtypes[dtype]
    if x.dtype.kind == "c" and native.kind != "c":
        x = jnp.real(x)
    return x.astype(native)
