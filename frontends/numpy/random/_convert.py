"""Host conversions between the frontend and numpy's own random machinery.

Arguments go to numpy as host arrays (frontend arrays of any frontend become
``numpy.ndarray``); array results come back as :class:`frontends.numpy.ndarray` on the
current backend; functions that write into an array (``shuffle``, ``out=``) write into the
frontend array in place, views included.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy

from frontends.base.array import FrontendArray
from frontends.base.host import hosted, is_host
from frontends.numpy._core._conversion import as_native, to_host
from frontends.numpy._core.multiarray import frontend_results, numpy_arguments


class _Inside(threading.local):
    """Whether this thread is inside one of numpy's sampling methods. numpy's methods call
    others on ``self`` (``multivariate_normal`` calls ``self.standard_normal``, legacy
    ``choice`` calls ``self.random_sample``); those nested calls, made on host arrays, must
    get numpy's host results, not frontend arrays, so they go straight to numpy."""

    active = False


_inside = _Inside()


# numpy's arguments (frontend arrays as numpy arrays, through tuples, lists and dicts) and
# numpy's results as the frontend's (numeric arrays on the backend, strings, objects and
# datetimes such as ``choice(["a", "b"], 3)`` held on the host): the host dtypes' helpers
host = numpy_arguments
result = frontend_results


def writable_copy(array: Any) -> numpy.ndarray:
    """A frontend array as a fresh writable host array (after checking it is writeable)."""
    check = getattr(array, "_check_writeable", None)
    if check is not None:
        check()
    return numpy.array(to_host(array.stored))


def write_back(array: FrontendArray, values: numpy.ndarray) -> None:
    """Write host ``values`` into the frontend ``array`` in place (through its views)."""
    array._assign(as_native(values))


@hosted
def call(method: Any, owner: Any, args: tuple[Any, ...], kwargs: dict[str, Any],
         out_position: int | None = None) -> Any:  # fmt: skip
    """``method(owner, *args, **kwargs)`` on host arguments with a frontend result; a
    frontend ``out=`` (keyword or at ``out_position``) is filled in place and returned."""
    if _inside.active:
        return method(owner, *args, **kwargs)
    _inside.active = True
    try:
        return _call(method, owner, args, kwargs, out_position)
    finally:
        _inside.active = False


def _call(method: Any, owner: Any, args: tuple[Any, ...], kwargs: dict[str, Any],
          out_position: int | None) -> Any:  # fmt: skip
    out = kwargs.get("out")
    if out is None and out_position is not None and len(args) > out_position:
        out = args[out_position]
    if isinstance(out, FrontendArray):
        host_out = writable_copy(out)
        if "out" in kwargs:
            kwargs = {**kwargs, "out": host_out}
        else:
            args = (*args[:out_position], host_out, *args[out_position + 1 :])
        method(owner, *host(args), **host(kwargs))
        write_back(out, host_out)
        return out
    return result(method(owner, *host(args), **host(kwargs)))


@hosted
def shuffle(method: Any, owner: Any, x: Any, args: tuple[Any, ...],
            kwargs: dict[str, Any]) -> None:  # fmt: skip
    """``shuffle`` in place: a frontend array is shuffled on a host copy written back;
    lists, numpy arrays and host-held arrays (strings, objects) are shuffled by numpy
    itself."""
    if isinstance(x, FrontendArray) and is_host(x.native):
        x = x.native
    if _inside.active or not isinstance(x, FrontendArray):
        return method(owner, x, *args, **kwargs)
    _inside.active = True
    try:
        values = writable_copy(x)
        method(owner, values, *args, **kwargs)
    finally:
        _inside.active = False
    write_back(x, values)
    return None


def forward(base: type, name: str, out_position: int | None = None) -> Any:
    """A method of a subclass of ``base`` that runs ``base.name`` through :func:`call`."""
    method = getattr(base, name)

    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        return call(method, self, args, kwargs, out_position)

    wrapper.__name__ = name
    wrapper.__qualname__ = f"{base.__name__}.{name}"
    wrapper.__doc__ = method.__doc__
    return wrapper
