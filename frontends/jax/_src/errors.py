"""JAX's exceptions for core's typed errors, whichever backend runs the op."""

from __future__ import annotations

import math
from typing import Any

from core import errors as core_errors
from frontends.base.functions import errors_mapped
from frontends.base.functions import framework_error as _framework_error

# functions whose broadcast failure JAX raises as a ValueError whatever the ranks (they
# broadcast their operands explicitly)
_BROADCAST_VALUE_ERROR = frozenset({"copysign", "gcd", "lcm", "heaviside"})
# functions whose out-of-range axis JAX 0.10 meets as an IndexError (indexing the shape)
# before any axis check
_AXIS_INDEX_ERROR = frozenset(
    {"mean", "std", "var", "argmax", "argmin", "nanargmax", "nanargmin", "swapaxes"}
    | {"split", "array_split", "packbits", "unpackbits"}
)

# functions whose operands of the wrong shape JAX checks itself with a ValueError (lax's
# shape rules, a TypeError, meet the others)
_SHAPE_VALUE_ERROR = frozenset({"inv", "det", "slogdet"})


def framework_error(error: core_errors.CoreError, function: str) -> Exception:
    """JAX's exception for core's typed error (JAX's message where core has the fields):
    a TypeError for shapes (broadcasting, reshape, mismatched dimensions) and dtypes, a
    ValueError for axes, an IndexError for indices; others a ValueError. Shapes of
    different ranks that do not broadcast are a ValueError, as jnp's rank promotion
    raises before lax's TypeError.

    A singular matrix is an error here where JAX returns inf/nan: the backend raised it
    and no values came back (``docs/errors.md``)."""
    message = str(error)
    if isinstance(error, core_errors.BroadcastError):
        ranks = {len(s) for s in error.shapes or ()}
        if function in _BROADCAST_VALUE_ERROR or len(ranks) > 1:
            # jnp ranks-promotes first, and that broadcast raises a ValueError
            shapes = ", ".join(str(s) for s in error.shapes or ())
            return ValueError(f"Incompatible shapes for broadcasting: shapes=[{shapes}]")
        if error.shapes:
            shapes = ", ".join(str(s) for s in error.shapes)
            message = f"{function} got incompatible shapes for broadcasting: {shapes}."
        return TypeError(message)
    if isinstance(error, core_errors.ReshapeError):
        if error.target is not None and error.shape is not None:
            message = (
                f"cannot reshape array of shape {error.shape} (size {error.size}) into shape "
                f"{error.target} (size {math.prod(error.target)})"
            )
        return TypeError(message)
    if isinstance(error, core_errors.ShapeMismatchError) and function in _SHAPE_VALUE_ERROR:
        return ValueError(message)
    if isinstance(error, core_errors.ShapeMismatchError | core_errors.UnsupportedDtypeError):
        return TypeError(message)
    if isinstance(error, core_errors.AxisError):
        if function in _AXIS_INDEX_ERROR:
            return IndexError(message)
        if error.axis is not None and error.ndim is not None:
            message = f"axis {error.axis} is out of bounds for array of dimension {error.ndim}"
        return ValueError(message)
    if isinstance(error, core_errors.IndexOutOfRangeError):
        return IndexError(message)
    return ValueError(message)


def jax_error(error: Exception, function: str, operands: Any = ()) -> Exception | None:
    """JAX's exception for ``error`` raised in ``function`` (None: leave it as it is)."""
    return _framework_error(framework_error, error, function, operands)


maps_errors = errors_mapped(framework_error)
"""A decorator: a jnp entry point outside the bridge raising JAX's exceptions."""


def lax_framework_error(error: core_errors.CoreError, function: str) -> Exception:
    """lax's exception for core's typed error: as jnp's (:func:`framework_error`), but
    shapes that do not broadcast are a TypeError whatever the ranks (lax's shape rules;
    it does not rank-promote)."""
    if isinstance(error, core_errors.BroadcastError):
        shapes = ", ".join(str(s) for s in error.shapes or ())
        message = f"{function} got incompatible shapes for broadcasting: {shapes}."
        return TypeError(message if error.shapes else str(error))
    return framework_error(error, function)


lax_maps_errors = errors_mapped(lax_framework_error)
"""A decorator: a ``jax.lax`` entry point raising JAX's exceptions (a backend's never
reaches the user)."""
