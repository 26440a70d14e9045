"""torch.autograd, torch.optim and torch.nn.utils on core.autodiff against real torch, on
every backend: gradients of ops and of the example models for the same weights and
inputs, a training loop's losses, optimizer state dicts, grad_fn names and torch's errors."""

from __future__ import annotations

import importlib.util
import math
import pathlib
from typing import Any

import numpy
import pytest
import torch as real_torch

from frontends import torch

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"
RNG = numpy.random.default_rng(0)


def _example(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"torch_{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _close(ours: Any, theirs: Any, rtol: float = 1e-4, atol: float = 1e-6) -> None:
    assert ours is not None and theirs is not None
    assert tuple(ours.shape) == tuple(theirs.shape)
    a = numpy.asarray(ours.detach().numpy(), dtype=numpy.float64)
    b = theirs.detach().numpy().astype(numpy.float64)
    numpy.testing.assert_allclose(a, b, rtol=rtol, atol=atol)


def _load(model: Any, reference: Any) -> None:
    state = {k: torch.tensor(v.detach().numpy()) for k, v in reference.state_dict().items()}
    model.load_state_dict(state)


def _normal(*shape: int) -> numpy.ndarray:
    return RNG.standard_normal(shape).astype(numpy.float32)


# ---------------------------------------------------------------------------------------
# gradients of ops
# ---------------------------------------------------------------------------------------
OPS = {
    "arithmetic": (lambda T, a, b: (a * b + a / (b.abs() + 1) - b ** 2).sum(), [(3, 4), (4,)]),
    "matmul": (lambda T, a, b: (a @ b).tanh().mean(), [(3, 4), (4, 5)]),
    "bmm_softmax": (lambda T, a, b: T.softmax(a @ b, dim=-1)[..., 0].sum(), [(2, 3, 4), (2, 4, 3)]),
    "reductions": (lambda T, a: a.max(dim=1).values.sum() + a.std() + a.logsumexp(0).sum(), [(3, 4)]),
    "indexing": (lambda T, a: (a[1:, ::2] * 3).sum() + a[T.tensor([0, 2, 0])].exp().sum(), [(3, 4)]),
    "views": (lambda T, a: a.t().reshape(2, 6).permute(1, 0).unsqueeze(0).expand(2, 6, 2).sum(), [(3, 4)]),
    "cat_stack": (lambda T, a, b: (T.cat([a, b], 0).sigmoid() * T.stack([a, b]).sum(0).repeat(2, 1)).sum(), [(3, 4), (3, 4)]),
    "where_clamp": (lambda T, a: T.where(a > 0, a.clamp(max=0.5), a.exp()).sum(), [(3, 4)]),
    "norms": (lambda T, a: T.linalg.vector_norm(a, dim=1).sum() + a.norm(), [(3, 4)]),
    "log_softmax_nll": (lambda T, a: T.nn.functional.cross_entropy(a, T.tensor([1, 0, 3])), [(3, 4)]),
    "conv_pool": (lambda T, x, w: T.nn.functional.avg_pool2d(T.nn.functional.max_pool2d(T.nn.functional.conv2d(x, w, padding=1), 2), 2, ceil_mode=True).sum(), [(1, 2, 8, 8), (3, 2, 3, 3)]),
    "layer_norm_gelu": (lambda T, x, w: T.nn.functional.gelu(T.nn.functional.layer_norm(x, (4,), w)).pow(2).sum(), [(3, 4), (4,)]),
    "inplace_nonleaf": (lambda T, a: _inplace(a), [(3, 4)]),
    "linalg": (lambda T, a: T.linalg.inv(a @ a.mT + T.eye(3)).sum() + T.linalg.det(a @ a.mT + T.eye(3)), [(3, 3)]),
}  # fmt: skip


def _inplace(a: Any) -> Any:
    b = a * 2
    b.mul_(a)
    b[0] = 1.0
    b.add_(1.0)
    return b.sum()


@pytest.mark.parametrize("name", sorted(OPS))
def test_op_gradients_match_torch(backend: str, name: str) -> None:
    fn, shapes = OPS[name]
    values = [_normal(*shape) for shape in shapes]
    theirs = [real_torch.tensor(v, requires_grad=True) for v in values]
    ours = [torch.tensor(v, requires_grad=True) for v in values]
    expected = fn(real_torch, *theirs)
    result = fn(torch, *ours)
    _close(result, expected)
    expected.backward()
    result.backward()
    for a, b in zip(ours, theirs):
        _close(a.grad, b.grad)


def test_second_order_gradients_match_torch(backend: str) -> None:
    value = _normal(4)
    grads = []
    for T in (torch, real_torch):
        x = T.tensor(value, requires_grad=True)
        y = (x.sin() * x**3).sum()
        (g,) = T.autograd.grad(y, x, create_graph=True)
        (gg,) = T.autograd.grad(g.sum(), x)
        grads.append((g, gg))
    _close(grads[0][0], grads[1][0])
    _close(grads[0][1], grads[1][1])


# ---------------------------------------------------------------------------------------
# gradients of models
# ---------------------------------------------------------------------------------------
def _mlp(T: Any) -> Any:
    nn = T.nn
    return nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.LayerNorm(16), nn.Linear(16, 3))


def _models() -> dict[str, Any]:
    return {
        "mlp": (lambda T: _mlp(T), lambda T: (T.tensor(_normal(5, 8)),), lambda out: out.pow(2).mean()),
        "cnn": (lambda T: _example("cnn").build(T)(), lambda T: (T.tensor(_normal(2, 3, 16, 16)),), lambda out: out.logsumexp(-1).mean()),
        "lstm": (lambda T: _example("lstm").build(T)(), lambda T: (T.tensor(RNG.integers(0, 50, (2, 4))),), lambda out: out[0].logsumexp(-1).mean()),
        "gpt": (lambda T: _example("gpt").build(T)(), lambda T: (T.tensor(RNG.integers(0, 64, (2, 16))),), lambda out: out.logsumexp(-1).mean()),
    }  # fmt: skip


@pytest.mark.parametrize("name", ["mlp", "cnn", "lstm", "gpt"])
def test_model_gradients_match_torch(backend: str, name: str) -> None:
    make, inputs, loss_of = _models()[name]
    real_torch.manual_seed(0)
    reference = make(real_torch).train()
    model = make(torch).train()
    _load(model, reference)
    state = RNG.bit_generator.state
    expected = loss_of(reference(*inputs(real_torch)))
    RNG.bit_generator.state = state
    loss = loss_of(model(*inputs(torch)))
    _close(loss, expected)
    expected.backward()
    loss.backward()
    theirs = dict(reference.named_parameters())
    for key, param in model.named_parameters():
        _close(param.grad, theirs[key].grad, atol=1e-6)


# ---------------------------------------------------------------------------------------
# training
# ---------------------------------------------------------------------------------------
def _train(T: Any, model: Any, batches: Any, optimizer: str, scheduler: str) -> list[float]:
    opt = getattr(T.optim, optimizer)(model.parameters(), lr=1e-2)
    sched = {
        "onecycle": lambda: T.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.05, total_steps=len(batches)),
        "cosine": lambda: T.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=5),
        "step": lambda: T.optim.lr_scheduler.StepLR(opt, 3, gamma=0.5),
    }[scheduler]()  # fmt: skip
    losses = []
    for x, y in batches:
        opt.zero_grad()
        loss = T.nn.functional.cross_entropy(model(T.tensor(x)), T.tensor(y))
        loss.backward()
        T.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
        opt.step()
        sched.step()
        losses.append(loss.item())
    return losses


def _batches(n: int) -> list[tuple[numpy.ndarray, numpy.ndarray]]:
    rng = numpy.random.default_rng(1)
    return [
        (rng.standard_normal((16, 8)).astype(numpy.float32), rng.integers(0, 3, (16,)))
        for _ in range(n)
    ]


def test_training_loop_matches_torch(backend: str) -> None:
    """AdamW + OneCycleLR + clip_grad_norm_, 15 steps: every loss within 1e-4 relative."""
    real_torch.manual_seed(0)
    reference = _mlp(real_torch)
    model = _mlp(torch)
    _load(model, reference)
    batches = _batches(15)
    theirs = _train(real_torch, reference, batches, "AdamW", "onecycle")
    ours = _train(torch, model, batches, "AdamW", "onecycle")
    numpy.testing.assert_allclose(ours, theirs, rtol=1e-4)
    assert min(theirs) < theirs[0]
    for key, value in reference.state_dict().items():
        _close(model.state_dict()[key], value, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize(
    "optimizer", ["SGD", "Adam", "RMSprop", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam"]
)
def test_optimizers_match_torch(optimizer: str) -> None:
    real_torch.manual_seed(0)
    reference = _mlp(real_torch)
    model = _mlp(torch)
    _load(model, reference)
    batches = _batches(6)
    scheduler = "cosine" if optimizer in ("Adagrad", "Adadelta") else "step"
    theirs = _train(real_torch, reference, batches, optimizer, scheduler)
    ours = _train(torch, model, batches, optimizer, scheduler)
    numpy.testing.assert_allclose(ours, theirs, rtol=1e-4)


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(momentum=0.9, nesterov=True, weight_decay=0.1),
        dict(momentum=0.9, dampening=0.5, maximize=True),
    ],
)
def test_sgd_options_match_torch(kwargs: dict[str, Any]) -> None:
    value, grads = _normal(5), [_normal(5) for _ in range(4)]
    results = []
    for T in (torch, real_torch):
        p = T.nn.Parameter(T.tensor(value))
        opt = T.optim.SGD([p], lr=0.1, **kwargs)
        for g in grads:
            p.grad = T.tensor(g)
            opt.step()
        results.append(p.detach().numpy())
    numpy.testing.assert_allclose(results[0], results[1], rtol=1e-5)


@pytest.mark.parametrize("amsgrad", [False, True])
def test_adam_options_match_torch(amsgrad: bool) -> None:
    value, grads = _normal(5), [_normal(5) for _ in range(4)]
    results = []
    for T in (torch, real_torch):
        p = T.nn.Parameter(T.tensor(value))
        opt = T.optim.Adam([p], lr=0.1, amsgrad=amsgrad, maximize=True, weight_decay=0.1)
        for g in grads:
            p.grad = T.tensor(g)
            opt.step()
        results.append(p.detach().numpy())
    numpy.testing.assert_allclose(results[0], results[1], rtol=1e-5)


@pytest.mark.parametrize("backend", ["torch", "jax"], indirect=True)
@pytest.mark.parametrize(
    "options",
    [dict(), dict(weight_decay=0.1), dict(amsgrad=True)],
    ids=["adamw", "adam-l2", "adam-amsgrad"],
)
def test_adam_updates_match_torch(backend: str, options: dict[str, Any]) -> None:
    """core.nn.adam_moments/adam_update: torch's kernels in place on their own fresh
    results on the torch backend (real torch's single-tensor bits), the composition
    elsewhere (and for Adam's L2 term, two ops where torch has one kernel)."""
    value = _normal(64, 3).astype(numpy.float32)
    grads = [_normal(64, 3).astype(numpy.float32) for _ in range(3)]
    results = []
    for T in (torch, real_torch):
        p = T.nn.Parameter(T.tensor(value))
        kind = T.optim.AdamW if not options else T.optim.Adam
        opt = kind([p], lr=0.01, foreach=False, **options)
        for g in grads:
            p.grad = T.tensor(g)
            opt.step()
        state = opt.state[p]
        results.append([p.detach().numpy(), state["exp_avg"].numpy(), state["exp_avg_sq"].numpy()])
    for ours, theirs in zip(*results):
        if backend == "torch" and "weight_decay" not in options:
            numpy.testing.assert_array_equal(ours, theirs)
        else:
            numpy.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("backend", ["torch"], indirect=True)
def test_adam_writes_parameters_in_place_when_nothing_else_sees_them(backend: str) -> None:
    """On the torch backend a step writes into the parameter's and the state's own memory
    (torch's kernels, torch's bits) once nothing else reaches it (the first step's
    parameters come from initialisation; a later step's are the previous step's results);
    a value someone still holds is not written into."""
    value, data = _normal(4, 3).astype(numpy.float32), _normal(5, 3).astype(numpy.float32)
    import weakref

    results, natives = [], []
    for T in (real_torch, torch):
        p = T.nn.Parameter(T.tensor(value))
        opt = T.optim.AdamW([p], lr=0.01)
        x = T.tensor(data)
        for _ in range(3):
            opt.zero_grad()
            (x @ p.t()).square().sum().backward()
            opt.step()
            if T is torch:
                natives.append(weakref.ref(p.native))  # a weak reference holds nothing
        results.append(p.detach().numpy().copy())
    numpy.testing.assert_array_equal(results[0], results[1])
    assert natives[1]() is natives[2]() is p.native  # written in place
    held = p.native
    opt.zero_grad()
    (x @ p.t()).square().sum().backward()
    before = held.clone()
    opt.step()
    assert p.native is not held and bool((held == before).all())  # a holder keeps its value


@pytest.mark.parametrize("backend", ["torch"], indirect=True)
def test_backward_sums_cotangents_in_place_only_into_its_own(backend: str) -> None:
    """The engine adds a value's cotangents into the memory of a sum only it holds (a
    tied weight's two uses); a cotangent the caller passed, or one a rule passed through
    to two inputs, is never written into."""
    table = _normal(6, 4).astype(numpy.float32)
    grads = []
    for T in (real_torch, torch):
        weight = T.tensor(table, requires_grad=True)
        picked = T.nn.functional.embedding(T.tensor([[1, 2, 5], [0, 1, 1]]), weight)
        ((picked * 2 + picked.sin()) @ weight.t()).square().sum().backward()
        grads.append(weight.grad.numpy())
    numpy.testing.assert_allclose(grads[1], grads[0], rtol=1e-5, atol=1e-5)
    x = torch.tensor(_normal(3), requires_grad=True)
    given = torch.ones(3)
    y = x * 1.0
    (y + y + y).backward(given)
    assert given.tolist() == [1.0, 1.0, 1.0]
    assert x.grad.tolist() == [3.0, 3.0, 3.0]


def _step_between(T: Any, case: str) -> Any:
    T.manual_seed(0)
    layer = T.nn.Linear(3, 2)
    opt = T.optim.AdamW(layer.parameters(), lr=0.1)
    x = T.ones(4, 3)
    for _ in range(2):  # later steps write in place
        opt.zero_grad()
        layer(x).sum().backward()
        opt.step()
    opt.zero_grad()
    if case == "weight_saved":  # the product saves the weight for its own cotangent
        loss = (layer.weight * layer.weight).sum()
    elif case == "input_untracked":  # linear needs the weight only for x's cotangent
        loss = layer(x).sum()
    else:
        raise AssertionError(case)
    opt.step()
    loss.backward()
    return layer.weight.grad


def _result_or_inplace_error(run: Any, T: Any) -> Any:
    """``run(T)``, or "raised" where it meets torch's version-counter error."""
    try:
        return run(T)
    except RuntimeError as error:
        assert "modified by an inplace operation" in str(error), error
        return "raised"


@pytest.mark.parametrize("backend", ["torch"], indirect=True)
@pytest.mark.parametrize("case", ["weight_saved", "input_untracked"])
def test_optimizer_step_before_backward(backend: str, case: str) -> None:
    """torch's version-counter error where a graph saved a parameter that a step then
    updates in place, and none where the graph does not need it."""
    theirs, ours = (
        _result_or_inplace_error(lambda T: _step_between(T, case).detach().numpy(), T)
        for T in (real_torch, torch)
    )
    if isinstance(theirs, str) or isinstance(ours, str):
        assert ours == theirs
    else:
        numpy.testing.assert_allclose(ours, theirs, rtol=1e-6)


@pytest.mark.parametrize("padding_idx", [None, 3, -1])
def test_embedding_grad_matches_torch(backend: str, padding_idx: int | None) -> None:
    """core.nn.embedding_backward: torch's embedding_dense_backward on the torch backend
    (its bits), a scatter-add on jax, the one-hot product elsewhere; repeated indices
    accumulate and the padding row stays zero."""
    table = _normal(10, 4).astype(numpy.float32)
    weights = _normal(2, 3, 4).astype(numpy.float32)
    grads = []
    for T in (torch, real_torch):
        weight = T.tensor(table, requires_grad=True)
        picked = T.nn.functional.embedding(T.tensor([[1, 3, 1], [0, 9, 3]]), weight, padding_idx)
        (picked * T.tensor(weights)).sum().backward()
        grads.append(weight.grad.numpy())
    if backend == "torch":
        numpy.testing.assert_array_equal(grads[0], grads[1])
    numpy.testing.assert_allclose(grads[0], grads[1], rtol=1e-6, atol=1e-6)


def test_optimizer_state_dict_round_trips_and_loads_torch_state() -> None:
    real_torch.manual_seed(0)
    reference = _mlp(real_torch)
    model = _mlp(torch)
    _load(model, reference)
    batches = _batches(4)
    _train(real_torch, reference, batches[:2], "AdamW", "step")
    # the frontend optimizer continues from real torch's state: same losses after
    model_ref = _mlp(torch)
    _load(model_ref, reference)
    opt_real = real_torch.optim.AdamW(reference.parameters(), lr=1e-2)
    opt_real.load_state_dict(opt_real.state_dict())
    ours_opt = torch.optim.AdamW(model_ref.parameters(), lr=1e-2)
    for x, y in batches[:2]:  # populate real torch's state
        opt_real.zero_grad()
        real_torch.nn.functional.cross_entropy(
            reference(real_torch.tensor(x)), real_torch.tensor(y)
        ).backward()
        opt_real.step()
    _load(model_ref, reference)
    ours_opt.load_state_dict(opt_real.state_dict())
    state = ours_opt.state_dict()
    theirs = opt_real.state_dict()
    assert state["param_groups"] == theirs["param_groups"]
    assert sorted(state["state"]) == sorted(theirs["state"])
    for index, entry in theirs["state"].items():
        assert sorted(entry) == sorted(state["state"][index])
        for key, value in entry.items():
            _close(state["state"][index][key], value)
    for x, y in batches[2:]:
        for T, m, o in ((real_torch, reference, opt_real), (torch, model_ref, ours_opt)):
            o.zero_grad()
            T.nn.functional.cross_entropy(m(T.tensor(x)), T.tensor(y)).backward()
            o.step()
    for key, value in reference.state_dict().items():
        _close(model_ref.state_dict()[key], value, rtol=1e-4, atol=1e-5)
    # a round trip through the frontend's own format
    again = torch.optim.AdamW(model_ref.parameters(), lr=1e-2)
    again.load_state_dict(ours_opt.state_dict())
    assert again.state_dict()["param_groups"] == ours_opt.state_dict()["param_groups"]


def test_schedulers_match_torch() -> None:
    def lrs(T: Any) -> list[float]:
        p = T.nn.Parameter(T.zeros(2))
        opt = T.optim.SGD([p], lr=0.1, momentum=0.9)
        S = T.optim.lr_scheduler
        schedulers = [
            lambda: S.MultiStepLR(opt, [2, 4], 0.3),
            lambda: S.ExponentialLR(opt, 0.9),
            lambda: S.LambdaLR(opt, lambda e: 1 / (e + 1)),
            lambda: S.MultiplicativeLR(opt, lambda e: 0.95),
            lambda: S.LinearLR(opt, 0.2, 1.0, 4),
            lambda: S.ConstantLR(opt, 0.5, 3),
            lambda: S.PolynomialLR(opt, 5, 2.0),
            lambda: S.CosineAnnealingWarmRestarts(opt, 3, 2),
            lambda: S.CyclicLR(opt, 0.01, 0.1, 2),
            lambda: S.SequentialLR(opt, [S.ConstantLR(opt, 0.5, 2), S.ExponentialLR(opt, 0.9)], [2]),
            lambda: S.ChainedScheduler([S.ConstantLR(opt, 0.5, 2), S.ExponentialLR(opt, 0.9)]),
        ]  # fmt: skip
        seen = []
        for make in schedulers:
            for group in opt.param_groups:
                group["lr"] = 0.1
                group.pop("initial_lr", None)
            sched = make()
            for _ in range(6):
                opt.step()
                sched.step()
                seen.extend(sched.get_last_lr())
        plateau = S.ReduceLROnPlateau(opt, patience=1)
        for metric in [1.0, 0.9, 0.95, 0.96, 0.97, 0.98]:
            plateau.step(metric)
            seen.append(opt.param_groups[0]["lr"])
        return seen

    numpy.testing.assert_allclose(lrs(torch), lrs(real_torch), rtol=1e-12)


# ---------------------------------------------------------------------------------------
# tensor autograd API and errors
# ---------------------------------------------------------------------------------------
def test_grad_fn_names_and_leaves(backend: str) -> None:
    for T in (torch, real_torch):
        x = T.ones(2, 2, requires_grad=True)
        y = T.ones(2, 2)
        assert x.is_leaf and x.grad_fn is None and y.is_leaf and not y.requires_grad
        names = [
            (x + y).grad_fn.name(), (x * y).grad_fn.name(), (x - 1).grad_fn.name(),
            (x / 2).grad_fn.name(), x.sum().grad_fn.name(), (x @ y).grad_fn.name(),
            x.exp().grad_fn.name(), x.mean().grad_fn.name(), x.tanh().grad_fn.name(),
        ]  # fmt: skip
        if T is torch:
            ours = names
        else:
            assert ours == names
        z = x * 2
        assert not z.is_leaf and z.requires_grad and z.grad_fn is not None
        assert type(z.grad_fn).__name__ == "MulBackward0"
        assert z.grad_fn.next_functions[0][0].name().endswith("AccumulateGrad")
        assert not z.detach().requires_grad and z.detach().is_leaf
        with T.no_grad():
            assert not (x * 2).requires_grad
        assert x[0].requires_grad and x.view(4).requires_grad and x.t().requires_grad


def test_grad_accumulates_hooks_and_retain_grad(backend: str) -> None:
    results = []
    for T in (torch, real_torch):
        x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
        seen = []
        x.register_hook(lambda g, seen=seen: seen.append(g.clone()))
        (x * x).sum().backward()
        y = x * 3
        y.retain_grad()
        handle = y.register_hook(lambda g: g * 2)
        y.sum().backward()
        handle.remove()
        (x * 3).sum().backward()
        results.append((x.grad.numpy(), y.grad.numpy(), [s.numpy() for s in seen]))
    numpy.testing.assert_allclose(results[0][0], results[1][0])
    numpy.testing.assert_allclose(results[0][1], results[1][1])
    assert len(results[0][2]) == len(results[1][2]) == 3


def test_errors_match_torch(backend: str) -> None:
    for T in (torch, real_torch):
        x = T.tensor([1.0, 2.0], requires_grad=True)
        y = (x * x).sum()
        y.backward()
        with pytest.raises(RuntimeError, match="backward through the graph a second time"):
            y.backward()
        with pytest.raises(RuntimeError, match="grad can be implicitly created only for scalar"):
            (x * 2).backward()
        with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
            x.add_(1)
        with pytest.raises(RuntimeError, match="a view of a leaf Variable"):
            x[0].mul_(2)
        with pytest.raises(RuntimeError, match="does not require grad"):
            T.ones(2).sum().backward()
        with pytest.raises(RuntimeError, match="only Tensors of floating point dtype"):
            T.ones(2, dtype=T.int64).requires_grad_()
        with pytest.raises(RuntimeError, match="floating point and complex dtype"):
            T.ones(2, dtype=T.int64).requires_grad = True
        with pytest.raises(RuntimeError, match="not have been used in the graph"):
            T.autograd.grad((x * 2).sum(), [x, T.ones(1, requires_grad=True)])
        with pytest.raises(RuntimeError, match="Can't call numpy"):
            x.numpy()
        with T.no_grad():
            x.add_(1)  # allowed; x stays the same leaf
        assert x.is_leaf and x.requires_grad
        (x * x).sum().backward()
        numpy.testing.assert_allclose(x.grad.numpy(), [2 + 4, 4 + 6])


def test_backward_inputs_and_grad_options(backend: str) -> None:
    out = []
    for T in (torch, real_torch):
        a = T.tensor([1.0, 2.0], requires_grad=True)
        b = T.tensor([3.0, 4.0], requires_grad=True)
        (a * b).sum().backward(inputs=[a])
        unused = T.autograd.grad((a * 2).sum(), [a, b], allow_unused=True)
        zeros = T.autograd.grad((a * 2).sum(), [a, b], materialize_grads=True)
        c = a * b
        (gc,) = T.autograd.grad(c, a, grad_outputs=T.tensor([1.0, 0.5]))
        out.append((a.grad.numpy(), b.grad, unused[1], zeros[1].numpy(), gc.numpy()))
    numpy.testing.assert_allclose(out[0][0], out[1][0])
    assert out[0][1] is None and out[1][1] is None and out[0][2] is None
    numpy.testing.assert_allclose(out[0][3], out[1][3])
    numpy.testing.assert_allclose(out[0][4], out[1][4])


def test_custom_function_matches_torch(backend: str) -> None:
    def make(T: Any) -> Any:
        class Cube(T.autograd.Function):
            @staticmethod
            def forward(ctx: Any, x: Any, k: float) -> Any:
                ctx.save_for_backward(x)
                ctx.k = k
                return x**3 * k

            @staticmethod
            def backward(ctx: Any, g: Any) -> Any:
                (x,) = ctx.saved_tensors
                assert ctx.needs_input_grad == (True, False)
                return g * 3 * x**2 * ctx.k, None

        return Cube

    value = _normal(4)
    grads = []
    for T in (torch, real_torch):
        x = T.tensor(value, requires_grad=True)
        y = make(T).apply(x, 2.0)
        assert y.requires_grad and not y.is_leaf
        (y.sin().sum()).backward()
        grads.append(x.grad)
    _close(grads[0], grads[1])


def test_functional_jacobian_hessian_vjp_jvp(backend: str) -> None:
    value, v = _normal(3), _normal(3)

    def f(x: Any) -> Any:
        return x.sin() * x.sum()

    def s(x: Any) -> Any:
        return (x.exp() * x).sum()

    results = []
    for T in (torch, real_torch):
        F = T.autograd.functional
        x, vector = T.tensor(value), T.tensor(v)
        results.append([F.jacobian(f, x), F.hessian(s, x), F.vjp(f, x, vector)[1],
                        F.jvp(f, x, vector)[1], F.hvp(s, x, vector)[1]])  # fmt: skip
    for a, b in zip(*results):
        _close(a, b)


def test_clip_grad_and_parameter_vectors(backend: str) -> None:
    real_torch.manual_seed(0)
    reference = real_torch.nn.Linear(3, 2)
    model = torch.nn.Linear(3, 2)
    _load(model, reference)
    inputs = _normal(4, 3)
    out = []
    for T, m in ((torch, model), (real_torch, reference)):
        m(T.tensor(inputs)).pow(2).sum().backward()
        norm = T.nn.utils.clip_grad_norm_(m.parameters(), 0.1, norm_type=2.0)
        inf_norm = T.nn.utils.clip_grad_norm_(m.parameters(), 1.0, norm_type=math.inf)
        T.nn.utils.clip_grad_value_(m.parameters(), 0.01)
        vec = T.nn.utils.parameters_to_vector(m.parameters())
        T.nn.utils.vector_to_parameters(vec * 2, m.parameters())
        out.append((norm.item(), inf_norm.item(), m.weight.grad.numpy(), m.weight.detach().numpy()))
        m.zero_grad()
        assert m.weight.grad is None and m.weight.is_leaf and m.weight.requires_grad
    for a, b in zip(*out):
        numpy.testing.assert_allclose(a, b, rtol=1e-5)


@pytest.mark.parametrize("line_search_fn", [None, "strong_wolfe"])
def test_lbfgs_matches_torch(line_search_fn: str | None) -> None:
    a, b = _normal(4, 3), _normal(4)
    results = []
    for T in (torch, real_torch):
        x = T.nn.Parameter(T.zeros(3))
        opt = T.optim.LBFGS([x], lr=1, max_iter=5, line_search_fn=line_search_fn)
        A, B = T.tensor(a), T.tensor(b)

        def closure(T: Any = T, x: Any = x, A: Any = A, B: Any = B, opt: Any = opt) -> Any:
            opt.zero_grad()
            loss = ((A @ x - B) ** 2).sum() + (x**4).sum()
            loss.backward()
            return loss

        losses = [float(opt.step(closure)) for _ in range(3)]
        results.append((losses, x.detach().numpy()))
    numpy.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-4)
    numpy.testing.assert_allclose(results[0][1], results[1][1], rtol=1e-3, atol=1e-5)


def test_copies_parameters_and_modes(backend: str) -> None:
    import copy

    for T in (torch, real_torch):
        x = T.ones(2, requires_grad=True)
        y = x * 2
        assert not T.tensor(y.detach()).requires_grad
        assert copy.deepcopy(x).is_leaf and copy.deepcopy(x).requires_grad
        with pytest.raises(RuntimeError, match="graph leaves"):
            copy.deepcopy(y)
        layer = T.nn.Linear(2, 2)
        twin = copy.deepcopy(layer)
        assert twin.weight.is_leaf and twin.weight.requires_grad
        twin(T.ones(1, 2)).sum().backward()
        assert twin.weight.grad is not None and layer.weight.grad is None
        layer.requires_grad_(False)
        assert not layer(T.ones(1, 2)).requires_grad
        with T.inference_mode():
            assert not (x * 2).requires_grad
        with T.set_grad_enabled(False):
            assert not (x * 2).requires_grad
        assert (x * 2).requires_grad
        with T.no_grad():
            layer.weight.copy_(T.zeros(2, 2))  # an in-place update of a parameter
        assert layer.weight.is_leaf
        layer.weight.requires_grad_()
        layer(T.ones(1, 2)).sum().backward()
        numpy.testing.assert_allclose(layer.weight.grad.numpy(), numpy.ones((2, 2)))


def test_gpt_training_matches_torch(backend: str) -> None:
    """The example GPT, same weights and batches, AdamW + a scheduler + clipping: every
    step's loss within 1e-4 (relative) of real torch's."""
    build = _example("gpt").build
    real_torch.manual_seed(0)
    reference = build(real_torch)()
    model = build(torch)()
    _load(model, reference)
    tokens = numpy.random.default_rng(2).integers(0, 64, (4, 4, 17))

    def train(T: Any, m: Any) -> list[float]:
        opt = T.optim.AdamW(m.parameters(), lr=3e-3)
        sched = T.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4)
        losses = []
        for batch in tokens:
            x, y = T.tensor(batch[:, :-1]), T.tensor(batch[:, 1:])
            opt.zero_grad()
            loss = T.nn.functional.cross_entropy(m(x).reshape(-1, 64), y.reshape(-1))
            loss.backward()
            T.nn.utils.clip_grad_norm_(m.parameters(), 1.0)
            opt.step()
            sched.step()
            losses.append(loss.item())
        return losses

    numpy.testing.assert_allclose(train(torch, model), train(real_torch, reference), rtol=1e-4)


# ---------------------------------------------------------------------------------------
# a tensor saved for backward, then modified in place (torch's version counter)
# ---------------------------------------------------------------------------------------
def _saved_then_modified(T: Any, case: str, x: Any) -> Any:
    if case == "output_saved":  # exp saves its result
        y = x.exp()
        y.add_(1)
        return y.sum()
    if case == "input_saved":  # sin saves its input
        a = x * 2
        b = a.sin()
        a.mul_(3)
        return b.sum()
    if case == "view_of_saved":  # a write through a view reaches the saved base
        y = x.tanh()
        y[0].zero_()
        return y.sum()
    if case == "leaf_under_no_grad":  # mul saves both factors; the leaf changes later
        c = T.ones(3, 4) * 2
        y = (x * c).sum()
        with T.no_grad():
            x.add_(1)
        return y
    if case == "unsaved_output":  # add saves nothing: torch does not raise
        y = x + 1
        y.mul_(2)
        return y.sum()
    if case == "unsaved_input":
        a = x * 2
        b = a + 1
        a.mul_(3)
        return (b * b).sum()
    if case == "constant_saved":  # an untracked factor mul saved, modified after
        c = T.ones(3, 4)
        y = (x * c).sum()
        c.add_(1)
        return y
    if case == "clone_modified":
        y = x.sigmoid()
        z = y.clone()
        z.add_(1)
        return (y + z).sum()
    raise AssertionError(case)


@pytest.mark.parametrize(
    "case",
    ["output_saved", "input_saved", "view_of_saved", "leaf_under_no_grad", "unsaved_output",
     "unsaved_input", "constant_saved", "clone_modified"],
)  # fmt: skip
def test_saved_tensor_modified_in_place(backend: str, case: str) -> None:
    data = _normal(3, 4)

    def grad_of(T: Any) -> Any:
        x = T.tensor(data, requires_grad=True)
        _saved_then_modified(T, case, x).backward()
        return x.grad

    theirs, ours = (_result_or_inplace_error(grad_of, T) for T in (real_torch, torch))
    if isinstance(theirs, str) or isinstance(ours, str):
        assert ours == theirs
    else:
        _close(ours, theirs)
