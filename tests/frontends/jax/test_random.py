"""jax.random against real JAX (x64 off): the same key gives the same numbers.

Keys, bits and every sampler built from bits and exact float arithmetic (uniform,
randint, bernoulli, permutation, choice, categorical) are bit-exact on all four backends.
Samplers that apply a transcendental function (normal's erf_inv, log/log1p in
exponential, gumbel, laplace, logistic, cauchy's tan) are bit-exact on the jax backend
(XLA computes them); the other backends' libm differs from XLA's by an ulp or two, which
the test bounds at 4 float32 epsilons (relative, and absolute near 0).
"""

from __future__ import annotations

import numpy
import pytest

from frontends.jax import numpy as jnp
from frontends.jax import random as jr
from tests.frontends.jax.oracle import real_jax

EXACT = {
    "PRNGKey(0)": "jr.PRNGKey(0)",
    "PRNGKey(-1)": "jr.PRNGKey(-1)",
    "PRNGKey(2**40+5)": "jr.PRNGKey(2**40 + 5)",
    "key_data(key(7))": "jr.key_data(jr.key(7))",
    "split": "jr.split(jr.PRNGKey(42))",
    "split3": "jr.split(jr.PRNGKey(42), 3)",
    "split_shape": "jr.split(jr.PRNGKey(1), (2, 3))",
    "split_typed": "jr.key_data(jr.split(jr.key(42), 4))",
    "fold_in": "jr.fold_in(jr.PRNGKey(42), 7)",
    "fold_in_big": "jr.fold_in(jr.PRNGKey(3), 2**32 - 1)",
    "bits": "jr.bits(jr.PRNGKey(42), (16,))",
    "bits8": "jr.bits(jr.PRNGKey(42), (4, 4), jnp.uint8)",
    "bits16": "jr.bits(jr.PRNGKey(42), (16,), jnp.uint16)",
    "uniform": "jr.uniform(jr.PRNGKey(42), (16,))",
    "uniform_range": "jr.uniform(jr.PRNGKey(1), (4, 4), minval=-2.0, maxval=3.5)",
    "uniform_scalar": "jr.uniform(jr.PRNGKey(5))",
    "uniform_f16": "jr.uniform(jr.PRNGKey(42), (16,), jnp.float16)",
    "uniform_bf16": "jr.uniform(jr.PRNGKey(42), (16,), jnp.bfloat16)",
    "uniform_typed_key": "jr.uniform(jr.key(9), (16,))",
    "randint": "jr.randint(jr.PRNGKey(42), (16,), 0, 10)",
    "randint_neg": "jr.randint(jr.PRNGKey(4), (4, 4), -5, 1000)",
    "randint_u8": "jr.randint(jr.PRNGKey(4), (16,), 0, 256, jnp.uint8)",
    "randint_i8": "jr.randint(jr.PRNGKey(4), (16,), -128, 127, jnp.int8)",
    "randint_full": "jr.randint(jr.PRNGKey(4), (16,), -2**31, 2**31 - 1)",
    "randint_empty_range": "jr.randint(jr.PRNGKey(4), (16,), 3, 3)",
    "bernoulli": "jr.bernoulli(jr.PRNGKey(42), 0.3, (16,))",
    "bernoulli_p": "jr.bernoulli(jr.PRNGKey(42), jnp.array([0.1, 0.5, 0.9]))",
    "bernoulli_high": "jr.bernoulli(jr.PRNGKey(2), 0.25, (16,), mode='high')",
    "rademacher": "jr.rademacher(jr.PRNGKey(2), (16,))",
    "permutation": "jr.permutation(jr.PRNGKey(42), 10)",
    "permutation_arr": "jr.permutation(jr.PRNGKey(3), jnp.arange(12.0).reshape(4, 3))",
    "permutation_axis1": "jr.permutation(jr.PRNGKey(3), jnp.arange(12).reshape(3, 4), axis=1)",
    "permutation_ind": "jr.permutation(jr.PRNGKey(3), jnp.arange(12).reshape(3, 4), axis=1, independent=True)",
    "choice": "jr.choice(jr.PRNGKey(42), 10, (16,))",
    "choice_noreplace": "jr.choice(jr.PRNGKey(42), 10, (3,), replace=False)",
    "choice_p": "jr.choice(jr.PRNGKey(42), 5, (16,), p=jnp.array([0.1, 0.2, 0.3, 0.2, 0.2]))",
    "choice_arr": "jr.choice(jr.PRNGKey(1), jnp.arange(20).reshape(5, 4), (2, 2))",
    "categorical": "jr.categorical(jr.PRNGKey(42), jnp.array(np.log([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]])), shape=(4, 2))",
    "categorical_axis0": "jr.categorical(jr.PRNGKey(0), jnp.array([[1.0, 2.0], [0.5, 0.1], [3.0, 0.0]]), axis=0)",
}
APPROX = {
    "normal": "jr.normal(jr.PRNGKey(42), (16,))",
    "normal_2d": "jr.normal(jr.PRNGKey(0), (4, 4))",
    "normal_c64": "jr.normal(jr.PRNGKey(0), (16,), jnp.complex64)",
    "truncated_normal": "jr.truncated_normal(jr.PRNGKey(42), -1.0, 2.0, (16,))",
    "exponential": "jr.exponential(jr.PRNGKey(42), (16,))",
    "gumbel": "jr.gumbel(jr.PRNGKey(42), (16,))",
    "laplace": "jr.laplace(jr.PRNGKey(42), (16,))",
    "logistic": "jr.logistic(jr.PRNGKey(42), (16,))",
    "cauchy": "jr.cauchy(jr.PRNGKey(42), (16,))",
    "choice_noreplace_p": "jr.choice(jr.PRNGKey(42), 6, (3,), replace=False, p=jnp.array([0.1, 0.2, 0.3, 0.2, 0.1, 0.1]))",
}
ORACLE = """
exprs = __EXPRS__
result = {}
for name, e in exprs.items():
    r = eval(e)
    result[name] = np.asarray(r)
"""


def _expected(name: str) -> numpy.ndarray:
    return real_jax(ORACLE.replace("__EXPRS__", repr({**EXACT, **APPROX})))[name]


def _run(expr: str) -> numpy.ndarray:
    return numpy.asarray(eval(expr, {"jr": jr, "jnp": jnp, "np": numpy}))


@pytest.mark.parametrize("name", sorted(EXACT))
def test_bit_exact(backend: str, name: str) -> None:
    expected = _expected(name)
    got = _run(EXACT[name])
    assert got.dtype == expected.dtype and got.shape == expected.shape
    numpy.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("name", sorted(APPROX))
def test_transcendental_samplers(backend: str, name: str) -> None:
    expected = _expected(name)
    got = _run(APPROX[name])
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if backend == "jax":
        numpy.testing.assert_array_equal(got, expected)
    elif got.dtype.kind in "fc":
        eps = numpy.finfo(numpy.float32).eps
        numpy.testing.assert_allclose(got, expected, rtol=4 * eps, atol=4 * eps)
    else:
        numpy.testing.assert_array_equal(got, expected)


def test_errors(backend: str) -> None:
    key = jr.PRNGKey(0)
    with pytest.raises(ValueError, match="single key"):
        jr.uniform(jr.split(key), (2,))
    with pytest.raises(TypeError):
        jr.randint(key, (2,), 0, 5, jnp.float32)
    with pytest.raises(ValueError, match="replace=False"):
        jr.choice(key, 3, (16,), replace=False)
    with pytest.raises(TypeError, match="fold_in accepts a scalar"):
        jr.fold_in(key, numpy.arange(2))
    with pytest.raises(TypeError, match="invalid PRNG key"):
        jr.uniform(numpy.zeros(3, numpy.uint32))
    assert repr(jr.key(0)) == "Array((), dtype=key<fry>) overlaying:\n[0 0]"
    assert jr.split(jr.key(0)).shape == (2,)


# The gamma family, transforms of uniform/normal and the linear-algebra samplers. Each is
# JAX's recipe op for op (gamma: Marsaglia-Tsang with one key per element, the rejection loop
# vectorised); they apply log/pow/exp/sqrt or LAPACK, so values agree to float32 rounding
# (relative ``RTOL``; wald's cancellation and orthogonal's QR to a few more ulps). Integer
# samplers (geometric, poisson; binomial's integral floats) are exact. The jax backend is bit-exact where XLA computes
# the same ops eagerly as in JAX's jitted sampler (``JAX_EXACT``).
SAMPLERS = {
    "gamma": "jr.gamma(jr.PRNGKey(0), 2.5, (8,))",
    "gamma_small": "jr.gamma(jr.PRNGKey(1), jnp.array([0.3, 1.0, 5.0, 0.05, 0.7, 1.5, 30.0, 0.01]))",
    "gamma_2d": "jr.gamma(jr.key(3), jnp.array([[0.5], [4.0]]), (2, 4))",
    "loggamma": "jr.loggamma(jr.PRNGKey(2), jnp.array([0.3, 1.0, 5.0, 0.05, 0.7, 1.5, 30.0, 0.01]))",
    "beta": "jr.beta(jr.PRNGKey(3), 2.0, 3.0, (8,))",
    "dirichlet": "jr.dirichlet(jr.PRNGKey(4), jnp.array([0.5, 1.0, 2.0, 3.0]), (2,))",
    "t": "jr.t(jr.PRNGKey(5), 3.0, (8,))",
    "chisquare": "jr.chisquare(jr.PRNGKey(6), 4.0, (8,))",
    "f": "jr.f(jr.PRNGKey(7), 3.0, 5.0, (8,))",
    "pareto": "jr.pareto(jr.PRNGKey(8), 3.0, (8,))",
    "weibull_min": "jr.weibull_min(jr.PRNGKey(9), 2.0, 1.5, (8,))",
    "maxwell": "jr.maxwell(jr.PRNGKey(10), (8,))",
    "double_sided_maxwell": "jr.double_sided_maxwell(jr.PRNGKey(11), 1.0, 2.0, (8,))",
    "rayleigh": "jr.rayleigh(jr.PRNGKey(12), 2.0, (8,))",
    "wald": "jr.wald(jr.PRNGKey(13), 1.5, (8,))",
    "geometric": "jr.geometric(jr.PRNGKey(14), 0.3, (16,))",
    "triangular": "jr.triangular(jr.PRNGKey(15), 0.0, 1.0, 3.0, (8,))",
    "lognormal": "jr.lognormal(jr.PRNGKey(16), 0.5, (8,))",
    "generalized_normal": "jr.generalized_normal(jr.PRNGKey(17), 1.5, (8,))",
    "ball": "jr.ball(jr.PRNGKey(18), 2, 2, (4,))",
    "orthogonal": "jr.orthogonal(jr.PRNGKey(19), 3)",
    "orthogonal_wide": "jr.orthogonal(jr.PRNGKey(19), 2, (2,), m=3)",
    "multivariate_normal": "jr.multivariate_normal(jr.PRNGKey(20), jnp.array([1.0, -1.0]), jnp.array([[2.0, 0.5], [0.5, 1.0]]), (4,))",
    "multivariate_normal_eigh": "jr.multivariate_normal(jr.PRNGKey(20), jnp.array([1.0, -1.0]), jnp.array([[2.0, 0.5], [0.5, 1.0]]), (4,), method='eigh')",
    "multivariate_normal_svd": "jr.multivariate_normal(jr.PRNGKey(20), jnp.array([1.0, -1.0]), jnp.array([[2.0, 0.5], [0.5, 1.0]]), (4,), method='svd')",
    "poisson": "jr.poisson(jr.PRNGKey(21), 3.0, (4,))",
    "poisson_mixed": "jr.poisson(jr.PRNGKey(22), jnp.array([0.0, 2.0, 15.0, 100.0]))",
    # counts past the dtype saturate; a tiny df gives gamma draws flushed to 0 (t: inf)
    "poisson_int8": "jr.poisson(jr.PRNGKey(21), jnp.array([0.5, 11.0, 500.0]), dtype=jnp.int8)",
    "t_tiny_df": "jr.t(jr.PRNGKey(0), 0.1, (6,))",
    "binomial": "jr.binomial(jr.PRNGKey(23), 10, 0.3, (8,))",
    "multinomial": "jr.multinomial(jr.PRNGKey(26), jnp.array([10.0, 200.0]), jnp.array([[0.1, 0.6, 0.3], [0.25, 0.25, 0.5]]))",
    "binomial_mixed": "jr.binomial(jr.PRNGKey(24), jnp.array([5.0, 100.0, 40.0, 1000.0, 3.0, 50.0, 20.0, 7.0]), jnp.array([0.2, 0.4, 0.9, 0.05, 0.5, 0.7, 0.99, 0.0]))",
}
RTOL = {"wald": 1e-5}
ATOL = {"orthogonal": 1e-5, "orthogonal_wide": 1e-5}
JAX_EXACT = {"gamma_small", "loggamma", "beta", "t", "chisquare", "pareto",
             "weibull_min", "double_sided_maxwell", "rayleigh", "geometric", "triangular",
             "lognormal", "orthogonal", "multivariate_normal", "poisson", "poisson_mixed"}  # fmt: skip
# TensorFlow's SVD and eigh pick other signs for the vectors than LAPACK (numpy, torch,
# XLA): the factor u * sqrt(s) differs, so method='svd'/'eigh' samples differ there (the
# same distribution).
SIGNS_DIFFER = {"tensorflow": {"multivariate_normal_svd", "multivariate_normal_eigh"}}


def test_samplers_match_jax(backend: str) -> None:
    expected = real_jax(ORACLE.replace("__EXPRS__", repr(SAMPLERS)))
    failures = []
    for name, expr in SAMPLERS.items():
        if name in SIGNS_DIFFER.get(backend, ()):
            continue
        got, want = _run(expr), expected[name]
        if (got.dtype, got.shape) != (want.dtype, want.shape):
            failures.append(f"{name}: {got.dtype}{got.shape} != JAX {want.dtype}{want.shape}")
        elif want.dtype.kind != "f" or (backend == "jax" and name in JAX_EXACT):
            if not numpy.array_equal(got, want):
                failures.append(f"{name}: not bit-exact\n{got}\n{want}")
        elif not numpy.allclose(got, want, rtol=RTOL.get(name, 2e-6), atol=ATOL.get(name, 1e-7)):
            failures.append(f"{name}:\n{got}\n!= JAX\n{want}")
    assert not failures, "\n".join(failures)


def test_sampler_errors(backend: str) -> None:
    key = jr.PRNGKey(0)
    with pytest.raises(ValueError, match="must be a float dtype"):
        jr.gamma(key, 1.0, dtype=jnp.int32)
    with pytest.raises(ValueError):
        jr.gamma(key, jnp.ones(3), (2,))
    with pytest.raises(ValueError, match="alpha.ndim >= 1"):
        jr.dirichlet(key, 1.0)
    with pytest.raises(ValueError, match="cov.shape"):
        jr.multivariate_normal(
            key, jnp.zeros(2), jnp.eye(3) if hasattr(jnp, "eye") else numpy.eye(3)
        )
