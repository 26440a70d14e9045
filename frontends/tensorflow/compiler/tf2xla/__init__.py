"""``tensorflow.compiler.tf2xla``."""
