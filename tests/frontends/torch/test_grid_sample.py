"""grid_sample, affine_grid, gumbel_softmax and the *_with_indices aliases of
frontends.torch.nn.functional against real torch on every backend.

gumbel_softmax's noise comes from the frontend's generator, not torch's stream, so it is
checked for its distribution's structure (rows sum to 1, hard one-hot, gradients)."""

from __future__ import annotations

import itertools

import numpy
import pytest
import torch as real_torch
import torch.nn.functional as RF

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, check

F = torch.nn.functional
TOL = {"rtol": 1e-4, "atol": 1e-5}
RNG = numpy.random.default_rng(0)
X2 = RNG.standard_normal((2, 3, 5, 6)).astype(numpy.float32)
G2 = RNG.uniform(-1.3, 1.3, (2, 4, 7, 2)).astype(numpy.float32)
X3 = RNG.standard_normal((2, 2, 3, 4, 5)).astype(numpy.float32)
G3 = RNG.uniform(-1.3, 1.3, (2, 2, 3, 4, 3)).astype(numpy.float32)


def _pair(array: numpy.ndarray, grad: bool = False) -> tuple[torch.Tensor, real_torch.Tensor]:
    ours, real = torch.tensor(array), real_torch.from_numpy(array.copy())
    if grad:
        ours.requires_grad_(True)
        real.requires_grad_(True)
    return ours, real


FIVE_D = {
    ("bilinear", "zeros", False),
    ("bilinear", "border", True),
    ("nearest", "reflection", True),
}


def test_grid_sample_all_modes(backend: str) -> None:
    """every mode x padding x align_corners, 4-D and (bilinear/nearest) 5-D input; on jax
    and tensorflow (slow eager dispatch; core gives the same values) a covering subset."""
    combos = list(
        itertools.product(
            ("bilinear", "nearest", "bicubic"), ("zeros", "border", "reflection"), (False, True)
        )
    )
    for mode, padding, align in combos if backend in ("numpy", "torch") else combos[::7]:
        volumetric = (mode, padding, align) in FIVE_D
        cases = [(X2, G2)] + ([(X3, G3)] if volumetric else [])
        for x, g in cases:
            (ox, rx), (og, rg) = _pair(x), _pair(g)
            assert_matches(
                F.grid_sample(ox, og, mode, padding, align),
                RF.grid_sample(rx, rg, mode, padding, align),
                **TOL,
            )


def test_grid_sample_gradients(backend: str) -> None:
    modes = [("bilinear", "reflection"), ("bicubic", "zeros")]
    for mode, padding in modes if backend in ("numpy", "torch") else modes[1:]:
        (ox, rx), (og, rg) = _pair(X2, grad=True), _pair(G2, grad=True)
        F.grid_sample(ox, og, mode, padding, False).square().sum().backward()
        RF.grid_sample(rx, rg, mode, padding, False).square().sum().backward()
        assert_matches(ox.grad, rx.grad, rtol=1e-4, atol=1e-4)
        assert_matches(og.grad, rg.grad, rtol=1e-3, atol=1e-3)


def test_grid_sample_errors(backend: str) -> None:
    x, g = torch.tensor(X2), torch.tensor(G2)
    for kwargs in ({"mode": "area"}, {"padding_mode": "wrap"}):
        check(
            lambda kw=kwargs: F.grid_sample(x, g, **kw),
            lambda kw=kwargs: RF.grid_sample(real_torch.tensor(X2), real_torch.tensor(G2), **kw),
        )
    check(
        lambda: F.grid_sample(torch.tensor(X3), torch.tensor(G3), "bicubic"),
        lambda: RF.grid_sample(real_torch.tensor(X3), real_torch.tensor(G3), "bicubic"),
    )


def test_affine_grid(backend: str) -> None:
    theta2 = RNG.standard_normal((2, 2, 3)).astype(numpy.float32)
    theta3 = RNG.standard_normal((2, 3, 4)).astype(numpy.float32)
    cases = [
        (theta2, (2, 3, 4, 5), False),
        (theta2, (2, 1, 1, 3), True),
        (theta3, (2, 1, 3, 2, 4), True),
    ]
    if backend not in ("numpy", "torch"):
        cases = cases[2:]
    else:
        cases += [(theta, size, not align) for theta, size, align in cases[::2]]
    for theta, size, align in cases:
        (ours, real) = _pair(theta, grad=True)
        result, expected = F.affine_grid(ours, size, align), RF.affine_grid(real, size, align)
        assert_matches(result, expected, **TOL)
        result.sin().sum().backward()
        expected.sin().sum().backward()
        assert_matches(ours.grad, real.grad, rtol=1e-4, atol=1e-4)
    check(
        lambda: F.affine_grid(torch.tensor(theta3), (2, 1, 4, 5), False),
        lambda: RF.affine_grid(real_torch.tensor(theta3), (2, 1, 4, 5), False),
    )


def test_with_indices_aliases(backend: str) -> None:
    x2, x3 = X2, X3
    for name, x, args in (
        ("max_pool2d_with_indices", x2, (2,)),
        ("max_pool3d_with_indices", x3, (2, 1, 1)),
        ("adaptive_max_pool1d_with_indices", x2[0], (3,)),
        ("adaptive_max_pool2d_with_indices", x2, ((2, 3),)),
        ("adaptive_max_pool3d_with_indices", x3, (2,)),
    ):
        (ours, real) = _pair(numpy.ascontiguousarray(x))
        assert_matches(getattr(F, name)(ours, *args), getattr(RF, name)(real, *args))


def test_gumbel_softmax(backend: str) -> None:
    torch.manual_seed(0)
    logits = torch.tensor(numpy.log(numpy.array([[0.6, 0.3, 0.1]] * 4000, numpy.float32)))
    logits.requires_grad_(True)
    soft = F.gumbel_softmax(logits, tau=0.5)
    assert soft.shape == (4000, 3) and soft.dtype == torch.float32
    numpy.testing.assert_allclose(soft.sum(-1).detach().numpy(), 1.0, rtol=1e-5)
    hard = F.gumbel_softmax(logits, tau=0.5, hard=True)
    values = hard.detach().numpy()
    assert set(numpy.unique(values)) == {0.0, 1.0}
    numpy.testing.assert_array_equal(values.sum(-1), 1.0)
    # argmax of logits + Gumbel noise is a sample of softmax(logits)
    numpy.testing.assert_allclose(values.mean(0), [0.6, 0.3, 0.1], atol=0.03)
    # straight-through: the gradient of the hard sample is that of the soft one
    (hard * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    assert logits.grad is not None and numpy.isfinite(logits.grad.numpy()).all()
    assert numpy.abs(logits.grad.numpy()).sum() > 0
    assert F.gumbel_softmax(logits[:5], dim=0).detach().numpy().sum(0) == pytest.approx(1.0)
