"""tf.math.special: the modified Bessel functions i0/i1 (and scaled); the others of TF's
module (j0, j1, k0, k1, y0, y1, dawsn, expint, fresnel, spence) are not here."""

from __future__ import annotations

from frontends.tensorflow.math import bessel_i0, bessel_i0e, bessel_i1, bessel_i1e

__all__ = ["bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e"]
