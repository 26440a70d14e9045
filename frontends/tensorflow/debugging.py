"""tf.debugging: the assertions (eager: checked at once, on the host), check_numerics and
the dtype predicates. Data-dependent failures are TF's InvalidArgumentError; static
(shape, rank, dtype) failures are the ValueError/TypeError TF's Python code raises.
Assertions return None, as TF's in eager mode."""

from __future__ import annotations

import builtins
from typing import Any

import numpy

from core import native as ops
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._common import dtype_of, host, native, wrap
from frontends.tensorflow._conversion import to_native
from frontends.tensorflow._tensor import Tensor, match_operands

__all__ = [
    "Assert", "assert_all_finite", "assert_equal", "assert_greater", "assert_greater_equal",
    "assert_integer", "assert_less", "assert_less_equal", "assert_near", "assert_negative",
    "assert_non_negative", "assert_non_positive", "assert_none_equal", "assert_positive",
    "assert_proper_iterable", "assert_rank", "assert_rank_at_least", "assert_rank_in",
    "assert_same_float_dtype", "assert_scalar", "assert_shapes", "assert_type",
    "check_numerics", "disable_check_numerics", "enable_check_numerics",
    "disable_traceback_filtering", "enable_traceback_filtering",
    "get_log_device_placement", "is_numeric_tensor", "is_traceback_filtering_enabled",
    "set_log_device_placement",
]  # fmt: skip


def _fail(message: Any, text: str) -> errors.InvalidArgumentError:
    prefix = f"{message}\n" if message else ""
    return errors.InvalidArgumentError(None, None, prefix + text)


def Assert(condition: Any, data: Any, summarize: Any = None, name: Any = None) -> None:
    if not builtins.bool(host(condition)):
        shown = ", ".join(str(host(d)) if not isinstance(d, str) else d for d in data)
        raise _fail(None, f"Expected '{condition}' to be true.  Summarized data: {shown}")


def _binary_assert(name: str, test: Any, relation: str) -> Any:
    def check(x: Any, y: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
        a, b = match_operands([x, y], name_)
        try:
            shape = ops.broadcast_shapes(builtins.tuple(a.shape), builtins.tuple(b.shape))
        except Exception:
            raise ValueError(
                f"Shapes {list(a.shape)} and {list(b.shape)} are incompatible"
            ) from None
        del shape
        if not builtins.bool(host(ops.all(test(a, b)))):
            raise _fail(message, f"Condition x {relation} y did not hold element-wise:\n"
                                 f"x = {host(a)}\ny = {host(b)}")  # fmt: skip

    name_ = name
    check.__name__ = check.__qualname__ = name
    return check


assert_equal = _binary_assert("assert_equal", lambda a, b: ops.equal(a, b), "==")
assert_none_equal = _binary_assert("assert_none_equal", lambda a, b: ops.not_equal(a, b), "!=")
assert_less = _binary_assert("assert_less", lambda a, b: ops.less(a, b), "<")
assert_less_equal = _binary_assert("assert_less_equal", lambda a, b: ops.less_equal(a, b), "<=")
assert_greater = _binary_assert("assert_greater", lambda a, b: ops.greater(a, b), ">")
assert_greater_equal = _binary_assert(
    "assert_greater_equal", lambda a, b: ops.greater_equal(a, b), ">="
)


def _sign_assert(name: str, test: Any, text: str) -> Any:
    def check(x: Any, message: Any = None, summarize: Any = None, name: Any = None) -> None:
        v = native(x)
        if not builtins.bool(host(ops.all(test(v, ops.zeros_like(v))))):
            raise _fail(message, f"Condition x {text} did not hold element-wise:\nx = {host(v)}")

    check.__name__ = check.__qualname__ = name
    return check


assert_positive = _sign_assert("assert_positive", lambda v, z: ops.greater(v, z), "> 0")
assert_negative = _sign_assert("assert_negative", lambda v, z: ops.less(v, z), "< 0")
assert_non_negative = _sign_assert(
    "assert_non_negative", lambda v, z: ops.greater_equal(v, z), ">= 0"
)
assert_non_positive = _sign_assert("assert_non_positive", lambda v, z: ops.less_equal(v, z), "<= 0")


def assert_near(x: Any, y: Any, rtol: Any = None, atol: Any = None, message: Any = None,
                summarize: Any = None, name: Any = None) -> None:  # fmt: skip
    a, b = match_operands([x, y], "assert_near")
    eps = float(numpy.finfo(str(dtype_of(a))).eps) if dtype_of(a).kind in "fc" else 0.0
    rtol = 10 * eps if rtol is None else float(host(rtol))
    atol = 10 * eps if atol is None else float(host(atol))
    difference = numpy.abs(host(a).astype(numpy.float64) - host(b).astype(numpy.float64))
    if not (difference <= atol + rtol * numpy.abs(host(b).astype(numpy.float64))).all():
        raise _fail(message, "x and y not equal to tolerance rtol = "
                             f"{rtol}, atol = {atol}\nx = {host(a)}\ny = {host(b)}")  # fmt: skip


def assert_all_finite(x: Any, message: str, name: Any = None) -> Tensor:
    return check_numerics(x, message)


def check_numerics(tensor: Any, message: str, name: Any = None) -> Tensor:
    v = native(tensor)
    if dtype_of(v).kind not in "fc":
        raise errors.invalid_argument(
            f"Value for attr 'T' of {_dtypes.kernel_name(dtype_of(v))} is not in the list of "
            "allowed values: bfloat16, half, float, double",
            "CheckNumerics",
        )
    values = host(v).astype(numpy.complex128 if dtype_of(v).kind == "c" else numpy.float64)
    if numpy.isnan(values).any() or numpy.isinf(values).any():
        kind = "NaN" if numpy.isnan(values).any() else "Inf"
        raise errors.invalid_argument(f"{message} : Tensor had {kind} values", "CheckNumerics")
    return wrap(v)


def _rank(x: Any) -> int:
    return len(native(x).shape)


def assert_rank(x: Any, rank: Any, message: Any = None, name: Any = None) -> None:
    if _rank(x) != int(host(rank)):
        raise ValueError(
            f"{message or ''}Tensor must have rank {int(host(rank))}.  Received rank {_rank(x)}, shape {list(native(x).shape)}"
        )


def assert_rank_at_least(x: Any, rank: Any, message: Any = None, name: Any = None) -> None:
    if _rank(x) < int(host(rank)):
        raise ValueError(
            f"{message or ''}Tensor must have rank at least {int(host(rank))}.  Received rank {_rank(x)}, shape {list(native(x).shape)}"
        )


def assert_rank_in(x: Any, ranks: Any, message: Any = None, name: Any = None) -> None:
    allowed = [int(host(r)) for r in ranks]
    if _rank(x) not in allowed:
        raise ValueError(
            f"{message or ''}Tensor must have rank in {allowed}.  Received rank {_rank(x)}"
        )


def assert_scalar(tensor: Any, message: Any = None, name: Any = None) -> Tensor:
    if _rank(tensor) != 0:
        raise ValueError(
            f"{message or ''}Expected scalar shape, saw shape: {list(native(tensor).shape)}."
        )
    return wrap(native(tensor))


def assert_type(tensor: Any, tf_type: Any, message: Any = None, name: Any = None) -> None:
    have = _dtypes.of(dtype_of(native(tensor)))
    if have != _dtypes.as_dtype(tf_type):
        raise TypeError(
            f"{message or ''}{tensor!r} must be of type {_dtypes.as_dtype(tf_type)!r}; got {have!r}"
        )


def assert_integer(x: Any, message: Any = None, name: Any = None) -> None:
    if not _dtypes.of(dtype_of(native(x))).is_integer:
        raise TypeError(
            f"{message or ''}Expected integer type; got {_dtypes.of(dtype_of(native(x)))!r}"
        )


def assert_same_float_dtype(tensors: Any = None, dtype: Any = None) -> Any:
    found = dtype
    for t in tensors or []:
        d = _dtypes.of(dtype_of(native(t)))
        if found is None:
            found = d
        elif d != found:
            raise ValueError(f"Unexpected dtype {d!r}, expected {found!r}")
    found = _dtypes.float32 if found is None else _dtypes.as_dtype(found)
    if not found.is_floating:
        raise ValueError(f"Expected floating point type, got {found!r}.")
    return found


def assert_proper_iterable(values: Any) -> None:
    if isinstance(values, (Tensor, numpy.ndarray, str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(
            f"Expected argument 'values' to be a \"proper\" iterable.  Found: {type(values)}"
        )


def assert_shapes(shapes: Any, data: Any = None, summarize: Any = None, message: Any = None,
                  name: Any = None) -> None:  # fmt: skip
    """tf.debugging.assert_shapes: symbolic dimension names bind consistently."""
    bound: dict[Any, int] = {}
    for tensor, spec in shapes.items() if isinstance(shapes, dict) else shapes:
        shape = list(native(tensor).shape)
        spec = list(spec)
        if "..." not in spec and len(shape) != len(spec):
            raise ValueError(
                f"{message or ''}Specified by tensor {tensor!r} dimension mismatch: rank {len(shape)} vs {len(spec)}"
            )
        tail = spec[spec.index("...") + 1 :] if "..." in spec else spec
        for size, symbol in zip(shape[len(shape) - len(tail) :], tail):
            if isinstance(symbol, int):
                if size != symbol:
                    raise ValueError(
                        f"{message or ''}Specified by tensor dimension {size} != {symbol}"
                    )
            elif symbol != ".":
                if bound.setdefault(symbol, size) != size:
                    raise ValueError(
                        f"{message or ''}Tensor dimension {symbol!r} must have size {bound[symbol]}; got {size}"
                    )


def is_numeric_tensor(tensor: Any) -> bool:
    return isinstance(tensor, Tensor) and tensor.dtype.is_numeric


_check_numerics = False
_filtering = True
_placement = False


def enable_check_numerics(stack_height_limit: int = 30, path_length_limit: int = 50) -> None:
    global _check_numerics
    _check_numerics = True


def disable_check_numerics() -> None:
    global _check_numerics
    _check_numerics = False


def enable_traceback_filtering() -> None:
    global _filtering
    _filtering = True


def disable_traceback_filtering() -> None:
    global _filtering
    _filtering = False


def is_traceback_filtering_enabled() -> bool:
    return _filtering


def set_log_device_placement(enabled: bool) -> None:
    global _placement
    _placement = builtins.bool(enabled)


def get_log_device_placement() -> bool:
    return _placement


_ = to_native
