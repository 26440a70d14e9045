"""tf.keras.initializers (= tf.initializers): Keras 3's initializers.

Random initializers draw with TF's stateless samplers (as Keras 3 on TF does): an
integer ``seed`` gives the stateless seed ``[seed mod (2**31 - 2), 0]``, so every call
returns the same values, as in Keras 3; ``seed=None`` draws a seed from Python's
``random`` when the initializer is made (``keras.utils.set_random_seed`` seeds that too).
"""

from __future__ import annotations

import math
import random as _python_random
from typing import Any

from core import native as ops
from frontends.tensorflow import random as tf_random
from frontends.tensorflow._tensor import Tensor
from frontends.tensorflow.keras._common import const, core_dtype, native

__all__ = [
    "Initializer", "Zeros", "Ones", "Constant", "RandomNormal", "RandomUniform",
    "TruncatedNormal", "VarianceScaling", "GlorotUniform", "GlorotNormal", "HeNormal",
    "HeUniform", "LecunNormal", "LecunUniform", "Identity", "Orthogonal", "zeros", "ones",
    "constant", "random_normal", "random_uniform", "truncated_normal", "variance_scaling",
    "glorot_uniform", "glorot_normal", "he_normal", "he_uniform", "lecun_normal",
    "lecun_uniform", "identity", "orthogonal", "get",
]  # fmt: skip


class Initializer:
    """``initializer(shape, dtype=None)`` gives a Tensor (float32 by default)."""

    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        raise NotImplementedError

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Initializer:
        return cls(**config)


def _shape(shape: Any) -> tuple[int, ...]:
    return tuple(int(d) for d in shape)


class Zeros(Initializer):
    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        return Tensor._from_native(ops.zeros(_shape(shape), dtype=core_dtype(dtype)))


class Ones(Initializer):
    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        return Tensor._from_native(ops.ones(_shape(shape), dtype=core_dtype(dtype)))


class Constant(Initializer):
    def __init__(self, value: Any = 0.0) -> None:
        self.value = value

    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        dtype = core_dtype(dtype)
        return Tensor._from_native(ops.broadcast_to(native(self.value, dtype), _shape(shape)))

    def get_config(self) -> dict:
        return {"value": self.value}


class _Random(Initializer):
    def __init__(self, seed: int | None = None) -> None:
        self._init_seed = seed
        if seed is None:
            seed = _python_random.randint(1, int(1e9))
        elif not isinstance(seed, int):
            raise ValueError(
                "`seed` argument should be an instance of `keras.random.SeedGenerator()` or "
                f"an integer. Received: seed={seed}"
            )
        self.seed = seed

    def _stateless_seed(self) -> list[int]:
        return [self.seed % (2**31 - 2), 0]

    def get_config(self) -> dict:
        return {"seed": self._init_seed}


class RandomNormal(_Random):
    def __init__(self, mean: float = 0.0, stddev: float = 0.05, seed: int | None = None) -> None:
        self.mean, self.stddev = mean, stddev
        super().__init__(seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        return tf_random.stateless_normal(_shape(shape), self._stateless_seed(), self.mean,
                                          self.stddev, dtype=dtype or "float32")  # fmt: skip


class TruncatedNormal(_Random):
    def __init__(self, mean: float = 0.0, stddev: float = 0.05, seed: int | None = None) -> None:
        self.mean, self.stddev = mean, stddev
        super().__init__(seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        return tf_random.stateless_truncated_normal(
            _shape(shape), self._stateless_seed(), self.mean, self.stddev,
            dtype=dtype or "float32",
        )  # fmt: skip


class RandomUniform(_Random):
    def __init__(
        self, minval: float = -0.05, maxval: float = 0.05, seed: int | None = None
    ) -> None:
        self.minval, self.maxval = minval, maxval
        super().__init__(seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        dtype = core_dtype(dtype)
        return tf_random.stateless_uniform(
            _shape(shape), self._stateless_seed(), const(self.minval, dtype),
            const(self.maxval, dtype), dtype=str(dtype),
        )  # fmt: skip


def compute_fans(shape: Any) -> tuple[int, int]:
    shape = _shape(shape)
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = 1
    for dim in shape[:-2]:
        receptive *= dim
    return shape[-2] * receptive, shape[-1] * receptive


class VarianceScaling(_Random):
    def __init__(self, scale: float = 1.0, mode: str = "fan_in",
                 distribution: str = "truncated_normal", seed: int | None = None) -> None:  # fmt: skip
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        if mode not in {"fan_in", "fan_out", "fan_avg"}:
            raise ValueError(
                f"Invalid `mode` argument: {mode}. Please use one of "
                f"{ {'fan_in', 'fan_out', 'fan_avg'} }"
            )
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        if distribution not in {"uniform", "truncated_normal", "untruncated_normal"}:
            raise ValueError(f"Invalid `distribution` argument: {distribution}.")
        self.scale, self.mode, self.distribution = scale, mode, distribution
        super().__init__(seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        scale = self.scale
        fan_in, fan_out = compute_fans(shape)
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        dtype = core_dtype(dtype)
        seed = self._stateless_seed()
        if self.distribution == "truncated_normal":
            stddev = math.sqrt(scale) / 0.87962566103423978
            return tf_random.stateless_truncated_normal(_shape(shape), seed, 0.0, stddev,
                                                        dtype=str(dtype))  # fmt: skip
        if self.distribution == "untruncated_normal":
            return tf_random.stateless_normal(_shape(shape), seed, 0.0, math.sqrt(scale),
                                              dtype=str(dtype))  # fmt: skip
        limit = math.sqrt(3.0 * scale)
        return tf_random.stateless_uniform(_shape(shape), seed, const(-limit, dtype),
                                           const(limit, dtype), dtype=str(dtype))  # fmt: skip


def _variance(name: str, scale: float, mode: str, distribution: str) -> type:
    def __init__(self: Any, seed: int | None = None) -> None:
        VarianceScaling.__init__(self, scale, mode, distribution, seed)

    return type(name, (VarianceScaling,), {"__init__": __init__,
                                            "__doc__": f"tf.keras.initializers.{name}."})  # fmt: skip


GlorotUniform = _variance("GlorotUniform", 1.0, "fan_avg", "uniform")
GlorotNormal = _variance("GlorotNormal", 1.0, "fan_avg", "truncated_normal")
HeNormal = _variance("HeNormal", 2.0, "fan_in", "truncated_normal")
HeUniform = _variance("HeUniform", 2.0, "fan_in", "uniform")
LecunNormal = _variance("LecunNormal", 1.0, "fan_in", "truncated_normal")
LecunUniform = _variance("LecunUniform", 1.0, "fan_in", "uniform")


class Identity(Initializer):
    def __init__(self, gain: float = 1.0) -> None:
        self.gain = gain

    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        shape = _shape(shape)
        if len(shape) != 2:
            raise ValueError(
                "Identity matrix initializer can only be used for 2D matrices. Received: "
                f"shape={shape} of rank {len(shape)}."
            )
        dtype = core_dtype(dtype)
        return Tensor._from_native(ops.multiply(const(self.gain, dtype),
                                                ops.eye(shape[0], shape[1], dtype=dtype)))  # fmt: skip


class Orthogonal(_Random):
    """Keras 3's Orthogonal: QR of a stateless normal matrix, signs fixed by diag(r)."""

    def __init__(self, gain: float = 1.0, seed: int | None = None) -> None:
        self.gain = gain
        super().__init__(seed)

    def __call__(self, shape: Any, dtype: Any = None) -> Tensor:
        shape = _shape(shape)
        if len(shape) < 2:
            raise ValueError(
                "The tensor to initialize must be at least two-dimensional. Received: "
                f"shape={shape} of rank {len(shape)}."
            )
        dtype = core_dtype(dtype)
        rows = math.prod(shape[:-1])
        cols = shape[-1]
        flat = (max(cols, rows), min(cols, rows))
        a = tf_random.stateless_normal(flat, self._stateless_seed(), dtype=str(dtype)).native
        q, r = ops.linalg.qr(a)
        d = ops.linalg.diagonal(r)
        q = ops.multiply(q, ops.sign(d))
        if rows < cols:
            q = ops.matrix_transpose(q)
        return Tensor._from_native(ops.multiply(const(self.gain, dtype), ops.reshape(q, shape)))


zeros, ones, constant = Zeros, Ones, Constant
random_normal, random_uniform, truncated_normal = RandomNormal, RandomUniform, TruncatedNormal
variance_scaling = VarianceScaling
glorot_uniform, glorot_normal = GlorotUniform, GlorotNormal
he_normal, he_uniform, lecun_normal, lecun_uniform = HeNormal, HeUniform, LecunNormal, LecunUniform
identity, orthogonal = Identity, Orthogonal


def get(identifier: Any) -> Any:
    """tf.keras.initializers.get: an initializer by name, or itself."""
    if isinstance(identifier, Initializer) or (
        callable(identifier) and not isinstance(identifier, str)
    ):
        return identifier
    if isinstance(identifier, str) and identifier in __all__:
        return globals()[identifier]()
    raise ValueError(f"Could not interpret initializer identifier: {identifier}")
