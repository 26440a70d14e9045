"""frontends.torch.nn.utils weight reparametrisations (weight_norm) against real torch."""

from __future__ import annotations

import warnings

import numpy
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, check

TOL = {"rtol": 1e-5, "atol": 1e-6}


def test_weight_norm(backend: str) -> None:
    x = numpy.random.default_rng(0).standard_normal((2, 2, 5)).astype(numpy.float32)
    for dim in (0, 1, None):
        real_torch.manual_seed(0)
        real = real_torch.nn.Conv1d(2, 3, 2)
        ours = torch.nn.Conv1d(2, 3, 2)
        ours.load_state_dict({k: torch.tensor(v.numpy()) for k, v in real.state_dict().items()})
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            real_torch.nn.utils.weight_norm(real, dim=dim)
        assert torch.nn.utils.weight_norm(ours, dim=dim) is ours
        assert list(ours.state_dict()) == list(real.state_dict())
        assert_matches(ours.weight_g.detach(), real.weight_g.detach(), **TOL)
        result, expected = ours(torch.tensor(x)), real(real_torch.tensor(x))
        assert_matches(result, expected, **TOL)
        result.square().sum().backward()
        expected.square().sum().backward()
        assert_matches(ours.weight_g.grad, real.weight_g.grad, rtol=1e-4, atol=1e-5)
        assert_matches(ours.weight_v.grad, real.weight_v.grad, rtol=1e-4, atol=1e-5)
        check(
            lambda m=ours, d=dim: torch.nn.utils.weight_norm(m, dim=d),
            lambda m=real, d=dim: real_torch.nn.utils.weight_norm(m, dim=d),
        )
        torch.nn.utils.remove_weight_norm(ours)
        real_torch.nn.utils.remove_weight_norm(real)
        assert list(ours.state_dict()) == list(real.state_dict())
        assert isinstance(ours.weight, torch.nn.Parameter)
        assert_matches(ours.weight.detach(), real.weight.detach(), **TOL)
        check(
            lambda m=ours: torch.nn.utils.remove_weight_norm(m),
            lambda m=real: real_torch.nn.utils.remove_weight_norm(m),
        )
