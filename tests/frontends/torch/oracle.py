"""Shared helpers for comparing frontends.torch with real torch (the oracle).

* :func:`to_frontend` / :func:`to_real`: the same numpy data as a frontend Tensor and as a
  real torch tensor (every one of the 15 dtypes, bfloat16 included);
* :func:`assert_matches`: same dtype, same shape, values within torch's ``assert_close``
  tolerances for the dtype (nan equal to nan); named tuples and tuples item by item;
* :func:`check`: run both; where real torch raises, the frontend must raise the same kind
  of error (a RuntimeError for torch's RuntimeError and NotImplementedError), else match;
* hypothesis strategies over dtypes, shapes and values with nan, inf and -0.0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy
import pytest
import torch as real_torch
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import core
from frontends import torch

DTYPE_NAMES = (
    "bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
    "bfloat16", "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip
FLOAT_NAMES = ("bfloat16", "float16", "float32", "float64")
INT_NAMES = ("uint8", "int8", "int16", "int32", "int64")

# torch.testing.assert_close's default tolerances by dtype
_TOLERANCES = {
    "bfloat16": (1.6e-2, 1e-5),
    "float16": (1e-3, 1e-5),
    "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7),
    "complex64": (1.3e-6, 1e-5),
    "complex128": (1e-7, 1e-7),
}


def _name(dtype: Any) -> str:
    return str(dtype).removeprefix("torch.")


def to_frontend(array: Any, dtype: str | None = None) -> torch.Tensor:
    """A frontend Tensor of numpy data (or of a real torch tensor) on the current backend."""
    if isinstance(array, real_torch.Tensor):
        dtype = _name(array.dtype)
        array = to_numpy(array)
    array = numpy.asarray(array)
    dtype = dtype or str(array.dtype)
    if dtype == "bfloat16":
        native = core.native.astype(core.native.asarray(array.astype(numpy.float32)), "bfloat16")
    else:
        native = core.native.asarray(array.astype(dtype))
    return torch.Tensor._from_native(native)


def to_numpy(tensor: real_torch.Tensor) -> numpy.ndarray:
    """A real torch tensor's values (bfloat16 as float32)."""
    tensor = tensor.detach().resolve_conj()
    if tensor.dtype == real_torch.bfloat16:
        tensor = tensor.float()
    return tensor.numpy()


def to_real(array: Any, dtype: str | None = None) -> real_torch.Tensor:
    """A real torch tensor of numpy data (``dtype`` "bfloat16" casts float data)."""
    array = numpy.asarray(array)
    dtype = dtype or str(array.dtype)
    if dtype == "bfloat16":
        return real_torch.from_numpy(array.astype(numpy.float32).copy()).to(real_torch.bfloat16)
    return real_torch.from_numpy(array.astype(dtype).copy())


def both(array: Any, dtype: str | None = None) -> tuple[torch.Tensor, real_torch.Tensor]:
    """The same data as a frontend tensor and a real torch tensor."""
    return to_frontend(array, dtype), to_real(array, dtype)


def _frontend_values(result: torch.Tensor) -> numpy.ndarray:
    values = numpy.asarray(result.numpy(force=True))
    if str(result.dtype) == "torch.bfloat16":
        values = values.astype(numpy.float32)
    return values


def assert_matches(
    result: Any,
    expected: Any,
    *,
    rtol: float | None = None,
    atol: float | None = None,
    equal_nan: bool = True,
) -> None:
    """``result`` (frontend) equals ``expected`` (real torch): dtype, shape and values."""
    if isinstance(expected, tuple):
        assert isinstance(result, tuple), f"expected a tuple, got {type(result).__name__}"
        assert len(result) == len(expected)
        if hasattr(expected, "_fields"):
            assert type(result).__name__ == type(expected).__name__
            assert tuple(result._fields) == tuple(expected._fields)
        for item, expected_item in zip(result, expected):
            assert_matches(item, expected_item, rtol=rtol, atol=atol, equal_nan=equal_nan)
        return
    if not isinstance(expected, real_torch.Tensor):
        assert not isinstance(result, torch.Tensor), f"expected {expected!r}, got a Tensor"
        assert type(result) is type(expected) and (
            result == expected or (result != result and expected != expected)
        ), f"{result!r} != {expected!r}"
        return
    assert isinstance(result, torch.Tensor), f"expected a Tensor, got {type(result).__name__}"
    assert str(result.dtype) == str(expected.dtype), f"dtype {result.dtype} != {expected.dtype}"
    assert tuple(result.shape) == tuple(expected.shape), f"shape {result.shape} != {expected.shape}"
    values, wanted = _frontend_values(result), to_numpy(expected)
    name = _name(expected.dtype)
    if name not in _TOLERANCES:
        numpy.testing.assert_array_equal(values, wanted)
        return
    default_rtol, default_atol = _TOLERANCES[name]
    wide = "complex128" if name.startswith("complex") else "float64"
    real_torch.testing.assert_close(
        real_torch.from_numpy(values.astype(wide)),
        real_torch.from_numpy(wanted.astype(wide)),
        rtol=default_rtol if rtol is None else rtol,
        atol=default_atol if atol is None else atol,
        equal_nan=equal_nan,
    )


def error_kind(error: BaseException) -> type[BaseException]:
    """The exception class the frontend must raise for real torch's ``error``."""
    return RuntimeError if isinstance(error, RuntimeError) else type(error)


def check(frontend_call: Callable[[], Any], real_call: Callable[[], Any], **tolerances: Any) -> Any:
    """Run real torch and the frontend; the frontend raises where torch raises, else its
    result matches. Returns real torch's result (None where it raised)."""
    try:
        expected = real_call()
    except Exception as error:
        try:
            frontend_call()
        except Exception as ours:
            if not isinstance(ours, error_kind(error)) and not is_complex32_refusal(ours):
                raise
            return None
        pytest.fail(f"real torch raises {type(error).__name__}: {error}; the frontend does not")
    if _has_complex32(expected):
        with pytest.raises(TypeError, match="complex32"):
            frontend_call()
        return expected
    assert_matches(frontend_call(), expected, **tolerances)
    return expected


def is_complex32_refusal(error: BaseException) -> bool:
    """The frontend's TypeError for a float16 operand with complex values: torch computes
    those in complex32, a dtype core lacks (where torch then raises, either is fine)."""
    return isinstance(error, TypeError) and "complex32" in str(error)


def _has_complex32(value: Any) -> bool:
    if isinstance(value, tuple):
        return any(_has_complex32(item) for item in value)
    return isinstance(value, real_torch.Tensor) and value.dtype == real_torch.complex32


# ---------------------------------------------------------------------------------------
# hypothesis strategies
# ---------------------------------------------------------------------------------------
_SPECIAL_FLOATS = (0.0, -0.0, 1.0, -1.0, 0.5, 2.0, numpy.nan, numpy.inf, -numpy.inf)


def _elements(dtype: str, special: bool, small_ints: bool) -> st.SearchStrategy[Any]:
    if dtype == "bool":
        return st.booleans()
    if dtype.startswith(("int", "uint")):
        info = numpy.iinfo(dtype)
        small = st.integers(-5 if info.min < 0 else 0, 5)
        return small if small_ints else st.one_of(small, st.integers(int(info.min), int(info.max)))
    finite = st.floats(-10, 10, width=32)
    if dtype.startswith("complex"):
        # nonzero finite parts: complex zeros and infinities are tested on their own
        # (test_pointwise_ops.test_complex_special_values), as core's backends disagree there
        part = st.one_of(st.floats(0.125, 10, width=32), st.floats(-10, -0.125, width=32))
        return st.builds(complex, part, part)
    return st.one_of(st.sampled_from(_SPECIAL_FLOATS), finite) if special else finite


def arrays(
    dtype: str, shape: tuple[int, ...], *, special: bool = True, small_ints: bool = False
) -> st.SearchStrategy[numpy.ndarray]:
    """numpy arrays for ``dtype`` (bfloat16/float16 drawn as float32 and rounded by the
    conversion), with nan, inf and -0.0 among the real float values when ``special``, and
    integers from their whole range unless ``small_ints``."""
    storage = {"bfloat16": "float32", "float16": "float32"}.get(dtype, dtype)
    return hnp.arrays(storage, shape, elements=_elements(dtype, special, small_ints))


def shapes(min_dims: int = 0, max_dims: int = 3) -> st.SearchStrategy[tuple[int, ...]]:
    """Small shapes, 0-dim and empty ones included."""
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=0, max_side=4)


def broadcastable_shapes(count: int = 2) -> st.SearchStrategy[tuple[tuple[int, ...], ...]]:
    """``count`` mutually broadcastable small shapes (0-dim and empty included)."""
    return hnp.mutually_broadcastable_shapes(
        num_shapes=count, min_dims=0, max_dims=3, min_side=0, max_side=3
    ).map(lambda result: result.input_shapes)


def from_numpy_both(array: Any) -> tuple[torch.Tensor, real_torch.Tensor]:
    """The same numpy array as a frontend tensor and a real torch tensor (its dtype)."""
    return both(array)
