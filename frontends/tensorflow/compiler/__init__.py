"""``tensorflow.compiler``."""
