"""core's indexing functions."""
