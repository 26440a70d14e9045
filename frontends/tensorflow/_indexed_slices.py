"""``tf.IndexedSlices``: rows ``values`` of a dense tensor of ``dense_shape`` at
``indices``. This frontend's GradientTape returns dense gradients (where TF returns
IndexedSlices for a gather), so these only exist when code builds them."""

from __future__ import annotations

from typing import Any

from frontends.tensorflow._ops import convert_to_tensor
from frontends.tensorflow._shape import TensorShape

__all__ = ["IndexedSlices"]


class IndexedSlices:
    def __init__(self, values: Any, indices: Any, dense_shape: Any = None) -> None:
        self._values = convert_to_tensor(values)
        self._indices = convert_to_tensor(indices)
        self._dense_shape = None if dense_shape is None else convert_to_tensor(dense_shape)

    @property
    def values(self) -> Any:
        return self._values

    @property
    def indices(self) -> Any:
        return self._indices

    @property
    def dense_shape(self) -> Any:
        return self._dense_shape

    @property
    def dtype(self) -> Any:
        return self._values.dtype

    @property
    def shape(self) -> TensorShape:
        if self._dense_shape is None:
            return TensorShape([None, *self._values.shape.as_list()[1:]])
        return TensorShape([int(d) for d in self._dense_shape.numpy()])

    def __repr__(self) -> str:
        return (f"IndexedSlices(indices={self._indices!r}, values={self._values!r}, "
                f"dense_shape={self._dense_shape!r})")  # fmt: skip
