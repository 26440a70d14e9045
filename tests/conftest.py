"""Shared test set-up: hypothesis bounds, the backend fixture, per-test sample seeds."""

from __future__ import annotations

import os
import zlib

import numpy
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


@pytest.fixture(autouse=True)
def _seed_module_rng(request: pytest.FixtureRequest) -> None:
    """A test module's ``RNG`` (where it draws samples from one) seeded from the test's id:
    each test sees the same data whichever tests ran before it on its xdist worker."""
    if isinstance(getattr(request.module, "RNG", None), numpy.random.Generator):
        request.module.RNG = numpy.random.default_rng(zlib.crc32(request.node.nodeid.encode()))
