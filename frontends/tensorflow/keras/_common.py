"""Helpers the keras modules share: float scalars as cached native constants, and
conversion of user values to native arrays of a dtype."""

from __future__ import annotations

from typing import Any

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes
from frontends.tensorflow._conversion import native_dtype, to_native

_constants: dict[tuple[str, float, str], Any] = {}


def const(value: float, dtype: core.Dtype) -> Any:
    """``value`` as a 0-d native array of ``dtype`` (cached per backend)."""
    key = (core.get_backend(), float(value), str(dtype))
    array = _constants.get(key)
    if array is None:
        array = ops.asarray(value, dtype=dtype)
        staged = type(array).__name__
        if "Tracer" not in staged and staged != "SymbolicTensor":  # never keep a traced value
            _constants[key] = array
    return array


def native(value: Any, dtype: core.Dtype | None = None) -> Any:
    """A tensor, Variable or Python/numpy value as a native array (cast to ``dtype``)."""
    if isinstance(value, FrontendArray):
        array = value.native
        if dtype is not None and native_dtype(array) != dtype:
            array = ops.astype(array, dtype)
        return array
    return to_native(value, dtype)


def core_dtype(dtype: Any, default: core.Dtype = core.float32) -> core.Dtype:
    return default if dtype is None else _dtypes.as_dtype(dtype).core_dtype
