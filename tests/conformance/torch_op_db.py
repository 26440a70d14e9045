"""torch's own op database (``op_db``) on the torch frontend, per op name and backend.

    python -m tests.conformance.torch_op_db                       # every op and backend
    python -m tests.conformance.torch_op_db --backends numpy jax --ops add nn.functional.relu

runs what ``tests/frontends/torch/test_op_db.py`` runs (the same samples and comparison,
from ``tests/frontends/torch/op_db.py``) and writes ``docs/conformance/torch_op_db.{md,json}``
(a partial run updates its records there). A record per public name (``torch.<op_db
name>``, or ``torch.Tensor.<name>`` for a Tensor method) and backend, over every variant
of the op and every sample in each dtype: ``fail`` (with the first difference) where any
sample differs from real torch; ``unsupported`` (with the frontend's reason) where none
differs but the frontend declares a dtype left out that torch computes; else ``pass``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conformance.report import status_table

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
COMMAND = "python -m tests.conformance.torch_op_db"
SUITE = "torch_op_db"
DEFAULT_DTYPES = ["float32", "int64"]  # op_db.DTYPES, what test_op_db.py runs
# the other dtypes a wider run takes (``--dtypes`` other than the default: its own suite)
WIDER_DTYPES = ["float64", "float16", "bfloat16", "int32", "uint8", "bool", "complex64"]
_RANK = {"fail": 0, "unsupported": 1, "pass": 2}
_DETAIL = 300  # characters of a record's detail kept


def public_name(op: Any) -> str:
    """The frontend name op_db's ``op`` is checked under."""
    from tests.frontends.torch.op_db import frontend_callable

    return (
        f"torch.Tensor.{op.name}"
        if isinstance(frontend_callable(op.name), str)
        else f"torch.{op.name}"
    )


def run_op(op: Any, backend: str, dtypes: tuple[Any, ...]) -> tuple[str, str, int]:
    """The worst outcome over ``op``'s samples on ``backend`` (set by the caller), with its
    detail prefixed by the op's variant, and the number of samples run."""
    from tests.frontends.torch.op_db import check_sample, op_id, op_samples

    status, detail, count = "pass", "", 0
    for dtype, sample in op_samples(op, backend, dtypes):
        count += 1
        outcome, why = check_sample(op, dtype, sample)
        if _RANK[outcome] < _RANK[status]:
            status, detail = outcome, f"{op_id(op)}: {why}" if op.variant_test_name else why
    return status, detail, count


def run(
    backends: list[str],
    ops: list[str] | None,
    dtype_names: list[str],
    done: Callable[[list[dict]], None] | None = None,
) -> list[dict]:
    """Records for each implemented op name (or those of ``ops``) and backend; ``done``
    gets each backend's records as soon as they are in."""
    import torch as real_torch

    import core
    from tests.frontends.torch.op_db import IMPLEMENTED

    dtypes = tuple(getattr(real_torch, name) for name in dtype_names)
    chosen = [op for op in IMPLEMENTED if ops is None or op.name in ops]
    records = []
    for backend in backends:
        start = time.time()
        cells: dict[str, dict] = {}
        with core.use_backend(backend):
            for op in chosen:
                name = public_name(op)
                status, detail, _ = run_op(op, backend, dtypes)
                kept = cells.get(name)
                if kept is None or _RANK[status] < _RANK[kept["status"]]:
                    cells[name] = {"status": status, "detail": detail[:_DETAIL]}
        counts = {s: sum(c["status"] == s for c in cells.values()) for s in _RANK}
        print(f"{backend}: {time.time() - start:.0f} s, {counts}", flush=True)
        ours = [{"name": name, "backend": backend, **cell} for name, cell in cells.items()]
        for record in ours:
            if record["status"] != "pass":
                print(f"  {record['name']}: {record['detail'][:200]}", flush=True)
        if done is not None:
            done(ours)
        records += ours
    return records


def write(new: list[dict], dtype_names: list[str]) -> None:
    """Update ``docs/conformance/torch_op_db.{json,md}`` (``torch_op_db_dtypes`` for other
    dtypes than the default) with ``new`` records, keeping the other (name, backend)
    records a previous run wrote."""
    wider = dtype_names != DEFAULT_DTYPES
    suite_name = f"{SUITE}_dtypes" if wider else SUITE
    command = f"{COMMAND} --dtypes {' '.join(dtype_names)}" if wider else COMMAND
    path = RESULTS / f"{suite_name}.json"
    kept = json.loads(path.read_text())["records"] if path.exists() else []
    by_key = {(r["name"], r["backend"]): r for r in [*kept, *new]}
    records = sorted(by_key.values(), key=lambda r: (r["name"], BACKENDS.index(r["backend"])))
    generated = datetime.date.today().isoformat()
    suite = {"suite": suite_name, "framework": "torch", "command": command, "generated": generated}
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**suite, "records": records}, indent=1) + "\n")
    print(f"updated {path.relative_to(ROOT)} and its .md", flush=True)
    lines = [
        "# torch's op_db on the torch frontend",
        "",
        f"`{command}` ({generated}; dtypes {', '.join(dtype_names)}). Each op of torch's",
        "`op_db` (`torch.testing._internal.common_methods_invocations`) the frontend",
        "provides, with up to four of its own samples per dtype (where torch supports the",
        "dtype on the CPU), through real torch and through the frontend on each backend:",
        "the same dtype, shape and values (within tolerance), and an error where torch",
        "raises one. A name covers every variant op_db lists for it. *unsupported*: the",
        "frontend declares a dtype left out that torch computes (the reason is its message).",
        "Values: within rtol 1e-4 / atol 1e-5 in float32, torch.testing.assert_close's",
        "defaults in the other dtypes (op_db's per-op tolerance overrides for float16 and",
        "bfloat16 are not applied, so some half-precision failures are rounding-level).",
        "The default dtypes' check runs in the default test suite",
        "(tests/frontends/torch/test_op_db.py).",
        "",
        "| backend | pass | unsupported | fail |",
        "|---|---|---|---|",
    ]
    for backend in BACKENDS:
        statuses = [r["status"] for r in records if r["backend"] == backend]
        if statuses:
            lines.append(
                f"| {backend} | "
                + " | ".join(str(statuses.count(s)) for s in ("pass", "unsupported", "fail"))
                + " |"
            )
    lines += ["", *status_table(records, BACKENDS, "name")]
    lines += ["", "## Not passing", ""]
    for record in records:
        if record["status"] != "pass":
            detail = record["detail"].replace("\n", " ")
            lines.append(
                f"- `{record['name']}` on {record['backend']}: {record['status']}, {detail}"
            )
    (RESULTS / f"{suite_name}.md").write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    parser.add_argument("--ops", nargs="+", help="op_db names (every implemented op if left out)")
    parser.add_argument(
        "--dtypes",
        nargs="+",
        default=DEFAULT_DTYPES,
        help=f"torch dtype names (others than the default, e.g. {' '.join(WIDER_DTYPES)}, "
        "are recorded as the suite torch_op_db_dtypes)",
    )
    args = parser.parse_args(argv)
    records = run(args.backends, args.ops, args.dtypes, lambda new: write(new, args.dtypes))
    return 0 if all(r["status"] != "fail" for r in records) else 1


if __name__ == "__main__":
    sys.exit(main())
