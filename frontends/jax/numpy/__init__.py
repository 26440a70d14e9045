"""``jax.numpy`` on any core backend: ``from frontends.jax import numpy as jnp``.

Creation and dtypes are here; the rest of the namespace is built from the numpy
frontend's implementations under JAX's rules (:mod:`._bridge`): elementwise functions on
numpy's ufunc kernels (:mod:`._ufuncs`, with ``jnp.ufunc`` for the 14 JAX makes ufuncs),
the other functions from numpy's native-level bodies (:mod:`._functions`), ``linalg`` and
``fft``, and JAX's host-side helpers (:mod:`._namespace`). Results are Arrays (never numpy
scalars), with JAX's lattice promotion, weak types and x64 mode (off by default); lists
where JAX wants arrays raise JAX's TypeError. Left out: the float8/float6/float4 and
int1/2/4 scalar types (core has no such dtypes).

Speed: the common case of the elementwise functions, ``matmul``, ``sum``/``prod``/``max``/
``min``/``mean`` (static ``axis``/``keepdims``) and the operators (strong float arrays of one
dtype, Python scalars after the first) calls the backend's kernel straight
(:mod:`frontends.jax._src.fast`). ``mean`` divides correctly rounded where JAX multiplies
by the count's reciprocal (up to an ulp apart).
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Sequence
from typing import Any

import numpy as _numpy

import core
from core import native as _ops
from frontends.base.array import FrontendArray
from frontends.jax._src import dtypes as _jdt
from frontends.jax._src.array import Array

ndarray = Array

__all__ = [
    "array", "asarray", "zeros", "ones", "full", "arange", "zeros_like", "ones_like",
    "full_like", "result_type", "promote_types", "dtype", "ndarray", "bool_", "uint8",
    "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "bfloat16", "float16",
    "float32", "float64", "complex64", "complex128", "float_", "complex_", "int_", "uint",
    "iinfo", "finfo", "issubdtype", "isdtype", "shape", "ndim", "size",
]  # fmt: skip


class _ScalarType:
    """``jnp.float32`` and the like: a dtype-like that builds a strong 0-d (or n-d) array
    when called, as JAX's scalar types do."""

    __slots__ = ("__name__", "_core", "dtype")

    def __init__(self, name: str) -> None:
        self._core = core.Dtype(name)
        self.dtype = _jdt.numpy_dtype(self._core)
        self.__name__ = name

    def __call__(self, x: Any = 0) -> Array:
        return array(x, dtype=self)

    def __repr__(self) -> str:
        return f"<class 'jax.numpy.{self.__name__}'>"

    def __eq__(self, other: Any) -> bool:
        try:
            return _jdt.to_core(other) == self._core
        except TypeError:
            return False

    def __hash__(self) -> int:
        return hash(self.dtype)


bool_ = _ScalarType("bool")
uint8, uint16, uint32, uint64 = (_ScalarType(f"uint{n}") for n in (8, 16, 32, 64))
int8, int16, int32, int64 = (_ScalarType(f"int{n}") for n in (8, 16, 32, 64))
bfloat16, float16, float32, float64 = (
    _ScalarType(n) for n in ("bfloat16", "float16", "float32", "float64")
)
complex64, complex128 = _ScalarType("complex64"), _ScalarType("complex128")
float_, complex_, int_, uint = float64, complex128, int64, uint64


def dtype(obj: Any, align: bool = False, copy: bool = False) -> _numpy.dtype:
    """``jnp.dtype``: the numpy dtype object (not canonicalized, as JAX)."""
    return _jdt.numpy_dtype(_jdt.to_core(obj))


def _from_python(obj: Any) -> tuple[Any, core.Dtype, bool]:
    """A native array from a non-frontend object, its canonical dtype, its weak flag."""
    if type(obj) in (builtins.int, builtins.float, builtins.complex):
        dt = _jdt.dtype_and_weak(obj)[0]
        return None, dt, True
    leaves = _flat(obj) if isinstance(obj, (list, tuple)) else ()
    stacked = builtins.any(isinstance(o, FrontendArray) for o in leaves)
    if stacked:
        obj = [_numpy.asarray(o) if isinstance(o, FrontendArray) else o for o in obj]
    if isinstance(obj, (list, tuple, builtins.bool, _numpy.ndarray, _numpy.generic)):
        try:
            host = _numpy.asarray(obj)
        except ValueError as error:
            if not stacked:
                raise
            # JAX concatenates the arrays with lax: its TypeError for ragged shapes
            raise TypeError(f"Cannot concatenate arrays of different shapes: {error}") from None
        if not _jdt.is_jax_dtype(host.dtype):
            raise TypeError(f"JAX only supports number and bool dtypes, got dtype {host.dtype}")
        dt = _jdt.canonicalize(_jdt.to_core(host.dtype))
        if stacked:  # JAX promotes the elements on its lattice (Python scalars weak)
            dt = _jdt.lattice_result_type(*leaves)[0]
        return host, dt, False
    # another frontend's array gives its value (a traced one too: no read to the host)
    native = obj.native if isinstance(obj, FrontendArray) else _ops.asarray(obj)
    return native, _jdt.canonicalize(core.as_core_dtype(native.dtype)), False


def _flat(obj: Any) -> list[Any]:
    if isinstance(obj, (list, tuple)):
        return [leaf for o in obj for leaf in _flat(o)]
    return [obj]


def array(
    object: Any, dtype: Any = None, copy: bool = True, order: Any = None, ndmin: int = 0
) -> Array:
    """``jnp.array``: Python scalars give weak arrays; 64-bit types narrow with x64 off
    (with JAX's warning when requested explicitly)."""
    target = None if dtype is None else _jdt.check_user_dtype(dtype, "array")
    if isinstance(object, Array):
        result = object if target is None else object.astype(target)
        if target is not None:
            result.weak_type = False
    else:
        value, dt, weak = _from_python(object)
        if target is not None:
            dt, weak = target, False
        native = _ops.asarray(object if value is None else value, dtype=dt)
        result = Array._wrap(native, weak, dt)
    while result.ndim < ndmin:
        result = result.reshape((1, *result.shape))
    return result


def asarray(a: Any, dtype: Any = None, order: Any = None, *, copy: Any = None) -> Array:
    """``jnp.asarray``: ``jnp.array`` without a copy."""
    if isinstance(a, Array) and dtype is None:
        return a
    return array(a, dtype=dtype)


def _shape(shape: Any) -> tuple[int, ...]:
    """A creation function's shape; JAX's TypeError for a dimension that is not an integer
    (a float, a string, None)."""
    if isinstance(shape, (int, _numpy.integer)):
        return (int(shape),)
    items = tuple(shape) if hasattr(shape, "__iter__") else (shape,)
    try:
        return tuple(operator.index(s) for s in items)
    except TypeError:
        raise TypeError(
            f"Shapes must be 1D sequences of concrete values of integer type, got {items}."
        ) from None


def _creation_dtype(dtype: Any, name: str, kind: str = "f") -> core.Dtype:
    return _jdt.default_dtype(kind) if dtype is None else _jdt.check_user_dtype(dtype, name)


def zeros(shape: Any, dtype: Any = None, *, device: Any = None) -> Array:
    dt = _creation_dtype(dtype, "zeros")
    return Array._wrap(_ops.zeros(_shape(shape), dtype=dt), False, dt)


def ones(shape: Any, dtype: Any = None, *, device: Any = None) -> Array:
    dt = _creation_dtype(dtype, "ones")
    return Array._wrap(_ops.ones(_shape(shape), dtype=dt), False, dt)


def full(shape: Any, fill_value: Any, dtype: Any = None, *, device: Any = None) -> Array:
    """``jnp.full``: weak when ``fill_value`` is a Python scalar and no dtype is given."""
    if dtype is None:
        fill = asarray(fill_value)
        return Array._wrap(
            _ops.broadcast_to(fill.native, _shape(shape)), fill.weak_type, fill._dtype
        )
    dt = _jdt.check_user_dtype(dtype, "full")
    fill = asarray(fill_value).astype(dt)
    return Array._wrap(_ops.broadcast_to(fill.native, _shape(shape)), False, dt)


def zeros_like(a: Any, dtype: Any = None, shape: Any = None) -> Array:
    a = asarray(a)
    out = zeros(a.shape if shape is None else shape, a._dtype if dtype is None else dtype)
    return _weak_like(out, a, dtype)


def ones_like(a: Any, dtype: Any = None, shape: Any = None) -> Array:
    a = asarray(a)
    out = ones(a.shape if shape is None else shape, a._dtype if dtype is None else dtype)
    return _weak_like(out, a, dtype)


def full_like(a: Any, fill_value: Any, dtype: Any = None, shape: Any = None) -> Array:
    a = asarray(a)
    out = full(
        a.shape if shape is None else shape, fill_value, a._dtype if dtype is None else dtype
    )
    return _weak_like(out, a, dtype)


def _weak_like(out: Array, a: Array, dtype: Any) -> Array:
    """``*_like`` keep a weak input's flag when no dtype is asked, as lax.full_like."""
    if dtype is None and a.weak_type and not out.weak_type:
        return Array._wrap(out.native, True, out._dtype)
    return out


def arange(
    start: Any, stop: Any = None, step: Any = None, dtype: Any = None, *, device: Any = None
) -> Array:
    """``jnp.arange``: the dtype of the arguments (strong, canonical) unless given."""
    if dtype is None:
        args = [a for a in (start, stop, step) if a is not None]
        dt = _jdt.result_type(
            *(_numpy.asarray(a) if type(a) in (builtins.int, builtins.float) else a for a in args)
        )
        dt = _jdt.canonicalize(dt)
    else:
        dt = _jdt.check_user_dtype(dtype, "arange")
    if stop is None:
        start, stop = 0, start
    native = _ops.arange(_py(start), _py(stop), 1 if step is None else _py(step), dtype=dt)
    return Array._wrap(native, False, dt)


def _py(value: Any) -> Any:
    if isinstance(value, FrontendArray):
        return value.item()
    return value


def result_type(*args: Any, return_weak_type_flag: bool = False) -> Any:
    """``jnp.result_type``: a numpy dtype object (canonical; a weak result is the default
    dtype of its kind)."""
    dt, weak = _jdt.result_type_and_weak(*(float if a is None else a for a in args))
    out = _jdt.numpy_dtype(dt)
    return (out, weak) if return_weak_type_flag else out


def promote_types(a: Any, b: Any) -> _numpy.dtype:
    """``jnp.promote_types``: the lattice join of two dtypes (64-bit results kept)."""
    return _jdt.numpy_dtype(_jdt.promote_types(a, b))


def iinfo(int_type: Any) -> _numpy.iinfo:
    return _numpy.iinfo(_jdt.numpy_dtype(_jdt.to_core(int_type)))


def finfo(dtype: Any) -> Any:
    import ml_dtypes

    return ml_dtypes.finfo(_jdt.numpy_dtype(_jdt.to_core(dtype)))


def issubdtype(arg1: Any, arg2: Any) -> bool:
    def conv(x: Any) -> Any:
        return x.dtype if isinstance(x, _ScalarType) else x

    return _numpy.issubdtype(conv(arg1), conv(arg2))


def isdtype(dtype: Any, kind: Any) -> bool:
    return _numpy.isdtype(_jdt.numpy_dtype(_jdt.to_core(dtype)), kind)


def shape(a: Any) -> tuple[int, ...]:
    return tuple(getattr(a, "shape", _numpy.shape(a)))


def ndim(a: Any) -> int:
    return len(shape(a))


def size(a: Any) -> int:
    n = 1
    for s in shape(a):
        n *= s
    return n


_ = Sequence


bool = bool_
single, double, csingle, cdouble = float32, float64, complex64, complex128


# --------------------------------------------------------------------- the rest of jnp
# Built from the numpy frontend on first use of a name defined there (importing the
# numpy frontend and building ~400 functions costs ~0.1 s that creation alone does not
# need): module ``__getattr__`` loads it once, after which the names are plain globals.
_LOADED = False


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import importlib

    ufuncs = importlib.import_module("frontends.jax.numpy._ufuncs")
    functions = importlib.import_module("frontends.jax.numpy._functions")
    namespace = importlib.import_module("frontends.jax.numpy._namespace")
    defined = globals()
    defined.update(ufuncs.build())
    defined.update(functions.FUNCTIONS)
    defined["ufunc"] = ufuncs.ufunc
    defined.update(namespace.NAMES)
    defined["fft"] = importlib.import_module("frontends.jax.numpy.fft")
    defined["linalg"] = importlib.import_module("frontends.jax.numpy.linalg")


def __getattr__(name: str) -> Any:
    if not _LOADED and not name.startswith("__"):
        _load()
        if name in globals():
            return globals()[name]
    raise AttributeError(f"module 'frontends.jax.numpy' has no attribute {name!r}")


def __dir__() -> list[str]:
    _load()
    return sorted(globals())
