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


def test_spectral_norm(backend: str) -> None:
    """u/v are copied from real torch (the frontend's generator is not torch's stream);
    then training-mode power iterations, eval mode, gradients and removal must agree."""
    x = numpy.random.default_rng(1).standard_normal((2, 3, 4)).astype(numpy.float32)
    for module, kwargs in (("Conv1d", {}), ("ConvTranspose1d", {"n_power_iterations": 2})):
        real_torch.manual_seed(0)
        real = getattr(real_torch.nn, module)(3, 2, 2)
        ours = getattr(torch.nn, module)(3, 2, 2)
        ours.load_state_dict({k: torch.tensor(v.numpy()) for k, v in real.state_dict().items()})
        real_torch.nn.utils.spectral_norm(real, **kwargs)
        torch.nn.utils.spectral_norm(ours, **kwargs)
        assert sorted(ours.state_dict()) == sorted(real.state_dict())
        assert ours.weight_u.shape == real.weight_u.shape
        with torch.no_grad():
            ours.weight_u.copy_(torch.tensor(real.weight_u.numpy()))
            ours.weight_v.copy_(torch.tensor(real.weight_v.numpy()))
        for _ in range(2):
            result, expected = ours(torch.tensor(x)), real(real_torch.tensor(x))
            assert_matches(result, expected, rtol=1e-4, atol=1e-5)
            assert_matches(ours.weight_u, real.weight_u, rtol=1e-4, atol=1e-5)
        result.square().sum().backward()
        expected.square().sum().backward()
        assert_matches(ours.weight_orig.grad, real.weight_orig.grad, rtol=1e-3, atol=1e-4)
        ours.eval()
        real.eval()
        assert_matches(ours(torch.tensor(x)), real(real_torch.tensor(x)), rtol=1e-4, atol=1e-5)
        torch.nn.utils.remove_spectral_norm(ours)
        real_torch.nn.utils.remove_spectral_norm(real)
        assert sorted(ours.state_dict()) == sorted(real.state_dict())
        assert_matches(ours.weight.detach(), real.weight.detach(), rtol=1e-4, atol=1e-5)
