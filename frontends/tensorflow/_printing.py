"""TF's text of a tensor's values, as ``tf.print`` and ``tf.strings.format`` write it.

This is TensorFlow's ``Tensor::SummarizeValue`` (print_v2): nested brackets, elements
separated by one space (no column alignment), rows by a newline, ``limit`` elements kept
at each end of every dimension with ``...`` between; floats in the shortest of ``%.6g``
and ``%.9g`` (``%.15g``/``%.17g`` for float64) that reads back the same value, booleans
as 1/0, strings quoted with C escapes (UTF-8 sequences kept), complex numbers as ``?``.
"""

from __future__ import annotations

import numpy

_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"',
            ord("'"): "\\'", ord("\\"): "\\\\"}  # fmt: skip


def _escape(text: bytes) -> str:
    """absl's Utf8SafeCEscape: control bytes as octal, bytes of UTF-8 sequences kept."""
    out = bytearray()
    for byte in text:
        if byte in _ESCAPES:
            out += _ESCAPES[byte].encode()
        elif byte < 0x20 or byte == 0x7F:
            out += f"\\{byte:03o}".encode()
        else:
            out.append(byte)
    return out.decode("utf-8", errors="replace")


def _float(value: numpy.floating) -> str:
    """TF's FloatToBuffer/DoubleToBuffer: 6 (15) significant digits when they read back
    as the same float32 (float64), else 9 (17)."""
    kind = type(value)
    short, long = (15, 17) if kind is numpy.float64 else (6, 9)
    text = f"{float(value):.{short}g}"
    if numpy.isnan(value) or kind(text) == value:
        return text
    return f"{float(value):.{long}g}"


def element(value: object, dtype: numpy.dtype) -> str:
    """One element as TF's PrintOneElement writes it."""
    kind = dtype.kind
    if kind == "O":
        return '"' + _escape(value) + '"'  # type: ignore[arg-type]
    if kind == "b":
        return "1" if value else "0"
    if kind == "c":
        return "?"
    if kind in "iu":
        return str(int(value))  # type: ignore[call-overload]
    # float16 and bfloat16 print as float32
    return _float(numpy.float64(value) if dtype.itemsize == 8 else numpy.float32(value))


def _spacing(dim: int, ndim: int) -> str:
    if dim == ndim - 1:
        return " "
    return "\n" * (ndim - dim - 1) + " " * (dim + 1)


def summarize_value(array: numpy.ndarray, limit: int) -> str:
    """``array``'s text with ``limit`` elements at each end of every dimension (every
    element when ``limit`` is negative)."""
    if limit < 0:
        limit = array.size
    if array.ndim == 0:
        return element(array[()], array.dtype)

    def dimension(index: tuple[int, ...]) -> str:
        dim = len(index)
        if dim == array.ndim:
            return element(array[index], array.dtype)
        count = array.shape[dim]
        start_of_end = max(limit, count - limit)
        parts = [dimension((*index, i)) for i in range(min(limit, count))]
        text = "[" + _spacing(dim, array.ndim).join(parts)
        if count > 2 * limit:
            text += _spacing(dim, array.ndim) + "..."
        for i in range(start_of_end, count):
            text += _spacing(dim, array.ndim) + dimension((*index, i))
        return text + "]"

    return dimension(())
