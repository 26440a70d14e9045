"""tf.Variable: a mutable value with TF's API; operators act on its current value and
give Tensors (as ``ResourceVariable``'s do). Not a Tensor subclass, as in TF.

Reading a variable (anything that takes its native value) tells the *readers* registered
in :data:`READERS` (the recording GradientTapes, a tracing tf.function) about the read;
writes tell :data:`WRITERS`. This is how a tape watches the variables accessed inside it
and how tf.function lifts variables into compiled programs. With no reader registered a
read costs one list test. An assigned value is stored detached from the autodiff graph
(TF's assign is not differentiable).
"""

from __future__ import annotations

import enum
from typing import Any

import numpy

import core
from core import compilation
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes
from frontends.tensorflow._conversion import cast_native, native_dtype, to_native
from frontends.tensorflow._shape import TensorShape
from frontends.tensorflow._tensor import Tensor, to_host

# callbacks ``reader(variable)`` run on every read while registered (tapes, tracing)
READERS: list[Any] = []
# callbacks ``writer(variable, new_native)`` run before a write; one may return a value
WRITERS: list[Any] = []
# callbacks ``creator(variable)`` run when a variable is created (tf.function's tracing)
CREATORS: list[Any] = []
# the name scopes entered (tf.name_scope / Module.name_scope), outermost first
NAME_SCOPES: list[str] = []


def _own(native: Any) -> Any:
    """A new array object with ``native``'s values (a Variable owns its value: no aliasing
    with the caller's numpy array, and its own identity for the autodiff engine)."""
    copy = ops.asarray(native, copy=True)
    if copy is native:  # immutable arrays may come back as themselves
        copy = ops.where(ops.asarray(True), native, native)
    return copy


def _detached(native: Any) -> Any:
    """``native`` itself, or a fresh copy of it when the autodiff graph tracks it."""
    from core import autodiff

    if autodiff.is_tracked(native):
        with autodiff.no_grad():
            return _own(native)
    return native


def _no_grad() -> Any:
    from core import autodiff

    return autodiff.no_grad()


class VariableAggregation(enum.Enum):
    """How a variable's per-replica updates combine (one replica here: recorded only)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3


class VariableSynchronization(enum.Enum):
    """When a variable's replicas synchronize (one replica here: recorded only)."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class Variable(FrontendArray):
    """tf.Variable(initial_value, trainable=True, name=None, dtype=None, shape=None).

    Names take the enclosing name scopes (``scope/name:0``) but are not made unique, as in
    TF's eager mode. ``constraint`` is applied by optimizers (as Keras does)."""

    __slots__ = ("_constraint", "_initial", "_name", "_shape", "_trainable")
    __array_priority__ = 100

    def __init__(self, initial_value: Any = None, trainable: bool | None = None,
                 validate_shape: bool = True, caching_device: Any = None, name: str | None = None,
                 variable_def: Any = None, dtype: Any = None, import_scope: Any = None,
                 constraint: Any = None, synchronization: Any = None, aggregation: Any = None,
                 shape: Any = None, experimental_enable_variable_lifting: bool = True) -> None:  # fmt: skip
        if initial_value is None:
            raise ValueError("The `initial_value` arg (None) must be specified.")
        target = None if dtype is None else _dtypes.as_dtype(dtype).core_dtype
        with _no_grad(), compilation.eager():  # TF runs initializers in init_scope
            if callable(initial_value):
                initial_value = initial_value()
            super().__init__(_own(to_native(initial_value, target)))
        self._initial = self._value
        self._constraint = constraint
        scope = "/".join(NAME_SCOPES)
        base = name or "Variable"
        self._name = f"{scope}/{base}:0" if scope else f"{base}:0"
        for creator in CREATORS:
            creator(self)
        self._trainable = True if trainable is None else bool(trainable)
        self._shape = (
            TensorShape(shape) if shape is not None else TensorShape(tuple(self._value.shape))
        )

    # ---------------------------------------------------------------- metadata
    @property
    def native(self) -> Any:
        """The current value; registered readers (tapes, tracing) see the read."""
        if READERS:
            for reader in tuple(READERS):
                reader(self)
        return self._value

    def _assign(self, value: Any) -> None:
        value = _detached(value)
        for writer in tuple(WRITERS):
            replaced = writer(self, value)
            if replaced is not None:
                value = replaced
        self._value = value
        self._version += 1

    @property
    def name(self) -> str:
        return self._name

    @property
    def _unique_id(self) -> str:
        """A key unique among live variables (TF's resource handle id; optimizers key
        their slots by it)."""
        return str(id(self))

    @property
    def initial_value(self) -> Tensor:
        return Tensor._from_native(self._initial)

    @property
    def constraint(self) -> Any:
        return self._constraint

    @property
    def synchronization(self) -> VariableSynchronization:
        return VariableSynchronization.AUTO

    @property
    def aggregation(self) -> VariableAggregation:
        return VariableAggregation.NONE

    @property
    def trainable(self) -> bool:
        return self._trainable

    @property
    def dtype(self) -> _dtypes.DType:
        return _dtypes.of(native_dtype(self._value))

    @property
    def shape(self) -> TensorShape:
        return self._shape

    def get_shape(self) -> TensorShape:
        return self._shape

    @property
    def ndim(self) -> int:
        return len(self._value.shape)

    @property
    def device(self) -> str:
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    # ---------------------------------------------------------------- reading
    def read_value(self) -> Tensor:
        return Tensor._from_native(self.native)

    def value(self) -> Tensor:
        return Tensor._from_native(self.native)

    def numpy(self) -> Any:
        return self.read_value().numpy()

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        host = to_host(self._value)
        return host if dtype is None else host.astype(dtype)

    # ---------------------------------------------------------------- writing
    def _converted(self, value: Any) -> Any:
        dtype = native_dtype(self._value)
        if isinstance(value, FrontendArray):
            native = value.native
            if native_dtype(native) != dtype:
                raise ValueError(
                    f"Tensor conversion requested dtype {_dtypes.of(dtype).name} for Tensor "
                    f"with dtype {_dtypes.of(native_dtype(native)).name}: {value!r}"
                )
        else:
            native = to_native(value, dtype)
        if self._shape.rank is not None and not self._shape.is_compatible_with(tuple(native.shape)):
            raise ValueError(
                f"Cannot assign value to variable ' {self._name}': Shape mismatch.The variable "
                f"shape {self._shape}, and the assigned value shape {TensorShape(tuple(native.shape))} "
                "are incompatible."
            )
        return native

    def assign(
        self, value: Any, use_locking: Any = None, name: Any = None, read_value: bool = True
    ) -> Any:
        self._assign(self._converted(value))
        return self if read_value else None

    def assign_add(
        self, delta: Any, use_locking: Any = None, name: Any = None, read_value: bool = True
    ) -> Any:
        self._assign(ops.add(self.native, self._converted(delta)))
        return self if read_value else None

    def assign_sub(
        self, delta: Any, use_locking: Any = None, name: Any = None, read_value: bool = True
    ) -> Any:
        self._assign(ops.subtract(self.native, self._converted(delta)))
        return self if read_value else None

    def _scatter_nd(self, indices: Any, updates: Any, mode: str) -> Any:
        from frontends.tensorflow import errors

        current = self.native
        index = to_native(indices)
        if native_dtype(index).kind not in "iu":
            raise TypeError(f"indices must be int32 or int64, got {native_dtype(index)}")
        values = self._converted_updates(updates)
        shape = tuple(current.shape)
        depth = int(index.shape[-1])
        host = to_host(index).reshape(-1, depth)
        bounds = numpy.asarray(shape[:depth])
        bad = numpy.nonzero(((host < 0) | (host >= bounds)).any(axis=1))[0]
        if bad.size:
            raise errors.invalid_argument(
                f"indices[{bad[0]}] = {list(host[bad[0]])} does not index into shape "
                f"{list(shape)}", "ResourceScatterNdUpdate"
            )  # fmt: skip
        flat_index = ops.reshape(index, (-1, depth))
        rows = int(flat_index.shape[0])
        values = ops.reshape(values, (rows, *shape[depth:]))
        strides = numpy.cumprod((shape[1:depth] + (1,))[::-1])[::-1] if depth else numpy.ones(0)
        linear = ops.sum(
            ops.multiply(
                ops.astype(flat_index, core.int64), ops.asarray(strides.copy(), dtype=core.int64)
            ),
            axis=1,
        )
        flat = ops.reshape(current, (int(numpy.prod(shape[:depth])), *shape[depth:]))
        expanded = ops.reshape(linear, (rows,) + (1,) * (len(shape) - depth))
        expanded = ops.broadcast_to(expanded, (rows, *shape[depth:]))
        if mode == "update":
            result = ops.scatter(flat, 0, expanded, values)
        else:
            signed = values if mode == "add" else ops.negative(values)
            result = ops.scatter(flat, 0, expanded, signed, reduce="add")
        self._assign(ops.reshape(result, shape))
        return self

    def _converted_updates(self, updates: Any) -> Any:
        dtype = native_dtype(self._value)
        if isinstance(updates, FrontendArray):
            native = updates.native
            if native_dtype(native) != dtype:
                raise TypeError(
                    f"Input 'updates' of 'ResourceScatterNdUpdate' Op has type "
                    f"{_dtypes.of(native_dtype(native)).name} that does not match type "
                    f"{_dtypes.of(dtype).name} of argument 'ref'."
                )
            return native
        return to_native(updates, dtype)

    def scatter_nd_update(self, indices: Any, updates: Any, name: Any = None) -> Any:
        """Writes ``updates`` at ``indices`` (later duplicates win, as TF's CPU kernel)."""
        return self._scatter_nd(indices, updates, "update")

    def scatter_nd_add(self, indices: Any, updates: Any, name: Any = None) -> Any:
        return self._scatter_nd(indices, updates, "add")

    def scatter_nd_sub(self, indices: Any, updates: Any, name: Any = None) -> Any:
        return self._scatter_nd(indices, updates, "sub")

    def sparse_read(self, indices: Any, name: Any = None) -> Tensor:
        index = to_native(indices)
        return Tensor._from_native(ops.take(self.native, ops.astype(index, core.int64), axis=0))

    def gather_nd(self, indices: Any, name: Any = None) -> Tensor:
        index = to_native(indices)
        depth = int(index.shape[-1])
        key = tuple(ops.get_item(index, (Ellipsis, i)) for i in range(depth))
        return Tensor._from_native(ops.get_item(self.native, key))

    def _serialize_to_tensors(self) -> dict[str, Any]:
        """TF's Trackable protocol: the value a checkpoint saves for this variable."""
        return {"VARIABLE_VALUE": self.read_value()}

    def _restore_from_tensors(self, restored_tensors: dict[str, Any]) -> None:
        self.assign(restored_tensors["VARIABLE_VALUE"])

    def set_shape(self, shape: Any) -> None:
        self._shape = self._shape.merge_with(TensorShape(shape))

    def __deepcopy__(self, memo: Any) -> Variable:
        copy = Variable(self.read_value(), trainable=self._trainable,
                        name=self._name[:-2], constraint=self._constraint)  # fmt: skip
        copy._name = self._name
        return copy

    # ---------------------------------------------------------------- printing
    def __repr__(self) -> str:
        return (
            f"<tf.Variable '{self._name}' shape={self._shape} dtype={self.dtype.name}, "
            f"numpy={self.read_value()._numpy_text(True)}>"
        )

    __str__ = __repr__

    def __hash__(self) -> int:
        raise TypeError("Variable is unhashable. Instead, use variable.ref() as the key.")

    def ref(self) -> Any:
        return Tensor.ref(self)

    def __getitem__(self, key: Any) -> Tensor:
        return self.read_value()[key]

    def __len__(self) -> int:
        return len(self.read_value())

    def __iter__(self) -> Any:
        return iter(self.read_value())

    def __bool__(self) -> bool:
        return bool(self.read_value())

    def __int__(self) -> int:
        return int(self.read_value())

    def __float__(self) -> float:
        return float(self.read_value())

    def __index__(self) -> int:
        return self.read_value().__index__()

    def __format__(self, spec: str) -> str:
        return format(self.read_value(), spec)

    def cast_to(self, dtype: Any) -> Tensor:
        return Tensor._from_native(cast_native(self.native, _dtypes.as_dtype(dtype).core_dtype))


for _name in (
    "__add__ __radd__ __sub__ __rsub__ __mul__ __rmul__ __truediv__ __rtruediv__ "
    "__floordiv__ __rfloordiv__ __mod__ __rmod__ __pow__ __rpow__ __matmul__ __rmatmul__ "
    "__and__ __rand__ __or__ __ror__ __xor__ __rxor__ __lt__ __le__ __gt__ __ge__ __eq__ "
    "__ne__ __neg__ __abs__ __invert__ _numpy_text"
).split():
    setattr(Variable, _name, Tensor.__dict__[_name])
Variable.__hash__ = Variable.__dict__["__hash__"]
