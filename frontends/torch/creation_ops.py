"""torch's creation ops: tensor, as_tensor, from_numpy, zeros/ones/full/empty (+ ``_like``),
arange, range, linspace, logspace, eye, empty_strided, complex, polar, tril/triu_indices,
scalar_tensor.

Differences from torch: ``empty`` gives zeros (memory is never uninitialised); tensors
never share memory with numpy arrays (``from_numpy`` / ``as_tensor`` copy, since most
backends cannot alias numpy memory); ``layout``, ``pin_memory`` and ``memory_format`` are
accepted and ignored (dense tensors only); ``device`` is checked, the backend's default
device is used.
"""

# torch's parameter names (input, range, complex ...) shadow builtins on purpose

from __future__ import annotations

import builtins
import math
from collections.abc import Sequence
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.torch import _dtype, _views
from frontends.torch._tensor import Tensor, write_into

__all__ = [
    "arange",
    "as_tensor",
    "asarray",
    "complex",
    "empty",
    "empty_like",
    "empty_strided",
    "eye",
    "from_numpy",
    "full",
    "full_like",
    "linspace",
    "logspace",
    "ones",
    "ones_like",
    "polar",
    "range",
    "scalar_tensor",
    "tensor",
    "tril_indices",
    "triu_indices",
    "zeros",
    "zeros_like",
]

_PYTHON_DTYPES = {builtins.bool: "bool", builtins.int: "int64", builtins.float: "float64"}


def _torch_dtype(dtype: Any) -> _dtype.dtype | None:
    """A ``dtype=`` argument: a torch dtype, or Python's bool/int/float/complex (which
    torch reads as bool, int64, float64, complex128)."""
    if dtype is None or isinstance(dtype, _dtype.dtype):
        return dtype
    if dtype is builtins.complex:
        return _dtype.complex128
    if dtype in _PYTHON_DTYPES:
        return _dtype.of(_PYTHON_DTYPES[dtype])
    raise TypeError(f"argument 'dtype' must be torch.dtype, not {type(dtype).__name__}")


def _check_device(device: Any) -> None:
    if device is not None:
        import sys

        sys.modules["frontends.torch"].device(device)


def _finish(value: Any, requires_grad: bool = False, out: Tensor | None = None) -> Tensor:
    if out is not None:
        write_into(out, value)
        result = out
    else:
        result = Tensor._from_native(value)
    if requires_grad:
        result.requires_grad_(_grad_ok(result.dtype))
    return result


def _grad_ok(dtype: _dtype.dtype) -> bool:
    if not (dtype.is_floating_point or dtype.is_complex):
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    return True


# ---------------------------------------------------------------------------------------
# tensor / as_tensor / from_numpy
# ---------------------------------------------------------------------------------------
def _scalar_kind(value: Any) -> core.Dtype | None:
    kind = type(value)
    if kind is builtins.bool:
        return core.bool
    if kind is builtins.int:
        return core.int64
    if kind is builtins.float:
        return _dtype.get_default_dtype().core_dtype
    if kind is builtins.complex:
        return _dtype.get_default_dtype().to_complex().core_dtype
    if isinstance(value, numpy.generic):
        return core.as_core_dtype(value.dtype)
    return None


def _flatten_data(
    data: Any, dim: int, shape: list[int], leaves: list[Any], depths: set[int]
) -> core.Dtype | None:
    """Walk nested ``data``: check it is rectangular (torch's messages), collect its leaves
    as Python scalars (one-element tensors among them too) and return their promoted
    dtype."""
    if isinstance(data, FrontendArray):
        if data.numel() != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        leaves.append(data.item())
        depths.add(dim)
        return data.dtype.core_dtype
    if isinstance(data, numpy.ndarray) and data.ndim == 0:
        data = data[()]
    if data is None:
        raise RuntimeError("Could not infer dtype of NoneType")
    kind = _scalar_kind(data)
    if kind is not None:
        leaves.append(data.item() if isinstance(data, numpy.generic) else data)
        depths.add(dim)
        return kind
    if isinstance(data, numpy.ndarray):
        kind = core.as_core_dtype(data.dtype)
        items = data
    elif isinstance(data, Sequence) and not isinstance(data, str | bytes):
        kind = None
        items = data
    else:
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    if dim == len(shape):
        shape.append(len(items))
    elif shape[dim] != len(items):
        raise ValueError(
            f"expected sequence of length {shape[dim]} at dim {dim} (got {len(items)})"
        )
    if isinstance(data, numpy.ndarray):
        inner = list(data.shape[1:])
        if shape[dim + 1 :] and shape[dim + 1 :] != inner:
            raise ValueError(f"expected sequence of length {shape[dim + 1]} at dim {dim + 1}")
        shape[dim + 1 :] = inner
        leaves.extend(data.reshape(-1).tolist())
        depths.add(data.ndim + dim)
        return kind
    result = None
    for item in items:
        item_kind = _flatten_data(item, dim + 1, shape, leaves, depths)
        result = item_kind if result is None else _dtype.RULES.promote_types(result, item_kind)
    return result


def _host_dtype(dtype: core.Dtype) -> Any:
    """The numpy dtype to build host data in (numpy has no bfloat16: float32 stands in)."""
    return numpy.float32 if dtype == "bfloat16" else numpy.dtype(str(dtype))


def _from_data(data: Any, dtype: _dtype.dtype | None) -> Any:
    """A native array of ``data`` (nested sequences, scalars, numpy arrays, tensors) with
    torch's inferred dtype, or ``dtype``."""
    if isinstance(data, FrontendArray):
        value = data.native
        if dtype is not None and dtype.core_dtype != core.as_core_dtype(value.dtype):
            return _views.cast(value, dtype.core_dtype)
        return ops.astype(value, core.as_core_dtype(value.dtype), copy=True)
    if isinstance(data, numpy.ndarray) and data.dtype.kind in "biufc":
        # the backend's copy (torch: in torch's allocator, 64-byte aligned like real
        # torch's, where numpy's alignment can make a reduction twice as slow)
        value = ops.asarray(data, copy=True)
        if dtype is not None and dtype.core_dtype != core.as_core_dtype(value.dtype):
            value = _views.cast(value, dtype.core_dtype)
        return value
    shape: list[int] = []
    leaves: list[Any] = []
    depths: set[int] = set()
    inferred = _flatten_data(data, 0, shape, leaves, depths)
    if depths - {len(shape)}:
        raise TypeError("not a sequence")
    if inferred is None:
        inferred = _dtype.get_default_dtype().core_dtype
    if dtype is not None and dtype.core_dtype.kind in "iuf":
        if any(type(leaf) is builtins.complex for leaf in leaves):
            raise TypeError("must be real number, not complex")
        if dtype.core_dtype.kind in "iu":  # torch checks integer leaves, not float ones
            for leaf in leaves:
                _views.checked_scalar(leaf, dtype.core_dtype)
    try:
        host = numpy.array(leaves, dtype=_host_dtype(inferred)).reshape(shape)
    except OverflowError:
        raise ValueError("Overflow when unpacking long long") from None
    value = ops.asarray(host)
    target = inferred if dtype is None else dtype.core_dtype
    if core.as_core_dtype(value.dtype) != target:
        value = _views.cast(value, target)
    return value


def tensor(
    data: Any,
    *,
    dtype: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """A new tensor (always a copy). dtype inference as torch: Python floats take the
    default dtype, ints int64, bools bool, complex numbers the default complex dtype;
    numpy arrays and tensors keep theirs; mixed leaves promote with torch's table."""
    kind = type(data)
    if dtype is None and device is None and requires_grad is False:  # a Python scalar
        if kind is builtins.float:
            return _new(ops.asarray(data, dtype=_defaults["float"].core_dtype))
        if kind is builtins.int and -_INT64_BOUND <= data < _INT64_BOUND:
            return _new(ops.asarray(data, dtype=core.int64))
        if kind is builtins.bool:
            return _new(ops.asarray(data, dtype=core.bool))
        if kind is list and data:  # a flat list of Python floats (or ints): one numpy array
            host = _flat_host(data)
            if host is not None:
                return _new(ops.asarray(host))
    _check_device(device)
    from frontends.torch._tensor import _detached

    return _finish(_detached(_from_data(data, _torch_dtype(dtype))), requires_grad)


_INT64_BOUND = 2**63
_HOST_FLOATS = {core.float32: numpy.float32, core.float64: numpy.float64}


def _flat_host(data: list[Any]) -> numpy.ndarray | None:
    """A flat list of Python floats (the default float dtype) or of Python ints (int64)
    as the numpy array :func:`_from_data` builds from it; None for anything else."""
    kind = type(data[0])
    if kind is builtins.float:
        host_dtype = _HOST_FLOATS.get(_defaults["float"].core_dtype)
    elif kind is builtins.int:
        host_dtype = numpy.int64
    else:
        return None
    if host_dtype is None:
        return None
    for item in data:
        if type(item) is not kind:
            return None
    try:
        return numpy.array(data, dtype=host_dtype)
    except OverflowError:  # an int beyond int64: the general path's error
        return None


def as_tensor(data: Any, dtype: Any = None, device: Any = None) -> Tensor:
    """``data`` itself when it is a tensor of ``dtype`` already, else a new tensor."""
    _check_device(device)
    dtype = _torch_dtype(dtype)
    if isinstance(data, Tensor) and (dtype is None or dtype == data.dtype):
        return data
    return _finish(_from_data(data, dtype))


def asarray(
    obj: Any,
    *,
    dtype: Any = None,
    device: Any = None,
    copy: bool | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """torch.asarray: ``obj`` itself when it is a tensor needing no change and
    ``copy`` is not True; ``copy=False`` where a copy is needed raises, as in torch."""
    _check_device(device)
    dtype = _torch_dtype(dtype)
    if isinstance(obj, Tensor):
        if dtype is None or dtype == obj.dtype:
            result = obj.clone() if copy else obj
            return result.requires_grad_(requires_grad) if requires_grad else result
        if copy is False:
            raise ValueError("can't alias tensor to a different dtype without copying")
    return _finish(_from_data(obj, dtype), requires_grad)


def from_numpy(ndarray: numpy.ndarray) -> Tensor:
    """A tensor of the array's dtype (float64 stays float64). An array of another frontend
    (the numpy frontend's ``ndarray``) shares memory with the tensor, as in torch; a real
    numpy array is copied (writes do not reach it)."""
    if isinstance(ndarray, FrontendArray) and not isinstance(ndarray, Tensor):
        return ndarray.shared_as(Tensor)
    if not isinstance(ndarray, numpy.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(ndarray).__name__})")
    if ndarray.dtype.kind not in "biufc" or ndarray.dtype == numpy.float128:
        raise TypeError(
            f"can't convert np.ndarray of type {ndarray.dtype}. The only supported types are: "
            "float64, float32, float16, complex64, complex128, int64, int32, int16, int8, "
            "uint64, uint32, uint16, uint8, and bool."
        )
    return Tensor._from_native(ops.asarray(numpy.array(ndarray, copy=True, order="C")))


def scalar_tensor(
    s: Any,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    pin_memory: bool = False,
    requires_grad: bool = False,
) -> Tensor:
    """A 0-d tensor of the default dtype (not inferred from ``s``, as in torch)."""
    dtype = _torch_dtype(dtype) or _dtype.get_default_dtype()
    return _finish(_views.as_native_of(_scalar_value(s), dtype.core_dtype), requires_grad)


def _scalar_value(value: Any) -> Any:
    if isinstance(value, Tensor):
        return value.item()
    if isinstance(value, numpy.generic):
        return value.item()
    return value


# ---------------------------------------------------------------------------------------
# zeros / ones / full / empty
# ---------------------------------------------------------------------------------------
def _size(size: tuple[Any, ...], name: str) -> tuple[int, ...]:
    try:
        shape = _views.shape_args(size)
    except TypeError:
        raise TypeError(
            f"{name}(): argument 'size' must be tuple of ints, but found element of type "
            f"{type(size[-1]).__name__}"
        ) from None
    for extent in shape:
        if extent < 0:
            raise RuntimeError(
                f"Trying to create tensor with negative dimension {extent}: {list(shape)}"
            )
    return shape


_new = Tensor._from_native
_defaults = _dtype._defaults  # the default float dtype, read per call


def _plain_shape(size: tuple[Any, ...]) -> tuple[int, ...] | None:
    """``size`` (varargs, or one tuple) as a shape when it is the common case: Python ints,
    none negative; None otherwise (then :func:`_size` checks it with torch's messages)."""
    if len(size) == 1:
        first = size[0]
        if type(first) is builtins.int:  # zeros(n): the commonest call
            return size if first >= 0 else None
        if type(first) is tuple:
            size = first
    elif not size:
        return None
    return _plain_extents(size)


def _plain_extents(size: tuple[Any, ...]) -> tuple[int, ...] | None:
    """``size`` when every extent is a nonnegative Python int, else None."""
    for extent in size:
        if type(extent) is not builtins.int or extent < 0:
            return None
    return size


def _plain_dtype(dtype: Any) -> core.Dtype | None:
    """The core dtype of a ``dtype=`` argument in the common case (None: the default float
    dtype; a torch dtype), else None (then :func:`_torch_dtype` reads or refuses it)."""
    if dtype is None:
        return _defaults["float"].core_dtype
    if type(dtype) is _dtype.dtype:
        return dtype.core_dtype
    return None


def _required(size: tuple[Any, ...], name: str) -> tuple[Any, ...]:
    if not size:
        raise TypeError(f'{name}() missing 1 required positional arguments: "size"')
    return size


def _filled(
    shape: tuple[int, ...],
    fill: Any,
    dtype: _dtype.dtype,
    out: Tensor | None,
    requires_grad: bool,
    device: Any,
) -> Tensor:
    _check_device(device)
    if fill == 0:
        value = ops.zeros(shape, dtype=dtype.core_dtype)
    elif fill == 1:
        value = ops.ones(shape, dtype=dtype.core_dtype)
    else:
        value = ops.broadcast_to(_views.as_native_of(fill, dtype.core_dtype), shape)
        value = ops.astype(value, dtype.core_dtype, copy=True)
    return _finish(value, requires_grad, out)


def _default(dtype: Any, out: Tensor | None = None) -> _dtype.dtype:
    dtype = _torch_dtype(dtype)
    if dtype is not None:
        return dtype
    return out.dtype if out is not None else _dtype.get_default_dtype()


def zeros(
    *sizes: Any,
    size: Any = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    size = sizes if size is None else _views.varargs_or_keyword(sizes, "size", size, "zeros")
    if out is None and device is None and requires_grad is False:
        shape = _plain_shape(size)
        if shape is not None:
            core_dtype = _plain_dtype(dtype)
            if core_dtype is not None:
                return _new(ops.zeros(shape, dtype=core_dtype))
    return _filled(
        _size(_required(size, "zeros"), "zeros"),
        0,
        _default(dtype, out),
        out,
        requires_grad,
        device,
    )


def ones(
    *sizes: Any,
    size: Any = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    size = sizes if size is None else _views.varargs_or_keyword(sizes, "size", size, "ones")
    if out is None and device is None and requires_grad is False:
        shape = _plain_shape(size)
        if shape is not None:
            core_dtype = _plain_dtype(dtype)
            if core_dtype is not None:
                return _new(ops.ones(shape, dtype=core_dtype))
    return _filled(
        _size(_required(size, "ones"), "ones"), 1, _default(dtype, out), out, requires_grad, device
    )


def empty(
    *sizes: Any,
    size: Any = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    memory_format: Any = None,
) -> Tensor:
    """Zeros: this frontend never hands out uninitialised memory."""
    size = sizes if size is None else _views.varargs_or_keyword(sizes, "size", size, "empty")
    if out is None and device is None and requires_grad is False:
        shape = _plain_shape(size)
        if shape is not None:
            core_dtype = _plain_dtype(dtype)
            if core_dtype is not None:
                return _new(ops.zeros(shape, dtype=core_dtype))
    return _filled(
        _size(_required(size, "empty"), "empty"),
        0,
        _default(dtype, out),
        out,
        requires_grad,
        device,
    )


def _fill_dtype(fill_value: Any) -> _dtype.dtype:
    if isinstance(fill_value, Tensor):
        return fill_value.dtype
    if isinstance(fill_value, numpy.generic):  # numpy scalars count as Python numbers
        fill_value = fill_value.item()
    kind = _scalar_kind(fill_value)
    if kind is None:
        raise TypeError(f"full(): fill_value must be a number, not {type(fill_value).__name__}")
    return _dtype.of(kind)


# dtypes core's full fills as torch does (one rounding of a Python float; ints that fit)
_EXACT_FILL = frozenset((core.float32, core.float64, core.int8, core.int16, core.int32, core.int64))


def full(
    size: Any,
    fill_value: Any,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """The dtype follows ``fill_value`` when not given: int64, bool, the default float or
    complex dtype (torch's rule)."""
    kind = type(fill_value)
    if (kind is builtins.float or kind is builtins.int) and out is None and device is None:
        # the common case: a Python number, a plain size, a real dtype, no overflow
        if dtype is None:
            core_dtype = _defaults["float"].core_dtype if kind is builtins.float else core.int64
        else:
            core_dtype = _plain_dtype(dtype)
        shape = (size,) if type(size) is builtins.int and size >= 0 else None
        if type(size) is tuple or type(size) is list:
            shape = _plain_extents(tuple(size))
        if (
            shape is not None
            and requires_grad is False
            and core_dtype in _EXACT_FILL
            and (kind is builtins.int or core_dtype.kind == "f")
            and not _views._overflows(fill_value, core_dtype)
        ):
            return _new(ops.full(shape, fill_value, dtype=core_dtype))
    dtype = _torch_dtype(dtype) or (out.dtype if out is not None else _fill_dtype(fill_value))
    shape = _size(size if isinstance(size, Sequence) else (size,), "full")
    return _filled(shape, _scalar_value(fill_value), dtype, out, requires_grad, device)


def _like(input: Tensor, fill: Any, dtype: Any, device: Any, requires_grad: bool) -> Tensor:
    if type(fill) is builtins.int and (fill == 0 or fill == 1):  # zeros/ones/empty_like
        if device is None and requires_grad is False and isinstance(input, Tensor):
            core_dtype = None if dtype is None else _plain_dtype(dtype)
            if dtype is None or core_dtype is not None:
                value = input.native
                if fill == 0:
                    return _new(ops.zeros_like(value, dtype=core_dtype))
                return _new(ops.ones_like(value, dtype=core_dtype))
    dtype = _torch_dtype(dtype) or input.dtype
    return _filled(tuple(input.shape), fill, dtype, None, requires_grad, device)


def zeros_like(
    input: Tensor,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    memory_format: Any = None,
) -> Tensor:
    return _like(input, 0, dtype, device, requires_grad)


def ones_like(
    input: Tensor,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    memory_format: Any = None,
) -> Tensor:
    return _like(input, 1, dtype, device, requires_grad)


def empty_like(
    input: Tensor,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    memory_format: Any = None,
) -> Tensor:
    """Zeros, as :func:`empty`."""
    return _like(input, 0, dtype, device, requires_grad)


def full_like(
    input: Tensor,
    fill_value: Any,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    memory_format: Any = None,
) -> Tensor:
    return _like(input, _scalar_value(fill_value), dtype, device, requires_grad)


def empty_strided(
    size: Sequence[int],
    stride: Sequence[int],
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """Zeros of ``size`` that report ``stride`` (the memory layout itself is the
    backend's)."""
    shape = _size(tuple(size), "empty_strided")
    if len(stride) != len(shape):
        raise RuntimeError(
            f"mismatch in length of strides and shape: {len(shape)} vs {len(stride)}"
        )
    result = _filled(shape, 0, _default(dtype), None, requires_grad, device)
    result._view_strides = tuple(builtins.int(s) for s in stride)
    return result


# ---------------------------------------------------------------------------------------
# ranges
# ---------------------------------------------------------------------------------------
def _number(value: Any) -> Any:
    if isinstance(value, Tensor):
        return value.item()
    if isinstance(value, numpy.generic):
        return value.item()
    return value


_RANGE_BOUND = 2**31  # int ranges this small are sized exactly by any formula


def arange(
    start: Any = 0,
    end: Any = None,
    step: Any = 1,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """``ceil((end - start) / step)`` values ``start + i * step`` (computed in float64,
    as torch computes them); the default dtype when any argument is a float, else int64."""
    if (
        type(start) is builtins.int
        and type(step) is builtins.int
        and (end is None or type(end) is builtins.int)
        and dtype is None
        and out is None
        and device is None
        and requires_grad is False
    ):  # the common case: ints whose range is plain (torch's checks below hold)
        first, last = (0, start) if end is None else (start, end)
        if -_RANGE_BOUND < first < _RANGE_BOUND and -_RANGE_BOUND < last < _RANGE_BOUND:
            if (0 < step < _RANGE_BOUND and last >= first) or (
                -_RANGE_BOUND < step < 0 and last <= first
            ):
                return _new(ops.arange(first, last, step, dtype=core.int64))
    _check_device(device)
    if end is None:
        start, end = 0, start
    start, end, step = _number(start), _number(end), _number(step)
    if dtype is None:
        is_float = any(isinstance(v, builtins.float) for v in (start, end, step))
        dtype = _dtype.get_default_dtype() if is_float else _dtype.int64
        if out is not None:
            dtype = out.dtype
    dtype = _torch_dtype(dtype)
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(start) and math.isfinite(end)):
        raise RuntimeError(f"unsupported range: {start} -> {end}")
    if (step > 0 and end < start) or (step < 0 and end > start):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    kind = dtype.core_dtype.kind
    if kind in "iu":  # torch accumulates integer ranges in int64 (values truncated)
        xstart, xend, xstep = builtins.int(start), builtins.int(end), builtins.int(step)
        if xstep == 0:
            raise RuntimeError("step must be nonzero")
        if dtype == _dtype.int64:
            sign = 1 if xstep > 0 else -1
            length = builtins.int((xend - xstart + xstep - sign) / xstep)
        else:
            length = math.ceil((end - start) / step)
        host = numpy.arange(builtins.max(length, 0), dtype=numpy.int64) * xstep + xstart
    else:  # in float64, or float32 for the 16-bit types (torch's accumulate types)
        length = math.ceil((end - start) / step)
        work = numpy.float32 if dtype in (_dtype.float16, _dtype.bfloat16) else numpy.float64
        host = numpy.arange(length, dtype=work) * work(step) + work(start)
    value = ops.asarray(host.astype(_host_dtype(dtype.core_dtype)))
    if dtype == _dtype.bfloat16:
        value = ops.astype(value, dtype.core_dtype)
    return _finish(value, requires_grad, out)


def range(
    start: Any = 0,
    end: Any = None,
    step: Any = 1,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """torch.range (deprecated in torch): ``end`` included, default dtype."""
    if end is None:
        start, end = 0, start
    start, end, step = _number(start), _number(end), _number(step)
    dtype = _torch_dtype(dtype) or _dtype.get_default_dtype()
    if step == 0:
        raise RuntimeError("step must be nonzero")
    length = math.floor((end - start) / step) + 1
    host = numpy.arange(builtins.max(length, 0), dtype=numpy.float64) * step + start
    value = ops.asarray(host.astype(_host_dtype(dtype.core_dtype)))
    if dtype == _dtype.bfloat16:
        value = ops.astype(value, dtype.core_dtype)
    return _finish(value, requires_grad, out)


def _rounded(value: Any, dtype: core.Dtype) -> Any:
    """``value`` (scalar or float32 array) rounded to a 16-bit float type, as torch's
    ``c10::Half``/``c10::BFloat16`` arithmetic rounds after each operation."""
    if dtype == "float16":
        return numpy.asarray(value, dtype=numpy.float32).astype(numpy.float16).astype(numpy.float32)
    if dtype == "bfloat16":  # round to nearest even on the upper 16 bits of float32
        bits = numpy.array(value, dtype=numpy.float32, ndmin=1).view(numpy.uint32)
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & numpy.uint32(0xFFFF0000)
        result = bits.view(numpy.float32)
        return result if numpy.ndim(value) else result[0]
    return value


def _linspace_host(
    start: Any, end: Any, steps: int, dtype: core.Dtype, *, opmath: bool = False
) -> numpy.ndarray:
    """torch's linspace kernel: the first half from ``start``, the second from ``end``.

    Integer outputs compute in float64 from truncated bounds (the multiply-add fused, as
    torch's kernel is: long double stands in, since truncation makes the last bit
    count); float outputs in their own type, 16-bit ones rounding after every operation
    as c10::Half does (``opmath``: logspace's exponents, whose step stays in float32)."""
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    kind = dtype.kind
    if kind in "iub":
        work = numpy.float64
    elif kind == "c":
        work = numpy.complex128 if dtype == "complex128" else numpy.complex64
    else:
        work = numpy.float64 if dtype == "float64" else numpy.float32
    if steps == 0:
        return numpy.zeros((0,), dtype=work)
    if kind in "iu":  # torch casts the bounds to the integer type first
        start, end = builtins.int(start), builtins.int(end)
    if steps == 1:
        return numpy.array([start], dtype=work)

    def rounded(value: Any) -> Any:
        return value if opmath else _rounded(value, dtype)

    start_w, end_w = work(_rounded(start, dtype)), work(_rounded(end, dtype))
    step = rounded((end_w - start_w) / work(steps - 1))
    index = numpy.arange(steps)
    halfway = steps // 2
    fused = numpy.longdouble if kind in "iu" else work
    low = fused(start_w) + rounded(fused(step) * rounded(index.astype(fused)))
    high = fused(end_w) - rounded(fused(step) * rounded((steps - 1 - index).astype(fused)))
    return numpy.where(index < halfway, rounded(low), rounded(high)).astype(work)


def linspace(
    start: Any,
    end: Any,
    steps: int,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    _check_device(device)
    start, end = _number(start), _number(end)
    dtype = _torch_dtype(dtype)
    if dtype is None:
        if out is not None:
            dtype = out.dtype
        elif isinstance(start, builtins.complex) or isinstance(end, builtins.complex):
            dtype = _dtype.get_default_dtype().to_complex()
        else:
            dtype = _dtype.get_default_dtype()
    host = _linspace_host(start, end, _views._as_int(steps), dtype.core_dtype)
    return _finish(_host_to(host, dtype), requires_grad, out)


def _host_to(host: numpy.ndarray, dtype: _dtype.dtype) -> Any:
    if dtype.core_dtype.kind in "iu":
        host = numpy.trunc(host.real if host.dtype.kind == "c" else host)
    value = ops.asarray(host.astype(_host_dtype(dtype.core_dtype)))
    if dtype == _dtype.bfloat16:
        value = ops.astype(value, dtype.core_dtype)
    return value


def logspace(
    start: Any,
    end: Any,
    steps: int,
    base: float = 10.0,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    _check_device(device)
    start, end = _number(start), _number(end)
    dtype = _torch_dtype(dtype) or (out.dtype if out is not None else _dtype.get_default_dtype())
    # the exponents in the output's precision (as torch's kernel), the power in float64
    exponent_dtype = dtype if dtype.is_floating_point else _dtype.float64
    exponents = _linspace_host(
        start, end, _views._as_int(steps), exponent_dtype.core_dtype, opmath=True
    )
    exponents = exponents.astype(numpy.float64)
    return _finish(_host_to(numpy.power(base, exponents), dtype), requires_grad, out)


def eye(
    n: int,
    m: int | None = None,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    _check_device(device)
    n = _views._as_int(n)
    m = n if m is None else _views._as_int(m)
    if n < 0 or m < 0:
        raise RuntimeError(f"n must be greater or equal to 0, got {builtins.min(n, m)}")
    dtype = _default(dtype, out)
    return _finish(ops.eye(n, m, dtype=dtype.core_dtype), requires_grad, out)


def _triangle_indices(row: int, col: int, offset: int, dtype: Any, upper: bool) -> Tensor:
    dtype = _torch_dtype(dtype) or _dtype.int64
    if dtype.core_dtype not in ("int32", "int64"):
        raise RuntimeError(
            f'"{"triu" if upper else "tril"}_indices" not implemented for '
            f"'{_dtype.scalar_type_name(dtype.core_dtype)}'"
        )
    mask = numpy.ones((row, col), dtype=bool)
    mask = numpy.triu(mask, offset) if upper else numpy.tril(mask, offset)
    host = numpy.stack(numpy.nonzero(mask)).astype(_host_dtype(dtype.core_dtype))
    return Tensor._from_native(ops.asarray(host.reshape(2, -1)))


def _check_integer_grad(requires_grad: bool) -> None:
    if requires_grad:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")


def tril_indices(
    row: int,
    col: int,
    offset: int = 0,
    *,
    dtype: Any = None,
    device: Any = None,
    layout: Any = None,
    pin_memory: bool = False,
    requires_grad: bool = False,
) -> Tensor:
    _check_integer_grad(requires_grad)
    return _triangle_indices(row, col, offset, dtype, upper=False)


def triu_indices(
    row: int,
    col: int,
    offset: int = 0,
    *,
    dtype: Any = None,
    device: Any = None,
    layout: Any = None,
    pin_memory: bool = False,
    requires_grad: bool = False,
) -> Tensor:
    _check_integer_grad(requires_grad)
    return _triangle_indices(row, col, offset, dtype, upper=True)


# ---------------------------------------------------------------------------------------
# complex numbers
# ---------------------------------------------------------------------------------------
def _complex_parts(name: str, a: Tensor, b: Tensor) -> _dtype.dtype:
    kinds = {a.dtype, b.dtype}
    if not kinds <= {_dtype.float32, _dtype.float64, _dtype.float16}:
        raise RuntimeError(
            f"Expected both inputs to be Half, Float or Double tensors but got "
            f"{_dtype.scalar_type_name(a.dtype.core_dtype)} and "
            f"{_dtype.scalar_type_name(b.dtype.core_dtype)}"
        )
    if a.dtype != b.dtype:
        raise RuntimeError(
            f"Expected object of scalar type {_dtype.scalar_type_name(a.dtype.core_dtype)} but "
            f"got scalar type {_dtype.scalar_type_name(b.dtype.core_dtype)} for second argument"
        )
    if a.dtype == _dtype.float16:
        raise TypeError(
            f"torch.{name} of float16 gives complex32 (torch.chalf), a dtype this frontend "
            "does not have; cast the inputs to float32 first"
        )
    return a.dtype.to_complex()


def _combine(real: Any, imag: Any, dtype: _dtype.dtype) -> Any:
    """``real + i * imag``. With an infinite ``imag`` the real part comes out NaN (core
    has no constructor of complex values from parts), where torch keeps it."""
    real, imag = ops.broadcast_arrays(real, imag)
    unit = ops.asarray(1j, dtype=dtype.core_dtype)
    return ops.add(
        ops.astype(real, dtype.core_dtype), ops.multiply(ops.astype(imag, dtype.core_dtype), unit)
    )


def complex(real: Tensor, imag: Tensor, *, out: Tensor | None = None) -> Tensor:
    dtype = _complex_parts("complex", real, imag)
    return _finish(_combine(real.native, imag.native, dtype), False, out)


def polar(abs: Tensor, angle: Tensor, *, out: Tensor | None = None) -> Tensor:
    dtype = _complex_parts("polar", abs, angle)
    r, theta = abs.native, angle.native
    return _finish(
        _combine(ops.multiply(r, ops.cos(theta)), ops.multiply(r, ops.sin(theta)), dtype),
        False,
        out,
    )


def fill(input: Tensor, value: Any) -> Tensor:
    """torch.fill: a tensor like ``input`` holding ``value`` (a number or a 0-d tensor),
    converted to ``input``'s dtype."""
    if isinstance(value, Tensor):
        if value.ndim:
            raise RuntimeError(
                "fill_ only supports 0-dimension value tensor but got tensor with "
                f"{value.ndim} dimensions."
            )
        value = value.item()
    return full_like(input, value)


def empty_permuted(
    size: Sequence[int],
    physical_layout: Sequence[int],
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """torch.empty_permuted: ``empty(size)``; the physical order of dimensions is not
    modelled here (every tensor is row-major)."""
    if sorted(physical_layout) != list(builtins.range(len(size))):
        raise RuntimeError("Dimension out of range")
    return empty(tuple(size), dtype=dtype, requires_grad=requires_grad)


def _new_empty_strided(
    self: Tensor, size: Sequence[int], stride: Sequence[int], **kwargs: Any
) -> Tensor:
    """Tensor.new_empty_strided: ``new_empty(size)`` (strides are not modelled here)."""
    return self.new_empty(tuple(size), **kwargs)


Tensor.new_empty_strided = _new_empty_strided
__all__ += ["empty_permuted", "fill"]
