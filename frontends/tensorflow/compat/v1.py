"""``tf.compat.v1``: the graph-mode calls TF2 libraries still make (Keras' shape inference
uses ``placeholder`` inside a FuncGraph, see ``frontends.tensorflow._internal``)."""

from __future__ import annotations

from typing import Any

from frontends.tensorflow._internal import placeholder

__all__ = ["placeholder", "reset_default_graph", "sparse_placeholder"]


def reset_default_graph() -> None:
    """There is no default graph to reset in this always-eager frontend."""


def sparse_placeholder(dtype: Any, shape: Any = None, name: Any = None) -> Any:
    raise NotImplementedError(
        "tf.compat.v1.sparse_placeholder: sparse tensors are not provided by the tensorflow "
        "frontend"
    )
