"""tf.train.CheckpointManager, latest_checkpoint and the ``checkpoint`` state file.

The state file is TF's ``CheckpointState`` in protobuf text format, in the checkpoints'
directory: ``model_checkpoint_path`` (the latest), ``all_model_checkpoint_paths`` and
their timestamps, paths relative to the directory when they are inside it.
"""

from __future__ import annotations

import collections
import glob
import os
import re
import time
from dataclasses import dataclass, field
from typing import Any

from frontends.tensorflow.train._bundle import index_filename

__all__ = ["CheckpointManager", "CheckpointState", "get_checkpoint_state", "latest_checkpoint"]

_STATE_FILE = "checkpoint"
_LINE = re.compile(r'\s*(\w+)\s*:\s*(?:"((?:[^"\\]|\\.)*)"|(\S+))\s*')


@dataclass
class CheckpointState:
    """tf.train.get_checkpoint_state's result (TF's CheckpointState message)."""

    model_checkpoint_path: str = ""
    all_model_checkpoint_paths: list[str] = field(default_factory=list)
    all_model_checkpoint_timestamps: list[float] = field(default_factory=list)
    last_preserved_timestamp: float = 0.0


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def _relative(path: str, directory: str) -> str:
    if os.path.isabs(path) and os.path.dirname(path) == os.path.abspath(directory):
        return os.path.basename(path)
    if not os.path.isabs(path) and os.path.dirname(path) == directory.rstrip("/"):
        return os.path.basename(path)
    return path


def update_checkpoint_state(directory: str, latest: str, paths: list[str],
                            timestamps: list[float] | None = None,
                            last_preserved: float | None = None) -> None:  # fmt: skip
    """Write the directory's state file (paths inside it written relative to it)."""
    lines = [f"model_checkpoint_path: {_quote(_relative(latest, directory))}"]
    lines += [f"all_model_checkpoint_paths: {_quote(_relative(p, directory))}" for p in paths]
    lines += [f"all_model_checkpoint_timestamps: {t!r}" for t in timestamps or []]
    if last_preserved is not None:
        lines.append(f"last_preserved_timestamp: {last_preserved!r}")
    path = os.path.join(directory or ".", _STATE_FILE)
    with open(path + ".tmp", "w") as handle:
        handle.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)


def get_checkpoint_state(
    checkpoint_dir: Any, latest_filename: str | None = None
) -> CheckpointState | None:
    """The directory's state file, with relative paths made absolute; None if absent."""
    directory = os.fspath(checkpoint_dir)
    path = os.path.join(directory, latest_filename or _STATE_FILE)
    if not os.path.exists(path):
        return None
    state = CheckpointState()
    with open(path) as handle:
        for line in handle:
            match = _LINE.fullmatch(line.rstrip("\n"))
            if not match:
                continue
            name, quoted, bare = match.groups()
            value = _unquote(quoted) if quoted is not None else bare
            if name == "model_checkpoint_path":
                state.model_checkpoint_path = value
            elif name == "all_model_checkpoint_paths":
                state.all_model_checkpoint_paths.append(value)
            elif name == "all_model_checkpoint_timestamps":
                state.all_model_checkpoint_timestamps.append(float(value))
            elif name == "last_preserved_timestamp":
                state.last_preserved_timestamp = float(value)
    if not state.model_checkpoint_path:
        return None

    def absolute(p: str) -> str:
        return p if os.path.isabs(p) else os.path.join(directory, p)

    state.model_checkpoint_path = absolute(state.model_checkpoint_path)
    state.all_model_checkpoint_paths = [absolute(p) for p in state.all_model_checkpoint_paths]
    return state


def latest_checkpoint(checkpoint_dir: Any, latest_filename: str | None = None) -> str | None:
    """tf.train.latest_checkpoint: the prefix of the directory's latest checkpoint, or None
    when there is none (or its files are gone)."""
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state is None or not os.path.exists(index_filename(state.model_checkpoint_path)):
        return None
    return state.model_checkpoint_path


class CheckpointManager:
    """tf.train.CheckpointManager: numbered saves of a Checkpoint in a directory, keeping
    the last ``max_to_keep`` (and one every ``keep_checkpoint_every_n_hours``); the state
    is read back from the directory when a manager is made there again."""

    def __init__(self, checkpoint: Any, directory: Any, max_to_keep: int | None,
                 keep_checkpoint_every_n_hours: float | None = None,
                 checkpoint_name: str = "ckpt", step_counter: Any = None,
                 checkpoint_interval: int | None = None, init_fn: Any = None) -> None:  # fmt: skip
        if max_to_keep is not None and max_to_keep <= 0:
            raise ValueError(
                f"Expected a positive integer or `None` for `max_to_keep`, got {max_to_keep}."
            )
        if checkpoint_interval is not None and step_counter is None:
            raise ValueError(
                "`step_counter` should be passed if `checkpoint_interval` is not None."
            )
        self._checkpoint = checkpoint
        self._max_to_keep = max_to_keep
        self._keep_every = keep_checkpoint_every_n_hours
        self._directory = os.fspath(directory)
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._init_fn = init_fn
        self._interval = checkpoint_interval
        self._step_counter = step_counter
        self._last_step = None if checkpoint_interval is None else _value(step_counter)
        self._maybe_delete: collections.OrderedDict[str, float] = collections.OrderedDict()
        now = time.time()
        state = get_checkpoint_state(self._directory)
        if state is None:
            self._latest: str | None = None
            self._last_preserved = now - 1.0
            return
        self._latest = state.model_checkpoint_path
        self._last_preserved = min(state.last_preserved_timestamp, now)
        stamps = state.all_model_checkpoint_timestamps or [self._last_preserved] * len(
            state.all_model_checkpoint_paths
        )
        for path, stamp in zip(state.all_model_checkpoint_paths, stamps):
            if stamp > self._last_preserved:
                self._maybe_delete[path] = stamp

    @property
    def directory(self) -> str:
        return self._directory

    @property
    def checkpoint(self) -> Any:
        return self._checkpoint

    @property
    def checkpoint_interval(self) -> int | None:
        return self._interval

    @property
    def latest_checkpoint(self) -> str | None:
        return self._latest

    @property
    def checkpoints(self) -> list[str]:
        """The managed checkpoints, oldest first."""
        return list(self._maybe_delete)

    def save(self, checkpoint_number: Any = None, check_interval: bool = True,
             options: Any = None) -> str | None:  # fmt: skip
        """Save ``<directory>/<checkpoint_name>-N`` (N the checkpoint's ``save_counter``
        after counting this save, or ``checkpoint_number``), delete the oldest beyond
        ``max_to_keep``, and return the new prefix (None when the interval skips it)."""
        if self._interval is not None:
            step = _value(self._step_counter)
            if self._last_step is not None:
                if step == self._last_step:
                    return None
                if check_interval and step < self._last_step + self._interval:
                    return None
            self._last_step = step
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        number = _value(counter if checkpoint_number is None else checkpoint_number)
        path = self._checkpoint.write(f"{self._prefix}-{number}")
        self._maybe_delete.pop(path, None)
        self._maybe_delete[path] = time.time()
        self._latest = path
        self._record()
        self._sweep()
        self._record()
        return path

    def _record(self) -> None:
        update_checkpoint_state(self._directory, self._latest or "", list(self._maybe_delete),
                                list(self._maybe_delete.values()), self._last_preserved)  # fmt: skip

    def _sweep(self) -> None:
        if not self._max_to_keep:
            return
        while len(self._maybe_delete) > self._max_to_keep:
            path, stamp = self._maybe_delete.popitem(last=False)
            if self._keep_every and stamp - self._keep_every * 3600.0 >= self._last_preserved:
                self._last_preserved = stamp
                continue
            for name in [
                index_filename(path),
                *glob.glob(glob.escape(path) + ".data-?????-of-?????"),
            ]:
                if os.path.exists(name):
                    os.remove(name)

    def restore_or_initialize(self) -> str | None:
        """Restore the latest checkpoint and return its path, or call ``init_fn`` (when
        given) and return None."""
        if self._latest is not None:
            self._checkpoint.restore(self._latest)
            return self._latest
        if self._init_fn is not None:
            self._init_fn()
        return None

    def sync(self) -> None:
        return None


def _value(number: Any) -> int:
    return int(number.numpy()) if hasattr(number, "numpy") else int(number)
