"""torch.utils.checkpoint: the checkpointed function runs again in backward, and the
gradients are real torch's (with and without dropout, both variants)."""

from __future__ import annotations

import functools
import warnings

import numpy as np
import pytest
import torch as real_torch

from frontends import torch

RNG = np.random.default_rng(0)


class Block:
    """The same two-layer block built with either torch; counts its forward calls."""

    def __init__(self, module, weights, dropout):
        nn = module.nn
        self.module = module
        self.net = nn.Sequential(nn.Linear(4, 6), nn.GELU(), nn.Dropout(dropout), nn.Linear(6, 4))
        with module.no_grad():
            for parameter, value in zip(self.net.parameters(), weights):
                parameter.copy_(module.tensor(value))
        self.calls = 0

    def forward(self, x, scale=1.0):
        self.calls += 1
        return self.net(x) * scale


def _run(module, checkpointed, *, reentrant=False, dropout=0.0, input_grad=True, kwargs=False):
    module.manual_seed(0)
    weights = [RNG_WEIGHTS[i] for i in range(4)]
    block = Block(module, weights, dropout)
    x = module.tensor(INPUT, requires_grad=input_grad)
    if not checkpointed:
        out = block.forward(x, scale=2.0)
    elif kwargs:
        fn = functools.partial(block.forward, scale=2.0)
        out = module.utils.checkpoint.checkpoint(fn, x, use_reentrant=reentrant)
    else:
        out = module.utils.checkpoint.checkpoint(block.forward, x, 2.0, use_reentrant=reentrant)
    (out**2).sum().backward()
    grads = [None if p.grad is None else p.grad.numpy() for p in block.net.parameters()]
    return out.detach().numpy(), grads, None if x.grad is None else x.grad.numpy(), block.calls


RNG_WEIGHTS = [RNG.normal(size=s).astype("float32") for s in ((6, 4), (6,), (4, 6), (4,))]
INPUT = RNG.normal(size=(3, 4)).astype("float32")


def _close(got, expected):
    """Within 1e-5 of the largest magnitude (float32 sums in another order)."""
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-5 * np.abs(expected).max())


def _assert_close(ours, theirs):
    out, grads, x_grad, _ = ours
    real_out, real_grads, real_x_grad, _ = theirs
    _close(out, real_out)
    for got, expected in zip(grads + [x_grad], real_grads + [real_x_grad]):
        assert (got is None) == (expected is None)
        if got is not None:
            _close(got, expected)


@pytest.mark.parametrize("reentrant", [False, True])
@pytest.mark.parametrize("dropout", [0.0, 0.5])
def test_checkpoint_recomputes_and_matches_torch(backend, reentrant, dropout):
    """With dropout the recomputation must draw the forward's mask again: compared with the
    frontend's own run without checkpointing (its dropout masks are not torch's bits)."""
    ours = _run(torch, True, reentrant=reentrant, dropout=dropout)
    theirs = _run(real_torch, True, reentrant=reentrant, dropout=dropout)
    assert ours[3] == theirs[3] == 2  # the forward ran again in backward
    _assert_close(ours, _run(torch if dropout else real_torch, False, dropout=dropout))
    if not dropout:
        _assert_close(ours, theirs)


def test_non_reentrant_gives_parameters_gradients_without_an_input_needing_them():
    ours = _run(torch, True, input_grad=False, kwargs=True)
    theirs = _run(real_torch, True, input_grad=False, kwargs=True)
    assert ours[3] == 2
    _assert_close(ours, theirs)


def test_reentrant_without_an_input_needing_grad_warns_and_gives_no_gradients():
    for module in (torch, real_torch):
        with (
            pytest.warns(UserWarning, match="None of the inputs have requires_grad=True"),
            pytest.raises(RuntimeError, match="does not require grad"),
        ):
            _run(module, True, reentrant=True, input_grad=False)


def _grads_by_autograd_grad(module):
    w = module.tensor([1.5, -2.0], requires_grad=True)
    x = module.tensor([0.5, 3.0], requires_grad=True)
    y = module.utils.checkpoint.checkpoint(lambda a: (a * w).sin(), x, use_reentrant=False)
    grads = [g.numpy() for g in module.autograd.grad(y.sum(), [x, w])]
    assert w.grad is None
    return grads


def test_autograd_grad_through_a_non_reentrant_checkpoint():
    results = [_grads_by_autograd_grad(torch), _grads_by_autograd_grad(real_torch)]
    for got, expected in zip(*results):
        _close(got, expected)


def test_checkpoint_arguments_are_checked_as_torch_checks_them():
    for module in (torch, real_torch):
        x = module.ones(2, requires_grad=True)
        with pytest.raises(ValueError, match="Unexpected keyword arguments: scale"):
            module.utils.checkpoint.checkpoint(lambda a, scale: a, x, use_reentrant=True, scale=2)
        with pytest.warns(UserWarning, match="use_reentrant parameter should be passed"):
            module.utils.checkpoint.checkpoint(lambda a: a * 2, x)


def test_checkpoint_sequential_matches_torch():
    results = []
    for module in (torch, real_torch):
        module.manual_seed(1)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            net = module.nn.Sequential(*[module.nn.Linear(3, 3) for _ in range(4)])
            with module.no_grad():
                for i, p in enumerate(net.parameters()):
                    p.copy_(module.tensor(np.full(tuple(p.shape), 0.1 * (i + 1), "float32")))
        x = module.tensor(INPUT[:, :3], requires_grad=True)
        out = module.utils.checkpoint.checkpoint_sequential(net, 2, x, use_reentrant=False)
        out.sum().backward()
        results.append([out.detach().numpy(), x.grad.numpy(), net[0].weight.grad.numpy()])
    for got, expected in zip(*results):
        _close(got, expected)
