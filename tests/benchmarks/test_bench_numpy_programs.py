"""Smoke test of the numpy-programs benchmark at its tiny size (numpy-ml's programs on the
numpy and jax backends, ported by ``transpile`` as a user ports them, host residency at
its default on jax), and of its comparison with real numpy's results. No timing is
asserted."""

from __future__ import annotations

import json

from benchmarks import bench_numpy_programs

PROGRAMS = ["nml_decision_tree", "nml_linear_models"]


def test_tiny_run_matches_real_numpy(tmp_path):
    records = tmp_path / "records.json"
    argv = ["--size", "tiny", "--programs", *PROGRAMS, "--backends", "numpy", "jax"]
    argv += ["--cache", str(tmp_path / "cache"), "--json", str(records)]
    assert bench_numpy_programs.main(argv) == 0
    rows = json.loads(records.read_text())["records"]
    assert [(r["name"], r["backend"], r["status"]) for r in rows] == [
        (name, side, "pass") for name in PROGRAMS for side in ("real numpy", "numpy", "jax")
    ]
    assert all(r["seconds"] > 0 and r["cpu"] > 0 for r in rows)
    # the port is the user's: the library tree and the drivers, transpiled into the cache
    port = (tmp_path / "cache" / "numpy" / "numpy_ml" / "trees" / "dt.py").read_text()
    assert "from frontends import numpy as np" in port


def _result(rtol=1e-7, **values):
    return {"rtol": rtol, "values": {
        name: {"dtype": dtype, "value": value} for name, (dtype, value) in values.items()
    }}  # fmt: skip


def test_mismatch_is_exact_for_integers_and_within_rtol_for_floats():
    expected = _result(rtol=1e-6, labels=("int64", [1, 2, 3]), mean=("float64", [1.0, 2.0]))
    assert bench_numpy_programs.mismatch(expected, expected) == ""
    close = _result(labels=("int64", [1, 2, 3]), mean=("float64", [1.0 + 1e-9, 2.0]))
    assert bench_numpy_programs.mismatch(close, expected) == ""
    far = _result(labels=("int64", [1, 2, 3]), mean=("float64", [1.001, 2.0]))
    assert "mean: differs by up to 0.001" in bench_numpy_programs.mismatch(far, expected)
    wrong = _result(labels=("int64", [1, 2, 4]), mean=("float64", [1.0, 2.0]))
    assert bench_numpy_programs.mismatch(wrong, expected) == "labels: 1 of 3 differ"
    dtype = _result(labels=("int32", [1, 2, 3]), mean=("float64", [1.0, 2.0]))
    assert bench_numpy_programs.mismatch(dtype, expected) == "labels: dtype int32, numpy's int64"
    assert bench_numpy_programs.mismatch(_result(), expected) == "labels: missing"
