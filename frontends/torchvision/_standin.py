"""Names timm imports from torchvision at module level that this package does not implement."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def refused_class(module: str, name: str) -> type:
    """A class ``module.name`` that can be imported and subclassed, and whose construction
    raises ``NotImplementedError`` naming it."""

    public = module.removeprefix("frontends.")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError(
            f"{public}.{name} is not provided under frontends.install: real torchvision "
            "cannot run on the torch frontend and frontends.torchvision holds only what timm "
            "needs to import. Prepare inputs with numpy or PIL and torch.from_numpy."
        )

    return type(name, (), {"__init__": __init__, "__module__": module, "__qualname__": name})


def module_getattr(module: str, provided: list[str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` whose AttributeError names what the stand-in provides."""

    public = module.removeprefix("frontends.")

    def __getattr__(name: str) -> Any:
        raise AttributeError(
            f"module {public!r} has no attribute {name!r}: frontends.torchvision stands in for "
            f"torchvision under frontends.install and provides only {', '.join(provided)}"
        )

    return __getattr__
