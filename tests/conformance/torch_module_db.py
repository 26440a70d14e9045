"""torch's own module database (``module_db``) on the torch frontend, per module and backend.

    python -m tests.conformance.torch_module_db                   # every module and backend
    python -m tests.conformance.torch_module_db --backends numpy --modules nn.Linear nn.GRU

For each ``ModuleInfo`` of ``torch.testing._internal.common_modules.module_db`` whose class
the frontend's ``torch.nn`` has, each of its samples (every constructor variant, unbatched
inputs, in train mode and, where they differ, eval mode) in float32 builds the module in
real torch and in the frontend, gives the frontend module real torch's parameters and
buffers (``load_state_dict``), runs forward and backward (a fixed random upstream gradient)
and compares the output, the input gradients and every parameter's gradient: dtype, shape
and values (op_db's tolerances, relative to the largest entry for gradients). Where torch
raises (the samples of ``module_error_inputs_func`` among them), the frontend must raise
the same class at the same stage (construction or forward). Dropout-like modules draw at
random: their values are not compared.

Writes ``docs/conformance/torch_module_db.{md,json}`` (a partial run updates its records):
a record per module name (``torch.nn.<Class>``) and backend, ``fail`` with the first
difference where any sample differs, and the (module, sample) pair counts in the page.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import numpy
import torch as real_torch
from torch.testing._internal.common_modules import module_db

import core
from frontends import torch
from tests.conformance.report import status_table
from tests.frontends.torch.op_db import (
    compare,
    convert_to_frontend,
    convert_to_real,
    real_tensors,
)
from tests.frontends.torch.oracle import error_kind

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
COMMAND = "python -m tests.conformance.torch_module_db"
SUITE = "torch_module_db"
_DETAIL = 300  # characters of a record's detail kept
# modules whose outputs follow the generator's draws: dtype and shape compared only
RANDOM = {"Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout", "RReLU"}  # fmt: skip


def _floating(tensors: list[Any]) -> list[Any]:
    return [t for t in tensors if t.dtype.is_floating_point and t.requires_grad]


def _real_run(info: Any, sample: Any, training: bool, dtype: Any) -> dict[str, Any]:
    """Real torch's module, output and gradients for ``sample`` (an exception where it
    raises, with the stage)."""
    constructor, forward = sample.constructor_input, sample.forward_input
    try:
        real_torch.manual_seed(0)
        module = info.module_cls(*constructor.args, **constructor.kwargs).to(dtype)
        module.train(training)
    except Exception as error:
        return {"stage": "construction", "error": error}
    try:
        real_torch.manual_seed(0)
        output = module(*forward.args, **forward.kwargs)
    except Exception as error:
        return {"stage": "forward", "error": error, "module": module}
    inputs = _floating(real_tensors([forward.args, forward.kwargs]))
    params = {n: p for n, p in module.named_parameters() if p.requires_grad}
    outputs = [t for t in real_tensors(output) if t.requires_grad and t.dtype.is_floating_point]
    rng = numpy.random.default_rng(zlib.crc32(info.name.encode()))
    upstream = [rng.standard_normal(tuple(t.shape)) for t in outputs]
    grads = None
    if outputs and (inputs or params):
        grads = real_torch.autograd.grad(
            outputs,
            [*inputs, *params.values()],
            [real_torch.from_numpy(u).to(t.dtype) for u, t in zip(upstream, outputs)],
            allow_unused=True,
        )
    return {"module": module, "output": output, "upstream": upstream, "grads": grads}


def check_sample(info: Any, sample: Any, mode: str, dtype: Any) -> tuple[str, str]:
    """One ModuleInfo sample (``mode``: "train", "eval" or "error", an error sample in train
    mode) through real torch and the frontend (on the current backend): ``("pass", "")`` or
    ``("fail", the first difference)``."""
    training = mode != "eval"
    label = f"{mode} {sample.desc or 'sample'}"
    real = _real_run(info, sample, training, dtype)
    cls = getattr(torch.nn, info.module_cls.__name__)
    constructor, forward = sample.constructor_input, sample.forward_input

    def refused(stage: str, call: Any) -> tuple[str, str] | None:
        """Where torch raised at ``stage``: the frontend's outcome of ``call``."""
        if real.get("stage") != stage:
            return None
        expected = real["error"]
        try:
            call()
        except Exception as error:
            if isinstance(error, error_kind(expected)):
                return "pass", ""
            return "fail", (
                f"{label}: torch raises {type(expected).__name__} at {stage}, the frontend "
                f"{type(error).__name__}: {error}"
            )
        return (
            "fail",
            f"{label}: torch raises {type(expected).__name__} at {stage}, the frontend does not",
        )

    def construct() -> Any:
        torch.manual_seed(0)
        module = cls(
            *_constructor_value(constructor.args), **_constructor_value(constructor.kwargs)
        )
        return module.to(convert_to_frontend(dtype))

    outcome = refused("construction", construct)
    if outcome:
        return outcome
    try:
        module = construct()
        module.train(training)
        state = {k: convert_to_frontend(v) for k, v in real["module"].state_dict().items()}
        module.load_state_dict(state)
    except Exception as error:
        return "fail", f"{label}: construction: {type(error).__name__}: {error}"
    memo: dict[int, Any] = {}

    def convert(value: Any) -> Any:
        if isinstance(value, real_torch.Tensor):
            if id(value) not in memo:
                memo[id(value)] = convert_to_frontend(value)
                if value.requires_grad and value.dtype.is_floating_point:
                    memo[id(value)].requires_grad_()
            return memo[id(value)]
        if isinstance(value, list | tuple):
            return type(value)(convert(v) for v in value)
        if isinstance(value, dict):
            return {k: convert(v) for k, v in value.items()}
        return convert_to_frontend(value)

    args, kwargs = convert(forward.args), convert(forward.kwargs)

    def run_forward() -> Any:
        torch.manual_seed(0)
        return module(*args, **kwargs)

    outcome = refused("forward", run_forward)
    if outcome:
        return outcome
    values = info.module_cls.__name__ not in RANDOM
    try:
        output = run_forward()
        compare(convert_to_real(output), real["output"], values)
    except Exception as error:
        return "fail", f"{label}: forward: {type(error).__name__}: {error}"
    if real["grads"] is None or not values:
        return "pass", ""
    inputs = [memo[id(t)] for t in _floating(real_tensors([forward.args, forward.kwargs]))]
    params = dict(module.named_parameters())
    names = [n for n, p in real["module"].named_parameters() if p.requires_grad]
    ours_outputs = [t for t in _leaves_frontend(output) if t.dtype.is_floating_point]
    try:
        targets = [*inputs, *(params[n] for n in names)]
        pairs = [(o, u) for o, u in zip(ours_outputs, real["upstream"]) if o.requires_grad]
        grads = torch.autograd.grad(
            [o for o, _ in pairs],
            targets,
            [torch.tensor(u, dtype=o.dtype) for o, u in pairs],
            allow_unused=True,
        )
    except Exception as error:
        return "fail", f"{label}: backward: {type(error).__name__}: {error}"
    labels = [f"input {i}" for i in range(len(inputs))] + [f"{n}.grad" for n in names]
    for what, ours, theirs in zip(labels, grads, real["grads"]):
        if theirs is None and ours is None:
            continue
        try:
            # no gradient stands for zeros, as in test_op_db_grad
            ours = convert_to_real(ours) if ours is not None else real_torch.zeros_like(theirs)
            theirs = theirs if theirs is not None else real_torch.zeros_like(ours)
            compare(ours, theirs, True, normwise=True)
        except Exception as error:
            return "fail", f"{label}: {what}: {type(error).__name__}: {error}"
    return "pass", ""


def _constructor_value(value: Any) -> Any:
    """A constructor argument for the frontend: a real torch function (an ``activation``)
    as the frontend's function of that name, the rest as op_db converts it."""
    if isinstance(value, list | tuple):
        return type(value)(_constructor_value(v) for v in value)
    if isinstance(value, dict):
        return {k: _constructor_value(v) for k, v in value.items()}
    name = getattr(value, "__name__", "")
    if callable(value) and getattr(real_torch.nn.functional, name, None) is value:
        return getattr(torch.nn.functional, name)
    return convert_to_frontend(value)


def takes_a_module(sample: Any) -> bool:
    """Whether the sample's constructor takes a real torch module (TransformerEncoder's
    layer): the runner has no frontend counterpart of an already built module, so it
    leaves the sample out (listed, not counted)."""
    values = [*sample.constructor_input.args, *sample.constructor_input.kwargs.values()]
    return any(isinstance(v, real_torch.nn.Module) for v in values)


def _leaves_frontend(value: Any) -> list[Any]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, list | tuple):
        return [leaf for item in value for leaf in _leaves_frontend(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves_frontend(item)]
    return []


def module_samples(info: Any, dtype: Any) -> list[tuple[Any, str]]:
    """(sample, mode) pairs of ``info``: its samples in train mode, in eval mode too where
    they differ, then its error samples (an ErrorModuleInput's ModuleInput, mode "error")."""
    pairs = []
    for mode in ("train", "eval") if info.train_and_eval_differ else ("train",):
        for sample in info.module_inputs_func(
            info, device="cpu", dtype=dtype, requires_grad=True, training=mode == "train"
        ):
            pairs.append((sample, mode))
    if info.module_error_inputs_func:
        for error in info.module_error_inputs_func(
            info, device="cpu", dtype=dtype, requires_grad=False, training=True
        ):
            pairs.append((error.module_error_input, "error"))
    return pairs


def implemented() -> list[Any]:
    """module_db's ModuleInfos whose class the frontend's torch.nn has."""
    return [info for info in module_db if hasattr(torch.nn, info.module_cls.__name__)]


def run(backends: list[str], modules: list[str] | None) -> tuple[list[dict], dict[str, list[int]]]:
    """Records per module and backend, and per backend the (passed, total) sample pairs."""
    chosen = [info for info in implemented() if modules is None or info.name in modules]
    records, pairs, left_out = [], {}, set()
    for backend in backends:
        start, passed, total = time.time(), 0, 0
        with core.use_backend(backend):
            for info in chosen:
                status, detail, ran = "pass", "", 0
                for sample, mode in module_samples(info, real_torch.float32):
                    if takes_a_module(sample):
                        left_out.add(f"torch.{info.name}")
                        continue
                    outcome, why = check_sample(info, sample, mode, real_torch.float32)
                    total += 1
                    ran += 1
                    passed += outcome == "pass"
                    if outcome != "pass" and status == "pass":
                        status, detail = outcome, why.replace("\n", " ")[:_DETAIL]
                name = f"torch.{info.name}"
                if not ran:
                    continue
                records.append(
                    {"name": name, "backend": backend, "status": status, "detail": detail}
                )
                if status != "pass":
                    print(f"  {name}: {detail[:200]}", flush=True)
        pairs[backend] = [passed, total]
        if left_out:
            print(f"left out the samples of {sorted(left_out)} (a real module argument)")
        print(f"{backend}: {time.time() - start:.0f} s, {passed}/{total} samples pass", flush=True)
    return records, pairs


def write(new: list[dict], pairs: dict[str, list[int]]) -> None:
    """Update ``docs/conformance/torch_module_db.{json,md}`` with ``new`` records, keeping
    the other (name, backend) records (and sample counts) a previous run wrote."""
    path = RESULTS / f"{SUITE}.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    by_key = {(r["name"], r["backend"]): r for r in [*old.get("records", []), *new]}
    records = sorted(by_key.values(), key=lambda r: (r["name"], BACKENDS.index(r["backend"])))
    pairs = {**old.get("sample_pairs", {}), **pairs}
    generated = datetime.date.today().isoformat()
    suite = {"suite": SUITE, "framework": "torch", "command": COMMAND, "generated": generated}
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps({**suite, "sample_pairs": pairs, "records": records}, indent=1) + "\n"
    )
    lines = [
        "# torch's module_db on the torch frontend",
        "",
        f"`{COMMAND}` ({generated}). Every `ModuleInfo` of torch's `module_db`",
        "(`torch.testing._internal.common_modules`) whose class the frontend's `torch.nn`",
        "has, each sample in float32 (constructor variants, unbatched inputs, train and eval",
        "mode, the documented error samples): the frontend module gets real torch's",
        "parameters and buffers, then forward, input gradients and parameter gradients are",
        "compared with real torch (dtype, shape, values; the exception class where torch",
        "raises). A module fails on a backend where any of its samples differs. Left out:",
        "samples whose constructor takes an already built real torch module",
        "(`nn.TransformerEncoder`'s layer), which the runner cannot give the frontend.",
        "",
        "| backend | modules passing | (module, sample) pairs passing |",
        "|---|---|---|",
    ]
    for backend in BACKENDS:
        statuses = [r["status"] for r in records if r["backend"] == backend]
        if statuses and backend in pairs:
            passed, total = pairs[backend]
            lines.append(
                f"| {backend} | {statuses.count('pass')}/{len(statuses)} | "
                f"{passed}/{total} ({100 * passed / total:.1f}%) |"
            )
    lines += ["", *status_table(records, BACKENDS, "module")]
    lines += ["", "## Not passing (the first difference)", ""]
    for record in records:
        if record["status"] != "pass":
            lines.append(f"- `{record['name']}` on {record['backend']}: {record['detail']}")
    (RESULTS / f"{SUITE}.md").write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    parser.add_argument("--modules", nargs="+", help="module_db names, e.g. nn.Linear")
    args = parser.parse_args(argv)
    records, pairs = run(args.backends, args.modules)
    write(records, pairs if args.modules is None else {})
    print(f"updated {(RESULTS / SUITE).relative_to(ROOT)}.md and .json")
    return 0 if all(r["status"] != "fail" for r in records) else 1


if __name__ == "__main__":
    sys.exit(main())
