"""JAX's own test records, run through real JAX and the jax frontend on each backend.

    python -m tests.conformance.jax_records                       # every backend
    python -m tests.conformance.jax_records --backends numpy --names add sum
    python -m tests.conformance.jax_records --backends torch --namespaces lax jr

The material is the record tables of JAX's test suite (not shipped in the wheel; read
from github.com/jax-ml/jax, see :mod:`tests.conformance.jax_record_tables`): the op
records of ``tests/lax_numpy_operators_test.py``, the reducer and arg-min/max records
of ``tests/lax_numpy_reducers_test.py`` / ``lax_numpy_test.py``, ``lax_ops()`` and the
reduce records of ``lax_test_util`` (used by ``tests/lax_test.py``), and the parameters
of the per-function tests of ``lax_numpy_test.py``, ``lax_test.py`` and
``random_test.py``. Each record names a function, its number of arguments, a dtype
class, a shape class and an input kind (``rand_default``, ``rand_positive``,
``rand_some_nan`` ...) and a tolerance. From each record a bounded sample of cases is
drawn (a few shapes of the class and, per dtype class, its main dtype and one rotating
other, inputs from a numpy RNG seeded by the case), then run through real JAX (x64 off,
in a subprocess: the core jax backend turns x64 on in this process) and through the
frontend on each backend. A case passes when the dtype, weak type, shape and values
(within the record's tolerance, at least :data:`DEFAULT_TOL`) agree, or when both raise
the same exception class (the frontend's error may subclass JAX's). A name passes on a
backend when all its cases pass; *unsupported* when the only differences are the
frontend's declared ``UnsupportedDtypeError``; *fail* otherwise (the first difference is
the detail). A name real JAX has and the frontend lacks fails ("missing"). Results go to
``docs/conformance/jax_records.{md,json}``.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
import warnings
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy

from tests.conformance import jax_record_tables as tables
from tests.conformance.report import status_table

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
SUITE = "jax_records"
COMMAND = "python -m tests.conformance.jax_records"
_RANK = {"fail": 0, "unsupported": 1, "pass": 2}
_DETAIL = 300
# the least tolerance (relative and absolute) per result dtype: the backends' kernels
# differ from XLA's by an ulp or a few (JAX's own defaults are 1e-6 for float32)
DEFAULT_TOL = {"float16": 2e-3, "bfloat16": 2e-2, "float32": 2e-5, "complex64": 2e-5}
# the jax backend checks every JAX_STRIDE-th case of each name (each op compiles eagerly
# there: the whole sample would take half an hour on a small machine)
JAX_STRIDE = 4
PREFIX = {"jnp": "jax.numpy.", "lax": "jax.lax.", "jr": "jax.random.", "array": "jax.Array."}


# ----------------------------------------------------------------------------- inputs


def _ml_dtype(name: str) -> numpy.dtype:
    if name == "bfloat16":
        import ml_dtypes

        return numpy.dtype(ml_dtypes.bfloat16)
    return numpy.dtype(name)


def make_input(rng: numpy.random.Generator, kind: str, shape: Any, dtype: str) -> Any:
    """One argument: ``shape`` (``"py"`` for a Python scalar) of ``dtype`` drawn as
    JAX's ``rand_<kind>`` draws it (the same distributions, our own generator)."""
    dims = () if shape == "py" else shape
    np_dtype = _ml_dtype(dtype)
    kind_char = np_dtype.kind if dtype != "bfloat16" else "f"
    if kind == "bool" or kind_char == "b":
        values = rng.random(dims) < 0.5
    elif kind == "fullrange" and kind_char in "iu":
        info = numpy.iinfo(np_dtype)
        values = rng.integers(info.min, info.max, size=dims, endpoint=True, dtype=np_dtype)
    elif kind.startswith("int"):  # int<high>: integers in [0, high)
        values = rng.integers(0, int(kind[3:]), size=dims)
    elif kind.startswith("uniform"):  # uniform<low>_<high>
        low, high = (float(v) for v in kind[7:].split("_"))
        values = rng.uniform(low, high, size=dims)
    else:
        scale = {"small": 1e-3, "small_positive": 2e-3}.get(kind, 3.0)
        values = rng.standard_normal(dims) * scale
        if kind_char == "c":
            values = values + 1j * rng.standard_normal(dims) * scale
        if kind in ("positive", "small_positive"):
            values = numpy.abs(values) + (0.1 if kind == "positive" else 1e-4)
        elif kind == "not_small":
            values = numpy.sign(values) * (numpy.abs(values) + 2)
        if kind_char in "iu":
            values = numpy.round(values)
            if kind_char == "u":
                values = numpy.abs(values)
        if kind in ("nonzero", "positive", "not_small"):
            values = numpy.where(values == 0, 1, values)
        specials = {
            "some_nan": [numpy.nan],
            "some_inf": [numpy.inf, -numpy.inf],
            "some_inf_and_nan": [numpy.inf, -numpy.inf, numpy.nan],
            "some_zero": [0],
        }.get(kind)
        if kind == "some_equal" and numpy.size(values) > 1:
            flat = numpy.array(values).reshape(-1)
            flat[1::2] = flat[0]
            values = flat.reshape(dims)
        if specials is not None:
            if kind_char in "iub" and kind != "some_zero":
                specials = None
            if specials is not None:
                mask = rng.random(dims) < 0.25
                values = numpy.where(mask, rng.choice(numpy.array(specials), size=dims), values)
    array = numpy.asarray(values).astype(np_dtype)
    if shape != "py":
        return array
    python = {"b": bool, "i": int, "u": int, "f": float, "c": complex}[kind_char]
    return python(array.item())


# ----------------------------------------------------------------------------- cases


def build_cases(
    names: Iterable[str] | None = None, namespaces: Iterable[str] | None = None
) -> list[dict[str, Any]]:
    """Every case of every record (or of the public names in ``names``, of the
    namespaces in ``namespaces``: ``jnp``, ``lax``, ``jr``, ``array``): ``{"key",
    "name", "expr", "args", "tol"}``; ``args`` are numpy arrays and Python scalars."""
    wanted = set(names) if names else None
    cases: dict[str, dict[str, Any]] = {}
    for index, record in enumerate(tables.all_records()):
        if namespaces and record.namespace not in namespaces:
            continue
        name = PREFIX[record.namespace] + record.public
        if wanted is not None and name not in wanted and record.public not in wanted:
            continue
        for expr, specs, dtypes in tables.expand(record, index):
            key = f"{expr}|{specs}|{dtypes}"
            if key in cases:
                continue
            rng = numpy.random.default_rng(zlib.crc32(key.encode()))
            args = [make_input(rng, kind, shape, dtype) for shape, dtype, kind in specs]
            tol = max(
                [tables.tolerance(record.tol, d) for d in dtypes]
                + [DEFAULT_TOL.get(d, 0.0) for d in dtypes]
                + [0.0]
            )
            cases[key] = {"key": key, "name": name, "expr": expr, "args": args, "tol": tol}
    return list(cases.values())


# ----------------------------------------------------------------------------- evaluation


def describe(result: Any, array_type: type) -> Any:
    """What is compared: ``("array", dtype, weak, shape, values)``, ``("value", v)``, or
    a list of those for a tuple/list result."""
    if isinstance(result, (tuple, list)):
        return [describe(item, array_type) for item in result]
    if isinstance(result, array_type):
        return (
            "array",
            str(result.dtype),
            bool(getattr(result, "weak_type", False)),
            tuple(result.shape),
            numpy.asarray(result),
        )
    if isinstance(result, numpy.ndarray):
        return ("ndarray", str(result.dtype), False, result.shape, result)
    return ("value", result)


def evaluate(cases: list[dict[str, Any]], env: dict[str, Any]) -> dict[str, Any]:
    """key -> described result (or ``("error", class names of the MRO, message)``) of
    each case's expression, its arguments ``A`` turned into arrays by ``env["asarray"]``."""
    out: dict[str, Any] = {}
    array_type, asarray = env["Array"], env["asarray"]
    for case in cases:
        args = [asarray(a) if isinstance(a, numpy.ndarray) else a for a in case["args"]]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out[case["key"]] = describe(eval(case["expr"], {**env, "A": args}), array_type)
        except Exception as error:  # compared with the other side's class
            names = [cls.__name__ for cls in type(error).__mro__]
            out[case["key"]] = ("error", names, " ".join(str(error).split())[:150])
    return out


_ORACLE = """
import operator, pickle, sys
sys.path.insert(0, {root!r})
from jax import lax
from tests.conformance.jax_records import evaluate
with open({path!r}, "rb") as f:
    cases = pickle.load(f)
env = {{"jnp": jnp, "lax": lax, "jr": jr, "np": np, "operator": operator,
        "Array": jax.Array, "asarray": jnp.asarray}}
result = evaluate(cases, env)
"""
_CHUNK = 1500  # cases per oracle subprocess (each well under its 300 s limit)


def expected(cases: list[dict[str, Any]]) -> dict[str, Any]:
    """Real JAX's described results (x64 off, in subprocesses; cached on disk by the
    cases' content)."""
    from tests.frontends.jax.oracle import real_jax

    results: dict[str, Any] = {}
    chunks = [cases[start : start + _CHUNK] for start in range(0, len(cases), _CHUNK)]
    while chunks:
        chunk = chunks.pop(0)
        blob = pickle.dumps(chunk)
        digest = hashlib.sha256(blob).hexdigest()[:24]
        path = os.path.join(tempfile.gettempdir(), f"jax-records-{digest}.pkl")
        if not os.path.exists(path):
            with open(path + ".tmp", "wb") as f:
                f.write(blob)
            os.replace(path + ".tmp", path)
        try:
            if os.path.exists(path + ".split"):
                raise subprocess.TimeoutExpired("real JAX", 0)
            results.update(real_jax(_ORACLE.format(root=str(ROOT), path=path)))
        except subprocess.TimeoutExpired:  # a slow machine: the halves, one at a time
            Path(path + ".split").touch()  # and so again next time (their cache)
            half = len(chunk) // 2
            chunks[:0] = [chunk[:half], chunk[half:]]
    return results


def frontend_env() -> dict[str, Any]:
    import operator

    from frontends.jax import lax
    from frontends.jax import numpy as jnp
    from frontends.jax import random as jr
    from frontends.jax._src.array import Array

    return {"jnp": jnp, "lax": lax, "jr": jr, "np": numpy, "operator": operator,
            "Array": Array, "asarray": jnp.asarray}  # fmt: skip


def _as_float(values: numpy.ndarray) -> numpy.ndarray:
    return values.astype(numpy.complex128 if values.dtype.kind == "c" else numpy.float64)


def compare(got: Any, want: Any, tol: float) -> tuple[str, str]:
    """``("pass", "")``, ``("unsupported", reason)`` or ``("fail", why)`` for one case."""
    if not isinstance(want, list) and want[0] == "error":
        if not isinstance(got, list) and got[0] == "error":
            if want[1][0] in got[1]:
                return "pass", ""
            return "fail", f"JAX raises {want[1][0]}, the frontend {got[1][0]}: {got[2]}"
        return "fail", f"JAX raises {want[1][0]} ({want[2]}), the frontend returns"
    if not isinstance(got, list) and got[0] == "error":
        if "UnsupportedDtypeError" in got[1]:
            return "unsupported", got[2]
        return "fail", f"{got[1][0]}: {got[2]}"
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return "fail", "a different structure of results"
        for g, w in zip(got, want):
            status, why = compare(g, w, tol)
            if status != "pass":
                return status, why
        return "pass", ""
    if isinstance(got, list) or got[0] != want[0]:
        return "fail", f"a {_kind(got)} where JAX gives a {_kind(want)}"
    if want[0] == "value":
        w, g = want[1], got[1]
        if isinstance(w, float) and isinstance(g, float):
            same = numpy.isclose(g, w, rtol=max(tol, 1e-6), equal_nan=True)
        else:
            same = type(g) is type(w) and g == w
        return ("pass", "") if same else ("fail", f"{g!r} != JAX's {w!r}")
    _, dtype, weak, shape, values = want
    if (got[1], got[2], got[3]) != (dtype, weak, shape):
        return "fail", f"(dtype, weak, shape) {got[1:4]} != JAX's {(dtype, weak, shape)}"
    tol = (
        max(tol, DEFAULT_TOL.get(dtype, 0.0))
        if values.dtype.kind in "fcV" or dtype in ("bfloat16",)
        else 0.0
    )
    g, w = _as_float(numpy.asarray(got[4])), _as_float(numpy.asarray(values))
    if not numpy.allclose(g, w, rtol=tol, atol=tol, equal_nan=True):
        diff = numpy.argwhere(~numpy.isclose(g, w, rtol=tol, atol=tol, equal_nan=True))
        where = tuple(int(i) for i in diff[0]) if diff.size else ()
        return "fail", (
            f"values differ ({len(diff)} of {w.size}; at {where}: {g[where]!r} != JAX's "
            f"{w[where]!r}; tol {tol:g})"
        )
    return "pass", ""


def _kind(described: Any) -> str:
    return "tuple" if isinstance(described, list) else described[0]


def missing_names(names: Iterable[str]) -> set[str]:
    """The public names the frontend does not have."""
    env = frontend_env()
    lacking = set()
    for name in names:
        prefix = next(k for k, v in PREFIX.items() if name.startswith(v))
        if prefix == "array":
            continue
        if not hasattr(env[prefix], name[len(PREFIX[prefix]) :]):
            lacking.add(name)
    return lacking


def run(
    backends: Iterable[str],
    names: Iterable[str] | None = None,
    done: Callable[[list[dict]], None] | None = None,
    strides: dict[str, int] | None = None,
    namespaces: Iterable[str] | None = None,
) -> list[dict]:
    """Records (name, backend, status, detail) for every name of the tables (or those in
    ``names``) on each backend; ``done`` gets each backend's records as they are in.
    ``strides``: a backend that checks only every n-th case of each name (the jax backend
    compiles each op eagerly, a fraction of a second per new shape and dtype).
    ``namespaces``: only those namespaces' names (``jnp``, ``lax``, ``jr``, ``array``)."""
    import core

    cases = build_cases(names, namespaces)
    start = time.time()
    want = expected(cases)
    print(f"{len(cases)} cases; real JAX: {time.time() - start:.0f} s", flush=True)
    by_name: dict[str, list[dict]] = {}
    for case in cases:
        by_name.setdefault(case["name"], []).append(case)
    for name in [n for n, group in by_name.items() if all(_absent(want[c["key"]]) for c in group)]:
        del by_name[name]  # not a name of the installed JAX (a record of another version)
    lacking = missing_names(by_name)
    records = []
    for backend in backends:
        start = time.time()
        cells: dict[str, dict[str, str]] = {}
        with core.use_backend(backend):
            env = frontend_env()
            for name, group in by_name.items():
                if name in lacking:
                    cells[name] = {"status": "fail", "detail": "missing"}
                    continue
                group = group[:: (strides or {}).get(backend, 1)]
                got = evaluate(group, env)
                status, detail = "pass", ""
                for case in group:
                    outcome, why = compare(got[case["key"]], want[case["key"]], case["tol"])
                    if _RANK[outcome] < _RANK[status]:
                        status, detail = outcome, f"{case['expr']} {_signature(case)}: {why}"
                        if outcome == "fail":
                            break
                cells[name] = {"status": status, "detail": detail[:_DETAIL]}
        counts = {s: sum(c["status"] == s for c in cells.values()) for s in _RANK}
        print(f"{backend}: {time.time() - start:.0f} s, {counts}", flush=True)
        ours = [{"name": n, "backend": backend, **cell} for n, cell in cells.items()]
        if done is not None:
            done(ours)
        records += ours
    return records


def _absent(described: Any) -> bool:
    """Real JAX has no such function (every case of a name raising AttributeError)."""
    return (
        not isinstance(described, list)
        and described[0] == "error"
        and described[1][0] == "AttributeError"
    )


def _signature(case: dict[str, Any]) -> str:
    parts = []
    for arg in case["args"]:
        if isinstance(arg, numpy.ndarray):
            parts.append(f"{arg.dtype}{list(arg.shape)}")
        else:
            parts.append(type(arg).__name__)
        parts[-1] = parts[-1].replace(" ", "")
    return "(" + ", ".join(parts) + ")"


# ----------------------------------------------------------------------------- report


def write(new: list[dict]) -> None:
    """Update ``docs/conformance/jax_records.{json,md}`` with ``new`` records, keeping
    the other (name, backend) records a previous run wrote."""
    path = RESULTS / f"{SUITE}.json"
    kept = json.loads(path.read_text())["records"] if path.exists() else []
    by_key = {(r["name"], r["backend"]): r for r in [*kept, *new]}
    records = sorted(by_key.values(), key=lambda r: (r["name"], BACKENDS.index(r["backend"])))
    generated = datetime.date.today().isoformat()
    suite = {"suite": SUITE, "framework": "jax", "command": COMMAND, "generated": generated}
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**suite, "records": records}, indent=1) + "\n")
    lines = [
        "# JAX's own test records on the jax frontend",
        "",
        f"`{COMMAND}` ({generated}). The record tables of JAX's test suite",
        "(`tests/lax_numpy_operators_test.py`, `lax_numpy_reducers_test.py`,",
        "`lax_numpy_test.py`, `lax_test.py` with `lax_test_util`, `random_test.py`;",
        "transcribed in `tests/conformance/jax_record_tables.py`): for each record a",
        "bounded sample of shapes of its shape class and dtypes of its dtype classes",
        "(x64 off), inputs of its kind (`rand_default`, `rand_some_nan` ...) from a seeded",
        "numpy RNG, through real JAX and through the frontend on each backend: the same",
        "dtype, weak type, shape, values (the record's tolerance, at least",
        f"{', '.join(f'{k} {v:g}' for k, v in DEFAULT_TOL.items())}) and exception class.",
        "jax.random: the same key gives the same values (integers exact, floats within",
        "the tolerance). *unsupported*: the frontend declares the dtype left out",
        "(`UnsupportedDtypeError`, its reason given); *fail*: the first difference, or",
        "`missing` where the frontend lacks the name. The jax backend checks one case in",
        f"{JAX_STRIDE} of each name (its eager compiles cost most). The default test suite",
        "runs a fixed sample (`tests/conformance/test_jax_records.py`).",
        "",
        "| namespace | backend | pass | unsupported | fail | rate |",
        "|---|---|---|---|---|---|",
    ]
    for prefix in ("jax.numpy.", "jax.Array.", "jax.lax.", "jax.random."):
        for backend in BACKENDS:
            statuses = [
                r["status"]
                for r in records
                if r["backend"] == backend and r["name"].startswith(prefix)
            ]
            if statuses:
                counts = [statuses.count(s) for s in ("pass", "unsupported", "fail")]
                tested = counts[0] + counts[2]
                rate = f"{100 * counts[0] / tested:.1f}%" if tested else "-"
                lines.append(
                    f"| {prefix[:-1]} | {backend} | "
                    + " | ".join(map(str, counts))
                    + f" | {rate} |"
                )
    lines += ["", *status_table(records, BACKENDS, "name")]
    lines += ["", "## Not passing", ""]
    for record in records:
        if record["status"] != "pass":
            detail = record["detail"].replace("\n", " ").replace("|", "\\|")
            lines.append(
                f"- `{record['name']}` on {record['backend']}: {record['status']}, {detail}"
            )
    (RESULTS / f"{SUITE}.md").write_text("\n".join(lines) + "\n")
    print(f"updated {path.relative_to(ROOT)} and its .md", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    parser.add_argument("--names", nargs="+", help="public names (every record's if left out)")
    parser.add_argument(
        "--namespaces", nargs="+", choices=sorted(PREFIX), help="only these (every if left out)"
    )
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument(
        "--jax-stride", type=int, default=JAX_STRIDE, help="the jax backend's n-th cases"
    )
    args = parser.parse_args(argv)
    done = None if args.no_write else write
    records = run(args.backends, args.names, done, {"jax": args.jax_stride}, args.namespaces)
    for record in records:
        if record["status"] != "pass":
            print(f"  {record['backend']} {record['name']}: {record['detail'][:200]}")
    return 0 if all(r["status"] != "fail" for r in records) else 1


if __name__ == "__main__":
    sys.exit(main())
