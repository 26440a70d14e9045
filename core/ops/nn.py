"""core's nn functions."""

NAMESPACE = "nn"
