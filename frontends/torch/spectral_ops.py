"""torch.stft and torch.istft on any core backend (``Tensor.stft``/``Tensor.istft`` too).

Frames are gathered with one index array and transformed with core's fft; istft's
overlap-add is core's ``nn.fold`` (complex frames fold their real and imaginary parts
separately). istft checks the window envelope (torch's NOLA check), which reads one value
to the host. ``return_complex=False`` gives the ``(..., 2)`` real view, as torch's
deprecated form.
"""

from __future__ import annotations

from typing import Any

import core
from core import native as ops
from frontends.torch._frontend import torch_function
from frontends.torch._ops_support import complex_dtype, dtype_of, ndim_of
from frontends.torch._tensor import Tensor

__all__ = ["istft", "stft"]


def _real_dtype(dtype: core.Dtype) -> core.Dtype:
    return {core.complex64: core.float32, core.complex128: core.float64}.get(dtype, dtype)


def _window(window: Any, win_length: int, n_fft: int, dtype: core.Dtype, name: str) -> Any:
    """The window zero-padded (centred) to ``n_fft``; None is a rectangular window."""
    if window is None:
        window = ops.ones((win_length,), dtype=_real_dtype(dtype))
    elif ndim_of(window) != 1 or window.shape[0] != win_length:
        raise RuntimeError(
            f"{name}: expected a 1D window tensor of size equal to win_length={win_length}, "
            f"but got window with size {list(window.shape)}"
        )
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        window = ops.nn.pad(window, [left, n_fft - win_length - left])
    return window


def _check_lengths(name: str, n_fft: int, hop_length: int, win_length: int) -> None:
    if n_fft <= 0:
        raise RuntimeError(f"{name}: expected 0 < n_fft, but got n_fft={n_fft}")
    if hop_length <= 0:
        raise RuntimeError(f"{name}: expected hop_length > 0, but got hop_length={hop_length}")
    if win_length <= 0 or win_length > n_fft:
        raise RuntimeError(
            f"{name}: expected 0 < win_length <= n_fft, but got win_length={win_length}"
        )


@torch_function("input")
def stft(
    input: Tensor,
    n_fft: int,
    hop_length: int | None = None,
    win_length: int | None = None,
    window: Tensor | None = None,
    center: bool = True,
    pad_mode: str = "reflect",
    normalized: bool = False,
    onesided: bool | None = None,
    return_complex: bool | None = None,
    align_to_window: bool | None = None,
) -> Tensor:
    """Short-time Fourier transform: ``(*, n_freq, n_frames)`` of a 1-D or 2-D signal."""
    if align_to_window:
        raise NotImplementedError(
            "torch.stft(align_to_window=True) is not supported by this frontend; frame the "
            "signal from its start (the default) or pad it yourself"
        )
    x = input
    dtype = dtype_of(x)
    window_complex = window is not None and dtype_of(window).kind == "c"
    if return_complex is None:
        if dtype.kind != "c" and not window_complex:
            raise RuntimeError(
                "stft requires the return_complex parameter be given for real inputs, and "
                "will further require that return_complex=True in a future PyTorch release."
            )
        return_complex = True
    if dtype.kind not in "fc":
        raise RuntimeError(
            f"stft: expected a tensor of floating point or complex values, got {dtype}"
        )
    ndim = ndim_of(x)
    if ndim not in (1, 2):
        raise RuntimeError(f"stft: expected a 1D or 2D tensor, but got {ndim}D tensor")
    hop_length = n_fft // 4 if hop_length is None else int(hop_length)
    win_length = n_fft if win_length is None else int(win_length)
    _check_lengths("stft", n_fft, hop_length, win_length)
    batched = x if ndim == 2 else ops.expand_dims(x, axis=0)
    if center:
        if pad_mode not in ("constant", "reflect", "replicate", "circular"):
            raise RuntimeError(f"stft: unsupported pad_mode {pad_mode!r}")
        half = n_fft // 2
        batched = ops.squeeze(
            ops.nn.pad(ops.expand_dims(batched, axis=1), [half, half], pad_mode), axis=1
        )
    length = batched.shape[-1]
    if n_fft > length:
        raise RuntimeError(f"stft: expected 0 < n_fft < {length}, but got n_fft={n_fft}")
    window = _window(window, win_length, n_fft, dtype, "stft")
    n_frames = 1 + (length - n_fft) // hop_length
    index = ops.add(
        ops.expand_dims(ops.multiply(ops.arange(n_frames, dtype=core.int64), hop_length), axis=1),
        ops.expand_dims(ops.arange(n_fft, dtype=core.int64), axis=0),
    )
    frames = ops.multiply(ops.take(batched, index, axis=1), window)  # (B, frames, n_fft)
    complex_in = dtype_of(frames).kind == "c"
    if onesided is None:
        onesided = not complex_in
    elif onesided and complex_in:
        raise RuntimeError("Cannot have onesided output if window or input is complex")
    norm = "ortho" if normalized else "backward"
    if onesided:
        spectrum = ops.fft.rfft(frames, axis=-1, norm=norm)
    else:
        if not complex_in:
            frames = ops.astype(frames, complex_dtype(dtype_of(frames)))
        spectrum = ops.fft.fft(frames, axis=-1, norm=norm)
    spectrum = ops.swapaxes(spectrum, -1, -2)
    if ndim == 1:
        spectrum = ops.squeeze(spectrum, axis=0)
    if not return_complex:
        spectrum = ops.stack([ops.real(spectrum), ops.imag(spectrum)], axis=-1)
    return spectrum


def _overlap_add(frames: Any, hop_length: int, length: int) -> Any:
    """``(B, n_fft, n_frames)`` real frames summed into ``(B, length)``."""
    n_fft = frames.shape[1]
    folded = ops.nn.fold(frames, (1, length), (1, n_fft), stride=(1, hop_length))
    return ops.reshape(folded, (frames.shape[0], length))


@torch_function("input")
def istft(
    input: Tensor,
    n_fft: int,
    hop_length: int | None = None,
    win_length: int | None = None,
    window: Tensor | None = None,
    center: bool = True,
    normalized: bool = False,
    onesided: bool | None = None,
    length: int | None = None,
    return_complex: bool = False,
) -> Tensor:
    """Inverse short-time Fourier transform, least-squares overlap-add with the window
    envelope, as torch's."""
    x = input
    dtype = dtype_of(x)
    if dtype.kind != "c":
        raise RuntimeError(
            "istft requires a complex-valued input tensor matching the output from stft with "
            "return_complex=True."
        )
    ndim = ndim_of(x)
    if ndim not in (2, 3):
        raise RuntimeError(f"istft: expected a tensor with 2 or 3 dimensions, but got {ndim}")
    hop_length = n_fft // 4 if hop_length is None else int(hop_length)
    win_length = n_fft if win_length is None else int(win_length)
    _check_lengths("istft", n_fft, hop_length, win_length)
    batched = x if ndim == 3 else ops.expand_dims(x, axis=0)
    n_freq, n_frames = batched.shape[1], batched.shape[2]
    if onesided is None:
        onesided = n_freq != n_fft
    if onesided:
        if n_fft // 2 + 1 != n_freq:
            raise RuntimeError(
                "istft: expected the frequency dimension (3rd to the last) of the input "
                f"tensor to match n_fft / 2 + 1 when onesided=True, but got {n_freq}"
            )
    elif n_fft != n_freq:
        raise RuntimeError(
            "istft: expected the frequency dimension (3rd to the last) of the input tensor "
            f"to match n_fft when onesided=False, but got {n_freq}"
        )
    if return_complex and onesided:
        raise RuntimeError("cannot have onesided output if window or input is complex")
    window = _window(window, win_length, n_fft, _real_dtype(dtype), "istft")
    if dtype_of(window).kind == "c" and not return_complex:
        raise RuntimeError("Complex windows are incompatible with return_complex=False")
    norm = "ortho" if normalized else "backward"
    spectrum = ops.swapaxes(batched, -1, -2)  # (B, frames, freq)
    if onesided:
        frames = ops.fft.irfft(spectrum, n=n_fft, axis=-1, norm=norm)
    else:
        frames = ops.fft.ifft(spectrum, n=n_fft, axis=-1, norm=norm)
        if not return_complex:
            frames = ops.real(frames)
    frames = ops.swapaxes(ops.multiply(frames, window), -1, -2)  # (B, n_fft, frames)
    expected = n_fft + hop_length * (n_frames - 1)
    if dtype_of(frames).kind == "c":
        imag = _overlap_add(ops.imag(frames), hop_length, expected)
        y = ops.add(
            ops.astype(_overlap_add(ops.real(frames), hop_length, expected), dtype_of(frames)),
            ops.multiply(ops.astype(imag, dtype_of(frames)), 1j),
        )
    else:
        y = _overlap_add(frames, hop_length, expected)
    square = ops.multiply(ops.abs(window), ops.abs(window))
    envelope = _overlap_add(
        ops.broadcast_to(ops.reshape(square, (1, n_fft, 1)), (1, n_fft, n_frames)),
        hop_length,
        expected,
    )
    start = n_fft // 2 if center else 0
    if length is not None:
        end = start + int(length)
    else:
        end = expected - n_fft // 2 if center else expected
    stop = min(end, expected)
    y = ops.get_item(y, (slice(None), slice(start, stop)))
    envelope = ops.get_item(envelope, (slice(None), slice(start, stop)))
    if bool(ops.any(ops.less(ops.abs(envelope), 1e-11))):
        raise RuntimeError(
            "istft(...): window overlap add min: 0 is below 1e-11 (the window fails the "
            "nonzero overlap-add constraint)"
        )
    y = ops.divide(y, envelope)
    if end > expected:
        y = ops.nn.pad(y, [0, end - expected])
    if ndim == 2:
        y = ops.squeeze(y, axis=0)
    return y
