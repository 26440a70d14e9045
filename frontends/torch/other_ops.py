"""torch's "Other Operations" (torch docs), on native arrays through core.

Dtypes follow torch 2.13 (checked against it): ``cumsum``/``cumprod``/``trace`` of bool
and integers give int64; ``cov``/``corrcoef`` of integers give the default float dtype;
``cdist`` takes float32/float64 only; ``gcd``/``lcm`` integers only; products
(``einsum``, ``tensordot``) require equal dtypes as torch's do, ``kron`` and
``block_diag`` promote. ``diagonal``, ``view_as_real`` and ``view_as_complex`` are views
(writes reach the base); ``broadcast_to`` is ``Tensor.expand``. Other results are new
tensors where torch sometimes returns views (``atleast_*d``, ``broadcast_tensors``,
``meshgrid``): their values match, writes to them do not reach the inputs.

Not here: ``flatten``/``unflatten`` (indexing ops), ``tril_indices``/``triu_indices``
(creation ops), ``histogramdd``, ``einsum``'s sublist format.
"""

from __future__ import annotations

import builtins
import itertools
import math
import sys
from collections.abc import Sequence
from typing import Any

import core
from core import native as ops
from frontends.torch import _dtype, _views, return_types
from frontends.torch._dtype import HALF_FLOATS
from frontends.torch._frontend import functions, keyword_aliases, torch_function
from frontends.torch._linalg_native import (
    cross_native,
    powers_native,
    vector_norm_native,
)
from frontends.torch._ops_support import (
    WIDE_UNSIGNED,
    default_float,
    dtype_of,
    ndim_of,
    normalize_dim,
    normalize_dims,
    product,
    real_dtype,
    scalar,
    torch_name,
    unsupported_dtypes,
)
from frontends.torch._size import Size
from frontends.torch._tensor import INPLACE_NAMES, Tensor

__all__ = [
    "atleast_1d", "atleast_2d", "atleast_3d", "bincount", "block_diag", "broadcast_shapes",
    "broadcast_tensors", "broadcast_to", "bucketize", "cartesian_prod", "cdist", "clone",
    "combinations", "corrcoef", "cov", "cross", "cummax", "cummin", "cumprod", "cumsum",
    "diag", "diag_embed", "diagflat", "diagonal", "diff", "einsum", "flip", "fliplr",
    "flipud", "gcd", "histc", "histogram", "histogramdd", "kron", "lcm", "logcumsumexp", "meshgrid",
    "renorm", "repeat_interleave", "roll", "rot90", "searchsorted", "tensordot", "trace",
    "tril", "triu", "vander", "view_as_complex", "view_as_real",
]  # fmt: skip

_cummax_type = return_types.make("cummax", ("values", "indices"))
_cummin_type = return_types.make("cummin", ("values", "indices"))
_histogram_type = return_types.make("histogram", ("hist", "bin_edges"))

INPLACE_NAMES.update({"cumsum", "cumprod", "gcd", "lcm", "renorm", "tril", "triu"})


def _tensors(tensors: tuple[Any, ...]) -> list[Any]:
    """``f(a, b)`` and ``f([a, b])`` alike."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        return list(tensors[0])
    return list(tensors)


def _int_index(values: Sequence[int]) -> Any:
    return ops.asarray(list(values), dtype=core.int64)


# ---------------------------------------------------------------------------------------
# shapes and broadcasting
# ---------------------------------------------------------------------------------------
def _atleast(fn: Any, tensors: tuple[Any, ...]) -> Any:
    items = _tensors(tensors)
    results = tuple(fn(x) for x in items)
    if len(tensors) == 1 and not isinstance(tensors[0], (list, tuple)):
        return results[0]
    return results


@torch_function()
def atleast_1d(*tensors: Tensor) -> Any:
    """Each tensor with at least one dimension (a tuple for several or a sequence)."""
    return _atleast(lambda x: ops.reshape(x, (1,)) if ndim_of(x) == 0 else x, tensors)


@torch_function()
def atleast_2d(*tensors: Tensor) -> Any:
    """Each tensor with at least two dimensions (new leading dims of size 1)."""
    return _atleast(
        lambda x: ops.reshape(x, (1,) * builtins.max(0, 2 - ndim_of(x)) + tuple(x.shape)),
        tensors,
    )


def _to_3d(x: Any) -> Any:
    if ndim_of(x) == 0:
        return ops.reshape(x, (1, 1, 1))
    if ndim_of(x) == 1:
        return ops.reshape(x, (1, x.shape[0], 1))
    if ndim_of(x) == 2:
        return ops.expand_dims(x, axis=2)
    return x


@torch_function()
def atleast_3d(*tensors: Tensor) -> Any:
    """Each tensor with at least three dimensions (numpy's placement of the new dims)."""
    return _atleast(_to_3d, tensors)


def broadcast_shapes(*shapes: Any) -> Size:
    """The broadcast of the shapes (ints count as 1-D shapes), as a torch.Size."""
    result: list[int] = []
    for shape in shapes:
        dims = [shape] if isinstance(shape, builtins.int) else [builtins.int(d) for d in shape]
        if len(dims) > len(result):
            result = [1] * (len(dims) - len(result)) + result
        for offset, extent in enumerate(reversed(dims)):
            index = len(result) - 1 - offset
            current = result[index]
            if current == extent or extent == 1:
                continue
            if current == 1:
                result[index] = extent
                continue
            raise RuntimeError(
                f"Shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                f"between {current} and {extent} at non-singleton dimension {index}"
            )
    return Size(result)


@torch_function()
def broadcast_tensors(*tensors: Tensor) -> tuple[Tensor, ...]:
    """The tensors broadcast to their common shape (dtypes unchanged)."""
    items = _tensors(tensors)
    shape = tuple(broadcast_shapes(*(tuple(x.shape) for x in items)))
    return tuple(ops.broadcast_to(x, shape) for x in items)


def broadcast_to(input: Tensor, size: Sequence[int]) -> Tensor:
    """``input.expand(size)``: a view sharing ``input``'s values (-1 keeps a size)."""
    return input.expand(*size)


def clone(input: Tensor, *, memory_format: Any = None) -> Tensor:
    """A copy of ``input``."""
    return input.clone(memory_format=memory_format)


# ---------------------------------------------------------------------------------------
# diagonals and triangles (views where torch has views)
# ---------------------------------------------------------------------------------------
def _diagonal_positions(
    shape: tuple[int, ...], offset: int, dim1: int, dim2: int
) -> tuple[int, int, int]:
    """(length, first row, first column) of the diagonal."""
    rows, cols = shape[dim1], shape[dim2]
    if offset >= 0:
        length = builtins.max(0, builtins.min(rows, cols - offset))
        return length, 0, offset
    length = builtins.max(0, builtins.min(rows + offset, cols))
    return length, -offset, 0


def _diagonal_native(x: Any, offset: int, dim1: int, dim2: int) -> Any:
    shape = tuple(x.shape)
    length, row, col = _diagonal_positions(shape, offset, dim1, dim2)
    others = [d for d in range(len(shape)) if d not in (dim1, dim2)]
    moved = ops.permute_dims(x, (*others, dim1, dim2))
    if length == 0:
        return ops.zeros((*[shape[d] for d in others], 0), dtype=dtype_of(x))
    rows = ops.arange(row, row + length, dtype=core.int64)
    cols = ops.arange(col, col + length, dtype=core.int64)
    flat = ops.reshape(moved, (*moved.shape[:-2], shape[dim1] * shape[dim2]))
    return ops.take(
        flat, ops.add(ops.multiply(rows, scalar(shape[dim2], core.int64)), cols), axis=-1
    )


def _diagonal_write(old: Any, new: Any, offset: int, dim1: int, dim2: int) -> Any:
    """``old`` with its diagonal replaced by ``new`` (the inverse of the diagonal view)."""
    shape = tuple(old.shape)
    if _diagonal_positions(shape, offset, dim1, dim2)[0] == 0:
        return old
    embedded = _embed_native(new, offset, dim1, dim2, shape)
    mask = _diagonal_mask(shape, offset, dim1, dim2)
    return ops.where(mask, embedded, old)


def _diagonal_mask(shape: tuple[int, ...], offset: int, dim1: int, dim2: int) -> Any:
    rows = ops.arange(shape[dim1], dtype=core.int64)
    cols = ops.arange(shape[dim2], dtype=core.int64)
    grid = ops.equal(
        ops.subtract(ops.expand_dims(cols, axis=0), ops.expand_dims(rows, axis=1)),
        scalar(offset, core.int64),
    )
    view_shape = [1] * len(shape)
    view_shape[dim1], view_shape[dim2] = shape[dim1], shape[dim2]
    if dim1 > dim2:
        grid = ops.matrix_transpose(grid)
    return ops.reshape(grid, tuple(view_shape))


def _embed_native(values: Any, offset: int, dim1: int, dim2: int, shape: tuple[int, ...]) -> Any:
    """A tensor of ``shape`` holding ``values`` (last dim: the diagonal) on the diagonal
    (``dim1``, ``dim2``) and zeros elsewhere."""
    length, row, col = _diagonal_positions(shape, offset, dim1, dim2)
    n1, n2 = shape[dim1], shape[dim2]
    # a (length, n1, n2) one-hot placement of each diagonal element
    index = ops.arange(length, dtype=core.int64)
    rows = ops.equal(
        ops.expand_dims(ops.arange(n1, dtype=core.int64), axis=0),
        ops.expand_dims(ops.add(index, scalar(row, core.int64)), axis=1),
    )
    cols = ops.equal(
        ops.expand_dims(ops.arange(n2, dtype=core.int64), axis=0),
        ops.expand_dims(ops.add(index, scalar(col, core.int64)), axis=1),
    )
    placement = ops.logical_and(ops.expand_dims(rows, axis=2), ops.expand_dims(cols, axis=1))
    dtype = dtype_of(values)
    # values (..., length) -> (..., n1, n2)
    expanded = ops.expand_dims(ops.expand_dims(values, axis=-1), axis=-1)
    picked = ops.where(
        placement, expanded, scalar(0, dtype) if dtype != core.bool else scalar(False, core.bool)
    )
    if dtype == core.bool:
        placed = ops.any(picked, axis=-3)
    else:
        placed = (
            ops.sum(picked, axis=-3)
            if length
            else ops.zeros((*values.shape[:-1], n1, n2), dtype=dtype)
        )
        placed = ops.astype(placed, dtype)
    others = [d for d in range(len(shape)) if d not in (dim1, dim2)]
    order = (*others, dim1, dim2)
    inverse = [order.index(d) for d in range(len(shape))]
    return ops.permute_dims(placed, tuple(inverse))


def diagonal(input: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    """A view of the diagonal over ``dim1``/``dim2`` (appended as the last dim); writes
    through it reach ``input``."""
    ndim = input.ndim
    d1, d2 = normalize_dim(dim1, ndim), normalize_dim(dim2, ndim)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")

    def forward(value: Any) -> Any:
        return _diagonal_native(value, offset, d1, d2)

    def inverse(old: Any, new: Any) -> Any:
        return _diagonal_write(old, new, offset, d1, d2)

    return input._make_view(forward, inverse)


@torch_function("input")
def diag_embed(input: Tensor, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """Matrices whose ``offset`` diagonal (over the new ``dim1``/``dim2``) holds the last
    dimension of ``input``."""
    ndim = ndim_of(input) + 1
    d1, d2 = normalize_dim(dim1, ndim), normalize_dim(dim2, ndim)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    n = input.shape[-1] + builtins.abs(offset)
    batch = list(input.shape[:-1])
    shape = []
    for d in range(ndim):
        shape.append(n if d in (d1, d2) else batch.pop(0))
    return _embed_native(input, offset, d1, d2, tuple(shape))


@torch_function("input")
def diag(input: Tensor, diagonal: int = 0, *, out: Tensor | None = None) -> Tensor:
    """A 1-D input as a diagonal matrix, or a 2-D input's diagonal (a copy)."""
    if ndim_of(input) == 1:
        n = input.shape[0] + builtins.abs(diagonal)
        return _embed_native(input, diagonal, 0, 1, (n, n))
    if ndim_of(input) != 2:
        raise RuntimeError("diag(): Supports 1D or 2D tensors. Got " + f"{ndim_of(input)}D")
    return _diagonal_native(input, diagonal, 0, 1)


@torch_function("input")
def diagflat(input: Tensor, offset: int = 0) -> Tensor:
    """The flattened input as the ``offset`` diagonal of a matrix."""
    flat = ops.reshape(input, (-1,))
    n = flat.shape[0] + builtins.abs(offset)
    return _embed_native(flat, offset, 0, 1, (n, n))


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def tril(input: Tensor, diagonal: int = 0, *, out: Tensor | None = None) -> Tensor:
    """The lower triangle (below the ``diagonal``-th diagonal) of each matrix."""
    if ndim_of(input) < 2:
        raise RuntimeError("tril: input tensor must have at least 2 dimensions")
    return ops.tril(input, k=diagonal)


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def triu(input: Tensor, diagonal: int = 0, *, out: Tensor | None = None) -> Tensor:
    """The upper triangle of each matrix."""
    if ndim_of(input) < 2:
        raise RuntimeError("triu: input tensor must have at least 2 dimensions")
    return ops.triu(input, k=diagonal)


@unsupported_dtypes("bool", *WIDE_UNSIGNED)
@torch_function("input")
def trace(input: Tensor) -> Tensor:
    """The sum of the main diagonal of a matrix; integers give int64."""
    if ndim_of(input) != 2:
        raise RuntimeError(
            "trace: expected a matrix, but got tensor with dim " + str(ndim_of(input))
        )
    values = _diagonal_native(input, 0, 0, 1)
    dtype = dtype_of(input)
    if dtype.kind in "iu":
        return ops.sum(ops.astype(values, core.int64))
    return product(lambda v: ops.sum(v), values)


# ---------------------------------------------------------------------------------------
# cumulative operations
# ---------------------------------------------------------------------------------------
def _cumulative(fn: Any, input: Any, dim: int, dtype: Any) -> Any:
    axis = normalize_dim(dim, ndim_of(input))
    if dtype is not None:
        target = _dtype.to_torch_dtype(dtype).core_dtype
    else:
        target = core.int64 if dtype_of(input).kind in "biu" else dtype_of(input)
    x = ops.astype(input, target)
    if ndim_of(x) == 0:
        return x
    if target in HALF_FLOATS:
        return ops.astype(fn(ops.astype(x, core.float32), axis=axis), target)
    return fn(x, axis=axis)


@torch_function("input")
def cumsum(input: Tensor, dim: int, *, dtype: Any = None, out: Tensor | None = None) -> Tensor:
    """Running sum along ``dim``; bool and integers give int64."""
    return _cumulative(ops.cumulative_sum, input, dim, dtype)


@torch_function("input")
def cumprod(input: Tensor, dim: int, *, dtype: Any = None, out: Tensor | None = None) -> Tensor:
    """Running product along ``dim``; bool and integers give int64."""
    return _cumulative(ops.cumulative_prod, input, dim, dtype)


def _cum_extreme(fn: Any, result_type: type, input: Any, dim: int) -> Any:
    axis = normalize_dim(dim, ndim_of(input))
    if ndim_of(input) == 0:
        return result_type(input, ops.zeros((), dtype=core.int64))
    x = ops.astype(input, core.uint8) if dtype_of(input) == core.bool else input
    values, indices = fn(x, axis=axis)
    return result_type(ops.astype(values, dtype_of(input)), ops.astype(indices, core.int64))


@unsupported_dtypes("complex", *WIDE_UNSIGNED)
@torch_function("input")
def cummax(input: Tensor, dim: int, *, out: Any = None) -> Any:
    """``return_types.cummax(values, indices)``: running maximum (ties take the later
    index; NaN sticks)."""
    return _cum_extreme(ops.cummax, _cummax_type, input, dim)


@unsupported_dtypes("complex", *WIDE_UNSIGNED)
@torch_function("input")
def cummin(input: Tensor, dim: int, *, out: Any = None) -> Any:
    """``return_types.cummin(values, indices)``: running minimum."""
    return _cum_extreme(ops.cummin, _cummin_type, input, dim)


@unsupported_dtypes("bool", "integer")
@torch_function("input")
def logcumsumexp(input: Tensor, dim: int, *, out: Tensor | None = None) -> Tensor:
    """log(cumsum(exp(input))) along ``dim``, shifted by the slice maximum for stability."""
    axis = normalize_dim(dim, ndim_of(input))
    if ndim_of(input) == 0:
        return input
    dtype = dtype_of(input)
    x = ops.astype(input, core.float32) if dtype in HALF_FLOATS else input
    if dtype.kind == "c" or 0 in tuple(x.shape):
        result = ops.log(ops.cumulative_sum(ops.exp(x), axis=axis))
        return ops.astype(result, dtype)
    # a running shift: the running maximum keeps exp() in range for every prefix
    peak = ops.cummax(x, axis=axis)[0]
    peak = ops.where(ops.isfinite(peak), peak, scalar(0, dtype_of(x)))
    final = ops.take(peak, _int_index([x.shape[axis] - 1]), axis=axis)
    shifted = ops.cumulative_sum(ops.exp(ops.subtract(x, final)), axis=axis)
    return ops.astype(ops.add(ops.log(shifted), final), dtype)


# ---------------------------------------------------------------------------------------
# differences, flips, rolls, repeats
# ---------------------------------------------------------------------------------------
@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input", "prepend", "append")
def diff(
    input: Tensor,
    n: int = 1,
    dim: int = -1,
    prepend: Tensor | None = None,
    append: Tensor | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The n-th forward difference along ``dim`` (bool: logical xor)."""
    if ndim_of(input) == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    axis = normalize_dim(dim, ndim_of(input))
    parts = [p for p in (prepend, input, append) if p is not None]
    x = ops.concat(parts, axis=axis) if len(parts) > 1 else input
    for _ in range(n):
        length = x.shape[axis]
        if length == 0:
            break
        head = ops.take(x, ops.arange(1, length, dtype=core.int64), axis=axis)
        tail = ops.take(x, ops.arange(0, length - 1, dtype=core.int64), axis=axis)
        x = ops.not_equal(head, tail) if dtype_of(x) == core.bool else ops.subtract(head, tail)
    return x


def _flip_native(x: Any, dims: Sequence[int]) -> Any:
    """``x`` reversed along ``dims``; like torch's CPU kernel, uint16/32/64 cannot be
    reversed along their last dimension."""
    axes = normalize_dims(list(dims), ndim_of(x))
    if not axes or ndim_of(x) == 0:
        return ops.asarray(x, copy=True)
    if str(dtype_of(x)) in WIDE_UNSIGNED and ndim_of(x) - 1 in axes:
        raise NotImplementedError(f"\"flip_cpu\" not implemented for '{torch_name(dtype_of(x))}'")
    return ops.flip(x, axis=axes)


@torch_function("input")
def flip(input: Tensor, dims: Sequence[int]) -> Tensor:
    """``input`` reversed along ``dims`` (a copy)."""
    if isinstance(dims, builtins.int):
        dims = (dims,)
    return _flip_native(input, dims)


@torch_function("input")
def fliplr(input: Tensor) -> Tensor:
    """Reversed along dim 1 (at least 2-D)."""
    if ndim_of(input) < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return _flip_native(input, (1,))


@torch_function("input")
def flipud(input: Tensor) -> Tensor:
    """Reversed along dim 0 (at least 1-D)."""
    if ndim_of(input) < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return _flip_native(input, (0,))


@torch_function("input")
def rot90(input: Tensor, k: int = 1, dims: Sequence[int] = (0, 1)) -> Tensor:
    """Rotated by 90 degrees ``k`` times in the plane ``dims`` (from dims[0] to dims[1])."""
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if ndim_of(input) < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {ndim_of(input)}")
    d0, d1 = normalize_dim(dims[0], ndim_of(input)), normalize_dim(dims[1], ndim_of(input))
    if d0 == d1:
        raise RuntimeError(
            f"expected rotation dims to be different, but got dim0 = {d0} and dim1 = {d1}"
        )
    k %= 4
    if k == 1:
        return ops.swapaxes(_flip_native(input, (d1,)), d0, d1)
    if k == 2:
        return _flip_native(input, (d0, d1))
    if k == 3:
        return ops.swapaxes(_flip_native(input, (d0,)), d0, d1)
    return ops.asarray(input, copy=True)


@torch_function("input")
def roll(
    input: Tensor, shifts: int | Sequence[int], dims: int | Sequence[int] | None = None
) -> Tensor:
    """Elements shifted cyclically along ``dims`` (the flattened tensor when None)."""
    if dims is None:
        flat = ops.reshape(input, (-1,))
        total = shifts if isinstance(shifts, builtins.int) else sum(shifts)
        return ops.reshape(ops.roll(flat, total, axis=0), tuple(input.shape))
    shift_list = [shifts] if isinstance(shifts, builtins.int) else list(shifts)
    dim_list = [dims] if isinstance(dims, builtins.int) else list(dims)
    if len(shift_list) != len(dim_list):
        raise RuntimeError(
            f"shifts and dimensions must align. shifts: {len(shift_list)}, dims:{len(dim_list)}"
        )
    axes = tuple(normalize_dim(d, ndim_of(input)) for d in dim_list)
    if ndim_of(input) == 0:
        return input
    return ops.roll(input, tuple(shift_list), axis=axes)


@torch_function("input")
def repeat_interleave(
    input: Tensor | None = None,
    repeats: Any = None,
    dim: int | None = None,
    *,
    output_size: int | None = None,
) -> Tensor:
    """Each element (or slice along ``dim``) repeated ``repeats`` times;
    ``repeat_interleave(counts)`` (or ``repeats=counts``) gives ``arange(len(counts))``
    repeated by ``counts``."""
    if input is None or repeats is None:
        counts = repeats if input is None else input
        return ops.repeat(ops.arange(counts.shape[0], dtype=dtype_of(counts)), counts, axis=0)
    x = input
    if dim is None:
        x = ops.reshape(input, (-1,))
        axis = 0
    else:
        axis = normalize_dim(dim, ndim_of(input))
    if ndim_of(x) == 0:
        x = ops.reshape(x, (1,))
    if not isinstance(repeats, builtins.int):
        if ndim_of(repeats) == 0:
            repeats = builtins.int(repeats)
        elif repeats.shape[0] == 1 and x.shape[axis] != 1:
            repeats = builtins.int(ops.reshape(repeats, ()))
        elif repeats.shape[0] != x.shape[axis]:
            raise RuntimeError("repeats must have the same size as input along dim")
    return ops.repeat(x, repeats, axis=axis)


# ---------------------------------------------------------------------------------------
# products and distances
# ---------------------------------------------------------------------------------------
@unsupported_dtypes("bool", *WIDE_UNSIGNED)
@torch_function()
def einsum(equation: str, *operands: Tensor) -> Tensor:
    """Einstein summation; operands of one dtype (torch refuses mixed dtypes)."""
    items = _tensors(operands)
    if not items:
        raise RuntimeError("einsum(): must provide at least one operand")
    first = dtype_of(items[0])
    for x in items[1:]:
        if dtype_of(x) != first:
            raise RuntimeError(
                f"expected scalar type {torch_name(first)} but found {torch_name(dtype_of(x))}"
            )
    if first in (core.bool, core.uint16, core.uint32, core.uint64):
        raise NotImplementedError(f"\"bmm\" not implemented for '{torch_name(first)}'")
    return product(lambda *xs: ops.einsum(equation.replace(" ", ""), *xs), *items)


@torch_function()
def tensordot(a: Tensor, b: Tensor, dims: Any = 2, out: Tensor | None = None) -> Tensor:
    """Sum-product over ``dims`` (an int: the last/first dims; a pair of lists)."""
    if dtype_of(a) != dtype_of(b):
        raise RuntimeError("both inputs should have same dtype")
    if dtype_of(a) in (core.bool, core.uint16, core.uint32, core.uint64):
        raise NotImplementedError(f"\"dot\" not implemented for '{torch_name(dtype_of(a))}'")
    if isinstance(dims, core.current_backend().native_array_types):
        dims = ops.reshape(dims, (-1,)) if ndim_of(dims) < 2 else dims
        dims = (
            [list(map(builtins.int, row)) for row in _host_list(dims)]
            if ndim_of(dims) == 2
            else builtins.int(_host_list(dims)[0])
        )
    if isinstance(dims, builtins.int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        axes: Any = dims
    else:
        first, second = dims
        first = [first] if isinstance(first, builtins.int) else list(first)
        second = [second] if isinstance(second, builtins.int) else list(second)
        axes = (first, second)
        a, b = _expand_contracted(a, b, first, second)
    return product(lambda x, y: ops.tensordot(x, y, axes=axes), a, b)


def _expand_contracted(a: Any, b: Any, first: list[int], second: list[int]) -> tuple[Any, Any]:
    """torch's tensordot expands a contracted dimension of size 1 to its partner's size."""
    a_shape, b_shape = list(a.shape), list(b.shape)
    for i, j in zip(first, second):
        if a_shape[i] != b_shape[j]:
            if a_shape[i] == 1:
                a_shape[i] = b_shape[j]
            elif b_shape[j] == 1:
                b_shape[j] = a_shape[i]
            else:
                raise RuntimeError(
                    f"contracted dimensions need to match, but first has size {a.shape[i]} in "
                    f"dim {i} and second has size {b.shape[j]} in dim {j}"
                )
    return ops.broadcast_to(a, tuple(a_shape)), ops.broadcast_to(b, tuple(b_shape))


def _host_list(x: Any) -> list:
    return core.Array(x).to_numpy().tolist()


@torch_function("input", "other")
def kron(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The Kronecker product (promoted)."""
    if dtype_of(input) == core.bool:
        return ops.astype(
            ops.kron(ops.astype(input, core.uint8), ops.astype(other, core.uint8)), core.bool
        )
    return ops.kron(input, other)


@unsupported_dtypes("bool", *WIDE_UNSIGNED)
@torch_function("input")
def cross(
    input: Tensor, other: Tensor, dim: int | None = None, *, out: Tensor | None = None
) -> Tensor:
    """The cross product along ``dim`` (the first dim of size 3 when None, as torch)."""
    if dim is None:
        shape = (
            ops.broadcast_arrays(input, other)[0].shape
            if dtype_of(input) == dtype_of(other)
            else input.shape
        )
        dim = next((d for d, extent in enumerate(shape) if extent == 3), None)
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
    return cross_native(input, other, dim, "linalg.cross")


@unsupported_dtypes("bool", "integer", "complex", "float16", "bfloat16")
@torch_function("x1")
def cdist(
    x1: Tensor,
    x2: Tensor,
    p: float = 2.0,
    compute_mode: str = "use_mm_for_euclid_dist_if_necessary",
) -> Tensor:
    """The p-norm distance between each row of ``x1`` and of ``x2`` (batched)."""
    if dtype_of(x1) != dtype_of(x2):
        raise RuntimeError(
            f"expected scalar type {torch_name(dtype_of(x1))} but found {torch_name(dtype_of(x2))}"
        )
    if ndim_of(x1) < 2 or ndim_of(x2) < 2:
        raise RuntimeError(
            f"cdist only supports at least 2D tensors, X1 got: {ndim_of(x1)}D"
            if ndim_of(x1) < 2
            else f"cdist only supports at least 2D tensors, X2 got: {ndim_of(x2)}D"
        )
    if x1.shape[-1] != x2.shape[-1]:
        raise RuntimeError(
            f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} X2: {x2.shape[-1]}"
        )
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    difference = ops.subtract(ops.expand_dims(x1, axis=-2), ops.expand_dims(x2, axis=-3))
    return vector_norm_native(difference, p, -1, False)


def _cov_native(input: Any, correction: Any, fweights: Any, aweights: Any) -> Any:
    if ndim_of(input) > 2:
        raise RuntimeError(
            f"cov(): expected input to have two or fewer dimensions but got an input with {ndim_of(input)} dimensions"
        )
    if dtype_of(input) == core.bool:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    x = input if ndim_of(input) == 2 else ops.reshape(input, (1, -1))
    if dtype_of(x).kind not in "fc":
        x = ops.astype(x, default_float())
    dtype = dtype_of(x)
    work = core.float32 if dtype in HALF_FLOATS else dtype
    x = ops.astype(x, work)

    def rounded(value: Any) -> Any:
        """A step's result rounded to a 16-bit dtype, as each of torch's ops rounds it."""
        return ops.astype(ops.astype(value, dtype), work) if work != dtype else value

    observations = x.shape[1]
    real = real_dtype(work)
    weights = None
    if fweights is not None:
        weights = ops.astype(fweights, real)
    if aweights is not None:
        a = ops.astype(aweights, real)
        weights = a if weights is None else ops.multiply(weights, a)
    if weights is None:
        average = (
            rounded(ops.divide(rounded(ops.sum(x, axis=1)), scalar(observations, work)))
            if observations
            else ops.full((x.shape[0],), float("nan"), dtype=work)
        )
        weight_sum = float(observations)
        norm_factor = weight_sum - float(correction)
    else:
        weight_sum_native = ops.sum(weights)
        weight_sum = float(weight_sum_native)
        weighted_sum = ops.sum(rounded(ops.multiply(x, ops.astype(weights, work))), axis=1)
        average = rounded(ops.divide(rounded(weighted_sum), scalar(weight_sum, work)))
        if aweights is None or correction == 0:
            norm_factor = weight_sum - float(correction)
        else:
            weighted = float(ops.sum(ops.multiply(weights, ops.astype(aweights, real))))
            norm_factor = weight_sum - float(correction) * weighted / weight_sum
    norm_factor = builtins.max(norm_factor, 0.0)
    centered = rounded(ops.subtract(x, ops.expand_dims(average, axis=1)))
    weighted_centered = (
        centered if weights is None else rounded(ops.multiply(centered, ops.astype(weights, work)))
    )
    other = ops.matrix_transpose(weighted_centered)
    if work.kind == "c":
        other = ops.conj(other)
    c = rounded(ops.matmul(centered, other))
    c = ops.divide(c, scalar(norm_factor, work))
    if ndim_of(input) < 2 or x.shape[0] == 1:
        c = ops.reshape(c, ())
    return ops.astype(c, dtype)


@torch_function("input")
def cov(
    input: Tensor,
    *,
    correction: int = 1,
    fweights: Tensor | None = None,
    aweights: Tensor | None = None,
) -> Tensor:
    """The covariance matrix of the variables in the rows (integers give the default
    float dtype); optional frequency and analytic weights."""
    return _cov_native(input, correction, fweights, aweights)


@torch_function("input")
def corrcoef(input: Tensor) -> Tensor:
    """The Pearson correlation matrix of the rows, clipped to [-1, 1]."""
    c = _cov_native(input, 1, None, None)
    dtype = dtype_of(c)
    if ndim_of(c) == 0:
        return ops.divide(c, c)
    variances = _diagonal_native(c, 0, 0, 1)
    deviation = ops.sqrt(ops.real(variances) if dtype.kind == "c" else variances)
    deviation = ops.astype(deviation, dtype)
    c = ops.divide(c, ops.expand_dims(deviation, axis=1))  # each step rounds, as torch's
    c = ops.divide(c, ops.expand_dims(deviation, axis=0))
    low, high = scalar(-1, real_dtype(dtype)), scalar(1, real_dtype(dtype))
    if dtype.kind == "c":
        real = ops.clip(ops.real(c), low, high)
        imag = ops.clip(ops.imag(c), low, high)
        return ops.add(
            ops.astype(real, dtype), ops.multiply(ops.astype(imag, dtype), scalar(1j, dtype))
        )
    return ops.clip(c, low, high)


# ---------------------------------------------------------------------------------------
# counting, binning, searching
# ---------------------------------------------------------------------------------------
@torch_function("input")
def bincount(input: Tensor, weights: Tensor | None = None, minlength: int = 0) -> Tensor:
    """Counts of each non-negative integer (weighted sums with ``weights``: float input
    weights give float64 as torch, others keep their dtype)."""
    dtype = dtype_of(input)
    if dtype.kind not in "iu" or dtype in (core.uint16, core.uint32, core.uint64):
        raise NotImplementedError(f"\"bincount_cpu\" not implemented for '{torch_name(dtype)}'")
    if ndim_of(input) != 1:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    n = input.shape[0]
    if n and builtins.int(ops.min(input)) < 0:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    length = builtins.max(minlength, builtins.int(ops.max(input)) + 1 if n else 0)
    hits = ops.equal(
        ops.expand_dims(ops.astype(input, core.int64), axis=1),
        ops.expand_dims(ops.arange(length, dtype=core.int64), axis=0),
    )
    if weights is None:
        return ops.sum(ops.astype(hits, core.int64), axis=0)
    if weights.shape != input.shape:
        raise RuntimeError("weights should be 1-d and have the same length as input")
    weight_dtype = dtype_of(weights)
    target = core.float32 if weight_dtype == core.float32 else core.float64
    if weight_dtype.kind in "fc" and weight_dtype != core.float32:
        target = weight_dtype if weight_dtype == core.float64 else core.float64
    values = ops.multiply(
        ops.astype(hits, target), ops.expand_dims(ops.astype(weights, target), axis=1)
    )
    return ops.sum(values, axis=0)


def _searchsorted_native(sequence: Any, values: Any, right: bool, out_int32: bool) -> Any:
    """Insertion positions of ``values`` in the (batched, last-dim) sorted ``sequence``, by
    torch's own binary search (so NaN and unsorted entries land where torch puts them):
    the first position whose element is ``>= value`` (``> value`` when ``right``)."""
    if ndim_of(sequence) > 1 and (
        ndim_of(values) == 0 or tuple(sequence.shape[:-1]) != tuple(values.shape[:-1])
    ):
        raise RuntimeError(
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
            "dimensions of boundaries tensor and input value tensor must match, but we got "
            f"boundaries tensor {list(sequence.shape)} and input value tensor "
            f"{list(values.shape)}"
        )
    n = sequence.shape[-1]
    start = ops.zeros(tuple(values.shape), dtype=core.int64)
    end = ops.full(tuple(values.shape), n, dtype=core.int64)
    two = scalar(2, core.int64)
    for _ in range(builtins.max(n, 1).bit_length() + 1):
        active = ops.less(start, end)
        mid = ops.floor_divide(ops.add(start, end), two)
        probe = ops.minimum(mid, scalar(builtins.max(n - 1, 0), core.int64))
        if n == 0:
            break
        if ndim_of(sequence) > 1:
            mid_value = ops.take_along_axis(sequence, probe, axis=-1)
        else:
            mid_value = ops.reshape(
                ops.take(sequence, ops.reshape(probe, (-1,)), axis=0), tuple(values.shape)
            )
        found = ops.greater(mid_value, values) if right else ops.greater_equal(mid_value, values)
        go_right = ops.logical_and(active, ops.logical_not(found))
        go_left = ops.logical_and(active, found)
        start = ops.where(go_right, ops.add(mid, scalar(1, core.int64)), start)
        end = ops.where(go_left, mid, end)
    return ops.astype(start, core.int32 if out_int32 else core.int64)


def _search_dtypes(name: str, sequence: Any, values: Any) -> tuple[Any, Any]:
    for x in (sequence, values):
        dtype = dtype_of(x)
        if dtype == core.bool or dtype in (core.uint16, core.uint32, core.uint64):
            raise NotImplementedError(
                f"\"searchsorted_out_cpu\" not implemented for '{torch_name(dtype)}'"
            )
        if dtype.kind == "c":
            raise RuntimeError("Sort does not support complex dtypes on CPU")
    (sequence, values), _ = functions.promote([sequence, values])
    return sequence, values


@torch_function()
def searchsorted(
    sorted_sequence: Tensor,
    input: Tensor | float,
    *,
    out_int32: bool = False,
    right: bool = False,
    side: str | None = None,
    out: Tensor | None = None,
    sorter: Tensor | None = None,
) -> Tensor:
    """Where ``input`` would be inserted in the innermost dim of ``sorted_sequence``
    (``side='right'``/``right=True``: after equal elements); int64 (int32 if asked)."""
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(
                f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}"
            )
        if right and side == "left":
            raise RuntimeError(
                "torch.searchsorted(): side and right can't be set to opposites, got side of "
                "left while right was True"
            )
        right = side == "right"
    scalar_input = isinstance(input, (builtins.int, builtins.float, builtins.bool))
    values = ops.asarray(input) if scalar_input else input
    if scalar_input:
        values = (
            ops.astype(values, dtype_of(sorted_sequence))
            if isinstance(input, builtins.int) and dtype_of(sorted_sequence).kind in "fiu"
            else values
        )
    if sorter is not None:
        sorted_sequence = ops.take_along_axis(sorted_sequence, sorter, axis=-1)
    sequence, values = _search_dtypes("searchsorted", sorted_sequence, values)
    return _searchsorted_native(sequence, values, right, out_int32)


@torch_function("input")
def bucketize(
    input: Tensor | float,
    boundaries: Tensor,
    *,
    out_int32: bool = False,
    right: bool = False,
    out: Tensor | None = None,
) -> Tensor:
    """The bucket of each element: ``boundaries[i-1] < x <= boundaries[i]`` (``right``:
    ``boundaries[i-1] <= x < boundaries[i]``); 1-D boundaries."""
    if ndim_of(boundaries) != 1:
        raise RuntimeError(
            f"boundaries tensor must be 1 dimension, but got dim({ndim_of(boundaries)})"
        )
    sequence, values = _search_dtypes("bucketize", boundaries, input)
    return _searchsorted_native(sequence, values, right, out_int32)


@unsupported_dtypes("bool", "integer", "complex")
@torch_function("input")
def histc(
    input: Tensor, bins: int = 100, min: float = 0, max: float = 0, *, out: Tensor | None = None
) -> Tensor:
    """A histogram of ``bins`` equal bins over [min, max] (the data's range when both are
    0); elements outside are ignored; same dtype as ``input``."""
    if bins <= 0:
        raise RuntimeError("torch.histc(): bins must be > 0, but got " + str(bins))
    dtype = dtype_of(input)
    x = ops.astype(ops.reshape(input, (-1,)), core.float64)
    low, high = float(min), float(max)
    if low == high and x.shape[0]:
        finite = ops.where(ops.isnan(x), scalar(0, core.float64), x)
        low, high = float(ops.min(finite)), float(ops.max(finite))
    if low == high:
        low, high = low - 1, high + 1
    if low > high:
        raise RuntimeError("torch.histc(): max must be larger than min")
    if math.isinf(low) or math.isinf(high):
        raise RuntimeError(f"torch.histc(): range of [{low}, {high}] is not finite")
    counts = _histogram_counts(x, None, bins, low, high)
    return ops.astype(counts, dtype)


def _histogram_counts(x: Any, weight: Any, bins: int, low: float, high: float) -> Any:
    """Counts (or weight sums) of a flat float64 ``x`` in ``bins`` bins over [low, high]."""
    position = ops.floor(
        ops.multiply(
            ops.subtract(x, scalar(low, core.float64)), scalar(bins / (high - low), core.float64)
        )
    )
    inside = ops.logical_and(
        ops.greater_equal(x, scalar(low, core.float64)),
        ops.less_equal(x, scalar(high, core.float64)),
    )
    index = ops.where(
        inside,
        ops.astype(
            ops.clip(position, scalar(0.0, core.float64), scalar(bins - 1.0, core.float64)),
            core.int64,
        ),
        scalar(-1, core.int64),
    )
    hits = ops.equal(
        ops.expand_dims(index, axis=1), ops.expand_dims(ops.arange(bins, dtype=core.int64), axis=0)
    )
    contribution = ops.astype(hits, core.float64)
    if weight is not None:
        contribution = ops.multiply(
            contribution, ops.expand_dims(ops.astype(weight, core.float64), axis=1)
        )
    return ops.sum(contribution, axis=0)


@unsupported_dtypes("bool", "integer", "complex", "float16", "bfloat16")
@torch_function("input")
def histogram(
    input: Tensor,
    bins: int | Tensor,
    *,
    range: tuple[float, float] | None = None,
    weight: Tensor | None = None,
    density: bool = False,
    out: Any = None,
) -> Any:
    """``return_types.histogram(hist, bin_edges)``: ``bins`` equal bins (over ``range`` or
    the data's range) or a 1-D tensor of bin edges."""
    dtype = dtype_of(input)
    x = ops.astype(ops.reshape(input, (-1,)), core.float64)
    flat_weight = None if weight is None else ops.reshape(weight, (-1,))
    if isinstance(bins, builtins.int):
        if range is not None:
            low, high = float(range[0]), float(range[1])
        elif x.shape[0]:
            low, high = float(ops.min(x)), float(ops.max(x))
        else:
            low, high = 0.0, 0.0
        if low == high:
            low, high = low - 0.5, high + 0.5
        counts = _histogram_counts(x, flat_weight, bins, low, high)
        edges = ops.linspace(low, high, bins + 1, dtype=core.float64)
    else:
        edges = ops.astype(ops.reshape(bins, (-1,)), core.float64)
        counts = _edge_counts(x, flat_weight, edges)
    if density:
        widths = ops.subtract(edges[1:], edges[:-1])
        counts = ops.divide(counts, ops.multiply(ops.sum(counts), widths))
    return _histogram_type(ops.astype(counts, dtype), ops.astype(edges, dtype))


def _edge_membership(x: Any, edges: Any) -> Any:
    """``(len(x), bins)``: 1.0 where ``x`` lies in the bin [e_i, e_i+1) (the last closed)."""
    n = edges.shape[0] - 1
    low, high = edges[:-1], edges[1:]
    column = ops.expand_dims(x, axis=1)
    last = ops.equal(ops.arange(n, dtype=core.int64), scalar(n - 1, core.int64))
    above_low = ops.greater_equal(column, ops.expand_dims(low, axis=0))
    below_high = ops.logical_or(
        ops.less(column, ops.expand_dims(high, axis=0)),
        ops.logical_and(
            ops.expand_dims(last, axis=0), ops.equal(column, ops.expand_dims(high, axis=0))
        ),
    )
    return ops.astype(ops.logical_and(above_low, below_high), core.float64)


def _edge_counts(x: Any, weight: Any, edges: Any) -> Any:
    """Counts (or weight sums) of ``x`` in the bins [e_i, e_i+1) (the last one closed)."""
    contribution = _edge_membership(x, edges)
    if weight is not None:
        contribution = ops.multiply(
            contribution, ops.expand_dims(ops.astype(weight, core.float64), axis=1)
        )
    return ops.sum(contribution, axis=0)


_histogramdd_type = return_types.make("histogramdd", ("hist", "bin_edges"))


@torch_function("input")
def histogramdd(
    input: Tensor,
    bins: int | Sequence[int] | Sequence[Tensor] = 10,
    range: Sequence[float] | None = None,
    weight: Tensor | None = None,
    density: bool = False,
) -> Any:
    """``return_types.histogramdd(hist, bin_edges)`` of the points ``input[..., D]``: the
    product of each dimension's bin membership (as :func:`histogram`), summed over points.
    The data's range is read to the host, as torch's."""
    dtype = dtype_of(input)
    dims = input.shape[-1]
    points = ops.astype(ops.reshape(input, (-1, dims)), core.float64)
    flat_weight = None if weight is None else ops.astype(ops.reshape(weight, (-1,)), core.float64)
    if isinstance(bins, builtins.int):
        bins = [bins] * dims
    if len(bins) != dims:
        raise RuntimeError(
            f"histogramdd: expected {dims} sequences of bin edges for each of the {dims} "
            f"dimensions of the input, but got {len(bins)}"
        )
    edges, joint = [], None
    for d, b in enumerate(bins):
        column = ops.get_item(points, (slice(None), d))
        if isinstance(b, builtins.int):
            if range is not None:
                low, high = float(range[2 * d]), float(range[2 * d + 1])
            elif column.shape[0]:
                low, high = float(ops.min(column)), float(ops.max(column))
            else:
                low, high = 0.0, 0.0
            if low == high:
                low, high = low - 0.5, high + 0.5
            edge = ops.linspace(low, high, b + 1, dtype=core.float64)
        else:
            edge = ops.astype(ops.reshape(b, (-1,)), core.float64)
        edges.append(edge)
        member = _edge_membership(column, edge)  # (N, bins_d)
        if joint is None:
            joint = member
        else:
            shape = (member.shape[0],) + (1,) * (ndim_of(joint) - 1) + (member.shape[1],)
            joint = ops.multiply(ops.expand_dims(joint, axis=-1), ops.reshape(member, shape))
    if flat_weight is not None:
        joint = ops.multiply(joint, ops.reshape(flat_weight, (-1,) + (1,) * (ndim_of(joint) - 1)))
    hist = ops.sum(joint, axis=0)
    if density:
        volume = None
        for d, edge in enumerate(edges):
            width = ops.subtract(edge[1:], edge[:-1])
            shape = [1] * dims
            shape[d] = -1
            width = ops.reshape(width, tuple(shape))
            volume = width if volume is None else ops.multiply(volume, width)
        hist = ops.divide(hist, ops.multiply(ops.sum(hist), volume))
    return _histogramdd_type(ops.astype(hist, dtype), tuple(ops.astype(e, dtype) for e in edges))


# ---------------------------------------------------------------------------------------
# combinatorics and grids
# ---------------------------------------------------------------------------------------
@torch_function()
def meshgrid(*tensors: Tensor, indexing: str | None = None) -> tuple[Tensor, ...]:
    """Coordinate grids of 1-D (or 0-d) tensors; ``indexing`` 'ij' (default) or 'xy'."""
    items = [ops.reshape(x, (-1,)) if ndim_of(x) == 0 else x for x in _tensors(tensors)]
    if not items:
        raise RuntimeError("torch.meshgrid: expects a non-empty TensorList")
    indexing = indexing or "ij"
    if indexing not in ("ij", "xy"):
        raise RuntimeError(
            f'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}'
        )
    for x in items:
        if ndim_of(x) != 1:
            raise RuntimeError(
                f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {x}"
            )
        if dtype_of(x) != dtype_of(items[0]):
            raise RuntimeError("torch.meshgrid: expects all tensors to have the same dtype")
    return tuple(ops.meshgrid(*items, indexing=indexing))


@torch_function()
def cartesian_prod(*tensors: Tensor) -> Tensor:
    """Every combination of the 1-D tensors' elements, as rows (a single tensor: itself)."""
    items = _tensors(tensors)
    if len(items) == 1:
        return items[0]
    (*promoted,), _ = functions.promote(items)
    grids = ops.meshgrid(*promoted, indexing="ij")
    return ops.stack([ops.reshape(g, (-1,)) for g in grids], axis=1)


@torch_function("input")
def combinations(input: Tensor, r: int = 2, with_replacement: bool = False) -> Tensor:
    """The length-``r`` combinations of a 1-D tensor's elements, as rows."""
    if ndim_of(input) != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if dtype_of(input) in (core.uint16, core.uint32, core.uint64):
        raise NotImplementedError(
            f"\"masked_select\" not implemented for '{torch_name(dtype_of(input))}'"
        )
    if r == 0:
        return ops.zeros((0,), dtype=dtype_of(input))
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    rows = list(pick(range(input.shape[0]), r))
    if not rows:
        return ops.zeros((0, r), dtype=dtype_of(input))
    index = ops.asarray(rows, dtype=core.int64)
    result = ops.take(input, ops.reshape(index, (-1,)), axis=0)
    return ops.reshape(result, (len(rows), r))


@torch_function("x")
def vander(x: Tensor, N: int | None = None, increasing: bool = False) -> Tensor:
    """Powers of a 1-D ``x``, decreasing unless ``increasing``; bool/integers give int64."""
    if ndim_of(x) != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    if dtype_of(x) in (core.uint16, core.uint32, core.uint64):
        raise RuntimeError(
            "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote "
            f"{torch_name(dtype_of(x))} and Long"
        )
    n = x.shape[0] if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    if n == 0:
        target = core.int64 if dtype_of(x).kind in "biu" else dtype_of(x)
        return ops.zeros((x.shape[0], 0), dtype=target)
    result = powers_native(x, n)
    return result if increasing else ops.flip(result, axis=-1)


# ---------------------------------------------------------------------------------------
# number theory and norms
# ---------------------------------------------------------------------------------------
def _gcd_native(a: Any, b: Any) -> Any:
    a, b = ops.abs(a), ops.abs(b)
    zero = scalar(0, dtype_of(a))
    while builtins.bool(ops.any(ops.not_equal(b, zero))):
        nonzero = ops.not_equal(b, zero)
        safe = ops.where(nonzero, b, scalar(1, dtype_of(b)))
        a, b = ops.where(nonzero, b, a), ops.where(nonzero, ops.remainder(a, safe), zero)
    return a


_GCD_UNSUPPORTED = ("bool", "float", "complex", *WIDE_UNSIGNED)


@unsupported_dtypes(*_GCD_UNSUPPORTED)
@torch_function("input", "other")
def gcd(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The elementwise greatest common divisor (non-negative); integers only."""
    a, b = ops.broadcast_arrays(input, other)
    return _gcd_native(a, b)


@unsupported_dtypes(*_GCD_UNSUPPORTED)
@torch_function("input", "other")
def lcm(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The elementwise least common multiple (non-negative); integers only."""
    a, b = ops.broadcast_arrays(input, other)
    divisor = _gcd_native(a, b)
    zero = scalar(0, dtype_of(a))
    safe = ops.where(ops.equal(divisor, zero), scalar(1, dtype_of(a)), divisor)
    result = ops.abs(ops.multiply(ops.floor_divide(a, safe), b))
    return ops.where(ops.equal(divisor, zero), zero, result)


@unsupported_dtypes("bool", "integer")
@torch_function("input")
def renorm(
    input: Tensor, p: float, dim: int, maxnorm: float, *, out: Tensor | None = None
) -> Tensor:
    """Each slice along ``dim`` whose ``p``-norm exceeds ``maxnorm`` scaled down to it."""
    axis = normalize_dim(dim, ndim_of(input))
    if p <= 0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {maxnorm}")
    others = tuple(d for d in range(ndim_of(input)) if d != axis)
    norms = (
        vector_norm_native(input, p, others, True)
        if others
        else vector_norm_native(input, p, None, True)
    )
    if not others:
        norms = ops.abs(input)
    real = dtype_of(norms)
    work = core.float32 if real in HALF_FLOATS else real
    norms = ops.astype(norms, work)
    factor = ops.where(
        ops.greater(norms, scalar(maxnorm, work)),
        ops.divide(scalar(maxnorm, work), ops.add(norms, scalar(1e-7, work))),
        scalar(1.0, work),
    )
    x = ops.astype(input, core.float32) if dtype_of(input) in HALF_FLOATS else input
    return ops.astype(ops.multiply(x, ops.astype(factor, dtype_of(x))), dtype_of(input))


@torch_function()
def block_diag(*tensors: Tensor) -> Tensor:
    """A block-diagonal matrix of the (0-, 1- or 2-D) tensors, promoted to one dtype."""
    items = _tensors(tensors)
    if not items:
        return ops.zeros((1, 0), dtype=default_float())
    blocks = []
    for index, x in enumerate(items):
        if ndim_of(x) > 2:
            raise RuntimeError(
                f"torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {index} has {ndim_of(x)} dimensions"
            )
        blocks.append(ops.reshape(x, (1, -1)) if ndim_of(x) < 2 else x)
    promoted, dtype = (
        functions.promote(blocks) if len(blocks) > 1 else (blocks, dtype_of(blocks[0]))
    )
    total_cols = builtins.sum(b.shape[1] for b in promoted)
    rows = []
    before = 0
    for block in promoted:
        cols = block.shape[1]
        parts = []
        if before:
            parts.append(ops.zeros((block.shape[0], before), dtype=dtype))
        parts.append(block)
        after = total_cols - before - cols
        if after:
            parts.append(ops.zeros((block.shape[0], after), dtype=dtype))
        rows.append(ops.concat(parts, axis=1) if len(parts) > 1 else block)
        before += cols
    return ops.concat(rows, axis=0)


# ---------------------------------------------------------------------------------------
# complex views
# ---------------------------------------------------------------------------------------
def _as_real_native(value: Any) -> Any:
    return ops.stack([ops.real(value), ops.imag(value)], axis=-1)


def _as_complex_native(value: Any) -> Any:
    dtype = core.complex128 if dtype_of(value) == core.float64 else core.complex64
    real = ops.take(value, _int_index([0]), axis=-1)
    imag = ops.take(value, _int_index([1]), axis=-1)
    result = ops.add(
        ops.astype(real, dtype), ops.multiply(ops.astype(imag, dtype), scalar(1j, dtype))
    )
    return ops.squeeze(result, axis=-1)


def view_as_real(input: Tensor) -> Tensor:
    """A float view (last dim 2: real, imaginary) of a complex tensor."""
    if not input.dtype.is_complex:
        raise RuntimeError("view_as_real is only supported for complex tensors")
    return input._make_view(_as_real_native, lambda old, new: _as_complex_native(new))


def view_as_complex(input: Tensor) -> Tensor:
    """A complex view of a float32/float64 tensor whose last dim has size 2."""
    dtype = input.dtype.core_dtype
    if dtype not in (core.float16, core.float32, core.float64):
        raise RuntimeError(
            "view_as_complex is only supported for float and double tensors, but got a tensor "
            f"of scalar type: {torch_name(dtype)}"
        )
    if dtype == core.float16:
        raise TypeError(
            "view_as_complex of float16 gives complex32 (torch.chalf) in torch, a dtype this "
            "frontend does not have; cast to float32 first"
        )
    if input.ndim == 0 or input.shape[-1] != 2:
        raise RuntimeError("Tensor must have a last dimension of size 2")
    return input._make_view(
        _as_complex_native, lambda old, new: ops.astype(_as_real_native(new), dtype)
    )


# ---------------------------------------------------------------------------------------
# ravel, trapezoid rule, sum_to_size
# ---------------------------------------------------------------------------------------
@torch_function("input")
def ravel(input: Tensor) -> Tensor:
    """The elements in row-major order, 1-D."""
    return ops.reshape(input, (-1,))


def _trapezoid_parts(name: str, y: Any, x: Any, dx: Any, dim: int) -> tuple[Any, Any, int]:
    """``(spacing, y[1:] + y[:-1], axis)`` in floating point, as torch's trapezoid."""
    if dtype_of(y) == core.bool:
        raise RuntimeError(f"{name}: received a bool input for `y`, but bool is not supported")
    axis = normalize_dim(dim, ndim_of(y))
    length = y.shape[axis]
    take = lambda v, start, stop: ops.take(  # noqa: E731
        v, ops.arange(start, stop, dtype=core.int64), axis=axis
    )
    if x is not None and not isinstance(x, (builtins.int, builtins.float)):
        if dtype_of(x) == core.bool:
            raise RuntimeError(f"{name}: received a bool input for `x`, but bool is not supported")
        dtype = functions.result_dtype([y, x])
        dtype = dtype if dtype.kind in "fc" else default_float()
        y, x = ops.astype(y, dtype), ops.astype(x, dtype)
        if ndim_of(x) == 1:
            if x.shape[0] != length:
                raise RuntimeError(f"{name}: There must be one `x` value for each sample point")
            shape = [1] * ndim_of(y)
            shape[axis] = length
            x = ops.reshape(x, tuple(shape))
            x_axis = axis
        else:
            x_axis = normalize_dim(dim, ndim_of(x))
        n = x.shape[x_axis]
        spacing = ops.subtract(
            ops.take(x, ops.arange(1, n, dtype=core.int64), axis=x_axis),
            ops.take(x, ops.arange(0, n - 1, dtype=core.int64), axis=x_axis),
        )
    else:
        step = 1 if dx is None else dx
        if x is not None:
            step = x
        dtype = dtype_of(y) if dtype_of(y).kind in "fc" else default_float()
        y = ops.astype(y, dtype)
        spacing = scalar(step, dtype)
    if length == 0:
        return spacing, y, axis
    return spacing, ops.add(take(y, 1, length), take(y, 0, length - 1)), axis


@torch_function("y")
def trapezoid(y: Tensor, x: Any = None, *, dx: Any = None, dim: int = -1) -> Tensor:
    """The trapezoid rule along ``dim``; integer ``y`` computes in the default dtype."""
    spacing, pairs, axis = _trapezoid_parts("trapezoid", y, x, dx, dim)
    if y.shape[axis] == 0:
        return ops.sum(pairs, axis=axis)
    half = scalar(0.5, dtype_of(pairs))
    return ops.multiply(ops.sum(ops.multiply(spacing, pairs), axis=axis), half)


@keyword_aliases(axis="dim")
def trapz(y: Tensor, x: Any = None, *, dx: Any = None, dim: int = -1) -> Tensor:
    """torch.trapz: ``trapezoid``."""
    return trapezoid(y, x, dx=dx, dim=dim)


@torch_function("y")
def cumulative_trapezoid(y: Tensor, x: Any = None, *, dx: Any = None, dim: int = -1) -> Tensor:
    """The running trapezoid rule along ``dim`` (one element fewer than ``y``)."""
    spacing, pairs, axis = _trapezoid_parts("cumulative_trapezoid", y, x, dx, dim)
    if y.shape[axis] == 0:
        return pairs
    half = scalar(0.5, dtype_of(pairs))
    return ops.multiply(ops.cumulative_sum(ops.multiply(spacing, pairs), axis=axis), half)


def _sum_to_size(self: Tensor, *sizes: Any, size: Any = None) -> Tensor:
    """Tensor.sum_to_size: summed over the dimensions ``size`` broadcasts."""
    size = _views.varargs_or_keyword(sizes, "size", size, "sum_to_size")
    if len(size) == 1 and isinstance(size[0], (tuple, list, Size)):
        size = tuple(size[0])
    shape = tuple(self.shape)
    lead = len(shape) - len(size)
    if lead < 0 or any(s not in (1, n) for s, n in zip(size, shape[lead:])):
        raise RuntimeError(
            f"size {{{', '.join(map(str, size))}}} is not expandable to size "
            f"{{{', '.join(map(str, shape))}}}."
        )
    value = self.native
    if lead:
        value = ops.sum(value, axis=tuple(range(lead)))
    axes = tuple(i for i, (s, n) in enumerate(zip(size, shape[lead:])) if s == 1 and n != 1)
    if axes:
        value = ops.sum(value, axis=axes, keepdims=True)
    return Tensor._from_native(value)


Tensor.sum_to_size = _sum_to_size

__all__ += ["cumulative_trapezoid", "ravel", "trapezoid", "trapz"]


@keyword_aliases(axis="dim")
def gradient(
    input: Tensor, *, spacing: Any = 1, dim: Any = None, edge_order: int = 1
) -> tuple[Tensor, ...]:
    """torch.gradient: central differences inside, one-sided ones (of ``edge_order`` 1 or
    2) at the ends, along each of ``dim``; ``spacing`` a number, numbers per dim, or
    coordinate tensors per dim (non-uniform grids, numpy's second-order formula)."""
    T = sys.modules["frontends.torch"]
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    dims = (
        list(range(input.dim()))
        if dim is None
        else ([dim] if isinstance(dim, builtins.int) else list(dim))
    )
    dims = [normalize_dim(d, input.dim()) for d in dims]
    if spacing is None:
        spacing = 1
    if isinstance(spacing, (builtins.int, builtins.float)) or (
        isinstance(spacing, Tensor) and spacing.dim() == 0
    ):
        spacing = [spacing] * len(dims)
    spacing = list(spacing)
    if len(spacing) == 1 and len(dims) > 1:
        spacing = spacing * len(dims)
    if len(spacing) != len(dims):
        raise RuntimeError(
            f"torch.gradient expected spacing to be unspecified, a scalar or it's spacing and "
            f"dim arguments to have the same length, but got a spacing argument of length "
            f"{len(spacing)} and a dim argument of length {len(dims)}."
        )
    x = (
        input
        if input.dtype.is_floating_point or input.dtype.is_complex
        else input.to(T.get_default_dtype())
    )
    results = []
    for d, step in zip(dims, spacing):
        n = x.shape[d]
        if n < edge_order + 1:
            raise RuntimeError(
                "torch.gradient expected each dimension size to be at least edge_order+1"
            )

        def part(start: int, stop: int, d: int = d) -> Tensor:
            return x.narrow(d, start, stop - start)

        if isinstance(step, Tensor) and step.dim() == 1:
            coords = step.to(x.dtype)
            shape = [1] * x.dim()
            shape[d] = -1
            dx1 = (coords[1:-1] - coords[:-2]).reshape(shape)
            dx2 = (coords[2:] - coords[1:-1]).reshape(shape)
            a = -dx2 / (dx1 * (dx1 + dx2))
            b = (dx2 - dx1) / (dx1 * dx2)
            c = dx1 / (dx2 * (dx1 + dx2))
            inner = a * part(0, n - 2) + b * part(1, n - 1) + c * part(2, n)
            first_h = coords[1] - coords[0]
            last_h = coords[-1] - coords[-2]
            if edge_order == 1:
                first = (part(1, 2) - part(0, 1)) / first_h
                last = (part(n - 1, n) - part(n - 2, n - 1)) / last_h
            else:
                h1, h2 = coords[1] - coords[0], coords[2] - coords[1]
                a0 = -(2 * h1 + h2) / (h1 * (h1 + h2))
                b0 = (h1 + h2) / (h1 * h2)
                c0 = -h1 / (h2 * (h1 + h2))
                first = a0 * part(0, 1) + b0 * part(1, 2) + c0 * part(2, 3)
                g1, g2 = coords[-2] - coords[-3], coords[-1] - coords[-2]
                a1 = g2 / (g1 * (g1 + g2))
                b1 = -(g2 + g1) / (g1 * g2)
                c1 = (2 * g2 + g1) / (g2 * (g1 + g2))
                last = a1 * part(n - 3, n - 2) + b1 * part(n - 2, n - 1) + c1 * part(n - 1, n)
        else:
            h = step.item() if isinstance(step, Tensor) else step
            inner = (part(2, n) - part(0, n - 2)) / (2 * h)
            if edge_order == 1:
                first = (part(1, 2) - part(0, 1)) / h
                last = (part(n - 1, n) - part(n - 2, n - 1)) / h
            else:
                first = (-1.5 * part(0, 1) + 2 * part(1, 2) - 0.5 * part(2, 3)) / h
                last = (
                    0.5 * part(n - 3, n - 2) - 2 * part(n - 2, n - 1) + 1.5 * part(n - 1, n)
                ) / h
        results.append(T.cat([first, inner, last], dim=d))
    return tuple(results)


__all__ += ["gradient"]
