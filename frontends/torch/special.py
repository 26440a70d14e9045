"""torch.special: the special functions core has kernels for, or that compose from them.

Integer and bool inputs give the default dtype and complex inputs are refused, as in torch
2.13. Not provided (core has no kernel to build them accurately): ``airy_ai``, the
Bessel, modified Bessel and spherical Bessel functions, ``i0``/``i0e``/``i1``/``i1e``,
``erfcx``, ``gammainc``/``gammaincc``, ``polygamma``, ``zeta`` and the orthogonal
polynomials (``chebyshev_*``, ``hermite_*``, ``laguerre_*``, ``legendre_*``).
"""

from __future__ import annotations

import math
from typing import Any

import core
from core import native as ops
from frontends.torch import _dtype
from frontends.torch import pointwise_ops as _pointwise
from frontends.torch._frontend import _unsupported, torch_function
from frontends.torch._ops_support import (
    COMPLEX,
    dtype_of,
    float_operands,
    floating,
    in_float32,
    round_float,
    unsupported_dtypes,
    wrapped_scalar,
)
from frontends.torch._tensor import Tensor, _normalize_dim
from frontends.torch.reduction_ops import logsumexp

__all__ = [
    "digamma", "entr", "erf", "erfc", "erfinv", "exp2", "expit", "expm1", "gammaln",
    "log1p", "log_ndtr", "log_softmax", "logit", "logsumexp", "multigammaln", "ndtr",
    "ndtri", "psi", "round", "sinc", "softmax", "xlog1py", "xlogy",
]  # fmt: skip

digamma = psi = _pointwise.digamma
erf = _pointwise.erf
erfc = _pointwise.erfc
erfinv = _pointwise.erfinv
exp2 = _pointwise.exp2
expit = _pointwise.sigmoid
expm1 = _pointwise.expm1
gammaln = _pointwise.lgamma
log1p = _pointwise.log1p
logit = _pointwise.logit
multigammaln = _pointwise.mvlgamma
sinc = _pointwise.sinc
xlogy = _pointwise.xlogy

_SQRT_HALF = math.sqrt(0.5)


@unsupported_dtypes("complex")
@torch_function("input")
def entr(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """-input * log(input); 0 at 0, -inf for negative inputs, nan for nan."""
    x = floating(input)
    dtype = dtype_of(x)
    zero = wrapped_scalar(0, dtype)
    value = ops.negative(ops.multiply(x, ops.log(ops.where(ops.greater(x, zero), x, 1))))
    value = ops.where(ops.equal(x, zero), zero, value)
    value = ops.where(ops.less(x, zero), wrapped_scalar(-math.inf, dtype), value)
    return ops.where(ops.isnan(x), x, value)


def _ndtr(x: Any) -> Any:
    return ops.multiply(ops.erfc(ops.multiply(x, wrapped_scalar(-_SQRT_HALF, dtype_of(x)))), 0.5)


@unsupported_dtypes("complex")
@torch_function("input")
def ndtr(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The standard normal CDF, computed as torch composes it: (1 + erf(x / sqrt(2))) / 2
    in the input's dtype (so it is 0 below about -8.3 in float32, as in torch)."""
    x = floating(input)
    dtype = dtype_of(x)
    scaled = ops.multiply(x, wrapped_scalar(_SQRT_HALF, dtype))
    error = in_float32(ops.erf, scaled)
    return ops.multiply(ops.add(error, wrapped_scalar(1, dtype)), wrapped_scalar(0.5, dtype))


def _log_ndtr(x: Any) -> Any:
    dtype = dtype_of(x)
    half = wrapped_scalar(_SQRT_HALF, dtype)
    # x > 0: log1p(-ndtr(-x)) keeps the tiny negative value
    upper = ops.log1p(ops.negative(ops.multiply(ops.erfc(ops.multiply(x, half)), 0.5)))
    middle = ops.log(_ndtr(x))
    # x < -10: the asymptotic series of log(ndtr), where erfc would underflow
    safe = ops.where(ops.less(x, wrapped_scalar(-10, dtype)), x, wrapped_scalar(-10, dtype))
    inverse_square = ops.reciprocal(ops.multiply(safe, safe))
    series = wrapped_scalar(1, dtype)
    term = wrapped_scalar(1, dtype)
    for k in range(1, 6):
        term = ops.multiply(term, ops.multiply(inverse_square, wrapped_scalar(-(2 * k - 1), dtype)))
        series = ops.add(series, term)
    lower = ops.subtract(
        ops.subtract(
            ops.multiply(ops.multiply(safe, safe), wrapped_scalar(-0.5, dtype)),
            ops.log(ops.negative(safe)),
        ),
        wrapped_scalar(0.5 * math.log(2 * math.pi), dtype),
    )
    lower = ops.add(lower, ops.log(series))
    result = ops.where(ops.greater(x, wrapped_scalar(0, dtype)), upper, middle)
    return ops.where(ops.less(x, wrapped_scalar(-10, dtype)), lower, result)


@unsupported_dtypes("float16", "bfloat16", "complex")
@torch_function("input")
def log_ndtr(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """log of the standard normal CDF, accurate in both tails (an asymptotic series below
    -10, where erfc underflows)."""
    return _log_ndtr(floating(input))


@unsupported_dtypes("float16", "bfloat16", "complex")
@torch_function("input")
def ndtri(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The inverse of ndtr, sqrt(2) * erfinv(2p - 1), computed in float64 (float64 inputs
    lose precision for p within ~1e-12 of 0, where torch's own kernel stays accurate)."""
    x = floating(input)
    dtype = dtype_of(x)
    wide = ops.astype(x, core.float64)
    result = ops.multiply(ops.erfinv(ops.subtract(ops.multiply(wide, 2.0), 1.0)), math.sqrt(2.0))
    return ops.astype(result, dtype)


@torch_function()
def xlog1py(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input * log1p(other), 0 where input is 0 (nan where other is nan)."""
    x, y = float_operands("xlog1py", (input, other), COMPLEX)
    dtype = dtype_of(x)
    product = ops.multiply(x, ops.log1p(y))
    result = ops.where(ops.equal(x, wrapped_scalar(0, dtype)), wrapped_scalar(0, dtype), product)
    return ops.where(ops.isnan(y), y, result)


@unsupported_dtypes("bool", "complex")
@torch_function("input")
def round(input: Tensor, *, decimals: int = 0, out: Tensor | None = None) -> Tensor:
    """torch.round with ``decimals`` always passed, so integer inputs raise as in torch."""
    if dtype_of(input).kind in "iu":
        raise _unsupported("special.round", dtype_of(input))
    return round_float(input, decimals)


def _softmax_input(name: str, input: Any, dtype: Any) -> Any:
    if dtype is not None:
        input = ops.astype(input, _dtype.to_torch_dtype(dtype).core_dtype)
    if dtype_of(input).kind not in "f":
        raise _unsupported(name, dtype_of(input))
    return input


@torch_function("input")
def softmax(input: Tensor, dim: int, *, dtype: Any = None) -> Tensor:
    """exp(x) / sum(exp(x)) along ``dim``, in ``dtype`` when given (integer inputs need
    one, as in torch)."""
    x = _softmax_input("softmax", input, dtype)
    axis = _normalize_dim(dim, len(x.shape))
    if not len(x.shape):
        return ops.ones_like(x)
    return in_float32(lambda v: ops.nn.softmax(v, axis), x)


@torch_function("input")
def log_softmax(input: Tensor, dim: int, *, dtype: Any = None) -> Tensor:
    """x - logsumexp(x) along ``dim``, in ``dtype`` when given."""
    x = _softmax_input("log_softmax", input, dtype)
    axis = _normalize_dim(dim, len(x.shape))
    if not len(x.shape):
        return ops.zeros_like(x)
    return in_float32(lambda v: ops.nn.log_softmax(v, axis), x)
