"""numpy's array manipulation routines (numpy docs, "Array manipulation routines").

Functions that give views in numpy (``reshape``, ``ravel``, ``transpose``, ``moveaxis``,
``swapaxes``, ``squeeze``, ``expand_dims``, ``flip``, ``rot90``, the ``split`` family,
``atleast_*d``) give views here too, through the ndarray's view machinery, so writes
reach the base on every backend; ``broadcast_to`` and ``broadcast_arrays`` give read-only
views. Joins, ``tile``, ``repeat``, ``roll``, ``pad`` ... give new arrays.
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Iterator, Sequence
from typing import Any

import numpy
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native, dtype_of, to_host
from frontends.numpy._core.multiarray import array, asarray, ndarray

__all__ = [
    "append", "array_split", "asarray_chkfinite", "atleast_1d", "atleast_2d", "atleast_3d",
    "block", "broadcast", "broadcast_arrays", "broadcast_shapes", "broadcast_to",
    "column_stack", "concat", "concatenate", "copyto", "delete", "dsplit", "dstack",
    "expand_dims", "flip", "fliplr", "flipud", "hsplit", "hstack", "insert",
    "matrix_transpose", "moveaxis", "ndim", "pad", "permute_dims", "ravel", "repeat",
    "require", "reshape", "resize", "roll", "rollaxis", "rot90", "row_stack", "shape", "size",
    "split", "squeeze", "stack", "swapaxes", "tile", "transpose", "trim_zeros", "unstack",
    "vsplit", "vstack",
]  # fmt: skip

_SCALARS = (builtins.bool, int, float, complex)


def _wrap(native: Any) -> ndarray:
    return ndarray._from_native(native)


def _nd(a: Any) -> ndarray:
    """``a`` as an ndarray, itself when it is one (so views reach it)."""
    return a if isinstance(a, ndarray) else asarray(a)


def _shape_of(native: Any) -> tuple[int, ...]:
    return tuple(int(e) for e in native.shape)


# ---------------------------------------------------------------------------------------
# basic operations and shapes
# ---------------------------------------------------------------------------------------
def copyto(dst: ndarray, src: Any, casting: str = "same_kind", where: Any = True) -> None:
    """np.copyto: writes ``src`` (broadcast, cast under ``casting``) into ``dst`` where
    ``where`` is true."""
    if not isinstance(dst, ndarray):
        raise TypeError(f"copyto() argument 1 must be numpy.ndarray, not {type(dst).__name__}")
    target = dtype_of(dst.native)
    if type(src) in _SCALARS:
        source = nt.result_type(src) if type(src) is not int else None
        if source is not None and not nt.can_cast(source, target, casting):
            if (
                (target.kind not in "c" and type(src) is complex)
                or (target.kind in "biu" and type(src) is float)
                or (target.kind == "b" and type(src) is int)
            ):
                raise TypeError(
                    f"Cannot cast scalar from {source!r} to {nt.numpy_dtype(target)!r} "
                    f"according to the rule {casting!r}"
                )
        if type(src) is int and target.kind == "b" and casting not in ("unsafe",):
            raise TypeError(
                f"Cannot cast scalar from dtype('int64') to dtype('bool') according to the "
                f"rule {casting!r}"
            )
        if type(src) is int and target.kind in "iu":
            nt.check_python_int(src, target)
        value = (
            ops.asarray(builtins.bool(src))
            if target.kind == "b"
            else ops.asarray(src, dtype=target)
        )
    else:
        value = as_native(src)
        if not nt.can_cast(nt.numpy_dtype(dtype_of(value)), target, casting):
            raise TypeError(
                f"Cannot cast array data from {nt.numpy_dtype(dtype_of(value))!r} to "
                f"{nt.numpy_dtype(target)!r} according to the rule {casting!r}"
            )
        value = ops.astype(value, target) if dtype_of(value) != target else value
    shape = dst.shape
    try:
        value = ops.broadcast_to(value, shape)
    except ValueError:
        raise ValueError(
            f"could not broadcast input array from shape {_shape_of(value)} into shape {shape}"
        ) from None
    if where is True:
        dst._assign(value)
        return
    mask = as_native(where)
    if dtype_of(mask) != core.bool:
        raise TypeError(
            f"Cannot cast array data from {nt.numpy_dtype(dtype_of(mask))!r} to dtype('bool') "
            "according to the rule 'safe'"
        )
    dst._assign(ops.where(ops.broadcast_to(mask, shape), value, dst.native))


def shape(a: Any) -> tuple[int, ...]:
    return a.shape if isinstance(a, ndarray) else _shape_of(as_native(a))


def ndim(a: Any) -> int:
    return a.ndim if isinstance(a, ndarray) else len(as_native(a).shape)


def size(a: Any, axis: Any = None) -> int:
    dims = shape(a)
    if axis is None:
        result = 1
        for extent in dims:
            result *= extent
        return result
    axes = normalize_axis_tuple(axis, len(dims))
    result = 1
    for ax in axes:
        result *= dims[ax]
    return result


def _fortran(a: ndarray, shape: tuple[int, ...]) -> ndarray:
    flat = a.transpose().reshape(-1)
    return flat.reshape(tuple(reversed(shape))).transpose()


def reshape(a: Any, /, shape: Any = None, order: str = "C", *, copy: Any = None) -> ndarray:
    """np.reshape: a view (``order="F"`` too, as a chain of transposes)."""
    if shape is None:
        raise TypeError("reshape() missing required argument 'shape' (pos 1)")
    a = _nd(a)
    if copy:
        a = a.copy()
    order = _order(order)
    if order == "F":
        from frontends.numpy._core.multiarray import _shape_tuple

        return _fortran(a, _shape_tuple(shape, a.size))
    if order not in ("C", "A"):
        raise ValueError(f"order must be one of 'C', 'F', 'A' (got {order!r})")
    return a.reshape(shape)


def _order(order: Any) -> Any:
    """numpy's memory order argument: a letter in either case (``'f'`` is ``'F'``)."""
    return order.upper() if isinstance(order, str) and len(order) == 1 else order


def ravel(a: Any, order: str = "C") -> ndarray:
    """np.ravel: a view (numpy copies when the array is not contiguous)."""
    a = _nd(a)
    if _order(order) == "F":
        return a.transpose().reshape(-1)
    return a.reshape(-1)


# ---------------------------------------------------------------------------------------
# transpose-like
# ---------------------------------------------------------------------------------------
def moveaxis(a: Any, source: Any, destination: Any) -> ndarray:
    a = _nd(a)
    source = normalize_axis_tuple(source, a.ndim, "source")
    destination = normalize_axis_tuple(destination, a.ndim, "destination")
    if len(source) != len(destination):
        raise ValueError(
            "`source` and `destination` arguments must have the same number of elements"
        )
    order = [n for n in range(a.ndim) if n not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return a.transpose(order)


def rollaxis(a: Any, axis: int, start: int = 0) -> ndarray:
    a = _nd(a)
    n = a.ndim
    axis = normalize_axis_index(axis, n)
    if start < 0:
        start += n
    if not (0 <= start < n + 1):
        raise numpy.exceptions.AxisError(
            f"'start' arg requires {-n} <= start < {n + 1}, but {start} was passed in"
        )
    if axis < start:
        start -= 1
    if axis == start:
        return a[...]
    axes = list(range(n))
    axes.remove(axis)
    axes.insert(start, axis)
    return a.transpose(axes)


def swapaxes(a: Any, axis1: int, axis2: int) -> ndarray:
    return _nd(a).swapaxes(axis1, axis2)


def transpose(a: Any, axes: Any = None) -> ndarray:
    a = _nd(a)
    return a.transpose() if axes is None else a.transpose(axes)


def permute_dims(a: Any, axes: Any = None) -> ndarray:
    return transpose(a, axes)


def matrix_transpose(x: Any, /) -> ndarray:
    x = _nd(x)
    if x.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {x.ndim}")
    return x.swapaxes(-1, -2)


# ---------------------------------------------------------------------------------------
# dimensions
# ---------------------------------------------------------------------------------------
def _atleast(arys: tuple[Any, ...], make: Any) -> Any:
    results = tuple(make(_nd(a)) for a in arys)
    return results[0] if len(results) == 1 else results


def atleast_1d(*arys: Any) -> Any:
    return _atleast(arys, lambda a: a.reshape(1) if a.ndim == 0 else a)


def atleast_2d(*arys: Any) -> Any:
    def make(a: ndarray) -> ndarray:
        if a.ndim == 0:
            return a.reshape(1, 1)
        if a.ndim == 1:
            return a.reshape(1, a.shape[0])
        return a

    return _atleast(arys, make)


def atleast_3d(*arys: Any) -> Any:
    def make(a: ndarray) -> ndarray:
        if a.ndim == 0:
            return a.reshape(1, 1, 1)
        if a.ndim == 1:
            return a.reshape(1, a.shape[0], 1)
        if a.ndim == 2:
            return a.reshape(*a.shape, 1)
        return a

    return _atleast(arys, make)


def broadcast_shapes(*args: Any) -> tuple[int, ...]:
    return numpy.broadcast_shapes(*args)


def _broadcast_view(a: ndarray, shape: tuple[int, ...]) -> ndarray:
    return a._make_view(lambda value: ops.broadcast_to(value, shape), None)


def broadcast_to(array: Any, shape: Any, subok: bool = False) -> ndarray:
    """np.broadcast_to: a read-only view."""
    a = _nd(array)
    shape = (shape,) if isinstance(shape, int | numpy.integer) else tuple(shape)
    shape = tuple(operator.index(e) for e in shape)
    if any(e < 0 for e in shape):
        raise ValueError("all elements of broadcast shape must be non-negative")
    # numpy's error for shapes that do not broadcast
    numpy.broadcast_to(numpy.empty(a.shape, dtype=numpy.bool_), shape)
    return _broadcast_view(a, shape)


def broadcast_arrays(*args: Any, subok: bool = False) -> tuple[ndarray, ...]:
    """np.broadcast_arrays: a tuple; inputs that need broadcasting give read-only views
    (numpy's are writeable with a warning), the others come back as they are."""
    arrays = [_nd(a) for a in args]
    target = numpy.broadcast_shapes(*(a.shape for a in arrays))
    return tuple(a if a.shape == target else _broadcast_view(a, target) for a in arrays)


class broadcast:
    """np.broadcast: the broadcast shape of its arguments, and iteration over tuples of
    their broadcast elements (numpy scalars, read on the host)."""

    def __init__(self, *args: Any) -> None:
        if len(args) > 64:
            raise ValueError("Need at least 0 and at most 64 array objects.")
        self._arrays = [a._arrays if isinstance(a, broadcast) else None for a in args]  # type: ignore[assignment]
        flat: list[Any] = []
        for a in args:
            if isinstance(a, broadcast):
                flat.extend(a.iters_arrays)
            else:
                flat.append(_nd(a))
        self.iters_arrays = flat
        self.shape = numpy.broadcast_shapes(*(a.shape for a in flat))
        self.index = 0

    @property
    def nd(self) -> int:
        return len(self.shape)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def numiter(self) -> int:
        return len(self.iters_arrays)

    @property
    def size(self) -> int:
        result = 1
        for extent in self.shape:
            result *= extent
        return result

    @property
    def iters(self) -> tuple[Any, ...]:
        return tuple(broadcast_to(a, self.shape).flat for a in self.iters_arrays)

    def _hosts(self) -> list[numpy.ndarray]:
        return [
            numpy.broadcast_to(to_host(a.stored), self.shape).reshape(-1) for a in self.iters_arrays
        ]

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        hosts = self._hosts()
        while self.index < self.size:
            item = tuple(h[self.index] for h in hosts)
            self.index += 1
            yield item

    def __next__(self) -> tuple[Any, ...]:
        if self.index >= self.size:
            raise StopIteration
        item = tuple(h[self.index] for h in self._hosts())
        self.index += 1
        return item

    def reset(self) -> None:
        self.index = 0


def expand_dims(a: Any, axis: Any) -> ndarray:
    a = _nd(a)
    axis = (axis,) if not isinstance(axis, tuple | list) else tuple(axis)
    out_ndim = len(axis) + a.ndim
    axis = normalize_axis_tuple(axis, out_ndim)
    dims = iter(a.shape)
    new_shape = tuple(1 if ax in axis else next(dims) for ax in range(out_ndim))
    return a.reshape(new_shape)


def squeeze(a: Any, axis: Any = None) -> ndarray:
    a = _nd(a)
    if axis is not None and not isinstance(axis, tuple):
        axis = (axis,) if not isinstance(axis, list) else tuple(axis)
    return a.squeeze(axis)


def asarray_chkfinite(a: Any, dtype: Any = None, order: Any = None) -> ndarray:
    """np.asarray_chkfinite: checks the values on the host (the error depends on them)."""
    result = asarray(a, dtype=dtype)
    if dtype_of(result.native).kind in "fc" and not builtins.bool(
        to_host(ops.all(ops.isfinite(result.native)))
    ):
        raise ValueError("array must not contain infs or NaNs")
    return result


def require(a: Any, dtype: Any = None, requirements: Any = None, *, like: Any = None) -> ndarray:
    """np.require: flags other than writeable are always met (backends own the layout)."""
    result = asarray(a, dtype=dtype)
    if requirements:
        names = {requirements} if isinstance(requirements, str) else set(requirements)
        mapped = set()
        for name in names:
            key = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F",
                   "F_CONTIGUOUS": "F", "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W",
                   "WRITEABLE": "W", "O": "O", "OWNDATA": "O", "E": "E",
                   "ENSUREARRAY": "E"}.get(name.upper())  # fmt: skip
            if key is None:
                raise KeyError(name)
            mapped.add(key)
        if ("W" in mapped and not result._writeable) or ("O" in mapped and result.base is not None):
            result = result.copy()
    return result


# ---------------------------------------------------------------------------------------
# joining
# ---------------------------------------------------------------------------------------
def _as_sequence(arrays: Any, what: str = "stack") -> list[Any]:
    if not isinstance(arrays, Sequence) and not isinstance(arrays, FrontendArray | numpy.ndarray):
        if hasattr(arrays, "__iter__"):
            raise TypeError(
                f'arrays to {what} must be passed as a "sequence" type such as list or tuple.'
            )
    return list(arrays)


def _join_dtype(natives: list[Any], dtype: Any, casting: str) -> core.Dtype:
    if dtype is None:
        return nt.core_result_type(*natives)
    target = nt.as_core(dtype)
    for n in natives:
        if not nt.can_cast(nt.numpy_dtype(dtype_of(n)), target, casting):
            raise TypeError(
                f"Cannot cast array data from {nt.numpy_dtype(dtype_of(n))!r} to "
                f"{nt.numpy_dtype(target)!r} according to the rule {casting!r}"
            )
    return target


def _cast(native: Any, dtype: core.Dtype) -> Any:
    return native if dtype_of(native) == dtype else ops.astype(native, dtype)


_CASTINGS = frozenset({"no", "equiv", "safe", "same_kind", "unsafe"})


def _out_or_dtype(name: str, out: Any, dtype: Any) -> None:
    if out is not None and dtype is not None:
        raise TypeError(
            f"{name}() only takes `out` or `dtype` as an argument, but both were provided."
        )


def _out_dtype(out: Any, dtype: Any) -> Any:
    """The dtype a joining function casts to under its ``casting`` rule: ``out``'s when
    given, as in numpy (a host-held ``out`` routes the call to numpy's own)."""
    return dtype if out is None else out.dtype


def _write_or_wrap(result: Any, out: Any) -> ndarray:
    if out is None:
        return _wrap(result)
    if tuple(out.shape) != _shape_of(result):
        raise ValueError("Output array is the wrong shape")
    out._assign(ops.astype(result, dtype_of(out.native)))
    return out


def _concat_natives(natives: list[Any], axis: Any, dtype: Any, casting: str) -> Any:
    if casting not in _CASTINGS:
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")
    if not natives:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        natives = [ops.reshape(n, (-1,)) for n in natives]
        axis = 0
    first = _shape_of(natives[0])
    if len(first) == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = normalize_axis_index(axis, len(first))
    for index, n in enumerate(natives[1:], start=1):
        shape_n = _shape_of(n)
        if len(shape_n) != len(first):
            raise ValueError(
                "all the input arrays must have same number of dimensions, but the array at "
                f"index 0 has {len(first)} dimension(s) and the array at index {index} has "
                f"{len(shape_n)} dimension(s)"
            )
        for dim, (x, y) in enumerate(zip(first, shape_n)):
            if dim != axis and x != y:
                raise ValueError(
                    "all the input array dimensions except for the concatenation axis must "
                    f"match exactly, but along dimension {dim}, the array at index 0 has size "
                    f"{x} and the array at index {index} has size {y}"
                )
    target = _join_dtype(natives, dtype, casting)
    natives = [_cast(n, target) for n in natives]
    if len(natives) == 1:
        return ops.asarray(natives[0], copy=True)
    return ops.concat(natives, axis=axis)


def concatenate(arrays: Any, axis: Any = 0, out: Any = None, *, dtype: Any = None,
                casting: str = "same_kind") -> ndarray:  # fmt: skip
    _out_or_dtype("concatenate", out, dtype)
    natives = [as_native(a) for a in _as_sequence(arrays, "concatenate")]
    return _write_or_wrap(_concat_natives(natives, axis, _out_dtype(out, dtype), casting), out)


concat = concatenate


def stack(arrays: Any, axis: int = 0, out: Any = None, *, dtype: Any = None,
          casting: str = "same_kind") -> ndarray:  # fmt: skip
    _out_or_dtype("stack", out, dtype)
    natives = [as_native(a) for a in _as_sequence(arrays)]
    if not natives:
        raise ValueError("need at least one array to stack")
    shapes = {_shape_of(n) for n in natives}
    if len(shapes) != 1:
        raise ValueError("all input arrays must have the same shape")
    ndim_out = len(natives[0].shape) + 1
    axis = normalize_axis_index(axis, ndim_out)
    expanded = [ops.expand_dims(n, axis=axis) for n in natives]
    return _write_or_wrap(_concat_natives(expanded, axis, _out_dtype(out, dtype), casting), out)


def vstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> ndarray:
    arrs = atleast_2d(*_as_sequence(tup))
    arrs = [arrs] if not isinstance(arrs, tuple) else list(arrs)
    return concatenate(arrs, 0, dtype=dtype, casting=casting)


row_stack = vstack


def hstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> ndarray:
    arrs = atleast_1d(*_as_sequence(tup))
    arrs = [arrs] if not isinstance(arrs, tuple) else list(arrs)
    axis = 0 if arrs and arrs[0].ndim == 1 else 1
    return concatenate(arrs, axis, dtype=dtype, casting=casting)


def dstack(tup: Any) -> ndarray:
    arrs = atleast_3d(*_as_sequence(tup))
    arrs = [arrs] if not isinstance(arrs, tuple) else list(arrs)
    return concatenate(arrs, 2)


def column_stack(tup: Any) -> ndarray:
    arrays = []
    for v in _as_sequence(tup):
        arr = _nd(v)
        if arr.ndim < 2:
            arr = array(arr, copy=None, ndmin=2).T
        arrays.append(arr)
    return concatenate(arrays, 1)


def _block_depth(item: Any, index: list[int]) -> tuple[int, list[int]]:
    if type(item) is tuple:
        raise TypeError(
            f"{_index_str(index)} is a tuple. Only lists can be used to arrange blocks, and "
            "np.block does not allow implicit conversion from tuple to ndarray."
        )
    if type(item) is list:
        if len(item) == 0:
            raise ValueError(f"List at {_index_str(index)} cannot be empty")
        depths = [_block_depth(sub, [*index, i]) for i, sub in enumerate(item)]
        first = depths[0][0]
        for depth, where in depths[1:]:
            if depth != first:
                raise ValueError(
                    f"List depths are mismatched. First element was at depth {first}, but "
                    f"there is an element at depth {depth} ({_index_str(where)})"
                )
        return first, depths[0][1]
    return len(index), index


def _index_str(index: list[int]) -> str:
    return "arrays" + "".join(f"[{i}]" for i in index)


def _block_max_ndim(item: Any) -> int:
    if type(item) is list:
        return builtins.max(_block_max_ndim(sub) for sub in item)
    return len(as_native(item).shape)


def block(arrays: Any) -> ndarray:
    """np.block: nested lists joined innermost-last along the trailing axes."""
    list_ndim, _ = _block_depth(arrays, [])
    result_ndim = builtins.max(list_ndim, _block_max_ndim(arrays))

    def build(item: Any, depth: int) -> Any:
        if type(item) is list:
            parts = [build(sub, depth + 1) for sub in item]
            return _concat_natives(parts, -(list_ndim - depth), None, "same_kind")
        native = as_native(item)
        shape_n = _shape_of(native)
        return ops.reshape(native, (1,) * (result_ndim - len(shape_n)) + shape_n)

    result = build(arrays, 0)
    if list_ndim == 0:
        result = ops.asarray(result, copy=True)
    return _wrap(result)


# ---------------------------------------------------------------------------------------
# splitting (views)
# ---------------------------------------------------------------------------------------
def _axis_slice(ndim_: int, axis: int, sl: slice) -> tuple[Any, ...]:
    return (slice(None),) * axis + (sl,)


def array_split(ary: Any, indices_or_sections: Any, axis: int = 0) -> list[ndarray]:
    ary = _nd(ary)
    axis = normalize_axis_index(axis, ary.ndim) if ary.ndim else axis
    n_total = ary.shape[axis]
    try:
        n_sections = len(indices_or_sections) + 1
        div_points = [0, *(int(i) for i in indices_or_sections), n_total]
    except TypeError:
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        each, extras = divmod(n_total, sections)
        sizes = [0] + extras * [each + 1] + (sections - extras) * [each]
        div_points = list(numpy.cumsum(sizes))
        n_sections = sections
    result = []
    for i in range(n_sections):
        start, end = int(div_points[i]), int(div_points[i + 1])
        result.append(ary[_axis_slice(ary.ndim, axis, slice(start, end))])
    return result


def split(ary: Any, indices_or_sections: Any, axis: int = 0) -> list[ndarray]:
    try:
        len(indices_or_sections)
    except TypeError:
        sections = indices_or_sections
        n = _nd(ary).shape[axis]
        if sections == 0 or n % sections:
            if sections == 0:
                raise ZeroDivisionError("integer modulo by zero") from None
            raise ValueError("array split does not result in an equal division") from None
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary: Any, indices_or_sections: Any) -> list[ndarray]:
    ary = _nd(ary)
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary: Any, indices_or_sections: Any) -> list[ndarray]:
    ary = _nd(ary)
    if ary.ndim < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return split(ary, indices_or_sections, 0)


def dsplit(ary: Any, indices_or_sections: Any) -> list[ndarray]:
    ary = _nd(ary)
    if ary.ndim < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return split(ary, indices_or_sections, 2)


def unstack(x: Any, /, *, axis: int = 0) -> tuple[ndarray, ...]:
    x = _nd(x)
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    moved = moveaxis(x, axis, 0)
    return tuple(moved[i] for i in range(moved.shape[0]))


# ---------------------------------------------------------------------------------------
# tiling, repeating, adding and removing elements
# ---------------------------------------------------------------------------------------
def tile(A: Any, reps: Any) -> ndarray:
    native = as_native(A)
    tup = (
        (operator.index(reps),)
        if not isinstance(reps, Sequence) and not hasattr(reps, "__len__")
        else tuple(operator.index(r) for r in reps)
    )
    ndim_a = len(native.shape)
    if all(r == 1 for r in tup) and ndim_a >= len(tup):
        return _wrap(ops.asarray(native, copy=True))
    if any(r < 0 for r in tup):
        raise ValueError("negative dimensions are not allowed")
    full_reps = (1,) * (ndim_a - len(tup)) + tup
    shape_a = (1,) * (len(full_reps) - ndim_a) + _shape_of(native)
    native = ops.reshape(native, shape_a)
    if any(r == 0 for r in full_reps) or any(e == 0 for e in shape_a):
        return _wrap(
            ops.zeros(tuple(s * r for s, r in zip(shape_a, full_reps)), dtype=dtype_of(native))
        )
    return _wrap(ops.tile(native, full_reps))


def repeat(a: Any, repeats: Any, axis: Any = None) -> ndarray:
    native = as_native(a)
    if axis is None:
        native = ops.reshape(native, (-1,))
        axis = 0
    else:
        axis = normalize_axis_index(axis, len(native.shape))
    reps_host = numpy.asarray(to_host(repeats.stored) if isinstance(repeats, ndarray) else repeats)
    if reps_host.dtype.kind not in "iub":
        reps_host = reps_host.astype(numpy.int64, casting="same_kind")
    if (reps_host < 0).any():
        raise ValueError("repeats may not contain negative values.")
    n = int(native.shape[axis])
    if reps_host.ndim > 1 or (reps_host.ndim == 1 and reps_host.size not in (1, n)):
        raise ValueError(
            f"operands could not be broadcast together with shape ({n},) ({reps_host.size},)"
        )
    counts = numpy.broadcast_to(reps_host.astype(numpy.int64).reshape(-1), (n,))
    index = numpy.repeat(numpy.arange(n), counts)
    return _wrap(ops.take(native, ops.asarray(index), axis=axis))


def delete(arr: Any, obj: Any, axis: Any = None) -> ndarray:
    """np.delete: the kept positions are worked out on the host (bookkeeping on indices),
    the values taken on the backend."""
    native = as_native(arr)
    if axis is None:
        native = ops.reshape(native, (-1,))
        axis = 0
    else:
        axis = normalize_axis_index(axis, len(native.shape))
    n = int(native.shape[axis])
    if isinstance(obj, slice):
        keep = numpy.ones(n, dtype=bool)
        keep[obj] = False
    else:
        if isinstance(obj, ndarray):
            obj = to_host(obj.stored)
        if isinstance(obj, int | numpy.integer) and not isinstance(
            obj, builtins.bool | numpy.bool_
        ):
            obj = int(obj)
            if obj < -n or obj >= n:
                raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
            keep = numpy.ones(n, dtype=bool)
            keep[obj] = False
        else:
            host_obj = numpy.asarray(obj)
            if host_obj.size == 0 and not isinstance(obj, numpy.ndarray):
                host_obj = host_obj.astype(numpy.intp)
            if host_obj.dtype == bool:
                if host_obj.shape != (n,):
                    raise ValueError(
                        "boolean array argument obj to delete must be one dimensional and "
                        f"match the axis length of {n}"
                    )
                keep = ~host_obj
            else:
                if host_obj.size == 1 and host_obj.dtype.kind in "ui":
                    value = int(host_obj.item())
                    if value < -n or value >= n:
                        raise IndexError(
                            f"index {value} is out of bounds for axis {axis} with size {n}"
                        )
                keep = numpy.ones(n, dtype=bool)
                keep[host_obj,] = False
    index = numpy.flatnonzero(keep)
    return _wrap(ops.take(native, ops.asarray(index), axis=axis))


def insert(arr: Any, obj: Any, values: Any, axis: Any = None) -> ndarray:
    """np.insert, numpy's algorithm (positions on the host, values on the backend)."""
    from frontends.numpy.creation import empty

    arr = asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        axis = 0
    else:
        axis = normalize_axis_index(axis, arr.ndim)
    nd_ = arr.ndim
    slobj: list[Any] = [slice(None)] * nd_
    n = arr.shape[axis]
    newshape = list(arr.shape)
    if isinstance(obj, slice):
        indices = numpy.arange(*obj.indices(n), dtype=numpy.intp)
    else:
        indices = numpy.array(to_host(obj.stored) if isinstance(obj, ndarray) else obj)
        if indices.dtype == bool:
            if indices.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            indices = numpy.flatnonzero(indices)
        elif indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if indices.size == 1:
        index = indices.item()
        if index < -n or index > n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        if index < 0:
            index += n
        values = array(values, copy=None, ndmin=arr.ndim, dtype=arr.dtype)
        if indices.ndim == 0:
            values = moveaxis(values, 0, axis)
        numnew = values.shape[axis]
        newshape[axis] += numnew
        new = empty(newshape, arr.dtype)
        slobj[axis] = slice(None, index)
        new[tuple(slobj)] = arr[tuple(slobj)]
        slobj[axis] = slice(index, index + numnew)
        new[tuple(slobj)] = values
        slobj[axis] = slice(index + numnew, None)
        slobj2: list[Any] = [slice(None)] * nd_
        slobj2[axis] = slice(index, None)
        new[tuple(slobj)] = arr[tuple(slobj2)]
        return new
    if indices.size == 0 and not isinstance(obj, numpy.ndarray | ndarray):
        indices = indices.astype(numpy.intp)
    if indices.dtype.kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    indices = indices.astype(numpy.intp)
    indices[indices < 0] += n
    numnew = len(indices)
    order = indices.argsort(kind="mergesort")
    indices[order] += numpy.arange(numnew)
    newshape[axis] += numnew
    old_mask = numpy.ones(newshape[axis], dtype=bool)
    old_mask[indices] = False
    new = empty(newshape, arr.dtype)
    slobj2 = [slice(None)] * nd_
    slobj[axis] = indices
    slobj2[axis] = old_mask
    new[tuple(slobj)] = values
    new[tuple(slobj2)] = arr
    return new


def append(arr: Any, values: Any, axis: Any = None) -> ndarray:
    a, v = as_native(arr), as_native(values)
    if axis is None:
        a = ops.reshape(a, (-1,))
        v = ops.reshape(v, (-1,))
        axis = len(a.shape) - 1
    return _wrap(_concat_natives([a, v], axis, None, "same_kind"))


def resize(a: Any, new_shape: Any) -> ndarray:
    native = as_native(a)
    if isinstance(new_shape, int | numpy.integer):
        new_shape = (new_shape,)
    new_shape = tuple(operator.index(e) for e in new_shape)
    new_size = 1
    for extent in new_shape:
        if extent < 0:
            raise ValueError("all elements of `new_shape` must be non-negative")
        new_size *= extent
    flat = ops.reshape(native, (-1,))
    old_size = int(flat.shape[0])
    if old_size == 0 or new_size == 0:
        return _wrap(ops.zeros(new_shape, dtype=dtype_of(native)))
    repeats = -(-new_size // old_size)
    if repeats > 1:
        flat = ops.concat([flat] * repeats, axis=0)
    return _wrap(ops.reshape(flat[:new_size], new_shape))


def trim_zeros(filt: Any, trim: str = "fb", axis: Any = None) -> Any:
    """np.trim_zeros: the bounds of the non-zero region are read on the host (they set the
    result's shape); the result is a view, as numpy's slice is."""
    filt_ = _nd(filt)
    trim = trim.lower()
    if trim not in {"fb", "bf", "f", "b"}:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    axis_tuple = (
        tuple(range(filt_.ndim)) if axis is None else normalize_axis_tuple(axis, filt_.ndim, "axis")
    )
    if not axis_tuple:
        return filt
    nonzero = to_host(ops.not_equal(filt_.native, ops.zeros((), dtype=dtype_of(filt_.native))))
    coords = numpy.argwhere(nonzero)
    if coords.size == 0:
        start = stop = [0] * filt_.ndim
    else:
        start = list(coords.min(axis=0))
        stop = list(coords.max(axis=0) + 1)
        if "f" not in trim:
            start = [None] * filt_.ndim
        if "b" not in trim:
            stop = [None] * filt_.ndim
    sl = tuple(
        slice(
            None if start[ax] is None else int(start[ax]),
            None if stop[ax] is None else int(stop[ax]),
        )
        if ax in axis_tuple
        else slice(None)
        for ax in range(filt_.ndim)
    )
    if len(sl) == 1 and not isinstance(filt, ndarray | numpy.ndarray) and isinstance(filt, list):
        return filt[sl[0]]
    return filt_[sl]


# ---------------------------------------------------------------------------------------
# rearranging
# ---------------------------------------------------------------------------------------
def flip(m: Any, axis: Any = None) -> ndarray:
    """np.flip: a view (reversed basic slices)."""
    m = _nd(m)
    axes = tuple(range(m.ndim)) if axis is None else normalize_axis_tuple(axis, m.ndim)
    key = tuple(slice(None, None, -1) if ax in axes else slice(None) for ax in range(m.ndim))
    return m[key] if key else m[...]


def fliplr(m: Any) -> ndarray:
    m = _nd(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return m[:, ::-1]


def flipud(m: Any) -> ndarray:
    m = _nd(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return m[::-1, ...]


def roll(a: Any, shift: Any, axis: Any = None) -> ndarray:
    native = as_native(a)
    if axis is None:
        flat = ops.reshape(native, (-1,))
        return _wrap(ops.reshape(roll(_wrap(flat), shift, 0).native, _shape_of(native)))
    nd_ = len(native.shape)
    axes = normalize_axis_tuple(axis, nd_, allow_duplicate=True)
    shift_host = to_host(shift.stored) if isinstance(shift, ndarray) else numpy.asarray(shift)
    pairs = numpy.broadcast(shift_host, numpy.asarray(axes))
    if pairs.ndim > 1:
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
    total = [0] * nd_
    for sh, ax in pairs:
        total[int(ax)] += int(sh)
    result = native
    for ax, sh in enumerate(total):
        n = int(native.shape[ax])
        if n and sh % n:
            result = ops.roll(result, sh % n, axis=ax)
    if result is native:
        result = ops.asarray(native, copy=True)
    return _wrap(result)


def rot90(m: Any, k: int = 1, axes: Any = (0, 1)) -> ndarray:
    """np.rot90: a view (flips and a transpose), as numpy's is."""
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    m = _nd(m)
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError("Axes must be different.")
    if axes[0] >= m.ndim or axes[0] < -m.ndim or axes[1] >= m.ndim or axes[1] < -m.ndim:
        raise ValueError(f"Axes={axes} out of range for array of ndim={m.ndim}.")
    k %= 4
    if k == 0:
        return m[:]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    axes_list = list(range(m.ndim))
    axes_list[axes[0]], axes_list[axes[1]] = axes_list[axes[1]], axes_list[axes[0]]
    if k == 1:
        return transpose(flip(m, axes[1]), axes_list)
    return flip(transpose(m, axes_list), axes[1])


# ---------------------------------------------------------------------------------------
# pad: numpy's algorithm on ndarray views
# ---------------------------------------------------------------------------------------
def _slice_at_axis(sl: slice, axis: int) -> tuple[Any, ...]:
    return (slice(None),) * axis + (sl, Ellipsis)


def _view_roi(padded: ndarray, original_area_slice: tuple[slice, ...], axis: int) -> ndarray:
    axis += 1
    return padded[(slice(None),) * axis + original_area_slice[axis:]]


def _pad_simple(array_: ndarray, pad_width: Any, fill_value: Any = None) -> Any:
    from frontends.numpy.creation import zeros

    new_shape = tuple(
        left + extent + right for extent, (left, right) in zip(array_.shape, pad_width)
    )
    padded = zeros(new_shape, dtype=array_.dtype)
    if fill_value is not None and fill_value != 0:
        padded.fill(fill_value)
    original_area_slice = tuple(
        slice(left, left + extent) for extent, (left, right) in zip(array_.shape, pad_width)
    )
    padded[original_area_slice] = array_
    return padded, original_area_slice


def _set_pad_area(padded: ndarray, axis: int, width_pair: Any, value_pair: Any) -> None:
    padded[_slice_at_axis(slice(None, width_pair[0]), axis)] = value_pair[0]
    padded[_slice_at_axis(slice(padded.shape[axis] - width_pair[1], None), axis)] = value_pair[1]


def _get_edges(padded: ndarray, axis: int, width_pair: Any) -> tuple[ndarray, ndarray]:
    left_index = width_pair[0]
    left_edge = padded[_slice_at_axis(slice(left_index, left_index + 1), axis)]
    right_index = padded.shape[axis] - width_pair[1]
    right_edge = padded[_slice_at_axis(slice(right_index - 1, right_index), axis)]
    return left_edge.copy(), right_edge.copy()


def _get_linear_ramps(padded: ndarray, axis: int, width_pair: Any, end_value_pair: Any) -> Any:
    from frontends.numpy.creation import linspace

    edge_pair = _get_edges(padded, axis, width_pair)
    left_ramp, right_ramp = (
        linspace(
            end_value, edge.squeeze(axis), num=width, endpoint=False, dtype=padded.dtype, axis=axis
        )
        for end_value, edge, width in zip(end_value_pair, edge_pair, width_pair)
    )
    right_ramp = right_ramp[_slice_at_axis(slice(None, None, -1), axis)]
    return left_ramp, right_ramp


def _stat(name: str, chunk: ndarray, axis: int, dtype: numpy.dtype) -> ndarray:
    native = chunk.native
    kind = dtype.kind
    if name in ("maximum", "minimum"):
        reducer = ops.max if name == "maximum" else ops.min
        return _wrap(reducer(native, axis=axis, keepdims=True))
    work = native if kind in "fc" else ops.astype(native, core.float64)
    if name == "mean":
        result = ops.mean(work, axis=axis, keepdims=True)
    else:
        result = ops.median(work, axis=axis, keepdims=True)
    if kind in "iu":
        result = ops.round(result)
    return _wrap(result)


def _get_stats(padded: ndarray, axis: int, width_pair: Any, length_pair: Any, name: str) -> Any:
    left_index = width_pair[0]
    right_index = padded.shape[axis] - width_pair[1]
    max_length = right_index - left_index
    left_length, right_length = length_pair
    if left_length is None or max_length < left_length:
        left_length = max_length
    if right_length is None or max_length < right_length:
        right_length = max_length
    if (left_length == 0 or right_length == 0) and name in ("maximum", "minimum"):
        raise ValueError("stat_length of 0 yields no value for padding")
    left_chunk = padded[_slice_at_axis(slice(left_index, left_index + left_length), axis)]
    left_stat = _stat(name, left_chunk, axis, padded.dtype)
    if left_length == right_length == max_length:
        return left_stat, left_stat
    right_chunk = padded[_slice_at_axis(slice(right_index - right_length, right_index), axis)]
    return left_stat, _stat(name, right_chunk, axis, padded.dtype)


def _set_reflect_both(padded: ndarray, axis: int, width_pair: Any, method: str,
                      original_period: int, include_edge: bool = False) -> Any:  # fmt: skip
    left_pad, right_pad = width_pair
    old_length = padded.shape[axis] - right_pad - left_pad
    if include_edge:
        old_length = old_length // original_period * original_period
        edge_offset = 1
    else:
        old_length = (old_length - 1) // (original_period - 1) * (original_period - 1) + 1
        edge_offset = 0
        old_length -= 1
    if left_pad > 0:
        chunk_length = builtins.min(old_length, left_pad)
        stop = left_pad - edge_offset
        start = stop + chunk_length
        left_chunk = padded[_slice_at_axis(slice(start, stop, -1), axis)].copy()
        if method == "odd":
            edge = padded[_slice_at_axis(slice(left_pad, left_pad + 1), axis)]
            left_chunk = 2 * edge - left_chunk
        padded[_slice_at_axis(slice(left_pad - chunk_length, left_pad), axis)] = left_chunk
        left_pad -= chunk_length
    if right_pad > 0:
        chunk_length = builtins.min(old_length, right_pad)
        start = -right_pad + edge_offset - 2
        stop = start - chunk_length
        right_chunk = padded[_slice_at_axis(slice(start, stop, -1), axis)].copy()
        if method == "odd":
            edge = padded[_slice_at_axis(slice(-right_pad - 1, -right_pad), axis)]
            right_chunk = 2 * edge - right_chunk
        start = padded.shape[axis] - right_pad
        padded[_slice_at_axis(slice(start, start + chunk_length), axis)] = right_chunk
        right_pad -= chunk_length
    return left_pad, right_pad


def _set_wrap_both(padded: ndarray, axis: int, width_pair: Any, original_period: int) -> Any:
    left_pad, right_pad = width_pair
    period = padded.shape[axis] - right_pad - left_pad
    period = period // original_period * original_period
    new_left_pad = new_right_pad = 0
    if left_pad > 0:
        slice_end = left_pad + period
        slice_start = slice_end - builtins.min(period, left_pad)
        right_chunk = padded[_slice_at_axis(slice(slice_start, slice_end), axis)].copy()
        if left_pad > period:
            pad_area = _slice_at_axis(slice(left_pad - period, left_pad), axis)
            new_left_pad = left_pad - period
        else:
            pad_area = _slice_at_axis(slice(None, left_pad), axis)
        padded[pad_area] = right_chunk
    if right_pad > 0:
        slice_start = -right_pad - period
        slice_end = slice_start + builtins.min(period, right_pad)
        left_chunk = padded[_slice_at_axis(slice(slice_start, slice_end), axis)].copy()
        if right_pad > period:
            pad_area = _slice_at_axis(slice(-right_pad, -right_pad + period), axis)
            new_right_pad = right_pad - period
        else:
            pad_area = _slice_at_axis(slice(-right_pad, None), axis)
        padded[pad_area] = left_chunk
    return new_left_pad, new_right_pad


def _as_pairs(x: Any, ndim_: int, as_index: bool = False) -> Any:
    if x is None:
        return ((None, None),) * ndim_
    if isinstance(x, ndarray):
        x = to_host(x.stored)
    x = numpy.array(x)
    if as_index:
        x = numpy.round(x).astype(numpy.intp, copy=False)
    if x.ndim < 3:
        if x.size == 1:
            x = x.ravel()
            if as_index and x < 0:
                raise ValueError("index can't contain negative values")
            return ((x[0], x[0]),) * ndim_
        if x.size == 2 and x.shape != (2, 1):
            x = x.ravel()
            if as_index and (x[0] < 0 or x[1] < 0):
                raise ValueError("index can't contain negative values")
            return ((x[0], x[1]),) * ndim_
    if as_index and x.min() < 0:
        raise ValueError("index can't contain negative values")
    return numpy.broadcast_to(x, (ndim_, 2)).tolist()


_PAD_KWARGS = {
    "empty": [], "edge": [], "wrap": [], "constant": ["constant_values"],
    "linear_ramp": ["end_values"], "maximum": ["stat_length"], "mean": ["stat_length"],
    "median": ["stat_length"], "minimum": ["stat_length"], "reflect": ["reflect_type"],
    "symmetric": ["reflect_type"],
}  # fmt: skip


def pad(array: Any, pad_width: Any, mode: Any = "constant", **kwargs: Any) -> ndarray:
    """np.pad, every mode and a callable, by numpy's own algorithm written on ndarray
    views (each write a functional update on the backend). ``empty`` pads with zeros."""
    array = asarray(array)
    if isinstance(pad_width, dict):
        seq = [(0, 0)] * array.ndim
        for ax, width in pad_width.items():
            seq[ax] = (width, width) if isinstance(width, int) else tuple(width)
        pad_width = seq
    pad_width = numpy.asarray(pad_width)
    if pad_width.dtype.kind != "i":
        raise TypeError("`pad_width` must be of integral type.")
    pad_width = [(int(a), int(b)) for a, b in _as_pairs(pad_width, array.ndim, as_index=True)]

    if callable(mode):
        padded, _ = _pad_simple(array, pad_width, fill_value=0)
        for ax in range(padded.ndim):
            view = moveaxis(padded, ax, -1)
            for ind in numpy.ndindex(view.shape[:-1]):
                mode(view[(*ind, Ellipsis)], pad_width[ax], ax, kwargs)
        return padded

    try:
        unsupported = set(kwargs) - set(_PAD_KWARGS[mode])
    except (KeyError, TypeError):
        raise ValueError(f"mode '{mode}' is not supported") from None
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")

    padded, original_area_slice = _pad_simple(array, pad_width)
    axes = range(padded.ndim)
    if mode == "constant":
        values = _as_pairs(kwargs.get("constant_values", 0), padded.ndim)
        for ax, width_pair, value_pair in zip(axes, pad_width, values):
            roi = _view_roi(padded, original_area_slice, ax)
            _set_pad_area(roi, ax, width_pair, [_python(v) for v in value_pair])
    elif mode == "empty":
        pass
    elif array.size == 0:
        for ax, width_pair in zip(axes, pad_width):
            if array.shape[ax] == 0 and any(width_pair):
                raise ValueError(
                    f"can't extend empty axis {ax} using modes other than 'constant' or 'empty'"
                )
    elif mode == "edge":
        for ax, width_pair in zip(axes, pad_width):
            roi = _view_roi(padded, original_area_slice, ax)
            _set_pad_area(roi, ax, width_pair, _get_edges(roi, ax, width_pair))
    elif mode == "linear_ramp":
        end_values = _as_pairs(kwargs.get("end_values", 0), padded.ndim)
        for ax, width_pair, value_pair in zip(axes, pad_width, end_values):
            roi = _view_roi(padded, original_area_slice, ax)
            ramps = _get_linear_ramps(roi, ax, width_pair, [_python(v) for v in value_pair])
            _set_pad_area(roi, ax, width_pair, ramps)
    elif mode in ("maximum", "minimum", "mean", "median"):
        length = _as_pairs(kwargs.get("stat_length"), padded.ndim, as_index=True)
        for ax, width_pair, length_pair in zip(axes, pad_width, length):
            roi = _view_roi(padded, original_area_slice, ax)
            lengths = tuple(None if v is None else int(v) for v in length_pair)
            stat_pair = _get_stats(roi, ax, width_pair, lengths, mode)
            _set_pad_area(roi, ax, width_pair, stat_pair)
    elif mode in ("reflect", "symmetric"):
        method = kwargs.get("reflect_type", "even")
        include_edge = mode == "symmetric"
        for ax, (left_index, right_index) in zip(axes, pad_width):
            if array.shape[ax] == 1 and (left_index > 0 or right_index > 0):
                edge_pair = _get_edges(padded, ax, (left_index, right_index))
                _set_pad_area(padded, ax, (left_index, right_index), edge_pair)
                continue
            roi = _view_roi(padded, original_area_slice, ax)
            while left_index > 0 or right_index > 0:
                left_index, right_index = _set_reflect_both(
                    roi, ax, (left_index, right_index), method, array.shape[ax], include_edge
                )
    elif mode == "wrap":
        for ax, (left_index, right_index) in zip(axes, pad_width):
            roi = _view_roi(padded, original_area_slice, ax)
            original_period = padded.shape[ax] - right_index - left_index
            while left_index > 0 or right_index > 0:
                left_index, right_index = _set_wrap_both(
                    roi, ax, (left_index, right_index), original_period
                )
    return padded


def _python(value: Any) -> Any:
    return value.item() if isinstance(value, numpy.generic) else value
