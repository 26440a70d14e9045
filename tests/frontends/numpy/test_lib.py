"""numpy.lib on the frontend: stride_tricks (gathered, not views) against real numpy, on
every backend."""

from __future__ import annotations

import numpy
import pytest

from tests.frontends.numpy.oracle import compare

X = numpy.arange(24.0).reshape(4, 6)


@pytest.mark.parametrize(
    "shape, strides",
    [
        ((4, 2), (48, 8)),
        ((3, 3), (8, 8)),
        ((2, 4, 3), (48, 0, 16)),
        ((0, 3), (48, 8)),
        (None, None),
    ],
)
def test_as_strided(backend, shape, strides):
    compare(lambda np: np.lib.stride_tricks.as_strided(np.asarray(X), shape, strides))


@pytest.mark.parametrize(
    "window, axis", [(3, None), ((2, 2), None), (2, 1), (4, 0), (7, 1), (2, 5), ((2,), (0, 1))]
)
def test_sliding_window_view(backend, window, axis):
    compare(lambda np: np.lib.stride_tricks.sliding_window_view(np.asarray(X), window, axis))


def test_numpy_own_helpers():
    from frontends import numpy as fnp

    assert fnp.lib.NumpyVersion("2.4.0") > "2.3.0"
    assert fnp.lib.mixins is numpy.lib.mixins
