"""core's overhead over the native call, per backend, on small and large arrays.

Run: python -m benchmarks.bench_core [--backends numpy torch ...]

For each op the ratio is core's time divided by the native framework's time for the same
work, measured in one run (targets: at most 1.3x on small arrays, 1.05x on large).
jax results are synchronised with block_until_ready on both sides.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import numpy

import core
from benchmarks._timing import best_time, format_row

SIZES = {"small": (16,), "large": (1024, 1024)}
MATMUL_SIZES = {"small": (8, 8), "large": (512, 512)}


def _native_ops(backend: str) -> dict[str, Callable[..., Any]]:
    if backend == "numpy":
        return {
            "add": numpy.add,
            "multiply": numpy.multiply,
            "exp": numpy.exp,
            "sum": numpy.sum,
            "matmul": numpy.matmul,
        }
    if backend == "torch":
        import torch

        return {
            "add": torch.add,
            "multiply": torch.mul,
            "exp": torch.exp,
            "sum": torch.sum,
            "matmul": torch.matmul,
        }
    if backend == "jax":
        import jax.numpy as jnp

        def sync(f: Callable[..., Any]) -> Callable[..., Any]:
            return lambda *a: f(*a).block_until_ready()

        return {
            "add": sync(jnp.add),
            "multiply": sync(jnp.multiply),
            "exp": sync(jnp.exp),
            "sum": sync(jnp.sum),
            "matmul": sync(jnp.matmul),
        }
    import tensorflow as tf

    return {
        "add": tf.add,
        "multiply": tf.multiply,
        "exp": tf.exp,
        "sum": tf.reduce_sum,
        "matmul": tf.matmul,
    }


def _core_op(name: str, backend: str) -> Callable[..., Any]:
    function = getattr(core, name)
    if backend == "jax":
        return lambda *a: function(*a).data.block_until_ready()
    return function


def run(backends: list[str]) -> list[tuple[str, str, str, float, float]]:
    rows = []
    rng = numpy.random.default_rng(0)
    for backend in backends:
        with core.use_backend(backend):
            natives = _native_ops(backend)
            for size_name in ("small", "large"):
                for op, native_function in natives.items():
                    shape = MATMUL_SIZES[size_name] if op == "matmul" else SIZES[size_name]
                    arity = 1 if op in ("exp", "sum") else 2
                    arrays = [
                        core.asarray(rng.standard_normal(shape).astype(numpy.float32))
                        for _ in range(arity)
                    ]
                    raw = [a.data for a in arrays]
                    core_function = _core_op(op, backend)
                    native_time = best_time(lambda f=native_function, r=raw: f(*r))
                    core_time = best_time(lambda f=core_function, a=arrays: f(*a))
                    rows.append((backend, op, size_name, native_time, core_time))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=list(core.BACKEND_NAMES))
    args = parser.parse_args()
    rows = run(args.backends)
    widths = [10, 9, 6, 12, 12, 7]
    print(format_row(["backend", "op", "size", "native us", "core us", "ratio"], widths))
    for backend, op, size, native_time, core_time in rows:
        print(
            format_row(
                [
                    backend,
                    op,
                    size,
                    f"{native_time * 1e6:.2f}",
                    f"{core_time * 1e6:.2f}",
                    f"{core_time / native_time:.2f}",
                ],
                widths,
            )
        )


if __name__ == "__main__":
    main()
