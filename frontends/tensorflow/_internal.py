"""``tf.__internal__``: the internal API TF exports for Keras (tracking base classes, the
tensor type, FuncGraph, smart_cond, distribute hooks).

This frontend has no symbolic graphs: ``FuncGraph(...).as_default()`` marks a block in
which ``tf.compat.v1.placeholder`` makes tensors of zeros whose unknown dims have the size
``_shape.UNKNOWN_SIZE``, which tensors report as None while the graph is the default. The
function then runs eagerly on those zeros to find its output shapes and dtypes (what Keras
uses a FuncGraph for). A real dim of exactly that size also reads as None there.
"""

from __future__ import annotations

import abc
import contextlib
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

from frontends.tensorflow import _shape
from frontends.tensorflow._tensor import Tensor
from frontends.tensorflow._variable import Variable

__all__ = [
    "CompositeTensor", "EagerTensor", "FuncGraph", "distribute", "smart_cond", "tracking",
    "types",
]  # fmt: skip


class _TensorType(abc.ABC):  # noqa: B024 (an isinstance target, as TF's core.Tensor)
    """``tf.__internal__.types.Tensor``: the base of everything TF treats as a tensor."""


_TensorType.register(Tensor)
_TensorType.register(Variable)
types = SimpleNamespace(Tensor=_TensorType)
EagerTensor = Tensor


class CompositeTensor(abc.ABC):  # noqa: B024
    """``tf.__internal__.CompositeTensor``: no frontend value is one (no sparse tensors)."""


class FuncGraph:
    """A named scratch graph (see the module docstring)."""

    def __init__(self, name: str) -> None:
        self.name = name

    @contextlib.contextmanager
    def as_default(self) -> Iterator[FuncGraph]:
        _shape.GRAPHS.append(self)
        try:
            yield self
        finally:
            _shape.GRAPHS.remove(self)


def placeholder(dtype: Any, shape: Any = None, name: Any = None) -> Tensor:
    """``tf.compat.v1.placeholder`` inside a FuncGraph (see the module docstring)."""
    from frontends.tensorflow._ops import zeros

    if not _shape.GRAPHS:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    dims = _shape.TensorShape(shape)
    if dims.rank is None:
        raise ValueError(f"placeholder {name or ''}: an unknown rank is not supported here")
    size = [_shape.UNKNOWN_SIZE if d is None else d for d in dims.as_list()]
    return zeros(size, dtype=dtype)


def _no_automatic_dependency_tracking(method: Callable[..., Any]) -> Callable[..., Any]:
    """TF turns attribute tracking off inside ``method``; this frontend never wraps the
    attributes it tracks, so the method runs as is."""
    return method


class Trackable:
    """``tf.__internal__.tracking.Trackable``: an object with named trackable children."""

    def _track_trackable(self, trackable: Any, name: str, overwrite: bool = False) -> Any:
        children = self.__dict__.setdefault("_self_tracked_children", {})
        if name in children and not overwrite and children[name] is not trackable:
            raise ValueError(f"Called Trackable._track_trackable() with name='{name}', but a "
                             "Trackable with this name is already declared as a dependency.")  # fmt: skip
        children[name] = trackable
        return trackable

    def _trackable_children(self, save_type: str = "checkpoint", **kwargs: Any) -> dict:
        return dict(self.__dict__.get("_self_tracked_children", {}))


class AutoTrackable(Trackable):
    """``tf.__internal__.tracking.AutoTrackable``: attributes holding trackables are
    tracked under their attribute name."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, Trackable):
            self._track_trackable(value, name, overwrite=True)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        self.__dict__.get("_self_tracked_children", {}).pop(name, None)
        object.__delattr__(self, name)


tracking = SimpleNamespace(
    Trackable=Trackable,
    AutoTrackable=AutoTrackable,
    no_automatic_dependency_tracking=_no_automatic_dependency_tracking,
)


def _smart_cond(pred: Any, true_fn: Callable[[], Any], false_fn: Callable[[], Any],
                name: Any = None) -> Any:  # fmt: skip
    """``smart_cond``: the branch ``pred`` selects (always known here: eager)."""
    from frontends.tensorflow._control_flow import cond

    return cond(pred, true_fn, false_fn)


smart_cond = SimpleNamespace(smart_cond=_smart_cond)


def _maybe_merge_call(fn: Callable[..., Any], strategy: Any, *args: Any, **kwargs: Any) -> Any:
    """Calls ``fn(strategy, ...)``: with one replica there is nothing to merge."""
    return fn(strategy, *args, **kwargs)


distribute = SimpleNamespace(
    interim=SimpleNamespace(maybe_merge_call=_maybe_merge_call),
    strategy_supports_no_merge_call=lambda: True,
)
