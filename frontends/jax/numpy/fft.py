"""``jax.numpy.fft``: the numpy frontend's fft under JAX's rules (x64 off: complex64
results for float32 and integer inputs)."""

from __future__ import annotations

from frontends.jax.numpy._bridge import from_numpy as _from_numpy
from frontends.numpy import fft as _np_fft

_TRANSFORMS = (
    "fft", "fft2", "fftn", "hfft", "ifft", "ifft2", "ifftn", "ihfft", "irfft", "irfft2",
    "irfftn", "rfft", "rfft2", "rfftn", "fftshift", "ifftshift",
)  # fmt: skip

for _name in _TRANSFORMS:
    globals()[_name] = _from_numpy(getattr(_np_fft, _name), f"jnp.fft.{_name}", strong=True)
for _name in ("fftfreq", "rfftfreq"):
    globals()[_name] = _from_numpy(
        getattr(_np_fft, _name), f"jnp.fft.{_name}", arrays=(), strong=True
    )

__all__ = [*_TRANSFORMS, "fftfreq", "rfftfreq"]  # noqa: F822 - defined in the loops above
