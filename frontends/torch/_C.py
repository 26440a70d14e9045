"""torch._C, torch's compiled extension: the frontend has none.

Libraries probe it for optional features (timm: ``getattr(torch._C,
"_CudaDeviceProperties", None)``); such probes find nothing, and any attribute raises an
``AttributeError`` that names it.
"""

from typing import Any


def __getattr__(name: str) -> Any:
    raise AttributeError(
        f"module 'torch._C' has no attribute {name!r}: the torch frontend has no compiled "
        "extension (torch._C)"
    )
