"""torch's layouts and memory formats, and the Tensor attributes about devices, storage and
layout that are constant for the tensors of this frontend.

Every tensor here is a dense CPU-style tensor (whatever the backend's device): ``layout``
is ``torch.strided``, the ``is_<device>`` flags other than ``is_cpu`` are False, nothing is
quantized, nested, pinned or shared, and memory formats are accepted and ignored.
"""

from __future__ import annotations

import builtins
from typing import Any

from frontends.torch._size import Size
from frontends.torch._tensor import Tensor

__all__ = [
    "channels_last", "channels_last_3d", "contiguous_format",
    "is_conj", "is_inference", "is_neg", "is_nonzero", "is_same_size", "is_signed",
    "is_storage", "layout", "legacy_contiguous_format", "memory_format", "preserve_format",
    "resolve_conj", "resolve_neg", "sparse_bsc", "sparse_bsr", "sparse_coo", "sparse_csc",
    "sparse_csr", "strided", "typename",
]  # fmt: skip


class layout:
    """torch.layout: ``torch.strided`` tensors, and ``torch.sparse_coo`` ones held dense
    (see :mod:`frontends.torch.sparse`)."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return f"torch.{self._name}"


class memory_format:
    """torch.memory_format: accepted by ``.to``/``.contiguous``; the layout stays row-major."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return f"torch.{self._name}"


strided = layout("strided")
# sparse layouts: COO tensors exist (torch.sparse, dense-backed); the others are names only
sparse_coo = layout("sparse_coo")
sparse_csr = layout("sparse_csr")
sparse_csc = layout("sparse_csc")
sparse_bsr = layout("sparse_bsr")
sparse_bsc = layout("sparse_bsc")
contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")
legacy_contiguous_format = contiguous_format


def typename(obj: Any) -> str:
    """torch.typename: ``torch.FloatTensor`` for a tensor, the qualified class name else."""
    if isinstance(obj, Tensor):
        return obj.type()
    module = type(obj).__module__
    name = type(obj).__qualname__
    return name if module in ("builtins", None) else f"{module}.{name}"


def is_storage(obj: Any) -> bool:
    """No storage objects exist here."""
    return False


def is_conj(input: Tensor) -> bool:
    """Conjugation is never lazy here."""
    return False


def is_neg(input: Tensor) -> bool:
    """Negation is never lazy here."""
    return False


def resolve_conj(input: Tensor) -> Tensor:
    return input


def resolve_neg(input: Tensor) -> Tensor:
    return input


def is_inference(input: Tensor) -> bool:
    """Inference tensors are not tracked separately here."""
    return False


def is_signed(input: Tensor) -> bool:
    return input.dtype.core_dtype.kind in "ifc"


def is_nonzero(input: Tensor) -> bool:
    """``bool(input)`` of a one-element tensor, torch's RuntimeError otherwise."""
    count = input.numel()
    if count == 0:
        raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
    if count > 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return builtins.bool(input.item())


def _assert(condition: Any, message: str) -> None:
    """torch._assert: Python's ``assert`` as a function (kept when Python runs with -O)."""
    if not condition:
        raise AssertionError(message)


def _assert_async(input: Tensor, assert_msg: str | None = None) -> None:
    """torch._assert_async: torch's RuntimeError unless the one-element ``input`` is nonzero
    (checked at once: there is no asynchronous device queue here)."""
    if not is_nonzero(input):
        raise RuntimeError(assert_msg or "Expected Tensor with single nonzero value, but got zero")


def is_same_size(input: Tensor, other: Tensor) -> bool:
    return tuple(input.shape) == tuple(other.shape)


def _false(self: Tensor, *args: Any, **kwargs: Any) -> bool:
    return False


def _self(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    return self


def _new(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """Tensor.new (legacy): a tensor of ``self``'s dtype from a size or from data."""
    import frontends.torch as torch

    dtype = kwargs.pop("dtype", self.dtype)
    kwargs.pop("device", None)
    if not args:
        return torch.empty(0, dtype=dtype)
    if builtins.all(type(a) is builtins.int for a in args) or (
        len(args) == 1 and isinstance(args[0], Size)
    ):
        return torch.zeros(*args, dtype=dtype)
    return torch.tensor(args[0], dtype=dtype)


for _flag in ("is_mps", "is_xla", "is_xpu", "is_ipu", "is_mtia", "is_maia",
              "is_vulkan", "is_mkldnn", "is_quantized", "is_nested", "is_sparse_csr"):  # fmt: skip
    setattr(Tensor, _flag, property(_false))
Tensor.is_cpu = property(lambda self: True)
Tensor.layout = property(lambda self: strided)
Tensor.output_nr = property(lambda self: 0)
Tensor.volatile = property(lambda self: False)
Tensor.is_pinned = _false
Tensor.is_shared = _false
Tensor.is_inference = _false
Tensor.is_signed = is_signed
Tensor.is_nonzero = is_nonzero
Tensor.is_same_size = is_same_size
Tensor.pin_memory = _self
Tensor.share_memory_ = _self
Tensor.get_device = lambda self: -1
Tensor.dim_order = lambda self, **kwargs: tuple(range(self.ndim))
Tensor.new = _new
