"""Putting a module's parameters and a batch on core's mesh (``core.mesh.place``)."""

from __future__ import annotations

from typing import Any

import core.mesh


def place_tensor(tensor: Any, dim: int | None) -> Any:
    """``tensor`` on the mesh (split along ``dim``, or replicated); a tensor that records
    gradients is returned as it is (placing it is a copy autograd does not see)."""
    from frontends import torch

    if not isinstance(tensor, torch.Tensor) or tensor.requires_grad:
        return tensor
    return torch.Tensor._from_native(core.mesh.place(tensor.native, dim))


def place_module(module: Any, dim: int | None) -> None:
    """Each parameter and buffer of ``module`` replaced in place (same leaf) by its values
    on the mesh, split along ``dim`` where its size divides evenly."""
    from frontends import torch

    with torch.no_grad():
        for tensor in [*module.parameters(), *module.buffers()]:
            tensor.data = torch.Tensor._from_native(core.mesh.place(tensor.native, dim))


def place_batch(args: Any, kwargs: Any, dim: int) -> tuple[Any, Any]:
    """The tensors of a forward call's inputs split along ``dim`` over the mesh (as each
    rank would hold its part of the global batch)."""
    from frontends.torch.utils import _pytree

    return _pytree.tree_map(lambda t: place_tensor(t, dim), (args, kwargs))
