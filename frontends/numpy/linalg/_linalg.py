"""numpy.linalg on any core backend.

dtypes follow numpy's linalg: bool and integer input is computed in float64, float16 is
refused with numpy's TypeError, and, as numpy does (its LAPACK calls take double
precision), float32/complex64 input is computed in float64/complex128 and the results
rounded back, so they are numpy's values. Errors are numpy's own
``numpy.linalg.LinAlgError`` with numpy's messages ("Singular matrix", "Last 2 dimensions of
the array must be square", ...). Detecting a singular or non-positive-definite matrix needs
the values: backends that raise (numpy, torch, tensorflow) have their error translated; on
jax, which returns inf/nan instead, the result is checked on the host (one sync; skipped
while tracing). ``eig``/``eigvals`` return a real dtype when every eigenvalue is real, as
numpy does, which also reads values on the host (while tracing under jax they stay
complex). Eigenvectors, singular vectors and QR factors are unique only up to sign (phase)
and backends may pick other signs than LAPACK; ``qr(mode='raw')`` is computed with LAPACK's
own Householder convention and matches numpy's numbers.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy
from numpy.linalg import LinAlgError
from numpy.linalg._linalg import EighResult, EigResult, QRResult, SlogdetResult, SVDResult

import core
from core import native as ops
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native, to_host
from frontends.numpy._core.multiarray import ndarray
from frontends.numpy._frontend import ArrayLike, numpy_function, wrap, wrap_scalars
from frontends.numpy.products import (
    _dot_native,
    _dtype,
    _normalize_axis,
    _outer_native,
    _product,
    _promote,
    _shape,
    _tensordot_native,
    _trace_native,
)

__all__ = [
    "EigResult", "EighResult", "LinAlgError", "QRResult", "SVDResult", "SlogdetResult",
    "cholesky", "cond", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh",
    "inv", "lstsq", "matmul", "matrix_norm", "matrix_power", "matrix_rank",
    "matrix_transpose", "multi_dot", "norm", "outer", "pinv", "qr", "slogdet", "solve", "svd",
    "svdvals", "tensordot", "tensorinv", "tensorsolve", "trace", "vecdot", "vector_norm",
]  # fmt: skip

_DOUBLE = (core.float64, core.complex128)


# ---------------------------------------------------------------------------------------
# dtypes, shape checks, errors
# ---------------------------------------------------------------------------------------
def _common_type(*arrays: Any) -> core.Dtype:
    """numpy's ``_commonType``: the dtype linalg computes and returns in. bool and integers
    count as float64; float16 is refused; complex wins; float64 wins over float32."""
    is_complex = is_double = False
    for x in arrays:
        dtype = _dtype(x)
        if dtype.kind in "fc":
            if dtype == core.float16:
                raise TypeError("array type float16 is unsupported in linalg")
            is_complex |= dtype.kind == "c"
            is_double |= dtype in _DOUBLE
        else:
            is_double = True
    if is_complex:
        return core.complex128 if is_double else core.complex64
    return core.float64 if is_double else core.float32


def _real(dtype: core.Dtype) -> core.Dtype:
    return {core.complex64: core.float32, core.complex128: core.float64}.get(dtype, dtype)


def _compute_type(result_t: core.Dtype) -> core.Dtype:
    """numpy's linalg computes in double precision whatever the input (its LAPACK calls
    take ``d``/``D``) and casts the results to the input's precision."""
    return core.complex128 if result_t.kind == "c" else core.float64


def _as_float(x: Any) -> Any:
    """``x`` in the dtype numpy's linalg computes it in (float64 or complex128)."""
    dtype = _compute_type(_common_type(x))
    return x if _dtype(x) == dtype else ops.astype(x, dtype)


def _back(value: Any, result_t: core.Dtype) -> Any:
    """A double-precision result (or tuple of them) in the precision of ``result_t``,
    keeping each result's kind (real or complex)."""
    if isinstance(value, tuple):
        items = [_back(item, result_t) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    single = result_t in (core.float32, core.complex64)
    kind = _dtype(value).kind
    if kind == "c":
        target = core.complex64 if single else core.complex128
    elif kind == "f":
        target = core.float32 if single else core.float64
    else:
        return value
    return value if _dtype(value) == target else ops.astype(value, target)


def _assert_stacked_2d(*arrays: Any) -> None:
    for x in arrays:
        if len(x.shape) < 2:
            raise LinAlgError(
                f"{len(x.shape)}-dimensional array given. Array must be at least two-dimensional"
            )


def _assert_2d(*arrays: Any) -> None:
    for x in arrays:
        if len(x.shape) != 2:
            raise LinAlgError(
                f"{len(x.shape)}-dimensional array given. Array must be two-dimensional"
            )


def _assert_stacked_square(*arrays: Any) -> None:
    for x in arrays:
        shape = _shape(x)
        if len(shape) < 2:
            raise LinAlgError(
                f"{len(shape)}-dimensional array given. Array must be at least two-dimensional"
            )
        if shape[-1] != shape[-2]:
            raise LinAlgError("Last 2 dimensions of the array must be square")


def _square_float(a: Any) -> Any:
    a = as_native(a)
    _assert_stacked_square(a)
    return _as_float(a)


def _is_backend_linalg_error(error: Exception) -> bool:
    return isinstance(error, LinAlgError) or type(error).__name__ in (
        "_LinAlgError",
        "LinAlgError",
        "InvalidArgumentError",
    )


def _tracing(x: Any) -> bool:
    return "Tracer" in type(x).__name__


def _checked(fn: Any, inputs: Sequence[Any], message: str, *, check: bool) -> Any:
    """``fn()`` with the backend's failure on singular (or indefinite) matrices raised as
    numpy's LinAlgError(message). With ``check``, a non-finite result of finite inputs
    (jax's way of failing) raises it too."""
    try:
        result = fn()
    except Exception as error:
        if _is_backend_linalg_error(error):
            raise LinAlgError(message) from None
        raise
    if check and not any(_tracing(x) for x in inputs):
        values = result if isinstance(result, tuple) else (result,)
        finite_in = [ops.all(ops.isfinite(x)) for x in inputs]
        finite_out = [ops.all(ops.isfinite(v)) for v in values]
        ok_in = finite_in[0]
        for f in finite_in[1:]:
            ok_in = ops.logical_and(ok_in, f)
        ok_out = finite_out[0]
        for f in finite_out[1:]:
            ok_out = ops.logical_and(ok_out, f)
        if bool(to_host(ops.logical_and(ok_in, ops.logical_not(ok_out)))):
            raise LinAlgError(message)
    return result


def _check_non_raising(*names: str) -> bool:
    """Whether the backend in use returns non-finite values instead of raising."""
    return core.current_backend().name in names


def _hermitian_from(x: Any, upper: bool) -> Any:
    """The Hermitian matrix whose lower (upper) triangle is ``x``'s: numpy's LAPACK calls
    read only that triangle; backends may read both."""
    triangle = ops.triu(x) if upper else ops.tril(x)
    strict = ops.triu(x, k=1) if upper else ops.tril(x, k=-1)
    other = ops.matrix_transpose(strict)
    if _dtype(x).kind == "c":
        other = ops.conj(other)
        diag_real = ops.real(ops.linalg.diagonal(x))
        eye = ops.eye(x.shape[-1], dtype=_dtype(x))
        triangle = ops.add(
            ops.subtract(triangle, ops.multiply(triangle, eye)),
            ops.multiply(ops.astype(ops.expand_dims(diag_real, axis=-1), _dtype(x)), eye),
        )
    return ops.add(triangle, other)


def _eye_like(n: int, shape: tuple[int, ...], dtype: core.Dtype) -> Any:
    return ops.broadcast_to(ops.eye(n, dtype=dtype), shape)


# ---------------------------------------------------------------------------------------
# inverses and solvers
# ---------------------------------------------------------------------------------------
def _inv_native(a: Any) -> Any:
    a = _square_float(a)
    return _checked(
        lambda: ops.linalg.inv(a), [a], "Singular matrix", check=_check_non_raising("jax")
    )


@numpy_function()
def inv(a: ArrayLike) -> Any:
    """numpy.linalg.inv: the inverse of (a stack of) square matrices."""
    return _back(_inv_native(a), _common_type(a))


def _solve_native(a: Any, b: Any) -> Any:
    a, b = as_native(a), as_native(b)
    _assert_stacked_square(a)
    dtype = _compute_type(_common_type(a, b))
    a, b = ops.astype(a, dtype), ops.astype(b, dtype)
    n = _shape(a)[-1]
    sb = _shape(b)
    if not sb:
        raise ValueError("solve: Input operand 1 does not have enough dimensions")
    core_dim = sb[0] if len(sb) == 1 else sb[-2]
    if core_dim != n:
        raise ValueError(
            f"solve{'1' if len(sb) == 1 else ''}: Input operand 1 has a mismatch in its core "
            f"dimension 0, with gufunc signature (m,m),(m{',n' if len(sb) > 1 else ''})->"
            f"(m{',n' if len(sb) > 1 else ''}) (size {core_dim} is different from {n})"
        )
    return _checked(
        lambda: ops.linalg.solve(a, b), [a, b], "Singular matrix", check=_check_non_raising("jax")
    )


def _numpy_own(function: Any, *natives: Any, **options: Any) -> Any:
    """numpy's own ``function`` of float64 numpy arrays (core is bound to numpy then: its
    backend, or a host call), where it is the frontend's result with no layers around a
    small matrix's LAPACK call (a GMM's per-sample solve); None for other inputs, or when
    numpy raises (the frontend's own path then raises numpy's error)."""
    if not all(type(n) is numpy.ndarray and n.dtype == numpy.float64 for n in natives):
        return None
    try:
        return function(*natives, **options)
    except (LinAlgError, ValueError):
        return None


@numpy_function()
def solve(a: ArrayLike, b: ArrayLike) -> Any:
    """numpy.linalg.solve: ``x`` with ``a @ x == b``; ``b`` is a vector only when 1-D
    (numpy 2's rule), otherwise a (stack of) matrix."""
    result = _numpy_own(numpy.linalg.solve, a, b)
    if result is not None:
        return result
    return _back(_solve_native(a, b), _common_type(a, b))


@numpy_function()
def tensorinv(a: ArrayLike, ind: int = 2) -> Any:
    """numpy.linalg.tensorinv: the inverse of ``a`` seen as a matrix of its first ``ind``
    axes by the rest."""
    shape = _shape(a)
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    invshape = shape[ind:] + shape[:ind]
    prod = 1
    for extent in shape[ind:]:
        prod *= extent
    flat = ops.reshape(a, (prod, -1))
    return ops.reshape(_back(_inv_native(flat), _common_type(a)), invshape)


@numpy_function()
def tensorsolve(a: ArrayLike, b: ArrayLike, axes: Sequence[int] | None = None) -> Any:
    """numpy.linalg.tensorsolve: ``x`` with ``tensordot(a, x, x.ndim) == b``."""
    an = len(a.shape)
    if axes is not None:
        allaxes = list(range(an))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(an, k)
        a = ops.permute_dims(a, tuple(allaxes))
    bn = len(b.shape)
    oldshape = _shape(a)[-(an - bn) :] if an - bn else ()
    prod = 1
    for extent in oldshape:
        prod *= extent
    if int(numpy.prod(_shape(a))) != prod**2:
        raise LinAlgError(
            "Input arrays must satisfy the requirement "
            "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])"
        )
    a = ops.reshape(a, (prod, prod))
    b = ops.reshape(b, (-1,))
    return ops.reshape(_back(_solve_native(a, b), _common_type(a, b)), oldshape)


def _pinv_native(a: Any, rcond: Any, hermitian: bool) -> Any:
    a = as_native(a)
    _assert_stacked_2d(a)
    dtype = _common_type(a)
    a = ops.astype(a, dtype)
    shape = _shape(a)
    m, n = shape[-2:]
    if m == 0 or n == 0:
        return ops.zeros(shape[:-2] + (n, m), dtype=dtype)
    a = ops.conj(a) if dtype.kind == "c" else a
    u, s, vt = _back(_svd_native(a, False, True, hermitian), dtype)
    rcond = as_native(rcond)
    rcond = ops.astype(rcond, core.float64) if _dtype(rcond).kind in "biuf" else rcond
    s_max = ops.astype(ops.max(s, axis=-1, keepdims=True), core.float64)
    cutoff = ops.multiply(ops.expand_dims(rcond, axis=-1), s_max)
    large = ops.greater(ops.astype(s, core.float64), cutoff)
    one = ops.asarray(1, dtype=_dtype(s))
    safe = ops.where(large, s, one)
    s = ops.where(large, ops.divide(one, safe), ops.zeros_like(s))
    s = ops.astype(s, dtype)
    return ops.matmul(
        ops.matrix_transpose(vt), ops.multiply(ops.expand_dims(s, axis=-1), ops.matrix_transpose(u))
    )


_NO_VALUE = object()


def pinv(a: ArrayLike, rcond: Any = None, hermitian: bool = False, *, rtol: Any = _NO_VALUE) -> Any:
    """numpy.linalg.pinv: the Moore-Penrose pseudo-inverse through the SVD, singular values
    at or below ``rcond * largest`` set to zero (``rcond`` 1e-15 unless ``rtol`` is given;
    ``rtol=None`` means ``max(M, N) * eps``)."""
    a = as_native(a)
    if rcond is None:
        if rtol is _NO_VALUE:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(_shape(a)[-2:], default=0) * numpy.finfo(nt.numpy_dtype(_dtype(a))).eps
        else:
            rcond = rtol
    elif rtol is not _NO_VALUE:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    if type(rcond) is float:
        result = _numpy_own(numpy.linalg.pinv, a, rcond=rcond, hermitian=hermitian)
        if result is not None:
            return wrap(result)
    return wrap(_pinv_native(a, rcond, hermitian))


def lstsq(a: ArrayLike, b: ArrayLike, rcond: float | None = None) -> tuple[Any, Any, Any, Any]:
    """numpy.linalg.lstsq: ``(x, residuals, rank, s)``, the minimum-norm least-squares
    solution through the SVD (LAPACK's gelsd), computed in double precision as numpy does
    and returned in the inputs' precision. ``rank`` is an int32 numpy scalar (a host value,
    as in numpy)."""
    a, b = as_native(a), as_native(b)
    is_1d = len(b.shape) == 1
    if is_1d:
        b = ops.expand_dims(b, axis=-1)
    _assert_2d(a, b)
    m, n = _shape(a)
    m2, n_rhs = _shape(b)
    if m != m2:
        raise LinAlgError("Incompatible dimensions")
    result_t = _common_type(a, b)
    t = core.complex128 if result_t.kind == "c" else core.float64
    real_t = _real(result_t)
    if rcond is None:
        rcond = numpy.finfo(numpy.float64).eps * max(n, m)
    a, b = ops.astype(a, t), ops.astype(b, t)
    k = min(m, n)
    if k == 0:
        x = ops.zeros((n, n_rhs), dtype=t)
        s = ops.zeros((0,), dtype=core.float64)
        rank = 0
    else:
        u, s, vh = ops.linalg.svd(a, full_matrices=False)
        cutoff = ops.multiply(ops.asarray(rcond, dtype=core.float64), ops.max(s))
        large = ops.greater(s, cutoff)
        one = ops.asarray(1.0, dtype=core.float64)
        s_inv = ops.where(large, ops.divide(one, ops.where(large, s, one)), ops.zeros_like(s))
        uhb = ops.matmul(ops.conj(ops.matrix_transpose(u)) if t.kind == "c" else
                         ops.matrix_transpose(u), b)  # fmt: skip
        uhb = ops.multiply(uhb, ops.expand_dims(ops.astype(s_inv, t), axis=-1))
        vh_h = ops.matrix_transpose(vh)
        x = ops.matmul(ops.conj(vh_h) if t.kind == "c" else vh_h, uhb)
        rank = int(to_host(ops.count_nonzero(large)))
    if rank == n and m > n:
        residual = ops.subtract(b, ops.matmul(a, x))
        resids = ops.sum(ops.real(ops.multiply(ops.conj(residual), residual)) if t.kind == "c"
                         else ops.multiply(residual, residual), axis=0)  # fmt: skip
    else:
        resids = ops.zeros((0,), dtype=core.float64)
    if is_1d:
        x = ops.squeeze(x, axis=-1)
    return (
        ndarray._from_native(ops.astype(x, result_t)),
        ndarray._from_native(ops.astype(resids, real_t)),
        numpy.int32(rank),
        ndarray._from_native(ops.astype(s, real_t)),
    )


# ---------------------------------------------------------------------------------------
# decompositions
# ---------------------------------------------------------------------------------------
@numpy_function()
def cholesky(a: ArrayLike, /, *, upper: bool = False) -> Any:
    """numpy.linalg.cholesky: lower ``L`` with ``a == L @ L^H`` (``upper``: ``U^H @ U``),
    reading only that triangle of ``a``, as LAPACK does."""
    result_t = _common_type(a)
    a = _square_float(a)
    a = _hermitian_from(a, upper)
    result = _checked(
        lambda: ops.linalg.cholesky(a, upper=upper),
        [a],
        "Matrix is not positive definite",
        check=_check_non_raising("jax", "tensorflow"),
    )
    return _back(result, result_t)


def _eigh_native(a: Any, UPLO: str, values_only: bool) -> Any:
    UPLO = UPLO.upper()
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    a = _square_float(a)
    a = _hermitian_from(a, UPLO == "U")
    if values_only:
        return ops.linalg.eigvalsh(a)
    w, v = ops.linalg.eigh(a)
    return EighResult(w, v)


@numpy_function()
def eigh(a: ArrayLike, UPLO: str = "L") -> Any:
    """numpy.linalg.eigh: ascending eigenvalues (real dtype) and eigenvectors of a
    Hermitian matrix given by its lower (``UPLO='U'``: upper) triangle."""
    return _back(_eigh_native(a, UPLO, False), _common_type(a))


@numpy_function()
def eigvalsh(a: ArrayLike, UPLO: str = "L") -> Any:
    """numpy.linalg.eigvalsh: the ascending eigenvalues of a Hermitian matrix."""
    return _back(_eigh_native(a, UPLO, True), _common_type(a))


def _assert_finite(a: Any) -> None:
    if not _tracing(a) and not bool(to_host(ops.all(ops.isfinite(a)))):
        raise LinAlgError("Array must not contain infs or NaNs")


def _eig_native(a: Any, values_only: bool) -> Any:
    a = _square_float(a)
    _assert_finite(a)
    real_input = _dtype(a).kind == "f"
    if values_only:
        w, v = ops.linalg.eigvals(a), None
    else:
        w, v = ops.linalg.eig(a)
    if real_input and not _tracing(w):
        if bool(to_host(ops.all(ops.equal(ops.imag(w), ops.zeros((), dtype=_dtype(a)))))):
            w = ops.real(w)
            v = None if v is None else ops.real(v)
    return w if values_only else EigResult(w, v)


@numpy_function()
def eig(a: ArrayLike) -> Any:
    """numpy.linalg.eig: eigenvalues and right eigenvectors (columns), of a real dtype when
    the input is real and every eigenvalue is real, as numpy returns them."""
    return _back(_eig_native(a, False), _common_type(a))


@numpy_function()
def eigvals(a: ArrayLike) -> Any:
    """numpy.linalg.eigvals: the eigenvalues (real dtype when all are real, as numpy)."""
    return _back(_eig_native(a, True), _common_type(a))


def _sort_descending(x: Any) -> Any:
    return ops.sort(x, axis=-1, descending=True)


def _svd_native(a: Any, full_matrices: bool, compute_uv: bool, hermitian: bool) -> Any:
    a = as_native(a)
    _assert_stacked_2d(a)
    a = _as_float(a)
    if hermitian:
        if compute_uv:
            s, u = ops.linalg.eigh(a)
            sgn = ops.sign(s)
            s = ops.abs(s)
            sidx = ops.argsort(s, axis=-1, descending=True)
            sgn = ops.take_along_axis(sgn, sidx, axis=-1)
            s = ops.take_along_axis(s, sidx, axis=-1)
            u = ops.take_along_axis(u, ops.expand_dims(sidx, axis=-2), axis=-1)
            vt = ops.matrix_transpose(
                ops.multiply(u, ops.astype(ops.expand_dims(sgn, axis=-2), _dtype(u)))
            )
            if _dtype(vt).kind == "c":
                vt = ops.conj(vt)
            return SVDResult(u, s, vt)
        return _sort_descending(ops.abs(ops.linalg.eigvalsh(a)))
    if not compute_uv:
        return ops.linalg.svdvals(a)
    u, s, vh = ops.linalg.svd(a, full_matrices=full_matrices)
    return SVDResult(u, s, vh)


@numpy_function()
def svd(
    a: ArrayLike, full_matrices: bool = True, compute_uv: bool = True, hermitian: bool = False
) -> Any:
    """numpy.linalg.svd: ``U, S, Vh`` (or ``S`` alone) with ``a == U @ diag(S) @ Vh``,
    ``S`` descending; ``hermitian`` goes through ``eigh`` as numpy does."""
    return _back(_svd_native(a, full_matrices, compute_uv, hermitian), _common_type(a))


@numpy_function()
def svdvals(x: ArrayLike, /) -> Any:
    """numpy.linalg.svdvals: the singular values, descending."""
    return _back(_svd_native(x, False, False, False), _common_type(x))


def _householder(a: Any) -> tuple[Any, Any]:
    """LAPACK's ``geqr2`` on (a stack of) matrices: ``R`` in the upper triangle, the
    Householder vectors (unit first element implied) below it, and the scalars ``tau``,
    with ``larfg``'s choice of reflector (``beta = -sign(alpha) * norm``)."""
    m, n = _shape(a)[-2:]
    dtype = _dtype(a)
    is_complex = dtype.kind == "c"
    zero_r = ops.zeros((), dtype=core.float64)
    one_r = ops.ones((), dtype=core.float64)
    taus = []
    for j in range(min(m, n)):
        alpha = ops.get_item(a, (..., j, j))
        x = ops.get_item(a, (..., slice(j + 1, None), j))
        xnorm = ops.sqrt(ops.sum(ops.real(_abs2(x)) if is_complex else _abs2(x), axis=-1))
        alphr = ops.real(alpha) if is_complex else alpha
        alphi = ops.imag(alpha) if is_complex else zero_r
        trivial = ops.logical_and(ops.equal(xnorm, zero_r), ops.equal(alphi, zero_r))
        total = ops.sqrt(ops.add(ops.add(ops.square(alphr), ops.square(alphi)), ops.square(xnorm)))
        beta = ops.negative(ops.copysign(total, alphr))
        safe_beta = ops.where(trivial, one_r, beta)
        tau = ops.divide(ops.subtract(beta, alphr), safe_beta)
        if is_complex:
            tau_i = ops.negative(ops.divide(alphi, safe_beta))
            tau = ops.add(ops.astype(tau, dtype), ops.multiply(ops.astype(tau_i, dtype),
                                                               ops.asarray(1j, dtype=dtype)))  # fmt: skip
        tau = ops.where(trivial, ops.zeros((), dtype=dtype), ops.astype(tau, dtype))
        beta_c = ops.astype(beta, dtype)
        denom = ops.where(trivial, ops.ones((), dtype=dtype), ops.subtract(alpha, beta_c))
        v_tail = ops.where(
            ops.expand_dims(trivial, axis=-1), x, ops.divide(x, ops.expand_dims(denom, axis=-1))
        )
        if j + 1 < n:
            sub = ops.get_item(a, (..., slice(j, None), slice(j + 1, None)))
            ones = ops.ones(_shape(v_tail)[:-1] + (1,), dtype=dtype)
            v = ops.concat([ones, v_tail], axis=-1)
            v_h = ops.conj(v) if is_complex else v
            w = ops.matmul(ops.expand_dims(v_h, axis=-2), sub)
            t = ops.conj(tau) if is_complex else tau
            update = ops.multiply(ops.expand_dims(ops.expand_dims(t, axis=-1), axis=-1),
                                  ops.multiply(ops.expand_dims(v, axis=-1), w))  # fmt: skip
            a = ops.set_item(
                a, (..., slice(j, None), slice(j + 1, None)), ops.subtract(sub, update)
            )
        a = ops.set_item(a, (..., slice(j + 1, None), j), v_tail)
        a = ops.set_item(a, (..., j, j), ops.where(trivial, alpha, beta_c))
        taus.append(tau)
    if taus:
        tau = ops.stack(taus, axis=-1)
    else:
        tau = ops.zeros(_shape(a)[:-2] + (0,), dtype=dtype)
    return a, tau


@numpy_function()
def qr(a: ArrayLike, mode: str = "reduced") -> Any:
    """numpy.linalg.qr in modes 'reduced', 'complete', 'r' and 'raw' ('full'/'f' are
    'reduced' and 'economic'/'e' the factored matrix, deprecated as in numpy). 'raw' (and
    'economic') are LAPACK's Householder form, computed here with LAPACK's reflector
    convention, so they match numpy's numbers; Q and R of the other modes may differ from
    numpy's in the signs (phases) of R's rows, as backends choose them."""
    import warnings

    if mode not in ("reduced", "complete", "r", "raw"):
        if mode in ("f", "full"):
            warnings.warn(
                "The 'full' option is deprecated in favor of 'reduced'.\n"
                "For backward compatibility let mode default.",
                DeprecationWarning,
                stacklevel=3,
            )
            mode = "reduced"
        elif mode in ("e", "economic"):
            warnings.warn("The 'economic' option is deprecated.", DeprecationWarning, stacklevel=3)
            mode = "economic"
        else:
            raise ValueError(f"Unrecognized mode '{mode}'")
    _assert_stacked_2d(a)
    result_t = _common_type(a)
    a = _as_float(a)
    if mode in ("raw", "economic"):
        factored, tau = _householder(a)
        if mode == "economic":
            return _back(factored, result_t)
        return _back((ops.matrix_transpose(factored), tau), result_t)
    q, r = ops.linalg.qr(a, mode="complete" if mode == "complete" else "reduced")
    if mode == "r":
        return _back(r, result_t)
    return _back(QRResult(q, r), result_t)


@numpy_function(returns_scalars=True)
def det(a: ArrayLike) -> Any:
    """numpy.linalg.det: the determinant (a numpy scalar for one matrix)."""
    return _back(ops.linalg.det(_square_float(a)), _common_type(a))


@numpy_function(returns_scalars=True)
def slogdet(a: ArrayLike) -> Any:
    """numpy.linalg.slogdet: ``(sign, logabsdet)``; sign 0 and logabsdet -inf for a
    singular matrix."""
    result = _numpy_own(numpy.linalg.slogdet, a)
    if result is not None:
        return SlogdetResult(numpy.asarray(result[0]), numpy.asarray(result[1]))
    sign, logabsdet = ops.linalg.slogdet(_square_float(a))
    return _back(SlogdetResult(sign, logabsdet), _common_type(a))


# ---------------------------------------------------------------------------------------
# norms, rank, condition number
# ---------------------------------------------------------------------------------------
def _sum(x: Any, axis: Any, keepdims: bool = False) -> Any:
    return ops.sum(x, axis=axis, keepdims=keepdims, dtype=_dtype(x))


def _abs2(x: Any) -> Any:
    if _dtype(x).kind == "c":
        return ops.add(ops.square(ops.real(x)), ops.square(ops.imag(x)))
    return ops.multiply(x, x)


def _multi_svd_norm(x: Any, row_axis: int, col_axis: int, reduce: str) -> Any:
    y = ops.moveaxis(x, (row_axis, col_axis), (-2, -1))
    s = _back(_svd_native(y, False, False, False), _dtype(x))
    if reduce == "max":
        return ops.max(s, axis=-1)
    if reduce == "min":
        return ops.min(s, axis=-1)
    return _sum(s, axis=-1)


def _norm_native(x: Any, ord: Any, axis: Any, keepdims: bool) -> Any:
    x = as_native(x)
    if _dtype(x).kind not in "fc":
        x = ops.astype(x, core.float64)
    shape = _shape(x)
    nd = len(shape)
    if axis is None and (
        ord is None or (ord in ("f", "fro") and nd == 2) or (ord == 2 and nd == 1)
    ):
        ret = ops.sqrt(_sum(ops.real(_abs2(x)) if _dtype(x).kind == "c" else _abs2(x), None))
        return ops.reshape(ret, (1,) * nd) if keepdims else ret
    if axis is None:
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        try:
            axis = (int(axis),)
        except TypeError as error:
            raise TypeError("'axis' must be None, an integer or a tuple of integers") from error
    if len(axis) == 1:
        ax = _normalize_axis(axis[0], nd)
        if ord == numpy.inf:
            return ops.max(ops.abs(x), axis=ax, keepdims=keepdims)
        if ord == -numpy.inf:
            return ops.min(ops.abs(x), axis=ax, keepdims=keepdims)
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        if ord == 0:
            nonzero = ops.astype(ops.not_equal(x, ops.zeros((), dtype=_dtype(x))), _real(_dtype(x)))
            return _sum(nonzero, ax, keepdims)
        if ord == 1:
            return _sum(ops.abs(x), ax, keepdims)
        if ord is None or ord == 2:
            return ops.sqrt(_sum(ops.real(_abs2(x)) if _dtype(x).kind == "c" else _abs2(x),
                                 ax, keepdims))  # fmt: skip
        absx = ops.abs(x)
        real_t = _dtype(absx)
        ret = _sum(ops.pow(absx, ops.asarray(ord, dtype=real_t)), ax, keepdims)
        return ops.pow(
            ret, ops.divide(ops.asarray(1, dtype=real_t), ops.asarray(ord, dtype=real_t))
        )
    if len(axis) == 2:
        row_axis = _normalize_axis(axis[0], nd)
        col_axis = _normalize_axis(axis[1], nd)
        if row_axis == col_axis:
            raise ValueError("Duplicate axes given.")
        kept = (row_axis, col_axis)
        if ord == 2:
            ret = _multi_svd_norm(x, row_axis, col_axis, "max")
        elif ord == -2:
            ret = _multi_svd_norm(x, row_axis, col_axis, "min")
        elif ord == 1 or ord == -1:
            if col_axis > row_axis:
                col_axis -= 1
            summed = _sum(ops.abs(x), row_axis)
            ret = ops.max(summed, axis=col_axis) if ord == 1 else ops.min(summed, axis=col_axis)
        elif ord == numpy.inf or ord == -numpy.inf:
            if row_axis > col_axis:
                row_axis -= 1
            summed = _sum(ops.abs(x), col_axis)
            ret = ops.max(summed, axis=row_axis) if ord > 0 else ops.min(summed, axis=row_axis)
        elif ord in (None, "fro", "f"):
            squares = ops.real(_abs2(x)) if _dtype(x).kind == "c" else _abs2(x)
            ret = ops.sqrt(_sum(squares, (row_axis, col_axis)))
        elif ord == "nuc":
            ret = _multi_svd_norm(x, row_axis, col_axis, "sum")
        else:
            raise ValueError("Invalid norm order for matrices.")
        if keepdims:
            ret_shape = list(shape)
            ret_shape[kept[0]] = 1
            ret_shape[kept[1]] = 1
            ret = ops.reshape(ret, tuple(ret_shape))
        return ret
    raise ValueError("Improper number of dimensions to norm.")


@numpy_function(returns_scalars=True)
def norm(x: ArrayLike, ord: Any = None, axis: Any = None, keepdims: bool = False) -> Any:
    """numpy.linalg.norm: vector norms over one axis, matrix norms over two, the 2-norm
    of the flattened array by default. Integer input is computed in float64."""
    return _norm_native(x, ord, axis, keepdims)


@numpy_function(returns_scalars=True)
def matrix_norm(x: ArrayLike, /, *, keepdims: bool = False, ord: Any = "fro") -> Any:
    """numpy.linalg.matrix_norm: ``norm(x, ord, axis=(-2, -1), keepdims)``."""
    return _norm_native(x, ord, (-2, -1), keepdims)


@numpy_function(returns_scalars=True)
def vector_norm(
    x: ArrayLike,
    /,
    *,
    axis: Any = None,
    keepdims: bool = False,
    ord: Any = 2,
) -> Any:
    """numpy.linalg.vector_norm: the ``ord``-norm over ``axis`` (all axes, as one vector,
    when None)."""
    shape = _shape(x)
    if axis is None:
        flat = ops.reshape(x, (-1,))
        axes = tuple(range(len(shape)))
        ret = _norm_native(flat, ord, 0, False)
    else:
        axes = (axis,) if not isinstance(axis, tuple) else axis
        axes = tuple(_normalize_axis(ax, len(shape)) for ax in axes)
        if len(set(axes)) != len(axes):
            raise ValueError("repeated axis")
        rest = tuple(i for i in range(len(shape)) if i not in axes)
        moved = ops.permute_dims(x, axes + rest)
        size = int(numpy.prod([shape[i] for i in axes]))
        ret = _norm_native(
            ops.reshape(moved, (size,) + tuple(shape[i] for i in rest)), ord, 0, False
        )
    if keepdims:
        ret = ops.reshape(ret, tuple(1 if i in axes else shape[i] for i in range(len(shape))))
    return ret


def matrix_rank(
    A: ArrayLike,
    tol: Any = None,
    hermitian: bool = False,
    *,
    rtol: Any = None,
) -> Any:
    """numpy.linalg.matrix_rank: the number of singular values above ``tol`` (default
    ``S.max() * max(M, N) * eps``; ``rtol`` relative to ``S.max()``). A 1-D or 0-d input
    gives a Python int (1 unless all zero), as numpy."""
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    a = as_native(A)
    if len(a.shape) < 2:
        zero = ops.zeros((), dtype=_dtype(a))
        return int(not bool(to_host(ops.all(ops.equal(a, zero)))))
    s = _back(_svd_native(a, False, False, hermitian), _common_type(a))
    real_t = _dtype(s)
    if tol is None:
        if rtol is None:
            rtol = ops.asarray(max(_shape(a)[-2:]) * numpy.finfo(nt.numpy_dtype(real_t)).eps,
                               dtype=real_t)  # fmt: skip
        else:
            rtol = ops.expand_dims(as_native(rtol), axis=-1)
        if _shape(s)[-1] == 0:  # numpy's max(initial=0)
            s_max = ops.zeros(_shape(s)[:-1] + (1,), dtype=real_t)
        else:
            s_max = ops.max(s, axis=-1, keepdims=True)
        tol = ops.multiply(s_max, rtol)
    else:
        tol = ops.expand_dims(as_native(tol), axis=-1)
    return wrap_scalars(ops.count_nonzero(ops.greater(s, tol), axis=-1))


def _inv_or_nan(x: Any) -> Any:
    """The inverse of each matrix, nan for singular ones (numpy's cond ignores the failure)."""
    try:
        return ops.linalg.inv(x)
    except Exception as error:
        if not _is_backend_linalg_error(error):
            raise
    shape = _shape(x)
    flat = ops.reshape(x, (-1,) + shape[-2:])
    parts = []
    for index in range(_shape(flat)[0]):
        matrix = ops.get_item(flat, index)
        try:
            parts.append(ops.linalg.inv(matrix))
        except Exception as error:
            if not _is_backend_linalg_error(error):
                raise
            parts.append(ops.full(shape[-2:], numpy.nan, dtype=_dtype(x)))
    return ops.reshape(ops.stack(parts), shape)


@numpy_function(returns_scalars=True)
def cond(x: ArrayLike, p: Any = None) -> Any:
    """numpy.linalg.cond: the condition number in norm ``p`` (None/2/-2: ratio of extreme
    singular values); inf for a singular matrix, as numpy."""
    shape = _shape(x)
    if len(shape) >= 2 and (shape[-1] == 0 or shape[-2] == 0):
        raise LinAlgError("cond is not defined on empty arrays")
    if p is None or p == 2 or p == -2:
        s = _back(_svd_native(x, False, False, False), _common_type(x))
        first, last = ops.get_item(s, (..., 0)), ops.get_item(s, (..., -1))
        r = ops.divide(first, last) if p != -2 else ops.divide(last, first)
    else:
        _assert_stacked_square(x)
        result_t = _real(_common_type(x))
        invx = _inv_or_nan(_as_float(x))
        r = ops.multiply(
            ops.astype(_norm_native(x, p, (-2, -1), False), core.float64),
            ops.astype(_norm_native(invx, p, (-2, -1), False), core.float64),
        )
        r = ops.astype(r, result_t)
    xf = _as_float(x)
    x_has_nan = ops.any(ops.isnan(xf), axis=(-2, -1))
    mask = ops.logical_and(ops.isnan(r), ops.logical_not(x_has_nan))
    return ops.where(mask, ops.full((), numpy.inf, dtype=_dtype(r)), r)


# ---------------------------------------------------------------------------------------
# products and the rest
# ---------------------------------------------------------------------------------------
def matmul(x1: ArrayLike, x2: ArrayLike, /) -> Any:
    """numpy.linalg.matmul: numpy's ``matmul`` ufunc."""
    from frontends.numpy._core import umath

    return umath.matmul(x1, x2)


def _chain_order(shapes: list[tuple[int, int]]) -> list[list[int]]:
    """numpy's ``_multi_dot_matrix_chain_order``: the cheapest parenthesisation (Cormen's
    dynamic programme on the shapes)."""
    n = len(shapes)
    p = [s[0] for s in shapes] + [shapes[-1][1]]
    m = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            m[i][j] = numpy.inf
            for k in range(i, j):
                cost = m[i][k] + m[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if cost < m[i][j]:
                    m[i][j] = cost
                    split[i][j] = k
    return split


def _multi_dot(arrays: list[Any], order: list[list[int]], i: int, j: int) -> Any:
    if i == j:
        return arrays[i]
    k = order[i][j]
    return _dot_native(_multi_dot(arrays, order, i, k), _multi_dot(arrays, order, k + 1, j))


def multi_dot(arrays: Sequence[ArrayLike], *, out: Any = None) -> Any:
    """numpy.linalg.multi_dot: the product of the arrays in the cheapest order (numpy's
    chain order); first and last may be 1-D."""
    n = len(arrays)
    if n < 2:
        raise ValueError("Expecting at least two arrays.")
    natives = [as_native(a) for a in arrays]
    if n == 2:
        result = _dot_native(natives[0], natives[1])
    else:
        natives, _ = _promote(*natives)
        ndim_first, ndim_last = len(natives[0].shape), len(natives[-1].shape)
        if ndim_first == 1:
            natives[0] = ops.reshape(natives[0], (1, -1))
        if ndim_last == 1:
            natives[-1] = ops.reshape(natives[-1], (-1, 1))
        _assert_2d(*natives)
        if n == 3:
            a, b, c = natives
            (a0, a1b0), (_, b1c0), (_, c1) = _shape(a), _shape(b), _shape(c)
            cost1 = a0 * b1c0 * (a1b0 + c1)
            cost2 = a1b0 * c1 * (a0 + b1c0)
            if cost1 < cost2:
                result = _dot_native(_dot_native(a, b), c)
            else:
                result = _dot_native(a, _dot_native(b, c))
        else:
            order = _chain_order([_shape(x) for x in natives])
            result = _multi_dot(natives, order, 0, n - 1)
        if ndim_first == 1 and ndim_last == 1:
            result = ops.reshape(result, ())
        elif ndim_first == 1 or ndim_last == 1:
            result = ops.reshape(result, (-1,))
    if out is not None:
        out._assign(ops.astype(ops.broadcast_to(result, _shape(out)), nt.as_core(out.dtype)))
        return out
    return wrap_scalars(result)


def matrix_power(a: ArrayLike, n: int) -> Any:
    """numpy.linalg.matrix_power: ``a`` (square) times itself ``n`` times by binary
    decomposition; integer matrices stay integer for ``n >= 0``, ``n < 0`` inverts."""
    a = as_native(a)
    _assert_stacked_square(a)
    try:
        n = operator.index(n)
    except TypeError as error:
        raise TypeError("exponent must be an integer") from error
    shape = _shape(a)
    if n == 0:
        return wrap(ops.astype(_eye_like(shape[-1], shape, _dtype(a)), _dtype(a)))
    if n < 0:
        a = _back(_inv_native(a), _common_type(a))
        n = -n
    if n == 1:
        return wrap(a)
    z = result = None
    while n > 0:
        z = a if z is None else _product(ops.matmul, z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else _product(ops.matmul, result, z)
    return wrap(result)


def matrix_transpose(x: ArrayLike, /) -> Any:
    """numpy.linalg.matrix_transpose: the last two axes swapped (a view of an ndarray)."""
    if not isinstance(x, ndarray):
        x = ndarray._from_native(as_native(x))
    if x.ndim < 2:
        raise ValueError("Input array must be at least 2-dimensional")
    return x.swapaxes(-1, -2)


@numpy_function()
def outer(x1: ArrayLike, x2: ArrayLike, /) -> Any:
    """numpy.linalg.outer: the outer product of two 1-D arrays."""
    if len(x1.shape) != 1 or len(x2.shape) != 1:
        raise ValueError(
            "Input arrays must be one-dimensional, but they are "
            f"x1.ndim={len(x1.shape)} and x2.ndim={len(x2.shape)}."
        )
    return _outer_native(x1, x2)


@numpy_function()
def tensordot(x1: ArrayLike, x2: ArrayLike, /, *, axes: Any = 2) -> Any:
    """numpy.linalg.tensordot: numpy.tensordot."""
    return _tensordot_native(x1, x2, axes)


@numpy_function(returns_scalars=True)
def trace(x: ArrayLike, /, *, offset: int = 0, dtype: Any = None) -> Any:
    """numpy.linalg.trace: the trace over the last two axes."""
    return _trace_native(x, offset, -2, -1, dtype)


@numpy_function()
def diagonal(x: ArrayLike, /, *, offset: int = 0) -> Any:
    """numpy.linalg.diagonal: the ``offset`` diagonal over the last two axes (a copy: the
    backend owns the memory)."""
    if len(x.shape) < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    return ops.linalg.diagonal(x, offset=int(offset))


@numpy_function()
def cross(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> Any:
    """numpy.linalg.cross: the cross product of 3-element vectors along ``axis``."""
    (x1, x2), dtype = _promote(x1, x2)
    s1, s2 = _shape(x1), _shape(x2)
    n1 = s1[_normalize_axis(axis, len(s1))] if s1 else None
    n2 = s2[_normalize_axis(axis, len(s2))] if s2 else None
    if n1 != 3 or n2 != 3:
        raise ValueError(
            "Both input arrays must be (arrays of) 3-dimensional vectors, "
            f"but they are {n1} and {n2} dimensional instead."
        )
    if dtype == core.bool:
        raise TypeError(
            "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
            "the `^` operator, or the logical_xor function instead."
        )
    return ops.linalg.cross(x1, x2, axis=axis)


@numpy_function(returns_scalars=True)
def vecdot(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> Any:
    """numpy.linalg.vecdot: ``sum(conj(x1) * x2)`` along ``axis`` of the broadcast inputs;
    integers keep their dtype."""
    (x1, x2), dtype = _promote(x1, x2)
    s1, s2 = _shape(x1), _shape(x2)
    for index, s in enumerate((s1, s2)):
        if not s:
            raise ValueError(
                f"vecdot: Input operand {index} does not have enough dimensions (has 0, "
                "gufunc core with signature (n),(n)->() requires 1)"
            )
    x1 = ops.moveaxis(x1, _normalize_axis(axis, len(s1)), -1)
    x2 = ops.moveaxis(x2, _normalize_axis(axis, len(s2)), -1)
    n1, n2 = _shape(x1)[-1], _shape(x2)[-1]
    if n1 != n2:
        raise ValueError(
            "vecdot: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
            f"signature (n),(n)->() (size {n2} is different from {n1})"
        )
    batch = numpy.broadcast_shapes(_shape(x1)[:-1], _shape(x2)[:-1])
    if dtype.kind == "c":
        x1 = ops.conj(x1)
    result = _product(ops.matmul, ops.expand_dims(x1, axis=-2), ops.expand_dims(x2, axis=-1))
    return ops.reshape(result, batch)
