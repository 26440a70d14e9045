"""torch's indexing, slicing, joining and mutating ops.

The ops torch implements as views (``reshape`` of a viewable tensor, ``transpose``,
``permute``, ``narrow``, ``select``, ``squeeze``, ``unsqueeze``, ``flatten``, ``unflatten``,
``movedim``, ``t``, ``split``/``chunk``/``tensor_split``/``unbind``, ...) return views here
too: writes through them reach their base and the base's writes reach them, on every
backend (:mod:`frontends.torch._views`). The others return new tensors; none mutates its
input except the in-place ``name_`` methods (from :data:`INPLACE_NAMES`).
"""

# torch's parameter names (input, range, complex ...) shadow builtins on purpose

from __future__ import annotations

import builtins
import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import native_function, to_native
from frontends.torch import _dtype, _views
from frontends.torch._compile import is_compiling
from frontends.torch._frontend import (
    fast,
    keyword_aliases,
    maps_errors,
    torch_function,
    writes_out,
)
from frontends.torch._tensor import INPLACE_NAMES, Tensor, write_into

__all__ = [
    "adjoint",
    "argwhere",
    "cat",
    "chunk",
    "column_stack",
    "concat",
    "concatenate",
    "conj",
    "dsplit",
    "dstack",
    "flatten",
    "gather",
    "hsplit",
    "hstack",
    "index_add",
    "index_copy",
    "index_fill",
    "index_put",
    "index_reduce",
    "index_select",
    "masked_fill",
    "masked_scatter",
    "masked_select",
    "moveaxis",
    "movedim",
    "narrow",
    "narrow_copy",
    "nonzero",
    "permute",
    "put",
    "reshape",
    "row_stack",
    "scatter",
    "scatter_add",
    "scatter_reduce",
    "select",
    "select_scatter",
    "slice_scatter",
    "split",
    "squeeze",
    "stack",
    "swapaxes",
    "swapdims",
    "t",
    "take",
    "take_along_dim",
    "tensor_split",
    "tile",
    "transpose",
    "unbind",
    "unflatten",
    "unravel_index",
    "unsqueeze",
    "vsplit",
    "vstack",
    "where",
]

INPLACE_NAMES.update(
    {
        "index_add",
        "index_copy",
        "index_fill",
        "index_put",
        "index_reduce",
        "masked_fill",
        "masked_scatter",
        "put",
        "scatter",
        "scatter_add",
        "scatter_reduce",
    }
)


def _tensor(value: Any) -> Tensor:
    if isinstance(value, Tensor):
        return value
    raise TypeError(f"expected Tensor as argument, but got {type(value).__name__}")


def _dtype_of(value: Any) -> core.Dtype:
    return core.as_core_dtype(value.dtype)


def _shape(value: Any) -> tuple[int, ...]:
    return tuple(int(e) for e in value.shape)


# ---------------------------------------------------------------------------------------
# views
# ---------------------------------------------------------------------------------------
def reshape(input: Tensor, shape: Sequence[int]) -> Tensor:
    """A view when the strides allow it (torch's rule), otherwise a copy."""
    return _views.reshape(_tensor(input), _views.shape_args((shape,), "shape"))


def permute(input: Tensor, dims: Sequence[int]) -> Tensor:
    return _views.permute(_tensor(input), _views.shape_args((dims,), "dims"))


def transpose(input: Tensor, dim0: int, dim1: int) -> Tensor:
    return _views.transpose(_tensor(input), dim0, dim1)


def swapaxes(input: Tensor, axis0: int, axis1: int) -> Tensor:
    return _views.transpose(_tensor(input), axis0, axis1)


def swapdims(input: Tensor, dim0: int, dim1: int) -> Tensor:
    return _views.transpose(_tensor(input), dim0, dim1)


def t(input: Tensor) -> Tensor:
    input = _tensor(input)
    if input.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {input.ndim}D")
    if input.ndim < 2:
        return _views.permute(input, tuple(range(input.ndim)))
    return _views.transpose(input, 0, 1)


def adjoint(input: Tensor) -> Tensor:
    """The conjugate transpose of the last two dimensions: a view for real tensors; for
    complex ones a copy (torch's lazy conjugation has no counterpart here)."""
    input = _tensor(input)
    if input.ndim < 2:
        raise RuntimeError(
            "tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor."
        )
    view = _views.transpose(input, -2, -1)
    if input.dtype.is_complex:
        return Tensor._from_native(ops.conj(view.native))
    return view


def conj(input: Tensor) -> Tensor:
    """``input`` itself (a view) for real tensors; for complex ones a conjugated copy
    (torch's lazy conjugate bit has no counterpart here, so writes do not reach the
    base)."""
    input = _tensor(input)
    if input.dtype.is_complex:
        return Tensor._from_native(ops.conj(input.native))
    return _views.permute(input, tuple(builtins.range(input.ndim)))


def movedim(input: Tensor, source: int | Sequence[int], destination: int | Sequence[int]) -> Tensor:
    input = _tensor(input)
    ndim = input.ndim
    source = (source,) if isinstance(source, builtins.int) else tuple(source)
    destination = (destination,) if isinstance(destination, builtins.int) else tuple(destination)
    if len(source) != len(destination):
        raise RuntimeError(
            "movedim: Invalid source or destination dims: source "
            f"({list(source)} dims) should contain the same number of dims as destination "
            f"({list(destination)} dims)"
        )
    source = tuple(_views.normalize_dim(d, ndim) for d in source)
    destination = tuple(_views.normalize_dim(d, ndim) for d in destination)
    if not ndim:
        return _views.permute(input, ())
    if len(set(source)) != len(source):
        raise RuntimeError(f"movedim: repeated dim in `source` ({list(source)})")
    if len(set(destination)) != len(destination):
        raise RuntimeError(f"movedim: repeated dim in `destination` ({list(destination)})")
    order = [d for d in range(ndim) if d not in source]
    dims = [0] * ndim
    for src, dst in zip(source, destination):
        dims[dst] = src
    rest = iter(order)
    taken = set(destination)
    for position in range(ndim):
        if position not in taken:
            dims[position] = next(rest)
    return _views.permute(input, dims)


def moveaxis(
    input: Tensor, source: int | Sequence[int], destination: int | Sequence[int]
) -> Tensor:
    return movedim(input, source, destination)


def narrow(input: Tensor, dim: int, start: Any, length: int) -> Tensor:
    input = _tensor(input)
    if input.ndim == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    dim = _views.normalize_dim(dim, input.ndim)
    size = input.shape[dim]
    start, length = _views._as_int(start), _views._as_int(length)
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if not -size <= start <= size:
        raise IndexError(
            f"start out of range (expected to be in range of [{-size}, {size}], but got {start})"
        )
    if start < 0:
        start += size
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return _views.slice_view(input, dim, start, start + length)


@writes_out
def narrow_copy(input: Tensor, dim: int, start: int, length: int) -> Tensor:
    return narrow(input, dim, start, length).clone()


def select(input: Tensor, dim: int, index: int) -> Tensor:
    return _views.select(_tensor(input), dim, index)


def squeeze(input: Tensor, dim: int | Sequence[int] | None = None) -> Tensor:
    dims = None if dim is None else ((dim,) if not isinstance(dim, Sequence) else tuple(dim))
    return _views.squeeze(_tensor(input), dims)


def unsqueeze(input: Tensor, dim: int) -> Tensor:
    return _views.unsqueeze(_tensor(input), dim)


def flatten(input: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """A view where the strides allow it (as torch's ``reshape``), otherwise a copy."""
    input = _tensor(input)
    shape = tuple(input.native.shape)
    ndim = len(shape)
    if ndim == 0:
        return _views.reshape(input, (1,))
    start = _views.normalize_dim(start_dim, ndim)
    end = _views.normalize_dim(end_dim, ndim)
    if start > end:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if start == end:
        return input
    return _views.reshape(
        input, shape[:start] + (math.prod(shape[start : end + 1]),) + shape[end + 1 :]
    )


def unflatten(input: Tensor, dim: int, sizes: Sequence[int]) -> Tensor:
    input = _tensor(input)
    dim = _views.normalize_dim(dim, input.ndim)
    shape = tuple(input.shape)
    sizes = tuple(_views._as_int(s) for s in sizes)
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    try:
        inner = _views.infer_size(sizes, shape[dim])
    except RuntimeError:
        raise RuntimeError(
            f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size of dim "
            f"{dim} ({shape[dim]}) in the input tensor"
        ) from None
    return _views.reshape(input, shape[:dim] + inner + shape[dim + 1 :])


@keyword_aliases(axis="dim")
def unbind(input: Tensor, dim: int = 0) -> tuple[Tensor, ...]:
    """Views, one per index along ``dim``."""
    input = _tensor(input)
    dim = _views.normalize_dim(dim, input.ndim)
    return tuple(_views.select(input, dim, i) for i in range(input.shape[dim]))


def _split_at(input: Tensor, dim: int, bounds: Sequence[int]) -> tuple[Tensor, ...]:
    """Views of ``input`` between consecutive ``bounds`` along ``dim``. Where the pieces
    cover it in order (split, chunk), their values come from one ``core.split`` call, so a
    tracked input's pieces are one node whose cotangent is one concatenation (torch's
    split backward), not a zero-padded copy per piece."""
    size = input.shape[dim]
    ranges = []
    for start, stop in itertools.pairwise(bounds):
        start = builtins.min(start, size)
        ranges.append((start, builtins.min(builtins.max(stop, start), size)))
    if (
        len(ranges) < 2
        or ranges[0][0] != 0
        or ranges[-1][1] != size
        or any(stop != start for (_, stop), (start, _) in itertools.pairwise(ranges))
    ):
        return tuple(_views.slice_view(input, dim, start, stop) for start, stop in ranges)
    native = input.native
    cuts = [start for start, _ in ranges[1:]]
    values = native_function("split", native)(native, cuts, axis=dim)
    strides = tuple(input._strides())
    lead = (slice(None),) * dim
    return tuple(
        input._step_view(_views._step_of((*lead, slice(start, stop))), strides, value)
        for (start, stop), value in zip(ranges, values)
    )


def split(
    tensor: Tensor, split_size_or_sections: int | Sequence[int], dim: int = 0
) -> tuple[Tensor, ...]:
    """Views of ``split_size`` (the last one smaller) or of the given sizes."""
    tensor = _tensor(tensor)
    dim = _views.normalize_dim(dim, tensor.ndim)
    size = tensor.shape[dim]
    if isinstance(split_size_or_sections, Sequence):
        sizes = [_views._as_int(s) for s in split_size_or_sections]
        if sum(sizes) != size or any(s < 0 for s in sizes):
            raise RuntimeError(
                f"split_with_sizes expects split_sizes to sum exactly to {size} (input tensor's "
                f"size at dimension {dim}), but got split_sizes={sizes}"
            )
        return _split_at(tensor, dim, numpy.cumsum([0, *sizes]).tolist())
    split_size = _views._as_int(split_size_or_sections)
    if split_size < 0 or (split_size == 0 and size != 0):
        raise RuntimeError(
            f"split_size can only be 0 if dimension size is 0, but got dimension size of {size}"
        )
    if split_size == 0:
        return (_views.slice_view(tensor, dim, 0, 0),)
    count = builtins.max(math.ceil(size / split_size), 1)
    return _split_at(tensor, dim, [i * split_size for i in builtins.range(count + 1)])


@keyword_aliases(axis="dim")
def chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
    input = _tensor(input)
    chunks = _views._as_int(chunks)
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0, got: " + str(chunks))
    dim = _views.normalize_dim(dim, input.ndim)
    size = input.shape[dim]
    split_size = math.ceil(size / chunks) if size else 0
    if split_size == 0 and size == 0:
        return tuple(_views.slice_view(input, dim, 0, 0) for _ in builtins.range(chunks))
    return split(input, split_size, dim)


@keyword_aliases(
    sections="indices_or_sections",
    indices="indices_or_sections",
    tensor_indices_or_sections="indices_or_sections",
    axis="dim",
)
def tensor_split(input: Tensor, indices_or_sections: Any, dim: int = 0) -> tuple[Tensor, ...]:
    """Views, numpy's ``array_split`` rule: ``n`` sections or split points."""
    input = _tensor(input)
    if input.ndim == 0:
        raise RuntimeError(
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims"
        )
    dim = _views.normalize_dim(dim, input.ndim)
    size = input.shape[dim]
    if isinstance(indices_or_sections, Tensor):
        if indices_or_sections.ndim == 0:
            indices_or_sections = indices_or_sections.item()
        else:
            indices_or_sections = indices_or_sections.tolist()
    if isinstance(indices_or_sections, Sequence):
        points = [_views._as_int(i) for i in indices_or_sections]
        points = [p + size if p < 0 else p for p in points]
        return _split_at(input, dim, [0, *points, size])
    sections = _views._as_int(indices_or_sections)
    if sections <= 0:
        raise RuntimeError(f"number of sections must be larger than 0, got {sections}")
    base, extra = divmod(size, sections)
    sizes = [base + 1] * extra + [base] * (sections - extra)
    return _split_at(input, dim, numpy.cumsum([0, *sizes]).tolist())


def _directional_split(name: str, input: Tensor, sections: Any, dim: int, min_dims: int) -> tuple:
    input = _tensor(input)
    if input.ndim < min_dims:
        raise RuntimeError(
            f"torch.{name} requires a tensor with at least {min_dims} dimension, but got a "
            f"tensor with {input.ndim} dimensions!"
        )
    if isinstance(sections, builtins.int):
        size = input.shape[dim]
        if sections == 0 or size % sections:
            raise RuntimeError(
                f"torch.{name} attempted to split along dimension {dim}, but the size of the "
                f"dimension {size} is not divisible by the split_size {sections}!"
            )
    return tensor_split(input, sections, dim)


@keyword_aliases(sections="indices_or_sections", indices="indices_or_sections")
def hsplit(input: Tensor, indices_or_sections: Any) -> tuple[Tensor, ...]:
    input = _tensor(input)
    return _directional_split("hsplit", input, indices_or_sections, 1 if input.ndim > 1 else 0, 1)


@keyword_aliases(sections="indices_or_sections", indices="indices_or_sections")
def vsplit(input: Tensor, indices_or_sections: Any) -> tuple[Tensor, ...]:
    return _directional_split("vsplit", input, indices_or_sections, 0, 2)


@keyword_aliases(sections="indices_or_sections", indices="indices_or_sections")
def dsplit(input: Tensor, indices_or_sections: Any) -> tuple[Tensor, ...]:
    return _directional_split("dsplit", input, indices_or_sections, 2, 3)


# ---------------------------------------------------------------------------------------
# joining
# ---------------------------------------------------------------------------------------
def _common(values: Sequence[Any], name: str) -> list[Any]:
    """``values`` cast to their torch result dtype (all as dimensioned tensors)."""
    if not len(values):
        raise ValueError(f"torch.{name}(): expected a non-empty list of Tensors")
    for value in values:
        if isinstance(value, builtins.bool | builtins.int | builtins.float | builtins.complex):
            raise TypeError(
                f"{name}(): argument 'tensors' must be tuple of Tensors, but found element of "
                f"type {type(value).__name__}"
            )
    dtypes = tuple(_dtype_of(v) for v in values)
    dtype = _dtype.RULES.result_dtype((dtypes,), ())
    return [v if _dtype_of(v) == dtype else ops.astype(v, dtype) for v in values]


@torch_function()
def cat(tensors: Sequence[Tensor], dim: int = 0, *, out: Tensor | None = None) -> Tensor:
    """Promotes with torch's rules; 1-D empty tensors are skipped, as torch skips them
    (they still take part in the dtype)."""
    if hasattr(tensors, "shape"):
        raise TypeError(
            "cat() received an invalid combination of arguments - got (Tensor), but "
            "expected one of: (tuple of Tensors tensors, int dim, *, Tensor out)"
        )
    values = _common(list(tensors), "cat")
    for position, value in enumerate(values):
        if not len(value.shape):
            raise RuntimeError(
                f"zero-dimensional tensor (at position {position}) cannot be concatenated"
            )
    kept = [(i, v) for i, v in enumerate(values) if _shape(v) != (0,)]
    if not kept:
        return values[0]
    ndim = len(kept[0][1].shape)
    axis = _views.normalize_dim(dim, ndim)
    reference = _shape(kept[0][1])
    for position, value in kept:
        shape = _shape(value)
        if len(shape) != ndim:
            raise RuntimeError(
                f"Tensors must have same number of dimensions: got {ndim} and {len(shape)}"
            )
        for d in builtins.range(ndim):
            if d != axis and shape[d] != reference[d]:
                raise RuntimeError(
                    f"Sizes of tensors must match except in dimension {axis}. Expected size "
                    f"{reference[d]} but got size {shape[d]} for tensor number {position} in "
                    "the list."
                )
    if len(kept) == 1:
        return ops.astype(kept[0][1], _dtype_of(kept[0][1]), copy=True)
    return ops.concat([v for _, v in kept], axis=axis)


@torch_function()
def concat(tensors: Sequence[Tensor], dim: int = 0, *, out: Tensor | None = None) -> Tensor:
    return cat(tensors, dim).native


@torch_function()
def concatenate(tensors: Sequence[Tensor], dim: int = 0, *, out: Tensor | None = None) -> Tensor:
    return cat(tensors, dim).native


@torch_function()
def stack(tensors: Sequence[Tensor], dim: int = 0, *, out: Tensor | None = None) -> Tensor:
    values = _common(list(tensors), "stack")
    shape = _shape(values[0])
    for position, value in enumerate(values):
        if _shape(value) != shape:
            raise RuntimeError(
                f"stack expects each tensor to be equal size, but got {list(shape)} at entry 0 "
                f"and {list(_shape(value))} at entry {position}"
            )
    axis = _views.normalize_dim(dim, len(shape) + 1)
    return ops.stack(values, axis=axis)


def _at_least(values: Sequence[Any], ndim: int) -> list[Any]:
    result = []
    for value in values:
        shape = _shape(value)
        if len(shape) < ndim:
            if ndim == 3 and len(shape) == 2:
                shape = (*shape, 1)
            elif ndim == 3 and len(shape) == 1:
                shape = (1, shape[0], 1)
            else:
                shape = (1,) * (ndim - len(shape)) + shape
            value = ops.reshape(value, shape)
        result.append(value)
    return result


@torch_function()
def hstack(tensors: Sequence[Tensor], *, out: Tensor | None = None) -> Tensor:
    values = _at_least(_common(list(tensors), "hstack"), 1)
    return cat(values, 0 if len(values[0].shape) == 1 else 1).native


@torch_function()
def vstack(tensors: Sequence[Tensor], *, out: Tensor | None = None) -> Tensor:
    return cat(_at_least(_common(list(tensors), "vstack"), 2), 0).native


@torch_function()
def row_stack(tensors: Sequence[Tensor], *, out: Tensor | None = None) -> Tensor:
    return vstack(tensors).native


@torch_function()
def dstack(tensors: Sequence[Tensor], *, out: Tensor | None = None) -> Tensor:
    return cat(_at_least(_common(list(tensors), "dstack"), 3), 2).native


@torch_function()
def column_stack(tensors: Sequence[Tensor], *, out: Tensor | None = None) -> Tensor:
    values = [
        ops.reshape(v, (math.prod(_shape(v)), 1)) if len(v.shape) <= 1 else v
        for v in _common(list(tensors), "column_stack")
    ]
    return cat(values, 1).native


@torch_function()
def tile(input: Tensor, dims: Sequence[int]) -> Tensor:
    dims = _views.shape_args((dims,), "dims")
    shape = _shape(input)
    if len(dims) < len(shape):
        dims = (1,) * (len(shape) - len(dims)) + dims
    elif len(dims) > len(shape):
        input = ops.reshape(input, (1,) * (len(dims) - len(shape)) + shape)
    return ops.tile(input, dims)


# ---------------------------------------------------------------------------------------
# gather / scatter / index_*
# ---------------------------------------------------------------------------------------
def _check_index(index: Any, name: str) -> Any:
    if _dtype_of(index) not in ("int64", "int32") and math.prod(_shape(index)):
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index")
    return index


def _wrap_negative(index: Any, size: int) -> Any:
    return ops.where(
        ops.less(index, ops.asarray(0, dtype=_dtype_of(index))),
        ops.add(index, ops.asarray(size, dtype=_dtype_of(index))),
        index,
    )


_OUT_OF_BOUNDS = "index {i} is out of bounds for dimension {dim} with size {size}"
# per op: the error torch raises for an out-of-range index, and whether negative indices
# count from the end
_RANGE_ERRORS = {
    "gather": (RuntimeError, _OUT_OF_BOUNDS, False),
    "scatter": (RuntimeError, _OUT_OF_BOUNDS, False),
    "index_add": (RuntimeError, _OUT_OF_BOUNDS, False),
    "index_select": (
        RuntimeError,
        "INDICES element is out of DATA bounds, id={i} axis_dim={size}",
        False,
    ),
    "index_copy": (IndexError, "index_copy_(): " + _OUT_OF_BOUNDS, False),
    "index_fill": (IndexError, _OUT_OF_BOUNDS, True),
    "index_reduce": (IndexError, "index out of range in self", False),
    "self": (IndexError, "index out of range in self", False),
    "take": (
        IndexError,
        "out of range: tried to access index {i} on a tensor of {size} elements.",
        True,
    ),
    "take_along_dim": (IndexError, _OUT_OF_BOUNDS, True),
}


def _check_range(index: Any, size: int, name: str, dim: int = 0) -> None:
    """torch's error (per op) for an index out of ``[0, size)`` (``[-size, size)`` where
    the op counts negative indices from the end). Skipped under torch.compile's trace,
    where torch checks on the device and the index has no host value."""
    if math.prod(_shape(index)) == 0 or is_compiling():
        return
    kind, message, negative = _RANGE_ERRORS[name]
    host = numpy.asarray(core.Array(index).to_numpy())
    bad = host[(host < (-size if negative else 0)) | (host >= size)]
    if bad.size:
        raise kind(message.format(i=int(bad.flat[0]), dim=dim, size=size))


@torch_function()
def gather(
    input: Tensor, dim: int, index: Tensor, *, sparse_grad: bool = False, out: Tensor | None = None
) -> Tensor:
    _check_index(index, "gather")
    if _dtype_of(index) not in ("int64", "int32"):  # an empty index of another dtype
        index = ops.astype(index, core.int64)
    ndim = builtins.max(len(input.shape), 1)
    if builtins.max(len(index.shape), 1) != ndim:
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    dim = _views.normalize_dim(dim, len(input.shape))
    if not len(input.shape):
        input = ops.reshape(input, (1,))
        return ops.reshape(ops.gather(input, 0, ops.reshape(index, (-1,))), _shape(index))
    size = _shape(input)[dim]
    _check_range(index, size, "gather", dim)
    for d, (i, s) in enumerate(zip(_shape(index), _shape(input))):
        if d != dim and i > s:
            raise RuntimeError(
                f"Size does not match at dimension {d} expected index {list(_shape(index))} to be "
                f"no larger than self {list(_shape(input))} apart from dimension {dim}"
            )
    return ops.gather(input, dim, _wrap_negative(index, size))


def _scatter_src(src: Any, index: Any, dtype: core.Dtype) -> Any:
    """``src`` cut to ``index``'s shape (torch reads its leading part) and cast."""
    if isinstance(src, builtins.bool | builtins.int | builtins.float | builtins.complex):
        return ops.broadcast_to(_views.as_native_of(src, dtype), _shape(index))
    shape = _shape(index)
    if _shape(src) != shape:
        src = ops.get_item(src, tuple(slice(0, e) for e in shape))
    return src if _dtype_of(src) == dtype else ops.astype(src, dtype)


def _scatter(input: Any, dim: int, index: Any, src: Any, reduce: str | None, name: str) -> Any:
    _check_index(index, name)
    dtype = _dtype_of(input)
    if not isinstance(src, builtins.bool | builtins.int | builtins.float | builtins.complex):
        if _dtype_of(src) != dtype:
            raise RuntimeError(f"{name}(): Expected self.dtype to be equal to src.dtype")
    if len(index.shape) != len(input.shape) and (len(index.shape) or len(input.shape)):
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    if not len(input.shape):
        flat = _scatter(
            ops.reshape(input, (1,)),
            0,
            ops.reshape(index, (-1,)),
            src if not hasattr(src, "shape") else ops.reshape(src, (-1,)),
            reduce,
            name,
        )
        return ops.reshape(flat, ())
    dim = _views.normalize_dim(dim, len(input.shape))
    size = _shape(input)[dim]
    _check_range(index, size, "scatter", dim)
    src = _scatter_src(src, index, dtype)
    if math.prod(_shape(index)) == 0:
        return ops.astype(input, dtype, copy=True)
    return ops.scatter(input, dim, _wrap_negative(index, size), src, reduce=reduce)


_SCATTER_REDUCE = {None: None, "add": "add", "multiply": "multiply"}


@torch_function()
def scatter(
    input: Tensor,
    dim: int,
    index: Tensor,
    src: Any = None,
    *,
    value: Any = None,
    reduce: str | None = None,
    out: Tensor | None = None,
) -> Tensor:
    """``scatter(input, dim, index, src)`` or ``(..., value=...)``; ``reduce`` "add" or
    "multiply". Repeated indices: the last write wins (torch leaves it unspecified)."""
    if src is None:
        src = value
    if src is None:
        raise TypeError("scatter() missing required argument 'src' or 'value'")
    if reduce not in _SCATTER_REDUCE:
        raise RuntimeError(f"reduce argument must be either add or multiply. Got {reduce}")
    return _scatter(input, dim, index, src, _SCATTER_REDUCE[reduce], "scatter")


@torch_function()
def scatter_add(
    input: Tensor, dim: int, index: Tensor, src: Tensor, *, out: Tensor | None = None
) -> Tensor:
    return _scatter(input, dim, index, src, "add", "scatter_add")


def _extreme(dtype: core.Dtype, highest: bool) -> Any:
    if dtype.kind == "f":
        return math.inf if highest else -math.inf
    if dtype.kind == "b":
        return highest
    info = numpy.iinfo(str(dtype))
    return int(info.max if highest else info.min)


_IDENTITY = {"sum": 0, "prod": 1, "mean": 0}


@torch_function()
def scatter_reduce(
    input: Tensor,
    dim: int,
    index: Tensor,
    src: Tensor,
    reduce: str,
    *,
    include_self: bool = True,
    out: Tensor | None = None,
) -> Tensor:
    """reduce "sum", "prod", "mean", "amax", "amin"; "mean" of integers rounds down, as
    torch does."""
    if reduce not in ("sum", "prod", "mean", "amax", "amin"):
        raise RuntimeError(
            f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}"
        )
    dtype = _dtype_of(input)
    if dtype.kind == "c" and reduce in ("amax", "amin", "mean"):
        raise RuntimeError(
            f"scatter_reduce(): Expected reduce argument to be one of sum or prod for complex, got {reduce}"
        )
    base = input
    if not include_self:
        identity = _IDENTITY.get(reduce, None)
        if identity is None:
            identity = _extreme(dtype, highest=reduce == "amin")
        base = _scatter(input, dim, index, identity, None, "scatter_reduce")
    core_reduce = {"sum": "add", "mean": "add", "prod": "multiply", "amax": "amax", "amin": "amin"}[
        reduce
    ]
    result = _scatter(base, dim, index, src, core_reduce, "scatter_reduce")
    if reduce != "mean":
        return result
    ones = ops.ones(_shape(index), dtype=dtype)
    counts = _scatter(
        ops.ones(_shape(input), dtype=dtype)
        if include_self
        else ops.zeros(_shape(input), dtype=dtype),
        dim,
        index,
        ones,
        "add",
        "scatter_reduce",
    )
    counts = ops.where(
        ops.equal(counts, ops.zeros((), dtype=dtype)), ops.ones((), dtype=dtype), counts
    )
    if dtype.kind in "iu":
        return ops.floor_divide(result, counts)
    return ops.divide(result, counts)


def _vector(value: Any) -> Tensor:
    """A native as a 1-D Tensor (0-d inputs of the index_* ops act as one element)."""
    return Tensor._from_native(ops.reshape(value, (-1,)))


def _index_1d(index: Any, name: str) -> Any:
    if len(index.shape) > 1:
        raise IndexError(f"{name}(): Index is supposed to be a vector")
    if name.startswith("index_copy") and _dtype_of(index) != "int64":
        raise RuntimeError(
            "index_copy_(): Expected a long tensor for index, but got "
            + _dtype.scalar_type_name(_dtype_of(index))
        )
    if name.startswith("index_fill") and _dtype_of(index) != "int64":
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    if _dtype_of(index) not in ("int64", "int32"):
        raise IndexError(f"{name}(): Expected dtype int32/int64 for index")
    return ops.reshape(index, (-1,))


def _along(input: Any, dim: int, index: Any, name: str, source: Any = None) -> tuple[int, Any, int]:
    """``dim`` normalised and the 1-D ``index`` checked as torch checks it (its message
    depends on the op and, for index_select/index_add, on whether ``input`` is 1-D; an
    empty ``source`` skips the check) and with negative indices wrapped."""
    index = _index_1d(index, name)
    if not len(input.shape):
        raise IndexError(f"{name}(): cannot be applied to a 0-dim tensor")
    dim = _views.normalize_dim(dim, len(input.shape))
    size = _shape(input)[dim]
    check = name.rstrip("_")
    if check in ("index_select", "index_add") and len(input.shape) == 1:
        check = "self"
    if source is None or math.prod(_shape(source)):
        _check_range(index, size, check, dim)
    return dim, _wrap_negative(index, size), size


@torch_function()
def index_select(input: Tensor, dim: int, index: Tensor, *, out: Tensor | None = None) -> Tensor:
    if not len(input.shape):
        _index_1d(index, "index_select")
        _check_range(index, 1, "self")
        return ops.reshape(ops.take(ops.reshape(input, (1,)), ops.reshape(index, (-1,))), ())
    dim, index, _ = _along(input, dim, index, "index_select")
    return ops.take(input, index, axis=dim)


def _expanded_index(index: Any, dim: int, shape: tuple[int, ...]) -> Any:
    """A 1-D ``index`` along ``dim`` broadcast to ``shape`` (the source's shape)."""
    view = tuple(-1 if d == dim else 1 for d in builtins.range(len(shape)))
    return ops.broadcast_to(
        ops.reshape(index, tuple(shape[dim] if v == -1 else 1 for v in view)), shape
    )


def _check_source(input: Any, dim: int, index: Any, source: Any, name: str) -> None:
    ishape, sshape = _shape(input), _shape(source)
    if len(sshape) != len(ishape) and (sshape or ishape):
        raise IndexError(f"{name}(): Source/destination tensor must have same number of dimensions")
    expected = ishape[:dim] + (_shape(index)[0],) + ishape[dim + 1 :]
    if sshape != expected:
        raise RuntimeError(
            f"{name}(): Source/destination tensor must have same slice shapes. Destination "
            f"slice shape: {list(ishape[:dim] + ishape[dim + 1 :])} at dimension {dim} and "
            f"source slice shape: {list(sshape[:dim] + sshape[dim + 1 :])} at dimension {dim}."
        )


@torch_function()
def index_add(
    input: Tensor,
    dim: int,
    index: Tensor,
    source: Tensor,
    *,
    alpha: Any = 1,
    out: Tensor | None = None,
) -> Tensor:
    if not len(input.shape):  # torch treats a 0-d tensor as one element along dim 0
        vector = index_add(_vector(input), dim, _vector(index), _vector(source), alpha=alpha)
        return ops.reshape(vector.native, ())
    dim, index, _ = _along(input, dim, index, "index_add", source)
    dtype = _dtype_of(input)
    if _dtype_of(source) != dtype:
        raise RuntimeError(
            "index_add_(): self ("
            + _dtype.scalar_type_name(dtype)
            + ") and source ("
            + _dtype.scalar_type_name(_dtype_of(source))
            + ") must have the same scalar type"
        )
    _check_source(input, dim, index, source, "index_add_")
    if alpha != 1:
        source = ops.multiply(source, _views.as_native_of(alpha, dtype))
    return ops.scatter(
        input, dim, _expanded_index(index, dim, _shape(source)), source, reduce="add"
    )


@torch_function()
def index_copy(
    input: Tensor, dim: int, index: Tensor, source: Tensor, *, out: Tensor | None = None
) -> Tensor:
    if not len(input.shape):
        vector = index_copy(_vector(input), dim, _vector(index), _vector(source))
        return ops.reshape(vector.native, ())
    dim, index, _ = _along(input, dim, index, "index_copy", source)
    dtype = _dtype_of(input)
    if _dtype_of(source) != dtype:
        raise RuntimeError(
            "index_copy_(): self and source expected to have the same dtype, but got (self) "
            f"{_dtype.scalar_type_name(dtype)} and (source) {_dtype.scalar_type_name(_dtype_of(source))}"
        )
    _check_source(input, dim, index, source, "index_copy_")
    return ops.scatter(input, dim, _expanded_index(index, dim, _shape(source)), source)


@torch_function()
def index_fill(input: Tensor, dim: int, index: Tensor, value: Any) -> Tensor:
    if hasattr(value, "shape") and len(value.shape):
        raise RuntimeError(
            "index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
            f"{len(value.shape)} dimension(s)."
        )
    if not len(input.shape):
        vector = index_fill(_vector(input), dim, _vector(index), _scalar(value))
        return ops.reshape(vector.native, ())
    dim, index, _ = _along(input, dim, index, "index_fill_")
    key = (slice(None),) * dim + (index,)
    return ops.set_item(input, key, _views.as_native_of(_scalar(value), _dtype_of(input)))


@torch_function()
def index_reduce(
    input: Tensor,
    dim: int,
    index: Tensor,
    source: Tensor,
    reduce: str,
    *,
    include_self: bool = True,
    out: Tensor | None = None,
) -> Tensor:
    """reduce "prod", "mean", "amax", "amin" (torch's set), through :func:`scatter_reduce`."""
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise RuntimeError(
            f"index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {reduce}."
        )
    if not len(input.shape):
        vector = index_reduce(
            _vector(input), dim, _vector(index), _vector(source), reduce, include_self=include_self
        )
        return ops.reshape(vector.native, ())
    dim, index, _ = _along(input, dim, index, "index_reduce_")
    _check_source(input, dim, index, source, "index_reduce_")
    expanded = _expanded_index(index, dim, _shape(source))
    return scatter_reduce(
        Tensor._from_native(input),
        dim,
        Tensor._from_native(expanded),
        Tensor._from_native(source),
        reduce,
        include_self=include_self,
    ).native


def _scalar(value: Any) -> Any:
    if hasattr(value, "shape") and not isinstance(value, numpy.generic):
        return Tensor._from_native(value).item()
    return value


def _flat_positions(shape: tuple[int, ...], key: tuple[Any, ...]) -> Any:
    """The flat positions ``x[key]`` selects (a native int64 array of ``x[key]``'s shape)."""
    positions = ops.reshape(ops.arange(0, math.prod(shape), 1, dtype=core.int64), shape)
    return ops.get_item(positions, key)


def _accumulate(input: Any, positions: Any, values: Any) -> Any:
    """``input`` with ``values`` added at flat ``positions`` (repeats accumulate)."""
    shape = _shape(input)
    flat = ops.reshape(input, (-1,))
    result = ops.scatter(
        flat, 0, ops.reshape(positions, (-1,)), ops.reshape(values, (-1,)), reduce="add"
    )
    return ops.reshape(result, shape)


@torch_function()
def index_put(
    input: Tensor, indices: Sequence[Any], values: Tensor, accumulate: bool = False
) -> Tensor:
    """``input[indices] = values`` (or ``+=`` with repeats accumulating), functional."""
    dtype = _dtype_of(input)
    if _dtype_of(values) != dtype:
        raise RuntimeError(
            "Index put requires the source and destination dtypes match, got "
            f"{_dtype.scalar_type_name(dtype)} for the destination and "
            f"{_dtype.scalar_type_name(_dtype_of(values))} for the source."
        )
    key = tuple(slice(None) if i is None else to_native(i) for i in indices)
    if len(key) > len(input.shape):
        raise IndexError(
            f"too many indices for tensor of dimension {len(input.shape)} (got {len(key)})"
        )
    for entry in key:
        if hasattr(entry, "dtype") and _dtype_of(entry).kind not in "iub":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    key = tuple(
        ops.astype(e, core.bool) if hasattr(e, "dtype") and _dtype_of(e) == "uint8" else e
        for e in key
    )
    if not accumulate:
        target_shape = _shape(ops.get_item(input, key))
        return ops.set_item(input, key, _views._broadcast_value(values, target_shape, True))
    positions = _flat_positions(_shape(input), key)
    values = _views._broadcast_value(values, _shape(positions), True)
    return _accumulate(input, positions, values)


@torch_function()
def put(input: Tensor, index: Tensor, source: Tensor, accumulate: bool = False) -> Tensor:
    """``input.flatten()[index] = source`` (``+=`` with ``accumulate``), functional."""
    dtype = _dtype_of(input)
    if _dtype_of(index) != "int64":
        raise RuntimeError(
            "put_(): Expected a long tensor for index, but got "
            + _dtype.scalar_type_name(_dtype_of(index))
        )
    if _dtype_of(source) != dtype:
        raise RuntimeError(
            f"put_(): self and source expected to have the same dtype, but got self.dtype = "
            f"{_dtype.scalar_type_name(dtype)} and source.dtype = {_dtype.scalar_type_name(_dtype_of(source))}"
        )
    if math.prod(_shape(index)) != math.prod(_shape(source)):
        raise RuntimeError(
            f"put_(): Expected source and index to have the same number of elements, but got "
            f"source.numel() = {math.prod(_shape(source))}, index.numel() = {math.prod(_shape(index))}"
        )
    numel = math.prod(_shape(input))
    _check_range(index, numel, "take")
    positions = _wrap_negative(ops.reshape(index, (-1,)), numel)
    source = ops.reshape(source, (-1,))
    if accumulate:
        return _accumulate(input, positions, source)
    flat = ops.set_item(ops.reshape(input, (-1,)), (positions,), source)
    return ops.reshape(flat, _shape(input))


@torch_function()
def take(input: Tensor, index: Tensor, *, out: Tensor | None = None) -> Tensor:
    if _dtype_of(index) != "int64":
        raise RuntimeError(
            f"take(): Expected a long tensor for index, but got {_dtype.scalar_type_name(_dtype_of(index))}"
        )
    numel = math.prod(_shape(input))
    _check_range(index, numel, "take")
    flat = ops.reshape(input, (-1,))
    if math.prod(_shape(index)) == 0:
        return ops.reshape(ops.get_item(flat, slice(0, 0)), _shape(index))
    return ops.reshape(
        ops.take(flat, ops.reshape(_wrap_negative(index, numel), (-1,))), _shape(index)
    )


@torch_function()
def take_along_dim(
    input: Tensor, indices: Tensor, dim: int | None = None, *, out: Tensor | None = None
) -> Tensor:
    if _dtype_of(indices) != "int64":
        raise RuntimeError(
            f"torch.take_along_dim(): dtype of indices should be Long but got {_dtype.scalar_type_name(_dtype_of(indices))}"
        )
    if dim is None:  # a gather of the flattened input: negative indices are errors
        flat = ops.reshape(input, (-1,))
        _check_range(indices, _shape(flat)[0], "gather")
        return ops.take_along_axis(flat, ops.reshape(indices, (-1,)), axis=0)
    if len(input.shape) != len(indices.shape):
        raise RuntimeError(
            "torch.take_along_dim(): input and indices should have the same number of "
            f"dimensions, but got {len(input.shape)} dimensions for input, and "
            f"{len(indices.shape)} dimensions for indices"
        )
    dim = _views.normalize_dim(dim, len(input.shape))
    ishape, xshape = _shape(indices), _shape(input)
    try:
        shape = numpy.broadcast_shapes(
            tuple(1 if d == dim else e for d, e in enumerate(ishape)),
            tuple(1 if d == dim else e for d, e in enumerate(xshape)),
        )
    except ValueError:
        raise RuntimeError(
            f"torch.take_along_dim(): indices of shape {list(ishape)} do not broadcast with "
            f"input of shape {list(xshape)} outside dimension {dim}"
        ) from None
    x_shape = tuple(xshape[dim] if d == dim else e for d, e in enumerate(shape))
    i_shape = tuple(ishape[dim] if d == dim else e for d, e in enumerate(shape))
    _check_range(indices, xshape[dim], "take_along_dim", dim)
    indices = _wrap_negative(ops.broadcast_to(indices, i_shape), xshape[dim])
    return ops.take_along_axis(ops.broadcast_to(input, x_shape), indices, axis=dim)


# ---------------------------------------------------------------------------------------
# masks and where
# ---------------------------------------------------------------------------------------
def _mask(mask: Any, name: str) -> Any:
    if _dtype_of(mask) != "bool":
        raise RuntimeError(
            f"{name} only supports boolean masks, but got mask with dtype {_dtype.of(_dtype_of(mask))}"
        )
    return mask


@torch_function()
def masked_select(input: Tensor, mask: Tensor, *, out: Tensor | None = None) -> Tensor:
    _mask(mask, "masked_select:")
    input, mask = ops.broadcast_arrays(input, mask)
    return ops.reshape(ops.get_item(input, mask), (-1,))


@torch_function()
def masked_fill(input: Tensor, mask: Tensor, value: Any) -> Tensor:
    """The result keeps ``input``'s shape and dtype (``value`` is cast), as ``masked_fill_``."""
    if _dtype_of(mask) != "bool":
        raise RuntimeError(
            f"masked_fill_ only supports boolean masks, but got mask with dtype {_dtype.of(_dtype_of(mask))}"
        )
    if hasattr(value, "shape") and len(value.shape):
        raise RuntimeError(
            "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
            f"{len(value.shape)} dimension(s)."
        )
    dtype = _dtype_of(input)
    fill = _views.as_native_of(_scalar(value), dtype)
    shape = numpy.broadcast_shapes(_shape(input), _shape(mask))
    return ops.where(mask, fill, ops.broadcast_to(input, shape))


@torch_function()
def masked_scatter(input: Tensor, mask: Tensor, source: Tensor) -> Tensor:
    """Positions where ``mask`` is true take ``source``'s elements in order."""
    _mask(mask, "masked_scatter_")
    if _dtype_of(source) != _dtype_of(input):
        raise RuntimeError(
            "masked_scatter: expected self and source to have same dtypes but got "
            f"{_dtype.scalar_type_name(_dtype_of(input))} and {_dtype.scalar_type_name(_dtype_of(source))}"
        )
    shape = numpy.broadcast_shapes(_shape(input), _shape(mask))
    input, mask = ops.broadcast_to(input, shape), ops.broadcast_to(mask, shape)
    count = int(numpy.asarray(core.Array(ops.count_nonzero(mask)).to_numpy()))
    flat_source = ops.reshape(source, (-1,))
    if count > _shape(flat_source)[0]:
        raise RuntimeError(
            "masked_scatter: expected source to have at least as many elements as ones in mask"
        )
    return ops.set_item(input, mask, ops.get_item(flat_source, slice(0, count)))


def _where_method(self: Tensor, condition: Tensor, other: Any) -> Tensor:
    """``Tensor.where(condition, other)``: ``torch.where(condition, self, other)``."""
    return where(condition, self, other)


Tensor.where = _where_method


@torch_function("input", "other")
def _where(condition: Any, input: Any, other: Any) -> Any:
    return ops.where(condition, input, other)


@fast("where", "condition", "input", "other", mask=True)
@maps_errors
def where(
    condition: Tensor, input: Any = None, other: Any = None, *, out: Tensor | None = None
) -> Any:
    """``where(condition)`` is ``nonzero(condition, as_tuple=True)``; otherwise ``input``
    and ``other`` (tensors or Python scalars) promote with torch's rules."""
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    if isinstance(condition, Tensor):
        mask = condition.native
        kind = core.as_core_dtype(mask.dtype)
        if kind == core.uint8:
            mask, kind = ops.astype(mask, core.bool), core.bool  # deprecated, still accepted
    if not isinstance(condition, Tensor) or kind != core.bool:
        raise RuntimeError(
            "where expected condition to be a boolean tensor, but got a tensor with dtype "
            + _dtype.scalar_type_name(condition.dtype.core_dtype)
        )
    if out is None and isinstance(input, Tensor) and isinstance(other, Tensor):
        a, b = input.native, other.native
        if a.dtype == b.dtype:  # nothing to promote: _where's work reduces to the call
            return Tensor._from_native(ops.where(mask, a, b))
    result = _where(mask, input, other)
    if out is not None:
        write_into(out, result)
        return out
    return result


@torch_function()
def nonzero(input: Tensor, *, out: Tensor | None = None, as_tuple: bool = False) -> Any:
    """Indices of the nonzero elements: an (n, ndim) int64 tensor, or a tuple of 1-D ones."""
    value = input if len(input.shape) else ops.reshape(input, (1,))
    parts = tuple(ops.astype(p, core.int64) for p in ops.nonzero(value))
    if as_tuple:
        return parts
    if not len(input.shape):
        count = _shape(parts[0])[0]
        return ops.zeros((count, 0), dtype=core.int64)
    return ops.stack(parts, axis=1)


def argwhere(input: Tensor) -> Tensor:
    return nonzero(input)


# ---------------------------------------------------------------------------------------
# scatters of slices
# ---------------------------------------------------------------------------------------
def _embed(input: Any, src: Any, key: tuple[Any, ...], name: str) -> Any:
    target = _shape(ops.get_item(input, key))
    if _shape(src) != target:
        raise RuntimeError(
            f"expected src to have a size equal to the slice of self. src size = "
            f"{list(_shape(src))}, slice size = {list(target)}"
        )
    if _dtype_of(src) != _dtype_of(input):
        src = ops.astype(src, _dtype_of(input))
    return ops.set_item(input, key, src)


@torch_function()
def select_scatter(input: Tensor, src: Tensor, dim: int, index: int) -> Tensor:
    dim = _views.normalize_dim(dim, len(input.shape))
    size = _shape(input)[dim]
    if not -size <= index < size:
        raise IndexError(
            f"select(): index {index} out of range for tensor of size {list(_shape(input))} at dimension {dim}"
        )
    return _embed(input, src, (slice(None),) * dim + (index % size,), "select_scatter")


@torch_function()
def slice_scatter(
    input: Tensor,
    src: Tensor,
    dim: int = 0,
    start: int | None = None,
    end: int | None = None,
    step: int = 1,
    *,
    out: Tensor | None = None,
) -> Tensor:
    dim = _views.normalize_dim(dim, len(input.shape))
    return _embed(input, src, (slice(None),) * dim + (slice(start, end, step),), "slice_scatter")


def unravel_index(indices: Any, shape: int | Sequence[int]) -> tuple[Tensor, ...]:
    """Coordinates of flat ``indices`` in ``shape`` (int64 tensors). Like torch 2.13 it
    does not check the range: indices wrap (floor division and remainder)."""
    if isinstance(indices, Tensor):
        if indices.dtype.core_dtype.kind not in "iu":
            raise TypeError("expected 'indices' to be integer dtype, but got " + str(indices.dtype))
        flat = indices.native
    else:
        flat = ops.asarray(indices, dtype=core.int64)
    shape = (shape,) if isinstance(shape, builtins.int) else tuple(shape)
    flat = ops.astype(flat, core.int64)
    coords = []
    for extent in reversed(shape):
        extent_value = ops.asarray(extent, dtype=core.int64)
        coords.append(ops.remainder(flat, extent_value))
        flat = ops.floor_divide(flat, extent_value)
    return tuple(Tensor._from_native(c) for c in reversed(coords))


# ---------------------------------------------------------------------------------------
# copies of views (torch's ``*_copy`` ops), split variants, unfold, diagonal_scatter
# ---------------------------------------------------------------------------------------
def _copy_of(view: str) -> Callable[..., Any]:
    """torch.<view>_copy: the view's values in a new tensor (no aliasing)."""

    def function(input: Tensor, *args: Any, **kwargs: Any) -> Any:
        result = getattr(_tensor(input), view)(*args, **kwargs)
        if isinstance(result, tuple):
            return tuple(r.clone() for r in result)
        return result.clone()

    name = f"{view}_copy"
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"torch.{name}: ``input.{view}(...)`` as a new tensor (no shared storage)."
    return function


_VIEW_COPIES = (
    "diagonal", "expand", "permute", "squeeze", "t", "transpose", "unbind", "unfold",
    "unsqueeze", "view", "split", "split_with_sizes", "select", "detach", "view_as_real",
    "view_as_complex",
)  # fmt: skip
for _view in _VIEW_COPIES:
    globals()[f"{_view}_copy"] = _copy_of(_view)
__all__ += [f"{_view}_copy" for _view in _VIEW_COPIES]


@writes_out
def alias_copy(input: Tensor) -> Tensor:
    """torch.alias_copy: a copy of ``input``."""
    return _tensor(input).clone()


@keyword_aliases(axis="dim")
@writes_out
def slice_copy(
    input: Tensor, dim: int = 0, start: int | None = None, end: int | None = None, step: int = 1
) -> Tensor:
    """torch.slice_copy: ``input[..., start:end:step]`` along ``dim``, copied."""
    input = _tensor(input)
    dim = _views.normalize_dim(dim, input.ndim)
    return input[(slice(None),) * dim + (slice(start, end, step),)].clone()


@keyword_aliases(axis="dim")
def split_with_sizes(input: Tensor, split_sizes: Sequence[int], dim: int = 0) -> tuple[Tensor, ...]:
    """torch.split_with_sizes: views of the given sizes along ``dim``."""
    return split(input, list(split_sizes), dim)


@keyword_aliases(axis="dim")
def unsafe_split(
    input: Tensor, split_size: int | Sequence[int], dim: int = 0
) -> tuple[Tensor, ...]:
    """torch.unsafe_split: ``split`` (the views are as safe here)."""
    return split(input, split_size, dim)


@keyword_aliases(axis="dim")
def unsafe_chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
    """torch.unsafe_chunk: ``chunk``."""
    return chunk(input, chunks, dim)


def _unfold(self: Tensor, dimension: int, size: int, step: int) -> Tensor:
    """Tensor.unfold: windows of ``size`` every ``step`` along ``dimension``, as a new last
    dimension. A copy here, not a view (writes through it do not reach ``self``)."""
    native = self.native
    ndim = len(native.shape)
    axis = _views.normalize_dim(dimension, ndim)
    extent = native.shape[axis] if ndim else 1
    if size > extent:
        raise RuntimeError(
            f"maximum size for tensor at dimension {axis} is {extent} but size is {size}"
        )
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    if not ndim:
        return Tensor._from_native(ops.reshape(native, (1,)))
    count = (extent - size) // step + 1
    starts = ops.arange(0, count * step, step, dtype=core.int64)
    index = ops.add(ops.reshape(starts, (count, 1)), ops.arange(size, dtype=core.int64))
    gathered = ops.take(native, ops.reshape(index, (count * size,)), axis=axis)
    shape = tuple(native.shape)
    gathered = ops.reshape(gathered, (*shape[:axis], count, size, *shape[axis + 1 :]))
    return Tensor._from_native(ops.moveaxis(gathered, axis + 1, -1))


Tensor.unfold = _unfold


@torch_function()
def diagonal_scatter(
    input: Tensor, src: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1
) -> Tensor:
    """torch.diagonal_scatter: ``input`` with its diagonal replaced by ``src`` (a copy)."""
    result = Tensor._from_native(ops.astype(input, _dtype_of(input), copy=True))
    view = result.diagonal(offset, dim1, dim2)
    if _shape(src) != tuple(view.shape):
        raise RuntimeError(
            "expected src to have a size equal to the slice of self. src size = "
            f"{list(_shape(src))}, slice size = {list(view.shape)}"
        )
    view.copy_(Tensor._from_native(src))
    return result.native


__all__ += [
    "alias_copy", "diagonal_scatter", "slice_copy", "split_with_sizes", "unsafe_chunk",
    "unsafe_split",
]  # fmt: skip


@torch_function()
def nonzero_static(
    input: Tensor, *, size: int, fill_value: int = -1, out: Tensor | None = None
) -> Tensor:
    """The first ``size`` rows of ``nonzero(input)``, padded with ``fill_value``: a result
    whose shape does not depend on the data."""
    found = nonzero(Tensor._from_native(input)).native
    count = _shape(found)[0]
    columns = _shape(found)[1]
    if count >= size:
        return ops.get_item(found, (builtins.slice(0, size),))
    padding = ops.full((size - count, columns), fill_value, dtype=core.int64)
    return ops.concat([found, padding], axis=0)


@keyword_aliases(axis="dim")
def unsafe_split_with_sizes(
    input: Tensor, split_sizes: Sequence[int], dim: int = 0
) -> tuple[Tensor, ...]:
    """torch.unsafe_split_with_sizes: ``split_with_sizes``."""
    return split(input, list(split_sizes), dim)


__all__ += ["nonzero_static", "unsafe_split_with_sizes"]
