"""Grad-mode objects, torch.device and torch.cuda against real torch."""

from __future__ import annotations

import inspect

import pytest
import torch as real_torch

from frontends import torch


def _states(module):
    return (module.is_grad_enabled(), module.is_inference_mode_enabled())


@pytest.mark.parametrize("name", ["no_grad", "enable_grad", "inference_mode"])
def test_context_managers_match_torch(name):
    for module in (torch, real_torch):
        with getattr(module, name)():
            inside = _states(module)
        if module is torch:
            ours = (inside, _states(module))
        else:
            theirs = (inside, _states(module))
    assert ours == theirs


@pytest.mark.parametrize("name", ["no_grad", "enable_grad", "inference_mode"])
@pytest.mark.parametrize("bare", [False, True])
def test_decorators_match_torch(name, bare):
    results = []
    for module in (torch, real_torch):
        mode = getattr(module, name)

        def probe(module=module):
            return _states(module)

        decorated = mode(probe) if bare else mode()(probe)
        results.append((decorated(), _states(module), decorated.__name__))
    assert results[0] == results[1]


def test_nesting_and_set_grad_enabled_match_torch():
    def run(module):
        seen = []
        with module.no_grad():
            seen.append(module.is_grad_enabled())
            with module.enable_grad():
                seen.append(module.is_grad_enabled())
            seen.append(module.is_grad_enabled())
        module.set_grad_enabled(False)
        seen.append(module.is_grad_enabled())
        module.set_grad_enabled(True)
        with module.set_grad_enabled(False):
            seen.append(module.is_grad_enabled())
        seen.append(module.is_grad_enabled())
        with module.inference_mode(False):
            seen.append(_states(module))
        return seen

    assert run(torch) == run(real_torch)


def test_device_matches_torch():
    for spec in ["cpu", "cuda", "cuda:1", ("cuda", 2), "meta"]:
        args = spec if isinstance(spec, tuple) else (spec,)
        ours, theirs = torch.device(*args), real_torch.device(*args)
        assert (ours.type, ours.index) == (theirs.type, theirs.index)
        assert repr(ours) == repr(theirs) and str(ours) == str(theirs)
    assert torch.device("cpu") == torch.device("cpu") != torch.device("cuda")
    with pytest.raises(RuntimeError):
        torch.device("gpu")


def test_cuda_is_available_only_with_a_gpu_backend(backend):
    import core

    assert torch.cuda.is_available() == core.current_backend().module.has_gpu()
    if backend == "numpy":
        assert not torch.cuda.is_available()


def test_signatures_are_real():
    assert list(inspect.signature(torch.set_grad_enabled).parameters) == ["mode"]
