"""tf.keras: the parts low-level TF2 code reaches through ``tf.*``: ``optimizers``
(= ``tf.optimizers``), ``initializers`` (= ``tf.initializers``) and ``losses``
(= ``tf.losses``), with Keras 3's formulas (the Keras that TF 2.21 ships).
Layers and models are not part of this frontend yet (a later issue)."""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["initializers", "losses", "optimizers"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        module = importlib.import_module(f"frontends.tensorflow.keras.{name}")
        globals()[name] = module
        return module
    raise AttributeError(
        f"module 'tensorflow.keras' has no attribute {name!r} (this frontend provides "
        "optimizers, initializers and losses; layers and models are not implemented)"
    )
