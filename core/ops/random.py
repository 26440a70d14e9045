"""core's random functions."""

NAMESPACE = "random"
