"""``jax.config``: the frontend's own flags (never the real JAX flags).

Only ``jax_enable_x64`` changes behaviour (64-bit types off by default, as JAX ships);
other known flags are stored and read back. ``jax.config.jax_enable_x64`` reads the mode.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

_TRUE = ("1", "true", "yes", "on")


class Config:
    """The frontend's ``jax.config``: ``update(name, value)`` and attribute reads."""

    def __init__(self) -> None:
        object.__setattr__(
            self,
            "_values",
            {
                "jax_enable_x64": os.environ.get("JAX_ENABLE_X64", "0").lower() in _TRUE,
                "jax_numpy_dtype_promotion": "standard",
                "jax_default_prng_impl": "threefry2x32",
                "jax_threefry_partitionable": True,
                "jax_platform_name": "",
                "jax_platforms": "",
                "jax_debug_nans": False,
                "jax_disable_jit": False,
            },
        )

    def update(self, name: str, value: Any) -> None:
        """Set a flag, as ``jax.config.update`` does (unknown names raise AttributeError)."""
        if name not in self._values:
            raise AttributeError(f"Unrecognized config option: {name}")
        if name == "jax_numpy_dtype_promotion" and value not in ("standard", "strict"):
            raise ValueError(f"Unrecognized type promotion setting: {value!r}")
        self._values[name] = value
        if name == "jax_enable_x64":
            _x64_changed()

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"Unrecognized config option: {name}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("use jax.config.update(name, value)")

    @property
    def values(self) -> dict[str, Any]:
        return dict(self._values)


config = Config()


def x64_enabled() -> bool:
    """Whether the frontend's x64 mode is on."""
    return config._values["jax_enable_x64"]


@contextlib.contextmanager
def enable_x64(new_val: bool = True) -> Iterator[None]:
    """``jax.experimental.enable_x64``: the frontend's x64 mode inside a ``with`` block."""
    old = config._values["jax_enable_x64"]
    config._values["jax_enable_x64"] = bool(new_val)
    _x64_changed()
    try:
        yield
    finally:
        config._values["jax_enable_x64"] = old
        _x64_changed()


def _x64_changed() -> None:
    """The fast paths' dtypes depend on the mode (float64 narrows with x64 off)."""
    from frontends.jax._src.fast import x64_changed

    x64_changed()
