"""tf.keras.optimizers.schedules: Keras 3's learning-rate schedules (float32 math)."""

from __future__ import annotations

import math
from typing import Any

import core
from core import native as ops
from frontends.tensorflow._tensor import Tensor
from frontends.tensorflow.keras._common import const, native

__all__ = [
    "LearningRateSchedule", "ExponentialDecay", "InverseTimeDecay", "PiecewiseConstantDecay",
    "PolynomialDecay", "CosineDecay",
]  # fmt: skip

_F32 = core.float32


class LearningRateSchedule:
    """Base class: ``schedule(step)`` gives the learning rate at ``step``."""

    def __call__(self, step: Any) -> Any:
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' must override "
            "`__call__(self, step)`."
        )

    def _native(self, step: Any) -> Any:
        return native(self(Tensor._from_native(step)))

    @classmethod
    def from_config(cls, config: dict) -> LearningRateSchedule:
        return cls(**config)


def _step(step: Any) -> Any:
    return native(step, _F32)


class ExponentialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate: float, decay_steps: int, decay_rate: float,
                 staircase: bool = False, name: str = "ExponentialDecay") -> None:  # fmt: skip
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps, self.decay_rate = decay_steps, decay_rate
        self.staircase, self.name = staircase, name

    def __call__(self, step: Any) -> Tensor:
        p = ops.divide(_step(step), const(self.decay_steps, _F32))
        if self.staircase:
            p = ops.floor(p)
        return Tensor._from_native(ops.multiply(
            const(self.initial_learning_rate, _F32), ops.pow(const(self.decay_rate, _F32), p)))  # fmt: skip

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}  # fmt: skip


class InverseTimeDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate: float, decay_steps: int, decay_rate: float,
                 staircase: bool = False, name: str = "InverseTimeDecay") -> None:  # fmt: skip
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps, self.decay_rate = decay_steps, decay_rate
        self.staircase, self.name = staircase, name

    def __call__(self, step: Any) -> Tensor:
        p = ops.divide(_step(step), const(self.decay_steps, _F32))
        if self.staircase:
            p = ops.floor(p)
        denom = ops.add(const(1.0, _F32), ops.multiply(const(self.decay_rate, _F32), p))
        return Tensor._from_native(ops.divide(const(self.initial_learning_rate, _F32), denom))


class PiecewiseConstantDecay(LearningRateSchedule):
    def __init__(self, boundaries: list, values: list, name: str = "PiecewiseConstant") -> None:
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                "The length of boundaries should be 1 less than the length of values. "
                f"Received: boundaries={boundaries} of length {len(boundaries)}, and "
                f"values={values} of length {len(values)}."
            )
        self.boundaries, self.values, self.name = list(boundaries), list(values), name

    def __call__(self, step: Any) -> Tensor:
        step_native = native(step)
        dtype = core.as_core_dtype(step_native.dtype)
        values = [native(v) for v in self.values]
        out_dtype = core.as_core_dtype(values[0].dtype)
        bounds = [ops.asarray(b, dtype=dtype) for b in self.boundaries]
        result = ops.multiply(
            ops.astype(ops.less_equal(step_native, bounds[0]), out_dtype), values[0]
        )
        result = ops.add(result, ops.multiply(
            ops.astype(ops.greater(step_native, bounds[-1]), out_dtype), values[-1]))  # fmt: skip
        for low, high, value in zip(bounds[:-1], bounds[1:], values[1:-1]):
            inside = ops.logical_and(
                ops.greater(step_native, low), ops.less_equal(step_native, high)
            )
            result = ops.add(result, ops.multiply(ops.astype(inside, out_dtype), value))
        return Tensor._from_native(result)


class PolynomialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate: float, decay_steps: int,
                 end_learning_rate: float = 0.0001, power: float = 1.0, cycle: bool = False,
                 name: str = "PolynomialDecay") -> None:  # fmt: skip
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.end_learning_rate, self.power, self.cycle, self.name = (
            end_learning_rate,
            power,
            cycle,
            name,
        )

    def __call__(self, step: Any) -> Tensor:
        s = _step(step)
        steps = const(self.decay_steps, _F32)
        if self.cycle:
            multiplier = ops.where(ops.equal(s, const(0.0, _F32)), const(1.0, _F32),
                                   ops.ceil(ops.divide(s, steps)))  # fmt: skip
            steps = ops.multiply(steps, multiplier)
        else:
            s = ops.minimum(s, steps)
        p = ops.divide(s, steps)
        start, end = const(self.initial_learning_rate, _F32), const(self.end_learning_rate, _F32)
        decayed = ops.pow(ops.subtract(const(1.0, _F32), p), const(self.power, _F32))
        return Tensor._from_native(ops.add(ops.multiply(ops.subtract(start, end), decayed), end))


class CosineDecay(LearningRateSchedule):
    """Keras 3's CosineDecay without warmup (``warmup_target`` is refused)."""

    def __init__(self, initial_learning_rate: float, decay_steps: int, alpha: float = 0.0,
                 name: str = "CosineDecay", warmup_target: Any = None,
                 warmup_steps: int = 0) -> None:  # fmt: skip
        if warmup_target is not None:
            raise NotImplementedError("CosineDecay with warmup is not implemented by this frontend")
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.alpha, self.name = alpha, name

    def __call__(self, step: Any) -> Tensor:
        steps = const(self.decay_steps, _F32)
        s = ops.minimum(_step(step), steps)
        fraction = ops.divide(s, steps)
        cosine = ops.multiply(const(0.5, _F32), ops.add(
            const(1.0, _F32), ops.cos(ops.multiply(const(math.pi, _F32), fraction))))  # fmt: skip
        decayed = ops.add(
            ops.multiply(const(1 - self.alpha, _F32), cosine), const(self.alpha, _F32)
        )
        return Tensor._from_native(ops.multiply(const(self.initial_learning_rate, _F32), decayed))
