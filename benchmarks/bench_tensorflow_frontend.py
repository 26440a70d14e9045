"""frontends.tensorflow against real TensorFlow eager.

Run: python -m benchmarks.bench_tensorflow_frontend [--backends numpy torch jax tensorflow]

- per op, float32 tensors of 16 elements (4x4 for matmul), on the tensorflow backend: the
  frontend against real TF eager in the same process. Target: at most 1.2x.
- the training step of ``examples/tf_training.py`` (a GradientTape step with Adam on a
  batch of 32, eager, and as a tf.function) on each backend against real TF.
- ``from frontends import tensorflow`` on the numpy backend in a fresh interpreter: target
  under 0.3 s, without importing TensorFlow.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy

import core
from benchmarks._timing import best_time, format_row

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def _ops(tf: Any) -> dict[str, Callable[[], Any]]:
    x = tf.constant(numpy.linspace(-1.0, 1.0, 16, dtype=numpy.float32))
    y = tf.constant(numpy.linspace(0.5, 2.0, 16, dtype=numpy.float32))
    m = tf.constant(numpy.linspace(-1.0, 1.0, 16, dtype=numpy.float32).reshape(4, 4))
    v = tf.Variable(numpy.zeros(16, numpy.float32))

    def tape_gradient() -> Any:
        with tf.GradientTape() as tape:
            tape.watch(x)
            z = tf.reduce_sum(x * x)
        return tape.gradient(z, x)

    def variable_gradient() -> Any:
        with tf.GradientTape() as tape:
            z = tf.reduce_sum(v * y)
        return tape.gradient(z, v)

    return {
        "tf.add": lambda: tf.add(x, y),
        "x * 2.0": lambda: x * 2.0,
        "tf.exp": lambda: tf.exp(x),
        "tf.reduce_sum": lambda: tf.reduce_sum(x),
        "tf.matmul": lambda: tf.matmul(m, m),
        "Variable.assign_add": lambda: v.assign_add(y),
        "GradientTape (watch)": tape_gradient,
        "GradientTape (Variable)": variable_gradient,
        "tf.random.uniform": lambda: tf.random.uniform([16], seed=1),
        "stateless_uniform": lambda: tf.random.stateless_uniform([16], [1, 2]),
    }


def _training_step(tf: Any, compiled: bool) -> Callable[[], Any]:
    tf.random.set_seed(7)
    x = tf.random.normal([32, 6], seed=1)
    labels = tf.argmax(tf.matmul(x, tf.random.normal([6, 3], seed=2)), axis=1)
    w1 = tf.Variable(tf.random.truncated_normal([6, 16], stddev=0.4, seed=3))
    b1 = tf.Variable(tf.zeros([16]))
    w2 = tf.Variable(tf.random.truncated_normal([16, 3], stddev=0.4, seed=4))
    b2 = tf.Variable(tf.zeros([3]))
    params = [w1, b1, w2, b2]
    optimizer = tf.optimizers.Adam(learning_rate=0.02)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def step() -> Any:
        with tf.GradientTape() as tape:
            hidden = tf.nn.relu(tf.matmul(x, w1) + b1)
            loss = loss_fn(labels, tf.matmul(hidden, w2) + b2)
        grads = tape.gradient(loss, params)
        optimizer.apply_gradients(zip(grads, params))
        return loss

    run = tf.function(step) if compiled else step
    return lambda: run().numpy()


def _import_time() -> tuple[float, bool]:
    code = (
        "import time, sys; t = time.perf_counter(); from frontends import tensorflow; "
        "print(time.perf_counter() - t, 'tensorflow' in sys.modules)"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    best = float("inf")
    loaded = False
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, cwd=ROOT, check=True).stdout.split()  # fmt: skip
        best = min(best, float(out[0]))
        loaded = loaded or out[1] == "True"
    return best, loaded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=["numpy", "torch", "jax", "tensorflow"])
    arguments = parser.parse_args()
    import tensorflow as real_tf

    from frontends import tensorflow as tf

    widths = [26, 12, 12, 8]
    print("per op on the tensorflow backend (16 float32 elements), target <= 1.2x")
    print(format_row(["op", "real TF (us)", "frontend", "ratio"], widths))
    real_ops = _ops(real_tf)
    with core.use_backend("tensorflow"):
        mine_ops = _ops(tf)
        for name in real_ops:
            real = best_time(real_ops[name])
            mine = best_time(mine_ops[name])
            print(format_row([name, f"{real * 1e6:.1f}", f"{mine * 1e6:.1f}",
                              f"{mine / real:.2f}x"], widths))  # fmt: skip
    print()
    print("examples/tf_training.py step (batch 32, Adam): eager and tf.function")
    print(format_row(["backend", "real TF (us)", "frontend", "ratio"], widths))
    for compiled in (False, True):
        real = best_time(_training_step(real_tf, compiled), repeat=3)
        for backend in arguments.backends:
            with core.use_backend(backend):
                mine = best_time(_training_step(tf, compiled), repeat=3)
            label = f"{backend}{' tf.function' if compiled else ''}"
            print(format_row([label, f"{real * 1e6:.0f}", f"{mine * 1e6:.0f}",
                              f"{mine / real:.2f}x"], widths))  # fmt: skip
    print()
    seconds, loaded = _import_time()
    print(f"from frontends import tensorflow (numpy backend): {seconds:.3f} s "
          f"(target < 0.3 s); tensorflow imported: {loaded}")  # fmt: skip


if __name__ == "__main__":
    main()
