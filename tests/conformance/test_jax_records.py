"""The default suite's sample of ``python -m tests.conformance.jax_records``: a few names of
JAX's own test records (jnp ops, a reducer, Array operators, lax ops and structured ops,
jax.random) against real JAX on every backend (every 8th case on the jax backend, whose
eager compiles cost most)."""

from __future__ import annotations

import pytest

from tests.conformance import jax_records

SAMPLE = [
    "jax.numpy.add",
    "jax.numpy.floor_divide",
    "jax.numpy.sum",
    "jax.numpy.argmax",
    "jax.numpy.where",
    "jax.Array.__mul__",
    "jax.lax.add",
    "jax.lax.dot_general",
    "jax.lax.scatter_add",
    "jax.random.uniform",
]


def test_sample_matches_real_jax() -> None:
    pytest.importorskip("jax")
    records = jax_records.run(jax_records.BACKENDS, SAMPLE, strides={"jax": 8})
    assert sorted((r["name"], r["backend"]) for r in records) == sorted(
        (name, backend) for name in SAMPLE for backend in jax_records.BACKENDS
    )
    failed = [
        f"{r['name']} on {r['backend']}: {r['detail']}" for r in records if r["status"] != "pass"
    ]
    assert not failed, failed


def test_a_wrong_value_is_caught() -> None:
    """The comparison fails a case whose values, dtype or error class differ."""
    values = __import__("numpy").array([1.0, 2.0], "float32")
    want = ("array", "float32", False, (2,), values)
    assert jax_records.compare(want, want, 0.0) == ("pass", "")
    assert (
        jax_records.compare(("array", "float32", False, (2,), values + 1e-3), want, 2e-5)[0]
        == "fail"
    )
    assert jax_records.compare(("array", "float16", False, (2,), values), want, 0.0)[0] == "fail"
    error = ("error", ["TypeError", "Exception"], "x")
    assert jax_records.compare(("error", ["ValueError", "Exception"], "y"), error, 0.0)[0] == "fail"
    assert (
        jax_records.compare(("error", ["UnsupportedDtypeError", "TypeError"], "y"), error, 0.0)[0]
        == "pass"
    )
    assert jax_records.compare(want, error, 0.0)[0] == "fail"
