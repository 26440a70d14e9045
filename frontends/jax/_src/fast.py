"""The jax frontend's fast paths: the shared mechanism (:mod:`frontends.base.fastpath`) with
JAX's rules.

A function decorated with :func:`fast` calls the backend's direct kernel when its array
parameters are strong :class:`~frontends.jax._src.array.Array` s of one float dtype, Python
int/float scalars after the first (weak: JAX keeps the array's dtype, as the kernels do).
Weak arrays (:class:`~frontends.jax._src.array.WeakArray`) take the general path, which
gives the result's weak flag; so does float64 while x64 mode is off (JAX computes it in
float32).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import core
from frontends.base import fastpath
from frontends.jax._src.array import Array
from frontends.jax._src.config import x64_enabled

FAST_TYPES: set[type] = {Array}


class _NarrowedDtypes:
    """The fast paths' unsupported dtypes: float64 while x64 mode is off (read when a
    kernel is bound; :func:`x64_changed` unbinds them)."""

    def __contains__(self, dtype: Any) -> bool:
        return dtype == core.float64 and not x64_enabled()

    def __iter__(self) -> Any:
        return iter((core.float64,) if not x64_enabled() else ())


_NARROWED = _NarrowedDtypes()


def x64_changed() -> None:
    """x64 mode changed: the fast paths bind their kernels and dtypes anew."""
    fastpath.rebind()


def fast(
    kernel: str,
    *arrays: str,
    scalars: bool = True,
    keywords: dict[str, str] | None = None,
    mask: bool = False,
    signature: inspect.Signature | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The shared fast path in front of a jax frontend function (the outermost decorator):
    its common case is core's ``kernel`` of the parameters ``arrays`` (see
    :func:`frontends.base.fastpath.fast_function` for ``scalars``, ``keywords``, ``mask``
    and ``signature``); results are strong Arrays."""

    def decorate(general: Callable[..., Any]) -> Callable[..., Any]:
        general.unsupported_dtypes = _NARROWED  # type: ignore[attr-defined]
        return fastpath.fast_function(
            general,
            kernel=kernel,
            arrays=arrays,
            array_types=FAST_TYPES,
            new=Array._from_native,
            scalars=scalars,
            keywords=keywords,
            mask=mask,
            signature=signature,
        )

    return decorate
