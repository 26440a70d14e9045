"""Machinery the four frontends share: the promotion engine, the frontend array base and
the function decorator that unwraps, promotes, checks dtypes and wraps."""
