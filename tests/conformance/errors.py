"""The exception-class sweep: wrong calls to many frontend functions, on every backend.

For each framework, every name of a list (numpy's and jnp's binary ufuncs, torch's and
TensorFlow's binary ops, each framework's reductions and shape functions) gets wrong
calls: shapes that do not broadcast (same rank and different ranks), an axis out of
range, mismatched shapes for reshapes, joins and products, an index out of range (the
shape functions of :data:`SHAPE_CALLS`). The real framework and the frontend
on each backend run the same call; a name passes on a backend when each call raises the
same exception class (same name and same answer to ``except ValueError/TypeError/
IndexError/RuntimeError``) or returns in both. Inputs take the first dtype (float64,
int64, bool) the real function accepts with well-shaped operands, so the dtype is never
the mistake. Results go to ``docs/conformance/errors_<framework>.{json,md}``.

    python -m tests.conformance.errors             # every framework, every backend
    python -m tests.conformance.errors --framework torch --backend jax
"""

from __future__ import annotations

import argparse
import datetime
import json
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy

import core

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
_BUILTINS = (ValueError, TypeError, IndexError, LookupError, RuntimeError, ArithmeticError)
PREFIX = {"numpy": "numpy", "torch": "torch", "jax": "jax.numpy", "tensorflow": "tensorflow"}

TORCH_BINARY = (
    "add sub mul div true_divide floor_divide remainder fmod pow float_power maximum minimum "
    "fmax fmin atan2 hypot copysign nextafter xlogy ldexp logaddexp logaddexp2 eq ne lt le "
    "gt ge logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor "
    "bitwise_left_shift bitwise_right_shift heaviside igamma igammac gcd lcm dist"
).split()
TF_BINARY = (
    "add subtract multiply divide truediv floordiv floormod pow maximum minimum equal "
    "not_equal less less_equal greater greater_equal math.squared_difference atan2 xdivy xlogy "
    "logical_and logical_or logical_xor bitwise.bitwise_and bitwise.bitwise_or "
    "bitwise.bitwise_xor math.igamma math.igammac math.zeta math.polygamma math.nextafter"
).split()
NUMPY_REDUCTIONS = (
    "sum prod mean std var max min amax amin argmax argmin all any cumsum cumprod nansum "
    "nanprod nanmean nanstd nanvar nanmax nanmin nanargmax nanargmin median nanmedian ptp "
    "sort argsort flip count_nonzero average diff gradient"
).split()
TORCH_REDUCTIONS = (
    "sum prod mean std var amax amin argmax argmin all any cumsum cumprod logsumexp nansum "
    "nanmean median nanmedian sort argsort flip count_nonzero softmax log_softmax "
    "squeeze unsqueeze"
).split()
TF_REDUCTIONS = (
    "reduce_sum reduce_prod reduce_mean reduce_max reduce_min reduce_all reduce_any "
    "reduce_logsumexp math.reduce_std math.reduce_variance argmax argmin math.cumsum "
    "math.cumprod"
).split()


def _resolve(module: Any, name: str) -> Any:
    for part in name.split("."):
        module = getattr(module, part, None)
        if module is None:
            return None
    return module


def _numpy_binary() -> list[str]:
    return sorted(
        name
        for name in dir(numpy)
        if isinstance(getattr(numpy, name), numpy.ufunc)
        and getattr(numpy, name).nin == 2
        and not name.startswith("_")
    )


def _cases(framework: str, real: Any) -> dict[str, list[tuple[str, Callable[[Any], Any]]]]:
    """name -> [(what, call(module))]: the wrong calls for each name the real framework
    has, with inputs of the first dtype it accepts."""
    if framework == "torch":
        ones = lambda m, shape, dtype: m.ones(shape, dtype=getattr(m, dtype))  # noqa: E731
        binary, reductions, axis_word = TORCH_BINARY, TORCH_REDUCTIONS, "dim"
    elif framework == "tensorflow":
        ones = lambda m, shape, dtype: m.ones(shape, dtype=getattr(m, dtype))  # noqa: E731
        binary, reductions, axis_word = TF_BINARY, TF_REDUCTIONS, "axis"
    else:
        ones = lambda m, shape, dtype: m.ones(shape, dtype=dtype)  # noqa: E731
        binary, reductions, axis_word = _numpy_binary(), NUMPY_REDUCTIONS, "axis"

    def first_dtype(check: Callable[[str], Any]) -> str | None:
        for dtype in ("float64", "int64", "bool"):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    check(dtype)
            except Exception:
                continue
            return dtype
        return None

    cases: dict[str, list[tuple[str, Callable[[Any], Any]]]] = {}
    for name in binary:
        function = _resolve(real, name)
        if function is None:
            continue
        dtype = first_dtype(lambda d, f=function: f(ones(real, (2, 3), d), ones(real, (2, 3), d)))
        if dtype is None:
            continue
        cases[name] = [
            (
                f"{a} with {b}",
                lambda m, a=a, b=b, d=dtype, n=name: _resolve(m, n)(ones(m, a, d), ones(m, b, d)),
            )
            for a, b in (((3,), (4,)), ((2, 3), (4,)), ((2, 3), (3, 2)))
        ]
    for name in reductions:
        function = _resolve(real, name)
        if function is None:
            continue
        word = "dim" if framework == "torch" else axis_word
        dtype = first_dtype(lambda d, f=function, w=word: f(ones(real, (2, 3), d), **{w: 1}))
        if dtype is None:
            continue
        cases[name] = [
            (
                f"{word}={axis} of (2, 3)",
                lambda m, axis=axis, d=dtype, n=name, w=word: _resolve(m, n)(
                    ones(m, (2, 3), d), **{w: axis}
                ),
            )
            for axis in (2, -3, 5)
        ]
    for name, calls in SHAPE_CALLS[framework].items():
        if _resolve(real, name) is not None:
            cases[name] = [
                (what, lambda m, c=call, n=name: c(m, _resolve(m, n))) for what, call in calls
            ]
    return cases


def _numpy_like_shapes() -> dict[str, list[tuple[str, Any]]]:
    """numpy's and jnp's shape functions given wrong shapes."""
    a, b = (lambda m: m.ones((2, 3))), (lambda m: m.ones((2, 4)))
    return {
        "reshape": [("(6,) to (4, 2)", lambda m, f: f(m.ones(6), (4, 2)))],
        "concatenate": [("(2, 3) and (2, 4) on axis 0", lambda m, f: f([a(m), b(m)]))],
        "stack": [("(2, 3) and (2, 4)", lambda m, f: f([a(m), b(m)]))],
        "vstack": [("(2, 3) and (2, 4)", lambda m, f: f([a(m), b(m)]))],
        "matmul": [("(2, 3) @ (2, 3)", lambda m, f: f(a(m), a(m)))],
        "dot": [("(2, 3) . (2, 3)", lambda m, f: f(a(m), a(m)))],
        "inner": [("(2, 3) and (2, 4)", lambda m, f: f(a(m), b(m)))],
        "tensordot": [("(2, 3) and (2, 3), axes 1", lambda m, f: f(a(m), a(m), 1))],
        "broadcast_to": [("(2, 3) to (4, 3)", lambda m, f: f(a(m), (4, 3)))],
        "expand_dims": [("(2, 3) at axis 4", lambda m, f: f(a(m), 4))],
        "squeeze": [("(2, 3) at axis 0", lambda m, f: f(a(m), 0))],
        "swapaxes": [("(2, 3) axes 0, 3", lambda m, f: f(a(m), 0, 3))],
        "moveaxis": [("(2, 3) axis 3 to 0", lambda m, f: f(a(m), 3, 0))],
        "take": [("index 7 of (2, 3) along 1", lambda m, f: f(a(m), m.asarray([7]), axis=1))],
    }


def _torch_shapes() -> dict[str, list[tuple[str, Any]]]:
    a, b = (lambda t: t.ones(2, 3)), (lambda t: t.ones(2, 4))
    return {
        "reshape": [("(6,) to (4, 2)", lambda t, f: f(t.ones(6), (4, 2)))],
        "cat": [("(2, 3) and (2, 4) on dim 0", lambda t, f: f([a(t), b(t)]))],
        "stack": [("(2, 3) and (2, 4)", lambda t, f: f([a(t), b(t)]))],
        "vstack": [("(2, 3) and (2, 4)", lambda t, f: f([a(t), b(t)]))],
        "matmul": [("(2, 3) @ (2, 3)", lambda t, f: f(a(t), a(t)))],
        "mm": [("(2, 3) @ (2, 3)", lambda t, f: f(a(t), a(t)))],
        "bmm": [("(1, 2, 3) @ (1, 2, 3)", lambda t, f: f(t.ones(1, 2, 3), t.ones(1, 2, 3)))],
        "dot": [("(3,) . (4,)", lambda t, f: f(t.ones(3), t.ones(4)))],
        "inner": [("(2, 3) and (2, 4)", lambda t, f: f(a(t), b(t)))],
        "tensordot": [("(2, 3) and (2, 3), dims 1", lambda t, f: f(a(t), a(t), 1))],
        "broadcast_to": [("(2, 3) to (4, 3)", lambda t, f: f(a(t), (4, 3)))],
        "unsqueeze": [("(2, 3) at dim 4", lambda t, f: f(a(t), 4))],
        "transpose": [("(2, 3) dims 0, 3", lambda t, f: f(a(t), 0, 3))],
        "movedim": [("(2, 3) dim 3 to 0", lambda t, f: f(a(t), 3, 0))],
        "index_select": [("index 7 of (2, 3) along 1", lambda t, f: f(a(t), 1, t.tensor([7])))],
        "gather": [("index 7 of (2, 3) along 1", lambda t, f: f(a(t), 1, t.tensor([[7]])))],
        "narrow": [("(2, 3) dim 1 from 2 length 4", lambda t, f: f(a(t), 1, 2, 4))],
    }


def _tf_shapes() -> dict[str, list[tuple[str, Any]]]:
    a, b = (lambda tf: tf.ones((2, 3))), (lambda tf: tf.ones((2, 4)))
    return {
        "reshape": [("(6,) to (4, 2)", lambda tf, f: f(tf.ones(6), (4, 2)))],
        "concat": [("(2, 3) and (2, 4) on axis 0", lambda tf, f: f([a(tf), b(tf)], 0))],
        "stack": [("(2, 3) and (2, 4)", lambda tf, f: f([a(tf), b(tf)]))],
        "matmul": [("(2, 3) @ (2, 3)", lambda tf, f: f(a(tf), a(tf)))],
        "tensordot": [("(2, 3) and (2, 3), axes 1", lambda tf, f: f(a(tf), a(tf), 1))],
        "broadcast_to": [("(2, 3) to (4, 3)", lambda tf, f: f(a(tf), (4, 3)))],
        "expand_dims": [("(2, 3) at axis 4", lambda tf, f: f(a(tf), 4))],
        "squeeze": [("(2, 3) at axis 0", lambda tf, f: f(a(tf), [0]))],
        "transpose": [("(2, 3) perm (0, 3)", lambda tf, f: f(a(tf), (0, 3)))],
        "gather": [("index 7 of (2, 3) along 1", lambda tf, f: f(a(tf), [7], axis=1))],
        "one_hot": [("float indices", lambda tf, f: f(tf.constant([1.0, 2.0]), 3))],
    }


SHAPE_CALLS = {
    "numpy": _numpy_like_shapes(),
    "jax": _numpy_like_shapes(),
    "torch": _torch_shapes(),
    "tensorflow": _tf_shapes(),
}


def _outcome(call: Callable[[Any], Any], module: Any) -> type[BaseException] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call(module)
    except Exception as error:
        return type(error)
    return None


def _same(real: type[BaseException] | None, mine: type[BaseException] | None) -> bool:
    if real is None or mine is None:
        return real is mine
    return real.__name__.lstrip("_") == mine.__name__.lstrip("_") and all(
        issubclass(real, b) == issubclass(mine, b) for b in _BUILTINS
    )


def _label(kind: type[BaseException] | None) -> str:
    return "returns" if kind is None else kind.__name__


def modules(framework: str) -> tuple[Any, Any]:
    """(the real module, the frontend module)."""
    if framework == "numpy":
        from frontends import numpy as frontend

        return numpy, frontend
    if framework == "torch":
        import torch

        from frontends import torch as frontend

        return torch, frontend
    if framework == "jax":
        import jax.numpy as jnp

        from frontends.jax import numpy as frontend

        return jnp, frontend
    import tensorflow as tf

    from frontends import tensorflow as frontend

    return tf, frontend


def run(
    framework: str, backends: tuple[str, ...] = BACKENDS, names: tuple[str, ...] | None = None
) -> list[dict[str, str]]:
    """One record per (name, backend); names the frontend lacks are left out (another
    suite's subject), as are names not in ``names`` when given."""
    real, frontend = modules(framework)
    cases = {
        name: calls
        for name, calls in _cases(framework, real).items()
        if _resolve(frontend, name) is not None and (names is None or name in names)
    }
    expected = {name: [_outcome(call, real) for _, call in calls] for name, calls in cases.items()}
    records = []
    for backend in backends:
        with core.use_backend(backend):
            for name, calls in sorted(cases.items()):
                full = f"{PREFIX[framework]}.{name}"
                wrong = []
                for (what, call), want in zip(calls, expected[name]):
                    got = _outcome(call, frontend)
                    if not _same(want, got):
                        wrong.append(f"{what}: {_label(want)} expected, {_label(got)}")
                records.append(
                    {
                        "name": full,
                        "backend": backend,
                        "status": "fail" if wrong else "pass",
                        "detail": "; ".join(wrong) or f"{len(calls)} wrong calls",
                    }
                )
    return records


def write(framework: str, records: list[dict[str, str]]) -> None:
    suite = f"errors_{framework}"
    document = {
        "suite": suite,
        "framework": framework,
        "command": f"python -m tests.conformance.errors --framework {framework}",
        "generated": datetime.date.today().isoformat(),
        "records": records,
    }
    (RESULTS / f"{suite}.json").write_text(json.dumps(document, indent=1) + "\n")
    lines = [
        f"# Exception classes: {framework}",
        "",
        "Wrong calls (shapes that do not broadcast, axes out of range, wrong shapes for",
        "reshapes, joins and products, indices out of range) to each name, through the",
        "frontend on each backend, against the real framework's exception class",
        f"(`{document['command']}`; see `docs/errors.md`).",
        "",
        "| backend | pass | fail |",
        "|---|---|---|",
    ]
    for backend in BACKENDS:
        mine = [r for r in records if r["backend"] == backend]
        passed = sum(r["status"] == "pass" for r in mine)
        lines.append(f"| {backend} | {passed} | {len(mine) - passed} |")
    lines += ["", "| name | backend | detail |", "|---|---|---|"]
    lines += [
        f"| `{r['name']}` | {r['backend']} | {r['detail']} |"
        for r in records
        if r["status"] == "fail"
    ]
    (RESULTS / f"{suite}.md").write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--framework", nargs="*", default=list(PREFIX))
    parser.add_argument("--backend", nargs="*", default=list(BACKENDS))
    args = parser.parse_args(argv)
    for framework in args.framework:
        records = run(framework, tuple(args.backend))
        path = RESULTS / f"errors_{framework}.json"
        if path.exists():  # a partial run keeps the other backends' records
            kept = json.loads(path.read_text())["records"]
            records = [r for r in kept if r["backend"] not in args.backend] + records
        write(framework, records)
        passed = sum(r["status"] == "pass" for r in records)
        print(f"{framework}: {passed}/{len(records)} pass")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
