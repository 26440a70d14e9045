"""The torch.nn modules added with the rest of the API (lazy modules, EmbeddingBag,
SyncBatchNorm, MaxUnpool, LPPool, LocalResponseNorm, ChannelShuffle and the margin,
embedding, Poisson and Gaussian losses) against real torch.

These modules are thin wrappers of torch.nn.functional ops that test_op_db runs on all four
backends, so the module tests run on the numpy and torch backends only (on jax each new
op shape costs a compile: seconds per module, for no new backend code path)."""

from __future__ import annotations

from typing import Any

import numpy
import pytest
import torch as real_torch

import core
from frontends import torch
from tests.frontends.torch.test_nn_modules import _close, _data, _pair, _state


@pytest.fixture(params=("numpy", "torch"))
def backend(request: pytest.FixtureRequest) -> Any:
    """The cheap backends (see the module docstring)."""
    with core.use_backend(request.param):
        yield request.param


def _both(data: numpy.ndarray) -> tuple[Any, Any]:
    return torch.tensor(data), real_torch.tensor(data)


LAYERS = {
    "EmbeddingBag": (lambda nn: nn.EmbeddingBag(10, 3, mode="max"), None),
    "SyncBatchNorm": (lambda nn: nn.SyncBatchNorm(3), (2, 3, 4, 4, 2)),
    "LPPool1d": (lambda nn: nn.LPPool1d(2, 3, stride=2), (2, 3, 9)),
    "LPPool2d": (lambda nn: nn.LPPool2d(3, (2, 3)), (1, 2, 6, 6)),
    "LocalResponseNorm": (lambda nn: nn.LocalResponseNorm(3, alpha=0.1), (2, 5, 4)),
    "CrossMapLRN2d": (lambda nn: nn.CrossMapLRN2d(2), (1, 4, 3, 3)),
    "ChannelShuffle": (lambda nn: nn.ChannelShuffle(3), (2, 6, 2)),
}


def test_layers_match_torch(backend: str) -> None:
    for name, (make, shape) in LAYERS.items():
        model, reference = _pair(make)
        if shape is None:  # EmbeddingBag: indices and offsets
            ours = model(torch.tensor([1, 2, 4, 5, 9]), torch.tensor([0, 2, 2]))
            theirs = reference(real_torch.tensor([1, 2, 4, 5, 9]), real_torch.tensor([0, 2, 2]))
        else:
            x, rx = _both(_data(*shape))
            ours, theirs = model(x), reference(rx)
        try:
            _close(ours, theirs)
        except AssertionError as error:
            raise AssertionError(f"{name}: {error}") from error


def test_max_unpool_inverts_max_pool(backend: str) -> None:
    for n, shape in ((1, (2, 3, 8)), (2, (1, 2, 4, 6)), (3, (1, 1, 4, 4, 4))):
        x, rx = _both(_data(*shape))
        pool = getattr(torch.nn, f"MaxPool{n}d")(2, return_indices=True)
        real_pool = getattr(real_torch.nn, f"MaxPool{n}d")(2, return_indices=True)
        values, indices = pool(x)
        real_values, real_indices = real_pool(rx)
        ours = getattr(torch.nn, f"MaxUnpool{n}d")(2)(values, indices)
        theirs = getattr(real_torch.nn, f"MaxUnpool{n}d")(2)(real_values, real_indices)
        _close(ours, theirs)


def test_lazy_modules_infer_sizes_and_match_torch(backend: str) -> None:
    cases = [
        ("LazyLinear", (3,), {}, (4, 5)),
        ("LazyConv1d", (4, 3), {"padding": 1}, (2, 3, 7)),
        ("LazyConv2d", (2, 3), {"bias": False}, (1, 3, 5, 5)),
        ("LazyConvTranspose2d", (2, 3), {"stride": 2}, (1, 3, 4, 4)),
        ("LazyBatchNorm1d", (), {}, (6, 4)),
        ("LazyInstanceNorm1d", (), {"affine": True}, (2, 3, 5)),
    ]
    for name, args, kwargs, shape in cases:
        x, rx = _both(_data(*shape))
        ours, theirs = (
            getattr(torch.nn, name)(*args, **kwargs),
            getattr(real_torch.nn, name)(*args, **kwargs),
        )
        calls: list[int] = []
        ours.register_forward_hook(lambda *_, calls=calls: calls.append(1))
        real_torch.manual_seed(0)
        expected = theirs(rx)
        ours(x)  # the first call materializes
        assert type(ours).__name__ == type(theirs).__name__ == name.removeprefix("Lazy"), name
        assert calls == [1], f"{name}: a hook registered before the first call was lost"
        ours.load_state_dict(_state(theirs))
        ours.train(theirs.training)
        _close(ours(x), theirs(rx) if "Norm" not in name else expected)


def test_losses_match_torch(backend: str) -> None:
    a, ra = _both(_data(4, 5, seed=1))
    b, rb = _both(_data(4, 5, seed=2))
    c, rc = _both(_data(4, 5, seed=3))
    sign = numpy.where(_data(4, seed=4) > 0, 1.0, -1.0).astype(numpy.float32)
    y, ry = _both(sign)
    labels, rlabels = torch.tensor([0, 4, 2, 1]), real_torch.tensor([0, 4, 2, 1])
    multi = numpy.array([[1, 3, -1, 0, 0], [0, 1, 2, 3, 4], [-1, 0, 0, 0, 0], [4, -1, 2, 2, 2]])
    targets, rtargets = torch.tensor(multi), real_torch.tensor(multi)
    positive, rpositive = _both(numpy.abs(_data(4, 5, seed=5)) + 0.1)
    cases = [
        ("MarginRankingLoss", {"margin": 0.2}, (a[:, 0], b[:, 0], y), (ra[:, 0], rb[:, 0], ry)),
        ("HingeEmbeddingLoss", {"margin": 0.5}, (a[:, 0], y), (ra[:, 0], ry)),
        ("CosineEmbeddingLoss", {"margin": 0.1, "reduction": "none"}, (a, b, y), (ra, rb, ry)),
        ("SoftMarginLoss", {}, (a[:, 0], y), (ra[:, 0], ry)),
        ("MultiLabelSoftMarginLoss", {}, (a, (b > 0).float()), (ra, (rb > 0).float())),
        ("MultiLabelMarginLoss", {"reduction": "none"}, (a, targets), (ra, rtargets)),
        ("MultiMarginLoss", {"p": 2, "margin": 0.7}, (a, labels), (ra, rlabels)),
        ("PoissonNLLLoss", {"full": True}, (a, positive * 3), (ra, rpositive * 3)),
        ("PoissonNLLLoss", {"log_input": False}, (positive, b.abs()), (rpositive, rb.abs())),
        ("GaussianNLLLoss", {"full": True}, (a, b, positive), (ra, rb, rpositive)),
        ("GaussianNLLLoss", {}, (a, b, positive[:, 0]), (ra, rb, rpositive[:, 0])),
        ("TripletMarginLoss", {"swap": True, "p": 1}, (a, b, c), (ra, rb, rc)),
        ("TripletMarginWithDistanceLoss", {"reduction": "sum"}, (a, b, c), (ra, rb, rc)),
        ("NLLLoss2d", {}, (a, labels), (ra, rlabels)),
    ]
    for name, kwargs, ours_args, real_args in cases:
        ours = getattr(torch.nn, name)(**kwargs)(*ours_args)
        theirs = getattr(real_torch.nn, name)(**kwargs)(*real_args)
        try:
            _close(ours, theirs)
        except AssertionError as error:
            raise AssertionError(f"{name} {kwargs}: {error}") from error
