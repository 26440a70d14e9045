"""torch.linalg on any core backend.

Dtype rules follow torch 2.13: the decompositions and solvers take float32, float64,
complex64 and complex128 (integers and float16/bfloat16 raise); norms and eigenvalues of
complex inputs have the real dtype; ``eig``/``eigvals`` give complex results. Results are
torch's named tuples (``torch.return_types.linalg_svd`` ...). ``eigh`` reads only the
``UPLO`` triangle, as torch does, whatever the backend's own convention.

Decompositions are unique up to signs/phases: backends may return other (equally valid)
eigenvectors or singular vectors than torch. ``lstsq`` computes the minimum-norm solution
through the pseudo-inverse for every driver (torch's ``gelsy`` gives the same solution for
full-rank systems). Singular inputs are not detected: ``inv`` of a singular matrix gives
whatever the backend gives (torch raises ``LinAlgError``).

``ldl_factor`` follows LAPACK's unblocked Bunch-Kaufman algorithm (sytf2/hetf2, lower
triangle), giving torch's LD and pivots (LAPACK's 1-based convention, negative for 2x2
blocks); like torch, ``ldl_factor``/``ldl_solve`` outputs require grad with their inputs but
their backward raises (torch defines no derivative).
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Sequence
from typing import Any

import core
from core import native as ops
from frontends.torch import return_types
from frontends.torch._dtype import HALF_FLOATS
from frontends.torch._frontend import torch_function
from frontends.torch._linalg_native import (
    LinAlgError,
    _batch_shape,
    check_floating,
    check_matrix,
    cholesky_native,
    cross_native,
    det_native,
    eig_native,
    eigh_native,
    eps,
    inv_native,
    ldl_factor_native,
    ldl_solve_native,
    lu_native,
    lu_triangles,
    matrix_exp_native,
    matrix_norm_native,
    matrix_power_native,
    mH,
    multi_dot_native,
    permutation_from_rows,
    pinv_native,
    powers_native,
    qr_native,
    rows_from_pivots,
    slogdet_native,
    solve_native,
    svd_native,
    svdvals_native,
    threshold,
    vector_norm_native,
)
from frontends.torch._ops_support import (
    complex_dtype,
    dtype_of,
    matmul_native,
    ndim_of,
    normalize_dim,
    product,
    real_dtype,
    scalar,
    torch_name,
    unsupported_dtypes,
)
from frontends.torch._tensor import Tensor

__all__ = [
    "LinAlgError", "cholesky", "cholesky_ex", "cond", "cross", "det", "diagonal", "eig", "eigh", "eigvals",
    "eigvalsh", "inv", "inv_ex", "lstsq", "lu", "lu_factor", "matmul", "matrix_exp",
    "matrix_norm", "matrix_power", "matrix_rank", "multi_dot", "norm", "pinv", "qr",
    "slogdet", "solve", "solve_ex", "solve_triangular", "svd", "svdvals", "tensorinv",
    "tensorsolve", "vander", "vecdot", "vector_norm",
]  # fmt: skip

_FLOAT_ONLY = ("bool", "integer", "float16", "bfloat16")
_INF = float("inf")

_svd_type = return_types.make("linalg_svd", ("U", "S", "Vh"))
_qr_type = return_types.make("linalg_qr", ("Q", "R"))
_slogdet_type = return_types.make("linalg_slogdet", ("sign", "logabsdet"))
_eigh_type = return_types.make("linalg_eigh", ("eigenvalues", "eigenvectors"))
_eig_type = return_types.make("linalg_eig", ("eigenvalues", "eigenvectors"))
_cholesky_ex_type = return_types.make("linalg_cholesky_ex", ("L", "info"))
_inv_ex_type = return_types.make("linalg_inv_ex", ("inverse", "info"))
_solve_ex_type = return_types.make("linalg_solve_ex", ("result", "info"))
_lstsq_type = return_types.make(
    "linalg_lstsq", ("solution", "residuals", "rank", "singular_values")
)
_lu_factor_type = return_types.make("linalg_lu_factor", ("LU", "pivots"))
_lu_type = return_types.make("linalg_lu", ("P", "L", "U"))


# ---------------------------------------------------------------------------------------
# torch.linalg functions
# ---------------------------------------------------------------------------------------
@torch_function("input")
def vector_norm(
    input: Tensor,
    ord: float = 2,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    dtype: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The vector ``ord``-norm over ``dim`` (all elements when None); real result dtype."""
    return vector_norm_native(input, ord, dim, keepdim, dtype)


@torch_function("input")
def matrix_norm(
    input: Tensor,
    ord: Any = "fro",
    dim: tuple[int, int] = (-2, -1),
    keepdim: bool = False,
    *,
    dtype: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The matrix norm ('fro', 'nuc', ±1, ±2, ±inf) over the two dims in ``dim``."""
    return matrix_norm_native(input, ord, dim, keepdim, dtype)


@torch_function("input")
def norm(
    input: Tensor,
    ord: Any = None,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
) -> Tensor:
    """A vector norm (``dim`` an int, or 1-D input) or a matrix norm (``dim`` a 2-tuple, or
    2-D input with ``ord`` given); with neither, the 2-norm of the flattened input."""
    if dim is not None:
        dims = [dim] if isinstance(dim, builtins.int) else list(dim)
        if len(dims) not in (1, 2):
            raise RuntimeError(
                f"linalg.norm: If dim is specified, it must be of length 1 or 2. Got {dims}"
            )
    else:
        dims = None
        if ord is not None and ndim_of(input) not in (1, 2):
            raise RuntimeError(
                "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. "
                f"Got {ndim_of(input)}D."
            )
    if ord is not None and (
        (dims is not None and len(dims) == 2) or (dims is None and ndim_of(input) == 2)
    ):
        return matrix_norm_native(input, ord, tuple(dims) if dims else (0, 1), keepdim, dtype)
    if isinstance(ord, str):
        raise RuntimeError(f"linalg.vector_norm: ord must be a number, got {ord}")
    return vector_norm_native(input, 2 if ord is None else ord, dims, keepdim, dtype)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def det(A: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The determinant of a (batch of) square matrices."""
    return det_native(A)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def slogdet(A: Tensor, *, out: Any = None) -> Any:
    """``linalg_slogdet(sign, logabsdet)``; ``sign`` is complex for complex input."""
    return _slogdet_type(*slogdet_native(A))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def inv(A: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The inverse of a (batch of) square matrices."""
    return inv_native(A)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def inv_ex(A: Tensor, *, check_errors: bool = False, out: Any = None) -> Any:
    """``linalg_inv_ex(inverse, info)``; ``info`` is always 0 (singularity not detected)."""
    return _inv_ex_type(inv_native(A), ops.zeros(tuple(A.shape[:-2]), dtype=core.int32))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def cholesky(input: Tensor, *, upper: bool = False, out: Tensor | None = None) -> Tensor:
    """The Cholesky factor of a Hermitian positive-definite matrix (its lower triangle)."""
    return cholesky_native(input, upper)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def cholesky_ex(
    input: Tensor, *, upper: bool = False, check_errors: bool = False, out: Any = None
) -> Any:
    """``linalg_cholesky_ex(L, info)``; ``info`` is always 0."""
    return _cholesky_ex_type(
        cholesky_native(input, upper), ops.zeros(tuple(input.shape[:-2]), dtype=core.int32)
    )


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def solve(A: Tensor, B: Tensor, *, left: bool = True, out: Tensor | None = None) -> Tensor:
    """Solves ``A X = B`` (``X A = B`` when not ``left``); same dtypes required."""
    return solve_native(A, B, left)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def solve_ex(
    A: Tensor, B: Tensor, *, left: bool = True, check_errors: bool = False, out: Any = None
) -> Any:
    """``linalg_solve_ex(result, info)``; ``info`` is always 0."""
    return _solve_ex_type(
        solve_native(A, B, left), ops.zeros(tuple(A.shape[:-2]), dtype=core.int32)
    )


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def solve_triangular(
    input: Tensor,
    B: Tensor,
    *,
    upper: bool,
    left: bool = True,
    unitriangular: bool = False,
    out: Tensor | None = None,
) -> Tensor:
    """Solves a triangular system, reading only ``A``'s ``upper``/lower triangle (and
    taking a unit diagonal when ``unitriangular``); solved as a general system."""
    check_matrix("linalg.solve_triangular", input)
    triangle = ops.triu(input) if upper else ops.tril(input)
    if unitriangular:
        mask = ops.eye(input.shape[-1], dtype=core.bool)
        triangle = ops.where(mask, scalar(1, dtype_of(input)), triangle)
    if ndim_of(B) < 2:
        raise RuntimeError(
            "linalg.solve_triangular: The input tensor B must have at least 2 dimensions."
        )
    return solve_native(triangle, B, left, "linalg.solve_triangular")


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def eigh(input: Tensor, UPLO: str = "L", *, out: Any = None) -> Any:
    """``linalg_eigh(eigenvalues, eigenvectors)``, ascending real eigenvalues."""
    return _eigh_type(*eigh_native(input, UPLO))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def eigvalsh(input: Tensor, UPLO: str = "L", *, out: Tensor | None = None) -> Tensor:
    """The ascending real eigenvalues of a Hermitian matrix."""
    return eigh_native(input, UPLO)[0]


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def eig(input: Tensor, *, out: Any = None) -> Any:
    """``linalg_eig(eigenvalues, eigenvectors)``, complex; order and phases are the
    backend's (torch's are LAPACK's)."""
    return _eig_type(*eig_native(input))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def eigvals(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The complex eigenvalues (in the backend's order)."""
    check_matrix("linalg.eigvals", input)
    target = complex_dtype(real_dtype(dtype_of(input)))
    return ops.astype(ops.linalg.eigvals(input), target)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def svd(
    A: Tensor, full_matrices: bool = True, *, driver: str | None = None, out: Any = None
) -> Any:
    """``linalg_svd(U, S, Vh)``; ``driver`` is ignored (a CUDA-only option in torch)."""
    return _svd_type(*svd_native(A, full_matrices))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def svdvals(A: Tensor, *, driver: str | None = None, out: Tensor | None = None) -> Tensor:
    """The singular values, descending, in the real dtype."""
    return svdvals_native(A)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def qr(A: Tensor, mode: str = "reduced", *, out: Any = None) -> Any:
    """``linalg_qr(Q, R)``; mode 'reduced', 'complete' or 'r' (Q empty)."""
    return _qr_type(*qr_native(A, mode))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def pinv(
    input: Tensor,
    rcond: Any = None,
    hermitian: bool = False,
    *,
    atol: Any = None,
    rtol: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The pseudo-inverse, cutting singular values below ``max(atol, rtol * s_max)``
    (``rcond``: torch's older name of ``rtol``, with ``atol`` 0)."""
    if rcond is not None:
        atol, rtol = 0.0, rcond
    return pinv_native(input, atol, rtol, hermitian)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def matrix_rank(
    input: Tensor,
    tol: float | None = None,
    hermitian: bool = False,
    *,
    atol: Any = None,
    rtol: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The number of singular values above ``max(atol, rtol * s_max)``; int64."""
    check_matrix("linalg.matrix_rank", input, square=hermitian)
    if tol is not None:
        atol, rtol = tol, 0.0
    if 0 in tuple(input.shape[-2:]):
        return ops.zeros(tuple(input.shape[:-2]), dtype=core.int64)
    values = ops.abs(eigh_native(input, "L")[0]) if hermitian else svdvals_native(input)
    cut = threshold(
        ops.max(values, axis=-1, keepdims=True), atol, rtol, tuple(input.shape), dtype_of(input)
    )
    return ops.sum(ops.astype(ops.greater(values, cut), core.int64), axis=-1)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def cond(input: Tensor, p: Any = None, *, out: Tensor | None = None) -> Tensor:
    """The condition number in the ``p`` norm (2 when None: the ratio of extreme singular
    values); real dtype."""
    check_matrix("linalg.cond", input, square=p not in (None, 2, -2))
    if p in (None, 2, -2):
        values = svdvals_native(input)
        ratio = ops.divide(ops.max(values, axis=-1), ops.min(values, axis=-1))
        return ratio if p != -2 else ops.divide(scalar(1, dtype_of(ratio)), ratio)
    return ops.multiply(matrix_norm_native(input, p), matrix_norm_native(inv_native(input), p))


@torch_function("input")
def matrix_power(input: Tensor, n: int, *, out: Tensor | None = None) -> Tensor:
    """``A`` to the integer power ``n`` (negative: of the inverse)."""
    return matrix_power_native(input, n)


@unsupported_dtypes("bool", "integer")
@torch_function("input")
def matrix_exp(input: Tensor) -> Tensor:
    """The matrix exponential (float16/bfloat16: see ``torch.matrix_exp``)."""
    return matrix_exp_native(input)


@torch_function("input")
def matmul(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Alias of ``torch.matmul``."""
    dtype = dtype_of(input)
    if dtype in (core.bool, core.uint16, core.uint32, core.uint64):
        raise NotImplementedError(f"\"addmm_impl_cpu_\" not implemented for '{torch_name(dtype)}'")
    return matmul_native(input, other)


@torch_function()
def multi_dot(tensors: Sequence[Tensor], *, out: Tensor | None = None) -> Tensor:
    """The product of a chain of matrices (the first and last may be vectors)."""
    dtype = dtype_of(tensors[0]) if tensors else None
    if dtype in (core.bool, core.uint16, core.uint32, core.uint64):
        raise NotImplementedError(f"\"addmm_impl_cpu_\" not implemented for '{torch_name(dtype)}'")
    return multi_dot_native(list(tensors))


@unsupported_dtypes("bool", "uint16", "uint32", "uint64")
@torch_function("input")
def cross(input: Tensor, other: Tensor, *, dim: int = -1, out: Tensor | None = None) -> Tensor:
    """The cross product along ``dim`` (of size 3), broadcasting; same dtypes required."""
    return cross_native(input, other, dim, "linalg.cross")


def diagonal(A: Tensor, *, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """A view of the diagonal (``torch.diagonal`` with batch-friendly default dims)."""
    return A.diagonal(offset, dim1, dim2)


@torch_function("x")
def vecdot(x: Tensor, y: Tensor, *, dim: int = -1, out: Tensor | None = None) -> Tensor:
    """``sum(conj(x) * y, dim)``; floating and complex only, same dtypes required."""
    check_floating("linalg.vecdot", x)
    if dtype_of(x) != dtype_of(y):
        raise RuntimeError(
            "linalg.vecdot: Expected x and y to have the same dtype, but found x of type "
            f"{torch_name(dtype_of(x))} and y of type {torch_name(dtype_of(y))} instead"
        )
    return product(
        lambda a, b: ops.sum(
            ops.multiply(ops.conj(a) if dtype_of(a).kind == "c" else a, b), axis=dim
        ),
        *ops.broadcast_arrays(x, y),
    )


@torch_function("x")
def vander(x: Tensor, *, N: int | None = None) -> Tensor:
    """Columns ``x**0 .. x**(N-1)`` (increasing powers); integers give int64."""
    dtype = dtype_of(x)
    if dtype == core.bool or dtype in HALF_FLOATS:
        raise RuntimeError(
            "linalg.vander supports floating point, complex, and integer tensors, but got "
            f"{torch_name(dtype)}"
        )
    if ndim_of(x) == 0:
        x = ops.reshape(x, (1,))
    n = x.shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    return powers_native(x, n)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def lstsq(
    input: Tensor,
    b: Tensor,
    rcond: float | None = None,
    *,
    driver: str | None = None,
    out: Any = None,
) -> Any:
    """``linalg_lstsq(solution, residuals, rank, singular_values)`` as torch's CPU drivers
    fill them (default 'gelsy': rank only; 'gelsd'/'gelss': rank, singular values and,
    for full-rank tall systems, residuals; 'gels': none)."""
    driver = driver or "gelsy"
    if driver not in ("gels", "gelsy", "gelsd", "gelss"):
        raise RuntimeError(
            "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)"
        )
    if dtype_of(input) != dtype_of(b):
        raise RuntimeError(
            "torch.linalg.lstsq: Expected input and other to have the same dtype, but got "
            f"input's dtype {torch_name(dtype_of(input))} and other's dtype {torch_name(dtype_of(b))}"
        )
    check_matrix("torch.linalg.lstsq", input, square=False, arg="input")
    vector = ndim_of(b) == ndim_of(input) - 1
    rhs = ops.expand_dims(b, axis=-1) if vector else b
    m, n = input.shape[-2], input.shape[-1]
    rtol = (
        eps(real_dtype(dtype_of(input))) * builtins.max(m, n)
        if rcond is None or rcond < 0
        else rcond
    )
    solution = ops.matmul(pinv_native(input, None, rtol, False), rhs)
    real = real_dtype(dtype_of(input))
    empty_real = ops.zeros((0,), dtype=real)
    rank = residuals = values = None
    if driver != "gels":
        values_all = svdvals_native(input)
        cut = threshold(
            ops.max(values_all, axis=-1, keepdims=True),
            None,
            rtol,
            tuple(input.shape),
            dtype_of(input),
        )
        rank = ops.sum(ops.astype(ops.greater(values_all, cut), core.int64), axis=-1)
        values = values_all if driver in ("gelsd", "gelss") else empty_real
    full_rank = rank is None or bool(ops.all(ops.equal(rank, scalar(n, core.int64))))
    if driver != "gelsy" and m > n and full_rank:
        error = ops.subtract(ops.matmul(input, solution), rhs)
        magnitude = ops.abs(error)
        residuals = ops.sum(ops.multiply(magnitude, magnitude), axis=-2)
        if vector:
            residuals = ops.squeeze(residuals, axis=-1)
    if residuals is None:
        residuals = empty_real
    if rank is None:
        rank = ops.zeros((0,), dtype=core.int64)
        values = empty_real
    if vector:
        solution = ops.squeeze(solution, axis=-1)
    return _lstsq_type(solution, residuals, rank, values)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def lu_factor(A: Tensor, *, pivot: bool = True, out: Any = None) -> Any:
    """``linalg_lu_factor(LU, pivots)``: partial pivoting, 1-based int32 pivots."""
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    check_matrix("torch.lu_factor", A, square=False)
    lu_value, pivots, _ = lu_native(A)
    return _lu_factor_type(lu_value, pivots)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def lu(A: Tensor, *, pivot: bool = True, out: Any = None) -> Any:
    """``linalg_lu(P, L, U)`` with ``A = P @ L @ U``."""
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    check_matrix("linalg.lu", A, square=False)
    lu_value, _, rows = lu_native(A)
    lower, upper = lu_triangles(lu_value)
    return _lu_type(permutation_from_rows(rows, A.shape[-2], dtype_of(A)), lower, upper)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def tensorinv(input: Tensor, ind: int = 2, *, out: Tensor | None = None) -> Tensor:
    """The inverse of ``A`` seen as a matrix of ``shape[:ind]`` by ``shape[ind:]``."""
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    shape = tuple(input.shape)
    rows = math.prod(shape[:ind])
    cols = math.prod(shape[ind:])
    if rows != cols:
        raise RuntimeError(
            f"Expected self to satisfy the requirement prod(self.shape[ind:]) == "
            f"prod(self.shape[:ind]), but got {cols} != {rows}"
        )
    inverse = inv_native(ops.reshape(input, (rows, cols)))
    return ops.reshape(inverse, (*shape[ind:], *shape[:ind]))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def tensorsolve(
    input: Tensor, other: Tensor, dims: Sequence[int] | None = None, *, out: Tensor | None = None
) -> Tensor:
    """Solves ``tensordot(A, X, X.ndim) = B`` (``dims`` of ``A`` moved to the end first)."""
    if dims is not None:
        axes = [normalize_dim(d, ndim_of(input)) for d in dims]
        rest = [d for d in range(ndim_of(input)) if d not in axes]
        input = ops.permute_dims(input, (*rest, *axes))
    result_shape = tuple(input.shape[ndim_of(other) :])
    rows = math.prod(tuple(other.shape))
    cols = math.prod(result_shape)
    solution = solve_native(ops.reshape(input, (rows, cols)), ops.reshape(other, (rows,)))
    return ops.reshape(solution, result_shape)


_lu_factor_ex_type = return_types.make("linalg_lu_factor_ex", ("LU", "pivots", "info"))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("A")
def lu_factor_ex(
    A: Tensor, *, pivot: bool = True, check_errors: bool = False, out: Any = None
) -> Any:
    """``lu_factor`` with an ``info`` of zeros (singular factors are not detected here)."""
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    check_matrix("torch.lu_factor", A, square=False)
    lu_value, pivots, _ = lu_native(A)
    info = ops.zeros(tuple(A.shape[:-2]), dtype=core.int32)
    return _lu_factor_ex_type(lu_value, pivots, info)


def _lu_solve_left(lu_value: Any, pivots: Any, B: Any, adjoint: bool) -> Any:
    """``A^-1 B`` (``A^-H B`` when adjoint) for ``A = P L U`` given packed."""
    m = lu_value.shape[-1]
    lower, upper = lu_triangles(lu_value)
    p = permutation_from_rows(rows_from_pivots(pivots, m), m, dtype_of(lu_value))
    if not adjoint:  # U^-1 L^-1 P^T B
        y = matmul_native(mH(p), B)
        y = solve_native(lower, y, True, "linalg.lu_solve")
        return solve_native(upper, y, True, "linalg.lu_solve")
    y = solve_native(mH(upper), B, True, "linalg.lu_solve")  # P L^-H U^-H B
    y = solve_native(mH(lower), y, True, "linalg.lu_solve")
    return matmul_native(p, y)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("LU", "B")
def lu_solve(
    LU: Tensor,
    pivots: Tensor,
    B: Tensor,
    *,
    left: bool = True,
    adjoint: bool = False,
    out: Tensor | None = None,
) -> Tensor:
    """Solves ``A X = B`` (``X A = B`` when not ``left``; ``A^H`` when ``adjoint``) from
    ``lu_factor``'s output."""
    check_matrix("linalg.lu_solve", LU)
    if ndim_of(B) < 2:
        raise RuntimeError("linalg.lu_solve: The input tensor B must have at least 2 dimensions.")
    if left:
        return _lu_solve_left(LU, pivots, B, adjoint)
    # X A = B  <=>  A^H X^H = B^H
    return mH(_lu_solve_left(LU, pivots, mH(B), not adjoint))


__all__ += ["lu_factor_ex", "lu_solve"]


def householder_product(input: Tensor, tau: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The first n columns of ``H_1 ... H_k`` with ``H_i = I - tau_i v_i v_i^H``, ``v_i`` the
    i-th column of ``A`` below the diagonal with a 1 on it (LAPACK's orgqr)."""
    import frontends.torch as torch

    if input.dim() < 2:
        raise RuntimeError(
            "torch.linalg.householder_product: input must have at least 2 dimensions."
        )
    m, n = input.shape[-2], input.shape[-1]
    if m < n:
        raise RuntimeError(
            "torch.linalg.householder_product: input.shape[-2] must be greater than or equal to "
            "input.shape[-1]"
        )
    k = tau.shape[-1]
    if k > n:
        raise RuntimeError(
            "torch.linalg.householder_product: input.shape[-1] must be greater than or equal to "
            "tau.shape[-1]"
        )
    if input.dtype != tau.dtype:
        raise RuntimeError(
            "torch.linalg.householder_product: tau dtype "
            f"{tau.dtype} does not match input dtype {input.dtype}"
        )
    rows = torch.arange(m)
    q = torch.eye(m, dtype=input.dtype).expand(*input.shape[:-2], m, m)
    for i in range(k):
        column = input[..., :, i]
        v = torch.where(
            rows > i,
            column,
            torch.where(rows == i, torch.ones_like(column), torch.zeros_like(column)),
        )
        qv = q @ v.unsqueeze(-1)  # (..., m, 1)
        q = q - tau[..., i, None, None] * qv @ v.conj().unsqueeze(-2)
    result = q[..., :, :n]
    if out is not None:
        out.copy_(result)
        return out
    return result


__all__ += ["householder_product"]


_ldl_factor_type = return_types.make("linalg_ldl_factor", ("LD", "pivots"))
_ldl_factor_ex_type = return_types.make("linalg_ldl_factor_ex", ("LD", "pivots", "info"))


def _ldl_factor(A: Any, hermitian: bool, check_errors: bool, name: str) -> tuple[Any, Any, Any]:
    check_floating("torch.linalg.ldl_factor_ex", A)
    check_matrix("torch.linalg.ldl_factor_ex", A)
    if 0 in tuple(A.shape):
        batch = tuple(A.shape[:-2])
        return (
            A,
            ops.zeros((*batch, A.shape[-1]), dtype=core.int32),
            ops.zeros(batch, dtype=core.int32),
        )
    with core.autodiff.no_grad():
        factor, pivots, info = ldl_factor_native(A, hermitian)
    _not_differentiable("linalg_ldl_factor_ex", [A], [factor, pivots, info])
    if check_errors and ops.any(ops.greater(info, scalar(0, core.int32))):  # one host sync
        raise LinAlgError(
            f"{name}: the Bunch-Kaufman pivot of some column is zero or nan (LAPACK info > 0: "
            "D is singular); torch 2.13 reports this as an internal assert 'Unknown error code'"
        )
    return factor, pivots, info


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def ldl_factor_ex(
    input: Tensor, *, hermitian: bool = False, check_errors: bool = False, out: Any = None
) -> Any:
    """``linalg_ldl_factor_ex(LD, pivots, info)``: ``A = P L D L^T P^T`` (``L^H`` when
    ``hermitian``) from the lower triangle of ``A``; info is LAPACK's (the first column with
    a zero pivot, else 0), checked only when ``check_errors``."""
    factor, pivots, info = _ldl_factor(input, hermitian, check_errors, "torch.linalg.ldl_factor_ex")
    return _ldl_factor_ex_type(factor, pivots, info)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def ldl_factor(input: Tensor, *, hermitian: bool = False, out: Any = None) -> Any:
    """``linalg_ldl_factor(LD, pivots)``; a singular D raises (reading info to the host), as
    torch raises."""
    factor, pivots, _ = _ldl_factor(input, hermitian, True, "torch.linalg.ldl_factor")
    return _ldl_factor_type(factor, pivots)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("LD")
def ldl_solve(
    LD: Tensor, pivots: Tensor, B: Tensor, *, hermitian: bool = False, out: Tensor | None = None
) -> Tensor:
    """Solves ``A X = B`` from ``ldl_factor``'s LD and pivots (LAPACK's sytrs/hetrs)."""
    name = "torch.linalg.ldl_solve"
    check_matrix(name, LD, arg="LD")
    if ndim_of(B) < 2:
        raise IndexError("Dimension out of range (expected to be in range of [-1, 0], but got -2)")
    if dtype_of(pivots) not in (core.int32, core.int64):
        raise RuntimeError(
            f"{name}: Expected pivots to be integers. Got {torch_name(dtype_of(pivots))}"
        )
    if dtype_of(B) != dtype_of(LD):
        raise RuntimeError(
            f"Expected b and A to have the same dtype, but found b of type "
            f"{torch_name(dtype_of(B))} and A of type {torch_name(dtype_of(LD))} instead."
        )
    if tuple(pivots.shape) != tuple(LD.shape[:-1]):
        raise RuntimeError(
            f"{name}: Expected LD.shape[:-1] and pivots.shape to be the same, but got pivots "
            f"with shape {list(pivots.shape)} instead"
        )
    if B.shape[-2] != LD.shape[-1]:
        raise RuntimeError(
            f"Incompatible matrix sizes for {name}: each A matrix is {LD.shape[-1]} by "
            f"{LD.shape[-1]} but each b matrix is {B.shape[-2]} by {B.shape[-1]}"
        )
    if 0 in tuple(LD.shape) or 0 in tuple(B.shape):
        shape = (*_batch_shape(LD.shape[:-2], B.shape[:-2]), *B.shape[-2:])
        return ops.zeros(shape, dtype=dtype_of(B))
    with core.autodiff.no_grad():
        solution = ldl_solve_native(LD, pivots, B, hermitian)
    _not_differentiable("linalg_ldl_solve", [LD, B], [solution])
    return solution


def _not_differentiable(name: str, inputs: list[Any], outputs: list[Any]) -> None:
    """Outputs that require grad when an input does, whose backward raises torch's error
    (torch defines no derivative for ``name``); computed outside the graph."""

    def rule(*_: Any) -> Any:
        raise RuntimeError(f"derivative for aten::{name} is not implemented")

    core.autodiff.record(name, rule, inputs, outputs, [True] + [False] * (len(outputs) - 1))


__all__ += ["ldl_factor", "ldl_factor_ex", "ldl_solve"]
