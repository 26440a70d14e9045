"""Real models end to end: each model is defined once as ordinary torch code (the
``build(torch)`` functions of examples/torch_*.py), built with real torch, its state_dict
copied into the frontend model, and the forward pass compared on every backend (float32,
max abs error <= 1e-5) in eval mode and in train mode with dropout off."""

from __future__ import annotations

import importlib.util
import pathlib
from typing import Any

import numpy
import pytest
import torch as real_torch

from frontends import torch

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"
ATOL = 1e-5


def _example(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"torch_{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load(model: Any, reference: Any) -> None:
    state = {k: torch.tensor(v.detach().numpy()) for k, v in reference.state_dict().items()}
    result = model.load_state_dict(state)
    assert result.missing_keys == [] and result.unexpected_keys == []
    assert list(model.state_dict()) == list(reference.state_dict())


def _close(ours: Any, theirs: Any) -> None:
    assert tuple(ours.shape) == tuple(theirs.shape)
    assert str(ours.dtype) == str(theirs.dtype)
    a = numpy.asarray(ours.detach().numpy(), dtype=numpy.float64)
    b = theirs.detach().numpy().astype(numpy.float64)
    assert numpy.max(numpy.abs(a - b), initial=0.0) <= ATOL


@pytest.mark.parametrize("use_mha", [False, True], ids=["sdpa", "multihead_attention"])
@pytest.mark.parametrize("mode", ["eval", "train"])
def test_gpt(backend: str, use_mha: bool, mode: str) -> None:
    build = _example("gpt").build
    real_torch.manual_seed(0)
    reference = build(real_torch)(use_mha=use_mha).train(mode == "train")
    model = build(torch)(use_mha=use_mha).train(mode == "train")
    _load(model, reference)
    # weight tying survives loading: one Parameter, counted once
    assert model.lm_head.weight is model.wte.weight
    assert len(list(model.parameters())) == len(list(reference.parameters()))
    tokens = real_torch.randint(0, 64, (3, 16))
    with real_torch.no_grad():
        expected = reference(tokens)
    _close(model(torch.tensor(tokens.numpy())), expected)


@pytest.mark.parametrize("mode", ["eval", "train"])
def test_cnn(backend: str, mode: str) -> None:
    build = _example("cnn").build
    real_torch.manual_seed(1)
    reference = build(real_torch)()
    with real_torch.no_grad():  # non-trivial running statistics for eval mode
        reference.train()(real_torch.randn(8, 3, 16, 16) * 2 + 1)
    reference.train(mode == "train")
    model = build(torch)().train(mode == "train")
    _load(model, reference)
    images = numpy.random.default_rng(0).standard_normal((4, 3, 16, 16)).astype(numpy.float32)
    for _ in range(2):  # twice: running statistics updated from updated ones
        with real_torch.no_grad():
            expected = reference(real_torch.from_numpy(images))
        _close(model(torch.tensor(images)), expected)
    ours, theirs = model.state_dict(), reference.state_dict()
    for key in theirs:
        if "running" in key or "num_batches_tracked" in key:
            _close(ours[key], theirs[key])


@pytest.mark.parametrize("mode", ["eval", "train"])
def test_lstm_language_model(backend: str, mode: str) -> None:
    build = _example("lstm").build
    real_torch.manual_seed(2)
    reference = build(real_torch)().train(mode == "train")
    model = build(torch)().train(mode == "train")
    _load(model, reference)
    tokens = real_torch.randint(0, 50, (2, 10))
    with real_torch.no_grad():
        expected, (eh, ec) = reference(tokens)
        expected2, (eh2, ec2) = reference(tokens[:, :3], (eh, ec))
    logits, (h, c) = model(torch.tensor(tokens.numpy()))
    _close(logits, expected)
    _close(h, eh)
    _close(c, ec)
    logits2, (h2, c2) = model(torch.tensor(tokens[:, :3].numpy()), (h, c))
    _close(logits2, expected2)
    _close(h2, eh2)
    _close(c2, ec2)


@pytest.mark.parametrize("name", ["gpt", "cnn", "lstm"])
def test_example_script_runs(name: str) -> None:
    """A newcomer's ``python examples/torch_<name>.py``: runs and reports a small error."""
    import re
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, str(EXAMPLES / f"torch_{name}.py"), "numpy"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    errors = [
        float(number)
        for line in result.stdout.splitlines()
        if "error" in line
        for number in re.findall(
            r"\d[\d.]*(?:e[-+]\d+)?", re.sub(r"\w+=\S+", "", line.split("error", 1)[1])
        )
    ]
    assert errors and max(errors) <= ATOL, result.stdout
