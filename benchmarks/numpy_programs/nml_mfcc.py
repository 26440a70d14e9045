"""numpy-ml DSP: MFCC features (framing, windows, DFT, mel filterbank, DCT) of a chirp."""

import numpy as np
from _common import report, size, start
from numpy_ml.preprocessing.dsp import DCT, DFT, autocorrelate1D, mfcc

rng = np.random.default_rng(0)
fs = 8000
t = np.arange(size(8000, 800)) / fs
signal = np.sin(2 * np.pi * (200 + 800 * t) * t) + 0.05 * rng.normal(size=t.size)

began = start()
features = mfcc(signal, fs=fs, n_mfccs=13, window_duration=0.025, stride_duration=0.01)
spectrum = DFT(signal[:256])
cosine = DCT(signal[:128])
autocorrelation = autocorrelate1D(signal[:300])
report(began, np, rtol=1e-6, mfcc=features, dft=np.abs(spectrum), dct=cosine, acf=autocorrelation)
