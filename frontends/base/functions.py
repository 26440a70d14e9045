"""The decorator every frontend function goes through.

``make_function_decorator(...)`` builds a frontend's decorator (``torch_function``,
``numpy_function`` ...). Applied as ``@torch_function("input", "other")`` it:

1. unwraps frontend arrays among the arguments to native arrays (views resolved);
2. promotes the named parameters together with the framework's
   :class:`~frontends.base.promotion.PromotionRules` (tiers by dimensionality and Python
   scalars as the framework has them) and casts them to the result dtype; a Python scalar
   among them becomes a 0-d native array of that dtype (integers wrap, as the framework
   computes them);
   Parameters annotated ``ArrayLike`` are first made native arrays with the frontend's
   ``as_native`` (lists, real numpy arrays, other frameworks' arrays, scalar objects);
   Python scalars among the promoted ones stay weak.
3. checks the dtype against ``unsupported_dtypes`` set by ``with_unsupported_dtypes``
   (put that decorator above this one) and raises the frontend's clear error;
4. calls the function with native arrays, and writes into ``out=`` when given;
5. names a failure after the framework: an exception a backend raised (or one of
   core's typed errors, :mod:`core.errors`) becomes the framework's class and message by
   the frontend's ``errors`` mapping, on every backend (the success path pays a plain try);
6. wraps native results (also inside tuples and named tuples) as the frontend's arrays;
   with ``returns_scalars=True`` a 0-d result becomes the frontend's scalar instead
   (numpy returns ``numpy.float64(3.0)`` from a full reduction, not a 0-d array).

A frontend with host-held values (:mod:`frontends.base.host`: numpy's strings, objects and
dates) gives ``on_host`` and ``host_input``: an argument holding a host value (or an
``ArrayLike`` one that would: a list of strings) raises ``host_input``, and the call runs
as ``on_host(fn, args, kwargs)`` instead.

``@functions.fast("<core function>", "input", ...)`` above it declares the function's common
case (those parameters frontend arrays of one float dtype, everything else at its
default) to be that core function: a generated fast path calls the backend's kernel
straight (:mod:`frontends.base.fastpath`).

Signature analysis happens once, when the function is decorated; a call does a few type
checks, a cached promotion lookup, and the call.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import core
from core import errors as _core_errors
from core import native as _native_ops
from frontends.base import host as _host
from frontends.base.array import FrontendArray
from frontends.base.fastpath import fast_function
from frontends.base.host import HostInput, is_host, route
from frontends.base.promotion import PromotionRules

_SCALARS = (bool, int, float, complex)
# arguments the general path passes on as they are (no array inside, never a host value)
_PLAIN = frozenset((*_SCALARS, type(None), str))


def wrap_integer(value: int, dtype: core.Dtype) -> int:
    """``value`` wrapped into ``dtype``'s range, as integer overflow wraps."""
    low = -(2 ** (dtype.bits - 1)) if dtype.kind == "i" else 0
    return (value - low) % 2**dtype.bits + low


def framework_error(
    mapping: Callable[[_core_errors.CoreError, str], Exception],
    error: Exception,
    function: str,
    operands: Any = (),
) -> Exception | None:
    """A framework's exception for ``error`` raised in ``function`` (None: leave it as it
    is): a backend's exception or core's typed error, named by
    :func:`core.errors.from_native` (``operands``: the call's native arrays) and made the
    framework's by ``mapping``. Call it in an ``except`` clause: the success path pays
    nothing.

    An exception the frontend's own code raised (the innermost frame is in the package
    ``mapping`` belongs to) is left alone: the frontend chose its framework's class there
    (torch's ``gather`` raises a RuntimeError where its indexing raises an IndexError, with
    the same message). Another frontend's exceptions are mapped (jnp over numpy's code).
    """
    traceback = error.__traceback__
    if traceback is not None:
        while traceback.tb_next is not None:
            traceback = traceback.tb_next
        module = traceback.tb_frame.f_globals.get("__name__", "")
        package = mapping.__module__.split(".")[:2]
        if module.split(".")[:2] == package:
            return None
    typed = _core_errors.from_native(error, operands)
    return None if typed is None else mapping(typed, function)


def errors_mapped(
    mapping: Callable[[_core_errors.CoreError, str], Exception], name: str | None = None
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A decorator for a frontend entry point outside the function decorator (a method,
    an operator, a function that takes the arrays as they come): exceptions it raises
    become the framework's by ``mapping`` (:func:`framework_error`), named ``name``."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        label = name or fn.__name__

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as error:
                operands = [a.native if isinstance(a, FrontendArray) else a for a in args]
                mapped = framework_error(mapping, error, label, operands)
                if mapped is None:
                    raise
                raise mapped from None

        return wrapper

    return decorate


def _needs_promotion(values: list[Any]) -> bool:
    """Whether operands differ in dtype or include a Python scalar (same-dtype arrays keep
    their dtype under every framework's rules: the common case skips the engine)."""
    first = values[0]
    if type(first) in _SCALARS:
        return True
    dtype = first.dtype
    for value in values[1:]:
        if type(value) in _SCALARS or value.dtype != dtype:
            return True
    return False


class FrontendFunctions:
    """What a frontend's decorator needs to know about its framework."""

    def __init__(
        self,
        array_type: type[FrontendArray],
        rules: PromotionRules,
        *,
        tiers: Callable[[Any], int],
        unsupported_error: Callable[[str, core.Dtype], Exception],
        write_out: Callable[[Any, Any], None],
        as_native: Callable[[Any], Any] | None = None,
        as_scalar: Callable[[Any], Any] | None = None,
        python_int: Callable[[int, core.Dtype], int] = wrap_integer,
        keyword_aliases: dict[str, tuple[str, ...]] | None = None,
        errors: Callable[[_core_errors.CoreError, str], Exception] | None = None,
        on_host: Callable[[Callable[..., Any], tuple[Any, ...], dict[str, Any]], Any] | None = None,
        host_input: type[HostInput] | None = None,
        hosts: bool = False,
    ) -> None:
        self.array_type = array_type
        self.rules = rules
        self.tiers = tiers  # native array -> tier index (0 highest)
        self.unsupported_error = unsupported_error
        self.write_out = write_out
        self.as_native = as_native  # array-like -> native array (ArrayLike parameters)
        self.as_scalar = as_scalar  # 0-d native array -> the framework's scalar
        self.python_int = python_int  # a Python int meeting an integer dtype
        # parameter -> other keyword names the framework takes for it (torch's ``axis=``
        # for ``dim``): a decorated function with the parameter takes them too, keyword-only
        self.keyword_aliases = keyword_aliases or {}
        # core's typed error, the function's name -> the framework's exception
        self.errors = errors
        # host values (frontends.base.host): a call given one (an array argument, or in a
        # list of them) raises ``host_input``, and runs as ``on_host(fn, args, kwargs)``
        self.on_host = on_host
        self.host_input = host_input
        # small arrays kept on the host while another backend is set: calls whose arrays
        # are all host-resident run as host calls (frontends.base.host)
        self.hosts = hosts
        # exact types the fast paths take as arrays (subclasses that change nothing, such
        # as torch's Parameter, are added by the frontend)
        self.fast_types: set[type] = {array_type}
        # False while a frontend built on this one (jax.numpy on numpy) calls in: 0-d
        # results stay arrays, so no value is read to the host for a scalar
        self.scalars = True

    def framework_error(
        self, error: Exception, function: str, operands: Any = ()
    ) -> Exception | None:
        """The framework's exception for ``error`` raised in ``function`` (None: leave it
        as it is): a backend's exception or core's typed error, named by
        :func:`core.errors.from_native` and mapped by the frontend's ``errors``."""
        return (
            None if self.errors is None else framework_error(self.errors, error, function, operands)
        )

    def maps_errors(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` (an entry point outside :meth:`decorator`) raising the framework's
        exceptions (:func:`errors_mapped`)."""
        return errors_mapped(self.errors)(fn)

    def wrap_scalars(self, value: Any) -> Any:
        """As :meth:`wrap`, but a 0-d native array becomes the frontend's scalar (unless
        :attr:`scalars` is off)."""
        if isinstance(value, core.current_backend().native_array_types):
            if len(value.shape) == 0 and self.scalars:
                return self.as_scalar(value)
            return self.array_type._from_native(value)
        if isinstance(value, tuple):
            items = [self.wrap_scalars(item) for item in value]
            return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
        if isinstance(value, list):
            return [self.wrap_scalars(item) for item in value]
        return value

    def wrap(self, value: Any) -> Any:
        """Native results as frontend arrays; tuples, named tuples and lists inside too."""
        if isinstance(value, core.current_backend().native_array_types):
            return self.array_type._from_native(value)
        if isinstance(value, tuple):
            items = [self.wrap(item) for item in value]
            return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
        if isinstance(value, list):
            return [self.wrap(item) for item in value]
        return value

    def write_outs(self, out: Any, result: Any) -> Any:
        """``result`` written into ``out`` (``out=``), which is returned; a tuple result
        goes item by item into a tuple ``out``, returned as the result's (named) tuple."""
        if not isinstance(result, tuple):
            self.write_out(out, result)
            return out
        if not isinstance(out, tuple | list) or len(out) != len(result):
            raise TypeError(f"out= must be a tuple of {len(result)} arrays for this function")
        for target, item in zip(out, result):
            self.write_out(target, item)
        return type(result)(*out) if hasattr(result, "_fields") else tuple(out)

    def result_dtype(self, values: list[Any]) -> core.Dtype:
        """The framework's result dtype of ``values`` (natives, Python scalars, None)."""
        tiers: list[list[core.Dtype]] = [[], [], []]
        scalars = []
        for value in values:
            if value is None:
                continue
            if type(value) in _SCALARS:
                scalars.append(type(value))
            else:
                tiers[self.tiers(value)].append(core.as_core_dtype(value.dtype))
        return self.rules.result_dtype(tuple(tuple(t) for t in tiers), tuple(scalars))

    def promote(self, values: list[Any]) -> tuple[list[Any], core.Dtype]:
        """``values`` (natives and Python scalars) cast to their common dtype."""
        dtype = self.result_dtype(values)
        promoted = []
        for value in values:
            if value is None:
                promoted.append(None)
            elif type(value) in _SCALARS:
                if type(value) is int and dtype.is_int_dtype:
                    value = self.python_int(value, dtype)
                promoted.append(_native_ops.asarray(value, dtype=dtype))
            elif core.as_core_dtype(value.dtype) != dtype:
                promoted.append(_native_ops.astype(value, dtype))
            else:
                promoted.append(value)
        return promoted, dtype

    def fast(
        self,
        kernel: str,
        *arrays: str,
        returns_scalars: bool = False,
        scalars: bool = True,
        keywords: dict[str, str] | None = None,
        mask: bool = False,
        array_types: set[type] | None = None,
        signature: inspect.Signature | None = None,
        numpy_scalars: bool = False,
        reverse: bool = False,
        dtypes: tuple[str, ...] = (),
        convert: Callable[[Any], Any] | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """A fast path in front of a frontend function (the outermost decorator): in the
        common case the function computes core's ``kernel`` of its parameters ``arrays``
        (``scalars``: Python numbers may stand for arrays after the first; ``keywords``:
        frontend parameter -> core parameter passed on when static; ``mask``: the first of
        ``arrays`` is a boolean mask, as ``where``'s condition; ``array_types``: the
        exact types taken, default :attr:`fast_types`; ``signature``: the function's where
        the general path's is not; ``numpy_scalars``: numpy float scalars of the arrays'
        dtype stand for arrays too; ``reverse``: the kernel takes the arrays in the
        opposite order; ``dtypes``: core dtypes taken besides the float ones;
        ``convert``: makes a list or tuple given for the first array a frontend array; as :func:`~frontends.base.fastpath.fast_function` says)."""

        def decorate(general: Callable[..., Any]) -> Callable[..., Any]:
            return fast_function(
                general,
                kernel=kernel,
                arrays=arrays,
                array_types=self.fast_types if array_types is None else array_types,
                new=self.scalar_results() if returns_scalars else self.array_type._from_native,
                scalars=scalars,
                keywords=keywords,
                mask=mask,
                signature=signature,
                numpy_scalars=numpy_scalars,
                reverse=reverse,
                dtypes=dtypes,
                convert=convert,
                hosts=self.hosts,
                host_array_types=self.fast_types,
            )

        return decorate

    def scalar_results(self) -> Callable[[Any], Any]:
        """A function making a kernel's native result what :meth:`wrap_scalars` makes it
        (no type checks), its lookups bound once: the fast paths call it per result."""
        new, as_scalar, frontend = self.array_type._from_native, self.as_scalar, self

        def scalar_result(native: Any) -> Any:
            if len(native.shape) or not frontend.scalars:  # (len: a TensorShape () is true)
                return new(native)
            return as_scalar(native)

        return scalar_result

    def decorator(
        self, *promoted_names: str, returns_scalars: bool = False
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
            return self._build(fn, promoted_names, returns_scalars)

        return decorate

    def _build(
        self, fn: Callable[..., Any], promoted_names: tuple[str, ...], returns_scalars: bool
    ) -> Callable[..., Any]:
        signature = inspect.signature(fn)
        parameters = list(signature.parameters.values())
        positions = {
            p.name: index
            for index, p in enumerate(parameters)
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        }
        for name in promoted_names:
            if name not in signature.parameters:
                raise TypeError(f"{fn.__qualname__} has no parameter {name!r} to promote")
        promoted = [(name, positions.get(name)) for name in promoted_names]
        array_like = [
            (p.name, positions.get(p.name))
            for p in parameters
            if self.as_native is not None and "ArrayLike" in str(p.annotation)
        ]
        weak_ok = frozenset(promoted_names)
        # (alias, parameter, its position or None, its default)
        aliases = [
            (alias, name, positions.get(name), signature.parameters[name].default)
            for name, names in self.keyword_aliases.items()
            if name in signature.parameters
            for alias in names
            if alias not in signature.parameters
        ]
        has_out = "out" in signature.parameters
        out_index = positions.get("out") if has_out else None
        array_type = self.array_type
        functions = self
        wrap = self.wrap_scalars if returns_scalars else self.wrap
        as_native = self.as_native

        host_input = self.host_input
        host_calls = _host.host_calls if self.hosts else None

        def unwrap(value: Any) -> Any:
            if isinstance(value, FrontendArray):
                value = value.native
            elif type(value) in (list, tuple) and value and isinstance(value[0], FrontendArray):
                return type(value)(unwrap(item) for item in value)
            if host_input is not None and is_host(value):
                raise host_input(f"{fn.__name__} of a host-held array")
            return value

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if (
                host_calls is not None
                and host_calls.allowed
                and _host.host_args(*args, *kwargs.values())
            ):
                return _host.call_on_host(wrapper, args, kwargs)
            if aliases and kwargs:
                for alias, name, index, default in aliases:
                    value = kwargs.pop(alias, None)
                    if value is None:
                        continue
                    if index is not None and index < len(args):  # (a fast path passes all)
                        if args[index] is not default:
                            raise TypeError(f"{fn.__name__}() got {alias}= and {name}")
                        args = (*args[:index], value, *args[index + 1 :])
                    elif name in kwargs:
                        raise TypeError(f"{fn.__name__}() got {alias}= and {name}=")
                    else:
                        kwargs[name] = value
            out = kwargs.pop("out", None) if has_out else None
            if out_index is not None and out_index < len(args):  # ``out`` given by position
                out = args[out_index]
                args = (*args[:out_index], None, *args[out_index + 1 :])
            if host_input is None:
                args = [a.native if isinstance(a, FrontendArray) else unwrap(a) for a in args]
            else:  # (unwrap checks for host values)
                args = [a if type(a) in _PLAIN else unwrap(a) for a in args]
            for key, value in kwargs.items():
                if type(value) not in _PLAIN:
                    kwargs[key] = unwrap(value)
            for name, index in array_like:
                if index is not None and index < len(args):
                    value = args[index]
                elif name in kwargs:
                    value = kwargs[name]
                else:
                    continue
                if value is None or (type(value) in _SCALARS and name in weak_ok):
                    continue
                value = as_native(value)
                if index is not None and index < len(args):
                    args[index] = value
                else:
                    kwargs[name] = value
            dtype = None
            if promoted:
                values = [
                    args[index] if index is not None and index < len(args) else kwargs.get(name)
                    for name, index in promoted
                ]
                present = [v for v in values if v is not None]
                if present and _needs_promotion(present):
                    new_values, dtype = functions.promote(values)
                    for (name, index), value in zip(promoted, new_values):
                        if index is not None and index < len(args):
                            args[index] = value
                        elif name in kwargs:
                            kwargs[name] = value
                elif present:
                    dtype = core.as_core_dtype(present[0].dtype)
            unsupported = public.__dict__.get("unsupported_dtypes")
            if unsupported:
                if dtype is None:
                    first = next((a for a in args if hasattr(a, "dtype")), None)
                    dtype = core.as_core_dtype(first.dtype) if first is not None else None
                if dtype in unsupported:
                    raise functions.unsupported_error(fn.__name__, dtype)
            try:
                result = fn(*args, **kwargs)
            except Exception as error:
                mapped = functions.framework_error(error, fn.__name__, args)
                if mapped is None:
                    raise
                raise mapped from None
            if out is not None:
                return functions.write_outs(out, result)
            return wrap(result)

        public = wrapper
        if self.on_host is not None:
            on_host = self.on_host
            public = route(wrapper, lambda args, kwargs: on_host(fn, args, kwargs))
            public.__wrapped__ = fn
        public.__signature__ = signature.replace(
            parameters=[
                *signature.parameters.values(),
                *(
                    inspect.Parameter(alias, inspect.Parameter.KEYWORD_ONLY, default=None)
                    for alias, *_ in aliases
                ),
            ]
        )
        public.frontend_array_type = array_type
        # for frontends built from this one (jax.numpy from numpy): which parameters the
        # decorator promotes together; ``__wrapped__`` is the native-level function
        public.promoted_names = promoted_names
        return public
