"""Exported models against the frontend's compiled path: ``frontends.export`` (issue 24).

Run: python -m benchmarks.bench_export [--quick]

The GPT example (``examples/torch_gpt.py``, batch 8, sequence 128, 4 layers, width 256, 4
heads, vocab 512; ``--quick``: batch 2, sequence 16, 2 layers, width 32) is timed, forward
in eval mode, four ways per target framework, in one run:

- jax backend: ``torch.compile(model)`` (the frontend's compiled path: ``jax.jit`` through
  ``core.compile``) against ``jax.jit(apply_fn)`` from ``export.to_jax`` (real JAX holds the
  program; no frontend code runs per call);
- tensorflow backend: ``torch.compile(model)`` (``tf.function`` through ``core.compile``)
  against the ``tf.function`` of ``export.to_tensorflow``;
- torch backend: the frontend model eager against ``export.to_torch``'s real ``nn.Module``
  (the same frontend operations; real autograd records them when grad is on).

``ratio`` = exported time / frontend time: at most 1.0 is the target (the exported function
is as fast as the frontend's compiled path, or faster). Each time is the best of several
runs after a warm-up (compilation excluded); the backends run one after another.
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
from collections.abc import Callable
from typing import Any

import core
from benchmarks._timing import best_time, format_row

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def _gpt_class(torch: Any, quick: bool) -> tuple[Any, Any]:
    spec = importlib.util.spec_from_file_location("example_gpt", EXAMPLES / "torch_gpt.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    size = (
        {"vocab": 64, "context": 16, "width": 32, "heads": 4, "layers": 2}
        if quick
        else {"vocab": 512, "context": 128, "width": 256, "heads": 4, "layers": 4}
    )
    torch.manual_seed(0)
    model = module.build(torch)(**size).eval()
    batch = 2 if quick else 8
    return model, torch.randint(0, size["vocab"], (batch, size["context"]))


def _pair(backend: str, quick: bool) -> tuple[Callable[[], Any], Callable[[], Any]]:
    """(frontend's call, exported call) for ``backend``, each returning a finished result."""
    from frontends import export, torch

    model, tokens = _gpt_class(torch, quick)
    if backend == "jax":
        import jax

        compiled = torch.compile(model)
        apply_fn, variables = export.to_jax(model)
        jitted = jax.jit(apply_fn)
        native = tokens.native
        return (
            lambda: compiled(tokens).native.block_until_ready(),
            lambda: jitted(variables, native).block_until_ready(),
        )
    if backend == "tensorflow":
        import tensorflow as tf

        compiled = torch.compile(model)
        signature = [tf.TensorSpec(tuple(tokens.shape), tf.int64)]
        module = export.to_tensorflow(model, input_signature=signature)
        native = tokens.native
        return lambda: compiled(tokens).native.numpy(), lambda: module(native).numpy()
    exported = export.to_torch(model)
    native = tokens.native
    import torch as real_torch

    def frontend() -> Any:
        with torch.no_grad():
            return model(tokens).native

    def real() -> Any:
        with real_torch.no_grad():
            return exported(native)

    return frontend, real


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny model, short runs")
    args = parser.parse_args()
    widths = [12, 26, 14, 14, 8]
    print(format_row(["backend", "frontend path", "frontend ms", "exported ms", "ratio"], widths))
    paths = {"jax": "torch.compile", "tensorflow": "torch.compile", "torch": "eager"}
    for backend in ("jax", "tensorflow", "torch"):
        with core.use_backend(backend):
            frontend, exported = _pair(backend, args.quick)
            budget = 0.05 if args.quick else 0.5
            ours = best_time(frontend, budget=budget, repeat=3)
            theirs = best_time(exported, budget=budget, repeat=3)
        print(
            format_row(
                [
                    backend,
                    paths[backend],
                    f"{ours * 1e3:.2f}",
                    f"{theirs * 1e3:.2f}",
                    f"{theirs / ours:.2f}",
                ],
                widths,
            )
        )


if __name__ == "__main__":
    main()
