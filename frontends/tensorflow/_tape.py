"""tf.GradientTape and tf.custom_gradient on core's autodiff engine.

A tape records nothing itself: core's engine records every call on a tracked native
array. ``watch(x)`` makes ``x``'s native value a leaf (or keeps its node when it is
already tracked); a trainable Variable read while the tape records becomes a leaf the
first time (one leaf node per variable, kept across assignments: each newly assigned
value is registered under the same node, so every read reaches the variable, as TF's
ReadVariableOp does). ``gradient`` runs the engine's backward pass from the targets and
reads the cotangents arriving at the sources' nodes.

When the outermost recording tape exits, the leaves it made are untracked, so code after
the tape (an optimizer's update) is not recorded. Differences from TF: ``stop_recording``
pauses recording for every tape (the engine has one grad mode), and ops on a watched value
run outside any tape but before the outermost one exits are recorded too.
"""

from __future__ import annotations

import contextlib
import enum
import functools
from collections.abc import Callable, Iterator
from typing import Any

from core import autodiff
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _variable, nest
from frontends.tensorflow._conversion import native_dtype, to_native
from frontends.tensorflow._tensor import Tensor
from frontends.tensorflow._variable import Variable

__all__ = ["GradientTape", "UnconnectedGradients", "custom_gradient"]


class UnconnectedGradients(enum.Enum):
    """tf.UnconnectedGradients: what ``gradient`` gives for a source the target does not
    reach."""

    NONE = "none"
    ZERO = "zero"


_recording: list[GradientTape] = []  # tapes inside their ``with`` and not stopped
_variable_leaves: dict[int, tuple[Variable, autodiff.Node]] = {}  # while any tape records
_made_leaves: list[Any] = []  # native values tracked by tapes, untracked at the end


def _on_read(variable: Variable) -> None:
    """A Variable read while tapes record: watched by those that watch accessed ones."""
    if not variable._trainable:
        return
    for tape in _recording:
        if tape._watch_accessed and id(variable) not in tape._variables:
            tape._watch_variable(variable)
    entry = _variable_leaves.get(id(variable))
    if entry is not None and autodiff.node_of(variable._value) is not entry[1]:
        autodiff.retrack(variable._value, entry[1])
        _made_leaves.append(variable._value)


def _variable_node(variable: Variable) -> autodiff.Node:
    entry = _variable_leaves.get(id(variable))
    if entry is None:
        value = variable._value
        node = autodiff.node_of(value)
        if node is None:
            node = autodiff.track(value)
            _made_leaves.append(value)
        entry = _variable_leaves[id(variable)] = (variable, node)
    return entry[1]


def _push(tape: GradientTape) -> None:
    if not _recording:
        _variable.READERS.append(_on_read)
    _recording.append(tape)


def _pop(tape: GradientTape) -> None:
    if tape in _recording:
        _recording.remove(tape)
    if not _recording:
        _variable.READERS.remove(_on_read)
        for value in _made_leaves:
            autodiff.untrack(value)
        _made_leaves.clear()
        _variable_leaves.clear()


def _native_of(value: Any) -> Any:
    if isinstance(value, Variable):
        return value._value
    if isinstance(value, FrontendArray):
        return value.native
    return to_native(value)


def _resource(value: Any) -> Any:
    """The tf.Variable an object that acts as a resource variable holds (Keras' Variable,
    which TF's tape reads through its ``handle``), else ``value``."""
    if getattr(value, "_should_act_as_resource_variable", False):
        return value.value
    return value


class GradientTape:
    """tf.GradientTape(persistent=False, watch_accessed_variables=True)."""

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True) -> None:
        self._persistent = persistent
        self._watch_accessed = watch_accessed_variables
        self._tensors: dict[int, tuple[Any, autodiff.Node]] = {}  # id(native) -> leaf
        self._variables: dict[int, tuple[Variable, autodiff.Node]] = {}
        self._used = False
        self._inside = False

    # ------------------------------------------------------------------ recording
    def __enter__(self) -> GradientTape:
        if self._inside:
            raise ValueError("GradientTape.__enter__: tape is already recording.")
        self._inside = True
        _push(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        self._inside = False
        _pop(self)

    def _watch_variable(self, variable: Variable) -> None:
        if variable._value.dtype is not None and native_dtype(variable._value).kind not in "fc":
            return
        self._variables[id(variable)] = (variable, _variable_node(variable))

    def watch(self, tensor: Any) -> None:
        """Watch a tensor, a Variable, or a nested structure of them."""
        for item in nest.flatten(tensor):
            item = _resource(item)
            if isinstance(item, Variable):
                self._watch_variable(item)
                continue
            if not isinstance(item, FrontendArray):
                raise ValueError(
                    f"Passed in object {item!r} of type {type(item).__name__!r}, not tf.Tensor "
                    "or tf.Variable or ExtensionType."
                )
            native = item.native
            if native_dtype(native).kind not in "fc":
                continue  # TF warns: only floating (and complex) tensors are watched
            node = autodiff.node_of(native)
            if node is None:
                node = autodiff.track(native)
                _made_leaves.append(native)
            self._tensors[id(native)] = (native, node)

    @contextlib.contextmanager
    def stop_recording(self) -> Iterator[None]:
        """Nothing is recorded inside (for every tape: core has one grad mode)."""
        if not self._inside:
            raise ValueError("Tape must be recording when stop_recording is called.")
        with autodiff.no_grad():
            yield

    def reset(self) -> None:
        """Forget what was recorded and watched (the tape keeps recording)."""
        self._tensors.clear()
        self._variables.clear()

    def watched_variables(self) -> tuple[Variable, ...]:
        return tuple(variable for variable, _ in self._variables.values())

    # ------------------------------------------------------------------ gradients
    def _release(self) -> None:
        if not _recording:  # leaves re-registered for this computation only
            for value in _made_leaves:
                autodiff.untrack(value)
            _made_leaves.clear()

    def _check_use(self) -> None:
        if self._used and not self._persistent:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used to compute one set of "
                "gradients (or jacobians)"
            )
        self._used = True

    def _source(self, source: Any) -> tuple[Any, Any] | None:
        """(native value to capture, the value whose shape/dtype the gradient has)."""
        source = _resource(source)
        if isinstance(source, Variable):
            entry = self._variables.get(id(source))
            if entry is None:
                return None
            value = source._value
            if autodiff.node_of(value) is not entry[1]:
                autodiff.retrack(value, entry[1])
                _made_leaves.append(value)
            return value, value
        if not isinstance(source, FrontendArray):
            raise ValueError(
                f"Passed in object {source!r} of type {type(source).__name__!r}, not tf.Tensor "
                "or tf.Variable or ExtensionType."
            )
        native = source.native
        entry = self._tensors.get(id(native))
        if entry is not None and autodiff.node_of(native) is not entry[1]:
            autodiff.retrack(native, entry[1])
            _made_leaves.append(native)
        return native, native

    def _backward(self, targets: list[Any], cotangents: list[Any], captures: list[Any]) -> list:
        create = bool(_recording) and autodiff.is_grad_enabled()
        return autodiff.backward(targets, cotangents, retain_graph=True, create_graph=create,
                                 capture=captures, accumulate=False)  # fmt: skip

    def gradient(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return self._gradient(*args, **kwargs)
        finally:
            self._release()

    def _gradient(self, target: Any, sources: Any, output_gradients: Any = None,
                 unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:  # fmt: skip
        """d(sum of targets)/d(source) for each source, in ``sources``' structure."""
        self._check_use()
        mode = UnconnectedGradients(getattr(unconnected_gradients, "value", unconnected_gradients))
        flat_targets = [_native_of(t) for t in nest.flatten(target)]
        if output_gradients is None:
            cotangents = [ops.ones(tuple(t.shape), dtype=native_dtype(t)) for t in flat_targets]
        else:
            flat_grads = nest.flatten(output_gradients)
            if any(g is None for g in flat_grads):
                raise ValueError(
                    "Attempt to convert a value (None) with an unsupported type "
                    "(<class 'NoneType'>) to a Tensor."
                )
            cotangents = [_native_of(g) for g in flat_grads]
        flat_sources = nest.flatten(sources)
        found = [self._source(s) for s in flat_sources]
        captures = [f[0] if f is not None else None for f in found]
        grads = self._backward(flat_targets, cotangents, captures)
        results = []
        for grad, entry in zip(grads, found):
            if grad is None and mode is UnconnectedGradients.ZERO and entry is not None:
                grad = ops.zeros(tuple(entry[1].shape), dtype=native_dtype(entry[1]))
            elif grad is None and mode is UnconnectedGradients.ZERO:
                raise ValueError("unconnected_gradients=ZERO needs a watched source")
            results.append(None if grad is None else Tensor._from_native(grad))
        return nest.pack_sequence_as(sources, results)

    def jacobian(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return self._jacobian(*args, **kwargs)
        finally:
            self._release()

    def _jacobian(self, target: Any, sources: Any,
                 unconnected_gradients: Any = UnconnectedGradients.NONE,
                 parallel_iterations: Any = None, experimental_use_pfor: bool = True) -> Any:  # fmt: skip
        """d target[i...] / d source[j...], shaped target.shape + source.shape (one
        backward pass per target element)."""
        self._check_use()
        mode = UnconnectedGradients(getattr(unconnected_gradients, "value", unconnected_gradients))
        y = _native_of(target)
        size = 1
        for extent in y.shape:
            size *= int(extent)
        flat_sources = nest.flatten(sources)
        found = [self._source(s) for s in flat_sources]
        captures = [f[0] if f is not None else None for f in found]
        rows: list[list[Any]] = [[] for _ in flat_sources]
        eye = ops.eye(size, dtype=native_dtype(y)) if size else None
        for i in range(size):
            cot = ops.reshape(ops.get_item(eye, i), tuple(y.shape))
            for k, grad in enumerate(self._backward([y], [cot], captures)):
                rows[k].append(grad)
        results = []
        for row, entry in zip(rows, found):
            shape = tuple(entry[1].shape) if entry is not None else ()
            if entry is None or all(g is None for g in row):
                if mode is UnconnectedGradients.ZERO and entry is not None:
                    results.append(Tensor._from_native(
                        ops.zeros(tuple(y.shape) + shape, dtype=native_dtype(entry[1]))))  # fmt: skip
                else:
                    results.append(None)
                continue
            dtype = native_dtype(entry[1])
            filled = [ops.zeros(shape, dtype=dtype) if g is None else g for g in row]
            stacked = ops.stack(filled) if filled else ops.zeros((0, *shape), dtype=dtype)
            results.append(Tensor._from_native(ops.reshape(stacked, tuple(y.shape) + shape)))
        return nest.pack_sequence_as(sources, results)

    def batch_jacobian(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return self._batch_jacobian(*args, **kwargs)
        finally:
            self._release()

    def _batch_jacobian(self, target: Any, source: Any,
                       unconnected_gradients: Any = UnconnectedGradients.NONE,
                       parallel_iterations: Any = None, experimental_use_pfor: bool = True) -> Any:  # fmt: skip
        """d target[b, i...] / d source[b, j...], shaped (batch, *target[0].shape,
        *source[0].shape) (one backward pass per element of a target row)."""
        self._check_use()
        mode = UnconnectedGradients(getattr(unconnected_gradients, "value", unconnected_gradients))
        y = _native_of(target)
        entry = self._source(source)
        batch, inner = int(y.shape[0]), tuple(int(e) for e in y.shape[1:])
        size = 1
        for extent in inner:
            size *= extent
        x_shape = tuple(entry[1].shape) if entry is not None else tuple(source.shape)
        if entry is not None and x_shape[0] != batch:
            raise ValueError(
                f"Need first dimension of target shape ({list(y.shape)}) and source shape "
                f"({list(x_shape)}) to match."
            )
        columns = []
        eye = ops.eye(size, dtype=native_dtype(y)) if size else None
        for i in range(size):
            row = ops.reshape(ops.get_item(eye, i), (1, *inner))
            cot = ops.broadcast_to(row, tuple(y.shape))
            grad = self._backward([y], [cot], [entry[0] if entry else None])[0]
            columns.append(grad)
        dtype = native_dtype(entry[1]) if entry is not None else native_dtype(y)
        if all(g is None for g in columns):
            if mode is UnconnectedGradients.ZERO:
                return Tensor._from_native(ops.zeros((batch, *inner, *x_shape[1:]), dtype=dtype))
            return None
        filled = [ops.zeros(x_shape, dtype=dtype) if g is None else g for g in columns]
        stacked = (
            ops.stack(filled, axis=1)
            if filled
            else ops.zeros((batch, 0, *x_shape[1:]), dtype=dtype)
        )
        return Tensor._from_native(ops.reshape(stacked, (batch, *inner, *x_shape[1:])))


# ---------------------------------------------------------------------------------------
# custom_gradient
# ---------------------------------------------------------------------------------------
def custom_gradient(f: Callable[..., Any] | None = None) -> Any:
    """tf.custom_gradient: ``f(*x)`` returns ``(y, grad_fn)``; ``grad_fn(*upstream)``
    returns the gradients of ``x`` (one per tensor argument, or one for a single one).
    The forward runs unrecorded; gradients reach the tensor arguments only (a ``grad_fn``
    taking ``variables`` is refused: Variables read inside ``f`` are not supported)."""
    if f is None:
        return custom_gradient

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with autodiff.no_grad():
            result, grad_fn = f(*args, **kwargs)
        import inspect

        if "variables" in inspect.signature(grad_fn).parameters:
            raise NotImplementedError(
                "tf.custom_gradient: a grad_fn with `variables` (Variables read inside the "
                "function) is not supported by this frontend; pass the values as arguments"
            )
        inputs = [a for a in args if isinstance(a, FrontendArray)]
        natives = [_native_of(a) for a in inputs]
        flat_out = nest.flatten(result)
        outs = []
        for item in flat_out:
            native = _native_of(item)
            if any(native is n for n in natives) or autodiff.is_tracked(native):
                with autodiff.no_grad():
                    native = ops.multiply(native, ops.ones((), dtype=native_dtype(native)))
            outs.append(native)

        def rule(cotangent: Any, output: Any, *primals: Any) -> list[Any]:
            cots = cotangent if len(outs) > 1 else (cotangent,)
            grads = grad_fn(*[Tensor._from_native(c) for c in cots])
            grads = list(grads) if isinstance(grads, (list, tuple)) else [grads]
            return [None if g is None else _native_of(g) for g in grads]

        autodiff.record(getattr(f, "__name__", "custom_gradient"), rule, natives, outs)
        return nest.pack_sequence_as(result, [Tensor._from_native(o) for o in outs])

    return wrapper
