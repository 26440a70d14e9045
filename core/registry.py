"""core's functions and how a backend's implementations are bound to them, once.

Each function of core's API is declared in a category module of :mod:`core.ops` with one of
the kind decorators (seed 004):

* :func:`primary`: one implementation per backend, in ``core/backends/<name>/<category>.py``
  under the same name; the declaration holds the signature and docstring only.
* :func:`compositional`: written once, in the declaration's body, from other functions.
* :func:`mixed`: compositional, plus backend implementations where a backend has a native
  one. A backend implementation that carries ``partial_mixed_handler`` (a predicate taking
  the call's arguments) is used only where the predicate holds, the composition elsewhere.

Bodies and backend implementations work on native arrays: they call other functions
through :mod:`core.native` (native in, native out) and never through native operators,
whose promotion differs between frameworks.

When a backend is set, every function is bound twice: its native implementation (with a
dtype check where the backend's implementation declares unsupported dtypes) goes into
:mod:`core.native`, and a generated public function that unwraps :class:`core.Array`
arguments, calls it and wraps the result goes into ``core``. A call with the fast types
(``core.Array`` or the backend's own array type) does nothing else; anything else
(Python scalars, other frameworks' arrays, containers, classes with
``__core_array_function__``) takes :func:`_slow_call`.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
import textwrap
from collections.abc import Callable
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from core import dtypes as _dtypes
from core import native as _native_module
from core import support
from core.backends import _wrap_scalar
from core.dtypes import Dtype

if TYPE_CHECKING:
    from core.backend import BackendState

__all__ = [
    "on_activate",
    "parameter_source",
    "primary",
    "compositional",
    "mixed",
    "function_unsupported_dtypes",
    "function_supported_dtypes",
]

PRIMARY, COMPOSITIONAL, MIXED = "primary", "compositional", "mixed"


class FunctionSpec:
    """A declared core function: its kind, signature and which parameters hold arrays.

    A parameter holds an array when its annotation mentions ``Array`` (``ArrayLike``,
    ``Array | None``); a sequence of arrays when it mentions ``Sequence[`` too, or when it
    is ``*args`` annotated with an array type. ``ArrayLike | NestedSequence`` (asarray's
    ``obj``) and ``IndexKey`` (an indexing key) are object parameters: Arrays in them
    (nested in lists and tuples too) are unwrapped, nothing else is touched.
    """

    __slots__ = (
        "array_params",
        "category",
        "is_method",
        "kind",
        "name",
        "namespace",
        "object_params",
        "qualname",
        "reference",
        "sequence_params",
        "signature",
    )

    def __init__(self, reference: Callable[..., Any], kind: str) -> None:
        self.name = reference.__name__
        self.namespace: str = getattr(sys.modules[reference.__module__], "NAMESPACE", "")
        self.qualname = f"{self.namespace}.{self.name}" if self.namespace else self.name
        self.kind = kind
        self.reference = reference
        self.category = reference.__module__.rpartition(".")[2]
        self.signature = inspect.signature(reference)
        self.array_params: list[str] = []
        self.sequence_params: list[str] = []
        self.object_params: list[str] = []
        for parameter in self.signature.parameters.values():
            annotation = str(parameter.annotation)
            if "NestedSequence" in annotation or "IndexKey" in annotation:
                self.object_params.append(parameter.name)
            elif "Array" not in annotation:
                continue
            elif "Sequence[" in annotation or parameter.kind is parameter.VAR_POSITIONAL:
                self.sequence_params.append(parameter.name)
            else:
                self.array_params.append(parameter.name)
        first = next(iter(self.signature.parameters), None)
        self.is_method = not self.namespace and first in self.array_params


_specs: dict[str, FunctionSpec] = {}


def _declare(kind: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        spec = FunctionSpec(fn, kind)
        if spec.qualname in _specs:
            raise ValueError(f"core.{spec.qualname} is declared twice")
        _specs[spec.qualname] = spec
        _by_reference[fn] = spec
        return fn

    decorate.__name__ = kind
    return decorate


primary = _declare(PRIMARY)
compositional = _declare(COMPOSITIONAL)
mixed = _declare(MIXED)


_by_reference: dict[Callable[..., Any], FunctionSpec] = {}


def spec_of(function: Callable[..., Any]) -> FunctionSpec:
    """The spec of a declared function (its declaration, as written in core.ops)."""
    return _by_reference[function]


def specs() -> dict[str, FunctionSpec]:
    """Every declared function, by qualified name (``"add"``, ``"linalg.svd"``)."""
    return _specs


# ---------------------------------------------------------------------------------------
# binding a backend
# ---------------------------------------------------------------------------------------
def _backend_implementations(state: BackendState) -> dict[str, Callable[..., Any]]:
    from core.ops import CATEGORIES

    implementations: dict[str, Callable[..., Any]] = {}
    for category in CATEGORIES:
        namespace = importlib.import_module(f"core.ops.{category}").__dict__.get("NAMESPACE", "")
        prefix = f"{namespace}." if namespace else ""
        module_name = f"{state.module.__name__}.{category}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
            continue
        for name, value in vars(module).items():
            if callable(value) and getattr(value, "__module__", None) == module_name:
                if not name.startswith("_"):
                    implementations[prefix + name] = value
    return implementations


def bind_backend(state: BackendState) -> None:
    """Build ``state.natives`` and ``state.publics``: every function bound to this backend."""
    implementations = _backend_implementations(state)
    state.implementations = implementations
    state.natives = {}
    state.publics = {}
    for qualname, spec in _specs.items():
        state.natives[qualname] = _native_function(spec, implementations.get(qualname), state)
    for qualname, spec in _specs.items():
        state.publics[qualname] = _make_public(spec, state, infer=False)
    if state.name == "numpy":
        state.inferring_publics = {
            qualname: _make_public(spec, state, infer=True) for qualname, spec in _specs.items()
        }
    state.direct = _direct_kernels(state, implementations)
    state.direct_keywords = {
        qualname: getattr(implementations[qualname], "direct_keywords", frozenset())
        for qualname in state.direct
    }
    state.direct_masked = frozenset(
        qualname
        for qualname in state.direct
        if getattr(implementations[qualname], "direct_mask", False)
    )


DIRECT_DTYPES = (_dtypes.float32, _dtypes.float64)


def _direct_kernels(
    state: BackendState, implementations: dict[str, Callable[..., Any]]
) -> dict[str, Callable[..., Any]]:
    """The framework functions implementations declare with :func:`core.backends.direct`,
    by qualified name: for float32/float64 inputs they equal the bound native function
    (kept only where the implementation supports both dtypes with nothing in between)."""
    kernels = {}
    for qualname, spec in _specs.items():
        implementation = implementations.get(qualname)
        kernel = getattr(implementation, "direct", None)
        if (
            kernel is None
            or spec.kind == COMPOSITIONAL
            or getattr(implementation, "partial_mixed_handler", None) is not None
            or any(d in getattr(implementation, "unsupported_dtypes", ()) for d in DIRECT_DTYPES)
        ):
            continue
        kernels[qualname] = kernel
    return kernels


def _missing(spec: FunctionSpec, state: BackendState) -> Callable[..., Any]:
    def missing(*args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(
            f"core.{spec.qualname} has no implementation for the {state.name} backend yet"
        )

    return missing


def _native_function(
    spec: FunctionSpec, implementation: Callable[..., Any] | None, state: BackendState
) -> Callable[..., Any]:
    if spec.kind == COMPOSITIONAL or implementation is None:
        if spec.kind == PRIMARY:
            return _missing(spec, state)
        return spec.reference
    handler = getattr(implementation, "partial_mixed_handler", None)
    function = implementation
    if handler is not None:
        composition = spec.reference

        def function(*args: Any, **kwargs: Any) -> Any:
            if handler(*args, **kwargs):
                return implementation(*args, **kwargs)
            return composition(*args, **kwargs)

        function.__name__ = spec.name
    unsupported = frozenset(getattr(implementation, "unsupported_dtypes", ())) & frozenset(
        state.valid_dtypes
    )
    if unsupported:
        function = _dtype_checked(spec, function, unsupported, state)
    return function


def _dtype_checked(
    spec: FunctionSpec,
    function: Callable[..., Any],
    unsupported: frozenset[Dtype],
    state: BackendState,
) -> Callable[..., Any]:
    bad_natives = {state.native_dtypes[d]: d for d in unsupported}

    def convert(value: Any) -> Any:
        native = getattr(value, "dtype", None)
        if native is None or native not in bad_natives:
            if type(value) in (list, tuple):
                return type(value)(convert(element) for element in value)
            return value
        dtype = bad_natives[native]
        target = support.cast_target(dtype, unsupported, state.valid_dtypes)
        if target is None:
            raise support.UnsupportedDtypeError(
                f"core.{spec.qualname} does not support {dtype} on the {state.name} backend "
                f"({state.name} {state.version}); cast the input to another dtype, or turn "
                "on a casting mode such as core.upcast_data_types() or core.cast_data_types()"
            )
        return state.natives["astype"](value, target)

    def holds_bad(values: list | tuple) -> bool:
        """Whether a (nested) list or tuple holds an array of an unsupported dtype."""
        for value in values:
            if type(value) in (list, tuple):
                if holds_bad(value):
                    return True
            elif getattr(value, "dtype", None) in bad_natives:
                return True
        return False

    def checked(*args: Any, **kwargs: Any) -> Any:
        for value in (*args, *kwargs.values()) if kwargs else args:
            if getattr(value, "dtype", None) in bad_natives or (
                type(value) in (list, tuple) and holds_bad(value)
            ):
                return function(
                    *[convert(a) for a in args], **{k: convert(v) for k, v in kwargs.items()}
                )
        return function(*args, **kwargs)  # nothing to convert: the common case

    checked.__name__ = spec.name
    checked.unsupported_dtypes = unsupported  # type: ignore[attr-defined]
    return checked


def _install(functions: dict[str, Callable[..., Any]], root: Any) -> None:
    """Bind qualified names into ``root`` and its sub-namespaces (``linalg.svd``): one
    ``dict.update`` per namespace, grouped on first use (grad mode switches rebind)."""
    key = (id(functions), id(root))
    groups = _install_groups.get(key)
    if groups is None or groups[0] is not functions:
        by_namespace: dict[str, dict[str, Callable[..., Any]]] = {}
        for qualname, function in functions.items():
            namespace, _, name = qualname.rpartition(".")
            by_namespace.setdefault(namespace, {})[name] = function
        targets = [
            (vars(getattr(root, namespace) if namespace else root), names)
            for namespace, names in by_namespace.items()
        ]
        groups = _install_groups[key] = (functions, targets)
    for target, names in groups[1]:
        target.update(names)


# (functions, root) ids -> (functions, [(namespace dict, {name: function})]); the
# functions dicts are the backends' own, built once and kept
_install_groups: dict[tuple[int, int], tuple[dict[str, Any], list[tuple[dict, dict]]]] = {}


def activate(state: BackendState, *, explicit: bool) -> None:
    """Put ``state``'s functions and dtypes into ``core`` and :mod:`core.native`: the
    recording versions while :mod:`core.autodiff` records, the plain ones otherwise."""
    from core import autodiff

    core = sys.modules["core"]
    for name, namespace in _native_namespaces.items():  # (a host call may have swapped them)
        setattr(_native_module, name, namespace)
    if autodiff.recording():
        natives, publics = _recording_functions(state, explicit)
    else:
        natives = state.natives
        publics = state.publics if explicit else state.inferring_publics
    _install(natives, sys.modules["core.native"])
    global _bound_natives
    _bound_natives = natives
    _install(publics, core)
    global _dtypes_bound
    if _dtypes_bound != (state, explicit):  # not on a grad mode switch
        core._bind_dtypes(state, explicit)
        _dtypes_bound = (state, explicit)
    for listener in _listeners:
        listener(state)


def activate_natives(state: BackendState, *, host: bool) -> None:
    """For a host call (``host``: :func:`core.backend.enter_host`), put ``state``'s plain
    functions into :mod:`core.native`; at its end (``state``: the backend set), put back
    what :func:`activate` bound (the recording functions while autodiff records); tell the
    :func:`on_host_switch` listeners either way. ``core``'s public functions and dtypes
    stay as they are. A host call swaps the sub-namespaces (``native.linalg`` ...) for
    the numpy backend's own objects and its end puts the originals back, which
    ``activate`` keeps bound: fewer names to rebind per call."""
    top, namespaces = _native_groups(state.natives if host else _bound_natives, host)
    vars(_native_module).update(top)
    for name, namespace in namespaces.items():
        setattr(_native_module, name, namespace)
    for listener in _host_listeners:
        listener(state)


def _native_groups(
    natives: dict[str, Callable[..., Any]], host: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``natives`` as (top-level functions, sub-namespace objects), made once."""
    key = (id(natives), host)
    groups = _native_group_cache.get(key)
    if groups is None or groups[0] is not natives:
        top: dict[str, Any] = {}
        nested: dict[str, dict[str, Any]] = {}
        for qualname, function in natives.items():
            namespace, _, name = qualname.rpartition(".")
            (nested.setdefault(namespace, {}) if namespace else top)[name] = function
        namespaces = {
            namespace: SimpleNamespace(**functions) if host else _native_namespaces[namespace]
            for namespace, functions in nested.items()
        }
        groups = _native_group_cache[key] = (natives, top, namespaces)
    return groups[1], groups[2]


_bound_natives: dict[str, Callable[..., Any]] = {}  # what activate() put into core.native
_native_group_cache: dict[
    tuple[int, bool], tuple[dict[str, Any], dict[str, Any], dict[str, Any]]
] = {}
# core.native's own sub-namespace objects, which activate() keeps bound to the backend set
_native_namespaces = {
    name: value
    for name, value in vars(_native_module).items()
    if isinstance(value, SimpleNamespace)
}


_host_listeners: list[Callable[[BackendState], None]] = []


def on_host_switch(listener: Callable[[BackendState], None]) -> None:
    """Call ``listener(state)`` when a host call starts (``state``: numpy's) and ends
    (the backend set): what must follow :mod:`core.native` there, where the
    :func:`on_activate` listeners (bound lazily, such as the fast paths) need not."""
    _host_listeners.append(listener)


_dtypes_bound: tuple[BackendState, bool] | None = None  # what core's dtypes are bound to
_listeners: list[Callable[[BackendState], None]] = []


def on_activate(listener: Callable[[BackendState], None]) -> None:
    """Call ``listener(state)`` each time functions are bound: a backend set, or autodiff
    starting or stopping to record (:func:`core.autodiff.recording` tells which)."""
    _listeners.append(listener)


def _recording_functions(
    state: BackendState, explicit: bool
) -> tuple[dict[str, Callable[..., Any]], dict[str, Callable[..., Any]]]:
    """The recording natives and publics of ``state`` (built on first use)."""
    from core import autodiff

    cache = state.__dict__.setdefault("recording", {})
    if "natives" not in cache:
        natives = {}
        for qualname, spec in _specs.items():
            composition = spec.reference if spec.kind != PRIMARY else None
            natives[qualname] = autodiff.make_recording(spec, state.natives[qualname], composition)
        cache["natives"] = natives
    key = "publics" if explicit else "inferring_publics"
    if key not in cache:
        cache[key] = {
            qualname: _make_public(
                spec, state, infer=not explicit, implementation=cache["natives"][qualname]
            )
            for qualname, spec in _specs.items()
        }
    return cache["natives"], cache[key]


# ---------------------------------------------------------------------------------------
# the generated public functions
# ---------------------------------------------------------------------------------------
def parameter_source(signature: inspect.Signature) -> tuple[str, str, dict[str, Any]]:
    """Source text reproducing ``signature`` for generated functions: (the parameter list,
    the arguments of a call passing each parameter on, a namespace holding the defaults
    as ``_default_<name>``)."""
    parameters: list[str] = []
    arguments: list[str] = []
    defaults: dict[str, Any] = {}
    seen_positional_only = seen_star = False
    for parameter in signature.parameters.values():
        name = parameter.name
        text = name
        if parameter.default is not parameter.empty:
            defaults[f"_default_{name}"] = parameter.default
            text = f"{name}=_default_{name}"
        kind = parameter.kind
        if kind is parameter.POSITIONAL_ONLY:
            seen_positional_only = True
            parameters.append(text)
            arguments.append(name)
            continue
        if seen_positional_only:
            parameters.append("/")
            seen_positional_only = False
        if kind is parameter.POSITIONAL_OR_KEYWORD:
            parameters.append(text)
            arguments.append(name)
        elif kind is parameter.VAR_POSITIONAL:
            seen_star = True
            parameters.append(f"*{name}")
            arguments.append(f"*{name}")
        elif kind is parameter.KEYWORD_ONLY:
            if not seen_star:
                parameters.append("*")
                seen_star = True
            parameters.append(text)
            arguments.append(f"{name}={name}")
        else:
            parameters.append(f"**{name}")
            arguments.append(f"**{name}")
    if seen_positional_only:
        parameters.append("/")
    return ", ".join(parameters), ", ".join(arguments), defaults


_PUBLIC_CODE: dict[str, Any] = {}


def _make_public(
    spec: FunctionSpec,
    state: BackendState,
    *,
    infer: bool,
    implementation: Callable[..., Any] | None = None,
) -> Callable[..., Any]:
    from core.array import Array

    parameters, arguments, namespace = parameter_source(spec.signature)
    lines = [f"def _public({parameters}):"]
    for name in spec.array_params:
        lines.append(f"    if type({name}) is _Array: {name} = {name}._data")
        lines.append(
            f"    elif type({name}) is not _Native and {name} is not None: "
            f"return _slow({arguments})"
        )
    for name in spec.sequence_params:
        lines.append(f"    {name} = _natives_or_none({name})")
        lines.append(f"    if {name} is None: return _slow({arguments})")
    for name in spec.object_params:
        lines.append(f"    {name} = _unwrap_nested({name})")
    if "dtype" in spec.signature.parameters:
        lines.append(
            "    if dtype is not None and type(dtype) is not _Dtype: dtype = _as_dtype(dtype)"
        )
    lines.append(f"    return _wrap(_implementation({arguments}))")
    source = "\n".join(lines)

    from core.backend import as_core_dtype

    exact_type = state.module.exact_array_type
    namespace.update(
        _Array=Array,
        _Native=exact_type,
        _Dtype=Dtype,
        _as_dtype=as_core_dtype,
        _implementation=implementation or state.natives[spec.qualname],
        _wrap=_wrapper_for(state),
        _natives_or_none=lambda values: _natives_or_none(values, exact_type),
        _unwrap_nested=_unwrap_nested,
        _slow=lambda *args, **kwargs: _slow_call(spec, state, infer, args, kwargs),
    )
    code = _PUBLIC_CODE.get(source)
    if code is None:  # functions of the same signature share their code: import stays fast
        code = _PUBLIC_CODE[source] = compile(source, "<core public function>", "exec")
    exec(code, namespace)
    public = namespace["_public"]
    public.__name__ = spec.name
    public.__doc__ = spec.reference.__doc__
    public.__module__ = f"core.{spec.namespace}" if spec.namespace else "core"
    public.__qualname__ = spec.name
    public.__signature__ = spec.signature
    public.__wrapped__ = spec.reference
    public.kind = spec.kind
    return public


def _natives_or_none(values: Any, exact_type: type) -> tuple[Any, ...] | None:
    from core.array import Array

    result = []
    for value in values:
        if type(value) is Array:
            value = value._data
        elif type(value) is not exact_type:
            return None
        result.append(value)
    return tuple(result)


def _unwrap_nested(value: Any) -> Any:
    """Arrays inside (nested lists and tuples of) ``value`` replaced by their natives."""
    from core.array import Array

    if type(value) is Array:
        return value._data
    if type(value) in (list, tuple):
        return type(value)(_unwrap_nested(element) for element in value)
    return value


def _wrapper_for(state: BackendState) -> Callable[[Any], Any]:
    from core.array import Array

    exact_type = state.module.exact_array_type
    array_types = state.native_array_types
    new = object.__new__

    def wrap(out: Any) -> Any:
        if type(out) is exact_type or isinstance(out, array_types):
            array = new(Array)
            array._data = out
            return array
        if isinstance(out, tuple):
            items = [wrap(item) for item in out]
            return type(out)(*items) if hasattr(out, "_fields") else tuple(items)
        if isinstance(out, list):
            return [wrap(item) for item in out]
        return out

    return wrap


# ---------------------------------------------------------------------------------------
# the slow path: everything that is not an Array or the backend's own array
# ---------------------------------------------------------------------------------------
def _array_values(spec: FunctionSpec, bound: inspect.BoundArguments) -> list[Any]:
    values = []
    for name in spec.array_params:
        if name in bound.arguments:
            values.append(bound.arguments[name])
    for name in spec.sequence_params:
        values.extend(bound.arguments.get(name, ()))
    return values


def _slow_call(
    spec: FunctionSpec, state: BackendState, infer: bool, args: tuple, kwargs: dict
) -> Any:
    from core.array import Array
    from core.backend import backend_of_native
    from core.container import Container

    public = state.publics[spec.qualname]
    bound = spec.signature.bind(*args, **kwargs)
    values = _array_values(spec, bound)

    handlers = [
        value
        for value in values
        if hasattr(type(value), "__core_array_function__") and type(value) is not Array
    ]
    if handlers:
        types = tuple(dict.fromkeys(type(value) for value in handlers))
        for value in handlers:
            result = type(value).__core_array_function__(value, public, types, args, kwargs)
            if result is not NotImplemented:
                return result
        raise TypeError(
            f"core.{spec.qualname}: no implementation for argument types "
            f"{', '.join(t.__name__ for t in types)} (each __core_array_function__ "
            "returned NotImplemented)"
        )

    everything = list(bound.arguments.values())
    if any(isinstance(value, Container) for value in everything):
        return Container.call_leafwise(public, args, kwargs)

    natives = [value._data if type(value) is Array else value for value in values]
    if infer:
        for value in natives:
            if value is not None and not isinstance(value, state.native_array_types):
                other = backend_of_native(value)
                if other is not None and other is not state:
                    return _call_inferred(spec, other, args, kwargs)

    dtypes = [
        state.from_native[value.dtype]
        for value in natives
        if isinstance(value, state.native_array_types)
    ]
    for name in spec.array_params:
        if name in bound.arguments:
            bound.arguments[name] = _to_native(bound.arguments[name], state, dtypes)
    for name in spec.sequence_params:
        if name in bound.arguments:
            bound.arguments[name] = tuple(
                _to_native(value, state, dtypes) for value in bound.arguments[name]
            )
    for name in spec.object_params:
        if name in bound.arguments:
            bound.arguments[name] = _unwrap_nested(bound.arguments[name])
    if "dtype" in bound.arguments and bound.arguments["dtype"] is not None:
        from core.backend import as_core_dtype

        bound.arguments["dtype"] = as_core_dtype(bound.arguments["dtype"])
    return _wrapper_for(state)(state.natives[spec.qualname](*bound.args, **bound.kwargs))


def _to_native(value: Any, state: BackendState, dtypes: list[Dtype]) -> Any:
    """One array argument as ``state``'s native array.

    A Python scalar takes the dtype :func:`core.result_type` gives it with the call's array
    arguments (so it never widens them); other frameworks' arrays go through numpy.
    """
    from core.array import Array

    if value is None:
        return None
    if type(value) is Array:
        value = value._data
    if isinstance(value, state.native_array_types):
        return value
    if type(value) in (bool, int, float, complex):
        dtype = _dtypes.result_type(*dtypes, value) if dtypes else _dtypes.result_type(value)
        return state.natives["asarray"](_wrap_scalar(value, dtype), dtype=dtype)
    if hasattr(value, "__array__") or hasattr(value, "__dlpack__"):
        from core.backend import backend_of_native

        owner = backend_of_native(value)
        if owner is not None and owner is not state:
            return state.module.from_numpy(owner.module.to_numpy(value))
    return state.natives["asarray"](value)


def _call_inferred(spec: FunctionSpec, other: BackendState, args: tuple, kwargs: dict) -> Any:
    """Run one call on the backend of its native inputs, with no backend set."""
    from core.backend import current_backend

    native = sys.modules["core.native"]
    _install(other.natives, native)
    try:
        return other.publics[spec.qualname](*args, **kwargs)
    finally:
        _install(current_backend().natives, native)


# ---------------------------------------------------------------------------------------
# supported dtypes of a function
# ---------------------------------------------------------------------------------------
def _called_functions(spec: FunctionSpec) -> set[str]:
    """Names of core functions a composition calls (``native.<name>(...)``)."""
    try:
        source = textwrap.dedent(inspect.getsource(spec.reference))
    except (OSError, TypeError):
        return set()
    called = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        if isinstance(node.value, ast.Name) and node.value.id == "native":
            qualname = node.attr
        elif (
            isinstance(node.value, ast.Attribute)
            and isinstance(node.value.value, ast.Name)
            and node.value.value.id == "native"
        ):
            qualname = f"{node.value.attr}.{node.attr}"
        else:
            continue
        if qualname in _specs and qualname != spec.qualname:
            called.add(qualname)
    return called


def function_unsupported_dtypes(fn: Any, /, *, backend: str | None = None) -> tuple[Dtype, ...]:
    """The dtypes ``fn`` (a core function or its name) does not support on a backend.

    The backend's invalid dtypes, plus what its implementation declares; for a
    compositional function (or a mixed one where the backend has no implementation of
    its own), the union over the functions it calls.
    """
    from core.backend import _load, current_backend

    state = _load(backend) if backend is not None else current_backend()
    if isinstance(fn, str):
        name = fn
    else:
        namespace = fn.__module__.removeprefix("core").lstrip(".")
        name = f"{namespace}.{fn.__name__}" if namespace else fn.__name__
    if name not in _specs:
        raise ValueError(f"{name!r} is not a core function")
    unsupported = set(state.invalid_dtypes) | _declared_unsupported(_specs[name], state, set())
    return tuple(d for d in _dtypes.all_dtypes if d in unsupported)


def _declared_unsupported(
    spec: FunctionSpec, state: BackendState, visiting: set[str]
) -> set[Dtype]:
    implementation = state.implementations.get(spec.qualname)
    if spec.kind == PRIMARY or (spec.kind == MIXED and implementation is not None):
        declared = set(getattr(implementation, "unsupported_dtypes", ()))
        if getattr(implementation, "partial_mixed_handler", None) is None:
            return declared
    else:
        declared = set()
    visiting.add(spec.qualname)
    for called in _called_functions(spec) - visiting:
        declared |= _declared_unsupported(_specs[called], state, visiting)
    return declared


def function_supported_dtypes(fn: Any, /, *, backend: str | None = None) -> tuple[Dtype, ...]:
    """The dtypes ``fn`` supports on a backend: the complement of the unsupported ones."""
    unsupported = set(function_unsupported_dtypes(fn, backend=backend))
    return tuple(d for d in _dtypes.all_dtypes if d not in unsupported)
