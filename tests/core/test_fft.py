"""core.fft against numpy, on every backend.

Expected VALUES come from numpy computing in complex128/float64 on the same inputs; the
expected DTYPE from core's rule: complex128 for float64/complex128 input, complex64 for
every other dtype (core has no complex32; integers take the default float first), and the
real dtype of that precision for the real-valued transforms (irfft, hfft, irfftn).
"""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names

NORMS = st.sampled_from(["backward", "ortho", "forward"])
REAL_INPUT = {"rfft", "ihfft", "rfftn"}
REAL_OUTPUT = {"irfft", "hfft", "irfftn"}


def signal(dtype: str, shape: tuple[int, ...]) -> st.SearchStrategy[numpy.ndarray]:
    """Small integers (exact in every dtype, halves included) cast to ``dtype``; complex
    dtypes get an imaginary part too."""
    integers = arrays("int8", shape=shape, elements={"min_value": -10, "max_value": 10})
    if dtype.startswith("complex"):
        pairs = st.tuples(integers, integers)
        return pairs.map(lambda p: (p[0] + 1j * p[1]).astype(NUMPY_DTYPES[dtype]))
    return integers.map(lambda a: a.astype(NUMPY_DTYPES[dtype]))


def result_dtype(name: str, dtype: str) -> str:
    wide = dtype in ("float64", "complex128")
    if name in REAL_OUTPUT:
        return "float64" if wide else "float32"
    return "complex128" if wide else "complex64"


def wide(x: numpy.ndarray, name: str) -> numpy.ndarray:
    return x.astype(numpy.float64 if name in REAL_INPUT else numpy.complex128)


def check(result: core.Array, expected: numpy.ndarray, dtype: str) -> None:
    tolerance = 1e-12 if dtype in ("float64", "complex128") else 1e-5
    magnitude = max(1.0, float(numpy.max(numpy.abs(expected), initial=0.0)))
    assert_same(result, expected, dtype=dtype, rtol=tolerance, atol=tolerance * magnitude)


ONE_D = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")


@pytest.mark.parametrize("name", ONE_D)
@given(
    dtype=dtype_names("float", "complex", "int", "bool"),
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=2, max_side=5),
    norm=NORMS,
    data=st.data(),
)
def test_one_dimensional_transforms(backend, name, dtype, shape, norm, data):
    if name in REAL_INPUT and dtype.startswith("complex"):
        dtype = "float32"
    x = data.draw(signal(dtype, shape))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = data.draw(st.sampled_from([None, 2, 3, shape[axis] + 2]))
    result = getattr(core.fft, name)(core.asarray(x), n=n, axis=axis, norm=norm)
    expected = getattr(numpy.fft, name)(wide(x, name), n=n, axis=axis, norm=norm)
    check(result, expected, result_dtype(name, dtype))


N_D = ("fftn", "ifftn", "rfftn", "irfftn")


@pytest.mark.parametrize("name", N_D)
@given(
    dtype=st.sampled_from(["float32", "float64", "complex64", "complex128", "int16"]),
    shape=hnp.array_shapes(min_dims=2, max_dims=3, min_side=2, max_side=4),
    norm=NORMS,
    data=st.data(),
)
def test_n_dimensional_transforms(backend, name, dtype, shape, norm, data):
    if name in REAL_INPUT and dtype.startswith("complex"):
        dtype = "float64"
    x = data.draw(signal(dtype, shape))
    axes = data.draw(st.sampled_from([None, [-1], [0, -1], [-1, 0], list(range(len(shape)))]))
    count = len(shape) if axes is None else len(axes)
    s = data.draw(st.one_of(st.none(), st.lists(st.integers(2, 5), min_size=count, max_size=count)))
    result = getattr(core.fft, name)(core.asarray(x), s=s, axes=axes, norm=norm)
    expected = getattr(numpy.fft, name)(wide(x, name), s=s, axes=axes, norm=norm)
    check(result, expected, result_dtype(name, dtype))


def test_s_without_axes_transforms_the_last_axes(backend):
    x = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
    result = core.fft.fftn(core.asarray(x), s=[2, 5])
    check(result, numpy.fft.fftn(x.astype(numpy.float64), s=[2, 5], axes=[1, 2]), "complex64")
    result = core.fft.irfftn(core.asarray(x), s=[4])
    check(result, numpy.fft.irfftn(x.astype(numpy.float64), s=[4], axes=[2]), "float32")


def test_round_trips(backend):
    x = numpy.arange(12, dtype=numpy.float64).reshape(3, 4)
    a = core.asarray(x)
    check(core.fft.irfft(core.fft.rfft(a), n=4), x, "float64")
    check(
        core.fft.ifftn(core.fft.fftn(a, norm="ortho"), norm="ortho"),
        x.astype(complex),
        "complex128",
    )
    check(core.fft.hfft(core.fft.ihfft(a, axis=0), n=3, axis=0), x, "float64")


def test_real_transforms_refuse_complex_input_and_norm_is_checked(backend):
    x = core.asarray(numpy.ones(4, dtype=numpy.complex64))
    for function in (core.fft.rfft, core.fft.ihfft, core.fft.rfftn):
        with pytest.raises(TypeError, match="real input"):
            function(x)
    with pytest.raises(ValueError, match="norm"):
        core.fft.fft(x, norm="both")


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
@given(
    n=st.integers(1, 9),
    d=st.sampled_from([1.0, 0.1, 2.5]),
    dtype=st.sampled_from([None, "float64", "float32", "float16", "bfloat16"]),
)
def test_frequencies(backend, name, n, d, dtype):
    # computed in float64 and rounded once: the default float dtype, not numpy's float64
    want = dtype or "float32"
    expected = getattr(numpy.fft, name)(n, d).astype(NUMPY_DTYPES[want])
    result = getattr(core.fft, name)(n, d=d, dtype=dtype)
    assert_same(result, expected, dtype=want)


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@given(x=arrays(dtype_names("all"), min_dims=1, max_dims=3), data=st.data())
def test_shifts_any_dtype(backend, name, x, data):
    axes = data.draw(st.sampled_from([None, 0, -1, (0, -1)]))
    expected = getattr(numpy.fft, name)(x, axes=axes)
    assert_same(getattr(core.fft, name)(core.asarray(x), axes=axes), expected)
