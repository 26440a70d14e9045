"""``tensorflow.python.ops.linalg.sparse.sparse_csr_matrix_ops``: CSR sparse matrices are
not provided by this frontend (it has no ``tf.SparseTensor``); each function says so."""

from __future__ import annotations

from typing import Any

from frontends.tensorflow import errors


def _unsupported(name: str) -> Any:
    def function(*args: Any, **kwargs: Any) -> Any:
        raise errors.UnimplementedError(
            None, None, f"{name}: CSR sparse matrices are not provided by the tensorflow frontend"
        )

    function.__name__ = name
    return function


sparse_tensor_to_csr_sparse_matrix = _unsupported("sparse_tensor_to_csr_sparse_matrix")
sparse_matrix_sparse_mat_mul = _unsupported("sparse_matrix_sparse_mat_mul")
csr_sparse_matrix_to_sparse_tensor = _unsupported("csr_sparse_matrix_to_sparse_tensor")
