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
from threading import active_count
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


# ---------------------------------------------------------------------------------------
# host residency: small numeric arrays kept on the host while another backend is set
# ---------------------------------------------------------------------------------------
# A frontend that opts in (numpy's: its programs run thousands of calls on small arrays,
# where a device dispatch or an XLA compile per new shape costs 100-10,000x numpy's own
# call) holds arrays of at most ``core.host_threshold()`` elements as numpy arrays while
# jax, torch or tensorflow is set. A call of its functions or array methods all of whose
# arrays are host-resident (or that has none: ``np.zeros(3)``) runs as a *host call*:
# core bound to its numpy backend (``core.backend.enter_host``), the frontend's own code
# unchanged. Results past the threshold move to the backend. A call that meets a
# backend's array runs on the backend, and the host-resident arrays it reads move there
# (``FrontendArray.native``). A tracked value (autodiff) or a traced one (``jax.jit``,
# ``tf.function``) is a backend's, so a call meeting one is never a host call.


class _HostCalls:
    """Where a call of a hosting frontend runs, rebound on every backend activation and
    host switch. ``active``: another backend is set and host residency is on (autodiff
    recording or not: host-resident arrays are never tracked, and a call that meets a
    tracked array is not a host call); ``hosting``: a host call runs; ``allowed``: a host call may start
    (active, none running); ``threshold``: the most elements a host-resident array holds."""

    __slots__ = ("active", "allowed", "hosting", "threshold")

    def __init__(self) -> None:
        self.active = self.allowed = self.hosting = False
        self.threshold = 0

    def bind(self, state: Any) -> None:
        self.threshold = core.host_threshold()
        self.hosting = core.backend.hosting()
        self.active = self.hosting or (state.name != "numpy" and self.threshold > 0)
        self.allowed = self.active and not self.hosting

    def switch(self, state: Any) -> None:
        """A host call starts or ends (nothing else changes meanwhile)."""
        self.hosting = core.backend.hosting()
        self.allowed = not self.hosting


host_calls = _HostCalls()
"""Where calls run now (see :class:`_HostCalls`)."""
core.registry.on_activate(host_calls.bind)
core.registry.on_host_switch(host_calls.switch)
host_calls.bind(core.current_backend())

# type -> 0: holds no array (a number, a string, a dtype ...); 1: a frontend array;
# 2: a list or tuple to look into; 3: a backend's own array (or core's); 4: a dict
_kinds: dict[type, int] = {numpy.ndarray: 0}
_BACKEND_MODULES = frozenset(("torch", "jax", "jaxlib", "tensorflow", "core"))


def _kind(kind: type) -> int:
    from frontends.base.array import FrontendArray

    if issubclass(kind, FrontendArray):
        code = 1
    elif kind is list or kind is tuple:
        code = 2
    elif kind is dict:
        code = 4
    elif kind.__module__.partition(".")[0] in _BACKEND_MODULES:
        code = 3
    else:
        code = 0
    _kinds[kind] = code
    return code


def _all_host(values: Any) -> bool:
    """Whether no item of ``values`` (through lists, tuples and dicts) is or holds a
    backend's array: frontend arrays host-resident, the rest numbers, numpy arrays ..."""
    for value in values:
        kind = type(value)
        code = _kinds.get(kind)
        if code is None:
            code = _kind(kind)
        if code == 0:
            continue
        if code == 1:
            root = value._root
            if type((value if root is None else root)._value) is not numpy.ndarray:
                return False
        elif code == 2:
            if not _all_host(value):
                return False
        elif code == 4:
            if not _all_host(value.values()):
                return False
        else:
            return False
    return True


def host_args(*args: Any) -> bool:
    """Whether a call with these arguments may be a host call (the caller checks
    :data:`host_calls` first): all host-resident, and this the process's only thread (a
    host call binds core to numpy process-wide, as ``core.set_backend`` does: another
    thread's calls meanwhile would run on numpy)."""
    return _all_host(args) and active_count() == 1


def _placed(result: Any) -> Any:
    """A host call's result: arrays past the host threshold moved to the backend."""
    from frontends.base.array import FrontendArray

    if isinstance(result, FrontendArray):
        value = result._value
        if (
            result._root is None
            and type(value) is numpy.ndarray
            and value.size > host_calls.threshold
            and value.dtype.kind not in HOST_KINDS
        ):
            result._value = to_backend(value)
    elif type(result) is tuple or type(result) is list:
        for item in result:
            _placed(item)
    return result


def call_on_host(fn: Callable[..., Any], args: Any, kwargs: dict[str, Any]) -> Any:
    """``fn(*args, **kwargs)`` as a host call; its results past the threshold moved to
    the backend."""
    entered = core.backend.enter_host()
    try:
        result = fn(*args, **kwargs)
    finally:
        core.backend.exit_host(entered)
    return _placed(result)


def always_on_host(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` always on the host: inside a host call as it is, else as a host call."""

    def call(*args: Any, **kwargs: Any) -> Any:
        if host_calls.hosting:
            return fn(*args, **kwargs)
        return call_on_host(fn, args, kwargs)

    return call


def hosted(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (an array method) run as a host call when its arguments allow one (see
    above), as it is otherwise."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        if host_calls.allowed and host_args(*args, *kwargs.values()):
            return call_on_host(fn, args, kwargs)
        return fn(*args, **kwargs)

    return call
