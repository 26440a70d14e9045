"""core.Array: the wrapper users of core hold, around one native array.

Every core function whose first parameter is an array is also a method (``x.sum()``),
generated from the declarations so none can be forgotten. Operators call the core
functions, so they promote with core's table on every backend. ``__setitem__`` is one
behaviour everywhere: the update is computed functionally (jax and tensorflow arrays are
immutable) and the wrapper rebinds to the result, so other Arrays never see the write.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Union

from core import backend as _backend

if TYPE_CHECKING:
    from core.dtypes import Dtype

__all__ = ["Array", "ArrayLike", "IndexKey", "NestedSequence"]


def _core() -> Any:
    return sys.modules["core"]


def _state_of(data: Any) -> _backend.BackendState:
    state = _backend.backend_of_native(data)
    if state is None:
        raise TypeError(f"{type(data).__name__} is not a native array of any backend")
    return state


class Array:
    """A native array of the backend that made it, with core's API as methods."""

    __slots__ = ("__weakref__", "_data")
    __array_priority__ = 100  # numpy defers its operators to ours

    def __init__(self, data: Any) -> None:
        if isinstance(data, Array):
            data = data._data
        elif _backend.backend_of_native(data) is None:
            data = _core().native.asarray(data)
        self._data = data

    # ------------------------------------------------------------------ attributes
    @property
    def data(self) -> Any:
        """The native array inside."""
        return self._data

    @property
    def dtype(self) -> Dtype:
        return _state_of(self._data).from_native[self._data.dtype]

    @property
    def shape(self) -> tuple[int, ...]:
        return _state_of(self._data).module.shape_of(self._data)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        size = 1
        for extent in self.shape:
            size *= extent
        return size

    @property
    def device(self) -> str:
        return _state_of(self._data).module.device_of(self._data)

    @property
    def backend(self) -> str:
        """The name of the backend whose array this holds."""
        return _state_of(self._data).name

    @property
    def T(self) -> Array:
        if self.ndim != 2:
            raise ValueError(
                f"Array.T needs a 2-D array, got {self.ndim}-D; use .mT or permute_dims"
            )
        return _core().matrix_transpose(self)

    @property
    def mT(self) -> Array:
        return _core().matrix_transpose(self)

    def to_device(self, device: str, /, *, stream: Any = None) -> Array:
        if device != self.device:
            raise ValueError(f"only the device {self.device!r} is available, not {device!r}")
        return self

    def to_numpy(self) -> Any:
        """The values as a numpy array (bfloat16 through ml_dtypes)."""
        return _state_of(self._data).module.to_numpy(self._data)

    # ------------------------------------------------------------------ protocols
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        array = self.to_numpy()
        return array if dtype is None else array.astype(dtype)

    def __array_namespace__(self, *, api_version: str | None = None) -> Any:
        return _core()

    def __dlpack__(self, **kwargs: Any) -> Any:
        if hasattr(self._data, "__dlpack__"):
            return self._data.__dlpack__(**kwargs)
        return self.to_numpy().__dlpack__(**kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        if hasattr(self._data, "__dlpack_device__"):
            return self._data.__dlpack_device__()
        return (1, 0)  # kDLCPU

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a 0-d array")
        return self.shape[0]

    def __iter__(self) -> Iterator[Array]:
        if not self.shape:
            raise TypeError("iteration over a 0-d array")
        for index in range(self.shape[0]):
            yield self[index]

    def _scalar(self, kind: type, name: str) -> Any:
        if self.size != 1:
            raise TypeError(
                f"only arrays of one element convert to Python {name}, got shape {self.shape}"
            )
        return kind(self.to_numpy().reshape(()).item())

    def __bool__(self) -> bool:
        return self._scalar(bool, "bool")

    def __int__(self) -> int:
        return self._scalar(int, "int")

    def __float__(self) -> float:
        return self._scalar(float, "float")

    def __complex__(self) -> complex:
        return self._scalar(complex, "complex")

    def __index__(self) -> int:
        if not self.dtype.is_int_dtype:
            raise TypeError(f"only integer arrays can be used as an index, not {self.dtype}")
        return self._scalar(int, "int")

    def __repr__(self) -> str:
        import numpy

        values = numpy.array2string(self.to_numpy(), separator=", ", prefix="Array(")
        return f"Array({values}, dtype={self.dtype}, backend={self.backend})"

    def __str__(self) -> str:
        return str(self.to_numpy())

    def __hash__(self) -> int:
        return id(self)

    # ------------------------------------------------------------------ indexing
    def __getitem__(self, key: Any) -> Array:
        return _core().get_item(self, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        self._data = _core().set_item(self, key, value)._data

    def __core_array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        return NotImplemented


ArrayLike = Union[Array, Any]
"""An argument that takes a :class:`core.Array` or a native array of the backend."""

NestedSequence = Any
"""Nested lists or tuples of Python scalars or arrays, as ``asarray`` takes."""

IndexKey = Any
"""An indexing key: int, slice, None, Ellipsis, bool or integer arrays, or a tuple of them."""


def _operator(function_name: str, *, reflected: bool = False, in_place: bool = False) -> Any:
    if in_place:

        def method(self: Array, other: Any) -> Array:
            self._data = getattr(_core(), function_name)(self, other)._data
            return self

    elif reflected:

        def method(self: Array, other: Any) -> Array:
            return getattr(_core(), function_name)(other, self)

    else:

        def method(self: Array, other: Any) -> Array:
            return getattr(_core(), function_name)(self, other)

    return method


def _unary(function_name: str) -> Any:
    def method(self: Array) -> Array:
        return getattr(_core(), function_name)(self)

    return method


_BINARY_OPERATORS = {
    "add": "add",
    "sub": "subtract",
    "mul": "multiply",
    "truediv": "divide",
    "floordiv": "floor_divide",
    "mod": "remainder",
    "pow": "pow",
    "matmul": "matmul",
    "and": "bitwise_and",
    "or": "bitwise_or",
    "xor": "bitwise_xor",
    "lshift": "bitwise_left_shift",
    "rshift": "bitwise_right_shift",
}
_COMPARISONS = {
    "eq": "equal",
    "ne": "not_equal",
    "lt": "less",
    "le": "less_equal",
    "gt": "greater",
    "ge": "greater_equal",
}
_UNARY = {"neg": "negative", "pos": "positive", "abs": "abs", "invert": "bitwise_invert"}

for _op, _function in _BINARY_OPERATORS.items():
    setattr(Array, f"__{_op}__", _operator(_function))
    setattr(Array, f"__r{_op}__", _operator(_function, reflected=True))
    setattr(Array, f"__i{_op}__", _operator(_function, in_place=True))
for _op, _function in _COMPARISONS.items():
    setattr(Array, f"__{_op}__", _operator(_function))
for _op, _function in _UNARY.items():
    setattr(Array, f"__{_op}__", _unary(_function))


def _method(name: str, doc: str | None) -> Any:
    def method(self: Array, *args: Any, **kwargs: Any) -> Any:
        return getattr(_core(), name)(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = doc
    return method


def add_methods(specs: dict[str, Any]) -> None:
    """Give Array a method for every main-namespace function taking an array first."""
    for spec in specs.values():
        if spec.is_method and spec.name not in Array.__dict__:
            setattr(Array, spec.name, _method(spec.name, spec.reference.__doc__))
