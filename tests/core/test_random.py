"""core.random: the same seed gives the same values on every backend; the samples have the
right dtype, shape, range and (roughly) distribution."""

from __future__ import annotations

import numpy
import pytest

import core
from tests.core.oracle import assert_same

SAMPLERS = {
    "uniform": lambda g: core.random.uniform((3, 4), -2.0, 5.0, generator=g),
    "uniform_bf16": lambda g: core.random.uniform((5,), dtype="bfloat16", generator=g),
    "normal": lambda g: core.random.normal((2, 3), 1.0, 2.0, dtype="float64", generator=g),
    "randint": lambda g: core.random.randint(-5, 7, (4, 2), generator=g),
    "randint_u8": lambda g: core.random.randint(0, 256, 10, dtype="uint8", generator=g),
    "bernoulli": lambda g: core.random.bernoulli(0.3, (6,), generator=g),
    "bernoulli_array": lambda g: core.random.bernoulli(
        core.asarray([0.0, 0.5, 1.0]), dtype="float32", generator=g
    ),
    "permutation": lambda g: core.random.permutation(7, generator=g),
    "shuffle": lambda g: core.random.shuffle(
        core.asarray(numpy.arange(12, dtype=numpy.int16).reshape(3, 4)), axis=1, generator=g
    ),
    "multinomial": lambda g: core.random.multinomial(
        core.asarray([[0.1, 0.0, 0.9, 0.5], [1.0, 1.0, 1.0, 1.0]]), 3, generator=g
    ),
}


@pytest.mark.parametrize("name", SAMPLERS)
def test_same_seed_same_values_on_every_backend(backend, name):
    with core.use_backend("numpy"):
        expected = SAMPLERS[name](core.random.Generator(1234))
    result = SAMPLERS[name](core.random.Generator(1234))
    assert result.backend == backend
    assert_same(result, expected.to_numpy(), rtol=0, atol=0)


def test_draws_advance_the_counter_and_seed_resets(backend):
    generator = core.random.Generator(7)
    first = core.random.normal((4,), generator=generator)
    second = core.random.normal((4,), generator=generator)
    assert generator.get_state() == (7, 2)
    assert not numpy.array_equal(first.to_numpy(), second.to_numpy())
    generator.set_state((7, 0))
    assert_same(core.random.normal((4,), generator=generator), first.to_numpy())
    core.random.seed(3)
    a = core.random.uniform((4,))
    core.random.seed(3)
    assert_same(core.random.uniform((4,)), a.to_numpy())
    assert core.random.default_generator().get_state() == (3, 1)
    other = core.random.uniform((4,), generator=core.random.Generator(4))
    assert not numpy.array_equal(a.to_numpy(), other.to_numpy())


def test_normal_and_uniform_statistics(backend):
    generator = core.random.Generator(0)
    normal = core.random.normal((10_000,), 3.0, 2.0, generator=generator).to_numpy()
    assert normal.dtype == numpy.float32
    assert abs(normal.mean() - 3.0) < 0.1 and abs(normal.std() - 2.0) < 0.1
    uniform = core.random.uniform((10_000,), -1.0, 3.0, generator=generator)
    assert uniform.dtype == core.float32 and uniform.shape == (10_000,)
    values = uniform.to_numpy()
    assert values.min() >= -1.0 and values.max() < 3.0
    assert abs(values.mean() - 1.0) < 0.05 and abs(values.var() - 16 / 12) < 0.1
    assert core.random.uniform(generator=generator).shape == ()


def test_integer_and_boolean_samplers(backend):
    generator = core.random.Generator(5)
    ints = core.random.randint(-3, 4, (2000,), dtype="int8", generator=generator)
    assert ints.dtype == core.int8
    assert set(numpy.unique(ints.to_numpy())) == set(range(-3, 4))
    flips = core.random.bernoulli(0.25, (10_000,), generator=generator)
    assert flips.dtype == core.bool
    assert abs(flips.to_numpy().mean() - 0.25) < 0.02
    permutation = core.random.permutation(50, generator=generator)
    assert permutation.dtype == core.int64
    assert sorted(permutation.to_numpy()) == list(range(50))
    x = numpy.arange(20, dtype=numpy.float64).reshape(5, 4)
    shuffled = core.random.shuffle(core.asarray(x), generator=generator).to_numpy()
    assert shuffled.dtype == numpy.float64
    assert sorted(map(tuple, shuffled)) == sorted(map(tuple, x))
    with pytest.raises(ValueError):
        core.random.randint(3, 3, generator=generator)
    with pytest.raises(ValueError):
        core.random.randint(0, 300, dtype="uint8", generator=generator)
    with pytest.raises(TypeError):
        core.random.normal((2,), dtype="int32", generator=generator)


def test_multinomial(backend):
    generator = core.random.Generator(9)
    probs = core.asarray([[0.0, 1.0, 3.0], [2.0, 0.0, 0.0]])
    drawn = core.random.multinomial(probs, 2000, replacement=True, generator=generator)
    assert drawn.dtype == core.int64 and drawn.shape == (2, 2000)
    counts = numpy.bincount(drawn.to_numpy()[0], minlength=3)
    assert counts[0] == 0 and abs(counts[2] / 2000 - 0.75) < 0.04
    assert (drawn.to_numpy()[1] == 0).all()
    without = core.random.multinomial(core.asarray([1.0, 2.0, 3.0, 4.0]), 4, generator=generator)
    assert sorted(without.to_numpy()) == [0, 1, 2, 3]
    with pytest.raises(ValueError):
        core.random.multinomial(probs, 2, generator=generator)  # row 2 has one category
    with pytest.raises(ValueError):
        core.random.multinomial(core.asarray([-1.0, 2.0]), 1, generator=generator)
