"""tf.signal against real TensorFlow on every backend."""

from __future__ import annotations

import numpy

from tests.frontends.tensorflow.cases import check_cases

RNG = numpy.random.default_rng(0)
X = RNG.standard_normal((3, 16)).astype(numpy.float32)
C = (X + 1j * X[::-1]).astype(numpy.complex64)


def test_signal(backend: str) -> None:
    cases = [
        ("fft", lambda tf: tf.signal.fft(C)),
        ("ifft", lambda tf: tf.signal.ifft(C)),
        ("fft2d", lambda tf: tf.signal.fft2d(C)),
        ("ifft2d", lambda tf: tf.signal.ifft2d(C)),
        ("fft3d", lambda tf: tf.signal.fft3d(C[None])),
        ("fft of floats", lambda tf: tf.signal.fft(X)),
        ("fft float tensor", lambda tf: tf.signal.fft(tf.constant(X))),
        ("rfft", lambda tf: tf.signal.rfft(X)),
        ("rfft 10", lambda tf: tf.signal.rfft(X, [10])),
        ("irfft", lambda tf: tf.signal.irfft(C[:, :9])),
        ("irfft 8", lambda tf: tf.signal.irfft(C, [8])),
        ("rfft2d", lambda tf: tf.signal.rfft2d(X)),
        ("irfft2d", lambda tf: tf.signal.irfft2d(C[:, :9])),
        ("fftshift", lambda tf: tf.signal.fftshift(X)),
        ("ifftshift", lambda tf: tf.signal.ifftshift(X, 1)),
        ("hann", lambda tf: tf.signal.hann_window(8)),
        ("hamming", lambda tf: tf.signal.hamming_window(7, periodic=False)),
        ("vorbis", lambda tf: tf.signal.vorbis_window(6)),
        ("kaiser", lambda tf: tf.signal.kaiser_window(6)),
        ("frame", lambda tf: tf.signal.frame(X, 5, 3)),
        ("frame pad", lambda tf: tf.signal.frame(X, 5, 3, pad_end=True)),
        ("stft", lambda tf: tf.signal.stft(X, 8, 4)),
        ("inverse_stft", lambda tf: tf.signal.inverse_stft(tf.signal.stft(X, 8, 4), 8, 4)),
        ("inverse window", lambda tf: tf.signal.inverse_stft_window_fn(4)(8, tf.float32)),
        ("overlap_and_add", lambda tf: tf.signal.overlap_and_add(X.reshape(3, 4, 4), 2)),
        ("dct", lambda tf: tf.signal.dct(X)),
        ("dct ortho", lambda tf: tf.signal.dct(X, norm="ortho")),
        ("dct1", lambda tf: tf.signal.dct(X, type=1)),
        ("dct3", lambda tf: tf.signal.dct(X, type=3)),
        ("dct4", lambda tf: tf.signal.dct(X, type=4)),
        ("idct ortho", lambda tf: tf.signal.idct(X, norm="ortho")),
        ("mel", lambda tf: tf.signal.linear_to_mel_weight_matrix()),
        ("mfcc", lambda tf: tf.signal.mfccs_from_log_mel_spectrograms(X)),
        ("rfft complex", lambda tf: tf.signal.rfft(tf.constant(C))),
    ]
    check_cases(cases, ulps=64)


def test_fftnd_computes_where_tf_cpu_has_no_kernel(backend: str) -> None:
    """TF 2.21 has GPU-only FFTND kernels; the frontend computes them (checked against the
    fixed-rank FFTs of real TF)."""
    from frontends import tensorflow as tf
    from tests.frontends.tensorflow.oracle import real_tf

    numpy.testing.assert_allclose(
        tf.signal.fftnd(C).numpy(), real_tf.signal.fft2d(C).numpy(), rtol=1e-5, atol=1e-4
    )
    numpy.testing.assert_allclose(
        tf.signal.irfftnd(tf.signal.rfftnd(X)).numpy(), X, rtol=1e-5, atol=1e-5
    )
