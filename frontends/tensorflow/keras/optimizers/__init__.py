"""tf.keras.optimizers (= tf.optimizers): Keras 3's SGD, Adam, AdamW, RMSprop, Adagrad.

The update formulas, the order of the steps (gradient clipping, weight decay, the update,
constraints, the iteration count) and the dtypes (float32 learning rate, int64
iterations) are Keras 3's as TF 2.21 runs it; the arithmetic is done on native arrays,
unrecorded. Keras 3's optimizers have no ``minimize`` (TF 2.21's neither); ``use_ema``,
``loss_scale_factor`` and ``gradient_accumulation_steps`` are refused.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any

import core
from core import autodiff
from core import native as ops
from frontends.tensorflow._tensor import Tensor
from frontends.tensorflow._variable import Variable
from frontends.tensorflow.keras._common import const, native
from frontends.tensorflow.keras.optimizers import schedules
from frontends.tensorflow.keras.optimizers.schedules import LearningRateSchedule

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "schedules", "get"]


class Optimizer:
    """The Keras 3 optimizer base: ``apply_gradients(zip(grads, vars))``, ``apply``."""

    _default_name = "optimizer"

    def __init__(self, learning_rate: Any, weight_decay: float | None = None,
                 clipnorm: float | None = None, clipvalue: float | None = None,
                 global_clipnorm: float | None = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: Any = None,
                 loss_scale_factor: Any = None, gradient_accumulation_steps: Any = None,
                 name: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        if use_ema or loss_scale_factor is not None or gradient_accumulation_steps:
            raise NotImplementedError(
                "use_ema, loss_scale_factor and gradient_accumulation_steps are not "
                "implemented by this frontend's optimizers"
            )
        if sum(x is not None for x in (clipnorm, clipvalue, global_clipnorm)) > 1:
            raise ValueError(
                "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. "
                f"Received: clipnorm={clipnorm}, clipvalue={clipvalue}, "
                f"global_clipnorm={global_clipnorm}"
            )
        self.name = name or self._default_name
        self.weight_decay = weight_decay
        self.clipnorm, self.clipvalue, self.global_clipnorm = clipnorm, clipvalue, global_clipnorm
        self.use_ema = False
        self.built = False
        self._iterations = Variable(
            0, name=f"{self.name}/iteration", dtype="int64", trainable=False
        )
        if isinstance(learning_rate, LearningRateSchedule) or callable(learning_rate):
            self._learning_rate: Any = learning_rate
        else:
            if not isinstance(learning_rate, float):
                raise ValueError(
                    "Argument `learning_rate` should be float, or an instance of "
                    "LearningRateSchedule, or a callable (that takes in the current iteration "
                    "value and returns the corresponding learning rate value). Received "
                    f"instead: learning_rate={learning_rate}"
                )
            self._learning_rate = Variable(
                learning_rate, name=f"{self.name}/learning_rate", dtype="float32", trainable=False
            )
        self._slots: list[Any] = []
        self._index: dict[int, int] = {}
        self._variables: list[Variable] = []

    # ------------------------------------------------------------------ state
    @property
    def iterations(self) -> Variable:
        return self._iterations

    @property
    def learning_rate(self) -> Any:
        return Tensor._from_native(self._current_lr())

    @learning_rate.setter
    def learning_rate(self, value: Any) -> None:
        if isinstance(self._learning_rate, Variable) and not callable(value):
            self._learning_rate.assign(value)
        else:
            self._learning_rate = value

    @property
    def variables(self) -> list[Variable]:
        own = [self._iterations]
        if isinstance(self._learning_rate, Variable):
            own.append(self._learning_rate)
        return own + [v for slot in self._slots for v in slot if v is not None]

    def _current_lr(self) -> Any:
        lr = self._learning_rate
        if isinstance(lr, Variable):
            return lr.native
        if isinstance(lr, LearningRateSchedule):
            return native(lr(Tensor._from_native(self._iterations.native)), core.float32)
        return native(lr(), core.float32) if _takes_no_argument(lr) else native(
            lr(Tensor._from_native(self._iterations.native)), core.float32)  # fmt: skip

    def _slot(self, variable: Variable, name: str, initial: float = 0.0) -> Variable:
        value = ops.full(tuple(variable.native.shape), initial, dtype=variable.native.dtype)
        return Variable(value, name=f"{self.name}/{variable.name[:-2]}_{name}", trainable=False)

    def _build_slots(self, variable: Variable) -> list[Any]:
        return []

    def build(self, var_list: Iterable[Variable]) -> None:
        for variable in var_list:
            if id(variable) not in self._index:
                slots = self._build_slots(variable)
                self._index[id(variable)] = len(self._variables)
                self._variables.append(variable)
                self._slots.append(slots)
        self.built = True

    # ------------------------------------------------------------------ applying
    def apply_gradients(self, grads_and_vars: Iterable[tuple[Any, Variable]]) -> Variable:
        pairs = list(grads_and_vars)
        self.apply([g for g, _ in pairs], [v for _, v in pairs])
        return self._iterations

    def apply(self, grads: list[Any], trainable_variables: Any = None) -> None:
        grads = list(grads)
        if not grads:
            return
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    "When passing `grads` without `variables`, the optimizer must already be "
                    "built on a list of variables. Call `optimizer.build(trainable_variables)` "
                    "first. "
                )
            trainable_variables = list(self._variables)
        trainable_variables = list(trainable_variables)
        self.build(trainable_variables)
        # unrecorded; no_grad only where something is tracked (switching grad mode rebinds
        # core's functions, which costs more than a small update)
        tracked = any(autodiff.is_tracked(v._value) for v in trainable_variables) or any(
            g is not None and autodiff.is_tracked(native(g)) for g in grads
        )
        with autodiff.no_grad() if tracked else contextlib.nullcontext():
            pairs = [(g, v) for g, v in zip(grads, trainable_variables) if g is not None]
            if not pairs:
                raise ValueError("No gradients provided for any variable.")
            natives = [native(g, core.as_core_dtype(v.native.dtype)) for g, v in pairs]
            natives = self._clip(natives)
            lr = self._current_lr()
            if self.weight_decay is not None:
                for variable in (v for _, v in pairs):
                    if self._use_weight_decay(variable):
                        dtype = core.as_core_dtype(variable.native.dtype)
                        decay = ops.multiply(ops.multiply(
                            variable.native, const(self.weight_decay, dtype)), ops.astype(lr, dtype))  # fmt: skip
                        variable._assign(ops.subtract(variable.native, decay))
            for grad, (_, variable) in zip(natives, pairs):
                dtype = core.as_core_dtype(variable.native.dtype)
                self._update(grad, variable, ops.astype(lr, dtype), dtype,
                             self._slots[self._index[id(variable)]])  # fmt: skip
            for _, variable in pairs:
                if variable.constraint is not None:
                    variable.assign(variable.constraint(variable))
            self._iterations._assign(ops.add(self._iterations.native, const(1, core.int64)))

    def _use_weight_decay(self, variable: Variable) -> bool:
        excluded = getattr(self, "_excluded", set())
        pattern = getattr(self, "_excluded_pattern", None)
        if id(variable) in excluded:
            return False
        import re

        return not (pattern is not None and re.search(pattern, variable.name))

    def exclude_from_weight_decay(self, var_list: Any = None, var_names: Any = None) -> None:
        if self.built:
            raise ValueError(
                "`exclude_from_weight_decay()` can only be configured before the optimizer "
                "is built."
            )
        self._excluded = {id(v) for v in var_list or ()}
        self._excluded_pattern = "|".join(set(var_names)) if var_names else None

    def _clip(self, grads: list[Any]) -> list[Any]:
        if self.clipnorm and self.clipnorm > 0:
            out = []
            for g in grads:
                dtype = core.as_core_dtype(g.dtype)
                l2sum = ops.sum(ops.square(g), keepdims=True)
                positive = ops.greater(l2sum, const(0.0, dtype))
                safe = ops.where(positive, l2sum, ops.ones_like(l2sum))
                norm = ops.where(positive, ops.sqrt(safe), l2sum)
                clip = const(self.clipnorm, dtype)
                out.append(ops.divide(ops.multiply(g, clip), ops.maximum(norm, clip)))
            return out
        if self.global_clipnorm and self.global_clipnorm > 0:
            # tf.clip_by_global_norm
            dtype = core.as_core_dtype(grads[0].dtype)
            total = ops.sqrt(sum_all([ops.sum(ops.square(g)) for g in grads]))
            clip = const(self.global_clipnorm, dtype)
            scale = ops.multiply(clip, ops.minimum(
                ops.divide(const(1.0, dtype), total), ops.divide(const(1.0, dtype), clip)))  # fmt: skip
            return [ops.multiply(g, ops.astype(scale, core.as_core_dtype(g.dtype))) for g in grads]
        if self.clipvalue and self.clipvalue > 0:
            return [ops.clip(g, const(-self.clipvalue, core.as_core_dtype(g.dtype)),
                             const(self.clipvalue, core.as_core_dtype(g.dtype))) for g in grads]  # fmt: skip
        return grads

    def _update(self, grad: Any, variable: Variable, lr: Any, dtype: core.Dtype,
                slots: list[Any]) -> None:  # fmt: skip
        raise NotImplementedError

    def get_config(self) -> dict:
        lr = self._learning_rate
        return {"name": self.name, "learning_rate": float(lr.numpy()) if isinstance(lr, Variable) else lr,
                "weight_decay": self.weight_decay, "clipnorm": self.clipnorm,
                "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue}  # fmt: skip


def sum_all(values: list[Any]) -> Any:
    total = values[0]
    for value in values[1:]:
        total = ops.add(total, value)
    return total


def _takes_no_argument(fn: Any) -> bool:
    import inspect

    try:
        return not inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


class SGD(Optimizer):
    """Keras 3 SGD: ``m = m*momentum - g*lr``; ``v += m`` (nesterov: ``v += m*momentum
    - g*lr``); plain ``v -= g*lr`` without momentum."""

    _default_name = "SGD"

    def __init__(self, learning_rate: Any = 0.01, momentum: float = 0.0, nesterov: bool = False,
                 **kwargs: Any) -> None:  # fmt: skip
        super().__init__(learning_rate, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum, self.nesterov = momentum, nesterov

    def _build_slots(self, variable: Variable) -> list[Any]:
        return [self._slot(variable, "momentum")] if self.momentum != 0 else []

    def _update(self, grad: Any, variable: Variable, lr: Any, dtype: core.Dtype,
                slots: list[Any]) -> None:  # fmt: skip
        if not slots:
            variable._assign(ops.subtract(variable.native, ops.multiply(grad, lr)))
            return
        m = slots[0]
        momentum = const(self.momentum, dtype)
        m._assign(ops.subtract(ops.multiply(m.native, momentum), ops.multiply(grad, lr)))
        if self.nesterov:
            step = ops.subtract(ops.multiply(m.native, momentum), ops.multiply(grad, lr))
            variable._assign(ops.add(variable.native, step))
        else:
            variable._assign(ops.add(variable.native, m.native))


class Adam(Optimizer):
    """Keras 3 Adam (``alpha = lr * sqrt(1 - b2^t) / (1 - b1^t)``; epsilon outside the
    square root; ``amsgrad`` keeps the running maximum of ``v``)."""

    _default_name = "adam"

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-7, amsgrad: bool = False, **kwargs: Any) -> None:  # fmt: skip
        super().__init__(learning_rate, **kwargs)
        self.beta_1, self.beta_2, self.epsilon, self.amsgrad = beta_1, beta_2, epsilon, amsgrad

    def _build_slots(self, variable: Variable) -> list[Any]:
        slots = [self._slot(variable, "momentum"), self._slot(variable, "velocity")]
        if self.amsgrad:
            slots.append(self._slot(variable, "velocity_hat"))
        return slots

    def _update(self, grad: Any, variable: Variable, lr: Any, dtype: core.Dtype,
                slots: list[Any]) -> None:  # fmt: skip
        m, v = slots[0], slots[1]
        step = ops.astype(ops.add(self._iterations.native, const(1, core.int64)), dtype)
        b1_power = ops.pow(const(self.beta_1, dtype), step)
        b2_power = ops.pow(const(self.beta_2, dtype), step)
        one = const(1.0, dtype)
        alpha = ops.divide(ops.multiply(lr, ops.sqrt(ops.subtract(one, b2_power))),
                           ops.subtract(one, b1_power))  # fmt: skip
        m._assign(ops.add(m.native, ops.multiply(ops.subtract(grad, m.native),
                                                 const(1 - self.beta_1, dtype))))  # fmt: skip
        v._assign(ops.add(v.native, ops.multiply(ops.subtract(ops.square(grad), v.native),
                                                 const(1 - self.beta_2, dtype))))  # fmt: skip
        velocity = v.native
        if self.amsgrad:
            slots[2]._assign(ops.maximum(slots[2].native, velocity))
            velocity = slots[2].native
        update = ops.divide(ops.multiply(m.native, alpha),
                            ops.add(ops.sqrt(velocity), const(self.epsilon, dtype)))  # fmt: skip
        variable._assign(ops.subtract(variable.native, update))


class AdamW(Adam):
    """Keras 3 AdamW: Adam with decoupled weight decay (default 0.004)."""

    _default_name = "adamw"

    def __init__(self, learning_rate: Any = 0.001, weight_decay: float = 0.004,
                 beta_1: float = 0.9, beta_2: float = 0.999, epsilon: float = 1e-7,
                 amsgrad: bool = False, **kwargs: Any) -> None:  # fmt: skip
        if weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: weight_decay=None")
        super().__init__(learning_rate, beta_1, beta_2, epsilon, amsgrad,
                         weight_decay=weight_decay, **kwargs)  # fmt: skip


class RMSprop(Optimizer):
    """Keras 3 RMSprop (epsilon inside the square root; ``centered``; ``momentum``)."""

    _default_name = "rmsprop"

    def __init__(self, learning_rate: Any = 0.001, rho: float = 0.9, momentum: float = 0.0,
                 epsilon: float = 1e-7, centered: bool = False, **kwargs: Any) -> None:  # fmt: skip
        super().__init__(learning_rate, **kwargs)
        self.rho, self.momentum, self.epsilon, self.centered = rho, momentum, epsilon, centered

    def _build_slots(self, variable: Variable) -> list[Any]:
        slots: list[Any] = [self._slot(variable, "velocity")]
        slots.append(self._slot(variable, "momentum") if self.momentum > 0 else None)
        slots.append(self._slot(variable, "average_gradient") if self.centered else None)
        return slots

    def _update(self, grad: Any, variable: Variable, lr: Any, dtype: core.Dtype,
                slots: list[Any]) -> None:  # fmt: skip
        velocity, momentum, average = slots
        rho = const(self.rho, dtype)
        velocity._assign(ops.add(ops.multiply(rho, velocity.native),
                                 ops.multiply(const(1 - self.rho, dtype), ops.square(grad))))  # fmt: skip
        if self.centered:
            average._assign(ops.add(ops.multiply(rho, average.native),
                                    ops.multiply(const(1 - self.rho, dtype), grad)))  # fmt: skip
            denominator = ops.add(ops.subtract(velocity.native, ops.square(average.native)),
                                  const(self.epsilon, dtype))  # fmt: skip
        else:
            denominator = ops.add(velocity.native, const(self.epsilon, dtype))
        increment = ops.divide(ops.multiply(lr, grad), ops.sqrt(denominator))
        if momentum is not None:
            momentum._assign(ops.add(ops.multiply(const(self.momentum, dtype), momentum.native),
                                     increment))  # fmt: skip
            variable._assign(ops.subtract(variable.native, momentum.native))
        else:
            variable._assign(ops.subtract(variable.native, increment))


class Adagrad(Optimizer):
    """Keras 3 Adagrad: ``acc += g^2``; ``v -= lr*g / sqrt(acc + epsilon)``."""

    _default_name = "adagrad"

    def __init__(self, learning_rate: Any = 0.001, initial_accumulator_value: float = 0.1,
                 epsilon: float = 1e-7, **kwargs: Any) -> None:  # fmt: skip
        super().__init__(learning_rate, **kwargs)
        self.initial_accumulator_value, self.epsilon = initial_accumulator_value, epsilon

    def _build_slots(self, variable: Variable) -> list[Any]:
        return [self._slot(variable, "accumulator", self.initial_accumulator_value)]

    def _update(self, grad: Any, variable: Variable, lr: Any, dtype: core.Dtype,
                slots: list[Any]) -> None:  # fmt: skip
        accumulator = slots[0]
        accumulator._assign(ops.add(accumulator.native, ops.square(grad)))
        update = ops.divide(ops.multiply(lr, grad),
                            ops.sqrt(ops.add(accumulator.native, const(self.epsilon, dtype))))  # fmt: skip
        variable._assign(ops.subtract(variable.native, update))


_BY_NAME = {"sgd": SGD, "adam": Adam, "adamw": AdamW, "rmsprop": RMSprop, "adagrad": Adagrad}


def get(identifier: Any) -> Optimizer:
    """tf.keras.optimizers.get: an Optimizer from a name (``"adam"``) or itself."""
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str) and identifier.lower() in _BY_NAME:
        return _BY_NAME[identifier.lower()]()
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
