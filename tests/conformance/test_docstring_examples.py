"""A fixed sample of ``python -m tests.conformance.docstring_examples``: the docstring
examples of a few TensorFlow and numpy names against the real framework, on two backends,
and the comparison's own checks."""

from __future__ import annotations

import doctest

import numpy
import pytest

from tests.conformance import docstring_examples as runner

SAMPLE = {
    "tensorflow": [
        "tensorflow.add",
        "tensorflow.reshape",
        "tensorflow.cumsum",
        "tensorflow.gather",
        "tensorflow.strings.split",
        "tensorflow.linspace",
        "tensorflow.clip_by_value",
        "tensorflow.nest.flatten",
    ],
    "numpy": [
        "numpy.cumsum",
        "numpy.reshape",
        "numpy.linalg.norm",
        "numpy.fft.fft",
        "numpy.where",
        "numpy.nan_to_num",
        "numpy.cross",
    ],
}
BACKENDS = ["numpy", "torch"]


@pytest.mark.parametrize("framework", list(SAMPLE))
def test_sample_matches_the_framework(framework: str) -> None:
    pytest.importorskip(framework)
    records, stats = runner.run(framework, BACKENDS, SAMPLE[framework])
    assert sorted((r["name"], r["backend"]) for r in records) == sorted(
        (name, backend) for name in SAMPLE[framework] for backend in BACKENDS
    )
    assert all(compared >= 3 * len(SAMPLE[framework]) for compared, _ in stats["examples"].values())
    failing = [f"{r['name']} on {r['backend']}: {r['detail']}" for r in records if r["status"] != "pass"]  # fmt: skip
    assert not failing, failing


def _outcomes(source: str, module: object) -> list:
    examples = doctest.DocTestParser().get_examples(source)
    return runner.run_docstring(examples, {"np": module, "numpy": module})


def test_values_not_reprs_are_compared() -> None:
    """A float32 result where numpy gives float64 fails; an array of the same values
    held by another class passes; an unseeded draw is compared by kind, dtype and shape."""
    theirs = _outcomes(">>> x = np.arange(3.0)\n>>> x * 2\n>>> print(x.sum())\n", numpy)

    class Float32:  # a module whose arange gives float32
        @staticmethod
        def arange(n: float) -> numpy.ndarray:
            return numpy.arange(n, dtype=numpy.float32)

    ours = _outcomes(">>> x = np.arange(3.0)\n>>> x * 2\n>>> print(x.sum())\n", Float32)
    status, detail, compared, loose = runner.compare_docstring(
        "numpy", (theirs, theirs), ours, runner.Counter()
    )
    assert (status, compared, loose) == ("fail", 2, 0)
    assert "dtype <f4 != <f8" in detail
    status, _, _, _ = runner.compare_docstring("numpy", (theirs, theirs), theirs, runner.Counter())
    assert status == "pass"
    draw = ">>> np.random.random(3)\n"
    first, second = _outcomes(draw, numpy), _outcomes(draw, numpy)
    status, _, compared, loose = runner.compare_docstring(
        "numpy", (first, second), _outcomes(draw, numpy), runner.Counter()
    )
    assert (status, compared, loose) == ("pass", 1, 1)


def test_an_output_marked_may_vary_is_compared_by_kind() -> None:
    """numpy marks implementation-defined outputs (eigenvector signs, hash order) with
    ``# may vary``: other values pass, another dtype still fails."""
    source = ">>> np.array([2, 1])\narray([1, 2])  # may vary\n"
    examples = doctest.DocTestParser().get_examples(source)
    theirs = _outcomes(source, numpy)
    wants = [e.want for e in examples]
    for ours, expected in (([1, 2], "pass"), ([1.0, 2.0], "fail")):
        mine = [[("value", runner.canonical(numpy.array(ours)))]]
        status, _, _, loose = runner.compare_docstring(
            "numpy", (theirs, theirs), mine, runner.Counter(), None, wants
        )
        assert (status, loose) == (expected, 1)
    mine = [[("value", runner.canonical(numpy.array([1, 2])))]]
    status, _, _, _ = runner.compare_docstring("numpy", (theirs, theirs), mine, runner.Counter())
    assert status == "fail"


def test_the_exception_class_is_compared() -> None:
    theirs = _outcomes(">>> np.ones(3) + np.ones(4)\n", numpy)
    assert theirs[0][0][0] == "error" and theirs[0][0][1][0] == "ValueError"
    ours = [[("value", runner.canonical(numpy.ones(3)))]]
    status, detail, _, _ = runner.compare_docstring(
        "numpy", (theirs, theirs), ours, runner.Counter()
    )
    assert status == "fail" and "raises ValueError" in detail
