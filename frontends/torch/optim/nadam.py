"""torch.optim.NAdam (momentum_decay, decoupled_weight_decay)."""

from __future__ import annotations

from typing import Any

import numpy

import core
from core import native as ops
from frontends.torch._tensor import Tensor
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

__all__ = ["NAdam"]


class NAdam(Optimizer):
    def __init__(
        self, params: Any, lr: float = 2e-3, betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8, weight_decay: float = 0, momentum_decay: float = 4e-3,
        decoupled_weight_decay: bool = False, *, foreach: bool | None = None,
        maximize: bool = False, capturable: bool = False, differentiable: bool = False,
    ) -> None:  # fmt: skip
        _check(lr, eps, betas, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}")
        defaults = dict(
            lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
            momentum_decay=momentum_decay, decoupled_weight_decay=decoupled_weight_decay,
            maximize=maximize, foreach=foreach, capturable=capturable,
            differentiable=differentiable,
        )  # fmt: skip
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure: Any = None) -> Any:
        loss = closure_loss(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            lr, eps, wd = group["lr"], group["eps"], group["weight_decay"]
            for p in self._params_with_grad(group):
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["mu_product"] = step_tensor(1.0)
                    state["exp_avg"] = zeros_like(p)
                    state["exp_avg_sq"] = zeros_like(p)
                g = grad_of(p, group["maximize"])
                step = increment(state)
                bias_correction2 = 1 - beta2**step
                param = p.native
                if wd != 0:
                    if group["decoupled_weight_decay"]:
                        param = ops.multiply(param, 1 - lr * wd)
                    else:
                        g = add(g, param, wd)
                mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * group["momentum_decay"])))
                mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * group["momentum_decay"])))
                # torch keeps mu_product as a float32 tensor
                mu_product = float(
                    numpy.float32(float(state["mu_product"].item())) * numpy.float32(mu)
                )
                state["mu_product"] = Tensor._from_native(
                    ops.asarray(mu_product, dtype=core.float32)
                )
                exp_avg = ops.lerp(state["exp_avg"].native, g, 1 - beta1)
                exp_avg_sq = ops.addcmul(ops.multiply(state["exp_avg_sq"].native, beta2), g, g,
                                     1 - beta2)  # fmt: skip
                set_value(state["exp_avg"], exp_avg)
                set_value(state["exp_avg_sq"], exp_avg_sq)
                denom = ops.add(ops.sqrt(ops.divide(exp_avg_sq, bias_correction2)), eps)
                mu_product_next = mu_product * mu_next
                param = ops.addcdiv(param, g, denom, -lr * (1.0 - mu) / (1.0 - mu_product))
                param = ops.addcdiv(
                    param, exp_avg, denom, (-lr * mu_next) / (1.0 - mu_product_next)
                )
                set_value(p, param)
        return loss
