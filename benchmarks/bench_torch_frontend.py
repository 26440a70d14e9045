"""frontends.torch against real torch and against the backend's native call.

Run: python -m benchmarks.bench_torch_frontend [--backends numpy torch jax tensorflow]

Per op, on small and large tensors: the frontend's time on each backend, real torch's
time, and the native framework's time for the same work, measured in one run. Ratios:
``vs torch`` = frontend / real torch; ``vs native`` = frontend / native backend call.
Target on small tensors: at most 1.5x real torch on the torch backend. Also the import
time of ``frontends.torch`` on the numpy backend (target under 0.3 s).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy

import core
from benchmarks._timing import best_time, format_row

SHAPES = {
    "add": {"small": (16,), "large": (1024, 1024)},
    "matmul": {"small": (8, 8), "large": (512, 512)},
    "sum": {"small": (16,), "large": (1024, 1024)},
    "relu": {"small": (16,), "large": (1024, 1024)},
    "chain": {"small": (16,), "large": (1024, 1024)},
}


def _workloads(module: Any) -> dict[str, Callable[[Any, Any], Any]]:
    return {
        "add": lambda x, y: module.add(x, y),
        "matmul": lambda x, y: module.matmul(x, y),
        "sum": lambda x, y: module.sum(x),
        "relu": lambda x, y: module.relu(x),
        "chain": lambda x, y: x.mul(2.0).add(y).exp().sum(),
    }


def _native_workloads(backend: str) -> dict[str, Callable[[Any, Any], Any]]:
    if backend == "numpy":
        return {
            "add": numpy.add,
            "matmul": numpy.matmul,
            "sum": lambda x, y: numpy.sum(x),
            "relu": lambda x, y: numpy.maximum(x, 0),
            "chain": lambda x, y: numpy.exp(x * 2.0 + y).sum(),
        }
    if backend == "torch":
        import torch

        return _workloads(torch)
    if backend == "jax":
        import jax.numpy as jnp

        return {
            "add": lambda x, y: jnp.add(x, y).block_until_ready(),
            "matmul": lambda x, y: jnp.matmul(x, y).block_until_ready(),
            "sum": lambda x, y: jnp.sum(x).block_until_ready(),
            "relu": lambda x, y: jnp.maximum(x, 0).block_until_ready(),
            "chain": lambda x, y: jnp.exp(x * 2.0 + y).sum().block_until_ready(),
        }
    import tensorflow as tf

    return {
        "add": tf.add,
        "matmul": tf.matmul,
        "sum": lambda x, y: tf.reduce_sum(x),
        "relu": lambda x, y: tf.nn.relu(x),
        "chain": lambda x, y: tf.reduce_sum(tf.exp(x * 2.0 + y)),
    }


def import_time() -> float:
    code = "import time; t = time.perf_counter(); from frontends import torch; print(time.perf_counter() - t)"
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(3)
    ]
    return min(runs)


def run(backends: list[str]) -> list[tuple[Any, ...]]:
    import torch as real_torch

    from frontends import torch

    rng = numpy.random.default_rng(0)
    rows = []
    for backend in backends:
        with core.use_backend(backend):
            ours = _workloads(torch)
            natives = _native_workloads(backend)
            theirs = _workloads(real_torch)
            for size in ("small", "large"):
                for op in ours:
                    shape = SHAPES[op][size]
                    a, b = (rng.standard_normal(shape).astype(numpy.float32) for _ in range(2))
                    x, y = torch.tensor(a), torch.tensor(b)
                    sync = (
                        (lambda r: r.native.block_until_ready())
                        if backend == "jax"
                        else (lambda r: r)
                    )
                    frontend_time = best_time(lambda f=ours[op], x=x, y=y, s=sync: s(f(x, y)))
                    ra, rb = real_torch.from_numpy(a), real_torch.from_numpy(b)
                    real_time = best_time(lambda f=theirs[op], ra=ra, rb=rb: f(ra, rb))
                    native_time = best_time(
                        lambda f=natives[op], n1=x.native, n2=y.native: f(n1, n2)
                    )
                    rows.append((backend, op, size, frontend_time, real_time, native_time))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=list(core.BACKEND_NAMES))
    args = parser.parse_args()
    print(f"import frontends.torch (numpy backend): {import_time():.3f} s")
    widths = [10, 7, 6, 12, 10, 10, 9, 9]
    print(
        format_row(
            [
                "backend",
                "op",
                "size",
                "frontend us",
                "torch us",
                "native us",
                "vs torch",
                "vs native",
            ],
            widths,
        )
    )
    for backend, op, size, frontend_time, real_time, native_time in run(args.backends):
        print(
            format_row(
                [
                    backend, op, size, f"{frontend_time * 1e6:.1f}", f"{real_time * 1e6:.1f}",
                    f"{native_time * 1e6:.1f}", f"{frontend_time / real_time:.2f}", f"{frontend_time / native_time:.2f}",
                ],
                widths,
            )
        )  # fmt: skip


if __name__ == "__main__":
    main()
