"""torch.nn.LinearCrossEntropyOptions: the chunking options of ``linear_cross_entropy``.

Validated as torch validates them; the frontend's ``F.linear_cross_entropy`` always
computes in one piece (the values agree with torch's chunked path), so the options change
no result here.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

__all__ = ["LinearCrossEntropyOptions"]


@dataclasses.dataclass(frozen=True)
class LinearCrossEntropyOptions:
    """Configuration of torch's chunked ``linear_cross_entropy`` (accepted and checked;
    unused: see the module docstring)."""

    allow_retain_graph: bool = False
    batch_chunk_size: int | None = None
    chunking_method: str | None = "auto"
    acc_policy: Literal["accurate", "balanced", "compact", "auto"] = "auto"
    acc_dtype: Any = None

    def __post_init__(self) -> None:
        if self.acc_policy not in {"auto", "accurate", "balanced", "compact"}:
            raise ValueError(f"invalid acc_policy: {self.acc_policy!r}")
        if self.chunking_method is not None and self.chunking_method != "auto":
            name, sep, factor = self.chunking_method.partition(":")
            factor = factor if sep else "1"
            if not (name == "aspect_ratio" and factor.isdigit() and int(factor) > 0):
                raise ValueError(f"invalid chunking_method: {self.chunking_method!r}")
        size = self.batch_chunk_size
        if not (size is None or (isinstance(size, int) and size > 0)):
            raise ValueError(f"batch_chunk_size must be positive int or None, got {size!r}")
        if self.acc_dtype is not None:
            from frontends import torch

            if self.acc_dtype not in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
                raise ValueError(
                    "acc_dtype must be one of {None, torch.float16, torch.bfloat16, "
                    f"torch.float32, torch.float64}}, got {self.acc_dtype!r}. Pass "
                    "acc_dtype=None to let the op pick automatically."
                )
