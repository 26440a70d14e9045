"""Helpers the torch frontend's op modules share: dtype and dim rules, scalar conversion,
operand promotion, low-precision accumulation and the matmul kernel, all on native arrays.

Every op module (pointwise_ops, reduction_ops, linalg, blas_lapack_ops, other_ops, fft,
special, comparison_ops ...) imports these from here, never from a sibling op module.
"""

from __future__ import annotations

import builtins
import functools
import inspect
import operator
from collections.abc import Callable, Sequence
from typing import Any

import core
from core import native as ops
from core.support import with_unsupported_dtypes
from frontends.torch import _dtype
from frontends.torch._dtype import HALF_FLOATS
from frontends.torch._frontend import _unsupported, functions

_VERSION = "2.13 and below"
_NUMBERS = (bool, int, float, complex)
WIDE_UNSIGNED = ("uint16", "uint32", "uint64")
COMPLEX = frozenset({core.complex64, core.complex128})


def unsupported_dtypes(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``with_unsupported_dtypes`` for torch 2.13."""
    return with_unsupported_dtypes({_VERSION: names}, "torch")


# ---------------------------------------------------------------------------------------
# helpers on native arrays (the other modules of this part import them)
# ---------------------------------------------------------------------------------------
def dtype_of(x: Any) -> core.Dtype:
    """The core dtype of a native array."""
    return core.as_core_dtype(x.dtype)


def ndim_of(x: Any) -> int:
    return len(x.shape)


def default_float() -> core.Dtype:
    return _dtype.get_default_dtype().core_dtype


def core_dtype(dtype: Any) -> core.Dtype | None:
    """A torch dtype argument (torch dtype, Python type, None) as a core dtype."""
    return None if dtype is None else _dtype.to_torch_dtype(dtype).core_dtype


def torch_name(dtype: core.Dtype) -> str:
    """torch's C++ name of a dtype (``Float``, ``Long``), as its messages use."""
    return _dtype.scalar_type_name(dtype)


def real_dtype(dtype: core.Dtype) -> core.Dtype:
    return {core.complex64: core.float32, core.complex128: core.float64}.get(dtype, dtype)


def complex_dtype(dtype: core.Dtype) -> core.Dtype:
    return core.complex128 if dtype == core.float64 else core.complex64


def normalize_dim(dim: int, ndim: int) -> int:
    """``dim`` in ``[0, ndim)``; torch's IndexError otherwise (a 0-d tensor takes 0/-1)."""
    bound = builtins.max(ndim, 1)
    if not -bound <= dim < bound:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-bound}, {bound - 1}], "
            f"but got {dim})"
        )
    return dim % bound


def _dim_index(dim: Any) -> int:
    """``dim`` as an int; torch's argument parser refuses a float or a string (TypeError)."""
    try:
        return operator.index(dim)
    except TypeError:
        raise TypeError(
            f"argument 'dim' must be int or tuple of ints, not {type(dim).__name__}"
        ) from None


def normalize_dims(dim: int | Sequence[int] | None, ndim: int) -> tuple[int, ...] | None:
    """torch's ``dim`` argument (int, sequence, None) as sorted-free normalized tuple; an
    empty sequence means every dimension (None), as in torch's reductions."""
    if dim is None:
        return None
    if not isinstance(dim, (tuple, list)):
        return (normalize_dim(_dim_index(dim), ndim),)
    dims = tuple(normalize_dim(_dim_index(d), ndim) for d in dim)
    if not dims:
        return None
    seen: set[int] = set()
    for d in dims:
        if d in seen:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        seen.add(d)
    return dims


def scalar(value: Any, dtype: core.Dtype) -> Any:
    """A Python number as a 0-d native of ``dtype``."""
    return ops.asarray(value, dtype=dtype)


def reduce(fn: Callable[..., Any], x: Any, dim: Any, keepdim: bool, **kwargs: Any) -> Any:
    """``fn(x, axis=..., keepdims=...)`` with torch's ``dim`` rules (0-d inputs take dim 0
    or -1; ``None`` or an empty list reduce everything)."""
    ndim = ndim_of(x)
    axes = normalize_dims(dim, ndim)
    if ndim == 0:
        return fn(x, axis=None, keepdims=False, **kwargs)
    if axes is None:
        return fn(x, axis=None, keepdims=keepdim, **kwargs)
    return fn(x, axis=axes, keepdims=keepdim, **kwargs)


def accumulate_low(fn: Callable[..., Any], x: Any, *args: Any, **kwargs: Any) -> Any:
    """``fn`` computed in float32 for float16/bfloat16 (complex64 stays), rounded back."""
    dtype = dtype_of(x)
    if dtype in HALF_FLOATS:
        return ops.astype(fn(ops.astype(x, core.float32), *args, **kwargs), dtype)
    return fn(x, *args, **kwargs)


def reduced_shape(shape: tuple[int, ...], axes: tuple[int, ...] | None, keepdim: bool) -> tuple:
    if axes is None:
        return (1,) * len(shape) if keepdim else ()
    if keepdim:
        return tuple(1 if i in axes else n for i, n in enumerate(shape))
    return tuple(n for i, n in enumerate(shape) if i not in axes)


def check_nonempty(name: str, x: Any, axes: tuple[int, ...] | None) -> None:
    """torch refuses max-like reductions over an empty extent."""
    shape = tuple(x.shape)
    if axes is None:
        if 0 in shape:
            raise RuntimeError(
                f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
                "Specify the reduction dim with the 'dim' argument."
            )
        return
    for axis in axes:
        if ndim_of(x) and shape[axis] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {axis} to have non-zero size.")


def isnan(x: Any) -> Any:
    return ops.isnan(x) if dtype_of(x).kind in "fc" else ops.zeros(x.shape, dtype=core.bool)


def nan_to_zero(x: Any) -> Any:
    if dtype_of(x).kind not in "fc":
        return x
    return ops.where(ops.isnan(x), scalar(0, dtype_of(x)), x)


def core_fn(name: str) -> Callable[..., Any]:
    """core's function ``name``, looked up at each call (the backend may change)."""

    def call(*args: Any) -> Any:
        return getattr(ops, name)(*args)

    call.__name__ = call.core_name = name
    return call


def floating(x: Any) -> Any:
    """``x`` in torch's default dtype unless it is already floating or complex."""
    if dtype_of(x).kind in "fc":
        return x
    return ops.astype(x, default_float())


def promote(*values: Any) -> tuple[Any, ...]:
    """``values`` (natives, Python scalars or None) cast to torch's common dtype; the
    dtype comes last."""
    promoted, dtype = functions.promote(list(values))
    return (*promoted, dtype)


def result_dtype(values: tuple[Any, ...]) -> core.Dtype:
    """torch's common dtype of natives and Python scalars (None ignored)."""
    tiers: tuple[list[core.Dtype], ...] = ([], [], [])
    scalars = []
    for value in values:
        if value is None:
            continue
        if type(value) in _NUMBERS:
            scalars.append(type(value))
        else:
            tiers[functions.tiers(value)].append(dtype_of(value))
    return functions.rules.result_dtype(tuple(tuple(t) for t in tiers), tuple(scalars))


def float_operands(
    name: str, values: tuple[Any, ...], unsupported: frozenset[core.Dtype] = frozenset()
) -> list[Any]:
    """Operands of a function that computes in floating point, as torch does it: their
    common dtype, the default dtype when that is integral; Python scalars are converted
    straight to it (``copysign(uint8_tensor, -2)`` is negative, not 254)."""
    dtype = result_dtype(values)
    check_supported(name, dtype, unsupported)
    if dtype.kind not in "fc":
        dtype = default_float()
    return [
        ops.asarray(v, dtype=dtype)
        if type(v) in _NUMBERS
        else (v if dtype_of(v) == dtype else ops.astype(v, dtype))
        for v in values
    ]


def check_supported(name: str, dtype: core.Dtype, unsupported: frozenset[core.Dtype]) -> None:
    if dtype in unsupported:
        raise _unsupported(name, dtype)


def is_bool(value: Any) -> bool:
    return type(value) is bool or (
        not isinstance(value, (int, float, complex)) and dtype_of(value) == core.bool
    )


def wrapped_scalar(value: Any, dtype: core.Dtype) -> Any:
    """A Python number as a 0-d native of ``dtype`` (integers wrap, as torch's do)."""
    if dtype.is_int_dtype:
        low = -(2 ** (dtype.bits - 1)) if dtype.kind == "i" else 0
        value = (int(value) - low) % 2**dtype.bits + low
    return ops.asarray(value, dtype=dtype)


def check_fits(value: int, dtype: core.Dtype) -> None:
    """torch refuses a Python int outside an integer dtype where it converts a scalar
    argument (clamp bounds, pow exponents)."""
    low = -(2 ** (dtype.bits - 1)) if dtype.kind == "i" else 0
    if not low <= value < low + 2**dtype.bits:
        raise RuntimeError(f"value cannot be converted to type {dtype} without overflow")


def check_nonzero_divisor(dividend: Any, divisor: Any) -> None:
    """torch raises for an integer division by zero (CPU) with a non-empty result."""
    if (
        dtype_of(divisor).kind in "biu"
        and 0 not in (*dividend.shape, *divisor.shape)
        and bool(ops.any(ops.equal(divisor, 0)))
    ):
        raise RuntimeError("ZeroDivisionError")


def truth(x: Any) -> Any:
    return x if dtype_of(x) == core.bool else ops.not_equal(x, 0)


def tensor_arguments(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Parameters torch takes as Tensors only: a Python number there raises torch's
    TypeError (``atan2(): argument 'other' (position 2) must be Tensor, not float``).
    Put it above ``with_unsupported_dtypes`` and ``torch_function``."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        parameters = list(inspect.signature(function).parameters)
        checks = [(name, parameters.index(name)) for name in names]
        label = function.__name__

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            for name, index in checks:
                value = args[index] if index < len(args) else kwargs.get(name)
                if type(value) in _NUMBERS:
                    raise TypeError(
                        f"{label}(): argument '{name}' (position {index + 1}) must be Tensor, "
                        f"not {type(value).__name__}"
                    )
            return function(*args, **kwargs)

        return wrapper

    return decorate


def in_float32(compute: Callable[[Any], Any], x: Any) -> Any:
    """``compute(x)``, through float32 when x is float16 or bfloat16."""
    dtype = dtype_of(x)
    if dtype in HALF_FLOATS:
        return ops.astype(compute(ops.astype(x, core.float32)), dtype)
    return compute(x)


def c_name(dtype: core.Dtype) -> str:
    """torch's lower-case C name of a dtype, as some of its messages use."""
    return {
        "float32": "float", "float64": "double", "float16": "c10::Half",
        "bfloat16": "c10::BFloat16", "int64": "long int", "int32": "int", "int16": "short int",
        "int8": "signed char", "uint8": "unsigned char", "complex64": "c10::complex<float>",
        "complex128": "c10::complex<double>", "bool": "bool",
    }.get(str(dtype), str(dtype))  # fmt: skip


def product(fn: Any, *operands: Any) -> Any:
    """``fn(*operands)`` computed in float32 for float16/bfloat16 and rounded back."""
    dtype = dtype_of(operands[0])
    if dtype in HALF_FLOATS:
        widened = [ops.astype(x, core.float32) for x in operands]
        return ops.astype(fn(*widened), dtype)
    return fn(*operands)


def matmul_native(input: Any, other: Any) -> Any:
    """torch.matmul on natives: same-dtype check, torch's shape messages, low-precision
    accumulation in float32."""
    a_dim, b_dim = ndim_of(input), ndim_of(other)
    if a_dim == 0 or b_dim == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {a_dim}D and {b_dim}D"
        )
    a_type, b_type = dtype_of(input), dtype_of(other)
    if a_type != b_type:
        if a_dim == 1 and b_dim == 1:
            raise RuntimeError(
                "dot : expected both vectors to have same dtype, but found "
                f"{torch_name(a_type)} and {torch_name(b_type)}"
            )
        if b_dim == 1:
            raise RuntimeError(
                "addmv input tensors must have the same dtype, but got "
                f"{torch_name(b_type)}, {torch_name(a_type)}, and {torch_name(b_type)}"
            )
        if a_dim <= 2 and b_dim <= 2:
            raise RuntimeError(
                "expected m1 and m2 to have the same dtype, but got: "
                f"{c_name(a_type)} != {c_name(b_type)}"
            )
        raise RuntimeError(
            f"expected scalar type {torch_name(a_type)} but found {torch_name(b_type)}"
        )
    inner_a = input.shape[-1]
    inner_b = other.shape[0] if b_dim == 1 else other.shape[-2]
    if inner_a != inner_b:
        if a_dim == 1 and b_dim == 1:
            raise RuntimeError(
                f"inconsistent tensor size, expected tensor [{inner_a}] and src [{inner_b}] to have the same "
                f"number of elements, but got {inner_a} and {inner_b} elements respectively"
            )
        rows = 1 if a_dim == 1 else prod_of(input.shape[:-1])
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({rows}x{inner_a} and "
            f"{inner_b}x{1 if b_dim == 1 else other.shape[-1]})"
        )
    return product(ops.matmul, input, other)


def prod_of(values: Sequence[int]) -> int:
    result = 1
    for value in values:
        result *= value
    return result


def round_float(input: Any, decimals: int) -> Any:
    """Half-to-even rounding of a float array to ``decimals`` places, as torch does it."""
    dtype = dtype_of(input)
    if decimals == 0:
        return ops.round(input)
    # float16 and bfloat16 are scaled in float32, as torch computes them
    work = core.float32 if dtype in (core.float16, core.bfloat16) else dtype
    x = ops.astype(input, work)
    if decimals > 0:
        scale = wrapped_scalar(10.0**decimals, work)
        result = ops.divide(ops.round(ops.multiply(x, scale)), scale)
    else:
        scale = wrapped_scalar(10.0 ** (-decimals), work)
        result = ops.multiply(ops.round(ops.divide(x, scale)), scale)
    return ops.astype(result, dtype)
