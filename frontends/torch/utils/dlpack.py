"""torch.utils.dlpack: ``from_dlpack`` / ``to_dlpack`` (also ``torch.from_dlpack`` /
``torch.to_dlpack``), through the backend's own DLPack support.

Differs from torch: a tensor made from another library's array holds a copy, so later
writes on either side do not reach the other (a frontend tensor's in-place ops replace its
native value, which cannot alias foreign memory on every backend). A frontend array (a
``Tensor``, the numpy frontend's ``ndarray``) does share writes, as in torch.
"""

from __future__ import annotations

import enum
from typing import Any

from core import native as ops
from frontends.base.array import FrontendArray
from frontends.torch._tensor import Tensor

__all__ = ["DLDeviceType", "from_dlpack", "to_dlpack"]


class DLDeviceType(enum.IntEnum):
    """DLPack's device codes."""

    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLOpenCL = 4
    kDLVulkan = 7
    kDLMetal = 8
    kDLVPI = 9
    kDLROCM = 10
    kDLROCMHost = 11
    kDLExtDev = 12
    kDLCUDAManaged = 13
    kDLOneAPI = 14
    kDLWebGPU = 15
    kDLHexagon = 16
    kDLMAIA = 17


_INVALID = (
    "from_dlpack received an invalid capsule. Note that DLTensor capsules can be consumed "
    "only once, so you might have already constructed a tensor from it once."
)


class _Capsule:
    """A bare DLPack capsule as an object with ``__dlpack__`` (what the backends take)."""

    def __init__(self, capsule: Any) -> None:
        self._capsule = capsule

    def __dlpack__(self, stream: Any = None, **kwargs: Any) -> Any:
        if kwargs:  # a bare capsule is of the unversioned protocol: consumers then retry
            raise TypeError("a DLPack capsule takes no max_version / dl_device / copy")
        capsule, self._capsule = self._capsule, None
        if capsule is None:
            raise RuntimeError(_INVALID)
        return capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return (int(DLDeviceType.kDLCPU), 0)


def to_dlpack(tensor: Tensor) -> Any:
    """A DLPack capsule of the tensor's values (consumed once, by ``from_dlpack``)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"to_dlpack(): argument 'data' must be Tensor, not {type(tensor).__name__}")
    return tensor_dlpack(tensor, check_grad=False)


def from_dlpack(ext_tensor: Any) -> Tensor:
    """A tensor from an object with ``__dlpack__`` (numpy/jax/tensorflow/torch arrays, a
    frontend array) or a DLPack capsule; see the module docstring for memory sharing."""
    if isinstance(ext_tensor, FrontendArray):
        return ext_tensor.shared_as(Tensor)
    if type(ext_tensor).__name__ == "PyCapsule":
        # a consumer renames the capsule it took ("used_dltensor"): refuse those
        if not repr(ext_tensor).startswith('<capsule object "dltensor'):
            raise RuntimeError(_INVALID)
        ext_tensor = _Capsule(ext_tensor)
    elif not hasattr(ext_tensor, "__dlpack__"):
        raise RuntimeError(_INVALID)
    native = ops.from_dlpack(ext_tensor)
    return Tensor._from_native(ops.asarray(native, copy=True))


def tensor_dlpack(tensor: Tensor, check_grad: bool = True, **kwargs: Any) -> Any:
    """``Tensor.__dlpack__``: the backend array's capsule (a host copy's where the backend's
    arrays have no ``__dlpack__``); torch's BufferError for a tensor that requires grad."""
    import core

    if check_grad and tensor.requires_grad:
        raise BufferError("Can't export tensors that require gradient, use tensor.detach()")
    return core.Array(tensor.native).__dlpack__(**kwargs)


def tensor_dlpack_device(tensor: Tensor) -> tuple[int, int]:
    """``Tensor.__dlpack_device__``: (kDLCPU, 0) for host arrays."""
    import core

    return tuple(core.Array(tensor.native).__dlpack_device__())
