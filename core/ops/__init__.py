"""Declarations of core's functions, one module per category.

Each module declares its functions with the kind decorators of :mod:`core.registry`; a
module whose ``NAMESPACE`` is set puts them in ``core.<NAMESPACE>`` (``core.linalg.svd``)
rather than in ``core`` itself. The backend implementations of a category live in
``core/backends/<backend>/<category>.py``.
"""

CATEGORIES = (
    "creation",
    "data_type",
    "elementwise",
    "indexing",
    "manipulation",
    "searching",
    "sorting",
    "sets",
    "statistical",
    "utility",
    "linear_algebra",
    "linalg",
    "fft",
    "nn",
    "random",
)
