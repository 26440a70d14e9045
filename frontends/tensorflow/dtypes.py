"""tf.dtypes: DType, as_dtype and the dtype objects."""

from __future__ import annotations

from frontends.tensorflow._dtypes import (
    DType,
    as_dtype,
    bfloat16,
    bool,  # noqa: A004
    complex64,
    complex128,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    string,
    uint8,
    uint16,
    uint32,
    uint64,
)  # fmt: skip
from frontends.tensorflow._ops import cast

__all__ = [
    "DType", "as_dtype", "cast", "bfloat16", "bool", "complex64", "complex128", "double",
    "float16", "float32", "float64", "half", "int8", "int16", "int32", "int64", "string", "uint8",
    "uint16", "uint32", "uint64",
]  # fmt: skip
