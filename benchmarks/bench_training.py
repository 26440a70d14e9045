"""A training step of the GPT-style model through frontends.torch, against real torch, and
what the autodiff engine costs a forward pass with no tracked input.

Run: python -m benchmarks.bench_training [--backends numpy torch jax tensorflow] [--repeat N]

The model is examples/torch_gpt.py's at bench_models.py's size (batch 8, sequence 128, 4
layers, width 256, 4 heads, vocab 512), in train mode (dropout 0). One step is forward,
cross-entropy loss, ``zero_grad``, ``backward`` and an ``AdamW`` step; real torch's initial
weights are loaded into the frontend model and both steps are timed in one run, interleaved (the best of ``--repeat`` rounds: a loaded machine slows both alike)
(``vs torch`` = frontend / real torch; target: at most 1.3x on the torch backend). The
first step's loss is compared with real torch's as a sanity check.

``engine`` is the engine's cost on an eval forward pass none of whose inputs is tracked:
the forward under the plain bindings (``no_grad``) against the same forward with grad mode
on while an unrelated tensor is tracked (the recording bindings are bound, and every call
looks for a tracked input and finds none). Target: under 2%.
"""

from __future__ import annotations

import argparse
from typing import Any

import core
from benchmarks._timing import format_row
from benchmarks.bench_models import BATCH, CONFIG, SEQUENCE, _build


def _interleaved(functions: list[Any], repeat: int) -> list[float]:
    """Seconds per call of each function: the best of ``repeat`` rounds, each round calling
    every function once in turn, so a machine whose load changes slows them alike."""
    import time

    for function in functions:
        function()  # warm up (compilation, caches)
    best = [float("inf")] * len(functions)
    for _ in range(repeat):
        for index, function in enumerate(functions):
            start = time.perf_counter()
            function()
            best[index] = min(best[index], time.perf_counter() - start)
    return best


def _step(torch: Any, model: Any, optimizer: Any, tokens: Any, targets: Any) -> Any:
    logits = model(tokens)
    loss = torch.nn.functional.cross_entropy(logits.view(-1, CONFIG["vocab"]), targets.view(-1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss


def run(backends: list[str], repeat: int) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    import torch as real_torch

    from frontends import torch

    build = _build()
    real_torch.manual_seed(0)
    reference = build(real_torch)(**CONFIG).train()
    state = {k: v.detach().numpy().copy() for k, v in reference.state_dict().items()}
    tokens = real_torch.randint(0, CONFIG["vocab"], (BATCH, SEQUENCE))
    targets = real_torch.randint(0, CONFIG["vocab"], (BATCH, SEQUENCE))
    real_optimizer = real_torch.optim.AdamW(reference.parameters(), lr=1e-4)
    expected = _step(real_torch, reference, real_optimizer, tokens, targets).item()

    def real_step() -> Any:
        return _step(real_torch, reference, real_optimizer, tokens, targets)

    training, engine = [], []
    for backend in backends:
        with core.use_backend(backend):
            model = build(torch)(**CONFIG).train()
            model.load_state_dict({k: torch.tensor(v) for k, v in state.items()})
            optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
            ours, our_targets = torch.tensor(tokens.numpy()), torch.tensor(targets.numpy())
            sync = (lambda r: r.native.block_until_ready()) if backend == "jax" else (lambda r: r)
            loss = _step(torch, model, optimizer, ours, our_targets).item()
            step_time, real_time = _interleaved(
                [
                    lambda m=model, o=optimizer, s=sync, t=ours, y=our_targets: s(
                        _step(torch, m, o, t, y)
                    ),
                    real_step,
                ],
                repeat,
            )
            training.append((backend, step_time, real_time, abs(loss - expected) / expected))

            model.eval().requires_grad_(False)
            unrelated = torch.ones(3, requires_grad=True)  # keeps the recording bindings bound

            def plain(m=model, s=sync, t=ours) -> Any:
                with torch.no_grad():
                    return s(m(t))

            def recording(m=model, s=sync, t=ours) -> Any:
                return s(m(t))

            assert not model(ours).requires_grad  # nothing recorded
            plain_time, recording_time = _interleaved([plain, recording], 4 * repeat)
            engine.append((backend, plain_time, recording_time))
            del unrelated
    return training, engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=list(core.BACKEND_NAMES))
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    training, engine = run(args.backends, args.repeat)
    print(f"GPT training step (AdamW): batch {BATCH}, sequence {SEQUENCE}, {CONFIG}")
    widths = [10, 13, 10, 9, 12]
    print(format_row(["backend", "frontend ms", "torch ms", "vs torch", "loss rel err"], widths))
    for backend, step_time, real_time, error in training:
        cells = [
            backend,
            f"{step_time * 1e3:.2f}",
            f"{real_time * 1e3:.2f}",
            f"{step_time / real_time:.2f}",
            f"{error:.2g}",
        ]
        print(format_row(cells, widths))
    print("\nengine cost on an eval forward with no tracked input")
    widths = [10, 15, 18, 8]
    print(format_row(["backend", "no_grad ms", "recording ms", "cost"], widths))
    for backend, plain_time, recording_time in engine:
        cells = [
            backend,
            f"{plain_time * 1e3:.2f}",
            f"{recording_time * 1e3:.2f}",
            f"{(recording_time / plain_time - 1) * 100:+.1f}%",
        ]
        print(format_row(cells, widths))


if __name__ == "__main__":
    main()
