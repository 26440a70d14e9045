"""core's sorting functions."""
