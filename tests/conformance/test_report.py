"""The conformance report: merging suites, and the committed page being current."""

from __future__ import annotations

import json

import pytest

from tests.conformance import report


def _suite(name, framework, records):
    return {
        "suite": name,
        "framework": framework,
        "command": f"python -m {name}",
        "generated": "2026-12-02",
        "records": records,
    }


def test_the_worst_status_over_suites_wins():
    merged = report.merge(
        [
            _suite(
                "a",
                "torch",
                [
                    {"name": "torch.add", "backend": "jax", "status": "pass"},
                    {"name": "torch.sub", "backend": "jax", "status": "pass"},
                ],
            ),
            _suite(
                "b",
                "torch",
                [{"name": "torch.add", "backend": "jax", "status": "fail", "detail": "values"}],
            ),
        ]
    )
    assert merged["torch"]["torch.add"]["jax"] == {
        "status": "fail",
        "detail": "values",
        "suite": "b",
    }
    assert merged["torch"]["torch.sub"]["jax"]["status"] == "pass"


def test_rates_leave_declared_names_out():
    page = report.render(
        [
            _suite(
                "a",
                "numpy",
                [
                    {"name": "numpy.add", "backend": "numpy", "status": "pass"},
                    {
                        "name": "numpy.longdouble",
                        "backend": "numpy",
                        "status": "unsupported",
                        "detail": "no long double",
                    },
                    {"name": "numpy.sub", "backend": "numpy", "status": "fail", "detail": "x|y"},
                ],
            )
        ]
    )
    assert "| numpy | 50.0% (1/2, 1 declared) | - | - | - |" in page
    assert "| `numpy.sub` | **fail** | - | - | - | numpy: x\\|y |" in page


def test_a_per_file_suite_counts_tests_not_names():
    def record(name, backend, passed, failed, deselected):
        counts = {"passed": passed, "failed": failed, "deselected": deselected}
        status = "pass" if not failed else "fail"
        return {"name": name, "backend": backend, "status": status, "skipped": 0,
                "not_run": 0, **counts}  # fmt: skip

    suite = _suite(
        "numpy_suite",
        "numpy test suite",
        [record("numpy/a.py", "numpy", 9, 1, 2), record("numpy/b.py", "numpy", 3, 0, 0)],
    )
    suite["per_file"] = True
    page = report.render([suite])
    assert "| numpy test suite | 92.3% (12/13 tests, 2 deselected) | - | - | - |" in page
    assert "| `numpy/a.py` | 90% (9/10) | - | - | - |" in page
    assert "numpy/b.py` | pass" not in page  # no per-name rows
    assert report.merge([suite]) == {}


def test_bad_records_are_refused(tmp_path):
    (tmp_path / "x.json").write_text(
        json.dumps(
            _suite("x", "jax", [{"name": "jax.numpy.add", "backend": "mxnet", "status": "pass"}])
        )
    )
    with pytest.raises(ValueError, match="bad record"):
        report.load_suites(tmp_path)


def test_the_committed_page_is_current():
    assert report.main(["--check"]) == 0, "run python -m tests.conformance.report"
