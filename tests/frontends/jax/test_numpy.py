"""jax.numpy against real JAX (x64 off) on four backends: dtype, weak type, shape, values
and exception type of every expression of ``numpy_cases`` (one oracle subprocess for all)."""

from __future__ import annotations

import warnings

import numpy
import pytest

from frontends.jax import numpy as jnp
from tests.frontends.jax.numpy_cases import GROUPS, SETUP
from tests.frontends.jax.oracle import real_jax

ORACLE = (
    SETUP
    + """
import warnings
warnings.simplefilter("ignore")

def describe(r):
    if isinstance(r, (tuple, list)):
        return [describe(item) for item in r]
    if isinstance(r, jax.Array):
        return ("array", str(r.dtype), bool(r.weak_type), tuple(r.shape), np.asarray(r))
    return ("value", r)

result = {}
for e in __CASES__:
    try:
        result[e] = describe(eval(e))
    except Exception as err:
        result[e] = ("error", type(err).__name__)
"""
)

# the jax backend compiles every op of every case eagerly (seconds per group): it checks
# every third case of each group, the other backends all of them
JAX_BACKEND_STRIDE = 4


def describe(r: object) -> object:
    if isinstance(r, (tuple, list)):
        return [describe(item) for item in r]
    if isinstance(r, jnp.ndarray):
        return ("array", str(r.dtype), bool(r.weak_type), tuple(r.shape), numpy.asarray(r))
    return ("value", r)


def _tolerance(dtype: str) -> float:
    return {"float16": 2e-3, "bfloat16": 2e-2}.get(dtype, 2e-5)


def mismatch(got: object, want: object) -> str | None:
    """Why ``got`` differs from ``want`` (None when they agree)."""
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return f"structure {got!r} != {want!r}"
        for g, w in zip(got, want):
            why = mismatch(g, w)
            if why:
                return why
        return None
    if got[0] != want[0]:
        return f"{got} != {want}"
    if want[0] == "error":
        return None if got[1] == want[1] else f"error {got[1]} != {want[1]}"
    if want[0] == "value":
        w, g = want[1], got[1]
        if isinstance(w, float) and isinstance(g, float):
            return None if numpy.isclose(g, w, rtol=1e-5) else f"{g} != {w}"
        return None if type(g) is type(w) and g == w else f"{g!r} != {w!r}"
    _, dtype, weak, shape, values = want
    if (got[1], got[2], got[3]) != (dtype, weak, shape):
        return f"(dtype, weak, shape) {got[1:4]} != {(dtype, weak, shape)}"
    g = got[4].astype(numpy.float64 if values.dtype.kind not in "c" else numpy.complex128)
    w = values.astype(g.dtype)
    tol = _tolerance(dtype)
    if not numpy.allclose(g, w, rtol=tol, atol=tol, equal_nan=True):
        return f"values {got[4]} != {values}"
    return None


def expected(group: str) -> dict:
    """Real JAX's results for a group (one subprocess per group, cached on disk)."""
    return real_jax(ORACLE.replace("__CASES__", repr(tuple(GROUPS[group]))))


def _namespace() -> dict:
    env = {"jnp": jnp, "np": numpy}
    exec(SETUP, env)
    return env


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_matches_real_jax(backend: str, group: str) -> None:
    want = expected(group)
    env = _namespace()
    failures = []
    cases = GROUPS[group][:: JAX_BACKEND_STRIDE if backend == "jax" else 1]
    for expr in cases:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                got = describe(eval(expr, env))
            except Exception as err:
                got = ("error", type(err).__name__)
        why = mismatch(got, want[expr])
        if why:
            failures.append(f"{expr}: {why}")
    assert not failures, f"{len(failures)} mismatches:\n" + "\n".join(failures)


X64_CASES = (
    "jnp.sum(i)", "jnp.mean(i)", "jnp.sin(i)", "jnp.arange(3)", "jnp.linspace(0, 1, 3)",
    "jnp.add(i, 1.5)", "jnp.argmax(x)", "jnp.cumsum(i8)", "jnp.unique(iv)", "jnp.fft.fft(v)",
    "jnp.linalg.det(sq)", "jnp.sum(b)", "jnp.nonzero(i)", "jnp.var(x)", "jnp.add(wk, 1)",
    "jnp.array(1.0)", "jnp.zeros(2)", "jnp.searchsorted(v, 1.5)", "jnp.histogram(v, 2)",
)  # fmt: skip


def test_x64_mode(backend: str) -> None:
    """With x64 on (jax.config / enable_x64), 64-bit dtypes are kept, as in real JAX."""
    from frontends.jax.experimental import enable_x64

    code = 'jax.config.update("jax_enable_x64", True)\n' + ORACLE.replace(
        "__CASES__", repr(X64_CASES)
    )
    want = real_jax(code)
    failures = []
    with enable_x64():
        env = _namespace()
        for expr in X64_CASES[:: JAX_BACKEND_STRIDE if backend == "jax" else 1]:
            try:
                got = describe(eval(expr, env))
            except Exception as err:
                got = ("error", type(err).__name__)
            why = mismatch(got, want[expr])
            if why:
                failures.append(f"{expr}: {why}")
    assert not failures, "\n".join(failures)
