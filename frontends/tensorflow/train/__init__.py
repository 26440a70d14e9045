"""tf.train: object-based checkpoints in TF's file format, readable by real TF and
written by it (see :mod:`._checkpoint`), and checkpoint inspection.

``Checkpoint``, ``CheckpointManager``, ``CheckpointOptions``, ``latest_checkpoint``,
``get_checkpoint_state``, ``load_checkpoint`` (a reader with ``get_tensor``,
``get_variable_to_shape_map``, ``get_variable_to_dtype_map``) and ``list_variables``.
TF1's name-based savers, ``tf.train.Example`` protos and the distributed-training
helpers are not provided.
"""

from __future__ import annotations

import os
from typing import Any

from frontends.tensorflow import _dtypes
from frontends.tensorflow.train._bundle import BundleReader
from frontends.tensorflow.train._checkpoint import Checkpoint, CheckpointOptions
from frontends.tensorflow.train._management import (
    CheckpointManager,
    CheckpointState,
    get_checkpoint_state,
    latest_checkpoint,
)

__all__ = [
    "Checkpoint", "CheckpointManager", "CheckpointOptions", "CheckpointReader",
    "CheckpointState", "get_checkpoint_state", "latest_checkpoint", "list_variables",
    "load_checkpoint", "load_variable",
]  # fmt: skip


def _prefix(ckpt_dir_or_file: Any) -> str:
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = latest_checkpoint(path)
        if latest is None:
            raise ValueError(
                f"Couldn't find 'checkpoint' file or checkpoints in given directory {path}"
            )
        return latest
    return path


class CheckpointReader:
    """What tf.train.load_checkpoint returns: a checkpoint's tensors by key."""

    def __init__(self, prefix: str) -> None:
        self._reader = BundleReader(prefix)

    def get_tensor(self, tensor_str: str) -> Any:
        """The tensor as a numpy array (a scalar as a numpy scalar or bytes, as TF gives
        it)."""
        value = self._reader.get(tensor_str)
        return value[()] if value.ndim == 0 else value

    def has_tensor(self, tensor_str: str) -> bool:
        return tensor_str in self._reader.entries

    def get_variable_to_shape_map(self) -> dict[str, list[int]]:
        return {key: self._reader.shape(key) for key in self._reader.keys()}

    def get_variable_to_dtype_map(self) -> dict[str, _dtypes.DType]:
        return {key: _dtypes.as_dtype(self._reader.dtype_name(key)) for key in self._reader.keys()}

    def debug_string(self) -> bytes:
        return "".join(
            f"{key} ({self._reader.dtype_name(key)}) {self._reader.shape(key)}\n"
            for key in sorted(self._reader.keys())
        ).encode()


def load_checkpoint(ckpt_dir_or_file: Any) -> CheckpointReader:
    """A reader of the checkpoint at a prefix, or of a directory's latest checkpoint."""
    return CheckpointReader(_prefix(ckpt_dir_or_file))


def list_variables(ckpt_dir_or_file: Any) -> list[tuple[str, list[int]]]:
    """Every tensor of a checkpoint as (key, shape), sorted by key."""
    reader = load_checkpoint(ckpt_dir_or_file)
    return sorted(reader.get_variable_to_shape_map().items())


def load_variable(ckpt_dir_or_file: Any, name: str) -> Any:
    """One tensor of a checkpoint as a numpy array."""
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)
