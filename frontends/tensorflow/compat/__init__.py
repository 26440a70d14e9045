"""``tf.compat``: text/bytes conversion and the parts of ``tf.compat.v1`` TF2 libraries
call."""

from __future__ import annotations

from typing import Any

from frontends.tensorflow.compat import v1

__all__ = ["as_bytes", "as_str", "as_text", "v1"]


def as_bytes(bytes_or_text: Any, encoding: str = "utf-8") -> bytes:
    if isinstance(bytes_or_text, bytearray):
        return bytes(bytes_or_text)
    if isinstance(bytes_or_text, str):
        return bytes_or_text.encode(encoding)
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


def as_text(bytes_or_text: Any, encoding: str = "utf-8") -> str:
    if isinstance(bytes_or_text, str):
        return bytes_or_text
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text.decode(encoding)
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


as_str = as_text
