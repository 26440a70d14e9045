"""``tensorflow.python.ops.linalg.sparse``."""
