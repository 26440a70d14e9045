"""torch.fft on any core backend.

Dtypes follow torch 2.13 on CPU: bool and integer inputs are computed in the default float
dtype; float32 gives complex64 and float64 complex128 (real transforms give float32 /
float64); float16 and bfloat16 raise ("Unsupported dtype Half", torch's CPU FFT has no
half kernels); ``rfft``/``ihfft`` refuse complex input. ``norm`` is None/'backward',
'forward' or 'ortho'. ``hfft2``/``hfftn``/``ihfft2``/``ihfftn`` are computed through
``irfftn``/``rfftn`` of the conjugate with the normalization swapped.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Any

import core
from core import native as ops
from frontends.torch import _dtype
from frontends.torch._frontend import torch_function
from frontends.torch._ops_support import (
    complex_dtype,
    default_float,
    dtype_of,
    ndim_of,
    normalize_dim,
    torch_name,
)
from frontends.torch._tensor import Tensor

__all__ = [
    "fft", "fft2", "fftfreq", "fftn", "fftshift", "hfft", "hfft2", "hfftn", "ifft", "ifft2",
    "ifftn", "ifftshift", "ihfft", "ihfft2", "ihfftn", "irfft", "irfft2", "irfftn", "rfft",
    "rfft2", "rfftfreq", "rfftn",
]  # fmt: skip

_NORMS = {None: "backward", "backward": "backward", "forward": "forward", "ortho": "ortho"}
_SWAPPED = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _norm(norm: str | None) -> str:
    if norm not in _NORMS:
        raise RuntimeError(f'Invalid normalization mode: "{norm}"')
    return _NORMS[norm]


def _prepare(x: Any, name: str, *, real_only: bool = False) -> Any:
    """``x`` in the dtype torch computes it in (integers and bool: the default float)."""
    dtype = dtype_of(x)
    if dtype in (core.float16, core.bfloat16):
        raise RuntimeError(f"Unsupported dtype {torch_name(dtype)}")
    if dtype.kind == "c":
        if real_only:
            raise RuntimeError(f"{name} expects a real input tensor, but got {torch_name(dtype)}")
        return x
    if dtype.kind != "f":
        return ops.astype(x, default_float())
    return x


def _complex(x: Any) -> Any:
    dtype = dtype_of(x)
    return x if dtype.kind == "c" else ops.astype(x, complex_dtype(dtype))


def _one_dim(x: Any, n: int | None, dim: int) -> tuple[Any, int]:
    if ndim_of(x) == 0:
        raise IndexError("Dimension specified as -1 but tensor has no dimensions")
    axis = normalize_dim(dim, ndim_of(x))
    if n is not None and n < 1:
        raise RuntimeError(f"Invalid number of data points ({n}) specified")
    return x, axis


def _dims_and_sizes(
    x: Any, s: Sequence[int] | None, dim: int | Sequence[int] | None, default_last: int | None
) -> tuple[list[int], list[int] | None]:
    """torch's (s, dim) rules: ``dim`` None with ``s``: the last len(s) dims; neither: every
    dim (or the last ``default_last``); -1 in ``s`` keeps that dim's size."""
    ndim = ndim_of(x)
    if isinstance(dim, builtins.int):
        dim = [dim]
    if dim is None:
        if s is not None:
            dims = list(range(ndim - len(s), ndim))
        elif default_last is not None:
            dims = list(range(ndim - default_last, ndim))
        else:
            dims = list(range(ndim))
    else:
        dims = [normalize_dim(d, ndim) for d in dim]
        if len(set(dims)) != len(dims):
            raise RuntimeError("FFT dims must be unique")
    if s is not None:
        if len(s) != len(dims):
            raise RuntimeError(
                f"When given, dim and shape arguments must have the same length. Got "
                f"{len(dims)} and {len(s)}"
            )
        sizes = [x.shape[d] if n == -1 else n for n, d in zip(s, dims)]
        for n in sizes:
            if n < 1:
                raise RuntimeError(f"Invalid number of data points ({n}) specified")
        return dims, sizes
    return dims, None


# ---------------------------------------------------------------------------------------
# one-dimensional transforms
# ---------------------------------------------------------------------------------------
@torch_function("input")
def fft(
    input: Tensor,
    n: int | None = None,
    dim: int = -1,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The 1-D discrete Fourier transform (complex result)."""
    x, axis = _one_dim(_complex(_prepare(input, "fft")), n, dim)
    return ops.fft.fft(x, n=n, axis=axis, norm=_norm(norm))


@torch_function("input")
def ifft(
    input: Tensor,
    n: int | None = None,
    dim: int = -1,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The 1-D inverse discrete Fourier transform."""
    x, axis = _one_dim(_complex(_prepare(input, "ifft")), n, dim)
    return ops.fft.ifft(x, n=n, axis=axis, norm=_norm(norm))


@torch_function("input")
def rfft(
    input: Tensor,
    n: int | None = None,
    dim: int = -1,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The 1-D transform of a real input (the n // 2 + 1 non-negative frequencies)."""
    x, axis = _one_dim(_prepare(input, "rfft", real_only=True), n, dim)
    return ops.fft.rfft(x, n=n, axis=axis, norm=_norm(norm))


@torch_function("input")
def irfft(
    input: Tensor,
    n: int | None = None,
    dim: int = -1,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The inverse of :func:`rfft` (real result of length ``n``, default 2 * (m - 1))."""
    x, axis = _one_dim(_complex(_prepare(input, "irfft")), n, dim)
    size = n if n is not None else 2 * (x.shape[axis] - 1)
    if size < 1:
        raise RuntimeError(f"Invalid number of data points ({size}) specified")
    return ops.fft.irfft(x, n=size, axis=axis, norm=_norm(norm))


@torch_function("input")
def hfft(
    input: Tensor,
    n: int | None = None,
    dim: int = -1,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The transform of a Hermitian-symmetric signal given by its first half (real result)."""
    x, axis = _one_dim(_complex(_prepare(input, "hfft")), n, dim)
    size = n if n is not None else 2 * (x.shape[axis] - 1)
    if size < 1:
        raise RuntimeError(f"Invalid number of data points ({size}) specified")
    return ops.fft.hfft(x, n=size, axis=axis, norm=_norm(norm))


@torch_function("input")
def ihfft(
    input: Tensor,
    n: int | None = None,
    dim: int = -1,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The inverse of :func:`hfft` for a real input (one-sided complex result)."""
    x, axis = _one_dim(_prepare(input, "ihfft", real_only=True), n, dim)
    return ops.fft.ihfft(x, n=n, axis=axis, norm=_norm(norm))


# ---------------------------------------------------------------------------------------
# n-dimensional transforms
# ---------------------------------------------------------------------------------------
def _complex_n(
    fn: Any, name: str, input: Any, s: Any, dim: Any, norm: Any, last: int | None
) -> Any:
    x = _complex(_prepare(input, name))
    dims, sizes = _dims_and_sizes(x, s, dim, last)
    if not dims:
        return x
    return fn(x, s=sizes, axes=dims, norm=_norm(norm))


@torch_function("input")
def fftn(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] | None = None,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The n-D transform over ``dim`` (every dim by default)."""
    return _complex_n(ops.fft.fftn, "fftn", input, s, dim, norm, None)


@torch_function("input")
def ifftn(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] | None = None,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The n-D inverse transform."""
    return _complex_n(ops.fft.ifftn, "ifftn", input, s, dim, norm, None)


@torch_function("input")
def fft2(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] = (-2, -1),
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The 2-D transform over the last two dims."""
    return _complex_n(ops.fft.fftn, "fft2", input, s, dim, norm, 2)


@torch_function("input")
def ifft2(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] = (-2, -1),
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The 2-D inverse transform."""
    return _complex_n(ops.fft.ifftn, "ifft2", input, s, dim, norm, 2)


def _rfftn(name: str, input: Any, s: Any, dim: Any, norm: str, last: int | None) -> Any:
    x = _prepare(input, name, real_only=True)
    dims, sizes = _dims_and_sizes(x, s, dim, last)
    if not dims:
        raise RuntimeError(f"{name} must transform at least one axis")
    return ops.fft.rfftn(x, s=sizes, axes=dims, norm=norm)


def _irfftn(name: str, input: Any, s: Any, dim: Any, norm: str, last: int | None) -> Any:
    x = _complex(_prepare(input, name))
    dims, sizes = _dims_and_sizes(x, s, dim, last)
    if not dims:
        raise RuntimeError(f"{name} must transform at least one axis")
    if sizes is None:
        sizes = [x.shape[d] for d in dims]
        sizes[-1] = 2 * (x.shape[dims[-1]] - 1)
    if sizes[-1] < 1:
        raise RuntimeError(f"Invalid number of data points ({sizes[-1]}) specified")
    return ops.fft.irfftn(x, s=sizes, axes=dims, norm=norm)


@torch_function("input")
def rfftn(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] | None = None,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The n-D transform of a real input (the last transformed dim one-sided)."""
    return _rfftn("rfftn", input, s, dim, _norm(norm), None)


@torch_function("input")
def irfftn(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] | None = None,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The inverse of :func:`rfftn` (real result)."""
    return _irfftn("irfftn", input, s, dim, _norm(norm), None)


@torch_function("input")
def rfft2(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] = (-2, -1),
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The 2-D transform of a real input."""
    return _rfftn("rfftn", input, s, dim, _norm(norm), 2)


@torch_function("input")
def irfft2(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] = (-2, -1),
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The inverse of :func:`rfft2`."""
    return _irfftn("irfftn", input, s, dim, _norm(norm), 2)


@torch_function("input")
def hfftn(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] | None = None,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The n-D transform of a Hermitian-symmetric signal (real result)."""
    x = _complex(_prepare(input, "hfftn"))
    return _irfftn("hfftn", ops.conj(x), s, dim, _SWAPPED[_norm(norm)], None)


@torch_function("input")
def hfft2(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] = (-2, -1),
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The 2-D transform of a Hermitian-symmetric signal."""
    x = _complex(_prepare(input, "hfft2"))
    return _irfftn("hfft2", ops.conj(x), s, dim, _SWAPPED[_norm(norm)], 2)


def _ihfftn(name: str, input: Any, s: Any, dim: Any, norm: Any, last: int | None) -> Any:
    dtype = dtype_of(input)
    if dtype.kind == "c":
        raise RuntimeError(f"Only supports floating-point dtypes, but found: {torch_name(dtype)}")
    return ops.conj(_rfftn(name, input, s, dim, _SWAPPED[_norm(norm)], last))


@torch_function("input")
def ihfftn(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] | None = None,
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The inverse of :func:`hfftn` for a real input."""
    return _ihfftn("ihfftn", input, s, dim, norm, None)


@torch_function("input")
def ihfft2(
    input: Tensor,
    s: Sequence[int] | None = None,
    dim: Sequence[int] = (-2, -1),
    norm: str | None = None,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The inverse of :func:`hfft2` for a real input."""
    return _ihfftn("ihfft2", input, s, dim, norm, 2)


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------
def _freq_dtype(dtype: Any) -> core.Dtype:
    return default_float() if dtype is None else _dtype.to_torch_dtype(dtype).core_dtype


@torch_function()
def fftfreq(
    n: int,
    d: float = 1.0,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """The sample frequencies of an ``n``-point transform with spacing ``d``."""
    return ops.astype(ops.fft.fftfreq(n, d=d, dtype=core.float64), _freq_dtype(dtype))


@torch_function()
def rfftfreq(
    n: int,
    d: float = 1.0,
    *,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """The non-negative sample frequencies of an ``n``-point real transform."""
    return ops.astype(ops.fft.rfftfreq(n, d=d, dtype=core.float64), _freq_dtype(dtype))


def _shift_axes(x: Any, dim: Any) -> tuple[int, ...] | None:
    if dim is None:
        return None
    dims = [dim] if isinstance(dim, builtins.int) else list(dim)
    return tuple(normalize_dim(d, ndim_of(x)) for d in dims)


@torch_function("input")
def fftshift(input: Tensor, dim: int | Sequence[int] | None = None) -> Tensor:
    """The zero frequency moved to the centre (a roll by n // 2 over ``dim``)."""
    if ndim_of(input) == 0:
        return input
    return ops.fft.fftshift(input, axes=_shift_axes(input, dim))


@torch_function("input")
def ifftshift(input: Tensor, dim: int | Sequence[int] | None = None) -> Tensor:
    """The inverse of :func:`fftshift`."""
    if ndim_of(input) == 0:
        return input
    return ops.fft.ifftshift(input, axes=_shift_axes(input, dim))
