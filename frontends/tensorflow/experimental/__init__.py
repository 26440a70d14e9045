"""``tf.experimental``: ``Optional`` (a value that may be absent) and ``dtensor`` (not
provided: each use names it)."""

from __future__ import annotations

from typing import Any

from frontends.tensorflow.experimental import dtensor

__all__ = ["Optional", "dtensor"]

_NONE = object()


class Optional:
    """``tf.experimental.Optional``: ``from_value(v)`` or ``empty(spec)``."""

    def __init__(self, value: Any = _NONE, element_spec: Any = None) -> None:
        self._value = value
        self._element_spec = element_spec

    @staticmethod
    def from_value(value: Any) -> Optional:
        """The value's leaves become tensors, as TF stores them."""
        from frontends.tensorflow import nest
        from frontends.tensorflow._ops import convert_to_tensor

        return Optional(nest.map_structure(convert_to_tensor, value))

    @staticmethod
    def empty(element_spec: Any) -> Optional:
        return Optional(element_spec=element_spec)

    def has_value(self, name: Any = None) -> Any:
        from frontends.tensorflow._ops import constant

        return constant(self._value is not _NONE)

    def get_value(self, name: Any = None) -> Any:
        if self._value is _NONE:
            from frontends.tensorflow import errors

            raise errors.InvalidArgumentError(None, None, "The optional does not have a value")
        return self._value

    @property
    def element_spec(self) -> Any:
        return self._element_spec
