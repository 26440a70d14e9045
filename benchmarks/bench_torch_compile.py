"""torch.compile on the jax backend: the GPT model's forward pass and AdamW training step,
compiled, against the same in eager mode and against eager real torch.

Run: python -m benchmarks.bench_torch_compile [--repeat N] [--threads 1] [--layers L ...]

The model is examples/torch_gpt.py's (the same source builds the real and the frontend
model; real torch's weights are loaded into the frontend's), sized as bench_models: batch
8, sequence 128, 4 layers, width 256, 4 heads, vocab 512, dropout 0. The training step is
``zero_grad; cross_entropy(model(x)); backward; AdamW.step`` with ``loss.item()`` at the end
(a host sync in every variant). ``vs torch`` = time / eager real torch time. Target: the
compiled training step faster than eager real torch. The variants are timed in alternation
(one round runs each of them, the best round counts), so a shared machine's load changes
hit them alike. The first compiled calls (tracing and XLA compilation) are timed
separately. Results: three steps from the same weights, compiled against eager frontend
and against real torch (largest loss and parameter differences).

Threads: ``--threads 1`` makes real torch single-threaded and turns off XLA's Eigen
threading, but XLA:CPU still runs independent thunks and YNNPACK dots on every core; for
one core each, run under ``taskset -c 0``. On one core the compiled step's user time is
about real torch's (matrix products are ~72% of it), but XLA:CPU allocates the program's
~100 MB of temporaries afresh on every call (glibc maps and unmaps them), and the page
faults add ~20% of system time. ``GLIBC_TUNABLES=glibc.malloc.arena_max=1:glibc.malloc.
mmap_max=0:glibc.malloc.trim_threshold=4000000000`` in the environment keeps that memory
(the step then matches real torch on one core); no library call changes the process's
allocator behind the user's back.
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import time
import timeit
from collections.abc import Callable
from typing import Any

import numpy

import core
from benchmarks._timing import format_row

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


def interleaved(
    functions: dict[str, Callable[[], Any]], *, budget: float = 1.0, repeat: int = 3
) -> dict[str, float]:
    """Seconds per call of each function: rounds that run every function in turn (each
    about ``budget`` seconds), the best round of each."""
    numbers = {}
    for name, function in functions.items():
        function()  # warm up
        start = time.perf_counter()
        function()
        numbers[name] = max(1, int(budget / max(time.perf_counter() - start, 1e-6)))
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(repeat):
        for name, function in functions.items():
            seconds = timeit.Timer(function).timeit(number=numbers[name]) / numbers[name]
            best[name] = min(best[name], seconds)
    return best


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

    state = {k: v.detach().numpy() for k, v in real_model().state_dict().items()}

    def real_trainer() -> tuple[Any, Any]:
        model = real_model().train()
        opt = real_torch.optim.AdamW(model.parameters(), lr=1e-3)
        return model, _step_fn(real_torch, model, opt, tokens, targets)

    rows: list[tuple[str, float, float]] = []
    reference = real_model().eval()
    _, real_step = real_trainer()
    with core.use_backend("jax"):
        x, y = torch.tensor(tokens.numpy()), torch.tensor(targets.numpy())

        def frontend_model() -> Any:
            model = build(torch)(**config)
            model.load_state_dict({k: torch.tensor(v) for k, v in state.items()})
            return model

        def trainer(compiled: bool) -> tuple[Any, Any]:
            model = frontend_model().train()
            opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
            step = _step_fn(torch, model, opt, x, y)
            return model, (torch.compile(step) if compiled else step)

        eager_model = frontend_model().eval()
        compiled_model = torch.compile(frontend_model().eval())
        with torch.no_grad():
            start = time.perf_counter()
            compiled_model(x).numpy()
            first_forward = time.perf_counter() - start
        _, eager_step = trainer(False)
        _, compiled_step = trainer(True)
        start = time.perf_counter()
        compiled_step(x, y).item()
        compiled_step(x, y).item()  # the second call has gradients and optimizer state
        first_steps = time.perf_counter() - start

        def no_grad(function: Callable[[], Any]) -> Callable[[], Any]:
            def call() -> Any:
                with real_torch.no_grad(), torch.no_grad():
                    return function()

            return call

        forward = interleaved(
            {
                "torch": no_grad(lambda: reference(tokens)),
                "eager": no_grad(lambda: eager_model(x).numpy()),
                "compiled": no_grad(lambda: compiled_model(x).numpy()),
            },
            repeat=repeat,
        )
        train = interleaved(
            {
                "torch": lambda: real_step(tokens, targets).item(),
                "eager": lambda: eager_step(x, y).item(),
                "compiled": lambda: compiled_step(x, y).item(),
            },
            repeat=repeat,
        )
        for label, times in (("forward", forward), ("training step", train)):
            rows.append((f"real torch eager: {label}", times["torch"], 1.0))
            for variant in ("eager", "compiled"):
                seconds = times[variant]
                rows.append((f"jax {variant}: {label}", seconds, seconds / times["torch"]))
        rows.append(
            ("  (first compiled forward: trace + XLA)", first_forward, first_forward / forward["torch"])
        )  # fmt: skip
        rows.append(
            ("  (first two compiled steps: traces + XLA)", first_steps, first_steps / train["torch"])
        )  # fmt: skip
        print(_results(real_trainer, trainer, tokens, targets, x, y))
    return rows


def _results(real_trainer: Any, trainer: Any, tokens: Any, targets: Any, x: Any, y: Any) -> str:
    """Three training steps from the same weights: the compiled frontend's losses and
    parameters against the eager frontend's and real torch's."""
    runs = {}
    for name, make in (
        ("torch", real_trainer),
        ("eager", lambda: trainer(False)),
        ("compiled", lambda: trainer(True)),
    ):
        model, step = make()
        args = (tokens, targets) if name == "torch" else (x, y)
        losses = [step(*args).item() for _ in range(3)]
        params = [numpy.asarray(p.detach().numpy()) for p in model.parameters()]
        runs[name] = (numpy.array(losses), params)

    def differences(a: str, b: str) -> str:
        loss = numpy.abs(runs[a][0] - runs[b][0]).max()
        param = max(numpy.abs(p - q).max() for p, q in zip(runs[a][1], runs[b][1]))
        return f"{a} vs {b}: loss {loss:.1e}, parameters {param:.1e}"

    return (
        f"results after 3 steps (largest differences): {differences('compiled', 'eager')}; "
        f"{differences('compiled', 'torch')}; {differences('eager', 'torch')}"
    )


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
        help="intra-op threads for real torch and XLA's Eigen (0: their defaults); XLA still "
        "runs thunks on every core: use taskset for one core each",
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
