"""tf.linalg: decompositions, solves, band/diagonal helpers, expm, logdet, pinv, LU ...

Decompositions run core's (LAPACK-backed) functions: QR, SVD and eigenvectors match TF's
up to the sign of each vector where TF's Eigen kernels pick another (a difference
noted in the tests). ``lu`` is partial-pivoting Doolittle written in core functions
(first maximum wins, as LAPACK/Eigen). ``expm`` is Padé-13 scaling and squaring
(Higham 2005, as TF); ``sqrtm`` is the Denman-Beavers iteration (TF uses a Schur method:
values agree to rounding for well-conditioned matrices). Singular or non-positive-definite
inputs raise TF's InvalidArgumentError where the backend reports them.

Not here: the ``LinearOperator`` classes, ``logm``, ``banded_triangular_solve``,
``experimental.conjugate_gradient``.
"""

from __future__ import annotations

import builtins
import collections
from typing import Any

import numpy

import core
from core import native as ops
from frontends.tensorflow import _array_ops, errors
from frontends.tensorflow import math as _tfmath
from frontends.tensorflow._common import as_core, dtype_of, host, host_int, native, wrap
from frontends.tensorflow._kernels import check
from frontends.tensorflow._ops import eye
from frontends.tensorflow._tensor import Tensor, match_operands

__all__ = [
    "adjoint", "band_part", "cholesky", "cholesky_solve", "cross", "det", "diag", "diag_part",
    "eig", "eigh", "eigh_tridiagonal", "eigvals", "eigvalsh", "einsum", "expm", "eye",
    "global_norm", "inv", "l2_normalize", "logdet", "lstsq", "lu", "lu_matrix_inverse",
    "lu_reconstruct", "lu_solve", "matmul", "matrix_rank", "matrix_transpose", "matvec",
    "norm", "normalize", "pinv", "qr", "set_diag", "slogdet", "solve", "sqrtm", "svd",
    "tensor_diag", "tensor_diag_part", "tensordot", "trace", "triangular_solve",
    "tridiagonal_matmul", "tridiagonal_solve",
]  # fmt: skip

matmul = _tfmath.matmul
einsum = _array_ops.einsum
tensordot = _array_ops.tensordot
norm = _array_ops.norm
global_norm = _array_ops.global_norm
l2_normalize = _tfmath.l2_normalize


def _square(x: Any, op: str) -> None:
    if len(x.shape) < 2 or x.shape[-1] != x.shape[-2]:
        raise errors.invalid_argument(
            f"Input matrix must be square: got shape {list(x.shape)}"
            if len(x.shape) >= 2
            else f"Input tensor 0 must have rank >= 2, got {len(x.shape)}",
            op,
        )


def _matrix(x: Any, op: str) -> None:
    """TF's InvalidArgumentError for fewer than two dimensions."""
    if len(x.shape) < 2:
        raise errors.invalid_argument(f"Input tensor 0 must have rank >= 2, got {len(x.shape)}", op)


def _t(x: Any) -> Any:
    return ops.matrix_transpose(x)


def _h(x: Any) -> Any:
    return ops.conj(_t(x)) if dtype_of(x).kind == "c" else _t(x)


def matrix_transpose(a: Any, name: str = "matrix_transpose", conjugate: bool = False) -> Tensor:
    x = native(a)
    if len(x.shape) < 2:
        raise ValueError(
            f"Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = {a} with shape: {list(x.shape)}"
        )
    return wrap(_h(x) if conjugate else _t(x))


def adjoint(matrix: Any, name: Any = None) -> Tensor:
    return wrap(_h(native(matrix)))


def _indices(rows: int, cols: int) -> tuple[Any, Any]:
    i = ops.reshape(ops.arange(rows, dtype=core.int64), (rows, 1))
    j = ops.reshape(ops.arange(cols, dtype=core.int64), (1, cols))
    return i, j


def band_part(input: Any, num_lower: Any, num_upper: Any, name: Any = None) -> Tensor:
    x = native(input)
    lower, upper = host_int(num_lower), host_int(num_upper)
    rows, cols = x.shape[-2:]
    i, j = _indices(rows, cols)
    keep = ops.ones((rows, cols), dtype=core.bool)
    if lower >= 0:
        keep = ops.logical_and(keep, ops.less_equal(ops.subtract(i, j), lower))
    if upper >= 0:
        keep = ops.logical_and(keep, ops.less_equal(ops.subtract(j, i), upper))
    return wrap(ops.where(keep, x, ops.zeros_like(x)))


def diag_part(input: Any, name: str = "diag_part", k: Any = 0, padding_value: Any = 0,
              align: str = "RIGHT_LEFT") -> Tensor:  # fmt: skip
    x = native(input)
    return wrap(ops.linalg.diagonal(x, offset=host_int(k)))


def diag(diagonal: Any, name: str = "diag", k: Any = 0, num_rows: int = -1, num_cols: int = -1,
         padding_value: Any = 0, align: str = "RIGHT_LEFT") -> Tensor:  # fmt: skip
    d = native(diagonal)
    offset = host_int(k)
    length = d.shape[-1]
    square = length + builtins.abs(offset)
    rows = (square if num_cols == -1 else num_cols) if num_rows == -1 else num_rows
    cols = (square if num_rows == -1 else num_rows) if num_cols == -1 else num_cols
    i, j = _indices(rows, cols)
    on = ops.equal(ops.subtract(j, i), offset)
    position = i if offset >= 0 else j
    position = ops.clip(position, 0, length - 1)
    position = ops.broadcast_to(position, (rows, cols))
    values = ops.take(d, ops.reshape(position, (-1,)), axis=-1)
    values = ops.reshape(values, (*d.shape[:-1], rows, cols))
    pad = ops.asarray(padding_value, dtype=dtype_of(d))
    return wrap(ops.where(on, values, pad))


def set_diag(input: Any, diagonal: Any, name: str = "set_diag", k: Any = 0,
             align: str = "RIGHT_LEFT") -> Tensor:  # fmt: skip
    x, d = match_operands([input, diagonal], "MatrixSetDiagV3")
    offset = host_int(k)
    rows, cols = x.shape[-2:]
    full = native(diag(d, k=offset, num_rows=rows, num_cols=cols))
    i, j = _indices(rows, cols)
    return wrap(ops.where(ops.equal(ops.subtract(j, i), offset), full, x))


def trace(x: Any, name: Any = None) -> Tensor:
    v = native(x)
    check("linalg.trace", v)
    return wrap(ops.sum(ops.linalg.diagonal(v), axis=-1, dtype=dtype_of(v)))


def tensor_diag(diagonal: Any, name: Any = None) -> Tensor:
    d = native(diagonal)
    n = int(numpy.prod(d.shape))
    flat = ops.reshape(d, (n,))
    full = ops.where(
        ops.eye(n, dtype=core.bool), ops.reshape(flat, (1, n)), ops.zeros((), dtype=dtype_of(d))
    )
    return wrap(ops.reshape(full, (*d.shape, *d.shape)))


def tensor_diag_part(input: Any, name: Any = None) -> Tensor:
    x = native(input)
    half = len(x.shape) // 2
    n = int(numpy.prod(x.shape[:half]))
    return wrap(
        ops.reshape(ops.linalg.diagonal(ops.reshape(x, (n, n))), builtins.tuple(x.shape[:half]))
    )


# ---------------------------------------------------------------------------------------
# determinants and inverses
# ---------------------------------------------------------------------------------------
def _backend_call(fn: Any, message: str, op: str) -> Any:
    try:
        return fn()
    except errors.OpError:
        raise
    except Exception:
        raise errors.invalid_argument(message, op) from None


def det(input: Any, name: Any = None) -> Tensor:
    x = native(input)
    check("linalg.det", x)
    _square(x, "MatrixDeterminant")
    return wrap(ops.linalg.det(x))


Slogdet = collections.namedtuple("Slogdet", ["sign", "log_abs_determinant"])


def slogdet(input: Any, name: Any = None) -> Any:
    x = native(input)
    check("linalg.slogdet", x)
    _square(x, "LogMatrixDeterminant")
    sign, value = ops.linalg.slogdet(x)
    return Slogdet(
        wrap(sign), wrap(ops.astype(value, dtype_of(x)) if dtype_of(x).kind == "c" else value)
    )


def logdet(matrix: Any, name: Any = None) -> Tensor:
    """tf.linalg.logdet of a Hermitian positive definite matrix: ``2 * sum(log(diag(L)))``."""
    x = native(matrix)
    check("linalg.logdet", x)
    chol = native(cholesky(x))
    diagonal = ops.linalg.diagonal(chol)
    if dtype_of(x).kind == "c":
        diagonal = ops.real(diagonal)
    result = ops.multiply(ops.sum(ops.log(diagonal), axis=-1), 2.0)
    return wrap(ops.astype(result, dtype_of(diagonal)))


def inv(input: Any, adjoint: bool = False, name: Any = None) -> Tensor:
    x = native(input)
    check("linalg.inv", x)
    _square(x, "MatrixInverse")
    result = _backend_call(lambda: ops.linalg.inv(x), "Input is not invertible.", "MatrixInverse")
    if core.current_backend().name == "jax" and not bool(
        host(ops.all(ops.isfinite(result))) or not host(ops.all(ops.isfinite(x)))
    ):
        raise errors.invalid_argument("Input is not invertible.", "MatrixInverse")
    return wrap(_h(result) if adjoint else result)


def cholesky(input: Any, name: Any = None) -> Tensor:
    x = native(input)
    check("linalg.cholesky", x)
    _square(x, "Cholesky")
    try:
        result = ops.linalg.cholesky(x)
    except Exception:
        # TF's kernel returns unspecified values (NaN) for a matrix that is not positive
        # definite; so does this frontend, on every backend
        result = ops.full(builtins.tuple(x.shape), numpy.nan, dtype=dtype_of(x))
    return wrap(result)


def solve(matrix: Any, rhs: Any, adjoint: bool = False, name: Any = None) -> Tensor:
    a, b = match_operands([matrix, rhs], "MatrixSolve")
    check("linalg.solve", a)
    _square(a, "MatrixSolve")
    if a.shape[-1] != b.shape[-2] if len(b.shape) >= 2 else True:
        raise errors.invalid_argument(
            f"Input matrix and right-hand side must have the same number of rows: "
            f"{a.shape[-2]} vs. {b.shape[-2] if len(b.shape) >= 2 else b.shape}",
            "MatrixSolve",
        )
    a = _h(a) if adjoint else a
    return wrap(
        _backend_call(
            lambda: ops.linalg.solve(a, b), "Input matrix is not invertible.", "MatrixSolve"
        )
    )


def triangular_solve(matrix: Any, rhs: Any, lower: bool = True, adjoint: bool = False,
                     name: Any = None) -> Tensor:  # fmt: skip
    """tf.linalg.triangular_solve: only the ``lower`` (or upper) triangle is read."""
    a, b = match_operands([matrix, rhs], "MatrixTriangularSolve")
    a = native(band_part(a, -1, 0) if lower else band_part(a, 0, -1))
    a = _h(a) if adjoint else a
    batch = ops.broadcast_shapes(builtins.tuple(a.shape[:-2]), builtins.tuple(b.shape[:-2]))
    a = ops.broadcast_to(a, (*batch, *a.shape[-2:]))
    b = ops.broadcast_to(b, (*batch, *b.shape[-2:]))
    return wrap(ops.linalg.solve(a, b))


def cholesky_solve(chol: Any, rhs: Any, name: Any = None) -> Tensor:
    """Solve ``A X = rhs`` given ``chol`` the Cholesky factor of ``A``."""
    lower = native(chol)
    y = native(triangular_solve(lower, rhs, lower=True))
    return triangular_solve(lower, y, lower=True, adjoint=True)


def matvec(a: Any, b: Any, transpose_a: bool = False, adjoint_a: bool = False,
           a_is_sparse: bool = False, b_is_sparse: bool = False, name: Any = None) -> Tensor:  # fmt: skip
    x, v = match_operands([a, b], "MatMul")
    out = native(
        matmul(x, ops.expand_dims(v, axis=-1), transpose_a=transpose_a, adjoint_a=adjoint_a)
    )
    return wrap(ops.squeeze(out, axis=-1))


def cross(a: Any, b: Any, name: Any = None) -> Tensor:
    x, y = match_operands([a, b], "Cross")
    if x.shape[-1] != 3 or builtins.tuple(x.shape) != builtins.tuple(y.shape):
        raise errors.invalid_argument(
            f"inner dimension of a and b must be 3 and shapes equal: {list(x.shape)} vs "
            f"{list(y.shape)}",
            "Cross",
        )
    return wrap(ops.linalg.cross(x, y, axis=-1))


def lstsq(matrix: Any, rhs: Any, l2_regularizer: float = 0.0, fast: bool = True,
          name: Any = None) -> Tensor:  # fmt: skip
    """tf.linalg.lstsq by the normal equations (TF's ``fast`` path for either shape)."""
    a, b = match_operands([matrix, rhs], "MatrixSolveLs")
    rows, cols = a.shape[-2:]
    lam = ops.asarray(l2_regularizer, dtype=dtype_of(a))
    if rows >= cols:
        gram = ops.add(ops.matmul(_h(a), a), ops.multiply(lam, ops.eye(cols, dtype=dtype_of(a))))
        return wrap(ops.linalg.solve(gram, ops.matmul(_h(a), b)))
    gram = ops.add(ops.matmul(a, _h(a)), ops.multiply(lam, ops.eye(rows, dtype=dtype_of(a))))
    return wrap(ops.matmul(_h(a), ops.linalg.solve(gram, b)))


def pinv(a: Any, rcond: Any = None, validate_args: bool = False, name: Any = None) -> Tensor:
    """tf.linalg.pinv: singular values below ``rcond * max(s)`` (default
    ``10 * max(m, n) * eps``) count as zero."""
    x = native(a)
    check("linalg.pinv", x)
    rows, cols = x.shape[-2:]
    real = {"complex64": core.float32, "complex128": core.float64}.get(
        str(dtype_of(x)), dtype_of(x)
    )
    if rcond is None:
        rcond = 10.0 * builtins.max(rows, cols) * float(numpy.finfo(str(real)).eps)
    u, s, vh = ops.linalg.svd(x, full_matrices=False)
    cutoff = ops.multiply(ops.asarray(rcond, dtype=real), ops.max(s, axis=-1, keepdims=True))
    keep = ops.greater(s, cutoff)
    inverse = ops.where(
        keep, ops.divide(ops.ones_like(s), ops.where(keep, s, ops.ones_like(s))), ops.zeros_like(s)
    )
    scaled = ops.multiply(_h(vh), ops.astype(ops.expand_dims(inverse, axis=-2), dtype_of(x)))
    return wrap(ops.matmul(scaled, _h(u)))


def matrix_rank(a: Any, tol: Any = None, validate_args: bool = False, name: Any = None) -> Tensor:
    x = native(a)
    rows, cols = x.shape[-2:]
    s = ops.linalg.svdvals(x)
    if tol is None:
        eps = float(numpy.finfo(str(dtype_of(s))).eps)
        cutoff = ops.multiply(ops.max(s, axis=-1, keepdims=True), eps * builtins.max(rows, cols))
    else:
        cutoff = ops.asarray(tol, dtype=dtype_of(s))
    return wrap(ops.sum(ops.astype(ops.greater(s, cutoff), core.int32), axis=-1, dtype=core.int32))


def normalize(tensor: Any, ord: Any = "euclidean", axis: Any = None, name: Any = None) -> Any:
    x = native(tensor)
    n = native(norm(x, ord=ord, axis=axis, keepdims=True))
    return wrap(ops.divide(x, n)), wrap(n)


# ---------------------------------------------------------------------------------------
# decompositions
# ---------------------------------------------------------------------------------------
Qr = collections.namedtuple("Qr", ["q", "r"])
Eigh = collections.namedtuple("Eigh", ["e", "v"])


def qr(input: Any, full_matrices: bool = False, name: Any = None) -> Any:
    x = native(input)
    check("linalg.qr", x)
    _matrix(x, "Qr")
    q, r = ops.linalg.qr(x, mode="complete" if full_matrices else "reduced")
    return Qr(wrap(q), wrap(r))


def svd(tensor: Any, full_matrices: bool = False, compute_uv: bool = True, name: Any = None) -> Any:
    """tf.linalg.svd: ``(s, u, v)`` (``v``, not its adjoint, as TF)."""
    x = native(tensor)
    check("linalg.svd", x)
    _matrix(x, "Svd")
    if not compute_uv:
        return wrap(ops.linalg.svdvals(x))
    u, s, vh = ops.linalg.svd(x, full_matrices=full_matrices)
    return wrap(s), wrap(u), wrap(_h(vh))


def eigh(tensor: Any, name: Any = None) -> Any:
    x = native(tensor)
    check("linalg.eigh", x)
    _square(x, "SelfAdjointEigV2")
    values, vectors = ops.linalg.eigh(x)
    return Eigh(wrap(values), wrap(vectors))


def eigvalsh(tensor: Any, name: Any = None) -> Tensor:
    x = native(tensor)
    check("linalg.eigh", x)
    _square(x, "SelfAdjointEigV2")
    return wrap(ops.linalg.eigvalsh(x))


def _complex_of(x: Any) -> core.Dtype:
    return {core.float32: core.complex64, core.float64: core.complex128}.get(
        dtype_of(x), dtype_of(x)
    )


def eig(tensor: Any, name: Any = None) -> Any:
    """tf.linalg.eig: complex eigenvalues and eigenvectors (order and vector phases as
    the backend's LAPACK gives them)."""
    x = native(tensor)
    _square(x, "Eig")
    values, vectors = ops.linalg.eig(x)
    return wrap(ops.astype(values, _complex_of(x))), wrap(ops.astype(vectors, _complex_of(x)))


def eigvals(tensor: Any, name: Any = None) -> Tensor:
    x = native(tensor)
    _square(x, "Eig")
    return wrap(ops.astype(ops.linalg.eigvals(x), _complex_of(x)))


def eigh_tridiagonal(alpha: Any, beta: Any, eigvals_only: bool = True, select: str = "a",
                     select_range: Any = None, tol: Any = None, name: Any = None) -> Any:  # fmt: skip
    a, b = native(alpha), native(beta)
    n = a.shape[0]
    dense = ops.add(
        native(diag(a)),
        ops.add(
            native(diag(b, k=1, num_rows=n, num_cols=n)),
            native(diag(ops.conj(b), k=-1, num_rows=n, num_cols=n)),
        ),
    )
    if eigvals_only:
        return wrap(ops.linalg.eigvalsh(dense))
    values, vectors = ops.linalg.eigh(dense)
    return wrap(values), wrap(vectors)


# ---------------------------------------------------------------------------------------
# LU
# ---------------------------------------------------------------------------------------
Lu = collections.namedtuple("Lu", ["lu", "p"])


def _lu(x: Any) -> tuple[Any, Any]:
    """Partial-pivoting LU of a batch of square matrices: the packed factors and the row
    permutation (``p[i]`` the source row of row ``i``)."""
    n = x.shape[-1]
    batch = builtins.tuple(x.shape[:-2])
    a = x
    perm = ops.broadcast_to(ops.arange(n, dtype=core.int64), (*batch, n))
    rows = ops.arange(n, dtype=core.int64)
    for k in builtins.range(n):
        column = ops.abs(ops.get_item(a, (..., builtins.slice(k, None), k)))
        pivot = ops.add(ops.argmax(column, axis=-1), k)  # batch
        pivot_e = ops.expand_dims(pivot, axis=-1)
        # swap rows k and pivot
        is_k = ops.equal(rows, k)
        is_p = ops.equal(rows, pivot_e)
        source = ops.where(is_k, pivot_e, ops.where(is_p, k, rows))
        a = ops.take_along_axis(
            a, ops.broadcast_to(ops.expand_dims(source, axis=-1), a.shape), axis=-2
        )
        perm = ops.take_along_axis(perm, source, axis=-1)
        head = ops.get_item(a, (..., k, k))
        below = ops.greater(rows, k)
        column_k = ops.get_item(a, (..., builtins.slice(None), k))
        safe = ops.where(ops.equal(head, ops.zeros_like(head)), ops.ones_like(head), head)
        factors = ops.where(
            below, ops.divide(column_k, ops.expand_dims(safe, axis=-1)), ops.zeros_like(column_k)
        )
        row_k = ops.get_item(a, (..., k, builtins.slice(None)))
        right = ops.greater(rows, k)
        update = ops.multiply(
            ops.expand_dims(factors, axis=-1),
            ops.expand_dims(ops.where(right, row_k, ops.zeros_like(row_k)), axis=-2),
        )
        a = ops.subtract(a, update)
        column_mask = ops.logical_and(
            ops.expand_dims(below, axis=-1), ops.equal(ops.reshape(rows, (1, n)), k)
        )
        a = ops.where(column_mask, ops.expand_dims(factors, axis=-1), a)
    return a, perm


def lu(input: Any, output_idx_type: Any = "int32", name: Any = None) -> Any:
    x = native(input)
    check("linalg.lu", x)
    _square(x, "Lu")
    packed, perm = _lu(x)
    return Lu(wrap(packed), wrap(ops.astype(perm, as_core(output_idx_type))))


def _unpack(lower_upper: Any) -> tuple[Any, Any]:
    n = lower_upper.shape[-1]
    i, j = _indices(n, n)
    lower = ops.add(
        ops.where(ops.greater(i, j), lower_upper, ops.zeros_like(lower_upper)),
        ops.eye(n, dtype=dtype_of(lower_upper)),
    )
    upper = ops.where(ops.less_equal(i, j), lower_upper, ops.zeros_like(lower_upper))
    return lower, upper


def lu_reconstruct(
    lower_upper: Any, perm: Any, validate_args: bool = False, name: Any = None
) -> Tensor:
    packed = native(lower_upper)
    lower, upper = _unpack(packed)
    product = ops.matmul(lower, upper)
    inverse = ops.argsort(ops.astype(native(perm), core.int64), axis=-1)
    index = ops.broadcast_to(ops.expand_dims(inverse, axis=-1), product.shape)
    return wrap(ops.take_along_axis(product, index, axis=-2))


def lu_solve(
    lower_upper: Any, perm: Any, rhs: Any, validate_args: bool = False, name: Any = None
) -> Tensor:
    packed = native(lower_upper)
    b = native(rhs)
    p = ops.astype(native(perm), core.int64)
    index = ops.broadcast_to(ops.expand_dims(p, axis=-1), (*p.shape, b.shape[-1]))
    permuted = ops.take_along_axis(b, index, axis=-2)
    lower, upper = _unpack(packed)
    y = ops.linalg.solve(lower, permuted)
    return wrap(ops.linalg.solve(upper, y))


def lu_matrix_inverse(
    lower_upper: Any, perm: Any, validate_args: bool = False, name: Any = None
) -> Tensor:
    packed = native(lower_upper)
    n = packed.shape[-1]
    identity = ops.broadcast_to(ops.eye(n, dtype=dtype_of(packed)), packed.shape)
    return lu_solve(packed, perm, identity)


# ---------------------------------------------------------------------------------------
# matrix functions
# ---------------------------------------------------------------------------------------
_PADE13 = (
    64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
    129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
    40840800.0, 960960.0, 16380.0, 182.0, 1.0,
)  # fmt: skip


def expm(input: Any, name: Any = None) -> Tensor:
    """tf.linalg.expm: Padé 13 with scaling and squaring (the scaling read on the host)."""
    x = native(input)
    check("linalg.expm", x)
    _square(x, "MatrixExponential")
    n = x.shape[-1]
    dtype = dtype_of(x)
    norms = host(ops.max(ops.sum(ops.abs(x), axis=-2), axis=-1))
    theta = 5.371920351148152
    squarings = (
        int(builtins.max(0, numpy.ceil(numpy.log2(numpy.max(norms) / theta))))
        if norms.size and numpy.max(norms) > theta
        else 0
    )
    a = ops.divide(x, ops.asarray(2.0**squarings, dtype=dtype))
    ident = ops.broadcast_to(ops.eye(n, dtype=dtype), a.shape)
    b = [ops.asarray(c, dtype=dtype) for c in _PADE13]
    a2 = ops.matmul(a, a)
    a4 = ops.matmul(a2, a2)
    a6 = ops.matmul(a4, a2)
    mul = ops.multiply
    add = ops.add
    u_inner = ops.matmul(a6, add(add(mul(b[13], a6), mul(b[11], a4)), mul(b[9], a2)))
    u = ops.matmul(
        a,
        add(add(add(add(u_inner, mul(b[7], a6)), mul(b[5], a4)), mul(b[3], a2)), mul(b[1], ident)),
    )
    v_inner = ops.matmul(a6, add(add(mul(b[12], a6), mul(b[10], a4)), mul(b[8], a2)))
    v = add(add(add(add(v_inner, mul(b[6], a6)), mul(b[4], a4)), mul(b[2], a2)), mul(b[0], ident))
    result = ops.linalg.solve(ops.subtract(v, u), ops.add(v, u))
    for _ in builtins.range(squarings):
        result = ops.matmul(result, result)
    return wrap(result)


def sqrtm(input: Any, name: Any = None) -> Tensor:
    """tf.linalg.sqrtm by the Denman-Beavers iteration."""
    x = native(input)
    _square(x, "MatrixSquareRoot")
    n = x.shape[-1]
    y = x
    z = ops.broadcast_to(ops.eye(n, dtype=dtype_of(x)), x.shape)
    half = ops.asarray(0.5, dtype=dtype_of(x))
    for _ in builtins.range(40):
        y, z = (ops.multiply(half, ops.add(y, ops.linalg.inv(z))),
                ops.multiply(half, ops.add(z, ops.linalg.inv(y))))  # fmt: skip
    return wrap(y)


# ---------------------------------------------------------------------------------------
# tridiagonal
# ---------------------------------------------------------------------------------------
def _tridiagonal_dense(diagonals: Any, diagonals_format: str) -> Any:
    if diagonals_format == "matrix":
        return native(diagonals)
    if diagonals_format == "sequence":
        upper, middle, lower = (native(d) for d in diagonals)
    else:
        d = native(diagonals)
        upper, middle, lower = (
            ops.get_item(d, (..., k, builtins.slice(None))) for k in builtins.range(3)
        )
    n = middle.shape[-1]
    dense = native(diag(middle))
    up = native(
        diag(ops.get_item(upper, (..., builtins.slice(0, n - 1))), k=1, num_rows=n, num_cols=n)
    )
    low = native(
        diag(ops.get_item(lower, (..., builtins.slice(1, n))), k=-1, num_rows=n, num_cols=n)
    )
    return ops.add(ops.add(dense, up), low)


def tridiagonal_matmul(diagonals: Any, rhs: Any, diagonals_format: str = "compact",
                       name: Any = None) -> Tensor:  # fmt: skip
    return wrap(ops.matmul(_tridiagonal_dense(diagonals, diagonals_format), native(rhs)))


def tridiagonal_solve(diagonals: Any, rhs: Any, diagonals_format: str = "compact",
                      transpose_rhs: bool = False, conjugate_rhs: bool = False,
                      name: Any = None, partial_pivoting: bool = True,
                      perturb_singular: bool = False) -> Tensor:  # fmt: skip
    dense = _tridiagonal_dense(diagonals, diagonals_format)
    dense, b = match_operands([dense, rhs], "TridiagonalSolve")
    if transpose_rhs:
        b = _t(b)
    if conjugate_rhs and dtype_of(b).kind == "c":
        b = ops.conj(b)
    vector = len(b.shape) == len(dense.shape) - 1
    if vector:
        b = ops.expand_dims(b, axis=-1)
    out = ops.linalg.solve(dense, b)
    if vector:
        out = ops.squeeze(out, axis=-1)
    elif transpose_rhs:
        out = _t(out)
    return wrap(out)


from frontends.tensorflow import _linalg_experimental as experimental  # noqa: E402,F401

_ = Tensor
