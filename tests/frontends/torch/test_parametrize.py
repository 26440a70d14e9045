"""frontends.torch.nn.utils weight reparametrisations (weight_norm) against real torch."""

from __future__ import annotations

import warnings
from typing import Any

import numpy
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, check

TOL = {"rtol": 1e-5, "atol": 1e-6}


def test_weight_norm(backend: str) -> None:
    x = numpy.random.default_rng(0).standard_normal((2, 2, 5)).astype(numpy.float32)
    for dim in (0, 1, None) if backend in ("numpy", "torch") else (1,):
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
    cases = [("ConvTranspose1d", {"n_power_iterations": 2}), ("Conv1d", {})]
    for module, kwargs in cases if backend in ("numpy", "torch") else cases[:1]:
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


def _symmetric(real: bool) -> Any:
    base = real_torch.nn.Module if real else torch.nn.Module

    class Symmetric(base):
        def forward(self, x: Any) -> Any:
            return x.triu() + x.triu(1).transpose(-1, -2)

        def right_inverse(self, x: Any) -> Any:
            return x.triu()

    return Symmetric()


def test_parametrize(backend: str) -> None:
    x = numpy.random.default_rng(2).standard_normal((2, 3)).astype(numpy.float32)
    real_parametrize, ours_parametrize = real_torch.nn.utils.parametrize, torch.nn.utils.parametrize
    for leave in (True, False) if backend in ("numpy", "torch") else (False,):
        real_torch.manual_seed(0)
        real = real_torch.nn.Linear(3, 3)
        ours = torch.nn.Linear(3, 3)
        ours.load_state_dict({k: torch.tensor(v.numpy()) for k, v in real.state_dict().items()})
        assert not ours_parametrize.is_parametrized(ours)
        real_parametrize.register_parametrization(real, "weight", _symmetric(True))
        ours_parametrize.register_parametrization(ours, "weight", _symmetric(False))
        assert type(ours).__name__ == type(real).__name__ == "ParametrizedLinear"
        assert ours_parametrize.type_before_parametrizations(ours) is torch.nn.Linear
        assert ours_parametrize.is_parametrized(ours, "weight")
        assert not ours_parametrize.is_parametrized(ours, "bias")
        assert list(ours.state_dict()) == list(real.state_dict())
        assert_matches(
            ours.parametrizations.weight.original.detach(),
            real.parametrizations.weight.original.detach(),
        )
        result, expected = ours(torch.tensor(x)), real(real_torch.tensor(x))
        assert_matches(result, expected, **TOL)
        result.square().sum().backward()
        expected.square().sum().backward()
        assert_matches(
            ours.parametrizations.weight.original.grad,
            real.parametrizations.weight.original.grad,
            rtol=1e-4,
            atol=1e-5,
        )
        with ours_parametrize.cached():
            assert ours.weight is ours.weight
        assert ours.weight is not ours.weight
        ours.weight = torch.ones(3, 3)  # through right_inverse
        real.weight = real_torch.ones(3, 3)
        assert_matches(ours.weight.detach(), real.weight.detach())
        ours_parametrize.remove_parametrizations(ours, "weight", leave_parametrized=leave)
        real_parametrize.remove_parametrizations(real, "weight", leave_parametrized=leave)
        assert type(ours) is torch.nn.Linear
        assert list(ours.state_dict()) == list(real.state_dict())
        assert isinstance(ours.weight, torch.nn.Parameter)
        assert_matches(ours.weight.detach(), real.weight.detach())
        check(
            lambda m=ours: ours_parametrize.remove_parametrizations(m, "weight"),
            lambda m=real: real_parametrize.remove_parametrizations(m, "weight"),
        )
