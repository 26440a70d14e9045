"""numpy's ufuncs: :class:`ufunc` objects with numpy's loops, casting and ``out=``/``where=``.

Each ufunc is data: its name, ``nin``/``nout``, identity, and its type loops as numpy 2.4
lists them in ``ufunc.types`` (``"ff->f"``; the long-double and object loops are left out,
core has no such dtypes) with a kernel on native arrays. A call resolves its loop as
numpy's default type resolver does: the operands' NEP 50 result dtype decides what a weak
Python scalar stands for, then the first loop every input casts to safely is taken. So
``np.sin(int8)`` is float16 and ``np.sin(int32)`` float64, as in numpy. ``out=`` is checked
with the ``casting`` rule (``same_kind`` by default) and refused with
:class:`UFuncTypeError`, like numpy's; ``where=`` keeps ``out``'s values (numpy leaves
them uninitialised without ``out``; here they are zeros).

Floating-point errors follow numpy's error state (``np.errstate``/``np.seterr``, which are
numpy's own, so numpy scalars and frontend arrays share one state). Backends have no FP
status flags to read, so the frontend looks at values instead: a float result that is not
finite where every input was raises the ``divide``/``over``/``invalid`` condition as numpy
would (one extra device-to-host read of a single bool per float ufunc call, skipped when
all three are ``'ignore'``). ``under`` is never reported: an underflow leaves no trace in
the values.

A positional call (``np.add(x, y)``, ``np.exp(x)``) and the ndarray operators (``x + y``,
``x > y``, ``m @ m``) on float32/float64 ndarrays of one dtype (Python int/float scalars
after the first array) take the shared fast path (:mod:`frontends.base.fastpath`): the
backend's direct kernel, once, with nothing around it. Ufuncs that report FP errors take
it on the numpy backend only, where the kernels are numpy's ufuncs of the same names and
report under numpy's error state themselves (such a warning names the frontend's
generated function as its location rather than the caller's line); on the other backends
they take the general path, which checks the values.

The methods ``reduce``, ``accumulate``, ``reduceat``, ``outer`` and ``at`` follow numpy:
``add``/``multiply``/``maximum``/``minimum``/``logical_and``/``logical_or`` reduce through
core's reductions, the other reorderable ufuncs by halving, the rest in order along the
axis.
"""

from __future__ import annotations

import builtins
import inspect
import math
import operator
import warnings
from collections.abc import Callable
from typing import Any

import numpy
from numpy._core import _ufunc_config as _numpy_config

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.base.host import HOST_KINDS, HostInput, hosted, route
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native, as_scalar, to_host
from frontends.numpy._core.multiarray import host_call, ndarray
from frontends.numpy._frontend import fast, functions, numpy_backend_types

CHAR_DTYPES = {
    "?": core.bool, "b": core.int8, "B": core.uint8, "h": core.int16, "H": core.uint16,
    "i": core.int32, "I": core.uint32, "q": core.int64, "Q": core.uint64,
    "e": core.float16, "f": core.float32, "d": core.float64,
    "F": core.complex64, "D": core.complex128,
}  # fmt: skip
_PYTHON_SCALARS = (builtins.bool, int, float, complex)
_EXACT_INT = 2**24  # Python ints exact in float32 (and float64)
#: the scalars a ufunc call on scalars only hands to real numpy's ufunc (see ufunc.__call__)
_HOST_SCALAR_TYPES = frozenset(_PYTHON_SCALARS) | {
    numpy.dtype(code).type for code in "?bBhHiIlLqQefdFD"
}
_NUMPY_SCALAR_TYPES = frozenset(_HOST_SCALAR_TYPES - set(_PYTHON_SCALARS))
ALL_TYPES = "?bBhHiIqQefdFD"
_NO_VALUE = numpy._NoValue


from numpy._core._exceptions import (  # noqa: E402 - numpy's own classes, so except clauses match
    UFuncTypeError,
    _UFuncInputCastingError,
    _UFuncNoLoopError,
    _UFuncOutputCastingError,
)

Loop = tuple[tuple[core.Dtype, ...], tuple[core.Dtype, ...]]
# ufuncs numpy resolves with a promoter: numbers no loop takes raise a UFuncTypeError
# there, the legacy resolver's plain TypeError elsewhere
_PROMOTER_UFUNCS = frozenset({"gcd", "lcm", "positive", "sign"})


def parse_loops(spec: str, nin: int, nout: int) -> tuple[Loop, ...]:
    """Loops from numpy's ``ufunc.types`` notation (``"ff->f ee->e"``), or from a string of
    type characters for loops whose inputs and outputs share one type (``"efd"``)."""
    if "->" not in spec:
        return tuple(((CHAR_DTYPES[c],) * nin, (CHAR_DTYPES[c],) * nout) for c in spec)
    loops = []
    for item in spec.split():
        ins, outs = item.split("->")
        loops.append((tuple(CHAR_DTYPES[c] for c in ins), tuple(CHAR_DTYPES[c] for c in outs)))
    return tuple(loops)


def _safe(source: core.Dtype, target: core.Dtype) -> builtins.bool:
    return source == target or nt.RULES.promote_types(source, target) == target


# ---------------------------------------------------------------------------------------
# floating-point error state: numpy's own (np.errstate and friends set it)
# ---------------------------------------------------------------------------------------
_IGNORE_ALL = _numpy_config._make_extobj(all="ignore")
_FP_FLAGGED: list[str] = []  # set by numpy's FP error callback in the fast path
_FLAG_ALL = _numpy_config._make_extobj(all="call", call=lambda kind, flag: _FP_FLAGGED.append(kind))
_FP_CONTEXT = _numpy_config._extobj_contextvar
_FP_FLAGS = {"divide": 1, "over": 2, "under": 4, "invalid": 8}
_FP_TEXT = {
    "divide": "divide by zero",
    "over": "overflow",
    "under": "underflow",
    "invalid": "invalid value",
}


def _fp_report(kind: str, mode: str, name: str, status: int = 0) -> None:
    """Report an FP condition the way numpy's error state asks (``mode``)."""
    message = f"{_FP_TEXT[kind]} encountered in {name}"
    if mode == "warn":
        warnings.warn(message, RuntimeWarning, stacklevel=5)
    elif mode == "raise":
        raise FloatingPointError(message)
    elif mode == "call":
        callback = numpy.geterrcall()
        if callback is None:
            raise ValueError(f"No callable set for error handling of '{kind}'")
        callback(_FP_TEXT[kind], status or _FP_FLAGS[kind])
    elif mode == "print":
        print(f"Warning: {message}")
    elif mode == "log":
        numpy.geterrcall().write(f"Warning: {message}\n")


_HOST_CHECK_SIZE = 4096


def _all_finite(result: Any) -> builtins.bool:
    """Whether every element is finite: one device-to-host read. A small result comes to
    the host whole and numpy counts its finite flags there (a bookkeeping check, cheaper
    than an eager device reduction on torch/jax/tensorflow and free on the numpy
    backend); a large one is reduced on the device first."""
    if math.prod(result.shape) > _HOST_CHECK_SIZE:
        return builtins.bool(to_host(ops.all(ops.isfinite(result))))
    host = result if type(result) is numpy.ndarray else to_host(result)
    return numpy.count_nonzero(numpy.isfinite(host)) == host.size


def _finite_inputs(natives: list[Any]) -> Any:
    mask = None
    for value in natives:
        if core.as_core_dtype(value.dtype).kind in "fc":
            finite = ops.isfinite(value)
            mask = finite if mask is None else ops.logical_and(mask, finite)
    return mask


def _nan_free_inputs(natives: list[Any]) -> Any:
    """Where no float input is NaN (None when no input is a float)."""
    mask = None
    for value in natives:
        if core.as_core_dtype(value.dtype).kind in "fc":
            free = ops.logical_not(ops.isnan(value))
            mask = free if mask is None else ops.logical_and(mask, free)
    return mask


# ---------------------------------------------------------------------------------------
# fast paths: the common call straight to the backend's direct kernel
# ---------------------------------------------------------------------------------------
_FAST_DTYPES = (core.float32, core.float64)
_MISSING = object()


def _fast_eligible(u: ufunc) -> str | None:
    """The core function whose direct kernel computes ``u`` on arrays of one float dtype,
    or None: its kernel must be that core function there (``core_name``), and its loops
    for float32 and float64 inputs must keep the dtype (or give bool)."""
    core_name = getattr(u._kernel, "core_name", None)
    if core_name is None or u.nout != 1 or u._resolve_raw is not None:
        return None
    for dtype in _FAST_DTYPES:
        try:
            ins, (result,) = u.resolve_loop((dtype,) * u.nin)
        except TypeError:
            return None
        if ins != (dtype,) * u.nin or result not in (dtype, core.bool):
            return None
    return core_name


def _fast(u: ufunc, general: Callable[..., Any], arrays: tuple[str, ...],
          signature: inspect.Signature | None = None,
          reverse: builtins.bool = False) -> Callable[..., Any]:  # fmt: skip
    """``general`` (a call of ``u``) with the shared fast path in front (``reverse``: of
    ``u`` of the arrays in the opposite order, a reflected operator)."""
    return fast(
        u._fast_kernel,
        *arrays,
        scalars=u.signature is None,
        array_types=numpy_backend_types if u._fp_errors else None,
        signature=signature,
        reverse=reverse,
    )(general)


def _fast_ufunc(u: ufunc) -> Callable[..., Any] | None:
    """The function a positional call of ``u`` runs: ``(x1, x2, out=None, /)`` with the
    shared fast path (:func:`frontends.base.fastpath.fast_function`) in front of the
    general path, or None where ``u`` has no fast path."""
    u._fast_kernel = _fast_eligible(u)
    if u._fast_kernel is None:
        return None
    call = u._call
    names = ("x",) if u.nin == 1 else tuple(f"x{i}" for i in range(1, u.nin + 1))

    def general(*args: Any) -> Any:
        *inputs, out = args
        given = [value for value in inputs if value is not _MISSING]
        return call(*given) if out is None else call(*given, out)

    general.__name__ = general.__qualname__ = u.__name__
    general.__module__ = __name__
    positional = inspect.Parameter.POSITIONAL_ONLY
    signature = inspect.Signature(
        [inspect.Parameter(name, positional, default=_MISSING) for name in names]
        + [inspect.Parameter("out", positional, default=None)]
    )
    return _fast(u, general, names, signature)


def _host_routed(method: Callable[..., Any]) -> Callable[..., Any]:
    """A ufunc method (``reduce``, ``outer`` ...) that runs as real numpy's when it meets
    a host dtype."""
    name = method.__name__

    def on_host(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        self, *rest = args
        return host_call(getattr(getattr(numpy, self.__name__), name), tuple(rest), kwargs)

    return route(method, on_host)


class ufunc:
    """A numpy universal function on any core backend."""

    def __init__(
        self,
        name: str,
        nin: int,
        nout: int,
        loops: str,
        kernel: Callable[..., Any],
        *,
        identity: Any = None,
        doc: str = "",
        resolve: Callable[[tuple[core.Dtype, ...]], Loop | None] | None = None,
        resolve_raw: Callable[[tuple[Any, ...]], Loop | None] | None = None,
        signature: str | None = None,
        reorderable: builtins.bool = False,
        fp_errors: builtins.bool = True,
        pole: Callable[..., Any] | None = None,
    ) -> None:
        self.__name__ = name
        self.__qualname__ = name
        self.nin = nin
        self.nout = nout
        self.nargs = nin + nout
        self.identity = identity
        self.signature = signature
        self._loops = parse_loops(loops, nin, nout)
        self._kernel = kernel
        self._resolve_special = resolve
        self._resolve_raw = resolve_raw
        self._reorderable = reorderable or identity is not None
        self._fp_errors = fp_errors
        self._pole = pole
        self._loop_cache: dict[tuple[Any, ...], Loop] = {}
        self._fast_plans: dict[tuple[Any, ...], Any] = {}
        self.__doc__ = doc or f"numpy.{name} on any core backend."
        # what a positional call runs: the fast function where the ufunc has one
        self._positional: Callable[..., Any] = _fast_ufunc(self) or self._call

    # ------------------------------------------------------------------ metadata
    @property
    def types(self) -> list[str]:
        chars = {dtype: char for char, dtype in CHAR_DTYPES.items()}
        return [
            "".join(chars[d] for d in ins) + "->" + "".join(chars[d] for d in outs)
            for ins, outs in self._loops
        ]

    @property
    def ntypes(self) -> int:
        return len(self._loops)

    def __repr__(self) -> str:
        return f"<ufunc '{self.__name__}'>"

    # ------------------------------------------------------------------ resolution
    def resolve_loop(self, dtypes: tuple[Any, ...]) -> Loop:
        """The loop numpy's default resolver picks for these input dtypes (a raw
        resolver, where the ufunc has one, sees weak Python scalars as their types)."""
        loop = self._loop_cache.get(dtypes)
        if loop is not None:
            return loop
        if self._resolve_raw is not None:
            loop = self._resolve_raw(dtypes)
        elif self._resolve_special is not None:
            loop = self._resolve_special(dtypes)
        if loop is None:
            loop = next(
                (
                    candidate
                    for candidate in self._loops
                    if all(_safe(d, t) for d, t in zip(dtypes, candidate[0]))
                ),
                None,
            )
        if loop is None or loop is _NO_LOOP:
            raise self._no_loop(dtypes)
        self._loop_cache[dtypes] = loop
        return loop

    def _no_loop(self, dtypes: tuple[Any, ...]) -> TypeError:
        """numpy's error for inputs no loop takes: numbers meet the legacy resolver's
        plain TypeError, except in the ufuncs numpy gives promoters
        (:data:`_PROMOTER_UFUNCS`), which raise the no-loop UFuncTypeError as other dtypes
        (strings) do."""
        numbers = all(isinstance(d, core.Dtype) or d in _PYTHON_SCALARS for d in dtypes)
        if numbers and self.__name__ not in _PROMOTER_UFUNCS:
            return TypeError(
                f"ufunc '{self.__name__}' not supported for the input types, and the "
                "inputs could not be safely coerced to any supported types according "
                "to the casting rule ''safe''"
            )
        return _UFuncNoLoopError(
            self, tuple(nt.numpy_dtype(d) if isinstance(d, core.Dtype) else d for d in dtypes)
        )

    def _loop_for_dtype(self, dtype: Any, dtypes: tuple[core.Dtype, ...], casting: str) -> Loop:
        """The loop for an explicit ``dtype=`` (numpy: the output's type, inputs cast to it)."""
        target = nt.as_core(dtype)
        for loop in self._loops:
            if loop[1][0] == target and (
                all(t == target for t in loop[0]) or len(set(loop[0])) > 1
            ):
                for source, loop_type in zip(dtypes, loop[0]):
                    if not isinstance(source, core.Dtype):
                        continue
                    if not nt.can_cast(source, loop_type, casting):
                        raise _UFuncInputCastingError(
                            self, casting, nt.numpy_dtype(source), nt.numpy_dtype(loop_type), 0
                        )
                return loop
        return self.resolve_loop((target,) * self.nin)

    def _operands(self, inputs: tuple[Any, ...]) -> tuple[list[Any], tuple[Any, ...]]:
        """Inputs as natives (Python scalars kept), and the key of their dtypes: a core
        dtype for an array, the NEP 50 result dtype for a weak Python scalar."""
        natives = []
        for value in inputs:
            if isinstance(value, FrontendArray):
                native = value.native
                if type(native) is numpy.ndarray and native.dtype.kind in HOST_KINDS:
                    raise nt.HostDtypeError(f"{self.__name__} of a host-held array")
                natives.append(native)
            elif type(value) in _PYTHON_SCALARS:
                natives.append(value)
            else:
                natives.append(as_native(value))
        strong = tuple(
            core.as_core_dtype(v.dtype) for v in natives if type(v) not in _PYTHON_SCALARS
        )
        if len(strong) == len(natives):
            return natives, strong
        if self._resolve_raw is not None:  # it sees the Python types themselves
            return natives, tuple(
                type(v) if type(v) in _PYTHON_SCALARS else core.as_core_dtype(v.dtype)
                for v in natives
            )
        weak = tuple(type(v) for v in natives if type(v) in _PYTHON_SCALARS)
        common = nt.RULES.result_dtype((strong,), weak)
        return natives, tuple(
            common if type(v) in _PYTHON_SCALARS else core.as_core_dtype(v.dtype) for v in natives
        )

    def _prepare(self, inputs: tuple[Any, ...], dtype: Any, casting: str) -> tuple[list[Any], Loop]:
        """Inputs as natives of the loop's input dtypes, and the loop."""
        natives, dtypes = self._operands(inputs)
        loop = (
            self.resolve_loop(dtypes)
            if dtype is None
            else self._loop_for_dtype(dtype, dtypes, casting)
        )
        cast = []
        for value, loop_type in zip(natives, loop[0]):
            if type(value) in _PYTHON_SCALARS:
                if type(value) is int and loop_type.kind in "iu":
                    nt.check_python_int(value, loop_type)
                cast.append(ops.asarray(value, dtype=loop_type))
            elif core.as_core_dtype(value.dtype) != loop_type:
                cast.append(ops.astype(value, loop_type))
            else:
                cast.append(value)
        return cast, loop

    # ------------------------------------------------------------------ calling
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """A call with keywords takes the general path; a positional one the ufunc's fast
        function (see :func:`_fast_ufunc`), which falls back to the general path. A
        backend's exception becomes numpy's (:meth:`FrontendFunctions.framework_error`).

        A call on scalars only (numpy's, as indexing gives them, and Python's) is real
        numpy's ufunc on every backend, as the scalars' own operators are: its result is a
        numpy scalar made on the host, with no array or device dispatch in between."""
        if not kwargs and len(args) == self.nin:
            for arg in args:
                if type(arg) not in _HOST_SCALAR_TYPES:
                    break
            else:
                return getattr(numpy, self.__name__)(*args)
        try:
            if kwargs:
                return self._call(*args, **kwargs)
            return self._positional(*args)
        except Exception as error:
            operands = [a.native if isinstance(a, FrontendArray) else a for a in args]
            mapped = functions.framework_error(error, self.__name__, operands)
            if mapped is None:
                raise
            raise mapped from None

    def _call(self, *args: Any, **kwargs: Any) -> Any:
        """The general path; a host dtype among the inputs (strings, dates: their arrays
        are held on the host) makes it real numpy's ufunc of this name, with numpy's
        loops and errors."""
        try:
            return self._general(*args, **kwargs)
        except HostInput:
            return host_call(getattr(numpy, self.__name__), args, kwargs)

    def _general(self, *args: Any, out: Any = None, where: Any = True, casting: str = "same_kind",
              order: str = "K", dtype: Any = None, subok: builtins.bool = True,
              signature: Any = None, axes: Any = None, axis: Any = None,
              keepdims: builtins.bool = False) -> Any:  # fmt: skip
        """The general path: every keyword, loop resolution, casting, FP error checks."""
        if (
            len(args) == self.nin
            and out is None
            and where is True
            and dtype is None
            and signature is None
            and axes is None
            and axis is None
            and not keepdims
        ):
            result = self._fast_call(args)
            if result is not _NO_VALUE:
                return result
        if axes is not None or axis is not None or keepdims:
            return self._call_with_axes(args, axes, axis, keepdims, out=out, dtype=dtype,
                                        casting=casting, signature=signature)  # fmt: skip
        if len(args) < self.nin:
            raise TypeError(
                f"{self.__name__}() takes from {self.nin} to {self.nargs} positional arguments "
                f"but {len(args)} were given"
            )
        inputs, positional_out = args[: self.nin], args[self.nin :]
        if positional_out:
            if out is not None:
                raise TypeError("cannot specify 'out' as both a positional and keyword argument")
            out = positional_out
        outs = _out_tuple(out, self.nout)
        if signature is not None and dtype is None:
            dtype = signature[-1] if isinstance(signature, tuple) else signature.split("->")[-1]
        try:
            natives, loop = self._prepare(inputs, dtype, casting)
        except OverflowError:
            special = _OUT_OF_RANGE.get(self.__name__)
            if special is None:
                raise
            natives, loop, results = special(self, inputs)
        else:
            results = self._compute(natives, loop)
        return self._finish(results, outs, where, casting, scalar=True)

    def _call_with_axes(self, args: tuple[Any, ...], axes: Any, axis: Any,
                        keepdims: builtins.bool, *, out: Any, **kwargs: Any) -> Any:  # fmt: skip
        """A gufunc with its core dimensions elsewhere than last (``axes=``, or ``axis=``
        for one-dimensional cores such as vecdot's) and ``keepdims``."""
        if self.signature is None:
            name = "axes" if axes is not None else "axis" if axis is not None else "keepdims"
            raise TypeError(f"{self.__name__}() got an unexpected keyword argument '{name}'")
        ins, outs = self.signature.split("->")
        cores = [len([d for d in part.split(",") if d]) for part in ins[1:-1].split("),(")]
        out_core = len([d for d in outs.strip("()").split(",") if d])
        if axis is not None:
            if axes is not None:
                raise TypeError("cannot specify both 'axis' and 'axes'")
            if any(c != 1 for c in cores) or out_core > 1:
                raise TypeError(
                    f"{self.__name__}: axis can only be used with a single shared core dimension"
                )
            axes = [(axis,)] * self.nin + ([(axis,)] if out_core else [])
        inputs = [as_native(a) for a in args[: self.nin]]
        if axes is not None:
            moved = []
            for value, core_dims, spec in zip(inputs, cores, axes):
                spec = (spec,) if isinstance(spec, int) else tuple(spec)
                count = min(core_dims, len(value.shape))
                if len(spec) != count:
                    raise numpy.exceptions.AxisError(
                        f"{self.__name__}: axes item has {len(spec)} entries, expected {count}"
                    )
                spec = tuple(_normalize_axes(a, len(value.shape))[0] for a in spec)
                moved.append(ops.moveaxis(value, spec, tuple(range(-count, 0))) if count else value)
            inputs = moved
        result = self(*[ndarray._from_native(v) for v in inputs], **kwargs)
        native = as_native(result)
        output_spec = axes[self.nin] if axes is not None and len(axes) > self.nin else None
        if output_spec is not None and out_core:
            spec = (output_spec,) if isinstance(output_spec, int) else tuple(output_spec)
            ndim = len(native.shape)
            spec = tuple(_normalize_axes(a, ndim)[0] for a in spec)
            native = ops.moveaxis(native, tuple(range(-len(spec), 0)), spec)
        if keepdims:
            if out_core:
                raise ValueError(f"{self.__name__}: keepdims can only be used for scalar outputs")
            position = -1  # where the core dimension was
            if axes is not None:
                position = axes[0] if isinstance(axes[0], int) else axes[0][0]
            ndim = len(native.shape) + 1
            native = ops.expand_dims(native, axis=position % ndim)
        return self._method_out(native, out)

    def _fast_call(self, args: tuple[Any, ...]) -> Any:
        """The common call, planned once per (backend, input dtypes): frontend arrays whose
        dtypes are the loop's own, no keywords. On the numpy backend numpy's kernels
        report FP errors themselves under the shared error state; elsewhere a float loop
        takes the checking path unless every FP error is ignored. ``_NO_VALUE`` when the
        call is not of that kind."""
        natives = []
        ints = False
        for value in args:
            if type(value) is ndarray:
                natives.append(value.native)
            elif (
                type(value) is numpy.ndarray
                and value.dtype.kind in "biufc"
                and core.get_backend() == "numpy"
            ):  # real numpy's array (``list - scalar`` gives one): the backend's own
                natives.append(value)
            elif type(value) in _NUMPY_SCALAR_TYPES:  # strong, as a 0-d array (NEP 50)
                natives.append(as_native(value))
            elif type(value) is float:  # a weak Python float
                natives.append(value)
            elif type(value) is int and -_EXACT_INT <= value <= _EXACT_INT:
                # beside float arrays a weak int is the same float (``1 - a``, ``2 * a``)
                natives.append(float(value))
                ints = True
            else:
                return _NO_VALUE
        if ints and not all(
            type(n) is float or core.as_core_dtype(n.dtype).kind == "f" for n in natives
        ):
            return _NO_VALUE
        key = (core.get_backend(), *(float if type(n) is float else n.dtype for n in natives))
        plan = self._fast_plans.get(key)
        if plan is None:
            plan = self._fast_plans[key] = self._plan(natives, key[0])
        if plan is False:
            return _NO_VALUE
        needs_check, target, scalar_dtype, casts = plan
        if scalar_dtype is not None:
            natives = [
                ops.asarray(n, dtype=scalar_dtype) if type(n) is float else n for n in natives
            ]
        if casts is not None:  # inputs of other dtypes than the loop's (int / int)
            natives = [n if t is None else ops.astype(n, t) for n, t in zip(natives, casts)]
        if needs_check == "flags":  # numpy's FP flags say whether to take the checking path
            _FP_FLAGGED.clear()
            token = _FP_CONTEXT.set(_FLAG_ALL)
            try:
                results = self._kernel(*natives)
            finally:
                _FP_CONTEXT.reset(token)
            if _FP_FLAGGED:
                return _NO_VALUE
        else:
            if needs_check:
                state = _numpy_config._get_extobj_dict()
                if not state["divide"] == state["over"] == state["invalid"] == "ignore":
                    return _NO_VALUE
            results = self._kernel(*natives)
        if results.dtype != target:
            results = ops.astype(results, core.as_core_dtype(target))
        if len(results.shape) == 0:
            return as_scalar(results)
        return ndarray._from_native(results)

    def _plan(self, natives: list[Any], backend: str) -> Any:
        """``(needs_fp_check, native output dtype, dtype of the Python float inputs, the
        dtype each array input is cast to or None)`` for the fast path, or False."""
        if self.nout != 1 or self._resolve_raw is not None:
            return False
        try:
            _, dtypes = self._operands(tuple(natives))
            loop = self.resolve_loop(dtypes)
        except Exception:
            return False
        casts = None
        if loop[0] != dtypes:  # arrays cast to the loop's dtypes, as the general path does
            casts = tuple(
                None if type(value) is float or have == want else want
                for value, have, want in zip(natives, dtypes, loop[0])
            )
        scalar_dtype = None
        for value, loop_type in zip(natives, loop[0]):
            if type(value) is float:
                scalar_dtype = loop_type
        floating = loop[1][0].kind == "f"
        integer_division = self._pole is _integer_zero_divisor and loop[0][0].kind in "iu"
        if integer_division:
            return False
        needs_check: Any = self._fp_errors and floating
        if needs_check and backend == "numpy":
            needs_check = "flags"
        return needs_check, core.as_native_dtype(loop[1][0]), scalar_dtype, casts

    def _compute(self, natives: list[Any], loop: Loop) -> tuple[Any, ...]:
        """The kernel on the cast inputs, outputs in the loop's dtypes, FP errors reported."""
        check = self._fp_errors and loop[1][0].kind == "f"
        integer_division = self._pole is _integer_zero_divisor and loop[0][0].kind in "iu"
        if (check or integer_division) and core.get_backend() == "numpy":  # numpy's own
            # warnings stay quiet: the frontend reports, with numpy's names
            token = _FP_CONTEXT.set(_IGNORE_ALL)
            try:
                results = self._kernel(*natives)
            finally:
                _FP_CONTEXT.reset(token)
        else:
            results = self._kernel(*natives)
        if self.nout == 1:
            results = (results,)
        results = tuple(
            r if core.as_core_dtype(r.dtype) == t else ops.astype(r, t)
            for r, t in zip(results, loop[1])
        )
        if check:  # every float output: divmod's remainder is NaN where 1 // 0 is inf
            for result in results:
                if core.as_core_dtype(result.dtype).kind == "f":
                    self._check_fp(natives, result)
        elif integer_division:
            self._check_integer_division(natives)
        return results

    def _check_fp(self, natives: list[Any], result: Any) -> None:
        state = _numpy_config._get_extobj_dict()
        if state["divide"] == state["over"] == state["invalid"] == "ignore":
            return
        if _all_finite(result):
            return
        finite = _finite_inputs(natives)
        new = ops.logical_not(ops.isfinite(result))
        # invalid: a NaN made from inputs without one (sin(inf), inf - inf, 0 * inf);
        # overflow and division by zero: an infinity made from finite inputs
        not_nan = _nan_free_inputs(natives)
        bad_nan = (
            ops.isnan(result) if not_nan is None else ops.logical_and(ops.isnan(result), not_nan)
        )
        if finite is not None:
            new = ops.logical_and(new, finite)
        bad_inf = ops.logical_and(new, ops.isinf(result))
        pole = None
        if self._pole is not None:
            pole = ops.logical_and(bad_inf, self._pole(*natives))
            bad_inf = ops.logical_and(bad_inf, ops.logical_not(pole))
        found = {"divide": pole, "over": bad_inf, "invalid": bad_nan}
        raised = [
            kind
            for kind, mask in found.items()
            if mask is not None
            and state[kind] != "ignore"
            and builtins.bool(to_host(ops.any(mask)))
        ]
        status = sum(_FP_FLAGS[kind] for kind in raised)
        for kind in raised:
            _fp_report(kind, state[kind], self.__name__, status)

    def _check_method_fp(self, x: Any, result: Any, method: str) -> None:
        """A reduction's FP errors as numpy names them (``overflow encountered in
        reduce``): reported when the result is not finite though the input was."""
        if not self._fp_errors or _dtype(result).kind != "f":
            return
        state = _numpy_config._get_extobj_dict()
        if state["over"] == state["invalid"] == "ignore" or _all_finite(result):
            return
        if not _all_finite(x):
            return
        raised = [
            kind
            for kind, test in (("over", ops.isinf), ("invalid", ops.isnan))
            if state[kind] != "ignore" and builtins.bool(to_host(ops.any(test(result))))
        ]
        status = sum(_FP_FLAGS[kind] for kind in raised)
        for kind in raised:
            _fp_report(kind, state[kind], method, status)

    def _run_quiet(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` with numpy's own FP warnings off on the numpy backend (the
        frontend reports them itself, under numpy's names)."""
        if core.get_backend() != "numpy":
            return function(*args)
        token = _FP_CONTEXT.set(_IGNORE_ALL)
        try:
            return function(*args)
        finally:
            _FP_CONTEXT.reset(token)

    def _check_integer_division(self, natives: list[Any]) -> None:
        """An integer division's reports: ``divide`` where a divisor is 0, and ``over``
        where ``floor_divide``/``divmod`` divide a signed type's minimum by -1."""
        state = _numpy_config._get_extobj_dict()
        x1, x2 = natives[0], natives[1]
        if 0 in numpy.broadcast_shapes(tuple(x1.shape), tuple(x2.shape)):
            return  # no element divided
        if state["divide"] != "ignore" and builtins.bool(to_host(ops.any(ops.equal(x2, 0)))):
            _fp_report("divide", state["divide"], self.__name__)
        if state["over"] != "ignore" and builtins.bool(to_host(ops.any(self._overflows(x1, x2)))):
            _fp_report("over", state["over"], self.__name__)

    def _overflows(self, x1: Any, x2: Any) -> Any:
        """Where ``x1 // x2`` overflows (a signed minimum divided by -1), False if never."""
        kind = _dtype(x1)
        if self.__name__ not in ("floor_divide", "divmod") or kind.kind != "i":
            return ops.asarray(False)
        low = ops.asarray(numpy.iinfo(kind).min, dtype=core.as_core_dtype(x1.dtype))
        return ops.logical_and(
            ops.equal(x1, low), ops.equal(x2, ops.asarray(-1, dtype=core.as_core_dtype(x2.dtype)))
        )

    def _check_integer_method(self, x: Any, axis: int, method: str) -> None:
        """``reduce``/``accumulate`` of an integer division along ``axis``: numpy divides
        the running result by each later element, and reports ``divide`` where one is 0
        and ``over`` where the running result is the signed minimum and the next is -1."""
        if self._pole is not _integer_zero_divisor or _dtype(x).kind not in "iu":
            return
        if x.shape[axis] < 2:
            return
        state = _numpy_config._get_extobj_dict()
        moved = ops.moveaxis(x, axis, 0) if axis else x
        divisors = ops.get_item(moved, slice(1, None))
        if state["divide"] != "ignore" and builtins.bool(
            to_host(ops.any(ops.equal(divisors, ops.zeros((), dtype=_dtype(x)))))
        ):
            _fp_report("divide", state["divide"], method)
        if state["over"] != "ignore" and _dtype(x).kind == "i":
            running = self._run_quiet(self._scan, moved, 0, core.as_core_dtype(x.dtype))
            previous = ops.get_item(running, slice(0, -1))
            if builtins.bool(to_host(ops.any(self._overflows(previous, divisors)))):
                _fp_report("over", state["over"], method)

    def _finish(self, results: tuple[Any, ...], outs: tuple[Any, ...], where: Any,
                casting: str, *, scalar: builtins.bool) -> Any:  # fmt: skip
        """Write results into ``out`` (checked casting, ``where``) or wrap them."""
        mask = None if where is True else as_native(where)
        wrapped = []
        for index, (result, target) in enumerate(zip(results, outs)):
            if target is None:
                if mask is not None:
                    shape = numpy_broadcast(result.shape, mask.shape)
                    result = ops.where(
                        ops.broadcast_to(mask, shape),
                        ops.broadcast_to(result, shape),
                        ops.zeros(shape, dtype=core.as_core_dtype(result.dtype)),
                    )
                wrapped.append(
                    as_scalar(result)
                    if scalar and len(result.shape) == 0 and mask is None
                    else ndarray._from_native(result)
                )
                continue
            if not isinstance(target, ndarray):
                raise TypeError("return arrays must be of ArrayType")
            source = core.as_core_dtype(result.dtype)
            dest = core.as_core_dtype(target.native.dtype)
            if not nt.can_cast(source, dest, casting):
                raise _UFuncOutputCastingError(
                    self, casting, nt.numpy_dtype(source), nt.numpy_dtype(dest), index
                )
            shape = target.shape
            if numpy_broadcast(result.shape, shape) != shape:
                raise ValueError(
                    f"non-broadcastable output operand with shape {shape} doesn't match the "
                    f"broadcast shape {numpy_broadcast(result.shape, shape)}"
                )
            value = ops.astype(ops.broadcast_to(result, shape), dest)
            if mask is not None:
                value = ops.where(ops.broadcast_to(mask, shape), value, target.native)
            target._assign(value)
            wrapped.append(target)
        return wrapped[0] if self.nout == 1 else tuple(wrapped)

    # ------------------------------------------------------------------ methods
    def _check_binary(self, method: str) -> None:
        if self.nin != 2:
            raise ValueError(f"{method} only supported for binary functions")
        if self.nout != 1:
            raise ValueError(f"{method} only supported for functions returning a single value")
        if self.signature is not None:
            raise RuntimeError("Reduction not defined on ufunc with signature")

    def _reduce_loop(self, source: core.Dtype, dtype: Any) -> Loop:
        """The loop a reduction over ``source`` elements runs (numpy: ``add`` and
        ``multiply`` of bools and integers narrower than 64 bits accumulate in int64 or
        uint64; logical reductions read their input as bool)."""
        if dtype is not None:
            target = nt.as_core(dtype)
            loop = self._loop_for_dtype(target, (target, target), "unsafe")
        elif (
            self.__name__ in ("add", "multiply")
            and source.kind in "biu"
            and (source not in (core.int64, core.uint64))
        ):
            wide = core.uint64 if source.kind == "u" else core.int64
            loop = self.resolve_loop((wide, wide))
        else:
            loop = self.resolve_loop((source, source))
        (first, second), (result,) = loop
        if self.__name__ in _LOGICAL and result == core.bool:
            return (core.bool, core.bool), (core.bool,)
        if not first == second == result:  # the result cannot feed the next step
            raise _UFuncNoLoopError(self, (nt.numpy_dtype(result), nt.numpy_dtype(first)))
        return loop

    def _identity_value(self, dtype: core.Dtype) -> Any:
        identity = self.identity
        if identity == -1 and dtype.kind in "biu":  # bitwise_and: all bits set
            return ops.bitwise_invert(ops.zeros((), dtype=dtype))
        return ops.asarray(identity, dtype=dtype)

    @_host_routed
    def reduce(self, array: Any, axis: Any = 0, dtype: Any = None, out: Any = None,
               keepdims: builtins.bool = False, initial: Any = _NO_VALUE,
               where: Any = True) -> Any:  # fmt: skip
        """numpy's ufunc.reduce: the ufunc applied along ``axis`` (None, an int or a
        tuple; several axes only for reorderable ufuncs)."""
        self._check_binary("reduce")
        x = as_native(array)
        ndim = len(x.shape)
        axes = _normalize_axes(axis, ndim, allow_0d=True)
        if len(axes) > 1 and not self._reorderable:
            raise ValueError(
                f"reduction operation '{self.__name__}' is not reorderable, so at most one "
                "axis may be specified"
            )
        loop = self._reduce_loop(core.as_core_dtype(x.dtype), dtype)
        ltype = loop[1][0]
        x = ops.astype(x, ltype) if core.as_core_dtype(x.dtype) != ltype else x
        mask = None if where is True else as_native(where)
        if initial is None:
            initial = _NO_VALUE
        has_identity = self.identity is not None
        if mask is not None:
            if initial is _NO_VALUE and not has_identity:
                raise ValueError(
                    f"reduction operation '{self.__name__}' does not have an identity, so to "
                    "use a where mask one has to specify 'initial'"
                )
            x = ops.where(
                ops.broadcast_to(mask, tuple(x.shape)) if tuple(mask.shape) != tuple(x.shape)
                else mask,
                x,
                self._identity_value(ltype) if has_identity
                else ops.asarray(initial, dtype=ltype),
            )  # fmt: skip
        empty = any(x.shape[a] == 0 for a in axes)
        if empty and initial is _NO_VALUE and not has_identity:
            raise ValueError(
                f"zero-size array to reduction operation {self.__name__} which has no identity"
            )
        out_shape = tuple(1 if i in axes else n for i, n in enumerate(x.shape))
        if not axes:
            result = x
        elif empty:
            fill = (
                ops.asarray(initial, dtype=ltype)
                if initial is not _NO_VALUE
                else self._identity_value(ltype)
            )
            result = ops.broadcast_to(fill, out_shape)
            initial = _NO_VALUE
        else:
            result = self._run_quiet(self._reduce_native, x, axes, ltype)
            result = ops.reshape(result, out_shape)
        if initial is not _NO_VALUE:
            result = self._run_quiet(self._kernel, ops.asarray(initial, dtype=ltype), result)
            result = (
                ops.astype(result, ltype) if core.as_core_dtype(result.dtype) != ltype else result
            )
        if not keepdims:
            result = ops.reshape(result, tuple(n for i, n in enumerate(out_shape) if i not in axes))
        self._check_method_fp(x, result, "reduce")
        if len(axes) == 1 and not empty:
            self._check_integer_method(x, axes[0], "reduce")
        return self._method_out(result, out)

    def _reduce_native(self, x: Any, axes: tuple[int, ...], ltype: core.Dtype) -> Any:
        """The reduction of ``x`` (already of the loop dtype) over ``axes``, dimensions
        dropped."""
        name = self.__name__
        core_reduce = _CORE_REDUCTIONS.get(name)
        if core_reduce is not None and not (ltype.kind == "c" and name in ("maximum", "minimum")):
            result = core_reduce(x, axes, ltype)
            return (
                ops.astype(result, ltype) if core.as_core_dtype(result.dtype) != ltype else result
            )
        ndim = len(x.shape)
        rest = [i for i in range(ndim) if i not in axes]
        x = ops.permute_dims(x, (*axes, *rest)) if list(axes) != list(range(len(axes))) else x
        kept = tuple(x.shape[len(axes) :])
        x = ops.reshape(x, (-1, *kept)) if len(axes) != 1 else x
        if self._reorderable:
            return self._halving(x)
        result = ops.get_item(x, 0)
        for index in range(1, x.shape[0]):
            result = self._kernel(result, ops.get_item(x, index))
        return result

    def _halving(self, x: Any) -> Any:
        """Reduce axis 0 of ``x`` by combining its two halves until one row is left."""
        while x.shape[0] > 1:
            n = x.shape[0]
            half = n // 2
            combined = self._kernel(
                ops.get_item(x, slice(0, half)), ops.get_item(x, slice(half, 2 * half))
            )
            x = (
                combined
                if n % 2 == 0
                else ops.concat([combined, ops.get_item(x, slice(2 * half, n))])
            )
        return ops.get_item(x, 0)

    def _method_out(self, result: Any, out: Any) -> Any:
        """A method's result: a numpy scalar when 0-d, or written into ``out``."""
        if out is not None:
            if isinstance(out, tuple):
                if len(out) != 1:
                    raise ValueError("The 'out' tuple must have exactly one entry")
                out = out[0]
            if not isinstance(out, ndarray):
                raise TypeError("output must be an array")
            shape = tuple(out.shape)
            if numpy_broadcast(result.shape, shape) != shape:
                raise ValueError(
                    f"non-broadcastable output operand with shape {shape} doesn't match the "
                    f"broadcast shape {numpy_broadcast(result.shape, shape)}"
                )
            dest = core.as_core_dtype(out.native.dtype)
            out._assign(ops.astype(ops.broadcast_to(result, shape), dest))
            return out
        if len(result.shape) == 0:
            return as_scalar(result)
        return ndarray._from_native(result)

    @_host_routed
    def accumulate(self, array: Any, axis: int = 0, dtype: Any = None, out: Any = None) -> Any:
        """numpy's ufunc.accumulate: the running reduction along one axis."""
        self._check_binary("accumulate")
        x = as_native(array)
        if len(x.shape) == 0:
            raise TypeError("cannot accumulate on a scalar")
        if axis is None or isinstance(axis, tuple):
            if isinstance(axis, tuple) and len(axis) == 1:
                axis = axis[0]
            else:
                raise ValueError("accumulate does not allow multiple axes")
        (axis,) = _normalize_axes(axis, len(x.shape))
        loop = self._reduce_loop(core.as_core_dtype(x.dtype), dtype)
        ltype = loop[1][0]
        x = ops.astype(x, ltype) if core.as_core_dtype(x.dtype) != ltype else x
        result = self._run_quiet(self._scan, x, axis, ltype)
        self._check_method_fp(x, result, "accumulate")
        self._check_integer_method(x, axis, "accumulate")
        result = ops.astype(result, ltype) if core.as_core_dtype(result.dtype) != ltype else result
        return self._method_out(result, out) if out is not None else ndarray._from_native(result)

    def _scan(self, x: Any, axis: int, ltype: core.Dtype) -> Any:
        """The running reduction of ``x`` (of the loop dtype) along ``axis``."""
        name = self.__name__
        if x.shape[axis] == 0:
            result = x
        elif (
            name in _CORE_SCANS
            and ltype != core.bool
            and (scanned := _core_scan(name, x, axis, ltype)) is not None
        ):
            result = scanned
        else:
            moved = ops.moveaxis(x, axis, 0) if axis != 0 else x
            if self._reorderable:
                scanned = self._doubling_scan(moved)
            else:
                rows = [ops.get_item(moved, 0)]
                for index in range(1, moved.shape[0]):
                    rows.append(self._kernel(rows[-1], ops.get_item(moved, index)))
                scanned = ops.stack(
                    [
                        r if core.as_core_dtype(r.dtype) == ltype else ops.astype(r, ltype)
                        for r in rows
                    ]
                )
            result = ops.moveaxis(scanned, 0, axis) if axis != 0 else scanned
        return result

    def _doubling_scan(self, x: Any) -> Any:
        """Inclusive scan of axis 0 in log2(n) steps (for associative ufuncs)."""
        n, shift = x.shape[0], 1
        while shift < n:
            head = ops.get_item(x, slice(0, shift))
            tail = self._kernel(
                ops.get_item(x, slice(0, n - shift)), ops.get_item(x, slice(shift, n))
            )
            x = ops.concat([head, ops.astype(tail, core.as_core_dtype(head.dtype))])
            shift *= 2
        return x

    @_host_routed
    def outer(self, A: Any, B: Any, /, **kwargs: Any) -> Any:
        """numpy's ufunc.outer: the ufunc on every pair of elements of ``A`` and ``B``."""
        if self.nin != 2:
            raise ValueError("outer product only supported for binary functions")
        a, b = as_native(A), as_native(B)
        a = ops.reshape(a, tuple(a.shape) + (1,) * len(b.shape))
        return self(ndarray._from_native(a), ndarray._from_native(b), **kwargs)

    @_host_routed
    def reduceat(
        self, array: Any, indices: Any, axis: int = 0, dtype: Any = None, out: Any = None
    ) -> Any:
        """numpy's ufunc.reduceat: reductions over the slices ``indices[i]:indices[i+1]``
        along ``axis`` (the element at ``indices[i]`` itself where the next index is not
        larger). The indices are read on the host: they decide the result's shape."""
        self._check_binary("reduceat")
        x = as_native(array)
        (axis,) = _normalize_axes(axis, len(x.shape))
        points = numpy.asarray(
            indices.__array__() if isinstance(indices, ndarray) else indices
        ).reshape(-1)
        if points.size and points.dtype.kind not in "iu":
            raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64')")
        size = x.shape[axis]
        loop = self._reduce_loop(core.as_core_dtype(x.dtype), dtype)
        ltype = loop[1][0]
        x = ops.astype(x, ltype) if core.as_core_dtype(x.dtype) != ltype else x
        moved = ops.moveaxis(x, axis, 0) if axis != 0 else x
        pieces = []
        for position, start in enumerate(points.tolist()):
            if not 0 <= start < size:
                raise IndexError(
                    f"index {start} out-of-bounds in {self.__name__}.reduceat [0, {size})"
                )
            stop = points[position + 1] if position + 1 < len(points) else size
            if not 0 <= stop <= size:
                raise IndexError(
                    f"index {stop} out-of-bounds in {self.__name__}.reduceat [0, {size})"
                )
            if stop > start:
                piece = self._run_quiet(
                    self._reduce_native, ops.get_item(moved, slice(start, int(stop))), (0,), ltype
                )
            else:
                piece = ops.get_item(moved, start)
            pieces.append(
                ops.astype(piece, ltype) if core.as_core_dtype(piece.dtype) != ltype else piece
            )
        if pieces:
            result = ops.stack(pieces)
        else:
            result = ops.zeros((0, *moved.shape[1:]), dtype=ltype)
        result = ops.moveaxis(result, 0, axis) if axis != 0 else result
        self._check_method_fp(x, result, "reduceat")
        return self._method_out(result, out) if out is not None else ndarray._from_native(result)

    @_host_routed
    def at(self, a: Any, indices: Any, b: Any = None, /) -> None:
        """numpy's ufunc.at: ``a[indices] = ufunc(a[indices], b)`` unbuffered, so a
        repeated index takes every update in turn. ``add``/``multiply``/``maximum``/
        ``minimum`` in ``a``'s own dtype scatter in one step; the other ufuncs (and mixed
        dtypes, which numpy casts back after each update) read the indices on the host
        and apply one round per repetition."""
        if not isinstance(a, ndarray):
            raise TypeError("first operand must be array")
        if self.nin == 2 and b is None:
            raise ValueError("second operand needed for ufunc")
        if self.nin == 1 and b is not None:
            raise ValueError("second operand provided when ufunc is unary")
        native = a.native
        adtype = core.as_core_dtype(native.dtype)
        shape = tuple(native.shape)
        size = math.prod(shape)
        positions = ops.reshape(ops.arange(size, dtype=core.int64), shape)
        key = _native_key(indices)
        flat = ops.reshape(ops.get_item(positions, key), (-1,))
        selected_shape = tuple(ops.get_item(positions, key).shape)
        if b is not None:
            value = b.native if isinstance(b, FrontendArray) else as_native(b)
            value = ops.reshape(ops.broadcast_to(value, selected_shape), (-1,))
        values_flat = ops.reshape(native, (-1,))
        if b is not None:
            loop = self.resolve_loop((adtype, core.as_core_dtype(value.dtype)))
        else:
            loop = self.resolve_loop((adtype,))
        scatter = _SCATTER.get(self.__name__)
        if scatter is not None and loop[0] == (adtype, adtype) and adtype.kind != "c":
            updated = ops.scatter(values_flat, 0, flat, ops.astype(value, adtype), reduce=scatter)
            a._assign(ops.reshape(updated, shape))
            return
        host = to_host(flat)
        order = numpy.argsort(host, kind="stable")
        sorted_positions = host[order]
        first = numpy.ones(len(host), dtype=bool)
        first[1:] = sorted_positions[1:] != sorted_positions[:-1]
        starts = numpy.maximum.accumulate(numpy.where(first, numpy.arange(len(host)), 0))
        rank = numpy.empty(len(host), dtype=numpy.int64)
        rank[order] = numpy.arange(len(host)) - starts
        for round_ in range(int(rank.max()) + 1 if len(host) else 0):
            chosen = numpy.nonzero(rank == round_)[0]
            where_ = ops.asarray(host[chosen])
            current = ops.take(values_flat, where_, axis=0)
            args = [current]
            if b is not None:
                args.append(ops.take(value, ops.asarray(chosen), axis=0))
            natives, used = self._prepare(
                tuple(ndarray._from_native(v) for v in args), None, "unsafe"
            )
            new = self._compute(natives, used)[0]
            values_flat = ops.set_item(values_flat, where_, ops.astype(new, adtype))
        a._assign(ops.reshape(values_flat, shape))


# a ufunc's calls with keywords and its methods run as host calls where their arrays
# are host-resident (frontends.base.host); positional calls take the fast function
for _method in ("_call", "reduce", "accumulate", "outer", "reduceat", "at"):
    setattr(ufunc, _method, hosted(getattr(ufunc, _method)))


def numpy_broadcast(*shapes: Any) -> tuple[int, ...]:
    return tuple(numpy.broadcast_shapes(*(tuple(int(e) for e in s) for s in shapes)))


def _out_tuple(out: Any, nout: int) -> tuple[Any, ...]:
    if out is None:
        return (None,) * nout
    if not isinstance(out, tuple):
        out = (out,)
    if len(out) != nout:
        raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
    return out


def _normalize_axes(axis: Any, ndim: int, *, allow_0d: builtins.bool = False) -> tuple[int, ...]:
    """``axis`` (None, an int or a tuple of ints) as sorted non-negative axes, with
    numpy's AxisError and duplicate-axis ValueError."""
    if axis is None:
        return tuple(range(ndim))
    items = axis if isinstance(axis, tuple) else (axis,)
    result = []
    for item in items:
        index = operator.index(item)
        if allow_0d and ndim == 0 and index in (0, -1):
            continue
        if not -ndim <= index < ndim:
            raise numpy.exceptions.AxisError(index, ndim)
        index %= ndim
        if index in result:
            raise ValueError("duplicate value in 'axis'")
        result.append(index)
    return tuple(sorted(result))


def _native_key(indices: Any) -> Any:
    items = indices if isinstance(indices, tuple) else (indices,)
    key = []
    for item in items:
        if item is None or item is Ellipsis or isinstance(item, slice | int | numpy.integer):
            key.append(item)
        else:
            key.append(as_native(item))
    return tuple(key)


# ---------------------------------------------------------------------------------------
# resolution special cases
# ---------------------------------------------------------------------------------------
def _true_divide_loop(dtypes: tuple[core.Dtype, ...]) -> Loop | None:
    """numpy divides integers and bools in float64 (its true-division resolver)."""
    if all(d.kind in "biu" for d in dtypes):
        return ((core.float64, core.float64), (core.float64,))
    return None


def _negative_loop(dtypes: tuple[core.Dtype, ...]) -> Loop | None:
    if dtypes == (core.bool,):
        raise TypeError(
            "The numpy boolean negative, the `-` operator, is not supported, use the "
            "`~` operator or the logical_not function instead."
        )
    return None


def _subtract_loop(dtypes: tuple[core.Dtype, ...]) -> Loop | None:
    if dtypes == (core.bool, core.bool):
        raise TypeError(
            "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
            "the `^` operator, or the logical_xor function instead."
        )
    return None


def _no_bool_loop(dtypes: tuple[core.Dtype, ...]) -> Loop | None:
    """numpy has no bool loop for positive/sign/gcd/lcm (and refuses to cast bool up)."""
    if all(d == core.bool for d in dtypes):
        return _NO_LOOP
    return None


_NO_LOOP: Loop = ((), ())


def _weak_can_cast(source: Any, target: core.Dtype) -> builtins.bool:
    """numpy's casting of a Python scalar in a legacy type resolver: a Python int casts
    to any number, a float to any inexact type, a complex to complex."""
    if isinstance(source, core.Dtype):
        return _safe(source, target)
    if source is builtins.bool:
        return _safe(core.bool, target)
    if source is int:
        return target.kind in "iufc"
    if source is float:
        return target.kind in "fc"
    return target.kind == "c"


def _ldexp_loop(dtypes: tuple[Any, ...]) -> Loop | None:
    """ldexp's mixed (float, int) loops, Python scalars matched as numpy's legacy resolver
    does (``ldexp(float32_array, 3)`` is float32)."""
    first, second = dtypes
    if first is float or (first is int and second in (core.bool, builtins.bool)):
        first = core.float64 if first is float else core.int64  # numpy: strong here
    for loop in _LDEXP_LOOPS:
        if all(_weak_can_cast(d, t) for d, t in zip((first, second), loop[0])):
            return loop
    return _NO_LOOP


_COMPARISON_FLIP = {
    "equal": "equal", "not_equal": "not_equal", "less": "greater",
    "less_equal": "greater_equal", "greater": "less", "greater_equal": "less_equal",
}  # fmt: skip


def _out_of_range_int(
    uf: ufunc, inputs: tuple[Any, ...]
) -> tuple[list[Any], Loop, tuple[Any, ...]]:
    """numpy 2 compares an integer array with a Python int outside its range without
    error (``uint8_array == 300`` is all False, ``uint8_array > -1`` all True); logical
    ufuncs read such an int as True."""
    name = uf.__name__
    if name.startswith("logical"):
        if any(type(v) is int and not -(2**63) <= v < 2**63 for v in inputs):
            raise OverflowError("Python int too large to convert to C long")
        replaced = tuple(builtins.bool(v) if type(v) is int else v for v in inputs)
        natives, loop = uf._prepare(replaced, None, "same_kind")
        return natives, loop, uf._compute(natives, loop)
    first, second = inputs
    if type(first) is int and type(second) is not int:
        value, other, op = first, second, _COMPARISON_FLIP[name]
    elif type(second) is int and type(first) is not int:
        value, other, op = second, first, name
    else:
        raise OverflowError(f"Python integer {first} out of bounds")
    other = other.native if isinstance(other, FrontendArray) else as_native(other)
    above = value > 0
    truth = {
        "equal": False, "not_equal": True, "less": above, "less_equal": above,
        "greater": not above, "greater_equal": not above,
    }[op]  # fmt: skip
    dtype = core.as_core_dtype(other.dtype)
    result = ops.full(tuple(other.shape), truth, dtype=core.bool)
    return [other, other], ((dtype, dtype), (core.bool,)), (result,)


_OUT_OF_RANGE = {
    name: _out_of_range_int
    for name in (
        "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
        "logical_and", "logical_or", "logical_xor",
    )
}  # fmt: skip
_LOGICAL = ("logical_and", "logical_or", "logical_xor")


# ---------------------------------------------------------------------------------------
# reductions core has
# ---------------------------------------------------------------------------------------
def _sum(x: Any, axes: tuple[int, ...], dtype: core.Dtype) -> Any:
    if dtype == core.bool:
        return ops.any(x, axis=axes)
    return ops.sum(x, axis=axes, dtype=dtype)


def _prod(x: Any, axes: tuple[int, ...], dtype: core.Dtype) -> Any:
    if dtype == core.bool:
        return ops.all(x, axis=axes)
    return ops.prod(x, axis=axes, dtype=dtype)


def _max(x: Any, axes: tuple[int, ...], dtype: core.Dtype) -> Any:
    return ops.any(x, axis=axes) if dtype == core.bool else ops.max(x, axis=axes)


def _min(x: Any, axes: tuple[int, ...], dtype: core.Dtype) -> Any:
    return ops.all(x, axis=axes) if dtype == core.bool else ops.min(x, axis=axes)


_CORE_REDUCTIONS: dict[str, Callable[[Any, tuple[int, ...], core.Dtype], Any]] = {
    "add": _sum,
    "multiply": _prod,
    "maximum": _max,
    "minimum": _min,
    "logical_and": lambda x, axes, dtype: ops.all(x, axis=axes),
    "logical_or": lambda x, axes, dtype: ops.any(x, axis=axes),
}
_CORE_SCANS = {"add": "cumulative_sum", "multiply": "cumulative_prod"}


def _core_scan(name: str, x: Any, axis: int, dtype: core.Dtype) -> Any:
    """core's cumulative sum/product, or None where core cannot run it here (then the
    generic scan runs)."""
    try:
        return getattr(ops, _CORE_SCANS[name])(x, axis=axis, dtype=dtype)
    except TypeError:  # a dtype this backend lacks (core.UnsupportedDtypeError)
        return None


_SCATTER = {"add": "add", "multiply": "multiply", "maximum": "amax", "minimum": "amin"}


# ---------------------------------------------------------------------------------------
# kernels core lacks, on native arrays of the loop's dtype
# ---------------------------------------------------------------------------------------
def _dtype(x: Any) -> core.Dtype:
    return core.as_core_dtype(x.dtype)


def _i64(value: int) -> Any:
    return ops.asarray(value, dtype=core.int64)


def _f64(value: float) -> Any:
    return ops.asarray(value, dtype=core.float64)


def _subtract(x1: Any, x2: Any) -> Any:
    if _dtype(x1) == core.bool:
        raise TypeError(
            "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
            "the `^` operator, or the logical_xor function instead."
        )
    return ops.subtract(x1, x2)


def _negative(x: Any) -> Any:
    if _dtype(x) == core.bool:
        raise TypeError(
            "The numpy boolean negative, the `-` operator, is not supported, use the "
            "`~` operator or the logical_not function instead."
        )
    return ops.negative(x)


def _integer_power(x1: Any, x2: Any) -> Any:
    """x1 ** x2 for integers by square-and-multiply (wrapping as numpy does), for backends
    whose pow refuses a dtype (torch's uint16/32/64)."""
    dtype = _dtype(x1)
    if dtype == core.uint64:  # the same bits in int64, whose shifts every backend has
        return ops.astype(
            _integer_power(ops.astype(x1, core.int64), ops.astype(x2, core.int64)), dtype
        )
    bits = 8 * numpy.dtype(str(dtype)).itemsize
    shape = numpy_broadcast(x1.shape, x2.shape)
    base = ops.broadcast_to(x1, shape)
    exponent = ops.broadcast_to(x2, shape)
    result = ops.ones(shape, dtype=dtype)
    one = ops.asarray(1, dtype=dtype)
    for _ in range(bits):
        bit = ops.equal(ops.bitwise_and(exponent, one), one)
        result = ops.where(bit, ops.multiply(result, base), result)
        base = ops.multiply(base, base)
        exponent = ops.bitwise_right_shift(exponent, one)
    return result


def _power(x1: Any, x2: Any) -> Any:
    dtype = _dtype(x1)
    if dtype.kind == "i" and builtins.bool(to_host(ops.any(ops.less(x2, 0)))):
        raise ValueError("Integers to negative integer powers are not allowed.")
    if dtype == core.uint64:  # torch lacks it; tensorflow reads large exponents as negative
        return _integer_power(x1, x2)
    try:
        return ops.pow(x1, x2)
    except core.UnsupportedDtypeError:
        if dtype.kind not in "iu":
            raise
        return _integer_power(x1, x2)


def _popcount32(v: Any) -> Any:
    """Set bits of int64 values in [0, 2**32)."""
    v = ops.subtract(v, ops.bitwise_and(ops.bitwise_right_shift(v, _i64(1)), _i64(0x55555555)))
    v = ops.add(
        ops.bitwise_and(v, _i64(0x33333333)),
        ops.bitwise_and(ops.bitwise_right_shift(v, _i64(2)), _i64(0x33333333)),
    )
    v = ops.bitwise_and(ops.add(v, ops.bitwise_right_shift(v, _i64(4))), _i64(0x0F0F0F0F))
    v = ops.bitwise_and(ops.multiply(v, _i64(0x01010101)), _i64(0xFFFFFFFF))
    return ops.bitwise_right_shift(v, _i64(24))


def _bitwise_count(x: Any) -> Any:
    """Set bits of |x| (numpy counts the magnitude of signed integers)."""
    dtype = _dtype(x)
    if dtype.kind == "i":
        x = ops.abs(x)
    wide = ops.astype(x, core.int64)
    bits = 8 * numpy.dtype(str(dtype)).itemsize
    if bits < 64:
        count = _popcount32(ops.bitwise_and(wide, _i64((1 << bits) - 1)))
    else:
        low = ops.bitwise_and(wide, _i64(0xFFFFFFFF))
        high = ops.bitwise_and(ops.bitwise_right_shift(wide, _i64(32)), _i64(0xFFFFFFFF))
        count = ops.add(_popcount32(low), _popcount32(high))
    return ops.astype(count, core.uint8)


def _in_float64(x: Any) -> Any:
    return x if _dtype(x) == core.float64 else ops.astype(x, core.float64)


def _cbrt(x: Any) -> Any:
    """Cube root: |x|**(1/3) refined by one Newton step, in float64, with x's sign."""
    dtype = _dtype(x)
    w = _in_float64(x)
    a = ops.abs(w)
    y = ops.pow(a, _f64(1.0 / 3.0))
    ok = ops.logical_and(ops.isfinite(y), ops.greater(y, _f64(0.0)))
    safe = ops.where(ok, y, _f64(1.0))
    refined = ops.subtract(
        safe, ops.divide(ops.subtract(safe, ops.divide(a, ops.multiply(safe, safe))), _f64(3.0))
    )
    result = ops.copysign(ops.where(ok, refined, y), w)
    return result if dtype == core.float64 else ops.astype(result, dtype)


def _pow2(k: Any) -> Any:
    """2.0**k exactly for integral float64 ``k`` in [-1022, 1023] (products of exact
    powers of two, so no backend's exp2 rounding or flushing enters)."""
    negative = ops.less(k, _f64(0.0))
    n = ops.astype(ops.abs(k), core.int64)
    result = ops.ones(tuple(k.shape), dtype=core.float64)
    for i in range(10):
        bit = ops.equal(ops.bitwise_and(ops.bitwise_right_shift(n, _i64(i)), _i64(1)), _i64(1))
        factor = ops.where(negative, _f64(2.0 ** -(2**i)), _f64(2.0 ** (2**i)))
        result = ops.where(bit, ops.multiply(result, factor), result)
    return result


def _ldexp(x: Any, e: Any) -> Any:
    """x * 2**e in float64 through three exact power-of-two factors."""
    dtype = _dtype(x)
    w = _in_float64(x)
    shape = numpy_broadcast(w.shape, e.shape)
    k = ops.astype(ops.clip(ops.astype(e, core.int64), -2200, 2200), core.float64)
    k = ops.broadcast_to(k, shape)
    k1 = ops.floor(ops.divide(k, _f64(3.0)))
    k2 = ops.floor(ops.divide(ops.subtract(k, k1), _f64(2.0)))
    k3 = ops.subtract(ops.subtract(k, k1), k2)
    result = ops.multiply(ops.multiply(ops.multiply(w, _pow2(k1)), _pow2(k2)), _pow2(k3))
    return result if dtype == core.float64 else ops.astype(result, dtype)


def _frexp(x: Any) -> tuple[Any, Any]:
    """Mantissa in [0.5, 1) and exponent, from log2 with an exact correction step."""
    dtype = _dtype(x)
    w = _in_float64(x)
    regular = ops.logical_and(ops.isfinite(w), ops.not_equal(w, _f64(0.0)))
    tiny = ops.less(ops.abs(w), _f64(2.2250738585072014e-308))
    scaled = ops.where(tiny, ops.multiply(w, _f64(2.0**54)), w)
    safe = ops.where(regular, ops.abs(scaled), _f64(1.0))
    e = ops.add(ops.floor(ops.log2(safe)), _f64(1.0))
    half = ops.floor(ops.divide(e, _f64(2.0)))
    m = ops.multiply(
        ops.multiply(ops.where(regular, scaled, _f64(1.0)), _pow2(ops.negative(half))),
        _pow2(ops.negative(ops.subtract(e, half))),
    )
    big = ops.greater_equal(ops.abs(m), _f64(1.0))
    m = ops.where(big, ops.multiply(m, _f64(0.5)), m)
    e = ops.where(big, ops.add(e, _f64(1.0)), e)
    small = ops.less(ops.abs(m), _f64(0.5))
    m = ops.where(small, ops.multiply(m, _f64(2.0)), m)
    e = ops.where(small, ops.subtract(e, _f64(1.0)), e)
    e = ops.where(tiny, ops.subtract(e, _f64(54.0)), e)
    m = ops.where(regular, m, w)
    e = ops.where(regular, e, _f64(0.0))
    return (m if dtype == core.float64 else ops.astype(m, dtype)), ops.astype(e, core.int32)


def _modf(x: Any) -> tuple[Any, Any]:
    whole = ops.trunc(x)
    zero = ops.zeros((), dtype=_dtype(x))
    fraction = ops.copysign(ops.where(ops.isinf(x), zero, ops.subtract(x, whole)), x)
    return fraction, whole


def _spacing(x: Any) -> Any:
    """numpy's spacing: ``nextafter(x, inf) - x`` for x >= 0 (-0.0 included) and
    ``nextafter(x, -inf) - x`` for x < 0; for float16 numpy always steps towards +inf,
    and the step comes from the exponent (backends' float16 nextafter differ)."""
    dtype = _dtype(x)
    if dtype == core.float16:
        mantissa, exponent = _frexp(x)
        e = ops.maximum(ops.astype(exponent, core.float64), _f64(-13.0))
        e = ops.where(ops.equal(x, ops.zeros((), dtype=dtype)), _f64(-13.0), e)
        down = ops.logical_and(
            ops.logical_and(ops.less(x, ops.zeros((), dtype=dtype)), ops.greater(e, _f64(-13.0))),
            ops.equal(mantissa, ops.asarray(-0.5, dtype=dtype)),
        )  # a negative power of two: the step up is the finer one below it
        ulp = _pow2(ops.subtract(e, ops.where(down, _f64(12.0), _f64(11.0))))
        ulp = ops.where(ops.equal(x, ops.asarray(65504.0, dtype=dtype)), _f64(math.inf), ulp)
        ulp = ops.where(ops.isfinite(x), ulp, _f64(math.nan))
        return ops.astype(ulp, dtype)
    towards = ops.where(
        ops.less(x, ops.zeros((), dtype=dtype)),
        ops.asarray(-math.inf, dtype=dtype),
        ops.asarray(math.inf, dtype=dtype),
    )
    zero = ops.zeros((), dtype=dtype)
    step = ops.subtract(ops.nextafter(x, towards), x)
    # at zero the step is the smallest subnormal itself (a subtraction could flush it)
    return ops.where(ops.equal(x, zero), ops.nextafter(ops.zeros_like(x), towards), step)


def _logaddexp2(x1: Any, x2: Any) -> Any:
    """log2(2**x1 + 2**x2) without overflow (float16 through float32, as numpy)."""
    dtype = _dtype(x1)
    if dtype == core.float16:
        x1, x2 = ops.astype(x1, core.float32), ops.astype(x2, core.float32)
    work = _dtype(x1)
    largest = ops.maximum(x1, x2)
    gap = ops.abs(ops.subtract(x1, x2))
    tail = ops.divide(
        ops.log1p(ops.exp2(ops.negative(gap))), ops.asarray(math.log(2.0), dtype=work)
    )
    result = ops.where(
        ops.equal(x1, x2), ops.add(x1, ops.asarray(1.0, dtype=work)), ops.add(largest, tail)
    )
    return result if work == dtype else ops.astype(result, dtype)


def _euclid_steps(dtype: core.Dtype) -> int:
    return int(1.45 * 8 * numpy.dtype(str(dtype)).itemsize) + 2


def _gcd(x1: Any, x2: Any) -> Any:
    """Euclid's algorithm for as many rounds as the dtype's width can need (no host
    reads; finished pairs stay put)."""
    dtype = _dtype(x1)
    shape = numpy_broadcast(x1.shape, x2.shape)
    a = ops.broadcast_to(ops.abs(x1) if dtype.kind == "i" else x1, shape)
    b = ops.broadcast_to(ops.abs(x2) if dtype.kind == "i" else x2, shape)
    zero, one = ops.asarray(0, dtype=dtype), ops.asarray(1, dtype=dtype)
    for _ in range(_euclid_steps(dtype)):
        going = ops.not_equal(b, zero)
        rest = _REMAINDER(a, ops.where(going, b, one))
        a, b = ops.where(going, b, a), ops.where(going, rest, zero)
    return a


def _lcm(x1: Any, x2: Any) -> Any:
    dtype = _dtype(x1)
    divisor = _gcd(x1, x2)
    zero, one = ops.asarray(0, dtype=dtype), ops.asarray(1, dtype=dtype)
    none = ops.equal(divisor, zero)
    result = ops.multiply(_FLOOR_DIVIDE(x1, ops.where(none, one, divisor)), x2)
    result = ops.abs(result) if dtype.kind == "i" else result
    return ops.where(none, zero, result)


def _core_dims(name: str, x1: Any, x2: Any, need1: int, need2: int) -> None:
    if len(x1.shape) < need1 or len(x2.shape) < need2:
        which = 0 if len(x1.shape) < need1 else 1
        have = len((x1, x2)[which].shape)
        need = (need1, need2)[which]
        raise ValueError(
            f"{name}: Input operand {which} does not have enough dimensions (has {have}, "
            f"gufunc core with signature {_SIGNATURES[name]} requires {need})"
        )


def _mismatch(name: str, operand: int, dim: int, have: int, want: int) -> Exception:
    return ValueError(
        f"{name}: Input operand {operand} has a mismatch in its core dimension {dim}, with "
        f"gufunc signature {_SIGNATURES[name]} (size {have} is different from {want})"
    )


def _matvec(x1: Any, x2: Any) -> Any:
    _core_dims("matvec", x1, x2, 2, 1)
    if x1.shape[-1] != x2.shape[-1]:
        raise _mismatch("matvec", 1, 0, x2.shape[-1], x1.shape[-1])
    return ops.get_item(ops.matmul(x1, ops.expand_dims(x2, axis=-1)), (Ellipsis, 0))


def _vecmat(x1: Any, x2: Any) -> Any:
    _core_dims("vecmat", x1, x2, 1, 2)
    if x1.shape[-1] != x2.shape[-2]:
        raise _mismatch("vecmat", 1, 0, x2.shape[-2], x1.shape[-1])
    vector = ops.conj(x1) if _dtype(x1).kind == "c" else x1
    return ops.get_item(
        ops.matmul(ops.expand_dims(vector, axis=-2), x2), (Ellipsis, 0, slice(None))
    )


def _vecdot(x1: Any, x2: Any) -> Any:
    _core_dims("vecdot", x1, x2, 1, 1)
    if x1.shape[-1] != x2.shape[-1]:
        raise _mismatch("vecdot", 1, 0, x2.shape[-1], x1.shape[-1])
    dtype = _dtype(x1)
    if dtype == core.bool:
        return ops.any(ops.logical_and(x1, x2), axis=-1)
    vector = ops.conj(x1) if dtype.kind == "c" else x1
    return ops.sum(ops.multiply(vector, x2), axis=-1, dtype=dtype)


def _matmul(x1: Any, x2: Any) -> Any:
    if len(x1.shape) == 0 or len(x2.shape) == 0:
        raise ValueError(
            f"matmul: Input operand {0 if len(x1.shape) == 0 else 1} does not have enough dimensions (has 0, gufunc core "
            "with signature (n?,k),(k,m?)->(n?,m?) requires 1)"
        )
    k1 = x1.shape[-1]
    k2 = x2.shape[-2] if len(x2.shape) > 1 else x2.shape[0]
    if k1 != k2:
        raise ValueError(
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
            f"signature (n?,k),(k,m?)->(n?,m?) (size {k2} is different from {k1})"
        )
    return ops.matmul(x1, x2)


_INT64_MIN = -(2**63)


def _as_unsigned_bits(x: Any) -> Any:
    """uint64 values as int64 with the same bits (the fallback for backends whose uint64
    lacks an operation: torch's shifts and divisions)."""
    return ops.astype(x, core.int64)


def _unsigned_less(a: Any, b: Any) -> Any:
    """a < b for uint64 bit patterns held in int64."""
    return ops.less(ops.bitwise_xor(a, _i64(_INT64_MIN)), ops.bitwise_xor(b, _i64(_INT64_MIN)))


def _logical_shift_right(v: Any, s: Any) -> Any:
    """v >> s on uint64 bit patterns held in int64 (zeros come in; 0 for s >= 64)."""
    big = ops.logical_or(ops.less(s, _i64(0)), ops.greater_equal(s, _i64(64)))
    s = ops.where(big, _i64(0), s)
    shifted = ops.bitwise_right_shift(v, s)
    keep = ops.bitwise_invert(
        ops.bitwise_left_shift(
            _i64(-1), ops.subtract(_i64(64), ops.where(ops.equal(s, _i64(0)), _i64(1), s))
        )
    )
    fixed = ops.where(
        ops.logical_and(ops.less(v, _i64(0)), ops.greater(s, _i64(0))),
        ops.bitwise_and(shifted, keep),
        shifted,
    )
    return ops.where(big, _i64(0), fixed)


def _unsigned_divmod(x1: Any, x2: Any) -> tuple[Any, Any]:
    """Quotient and remainder of uint64 bit patterns held in int64 (0 and 0 for a zero
    divisor, as numpy gives)."""
    shape = numpy_broadcast(x1.shape, x2.shape)
    a, b = ops.broadcast_to(x1, shape), ops.broadcast_to(x2, shape)
    zero = ops.equal(b, _i64(0))
    b_safe = ops.where(zero, _i64(1), b)
    huge = ops.less(b_safe, _i64(0))  # divisor >= 2**63: the quotient is 0 or 1
    small_b = ops.where(huge, _i64(1), b_safe)
    half = _logical_shift_right(a, _i64(1))
    q = ops.bitwise_left_shift(ops.floor_divide(half, small_b), _i64(1))
    r = ops.subtract(a, ops.multiply(q, small_b))
    more = ops.logical_not(_unsigned_less(r, small_b))
    q = ops.where(more, ops.add(q, _i64(1)), q)
    r = ops.where(more, ops.subtract(r, small_b), r)
    big_q = ops.logical_not(_unsigned_less(a, b_safe))
    q = ops.where(huge, ops.astype(big_q, core.int64), q)
    r = ops.where(huge, ops.where(big_q, ops.subtract(a, b_safe), a), r)
    return ops.where(zero, _i64(0), q), ops.where(zero, _i64(0), r)


def _uint64_fallback(name: str, x1: Any, x2: Any) -> Any:
    a, b = _as_unsigned_bits(x1), _as_unsigned_bits(x2)
    if name == "bitwise_right_shift":
        result = _logical_shift_right(a, b)
    elif name == "floor_divide":
        result = _unsigned_divmod(a, b)[0]
    else:  # remainder, fmod: the same for unsigned integers
        result = _unsigned_divmod(a, b)[1]
    return ops.astype(result, core.uint64)


def _shift(name: str) -> Callable[..., Any]:
    """numpy's shifts: by the width or more (or a negative amount) a left shift gives 0
    and a right shift 0 or -1 (the sign), where backends leave it undefined."""
    inner = _with_uint64_fallback(name)

    def kernel(x1: Any, x2: Any) -> Any:
        dtype = _dtype(x1)
        bits = 8 * numpy.dtype(str(dtype)).itemsize
        big = ops.greater_equal(x2, ops.asarray(bits, dtype=dtype))
        if dtype.kind == "i":
            big = ops.logical_or(big, ops.less(x2, ops.zeros((), dtype=dtype)))
        zero = ops.zeros((), dtype=dtype)
        result = inner(x1, ops.where(big, zero, x2))
        if name == "bitwise_left_shift" or dtype.kind == "u":
            fill = zero
        else:
            fill = ops.where(ops.less(x1, zero), ops.asarray(-1, dtype=dtype), zero)
        return ops.where(big, fill, result)

    kernel.__name__ = name
    return kernel


def _with_uint64_fallback(name: str) -> Callable[..., Any]:
    """core's ``name``, or the int64-bits computation where a backend's uint64 lacks it."""

    def kernel(x1: Any, x2: Any) -> Any:
        dtype = _dtype(x1)
        zero = None
        if dtype.kind in "iu" and "shift" not in name:  # numpy: x // 0 == 0
            zero = ops.equal(x2, ops.zeros((), dtype=dtype))
            x2 = ops.where(zero, ops.ones((), dtype=dtype), x2)
        try:
            result = getattr(ops, name)(x1, x2)
        except core.UnsupportedDtypeError:
            if dtype != core.uint64:
                raise
            result = _uint64_fallback(name, x1, x2)
        return result if zero is None else ops.where(zero, ops.zeros((), dtype=dtype), result)

    kernel.core_name = name  # type: ignore[attr-defined]
    kernel.__name__ = name
    return kernel


def _divmod(x1: Any, x2: Any) -> tuple[Any, Any]:
    return _FLOOR_DIVIDE(x1, x2), _REMAINDER(x1, x2)


_FLIPPED = {"less": "greater", "less_equal": "greater_equal", "greater": "less",
            "greater_equal": "less_equal", "equal": "equal", "not_equal": "not_equal"}  # fmt: skip


def _signed_unsigned(name: str, a: Any, b: Any) -> Any:
    """``a <op> b`` exactly for int64 ``a`` and uint64 ``b`` (numpy's qQ loops)."""
    negative = ops.less(a, _i64(0))
    magnitude = ops.astype(ops.where(negative, _i64(0), a), core.uint64)
    result = getattr(ops, name)(magnitude, b)
    if name in ("less", "less_equal", "not_equal"):
        return ops.logical_or(negative, result)
    return ops.logical_and(ops.logical_not(negative), result)


def _complex_order(name: str, x1: Any, x2: Any) -> Any:
    """numpy's complex order: by real part, then imaginary part; a nan in either
    imaginary part makes a real-part decision false (numpy's CLT/CLE macros)."""
    if name in ("greater", "greater_equal"):
        x1, x2 = x2, x1
    r1, i1, r2, i2 = ops.real(x1), ops.imag(x1), ops.real(x2), ops.imag(x2)
    no_nan = ops.logical_not(ops.logical_or(ops.isnan(i1), ops.isnan(i2)))
    tie = ops.less(i1, i2) if name in ("less", "greater") else ops.less_equal(i1, i2)
    return ops.logical_or(
        ops.logical_and(ops.less(r1, r2), no_nan), ops.logical_and(ops.equal(r1, r2), tie)
    )


def _comparison(name: str) -> Callable[..., Any]:
    """A comparison with numpy's complex order and exact int64/uint64 mixes."""

    def kernel(x1: Any, x2: Any) -> Any:
        d1, d2 = _dtype(x1), _dtype(x2)
        if d1 != d2:  # the qQ / Qq loops
            if d1 == core.int64:
                return _signed_unsigned(name, x1, x2)
            return _signed_unsigned(_FLIPPED[name], x2, x1)
        if d1.kind == "c" and name not in ("equal", "not_equal"):
            return _complex_order(name, x1, x2)
        return getattr(ops, name)(x1, x2)

    kernel.core_name = name  # type: ignore[attr-defined]
    kernel.__name__ = name
    return kernel


def _lexicographic(name: str) -> Callable[..., Any]:
    return _comparison(name)


def _complex_isnan(x: Any) -> Any:
    return ops.logical_or(ops.isnan(ops.real(x)), ops.isnan(ops.imag(x)))


def _pick(name: str) -> Callable[..., Any]:
    """maximum/minimum/fmax/fmin; complex ones as numpy (its order; maximum and minimum
    propagate a nan, fmax and fmin ignore one)."""
    order = "greater_equal" if name in ("maximum", "fmax") else "less_equal"

    def kernel(x1: Any, x2: Any) -> Any:
        if _dtype(x1).kind != "c":
            return getattr(ops, name)(x1, x2)
        if name in ("maximum", "minimum"):
            first = ops.logical_or(_complex_order(order, x1, x2), _complex_isnan(x1))
        else:
            first = ops.logical_or(_complex_order(order, x1, x2), _complex_isnan(x2))
        return ops.where(first, x1, x2)

    kernel.core_name = name  # type: ignore[attr-defined]
    kernel.__name__ = name
    return kernel


# numpy's integer reciprocal of 0 (its C cast of 1.0/0 on x86-64)
_RECIPROCAL_OF_ZERO = {core.int32: -(2**31), core.int64: _INT64_MIN}


def _reciprocal(x: Any) -> Any:
    dtype = _dtype(x)
    if dtype.kind not in "iu":
        return ops.reciprocal(x)
    one = ops.asarray(1, dtype=dtype)
    zero = ops.asarray(0, dtype=dtype)
    result = ops.where(ops.equal(x, one), one, zero)
    if dtype.kind == "i":
        result = ops.where(
            ops.equal(x, ops.asarray(-1, dtype=dtype)), ops.asarray(-1, dtype=dtype), result
        )
    at_zero = _RECIPROCAL_OF_ZERO.get(dtype)
    if at_zero is not None:
        result = ops.where(ops.equal(x, zero), ops.asarray(at_zero, dtype=dtype), result)
    return result


def _complex_log_kernel(name: str, pole: float) -> Callable[..., Any]:
    """log/log1p; a complex input at the pole gives -inf with the angle as imaginary part
    (numpy's), where a backend gives a nan imaginary part (tensorflow)."""

    def kernel(x: Any) -> Any:
        result = getattr(ops, name)(x)
        dtype = _dtype(x)
        if dtype.kind != "c":
            return result
        shifted_real = (
            ops.real(x)
            if pole == 0
            else ops.add(ops.real(x), ops.ones((), dtype=_dtype(ops.real(x))))
        )
        broken = ops.logical_and(
            ops.equal(x, ops.asarray(pole, dtype=dtype)), ops.isnan(ops.imag(result))
        )
        angle = ops.atan2(ops.imag(x), shifted_real)
        fixed = ops.add(
            ops.asarray(-math.inf, dtype=dtype),
            ops.multiply(ops.astype(angle, dtype), ops.asarray(1j, dtype=dtype)),
        )
        return ops.where(broken, fixed, result)

    kernel.core_name = name  # type: ignore[attr-defined]
    kernel.__name__ = name
    return kernel


_LOG = _complex_log_kernel("log", 0.0)


def _log_base(name: str, base: float) -> Callable[..., Any]:
    """log2/log10; complex ones as log(x) with both parts divided by log(base), so
    log10(0j) is -inf+0j (a complex multiply would make the imaginary part nan)."""

    def kernel(x: Any) -> Any:
        dtype = _dtype(x)
        if dtype.kind != "c":
            return getattr(ops, name)(x)
        natural = _LOG(x)
        part = core.float32 if dtype == core.complex64 else core.float64
        scale = ops.asarray(math.log(base), dtype=part)
        real = ops.astype(ops.divide(ops.real(natural), scale), dtype)
        imag = ops.astype(ops.divide(ops.imag(natural), scale), dtype)
        return ops.add(real, ops.multiply(imag, ops.asarray(1j, dtype=dtype)))

    kernel.core_name = name  # type: ignore[attr-defined]
    kernel.__name__ = name
    return kernel


def _core_kernel(name: str) -> Callable[..., Any]:
    def kernel(*args: Any) -> Any:
        return getattr(ops, name)(*args)

    kernel.core_name = name  # type: ignore[attr-defined]
    kernel.__name__ = name
    return kernel


# poles: where a finite input gives an infinite result by division by zero
def _divisor_zero(x1: Any, x2: Any) -> Any:
    return ops.equal(x2, ops.zeros((), dtype=_dtype(x2)))


def _integer_zero_divisor(x1: Any, x2: Any) -> Any:
    return _divisor_zero(x1, x2)


def _at_zero(x: Any, *rest: Any) -> Any:
    return ops.equal(x, ops.zeros((), dtype=_dtype(x)))


def _at_minus_one(x: Any) -> Any:
    return ops.equal(x, ops.asarray(-1, dtype=_dtype(x)))


def _at_unit(x: Any) -> Any:
    return ops.equal(ops.abs(x), ops.asarray(1, dtype=_dtype(x)))


_subtract.core_name = "subtract"  # type: ignore[attr-defined]
_negative.core_name = "negative"  # type: ignore[attr-defined]
_power.core_name = "pow"  # type: ignore[attr-defined]
_matmul.core_name = "matmul"  # type: ignore[attr-defined]
_REMAINDER = _with_uint64_fallback("remainder")
_FLOOR_DIVIDE = _with_uint64_fallback("floor_divide")
_SIGNATURES = {
    "matmul": "(n?,k),(k,m?)->(n?,m?)",
    "matvec": "(m,n),(n)->(m)",
    "vecmat": "(n),(n,m)->(m)",
    "vecdot": "(n),(n)->()",
}
_LDEXP_LOOPS = parse_loops("ei->e fi->f eq->e fq->f di->d dq->d", 2, 1)


_BOOL_OUT = "??->? bb->? BB->? hh->? HH->? ii->? II->? qq->? QQ->? ee->? ff->? dd->? FF->? DD->?"
_COMPARE = _BOOL_OUT.replace("QQ->?", "QQ->? qQ->? Qq->?")
_BOOL_OUT_1 = "?->? b->? B->? h->? H->? i->? I->? q->? Q->? e->? f->? d->? F->? D->?"
_INEXACT = "efdFD"
_FLOAT = "efd"
_INTEGER = "bBhHiIqQ"
_NUMERIC = "bBhHiIqQefdFD"
_ABS = "?->? b->b B->B h->h H->H i->i I->I q->q Q->Q e->e f->f d->d F->f D->d"

# name: (nin, nout, loops, kernel, identity)
_UFUNCS: dict[str, tuple[int, int, str, Callable[..., Any], Any]] = {
    "absolute": (1, 1, _ABS, _core_kernel("abs"), None),
    "add": (2, 1, ALL_TYPES, _core_kernel("add"), 0),
    "arccos": (1, 1, _INEXACT, _core_kernel("acos"), None),
    "arccosh": (1, 1, _INEXACT, _core_kernel("acosh"), None),
    "arcsin": (1, 1, _INEXACT, _core_kernel("asin"), None),
    "arcsinh": (1, 1, _INEXACT, _core_kernel("asinh"), None),
    "arctan": (1, 1, _INEXACT, _core_kernel("atan"), None),
    "arctan2": (2, 1, _FLOAT, _core_kernel("atan2"), None),
    "arctanh": (1, 1, _INEXACT, _core_kernel("atanh"), None),
    "bitwise_and": (2, 1, "?" + _INTEGER, _core_kernel("bitwise_and"), -1),
    "bitwise_count": (
        1,
        1,
        "b->B B->B h->B H->B i->B I->B q->B Q->B",
        _bitwise_count,
        None,
    ),
    "bitwise_or": (2, 1, "?" + _INTEGER, _core_kernel("bitwise_or"), 0),
    "bitwise_xor": (2, 1, "?" + _INTEGER, _core_kernel("bitwise_xor"), 0),
    "cbrt": (1, 1, _FLOAT, _cbrt, None),
    "ceil": (1, 1, "?" + _INTEGER + _FLOAT, _core_kernel("ceil"), None),
    "conjugate": (1, 1, _NUMERIC, _core_kernel("conj"), None),
    "copysign": (2, 1, _FLOAT, _core_kernel("copysign"), None),
    "cos": (1, 1, _INEXACT, _core_kernel("cos"), None),
    "cosh": (1, 1, _INEXACT, _core_kernel("cosh"), None),
    "deg2rad": (1, 1, _FLOAT, _core_kernel("deg2rad"), None),
    "degrees": (1, 1, _FLOAT, _core_kernel("rad2deg"), None),
    "divide": (2, 1, _INEXACT, _core_kernel("divide"), None),
    "divmod": (2, 2, _INTEGER + _FLOAT, _divmod, None),
    "equal": (2, 1, _COMPARE, _comparison("equal"), None),
    "exp": (1, 1, _INEXACT, _core_kernel("exp"), None),
    "exp2": (1, 1, _INEXACT, _core_kernel("exp2"), None),
    "expm1": (1, 1, _INEXACT, _core_kernel("expm1"), None),
    "fabs": (1, 1, _FLOAT, _core_kernel("abs"), None),
    "float_power": (2, 1, "dD", _core_kernel("pow"), None),
    "floor": (1, 1, "?" + _INTEGER + _FLOAT, _core_kernel("floor"), None),
    "floor_divide": (2, 1, _INTEGER + _FLOAT, _with_uint64_fallback("floor_divide"), None),
    "fmax": (2, 1, ALL_TYPES, _pick("fmax"), None),
    "fmin": (2, 1, ALL_TYPES, _pick("fmin"), None),
    "fmod": (2, 1, _INTEGER + _FLOAT, _with_uint64_fallback("fmod"), None),
    "frexp": (1, 2, "e->ei f->fi d->di", _frexp, None),
    "gcd": (2, 1, _INTEGER, _gcd, 0),
    "greater": (2, 1, _COMPARE, _comparison("greater"), None),
    "greater_equal": (2, 1, _COMPARE, _comparison("greater_equal"), None),
    "heaviside": (2, 1, _FLOAT, _core_kernel("heaviside"), None),
    "hypot": (2, 1, _FLOAT, _core_kernel("hypot"), 0),
    "invert": (1, 1, "?" + _INTEGER, _core_kernel("bitwise_invert"), None),
    "isfinite": (1, 1, _BOOL_OUT_1, _core_kernel("isfinite"), None),
    "isinf": (1, 1, _BOOL_OUT_1, _core_kernel("isinf"), None),
    "isnan": (1, 1, _BOOL_OUT_1, _core_kernel("isnan"), None),
    "lcm": (2, 1, _INTEGER, _lcm, None),
    "ldexp": (2, 1, "ei->e fi->f eq->e fq->f di->d dq->d", _ldexp, None),
    "left_shift": (2, 1, _INTEGER, _shift("bitwise_left_shift"), None),
    "less": (2, 1, _COMPARE, _comparison("less"), None),
    "less_equal": (2, 1, _COMPARE, _comparison("less_equal"), None),
    "log": (1, 1, _INEXACT, _LOG, None),
    "log10": (1, 1, _INEXACT, _log_base("log10", 10.0), None),
    "log1p": (1, 1, _INEXACT, _complex_log_kernel("log1p", -1.0), None),
    "log2": (1, 1, _INEXACT, _log_base("log2", 2.0), None),
    "logaddexp": (2, 1, _FLOAT, _core_kernel("logaddexp"), -math.inf),
    "logaddexp2": (2, 1, _FLOAT, _logaddexp2, -math.inf),
    "logical_and": (2, 1, _BOOL_OUT, _core_kernel("logical_and"), True),
    "logical_not": (1, 1, _BOOL_OUT_1, _core_kernel("logical_not"), None),
    "logical_or": (2, 1, _BOOL_OUT, _core_kernel("logical_or"), False),
    "logical_xor": (2, 1, _BOOL_OUT, _core_kernel("logical_xor"), False),
    "matmul": (2, 1, ALL_TYPES, _matmul, None),
    "matvec": (2, 1, ALL_TYPES, _matvec, None),
    "maximum": (2, 1, ALL_TYPES, _pick("maximum"), None),
    "minimum": (2, 1, ALL_TYPES, _pick("minimum"), None),
    "modf": (1, 2, _FLOAT, _modf, None),
    "multiply": (2, 1, ALL_TYPES, _core_kernel("multiply"), 1),
    "negative": (1, 1, _NUMERIC, _negative, None),
    "nextafter": (2, 1, _FLOAT, _core_kernel("nextafter"), None),
    "not_equal": (2, 1, _COMPARE, _comparison("not_equal"), None),
    "positive": (1, 1, _NUMERIC, _core_kernel("positive"), None),
    "power": (2, 1, _NUMERIC, _power, None),
    "rad2deg": (1, 1, _FLOAT, _core_kernel("rad2deg"), None),
    "radians": (1, 1, _FLOAT, _core_kernel("deg2rad"), None),
    "reciprocal": (1, 1, _NUMERIC, _reciprocal, None),
    "remainder": (2, 1, _INTEGER + _FLOAT, _with_uint64_fallback("remainder"), None),
    "right_shift": (2, 1, _INTEGER, _shift("bitwise_right_shift"), None),
    "rint": (1, 1, _INEXACT, _core_kernel("round"), None),
    "sign": (1, 1, _NUMERIC, _core_kernel("sign"), None),
    "signbit": (1, 1, "e->? f->? d->?", _core_kernel("signbit"), None),
    "sin": (1, 1, _INEXACT, _core_kernel("sin"), None),
    "sinh": (1, 1, _INEXACT, _core_kernel("sinh"), None),
    "spacing": (1, 1, _FLOAT, _spacing, None),
    "sqrt": (1, 1, _INEXACT, _core_kernel("sqrt"), None),
    "square": (1, 1, _NUMERIC, _core_kernel("square"), None),
    "subtract": (2, 1, _NUMERIC, _subtract, None),
    "tan": (1, 1, _INEXACT, _core_kernel("tan"), None),
    "tanh": (1, 1, _INEXACT, _core_kernel("tanh"), None),
    "trunc": (1, 1, "?" + _INTEGER + _FLOAT, _core_kernel("trunc"), None),
    "vecdot": (2, 1, ALL_TYPES, _vecdot, None),
    "vecmat": (2, 1, ALL_TYPES, _vecmat, None),
}
_RESOLVERS = {
    "divide": _true_divide_loop, "positive": _no_bool_loop, "sign": _no_bool_loop,
    "gcd": _no_bool_loop, "lcm": _no_bool_loop, "negative": _negative_loop,
    "subtract": _subtract_loop,
}  # fmt: skip
_RAW_RESOLVERS = {"ldexp": _ldexp_loop}
# ufuncs that never turn finite inputs into inf/nan (or, for the matrix ones, do not
# report it in numpy either): no error-state check
_NO_FP_ERRORS = {
    "absolute", "ceil", "conjugate", "copysign", "fabs", "floor", "fmax", "fmin", "frexp",
    "heaviside", "matmul", "matvec", "maximum", "minimum", "modf", "negative", "nextafter",
    "positive", "rint", "sign", "signbit", "trunc", "vecdot", "vecmat", "deg2rad", "radians",
}  # fmt: skip
_POLES = {
    "divide": _divisor_zero, "floor_divide": _integer_zero_divisor,
    "remainder": _integer_zero_divisor, "fmod": _integer_zero_divisor,
    "divmod": _integer_zero_divisor, "reciprocal": _at_zero, "log": _at_zero,
    "log2": _at_zero, "log10": _at_zero, "log1p": _at_minus_one, "arctanh": _at_unit,
    "power": _at_zero, "float_power": _at_zero,
}  # fmt: skip
_REORDERABLE_WITHOUT_IDENTITY = {"maximum", "minimum", "fmax", "fmin"}
# numpy's other names for the same ufunc objects
_ALIASES = {
    "abs": "absolute", "acos": "arccos", "acosh": "arccosh", "asin": "arcsin",
    "asinh": "arcsinh", "atan": "arctan", "atan2": "arctan2", "atanh": "arctanh",
    "bitwise_invert": "invert", "bitwise_left_shift": "left_shift", "bitwise_not": "invert",
    "bitwise_right_shift": "right_shift", "conj": "conjugate", "mod": "remainder",
    "pow": "power", "true_divide": "divide",
}  # fmt: skip

for _name, (_nin, _nout, _loops, _kernel, _identity) in _UFUNCS.items():
    globals()[_name] = ufunc(
        _name,
        _nin,
        _nout,
        _loops,
        _kernel,
        identity=_identity,
        resolve=_RESOLVERS.get(_name),
        resolve_raw=_RAW_RESOLVERS.get(_name),
        signature=_SIGNATURES.get(_name),
        reorderable=_name in _REORDERABLE_WITHOUT_IDENTITY,
        fp_errors=_name not in _NO_FP_ERRORS,
        pole=_POLES.get(_name),
    )
for _alias, _target in _ALIASES.items():
    globals()[_alias] = globals()[_target]

# numpy._core.umath's constants (numpy's own Python floats)
pi, e, euler_gamma = numpy.pi, numpy.e, numpy.euler_gamma
PINF, NINF, PZERO, NZERO, NAN = math.inf, -math.inf, 0.0, -0.0, math.nan
FLOATING_POINT_SUPPORT = numpy._core.umath.FLOATING_POINT_SUPPORT

__all__ = ["UFuncTypeError", "ufunc", *_UFUNCS, *_ALIASES]


def _fast_operators() -> None:
    """ndarray's operators whose ufunc has a fast path: that fast path in front of the
    operator (``x + y``, and ``2.0 * x`` through ``x.__rmul__``, is one call of a
    generated function in the common case)."""
    from frontends.numpy._core import multiarray

    table = {**multiarray._BINARY, **multiarray._COMPARISONS, **multiarray._UNARY}
    for dunder, name in table.items():
        u = globals()[name]
        if u._fast_kernel is None or (dunder in multiarray._UNARY) != (u.nin == 1):
            continue
        general = getattr(ndarray, f"__{dunder}__")
        arrays = ("self",) if u.nin == 1 else ("self", "other")
        setattr(ndarray, f"__{dunder}__", _fast(u, general, arrays))
        if dunder in multiarray._BINARY:
            reflected = getattr(ndarray, f"__r{dunder}__")
            setattr(ndarray, f"__r{dunder}__", _fast(u, reflected, arrays, reverse=True))
            if dunder != "divmod":
                inplace = getattr(ndarray, f"__i{dunder}__")
                fast_inplace = _fast_inplace(getattr(ndarray, f"__{dunder}__"), inplace)
                setattr(ndarray, f"__i{dunder}__", fast_inplace)


def _fast_inplace(forward: Callable[..., Any], general: Callable[..., Any]) -> Callable[..., Any]:
    """``a += b`` (``general``) as ``forward``'s fast ``a + b`` written into ``a`` where
    that result has ``a``'s dtype and shape for sure: ``a`` a float array, ``b`` a Python
    number or an array of its dtype that broadcasts to its shape."""

    def inplace(self: ndarray, other: Any) -> Any:
        if type(self) is ndarray and self._writeable:
            dtype = self.stored.dtype
            kind = type(other)
            if dtype in _INPLACE_DTYPES and (
                kind is float or kind is int or (kind is ndarray and other.stored.dtype == dtype)
            ):
                result = forward(self, other)
                if type(result) is ndarray and result.stored.shape == self.stored.shape:
                    _write_into(self, result)
                    return self
        return general(self, other)

    inplace.__name__ = general.__name__
    inplace.__qualname__ = general.__qualname__
    inplace.__doc__ = general.__doc__
    return inplace


@hosted
def _write_into(array: ndarray, result: ndarray) -> None:
    """``array``'s values made ``result``'s (same shape and dtype), where ``array`` is
    held: a host call when both are host-resident, else on the backend (reading
    ``array.native`` first moves a host-resident one there, with its views)."""
    array.native  # noqa: B018 - read for its move (FrontendArray.native)
    array._assign(result.native)


_INPLACE_DTYPES = frozenset(numpy.dtype(name) for name in ("float32", "float64"))


_fast_operators()
