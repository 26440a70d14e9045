"""Helpers of the tf op tests: run many oracle cases in one test and report them all."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy

from tests.frontends.tensorflow.oracle import _host, _run, real_tf, tf


def _same(expected: Any, actual: Any, ulps: int) -> None:
    """As the oracle's assert_same, with equal non-finite values accepted under ulps."""
    real = _host(expected)
    if real is None:
        if isinstance(expected, (list, tuple)):
            assert isinstance(actual, (list, tuple)) and len(actual) == len(expected)
            for e, a in zip(expected, actual):
                _same(e, a, ulps)
            return
        assert expected == actual or type(expected).__name__ == type(actual).__name__
        return
    mine = _host(actual)
    assert mine is not None, f"expected a tensor, got {actual!r:.200}"
    assert mine[:2] == real[:2], f"dtype/shape {mine[:2]} != {real[:2]}"
    e, a = real[2], mine[2]
    if e.dtype.kind not in "fc" or ulps == 0:
        assert numpy.array_equal(e, a, equal_nan=e.dtype.kind in "fc"), (e, a)
        return
    e64, a64 = e.astype(numpy.float64), a.astype(numpy.float64)
    exact = (e64 == a64) | (numpy.isnan(e64) & numpy.isnan(a64))
    spacing = numpy.spacing(numpy.maximum(numpy.abs(e), numpy.ones_like(e))).astype(numpy.float64)
    assert numpy.all(exact | (numpy.abs(a64 - e64) <= ulps * spacing)), (e, a)


def compare(fn: Callable[[Any], Any], ulps: int = 0) -> None:
    expected, expected_error = _run(fn, real_tf)
    actual, actual_error = _run(fn, tf)
    if expected_error is not None:
        assert type(actual_error).__name__ == type(expected_error).__name__, (
            f"TF raised {expected_error!r:.200}; the frontend {actual_error!r:.200} {actual!r:.100}"
        )
        return
    assert actual_error is None, f"TF gave a result; the frontend raised {actual_error!r:.300}"
    _same(expected, actual, ulps)


def split_complex(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``fn`` with complex tensor results given as (real, imag) pairs (the oracle's ulps
    comparison is for real values)."""

    def split(value: Any, module: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return (
                type(value)(split(v, module) for v in value)
                if not hasattr(value, "_fields")
                else tuple(split(v, module) for v in value)
            )
        if hasattr(value, "dtype") and getattr(value.dtype, "is_complex", False):
            return (module.math.real(value), module.math.imag(value))
        return value

    return lambda module: split(fn(module), module)


def _thinned(cases: Iterable[Any]) -> list[Any]:
    """Every case, or one in four on the jax backend (its eager ops compile per shape and
    dtype: the whole list there would take most of the test-time budget)."""
    import core

    cases = list(cases)
    return cases[::4] if core.current_backend().name == "jax" else cases


def check_cases(cases: Iterable[tuple[str, Callable[[Any], Any]]], ulps: int = 0) -> None:
    """Compare every case with real TF; fail once, listing every case that differs."""
    failures = []
    for label, fn in _thinned(cases):
        try:
            compare(split_complex(fn), ulps=ulps)
        except AssertionError as error:
            failures.append(f"{label}: {str(error)[:300]}")
    assert not failures, f"{len(failures)} cases differ:\n" + "\n".join(failures)


def check_errors(cases: Iterable[tuple[str, Callable[[Any], Any]]]) -> None:
    """Compare only the outcome's kind: the exception class, or the result's dtype and
    shape (values are checked elsewhere, on the dtypes whose rounding is comparable)."""
    failures = []
    for label, fn in cases:
        expected, expected_error = _run(fn, real_tf)
        actual, actual_error = _run(fn, tf)
        if expected_error is not None or actual_error is not None:
            if type(expected_error).__name__ != type(actual_error).__name__:
                failures.append(f"{label}: TF {expected_error!r:.150} vs {actual_error!r:.150}")
            continue
        pairs = zip(expected, actual) if isinstance(expected, tuple) else [(expected, actual)]
        for e, a in pairs:
            if (e.dtype.name, tuple(e.shape)) != (a.dtype.name, tuple(a.shape)):
                failures.append(
                    f"{label}: {e.dtype.name}{tuple(e.shape)} vs {a.dtype.name}{tuple(a.shape)}"
                )
    assert not failures, f"{len(failures)} cases differ:\n" + "\n".join(failures)
