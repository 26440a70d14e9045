"""The frameworks' own docstring examples, run on the frontend, per public name and backend.

    python -m tests.conformance.docstring_examples --framework tensorflow
    python -m tests.conformance.docstring_examples --framework numpy --backends jax
    python -m tests.conformance.docstring_examples --framework numpy --names numpy.cumsum

TensorFlow and numpy document each public function with ``>>>`` examples in its docstring
(``tf.math.add.__doc__``, ``np.cumsum.__doc__``). For every public name of the real
framework's namespaces below that the frontend also has, the examples of the real object's
docstring (``doctest.DocTestParser``) run in order, in fresh globals, once with the real
framework bound to the names the framework's own doctests use (``tf`` and ``np`` for
TensorFlow, ``np`` for numpy; ``import numpy``/``import tensorflow`` inside an example
give the same module) and once with the frontend bound, on each backend. Per example the
*value* of each expression statement (and of each argument of a top-level ``print``) is
compared, not its printed repr: the kind of value (tensor, variable, ndarray, numpy scalar,
Python value, shape, dtype, container), dtype, shape and values (floats within a
tolerance, NaNs in the same places), or the exception class where the real framework
raises. The real framework runs each docstring twice: an example whose value differs
between those two runs (a draw without a seed, an id, a time, a temporary path), or
that follows a draw in a docstring that never mentions a seed, or whose shown output the
framework marks as varying (numpy's ``# may vary`` and ``# random``: its own doctest
checker does not compare those), is compared by kind, dtype and shape only. Examples are skipped, with the reason counted in
the page, where the framework marks them ``+SKIP``, where they import a module other than
the framework and the standard library (plotting), or where they change process-wide
framework state (:data:`GLOBAL_STATE`).

A name passes on a backend when every example agrees; it is ``unsupported`` where the
first difference is the frontend declaring something left out (``core``'s
``UnsupportedDtypeError``, ``NotImplementedError`` or TF's ``UnimplementedError`` where the
real framework computes); otherwise it fails with the first difference. Names without
examples are not recorded; names the frontend lacks are listed in the page, not counted.
Writes ``docs/conformance/docstring_<framework>.{md,json}`` (a partial run updates its
records).
"""

from __future__ import annotations

import argparse
import ast
import builtins
import contextlib
import datetime
import doctest
import importlib
import io
import json
import linecache
import os
import re
import signal
import sys
import tempfile
import time
import types
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import core
from tests.conformance.report import status_table

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
_DETAIL = 300  # characters of a record's detail kept
_TIMEOUT = 60  # seconds one docstring may run, per framework
# the real framework's namespaces walked for names, per framework
NAMESPACES = {
    "tensorflow": (
        "", "math", "linalg", "nn", "signal", "strings", "random", "bitwise", "debugging",
        "dtypes", "nest", "sparse", "ragged", "io", "data", "train", "config", "autograph",
        "distribute", "experimental", "errors",
    ),
    "numpy": ("", "linalg", "fft", "random"),
}  # fmt: skip
# modules an example may import besides the framework (the rest: the example is skipped)
_STDLIB = set(sys.stdlib_module_names)
# examples that change process-wide framework state, which would leak into every later
# example of the real framework: skipped
GLOBAL_STATE = re.compile(
    r"enable_numpy_behavior|disable_eager_execution|enable_eager_execution|"
    r"enable_check_numerics|enable_op_determinism|set_visible_devices|set_logical_device|"
    r"threading\.set_|set_memory_growth|set_soft_device_placement|set_log_device_placement|"
    r"enable_tensor_float_32|run_functions_eagerly\(True\)|enable_v2_behavior|"
    r"disable_v2|np\.setbufsize|enable_dump_debug_info|"
    r"experimental_functions_run_eagerly|enable_traceback_filtering|disable_traceback"
)
TF1_GRAPH = re.compile(r"compat\.v1|tf\.Graph\(|Session\(|as_default\(\)")
_DECLARED = ("UnsupportedDtypeError", "NotImplementedError", "UnimplementedError")


_serial = 0  # examples compiled so far, for their linecache names


class _Timeout(Exception):
    pass


def _real(framework: str) -> types.ModuleType:
    return importlib.import_module(framework)


def _frontend(framework: str) -> types.ModuleType:
    return importlib.import_module(f"frontends.{framework}")


def _resolve(module: Any, path: str) -> Any:
    for part in path.split(".") if path else []:
        try:
            module = getattr(module, part)
        except Exception:
            return None
    return module


def public_names(framework: str) -> tuple[dict[str, Any], list[str]]:
    """The real framework's public non-module names with examples, one path per object (the
    first namespace of :data:`NAMESPACES` that has it), as ``{full name: real object}``
    for those the frontend has, and the sorted full names the frontend lacks."""
    real, frontend = _real(framework), _frontend(framework)
    parser = doctest.DocTestParser()
    paths: dict[int, list[str]] = {}
    objects: dict[int, Any] = {}
    for namespace in NAMESPACES[framework]:
        module = _resolve(real, namespace)
        if module is None or (namespace and _resolve(frontend, namespace) is None):
            continue
        for name in sorted(dir(module)):
            if name.startswith("_"):
                continue
            obj = getattr(module, name, None)
            if obj is None or isinstance(obj, types.ModuleType):
                continue
            doc = getattr(obj, "__doc__", None)
            if not isinstance(doc, str) or not parser.get_examples(doc):
                continue
            path = f"{namespace}.{name}" if namespace else name
            paths.setdefault(id(obj), []).append(path)
            objects[id(obj)] = obj
    present, lacking = {}, []
    for key, candidates in paths.items():
        found = next((p for p in candidates if _resolve(frontend, p) is not None), None)
        if found is None:
            lacking.append(f"{framework}.{candidates[0]}")
        else:
            present[f"{framework}.{found}"] = objects[key]
    return dict(sorted(present.items())), sorted(lacking)


# ---------------------------------------------------------------------------------------
# running a docstring
# ---------------------------------------------------------------------------------------
def _skip_reason(example: doctest.Example) -> str | None:
    if example.options.get(doctest.SKIP):
        return "marked +SKIP by the framework"
    source = example.source
    if GLOBAL_STATE.search(source):
        return "changes process-wide framework state"
    if TF1_GRAPH.search(source):
        return "TF1 graph mode (tf.compat.v1, tf.Graph, Session: left out by the frontend)"
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return "not Python (a shell line or output)"
    for node in ast.walk(tree):
        modules = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module]
        for name in modules:
            top = name.partition(".")[0]
            if top not in ("numpy", "tensorflow") and top not in _STDLIB:
                return f"imports {top}"
    return None


def _importer(bound: dict[str, Any]) -> Any:
    """An ``__import__`` that gives ``bound``'s modules for their names (``numpy.linalg``
    resolves through the bound ``numpy``)."""

    def _import(name: str, scope: Any = None, local: Any = None, fromlist: Any = (), level: int = 0) -> Any:  # fmt: skip
        top, _, rest = name.partition(".")
        if level == 0 and top in bound:
            module = bound[top]
            return _resolve(module, rest) if fromlist and rest else module
        return builtins.__import__(name, scope, local, fromlist, level)

    return _import


def _statements(source: str) -> list[tuple[str, Any]]:
    """``source`` as ("value", code) for an expression (the arguments of a top-level
    ``print`` call are each a value) or ("exec", code). The source is registered with
    ``linecache`` so that ``inspect.getsource`` finds it (``tf.function``'s autograph)."""
    global _serial
    _serial += 1
    filename = f"<docstring example {_serial}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    tree = ast.parse(source)
    steps: list[tuple[str, Any]] = []
    for node in tree.body:
        if isinstance(node, ast.Expr):
            value = node.value
            if (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id == "print"
                and not value.keywords
                and not any(isinstance(a, ast.Starred) for a in value.args)
            ):
                parts = value.args
            else:
                parts = [value]
            for part in parts:
                steps.append(("value", compile(ast.Expression(part), filename, "eval")))
        else:
            module = ast.Module(body=[node], type_ignores=[])
            steps.append(("exec", compile(module, filename, "exec")))
    return steps


def run_docstring(examples: list[doctest.Example], bound: dict[str, Any]) -> list[list[Any]]:
    """Each example's outcomes in fresh globals binding ``bound``, in a scratch working
    directory (examples write files): per example, a list of ("value", canonical value)
    and ("error", class names, message) entries (an error ends the example); an entry
    ("skip", reason) for skipped examples."""
    namespace: dict[str, Any] = {
        **bound,
        "__builtins__": {**vars(builtins), "__import__": _importer(bound)},
        "__name__": "__docstring__",
    }
    outcomes = []
    with tempfile.TemporaryDirectory() as scratch, contextlib.chdir(scratch):
        with numpy.errstate(), _printoptions():
            for example in examples:
                outcomes.append(_run_example(example, namespace))
    return outcomes


@contextlib.contextmanager
def _printoptions() -> Iterator[None]:
    """Restore numpy's print options after the block (examples set them)."""
    options = numpy.get_printoptions()
    try:
        yield
    finally:
        numpy.set_printoptions(**options)


def _run_example(example: doctest.Example, namespace: dict[str, Any]) -> list[Any]:
    """One example's outcomes (:func:`run_docstring`)."""
    reason = _skip_reason(example)
    if reason:
        return [("skip", reason)]
    entries: list[Any] = []
    try:
        for kind, code in _statements(example.source):
            with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if kind == "value":
                    entries.append(("value", canonical(eval(code, namespace))))
                else:
                    exec(code, namespace)
    except _Timeout:
        raise
    except (Exception, SystemExit) as error:  # a SystemExit is an outcome too
        names = [c.__name__ for c in type(error).__mro__]
        entries.append(("error", names, f"{type(error).__name__}: {error}"[:200]))
    return entries


@contextlib.contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    def expire(signum: int, frame: Any) -> None:
        raise _Timeout(f"took over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------------------------
# values
# ---------------------------------------------------------------------------------------
def canonical(value: Any, depth: int = 0) -> Any:
    """``value`` as a tree of tuples both frameworks' results map onto: ``(kind, dtype,
    shape, host array)`` for arrays and tensors, ``("py", type, value)`` for Python
    values, containers recursively; other objects by kind only (their repr is the
    framework's own)."""
    if depth > 20:
        return ("object",)
    if value is None or isinstance(value, bool | str | bytes):
        return ("py", type(value).__name__, value)
    if isinstance(value, numpy.generic):
        return ("scalar", value.dtype.str, (), numpy.array(value))
    if isinstance(value, int | float | complex):
        return ("py", type(value).__name__, value)
    if isinstance(value, numpy.ndarray):  # subclasses (matrix, recarray) by their name
        kind = "ndarray" if type(value) is numpy.ndarray else type(value).__name__
        return (kind, value.dtype.str, value.shape, numpy.array(value))
    if isinstance(value, numpy.dtype):
        return ("numpy dtype", value.str)
    if isinstance(value, type):
        numpy_type = issubclass(value, numpy.generic)
        return ("numpy type", value.__name__) if numpy_type else ("class",)
    cls = type(value)
    module = cls.__module__ or ""
    if module.startswith("frontends.numpy") and cls.__name__ in ("ndarray", "memmap"):
        array = numpy.array(value)  # a copy: later examples may write into the array
        return ("ndarray", array.dtype.str, array.shape, array)
    if hasattr(value, "as_list") and hasattr(value, "rank"):  # TensorShape
        try:
            return ("shape", value.as_list())
        except Exception:
            return ("shape", None)
    if hasattr(value, "as_numpy_dtype") and hasattr(value, "is_floating"):  # tf.DType
        return ("tf dtype", value.name)
    if hasattr(value, "to_list") and hasattr(value, "flat_values"):  # RaggedTensor
        return ("ragged", canonical(value.to_list(), depth + 1))
    if hasattr(value, "numpy") and hasattr(value, "dtype") and hasattr(value, "shape"):
        kind = "variable" if "Variable" in cls.__name__ else "tensor"
        try:
            array = numpy.array(value.numpy())
        except Exception:
            return (kind, str(getattr(value.dtype, "name", value.dtype)), None, None)
        shape = getattr(value.shape, "as_list", lambda: list(value.shape))()
        return (kind, value.dtype.name, tuple(shape), array)
    if isinstance(value, list | tuple):
        kind = "list" if isinstance(value, list) else "tuple"
        return (kind, [canonical(v, depth + 1) for v in value])
    if isinstance(value, dict):
        return ("dict", {k: canonical(v, depth + 1) for k, v in value.items()})
    if isinstance(value, range | set | frozenset):
        return ("py", type(value).__name__, value)
    return ("object",)


def _close(ours: numpy.ndarray, theirs: numpy.ndarray) -> bool:
    if theirs.dtype.kind not in "fc":
        try:
            return bool(numpy.array_equal(ours, theirs))
        except Exception:
            return False
    tolerance = {2: 1e-2, 4: 1e-5}.get(theirs.dtype.itemsize // (2 if theirs.dtype.kind == "c" else 1), 1e-7)  # fmt: skip
    if theirs.dtype.name == "bfloat16" or "bfloat16" in str(theirs.dtype):
        tolerance = 1e-2
    if theirs.dtype.names:  # structured
        return bool(numpy.array_equal(ours, theirs))
    ours64 = ours.astype(numpy.complex128 if theirs.dtype.kind == "c" else numpy.float64)
    theirs64 = theirs.astype(ours64.dtype)
    scale = numpy.max(numpy.abs(theirs64[numpy.isfinite(theirs64)]), initial=1.0)
    return bool(
        numpy.allclose(ours64, theirs64, rtol=tolerance, atol=tolerance * scale, equal_nan=True)
    )


def difference(ours: Any, theirs: Any, values: bool, path: str = "") -> str | None:
    """The first difference between two canonical values (``None`` when they agree);
    ``values=False`` compares kinds, dtypes and shapes only."""
    here = path or "value"
    if ours[0] != theirs[0]:
        return f"{here}: a {ours[0]} where the framework gives a {theirs[0]}"
    kind = theirs[0]
    if kind in ("list", "tuple"):
        if len(ours[1]) != len(theirs[1]):
            return f"{here}: length {len(ours[1])} != {len(theirs[1])}"
        for i, (a, b) in enumerate(zip(ours[1], theirs[1])):
            found = difference(a, b, values, f"{here}[{i}]")
            if found:
                return found
        return None
    if kind == "dict":
        if list(ours[1]) != list(theirs[1]):
            return f"{here}: keys {list(ours[1])} != {list(theirs[1])}"
        for key in theirs[1]:
            found = difference(ours[1][key], theirs[1][key], values, f"{here}[{key!r}]")
            if found:
                return found
        return None
    if kind == "ragged":
        return difference(ours[1], theirs[1], values, here)
    if len(theirs) == 4 and kind != "py":  # an array, tensor or scalar
        if ours[1] != theirs[1]:
            return f"{here}: dtype {ours[1]} != {theirs[1]}"
        if ours[2] != theirs[2]:
            return f"{here}: shape {ours[2]} != {theirs[2]}"
        if values and theirs[3] is not None and (ours[3] is None or not _close(ours[3], theirs[3])):  # fmt: skip
            return f"{here}: values {_short(ours[3])} != {_short(theirs[3])}"
        return None
    if kind == "py":
        if ours[1] != theirs[1]:
            return f"{here}: {ours[1]} {ours[2]!r:.60} != {theirs[1]} {theirs[2]!r:.60}"
        if not values or ours[2] == theirs[2]:
            return None
        a, b = ours[2], theirs[2]
        if isinstance(b, float | complex) and _close(numpy.asarray(a), numpy.asarray(b)):
            return None
        return f"{here}: {a!r:.80} != {b!r:.80}"
    if ours != theirs and (values or kind not in ("shape",)):
        return f"{here}: {ours!r:.80} != {theirs!r:.80}"
    return None


def _short(array: Any) -> str:
    text = numpy.array2string(numpy.asarray(array), threshold=8, edgeitems=2)
    return text.replace("\n", " ")[:80]


def _deterministic(first: list[Any], second: list[Any]) -> bool:
    if len(first) != len(second):
        return False
    for a, b in zip(first, second):
        if a[0] != b[0]:
            return False
        if a[0] == "value" and difference(a[1], b[1], True):
            return False
        if a[0] == "error" and a[1][0] != b[1][0]:
            return False
    return True


def _frontend_error(framework: str, got: Any) -> tuple[str, str]:
    """The status of an example where only the frontend raised: ``unsupported`` where it
    declares something left out (a class of :data:`_DECLARED`, or a name of the
    framework that the namespace test documents as left out), else ``fail``."""
    if any(name in _DECLARED for name in got[1]):
        return "unsupported", got[2]
    match = re.match(r"AttributeError: module '(?:frontends\.)?([\w.]+)' has no attribute '(\w+)'", got[2])  # fmt: skip
    if match:
        module, attribute = match.groups()
        namespace = module.partition(".")[2] or ("tf" if framework == "tensorflow" else framework)
        reason = left_out(framework).get(namespace, {}).get(attribute)
        if reason:
            return "unsupported", f"uses {module}.{attribute}, left out: {reason}"
    return "fail", got[2]


def left_out(framework: str) -> dict[str, dict[str, str]]:
    """The frontend's documented left-out names (its namespace test's ``LEFT_OUT``)."""
    return importlib.import_module(f"tests.frontends.{framework}.test_namespace").LEFT_OUT


# a draw (or uninitialized memory: np.empty), and a seed: from an unseeded draw on, a
# docstring's values are compared by kind
_DRAW = re.compile(r"random|shuffle|dropout|\buniform\(|\bnormal\(|\bempty(_like)?\(|np\.ndarray\(")
_SEED = re.compile(r"seed|default_rng\(\d|stateless|Generator\.from_")
# an output the framework's docs mark as varying (platform, LAPACK build, hash order):
# numpy's own doctest checker leaves it uncompared
_VARIES = re.compile(r"#\s*(may vary|random)\b")


def compare_docstring(
    framework: str,
    real_runs: tuple[list[Any], list[Any]],
    ours: list[Any],
    skips: Counter,
    sources: list[str] | None = None,
    wants: list[str] | None = None,
) -> tuple[str, str, int, int]:
    """(status, first difference, examples compared, examples compared by kind only).
    ``sources``: the examples' source, to find unseeded draws whose two real runs
    happened to agree; ``wants``: their shown outputs, to find those marked as varying
    (:data:`_VARIES`)."""
    first, second = real_runs
    compared = loose = 0
    unseeded = False
    for index, (theirs, again, mine) in enumerate(zip(first, second, ours)):
        if sources:
            seen = "\n".join(sources[: index + 1])
            unseeded = unseeded or bool(_DRAW.search(sources[index]) and not _SEED.search(seen))
        if theirs and theirs[0][0] == "skip":
            skips[theirs[0][1]] += 1
            continue
        varies = bool(wants and _VARIES.search(wants[index]))
        values = _deterministic(theirs, again) and not unseeded and not varies
        compared += 1
        loose += not values
        label = f"example {index + 1}"
        for position, expected in enumerate(theirs):
            got = mine[position] if position < len(mine) else None
            if expected[0] == "error":
                if got is None or got[0] != "error":
                    return "fail", f"{label}: the framework raises {expected[2]}; the frontend does not", compared, loose  # fmt: skip
                if expected[1][0] not in got[1]:
                    return "fail", f"{label}: the framework raises {expected[1][0]}, the frontend {got[2]}", compared, loose  # fmt: skip
                break
            if got is None:
                return "fail", f"{label}: missing value", compared, loose
            if got[0] == "error":
                status, why = _frontend_error(framework, got)
                return status, f"{label}: {why}", compared, loose
            found = difference(got[1], expected[1], values)
            if found:
                return "fail", f"{label}: {found}", compared, loose
        else:
            if len(mine) > len(theirs) and mine[len(theirs)][0] == "error":
                status, why = _frontend_error(framework, mine[len(theirs)])
                return status, f"{label}: {why}", compared, loose
    return "pass", "", compared, loose


def _bindings(framework: str, module: Any) -> dict[str, Any]:
    if framework == "tensorflow":
        return {"tf": module, "tensorflow": module, "np": numpy, "numpy": numpy}
    return {"np": module, "numpy": module}


def real_outcomes(framework: str, names: dict[str, Any]) -> dict[str, Any]:
    """name -> (examples, first real run, second real run) or an error string."""
    parser = doctest.DocTestParser()
    real = _real(framework)
    results = {}
    for name, obj in names.items():
        examples = parser.get_examples(obj.__doc__)
        try:
            with _deadline(_TIMEOUT):
                runs = tuple(run_docstring(examples, _bindings(framework, real)) for _ in range(2))
        except _Timeout as error:
            results[name] = f"the real framework {error}"
            continue
        results[name] = (examples, *runs)
    return results


def run(
    framework: str, backends: list[str], only: list[str] | None = None
) -> tuple[list[dict], dict]:
    """Records per name and backend, and the page's counts (skips, lacking names...)."""
    names, lacking = public_names(framework)
    if only:
        names = {n: o for n, o in names.items() if n in only}
    start = time.time()
    reals = real_outcomes(framework, names)
    print(f"real {framework}: {len(reals)} docstrings in {time.time() - start:.0f} s", flush=True)
    frontend = _frontend(framework)
    records, stats = [], {"lacking": lacking, "skips": {}, "examples": {}, "full": not only}
    for backend in backends:
        start = time.time()
        skips: Counter = Counter()
        compared = loose = 0
        with core.use_backend(backend):
            for name, real in reals.items():
                if isinstance(real, str):
                    continue  # the real framework's own examples time out: not counted
                examples, first, second = real
                began = time.time()
                try:
                    with _deadline(_TIMEOUT):
                        ours = run_docstring(examples, _bindings(framework, frontend))
                except _Timeout as error:
                    status, detail = "fail", f"the frontend {error}"
                else:
                    status, detail, n, m = compare_docstring(
                        framework, (first, second), ours, skips,
                        [e.source for e in examples], [e.want for e in examples],
                    )  # fmt: skip
                    compared, loose = compared + n, loose + m
                    if n == 0:
                        continue  # every example skipped
                if time.time() - began > 10:
                    print(f"  slow: {name} took {time.time() - began:.0f} s", flush=True)
                detail = detail.replace("\n", " ")[:_DETAIL]
                records.append({"name": name, "backend": backend, "status": status, "detail": detail})  # fmt: skip
        stats["skips"][backend] = dict(skips)
        stats["examples"][backend] = [compared, loose]
        mine = [r for r in records if r["backend"] == backend]
        passed = sum(r["status"] == "pass" for r in mine)
        print(
            f"{backend}: {time.time() - start:.0f} s, {passed}/{len(mine)} names pass", flush=True
        )
    return records, stats


# ---------------------------------------------------------------------------------------
# the page
# ---------------------------------------------------------------------------------------
def failure_class(detail: str) -> str:
    """A record's detail reduced to its class (the exception or the kind of difference)."""
    text = re.sub(r"^example \d+: ", "", detail)
    match = re.match(r"(the framework raises \w+)", text)
    if match:
        return match.group(1) + ("; the frontend does not" if "does not" in text else "; the frontend another class")  # fmt: skip
    match = re.match(r"value(?:\[[^\]]*\])*: (dtype|shape|values|length|keys)", text)
    if match:
        return f"different {match.group(1)}"
    match = re.match(r"value(?:\[[^\]]*\])*: a (\w+ ?\w*) where", text)
    if match:
        return f"a {match.group(1)} where the framework gives another kind"
    match = re.match(r"(\w+Error|\w+Exception|\w+Warning): ", text)
    if match:
        error = match.group(1)
        if error == "AttributeError":
            missing = re.search(r"has no attribute '(\w+)'", text)
            return f"AttributeError (a name the frontend lacks{': ' + missing.group(1) if missing else ''})"  # fmt: skip
        return f"{error} raised by the frontend"
    return text[:60]


def write(framework: str, new: list[dict], stats: dict) -> None:
    suite_name = f"docstring_{framework}"
    command = f"python -m tests.conformance.docstring_examples --framework {framework}"
    path = RESULTS / f"{suite_name}.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    # a backend run in full replaces that backend's records; a run of chosen names updates
    rewritten = {r["backend"] for r in new} if stats.get("full") else set()
    kept = [r for r in old.get("records", []) if r["backend"] not in rewritten]
    by_key = {(r["name"], r["backend"]): r for r in [*kept, *new]}
    records = sorted(by_key.values(), key=lambda r: (r["name"], BACKENDS.index(r["backend"])))
    # counts of examples and skips are a full run's (a run of chosen names keeps them)
    skips = {**old.get("skips", {}), **(stats["skips"] if stats.get("full") else {})}
    examples = {**old.get("examples", {}), **(stats["examples"] if stats.get("full") else {})}
    generated = datetime.date.today().isoformat()
    suite = {"suite": suite_name, "framework": framework, "command": command, "generated": generated}  # fmt: skip
    RESULTS.mkdir(parents=True, exist_ok=True)
    body = {**suite, "lacking": stats["lacking"], "skips": skips, "examples": examples, "records": records}  # fmt: skip
    path.write_text(json.dumps(body, indent=1) + "\n")
    title = {"tensorflow": "TensorFlow", "numpy": "numpy"}[framework]
    lines = [
        f"# {title}'s docstring examples on the {framework} frontend",
        "",
        f"`{command}` ({generated}). The `>>>` examples in the docstring of every public",
        f"name of {', '.join(f'`{framework}.{n}`' if n else f'`{framework}`' for n in NAMESPACES[framework])}",
        "that the frontend has, run with the real framework and with the frontend on each",
        "backend (fresh globals each; the names the framework's doctests use bound to one or",
        "the other). Per example the value of each expression statement is compared (kind,",
        "dtype, shape, values within rtol 1e-5 in float32, 1e-7 in float64, 1e-2 in half",
        "precision), or the exception class where the framework raises; an example whose",
        "value differs between two runs of the real framework (unseeded draws, ids, times)",
        "(or that follows a draw in a docstring that never mentions a seed), or whose shown",
        "output the framework marks `# may vary` or `# random`, is compared by kind, dtype",
        "and shape only. A name fails on a backend where any",
        "example differs (the first difference is listed); *unsupported* where the frontend",
        "declares the difference left out.",
        "",
        "| backend | names passing | unsupported | examples compared | by kind only |",
        "|---|---|---|---|---|",
    ]
    for backend in BACKENDS:
        mine = [r["status"] for r in records if r["backend"] == backend]
        if not mine:
            continue
        passed, declared = mine.count("pass"), mine.count("unsupported")
        tested = len(mine) - declared
        share = f"{100 * passed / tested:.1f}%" if tested else "-"
        compared, loose = examples.get(backend, ["?", "?"])
        lines.append(f"| {backend} | {passed}/{tested} ({share}) | {declared} | {compared} | {loose} |")  # fmt: skip
    lines += ["", "## Failure classes", "", "| class | " + " | ".join(BACKENDS) + " |"]
    lines.append("|---|" + "---|" * len(BACKENDS))
    classes: dict[str, Counter] = {}
    for record in records:
        if record["status"] == "fail":
            classes.setdefault(failure_class(record["detail"]), Counter())[record["backend"]] += 1
    for name, counts in sorted(classes.items(), key=lambda item: -sum(item[1].values())):
        cell = name.replace("|", "\\|")
        lines.append(f"| {cell} | " + " | ".join(str(counts.get(b, 0)) for b in BACKENDS) + " |")
    lines += ["", "## Skipped examples", "", "| reason | " + " | ".join(BACKENDS) + " |"]
    lines.append("|---|" + "---|" * len(BACKENDS))
    reasons = sorted({reason for counts in skips.values() for reason in counts})
    for reason in reasons:
        lines.append(f"| {reason} | " + " | ".join(str(skips.get(b, {}).get(reason, "-")) for b in BACKENDS) + " |")  # fmt: skip
    lines += ["", *status_table(records, BACKENDS, "name")]
    lines += ["", "## Not passing (the first difference)", ""]
    for record in records:
        if record["status"] != "pass":
            detail = record["detail"].replace("|", "\\|")
            lines.append(f"- `{record['name']}` on {record['backend']}: {detail}")
    lines += [
        "",
        "## Names with examples that the frontend lacks (not counted)",
        "",
        ", ".join(f"`{n}`" for n in stats["lacking"]) or "none",
    ]
    (RESULTS / f"{suite_name}.md").write_text("\n".join(lines) + "\n")
    print(f"updated {path.relative_to(ROOT)} and its .md", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--framework", choices=sorted(NAMESPACES), required=True)
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    parser.add_argument("--names", nargs="+", help="full names, e.g. tensorflow.math.add")
    parser.add_argument("--no-write", action="store_true", help="print, do not update the page")
    args = parser.parse_args(argv)
    for backend in args.backends:  # the page is updated after each backend
        records, stats = run(args.framework, [backend], args.names)
        for record in records:
            if record["status"] != "pass" and (args.names or args.no_write):
                print(f"  {record['name']} on {record['backend']}: {record['detail']}")
        if not args.no_write:
            write(args.framework, records, stats)
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    # examples leave non-daemon threads behind (tf.data, queues) that would keep the
    # process alive after the page is written
    os._exit(code)
