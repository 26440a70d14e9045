"""numpy's own test suite, shipped inside numpy, run on the numpy frontend, per file and backend.

    python -m tests.conformance.numpy_suite                            # every file and backend
    python -m tests.conformance.numpy_suite --backends numpy torch --files lib/tests/test_twodim_base.py

Each chosen test file of the installed numpy (:data:`FILES`, paths inside the numpy
package) is copied to a temporary directory with its imports rewritten by the project's own
transpiler (:func:`transpile.transpile_text` with ``to=<backend>``), so that ``numpy`` is
``frontends.numpy`` and the backend line sets the backend. What the frontends do not
provide stays real numpy, decided by the transpiler alone: ``numpy.exceptions`` (numpy's
exception classes, which the frontend raises), ``numpy._core._rational_tests`` and the other
C test helpers. ``numpy.testing``'s assertions are ``frontends.numpy.testing``'s, numpy's own
assertions run on host copies of the arrays.

pytest runs the copies in a subprocess per backend, with a generated ``conftest.py`` that
drops the tests of :data:`DESELECTED` (features the frontend leaves out, each with its
reason), stops each test after ``--timeout`` seconds (a failure, ``Timeout``), skips what is
left once ``--budget`` seconds have passed (recorded as *not run*) and writes each test's
outcome as it ends (a killed run keeps what finished). numpy's own skips and xfails count
neither way.

Writes ``docs/conformance/numpy_suite.{md,json}`` (a partial run updates its records): a
record per test file and backend, with the file's counts; the rate a file and a backend
get is passed / (passed + failed), deselected, skipped and not-run tests left out.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy

from transpile import frontend_provides, transpile_text

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
COMMAND = "python -m tests.conformance.numpy_suite"
SUITE = "numpy_suite"
NUMPY_DIR = Path(numpy.__file__).parent
#: Target pass rates (issue 21): on the numpy backend, and on each other backend.
TARGETS = {"numpy": 0.90, "torch": 0.85, "jax": 0.85, "tensorflow": 0.85}

#: The test files run, inside the numpy package: those of the public functions (array
#: creation, manipulation, math, linear algebra, FFT, sets, indexing helpers, random
#: generators). Left out: the files of numpy's internals (the C API, nditer, the buffer
#: protocol, memory policy, dtype machinery, SIMD dispatch, printing of scalars) and of the
#: left-out features as a whole (test_longdouble, test_datetime, masked arrays, f2py).
FILES = (
    "_core/tests/test_numeric.py",
    "_core/tests/test_shape_base.py",
    "_core/tests/test_function_base.py",
    "_core/tests/test_umath.py",
    "_core/tests/test_einsum.py",
    "_core/tests/test_indexing.py",
    "_core/tests/test_item_selection.py",
    "lib/tests/test_function_base.py",
    "lib/tests/test_arraysetops.py",
    "lib/tests/test_index_tricks.py",
    "lib/tests/test_twodim_base.py",
    "lib/tests/test_shape_base.py",
    "lib/tests/test_nanfunctions.py",
    "lib/tests/test_histograms.py",
    "lib/tests/test_arraypad.py",
    "lib/tests/test_type_check.py",
    "lib/tests/test_ufunclike.py",
    "lib/tests/test_polynomial.py",
    "linalg/tests/test_linalg.py",
    "fft/tests/test_pocketfft.py",
    "fft/tests/test_helper.py",
    "random/tests/test_generator_mt19937.py",
)

#: Tests of features the frontend leaves out (``docs/numpy.md``), as regular expressions
#: searched in the test's id (``file::Class::test[params]``), each with its reason. They
#: are shown in the report and counted neither as passes nor as failures.
DESELECTED: tuple[tuple[str, str], ...] = (
    (r"longdouble|clongdouble|float128|complex256|\[[gG]\]|-[gG]\]|\[[gG]-",
     "long double: no backend has an 80/128-bit float; the frontend has no longdouble"),
    (r"datetime|timedelta|\[[mM]8|[mM]8\]",
     "datetime64/timedelta64 arithmetic beyond the host-held arrays of frontends/base/host.py"),
    (r"(?i)refcount|getrefcount|leak|_gc_|no_gc_cycles",
     "reference counts and garbage-collector cycles of numpy's C objects"),
    (r"(?i)pickle|reduce_ex|__reduce__", "pickling of numpy's internal objects"),
    (r"(?i)buffer|memoryview|__array_interface__|ctypes",
     "the buffer protocol, __array_interface__ and ctypes views of numpy's memory"),
    (r"(?i)\bmatrix\b|TestMatrix|np_matrix|asmatrix", "np.matrix (a deprecated subclass)"),
    (r"(?i)masked|\bma\b|_ma_", "masked arrays (numpy.ma stays real numpy)"),
    (r"(?i)subclass|__array_wrap__|__array_finalize__|__array_priority__|__array_ufunc__|__array_function__",
     "ndarray subclasses and the __array_*__ override protocols"),
    (r"(?i)thread|parallel", "numpy's thread-safety tests (threads on one shared array)"),
)  # fmt: skip

#: numpy's private modules whose names the tests import: they stay real numpy (the
#: transpiler leaves their imports unchanged), though the frontend has a module of the
#: same path, since the names the tests take from them are numpy's internals.
STAYS_REAL: dict[str, str] = {
    "numpy._core.numerictypes": "obj2sctype and numpy's other private type helpers",
    "numpy.linalg._linalg": "_multi_dot_matrix_chain_order, numpy's private helper",
}


def provides(module: str) -> bool:
    """The transpiler's question, whether the frontends provide ``module``, with the
    modules of :data:`STAYS_REAL` answered no."""
    return module not in STAYS_REAL and frontend_provides(module)


_CONFTEST = '''\
"""Generated by tests.conformance.numpy_suite: deselections, per-test timeout, time budget
and a line of JSON per test outcome."""
import json
import os
import re
import signal
import time

import hypothesis
import pytest

hypothesis.settings.register_profile(
    "numpy_suite", deadline=None, database=None, derandomize=True,
    suppress_health_check=list(hypothesis.HealthCheck),
)
hypothesis.settings.load_profile("numpy_suite")
_SETTINGS = json.loads(open(os.environ["NUMPY_SUITE_SETTINGS"]).read())
_DESELECTED = [(re.compile(p), reason) for p, reason in _SETTINGS["deselected"]]
_DEADLINE = time.monotonic() + _SETTINGS["budget"]
_OUT = open(_SETTINGS["results"], "a", buffering=1)
_STATE = {}


class Timeout(Exception):
    """The test ran past the per-test timeout."""


def _write(**record):
    _OUT.write(json.dumps(record) + "\\n")


def pytest_configure(config):
    for marker in ("slow", "valgrind_error", "leaks_references", "slow_pypy",
                   "parallel_threads(n)", "iterations(n)", "thread_unsafe"):
        config.addinivalue_line("markers", marker)


def pytest_collection_modifyitems(config, items):
    kept, dropped = [], []
    done = set(_SETTINGS["done"])
    items[:] = [item for item in items if item.nodeid not in done]
    for item in items:
        reason = next((r for p, r in _DESELECTED if p.search(item.nodeid)), None)
        if reason is None:
            kept.append(item)
        else:
            dropped.append(item)
            _write(id=item.nodeid, outcome="deselected", detail=reason)
    for item in kept:
        _write(id=item.nodeid, outcome="collected")
    items[:] = kept
    if dropped:
        config.hook.pytest_deselected(items=dropped)


def pytest_collectreport(report):
    if report.failed:
        text = str(report.longrepr).strip().splitlines()
        _write(id=report.nodeid, outcome="collection_error", detail=(text[-1] if text else "")[:300])


def pytest_runtest_setup(item):
    _write(id=item.nodeid, outcome="started")
    if time.monotonic() > _DEADLINE:
        pytest.skip("numpy_suite: not run, time budget spent")


def _alarm(signum, frame):
    raise Timeout(f"ran past {_SETTINGS['timeout']} s")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, _SETTINGS["timeout"])
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    state = _STATE.setdefault(item.nodeid, {"outcome": None, "detail": ""})
    if hasattr(report, "wasxfail"):
        state["outcome"] = "xfail"
    elif report.failed and state["outcome"] != "failed":
        state["outcome"] = "failed"
        excinfo = call.excinfo
        if excinfo is not None:
            message = str(excinfo.value).strip().splitlines()
            state["detail"] = f"{excinfo.typename}: {message[0] if message else ''}"[:300]
        if report.when != "call":
            state["detail"] = f"[{report.when}] " + state["detail"]
    elif report.skipped and state["outcome"] is None:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else ""
        state["outcome"] = "not_run" if "numpy_suite: not run" in reason else "skipped"
        state["detail"] = reason[:300]
    elif report.passed and report.when == "call" and state["outcome"] is None:
        state["outcome"] = "passed"
    if report.when == "teardown":
        _STATE.pop(item.nodeid)
        _write(id=item.nodeid, outcome=state["outcome"] or "failed", detail=state["detail"])
'''


def _tree(directory: Path, backend: str, files: list[str]) -> None:
    """Copy ``files`` (paths inside numpy) under ``directory``, imports transpiled to
    ``backend``, with their test folders' ``data`` directories linked beside them."""
    for name in files:
        source = NUMPY_DIR / name
        target = directory / name
        target.parent.mkdir(parents=True, exist_ok=True)
        code = transpile_text(
            source.read_text(), backend, "numpy", filename=name, provides=provides
        ).code
        target.write_text(code)
        data = source.parent / "data"
        if data.is_dir() and not (target.parent / "data").exists():
            (target.parent / "data").symlink_to(data)


def _pytest(directory: Path, settings: dict[str, Any], targets: list[str], limit: float,
            extra: list[str]) -> None:  # fmt: skip
    settings_path = directory / "numpy_suite_settings.json"
    settings_path.write_text(json.dumps(settings))
    env = dict(os.environ)
    env.update(
        NUMPY_SUITE_SETTINGS=str(settings_path),
        PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]),
        OMP_NUM_THREADS="1",
        NUMPY_EXPERIMENTAL_DTYPE_API="1",
        NPY_AVAILABLE_MEM="4 GB",  # numpy's requires_memory tests skip above it
        PYTHONHASHSEED="0",
    )
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "-p", "no:randomly", "--import-mode=importlib", f"--rootdir={directory}",
               "-o", "addopts=", "-W", "ignore", "--continue-on-collection-errors", *extra, *targets]  # fmt: skip
    try:
        subprocess.run(command, cwd=directory, env=env, timeout=limit,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    except subprocess.TimeoutExpired:
        pass


def _read(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    lines = []
    for line in path.read_text().splitlines():
        try:
            lines.append(json.loads(line))
        except json.JSONDecodeError:  # the last line of a killed run
            pass
    return lines


def reference_counts(files: list[str], workdir: Path) -> dict[str, int]:
    """How many tests real numpy collects from each file (the count a file that does not
    import through the frontend is charged with), deselections applied."""
    directory = workdir / "reference"
    for name in files:
        target = directory / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(NUMPY_DIR / name, target)
    results = directory / "collected.jsonl"
    settings = {"deselected": DESELECTED, "budget": 1e9, "timeout": 60, "results": str(results),
                "done": []}  # fmt: skip
    (directory / "conftest.py").write_text(_CONFTEST)
    _pytest(directory, settings, files, 600, ["--collect-only"])
    counts: collections.Counter[str] = collections.Counter()
    for record in _read(results):
        if record["outcome"] == "collected":
            counts[record["id"].split("::", 1)[0]] += 1
    return dict(counts)


def run_backend(backend: str, files: list[str], workdir: Path, timeout: float, budget: float,
                ) -> list[dict[str, str]]:  # fmt: skip
    """Each test's outcome on ``backend``: ``passed``, ``failed`` (detail: the exception),
    ``skipped`` and ``xfail`` (numpy's own), ``not_run``, ``deselected`` (detail: the
    reason), ``collection_error`` (a file's)."""
    directory = workdir / backend
    _tree(directory, backend, files)
    (directory / "conftest.py").write_text(_CONFTEST)
    results = directory / "results.jsonl"
    start = time.monotonic()
    for _ in range(_RESTARTS):
        left = budget - (time.monotonic() - start)
        outcomes = _read(results)
        settings = {"deselected": DESELECTED, "budget": max(left, 0), "timeout": timeout,
                    "results": str(results), "done": sorted(_finished(outcomes))}  # fmt: skip
        _pytest(directory, settings, files, max(left, 0) + 4 * timeout + 120, [])
        outcomes = _read(results)
        crashed = _crashed(outcomes)
        if crashed is None or time.monotonic() - start > budget:
            break
        # the process died in this test (a crash, memory): it fails, the rest runs again
        with results.open("a") as file:
            file.write(json.dumps({"id": crashed, "outcome": "failed",
                                   "detail": "Crash: the test process died"}) + "\n")  # fmt: skip
    return [r for r in _read(results) if r["outcome"] != "started"]


_RESTARTS = 20
_FINAL = frozenset({"passed", "failed", "skipped", "xfail", "not_run", "deselected"})


def _finished(outcomes: list[dict[str, str]]) -> set[str]:
    return {r["id"] for r in outcomes if r["outcome"] in _FINAL}


def _crashed(outcomes: list[dict[str, str]]) -> str | None:
    """The test that was running when the process died, if it did."""
    finished = _finished(outcomes)
    started = [r["id"] for r in outcomes if r["outcome"] == "started"]
    return started[-1] if started and started[-1] not in finished else None


def failure_class(detail: str) -> str:
    """A failure's class: the exception type and its message with numbers, quoted names
    and shapes blanked, so that one cause counts once."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", detail.split("\n", 1)[0])
    text = re.sub(r"\(?-?\d[\d.,e+\- ]*\)?", "N", text)
    return text[:110]


def summarize(backend: str, outcomes: list[dict[str, str]], files: list[str],
              reference: dict[str, int]) -> list[dict[str, Any]]:  # fmt: skip
    """A record per file: status and counts."""
    per_file: dict[str, dict[str, Any]] = {
        name: {"passed": 0, "failed": 0, "deselected": 0, "skipped": 0, "not_run": 0,
               "classes": collections.Counter(), "collected": set(), "error": ""}
        for name in files
    }  # fmt: skip
    for record in outcomes:
        name = record["id"].split("::", 1)[0]
        if name not in per_file:
            continue
        counts = per_file[name]
        outcome = record["outcome"]
        if outcome == "collected":
            counts["collected"].add(record["id"])
        elif outcome == "collection_error":
            counts["error"] = record.get("detail", "")
        elif outcome in ("passed", "deselected", "not_run"):
            counts[outcome] += 1
        elif outcome in ("skipped", "xfail"):
            counts["skipped"] += 1
        else:
            counts["failed"] += 1
            counts["classes"][failure_class(record.get("detail", ""))] += 1
    records = []
    for name, counts in per_file.items():
        finished = counts["passed"] + counts["failed"] + counts["skipped"] + counts["not_run"]
        # collected but never reported: the run was cut short
        counts["not_run"] += max(0, len(counts["collected"]) - finished)
        if counts["error"] and not counts["collected"]:
            counts["failed"] = reference.get(name, 1)
            counts["classes"][f"collection error: {failure_class(counts['error'])}"] = counts[
                "failed"
            ]
        tested = counts["passed"] + counts["failed"]
        if tested and not counts["failed"]:
            status = "pass"
        elif not tested and counts["deselected"] and not counts["not_run"]:
            status = "unsupported"
        else:
            status = "fail"
        top = "; ".join(f"{n}x {c}" for c, n in counts["classes"].most_common(3))
        records.append(
            {
                "name": f"numpy/{name}",
                "backend": backend,
                "status": status,
                "detail": top,
                "passed": counts["passed"],
                "failed": counts["failed"],
                "deselected": counts["deselected"],
                "skipped": counts["skipped"],
                "not_run": counts["not_run"],
                "classes": dict(counts["classes"].most_common(10)),
            }
        )
    return records


def _rate(passed: int, failed: int) -> str:
    tested = passed + failed
    return f"{passed}/{tested} ({100 * passed / tested:.1f}%)" if tested else "-"


def totals(records: list[dict[str, Any]], backend: str) -> dict[str, int]:
    keys = ("passed", "failed", "deselected", "skipped", "not_run")
    return {k: sum(r[k] for r in records if r["backend"] == backend) for k in keys}


def _cell(text: str) -> str:
    """``text`` inside a markdown table's code span."""
    return text.replace("|", "\\|").replace("`", "'")


def render(records: list[dict[str, Any]], generated: str) -> str:
    """The suite's page: totals per backend, the per-file table, the deselections, the
    top failure classes per backend."""
    backends = [b for b in BACKENDS if any(r["backend"] == b for r in records)]
    files = list(dict.fromkeys(r["name"] for r in records))
    lines = [
        "# numpy's own test suite on the numpy frontend",
        "",
        f"`{COMMAND}` ({generated}). numpy {numpy.__version__}'s own test files, shipped",
        "inside numpy, with `numpy` rewritten to `frontends.numpy` by the project's",
        "transpiler, run by pytest on each backend. A file's rate is passed / (passed +",
        "failed): deselected tests (a left-out feature, table below), numpy's own skips and",
        "xfails, and tests not run within the time budget are left out of it. A test that",
        "runs past the per-test timeout fails. A file that does not import fails all the",
        "tests real numpy collects from it.",
        "",
        "Files chosen: those that test numpy's public functions (creation, manipulation,",
        "math and ufuncs, indexing, sets, linear algebra, FFT, the random Generator). Left",
        "out: the files of numpy's internals (C API, nditer, buffer protocol, memory policy,",
        "dtype machinery, SIMD dispatch, scalar printing) and of left-out features as a",
        "whole (long double, datetime, masked arrays, f2py, np.matrix).",
        "",
        "| backend | passed / tested | target | deselected | numpy's skips | not run |",
        "|---|---|---|---|---|---|",
    ]
    for backend in backends:
        t = totals(records, backend)
        lines.append(
            f"| {backend} | {_rate(t['passed'], t['failed'])} | {TARGETS[backend]:.0%} | "
            f"{t['deselected']} | {t['skipped']} | {t['not_run']} |"
        )
    lines += ["", "## Per file", "", "| file | " + " | ".join(backends) + " |"]
    lines.append("|---|" + "---|" * len(backends))
    by_key = {(r["name"], r["backend"]): r for r in records}
    for name in files:
        cells = []
        for backend in backends:
            r = by_key.get((name, backend))
            if r is None:
                cells.append("-")
                continue
            extra = [f"{r[k]} {label}" for k, label in
                     (("deselected", "desel."), ("not_run", "not run")) if r[k]]  # fmt: skip
            cells.append(
                _rate(r["passed"], r["failed"]) + (f" ({', '.join(extra)})" if extra else "")
            )
        lines.append(f"| `{name}` | " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Deselected: left-out features",
        "",
        f"{len(DESELECTED)} rules (regular expressions searched in the test id):",
        "",
        "| pattern | reason |",
        "|---|---|",
    ]
    for pattern, reason in DESELECTED:
        lines.append(f"| `{_cell(pattern)}` | {reason} |")
    for backend in backends:
        classes: collections.Counter[str] = collections.Counter()
        for r in records:
            if r["backend"] == backend:
                classes.update(r["classes"])
        lines += ["", f"## Top failure classes: {backend}", "", "| tests | class |", "|---|---|"]
        for text, n in classes.most_common(15):
            lines.append(f"| {n} | `{_cell(text)}` |")
    return "\n".join(lines) + "\n"


def write(new: list[dict[str, Any]]) -> None:
    """Update ``docs/conformance/numpy_suite.{json,md}`` with ``new`` records."""
    path = RESULTS / f"{SUITE}.json"
    old = json.loads(path.read_text())["records"] if path.exists() else []
    keys = {(r["name"], r["backend"]) for r in new}
    records = [r for r in old if (r["name"], r["backend"]) not in keys] + new
    order = {f"numpy/{name}": i for i, name in enumerate(FILES)}
    records.sort(key=lambda r: (BACKENDS.index(r["backend"]), order.get(r["name"], 1e9), r["name"]))
    generated = datetime.date.today().isoformat()
    suite = {
        "suite": SUITE,
        "framework": "numpy test suite",
        "command": COMMAND,
        "generated": generated,
        "per_file": True,
        "records": records,
    }
    path.write_text(json.dumps(suite, indent=1) + "\n")
    (RESULTS / f"{SUITE}.md").write_text(render(records, generated))


def run(backends: list[str], files: list[str], timeout: float, budget: float,
        workdir: Path | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """Run ``files`` on ``backends``; a record per file and backend."""
    with tempfile.TemporaryDirectory(prefix="numpy_suite_") as temporary:
        work = workdir or Path(temporary)
        outcomes = {}
        for backend in backends:
            start = time.monotonic()
            outcomes[backend] = run_backend(backend, files, work, timeout, budget)
            print(f"{backend}: ran in {time.monotonic() - start:.0f} s", flush=True)
        broken = sorted(
            {r["id"] for o in outcomes.values() for r in o if r["outcome"] == "collection_error"}
        )
        reference = reference_counts([f for f in files if f in broken], work) if broken else {}
        records = []
        for backend in backends:
            records += summarize(backend, outcomes[backend], files, reference)
            t = totals(records, backend)
            print(f"{backend}: {_rate(t['passed'], t['failed'])} passed, {t['not_run']} not run")
        return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=list(BACKENDS), choices=BACKENDS)
    parser.add_argument("--files", nargs="+", default=list(FILES), help="paths inside numpy")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per test")
    parser.add_argument("--budget", type=float, default=1800.0, help="seconds per backend")
    parser.add_argument(
        "--keep", type=Path, help="keep the run's files (and per-test outcomes) here"
    )
    args = parser.parse_args(argv)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    records = run(args.backends, args.files, args.timeout, args.budget, args.keep)
    write(records)
    print(f"updated {(RESULTS / SUITE).relative_to(ROOT)}.md and .json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
