"""torch.compile on the jax backend: the GPT model's forward pass and AdamW training step,
compiled, against the same in eager mode and against eager real torch.

Run: python -m benchmarks.bench_torch_compile [--repeat N] [--layers L --width W ...]

The model is examples/torch_gpt.py's (the same source builds the real and the frontend
model; real torch's weights are loaded into the frontend's), sized as bench_models: batch
8, sequence 128, 4 layers, width 256, 4 heads, vocab 512, dropout 0. The training step is
``zero_grad; cross_entropy(model(x)); backward; AdamW.step`` with ``loss.item()`` at the end
(a host sync in every variant). ``vs torch`` = time / eager real torch time. Target: the
compiled training step faster than eager real torch. The first compiled calls (tracing
and XLA compilation) are timed separately. Losses after the timed steps are compared
between the compiled frontend and real torch run for the same number of steps.
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import time
from typing import Any

import core
from benchmarks._timing import best_time, format_row

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def _build() -> Any:
    spec = importlib.util.spec_from_file_location("example_gpt", EXAMPLES / "torch_gpt.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build


def _step_fn(T: Any, model: Any, opt: Any, tokens: Any, targets: Any) -> Any:
    def step(x: Any, y: Any) -> Any:
        opt.zero_grad()
        logits = model(x)
        loss = T.nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1))
        loss.backward()
        opt.step()
        return loss

    return step


def run(config: dict[str, int], batch: int, repeat: int) -> list[tuple[str, float, float]]:
    import torch as real_torch

    from frontends import torch

    build = _build()
    real_torch.manual_seed(0)
    tokens = real_torch.randint(0, config["vocab"], (batch, config["context"]))
    targets = real_torch.randint(0, config["vocab"], (batch, config["context"]))

    def real_model() -> Any:
        real_torch.manual_seed(0)
        return build(real_torch)(**config)

    reference = real_model().eval()
    state = {k: v.detach().numpy() for k, v in reference.state_dict().items()}
    rows: list[tuple[str, float, float]] = []
    with real_torch.no_grad():
        real_forward = best_time(lambda: reference(tokens), budget=1.0, repeat=repeat)
    trained = real_model().train()
    real_opt = real_torch.optim.AdamW(trained.parameters(), lr=1e-3)
    real_step = _step_fn(real_torch, trained, real_opt, tokens, targets)
    real_train = best_time(lambda: real_step(tokens, targets).item(), budget=1.0, repeat=repeat)
    rows.append(("real torch eager: forward", real_forward, 1.0))
    rows.append(("real torch eager: training step", real_train, 1.0))

    with core.use_backend("jax"):
        x, y = torch.tensor(tokens.numpy()), torch.tensor(targets.numpy())

        def frontend_model() -> Any:
            model = build(torch)(**config)
            model.load_state_dict({k: torch.tensor(v) for k, v in state.items()})
            return model

        for compiled in (False, True):
            label = "compiled" if compiled else "eager"
            model = frontend_model().eval()
            forward = torch.compile(model) if compiled else model
            with torch.no_grad():
                start = time.perf_counter()
                forward(x).numpy()
                first = time.perf_counter() - start
                seconds = best_time(lambda f=forward: f(x).numpy(), budget=1.0, repeat=repeat)
            rows.append((f"jax {label}: forward", seconds, seconds / real_forward))
            if compiled:
                rows.append(
                    ("  (first compiled forward: trace + XLA)", first, first / real_forward)
                )
            model = frontend_model().train()
            opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
            step = _step_fn(torch, model, opt, x, y)
            step = torch.compile(step) if compiled else step
            start = time.perf_counter()
            step(x, y).item()
            step(x, y).item()  # the second call has gradients and optimizer state: 2nd trace
            first = time.perf_counter() - start
            seconds = best_time(lambda s=step: s(x, y).item(), budget=1.0, repeat=repeat)
            rows.append((f"jax {label}: training step", seconds, seconds / real_train))
            if compiled:
                rows.append(
                    ("  (first two compiled steps: traces + XLA)", first, first / real_train)
                )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--context", type=int, default=128)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--width", type=int, default=256)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--vocab", type=int, default=512)
    parser.add_argument(
        "--threads", type=int, default=0,
        help="intra-op threads for real torch and XLA (0: their defaults); 1 gives steadier "
        "numbers on a shared machine",
    )  # fmt: skip
    args = parser.parse_args()
    if args.threads:
        import os

        import torch as real_torch

        real_torch.set_num_threads(args.threads)
        os.environ["XLA_FLAGS"] = (
            os.environ.get("XLA_FLAGS", "") + " --xla_cpu_multi_thread_eigen=false"
            f" intra_op_parallelism_threads={args.threads}"
        )
    config = {
        "vocab": args.vocab, "context": args.context, "width": args.width,
        "heads": args.heads, "layers": args.layers,
    }  # fmt: skip
    rows = run(config, args.batch, args.repeat)
    widths = [44, 12, 10]
    print(format_row(["variant", "ms", "vs torch"], widths))
    for name, seconds, ratio in rows:
        print(format_row([name, f"{seconds * 1e3:.2f}", f"{ratio:.2f}x"], widths))


if __name__ == "__main__":
    main()
