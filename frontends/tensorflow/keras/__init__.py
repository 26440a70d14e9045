"""tf.keras: the real Keras 3 package (TF 2.21's ``tf.keras`` is Keras 3) running with its
tensorflow backend on this frontend, on any core backend.

The installed ``keras`` is loaded a second time, as ``frontends.tensorflow.keras._keras``
(:func:`frontends.base.imports.load_copy`): inside that copy ``import tensorflow`` gets this
frontend and ``import keras`` gets the copy, so Keras' own layers, ``fit`` loop and saving
code run on core while the real ``keras`` (on real TF) stays importable in the same process.
The copy always uses Keras' tensorflow backend, whatever ``KERAS_BACKEND`` says. This
module is the ``keras._tf_keras.keras`` namespace, the one real ``tf.keras`` is. See
docs/keras.md.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any

from frontends.base import imports

COPY = "frontends.tensorflow.keras._keras"


def _use_frontend(module_utils: ModuleType) -> None:
    """Keras reaches TF through import statements, and also through a lazy module that calls
    ``importlib.import_module("tensorflow")``, which no import route sees: that lazy module
    is given this frontend before any module of the copy uses it."""
    for lazy in (module_utils.tensorflow, module_utils.gfile):
        lazy.module = importlib.import_module(f"frontends.{lazy.name}")
        lazy._available = True


def _load() -> ModuleType:
    previous = os.environ.get("KERAS_BACKEND")
    os.environ["KERAS_BACKEND"] = "tensorflow"  # read once, by keras.src.backend.config
    try:
        # jax and torch: Keras imports them only to adjust them (orbax' jax.monitoring) or
        # for their own backends; the copy runs the tensorflow backend and leaves them alone.
        return imports.load_copy(
            "keras",
            COPY,
            {"tensorflow": "frontends.tensorflow", "jax": None, "torch": None},
            after={"src.utils.module_utils": _use_frontend},
        )
    finally:
        if previous is None:
            del os.environ["KERAS_BACKEND"]
        else:
            os.environ["KERAS_BACKEND"] = previous


_keras = _load()
_namespace = _keras._tf_keras.keras


def __getattr__(name: str) -> Any:
    try:
        value = getattr(_namespace, name)
    except AttributeError:
        raise AttributeError(f"module 'tensorflow.keras' has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(dir(_namespace)))
