"""tf.* tensor manipulation: concat/stack/split, gather/scatter families, where,
boolean_mask, pad (CONSTANT/REFLECT/SYMMETRIC), sort/argsort/unique, clip_by_*, einsum,
tensordot, norm, one_hot, meshgrid, strided_slice, tf.print, stop_gradient ...

Index arguments (gather/scatter indices, split sizes, pad widths, slice bounds) are read
on the host where TF validates them on the CPU (out-of-range indices are TF's
InvalidArgumentError). ``unique`` keeps first-appearance order as TF does.
"""

from __future__ import annotations

import builtins
import collections
import sys
from typing import Any

import numpy

import core
from core import autodiff, compilation
from core import native as ops
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._common import (
    as_core,
    dtype_of,
    host,
    host_int,
    host_ints,
    native,
    wrap,
)
from frontends.tensorflow._conversion import cast_native
from frontends.tensorflow._dtypes import STRING
from frontends.tensorflow._frontend import functions
from frontends.tensorflow._host import string_kernel
from frontends.tensorflow._kernels import check
from frontends.tensorflow._printing import summarize_value
from frontends.tensorflow._shape import TensorShape
from frontends.tensorflow._tensor import Tensor, match_operands, strided_get, to_host

__all__ = [
    "argsort", "bitcast", "boolean_mask", "broadcast_dynamic_shape", "broadcast_static_shape",
    "broadcast_to", "clip_by_global_norm", "clip_by_norm", "clip_by_value", "complex",
    "concat", "cumsum", "dynamic_partition", "dynamic_stitch", "einsum", "ensure_shape",
    "executing_eagerly", "expand_dims", "gather", "gather_nd", "get_static_value",
    "grad_pass_through", "group", "guarantee_const", "histogram_fixed_width",
    "histogram_fixed_width_bins", "identity_n", "meshgrid", "no_op", "norm", "one_hot", "pad",
    "parallel_stack", "print", "realdiv", "repeat", "reverse", "reverse_sequence", "roll",
    "saturate_cast", "scatter_nd", "searchsorted", "sequence_mask", "shape_n", "slice", "sort",
    "split", "squeeze", "stack", "stop_gradient", "strided_slice", "tensor_scatter_nd_add",
    "tensor_scatter_nd_max", "tensor_scatter_nd_min", "tensor_scatter_nd_sub",
    "tensor_scatter_nd_update", "tensordot", "tile", "transpose", "truncatediv",
    "truncatemod", "tuple", "unique", "unique_with_counts", "unravel_index", "unstack",
    "where", "global_norm",
]  # fmt: skip


def _invalid(message: str, op: str) -> errors.InvalidArgumentError:
    return errors.invalid_argument(message, op)


def _axis(axis: Any, ndim: int, op: str) -> int:
    a = host_int(axis)
    if not -ndim <= a < ndim:
        raise _invalid(f"Expected axis in the range [{-ndim}, {ndim}), but got {a}", op)
    return a % ndim


# ---------------------------------------------------------------------------------------
# joining and splitting
# ---------------------------------------------------------------------------------------
@string_kernel
def concat(values: Any, axis: Any, name: str = "concat") -> Tensor:
    items = match_operands(list(values) if isinstance(values, (list, builtins.tuple))
                           else [values], "ConcatV2")  # fmt: skip
    if len(items) == 1:
        return wrap(items[0])
    ndim = len(items[0].shape)
    if ndim == 0:
        raise _invalid("Can't concatenate scalars (use tf.stack instead)", "ConcatV2")
    a = _axis(axis, ndim, "ConcatV2")
    for i, item in enumerate(items[1:], 1):
        if len(item.shape) != ndim or any(
            s != o for d, (s, o) in enumerate(zip(item.shape, items[0].shape)) if d != a
        ):
            raise _invalid(
                f"ConcatOp : Dimension {a} in both shapes must be equal: shape[0] = "
                f"{list(items[0].shape)} vs. shape[{i}] = {list(item.shape)}",
                "ConcatV2",
            )
    return wrap(ops.concat(items, axis=a))


@string_kernel
def stack(values: Any, axis: int = 0, name: str = "stack") -> Tensor:
    items = match_operands(list(values), "Pack")
    shapes = {builtins.tuple(i.shape) for i in items}
    if len(shapes) > 1:
        first = list(items[0].shape)
        other = next(list(i.shape) for i in items if list(i.shape) != first)
        raise _invalid(
            f"Shapes of all inputs must match: values[0].shape = {first} != values[1].shape "
            f"= {other}",
            "Pack",
        )
    ndim = len(items[0].shape) + 1
    if not -ndim <= axis < ndim:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-ndim}, {ndim})")
    return wrap(ops.stack(items, axis=axis % ndim))


def parallel_stack(values: Any, name: str = "parallel_stack") -> Tensor:
    """tf.parallel_stack: TF refuses it in eager mode, and so does this frontend."""
    raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")


@string_kernel
def unstack(value: Any, num: Any = None, axis: int = 0, name: str = "unstack") -> list:
    x = native(value)
    ndim = len(x.shape)
    if not -ndim <= axis < ndim:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-ndim}, {ndim})")
    return [wrap(v) for v in ops.unstack(x, axis=axis % ndim)]


@string_kernel
def split(value: Any, num_or_size_splits: Any, axis: Any = 0, num: Any = None,
          name: str = "split") -> list:  # fmt: skip
    x = native(value)
    a = _axis(axis, len(x.shape), "Split")
    length = x.shape[a]
    if isinstance(num_or_size_splits, int) or (
        not isinstance(num_or_size_splits, (list, builtins.tuple))
        and host(num_or_size_splits).ndim == 0
    ):
        count = host_int(num_or_size_splits)
        if count <= 0 or length % count:
            raise _invalid(
                f"Number of ways to split should evenly divide the split dimension, but got "
                f"split_dim {a} (size = {length}) and num_split {count}",
                "Split",
            )
        sizes = [length // count] * count
    else:
        sizes = host_ints(num_or_size_splits)
        if sizes.count(-1) == 1:
            sizes[sizes.index(-1)] = length - (builtins.sum(sizes) + 1)
        if builtins.sum(sizes) != length or builtins.min(sizes, default=0) < 0:
            raise _invalid(
                f"Determined shape must either match input shape along split_dim exactly if "
                f"fully specified, or be less than the size of the input along split_dim if "
                f"not fully specified.  Got: {builtins.sum(sizes)}",
                "SplitV",
            )
    out = []
    start = 0
    for size in sizes:
        index = [builtins.slice(None)] * len(x.shape)
        index[a] = builtins.slice(start, start + size)
        out.append(wrap(ops.get_item(x, builtins.tuple(index))))
        start += size
    return out


# ---------------------------------------------------------------------------------------
# shapes
# ---------------------------------------------------------------------------------------
@string_kernel
def expand_dims(input: Any, axis: Any, name: Any = None) -> Tensor:
    x = native(input)
    ndim = len(x.shape) + 1
    a = host_int(axis)
    if not -ndim <= a < ndim:
        raise _invalid(
            f"Tried to expand dim index {a} for tensor with {ndim - 1} dimensions.", "ExpandDims"
        )
    return wrap(ops.expand_dims(x, axis=a % ndim))


@string_kernel
def squeeze(input: Any, axis: Any = None, name: Any = None) -> Tensor:
    x = native(input)
    if axis is None:
        return wrap(ops.reshape(x, builtins.tuple(s for s in x.shape if s != 1)))
    ndim = len(x.shape)
    picked = []
    for a in host_ints(axis):
        if not -ndim <= a < ndim:
            raise _invalid(
                f"Tried to squeeze dim index {a} for tensor with {ndim} dimensions.", "Squeeze"
            )
        if x.shape[a % ndim] != 1:
            raise _invalid(
                f"Can not squeeze dim[{a % ndim}], expected a dimension of 1, got "
                f"{x.shape[a % ndim]}",
                "Squeeze",
            )
        picked.append(a % ndim)
    return wrap(ops.reshape(x, builtins.tuple(s for d, s in enumerate(x.shape) if d not in picked)))


@string_kernel
def transpose(a: Any, perm: Any = None, conjugate: bool = False, name: str = "transpose") -> Tensor:
    x = native(a)
    order = (
        builtins.tuple(reversed(builtins.range(len(x.shape))))
        if perm is None
        else builtins.tuple(host_ints(perm))
        if len(x.shape)
        else ()
    )
    if sorted(order) != list(builtins.range(len(x.shape))):
        raise _invalid(f"transpose expects a vector of size {len(x.shape)}. But input(1) is a "
                       f"vector of size {len(order)}", "Transpose")  # fmt: skip
    result = ops.permute_dims(x, order)
    if conjugate and dtype_of(x).kind == "c":
        result = ops.conj(result)
    return wrap(result)


@string_kernel
def tile(input: Any, multiples: Any, name: Any = None) -> Tensor:
    x = native(input)
    reps = host_ints(multiples)
    if len(reps) != len(x.shape):
        raise _invalid(
            f"Expected multiples argument to be a vector of length {len(x.shape)} but got "
            f"length {len(reps)}",
            "Tile",
        )
    return wrap(ops.tile(x, builtins.tuple(reps)))


@string_kernel
def broadcast_to(input: Any, shape: Any, name: Any = None) -> Tensor:
    x = native(input)
    dims = builtins.tuple(host_ints(shape)) if host(shape).ndim else ()
    try:
        ops.broadcast_shapes(builtins.tuple(x.shape), dims)
        if len(x.shape) > len(dims):
            raise ValueError
        result = ops.broadcast_to(x, dims)
    except Exception:
        raise _invalid(
            f"Unable to broadcast tensor of shape {list(x.shape)} to tensor of shape {list(dims)}",
            "BroadcastTo",
        ) from None
    return wrap(result)


def broadcast_dynamic_shape(shape_x: Any, shape_y: Any) -> Tensor:
    a, b = (
        host_ints(shape_x) if host(shape_x).size else [],
        host_ints(shape_y) if host(shape_y).size else [],
    )
    try:
        out = ops.broadcast_shapes(builtins.tuple(a), builtins.tuple(b))
    except Exception:
        raise _invalid(f"Incompatible shapes: {a} vs. {b}", "BroadcastArgs") from None
    return wrap(ops.asarray(list(out), dtype=dtype_of(native(shape_x))))


def broadcast_static_shape(shape_x: Any, shape_y: Any) -> TensorShape:
    try:
        out = ops.broadcast_shapes(
            builtins.tuple(shape_x.as_list()), builtins.tuple(shape_y.as_list())
        )
    except Exception:
        raise ValueError(f"Incompatible shapes for broadcasting. Two shapes are compatible if "
                         f"for each dimension pair they are either equal or one of them is 1. "
                         f"Received: {shape_x} and {shape_y}.") from None  # fmt: skip
    return TensorShape(builtins.tuple(out))


@string_kernel
def shape_n(input: Any, out_type: Any = _dtypes.int32, name: Any = None) -> list:
    return [wrap(ops.asarray(list(native(x).shape), dtype=as_core(out_type))) for x in input]


@string_kernel
def ensure_shape(x: Any, shape: Any, name: Any = None) -> Tensor:
    v = native(x)
    want = shape.as_list() if isinstance(shape, TensorShape) else list(shape)
    have = list(v.shape)
    if len(want) != len(have) or any(w is not None and w != h for w, h in zip(want, have)):
        raise _invalid(
            f"Shape of tensor x {have} is not compatible with expected shape {want}.",
            "EnsureShape",
        )
    return wrap(v)


@string_kernel
def reverse(tensor: Any, axis: Any, name: Any = None) -> Tensor:
    x = native(tensor)
    picked = (
        [_axis(a, len(x.shape), "ReverseV2") for a in host_ints(axis)] if host(axis).size else []
    )
    return wrap(ops.flip(x, axis=builtins.tuple(picked)) if picked else x)


@string_kernel
def roll(input: Any, shift: Any, axis: Any, name: Any = None) -> Tensor:
    x = native(input)
    shifts, picked = host_ints(shift), host_ints(axis)
    if len(shifts) != len(picked):
        raise _invalid("shift and axis must have the same size", "Roll")
    picked = [_axis(a, len(x.shape), "Roll") for a in picked]
    return wrap(ops.roll(x, builtins.tuple(shifts), axis=builtins.tuple(picked)))


@string_kernel
def reverse_sequence(input: Any, seq_lengths: Any, seq_axis: Any = None, batch_axis: Any = None,
                     name: Any = None) -> Tensor:  # fmt: skip
    x = native(input)
    lengths = host_ints(seq_lengths)
    seq_axis = 0 if seq_axis is None else seq_axis
    batch_axis = 0 if batch_axis is None else batch_axis
    rows = []
    for b, length in enumerate(lengths):
        row = ops.take(x, ops.asarray([b]), axis=batch_axis)
        order = list(builtins.reversed(builtins.range(length))) + list(
            builtins.range(length, x.shape[seq_axis])
        )
        rows.append(ops.take(row, ops.asarray(order, dtype=core.int64), axis=seq_axis))
    return wrap(ops.concat(rows, axis=batch_axis))


@string_kernel
def slice(input_: Any, begin: Any, size: Any, name: Any = None) -> Tensor:
    x = native(input_)
    starts, sizes = (
        host_ints(begin) if len(x.shape) else [],
        host_ints(size) if len(x.shape) else [],
    )
    key = []
    for d, (b, s) in enumerate(zip(starts, sizes)):
        end = x.shape[d] if s == -1 else b + s
        if b < 0 or end > x.shape[d] or end < b:
            raise _invalid(f"Expected size[{d}] in [0, {x.shape[d] - b}], but got {s}", "Slice")
        key.append(builtins.slice(b, end))
    return wrap(ops.get_item(x, builtins.tuple(key)))


@string_kernel
def strided_slice(input_: Any, begin: Any, end: Any, strides: Any = None, begin_mask: int = 0,
                  end_mask: int = 0, ellipsis_mask: int = 0, new_axis_mask: int = 0,
                  shrink_axis_mask: int = 0, var: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    """tf.strided_slice: the masks turned into the equivalent ``__getitem__`` key."""
    x = native(input_)
    b, e = host_ints(begin), host_ints(end)
    s = host_ints(strides) if strides is not None else [1] * len(b)
    key: list[Any] = []
    for i in builtins.range(len(b)):
        bit = 1 << i
        if ellipsis_mask & bit:
            key.append(Ellipsis)
        elif new_axis_mask & bit:
            key.append(None)
        elif shrink_axis_mask & bit:
            key.append(b[i])
        else:
            key.append(builtins.slice(None if begin_mask & bit else b[i],
                                      None if end_mask & bit else e[i], s[i]))  # fmt: skip
    return wrap(strided_get(x, builtins.tuple(key)))


# ---------------------------------------------------------------------------------------
# gather and scatter
# ---------------------------------------------------------------------------------------
def _check_indices(indices: Any, bound: int, op: str, params_shape: Any = None) -> None:
    """TF's out-of-range error, also inside a compiled tf.function, where the indices are
    known only when it runs (a host check then: JAX's gather would clamp them)."""

    def error_of(values: numpy.ndarray) -> Exception | None:
        bad = (values < 0) | (values >= bound)
        if not (values.size and bad.any()):
            return None
        where_ = numpy.argwhere(bad)[0]
        position = ",".join(str(int(i)) for i in where_)
        return _invalid(
            f"indices[{position}] = {int(values[builtins.tuple(where_)])} is not in [0, {bound})",
            op,
        )

    compilation.host_check(error_of, native(indices))


def _gather(x: Any, idx: Any, axis: int) -> Any:
    flat = ops.reshape(idx, (-1,))
    taken = ops.take(x, ops.astype(flat, core.int64), axis=axis)
    return ops.reshape(taken, (*x.shape[:axis], *idx.shape, *x.shape[axis + 1 :]))


@string_kernel
def gather(params: Any, indices: Any, validate_indices: Any = None, axis: Any = None,
           batch_dims: int = 0, name: Any = None) -> Tensor:  # fmt: skip
    x, idx = native(params), native(indices)
    if dtype_of(idx) not in (core.int32, core.int64, core.int16):
        raise _invalid(f"Value for attr 'Tindices' of {dtype_of(idx)} is not in the list of "
                       "allowed values: int16, int32, int64", "GatherV2")  # fmt: skip
    ndim = len(x.shape)
    batch_dims = batch_dims + len(idx.shape) if batch_dims < 0 else batch_dims  # TF's rule
    a = batch_dims if axis is None else host_int(axis)
    if not -ndim <= a < builtins.max(ndim, 1):
        raise _invalid(f"Expected axis in the range [{-ndim}, {ndim}), but got {a}", "GatherV2")
    a %= builtins.max(ndim, 1)
    _check_indices(idx, x.shape[a], "GatherV2")
    if batch_dims == 0:
        return wrap(_gather(x, idx, a))
    batch = x.shape[:batch_dims]
    count = int(numpy.prod(batch))
    xs = ops.reshape(x, (count, *x.shape[batch_dims:]))
    ids = ops.reshape(idx, (count, *idx.shape[batch_dims:]))
    rows = [_gather(ops.get_item(xs, i), ops.get_item(ids, i), a - batch_dims)
            for i in builtins.range(count)]  # fmt: skip
    out = ops.stack(rows)
    return wrap(ops.reshape(out, (*batch, *out.shape[1:])))


def _gather_nd(x: Any, idx: Any) -> Any:
    depth = idx.shape[-1]
    key = builtins.tuple(ops.astype(ops.get_item(idx, (..., j)), core.int64)
                         for j in builtins.range(depth))  # fmt: skip
    if depth == 0:
        return ops.broadcast_to(x, (*idx.shape[:-1], *x.shape))
    return ops.get_item(x, key)


@string_kernel
def gather_nd(params: Any, indices: Any, batch_dims: int = 0, name: Any = None) -> Tensor:
    x, idx = native(params), native(indices)
    depth = idx.shape[-1] if idx.shape else 0
    if depth > len(x.shape) - batch_dims:
        raise _invalid(
            f"index innermost dimension length must be <= params rank; saw: {depth} vs. "
            f"{len(x.shape)}",
            "GatherNd",
        )
    values = host(idx)
    bounds = numpy.asarray(x.shape[batch_dims : batch_dims + depth])
    if values.size and ((values < 0) | (values >= bounds)).any():
        bad = numpy.argwhere(((values < 0) | (values >= bounds)).any(axis=-1))[0]
        raise _invalid(
            f"indices[{','.join(str(int(i)) for i in bad)}] = "
            f"[{', '.join(str(int(v)) for v in values[builtins.tuple(bad)])}] does not index "
            f"into param shape [{','.join(str(s) for s in x.shape)}], node name: GatherNd",
            "GatherNd",
        )
    if batch_dims == 0:
        return wrap(_gather_nd(x, idx))
    batch = x.shape[:batch_dims]
    count = int(numpy.prod(batch))
    xs = ops.reshape(x, (count, *x.shape[batch_dims:]))
    ids = ops.reshape(idx, (count, *idx.shape[batch_dims:]))
    out = ops.stack([_gather_nd(ops.get_item(xs, i), ops.get_item(ids, i))
                     for i in builtins.range(count)])  # fmt: skip
    return wrap(ops.reshape(out, (*batch, *out.shape[1:])))


def _scatter(tensor: Any, idx: Any, updates: Any, how: str | None, op: str) -> Any:
    shape = builtins.tuple(tensor.shape)
    depth = idx.shape[-1]
    values = host(idx).reshape(-1, depth) if depth else numpy.zeros((0, 0), dtype=numpy.int64)
    bounds = numpy.asarray(shape[:depth])
    if values.size and ((values < 0) | (values >= bounds)).any():
        bad = int(numpy.argwhere(((values < 0) | (values >= bounds)).any(axis=-1))[0][0])
        raise _invalid(
            f"indices[{bad}] = [{', '.join(str(int(v)) for v in values[bad])}] does not index "
            f"into shape [{','.join(str(s) for s in shape)}]",
            op,
        )
    expected = (*idx.shape[:-1], *shape[depth:])
    if builtins.tuple(updates.shape) != expected:
        raise _invalid(
            f"Dimensions [0,{len(idx.shape) - 1}) of indices[shape={list(idx.shape)}] = "
            f"{list(idx.shape[:-1])} must match dimensions [0,{len(idx.shape) - 1}) of "
            f"updates[shape={list(updates.shape)}]",
            op,
        )
    rows = int(numpy.prod(shape[:depth]))
    tail = shape[depth:]
    strides = numpy.asarray([int(numpy.prod(shape[d + 1 : depth])) for d in builtins.range(depth)])
    linear_host = (values * strides).sum(axis=-1) if depth else numpy.zeros(values.shape[0], int)
    count = linear_host.shape[0]
    linear = ops.asarray(linear_host.astype(numpy.int64))
    flat = ops.reshape(tensor, (rows, *tail))
    source = ops.reshape(updates, (count, *tail))
    index = ops.broadcast_to(ops.reshape(linear, (count,) + (1,) * len(tail)), (count, *tail))
    if how == "subtract":
        source, how = ops.negative(source), "add"
    if dtype_of(tensor) is STRING:  # rows replaced (core's scatter is for numbers)
        return ops.reshape(ops.set_item(flat, linear, source), shape)
    result = ops.scatter(flat, 0, index, source, reduce=how)
    return ops.reshape(result, shape)


def _scatter_function(how: str | None, op: str) -> Any:
    def scatter(tensor: Any, indices: Any, updates: Any, name: Any = None) -> Tensor:
        x, u = match_operands([tensor, updates], op)
        idx = native(indices)
        if dtype_of(idx) not in (core.int32, core.int64, core.int16, core.uint16):
            raise _invalid(f"Value for attr 'Tindices' of {dtype_of(idx)} is not in the list "
                           "of allowed values: int16, int32, int64, uint16", op)  # fmt: skip
        return wrap(_scatter(x, idx, u, how, op))

    return scatter


tensor_scatter_nd_update = string_kernel(_scatter_function(None, "TensorScatterUpdate"))
tensor_scatter_nd_add = _scatter_function("add", "TensorScatterAdd")
tensor_scatter_nd_sub = _scatter_function("subtract", "TensorScatterSub")
tensor_scatter_nd_max = _scatter_function("amax", "TensorScatterMax")
tensor_scatter_nd_min = _scatter_function("amin", "TensorScatterMin")


def scatter_nd(indices: Any, updates: Any, shape: Any, name: Any = None) -> Tensor:
    """tf.scatter_nd: updates summed into zeros of ``shape`` (repeated indices add)."""
    u = native(updates)
    dims = builtins.tuple(host_ints(shape))
    return wrap(
        _scatter(ops.zeros(dims, dtype=dtype_of(u)), native(indices), u, "add", "ScatterNd")
    )


@string_kernel
def dynamic_partition(data: Any, partitions: Any, num_partitions: int, name: Any = None) -> list:
    x = native(data)
    p = host(partitions)
    if p.size and (p.min() < 0 or p.max() >= num_partitions):
        raise _invalid(f"partitions[0] = {int(p.max())} is not in [0, {num_partitions})",
                       "DynamicPartition")  # fmt: skip
    flat = ops.reshape(x, (-1, *x.shape[p.ndim :]))
    parts = p.reshape(-1)
    return [wrap(ops.take(flat, ops.asarray(numpy.nonzero(parts == i)[0].astype(numpy.int64)),
                          axis=0)) for i in builtins.range(num_partitions)]  # fmt: skip


@string_kernel
def dynamic_stitch(indices: Any, data: Any, name: Any = None) -> Tensor:
    ids = [host(i).reshape(-1) for i in indices]
    items = match_operands(list(data), "DynamicStitch")
    size = int(builtins.max((int(i.max()) for i in ids if i.size), default=-1)) + 1
    rows = [ops.reshape(d, (ids[k].size, *d.shape[len(host(indices[k]).shape):]))
            for k, d in enumerate(items)]  # fmt: skip
    tail = builtins.tuple(rows[0].shape[1:])
    out = ops.zeros((size, *tail), dtype=dtype_of(items[0]))
    for k, row in enumerate(rows):
        if ids[k].size:
            out = ops.set_item(out, ops.asarray(ids[k].astype(numpy.int64)), row)
    return wrap(out)


# ---------------------------------------------------------------------------------------
# selection
# ---------------------------------------------------------------------------------------
@functions.fast("where", "condition", "x", "y", mask=True)
@string_kernel
def where(condition: Any, x: Any = None, y: Any = None, name: Any = None) -> Tensor:
    c = native(condition)
    if x is None and y is None:
        if dtype_of(c).kind != "b":
            c = ops.not_equal(c, ops.zeros_like(c))
        found = ops.nonzero(c) if len(c.shape) else ()
        if not found:
            return wrap(ops.zeros((int(to_host(c)), 0), dtype=core.int64))
        return wrap(ops.astype(ops.stack(list(found), axis=1), core.int64))
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    if dtype_of(c) != core.bool:
        raise _invalid(f"cannot compute SelectV2 as input #0(zero-based) was expected to be a "
                       f"bool tensor but is a {dtype_of(c)} tensor", "SelectV2")  # fmt: skip
    a, b = match_operands([x, y], "SelectV2")
    try:  # with matched dtypes, only shapes that do not broadcast make core's where fail
        result = ops.where(c, a, b)
    except Exception:
        raise _invalid("condition, then and else must be broadcastable", "SelectV2") from None
    return wrap(result)


@string_kernel
def boolean_mask(tensor: Any, mask: Any, axis: Any = None, name: str = "boolean_mask") -> Tensor:
    x, m = native(tensor), native(mask)
    a = 0 if axis is None else host_int(axis) % builtins.max(len(x.shape), 1)
    k = len(m.shape)
    if k == 0:
        raise ValueError("mask cannot be scalar.")
    if builtins.tuple(x.shape[a : a + k]) != builtins.tuple(m.shape):
        raise ValueError(f"Shapes {TensorShape(builtins.tuple(x.shape[a:a + k]))} and "
                         f"{TensorShape(builtins.tuple(m.shape))} are incompatible")  # fmt: skip
    flat = ops.reshape(x, (*x.shape[:a], -1, *x.shape[a + k :]) if x.shape else (-1,))
    key = (builtins.slice(None),) * a + (ops.reshape(m, (-1,)),)
    return wrap(ops.get_item(flat, key))


def sequence_mask(
    lengths: Any, maxlen: Any = None, dtype: Any = _dtypes.bool, name: Any = None
) -> Tensor:
    n = native(lengths)
    size = int(host(n).max()) if maxlen is None else host_int(maxlen)
    if maxlen is None and not host(n).size:
        size = 0
    r = ops.arange(size, dtype=dtype_of(n))
    mask = ops.less(r, ops.expand_dims(n, axis=-1))
    return wrap(cast_native(mask, as_core(dtype)))


# ---------------------------------------------------------------------------------------
# sorting, unique, searching
# ---------------------------------------------------------------------------------------
def sort(values: Any, axis: int = -1, direction: str = "ASCENDING", name: Any = None) -> Tensor:
    x = native(values)
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(
            f"Argument `direction` should be one of {{'ASCENDING', 'DESCENDING'}}. Received: direction={direction}"
        )
    check("tf.sort", x)
    a = _axis(axis, len(x.shape), "TopKV2")
    return wrap(ops.sort(x, axis=a, descending=direction == "DESCENDING"))


def argsort(values: Any, axis: int = -1, direction: str = "ASCENDING", stable: bool = False,
            name: Any = None) -> Tensor:  # fmt: skip
    x = native(values)
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(
            f"Argument `direction` should be one of {{'ASCENDING', 'DESCENDING'}}. Received: direction={direction}"
        )
    check("tf.argsort", x)
    a = _axis(axis, len(x.shape), "TopKV2")
    order = ops.argsort(x, axis=a, descending=direction == "DESCENDING", stable=True)
    return wrap(ops.astype(order, core.int32))


Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])


def _unique(x: Any) -> builtins.tuple[Any, Any, Any]:
    """Values in first-appearance order, each element's index into them, the counts."""
    check("tf.unique", x)
    if len(x.shape) != 1:
        raise _invalid("unique expects a 1D vector. [Op:UniqueV2]", "UniqueV2")
    values, _, inverse, counts = ops.unique_all(x)
    n = values.shape[0]
    inverse = ops.astype(ops.reshape(inverse, (-1,)), core.int64)
    positions = ops.arange(x.shape[0], dtype=core.int64)
    first = ops.scatter(ops.full((n,), x.shape[0], dtype=core.int64), 0, inverse, positions,
                        reduce="amin")  # fmt: skip
    order = ops.argsort(first)
    rank = ops.argsort(order)
    return ops.take(values, order), ops.take(rank, inverse), ops.take(counts, order)


@string_kernel
def unique(x: Any, out_idx: Any = _dtypes.int32, name: Any = None) -> Any:
    y, idx, _ = _unique(native(x))
    return Unique(wrap(y), wrap(ops.astype(idx, as_core(out_idx))))


@string_kernel
def unique_with_counts(x: Any, out_idx: Any = _dtypes.int32, name: Any = None) -> Any:
    y, idx, count = _unique(native(x))
    target = as_core(out_idx)
    return UniqueWithCounts(wrap(y), wrap(ops.astype(idx, target)), wrap(ops.astype(count, target)))


def searchsorted(sorted_sequence: Any, values: Any, side: str = "left", out_type: Any = _dtypes.int32,
                 name: Any = None) -> Tensor:  # fmt: skip
    s, v = match_operands([sorted_sequence, values], "LowerBound")
    if side not in ("left", "right"):
        raise ValueError(
            f"Argument `side` must be either 'right' or 'left'. Received: `side` = {side}."
        )
    if len(s.shape) == 1 and len(v.shape) == 1:
        out = ops.searchsorted(s, v, side=side)
    else:
        rows_s = ops.reshape(s, (-1, s.shape[-1]))
        rows_v = ops.reshape(v, (-1, v.shape[-1]))
        out = ops.reshape(
            ops.stack(
                [
                    ops.searchsorted(ops.get_item(rows_s, i), ops.get_item(rows_v, i), side=side)
                    for i in builtins.range(rows_s.shape[0])
                ]
            ),
            builtins.tuple(v.shape),
        )
    return wrap(ops.astype(out, as_core(out_type)))


def unravel_index(indices: Any, dims: Any, name: Any = None) -> Tensor:
    idx = native(indices)
    sizes = host_ints(dims)
    values = host(idx)
    total = int(numpy.prod(sizes))
    if values.size and (values.min() < 0 or values.max() >= total):
        raise _invalid(f"index out of bounds for shape {sizes}", "UnravelIndex")
    parts = []
    rest = idx
    for d in builtins.reversed(sizes):
        parts.append(ops.remainder(rest, ops.asarray(d, dtype=dtype_of(idx))))
        rest = ops.floor_divide(rest, ops.asarray(d, dtype=dtype_of(idx)))
    return wrap(ops.stack(list(builtins.reversed(parts))))


# ---------------------------------------------------------------------------------------
# padding
# ---------------------------------------------------------------------------------------
def _pad_index(size: int, before: int, after: int, mode: str) -> numpy.ndarray:
    positions = numpy.arange(-before, size + after)
    if mode == "REFLECT":
        period = 2 * (size - 1) if size > 1 else 1
        p = numpy.mod(positions, period)
        return numpy.where(p >= size, period - p, p)
    period = 2 * size
    p = numpy.mod(positions, period)
    return numpy.where(p >= size, period - 1 - p, p)


@string_kernel
def pad(tensor: Any, paddings: Any, mode: str = "CONSTANT", constant_values: Any = 0,
        name: Any = None) -> Tensor:  # fmt: skip
    """tf.pad: CONSTANT, REFLECT (edge not repeated) and SYMMETRIC (edge repeated)."""
    x = native(tensor)
    widths = (
        host(paddings).astype(numpy.int64).reshape(-1, 2) if len(x.shape) else numpy.zeros((0, 2))
    )
    mode = mode.upper()
    if mode not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
        raise ValueError(f"Value of argument `mode` expected to be one of \"CONSTANT\", "
                         f"\"REFLECT\", or \"SYMMETRIC\". Received `mode` = {mode}")  # fmt: skip
    if widths.shape[0] != len(x.shape):
        raise _invalid(f"The first dimension of paddings must be the rank of inputs"
                       f"[{widths.shape[0]},2] {list(x.shape)}", "PadV2")  # fmt: skip
    if (widths < 0).any():
        raise _invalid(f"Paddings must be non-negative: {int(widths.min())} "
                       f"{int(widths.max())}", "MirrorPad" if mode != "CONSTANT" else "PadV2")  # fmt: skip
    if mode == "CONSTANT":
        if dtype_of(x) is STRING and type(constant_values) is int and constant_values == 0:
            constant_values = b""  # TF pads with the dtype's zero when given the default 0
        value = (
            native(constant_values, dtype_of(x))
            if not hasattr(constant_values, "dtype")
            else native(constant_values)
        )
        if dtype_of(value) != dtype_of(x):
            raise _invalid("constant_values must have the tensor's dtype", "PadV2")
        result = x
        for d, (before, after) in enumerate(widths):
            parts = []
            shape = list(result.shape)
            if before:
                parts.append(ops.full((*shape[:d], int(before), *shape[d + 1 :]), value, dtype=dtype_of(x))
                             if False else ops.broadcast_to(value, (*shape[:d], int(before), *shape[d + 1 :])))  # fmt: skip
            parts.append(result)
            if after:
                parts.append(ops.broadcast_to(value, (*shape[:d], int(after), *shape[d + 1 :])))
            if len(parts) > 1:
                result = ops.concat(parts, axis=d)
        return wrap(result)
    for d, (before, after) in enumerate(widths):
        limit = x.shape[d] - (1 if mode == "REFLECT" else 0)
        if before > limit or after > limit:
            raise _invalid(
                f"paddings must be less than the dimension size: {int(before)}, {int(after)} "
                f"not less than {x.shape[d]}" if mode == "REFLECT" else
                f"paddings must be no greater than the dimension size: {int(before)}, "
                f"{int(after)} greater than {x.shape[d]}",
                "MirrorPad",
            )  # fmt: skip
    result = x
    for d, (before, after) in enumerate(widths):
        if before or after:
            index = _pad_index(x.shape[d], int(before), int(after), mode)
            result = ops.take(result, ops.asarray(index.astype(numpy.int64)), axis=d)
    return wrap(result)


# ---------------------------------------------------------------------------------------
# clipping and norms
# ---------------------------------------------------------------------------------------
def clip_by_value(t: Any, clip_value_min: Any, clip_value_max: Any, name: Any = None) -> Tensor:
    x, low, high = match_operands([t, clip_value_min, clip_value_max], "ClipByValue")
    check("tf.clip_by_value", x)
    for bound in (low, high):
        if len(bound.shape) and builtins.tuple(bound.shape) != builtins.tuple(x.shape):
            try:
                if ops.broadcast_shapes(
                    builtins.tuple(bound.shape), builtins.tuple(x.shape)
                ) != builtins.tuple(x.shape):
                    raise ValueError
            except Exception:
                raise _invalid(
                    "clip_value_min and clip_value_max must be either scalars or have the same shape as the input",
                    "ClipByValue",
                ) from None
    return wrap(ops.minimum(ops.maximum(x, low), high))


def clip_by_norm(t: Any, clip_norm: Any, axes: Any = None, name: Any = None) -> Tensor:
    """tf.clip_by_norm with TF's formula: ``t * clip_norm / max(l2norm, clip_norm)``."""
    x = native(t)
    c = native(clip_norm, dtype_of(x))
    a = None if axes is None else builtins.tuple(host_ints(axes))
    squares = (
        ops.real(ops.multiply(x, ops.conj(x))) if dtype_of(x).kind == "c" else ops.multiply(x, x)
    )
    total = ops.sum(squares, axis=a, keepdims=True, dtype=dtype_of(squares))
    positive = ops.greater(total, ops.zeros_like(total))
    safe = ops.where(positive, total, ops.ones_like(total))
    norm_ = ops.where(positive, ops.sqrt(safe), total)
    scaled = ops.multiply(x, c)
    return wrap(
        ops.divide(
            scaled, ops.astype(ops.maximum(norm_, ops.astype(c, dtype_of(norm_))), dtype_of(x))
        )
    )


def global_norm(t_list: Any, name: Any = None) -> Tensor:
    """tf.linalg.global_norm: ``sqrt(sum(2 * l2_loss(t)))`` as TF computes it."""
    values = [native(v) for v in t_list if v is not None]
    halves = [ops.divide(ops.sum(ops.multiply(v, v), dtype=dtype_of(v)), ops.asarray(2, dtype=dtype_of(v)))
              for v in values]  # fmt: skip
    total = ops.sum(ops.stack(halves))
    return wrap(ops.sqrt(ops.multiply(total, ops.asarray(2, dtype=dtype_of(total)))))


def clip_by_global_norm(t_list: Any, clip_norm: Any, use_norm: Any = None, name: Any = None) -> Any:
    if not isinstance(t_list, (list, builtins.tuple)):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")
    norm_value = native(global_norm(t_list)) if use_norm is None else native(use_norm)
    dtype = dtype_of(norm_value)
    c = native(clip_norm, dtype)
    one = ops.ones((), dtype=dtype)
    scale = ops.multiply(c, ops.minimum(ops.divide(one, norm_value), ops.divide(one, c)))
    clipped = [None if v is None else wrap(ops.multiply(native(v), ops.astype(scale, dtype_of(native(v)))))
               for v in t_list]  # fmt: skip
    return clipped, wrap(norm_value)


def norm(tensor: Any, ord: Any = "euclidean", axis: Any = None, keepdims: Any = None,
         name: Any = None) -> Tensor:  # fmt: skip
    """tf.norm: vector norms (any p, inf) and matrix norms ('fro', 1, inf, 2) over a pair
    of axes."""
    x = native(tensor)
    keep = builtins.bool(keepdims)
    a = None if axis is None else builtins.tuple(host_ints(axis))
    is_matrix = a is not None and len(a) == 2
    if is_matrix and ord not in ("fro", "euclidean", 1, 2, numpy.inf):
        raise ValueError(
            f"'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, 2, inf], got {ord}"
        )
    if not is_matrix and not (ord in ("euclidean",) or (isinstance(ord, (int, float)) and ord > 0)):
        raise ValueError(f"'ord' must be a supported vector norm, got {ord}.")
    magnitude = ops.abs(x)
    if ord in ("fro", "euclidean"):
        source = (
            ops.real(ops.multiply(x, ops.conj(x)))
            if dtype_of(x).kind == "c"
            else ops.multiply(x, x)
        )
        result = ops.sqrt(ops.sum(source, axis=a, keepdims=keep, dtype=dtype_of(source)))
    elif is_matrix and ord == 2:
        moved = ops.moveaxis(x, a, (-2, -1))
        result = ops.max(ops.linalg.svdvals(moved), axis=-1)
        if keep:
            result = ops.expand_dims(
                ops.expand_dims(result, axis=a[0] % len(x.shape)), axis=a[1] % len(x.shape)
            )
    elif is_matrix:
        rows, cols = (a[0], a[1]) if ord == 1 else (a[1], a[0])
        summed = ops.sum(magnitude, axis=rows, keepdims=True)
        result = ops.max(summed, axis=cols, keepdims=True)
        if not keep:
            result = ops.squeeze(
                result, axis=builtins.tuple(sorted({rows % len(x.shape), cols % len(x.shape)}))
            )
    elif ord == numpy.inf:
        result = ops.max(magnitude, axis=a, keepdims=keep)
    else:
        p = ops.asarray(ord, dtype=dtype_of(magnitude))
        result = ops.pow(
            ops.sum(ops.pow(magnitude, p), axis=a, keepdims=keep), ops.divide(ops.ones_like(p), p)
        )
    return wrap(result)


# ---------------------------------------------------------------------------------------
# algebra
# ---------------------------------------------------------------------------------------
def einsum(equation: str, *inputs: Any, **kwargs: Any) -> Tensor:
    operands = match_operands(list(inputs), "Einsum")
    return wrap(ops.einsum(equation.replace(" ", ""), *operands))


@functions.maps_errors
def tensordot(a: Any, b: Any, axes: Any, name: Any = None) -> Tensor:
    x, y = match_operands([a, b], "MatMul")
    if isinstance(axes, (int, numpy.integer)) or (
        not isinstance(axes, (list, builtins.tuple)) and host(axes).ndim == 0
    ):
        spec: Any = host_int(axes)
    else:
        first, second = axes
        spec = (host_ints(first) if not isinstance(first, int) else [first],
                host_ints(second) if not isinstance(second, int) else [second])  # fmt: skip
    return wrap(ops.tensordot(x, y, axes=spec))


def complex(real: Any, imag: Any, name: Any = None) -> Tensor:
    r, i = match_operands([real, imag], "Complex")
    dtype = {core.float32: core.complex64, core.float64: core.complex128}.get(dtype_of(r))
    if dtype is None:
        raise TypeError(f"real and imag must be float32 or float64, got {dtype_of(r)}")
    j = ops.asarray(1j, dtype=dtype)
    return wrap(ops.add(ops.astype(r, dtype), ops.multiply(ops.astype(i, dtype), j)))


def realdiv(x: Any, y: Any, name: Any = None) -> Tensor:
    a, b = match_operands([x, y], "RealDiv")
    if dtype_of(a).kind in "iu":
        return truncatediv(a, b)
    return wrap(ops.divide(a, b))


def truncatediv(x: Any, y: Any, name: Any = None) -> Tensor:
    a, b = match_operands([x, y], "TruncateDiv")
    if dtype_of(a).kind in "iu":
        if host(b).size and (host(b) == 0).any():
            raise _invalid("Integer division by zero", "TruncateDiv")
        q = ops.floor_divide(ops.abs(a), ops.abs(b))
        negative = ops.logical_xor(ops.less(a, ops.zeros_like(a)), ops.less(b, ops.zeros_like(b)))
        return wrap(ops.where(negative, ops.negative(q), q))
    return wrap(ops.trunc(ops.divide(a, b)))


def truncatemod(x: Any, y: Any, name: Any = None) -> Tensor:
    a, b = match_operands([x, y], "TruncateMod")
    if dtype_of(a).kind in "iu":
        q = native(truncatediv(a, b))
        return wrap(ops.subtract(a, ops.multiply(q, b)))
    return wrap(ops.fmod(a, b))


def saturate_cast(value: Any, dtype: Any, name: Any = None) -> Tensor:
    x = native(value)
    target = as_core(dtype)
    if dtype_of(x).kind in "iuf" and target.kind in "iu":
        info = numpy.iinfo(str(target))
        low, high = info.min, info.max
        if dtype_of(x).kind == "f":
            x = ops.clip(
                x,
                ops.asarray(float(low), dtype=dtype_of(x)),
                ops.asarray(float(high), dtype=dtype_of(x)),
            )
        else:
            src = numpy.iinfo(str(dtype_of(x)))
            x = ops.clip(x, ops.asarray(builtins.max(low, src.min), dtype=dtype_of(x)),
                         ops.asarray(builtins.min(high, src.max), dtype=dtype_of(x)))  # fmt: skip
    return wrap(cast_native(x, target))


_ONE_HOT_INDICES = frozenset({core.uint8, core.int8, core.int32, core.int64})


def one_hot(indices: Any, depth: Any, on_value: Any = None, off_value: Any = None, axis: Any = None,
            dtype: Any = None, name: Any = None) -> Tensor:  # fmt: skip
    idx = native(indices)
    if dtype_of(idx) not in _ONE_HOT_INDICES:
        raise errors.InvalidArgumentError(
            None,
            None,
            f"Value for attr 'TI' of {_dtypes.kernel_name(dtype_of(idx))} is not in the list of "
            "allowed values: uint8, int8, int32, int64",
        )
    n = host_int(depth)
    if dtype is not None:
        target = as_core(dtype)
    elif on_value is not None:
        target = dtype_of(native(on_value))
    elif off_value is not None:
        target = dtype_of(native(off_value))
    else:
        target = core.float32
    on = native(1 if on_value is None else on_value, target)
    off = native(0 if off_value is None else off_value, target)
    a = -1 if axis is None else int(axis)
    hot = ops.equal(
        ops.expand_dims(ops.astype(idx, core.int64), axis=-1), ops.arange(n, dtype=core.int64)
    )
    result = ops.where(hot, on, off)
    if a != -1:
        result = ops.moveaxis(result, -1, a)
    return wrap(result)


def meshgrid(*args: Any, **kwargs: Any) -> list:
    indexing = kwargs.pop("indexing", "xy")
    items = match_operands(list(args), "Meshgrid")
    return [
        wrap(v) for v in ops.meshgrid(*[ops.reshape(i, (-1,)) for i in items], indexing=indexing)
    ]


@string_kernel
def repeat(input: Any, repeats: Any, axis: Any = None, name: Any = None) -> Tensor:
    x = native(input)
    counts = host_ints(repeats)
    spec: Any = counts[0] if len(counts) == 1 else counts
    if axis is None:
        return wrap(ops.repeat(ops.reshape(x, (-1,)), spec, axis=0))
    return wrap(ops.repeat(x, spec, axis=host_int(axis)))


def cumsum(
    x: Any, axis: Any = 0, exclusive: bool = False, reverse: bool = False, name: Any = None
) -> Tensor:
    from frontends.tensorflow.math import cumsum as _cumsum

    return _cumsum(x, axis, exclusive, reverse)


def histogram_fixed_width_bins(values: Any, value_range: Any, nbins: Any = 100,
                               dtype: Any = _dtypes.int32, name: Any = None) -> Tensor:  # fmt: skip
    v = native(values)
    r = native(value_range, dtype_of(v))
    n = host_int(nbins)
    low, high = ops.get_item(r, 0), ops.get_item(r, 1)
    scaled = ops.divide(ops.subtract(v, low), ops.subtract(high, low))
    index = ops.floor(ops.multiply(scaled, ops.asarray(n, dtype=dtype_of(scaled))))
    index = ops.clip(
        index, ops.asarray(0, dtype=dtype_of(index)), ops.asarray(n - 1, dtype=dtype_of(index))
    )
    return wrap(ops.astype(index, as_core(dtype)))


def histogram_fixed_width(values: Any, value_range: Any, nbins: Any = 100,
                          dtype: Any = _dtypes.int32, name: Any = None) -> Tensor:  # fmt: skip
    bins = ops.reshape(native(histogram_fixed_width_bins(values, value_range, nbins, dtype)), (-1,))
    n = host_int(nbins)
    hits = ops.equal(ops.expand_dims(bins, axis=1), ops.arange(n, dtype=dtype_of(bins)))
    return wrap(ops.astype(ops.sum(ops.astype(hits, core.int64), axis=0), as_core(dtype)))


# ---------------------------------------------------------------------------------------
# gradients, control, printing
# ---------------------------------------------------------------------------------------
@string_kernel
def stop_gradient(input: Any, name: Any = None) -> Tensor:
    """tf.stop_gradient: the same values as a fresh array the autodiff engine does not
    track (its gradient is zero/None, as TF's)."""
    x = native(input)
    if not autodiff.is_tracked(x):
        return wrap(x)
    with autodiff.no_grad():
        # a new array object (the engine keys nodes by identity; jax's and TF's astype
        # to the same dtype give the input back)
        fresh = ops.multiply(x, ops.ones((), dtype=dtype_of(x)))
    return wrap(fresh)


def grad_pass_through(f: Any) -> Any:
    """tf.grad_pass_through: ``f``'s values with the identity's gradient."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        return f(*args, **kwargs)

    return wrapped


@string_kernel
def identity_n(input: Any, name: Any = None) -> list:
    return [wrap(native(v)) for v in input]


@string_kernel
def guarantee_const(input: Any, name: Any = None) -> Tensor:
    return wrap(native(input))


def no_op(name: Any = None) -> None:
    return None


def group(*inputs: Any, **kwargs: Any) -> None:
    return None


@string_kernel
def tuple(tensors: Any, name: Any = None, control_inputs: Any = None) -> list:
    return [wrap(native(t)) if t is not None else None for t in tensors]


def executing_eagerly() -> bool:
    return True


def get_static_value(tensor: Any, partial: bool = False) -> Any:
    """An eager tensor's ``numpy()``; a variable has no static value (None); anything
    else is returned as it is, as TF does."""
    if isinstance(tensor, Tensor):
        return tensor.numpy()
    if hasattr(tensor, "read_value"):
        return None
    return tensor


def _format(value: Any, summarize: int, nested: bool = False) -> str:
    """tf.print's text of one input: tensors as TF summarizes them, structures with
    their Python leaves in repr (a top-level Python value in str)."""
    if isinstance(value, Tensor) or hasattr(value, "read_value"):
        return summarize_value(host(value), summarize)
    if isinstance(value, (list, builtins.tuple)):
        inner = ", ".join(_format(v, summarize, True) for v in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    if isinstance(value, dict):
        return (
            "{" + ", ".join(f"{k!r}: {_format(v, summarize, True)}" for k, v in value.items()) + "}"
        )
    return repr(value) if nested else str(value)


def print(*inputs: Any, **kwargs: Any) -> None:
    """tf.print: tensors printed as TF does (``[1 2 3]``, summarized beyond
    ``summarize`` items per dimension) to ``output_stream`` (default sys.stderr)."""
    stream = kwargs.get("output_stream", sys.stderr)
    summarize = kwargs.get("summarize", 3)
    summarize = -1 if summarize is None else summarize
    text = kwargs.get("sep", " ").join(_format(v, summarize) for v in inputs) + kwargs.get(
        "end", "\n"
    )
    if isinstance(stream, str):
        stream = sys.stdout if stream.endswith("stdout") else sys.stderr
    stream.write(text)


def bitcast(input: Any, type: Any, name: Any = None) -> Tensor:
    """tf.bitcast: the same bytes read as ``type`` (a wider source gains a last dim of the
    width ratio, a narrower one loses it), on the device, so ``tf.function`` traces it."""
    value = native(input)
    source = core.as_core_dtype(value.dtype)
    target = _dtypes.as_dtype(type)
    wanted = target.core_dtype
    shape = list(value.shape)
    if source.itemsize < wanted.itemsize and (
        not shape or shape[-1] != wanted.itemsize // source.itemsize
    ):
        raise _invalid(f"Cannot bitcast from {source} to {wanted}: shape {shape}", "Bitcast")
    return wrap(ops.bitcast(value, wanted))
