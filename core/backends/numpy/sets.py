"""numpy implementations of core's set functions (one stable-sort algorithm, shared in
spirit by every backend, so all four agree on order, indices and nan handling)."""

from __future__ import annotations

import numpy

from core.backends.numpy import promote
from core.backends.numpy.statistical import _ordered
from core.ops.sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult


def _unique(x: numpy.ndarray) -> UniqueAllResult:
    flat = x.reshape(-1)
    keys = _ordered(flat)
    order = numpy.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    # a new value starts where a sorted key differs from the one before (nan != nan)
    starts = numpy.ones(flat.shape, dtype=bool)
    starts[1:] = sorted_keys[1:] != sorted_keys[:-1]
    group = numpy.cumsum(starts, dtype=numpy.int64) - 1
    inverse = numpy.empty(flat.shape, dtype=numpy.int64)
    inverse[order] = group
    first = numpy.flatnonzero(starts)
    counts = numpy.diff(numpy.append(first, flat.size)).astype(numpy.int64)
    return UniqueAllResult(
        flat[order[first]], order[first].astype(numpy.int64), inverse.reshape(x.shape), counts
    )


def unique_all(x: numpy.ndarray, /) -> UniqueAllResult:
    return _unique(x)


def unique_counts(x: numpy.ndarray, /) -> UniqueCountsResult:
    result = _unique(x)
    return UniqueCountsResult(result.values, result.counts)


def unique_inverse(x: numpy.ndarray, /) -> UniqueInverseResult:
    result = _unique(x)
    return UniqueInverseResult(result.values, result.inverse_indices)


def unique_values(x: numpy.ndarray, /) -> numpy.ndarray:
    return _unique(x).values


def isin(x1: numpy.ndarray, x2: numpy.ndarray, /, *, invert: bool = False) -> numpy.ndarray:
    x1, x2 = promote(x1, x2)
    needles = _ordered(x1)
    haystack = numpy.sort(_ordered(x2).reshape(-1))  # nan last
    if haystack.size == 0:
        found = numpy.zeros(x1.shape, dtype=bool)
    else:
        index = numpy.minimum(numpy.searchsorted(haystack, needles), haystack.size - 1)
        found = numpy.asarray(haystack[index] == needles)
    return numpy.asarray(found != invert)
