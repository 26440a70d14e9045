"""Timing helpers shared by the benchmarks: best-of-N per call, ratios in one run."""

from __future__ import annotations

import timeit
from collections.abc import Callable
from typing import Any


def best_time(function: Callable[[], Any], *, budget: float = 0.2, repeat: int = 5) -> float:
    """Seconds per call: the best of ``repeat`` runs, each sized to take about ``budget``."""
    function()  # warm up (compilation, caches)
    timer = timeit.Timer(function)
    number, _ = timer.autorange()
    number = max(1, int(number * budget / 0.2))
    return min(timer.repeat(repeat=repeat, number=number)) / number


def format_row(cells: list[str], widths: list[int]) -> str:
    return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths))
