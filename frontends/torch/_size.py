"""torch.Size: a tuple of ints that prints as ``torch.Size([2, 3])``."""

from __future__ import annotations

from typing import Any


class Size(tuple):
    """The shape of a tensor."""

    def __new__(cls, sizes: Any = ()) -> Size:
        values = tuple(int(s) for s in sizes)
        for value in values:
            if value < 0:
                raise RuntimeError(f"Trying to create tensor with negative dimension {value}")
        return super().__new__(cls, values)

    def numel(self) -> int:
        count = 1
        for extent in self:
            count *= extent
        return count

    def __repr__(self) -> str:
        return f"torch.Size({list(self)})"

    def __getitem__(self, key: Any) -> Any:
        result = super().__getitem__(key)
        return Size(result) if isinstance(key, slice) else result

    def __add__(self, other: Any) -> Size:
        return Size(tuple(self) + tuple(other))
