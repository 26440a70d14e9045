"""``tensorflow.python.trackable.data_structures``: the list and dict wrappers TF puts
around containers assigned to a trackable object. This frontend tracks by walking
attributes (``tf.Module``) and never wraps, so no value is ever one of these; the classes
exist because libraries register them (Keras registers them as tree nodes)."""

from __future__ import annotations

__all__ = ["ListWrapper", "_DictWrapper"]


class ListWrapper(list):
    """TF's wrapper of a list attribute (a plain list here)."""


class _DictWrapper(dict):
    """TF's wrapper of a dict attribute (a plain dict here)."""
