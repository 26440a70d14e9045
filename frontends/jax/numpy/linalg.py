"""``jax.numpy.linalg``: the numpy frontend's linalg under JAX's rules (lattice promotion,
x64 off: an integer or float64 input gives float32 results). Differences from JAX: the
decompositions compute with core's linalg, so signs of eigen/singular vectors follow
core's backend where they are not unique."""

from __future__ import annotations

from typing import Any

from frontends.jax.numpy._bridge import from_numpy as _from_numpy
from frontends.numpy import linalg as _np_linalg

EigResult = _np_linalg.EigResult
EighResult = _np_linalg.EighResult
QRResult = _np_linalg.QRResult
SlogdetResult = _np_linalg.SlogdetResult
SVDResult = _np_linalg.SVDResult

_SPEC = {
    "cholesky": {}, "cond": {}, "cross": {"arrays": ("x1", "x2")}, "det": {}, "diagonal": {},
    "eig": {}, "eigh": {}, "eigvals": {}, "eigvalsh": {}, "inv": {},
    "lstsq": {"arrays": ("a", "b"), "promote_names": ("a", "b")},
    "matmul": {"arrays": ("x1", "x2")}, "matrix_norm": {}, "matrix_power": {},
    "matrix_rank": {}, "matrix_transpose": {}, "multi_dot": {"arrays": ("arrays",), "sequences": ("arrays",), "promote_names": ("arrays",)},
    "norm": {}, "outer": {"arrays": ("x1", "x2")}, "pinv": {}, "qr": {}, "slogdet": {},
    "solve": {}, "svd": {}, "svdvals": {}, "tensordot": {}, "tensorinv": {},
    "tensorsolve": {}, "trace": {}, "vecdot": {"arrays": ("x1", "x2")}, "vector_norm": {},
}  # fmt: skip


def _complex(out: Any) -> Any:
    """JAX's eig/eigvals are complex whatever the eigenvalues (numpy gives real ones when
    they all are)."""
    if isinstance(out, tuple):
        return type(out)(*(_complex(o) for o in out))
    return out if out._dtype.kind == "c" else out.astype(complex)


_SPEC["eig"] = {"post": _complex}
_SPEC["eigvals"] = {"post": _complex}

for _name, _options in _SPEC.items():
    globals()[_name] = _from_numpy(
        getattr(_np_linalg, _name), f"jnp.linalg.{_name}", strong=True, **_options
    )

__all__ = sorted(_SPEC)
