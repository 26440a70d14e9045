"""core: one array API, with the same dtypes and values on numpy, torch, jax and tensorflow.

>>> import core
>>> core.set_backend("torch")
>>> core.add(core.asarray([1, 2], dtype=core.int8), 1000).dtype   # a scalar never widens
core.int8

numpy is the default backend; the others are imported only when set. Functions are
grouped by category in :mod:`core.ops` and bound to the backend by :func:`set_backend`;
:mod:`core.native` holds the same functions on native arrays, for code (such as the
frontends) that keeps values native.
"""

from __future__ import annotations

import importlib
from typing import Any

from core import dtypes as _dtypes
from core import fft, linalg, native, nn, random
from core.array import Array, ArrayLike
from core.backend import (
    BACKEND_NAMES,
    as_core_dtype,
    as_native_dtype,
    backend_is_set,
    current_backend,
    get_backend,
    host_threshold,
    set_backend,
    set_host_threshold,
    unset_backend,
    use_backend,
)
from core.compilation import compile
from core.container import Container
from core.dtypes import (
    Dtype,
    NativeDtype,
    all_complex_dtypes,
    all_dtypes,
    all_float_dtypes,
    all_int_dtypes,
    all_numeric_dtypes,
    all_uint_dtypes,
    bfloat16,
    bool,
    can_cast,
    complex64,
    complex128,
    default_complex_dtype,
    default_dtype,
    default_float_dtype,
    default_int_dtype,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    promote_types,
    result_type,
    set_default_complex_dtype,
    set_default_dtype,
    set_default_float_dtype,
    set_default_int_dtype,
    uint8,
    uint16,
    uint32,
    uint64,
    use_default_complex_dtype,
    use_default_dtype,
    use_default_float_dtype,
    use_default_int_dtype,
)
from core.ops.data_type import finfo, iinfo, isdtype
from core.registry import function_supported_dtypes, function_unsupported_dtypes
from core.support import (
    UnsupportedDtypeError,
    cast_data_types,
    crosscast_data_types,
    downcast_data_types,
    upcast_data_types,
    with_supported_devices,
    with_supported_dtypes,
    with_unsupported_devices,
    with_unsupported_dtypes,
)

__array_api_version__ = "2024.12"

# Python-level constants of the Array API
e = 2.718281828459045
pi = 3.141592653589793
inf = float("inf")
nan = float("nan")
newaxis = None


class NativeArray:
    """Placeholder for the backend's array class; :func:`set_backend` replaces it."""


# native dtypes start as the core dtypes themselves, as in seed 000
for _name in _dtypes.DTYPE_NAMES:
    globals()[f"native_{_name}"] = getattr(_dtypes, _name)

_GROUPS = {
    "dtypes": all_dtypes,
    "numeric_dtypes": all_numeric_dtypes,
    "int_dtypes": all_int_dtypes,
    "uint_dtypes": all_uint_dtypes,
    "float_dtypes": all_float_dtypes,
    "complex_dtypes": all_complex_dtypes,
}
for _group, _members in _GROUPS.items():
    globals()[f"valid_{_group}"] = _members
    globals()[f"invalid_{_group}"] = ()

_removed_dtypes: dict[str, str] = {}  # dtype name -> backend that cannot hold it


def _bind_dtypes(state: Any, explicit: bool) -> None:
    """Rebind native dtypes, valid/invalid groups and remove dtypes the backend can't hold.

    With no backend set, every dtype is valid and the natives are the core dtypes.
    """
    namespace = globals()
    for name in list(_removed_dtypes):
        namespace[name] = getattr(_dtypes, name)
    _removed_dtypes.clear()
    valid = set(state.valid_dtypes) if explicit else set(all_dtypes)
    for group, members in _GROUPS.items():
        namespace[f"valid_{group}"] = tuple(d for d in members if d in valid)
        namespace[f"invalid_{group}"] = tuple(d for d in members if d not in valid)
    for name in _dtypes.DTYPE_NAMES:
        if explicit and name in state.native_dtypes:
            namespace[f"native_{name}"] = state.native_dtypes[name]
        elif explicit:
            namespace.pop(f"native_{name}", None)
            namespace.pop(name, None)
            _removed_dtypes[name] = state.name
        else:
            namespace[f"native_{name}"] = getattr(_dtypes, name)
    namespace["NativeDtype"] = state.module.NativeDtype if explicit else _dtypes.NativeDtype
    namespace["NativeArray"] = state.module.NativeArray if explicit else _PlaceholderNativeArray


_PlaceholderNativeArray = NativeArray


def __getattr__(name: str) -> Any:
    removed_from = _removed_dtypes.get(name.removeprefix("native_"))
    if removed_from is not None:
        raise AttributeError(
            f"core.{name} is not available: the {removed_from} backend cannot hold dtype "
            f"{name.removeprefix('native_')}; valid dtypes are: {', '.join(globals()['valid_dtypes'])}"
        )
    raise AttributeError(f"module 'core' has no attribute {name!r}")


def _declare_functions() -> None:
    from core.array import add_methods
    from core.ops import CATEGORIES
    from core.registry import specs

    for category in CATEGORIES:
        importlib.import_module(f"core.ops.{category}")
    add_methods(specs())


def __array_namespace_info__() -> Any:
    """The Array API inspection namespace: devices, default dtypes and dtype groups."""
    from core.inspection import Info

    return Info()


_declare_functions()
unset_backend()  # binds numpy's implementations, inferring other backends from inputs
