"""frontends.torch "other operations" against real torch, on every backend: each call on
the dtypes (torch's refusals raise the same kind of error), hypothesis over shapes and
values, views that write through, and torch's specific behaviours."""

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

RNG = numpy.random.default_rng(1)


def sample(dtype: str, shape: tuple[int, ...]) -> numpy.ndarray:
    if dtype == "bool":
        return RNG.random(shape) > 0.5
    if dtype.startswith("uint"):
        return RNG.integers(0, 6, shape).astype(dtype)
    if dtype.startswith("int"):
        return RNG.integers(-5, 6, shape).astype(dtype)
    values = RNG.integers(-6, 7, shape) / 4
    if dtype.startswith("complex"):
        return values + 1j * (RNG.integers(-6, 7, shape) / 4)
    return values.astype("float64")


def compare(call, *arrays_and_dtypes, **tolerances):
    """``call(module, *tensors)`` on frontends.torch and on real torch."""
    fronts, reals = [], []
    for array, dtype in arrays_and_dtypes:
        front, real = both(array, dtype)
        fronts.append(front)
        reals.append(real)
    return check(lambda: call(torch, *fronts), lambda: call(real_torch, *reals), **tolerances)


UNARY = {
    "atleast_1d": lambda T, x: T.atleast_1d(x[0, 0, 0]),
    "atleast_2d": lambda T, x: T.atleast_2d(x[0, 0]),
    "atleast_3d_many": lambda T, x: T.atleast_3d(x[0, 0], x[0]),
    "broadcast_to": lambda T, x: T.broadcast_to(x[0, :, :1], (2, 3, 4)),
    "broadcast_tensors": lambda T, x: T.broadcast_tensors(x[0, :, :1], x[1, :1]),
    "clone": lambda T, x: T.clone(x),
    "cummax": lambda T, x: T.cummax(x, 1),
    "cummin": lambda T, x: T.cummin(x, -1),
    "cumsum": lambda T, x: T.cumsum(x, 2),
    "cumsum_dtype": lambda T, x: T.cumsum(x, 0, dtype=T.float64),
    "cumprod": lambda T, x: T.cumprod(x, 1),
    "logcumsumexp": lambda T, x: T.logcumsumexp(x, 1),
    "diag_1d": lambda T, x: T.diag(x[0, 0], 1),
    "diag_2d": lambda T, x: T.diag(x[0], -1),
    "diag_embed": lambda T, x: T.diag_embed(x, 1, 0, 2),
    "diagflat": lambda T, x: T.diagflat(x[0], -2),
    "diagonal": lambda T, x: T.diagonal(x, 1, 2, 0),
    "diff": lambda T, x: T.diff(x, 2, 1),
    "diff_prepend": lambda T, x: T.diff(x, dim=2, prepend=x[:, :, :1], append=x[:, :, 1:]),
    "flip": lambda T, x: T.flip(x, (0, 2)),
    "fliplr": lambda T, x: T.fliplr(x),
    "flipud": lambda T, x: T.flipud(x),
    "rot90": lambda T, x: T.rot90(x, 1, (1, 2)),
    "rot90_k": lambda T, x: T.rot90(x, -3, (0, 2)),
    "roll": lambda T, x: T.roll(x, 2),
    "roll_dims": lambda T, x: T.roll(x, (1, -2), (0, 2)),
    "repeat_interleave": lambda T, x: T.repeat_interleave(x, 2, 1),
    "repeat_interleave_flat": lambda T, x: T.repeat_interleave(x, 2),
    "trace": lambda T, x: T.trace(x[0]),
    "tril": lambda T, x: T.tril(x, -1),
    "triu": lambda T, x: T.triu(x, 1),
    "vander": lambda T, x: T.vander(x[0, 0], 3),
    "vander_increasing": lambda T, x: T.vander(x[0, 0], increasing=True),
    "cov": lambda T, x: T.cov(x[0]),
    "cov_correction": lambda T, x: T.cov(x[1], correction=0),
    "corrcoef": lambda T, x: T.corrcoef(x[0]),
    "histc": lambda T, x: T.histc(x, bins=5),
    "histc_range": lambda T, x: T.histc(x, bins=4, min=-1, max=1),
    "histogram": lambda T, x: T.histogram(x, 4),
    "renorm": lambda T, x: T.renorm(x, 2, 1, 1.0),
    "combinations": lambda T, x: T.combinations(x[0, 0], 2),
    "combinations_replacement": lambda T, x: T.combinations(x[0, 0], 3, with_replacement=True),
    "view_as_real": lambda T, x: T.view_as_real(x),
    "view_as_complex": lambda T, x: T.view_as_complex(x[..., :2]),
}
BINARY = {
    "kron": lambda T, x, y: T.kron(x[0], y[0, :2]),
    "cross": lambda T, x, y: T.cross(x[..., :3], y[..., :3], dim=-1),
    "cross_default_dim": lambda T, x, y: T.cross(x[:, :, :3], y[:, :, :3]),
    "block_diag": lambda T, x, y: T.block_diag(x[0], y[0, 0], y[0, 0, 0]),
    "cartesian_prod": lambda T, x, y: T.cartesian_prod(x[0, 0], y[0, 1, :2]),
    "meshgrid": lambda T, x, y: T.meshgrid(x[0, 0], y[0, 1, :2], indexing="xy"),
    "einsum": lambda T, x, y: T.einsum("bij,bkj->bik", x, y),
    "tensordot": lambda T, x, y: T.tensordot(x, y, dims=([1, 2], [1, 2])),
    "gcd": lambda T, x, y: T.gcd(x, y),
    "lcm": lambda T, x, y: T.lcm(x, y),
    "cdist": lambda T, x, y: T.cdist(x, y),
    "cdist_p1": lambda T, x, y: T.cdist(x, y, p=1.0),
}


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
@pytest.mark.parametrize("name", list(UNARY))
def test_unary_call(backend, name, dtype):
    if name == "view_as_complex" and dtype == "float16":
        # torch gives complex32, which core lacks: the frontend refuses it clearly
        with pytest.raises(TypeError, match="complex32"):
            torch.view_as_complex(torch.zeros(2, 2, dtype=torch.float16))
        return
    compare(UNARY[name], (sample(dtype, (2, 3, 4)), dtype))


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
@pytest.mark.parametrize("name", list(BINARY))
def test_binary_call(backend, name, dtype):
    compare(BINARY[name], (sample(dtype, (2, 3, 4)), dtype), (sample(dtype, (2, 3, 4)), dtype))


MIXED = {
    "kron": lambda T, x, y: T.kron(x, y),
    "block_diag": lambda T, x, y: T.block_diag(x, y),
    "gcd": lambda T, x, y: T.gcd(x, y),
    "einsum": lambda T, x, y: T.einsum("ij,jk", x, y),
    "tensordot": lambda T, x, y: T.tensordot(x, y, 1),
    "cross": lambda T, x, y: T.cross(x, y, dim=1),
}


@pytest.mark.parametrize(
    "pair", [("int8", "int64"), ("uint8", "int8"), ("float32", "float64"), ("int32", "float32")]
)
@pytest.mark.parametrize("name", list(MIXED))
def test_mixed_dtypes_promote_or_raise_like_torch(backend, name, pair):
    compare(MIXED[name], (sample(pair[0], (3, 3)), pair[0]), (sample(pair[1], (3, 3)), pair[1]))


SEARCH = ("uint8", "int32", "int64", "float16", "float32", "float64", "bool", "complex64")


@pytest.mark.parametrize("dtype", SEARCH)
def test_searchsorted_and_bucketize(backend, dtype):
    boundaries = (
        numpy.sort(sample(dtype, (6,)).real) if dtype != "bool" else numpy.array([False, True])
    )
    values = sample(dtype, (2, 4))
    compare(lambda T, b, v: T.searchsorted(b, v), (boundaries, dtype), (values, dtype))
    compare(
        lambda T, b, v: T.searchsorted(b, v, right=True, out_int32=True),
        (boundaries, dtype),
        (values, dtype),
    )
    compare(
        lambda T, b, v: T.searchsorted(b, v, side="right"), (boundaries, dtype), (values, dtype)
    )
    compare(lambda T, v, b: T.bucketize(v, b), (values, dtype), (boundaries, dtype))
    compare(lambda T, v, b: T.bucketize(v, b, right=True), (values, dtype), (boundaries, dtype))


def test_searchsorted_batched_nan_and_sorter(backend):
    sequence = numpy.array([[1.0, 2.0, 2.0, numpy.nan], [0.0, 0.5, 3.0, 4.0]])
    values = numpy.array([[2.0, numpy.nan, 0.0], [3.0, 5.0, -1.0]])
    compare(lambda T, s, v: T.searchsorted(s, v), (sequence, "float32"), (values, "float32"))
    compare(
        lambda T, s, v: T.searchsorted(s, v, right=True), (sequence, "float32"), (values, "float32")
    )
    unsorted = numpy.array([3.0, 1.0, 2.0])
    sorter = numpy.array([1, 2, 0])
    compare(
        lambda T, s, v, o: T.searchsorted(s, v, sorter=o),
        (unsorted, "float64"),
        (numpy.array([1.5, 2.5]), "float64"),
        (sorter, "int64"),
    )
    compare(lambda T, s: T.searchsorted(s, 2.5), (unsorted, "float64"))


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
def test_bincount(backend, dtype):
    values = numpy.abs(sample(dtype, (7,)).real) if dtype != "bool" else sample(dtype, (7,))
    compare(lambda T, x: T.bincount(x), (values, dtype))
    compare(lambda T, x: T.bincount(x, minlength=9), (values, dtype))


@pytest.mark.parametrize("weights", ["float32", "float64", "int64", "float16"])
def test_bincount_weights(backend, weights):
    values = numpy.array([0, 3, 1, 3, 3])
    compare(lambda T, x, w: T.bincount(x, w), (values, "int64"), (sample(weights, (5,)), weights))


def test_repeat_interleave_tensor_repeats(backend):
    compare(
        lambda T, x, r: T.repeat_interleave(x, r, dim=0),
        (sample("float32", (3, 2)), "float32"),
        (numpy.array([1, 0, 2]), "int64"),
    )
    compare(lambda T, r: T.repeat_interleave(r), (numpy.array([2, 0, 3]), "int64"))


def test_broadcast_shapes(backend):
    assert torch.broadcast_shapes((2, 1), (3,), 1) == real_torch.broadcast_shapes((2, 1), (3,), 1)
    assert isinstance(torch.broadcast_shapes((2, 1)), torch.Size)
    with pytest.raises(RuntimeError):
        torch.broadcast_shapes((2,), (3,))


def test_diagonal_is_a_view_that_writes_through(backend):
    front, real = both(sample("float32", (3, 4)), "float32")
    view, real_view = torch.diagonal(front, 1), real_torch.diagonal(real, 1)
    view.mul_(10) if hasattr(view, "mul_") else view.copy_(view * 10)
    real_view.mul_(10)
    assert_matches(front, real)
    front.add_(1) if hasattr(front, "add_") else None
    real.add_(1)
    assert_matches(view, real_view)
    assert_matches(front.diagonal(), real.diagonal())


def test_view_as_real_writes_through(backend):
    front, real = both(sample("complex64", (2, 3)), "complex64")
    view, real_view = torch.view_as_real(front), real_torch.view_as_real(real)
    view[0, 1, 0] = 7.0
    real_view[0, 1, 0] = 7.0
    assert_matches(front, real)


# conftest's profile, explicitly: importing torch's op database (test_op_db) loads torch's
# own hypothesis profile for the rest of the session
@settings(settings.get_profile("default"))
@given(
    dtype=st.sampled_from(["int32", "int64", "float32", "float64", "bfloat16"]),
    shape=shapes(1, 3),
    data=st.data(),
)
def test_hypothesis_cumulative(backend, dtype, shape, data):
    array = data.draw(arrays(dtype, shape, special=True))
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    low = dtype == "bfloat16"
    compare(
        lambda T, x: T.cumsum(x, dim),
        (array, dtype),
        rtol=5e-2 if low else None,
        atol=5e-2 if low else None,
    )
    compare(lambda T, x: T.cummax(x, dim), (array, dtype))
    compare(lambda T, x: T.flip(x, (dim,)), (array, dtype))
    compare(lambda T, x: T.roll(x, 1, dim), (array, dtype))
    compare(lambda T, x: T.diff(x, 1, dim), (array, dtype))


@settings(settings.get_profile("default"))
@given(
    dtype=st.sampled_from(["int8", "int16", "int64", "uint8"]), shape=shapes(0, 2), data=st.data()
)
def test_hypothesis_gcd_lcm(backend, dtype, shape, data):
    a = data.draw(arrays(dtype, shape))
    b = data.draw(arrays(dtype, shape))
    compare(lambda T, x, y: T.gcd(x, y), (a, dtype), (b, dtype))
    compare(lambda T, x, y: T.lcm(x, y), (a, dtype), (b, dtype))


def test_methods(backend):
    front, real = both(sample("float32", (3, 4)), "float32")
    assert_matches(front.cumsum(1), real.cumsum(1))
    assert_matches(front.flip(0), real.flip(0))
    assert_matches(front.tril(), real.tril())
    assert_matches(front.trace(), real.trace())
    assert_matches(front.diag_embed(), real.diag_embed())
    clone = front.clone()
    clone.cumsum_(1)
    real_clone = real.clone()
    real_clone.cumsum_(1)
    assert_matches(clone, real_clone)
    assert_matches(front, real)
