"""How frontends/tensorflow/_kernel_table.py is made: each probe calls one function on a
[2, 3] tensor of each dtype; ``python -m tests.frontends.tensorflow.kernel_probes`` prints
the table (test_math checks the stored table against real TF)."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

ORDER = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "bfloat16", "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip

UNARY = (
    "abs acos acosh asin asinh atan atanh bessel_i0 bessel_i0e bessel_i1 bessel_i1e ceil cos "
    "cosh digamma erf erfc erfcinv erfinv exp expm1 floor is_finite is_inf is_nan lgamma log "
    "log1p log_sigmoid ndtri negative reciprocal reciprocal_no_nan rint round rsqrt sigmoid "
    "sign sin sinh softplus softsign sqrt square tan tanh logical_not"
).split()
BINARY = (
    "add atan2 equal floordiv floormod greater greater_equal less less_equal logical_and "
    "logical_or logical_xor maximum minimum multiply multiply_no_nan nextafter not_equal pow "
    "squared_difference subtract xdivy xlog1py xlogy"
).split()
REDUCTIONS = (
    "reduce_sum reduce_prod reduce_mean reduce_max reduce_min reduce_all reduce_any "
    "reduce_variance reduce_std reduce_euclidean_norm reduce_logsumexp argmax argmin cumsum "
    "cumprod cumulative_logsumexp top_k add_n in_top_k invert_permutation"
).split()
SEGMENTS = "sum prod max min mean".split()


def _square(tf: Any, x: Any) -> Any:
    """A well-conditioned 3x3 matrix of x's dtype (bool: x's rows)."""
    m = tf.concat([x, x[:1]], 0)
    if x.dtype == tf.bool:
        return m
    return m + tf.cast(tf.constant([[4, 0, 0], [0, 4, 0], [0, 0, 4]]), x.dtype)


def probes() -> dict[str, Any]:
    table: dict[str, Any] = {}
    for n in UNARY:
        table[f"math.{n}"] = lambda tf, x, n=n: getattr(tf.math, n)(x)
    for n in BINARY:
        table[f"math.{n}"] = lambda tf, x, n=n: getattr(tf.math, n)(x, tf.ones_like(x))
    for n in REDUCTIONS:
        table[f"math.{n}"] = lambda tf, x, n=n: getattr(tf.math, n)(x)
    table["math.add_n"] = lambda tf, x: tf.math.add_n([x, x])
    table["math.in_top_k"] = lambda tf, x: tf.math.in_top_k([0, 1], x, 1)
    table["math.invert_permutation"] = lambda tf, x: tf.math.invert_permutation(x[0])
    for n in SEGMENTS:
        table[f"math.segment_{n}"] = lambda tf, x, n=n: getattr(tf.math, f"segment_{n}")(x, [0, 1])
        table[f"math.unsorted_segment_{n}"] = lambda tf, x, n=n: getattr(
            tf.math, f"unsorted_segment_{n}"
        )(x, [0, 1], 2)
    table["math.unsorted_segment_sqrt_n"] = lambda tf, x: tf.math.unsorted_segment_sqrt_n(
        x, [0, 1], 2
    )
    for n in ("softmax", "log_softmax", "relu", "relu6", "elu", "selu", "leaky_relu", "gelu",
              "silu", "crelu", "bias_add", "l2_loss"):  # fmt: skip
        table[f"nn.{n}"] = (
            (lambda tf, x: tf.nn.bias_add(x, x[0]))
            if n == "bias_add"
            else (lambda tf, x, n=n: getattr(tf.nn, n)(x))
        )
    table["nn.conv2d"] = lambda tf, x: tf.nn.conv2d(
        tf.reshape(tf.concat([x, x], 0), [1, 2, 2, 3]), tf.reshape(x, [1, 1, 3, 2]), 1, "VALID"
    )
    table["nn.max_pool2d"] = lambda tf, x: tf.nn.max_pool2d(
        tf.reshape(x, [1, 2, 3, 1]), 2, 1, "VALID"
    )
    table["nn.avg_pool2d"] = lambda tf, x: tf.nn.avg_pool2d(
        tf.reshape(x, [1, 2, 3, 1]), 2, 1, "VALID"
    )
    for n in ("det", "inv", "cholesky", "matrix_transpose", "trace", "diag_part", "band_part",
              "expm", "logdet", "slogdet", "qr", "svd", "eigh", "pinv", "lu", "solve"):  # fmt: skip
        table[f"linalg.{n}"] = (
            (lambda tf, x: tf.linalg.band_part(_square(tf, x), 0, 1))
            if n == "band_part"
            else (lambda tf, x: tf.linalg.solve(_square(tf, x), _square(tf, x)))
            if n == "solve"
            else (lambda tf, x, n=n: getattr(tf.linalg, n)(_square(tf, x)))
        )
    table["math.matmul"] = lambda tf, x: tf.linalg.matmul(x, x, transpose_b=True)
    for n in ("fft", "ifft", "fft2d", "ifft2d", "fft3d", "ifft3d", "rfft", "irfft", "rfft2d",
              "irfft2d"):  # fmt: skip
        table[f"signal.{n}"] = lambda tf, x, n=n: getattr(tf.signal, n)(tf.reshape(x, [1, 2, 3]))
    for n in ("sort", "argsort", "unique", "cumsum"):
        table[f"tf.{n}"] = lambda tf, x, n=n: getattr(tf, n)(x[0])
    table["tf.clip_by_value"] = lambda tf, x: tf.clip_by_value(x, x, x)
    return table


def run(keys: Any = None) -> dict[str, str]:
    import tensorflow as tf

    result = {}
    for key, fn in probes().items():
        if keys is not None and key not in keys:
            continue
        code = ""
        for d in ORDER:
            x = (
                tf.constant([[True, False, True], [False, True, True]])
                if d == "bool"
                else (tf.cast(tf.constant([[1, 2, 0], [2, 1, 1]]), d))
            )
            try:
                fn(tf, x)
                code += "o"
            except tf.errors.NotFoundError:
                code += "N"
            except tf.errors.OpError:
                code += "I"
            except (TypeError, ValueError):
                code += "T"
        result[key] = code
    return result


if __name__ == "__main__":
    print('"""Generated by tests/frontends/tensorflow/kernel_probes.py (see _kernels.py)."""\n')
    print("TABLE = {")
    for key, code in run().items():
        print(f"    {key!r}: {code!r},")
    print("}")
