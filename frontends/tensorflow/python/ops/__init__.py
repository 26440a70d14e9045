"""``tensorflow.python.ops``."""
