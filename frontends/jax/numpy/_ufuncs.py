"""jax.numpy's elementwise functions and ``jnp.ufunc``, on the numpy frontend's kernels.

Each function promotes its inputs on JAX's lattice (weak types, x64 mode) with one of
JAX's rules (``numeric``; ``inexact``: integers become the default float, as
``promote_args_inexact``; ``compare``/``predicate``: a bool result; ``logical``: inputs
as bools; ``integer``: bool and integer inputs only; ``keep``: an integer input comes
back unchanged), then runs the numpy frontend's ufunc kernel for that dtype (numpy's own
loop table picks the kernel; bfloat16, which numpy lacks, computes in float32). Only
the 14 functions JAX itself makes ``jnp.ufunc`` objects are :class:`ufunc` here.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import core
from core import native as ops
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array, WeakArray
from frontends.jax._src.errors import jax_error, maps_errors
from frontends.jax._src.fast import fast
from frontends.jax.numpy._bridge import (
    as_array,
    check_arraylike,
    numpy_profile,
    promote,
    wrap_native,
)
from frontends.numpy._core import umath as _umath

_BOOL = core.Dtype("bool")
_REAL_OF = {"complex64": core.Dtype("float32"), "complex128": core.Dtype("float64")}


def _kernel_call(np_ufunc: Any, natives: list[Any], dtype: core.Dtype) -> Any:
    """The numpy kernel on inputs of ``dtype`` (cast to the loop numpy picks for it)."""
    compute = core.Dtype("float32") if dtype == "bfloat16" else dtype
    loop_in, _ = np_ufunc.resolve_loop((compute,) * np_ufunc.nin)
    cast = [
        n if core.as_core_dtype(n.dtype) == t else ops.astype(n, t)
        for n, t in zip(natives, loop_in)
    ]
    return np_ufunc._kernel(*cast), loop_in[0]  # kernels are pure: no FP-state check


def _finish(native: Any, loop_dtype: core.Dtype, dtype: core.Dtype, weak: bool) -> Array:
    """A kernel output as an Array: outputs of the loop's input dtype take ``dtype``."""
    have = core.as_core_dtype(native.dtype)
    if have == loop_dtype:
        return wrap_native(native, weak, dtype)
    if have.kind == "f" and dtype.kind == "c":  # abs of complex
        return wrap_native(native, weak, jdt.canonicalize(_REAL_OF[dtype]))
    if have.kind == "b":
        return wrap_native(native, False, _BOOL)
    return wrap_native(native, weak and have.kind == dtype.kind)


# JAX's weak flag where it differs from the rule's: predicates whose bool result keeps a
# weak input's flag (for inputs of these kinds), functions that multiply by a strong
# constant (a strong result)
_WEAK_PREDICATES = {"isnan": "biufc", "logical_not": "iufc", "isfinite": "fc"}
_STRONG_RESULTS = frozenset({"log2", "log10"})


def _elementwise(name: str, np_name: str, rule: str, nin: int) -> Callable[..., Any]:
    np_ufunc = getattr(_umath, np_name)
    label = f"jnp.{name}"
    inexact = rule == "inexact"

    def function(*args: Any, **kwargs: Any) -> Any:
        if kwargs:
            args = (*args, *(kwargs.pop(k) for k in ("x", "x1", "x2", "y") if k in kwargs))
            kwargs.pop("out", None)
        if len(args) != nin:
            raise TypeError(f"{name}() takes {nin} positional arguments but {len(args)} were given")
        first = args[0]
        kind = type(first)
        if (kind is Array or kind is WeakArray) and all(
            type(a) is kind and a._dtype == first._dtype for a in args
        ):  # one dtype, one weak flag: no promotion
            dtype, weak = first._dtype, first.weak_type
            source = dtype
            if inexact and dtype.kind in "biu":
                dtype = jdt.default_dtype("f")
                natives = [ops.astype(a.native, dtype) for a in args]
            else:
                natives = [a.native for a in args]
        else:
            check_arraylike(label, *args)
            source = jdt.dtype_and_weak(first)[0]
            natives, dtype, weak = promote(list(args), inexact)
        if rule == "logical":
            natives = [
                n if dtype == _BOOL else ops.not_equal(n, ops.zeros((), dtype=dtype))
                for n in natives
            ]
            dtype = _BOOL
        elif rule == "integer" and dtype.kind not in "biu":
            raise TypeError(
                f"{name} does not accept dtype {jdt.numpy_dtype(dtype)}. It accepts bool and integer types."
            )
        elif rule == "integer_value" and dtype.kind not in "biu":
            raise ValueError(f"Arguments to jax.numpy.{name} must be integers.")
        elif rule == "int_bool" and dtype == _BOOL:
            dtype = jdt.default_dtype("i")
            natives = [ops.astype(n, dtype) for n in natives]
        elif rule == "keep" and dtype.kind in "biu":
            return Array._wrap(natives[0], weak, dtype)
        elif np_name == "arctan2" and dtype.kind == "c":
            return _complex_atan2(*natives, dtype, weak)
        elif rule == "float_only" and dtype.kind == "c":
            raise TypeError(f"{name} does not support complex-valued inputs.")
        try:
            result, loop_dtype = _kernel_call(np_ufunc, natives, dtype)
        except Exception as error:
            mapped = jax_error(error, name, natives)
            if mapped is None:
                raise
            raise mapped from None
        if isinstance(result, tuple):
            return tuple(_finish(r, loop_dtype, dtype, weak) for r in result)
        if rule in ("compare", "predicate", "logical"):
            kinds = _WEAK_PREDICATES.get(name, "")
            return wrap_native(result, weak and source.kind in kinds, _BOOL)
        if name in _STRONG_RESULTS or (name == "rint" and source.kind not in "fc"):
            weak = False
        return _finish(result, loop_dtype, dtype, weak)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (
        f"``jnp.{name}``: numpy's ``{np_name}`` kernel under JAX's promotion ({rule})."
    )
    function.__module__ = "frontends.jax.numpy"
    core_name = _CORE_NAMES.get(np_name)
    if core_name is None or name in _NIN:
        return function
    if name == "matmul":
        return fast(core_name, "a", "b", scalars=False)(_matmul(function))
    names = ("x",) if nin == 1 else ("x1", "x2")
    signature = inspect.Signature(
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_ONLY) for n in names]
    )
    return fast(core_name, *names, signature=signature)(function)


def _matmul(product: Callable[..., Any]) -> Callable[..., Any]:
    def matmul(
        a: Any, b: Any, *, precision: Any = None, preferred_element_type: Any = None
    ) -> Array:
        """``jnp.matmul`` (``precision`` is XLA's and changes nothing on the CPU; a
        ``preferred_element_type`` casts the product)."""
        out = product(a, b)
        if preferred_element_type is not None:
            out = out.astype(preferred_element_type)
        return out

    matmul.__module__ = "frontends.jax.numpy"
    return matmul


# numpy ufunc -> the core function its kernel is on float32/float64 arrays (their common
# case: ``fast``; tests/frontends/test_fastpath.py compares both paths bit for bit)
_CORE_NAMES = {
    "absolute": "abs", "arccos": "acos", "arccosh": "acosh", "arcsin": "asin",
    "arcsinh": "asinh", "arctan": "atan", "arctanh": "atanh", "arctan2": "atan2",
    "add": "add", "subtract": "subtract", "multiply": "multiply", "divide": "divide",
    "copysign": "copysign", "cos": "cos", "cosh": "cosh", "sin": "sin", "sinh": "sinh",
    "tan": "tan", "tanh": "tanh", "exp": "exp", "expm1": "expm1", "log": "log",
    "log10": "log10", "log1p": "log1p", "log2": "log2", "logaddexp": "logaddexp",
    "sqrt": "sqrt", "negative": "negative", "equal": "equal", "not_equal": "not_equal",
    "greater": "greater", "greater_equal": "greater_equal", "less": "less",
    "less_equal": "less_equal", "maximum": "maximum", "minimum": "minimum", "fmax": "fmax",
    "fmin": "fmin", "fmod": "fmod", "heaviside": "heaviside", "hypot": "hypot",
    "nextafter": "nextafter", "matmul": "matmul",
}  # fmt: skip


# name: (numpy ufunc, rule)
_RULES: dict[str, tuple[str, str]] = {
    "abs": ("absolute", "numeric"), "absolute": ("absolute", "numeric"),
    "acos": ("arccos", "inexact"), "acosh": ("arccosh", "inexact"),
    "arccos": ("arccos", "inexact"), "arccosh": ("arccosh", "inexact"),
    "arcsin": ("arcsin", "inexact"), "arcsinh": ("arcsinh", "inexact"),
    "arctan": ("arctan", "inexact"), "arctan2": ("arctan2", "inexact"),
    "arctanh": ("arctanh", "inexact"), "asin": ("arcsin", "inexact"),
    "asinh": ("arcsinh", "inexact"), "atan": ("arctan", "inexact"),
    "atan2": ("arctan2", "inexact"), "atanh": ("arctanh", "inexact"),
    "add": ("add", "numeric"), "subtract": ("subtract", "numeric"),
    "multiply": ("multiply", "numeric"), "divide": ("divide", "inexact"),
    "true_divide": ("divide", "inexact"), "floor_divide": ("floor_divide", "numeric"),
    "remainder": ("remainder", "numeric"), "mod": ("remainder", "numeric"),
    "fmod": ("fmod", "numeric"), "divmod": ("divmod", "numeric"),
    "power": ("power", "numeric"), "pow": ("power", "numeric"),
    "float_power": ("float_power", "inexact"),
    "bitwise_and": ("bitwise_and", "integer"), "bitwise_or": ("bitwise_or", "integer"),
    "bitwise_xor": ("bitwise_xor", "integer"), "bitwise_not": ("invert", "integer"),
    "bitwise_invert": ("invert", "integer"), "invert": ("invert", "integer"),
    "bitwise_left_shift": ("left_shift", "integer"), "left_shift": ("left_shift", "integer"),
    "bitwise_right_shift": ("right_shift", "integer"),
    "right_shift": ("right_shift", "integer"), "bitwise_count": ("bitwise_count", "integer"),
    "gcd": ("gcd", "integer_value"), "lcm": ("lcm", "integer_value"),
    "cbrt": ("cbrt", "inexact"), "sqrt": ("sqrt", "inexact"), "square": ("square", "int_bool"),
    "ceil": ("ceil", "keep"), "floor": ("floor", "keep"), "trunc": ("trunc", "keep"),
    "rint": ("rint", "inexact"), "conjugate": ("conjugate", "numeric"),
    "conj": ("conjugate", "numeric"), "copysign": ("copysign", "inexact"),
    "cos": ("cos", "inexact"), "cosh": ("cosh", "inexact"), "sin": ("sin", "inexact"),
    "sinh": ("sinh", "inexact"), "tan": ("tan", "inexact"), "tanh": ("tanh", "inexact"),
    "deg2rad": ("deg2rad", "inexact"), "radians": ("radians", "inexact"),
    "rad2deg": ("rad2deg", "inexact"), "degrees": ("degrees", "inexact"),
    "exp": ("exp", "inexact"), "exp2": ("exp2", "inexact"), "expm1": ("expm1", "inexact"),
    "log": ("log", "inexact"), "log10": ("log10", "inexact"), "log1p": ("log1p", "inexact"),
    "log2": ("log2", "inexact"), "logaddexp": ("logaddexp", "inexact"),
    "logaddexp2": ("logaddexp2", "inexact"), "fabs": ("fabs", "inexact"),
    "equal": ("equal", "compare"), "not_equal": ("not_equal", "compare"),
    "greater": ("greater", "compare"), "greater_equal": ("greater_equal", "compare"),
    "less": ("less", "compare"), "less_equal": ("less_equal", "compare"),
    "isfinite": ("isfinite", "predicate"), "isinf": ("isinf", "predicate"),
    "isnan": ("isnan", "predicate"), "signbit": ("signbit", "predicate"),
    "logical_and": ("logical_and", "logical"), "logical_or": ("logical_or", "logical"),
    "logical_xor": ("logical_xor", "logical"), "logical_not": ("logical_not", "logical"),
    "maximum": ("maximum", "numeric"), "minimum": ("minimum", "numeric"),
    "fmax": ("fmax", "numeric"), "fmin": ("fmin", "numeric"),
    "frexp": ("frexp", "inexact"), "modf": ("modf", "inexact"), "ldexp": ("ldexp", "ldexp"),
    "heaviside": ("heaviside", "inexact"), "hypot": ("hypot", "inexact"),
    "nextafter": ("nextafter", "inexact"), "spacing": ("spacing", "inexact"),
    "negative": ("negative", "numeric"), "positive": ("positive", "numeric"),
    "reciprocal": ("reciprocal", "inexact"), "sign": ("sign", "numeric"),
    "matmul": ("matmul", "numeric"), "matvec": ("matvec", "numeric"),
    "vecmat": ("vecmat", "numeric"), "vecdot": ("vecdot", "numeric"),
}  # fmt: skip

UFUNC_NAMES = (
    "add", "bitwise_and", "bitwise_or", "bitwise_xor", "logaddexp", "logaddexp2",
    "logical_and", "logical_or", "logical_xor", "maximum", "minimum", "multiply",
    "negative", "subtract",
)  # fmt: skip

_NIN = {"divmod": 2, "frexp": 1, "modf": 1}


@maps_errors
def ldexp(x1: Any, x2: Any, /) -> Array:
    """``jnp.ldexp``: ``x1`` promoted to inexact, ``x2`` an integer array."""
    check_arraylike("jnp.ldexp", x1, x2)
    x1 = as_array(x1)
    x2 = as_array(x2)
    if x2._dtype.kind not in "iu":
        raise ValueError(f"x2 argument to ldexp must have integer dtype, got {x2.dtype}")
    (n1,), dtype, weak = promote([x1], inexact=True)
    compute = core.Dtype("float32") if dtype == "bfloat16" else dtype
    n1 = ops.astype(n1, compute) if compute != dtype else n1
    with numpy_profile():
        out = _umath.ldexp._kernel(n1, ops.astype(x2.native, core.Dtype("int32")))
    return wrap_native(out, weak, dtype)


def _sign(real_sign: Callable[..., Any]) -> Callable[..., Any]:
    def sign(x: Any, /) -> Array:
        """``jnp.sign``: ``x / |x|`` for complex ``x`` (0 at 0), as XLA's: an infinite
        component gives nan where numpy gives 1."""
        if jdt.dtype_and_weak(x)[0].kind != "c":
            return real_sign(x)
        x = as_array(x)
        native, dtype = x.native, x._dtype
        size = ops.abs(native)
        zero = ops.equal(size, ops.zeros((), dtype=core.as_core_dtype(size.dtype)))
        size = ops.where(zero, ops.ones((), dtype=core.as_core_dtype(size.dtype)), size)
        re = ops.astype(ops.divide(ops.real(native), size), dtype)
        im = ops.astype(ops.divide(ops.imag(native), size), dtype)
        out = ops.add(re, ops.multiply(im, ops.asarray(1j, dtype=dtype)))
        return Array._wrap(out, x.weak_type, dtype)

    sign.__module__ = "frontends.jax.numpy"
    return sign


def _complex_atan2(y: Any, x: Any, dtype: core.Dtype, weak: bool) -> Array:
    """``atan2`` of complex operands as XLA's: ``-i log((x + i y) / sqrt(y² + x²))``
    (numpy has no complex loop)."""
    i = ops.asarray(1j, dtype=dtype)
    size = ops.sqrt(ops.add(ops.multiply(y, y), ops.multiply(x, x)))
    angle = ops.log(ops.divide(ops.add(x, ops.multiply(i, y)), size))
    return wrap_native(ops.multiply(ops.negative(i), angle), weak, dtype)


def _vecdot(product: Callable[..., Any]) -> Callable[..., Any]:
    def vecdot(x1: Any, x2: Any, /, *, axis: int = -1, precision: Any = None,
               preferred_element_type: Any = None) -> Array:  # fmt: skip
        """``jnp.vecdot``: the product along ``axis`` of each input (moved last first)."""
        if axis != -1:
            check_arraylike("jnp.vecdot", x1, x2)
            x1, x2 = as_array(x1), as_array(x2)
            if x1.shape[axis] != x2.shape[axis]:
                raise ValueError(
                    f"axes must match; got shapes {x1.shape} and {x2.shape} with {axis=}"
                )
            x1 = Array._wrap(ops.moveaxis(x1.native, axis, -1), x1.weak_type, x1._dtype)
            x2 = Array._wrap(ops.moveaxis(x2.native, axis, -1), x2.weak_type, x2._dtype)
        out = product(x1, x2)
        if preferred_element_type is not None:
            out = out.astype(preferred_element_type)
        return out

    vecdot.__module__ = "frontends.jax.numpy"
    return vecdot


class ufunc:
    """``jnp.ufunc``: a callable with ``reduce``, ``accumulate``, ``outer`` and ``at``
    (``at`` needs ``inplace=False``, as JAX's)."""

    def __init__(self, name: str, function: Callable[..., Any], nin: int, identity: Any) -> None:
        self.__name__ = name
        self._function = function
        self._general = getattr(function, "general", function)  # keywords, wrong counts
        self.nin = nin
        self.nout = 1
        self.nargs = nin
        self.identity = identity
        self.__doc__ = function.__doc__

    def __repr__(self) -> str:
        return f"<jnp.ufunc '{self.__name__}'>"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs or len(args) != self.nin:
            return self._general(*args, **kwargs)
        return self._function(*args)

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        return self

    def _numpy_method(self, method: str, *args: Any, **kwargs: Any) -> Any:
        from frontends.jax.numpy import _bridge

        np_ufunc = getattr(_umath, _RULES[self.__name__][0])
        wrapped = [_as_numpy(a) for a in args]
        with numpy_profile():
            result = getattr(np_ufunc, method)(*wrapped, **kwargs)
        return _bridge.wrap(result)

    def reduce(self, a: Any, axis: Any = 0, dtype: Any = None, out: Any = None,
               keepdims: bool = False, initial: Any = None, where: Any = None) -> Array:  # fmt: skip
        from frontends.jax import numpy as jnp

        if self.nin != 2:
            raise ValueError("reduce only supported for binary ufuncs")
        check_arraylike(f"{self.__name__}.reduce", a)
        a = as_array(a)
        reduction = _REDUCTIONS.get(self.__name__)
        if reduction is not None and initial is None and where is None:
            kwargs = {"dtype": dtype} if reduction in ("sum", "prod") else {}
            result = getattr(jnp, reduction)(a, axis=axis, keepdims=keepdims, **kwargs)
            if reduction in ("sum", "prod") and dtype is None and result._dtype != a._dtype:
                result = Array._wrap(ops.astype(result.native, a._dtype), a.weak_type, a._dtype)
            return result
        kwargs = {"axis": axis, "keepdims": keepdims}
        if initial is not None:
            kwargs["initial"] = initial
        result = self._numpy_method("reduce", a, **kwargs)
        return Array._wrap(ops.astype(result.native, a._dtype), a.weak_type, a._dtype)

    def accumulate(self, a: Any, axis: int = 0, dtype: Any = None, out: Any = None) -> Array:
        check_arraylike(f"{self.__name__}.accumulate", a)
        a = as_array(a)
        result = self._numpy_method("accumulate", a, axis=axis)
        target = a._dtype if dtype is None else jdt.check_user_dtype(dtype, "accumulate")
        return Array._wrap(ops.astype(result.native, target), a.weak_type, target)

    def outer(self, A: Any, B: Any, /, **kwargs: Any) -> Array:
        if self.nin != 2:
            raise ValueError("outer only supported for binary ufuncs")
        check_arraylike(f"{self.__name__}.outer", A, B)
        A, B = as_array(A), as_array(B)
        return self(A.reshape(*A.shape, *([1] * B.ndim)), B, **kwargs)

    def at(self, a: Any, indices: Any, b: Any = None, /, *, inplace: bool = True) -> Array:
        if inplace:
            raise NotImplementedError(
                "jax.numpy.ufunc.at does not support inplace=True: JAX arrays are immutable"
            )
        a = as_array(a)
        scatter = _SCATTERS.get(self.__name__)
        if scatter is not None and b is not None:
            return getattr(a.at[indices], scatter)(b)
        updated = self(a[indices]) if b is None else self(a[indices], b)
        return a.at[indices].set(updated)

    def reduceat(
        self, a: Any, indices: Any, axis: int = 0, dtype: Any = None, out: Any = None
    ) -> Array:
        check_arraylike(f"{self.__name__}.reduceat", a, indices)
        a = as_array(a)
        result = self._numpy_method("reduceat", a, indices, axis=axis)
        return Array._wrap(ops.astype(result.native, a._dtype), a.weak_type, a._dtype)


_REDUCTIONS = {
    "add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min",
    "logical_and": "all", "logical_or": "any",
}  # fmt: skip
_SCATTERS = {"add": "add", "multiply": "multiply", "maximum": "max", "minimum": "min"}
_IDENTITY = {
    "add": 0, "multiply": 1, "bitwise_and": -1, "bitwise_or": 0, "bitwise_xor": 0,
    "logaddexp": -float("inf"), "logaddexp2": -float("inf"), "logical_and": True,
    "logical_or": False, "logical_xor": False,
}  # fmt: skip


def _as_numpy(value: Any) -> Any:
    from frontends.numpy import ndarray

    if isinstance(value, Array):
        return ndarray._from_native(value.native)
    return value


@functools.cache
def build() -> dict[str, Any]:
    """Every elementwise jnp function, the 14 ufuncs as :class:`ufunc` (built once)."""
    namespace: dict[str, Any] = {"ldexp": ldexp}
    for name, (np_name, rule) in _RULES.items():
        if rule == "ldexp":
            continue
        nin = _NIN.get(name, getattr(_umath, np_name).nin)
        function = _elementwise(name, np_name, rule, nin)
        if name in UFUNC_NAMES:
            function = ufunc(name, function, nin, _IDENTITY.get(name))
        elif name == "vecdot":
            function = _vecdot(function)
        elif name == "sign":
            function = _sign(function)

        namespace[name] = function
    return namespace
