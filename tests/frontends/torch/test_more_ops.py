"""Tensor.fill_diagonal_, Tensor.cauchy_/geometric_/log_normal_, torch.frobenius_norm and
torch.nuclear_norm against real torch on every backend (the samplers: same values on every
backend for a seed, the distribution's shape, and torch's argument errors)."""

from __future__ import annotations

import numpy
import torch as real_torch

import core
from frontends import torch
from tests.frontends.torch.oracle import both, check

RNG = numpy.random.default_rng(3)


def test_fill_diagonal_(backend):
    for shape in [(3, 5), (7, 3), (3, 3, 3)]:
        for wrap in (False, True):
            f, r = both(numpy.arange(numpy.prod(shape)).reshape(shape), "float32")
            check(lambda: f.fill_diagonal_(-1.5, wrap), lambda: r.fill_diagonal_(-1.5, wrap))  # noqa: B023
    for shape in [(4,), (2, 3, 4)]:
        f, r = both(numpy.zeros(shape), "int64")
        check(lambda: f.fill_diagonal_(2), lambda: r.fill_diagonal_(2))  # noqa: B023


def test_norms(backend):
    f, r = both(RNG.standard_normal((3, 4, 5)), "float32")
    tol = {"rtol": 1e-4, "atol": 1e-5}
    check(lambda: torch.frobenius_norm(f, (0, 2)), lambda: real_torch.frobenius_norm(r, (0, 2)))
    check(lambda: torch.frobenius_norm(f, 1, True), lambda: real_torch.frobenius_norm(r, 1, True))
    check(lambda: torch.nuclear_norm(f[0]), lambda: real_torch.nuclear_norm(r[0]), **tol)
    check(
        lambda: torch.nuclear_norm(f[0], True), lambda: real_torch.nuclear_norm(r[0], True), **tol
    )
    check(lambda: torch.nuclear_norm(f, (0, 2)), lambda: real_torch.nuclear_norm(r, (0, 2)), **tol)
    check(lambda: torch.nuclear_norm(f), lambda: real_torch.nuclear_norm(r), **tol)


def _samples(backend_name: str) -> list[numpy.ndarray]:
    with core.use_backend(backend_name):
        torch.manual_seed(5)
        return [
            torch.empty(4000).cauchy_(1.0, 2.0).numpy(),
            torch.empty(4000, dtype=torch.float64).geometric_(0.25).numpy(),
            torch.empty(4000, dtype=torch.float64).log_normal_(0.5, 0.75).numpy(),
        ]


def test_cauchy_geometric_log_normal_(backend):
    ours = _samples(backend)
    assert all(numpy.array_equal(a, b) for a, b in zip(ours, _samples("numpy")))
    real_torch.manual_seed(5)
    real = [
        real_torch.empty(4000).cauchy_(1.0, 2.0).numpy(),
        real_torch.empty(4000, dtype=real_torch.float64).geometric_(0.25).numpy(),
        real_torch.empty(4000, dtype=real_torch.float64).log_normal_(0.5, 0.75).numpy(),
    ]
    assert ours[0].dtype == real[0].dtype and ours[1].dtype == real[1].dtype
    assert abs(numpy.median(ours[0]) - 1.0) < 0.2  # the median and the scale (quartiles)
    assert abs(numpy.subtract(*numpy.percentile(ours[0], [75, 25])) - 4.0) < 0.5
    assert ours[1].min() >= 1 and numpy.all(ours[1] == numpy.round(ours[1]))
    assert abs(ours[1].mean() - real[1].mean()) < 0.3  # 1 / p
    assert abs(numpy.log(ours[2]).std() - 0.75) < 0.05
    assert abs(numpy.log(ours[2]).mean() - numpy.log(real[2]).mean()) < 0.06
    f, r = both(numpy.zeros(3), "float32")
    check(lambda: f.geometric_(1.5), lambda: r.geometric_(1.5))
    check(lambda: f.log_normal_(0.0, -1.0), lambda: r.log_normal_(0.0, -1.0))


def test_histogramdd(backend):
    f, r = both(RNG.standard_normal((20, 3)), "float32")
    wf, wr = both(RNG.random(20), "float32")
    ef, er = both(numpy.array([-1, 0, 2.0]), "float32")
    box = [-1.0, 1.0, 0.0, 2.0]
    calls = [
        lambda t, x, w, e: t.histogramdd(x, [2, 3, 4]),
        lambda t, x, w, e: t.histogramdd(x, 3, weight=w, density=True),
        lambda t, x, w, e: t.histogramdd(x[:, :2], [2, 2], range=box),
        lambda t, x, w, e: t.histogramdd(x[:, :2], [e, e]),
        lambda t, x, w, e: t.histogramdd(x, [2, 2]),  # bins for 2 of 3 dimensions
    ]
    for call in calls:
        check(lambda: call(torch, f, wf, ef), lambda: call(real_torch, r, wr, er))  # noqa: B023


def test_adaptive_log_softmax_with_loss(backend):
    real_torch.manual_seed(0)
    real = real_torch.nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6], div_value=2.0, head_bias=True)
    ours = torch.nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6], div_value=2.0, head_bias=True)
    assert sorted(ours.state_dict()) == sorted(real.state_dict())
    ours.load_state_dict(
        {k: both(v.detach().numpy(), "float32")[0] for k, v in real.state_dict().items()}
    )
    x, xr = both(RNG.standard_normal((5, 8)), "float32")
    t, tr = both(numpy.array([0, 4, 9, 2, 7]), "int64")
    tol = {"rtol": 1e-4, "atol": 1e-5}
    check(lambda: tuple(ours(x, t)), lambda: tuple(real(xr, tr)), **tol)
    check(lambda: ours.log_prob(x), lambda: real.log_prob(xr), **tol)
    check(lambda: ours.predict(x), lambda: real.predict(xr))
    check(lambda: tuple(ours(x[0], t[1])), lambda: tuple(real(xr[0], tr[1])), **tol)
    check(lambda: ours(x, t + 5), lambda: real(xr, tr + 5))
    check(
        lambda: torch.nn.AdaptiveLogSoftmaxWithLoss(8, 10, [6, 3]),
        lambda: real_torch.nn.AdaptiveLogSoftmaxWithLoss(8, 10, [6, 3]),
    )
