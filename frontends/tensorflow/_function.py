"""tf.function on ``core.compile``: a graph on the tensorflow backend, ``jax.jit`` on jax,
eager on numpy and torch.

The Python function is traced once per *signature*: tensor arguments by shape and dtype,
Python arguments by value (TF's retracing rules), so Python side effects run when TF's
would (on a trace). Variables are lifted: those the function reads or assigns become
inputs and outputs of the compiled program (found on a first trace; a trace that meets a
new variable is redone with it), so assignments inside reach the Variables and later calls
see their current values. The function runs eagerly instead (results are the same; only
speed differs) where compiling would change semantics:

- it creates a Variable from traced values (that call runs eagerly and the next one is
  compiled). A Variable whose initializer runs on concrete values (``tf.init_scope``, a
  callable initial value: Keras' layers and optimizers) is created during the trace, which
  is then redone with it lifted, as TF traces twice a first call that creates variables;
- it draws from a stateful ``tf.random`` op or Generator (the compiled program would
  replay one draw);
- a GradientTape outside is recording (the tape must see every op);
- the backend cannot trace it (a host read, Python control flow on a tensor).

``input_signature`` is checked; ``jit_compile`` and ``reduce_retracing`` are accepted (XLA
is always used on jax and never on tensorflow, where results must stay identical).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

import core
from core import compilation
from core import errors as core_errors
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, _variable, errors, nest
from frontends.tensorflow._tensor import Tensor
from frontends.tensorflow._variable import Variable

__all__ = ["function", "Function"]


# tf.config.run_functions_eagerly's flag (a list, so tf.config sets it in place)
RUN_EAGERLY = [False]


class _CreatesVariables(Exception):
    """Raised inside a trace that creates a Variable."""


class _Uncompilable(Exception):
    """Raised inside a trace that uses state compiling cannot keep (stateful random)."""


_tracing: list[Function] = []  # the Function whose Python body is running under compile


def check_compilable(what: str) -> None:
    """Called by stateful ops: inside a trace, abandon compiling for this function."""
    if _tracing:
        raise _Uncompilable(what)


_STATIC_KINDS = (
    core_errors.BroadcastError,
    core_errors.ReshapeError,
    core_errors.ShapeMismatchError,
    core_errors.AxisError,
    core_errors.IndexOutOfRangeError,
)


def _static_shape_error(error: Exception) -> ValueError | None:
    """TF's ValueError for a shape mistake inside a ``tf.function``: graph building infers
    shapes and raises it before anything runs, where the eager op raises an
    ``InvalidArgumentError`` (a gather's indices, known only at run time, keep that)."""
    kind = getattr(error, "core_error", None) or core_errors.from_message(str(error))
    return ValueError(str(error)) if isinstance(kind, _STATIC_KINDS) else None


class Function:
    """A tf.function-decorated callable (see the module docstring)."""

    def __init__(self, python_function: Callable[..., Any], input_signature: Any = None,
                 jit_compile: Any = None, reduce_retracing: bool = False,
                 name: str | None = None) -> None:  # fmt: skip
        self.python_function = python_function
        self.input_signature = input_signature
        self._jit_compile = jit_compile
        self._reduce_retracing = reduce_retracing
        self._name = name or getattr(python_function, "__name__", "function")
        self._variables: list[Variable] = []
        self._templates: dict[Hashable, tuple[Any, list[Any]]] = {}
        self._outputs: dict[Hashable, tuple[Any, list[Any]]] = {}
        self._eager = False
        self._discovered: list[Variable] = []
        self._tracing_count = 0
        self._new_compiled()
        functools.update_wrapper(self, python_function)

    def _new_compiled(self) -> None:
        self._compiled = core.compile(self._body, static_argnums=(0,), fallback=True)

    # ------------------------------------------------------------------ calling
    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        return functools.partial(self.__call__, instance)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return self._call(*args, **kwargs)
        except errors.InvalidArgumentError as error:
            static = None if RUN_EAGERLY[0] else _static_shape_error(error)
            if static is None:
                raise
            raise static from None

    def _call(self, *args: Any, **kwargs: Any) -> Any:
        if self.input_signature is not None:
            self._check_signature(args, kwargs)
        backend = core.get_backend()
        eager = self._eager or RUN_EAGERLY[0] or self._tape_recording()
        if backend not in ("jax", "tensorflow") or eager:
            return _outputs(self.python_function(*args, **kwargs))
        key, tensors, lifted = self._flatten(args, kwargs)
        for variable in lifted:
            if all(variable is not known for known in self._variables):
                self._variables.append(variable)
        for _ in range(64):
            variables = list(self._variables)
            discovered: list[Variable] = []
            try:
                self._discovered = discovered
                new_values, outputs = self._compiled(key, [v._value for v in variables], tensors)
            except _CreatesVariables:
                self._new_compiled()
                return _outputs(self.python_function(*args, **kwargs))
            except _Uncompilable:
                self._eager = True
                return _outputs(self.python_function(*args, **kwargs))
            if discovered:
                for variable in discovered:
                    if all(variable is not known for known in self._variables):
                        self._variables.append(variable)
                continue
            for variable, value in zip(variables, new_values):
                if value is not variable._value:
                    variable._value = value
                    variable._version += 1
            template, python_leaves = self._outputs[key]
            arrays = iter(outputs)
            flat = [Tensor._from_native(next(arrays)) if leaf is _ARRAY else leaf
                    for leaf in python_leaves]  # fmt: skip
            return nest.pack_sequence_as(template, flat)[0]
        raise RuntimeError(f"tf.function {self._name}: variables kept changing between traces")

    @staticmethod
    def _tape_recording() -> bool:
        from frontends.tensorflow import _tape

        return bool(_tape._recording)

    def _flatten(self, args: tuple, kwargs: dict) -> tuple[Hashable, list[Any], list[Variable]]:
        structure = (args, kwargs)
        flat = nest.flatten(structure)
        tensors, lifted, parts, template_leaves = [], [], [], []
        for leaf in flat:
            if isinstance(leaf, Variable):
                lifted.append(leaf)
                parts.append(("V", id(leaf)))
                template_leaves.append(leaf)
            elif isinstance(leaf, FrontendArray) or _is_array(leaf):
                native = leaf.native if isinstance(leaf, FrontendArray) else _to_native(leaf)
                tensors.append(native)
                parts.append(("T",))
                template_leaves.append(_ARRAY)
            else:
                parts.append(("P", _hashable(leaf)))
                template_leaves.append(leaf)
        key = (_skeleton(structure), tuple(parts))
        if key not in self._templates:
            self._templates[key] = (structure, template_leaves)
        return key, tensors, lifted

    # ------------------------------------------------------------------ the traced body
    def _body(self, key: Hashable, values: list[Any], tensors: list[Any]) -> Any:
        variables = list(self._variables)
        saved = [v._value for v in variables]
        lifted = {id(v) for v in variables}
        touched: dict[int, tuple[Variable, Any]] = {}

        def on_read(variable: Variable) -> None:
            if id(variable) not in lifted and id(variable) not in touched:
                touched[id(variable)] = (variable, variable._value)
                self._discovered.append(variable)

        def on_write(variable: Variable, value: Any) -> None:
            on_read(variable)

        def on_create(variable: Variable) -> None:
            # a variable initialized from concrete values (its initializer runs eagerly, in
            # init_scope) joins the lifted variables on a retrace, as TF traces a function
            # that created variables again; one initialized from traced values cannot
            if compilation.is_traced(variable._value):
                raise _CreatesVariables(variable.name)
            touched[id(variable)] = (variable, variable._value)
            self._discovered.append(variable)

        for variable, value in zip(variables, values):
            variable._value = value
        _variable.READERS.append(on_read)
        _variable.WRITERS.append(on_write)
        _variable.CREATORS.append(on_create)
        _tracing.append(self)
        self._tracing_count += 1
        try:
            structure, template_leaves = self._templates[key]
            arrays = iter(tensors)
            leaves = [
                Tensor._from_native(next(arrays)) if leaf is _ARRAY else leaf
                for leaf in template_leaves
            ]
            args, kwargs = nest.pack_sequence_as(structure, leaves)
            wrapped = [_outputs(self.python_function(*args, **kwargs))]
            new_values = [v._value for v in variables]
            python_leaves, outputs = [], []
            for leaf in nest.flatten(wrapped):
                if isinstance(leaf, FrontendArray):
                    outputs.append(leaf.native)
                    python_leaves.append(_ARRAY)
                else:
                    python_leaves.append(leaf)
            self._outputs[key] = (_structure_only(wrapped), python_leaves)
            return new_values, outputs
        finally:
            _tracing.pop()
            _variable.READERS.remove(on_read)
            _variable.WRITERS.remove(on_write)
            _variable.CREATORS.remove(on_create)
            for variable, value in zip(variables, saved):
                variable._value = value
            for variable, value in touched.values():
                variable._value = value

    # ------------------------------------------------------------------ API
    def experimental_get_tracing_count(self) -> int:
        """How many times the Python function ran under compile (traces and eager
        fallbacks of the compiled path)."""
        return self._tracing_count

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(
            "tf.function.get_concrete_function is not implemented by this frontend (there are "
            "no graphs to inspect); call the function instead"
        )

    def _check_signature(self, args: tuple, kwargs: dict) -> None:
        specs = nest.flatten(self.input_signature)
        values = nest.flatten(list(args))
        if kwargs or len(values) != len(specs):
            raise TypeError(
                f"{self._name}() takes {len(specs)} positional arguments matching its "
                f"input_signature, got {len(values)} and keyword arguments {sorted(kwargs)}"
            )
        for spec, value in zip(specs, values):
            native = value.native if isinstance(value, FrontendArray) else _to_native(value)
            dtype = _dtypes.of(core.as_core_dtype(native.dtype))
            if dtype != spec.dtype or not spec.shape.is_compatible_with(tuple(native.shape)):
                raise TypeError(
                    f"Binding inputs to tf.function failed due to `Can not cast "
                    f"TensorSpec(shape={tuple(native.shape)}, dtype={dtype!r}, name=None) to "
                    f"{spec!r}`."
                )


class _Marker:
    def __repr__(self) -> str:
        return "<array>"


def _outputs(result: Any) -> Any:
    """TF's conversion of a function's outputs: Python numbers and numpy values become
    tensors, Variables their value; None and other objects stay."""
    import numpy

    def convert(leaf: Any) -> Any:
        if isinstance(leaf, Variable):
            return Tensor._from_native(leaf.native)
        if isinstance(leaf, (bool, int, float, complex, numpy.ndarray, numpy.generic)):
            return Tensor._from_native(_to_native(leaf))
        return leaf

    return nest.map_structure(convert, result)


def _structure_only(structure: Any) -> Any:
    """``structure`` with its leaves replaced (no traced values kept alive)."""
    return nest.map_structure(lambda _: None, structure)


_ARRAY = _Marker()


def _is_array(value: Any) -> bool:
    import numpy

    return isinstance(value, numpy.ndarray) or isinstance(
        value, core.current_backend().native_array_types
    )


def _to_native(value: Any) -> Any:
    from frontends.tensorflow._conversion import to_native

    return to_native(value)


def _hashable(value: Any) -> Hashable:
    try:
        hash(value)
    except TypeError:
        return (type(value).__name__, id(value))
    return (type(value).__name__, value)


def _skeleton(structure: Any) -> Hashable:
    if isinstance(structure, (list, tuple)):
        return (type(structure).__name__, tuple(_skeleton(s) for s in structure))
    if isinstance(structure, dict):
        return ("dict", tuple((k, _skeleton(structure[k])) for k in sorted(structure, key=repr)))
    return None


def function(func: Callable[..., Any] | None = None, input_signature: Any = None,
             autograph: bool = True, jit_compile: Any = None, reduce_retracing: bool = False,
             experimental_implements: Any = None, experimental_autograph_options: Any = None,
             experimental_attributes: Any = None, experimental_relax_shapes: Any = None,
             experimental_compile: Any = None, experimental_follow_type_hints: Any = None,
             name: str | None = None) -> Any:  # fmt: skip
    """tf.function (as a decorator with or without arguments)."""

    def decorate(fn: Callable[..., Any]) -> Function:
        return Function(fn, input_signature, jit_compile, reduce_retracing, name)

    return decorate if func is None else decorate(func)
