"""torch.fx.experimental.symbolic_shapes: the guards libraries call on sizes.

Sizes here are always concrete Python values (nothing is traced with symbolic shapes), so
each guard is the value's truth, as torch's are for a concrete value.
"""

from __future__ import annotations

from typing import Any

__all__ = ["guard_or_false", "guard_or_true", "guard_size_oblivious", "statically_known_true"]


def guard_or_false(a: Any) -> bool:
    return bool(a)


def guard_or_true(a: Any) -> bool:
    return bool(a)


def guard_size_oblivious(expr: Any) -> bool:
    return bool(expr)


def statically_known_true(x: Any) -> bool:
    return bool(x)
