"""``jax.numpy.fft``: the numpy frontend's fft under JAX's rules (x64 off: complex64
results for float32 and integer inputs)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from frontends import numpy as _np
from frontends.jax.numpy._bridge import from_numpy as _from_numpy
from frontends.numpy import fft as _np_fft

_TRANSFORMS = (
    "fft", "fft2", "fftn", "hfft", "ifft", "ifft2", "ifftn", "ihfft", "irfft", "irfft2",
    "irfftn", "rfft", "rfft2", "rfftn", "fftshift", "ifftshift",
)  # fmt: skip

_ONE_AXIS = frozenset({"fft", "hfft", "ifft", "ihfft", "irfft", "rfft"})


def _axis_checked(transform: Callable[..., Any]) -> Callable[..., Any]:
    """A 1-D transform that meets an out-of-range ``axis`` as JAX does (a ValueError),
    before numpy's code indexes the shape with it (an IndexError)."""

    @functools.wraps(transform)
    def checked(a: Any, n: int | None = None, axis: int = -1, norm: str | None = None) -> Any:
        ndim = len(getattr(a, "shape", None) or _np.shape(a))
        if not -ndim <= axis < ndim:
            raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
        return transform(a, n=n, axis=axis, norm=norm)

    return checked


for _name in _TRANSFORMS:
    globals()[_name] = _from_numpy(getattr(_np_fft, _name), f"jnp.fft.{_name}", strong=True)
    if _name in _ONE_AXIS:
        globals()[_name] = _axis_checked(globals()[_name])
for _name in ("fftfreq", "rfftfreq"):
    globals()[_name] = _from_numpy(
        getattr(_np_fft, _name), f"jnp.fft.{_name}", arrays=(), strong=True
    )

__all__ = [*_TRANSFORMS, "fftfreq", "rfftfreq"]  # noqa: F822 - defined in the loops above
