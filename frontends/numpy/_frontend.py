"""numpy's instance of the shared function machinery: ``@numpy_function(...)``.

``@numpy_function("x1", "x2")`` promotes those parameters with NEP 50 (arrays and numpy
scalars strong, Python scalars weak, an out-of-range Python int an ``OverflowError``),
makes every parameter annotated ``ArrayLike`` a native array (lists, real numpy arrays,
other frontends' and frameworks' arrays, numpy scalars), honours ``out=`` and wraps
results as :class:`~frontends.numpy.ndarray`. With ``returns_scalars=True`` a 0-d result
comes back as a numpy scalar, as numpy's reductions and most of its functions do.
See :mod:`frontends.base.functions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy

import core
from core import errors as core_errors
from core import native as ops
from core import registry
from frontends.base import host as _host
from frontends.base.functions import FrontendFunctions
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native, as_scalar
from frontends.numpy._core.multiarray import host_call, ndarray, new_array

ArrayLike = Any
"""Annotation of a parameter the decorator makes a native array (see module docstring)."""
DTypeLike = Any
AxisLike = Any


class UnsupportedDtypeError(core.UnsupportedDtypeError):
    """A numpy function called with a dtype numpy itself refuses for it: a TypeError, as
    numpy raises, and a core.UnsupportedDtypeError."""


def _unsupported(function: str, dtype: core.Dtype) -> Exception:
    return UnsupportedDtypeError(
        f"numpy.{function} does not support dtype {nt.numpy_dtype(dtype)!r} (numpy "
        f"{nt.NUMPY_VERSION} refuses it too); cast the input with .astype(...)"
    )


def _shape(shape: tuple[int, ...]) -> str:
    """A shape as numpy's messages write it: ``(3,)``, ``(2,3)``."""
    return "(" + ",".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def framework_error(error: core_errors.CoreError, function: str) -> Exception:
    """numpy's exception for core's typed error (numpy's message where core has the
    fields): ValueError, IndexError, ``AxisError``, ``LinAlgError``, TypeError."""
    message = str(error)
    if isinstance(error, core_errors.BroadcastError):
        if error.shapes:
            shapes = " ".join(_shape(s) for s in error.shapes)
            message = f"operands could not be broadcast together with shapes {shapes} "
    elif isinstance(error, core_errors.ReshapeError):
        if error.target is not None:
            message = f"cannot reshape array of size {error.size} into shape {_shape(error.target)}"
    elif isinstance(error, core_errors.AxisError):
        if error.axis is not None and error.ndim is not None:
            return numpy.exceptions.AxisError(error.axis, error.ndim)
        return numpy.exceptions.AxisError(message)
    elif isinstance(error, core_errors.IndexOutOfRangeError):
        if error.axis is not None:
            message = (
                f"index {error.index} is out of bounds for axis {error.axis} with size {error.size}"
            )
        return IndexError(message)
    elif isinstance(error, core_errors.SingularMatrixError):
        positive = "positive" in message
        return numpy.linalg.LinAlgError(
            "Matrix is not positive definite" if positive else "Singular matrix"
        )
    elif isinstance(error, core_errors.UnsupportedDtypeError):
        return UnsupportedDtypeError(message)
    return ValueError(message)


def _write_out(out: Any, result: Any) -> None:
    shape, dtype = tuple(out.native.shape), core.as_core_dtype(out.native.dtype)
    out._assign(ops.astype(ops.broadcast_to(result, shape), dtype))


_SUBPACKAGES = ("linalg", "fft", "random", "testing")


def numpy_counterpart(fn: Callable[..., Any]) -> Callable[..., Any] | None:
    """Real numpy's function of a frontend function's name (``numpy.linalg.<name>`` for
    one in the frontend's ``linalg``, and so on), or None."""
    part = fn.__module__.removeprefix("frontends.numpy.").partition(".")[0]
    module = getattr(numpy, part) if part in _SUBPACKAGES else numpy
    return getattr(module, fn.__name__, None)


def on_host(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """A frontend function's call that met a host dtype (strings, objects, dates), as real
    numpy's function of its name computes it (:func:`host_call`)."""
    function = numpy_counterpart(fn)
    if function is None:
        raise nt.HostDtypeError(
            f"{fn.__name__} of a str_/bytes_/object_/datetime64/timedelta64 array is not "
            "supported by this numpy frontend"
        )
    return host_call(function, args, kwargs)


def _tier(value: object) -> int:
    return 0


# The exact array types of fast paths whose kernels are right on the numpy backend only
# (ufuncs reporting FP errors, which numpy's own kernels report under numpy's error state;
# mean, whose numpy kernel leaves empty inputs to the general path and its warning): the
# fast types while the numpy backend is active, none elsewhere.
numpy_backend_types: set[type] = set()


def _track_backend(state: Any) -> None:
    if state.name == "numpy":
        numpy_backend_types.update(functions.fast_types)
    else:
        numpy_backend_types.clear()


functions = FrontendFunctions(
    ndarray,
    nt.RULES,
    tiers=_tier,
    unsupported_error=_unsupported,
    write_out=_write_out,
    as_native=as_native,
    as_scalar=as_scalar,
    python_int=nt.check_python_int,
    errors=framework_error,
    on_host=on_host,
    host_input=nt.HostDtypeError,
    hosts=True,
)

numpy_function = functions.decorator
wrap = functions.wrap
wrap_scalars = functions.wrap_scalars


def fast(kernel: str, *arrays: str, lists: bool = False, **options: Any) -> Callable[..., Any]:
    """:meth:`FrontendFunctions.fast` with numpy's results (0-d ones as numpy scalars);
    numpy float scalars of the arrays' dtype take the fast path (``a <= a[i]``);
    ``lists``: a list or tuple of numbers given for the first array does too
    (``np.max([x, y])``), made an array as numpy makes it."""
    convert = _listed_array if lists else None
    return functions.fast(
        kernel, *arrays, returns_scalars=True, numpy_scalars=True, convert=convert, **options
    )


def _listed_array(value: list[Any] | tuple[Any, ...]) -> ndarray | None:
    """``value`` as numpy's array of it, held on the host, when its items are numbers
    (numpy's and Python's, host-resident arrays) and numpy gives a number dtype; None
    otherwise (items a backend holds, strings, ragged lists: the general path)."""
    if _host.host_calls.active and not _host.host_args(value):
        return None
    try:
        array = numpy.asarray(value)
    except Exception:
        return None
    if array.dtype.kind not in "biufc" or not array.dtype.isnative:
        return None
    return new_array(ndarray, array)


registry.on_activate(_track_backend)
_track_backend(core.current_backend())


def numpy_on_numpy_backend(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` (the frontend's), except on the numpy backend, where every array is a
    host numpy array already: there it is real numpy's function of its name
    (:func:`~frontends.numpy._core.multiarray.host_call`). For functions the frontend
    composes of many core calls (``bincount``, ``unique``, ``argwhere``), whose Python
    layers cost 20-60 µs a call on the numpy backend against numpy's 1-5 µs; on the
    other backends the frontend's own implementation runs."""
    real = getattr(numpy, function.__name__)

    def call(*args: Any, **kwargs: Any) -> Any:
        if core.get_backend() == "numpy":
            return host_call(real, args, kwargs)
        return function(*args, **kwargs)

    call.__name__ = call.__qualname__ = function.__name__
    call.__module__ = function.__module__
    call.__doc__ = function.__doc__
    call.__wrapped__ = function
    return call
