"""Values no backend holds, kept on the host where the real framework keeps them.

numpy's ``str_``, ``bytes_``, ``object_``, ``datetime64`` and ``timedelta64`` arrays and
TF's ``tf.string`` tensors have no dtype in core, on any backend. A frontend array holds
them as a real numpy array (the *host* value, :func:`is_host`), on every backend, and the
calls that meet them run on the host. One mechanism, shared by the frontends:

- the code that turns a call's inputs into native arrays raises the frontend's error
  class mixed with :class:`HostInput` when it meets a host value (or a value that would
  be one: a list of strings);
- the call is declared with :func:`route`: that error, and only it, makes the call run
  again on the host by the frontend's own rule (real numpy's function for numpy, the
  frontend's own code on core's numpy backend for TF's string kernels);
- :func:`to_host` and :func:`to_backend` move the values across, and :func:`map_values`
  applies either through the lists, tuples, named tuples and dicts of a call.

On the numeric path nothing of this runs: the routing is a ``try`` around the call, and a
host value never has a dtype a fast path takes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy

import core

HOST_KINDS = frozenset("USOMm")
"""numpy dtype kinds held on the host: str_, bytes_, object_, datetime64, timedelta64."""


class HostInput(Exception):
    """Mixed into a frontend's own error class (TypeError for numpy, TF's
    InvalidArgumentError) when its backend path meets a host value: :func:`route` catches
    it and runs the call on the host; elsewhere the user sees the frontend's class."""


def is_host(native: Any) -> bool:
    """Whether a native value is a host one: a numpy array of a dtype no backend holds."""
    return type(native) is numpy.ndarray and native.dtype.kind in HOST_KINDS


def to_host(native: Any) -> numpy.ndarray:
    """A native array of the backend in use (or a host array) as a real numpy array."""
    if type(native) is numpy.ndarray:
        return native
    return numpy.asarray(core.current_backend().module.to_numpy(native))


def to_backend(array: numpy.ndarray) -> Any:
    """A numeric numpy array as a native array of the backend in use."""
    return core.current_backend().module.from_numpy(array)


def map_values(value: Any, convert: Callable[[Any], Any]) -> Any:
    """``convert`` applied to every item of ``value`` that is not a list, tuple (named
    tuples kept) or dict, through those."""
    kind = type(value)
    if kind is list:
        return [map_values(item, convert) for item in value]
    if isinstance(value, tuple):
        items = [map_values(item, convert) for item in value]
        return kind(*items) if hasattr(value, "_fields") else kind(items)
    if kind is dict:
        return {key: map_values(item, convert) for key, item in value.items()}
    return convert(value)


def route(
    fn: Callable[..., Any],
    on_host: Callable[[tuple[Any, ...], dict[str, Any]], Any],
    on_host_already: Callable[[], bool] | None = None,
) -> Callable[..., Any]:
    """``fn``, which on a :class:`HostInput` runs as ``on_host(args, kwargs)`` instead
    (unless ``on_host_already()``: a call inside a host run lets the error through)."""

    @functools.wraps(fn)
    def routed(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except HostInput:
            if on_host_already is not None and on_host_already():
                raise
            return on_host(args, kwargs)

    routed.host_routed = True
    return routed
