"""tf.linalg against real TensorFlow on every backend (float32 and float64)."""

from __future__ import annotations

import numpy
import pytest

from tests.frontends.tensorflow.cases import check_cases

RNG = numpy.random.default_rng(0)
A = RNG.standard_normal((2, 4, 4))
SPD = A @ A.transpose(0, 2, 1) + 4 * numpy.eye(4)
B = RNG.standard_normal((2, 4, 3))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_linalg(backend: str, dtype: str) -> None:
    a, s, b = A.astype(dtype), SPD.astype(dtype), B.astype(dtype)
    cases = [(n, lambda tf, n=n: getattr(tf.linalg, n)(a))
             for n in ("det", "inv", "expm", "trace", "diag_part", "adjoint", "pinv", "lu")]  # fmt: skip
    cases += [(n, lambda tf, n=n: getattr(tf.linalg, n)(s))
              for n in ("cholesky", "logdet", "sqrtm", "eigvalsh")]  # fmt: skip
    cases += [
        ("solve", lambda tf: tf.linalg.solve(a, b)),
        ("slogdet", lambda tf: tf.linalg.slogdet(a)),
        ("band_part", lambda tf: tf.linalg.band_part(a, 1, 0)),
        ("lu_solve", lambda tf: tf.linalg.lu_solve(*tf.linalg.lu(a), b)),
        ("lu_reconstruct", lambda tf: tf.linalg.lu_reconstruct(*tf.linalg.lu(a))),
        ("lu_inverse", lambda tf: tf.linalg.lu_matrix_inverse(*tf.linalg.lu(a))),
        ("triangular_solve", lambda tf: tf.linalg.triangular_solve(s, b)),
        ("cholesky_solve", lambda tf: tf.linalg.cholesky_solve(tf.linalg.cholesky(s), b)),
        ("lstsq", lambda tf: tf.linalg.lstsq(a, b)),
        ("diag", lambda tf: tf.linalg.diag(b[0])),
        ("diag k", lambda tf: tf.linalg.diag(b[0, 0], k=-1)),
        ("set_diag", lambda tf: tf.linalg.set_diag(a, b[:, :, 0])),
        ("matrix_rank", lambda tf: tf.linalg.matrix_rank(a)),
        ("matvec", lambda tf: tf.linalg.matvec(a, b[:, :, 0])),
        ("svd values", lambda tf: tf.linalg.svd(a, compute_uv=False)),
        ("svd |u|", lambda tf: tf.abs(tf.linalg.svd(a)[1])),
        ("qr", lambda tf: tf.linalg.qr(a)),
        ("eigh values", lambda tf: tf.linalg.eigh(s)[0]),
        ("eigvals", lambda tf: tf.sort(tf.math.abs(tf.linalg.eigvals(s)))),
        ("tridiagonal", lambda tf: tf.linalg.tridiagonal_matmul(b.transpose(0, 2, 1)[:, :3], b)),
        (
            "tridiagonal solve",
            lambda tf: tf.linalg.tridiagonal_solve(
                tf.constant(b.transpose(0, 2, 1)[:, :3] + [[0], [4], [0]]), tf.constant(b)
            ),
        ),
        ("tensor_diag", lambda tf: tf.linalg.tensor_diag(b[0, 0])),
        ("cross", lambda tf: tf.linalg.cross(b[:, 0], b[:, 1])),
        ("matmul adjoint", lambda tf: tf.linalg.matmul(a, b, adjoint_a=True)),
        ("normalize", lambda tf: tf.linalg.normalize(a, axis=-1)),
        ("global_norm", lambda tf: tf.linalg.global_norm([a, b])),
        ("singular", lambda tf: tf.linalg.inv(numpy.zeros((2, 2), dtype))),
        ("not square", lambda tf: tf.linalg.det(b)),
        ("int det", lambda tf: tf.linalg.det(a.astype("int32"))),
    ]
    check_cases(cases, ulps=4096)
