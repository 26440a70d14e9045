"""``jax.nn.initializers``: each takes a ``jax.random`` key and draws through
``frontends.jax.random``, so samples equal real JAX's for the same key (``orthogonal``
to float rounding: its QR is core's). Complex dtypes for the variance-scaling
initializers are not supported (a clear error says so)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import core
from core import native as ops
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array

Initializer = Callable[..., Array]

__all__ = [
    "Initializer", "constant", "delta_orthogonal", "glorot_normal", "glorot_uniform",
    "he_normal", "he_uniform", "kaiming_normal", "kaiming_uniform", "lecun_normal",
    "lecun_uniform", "normal", "ones", "orthogonal", "truncated_normal", "uniform",
    "variance_scaling", "xavier_normal", "xavier_uniform", "zeros",
]  # fmt: skip


def _random() -> Any:
    from frontends.jax import random

    return random


def _dtype(dtype: Any) -> core.Dtype:
    return jdt.default_dtype("f") if dtype is None else jdt.check_user_dtype(dtype, "initializer")


def _shape(shape: Any) -> tuple[int, ...]:
    return (int(shape),) if isinstance(shape, int) else tuple(int(s) for s in shape)


def _scaled(sample: Array, factor: Any, dt: core.Dtype) -> Array:
    """``sample * jnp.array(factor, dtype)``: the factor rounded to ``dt`` first."""
    f = ops.asarray(factor, dtype=dt) if not hasattr(factor, "shape") else factor
    return Array._wrap(ops.multiply(sample.native, f), False, dt)


def zeros(key: Any, shape: Any, dtype: Any = None, out_sharding: Any = None) -> Array:
    dt = _dtype(dtype)
    return Array._wrap(ops.zeros(_shape(shape), dtype=dt), False, dt)


def ones(key: Any, shape: Any, dtype: Any = None, out_sharding: Any = None) -> Array:
    dt = _dtype(dtype)
    return Array._wrap(ops.ones(_shape(shape), dtype=dt), False, dt)


def constant(value: Any, dtype: Any = None) -> Initializer:
    def init(key: Any, shape: Any, dtype: Any = dtype, out_sharding: Any = None) -> Array:
        from frontends.jax.lax._base import asarray

        dt = _dtype(dtype)
        v = ops.astype(asarray(value).native, dt)
        return Array._wrap(ops.broadcast_to(v, _shape(shape)), False, dt)

    return init


def uniform(scale: Any = 1e-2, dtype: Any = None) -> Initializer:
    def init(key: Any, shape: Any, dtype: Any = dtype, out_sharding: Any = None) -> Array:
        dt = _dtype(dtype)
        return _scaled(_random().uniform(key, _shape(shape), dt), scale, dt)

    return init


def normal(stddev: Any = 1e-2, dtype: Any = None) -> Initializer:
    def init(key: Any, shape: Any, dtype: Any = dtype, out_sharding: Any = None) -> Array:
        dt = _dtype(dtype)
        return _scaled(_random().normal(key, _shape(shape), dt), stddev, dt)

    return init


def truncated_normal(stddev: Any = 1e-2, dtype: Any = None, lower: Any = -2.0,
                     upper: Any = 2.0) -> Initializer:  # fmt: skip
    def init(key: Any, shape: Any, dtype: Any = dtype, out_sharding: Any = None) -> Array:
        dt = _dtype(dtype)
        sample = _random().truncated_normal(key, lower, upper, _shape(shape), dt)
        return _scaled(sample, stddev, dt)

    return init


def _compute_fans(shape: Sequence[int], in_axis: Any = -2, out_axis: Any = -1,
                  batch_axis: Any = ()) -> tuple[float, float]:  # fmt: skip
    if isinstance(in_axis, int) and in_axis == -2 and len(shape) <= 1:
        raise ValueError(
            f"Can't compute input and output sizes of a {len(shape)}-dimensional weights "
            "tensor with default in_axis. Must be at least 2D or specify in_axis explicitly."
        )

    def size(axis: Any) -> int:
        return shape[axis] if isinstance(axis, int) else math.prod(shape[i] for i in axis)

    in_size, out_size, batch_size = size(in_axis), size(out_axis), size(batch_axis)
    receptive = math.prod(shape) / in_size / out_size / batch_size
    return in_size * receptive, out_size * receptive


def variance_scaling(scale: Any, mode: str, distribution: str, in_axis: Any = -2,
                     out_axis: Any = -1, batch_axis: Any = (), dtype: Any = None) -> Initializer:  # fmt: skip
    """``jax.nn.initializers.variance_scaling``: JAX's recipe (the truncated normal's
    stddev divided by 0.8796..., the uniform on [-1, 1) times sqrt(3 variance))."""

    def init(key: Any, shape: Any, dtype: Any = dtype, out_sharding: Any = None) -> Array:
        shape = _shape(shape)
        dt = _dtype(dtype)
        if dt.kind == "c":
            raise NotImplementedError(
                f"variance_scaling with complex dtype {dt} is not supported by the jax "
                "frontend; initialise real and imaginary parts separately."
            )
        fan_in, fan_out = _compute_fans(shape, in_axis, out_axis, batch_axis)
        denominators = {
            "fan_in": fan_in,
            "fan_out": fan_out,
            "fan_avg": (fan_in + fan_out) / 2,
            "fan_geo_avg": (fan_in * fan_out) ** 0.5,
        }
        if mode not in denominators:
            raise ValueError(f"invalid mode for variance scaling initializer: {mode}")
        variance = ops.asarray(scale / denominators[mode], dtype=dt)
        rnd = _random()
        if distribution == "truncated_normal":
            stddev = ops.divide(ops.sqrt(variance), ops.asarray(0.8796256610342398, dtype=dt))
            return _scaled(rnd.truncated_normal(key, -2, 2, shape, dt), stddev, dt)
        if distribution == "normal":
            return _scaled(rnd.normal(key, shape, dt), ops.sqrt(variance), dt)
        if distribution == "uniform":
            factor = ops.sqrt(ops.multiply(ops.asarray(3, dtype=dt), variance))
            return _scaled(rnd.uniform(key, shape, dt, -1), factor, dt)
        raise ValueError(f"invalid distribution for variance scaling initializer: {distribution}")

    return init


def glorot_uniform(
    in_axis: Any = -2, out_axis: Any = -1, batch_axis: Any = (), dtype: Any = None
) -> Initializer:
    return variance_scaling(1.0, "fan_avg", "uniform", in_axis, out_axis, batch_axis, dtype)


def glorot_normal(
    in_axis: Any = -2, out_axis: Any = -1, batch_axis: Any = (), dtype: Any = None
) -> Initializer:
    return variance_scaling(
        1.0, "fan_avg", "truncated_normal", in_axis, out_axis, batch_axis, dtype
    )


def lecun_uniform(
    in_axis: Any = -2, out_axis: Any = -1, batch_axis: Any = (), dtype: Any = None
) -> Initializer:
    return variance_scaling(1.0, "fan_in", "uniform", in_axis, out_axis, batch_axis, dtype)


def lecun_normal(
    in_axis: Any = -2, out_axis: Any = -1, batch_axis: Any = (), dtype: Any = None
) -> Initializer:
    return variance_scaling(1.0, "fan_in", "truncated_normal", in_axis, out_axis, batch_axis, dtype)


def he_uniform(
    in_axis: Any = -2, out_axis: Any = -1, batch_axis: Any = (), dtype: Any = None
) -> Initializer:
    return variance_scaling(2.0, "fan_in", "uniform", in_axis, out_axis, batch_axis, dtype)


def he_normal(
    in_axis: Any = -2, out_axis: Any = -1, batch_axis: Any = (), dtype: Any = None
) -> Initializer:
    return variance_scaling(2.0, "fan_in", "truncated_normal", in_axis, out_axis, batch_axis, dtype)


xavier_uniform = glorot_uniform
xavier_normal = glorot_normal
kaiming_uniform = he_uniform
kaiming_normal = he_normal


def _orthogonal_matrix(key: Any, n: int, m: int, dt: core.Dtype) -> Any:
    """``jax.random.orthogonal(key, n, (), dt, m)``: QR of a normal sample, columns signed
    by R's diagonal."""
    rnd = _random()
    if hasattr(rnd, "orthogonal"):
        return rnd.orthogonal(key, n, (), dt, m).native
    z = rnd.normal(key, (max(n, m), min(n, m)), dt).native
    q, r = ops.linalg.qr(z)
    d = ops.linalg.diagonal(r)
    x = ops.multiply(q, ops.expand_dims(ops.sign(d), axis=-2))
    return ops.matrix_transpose(x) if n < m else x


def orthogonal(scale: Any = 1.0, column_axis: int = -1, dtype: Any = None) -> Initializer:
    def init(key: Any, shape: Any, dtype: Any = dtype, out_sharding: Any = None) -> Array:
        shape = _shape(shape)
        dt = _dtype(dtype)
        if len(shape) < 2:
            raise ValueError("orthogonal initializer requires at least a 2D shape")
        if any(d == 0 for d in shape):
            return Array._wrap(ops.zeros(shape, dtype=dt), False, dt)
        n_cols = shape[column_axis]
        n_rows = math.prod(shape) // n_cols
        q = _orthogonal_matrix(key, n_rows, n_cols, dt)
        rest = tuple(s for i, s in enumerate(shape) if i != column_axis % len(shape))
        q = ops.reshape(q, rest + (n_cols,))
        q = ops.moveaxis(q, -1, column_axis)
        return _scaled(Array._wrap(q, False, dt), scale, dt)

    return init


def delta_orthogonal(scale: Any = 1.0, column_axis: int = -1, dtype: Any = None) -> Initializer:
    def init(key: Any, shape: Any, dtype: Any = dtype, out_sharding: Any = None) -> Array:
        shape = _shape(shape)
        dt = _dtype(dtype)
        if len(shape) not in (3, 4, 5):
            raise ValueError("Delta orthogonal initializer requires a 3D, 4D or 5D shape.")
        if shape[-1] < shape[-2]:
            raise ValueError("`fan_in` must be less or equal than `fan_out`. ")
        ortho = orthogonal(scale=scale, column_axis=column_axis, dtype=dt)(key, shape[-2:])
        w = ops.zeros(shape, dtype=dt)
        centre = tuple((k - 1) // 2 for k in shape[:-2])
        return Array._wrap(ops.set_item(w, centre + (Ellipsis,), ortho.native), False, dt)

    return init
