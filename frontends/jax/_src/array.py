"""``jax.Array``: an immutable frontend array carrying JAX's ``weak_type`` flag.

Operators promote with JAX's lattice (``_src.dtypes``) and compute on ``core.native``;
the full ``jax.numpy`` will later be built from the numpy frontend under JAX's rules, so
the operator code here stays small. Indexing follows JAX: out-of-bounds integer array
indices clamp when reading, and ``.at[...]`` updates drop out-of-bounds writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray, to_native, view_as_dtype
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.errors import jax_error

_IMMUTABLE = (
    "JAX arrays are immutable and do not support in-place item assignment. Instead of "
    "x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: "
    "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html"
)


def to_host(value: Any) -> numpy.ndarray:
    """A native array as a real numpy array (host-side; for repr, tolist, item)."""
    return numpy.asarray(core.current_backend().module.to_numpy(value))


class Array(FrontendArray):
    """``jax.Array``. ``weak_type`` is JAX's flag (True for values made from Python
    scalars, as ``repr`` shows).

    A weak array's class is :class:`WeakArray`, a subclass that changes nothing else
    (``weak_type`` reads and sets the class): the shared fast paths
    (:mod:`frontends.base.fastpath`) take arrays of the exact type ``Array`` only, so
    every weak input takes the general path, which gives the result's weak flag."""

    __slots__ = ("_dtype",)
    __array_priority__ = 100

    def __init__(self, value: Any, weak_type: bool = False) -> None:
        super().__init__(value)
        self._dtype = core.as_core_dtype(self._value.dtype)
        if weak_type:
            self.weak_type = True

    @classmethod
    def _from_native(cls, value: Any) -> Array:
        """A strong array around a native value (the fast paths' results; subclasses
        other than :class:`WeakArray`, such as PRNG key arrays, keep their class)."""
        array = object.__new__(cls if cls is not WeakArray else Array)
        array._value = value
        array._root = None
        array._chain = ()
        array._version = 0
        array._dtype = core.as_core_dtype(value.dtype)
        return array

    @classmethod
    def _wrap(cls, value: Any, weak_type: bool = False, dtype: Any = None) -> Array:
        if cls is Array or cls is WeakArray:
            cls = WeakArray if weak_type else Array
        array = object.__new__(cls)
        array._value = value
        array._root = None
        array._chain = ()
        array._version = 0
        array._dtype = core.as_core_dtype(value.dtype) if dtype is None else dtype
        return array

    @property
    def weak_type(self) -> bool:
        return False

    @weak_type.setter
    def weak_type(self, weak: bool) -> None:
        if type(self) is Array or type(self) is WeakArray:  # (key arrays are never weak)
            self.__class__ = WeakArray if weak else Array

    # ----------------------------------------------------------------- metadata
    @property
    def dtype(self) -> numpy.dtype:
        return jdt.numpy_dtype(self._dtype)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(int(n) for n in self.native.shape)

    @property
    def ndim(self) -> int:
        return len(self.native.shape)

    @property
    def size(self) -> int:
        size = 1
        for n in self.native.shape:
            size *= int(n)
        return size

    @property
    def itemsize(self) -> int:
        return self._dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self._dtype.itemsize

    @property
    def T(self) -> Array:
        return self.transpose()

    def transpose(self, *axes: Any) -> Array:
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        if not axes:
            axes = tuple(range(self.ndim))[::-1]
        return Array._wrap(ops.permute_dims(self.native, tuple(axes)), self.weak_type, self._dtype)

    def reshape(self, *shape: Any, order: str = "C") -> Array:
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        try:
            native = ops.reshape(self.native, tuple(shape))
        except Exception as error:
            mapped = jax_error(error, "reshape", (self.native,))
            if mapped is None:
                raise
            raise mapped from None
        return Array._wrap(native, self.weak_type, self._dtype)

    def ravel(self) -> Array:
        return self.reshape(-1)

    def astype(self, dtype: Any) -> Array:
        target = jdt.check_user_dtype(dtype, "astype")
        return Array._wrap(ops.astype(self.native, target), False, target)

    # ----------------------------------------------------------------- host
    def __array__(self, dtype: Any = None, copy: Any = None) -> numpy.ndarray:
        host = to_host(self.native)
        return host if dtype is None else host.astype(dtype)

    def item(self, *args: Any) -> Any:
        return to_host(self.native).item(*args)

    def tolist(self) -> Any:
        return to_host(self.native).tolist()

    def block_until_ready(self) -> Array:
        """Waits for the native where the backend computes asynchronously (jax)."""
        wait = getattr(self.native, "block_until_ready", None)
        if wait is not None:
            wait()
        return self

    def copy(self) -> Array:
        return Array._wrap(self.native, self.weak_type, self._dtype)

    def __len__(self) -> int:
        if not self.native.shape:
            raise TypeError("len() of unsized object")
        return int(self.native.shape[0])

    def __iter__(self) -> Any:
        if not self.native.shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(len(self)))

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError(
                "The truth value of an array with more than one element is ambiguous. "
                "Use a.any() or a.all()"
            )
        return bool(self.item())

    def __int__(self) -> int:
        return int(self.item())

    def __float__(self) -> float:
        return float(self.item())

    def __complex__(self) -> complex:
        return complex(self.item())

    def __index__(self) -> int:
        if self._dtype.kind not in "iub":
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self.item())

    def __hash__(self) -> int:
        raise TypeError("unhashable type: 'jaxlib._jax.ArrayImpl'")

    # ----------------------------------------------------------------- printing
    def __repr__(self) -> str:
        host = to_host(self.native)
        prefix = "Array("
        dtype_str = f"dtype={self.dtype.name}"
        if self.weak_type:
            dtype_str += ", weak_type=True"
        dtype_str += ")"
        line_width = numpy.get_printoptions()["linewidth"]
        if host.size == 0:
            s = f"[], shape={host.shape}"
        else:
            s = numpy.array2string(
                host, prefix=prefix, suffix=",", separator=", ", max_line_width=line_width
            )
        last_line_len = len(s) - s.rfind("\n") + 1
        sep = " "
        if last_line_len + len(dtype_str) + 1 > line_width:
            sep = " " * len(prefix)
        return f"{prefix}{s},{sep}{dtype_str}"

    def __str__(self) -> str:
        return str(to_host(self.native))

    def __format__(self, spec: str) -> str:
        if not self.native.shape:
            return format(self.item(), spec)
        return format(str(self), spec)

    # ----------------------------------------------------------------- indexing
    def __setitem__(self, key: Any, value: Any) -> None:
        raise TypeError(_IMMUTABLE)

    def __getitem__(self, key: Any) -> Array:
        return _gather(self, key, "clip", None)

    @property
    def at(self) -> _IndexUpdateHelper:
        return _IndexUpdateHelper(self)

    # ----------------------------------------------------------------- operators
    def __neg__(self) -> Array:
        return Array._wrap(ops.negative(self.native), self.weak_type, self._dtype)

    def __pos__(self) -> Array:
        return self

    def __abs__(self) -> Array:
        value = ops.abs(self.native)
        return Array._wrap(value, self.weak_type)

    def __invert__(self) -> Array:
        if self._dtype.kind not in "biu":
            raise TypeError(f"invert does not accept dtype {self.dtype.name}.")
        value = (
            ops.logical_not(self.native)
            if self._dtype == "bool"
            else ops.bitwise_invert(self.native)
        )
        return Array._wrap(value, self.weak_type, self._dtype)

    def __add__(self, other: Any) -> Array:
        return _binary(ops.add, self, other)

    def __radd__(self, other: Any) -> Array:
        return _binary(ops.add, other, self)

    def __sub__(self, other: Any) -> Array:
        return _binary(ops.subtract, self, other)

    def __rsub__(self, other: Any) -> Array:
        return _binary(ops.subtract, other, self)

    def __mul__(self, other: Any) -> Array:
        return _binary(ops.multiply, self, other)

    def __rmul__(self, other: Any) -> Array:
        return _binary(ops.multiply, other, self)

    def __truediv__(self, other: Any) -> Array:
        return _binary(ops.divide, self, other, inexact=True)

    def __rtruediv__(self, other: Any) -> Array:
        return _binary(ops.divide, other, self, inexact=True)

    def __floordiv__(self, other: Any) -> Array:
        return _binary(ops.floor_divide, self, other)

    def __rfloordiv__(self, other: Any) -> Array:
        return _binary(ops.floor_divide, other, self)

    def __mod__(self, other: Any) -> Array:
        return _binary(ops.remainder, self, other)

    def __rmod__(self, other: Any) -> Array:
        return _binary(ops.remainder, other, self)

    def __pow__(self, other: Any) -> Array:
        return _binary(ops.pow, self, other)

    def __rpow__(self, other: Any) -> Array:
        return _binary(ops.pow, other, self)

    def __matmul__(self, other: Any) -> Array:
        return _binary(ops.matmul, self, other)

    def __rmatmul__(self, other: Any) -> Array:
        return _binary(ops.matmul, other, self)

    def __and__(self, other: Any) -> Array:
        return _binary(_bitwise(ops.bitwise_and, ops.logical_and), self, other)

    def __rand__(self, other: Any) -> Array:
        return _binary(_bitwise(ops.bitwise_and, ops.logical_and), other, self)

    def __or__(self, other: Any) -> Array:
        return _binary(_bitwise(ops.bitwise_or, ops.logical_or), self, other)

    def __ror__(self, other: Any) -> Array:
        return _binary(_bitwise(ops.bitwise_or, ops.logical_or), other, self)

    def __xor__(self, other: Any) -> Array:
        return _binary(_bitwise(ops.bitwise_xor, ops.logical_xor), self, other)

    def __rxor__(self, other: Any) -> Array:
        return _binary(_bitwise(ops.bitwise_xor, ops.logical_xor), other, self)

    def __lshift__(self, other: Any) -> Array:
        return _binary(ops.bitwise_left_shift, self, other)

    def __rshift__(self, other: Any) -> Array:
        return _binary(ops.bitwise_right_shift, self, other)

    def __eq__(self, other: Any) -> Array:  # type: ignore[override]
        return _binary(ops.equal, self, other, compare=True)

    def __ne__(self, other: Any) -> Array:  # type: ignore[override]
        return _binary(ops.not_equal, self, other, compare=True)

    def __lt__(self, other: Any) -> Array:
        return _binary(ops.less, self, other, compare=True)

    def __le__(self, other: Any) -> Array:
        return _binary(ops.less_equal, self, other, compare=True)

    def __gt__(self, other: Any) -> Array:
        return _binary(ops.greater, self, other, compare=True)

    def __ge__(self, other: Any) -> Array:
        return _binary(ops.greater_equal, self, other, compare=True)


class WeakArray(Array):
    """A weakly typed :class:`Array` (``weak_type`` True); see :class:`Array`."""

    __slots__ = ()

    @property
    def weak_type(self) -> bool:
        return True

    @weak_type.setter
    def weak_type(self, weak: bool) -> None:
        if type(self) is Array or type(self) is WeakArray:  # (key arrays are never weak)
            self.__class__ = WeakArray if weak else Array


def _bitwise(integer_op: Callable, bool_op: Callable) -> Callable:
    def op(a: Any, b: Any) -> Any:
        if core.as_core_dtype(a.dtype) == "bool":
            return bool_op(a, b)
        return integer_op(a, b)

    return op


def as_native(value: Any, dtype: Any) -> Any:
    """An operand as a native array of ``dtype``."""
    if isinstance(value, FrontendArray):
        native = value.native
    elif isinstance(value, (bool, int, float, complex)):
        return ops.asarray(value, dtype=dtype)
    else:
        native = to_native(value)
    if core.as_core_dtype(native.dtype) != dtype:
        native = ops.astype(native, dtype)
    return native


def _operand_ok(value: Any) -> bool:
    return isinstance(
        value, (FrontendArray, bool, int, float, complex, numpy.ndarray, numpy.generic)
    )


def _binary(op: Callable, a: Any, b: Any, *, inexact: bool = False, compare: bool = False) -> Any:
    if not (_operand_ok(a) and _operand_ok(b)):
        if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
            raise TypeError(
                "JAX does not accept lists or tuples as operands to binary operators; "
                "convert them with jnp.asarray first."
            )
        return NotImplemented
    dtype, weak = jdt.lattice_result_type(a, b)
    if inexact and dtype.kind in "biu":
        dtype = jdt.default_dtype("f")
    x, y = as_native(a, dtype), as_native(b, dtype)
    try:
        value = op(x, y)
    except Exception as error:
        mapped = jax_error(error, op.__name__, (x, y))
        if mapped is None:
            raise
        raise mapped from None
    return Array._wrap(value, weak)


# --------------------------------------------------------------------- indexing
def _index_key(key: Any, shape: tuple[int, ...], mode: str) -> tuple[Any, Any]:
    """The key with frontend arrays as native ones and integer array indices clamped
    (``mode="clip"``) or checked into a validity mask (other modes). Returns the key and
    a list of (native index, extent) pairs for the array components."""
    if not isinstance(key, tuple):
        key = (key,)
    out = []
    arrays = []
    axis = 0
    n_real = sum(1 for k in key if k is not None and k is not Ellipsis)
    for k in key:
        if k is None:
            out.append(None)
            continue
        if k is Ellipsis:
            out.append(k)
            axis += len(shape) - n_real
            continue
        if isinstance(k, (list, tuple)):
            k = numpy.asarray(k)
        if isinstance(k, (FrontendArray, numpy.ndarray, numpy.generic)) or hasattr(k, "shape"):
            native = to_native(k)
            kind = core.as_core_dtype(native.dtype).kind
            if kind == "b":
                out.append(native)
                axis += len(native.shape)
                continue
            if kind not in "iu":
                raise TypeError(
                    "Indexer must have integer or boolean type, got indexer with type "
                    f"{core.as_core_dtype(native.dtype)} at position 0, indexer value={k}"
                )
            n = shape[axis]
            native = ops.astype(native, core.int64) if kind == "u" else native
            arrays.append((native, n))
            if mode == "clip":
                native = ops.clip(native, -n, max(n - 1, 0))
            else:
                native = ops.where(ops.less(native, 0), ops.add(native, n), native)
                native = ops.clip(native, 0, max(n - 1, 0))
            out.append(native)
        elif isinstance(k, (int, numpy.integer)) and not isinstance(k, bool):
            n = shape[axis]
            if not -n <= int(k) < n:
                if mode in ("drop", "fill"):
                    arrays.append((int(k), n))
                    out.append(ops.asarray(int(k) % max(n, 1)) if n else 0)
                    axis += 1
                    continue
                if mode != "clip" or not n:
                    raise IndexError(
                        f"index {int(k)} is out of bounds for axis {axis} with size {n}"
                    )
                k = -n if k < 0 else n - 1  # JAX clamps a static index too
            out.append(int(k))
        elif isinstance(k, (float, complex)):
            raise TypeError(
                "Indexer must have integer or boolean type, got indexer with type "
                f"{'float64' if isinstance(k, float) else 'complex128'} at position {axis}, "
                f"indexer value={k}"
            )
        else:
            out.append(k)
        axis += 1
    return tuple(out), arrays


def default_fill(dtype: core.Dtype) -> Any:
    """What JAX's ``mode="fill"`` gathers give out of bounds: nan for inexact dtypes,
    True for bool, the smallest signed or the largest unsigned integer."""
    if dtype.kind in "fc":
        return float("nan")
    if dtype.kind == "b":
        return True
    info = core.iinfo(dtype)
    return info.min if dtype.kind == "i" else info.max


def _gather(array: Array, key: Any, mode: str, fill_value: Any) -> Array:
    kind = type(key)
    if kind is int and mode == "clip" and array.ndim and array.shape[0]:
        key = min(max(key, -array.shape[0]), array.shape[0] - 1)  # JAX clamps
    if kind is slice or (kind is int and mode == "clip"):  # core's checks are JAX's here
        return Array._wrap(ops.get_item(array.native, key), array.weak_type, array._dtype)
    shape = array.shape
    native_key, arrays = _index_key(key, shape, mode)
    value = ops.get_item(array.native, native_key)
    if mode == "fill" and arrays:
        valid = _validity(key, shape, native_key)
        if fill_value is None:
            fill_value = default_fill(array._dtype)
        value = ops.where(valid, value, ops.asarray(fill_value, dtype=array._dtype))
    return Array._wrap(value, array.weak_type, array._dtype)


def _validity(key: Any, shape: tuple[int, ...], native_key: tuple[Any, ...]) -> Any:
    """A boolean native array of the indexed result's shape: True where every integer
    array index was in bounds."""
    if not isinstance(key, tuple):
        key = (key,)
    mask_key = []
    extended = []
    axis = 0
    n_real = sum(1 for k in key if k is not None and k is not Ellipsis)
    for k, nk in zip(key, native_key, strict=True):
        if k is None:
            mask_key.append(None)
            continue
        if k is Ellipsis:
            mask_key.append(k)
            skipped = len(shape) - n_real
            extended.extend(shape[axis : axis + skipped])
            axis += skipped
            continue
        n = shape[axis]
        if isinstance(k, slice):
            mask_key.append(k)
            extended.append(n)
        elif isinstance(k, (int, numpy.integer)) and not hasattr(nk, "shape"):
            mask_key.append(k)
            extended.append(n)
        else:
            raw = to_native(numpy.asarray(k) if isinstance(k, (list, tuple)) else k)
            if core.as_core_dtype(raw.dtype).kind == "b":
                mask_key.append(raw)
                extended.extend(shape[axis : axis + len(raw.shape)])
                axis += len(raw.shape)
                continue
            raw = ops.astype(raw, core.int64)
            ok = ops.logical_and(ops.greater_equal(raw, -n), ops.less(raw, n))
            # out-of-bounds entries point at an extra slot holding False
            mask_key.append(ops.where(ok, ops.where(ops.less(raw, 0), ops.add(raw, n), raw), n))
            extended.append(n + 1)
        axis += 1
    extended.extend(shape[axis:])
    slots = ops.ones(tuple(extended), dtype=core.bool)
    mask = _false_in_extra(slots, key, shape, extended)
    return ops.get_item(mask, tuple(mask_key))


def _false_in_extra(ones: Any, key: Any, shape: tuple[int, ...], extended: list[int]) -> Any:
    mask = ones
    for axis, (n, m) in enumerate(zip(shape + (0,) * (len(extended) - len(shape)), extended)):
        if m == n + 1:
            index = (slice(None),) * axis + (n,)
            mask = ops.set_item(mask, index, False)
    return mask


class _IndexUpdateHelper:
    __slots__ = ("array",)

    def __init__(self, array: Array) -> None:
        self.array = array

    def __getitem__(self, index: Any) -> _IndexUpdateRef:
        return _IndexUpdateRef(self.array, index)

    def __repr__(self) -> str:
        return f"_IndexUpdateHelper({self.array!r})"


class _IndexUpdateRef:
    """``x.at[idx]``: pure indexed updates, as JAX's (``mode=`` "clip", "drop",
    "promise_in_bounds", "fill"; updates drop out-of-bounds indices by default)."""

    __slots__ = ("array", "index")

    def __init__(self, array: Array, index: Any) -> None:
        self.array = array
        self.index = index

    def get(self, *, mode: str | None = None, fill_value: Any = None, **_: Any) -> Array:
        mode = "fill" if mode in ("fill", "drop") else "clip"
        return _gather(self.array, self.index, mode, fill_value)

    def set(self, values: Any, *, mode: str | None = None, **_: Any) -> Array:
        return _scatter(self.array, self.index, values, None, mode)

    def add(self, values: Any, *, mode: str | None = None, **_: Any) -> Array:
        return _scatter(self.array, self.index, values, "add", mode)

    def subtract(self, values: Any, *, mode: str | None = None, **_: Any) -> Array:
        return _scatter(self.array, self.index, -_as_array(values), "add", mode)

    def multiply(self, values: Any, *, mode: str | None = None, **_: Any) -> Array:
        return _scatter(self.array, self.index, values, "multiply", mode)

    mul = multiply

    def divide(self, values: Any, *, mode: str | None = None, **_: Any) -> Array:
        x = self.array
        if x._dtype.kind not in "fc":
            raise TypeError("x.at[...].divide() requires a floating-point array")
        updated = _IndexUpdateRef(x, self.index).get(mode="clip")
        return _scatter(x, self.index, updated / values, None, mode)

    def power(self, values: Any, *, mode: str | None = None, **_: Any) -> Array:
        x = self.array
        updated = _IndexUpdateRef(x, self.index).get(mode="clip")
        return _scatter(x, self.index, updated**values, None, mode)

    def min(self, values: Any, *, mode: str | None = None, **_: Any) -> Array:
        return _scatter(self.array, self.index, values, "amin", mode)

    def max(self, values: Any, *, mode: str | None = None, **_: Any) -> Array:
        return _scatter(self.array, self.index, values, "amax", mode)

    def apply(self, func: Callable[[Any], Any], *, mode: str | None = None, **_: Any) -> Array:
        x = self.array
        updated = _IndexUpdateRef(x, self.index).get(mode="clip")
        return _scatter(x, self.index, func(updated), None, mode)


def _as_array(values: Any) -> Array:
    if isinstance(values, Array):
        return values
    dtype, weak = jdt.result_type_and_weak(values)
    return Array._wrap(as_native(values, dtype), weak)


def _scatter(x: Array, index: Any, values: Any, reduce: str | None, mode: str | None) -> Array:
    """``x`` with ``values`` combined into ``x[index]``: flat positions of an index grid
    (out-of-bounds entries, dropped, point at an extra slot), then one scatter."""
    shape = x.shape
    size = x.size
    dtype = x._dtype
    clip = mode == "clip"
    positions = ops.reshape(ops.arange(size, dtype=core.int64), shape)
    native_key, arrays = _index_key(index, shape, "clip" if clip else "drop")
    pos = ops.get_item(positions, native_key)
    if arrays and not clip:
        valid = _validity(index, shape, native_key)
        pos = ops.where(valid, pos, size)
    vals = as_native(values, dtype)
    vals = ops.broadcast_to(vals, tuple(pos.shape))
    flat = ops.concat([ops.reshape(x.native, (-1,)), ops.zeros((1,), dtype=dtype)])
    out = ops.scatter(flat, 0, ops.reshape(pos, (-1,)), ops.reshape(vals, (-1,)), reduce=reduce)
    out = ops.reshape(ops.get_item(out, slice(0, size)), shape)
    return Array._wrap(out, x.weak_type, dtype)


# --------------------------------------------------------------------- jnp methods
def _jnp() -> Any:
    from frontends.jax import numpy as jnp

    return jnp


# Array methods that are the jnp function of the same name with the array first
_FUNCTION_METHODS = (
    "all", "any", "argmax", "argmin", "argpartition", "argsort", "choose", "clip",
    "conj", "conjugate", "cumprod", "cumsum", "diagonal", "dot", "max", "mean", "min",
    "nonzero", "prod", "ptp", "repeat", "round", "searchsorted", "sort", "squeeze", "std",
    "sum", "swapaxes", "take", "trace", "var",
)  # fmt: skip


def _function_method(name: str) -> Callable[..., Any]:
    def method(self: Array, *args: Any, **kwargs: Any) -> Any:
        return getattr(_jnp(), name)(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"``jax.Array.{name}``: ``jnp.{name}`` with this array first."
    return method


for _name in _FUNCTION_METHODS:
    setattr(Array, _name, _function_method(_name))


def _compress(self: Array, condition: Any, axis: Any = None, *, out: Any = None) -> Array:
    """``jax.Array.compress``: ``jnp.compress(condition, self, axis)``."""
    return _jnp().compress(condition, self, axis=axis, out=out)


def _flatten(self: Array, order: str = "C") -> Array:
    """``jax.Array.flatten``: a 1-D copy."""
    return self.reshape(-1)


def _view(self: Array, dtype: Any = None, type: Any = None) -> Array:
    """``jax.Array.view``: the same bits as ``dtype`` (numpy's shapes: the last axis scaled
    by the item-size ratio)."""
    if dtype is None:
        return self
    target = jdt.check_user_dtype(dtype, "view")
    return Array._wrap(view_as_dtype(self.native, target), False, target)


def _round(self: Array, ndigits: Any = None) -> Any:
    """``round(x)``: an integer array of the default int dtype, as JAX's."""
    if ndigits is None:
        return _jnp().round(self).astype(jdt.default_dtype("i"))
    return _jnp().round(self, ndigits)


def _divmod(self: Array, other: Any) -> Any:
    return _jnp().divmod(self, other)


def _rdivmod(self: Array, other: Any) -> Any:
    return _jnp().divmod(other, self)


def _real(self: Array) -> Array:
    return _jnp().real(self)


def _imag(self: Array) -> Array:
    return _jnp().imag(self)


def _m_t(self: Array) -> Array:
    return _jnp().matrix_transpose(self)


def _sharding() -> Any:
    from frontends.jax._src import sharding

    return sharding


def _to_device(self: Array, device: Any, *, stream: Any = None) -> Array:
    return self


Array.compress = _compress
Array.flatten = _flatten
Array.view = _view
Array.__round__ = _round
Array.__divmod__ = _divmod
Array.__rdivmod__ = _rdivmod
Array.real = property(_real)
Array.imag = property(_imag)
Array.mT = property(_m_t)
Array.to_device = _to_device
Array.tobytes = lambda self, order="C": to_host(self.native).tobytes(order)
Array.is_ready = lambda self: True
Array.is_deleted = lambda self: False
Array.sharding = property(lambda self: _sharding().array_sharding(self))
Array.addressable_shards = property(lambda self: _sharding().addressable_shards(self))
Array.devices = lambda self: _sharding().array_devices(self)
Array.is_fully_replicated = property(lambda self: self.sharding.is_fully_replicated)
Array.is_fully_addressable = True
Array.__array_namespace__ = lambda self, *, api_version=None: _jnp()
Array.__jax_array__ = lambda self: self
Array.__contains__ = lambda self, value: bool((self == value).any())
Array.__copy__ = lambda self: self.copy()
Array.__deepcopy__ = lambda self, memo: self.copy()
Array.__rlshift__ = lambda self, other: _binary(ops.bitwise_left_shift, other, self)
Array.__rrshift__ = lambda self, other: _binary(ops.bitwise_right_shift, other, self)


def _fast_operators() -> None:
    """The operators whose common case is one core function get the shared fast path
    (``x + y``, ``x * 2.0``: the backend's kernel straight); ``__radd__``/``__rmul__``
    too, as addition and multiplication commute."""
    from frontends.jax._src.fast import fast

    binary = (
        ("add", "add"), ("radd", "add"), ("sub", "subtract"), ("mul", "multiply"),
        ("rmul", "multiply"), ("truediv", "divide"), ("eq", "equal"), ("ne", "not_equal"),
        ("lt", "less"), ("le", "less_equal"), ("gt", "greater"), ("ge", "greater_equal"),
    )  # fmt: skip
    for name, kernel in binary:
        method = Array.__dict__[f"__{name}__"]
        setattr(Array, f"__{name}__", fast(kernel, "self", "other")(method))
    Array.__matmul__ = fast("matmul", "self", "other", scalars=False)(Array.__matmul__)
    Array.__neg__ = fast("negative", "self")(Array.__neg__)
    Array.__abs__ = fast("abs", "self")(Array.__abs__)


_fast_operators()
