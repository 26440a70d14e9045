"""Per-op dispatch cost of every frontend against its own framework, on its own backend.

Run: python -m benchmarks.bench_dispatch [--frontends torch numpy jax tensorflow]
     [--sizes small large] [--quick] [--clock cpu|wall]

Each frontend runs on the backend of the framework it imitates and is compared with that
framework's own call in the same process (torch frontend on the torch backend against real
torch, numpy against numpy, ``jax.numpy``/``jax.nn`` against real JAX eager with
``block_until_ready`` on both sides, tensorflow against real TF eager). The same op code
runs on both sides: only the module and the input arrays differ.

- small: 16-element arrays (4x4 matrices). Target: at most 1.5x the framework's call.
- large: 1M-element arrays (1024x1024 matrices). Target: at most 1.05x, every op.
- torch also times ``nn.Linear`` calls and a 3-layer MLP forward (small: Linear(16, 16)
  on 16 elements, width 64 on batch 8; large: width 1024 on batch 1024).

Each frontend's table is measured in its own subprocess (the backend is set before the
frontend is imported), single-threaded: thread counts go in as environment variables
before any framework is imported, plus ``torch.set_num_threads(1)`` and TF's threading
config. Per op the frontend and the native call are timed in alternating short loops (A,
B, A, B, ...; about 2 ms each, or one call) and each keeps its best loop, so a change in
machine load hits both alike. Loops are timed on the process's CPU clock by default
(``--clock cpu``: on a shared, loaded machine the time the process waits for a core would
swamp a microsecond op; single-threaded, CPU time is the elapsed time of an idle machine);
``--clock wall`` times elapsed time. ``--quick`` times fewer loops (the whole command in
under 3 minutes; the default in under 8).

Notes: real JAX runs in the same process as the jax backend, which turns JAX's x64 mode on;
creation ops therefore pass ``dtype=float32`` on both sides. numpy uses float64 inputs
(numpy's default), the others float32.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks._timing import format_row

ROOT = Path(__file__).resolve().parents[1]
FRONTENDS = ("torch", "numpy", "jax", "tensorflow")
SIZES = ("small", "large")
TARGETS = {"small": 1.5, "large": 1.05}
SHAPES = {"small": (16, (4, 4)), "large": (1 << 20, (1024, 1024))}  # vector, matrix
# per mode: (seconds of timing loops per op and side, fewest loops); each loop runs about
# ROUND seconds, or one call where a call takes longer
BUDGETS = {"default": (0.25, 9), "quick": (0.04, 5)}
ROUND = 0.002
THREAD_ENV = {
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "TF_NUM_INTRAOP_THREADS": "1",
    "TF_NUM_INTEROP_THREADS": "1",
    "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
    "JAX_PLATFORMS": "cpu",
    "TF_CPP_MIN_LOG_LEVEL": "3",
}

Thunk = Callable[[], Any]
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


# --- timing --------------------------------------------------------------------------


def _per_call(timer: timeit.Timer, floor: float) -> float:
    """A rough seconds-per-call estimate from a loop that runs at least ``floor`` s."""
    number = 1
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= floor:
            return elapsed / number
        number *= 10 if elapsed < floor / 10 else 2


def interleaved_best(
    a: Thunk, b: Thunk, total: float, min_rounds: int, clock: str = "cpu"
) -> tuple[float, float]:
    """Seconds per call of ``a`` and ``b``: like ``_timing.best_time`` (the best of repeated
    loops), but the loops alternate a, b, a, b, ... so both see the same machine load, and
    they are short (about ``ROUND`` s, or one call) and many (about ``total`` s per side):
    on a loaded machine a short loop is more likely to run undisturbed."""
    a(), b()  # warm up (compilation, caches)
    timers = timeit.Timer(a, timer=CLOCKS[clock]), timeit.Timer(b, timer=CLOCKS[clock])
    per_call = [_per_call(timer, ROUND / 2) for timer in timers]
    numbers = [max(1, round(ROUND / seconds)) for seconds in per_call]
    rounds = max(min_rounds, int(total / max(ROUND, *per_call)))
    best = [math.inf, math.inf]
    for _ in range(rounds):
        for index, (timer, number) in enumerate(zip(timers, numbers)):
            best[index] = min(best[index], timer.timeit(number) / number)
    return best[0], best[1]


# --- the ops, one function per framework: the same code runs on the frontend and on the
# real framework ------------------------------------------------------------------------


def _torch_ops(torch: Any, d: dict[str, Any], size: str) -> dict[str, Thunk]:
    x, y, m, c = d["x"], d["y"], d["m"], d["c"]
    n, (rows, cols) = SHAPES[size]
    F = torch.nn.functional
    torch.manual_seed(0)
    width, batch, features = (64, 8, 16) if size == "small" else (1024, 1024, 1024)
    linear = torch.nn.Linear(features, features)
    linear_in = x if size == "small" else m
    mlp = torch.nn.Sequential(
        torch.nn.Linear(width, width),
        torch.nn.ReLU(),
        torch.nn.Linear(width, width),
        torch.nn.ReLU(),
        torch.nn.Linear(width, width),
    )
    batch_in = d["batch"]
    return {
        "torch.add(x, y)": lambda: torch.add(x, y),
        "x + y": lambda: x + y,
        "x * 2.0": lambda: x * 2.0,
        "x > y": lambda: x > y,
        "torch.matmul(m, m)": lambda: torch.matmul(m, m),
        "torch.relu(x)": lambda: torch.relu(x),
        "torch.sigmoid(x)": lambda: torch.sigmoid(x),
        "F.softmax(m, dim=-1)": lambda: F.softmax(m, dim=-1),
        "torch.exp(x)": lambda: torch.exp(x),
        "torch.sum(x)": lambda: torch.sum(x),
        "m.mean(dim=0)": lambda: m.mean(dim=0),
        "x.reshape(r, c)": lambda: x.reshape(rows, cols),
        "x.view(r, c)": lambda: x.view(rows, cols),
        "m.T": lambda: m.T,
        "x[2:5]": lambda: x[2:5],
        "x[3]": lambda: x[3],
        "torch.zeros(n)": lambda: torch.zeros(n),
        "torch.ones(n)": lambda: torch.ones(n),
        "x.to(torch.int32)": lambda: x.to(torch.int32),
        "torch.where(c, x, y)": lambda: torch.where(c, x, y),
        f"nn.Linear({features}, {features})": lambda: linear(linear_in),
        f"MLP 3x{width} batch {batch}": lambda: mlp(batch_in),
    }


def _numpy_ops(np: Any, d: dict[str, Any], size: str) -> dict[str, Thunk]:
    x, y, m, c = d["x"], d["y"], d["m"], d["c"]
    n, (rows, cols) = SHAPES[size]
    return {
        "np.add(x, y)": lambda: np.add(x, y),
        "x + y": lambda: x + y,
        "x * 2.0": lambda: x * 2.0,
        "x > y": lambda: x > y,
        "m @ m": lambda: m @ m,
        "np.maximum(x, 0)": lambda: np.maximum(x, 0),
        "np.tanh(x)": lambda: np.tanh(x),
        "np.exp(x)": lambda: np.exp(x),
        "np.sum(x)": lambda: np.sum(x),
        "m.mean(axis=0)": lambda: m.mean(axis=0),
        "x.reshape(r, c)": lambda: x.reshape(rows, cols),
        "m.T": lambda: m.T,
        "np.transpose(m)": lambda: np.transpose(m),
        "x[2:5]": lambda: x[2:5],
        "x[3]": lambda: x[3],
        "np.zeros(n)": lambda: np.zeros(n),
        "np.ones(n)": lambda: np.ones(n),
        "x.astype(np.int32)": lambda: x.astype(np.int32),
        "np.where(c, x, y)": lambda: np.where(c, x, y),
    }


def _jax_ops(jax: Any, jnp: Any, d: dict[str, Any], size: str, block: Any) -> dict[str, Thunk]:
    x, y, m, c = d["x"], d["y"], d["m"], d["c"]
    n, (rows, cols) = SHAPES[size]
    f32 = jnp.float32
    return {
        "jnp.add(x, y)": lambda: block(jnp.add(x, y)),
        "x + y": lambda: block(x + y),
        "x * 2.0": lambda: block(x * 2.0),
        "x > y": lambda: block(x > y),
        "jnp.matmul(m, m)": lambda: block(jnp.matmul(m, m)),
        "jax.nn.relu(x)": lambda: block(jax.nn.relu(x)),
        "jax.nn.sigmoid(x)": lambda: block(jax.nn.sigmoid(x)),
        "jax.nn.softmax(m)": lambda: block(jax.nn.softmax(m, axis=-1)),
        "jnp.exp(x)": lambda: block(jnp.exp(x)),
        "jnp.sum(x)": lambda: block(jnp.sum(x)),
        "jnp.mean(m, axis=0)": lambda: block(jnp.mean(m, axis=0)),
        "x.reshape(r, c)": lambda: block(x.reshape(rows, cols)),
        "m.T": lambda: block(m.T),
        "x[2:5]": lambda: block(x[2:5]),
        "x[3]": lambda: block(x[3]),
        "jnp.zeros(n, f32)": lambda: block(jnp.zeros(n, dtype=f32)),
        "jnp.ones(n, f32)": lambda: block(jnp.ones(n, dtype=f32)),
        "x.astype(jnp.int32)": lambda: block(x.astype(jnp.int32)),
        "jnp.where(c, x, y)": lambda: block(jnp.where(c, x, y)),
    }


def _tensorflow_ops(tf: Any, d: dict[str, Any], size: str) -> dict[str, Thunk]:
    x, y, m, c = d["x"], d["y"], d["m"], d["c"]
    n, (rows, cols) = SHAPES[size]
    return {
        "tf.add(x, y)": lambda: tf.add(x, y),
        "x + y": lambda: x + y,
        "x * 2.0": lambda: x * 2.0,
        "x > y": lambda: x > y,
        "tf.matmul(m, m)": lambda: tf.matmul(m, m),
        "tf.nn.relu(x)": lambda: tf.nn.relu(x),
        "tf.sigmoid(x)": lambda: tf.sigmoid(x),
        "tf.nn.softmax(m)": lambda: tf.nn.softmax(m),
        "tf.exp(x)": lambda: tf.exp(x),
        "tf.reduce_sum(x)": lambda: tf.reduce_sum(x),
        "tf.reduce_mean(m, 0)": lambda: tf.reduce_mean(m, axis=0),
        "tf.reshape(x, [r, c])": lambda: tf.reshape(x, [rows, cols]),
        "tf.transpose(m)": lambda: tf.transpose(m),
        "x[2:5]": lambda: x[2:5],
        "x[3]": lambda: x[3],
        "tf.zeros([n])": lambda: tf.zeros([n]),
        "tf.ones([n])": lambda: tf.ones([n]),
        "tf.cast(x, tf.int32)": lambda: tf.cast(x, tf.int32),
        "tf.where(c, x, y)": lambda: tf.where(c, x, y),
    }


def _data(size: str, dtype: str) -> dict[str, Any]:
    """numpy inputs: vectors x, y, condition c, matrix m, and the MLP's batch."""
    import numpy

    rng = numpy.random.default_rng(0)
    n, shape = SHAPES[size]
    x, y = (rng.standard_normal(n).astype(dtype) for _ in range(2))
    width, batch = (64, 8) if size == "small" else (1024, 1024)
    return {
        "x": x,
        "y": y,
        "c": x > 0,
        "m": rng.standard_normal(shape).astype(dtype),
        "batch": rng.standard_normal((batch, width)).astype(dtype),
    }


def _sides(frontend: str, size: str) -> tuple[dict[str, Thunk], dict[str, Thunk]]:
    """(frontend thunks, native thunks) for one size; the backend is already set."""
    if frontend == "torch":
        import torch as real

        from frontends import torch as ours

        data = _data(size, "float32")
        return (
            _torch_ops(ours, {k: ours.tensor(v) for k, v in data.items()}, size),
            _torch_ops(real, {k: real.from_numpy(v) for k, v in data.items()}, size),
        )
    if frontend == "numpy":
        import numpy as real

        from frontends import numpy as ours

        data = _data(size, "float64")
        return (
            _numpy_ops(ours, {k: ours.asarray(v) for k, v in data.items()}, size),
            _numpy_ops(real, data, size),
        )
    if frontend == "jax":
        import jax as real
        import jax.numpy as real_jnp

        from frontends import jax as ours
        from frontends.jax import numpy as ours_jnp

        data = _data(size, "float32")
        return (
            _jax_ops(
                ours,
                ours_jnp,
                {k: ours_jnp.asarray(v) for k, v in data.items()},
                size,
                lambda r: r.native.block_until_ready(),
            ),
            _jax_ops(
                real,
                real_jnp,
                {k: real_jnp.asarray(v) for k, v in data.items()},
                size,
                lambda r: r.block_until_ready(),
            ),
        )
    import tensorflow as real

    from frontends import tensorflow as ours

    data = _data(size, "float32")
    return (
        _tensorflow_ops(ours, {k: ours.constant(v) for k, v in data.items()}, size),
        _tensorflow_ops(real, {k: real.constant(v) for k, v in data.items()}, size),
    )


def _single_thread(frontend: str) -> None:
    """Import the framework single-threaded (the env vars are set before this runs)."""
    if frontend == "torch":
        import torch

        torch.set_num_threads(1)
        torch.set_num_interop_threads(1)
    elif frontend == "tensorflow":
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(1)
        tf.config.threading.set_inter_op_parallelism_threads(1)
    elif frontend == "jax":
        import jax  # noqa: F401  (XLA_FLAGS above: one thread)


def measure(frontend: str, sizes: list[str], quick: bool, clock: str) -> list[dict[str, Any]]:
    """Rows of one frontend's table (run in the child process)."""
    import core

    _single_thread(frontend)
    core.set_backend(frontend)
    total, min_rounds = BUDGETS["quick" if quick else "default"]
    rows = []
    for size in sizes:
        ours, native = _sides(frontend, size)
        for op in ours:
            frontend_time, native_time = interleaved_best(
                ours[op], native[op], total, min_rounds, clock
            )
            rows.append({"op": op, "size": size, "frontend": frontend_time, "native": native_time})
    return rows


# --- the parent: one subprocess per frontend, then the tables ----------------------------


def _run_child(frontend: str, sizes: list[str], quick: bool, clock: str) -> list[dict[str, Any]]:
    command = [sys.executable, "-m", "benchmarks.bench_dispatch", "--child", frontend]
    command += ["--sizes", *sizes, "--clock", clock] + (["--quick"] if quick else [])
    env = dict(os.environ, **THREAD_ENV)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)
    if done.returncode:
        raise RuntimeError(f"bench_dispatch child for {frontend} failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _geomean(values: list[float]) -> float:
    return math.exp(sum(map(math.log, values)) / len(values)) if values else math.nan


def _table(frontend: str, rows: list[dict[str, Any]], clock: str) -> tuple[list[str], str]:
    widths = [26, 6, 13, 11, 7, 6]
    native = "numpy" if frontend == "numpy" else f"real {frontend}"
    lines = [
        f"== {frontend} frontend on the {frontend} backend vs {native} "
        f"(single thread, {clock} clock; target small <= {TARGETS['small']}x, "
        f"large <= {TARGETS['large']}x)",
        format_row(["op", "size", "frontend us", "native us", "ratio", ""], widths),
    ]
    per_size: dict[str, list[float]] = {}
    for row in rows:
        ratio = row["frontend"] / row["native"]
        per_size.setdefault(row["size"], []).append(ratio)
        mark = "MISS" if ratio > TARGETS[row["size"]] else ""
        cells = [
            row["op"],
            row["size"],
            f"{row['frontend'] * 1e6:.2f}",
            f"{row['native'] * 1e6:.2f}",
            f"{ratio:.2f}",
            mark,
        ]
        lines.append(format_row(cells, widths).rstrip())
    ratios = [r for rs in per_size.values() for r in rs]
    met = sum(r <= TARGETS[s] for s, rs in per_size.items() for r in rs)
    parts = [
        f"{s} {sum(r <= TARGETS[s] for r in rs)}/{len(rs)} (geomean {_geomean(rs):.2f}x)"
        for s, rs in per_size.items()
    ]
    summary = (
        f"{frontend}: {met}/{len(ratios)} ops meet the target; "
        f"geomean ratio {_geomean(ratios):.2f}x; " + ", ".join(parts)
    )
    return lines, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frontends", nargs="+", choices=FRONTENDS, default=list(FRONTENDS))
    parser.add_argument("--sizes", nargs="+", choices=SIZES, default=list(SIZES))
    parser.add_argument("--quick", action="store_true", help="shorter timing rounds")
    parser.add_argument(
        "--clock",
        choices=CLOCKS,
        default="cpu",
        help="cpu: the process's CPU time (steady on a loaded machine); wall: elapsed time",
    )
    parser.add_argument("--child", choices=FRONTENDS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.sizes, args.quick, args.clock)))
        return
    start = time.perf_counter()
    summaries = []
    for frontend in args.frontends:
        lines, summary = _table(
            frontend, _run_child(frontend, args.sizes, args.quick, args.clock), args.clock
        )
        print("\n".join(lines) + "\n", flush=True)
        summaries.append(summary)
    print("\n".join(summaries))
    print(f"(total {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    for _name, _value in THREAD_ENV.items():  # before any framework import
        os.environ.setdefault(_name, _value)
    main()
