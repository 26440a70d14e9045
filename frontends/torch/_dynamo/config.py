"""torch._dynamo.config: torch's tracer options, with torch 2.13's defaults.

Code sets and patches them (``config.cache_size_limit = 64``,
``with config.patch(capture_scalar_outputs=True)``); the frontend's compile reads none of
them. An unknown name raises ``AttributeError`` as torch's config module does.
"""

from __future__ import annotations

import contextlib
import sys
import types
from collections.abc import Iterator
from typing import Any

_DEFAULTS: dict[str, Any] = {
    "accumulated_cache_size_limit": 256,
    "accumulated_recompile_limit": 256,
    "allow_unspec_int_on_nn_module": False,
    "assume_static_by_default": True,
    "automatic_dynamic_shapes": True,
    "cache_size_limit": 8,
    "capture_dynamic_output_shape_ops": False,
    "capture_func_transforms": True,
    "capture_scalar_outputs": False,
    "force_parameter_static_shapes": True,
    "inline_inbuilt_nn_modules": True,
    "optimize_ddp": True,
    "recompile_limit": 8,
    "specialize_float": False,
    "specialize_int": False,
    "suppress_errors": False,
    "verbose": False,
}


class _ConfigModule(types.ModuleType):
    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{self.__name__}.{name} does not exist")

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("__") or name in _DEFAULTS:
            super().__setattr__(name, value)
        else:
            raise AttributeError(f"{self.__name__}.{name} does not exist")

    @contextlib.contextmanager
    def patch(self, arg: dict[str, Any] | str | None = None, value: Any = None,
              **changes: Any) -> Iterator[None]:  # fmt: skip
        """Set options for a block (a dict, a name and value, or keywords)."""
        if isinstance(arg, str):
            changes[arg] = value
        elif arg is not None:
            changes.update(arg)
        before = {name: getattr(self, name) for name in changes}
        for name, new in changes.items():
            setattr(self, name, new)
        try:
            yield
        finally:
            for name, old in before.items():
                setattr(self, name, old)


globals().update(_DEFAULTS)
sys.modules[__name__].__class__ = _ConfigModule
