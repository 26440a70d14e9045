"""torch.sparse, backed by dense arrays: ``torch.sparse_coo_tensor``, ``Tensor.to_sparse``,
``Tensor.to_dense``, ``torch.sparse.mm`` / ``torch.spmm``, ``torch.sparse.addmm``,
``torch.sparse.sum``.

A sparse COO tensor here is a :class:`SparseTensor`: a Tensor holding the dense values
(every backend computes on those) and the indices and values it was made from, so that
``is_sparse``, ``layout``, ``indices()``, ``values()``, ``_nnz()``, ``coalesce()`` ... answer
as torch's. What differs from torch, and why: no backend has sparse arrays, so memory is
that of the dense tensor; operations on a sparse tensor give dense tensors (torch keeps
``s + s`` and ``s * 2`` sparse), except ``coalesce``, ``to_sparse`` and ``torch.sparse.sum``
over some dimensions; a result made sparse from dense values (``to_sparse``,
``torch.sparse.sum``) lists the nonzero entries (torch keeps entries that cancel to zero).
Gradients flow through the dense values (to ``values`` of ``sparse_coo_tensor``), and come
back dense. Only the COO layout exists.
"""

from __future__ import annotations

import builtins
import sys
import weakref
from collections.abc import Sequence
from typing import Any

from frontends.torch._tensor import Tensor
from frontends.torch._tensor_attributes import sparse_coo

__all__ = ["SparseTensor", "addmm", "mm", "sum"]


def _torch() -> Any:
    return sys.modules["frontends.torch"]


_ENTRIES: dict[int, tuple[Tensor, Tensor, bool]] = {}
"""id of each live SparseTensor -> its (indices, values, coalesced): kept beside it, so
that it has Tensor's fields and its views can become plain Tensors (a weak-keyed dict would
compare tensors with ==, which is elementwise)."""


class SparseTensor(Tensor):
    """A sparse COO tensor, its dense values computed once (see the module docstring)."""

    __slots__ = ()

    @property
    def _sparse_indices(self) -> Tensor:
        return _ENTRIES[id(self)][0]

    @property
    def _sparse_values(self) -> Tensor:
        return _ENTRIES[id(self)][1]

    @property
    def _coalesced(self) -> bool:
        return _ENTRIES[id(self)][2]

    def _view_from(self, value: Any, forward: Any, inverse: Any) -> Tensor:
        view = super()._view_from(value, forward, inverse)
        view.__class__ = Tensor  # a view of the values is a dense tensor
        return view

    @property
    def is_sparse(self) -> bool:
        return True

    @property
    def layout(self) -> Any:
        return sparse_coo

    def _nnz(self) -> int:
        return int(self._sparse_values.shape[0])

    def _indices(self) -> Tensor:
        return self._sparse_indices

    def _values(self) -> Tensor:
        return self._sparse_values

    def indices(self) -> Tensor:
        self._check_coalesced("indices")
        return self._sparse_indices

    def values(self) -> Tensor:
        self._check_coalesced("values")
        return self._sparse_values

    def _check_coalesced(self, what: str) -> None:
        if not self._coalesced:
            raise RuntimeError(
                f"Cannot get {what} on an uncoalesced tensor, please call .coalesce() first"
            )

    def is_coalesced(self) -> bool:
        return self._coalesced

    def sparse_dim(self) -> int:
        return int(self._sparse_indices.shape[0])

    def dense_dim(self) -> int:
        return self.ndim - self.sparse_dim()

    def coalesce(self) -> SparseTensor:
        """Sorted indices, duplicates summed (the entries of the dense values that any index
        names, zeros included)."""
        if self._coalesced:
            return self
        torch = _torch()
        sizes = torch.tensor(self.shape[: self.sparse_dim()])
        strides = torch.flip(torch.cumprod(torch.flip(sizes, [0]), 0), [0]) // sizes
        flat = (self._sparse_indices * strides.unsqueeze(1)).sum(0)
        unique = torch.unique(flat)
        indices = torch.stack([(unique // s) % n for s, n in zip(strides, sizes)])
        return _sparse(self, indices, self.to_dense()[tuple(indices)], coalesced=True)

    def to_dense(self, dtype: Any = None, *, masked_grad: bool | None = None) -> Tensor:
        dense = _torch().clone(self)
        return dense if dtype is None else dense.to(dtype)

    def to_sparse(self, *args: Any, **kwargs: Any) -> SparseTensor:
        return self

    def __repr__(self, *, tensor_contents: str | None = None) -> str:
        """torch's printout: indices and values, then size, nnz, dtype, layout (and
        requires_grad) each on the line while it fits torch's line width."""
        from frontends.torch._tensor_str import PRINT_OPTS

        dtype = "" if self.dtype == _torch().get_default_dtype() else f", dtype={self.dtype}"
        indices = repr(self._sparse_indices).replace("\n", "\n" + " " * 15)
        values = repr(self._sparse_values).replace(dtype, "").replace("\n", "\n" + " " * 14)
        suffixes = [f"size={tuple(self.shape)}", f"nnz={self._nnz()}"]
        suffixes += [dtype[2:]] * builtins.bool(dtype) + ["layout=torch.sparse_coo"]
        suffixes += ["requires_grad=True"] * self.requires_grad
        text = f"tensor(indices={indices},\n       values={values}"
        line = 0  # the first suffix starts a line
        for suffix in suffixes:
            if line and line + len(suffix) + 2 <= PRINT_OPTS.linewidth:
                text += ", " + suffix
                line += len(suffix) + 2
            else:
                text += ",\n       " + suffix
                line = 7 + len(suffix)
        return text + ")"

    __str__ = __repr__


def _sparse(dense: Tensor, indices: Tensor, values: Tensor, coalesced: bool) -> SparseTensor:
    """A SparseTensor of ``dense``'s values (its autograd history kept), listing
    ``indices`` and ``values``."""
    result = SparseTensor._from_native(dense.native)
    _ENTRIES[id(result)] = (indices, values, coalesced)
    weakref.finalize(result, _ENTRIES.pop, id(result), None)
    return result


def sparse_coo_tensor(
    indices: Any,
    values: Any,
    size: Sequence[int] | None = None,
    *,
    dtype: Any = None,
    device: Any = None,
    pin_memory: bool = False,
    requires_grad: bool = False,
    check_invariants: bool | None = None,
    is_coalesced: bool | None = None,
) -> SparseTensor:
    """torch.sparse_coo_tensor: ``values`` at ``indices`` (duplicates summed) in a tensor of
    ``size`` (default: each sparse dimension one past its largest index)."""
    torch = _torch()
    indices = torch.as_tensor(indices)
    if indices.dtype != torch.int64:
        indices = indices.to(torch.int64)
    values = torch.as_tensor(values, dtype=dtype)
    if indices.ndim != 2:
        raise RuntimeError(f"indices must be sparse_dim x nnz, but got: {list(indices.shape)}")
    sparse_dim = indices.shape[0]
    if size is None:
        extents = indices.amax(1) + 1 if indices.shape[1] else torch.zeros(sparse_dim)
        size = (*(builtins.int(n) for n in extents.tolist()), *values.shape[1:])
    size = tuple(builtins.int(n) for n in size)
    if len(size) != sparse_dim + values.ndim - 1:
        raise RuntimeError(
            f"number of dimensions must be sparse_dim ({sparse_dim}) + dense_dim "
            f"({values.ndim - 1}), but got {len(size)}"
        )
    if check_invariants and indices.shape[1]:
        for dim, (largest, extent) in enumerate(zip(indices.amax(1).tolist(), size)):
            if largest >= extent:
                raise RuntimeError(
                    f"size is inconsistent with indices: for dim {dim}, size is {extent} but "
                    f"found index {largest}"
                )
    dense = torch.zeros(size, dtype=values.dtype).index_put(tuple(indices), values, accumulate=True)
    result = _sparse(dense, indices, values, coalesced=builtins.bool(is_coalesced))
    if requires_grad:
        result.requires_grad_()
    return result


def to_sparse(
    self: Tensor,
    sparse_dim: int | None = None,
    *,
    layout: Any = None,
    blocksize: Any = None,
    dense_dim: int | None = None,
) -> SparseTensor:
    """Tensor.to_sparse: the COO tensor of ``self``'s nonzero entries (over its first
    ``sparse_dim`` dimensions, all by default). Other layouts than COO do not exist here."""
    if layout not in (None, sparse_coo):
        raise NotImplementedError(
            f"to_sparse(layout={layout}): only the COO layout exists in this frontend "
            "(sparse tensors are dense arrays with their indices)"
        )
    torch = _torch()
    sparse_dim = self.ndim if sparse_dim is None else sparse_dim
    present = self != 0
    if sparse_dim < self.ndim:
        present = present.flatten(sparse_dim).any(-1)
    indices = torch.nonzero(present).T
    return _sparse(self, indices, self[tuple(indices)], coalesced=True)


def to_dense(self: Tensor, dtype: Any = None, *, masked_grad: bool | None = None) -> Tensor:
    """Tensor.to_dense of a dense tensor: the tensor itself (``dtype``: converted)."""
    return self if dtype is None else self.to(dtype)


def mm(mat1: Tensor, mat2: Tensor, reduce: str | None = None) -> Tensor:
    """torch.sparse.mm (and torch.spmm): the matrix product, dense; ``reduce`` (torch's
    CSR-only reductions) is not supported."""
    if reduce is not None:
        raise NotImplementedError(
            "torch.sparse.mm(reduce=...) reduces over a CSR matrix's rows, a layout this "
            "frontend lacks"
        )
    return _torch().mm(mat1, mat2)


def addmm(
    mat: Tensor, mat1: Tensor, mat2: Tensor, *, beta: float = 1.0, alpha: float = 1.0
) -> Tensor:
    """torch.sparse.addmm: ``beta * mat + alpha * mat1 @ mat2``, dense."""
    return _torch().addmm(mat, mat1, mat2, beta=beta, alpha=alpha)


def sum(input: Tensor, dim: Any = None, dtype: Any = None) -> Tensor:
    """torch.sparse.sum: of every entry (a dense 0-d tensor), or over ``dim`` (a sparse
    tensor of the nonzero sums)."""
    if not input.is_sparse:
        raise RuntimeError("coalesce expected sparse coordinate tensor layout but got Strided")
    torch = _torch()
    dense = input.to_dense()
    if dim is None:
        return torch.sum(dense, dtype=dtype)
    result = torch.sum(dense, dim, dtype=dtype)
    return to_sparse(result) if result.ndim else result


def spmm(input: Tensor, mat2: Tensor) -> Tensor:
    """torch.spmm: :func:`torch.sparse.mm`."""
    return mm(input, mat2)


def _refuses(name: str, layout: str = "sparse coordinate tensor") -> Any:
    def method(self: Tensor) -> Any:
        raise RuntimeError(f"{name} expected {layout} layout but got Strided")

    method.__name__ = method.__qualname__ = name
    method.__doc__ = "Of a sparse tensor only: a dense one raises, as in torch."
    return method


Tensor.to_sparse = to_sparse
Tensor.to_dense = to_dense
Tensor.sparse_dim = lambda self: 0
Tensor.dense_dim = lambda self: self.ndim
for _name in ("coalesce", "indices", "is_coalesced"):
    setattr(Tensor, _name, _refuses(_name))
Tensor.values = _refuses("values", "sparse tensor")
