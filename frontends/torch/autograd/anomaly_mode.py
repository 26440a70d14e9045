"""torch.autograd.anomaly_mode: ``detect_anomaly``, ``set_detect_anomaly`` and the
``torch.is_anomaly_enabled`` / ``is_anomaly_check_nan_enabled`` / ``set_anomaly_enabled``
flags.

With anomaly mode and its NaN check on, every backward node's input gradients are checked
through :func:`core.autodiff.set_node_check`, and a NaN raises torch's RuntimeError naming
the node. Differs from torch: the traceback of the forward call that created the failing
node is not printed (the engine does not keep it), and the check syncs with the host
(``isnan(...).any()`` per gradient), so it cannot run inside ``torch.compile``/``jax.jit``
tracing; it is a debugging mode, as in torch.
"""

from __future__ import annotations

import warnings
from typing import Any

from core import autodiff as _ad
from core import native as ops
from core.backend import as_core_dtype

__all__ = ["detect_anomaly", "set_detect_anomaly"]

_enabled = False
_check_nan = True


def is_anomaly_enabled() -> bool:
    return _enabled


def is_anomaly_check_nan_enabled() -> bool:
    return _check_nan


def _nan_check(node: _ad.Node, cotangents: list[Any]) -> None:
    for index, cotangent in enumerate(cotangents):
        if cotangent is None or not hasattr(cotangent, "dtype"):
            continue
        if as_core_dtype(cotangent.dtype).kind in "fc" and bool(ops.any(ops.isnan(cotangent))):
            from frontends.torch.autograd.graph import torch_name

            raise RuntimeError(
                f"Function '{torch_name(node)}' returned nan values in its {index}th output."
            )


def set_anomaly_enabled(enabled: bool, check_nan: bool = True) -> None:
    """torch.set_anomaly_enabled: switch anomaly mode (and its NaN check) on or off."""
    global _enabled, _check_nan
    _enabled, _check_nan = bool(enabled), bool(check_nan)
    _ad.set_node_check(_nan_check if _enabled and _check_nan else None)


class detect_anomaly:
    """Anomaly mode inside the block or the decorated function (see the module
    docstring for what differs from torch)."""

    def __init__(self, check_nan: bool = True) -> None:
        self.prev = is_anomaly_enabled()
        self.check_nan = check_nan
        self.prev_check_nan = is_anomaly_check_nan_enabled()
        warnings.warn(
            "Anomaly Detection has been enabled. This mode will increase the runtime and "
            "should only be enabled for debugging.",
            stacklevel=2,
        )

    def __enter__(self) -> None:
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args: object) -> None:
        set_anomaly_enabled(self.prev, self.prev_check_nan)


class set_detect_anomaly:
    """Switch anomaly mode on or off at once; as a context manager, the previous state is
    restored on exit."""

    def __init__(self, mode: bool, check_nan: bool = True) -> None:
        self.prev = is_anomaly_enabled()
        self.prev_check_nan = is_anomaly_check_nan_enabled()
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self) -> None:
        pass

    def __exit__(self, *args: object) -> None:
        set_anomaly_enabled(self.prev, self.prev_check_nan)
