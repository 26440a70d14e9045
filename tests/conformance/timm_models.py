"""timm models, unchanged, on the torch frontend against real torch.

    python -m tests.conformance.timm_models                      # every model and backend
    python -m tests.conformance.timm_models --models resnet18 --backends numpy jax

writes ``docs/conformance/timm.{md,json}`` (a partial run updates its records there). For
each model, a reference process with real torch and timm builds it (small input, 10
classes, ``drop_path_rate=0.1``), saves its weights as safetensors and ``.pth`` and runs
:func:`script`; then, per backend, a process with ``frontends.install("torch")`` (aliased:
it never imports real torch; on the torch backend the shared mode) creates the same model
with ``pretrained=True, pretrained_cfg_overlay=dict(file=<the safetensors file>)`` and runs
the same :func:`script`. A model passes on a backend when

* ``eval``: the eval-mode logits are within 1e-4 of real torch's, relative to the largest;
* ``train``: the train-mode logits (drop path draws from the seeded generator, BatchNorm
  uses batch statistics) match alike, and so do the two losses of two training steps as
  timm's train.py takes them (``LabelSmoothingCrossEntropy``, ``create_optimizer_v2``
  SGD with its default momentum, ``zero_grad``/``backward``/``step``), the BatchNorm running statistics after them,
  and the eval logits after them (1e-3);
* the ``.pth`` file loads (``timm.models.load_state_dict``) to the same tensors.

Where torchvision cannot be imported, the reference process gets stand-ins for the
torchvision names timm imports (none of them is used by these models).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
import traceback
import types
from enum import Enum
from pathlib import Path
from typing import Any

import numpy

from tests.conformance.report import status_table

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
COMMAND = "python -m tests.conformance.timm_models"

#: timm model name -> create_model keyword arguments (the ViTs and Swin on a 64x64 input)
MODELS: dict[str, dict[str, Any]] = {
    "resnet18": {},
    "efficientnet_b0": {},
    "mobilenetv3_small_100": {},
    "convnext_atto": {},
    "regnetx_002": {},
    "vit_tiny_patch16_224": {"img_size": 64},
    "deit_tiny_patch16_224": {"img_size": 64},
    "swin_tiny_patch4_window7_224": {"img_size": 64, "window_size": 4},
}
#: timm's tiny test models, for the sample the default test suite runs
SAMPLE: dict[str, dict[str, Any]] = {
    "test_resnet": {},
    "test_efficientnet": {},
    "test_vit": {"img_size": 64},
}
COMMON = {"num_classes": 10, "drop_path_rate": 0.1}
BATCH, SIZE = 4, 64
FORWARD_TOL, AFTER_STEPS_TOL = 1e-4, 1e-3


# ---------------------------------------------------------------------------------------
# the script both processes run, with their own torch and timm
# ---------------------------------------------------------------------------------------
def script(torch: Any, timm: Any, model: Any, x: numpy.ndarray, y: numpy.ndarray) -> dict:
    """Eval logits, then two training steps as timm's train.py takes them, then eval again."""
    inputs, targets = torch.from_numpy(x), torch.from_numpy(y)
    results = {}
    model.eval()
    with torch.no_grad():
        results["eval"] = model(inputs).numpy()
    model.train()
    loss_fn = timm.loss.LabelSmoothingCrossEntropy(smoothing=0.1)
    # train.py's defaults: SGD, Nesterov momentum 0.9, weight decay 2e-5, lr 0.1 * batch / 256
    optimizer = timm.optim.create_optimizer_v2(
        model, opt="sgd", lr=1e-3, weight_decay=2e-5, momentum=0.9
    )
    torch.manual_seed(0)
    losses = []
    for step in range(2):
        output = model(inputs)
        loss = loss_fn(output, targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        if step == 0:
            results["train"] = output.detach().numpy()
    results["losses"] = numpy.array(losses)
    stats = [b.numpy().ravel() for n, b in model.named_buffers() if "running_" in n]
    results["running_stats"] = numpy.concatenate(stats) if stats else numpy.zeros(0)
    model.eval()
    with torch.no_grad():
        results["eval_after_steps"] = model(inputs).numpy()
    return results


def _data() -> tuple[numpy.ndarray, numpy.ndarray]:
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal((BATCH, 3, SIZE, SIZE)).astype(numpy.float32)
    return x, rng.integers(0, COMMON["num_classes"], BATCH)


# ---------------------------------------------------------------------------------------
# the two kinds of process
# ---------------------------------------------------------------------------------------
def torchvision_for_real_torch() -> None:
    """Stand-ins for the torchvision names ``import timm`` needs, where torchvision itself
    cannot be imported beside this torch (none is used by the models here)."""
    try:
        import torchvision  # noqa: F401

        return
    except Exception:
        for name in [n for n in sys.modules if n.partition(".")[0] == "torchvision"]:
            del sys.modules[name]

    def placeholder(name: str) -> type:
        return type(name, (), {})

    modes = Enum("InterpolationMode", {m.upper(): m for m in ("nearest", "bilinear", "bicubic",
                                                               "box", "hamming", "lanczos")})  # fmt: skip
    contents = {
        "torchvision": {},
        "torchvision.ops": {},
        "torchvision.ops.misc": {"FrozenBatchNorm2d": placeholder("FrozenBatchNorm2d")},
        "torchvision.datasets": {
            n: placeholder(n)
            for n in ("CIFAR100", "CIFAR10", "MNIST", "KMNIST", "FashionMNIST", "ImageFolder")
        },
        "torchvision.transforms": {"ToTensor": placeholder("ToTensor")},
        "torchvision.transforms.functional": {"InterpolationMode": modes},
    }
    for name, attributes in contents.items():
        module = types.ModuleType(name)
        module.__path__ = []
        module.__dict__.update(attributes)
        sys.modules[name] = module
        parent, _, child = name.rpartition(".")
        if parent:
            setattr(sys.modules[parent], child, module)


def _each(models: list[str], folder: Path, who: str, run: Any) -> None:
    """``run(name)`` for each model; a failure is written to ``<name>.<who>.error``."""
    for name in models:
        try:
            run(name)
        except Exception as error:
            traceback.print_exc()
            (folder / f"{name}.{who}.error").write_text(f"{type(error).__name__}: {error}")


def _kwargs(name: str) -> dict[str, Any]:
    return {**COMMON, **MODELS.get(name, SAMPLE.get(name, {}))}


def _run_reference(models: list[str], folder: Path) -> None:
    torchvision_for_real_torch()
    import safetensors.torch
    import timm
    import timm.loss
    import timm.optim
    import torch

    def run(name: str) -> None:
        torch.manual_seed(0)
        model = timm.create_model(name, pretrained=False, **_kwargs(name))
        state = {k: v.contiguous() for k, v in model.state_dict().items()}
        safetensors.torch.save_file(state, folder / f"{name}.safetensors")
        torch.save(state, folder / f"{name}.pth")
        numpy.savez(folder / f"{name}.reference.npz", **script(torch, timm, model, *_data()))

    _each(models, folder, "reference", run)


def real_torch_loaded() -> bool:
    real = os.path.join(sysconfig.get_paths()["purelib"], "torch") + os.sep
    return any(
        (getattr(m, "__file__", None) or "").startswith(real) for m in list(sys.modules.values())
    )


def _run_frontend(backend: str, models: list[str], folder: Path) -> None:
    import frontends

    frontends.install("torch", backend=backend)
    import timm
    import timm.loss
    import timm.optim
    import torch

    def run(name: str) -> None:
        model = timm.create_model(
            name,
            pretrained=True,
            pretrained_cfg_overlay={"file": str(folder / f"{name}.safetensors"), "num_classes": 10},
            **_kwargs(name),
        )
        state = model.state_dict()
        from_pth = timm.models.load_state_dict(str(folder / f"{name}.pth"))
        pth_same = list(from_pth) == list(state) and all(
            numpy.array_equal(from_pth[k].numpy(), state[k].numpy()) for k in state
        )
        results = script(torch, timm, model, *_data())
        results["pth_same"] = numpy.array(pth_same)
        # the aliased mode never imports real torch; the shared one (torch backend) does, for core
        results["real_torch_loaded"] = numpy.array(real_torch_loaded())
        numpy.savez(folder / f"{name}.{backend}.npz", **results)

    _each(models, folder, backend, run)


# ---------------------------------------------------------------------------------------
# driving them and judging the results
# ---------------------------------------------------------------------------------------
def _spawn(args: list[str], timeout: float) -> str | None:
    """Run this module with ``args`` in a fresh interpreter; its error's last line if it died."""
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tests.conformance.timm_models", *args],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": path},
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return f"timed out after {timeout:.0f} s"
    if done.returncode == 0:
        return None
    lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
    return lines[-1] if lines else f"exit code {done.returncode}"


def _outcome(folder: Path, name: str, who: str, died: str | None) -> dict | str:
    """The results of ``name`` in the run ``who``, or why there are none."""
    error = folder / f"{name}.{who}.error"
    if error.exists():
        return error.read_text()
    results = folder / f"{name}.{who}.npz"
    return dict(numpy.load(results)) if results.exists() else (died or "no results")


def _relative(ours: numpy.ndarray, theirs: numpy.ndarray) -> float:
    if ours.shape != theirs.shape:
        return float("inf")
    if theirs.size == 0:
        return 0.0
    return float(numpy.max(numpy.abs(ours - theirs)) / max(numpy.max(numpy.abs(theirs)), 1e-30))


def judge(reference: dict, ours: dict, backend: str) -> tuple[str, str]:
    """``(status, detail)`` for one model on one backend."""
    errors = {
        key: _relative(ours[key], reference[key])
        for key in ("eval", "train", "losses", "running_stats", "eval_after_steps")
    }
    limits = {key: FORWARD_TOL for key in errors} | {"eval_after_steps": AFTER_STEPS_TOL}
    failed = [key for key in errors if not errors[key] <= limits[key]]
    if not bool(ours["pth_same"]):
        failed.append(".pth loads other tensors")
    if backend != "torch" and bool(ours["real_torch_loaded"]):
        failed.append("the frontend process imported real torch")
    detail = ", ".join(f"{key} {errors[key]:.1e}" for key in errors)
    return (
        ("fail", "over tolerance: " + ", ".join(failed) + "; " + detail)
        if failed
        else (
            "pass",
            detail,
        )
    )


def run(models: list[str], backends: list[str], timeout: float = 3600) -> list[dict]:
    """Records for each model and backend (names as ``timm.<model>``): one reference process
    for all the models, then one frontend process per backend."""
    records = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.time()
        died = _spawn(["--reference", str(folder), *models], timeout)
        print(f"reference: {time.time() - start:.0f} s", flush=True)
        references = {name: _outcome(folder, name, "reference", died) for name in models}
        for name, reference in references.items():
            if isinstance(reference, str):
                raise RuntimeError(f"the reference run of {name} failed: {reference}")
        for backend in backends:
            start = time.time()
            died = _spawn(["--frontend", backend, str(folder), *models], timeout)
            print(f"{backend}: {time.time() - start:.0f} s", flush=True)
            for name in models:
                ours = _outcome(folder, name, backend, died)
                status, detail = (
                    ("fail", ours)
                    if isinstance(ours, str)
                    else judge(references[name], ours, backend)
                )
                records.append(
                    {"name": f"timm.{name}", "backend": backend, "status": status, "detail": detail}
                )
                print(f"  {name}: {status} {detail}", flush=True)
    return records


def _write(new: list[dict]) -> None:
    """Update ``docs/conformance/timm.{json,md}`` with ``new`` records (of MODELS' names),
    keeping the other (model, backend) records a previous run wrote."""
    path = RESULTS / "timm.json"
    kept = json.loads(path.read_text())["records"] if path.exists() else []
    by_key = {(r["name"], r["backend"]): r for r in [*kept, *new]}
    order = [(f"timm.{m}", b) for m in MODELS for b in BACKENDS]
    records = [by_key[key] for key in order if key in by_key]
    generated = datetime.date.today().isoformat()
    suite = {"suite": "timm", "framework": "torch", "command": COMMAND, "generated": generated}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "timm.json").write_text(json.dumps({**suite, "records": records}, indent=1) + "\n")
    lines = [
        "# timm models on the torch frontend",
        "",
        f"`{COMMAND}` ({generated}). Each model is created by timm, unchanged, in a process",
        'where `frontends.install("torch", backend=...)` routes its `import torch`, with the',
        "weights real torch saved (loaded through `pretrained_cfg_overlay=dict(file=...)`), and",
        "compared with real torch: eval logits, train-mode logits (drop path, BatchNorm batch",
        "statistics), the losses of two SGD training steps, the BatchNorm running statistics",
        "and the eval logits after them. Numbers are the largest difference relative to the",
        f"largest value (limits {FORWARD_TOL:g}, and {AFTER_STEPS_TOL:g} for the logits after",
        "the steps). `-`: not measured yet (the jax backend takes about 15 minutes a model",
        "on a loaded 2-core machine: it compiles each op eagerly). See docs/model_libraries.md.",
        "",
        *status_table(records, BACKENDS, "model"),
    ]
    lines += ["", "## Details", ""]
    for record in records:
        lines.append(
            f"- `{record['name']}` on {record['backend']}: {record['status']}, {record['detail']}"
        )
    (RESULTS / "timm.md").write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", nargs="+", choices=[*MODELS, *SAMPLE], default=list(MODELS))
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    # the processes run() starts: --reference FOLDER MODEL..., --frontend BACKEND FOLDER MODEL...
    parser.add_argument("--reference", nargs="+", help=argparse.SUPPRESS)
    parser.add_argument("--frontend", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.reference:
        _run_reference(args.reference[1:], Path(args.reference[0]))
        return 0
    if args.frontend:
        _run_frontend(args.frontend[0], args.frontend[2:], Path(args.frontend[1]))
        return 0
    records = run(args.models, args.backends)
    if set(args.models) <= set(MODELS):
        _write(records)
        print(f"updated {(RESULTS / 'timm.md').relative_to(ROOT)} and timm.json")
    return 0 if all(r["status"] != "fail" for r in records) else 1


if __name__ == "__main__":
    sys.exit(main())
