"""The jax frontend: behaves like `import jax`, on any core backend.

Submodules load lazily (``jax.numpy``, ``jax.random``, ``jax.tree_util``, ``jax.tree``),
so ``from frontends import jax`` stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

from frontends.jax._src.api import (
    ShapeDtypeStruct,
    checkpoint,
    checkpoint_policies,
    custom_jvp,
    custom_vjp,
    default_backend,
    device_count,
    devices,
    disable_jit,
    ensure_compile_time_eval,
    eval_shape,
    grad,
    hessian,
    jacfwd,
    jacobian,
    jacrev,
    jit,
    jvp,
    linearize,
    local_device_count,
    local_devices,
    make_jaxpr,
    named_call,
    named_scope,
    pmap,
    process_count,
    process_index,
    pure_callback,
    remat,
    value_and_grad,
    vjp,
    vmap,
)
from frontends.jax._src.array import Array
from frontends.jax._src.config import STATES as _STATES
from frontends.jax._src.config import config, enable_x64, transfer_guard
from frontends.jax._src.dtypes import JAX_VERSION as __version__
from frontends.jax._src.sharding import device_put, make_mesh, set_mesh, shard_map

__all__ = [
    "Array", "config", "block_until_ready", "device_get", "device_put", "enable_x64", "grad",
    "value_and_grad", "vjp", "jvp", "linearize", "jacfwd", "jacrev", "jacobian", "hessian",
    "custom_vjp", "custom_jvp", "checkpoint", "remat", "checkpoint_policies", "jit", "vmap",
    "pmap", "eval_shape", "ShapeDtypeStruct", "disable_jit", "devices", "local_devices",
    "device_count", "local_device_count", "default_backend", "process_index", "process_count",
    "make_jaxpr", "named_call", "named_scope", "ensure_compile_time_eval", "transfer_guard",
    "checking_leaks", "pure_callback", "make_mesh", "set_mesh", "shard_map", "NamedSharding",
    "P", "sharding", *_STATES,
]  # fmt: skip

globals().update(_STATES)  # jax.debug_nans, jax.numpy_dtype_promotion, ...: option contexts


def checking_leaks() -> Any:
    """``jax.checking_leaks``: ``jax.check_tracer_leaks(True)``."""
    return _STATES["check_tracer_leaks"](True)


_SUBMODULES = (
    "numpy", "random", "tree_util", "tree", "dtypes", "errors", "experimental", "lax", "nn",
    "scipy", "example_libraries", "debug", "typing", "sharding", "distributed",
)  # fmt: skip


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"frontends.jax.{name}")
    if name in ("NamedSharding", "P"):  # real JAX's classes on the jax backend
        from frontends.jax._src.sharding import resolve

        return resolve("PartitionSpec" if name == "P" else name)
    raise AttributeError(f"module 'frontends.jax' has no attribute {name!r}")


def block_until_ready(x: Any) -> Any:
    """``jax.block_until_ready``: waits for each array of the pytree ``x`` (the jax
    backend dispatches asynchronously; the others are ready); returns ``x``."""
    from frontends.jax import tree_util

    for leaf in tree_util.tree_leaves(x):
        if isinstance(leaf, Array):
            leaf.block_until_ready()
    return x


def device_get(x: Any) -> Any:
    """``jax.device_get``: every array leaf of a pytree as a numpy array."""
    import numpy

    from frontends.jax import tree_util

    return tree_util.tree_map(lambda v: numpy.asarray(v) if isinstance(v, Array) else v, x)
