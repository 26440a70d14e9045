"""torch's random streams reproduced bit for bit: the same ``manual_seed``/Generator gives
real torch's numbers (rand, randn, randint, randperm, normal, bernoulli, the in-place
samplers, F.gumbel_softmax's draws, fractional max pooling's windows) on every backend."""

from __future__ import annotations

import numpy
import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import to_frontend, to_numpy, to_real

FLOATS = ("float32", "float64", "float16", "bfloat16")
# jax compiles every new shape: on jax and tensorflow fewer shapes and dtypes run (the draws
# are made on the host, the same code for every backend; what differs by backend, the
# conversion to the backend's dtypes and the on-device steps, still runs on all four)
FULL = ("numpy", "torch")


def _same(mine: torch.Tensor, real: real_torch.Tensor, what: str) -> None:
    assert str(mine.dtype) == str(real.dtype), what
    assert tuple(mine.shape) == tuple(real.shape), what
    expected = to_numpy(real)
    got = mine.float().numpy() if str(mine.dtype) == "torch.bfloat16" else mine.numpy()
    assert numpy.array_equal(got, expected, equal_nan=True), (
        what,
        int((got != expected).sum()),
        got.ravel()[:4],
        expected.ravel()[:4],
    )


def _draws(m, dtype_name: str, sizes: tuple[int, ...]) -> list:
    """One seeded sequence of draws, for the real module and for the frontend."""
    dt = getattr(m, dtype_name)
    out = []
    for n in sizes:  # 3: the scalar path, 16: one vectorised block, 37: blocks and a tail
        out += [
            m.rand(n, dtype=dt),
            m.randn(n, dtype=dt),
            m.empty(n, dtype=dt).uniform_(-0.3, 1.7),
            m.empty(n, dtype=dt).normal_(0.3, 1.7),
            m.empty(n, dtype=dt).exponential_(1.3),
            m.empty(n, dtype=dt).cauchy_(0.2, 1.3),
            m.empty(n, dtype=dt).log_normal_(0.5, 0.7),
            m.empty(n, dtype=dt).geometric_(0.3),
            m.empty(n, dtype=dt).bernoulli_(0.4),
            m.empty(n, dtype=dt).random_(),
            m.empty(n, dtype=dt).random_(3, 9),
        ]
    out.append(m.randn(2, dtype=dt))  # the cached second Box-Muller sample
    return out


def test_samplers_give_torchs_numbers(backend):
    sizes = (3, 16, 37) if backend in FULL else (37,)
    for seed, dtype in zip((0, 1, 2, 3), FLOATS):
        real_torch.manual_seed(seed)
        expected = _draws(real_torch, dtype, sizes)
        torch.manual_seed(seed)
        for i, (mine, real) in enumerate(zip(_draws(torch, dtype, sizes), expected)):
            _same(mine, real, f"{dtype} draw {i}")
    # integer dtypes, ranges, permutations, tensor arguments, views, generators
    p32 = numpy.linspace(0, 1, 30, dtype=numpy.float32)
    std = numpy.linspace(0.1, 2, 20, dtype=numpy.float32)

    def more(m, f):
        gen = m.Generator().manual_seed(7)
        return [
            m.empty(20, dtype=m.int64).random_(),
            m.empty(20, dtype=m.int32).random_(10),
            m.empty(20, dtype=m.uint8).random_(),
            m.empty(20, dtype=m.bool).random_(),
            m.empty(7, dtype=m.int16).geometric_(0.2),
            m.randint(-3, 10, (5, 4)),
            m.randint(0, 2**40, (7,)),
            m.randperm(50),
            m.randperm(3000),  # the vectorised Fisher-Yates pass
            m.bernoulli(f(p32)),
            m.bernoulli(f(p32.astype(numpy.float64))),
            m.bernoulli(m.zeros(4, 5), 0.3),
            m.empty(30).bernoulli_(f(p32)),
            m.normal(f(numpy.arange(20, dtype=numpy.float32)), f(std)),
            m.normal(f(numpy.arange(5, dtype=numpy.float32)), 2.0),
            m.normal(1.0, f(std)),
            m.normal(0.5, 2.0, (3, 7)),
            m.zeros(4, 5).t().normal_(),
            m.zeros(6, 5)[:, 1].uniform_(),
            m.rand(4, generator=gen),
            m.randn(9, dtype=m.complex64),  # torch draws the real (..., 2) view
            m.empty(20, dtype=m.complex128).normal_(1.0, 2.0),
            m.rand(3, dtype=m.complex64),
            m.poisson(f(numpy.array([[0, 0.5, 3], [9.99, 10, 50], [1e3, 12.5, 0.01]], "float32"))),
            m.multinomial(f(p32[1:28].reshape(3, 9)), 1),
            m.multinomial(f(p32[:12].reshape(3, 4)), 3),
            m.multinomial(f(p32[:12].reshape(3, 4).astype(numpy.float64)), 6, replacement=True),
            m.rand(3),
        ]

    real_torch.manual_seed(5)
    expected = more(real_torch, to_real)
    torch.manual_seed(5)
    for i, (mine, real) in enumerate(zip(more(torch, to_frontend), expected)):
        _same(mine, real, f"case {i}")


def test_rng_state_is_torchs(backend):
    real_torch.manual_seed(11)
    torch.manual_seed(11)
    _same(torch.get_rng_state(), real_torch.get_rng_state(), "fresh")
    real_torch.randn(3)
    torch.randn(3)  # leaves a cached normal sample in the state
    real_state, state = real_torch.get_rng_state(), torch.get_rng_state()
    _same(state, real_state, "after draws")
    _same(torch.randn(5), real_torch.randn(5), "draw")
    torch.set_rng_state(state)
    real_torch.set_rng_state(real_state)
    _same(torch.randn(5), real_torch.randn(5), "replayed")
    torch.set_rng_state(to_frontend(to_numpy(real_state), "uint8"))  # a state from torch
    real_torch.set_rng_state(real_state)
    _same(torch.rand(4), real_torch.rand(4), "from real torch's state")
    assert torch.initial_seed() == real_torch.initial_seed() == 11


def test_gumbel_softmax_draws_as_torch(backend):
    logits = numpy.random.default_rng(0).standard_normal((4, 6)).astype(numpy.float32)
    for hard in (False, True) if backend in FULL else (True,):
        real_torch.manual_seed(3)
        expected = real_torch.nn.functional.gumbel_softmax(to_real(logits), tau=0.7, hard=hard)
        torch.manual_seed(3)
        got = torch.nn.functional.gumbel_softmax(to_frontend(logits), tau=0.7, hard=hard)
        # the draws are exact; log and softmax run on the backend: torch's own kernels on
        # the torch backend (exact), an ulp or two elsewhere; the one-hot of hard is exact
        if hard or backend == "torch":
            _same(got, expected, f"hard={hard}")
        numpy.testing.assert_allclose(got.numpy(), to_numpy(expected), rtol=2e-6, atol=1e-7)


def _fractional_cases(m, f, full):
    rng = numpy.random.default_rng(1)
    x2 = rng.standard_normal((2, 3, 9, 8)).astype(numpy.float32)
    x2[0, 1, 4, 4] = numpy.nan
    x3 = rng.standard_normal((2, 5, 6, 7)).astype(numpy.float32)
    fn = m.nn.functional
    out = []
    for dtype in FLOATS if full else ("bfloat16",):
        out += fn.fractional_max_pool2d(
            f(x2, dtype), 2, output_size=(4, 5), return_indices=True
        )  # values, indices
    if full:  # unbatched input; given samples, one at 0.0 and one near 1
        out += fn.fractional_max_pool2d_with_indices(f(x2[0], "float32"), (3, 2), None, (0.5, 0.5))
        samples = numpy.array([[[0.0, 0.999]], [[0.5, 0.25]]], dtype=numpy.float64)
        out.append(fn.fractional_max_pool2d(f(x2[:, :1], "float64"), 3, output_size=(3, 6),
                                            _random_samples=f(samples, "float64")))  # fmt: skip
    out += fn.fractional_max_pool3d(f(x3, "float32"), (2, 3, 2), output_ratio=(0.5, 0.6, 0.7),
                                     return_indices=True)  # fmt: skip
    out.append(m.nn.FractionalMaxPool3d((2, 3, 2), output_size=(2, 3, 4))(f(x3[None], "float32")))
    return out


def test_fractional_max_pool_matches_torch(backend):
    full = backend in FULL
    real_torch.manual_seed(4)
    expected = _fractional_cases(real_torch, to_real, full)
    torch.manual_seed(4)
    for i, (mine, real) in enumerate(zip(_fractional_cases(torch, to_frontend, full), expected)):
        _same(mine, real, f"case {i}")
    # gradients: torch scatters the output's gradient to the picked indices
    x = numpy.random.default_rng(2).standard_normal((2, 3, 9, 8)).astype(numpy.float32)
    weights = numpy.random.default_rng(3).standard_normal((2, 3, 4, 4)).astype(numpy.float32)
    grads = []
    for m, f in ((real_torch, to_real), (torch, to_frontend)):
        m.manual_seed(6)
        leaf = f(x).requires_grad_()
        (m.nn.FractionalMaxPool2d(3, output_ratio=0.5)(leaf) * f(weights)).sum().backward()
        grads.append(leaf.grad)
    _same(grads[1], grads[0], "gradient")


def _raises(call_real, call_mine) -> None:
    with pytest.raises(Exception) as real:
        call_real()
    with pytest.raises(real.type) as mine:
        call_mine()
    assert str(mine.value) == str(real.value)


def test_errors_are_torchs(backend):
    x = numpy.zeros((2, 3, 9, 8), numpy.float32)
    x3 = numpy.zeros((2, 2, 7, 8, 9), numpy.float32)
    cases = [
        lambda m, f: m.rand(3, dtype=m.int64),
        lambda m, f: m.zeros(3, dtype=m.int64).normal_(),
        lambda m, f: m.zeros(3, dtype=m.int64).cauchy_(),
        lambda m, f: m.zeros(3, dtype=m.int64).exponential_(),
        lambda m, f: m.zeros(3).exponential_(-1.0),
        lambda m, f: m.zeros(3).uniform_(2, 1),
        lambda m, f: m.zeros(3).normal_(0, -1),
        lambda m, f: m.zeros(3).log_normal_(0, -1),
        lambda m, f: m.zeros(3).geometric_(1.5),
        lambda m, f: m.zeros(3).bernoulli_(1.5),
        lambda m, f: m.bernoulli(m.zeros(3, dtype=m.int64)),
        lambda m, f: m.randint(5, 2, (3,)),
        lambda m, f: m.multinomial(f(numpy.zeros((2, 3), numpy.float32)), 1),
        lambda m, f: m.multinomial(f(numpy.ones(2, numpy.float32)), 3),
        lambda m, f: m.poisson(f(numpy.array([1.0, -1.0], numpy.float32))),
        lambda m, f: m.set_rng_state(m.zeros(10, dtype=m.uint8)),
        lambda m, f: m.Generator().set_state(m.zeros(3)),
        lambda m, f: m.nn.functional.fractional_max_pool2d(f(x), 3, output_size=(8, 3)),
        lambda m, f: m.nn.functional.fractional_max_pool2d(f(x), 3),
        lambda m, f: m.nn.functional.fractional_max_pool2d(f(x), 3, output_ratio=(0.5,) * 3),
        lambda m, f: m.nn.functional.fractional_max_pool2d(f(x), (3, 3, 3), output_size=3),
        lambda m, f: m.nn.functional.fractional_max_pool2d(f(x).long(), 3, output_size=3),
        lambda m, f: m.nn.functional.fractional_max_pool2d(
            f(x), 3, output_size=3, _random_samples=m.rand(2, 2, 2)
        ),
        lambda m, f: m.nn.functional.fractional_max_pool2d(
            f(x), 3, output_size=3, _random_samples=m.rand(2, 3, 2, dtype=m.float64)
        ),
        lambda m, f: m.nn.functional.fractional_max_pool2d(
            f(x[0, 0, 0]), 3, output_size=3, _random_samples=m.rand(1, 1, 2)
        ),
        lambda m, f: m.nn.functional.fractional_max_pool3d(f(x3), 3, output_size=(5, 4, 3)),
        lambda m, f: m.nn.functional.fractional_max_pool3d(
            f(x3), 3, output_size=(3, 4, 3), _random_samples=m.rand(1, 2, 3)
        ),
        lambda m, f: m.nn.FractionalMaxPool2d(2),
        lambda m, f: m.nn.FractionalMaxPool2d(2, output_size=3, output_ratio=0.5),
        lambda m, f: m.nn.FractionalMaxPool3d(2, output_ratio=1.5),
    ]
    for case in cases:
        _raises(lambda c=case: c(real_torch, to_real), lambda c=case: c(torch, to_frontend))
