"""Autograd methods of ``torch.Tensor`` defined beside the autograd package:
``register_post_accumulate_grad_hook``, ``reinforce`` (removed in torch: raises as torch
does) and ``name`` (None, as torch's unnamed tensors; named tensors are not supported)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontends.torch._tensor import Tensor, _RemovableHandle


class _PostAccumulateSink:
    """A leaf's sink followed by its post-accumulate-grad hooks."""

    def __init__(self, sink: Callable[[Any], None] | None, tensor: Tensor) -> None:
        import weakref

        self.sink = sink
        self.tensor = weakref.ref(tensor)
        self.hooks: list[Callable[[Tensor], Any]] = []

    def __call__(self, cotangent: Any) -> None:
        if self.sink is not None:
            self.sink(cotangent)
        tensor = self.tensor()
        if tensor is not None:
            self.run(tensor)

    def run(self, tensor: Tensor) -> None:
        for hook in list(self.hooks):
            result = hook(tensor)
            if result is not None:
                raise TypeError(f"expected Variable, but hook returned '{type(result).__name__}'")


def run_post_accumulate_hooks(tensor: Tensor) -> None:
    """Run ``tensor``'s post-accumulate-grad hooks (after ``backward(inputs=...)``
    accumulated into it without going through its sink)."""
    leaf = tensor._leaf
    if leaf is not None and isinstance(leaf.leaf_sink, _PostAccumulateSink):
        leaf.leaf_sink.run(tensor)


def register_post_accumulate_grad_hook(self: Tensor, hook: Callable[[Tensor], None]) -> Any:
    """``hook(tensor)`` runs after a backward pass accumulated into this leaf's ``.grad``;
    it must return None."""
    if not self.requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if self._leaf is None:
        raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
    leaf = self._leaf
    sink = leaf.leaf_sink
    if not isinstance(sink, _PostAccumulateSink):
        sink = leaf.leaf_sink = _PostAccumulateSink(sink, self)
    sink.hooks.append(hook)

    def remove() -> None:
        if hook in sink.hooks:
            sink.hooks.remove(hook)

    return _RemovableHandle(remove)


_REINFORCE_MESSAGE = """reinforce() was removed.
Use torch.distributions instead.
See https://pytorch.org/docs/main/distributions.html

Instead of:

probs = policy_network(state)
action = probs.multinomial()
next_state, reward = env.step(action)
action.reinforce(reward)
action.backward()

Use:

probs = policy_network(state)
# NOTE: categorical is equivalent to what used to be called multinomial
m = torch.distributions.Categorical(probs)
action = m.sample()
next_state, reward = env.step(action)
loss = -m.log_prob(action) * reward
loss.backward()
"""


def reinforce(self: Tensor, reward: Any) -> None:
    """Removed from torch (stochastic functions): raises RuntimeError as torch does."""
    raise RuntimeError(_REINFORCE_MESSAGE)


Tensor.register_post_accumulate_grad_hook = register_post_accumulate_grad_hook
Tensor.reinforce = reinforce
Tensor.name = property(lambda self: None, doc="None: named tensors are not supported.")
