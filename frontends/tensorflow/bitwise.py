"""tf.bitwise: elementwise bit operations on integer tensors of one dtype."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core import native as ops
from frontends.tensorflow._common import native, wrap
from frontends.tensorflow._frontend import functions
from frontends.tensorflow._tensor import Tensor, match_operands

__all__ = ["bitwise_and", "bitwise_or", "bitwise_xor", "invert", "left_shift", "right_shift"]


def _check(value: Any, op: str) -> None:
    from frontends.tensorflow import errors
    from frontends.tensorflow._conversion import native_dtype

    if native_dtype(value).kind not in "iu":  # the op's type attribute refuses it
        raise errors.InvalidArgumentError(
            None,
            None,
            f"Value for attr 'T' of {Tensor._from_native(value).dtype.name} is not in the list "
            "of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, uint64\n\t; "
            f"NodeDef: {{{{node {op}}}}}",
        )


def _binary(name: str, op: str, kernel: Callable[[Any, Any], Any]) -> Callable[..., Tensor]:
    def function(x: Any, y: Any, name: Any = None) -> Tensor:
        a, b = match_operands([x, y], op)
        _check(a, op)
        return wrap(kernel(a, b))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"tf.bitwise.{name}"
    return functions.maps_errors(function)


bitwise_and = _binary("bitwise_and", "BitwiseAnd", ops.bitwise_and)
bitwise_or = _binary("bitwise_or", "BitwiseOr", ops.bitwise_or)
bitwise_xor = _binary("bitwise_xor", "BitwiseXor", ops.bitwise_xor)
left_shift = _binary("left_shift", "LeftShift", ops.bitwise_left_shift)
right_shift = _binary("right_shift", "RightShift", ops.bitwise_right_shift)


def invert(x: Any, name: Any = None) -> Tensor:
    """tf.bitwise.invert"""
    value = native(x)
    _check(value, "Invert")
    return wrap(ops.bitwise_invert(value))
