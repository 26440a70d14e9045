"""torch.nn.utils.parametrize: register_parametrization, remove_parametrizations,
is_parametrized, cached, type_before_parametrizations.

As torch's: the module's class is swapped for a ``Parametrized<Class>`` subclass with a
property per parametrized tensor, and the original lives at
``parametrizations.<name>.original`` (the same state_dict keys). Multiple-output
``right_inverse`` (``original0``, ``original1``, ...) is not supported (NotImplementedError).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from frontends.torch._tensor import Tensor
from frontends.torch.nn.modules.container import ModuleDict, ModuleList
from frontends.torch.nn.modules.module import Module
from frontends.torch.nn.parameter import Parameter

__all__ = [
    "ParametrizationList",
    "cached",
    "is_parametrized",
    "register_parametrization",
    "remove_parametrizations",
    "transfer_parametrizations_and_params",
    "type_before_parametrizations",
]

_cache_enabled = 0
_cache: dict[tuple[int, str], Tensor] = {}


def _torch() -> Any:
    return sys.modules["frontends.torch"]


@contextlib.contextmanager
def cached() -> Iterator[None]:
    """Parametrized tensors are computed once inside this context."""
    global _cache_enabled
    _cache_enabled += 1
    try:
        yield
    finally:
        _cache_enabled -= 1
        if not _cache_enabled:
            _cache.clear()


class ParametrizationList(ModuleList):
    """The parametrizations of one tensor, applied in order, and its ``original``."""

    def __init__(self, modules: list[Module], original: Tensor, unsafe: bool = False) -> None:
        super().__init__(modules)
        self.unsafe = unsafe
        torch = _torch()
        with torch.no_grad():
            new = original
            for module in reversed(list(self)):
                if hasattr(module, "right_inverse"):
                    new = module.right_inverse(new)
            if not isinstance(new, Tensor):
                raise NotImplementedError(
                    "register_parametrization: a right_inverse returning several tensors is "
                    "not supported by this frontend"
                )
        if isinstance(original, Parameter):
            self.original = Parameter(new.detach().clone(), original.requires_grad)
        else:
            self.register_buffer("original", new.detach().clone())

    def right_inverse(self, value: Tensor) -> None:
        torch = _torch()
        with torch.no_grad():
            for module in reversed(list(self)):
                if hasattr(module, "right_inverse"):
                    value = module.right_inverse(value)
            self.original.copy_(value)

    def forward(self) -> Tensor:
        x = self.original
        for module in self:
            x = module(x)
        return x


def _parametrized_property(name: str) -> property:
    def get(self: Module) -> Tensor:
        if _cache_enabled:
            key = (id(self), name)
            if key not in _cache:
                _cache[key] = self.parametrizations[name]()
            return _cache[key]
        return self.parametrizations[name]()

    def set(self: Module, value: Tensor) -> None:
        self.parametrizations[name].right_inverse(value)

    return property(get, set)


def is_parametrized(module: Module, tensor_name: str | None = None) -> bool:
    """Whether ``module`` (or its ``tensor_name``) has parametrizations."""
    parametrizations = getattr(module, "parametrizations", None)
    if parametrizations is None or not isinstance(parametrizations, ModuleDict):
        return False
    return len(parametrizations) > 0 if tensor_name is None else tensor_name in parametrizations


def type_before_parametrizations(module: Module) -> type:
    """The module's class before register_parametrization swapped it."""
    return type(module).__bases__[0] if is_parametrized(module) else type(module)


def register_parametrization(
    module: Module, tensor_name: str, parametrization: Module, *, unsafe: bool = False
) -> Module:
    """Makes ``module.<tensor_name>`` the output of ``parametrization`` on the original."""
    if is_parametrized(module, tensor_name):
        module.parametrizations[tensor_name].append(parametrization)
        return module
    if tensor_name in module._parameters or tensor_name in module._buffers:
        original = getattr(module, tensor_name)
    else:
        raise ValueError(
            f"Module '{module}' does not have a parameter, a buffer, or a parametrized element "
            f"with name '{tensor_name}'"
        )
    parametrizations = ParametrizationList([parametrization], original, unsafe=unsafe)
    delattr(module, tensor_name)
    if not is_parametrized(module):
        cls = type(module)
        module.__class__ = type(f"Parametrized{cls.__name__}", (cls,), {})
        module.parametrizations = ModuleDict()
    module.parametrizations[tensor_name] = parametrizations
    setattr(type(module), tensor_name, _parametrized_property(tensor_name))
    return module


def remove_parametrizations(
    module: Module, tensor_name: str, leave_parametrized: bool = True
) -> Module:
    """Removes the parametrizations of ``tensor_name``: the parametrized value (or the
    original) becomes a plain parameter/buffer again."""
    if not is_parametrized(module, tensor_name):
        raise ValueError(f"Module {module} does not have a parametrization on {tensor_name}")
    torch = _torch()
    parametrizations = module.parametrizations[tensor_name]
    original = parametrizations.original
    if leave_parametrized:
        with torch.no_grad():
            value = getattr(module, tensor_name)
        original = (
            Parameter(value.detach(), original.requires_grad)
            if isinstance(original, Parameter)
            else value.detach()
        )
    delattr(type(module), tensor_name)
    del module.parametrizations[tensor_name]
    if isinstance(original, Parameter):
        module.register_parameter(tensor_name, original)
    else:
        module.register_buffer(tensor_name, original)
    if not is_parametrized(module):
        delattr(module, "parametrizations")
        module.__class__ = type(module).__bases__[0]
    return module


def transfer_parametrizations_and_params(
    from_module: Module, to_module: Module, tensor_name: str | None = None
) -> Module:
    """Registers ``from_module``'s parametrizations (and originals) on ``to_module``."""
    if not is_parametrized(from_module):
        return to_module
    names = list(from_module.parametrizations) if tensor_name is None else [tensor_name]
    for name in names:
        source = from_module.parametrizations[name]
        if not hasattr(to_module, name):
            setattr(to_module, name, Parameter(getattr(from_module, name).detach()))
        for parametrization in source:
            register_parametrization(to_module, name, parametrization)
        with _torch().no_grad():
            to_module.parametrizations[name].original.copy_(source.original)
    return to_module
