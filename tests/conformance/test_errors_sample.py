"""A fixed sample of the exception-class sweep (``python -m tests.conformance.errors``)."""

from __future__ import annotations

import pytest

from tests.conformance import errors

SAMPLE = {
    "numpy": ("add", "arctan2", "sum", "argmax"),
    "torch": ("add", "atan2", "sum", "softmax"),
    "jax": ("numpy.add", "numpy.copysign", "numpy.sum", "numpy.mean"),
    "tensorflow": ("add", "math.squared_difference", "reduce_max", "linalg.inv"),
}


@pytest.mark.parametrize("framework", list(SAMPLE))
def test_sample_matches_the_framework(framework: str) -> None:
    pytest.importorskip({"numpy": "numpy", "jax": "jax"}.get(framework, framework))
    records = errors.run(framework, errors.BACKENDS, SAMPLE[framework])
    assert len(records) == len(SAMPLE[framework]) * len(errors.BACKENDS)
    failing = [
        f"{r['name']} on {r['backend']}: {r['detail']}" for r in records if r["status"] != "pass"
    ]
    assert not failing, failing
