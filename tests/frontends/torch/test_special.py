"""frontends.torch.special against real torch.special, on every backend: each function
over the float dtypes and integers (which give the default dtype), special values, and
the refusals torch makes (complex inputs, integer softmax without ``dtype``)."""

from __future__ import annotations

# ruff: noqa: B023 - each lambda is called by check() before the loop moves on
import numpy
import pytest
import torch as real_torch
from hypothesis import given, settings
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import arrays, both, check, shapes

UNARY = [
    "digamma", "psi", "entr", "erf", "erfc", "erfinv", "exp2", "expit", "expm1", "gammaln",
    "log1p", "log_ndtr", "logit", "ndtr", "ndtri", "round", "sinc",
]  # fmt: skip
DTYPES = ("bfloat16", "float16", "float32", "float64", "int32", "bool", "complex64")
VALUES = [-30.0, -12.0, -3.0, -0.5, -0.0, 0.0, 0.25, 0.5, 0.999, 1.0, 2.5, 8.0]
LOOSE = {"digamma": 1e-3, "psi": 1e-3, "gammaln": 1e-3, "erfinv": 1e-4, "ndtri": 1e-4}


def _values(dtype: str) -> numpy.ndarray:
    if dtype == "bool":
        return numpy.array([True, False])
    if dtype.startswith("int"):
        return numpy.array([-2, 0, 1, 3])
    if dtype.startswith("complex"):
        return numpy.array([0.5 + 1j, -1 - 0.5j])
    return numpy.array([*VALUES, numpy.nan, numpy.inf, -numpy.inf])


@pytest.mark.parametrize("name", UNARY)
def test_unary_special_functions(backend, name):
    tolerance = {"rtol": LOOSE[name], "atol": LOOSE[name]} if name in LOOSE else {}
    for dtype in DTYPES:
        x, rx = both(_values(dtype), dtype)
        check(
            lambda: getattr(torch.special, name)(x),
            lambda: getattr(real_torch.special, name)(rx),
            **tolerance,
        )


@settings(max_examples=6)
@given(data=st.data())
@pytest.mark.parametrize("name", ["entr", "ndtr", "log_ndtr", "expit", "sinc", "erfc"])
def test_unary_hypothesis(backend, name, data):
    dtype = data.draw(st.sampled_from(["float32", "float64", "float16", "int64"]), label="dtype")
    values = data.draw(arrays(dtype, data.draw(shapes(), label="shape")), label="values")
    x, rx = both(values, dtype)
    check(lambda: getattr(torch.special, name)(x), lambda: getattr(real_torch.special, name)(rx))


def test_log_ndtr_tails(backend):
    for dtype in ("float32", "float64"):
        x, rx = both(numpy.array([-200.0, -40.0, -10.5, -9.5, -1.0, 5.0, 10.0, 40.0]), dtype)
        check(lambda: torch.special.log_ndtr(x), lambda: real_torch.special.log_ndtr(rx))


def test_binary_special_functions(backend):
    for dtype in ("float32", "float64", "int64", "float16"):
        x, rx = both(numpy.array([0.0, 0.0, 1.0, 2.0, -1.0]), dtype)
        y, ry = both(numpy.array([numpy.nan, -1.0, -1.0, 3.0, 0.5]), "float32")
        for name in ("xlogy", "xlog1py"):
            fn, real_fn = getattr(torch.special, name), getattr(real_torch.special, name)
            check(lambda: fn(x, y), lambda: real_fn(rx, ry))
            check(lambda: fn(x, 2.0), lambda: real_fn(rx, 2.0))
            check(lambda: fn(2, y), lambda: real_fn(2, ry))
    z, rz = both(numpy.array([1j]), "complex64")
    check(lambda: torch.special.xlog1py(z, z), lambda: real_torch.special.xlog1py(rz, rz))


def test_multigammaln_and_logit_eps(backend):
    x, rx = both(numpy.array([2.5, 3.0, 10.0]), "float64")
    for p in (1, 3):
        check(
            lambda: torch.special.multigammaln(x, p), lambda: real_torch.special.multigammaln(rx, p)
        )
    y, ry = both(numpy.array([0.0, 0.05, 0.5, 1.0]), "float32")
    check(lambda: torch.special.logit(y, 0.1), lambda: real_torch.special.logit(ry, 0.1))


@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
def test_softmax_family(backend, name):
    fn, real_fn = getattr(torch.special, name), getattr(real_torch.special, name)
    values = numpy.array([[1.0, 2.0, -numpy.inf], [0.5, 0.5, 3.0]])
    for dtype in ("float32", "float64", "float16", "bfloat16"):
        x, rx = both(values, dtype)
        for dim in (0, 1, -1):
            check(lambda: fn(x, dim), lambda: real_fn(rx, dim))
        check(
            lambda: fn(x, 1, dtype=torch.float64), lambda: real_fn(rx, 1, dtype=real_torch.float64)
        )
    i, ri = both(numpy.array([1, 2, 3]), "int64")
    check(lambda: fn(i, 0), lambda: real_fn(ri, 0))
    check(lambda: fn(i, 0, dtype=torch.float32), lambda: real_fn(ri, 0, dtype=real_torch.float32))
    s, rs = both(numpy.array(2.0), "float32")
    check(lambda: fn(s, 0), lambda: real_fn(rs, 0))
    check(lambda: fn(x, 2), lambda: real_fn(rx, 2))


def test_logsumexp_is_torch_logsumexp(backend):
    x, rx = both(numpy.array([[1.0, 2.0], [3.0, -numpy.inf]]), "float32")
    check(lambda: torch.special.logsumexp(x, 1), lambda: real_torch.special.logsumexp(rx, 1))
    check(
        lambda: torch.special.logsumexp(x, (0, 1), keepdim=True),
        lambda: real_torch.special.logsumexp(rx, (0, 1), keepdim=True),
    )
