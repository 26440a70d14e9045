"""torch.optim.Adam (amsgrad, maximize, decoupled_weight_decay), torch's single-tensor
update."""

from __future__ import annotations

from typing import Any

from core import native as ops
from frontends.torch.optim.optimizer import (
    Optimizer,
    _use_grad,
    add,
    donatable,
    grad_of,
    increment,
    set_value,
    step_tensor,
    update_moments,
    zeros_like,
)  # fmt: skip

__all__ = ["Adam"]


def _check(lr: float, eps: float, betas: tuple[float, float], weight_decay: float) -> None:
    if not 0.0 <= lr:
        raise ValueError(f"Invalid learning rate: {lr}")
    if not 0.0 <= eps:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if not 0.0 <= weight_decay:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


def closure_loss(closure: Any) -> Any:
    if closure is None:
        return None
    from frontends.torch.autograd.grad_mode import enable_grad

    with enable_grad():
        return closure()


class Adam(Optimizer):
    def __init__(
        self, params: Any, lr: float = 1e-3, betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8, weight_decay: float = 0, amsgrad: bool = False, *,
        foreach: bool | None = None, maximize: bool = False, capturable: bool = False,
        differentiable: bool = False, fused: bool | None = None,
        decoupled_weight_decay: bool = False,
    ) -> None:  # fmt: skip
        _check(lr, eps, betas, weight_decay)
        defaults = dict(
            lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
            maximize=maximize, foreach=foreach, capturable=capturable,
            differentiable=differentiable, fused=fused,
            decoupled_weight_decay=decoupled_weight_decay,
        )  # fmt: skip
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure: Any = None) -> Any:
        loss = closure_loss(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            lr, eps, wd = group["lr"], group["eps"], group["weight_decay"]
            amsgrad = group["amsgrad"]
            for p in self._params_with_grad(group):
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["exp_avg"] = zeros_like(p)
                    state["exp_avg_sq"] = zeros_like(p)
                    if amsgrad:
                        state["max_exp_avg_sq"] = zeros_like(p)
                g = grad_of(p, group["maximize"])
                step = increment(state)
                decoupled = group["decoupled_weight_decay"]
                if wd != 0 and not decoupled:  # L2 joins the grad; AdamW's is adam_update's
                    g = add(g, p.native, wd)
                exp_avg, exp_avg_sq = update_moments(state, g, beta1, beta2)
                bias_correction1 = 1 - beta1**step
                bias_correction2 = 1 - beta2**step
                step_size = lr / bias_correction1
                bias_correction2_sqrt = bias_correction2**0.5
                if amsgrad:
                    exp_avg_sq = ops.maximum(state["max_exp_avg_sq"].native, exp_avg_sq)
                    set_value(state["max_exp_avg_sq"], exp_avg_sq)
                decay = 1 - lr * wd if decoupled and wd != 0 else 1.0
                donate = donatable(p)  # before the arguments hold references
                update = ops.nn.adam_update(
                    p.native, exp_avg, exp_avg_sq, bias_correction2_sqrt, eps, step_size, decay,
                    donate=donate,
                )  # fmt: skip
                set_value(p, update)
        return loss
