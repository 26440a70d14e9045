"""frontends.torch.fft against real torch, on every backend: every transform on every dtype
(torch's refusals of float16/bfloat16 and of complex input to real transforms raise the
same kind of error), the n/s, dim and norm options, and hypothesis over shapes."""

from __future__ import annotations

import numpy
import pytest
import torch as real_torch
from hypothesis import given, settings
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import DTYPE_NAMES, assert_matches, both, check

RNG = numpy.random.default_rng(4)
TOL = {"rtol": 1e-4, "atol": 1e-4}


def sample(dtype: str, shape: tuple[int, ...]) -> numpy.ndarray:
    if dtype == "bool":
        return RNG.random(shape) > 0.5
    if dtype.startswith("uint"):
        return RNG.integers(0, 5, shape).astype(dtype)
    if dtype.startswith("int"):
        return RNG.integers(-4, 5, shape).astype(dtype)
    values = RNG.uniform(-2, 2, shape)
    if dtype.startswith("complex"):
        values = values + 1j * RNG.uniform(-2, 2, shape)
    return values


def compare(call, *arrays_and_dtypes, **tolerances):
    fronts, reals = [], []
    for array, dtype in arrays_and_dtypes:
        front, real = both(array, dtype)
        fronts.append(front)
        reals.append(real)
    return check(lambda: call(torch, *fronts), lambda: call(real_torch, *reals), **tolerances)


CALLS = {
    "fft": lambda T, x: T.fft.fft(x),
    "fft_n_dim_norm": lambda T, x: T.fft.fft(x, n=5, dim=1, norm="ortho"),
    "ifft": lambda T, x: T.fft.ifft(x, n=3, norm="forward"),
    "fft2": lambda T, x: T.fft.fft2(x),
    "ifft2_s": lambda T, x: T.fft.ifft2(x, s=(4, 2)),
    "fftn": lambda T, x: T.fft.fftn(x),
    "fftn_s_dim": lambda T, x: T.fft.fftn(x, s=(3, -1), dim=(0, 2), norm="ortho"),
    "ifftn": lambda T, x: T.fft.ifftn(x, dim=(1,)),
    "rfft": lambda T, x: T.fft.rfft(x),
    "rfft_n": lambda T, x: T.fft.rfft(x, n=7, dim=0, norm="forward"),
    "irfft": lambda T, x: T.fft.irfft(x),
    "irfft_n": lambda T, x: T.fft.irfft(x, n=5, dim=1, norm="ortho"),
    "rfft2": lambda T, x: T.fft.rfft2(x),
    "irfft2": lambda T, x: T.fft.irfft2(x, s=(3, 4)),
    "rfftn": lambda T, x: T.fft.rfftn(x, dim=(0, 1)),
    "irfftn": lambda T, x: T.fft.irfftn(x),
    "hfft": lambda T, x: T.fft.hfft(x),
    "hfft_n": lambda T, x: T.fft.hfft(x, n=5, norm="ortho"),
    "ihfft": lambda T, x: T.fft.ihfft(x, dim=0),
    "hfft2": lambda T, x: T.fft.hfft2(x),
    "hfftn": lambda T, x: T.fft.hfftn(x, s=(2, 4), norm="forward"),
    "ihfft2": lambda T, x: T.fft.ihfft2(x),
    "ihfftn": lambda T, x: T.fft.ihfftn(x, norm="ortho"),
    "fftshift": lambda T, x: T.fft.fftshift(x),
    "fftshift_dim": lambda T, x: T.fft.fftshift(x, dim=(0, -1)),
    "ifftshift": lambda T, x: T.fft.ifftshift(x, dim=1),
}


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
@pytest.mark.parametrize("name", list(CALLS))
def test_transform_on_every_dtype(backend, name, dtype):
    compare(CALLS[name], (sample(dtype, (2, 3, 4)), dtype), **TOL)


@pytest.mark.parametrize("default", ["float32", "float64"])
def test_integer_input_follows_the_default_dtype(backend, default):
    previous = torch.get_default_dtype()
    torch.set_default_dtype(getattr(torch, default))
    real_previous = real_torch.get_default_dtype()
    real_torch.set_default_dtype(getattr(real_torch, default))
    try:
        compare(lambda T, x: T.fft.fft(x), (sample("int32", (5,)), "int32"), **TOL)
        compare(lambda T, x: T.fft.irfft(x), (sample("int64", (5,)), "int64"), **TOL)
        assert_matches(torch.fft.fftfreq(5), real_torch.fft.fftfreq(5))
    finally:
        torch.set_default_dtype(previous)
        real_torch.set_default_dtype(real_previous)


@pytest.mark.parametrize("n", [1, 4, 5])
def test_frequencies(backend, n):
    assert_matches(torch.fft.fftfreq(n), real_torch.fft.fftfreq(n))
    assert_matches(
        torch.fft.fftfreq(n, 0.5, dtype=torch.float64),
        real_torch.fft.fftfreq(n, 0.5, dtype=real_torch.float64),
    )
    assert_matches(torch.fft.rfftfreq(n, d=2.0), real_torch.fft.rfftfreq(n, d=2.0))


def test_errors(backend):
    compare(lambda T, x: T.fft.fft(x, n=0), (sample("float32", (4,)), "float32"))
    compare(lambda T, x: T.fft.fft(x, norm="bogus"), (sample("float32", (4,)), "float32"))
    compare(lambda T, x: T.fft.rfft(x), (sample("complex64", (4,)), "complex64"))
    compare(lambda T, x: T.fft.fftn(x, s=(2, 2), dim=(0,)), (sample("float32", (4, 4)), "float32"))


# conftest's profile, explicitly: importing torch's op database (test_op_db) loads torch's
# own hypothesis profile for the rest of the session
@settings(settings.get_profile("default"))
@given(
    name=st.sampled_from(sorted(CALLS)),
    dtype=st.sampled_from(["float32", "float64", "complex64", "complex128", "int16"]),
    shape=st.sampled_from([(1, 2, 2), (3, 2, 5), (2, 4, 1), (4, 1, 3)]),
)
def test_hypothesis_shapes(backend, name, dtype, shape):
    compare(CALLS[name], (sample(dtype, shape), dtype), **TOL)


def test_roundtrip(backend):
    front, real = both(sample("float64", (6,)), "float64")
    assert_matches(torch.fft.irfft(torch.fft.rfft(front), n=6), real)
    assert_matches(torch.real(torch.fft.ifft(torch.fft.fft(front))), real)
