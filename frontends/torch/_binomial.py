"""torch.binomial: samples of Binomial(count, prob), elementwise with broadcasting.

Distribution-exact, not torch's values for a seed: the algorithms are torch's (Hormann's
BTRS transformed rejection where ``count * min(p, 1 - p) >= 10``, the geometric-sums
inversion otherwise, with ``count - Binomial(count, 1 - p)`` for ``p > 0.5``), but the
uniforms come from the frontend's generator (its core.random part, as for multinomial and
poisson), and the rejection rounds run vectorized, so the draws an element uses differ
from torch's sequential ones. Bit-exactness would need torch's serial order (each element
consumes its draws from the mt19937 stream before the next starts): a Python loop per
element. Each round ends with one host check of whether elements remain (the loop's
length is random by nature).
"""

from __future__ import annotations

import math
from typing import Any

import core
from core import native as ops
from frontends.torch import _dtype
from frontends.torch._frontend import torch_function
from frontends.torch.random_sampling import Generator, _state

__all__ = ["binomial"]

_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)


def _f64(value: float) -> Any:
    return ops.asarray(value, dtype=core.float64)


def _stirling_tail(k: Any) -> Any:
    """log(k!) minus Stirling's approximation of it: from lgamma below 10, from the
    asymptotic series above (where the lgamma difference would cancel digits)."""
    kp1 = ops.add(k, _f64(1.0))
    exact = ops.add(
        ops.subtract(ops.lgamma(kp1), ops.multiply(ops.add(k, _f64(0.5)), ops.log(kp1))),
        ops.subtract(kp1, _f64(_HALF_LOG_2PI)),
    )
    kp1sq = ops.multiply(kp1, kp1)
    series = ops.divide(
        ops.subtract(
            _f64(1.0 / 12),
            ops.divide(ops.subtract(_f64(1.0 / 360), ops.divide(_f64(1.0 / 1260), kp1sq)), kp1sq),
        ),
        kp1,
    )
    return ops.where(ops.less(k, _f64(10.0)), exact, series)


def _inversion_round(u: Any, total: Any, successes: Any, active: Any, count: Any, prob: Any):
    """One round of the geometric-sums inversion: each active element adds a geometric
    waiting time; it stops once the times pass ``count``."""
    geom = ops.ceil(ops.divide(ops.log(u), ops.log1p(ops.negative(prob))))
    total = ops.where(active, ops.add(total, geom), total)
    going = ops.logical_and(active, ops.logical_not(ops.greater(total, count)))
    return total, ops.where(going, ops.add(successes, _f64(1.0)), successes), going


def _inversion(count: Any, prob: Any, active: Any, rng: Any) -> Any:
    """Geometric-sums inversion (prob <= 0.5, count * prob < 10): how many geometric
    waiting times fit in ``count`` trials."""
    shape = tuple(count.shape)
    successes = ops.zeros(shape, dtype=core.float64)
    total = ops.zeros(shape, dtype=core.float64)
    while bool(ops.any(active)):
        u = ops.random.uniform(shape, dtype=core.float64, generator=rng)
        total, successes, active = _INVERSION_ROUND(u, total, successes, active, count, prob)
    return successes


def _btrs_setup(count: Any, prob: Any, active: Any) -> tuple[Any, ...]:
    """BTRS's per-element constants (count, prob, a, b, c, v_r, r, alpha, m, and the part
    of the log bound that does not depend on k)."""
    one, half = _f64(1.0), _f64(0.5)
    # elements left to the other algorithm get parameters that keep the logs finite
    count = ops.where(active, count, _f64(100.0))
    prob = ops.where(active, prob, _f64(0.25))
    q = ops.subtract(one, prob)
    stddev = ops.sqrt(ops.multiply(ops.multiply(count, prob), q))
    b = ops.add(_f64(1.15), ops.multiply(_f64(2.53), stddev))
    a = ops.add(
        ops.add(_f64(-0.0873), ops.multiply(_f64(0.0248), b)), ops.multiply(_f64(0.01), prob)
    )
    c = ops.add(ops.multiply(count, prob), half)
    v_r = ops.subtract(_f64(0.92), ops.divide(_f64(4.2), b))
    r = ops.divide(prob, q)
    alpha = ops.multiply(ops.add(_f64(2.83), ops.divide(_f64(5.1), b)), stddev)
    m = ops.floor(ops.multiply(ops.add(count, one), prob))
    fixed = ops.add(
        ops.multiply(
            ops.add(m, half),
            ops.log(
                ops.divide(ops.add(m, one), ops.multiply(r, ops.add(ops.subtract(count, m), one)))
            ),
        ),
        ops.add(_stirling_tail(m), _stirling_tail(ops.subtract(count, m))),
    )
    return count, a, b, c, v_r, r, alpha, m, fixed


def _btrs_round(
    u: Any, v: Any, result: Any, active: Any, params: tuple[Any, ...]
) -> tuple[Any, Any]:
    """One BTRS round: a candidate k per element from (u, v); the active elements whose
    candidate passes the quick or the exact test take it."""
    count, a, b, c, v_r, r, alpha, m, fixed = params
    one, half = _f64(1.0), _f64(0.5)
    u = ops.subtract(u, half)
    us = ops.subtract(half, ops.abs(u))
    k = ops.floor(
        ops.add(ops.multiply(ops.add(ops.divide(ops.multiply(_f64(2.0), a), us), b), u), c)
    )
    in_range = ops.logical_and(ops.greater_equal(k, _f64(0.0)), ops.less_equal(k, count))
    quick = ops.logical_and(ops.greater_equal(us, _f64(0.07)), ops.less_equal(v, v_r))
    # outside the range the logs below are nan or inf; those k are rejected anyway
    k_safe = ops.where(in_range, k, _f64(0.0))
    log_v = ops.log(
        ops.divide(ops.multiply(v, alpha), ops.add(ops.divide(a, ops.multiply(us, us)), b))
    )
    n_k1 = ops.add(ops.subtract(count, k_safe), one)
    bound = ops.add(
        fixed,
        ops.add(
            ops.multiply(
                ops.add(count, one),
                ops.log(ops.divide(ops.add(ops.subtract(count, m), one), n_k1)),
            ),
            ops.subtract(
                ops.multiply(
                    ops.add(k_safe, half),
                    ops.log(ops.divide(ops.multiply(r, n_k1), ops.add(k_safe, one))),
                ),
                ops.add(_stirling_tail(k_safe), _stirling_tail(ops.subtract(count, k_safe))),
            ),
        ),
    )
    accepted = ops.logical_and(
        ops.logical_and(active, in_range), ops.logical_or(quick, ops.less_equal(log_v, bound))
    )
    return ops.where(accepted, k, result), ops.logical_and(active, ops.logical_not(accepted))


def _btrs(count: Any, prob: Any, active: Any, rng: Any) -> Any:
    """Hormann's BTRS (prob <= 0.5, count * prob >= 10); rejected elements redraw."""
    shape = tuple(count.shape)
    result = ops.zeros(shape, dtype=core.float64)
    if not bool(ops.any(active)):
        return result
    params = _BTRS_SETUP(count, prob, active)
    while bool(ops.any(active)):
        u = ops.random.uniform(shape, dtype=core.float64, generator=rng)
        v = ops.random.uniform(shape, dtype=core.float64, generator=rng)
        result, active = _BTRS_ROUND(u, v, result, active, params)
    return result


def _prepare(count: Any, prob: Any) -> tuple[Any, ...]:
    """The reflected probability and which elements each algorithm takes."""
    count, prob = ops.broadcast_arrays(
        ops.astype(count, core.float64), ops.astype(prob, core.float64)
    )
    flip = ops.greater(prob, _f64(0.5))
    q = ops.where(flip, ops.subtract(_f64(1.0), prob), prob)
    valid = ops.logical_and(ops.greater(count, _f64(0.0)), ops.greater(q, _f64(0.0)))
    valid = ops.logical_and(valid, ops.less(prob, _f64(1.0)))
    q_safe = ops.where(valid, q, _f64(0.25))
    count_safe = ops.where(valid, count, _f64(1.0))
    use_btrs = ops.greater_equal(ops.multiply(count_safe, q_safe), _f64(10.0))
    small = ops.logical_and(valid, ops.logical_not(use_btrs))
    return count, prob, count_safe, q_safe, small, ops.logical_and(valid, use_btrs)


def _finish(count: Any, prob: Any, small: Any, large: Any, from_small: Any, dtype: Any) -> Any:
    """The samples, reflected back for p > 0.5, with the degenerate cases filled in."""
    flip = ops.greater(prob, _f64(0.5))
    valid = ops.logical_and(ops.greater(count, _f64(0.0)), ops.greater(prob, _f64(0.0)))
    valid = ops.logical_and(valid, ops.less(prob, _f64(1.0)))
    k = ops.where(from_small, small, large)
    k = ops.where(flip, ops.subtract(count, k), k)
    k = ops.where(valid, k, _f64(0.0))
    saturated = ops.logical_and(ops.greater_equal(prob, _f64(1.0)), ops.greater(count, _f64(0.0)))
    k = ops.where(saturated, count, k)
    return ops.astype(ops.where(ops.isnan(prob), prob, k), dtype)


# compiled once per shape on jax / tensorflow (eager on numpy and torch); the loops stay in
# Python, with the random draws (the generator's state is host-side)
_INVERSION_ROUND = core.compile(_inversion_round)
_BTRS_SETUP = core.compile(_btrs_setup)
_BTRS_ROUND = core.compile(_btrs_round)
_PREPARE = core.compile(_prepare)
_FINISH = core.compile(_finish, static_argnums=5)


def _check_dtype(name: str, dtype: core.Dtype) -> None:
    if dtype.kind != "f":
        raise ValueError(
            f"binomial only supports floating-point dtypes for {name}, got: "
            f"{_dtype.scalar_type_name(dtype)}"
        )


@torch_function()
def binomial(count: Any, prob: Any, generator: Generator | None = None) -> Any:
    """Binomial(count, prob) samples in ``count``'s dtype; ``prob`` must have that dtype
    (torch's errors). ``prob >= 1`` gives ``count``, ``prob <= 0`` or ``count <= 0`` 0,
    a nan ``prob`` nan. Distribution-exact (see the module docstring)."""
    dtype = core.as_core_dtype(count.dtype)
    _check_dtype("count", dtype)
    prob_dtype = core.as_core_dtype(prob.dtype)
    if prob_dtype != dtype:
        raise RuntimeError(
            f"Found dtype {_dtype.scalar_type_name(prob_dtype)} but expected "
            f"{_dtype.scalar_type_name(dtype)}"
        )
    if dtype not in (core.float32, core.float64):
        raise NotImplementedError(
            f"\"binomial_cpu\" not implemented for '{_dtype.scalar_type_name(dtype)}'"
        )
    rng = _state(generator)
    count, prob, count_safe, q_safe, small_mask, large_mask = _PREPARE(count, prob)
    small = _inversion(count_safe, q_safe, small_mask, rng)
    large = _btrs(count_safe, q_safe, large_mask, rng)
    return _FINISH(count, prob, small, large, small_mask, dtype)
