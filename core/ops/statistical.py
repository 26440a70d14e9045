"""core's statistical functions."""
