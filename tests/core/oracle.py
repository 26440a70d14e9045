"""Comparing core's results with an oracle (numpy, or array-api-strict) on every backend.

Inputs are made as numpy arrays (hypothesis draws them), handed to core on the backend
under test, and the result compared with what the oracle computes on the same numpy
inputs: same dtype, same shape, same values (nan where nan, and the sign of zero where
``check_signed_zero``).
"""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import core

# numpy dtype for each core dtype name
NUMPY_DTYPES = {
    name: numpy.dtype(ml_dtypes.bfloat16 if name == "bfloat16" else name)
    for name in core.dtypes.DTYPE_NAMES
}

# tolerances by dtype for values computed differently by different frameworks
TOLERANCES = {
    "bfloat16": (1.6e-2, 1e-5),
    "float16": (1e-3, 1e-5),
    "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7),
    "complex64": (1.3e-6, 1e-5),
    "complex128": (1e-7, 1e-7),
}


def to_numpy(value: Any) -> Any:
    """A core result (Array, tuple of Arrays, scalar) as numpy."""
    if isinstance(value, core.Array):
        return value.to_numpy()
    if isinstance(value, tuple | list):
        return type(value)(to_numpy(item) for item in value)
    return value


def assert_same(
    result: Any,
    expected: Any,
    *,
    dtype: Any = None,
    rtol: float | None = None,
    atol: float | None = None,
    check_signed_zero: bool = False,
) -> None:
    """``result`` (a core.Array) has ``expected``'s shape and values, and ``dtype``
    (default: ``expected``'s dtype)."""
    assert isinstance(result, core.Array), f"expected a core.Array, got {type(result).__name__}"
    expected = numpy.asarray(expected)
    want_dtype = core.as_core_dtype(dtype if dtype is not None else expected.dtype)
    assert result.dtype == want_dtype, f"dtype {result.dtype} != {want_dtype}"
    actual = result.to_numpy()
    assert actual.shape == expected.shape, f"shape {actual.shape} != {expected.shape}"
    assert_values(
        actual, expected, want_dtype, rtol=rtol, atol=atol, check_signed_zero=check_signed_zero
    )


def assert_values(
    actual: numpy.ndarray,
    expected: numpy.ndarray,
    dtype: str,
    *,
    rtol: float | None = None,
    atol: float | None = None,
    check_signed_zero: bool = False,
) -> None:
    default_rtol, default_atol = TOLERANCES.get(str(dtype), (0.0, 0.0))
    rtol = default_rtol if rtol is None else rtol
    atol = default_atol if atol is None else atol
    wide = numpy.complex128 if str(dtype).startswith("complex") else numpy.float64
    if str(dtype) in ("bool",) or str(dtype).startswith(("int", "uint")):
        numpy.testing.assert_array_equal(actual, expected.astype(actual.dtype))
        return
    a = actual.astype(wide)
    e = numpy.asarray(expected).astype(wide)
    numpy.testing.assert_allclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
    if check_signed_zero:
        zeros = (e == 0) & (a == 0)
        assert (numpy.signbit(a.real[zeros]) == numpy.signbit(e.real[zeros])).all(), (
            "sign of zero differs"
        )


# ---------------------------------------------------------------------------------------
# hypothesis strategies
# ---------------------------------------------------------------------------------------
def dtype_names(*groups: str) -> st.SearchStrategy[str]:
    """A dtype name from core's groups (``"float"``, ``"int"``, ``"uint"``, ``"complex"``,
    ``"bool"``, ``"numeric"``, ``"all"``)."""
    members = {
        "float": core.all_float_dtypes,
        "int": core.all_int_dtypes,
        "uint": core.all_uint_dtypes,
        "complex": core.all_complex_dtypes,
        "bool": (core.bool,),
        "numeric": core.all_numeric_dtypes,
        "all": core.all_dtypes,
    }
    names = sorted({str(d) for group in groups for d in members[group]})
    return st.sampled_from(names)


def arrays(
    dtype: str | st.SearchStrategy[str],
    *,
    shape: tuple[int, ...] | st.SearchStrategy[tuple[int, ...]] | None = None,
    min_dims: int = 0,
    max_dims: int = 3,
    min_side: int = 0,
    max_side: int = 4,
    elements: dict[str, Any] | None = None,
) -> st.SearchStrategy[numpy.ndarray]:
    """numpy arrays of a core dtype, with special values (nan, inf, -0.0) included for
    floats, small shapes by default (empty and 0-d included)."""
    dtype_strategy = st.just(dtype) if isinstance(dtype, str) else dtype
    shape_strategy = (
        shape
        if isinstance(shape, st.SearchStrategy)
        else st.just(shape)
        if shape is not None
        else hnp.array_shapes(
            min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side
        )
    )

    def build(name: str, array_shape: tuple[int, ...]) -> st.SearchStrategy[numpy.ndarray]:
        if name == "bfloat16":
            values = hnp.arrays(numpy.float32, array_shape, elements=_float_elements(32, elements))
            return values.map(lambda a: a.astype(ml_dtypes.bfloat16))
        kind = numpy.dtype(name).kind
        element_strategy = None
        if kind == "f":
            element_strategy = _float_elements(numpy.dtype(name).itemsize * 8, elements)
        elif elements is not None:
            element_strategy = hnp.from_dtype(numpy.dtype(name), **elements)
        return hnp.arrays(numpy.dtype(name), array_shape, elements=element_strategy)

    return st.tuples(dtype_strategy, shape_strategy).flatmap(lambda pair: build(*pair))


def _float_elements(width: int, options: dict[str, Any] | None) -> st.SearchStrategy[float]:
    options = {"allow_nan": True, "allow_infinity": True, "width": width, **(options or {})}
    return st.floats(**options)
