"""Speed where users see it: library models and whole programs, each against the real
framework, as ratios measured in one run.

    python -m benchmarks.bench_user_level                       # every case, full size
    python -m benchmarks.bench_user_level --size tiny           # the smoke-test size
    python -m benchmarks.bench_user_level --cases hf_gpt2 --backends jax --markdown out.md

Cases (full size; ``--size tiny`` shrinks each to seconds):

- ``hf_gpt2``: HF transformers' ``GPT2LMHeadModel`` at GPT-2 small's config (12 layers,
  width 768, random weights), batch 1, 128 tokens: the forward pass, one AdamW training step
  (forward, ``loss.backward()``, ``optimizer.step()``), and 32 tokens of greedy ``generate``
  with the KV cache; each eager and under ``torch.compile`` (generate compiled as HF's
  docs write it: a compiled forward and ``cache_implementation="static"``). The forward
  and the training step pass ``use_cache=False``, as training code does: a returned
  ``DynamicCache`` would make the frontend's compiled call run eagerly.
- ``timm_resnet50``: ``timm.create_model("resnet50")`` forward, batch 8, 224x224, eager and
  under ``torch.compile``.
- ``gpt_example``: examples/torch_gpt.py's training step (batch 8, sequence 128), eager and
  compiled.
- ``numpy_mlp``, ``jax_mlp``, ``tf_training``: the example programs, whole, as a user runs
  them: ``python examples/<name>.py`` on the real framework against
  ``python -m transpile examples/<name>.py --to <backend> --run`` (interpreter start and
  imports included on both sides).

For ``hf_gpt2`` and ``timm_resnet50`` the table also times the floor that issue 23's compiled
targets are read against: the same forward written directly in JAX and jitted
(``benchmarks/jax_floor.py``).

Each model case runs in a process of its own per side: real torch in one, and the frontend
in another with ``frontends.install("torch", backend=...)`` (transformers and timm, unchanged,
import the frontend), so neither side's imports, caches or compiled programs touch the
other's. Times are the best of ``--repeat`` calls after one warm-up call; a compiled
variant's warm-up (tracing and compiling) is reported beside it. ``ratio`` = time / real
framework's time for the same work (real torch eager for the model cases). A case that fails
or passes ``--timeout`` says so in its row.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
MODEL_CASES = ("hf_gpt2", "timm_resnet50", "gpt_example")
PROGRAMS = {"numpy_mlp": "numpy", "jax_mlp": "jax", "tf_training": "tensorflow"}
CASES = MODEL_CASES + tuple(PROGRAMS)

SIZES = {
    "full": {
        "gpt2": {"n_layer": 12, "n_embd": 768, "n_head": 12},
        "tokens": 128,
        "new_tokens": 32,
        "resnet": ("resnet50", 8, 224),
        "gpt_example": {"vocab": 512, "context": 128, "width": 256, "heads": 4, "layers": 4},
        "batch": 8,
    },
    "tiny": {
        "gpt2": {"n_layer": 2, "n_embd": 64, "n_head": 2},
        "tokens": 16,
        "new_tokens": 4,
        "resnet": ("test_resnet", 2, 64),
        "gpt_example": {"vocab": 64, "context": 16, "width": 32, "heads": 2, "layers": 1},
        "batch": 2,
    },
}


# ---------------------------------------------------------------------------------------
# the workloads: the same source for real torch and the frontend
# ---------------------------------------------------------------------------------------
def _gpt2(torch: Any, size: dict[str, Any]) -> dict[str, Callable[[], Callable[[], Any]]]:
    import transformers

    config = transformers.GPT2Config(
        **size["gpt2"], vocab_size=50257, n_positions=1024, attn_implementation="sdpa"
    )
    config.resid_pdrop = config.embd_pdrop = config.attn_pdrop = 0.0
    torch.manual_seed(0)
    tokens = torch.randint(0, config.vocab_size, (1, size["tokens"]))
    prompt = tokens[:, : size["tokens"] // 4]
    new = size["new_tokens"]

    def model() -> Any:
        torch.manual_seed(0)
        return transformers.GPT2LMHeadModel(config)

    def forward_of(module: Any) -> Callable[[], Any]:
        module.eval()

        def forward() -> Any:
            with torch.no_grad():
                return module(tokens, use_cache=False).logits.sum().item()

        return forward

    def step_of(module: Any, compiled: bool) -> Callable[[], Any]:
        module.train()
        optimizer = torch.optim.AdamW(module.parameters(), lr=1e-4)

        def step() -> Any:
            optimizer.zero_grad()
            loss = module(tokens, labels=tokens, use_cache=False).loss
            loss.backward()
            optimizer.step()
            return loss

        run = torch.compile(step) if compiled else step
        return lambda: run().item()

    def generate_of(module: Any, compiled: bool) -> Callable[[], Any]:
        module.eval()
        options = {"max_new_tokens": new, "min_new_tokens": new, "do_sample": False}
        if compiled:
            module.forward = torch.compile(module.forward)
            options["cache_implementation"] = "static"

        def generate() -> Any:
            with torch.no_grad():
                return module.generate(prompt, pad_token_id=0, **options)[0, -1].item()

        return generate

    return {
        "forward": lambda: forward_of(model()),
        "forward, compiled": lambda: forward_of(torch.compile(model())),
        "training step": lambda: step_of(model(), compiled=False),
        "training step, compiled": lambda: step_of(model(), compiled=True),
        f"generate {new} tokens": lambda: generate_of(model(), compiled=False),
        f"generate {new} tokens, compiled": lambda: generate_of(model(), compiled=True),
    }


def _resnet(torch: Any, size: dict[str, Any]) -> dict[str, Callable[[], Callable[[], Any]]]:
    import timm

    name, batch, pixels = size["resnet"]
    torch.manual_seed(0)
    images = torch.randn(batch, 3, pixels, pixels)

    def forward_of(model: Any) -> Callable[[], Any]:
        def forward() -> Any:
            with torch.no_grad():
                return model(images).sum().item()

        return forward

    def model() -> Any:
        return timm.create_model(name, pretrained=False).eval()

    return {
        "forward": lambda: forward_of(model()),
        "forward, compiled": lambda: forward_of(torch.compile(model())),
    }


def _gpt_example(torch: Any, size: dict[str, Any]) -> dict[str, Callable[[], Callable[[], Any]]]:
    import importlib.util

    spec = importlib.util.spec_from_file_location("example_gpt", EXAMPLES / "torch_gpt.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    config, batch = size["gpt_example"], size["batch"]
    torch.manual_seed(0)
    tokens = torch.randint(0, config["vocab"], (batch, config["context"]))
    targets = torch.randint(0, config["vocab"], (batch, config["context"]))

    def step_of(compiled: bool) -> Callable[[], Any]:
        torch.manual_seed(0)
        model = module.build(torch)(**config).train()
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

        def step() -> Any:
            optimizer.zero_grad()
            logits = model(tokens)
            loss = torch.nn.functional.cross_entropy(
                logits.view(-1, logits.size(-1)), targets.view(-1)
            )
            loss.backward()
            optimizer.step()
            return loss

        run = torch.compile(step) if compiled else step
        return lambda: run().item()

    return {
        "training step": lambda: step_of(False),
        "training step, compiled": lambda: step_of(True),
    }


#: case -> function of (torch, size) giving {variant: a maker of the timed function}; the
#: makers build their model when called, so one process holds one model at a time
WORKLOADS = {"hf_gpt2": _gpt2, "timm_resnet50": _resnet, "gpt_example": _gpt_example}


def _floors(size: dict[str, Any], jit: bool) -> dict[str, dict[str, Callable[[], Any]]]:
    """case -> {variant: maker} of the same model written in JAX, jitted or op by op."""
    from benchmarks import jax_floor

    return {
        "hf_gpt2": lambda: jax_floor.gpt2(**size["gpt2"], tokens=size["tokens"], jit=jit),
        "timm_resnet50": lambda: jax_floor.resnet(*size["resnet"], jit=jit),
    }


#: the sides that time ``_floors``, and their names in the table
FLOOR_SIDES = {"floor": "real jax, jitted (floor)", "jax_eager": "real jax, op by op"}


# ---------------------------------------------------------------------------------------
# one side of one case, in its own process
# ---------------------------------------------------------------------------------------
def _time(function: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """(first call, best of ``repeat`` later calls) in seconds."""
    start = time.perf_counter()
    function()
    first = time.perf_counter() - start
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return first, best


def _worker(case: str, side: str, size: str, repeat: int) -> None:
    """Time ``case`` on ``side`` ("real", a ``FLOOR_SIDES`` key or a backend) and print one JSON line of
    ``{variant: [first, best] or error text}``. Real torch runs the eager variants only: the
    ratios are against real torch eager."""
    if side in FLOOR_SIDES:  # one model, its variants timed as they are
        timed = _floors(SIZES[size], jit=side == "floor")[case]()
        workloads = {
            variant: (lambda function=function: function) for variant, function in timed.items()
        }
    else:
        if side == "real":
            import torch

            if case == "timm_resnet50":  # timm imports torchvision, which cannot load here
                from tests.conformance.timm_models import torchvision_for_real_torch

                torchvision_for_real_torch()
        else:
            import frontends

            frontends.install("torch", backend=side)
            import torch  # the frontend
        workloads = WORKLOADS[case](torch, SIZES[size])
    results: dict[str, Any] = {}
    for variant, make in workloads.items():
        if side == "real" and "compiled" in variant:
            continue
        try:
            results[variant] = list(_time(make(), repeat))
        except Exception as error:  # reported in the table, as a user would meet it
            results[variant] = f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"
    print("RESULTS " + json.dumps(results), flush=True)


def _spawn(args: list[str], timeout: float, env: dict[str, str] | None = None) -> tuple[str, str]:
    """(stdout, error text or "") of a child process."""
    try:
        done = subprocess.run(
            args, capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env
        )
    except subprocess.TimeoutExpired:
        return "", f"over the {timeout:.0f} s limit"
    if done.returncode:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return done.stdout, f"exit {done.returncode}: {tail[:160]}"
    return done.stdout, ""


def _model_case(case: str, side: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, "-m", "benchmarks.bench_user_level", "--worker", case, side]
    command += ["--size", args.size, "--repeat", str(args.repeat)]
    out, error = _spawn(command, args.timeout)
    for line in out.splitlines():
        if line.startswith("RESULTS "):
            return json.loads(line.removeprefix("RESULTS "))
    return {"(all)": error or "no results"}


def _program(name: str, side: str, args: argparse.Namespace) -> dict[str, Any]:
    """Wall time of the whole program (best of ``--repeat``), first run included in it."""
    script = str(EXAMPLES / f"{name}.py")
    if side == "real":
        command = [sys.executable, script]
    else:
        command = [sys.executable, "-m", "transpile", script, "--to", side, "--run", "-q"]
    times = []
    for _ in range(max(args.repeat, 1)):
        start = time.perf_counter()
        _, error = _spawn(command, args.timeout)
        if error:
            return {"program": error}
        times.append(time.perf_counter() - start)
    return {"program": [times[0], min(times)]}


# ---------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> list[tuple[str, str, str, str, str]]:
    """Rows of (case, variant, side, seconds, ratio against the real framework)."""
    rows = []
    for case in args.cases:
        measure = _program if case in PROGRAMS else _model_case
        reference = measure(case, "real", args)
        real_name = f"real {PROGRAMS.get(case, 'torch')}"
        for variant, timing in reference.items():
            rows.append((case, variant, real_name, _seconds(timing), _ratio(timing, timing)))
        for side in FLOOR_SIDES if case in _floors(SIZES[args.size], jit=True) else ():
            for variant, timing in measure(case, side, args).items():
                label, base = FLOOR_SIDES[side], reference.get(variant)
                rows.append((case, variant, label, _seconds(timing), _ratio(timing, base)))
        for backend in args.backends:
            for variant, timing in measure(case, backend, args).items():
                base = reference.get(variant.removesuffix(", compiled"))
                rows.append((case, variant, backend, _seconds(timing), _ratio(timing, base)))
            print(_markdown(rows[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
    return rows


def _seconds(timing: Any) -> str:
    if isinstance(timing, str):
        return timing
    first, best = timing
    return f"{best:.4g} s (first {first:.3g} s)"


def _ratio(timing: Any, base: Any) -> str:
    if isinstance(timing, str) or not isinstance(base, list):
        return ""
    return f"{timing[1] / base[1]:.2f}x"


def _markdown(rows: list[tuple[str, ...]]) -> str:
    lines = ["| case | variant | on | time | vs real |", "|---|---|---|---|---|"]
    lines += ["| " + " | ".join(cell.replace("|", "/") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="+", choices=CASES, default=list(CASES))
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    parser.add_argument("--size", choices=tuple(SIZES), default="full")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per process")
    parser.add_argument("--markdown", type=Path, help="also write the table to this file")
    parser.add_argument("--worker", nargs=2, metavar=("CASE", "SIDE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        _worker(*args.worker, args.size, args.repeat)
        return 0
    table = _markdown(run(args))
    print(table)
    if args.markdown:
        args.markdown.write_text(
            f"Measured {time.strftime('%Y-%m-%d')} with `python -m benchmarks.bench_user_level"
            f" --size {args.size}` ({os.cpu_count()} cores).\n\n{table}\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
