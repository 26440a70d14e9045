"""One package per framework, each providing core's primary implementations.

A backend package defines: ``name``, ``version`` (the installed framework's version),
``native_array_types``, ``NativeDtype``, ``native_dtypes`` (core dtype name -> native
dtype object) and ``can_hold(native_dtype)``; its category modules (``elementwise.py``,
``creation.py``, ...) define the primary functions under core's names.
"""

from collections.abc import Callable
from typing import Any, TypeVar

from core import dtypes
from core.dtypes import Dtype

F = TypeVar("F", bound=Callable[..., Any])


def direct(
    kernel: Callable[..., Any], keywords: tuple[str, ...] = (), mask: bool = False
) -> Callable[[F], F]:
    """Declare the framework function that equals the decorated implementation in the
    common case: arrays of one floating dtype (float32 or float64), Python int/float
    scalars among them, every other parameter at its default.

    ``keywords``: parameters of the implementation the kernel also takes, by the same
    name and with the same meaning, when given None, a bool, an int or a nonempty tuple of ints
    (``keywords=("axis", "keepdims")``).

    ``mask``: the first array parameter is a boolean array (``where``'s condition) and the
    floating arrays and scalars follow it.

    Frontends call ``kernel`` straight in that case (:mod:`frontends.base.fastpath`), so
    it must give the same values, dtype and shape; ``tests/core/test_direct.py`` checks
    each declaration against the implementation on every backend.
    """

    def declare(implementation: F) -> F:
        implementation.direct = kernel  # type: ignore[attr-defined]
        implementation.direct_keywords = frozenset(keywords)  # type: ignore[attr-defined]
        implementation.direct_mask = mask  # type: ignore[attr-defined]
        return implementation

    return declare


def inferred_dtype(obj: Any) -> Dtype | None:
    """The dtype ``asarray(obj)`` takes with no dtype given, or None to let the framework
    decide (sequences holding arrays).

    Python scalars and nested sequences of them take core's default dtype of their highest
    kind; an empty sequence the default float dtype; an array keeps its dtype.
    """
    kind = dtypes._scalar_kind(obj)
    if kind is not None:
        return dtypes._default_for_kind(kind)
    if type(obj) in (list, tuple) and _is_empty(obj):
        return dtypes.default_float_dtype()
    native = getattr(obj, "dtype", None)
    if native is None:
        return None
    from core.backend import as_core_dtype

    return as_core_dtype(native)


def _is_empty(sequence: Any) -> bool:
    return all(type(item) in (list, tuple) and _is_empty(item) for item in sequence)


def foreign_to_numpy(obj: Any, own_types: tuple[type, ...]) -> Any:
    """``obj`` as a numpy array when it is another framework's array, else unchanged."""
    if isinstance(obj, own_types) or type(obj) in (list, tuple, bool, int, float, complex):
        return obj
    from core.backend import backend_of_native

    owner = backend_of_native(obj)
    return obj if owner is None else owner.module.to_numpy(obj)


def make_promote(
    core_dtypes: dict[Any, Dtype],
    native_dtypes: dict[str, Any],
    cast: Any,
    scalar_to_native: Any,
) -> Any:
    """Build a backend's ``promote(*values)``: native arrays cast to their common dtype under
    core's table, Python scalars made arrays of that dtype (a scalar never widens)."""
    scalar_types = (bool, int, float, complex)

    def promote(*values: Any) -> tuple[Any, ...]:
        try:
            return _promote(*values)
        except AttributeError:
            for value in values:
                if type(value) not in scalar_types and not hasattr(value, "dtype"):
                    raise TypeError(
                        f"unsupported operand type: {type(value).__name__} (an array or a "
                        "number is needed)"
                    ) from None
            raise

    def _promote(*values: Any) -> tuple[Any, ...]:
        dtype = getattr(values[0], "dtype", None)
        if dtype is not None and type(values[0]) not in scalar_types:
            for value in values[1:]:
                if type(value) in scalar_types or value.dtype != dtype:
                    break
            else:
                return values
        common = dtypes.result_type(
            *(v if type(v) in scalar_types else core_dtypes[v.dtype] for v in values)
        )
        native = native_dtypes[common]
        return tuple(
            scalar_to_native(_wrap_scalar(v, common), native)
            if type(v) in scalar_types
            else v
            if v.dtype == native
            else cast(v, native)
            for v in values
        )

    return promote


def _wrap_scalar(value: Any, dtype: Dtype) -> Any:
    if type(value) is int and dtype.is_int_dtype:
        low = -(2 ** (dtype.bits - 1)) if dtype.kind == "i" else 0
        return (value - low) % 2**dtype.bits + low
    return value
