"""The numpy frontend's differential tests run its code on the backend they name: host
residency (small arrays computed by the numpy backend while another backend is set, the
default for users) is off here, so that a test on jax, torch or tensorflow exercises that
backend; on the host the frontend's code runs on the numpy backend, which the same tests
cover with ``backend="numpy"``. ``test_host_residency.py`` turns it on and tests where
arrays are held; ``tests/benchmarks`` runs real numpy programs with the default."""

from __future__ import annotations

import pytest

import core


@pytest.fixture(autouse=True)
def _arrays_on_the_backend():
    threshold = core.host_threshold()
    core.set_host_threshold(0)
    try:
        yield
    finally:
        core.set_host_threshold(threshold)
