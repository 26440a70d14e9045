"""torch's instance of the shared function machinery: ``@torch_function(...)``.

``@torch_function("input", "other")`` promotes those parameters with torch's rules
(tensors with dimensions, then 0-dim tensors, then Python scalars), unwraps every Tensor
argument to its native array, checks ``with_unsupported_dtypes({...}, "torch")``
declarations, honours ``out=`` and wraps results as Tensors. See
:mod:`frontends.base.functions`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import core
from core import errors as core_errors
from frontends.base.functions import FrontendFunctions
from frontends.torch import _dtype
from frontends.torch._tensor import Tensor, write_into


class UnsupportedDtypeError(RuntimeError, core.UnsupportedDtypeError):
    """A torch function called with a dtype torch 2.13 does not implement it for.

    A RuntimeError, as torch raises, and a core.UnsupportedDtypeError.
    """


class DeclaredDtypeError(Exception):
    """A dtype a torch function declares it refuses (``unsupported_dtypes``), raised as the
    class torch raises there: :class:`_NotImplementedError` (the kernels' "not implemented
    for 'Long'") or :class:`_RuntimeError` (linalg's own "Expected a floating point or
    complex tensor"). Not a ``core.UnsupportedDtypeError``: that is a TypeError, which
    torch's errors are not."""


class _NotImplementedError(NotImplementedError, DeclaredDtypeError):
    """torch's NotImplementedError for a dtype a kernel is not implemented for."""


class _RuntimeError(RuntimeError, DeclaredDtypeError):
    """torch's RuntimeError for a dtype a function checks itself (linalg's)."""


# functions that check the dtype themselves (torch's RuntimeError, not the kernels'
# NotImplementedError), with the name torch's message gives
_CHECKED_DTYPES = {
    **{n: f"linalg.{n}" for n in ("inv", "det", "slogdet", "solve", "cholesky", "svd", "qr")},
    **{n: f"linalg.{n}" for n in ("matrix_norm", "matrix_exp", "vector_norm")},
    "inv_ex": "linalg.inv", "cholesky_ex": "linalg.cholesky", "solve_ex": "linalg.solve",
    "svdvals": "linalg.svd", "cond": "linalg.svd", "norm": "linalg.vector_norm",
}  # fmt: skip


def _unsupported(function: str, dtype: core.Dtype) -> Exception:
    name = _dtype.scalar_type_name(dtype)
    checked = _CHECKED_DTYPES.get(function)
    if checked is not None:
        return _RuntimeError(
            f"{checked}: Expected a floating point or complex tensor as input. Got {name}"
        )
    return _NotImplementedError(
        f"torch.{function} is not implemented for {_dtype.of(dtype)} (torch {_dtype.TORCH_VERSION} "
        f"raises \"not implemented for '{name}'\"); cast the input, e.g. with .float() or "
        ".to(torch.float32)"
    )


def _broadcast_message(shapes: tuple[tuple[int, ...], ...]) -> str | None:
    """torch's message for two shapes that do not broadcast (the last mismatch first)."""
    if len(shapes) != 2:
        return None
    a, b = shapes
    ndim = max(len(a), len(b))
    a, b = (1,) * (ndim - len(a)) + a, (1,) * (ndim - len(b)) + b
    for dim in range(ndim - 1, -1, -1):
        if a[dim] != b[dim] and a[dim] != 1 and b[dim] != 1:
            return (
                f"The size of tensor a ({a[dim]}) must match the size of tensor b ({b[dim]}) "
                f"at non-singleton dimension {dim}"
            )
    return None


def framework_error(error: core_errors.CoreError, function: str) -> Exception:
    """torch's exception for core's typed error (torch's message where core has the
    fields): RuntimeError, IndexError for axes and indices, ``torch.linalg.LinAlgError``."""
    from frontends.torch._linalg_native import LinAlgError

    message = str(error)
    if isinstance(error, core_errors.BroadcastError):
        message = (error.shapes and _broadcast_message(error.shapes)) or message
    elif isinstance(error, core_errors.ReshapeError):
        if error.target is not None:
            message = f"shape '{list(error.target)}' is invalid for input of size {error.size}"
    elif isinstance(error, core_errors.AxisError):
        if error.axis is not None and error.ndim is not None:
            bound = max(error.ndim, 1)
            message = (
                f"Dimension out of range (expected to be in range of [{-bound}, {bound - 1}], "
                f"but got {error.axis})"
            )
        return IndexError(message)
    elif isinstance(error, core_errors.IndexOutOfRangeError):
        if error.axis is not None:
            message = (
                f"index {error.index} is out of bounds for dimension {error.axis} with size "
                f"{error.size}"
            )
        return IndexError(message)
    elif isinstance(error, core_errors.SingularMatrixError):
        return LinAlgError(message)
    elif isinstance(error, core_errors.UnsupportedDtypeError):
        return UnsupportedDtypeError(message)
    return RuntimeError(message)


def _tier(value: object) -> int:
    return 0 if len(value.shape) else 1


functions = FrontendFunctions(
    Tensor,
    _dtype.RULES,
    tiers=_tier,
    unsupported_error=_unsupported,
    write_out=write_into,
    # torch's parser takes numpy's names for these (``x.sum(axis=0, keepdims=True)``)
    keyword_aliases={"dim": ("axis",), "keepdim": ("keepdims",)},
    errors=framework_error,
)
torch_function = functions.decorator
fast = functions.fast
maps_errors = functions.maps_errors
wrap = functions.wrap


def writes_out(function: Callable[..., Any]) -> Callable[..., Any]:
    """``out=`` (keyword-only) for a function of Tensors that does not go through
    ``@torch_function``: its result is written into ``out`` (a tuple item by item) and
    ``out`` returned, as torch does."""

    @functools.wraps(function)
    def wrapper(*args: Any, out: Any = None, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        return result if out is None else functions.write_outs(out, result)

    signature = inspect.signature(function)
    out = inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None)
    wrapper.__signature__ = signature.replace(parameters=[*signature.parameters.values(), out])
    return wrapper


def keyword_aliases(**aliases: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Other keyword names for a parameter (``alias="parameter"``), where torch's overloads
    name one argument differently (``torch.dsplit(x, sections=2)`` and
    ``torch.dsplit(x, indices=[1])``): the function takes each as a keyword-only argument
    of its signature and passes it on as the parameter (which the signature shows with a
    default: it may come by an alias)."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            for alias, name in aliases.items() if kwargs else ():
                if alias in kwargs:
                    if name in kwargs:
                        raise TypeError(
                            f"{function.__name__}() got multiple values for argument '{name}'"
                        )
                    kwargs[name] = kwargs.pop(alias)
            return function(*args, **kwargs)

        # the parameter may now come by an alias: in the signature it has a default
        signature = inspect.signature(function)
        parameters = [
            p.replace(default=None) if p.name in aliases.values() and p.default is p.empty else p
            for p in signature.parameters.values()
        ]
        extra = [
            inspect.Parameter(alias, inspect.Parameter.KEYWORD_ONLY, default=None)
            for alias in aliases
        ]
        if parameters and parameters[-1].kind is inspect.Parameter.VAR_KEYWORD:
            parameters[-1:-1] = extra
        else:
            parameters += extra
        wrapper.__signature__ = signature.replace(parameters=parameters)
        return wrapper

    return decorate


def result_type(tensor: Any, other: Any) -> _dtype.dtype:
    """torch.result_type: the dtype an arithmetic op on the two operands (tensors or Python
    numbers) gives, by the promotion every torch function applies."""
    operands = [t.native if isinstance(t, Tensor) else t for t in (tensor, other)]
    return _dtype.of(functions.result_dtype(operands))
