"""The numpy frontend: ``from frontends import numpy as np`` behaves like ``import numpy``
(numpy 2.4) on any core backend.

Arrays are :class:`ndarray` objects holding the backend's native array; functions follow
numpy 2's promotion (NEP 50), casting rules and errors; reductions and single-element
indexing return numpy scalars, as numpy does. dtypes and scalar types are numpy's own
(see :mod:`frontends.numpy._core.numerictypes`). The namespace is split by the routine
groups of numpy's documentation (``creation``, ``manipulation``, ``statistics`` ...);
``linalg``, ``fft``, ``random`` and ``testing`` are subpackages as in numpy.

Arrays of ``str_``, ``bytes_``, ``object_``, ``datetime64`` and ``timedelta64`` are held
on the host as real numpy arrays, on every backend, and the calls that meet them run as
real numpy's (``docs/numpy.md``; :class:`~frontends.numpy._core.multiarray.HostArray`).
"""

from __future__ import annotations

import math as _math
from types import FunctionType as _FunctionType

import numpy as _numpy

from frontends.base.host import hosted as _hosted
from frontends.base.host import route as _route
from frontends.numpy import char, fft, linalg, random, strings, testing
from frontends.numpy._core._ufunc_config import *
from frontends.numpy._core.multiarray import *
from frontends.numpy._core.multiarray import flatiter
from frontends.numpy._core.multiarray import host_function as _host_function
from frontends.numpy._core.numerictypes import *
from frontends.numpy._core.umath import *
from frontends.numpy._frontend import on_host as _on_host
from frontends.numpy.bitwise import *
from frontends.numpy.creation import *
from frontends.numpy.functional import *
from frontends.numpy.indexing import *
from frontends.numpy.io import *
from frontends.numpy.logic import *
from frontends.numpy.manipulation import *
from frontends.numpy.mathematical import *
from frontends.numpy.polynomial import *
from frontends.numpy.products import *
from frontends.numpy.sets import *
from frontends.numpy.sorting import *
from frontends.numpy.statistics import *
from frontends.numpy.window import *

__version__ = _numpy.__version__

# constants
e = _math.e
pi = _math.pi
euler_gamma = 0.5772156649015329
inf = _math.inf
nan = _math.nan
newaxis = None
exceptions = _numpy.exceptions
AxisError = _numpy.exceptions.AxisError
ComplexWarning = _numpy.exceptions.ComplexWarning
# left out (docs/numpy.md): masked arrays and np.matrix are numpy's own, on real numpy
# arrays (a frontend array given to them is read back to the host)
ma = _numpy.ma
__config__ = _numpy.__config__  # numpy's build configuration
dtypes = _numpy.dtypes  # the classes of numpy's dtypes, which are the frontend's dtypes
matrix, asmatrix, bmat = _numpy.matrix, _numpy.asmatrix, _numpy.bmat


def _route_host_dtypes(namespace: dict[str, object]) -> None:
    """The namespace's functions that the numpy decorator does not route (its own do):
    a call that meets a host dtype (strings, objects, dates) runs as real numpy's function
    of the name (a fast function's general path is routed, its fast path left as it is)."""
    for name, function in list(namespace.items()):
        if (
            type(function) is not _FunctionType
            or name.startswith("_")
            or not function.__module__.startswith("frontends.numpy")
            or hasattr(function, "promoted_names")
            or getattr(function, "host_routed", False)
        ):
            continue
        general = getattr(function, "general", None)
        if general is not None:  # a fast function: route its general path
            function.__globals__["_general"] = _route_one(general)
        else:
            namespace[name] = _route_one(function)


def _route_one(function: _FunctionType) -> object:
    return _route(function, lambda args, kwargs: _on_host(function, args, kwargs))


_route_host_dtypes(globals())


# Host residency (frontends.base.host): while another backend is set, the functions the
# numpy decorator and fast paths do not cover, and ndarray's methods that compute (views,
# copies, writes, gathers), run as host calls when their arrays are host-resident.
_HOSTED_METHODS = (
    "_make_view", "_subscript", "_setitem", "__delitem__", "__contains__", "copy",
    "astype", "flatten", "resize", "byteswap", "getfield", "setfield", "to_device",
    "__array_ufunc__", "__array_function__",
)  # fmt: skip


def _host_resident(namespace: dict[str, object]) -> None:
    """The namespace's public functions that neither the numpy decorator nor a fast path
    made (both start host calls themselves) run as host calls where they can."""
    for name, function in list(namespace.items()):
        if (
            type(function) is _FunctionType
            and not name.startswith("_")
            and function.__module__.startswith("frontends.numpy")
            and not hasattr(function, "promoted_names")
            and not hasattr(function, "direct")
        ):
            namespace[name] = _hosted(function)


for _namespace in (globals(), vars(linalg), vars(fft)):
    _host_resident(_namespace)

from frontends.numpy import lib  # noqa: E402  (after the functions it uses)

_host_resident(vars(lib.stride_tricks))

# functions of dates only: numpy's own, on the host
busdaycalendar = _numpy.busdaycalendar
busday_count = _host_function(_numpy.busday_count)
busday_offset = _host_function(_numpy.busday_offset)
datetime_as_string = _host_function(_numpy.datetime_as_string)
datetime_data = _numpy.datetime_data
is_busday = _host_function(_numpy.is_busday)
isnat = _host_function(_numpy.isnat)

# ndarray methods that are the functions of the same name with the array first
_FUNCTION_METHODS = (
    "all", "any", "argmax", "argmin", "argpartition", "argsort", "choose", "clip",
    "conj", "conjugate", "cumprod", "cumsum", "diagonal", "dot", "max", "mean", "min",
    "nonzero", "prod", "put", "repeat", "round", "searchsorted", "std", "sum", "take",
    "trace", "var",
)  # fmt: skip


def _function_method(name: str) -> object:
    function = globals()[name]
    if type(function) is _FunctionType:  # the function itself: the array binds to its first
        return function  # parameter, with no call in between

    def method(self: ndarray, *args: object, **kwargs: object) -> object:
        return function(self, *args, **kwargs)

    method.__name__ = name
    method.__doc__ = f"ndarray.{name}: numpy.{name} with this array first."
    return method


for _name in _FUNCTION_METHODS:
    setattr(ndarray, _name, _function_method(_name))


def _compress_method(
    self: ndarray, condition: object, axis: object = None, out: object = None
) -> object:
    """ndarray.compress: numpy.compress(condition, self, ...) (the condition comes first)."""
    return compress(condition, self, axis=axis, out=out)


ndarray.compress = _compress_method
for _name in _HOSTED_METHODS:
    setattr(ndarray, _name, _hosted(vars(ndarray)[_name]))
