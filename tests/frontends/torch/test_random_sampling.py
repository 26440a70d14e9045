"""Random sampling and torch.testing.assert_close against real torch's shapes, dtypes and
verdicts; the same seed gives the same values on every backend."""

from __future__ import annotations

import numpy
import pytest
import torch as real_torch

import core
from frontends import torch

CALLS = [
    ("rand", (2, 3), {}),
    ("rand", ((4,),), {"dtype": "float64"}),
    ("randn", (3,), {"dtype": "float16"}),
    ("randint", (5, (2, 2)), {}),
    ("randint", (-3, 4, (6,)), {"dtype": "int8"}),
    ("randperm", (7,), {}),
    ("normal", (0.0, 2.0), {"size": (3,)}),
]


def _call(module, name, args, kwargs):
    kwargs = {k: getattr(module, v) if k == "dtype" else v for k, v in kwargs.items()}
    return getattr(module, name)(*args, **kwargs)


@pytest.mark.parametrize(("name", "args", "kwargs"), CALLS)
def test_shape_dtype_and_reproducibility(backend, name, args, kwargs):
    expected = _call(real_torch, name, args, kwargs)
    torch.manual_seed(123)
    first = _call(torch, name, args, kwargs)
    assert str(first.dtype) == str(expected.dtype) and tuple(first.shape) == tuple(expected.shape)
    torch.manual_seed(123)
    second = _call(torch, name, args, kwargs)
    numpy.testing.assert_array_equal(first.numpy(), second.numpy())
    with core.use_backend("numpy"):
        torch.manual_seed(123)
        reference = _call(torch, name, args, kwargs)
    numpy.testing.assert_array_equal(first.numpy(), reference.numpy())


def test_values_are_in_range(backend):
    torch.manual_seed(0)
    ints = torch.randint(-3, 4, (1000,)).numpy()
    assert ints.min() >= -3 and ints.max() <= 3 and len(set(ints.tolist())) == 7
    uniform = torch.rand(1000).numpy()
    assert 0 <= uniform.min() and uniform.max() < 1
    normal = torch.randn(20000).numpy()
    assert abs(normal.mean()) < 0.05 and abs(normal.std() - 1) < 0.05
    assert sorted(torch.randperm(10).tolist()) == list(range(10))


def test_generators_are_independent_of_the_default(backend):
    generator = torch.Generator().manual_seed(5)
    a = torch.rand(3, generator=generator)
    torch.manual_seed(99)
    generator.manual_seed(5)
    b = torch.rand(3, generator=generator)
    numpy.testing.assert_array_equal(a.numpy(), b.numpy())
    state = generator.get_state()
    c = torch.rand(3, generator=generator)
    generator.set_state(state)
    numpy.testing.assert_array_equal(torch.rand(3, generator=generator).numpy(), c.numpy())
    assert generator.initial_seed() == 5


def test_in_place_samplers_keep_the_tensor(backend):
    x = torch.zeros(4, 5)
    same = x.uniform_(-2, 2)
    assert same is x and x.dtype == torch.float32
    values = x.numpy()
    assert values.min() >= -2 and values.max() < 2
    x.normal_()
    assert x.numpy().std() > 0
    mask = torch.empty(100).bernoulli_(0.5)
    assert set(mask.tolist()) <= {0.0, 1.0}


def test_randint_refuses_an_empty_range():
    with pytest.raises(RuntimeError, match="from"):
        torch.randint(3, 3, (2,))
    with pytest.raises(RuntimeError):
        real_torch.randint(3, 3, (2,))


CLOSE_CASES = [
    ([1.0, 2.0], [1.0, 2.0 + 1e-7], {}),
    ([1.0, 2.0], [1.0, 2.1], {}),
    ([1.0, 2.0], [1.0, 2.1], {"rtol": 0.1, "atol": 0.0}),
    ([float("nan")], [float("nan")], {}),
    ([float("nan")], [float("nan")], {"equal_nan": True}),
]


@pytest.mark.parametrize(("a", "b", "kwargs"), CLOSE_CASES)
def test_assert_close_gives_torchs_verdict(backend, a, b, kwargs):
    def verdict(module):
        try:
            module.testing.assert_close(module.tensor(a), module.tensor(b), **kwargs)
        except AssertionError:
            return False
        return True

    assert verdict(torch) == verdict(real_torch)


def test_assert_close_checks_dtype_and_shape(backend):
    with pytest.raises(AssertionError, match="dtype"):
        torch.testing.assert_close(torch.ones(2), torch.ones(2, dtype=torch.float64))
    torch.testing.assert_close(torch.ones(2), torch.ones(2, dtype=torch.float64), check_dtype=False)
    with pytest.raises(AssertionError, match="shape"):
        torch.testing.assert_close(torch.ones(2), torch.ones(3))
    torch.testing.assert_close([torch.ones(1), 2.0], [torch.ones(1), 2.0])
