"""frontends.torch reduction ops against real torch, on every backend: each call on each of
the 15 dtypes (torch's refusals raise the same kind of error), hypothesis over dtypes,
shapes (0-dim and empty included) and values with nan/inf, and torch's specific
behaviours (empty max, ties, nan propagation, named tuples, integer mean)."""

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
    check,
    shapes,
)

RNG = numpy.random.default_rng(0)


def sample(dtype: str, shape: tuple[int, ...], *, ties: bool = True) -> numpy.ndarray:
    """Small values with ties (integers drawn from a few values) for ``dtype``."""
    if dtype == "bool":
        return RNG.random(shape) > 0.5
    if dtype.startswith("uint"):
        return RNG.integers(0, 5, shape).astype(dtype)
    if dtype.startswith("int"):
        return RNG.integers(-4, 5, shape).astype(dtype)
    values = RNG.integers(-4, 5, shape) / 2 if ties else RNG.uniform(-3, 3, shape)
    if dtype.startswith("complex"):
        return values + 1j * (RNG.integers(-4, 5, shape) / 2)
    return values.astype("float64")


def compare(call, *arrays_and_dtypes, **tolerances):
    """``call(module, *tensors)`` on frontends.torch and on real torch."""
    fronts, reals = [], []
    for array, dtype in arrays_and_dtypes:
        front, real = both(array, dtype)
        fronts.append(front)
        reals.append(real)
    return check(lambda: call(torch, *fronts), lambda: call(real_torch, *reals), **tolerances)


CALLS = {
    "sum": lambda T, x: T.sum(x),
    "sum_dim": lambda T, x: T.sum(x, 1),
    "sum_dims_keepdim": lambda T, x: T.sum(x, (0, 2), keepdim=True),
    "sum_dtype": lambda T, x: T.sum(x, 0, dtype=T.float64),
    "nansum": lambda T, x: T.nansum(x, -1),
    "prod": lambda T, x: T.prod(x),
    "prod_dim": lambda T, x: T.prod(x, 1, keepdim=True),
    "mean": lambda T, x: T.mean(x),
    "mean_dim": lambda T, x: T.mean(x, (1, 2)),
    "mean_dtype": lambda T, x: T.mean(x, 0, dtype=T.float64),
    "nanmean": lambda T, x: T.nanmean(x, 1),
    "amax": lambda T, x: T.amax(x, 1),
    "amin_dims": lambda T, x: T.amin(x, (0, 2), keepdim=True),
    "aminmax": lambda T, x: T.aminmax(x, dim=2),
    "aminmax_all": lambda T, x: T.aminmax(x),
    "max": lambda T, x: T.max(x),
    "max_dim": lambda T, x: T.max(x, 1),
    "min_dim_keepdim": lambda T, x: T.min(x, 2, keepdim=True),
    "argmax": lambda T, x: T.argmax(x),
    "argmax_dim": lambda T, x: T.argmax(x, 1),
    "argmin_keepdim": lambda T, x: T.argmin(x, 2, keepdim=True),
    "argmin_all_keepdim": lambda T, x: T.argmin(x, keepdim=True),
    "all": lambda T, x: T.all(x),
    "all_dim": lambda T, x: T.all(x, 1),
    "any_dims": lambda T, x: T.any(x, (0, 1), keepdim=True),
    "count_nonzero": lambda T, x: T.count_nonzero(x, 1),
    "logsumexp": lambda T, x: T.logsumexp(x, 1),
    "logsumexp_dims": lambda T, x: T.logsumexp(x, (0, 2), keepdim=True),
    "std": lambda T, x: T.std(x),
    "std_dim": lambda T, x: T.std(x, 1),
    "var_correction": lambda T, x: T.var(x, (0, 2), correction=0, keepdim=True),
    "var_unbiased": lambda T, x: T.var(x, 1, False),
    "std_mean": lambda T, x: T.std_mean(x, 1),
    "var_mean": lambda T, x: T.var_mean(x, correction=2),
    "median": lambda T, x: T.median(x),
    "median_dim": lambda T, x: T.median(x, 1).values,
    "nanmedian": lambda T, x: T.nanmedian(x),
    "mode_values": lambda T, x: T.mode(x, 1).values,
    "norm": lambda T, x: T.norm(x),
    "norm_p1_dim": lambda T, x: T.norm(x, 1, dim=1),
    "norm_inf": lambda T, x: T.norm(x, float("inf")),
    "norm_nuc": lambda T, x: T.norm(x[0], "nuc"),
    "norm_fro_dims": lambda T, x: T.norm(x, "fro", dim=(1, 2), keepdim=True),
    "dist": lambda T, x: T.dist(x, x.flip(0)),
    "dist_p1": lambda T, x: T.dist(x, x.flip(0), 1),
    "quantile": lambda T, x: T.quantile(x, 0.3),
    "quantile_dim": lambda T, x: T.quantile(x, 0.75, dim=1, keepdim=True),
    "nanquantile": lambda T, x: T.nanquantile(x, 0.5, dim=2),
    "unique": lambda T, x: T.unique(x),
    "unique_all": lambda T, x: T.unique(x, return_inverse=True, return_counts=True),
    "unique_dim": lambda T, x: T.unique(x, dim=1, return_inverse=True, return_counts=True),
    "unique_consecutive": lambda T, x: T.unique_consecutive(x, return_counts=True),
    "unique_consecutive_dim": lambda T, x: T.unique_consecutive(x, return_inverse=True, dim=0),
}


# sort-based calls compile many kernels under jax: one dtype per kind of torch behaviour
HEAVY = {
    "unique",
    "unique_all",
    "unique_dim",
    "unique_consecutive",
    "unique_consecutive_dim",
    "mode_values",
    "quantile",
    "quantile_dim",
    "nanquantile",
    "median",
    "median_dim",
    "nanmedian",
    "norm_nuc",
}
KINDS = ("bool", "uint8", "uint16", "int64", "bfloat16", "float16", "float32", "complex64")
CASES = [(name, dtype) for name in CALLS for dtype in (KINDS if name in HEAVY else DTYPE_NAMES)]


@pytest.mark.parametrize(("name", "dtype"), CASES)
def test_call_on_every_dtype(backend, name, dtype):
    compare(CALLS[name], (sample(dtype, (2, 3, 4)), dtype))


# torch's std_mean/var_mean compute the mean by Welford's order-dependent updates, which
# turn an inf that is not last in its slice into nan: documented, not mimicked
WELFORD = {"std_mean", "var_mean"}


@pytest.mark.parametrize("dtype", ["float32"])
@pytest.mark.parametrize("name", sorted(set(CALLS) - WELFORD))
def test_call_with_nan_and_inf(backend, name, dtype):
    array = sample(dtype, (2, 3, 4))
    array[0, 1, 2] = numpy.nan
    array[1, 0, 0] = numpy.inf
    array[1, 2, 3] = -numpy.inf
    compare(CALLS[name], (array, dtype))


REDUCE_ANY_SHAPE = {
    "sum": lambda T, x, d: T.sum(x, d),
    "prod": lambda T, x, d: T.prod(x, d),
    "mean": lambda T, x, d: T.mean(x, d),
    "amax": lambda T, x, d: T.amax(x, d),
    "max": lambda T, x, d: T.max(x, d),
    "argmin": lambda T, x, d: T.argmin(x, d),
    "all": lambda T, x, d: T.all(x, d),
    "var": lambda T, x, d: T.var(x, d),
    "logsumexp": lambda T, x, d: T.logsumexp(x, d),
    "median": lambda T, x, d: T.median(x, d).values,
    "count_nonzero": lambda T, x, d: T.count_nonzero(x, d),
    "nansum": lambda T, x, d: T.nansum(x, d),
    "cumsum_like_norm": lambda T, x, d: T.norm(x, 3, d),
}


# conftest's profile, explicitly: importing torch's op database (test_op_db) loads torch's
# own hypothesis profile for the rest of the session
@settings(settings.get_profile("default"))
@given(
    name=st.sampled_from(sorted(REDUCE_ANY_SHAPE)),
    dtype=st.sampled_from(
        [
            "bool",
            "uint8",
            "int16",
            "int64",
            "bfloat16",
            "float16",
            "float32",
            "float64",
            "complex64",
        ]
    ),
    shape=shapes(0, 3),
    data=st.data(),
)
def test_hypothesis_reductions(backend, name, dtype, shape, data):
    array = data.draw(arrays(dtype, shape, special=True))
    dim = data.draw(st.integers(-max(len(shape), 1), max(len(shape), 1) - 1))
    compare(
        lambda T, x: REDUCE_ANY_SHAPE[name](T, x, dim),
        (array, dtype),
        rtol=2e-2 if dtype in ("bfloat16", "float16") else None,
        atol=1e-2 if dtype in ("bfloat16", "float16") else None,
    )


@settings(settings.get_profile("default"))
@given(dtype=st.sampled_from(["int32", "float32", "float64"]), shape=shapes(1, 3), data=st.data())
def test_hypothesis_unique(backend, dtype, shape, data):
    array = data.draw(arrays(dtype, shape, special=False).map(lambda a: numpy.round(a)))
    compare(lambda T, x: T.unique(x, return_inverse=True, return_counts=True), (array, dtype))
    if shape[0]:
        compare(lambda T, x: T.unique(x, dim=0, return_counts=True), (array, dtype))


def test_max_of_empty_raises_like_torch(backend):
    front, real = both(numpy.zeros((0, 3)), "float32")
    with pytest.raises(RuntimeError, match="Expected reduction dim to be specified"):
        torch.max(front)
    with pytest.raises(IndexError, match="Expected reduction dim 0 to have non-zero size"):
        torch.amax(front, 0)
    assert_matches(torch.amax(front, 1), real_torch.amax(real, 1))


def test_argmax_ties_pick_the_first(backend):
    front, real = both(numpy.array([[1, 3, 3, 0], [2, 2, 2, 2]]), "int64")
    assert_matches(torch.argmax(front, 1), real_torch.argmax(real, 1))
    assert torch.argmax(front, 1).tolist() == [1, 0]


def test_nan_propagates_and_its_index_is_reported(backend):
    front, real = both(numpy.array([1.0, numpy.nan, 2.0, numpy.nan]), "float32")
    assert_matches(torch.max(front, 0), real_torch.max(real, 0))
    assert_matches(torch.min(front), real_torch.min(real))
    assert_matches(torch.argmax(front), real_torch.argmax(real))
    assert_matches(torch.median(front, 0), real_torch.median(real, 0))
    assert_matches(torch.nanmedian(front), real_torch.nanmedian(real))


def test_named_tuples(backend):
    front, real = both(sample("float32", (3, 4)), "float32")
    for call in (
        lambda T, x: T.max(x, 1),
        lambda T, x: T.min(x, 0, True),
        lambda T, x: T.aminmax(x, dim=1),
    ):
        result, expected = call(torch, front), call(real_torch, real)
        assert type(result).__name__ == type(expected).__name__
        assert_matches(result, expected)
    result = torch.max(front, dim=1)
    assert result.values.shape == (3,) and result[1].dtype == torch.int64
    assert repr(result).startswith("torch.return_types.max(\nvalues=tensor(")


def test_median_and_mode_indices_point_at_their_values(backend):
    array = numpy.array([[1, 2, 2, 2, 1], [3, 3, 1, 1, 0]])
    front, real = both(array, "int64")
    for name in ("median", "mode", "nanmedian"):
        result, expected = getattr(torch, name)(front, 1), getattr(real_torch, name)(real, 1)
        assert_matches(result, expected)


def test_max_with_other_is_maximum(backend):
    (a, ra), (b, rb) = (
        both(numpy.array([1.0, numpy.nan, 3.0]), "float32"),
        both(numpy.array([2, 1, 1]), "int64"),
    )
    assert_matches(torch.max(a, b), real_torch.max(ra, rb))
    assert_matches(torch.min(a, b), real_torch.min(ra, rb))
    assert_matches(a.max(b), ra.max(rb))


def test_mean_of_integers_raises_like_torch(backend):
    front, _ = both(numpy.arange(4), "int64")
    with pytest.raises(
        RuntimeError,
        match=r"mean\(\): could not infer output dtype. Input dtype must be either a floating point or complex dtype",
    ):
        torch.mean(front)
    with pytest.raises(RuntimeError, match="Optional dtype must be either"):
        torch.mean(front.float(), dtype=torch.int64)
    assert torch.mean(front, dtype=torch.float32).item() == 1.5


def test_dim_errors(backend):
    front, _ = both(sample("float32", (2, 3)), "float32")
    with pytest.raises(
        IndexError,
        match=r"Dimension out of range \(expected to be in range of \[-2, 1\], but got 2\)",
    ):
        torch.sum(front, 2)
    with pytest.raises(RuntimeError, match="dim 0 appears multiple times"):
        torch.sum(front, (0, 0))
    compare(lambda T, x: T.sum(x, 0), (numpy.float32(3.0), "float32"))


def test_quantile_options(backend):
    array = sample("float64", (3, 5), ties=False)
    for interpolation in ("linear", "lower", "higher", "midpoint", "nearest"):
        compare(
            lambda T, x, mode=interpolation: T.quantile(x, 0.4, dim=1, interpolation=mode),
            (array, "float64"),
        )
    q_front, q_real = both(numpy.array([0.0, 0.25, 0.5, 1.0]), "float64")
    front, real = both(array, "float64")
    assert_matches(
        torch.quantile(front, q_front, dim=0, keepdim=True),
        real_torch.quantile(real, q_real, dim=0, keepdim=True),
    )
    assert_matches(torch.quantile(front, q_front), real_torch.quantile(real, q_real))
    with pytest.raises(RuntimeError, match=r"q must be in the range \[0, 1\]"):
        torch.quantile(front, 1.5)
    with pytest.raises(RuntimeError, match="same dtype"):
        torch.quantile(front, q_front.float())


def test_methods_and_out(backend):
    front, real = both(sample("float32", (3, 4)), "float32")
    assert_matches(front.sum(1, keepdim=True), real.sum(1, keepdim=True))
    assert_matches(front.std(0), real.std(0))
    assert_matches(front.logsumexp(1), real.logsumexp(1))
    out_front, out_real = both(numpy.zeros(4), "float64")
    torch.sum(front, 0, out=out_front)
    real_torch.sum(real, 0, out=out_real)
    assert_matches(out_front, out_real)


def test_sum_mean_softmax_dims_on_the_fast_path(backend):
    """The dims the fast path hands to the backend's kernels (float32/64, static dims) and
    the ones where torch and core differ (an empty dim list reduces every axis in torch;
    dim 0 of a 0-d tensor is allowed): all as torch."""
    matrix = RNG.uniform(-3, 3, (3, 4))
    for dtype in ("float32", "float64"):
        for dim in (0, -1, (0, 1), (1, 0), (), [], (0, 0), 2):
            for keepdim in (False, True):
                compare(lambda T, x, d=dim, k=keepdim: T.sum(x, d, k), (matrix, dtype))
                compare(lambda T, x, d=dim, k=keepdim: T.mean(x, d, k), (matrix, dtype))
        compare(lambda T, x: x.mean(dim=0), (numpy.array(2.5), dtype))
        compare(lambda T, x: x.sum(-1, True), (numpy.array(2.5), dtype))
        for dim in (0, 1, -1, 2):
            compare(lambda T, x, d=dim: T.nn.functional.softmax(x, dim=d), (matrix, dtype))
            compare(lambda T, x, d=dim: T.nn.functional.log_softmax(x, d), (matrix, dtype))
