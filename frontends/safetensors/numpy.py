"""``safetensors.numpy`` on the numpy frontend: arrays load as ``frontends.numpy`` arrays on
the backend in use; any array with ``__array__`` (real numpy, a frontend array) saves."""

from __future__ import annotations

import os
from typing import Any

import numpy

from frontends.safetensors import _format
from frontends.safetensors._format import SafetensorError, safe_open

__all__ = ["SafetensorError", "load", "load_file", "safe_open", "save", "save_file"]


def _to_array(array: numpy.ndarray) -> Any:
    from frontends import numpy as np

    return np.asarray(array)


def _host_arrays(tensor_dict: dict[str, Any]) -> dict[str, numpy.ndarray]:
    arrays = {}
    for name, value in tensor_dict.items():
        if not isinstance(name, str):
            raise TypeError(
                f"argument 'tensor_dict': '{type(name).__name__}' object is not an instance "
                "of 'str'"
            )
        if not hasattr(value, "__array__"):
            raise ValueError(
                f"Key `{name}` is invalid, expected np.ndarray but received {type(value)}"
            )
        arrays[name] = numpy.asarray(value)
    return arrays


def save(tensor_dict: dict[str, Any], metadata: dict[str, str] | None = None) -> bytes:
    """The safetensors bytes of ``tensor_dict``."""
    return _format.serialize(_host_arrays(tensor_dict), metadata)


def save_file(
    tensor_dict: dict[str, Any],
    filename: str | os.PathLike,
    metadata: dict[str, str] | None = None,
) -> None:
    data = save(tensor_dict, metadata)
    with open(filename, "wb") as file:
        file.write(data)


def load(data: bytes) -> dict[str, Any]:
    return {name: _to_array(a) for name, a in _format.deserialize(data)[1].items()}


def load_file(filename: str | os.PathLike) -> dict[str, Any]:
    with safe_open(filename, framework="np") as f:
        return {name: f.get_tensor(name) for name in f.keys()}
