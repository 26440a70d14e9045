"""torch.functional: the Python-level functions torch defines in that module, re-exported
(they live in ``torch.*`` too; their implementations are the frontend's op modules)."""

from frontends.torch._lowrank import pca_lowrank, svd_lowrank
from frontends.torch._tensor import Tensor
from frontends.torch.blas_lapack_ops import chain_matmul, lu
from frontends.torch.indexing_ops import split, unravel_index
from frontends.torch.other_ops import (
    atleast_1d,
    atleast_2d,
    atleast_3d,
    block_diag,
    broadcast_shapes,
    broadcast_tensors,
    cartesian_prod,
    cdist,
    einsum,
    meshgrid,
    tensordot,
)
from frontends.torch.reduction_ops import norm, unique, unique_consecutive
from frontends.torch.spectral_ops import istft, stft

__all__ = [
    "atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "broadcast_shapes",
    "broadcast_tensors", "cartesian_prod", "cdist", "chain_matmul", "einsum", "istft", "lu",
    "meshgrid", "norm", "pca_lowrank", "split", "stft", "svd_lowrank", "tensordot", "unique", "unique_consecutive",
    "unravel_index", "Tensor",
]  # fmt: skip
