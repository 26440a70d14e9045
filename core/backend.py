"""Choosing the backend core runs on, and converting dtypes to and from native ones.

numpy is the default. torch, jax and tensorflow are imported only when chosen. Setting a
backend binds its dtypes and implementations into the ``core`` namespace once; calls do no
further dispatch (see :mod:`core.registry`).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from core import dtypes as _dtypes
from core.dtypes import DTYPE_NAMES, Dtype

__all__ = [
    "set_backend",
    "get_backend",
    "unset_backend",
    "use_backend",
    "current_backend",
    "set_host_threshold",
    "host_threshold",
    "backend_is_set",
    "as_native_dtype",
    "as_core_dtype",
    "BACKEND_NAMES",
]

# backend name -> (framework module that must be importable, pip extra that provides it)
_FRAMEWORKS = {
    "numpy": ("numpy", None),
    "torch": ("torch", "torch"),
    "jax": ("jax", "jax"),
    "tensorflow": ("tensorflow", "tensorflow"),
}
BACKEND_NAMES = tuple(_FRAMEWORKS)
DEFAULT_BACKEND = "numpy"


class BackendState:
    """What a loaded backend module provides once core has examined it.

    ``module`` is ``core.backends.<name>``; ``native_dtypes`` maps each core dtype name the
    backend can hold to its native dtype object, found by trying to create an array.
    """

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        self.name: str = module.name
        self.version: str = module.version
        self.native_array_types: tuple[type, ...] = module.native_array_types
        self.native_dtypes: dict[str, Any] = {
            name: native for name, native in module.native_dtypes.items() if module.can_hold(native)
        }
        self.from_native: dict[Any, Dtype] = {
            native: Dtype(name) for name, native in self.native_dtypes.items()
        }
        self.valid_dtypes = tuple(d for d in _dtypes.all_dtypes if d in self.native_dtypes)
        self.invalid_dtypes = tuple(d for d in _dtypes.all_dtypes if d not in self.native_dtypes)
        #: ``exclusive(value)``: whether the one reference the caller passes is all that
        #: reaches ``value``'s memory (no other object, no view, memory the backend
        #: allocated), so that writing into it cannot be seen: a donated buffer. Call it
        #: directly on an attribute (``exclusive(tensor._value)``): a reference the caller
        #: keeps in a variable counts as another. Always False for immutable arrays.
        self.exclusive: Callable[[Any], bool] = getattr(module, "exclusive", _never_exclusive)
        #: ``add_into(x, y)``: ``x + y``, written into ``x``'s memory where the backend can
        #: (an ``x`` that ``exclusive`` allowed); None for immutable arrays.
        self.add_into: Callable[[Any, Any], Any] | None = getattr(module, "add_into", None)


def _never_exclusive(value: Any) -> bool:
    return False


_loaded: dict[str, BackendState] = {}
_current: BackendState | None = None  # None: no backend set, numpy used by default
_activations = 0  # how many times a backend was activated (a host call checks it)
_stack: list[BackendState | None] = []


def _load(name: str) -> BackendState:
    state = _loaded.get(name)
    if state is not None:
        return state
    if name not in _FRAMEWORKS:
        raise ValueError(
            f"unknown backend {name!r}; valid backends are: {', '.join(BACKEND_NAMES)}"
        )
    framework, extra = _FRAMEWORKS[name]
    if importlib.util.find_spec(framework) is None:
        raise ImportError(
            f"the {name!r} backend needs {framework}, which is not installed; "
            f"install it with: pip install '.[{extra}]'"
        )
    imported = sys.modules.get(framework)
    if imported is not None and imported.__name__ != framework:
        raise RuntimeError(
            f"the {name!r} backend runs on the real {framework}, but 'import {framework}' "
            f"gives {imported.__name__} in this process (frontends.install({framework!r}) is "
            f"active); call frontends.uninstall({framework!r}) first, or install with "
            f"backend={name!r}"
        )
    module = importlib.import_module(f"core.backends.{name}")
    if hasattr(module, "on_set"):
        module.on_set()
    state = BackendState(module)
    _loaded[name] = state
    from core import registry

    registry.bind_backend(state)
    return state


def _activate(state: BackendState | None) -> None:
    global _current, _activations
    _current = state
    _activations += 1
    from core import registry

    registry.activate(
        state if state is not None else _load(DEFAULT_BACKEND), explicit=state is not None
    )


def set_backend(name: str) -> None:
    """Run every core function on ``name``'s framework from now on.

    Imports the framework if needed, finds which dtypes it can hold by trying each, and
    binds its implementations. The first time ``"jax"`` is set, JAX's 64-bit mode
    (``jax_enable_x64``) is turned on, because core's int64/float64/complex128 need it;
    nothing else flips that flag.
    """
    _activate(_load(name))


def unset_backend() -> None:
    """Go back to no backend: numpy by default, or the framework of native inputs."""
    _activate(None)


def get_backend() -> str:
    """The name of the backend in use: the one set, else ``"numpy"``."""
    return _current.name if _current is not None else DEFAULT_BACKEND


def backend_is_set() -> bool:
    return _current is not None


def current_backend() -> BackendState:
    """The state of the backend in use (the default numpy one when none is set)."""
    return _current if _current is not None else _load(DEFAULT_BACKEND)


@contextlib.contextmanager
def use_backend(name: str) -> Iterator[str]:
    """Context manager: run on ``name`` inside the block, then restore what was before."""
    _stack.append(_current)
    try:
        set_backend(name)
        yield name
    finally:
        _activate(_stack.pop())


# ---------------------------------------------------------------------------------------
# host residency: small arrays computed by numpy while another backend is set
# ---------------------------------------------------------------------------------------
_host_threshold = 1 << 16
_hosting = False  # whether a host call runs


def set_host_threshold(elements: int) -> None:
    """Let a frontend hold arrays of at most ``elements`` elements on the host (as numpy
    arrays, computed by core's numpy backend) while another backend is set; 0 turns host
    residency off (every array on the backend). The numpy frontend uses it (see
    :func:`enter_host`); the default is 65,536 elements."""
    global _host_threshold
    if type(elements) is not int or elements < 0:
        raise ValueError(f"the host threshold is a number of elements >= 0, got {elements!r}")
    _host_threshold = elements
    _activate(_current)  # (listeners read the threshold)


def host_threshold() -> int:
    """The most elements a host-resident array holds (:func:`set_host_threshold`)."""
    return _host_threshold


def host_backend() -> BackendState:
    """The backend host calls run on: core's numpy backend, loaded."""
    return _load(DEFAULT_BACKEND)


def hosting() -> bool:
    """Whether a host call runs (:func:`enter_host`): core is bound to numpy meanwhile."""
    return _hosting


def enter_host() -> tuple[BackendState | None, int]:
    """Bind :mod:`core.native` to the numpy backend for a host call: a frontend call all
    of whose arrays are host-resident, while another backend is set. Returns what
    :func:`exit_host` restores. ``core``'s public functions and dtypes stay bound to the
    backend set (frontends call :mod:`core.native`); :func:`current_backend` is numpy
    until :func:`exit_host`. Not while autodiff records (the caller checks)."""
    global _current, _hosting
    previous = _current
    _hosting = True
    _current = host_backend()
    from core import registry

    registry.activate_natives(_current, host=True)
    return previous, _activations


def exit_host(entered: tuple[BackendState | None, int]) -> None:
    """End a host call: :mod:`core.native` bound to the backend set again (everything
    bound again if a backend was activated during the call: ``use_backend`` inside it)."""
    global _current, _hosting
    previous, activations = entered
    _hosting = False
    if activations != _activations:
        _activate(previous)
        return
    _current = previous
    from core import registry

    registry.activate_natives(previous if previous is not None else host_backend(), host=False)


def backend_of_native(value: Any) -> BackendState | None:
    """The loaded-or-loadable backend whose native array type ``value`` is, if any."""
    module = type(value).__module__.partition(".")[0]
    name = _NATIVE_MODULES.get(module)
    if name is None:
        return None
    if name == "jax" and name not in _loaded:
        import jax

        if not jax.config.jax_enable_x64:
            raise RuntimeError(
                "core was handed jax arrays with no backend set, and JAX's 64-bit mode is "
                'off; call core.set_backend("jax") first (it turns on jax_enable_x64, '
                "which core needs)"
            )
    return _load(name)


# ---------------------------------------------------------------------------------------
# dtype conversion
# ---------------------------------------------------------------------------------------
_PYTHON_TYPES = {bool: "bool", int: "int", float: "float", complex: "complex"}
_NATIVE_MODULES = {
    "numpy": "numpy",
    "ml_dtypes": "numpy",
    "torch": "torch",
    "jax": "jax",
    "jaxlib": "jax",
    "tensorflow": "tensorflow",
}
_core_dtype_cache: dict[Any, Dtype] = {}


def as_core_dtype(dtype: Any) -> Dtype:
    """Convert a dtype from anywhere to a :class:`core.Dtype`.

    Accepts core Dtypes, names (``"float32"``, ``"f4"``), Python types (``int`` gives the
    default int dtype), and dtype objects of numpy, torch, jax and tensorflow.
    """
    if type(dtype) is Dtype:
        return dtype
    if dtype in _PYTHON_TYPES:
        kind = _PYTHON_TYPES[dtype]
        return {
            "bool": _dtypes.bool,
            "int": _dtypes.default_int_dtype(),
            "float": _dtypes.default_float_dtype(),
            "complex": _dtypes.default_complex_dtype(),
        }[kind]
    try:
        return _core_dtype_cache[dtype]
    except (KeyError, TypeError):
        pass
    result = Dtype(_native_dtype_name(dtype))
    try:
        _core_dtype_cache[dtype] = result
    except TypeError:
        pass
    return result


def _native_dtype_name(dtype: Any) -> str:
    if isinstance(dtype, str):
        if dtype in _dtypes._KIND_BITS:
            return dtype
        import numpy

        try:
            return numpy.dtype(dtype).name
        except TypeError:
            return dtype  # Dtype() then raises the error listing the valid names
    name = getattr(dtype, "name", None)  # numpy/jax dtypes, tensorflow DTypes
    if isinstance(name, str) and name in _dtypes._KIND_BITS:
        return name
    tail = str(dtype).rpartition(".")[2]  # torch.float32, array_api_strict.int8, ...
    if tail in _dtypes._KIND_BITS:
        return tail
    import numpy

    try:
        return numpy.dtype(dtype).name  # numpy scalar types such as numpy.float32
    except TypeError:
        raise TypeError(
            f"cannot interpret {dtype!r} as a dtype; use one of: {', '.join(DTYPE_NAMES)}"
        ) from None


def as_native_dtype(dtype: Any) -> Any:
    """The current backend's dtype object for ``dtype`` (anything :func:`as_core_dtype` takes)."""
    state = current_backend()
    name = as_core_dtype(dtype)
    try:
        return state.native_dtypes[name]
    except KeyError:
        raise TypeError(
            f"dtype {name} is not supported by the {state.name} backend "
            f"({state.name} {state.version}); supported: {', '.join(state.valid_dtypes)}"
        ) from None
