"""tf.RaggedTensor and tf.ragged.constant: rows of different lengths.

A RaggedTensor is its ``values`` (a Tensor, or a RaggedTensor for each further ragged
dimension) cut into rows by ``row_splits`` (int64, held on the host: row boundaries are
read there as TF reads them on the CPU). It is what ``tf.strings.split`` and the
``unicode_*`` ops give for batched input. Provided: the factory methods, the row
partition accessors, ``to_tensor``/``to_list``/``numpy``, TF's repr, indexing of rows,
and elementwise operators with scalars or a RaggedTensor of the same row partition. Not
provided: ragged dispatch of the other tf ops (``tf.ragged.*`` beyond ``constant``),
SparseTensor conversions.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy

from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._host import from_host, host_array
from frontends.tensorflow._shape import TensorShape
from frontends.tensorflow._tensor import Tensor

__all__ = ["constant"]  # tf.RaggedTensor is the class, at the top level


def _splits_of(value: Any) -> numpy.ndarray:
    return numpy.asarray(host_array(value)).astype(numpy.int64).reshape(-1)


def _tensor(value: Any, dtype: Any = None) -> Any:
    if isinstance(value, (Tensor, RaggedTensor)):
        return value
    from frontends.tensorflow._ops import convert_to_tensor

    return convert_to_tensor(value, dtype=dtype)


def _invalid(message: str) -> errors.InvalidArgumentError:
    return errors.InvalidArgumentError(None, None, message)


class RaggedTensor:
    """A tensor with ragged dimensions (see the module docstring)."""

    __slots__ = ("_splits", "_uniform", "_values")

    def __init__(self, values: Any = None, row_partition: Any = None, internal: bool = False):
        raise ValueError(
            "RaggedTensor constructor is private; please use one of the factory methods "
            "instead (e.g., RaggedTensor.from_row_lengths())"
        )

    @classmethod
    def _make(cls, values: Any, splits: numpy.ndarray, uniform: int | None = None) -> RaggedTensor:
        rt = object.__new__(cls)
        rt._values = values
        rt._splits = splits
        rt._uniform = uniform
        return rt

    # ------------------------------------------------------------------ factories
    @classmethod
    def from_row_splits(cls, values: Any, row_splits: Any, name: Any = None,
                        validate: bool = True) -> RaggedTensor:  # fmt: skip
        values = _tensor(values)
        splits = _splits_of(row_splits)
        if validate:
            count = _rows(values)
            if (
                splits.size == 0
                or splits[0] != 0
                or (numpy.diff(splits) < 0).any()
                or splits[-1] != count
            ):
                raise _invalid("Arguments to _from_row_partition do not form a valid RaggedTensor")
        return cls._make(values, splits)

    @classmethod
    def from_row_lengths(cls, values: Any, row_lengths: Any, name: Any = None,
                         validate: bool = True) -> RaggedTensor:  # fmt: skip
        lengths = _splits_of(row_lengths)
        splits = numpy.concatenate([[0], numpy.cumsum(lengths)]).astype(numpy.int64)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_row_starts(cls, values: Any, row_starts: Any, name: Any = None,
                        validate: bool = True) -> RaggedTensor:  # fmt: skip
        values = _tensor(values)
        splits = numpy.concatenate([_splits_of(row_starts), [_rows(values)]]).astype(numpy.int64)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_row_limits(cls, values: Any, row_limits: Any, name: Any = None,
                        validate: bool = True) -> RaggedTensor:  # fmt: skip
        splits = numpy.concatenate([[0], _splits_of(row_limits)]).astype(numpy.int64)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_value_rowids(cls, values: Any, value_rowids: Any, nrows: Any = None,
                          name: Any = None, validate: bool = True) -> RaggedTensor:  # fmt: skip
        ids = _splits_of(value_rowids)
        count = (
            int(host_array(nrows)) if nrows is not None else int(ids.max() + 1 if ids.size else 0)
        )
        splits = numpy.searchsorted(ids, numpy.arange(count + 1), side="left").astype(numpy.int64)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_uniform_row_length(cls, values: Any, uniform_row_length: Any, nrows: Any = None,
                                validate: bool = True, name: Any = None) -> RaggedTensor:  # fmt: skip
        values = _tensor(values)
        length = int(host_array(uniform_row_length))
        count = int(host_array(nrows)) if nrows is not None else (
            _rows(values) // length if length else 0)  # fmt: skip
        splits = numpy.arange(count + 1, dtype=numpy.int64) * length
        rt = cls.from_row_splits(values, splits, validate=validate)
        rt._uniform = length
        return rt

    @classmethod
    def from_nested_row_splits(cls, flat_values: Any, nested_row_splits: Any, name: Any = None,
                               validate: bool = True) -> RaggedTensor:  # fmt: skip
        result = _tensor(flat_values)
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values: Any, nested_row_lengths: Any,
                                name: Any = None, validate: bool = True) -> RaggedTensor:  # fmt: skip
        result = _tensor(flat_values)
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_nested_value_rowids(cls, flat_values: Any, nested_value_rowids: Any,
                                 nested_nrows: Any = None, name: Any = None,
                                 validate: bool = True) -> RaggedTensor:  # fmt: skip
        result = _tensor(flat_values)
        rowids = list(nested_value_rowids)
        counts = list(nested_nrows) if nested_nrows is not None else [None] * len(rowids)
        for ids, count in zip(reversed(rowids), reversed(counts)):
            result = cls.from_value_rowids(result, ids, count, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor: Any, lengths: Any = None, padding: Any = None,
                    ragged_rank: int = 1, name: Any = None,
                    row_splits_dtype: Any = _dtypes.int64) -> RaggedTensor:  # fmt: skip
        """Rows of a dense tensor, cut to ``lengths`` or stripped of trailing ``padding``."""
        if lengths is not None and padding is not None:
            raise ValueError("Specify argument `lengths` or `padding`, but not both.")
        array = host_array(_tensor(tensor))
        if array.ndim < ragged_rank + 1:
            raise ValueError(f"ragged_rank must be less than the rank of tensor; got {ragged_rank}")
        outer = array.shape[:ragged_rank]
        rows = array.reshape(-1, *array.shape[ragged_rank:])
        if lengths is not None:
            kept = _splits_of(lengths)
        elif padding is not None:
            pad = host_array(padding)
            kept = []
            for row in rows:
                length = row.shape[0]
                while length and numpy.all(row[length - 1] == pad):
                    length -= 1
                kept.append(length)
            kept = numpy.asarray(kept, dtype=numpy.int64)
        else:
            kept = numpy.full(rows.shape[0], array.shape[ragged_rank], dtype=numpy.int64)
        values = numpy.concatenate([row[:n] for row, n in zip(rows, kept)]) if rows.shape[0] else (
            rows.reshape(0, *rows.shape[2:]))  # fmt: skip
        result: Any = cls.from_row_lengths(from_host(values), kept)
        for size in reversed(outer[1:]):
            result = cls.from_uniform_row_length(result, size)
        if lengths is None and padding is None:
            result._uniform = None
        return result

    # ------------------------------------------------------------------ partition
    @property
    def values(self) -> Any:
        return self._values

    @property
    def row_splits(self) -> Tensor:
        return from_host(self._splits)

    @property
    def flat_values(self) -> Tensor:
        values = self._values
        while isinstance(values, RaggedTensor):
            values = values._values
        return values

    @property
    def nested_row_splits(self) -> tuple[Tensor, ...]:
        result = [self.row_splits]
        values = self._values
        while isinstance(values, RaggedTensor):
            result.append(values.row_splits)
            values = values._values
        return tuple(result)

    @property
    def ragged_rank(self) -> int:
        return 1 + (self._values.ragged_rank if isinstance(self._values, RaggedTensor) else 0)

    @property
    def uniform_row_length(self) -> Tensor | None:
        return None if self._uniform is None else from_host(numpy.int64(self._uniform))

    @property
    def row_splits_dtype(self) -> _dtypes.DType:
        return _dtypes.int64

    @property
    def dtype(self) -> _dtypes.DType:
        return self.flat_values.dtype

    @property
    def shape(self) -> TensorShape:
        inner = self._values.shape.as_list()
        return TensorShape([self._splits.size - 1, self._uniform, *inner[1:]])

    def get_shape(self) -> TensorShape:
        return self.shape

    def nrows(self, out_type: Any = None, name: Any = None) -> Tensor:
        return from_host(numpy.asarray(self._splits.size - 1, dtype=_out(out_type)))

    def row_lengths(self, axis: int = 1, name: Any = None) -> Any:
        if axis == 1:
            return from_host(numpy.diff(self._splits))
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        raise ValueError(f"axis={axis} is out of bounds")

    def row_starts(self, name: Any = None) -> Tensor:
        return from_host(self._splits[:-1])

    def row_limits(self, name: Any = None) -> Tensor:
        return from_host(self._splits[1:])

    def value_rowids(self, name: Any = None) -> Tensor:
        return from_host(
            numpy.repeat(numpy.arange(self._splits.size - 1), numpy.diff(self._splits))
        )

    def nested_row_lengths(self, name: Any = None) -> tuple[Tensor, ...]:
        result = [self.row_lengths()]
        values = self._values
        while isinstance(values, RaggedTensor):
            result.append(values.row_lengths())
            values = values._values
        return tuple(result)

    def nested_value_rowids(self, name: Any = None) -> tuple[Tensor, ...]:
        result = [self.value_rowids()]
        values = self._values
        while isinstance(values, RaggedTensor):
            result.append(values.value_rowids())
            values = values._values
        return tuple(result)

    def bounding_shape(self, axis: Any = None, name: Any = None, out_type: Any = None) -> Tensor:
        lengths = numpy.diff(self._splits)
        inner = (
            host_array(self._values.bounding_shape())[1:].tolist()
            if isinstance(self._values, RaggedTensor)
            else list(self._values.shape.as_list()[1:])
        )
        dims = [self._splits.size - 1, int(lengths.max()) if lengths.size else 0, *inner]
        shape = numpy.asarray(dims, dtype=_out(out_type))
        return from_host(shape if axis is None else shape[host_array(axis)])

    def with_values(self, new_values: Any) -> RaggedTensor:
        return RaggedTensor._make(_tensor(new_values), self._splits, self._uniform)

    def with_flat_values(self, new_values: Any) -> RaggedTensor:
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype: Any) -> RaggedTensor:
        return self

    def merge_dims(self, outer_axis: int, inner_axis: int) -> Any:
        """Merge dimensions ``outer_axis`` to ``inner_axis`` (only the outer ones: 0 to 1
        makes the values of the first ragged dimension the rows)."""
        if (outer_axis, inner_axis) == (0, 1):
            return self._values
        if outer_axis == 0 and inner_axis == -1:
            return self.flat_values if not isinstance(self.flat_values, RaggedTensor) else None
        if outer_axis >= 1:
            return self.with_values(self._values.merge_dims(outer_axis - 1, inner_axis - 1))
        raise NotImplementedError("merge_dims of these axes is not provided by this frontend")

    # ------------------------------------------------------------------ values
    def to_list(self) -> list:
        splits = self._splits.tolist()
        values = self._values
        items = values.to_list() if isinstance(values, RaggedTensor) else values.numpy().tolist()
        return [items[splits[i] : splits[i + 1]] for i in range(len(splits) - 1)]

    def numpy(self) -> numpy.ndarray:
        """TF's RaggedTensor.numpy: rows of different lengths as an object array of rows."""
        values = self._values.numpy()
        splits = self._splits
        rows = [values[splits[i] : splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            return numpy.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        if any(len(row) != len(rows[0]) for row in rows):
            result = numpy.empty(len(rows), dtype=object)
            result[:] = rows
            return result
        return numpy.array(rows)

    def to_tensor(self, default_value: Any = None, name: Any = None, shape: Any = None) -> Tensor:
        """A dense tensor padded with ``default_value`` (zero, or b'' for strings) and cut
        to ``shape`` where given."""
        bounds = host_array(self.bounding_shape()).tolist()
        if shape is not None:
            wanted = TensorShape(shape).as_list()
            bounds = [b if w is None or w == -1 else w for b, w in zip(bounds, wanted)]
        values = host_array(self.flat_values)
        if default_value is not None:
            fill = host_array(_tensor(default_value, self.flat_values.dtype))
        else:
            fill = b"" if values.dtype == object else 0
        out = numpy.empty(bounds, dtype=values.dtype)
        out[...] = fill
        coordinates = self._coordinates()
        keep = numpy.ones(values.shape[0], dtype=bool)
        for coordinate, bound in zip(coordinates, bounds):
            keep &= coordinate < bound
        inner = tuple(
            builtins.slice(0, min(a, b))
            for a, b in zip(values.shape[1:], bounds[len(coordinates) :])
        )
        out[tuple(c[keep] for c in coordinates) + inner] = values[keep][
            (builtins.slice(None), *inner)
        ]
        return from_host(out)

    def _coordinates(self) -> list[numpy.ndarray]:
        """Each flat value's index in every ragged dimension and the outermost one."""
        levels = []
        rt: Any = self
        while isinstance(rt, RaggedTensor):
            levels.append(rt._splits)
            rt = rt._values
        ids = numpy.arange(levels[-1][-1] if levels[-1].size else 0)
        coordinates = []
        for splits in reversed(levels):
            rows = numpy.searchsorted(splits, ids, side="right") - 1
            coordinates.insert(0, ids - splits[rows])
            ids = rows
        return [ids, *coordinates]

    # ------------------------------------------------------------------ Python protocols
    def __repr__(self) -> str:
        with numpy.printoptions(formatter={"all": _formatter}):
            text = _formatter(self.numpy())
        return f"<tf.RaggedTensor {text}>"

    __str__ = __repr__

    def __getitem__(self, key: Any) -> Any:
        """Rows: an int gives one row, a slice a RaggedTensor of rows; ``(row, ...)`` indexes
        into a row."""
        if isinstance(key, tuple):
            head, *rest = key
            row = self[head]
            return row[tuple(rest)] if rest and not isinstance(head, builtins.slice) else row
        count = self._splits.size - 1
        if isinstance(key, builtins.slice):
            start, stop, step = key.indices(count)
            if step != 1:
                raise ValueError("Slicing ragged rows with a step is not supported")
            stop = max(stop, start)
            lo, hi = self._splits[start], self._splits[stop]
            return RaggedTensor._make(self._values[int(lo) : int(hi)],
                                      self._splits[start : stop + 1] - lo, self._uniform)  # fmt: skip
        index = int(host_array(key)) if not isinstance(key, int) else key
        if not -count <= index < count:
            raise IndexError(f"Row index {index} out of bounds for {count} rows")
        index %= count
        return self._values[int(self._splits[index]) : int(self._splits[index + 1])]

    def __bool__(self) -> bool:
        raise TypeError("RaggedTensor may not be used as a boolean.")

    def __hash__(self) -> int:
        raise TypeError("RaggedTensor is unhashable.")

    def _map(self, other: Any, op: Any, reverse: bool = False) -> RaggedTensor:
        if isinstance(other, RaggedTensor):
            if not numpy.array_equal(self._splits, other._splits):
                raise _invalid("Inputs must have identical ragged splits")
            other = other.flat_values
        a, b = (other, self.flat_values) if reverse else (self.flat_values, other)
        return self.with_flat_values(op(a, b))

    def __add__(self, other: Any) -> RaggedTensor:
        return self._map(other, lambda a, b: a + b)

    def __radd__(self, other: Any) -> RaggedTensor:
        return self._map(other, lambda a, b: a + b, True)

    def __sub__(self, other: Any) -> RaggedTensor:
        return self._map(other, lambda a, b: a - b)

    def __rsub__(self, other: Any) -> RaggedTensor:
        return self._map(other, lambda a, b: a - b, True)

    def __mul__(self, other: Any) -> RaggedTensor:
        return self._map(other, lambda a, b: a * b)

    def __rmul__(self, other: Any) -> RaggedTensor:
        return self._map(other, lambda a, b: a * b, True)

    def __truediv__(self, other: Any) -> RaggedTensor:
        return self._map(other, lambda a, b: a / b)

    def __neg__(self) -> RaggedTensor:
        return self.with_flat_values(-self.flat_values)


def _rows(values: Any) -> int:
    if isinstance(values, RaggedTensor):
        return int(values._splits.size - 1)
    shape = values.shape.as_list()
    if not shape:
        raise ValueError("values must have rank >= 1")
    return int(shape[0])


def _out(out_type: Any) -> numpy.dtype:
    return (
        numpy.dtype(_dtypes.as_dtype(out_type).name)
        if out_type is not None
        else numpy.dtype("int64")
    )


def _formatter(value: Any) -> str:
    """TF's element formatter for a RaggedTensor's repr."""
    if isinstance(value, numpy.ndarray):
        if value.size != 0:
            return numpy.array2string(value, separator=", ")
        return repr(value.tolist())
    return str(value)


def _depth(value: Any) -> int:
    if isinstance(value, (list, tuple)):
        return 1 + max((_depth(item) for item in value), default=0)
    return 0


def constant(pylist: Any, dtype: Any = None, ragged_rank: int | None = None,
             inner_shape: Any = None, name: Any = None,
             row_splits_dtype: Any = _dtypes.int64) -> Any:  # fmt: skip
    """tf.ragged.constant: nested lists whose innermost lists (below ``inner_shape``) are
    the values; scalars and uniform depth-1 lists give a Tensor of rank 0 or 1."""
    depth = _depth(pylist)
    inner_rank = len(inner_shape) if inner_shape is not None else 0
    if ragged_rank is None:
        ragged_rank = max(depth - 1 - inner_rank, 0)
    if depth == 0 or ragged_rank == 0:
        return _tensor(pylist, dtype)
    levels: list[list[int]] = []
    items: list[Any] = list(pylist)
    for _ in range(ragged_rank):
        levels.append([len(item) for item in items])
        items = [value for item in items for value in item]
    from frontends.tensorflow._ops import constant as dense

    values = dense(items, dtype=dtype) if items else dense(
        numpy.zeros((0,) + tuple(inner_shape or ()), dtype=numpy.float32), dtype=dtype)  # fmt: skip
    result: Any = values
    for lengths in reversed(levels):
        result = RaggedTensor.from_row_lengths(result, lengths)
    return result
