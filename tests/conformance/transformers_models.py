"""HF transformers, unchanged, on the torch frontend: every family of
:mod:`tests.conformance.transformers_families` against real torch, on each backend.

    python -m tests.conformance.transformers_models                  # all, writes docs/
    python -m tests.conformance.transformers_models --families GPT2LMHeadModel --backends jax

Real torch is the oracle, in a process of its own (``--worker oracle``): it builds each
model from its small config, saves it with ``save_pretrained`` and records, for the same
fixed inputs, the forward outputs (eager and sdpa attention), the losses of a training loop
as HF's docs write it (AdamW, ``get_linear_schedule_with_warmup``, ``loss.backward()``,
gradient clipping, ``optimizer.step()``), and ``generate``'s tokens (greedy, sampling with a
seed, beam search, with the KV cache). A frontend process per backend (``--worker
<backend>``, with ``frontends.install("torch")``: it sees no real torch) loads the saved
model with ``from_pretrained``, runs the same, compares, and saves the model back with
``save_pretrained``; the oracle then loads that in real torch and compares its outputs.
It also runs ``torch.compile(model, fullgraph=True)``'s forward (without the KV cache) and
the training loop with each step compiled (``fullgraph=True``) against real torch's eager
results: one compiled program on jax and tensorflow, eager on numpy and torch.

The same weights are also loaded from a ``pytorch_model.bin`` (``torch.save`` of the state
dict) and from ``safetensors`` shards with an index file. A family passes on a backend when
every output is within 1e-4 of real torch's (relative to the largest), the losses after two
steps within 1e-4, every generated token equal, and the round trips through
``save_pretrained`` load with the same outputs. Results go to
``docs/conformance/transformers.{md,json}``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

import numpy as np

from tests.conformance.timm_models import real_torch_loaded
from tests.conformance.transformers_families import FAMILIES, build_config, inputs, outputs

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "conformance"
TOLERANCE = 1e-4
BACKENDS = ("numpy", "jax", "tensorflow", "torch")
GENERATIVE = ("causal", "seq2seq", "whisper")


# ---------------------------------------------------------------------------------------
# what both processes run
# ---------------------------------------------------------------------------------------
def load(transformers: Any, family: Any, path: Path, attention: str) -> Any:
    model = getattr(transformers, family.model).from_pretrained(path, attn_implementation=attention)
    for sub in ("text_config", "vision_config"):
        if hasattr(model.config, sub):
            getattr(model.config, sub)._attn_implementation = attention
    return model


def forward(torch: Any, model: Any, family: Any) -> dict[str, np.ndarray]:
    model.eval()
    with torch.no_grad():
        return outputs(model(**inputs(torch, family)))


def train(
    torch: Any, transformers: Any, model: Any, family: Any, steps: int = 2, compiled: bool = False
) -> list[float]:
    """HF's training loop; the losses of each step and the one after the last update. With
    ``compiled``, each step (forward, backward, clipping, update) is one
    ``torch.compile(fullgraph=True)`` program (Wav2Vec2's: see below)."""
    batch = inputs(torch, family)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = transformers.get_linear_schedule_with_warmup(optimizer, 0, 10)
    model.train()

    def step() -> Any:
        loss = model(**batch).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
        return loss

    # Wav2Vec2 checks labels.max() on the host: a graph break in dynamo too, so its step
    # compiles without fullgraph (and runs eagerly here, see frontends/torch/_compile.py)
    run = torch.compile(step, fullgraph=family.kind != "ctc") if compiled else step
    losses = []
    for _ in range(steps):
        losses.append(float(run().detach()))
        scheduler.step()
    with torch.no_grad():
        losses.append(float(model(**batch).loss))
    return losses


def compiled_forward(torch: Any, model: Any, family: Any) -> dict[str, np.ndarray]:
    """The forward as ``torch.compile(model, fullgraph=True)`` runs it, without the KV cache
    (a ``DynamicCache`` result is not traced, see frontends/torch/_compile.py)."""
    model.eval()
    batch = inputs(torch, family)
    if family.kind in GENERATIVE:
        batch["use_cache"] = False
    if family.kind == "ctc":  # no loss: Wav2Vec2 checks labels.max() on the host
        batch.pop("labels")
    with torch.no_grad():
        return outputs(torch.compile(model, fullgraph=True)(**batch))


def generate(torch: Any, model: Any, family: Any) -> dict[str, np.ndarray]:
    """Greedy, seeded sampling and beam search tokens."""
    model.eval()
    batch = inputs(torch, family)
    batch.pop("labels", None)
    options = {"max_new_tokens": 6}
    if family.kind == "causal":
        options["pad_token_id"] = model.config.eos_token_id
    found = {"greedy": model.generate(**batch, **options, do_sample=False)}
    torch.manual_seed(0)
    found["sample"] = model.generate(**batch, **options, do_sample=True, top_k=20)
    found["beam"] = model.generate(**batch, **options, do_sample=False, num_beams=3)
    return {k: v.numpy() for k, v in found.items()}


def relative_error(got: np.ndarray, expected: np.ndarray) -> float:
    if got.shape != expected.shape:
        return float("inf")
    scale = max(float(np.abs(expected).max()), 1e-30)
    return float(np.abs(got.astype("float64") - expected).max()) / scale


# ---------------------------------------------------------------------------------------
# the oracle process (real torch)
# ---------------------------------------------------------------------------------------
def _oracle(work: Path, names: list[str]) -> None:
    import torch
    import transformers

    transformers.logging.set_verbosity_error()
    for name in names:
        family = FAMILIES[name]
        folder = work / name
        folder.mkdir(parents=True, exist_ok=True)
        results: dict[str, Any] = {}
        torch.manual_seed(0)
        model = getattr(transformers, family.model)(build_config(transformers, family))
        model.save_pretrained(folder / "model")
        # the same weights as a pytorch_model.bin (torch.save) and as safetensors shards
        model.config.save_pretrained(folder / "bin")
        torch.save(model.state_dict(), folder / "bin" / "pytorch_model.bin")
        model.save_pretrained(folder / "sharded", max_shard_size="40KB")
        for attention in family.attention:
            model = load(transformers, family, folder / "model", attention)
            for key, value in forward(torch, model, family).items():
                results[f"forward.{attention}.{key}"] = value
        model = load(transformers, family, folder / "model", "eager")
        if family.kind in GENERATIVE:
            for key, value in generate(torch, model, family).items():
                results[f"generate.{key}"] = value
        results["train"] = np.asarray(train(torch, transformers, model, family))
        np.savez(folder / "oracle.npz", **results)


def _oracle_reverse(work: Path, names: list[str], backends: list[str]) -> dict[str, Any]:
    """Real torch loads what each frontend process saved: the eager forward's error."""
    import torch
    import transformers

    transformers.logging.set_verbosity_error()
    found: dict[str, Any] = {}
    for name in names:
        family = FAMILIES[name]
        expected = np.load(work / name / "oracle.npz")
        for backend in backends:
            saved = work / name / f"saved_{backend}"
            if not saved.exists():
                continue
            try:
                got = forward(torch, load(transformers, family, saved, "eager"), family)
                found[f"{name}/{backend}"] = max(
                    relative_error(v, expected[f"forward.eager.{k}"]) for k, v in got.items()
                )
            except Exception as error:
                found[f"{name}/{backend}"] = f"{type(error).__name__}: {error}"
    return found


# ---------------------------------------------------------------------------------------
# the frontend process
# ---------------------------------------------------------------------------------------
def _frontend(work: Path, names: list[str], backend: str) -> dict[str, Any]:
    import frontends

    frontends.install("torch", backend=backend)
    import torch
    import transformers

    transformers.logging.set_verbosity_error()
    found: dict[str, Any] = {}
    for name in names:
        family = FAMILIES[name]
        folder = work / name
        expected = np.load(folder / "oracle.npz")
        checks: dict[str, Any] = {}
        for attention in family.attention:
            try:
                model = load(transformers, family, folder / "model", attention)
                got = forward(torch, model, family)
                checks[f"forward.{attention}"] = max(
                    relative_error(v, expected[f"forward.{attention}.{k}"]) for k, v in got.items()
                )
            except Exception as error:
                checks[f"forward.{attention}"] = _failure(error)
        for source in ("bin", "sharded"):
            try:
                got = forward(torch, load(transformers, family, folder / source, "eager"), family)
                checks[source] = max(
                    relative_error(v, expected[f"forward.eager.{k}"]) for k, v in got.items()
                )
            except Exception as error:
                checks[source] = _failure(error)
        try:
            model = load(transformers, family, folder / "model", "eager")
            model.save_pretrained(folder / f"saved_{backend}")
        except Exception as error:
            checks["save"] = _failure(error)
        if family.kind in GENERATIVE:
            try:
                got = generate(torch, model, family)
                checks["generate"] = [
                    kind
                    for kind in got
                    if not np.array_equal(got[kind], expected[f"generate.{kind}"])
                ]
            except Exception as error:
                checks["generate"] = _failure(error)
        try:
            losses = np.asarray(train(torch, transformers, model, family))
            checks["train"] = relative_error(losses, expected["train"])
        except Exception as error:
            checks["train"] = _failure(error)
        try:  # torch.compile: one program on jax and tensorflow, eager on numpy and torch
            attention = family.attention[-1]
            got = compiled_forward(torch, load(transformers, family, folder / "model", attention),
                                   family)  # fmt: skip
            checks["compile.forward"] = max(
                relative_error(v, expected[f"forward.{attention}.{k}"]) for k, v in got.items()
            )
        except Exception as error:
            checks["compile.forward"] = _failure(error)
        try:
            fresh = load(transformers, family, folder / "model", "eager")
            losses = np.asarray(train(torch, transformers, fresh, family, compiled=True))
            checks["compile.train"] = relative_error(losses, expected["train"])
        except Exception as error:
            checks["compile.train"] = _failure(error)
        try:
            elsewhere = _not_the_frontend(model, backend)
        except Exception as error:
            elsewhere = _failure(error)
        if elsewhere:
            checks["frontend"] = elsewhere
        found[name] = checks
    return found


def _not_the_frontend(model: Any, backend: str) -> str | None:
    """Why the run did not go through the frontend, if it did not: the model's parameters
    are real torch's, or (aliased mode, every backend but torch) real torch was imported."""
    kind = type(next(model.parameters())).__module__
    if not kind.startswith("frontends."):
        return f"the model's parameters are {kind} tensors"
    if backend != "torch" and real_torch_loaded():
        return "the frontend process imported real torch"
    return None


def _failure(error: Exception) -> str:
    frame = traceback.extract_tb(error.__traceback__)[-1]
    where = f"{Path(frame.filename).name}:{frame.lineno}"
    return f"{type(error).__name__}: {str(error).splitlines()[0][:160]} ({where})"


# ---------------------------------------------------------------------------------------
# the command
# ---------------------------------------------------------------------------------------
def _worker(kind: str, work: Path, names: list[str], backends: list[str]) -> Any:
    command = [sys.executable, "-m", "tests.conformance.transformers_models", "--worker", kind,
               "--work", str(work), "--families", ",".join(names),
               "--backends", ",".join(backends)]  # fmt: skip
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_CPP_MIN_LOG_LEVEL="3")
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the {kind} worker failed:\n{done.stderr[-4000:]}")
    result = work / f"{kind}.json"
    return json.loads(result.read_text()) if result.exists() else None


def status(checks: dict[str, Any], reverse: Any) -> tuple[str, str]:
    """pass/fail and a short detail from one family's checks on one backend."""
    problems, notes = [], []
    for key, value in checks.items():
        if isinstance(value, str):
            if value not in " ".join(problems):  # the first failure is enough
                problems.append(f"{key}: {value}")
        elif key == "generate":
            if value:
                problems.append(f"generate differs: {', '.join(value)}")
            else:
                notes.append("generate greedy/sample/beam same tokens")
        elif value > TOLERANCE:
            problems.append(f"{key} error {value:.1e}")
        else:
            notes.append(f"{key} {value:.0e}")
    if isinstance(reverse, str):
        problems.append(f"saved model in real torch: {reverse}")
    elif reverse is not None:
        (problems if reverse > TOLERANCE else notes).append(f"saved->real torch {reverse:.0e}")
    return ("fail", "; ".join(problems)) if problems else ("pass", "; ".join(notes))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--worker")
    parser.add_argument("--work")
    parser.add_argument("--no-write", action="store_true", help="print, do not write docs/")
    args = parser.parse_args(argv)
    names = args.families.split(",")
    backends = args.backends.split(",")
    if args.worker:
        work = Path(args.work)
        if args.worker == "oracle":
            _oracle(work, names)
            return 0
        result = (_oracle_reverse(work, names, backends) if args.worker == "reverse"
                  else _frontend(work, names, args.worker))  # fmt: skip
        (work / f"{args.worker}.json").write_text(json.dumps(result))
        return 0
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        _worker("oracle", work, names, backends)
        found = {}
        for backend in backends:
            start = time.time()
            try:
                found[backend] = _worker(backend, work, names, backends)
            except RuntimeError as error:  # the process died: every family fails with it
                last = str(error).strip().splitlines()[-1][:160]
                found[backend] = {name: {"process": last} for name in names}
            print(f"{backend}: {time.time() - start:.0f} s", flush=True)
        reverse = _worker("reverse", work, names, backends)
    records = []
    for name in names:
        for backend in backends:
            state, detail = status(found[backend][name], reverse.get(f"{name}/{backend}"))
            records.append({"name": FAMILIES[name].name, "backend": backend, "status": state,
                            "detail": detail})  # fmt: skip
            print(f"{FAMILIES[name].name:45} {backend:10} {state:5} {detail}")
    if not args.no_write:
        write(records)
    return 0


def write(new: list[dict[str, str]]) -> None:
    """Update ``docs/conformance/transformers.{json,md}`` with ``new`` records, keeping the
    other (family, backend) records a previous run wrote (a run may cover a sample)."""
    DOCS.mkdir(parents=True, exist_ok=True)
    path = DOCS / "transformers.json"
    kept = json.loads(path.read_text())["records"] if path.exists() else []
    by_key = {(r["name"], r["backend"]): r for r in [*kept, *new]}
    order = [(family.name, b) for family in FAMILIES.values() for b in BACKENDS]
    records = [by_key[key] for key in order if key in by_key]
    report = {"suite": "transformers", "framework": "torch",
              "command": "python -m tests.conformance.transformers_models",
              "generated": datetime.date.today().isoformat(), "records": records}  # fmt: skip
    (DOCS / "transformers.json").write_text(json.dumps(report, indent=1) + "\n")
    backends = BACKENDS
    lines = [
        "# HF transformers on the torch frontend",
        "",
        f"`{report['command']}` ({report['generated']}): each family built from a small config "
        "(2 layers, hidden 64), loaded with `from_pretrained` from real torch's "
        "`save_pretrained`, against real torch: forward outputs (eager and sdpa attention, "
        "padded batch) within 1e-4 of the largest, the losses of HF's training loop after "
        "two AdamW steps within 1e-4, `generate`'s tokens (greedy, sampling with a seed, beam "
        "search) equal, the model saved here loading in real torch with the same outputs, and "
        "`torch.compile(fullgraph=True)` of the forward and of each training step giving the "
        "same (compiled on jax and tensorflow, eager on numpy and torch). "
        "`-`: not measured yet (see docs/model_libraries.md).",
        "",
        "| family | " + " | ".join(backends) + " |",
        "|---|" + "---|" * len(backends),
    ]
    for name in dict.fromkeys(r["name"] for r in records):
        cells = {r["backend"]: r["status"] for r in records if r["name"] == name}
        lines.append(f"| `{name}` | " + " | ".join(cells.get(b, "-") for b in backends) + " |")
    lines += ["", "## Details", ""]
    for r in records:
        lines.append(f"- `{r['name']}` on {r['backend']}: **{r['status']}**: {r['detail']}")
    (DOCS / "transformers.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
