"""torch.device: ``torch.device("cpu")``, ``torch.device("cuda", 0)``, ``"cuda:1"``, and
``with torch.device("cpu"):`` around code that creates tensors (see
:func:`torch.set_default_device`).

A tensor made while the default device is ``meta`` (``with torch.device("meta"):``, the
way transformers builds a model before loading its weights) reports the meta device
(``is_meta``), as torch's factories make meta tensors there. It still holds values (the
frontend has no data-less tensors), and every tensor made in the block is marked, where
torch marks those of its factories and of ops on meta tensors."""

from __future__ import annotations

from typing import Any

# torch's device types, in its error message's order
_TYPES = (
    "cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga",
    "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone",
)  # fmt: skip

_BLOCKS: list[device] = []
"""The devices of the enclosing ``with torch.device(...)`` blocks, innermost last."""
_GLOBAL: list[device | None] = [None]
"""The device ``torch.set_default_device`` set (None: torch's default, the CPU)."""
CREATING_META = [False]
"""Whether the default device is ``meta`` now: tensors made then report the meta device."""


class device:
    """A device description: a type and an optional index. Equal to another device of the
    same type and index (``device("cpu") != device("cpu:0")`` and ``device("cpu") != "cpu"``,
    as in torch); hashable. As a context manager it is the default device inside its block.

    Every tensor of this frontend lives where the backend puts it: the device names what
    torch would report and is checked, not a place of its own."""

    __slots__ = ("index", "type")

    def __init__(self, type: Any, index: int | None = None) -> None:
        if isinstance(type, device):
            type, index = type.type, type.index
        elif isinstance(type, int):  # an ordinal of the current accelerator
            raise RuntimeError(
                "Cannot access accelerator device when none is available (torch.device(int) "
                "names the current accelerator's device)"
            )
        elif isinstance(type, str) and ":" in type:
            if index is not None:
                raise RuntimeError(
                    f"type (string) must not include an index because index was passed explicitly: {type}"
                )
            type, _, text = type.partition(":")
            if not text.isdigit():
                raise RuntimeError(f"Invalid device string: '{type}:{text}'")
            index = int(text)
        if type not in _TYPES:
            raise RuntimeError(
                f"Expected one of {', '.join(_TYPES)} device type at start of device string: {type}"
            )
        if index is not None and index < 0:
            raise RuntimeError("Device index must not be negative")
        self.type = type
        self.index = index

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, device):
            return NotImplemented
        return (self.type, self.index) == (other.type, other.index)

    def __hash__(self) -> int:
        return hash((self.type, self.index))

    def __repr__(self) -> str:
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (device, (str(self),))

    def __enter__(self) -> device:
        _BLOCKS.append(self)
        _update_meta()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        _BLOCKS.pop()
        _update_meta()


def _update_meta() -> None:
    current = default_device()
    CREATING_META[0] = current is not None and current.type == "meta"


_device_class = device


def default_device() -> device | None:
    """The device of the innermost ``with torch.device(...)`` block, else the one
    ``torch.set_default_device`` set (None: torch's default, the CPU)."""
    return _BLOCKS[-1] if _BLOCKS else _GLOBAL[0]


def set_default_device(device: Any) -> None:
    """torch.set_default_device: the default device outside ``with torch.device`` blocks
    (None: back to the CPU)."""
    _GLOBAL[0] = None if device is None else _device_class(device)
    _update_meta()


def get_default_device() -> device:
    """torch.get_default_device: ``device(type='cpu')`` unless set otherwise."""
    return default_device() or device("cpu")
