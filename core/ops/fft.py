"""core's fft functions: the Array API fft extension (``core.fft``).

Complex results are complex64 for complex64, float32, float16, bfloat16, integer and bool
input (core has no complex32, and integers take the default float dtype first) and
complex128 for complex128 and float64 input; real results (``irfft``, ``hfft``) are the
real dtype of the same precision. ``norm`` is ``"backward"`` (scale the inverse by 1/n),
``"ortho"`` (both by 1/sqrt(n)) or ``"forward"`` (the forward transform by 1/n).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from core import dtypes
from core.array import Array, ArrayLike
from core.registry import primary

NAMESPACE = "fft"

Norm = Literal["backward", "ortho", "forward"]


def complex_dtype_for(dtype: dtypes.Dtype) -> dtypes.Dtype:
    """The complex dtype a transform of ``dtype`` input computes in and returns."""
    if dtype.kind == "c":
        return dtype
    return dtypes.complex128 if dtype == dtypes.float64 else dtypes.complex64


def real_dtype_for(dtype: dtypes.Dtype) -> dtypes.Dtype:
    """The real dtype of a transform of ``dtype`` input with a real result (or input)."""
    return dtypes.float64 if dtype in (dtypes.float64, dtypes.complex128) else dtypes.float32


def resolve_axes(
    ndim: int, s: Sequence[int] | None, axes: Sequence[int] | None
) -> tuple[list[int | None], list[int]]:
    """``(s, axes)`` of an n-D transform made explicit: every axis when both are None, the
    last ``len(s)`` axes when only ``s`` is given, ``None`` sizes (keep) when ``s`` is."""
    if axes is None:
        axes = range(ndim) if s is None else range(ndim - len(s), ndim)
    axes = [axis % ndim if ndim else axis for axis in axes]
    sizes: list[int | None] = [None] * len(axes) if s is None else list(s)
    if len(sizes) != len(axes):
        raise ValueError(f"s ({len(sizes)} sizes) and axes ({len(axes)} axes) differ in length")
    return sizes, axes


def check_norm(norm: str) -> None:
    if norm not in ("backward", "ortho", "forward"):
        raise ValueError(f'norm must be "backward", "ortho" or "forward", got {norm!r}')


@primary
def fft(x: ArrayLike, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> Array:
    """The 1-D discrete Fourier transform along ``axis``, the input cropped or zero-padded
    to ``n`` points. Real input is transformed as complex."""


@primary
def ifft(
    x: ArrayLike, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
) -> Array:
    """The inverse of :func:`fft`."""


@primary
def fftn(
    x: ArrayLike,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> Array:
    """The n-D discrete Fourier transform over ``axes`` (all when None; the last
    ``len(s)`` when only ``s`` is given), each cropped or zero-padded to ``s``."""


@primary
def ifftn(
    x: ArrayLike,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> Array:
    """The inverse of :func:`fftn`."""


@primary
def rfft(
    x: ArrayLike, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
) -> Array:
    """The 1-D transform of real input: the ``n // 2 + 1`` non-negative frequency terms.
    Complex input is refused, as numpy (which would drop the imaginary part) warns."""


@primary
def irfft(
    x: ArrayLike, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
) -> Array:
    """The inverse of :func:`rfft`: a real signal of ``n`` points (default
    ``2 * (x.shape[axis] - 1)``) from its non-negative frequency terms."""


@primary
def rfftn(
    x: ArrayLike,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> Array:
    """The n-D transform of real input, halved along the last of ``axes``."""


@primary
def irfftn(
    x: ArrayLike,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> Array:
    """The inverse of :func:`rfftn`."""


@primary
def hfft(
    x: ArrayLike, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
) -> Array:
    """The transform of a Hermitian-symmetric signal given by its first half: a real
    result of ``n`` points (default ``2 * (x.shape[axis] - 1)``)."""


@primary
def ihfft(
    x: ArrayLike, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward"
) -> Array:
    """The inverse of :func:`hfft`: the first half of the spectrum of a real signal."""


@primary
def fftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None) -> Array:
    """The sample frequencies of an ``n``-point transform with sample spacing ``d``, of
    ``dtype`` (default: the default float dtype, not numpy's float64)."""


@primary
def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None) -> Array:
    """The non-negative sample frequencies (``n // 2 + 1``) of an ``n``-point :func:`rfft`."""


@primary
def fftshift(x: ArrayLike, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """``x`` rolled so the zero frequency is in the middle of ``axes`` (all when None)."""


@primary
def ifftshift(x: ArrayLike, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """The inverse of :func:`fftshift`."""
