"""numpy's functional programming routines: apply_along_axis, apply_over_axes, vectorize,
frompyfunc, piecewise; and iterable, shares_memory, may_share_memory.

``apply_along_axis``, ``apply_over_axes`` and ``piecewise`` call the user's function on
frontend ndarrays and assemble the results with the backend's own functions.
``vectorize`` and ``frompyfunc`` are Python loops over elements in numpy too: they run
numpy's own machinery on host copies (so ``otypes``, ``excluded``, ``signature``,
``cache`` and their errors are numpy's), the user's function sees what numpy hands it
(numpy scalars; with a ``signature``, frontend ndarrays for the core dimensions), and the
results come back as frontend ndarrays (strings and ``frompyfunc``'s object arrays held on
the host, as numpy holds them).

Memory sharing: a frontend array owns its value, and a view (basic indexing, reshape,
transpose ...) reads and writes its root's value. ``shares_memory`` and
``may_share_memory`` therefore answer whether two arrays have the same root (and neither
is empty). Unlike numpy, two views of one root that touch disjoint elements (``a[:2]`` and
``a[2:]``) are reported as sharing by ``shares_memory`` too: the view chain does not
expose element offsets.
"""

from __future__ import annotations

import builtins
import collections.abc
import math
import operator
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.base.host import is_host
from frontends.numpy._core._conversion import as_native, to_host
from frontends.numpy._core.multiarray import asarray, frontend_results, ndarray

__all__ = [
    "apply_along_axis",
    "apply_over_axes",
    "frompyfunc",
    "iterable",
    "may_share_memory",
    "piecewise",
    "shares_memory",
    "vectorize",
]


def _normalize_axis(axis: Any, ndim: int) -> int:
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def _host(value: Any) -> Any:
    if isinstance(value, FrontendArray):
        return to_host(value.stored)
    return value


# ---------------------------------------------------------------------------------------
# apply_along_axis / apply_over_axes
# ---------------------------------------------------------------------------------------
def apply_along_axis(func1d: Any, axis: int, arr: Any, *args: Any, **kwargs: Any) -> ndarray:
    """numpy.apply_along_axis: ``func1d`` called on each 1-D slice along ``axis`` (a
    frontend ndarray, a copy of the slice rather than numpy's view); the results, cast to
    the first result's dtype as numpy's buffer assignment casts them, replace that axis."""
    native = as_native(arr)
    ndim = len(native.shape)
    axis = _normalize_axis(axis, ndim)
    moved = ops.moveaxis(native, axis, -1) if ndim > 1 else native
    iter_shape = tuple(int(e) for e in moved.shape[:-1])
    count = math.prod(iter_shape)
    if count == 0:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    rows = ops.reshape(moved, (count, int(moved.shape[-1])))
    results = []
    for index in range(count):
        result = as_native(
            func1d(ndarray._from_native(ops.get_item(rows, (index,))), *args, **kwargs)
        )
        if results:
            result = _like_first(result, results[0])
        results.append(result)
    first = results[0]
    res_ndim = len(first.shape)
    buff = ops.reshape(ops.stack(results), iter_shape + tuple(int(e) for e in first.shape))
    dims = list(range(len(iter_shape) + res_ndim))
    permute = dims[:axis] + dims[len(dims) - res_ndim :] + dims[axis : len(dims) - res_ndim]
    if permute != dims:
        buff = ops.permute_dims(buff, tuple(permute))
    return ndarray._from_native(buff)


def _like_first(result: Any, first: Any) -> Any:
    """A later result as numpy's ``buff[ind] = result`` stores it: cast to the first
    result's dtype, broadcast to its shape."""
    dtype = core.as_core_dtype(first.dtype)
    if core.as_core_dtype(result.dtype) != dtype:
        result = ops.astype(result, dtype)
    shape, target = tuple(result.shape), tuple(first.shape)
    if shape != target:
        try:
            fits = numpy.broadcast_shapes(shape, target) == target
        except ValueError:
            fits = False
        if not fits:
            raise ValueError(
                f"could not broadcast input array from shape {shape} into shape {target}"
            )
        result = ops.broadcast_to(result, target)
    return result


def apply_over_axes(func: Any, a: Any, axes: Any) -> Any:
    """numpy.apply_over_axes: ``func(a, axis)`` for each axis in turn, a dropped axis put
    back with size one."""
    val = asarray(a)
    ndim = a.ndim  # numpy reads the argument's ndim (a list raises AttributeError there too)
    if numpy.ndim(_host(axes)) == 0:
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = ndim + axis
        res = func(val, axis)
        if res.ndim == val.ndim:
            val = res
        else:
            res = ndarray._from_native(ops.expand_dims(as_native(res), axis=int(axis)))
            if res.ndim == val.ndim:
                val = res
            else:
                raise ValueError("function is not returning an array of the correct shape")
    return val


# ---------------------------------------------------------------------------------------
# vectorize / frompyfunc
# ---------------------------------------------------------------------------------------
def _to_user(value: Any) -> Any:
    """What the user's function gets: numpy's core-dimension arrays as frontend ndarrays."""
    return frontend_results(value) if type(value) is numpy.ndarray else value


def _from_user(value: Any) -> Any:
    """What numpy's loop gets back: frontend arrays as host arrays (tuples of outputs too)."""
    if isinstance(value, FrontendArray):
        return to_host(value.stored)
    if type(value) is tuple:
        return tuple(_from_user(v) for v in value)
    return value


class vectorize:
    """numpy.vectorize: ``pyfunc`` called on each element (or, with ``signature``, on each
    core-dimension subarray) of the broadcast inputs; numpy's own loop on host copies
    (module docstring). Usable as a decorator, with or without arguments."""

    def __init__(self, pyfunc: Any = numpy._NoValue, otypes: Any = None, doc: Any = None,
                 excluded: Any = None, cache: builtins.bool = False,
                 signature: Any = None) -> None:  # fmt: skip
        self.otypes = otypes
        self.excluded = excluded
        self.cache = cache
        self.signature = signature
        self._doc = doc
        self._numpy: Any = None
        self.pyfunc = pyfunc
        if pyfunc is not numpy._NoValue:
            self._bind(pyfunc)

    def _bind(self, pyfunc: Any) -> None:
        self.pyfunc = pyfunc

        def call(*args: Any, **kwargs: Any) -> Any:
            args = tuple(_to_user(a) for a in args)
            kwargs = {k: _to_user(v) for k, v in kwargs.items()}
            return _from_user(pyfunc(*args, **kwargs))

        call.__name__ = getattr(pyfunc, "__name__", "vectorized")
        call.__doc__ = getattr(pyfunc, "__doc__", None)
        self._numpy = numpy.vectorize(
            call, otypes=self.otypes, doc=self._doc, excluded=self.excluded,
            cache=self.cache, signature=self.signature,
        )  # fmt: skip
        self.otypes = self._numpy.otypes
        self.excluded = self._numpy.excluded
        self.__doc__ = self._numpy.__doc__
        self.__name__ = getattr(pyfunc, "__name__", "<?>")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._numpy is None:  # the decorator form: @vectorize(otypes=...)
            (pyfunc,) = args
            self._bind(pyfunc)
            return self
        excluded = self.excluded
        args = tuple(a if i in excluded else _host(a) for i, a in enumerate(args))
        kwargs = {k: v if k in excluded else _host(v) for k, v in kwargs.items()}
        return frontend_results(self._numpy(*args, **kwargs))


class _PyUfunc:
    """What ``frompyfunc`` returns: numpy's object-dtype ufunc, taking frontend arrays
    (as host copies). Its results are object arrays, held on the host."""

    def __init__(self, ufunc: numpy.ufunc) -> None:
        self._ufunc = ufunc

    def _run(self, method: str, *args: Any, **kwargs: Any) -> Any:
        args = tuple(_host(a) for a in args)
        kwargs = {k: _host(v) for k, v in kwargs.items()}
        return frontend_results(getattr(self._ufunc, method)(*args, **kwargs))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._run("__call__", *args, **kwargs)

    def reduce(self, *args: Any, **kwargs: Any) -> Any:
        return self._run("reduce", *args, **kwargs)

    def accumulate(self, *args: Any, **kwargs: Any) -> Any:
        return self._run("accumulate", *args, **kwargs)

    def reduceat(self, *args: Any, **kwargs: Any) -> Any:
        return self._run("reduceat", *args, **kwargs)

    def outer(self, *args: Any, **kwargs: Any) -> Any:
        return self._run("outer", *args, **kwargs)

    def at(self, a: Any, *args: Any, **kwargs: Any) -> None:
        if isinstance(a, FrontendArray) and not is_host(a.native):
            raise TypeError(
                "frompyfunc(...).at: a frompyfunc ufunc writes object values, which a "
                "frontend ndarray cannot hold; use a real numpy object array"
            )
        return self._run("at", a, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ufunc, name)

    def __repr__(self) -> str:
        return repr(self._ufunc)


def frompyfunc(func: Any, /, nin: int, nout: int, *, identity: Any = None) -> _PyUfunc:
    """numpy.frompyfunc: a ufunc calling ``func`` on Python objects, giving object arrays
    (held on the host: module docstring)."""
    if identity is None:
        return _PyUfunc(numpy.frompyfunc(func, nin, nout))
    return _PyUfunc(numpy.frompyfunc(func, nin, nout, identity=identity))


# ---------------------------------------------------------------------------------------
# piecewise
# ---------------------------------------------------------------------------------------
def _bool_native(value: Any) -> Any:
    native = as_native(value)
    if core.as_core_dtype(native.dtype) != core.bool:
        native = ops.astype(native, core.bool)
    return native


def _conditions(condlist: Any) -> Any:
    """numpy's ``asarray(condlist, dtype=bool)`` without a host round trip for a list of
    same-shape arrays."""
    if type(condlist) in (list, tuple) and condlist:
        natives = [_bool_native(c) for c in condlist]
        shapes = {tuple(n.shape) for n in natives}
        if len(shapes) == 1:
            return ops.stack(natives)
        return as_native(numpy.asarray([_host(c) for c in condlist], dtype=bool))
    return _bool_native(condlist)


def piecewise(x: Any, condlist: Any, funclist: Any, *args: Any, **kw: Any) -> ndarray:
    """numpy.piecewise: ``funclist[i]`` (a function of the selected elements, or a value)
    where ``condlist[i]`` holds; zero elsewhere; one extra function is the "otherwise"."""
    x = asarray(x)
    n2 = len(funclist)
    if numpy.isscalar(condlist) or (
        not isinstance(condlist[0], list | numpy.ndarray | ndarray) and x.ndim != 0
    ):
        condlist = [condlist]
    conditions = _conditions(condlist)
    if not len(conditions.shape):
        raise TypeError("len() of unsized object")
    n = int(conditions.shape[0])
    if n == n2 - 1:
        otherwise = ops.logical_not(ops.any(conditions, axis=0, keepdims=True))
        conditions = ops.concat([conditions, otherwise], axis=0)
        n += 1
    elif n != n2:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    y = ndarray._from_native(ops.zeros_like(x.native))
    for index, func in enumerate(funclist):
        cond = ndarray._from_native(ops.get_item(conditions, (index,)))
        if not isinstance(func, collections.abc.Callable):
            if _ndim(func) == 0 and cond.shape == y.shape:
                # a value: numpy's ``y[cond] = func`` without a data-dependent shape
                fill = ndarray._from_native(ops.zeros((), dtype=core.as_core_dtype(y.native.dtype)))
                fill[...] = func  # numpy's setitem casting and errors
                y._assign(ops.where(cond.native, fill.native, y.native))
            else:
                y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y


def _ndim(value: Any) -> int:
    if isinstance(value, FrontendArray):
        return len(value.native.shape)
    return numpy.ndim(value)


# ---------------------------------------------------------------------------------------
# misc
# ---------------------------------------------------------------------------------------
def iterable(y: Any) -> builtins.bool:
    """numpy.iterable: whether ``iter(y)`` works (a 0-d array is not iterable)."""
    if isinstance(y, ndarray):
        return y.ndim > 0
    try:
        iter(y)
    except TypeError:
        return False
    return True


def _same_root(a: Any, b: Any) -> builtins.bool | None:
    """For two frontend arrays whether they share a root (module docstring); None when
    neither is a frontend array; False when only one is (a frontend array owns its value)."""
    a_frontend, b_frontend = isinstance(a, FrontendArray), isinstance(b, FrontendArray)
    if not a_frontend and not b_frontend:
        return None
    if not (a_frontend and b_frontend):
        return False
    if not _size(a) or not _size(b):
        return False
    return _root(a) is _root(b)


def _root(array: FrontendArray) -> FrontendArray:
    return array if array._root is None else array._root


def _size(array: FrontendArray) -> int:
    return math.prod(int(e) for e in array.native.shape)


def shares_memory(a: Any, b: Any, /, max_work: Any = None) -> builtins.bool:
    """numpy.shares_memory: for frontend arrays, whether they view one root (module
    docstring); for real numpy arrays numpy's own answer."""
    same = _same_root(a, b)
    if same is None:
        return numpy.shares_memory(a, b, max_work=max_work)
    return same


def may_share_memory(a: Any, b: Any, /, max_work: Any = None) -> builtins.bool:
    """numpy.may_share_memory: for frontend arrays, whether they view one root."""
    same = _same_root(a, b)
    if same is None:
        return numpy.may_share_memory(a, b, max_work=max_work)
    return same
