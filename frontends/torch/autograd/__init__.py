"""torch.autograd: the grad-mode objects scripts touch. No gradients are computed: the
frontend runs forward computation, so these only record the mode."""

from frontends.torch.autograd.grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    no_grad,
    set_grad_enabled,
)
