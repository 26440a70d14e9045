"""numpy's array creation routines (numpy docs, "Array creation routines").

Values are computed on the backend with core's native functions; real numpy is used only
where numpy itself works on the host (parsing a buffer, a string or a Python iterator in
``frombuffer``/``fromstring``/``fromiter``). ``empty``/``empty_like`` give zeros: backends
own their memory and core fills new arrays (numpy leaves the values unspecified).
"""

from __future__ import annotations

import builtins
import math
import operator
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.host import hosted
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core import umath
from frontends.numpy._core._conversion import as_native, as_scalar, dtype_of
from frontends.numpy._core.multiarray import asarray, ndarray
from frontends.numpy._frontend import numpy_on_numpy_backend

__all__ = [
    "arange", "copy", "diag", "diagflat", "empty", "empty_like", "eye", "frombuffer",
    "fromfunction", "fromiter", "fromstring", "full", "full_like", "geomspace", "identity",
    "linspace", "logspace", "meshgrid", "mgrid", "ogrid", "ones", "ones_like", "tri", "tril",
    "triu", "vander", "zeros", "zeros_like",
]  # fmt: skip

_SCALARS = (builtins.bool, int, float, complex)


_wrap = ndarray._from_native
_FLOAT64 = core.float64


def _shape(shape: Any) -> tuple[int, ...]:
    if type(shape) is int and shape >= 0:  # the common case, checked at once
        return (shape,)
    if isinstance(shape, int | numpy.integer):
        shape = (shape,)
    try:
        result = tuple(operator.index(extent) for extent in shape)
    except TypeError:
        raise TypeError(
            f"'{type(shape).__name__}' object cannot be interpreted as an integer"
        ) from None
    if any(extent < 0 for extent in result):
        raise ValueError("negative dimensions are not allowed")
    return result


def _dtype_or(dtype: Any, default: Any) -> core.Dtype:
    if dtype is None and default is float:
        return core.float64
    return nt.as_core(default if dtype is None else dtype)


# ---------------------------------------------------------------------------------------
# from shape or value
# ---------------------------------------------------------------------------------------
def empty(shape: Any, dtype: Any = None, order: str = "C", *, device: Any = None,
          like: Any = None) -> ndarray:  # fmt: skip
    """np.empty: here zero-filled (numpy leaves the values uninitialised)."""
    return _wrap(ops.zeros(_shape(shape), dtype=_dtype_or(dtype, float)))


def zeros(shape: Any, dtype: Any = None, order: str = "C", *, device: Any = None,
          like: Any = None) -> ndarray:  # fmt: skip
    # (the float64 default inline: one call less than _dtype_or on the common path)
    return _wrap(ops.zeros(_shape(shape), dtype=_FLOAT64 if dtype is None else nt.as_core(dtype)))


def ones(shape: Any, dtype: Any = None, order: str = "C", *, device: Any = None,
         like: Any = None) -> ndarray:  # fmt: skip
    return _wrap(ops.ones(_shape(shape), dtype=_FLOAT64 if dtype is None else nt.as_core(dtype)))


def _fill_native(fill_value: Any, dtype: core.Dtype | None) -> Any:
    """``fill_value`` as a native array of ``dtype`` (its own dtype when None), cast
    unsafely as numpy's copyto in ``full`` does; a Python int out of range is numpy's
    OverflowError."""
    if dtype is not None and type(fill_value) is int and dtype.kind in "iu":
        nt.check_python_int(fill_value, dtype)
    if dtype is not None and type(fill_value) in _SCALARS:
        if type(fill_value) is complex and dtype.kind != "c":
            fill_value = fill_value.real
        if dtype.kind == "b":
            return ops.asarray(builtins.bool(fill_value))
        if dtype.kind in "iu" and type(fill_value) is float:
            return ops.astype(ops.asarray(fill_value, dtype=core.float64), dtype)
        return ops.asarray(fill_value, dtype=dtype)
    native = as_native(fill_value)
    if dtype is not None and dtype_of(native) != dtype:
        native = ops.astype(native, dtype)
    return native


def full(shape: Any, fill_value: Any, dtype: Any = None, order: str = "C", *,
         device: Any = None, like: Any = None) -> ndarray:  # fmt: skip
    """np.full: with no dtype, the dtype numpy infers for ``fill_value`` (float64 for a
    Python float)."""
    shape = _shape(shape)
    value = _fill_native(fill_value, None if dtype is None else nt.as_core(dtype))
    return _wrap(ops.asarray(ops.broadcast_to(value, shape), copy=True))


def _like(prototype: Any, dtype: Any, shape: Any) -> tuple[tuple[int, ...], core.Dtype]:
    native = as_native(prototype)
    target_shape = tuple(int(e) for e in native.shape) if shape is None else _shape(shape)
    return target_shape, dtype_of(native) if dtype is None else nt.as_core(dtype)


def empty_like(prototype: Any, dtype: Any = None, order: str = "K", subok: bool = True,
               shape: Any = None, *, device: Any = None) -> ndarray:  # fmt: skip
    """np.empty_like: here zero-filled (numpy leaves the values uninitialised)."""
    shape, dtype = _like(prototype, dtype, shape)
    return _wrap(ops.zeros(shape, dtype=dtype))


def zeros_like(a: Any, dtype: Any = None, order: str = "K", subok: bool = True,
               shape: Any = None, *, device: Any = None) -> ndarray:  # fmt: skip
    shape, dtype = _like(a, dtype, shape)
    return _wrap(ops.zeros(shape, dtype=dtype))


def ones_like(a: Any, dtype: Any = None, order: str = "K", subok: bool = True,
              shape: Any = None, *, device: Any = None) -> ndarray:  # fmt: skip
    shape, dtype = _like(a, dtype, shape)
    return _wrap(ops.ones(shape, dtype=dtype))


def full_like(a: Any, fill_value: Any, dtype: Any = None, order: str = "K", subok: bool = True,
              shape: Any = None, *, device: Any = None) -> ndarray:  # fmt: skip
    shape, dtype = _like(a, dtype, shape)
    value = _fill_native(fill_value, dtype)
    return _wrap(ops.asarray(ops.broadcast_to(value, shape), copy=True))


def eye(N: int, M: int | None = None, k: int = 0, dtype: Any = float, order: str = "C", *,
        device: Any = None, like: Any = None) -> ndarray:  # fmt: skip
    N = operator.index(N)
    M = N if M is None else operator.index(M)
    k = operator.index(k)
    if N < 0 or M < 0:
        raise ValueError("negative dimensions are not allowed")
    target = _dtype_or(dtype, float)
    if N == 0 or M == 0 or k >= M or -k >= N:
        return _wrap(ops.zeros((N, M), dtype=target))
    return _wrap(ops.eye(N, M, k=k, dtype=target))


def identity(n: int, dtype: Any = None, *, like: Any = None) -> ndarray:
    return eye(n, dtype=dtype)


def copy(a: Any, order: str = "K", subok: bool = False) -> ndarray:
    """np.copy: a new array (0-d for a scalar)."""
    return _wrap(ops.asarray(as_native(a), copy=True))


# ---------------------------------------------------------------------------------------
# from data on the host
# ---------------------------------------------------------------------------------------
def frombuffer(buffer: Any, dtype: Any = float, count: int = -1, offset: int = 0, *,
               like: Any = None) -> ndarray:  # fmt: skip
    """np.frombuffer: the bytes are read on the host (numpy's parser) and copied to the
    backend, so the result does not share the buffer's memory (numpy's is read-only)."""
    host = numpy.frombuffer(buffer, dtype=nt.as_dtype(dtype), count=count, offset=offset)
    return asarray(host.copy())


def fromiter(iter: Any, dtype: Any, count: int = -1, *, like: Any = None) -> ndarray:
    """np.fromiter: the iterator is consumed on the host, as numpy does."""
    return asarray(numpy.fromiter(iter, dtype=nt.as_dtype(dtype), count=count))


def fromstring(string: Any, dtype: Any = float, count: int = -1, *, sep: str,
               like: Any = None) -> ndarray:  # fmt: skip
    """np.fromstring (the text form with ``sep``), parsed on the host by numpy."""
    return asarray(numpy.fromstring(string, dtype=nt.as_dtype(dtype), count=count, sep=sep))


def fromfunction(function: Any, shape: Any, *, dtype: Any = float, like: Any = None,
                 **kwargs: Any) -> Any:  # fmt: skip
    """np.fromfunction: ``function`` called once with the coordinate arrays."""
    from frontends.numpy.indexing import indices

    return function(*indices(shape, dtype=dtype), **kwargs)


# ---------------------------------------------------------------------------------------
# numerical ranges
# ---------------------------------------------------------------------------------------
def _python_number(value: Any) -> Any:
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, numpy.generic | ndarray | numpy.ndarray):
        return numpy.asarray(value).item()
    return value


def arange(start: Any = None, stop: Any = None, step: Any = None, dtype: Any = None, *,
           device: Any = None, like: Any = None) -> ndarray:  # fmt: skip
    """np.arange: int64 for integer arguments, float64 for floats (numpy scalars too, as
    numpy does); values ``first + i * delta`` computed in the result dtype with
    ``delta = dtype(start + step) - dtype(start)``, numpy's fill rule."""
    if start is None and stop is None:
        raise TypeError("arange() requires stop to be specified.")
    if any(isinstance(v, numpy.datetime64 | numpy.timedelta64 | str) for v in (start, stop)):
        raise nt.HostDtypeError("arange of dates")  # numpy's, on the host
    if stop is None:
        start, stop = 0, start
    elif start is None:
        start = 0
    step = 1 if step is None else step
    start, stop, step = (_python_number(v) for v in (start, stop, step))
    values = (start, stop, step)
    if dtype is None:
        if any(isinstance(v, complex) for v in values):
            target = core.complex128
        elif any(isinstance(v, float) for v in values):
            target = core.float64
        else:
            target = core.int64
    else:
        target = nt.as_core(dtype)
    if step == 0:
        raise ZeroDivisionError("division by zero")
    if isinstance(start, complex) or isinstance(stop, complex) or isinstance(step, complex):
        ratio = complex(stop - start) / complex(step)
        length = builtins.min(math.ceil(ratio.real), math.ceil(ratio.imag))
    elif all(isinstance(v, int) for v in values):
        length = len(range(start, stop, step))
    else:
        ratio = (stop - start) / step
        if math.isnan(ratio):
            raise ValueError("arange: cannot compute length")
        length = math.ceil(ratio)
    length = builtins.max(0, length)
    if target.kind == "b":
        if length > 2:
            raise TypeError(
                "arange() is only supported for booleans when the result has at most length 2."
            )
        values = [builtins.bool(start), builtins.bool(start + step)][:length]
        return _wrap(ops.asarray(numpy.array(values, dtype=numpy.bool_)))
    if target.kind in "iu" and all(isinstance(v, int) for v in values):
        index = ops.arange(length, dtype=core.int64)
        native = ops.add(
            ops.multiply(index, ops.asarray(step, dtype=core.int64)),
            ops.asarray(start, dtype=core.int64),
        )
        return _wrap(ops.astype(native, target))
    work = core.float32 if target == core.float16 else target
    first = _fill_native(start, work)
    if length <= 1:
        return _wrap(ops.astype(ops.reshape(first, (1,))[:length], target))
    second = _fill_native(start + step, work)
    delta = ops.subtract(second, first)
    index = ops.astype(ops.arange(length, dtype=core.int64), work)
    native = ops.add(first, ops.multiply(index, delta))
    return _wrap(ops.astype(native, target))


def _inexact(dtype: core.Dtype) -> core.Dtype:
    return core.float64 if dtype.kind in "biu" else dtype


def linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True,
             retstep: bool = False, dtype: Any = None, axis: int = 0, *,
             device: Any = None) -> Any:  # fmt: skip
    """np.linspace: ``i * step + start`` in the inexact result dtype of the ends, the last
    value set to ``stop``; an integer dtype takes the floor, as numpy 2 does."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = num - 1 if endpoint else num
    scalar_ends = type(start) in _SCALARS and type(stop) in _SCALARS
    native_start = start if type(start) in _SCALARS else as_native(start)
    native_stop = stop if type(stop) in _SCALARS else as_native(stop)
    dt = nt.core_result_type(native_start, native_stop, 1.0)
    dt = _inexact(dt)
    target = dt if dtype is None else nt.as_core(dtype)
    a = ops.astype(as_native(native_start), dt)
    b = ops.astype(as_native(native_stop), dt)
    delta = ops.subtract(b, a)
    extra = len(delta.shape)
    y = ops.reshape(ops.astype(ops.arange(num, dtype=core.int64), dt), (-1,) + (1,) * extra)
    if div > 0:
        step = ops.divide(delta, ops.asarray(div, dtype=dt))
        y = ops.multiply(y, step)
    else:
        step = None
        y = ops.multiply(y, delta)
    y = ops.add(y, a)
    if endpoint and num > 1:
        y = ops.set_item(y, (-1, Ellipsis), b)
    if axis != 0:
        y = ops.moveaxis(y, 0, _normalize_axis(axis, len(y.shape)))
    if target.kind in "iu":
        y = ops.floor(y)
    y = _wrap(ops.astype(y, target))
    if not retstep:
        return y
    if step is None:
        return y, math.nan
    if scalar_ends or len(step.shape) == 0:
        return y, as_scalar(step)
    return y, _wrap(step)


def _normalize_axis(axis: Any, ndim: int) -> int:
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def logspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, base: Any = 10.0,
             dtype: Any = None, axis: int = 0) -> ndarray:  # fmt: skip
    """np.logspace: ``base ** linspace(start, stop)`` with numpy's broadcasting of ``base``."""
    parts = [as_native(v) for v in (start, stop, base)]
    ndmax = builtins.max(len(p.shape) for p in parts)
    parts = [ops.reshape(p, (1,) * (ndmax - len(p.shape)) + tuple(p.shape)) for p in parts]
    start_n, stop_n, base_n = parts
    y = linspace(_wrap(start_n), _wrap(stop_n), num=num, endpoint=endpoint, axis=axis)
    base_w = _wrap(base_n)
    if ndmax:
        base_w = _wrap(ops.expand_dims(base_n, axis=_normalize_axis(axis, ndmax + 1)))
    result = umath.power(base_w, y)
    return result if dtype is None else result.astype(dtype, copy=False)


def geomspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, dtype: Any = None,
              axis: int = 0) -> ndarray:  # fmt: skip
    """np.geomspace, numpy's algorithm: rotate ``start`` to the positive reals, logspace
    between the logs, set the ends exactly, rotate back."""
    start = asarray(start)
    stop = asarray(stop)
    if bool(ops.any(ops.equal(start.native, ops.zeros_like(start.native)))) or bool(
        ops.any(ops.equal(stop.native, ops.zeros_like(stop.native)))
    ):
        raise ValueError("Geometric sequence cannot include zero")
    dt = nt.numpy_dtype(
        nt.core_result_type(
            start.native, stop.native, float(num), *(() if dtype is None else (nt.as_dtype(dtype),))
        )
    )
    dtype = dt if dtype is None else nt.as_dtype(dtype)
    start = start.astype(dt, copy=True)
    stop = stop.astype(dt, copy=True)
    out_sign = umath.sign(start)
    start = umath.divide(start, out_sign)
    stop = umath.divide(stop, out_sign)
    log_start = umath.log10(start)
    log_stop = umath.log10(stop)
    result = logspace(log_start, log_stop, num=num, endpoint=endpoint, base=10.0, dtype=dt)
    if num > 0:
        result[0] = start
        if num > 1 and endpoint:
            result[-1] = stop
    result = umath.multiply(result, out_sign)
    if axis != 0:
        result = _wrap(ops.moveaxis(result.native, 0, _normalize_axis(axis, result.ndim)))
    return result.astype(dtype, copy=False)


def meshgrid(*xi: Any, copy: bool = True, sparse: bool = False, indexing: str = "xy") -> tuple:
    """np.meshgrid (a tuple, as numpy 2 returns); ``copy=False`` gives read-only
    broadcast views."""
    ndim = len(xi)
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    s0 = (1,) * ndim
    output = [asarray(x).reshape(s0[:i] + (-1,) + s0[i + 1 :]) for i, x in enumerate(xi)]
    if indexing == "xy" and ndim > 1:
        output[0] = output[0].reshape((1, -1) + s0[2:])
        output[1] = output[1].reshape((-1, 1) + s0[2:])
    if not sparse:
        from frontends.numpy.manipulation import broadcast_arrays

        output = list(broadcast_arrays(*output))
    if copy:
        return tuple(x.copy() for x in output)
    return output if sparse else tuple(output)


class _nd_grid:
    """numpy's nd_grid: ``mgrid`` (dense) and ``ogrid`` (open) index tricks."""

    def __init__(self, sparse: bool = False) -> None:
        self.sparse = sparse

    @hosted
    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            return self._one(key)
        size, num_list = [], [0]
        for item in key:
            start = 0 if item.start is None else item.start
            step = 1 if item.step is None else item.step
            if isinstance(step, complex | numpy.complexfloating):
                step = abs(step)
                size.append(int(step))
            else:
                size.append(math.ceil((item.stop - start) / (step * 1.0)))
            num_list += [start, item.stop, step]
        typ = nt.result_type(*num_list)
        if self.sparse:
            nn = [arange(extent, dtype=typ) for extent in size]
        else:
            from frontends.numpy.indexing import indices

            nn = list(indices(size, typ))
        for k, item in enumerate(key):
            start = 0 if item.start is None else item.start
            step = 1 if item.step is None else item.step
            if isinstance(step, complex | numpy.complexfloating):
                step = int(abs(step))
                if step != 1:
                    step = (item.stop - start) / float(step - 1)
            nn[k] = nn[k] * step + start
        if self.sparse:
            for k in range(len(size)):
                shape = [1] * len(size)
                shape[k] = -1
                nn[k] = nn[k].reshape(tuple(shape))
            return tuple(nn)
        from frontends.numpy.manipulation import stack

        return stack(nn) if nn else asarray(numpy.zeros((0,), dtype=nt.as_dtype(typ)))

    def _one(self, key: slice) -> ndarray:
        step, stop, start = key.step, key.stop, key.start
        if start is None:
            start = 0
        if isinstance(step, complex | numpy.complexfloating):
            step_float = abs(step)
            step = length = int(step_float)
            if step != 1:
                step = (key.stop - start) / float(step - 1)
            typ = nt.result_type(start, stop, step_float)
            return arange(0, length, 1, dtype=typ) * step + start
        return arange(start, stop, step)

    def __len__(self) -> int:
        return 0


mgrid = _nd_grid(sparse=False)
ogrid = _nd_grid(sparse=True)


# ---------------------------------------------------------------------------------------
# matrices
# ---------------------------------------------------------------------------------------
@numpy_on_numpy_backend
def diag(v: Any, k: int = 0) -> ndarray:
    """np.diag: a 2-D array with ``v`` on the ``k``-th diagonal, or the ``k``-th diagonal
    of a 2-D ``v`` (a copy here; numpy gives a read-only view)."""
    native = as_native(v)
    k = operator.index(k)
    if len(native.shape) == 1:
        n = int(native.shape[0])
        size = n + abs(k)
        result = ops.zeros((size, size), dtype=dtype_of(native))
        if n == 0:
            return _wrap(result)
        index = ops.arange(n, dtype=core.int64)
        rows = ops.add(index, ops.asarray(builtins.max(-k, 0), dtype=core.int64))
        cols = ops.add(index, ops.asarray(builtins.max(k, 0), dtype=core.int64))
        return _wrap(ops.set_item(result, (rows, cols), native))
    if len(native.shape) == 2:
        from frontends.numpy.indexing import _diagonal_native

        return _wrap(_diagonal_native(native, k, 0, 1))
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v: Any, k: int = 0) -> ndarray:
    return diag(ops.reshape(as_native(v), (-1,)), k)


def _tri_mask(N: int, M: int, k: int) -> Any:
    rows = ops.reshape(ops.arange(N, dtype=core.int64), (N, 1))
    cols = ops.reshape(ops.arange(M, dtype=core.int64), (1, M))
    return ops.greater_equal(ops.add(rows, ops.asarray(k, dtype=core.int64)), cols)


def tri(N: int, M: int | None = None, k: int = 0, dtype: Any = float, *,
        like: Any = None) -> ndarray:  # fmt: skip
    N = operator.index(N)
    M = N if M is None else operator.index(M)
    return _wrap(ops.astype(_tri_mask(N, M, operator.index(k)), _dtype_or(dtype, float)))


def _triangle(m: Any, k: int, lower: bool) -> ndarray:
    native = as_native(m)
    shape = tuple(int(e) for e in native.shape)
    if len(shape) == 0:
        raise TypeError("tri() missing 1 required positional argument: 'N'")
    if len(shape) == 1:
        N = M = shape[0]
    else:
        N, M = shape[-2:]
    k = operator.index(k)
    mask = _tri_mask(N, M, k) if lower else ops.logical_not(_tri_mask(N, M, k - 1))
    zero = ops.zeros((), dtype=dtype_of(native))
    return _wrap(ops.where(mask, native, zero))


def tril(m: Any, k: int = 0) -> ndarray:
    return _triangle(m, k, lower=True)


def triu(m: Any, k: int = 0) -> ndarray:
    return _triangle(m, k, lower=False)


def vander(x: Any, N: int | None = None, increasing: bool = False) -> ndarray:
    """np.vander: columns are running products of ``x``, as numpy computes them."""
    native = as_native(x)
    if len(native.shape) != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    n = int(native.shape[0])
    N = n if N is None else operator.index(N)
    dtype = nt.RULES.promote_types(dtype_of(native), core.int64)
    native = ops.astype(native, dtype)
    if N == 0:
        return _wrap(ops.zeros((n, 0), dtype=dtype))
    columns = [ops.ones((n,), dtype=dtype)]
    if N > 1:
        columns.append(native)
    while len(columns) < N:  # running products, as numpy's multiply.accumulate
        columns.append(ops.multiply(columns[-1], native))
    result = ops.stack(columns, axis=1)
    if not increasing:
        result = ops.flip(result, axis=1)
    return _wrap(result)
