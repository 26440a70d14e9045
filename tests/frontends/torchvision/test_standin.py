"""frontends.torchvision, the stand-in a library's ``import torchvision`` gets under the
drop-in: FrozenBatchNorm2d computes real torch's eval-mode batch norm, InterpolationMode has
torchvision's values, the names timm imports but this package does not implement refuse to
be built, and everything else is absent with an error naming it. (Real torchvision cannot be
imported here; its formulas are real torch's ``batch_norm``.)"""

from __future__ import annotations

import numpy
import pytest
import torch as real_torch

from frontends import torch
from frontends.torchvision import datasets, transforms
from frontends.torchvision.ops.misc import FrozenBatchNorm2d
from tests.frontends.torch.oracle import assert_matches, to_frontend

RNG = numpy.random.default_rng(0)


def test_frozen_batch_norm_is_eval_batch_norm(backend):
    x = RNG.standard_normal((2, 3, 4, 5)).astype("float32")
    stats = {
        "weight": RNG.uniform(0.5, 2, 3),
        "bias": RNG.standard_normal(3),
        "running_mean": RNG.standard_normal(3),
        "running_var": RNG.uniform(0.5, 2, 3),
    }
    stats = {k: v.astype("float32") for k, v in stats.items()}
    frozen = FrozenBatchNorm2d(3, eps=1e-3)
    # a BatchNorm2d's state loads: num_batches_tracked is dropped, as torchvision drops it
    result = frozen.load_state_dict(
        {**{k: to_frontend(v) for k, v in stats.items()}, "num_batches_tracked": torch.tensor(7)}
    )
    assert result.missing_keys == result.unexpected_keys == []
    real = {k: real_torch.from_numpy(v) for k, v in stats.items()}
    expected = real_torch.nn.functional.batch_norm(
        real_torch.from_numpy(x), real["running_mean"], real["running_var"], real["weight"],
        real["bias"], training=False, eps=1e-3,
    )  # fmt: skip
    assert_matches(frozen(to_frontend(x)), expected, rtol=1e-5, atol=1e-6)
    assert [name for name, _ in frozen.named_buffers()] == list(stats)
    assert list(frozen.parameters()) == []
    assert repr(frozen) == "FrozenBatchNorm2d(3, eps=0.001)"


def test_interpolation_mode_values():
    assert {m.name: m.value for m in transforms.InterpolationMode} == {
        "NEAREST": "nearest", "NEAREST_EXACT": "nearest-exact", "BILINEAR": "bilinear",
        "BICUBIC": "bicubic", "BOX": "box", "HAMMING": "hamming", "LANCZOS": "lanczos",
    }  # fmt: skip
    assert transforms.functional.InterpolationMode is transforms.InterpolationMode


@pytest.mark.parametrize(
    "module, name", [(datasets, "CIFAR10"), (datasets, "ImageFolder"), (transforms, "ToTensor")]
)
def test_imported_names_refuse_to_be_built(module, name):
    cls = getattr(module, name)

    class Subclass(cls):  # timm subclasses ToTensor at import
        pass

    public = f"{module.__name__.removeprefix('frontends.')}.{name}"
    with pytest.raises(NotImplementedError, match=f"{public} is not provided"):
        Subclass()


def test_other_names_are_absent():
    with pytest.raises(AttributeError, match="'torchvision.transforms' has no attribute 'Resize'"):
        transforms.Resize
    with pytest.raises(ImportError):
        from frontends.torchvision.datasets import Places365  # noqa: F401
