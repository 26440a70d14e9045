"""torch.optim.Adagrad (lr_decay, weight_decay, initial_accumulator_value, maximize)."""

from __future__ import annotations

from typing import Any

from core import native as ops
from frontends.torch._tensor import Tensor
from frontends.torch.optim.adam import closure_loss
from frontends.torch.optim.optimizer import (
    Optimizer,
    _use_grad,
    add,
    grad_of,
    increment,
    set_value,
    step_tensor,
)  # fmt: skip

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    def __init__(
        self, params: Any, lr: float = 1e-2, lr_decay: float = 0, weight_decay: float = 0,
        initial_accumulator_value: float = 0, eps: float = 1e-10,
        foreach: bool | None = None, *, maximize: bool = False, differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:  # fmt: skip
        for name, value in (("learning rate", lr), ("lr_decay value", lr_decay),
                            ("weight_decay value", weight_decay),
                            ("initial_accumulator_value value", initial_accumulator_value),
                            ("epsilon value", eps)):  # fmt: skip
            if not 0.0 <= value:
                raise ValueError(f"Invalid {name}: {value}")
        defaults = dict(
            lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
            initial_accumulator_value=initial_accumulator_value, foreach=foreach,
            maximize=maximize, differentiable=differentiable, fused=fused,
        )  # fmt: skip
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = step_tensor()
                state["sum"] = Tensor._from_native(
                    ops.full(tuple(p.shape), initial_accumulator_value, dtype=p.dtype.core_dtype)
                )

    @_use_grad
    def step(self, closure: Any = None) -> Any:
        loss = closure_loss(closure)
        for group in self.param_groups:
            lr = group["lr"]
            for p in self._params_with_grad(group):
                state = self.state[p]
                step = increment(state)
                g = grad_of(p, group["maximize"])
                if group["weight_decay"] != 0:
                    g = add(g, p.native, group["weight_decay"])
                clr = lr / (1 + (step - 1) * group["lr_decay"])
                state_sum = ops.addcmul(state["sum"].native, g, g)
                set_value(state["sum"], state_sum)
                std = ops.add(ops.sqrt(state_sum), group["eps"])
                set_value(p, ops.addcdiv(p.native, g, std, -clr))
        return loss
