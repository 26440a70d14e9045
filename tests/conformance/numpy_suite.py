"""numpy's own test suite, shipped inside numpy, run on the numpy frontend, per file and backend.

    python -m tests.conformance.numpy_suite                            # every file and backend
    python -m tests.conformance.numpy_suite --backends numpy torch --files lib/tests/test_twodim_base.py
    python -m tests.conformance.numpy_suite --backends jax --budget 2400 --file-budget 100

Each chosen test file of the installed numpy (:data:`FILES`, paths inside the numpy
package) is copied to a temporary directory with its imports rewritten by the project's own
transpiler (:func:`transpile.transpile_text` with ``to=<backend>``), so that ``numpy`` is
``frontends.numpy`` and the backend line sets the backend. What stays real numpy is
decided in one place, the transpiler's: what the frontends do not provide
(``numpy.exceptions``, numpy's exception classes, which the frontend raises; the C test
helpers such as ``numpy._core._rational_tests``), and :data:`STAYS_REAL`;
:data:`REDIRECT` sends a private implementation module's public names to the frontend's
namespace. ``numpy.testing``'s assertions are ``frontends.numpy.testing``'s: numpy's own
assertions on host copies of the arrays. A test that calls numpy's own private code left
real (:func:`real_numpy_tests`) tests numpy, not the frontend: it is deselected.

pytest runs the copies in a subprocess per file and backend, with a generated
``conftest.py`` that drops the tests of :data:`DESELECTED` (features the frontend leaves
out, each with its reason), stops each test after ``--timeout`` seconds (a failure,
``Timeout``), skips what is left of a file after ``--file-budget`` seconds and of the
backend after ``--budget`` (recorded as *not run*), and writes each test's outcome as it
ends. A file whose collection takes over ``--collect-limit`` seconds (numpy's
module-level arrays: on jax a compilation per new shape) is stopped, its tests (those
real numpy collects) recorded as not run. A run that dies (a
crash, memory) is started again past the test that killed it, which fails. numpy's own
skips and xfails count neither way.

Writes ``docs/conformance/numpy_suite.{md,json}`` (a partial run updates its records): a
record per test file and backend, with the file's counts; the rate a file and a backend
get is passed / (passed + failed), deselected, skipped and not-run tests left out.
"""

from __future__ import annotations

import argparse
import ast
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

_LONG_DOUBLE = "long double: no backend has an 80/128-bit float; the frontend has no longdouble"
_STRUCTURED = "structured (record), subarray and void dtypes: no backend holds them (docs/numpy.md)"
_USER_DTYPES = "numpy's C test dtypes (rational ...): user-defined dtypes are numpy's C API"

#: Tests of features the frontend leaves out (``docs/numpy.md``), each rule with its
#: reason: ``("id", pattern)`` searched in the test's id (``file::Class::test[params]``)
#: deselects the test before it runs; ``("error", pattern)`` searched in a failed test's
#: error takes the failure out of the count when the error is the frontend's own refusal
#: of a left-out feature (a test looping over every dtype code meets ``longdouble``).
#: Both are shown in the report, with their counts, and counted neither as passes nor
#: as failures.
DESELECTED: tuple[tuple[str, str, str], ...] = (
    ("id", r"longdouble|clongdouble|float128|complex256|\[[gG]\]|-[gG]\]|\[[gG]-", _LONG_DOUBLE),
    ("error", r"dtype\('(float128|complex256)'\) is not supported by this numpy frontend", _LONG_DOUBLE),
    ("id", r"datetime|timedelta|\[[mM]8|[mM]8\]",
     "datetime64/timedelta64 arithmetic beyond the host-held arrays of frontends/base/host.py"),
    ("error", r"dtype\((dtype\()?(\[\(|'V|\('|\{)|\b[Vv]oid\b", _STRUCTURED),
    ("error", r"dtype\(rational\)", _USER_DTYPES),
    ("id", r"(?i)refcount|getrefcount|leak|_gc_|no_gc_cycles",
     "reference counts and garbage-collector cycles of numpy's C objects"),
    ("id", r"(?i)pickle|reduce_ex|__reduce__", "pickling of numpy's internal objects"),
    ("id", r"(?i)buffer|memoryview|__array_interface__|ctypes",
     "the buffer protocol, __array_interface__ and ctypes views of numpy's memory"),
    ("id", r"(?i)asmatrix|np_matrix|with_matrix|matrix_subclass|[\[-]matrix[\]-]",
     "np.matrix (a deprecated subclass)"),
    ("id", r"(?i)masked|\bma\b|_ma_", "masked arrays (numpy.ma stays real numpy)"),
    ("id", r"(?i)subclass|__array_wrap__|__array_finalize__|__array_priority__|__array_ufunc__|__array_function__|TestSpecialMethods",
     "ndarray subclasses and the __array_*__ override protocols"),
    ("id", r"(?i)thread|parallel", "numpy's thread-safety tests (threads on one shared array)"),
    ("id", r"[\[-]>[a-zA-Z]",
     "non-native byte order (`>f8`): backends hold native-order arrays, the frontend's dtypes are native"),
    ("id", r"(?i)memory_order|memory_layout",
     "memory layout (Fortran order, contiguity flags): a backend owns its array's layout; frontend arrays are C-ordered"),
    ("id", r"(?i)metadata", "dtype metadata (numpy's dtype objects carry a metadata dict; core dtypes do not)"),
)  # fmt: skip
_BY_ID = tuple((pattern, reason) for where, pattern, reason in DESELECTED if where == "id")
_BY_ERROR = tuple(
    (re.compile(pattern), reason) for where, pattern, reason in DESELECTED if where == "error"
)

#: numpy's private modules whose names the tests import: they stay real numpy (the
#: transpiler leaves their imports unchanged), though the frontend has a module of the
#: same path, since the names the tests take from them are numpy's internals.
STAYS_REAL: dict[str, str] = {
    "numpy._core.numerictypes": "obj2sctype and numpy's other private type helpers",
    "numpy.linalg._linalg": "_multi_dot_matrix_chain_order, numpy's private helper",
}


#: numpy's private implementation modules whose imported names are all public numpy
#: names: their imports go to the frontend's namespace (the transpiler's ``redirect``).
REDIRECT: dict[str, str] = {"numpy.lib._index_tricks_impl": "numpy"}
#: Real numpy private modules a test may use without testing numpy instead of the
#: frontend: exception classes (the frontend raises numpy's own), test decorators,
#: ``normalize_axis_tuple`` (which computes an expected shape) and ``obj2sctype`` (a type
#: from a type code).
NEUTRAL = frozenset(
    {"numpy.exceptions", "numpy.testing._private.utils", "numpy._core.numeric",
     "numpy._core.numerictypes"}
)  # fmt: skip
#: The reason of the tests deselected by :func:`real_numpy_tests`.
PRIVATE_REASON = "calls numpy's own private code, which the transpiler leaves real: tests numpy, not the frontend"


def real_numpy_tests(source: str, unchanged: set[int]) -> dict[str, str]:
    """The tests of a file that use a private name (or a name from a private module) bound
    by one of its imports the transpiler left real (at the lines ``unchanged``;
    :data:`NEUTRAL` modules aside), directly, through
    a module-level helper or an inherited method: a pattern of their ids -> the names.
    Such a test runs numpy's private helpers (``_lerp``, ``_nan_mask``, the ``rational``
    test dtype, ``numpy.polynomial``) where the frontend has none, and passes or fails by
    real numpy."""
    tree = ast.parse(source)
    real: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and node.lineno in unchanged:
            module = node.module if isinstance(node, ast.ImportFrom) else None
            if module in NEUTRAL:
                continue
            for alias in node.names:
                path = f"{module}.{alias.name}" if module else alias.name
                if "._" in path or path.startswith("_"):  # numpy's private code
                    real.add(alias.asname or alias.name.split(".", 1)[0])

    def uses(node: ast.AST) -> set[str]:
        return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id in real}

    changed = True
    while changed:  # module-level helpers that use a real name are real names too
        changed = False
        for node in tree.body:
            if (
                isinstance(node, ast.FunctionDef | ast.ClassDef)
                and not node.name.startswith(("test", "Test"))
                and node.name not in real
                and uses(node)
            ):
                real.add(node.name)
                changed = True
    found: dict[str, str] = {}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}

    def methods(cls: ast.ClassDef) -> dict[str, ast.AST]:
        inherited: dict[str, ast.AST] = {}
        for base in cls.bases:
            if isinstance(base, ast.Name) and base.id in classes:
                inherited.update(methods(classes[base.id]))
        inherited.update(
            {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
        )
        return inherited

    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            names = uses(node)
            if names:
                found[rf"::{node.name}(\[|$)"] = ", ".join(sorted(names))
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            outside = set().union(
                *(uses(n) for n in node.body if not isinstance(n, ast.FunctionDef)),
                *(uses(d) for d in node.decorator_list),
            )
            for name, method in methods(node).items():
                names = outside | uses(method) if name.startswith("test") else set()
                if names:
                    found[rf"::{node.name}::{name}(\[|$)"] = ", ".join(sorted(names))
    return found


def provides(module: str) -> bool:
    """The transpiler's question, whether the frontends provide ``module``, with the
    modules of :data:`STAYS_REAL` answered no."""
    return module not in STAYS_REAL and frontend_provides(module)


_CONFTEST = '''\
"""Generated by tests.conformance.numpy_suite: deselections, per-test timeout, time budget
and a line of JSON per test outcome."""
import json
import os
import random  # the standard library's, before pytest names the test tree's random/ folder
import re
import signal
import time

import hypothesis
import numpy.random  # real numpy's, which imports the standard library's random
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


_FILE_STARTS = {}


def pytest_runtest_setup(item):
    _write(id=item.nodeid, outcome="started")
    now = time.monotonic()
    started = _FILE_STARTS.setdefault(item.nodeid.split("::", 1)[0], now)
    if now > _DEADLINE or now - started > _SETTINGS["file_budget"]:
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


def _transpiled(name: str, backend: str) -> Any:
    return transpile_text(
        (NUMPY_DIR / name).read_text(), backend, "numpy", filename=name,
        provides=provides, redirect=REDIRECT,
    )  # fmt: skip


def deselections(files: list[str]) -> list[tuple[str, str]]:
    """The id rules of :data:`DESELECTED`, then a pattern per test of ``files`` that runs real numpy's
    private code (:func:`real_numpy_tests`)."""
    rules = list(_BY_ID)
    for name in files:
        result = _transpiled(name, "numpy")
        found = real_numpy_tests(
            (NUMPY_DIR / name).read_text(), {d.line for d in result.diagnostics}
        )
        for pattern, names in found.items():
            rules.append((re.escape(_local(name)) + pattern, f"{PRIVATE_REASON} ({names})"))
    return rules


#: Test folders copied under another name: pytest's importlib mode imports a copied top
#: folder named like a standard-library module (numpy's ``random/``) as that module, and
#: the next ``from random import choices`` fails (a run of that file alone met it).
_RENAMED = {"random/": "numpy_random/"}


def _local(path: str) -> str:
    """A path or test id inside numpy as the copied tree names it."""
    for original, local in _RENAMED.items():
        if path.startswith(original):
            return local + path[len(original) :]
    return path


def _original(path: str) -> str:
    """A copied tree's path or test id as the path inside numpy."""
    for original, local in _RENAMED.items():
        if path.startswith(local):
            return original + path[len(local) :]
    return path


def _tree(directory: Path, backend: str, files: list[str]) -> None:
    """Copy ``files`` (paths inside numpy) under ``directory``, imports transpiled to
    ``backend``, with their test folders' ``data`` directories linked beside them."""
    for name in files:
        source = NUMPY_DIR / name
        target = directory / _local(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_transpiled(name, backend).code)
        data = source.parent / "data"
        if data.is_dir() and not (target.parent / "data").exists():
            (target.parent / "data").symlink_to(data)


def _pytest(directory: Path, settings: dict[str, Any], targets: list[str], limit: float,
            extra: list[str]) -> bool:  # fmt: skip
    """Run pytest on ``targets``; whether it was stopped at ``limit`` seconds."""
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
        # on jax, one compilation per new shape: the per-file processes share them
        JAX_COMPILATION_CACHE_DIR=str(directory.parent / "jax_cache"),
        JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0",
        JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES="0",
    )
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "-p", "no:randomly", "--import-mode=importlib", f"--rootdir={directory}",
               "-o", "addopts=", "-W", "ignore", "--continue-on-collection-errors", *extra, *targets]  # fmt: skip
    try:
        subprocess.run(command, cwd=directory, env=env, timeout=limit,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    except subprocess.TimeoutExpired:
        return True
    return False


def _read(path: Path) -> list[dict[str, str]]:
    """The records of a results file, their ids paths inside numpy (:func:`_original`)."""
    if not path.exists():
        return []
    lines = []
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:  # the last line of a killed run
            continue
        lines.append({**record, "id": _original(record["id"])})
    return lines


def reference_ids(files: list[str], workdir: Path) -> list[str]:
    """The ids of the tests real numpy collects from ``files``, deselections applied: what
    a file or class that does not import through the frontend is charged with."""
    directory = workdir / "reference"
    for name in files:
        target = directory / _local(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(NUMPY_DIR / name, target)
    results = directory / "collected.jsonl"
    settings = {"deselected": deselections(files), "budget": 1e9, "timeout": 60,
                "file_budget": 1e9, "results": str(results), "done": []}  # fmt: skip
    (directory / "conftest.py").write_text(_CONFTEST)
    _pytest(directory, settings, [_local(f) for f in files], 600, ["--collect-only"])
    return [r["id"] for r in _read(results) if r["outcome"] == "collected"]


def run_backend(backend: str, files: list[str], workdir: Path, timeout: float, budget: float,
                file_budget: float | None = None, collect_limit: float = 300.0,
                ) -> list[dict[str, str]]:  # fmt: skip
    """Each test's outcome on ``backend``: ``passed``, ``failed`` (detail: the exception),
    ``skipped`` and ``xfail`` (numpy's own), ``not_run``, ``deselected`` (detail: the
    reason), ``collection_error`` (a file's). A pytest process per file: a file's
    collection (numpy's module-level arrays, on jax one compilation per new shape) takes
    at most ``collect_limit`` seconds of its own, then its tests at most ``file_budget``;
    a file not collected in time, or left when the backend's ``budget`` is spent, has
    no outcomes (:func:`collect` counts its tests as not run)."""
    directory = workdir / backend
    _tree(directory, backend, files)
    (directory / "conftest.py").write_text(_CONFTEST)
    results = directory / "results.jsonl"
    rules = deselections(files)
    start = time.monotonic()
    for name in files:
        left = budget - (time.monotonic() - start)
        if left <= 0:
            break
        began = time.monotonic()
        limit = min(left, (file_budget or budget) + collect_limit)
        for _ in range(_RESTARTS):
            remaining = limit - (time.monotonic() - began)
            if remaining <= 0:
                break
            settings = {"deselected": rules, "budget": remaining, "timeout": timeout,
                        "file_budget": file_budget or budget, "results": str(results),
                        "done": sorted(_local(i) for i in _finished(_read(results)))}  # fmt: skip
            stopped = _pytest(directory, settings, [_local(name)], remaining + 2 * timeout + 30, [])
            crashed = _crashed(_read(results))
            if crashed is None:
                break
            # the process died in this test (a crash, memory) or ignored the per-test alarm
            # until it was stopped: the test fails, the rest of the file runs again
            detail = "Timeout: the test process was stopped" if stopped else "Crash: the test process died"  # fmt: skip
            with results.open("a") as file:
                file.write(json.dumps({"id": crashed, "outcome": "failed", "detail": detail}) + "\n")  # fmt: skip
            if stopped:
                break
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
              reference: list[str]) -> list[dict[str, Any]]:  # fmt: skip
    """A record per file: status and counts. A file or class that did not collect fails
    each test real numpy collects in it (``reference``: their ids; one if unknown); a
    file that was not collected (in time, or at all: the budget was spent) has each of
    those tests not run."""
    per_file: dict[str, dict[str, Any]] = {
        name: {"passed": 0, "failed": 0, "deselected": 0, "skipped": 0, "not_run": 0,
               "classes": collections.Counter(), "collected": set(), "errors": {}, "refused": 0,
               "reasons": collections.Counter()}
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
            counts["errors"][record["id"]] = record.get("detail", "")
        elif outcome in ("passed", "deselected", "not_run"):
            counts[outcome] += 1
            if outcome == "deselected":
                reason = record.get("detail", "")
                counts["reasons"][
                    PRIVATE_REASON if reason.startswith(PRIVATE_REASON) else reason
                ] += 1
        elif outcome in ("skipped", "xfail"):
            counts["skipped"] += 1
        else:
            detail = record.get("detail", "")
            reason = next((r for p, r in _BY_ERROR if p.search(detail)), None)
            if reason is not None:  # the frontend's refusal of a left-out feature
                counts["deselected"] += 1
                counts["refused"] += 1
                counts["reasons"][reason] += 1
                continue
            counts["failed"] += 1
            counts["classes"][failure_class(detail)] += 1
    records = []
    for name, counts in per_file.items():
        if name not in _collected(outcomes):
            counts["not_run"] += sum(1 for i in reference if i.startswith(name + "::"))
        finished = sum(counts[k] for k in ("passed", "failed", "skipped", "not_run", "refused"))
        # collected but never reported: the run was cut short
        counts["not_run"] += max(0, len(counts["collected"]) - finished)
        for where, error in counts["errors"].items():
            charged = sum(1 for i in reference if i == where or i.startswith(where + "::")) or 1
            reason = next((r for p, r in _BY_ERROR if p.search(error)), None)
            if reason is not None:  # a class parametrized with a left-out dtype
                counts["deselected"] += charged
                counts["reasons"][reason] += charged
                continue
            counts["failed"] += charged
            counts["classes"][f"collection error: {failure_class(error)}"] += charged
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
                "deselected_by": dict(counts["reasons"]),
            }
        )
    return records


def _collected(outcomes: list[dict[str, str]]) -> set[str]:
    """The files whose collection ended (tests listed, deselected, or an error)."""
    return {
        r["id"].split("::", 1)[0]
        for r in outcomes
        if r["outcome"] in ("collected", "deselected", "collection_error")
    }


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
        "tests real numpy collects from it; one whose collection runs past the collection",
        "limit (each file runs in its own pytest process) has them not run.",
        "",
        "Files chosen: those that test numpy's public functions (creation, manipulation,",
        "math and ufuncs, indexing, sets, linear algebra, FFT, the random Generator). Left",
        "out: the files of numpy's internals (C API, nditer, buffer protocol, memory policy,",
        "dtype machinery, SIMD dispatch, scalar printing) and of left-out features as a",
        "whole (long double, datetime, masked arrays, f2py, np.matrix).",
        "",
        "| backend | passed / tested | target | deselected | numpy's skips | not run | run (wall time; limits) |",
        "|---|---|---|---|---|---|---|",
    ]
    for backend in backends:
        t = totals(records, backend)
        runs = sorted({r.get("run", "?") for r in records if r["backend"] == backend})
        lines.append(
            f"| {backend} | {_rate(t['passed'], t['failed'])} | {TARGETS[backend]:.0%} | "
            f"{t['deselected']} | {t['skipped']} | {t['not_run']} | {'; '.join(runs)} |"
        )
    missing = [b for b in BACKENDS if b not in backends]
    if missing:
        lines += [
            "",
            f"No records for {', '.join(missing)}: not run to the end in the recorded sweeps "
            f"(`{COMMAND} --backends {' '.join(missing)}` runs them).",
        ]
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
    numpy_records = [r for r in records if r["backend"] == backends[0]]
    reasons: collections.Counter[str] = collections.Counter()
    for r in numpy_records:
        reasons.update(r.get("deselected_by", {}))
    private = sorted({m for p, m in deselections([n.removeprefix("numpy/") for n in files])
                      if m.startswith(PRIVATE_REASON)})  # fmt: skip
    lines += [
        "",
        "## Deselected: left-out features",
        "",
        f"{len(DESELECTED) + 1} rules: regular expressions searched in the test id (`id:`,",
        "the test does not run) or in a failed test's error (`error:`, the failure is the",
        "frontend's own refusal of the feature: a test that loops over every dtype code",
        "meets `longdouble`), and the tests that call numpy's own private code which the",
        "transpiler leaves real (found in the test's source: a private name imported from",
        "numpy, used by the test or a helper it calls). Tests counted on the",
        f"{backends[0]} backend.",
        "",
        "| rule | reason | tests |",
        "|---|---|---|",
    ]
    first = {}
    for where, _, reason in DESELECTED:
        first.setdefault(reason, (where, reason))
    for where, pattern, reason in DESELECTED:
        count = reasons.get(reason, 0) if (where, reason) == first[reason] else "(above)"
        lines.append(f"| {where}: `{_cell(pattern)}` | {reason} | {count} |")
    names = sorted({n for m in private for n in m[len(PRIVATE_REASON) + 2 : -1].split(", ")})
    lines.append(
        f"| uses {', '.join(f'`{n}`' for n in names)} | {PRIVATE_REASON} | "
        f"{reasons.get(PRIVATE_REASON, 0)} |"
    )
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
        workdir: Path | None = None, file_budget: float | None = None,
        collect_limit: float = 300.0) -> list[dict[str, Any]]:  # fmt: skip
    """Run ``files`` on ``backends``; a record per file and backend."""
    with tempfile.TemporaryDirectory(prefix="numpy_suite_") as temporary:
        work = workdir or Path(temporary)
        for backend in backends:
            start = time.monotonic()
            run_backend(backend, files, work, timeout, budget, file_budget, collect_limit)
            seconds = time.monotonic() - start
            print(f"{backend}: ran in {seconds:.0f} s", flush=True)
            (work / backend / "run.txt").write_text(
                f"{seconds:.0f} s; per test {timeout:g} s, per backend {budget:g} s"
                + (f", per file {file_budget:g} s" if file_budget else "")
                + f", collection {collect_limit:g} s a file"
            )
        return collect(backends, files, work)


def collect(backends: list[str], files: list[str], work: Path) -> list[dict[str, Any]]:
    """The records of the runs kept under ``work`` (``<backend>/results.jsonl`` and
    ``run.txt``, as :func:`run` leaves them)."""
    outcomes, runs = {}, {}
    for backend in backends:
        outcomes[backend] = [
            r for r in _read(work / backend / "results.jsonl") if r["outcome"] != "started"
        ]
        run_file = work / backend / "run.txt"
        runs[backend] = run_file.read_text() if run_file.exists() else "?"
    broken = {
        r["id"].split("::", 1)[0]
        for o in outcomes.values()
        for r in o
        if r["outcome"] == "collection_error"
    }
    broken |= {f for o in outcomes.values() for f in files if f not in _collected(o)}
    reference = reference_ids([f for f in files if f in broken], work) if broken else []
    records = []
    for backend in backends:
        for record in summarize(backend, outcomes[backend], files, reference):
            records.append({**record, "run": runs[backend]})
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
        "--file-budget", type=float, help="seconds per test file (default: the backend's budget)"
    )
    parser.add_argument(
        "--collect-limit",
        type=float,
        default=300.0,
        help="seconds a file's collection may take (its tests: not run past it)",
    )
    parser.add_argument(
        "--keep", type=Path, help="keep the run's files (and per-test outcomes) here"
    )
    parser.add_argument(
        "--collect", type=Path, help="write the records of a run kept in this folder (no run)"
    )
    args = parser.parse_args(argv)
    if args.collect:
        records = collect(args.backends, args.files, args.collect)
    else:
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
        records = run(
            args.backends, args.files, args.timeout, args.budget, args.keep, args.file_budget,
            args.collect_limit,
        )  # fmt: skip
    write(records)
    print(f"updated {(RESULTS / SUITE).relative_to(ROOT)}.md and .json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
