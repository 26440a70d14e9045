"""torch.optim.Adadelta."""

from __future__ import annotations

from typing import Any

from core import native as ops
from frontends.torch.optim.adam import closure_loss
from frontends.torch.optim.optimizer import (
    Optimizer,
    _use_grad,
    add,
    grad_of,
    increment,
    set_value,
    step_tensor,
    zeros_like,
)  # fmt: skip

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    def __init__(
        self, params: Any, lr: float = 1.0, rho: float = 0.9, eps: float = 1e-6,
        weight_decay: float = 0, foreach: bool | None = None, *, capturable: bool = False,
        maximize: bool = False, differentiable: bool = False,
    ) -> None:  # fmt: skip
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(
            lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize,
            capturable=capturable, foreach=foreach, differentiable=differentiable,
        )  # fmt: skip
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure: Any = None) -> Any:
        loss = closure_loss(closure)
        for group in self.param_groups:
            lr, rho, eps = group["lr"], group["rho"], group["eps"]
            for p in self._params_with_grad(group):
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["square_avg"] = zeros_like(p)
                    state["acc_delta"] = zeros_like(p)
                increment(state)
                g = grad_of(p, group["maximize"])
                if group["weight_decay"] != 0:
                    g = add(g, p.native, group["weight_decay"])
                square_avg = ops.addcmul(
                    ops.multiply(state["square_avg"].native, rho), g, g, 1 - rho
                )
                set_value(state["square_avg"], square_avg)
                std = ops.sqrt(ops.add(square_avg, eps))
                delta = ops.sqrt(ops.add(state["acc_delta"].native, eps))
                delta = ops.multiply(ops.divide(delta, std), g)
                acc = ops.addcmul(
                    ops.multiply(state["acc_delta"].native, rho), delta, delta, 1 - rho
                )
                set_value(state["acc_delta"], acc)
                set_value(p, add(p.native, delta, -lr))
        return loss
