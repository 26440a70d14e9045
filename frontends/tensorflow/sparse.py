"""``tf.sparse``: sparse tensors are not provided by the tensorflow frontend.

``SparseTensor`` exists as a class (libraries test ``isinstance(x, tf.SparseTensor)``, which
is False for every value here); constructing one, and each ``tf.sparse`` function, raises
``UnimplementedError`` naming itself. ``to_dense`` of a dense tensor is not defined in TF
either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontends.tensorflow import errors

_NAMES = (
    "add", "bincount", "concat", "cross_hashed", "expand_dims", "fill_empty_rows",
    "from_dense", "map_values", "maximum", "minimum", "reduce_any", "reduce_max",
    "reduce_sum", "reshape", "retain", "sparse_dense_matmul", "to_dense", "transpose",
)  # fmt: skip
__all__ = ["SparseTensor", *_NAMES]


def _unsupported(what: str) -> errors.UnimplementedError:
    return errors.UnimplementedError(
        None, None, f"{what}: sparse tensors are not provided by the tensorflow frontend"
    )


class SparseTensor:
    """``tf.SparseTensor`` (see the module docstring)."""

    def __init__(self, indices: Any, values: Any, dense_shape: Any) -> None:
        raise _unsupported("tf.SparseTensor")


def _function(name: str) -> Callable[..., Any]:
    def function(*args: Any, **kwargs: Any) -> Any:
        raise _unsupported(f"tf.sparse.{name}")

    function.__name__ = function.__qualname__ = name
    return function


globals().update({name: _function(name) for name in _NAMES})
