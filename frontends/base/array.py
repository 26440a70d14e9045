"""The frontend array base: one native array inside, views that share writes.

A frontend array (``torch.Tensor``, ``numpy.ndarray`` ...) holds a native array of the
backend directly. A *view* (a slice, a reshape, a transpose ...) holds its root array and
the chain of view steps from the root to itself; each step is a pair of pure functions,
``forward(root_value) -> view_value`` and ``inverse(root_value, new_view_value) ->
new_root_value``. Reading a view recomputes it when the root's version changed; writing
to a view computes the root's new value through the inverses. So a write through a view
reaches its base and the base's writes reach the view on every backend, immutable jax and
tensorflow arrays included, with no backend-specific aliasing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy

import core
from core import autodiff as _autodiff
from core import native as _native_ops
from core import registry as _registry
from core.backend import current_backend as _current_backend
from frontends.base import host as _host

Forward = Callable[[Any], Any]
Inverse = Callable[[Any, Any], Any] | None


class OverlappingWriteError(RuntimeError):
    """A write to a view whose elements share memory (an expanded view)."""


class FrontendArray:
    """Base of the frontends' array classes. Subclasses add the framework's API."""

    __slots__ = ("__weakref__", "_chain", "_root", "_seen_version", "_value", "_version")

    def __init__(self, value: Any) -> None:
        self._value = to_native(value)
        self._root = None
        self._chain = ()
        self._version = 0

    @classmethod
    def _from_native(cls, value: Any) -> Any:
        """A new array around a native value (no conversion, no copy)."""
        array = object.__new__(cls)
        array._value = value
        array._root = None
        array._chain = ()
        array._version = 0
        return array

    # ------------------------------------------------------------------ value
    @property
    def native(self) -> Any:
        """The current native value (recomputed from the root for a stale view), as a
        native array of the backend bound now: a host-resident value read outside a host
        call moves to the backend for good, a backend's value read inside one is copied
        to the host (:mod:`frontends.base.host`)."""
        root = self._root
        if root is None:
            value = self._value
        else:
            if self._seen_version != root._version:
                value = root.native
                for forward, _ in self._chain:
                    value = forward(value)
                self._value = value
                self._seen_version = root._version
            value = self._value
        if _residency.checking and (type(value) is numpy.ndarray) is _residency.to_backend:
            return _residency.relocate(self, value)
        return value

    @property
    def stored(self) -> Any:
        """The current value where it is held (host or backend), moving nothing: for what
        any native array answers alike (shape, dtype) and for reading it to the host. A
        stale view of a host-resident array is recomputed in a host call."""
        root = self._root
        if root is None or self._seen_version == root._version:
            return self._value
        if _residency.checking and _residency.to_backend and type(root._value) is numpy.ndarray:
            return _host.call_on_host(_native_of, (self,), {})
        return self.native

    def _assign(self, value: Any) -> None:
        """Replace the whole value in place (same shape and dtype), reaching the root."""
        root = self._root
        if root is None:
            self._value = value
            self._version += 1
            return
        values = [root._value]
        for forward, _ in self._chain[:-1]:
            values.append(forward(values[-1]))
        new = value
        for (_, inverse), old in zip(reversed(self._chain), reversed(values)):
            if inverse is None:
                raise OverlappingWriteError(
                    "unsupported operation: more than one element of the written-to tensor "
                    "refers to a single memory location. Please clone() the tensor before "
                    "performing the operation."
                )
            new = inverse(old, new)
        root._value = new
        root._version += 1
        self._value = value
        self._seen_version = root._version

    def _make_view(self, forward: Forward, inverse: Inverse) -> Any:
        """A view of this array: reads ``forward(self)``, writes back through ``inverse``."""
        return self._view_from(forward(self.native), forward, inverse)

    def _view_from(self, value: Any, forward: Forward, inverse: Inverse) -> Any:
        """The view :meth:`_make_view` makes, given its value ``forward(self.native)``
        (computed by the caller, which may have it already)."""
        view = object.__new__(type(self))
        root = self._root
        if root is None:
            view._root = self
            view._chain = ((forward, inverse),)
            view._seen_version = self._version
        else:
            view._root = root
            view._chain = (*self._chain, (forward, inverse))
            view._seen_version = root._version
        view._value = value
        view._version = 0
        return view

    def shared_as(self, cls: type[FrontendArray]) -> Any:
        """This array's memory as another frontend's array (``torch.from_numpy`` of a numpy
        frontend array): an identity view of type ``cls``, so writes reach both."""
        view = cls._from_native(self.native)
        if self._root is None:
            view._root, view._chain = self, ((_identity, _replace),)
        else:
            view._root, view._chain = self._root, (*self._chain, (_identity, _replace))
        view._seen_version = view._root._version
        return view

    @property
    def _is_view(self) -> bool:
        return self._root is not None

    def _shares_root_with(self, other: FrontendArray) -> bool:
        mine = self if self._root is None else self._root
        theirs = other if other._root is None else other._root
        return mine is theirs


def _identity(value: Any) -> Any:
    return value


def _replace(old: Any, new: Any) -> Any:
    return new


def to_native(value: Any) -> Any:
    """Any array-like as a native array of the backend in use.

    Frontend arrays give their value, core.Arrays their data; native arrays of the backend
    pass through; other frameworks' arrays, numpy arrays, Python scalars and nested lists
    go through ``core.native.asarray``.
    """
    if isinstance(value, FrontendArray):
        return value.native
    if isinstance(value, core.Array):
        return value.data
    if isinstance(value, core.current_backend().native_array_types):
        return value
    return _native_ops.asarray(value)


def view_as_dtype(native: Any, dtype: Any) -> Any:
    """``native``'s bytes read as ``dtype`` the way numpy's and torch's ``view(dtype)`` do:
    the last axis is scaled by the item-size ratio (``core.bitcast`` adds or drops an axis
    instead). Raises ValueError (numpy's message) when the last axis does not divide."""
    source = core.as_core_dtype(native.dtype)
    target = core.as_core_dtype(dtype)
    if source.itemsize == target.itemsize:
        return _native_ops.bitcast(native, target)
    shape = tuple(native.shape)
    if not shape:
        raise ValueError(
            "Changing the dtype of a 0d array is only supported if the itemsize is unchanged"
        )
    if source.itemsize > target.itemsize:
        narrow = _native_ops.bitcast(native, target)
        # the new last axis is given, not -1, which an empty array leaves undetermined
        scaled = shape[-1] * (source.itemsize // target.itemsize)
        return _native_ops.reshape(narrow, (*shape[:-1], scaled))
    ratio = target.itemsize // source.itemsize
    if shape[-1] % ratio:
        raise ValueError(
            "When changing to a larger dtype, its size must be a divisor of the total size "
            "in bytes of the last axis of the array."
        )
    grouped = _native_ops.reshape(native, (*shape[:-1], shape[-1] // ratio, ratio))
    return _native_ops.bitcast(grouped, target)


def dtype_view_step(dtype: Any) -> tuple[Forward, Inverse]:
    """The (forward, inverse) view step of ``view(dtype)``: writes through the view reach
    the base's bytes, as in numpy and torch."""

    def forward(root: Any) -> Any:
        return view_as_dtype(root, dtype)

    def inverse(old_root: Any, new_view: Any) -> Any:
        return _native_ops.reshape(view_as_dtype(new_view, old_root.dtype), old_root.shape)

    return forward, inverse


class _PlainNatives:
    """``core.native``'s functions for the backend in use as the backend implements them,
    without autodiff's recording wrapper, rebound when a backend is activated: for calls
    none of whose arrays is tracked, where the wrapper would only pass the call on (while
    anything is tracked, a model's parameters, it is a fifth of a view's cost)."""

    __slots__ = ("natives",)

    def __init__(self) -> None:
        self.natives: dict[str, Callable[..., Any]] = {}

    def bind(self, state: Any) -> None:
        self.natives = state.natives


_plain = _PlainNatives()
_tracked = _autodiff._nodes  # id(native) -> its node, for every tracked native value
_plain.bind(_current_backend())
_registry.on_activate(_plain.bind)
_registry.on_host_switch(_plain.bind)


class _Residency:
    """Where :attr:`FrontendArray.native` expects values now, rebound on every backend
    activation: nothing to check on the numpy backend; while another backend is set, a
    host-resident value (a numeric numpy array: :mod:`frontends.base.host`) is moved to
    it; inside a host call, a backend's value is copied to the host."""

    __slots__ = ("checking", "to_backend")

    def __init__(self) -> None:
        self.checking = False
        self.to_backend = True

    def bind(self, state: Any) -> None:
        hosting = core.backend.hosting()
        self.checking = hosting or state.name != "numpy"
        self.to_backend = not hosting

    def relocate(self, array: FrontendArray, value: Any) -> Any:
        """``array``'s ``value`` where :attr:`FrontendArray.native` expects it. Inside a
        host call a backend's value is copied (the array stays where it is); outside, a
        host-resident array moves to the backend, a view with its root (an array and its
        views are held in one place): same values, so no new version."""
        if not self.to_backend:
            return numpy.asarray(_current_backend_of(value).module.to_numpy(value))
        if value.dtype.kind in _host.HOST_KINDS:  # strings, objects, dates stay numpy's
            return value
        from_numpy = _current_backend().module.from_numpy
        root = array._root
        if root is None:
            array._value = value = from_numpy(value)
            return value
        if type(root._value) is numpy.ndarray:
            root._value = from_numpy(root._value)
        value = root._value
        for forward, _ in array._chain:
            value = forward(value)
        array._value = value
        array._seen_version = root._version
        return value


def _native_of(array: FrontendArray) -> Any:
    return array.native


def _current_backend_of(value: Any) -> Any:
    from core.backend import backend_of_native

    return backend_of_native(value) or _current_backend()


_residency = _Residency()
_residency.bind(_current_backend())
_registry.on_activate(_residency.bind)
_registry.on_host_switch(_residency.bind)


def native_function(name: str, native: Any) -> Callable[..., Any]:
    """``core.native``'s function ``name`` for a call whose only array is ``native``: the
    backend's own when ``native`` is not tracked, so the call skips the recording wrapper,
    the recording one when it is."""
    if id(native) in _tracked:
        return getattr(_native_ops, name)
    return _plain.natives[name]
