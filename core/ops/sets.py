"""core's sets functions."""
