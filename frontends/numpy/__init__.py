"""The numpy frontend: ``from frontends import numpy as np`` behaves like ``import numpy``
(numpy 2.4) on any core backend.

Arrays are :class:`ndarray` objects holding the backend's native array; functions follow
numpy 2's promotion (NEP 50), casting rules and errors; reductions and single-element
indexing return numpy scalars, as numpy does. dtypes and scalar types are numpy's own
(see :mod:`frontends.numpy._core.numerictypes`). The namespace is split by the routine
groups of numpy's documentation (``creation``, ``manipulation``, ``statistics`` ...);
``linalg``, ``fft``, ``random`` and ``testing`` are subpackages as in numpy.
"""

from __future__ import annotations

import math as _math
from types import FunctionType as _FunctionType

import numpy as _numpy

from frontends.numpy import fft, linalg, random, testing
from frontends.numpy._core._ufunc_config import *
from frontends.numpy._core.multiarray import *
from frontends.numpy._core.multiarray import flatiter
from frontends.numpy._core.numerictypes import *
from frontends.numpy._core.umath import *
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
