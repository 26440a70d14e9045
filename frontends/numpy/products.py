"""numpy's matrix and vector products in the main namespace: dot, vdot, inner, outer,
tensordot, einsum, einsum_path, kron, trace.

As in numpy, these convert every operand to an array first, so a Python scalar among them
is a strong operand (``np.dot(float32_array, 3.0)`` is float64), not NEP 50's weak one.
Integer and bool products keep their dtype (integers wrap, bool products are logical).
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any

import numpy

import core
from core import native as ops
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native
from frontends.numpy._frontend import ArrayLike, functions, numpy_function, wrap, wrap_scalars

__all__ = [
    "dot", "einsum", "einsum_path", "inner", "kron", "outer", "tensordot", "trace", "vdot",
]  # fmt: skip


# ---------------------------------------------------------------------------------------
# helpers (linalg uses them too)
# ---------------------------------------------------------------------------------------
def _shape(x: Any) -> tuple[int, ...]:
    return tuple(int(extent) for extent in x.shape)


def _dtype(x: Any) -> core.Dtype:
    return core.as_core_dtype(x.dtype)


def _promote(*values: Any) -> tuple[list[Any], core.Dtype]:
    """Native arrays cast to their numpy result dtype (every operand strong)."""
    dtype = _dtype(values[0])
    if all(_dtype(v) == dtype for v in values[1:]):
        return list(values), dtype
    return functions.promote(list(values))


def _bool_product(fn: Any, *values: Any) -> Any:
    """A product of bool arrays, as numpy computes it: any(a and b) along the contraction,
    that is, a product of 0/1 floats compared with zero (a sum of non-negative terms is
    non-zero exactly when one term is; floats multiply on every backend and device)."""
    result = fn(*(ops.astype(v, core.float32) for v in values))
    return ops.not_equal(result, ops.zeros((), dtype=core.float32))


def _product(fn: Any, *values: Any) -> Any:
    """``fn`` of native arrays already of one dtype; bool goes through integers."""
    if _dtype(values[0]) == core.bool:
        return _bool_product(fn, *values)
    return fn(*values)


def _normalize_axis(axis: int, ndim: int, argname: str | None = None) -> int:
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim, argname)
    return axis % ndim


def _check_out(out: Any, shape: tuple[int, ...], dtype: core.Dtype) -> None:
    """numpy's dot/matmul-style ``out=``: exactly the result's shape and dtype."""
    if out is None:
        return
    if tuple(out.shape) != shape or nt.as_core(out.dtype) != dtype:
        raise ValueError(
            "output array is not acceptable (must have the right datatype, number of "
            "dimensions, and be a C-Array)"
        )


# ---------------------------------------------------------------------------------------
# dot, vdot, inner, outer, tensordot, kron
# ---------------------------------------------------------------------------------------
def _dot_native(a: Any, b: Any) -> Any:
    sa, sb = a.shape, b.shape
    if (  # the common case at once: vectors and matrices of one (not bool) dtype
        a.dtype == b.dtype
        and 0 < len(sa) <= 2
        and 0 < len(sb) <= 2
        and sa[-1] == sb[0]
        and _dtype(a) != core.bool
    ):
        return ops.matmul(a, b)
    (a, b), _ = _promote(a, b)
    sa, sb = _shape(a), _shape(b)
    if not sa or not sb:
        return ops.multiply(a, b)
    if len(sb) == 1:
        axis_b = 0
    else:
        axis_b = len(sb) - 2
    if sa[-1] != sb[axis_b]:
        raise ValueError(
            f"shapes {sa} and {sb} not aligned: {sa[-1]} (dim {len(sa) - 1}) != "
            f"{sb[axis_b]} (dim {axis_b})"
        )
    if len(sa) <= 2 and len(sb) <= 2:
        return _product(ops.matmul, a, b)
    return _product(lambda x, y: ops.tensordot(x, y, axes=([len(sa) - 1], [axis_b])), a, b)


def dot(a: ArrayLike, b: ArrayLike, out: Any = None) -> Any:
    """numpy.dot: the inner product of vectors (a numpy scalar), the matrix product of
    2-D arrays, and for N-D arrays the sum over the last axis of ``a`` and the
    second-to-last of ``b``; 0-d operands multiply."""
    a, b = as_native(a), as_native(b)
    result = _dot_native(a, b)
    if out is not None:
        _check_out(out, _shape(result), _dtype(result))
        out._assign(result)
        return out
    return wrap_scalars(result)


@numpy_function(returns_scalars=True)
def vdot(a: ArrayLike, b: ArrayLike, /) -> Any:
    """numpy.vdot: the dot product of the flattened inputs, ``a`` conjugated."""
    (a, b), dtype = _promote(a, b)
    size_a, size_b = int(numpy.prod(_shape(a))), int(numpy.prod(_shape(b)))
    if size_a != size_b:
        raise ValueError(f"cannot reshape array of size {size_b} into shape ({size_a},)")
    a, b = ops.reshape(a, (size_a,)), ops.reshape(b, (size_b,))
    if dtype.kind == "c":
        a = ops.conj(a)
    return _product(ops.matmul, a, b)


@numpy_function(returns_scalars=True)
def inner(a: ArrayLike, b: ArrayLike, /) -> Any:
    """numpy.inner: the sum of products over the last axes (no conjugation)."""
    (a, b), _ = _promote(a, b)
    sa, sb = _shape(a), _shape(b)
    if sa and sb and sa[-1] != sb[-1]:
        raise ValueError(
            f"shapes {sa} and {sb} not aligned: {sa[-1]} (dim {len(sa) - 1}) != "
            f"{sb[-1]} (dim {len(sb) - 1})"
        )
    if not sa or not sb:
        return ops.multiply(a, b)
    return _product(ops.inner, a, b)


def _outer_native(a: Any, b: Any) -> Any:
    (a, b), _ = _promote(a, b)
    a = ops.reshape(a, (-1, 1))
    b = ops.reshape(b, (1, -1))
    if _dtype(a) == core.bool:
        return ops.logical_and(a, b)
    return ops.multiply(a, b)


def outer(a: ArrayLike, b: ArrayLike, out: Any = None) -> Any:
    """numpy.outer: ``a.ravel()[:, None] * b.ravel()[None, :]``."""
    result = _outer_native(as_native(a), as_native(b))
    if out is not None:
        _check_out(out, _shape(result), _dtype(result))
        out._assign(result)
        return out
    return wrap(result)


def _tensordot_native(a: Any, b: Any, axes: Any = 2) -> Any:
    (a, b), _ = _promote(a, b)
    sa, sb = _shape(a), _shape(b)
    try:
        axes_a, axes_b = axes
    except TypeError:
        axes = int(axes)
        axes_a = list(range(len(sa) - axes, len(sa))) if axes > 0 else []
        axes_b = list(range(0, axes)) if axes > 0 else []
        if axes < 0:
            raise ValueError("negative dimensions are not allowed") from None
    axes_a = [axes_a] if isinstance(axes_a, int | numpy.integer) else list(axes_a)
    axes_b = [axes_b] if isinstance(axes_b, int | numpy.integer) else list(axes_b)
    if len(axes_a) != len(axes_b):
        raise ValueError("shape-mismatch for sum")
    axes_a = [int(ax) + len(sa) if ax < 0 else int(ax) for ax in axes_a]
    axes_b = [int(ax) + len(sb) if ax < 0 else int(ax) for ax in axes_b]
    for ax_a, ax_b in zip(axes_a, axes_b):
        if not (0 <= ax_a < len(sa) and 0 <= ax_b < len(sb)) or sa[ax_a] != sb[ax_b]:
            raise ValueError("shape-mismatch for sum")
    return _product(lambda x, y: ops.tensordot(x, y, axes=(axes_a, axes_b)), a, b)


@numpy_function()
def tensordot(a: ArrayLike, b: ArrayLike, axes: Any = 2) -> Any:
    """numpy.tensordot: the sum of products over ``axes`` (an int: the last ``axes`` of
    ``a`` with the first of ``b``; a pair: the listed axes). A 0-d result is a 0-d
    array, as numpy's."""
    return _tensordot_native(a, b, axes)


@numpy_function(returns_scalars=True)
def kron(a: ArrayLike, b: ArrayLike) -> Any:
    """numpy.kron: the Kronecker product; 0-d operands multiply (two give a scalar)."""
    (a, b), dtype = _promote(a, b)
    if not _shape(a) or not _shape(b):
        return ops.multiply(a, b)
    if dtype == core.bool:
        return ops.not_equal(
            ops.kron(ops.astype(a, core.int8), ops.astype(b, core.int8)),
            ops.asarray(0, dtype=core.int8),
        )
    return ops.kron(a, b)


# ---------------------------------------------------------------------------------------
# trace
# ---------------------------------------------------------------------------------------
def _sum_dtype(dtype: core.Dtype) -> core.Dtype:
    """numpy's accumulator of a sum with no dtype: bool and small signed ints in int64,
    small unsigned in uint64, everything else its own."""
    if dtype == core.bool or dtype.kind == "i":
        return core.int64
    if dtype.kind == "u":
        return core.uint64
    return dtype


def _trace_native(a: Any, offset: int, axis1: int, axis2: int, dtype: Any) -> Any:
    shape = _shape(a)
    if len(shape) < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    ndim = len(shape)
    axis1 = _normalize_axis(axis1, ndim, "axis1")
    axis2 = _normalize_axis(axis2, ndim, "axis2")
    if axis1 == axis2:
        raise ValueError("axis1 and axis2 cannot be the same")
    target = _sum_dtype(_dtype(a)) if dtype is None else nt.as_core(dtype)
    if (axis1, axis2) != (ndim - 2, ndim - 1):
        rest = [ax for ax in range(ndim) if ax not in (axis1, axis2)]
        a = ops.permute_dims(a, (*rest, axis1, axis2))
    diag = ops.linalg.diagonal(a, offset=int(offset))
    if _dtype(diag) != target:
        diag = ops.astype(diag, target)
    return ops.sum(diag, axis=-1, dtype=target)


@numpy_function(returns_scalars=True)
def trace(
    a: ArrayLike,
    offset: int = 0,
    axis1: int = 0,
    axis2: int = 1,
    dtype: Any = None,
    out: Any = None,
) -> Any:
    """numpy.trace: the sum along the ``offset`` diagonal of the ``axis1``/``axis2``
    planes; integer input sums in int64 (uint64 for unsigned), as numpy's ``sum``."""
    return _trace_native(a, offset, axis1, axis2, dtype)


# ---------------------------------------------------------------------------------------
# einsum
# ---------------------------------------------------------------------------------------
_LABELS = string.ascii_uppercase + string.ascii_lowercase


def _sublist(labels: Sequence[Any]) -> str:
    parts = []
    for label in labels:
        if label is Ellipsis:
            parts.append("...")
        else:
            label = int(label)
            if not 0 <= label < 52:
                raise ValueError(f"subscript is not within the valid range [0, 52), got {label}")
            parts.append(_LABELS[label])
    return "".join(parts)


def _parse_einsum_args(operands: tuple[Any, ...]) -> tuple[str, list[Any]]:
    """``(subscripts, arrays)`` of either of numpy's calling conventions: a subscripts
    string then operands, or operands interleaved with their label lists."""
    if not operands:
        raise ValueError("No input operands")
    if isinstance(operands[0], str):
        return operands[0].replace(" ", ""), list(operands[1:])
    arrays, inputs = [], []
    items = list(operands)
    while len(items) >= 2:
        arrays.append(items.pop(0))
        inputs.append(_sublist(items.pop(0)))
    subscripts = ",".join(inputs)
    if items:
        subscripts += "->" + _sublist(items[0])
    return subscripts, arrays


def _check_einsum_shapes(subscripts: str, arrays: list[Any]) -> list[Any]:
    """numpy's ValueError when one label has different sizes (backends raise their own
    error types); a labelled axis of size 1 is broadcast to the label's size, as numpy
    does (not every backend does)."""
    sizes: dict[str, int] = {}
    all_labels = []
    for term, x in zip(subscripts.split("->")[0].split(","), arrays):
        shape = _shape(x)
        if "..." in term:
            head, tail = term.split("...")
            labels = list(head) + [None] * (len(shape) - len(head) - len(tail)) + list(tail)
        else:
            labels = list(term)
        if len(labels) != len(shape):
            raise ValueError(
                "operand has more dimensions than subscripts given in einstein sum, but no "
                "'...' ellipsis provided to broadcast the extra dimensions."
                if len(shape) > len(labels)
                else "einstein sum subscripts string contains too many subscripts for operand"
            )
        for label, extent in zip(labels, shape):
            if label is None:
                continue
            seen = sizes.get(label, 1)
            if seen != extent and 1 not in (seen, extent):
                raise ValueError(
                    "operands could not be broadcast together with remapped shapes: "
                    f"subscript {label!r} has sizes {seen} and {extent}"
                )
            if seen == 1:  # a size 1 broadcasts to the other, 0 included
                sizes[label] = extent
        all_labels.append(labels)
    result = []
    for labels, x in zip(all_labels, arrays):
        shape = _shape(x)
        target = tuple(
            extent if label is None or labels.count(label) > 1 else sizes[label]
            for label, extent in zip(labels, shape)
        )
        result.append(x if target == shape else ops.broadcast_to(x, target))
    return result


def _einsum_native(subscripts: str, arrays: list[Any], dtype: Any, casting: str) -> Any:
    arrays = [as_native(x) for x in arrays]
    n_inputs = len(subscripts.split("->")[0].split(","))
    if n_inputs != len(arrays):
        raise ValueError(
            f"more operands provided to einstein sum function than specified in the "
            f"subscripts string ({len(arrays)} operands, {n_inputs} subscripts)"
            if len(arrays) > n_inputs
            else "fewer operands provided to einstein sum function than specified in the "
            "subscripts string"
        )
    arrays = _check_einsum_shapes(subscripts, arrays)
    if dtype is not None:
        target = nt.as_core(dtype)
        for x in arrays:
            if not nt.can_cast(nt.numpy_dtype(_dtype(x)), nt.numpy_dtype(target), casting):
                raise TypeError(
                    f"Iterator operand 0 dtype could not be cast from dtype("
                    f"'{nt.numpy_dtype(_dtype(x))}') to dtype('{nt.numpy_dtype(target)}') "
                    f"according to the rule '{casting}'"
                )
        arrays = [ops.astype(x, target) for x in arrays]
    elif len(arrays) > 1:
        arrays, _ = _promote(*arrays)
    if _dtype(arrays[0]) == core.bool:
        if len(arrays) == 1 and "->" in subscripts:
            # a pure reduction of bool: numpy's einsum sums with logical or
            result = ops.einsum(subscripts, ops.astype(arrays[0], core.float32))
            return ops.not_equal(result, ops.zeros((), dtype=core.float32))
        return _bool_product(lambda *xs: ops.einsum(subscripts, *xs), *arrays)
    return ops.einsum(subscripts, *arrays)


def einsum(
    *operands: Any,
    out: Any = None,
    optimize: Any = False,
    dtype: Any = None,
    order: str = "K",
    casting: str = "safe",
) -> Any:
    """numpy.einsum, in both calling conventions. ``optimize`` is accepted and left to
    the backend's own contraction order (the values are the same); ``order`` is accepted
    (the backend owns the memory layout). A 0-d result is a numpy scalar, as numpy's. The
    result is always a new array, where numpy returns a view for a single operand's
    transposition or diagonal (and then ignores ``dtype``)."""
    subscripts, arrays = _parse_einsum_args(operands)
    result = _einsum_native(subscripts, arrays, dtype, casting)
    if out is not None:
        out._assign(ops.astype(ops.broadcast_to(result, _shape(out)), nt.as_core(out.dtype)))
        return out
    return wrap_scalars(result)


def einsum_path(*operands: Any, optimize: Any = "greedy", einsum_call: bool = False) -> Any:
    """numpy.einsum_path: the contraction order and its report. It depends on shapes
    only, so numpy's planner runs on stand-ins of the operands' shapes (no data)."""
    subscripts, arrays = _parse_einsum_args(operands)
    stand_ins = []
    for x in arrays:
        shape = _shape(as_native(x)) if not hasattr(x, "shape") else tuple(x.shape)
        stand_ins.append(numpy.broadcast_to(numpy.empty((), dtype=numpy.float64), shape))
    return numpy.einsum_path(subscripts, *stand_ins, optimize=optimize, einsum_call=einsum_call)
