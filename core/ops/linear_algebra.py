"""core's linear_algebra functions."""
