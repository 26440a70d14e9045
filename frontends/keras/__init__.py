"""``import keras`` (Keras 3 as its own package): the same Keras as ``tf.keras``, the real
package running on the tensorflow frontend (see ``frontends.tensorflow.keras`` and
docs/keras.md). ``frontends.keras`` is the copy's top-level ``keras`` module and
``frontends.keras.<sub>`` its ``keras.<sub>``, so ``transpile`` maps ``import keras`` and
``from keras.layers import Dense`` here."""

from frontends.base import imports
from frontends.tensorflow.keras import COPY

imports.alias(__name__, COPY)
