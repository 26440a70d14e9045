"""tf.signal: FFTs over the innermost axes, windows, framing, STFT, DCT, mel matrices.

The FFTs run core's (pocketfft/cuFFT/XLA) transforms: values agree with TF's to rounding.
``rfft`` takes float32/float64 and gives complex64/complex128 as TF; ``fft_length``
crops or zero-pads the innermost axes. The DCTs are computed from their definitions.

``fftnd``/``ifftnd``/``rfftnd``/``irfftnd`` have only GPU kernels in TF 2.21 (on CPU TF
raises NotFoundError); this frontend computes them on every backend.

Not here: ``mdct``, ``inverse_mdct``, ``kaiser_bessel_derived_window``.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy

import core
from core import native as ops
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._common import as_core, dtype_of, host_int, host_ints, native, wrap
from frontends.tensorflow._kernels import check
from frontends.tensorflow._tensor import Tensor

__all__ = [
    "dct", "fft", "fft2d", "fft3d", "fftnd", "fftshift", "frame", "hamming_window",
    "hann_window", "idct", "ifft", "ifft2d", "ifft3d", "ifftnd", "ifftshift",
    "inverse_stft", "inverse_stft_window_fn", "irfft", "irfft2d", "irfft3d", "irfftnd",
    "kaiser_window", "linear_to_mel_weight_matrix", "mfccs_from_log_mel_spectrograms",
    "overlap_and_add", "rfft", "rfft2d", "rfft3d", "rfftnd", "stft", "vorbis_window",
]  # fmt: skip


def _op_input(value: Any, default: core.Dtype) -> Any:
    """A non-tensor input converted to the op's default dtype, as TF's op wrappers do
    (numpy float arrays become complex64 for the FFTs, float32 for rfft)."""
    from frontends.base.array import FrontendArray
    from frontends.tensorflow._conversion import cast_native, is_native

    if isinstance(value, FrontendArray) or (
        is_native(value) and not isinstance(value, numpy.ndarray)
    ):
        return native(value)
    return cast_native(native(value), default)


_COMPLEX = {core.float32: core.complex64, core.float64: core.complex128}
_REAL = {core.complex64: core.float32, core.complex128: core.float64}


def _complex_fft(name: str, rank: int, inverse: bool) -> Any:
    def transform(input: Any, name: Any = None) -> Tensor:
        x = _op_input(input, core.complex64)
        check(f"signal.{name_}", x)
        if len(x.shape) < rank:
            raise ValueError(f"Shape must be at least rank {rank} but is rank {len(x.shape)}")
        axes = builtins.tuple(builtins.range(-rank, 0))
        fn = ops.fft.ifftn if inverse else ops.fft.fftn
        return wrap(ops.astype(fn(x, axes=axes), dtype_of(x)))

    name_ = name
    transform.__name__ = transform.__qualname__ = name
    return transform


fft = _complex_fft("fft", 1, False)
ifft = _complex_fft("ifft", 1, True)
fft2d = _complex_fft("fft2d", 2, False)
ifft2d = _complex_fft("ifft2d", 2, True)
fft3d = _complex_fft("fft3d", 3, False)
ifft3d = _complex_fft("ifft3d", 3, True)


def _fit(x: Any, lengths: list[int], axes: builtins.tuple[int, ...]) -> Any:
    """Crop or zero-pad ``x`` along ``axes`` to ``lengths``."""
    for axis, length in zip(axes, lengths):
        have = x.shape[axis]
        if have > length:
            key = [builtins.slice(None)] * len(x.shape)
            key[axis] = builtins.slice(0, length)
            x = ops.get_item(x, builtins.tuple(key))
        elif have < length:
            shape = list(x.shape)
            shape[axis] = length - have
            x = ops.concat([x, ops.zeros(builtins.tuple(shape), dtype=dtype_of(x))], axis=axis)
    return x


def _real_fft(name: str, rank: int) -> Any:
    def transform(input_tensor: Any, fft_length: Any = None, name: Any = None) -> Tensor:
        x = _op_input(input_tensor, core.float32)
        if dtype_of(x).kind == "c":
            raise ValueError(
                f"RFFT requires tf.float32 or tf.float64 inputs, got: {Tensor._from_native(x)}"
            )
        check(f"signal.{'rfft' if rank == 1 else 'rfft2d'}", x)
        axes = builtins.tuple(builtins.range(-rank, 0))
        lengths = list(x.shape[-rank:]) if fft_length is None else host_ints(fft_length)
        x = _fit(x, lengths, axes)
        result = ops.fft.rfftn(x, axes=axes)
        return wrap(ops.astype(result, _COMPLEX[dtype_of(x)]))

    transform.__name__ = transform.__qualname__ = name
    return transform


def _inverse_real_fft(name: str, rank: int) -> Any:
    def transform(input_tensor: Any, fft_length: Any = None, name: Any = None) -> Tensor:
        x = _op_input(input_tensor, core.complex64)
        check(f"signal.{'irfft' if rank == 1 else 'irfft2d'}", x)
        axes = builtins.tuple(builtins.range(-rank, 0))
        if fft_length is None:
            lengths = [*x.shape[-rank:-1], 2 * (x.shape[-1] - 1)]
        else:
            lengths = host_ints(fft_length)
        inner = [*lengths[:-1], lengths[-1] // 2 + 1]
        x = _fit(x, inner, axes)
        result = ops.fft.irfftn(x, s=lengths, axes=axes)
        return wrap(ops.astype(result, _REAL[dtype_of(x)]))

    transform.__name__ = transform.__qualname__ = name
    return transform


rfft = _real_fft("rfft", 1)
rfft2d = _real_fft("rfft2d", 2)
rfft3d = _real_fft("rfft3d", 3)
irfft = _inverse_real_fft("irfft", 1)
irfft2d = _inverse_real_fft("irfft2d", 2)
irfft3d = _inverse_real_fft("irfft3d", 3)


def _nd_axes(x: Any, fft_length: Any, axes: Any) -> builtins.tuple[Any, builtins.tuple[int, ...]]:
    if axes is None:
        count = len(x.shape) if fft_length is None else len(host_ints(fft_length))
        axes_ = builtins.tuple(builtins.range(-count, 0))
    else:
        axes_ = builtins.tuple(host_ints(axes))
    lengths = None if fft_length is None else host_ints(fft_length)
    return lengths, axes_


def fftnd(input_tensor: Any, fft_length: Any = None, axes: Any = None, norm: Any = None,
          name: Any = None) -> Tensor:  # fmt: skip
    x = native(input_tensor)
    lengths, axes_ = _nd_axes(x, fft_length, axes)
    if lengths is not None:
        x = _fit(x, lengths, axes_)
    return wrap(ops.astype(ops.fft.fftn(x, axes=axes_), dtype_of(x)))


def ifftnd(input_tensor: Any, fft_length: Any = None, axes: Any = None, norm: Any = None,
           name: Any = None) -> Tensor:  # fmt: skip
    x = native(input_tensor)
    lengths, axes_ = _nd_axes(x, fft_length, axes)
    if lengths is not None:
        x = _fit(x, lengths, axes_)
    return wrap(ops.astype(ops.fft.ifftn(x, axes=axes_), dtype_of(x)))


def rfftnd(input_tensor: Any, fft_length: Any = None, axes: Any = None, norm: Any = None,
           name: Any = None) -> Tensor:  # fmt: skip
    x = native(input_tensor)
    lengths, axes_ = _nd_axes(x, fft_length, axes)
    if lengths is not None:
        x = _fit(x, lengths, axes_)
    return wrap(ops.astype(ops.fft.rfftn(x, axes=axes_), _COMPLEX[dtype_of(x)]))


def irfftnd(input_tensor: Any, fft_length: Any = None, axes: Any = None, norm: Any = None,
            name: Any = None) -> Tensor:  # fmt: skip
    x = native(input_tensor)
    lengths, axes_ = _nd_axes(x, fft_length, axes)
    if lengths is None:
        lengths = [*(x.shape[a] for a in axes_[:-1]), 2 * (x.shape[axes_[-1]] - 1)]
    x = _fit(x, [*lengths[:-1], lengths[-1] // 2 + 1], axes_)
    return wrap(ops.astype(ops.fft.irfftn(x, s=lengths, axes=axes_), _REAL[dtype_of(x)]))


def fftshift(x: Any, axes: Any = None, name: Any = None) -> Tensor:
    v = native(x)
    a = None if axes is None else builtins.tuple(host_ints(axes))
    return wrap(ops.fft.fftshift(v, axes=a))


def ifftshift(x: Any, axes: Any = None, name: Any = None) -> Tensor:
    v = native(x)
    a = None if axes is None else builtins.tuple(host_ints(axes))
    return wrap(ops.fft.ifftshift(v, axes=a))


# ---------------------------------------------------------------------------------------
# windows
# ---------------------------------------------------------------------------------------
def _raised_cosine(length: Any, periodic: bool, dtype: Any, a: float, b: float) -> Tensor:
    n = host_int(length)
    target = as_core(dtype)
    if target.kind != "f":
        raise ValueError(f"dtype must be a floating point type. Found {_dtypes.of(target)}")
    if n == 1:
        return wrap(ops.ones((1,), dtype=target))
    even = 1 - n % 2
    denominator = ops.asarray(n + int(builtins.bool(periodic)) * even - 1, dtype=target)
    count = ops.arange(n, dtype=target)
    argument = ops.divide(ops.multiply(ops.asarray(2 * numpy.pi, dtype=target), count), denominator)
    return wrap(
        ops.subtract(
            ops.asarray(a, dtype=target),
            ops.multiply(ops.asarray(b, dtype=target), ops.cos(argument)),
        )
    )


def hann_window(window_length: Any, periodic: bool = True, dtype: Any = _dtypes.float32,
                name: Any = None) -> Tensor:  # fmt: skip
    return _raised_cosine(window_length, periodic, dtype, 0.5, 0.5)


def hamming_window(window_length: Any, periodic: bool = True, dtype: Any = _dtypes.float32,
                   name: Any = None) -> Tensor:  # fmt: skip
    return _raised_cosine(window_length, periodic, dtype, 0.54, 0.46)


def vorbis_window(window_length: Any, dtype: Any = _dtypes.float32, name: Any = None) -> Tensor:
    n = host_int(window_length)
    target = as_core(dtype)
    arg = ops.divide(ops.multiply(ops.add(ops.arange(n, dtype=target), ops.asarray(0.5, dtype=target)),
                                  ops.asarray(numpy.pi, dtype=target)), ops.asarray(n, dtype=target))  # fmt: skip
    inner = ops.sin(arg)
    return wrap(
        ops.sin(ops.multiply(ops.asarray(numpy.pi / 2, dtype=target), ops.multiply(inner, inner)))
    )


def kaiser_window(window_length: Any, beta: float = 12.0, dtype: Any = _dtypes.float32,
                  name: Any = None) -> Tensor:  # fmt: skip
    from frontends.tensorflow.math import bessel_i0e

    n = host_int(window_length)
    target = as_core(dtype)
    if n == 1:
        return wrap(ops.ones((1,), dtype=target))
    half = (n - 1) / 2.0
    r = ops.divide(
        ops.subtract(ops.arange(n, dtype=target), ops.asarray(half, dtype=target)),
        ops.asarray(half, dtype=target),
    )
    one = ops.ones((), dtype=target)
    arg = ops.multiply(
        ops.asarray(beta, dtype=target),
        ops.sqrt(ops.maximum(ops.subtract(one, ops.multiply(r, r)), ops.zeros_like(one))),
    )
    numerator = native(bessel_i0e(Tensor._from_native(arg)))
    denominator = native(bessel_i0e(Tensor._from_native(ops.asarray(beta, dtype=target))))
    return wrap(
        ops.multiply(
            ops.exp(ops.subtract(arg, ops.asarray(builtins.abs(beta), dtype=target))),
            ops.divide(numerator, denominator),
        )
    )


# ---------------------------------------------------------------------------------------
# framing, STFT
# ---------------------------------------------------------------------------------------
def frame(signal: Any, frame_length: Any, frame_step: Any, pad_end: bool = False,
          pad_value: Any = 0, axis: int = -1, name: Any = None) -> Tensor:  # fmt: skip
    x = native(signal)
    length, step = host_int(frame_length), host_int(frame_step)
    a = axis % len(x.shape)
    size = x.shape[a]
    if pad_end:
        count = -(-size // step)
        needed = builtins.max((count - 1) * step + length - size, 0)
        if needed:
            shape = list(x.shape)
            shape[a] = needed
            x = ops.concat(
                [x, ops.full(builtins.tuple(shape), pad_value, dtype=dtype_of(x))], axis=a
            )
    else:
        count = builtins.max(0, 1 + (size - length) // step) if size >= length else 0
    index = numpy.arange(count)[:, None] * step + numpy.arange(length)[None, :]
    taken = ops.take(x, ops.asarray(index.reshape(-1).astype(numpy.int64)), axis=a)
    return wrap(ops.reshape(taken, (*x.shape[:a], count, length, *x.shape[a + 1 :])))


def overlap_and_add(signal: Any, frame_step: Any, name: Any = None) -> Tensor:
    x = native(signal)
    step = host_int(frame_step)
    frames, length = x.shape[-2:]
    total = (frames - 1) * step + length
    out = ops.zeros((*x.shape[:-2], total), dtype=dtype_of(x))
    for f in builtins.range(frames):
        piece = ops.get_item(x, (..., f, builtins.slice(None)))
        parts = [p for p in (
            ops.zeros((*x.shape[:-2], f * step), dtype=dtype_of(x)) if f * step else None,
            piece,
            ops.zeros((*x.shape[:-2], total - f * step - length), dtype=dtype_of(x)) if total - f * step - length else None,
        ) if p is not None]  # fmt: skip
        out = ops.add(out, ops.concat(parts, axis=-1) if len(parts) > 1 else parts[0])
    return wrap(out)


def _fft_length(frame_length: int) -> int:
    return 1 << (frame_length - 1).bit_length()


def stft(signals: Any, frame_length: Any, frame_step: Any, fft_length: Any = None,
         window_fn: Any = hann_window, pad_end: bool = False, name: Any = None) -> Tensor:  # fmt: skip
    x = native(signals)
    length = host_int(frame_length)
    n = _fft_length(length) if fft_length is None else host_int(fft_length)
    framed = native(frame(x, length, frame_step, pad_end=pad_end))
    if window_fn is not None:
        window = native(window_fn(length, dtype=_dtypes.of(dtype_of(x))))
        framed = ops.multiply(framed, window)
    return rfft(framed, [n])


def inverse_stft(stfts: Any, frame_length: Any, frame_step: Any, fft_length: Any = None,
                 window_fn: Any = hann_window, name: Any = None) -> Tensor:  # fmt: skip
    x = native(stfts)
    length = host_int(frame_length)
    n = _fft_length(length) if fft_length is None else host_int(fft_length)
    real = native(irfft(x, [n]))
    real = _fit(real, [length], (-1,))
    if window_fn is not None:
        window = native(window_fn(length, dtype=_dtypes.of(dtype_of(real))))
        real = ops.multiply(real, window)
    return overlap_and_add(real, frame_step)


def inverse_stft_window_fn(frame_step: Any, forward_window_fn: Any = hann_window,
                           name: Any = None) -> Any:  # fmt: skip
    """The window that makes inverse_stft invert stft (TF's construction)."""

    def window(frame_length: Any, dtype: Any) -> Tensor:
        length = host_int(frame_length)
        step = host_int(frame_step)
        forward = native(forward_window_fn(length, dtype=dtype))
        squared = ops.multiply(forward, forward)
        denominators = -(-length // step)
        padded = (
            ops.concat(
                [squared, ops.zeros((denominators * step - length,), dtype=dtype_of(squared))]
            )
            if denominators * step > length
            else squared
        )
        blocks = ops.reshape(padded, (denominators, step))
        summed = ops.sum(blocks, axis=0, keepdims=True)
        tiled = ops.reshape(ops.tile(summed, (denominators, 1)), (-1,))
        tiled = ops.get_item(tiled, builtins.slice(0, length))
        return wrap(ops.divide(forward, tiled))

    return window


# ---------------------------------------------------------------------------------------
# DCT, mel
# ---------------------------------------------------------------------------------------
def _dct_matrix(n: int, kind: int, norm: Any, dtype: core.Dtype) -> numpy.ndarray:
    k = numpy.arange(n)[:, None].astype(numpy.float64)
    m = numpy.arange(n)[None, :].astype(numpy.float64)
    if kind == 1:
        basis = 2 * numpy.cos(numpy.pi * k * m / (n - 1))
        basis[:, 0] /= 2
        basis[:, -1] /= 2
    elif kind == 2:
        basis = 2 * numpy.cos(numpy.pi * k * (2 * m + 1) / (2 * n))
        if norm == "ortho":
            basis[0] *= numpy.sqrt(1 / (4 * n))
            basis[1:] *= numpy.sqrt(1 / (2 * n))
    elif kind == 3:
        basis = 2 * numpy.cos(numpy.pi * m * (2 * k + 1) / (2 * n))
        basis[:, 0] = 1
        if norm == "ortho":
            basis[:, 0] *= 1 / numpy.sqrt(n)
            basis[:, 1:] *= numpy.sqrt(1 / (2 * n))
    else:
        basis = 2 * numpy.cos(numpy.pi * (2 * m + 1) * (2 * k + 1) / (4 * n))
        if norm == "ortho":
            basis *= numpy.sqrt(1 / (2 * n))
    return basis.T  # x @ basis.T gives y


def dct(input: Any, type: int = 2, n: Any = None, axis: int = -1, norm: Any = None,
        name: Any = None) -> Tensor:  # fmt: skip
    """tf.signal.dct types 1-4 (``norm`` None or "ortho"), along the last axis."""
    x = native(input)
    if type not in (1, 2, 3, 4):
        raise ValueError(f"Types I, II, III and IV (I)DCT are supported. Received: type={type}")
    if axis != -1:
        raise NotImplementedError(f"Argument `axis` must be -1. Received: axis={axis}")
    if norm not in (None, "ortho"):
        raise ValueError(f"Normalization must be None or 'ortho'. Received: norm={norm}")
    if type == 1 and norm == "ortho":
        raise ValueError("Normalization is not supported for the Type-I DCT.")
    if n is not None:
        x = _fit(x, [host_int(n)], (-1,))
    size = x.shape[-1]
    matrix = ops.asarray(_dct_matrix(size, type, norm, dtype_of(x)).astype(str(dtype_of(x))))
    return wrap(ops.matmul(x, matrix))


def idct(input: Any, type: int = 2, n: Any = None, axis: int = -1, norm: Any = None,
         name: Any = None) -> Tensor:  # fmt: skip
    inverse = {1: 1, 2: 3, 3: 2, 4: 4}.get(type, type)
    return dct(input, type=inverse, n=n, axis=axis, norm=norm)


def mfccs_from_log_mel_spectrograms(log_mel_spectrograms: Any, name: Any = None) -> Tensor:
    x = native(log_mel_spectrograms)
    bins = x.shape[-1]
    coefficients = native(dct(x, type=2))
    return wrap(
        ops.multiply(coefficients, ops.asarray(1 / numpy.sqrt(bins * 2.0), dtype=dtype_of(x)))
    )


def linear_to_mel_weight_matrix(num_mel_bins: int = 20, num_spectrogram_bins: int = 129,
                                sample_rate: Any = 8000, lower_edge_hertz: Any = 125.0,
                                upper_edge_hertz: Any = 3800.0, dtype: Any = _dtypes.float32,
                                name: Any = None) -> Tensor:  # fmt: skip
    """TF's HTK mel matrix (``mel = 1127 * log(1 + hz / 700)``), computed in ``dtype``."""
    target = as_core(dtype)
    if lower_edge_hertz >= upper_edge_hertz:
        raise ValueError("lower_edge_hertz must be smaller than upper_edge_hertz")
    nyquist = sample_rate / 2.0

    def mel(hz: Any) -> Any:
        return ops.multiply(
            ops.asarray(1127.0, dtype=target),
            ops.log1p(ops.divide(hz, ops.asarray(700.0, dtype=target))),
        )

    bins_hz = ops.linspace(0.0, nyquist, num_spectrogram_bins, dtype=target)
    bins_mel = ops.get_item(mel(bins_hz), builtins.slice(1, None))
    edges = ops.linspace(0.0, 1.0, num_mel_bins + 2, dtype=target)
    low_mel = mel(ops.asarray(lower_edge_hertz, dtype=target))
    high_mel = mel(ops.asarray(upper_edge_hertz, dtype=target))
    edges = ops.add(low_mel, ops.multiply(edges, ops.subtract(high_mel, low_mel)))
    lower = ops.reshape(ops.get_item(edges, builtins.slice(0, num_mel_bins)), (1, -1))
    center = ops.reshape(ops.get_item(edges, builtins.slice(1, num_mel_bins + 1)), (1, -1))
    upper = ops.reshape(ops.get_item(edges, builtins.slice(2, None)), (1, -1))
    spectrum = ops.reshape(bins_mel, (-1, 1))
    lower_slopes = ops.divide(ops.subtract(spectrum, lower), ops.subtract(center, lower))
    upper_slopes = ops.divide(ops.subtract(upper, spectrum), ops.subtract(upper, center))
    weights = ops.maximum(ops.zeros((), dtype=target), ops.minimum(lower_slopes, upper_slopes))
    return wrap(ops.concat([ops.zeros((1, num_mel_bins), dtype=target), weights], axis=0))


_ = errors
