"""torch's legacy tensor types (``torch.FloatTensor``, ``torch.LongTensor`` ...).

Each is a constructor (``FloatTensor(2, 3)`` an uninitialized tensor of that shape, zeros
here; ``FloatTensor([1, 2])`` from data) and an ``isinstance`` target that matches tensors of
its dtype. As in torch, they are not subclasses of ``torch.Tensor``.
"""

from __future__ import annotations

import builtins
from typing import Any

from frontends.torch import _dtype
from frontends.torch._size import Size
from frontends.torch._tensor import Tensor

_TYPES = {
    "FloatTensor": "float32", "DoubleTensor": "float64", "HalfTensor": "float16",
    "BFloat16Tensor": "bfloat16", "ByteTensor": "uint8", "CharTensor": "int8",
    "ShortTensor": "int16", "IntTensor": "int32", "LongTensor": "int64", "BoolTensor": "bool",
}  # fmt: skip

__all__ = list(_TYPES)


class tensortype(type):
    """The metaclass of the legacy types: ``isinstance`` compares the tensor's dtype."""

    dtype: _dtype.dtype

    def __instancecheck__(cls, instance: Any) -> bool:
        return isinstance(instance, Tensor) and instance.dtype is cls.dtype

    def __call__(cls, *args: Any, device: Any = None) -> Tensor:  # type: ignore[override]
        torch = _torch()
        if not args:
            return torch.empty(0, dtype=cls.dtype)
        if all(type(a) is builtins.int for a in args) or (
            len(args) == 1 and isinstance(args[0], Size)
        ):
            return torch.zeros(*args, dtype=cls.dtype)
        if len(args) > 1:
            raise TypeError(f"{cls.__name__}(): expected a size or a single data argument")
        data = args[0]
        if isinstance(data, Tensor):
            return data.to(cls.dtype)
        return torch.tensor(data, dtype=cls.dtype)

    def __repr__(cls) -> str:
        return f"<class 'torch.{cls.__name__}'>"


def _torch() -> Any:
    import frontends.torch

    return frontends.torch


for _name, _dtype_name in _TYPES.items():
    globals()[_name] = tensortype(
        _name,
        (),
        {
            "dtype": getattr(_dtype, _dtype_name),
            "is_cuda": False,
            "__module__": "torch",
            "__doc__": f"torch.{_name}: tensors of dtype {_dtype_name} (legacy type).",
        },
    )
