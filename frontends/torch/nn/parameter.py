"""torch.nn.Parameter: a Tensor that a Module registers as a learnable parameter.

A Parameter with ``requires_grad`` is a core.autodiff leaf whose gradient accumulates in
``.grad``. Unlike torch, a Parameter made from a tensor does not share memory with it
(frontend tensors share writes only through views).
"""

from __future__ import annotations

from typing import Any

from frontends.torch._frontend import functions
from frontends.torch._tensor import Tensor, to_native


class Parameter(Tensor):
    """A Tensor with ``requires_grad=True`` by default, registered by ``Module.__setattr__``.
    Views of it (``p[0]``, ``p.T``, ``p.detach()``) are plain Tensors, as in torch."""

    __slots__ = ()

    def __new__(cls, data: Any = None, requires_grad: bool = True) -> Parameter:
        if data is None:
            from frontends import torch

            data = torch.empty(0)
        elif isinstance(data, Tensor):
            data = data.detach()  # a Parameter is a leaf, even of a computed tensor (as torch)
        param = cls._from_native(to_native(data))
        param.requires_grad = requires_grad
        return param

    def __init__(self, data: Any = None, requires_grad: bool = True) -> None:
        pass

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__

    def _make_view(self, forward: Any, inverse: Any) -> Tensor:
        view = super()._make_view(forward, inverse)
        view.__class__ = Tensor
        return view

    def __deepcopy__(self, memo: dict) -> Parameter:
        result = Parameter(self.native, self.requires_grad)
        memo[id(self)] = result
        return result

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (_rebuild_parameter, (self.numpy(force=True), self.requires_grad))


functions.fast_types.add(Parameter)  # a Parameter computes as a Tensor: fast paths take it


def _rebuild_parameter(array: Any, requires_grad: bool) -> Parameter:
    from core import native

    return Parameter(native.asarray(array), requires_grad)


class Buffer(Tensor):
    """torch.nn.Buffer: a tensor that ``Module.__setattr__`` registers as a buffer."""

    def __new__(cls, data: Any = None, *, persistent: bool = True) -> Buffer:
        buffer = cls._from_native(to_native(data))
        buffer.persistent = persistent
        return buffer

    def __init__(self, data: Any = None, *, persistent: bool = True) -> None:
        pass


class UninitializedParameter(Parameter):
    """A parameter whose shape is not known yet (a lazy module's, before its first call);
    ``materialize(shape)`` gives it storage."""

    __slots__ = ()

    def __new__(cls, requires_grad: bool = True, device: Any = None, dtype: Any = None) -> Any:
        return super().__new__(cls, None, requires_grad)

    def __init__(self, requires_grad: bool = True, device: Any = None, dtype: Any = None) -> None:
        pass

    def materialize(self, shape: Any, device: Any = None, dtype: Any = None) -> Parameter:
        from frontends import torch

        return Parameter(torch.empty(shape, dtype=dtype), self.requires_grad)

    def __repr__(self) -> str:
        return "<UninitializedParameter>"


class UninitializedBuffer(Tensor):
    """A buffer whose shape is not known yet (a lazy module's, before its first call)."""

    def __new__(cls, requires_grad: bool = False, device: Any = None, dtype: Any = None) -> Any:
        from frontends import torch

        return cls._from_native(to_native(torch.empty(0)))

    def __init__(self, requires_grad: bool = False, device: Any = None, dtype: Any = None) -> None:
        pass

    def materialize(self, shape: Any, device: Any = None, dtype: Any = None) -> Tensor:
        from frontends import torch

        return torch.empty(shape, dtype=dtype)
