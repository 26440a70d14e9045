"""Fast paths: a frontend function's common case straight to the backend's kernel.

A frontend function declares ``direct="<core function>"`` (``@torch_function("input",
"other", direct="add")``) when, in the common case, it computes that core function of
its array parameters: those parameters are frontend arrays of one dtype, float32 or
float64 (Python int/float scalars may follow the first array), and every other parameter
is at its default. :func:`fast_function` then generates, once, a function with the same
signature that checks exactly that and calls the backend's direct kernel (the framework
function declared with :func:`core.backends.direct`), wrapping its result. Anything else
takes the general path, which keeps every check and error of the frontend, and so does a
kernel that raises: errors always come from the general path.

Kernels are bound lazily, per function, after each :func:`core.registry.activate` (a
backend set, autodiff starting or stopping to record). While autodiff records, a call
with a tracked input calls the recording core function, so it is recorded. A kernel's
result is taken when it is a native array of the backend, tracers under ``jax.jit`` and
graph tensors under ``tf.function`` included (the general path would trace the op a
second time). ``tests/frontends/test_fastpath.py`` compares every fast function with its
general path on every backend.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from types import SimpleNamespace
from typing import Any

import numpy

from core import autodiff, native, registry
from core.backend import current_backend, host_backend
from frontends.base import host

# Python scalars the kernels convert as the frontends do: ints exact in float32, finite
# nonzero floats in its range (inf and nan convert alike, but the general path checks them;
# tensorflow caches converted constants by value, so -0.0 can come back as 0.0)
_INT_BOUND = 2**24
_FLOAT_BOUND = 3.0e38


class _Binding:
    """One fast function's kernel and dtypes for the active backend, bound on first use.

    Until bound it stands in the function's globals as the set of fast dtypes: the first
    membership test binds the kernel, the dtypes, the backend's array type and the
    recording flag into the globals, then answers.
    """

    __slots__ = ("dtypes", "general", "kernel", "mask", "namespace", "state")

    def __init__(
        self,
        namespace: dict[str, Any],
        kernel: str,
        general: Callable[..., Any],
        mask: bool,
        state: Any = None,
        dtypes: tuple[str, ...] = (),
    ) -> None:
        self.namespace = namespace
        self.kernel = kernel
        self.general = general
        self.mask = mask
        self.state = state  # a host fast path's: the numpy backend's, whatever is set
        self.dtypes = dtypes  # taken besides registry.DIRECT_DTYPES

    def __contains__(self, dtype: Any) -> bool:
        state = self.state or current_backend()
        recording = self.state is None and autodiff.recording()
        namespace = self.namespace
        kernel = state.direct.get(self.kernel)
        if kernel is None or (self.kernel in state.direct_masked) is not self.mask:
            namespace["_D"] = frozenset()
            return False
        unsupported = self.general.__dict__.get("unsupported_dtypes", ())
        namespace["_K"] = kernel
        namespace["_KW"] = state.direct_keywords[self.kernel]
        namespace["_R"] = _bound_native(self.kernel) if recording else None
        namespace["_N"] = state.module.exact_array_type
        namespace["_A"] = state.native_array_types
        namespace["_recording"] = recording
        namespace["_B"] = state.native_dtypes["bool"]
        namespace["_S"] = {
            numpy.dtype(name).type: state.native_dtypes[name]
            for name in ("float32", "float64")
            if name in state.native_dtypes
        }
        namespace["_D"] = frozenset(
            state.native_dtypes[d]
            for d in (*registry.DIRECT_DTYPES, *self.dtypes)
            if d in state.native_dtypes and d not in unsupported
        )
        return dtype in namespace["_D"]


def _bound_native(qualname: str) -> Callable[..., Any]:
    """The function :mod:`core.native` binds to ``qualname`` now (the recording one while
    autodiff records)."""
    function: Any = native
    for part in qualname.split("."):
        function = getattr(function, part)
    return function


_bindings: list[_Binding] = []
_functions: list[Callable[..., Any]] = []


def rebind(state: Any = None) -> None:
    """Bind every fast function's kernel anew on its next call: after functions are
    rebound (a backend set, recording switched), or a frontend setting changed what its
    fast paths may take (jax's x64 mode)."""
    for binding in _bindings:
        binding.namespace["_D"] = binding


registry.on_activate(rebind)


def fast_function(
    general: Callable[..., Any],
    *,
    kernel: str,
    arrays: Sequence[str],
    array_types: set[type],
    new: Callable[[Any], Any],
    scalars: bool = True,
    keywords: Mapping[str, str] | None = None,
    mask: bool = False,
    signature: inspect.Signature | None = None,
    numpy_scalars: bool = False,
    hosts: bool = False,
    host_array_types: set[type] | None = None,
    reverse: bool = False,
    dtypes: Sequence[str] = (),
    convert: Callable[[Any], Any] | None = None,
) -> Callable[..., Any]:
    """``general`` with a fast path in front: when the parameters ``arrays`` hold arrays
    whose exact type is in ``array_types`` (the set is read at call time: a frontend may
    add subclasses later) of one float dtype, the core function ``kernel``'s direct kernel
    on their native values, its result made a frontend value by ``new``.

    ``signature`` (default: ``general``'s) must have no ``*args``/``**kwargs``; parameters
    other than ``arrays`` need defaults, and the fast path needs them at their defaults
    (an array parameter whose default is None may be None: the kernel gets None),
    except those named in ``keywords`` (frontend name -> core name): given None, a bool,
    an int or a nonempty tuple of ints, they go to the kernel under the core name when the backend
    declares it takes them. ``mask``: the first of ``arrays`` is a boolean array of any shape
    (``where``'s condition), which the kernel takes first (:func:`core.backends.direct`'s
    ``mask``); the float arrays follow. Dtypes ``general`` declares unsupported
    (``with_unsupported_dtypes``) never take the fast path. ``scalars``: whether Python
    int/float values may stand for arrays after the first; ``numpy_scalars``: so may numpy
    float64/float32 scalars of the arrays' own dtype (as indexing gives them: strong under
    NEP 50, but of the arrays' dtype they promote as a Python float does; the kernel gets
    that float). ``hosts``: the frontend keeps small arrays on the host
    (:mod:`frontends.base.host`): a call all of whose arrays are host-resident (or any
    call inside a host call) takes a second fast path bound to the numpy backend, with no
    host call started unless it falls to the general path (``host_array_types``: its
    exact types, default ``array_types``). ``reverse``: the kernel takes the arrays in
    the opposite order (a reflected operator, ``2.0 - a`` as ``a.__rsub__(2.0)``).
    ``dtypes``: core dtypes taken besides float32 and float64, for a function of one
    array whose kernel gives the framework's result on them too (numpy's ``sum`` of
    int64 or bool: int64). ``convert``: a list or tuple given for the first array is
    ``convert(value)`` where that is not None (a frontend array: ``np.max([a, b])``).
    While
    autodiff records, a call with a tracked input goes to the recording core function
    instead, scalars included.
    """
    signature = signature or inspect.signature(general)
    host_array_types = array_types if host_array_types is None else host_array_types
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in signature.parameters.values()):
        raise TypeError(f"{general.__qualname__}: a fast path needs a signature without */**")
    keywords = dict(keywords or {})
    names, call, namespace = registry.parameter_source(signature)
    others = [name for name in signature.parameters if name not in arrays]
    for name in others:
        if signature.parameters[name].default is inspect.Parameter.empty:
            raise TypeError(f"{general.__qualname__}: parameter {name!r} needs a default")
    masks, (first, *rest) = arrays[: int(mask)], arrays[int(mask) :]
    conditions = [f"{name} is _default_{name}" for name in others if name not in keywords]
    conditions += [f"type({name}) in _T" for name in (*masks, first)]
    lines = [f"def {general.__name__}({names}):", f"    if {' and '.join(conditions)}:"]
    if convert is not None and not mask:
        lines[1:1] = [
            f"    if type({first}) is list or type({first}) is tuple:",
            f"        _c_ = _convert({first})",
            f"        if _c_ is not None: {first} = _c_",
        ]
    lines += [f"        _m_ = «{name}»" for name in masks]
    lines += [
        f"        _n0_ = «{first}»",
        "        _dtype_ = _n0_.dtype",
        f"        if _dtype_ in _D{' and _m_.dtype == _B' if mask else ''}:",
    ]
    untracked = ["id(_n0_) not in _nodes"]
    for index, name in enumerate(rest, start=1):
        lines += [
            f"            _kind_ = type({name})",
            "            if _kind_ in _T:",
            f"                _n{index}_ = «{name}»",
            f"                if _n{index}_.dtype != _dtype_: _dtype_ = None",
        ]
        if signature.parameters[name].default is None:  # an optional array left out
            lines += [f"            elif {name} is None:", f"                _n{index}_ = None"]
        if scalars:
            lines += [
                f"            elif (_kind_ is float and {name} and -{_FLOAT_BOUND} < {name} < {_FLOAT_BOUND}) or (",
                f"                _kind_ is int and -{_INT_BOUND} <= {name} <= {_INT_BOUND}",
                "            ):",
                f"                _n{index}_ = {name}",
            ]
        if numpy_scalars:
            lines += [
                f"            elif _kind_ in _S and _S[_kind_] == _dtype_ and {name} and -{_FLOAT_BOUND} < {name} < {_FLOAT_BOUND}:",
                f"                _n{index}_ = float({name})",
            ]
        lines += ["            else:", "                _dtype_ = None"]
        untracked.append(f"id(_n{index}_) not in _nodes")
    order = [f"_n{index}_" for index in range(len(rest) + 1)]
    natives = ", ".join(["_m_"] * mask + (order[::-1] if reverse else order))
    calls = [("", f"{natives}")]
    if keywords:
        entries = ", ".join(
            f"({name}, _default_{name}, {core!r})" for name, core in keywords.items()
        )
        at_defaults = " and ".join(f"{name} is _default_{name}" for name in keywords)
        lines += [
            f"            if _dtype_ is not None and not ({at_defaults}):",
            f"                _kw_ = _keyword_arguments(_KW, {entries})",
            "                if _kw_ is None: _dtype_ = None",
        ]
        calls = [(f"{at_defaults}", natives), ("True", f"{natives}, **_kw_")]
    lines += ["            if _dtype_ is not None:", "                try:"]
    for number, (condition, arguments) in enumerate(calls):
        indent = "                    "
        if len(calls) > 1:
            lines.append(
                f"{indent}{'if' if number == 0 else 'else'}{f' {condition}' if number == 0 else ''}:"
            )
            indent += "    "
        lines += [
            f"{indent}if not _recording or ({' and '.join(untracked)}):",
            f"{indent}    _result_ = _K({arguments})",
            f"{indent}else:",
            f"{indent}    _result_ = _R({arguments})",
        ]
    lines += [
        "                except Exception:",
        "                    _result_ = None",
        "                if type(_result_) is _N or isinstance(_result_, _A):",
        "                    return _new(_result_)",
        f"    return _general({call})",
    ]
    dtypes = tuple(dtypes)
    binding = _Binding(namespace, kernel, general, mask, dtypes=dtypes)
    namespace.update(
        _general=general,
        _T=array_types,
        _new=new,
        _nodes=autodiff._nodes,
        _keyword_arguments=_keyword_arguments,
        _convert=convert,
        _recording=False,
        _D=binding,
        _K=None,
        _KW=frozenset(),
        _R=None,
        _N=None,
        _A=(),
        _B=None,
        _S={},
    )
    source = _values_read(_VALUE, "\n".join(lines))
    if hosts:  # the same fast path bound to the numpy backend, for host-resident arrays

        def general_now(*args: Any, **kwargs: Any) -> Any:  # (a frontend may wrap it later)
            return namespace["_general"](*args, **kwargs)

        host_namespace = {
            **namespace,
            "_general": host.always_on_host(general_now),
            "_STALE": _STALE,
        }
        host_namespace["_D"] = _Binding(
            host_namespace, kernel, general, mask, host_backend(), dtypes
        )
        host_namespace["_T"] = host_array_types
        host_source = _values_read(_HOST_VALUE, "\n".join(lines))
        exec(compile(host_source, f"<host fast {general.__qualname__}>", "exec"), host_namespace)
        arguments = ", ".join(signature.parameters)
        lines.insert(1, f"    if _H.active and (_H.hosting or _host_args({arguments})):")
        lines.insert(2, f"        return _host_fast({call})")
        namespace.update(_H=host.host_calls, _host_args=host.host_args)
        namespace["_host_fast"] = host_namespace[general.__name__]
        source = _values_read(_VALUE, "\n".join(lines))
    exec(compile(source, f"<fast {general.__qualname__}>", "exec"), namespace)
    fast = namespace[general.__name__]
    fast.__dict__.update(general.__dict__)
    fast.__doc__ = general.__doc__
    fast.__qualname__ = general.__qualname__
    fast.__module__ = general.__module__
    fast.__signature__ = signature
    fast.__wrapped__ = getattr(general, "__wrapped__", general)
    fast.direct = kernel
    fast.arrays = tuple(arrays)
    fast.keywords = keywords
    fast.scalars = scalars
    fast.numpy_scalars = numpy_scalars
    fast.mask = mask
    fast.reverse = reverse
    fast.dtypes = dtypes
    fast.general = general
    _bindings.append(binding)
    _functions.append(fast)
    return fast


# How a fast path reads an array's value (``«name»`` in its source): a root's own, a
# view's recomputed when stale; a host fast path runs with core bound to the backend set,
# so it takes a stale view (recomputed by core's functions) to the general path, a host
# call: its value reads as _STALE, whose dtype no check accepts.
_VALUE = "{0}._value if {0}._root is None else {0}.native"
_HOST_VALUE = (
    "{0}._value if {0}._root is None or {0}._seen_version == {0}._root._version else _STALE"
)
_STALE = SimpleNamespace(dtype=None)


def _values_read(template: str, source: str) -> str:
    return re.sub("«(\\w+)»", lambda match: template.format(match.group(1)), source)


def _keyword_arguments(
    accepted: frozenset[str], *entries: tuple[Any, Any, str]
) -> dict[str, Any] | None:
    """The kernel's keyword arguments for ``(value, default, core name)`` entries (those
    at their default left out), or None when a value is not static (None, an int, a
    nonempty tuple of ints; a bool where the default is one) or the kernel does not take
    its name. An empty tuple is left to the general path: frameworks read it differently
    (no axis in numpy and core, every axis in torch)."""
    arguments = {}
    for value, default, name in entries:
        if value is default:
            continue
        if type(default) is bool:
            static = type(value) is bool
        else:
            static = (
                value is None
                or type(value) is int
                or (type(value) is tuple and value and all(type(i) is int for i in value))
            )
        if not static or name not in accepted:
            return None
        arguments[name] = value
    return arguments


def fast_functions() -> list[Callable[..., Any]]:
    """Every function generated so far (``.general`` is its general path, ``.direct`` the
    core function it calls)."""
    return list(_functions)
