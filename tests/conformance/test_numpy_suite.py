"""The default suite's sample of ``python -m tests.conformance.numpy_suite``: two of numpy's
own test files through the frontend, on the numpy and torch backends, must keep at least
the committed numbers (``docs/conformance/numpy_suite.json``)."""

from __future__ import annotations

import json
import re

from tests.conformance import numpy_suite

SAMPLE = ["lib/tests/test_twodim_base.py", "fft/tests/test_helper.py"]
BACKENDS = ["numpy", "torch"]


def test_sample_keeps_the_committed_numbers(tmp_path):
    path = numpy_suite.RESULTS / f"{numpy_suite.SUITE}.json"
    committed = {(r["name"], r["backend"]): r for r in json.loads(path.read_text())["records"]}
    records = numpy_suite.run(BACKENDS, SAMPLE, timeout=30, budget=120, workdir=tmp_path)
    assert sorted((r["name"], r["backend"]) for r in records) == sorted(
        (f"numpy/{name}", backend) for name in SAMPLE for backend in BACKENDS
    )
    for record in records:
        before = committed[record["name"], record["backend"]]
        assert record["passed"] > 0 and record["not_run"] == 0, record
        assert record["passed"] >= before["passed"], (record, before)
        assert record["failed"] <= before["failed"], (record, before)


def test_deselections_match_left_out_features_only():
    def reason(test_id):
        rules = [(p, r) for where, p, r in numpy_suite.DESELECTED if where == "id"]
        return next((r for p, r in rules if re.search(p, test_id)), None)

    assert "long double" in reason("_core/tests/test_umath.py::test_x[longdouble]")
    assert "datetime" in reason("_core/tests/test_numeric.py::TestX::test_datetime_y")
    assert reason("lib/tests/test_function_base.py::TestDiff::test_basic") is None
    assert reason("_core/tests/test_numeric.py::TestClip::test_simple_double") is None


def test_a_refusal_of_a_left_out_dtype_is_not_a_failure():
    outcomes = [
        {"id": "f.py::test_a", "outcome": "failed",
         "detail": "TypeError: dtype dtype('float128') is not supported by this numpy frontend"},
        {"id": "f.py::test_b", "outcome": "failed",
         "detail": "TypeError: dtype dtype([('f0', 'S1')]) is not supported by this numpy frontend"},
        {"id": "f.py::test_c", "outcome": "failed", "detail": "AssertionError: to avoid this"},
        {"id": "f.py::test_d", "outcome": "passed", "detail": ""},
    ]  # fmt: skip
    (record,) = numpy_suite.summarize("numpy", outcomes, ["f.py"], [])
    assert (record["passed"], record["failed"], record["deselected"]) == (1, 1, 2)
    assert sum(record["deselected_by"].values()) == 2


def test_a_file_not_collected_in_time_is_not_run_not_passed():
    """A file whose collection was stopped (or never started: the budget was spent) has
    no outcomes: the tests real numpy collects from it count as not run."""
    outcomes = [
        {"id": "a.py::test_a", "outcome": "collected"},
        {"id": "a.py::test_a", "outcome": "passed", "detail": ""},
    ]
    reference = ["a.py::test_a", "b.py::TestB::test_b", "b.py::test_c"]
    first, second = numpy_suite.summarize("jax", outcomes, ["a.py", "b.py"], reference)
    assert (first["passed"], first["not_run"]) == (1, 0)
    assert (second["passed"], second["failed"], second["not_run"]) == (0, 0, 2)
    assert second["status"] == "fail"


def test_a_folder_named_like_a_stdlib_module_is_copied_under_another_name():
    """pytest's importlib mode would import a copied ``random/`` folder as ``random``."""
    test_id = "random/tests/test_generator_mt19937.py::TestX::test_y[1]"
    assert not numpy_suite._local(test_id).startswith("random/")
    assert numpy_suite._original(numpy_suite._local(test_id)) == test_id
    assert numpy_suite._local("lib/tests/test_io.py") == "lib/tests/test_io.py"
