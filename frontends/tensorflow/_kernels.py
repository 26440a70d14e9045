"""The dtypes TensorFlow 2.21's CPU kernels accept, per function, as data.

Each entry maps a function (``"math.sin"``) to a 15-letter code, one letter per dtype in
:data:`ORDER`: ``o`` the kernel exists, ``I`` TF raises InvalidArgumentError (the op's
type attribute refuses the dtype), ``N`` NotFoundError (the op allows it but no CPU kernel
is registered), ``T`` TypeError (the Python wrapper refuses it). The table was read off
real TensorFlow 2.21 by calling each function once per dtype (tests check it against TF).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import core
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._conversion import native_dtype
from frontends.tensorflow._dtypes import STRING

ORDER = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "bfloat16", "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip

KERNELS: dict[str, str] = {}  # filled from _kernel_table below


def error(name: str, dtype: core.Dtype, code: str) -> Exception:
    """TF's exception for ``name`` called with ``dtype`` (code from the table)."""
    allowed = ", ".join(
        _dtypes.kernel_name(d) for d, c in zip(ORDER, KERNELS.get(name, "")) if c == "o"
    )
    message = (
        f"tf.{name} has no kernel for {_dtypes.kernel_name(dtype)} in TensorFlow "
        f"{_dtypes.TF_VERSION} (allowed: {allowed}); cast the input with tf.cast"
    )
    if code == "N":
        return errors.NotFoundError(None, None, message)
    if code == "T":
        return TypeError(message)
    return errors.InvalidArgumentError(None, None, message)


def checker(name: str) -> Callable[[Any], None]:
    """A function raising TF's error when a native array's dtype has no kernel."""
    code = KERNELS[name]
    refused = {core.Dtype(d): c for d, c in zip(ORDER, code) if c != "o"}

    def check(native: Any) -> None:
        dtype = native_dtype(native)
        if dtype in refused:
            raise error(name, dtype, refused[dtype])

    return check


def check(name: str, native: Any) -> None:
    """Raise TF's error when ``native``'s dtype has no kernel for ``name`` (strings reach
    only the ops with string kernels: :mod:`._host`)."""
    dtype = native_dtype(native)
    if dtype is STRING:
        return
    code = KERNELS[name][ORDER.index(dtype)]
    if code != "o":
        raise error(name, dtype, code)


from frontends.tensorflow._kernel_table import TABLE  # noqa: E402

KERNELS.update(TABLE)
