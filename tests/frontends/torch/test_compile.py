"""torch.compile against real torch (eager) and the frontend's own eager run: a whole training
step (forward, backward, AdamW update, BatchNorm running statistics) and a compiled forward
with backward outside, on every backend; on jax each is one compiled program, cached per
structure; untraceable Python falls back to eager unless fullgraph=True."""

from __future__ import annotations

import collections
from typing import Any

import numpy
import pytest
import torch as real_torch

import core
from frontends import torch
from frontends.torch import _compile

RNG = numpy.random.default_rng(0)
X = RNG.standard_normal((16, 4)).astype(numpy.float32)
Y = RNG.standard_normal((16, 2)).astype(numpy.float32)
TOL = {"rtol": 1e-5, "atol": 1e-5}


def _model(T: Any) -> Any:
    return T.nn.Sequential(T.nn.Linear(4, 8), T.nn.ReLU(), T.nn.BatchNorm1d(8), T.nn.Linear(8, 2))


def _pair() -> tuple[Any, Any]:
    """The same initial model in real torch and in the frontend."""
    real_torch.manual_seed(0)
    reference = _model(real_torch)
    model = _model(torch)
    model.load_state_dict(
        {k: torch.tensor(v.detach().numpy()) for k, v in reference.state_dict().items()}
    )
    return reference, model


def _train(T: Any, model: Any, compiled: bool, steps: int = 3) -> tuple[list[float], Any]:
    opt = T.optim.AdamW(model.parameters(), lr=1e-2)

    def step(x: Any, y: Any) -> Any:
        opt.zero_grad()
        loss = T.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss

    run = torch.compile(step) if compiled else step
    x, y = T.tensor(X), T.tensor(Y)
    return [float(run(x, y)) for _ in range(steps)], run


def _states(model: Any) -> list[numpy.ndarray]:
    return [
        numpy.asarray(v.detach().numpy(), dtype=numpy.float64) for v in model.state_dict().values()
    ]


def test_training_step(backend: str) -> None:
    reference, model = _pair()
    expected, _ = _train(real_torch, reference, compiled=False)
    losses, run = _train(torch, model, compiled=True)
    numpy.testing.assert_allclose(losses, expected, **TOL)
    for ours, theirs in zip(_states(model), _states(reference)):
        numpy.testing.assert_allclose(ours, theirs, **TOL)
    if backend == "jax":
        # one program before the first step (no gradients, no optimizer state) and one
        # after it, reused from the third step on: nothing ran eagerly
        assert len(run.programs) == 2 and all(p is not None for p in run.programs.values())
        program = next(iter(run.programs.values()))
        assert "jax" in program.forward._compiled
    grads = [p.grad for p in model.parameters()]
    assert all(g is not None and g.shape == p.shape for g, p in zip(grads, model.parameters()))


@pytest.mark.parametrize("backend", ["jax"], indirect=True)
def test_the_first_step_compiles_the_steady_state_program(backend: str) -> None:
    """The first step creates the gradients and the optimizer state, so the second step's
    state has another structure: its program is compiled during the first call, and no
    later call traces (runs the Python step) again."""
    _, model = _pair()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    runs = []

    def step(x: Any, y: Any) -> Any:
        runs.append(1)
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss

    run = torch.compile(step)
    x, y = torch.tensor(X), torch.tensor(Y)
    run(x, y)
    assert len(runs) == 2 and len(run.programs) == 2
    for _ in range(3):
        run(x, y)
    assert len(runs) == 2


def test_forward_then_backward_outside(backend: str) -> None:
    reference, model = _pair()
    compiled = torch.compile(model)
    assert compiled._orig_mod is model and isinstance(compiled, torch.nn.Module)
    for _ in range(2):  # the second call reuses the program and the backward program
        for m in (model, reference):
            m.zero_grad()
        out = compiled(torch.tensor(X))
        (out * torch.tensor(Y)).sum().backward()
        expected = reference(real_torch.tensor(X))
        (expected * real_torch.tensor(Y)).sum().backward()
        numpy.testing.assert_allclose(out.detach().numpy(), expected.detach().numpy(), **TOL)
        for p, q in zip(model.parameters(), reference.parameters()):
            numpy.testing.assert_allclose(p.grad.numpy(), q.grad.numpy(), **TOL)
    # running statistics of train mode were written back
    for ours, theirs in zip(_states(model), _states(reference)):
        numpy.testing.assert_allclose(ours, theirs, **TOL)
    compiled.eval()
    reference.eval()
    with torch.no_grad():
        out = compiled(torch.tensor(X))
    assert not out.requires_grad
    numpy.testing.assert_allclose(
        out.numpy(), reference(real_torch.tensor(X)).detach().numpy(), **TOL
    )


def _breaks(x: Any) -> Any:
    if float(x.sum()) > 0:  # a host read: cannot be traced
        return x * 2
    return x - 1


@pytest.mark.parametrize("backend", ["jax"], indirect=True)
def test_graph_break(backend: str) -> None:
    x = torch.tensor(X)
    numpy.testing.assert_allclose(torch.compile(_breaks)(x).numpy(), _breaks(x).numpy())
    compiled = torch.compile(_breaks)
    compiled(x)
    assert list(compiled.programs.values()) == [None]  # that structure stays eager
    with pytest.raises(Exception, match="(?i)concret|tracer"):
        torch.compile(_breaks, fullgraph=True)(x)
    # a traced random draw from torch's (host-side) generator is a graph break too
    torch.manual_seed(1)
    dropped = torch.compile(lambda t: torch.nn.functional.dropout(t, 0.5))(x)
    torch.manual_seed(1)
    numpy.testing.assert_array_equal(dropped.numpy(), torch.nn.functional.dropout(x, 0.5).numpy())


def test_decorator_forms() -> None:
    @torch.compile
    def double(t: Any) -> Any:
        return t * 2

    @torch.compile(fullgraph=True, mode="reduce-overhead")
    def triple(t: Any) -> Any:
        return t * 3

    def plain(t: Any) -> Any:
        return t

    x = torch.tensor(X)
    with core.use_backend("jax"):
        x = torch.tensor(X)
        numpy.testing.assert_allclose(double(x).numpy(), X * 2)
        numpy.testing.assert_allclose(triple(x).numpy(), X * 3)
        assert _compile.is_compiling() is False
    assert torch.compile(plain, disable=True) is plain


class _Cache:
    """Keeps what it is given, as transformers' DynamicCache keeps keys and values."""

    def __init__(self) -> None:
        self.kept: list[Any] = []

    def update(self, T: Any, t: Any) -> Any:
        self.kept.append(t)
        return T.cat(self.kept)


class _Output:
    """A result type registered as a pytree node (as transformers registers ModelOutput)."""

    def __init__(self, logits: Any, scale: float) -> None:
        self.logits, self.scale = logits, scale


_Pair = collections.namedtuple("_Pair", "a b")


def _structured(t: Any) -> Any:
    device = t.device  # read under the trace
    return {"out": _Pair(t * 2, device), "rest": (_Output(t.sum(0), 0.5),)}


@pytest.mark.parametrize("backend", ["jax"], indirect=True)
def test_pytree_results_and_stateful_arguments(backend: str) -> None:
    """Results in torch.utils._pytree nodes (namedtuples, registered types) come out of the
    compiled program rebuilt; an argument with state of its own whose Python state the call
    changes (a cache it appends to) makes the call run eagerly, with eager's results,
    instead of leaking traced values."""
    torch.utils._pytree.register_pytree_node(
        _Output, lambda o: ([o.logits], o.scale), lambda v, c: _Output(v[0], c)
    )
    try:
        compiled = torch.compile(_structured, fullgraph=True)
        got = compiled(torch.tensor(X))
        assert [p is not None for p in compiled.programs.values()] == [True]
    finally:
        torch.utils._pytree._deregister_pytree_node(_Output)
    expected = _structured(real_torch.tensor(X))
    assert type(got["out"]) is _Pair and str(got["out"].b) == str(expected["out"].b)
    numpy.testing.assert_allclose(got["out"].a.numpy(), expected["out"].a.numpy(), **TOL)
    (output,) = got["rest"]
    assert isinstance(output, _Output) and output.scale == 0.5
    numpy.testing.assert_allclose(output.logits.numpy(), expected["rest"][0].logits.numpy(), **TOL)

    def step(T: Any, t: Any, cache: _Cache) -> Any:
        return cache.update(T, t * 2)

    compiled = torch.compile(lambda t, cache: step(torch, t, cache))
    cache, real_cache = _Cache(), _Cache()
    for _ in range(4):
        got = compiled(torch.tensor(X), cache)
        expected = step(real_torch, real_torch.tensor(X), real_cache)
        numpy.testing.assert_allclose(got.numpy(), expected.numpy(), **TOL)
    # the call changes the cache's Python state (its list grows): the trace breaks, the
    # call runs eagerly, and once the cache holds tensors later sizes are not traced again
    assert list(compiled.programs.values()) == [None] * 4 and len(compiled.eager) == 2
    assert len(cache.kept) == 4 and all(type(t) is torch.Tensor for t in cache.kept)
    with pytest.raises(Exception, match="a _Cache is not traced"):
        torch.compile(lambda t, cache: step(torch, t, cache), fullgraph=True)(
            torch.tensor(X), _Cache()
        )


class _StaticCache:
    """As transformers' StaticLayer: allocated on its first update (a Python state change),
    then written in place at a position held in a tensor."""

    def __init__(self, T: Any) -> None:
        self.T, self.keys, self.length = T, None, T.tensor(0)

    def update(self, t: Any) -> Any:
        if self.keys is None:
            self.keys = self.T.zeros(4, *t.shape[1:])
        position = self.T.arange(t.shape[0]) + self.length
        self.length.add_(t.shape[0])
        self.keys.index_copy_(0, position, t)
        return self.keys.sum(0)


@pytest.mark.parametrize("backend", ["jax"], indirect=True)
def test_static_cache_arguments_are_lifted(backend: str) -> None:
    """An argument object's tensors are lifted as state and its in-place writes come back:
    the first call (allocating) runs eagerly, the later ones reuse one program, also for a
    new cache object of the same structure (each generate call's new StaticCache)."""
    compiled = torch.compile(lambda t, cache: cache.update(t * 2))
    for _ in range(2):
        cache, real_cache = _StaticCache(torch), _StaticCache(real_torch)
        for row in range(3):
            got = compiled(torch.tensor(X[row : row + 1]), cache)
            expected = real_cache.update(real_torch.tensor(X[row : row + 1]) * 2)
            numpy.testing.assert_allclose(got.numpy(), expected.numpy(), **TOL)
        numpy.testing.assert_allclose(cache.keys.numpy(), real_cache.keys.numpy(), **TOL)
        assert int(cache.length) == 3
    assert [p is None for p in compiled.programs.values()] == [True, False]


@pytest.mark.parametrize("backend", ["jax"], indirect=True)
def test_index_range_checks_are_skipped_under_the_trace(backend: str) -> None:
    """gather's host-side index check (torch checks on the device) is not run on a traced
    index, as BERT's token_type_ids gather needs; eager still raises torch's error."""

    def pick(T: Any, t: Any, index: Any) -> Any:
        return T.gather(t, 1, index)

    index = numpy.array([[1, 0], [3, 2]] * 8)
    got = torch.compile(lambda t, i: pick(torch, t, i), fullgraph=True)(
        torch.tensor(X), torch.tensor(index)
    )
    expected = pick(real_torch, real_torch.tensor(X), real_torch.tensor(index))
    numpy.testing.assert_array_equal(got.numpy(), expected.numpy())
    for T in (torch, real_torch):
        with pytest.raises(RuntimeError, match="out of bounds"):
            pick(T, T.tensor(X), T.tensor(index + 4))
