"""torch's print options (``torch.set_printoptions``), read by Tensor's repr."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["set_printoptions"]


@dataclass
class _PrintOptions:
    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: bool | None = None


PRINT_OPTS = _PrintOptions()

_PROFILES = {
    "default": _PrintOptions(),
    "short": _PrintOptions(precision=2, threshold=1000, edgeitems=2, linewidth=80),
    "full": _PrintOptions(threshold=float("inf")),
}


def set_printoptions(
    precision: int | None = None,
    threshold: float | None = None,
    edgeitems: int | None = None,
    linewidth: int | None = None,
    profile: str | None = None,
    sci_mode: bool | None = None,
) -> None:
    """torch.set_printoptions. ``sci_mode`` is recorded; the repr picks numpy's own
    choice between fixed and scientific notation."""
    if profile is not None:
        base = _PROFILES[profile]
        PRINT_OPTS.precision, PRINT_OPTS.threshold = base.precision, base.threshold
        PRINT_OPTS.edgeitems, PRINT_OPTS.linewidth = base.edgeitems, base.linewidth
    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode
