"""core's linalg functions."""

NAMESPACE = "linalg"
