"""tf.train.Checkpoint and CheckpointManager in TF's file format, both ways with real TF.

The frontend writes checkpoints on every backend; real TensorFlow, in a subprocess (as a
separate program would), restores each into the same objects and writes its own, which
the frontend restores on every backend. Errors and the manager's bookkeeping are
compared with real TF in this process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy
import pytest

import core
from tests.conftest import BACKENDS
from tests.frontends.tensorflow.cases import compare
from tests.frontends.tensorflow.oracle import real_tf, tf

# The objects both programs checkpoint: a module with variables of several dtypes in
# nested containers, a lazily built module (its variables made after a restore) and a
# step counter. ``fill`` gives the values (zeros to restore into).
BUILD = textwrap.dedent('''
    import numpy as np

    def build(tf, fill, built=True):
        class Net(tf.Module):
            def __init__(self):
                super().__init__()
                self.w = tf.Variable(fill(np.arange(6, dtype=np.float32).reshape(2, 3)), name="w")
                self.layers = [tf.Variable(fill(np.array([1.5, -2.0]))),
                               {"k": tf.Variable(fill(np.array(7, dtype=np.int64)))}]
                self.flags = tf.Variable(fill(np.array([True, False])))
                self.half = tf.Variable(tf.cast(fill(np.array([0.5, 3.0], np.float32)), tf.bfloat16))

        class Lazy(tf.Module):
            def build(self):
                self.slots = [tf.Variable(fill(np.array([2.0, 4.0], np.float32)))]

        net, lazy = Net(), Lazy()
        if built:
            lazy.build()
        return net, lazy, tf.Variable(fill(np.array(3, dtype=np.int64)))

    def values(net, lazy, step):
        return {"w": net.w.numpy().tolist(), "v": net.layers[0].numpy().tolist(),
                "k": int(net.layers[1]["k"].numpy()), "flags": net.flags.numpy().tolist(),
                "half": net.half.numpy().astype("float32").tolist(),
                "slots": lazy.slots[0].numpy().tolist(), "step": int(step.numpy())}
''')  # fmt: skip

REAL = BUILD + textwrap.dedent('''
    import json, os, sys
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf

    root = sys.argv[1]
    read = {}
    for backend in sys.argv[2:]:
        net, lazy, step = build(tf, np.zeros_like, built=False)
        checkpoint = tf.train.Checkpoint(model=net, lazy=lazy, step=step)
        status = checkpoint.restore(tf.train.latest_checkpoint(os.path.join(root, backend)))
        lazy.build()
        status.assert_consumed()
        read[backend] = values(net, lazy, step)
        read[backend]["save_counter"] = int(checkpoint.save_counter.numpy())
    net, lazy, step = build(tf, lambda x: x)
    checkpoint = tf.train.Checkpoint(model=net, lazy=lazy, step=step)
    manager = tf.train.CheckpointManager(checkpoint, os.path.join(root, "real"), max_to_keep=2)
    for _ in range(3):
        manager.save()
    checkpoint.write(os.path.join(root, "written", "prefix"))
    with open(os.path.join(root, "read.json"), "w") as handle:
        json.dump(read, handle)
''')  # fmt: skip

_namespace: dict[str, Any] = {}
exec(BUILD, _namespace)
build, values = _namespace["build"], _namespace["values"]


@pytest.fixture(scope="module")
def exchanged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The frontend's checkpoints (one directory per backend) read by real TF in a
    subprocess, which also writes its own: (directory, what TF read)."""
    root = tmp_path_factory.mktemp("checkpoints")
    for backend in BACKENDS:
        with core.use_backend(backend):
            net, lazy, step = build(tf, lambda x: x)
            checkpoint = tf.train.Checkpoint(model=net, lazy=lazy, step=step)
            manager = tf.train.CheckpointManager(checkpoint, root / backend, max_to_keep=2)
            for _ in range(2):
                manager.save()
    script = root / "real.py"
    script.write_text(REAL)
    subprocess.run([sys.executable, str(script), str(root), *BACKENDS], check=True, timeout=600,
                   env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})  # fmt: skip
    return root, json.loads((root / "read.json").read_text())


def test_tf_restores_frontend_checkpoints(backend: str, exchanged: Any) -> None:
    root, read = exchanged
    net, lazy, step = build(real_tf, lambda x: x)
    assert read[backend] == {**values(net, lazy, step), "save_counter": 2}
    files = sorted(os.listdir(root / backend))
    assert files == ["checkpoint", "ckpt-1.data-00000-of-00001", "ckpt-1.index",
                     "ckpt-2.data-00000-of-00001", "ckpt-2.index"]  # fmt: skip


def test_frontend_restores_tf_checkpoints(backend: str, exchanged: Any) -> None:
    root, _ = exchanged
    expected = values(*build(real_tf, lambda x: x))
    for path in (tf.train.latest_checkpoint(root / "real"), str(root / "written" / "prefix")):
        net, lazy, step = build(tf, numpy.zeros_like, built=False)
        checkpoint = tf.train.Checkpoint(model=net, lazy=lazy, step=step)
        status = checkpoint.restore(path)
        with pytest.raises(AssertionError):  # the lazy module's slots do not exist yet
            status.assert_consumed()
        lazy.build()  # its values were waiting: restored now, as TF restores them
        status.assert_consumed()
        assert values(net, lazy, step) == expected
        assert int(checkpoint.save_counter.numpy()) == 3
    manager = tf.train.CheckpointManager(checkpoint, root / "real", max_to_keep=2)
    assert [os.path.basename(p) for p in manager.checkpoints] == ["ckpt-2", "ckpt-3"]
    reader = tf.train.load_checkpoint(root / "real")
    real_reader = real_tf.train.load_checkpoint(str(root / "real"))
    assert tf.train.list_variables(root / "real") == real_tf.train.list_variables(
        str(root / "real")
    )
    for key, _ in real_tf.train.list_variables(str(root / "real")):
        mine, theirs = reader.get_tensor(key), real_reader.get_tensor(key)
        assert type(mine) is type(theirs) and numpy.array_equal(mine, theirs), key
    assert reader.get_variable_to_dtype_map() == {
        key: tf.as_dtype(dtype.name)
        for key, dtype in real_reader.get_variable_to_dtype_map().items()
    }


def _manager_state(tf: Any, directory: str) -> Any:
    variable = tf.Variable(1.0)
    checkpoint = tf.train.Checkpoint(v=variable)
    manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=2,
                                         checkpoint_name="model")  # fmt: skip
    saved = [os.path.basename(manager.save()) for _ in range(3)]
    numbered = os.path.basename(manager.save(checkpoint_number=10))
    again = tf.train.CheckpointManager(
        checkpoint, directory, max_to_keep=2, checkpoint_name="model"
    )
    state = tf.train.get_checkpoint_state(directory)
    return (saved, numbered, sorted(os.listdir(directory)),
            [os.path.basename(p) for p in again.checkpoints],
            os.path.basename(tf.train.latest_checkpoint(directory)),
            os.path.basename(state.model_checkpoint_path),
            [os.path.basename(p) for p in state.all_model_checkpoint_paths],
            int(checkpoint.save_counter.numpy()), tf.train.latest_checkpoint(directory + "/none"))  # fmt: skip


def test_manager_and_errors(backend: str, tmp_path: Path) -> None:
    assert _manager_state(tf, str(tmp_path / "mine")) == _manager_state(
        real_tf, str(tmp_path / "real")
    )
    path = str(tmp_path / "errors")

    def mismatch(tf: Any) -> Any:
        tf.train.Checkpoint(v=tf.Variable([1.0, 2.0])).write(path + "/m")
        return tf.train.Checkpoint(v=tf.Variable([1.0, 2.0, 3.0])).restore(path + "/m")

    def extra(tf: Any) -> Any:
        tf.train.Checkpoint(v=tf.Variable(1.0)).write(path + "/e")
        status = tf.train.Checkpoint(v=tf.Variable(1.0), w=tf.Variable(2.0)).restore(path + "/e")
        return status.assert_consumed()

    for fn in (
        mismatch,
        extra,
        lambda tf: tf.train.Checkpoint(v=object()),
        lambda tf: tf.train.CheckpointManager(tf.train.Checkpoint(), path, max_to_keep=0),
        lambda tf: tf.train.Checkpoint(v=tf.Variable(1.0)).restore(path + "/missing"),
        lambda tf: tf.train.load_checkpoint(path + "/missing"),
        lambda tf: tf.train.Checkpoint().restore(None).assert_consumed(),
    ):
        compare(fn)
