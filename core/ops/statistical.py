"""core's statistical functions: the standard's reductions and cumulative functions, plus
cummax/cummin, logsumexp, median, nanmean and nansum.

Result dtypes follow the 2024.12 standard with core's defaults, on every backend:

* ``sum``, ``prod``, ``cumulative_sum``, ``cumulative_prod`` (and ``nansum``): a signed
  integer or bool input gives the default integer dtype (int64), an unsigned one the
  unsigned dtype of the default integer's width (uint64); floats and complex keep theirs.
  ``dtype=`` casts the input first.
* ``mean``, ``std``, ``var``, ``logsumexp``, ``median``, ``nanmean``: integer and bool
  inputs give the default float dtype (float32), never numpy's float64. ``std``/``var`` of
  complex input give the real dtype of the same precision.
* float16 and bfloat16 inputs are accumulated in float32 and the result cast back, so
  every backend rounds the same way (and partial sums do not overflow early).

``max``/``min`` (and the others that have no identity) raise ``ValueError`` when reducing
over an axis of length 0; ``sum`` of nothing is 0, ``mean`` of nothing is nan.

The private helpers at the bottom are shared by the backend implementations of the
searching, sorting, statistical and utility functions.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from core import dtypes, native
from core.array import Array, ArrayLike
from core.autodiff import defvjp, expand_reduced
from core.dtypes import Dtype
from core.errors import AxisError
from core.registry import primary


class CumulativeResult(NamedTuple):
    """``cummax``/``cummin``'s result: the running values and the indices they come from."""

    values: Array
    indices: Array


@primary
def cumulative_sum(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> Array:
    """Cumulative sum along ``axis`` (optional only for 1-D ``x``); with
    ``include_initial`` the result starts with the sum of nothing (0)."""


@primary
def cumulative_prod(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> Array:
    """Cumulative product along ``axis``; with ``include_initial`` it starts with 1."""


@primary
def cummax(x: ArrayLike, /, *, axis: int | None = None) -> CumulativeResult:
    """Running maximum along ``axis`` (optional only for 1-D ``x``) and where it comes from.

    Not in the standard; torch's ``cummax``, whose index rule every backend follows: on a
    tie the later index is taken, and once a nan is met the values are nan and the index is
    that of the latest nan. Real input only (complex raises UnsupportedDtypeError).
    """


@primary
def cummin(x: ArrayLike, /, *, axis: int | None = None) -> CumulativeResult:
    """Running minimum along ``axis`` and where it comes from (torch's rules, as cummax)."""


@primary
def max(  # noqa: A001
    x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Maximum along ``axis``; nan propagates. Reducing an empty axis raises ValueError."""


@primary
def min(  # noqa: A001
    x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Minimum along ``axis``; nan propagates. Reducing an empty axis raises ValueError."""


@primary
def mean(
    x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Arithmetic mean along ``axis``; integers give the default float dtype."""


@primary
def prod(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> Array:
    """Product along ``axis``; narrow integers widen to the default integer dtype."""


@primary
def std(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> Array:
    """Standard deviation along ``axis``, dividing by ``N - correction``."""


@primary
def sum(  # noqa: A001
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> Array:
    """Sum along ``axis``; narrow integers widen to the default integer dtype."""


@primary
def var(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> Array:
    """Variance along ``axis``: the mean squared distance from the mean, times
    ``N / (N - correction)``. Complex input gives a real result."""


@primary
def logsumexp(
    x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """``log(sum(exp(x)))`` along ``axis``, computed without overflow (real input only).

    All ``-inf`` gives ``-inf``, any ``+inf`` gives ``+inf``, nan propagates. Reducing an
    empty axis gives ``-inf``.
    """


@primary
def median(
    x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Median along ``axis`` (real input only): numpy's rule, the mean of the two middle
    values for an even count, nan where a nan is present, nan for an empty axis. Not
    torch's lower median."""


@primary
def nanmean(
    x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Mean of the non-nan elements along ``axis``; nan where all are nan (or none)."""


@primary
def nansum(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> Array:
    """Sum along ``axis`` with nan counted as zero; dtypes as :func:`sum`."""


# ---------------------------------------------------------------------------------------
# helpers shared by the backend implementations
# ---------------------------------------------------------------------------------------
HALF_DTYPES = frozenset({dtypes.float16, dtypes.bfloat16})


def _sum_dtype(x_dtype: Dtype, dtype: Any) -> Dtype:
    """The result dtype of sum/prod/cumulative_* of an ``x_dtype`` input."""
    if dtype is not None:
        return Dtype(dtype)
    default_int = dtypes.default_int_dtype()
    if x_dtype.kind in "bi":
        return default_int
    if x_dtype.kind == "u":
        return Dtype(f"uint{default_int.bits}")
    return x_dtype


def _float_result_dtype(x_dtype: Dtype) -> Dtype:
    """The result dtype of mean-like functions: the default float dtype for int/bool."""
    return x_dtype if x_dtype.kind in "fc" else dtypes.default_float_dtype()


def _real_dtype(x_dtype: Dtype) -> Dtype:
    """float32 for complex64, float64 for complex128, the dtype itself otherwise."""
    if x_dtype.kind == "c":
        return dtypes.float32 if x_dtype == dtypes.complex64 else dtypes.float64
    return x_dtype


def _compute_dtype(result: Dtype) -> Dtype:
    """The dtype to accumulate in for a ``result`` dtype: float32 for the half floats."""
    return dtypes.float32 if result in HALF_DTYPES else result


def _axes(axis: int | tuple[int, ...] | None, ndim: int) -> tuple[int, ...]:
    """``axis`` as a sorted tuple of non-negative axes (every axis for None)."""
    if axis is None:
        return tuple(range(ndim))
    items = (axis,) if isinstance(axis, int) else tuple(axis)
    result = []
    for item in items:
        if not -ndim <= item < ndim:
            raise AxisError(
                f"axis {item} is out of bounds for an array of dimension {ndim}", item, ndim
            )
        result.append(item % ndim)
    if len(set(result)) != len(result):
        raise ValueError(f"repeated axis in {axis}")
    return tuple(sorted(result))


def _count(shape: tuple[int, ...], axes: tuple[int, ...]) -> int:
    """How many elements a reduction over ``axes`` of ``shape`` combines."""
    count = 1
    for axis in axes:
        count *= shape[axis]
    return count


def _axis(axis: int, ndim: int) -> int:
    """One axis, made non-negative, or core's AxisError (a ValueError) when out of bounds."""
    if not -ndim <= axis < ndim:
        raise AxisError(
            f"axis {axis} is out of bounds for an array of dimension {ndim}", axis, ndim
        )
    return axis % ndim


def _cumulative_axis(axis: int | None, ndim: int, name: str) -> int:
    """The axis of a cumulative function: required unless the input is 1-D."""
    if ndim == 0:
        raise ValueError(f"core.{name} needs an array of at least one dimension")
    if axis is None:
        if ndim != 1:
            raise ValueError(f"core.{name} needs an axis for an array of {ndim} dimensions")
        return 0
    return _axis(axis, ndim)


def _check_nonempty(shape: tuple[int, ...], axes: tuple[int, ...], name: str) -> None:
    """ValueError when reducing over an axis of length 0 (no identity for ``name``)."""
    if any(shape[a] == 0 for a in axes):
        raise ValueError(f"core.{name} of an empty array (zero-size axis) has no identity")


def _kept_shape(shape: tuple[int, ...], axes: tuple[int, ...]) -> tuple[int, ...]:
    """``shape`` with the reduced ``axes`` set to 1 (keepdims)."""
    return tuple(1 if i in axes else n for i, n in enumerate(shape))


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff)
# ---------------------------------------------------------------------------------------
def _count(shape: tuple[int, ...], axis: Any) -> int:
    if axis is None:
        return math.prod(shape)
    axes = (axis,) if isinstance(axis, int) else axis
    return math.prod(shape[a] for a in axes)


def _sum_rule(
    g: Any, y: Any, x: Any, *, axis: Any = None, dtype: Any = None, keepdims: bool = False
) -> tuple[Any]:
    return (expand_reduced(g, tuple(x.shape), axis, keepdims),)


def _mean_rule(g: Any, y: Any, x: Any, *, axis: Any = None, keepdims: bool = False) -> tuple[Any]:
    shape = tuple(x.shape)
    return (native.divide(expand_reduced(g, shape, axis, keepdims), _count(shape, axis)),)


def _extremum_rule(
    g: Any, y: Any, x: Any, *, axis: Any = None, keepdims: bool = False
) -> tuple[Any]:
    """The cotangent shared evenly among the elements equal to the extremum (torch's amax)."""
    shape = tuple(x.shape)
    hits = native.astype(
        native.equal(x, expand_reduced(y, shape, axis, keepdims)), dtypes.result_type(g)
    )
    count = native.sum(hits, axis=axis, keepdims=True)
    return (native.divide(native.multiply(expand_reduced(g, shape, axis, keepdims), hits), count),)


def _prod_rule(
    g: Any, y: Any, x: Any, *, axis: Any = None, dtype: Any = None, keepdims: bool = False
) -> tuple[Any]:
    shape = tuple(x.shape)
    return (native.divide(native.multiply(expand_reduced(g, shape, axis, keepdims),
                                          expand_reduced(y, shape, axis, keepdims)), x),)  # fmt: skip


def _var_rule(
    g: Any, y: Any, x: Any, *, axis: Any = None, correction: float = 0.0, keepdims: bool = False
) -> tuple[Any]:
    shape = tuple(x.shape)
    centered = native.subtract(x, native.mean(x, axis=axis, keepdims=True))
    degrees = _count(shape, axis) - correction
    scale = 2 / degrees if degrees > 0 else math.inf
    return (
        native.multiply(expand_reduced(g, shape, axis, keepdims), native.multiply(centered, scale)),
    )


def _std_rule(
    g: Any, y: Any, x: Any, *, axis: Any = None, correction: float = 0.0, keepdims: bool = False
) -> tuple[Any]:
    return _var_rule(native.divide(g, native.multiply(y, 2)), None, x, axis=axis,
                     correction=correction, keepdims=keepdims)  # fmt: skip


def _logsumexp_rule(
    g: Any, y: Any, x: Any, *, axis: Any = None, keepdims: bool = False
) -> tuple[Any]:
    shape = tuple(x.shape)
    weights = native.exp(native.subtract(x, expand_reduced(y, shape, axis, keepdims)))
    return (native.multiply(expand_reduced(g, shape, axis, keepdims), weights),)


def _reverse_cumsum(g: Any, axis: int) -> Any:
    return native.flip(native.cumulative_sum(native.flip(g, axis=axis), axis=axis), axis=axis)


def _cumulative_dim(axis: int | None) -> int:
    return 0 if axis is None else axis


def _cumsum_rule(g: Any, y: Any, x: Any, *, axis: int | None = None, dtype: Any = None,
                 include_initial: bool = False) -> tuple[Any]:  # fmt: skip
    axis = _cumulative_dim(axis)
    if include_initial:
        g = native.get_item(g, (slice(None),) * (axis % len(g.shape)) + (slice(1, None),))
    return (_reverse_cumsum(g, axis),)


def _cumprod_rule(g: Any, y: Any, x: Any, *, axis: int | None = None, dtype: Any = None,
                  include_initial: bool = False) -> tuple[Any]:  # fmt: skip
    """``reverse_cumsum(g * y) / x`` (inputs with zeros give nan/inf, unlike torch's)."""
    axis = _cumulative_dim(axis)
    if include_initial:
        index = (slice(None),) * (axis % len(g.shape)) + (slice(1, None),)
        g, y = native.get_item(g, index), native.get_item(y, index)
    return (native.divide(_reverse_cumsum(native.multiply(g, y), axis), x),)


def _nansum_rule(
    g: Any, y: Any, x: Any, *, axis: Any = None, dtype: Any = None, keepdims: bool = False
) -> tuple[Any]:
    spread = expand_reduced(g, tuple(x.shape), axis, keepdims)
    return (native.where(native.isnan(x), native.zeros_like(spread), spread),)


def _nanmean_rule(
    g: Any, y: Any, x: Any, *, axis: Any = None, keepdims: bool = False
) -> tuple[Any]:
    present = native.logical_not(native.isnan(x))
    count = native.sum(native.astype(present, dtypes.result_type(g)), axis=axis, keepdims=True)
    spread = native.divide(expand_reduced(g, tuple(x.shape), axis, keepdims), count)
    return (native.where(present, spread, native.zeros_like(spread)),)


def _cumulative_extremum_rule(g: Any, y: Any, x: Any, *, axis: int | None = None) -> tuple[Any]:
    """Each position's cotangent goes to the element its running extremum came from."""
    values_g, _ = g
    _, indices = y
    zeros = native.zeros(tuple(x.shape), dtype=dtypes.result_type(values_g))
    return (native.scatter(zeros, 0 if axis is None else axis, indices, values_g, reduce="add"),)


def _median_rule(g: Any, y: Any, x: Any, *, axis: Any = None, keepdims: bool = False) -> tuple[Any]:
    """Half the cotangent to each of the two middle elements (both halves to the one middle
    element of an odd count), found again by a stable sort."""
    shape = tuple(x.shape)
    if axis is not None and not isinstance(axis, int):
        if len(axis) != 1:
            raise NotImplementedError("core.median's vjp takes axis=None or one axis")
        axis = axis[0]
    flat = native.reshape(x, (-1,)) if axis is None else x
    along = 0 if axis is None else axis % len(shape)
    count = flat.shape[along]
    order = native.argsort(flat, axis=along, stable=True)
    spread = expand_reduced(g, shape, axis, keepdims)
    if axis is None:
        spread = native.reshape(spread, (-1,))
    half = native.multiply(spread, 0.5)
    grad = native.zeros(tuple(flat.shape), dtype=dtypes.result_type(g))
    for middle in {(count - 1) // 2, count // 2}:
        position = native.get_item(order, (slice(None),) * along + (slice(middle, middle + 1),))
        part = half if (count - 1) // 2 != count // 2 else spread
        part = native.get_item(part, (slice(None),) * along + (slice(0, 1),))
        grad = native.add(grad, native.scatter(native.zeros_like(grad), along, position, part))
    return (native.reshape(grad, shape),)


defvjp(cummax, _cumulative_extremum_rule)
defvjp(cummin, _cumulative_extremum_rule)
defvjp(median, _median_rule)
defvjp(sum, _sum_rule)
defvjp(mean, _mean_rule)
defvjp(max, _extremum_rule)
defvjp(min, _extremum_rule)
defvjp(prod, _prod_rule)
defvjp(var, _var_rule)
defvjp(std, _std_rule)
defvjp(logsumexp, _logsumexp_rule)
defvjp(cumulative_sum, _cumsum_rule)
defvjp(cumulative_prod, _cumprod_rule)
defvjp(nansum, _nansum_rule)
defvjp(nanmean, _nanmean_rule)
