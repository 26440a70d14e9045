"""torch.optim.RMSprop (momentum, centered, weight_decay, maximize)."""

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

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    def __init__(
        self, params: Any, lr: float = 1e-2, alpha: float = 0.99, eps: float = 1e-8,
        weight_decay: float = 0, momentum: float = 0, centered: bool = False,
        capturable: bool = False, foreach: bool | None = None, maximize: bool = False,
        differentiable: bool = False,
    ) -> None:  # fmt: skip
        for name, value in (("learning rate", lr), ("epsilon value", eps),
                            ("momentum value", momentum), ("weight_decay value", weight_decay),
                            ("alpha value", alpha)):  # fmt: skip
            if not 0.0 <= value:
                raise ValueError(f"Invalid {name}: {value}")
        defaults = dict(
            lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
            weight_decay=weight_decay, capturable=capturable, foreach=foreach,
            maximize=maximize, differentiable=differentiable,
        )  # fmt: skip
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure: Any = None) -> Any:
        loss = closure_loss(closure)
        for group in self.param_groups:
            lr, alpha, eps, momentum = group["lr"], group["alpha"], group["eps"], group["momentum"]
            for p in self._params_with_grad(group):
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["square_avg"] = zeros_like(p)
                    if momentum > 0:
                        state["momentum_buffer"] = zeros_like(p)
                    if group["centered"]:
                        state["grad_avg"] = zeros_like(p)
                g = grad_of(p, group["maximize"])
                increment(state)
                if group["weight_decay"] != 0:
                    g = add(g, p.native, group["weight_decay"])
                square_avg = ops.addcmul(ops.multiply(state["square_avg"].native, alpha), g, g,
                                     1 - alpha)  # fmt: skip
                set_value(state["square_avg"], square_avg)
                if group["centered"]:
                    grad_avg = ops.lerp(state["grad_avg"].native, g, 1 - alpha)
                    set_value(state["grad_avg"], grad_avg)
                    avg = ops.sqrt(ops.addcmul(square_avg, grad_avg, grad_avg, -1))
                else:
                    avg = ops.sqrt(square_avg)
                avg = ops.add(avg, eps)
                if momentum > 0:
                    buf = ops.addcdiv(
                        ops.multiply(state["momentum_buffer"].native, momentum), g, avg
                    )
                    set_value(state["momentum_buffer"], buf)
                    set_value(p, add(p.native, buf, -lr))
                else:
                    set_value(p, ops.addcdiv(p.native, g, avg, -lr))
        return loss
