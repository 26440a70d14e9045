"""tf.data.Dataset and its transformations (see the package docstring)."""

from __future__ import annotations

import builtins
import enum
from collections.abc import Callable
from collections.abc import Iterator as _PyIterator
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, errors, nest
from frontends.tensorflow._conversion import native_dtype, to_native
from frontends.tensorflow._dtypes import STRING
from frontends.tensorflow._function import check_compilable
from frontends.tensorflow._host import is_string
from frontends.tensorflow._shape import TensorShape
from frontends.tensorflow._tensor import Tensor, to_host
from frontends.tensorflow.python.data.ops.dataset_ops import DatasetV2

AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
_MASK64 = (1 << 64) - 1


class TypeSpec:
    """tf.TypeSpec, the base of TF's value types. ``TensorSpec`` here does not derive from
    it (TF's does): Keras serializes a TypeSpec by its module path, which for this
    frontend's classes no real TF could load, so specs in configs are left out."""


class TensorSpec:
    """tf.TensorSpec(shape, dtype=tf.float32, name=None): an element's type."""

    def __init__(self, shape: Any, dtype: Any = _dtypes.float32, name: str | None = None) -> None:
        self.shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
        self.dtype = _dtypes.as_dtype(dtype)
        self.name = name

    def __repr__(self) -> str:
        return f"TensorSpec(shape={self.shape}, dtype={self.dtype!r}, name={self.name!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, TensorSpec)
            and self.shape.as_list() == other.shape.as_list()
            and self.dtype == other.dtype
            and self.name == other.name
        )

    def __hash__(self) -> int:
        return hash((repr(self.shape), self.dtype.name))

    def is_compatible_with(self, value: Any) -> bool:
        if isinstance(value, TensorSpec):
            return self.dtype == value.dtype and self.shape.is_compatible_with(value.shape)
        native = to_native(value)
        return _dtypes.of(native_dtype(native)) == self.dtype and self.shape.is_compatible_with(
            tuple(native.shape)
        )

    @classmethod
    def from_tensor(cls, tensor: Any, name: str | None = None) -> TensorSpec:
        native = to_native(tensor)
        return cls(tuple(native.shape), _dtypes.of(native_dtype(native)), name)


class Options:
    """tf.data.Options: accepted; options do not change this frontend's pipelines."""

    def __init__(self) -> None:
        self.deterministic = None
        self.experimental_optimization = _Anything()
        self.threading = _Anything()
        self.experimental_distribute = _Anything()


class _Anything:
    def __getattr__(self, name: str) -> Any:
        return None


def _natives(structure: Any) -> Any:
    """A user structure with its tensors (and Python/numpy leaves) as native arrays; as in
    tf.data, tuples and dicts are structure while a Python list is one tensor."""
    if isinstance(structure, dict):
        return {key: _natives(value) for key, value in structure.items()}
    if isinstance(structure, tuple):
        items = [_natives(value) for value in structure]
        return type(structure)(*items) if hasattr(structure, "_fields") else tuple(items)
    if isinstance(structure, FrontendArray):
        return structure.native
    return to_native(structure)


def _wrap(structure: Any) -> Any:
    return nest.map_structure(Tensor._from_native, structure)


def _spec_of(native: Any, batch: Any = ...) -> TensorSpec:
    shape = tuple(native.shape) if batch is ... else (batch, *native.shape)
    return TensorSpec(shape, _dtypes.of(native_dtype(native)))


def _call(fn: Callable[..., Any], element: Any) -> Any:
    """TF's calling convention: a tuple element is spread into arguments."""
    wrapped = _wrap(element)
    if isinstance(element, tuple):
        return fn(*wrapped)
    return fn(wrapped)


def _scalar_int(value: Any) -> int:
    if isinstance(value, (FrontendArray,)) or hasattr(value, "shape"):
        return int(to_host(to_native(value)))
    return int(value)


class Dataset(DatasetV2):
    """A pipeline: ``_make()`` starts a fresh Python iterator of native structures."""

    def __init__(self, make: Callable[[], _PyIterator[Any]], spec: Any, cardinality: int) -> None:
        self._make = make
        self._spec = spec
        self._cardinality = cardinality

    # ------------------------------------------------------------------ sources
    @staticmethod
    def from_tensor_slices(tensors: Any, name: Any = None) -> Dataset:
        """One element per index of the first dimension of every component."""
        values = _natives(tensors)
        flat = nest.flatten(values)
        if not flat:
            raise ValueError("Invalid `tensors`: `tensors` should not be empty.")
        for leaf in flat:
            if len(leaf.shape) == 0:
                raise ValueError(
                    "Unbatching a tensor is only supported for rank >= 1, but got a scalar."
                )
        size = int(flat[0].shape[0])
        for leaf in flat:
            if int(leaf.shape[0]) != size:
                raise ValueError(f"Dimensions {size} and {int(leaf.shape[0])} are not compatible")
        spec = nest.map_structure(lambda leaf: _spec_of(_row(leaf, 0)) if size else
                                  TensorSpec(tuple(leaf.shape[1:]), _dtypes.of(native_dtype(leaf))),
                                  values)  # fmt: skip

        def make() -> _PyIterator[Any]:
            for i in builtins.range(size):
                yield nest.pack_sequence_as(values, [_row(leaf, i) for leaf in flat])

        return Dataset(make, spec, size)

    @staticmethod
    def from_tensors(tensors: Any, name: Any = None) -> Dataset:
        values = _natives(tensors)
        return Dataset(lambda: iter([values]), nest.map_structure(_spec_of, values), 1)

    @staticmethod
    def range(*args: int, output_type: Any = _dtypes.int64, name: Any = None) -> Dataset:
        bounds = builtins.range(*[_scalar_int(a) for a in args])
        dtype = _dtypes.as_dtype(output_type).core_dtype

        def make() -> _PyIterator[Any]:
            for i in bounds:
                yield ops.asarray(i, dtype=dtype)

        return Dataset(make, TensorSpec((), dtype), len(bounds))

    @staticmethod
    def from_generator(generator: Callable[[], Any], output_types: Any = None,
                       output_shapes: Any = None, args: Any = None,
                       output_signature: Any = None, name: Any = None) -> Dataset:  # fmt: skip
        """Elements converted with each component's declared dtype."""
        if output_signature is not None:
            dtypes = nest.map_structure(lambda s: s.dtype, output_signature)
            spec = output_signature
        elif output_types is not None:
            dtypes = output_types
            shapes = output_shapes
            if shapes is None:
                spec = nest.map_structure(lambda d: TensorSpec(None, d), dtypes)
            else:
                spec = nest.map_structure(lambda d, s: TensorSpec(s, d), dtypes, shapes)
        else:
            raise TypeError("The `output_types` argument can not be None.")
        call_args = tuple(args) if args is not None else ()

        def make() -> _PyIterator[Any]:
            for item in generator(*call_args):
                yield nest.map_structure(
                    lambda d, v: to_native(v, _dtypes.as_dtype(d).core_dtype), dtypes, item
                )

        return Dataset(make, spec, UNKNOWN_CARDINALITY)

    @staticmethod
    def zip(*datasets: Any, name: Any = None) -> Dataset:
        structure = datasets[0] if len(datasets) == 1 else datasets
        flat = nest.flatten(structure)
        for item in flat:
            if not isinstance(item, Dataset):
                raise TypeError("Invalid input to `zip`. Inputs are expected to be (nested) "
                                "structures of `tf.data.Dataset` objects. Python `list` is not "
                                "supported and you should use `tuple` instead.")  # fmt: skip

        def make() -> _PyIterator[Any]:
            iterators = [d._make() for d in flat]
            while True:
                items = []
                for it in iterators:
                    try:
                        items.append(next(it))
                    except StopIteration:
                        return
                yield nest.pack_sequence_as(structure, items)

        cards = [d._cardinality for d in flat]
        finite = [c for c in cards if c >= 0]
        if finite:
            card = min(finite)
        elif UNKNOWN_CARDINALITY in cards:
            card = UNKNOWN_CARDINALITY
        else:
            card = INFINITE_CARDINALITY
        spec = nest.pack_sequence_as(structure, [d._spec for d in flat])
        return Dataset(make, spec, card)

    # ------------------------------------------------------------------ metadata
    @property
    def element_spec(self) -> Any:
        return self._spec

    def cardinality(self) -> Tensor:
        return Tensor._from_native(ops.asarray(self._cardinality, dtype=core.int64))

    def __len__(self) -> int:
        if self._cardinality == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if self._cardinality == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return self._cardinality

    def __repr__(self) -> str:
        return f"<_Dataset element_spec={self._spec!r}>"

    _options: Options | None = None

    def options(self) -> Options:
        """The options given to ``with_options`` on this dataset (not carried on to the
        datasets made from it: options change nothing in this frontend's pipelines)."""
        return self._options if self._options is not None else Options()

    def with_options(self, options: Any, name: Any = None) -> Dataset:
        dataset = Dataset(self._make, self._spec, self._cardinality)
        dataset._options = options
        return dataset

    # ------------------------------------------------------------------ iteration
    def __iter__(self) -> Iterator:
        return Iterator(self)

    def as_numpy_iterator(self) -> _PyIterator[Any]:
        for element in self._make():
            yield nest.map_structure(lambda v: _numpy_value(v), element)

    def take(self, count: Any, name: Any = None) -> Dataset:
        n = _scalar_int(count)

        def make() -> _PyIterator[Any]:
            if n < 0:
                yield from self._make()
                return
            for i, element in enumerate(self._make()):
                if i >= n:
                    return
                yield element

        card = self._cardinality
        if n >= 0:
            card = n if card == INFINITE_CARDINALITY else (min(n, card) if card >= 0 else card)
        return Dataset(make, self._spec, card)

    def skip(self, count: Any, name: Any = None) -> Dataset:
        n = _scalar_int(count)

        def make() -> _PyIterator[Any]:
            it = self._make()
            if n < 0:
                return
            for i, element in enumerate(it):
                if i >= n:
                    yield element

        card = self._cardinality
        if card >= 0:
            card = 0 if n < 0 else builtins.max(card - n, 0)
        elif n < 0 and card == INFINITE_CARDINALITY:
            card = 0
        return Dataset(make, self._spec, card)

    def repeat(self, count: Any = None, name: Any = None) -> Dataset:
        n = -1 if count is None else _scalar_int(count)

        def make() -> _PyIterator[Any]:
            epoch = 0
            while n < 0 or epoch < n:
                empty = True
                for element in self._make():
                    empty = False
                    yield element
                if empty:
                    return
                epoch += 1

        card = self._cardinality
        if n < 0:
            card = (
                0 if card == 0 else (INFINITE_CARDINALITY if card != UNKNOWN_CARDINALITY else card)
            )
        elif card >= 0:
            card = card * n
        return Dataset(make, self._spec, card)

    def prefetch(self, buffer_size: Any, name: Any = None) -> Dataset:
        return self

    def cache(self, filename: str = "", name: Any = None) -> Dataset:
        """In memory (``filename`` is accepted and ignored): the first complete pass is
        kept and later passes replay it."""
        store: list[Any] = []
        done = [False]

        def make() -> _PyIterator[Any]:
            if done[0]:
                yield from store
                return
            store.clear()
            for element in self._make():
                store.append(element)
                yield element
            done[0] = True

        return Dataset(make, self._spec, self._cardinality)

    def enumerate(self, start: int = 0, name: Any = None) -> Dataset:
        def make() -> _PyIterator[Any]:
            for i, element in enumerate(self._make(), start):
                yield (ops.asarray(i, dtype=core.int64), element)

        return Dataset(make, (TensorSpec((), _dtypes.int64), self._spec), self._cardinality)

    def map(self, map_func: Callable[..., Any], num_parallel_calls: Any = None,
            deterministic: Any = None, name: Any = None) -> Dataset:  # fmt: skip
        probe: list[Any] = []

        def make() -> _PyIterator[Any]:
            for element in self._make():
                yield _natives(_call(map_func, element))

        spec = _lazy_spec(self, make, probe)
        return Dataset(make, spec, self._cardinality)

    def flat_map(self, map_func: Callable[..., Any], name: Any = None) -> Dataset:
        """The elements of the datasets ``map_func`` returns, one dataset after another."""

        def make() -> _PyIterator[Any]:
            for element in self._make():
                dataset = _call(map_func, element)
                if not isinstance(dataset, Dataset):
                    raise TypeError("The `map_func` argument must return a `Dataset` object. "
                                    f"Got {type(dataset)}.")  # fmt: skip
                yield from dataset._make()

        probe: list[Any] = []
        return Dataset(make, _lazy_spec(self, make, probe), UNKNOWN_CARDINALITY)

    def filter(self, predicate: Callable[..., Any], name: Any = None) -> Dataset:
        def make() -> _PyIterator[Any]:
            for element in self._make():
                keep = _call(predicate, element)
                native = to_native(keep)
                if native_dtype(native) != core.bool or len(native.shape) != 0:
                    raise ValueError(
                        "Invalid predicate. `predicate` must return a `tf.bool` scalar tensor, "
                        f"but its return type is {_spec_of(native)}."
                    )
                if bool(to_host(native)):
                    yield element

        card = (
            UNKNOWN_CARDINALITY
            if self._cardinality != INFINITE_CARDINALITY
            else INFINITE_CARDINALITY
        )
        return Dataset(make, self._spec, card)

    def batch(self, batch_size: Any, drop_remainder: bool = False, num_parallel_calls: Any = None,
              deterministic: Any = None, name: Any = None) -> Dataset:  # fmt: skip
        size = _scalar_int(batch_size)
        if size <= 0:
            raise errors.invalid_argument("Batch size must be greater than zero.", "BatchDatasetV2")

        def make() -> _PyIterator[Any]:
            rows: list[Any] = []
            for element in self._make():
                rows.append(element)
                if len(rows) == size:
                    yield _stack(rows)
                    rows = []
            if rows and not drop_remainder:
                yield _stack(rows)

        batch_dim = size if drop_remainder else None
        spec = nest.map_structure(
            lambda s: TensorSpec(TensorShape([batch_dim]).concatenate(s.shape), s.dtype), self._spec
        )
        return Dataset(make, spec, _batched(self._cardinality, size, drop_remainder))

    def padded_batch(self, batch_size: Any, padded_shapes: Any = None, padding_values: Any = None,
                     drop_remainder: bool = False, name: Any = None) -> Dataset:  # fmt: skip
        """Each component padded to ``padded_shapes`` (None dimensions: the batch's
        longest) with ``padding_values`` (default 0, or b'' for strings)."""
        size = _scalar_int(batch_size)

        def pad_rows(rows: list[Any]) -> Any:
            structure = rows[0]
            flat_rows = [nest.flatten(r) for r in rows]
            count = len(flat_rows[0])
            shapes = (
                _up_to(self._spec, padded_shapes) if padded_shapes is not None else [None] * count
            )
            fills = (
                _up_to(self._spec, padding_values) if padding_values is not None else [None] * count
            )
            out = []
            for k, leaves in enumerate(zip(*flat_rows)):
                rank = len(leaves[0].shape)
                wanted = shapes[k]
                wanted = [None] * rank if wanted is None else TensorShape(wanted).as_list()
                target = [
                    builtins.max(int(leaf.shape[d]) for leaf in leaves)
                    if w is None or w == -1
                    else int(w)
                    for d, w in enumerate(wanted)
                ]
                out.append(_padded(leaves, target, fills[k]))
            return nest.pack_sequence_as(structure, out)

        def make() -> _PyIterator[Any]:
            rows: list[Any] = []
            for element in self._make():
                rows.append(element)
                if len(rows) == size:
                    yield pad_rows(rows)
                    rows = []
            if rows and not drop_remainder:
                yield pad_rows(rows)

        batch_dim = size if drop_remainder else None

        def spec_of(s: TensorSpec, shape: Any = None) -> TensorSpec:
            inner = s.shape if shape is None else TensorShape(shape)
            inner = (
                TensorShape([None if d == -1 else d for d in inner.as_list()])
                if inner.rank is not None
                else inner
            )
            return TensorSpec(TensorShape([batch_dim]).concatenate(inner), s.dtype)

        if padded_shapes is None:
            spec = nest.map_structure(
                lambda s: spec_of(s, [None] * (s.shape.rank or 0)), self._spec
            )
        else:
            specs = [
                spec_of(s, p)
                for s, p in zip(nest.flatten(self._spec), _up_to(self._spec, padded_shapes))
            ]
            spec = nest.pack_sequence_as(self._spec, specs)
        return Dataset(make, spec, _batched(self._cardinality, size, drop_remainder))

    def unbatch(self, name: Any = None) -> Dataset:
        def make() -> _PyIterator[Any]:
            for element in self._make():
                flat = nest.flatten(element)
                for i in builtins.range(int(flat[0].shape[0])):
                    yield nest.pack_sequence_as(element, [_row(leaf, i) for leaf in flat])

        spec = nest.map_structure(lambda s: TensorSpec(s.shape.as_list()[1:], s.dtype), self._spec)
        return Dataset(make, spec, UNKNOWN_CARDINALITY)

    def concatenate(self, dataset: Dataset, name: Any = None) -> Dataset:
        def make() -> _PyIterator[Any]:
            yield from self._make()
            yield from dataset._make()

        a, b = self._cardinality, dataset._cardinality
        card = (
            a + b
            if a >= 0 and b >= 0
            else (INFINITE_CARDINALITY if -1 in (a, b) else UNKNOWN_CARDINALITY)
        )
        return Dataset(make, self._spec, card)

    def shard(self, num_shards: Any, index: Any, name: Any = None) -> Dataset:
        n, k = _scalar_int(num_shards), _scalar_int(index)

        def make() -> _PyIterator[Any]:
            for i, element in enumerate(self._make()):
                if i % n == k:
                    yield element

        card = self._cardinality
        if card >= 0:
            card = card // n + (1 if k < card % n else 0)
        return Dataset(make, self._spec, card)

    def reduce(self, initial_state: Any, reduce_func: Callable[..., Any], name: Any = None) -> Any:
        state = _natives(initial_state)
        for element in self._make():
            state = _natives(
                reduce_func(
                    _wrap(state),
                    _wrap(element),
                )
            )
        return _wrap(state)

    def shuffle(self, buffer_size: Any, seed: int | None = None,
                reshuffle_each_iteration: bool | None = None, name: Any = None) -> Dataset:  # fmt: skip
        """TF's ShuffleDataset: a ring buffer of ``buffer_size`` elements; each output is
        the buffer slot ``start + word % filled`` of a Philox stream seeded as TF seeds it
        (``get_seed``; with reshuffling, each iteration's seeds are two more words of a
        stream keyed by those seeds)."""
        from frontends.tensorflow import random as tf_random

        size = _scalar_int(buffer_size)
        if size <= 0 and size != AUTOTUNE:
            raise errors.invalid_argument(
                "buffer_size must be greater than zero.", "ShuffleDatasetV3"
            )
        s1, s2 = tf_random._get_seed(seed)
        s1, s2 = s1 or 0, s2 or 0
        if s1 == 0 and s2 == 0:
            s1, s2 = (int.from_bytes(numpy.random.bytes(8), "little") for _ in builtins.range(2))
        reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        epochs = [0]

        def make() -> _PyIterator[Any]:
            if reshuffle:
                words = tf_random._host_words(s1, s2 << 64, 2 * (epochs[0] + 1))
                key, counter = words[-2], words[-1] << 64
                epochs[0] += 1
            else:
                key, counter = s1 & _MASK64, (s2 & _MASK64) << 64
            return _shuffled(self._make(), size, key, counter)

        return Dataset(make, self._spec, self._cardinality)

    def get_single_element(self, name: Any = None) -> Any:
        items = list(self._make())
        if len(items) != 1:
            raise errors.invalid_argument(
                "Dataset had no elements." if not items else "Dataset had more than one element.",
                "DatasetToSingleElement",
            )
        return _wrap(items[0])

    def apply(self, transformation_func: Callable[[Dataset], Dataset]) -> Dataset:
        return transformation_func(self)


def _shuffled(source: _PyIterator[Any], size: int, key: int, counter: int) -> _PyIterator[Any]:
    from frontends.tensorflow import random as tf_random

    buffer: list[Any] = [None] * size
    start = end = 0
    exhausted = False
    words: list[int] = []
    block = 0
    while True:
        while not exhausted and end - start < size:
            try:
                buffer[end % size] = next(source)
                end += 1
            except StopIteration:
                exhausted = True
        if end == start:
            return
        if not words:
            words = tf_random._host_words(key, counter + block, 4 * 64)
            block += 64
        word = words.pop(0)
        index = (start + word % (end - start)) % size
        yield buffer[index]
        buffer[index] = buffer[start % size]
        start += 1


def _up_to(structure: Any, values: Any) -> list[Any]:
    """``values`` flattened down to ``structure``'s leaves (a shape list stays whole)."""
    if not nest.is_nested(structure):
        return [values]
    if not nest.is_nested(values):
        return [values] * len(nest.flatten(structure))
    if isinstance(structure, dict):
        return [item for key in sorted(structure) for item in _up_to(structure[key], values[key])]
    return [item for sub, val in zip(structure, values) for item in _up_to(sub, val)]


def _lazy_spec(dataset: Dataset, make: Callable[[], _PyIterator[Any]], probe: list[Any]) -> Any:
    """The element spec of a mapped dataset: from its first element (TF traces the
    function instead); the input's spec when the input is empty."""
    try:
        first = next(iter(make()))
    except StopIteration:
        return dataset._spec
    return nest.map_structure(_spec_of, first)


def _stack(rows: list[Any]) -> Any:
    structure = rows[0]
    columns = zip(*[nest.flatten(r) for r in rows])
    stacked = []
    for column in columns:
        shapes = {tuple(c.shape) for c in column}
        if len(shapes) > 1:
            raise errors.invalid_argument(
                "Cannot batch tensors with different shapes in component 0. First element had "
                f"shape {list(tuple(column[0].shape))} and element {len(rows) - 1} had shape "
                f"{list(tuple(column[-1].shape))}.",
                "IteratorGetNext",
            )
        stacked.append(numpy.stack(column) if is_string(column[0]) else ops.stack(list(column)))
    return nest.pack_sequence_as(structure, stacked)


def _row(leaf: Any, index: int) -> Any:
    """Row ``index`` of a component (a string component is a host array: numpy's row)."""
    return leaf[index, ...] if is_string(leaf) else ops.get_item(leaf, index)


def _padded(leaves: tuple[Any, ...], target: list[int], fill: Any) -> Any:
    """The components of a batch padded to ``target`` with ``fill`` (default zero, or
    b'' for strings) and stacked."""
    dtype = native_dtype(leaves[0])
    for leaf in leaves:
        if any(int(e) > t for e, t in zip(leaf.shape, target)):
            raise errors.invalid_argument(
                "Attempted to pad to a smaller size than the input element.",
                "PaddedBatchDatasetV2",
            )
    if dtype is STRING:
        canvas = numpy.empty((len(leaves), *target), dtype=object)
        canvas[...] = b"" if fill is None else to_native(fill, dtype)[()]
        for i, leaf in enumerate(leaves):  # (a 0-d leaf's element, not the array itself)
            canvas[(i, *(builtins.slice(0, int(e)) for e in leaf.shape))] = (
                leaf[()] if leaf.ndim == 0 else leaf
            )
        return canvas
    fill_native = ops.zeros((), dtype=dtype) if fill is None else to_native(fill, dtype)
    padded = []
    for leaf in leaves:
        canvas = ops.broadcast_to(ops.astype(fill_native, dtype), tuple(target))
        key = tuple(builtins.slice(0, int(e)) for e in leaf.shape)
        padded.append(ops.set_item(canvas, key, leaf) if key else leaf)
    return ops.stack(padded)


def _batched(card: int, size: int, drop: bool) -> int:
    if card < 0:
        return card
    return card // size if drop else -(-card // size)


def _numpy_value(native: Any) -> Any:
    host = to_host(native)
    return host[()] if host.ndim == 0 else host


class Iterator:
    """An iterator over a Dataset: ``next()`` and ``get_next()`` give frontend Tensors."""

    def __init__(self, dataset: Dataset) -> None:
        self._it = dataset._make()
        self.element_spec = dataset._spec

    def __iter__(self) -> Iterator:
        return self

    def __next__(self) -> Any:
        # a tf.function reading the iterator runs eagerly: a compiled program would replay
        # the element its trace read
        check_compilable("a tf.data iterator")
        return _wrap(next(self._it))

    def get_next(self) -> Any:
        try:
            return next(self)
        except StopIteration:
            raise errors.OutOfRangeError(None, None, "End of sequence") from None

    def get_next_as_optional(self) -> Any:
        """The next element as a ``tf.experimental.Optional`` (empty at the end)."""
        from frontends.tensorflow.experimental import Optional

        try:
            return Optional.from_value(next(self))
        except StopIteration:
            return Optional.empty(self.element_spec)


class experimental:
    """tf.data.experimental: the constants low-level code reads."""

    AUTOTUNE = AUTOTUNE
    INFINITE_CARDINALITY = INFINITE_CARDINALITY
    UNKNOWN_CARDINALITY = UNKNOWN_CARDINALITY

    class AutoShardPolicy(enum.IntEnum):
        """How a multi-worker strategy shards a dataset (one worker here: recorded only)."""

        OFF = -1
        AUTO = 0
        FILE = 1
        DATA = 2
        HINT = 3

    class ExternalStatePolicy(enum.IntEnum):
        """How checkpointing treats external state (recorded only)."""

        WARN = 0
        IGNORE = 1
        FAIL = 2

    @staticmethod
    def cardinality(dataset: Dataset) -> Tensor:
        return dataset.cardinality()
