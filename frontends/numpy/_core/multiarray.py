"""numpy.ndarray on any core backend, and the constructors ``array``/``asarray``.

An ndarray holds one native array of the backend (:class:`frontends.base.array.FrontendArray`).
Basic indexing (ints, slices, ``None``, ``...``), ``reshape``/``ravel``, ``transpose``/``T``,
``swapaxes``, ``real``/``imag`` and ``view()`` give views whose writes reach their base on
every backend; fancy and boolean indexing give copies, as in numpy. Unlike numpy, a
reshape of a non-contiguous array is a view too (numpy copies there; only code that
writes through such a reshape and expects the base unchanged can tell).

Operators call the frontend's ufuncs, so they follow NEP 50 and numpy's casting rules.
Real numpy functions and ufuncs called on an ndarray (``numpy.sum(a)``, ``real + a``)
dispatch to the frontend's through ``__array_function__``/``__array_ufunc__``; ``__array__``
hands real numpy, matplotlib and pandas a host copy.
"""

from __future__ import annotations

import builtins
import math
import operator
import sys
from collections.abc import Iterator
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray, dtype_view_step
from frontends.base.host import HOST_KINDS, HostInput, hosted, map_values
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native, as_scalar, to_host

__all__ = [
    "array", "asanyarray", "asarray", "ascontiguousarray", "asfortranarray", "astype",
    "from_dlpack", "ndarray",
]  # fmt: skip
# (HostArray and host_call, below, are the frontend's own: not numpy names)


def _np() -> Any:
    return sys.modules["frontends.numpy"]


def _umath() -> Any:
    return sys.modules["frontends.numpy._core.umath"]


def _is_basic(key: tuple[Any, ...]) -> builtins.bool:
    return all(
        item is None or item is Ellipsis or type(item) is slice or _is_integer_scalar(item)
        for item in key
    )


def _is_integer_scalar(item: Any) -> builtins.bool:
    return (type(item) is int) or isinstance(item, numpy.integer)


def _native_key(key: Any) -> Any:
    """An index key with frontend arrays, lists and numpy scalars made native/plain."""
    if type(key) is slice or type(key) is int:
        return (key,)
    if not isinstance(key, tuple):
        key = (key,)
    items = []
    for item in key:
        if isinstance(item, numpy.integer):
            item = int(item)
        elif isinstance(item, numpy.bool_):
            item = builtins.bool(item)
        elif isinstance(item, FrontendArray):
            item = item.native
        elif isinstance(item, list | tuple) and not item:
            item = as_native(numpy.empty(0, numpy.intp))  # an empty integer index, as numpy
        elif isinstance(item, list | tuple | numpy.ndarray):
            item = as_native(item)
        elif isinstance(item, float):
            raise IndexError(
                "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                "integer or boolean arrays are valid indices"
            )
        items.append(item)
    return tuple(items)


def _plain_basic(key: Any) -> builtins.bool:
    """Whether an index key is basic with nothing to convert: a slice, or a tuple of ints
    (numpy's too), slices, ``None`` and ``...``."""
    if type(key) is slice:
        return True
    return type(key) is tuple and all(type(item) in _PLAIN_ITEMS for item in key)


def _basic_steps(key: tuple[Any, ...]) -> tuple[Any, Any]:
    """The view steps (forward, inverse) of a basic index key."""

    def forward(value: Any) -> Any:
        return ops.get_item(value, key)

    def inverse(root: Any, new: Any) -> Any:
        return ops.set_item(root, key, new)

    return forward, inverse


def _element(value: Any, key: tuple[Any, ...]) -> Any:
    """The element at a key of one integer per axis (Python's or numpy's), as a numpy
    scalar (an array of the numpy backend is on the host: numpy's own indexing gives that
    scalar, with no 0-d array in between)."""
    if type(value) is numpy.ndarray:
        return value[key]
    return as_scalar(ops.get_item(value, tuple(map(int, key))))


#: the exact types of numpy's integer scalars (an index read from an integer array)
_NUMPY_INTEGERS = frozenset(numpy.dtype(code).type for code in "bBhHiIlLqQ")
_PLAIN_ITEMS = frozenset((int, slice, type(None), type(Ellipsis))) | _NUMPY_INTEGERS


def _element_key(key: Any, shape: tuple[int, ...]) -> tuple[Any, ...] | None:
    """``key`` as a tuple of one in-range integer (Python's or numpy's) per axis of
    ``shape``, or None when it selects more than one element (or is out of range: the
    general path raises numpy's error)."""
    kind = type(key)
    if kind is int or kind in _NUMPY_INTEGERS:
        key = (key,)
    elif kind is not tuple:
        return None
    if len(key) != len(shape):
        return None
    for item, extent in zip(key, shape):
        kind = type(item)
        if (kind is not int and kind not in _NUMPY_INTEGERS) or not -extent <= item < extent:
            return None
    return key


def _scalar_for(value: Any, dtype: numpy.dtype) -> Any:
    """``value`` when numpy's own ``a[i] = value`` into an array of ``dtype`` stores it as
    the frontend does (a Python float or int into a float array, a Python int into an
    integer one: numpy raises OverflowError out of its range, as NEP 50 says; a numpy
    scalar of the array's dtype), else None."""
    kind = type(value)
    if kind is float:
        return value if dtype.kind == "f" and dtype.type is not numpy.float16 else None
    if kind is int:
        return value if dtype.kind in "iuf" and dtype.type is not numpy.float16 else None
    if kind in _HOST_SCALARS and value.dtype == dtype:
        return value
    return None


_HOST_SCALARS = frozenset(numpy.dtype(code).type for code in "?bBhHiIlLqQefdFD")


def _is_host_mask(key: tuple[Any, ...], shape: tuple[int, ...]) -> builtins.bool:
    """Whether ``key`` is one boolean numpy array over the leading axes of ``shape``
    (``a[a > 0] = x``): a write through it selects each element once."""
    if len(key) != 1:
        return False
    mask = key[0]
    return (
        type(mask) is numpy.ndarray
        and mask.dtype == numpy.bool_
        and mask.shape == shape[: mask.ndim]
    )


def _write_in_place(array: FrontendArray, key: Any, value: Any, held: int = 0) -> builtins.bool:
    """Write ``value`` at ``key`` (a basic key or a boolean mask) into ``array``'s host numpy value in place
    and say so, where only ``array`` and its views can see that memory: a root's value it
    owns, or a view's value that is a numpy view of such a root's (forward steps that
    copy, as a reshape of a non-contiguous array, give none), writeable, and referred to
    by nothing else (no other frontend array, user variable or numpy view; the caller
    holds ``held`` references to ``array``'s value). Views of the root see the write:
    the root's version changes. Otherwise (False) the caller writes a new value."""
    target = array._value
    if type(target) is not numpy.ndarray or not target.flags.writeable:
        return False
    root = array._root
    if root is None:
        if target.base is not None or sys.getrefcount(target) > _ONE_HOLDER + held:
            return False
        target[key] = value
        array._version += 1
        return True
    base = root._value
    if (
        array._seen_version != root._version
        or target.base is not base
        or base.base is not None
        or sys.getrefcount(target) > _ONE_HOLDER + held
        or sys.getrefcount(base) > _ONE_HOLDER + 1
    ):
        return False
    target[key] = value
    root._version += 1
    array._seen_version = root._version
    return True


class _Holder:
    __slots__ = ("_value",)


def _references(array: Any) -> int:
    target = array._value
    return sys.getrefcount(target)


_holder = _Holder()
_holder._value = numpy.empty(1)
_ONE_HOLDER = _references(_holder)  # what :func:`_write_in_place` counts for one holder
del _holder


def _reshaper(shape: tuple[int, ...]) -> Any:
    return lambda value: ops.reshape(value, shape)


# View steps (forward, inverse) by what they do, made once: a reshape by (shape asked,
# shape before), a permutation by its axes. They call core through the module, so they
# hold for every backend.
_RESHAPES: dict[Any, tuple[Any, Any]] = {}
_PERMUTATIONS: dict[tuple[int, ...], tuple[Any, Any]] = {}
_STEPS_KEPT = 512


def _reversal(ndim: int) -> tuple[Any, Any]:
    """The view steps of ``.T`` for ``ndim`` dimensions."""
    steps = _REVERSALS.get(ndim)
    if steps is None:
        steps = _REVERSALS[ndim] = _permutation(tuple(range(ndim - 1, -1, -1)))
    return steps


_REVERSALS: dict[int, tuple[Any, Any]] = {}


def _permutation(axes: tuple[int, ...]) -> tuple[Any, Any]:
    """The view steps of a permutation of axes (valid ones)."""
    steps = _PERMUTATIONS.get(axes)
    if steps is None:
        inverse = tuple(axes.index(i) for i in range(len(axes)))
        steps = (
            lambda value: ops.permute_dims(value, axes),
            lambda _, new: ops.permute_dims(new, inverse),
        )
        if len(_PERMUTATIONS) > _STEPS_KEPT:
            _PERMUTATIONS.clear()
        _PERMUTATIONS[axes] = steps
    return steps


def _view(array: ndarray, forward: Any, inverse: Any, value: Any = None) -> ndarray:
    """``array._make_view(forward, inverse)``; :meth:`ndarray._subscript` calls it
    directly: it runs where the view is made already (a host call when one is needed),
    so the host-call check of ``_make_view`` would only pass the call on. ``value``: the
    view's value when the caller has it (``forward(array.native)``)."""
    if value is None:
        value = forward(array.native)
    view = array._view_from(value, forward, inverse)
    view._writeable = array._writeable and inverse is not None
    return view


def new_array(cls: type[ndarray], value: Any) -> ndarray:
    """``cls._from_native(value)``: a new array around a native value. FrontendArray's
    fields and ``_writeable`` are set here in one call (every result is made here: a second
    call would cost as much as a small numpy kernel); the fast paths call this plain
    function, which costs less than the bound classmethod."""
    array = _allocate(cls)
    array._value = value
    array._root = None
    array._chain = ()
    array._version = 0
    array._writeable = True
    return array


_allocate = object.__new__


class ndarray(FrontendArray):
    """numpy.ndarray: ``np.ndarray(shape, dtype=float)`` makes an uninitialised (here:
    zero-filled) array, as numpy's constructor does."""

    __slots__ = ("_writeable",)
    __array_priority__ = 100.0
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, shape: Any, dtype: Any = float, buffer: Any = None, offset: int = 0,
                 strides: Any = None, order: Any = None) -> None:  # fmt: skip
        shape = (shape,) if isinstance(shape, int | numpy.integer) else tuple(shape)
        if buffer is not None:
            host = numpy.ndarray(shape, dtype, buffer, offset, strides, order)
            super().__init__(ops.asarray(numpy.array(host)))
        else:
            super().__init__(ops.zeros(tuple(int(s) for s in shape), dtype=nt.as_core(dtype)))
        self._writeable = True

    _from_native = classmethod(new_array)

    def _make_view(self, forward: Any, inverse: Any) -> ndarray:
        return _view(self, forward, inverse)

    def _check_writeable(self) -> None:
        if not self._writeable:
            raise ValueError("assignment destination is read-only")

    def _assign(self, value: Any) -> None:
        self._check_writeable()
        super()._assign(value)

    # ------------------------------------------------------------------ attributes
    @property
    def dtype(self) -> numpy.dtype:
        return nt.numpy_dtype(core.as_core_dtype(self.stored.dtype))

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(int(extent) for extent in self.stored.shape)

    @shape.setter
    def shape(self, value: Any) -> None:
        if self._root is not None:
            raise AttributeError(
                "Incompatible shape for in-place modification. Use `.reshape()` to make a "
                "copy with the desired shape."
            )
        self._value = ops.reshape(self._value, _shape_tuple(value, self.size))

    @property
    def ndim(self) -> int:
        return len(self.stored.shape)

    @property
    def size(self) -> int:
        size = 1
        for extent in self.stored.shape:
            size *= int(extent)
        return size

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.itemsize

    @property
    def strides(self) -> tuple[int, ...]:
        """C-contiguous strides of the shape (views report them too: the backend owns the
        memory layout)."""
        strides, step = [], self.itemsize
        for extent in reversed(self.shape):
            strides.append(step)
            step *= max(extent, 1)
        return tuple(reversed(strides))

    @property
    def base(self) -> ndarray | None:
        return self._root

    @property
    def flags(self) -> _Flags:
        return _Flags(self)

    @property
    def T(self) -> ndarray:
        return self._make_view(*_reversal(len(self.stored.shape)))

    @property
    def mT(self) -> ndarray:
        if self.ndim < 2:
            raise ValueError("matrix transpose with ndim < 2 is undefined")
        return self.swapaxes(-1, -2)

    @property
    def real(self) -> ndarray:
        if self.dtype.kind != "c":
            return self._make_view(_same, _replace)
        return self._make_view(_real_part, _replace_real)

    @real.setter
    def real(self, value: Any) -> None:
        self.real[...] = value

    @property
    def imag(self) -> ndarray:
        if self.dtype.kind != "c":
            view = self._make_view(_zeros_like, None)
            return view
        return self._make_view(_imaginary_part, _replace_imag)

    @imag.setter
    def imag(self, value: Any) -> None:
        if self.dtype.kind != "c":
            raise TypeError("array does not have imaginary part to set")
        self.imag[...] = value

    @property
    def flat(self) -> flatiter:
        return flatiter(self)

    @flat.setter
    def flat(self, value: Any) -> None:
        """``a.flat = values`` fills the array in C order, ``values`` repeated or cut to
        its size (none: left as it is), cast as numpy casts them."""
        np = _np()
        values = np.asarray(value).astype(self.dtype).reshape(-1)
        if values.size:
            self[...] = np.resize(values, self.shape)

    @property
    def data(self) -> memoryview:
        return memoryview(self.__array__())

    @property
    def device(self) -> str:
        return "cpu"

    # ------------------------------------------------------------------ conversion
    def __array__(self, dtype: Any = None, copy: Any = None) -> numpy.ndarray:
        host = to_host(self.stored)
        return host if dtype is None else host.astype(dtype, copy=False)

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """A real numpy ufunc meeting an ndarray runs as the frontend's ufunc of that name;
        another library's ufunc (scipy.special's ``digamma``, ``expit`` ...) or one the
        frontend lacks runs on host copies, its arrays returned as ndarrays."""
        ours = getattr(_np(), ufunc.__name__, None)
        if ours is not None and getattr(numpy, ufunc.__name__, None) is ufunc:
            return getattr(ours, method)(*inputs, **kwargs)
        out = kwargs.pop("out", None)
        host = [a.__array__() if isinstance(a, ndarray) else a for a in inputs]
        result = getattr(ufunc, method)(*host, **kwargs)
        if out is not None:
            results = result if isinstance(result, tuple) else (result,)
            for target, value in zip(out, results, strict=True):
                target[...] = value
            return out if isinstance(result, tuple) else out[0]
        if isinstance(result, tuple):
            return tuple(asarray(r) if isinstance(r, numpy.ndarray) else r for r in result)
        return asarray(result) if isinstance(result, numpy.ndarray) else result

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        """A real numpy function called on an ndarray runs as the frontend's of that name,
        or, where the frontend has none, on host copies with a frontend result."""
        namespace = _np()
        for part in func.__module__.split(".")[1:]:
            if not part.startswith("_"):
                namespace = getattr(namespace, part, namespace)
        ours = getattr(namespace, func.__name__, None)
        if ours is not None and ours is not func:
            return ours(*args, **kwargs)
        host_args = [a.__array__() if isinstance(a, ndarray) else a for a in args]
        result = func(*host_args, **kwargs)
        return asarray(result) if isinstance(result, numpy.ndarray) else result

    def __array_wrap__(
        self, array: Any, context: Any = None, return_scalar: builtins.bool = False
    ) -> Any:
        return as_scalar(as_native(array)) if return_scalar else asarray(array)

    def __array_finalize__(self, obj: Any) -> None:
        return None

    def __array_namespace__(self, *, api_version: str | None = None) -> Any:
        return _np()

    def __class_getitem__(cls, item: Any) -> Any:
        import types

        return types.GenericAlias(cls, item)

    def __dlpack__(self, **kwargs: Any) -> Any:
        return to_host(self.stored).__dlpack__(**kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)

    def to_device(self, device: Any, /, *, stream: Any = None) -> ndarray:
        if device != "cpu":
            raise ValueError(f'Unsupported device {device!r}. Supported devices are: "cpu"')
        return self

    @property
    def ctypes(self) -> Any:
        """The ctypes interface of a host copy (the backend owns the memory)."""
        return to_host(self.stored).ctypes

    def byteswap(self, inplace: builtins.bool = False) -> ndarray:
        swapped = ops.asarray(to_host(self.stored).byteswap())
        if inplace:
            self._assign(swapped)
            return self
        return ndarray._from_native(swapped)

    def getfield(self, dtype: Any, offset: int = 0) -> ndarray:
        return ndarray._from_native(
            ops.asarray(numpy.array(to_host(self.stored).getfield(nt.as_dtype(dtype), offset)))
        )

    def setfield(self, val: Any, dtype: Any, offset: int = 0) -> None:
        host = numpy.array(to_host(self.stored))
        host.setfield(numpy.asarray(val), nt.as_dtype(dtype), offset)
        self._assign(ops.asarray(host))

    def __contains__(self, value: Any) -> builtins.bool:
        return builtins.bool(_np().any(self == value))

    def __delitem__(self, key: Any) -> None:
        raise ValueError("cannot delete array elements")

    def tolist(self) -> Any:
        return to_host(self.stored).tolist()

    def item(self, *args: Any) -> Any:
        return to_host(self.stored).item(*args)

    def tobytes(self, order: str = "C") -> bytes:
        return to_host(self.stored).tobytes(order)

    def tofile(self, fid: Any, sep: str = "", format: str = "%s") -> None:
        to_host(self.stored).tofile(fid, sep, format)

    def dumps(self) -> bytes:
        return to_host(self.stored).dumps()

    def dump(self, file: Any) -> None:
        to_host(self.stored).dump(file)

    def __reduce__(self) -> Any:
        return (asarray, (to_host(self.stored),))

    def __copy__(self) -> ndarray:
        return self.copy()

    def __deepcopy__(self, memo: Any) -> ndarray:
        return self.copy()

    def copy(self, order: str = "K") -> ndarray:
        return ndarray._from_native(ops.asarray(self.native, copy=True))

    def astype(self, dtype: Any, order: str = "K", casting: str = "unsafe",
               subok: builtins.bool = True, copy: builtins.bool = True) -> ndarray:  # fmt: skip
        try:
            target = nt.as_core(dtype)
        except HostInput:  # to str, object, datetime: numpy's cast, held on the host
            options = {"order": order, "casting": casting, "copy": copy}
            return host_call(numpy.ndarray.astype, (self, dtype), options)
        if casting != "unsafe" and not nt.can_cast(self.dtype, target, casting):
            raise TypeError(
                f"Cannot cast array data from {self.dtype!r} to {nt.numpy_dtype(target)!r} "
                f"according to the rule {casting!r}"
            )
        if not copy and core.as_core_dtype(self.stored.dtype) == target:
            return self
        return new_array(ndarray, ops.astype(self.native, target))

    def view(self, dtype: Any = None, type: Any = None) -> Any:
        """A view (of another dtype: the same bytes, writes shared both ways); ``type``
        (another ndarray subclass) is not honoured: views are ndarrays."""
        if isinstance(dtype, builtins.type) and issubclass(dtype, ndarray):
            dtype = None
        if dtype is not None and nt.as_core(dtype) != core.as_core_dtype(self.stored.dtype):
            return self._make_view(*dtype_view_step(nt.as_core(dtype)))
        return self._make_view(_same, _replace)

    def __len__(self) -> int:
        if not self.ndim:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __iter__(self) -> Iterator[Any]:
        if not self.ndim:
            raise TypeError("iteration over a 0-d array")
        if self.ndim == 1:
            return self._elements(self.shape[0])
        return (self._subscript(index) for index in range(self.shape[0]))  # rows: views

    def _elements(self, length: int) -> Iterator[Any]:
        """A 1-D array's elements, numpy scalars read from one host copy (a backend
        op per element made ``sum(a > 3)`` over a million elements take minutes); a
        write to the array during the loop is seen, as in numpy: the copy is taken again."""
        host = seen = None
        for index in range(length):
            owner = self if self._root is None else self._root
            if seen != (owner._version, id(owner._value)):
                seen = (owner._version, id(owner._value))
                host = to_host(self.stored)
            yield host[index]

    def __bool__(self) -> builtins.bool:
        if self.size != 1:
            raise ValueError(
                "The truth value of an empty array is ambiguous. Use `array.size > 0` to check "
                "that an array is not empty."
                if self.size == 0
                else "The truth value of an array with more than one element is ambiguous. "
                "Use a.any() or a.all()"
            )
        return builtins.bool(self.item())

    def _scalar(self, kind: builtins.type) -> Any:
        if self.size != 1 or (self.ndim and kind is not None and False):
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        if self.ndim:
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        return kind(self.item())

    def __int__(self) -> int:
        return self._scalar(int)

    def __float__(self) -> float:
        return self._scalar(float)

    def __complex__(self) -> complex:
        return self._scalar(complex)

    def __index__(self) -> int:
        if self.dtype.kind not in "biu" or self.ndim:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self.item())

    def __repr__(self) -> str:
        return repr(to_host(self.stored))

    def __str__(self) -> str:
        return str(to_host(self.stored))

    def __format__(self, spec: str) -> str:
        if self.ndim == 0:
            return format(as_scalar(self.stored), spec)
        return format(to_host(self.stored), spec)

    # ------------------------------------------------------------------ indexing
    def __getitem__(self, key: Any) -> Any:
        value = self.stored
        if type(key) is int:  # one element of a 1-D array (a numpy scalar, read where held)
            shape = value.shape
            if len(shape) == 1 and -shape[0] <= key < shape[0]:
                return value[key] if type(value) is numpy.ndarray else _element(value, (key,))
        else:  # one element by a tuple or a numpy integer: a[i, j]
            element = _element_key(key, value.shape)
            if element is not None:
                return _element(value, element)
        if type(value) is numpy.ndarray and _plain_basic(key):
            # a host-held value and a basic key of ints and slices: numpy's own indexing
            # gives the view's value (the same as core's get_item there), no host call
            native_key = _native_key(key)
            _check_key(native_key, value.shape)
            result = value[native_key]
            if type(result) is not numpy.ndarray:
                return result
            return _view(self, *_basic_steps(native_key), value=result)
        return self._subscript(key)

    def _subscript(self, key: Any) -> Any:
        """``self[key]`` past one element: a view for basic indexing, else a gather."""
        value = self.native
        kind = type(key)
        if kind is int or kind is slice:  # the common keys, checked here at once
            shape = value.shape
            if shape and (kind is slice or -shape[0] <= key < shape[0]):
                return _view(self, *_basic_steps((key,)))
        elif kind is tuple and len(key) <= len(value.shape):  # ints and slices: a[i, :]
            sliced = False
            for item, extent in zip(key, value.shape):
                if type(item) is slice:
                    sliced = True
                elif type(item) is not int or not -extent <= item < extent:
                    break
            else:
                if sliced or len(key) < len(value.shape):
                    return _view(self, *_basic_steps(key))
        native_key = _native_key(key)
        _check_key(native_key, tuple(value.shape))
        if _is_basic(native_key):
            if len(native_key) == len(value.shape) and all(type(i) is int for i in native_key):
                return _element(value, native_key)
            return _view(self, *_basic_steps(native_key))
        return ndarray._from_native(ops.get_item(value, native_key))

    def __setitem__(self, key: Any, value: Any) -> None:
        if type(self._value) is numpy.ndarray and self._writeable:
            # one element of a host array (``a[i, j] = x`` in a Python loop): numpy's own
            # write, in place where nothing else sees the memory, not a copy of the array
            shape, dtype = self._value.shape, self._value.dtype
            element = _element_key(key, shape)
            if element is not None:
                scalar = _scalar_for(value, dtype)
                if scalar is not None and _write_in_place(self, element, scalar):
                    return
        self._setitem(key, value)

    def _setitem(self, key: Any, value: Any) -> None:
        self._check_writeable()
        current = self.native
        dtype = core.as_core_dtype(current.dtype)
        kind = type(key)
        if kind is int or (kind is tuple and all(type(item) is int for item in key)):
            # one element (``a[i] = v``, ``a[i, j] = v`` in a Python loop): no broadcast
            # check, and on the numpy backend a host copy written by numpy itself
            native_key = (key,) if kind is int else key
            shape = tuple(current.shape)
            if len(native_key) == len(shape):
                _check_key(native_key, shape)
                value = _value_of_dtype(value, dtype)
                if not value.shape:
                    if current is self._value and _write_in_place(self, native_key, value, held=1):
                        return
                    if type(current) is numpy.ndarray:
                        new = current.copy()
                        new[native_key] = value
                    else:
                        new = ops.set_item(current, native_key, value)
                    self._assign(new)
                    return
        native_key = _native_key(key)
        value = _value_of_dtype(value, dtype)
        _check_key(native_key, tuple(current.shape))
        if value.shape:  # (a 0-d value fits any selection: set_item broadcasts it)
            selected = tuple(ops.get_item(current, native_key).shape)
            try:
                numpy.broadcast_shapes(tuple(value.shape), selected)
                value = ops.broadcast_to(value, selected)
            except ValueError:
                raise ValueError(
                    f"could not broadcast input array from shape {tuple(value.shape)} into "
                    f"shape {selected}"
                ) from None
        if (
            current is self._value
            and (_is_basic(native_key) or _is_host_mask(native_key, current.shape))
            and _write_in_place(self, native_key, value, held=1)
        ):
            return
        self._assign(ops.set_item(current, native_key, value))

    # ------------------------------------------------------------------ shape views
    def reshape(self, *shape: Any, order: str = "C", copy: Any = None) -> ndarray:
        if (
            len(shape) == 1
            and type(shape[0]) is not int
            and not isinstance(shape[0], numpy.integer)
        ):
            shape = shape[0]
        if order != "C" or copy:
            from frontends.numpy.manipulation import reshape

            return reshape(self, shape, order=order, copy=copy)
        old = tuple(self.stored.shape)
        key = (shape, old) if type(shape) is tuple else None
        steps = _RESHAPES.get(key)
        if steps is None:
            new_shape = _shape_tuple(shape, math.prod(old))
            steps = (_reshaper(new_shape), _unreshaper(old))
            if key is not None:
                if len(_RESHAPES) > _STEPS_KEPT:
                    _RESHAPES.clear()
                _RESHAPES[key] = steps
        return self._make_view(*steps)

    def ravel(self, order: str = "C") -> ndarray:
        return self.reshape(-1, order=order)

    def flatten(self, order: str = "C") -> ndarray:
        if order != "C":
            return self.reshape(-1, order=order).copy()
        return ndarray._from_native(ops.reshape(self.native, (-1,)))

    def transpose(self, *axes: Any) -> ndarray:
        if len(axes) == 1 and (axes[0] is None or not isinstance(axes[0], int | numpy.integer)):
            axes = axes[0]
        ndim = len(self.stored.shape)
        if not axes:
            return self._make_view(*_reversal(ndim))
        axes = tuple(_normalize_axis(a, ndim) for a in axes)
        if sorted(axes) != list(range(ndim)):
            raise ValueError("axes don't match array")
        return self._make_view(*_permutation(axes))

    def swapaxes(self, axis1: int, axis2: int) -> ndarray:
        ndim = self.ndim
        axes = list(range(ndim))
        a, b = _normalize_axis(axis1, ndim), _normalize_axis(axis2, ndim)
        axes[a], axes[b] = axes[b], axes[a]
        return self.transpose(axes)

    def squeeze(self, axis: Any = None) -> ndarray:
        shape = self.shape
        if axis is None:
            axes = tuple(i for i, extent in enumerate(shape) if extent == 1)
        else:
            axes = tuple(
                _normalize_axis(a, self.ndim)
                for a in (axis if isinstance(axis, tuple) else (axis,))
            )
            if any(shape[a] != 1 for a in axes):
                raise ValueError(
                    "cannot select an axis to squeeze out which has size not equal to one"
                )
        return self.reshape(tuple(e for i, e in enumerate(shape) if i not in axes))

    # ------------------------------------------------------------------ in place
    def fill(self, value: Any) -> None:
        self[...] = value

    def sort(
        self, axis: int = -1, kind: Any = None, order: Any = None, *, stable: Any = None
    ) -> None:
        self[...] = _np().sort(self, axis=axis, kind=kind, stable=stable)

    def partition(
        self, kth: Any, axis: int = -1, kind: str = "introselect", order: Any = None
    ) -> None:
        self[...] = _np().partition(self, kth, axis=axis, kind=kind)

    def resize(self, *new_shape: Any, refcheck: builtins.bool = True) -> None:
        if len(new_shape) == 1 and not isinstance(new_shape[0], int | numpy.integer):
            new_shape = new_shape[0]
        new_shape = tuple(int(s) for s in new_shape)
        if self._root is not None:
            raise ValueError("cannot resize this array: it does not own its data")
        size = 1
        for extent in new_shape:
            size *= extent
        flat = ops.reshape(self._value, (-1,))
        if size > self.size:
            flat = ops.concat(
                [flat, ops.zeros((size - self.size,), dtype=core.as_core_dtype(flat.dtype))]
            )
        self._value = ops.reshape(flat[:size] if size < self.size else flat, new_shape)
        self._version += 1

    def setflags(self, write: Any = None, align: Any = None, uic: Any = None) -> None:
        if write is not None:
            if write and self._root is not None and not self._root._writeable:
                raise ValueError("cannot set WRITEABLE flag to True of this array")
            self._writeable = builtins.bool(write)

    def __setstate__(self, state: Any) -> None:
        raise NotImplementedError("ndarray.__setstate__: pickle through __reduce__ instead")


def _real_part(value: Any) -> Any:
    return ops.real(value)


def _imaginary_part(value: Any) -> Any:
    return ops.imag(value)


def _zeros_like(value: Any) -> Any:
    return ops.zeros_like(value)


def _same(value: Any) -> Any:
    return value


def _replace(old: Any, new: Any) -> Any:
    return new


def _replace_real(old: Any, new: Any) -> Any:
    return ops.add(
        ops.astype(new, core.as_core_dtype(old.dtype)),
        ops.multiply(
            ops.astype(ops.imag(old), core.as_core_dtype(old.dtype)),
            ops.asarray(1j, dtype=core.as_core_dtype(old.dtype)),
        ),
    )


def _replace_imag(old: Any, new: Any) -> Any:
    dtype = core.as_core_dtype(old.dtype)
    return ops.add(
        ops.astype(ops.real(old), dtype),
        ops.multiply(ops.astype(new, dtype), ops.asarray(1j, dtype=dtype)),
    )


def _unreshaper(shape: tuple[int, ...]) -> Any:
    return lambda _, new: ops.reshape(new, shape)


def _normalize_axis(axis: Any, ndim: int) -> int:
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def _shape_tuple(shape: Any, size: int) -> tuple[int, ...]:
    """A reshape target with one ``-1`` resolved; numpy's ValueError when sizes differ."""
    if isinstance(shape, int | numpy.integer):
        shape = (shape,)
    shape = tuple(operator.index(s) for s in shape)
    known = 1
    for extent in shape:
        if extent != -1:
            known *= extent
    if shape.count(-1) > 1:
        raise ValueError("can only specify one unknown dimension")
    if -1 in shape:
        if known == 0 or size % known:
            raise ValueError(f"cannot reshape array of size {size} into shape {_shape_repr(shape)}")
        shape = tuple(size // known if e == -1 else e for e in shape)
    elif known != size:
        raise ValueError(f"cannot reshape array of size {size} into shape {_shape_repr(shape)}")
    return shape


def _shape_repr(shape: tuple[int, ...]) -> str:
    return (
        "("
        + ", ".join("-1" if e == -1 else str(e) for e in shape)
        + ("," if len(shape) == 1 else "")
        + ")"
    )


def _check_key(key: tuple[Any, ...], shape: tuple[int, ...]) -> None:
    """numpy's IndexErrors for a key (jax clamps and tensorflow differs, so every backend
    is checked here): too many indices, integers out of range, non-integer arrays."""
    if all(type(item) is slice or item is None or item is Ellipsis for item in key):
        if builtins.sum(type(item) is slice for item in key) > len(shape):
            _too_many(len(shape), builtins.sum(type(item) is slice for item in key))
        return
    indexed = builtins.sum(
        len(item.shape)
        if hasattr(item, "dtype") and core.as_core_dtype(item.dtype) == core.bool
        else 1
        for item in key
        if item is not None and item is not Ellipsis
    )
    if indexed > len(shape):
        _too_many(len(shape), indexed)
    axis = 0
    for item in key:
        if item is Ellipsis:
            axis += len(shape) - indexed
            continue
        if item is None:
            continue
        if type(item) is int:
            if not -shape[axis] <= item < shape[axis]:
                raise IndexError(
                    f"index {item} is out of bounds for axis {axis} with size {shape[axis]}"
                )
        elif hasattr(item, "dtype"):
            dtype = core.as_core_dtype(item.dtype)
            if dtype == core.bool:
                axis += len(item.shape)
                continue
            if dtype.kind not in "iu":
                raise IndexError("arrays used as indices must be of integer (or boolean) type")
            host = to_host(item)
            if host.size and (host.max() >= shape[axis] or host.min() < -shape[axis]):
                bad = host.max() if host.max() >= shape[axis] else host.min()
                raise IndexError(
                    f"index {bad} is out of bounds for axis {axis} with size {shape[axis]}"
                )
        axis += 1


def _too_many(ndim: int, indexed: int) -> None:
    raise IndexError(
        f"too many indices for array: array is {ndim}-dimensional, but {indexed} were indexed"
    )


def _value_of_dtype(value: Any, dtype: core.Dtype) -> Any:
    """A value assigned into an array of ``dtype``: cast unsafely as numpy's setitem does;
    a Python int out of range raises OverflowError (NEP 50)."""
    if type(value) is int and dtype.kind in "iu":
        nt.check_python_int(value, dtype)
    if type(value) in (bool, int, float, complex):
        if dtype.kind not in "c" and type(value) is complex:
            raise TypeError(f"can't convert complex to {'float' if dtype.kind == 'f' else 'int'}")
        return (
            ops.asarray(value, dtype=dtype)
            if dtype.kind != "b"
            else ops.asarray(builtins.bool(value))
        )
    native = as_native(value)
    if core.as_core_dtype(native.dtype) != dtype:
        native = ops.astype(native, dtype)
    return native


_FLAG_KEYS = {"C": "c_contiguous", "F": "f_contiguous", "W": "writeable", "O": "owndata",
              "A": "aligned", "X": "writebackifcopy"}  # fmt: skip


class _Flags:
    """ndarray.flags, as far as they mean something on a backend-owned array."""

    def __init__(self, array: ndarray) -> None:
        self._array = array

    @property
    def writeable(self) -> builtins.bool:
        return self._array._writeable

    @writeable.setter
    def writeable(self, value: builtins.bool) -> None:
        self._array.setflags(write=value)

    @property
    def c_contiguous(self) -> builtins.bool:
        return True

    @property
    def f_contiguous(self) -> builtins.bool:
        return self._array.ndim <= 1 or builtins.sum(e > 1 for e in self._array.shape) <= 1

    @property
    def owndata(self) -> builtins.bool:
        return self._array._root is None

    aligned = True
    writebackifcopy = False
    # numpy's derived flags
    contiguous = c_contiguous
    fortran = f_contiguous

    @property
    def behaved(self) -> builtins.bool:
        return self.writeable

    @property
    def carray(self) -> builtins.bool:
        return self.writeable

    @property
    def farray(self) -> builtins.bool:
        return self.f_contiguous and not self.c_contiguous and self.writeable

    @property
    def forc(self) -> builtins.bool:
        return True

    @property
    def fnc(self) -> builtins.bool:
        return self.f_contiguous and not self.c_contiguous

    _NAMES = ("c_contiguous", "f_contiguous", "owndata", "writeable", "aligned",
              "writebackifcopy")  # fmt: skip

    def __eq__(self, other: object) -> builtins.bool:
        if not isinstance(other, _Flags):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._NAMES)

    __hash__ = None  # type: ignore[assignment]  # numpy's flags are unhashable too

    def __getitem__(self, name: str) -> builtins.bool:
        return getattr(self, _FLAG_KEYS.get(name, name.lower()))

    def __setitem__(self, name: str, value: builtins.bool) -> None:
        """``flags["W"] = False``: only the writeable flag means something to set here."""
        key = _FLAG_KEYS.get(name, name.lower())
        if key != "writeable":
            raise KeyError("Unknown flag")
        self.writeable = value

    def __repr__(self) -> str:
        return "\n".join(f"  {n.upper()} : {getattr(self, n)}" for n in self._NAMES) + "\n"


class flatiter:
    """numpy.flatiter: ``a.flat`` reads and writes the array in C order."""

    def __init__(self, array: ndarray) -> None:
        self.base = array
        self._flat = array.reshape(-1)
        self.index = 0

    def __iter__(self) -> flatiter:
        return self

    def __next__(self) -> Any:
        if self.index >= self._flat.size:
            raise StopIteration
        value = self._flat[self.index]
        self.index += 1
        return value

    def __len__(self) -> int:
        return self._flat.size

    def __getitem__(self, key: Any) -> Any:
        result = self._flat[key]
        return result.copy() if isinstance(result, ndarray) else result

    def __setitem__(self, key: Any, value: Any) -> None:
        self._flat[key] = value

    def __array__(self, dtype: Any = None, /, *, copy: Any = None) -> numpy.ndarray:
        return self._flat.__array__(dtype)

    def copy(self, /) -> ndarray:
        return self._flat.copy()


# ---------------------------------------------------------------------------------------
# operators: the frontend's ufuncs
# ---------------------------------------------------------------------------------------
_BINARY = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
    "floordiv": "floor_divide", "mod": "remainder", "divmod": "divmod", "pow": "power",
    "matmul": "matmul", "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
    "lshift": "left_shift", "rshift": "right_shift",
}  # fmt: skip
_COMPARISONS = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal",
                "gt": "greater", "ge": "greater_equal"}  # fmt: skip
_UNARY = {"neg": "negative", "pos": "positive", "abs": "absolute", "invert": "invert"}


def _defers_to(other: Any, reflected: str) -> builtins.bool:
    """Whether ``other`` (another framework's tensor) takes the operation, as numpy defers
    to an operand with a higher ``__array_priority__`` that defines the reflected method."""
    return (
        not isinstance(other, ndarray)
        and getattr(other, "__array_priority__", 0.0) > ndarray.__array_priority__
        and hasattr(type(other), reflected)
    )


def _operator(dunder: str, ufunc_name: str) -> tuple[Any, Any, Any]:
    def forward(self: ndarray, other: Any) -> Any:
        if _defers_to(other, f"__r{dunder}__"):
            return NotImplemented
        return getattr(_umath(), ufunc_name)(self, other)

    def reflected(self: ndarray, other: Any) -> Any:
        return getattr(_umath(), ufunc_name)(other, self)

    def inplace(self: ndarray, other: Any) -> Any:
        if _defers_to(other, f"__r{dunder}__"):
            return NotImplemented
        return getattr(_umath(), ufunc_name)(self, other, out=self)

    for method, name in ((forward, dunder), (reflected, f"r{dunder}"), (inplace, f"i{dunder}")):
        _name_method(method, name)
    return forward, reflected, inplace


def _name_method(method: Any, name: str) -> Any:
    method.__name__ = f"__{name}__"
    method.__qualname__ = f"ndarray.__{name}__"
    return method


for _dunder, _name in _BINARY.items():
    _forward, _reflected, _inplace = _operator(_dunder, _name)
    setattr(ndarray, f"__{_dunder}__", _forward)
    setattr(ndarray, f"__r{_dunder}__", _reflected)
    if _dunder != "divmod":
        setattr(ndarray, f"__i{_dunder}__", _inplace)


def _comparison(dunder: str, ufunc_name: str) -> Any:
    def compare(self: ndarray, other: Any) -> Any:
        if _defers_to(other, f"__{dunder}__"):
            return NotImplemented
        try:
            return getattr(_umath(), ufunc_name)(self, other)
        except TypeError:
            if dunder in ("eq", "ne"):  # numpy: no common dtype means no element is equal
                result = _np().full(self.shape, dunder == "ne")
                return result
            raise

    return _name_method(compare, dunder)


for _dunder, _name in _COMPARISONS.items():
    setattr(ndarray, f"__{_dunder}__", _comparison(_dunder, _name))


def _unary(dunder: str, ufunc_name: str) -> Any:
    def unary(self: ndarray) -> Any:
        return getattr(_umath(), ufunc_name)(self)

    return _name_method(unary, dunder)


for _dunder, _name in _UNARY.items():
    setattr(ndarray, f"__{_dunder}__", _unary(_dunder, _name))


# ---------------------------------------------------------------------------------------
# host-held arrays: str_, bytes_, object_, datetime64, timedelta64
# ---------------------------------------------------------------------------------------
def _to_numpy(value: Any) -> Any:
    """A call's argument for real numpy: frontend and native arrays as numpy arrays."""
    if isinstance(value, FrontendArray):
        return to_host(value.stored)
    if isinstance(value, core.current_backend().native_array_types):
        return to_host(value)
    return value


def _from_numpy(value: Any) -> Any:
    """Real numpy's result as the frontend's: arrays of host dtypes stay on the host as
    :class:`HostArray`, numeric ones go to the backend; scalars stay numpy's."""
    if isinstance(value, numpy.ndarray):
        value = numpy.asarray(value)  # (a chararray or matrix as its plain ndarray)
        if value.dtype.kind in HOST_KINDS:
            return new_array(HostArray, value)
        return new_array(ndarray, as_native(value))
    return value


def numpy_arguments(value: Any) -> Any:
    """``value`` with its frontend and native arrays numpy arrays, through lists, tuples
    and dicts (what real numpy is handed)."""
    return map_values(value, _to_numpy)


@hosted
def frontend_results(value: Any) -> Any:
    """Real numpy's result with its arrays the frontend's (:func:`_from_numpy`), through
    lists, tuples and dicts; host-resident where they are small (a host call)."""
    return map_values(value, _from_numpy)


def _writable(value: Any) -> Any:
    """A numeric ``out=`` array read from a backend, writable (a host-held one is numpy's
    own array: numpy writes into it, or refuses as it does)."""
    if (
        isinstance(value, numpy.ndarray)
        and value.dtype.kind not in HOST_KINDS
        and not value.flags.writeable
    ):
        return value.copy()
    return value


def host_call(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """``function`` (real numpy's) of a call that met a host dtype, on numpy arrays, its
    result made the frontend's; an ``out=`` array given gets numpy's values and is the
    result. numpy's own errors reach the caller unchanged (``np.add`` of a ``<U`` array
    and an int is numpy's ``UFuncNoLoopError``)."""
    options = numpy_arguments(kwargs)
    out = kwargs.get("out")
    if out is not None:  # (a backend's array read to the host may be read-only)
        options["out"] = map_values(options["out"], _writable)
    result = function(*numpy_arguments(args), **options)
    if out is None:
        return frontend_results(result)
    outs, written = (out, options["out"]) if isinstance(out, tuple) else ((out,), (options["out"],))
    for target, values in zip(outs, written):
        # numpy wrote into host copies of numeric ones (a host-held one is numpy's array)
        if isinstance(target, ndarray) and type(target) is not HostArray:
            target._assign(as_native(values))
    return out


def host_function(function: Any) -> Any:
    """Real numpy's ``function`` for the frontend: numpy computes it on the host
    (:func:`host_call`); for functions of host dtypes only (``np.isnat``, ``np.char.*``)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return host_call(function, args, kwargs)

    call.__name__ = call.__qualname__ = function.__name__
    call.__doc__ = function.__doc__
    return call


def host_namespace(module: Any, namespace: dict[str, Any]) -> Any:
    """A module ``__getattr__`` giving real numpy ``module``'s functions (``numpy.char``,
    ``numpy.strings``) as :func:`host_function` makes them, each made once into
    ``namespace``."""

    def getattr_(name: str) -> Any:
        function = getattr(module, name)  # numpy's AttributeError for what it lacks
        if not callable(function) or isinstance(function, type):
            return function
        namespace[name] = host_function(function)
        return namespace[name]

    return getattr_


class HostArray(ndarray):
    """An ndarray of a dtype no backend holds (``str_``, ``bytes_``, ``object_``,
    ``datetime64``, ``timedelta64``), on every backend: a real numpy array held on the
    host, as numpy holds it. Its attributes, methods and operators are numpy's own on
    that array (views share its memory, as numpy's do); numeric results (``labels ==
    "cat"``, ``argsort``) go to the backend. It is an ``ndarray`` (``isinstance`` holds,
    and its type is named so); only ``type(a) is np.ndarray`` tells it apart."""

    __slots__ = ()


HostArray.__name__ = HostArray.__qualname__ = "ndarray"

_HOST_PROPERTIES = (
    "T", "base", "ctypes", "data", "dtype", "flags", "flat", "imag", "itemsize", "mT",
    "nbytes", "ndim", "real", "shape", "size", "strides",
)  # fmt: skip
_HOST_METHODS = (
    "__bool__", "__contains__", "__format__", "__getitem__", "__repr__", "__setitem__",
    "__str__", "all", "any", "argmax", "argmin", "argpartition", "argsort", "astype",
    "byteswap", "choose", "clip", "compress", "conj", "conjugate", "copy", "cumprod",
    "cumsum", "diagonal", "dot", "dump", "dumps", "fill", "flatten", "getfield", "item",
    "max", "mean", "min", "nonzero", "partition", "prod", "put", "ravel", "repeat",
    "reshape", "resize", "round", "searchsorted", "setfield", "setflags", "sort",
    "squeeze", "std", "sum", "swapaxes", "take", "tobytes", "tofile", "tolist", "trace",
    "transpose", "var", "view",
    *(f"__{d}__" for d in (*_BINARY, *_COMPARISONS, *_UNARY)),
    *(f"__r{d}__" for d in _BINARY),
    *(f"__i{d}__" for d in _BINARY if d != "divmod"),
)  # fmt: skip


def _host_property(name: str) -> property:
    def get(self: HostArray) -> Any:
        return _from_numpy(getattr(self._value, name))

    def set_(self: HostArray, value: Any) -> None:
        setattr(self._value, name, map_values(value, _to_numpy))

    return property(get, set_, doc=f"numpy.ndarray.{name} of the host array.")


def _host_method(name: str) -> Any:
    function = getattr(numpy.ndarray, name)

    def method(self: HostArray, *args: Any, **kwargs: Any) -> Any:
        return host_call(function, (self, *args), kwargs)

    method.__name__ = name
    method.__qualname__ = f"ndarray.{name}"
    method.__doc__ = f"numpy.ndarray.{name} on the host array."
    return method


for _name in _HOST_PROPERTIES:
    setattr(HostArray, _name, _host_property(_name))
for _name in _HOST_METHODS:
    setattr(HostArray, _name, _host_method(_name))


# ---------------------------------------------------------------------------------------
# constructors
# ---------------------------------------------------------------------------------------
def array(object: Any, dtype: Any = None, *, copy: builtins.bool | None = True, order: str = "K",
          subok: builtins.bool = False, ndmin: int = 0, like: Any = None) -> ndarray:  # fmt: skip
    """np.array: a new array (a copy unless ``copy=False``/``None`` lets it share); one of
    a host dtype (strings, objects, dates) is real numpy's, held on the host."""
    try:
        if (
            copy is False
            and isinstance(object, ndarray)
            and (dtype is None or nt.as_core(dtype) == core.as_core_dtype(object.native.dtype))
        ):
            result = object
        elif isinstance(object, FrontendArray) or isinstance(
            object, core.current_backend().native_array_types
        ):
            native = as_native(object, dtype)
            result = ndarray._from_native(ops.asarray(native, copy=True) if copy else native)
        else:
            if copy is False and not isinstance(object, numpy.ndarray):
                raise ValueError(
                    "Unable to avoid copy while creating an array as requested.\nIf using "
                    "`np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a "
                    "copy when needed (no behavior change in NumPy 1.x).\nFor more details, "
                    "see https://numpy.org/devdocs/numpy_2_0_migration_guide.html#adapt-to-"
                    "changes-in-the-copy-keyword."
                )
            result = ndarray._from_native(as_native(object, dtype))
    except HostInput:
        options = {"dtype": dtype, "copy": copy, "order": order, "ndmin": ndmin}
        return host_call(numpy.array, (object,), options)
    if ndmin > result.ndim:
        result = result.reshape((1,) * (ndmin - result.ndim) + result.shape)
    return result


def asarray(a: Any, dtype: Any = None, order: Any = None, *, device: Any = None,
            copy: builtins.bool | None = None, like: Any = None) -> ndarray:  # fmt: skip
    """np.asarray: ``a`` itself when it already is an ndarray of ``dtype``."""
    try:
        same = isinstance(a, ndarray) and (
            dtype is None or nt.as_core(dtype) == core.as_core_dtype(a.native.dtype)
        )
    except HostInput:  # a host dtype asked for: numpy's array makes it
        same = False
    if same:
        return a.copy() if copy else a
    return array(a, dtype, copy=copy)


asanyarray = asarray
array.host_routed = asarray.host_routed = True  # (they route host dtypes themselves)


def ascontiguousarray(a: Any, dtype: Any = None, *, like: Any = None) -> ndarray:
    result = asarray(a, dtype)
    return result.reshape(1) if result.ndim == 0 else result


def asfortranarray(a: Any, dtype: Any = None, *, like: Any = None) -> ndarray:
    return ascontiguousarray(a, dtype)


def astype(x: ndarray, dtype: Any, /, *, copy: builtins.bool = True, device: Any = None) -> ndarray:
    """np.astype (numpy 2): ``x.astype(dtype, copy=copy)`` for an ndarray only."""
    if not isinstance(x, ndarray):
        raise TypeError(f"Input should be a NumPy array. It is a {type(x)} instead.")
    return x.astype(dtype, copy=copy)


def from_dlpack(x: Any, /, *, device: Any = None, copy: Any = None) -> ndarray:
    """np.from_dlpack: an array from any DLPack producer (another framework's tensor)."""
    return asarray(numpy.from_dlpack(x))
