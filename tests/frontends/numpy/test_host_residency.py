"""Host residency (frontends.base.host): while jax, torch or tensorflow is set, the numpy
frontend holds small arrays as numpy arrays and computes them with core's numpy backend;
an array meeting a backend's array moves to the backend. Values always match real numpy;
what is checked here is where arrays are held, and that nothing is lost on the way."""

from __future__ import annotations

import numpy
import pytest

import core
from core import native
from frontends import numpy as fnp
from frontends.base.host import host_calls
from tests.frontends.numpy.oracle import compare

DEVICE_BACKENDS = ("torch", "jax", "tensorflow")


@pytest.fixture(params=DEVICE_BACKENDS)
def device_backend(request: pytest.FixtureRequest):
    """A backend other than numpy, with host residency at its default threshold."""
    with core.use_backend(request.param):
        threshold = core.host_threshold()
        core.set_host_threshold(1 << 16)
        try:
            yield request.param
        finally:
            core.set_host_threshold(threshold)


def on_host(array: fnp.ndarray) -> bool:
    owner = array if array._root is None else array._root
    return type(owner._value) is numpy.ndarray


def a_program(np):
    """A few dozen calls of the kinds numpy programs make in their loops."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 3))
    w = np.zeros(3)
    for _ in range(5):
        scores = X @ w
        errors = scores - X[:, 0]
        w -= 0.1 * X.T.dot(errors) / len(X)
        w[0] = np.clip(w[0], -1.0, 1.0)
    order = np.argsort(X[:, 1])
    picked = X[order[:4]]
    picked[picked > 0] = 0.0
    means = np.mean(X, axis=0)
    stacked = np.c_[np.ones(len(X)), X]
    return w, picked, means, stacked.sum(), np.exp(np.sin(X)).max(), X[3, 1]


def test_a_program_stays_on_the_host_and_gives_numpy_values(device_backend):
    results = compare(a_program, rtol=1e-12)
    assert all(on_host(r) for r in results[:3])
    assert core.get_backend() == device_backend  # the host calls restored it


def test_an_array_meeting_a_backend_array_moves_there(device_backend):
    small = fnp.arange(4.0)
    large = fnp.ones(1 << 17)  # past the threshold: created on the backend
    assert on_host(small) and not on_host(large)
    total = large[:4] + small
    assert not on_host(total) and not on_host(small)  # small moved: same values
    numpy.testing.assert_array_equal(numpy.asarray(total), numpy.arange(4.0) + 1)
    numpy.testing.assert_array_equal(numpy.asarray(small), numpy.arange(4.0))


def test_a_view_moves_with_its_base_and_writes_still_reach_it(device_backend):
    base = fnp.arange(6.0)
    view = base[2:]
    view[0] = 10.0  # a host write through a view
    assert on_host(base) and base[2] == 10.0
    device = fnp.ones(1 << 17)[:4]
    view + device  # the view meets the backend: it and its base move
    assert not on_host(base)
    view[1] = 20.0  # a backend write through the same view
    numpy.testing.assert_array_equal(numpy.asarray(base), [0, 1, 10, 20, 4, 5])


def test_metadata_and_host_reads_move_nothing(device_backend):
    a = fnp.arange(6.0).reshape(2, 3)
    v = a.T
    a[0, 0] = 5.0  # v is stale now
    facts = (a.shape, a.dtype, a.ndim, a.size, len(a), float(a[0, 0]), a.tolist(), repr(v))
    assert facts[:6] == ((2, 3), numpy.dtype("float64"), 2, 6, 2, 5.0)
    assert numpy.asarray(v)[0, 0] == 5.0
    assert on_host(a) and on_host(v)


def test_the_threshold_decides_where_results_are_held(device_backend):
    core.set_host_threshold(10)
    assert on_host(fnp.zeros(10)) and not on_host(fnp.zeros(11))
    assert not on_host(fnp.outer(fnp.arange(4.0), fnp.arange(4.0)))  # 16 > 10
    core.set_host_threshold(0)  # off: every array on the backend, as before host residency
    assert not host_calls.allowed and not on_host(fnp.zeros(3))


def test_an_error_in_a_host_call_restores_the_backend(device_backend):
    bound = native.add
    with pytest.raises(ValueError, match="cannot reshape"):
        fnp.arange(6).reshape(4, 2)
    assert core.get_backend() == device_backend and native.add is bound
    assert host_calls.allowed


def test_random_draws_are_numpys_and_on_the_host(device_backend):
    fnp.random.seed(3)
    ours = fnp.random.rand(3)
    numpy.random.seed(3)  # (the frontend's global generator is numpy's own)
    assert on_host(ours)
    numpy.testing.assert_array_equal(numpy.asarray(ours), numpy.random.rand(3))


def test_other_frontends_take_host_arrays_on_the_backend(device_backend):
    from frontends import torch

    host = fnp.arange(3.0)
    tensor = torch.as_tensor(host) * 2
    assert not isinstance(tensor._value, numpy.ndarray)
    numpy.testing.assert_array_equal(tensor.numpy(), [0.0, 2.0, 4.0])


@pytest.mark.parametrize("threshold", [0, 1 << 16])
def test_a_numpy_array_made_inside_a_trace_reaches_jax(threshold):
    """Host-resident, it is a constant of the trace; on the backend, a traced value that
    jnp.asarray takes as it is (it read it to the host before)."""
    from frontends import jax

    with core.use_backend("jax"):
        core.set_host_threshold(threshold)

        def step(x):
            return x + jax.numpy.asarray(fnp.ones(3))

        result = jax.jit(step)(jax.numpy.arange(3.0))
        numpy.testing.assert_array_equal(numpy.asarray(result), [1.0, 2.0, 3.0])


def test_a_backend_activated_inside_a_host_call_is_undone_after_it(device_backend):
    """Code called back from a host call (``apply_along_axis``'s function) may set a
    backend for a while: the host call ends with everything bound to the backend set."""
    bound = (native.add, native.linalg.svd)

    def callback(x):
        with core.use_backend("numpy"):
            return x + 1

    assert fnp.apply_along_axis(callback, 0, fnp.arange(3)).tolist() == [1, 2, 3]
    assert (native.add, native.linalg.svd) == bound and core.get_backend() == device_backend


def test_host_calls_while_autodiff_records_leave_it_recording(device_backend):
    """A torch parameter alive (autodiff records) does not stop host calls, and a host
    call ends with core's recording functions bound again."""
    from frontends import torch

    weight = torch.ones(3, requires_grad=True)
    host = fnp.arange(3.0) * 2 + 1
    assert on_host(host) and host.tolist() == [1.0, 3.0, 5.0]
    (weight * torch.as_tensor(host)).sum().backward()
    numpy.testing.assert_array_equal(weight.grad.numpy(), [1.0, 3.0, 5.0])


@pytest.mark.parametrize("bad", [-1, 1.5, "65536"])
def test_a_bad_threshold_is_refused_naming_it(bad):
    with pytest.raises(ValueError, match="number of elements >= 0, got"):
        core.set_host_threshold(bad)
    assert core.host_threshold() == 0  # (this module's conftest set it; unchanged)
