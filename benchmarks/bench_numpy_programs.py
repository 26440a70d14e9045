"""Real numpy programs: classic machine learning written in numpy by others, ported with
``transpile``, each checked against real numpy and timed against it.

    python -m benchmarks.bench_numpy_programs                     # every program, full size
    python -m benchmarks.bench_numpy_programs --size tiny --programs nml_decision_tree
    python -m benchmarks.bench_numpy_programs --backends numpy jax --markdown out.md

The libraries are two packages of numpy code from the package registry, used unchanged:
``numpy-ml`` (``pip install numpy-ml``: trees, random forest, gradient boosting, GMM, HMM,
LDA, linear models, kNN, Gaussian processes, neural-net layers, DSP) and ``mlfromscratch``
0.0.4 (an sdist whose setup.py does not install; its tarball is fetched once into the
cache: AdaBoost, k-means, GMM, naive Bayes, kNN, PCA, LDA, MLP, perceptron, regression).
Each program is a short driver of this project's own writing in
``benchmarks/numpy_programs/`` that makes seeded synthetic data with numpy, fits and
predicts with one library algorithm, and prints its results and the wall and CPU seconds
the fitting took (data making, imports and interpreter start not included).

A numpy user ports such a library as the README says: ``transpile <package dir> --to
<backend> -o <out dir>``, and the driver likewise. Here the library trees and the drivers
are transpiled into the cache folder (``--cache``) on every run, then each program runs
in a process of its own per side: real numpy (the original library and driver) and each
backend (the transpiled ones first on ``PYTHONPATH``). A backend's run passes when every
value it printed equals real numpy's: integer and boolean arrays exactly, floats within
the driver's ``rtol``. ``vs real`` is its wall time over real numpy's; ``vs numpy bk``
(jax, tensorflow, torch) its wall time over the numpy backend's; ``cpu vs real`` the same
ratio of CPU times, which a machine loaded by other work disturbs less (jax's and
tensorflow's runtimes use threads of their own: their CPU time can exceed their wall
time). Every process gets ``OMP_NUM_THREADS=1``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.bench_user_level import BACKENDS, ROOT, _spawn

DRIVERS = ROOT / "benchmarks" / "numpy_programs"
PROGRAMS = tuple(sorted(path.stem for path in DRIVERS.glob("[!_]*.py")))
MLFROMSCRATCH = (
    "https://files.pythonhosted.org/packages/ef/5a/"
    "afce491a5b78ff0b0a375414c94c6d46c3aa6f49bddbe8e467374defef62/mlfromscratch-0.0.4.tar.gz"
)
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / (
    "frontends-numpy-programs"
)


# ---------------------------------------------------------------------------------------
# the libraries and their ports
# ---------------------------------------------------------------------------------------
def _numpy_ml() -> Path:
    """The installed numpy-ml package folder (found without importing it)."""
    spec = importlib.util.find_spec("numpy_ml")
    if spec is None:
        raise ModuleNotFoundError("numpy-ml is not installed: pip install numpy-ml")
    return Path(spec.submodule_search_locations[0])


def _mlfromscratch(cache: Path) -> Path:
    """mlfromscratch 0.0.4's package folder, fetched and unpacked into ``cache`` once."""
    folder = cache / "src" / "mlfromscratch-0.0.4" / "mlfromscratch"
    if not folder.is_dir():
        archive = cache / "src" / "mlfromscratch-0.0.4.tar.gz"
        archive.parent.mkdir(parents=True, exist_ok=True)
        if not archive.is_file():
            with urllib.request.urlopen(MLFROMSCRATCH, timeout=60) as response:
                archive.write_bytes(response.read())
        with tarfile.open(archive) as tar:
            tar.extractall(archive.parent, filter="data")
    return folder


def _libraries(programs: list[str], cache: Path) -> dict[str, Path]:
    """{package name: its folder} for the packages the chosen programs use."""
    libraries = {}
    if any(name.startswith("nml_") for name in programs):
        libraries["numpy_ml"] = _numpy_ml()
    if any(name.startswith("mfs_") for name in programs):
        libraries["mlfromscratch"] = _mlfromscratch(cache)
    return libraries


def _transpile(source: Path, backend: str, out: Path) -> None:
    """``transpile source --to backend -o out``, as a user runs it."""
    shutil.rmtree(out, ignore_errors=True)
    command = [sys.executable, "-m", "transpile", str(source), "--to", backend]
    done = subprocess.run(
        [*command, "-o", str(out), "-q"], capture_output=True, text=True, cwd=ROOT
    )
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}")


def _sides(backends: list[str], libraries: dict[str, Path], cache: Path) -> dict[str, Path]:
    """{side: the folder its drivers are in}, with each backend's port written into the
    cache; a side's ``PYTHONPATH`` is its folder's parent (the libraries beside it)."""
    folders = {"real": DRIVERS}
    for backend in backends:
        root = cache / backend
        for name, folder in libraries.items():
            _transpile(folder, backend, root / name)
        _transpile(DRIVERS, backend, root / "programs")
        folders[backend] = root / "programs"
    return folders


def _run(program: str, side: str, folder: Path, libraries: dict[str, Path], args: Any) -> Any:
    """The driver's RESULT (a dict) or the error text, in a process of its own."""
    if side == "real":
        paths = [str(path.parent) for path in libraries.values()]
    else:
        paths = [str(folder.parent), str(ROOT)]
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONWARNINGS="ignore")
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")])
    out, error = _spawn(
        [sys.executable, str(folder / f"{program}.py"), args.size], args.timeout, env=env
    )
    for line in out.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line.removeprefix("RESULT "))
    return error or "no RESULT line"


# ---------------------------------------------------------------------------------------
# checking and the table
# ---------------------------------------------------------------------------------------
def mismatch(got: dict[str, Any], expected: dict[str, Any]) -> str:
    """ "" when ``got``'s values equal real numpy's ``expected`` (integers and booleans
    exactly, floats within the driver's rtol), else what differs."""
    rtol = expected["rtol"]
    for name, want in expected["values"].items():
        have = got["values"].get(name)
        if have is None:
            return f"{name}: missing"
        if have["dtype"] != want["dtype"]:
            return f"{name}: dtype {have['dtype']}, numpy's {want['dtype']}"
        a, b = np.asarray(have["value"]), np.asarray(want["value"])
        if a.shape != b.shape:
            return f"{name}: shape {a.shape}, numpy's {b.shape}"
        if b.dtype.kind in "fc":
            close = np.isclose(a, b, rtol=rtol, atol=rtol * np.max(np.abs(b), initial=0))
            if not np.all(close | (np.isnan(a) & np.isnan(b))):
                worst = np.max(np.abs(a - b))
                return f"{name}: differs by up to {worst:.3g} (rtol {rtol:g})"
        elif not np.array_equal(a, b):
            return f"{name}: {int(np.sum(a != b))} of {b.size} differ"
    return ""


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One record per (program, side): name, backend, status, seconds, detail."""
    cache = args.cache
    libraries = _libraries(args.programs, cache)
    folders = _sides(args.backends, libraries, cache)
    records = []
    for program in args.programs:
        real = _run(program, "real", folders["real"], libraries, args)
        failed = isinstance(real, str)
        records.append(_record(program, "real numpy", real, "fail" if failed else "pass",
                               real if failed else ""))  # fmt: skip
        if failed:
            continue
        for backend in args.backends:
            got = _run(program, backend, folders[backend], libraries, args)
            detail = got if isinstance(got, str) else mismatch(got, real)
            records.append(_record(program, backend, got, "fail" if detail else "pass", detail))
            print(_row(records, program, backend), file=sys.stderr, flush=True)
    return records


def _record(name: str, backend: str, result: Any, status: str, detail: str) -> dict[str, Any]:
    timed = isinstance(result, dict)
    return {"name": name, "backend": backend, "status": status, "detail": detail,
            "seconds": result["seconds"] if timed else None,
            "cpu": result["cpu"] if timed else None}  # fmt: skip


def _row(records: list[dict[str, Any]], program: str, backend: str) -> str:
    mine = [r for r in records if r["name"] == program]
    record = next(r for r in mine if r["backend"] == backend)
    real = next(r for r in mine if r["backend"] == "real numpy")
    numpy_backend = next((r for r in mine if r["backend"] == "numpy"), None)
    if record is real:
        numpy_backend = None

    def ratio(key: str, base: dict[str, Any] | None) -> str:
        if base is None or base is record or not record[key] or not base[key]:
            return ""
        return f"{record[key] / base[key]:.2f}x"

    wall = "" if record["seconds"] is None else f"{record['seconds']:.3g} s"
    cpu = "" if record["cpu"] is None else f"{record['cpu']:.3g} s"
    cells = [program, backend, record["status"], wall, cpu, ratio("seconds", real),
             ratio("cpu", real), ratio("seconds", numpy_backend), record["detail"]]  # fmt: skip
    return "| " + " | ".join(cell.replace("|", "/") for cell in cells) + " |"


def markdown(records: list[dict[str, Any]]) -> str:
    lines = [
        "| program | on | status | fit time | cpu time | vs real | cpu vs real | vs numpy bk"
        " | detail |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    lines += [_row(records, r["name"], r["backend"]) for r in records]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", nargs="+", choices=PROGRAMS, default=list(PROGRAMS))
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    parser.add_argument("--size", choices=("full", "tiny"), default="full")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per process")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--markdown", type=Path, help="also write the table to this file")
    parser.add_argument("--json", type=Path, help="also write the records to this file")
    args = parser.parse_args(argv)
    records = run(args)
    table = markdown(records)
    print(table)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    command = "python -m benchmarks.bench_numpy_programs " + " ".join(argv or sys.argv[1:])
    if args.markdown:
        args.markdown.write_text(
            f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} with `{command}`"
            f" ({os.cpu_count()} cores, load average {load}).\n\n{table}\n"
        )
    if args.json:
        args.json.write_text(
            json.dumps({"command": command, "load": load, "records": records}, indent=1) + "\n"
        )
    failed = [r for r in records if r["status"] != "pass"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
