"""torch.binomial: samples of Binomial(count, prob), elementwise with broadcasting.

Distribution-exact, not torch's values for a seed: the algorithms are torch's (Hormann's
BTRS transformed rejection where ``count * min(p, 1 - p) >= 10``, the geometric-sums
inversion otherwise, with ``count - Binomial(count, 1 - p)`` for ``p > 0.5``), but the
uniforms come from the frontend's generator, and the rejection rounds run vectorized, so
the draws an element uses differ from torch's sequential ones. Each round ends with one
host check of whether elements remain (the loop's length is random by nature).
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


def _inversion(count: Any, prob: Any, active: Any, rng: Any) -> Any:
    """Geometric-sums inversion (prob <= 0.5, count * prob < 10): count how many geometric
    waiting times fit in ``count`` trials."""
    shape = tuple(count.shape)
    successes = ops.zeros(shape, dtype=core.float64)
    if not bool(ops.any(active)):
        return successes
    log_q = ops.log1p(ops.negative(prob))
    total = ops.zeros(shape, dtype=core.float64)
    while bool(ops.any(active)):
        u = ops.random.uniform(shape, dtype=core.float64, generator=rng)
        geom = ops.ceil(ops.divide(ops.log(u), log_q))
        total = ops.where(active, ops.add(total, geom), total)
        finished = ops.greater(total, count)
        successes = ops.where(
            ops.logical_and(active, ops.logical_not(finished)),
            ops.add(successes, _f64(1.0)),
            successes,
        )
        active = ops.logical_and(active, ops.logical_not(finished))
    return successes


def _btrs(count: Any, prob: Any, active: Any, rng: Any) -> Any:
    """Hormann's BTRS (prob <= 0.5, count * prob >= 10); rejected elements redraw."""
    shape = tuple(count.shape)
    result = ops.zeros(shape, dtype=core.float64)
    if not bool(ops.any(active)):
        return result
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
    # the part of the bound that does not depend on k
    fixed = ops.add(
        ops.multiply(
            ops.add(m, half),
            ops.log(
                ops.divide(ops.add(m, one), ops.multiply(r, ops.add(ops.subtract(count, m), one)))
            ),
        ),
        ops.add(_stirling_tail(m), _stirling_tail(ops.subtract(count, m))),
    )
    while bool(ops.any(active)):
        u = ops.subtract(ops.random.uniform(shape, dtype=core.float64, generator=rng), half)
        v = ops.random.uniform(shape, dtype=core.float64, generator=rng)
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
        result = ops.where(accepted, k, result)
        active = ops.logical_and(active, ops.logical_not(accepted))
    return result


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
    count, prob = ops.broadcast_arrays(
        ops.astype(count, core.float64), ops.astype(prob, core.float64)
    )
    rng = _state(generator)
    flip = ops.greater(prob, _f64(0.5))
    q = ops.where(flip, ops.subtract(_f64(1.0), prob), prob)
    valid = ops.logical_and(ops.greater(count, _f64(0.0)), ops.greater(q, _f64(0.0)))
    valid = ops.logical_and(valid, ops.less(prob, _f64(1.0)))
    q_safe = ops.where(valid, q, _f64(0.25))
    count_safe = ops.where(valid, count, _f64(1.0))
    use_btrs = ops.greater_equal(ops.multiply(count_safe, q_safe), _f64(10.0))
    small = _inversion(count_safe, q_safe, ops.logical_and(valid, ops.logical_not(use_btrs)), rng)
    large = _btrs(count_safe, q_safe, ops.logical_and(valid, use_btrs), rng)
    k = ops.where(use_btrs, large, small)
    k = ops.where(flip, ops.subtract(count, k), k)
    k = ops.where(valid, k, _f64(0.0))
    k = ops.where(
        ops.logical_and(ops.greater_equal(prob, _f64(1.0)), ops.greater(count, _f64(0.0))), count, k
    )
    k = ops.where(ops.isnan(prob), prob, k)
    return ops.astype(k, dtype)
