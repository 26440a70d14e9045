"""torch's BLAS and LAPACK ops (torch docs, "BLAS and LAPACK Operations"), through core.

As torch 2.13, the matrix products do not promote: both operands must have the same dtype
(torch's messages, e.g. "expected m1 and m2 to have the same dtype"); integer products
work (wrapping), bool and uint16/32/64 raise; float16/bfloat16 products accumulate in
float32 and round back, as torch's CPU kernels do. ``outer``/``ger``/``addr`` promote, as
torch's do. Decompositions (``cholesky``, ``qr``, ``svd`` ...) are those of
:mod:`frontends.torch.linalg`; ``torch.svd`` returns ``V`` (not ``Vh``) and the reduced
factors by default.

Not here: ``lu``/``lu_solve``/``lu_unpack`` in torch.* (see ``torch.linalg.lu_factor``),
the deprecated ``torch.lstsq`` (removed from torch), ``geqrf``/``ormqr``/``orgqr``.
"""

from __future__ import annotations

from typing import Any

import core
from core import autodiff as _ad
from core import native as ops
from frontends.torch import return_types
from frontends.torch._frontend import fast, functions, torch_function, writes_out
from frontends.torch._linalg_native import (
    cholesky_native,
    det_native,
    inv_native,
    lu_triangles,
    matrix_exp_native,
    matrix_power_native,
    multi_dot_native,
    permutation_from_rows,
    pinv_native,
    qr_native,
    rows_from_pivots,
    slogdet_native,
    solve_native,
    svd_native,
    svdvals_native,
)
from frontends.torch._ops_support import (
    c_name,
    dtype_of,
    matmul_native,
    ndim_of,
    product,
    scalar,
    torch_name,
    unsupported_dtypes,
)
from frontends.torch._tensor import INPLACE_NAMES, Tensor

__all__ = [
    "addbmm", "addmm", "addmv", "addr", "baddbmm", "bmm", "chain_matmul", "cholesky",
    "cholesky_inverse", "cholesky_solve", "det", "dot", "ger", "inner", "inverse", "logdet",
    "matmul", "matrix_exp", "matrix_power", "mm", "mv", "outer", "pinverse", "qr", "slogdet",
    "svd", "vdot",
]  # fmt: skip

_PRODUCT_UNSUPPORTED = ("bool", "uint16", "uint32", "uint64")
_svd_type = return_types.make("svd", ("U", "S", "V"))
_qr_type = return_types.make("qr", ("Q", "R"))
_slogdet_type = return_types.make("slogdet", ("sign", "logabsdet"))

INPLACE_NAMES.update({"addbmm", "addmm", "addmv", "addr", "baddbmm"})


# ---------------------------------------------------------------------------------------
# products on natives
# ---------------------------------------------------------------------------------------
def _same_dtype(message: str, *operands: Any) -> None:
    dtypes = [dtype_of(x) for x in operands]
    if any(d != dtypes[0] for d in dtypes):
        raise RuntimeError(message.format(*(torch_name(d) for d in dtypes)))


def _require_dim(x: Any, ndim: int, message: str) -> None:
    if ndim_of(x) != ndim:
        raise RuntimeError(message)


def _scaled(value: Any, factor: Any, dtype: core.Dtype) -> Any:
    """``factor * value`` as torch computes ``alpha``/``beta`` (integers truncate)."""
    if isinstance(factor, bool) or factor == 1:
        return value
    if dtype.kind in "iu":
        factor = int(factor)
    elif dtype == core.bool:
        factor = bool(factor)
    return ops.multiply(value, scalar(factor, dtype))


def _add_scaled(input: Any, product_value: Any, beta: Any, alpha: Any) -> Any:
    """``beta * input + alpha * product`` (``beta == 0`` ignores NaN in ``input``)."""
    dtype = dtype_of(product_value)
    result = _scaled(product_value, alpha, dtype)
    if beta == 0:
        return ops.broadcast_to(result, tuple(ops.broadcast_arrays(input, result)[0].shape))
    return ops.add(_scaled(input, beta, dtype), result)


# ---------------------------------------------------------------------------------------
# products
# ---------------------------------------------------------------------------------------
@fast("matmul", "input", "other", scalars=False)
@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def matmul(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The matrix product with numpy's broadcasting; no promotion (torch requires equal
    dtypes)."""
    return matmul_native(input, other)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def mm(input: Tensor, mat2: Tensor, out_dtype: Any = None, *, out: Tensor | None = None) -> Tensor:
    """The product of two matrices (2-D only)."""
    _cpu_out_dtype("mm", out_dtype)
    _require_dim(input, 2, "self must be a matrix")
    _require_dim(mat2, 2, "mat2 must be a matrix")
    return matmul_native(input, mat2)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def bmm(input: Tensor, mat2: Tensor, out_dtype: Any = None, *, out: Tensor | None = None) -> Tensor:
    """Batched matrix product of two 3-D tensors with equal batch sizes."""
    _cpu_out_dtype("bmm", out_dtype)
    _require_dim(input, 3, "batch1 must be a 3D tensor")
    _require_dim(mat2, 3, "batch2 must be a 3D tensor")
    if input.shape[0] != mat2.shape[0]:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: "
            f"[{input.shape[0]}, {input.shape[2]}] but got: [{mat2.shape[0]}, {mat2.shape[1]}]."
        )
    return matmul_native(input, mat2)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def mv(input: Tensor, vec: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Matrix-vector product."""
    if ndim_of(input) != 2 or ndim_of(vec) != 1:
        raise RuntimeError(
            f"vector + matrix @ vector expected, got 1, {ndim_of(input)}, {ndim_of(vec)}"
        )
    return matmul_native(input, vec)


def _dot_native(input: Any, other: Any) -> Any:
    if ndim_of(input) != 1 or ndim_of(other) != 1:
        raise RuntimeError(
            f"1D tensors expected, but got {ndim_of(input)}D and {ndim_of(other)}D tensors"
        )
    return matmul_native(input, other)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def dot(input: Tensor, tensor: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The dot product of two 1-D tensors of the same dtype (no conjugation)."""
    return _dot_native(input, tensor)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def vdot(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The dot product conjugating the first vector."""
    if dtype_of(input).kind == "c":
        return _dot_native(ops.conj(input), other)
    return _dot_native(input, other)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def inner(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Sum-product over the last dimensions (a scalar operand multiplies)."""
    if dtype_of(input) != dtype_of(other):
        raise RuntimeError("both inputs should have same dtype")
    if ndim_of(input) == 0 or ndim_of(other) == 0:
        return product(ops.multiply, input, other)
    if input.shape[-1] != other.shape[-1]:
        raise RuntimeError(
            f"inner() the last dimension must match on both input tensors but got shapes "
            f"{list(input.shape)} and {list(other.shape)}"
        )
    return product(lambda a, b: ops.tensordot(a, b, axes=([-1], [-1])), input, other)


def _outer_native(name: str, input: Any, vec2: Any) -> Any:
    if ndim_of(input) != 1 or ndim_of(vec2) != 1:
        raise RuntimeError(
            f"{name}: Expected 1-D argument self, but got {ndim_of(input)}-D"
            if ndim_of(input) != 1
            else f"{name}: Expected 1-D argument vec2, but got {ndim_of(vec2)}-D"
        )
    if dtype_of(input) == core.bool:
        return ops.logical_and(ops.expand_dims(input, axis=1), ops.expand_dims(vec2, axis=0))
    return ops.multiply(ops.expand_dims(input, axis=1), ops.expand_dims(vec2, axis=0))


@torch_function("input", "vec2")
def outer(input: Tensor, vec2: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The outer product of two vectors (promoted, as torch's)."""
    return _outer_native("outer", input, vec2)


@torch_function("input", "vec2")
def ger(input: Tensor, vec2: Tensor, *, out: Tensor | None = None) -> Tensor:
    """Alias of :func:`outer`."""
    return _outer_native("outer", input, vec2)


@torch_function()
def chain_matmul(*matrices: Tensor, out: Tensor | None = None) -> Tensor:
    """Deprecated alias of ``torch.linalg.multi_dot`` for 2-D matrices."""
    if len(matrices) == 1:
        return matrices[0]
    return multi_dot_native(list(matrices), "chain_matmul")


def _cpu_out_dtype(name: str, out_dtype: Any) -> None:
    """torch implements the products' ``out_dtype=`` (a wider result dtype) for CUDA only;
    its CPU kernels raise NotImplementedError, and so does the frontend (torch's CPU)."""
    if out_dtype is not None:
        raise NotImplementedError(
            f"Could not run 'aten::{name}.dtype' with arguments from the 'CPU' backend: "
            f"torch.{name}'s out_dtype= is implemented for CUDA only"
        )


def _check_add_dtypes(name: str, input: Any, *operands: Any) -> None:
    if dtype_of(input) != dtype_of(operands[0]):
        raise RuntimeError(
            f"self and mat2 must have the same dtype, but got {torch_name(dtype_of(input))} "
            f"and {torch_name(dtype_of(operands[0]))}"
        )


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def addmm(
    input: Tensor,
    mat1: Tensor,
    mat2: Tensor,
    out_dtype: Any = None,
    *,
    beta: Any = 1,
    alpha: Any = 1,
    out: Tensor | None = None,
) -> Tensor:
    """``beta * input + alpha * (mat1 @ mat2)``. On the torch backend a bias row added to an
    untracked product (transformers' ``Conv1D`` at inference) is ``nn.linear`` on
    ``mat2``'s transpose, a free view there: torch's own fused addmm, its bits. Elsewhere
    the transpose would be a copy per call (eager jax: 2.2x slower generate), and a
    recorded call keeps the product and the add, whose cotangent of ``mat2`` comes in its
    own layout."""
    _cpu_out_dtype("addmm", out_dtype)
    _check_add_dtypes("addmm", input, mat1)
    _require_dim(mat1, 2, f"mat1 must be a matrix, got {ndim_of(mat1)}-D tensor")
    _require_dim(mat2, 2, f"mat2 must be a matrix, got {ndim_of(mat2)}-D tensor")
    if (
        beta == 1
        and alpha == 1
        and ndim_of(input) == 1
        and input.shape[0] == mat2.shape[1]
        and dtype_of(mat1).kind == "f"
        and dtype_of(mat2) == dtype_of(mat1)
        and not (_ad.recording() and any(map(_ad.is_tracked, (input, mat1, mat2))))
        and core.current_backend().name == "torch"
    ):
        return ops.nn.linear(mat1, ops.matrix_transpose(mat2), input)
    return _add_scaled(input, matmul_native(mat1, mat2), beta, alpha)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def addmv(
    input: Tensor,
    mat: Tensor,
    vec: Tensor,
    *,
    beta: Any = 1,
    alpha: Any = 1,
    out: Tensor | None = None,
) -> Tensor:
    """``beta * input + alpha * (mat @ vec)``."""
    if not (dtype_of(input) == dtype_of(mat) == dtype_of(vec)):
        raise RuntimeError(
            "addmv input tensors must have the same dtype, but got "
            f"{torch_name(dtype_of(input))}, {torch_name(dtype_of(mat))}, and "
            f"{torch_name(dtype_of(vec))}"
        )
    if ndim_of(mat) != 2 or ndim_of(vec) != 1:
        raise RuntimeError(
            f"vector + matrix @ vector expected, got {ndim_of(input)}, {ndim_of(mat)}, {ndim_of(vec)}"
        )
    return _add_scaled(input, matmul_native(mat, vec), beta, alpha)


@unsupported_dtypes("uint16", "uint32", "uint64")
@torch_function("input", "vec1", "vec2")
def addr(
    input: Tensor,
    vec1: Tensor,
    vec2: Tensor,
    *,
    beta: Any = 1,
    alpha: Any = 1,
    out: Tensor | None = None,
) -> Tensor:
    """``beta * input + alpha * outer(vec1, vec2)`` (promoted, as torch's)."""
    if ndim_of(vec1) != 1 or ndim_of(vec2) != 1:
        raise RuntimeError(
            f"addr: Expected 1-D argument vec1, but got {ndim_of(vec1)}-D"
            if ndim_of(vec1) != 1
            else f"addr: Expected 1-D argument vec2, but got {ndim_of(vec2)}-D"
        )
    if dtype_of(input) == core.bool:
        outer_value = ops.logical_and(ops.expand_dims(vec1, axis=1), ops.expand_dims(vec2, axis=0))
        if not alpha:
            outer_value = ops.zeros_like(outer_value)
        if not beta:
            return ops.broadcast_to(
                outer_value, tuple(ops.broadcast_arrays(input, outer_value)[0].shape)
            )
        return ops.logical_or(input, outer_value)
    outer_value = ops.multiply(ops.expand_dims(vec1, axis=1), ops.expand_dims(vec2, axis=0))
    return _add_scaled(input, outer_value, beta, alpha)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def baddbmm(
    input: Tensor,
    batch1: Tensor,
    batch2: Tensor,
    out_dtype: Any = None,
    *,
    beta: Any = 1,
    alpha: Any = 1,
    out: Tensor | None = None,
) -> Tensor:
    """``beta * input + alpha * bmm(batch1, batch2)``."""
    _cpu_out_dtype("baddbmm", out_dtype)
    if not (dtype_of(input) == dtype_of(batch1) == dtype_of(batch2)):
        raise RuntimeError(
            "Input dtypes must be the same, got: input "
            f"{c_name(dtype_of(input))}, batch1: {c_name(dtype_of(batch1))}, "
            f"batch2: {c_name(dtype_of(batch2))}"
        )
    _require_dim(batch1, 3, "batch1 must be a 3D tensor")
    _require_dim(batch2, 3, "batch2 must be a 3D tensor")
    return _add_scaled(input, matmul_native(batch1, batch2), beta, alpha)


@unsupported_dtypes(*_PRODUCT_UNSUPPORTED)
@torch_function("input")
def addbmm(
    input: Tensor,
    batch1: Tensor,
    batch2: Tensor,
    *,
    beta: Any = 1,
    alpha: Any = 1,
    out: Tensor | None = None,
) -> Tensor:
    """``beta * input + alpha * sum_i(batch1[i] @ batch2[i])``."""
    _check_add_dtypes("addbmm", input, batch1)
    _require_dim(batch1, 3, "batch1 must be a 3D tensor")
    _require_dim(batch2, 3, "batch2 must be a 3D tensor")
    products = matmul_native(batch1, batch2)
    summed = ops.astype(product(lambda p: ops.sum(p, axis=0), products), dtype_of(products))
    return _add_scaled(input, summed, beta, alpha)


# ---------------------------------------------------------------------------------------
# LAPACK-style functions (torch.* spellings of torch.linalg's)
# ---------------------------------------------------------------------------------------
_FLOAT_ONLY = ("bool", "integer", "float16", "bfloat16")


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def det(input: Tensor) -> Tensor:
    """The determinant (``torch.linalg.det``)."""
    return det_native(input, "linalg.det")


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def logdet(input: Tensor) -> Tensor:
    """log(det(input)): NaN for a negative real determinant, -inf for a singular matrix."""
    sign, logabsdet = slogdet_native(input, "logdet")
    if dtype_of(input).kind == "c":
        return ops.add(ops.log(sign), ops.astype(logabsdet, dtype_of(input)))
    negative = ops.less(sign, scalar(0, dtype_of(sign)))
    return ops.where(negative, scalar(float("nan"), dtype_of(logabsdet)), logabsdet)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def slogdet(input: Tensor, *, out: Any = None) -> Any:
    """``torch.return_types.slogdet(sign, logabsdet)``."""
    return _slogdet_type(*slogdet_native(input, "linalg.slogdet"))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def inverse(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The inverse (``torch.linalg.inv``)."""
    return inv_native(input)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def cholesky(input: Tensor, upper: bool = False, *, out: Tensor | None = None) -> Tensor:
    """The Cholesky factor (lower, or upper with ``upper=True``)."""
    return cholesky_native(input, upper, "cholesky")


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def cholesky_inverse(input: Tensor, upper: bool = False, *, out: Tensor | None = None) -> Tensor:
    """The inverse of ``L @ L^H`` (or ``U^H @ U``) from its Cholesky factor."""
    factor = ops.conj(ops.matrix_transpose(input)) if upper else input
    gram = matmul_native(factor, ops.conj(ops.matrix_transpose(factor)))
    return inv_native(gram)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def cholesky_solve(
    input: Tensor, input2: Tensor, upper: bool = False, *, out: Tensor | None = None
) -> Tensor:
    """Solves ``A X = B`` given ``B`` (``input``) and the Cholesky factor of ``A``."""
    if dtype_of(input) != dtype_of(input2):
        raise RuntimeError(
            "Expected b and A to have the same dtype, but found b of type "
            f"{torch_name(dtype_of(input))} and A of type {torch_name(dtype_of(input2))} instead."
        )
    factor = ops.conj(ops.matrix_transpose(input2)) if upper else input2
    gram = matmul_native(factor, ops.conj(ops.matrix_transpose(factor)))
    batch = ops.broadcast_arrays(
        ops.zeros(gram.shape[:-2], dtype=core.bool), ops.zeros(input.shape[:-2], dtype=core.bool)
    )[0].shape
    gram = ops.broadcast_to(gram, (*batch, *gram.shape[-2:]))
    rhs = ops.broadcast_to(input, (*batch, *input.shape[-2:]))
    return solve_native(gram, rhs)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def pinverse(input: Tensor, rcond: float = 1e-15) -> Tensor:
    """The pseudo-inverse (``torch.linalg.pinv(input, rtol=rcond)``)."""
    return pinv_native(input, None, rcond, False)


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def qr(input: Tensor, some: bool = True, *, out: Any = None) -> Any:
    """``torch.return_types.qr(Q, R)``: reduced when ``some``, complete otherwise."""
    return _qr_type(*qr_native(input, "reduced" if some else "complete"))


@unsupported_dtypes(*_FLOAT_ONLY)
@torch_function("input")
def svd(input: Tensor, some: bool = True, compute_uv: bool = True, *, out: Any = None) -> Any:
    """``torch.return_types.svd(U, S, V)`` with ``V`` (not ``Vh``); without
    ``compute_uv``, ``U`` and ``V`` are zero-filled (m, m) and (n, n), as torch's."""
    if not compute_uv:
        values = svdvals_native(input)
        m, n = input.shape[-2], input.shape[-1]
        batch = tuple(input.shape[:-2])
        return _svd_type(
            ops.zeros((*batch, m, m), dtype=dtype_of(input)),
            values,
            ops.zeros((*batch, n, n), dtype=dtype_of(input)),
        )
    u, s, vh = svd_native(input, not some)
    return _svd_type(u, s, ops.conj(ops.matrix_transpose(vh)))


@torch_function("input")
def matrix_power(input: Tensor, n: int, *, out: Tensor | None = None) -> Tensor:
    """``input`` to the integer power ``n`` (negative: of the inverse)."""
    return matrix_power_native(input, n)


@unsupported_dtypes("bool", "integer")
@torch_function("input")
def matrix_exp(input: Tensor) -> Tensor:
    """The matrix exponential, computed in double precision and rounded (for
    float16/bfloat16 torch 2.13's CPU kernel overflows to inf on ordinary inputs, which is
    not mimicked)."""
    return matrix_exp_native(input)


# ---------------------------------------------------------------------------------------
# functions torch removed (they raise, pointing at their torch.linalg replacements)
# ---------------------------------------------------------------------------------------
def _removed(name: str, replacement: str) -> Any:
    def function(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(
            "This function was deprecated since version 1.9 and is now removed. "
            f"Please use the `{replacement}` function instead."
        )

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Removed from torch: raises, as torch does; use ``{replacement}``."
    return function


matrix_rank = _removed("matrix_rank", "torch.linalg.matrix_rank")
lstsq = _removed("lstsq", "torch.linalg.lstsq")
solve = _removed("solve", "torch.linalg.solve")
eig = _removed("eig", "torch.linalg.eig")
symeig = _removed("symeig", "torch.linalg.eigh")
for _name in ("lstsq", "solve", "eig", "symeig"):
    setattr(Tensor, _name, globals()[_name])
__all__ += ["eig", "lstsq", "matrix_rank", "solve", "symeig"]


# ---------------------------------------------------------------------------------------
# LU and triangular solves (torch.* forms; torch.linalg has the current API)
# ---------------------------------------------------------------------------------------
_lu_with_info_type = return_types.make("_lu_with_info", ("LU", "pivots", "info"))
_lu_unpack_type = return_types.make("lu_unpack", ("P", "L", "U"))
_triangular_solve_type = return_types.make("triangular_solve", ("solution", "cloned_coefficient"))


def _linalg() -> Any:
    import sys

    return sys.modules["frontends.torch"].linalg


def lu(A: Tensor, pivot: bool = True, get_infos: bool = False, out: Any = None) -> Any:
    """torch.lu: ``(LU, pivots)``, with ``info`` when ``get_infos`` (deprecated in torch
    for ``torch.linalg.lu_factor``/``lu_factor_ex``)."""
    LU, pivots, info = _linalg().lu_factor_ex(A, pivot=pivot)
    result = _lu_with_info_type(LU, pivots, info) if get_infos else (LU, pivots)
    return result if out is None else functions.write_outs(out, result)


@torch_function("LU_data")
def lu_unpack(
    LU_data: Tensor,
    LU_pivots: Tensor,
    unpack_data: bool = True,
    unpack_pivots: bool = True,
    *,
    out: Any = None,
) -> Any:
    """``(P, L, U)`` from ``lu_factor``'s packed LU and 1-based pivots (empty tensors for
    the parts not unpacked)."""
    m = LU_data.shape[-2]
    dtype = dtype_of(LU_data)
    empty = ops.zeros((0,), dtype=dtype)
    if unpack_data:
        lower, upper = lu_triangles(LU_data)
    else:
        lower, upper = empty, empty
    if unpack_pivots:
        permutation = permutation_from_rows(rows_from_pivots(LU_pivots, m), m, dtype)
    else:
        permutation = empty
    return _lu_unpack_type(permutation, lower, upper)


@writes_out
def lu_solve(input: Tensor, LU_data: Tensor, LU_pivots: Tensor) -> Tensor:
    """torch.lu_solve: ``torch.linalg.lu_solve(LU_data, LU_pivots, input)``."""
    return _linalg().lu_solve(LU_data, LU_pivots, input)


@writes_out
def triangular_solve(
    input: Tensor,
    A: Tensor,
    upper: bool = True,
    transpose: bool = False,
    unitriangular: bool = False,
) -> Any:
    """torch.triangular_solve: ``(solution, cloned_coefficient)`` of ``A X = input``
    (``A^T`` when ``transpose``)."""
    coefficient = A.mT if transpose else A
    solution = _linalg().solve_triangular(
        coefficient, input, upper=upper != transpose, unitriangular=unitriangular
    )
    return _triangular_solve_type(solution, A.clone())


Tensor.lu = lu
Tensor.lu_solve = lu_solve
Tensor.triangular_solve = triangular_solve
__all__ += ["lu", "lu_solve", "lu_unpack", "triangular_solve"]


_geqrf_type = return_types.make("geqrf", ("a", "tau"))


@writes_out
def geqrf(input: Tensor) -> Any:
    """torch.geqrf: the Householder QR in LAPACK's packed form ``(a, tau)``: R on and above
    the diagonal, the reflectors' vectors below it (dlarfg's sign convention)."""
    import frontends.torch as torch

    if input.dim() < 2:
        raise RuntimeError("torch.geqrf: input must have at least 2 dimensions.")
    m, n = input.shape[-2], input.shape[-1]
    k = min(m, n)
    r = input.clone()
    rows = torch.arange(m)
    taus = []
    for j in range(k):
        x = r[..., :, j]
        below = torch.where(rows > j, x, torch.zeros_like(x))
        alpha = x[..., j]
        rest = torch.linalg.vector_norm(below, dim=-1)
        norm = torch.sqrt(alpha.abs() ** 2 + rest**2)
        real_alpha = alpha.real if alpha.is_complex() else alpha
        sign = torch.where(
            real_alpha >= 0, torch.ones_like(real_alpha), -torch.ones_like(real_alpha)
        )
        beta = -sign * norm
        trivial = rest == 0
        if alpha.is_complex():
            trivial = trivial & (alpha.imag == 0)
        safe_beta = torch.where(trivial, torch.ones_like(beta), beta)
        tau = torch.where(trivial, torch.zeros_like(alpha), (safe_beta - alpha) / safe_beta)
        scale = torch.where(trivial, torch.ones_like(alpha), alpha - safe_beta)
        v = torch.where(rows == j, torch.ones_like(x), below / scale.unsqueeze(-1))
        # apply H^H = I - conj(tau) v v^H to the trailing columns
        w = v.conj().unsqueeze(-2) @ r  # (..., 1, n)
        update = (tau.conj().unsqueeze(-1) * v).unsqueeze(-1) @ w
        columns = torch.arange(n)
        r = torch.where((columns >= j).unsqueeze(-2), r - update, r)
        new_column = torch.where(
            rows == j,
            torch.where(trivial, alpha, beta.to(alpha.dtype)).unsqueeze(-1),
            torch.where(rows > j, v, r[..., :, j]),
        )
        r = torch.where((columns == j).unsqueeze(-2), new_column.unsqueeze(-1), r)
        taus.append(tau)
    tau_all = (
        torch.stack(taus, -1) if taus else torch.zeros(*input.shape[:-2], 0, dtype=input.dtype)
    )
    return _geqrf_type(r, tau_all)


@writes_out
def orgqr(input: Tensor, input2: Tensor) -> Tensor:
    """torch.orgqr: ``torch.linalg.householder_product`` (``input2`` is tau)."""
    return _linalg().householder_product(input, input2)


@writes_out
def ormqr(
    input: Tensor, input2: Tensor, input3: Tensor, left: bool = True, transpose: bool = False
) -> Tensor:
    """torch.ormqr: ``input3`` multiplied by the Q of ``(input, input2)`` (geqrf's ``a``
    and ``tau``: torch's parameter names), on the left or right, Q or Q^H."""
    tau, other = input2, input3
    import frontends.torch as torch

    m = input.shape[-2]
    full = torch.cat(
        [input, torch.zeros(*input.shape[:-2], m, max(m - input.shape[-1], 0), dtype=input.dtype)],
        -1,
    )[..., :, :m]
    q = _linalg().householder_product(full, tau)
    if transpose:
        q = q.mH
    return q @ other if left else other @ q


for _name in ("geqrf", "orgqr", "ormqr"):
    setattr(Tensor, _name, globals()[_name])
__all__ += ["geqrf", "orgqr", "ormqr"]
