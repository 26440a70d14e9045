"""torch.stft / torch.istft (and the Tensor methods) against real torch on every backend:
center and pad modes, hop/win lengths with a padded window, normalized, onesided,
return_complex, complex input, istft's length and window-envelope normalisation, and the
errors torch raises."""

from __future__ import annotations

import numpy
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import both, check

RNG = numpy.random.default_rng(7)
TOL = {"rtol": 1e-4, "atol": 1e-5}
OPTIONS = [
    {"n_fft": 8},
    {"n_fft": 8, "hop_length": 3, "win_length": 6, "center": False},
    {"n_fft": 9, "pad_mode": "constant", "normalized": True, "onesided": False},
    {"n_fft": 8, "pad_mode": "replicate", "return_complex": False},
]


def _round_trip(dtype: str, shape: tuple[int, ...], options: dict) -> None:
    kw = {"return_complex": True, **options}
    front, real = both(RNG.standard_normal(shape), dtype)
    n = kw.get("win_length", kw["n_fft"])
    wf, wr = both(numpy.hanning(n + 2)[1:-1], dtype)
    check(
        lambda: torch.stft(front, window=wf, **kw),
        lambda: real_torch.stft(real, window=wr, **kw),
        **TOL,
    )
    kw.pop("pad_mode", None)
    if not kw.pop("return_complex"):
        return
    sf = front.stft(window=wf, return_complex=True, **kw)
    sr = real.stft(window=wr, return_complex=True, **kw)
    for length in (None, shape[-1] + 5):  # a longer length pads with zeros
        check(
            lambda: sf.istft(window=wf, length=length, **kw),  # noqa: B023
            lambda: real_torch.istft(sr, window=wr, length=length, **kw),  # noqa: B023
            **TOL,
        )


def test_stft_istft_match_torch(backend):
    for options in OPTIONS:
        _round_trip("float32", (40,), options)
    _round_trip("float64", (2, 37), OPTIONS[0])


def test_stft_complex_input_and_default_window(backend):
    values = RNG.standard_normal((30,)) + 1j * RNG.standard_normal((30,))
    front, real = both(values, "complex64")
    check(
        lambda: torch.stft(front, 6, return_complex=True),
        lambda: real_torch.stft(real, 6, return_complex=True),
        **TOL,
    )
    sf = torch.stft(front, 6, return_complex=True)
    sr = real_torch.stft(real, 6, return_complex=True)
    check(
        lambda: torch.istft(sf, 6, onesided=False, return_complex=True),
        lambda: real_torch.istft(sr, 6, onesided=False, return_complex=True),
        **TOL,
    )


def test_stft_errors(backend):
    front, real = both(RNG.standard_normal((20,)), "float32")
    calls = [
        lambda t, x: t.stft(x, 8),  # return_complex missing for real input
        lambda t, x: t.stft(x, 0, return_complex=True),
        lambda t, x: t.stft(x, 8, win_length=9, return_complex=True),
        lambda t, x: t.stft(x, 64, center=False, return_complex=True),
        lambda t, x: t.stft(x.reshape(1, 1, 20), 8, return_complex=True),
        lambda t, x: t.istft(x.reshape(4, 5), 6),  # real input
        lambda t, x: t.istft(t.stft(x, 8, return_complex=True), 8, window=t.zeros(8)),
    ]
    for call in calls:
        check(lambda: call(torch, front), lambda: call(real_torch, real))  # noqa: B023
