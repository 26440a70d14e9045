"""torch.device, torch.dtype and torch.Generator as torch's documentation uses them, against
real torch: each use runs on real torch and on the frontend (both as the module ``t``) and
gives the same printed result, or an error of the same class.

The uses are those of torch's docs: the ``torch.device`` section of "Tensor Attributes"
(strings with and without an index, ``torch.device(type, index)``, a device as a context
manager), ``torch.set_default_device``/``get_default_device``, ``Tensor.to(device)``, the
``torch.Generator`` docstrings (``manual_seed(...).initial_seed()``, ``get_state``/
``set_state``, ``device``) and the ``torch.dtype`` attributes.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import DTYPE_NAMES, error_kind


def _outcome(use: Callable[[Any], Any], module: Any) -> tuple[str, str]:
    """``use(module)`` as ("value", its repr) or ("error", the class torch's would be)."""
    try:
        return "value", repr(use(module))
    except Exception as error:
        return "error", error_kind(error).__name__


def _same(use: Callable[[Any], Any]) -> None:
    theirs = _outcome(use, real_torch)
    try:
        ours = _outcome(use, torch)
    finally:
        torch.set_default_device(None)
        real_torch.set_default_device(None)
    assert ours == theirs


def _in_block(t: Any, name: str, body: Callable[[Any], Any]) -> Any:
    with t.device(name) as entered:
        return entered, body(t)


DEVICE_USES = {
    "cpu": lambda t: t.device("cpu"),
    "cpu:0": lambda t: t.device("cpu:0"),
    "cpu, 0": lambda t: t.device("cpu", 0),
    "keywords": lambda t: t.device(type="cpu", index=0),
    "of a device": lambda t: t.device(t.device("cpu", 0)),
    "cuda:1": lambda t: t.device("cuda:1"),
    "cuda, 0": lambda t: t.device("cuda", 0),
    "meta": lambda t: t.device("meta"),
    "mps": lambda t: t.device("mps"),
    "legacy ordinal": lambda t: t.device(1),
    "type and index": lambda t: (t.device("cpu:0").type, t.device("cpu:0").index),
    "no index": lambda t: t.device("cpu").index,
    "str": lambda t: (str(t.device("cpu")), str(t.device("cuda", 1))),
    "equal": lambda t: t.device("cpu", 0) == t.device("cpu:0"),
    "index differs": lambda t: t.device("cpu") == t.device("cpu:0"),
    "not a string": lambda t: t.device("cpu") == "cpu",
    "hash": lambda t: {t.device("cpu:0"): 1}.get(t.device("cpu", 0)),
    "pickle": lambda t: pickle.loads(pickle.dumps(t.device("cpu", 0))),
    "bad index": lambda t: t.device("cpu:x"),
    "bad type": lambda t: t.device("tpu"),
    "two indices": lambda t: t.device("cpu:0", 1),
    "negative index": lambda t: t.device("cpu", -1),
    "tensor": lambda t: t.ones(2).device,
    "tensor to cpu:0": lambda t: t.ones(2).to("cpu:0").device,
    "tensor to device": lambda t: t.ones(2).to(t.device("cpu", 0)).dtype,
    "tensor on cpu": lambda t: t.ones(2).device == t.device("cpu"),
    "created on cpu:0": lambda t: t.zeros(2, device="cpu:0").device,
    "block": lambda t: _in_block(t, "cpu", lambda t: (t.get_default_device(), t.ones(1).device)),
    "model in a block": lambda t: _in_block(t, "cpu", lambda t: t.nn.Linear(2, 3).weight.device),
    "nested blocks": lambda t: _in_block(
        t, "meta", lambda t: (t.get_default_device(), _in_block(t, "cpu", t.get_default_device))
    ),
    "after a block": lambda t: (_in_block(t, "meta", t.get_default_device), t.get_default_device()),
    "default": lambda t: t.get_default_device(),
    "set default": lambda t: (t.set_default_device("cpu:0"), t.get_default_device()),
    "set default back": lambda t: (
        t.set_default_device("cpu:0"),
        t.set_default_device(None),
        t.get_default_device(),
    ),
    "set default tensor": lambda t: (t.set_default_device("cpu"), t.tensor([1.2, 3]).device),
}


@pytest.mark.parametrize("use", DEVICE_USES.values(), ids=DEVICE_USES)
def test_device(use):
    _same(use)


def _replayed(t: Any) -> bool:
    generator = t.Generator(device="cpu")
    state = generator.get_state()
    first = t.rand(3, generator=generator)
    generator.set_state(state)
    return bool(t.equal(first, t.rand(3, generator=generator)))


GENERATOR_USES = {
    "device": lambda t: t.Generator(device="cpu").device,
    "default device": lambda t: t.Generator().device,
    "initial seed": lambda t: t.Generator().manual_seed(2147483647).initial_seed(),
    "manual_seed returns it": lambda t: type(t.Generator().manual_seed(1)).__name__,
    "draws": lambda t: t.randn(3, generator=t.Generator().manual_seed(7)),
    "state": lambda t: (t.Generator().get_state().dtype, t.Generator().get_state().shape),
    "state replays": _replayed,
    "state of another": lambda t: t.rand(
        2, generator=t.Generator().set_state(t.Generator().manual_seed(3).get_state())
    ),
    "bad state": lambda t: t.Generator().set_state(t.zeros(3)),
    "default generator": lambda t: t.default_generator.device,
}


@pytest.mark.parametrize("use", GENERATOR_USES.values(), ids=GENERATOR_USES)
def test_generator(use):
    _same(use)


DTYPE_ATTRIBUTES = {
    "is_floating_point": lambda d: d.is_floating_point,
    "is_complex": lambda d: d.is_complex,
    "is_signed": lambda d: d.is_signed,
    "itemsize": lambda d: d.itemsize,
    "to_real": lambda d: d.to_real(),
    "to_complex": lambda d: d.to_complex(),
}


@pytest.mark.parametrize("attribute", DTYPE_ATTRIBUTES)
@pytest.mark.parametrize("name", [n for n in DTYPE_NAMES if n != "float16"])
def test_dtype(name, attribute):
    _same(lambda t: DTYPE_ATTRIBUTES[attribute](getattr(t, name)))


def test_float16_to_complex_names_complex32():
    """torch.float16's complex dtype is complex32, which core lacks: a clear TypeError."""
    assert real_torch.float16.to_complex() == real_torch.complex32
    with pytest.raises(TypeError, match="complex32"):
        torch.float16.to_complex()
    assert [getattr(torch.float16, a) for a in ("is_floating_point", "itemsize")] == [True, 2]
