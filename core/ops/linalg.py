"""core's linalg functions: the Array API linear algebra extension (``core.linalg``).

Decompositions and solvers need floating-point inputs: integer and bool inputs are computed
in the default float dtype (float32), never numpy's float64. float16 and bfloat16 are
declared unsupported where the backend has no kernel for them. Results of real-valued
functions of complex input (norms, singular values, eigenvalues of Hermitian matrices,
``logabsdet``) have the real dtype of the same precision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

from core import dtypes, native, support
from core.array import Array, ArrayLike
from core.autodiff import defvjp, expand_reduced, nondifferentiable
from core.backend import current_backend
from core.registry import compositional, primary

NAMESPACE = "linalg"


class EighResult(NamedTuple):
    eigenvalues: Any
    eigenvectors: Any


class EigResult(NamedTuple):
    eigenvalues: Any
    eigenvectors: Any


class QRResult(NamedTuple):
    Q: Any
    R: Any


class SlogdetResult(NamedTuple):
    sign: Any
    logabsdet: Any


class SVDResult(NamedTuple):
    U: Any
    S: Any
    Vh: Any


def float_dtype_for(dtype: dtypes.Dtype) -> dtypes.Dtype:
    """The dtype a float-only function computes in for input of ``dtype``: floats and
    complex keep theirs, bool and integers take the default float dtype."""
    return dtype if dtype.kind in "fc" else dtypes.default_float_dtype()


def real_dtype_for(dtype: dtypes.Dtype) -> dtypes.Dtype:
    """The real dtype of a real-valued result (a norm, singular values) for ``dtype``."""
    if dtype.kind == "c":
        return dtypes.float64 if dtype == dtypes.complex128 else dtypes.float32
    return float_dtype_for(dtype)


def _default_rtol(x: Any) -> float:
    """``max(M, N) * eps`` of ``x``'s (real) dtype: the standard's default ``rtol`` of
    matrix_rank and pinv."""
    from core.ops.data_type import finfo

    return max(x.shape[-2:]) * finfo(dtypes.result_type(x)).eps


def sum_dtype_for(dtype: dtypes.Dtype) -> dtypes.Dtype:
    """The dtype of a sum (``trace``) with no dtype given, as the standard says: bool and
    signed integers give the default int dtype, unsigned integers the unsigned dtype of its
    width, floats and complex keep theirs."""
    if dtype.kind in "fc":
        return dtype
    default = dtypes.default_int_dtype()
    if dtype.kind == "u":
        return dtypes.Dtype(f"uint{max(default.bits, dtype.bits)}")
    return dtypes.Dtype(f"int{max(default.bits, dtype.bits)}")


# ---------------------------------------------------------------------------------------
# the standard's aliases of main-namespace functions
# ---------------------------------------------------------------------------------------
@compositional
def matmul(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """:func:`core.matmul`."""
    return native.matmul(x1, x2)


@compositional
def matrix_transpose(x: ArrayLike, /) -> Array:
    """:func:`core.matrix_transpose`."""
    return native.matrix_transpose(x)


@compositional
def tensordot(
    x1: ArrayLike, x2: ArrayLike, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
) -> Array:
    """:func:`core.tensordot`."""
    return native.tensordot(x1, x2, axes=axes)


@compositional
def vecdot(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> Array:
    """:func:`core.vecdot`."""
    return native.vecdot(x1, x2, axis=axis)


@compositional
def outer(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """:func:`core.outer`: the outer product of two vectors."""
    return native.outer(x1, x2)


# ---------------------------------------------------------------------------------------
# the extension's own functions
# ---------------------------------------------------------------------------------------
@primary
def cholesky(x: ArrayLike, /, *, upper: bool = False) -> Array:
    """The Cholesky factor of a (stack of) symmetric/Hermitian positive-definite matrix:
    lower triangular ``L`` with ``L @ L^H == x``, or upper ``U`` with ``U^H @ U == x``."""


@primary
def cross(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> Array:
    """The cross product of 3-element vectors along ``axis`` (size 3 in both inputs), the
    other axes broadcast. Integer inputs keep their (promoted) dtype; bool is not numeric
    and is refused, as numpy refuses it."""


@primary
def det(x: ArrayLike, /) -> Array:
    """The determinant of a (stack of) square matrix."""


@primary
def diagonal(x: ArrayLike, /, *, offset: int = 0) -> Array:
    """The ``offset`` diagonal of each matrix in ``x`` (last two axes), any dtype."""


@primary
def eigh(x: ArrayLike, /) -> EighResult:
    """Eigenvalues (ascending, real dtype) and eigenvectors (columns) of a (stack of)
    symmetric/Hermitian matrix. Eigenvectors are unique only up to sign or phase."""


@primary
def eigvalsh(x: ArrayLike, /) -> Array:
    """Eigenvalues (ascending, real dtype) of a (stack of) symmetric/Hermitian matrix."""


@primary
def eig(x: ArrayLike, /) -> EigResult:
    """Eigenvalues and eigenvectors of a (stack of) general square matrix, always complex
    (complex64 for float32 input, complex128 for float64): numpy would return a real
    dtype when every eigenvalue happens to be real. Their order is not specified."""


@primary
def eigvals(x: ArrayLike, /) -> Array:
    """Eigenvalues of a (stack of) general square matrix, always complex (see :func:`eig`)."""


@primary
def inv(x: ArrayLike, /) -> Array:
    """The inverse of a (stack of) square matrix."""


@primary
def matrix_norm(
    x: ArrayLike,
    /,
    *,
    keepdims: bool = False,
    ord: int | float | Literal["fro", "nuc"] | None = "fro",  # noqa: A002 (the standard names it ord)
) -> Array:
    """A matrix norm of each matrix in ``x``: ``'fro'``, ``'nuc'``, 1, -1, 2, -2, inf,
    -inf. Of real dtype. The singular-value norms (2, -2, ``'nuc'``) of float16/bfloat16
    input are computed in float32 and rounded back, since no backend decomposes halves."""


@compositional
def matrix_power(x: ArrayLike, n: int, /) -> Array:
    """``x`` (a stack of square matrices) multiplied by itself ``n`` times; ``n == 0``
    gives identities and ``n < 0`` powers of the inverse. Integer input keeps its dtype
    for ``n >= 0`` (as numpy) and takes the default float dtype for ``n < 0``."""
    shape = tuple(x.shape)
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise ValueError(f"matrix_power needs (a stack of) square matrices, got {shape}")
    if n < 0:
        dtype = dtypes.result_type(x)
        if dtype in (dtypes.float16, dtypes.bfloat16):
            state = current_backend()
            raise support.UnsupportedDtypeError(
                f"core.linalg.matrix_power with n < 0 does not support {dtype} on the "
                f"{state.name} backend ({state.name} {state.version}): it has no "
                "half-precision inverse; cast the input to float32"
            )
        x, n = native.linalg.inv(x), -n
    result = None
    while n > 0:
        if n & 1:
            result = x if result is None else native.matmul(result, x)
        n >>= 1
        if n:
            x = native.matmul(x, x)
    if result is None:
        dtype = dtypes.result_type(x)
        return native.astype(native.broadcast_to(native.eye(shape[-1], dtype=dtype), shape), dtype)
    return result


@primary
def matrix_rank(x: ArrayLike, /, *, rtol: float | ArrayLike | None = None) -> Array:
    """The number of singular values above ``rtol * largest`` (default ``rtol``:
    ``max(M, N) * eps`` of the dtype), of the default int dtype."""


@primary
def pinv(x: ArrayLike, /, *, rtol: float | ArrayLike | None = None) -> Array:
    """The Moore-Penrose pseudo-inverse, singular values at or below ``rtol * largest``
    treated as zero (default ``rtol``: ``max(M, N) * eps`` of the dtype)."""


@primary
def qr(x: ArrayLike, /, *, mode: Literal["reduced", "complete"] = "reduced") -> QRResult:
    """The QR decomposition ``x == Q @ R``, ``Q`` with orthonormal columns and ``R`` upper
    triangular. Unique only up to the signs (phases) of ``R``'s diagonal."""


@primary
def slogdet(x: ArrayLike, /) -> SlogdetResult:
    """Sign (``x``'s dtype; a unit complex number for complex input, 0 for a singular
    matrix) and natural log of the absolute value (real dtype) of the determinant."""


@primary
def solve(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The solution ``X`` of ``x1 @ X == x2``. ``x2`` is a vector when 1-D, otherwise a
    (stack of) matrix, batch dimensions broadcast (numpy 2 and the standard; torch would
    read a batched vector differently)."""


@primary
def svd(x: ArrayLike, /, *, full_matrices: bool = True) -> SVDResult:
    """``U, S, Vh`` with ``x == U @ diag(S) @ Vh``; ``S`` descending, of real dtype. The
    singular vectors are unique only up to signs (phases)."""


@primary
def svdvals(x: ArrayLike, /) -> Array:
    """The singular values of each matrix in ``x``, descending, of real dtype."""


@primary
def trace(x: ArrayLike, /, *, offset: int = 0, dtype: Any = None) -> Array:
    """The sum of the ``offset`` diagonal of each matrix in ``x``. With no ``dtype``, bool
    and integer input sum in the default int dtype (unsigned: the unsigned dtype of that
    width), as the standard and numpy's ``trace`` do; floats and complex keep theirs."""


@primary
def vector_norm(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    ord: int | float = 2,  # noqa: A002 (the standard names it ord)
) -> Array:
    """The ``ord``-norm of ``x`` over ``axis`` (all axes when None, as one flat vector):
    any real ``ord``, with ``inf``/``-inf`` the largest/smallest absolute value and 0 the
    number of non-zero elements. Of real dtype."""


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff); the decompositions (cholesky, qr, svd, eig, eigh ...) have
# none yet
# ---------------------------------------------------------------------------------------
def _diagonal_mask(shape: tuple[int, ...], offset: int, dtype: Any) -> Any:
    rows, cols = shape[-2], shape[-1]
    return native.eye(rows, cols, k=offset, dtype=dtype)


def _diagonal_rule(g: Any, y: Any, x: Any, /, *, offset: int = 0) -> tuple[Any]:
    """The cotangent placed back on the ``offset`` diagonal of zero matrices."""
    shape = tuple(x.shape)
    length = g.shape[-1]
    row_index = native.arange(max(-offset, 0), max(-offset, 0) + length)
    col_index = native.arange(max(offset, 0), max(offset, 0) + length)
    key = (Ellipsis, row_index, col_index)
    return (native.set_item(native.zeros(shape, dtype=dtypes.result_type(g)), key, g),)


def _trace_rule(g: Any, y: Any, x: Any, /, *, offset: int = 0, dtype: Any = None) -> tuple[Any]:
    shape = tuple(x.shape)
    mask = _diagonal_mask(shape, offset, dtypes.result_type(g))
    return (native.multiply(native.expand_dims(native.expand_dims(g, axis=-1), axis=-1), mask),)


def _inv_rule(g: Any, y: Any, x: Any, /) -> tuple[Any]:
    inverse_t = native.matrix_transpose(y)
    return (native.negative(native.matmul(native.matmul(inverse_t, g), inverse_t)),)


def _det_rule(g: Any, y: Any, x: Any, /) -> tuple[Any]:
    scale = native.expand_dims(native.expand_dims(native.multiply(g, y), axis=-1), axis=-1)
    return (native.multiply(scale, native.matrix_transpose(native.linalg.inv(x))),)


def _slogdet_rule(g: tuple[Any, Any], y: tuple[Any, Any], x: Any, /) -> tuple[Any]:
    _, logabsdet_grad = g
    scale = native.expand_dims(native.expand_dims(logabsdet_grad, axis=-1), axis=-1)
    return (native.multiply(scale, native.matrix_transpose(native.linalg.inv(x))),)


def _solve_rule(g: Any, y: Any, x1: Any, x2: Any, /) -> tuple[Any, Any]:
    vector = len(x2.shape) == 1
    if vector:
        g, y = native.expand_dims(g, axis=-1), native.expand_dims(y, axis=-1)
    rhs_grad = native.linalg.solve(native.matrix_transpose(x1), g)
    lhs_grad = native.negative(native.matmul(rhs_grad, native.matrix_transpose(y)))
    return lhs_grad, native.squeeze(rhs_grad, axis=-1) if vector else rhs_grad


def _vector_norm_rule(g: Any, y: Any, x: Any, /, *, axis: Any = None, keepdims: bool = False,
                      ord: float = 2) -> tuple[Any]:  # noqa: A002  # fmt: skip
    shape = tuple(x.shape)
    spread = expand_reduced(g, shape, axis, keepdims)
    norm = expand_reduced(y, shape, axis, keepdims)
    if ord == 2:
        direction = native.divide(x, norm)
        direction = native.where(native.equal(norm, 0), native.zeros_like(direction), direction)
    elif ord == 1:
        direction = native.sign(x)
    elif ord in (math.inf, -math.inf):
        hits = native.astype(native.equal(native.abs(x), norm), dtypes.result_type(g))
        count = native.sum(hits, axis=axis, keepdims=True)
        direction = native.divide(native.multiply(native.sign(x), hits), count)
    else:
        ratio = native.pow(native.divide(native.abs(x), norm), ord - 1)
        direction = native.multiply(native.sign(x), ratio)
    return (native.multiply(spread, direction),)


def _matrix_norm_rule(
    g: Any,
    y: Any,
    x: Any,
    /,
    *,
    keepdims: bool = False,
    ord: Any = "fro",  # noqa: A002
) -> tuple[Any]:
    if ord != "fro":
        raise NotImplementedError(f"core.linalg.matrix_norm(ord={ord!r}) has no vjp rule")
    return _vector_norm_rule(g, y, x, axis=(-2, -1), keepdims=keepdims, ord=2)


def _cross_rule(g: Any, y: Any, x1: Any, x2: Any, /, *, axis: int = -1) -> tuple[Any, Any]:
    return native.linalg.cross(x2, g, axis=axis), native.linalg.cross(g, x1, axis=axis)


defvjp(diagonal, _diagonal_rule)
defvjp(trace, _trace_rule)
defvjp(inv, _inv_rule)
defvjp(det, _det_rule)
defvjp(slogdet, _slogdet_rule)
defvjp(solve, _solve_rule)
defvjp(vector_norm, _vector_norm_rule)
defvjp(matrix_norm, _matrix_norm_rule)
defvjp(cross, _cross_rule)
nondifferentiable(matrix_rank)
