"""How ``jax.numpy`` is built from the numpy frontend: JAX's rules around numpy's code.

A jnp function made by :func:`from_numpy` takes its inputs as JAX does (arrays, numpy
values and Python scalars; a list or tuple where JAX wants an array is JAX's TypeError),
promotes the parameters JAX promotes together on JAX's lattice (weak types included, with
x64 off by default), and calls the numpy frontend's *native-level* function: for a
function numpy's decorator made, its ``__wrapped__`` body on native arrays; otherwise the
public function, which takes native arrays as they are. Results come back as
:class:`~frontends.jax.Array`, their 64-bit dtypes narrowed when x64 is off, weak when
every promoted input was weak and the dtype did not change kind.

The numpy frontend runs under :func:`numpy_profile` meanwhile: 0-d results stay arrays
(numpy would read them to the host for a numpy scalar) and numpy's floating-point error
state is ``ignore`` (JAX warns about nothing, and the check would read to the host).
"""

from __future__ import annotations

import functools
import inspect
import operator
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.base.functions import wrap_integer
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array
from frontends.jax._src.errors import jax_error
from frontends.numpy._frontend import functions as _numpy_functions

PY_SCALARS = (bool, int, float, complex)
_NOT_GIVEN = object()


@contextmanager
def numpy_profile() -> Iterator[None]:
    """The numpy frontend as jax.numpy uses it: no numpy scalars, no FP error checks."""
    old = _numpy_functions.scalars
    _numpy_functions.scalars = False
    try:
        with numpy.errstate(all="ignore"):
            yield
    finally:
        _numpy_functions.scalars = old


# --------------------------------------------------------------------- inputs
def is_arraylike(value: Any) -> bool:
    """What JAX's ``check_arraylike`` accepts: arrays and scalars, never lists/tuples."""
    if isinstance(value, (FrontendArray, numpy.ndarray, numpy.generic, *PY_SCALARS)):
        return True
    if isinstance(value, (list, tuple, str, dict, set)) or value is None:
        return False
    return hasattr(value, "__jax_array__") or (hasattr(value, "shape") and hasattr(value, "dtype"))


def check_arraylike(name: str, *values: Any) -> None:
    """JAX's TypeError for a non-array input (``jnp.sum([1, 2])`` raises in JAX)."""
    for position, value in enumerate(values):
        if not is_arraylike(value):
            raise TypeError(
                f"{name} requires ndarray or scalar arguments, got {type(value)} at "
                f"position {position}."
            )


def native_of(value: Any, dtype: core.Dtype | None = None) -> Any:
    """An array-like as a native array of its canonical JAX dtype (or ``dtype``)."""
    if isinstance(value, Array):
        native = value.native
    elif type(value) in PY_SCALARS:
        if dtype is None:
            dtype = jdt.dtype_and_weak(value)[0]
        if type(value) is int and dtype.kind in "iu":
            value = wrap_integer(value, dtype)  # JAX converts weak ints with wraparound
        return ops.asarray(value, dtype=dtype)
    elif isinstance(value, FrontendArray):
        native = value.native
    elif isinstance(value, core.current_backend().native_array_types):
        native = value
    else:
        host = numpy.asarray(value)
        if not jdt.is_jax_dtype(host.dtype):
            raise TypeError(f"JAX only supports number and bool dtypes, got dtype {host.dtype}")
        native = ops.asarray(host)
    have = core.as_core_dtype(native.dtype)
    want = jdt.canonicalize(have) if dtype is None else dtype
    return native if have == want else ops.astype(native, want)


def as_array(value: Any) -> Array:
    """An array-like as a :class:`Array` (Python scalars weak)."""
    if isinstance(value, Array):
        return value
    dtype, weak = jdt.dtype_and_weak(value)
    return Array._wrap(native_of(value, dtype), weak, dtype)


# --------------------------------------------------------------------- outputs
def wrap_native(native: Any, weak: Any = None, dtype: core.Dtype | None = None) -> Array:
    """A native result as an Array, its dtype canonical (64-bit narrowed with x64 off).
    ``weak``: the dtype of weak inputs (the result is weak when of the same kind, or real
    out of complex: ``real``/``imag``/``angle`` keep the flag in JAX), True (weak), or
    None/False."""
    have = core.as_core_dtype(native.dtype)
    want = jdt.canonicalize(have) if dtype is None else dtype
    if have != want:
        native = ops.astype(native, want)
    if weak is not None and weak is not True and weak is not False:
        weak = (
            want.kind == weak.kind
            or (want.kind in "iu" and weak.kind in "iu")
            or (want.kind == "f" and weak.kind == "c")
        )
    return Array._wrap(native, bool(weak), want)


def wrap(value: Any, weak: Any = None, dtype: core.Dtype | None = None) -> Any:
    """Results (natives, numpy-frontend arrays, numpy scalars, tuples of them) as Arrays."""
    if isinstance(value, core.current_backend().native_array_types):
        return wrap_native(value, weak, dtype)
    if isinstance(value, Array):
        return value
    if isinstance(value, FrontendArray):
        return wrap_native(value.native, weak, dtype)
    if isinstance(value, (numpy.ndarray, numpy.generic)):
        return wrap_native(ops.asarray(numpy.asarray(value)), weak, dtype)
    if isinstance(value, tuple):
        items = [wrap(item, weak, dtype) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if isinstance(value, list):
        return [wrap(item, weak, dtype) for item in value]
    if type(value) in PY_SCALARS:
        return wrap_native(ops.asarray(value))
    return value


def unwrap(value: Any) -> Any:
    """Arrays (also inside lists and tuples) as natives, for numpy's code."""
    if isinstance(value, FrontendArray):
        return value.native
    if type(value) in (list, tuple):
        return type(value)(unwrap(item) for item in value)
    return value


def promote(values: list[Any], inexact: bool = False) -> tuple[list[Any], core.Dtype, bool]:
    """``values`` (array-likes, None kept) as natives of their JAX result dtype, with the
    dtype and the weak flag (``inexact``: integers and bools promote to the default
    float, as JAX's ``promote_dtypes_inexact``)."""
    present = [v for v in values if v is not None]
    dtype, weak = jdt.lattice_result_type(*present)
    if inexact and dtype.kind in "biu":
        dtype = jdt.default_dtype("f")
    return [None if v is None else native_of(v, dtype) for v in values], dtype, weak


# --------------------------------------------------------------------- the builder
def _jax_name(name: str) -> str:
    return f"jnp.{name}" if "." not in name else name


_HALVES = (core.Dtype("float16"), core.Dtype("bfloat16"))


def _narrowed(out: Any, dtype: core.Dtype) -> Any:
    """float32 results of half-precision inputs as ``dtype``: JAX computes in the inputs'
    dtype where numpy's bodies widen (a Python float, a float64 constant)."""
    if isinstance(out, (tuple, list)):
        items = [_narrowed(item, dtype) for item in out]
        return type(out)(*items) if hasattr(out, "_fields") else type(out)(items)
    if isinstance(out, Array) and out._dtype == core.float32:
        return Array._wrap(ops.astype(out.native, dtype), out.weak_type, dtype)
    return out


def from_numpy(
    np_fn: Callable[..., Any],
    name: str | None = None,
    *,
    arrays: tuple[str, ...] | None = None,
    promote_names: tuple[str, ...] | None = None,
    inexact: bool = False,
    sequences: tuple[str, ...] = (),
    jax_kwargs: tuple[str, ...] = (),
    post: Callable[..., Any] | None = None,
    strong: bool = False,
    keep_dtype: bool = False,
    doc: str = "",
) -> Callable[..., Any]:
    """A jnp function from the numpy frontend's ``np_fn``.

    ``arrays``: the parameters JAX requires to be array-likes (default: those numpy's
    decorator annotates ``ArrayLike``, else the first parameter); ``promote_names``: those
    promoted together (default: the ones numpy's decorator promotes, else the array
    parameters when there are several); ``inexact``: they promote to an inexact dtype;
    ``sequences``: parameters that take a sequence of arrays (each element checked and
    promoted with the rest); ``jax_kwargs``: JAX-only keywords, passed to ``post``
    (``post(result, **those)`` finishes the result) and not to numpy; ``strong``: the
    result is never weak (JAX's reductions, linalg, fft); ``keep_dtype``: a non-bool
    input's dtype is the result's (JAX's ``cumsum`` does not widen integers).
    """
    name = name or np_fn.__name__
    raw = np_fn.__wrapped__ if hasattr(np_fn, "promoted_names") else np_fn
    signature = inspect.signature(np_fn)
    params = list(signature.parameters.values())
    positions = {
        p.name: i
        for i, p in enumerate(params)
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    }
    if arrays is None:
        arrays = tuple(p.name for p in params if "ArrayLike" in str(p.annotation))
        if not arrays and params:
            arrays = (params[0].name,)
    if promote_names is None:
        promote_names = tuple(getattr(np_fn, "promoted_names", ()))
        if not promote_names and (len(arrays) > 1 or sequences):
            promote_names = arrays
    array_slots = [(n, positions.get(n)) for n in arrays]
    promote_slots = [(n, positions.get(n)) for n in promote_names]
    sequence_set = frozenset(sequences)
    has_out = "out" in signature.parameters
    out_slot = ("out", positions.get("out"))
    dtype_slot = ("dtype", positions.get("dtype"))
    label = _jax_name(name)

    def get(args: list[Any], kwargs: dict[str, Any], slot: tuple[str, int | None]) -> Any:
        n, i = slot
        if i is not None and i < len(args):
            return args[i]
        return kwargs.get(n, _NOT_GIVEN)

    def put(args: list[Any], kwargs: dict[str, Any], slot: tuple[str, int | None], v: Any) -> None:
        n, i = slot
        if i is not None and i < len(args):
            args[i] = v
        else:
            kwargs[n] = v

    @functools.wraps(np_fn)
    def function(*args: Any, **kwargs: Any) -> Any:
        extra = {k: kwargs.pop(k) for k in jax_kwargs if k in kwargs}
        precision = kwargs.pop("precision", None)  # noqa: F841 - XLA's, no effect here
        preferred = kwargs.pop("preferred_element_type", None)
        args = list(args)
        out = get(args, kwargs, out_slot) if has_out else kwargs.get("out")
        if out is not None and out is not _NOT_GIVEN:  # positional too: fast paths pass it
            raise NotImplementedError(f"The 'out' argument to {label} is not supported.")
        if has_out:
            kwargs.pop("out", None)
        if "dtype" in kwargs and kwargs["dtype"] is not None:
            kwargs["dtype"] = jdt.numpy_dtype(jdt.check_user_dtype(kwargs["dtype"], name))
        for slot in array_slots:
            value = get(args, kwargs, slot)
            if value is _NOT_GIVEN or value is None:
                continue
            if slot[0] in sequence_set:
                if not isinstance(value, (list, tuple)) and not is_arraylike(value):
                    raise TypeError(f"{label} requires a sequence of arrays")
                if getattr(value, "ndim", None) == 0 and name in ("concatenate", "concat"):
                    # JAX splits an array given as the sequence: a 0-d one gives none
                    raise ValueError("Need at least one array to concatenate.")
                if isinstance(value, (list, tuple)):
                    check_arraylike(label, *value)
                    continue
            check_arraylike(label, value)
        weak = computed = None
        if promote_slots:
            values, shape_of = [], []
            for slot in promote_slots:
                value = get(args, kwargs, slot)
                if value is _NOT_GIVEN:
                    continue
                if slot[0] in sequence_set and isinstance(value, (list, tuple)):
                    shape_of.append((slot, len(value), type(value)))
                    values.extend(value)
                else:
                    shape_of.append((slot, None, None))
                    values.append(value)
            present = [v for v in values if v is not None]
            if present:
                natives, dtype, is_weak = promote(values, inexact)
                weak, computed = (dtype if is_weak else None), dtype
                for slot, count, kind in shape_of:
                    if count is None:
                        put(args, kwargs, slot, natives.pop(0))
                    else:
                        put(args, kwargs, slot, kind(natives[:count]))
                        del natives[:count]
        else:
            for slot in array_slots[:1]:
                value = get(args, kwargs, slot)
                if value is not _NOT_GIVEN and value is not None and slot[0] not in sequence_set:
                    dtype, is_weak = jdt.dtype_and_weak(value)
                    weak, computed = (dtype if is_weak else None), dtype
        for slot in array_slots:
            value = get(args, kwargs, slot)
            if value is _NOT_GIVEN or value is None:
                continue
            if slot[0] in sequence_set and isinstance(value, (list, tuple)):
                put(args, kwargs, slot, type(value)(native_of(v) for v in value))
            elif not isinstance(value, core.current_backend().native_array_types):
                put(args, kwargs, slot, native_of(value))
        if inexact and not promote_slots:
            slot = array_slots[0]
            value = get(args, kwargs, slot)
            if value is not _NOT_GIVEN and core.as_core_dtype(value.dtype).kind in "biu":
                put(args, kwargs, slot, ops.astype(value, jdt.default_dtype("f")))
                if weak is not None:  # a weak int makes a weak float
                    weak = jdt.default_dtype("f")
        args = [unwrap(a) for a in args]
        kwargs = {k: unwrap(v) for k, v in kwargs.items()}
        if strong:
            weak = None
        with numpy_profile():
            try:
                result = raw(*args, **kwargs)
            except Exception as error:  # JAX's class (a plain ValueError for an axis)
                mapped = jax_error(error, label.rpartition(".")[2], args)
                if mapped is None:
                    raise
                raise mapped from None
        out = wrap(result, weak)
        if keep_dtype and kwargs.get("dtype") is None:
            first = get(args, kwargs, array_slots[0])
            dtype = core.as_core_dtype(first.dtype)
            if dtype != core.bool and out._dtype != dtype:
                out = Array._wrap(ops.astype(out.native, dtype), out.weak_type, dtype)
        if preferred is not None:
            target = jdt.check_user_dtype(preferred, name)
            out = Array._wrap(ops.astype(out.native, target), False, target)
        if post is not None:
            out = post(out, **extra)
        asked = get(args, kwargs, dtype_slot)
        if computed in _HALVES and asked in (None, _NOT_GIVEN) and preferred is None:
            out = _narrowed(out, computed)
        return out

    function.__name__ = name.rsplit(".", 1)[-1]
    function.__qualname__ = function.__name__
    function.__doc__ = doc or f"``{label}``, from the numpy frontend under JAX's rules."
    function.__module__ = "frontends.jax.numpy"
    return function


def index(value: Any) -> int:
    """An integer argument (``operator.index``)."""
    return operator.index(value)
