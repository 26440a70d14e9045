"""String tensors: kept on the host, as TensorFlow keeps them on the CPU.

No backend holds strings. A ``tf.string`` tensor's native value is a numpy object array
of ``bytes`` (TF's ``tstring``; Python ``str`` is encoded as UTF-8, as TF does), on every
backend. One mechanism lets the frontend's ops take them:

- The helpers that hand an op its inputs (``_common.native``, ``match_operands``, the
  operators' ``_operand``) pass a string tensor through :func:`operand`, which refuses it
  with :class:`StringInput`: TF's ``InvalidArgumentError`` for an op with no string
  kernel (``tf.sin``, ``tf.reduce_sum`` ...).
- An op that has string kernels in TF (reshape, concat, gather, where, equal, ``+`` ...)
  is declared with :func:`string_kernel`: on a :class:`StringInput` it runs again, its
  own code unchanged, on the host: on core's numpy backend (which computes on object
  arrays as on any other), its tensor inputs moved there, its numeric results (``tf.shape``
  of a string tensor, ``tf.equal``'s booleans) moved back to the backend in use.
- ``tf.strings``, ``tf.io`` and ``tf.data``'s string sources compute on the host directly
  (:func:`host_array`, :func:`from_host`).

The routing (:func:`~frontends.base.host.route`, :class:`StringInput` being a
:class:`~frontends.base.host.HostInput`) and the moves between host and backend are
:mod:`frontends.base.host`'s, shared with the numpy frontend's host-held arrays.

Nothing of this runs on the common path: the routing is a ``try`` around the call, and a
string tensor never has a dtype the fast paths take. Off the numpy backend the second run
costs a backend switch each way (about 0.3 ms).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy

import core
from frontends.base.array import FrontendArray
from frontends.base.host import HostInput, map_values, route, to_backend
from frontends.tensorflow import errors

OBJECT = numpy.dtype(object)


class StringInput(errors.InvalidArgumentError, HostInput):
    """A string tensor given to an op without a string kernel (TF's
    InvalidArgumentError); :func:`string_kernel` catches it to run its op on the host."""


# what a user sees raised: TF's class name
StringInput.__name__ = StringInput.__qualname__ = "InvalidArgumentError"


class _HostMode:
    """Whether a string kernel is running on the host (its ops may take strings)."""

    __slots__ = ("active",)

    def __init__(self) -> None:
        self.active = False


HOST = _HostMode()


def is_string(native: Any) -> bool:
    """Whether a native value is a string tensor's (a numpy object array)."""
    return type(native) is numpy.ndarray and native.dtype is OBJECT


def operand(native: Any, op: str | None = None) -> Any:
    """``native`` as an op's input: a string tensor outside a string kernel raises
    :class:`StringInput`."""
    if type(native) is numpy.ndarray and native.dtype is OBJECT and not HOST.active:
        where = f" [Op:{op}]" if op else ""
        raise StringInput(
            None,
            None,
            f"Value for attr 'T' of string is not in the list of allowed values: TensorFlow "
            f"has no string kernel for this op{where}",
        )
    return native


# ---------------------------------------------------------------------------------------
# conversion of Python and numpy strings
# ---------------------------------------------------------------------------------------
def _as_bytes(item: Any) -> bytes:
    if isinstance(item, bytes):
        return bytes(item)
    if isinstance(item, str):
        return item.encode("utf-8")
    raise ValueError(
        f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
        f"{type(item).__name__})."
    )


def strings_of(value: Any) -> numpy.ndarray:
    """A string value (``str``/``bytes``, nested lists of them, a numpy ``U``/``S``/object
    array) as a host string array: a numpy object array of ``bytes``."""
    if (
        isinstance(value, numpy.ndarray)
        and value.dtype is OBJECT
        and all(type(item) is bytes for item in value.flat)
    ):
        return value
    if isinstance(value, (list, tuple)):
        array = numpy.empty(_nested_shape(value), dtype=object)
        flat = array.reshape(-1)
        for index, item in enumerate(_leaves(value)):
            flat[index] = _as_bytes(item)
        return array
    array = numpy.asarray(value, dtype=object) if not isinstance(value, numpy.ndarray) else value
    result = numpy.empty(array.shape, dtype=object)
    result.reshape(-1)[:] = [_as_bytes(item) for item in array.reshape(-1).tolist()]
    return result


def _nested_shape(value: Any) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        return ()
    inner = {_nested_shape(item) for item in value}
    if len(inner) > 1:
        raise ValueError("Can't convert non-rectangular Python sequence to Tensor.")
    return (len(value), *(inner.pop() if inner else ()))


def _leaves(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


# ---------------------------------------------------------------------------------------
# running on the host
# ---------------------------------------------------------------------------------------
def host_array(value: Any) -> numpy.ndarray:
    """Any tensor-like as a numpy array on the host: a string tensor's own array, numeric
    tensors' values, Python strings as a host string array, other values as numpy reads
    them."""
    from frontends.tensorflow._conversion import is_native, to_native
    from frontends.tensorflow._tensor import to_host

    if isinstance(value, FrontendArray):
        return to_host(value.native)
    if is_native(value) or (hasattr(value, "__array__") and not isinstance(value, numpy.ndarray)):
        return to_host(value)
    if isinstance(value, numpy.ndarray) and value.dtype.kind not in "OSU":
        return value
    return to_host(to_native(value))


def from_host(array: Any) -> Any:
    """A numpy result as a Tensor: strings stay on the host, numbers go to the backend in
    use."""
    from frontends.tensorflow._tensor import Tensor

    array = numpy.asarray(array)
    if array.dtype.kind in "OSU":
        return Tensor._from_native(strings_of(array))
    return Tensor._from_native(to_backend(array))


def _tensor_to_host(value: Any) -> Any:
    """A call's argument moved to the host: tensors' values (string tensors stay as they
    are)."""
    from frontends.tensorflow._conversion import is_native
    from frontends.tensorflow._tensor import Tensor, to_host

    if isinstance(value, FrontendArray):
        native = value.native
        return value if is_string(native) else Tensor._from_native(to_host(native))
    if is_native(value):
        return to_host(value)
    return value


def _tensor_to_backend(value: Any) -> Any:
    """A host run's result moved to the backend in use: numeric tensors' values (numpy's
    ``S`` arrays, which its ops give for one string, as host string arrays)."""
    if isinstance(value, FrontendArray):
        native = value.native
        if type(native) is not numpy.ndarray or native.dtype is OBJECT:
            return value
        if native.dtype.kind in "SU":
            return type(value)._from_native(strings_of(native))
        return type(value)._from_native(to_backend(native))
    return value


def _to_host(value: Any) -> Any:
    """A call's arguments with their tensors moved to the host (through lists, tuples
    and dicts)."""
    return map_values(value, _tensor_to_host)


def _to_backend(value: Any) -> Any:
    """A host run's result with its numeric tensors moved to the backend in use."""
    return map_values(value, _tensor_to_backend)


def run_on_host(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """``fn(*args, **kwargs)`` on core's numpy backend with string tensors allowed."""
    if core.current_backend().name == "numpy":
        HOST.active = True
        try:
            return _to_backend(fn(*args, **kwargs))
        finally:
            HOST.active = False
    args, kwargs = _to_host(args), _to_host(kwargs)
    with core.use_backend("numpy"):
        HOST.active = True
        try:
            result = fn(*args, **kwargs)
        finally:
            HOST.active = False
    return _to_backend(result)


def string_kernel(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Declare that TF has string kernels for ``fn``'s op: a call given a string tensor
    runs ``fn`` on the host (:func:`run_on_host`)."""

    return route(fn, lambda args, kwargs: run_on_host(fn, args, kwargs), lambda: HOST.active)
