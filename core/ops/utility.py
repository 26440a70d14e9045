"""core's utility functions."""
