"""The torch backend. torch 2.13 holds uint16/32/64 but implements few ops for them."""

import sys
from typing import Any

import ml_dtypes
import numpy
import torch

from core.backends import make_promote
from core.dtypes import DTYPE_NAMES, Dtype

name = "torch"
version = torch.__version__.split("+")[0]
native_array_types = (torch.Tensor,)
NativeArray = torch.Tensor
NativeDtype = torch.dtype
native_dtypes = {dtype_name: getattr(torch, dtype_name, None) for dtype_name in DTYPE_NAMES}
core_dtypes = {native: Dtype(dtype_name) for dtype_name, native in native_dtypes.items()}


def can_hold(native_dtype) -> bool:
    if native_dtype is None:
        return False
    try:
        torch.zeros((1,), dtype=native_dtype)
    except (TypeError, RuntimeError):
        return False
    return True


exact_array_type = torch.Tensor


def to_numpy(x: torch.Tensor) -> numpy.ndarray:
    x = x.detach().cpu().resolve_conj().resolve_neg()
    if x.dtype == torch.bfloat16:  # the bits as they are (a nan keeps its sign)
        return x.contiguous().view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    return x.numpy()


def from_numpy(array: numpy.ndarray) -> torch.Tensor:
    if array.dtype == ml_dtypes.bfloat16:
        # the bits as they are: torch's float32 -> bfloat16 conversion makes every nan
        # negative (copysign and signbit read the sign)
        return torch.from_numpy(array.view(numpy.int16).copy()).view(torch.bfloat16)
    if array.dtype.char == "Q":  # numpy's ulonglong: uint64 under another type torch refuses
        array = array.view(numpy.uint64)
    if (
        not (array.flags.c_contiguous and array.flags.writeable)
        or min(array.strides, default=0) < 0
    ):
        array = array.copy()
    return torch.from_numpy(array)


def shape_of(x: torch.Tensor) -> tuple[int, ...]:
    return tuple(x.shape)


def device_of(x: torch.Tensor) -> str:
    return str(x.device)


def _cast(x: torch.Tensor, native: torch.dtype) -> torch.Tensor:
    return x.to(native)


def _scalar(value: Any, native: torch.dtype) -> torch.Tensor:
    return torch.tensor(value, dtype=native)


promote = make_promote(core_dtypes, native_dtypes, _cast, _scalar)
"""``promote(*values)``: native arrays and scalars cast to core's common dtype."""


def has_gpu() -> bool:
    return torch.cuda.is_available()


def exclusive(x: torch.Tensor) -> bool:
    """Whether the caller's one reference is all that reaches ``x``'s memory: no other
    Python reference to ``x`` (the count :data:`_ONE_HOLDER` calibrates), no other tensor
    on its storage (a view, ``.numpy()``, DLPack), and storage torch allocated (not a
    numpy array's, which ``from_numpy`` borrows: those are not resizable)."""
    if sys.getrefcount(x) > _ONE_HOLDER or type(x) is not torch.Tensor:
        return False
    storage = x.untyped_storage()
    return storage.resizable() and torch._C._storage_Use_Count(storage._cdata) <= _ONE_USE


def add_into(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """``x + y`` in ``x``'s memory (``x`` given up by its caller: :func:`exclusive`), where
    the sum has ``x``'s shape and dtype and ``x`` is contiguous (no overlapping elements);
    a new tensor otherwise."""
    if (
        y.dtype == x.dtype
        and (y.shape == x.shape or torch.broadcast_shapes(x.shape, y.shape) == x.shape)
        and x.is_contiguous()
    ):
        return x.add_(y)
    return torch.add(x, y)


def _references(x: torch.Tensor) -> int:
    return sys.getrefcount(x)  # counted as exclusive counts: from a callee's frame


def _storage_uses(x: torch.Tensor) -> int:
    storage = x.untyped_storage()
    return torch._C._storage_Use_Count(storage._cdata)


_holder = [torch.empty(1)]
_ONE_HOLDER = _references(_holder[0])  # one reference (the list's) passed as one argument
_ONE_USE = _storage_uses(_holder[0])
del _holder
