"""core's elementwise functions."""
