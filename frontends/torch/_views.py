"""torch.Tensor's views and indexing: each view step is a pair of pure functions on native
arrays (see :class:`frontends.base.array.FrontendArray`) plus the strides torch reports.

Strides are computed with torch's own rules from the base's strides (``computeStride`` for
``view``/``reshape``, ``inferExpandGeometry`` for ``expand``, the unsqueeze rule for new
dimensions, ``applySlicing`` for basic indexing), so ``stride()`` and ``is_contiguous()``
match torch and ``view`` refuses exactly where torch does. Indexing follows torch's two
phases: ints, slices, None and Ellipsis give a view; then integer/boolean tensors index the
view and give a copy (torch's ``index``), with torch's error messages.

Speed: a view costs a few Python calls over the backend's own. Steps are made once per key,
shape or permutation and shared; the common keys (ints, slices, tuples of them) and shapes
(ints) skip the general parsing; strides of views of contiguous tensors are computed when
asked; untracked values call the backend's functions without autodiff's recording wrapper
(:func:`frontends.base.array.native_function`).
"""

from __future__ import annotations

import builtins
import functools
import math
from collections.abc import Sequence
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import native_function

# ---------------------------------------------------------------------------------------
# shapes and strides
# ---------------------------------------------------------------------------------------


def normalize_dim(dim: int, ndim: int) -> int:
    """``dim`` in ``[0, ndim)``; torch's IndexError otherwise (a 0-d tensor takes 0/-1)."""
    if type(dim) is builtins.int and -ndim <= dim < ndim:  # the common case
        return dim if dim >= 0 else dim + ndim
    dim = _as_int(dim)
    bound = max(ndim, 1)
    if not -bound <= dim < bound:
        raise IndexError(
            "Dimension out of range (expected to be in range of "
            f"[{-bound}, {bound - 1}], but got {dim})"
        )
    return dim % bound


_CONTIGUOUS: dict[tuple[int, ...], tuple[int, ...]] = {}


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    """The strides of a contiguous tensor of ``shape`` (cached: every root tensor reports
    them)."""
    if not isinstance(shape, tuple):  # torch.Size is one already
        shape = tuple(shape)
    strides = _CONTIGUOUS.get(shape)
    if strides is None:
        reversed_strides = []
        step = 1
        for extent in reversed(shape):
            reversed_strides.append(step)
            step *= max(extent, 1)
        strides = tuple(reversed(reversed_strides))
        if len(_CONTIGUOUS) >= 4096:
            _CONTIGUOUS.clear()
        _CONTIGUOUS[shape] = strides
    return strides


def is_contiguous(shape: Sequence[int], strides: Sequence[int]) -> bool:
    """torch's rule: empty tensors are contiguous; size-1 dimensions' strides don't count."""
    if 0 in shape:
        return True
    expected = 1
    for extent, stride in zip(reversed(tuple(shape)), reversed(tuple(strides))):
        if extent != 1:
            if stride != expected:
                return False
            expected *= extent
    return True


def is_non_overlapping_and_dense(shape: Sequence[int], strides: Sequence[int]) -> bool:
    """Whether the elements fill a block of memory once each, in some order of dimensions
    (torch then keeps this layout for ``clone`` and the like)."""
    order = sorted(range(len(shape)), key=lambda d: (strides[d], shape[d]))
    expected = 1
    for d in order:
        if shape[d] == 1:
            continue
        if strides[d] != expected:
            return False
        expected *= shape[d]
    return True


def infer_size(shape: Sequence[int], numel: int) -> tuple[int, ...]:
    """``shape`` with its -1 filled in, checked against ``numel`` (torch's messages)."""
    for extent in shape:
        if type(extent) is not builtins.int or extent < 0:
            break
    else:  # the common case: ints, nothing to infer
        if math.prod(shape) == numel:
            return shape if type(shape) is tuple else tuple(shape)
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    shape = _int_tuple(shape)
    inferred = None
    known = 1
    for index, extent in enumerate(shape):
        if extent == -1:
            if inferred is not None:
                raise RuntimeError("only one dimension can be inferred")
            inferred = index
        elif extent < 0:
            raise RuntimeError(f"invalid shape dimension {extent}")
        else:
            known *= extent
    if inferred is not None and known != 0 and numel % known == 0:
        return shape[:inferred] + (numel // known,) + shape[inferred + 1 :]
    if inferred is None and known == numel:
        return shape
    raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")


def compute_stride(
    old_shape: Sequence[int], old_strides: Sequence[int], new_shape: Sequence[int]
) -> tuple[int, ...] | None:
    """torch's ``computeStride``: the strides of a view of ``new_shape``, or None when
    the elements cannot be viewed with that shape (``view`` raises, ``reshape`` copies)."""
    if not old_shape:
        return (1,) * len(new_shape)
    numel = math.prod(old_shape)
    if numel == 0 and tuple(old_shape) == tuple(new_shape):
        return tuple(old_strides)
    new_strides = [0] * len(new_shape)
    if numel == 0:
        return contiguous_strides(new_shape)
    view_d = len(new_shape) - 1
    chunk_base_stride = old_strides[-1]
    tensor_numel = 1
    view_numel = 1
    for tensor_d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[tensor_d]
        if tensor_d == 0 or (
            old_shape[tensor_d - 1] != 1
            and old_strides[tensor_d - 1] != tensor_numel * chunk_base_stride
        ):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_strides[view_d] = view_numel * chunk_base_stride
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base_stride = old_strides[tensor_d - 1]
                tensor_numel = 1
                view_numel = 1
    if view_d != -1:
        return None
    return tuple(new_strides)


def _as_int(value: Any) -> int:
    if isinstance(value, builtins.bool) or not hasattr(value, "__index__"):
        raise TypeError(f"expected an int, got {type(value).__name__}")
    return value.__index__()


def _int_tuple(values: Sequence[Any]) -> tuple[int, ...]:
    """``values`` as a tuple of Python ints (:func:`_as_int` each; plain ints pass as
    they are)."""
    for value in values:
        if type(value) is not builtins.int:
            return tuple(_as_int(v) for v in values)
    return values if type(values) is tuple else tuple(values)


def varargs_or_keyword(args: tuple[Any, ...], name: str, value: Any, function: str) -> tuple:
    """torch's ``f(*size)`` or ``f(size=...)``: the varargs, or ``(value,)`` when the keyword
    is given (None: not given)."""
    if value is None:
        return args
    if args:
        raise TypeError(f"{function}() got multiple values for argument '{name}'")
    return (value,)


def shape_args(args: tuple[Any, ...], name: str = "size") -> tuple[int, ...]:
    """Sizes given as varargs (``zeros(2, 3)``) or one sequence (``zeros((2, 3))``)."""
    if len(args) == 1 and type(args[0]) is not builtins.int and not hasattr(args[0], "__index__"):
        args = tuple(args[0])
    try:
        return _int_tuple(args)
    except TypeError:
        raise TypeError(
            f"{name} must be a tuple of ints, but got {[type(a).__name__ for a in args]}"
        ) from None


# ---------------------------------------------------------------------------------------
# view steps
# ---------------------------------------------------------------------------------------


def shape_view(tensor: Any, shape: tuple[int, ...], strides: tuple[int, ...] | None) -> Any:
    """A view with the same elements in a new shape (view, reshape, squeeze, unsqueeze,
    flatten, unflatten); ``strides`` None: contiguous."""
    native = tensor.native
    return _reshaped(tensor, native, shape, strides)


_RESHAPE_STEPS: dict[tuple[int, ...], tuple[Any, Any]] = {}


def _reshape_step(shape: tuple[int, ...]) -> tuple[Any, Any]:
    """The (forward, inverse) pair of a reshape to ``shape``, made once per shape (the
    inverse reshapes to the shape of the value it writes into)."""

    def forward(value: Any) -> Any:
        return ops.reshape(value, shape)

    if len(_RESHAPE_STEPS) >= 4096:
        _RESHAPE_STEPS.clear()
    step = _RESHAPE_STEPS[shape] = (forward, _unreshape)
    return step


def _reshaped(
    tensor: Any, native: Any, shape: tuple[int, ...], strides: tuple[int, ...] | None
) -> Any:
    step = _RESHAPE_STEPS.get(shape) or _reshape_step(shape)
    return tensor._step_view(
        step,
        strides,
        native_function("reshape", native)(native, shape),
    )


def plain_reshape(tensor: Any, shape: tuple[Any, ...]) -> Any:
    """The common ``view``/``reshape``: a contiguous tensor viewed as ``shape``, given as
    Python ints (or one tuple of them) of its size; None for everything else, which the
    general path handles (-1, other sequences, strided tensors, errors)."""
    try:
        if tensor._view_strides is not None:
            return None
    except AttributeError:
        return None
    if len(shape) == 1 and isinstance(shape[0], tuple):
        shape = shape[0]
        if type(shape) is not tuple:
            shape = tuple(shape)
    infer = False
    for extent in shape:
        if type(extent) is not builtins.int:
            return None
        if extent < 0:
            if extent != -1 or infer:
                return None
            infer = True
    native = tensor._value if tensor._root is None else tensor.native
    if infer:  # one -1: the size it takes
        known = -math.prod(shape)
        numel = math.prod(native.shape)
        if not known or numel % known:
            return None
        shape = tuple([numel // known if extent == -1 else extent for extent in shape])
    try:  # every backend refuses a shape of another size
        value = native_function("reshape", native)(native, shape)
    except Exception:
        return None
    return tensor._step_view(_RESHAPE_STEPS.get(shape) or _reshape_step(shape), None, value)


def _view_strides(
    tensor: Any, old_shape: tuple[int, ...], new_shape: tuple[int, ...]
) -> tuple[int, ...] | builtins.bool | None:
    """torch's ``computeStride`` of ``tensor`` viewed as ``new_shape``: None for contiguous
    strides (a contiguous tensor's view is contiguous, so a root tensor needs no work),
    False when it cannot be viewed so."""
    if getattr(tensor, "_view_strides", None) is None:
        return None
    strides = compute_stride(old_shape, tensor._strides(), new_shape)
    return False if strides is None else strides


def view(tensor: Any, shape: Sequence[int]) -> Any:
    """``tensor.view(shape)``: torch's RuntimeError where the strides don't allow it."""
    native = tensor.native
    old_shape = tuple(native.shape)
    new_shape = infer_size(shape, math.prod(old_shape))
    strides = _view_strides(tensor, old_shape, new_shape)
    if strides is False:
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
        )
    return _reshaped(tensor, native, new_shape, strides)


def reshape(tensor: Any, shape: Sequence[int]) -> Any:
    """A view where torch's ``view`` would succeed, otherwise a contiguous copy."""
    view = plain_reshape(tensor, shape)
    if view is not None:
        return view
    native = tensor.native
    old_shape = tuple(native.shape)
    new_shape = infer_size(shape, math.prod(old_shape))
    strides = _view_strides(tensor, old_shape, new_shape)
    if strides is False:
        return type(tensor)._from_native(ops.reshape(native, new_shape))
    return _reshaped(tensor, native, new_shape, strides)


def normalize_dims(dims: Sequence[int], ndim: int) -> tuple[int, ...]:
    """Each of ``dims`` by :func:`normalize_dim` (in-range ints pass as they are)."""
    for d in dims:
        if type(d) is not builtins.int or not 0 <= d < ndim:
            return tuple([normalize_dim(d, ndim) for d in dims])
    return dims if type(dims) is tuple else tuple(dims)


_PERMUTE_STEPS: dict[tuple[int, ...], tuple[Any, Any]] = {}


def _permute_step(dims: tuple[int, ...]) -> tuple[Any, Any]:
    """The (forward, inverse) pair of ``permute(dims)``, made once per ``dims``."""
    step = _PERMUTE_STEPS.get(dims)
    if step is None:
        inverse_dims = [0] * len(dims)
        for position, d in enumerate(dims):
            inverse_dims[d] = position
        inverse_dims = tuple(inverse_dims)

        def forward(value: Any) -> Any:
            return ops.permute_dims(value, dims)

        def inverse(old: Any, new: Any) -> Any:
            return ops.permute_dims(new, inverse_dims)

        if len(_PERMUTE_STEPS) >= 1024:
            _PERMUTE_STEPS.clear()
        step = _PERMUTE_STEPS[dims] = (forward, inverse)
    return step


def _permuted_contiguous(shape: tuple[int, ...], dims: tuple[int, ...]) -> tuple[int, ...]:
    strides = contiguous_strides(shape)
    return tuple([strides[d] for d in dims])


def permuted(tensor: Any, native: Any, dims: tuple[int, ...]) -> Any:
    """The view ``permute(dims)`` of ``tensor`` (``native`` its value) for valid ``dims``
    of at least one dimension; a contiguous tensor's view computes its strides when asked."""
    step = _PERMUTE_STEPS.get(dims) or _permute_step(dims)
    try:
        strides = tensor._view_strides
    except AttributeError:
        strides = None
    if strides is None:
        strides = functools.partial(_permuted_contiguous, native.shape, dims)
    else:
        strides = tensor._strides()
        strides = tuple([strides[d] for d in dims])
    return tensor._step_view(
        step,
        strides,
        native_function("permute_dims", native)(native, dims),
    )


def permute(tensor: Any, dims: Sequence[int]) -> Any:
    native = tensor.native
    ndim = len(native.shape)
    if len(dims) != ndim:
        raise RuntimeError(
            "permute(sparse_coo): number of dimensions in the tensor input does not match "
            f"the length of the desired ordering of dimensions i.e. input.dim() = {ndim} is "
            f"not equal to len(dims) = {len(dims)}"
        )
    dims = normalize_dims(dims, ndim)
    if len(set(dims)) != ndim:
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    if ndim == 0:
        return tensor._view(_same, _replace, (), native)
    return permuted(tensor, native, dims)


_REVERSED: dict[int, tuple[int, ...]] = {}


def reversed_dims(ndim: int) -> tuple[int, ...]:
    """``(ndim - 1, ..., 1, 0)``, the permutation of ``.T``."""
    dims = _REVERSED.get(ndim)
    if dims is None:
        dims = _REVERSED[ndim] = tuple(range(ndim - 1, -1, -1))
    return dims


_TRANSPOSES: dict[tuple[int, int, int], tuple[int, ...]] = {}


def transpose(tensor: Any, dim0: int, dim1: int) -> Any:
    """``transpose(dim0, dim1)``: the permutation is made once per (ndim, dim0, dim1) of
    Python ints."""
    native = tensor._value if tensor._root is None else tensor.native
    ndim = len(native.shape)
    plain = type(dim0) is builtins.int and type(dim1) is builtins.int
    dims = _TRANSPOSES.get((ndim, dim0, dim1)) if plain else None
    if dims is None:
        first, second = normalize_dims((dim0, dim1), ndim)
        if not ndim:
            return permute(tensor, ())
        order = list(range(ndim))
        order[first], order[second] = order[second], order[first]
        dims = tuple(order)
        if plain:
            if len(_TRANSPOSES) >= 1024:
                _TRANSPOSES.clear()
            _TRANSPOSES[ndim, dim0, dim1] = dims
    return permuted(tensor, native, dims)


def expand(tensor: Any, sizes: Sequence[int]) -> Any:
    """torch's ``inferExpandGeometry`` (worked out once per sizes, shape and strides); the
    view refuses writes where elements repeat."""
    native = tensor._value if tensor._root is None else tensor.native
    shape, strides = tuple(native.shape), tensor._strides()
    sizes = _int_tuple(sizes)
    plan = _EXPAND_PLANS.get((sizes, shape, strides))
    if plan is None:
        plan = _expand_plan(tensor, sizes, shape, strides)
    new_shape, new_strides, step = plan
    return tensor._step_view(
        step, new_strides, native_function("broadcast_to", native)(native, new_shape)
    )


_EXPAND_PLANS: dict[tuple[tuple[int, ...], ...], tuple[Any, ...]] = {}


def _expand_plan(
    tensor: Any, sizes: tuple[int, ...], shape: tuple[int, ...], strides: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Any, Any]]:
    """The shape, strides and (forward, inverse) step of ``expand(sizes)`` of a tensor of
    ``shape`` and ``strides``, or torch's error."""
    if len(sizes) < len(shape):
        raise RuntimeError(
            f"expand({_legacy_name(tensor)}{{{list(shape)}}}, size={list(sizes)}): the number "
            f"of sizes provided ({len(sizes)}) must be greater or equal to the number of "
            f"dimensions in the tensor ({len(shape)})"
        )
    new_shape = [0] * len(sizes)
    new_strides = [0] * len(sizes)
    offset = len(sizes) - len(shape)
    for i in range(len(sizes) - 1, -1, -1):
        dim = i - offset
        size = shape[dim] if dim >= 0 else 1
        stride = (
            strides[dim]
            if dim >= 0
            else (new_shape[i + 1] * new_strides[i + 1] if i + 1 < len(sizes) else 1)
        )
        target = sizes[i]
        if target == -1:
            if dim < 0:
                raise RuntimeError(
                    f"The expanded size of the tensor (-1) isn't allowed in a leading, "
                    f"non-existing dimension {i}"
                )
            target = size
        if size != target:
            if size != 1:
                raise RuntimeError(
                    f"The expanded size of the tensor ({target}) must match the existing "
                    f"size ({size}) at non-singleton dimension {i}.  Target sizes: "
                    f"{list(sizes)}.  Tensor sizes: {list(shape)}"
                )
            stride = 0
        new_shape[i], new_strides[i] = target, stride
    new_shape_t = tuple(new_shape)
    overlapping = False
    for stride, extent in zip(new_strides, new_shape):
        if stride == 0 and extent > 1:
            overlapping = True
            break
    step = _EXPAND_STEPS.get((new_shape_t, overlapping)) or _expand_step(new_shape_t, overlapping)
    if len(_EXPAND_PLANS) >= 4096:
        _EXPAND_PLANS.clear()
    plan = _EXPAND_PLANS[sizes, shape, strides] = (new_shape_t, tuple(new_strides), step)
    return plan


_EXPAND_STEPS: dict[tuple[tuple[int, ...], builtins.bool], tuple[Any, Any]] = {}


def _expand_step(shape: tuple[int, ...], overlapping: builtins.bool) -> tuple[Any, Any]:
    """The (forward, inverse) pair of ``expand`` to ``shape``, made once per shape; no
    inverse where elements repeat (writes raise torch's overlapping-memory error)."""

    def forward(value: Any) -> Any:
        return ops.broadcast_to(value, shape)

    if len(_EXPAND_STEPS) >= 4096:
        _EXPAND_STEPS.clear()
    step = _EXPAND_STEPS[shape, overlapping] = (forward, None if overlapping else _unreshape)
    return step


def _unreshape(old: Any, new: Any) -> Any:
    """The inverse of a step that keeps the elements in another shape."""
    return ops.reshape(new, old.shape)


def squeeze(tensor: Any, dims: Sequence[int] | None) -> Any:
    native = tensor.native
    shape = tuple(native.shape)
    if dims is None:
        keep = [d for d in range(len(shape)) if shape[d] != 1]
    else:
        drop = {normalize_dim(d, len(shape)) for d in dims}
        keep = [d for d in range(len(shape)) if d not in drop or shape[d] != 1]
    strides = None  # size-1 dimensions of a contiguous tensor don't count in its strides
    if getattr(tensor, "_view_strides", None) is not None:
        strides = tensor._strides()
        strides = tuple([strides[d] for d in keep])
    return _reshaped(tensor, native, tuple([shape[d] for d in keep]), strides)


def unsqueeze(tensor: Any, dim: int) -> Any:
    native = tensor.native
    shape = tuple(native.shape)
    dim = normalize_dim(dim, len(shape) + 1)
    new_shape = (*shape[:dim], 1, *shape[dim:])
    strides = None
    if getattr(tensor, "_view_strides", None) is not None or 0 in shape:
        strides = list(tensor._strides())
        strides.insert(dim, shape[dim] * strides[dim] if dim < len(shape) else 1)
        strides = tuple(strides)
    return _reshaped(tensor, native, new_shape, strides)


def _item_view(tensor: Any, native: Any, key: tuple[Any, ...], strides: Any) -> Any:
    """The view ``tensor[key]`` of a normalized basic key (``native``: the tensor's value)."""
    return tensor._step_view(
        _step_of(key),
        strides,
        native_function("get_item", native)(native, key),
    )


def slice_view(tensor: Any, dim: int, start: int, stop: int, step: int = 1) -> Any:
    """``tensor`` sliced along ``dim`` (``narrow``, ``split``, basic slicing)."""
    strides = list(tensor._strides())
    strides[dim] *= step
    key = (slice(None),) * dim + (slice(start, stop, step),)
    return _item_view(tensor, tensor.native, key, tuple(strides))


def select(tensor: Any, dim: int, index: int) -> Any:
    shape = tuple(tensor.shape)
    if not shape:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    dim = normalize_dim(dim, len(shape))
    index = _as_int(index)
    if not -shape[dim] <= index < shape[dim]:
        raise IndexError(
            f"select(): index {index} out of range for tensor of size {list(shape)} at "
            f"dimension {dim}"
        )
    strides = list(tensor._strides())
    del strides[dim]
    key = (slice(None),) * dim + (index % shape[dim],)
    return _item_view(tensor, tensor.native, key, tuple(strides))


def _same(value: Any) -> Any:
    return value


def _replace(old: Any, new: Any) -> Any:
    return new


def _legacy_name(tensor: Any) -> str:
    return tensor.type()


# ---------------------------------------------------------------------------------------
# indexing
# ---------------------------------------------------------------------------------------
_KEY_ERROR = (
    "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
    "valid indices (got {})"
)


def _sequence_as_tuple(key: Any) -> bool:
    """torch's (numpy's old) heuristic: a short list holding slices, None, Ellipsis,
    tensors or sequences is a tuple of indices; otherwise it is one index tensor."""
    if type(key) is tuple:
        return True
    if not isinstance(key, list) or len(key) >= 32:
        return False
    from frontends.base.array import FrontendArray

    return any(
        isinstance(item, FrontendArray | list | tuple | slice | numpy.ndarray)
        or item is None
        or item is Ellipsis
        for item in key
    )


class _Advanced:
    """An advanced (tensor) index entry: ``array`` is native; ``dims`` it consumes."""

    __slots__ = ("array", "dims", "host", "is_mask")

    def __init__(self, array: Any, is_mask: builtins.bool, dims: int, host: Any = None) -> None:
        self.array = array
        self.is_mask = is_mask
        self.dims = dims
        self.host = host


def _entry(item: Any) -> Any:
    """One key entry as an int, slice, None, Ellipsis, Python bool or :class:`_Advanced`."""
    from frontends.base.array import FrontendArray

    if item is None or item is Ellipsis:
        return item
    if type(item) is slice:
        if item.step is not None and _as_int(item.step) <= 0:
            if _as_int(item.step) == 0:
                raise ValueError("slice step cannot be zero")
            raise ValueError("step must be greater than zero")
        return slice(
            None if item.start is None else _as_int(item.start),
            None if item.stop is None else _as_int(item.stop),
            None if item.step is None else _as_int(item.step),
        )
    if isinstance(item, builtins.bool | numpy.bool_):
        return builtins.bool(item)
    if isinstance(item, builtins.int | numpy.integer):
        return builtins.int(item)
    if isinstance(item, FrontendArray):
        value = item.native
        dtype = core.as_core_dtype(value.dtype)
        if dtype.kind == "b" or dtype == "uint8":
            if not len(value.shape):
                return builtins.bool(item.item())
            if dtype != "bool":
                value = ops.astype(value, core.bool)
            return _Advanced(value, True, len(value.shape))
        if dtype.kind not in "iu":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        if not len(value.shape):
            return builtins.int(item.item())
        return _Advanced(value, False, 1)
    if isinstance(item, list | tuple | numpy.ndarray):
        host = numpy.asarray(item)
        if not host.size and not isinstance(item, numpy.ndarray):
            host = host.astype(numpy.int64)  # empty lists index as int64, as in torch
        if host.dtype.kind == "b":
            return _Advanced(ops.asarray(host), True, host.ndim, host)
        if host.dtype.kind not in "iu":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        host = host.astype(numpy.int64)
        return _Advanced(ops.asarray(host), False, 1, host)
    raise IndexError(_KEY_ERROR.format(type(item).__name__))


def _normal_slice(entry: slice, extent: int) -> tuple[slice, int]:
    """A slice of positive step as ``slice(start, stop, step)`` of in-range ints
    (``slice(0, 0, step)`` when empty), and its length."""
    start, stop, step = entry.indices(extent)
    length = len(range(start, stop, step))
    if not length:
        return slice(0, 0, step), 0
    return slice(start, start + length * step, step), length


def _plain_key(shape: Any, key: Any) -> builtins.bool:
    """Whether ``key`` is an in-range int, a slice of int (or None) parts and a positive
    int step, or a tuple of such entries for the leading axes of ``shape``: the common keys,
    which every backend's ``get_item``/``set_item`` takes as they are."""
    kind = type(key)
    if kind is builtins.int:
        return len(shape) > 0 and -shape[0] <= key < shape[0]
    if kind is slice:
        return len(shape) > 0 and _plain_slice(key)
    if kind is not tuple or len(key) > len(shape):
        return False
    for extent, entry in zip(shape, key):
        kind = type(entry)
        if kind is builtins.int:
            if not -extent <= entry < extent:
                return False
        elif kind is not slice or not _plain_slice(entry):
            return False
    return True


def _plain_slice(key: slice) -> builtins.bool:
    start, stop, step = key.start, key.stop, key.step
    return (
        (start is None or type(start) is builtins.int)
        and (stop is None or type(stop) is builtins.int)
        and (step is None or (type(step) is builtins.int and step > 0))
    )


def _simple_key(tensor: Any, native: Any, key: Any) -> tuple[tuple[Any, ...], Any] | None:
    """The common keys (:func:`_plain_key`) as a tuple for ``ops.get_item``, and the view's
    strides (for a contiguous tensor, a function computing them), with none of
    :func:`parse_key`'s general work; None for every other key (which :func:`parse_key`
    then handles, errors included)."""
    shape = native.shape
    if not _plain_key(shape, key):
        return None
    if type(key) is not tuple:
        key = (key,)
    if getattr(tensor, "_view_strides", None) is None:
        return key, functools.partial(_contiguous_key_strides, shape, key)
    return key, _key_strides(tensor._strides(), key)


def _key_strides(strides: tuple[int, ...], key: tuple[Any, ...]) -> tuple[int, ...]:
    """The strides of the view ``[key]`` (ints and slices of positive steps) of a tensor
    of ``strides``."""
    out = [
        stride * (entry.step or 1) for stride, entry in zip(strides, key) if type(entry) is slice
    ]
    return (*out, *strides[len(key) :])


def _contiguous_key_strides(shape: tuple[int, ...], key: tuple[Any, ...]) -> tuple[int, ...]:
    return _key_strides(contiguous_strides(shape), key)


def parse_key(tensor: Any, key: Any) -> tuple[tuple[Any, ...] | None, tuple, tuple | None]:
    """torch's ``applySlicing``: the basic key of the view (None when it is the identity),
    the view's strides, and the advanced key to apply to the view (None when there is
    none)."""
    entries = tuple(key) if _sequence_as_tuple(key) else (key,)
    entries = tuple(_entry(item) for item in entries)
    shape = tuple(tensor.shape)
    ndim = len(shape)
    specified = 0
    ellipses = 0
    for entry in entries:
        if entry is Ellipsis:
            ellipses += 1
        elif isinstance(entry, _Advanced):
            specified += entry.dims if entry.is_mask else 1
        elif entry is not None and type(entry) is not builtins.bool:
            specified += 1
    if specified > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    in_strides = tensor._strides()
    basic: list[Any] = []
    out_shape: list[int] = []
    out_strides: list[int] = []
    advanced: list[Any] = []  # per output dimension: None, an _Advanced, or "skip"
    dim = 0
    for entry in entries:
        if entry is Ellipsis:
            for _ in range(ndim - specified):
                basic.append(slice(0, shape[dim], 1))
                out_shape.append(shape[dim])
                out_strides.append(in_strides[dim])
                advanced.append(None)
                dim += 1
        elif entry is None or type(entry) is builtins.bool:
            stride = shape[dim] * in_strides[dim] if dim < ndim else 1
            basic.append(None)
            out_shape.append(1)
            out_strides.append(stride)
            if entry is None:
                advanced.append(None)
            else:
                host = numpy.array([entry])
                advanced.append(_Advanced(ops.asarray(host), True, 1, host))
        elif type(entry) is builtins.int:
            if not -shape[dim] <= entry < shape[dim]:
                raise IndexError(
                    f"index {entry} is out of bounds for dimension {len(out_shape)} with "
                    f"size {shape[dim]}"
                )
            basic.append(entry % shape[dim])
            dim += 1
        elif type(entry) is slice:
            normal, length = _normal_slice(entry, shape[dim])
            basic.append(normal)
            out_shape.append(length)
            step = normal.step
            out_strides.append(in_strides[dim] * step)
            advanced.append(None)
            dim += 1
        else:
            for j in range(entry.dims if entry.is_mask else 1):
                basic.append(slice(0, shape[dim], 1))
                out_shape.append(shape[dim])
                out_strides.append(in_strides[dim])
                advanced.append(entry if j == 0 else "skip")
                dim += 1
    for _ in range(dim, ndim):
        basic.append(slice(0, shape[dim], 1))
        out_shape.append(shape[dim])
        out_strides.append(in_strides[dim])
        advanced.append(None)
        dim += 1
    identity = len(basic) == ndim and all(
        type(b) is slice and b.start == 0 and b.stop == shape[i] and b.step == 1
        for i, b in enumerate(basic)
    )
    basic_key = None if identity else tuple(basic)
    if not any(isinstance(a, _Advanced) for a in advanced):
        return basic_key, tuple(out_strides), None
    adv_key: list[Any] = []
    for position, entry in enumerate(advanced):
        if isinstance(entry, str):
            continue
        if entry is None:
            adv_key.append(slice(None))
            continue
        if entry.is_mask:
            mask_shape = tuple(entry.array.shape)
            for j, extent in enumerate(mask_shape):
                if out_shape[position + j] != extent:
                    raise IndexError(
                        f"The shape of the mask {list(mask_shape)} at index {j} does not match "
                        f"the shape of the indexed tensor {out_shape} at index {position + j}"
                    )
        adv_key.append(entry)
    return basic_key, tuple(out_strides), tuple(adv_key)


def _native_key(adv_key: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(e.array if isinstance(e, _Advanced) else e for e in adv_key)


def _raise_index_error(adv_key: tuple[Any, ...], shape: tuple[int, ...], error: Exception) -> None:
    """torch's message for an out-of-range integer index tensor."""
    axis = 0
    for entry in adv_key:
        if isinstance(entry, _Advanced):
            if not entry.is_mask:
                host = entry.host if entry.host is not None else _host(entry.array)
                extent = shape[axis]
                bad = host[(host < -extent) | (host >= extent)]
                if bad.size and not extent:
                    raise IndexError("index is out of bounds for dimension with size 0") from None
                if bad.size:
                    raise IndexError(
                        f"index {int(bad.flat[0])} is out of bounds for dimension 0 with size "
                        f"{extent}"
                    ) from None
                axis += 1
            else:
                axis += len(entry.array.shape)
        else:
            axis += 1
    raise error


def _host(value: Any) -> numpy.ndarray:
    return numpy.asarray(core.Array(value).to_numpy())


_ITEM_STEPS: dict[Any, tuple[Any, Any]] = {}


def _item_step(key: Any, cached: Any) -> tuple[Any, Any]:
    """The (forward, inverse) pair of the view ``[key]``; made once per ``cached`` (the
    key in a hashable form: slices are not hashable before Python 3.12)."""
    if len(_ITEM_STEPS) >= 4096:
        _ITEM_STEPS.clear()
    step = _ITEM_STEPS[cached] = _step_of(key)
    return step


def getitem(tensor: Any, key: Any) -> Any:
    """``tensor[key]``. An in-range int or a slice of int (or None) bounds and step 1 on the
    first axis (``x[3]``, ``x[2:5]``) is a view whose step is made once per key and whose
    strides are the tensor's (less the first, for an int): no key parsing."""
    kind = type(key)
    if kind is builtins.int or kind is slice:
        native = tensor._value if tensor._root is None else tensor.native
        shape = native.shape
        if shape:
            if kind is builtins.int:
                if -shape[0] <= key < shape[0]:
                    try:
                        strides = tensor._view_strides
                    except AttributeError:
                        strides = None
                    if strides is not None:  # None: contiguous, and so is the view
                        strides = tensor._strides()[1:]
                    step = _ITEM_STEPS.get(key) or _item_step(key, key)
                    return tensor._step_view(
                        step,
                        strides,
                        native_function("get_item", native)(native, key),
                    )
            else:
                start, stop, step = key.start, key.stop, key.step
                if (
                    (step is None or (step == 1 and type(step) is builtins.int))
                    and (start is None or type(start) is builtins.int)
                    and (stop is None or type(stop) is builtins.int)
                ):
                    try:
                        strides = tensor._view_strides  # a step-1 slice keeps the strides
                    except AttributeError:
                        strides = None
                    if strides is not None and type(strides) is not tuple:
                        strides = tensor._strides()
                    cached = (start, stop, step)
                    view_step = _ITEM_STEPS.get(cached) or _item_step(key, cached)
                    return tensor._step_view(
                        view_step,
                        strides,
                        native_function("get_item", native)(native, key),
                    )
    elif kind is tuple:
        native = tensor._value if tensor._root is None else tensor.native
        shape = native.shape
        if key and _plain_key(shape, key):
            try:
                strides = tensor._view_strides
            except AttributeError:
                strides = None
            if strides is None:
                strides = functools.partial(_contiguous_key_strides, shape, key)
            else:
                strides = _key_strides(tensor._strides(), key)
            return tensor._step_view(
                _step_of(key),
                strides,
                native_function("get_item", native)(native, key),
            )
    return _getitem(tensor, key)


def _step_of(key: Any) -> tuple[Any, Any]:
    """The (forward, inverse) pair of the view ``[key]`` (made per call: a tuple holding
    slices is not hashable before Python 3.12)."""

    def forward(value: Any) -> Any:
        return ops.get_item(value, key)

    def inverse(old: Any, new: Any) -> Any:
        return ops.set_item(old, key, new)

    return forward, inverse


def _getitem(tensor: Any, key: Any) -> Any:
    native = tensor.native
    simple = _simple_key(tensor, native, key)
    if simple is not None:
        return _item_view(tensor, native, *simple)
    basic_key, strides, adv_key = parse_key(tensor, key)
    base = tensor
    if basic_key is not None:
        base = _item_view(tensor, native, basic_key, strides)
    if adv_key is None:
        return base if basic_key is not None else tensor._view(_same, _replace, strides)
    value = base.native
    try:
        result = ops.get_item(value, _native_key(adv_key))
    except IndexError as error:
        _raise_index_error(adv_key, tuple(value.shape), error)
    return type(tensor)._from_native(result)


def _broadcast_value(value: Any, shape: tuple[int, ...], advanced: builtins.bool) -> Any:
    """``value`` stripped of leading ones and broadcast to ``shape``, torch's errors."""
    value_shape = tuple(value.shape)
    if value_shape == shape:
        return value
    stripped = value_shape
    while len(stripped) > len(shape) and stripped[0] == 1:
        stripped = stripped[1:]
    try:
        ok = numpy.broadcast_shapes(stripped, shape) == shape
    except ValueError:
        ok = False
    if not ok:
        if advanced:
            raise RuntimeError(
                f"shape mismatch: value tensor of shape {list(value_shape)} cannot be "
                f"broadcast to indexing result of shape {list(shape)}"
            )
        mismatch = next(
            (
                i
                for i in range(1, len(stripped) + 1)
                if i <= len(shape) and stripped[-i] not in (1, shape[-i])
            ),
            1,
        )
        raise RuntimeError(
            f"The expanded size of the tensor ({shape[-mismatch] if shape else 1}) must match "
            f"the existing size ({stripped[-mismatch]}) at non-singleton dimension "
            f"{len(shape) - mismatch}.  Target sizes: {list(shape)}.  Tensor sizes: "
            f"{list(stripped)}"
        )
    if stripped != value_shape:
        value = ops.reshape(value, stripped)
    return value if stripped == shape else ops.broadcast_to(value, shape)


_FILL_FLOATS = (core.float32, core.float64)


def setitem(tensor: Any, key: Any, value: Any) -> None:
    """``tensor[key] = value``: the value cast to the tensor's dtype (as ``copy_``) and
    broadcast; basic keys write through a view, tensor keys with ``index_put_``.

    A Python number written at a plain key (:func:`_plain_key`) of a tensor that is not a
    leaf (nor a view of one) goes straight to ``ops.set_item`` (a nonzero float in range
    of a float32/float64 tensor as it is, which core converts as ``checked_scalar``
    would; tensorflow may return -0.0 as 0.0 from its constant cache, so not zero)."""
    kind = type(value)
    if (kind is builtins.float or kind is builtins.int or kind is builtins.bool) and (
        tensor if tensor._root is None else tensor._root
    )._leaf is None:
        native = tensor._value if tensor._root is None else tensor.native
        if _plain_key(native.shape, key):
            dtype = core.as_core_dtype(native.dtype)
            if not (
                kind is builtins.float
                and value
                and dtype in _FILL_FLOATS
                and -3.0e38 < value < 3.0e38
            ):
                value = checked_scalar(value, dtype)
            tensor._assign(native_function("set_item", native)(native, key, value))
            return
    native = tensor.native
    simple = _simple_key(tensor, native, key)
    if simple is not None:
        (basic_key, strides), adv_key = simple, None
    else:
        basic_key, strides, adv_key = parse_key(tensor, key)
    dtype = core.as_core_dtype(native.dtype)
    raw_value = value
    value = as_native_of(value, dtype)
    target = tensor
    if basic_key is not None:
        target = _item_view(tensor, native, basic_key, strides)
    current = target.native
    if adv_key is None:
        target._assign(_broadcast_value(value, tuple(current.shape), False))
        return
    native_key = _native_key(adv_key)
    try:
        selected = ops.get_item(current, native_key)
    except IndexError as error:
        _raise_index_error(adv_key, tuple(current.shape), error)
    _check_index_put_dtype(adv_key, raw_value, dtype)
    value = _broadcast_value(value, tuple(selected.shape), True)
    target._assign(ops.set_item(current, native_key, value))


def _check_index_put_dtype(adv_key: tuple[Any, ...], value: Any, dtype: core.Dtype) -> None:
    """torch's ``index_put_`` takes a tensor value of the tensor's dtype only, except a
    one-element value with a single boolean mask (it fills, casting)."""
    from frontends.base.array import FrontendArray

    if not isinstance(value, FrontendArray):
        return
    source = core.as_core_dtype(value.native.dtype)
    if source == dtype:
        return
    entries = [e for e in adv_key if isinstance(e, _Advanced)]
    if len(entries) == 1 and entries[0].is_mask and math.prod(value.native.shape) == 1:
        return
    from frontends.torch._dtype import scalar_type_name

    raise RuntimeError(
        "Index put requires the source and destination dtypes match, got "
        f"{scalar_type_name(dtype)} for the destination and {scalar_type_name(source)} for "
        "the source."
    )


_CPP_NAMES = {
    "bool": "bool", "uint8": "uint8_t", "uint16": "uint16_t", "uint32": "uint32_t",
    "uint64": "uint64_t", "int8": "int8_t", "int16": "int16_t", "int32": "int",
    "int64": "int64_t", "bfloat16": "c10::BFloat16", "float16": "c10::Half",
    "float32": "float", "float64": "double", "complex64": "c10::complex<float>",
    "complex128": "c10::complex<double>",
}  # fmt: skip


def _overflows(value: Any, dtype: core.Dtype) -> builtins.bool:
    """torch's ``c10::overflows``: whether a Python scalar does not fit ``dtype`` (infinities
    fit floats; unsigned types take negative ints down to ``-max``, which wrap)."""
    if type(value) is builtins.bool or dtype.kind in "bc":
        return False
    if type(value) is builtins.complex:
        if value.imag:
            return True
        value = value.real
    low, highest = _range(dtype)
    if dtype.kind in "iu":
        if type(value) is builtins.float:
            return value != value or math.isinf(value) or not low <= value <= highest
        if dtype.kind == "u":
            low = -highest
        return not low <= value <= highest
    if math.isinf(value) or value != value:
        return False
    return not -highest <= value <= highest


@functools.cache
def _range(dtype: core.Dtype) -> tuple[Any, Any]:
    """The lowest and highest finite values of a real ``dtype`` (Python ints or floats)."""
    if dtype.kind in "iu":
        info = numpy.iinfo(str(dtype))
        return builtins.int(info.min), builtins.int(info.max)
    highest = {"bfloat16": 3.3895313892515355e38, "float16": 65504.0}.get(dtype)
    if highest is None:
        highest = builtins.float(numpy.finfo(str(dtype)).max)
    return -highest, highest


def checked_scalar(value: Any, dtype: core.Dtype) -> Any:
    """A Python scalar as a 0-d native array of ``dtype``, refused as torch refuses a
    fill value that overflows it (``full``, ``fill_``, ``x[i] = v``, ``masked_fill``)."""
    if _overflows(value, dtype):
        raise RuntimeError(
            f"value cannot be converted to type {_CPP_NAMES[str(dtype)]} without overflow"
        )
    if type(value) is builtins.int and dtype.kind in "iu":
        from frontends.base.functions import wrap_integer

        value = wrap_integer(value, dtype)
    elif type(value) is builtins.complex and dtype.kind != "c":
        value = value.real if dtype.kind != "b" else builtins.bool(value)
    if type(value) is builtins.float and dtype.kind in "iub":
        value = builtins.int(value) if dtype.kind != "b" else builtins.bool(value)
    return ops.asarray(value, dtype=dtype)


def as_native_of(value: Any, dtype: core.Dtype) -> Any:
    """A value (tensor, scalar, list, array) as a native array of ``dtype``: tensors cast
    as ``copy_`` casts (any dtype to any), Python scalars checked (:func:`checked_scalar`)."""
    from frontends.base.array import FrontendArray, to_native

    if isinstance(value, numpy.generic):
        value = value.item()
    if isinstance(value, builtins.bool | builtins.int | builtins.float | builtins.complex):
        return checked_scalar(value, dtype)
    native = value.native if isinstance(value, FrontendArray) else to_native(value)
    return cast(native, dtype)


def cast(native: Any, dtype: core.Dtype, source: core.Dtype | None = None) -> Any:
    """``native`` (of core dtype ``source``, when the caller has it) as ``dtype`` with
    torch's casts: complex to bool is True where either part is nonzero (core keeps the
    real part), complex to real keeps the real part."""
    if source is None:
        source = core.as_core_dtype(native.dtype)
    if source == dtype:
        return native
    if source.kind == "c" and dtype.kind == "b":
        return ops.not_equal(native, ops.zeros((), dtype=source))
    return ops.astype(native, dtype)
