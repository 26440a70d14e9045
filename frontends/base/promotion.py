"""One promotion engine; each framework's rules are data (:class:`PromotionRules`).

Operands fall into tiers, highest first: for torch, tensors with dimensions, then 0-dim
tensors, then Python scalars; for numpy 2 and jax, arrays then Python scalars ("weak").
Within a tier, dtypes promote pairwise through the framework's table. Across tiers a lower
tier only matters when its category (bool < integer < floating < complex) is higher:

* ``"category"`` (torch, numpy 2 / NEP 50, jax weak types): the lower tier's dtype is
  promoted in when its category is higher, and a complex lower tier keeps the precision
  of a floating higher tier (float64 with a complex scalar gives complex128);
* ``"adopt"`` (tensorflow): a Python scalar takes the tensors' dtype, and a scalar of a
  higher category is an error.

Results are cached per (tier, dtypes) key, so a call costs a dict lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.dtypes import Dtype

CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
COMPLEX_OF = {
    "float16": "complex64",
    "bfloat16": "complex64",
    "float32": "complex64",
    "float64": "complex128",
}


class PromotionError(TypeError):
    """Two dtypes have no promotion under a framework's rules."""


def parse_grid(grid: str, abbreviations: Mapping[str, str]) -> dict[tuple[Dtype, Dtype], Dtype]:
    """A promotion table written as a grid of abbreviations; ``--`` marks no promotion."""
    header, *rows = grid.strip().splitlines()
    columns = header.split()
    table = {}
    for row in rows:
        row_name, *cells = row.split()
        for column_name, cell in zip(columns, cells, strict=True):
            if cell != "--":
                key = (Dtype(abbreviations[row_name]), Dtype(abbreviations[column_name]))
                table[key] = Dtype(abbreviations[cell])
    return table


@dataclass(eq=False)
class PromotionRules:
    """A framework's promotion rules.

    ``table``: pairwise promotion of two typed operands (a missing pair is an error);
    ``scalar_dtype``: the dtype a Python scalar type stands for (read at call time, so a
    changed default dtype counts); ``combine``: ``"category"`` or ``"adopt"`` (see module
    docstring); ``error``: builds the exception for a missing pair; ``complex_of``: the
    complex dtype a float keeps its precision in (``None``: one core cannot represent,
    which ``unrepresentable`` turns into an exception).
    """

    framework: str
    table: Mapping[tuple[Dtype, Dtype], Dtype]
    scalar_dtype: Callable[[type], Dtype]
    combine: str = "category"
    error: Callable[[Dtype, Dtype], Exception] = field(
        default=lambda a, b: PromotionError(f"no promotion between {a} and {b}")
    )
    complex_of: Mapping[str, str | None] = field(default_factory=lambda: dict(COMPLEX_OF))
    unrepresentable: Callable[[Dtype], Exception] = field(
        default=lambda d: PromotionError(f"the complex dtype of {d} has no core dtype")
    )
    _cache: dict[Any, Dtype] = field(default_factory=dict, repr=False)

    def promote_types(self, a: Dtype, b: Dtype) -> Dtype:
        """Pairwise promotion of two typed operands."""
        try:
            return self.table[(a, b)]
        except KeyError:
            raise self.error(a, b) from None

    def _tier_result(self, dtypes: tuple[Dtype, ...]) -> Dtype | None:
        result = None
        for dtype in dtypes:
            result = dtype if result is None else self.promote_types(result, dtype)
        return result

    def _combine(self, higher: Dtype | None, lower: Dtype | None) -> Dtype | None:
        if higher is None:
            return lower
        if lower is None:
            return higher
        if self.combine == "adopt":
            if CATEGORY[lower.kind] > CATEGORY[higher.kind]:
                raise self.error(higher, lower)
            return higher
        if higher.kind == "c":
            return higher
        if lower.kind == "c":
            if higher.kind != "f":
                return lower
            complex_dtype = self.complex_of[higher]
            if complex_dtype is None:
                raise self.unrepresentable(higher)
            return Dtype(complex_dtype)
        if higher.kind == "f":
            return higher
        if higher.kind == "b" or lower.kind == "f":
            return self.promote_types(higher, lower)
        return higher

    def result_dtype(
        self, tiers: tuple[tuple[Dtype, ...], ...], scalars: tuple[type, ...] = ()
    ) -> Dtype:
        """The result dtype of typed operands grouped in ``tiers`` (highest first) and
        Python scalar types ``scalars`` (the lowest tier)."""
        key = (tiers, scalars, self.scalar_dtype(float), self.scalar_dtype(int))
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        scalar_tier = tuple(self.scalar_dtype(kind) for kind in scalars)
        result = None
        for tier in reversed((*tiers, scalar_tier)):
            result = self._combine(self._tier_result(tier), result)
        if result is None:
            raise ValueError("no operands to promote")
        self._cache[key] = result
        return result
