"""``tensorflow.python.ops.math_ops``: the public ``tf.math`` functions under their
internal module."""

from frontends.tensorflow.math import *  # noqa: F403
from frontends.tensorflow.math import is_nan  # noqa: F401
