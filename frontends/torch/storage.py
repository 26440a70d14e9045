"""torch.storage: :class:`UntypedStorage`, as ``Tensor.untyped_storage()`` describes the
memory a tensor lives in.

A frontend tensor holds a backend array, not a storage, so a storage here only describes:
``data_ptr()`` is the same for every view of one tensor (and differs between tensors that
share nothing), ``nbytes()`` is the viewed tensor's size, as libraries read them to find
tied weights. Its bytes cannot be read or written through it, and storages are not
constructed directly.
"""

from __future__ import annotations

from typing import Any

__all__ = ["UntypedStorage"]


class UntypedStorage:
    """The memory of a tensor and its views (see the module docstring)."""

    __slots__ = ("_nbytes", "_ptr", "device")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError(
            "torch.UntypedStorage is not constructed by the torch frontend: its tensors hold "
            "backend arrays; tensor.untyped_storage() describes one's memory"
        )

    @classmethod
    def _describe(cls, ptr: int, nbytes: int, device: Any) -> UntypedStorage:
        storage = object.__new__(cls)
        storage._ptr, storage._nbytes, storage.device = ptr, nbytes, device
        return storage

    def data_ptr(self) -> int:
        return self._ptr

    def nbytes(self) -> int:
        return self._nbytes

    def size(self) -> int:
        return self._nbytes

    def __len__(self) -> int:
        return self._nbytes

    def element_size(self) -> int:
        return 1

    def __repr__(self) -> str:
        return f"<torch.storage.UntypedStorage of {self._nbytes} bytes at {self._ptr:#x}>"
