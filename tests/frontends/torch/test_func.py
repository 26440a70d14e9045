"""torch.func against real torch.func on every backend: grad / grad_and_value (argnums,
has_aux, nesting), vjp, jvp, jacrev, jacfwd, hessian, vmap (in_dims/out_dims, nested with
grad: per-sample gradients), functional_call (tied weights) and errors."""

from __future__ import annotations

from typing import Any

import numpy
import pytest
import torch as real_torch
import torch.func as real_func

from frontends import torch
from frontends.torch import func

RNG = numpy.random.default_rng(0)
X = RNG.standard_normal((3, 4)).astype(numpy.float32)
W = RNG.standard_normal((4,)).astype(numpy.float32)
TOL = {"rtol": 1e-5, "atol": 1e-5}


def _close(ours: Any, theirs: Any) -> None:
    if isinstance(theirs, (tuple, list)):
        assert type(ours) is type(theirs) and len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _close(a, b)
    elif isinstance(theirs, dict):
        assert list(ours) == list(theirs)
        for key in theirs:
            _close(ours[key], theirs[key])
    else:
        assert isinstance(ours, torch.Tensor), type(ours)
        assert str(ours.dtype) == str(theirs.dtype) and tuple(ours.shape) == tuple(theirs.shape)
        assert ours.requires_grad == theirs.requires_grad
        numpy.testing.assert_allclose(ours.detach().numpy(), theirs.detach().numpy(), **TOL)


def _both(fn: Any, *arrays: numpy.ndarray) -> None:
    """Run ``fn(torch_module, func_module, *tensors)`` with the frontend and real torch."""
    ours = fn(torch, func, *(torch.tensor(a) for a in arrays))
    theirs = fn(real_torch, real_func, *(real_torch.tensor(a) for a in arrays))
    _close(ours, theirs)


def test_transforms(backend: str) -> None:
    def loss(T: Any) -> Any:
        return lambda a, b: (T.sin(a) @ b).sum() ** 2

    _both(lambda T, F, a, b: F.grad(loss(T), argnums=(0, 1))(a, b), X, W)
    _both(lambda T, F, a: F.hessian(lambda t: (t**3).sum())(a), W)
    if backend in ("jax", "tensorflow"):
        return  # the rest is Python over core functions: two backends (eager jax is slow)
    _both(lambda T, F, a, b: F.grad_and_value(loss(T), argnums=1)(a, b), X, W)
    _both(lambda T, F, a: F.grad(lambda t: ((t**2).sum(), {"m": t.mean()}), has_aux=True)(a), X)
    _both(lambda T, F, a: F.grad(lambda d: (d["p"] * d["q"][0]).sum())({"p": a, "q": [a]}), X)
    _both(lambda T, F, a: F.grad(F.grad(lambda t: t.sin().sum()))(a), numpy.float32(0.7))
    _both(lambda T, F, a: F.jacrev(lambda t: T.sin(t) * t)(a), W)
    _both(lambda T, F, a, b: F.jacrev(lambda s, t: (s @ t, s.sum()), argnums=(0, 1))(a, b), X, W)
    _both(lambda T, F, a: F.jacfwd(lambda t: T.cumsum(t, 0))(a), W)
    _both(lambda T, F, a: F.vjp(lambda t: (t.sin(), t * 2), a)[1]((a, a)), W)
    _both(lambda T, F, a, b: F.jvp(lambda t: t.sin() * 3, (a,), (b,)), W, W)


def test_vmap(backend: str) -> None:
    _both(lambda T, F, a, b: F.vmap(lambda r, w: r @ w, in_dims=(0, None))(a, b), X, W)
    _both(lambda T, F, a: F.vmap(lambda r: r * 2, in_dims=1, out_dims=1)(a), X)
    _both(lambda T, F, a: F.vmap(lambda r: (r.sum(), r.exp()))(a), X)
    _both(lambda T, F, a: F.vmap(F.vmap(lambda v: v * v))(a), X)
    _both(lambda T, F, a: F.vmap(F.grad(lambda r: r.sin().sum()))(a), X)
    with pytest.raises(ValueError, match="same size"):
        func.vmap(lambda a, b: a + b)(torch.ones(2), torch.ones(3))
    with pytest.raises(ValueError):
        func.vmap(lambda a: a, in_dims=2)(torch.ones(2, 3))


def test_functional_call_per_sample_grads(backend: str) -> None:
    real_torch.manual_seed(0)
    reference = real_torch.nn.Sequential(real_torch.nn.Linear(4, 3), real_torch.nn.Tanh())
    model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Tanh())
    model.load_state_dict(
        {k: torch.tensor(v.detach().numpy()) for k, v in reference.state_dict().items()}
    )

    def run(T: Any, F: Any, module: Any, x: Any) -> Any:
        params = {k: v.detach() for k, v in module.named_parameters()}

        def loss(p: Any, sample: Any) -> Any:
            return F.functional_call(module, p, (sample.unsqueeze(0),)).pow(2).sum()

        whole = F.functional_call(module, params, x)
        per_sample = F.vmap(F.grad(loss), in_dims=(None, 0))(params, x)
        return whole, per_sample, F.grad(lambda p: loss(p, x))(params)

    _close(
        run(torch, func, model, torch.tensor(X)),
        run(real_torch, real_func, reference, real_torch.tensor(X)),
    )
    # the module's own parameters are back in place
    assert all(isinstance(p, torch.nn.Parameter) for p in model.parameters())
    # tied weights follow the name given
    tied = torch.nn.Linear(2, 2, bias=False)
    holder = torch.nn.Module()
    holder.a, holder.b = tied, tied
    holder.forward = lambda t: holder.a(t) + holder.b(t)
    out = func.functional_call(holder, {"a.weight": torch.eye(2)}, (torch.ones(1, 2),))
    numpy.testing.assert_allclose(out.detach().numpy(), [[2.0, 2.0]])
    with pytest.raises(RuntimeError, match="Missing key"):
        func.functional_call(model, {}, (torch.tensor(X),), strict=True)
