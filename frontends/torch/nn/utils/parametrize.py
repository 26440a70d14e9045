"""torch.nn.utils.parametrize: register_parametrization, remove_parametrizations,
is_parametrized, cached, type_before_parametrizations.

As torch's: the module's class is swapped for a ``Parametrized<Class>`` subclass with a
property per parametrized tensor, and the original lives at
``parametrizations.<name>.original`` (the same state_dict keys; ``original0``,
``original1`` ... for a ``right_inverse`` returning several tensors, as weight_norm's).
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
    """The parametrizations of one tensor, applied in order, and its ``original`` (or
    ``original0``, ``original1`` ... when the first one's ``right_inverse`` returns several
    tensors; the first parametrization then takes them all)."""

    def __init__(self, modules: list[Module], original: Tensor, unsafe: bool = False) -> None:
        super().__init__(modules)
        self.unsafe = unsafe
        torch = _torch()
        with torch.no_grad():
            new = original
            for module in reversed(list(self)):
                if hasattr(module, "right_inverse"):
                    new = module.right_inverse(new)
        self.is_tensor = isinstance(new, Tensor)
        self.ntensors = 1 if self.is_tensor else len(new)
        values = [new] if self.is_tensor else list(new)
        for index, value in enumerate(values):
            if not isinstance(value, Tensor):
                raise ValueError(
                    "'right_inverse' must return a Tensor or a Sequence of tensors "
                    f"(list, tuple...). Got {type(value).__name__}"
                )
            name = "original" if self.is_tensor else f"original{index}"
            if isinstance(original, Parameter):
                setattr(self, name, Parameter(value.detach().clone(), original.requires_grad))
            else:
                self.register_buffer(name, value.detach().clone())
        if not unsafe:  # torch evaluates the parametrization once to check it
            with torch.no_grad():
                Z = self()
            if not isinstance(Z, Tensor):
                raise ValueError(f"A parametrization must return a tensor. Got {type(Z).__name__}.")
            for what, before, after in (
                ("dtype", original.dtype, Z.dtype),
                ("shape", original.shape, Z.shape),
            ):
                if before != after:
                    raise ValueError(
                        f"Registering a parametrization may not change the {what} of the "
                        f"tensor, unless `unsafe` flag is enabled.\nunparametrized {what}: "
                        f"{before}\nparametrized {what}: {after}"
                    )

    def _originals(self) -> list[Tensor]:
        if self.is_tensor:
            return [self.original]
        return [getattr(self, f"original{i}") for i in range(self.ntensors)]

    def right_inverse(self, value: Tensor) -> None:
        torch = _torch()
        with torch.no_grad():
            for module in reversed(list(self)):
                if hasattr(module, "right_inverse"):
                    value = module.right_inverse(value)
            values = [value] if self.is_tensor else list(value)
            if len(values) != self.ntensors:
                raise ValueError(
                    f"'right_inverse' must return a sequence of tensors of length "
                    f"{self.ntensors}. Got a sequence of length {len(values)}"
                )
            for original, new in zip(self._originals(), values):
                original.copy_(new)

    def forward(self) -> Tensor:
        modules = list(self)
        x = modules[0](*self._originals())
        for module in modules[1:]:
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
    if not parametrizations.is_tensor:
        if not leave_parametrized:
            raise ValueError(
                "Cannot leave unparametrized (`leave_parametrized=False`) a tensor that is "
                "parametrized in terms of a sequence of tensors."
            )
        original = parametrizations.original0
    else:
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
            for target, value in zip(
                to_module.parametrizations[name]._originals(), source._originals()
            ):
                target.copy_(value)
    return to_module
