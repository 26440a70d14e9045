"""frontends.torch comparison ops against real torch, on every backend: every dtype
(torch's refusals raise the same kind of error), hypothesis over dtypes, broadcast shapes
and nan/inf/-0.0 values, Python scalars, sorting and selection with their named tuples."""

# ruff: noqa: B023 - each lambda is called by check() before the loop moves on

from __future__ import annotations

import numpy
import pytest
import torch as real_torch
from hypothesis import given, settings
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import (
    DTYPE_NAMES,
    arrays,
    assert_matches,
    both,
    broadcastable_shapes,
    check,
    shapes,
)

BINARY = [
    "eq", "ne", "not_equal", "lt", "less", "le", "less_equal", "gt", "greater", "ge",
    "greater_equal", "maximum", "minimum", "fmax", "fmin",
]  # fmt: skip
UNARY = ["isfinite", "isinf", "isnan", "isposinf", "isneginf", "isreal", "msort", "argsort"]


def _sample(dtype: str) -> numpy.ndarray:
    if dtype == "bool":
        return numpy.array([True, False, True, False])
    if dtype.startswith("uint"):
        return numpy.array([3, 0, 7, 1])
    if dtype.startswith("int"):
        return numpy.array([3, -1, 7, 0])
    if dtype.startswith("complex"):
        return numpy.array([1 + 2j, numpy.nan, -0.0, numpy.inf])
    return numpy.array([1.5, numpy.nan, -0.0, numpy.inf])


@pytest.mark.parametrize("name", BINARY)
def test_binary_every_dtype(backend, name):
    for dtype in DTYPE_NAMES:
        a, ra = both(_sample(dtype), dtype)
        b, rb = both(_sample(dtype)[::-1].copy(), dtype)
        check(lambda: getattr(torch, name)(a, b), lambda: getattr(real_torch, name)(ra, rb))


@pytest.mark.parametrize("name", UNARY)
def test_unary_every_dtype(backend, name):
    for dtype in DTYPE_NAMES:
        values = _sample(dtype)
        if name in ("msort", "argsort"):
            values = values[[0, 2, 3, 1]]  # no ties
        x, rx = both(values, dtype)
        check(lambda: getattr(torch, name)(x), lambda: getattr(real_torch, name)(rx))


@settings(max_examples=8)
@given(data=st.data())
@pytest.mark.parametrize("name", BINARY)
def test_binary_hypothesis(backend, name, data):
    first = data.draw(st.sampled_from(DTYPE_NAMES), label="dtype1")
    second = data.draw(st.sampled_from([first, *DTYPE_NAMES]), label="dtype2")
    shape1, shape2 = data.draw(broadcastable_shapes(), label="shapes")
    a, ra = both(data.draw(arrays(first, shape1), label="a"), first)
    b, rb = both(data.draw(arrays(second, shape2), label="b"), second)
    check(lambda: getattr(torch, name)(a, b), lambda: getattr(real_torch, name)(ra, rb))


@pytest.mark.parametrize("name", BINARY)
def test_binary_with_python_scalars(backend, name):
    for dtype in ("bool", "uint8", "int8", "int64", "float16", "float32"):
        x, rx = both(_sample(dtype), dtype)
        for scalar in (True, 0, 3, -1, 1000, 1.5, float("nan"), float("inf")):
            check(
                lambda: getattr(torch, name)(x, scalar),
                lambda: getattr(real_torch, name)(rx, scalar),
            )
            check(
                lambda: getattr(torch, name)(scalar, x),
                lambda: getattr(real_torch, name)(scalar, rx),
            )


def test_operators_compare_with_scalars_on_either_side(backend):
    x, rx = both(numpy.array([1, 2, 3], dtype="int8"))
    for scalar in (2, 2.5, True):
        assert_matches(x < scalar, rx < scalar)
        assert_matches(scalar < x, scalar < rx)
        assert_matches(x == scalar, rx == scalar)
        assert_matches(scalar != x, scalar != rx)
        assert_matches(x >= scalar, rx >= scalar)
    assert (x == None) is False  # noqa: E711 - torch's answer to a comparison with None
    assert (x != "a") is True


def test_isclose_allclose_equal(backend):
    pairs = [
        ("float32", [1.0, numpy.nan, numpy.inf, -numpy.inf, 1e-9], [1.00001, numpy.nan, numpy.inf, numpy.inf, 0.0]),
        ("float64", [1.0, 2.0, 0.0], [1.0 + 1e-7, 2.1, -0.0]),
        ("int32", [1, 2, 100], [2, 2, 101]),
        ("uint8", [1, 250, 3], [250, 1, 3]),
        ("bool", [True, False, True], [True, True, True]),
        ("complex64", [1 + 1j, numpy.nan, 2j], [1 + 1.00001j, numpy.nan, 2.0001j]),
        ("float16", [1.0, 2.0, 3.0], [1.001, 2.01, 3.0]),
    ]  # fmt: skip
    for dtype, first, second in pairs:
        a, ra = both(numpy.array(first), dtype)
        b, rb = both(numpy.array(second), dtype)
        for kwargs in ({}, {"rtol": 0.5, "atol": 0.0}, {"equal_nan": True}, {"atol": 1e-2}):
            check(
                lambda: torch.isclose(a, b, **kwargs), lambda: real_torch.isclose(ra, rb, **kwargs)
            )
            check(
                lambda: torch.allclose(a, b, **kwargs),
                lambda: real_torch.allclose(ra, rb, **kwargs),
            )
        check(lambda: torch.equal(a, b), lambda: real_torch.equal(ra, rb))
        check(lambda: torch.equal(a, a), lambda: real_torch.equal(ra, ra))
    i, ri = both(numpy.array([1, 2], dtype="int32"))
    f, rf = both(numpy.array([1.0, 2.0], dtype="float32"))
    check(lambda: torch.isclose(i, f), lambda: real_torch.isclose(ri, rf))
    check(lambda: torch.isclose(i, i, rtol=-1.0), lambda: real_torch.isclose(ri, ri, rtol=-1.0))
    check(lambda: torch.equal(i, f), lambda: real_torch.equal(ri, rf))
    check(lambda: torch.equal(i, i[:1]), lambda: real_torch.equal(ri, ri[:1]))


def test_isin(backend):
    x, rx = both(numpy.array([[1, 2, 3], [4, 5, 6]], dtype="int32"))
    for test, dtype in (([1.0, 5.0], "float32"), ([2, 9], "int64"), ([], "int32"), ([3], "uint8")):
        t, rt = both(numpy.array(test), dtype)
        for invert in (False, True):
            check(
                lambda: torch.isin(x, t, invert=invert),
                lambda: real_torch.isin(rx, rt, invert=invert),
            )
    check(lambda: torch.isin(x, 3), lambda: real_torch.isin(rx, 3))
    check(lambda: torch.isin(3, x), lambda: real_torch.isin(3, rx))
    for dtype in DTYPE_NAMES:
        y, ry = both(_sample(dtype), dtype)
        check(lambda: torch.isin(y, y), lambda: real_torch.isin(ry, ry))


@settings(max_examples=10)
@given(data=st.data())
def test_sort_argsort_hypothesis(backend, data):
    dtype = data.draw(st.sampled_from([d for d in DTYPE_NAMES if not d.startswith("complex")]))
    shape = data.draw(shapes(max_dims=3), label="shape")
    values = data.draw(arrays(dtype, shape), label="values")
    ours, theirs = both(values, dtype)
    dim = data.draw(st.integers(-max(len(shape), 1), max(len(shape), 1) - 1), label="dim")
    descending = data.draw(st.booleans(), label="descending")
    # values compared always; indices where torch's stable sort fixes them
    check(
        lambda: torch.sort(ours, dim=dim, descending=descending, stable=True),
        lambda: real_torch.sort(theirs, dim=dim, descending=descending, stable=True),
    )
    check(
        lambda: torch.argsort(ours, dim=dim, descending=descending, stable=True),
        lambda: real_torch.argsort(theirs, dim=dim, descending=descending, stable=True),
    )


def test_sort_named_tuple_and_scalars(backend):
    x, rx = both(numpy.array([[3.0, 1.0, 2.0], [0.5, numpy.nan, -1.0]], dtype="float32"))
    result = torch.sort(x)
    assert type(result).__name__ == "sort" and result._fields == ("values", "indices")
    assert repr(result).startswith("torch.return_types.sort(\nvalues=tensor(")
    values, indices = result
    assert_matches(values, real_torch.sort(rx).values)
    assert_matches(indices, real_torch.sort(rx).indices)
    check(lambda: x.sort(dim=0, descending=True), lambda: rx.sort(dim=0, descending=True))
    s, rs = both(numpy.array(3.0, dtype="float32"))
    check(lambda: torch.sort(s), lambda: real_torch.sort(rs))
    check(lambda: torch.argsort(s), lambda: real_torch.argsort(rs))
    check(lambda: torch.msort(s), lambda: real_torch.msort(rs))
    check(lambda: torch.topk(s, 1), lambda: real_torch.topk(rs, 1))
    check(lambda: torch.sort(x, dim=2), lambda: real_torch.sort(rx, dim=2))
    e, re = both(numpy.zeros((0,), dtype="float32"))
    check(lambda: torch.sort(e), lambda: real_torch.sort(re))
    check(lambda: torch.topk(e, 0), lambda: real_torch.topk(re, 0))


def test_topk(backend):
    for dtype in DTYPE_NAMES:
        values = numpy.array([[5, 1, 7, 3], [2, 8, 0, 6]])
        x, rx = both(values, dtype)
        for k, dim, largest in ((2, -1, True), (1, 0, False), (4, 1, False), (5, -1, True)):
            check(
                lambda: torch.topk(x, k, dim=dim, largest=largest),
                lambda: real_torch.topk(rx, k, dim=dim, largest=largest),
            )
    f, rf = both(numpy.array([1.0, numpy.nan, 3.0, -numpy.inf], dtype="float32"))
    check(lambda: torch.topk(f, 2), lambda: real_torch.topk(rf, 2))
    check(lambda: torch.topk(f, 2, largest=False), lambda: real_torch.topk(rf, 2, largest=False))


def test_kthvalue(backend):
    for dtype in DTYPE_NAMES:
        x, rx = both(numpy.array([[5, 1, 7, 3], [2, 8, 0, 6]]), dtype)
        for k, dim, keepdim in ((1, -1, False), (2, 0, True), (4, 1, False), (3, 0, False)):
            check(
                lambda: torch.kthvalue(x, k, dim, keepdim),
                lambda: real_torch.kthvalue(rx, k, dim, keepdim),
            )
    f, rf = both(numpy.array([1.0, numpy.nan, 3.0], dtype="float32"))
    check(lambda: torch.kthvalue(f, 3), lambda: real_torch.kthvalue(rf, 3))
    s, rs = both(numpy.array(2, dtype="int64"))
    check(lambda: torch.kthvalue(s, 1), lambda: real_torch.kthvalue(rs, 1))


def test_comparison_methods_and_inplace(backend):
    x, rx = both(numpy.array([1.0, 2.0, 3.0], dtype="float32"))
    check(lambda: x.gt(2), lambda: rx.gt(2))
    check(lambda: x.maximum(x), lambda: rx.maximum(rx))
    y, ry = both(numpy.array([1.0, 2.0, 3.0], dtype="float32"))
    assert y.lt_(2.5) is y
    ry.lt_(2.5)
    assert_matches(y, ry)
    check(lambda: x.topk(1), lambda: rx.topk(1))
