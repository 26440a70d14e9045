"""The Array API inspection utilities (``core.__array_namespace_info__()``)."""

from __future__ import annotations

from typing import Any

from core import dtypes
from core.backend import current_backend

_KIND_GROUPS = {
    "bool": ("bool",),
    "signed integer": ("int8", "int16", "int32", "int64"),
    "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
    "integral": ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"),
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64", "complex128"),
    "numeric": (
        "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float32", "float64", "complex64", "complex128",
    ),
}  # fmt: skip


class Info:
    """What the backend in use offers. bfloat16 and float16 are held too but, not being
    standard dtypes, are left out of ``dtypes()``'s kinds, as the standard lists them."""

    def capabilities(self) -> dict[str, Any]:
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self) -> str:
        return "cpu"

    def devices(self) -> list[str]:
        return ["cpu"]

    def default_dtypes(self, *, device: Any = None) -> dict[str, dtypes.Dtype]:
        return {
            "real floating": dtypes.default_float_dtype(),
            "complex floating": dtypes.default_complex_dtype(),
            "integral": dtypes.default_int_dtype(),
            "indexing": dtypes.int64,
        }

    def dtypes(self, *, device: Any = None, kind: Any = None) -> dict[str, dtypes.Dtype]:
        valid = set(current_backend().valid_dtypes)
        names = set(_KIND_GROUPS["numeric"]) | {"bool"}
        if kind is not None:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = {name for k in kinds for name in (_KIND_GROUPS.get(k) or (str(k),))}
        return {
            name: dtypes.Dtype(name)
            for name in dtypes.DTYPE_NAMES
            if name in names and name in valid
        }
