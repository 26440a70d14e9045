"""core's manipulation functions."""
