"""The GPT-style model's forward pass through frontends.torch, against real torch.

Run: python -m benchmarks.bench_models [--backends numpy torch jax tensorflow] [--repeat N]

The model is examples/torch_gpt.py's (the same source builds the real and the frontend
model), sized as issue 5 asks: batch 8, sequence 128, 4 layers, width 256, 4 heads, vocab
512, eval mode. Real torch's weights are loaded into the frontend model and both forward
passes are timed in one run; ``vs torch`` = frontend / real torch. Target: at most 1.2x
on the torch backend. The max abs error against real torch is printed as a sanity check.
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
from typing import Any

import numpy

import core
from benchmarks._timing import best_time, format_row

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
CONFIG = {"vocab": 512, "context": 128, "width": 256, "heads": 4, "layers": 4}
BATCH, SEQUENCE = 8, 128


def _build() -> Any:
    spec = importlib.util.spec_from_file_location("example_gpt", EXAMPLES / "torch_gpt.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build


def run(backends: list[str], repeat: int) -> list[tuple[str, float, float, float]]:
    import torch as real_torch

    from frontends import torch

    build = _build()
    real_torch.manual_seed(0)
    reference = build(real_torch)(**CONFIG).eval()
    state = {k: v.detach().numpy() for k, v in reference.state_dict().items()}
    tokens = real_torch.randint(0, CONFIG["vocab"], (BATCH, SEQUENCE))
    with real_torch.no_grad():
        expected = reference(tokens).numpy()
        real_time = best_time(lambda: reference(tokens), budget=1.0, repeat=repeat)
    rows = []
    for backend in backends:
        with core.use_backend(backend):
            model = build(torch)(**CONFIG).eval()
            model.load_state_dict({k: torch.tensor(v) for k, v in state.items()})
            ours = torch.tensor(tokens.numpy())
            sync = (lambda r: r.native.block_until_ready()) if backend == "jax" else (lambda r: r)
            frontend_time = best_time(
                lambda m=model, t=ours, s=sync: s(m(t)), budget=1.0, repeat=repeat
            )
            error = float(numpy.max(numpy.abs(model(ours).numpy() - expected)))
            rows.append((backend, frontend_time, real_time, error))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=list(core.BACKEND_NAMES))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"GPT forward: batch {BATCH}, sequence {SEQUENCE}, {CONFIG}")
    widths = [10, 13, 10, 9, 10]
    print(format_row(["backend", "frontend ms", "torch ms", "vs torch", "max error"], widths))
    for backend, frontend_time, real_time, error in run(args.backends, args.repeat):
        cells = [
            backend,
            f"{frontend_time * 1e3:.2f}",
            f"{real_time * 1e3:.2f}",
            f"{frontend_time / real_time:.2f}",
            f"{error:.2g}",
        ]
        print(format_row(cells, widths))


if __name__ == "__main__":
    main()
