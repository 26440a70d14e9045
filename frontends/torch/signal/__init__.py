"""torch.signal: window functions (``torch.signal.windows``)."""

from frontends.torch.signal import windows

__all__ = ["windows"]
