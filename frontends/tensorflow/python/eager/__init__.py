"""``tensorflow.python.eager``."""
