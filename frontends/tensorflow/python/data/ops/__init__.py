"""``tensorflow.python.data.ops``."""
