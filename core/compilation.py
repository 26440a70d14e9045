"""``core.compile``: a pure function of native arrays, compiled for the current backend.

One mechanism serves ``torch.compile``, ``jax.jit`` and ``tf.function`` (principle 10):

>>> step = core.compile(lambda x, y: ops.add(ops.multiply(x, 2.0), y))
>>> step(x, y)          # on jax: one XLA program; on tensorflow: one tf.function graph

``fn`` takes and returns pytrees (tuples, lists, dicts) whose leaves are native arrays of
the current backend, plus static Python values at ``static_argnums``/``static_argnames``.
Per backend:

- jax: ``jax.jit``. The core autodiff engine traces with it, so a forward and backward pass
  that track their inputs inside ``fn`` compile to one program.
- tensorflow: ``tf.function`` (results are the eager ones: no XLA). A function that cannot
  be traced into a graph (a host read inside a core function, Python control flow on a
  tensor) runs eagerly for that signature instead, since no TF-specific error is owed to
  the caller here.
- numpy, torch: ``fn`` itself (eager; torch's own compiler would change float results).

With ``fallback=True`` a jax trace that fails runs the call eagerly instead, and later
calls with the same argument signature go straight to eager (torch.compile's graph breaks);
with ``fallback=False`` JAX's own error surfaces, as ``jax.jit`` raises it.

``Compiled.ahead(*args)`` compiles for a signature before any call needs it (torch.compile's
training step knows after its first call the state its second call will have).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

from core.backend import current_backend

__all__ = ["compile", "Compiled", "eager", "host_check", "is_traced"]

# exceptions a host_check raised inside a compiled run, re-raised by Compiled as they are
# (the backend delivers them wrapped in its own runtime error)
_FAILED_CHECKS: list[BaseException] = []
# how many Compiled functions are being traced now: host checks are compiled into their
# programs only (a program traced by the user's own jax.jit or exported by
# frontends.export stays pure: JAX's export and a SavedModel cannot hold a host callback)
_COMPILED_TRACES = [0]


class Compiled:
    """``fn`` compiled per backend (built on the first call on each)."""

    def __init__(
        self,
        fn: Callable[..., Any],
        static_argnums: Sequence[int] = (),
        static_argnames: Sequence[str] = (),
        fallback: bool = False,
    ) -> None:
        self.fn = fn
        self.static_argnums = tuple(static_argnums)
        self.static_argnames = tuple(static_argnames)
        self.fallback = fallback
        self._compiled: dict[str, Callable[..., Any]] = {}
        self._eager_signatures: dict[str, set[Hashable]] = {}
        functools.update_wrapper(self, fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        backend = current_backend().name
        if backend not in ("jax", "tensorflow"):
            return self.fn(*args, **kwargs)
        eager = self._eager_signatures.get(backend)
        if eager and self._signature(args, kwargs) in eager:
            return self.fn(*args, **kwargs)
        compiled = self._compiled.get(backend)
        if compiled is None:
            compiled = self._compiled[backend] = self._build(backend)
        if backend == "jax" and not self.fallback:
            return _run_checked(compiled, args, kwargs)
        try:
            return _run_checked(compiled, args, kwargs)
        except Exception as error:
            if not _is_trace_failure(backend, error):
                raise
        self._eager_signatures.setdefault(backend, set()).add(self._signature(args, kwargs))
        return self.fn(*args, **kwargs)

    def ahead(self, *args: Any) -> Callable[..., Any]:
        """A function for arguments with the signature of ``args`` (the same structure,
        shapes and dtypes), traced and compiled now without running ``fn`` (on jax; a call
        whose arguments do not match that signature takes the ordinary compiled path).
        Elsewhere it is this function itself (a tf.function traces on its first call)."""
        if current_backend().name != "jax" or self.static_argnums or self.static_argnames:
            return self
        compiled = self._compiled.get("jax")
        if compiled is None:
            compiled = self._compiled["jax"] = self._build("jax")
        executable = compiled.lower(*args).compile()

        def run(*call_args: Any) -> Any:
            try:
                return executable(*call_args)
            except TypeError:  # another signature (shapes, dtypes, weak types): JAX's check
                return self(*call_args)

        return run

    def _build(self, backend: str) -> Callable[..., Any]:
        fn = self.fn

        @functools.wraps(fn)
        def traced(*args: Any, **kwargs: Any) -> Any:
            _COMPILED_TRACES[0] += 1
            try:
                return fn(*args, **kwargs)
            finally:
                _COMPILED_TRACES[0] -= 1

        if backend == "jax":
            import jax

            return jax.jit(
                traced, static_argnums=self.static_argnums, static_argnames=self.static_argnames
            )
        import tensorflow as tf

        # Python (static) arguments already key tf.function's traces by value
        return tf.function(traced, autograph=False)

    def _signature(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Hashable:
        """What tells one trace from another: array leaves by shape and dtype, the static
        arguments by value, everything else by type."""
        parts = []
        for index, arg in enumerate(args):
            parts.append(arg if index in self.static_argnums else _abstract(arg))
        for name in sorted(kwargs):
            value = kwargs[name]
            parts.append((name, value if name in self.static_argnames else _abstract(value)))
        return tuple(parts)


def _run_checked(compiled: Callable[..., Any], args: tuple, kwargs: dict[str, Any]) -> Any:
    """``compiled(*args, **kwargs)``; an exception a :func:`host_check` raised inside it
    surfaces as it was raised (not as the backend's runtime error around it)."""
    del _FAILED_CHECKS[:]
    try:
        return compiled(*args, **kwargs)
    except Exception:
        if _FAILED_CHECKS:
            raise _FAILED_CHECKS.pop() from None
        raise


def host_check(error_of: Callable[..., BaseException | None], *arrays: Any) -> None:
    """Raise ``error_of(*host_values)`` (when it is not None) for native ``arrays``, also
    inside a compiled function, where the values are known only when it runs: there a
    host callback (``jax.debug.callback``, ``tf.numpy_function``) calls ``error_of`` at
    run time and the compiled call raises its exception. An op whose framework checks
    its operands at run time (TF's gather index range) keeps that error under a backend
    that does not check (JAX clamps). Traced by anything but :func:`compile` (the
    user's real ``jax.jit``, an export), nothing is checked: the program stays pure and
    the backend's semantics hold there."""
    import numpy

    if not any(is_traced(a) for a in arrays):
        to_numpy = current_backend().module.to_numpy
        error = error_of(
            *(a if type(a) is numpy.ndarray else numpy.asarray(to_numpy(a)) for a in arrays)
        )
        if error is not None:
            raise error
        return
    if not _COMPILED_TRACES[0]:
        return

    def on_host(*values: Any) -> Any:
        error = error_of(*(numpy.asarray(v) for v in values))
        if error is not None:
            _FAILED_CHECKS.append(error)
            raise error
        return numpy.zeros((), dtype=bool)

    if current_backend().name == "jax":
        import jax

        jax.debug.callback(on_host, *arrays)
    else:
        import tensorflow as tf

        tf.numpy_function(on_host, list(arrays), Tout=tf.bool, stateful=True)


def _abstract(value: Any) -> Hashable:
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(_abstract(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((k, _abstract(v)) for k, v in sorted(value.items(), key=repr)))
    shape = getattr(value, "shape", None)
    if shape is not None and hasattr(value, "dtype"):
        return (tuple(shape), str(value.dtype))
    if isinstance(value, Hashable):
        return (type(value).__name__, value)
    return type(value).__name__


def _is_trace_failure(backend: str, error: Exception) -> bool:
    """Whether ``error`` came from tracing (a graph that cannot be built), not from the
    computation the eager run would do too."""
    if backend == "jax":
        import jax

        # every tracer misuse (ConcretizationTypeError, TracerBoolConversionError, ...)
        return isinstance(error, (jax.errors.JAXTypeError, jax.errors.JAXIndexError))
    return True


def compile(  # noqa: A001 (the public name, as torch.compile)
    fn: Callable[..., Any],
    *,
    static_argnums: int | Sequence[int] = (),
    static_argnames: str | Sequence[str] = (),
    fallback: bool = False,
) -> Compiled:
    """``fn`` compiled for whichever backend is current when it is called."""
    if isinstance(static_argnums, int):
        static_argnums = (static_argnums,)
    if isinstance(static_argnames, str):
        static_argnames = (static_argnames,)
    return Compiled(fn, static_argnums, static_argnames, fallback)


@contextlib.contextmanager
def eager() -> Iterator[None]:
    """Inside a compile trace, the block's operations on concrete values run eagerly and
    give concrete results (``jax.ensure_compile_time_eval``, ``tf.init_scope``), as
    ``tf.init_scope`` lifts variable initializers out of a ``tf.function``. Elsewhere the
    block just runs."""
    backend = current_backend().name
    if backend == "jax":
        import jax

        with jax.ensure_compile_time_eval():
            yield
    elif backend == "tensorflow":
        import tensorflow as tf

        with tf.init_scope():
            yield
    else:
        yield


def is_traced(value: Any) -> bool:
    """Whether the native ``value`` is a placeholder of a compile trace (a JAX tracer, a
    symbolic TF tensor) rather than a concrete array."""
    backend = current_backend().name
    if backend == "jax":
        import jax

        return isinstance(value, jax.core.Tracer)
    if backend == "tensorflow":
        import tensorflow as tf

        return tf.is_symbolic_tensor(value)
    return False
