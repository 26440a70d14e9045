"""``safetensors.torch`` on the torch frontend: tensors are ``frontends.torch`` tensors on the
backend in use. ``device`` arguments are accepted; everything loads on that backend."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy

import core
from frontends.safetensors import _format
from frontends.safetensors._format import SafetensorError, safe_open
from frontends.torch._tensor import Tensor

__all__ = [
    "SafetensorError",
    "load",
    "load_file",
    "load_model",
    "safe_open",
    "save",
    "save_file",
    "save_model",
    "storage_ptr",
    "storage_size",
]


def storage_ptr(tensor: Tensor) -> int:
    """An identifier of the memory ``tensor`` lives in, the same for every view of one
    tensor (see :mod:`frontends.torch.storage`)."""
    return tensor.untyped_storage().data_ptr()


def storage_size(tensor: Tensor) -> int:
    """The bytes of the memory ``tensor`` lives in: its viewed tensor's, for a view."""
    return tensor.untyped_storage().nbytes()


def _to_tensor(array: numpy.ndarray) -> Tensor:
    return Tensor._from_native(core.current_backend().module.from_numpy(array))


def _host_arrays(tensors: Mapping[str, Any]) -> dict[str, numpy.ndarray]:
    """The tensors as host arrays, refused as the real library refuses them: a non-str
    key, a non-tensor, a non-contiguous tensor, tensors sharing memory."""
    if not isinstance(tensors, Mapping):
        raise TypeError(f"argument 'tensor_dict': '{type(tensors).__name__}' object is not a dict")
    for name, tensor in tensors.items():
        if not isinstance(name, str):
            raise TypeError(
                f"argument 'tensor_dict': '{type(name).__name__}' object is not an instance "
                "of 'str'"
            )
        if not isinstance(tensor, Tensor):
            raise ValueError(
                f"Key `{name}` is invalid, expected torch.Tensor but received {type(tensor)}"
            )
    names = list(tensors)
    shared = []
    for i, first in enumerate(names):
        group = {first}
        for second in names[i + 1 :]:
            a, b = tensors[first], tensors[second]
            if (a is b or a._shares_root_with(b)) and a.numel() and b.numel():
                group.add(second)
        if len(group) > 1 and not any(group <= seen for seen in shared):
            shared.append(group)
    if shared:
        raise RuntimeError(
            "\n            Some tensors share memory, this will lead to duplicate memory on disk "
            f"and potential differences when loading them again: {shared}.\n            A "
            "potential way to correctly save your model is to use `save_model`.\n            "
            "More information at https://huggingface.co/docs/safetensors/torch_shared_tensors\n"
            "            "
        )
    for name in names:
        if not tensors[name].is_contiguous():
            raise ValueError(
                f"You are trying to save a non contiguous tensor: `{name}` which is not "
                "allowed. It either means you are trying to save tensors which are reference "
                "of each other in which case it's recommended to save only the full tensors, "
                "and reslice at load time, or simply call `.contiguous()` on your tensor to "
                "pack it before saving."
            )
    return {name: tensor.numpy(force=True) for name, tensor in tensors.items()}


def save(tensors: dict[str, Tensor], metadata: dict[str, str] | None = None) -> bytes:
    """The safetensors bytes of ``tensors`` (contiguous, not sharing memory)."""
    return _format.serialize(_host_arrays(tensors), metadata)


def save_file(
    tensors: dict[str, Tensor],
    filename: str | os.PathLike,
    metadata: dict[str, str] | None = None,
) -> None:
    """Write ``tensors`` to ``filename`` in the safetensors format."""
    data = save(tensors, metadata)
    with open(filename, "wb") as file:
        file.write(data)


def load(data: bytes) -> dict[str, Tensor]:
    """The tensors of a safetensors file's bytes."""
    return {name: _to_tensor(array) for name, array in _format.deserialize(data)[1].items()}


def load_file(filename: str | os.PathLike, device: Any = "cpu") -> dict[str, Tensor]:
    """The tensors of a safetensors file, in the file's (sorted) name order."""
    with safe_open(filename, framework="pt", device=device) as f:
        return {name: f.get_tensor(name) for name in f.keys()}


def save_model(
    model: Any,
    filename: str | os.PathLike,
    metadata: dict[str, str] | None = None,
    force_contiguous: bool = False,
) -> None:
    """Save a module's state dict, each group of tensors sharing memory saved once (under
    the name that sorts first), as the real ``save_model``."""
    state = model.state_dict()
    kept: dict[str, Tensor] = {}
    removed: dict[str, list[str]] = {}
    for name in sorted(state):
        tensor = state[name]
        owner = next((k for k, t in kept.items() if t._shares_root_with(tensor)), None)
        if owner is not None and tuple(kept[owner].shape) == tuple(tensor.shape):
            removed.setdefault(owner, []).append(name)
            continue
        kept[name] = tensor.contiguous() if force_contiguous else tensor
    metadata = dict(metadata or {})
    for owner, names in removed.items():
        for name in names:
            metadata[name] = owner
    save_file(kept, filename, metadata=metadata or None)


def load_model(
    model: Any, filename: str | os.PathLike, strict: bool = True, device: Any = "cpu"
) -> tuple[list[str], list[str]]:
    """Load a file :func:`save_model` wrote into ``model``; (missing, unexpected) names."""
    state = load_file(filename, device=device)
    own = model.state_dict()
    with safe_open(filename, framework="pt") as f:
        aliases = f.metadata() or {}
    for name, owner in aliases.items():
        if name in own and owner in state:
            state[name] = state[owner]
    missing = sorted(set(own) - set(state))
    unexpected = sorted(set(state) - set(own))
    if strict and (missing or unexpected):
        raise RuntimeError(
            f"Error(s) in loading state_dict for {type(model).__name__}:\n    "
            + ", ".join(
                [f"Missing key(s) in state_dict: {', '.join(missing)}"] * bool(missing)
                + [f"Unexpected key(s) in state_dict: {', '.join(unexpected)}"] * bool(unexpected)
            )
        )
    model.load_state_dict(state, strict=False)
    return missing, unexpected
