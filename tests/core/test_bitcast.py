"""core.bitcast: an array's bytes read as another dtype, with lax/tf.bitcast's shapes,
against numpy's ``view`` of the same bytes, on every backend."""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from core import dtypes

BITCASTABLE = [name for name in dtypes.DTYPE_NAMES if name != "bool"]


def numpy_dtype(name: str) -> numpy.dtype:
    import ml_dtypes

    return numpy.dtype(ml_dtypes.bfloat16 if name == "bfloat16" else name)


def expected(host: numpy.ndarray, target: numpy.dtype) -> numpy.ndarray:
    """lax.bitcast_convert_type's result computed with numpy views."""
    if host.dtype.itemsize > target.itemsize:
        return host.reshape(*host.shape, 1).view(target)
    if host.dtype.itemsize < target.itemsize:
        return host.view(target)[..., 0]
    return host.reshape(*host.shape, 1).view(target)[..., 0]


@given(
    source=st.sampled_from(BITCASTABLE),
    target=st.sampled_from(BITCASTABLE),
    rows=st.integers(0, 3),
    data=st.data(),
)
def test_bitcast_matches_numpy_bytes(backend, source, target, rows, data):
    source_np, target_np = numpy_dtype(source), numpy_dtype(target)
    width = max(target_np.itemsize // source_np.itemsize, 1)
    raw = data.draw(st.binary(min_size=rows * width * source_np.itemsize,
                              max_size=rows * width * source_np.itemsize))  # fmt: skip
    host = numpy.frombuffer(raw, dtype=source_np).reshape(rows, width)
    if width == 1:
        host = host[:, 0]
    want = expected(host, target_np)
    got = core.bitcast(core.asarray(host), target).to_numpy()
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes()


@pytest.mark.parametrize("target", ["bool", "uint8", "int8"])
def test_bitcast_bool_reads_one_byte(backend, target):
    flags = numpy.array([True, False, True])
    got = core.bitcast(core.bitcast(core.asarray(flags), target), "bool").to_numpy()
    assert got.dtype == bool and got.tolist() == flags.tolist()


def test_bitcast_of_a_scalar_to_a_narrower_dtype_adds_an_axis(backend):
    got = core.bitcast(core.asarray(numpy.float32(1.0)), "uint16").to_numpy()
    assert got.tolist() == numpy.float32(1.0).reshape(1).view(numpy.uint16).tolist()
