"""core's searching functions."""
