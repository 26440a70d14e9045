"""Build ``docs/CONFORMANCE.md`` from the conformance runs' results.

Each runner under ``tests/conformance/`` (``python -m tests.conformance.<suite>``) writes
``docs/conformance/<suite>.json``: one record per (public name, backend) with a status,
``pass``, ``unsupported`` (declared, with its reason) or ``fail``. This command merges them
into one page a user reads before porting: per framework and backend, how many names pass,
then per name the status on each backend (a name several suites cover counts as passing
only where every suite passes it), then each suite's own totals and command. A suite of test files (``"per_file": true``, such as
numpy's own test suite) has a record per test file and backend with the file's counts
(``passed``, ``failed``, ``deselected``, ``skipped``, ``not_run``): it gets its own rows,
counted in tests, and a per-file table, not rows of names.

    python -m tests.conformance.report          # rewrite docs/CONFORMANCE.md
    python -m tests.conformance.report --check  # exit 1 if the page is not current
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
PAGE = ROOT / "docs" / "CONFORMANCE.md"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
STATUSES = ("pass", "unsupported", "fail")
#: The counts each record of a per-file suite holds.
COUNTS = ("passed", "failed", "deselected", "skipped", "not_run")
# worst first: a name failing in one suite fails, whatever the others say
_RANK = {"fail": 0, "unsupported": 1, "pass": 2}
_MARK = {"pass": "pass", "unsupported": "unsupported", "fail": "**fail**", None: "-"}


def status_table(
    records: Iterable[dict[str, str]], backends: Sequence[str], heading: str
) -> list[str]:
    """A suite page's table (markdown lines): a row per name in the records' order, its
    status on each backend, ``-`` where it was not run."""
    by_name: dict[str, dict[str, str]] = {}
    for record in records:
        by_name.setdefault(record["name"], {})[record["backend"]] = record["status"]
    lines = [f"| {heading} | " + " | ".join(backends) + " |", "|---|" + "---|" * len(backends)]
    for name, cells in by_name.items():
        lines.append(f"| `{name}` | " + " | ".join(cells.get(b, "-") for b in backends) + " |")
    return lines


def load_suites(directory: Path = RESULTS) -> list[dict[str, Any]]:
    """Every suite's results, checked for the fields the report reads."""
    suites = []
    for path in sorted(directory.glob("*.json")):
        suite = json.loads(path.read_text())
        for field in ("suite", "framework", "command", "records"):
            if field not in suite:
                raise ValueError(f"{path}: the field {field!r} is missing")
        for record in suite["records"]:
            if record.get("status") not in STATUSES or record.get("backend") not in BACKENDS:
                raise ValueError(f"{path}: bad record {record!r}")
            if suite.get("per_file") and not all(
                isinstance(record.get(count), int) for count in COUNTS
            ):
                raise ValueError(f"{path}: a per-file record without its counts {record!r}")
        suites.append(suite)
    return suites


def merge(suites: Iterable[dict[str, Any]]) -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    """framework -> name -> backend -> the worst record over the suites that cover it."""
    merged: dict[str, dict[str, dict[str, dict[str, str]]]] = defaultdict(lambda: defaultdict(dict))
    for suite in suites:
        if suite.get("per_file"):
            continue
        for record in suite["records"]:
            cell = merged[suite["framework"]][record["name"]]
            kept = cell.get(record["backend"])
            if kept is None or _RANK[record["status"]] < _RANK[kept["status"]]:
                cell[record["backend"]] = {
                    "status": record["status"],
                    "detail": record.get("detail", ""),
                    "suite": suite["suite"],
                }
    return merged


def _rate(cells: Iterable[dict[str, str]]) -> str:
    statuses = [cell["status"] for cell in cells]
    if not statuses:
        return "-"
    passed = statuses.count("pass")
    declared = statuses.count("unsupported")
    tested = len(statuses) - declared
    share = f"{100 * passed / tested:.1f}%" if tested else "-"
    return f"{share} ({passed}/{tested}, {declared} declared)"


def _test_rate(records: Iterable[dict[str, Any]]) -> str:
    """A per-file suite's rate over some records: passed among the tests run, with the
    deselected ones listed, not counted."""
    records = list(records)
    if not records:
        return "-"
    passed = sum(r["passed"] for r in records)
    tested = passed + sum(r["failed"] for r in records)
    deselected = sum(r["deselected"] for r in records)
    not_run = sum(r["not_run"] for r in records)
    share = f"{100 * passed / tested:.1f}%" if tested else "-"
    left = f", {not_run} not run" if not_run else ""
    return f"{share} ({passed}/{tested} tests, {deselected} deselected{left})"


def per_file_table(suite: dict[str, Any]) -> list[str]:
    """A per-file suite's section: a row per test file, its rate on each backend."""
    records = suite["records"]
    lines = [
        "",
        f"## {suite['framework']}: per file",
        "",
        f"Tests passed among those run (`{suite['command']}`; the suite's page in",
        f"`docs/conformance/{suite['suite']}.md` lists the deselected features, the time",
        "limits and the top failure classes). *not run*: left when the time budget ran out,",
        "counted neither way.",
        "",
        "| file | " + " | ".join(BACKENDS) + " |",
        "|---|" + "---|" * len(BACKENDS),
    ]
    by_key = {(r["name"], r["backend"]): r for r in records}
    for name in dict.fromkeys(r["name"] for r in records):
        row = []
        for backend in BACKENDS:
            record = by_key.get((name, backend))
            if record is None:
                row.append("-")
                continue
            tested = record["passed"] + record["failed"]
            rate = f"{100 * record['passed'] / tested:.0f}%" if tested else "-"
            left = f", {record['not_run']} not run" if record["not_run"] else ""
            row.append(f"{rate} ({record['passed']}/{tested}{left})")
        lines.append(f"| `{name}` | " + " | ".join(row) + " |")
    return lines


def render(suites: list[dict[str, Any]]) -> str:
    merged = merge(suites)
    lines = [
        "# Conformance",
        "",
        "How each frontend's public names behave against the real framework, on each backend,",
        "as the conformance runs under `tests/conformance/` measured them. A name *passes* on a",
        "backend when every sample of every suite that covers it gives the real framework's",
        "dtype, shape, values (within the suite's tolerance) and exception class;",
        "*unsupported* means the frontend declares the combination left out and raises a",
        "clear error (the reason is given); *fail* means a suite found a difference. Rates",
        "count passes among the names tested (declared ones are listed, not counted).",
        "",
        "This page is generated: `python -m tests.conformance.report` (after running the",
        "suites below). Do not edit it by hand.",
        "",
        "## Summary",
        "",
        "| framework | " + " | ".join(BACKENDS) + " |",
        "|---|" + "---|" * len(BACKENDS),
    ]
    for framework in sorted(merged):
        names = merged[framework]
        row = [
            _rate(cells[backend] for cells in names.values() if backend in cells)
            for backend in BACKENDS
        ]
        lines.append(f"| {framework} | " + " | ".join(row) + " |")
    per_file = [suite for suite in suites if suite.get("per_file")]
    for suite in per_file:
        row = [
            _test_rate(r for r in suite["records"] if r["backend"] == backend)
            for backend in BACKENDS
        ]
        lines.append(f"| {suite['framework']} | " + " | ".join(row) + " |")
    lines += ["", "## Suites", "", "| suite | framework | command | generated | records |"]
    lines.append("|---|---|---|---|---|")
    for suite in suites:
        lines.append(
            f"| {suite['suite']} | {suite['framework']} | `{suite['command']}` | "
            f"{suite.get('generated', '?')} | {len(suite['records'])} |"
        )
    for framework in sorted(merged):
        names = merged[framework]
        lines += ["", f"## {framework}", "", "| name | " + " | ".join(BACKENDS) + " | notes |"]
        lines.append("|---|" + "---|" * (len(BACKENDS) + 1))
        for name in sorted(names):
            cells = names[name]
            notes = sorted(
                {
                    f"{backend}: {cell['detail']}"
                    for backend, cell in cells.items()
                    if cell["status"] != "pass" and cell["detail"]
                }
            )
            note = "; ".join(notes).replace("|", "\\|").replace("\n", " ")
            if len(note) > 160:
                note = note[:157] + "..."
            row = [_MARK[cells.get(backend, {}).get("status")] for backend in BACKENDS]
            lines.append(f"| `{name}` | " + " | ".join(row) + f" | {note} |")
    for suite in per_file:
        lines += per_file_table(suite)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args(argv)
    page = render(load_suites())
    if args.check:
        current = PAGE.read_text() if PAGE.exists() else ""
        if current != page:
            print(f"{PAGE} is not current: run python -m tests.conformance.report")
            return 1
        return 0
    PAGE.write_text(page)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
