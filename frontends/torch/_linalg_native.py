"""torch.linalg's kernels on native arrays, shared by torch.linalg and the torch.* linear
algebra functions (blas_lapack_ops, reduction_ops' norm, other_ops' cross/vander).

Checks raise torch's messages; decompositions go through core.native.linalg.
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Sequence
from typing import Any

import core
from core import native as ops
from frontends.torch._dtype import HALF_FLOATS
from frontends.torch._ops_support import (
    complex_dtype,
    core_dtype,
    dtype_of,
    matmul_native,
    ndim_of,
    normalize_dim,
    normalize_dims,
    real_dtype,
    scalar,
    torch_name,
)

_INF = float("inf")


class LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError: a RuntimeError, as torch's."""


# ---------------------------------------------------------------------------------------
# checks and small helpers
# ---------------------------------------------------------------------------------------
def check_floating(name: str, x: Any) -> None:
    if dtype_of(x).kind not in "fc":
        raise RuntimeError(
            f"{name}: Expected a floating point or complex tensor as input. Got "
            f"{torch_name(dtype_of(x))}"
        )


def check_matrix(name: str, x: Any, square: bool = True, arg: str = "A") -> None:
    if ndim_of(x) < 2:
        raise RuntimeError(f"{name}: The input tensor {arg} must have at least 2 dimensions.")
    if square and x.shape[-1] != x.shape[-2]:
        raise RuntimeError(
            f"{name}: {arg} must be batches of square matrices, but they are "
            f"{x.shape[-2]} by {x.shape[-1]} matrices"
        )


def mH(x: Any) -> Any:
    """The conjugate transpose of a batch of matrices."""
    transposed = ops.matrix_transpose(x)
    return ops.conj(transposed) if dtype_of(x).kind == "c" else transposed


def _eye_like(x: Any) -> Any:
    n = x.shape[-1]
    return ops.broadcast_to(ops.eye(n, dtype=dtype_of(x)), tuple(x.shape))


def _batch_shape(*shapes: Sequence[int]) -> tuple[int, ...]:
    probes = [ops.zeros(tuple(shape), dtype=core.bool) for shape in shapes]
    return tuple(ops.broadcast_arrays(*probes)[0].shape)


# ---------------------------------------------------------------------------------------
# natives shared with torch.* (blas_lapack_ops, reduction_ops)
# ---------------------------------------------------------------------------------------
def det_native(x: Any, name: str = "linalg.det") -> Any:
    check_floating(name, x)
    check_matrix(name, x)
    if x.shape[-1] == 0:
        return ops.ones(tuple(x.shape[:-2]), dtype=dtype_of(x))
    return ops.linalg.det(x)


def slogdet_native(x: Any, name: str = "linalg.slogdet") -> tuple[Any, Any]:
    check_floating(name, x)
    check_matrix(name, x)
    if x.shape[-1] == 0:
        batch = tuple(x.shape[:-2])
        return ops.ones(batch, dtype=dtype_of(x)), ops.zeros(batch, dtype=real_dtype(dtype_of(x)))
    sign, logabsdet = ops.linalg.slogdet(x)
    return ops.astype(sign, dtype_of(x)), ops.astype(logabsdet, real_dtype(dtype_of(x)))


def _check_not_low(name: str, x: Any) -> None:
    if dtype_of(x) in HALF_FLOATS:
        raise RuntimeError(
            f"{name}: Low precision dtypes not supported. Got {torch_name(dtype_of(x))}"
        )


def inv_native(x: Any) -> Any:
    check_floating("linalg.inv", x)
    _check_not_low("linalg.inv", x)
    check_matrix("linalg.inv", x)
    if x.shape[-1] == 0:
        return x
    return ops.linalg.inv(x)


def _hermitian_from(x: Any, lower: bool) -> Any:
    """The Hermitian matrix LAPACK reads from one triangle of ``x`` (a complex diagonal
    counts by its real part)."""
    if lower:
        hermitian = ops.add(ops.tril(x), mH(ops.tril(x, k=-1)))
    else:
        hermitian = ops.add(ops.triu(x), mH(ops.triu(x, k=1)))
    if dtype_of(x).kind == "c":
        diagonal_mask = ops.eye(x.shape[-1], dtype=core.bool)
        hermitian = ops.where(
            diagonal_mask, ops.astype(ops.real(hermitian), dtype_of(x)), hermitian
        )
    return hermitian


def cholesky_native(x: Any, upper: bool, name: str = "linalg.cholesky") -> Any:
    check_floating(name, x)
    check_matrix(name, x)
    # LAPACK reads the lower (or, for ``upper``, the upper) triangle only
    try:
        lower = ops.linalg.cholesky(_hermitian_from(x, not upper))
    except Exception as error:  # each backend has its own error type
        raise LinAlgError(
            f"{name}: The factorization could not be completed because the input is not "
            "positive-definite."
        ) from error
    if not bool(ops.all(ops.isfinite(lower))) and bool(ops.all(ops.isfinite(x))):
        raise LinAlgError(
            f"{name}: The factorization could not be completed because the input is not "
            "positive-definite."
        )
    return mH(lower) if upper else lower


def solve_native(a: Any, b: Any, left: bool = True, name: str = "linalg.solve") -> Any:
    """Solves ``A X = B`` (``X A = B`` when not ``left``) with torch's vector rule: ``B``
    is a (batch of) vector(s) when 1-D or when it has one dimension less than ``A`` and
    matches its batch shape."""
    check_floating(name, a)
    check_matrix(name, a)
    if dtype_of(a) != dtype_of(b):
        raise RuntimeError(
            f"{name}: Expected A and B to have the same dtype, but found A of type "
            f"{torch_name(dtype_of(a))} and B of type {torch_name(dtype_of(b))} instead"
        )
    vector = ndim_of(b) == 1 or (
        ndim_of(b) == ndim_of(a) - 1 and tuple(b.shape) == tuple(a.shape[:-1])
    )
    if vector:
        b = ops.expand_dims(b, axis=-1)
    if not left:
        a, b = ops.matrix_transpose(a), ops.matrix_transpose(b)
    batch = _batch_shape(a.shape[:-2], b.shape[:-2])
    a = ops.broadcast_to(a, (*batch, *a.shape[-2:]))
    b = ops.broadcast_to(b, (*batch, *b.shape[-2:]))
    if a.shape[-1] != b.shape[-2]:
        raise RuntimeError(
            f"{name}: Incompatible shapes of A and B for the equation "
            f"{'AX = B' if left else 'XA = B'} ({a.shape[-2]}x{a.shape[-1]} and "
            f"{b.shape[-2]}x{b.shape[-1]})"
        )
    result = ops.linalg.solve(a, b) if a.shape[-1] else ops.zeros(b.shape, dtype=dtype_of(b))
    if not left:
        result = ops.matrix_transpose(result)
    return ops.squeeze(result, axis=-1) if vector else result


def _check_finite(name: str, x: Any) -> None:
    if not bool(ops.all(ops.isfinite(x))):
        raise LinAlgError(
            f"{name}: The algorithm failed to converge because the input matrix contained "
            "non-finite values."
        )


def svd_native(x: Any, full_matrices: bool) -> tuple[Any, Any, Any]:
    check_floating("linalg.svd", x)
    check_matrix("linalg.svd", x, square=False)
    _check_finite("linalg.svd", x)
    u, s, vh = ops.linalg.svd(x, full_matrices=full_matrices)
    return u, ops.astype(s, real_dtype(dtype_of(x))), vh


def svdvals_native(x: Any) -> Any:
    check_floating("linalg.svd", x)
    check_matrix("linalg.svd", x, square=False)
    _check_finite("linalg.svd", x)
    return ops.astype(ops.linalg.svdvals(x), real_dtype(dtype_of(x)))


def qr_native(x: Any, mode: str) -> tuple[Any, Any]:
    check_floating("linalg.qr", x)
    check_matrix("linalg.qr", x, square=False)
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(
            f"qr received unrecognized mode '{mode}' but expected one of 'reduced' "
            "(default), 'r', or 'complete'"
        )
    q, r = ops.linalg.qr(x, mode="complete" if mode == "complete" else "reduced")
    if mode == "r":
        return ops.zeros((0,), dtype=dtype_of(x)), r
    return q, r


def threshold(s_max: Any, atol: Any, rtol: Any, shape: tuple[int, ...], dtype: core.Dtype) -> Any:
    """torch's cut-off ``max(atol, rtol * s_max)``; rtol defaults to eps * max(m, n)
    when atol is not given, and to 0 otherwise."""
    real = real_dtype(dtype)
    if rtol is None:
        rtol = (
            0.0 if atol is not None and not _is_zero(atol) else eps(real) * builtins.max(shape[-2:])
        )
    rtol_value = (
        rtol if not isinstance(rtol, (builtins.int, builtins.float)) else scalar(rtol, real)
    )
    atol_value = (
        scalar(0.0, real)
        if atol is None
        else (atol if not isinstance(atol, (builtins.int, builtins.float)) else scalar(atol, real))
    )
    return ops.maximum(
        ops.astype(atol_value, real), ops.multiply(ops.astype(rtol_value, real), s_max)
    )


def _is_zero(value: Any) -> bool:
    return isinstance(value, (builtins.int, builtins.float)) and value == 0


def eps(dtype: core.Dtype) -> float:
    return {core.float32: 1.1920928955078125e-07, core.float64: 2.220446049250313e-16}.get(
        dtype, 1.1920928955078125e-07
    )


def pinv_native(x: Any, atol: Any, rtol: Any, hermitian: bool) -> Any:
    check_floating("linalg.pinv", x)
    check_matrix("linalg.pinv", x, square=hermitian)
    dtype = dtype_of(x)
    real = real_dtype(dtype)
    if 0 in tuple(x.shape[-2:]):
        return ops.zeros((*x.shape[:-2], x.shape[-1], x.shape[-2]), dtype=dtype)
    if hermitian:
        w, q = eigh_native(x, "L")
        magnitude = ops.abs(w)
        cut = threshold(
            ops.max(magnitude, axis=-1, keepdims=True), atol, rtol, tuple(x.shape), dtype
        )
        keep = ops.greater(magnitude, cut)
        inverse = ops.where(
            keep, ops.divide(scalar(1, real), ops.where(keep, w, scalar(1, real))), scalar(0, real)
        )
        scaled = ops.multiply(q, ops.astype(ops.expand_dims(inverse, axis=-2), dtype))
        return ops.matmul(scaled, mH(q))
    u, s, vh = ops.linalg.svd(x, full_matrices=False)
    s = ops.astype(s, real)
    cut = threshold(ops.max(s, axis=-1, keepdims=True), atol, rtol, tuple(x.shape), dtype)
    keep = ops.greater(s, cut)
    inverse = ops.where(
        keep, ops.divide(scalar(1, real), ops.where(keep, s, scalar(1, real))), scalar(0, real)
    )
    scaled = ops.multiply(mH(vh), ops.astype(ops.expand_dims(inverse, axis=-2), dtype))
    return ops.matmul(scaled, mH(u))


def eigh_native(x: Any, uplo: str) -> tuple[Any, Any]:
    check_matrix("linalg.eigh", x)
    if uplo not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {uplo}")
    if uplo == "L":
        hermitian = ops.add(ops.tril(x), mH(ops.tril(x, k=-1)))
    else:
        hermitian = ops.add(ops.triu(x), mH(ops.triu(x, k=1)))
    if dtype_of(x).kind == "c":
        # the diagonal of a Hermitian matrix is real: drop what the input had there
        diagonal_mask = ops.astype(ops.eye(x.shape[-1], dtype=core.bool), core.bool)
        hermitian = ops.where(
            diagonal_mask, ops.astype(ops.real(hermitian), dtype_of(x)), hermitian
        )
    w, v = ops.linalg.eigh(hermitian)
    return ops.astype(w, real_dtype(dtype_of(x))), v


def matrix_power_native(x: Any, n: int) -> Any:
    if ndim_of(x) < 2 or x.shape[-1] != x.shape[-2]:
        raise RuntimeError(
            "linalg.matrix_power: A must be batches of square matrices, but they are "
            f"{x.shape[-2] if ndim_of(x) >= 2 else 1} by {x.shape[-1] if ndim_of(x) else 1} matrices"
        )
    n = int(n)
    dtype = dtype_of(x)
    if dtype in (core.uint16, core.uint32, core.uint64) and n == 0:
        raise NotImplementedError(f"\"eye\" not implemented for '{torch_name(dtype)}'")
    if dtype in (core.bool, core.uint16, core.uint32, core.uint64) and n not in (0, 1):
        raise NotImplementedError(f"\"addmm_impl_cpu_\" not implemented for '{torch_name(dtype)}'")
    if n == 0:
        return _eye_like(x)
    if n < 0:
        x = inv_native(x)
        n = -n
    result = None
    base = x
    while n:
        if n & 1:
            result = base if result is None else matmul_native(result, base)
        n >>= 1
        if n:
            base = matmul_native(base, base)
    return result


def matrix_exp_native(x: Any) -> Any:
    """exp(A) by scaling and squaring of a degree-18 Taylor sum, computed in double
    precision and rounded to the input's dtype."""
    check_floating("linalg.matrix_exp", x)
    check_matrix("linalg.matrix_exp", x)
    dtype = dtype_of(x)
    wider = {
        core.float16: core.float64,
        core.bfloat16: core.float64,
        core.float32: core.float64,
        core.complex64: core.complex128,
    }
    work = ops.astype(x, wider[dtype]) if dtype in wider else x
    if 0 in tuple(x.shape):
        return x
    norm_one = float(ops.max(ops.sum(ops.abs(work), axis=-2)))
    if not math.isfinite(norm_one):
        return ops.astype(ops.full(x.shape, float("nan"), dtype=dtype_of(work)), dtype)
    squarings = builtins.max(0, math.ceil(math.log2(norm_one)) + 1) if norm_one > 0 else 0
    scaled = ops.divide(work, scalar(2.0**squarings, dtype_of(work)))
    identity = _eye_like(scaled)
    result = identity
    term = identity
    for k in range(1, 19):
        term = ops.divide(ops.matmul(term, scaled), scalar(float(k), dtype_of(work)))
        result = ops.add(result, term)
    for _ in range(squarings):
        result = ops.matmul(result, result)
    return ops.astype(result, dtype)


def multi_dot_native(tensors: Sequence[Any], name: str = "multi_dot") -> Any:
    if len(tensors) < 2:
        raise RuntimeError(f"{name}(): expected at least 2 tensors but got {len(tensors)}")
    first, last = tensors[0], tensors[-1]
    for index, x in enumerate(tensors):
        if dtype_of(x) != dtype_of(first):
            raise RuntimeError(
                f"{name}(): all tensors must have be the same dtype but tensor 0 is "
                f"{_lower_name(dtype_of(first))} and tensor {index} {_lower_name(dtype_of(x))}"
            )
        if 0 < index < len(tensors) - 1 and ndim_of(x) != 2:
            raise RuntimeError(f"{name}(): tensor {index} must be 2D but got {ndim_of(x)}D")
    if ndim_of(first) not in (1, 2) or ndim_of(last) not in (1, 2):
        raise RuntimeError(
            f"{name}(): the first and last tensors must be 1D or 2D but got "
            f"{ndim_of(first)}D and {ndim_of(last)}D"
        )
    result = tensors[0]
    for x in tensors[1:]:
        result = matmul_native(result, x)
    return result


def _lower_name(dtype: core.Dtype) -> str:
    return {"float32": "float", "float64": "double", "int64": "long", "int32": "int"}.get(
        str(dtype), str(dtype)
    )


def vector_norm_native(
    x: Any, ord: Any = 2, dim: Any = None, keepdim: bool = False, dtype: Any = None
) -> Any:
    """torch.linalg.vector_norm on natives (f16/bf16 accumulate in float32)."""
    check_floating("linalg.vector_norm", x)
    if isinstance(ord, str):
        raise RuntimeError(f"linalg.vector_norm: ord must be a number, got {ord}")
    if dtype is not None:
        target = core_dtype(dtype)
        if dtype_of(x).kind == "c" and target.kind != "c":
            raise RuntimeError("linalg.vector_norm: dtype should be complex for complex input")
        x = ops.astype(x, target)
    result_dtype = real_dtype(dtype_of(x))
    ord = float(ord)
    axes = normalize_dims(dim, ndim_of(x))
    if ndim_of(x) == 0:
        x = ops.reshape(x, (1,))
        axes, keepdim = None, False
    magnitude = ops.abs(x)
    if result_dtype in HALF_FLOATS:
        magnitude = ops.astype(magnitude, core.float32)
    work = dtype_of(magnitude)
    empty = 0 in (tuple(x.shape) if axes is None else tuple(x.shape[a] for a in axes))
    if math.isinf(ord):
        if empty:
            raise RuntimeError(
                f"linalg.vector_norm cannot compute the {ord} norm on an empty tensor "
                "because the operation does not have an identity"
            )
        fn = ops.max if ord > 0 else ops.min
        value = fn(magnitude, axis=axes, keepdims=keepdim)
        nan = ops.any(ops.isnan(magnitude), axis=axes, keepdims=keepdim)
        value = ops.where(nan, scalar(float("nan"), work), value)
    elif ord == 0:
        value = ops.sum(
            ops.astype(ops.not_equal(magnitude, scalar(0, work)), work), axis=axes, keepdims=keepdim
        )
    elif ord == 1:
        value = ops.sum(magnitude, axis=axes, keepdims=keepdim)
    elif ord == 2:
        value = ops.sqrt(ops.sum(ops.multiply(magnitude, magnitude), axis=axes, keepdims=keepdim))
    else:
        powered = ops.pow(magnitude, scalar(ord, work))
        value = ops.pow(ops.sum(powered, axis=axes, keepdims=keepdim), scalar(1.0 / ord, work))
    return ops.astype(value, result_dtype)


def _to_end(x: Any, dims: tuple[int, int]) -> Any:
    others = [d for d in range(ndim_of(x)) if d not in dims]
    return ops.permute_dims(x, (*others, *dims))


def _restore(value: Any, dims: tuple[int, int], keepdim: bool) -> Any:
    if not keepdim:
        return value
    for d in sorted(dims):
        value = ops.expand_dims(value, axis=d)
    return value


def matrix_norm_native(
    x: Any, ord: Any = "fro", dim: Any = (-2, -1), keepdim: bool = False, dtype: Any = None
) -> Any:
    """torch.linalg.matrix_norm on natives."""
    check_floating("linalg.matrix_norm", x)
    if ndim_of(x) < 2:
        raise RuntimeError(
            "linalg.matrix_norm: The input tensor A must have at least 2 dimensions."
        )
    dims = normalize_dims(dim, ndim_of(x))
    if dims is None or len(dims) != 2:
        raise RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got " + str(list(dim)))
    if dims[0] == dims[1]:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({dim[0]}, {dim[1]})")
    if dtype is not None:
        x = ops.astype(x, core_dtype(dtype))
    if ord == "fro":
        return vector_norm_native(x, 2, dims, keepdim)
    spectral = ord == "nuc" or (not isinstance(ord, str) and abs(ord) == 2)
    if (isinstance(ord, str) and ord != "nuc") or (
        not isinstance(ord, str) and abs(ord) not in (1, 2, _INF)
    ):
        raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    if spectral:
        if dtype_of(x) in HALF_FLOATS:
            raise RuntimeError(
                f"linalg.matrix_norm: Low precision dtypes not supported. Got {torch_name(dtype_of(x))}"
            )
        values = svdvals_native(_to_end(x, dims))
        if ord == "nuc":
            result = ops.sum(values, axis=-1)
        else:
            result = (ops.max if ord > 0 else ops.min)(values, axis=-1)
        return _restore(result, dims, keepdim)
    magnitude = ops.abs(x)
    if dtype_of(magnitude) in HALF_FLOATS:
        magnitude = ops.astype(magnitude, core.float32)
    # ord ±1: max/min column sum (sum over dim[0]); ord ±inf: row sums (over dim[1])
    summed_dim, reduced_dim = (dims[0], dims[1]) if abs(ord) == 1 else (dims[1], dims[0])
    sums = ops.sum(magnitude, axis=summed_dim, keepdims=True)
    result = (ops.max if ord > 0 else ops.min)(sums, axis=reduced_dim, keepdims=True)
    if not keepdim:
        result = ops.squeeze(result, axis=dims)
    return ops.astype(result, real_dtype(dtype_of(x)))


def cross_native(input: Any, other: Any, dim: int, name: str) -> Any:
    if dtype_of(input) != dtype_of(other):
        raise RuntimeError(
            f"expected scalar type {torch_name(dtype_of(input))} but found "
            f"{torch_name(dtype_of(other))}"
        )
    if ndim_of(input) != ndim_of(other):
        raise RuntimeError(f"{name}: inputs must have the same number of dimensions.")
    axis = normalize_dim(dim, ndim_of(input))
    if input.shape[axis] != 3 or other.shape[axis] != 3:
        raise RuntimeError(
            f"{name}: inputs dimension {dim} must have length 3. Got "
            f"{input.shape[axis]} and {other.shape[axis]}"
        )
    a, b = ops.broadcast_arrays(input, other)

    def part(x: Any, order: tuple[int, int, int]) -> Any:
        return ops.take(x, ops.asarray(list(order), dtype=core.int64), axis=axis)

    return ops.subtract(
        ops.multiply(part(a, (1, 2, 0)), part(b, (2, 0, 1))),
        ops.multiply(part(a, (2, 0, 1)), part(b, (1, 2, 0))),
    )


def powers_native(x: Any, n: int) -> Any:
    """``stack([x**0, ..., x**(n-1)], -1)`` by cumulative products (integers as int64)."""
    target = core.int64 if dtype_of(x).kind in "biu" else dtype_of(x)
    base = ops.astype(x, target)
    ones = ops.ones((*x.shape, 1), dtype=target)
    if n == 1:
        return ones
    repeated = ops.broadcast_to(ops.expand_dims(base, axis=-1), (*x.shape, n - 1))
    return ops.concat([ones, ops.cumulative_prod(repeated, axis=-1)], axis=-1)


def lu_native(x: Any) -> tuple[Any, Any, Any]:
    """LU with partial pivoting (LAPACK's getrf): the packed LU, 1-based int32 pivots and
    the permutation of rows applied (0-based)."""
    m, n = x.shape[-2], x.shape[-1]
    batch = tuple(x.shape[:-2])
    dtype = dtype_of(x)
    lu_value = x
    pivots = []
    rows = ops.broadcast_to(ops.arange(m, dtype=core.int64), (*batch, m))
    for k in range(builtins.min(m, n)):
        column = ops.take(lu_value, ops.asarray([k], dtype=core.int64), axis=-1)  # (..., m, 1)
        # LAPACK's pivot: the largest |re| + |im| (izamax), the first on ties
        column = (
            ops.add(ops.abs(ops.real(column)), ops.abs(ops.imag(column)))
            if dtype.kind == "c"
            else ops.abs(column)
        )
        below = ops.where(
            ops.reshape(ops.less(ops.arange(m, dtype=core.int64), scalar(k, core.int64)), (m, 1)),
            scalar(-1, real_dtype(dtype)),
            ops.astype(column, real_dtype(dtype)),
        )
        pivot = ops.argmax(below, axis=-2, keepdims=True)  # (..., 1, 1)
        pivots.append(ops.reshape(pivot, batch))
        # swap rows k and pivot
        positions = ops.arange(m, dtype=core.int64)
        pivot_row = ops.reshape(pivot, (*batch, 1))
        order = ops.where(
            ops.equal(positions, scalar(k, core.int64)),
            pivot_row,
            ops.where(ops.equal(positions, pivot_row), scalar(k, core.int64), positions),
        )  # (..., m)
        lu_value = ops.take_along_axis(
            lu_value, ops.broadcast_to(ops.expand_dims(order, axis=-1), (*batch, m, n)), axis=-2
        )
        rows = ops.take_along_axis(rows, order, axis=-1)
        head = ops.take(lu_value, ops.asarray([k], dtype=core.int64), axis=-2)  # (..., 1, n)
        diag = ops.take(head, ops.asarray([k], dtype=core.int64), axis=-1)  # (..., 1, 1)
        col = ops.take(lu_value, ops.asarray([k], dtype=core.int64), axis=-1)  # (..., m, 1)
        safe = ops.where(ops.equal(diag, scalar(0, dtype)), scalar(1, dtype), diag)
        factors = ops.divide(col, safe)
        lower = ops.reshape(
            ops.greater(ops.arange(m, dtype=core.int64), scalar(k, core.int64)), (m, 1)
        )
        factors = ops.where(lower, factors, scalar(0, dtype))  # only rows below k
        right = ops.reshape(
            ops.greater(ops.arange(n, dtype=core.int64), scalar(k, core.int64)), (1, n)
        )
        update = ops.multiply(factors, ops.where(right, head, scalar(0, dtype)))
        lu_value = ops.subtract(lu_value, update)
        at_k = ops.reshape(
            ops.equal(ops.arange(n, dtype=core.int64), scalar(k, core.int64)), (1, n)
        )
        lu_value = ops.where(ops.logical_and(lower, at_k), factors, lu_value)
    if pivots:
        pivot_array = ops.add(ops.stack(pivots, axis=-1), scalar(1, core.int64))
    else:
        pivot_array = ops.zeros((*batch, 0), dtype=core.int64)
    return lu_value, ops.astype(pivot_array, core.int32), rows


def eig_native(x: Any) -> tuple[Any, Any]:
    check_matrix("linalg.eig", x)
    values, vectors = ops.linalg.eig(x)
    target = complex_dtype(real_dtype(dtype_of(x)))
    return ops.astype(values, target), ops.astype(vectors, target)


def lu_triangles(lu_value: Any) -> tuple[Any, Any]:
    """``(L, U)`` of a packed LU: L (m, k) unit lower triangular, U (k, n) upper."""
    m, n = lu_value.shape[-2], lu_value.shape[-1]
    k = builtins.min(m, n)
    dtype = dtype_of(lu_value)
    lower = ops.add(ops.tril(lu_value, k=-1), ops.eye(m, n, dtype=dtype))
    lower = ops.take(lower, ops.arange(k, dtype=core.int64), axis=-1)
    upper = ops.take(ops.triu(lu_value), ops.arange(k, dtype=core.int64), axis=-2)
    return lower, upper


def permutation_from_rows(rows: Any, m: int, dtype: core.Dtype) -> Any:
    """P with ``P[rows[i], i] = 1`` (``A = P @ L @ U`` when row i of ``L @ U`` is row
    ``rows[i]`` of A)."""
    identity = ops.eye(m, dtype=dtype)
    if ndim_of(rows) == 1:
        p_transposed = ops.take(identity, rows, axis=0)
    else:
        p_transposed = ops.take_along_axis(
            ops.broadcast_to(identity, (*rows.shape, m)),
            ops.broadcast_to(ops.expand_dims(rows, axis=-1), (*rows.shape, m)),
            axis=-2,
        )
    return ops.matrix_transpose(p_transposed)


def rows_from_pivots(pivots: Any, m: int) -> Any:
    """The row order LAPACK's 1-based pivots (row k swapped with row pivots[k]) give."""
    batch = tuple(pivots.shape[:-1])
    positions = ops.arange(m, dtype=core.int64)
    rows = ops.broadcast_to(positions, (*batch, m))
    swaps = ops.subtract(ops.astype(pivots, core.int64), scalar(1, core.int64))
    for k in range(pivots.shape[-1]):
        target = ops.take(swaps, ops.asarray([k], dtype=core.int64), axis=-1)  # (..., 1)
        at_k = ops.take(rows, ops.asarray([k], dtype=core.int64), axis=-1)
        at_target = ops.take_along_axis(rows, target, axis=-1)
        rows = ops.where(
            ops.equal(positions, scalar(k, core.int64)),
            at_target,
            ops.where(ops.equal(positions, target), at_k, rows),
        )
    return rows


# ---------------------------------------------------------------------------------------
# LDL^T / LDL^H with Bunch-Kaufman pivoting (LAPACK's sytf2/hetf2 and sytrs/hetrs, lower)
#
# One column per step; every batch element makes its own pivot choices, selected with
# masks. The column index k is a 0-d int64 array, so a step compiles once per shape with
# core.compile (one XLA program on jax, one graph on tensorflow) and serves every column.
# ---------------------------------------------------------------------------------------
_BUNCH_KAUFMAN_ALPHA = (1.0 + math.sqrt(17.0)) / 8.0


def _at(k: Any) -> Any:
    """A 0-d index array as the 1-element index ``take`` wants."""
    return ops.reshape(k, (1,))


def _plus(k: Any, step: int) -> Any:
    return ops.add(k, scalar(step, core.int64))


def _pick(x: Any, row: Any, column: Any) -> Any:
    """``x[..., row, column]`` kept as (..., 1, 1)."""
    return ops.take(ops.take(x, _at(row), axis=-2), _at(column), axis=-1)


def _cabs(x: Any) -> Any:
    """LAPACK's |re| + |im| (the magnitude its pivot searches compare); |x| for reals."""
    if dtype_of(x).kind == "c":
        return ops.add(ops.abs(ops.real(x)), ops.abs(ops.imag(x)))
    return ops.abs(x)


def _conj(x: Any) -> Any:
    return ops.conj(x) if dtype_of(x).kind == "c" else x


def _swap_order(n: int, first: Any, second: Any) -> Any:
    """Per batch element, the index order (..., n) that exchanges ``first`` and ``second``
    (int64, broadcastable to (..., 1))."""
    positions = ops.arange(n, dtype=core.int64)
    return ops.where(
        ops.equal(positions, first),
        second,
        ops.where(ops.equal(positions, second), first, positions),
    )


def _swap_rows(x: Any, order: Any) -> Any:
    """``x`` (..., n, m) with its rows taken in ``order`` (..., n)."""
    index = ops.broadcast_to(ops.expand_dims(order, axis=-1), tuple(x.shape))
    return ops.take_along_axis(x, index, axis=-2)


def _mirror_lower(x: Any, hermitian: bool) -> Any:
    """The symmetric (Hermitian) matrix whose lower triangle is that of ``x``."""
    lower = ops.tril(x, k=-1)
    mirrored = ops.matrix_transpose(lower)
    if hermitian:
        mirrored = ops.conj(mirrored)
    diagonal = ops.subtract(ops.tril(x), lower)
    if hermitian:
        diagonal = ops.astype(ops.real(diagonal), dtype_of(x))
    return ops.add(ops.add(lower, diagonal), mirrored)


def _nonzero(x: Any) -> Any:
    """x with zeros replaced by ones: a branch that is computed but not chosen (a 2x2 block
    at the last column) stays finite, without warnings."""
    dtype = dtype_of(x)
    return ops.where(ops.equal(x, scalar(0, dtype)), scalar(1, dtype), x)


def _ldl_step_one(work: Any, k: Any, hermitian: bool, rows: Any) -> tuple[Any, Any]:
    """A 1x1 pivot at column k: L's column k (D's entry on the diagonal) and the updated
    trailing matrix (dsyr/zher: ``A_ij += x_i (-d x_j)``, the lower triangle mirrored)."""
    dtype = dtype_of(work)
    akk = _pick(work, k, k)
    column = ops.take(work, _at(k), axis=-1)  # (..., n, 1)
    x = ops.where(ops.greater(rows, k), column, scalar(0, dtype))
    akk = ops.where(ops.equal(akk, scalar(0, dtype)), scalar(1, dtype), akk)  # not chosen then
    if hermitian:
        d11 = ops.astype(ops.reciprocal(ops.real(akk)), dtype)
    else:
        d11 = ops.reciprocal(akk)
    x_row = ops.matrix_transpose(x)
    temp = ops.multiply(ops.negative(d11), _conj(x_row) if hermitian else x_row)
    work = _mirror_lower(ops.add(work, ops.multiply(x, temp)), hermitian)
    l_column = ops.where(ops.greater(rows, k), ops.multiply(column, d11), column)
    return l_column, work


def _ldl_step_two(work: Any, k: Any, hermitian: bool, rows: Any) -> tuple[Any, Any]:
    """A 2x2 pivot at columns k, k + 1: L's two columns (D's block in rows k, k + 1) as
    (..., n, 2) and the updated trailing matrix (sytf2's/hetf2's 2x2 update)."""
    n = work.shape[-1]
    dtype = dtype_of(work)
    k1 = ops.minimum(_plus(k, 1), scalar(n - 1, core.int64))  # never chosen at the last column
    a_k = ops.take(work, _at(k), axis=-1)  # (..., n, 1)
    a_k1 = ops.take(work, _at(k1), axis=-1)
    akk, a1k, a11 = _pick(work, k, k), _pick(work, k1, k), _pick(work, k1, k1)
    a1k = ops.where(ops.equal(a1k, scalar(0, dtype)), scalar(1, dtype), a1k)  # not chosen then
    if hermitian:
        d = ops.abs(a1k)
        d11 = ops.divide(ops.real(a11), d)
        d22 = ops.divide(ops.real(akk), d)
        tt = ops.reciprocal(_nonzero(ops.subtract(ops.multiply(d11, d22), scalar(1, dtype_of(d)))))
        d21 = ops.divide(a1k, ops.astype(d, dtype))
        scale = ops.astype(ops.divide(tt, d), dtype)
        d11, d22 = ops.astype(d11, dtype), ops.astype(d22, dtype)
        wk = ops.multiply(scale, ops.subtract(ops.multiply(d11, a_k), ops.multiply(d21, a_k1)))
        wkp1 = ops.multiply(
            scale, ops.subtract(ops.multiply(d22, a_k1), ops.multiply(ops.conj(d21), a_k))
        )
    else:
        d11 = ops.divide(a11, a1k)
        d22 = ops.divide(akk, a1k)
        t = ops.reciprocal(_nonzero(ops.subtract(ops.multiply(d11, d22), scalar(1, dtype))))
        scale = ops.divide(t, a1k)
        wk = ops.multiply(scale, ops.subtract(ops.multiply(d11, a_k), a_k1))
        wkp1 = ops.multiply(scale, ops.subtract(ops.multiply(d22, a_k1), a_k))
    trailing = ops.greater(rows, k1)  # (n, 1)
    wk = ops.where(trailing, wk, scalar(0, dtype))
    wkp1 = ops.where(trailing, wkp1, scalar(0, dtype))
    wk_row, wkp1_row = ops.matrix_transpose(wk), ops.matrix_transpose(wkp1)
    first = ops.multiply(a_k, _conj(wk_row) if hermitian else wk_row)
    second = ops.multiply(a_k1, _conj(wkp1_row) if hermitian else wkp1_row)
    work = _mirror_lower(ops.subtract(ops.subtract(work, first), second), hermitian)
    l_k = ops.where(trailing, wk, a_k)
    l_k1 = ops.where(trailing, wkp1, a_k1)
    return ops.concat([l_k, l_k1], axis=-1), work


def _ldl_factor_column(
    work: Any, factor: Any, pivots: Any, info: Any, skip: Any, k: Any, hermitian: bool
) -> tuple[Any, Any, Any, Any, Any]:
    """sytf2's step at column k (a 0-d int64), for every batch element that does not skip
    it (the second column of a 2x2 block): pivot choice, exchange, update."""
    n = work.shape[-1]
    batch = tuple(work.shape[:-2])
    dtype = dtype_of(work)
    real = real_dtype(dtype)
    alpha = scalar(_BUNCH_KAUFMAN_ALPHA, real)
    zero_r, one_r = scalar(0, real), scalar(1, real)
    rows = ops.reshape(ops.arange(n, dtype=core.int64), (n, 1))
    columns = ops.reshape(ops.arange(n, dtype=core.int64), (1, n))

    def magnitude(value: Any) -> Any:  # of a diagonal entry
        return ops.abs(ops.real(value)) if hermitian else _cabs(value)

    absakk = magnitude(_pick(work, k, k))
    column = ops.take(work, _at(k), axis=-1)  # (..., n, 1)
    below = ops.where(ops.greater(rows, k), _cabs(column), scalar(-1, real))
    imax = ops.argmax(below, axis=-2, keepdims=True)  # (..., 1, 1), the first on ties
    colmax = ops.maximum(ops.max(below, axis=-2, keepdims=True), zero_r)
    imax_row = ops.take_along_axis(work, ops.broadcast_to(imax, (*batch, 1, n)), axis=-2)
    others = ops.logical_and(ops.greater_equal(columns, k), ops.not_equal(columns, imax))
    rowmax = ops.max(ops.where(others, _cabs(imax_row), zero_r), axis=-1, keepdims=True)
    aimax = magnitude(ops.take_along_axis(imax_row, imax, axis=-1))
    degenerate = ops.logical_or(ops.equal(ops.maximum(absakk, colmax), zero_r), ops.isnan(absakk))
    safe_rowmax = ops.where(ops.equal(rowmax, zero_r), one_r, rowmax)
    bound = ops.multiply(alpha, colmax)
    keep = ops.logical_or(
        ops.greater_equal(absakk, bound),
        ops.greater_equal(absakk, ops.multiply(bound, ops.divide(colmax, safe_rowmax))),
    )
    keep = ops.logical_or(keep, degenerate)
    two = ops.logical_and(ops.logical_not(keep), ops.less(aimax, ops.multiply(alpha, rowmax)))
    kp = ops.where(keep, k, imax)
    active = ops.logical_not(skip)
    two = ops.logical_and(two, active)
    one = ops.logical_and(ops.logical_not(two), active)
    first_zero = ops.logical_and(ops.logical_and(active, degenerate), ops.equal(info, 0))
    info = ops.where(first_zero, _plus(k, 1), info)
    # exchange rows and columns kk (k, or k + 1 for a 2x2 block) and kp
    target = ops.where(two, _plus(k, 1), k)
    order = _swap_order(n, ops.reshape(target, (*batch, 1)), ops.reshape(kp, (*batch, 1)))
    order = ops.where(ops.reshape(active, (*batch, 1)), order, ops.arange(n, dtype=core.int64))
    swapped = _swap_rows(work, order)
    swapped = ops.matrix_transpose(_swap_rows(ops.matrix_transpose(swapped), order))
    one_column, one_work = _ldl_step_one(swapped, k, hermitian, rows)
    two_columns, two_work = _ldl_step_two(swapped, k, hermitian, rows)
    one_work = ops.where(degenerate, swapped, one_work)  # a zero or nan pivot: no update
    one_column = ops.where(degenerate, ops.take(swapped, _at(k), axis=-1), one_column)
    work = ops.where(one, one_work, ops.where(two, two_work, work))
    at_k = ops.equal(columns, k)
    at_k1 = ops.equal(columns, _plus(k, 1))
    new_one = ops.where(at_k, one_column, factor)
    first_index = ops.zeros((1,), dtype=core.int64)
    new_two = ops.where(at_k, ops.take(two_columns, first_index, axis=-1), factor)
    new_two = ops.where(at_k1, ops.take(two_columns, _plus(first_index, 1), axis=-1), new_two)
    factor = ops.where(one, new_one, ops.where(two, new_two, factor))
    pivot = ops.reshape(_plus(kp, 1), (*batch, 1))
    slots = ops.arange(n, dtype=core.int64)
    one_slot = ops.logical_and(ops.reshape(one, (*batch, 1)), ops.equal(slots, k))
    pivots = ops.where(one_slot, pivot, pivots)
    block = ops.logical_and(ops.greater_equal(slots, k), ops.less_equal(slots, _plus(k, 1)))
    two_slots = ops.logical_and(ops.reshape(two, (*batch, 1)), block)
    pivots = ops.where(two_slots, ops.negative(pivot), pivots)
    return work, factor, pivots, info, two


_ldl_factor_column_compiled = core.compile(_ldl_factor_column, static_argnames=("hermitian",))


def ldl_factor_native(x: Any, hermitian: bool) -> tuple[Any, Any, Any]:
    """The packed lower LD, LAPACK's 1-based int32 pivots (negative for the two columns of a
    2x2 block) and info (the first column whose pivot is zero or nan, 0 when none), as
    ``?sytrf`` (``?hetrf`` when hermitian and complex) gives them for the lower triangle of
    ``x``: its unblocked algorithm (sytf2), which sytrf's blocked one matches."""
    n = x.shape[-1]
    batch = tuple(x.shape[:-2])
    hermitian = hermitian and dtype_of(x).kind == "c"
    work = _mirror_lower(x, hermitian)  # the trailing Schur complement, both triangles
    factor = ops.zeros(tuple(x.shape), dtype=dtype_of(x))
    pivots = ops.zeros((*batch, n), dtype=core.int64)
    info = ops.zeros((*batch, 1, 1), dtype=core.int64)
    skip = ops.zeros((*batch, 1, 1), dtype=core.bool)  # the second column of a 2x2 block
    for k in range(n):
        work, factor, pivots, info, skip = _ldl_factor_column_compiled(
            work, factor, pivots, info, skip, scalar(k, core.int64), hermitian=hermitian
        )
    info = ops.astype(ops.reshape(info, batch), core.int32)
    return ops.tril(factor), ops.astype(pivots, core.int32), info


def _ldl_row(x: Any, k: Any) -> Any:
    return ops.take(x, _at(k), axis=-2)  # (..., 1, m)


def _ldl_column_below(factor: Any, k: Any, start: Any) -> Any:
    """L's column k on rows >= start, 0 elsewhere, as (..., n, 1)."""
    n = factor.shape[-1]
    rows = ops.reshape(ops.arange(n, dtype=core.int64), (n, 1))
    column = ops.take(factor, _at(k), axis=-1)
    return ops.where(ops.greater_equal(rows, start), column, scalar(0, dtype_of(factor)))


def _ldl_set_row(x: Any, k: Any, value: Any) -> Any:
    rows = ops.reshape(ops.arange(x.shape[-2], dtype=core.int64), (x.shape[-2], 1))
    return ops.where(ops.equal(rows, k), value, x)


def _ldl_exchange(x: Any, mask: Any, first: Any, pivot: Any) -> Any:
    """Rows ``first`` and ``|pivot| - 1`` of x exchanged where ``mask`` (..., 1, 1)."""
    n = x.shape[-2]
    batch = tuple(mask.shape[:-2])
    partner = ops.reshape(ops.subtract(ops.abs(pivot), scalar(1, core.int64)), (*batch, 1))
    order = _swap_order(n, first, partner)
    order = ops.where(ops.reshape(mask, (*batch, 1)), order, ops.arange(n, dtype=core.int64))
    return _swap_rows(x, order)


def _ldl_pivot(pivots: Any, k: Any) -> Any:
    """pivots[..., k] as (..., 1, 1)."""
    return ops.expand_dims(ops.take(pivots, _at(k), axis=-1), axis=-1)


def _ldl_solve_forward(
    x: Any, factor: Any, pivots: Any, previous: Any, k: Any, hermitian: bool
) -> tuple[Any, Any]:
    """sytrs's step k of ``L D Y = B``; also whether column k starts a 2x2 block."""
    n = factor.shape[-1]
    dtype = dtype_of(factor)
    pivot = _ldl_pivot(pivots, k)
    zero = scalar(0, core.int64)
    one = ops.greater(pivot, zero)
    two = ops.logical_and(ops.less(pivot, zero), ops.logical_not(previous))
    k1 = ops.minimum(_plus(k, 1), scalar(n - 1, core.int64))  # a block never starts at n - 1
    x = _ldl_exchange(x, one, k, pivot)
    x = _ldl_exchange(x, two, _plus(k, 1), pivot)
    # 1x1: eliminate below, then divide by D_kk
    x_k = _ldl_row(x, k)
    d = _pick(factor, k, k)
    if hermitian:
        d = ops.astype(ops.real(d), dtype)
    d = ops.where(ops.equal(d, scalar(0, dtype)), scalar(1, dtype), d)
    one_x = ops.subtract(x, ops.multiply(_ldl_column_below(factor, k, _plus(k, 1)), x_k))
    one_x = _ldl_set_row(one_x, k, ops.multiply(x_k, ops.reciprocal(d)))
    # 2x2: eliminate below the block, then solve with D's block
    x_k1 = _ldl_row(x, k1)
    two_x = ops.subtract(x, ops.multiply(_ldl_column_below(factor, k, _plus(k, 2)), x_k))
    two_x = ops.subtract(two_x, ops.multiply(_ldl_column_below(factor, k1, _plus(k, 2)), x_k1))
    akm1k = _pick(factor, k1, k)
    akm1k = ops.where(ops.equal(akm1k, scalar(0, dtype)), scalar(1, dtype), akm1k)
    upper = ops.conj(akm1k) if hermitian else akm1k
    akm1 = ops.divide(_pick(factor, k, k), upper)
    ak = ops.divide(_pick(factor, k1, k1), akm1k)
    denom = _nonzero(ops.subtract(ops.multiply(akm1, ak), scalar(1, dtype)))
    bkm1 = ops.divide(x_k, upper)
    bk = ops.divide(x_k1, akm1k)
    two_x = _ldl_set_row(two_x, k, ops.divide(ops.subtract(ops.multiply(ak, bkm1), bk), denom))
    two_x = _ldl_set_row(two_x, k1, ops.divide(ops.subtract(ops.multiply(akm1, bk), bkm1), denom))
    return ops.where(one, one_x, ops.where(two, two_x, x)), two


def _ldl_solve_backward(x: Any, factor: Any, pivots: Any, end: Any, k: Any, hermitian: bool) -> Any:
    """sytrs's step k of ``L^T X = Y`` (``L^H``): a 1x1 block at k, or the 2x2 block
    (k - 1, k) where ``end``."""
    dtype = dtype_of(factor)
    rows = ops.reshape(ops.arange(x.shape[-2], dtype=core.int64), (x.shape[-2], 1))
    pivot = _ldl_pivot(pivots, k)
    one = ops.greater(pivot, scalar(0, core.int64))
    below = ops.where(ops.greater(rows, k), x, scalar(0, dtype))
    column = _ldl_column_below(factor, k, _plus(k, 1))
    update_k = ops.sum(
        ops.multiply(_conj(column) if hermitian else column, below), axis=-2, keepdims=True
    )
    one_x = _ldl_set_row(x, k, ops.subtract(_ldl_row(x, k), update_k))
    previous_k = ops.maximum(_plus(k, -1), scalar(0, core.int64))  # no block ends at 0
    previous_column = _ldl_column_below(factor, previous_k, _plus(k, 1))
    if hermitian:
        previous_column = _conj(previous_column)
    update_previous = ops.sum(ops.multiply(previous_column, below), axis=-2, keepdims=True)
    two_x = _ldl_set_row(one_x, previous_k, ops.subtract(_ldl_row(x, previous_k), update_previous))
    x_next = ops.where(end, two_x, one_x)
    x_next = _ldl_exchange(x_next, ops.logical_or(one, end), k, pivot)
    return ops.where(ops.logical_or(one, end), x_next, x)


_ldl_solve_forward_compiled = core.compile(_ldl_solve_forward, static_argnames=("hermitian",))
_ldl_solve_backward_compiled = core.compile(_ldl_solve_backward, static_argnames=("hermitian",))


def ldl_solve_native(factor: Any, pivots: Any, b: Any, hermitian: bool) -> Any:
    """``A^-1 B`` from ``ldl_factor_native``'s LD and pivots, as LAPACK's sytrs (hetrs when
    hermitian and complex) solves it: ``L D`` forward, then ``L^T`` (``L^H``) backward, every
    batch element following its own 1x1 and 2x2 blocks."""
    n = factor.shape[-1]
    hermitian = hermitian and dtype_of(factor).kind == "c"
    batch = _batch_shape(factor.shape[:-2], pivots.shape[:-1], b.shape[:-2])
    factor = ops.broadcast_to(factor, (*batch, n, n))
    x = ops.broadcast_to(b, (*batch, *b.shape[-2:]))
    pivots = ops.astype(ops.broadcast_to(pivots, (*batch, n)), core.int64)
    starts = [ops.zeros((*batch, 1, 1), dtype=core.bool)]  # starts[k + 1]: a block at k
    for k in range(n):
        x, start = _ldl_solve_forward_compiled(
            x, factor, pivots, starts[-1], scalar(k, core.int64), hermitian=hermitian
        )
        starts.append(start)
    for k in range(n - 1, -1, -1):
        x = _ldl_solve_backward_compiled(
            x, factor, pivots, starts[k], scalar(k, core.int64), hermitian=hermitian
        )
    return x
