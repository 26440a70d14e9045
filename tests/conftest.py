"""Shared test set-up: hypothesis bounds and the backend fixture."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import core

settings.register_profile(
    "default",
    max_examples=int(os.environ.get("HYPOTHESIS_MAX_EXAMPLES", "12")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
settings.load_profile("default")

BACKENDS = ("numpy", "torch", "jax", "tensorflow")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest):
    """Run the test once per backend, with that backend set."""
    with core.use_backend(request.param):
        yield request.param


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Collecting test_op_db imports torch's internal test utilities, which load torch's own
    hypothesis profile; load ours again once collection is over."""
    settings.load_profile("default")
