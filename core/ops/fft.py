"""core's fft functions."""

NAMESPACE = "fft"
