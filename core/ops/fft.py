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


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff): a transform's adjoint is the opposite transform with the
# opposite scaling, fitted back to the input's extent along each transformed axis (the
# cotangent of zero padding is cut off, that of a cut is zero padded)
# ---------------------------------------------------------------------------------------
_SWAPPED = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _fit(a: Any, axes: Sequence[int], sizes: Sequence[int]) -> Any:
    """``a`` cut or zero padded to ``sizes`` along ``axes``."""
    from core import native

    for axis, size in zip(axes, sizes):
        extent = a.shape[axis]
        if extent > size:
            a = native.get_item(a, (slice(None),) * axis + (slice(0, size),))
        elif extent < size:
            padding = list(a.shape)
            padding[axis] = size - extent
            a = native.concat(
                [a, native.zeros(tuple(padding), dtype=dtypes.result_type(a))], axis=axis
            )
    return a


def _c2c_rule(adjoint: str) -> Any:
    def rule(g: Any, y: Any, x: Any, /, *, n: int | None = None, axis: int = -1,
             norm: Norm = "backward") -> tuple[Any]:  # fmt: skip
        from core import native

        axis = axis % len(x.shape)
        transform = getattr(native.fft, adjoint)
        grad = transform(g, n=g.shape[axis], axis=axis, norm=_SWAPPED[norm])
        return (_fit(grad, [axis], [x.shape[axis]]),)

    return rule


def _c2c_n_rule(adjoint: str) -> Any:
    def rule(g: Any, y: Any, x: Any, /, *, s: Sequence[int] | None = None,
             axes: Sequence[int] | None = None, norm: Norm = "backward") -> tuple[Any]:  # fmt: skip
        from core import native

        _, resolved = resolve_axes(len(x.shape), s, axes)
        resolved = [a % len(x.shape) for a in resolved]
        transform = getattr(native.fft, adjoint)
        grad = transform(g, s=[g.shape[a] for a in resolved], axes=resolved, norm=_SWAPPED[norm])
        return (_fit(grad, resolved, [x.shape[a] for a in resolved]),)

    return rule


def _shift_rule(inverse: bool) -> Any:
    def rule(g: Any, y: Any, x: Any, /, *, axes: int | Sequence[int] | None = None) -> tuple[Any]:
        from core import native

        return (
            native.fft.ifftshift(g, axes=axes)
            if not inverse
            else native.fft.fftshift(g, axes=axes),
        )

    return rule


def _declare_rules() -> None:
    from core.autodiff import defvjp

    defvjp(fft, _c2c_rule("ifft"))
    defvjp(ifft, _c2c_rule("fft"))
    defvjp(fftn, _c2c_n_rule("ifftn"))
    defvjp(ifftn, _c2c_n_rule("fftn"))
    defvjp(fftshift, _shift_rule(False))
    defvjp(ifftshift, _shift_rule(True))


_declare_rules()
