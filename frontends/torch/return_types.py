"""torch.return_types: the named tuples torch's functions return (``sort``, ``topk`` ...).

Each is a :func:`collections.namedtuple` that prints like torch's structseq types::

    torch.return_types.sort(
    values=tensor([1, 2]),
    indices=tensor([0, 1]))
"""

from __future__ import annotations

import collections
from typing import Any

__all__ = ["frexp", "kthvalue", "make", "sort", "topk"]

_registry: dict[str, type] = {}


def _repr(self: tuple) -> str:
    fields = ",\n".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
    return f"torch.return_types.{type(self).__name__}(\n{fields})"


def make(name: str, fields: tuple[str, ...]) -> type:
    """The return type ``torch.return_types.<name>`` with these fields (made once, shared)."""
    existing = _registry.get(name)
    if existing is not None:
        if existing._fields != fields:
            raise ValueError(f"torch.return_types.{name} already has fields {existing._fields}")
        return existing
    cls: Any = collections.namedtuple(name, fields)
    cls.__module__ = "torch.return_types"
    cls.__repr__ = _repr
    _registry[name] = cls
    return cls


sort = make("sort", ("values", "indices"))
topk = make("topk", ("values", "indices"))
kthvalue = make("kthvalue", ("values", "indices"))
frexp = make("frexp", ("mantissa", "exponent"))
