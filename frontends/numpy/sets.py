"""numpy's set routines (numpy docs, "Set routines").

``unique`` is numpy's sort-based algorithm on native arrays: a stable sort (so the first
occurrence of each value is the one reported, NaNs last and complex numbers
lexicographic, see :mod:`frontends.numpy.sorting`), then a mask of the value changes.
Its output has a data-dependent length, so it reads the mask's count back from the
backend, as any unique must. ``sorted=False`` (numpy 2.3's hash-based path, whose order
is unspecified) returns the sorted result, one of the orders it may give; so does
``unique_values``, for the same reason. ``equal_nan`` collapses every NaN
(for complex: every value with a NaN part) into one, as numpy's sorted path does.
The result named tuples are numpy's own classes.
"""

from __future__ import annotations

import builtins
from typing import Any

from numpy.lib._arraysetops_impl import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)

import core
from core import native as ops
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._frontend import ArrayLike, numpy_function, numpy_on_numpy_backend
from frontends.numpy.sorting import _argsort, _axis, _sort

__all__ = [
    "intersect1d", "isin", "setdiff1d", "setxor1d", "union1d", "unique", "unique_all",
    "unique_counts", "unique_inverse", "unique_values",
]  # fmt: skip

_INEXACT = "fc"


def _dtype(x: Any) -> core.Dtype:
    return core.as_core_dtype(x.dtype)


def _flat(x: Any) -> Any:
    return ops.reshape(x, (-1,))


def _length(x: Any) -> int:
    return int(x.shape[0])


def _changes(s: Any, equal_nan: builtins.bool) -> Any:
    """For a sorted 1-D ``s`` (length >= 1): True where a new value starts."""
    differs = ops.not_equal(s[1:], s[:-1])
    if equal_nan and _dtype(s).kind in _INEXACT:
        nan = ops.isnan(s)
        differs = ops.logical_and(differs, ops.logical_not(ops.logical_and(nan[1:], nan[:-1])))
    return ops.concat([ops.ones((1,), dtype=core.bool), differs], axis=0)


def _finish(
    order: Any, mask: Any, n: int, return_index: Any, return_inverse: Any, return_counts: Any
) -> list[Any]:
    """index/inverse/counts from the sorting permutation and the change mask."""
    extras = []
    if return_index:
        extras.append(ops.get_item(order, mask))
    if return_inverse:
        starts = ops.nonzero(mask)[0]
        positions = ops.arange(n, dtype=core.int64)
        groups = ops.subtract(ops.searchsorted(starts, positions, side="right"), 1)
        inverse = ops.put_along_axis(ops.zeros((n,), dtype=core.int64), order, groups, axis=0)
        extras.append(inverse)
    if return_counts:
        starts = ops.nonzero(mask)[0]
        ends = ops.concat([starts[1:], ops.asarray([n], dtype=core.int64)], axis=0)
        extras.append(ops.subtract(ends, starts))
    return extras


def _unique_flat(
    x: Any, return_index: Any, return_inverse: Any, return_counts: Any, equal_nan: Any
) -> list[Any]:
    flat = _flat(x)
    n = _length(flat)
    if n == 0:
        empty = ops.zeros((0,), dtype=core.int64)
        extras = [empty] * builtins.sum(map(builtins.bool, (return_index, return_counts)))
        if return_inverse:
            extras.insert(1 if return_index else 0, empty)
        return [flat, *extras]
    need_order = return_index or return_inverse or return_counts
    if not need_order:
        s = _sort(flat, 0)
        return [ops.get_item(s, _changes(s, builtins.bool(equal_nan)))]
    order = _argsort(flat, 0)
    s = ops.take(flat, order, axis=0)
    mask = _changes(s, builtins.bool(equal_nan))
    return [
        ops.get_item(s, mask),
        *_finish(order, mask, n, return_index, return_inverse, return_counts),
    ]


def _unique_axis(
    x: Any, axis: int, return_index: Any, return_inverse: Any, return_counts: Any
) -> list[Any]:
    moved = ops.moveaxis(x, axis, 0)
    shape = tuple(int(e) for e in moved.shape)
    n = shape[0]
    rows = ops.reshape(moved, (n, -1))
    m = int(rows.shape[1])
    if n == 0 or m == 0:
        count = builtins.min(n, 1)
        values = moved[:count]
        extras = []
        if return_index:
            extras.append(ops.zeros((count,), dtype=core.int64))
        if return_inverse:
            extras.append(ops.zeros((n,), dtype=core.int64))
        if return_counts:
            extras.append(ops.full((count,), n, dtype=core.int64))
        return [ops.moveaxis(values, 0, axis), *extras]
    order = None
    for column in reversed(range(m)):  # the first column is the primary key
        key = rows[:, column]
        if order is None:
            order = _argsort(key, 0)
        else:
            order = ops.take(order, _argsort(ops.take(key, order, axis=0), 0), axis=0)
    s = ops.take(rows, order, axis=0)
    differs = ops.any(ops.not_equal(s[1:], s[:-1]), axis=1)
    mask = ops.concat([ops.ones((1,), dtype=core.bool), differs], axis=0)
    values = ops.reshape(ops.get_item(s, mask), (-1, *shape[1:]))
    extras = _finish(order, mask, n, return_index, return_inverse, return_counts)
    return [ops.moveaxis(values, 0, axis), *extras]


@numpy_on_numpy_backend
@numpy_function()
def unique(
    ar: ArrayLike, return_index: builtins.bool = False, return_inverse: builtins.bool = False,
    return_counts: builtins.bool = False, axis: int | None = None, *,
    equal_nan: builtins.bool = True, sorted: builtins.bool = True,
) -> Any:  # fmt: skip
    """numpy.unique: sorted unique values and, on request, first indices, inverse (the
    input's shape for ``axis=None``, 1-D along ``axis`` otherwise, as numpy 2.4) and
    counts."""
    if axis is None:
        results = _unique_flat(ar, return_index, return_inverse, return_counts, equal_nan)
        if return_inverse:
            position = 2 if return_index else 1
            results[position] = ops.reshape(results[position], tuple(ar.shape))
    else:
        axis = _axis(axis, len(ar.shape))
        results = _unique_axis(ar, axis, return_index, return_inverse, return_counts)
    return results[0] if len(results) == 1 else tuple(results)


@numpy_function()
def unique_all(x: ArrayLike) -> Any:
    """numpy.unique_all: values, first indices, inverse (``x``'s shape) and counts."""
    values, index, inverse, counts = _unique_flat(x, True, True, True, False)
    return UniqueAllResult(values, index, ops.reshape(inverse, tuple(x.shape)), counts)


@numpy_function()
def unique_counts(x: ArrayLike) -> Any:
    """numpy.unique_counts: values and counts."""
    values, counts = _unique_flat(x, False, False, True, False)
    return UniqueCountsResult(values, counts)


@numpy_function()
def unique_inverse(x: ArrayLike) -> Any:
    """numpy.unique_inverse: values and inverse indices (``x``'s shape)."""
    values, inverse = _unique_flat(x, False, True, False, False)
    return UniqueInverseResult(values, ops.reshape(inverse, tuple(x.shape)))


@numpy_function()
def unique_values(x: ArrayLike) -> Any:
    """numpy.unique_values: the unique values (sorted here; numpy's order is unspecified)."""
    return _unique_flat(x, False, False, False, False)[0]


def _common(x: Any, y: Any) -> tuple[Any, Any]:
    """``x`` and ``y`` in numpy's common dtype (both are arrays: NEP 50's strong rules)."""
    dtype = nt.RULES.promote_types(_dtype(x), _dtype(y))
    return ops.astype(x, dtype), ops.astype(y, dtype)


def _check_isin_kind(kind: Any, *arrays: Any) -> None:
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: {kind!r}. Please use None, 'sort' or 'table'.")
    if kind == "table" and builtins.any(_dtype(a).kind not in "biu" for a in arrays):
        raise ValueError(
            "The 'table' method is only supported for boolean or integer arrays. Please "
            "select 'sort' or None for kind."
        )


@numpy_function()
def isin(
    element: ArrayLike, test_elements: ArrayLike, assume_unique: builtins.bool = False,
    invert: builtins.bool = False, *, kind: str | None = None,
) -> Any:  # fmt: skip
    """numpy.isin: whether each element of ``element`` is in ``test_elements`` (NaN is in
    nothing); a bool array of ``element``'s shape (0-d for a scalar, as numpy)."""
    _check_isin_kind(kind, element, test_elements)
    x, y = _common(element, _flat(test_elements))
    return _isin(x, y, builtins.bool(invert))


def _isin(x: Any, y: Any, invert: builtins.bool) -> Any:
    """core's isin, with the NaNs of a real ``y`` replaced by one of its other values
    first (NaN is in nothing; core's torch isin misses every value when ``y`` holds a
    NaN)."""
    if _dtype(y).kind == "f" and _length(y) > 0:
        nan = ops.isnan(y)
        fill = ops.min(ops.where(nan, float("inf"), y))
        found = ops.logical_and(ops.isin(x, ops.where(nan, fill, y)), ops.any(ops.logical_not(nan)))
        return ops.logical_not(found) if invert else found
    return ops.isin(x, y, invert=invert)


@numpy_function()
def intersect1d(
    ar1: ArrayLike, ar2: ArrayLike, assume_unique: builtins.bool = False,
    return_indices: builtins.bool = False,
) -> Any:  # fmt: skip
    """numpy.intersect1d: the sorted common unique values (and their first indices)."""
    if not assume_unique:
        first = _unique_flat(ar1, return_indices, False, False, True)
        second = _unique_flat(ar2, return_indices, False, False, True)
        ar1, ar2 = first[0], second[0]
    else:
        ar1, ar2 = _flat(ar1), _flat(ar2)
    ar1, ar2 = _common(ar1, ar2)
    aux = ops.concat([ar1, ar2], axis=0)
    if _length(aux) == 0:
        empty = ops.zeros((0,), dtype=core.int64)
        return (aux, empty, empty) if return_indices else aux
    if return_indices:
        order = _argsort(aux, 0)
        aux = ops.take(aux, order, axis=0)
    else:
        aux = _sort(aux, 0)
    mask = ops.equal(aux[1:], aux[:-1])
    values = ops.get_item(aux[:-1], mask)
    if not return_indices:
        return values
    first_indices = ops.get_item(order[:-1], mask)
    second_indices = ops.subtract(ops.get_item(order[1:], mask), _length(ar1))
    if not assume_unique:
        first_indices = ops.take(first[1], first_indices, axis=0)
        second_indices = ops.take(second[1], second_indices, axis=0)
    return values, first_indices, second_indices


@numpy_function()
def setdiff1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: builtins.bool = False) -> Any:
    """numpy.setdiff1d: the unique values of ``ar1`` not in ``ar2`` (``ar1``'s dtype)."""
    if assume_unique:
        ar1 = _flat(ar1)
    else:
        ar1 = _unique_flat(ar1, False, False, False, True)[0]
        ar2 = _unique_flat(ar2, False, False, False, True)[0]
    x, y = _common(ar1, _flat(ar2))
    return ops.get_item(ar1, _isin(x, y, True))


@numpy_function()
def setxor1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: builtins.bool = False) -> Any:
    """numpy.setxor1d: the sorted unique values in exactly one of the inputs."""
    if not assume_unique:
        ar1 = _unique_flat(ar1, False, False, False, True)[0]
        ar2 = _unique_flat(ar2, False, False, False, True)[0]
    ar1, ar2 = _common(_flat(ar1), _flat(ar2))
    aux = _sort(ops.concat([ar1, ar2], axis=0), 0)
    if _length(aux) == 0:
        return aux
    true = ops.ones((1,), dtype=core.bool)
    flag = ops.concat([true, ops.not_equal(aux[1:], aux[:-1]), true], axis=0)
    return ops.get_item(aux, ops.logical_and(flag[1:], flag[:-1]))


@numpy_function()
def union1d(ar1: ArrayLike, ar2: ArrayLike) -> Any:
    """numpy.union1d: the sorted unique values in either input."""
    ar1, ar2 = _common(_flat(ar1), _flat(ar2))
    return _unique_flat(ops.concat([ar1, ar2], axis=0), False, False, False, True)[0]
