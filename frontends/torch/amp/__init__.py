"""torch.amp: automatic mixed precision. See :mod:`frontends.torch.amp.autocast_mode`."""

from frontends.torch.amp.autocast_mode import autocast, get_autocast_dtype, is_autocast_available

__all__ = ["autocast", "get_autocast_dtype", "is_autocast_available"]
