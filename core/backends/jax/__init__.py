"""The jax backend.

core needs 64-bit dtypes, so setting this backend turns on JAX's ``jax_enable_x64`` once
(:func:`on_set`). Importing this module does not.
"""

from typing import Any

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy

from core.backends import make_promote
from core.dtypes import DTYPE_NAMES, Dtype

name = "jax"
version = jax.__version__
native_array_types = (jax.Array,)
NativeArray = jax.Array
NativeDtype = numpy.dtype
native_dtypes = {
    dtype_name: numpy.dtype(ml_dtypes.bfloat16 if dtype_name == "bfloat16" else dtype_name)
    for dtype_name in DTYPE_NAMES
}
core_dtypes = {native: Dtype(dtype_name) for dtype_name, native in native_dtypes.items()}


def x64_enabled() -> bool:
    return bool(jax.config.jax_enable_x64)


def on_set() -> None:
    """Turn on 64-bit mode, which core's int64/float64/complex128 need."""
    if not x64_enabled():
        jax.config.update("jax_enable_x64", True)


def can_hold(native_dtype) -> bool:
    try:
        return jnp.zeros((1,), dtype=native_dtype).dtype == native_dtype
    except TypeError:
        return False


exact_array_type = type(jnp.zeros(()))


def to_numpy(x: jax.Array) -> numpy.ndarray:
    return numpy.asarray(x)


def from_numpy(array: numpy.ndarray) -> jax.Array:
    return jnp.asarray(array)


def shape_of(x: jax.Array) -> tuple[int, ...]:
    return x.shape


def device_of(x: jax.Array) -> str:
    """The platform holding ``x``; a value traced under ``jax.jit`` has no device yet, so it is
    the default backend's, where the compiled program runs."""
    if isinstance(x, jax.core.Tracer):
        return jax.default_backend()
    return next(iter(x.devices())).platform


def _cast(x: jax.Array, native: numpy.dtype) -> jax.Array:
    return x.astype(native)


def _scalar(value: Any, native: numpy.dtype) -> jax.Array:
    return jnp.asarray(value, dtype=native)


promote = make_promote(core_dtypes, native_dtypes, _cast, _scalar)
"""``promote(*values)``: native arrays and scalars cast to core's common dtype."""


def has_gpu() -> bool:
    return any(device.platform == "gpu" for device in jax.devices())
