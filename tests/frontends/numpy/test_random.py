"""numpy.random against real numpy: the same numbers, bit for bit, for the same seed, on
every backend; frontend arrays as arguments; shuffle/out= writing into frontend arrays
and views; state objects (get_state/set_state, RandomState, Generator, bit generators,
spawn, pickles)."""

from __future__ import annotations

import pickle
import warnings

import numpy
import pytest

from frontends import numpy as fnp
from frontends.base.host import is_host
from tests.frontends.numpy.oracle import compare

SEED = 1234

# (name, args, kwargs) of the legacy API; each runs once with size=(2, 3) and once with no
# size (numpy's scalar result)
DISTRIBUTIONS = [
    ("beta", (2.0, 3.0), {}),
    ("binomial", (10, 0.3), {}),
    ("chisquare", (3.0,), {}),
    ("exponential", (2.0,), {}),
    ("f", (3.0, 5.0), {}),
    ("gamma", (2.0, 1.5), {}),
    ("geometric", (0.3,), {}),
    ("gumbel", (1.0, 2.0), {}),
    ("hypergeometric", (10, 5, 7), {}),
    ("laplace", (0.5, 2.0), {}),
    ("logistic", (0.5, 2.0), {}),
    ("lognormal", (0.1, 0.5), {}),
    ("logseries", (0.6,), {}),
    ("negative_binomial", (5, 0.4), {}),
    ("noncentral_chisquare", (3.0, 2.0), {}),
    ("noncentral_f", (3.0, 5.0, 1.5), {}),
    ("normal", (1.0, 2.0), {}),
    ("pareto", (3.0,), {}),
    ("poisson", (4.0,), {}),
    ("power", (2.0,), {}),
    ("rayleigh", (1.5,), {}),
    ("standard_cauchy", (), {}),
    ("standard_exponential", (), {}),
    ("standard_gamma", (2.5,), {}),
    ("standard_normal", (), {}),
    ("standard_t", (4.0,), {}),
    ("triangular", (0.0, 1.0, 3.0), {}),
    ("uniform", (-1.0, 2.0), {}),
    ("vonmises", (0.5, 2.0), {}),
    ("wald", (1.0, 2.0), {}),
    ("weibull", (1.5,), {}),
    ("zipf", (2.5,), {}),
]
MULTIVARIATE = [
    ("dirichlet", ([1.0, 2.0, 3.0],), {}),
    ("multinomial", (10, [0.2, 0.3, 0.5]), {}),
    ("multivariate_normal", ([0.0, 1.0], [[2.0, 0.5], [0.5, 1.0]]), {}),
]
SAMPLING = [
    ("rand", (2, 3), {}),
    ("rand", (), {}),
    ("randn", (4,), {}),
    ("randn", (), {}),
    ("randint", (0, 10), {"size": 5}),
    ("randint", (5,), {}),
    ("randint", (-3, 300), {"size": (2, 2), "dtype": "int16"}),
    ("randint", (0, 2), {"size": 4, "dtype": numpy.bool_}),
    ("randint", (0, 2**63), {"size": 3, "dtype": numpy.uint64}),
    ("random", (), {"size": (2, 2)}),
    ("random", (), {}),
    ("random_sample", (3,), {}),
    ("ranf", (3,), {}),
    ("sample", (3,), {}),
    ("choice", (5,), {"size": 3}),
    ("choice", (5,), {}),
    ("choice", ([1.5, 2.5, 3.5],), {"size": 4, "p": [0.2, 0.3, 0.5]}),
    ("choice", (10,), {"size": 5, "replace": False}),
    ("permutation", (6,), {}),
    ("permutation", ([[1, 2], [3, 4], [5, 6]],), {}),
    ("bytes", (7,), {}),
]
LEGACY_ERRORS = [
    ("normal", (0.0, -1.0), {}),
    ("randint", (5, 2), {}),
    ("choice", (5,), {"p": [0.5, 0.5]}),
    ("choice", (3,), {"size": 5, "replace": False}),
    ("beta", (-1.0, 2.0), {}),
    ("binomial", (10, 1.5), {}),
    ("multivariate_normal", ([0.0], [[1.0, 0.0]]), {}),
    ("rand", (-1,), {}),
]


def _to_arrays(np, value):
    """Lists in an argument list as arrays of the module under test (frontend arrays for
    the frontend), to check array arguments."""
    if isinstance(value, list):
        return np.asarray(value)
    return value


def _legacy(np, name, args, kwargs, *, arrays=False):
    np.random.seed(SEED)
    if arrays:
        args = tuple(_to_arrays(np, a) for a in args)
    return getattr(np.random, name)(*args, **kwargs)


@pytest.mark.parametrize(
    ("name", "args", "kwargs"), DISTRIBUTIONS, ids=[d[0] for d in DISTRIBUTIONS]
)
def test_legacy_distributions(backend, name, args, kwargs):
    compare(lambda np: _legacy(np, name, args, {**kwargs, "size": (2, 3)}))
    compare(lambda np: _legacy(np, name, args, kwargs))


@pytest.mark.parametrize(
    ("name", "args", "kwargs"), DISTRIBUTIONS[:12], ids=[d[0] for d in DISTRIBUTIONS[:12]]
)
def test_legacy_array_parameters(backend, name, args, kwargs):
    """Parameters given as (frontend) arrays broadcast against each other as numpy's do."""
    params = tuple([a, a * 1.1 if isinstance(a, float) else a] for a in args)
    compare(lambda np: _legacy(np, name, params, kwargs, arrays=True))
    compare(lambda np: _legacy(np, name, params, {"size": (3, 2)}, arrays=True))
    if args:  # a 0-d array parameter gives what numpy gives for one
        compare(lambda np: _legacy(np, name, (np.asarray(args[0]), *args[1:]), kwargs))


@pytest.mark.parametrize(
    ("name", "args", "kwargs"), MULTIVARIATE + SAMPLING, ids=[d[0] for d in MULTIVARIATE + SAMPLING]
)
def test_legacy_sampling(backend, name, args, kwargs):
    compare(lambda np: _legacy(np, name, args, kwargs))
    compare(lambda np: _legacy(np, name, args, kwargs, arrays=True))
    if name in {m[0] for m in MULTIVARIATE}:
        compare(lambda np: _legacy(np, name, args, {"size": (2, 3)}, arrays=True))


@pytest.mark.parametrize(
    ("name", "args", "kwargs"), LEGACY_ERRORS, ids=[d[0] for d in LEGACY_ERRORS]
)
def test_legacy_errors(backend, name, args, kwargs):
    compare(lambda np: _legacy(np, name, args, kwargs))


def test_keyword_array_arguments(backend):
    def seeded(np, function):
        np.random.seed(SEED)
        return function(np)

    compare(
        lambda np: seeded(
            np, lambda np: np.random.normal(loc=np.asarray([1.0, 2.0]), scale=np.asarray(2.0))
        )
    )
    compare(
        lambda np: seeded(
            np,
            lambda np: np.random.choice(
                np.asarray([7, 8, 9]), size=4, p=np.asarray([0.5, 0.25, 0.25])
            ),
        )
    )
    compare(
        lambda np: np.random.default_rng(SEED).choice(
            np.asarray([7, 8, 9]), size=4, p=np.asarray([0.5, 0.25, 0.25])
        )
    )
    compare(
        lambda np: np.random.default_rng(SEED).integers(
            low=np.asarray([0, 10]), high=np.asarray(20)
        )
    )
    compare(
        lambda np: np.random.default_rng(SEED).multivariate_normal(
            mean=np.zeros(2), cov=np.eye(2), size=np.asarray(3)
        )
    )


def test_string_and_object_choices_are_held_on_the_host(backend):
    for make in (
        lambda np: (np.random.seed(SEED), np.random.choice(["a", "bc", "d"], size=4))[1],
        lambda np: np.random.default_rng(SEED).choice(
            numpy.asarray([None, 1, "x"], dtype=object), 5
        ),
        lambda np: np.random.default_rng(SEED).permutation(["a", "b", "c"]),
    ):
        ours, theirs = make(fnp), make(numpy)
        assert isinstance(ours, fnp.ndarray) and is_host(ours.native)
        numpy.testing.assert_array_equal(numpy.asarray(ours), theirs, strict=True)
    labels = fnp.array(["a", "b", "c", "d"])
    fnp.random.default_rng(SEED).shuffle(labels)
    expected = numpy.array(["a", "b", "c", "d"])
    numpy.random.default_rng(SEED).shuffle(expected)
    assert labels.tolist() == expected.tolist()
    compare(lambda np: (np.random.seed(SEED), np.random.choice(["a", "bc", "d"]))[1])


def test_random_integers_deprecated(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        compare(lambda np: _legacy(np, "random_integers", (1, 6), {"size": 5}))
    with pytest.warns(DeprecationWarning):
        fnp.random.random_integers(1, 6)


def test_results_live_on_the_backend(backend):
    import core

    result = fnp.random.rand(3)
    assert isinstance(result.native, core.current_backend().native_array_types)
    assert type(fnp.random.rand()) is float and type(fnp.random.randint(4)) is int
    assert type(fnp.random.default_rng(0).integers(4)) is numpy.int64


def test_seed_get_state_set_state(backend):
    compare(lambda np: (np.random.seed(7), np.random.get_state())[1])
    for key in ("bit_generator", "has_gauss", "gauss"):
        compare(lambda np, key=key: (np.random.seed(7), np.random.get_state(legacy=False))[1][key])
    compare(lambda np: (np.random.seed(7), np.random.get_state(legacy=False))[1]["state"]["key"])
    compare(lambda np: (np.random.seed(np.asarray([1, 2, 3])), np.random.rand(3))[1])
    compare(lambda np: (np.random.seed(np.uint32(5)), np.random.randn(2))[1])
    compare(lambda np: np.random.seed(-1))
    # a saved state (held as frontend arrays) replays the same numbers, gauss cache included
    fnp.random.seed(3)
    fnp.random.randn()
    state = fnp.random.get_state()
    assert isinstance(state[1], fnp.ndarray) and state[3] == 1
    first = fnp.random.randn(4)
    fnp.random.set_state(state)
    assert numpy.array_equal(numpy.asarray(fnp.random.randn(4)), numpy.asarray(first))
    fnp.random.set_state(fnp.random.get_state(legacy=False))
    saved = numpy.random.get_state()
    ours = fnp.random.rand()
    numpy.random.set_state(saved)
    assert ours == numpy.random.rand()


def test_global_state_is_numpy_s():
    numpy.random.seed(11)
    expected = numpy.random.rand(3)
    numpy.random.seed(11)
    assert numpy.array_equal(numpy.asarray(fnp.random.rand(3)), expected)
    assert fnp.random.get_bit_generator() is numpy.random.get_bit_generator()


def test_random_state(backend):
    compare(lambda np: np.random.RandomState(5).normal(size=(2, 2)))
    compare(lambda np: np.random.RandomState(np.asarray([4, 5])).randint(0, 100, size=6))
    compare(lambda np: np.random.RandomState(5).choice(np.asarray([1.5, 2.5, 3.5]), size=5))
    compare(
        lambda np: np.random.RandomState(5).multivariate_normal(
            np.asarray([0.0, 1.0]), np.eye(2), 3
        )
    )
    compare(lambda np: np.random.RandomState(np.random.MT19937(9)).random_sample(4))
    compare(lambda np: np.random.RandomState(np.random.PCG64(9)).standard_normal(4))
    compare(lambda np: np.random.RandomState(5).get_state())
    compare(lambda np: np.random.RandomState(5).tomaxint(3))
    compare(lambda np: np.random.RandomState(-5))
    state = fnp.random.RandomState(8)
    assert isinstance(state, numpy.random.RandomState)
    state.seed(np_seed := 21)
    reference = numpy.random.RandomState(np_seed)
    assert state.rand() == reference.rand()
    state.randn()
    reference.randn()  # leaves a cached gauss in both
    clone = pickle.loads(pickle.dumps(state))
    assert type(clone) is fnp.random.RandomState
    assert clone.randn() == reference.randn() == state.randn()
    other = fnp.random.RandomState()
    other.set_state(state.get_state())
    assert other.rand() == state.rand()


def _shuffled(np, make, *, generator=False, axis=None):
    x = make(np)
    if generator:
        rng = np.random.default_rng(SEED)
        rng.shuffle(x) if axis is None else rng.shuffle(x, axis=axis)
    else:
        np.random.seed(SEED)
        np.random.shuffle(x)
    return x


@pytest.mark.parametrize("generator", [False, True])
def test_shuffle_in_place(backend, generator):
    compare(lambda np: _shuffled(np, lambda np: np.arange(10.0), generator=generator))
    compare(lambda np: _shuffled(np, lambda np: np.arange(12).reshape(4, 3), generator=generator))
    compare(
        lambda np: _shuffled(
            np, lambda np: np.asarray([1, 2, 3, 4, 5], dtype=np.uint8), generator=generator
        )
    )

    def view_of(np):  # a strided view: the shuffle reaches the base
        base = np.arange(20).reshape(4, 5)
        view = base[1:, ::2]
        _shuffled(np, lambda np: view, generator=generator)
        return base, view

    compare(view_of)
    compare(lambda np: _shuffled(np, lambda np: list(range(8)), generator=generator))
    compare(lambda np: _shuffled(np, lambda np: np.asarray(3.0), generator=generator))


def test_random_state_shuffle(backend):
    def shuffled(np):
        x = np.arange(12.0).reshape(4, 3)
        state = np.random.RandomState(SEED)
        state.shuffle(x[1:])
        return x, state.permutation(x)

    compare(shuffled)


def test_shuffle_read_only(backend):
    x = fnp.arange(5.0)
    x.flags.writeable = False
    with pytest.raises(ValueError):
        fnp.random.shuffle(x)
    with pytest.raises(ValueError):
        fnp.random.default_rng(0).shuffle(x)


def test_generator_shuffle_axis(backend):
    compare(
        lambda np: _shuffled(np, lambda np: np.arange(12).reshape(3, 4), generator=True, axis=1)
    )
    compare(
        lambda np: _shuffled(np, lambda np: np.arange(12).reshape(3, 4), generator=True, axis=2)
    )


def test_other_frontends_arrays(backend):
    from frontends import torch as ftorch

    numpy.random.seed(SEED)
    expected = numpy.random.normal(numpy.asarray([0.0, 10.0]), 2.0)
    fnp.random.seed(SEED)
    result = fnp.random.normal(ftorch.tensor([0.0, 10.0], dtype=ftorch.float64), 2.0)
    assert isinstance(result, fnp.ndarray)
    numpy.testing.assert_array_equal(numpy.asarray(result), expected)
    tensor = ftorch.arange(6)
    fnp.random.default_rng(SEED).shuffle(tensor)
    reference = numpy.arange(6)
    numpy.random.default_rng(SEED).shuffle(reference)
    assert tensor.tolist() == reference.tolist()


# (name, args, kwargs) of Generator methods
GENERATOR = [
    ("integers", (0, 10), {"size": 5}),
    ("integers", (10,), {}),
    ("integers", (0, 10), {"size": 5, "endpoint": True, "dtype": numpy.uint8}),
    ("integers", ([0, 5], [3, 100]), {}),
    ("integers", (0, 2**64 - 1), {"size": 3, "dtype": "uint64"}),
    ("random", (), {"size": (2, 3)}),
    ("random", (), {}),
    ("random", (3,), {"dtype": numpy.float32}),
    ("choice", (5,), {"size": 3}),
    ("choice", ([[1, 2], [3, 4], [5, 6]],), {"size": 2, "axis": 0}),
    ("choice", ([1.5, 2.5, 3.5],), {"size": 4, "p": [0.2, 0.3, 0.5]}),
    ("choice", (10,), {"size": 5, "replace": False, "shuffle": False}),
    ("choice", ([4, 5, 6],), {}),
    ("bytes", (5,), {}),
    ("permutation", (7,), {}),
    ("permutation", ([[1, 2, 3], [4, 5, 6]],), {"axis": 1}),
    ("permuted", ([[1, 2, 3], [4, 5, 6]],), {"axis": 1}),
    ("permuted", ([[1, 2, 3], [4, 5, 6]],), {}),
    ("standard_normal", ((2, 2),), {"dtype": numpy.float32}),
    ("standard_exponential", (3,), {"method": "inv"}),
    ("standard_exponential", (3,), {"dtype": "float32"}),
    ("standard_gamma", (2.0, 3), {"dtype": numpy.float32}),
    ("dirichlet", ([1.0, 2.0, 3.0],), {"size": 2}),
    ("multinomial", (10, [0.2, 0.3, 0.5]), {"size": 2}),
    ("multinomial", ([10, 20], [0.2, 0.3, 0.5]), {}),
    ("multivariate_normal", ([0.0, 1.0], [[2.0, 0.5], [0.5, 1.0]]), {"size": 3}),
    ("multivariate_normal", ([0.0, 1.0], [[2.0, 0.5], [0.5, 1.0]]), {"method": "cholesky"}),
    ("multivariate_hypergeometric", ([3, 4, 5], 6), {"size": 2}),
    ("multivariate_hypergeometric", ([3, 4, 5], 6), {"method": "count"}),
]
GENERATOR_ERRORS = [
    ("integers", (5, 2), {}),
    ("normal", (0.0, -1.0), {}),
    ("choice", ([],), {}),
    ("permuted", ([1, 2, 3],), {"axis": 1}),
    ("random", (), {"dtype": numpy.int32}),
    ("multinomial", (10, [0.7, 0.7]), {}),
    ("integers", (0, 10), {"dtype": float}),
    ("choice", ([1, 2, 3],), {"p": [1.5, -0.5, 0.0]}),
    ("choice", ([[1, 2], [3, 4]],), {"axis": 2}),
    ("dirichlet", ([1.0, -1.0],), {}),
]


def _generated(np, name, args, kwargs, *, arrays=False, seed=SEED):
    rng = np.random.default_rng(seed)
    if arrays:
        args = tuple(_to_arrays(np, a) for a in args)
    return getattr(rng, name)(*args, **kwargs)


@pytest.mark.parametrize(
    ("name", "args", "kwargs"), DISTRIBUTIONS, ids=[d[0] for d in DISTRIBUTIONS]
)
def test_generator_distributions(backend, name, args, kwargs):
    compare(lambda np: _generated(np, name, args, {**kwargs, "size": (2, 3)}))
    compare(lambda np: _generated(np, name, args, kwargs))
    params = tuple([a, a * 1.1 if isinstance(a, float) else a] for a in args)
    compare(lambda np: _generated(np, name, params, kwargs, arrays=True))


@pytest.mark.parametrize(("name", "args", "kwargs"), GENERATOR, ids=[g[0] for g in GENERATOR])
def test_generator_methods(backend, name, args, kwargs):
    compare(lambda np: _generated(np, name, args, kwargs))
    compare(lambda np: _generated(np, name, args, kwargs, arrays=True))


@pytest.mark.parametrize(
    ("name", "args", "kwargs"), GENERATOR_ERRORS, ids=[g[0] for g in GENERATOR_ERRORS]
)
def test_generator_errors(backend, name, args, kwargs):
    compare(lambda np: _generated(np, name, args, kwargs))


def test_generator_out(backend):
    def filled(np, name, *args, dtype=None):
        out = np.zeros((3, 2), dtype=dtype or np.float64)
        view = out[1:]
        result = getattr(np.random.default_rng(SEED), name)(*args, out=view)
        return result is view, out

    compare(lambda np: filled(np, "random"))
    compare(lambda np: filled(np, "standard_normal", None, np.float32, dtype=np.float32))
    compare(lambda np: filled(np, "standard_exponential"))
    compare(lambda np: filled(np, "standard_gamma", 2.0))

    def positional(np):  # out in its positional place
        out = np.zeros((2, 2), dtype=np.float32)
        np.random.default_rng(SEED).standard_gamma(2.0, None, np.float32, out)
        return out

    compare(positional)
    compare(lambda np: filled(np, "random", None, np.float32))  # dtype mismatch: TypeError

    # every frontend array is C-contiguous (the backend owns the layout), so a strided
    # view, which numpy refuses as out=, is filled through to its base
    base = fnp.zeros((2, 4))
    fnp.random.default_rng(SEED).random(out=base[:, ::2])
    numpy.testing.assert_array_equal(
        numpy.asarray(base)[:, ::2], numpy.random.default_rng(SEED).random((2, 2))
    )
    assert not numpy.asarray(base)[:, 1::2].any()

    def permuted_into(np, same):
        x = np.arange(12).reshape(3, 4)
        out = x if same else np.zeros((3, 4), dtype=np.int64)
        result = np.random.default_rng(SEED).permuted(x, axis=1, out=out)
        return result is out, x, out

    def permuted_bad_out(np, shape, dtype):
        out = np.zeros(shape, dtype=dtype)
        return np.random.default_rng(SEED).permuted(np.arange(12).reshape(3, 4), out=out)

    compare(lambda np: permuted_bad_out(np, (4, 3), np.int64))  # ValueError: shape
    compare(lambda np: permuted_bad_out(np, (3, 4), np.int8))  # TypeError: unsafe cast
    compare(lambda np: permuted_bad_out(np, (3, 4), np.float64))  # a safe cast
    compare(lambda np: permuted_into(np, True))
    compare(lambda np: permuted_into(np, False))


def test_default_rng_seeds(backend):
    compare(lambda np: np.random.default_rng(np.asarray([1, 2, 3])).random(3))
    compare(lambda np: np.random.default_rng(np.random.SeedSequence(5)).random(3))
    compare(lambda np: np.random.default_rng(np.random.Philox(5)).normal(size=3))
    compare(lambda np: np.random.default_rng(np.random.SFC64(5)).integers(0, 9, 4))
    compare(lambda np: np.random.default_rng(np.random.MT19937(5)).standard_gamma(1.5, 3))
    compare(lambda np: np.random.default_rng(np.random.PCG64DXSM(5)).random())
    compare(lambda np: np.random.Generator(np.random.PCG64(5)).random(2))
    compare(lambda np: np.random.default_rng(-1))
    rng = fnp.random.default_rng(3)
    assert fnp.random.default_rng(rng) is rng
    real = numpy.random.default_rng(3)
    wrapped = fnp.random.default_rng(real)
    assert isinstance(wrapped, fnp.random.Generator) and wrapped.bit_generator is real.bit_generator
    assert wrapped.random() == numpy.random.default_rng(3).random()
    assert isinstance(rng, numpy.random.Generator) and repr(rng).startswith("Generator(PCG64)")


def test_generator_state_spawn_pickle(backend):
    rng = fnp.random.default_rng(SEED)
    reference = numpy.random.default_rng(SEED)
    assert rng.bit_generator.state == reference.bit_generator.state
    children, expected = rng.spawn(2), reference.spawn(2)
    assert all(type(child) is fnp.random.Generator for child in children)
    for child, theirs in zip(children, expected):
        numpy.testing.assert_array_equal(numpy.asarray(child.random(3)), theirs.random(3))
    rng.random(5)
    clone = pickle.loads(pickle.dumps(rng))
    assert type(clone) is fnp.random.Generator
    assert clone.random() == rng.random()
    # a state dict moves between the frontend's and numpy's bit generators
    ours = fnp.random.PCG64(1)
    theirs = numpy.random.PCG64(2)
    theirs.state = ours.state
    assert numpy.random.Generator(theirs).random() == fnp.random.Generator(ours).random()


@pytest.mark.parametrize("name", ["MT19937", "PCG64", "PCG64DXSM", "Philox", "SFC64"])
def test_bit_generators(backend, name):
    compare(lambda np: getattr(np.random, name)(7).random_raw(4))
    compare(lambda np: getattr(np.random, name)(7).random_raw())
    compare(lambda np: getattr(np.random, name)(np.asarray([7, 8])).random_raw(2))
    compare(lambda np: getattr(np.random, name)(7).spawn(1)[0].random_raw(2))
    if name != "SFC64":
        compare(lambda np: getattr(np.random, name)(7).jumped().random_raw(2))
    ours = getattr(fnp.random, name)(7)
    assert isinstance(ours, getattr(numpy.random, name))
    numpy.testing.assert_equal(ours.state, getattr(numpy.random, name)(7).state)
    clone = pickle.loads(pickle.dumps(ours))
    assert type(clone) is type(ours) and clone.random_raw() == ours.random_raw()


def test_philox_key_and_counter(backend):
    compare(lambda np: np.random.Philox(key=np.asarray([1, 2], dtype=np.uint64)).random_raw(3))
    compare(
        lambda np: np.random.Philox(
            counter=np.asarray([1, 2, 3, 4], dtype=np.uint64), key=5
        ).random_raw(3)
    )


def test_seed_sequence(backend):
    sequence = fnp.random.SeedSequence(42)
    assert sequence is not None and fnp.random.SeedSequence is numpy.random.SeedSequence
    compare(
        lambda np: np.random.Generator(
            np.random.PCG64(np.random.SeedSequence(42).spawn(2)[1])
        ).random(2)
    )
    assert fnp.random.BitGenerator is numpy.random.BitGenerator


def test_namespace():
    for name in numpy.random.__all__:
        assert hasattr(fnp.random, name), name
    assert set(numpy.random.__all__) <= set(fnp.random.__all__)


def test_light_import():
    """numpy.random and numpy.testing load on first use, as under real numpy."""
    import subprocess
    import sys

    code = (
        "import sys; from frontends import numpy as np; "
        "print([m in sys.modules for m in ('numpy.random', 'numpy.testing')]); "
        "np.random.seed(0); np.testing.assert_equal(1, 1); "
        "print([m in sys.modules for m in ('numpy.random', 'numpy.testing')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[False, False]", "[True, True]"]
