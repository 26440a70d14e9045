"""TensorFlow's instance of the shared function machinery: ``@tf_function(...)``.

``@tf_function("x", "y", op="AddV2")`` matches those inputs as TF's eager op execution
does (the first sets the dtype; later Python values and numpy arrays are converted to it
where their kind fits; any other dtype difference raises ``InvalidArgumentError`` naming
the op and the input), unwraps Tensors and Variables to native arrays and wraps native
results as Tensors. TF never promotes, so its :data:`_dtypes.RULES` (``combine="adopt"``)
serve ``result_type`` queries; the order-dependent matching lives in
:func:`frontends.tensorflow._tensor.match_operands`. A new op is one line:

    add = tf_function("x", "y", op="AddV2")(lambda x, y, name=None: ops.add(x, y))
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import core
from core import errors as core_errors
from frontends.base.functions import FrontendFunctions
from frontends.tensorflow import _dtypes, _kernels, errors
from frontends.tensorflow._conversion import to_native
from frontends.tensorflow._tensor import Tensor, add_fast_operators, match_operands


class UnsupportedDtypeError(errors.InvalidArgumentError, core.UnsupportedDtypeError):
    """A tf function called with a dtype it has no kernel for."""

    def __init__(self, message: str) -> None:
        errors.InvalidArgumentError.__init__(self, None, None, message)


def _unsupported(function: str, dtype: core.Dtype) -> Exception:
    return UnsupportedDtypeError(
        f"tf.{function} has no kernel for {_dtypes.kernel_name(dtype)} in TensorFlow "
        f"{_dtypes.TF_VERSION}; cast the input with tf.cast"
    )


def framework_error(error: core_errors.CoreError, function: str) -> Exception:
    """TensorFlow's exception for core's typed error: an eager op's
    ``InvalidArgumentError`` for every kind (TF's message where core has the fields)."""
    message = str(error)
    if isinstance(error, core_errors.BroadcastError) and error.shapes and len(error.shapes) == 2:
        a, b = ("[" + ",".join(map(str, s)) + "]" for s in error.shapes)
        message = f"Incompatible shapes: {a} vs. {b}"
    elif isinstance(error, core_errors.ReshapeError) and error.target is not None:
        wanted = 1
        for extent in error.target:
            wanted *= extent
        message = (
            f"Input to reshape is a tensor with {error.size} values, but the requested "
            f"shape has {wanted}"
        )
    elif isinstance(error, core_errors.IndexOutOfRangeError) and error.axis is not None:
        message = f"slice index {error.index} of dimension {error.axis} out of bounds."
    elif isinstance(error, core_errors.UnsupportedDtypeError):
        return UnsupportedDtypeError(message)
    mapped = errors.InvalidArgumentError(None, None, message)
    mapped.core_error = error  # its kind, for tf.function's graph-time ValueError
    return mapped


def _write_out(out: Any, result: Any) -> None:
    raise TypeError("TensorFlow functions take no out= argument")


class TFFunctions(FrontendFunctions):
    def decorator(  # type: ignore[override]
        self,
        *matched: str,
        op: str | None = None,
        returns_scalars: bool = False,
        kernel: str | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """``kernel``: the key in :data:`_kernels.KERNELS` of the dtypes TF's kernels
        accept for the first matched input (others raise TF's error class)."""

        def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
            inner = self._build(fn, (), False)
            if not matched:
                return inner
            check = _kernels.checker(kernel) if kernel else None
            import inspect

            parameters = list(inspect.signature(fn).parameters)
            slots = [(name, parameters.index(name)) for name in matched]
            op_name = op or "".join(part.title() for part in fn.__name__.split("_"))

            @functools.wraps(fn)
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                args = list(args)
                present = []
                for name, index in slots:
                    if index < len(args):
                        present.append((index, None, args[index]))
                    elif name in kwargs and kwargs[name] is not None:
                        present.append((None, name, kwargs[name]))
                natives = match_operands([value for _, _, value in present], op_name)
                if check is not None and natives:
                    check(natives[0])
                for (index, name, _), native in zip(present, natives):
                    if index is not None:
                        args[index] = native
                    else:
                        kwargs[name] = native
                return inner(*args, **kwargs)

            wrapper.__signature__ = inner.__signature__
            return wrapper

        return decorate


def _as_native(value: Any) -> Any:
    return to_native(value)


functions = TFFunctions(
    Tensor,
    _dtypes.RULES,
    tiers=lambda value: 0,
    unsupported_error=_unsupported,
    write_out=_write_out,
    as_native=_as_native,
    errors=framework_error,
)
tf_function = functions.decorator
wrap = functions.wrap
add_fast_operators(functions.fast)
