"""torch.optim.Adamax."""

from __future__ import annotations

from typing import Any

from core import native as ops
from frontends.torch.optim.adam import _check, closure_loss
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

__all__ = ["Adamax"]


class Adamax(Optimizer):
    def __init__(
        self, params: Any, lr: float = 2e-3, betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8, weight_decay: float = 0, foreach: bool | None = None, *,
        maximize: bool = False, differentiable: bool = False, capturable: bool = False,
    ) -> None:  # fmt: skip
        _check(lr, eps, betas, weight_decay)
        defaults = dict(
            lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
            maximize=maximize, differentiable=differentiable, capturable=capturable,
        )  # fmt: skip
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure: Any = None) -> Any:
        loss = closure_loss(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            lr, eps = group["lr"], group["eps"]
            for p in self._params_with_grad(group):
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["exp_avg"] = zeros_like(p)
                    state["exp_inf"] = zeros_like(p)
                step = increment(state)
                g = grad_of(p, group["maximize"])
                if group["weight_decay"] != 0:
                    g = add(g, p.native, group["weight_decay"])
                exp_avg = ops.lerp(state["exp_avg"].native, g, 1 - beta1)
                set_value(state["exp_avg"], exp_avg)
                exp_inf = ops.maximum(ops.multiply(state["exp_inf"].native, beta2),
                                      ops.add(ops.abs(g), eps))  # fmt: skip
                set_value(state["exp_inf"], exp_inf)
                clr = lr / (1 - beta1**step)
                set_value(p, ops.addcdiv(p.native, exp_avg, exp_inf, -clr))
        return loss
