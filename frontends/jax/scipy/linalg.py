"""``jax.scipy.linalg`` on core's linear algebra, promoting like ``jax.numpy``.

LU is partial pivoting written with core functions (the pivot is the first largest
entry, as LAPACK's getrf); triangular solves use core's ``linalg.solve`` on the masked
triangle; ``expm`` is Pade-13 scaling and squaring (the number of squarings is read on the
host, so it does not trace under ``jax.jit``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import core
from core import native as ops
from frontends.jax._src.array import Array, to_host
from frontends.jax.lax._base import asarray
from frontends.jax.scipy._promote import promote_args_inexact

__all__ = [
    "block_diag", "cho_factor", "cho_solve", "cholesky", "circulant", "det", "eigh", "expm",
    "hankel", "hilbert", "inv", "lu", "lu_factor", "lu_solve", "qr", "solve",
    "solve_triangular", "svd", "toeplitz",
]  # fmt: skip


def _w(native: Any, like: Array) -> Array:
    return Array._wrap(native, False)


def _f(name: str, a: Any) -> Array:
    return promote_args_inexact(name, a)[0]


def cholesky(
    a: Any, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True
) -> Array:
    """``jax.scipy.linalg.cholesky``: the upper factor by default (scipy's convention)."""
    x = _f("cholesky", a)
    return _w(ops.linalg.cholesky(x.native, upper=not lower), x)


def cho_factor(a: Any, lower: bool = False, overwrite_a: bool = False,
               check_finite: bool = True) -> tuple[Array, bool]:  # fmt: skip
    return cholesky(a, lower=lower), lower


def cho_solve(c_and_lower: tuple[Any, bool], b: Any, overwrite_b: bool = False,
              check_finite: bool = True) -> Array:  # fmt: skip
    c, lower = c_and_lower
    if lower:
        y = solve_triangular(c, b, lower=True)
        return solve_triangular(c, y, trans=2, lower=True)
    y = solve_triangular(c, b, trans=2, lower=False)
    return solve_triangular(c, y, lower=False)


def det(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> Array:
    x = _f("det", a)
    return _w(ops.linalg.det(x.native), x)


def inv(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> Array:
    x = _f("inv", a)
    return _w(ops.linalg.inv(x.native), x)


def eigh(a: Any, b: Any = None, lower: bool = True, eigvals_only: bool = False,
         overwrite_a: bool = False, overwrite_b: bool = False, turbo: bool = True,
         eigvals: Any = None, type: int = 1, check_finite: bool = True) -> Any:  # fmt: skip
    """``jax.scipy.linalg.eigh``: the triangle named by ``lower`` is read (``b`` is not
    supported, as in JAX)."""
    if b is not None:
        raise NotImplementedError("Only the b=None case of eigh is implemented")
    x = _f("eigh", a)
    v = x.native
    tri = ops.tril(v) if lower else ops.triu(v)
    strict = ops.tril(v, k=-1) if lower else ops.triu(v, k=1)
    sym = ops.add(tri, ops.conj(ops.matrix_transpose(strict)))
    w, vecs = ops.linalg.eigh(sym)
    if eigvals_only:
        return _w(w, x)
    return _w(w, x), _w(vecs, x)


def svd(a: Any, full_matrices: bool = True, compute_uv: bool = True, overwrite_a: bool = False,
        check_finite: bool = True, lapack_driver: str = "gesdd") -> Any:  # fmt: skip
    x = _f("svd", a)
    if not compute_uv:
        return _w(ops.linalg.svdvals(x.native), x)
    u, s, vh = ops.linalg.svd(x.native, full_matrices=full_matrices)
    return _w(u, x), _w(s, x), _w(vh, x)


def qr(a: Any, overwrite_a: bool = False, lwork: Any = None, mode: str = "full",
       pivoting: bool = False, check_finite: bool = True) -> Any:  # fmt: skip
    """``jax.scipy.linalg.qr``: modes 'full', 'economic', 'r' (no pivoting)."""
    if pivoting:
        raise NotImplementedError("qr with pivoting=True is not supported by the jax frontend")
    x = _f("qr", a)
    core_mode = "complete" if mode in ("full", "r") else "reduced"
    if mode not in ("full", "economic", "r"):
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    q, r = ops.linalg.qr(x.native, mode=core_mode)
    if mode == "r":
        return (_w(r, x),)
    return _w(q, x), _w(r, x)


def solve(a: Any, b: Any, lower: bool = False, overwrite_a: bool = False,
          overwrite_b: bool = False, debug: bool = False, check_finite: bool = True,
          assume_a: str = "gen") -> Array:  # fmt: skip
    """``jax.scipy.linalg.solve`` (``assume_a`` 'sym'/'her'/'pos' read one triangle)."""
    x, y = promote_args_inexact("solve", a, b)
    av = x.native
    if assume_a in ("sym", "her", "pos"):
        tri = ops.tril(av) if lower else ops.triu(av)
        strict = ops.tril(av, k=-1) if lower else ops.triu(av, k=1)
        t = ops.matrix_transpose(strict)
        av = ops.add(tri, ops.conj(t) if assume_a in ("her", "pos") else t)
    bv = y.native
    vector = len(bv.shape) == 1
    if vector:
        bv = ops.expand_dims(bv, axis=-1)
    out = ops.linalg.solve(av, bv)
    if vector:
        out = ops.squeeze(out, axis=-1)
    return _w(out, x)


def solve_triangular(a: Any, b: Any, trans: int | str = 0, lower: bool = False,
                     unit_diagonal: bool = False, overwrite_b: bool = False,
                     debug: Any = None, check_finite: bool = True) -> Array:  # fmt: skip
    """``jax.scipy.linalg.solve_triangular``: ``trans`` 0/'N', 1/'T', 2/'C'."""
    x, y = promote_args_inexact("solve_triangular", a, b)
    av = ops.tril(x.native) if lower else ops.triu(x.native)
    if unit_diagonal:
        n = int(av.shape[-1])
        eye = ops.eye(n, dtype=x._dtype)
        av = ops.add(ops.multiply(av, ops.subtract(ops.ones_like(eye), eye)), eye)
    if trans in (1, "T"):
        av = ops.matrix_transpose(av)
    elif trans in (2, "C"):
        av = ops.conj(ops.matrix_transpose(av))
    bv = y.native
    vector = len(bv.shape) == len(av.shape) - 1
    if vector:
        bv = ops.expand_dims(bv, axis=-1)
    out = ops.linalg.solve(av, bv)
    if vector:
        out = ops.squeeze(out, axis=-1)
    return _w(out, x)


# --------------------------------------------------------------------- LU
def _lu(v: Any) -> tuple[Any, Any, Any]:
    """Partial-pivoting LU of a (batched) square matrix: (packed LU, pivots, permutation)."""
    n = int(v.shape[-1])
    m = int(v.shape[-2])
    batch = tuple(v.shape[:-2])
    i32 = core.Dtype("int32")
    rows = ops.arange(m, dtype=i32)
    perm = ops.broadcast_to(rows, batch + (m,))
    pivots = []
    for k in range(min(m, n)):
        col = ops.abs(ops.get_item(v, (Ellipsis, slice(k, None), k)))
        p = ops.add(ops.astype(ops.argmax(col, axis=-1), i32), k)  # (batch,)
        pk = ops.expand_dims(p, axis=-1)
        swap = ops.where(ops.equal(rows, k), pk, ops.where(ops.equal(rows, pk), k, rows))
        v = ops.take_along_axis(
            v, ops.broadcast_to(ops.expand_dims(swap, axis=-1), batch + (m, n)), axis=-2
        )
        perm = ops.take_along_axis(perm, swap, axis=-1)
        pivots.append(p)
        pivot = ops.get_item(v, (Ellipsis, slice(k, k + 1), slice(k, k + 1)))
        below = ops.get_item(v, (Ellipsis, slice(k + 1, None), slice(k, k + 1)))
        safe = ops.where(ops.equal(pivot, 0), ops.ones_like(pivot), pivot)
        l_col = ops.divide(below, safe)
        row = ops.get_item(v, (Ellipsis, slice(k, k + 1), slice(k + 1, None)))
        rest = ops.get_item(v, (Ellipsis, slice(k + 1, None), slice(k + 1, None)))
        v = ops.set_item(v, (Ellipsis, slice(k + 1, None), slice(k + 1, None)),
                         ops.subtract(rest, ops.multiply(l_col, row)))  # fmt: skip
        v = ops.set_item(v, (Ellipsis, slice(k + 1, None), slice(k, k + 1)), l_col)
    piv = ops.stack(pivots, axis=-1) if pivots else ops.zeros(batch + (0,), dtype=i32)
    return v, piv, perm


def lu_factor(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> tuple[Array, Array]:
    """``jax.scipy.linalg.lu_factor``: (packed LU, int32 LAPACK-style pivots)."""
    x = _f("lu_factor", a)
    packed, piv, _ = _lu(x.native)
    return _w(packed, x), Array._wrap(piv, False)


def lu(a: Any, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True,
       p_indices: bool = False) -> Any:  # fmt: skip
    """``jax.scipy.linalg.lu``: ``a = p @ l @ u``."""
    x = _f("lu", a)
    packed, _, perm = _lu(x.native)
    m, n = int(packed.shape[-2]), int(packed.shape[-1])
    k = min(m, n)
    eye = ops.eye(m, k, dtype=x._dtype)
    lower = ops.add(ops.tril(ops.get_item(packed, (Ellipsis, slice(None), slice(0, k))), k=-1), eye)
    upper = ops.triu(ops.get_item(packed, (Ellipsis, slice(0, k), slice(None))))
    cols = ops.arange(m, dtype=core.Dtype("int32"))
    pmat = ops.astype(
        ops.equal(ops.expand_dims(perm, axis=-2), ops.expand_dims(cols, axis=-1)), x._dtype
    )
    if permute_l:
        return _w(ops.matmul(pmat, lower), x), _w(upper, x)
    if p_indices:
        return Array._wrap(perm, False), _w(lower, x), _w(upper, x)
    return _w(pmat, x), _w(lower, x), _w(upper, x)


def lu_solve(lu_and_piv: tuple[Any, Any], b: Any, trans: int = 0, overwrite_b: bool = False,
             check_finite: bool = True) -> Array:  # fmt: skip
    """``jax.scipy.linalg.lu_solve``: ``trans`` 0 (a x = b), 1 (a^T x = b), 2 (a^H x = b)."""
    packed_in, piv_in = lu_and_piv
    packed = _f("lu_solve", packed_in)
    piv = asarray(piv_in).native
    bx = promote_args_inexact("lu_solve", packed, b)[1]
    m = int(packed.shape[-1])
    rows = ops.arange(m, dtype=core.Dtype("int32"))
    perm = rows
    for k in range(int(piv.shape[-1])):
        p = ops.get_item(piv, k)
        swap = ops.where(ops.equal(rows, k), p, ops.where(ops.equal(rows, p), k, rows))
        perm = ops.take(perm, swap, axis=0)
    bv = bx.native
    vector = len(bv.shape) == 1
    if vector:
        bv = ops.expand_dims(bv, axis=-1)
    if trans == 0:
        y = ops.take(bv, perm, axis=0)
        y = solve_triangular(
            Array._wrap(packed.native, False), Array._wrap(y, False), lower=True, unit_diagonal=True
        ).native
        out = solve_triangular(
            Array._wrap(packed.native, False), Array._wrap(y, False), lower=False
        ).native
    else:
        t = 1 if trans == 1 else 2
        y = solve_triangular(
            Array._wrap(packed.native, False), Array._wrap(bv, False), trans=t, lower=False
        ).native
        y = solve_triangular(Array._wrap(packed.native, False), Array._wrap(y, False), trans=t, lower=True,
                             unit_diagonal=True).native  # fmt: skip
        inverse = ops.argsort(perm, axis=-1)
        out = ops.take(y, inverse, axis=0)
    if vector:
        out = ops.squeeze(out, axis=-1)
    return _w(out, packed)


# --------------------------------------------------------------------- expm
_PADE13 = (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
           129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
           40840800.0, 960960.0, 16380.0, 182.0, 1.0)  # fmt: skip


def expm(A: Any, *, upper_triangular: bool = False, max_squarings: int = 16) -> Array:
    """``jax.scipy.linalg.expm``: Pade-13 scaling and squaring."""
    x = _f("expm", A)
    v = x.native
    n = int(v.shape[-1])
    norm = float(to_host(ops.max(ops.sum(ops.abs(v), axis=-2)))) if n else 0.0
    theta13 = 5.371920351148152
    s = max(0, math.ceil(math.log2(norm / theta13))) if norm > theta13 else 0
    s = min(s, max_squarings)
    v = ops.divide(v, ops.asarray(2.0**s, dtype=x._dtype))
    eye = ops.broadcast_to(ops.eye(n, dtype=x._dtype), tuple(v.shape))
    b = [ops.asarray(c, dtype=x._dtype) for c in _PADE13]
    a2 = ops.matmul(v, v)
    a4 = ops.matmul(a2, a2)
    a6 = ops.matmul(a4, a2)

    def lin(*terms: tuple[Any, Any]) -> Any:
        out = None
        for c, m in terms:
            t = ops.multiply(c, m)
            out = t if out is None else ops.add(out, t)
        return out

    u_inner = lin((b[13], a6), (b[11], a4), (b[9], a2))
    u = ops.matmul(
        v, ops.add(ops.matmul(a6, u_inner), lin((b[7], a6), (b[5], a4), (b[3], a2), (b[1], eye)))
    )
    v_inner = lin((b[12], a6), (b[10], a4), (b[8], a2))
    vv = ops.add(ops.matmul(a6, v_inner), lin((b[6], a6), (b[4], a4), (b[2], a2), (b[0], eye)))
    r = ops.linalg.solve(ops.subtract(vv, u), ops.add(vv, u))
    for _ in range(s):
        r = ops.matmul(r, r)
    return _w(r, x)


# --------------------------------------------------------------------- special matrices
def block_diag(*arrs: Any) -> Array:
    """``jax.scipy.linalg.block_diag``: the arrays (promoted) on the diagonal."""
    if not arrs:
        arrs = (asarray(0.0).reshape((1, 0)),)
    from frontends.jax.scipy._promote import promote_args

    arrays = promote_args("block_diag", *arrs)
    mats = []
    for a in arrays:
        v = a.native
        if len(v.shape) < 2:
            v = ops.reshape(v, (1, -1))
        mats.append(v)
    rows = sum(int(m.shape[0]) for m in mats)
    cols = sum(int(m.shape[1]) for m in mats)
    out = ops.zeros((rows, cols), dtype=arrays[0]._dtype)
    r = c = 0
    for m in mats:
        h, w = int(m.shape[0]), int(m.shape[1])
        out = ops.set_item(out, (slice(r, r + h), slice(c, c + w)), m)
        r, c = r + h, c + w
    return Array._wrap(out, False)


def toeplitz(c: Any, r: Any = None) -> Array:
    """``jax.scipy.linalg.toeplitz``: first column ``c``, first row ``r`` (``conj(c)``
    when omitted)."""
    cv = asarray(c)
    if r is None:
        rv = (
            Array._wrap(ops.conj(cv.native), cv.weak_type, cv._dtype)
            if cv._dtype.kind == "c"
            else cv
        )
    else:
        rv = asarray(r)
    from frontends.jax.scipy._promote import promote_args

    ca, ra = promote_args("toeplitz", cv, rv)
    cn = ops.reshape(ca.native, (-1,))
    rn = ops.reshape(ra.native, (-1,))
    m, n = int(cn.shape[0]), int(rn.shape[0])
    vals = ops.concat([ops.flip(ops.get_item(rn, slice(1, None)), axis=(0,)), cn])
    i = ops.reshape(ops.arange(m, dtype=core.Dtype("int32")), (m, 1))
    j = ops.reshape(ops.arange(n, dtype=core.Dtype("int32")), (1, n))
    idx = ops.add(ops.subtract(i, j), n - 1)
    out = ops.reshape(ops.take(vals, ops.reshape(idx, (-1,)), axis=0), (m, n))
    return Array._wrap(out, ca.weak_type)


def circulant(c: Any) -> Array:
    cv = asarray(c)
    n = cv.shape[-1]
    i = ops.reshape(ops.arange(n, dtype=core.Dtype("int32")), (n, 1))
    j = ops.reshape(ops.arange(n, dtype=core.Dtype("int32")), (1, n))
    idx = ops.remainder(ops.subtract(i, j), n)
    return Array._wrap(
        ops.reshape(ops.take(cv.native, ops.reshape(idx, (-1,)), axis=-1), (n, n)), cv.weak_type
    )


def hankel(c: Any, r: Any = None) -> Array:
    cv = asarray(c)
    cn = ops.reshape(cv.native, (-1,))
    m = int(cn.shape[0])
    if r is None:
        rn = ops.zeros((m,), dtype=cv._dtype)
    else:
        rn = ops.reshape(ops.astype(asarray(r).native, cv._dtype), (-1,))
    n = int(rn.shape[0])
    vals = ops.concat([cn, ops.get_item(rn, slice(1, None))])
    i = ops.reshape(ops.arange(m, dtype=core.Dtype("int32")), (m, 1))
    j = ops.reshape(ops.arange(n, dtype=core.Dtype("int32")), (1, n))
    idx = ops.add(i, j)
    return Array._wrap(
        ops.reshape(ops.take(vals, ops.reshape(idx, (-1,)), axis=0), (m, n)), cv.weak_type
    )


def hilbert(n: int) -> Array:
    """``jax.scipy.linalg.hilbert``: 1 / (i + j + 1) in the default float dtype."""
    from frontends.jax._src import dtypes as jdt

    dt = jdt.default_dtype("f")
    i = ops.reshape(ops.arange(n, dtype=dt), (n, 1))
    j = ops.reshape(ops.arange(n, dtype=dt), (1, n))
    return Array._wrap(ops.reciprocal(ops.add(ops.add(i, j), ops.asarray(1.0, dtype=dt))), False)


_ = Sequence
