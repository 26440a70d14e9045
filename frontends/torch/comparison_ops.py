"""torch's comparison ops (torch docs, "Comparison Ops"), on native arrays through core.

Comparisons give bool tensors after torch's promotion; ordering comparisons, ``maximum``
and ``minimum`` refuse complex and uint16/32/64 as torch 2.13 does. ``sort``, ``topk`` and
``kthvalue`` return :mod:`frontends.torch.return_types` named tuples; every sort is stable
(torch's default ``stable=False`` leaves the order of equal elements unspecified, and a
stable order is one of the orders it may give). nan sorts as the largest value.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import core
from core import native as ops
from frontends.torch import _dtype, return_types
from frontends.torch._frontend import fast, keyword_aliases, torch_function
from frontends.torch._ops_support import (
    WIDE_UNSIGNED,
    core_fn,
    dtype_of,
    promote,
    tensor_arguments,
    unsupported_dtypes,
)
from frontends.torch._tensor import INPLACE_NAMES, Tensor, _normalize_dim

__all__ = [
    "allclose", "argsort", "eq", "equal", "fmax", "fmin", "ge", "greater", "greater_equal",
    "gt", "isclose", "isfinite", "isin", "isinf", "isnan", "isneginf", "isposinf", "isreal",
    "kthvalue", "le", "less", "less_equal", "lt", "maximum", "minimum", "msort", "ne",
    "not_equal", "sort", "topk",
]  # fmt: skip

_VERSION = "2.13 and below"


# ---------------------------------------------------------------------------------------
# elementwise comparisons
# ---------------------------------------------------------------------------------------
def _comparison(
    name: str, compute: Callable[[Any, Any], Any], doc: str, *, ordered: bool
) -> Callable[..., Any]:
    if ordered:

        def function(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
            return compute(input, other)

    else:

        def function(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
            try:
                input, other, _ = promote(input, other)
            except TypeError:
                # float16 with complex values: torch compares in complex32, which core
                # lacks; complex64 holds the same values, so the answer is the same
                input, other, _ = promote(_widen_half(input), _widen_half(other))
            return compute(input, other)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    function.__module__ = __name__
    if ordered:
        decorated = torch_function("input", "other")(function)
        decorated = unsupported_dtypes(*WIDE_UNSIGNED, "complex")(decorated)
    else:
        decorated = torch_function()(function)
    decorated = tensor_arguments("input")(decorated)
    direct = getattr(compute, "core_name", None)
    return fast(direct, "input", "other")(decorated) if direct else decorated


def _widen_half(value: Any) -> Any:
    if type(value) in (bool, int, float, complex) or dtype_of(value) != core.float16:
        return value
    return ops.astype(value, core.float32)


eq = _comparison("eq", core_fn("equal"), "input == other, as bool.", ordered=False)
ne = _comparison("ne", core_fn("not_equal"), "input != other, as bool.", ordered=False)
lt = _comparison("lt", core_fn("less"), "input < other, as bool.", ordered=True)
le = _comparison("le", core_fn("less_equal"), "input <= other, as bool.", ordered=True)
gt = _comparison("gt", core_fn("greater"), "input > other, as bool.", ordered=True)
ge = _comparison("ge", core_fn("greater_equal"), "input >= other, as bool.", ordered=True)
not_equal, less, less_equal, greater, greater_equal = ne, lt, le, gt, ge


def _extremum(name: str, compute: Callable[[Any, Any], Any], doc: str) -> Callable[..., Any]:
    def function(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
        if dtype_of(input).kind == "c":
            raise RuntimeError(f"{name} not implemented for complex tensors.")
        return compute(input, other)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    function.__module__ = __name__
    decorated = unsupported_dtypes(*WIDE_UNSIGNED)(torch_function("input", "other")(function))
    decorated = tensor_arguments("input", "other")(decorated)
    direct = getattr(compute, "core_name", None)
    return fast(direct, "input", "other", scalars=False)(decorated) if direct else decorated


maximum = _extremum("maximum", core_fn("maximum"), "The larger of input and other; nan propagates.")
minimum = _extremum(
    "minimum", core_fn("minimum"), "The smaller of input and other; nan propagates."
)
fmax = _extremum("fmax", core_fn("fmax"), "The larger of input and other, ignoring a nan.")
fmin = _extremum("fmin", core_fn("fmin"), "The smaller of input and other, ignoring a nan.")

INPLACE_NAMES.update(
    (
        "eq",
        "ne",
        "lt",
        "le",
        "gt",
        "ge",
        "not_equal",
        "less",
        "less_equal",
        "greater",
        "greater_equal",
    )
)


def _same_dtype(name: str, input: Any, other: Any) -> None:
    if dtype_of(input) != dtype_of(other):
        raise RuntimeError(
            f"{_dtype.scalar_type_name(dtype_of(input))} did not match "
            f"{_dtype.scalar_type_name(dtype_of(other))}"
        )


def _isclose(input: Any, other: Any, rtol: float, atol: float, equal_nan: bool) -> Any:
    _same_dtype("isclose", input, other)
    if rtol < 0:
        raise RuntimeError(f"rtol must be greater than or equal to zero, but got {rtol}")
    if atol < 0:
        raise RuntimeError(f"atol must be greater than or equal to zero, but got {atol}")
    close = ops.equal(input, other)
    dtype = dtype_of(input)
    if dtype == core.bool:
        return close
    if equal_nan and dtype.kind in "fc":
        close = ops.logical_or(close, ops.logical_and(ops.isnan(input), ops.isnan(other)))
    if dtype.kind not in "fc":
        default = _dtype.get_default_dtype().core_dtype
        input, other = ops.astype(input, default), ops.astype(other, default)
    actual = ops.abs(ops.subtract(input, other))
    allowed = ops.add(ops.multiply(ops.abs(other), abs(rtol)), atol)
    allowed = ops.astype(allowed, dtype_of(actual))
    return ops.logical_or(
        close, ops.logical_and(ops.isfinite(actual), ops.less_equal(actual, allowed))
    )


@torch_function()
def isclose(
    input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> Tensor:
    """|input - other| <= atol + rtol * |other|, or equal; both must have the same dtype."""
    return _isclose(input, other, rtol, atol, equal_nan)


@torch_function()
def allclose(
    input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> bool:
    """Whether every element is close (:func:`isclose`), as a Python bool."""
    return bool(ops.all(_isclose(input, other, rtol, atol, equal_nan)))


@torch_function("input", "other")
def equal(input: Tensor, other: Tensor) -> bool:
    """Whether both have the same shape and elements (nan is never equal), as a Python bool."""
    if tuple(input.shape) != tuple(other.shape):
        return False
    return bool(ops.all(ops.equal(input, other)))


@torch_function("input")
def isfinite(input: Tensor) -> Tensor:
    """Whether each element is finite (always True for integers and bools)."""
    return ops.isfinite(input)


@torch_function("input")
def isinf(input: Tensor) -> Tensor:
    """Whether each element is +inf or -inf."""
    return ops.isinf(input)


@torch_function("input")
def isnan(input: Tensor) -> Tensor:
    """Whether each element is nan."""
    return ops.isnan(input)


def _is_infinity(name: str, sign: float) -> Callable[..., Any]:
    def function(input: Tensor, *, out: Tensor | None = None) -> Tensor:
        if dtype_of(input).kind != "f":
            return ops.zeros(tuple(input.shape), dtype="bool")
        return ops.equal(input, ops.asarray(sign * math.inf, dtype=dtype_of(input)))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Whether each element is {'+' if sign > 0 else '-'}inf."
    function.__module__ = __name__
    return unsupported_dtypes("complex")(torch_function("input")(function))


isposinf = _is_infinity("isposinf", 1.0)
isneginf = _is_infinity("isneginf", -1.0)


@torch_function("input")
def isreal(input: Tensor) -> Tensor:
    """Whether each element has a zero imaginary part (always True for real dtypes)."""
    if dtype_of(input).kind == "c":
        return ops.equal(ops.imag(input), 0)
    return ops.ones(tuple(input.shape), dtype="bool")


@keyword_aliases(element="elements", test_element="test_elements")
@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("elements", "test_elements")
def isin(
    elements: Tensor,
    test_elements: Tensor,
    *,
    assume_unique: bool = False,
    invert: bool = False,
    out: Tensor | None = None,
) -> Tensor:
    """Whether each of ``elements`` occurs in ``test_elements`` (after promotion)."""
    dtype = dtype_of(elements)
    if dtype == core.bool or dtype.kind == "c":
        raise RuntimeError(
            f"Unsupported input type encountered for isin(): {_dtype.scalar_type_name(dtype)}"
        )
    shape = tuple(elements.shape)
    flat = ops.reshape(elements, (-1, 1))
    tests = ops.reshape(test_elements, (1, -1))
    found = ops.any(ops.equal(flat, tests), axis=1)
    if invert:
        found = ops.logical_not(found)
    return ops.reshape(found, shape)


# ---------------------------------------------------------------------------------------
# sorting and selection
# ---------------------------------------------------------------------------------------
def _as_1d(input: Any) -> tuple[Any, bool]:
    """A 0-d array as shape (1,) (torch treats it as one element along dim 0 or -1)."""
    if len(input.shape) == 0:
        return ops.reshape(input, (1,)), True
    return input, False


def _restore(value: Any, was_scalar: bool) -> Any:
    return ops.reshape(value, ()) if was_scalar else value


@unsupported_dtypes("complex")
@torch_function("input")
def sort(
    input: Tensor,
    dim: int = -1,
    descending: bool = False,
    *,
    stable: bool = False,
    out: Any = None,
) -> Any:
    """Sorted values and their int64 indices along ``dim`` (stable, nan last ascending)."""
    x, was_scalar = _as_1d(input)
    axis = _normalize_dim(dim, len(input.shape))
    indices = ops.argsort(x, axis=axis, descending=descending, stable=True)
    values = ops.take_along_axis(x, indices, axis=axis)
    return return_types.sort(_restore(values, was_scalar), _restore(indices, was_scalar))


@unsupported_dtypes("complex")
@torch_function("input")
def argsort(
    input: Tensor,
    dim: int = -1,
    descending: bool = False,
    *,
    stable: bool = False,
    out: Tensor | None = None,
) -> Tensor:
    """The int64 indices that sort ``input`` along ``dim`` (stable)."""
    x, was_scalar = _as_1d(input)
    axis = _normalize_dim(dim, len(input.shape))
    return _restore(ops.argsort(x, axis=axis, descending=descending, stable=True), was_scalar)


@unsupported_dtypes("complex")
@torch_function("input")
def msort(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """``input`` sorted along its first dimension."""
    x, was_scalar = _as_1d(input)
    return _restore(ops.sort(x, axis=0, stable=True), was_scalar)


@unsupported_dtypes(*WIDE_UNSIGNED, "complex")
@torch_function("input")
def topk(
    input: Tensor,
    k: int,
    dim: int = -1,
    largest: bool = True,
    sorted: bool = True,
    *,
    out: Any = None,
) -> Any:
    """The ``k`` largest (or smallest) values along ``dim`` and their int64 indices; nan
    counts as the largest value. Always in sorted order."""
    if dtype_of(input) == core.bool:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    x, was_scalar = _as_1d(input)
    axis = _normalize_dim(dim, len(input.shape))
    if not 0 <= k <= x.shape[axis]:
        raise RuntimeError("selected index k out of range")
    indices = ops.argsort(x, axis=axis, descending=largest, stable=True)
    indices = _take_first(indices, k, axis)
    values = ops.take_along_axis(x, indices, axis=axis)
    return return_types.topk(_restore(values, was_scalar), _restore(indices, was_scalar))


def _take_first(x: Any, k: int, axis: int) -> Any:
    key = tuple(slice(None) if i != axis else slice(0, k) for i in range(len(x.shape)))
    return ops.get_item(x, key)


@unsupported_dtypes("bool", *WIDE_UNSIGNED, "complex")
@torch_function("input")
def kthvalue(
    input: Tensor, k: int, dim: int = -1, keepdim: bool = False, *, out: Any = None
) -> Any:
    """The ``k``-th smallest value along ``dim`` (1-based) and its int64 index; nan counts
    as the largest value."""
    x, was_scalar = _as_1d(input)
    axis = _normalize_dim(dim, len(input.shape))
    if not 1 <= k <= x.shape[axis]:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {dim}")
    order = ops.argsort(x, axis=axis, stable=True)
    key = tuple(slice(None) if i != axis else slice(k - 1, k) for i in range(len(x.shape)))
    indices = ops.get_item(order, key)
    values = ops.take_along_axis(x, indices, axis=axis)
    if was_scalar:
        return return_types.kthvalue(ops.reshape(values, ()), ops.reshape(indices, ()))
    if not keepdim:
        values, indices = ops.squeeze(values, axis=axis), ops.squeeze(indices, axis=axis)
    return return_types.kthvalue(values, indices)
