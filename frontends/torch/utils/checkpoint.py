"""torch.utils.checkpoint: activation checkpointing. The checkpointed function's
activations are not kept; the backward pass runs the function again, with the random state
it had, and differentiates that recomputation.

The result is one autograd node. ``use_reentrant=False`` (torch's recommended variant, and
transformers'): the forward records the function's graph once to find the leaves it reaches
(the tensor arguments, nested or keyword ones included, and the parameters it uses
however it reaches them), then drops that graph, so parameters get gradients with no input
requiring grad and ``torch.autograd.grad`` works. ``use_reentrant=True``: torch's reentrant
variant, over the tensors among the positional arguments, run without recording; the
recomputation's ``backward`` fills the parameters' ``.grad`` itself.

Differences from torch: a tracked intermediate tensor the function reads from outside
(neither an argument nor a leaf) passes its gradient to the leaves it came from directly,
so hooks registered on that intermediate do not see the checkpoint's share.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from core import autodiff as _ad
from frontends.torch._tensor import Tensor, _fresh
from frontends.torch.random_sampling import default_generator
from frontends.torch.utils import _pytree

__all__ = ["checkpoint", "checkpoint_sequential"]


def _detached(tensors: list[Tensor]) -> dict[int, Tensor]:
    """A fresh leaf for each tensor (requiring grad where it does), keyed by its id."""
    return {
        id(t): Tensor._from_native(_fresh(t.native)).requires_grad_(t.requires_grad)
        for t in tensors
    }


def _call(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any],
          replaced: dict[int, Tensor]) -> Any:  # fmt: skip
    call_args, call_kwargs = _pytree.tree_map_only(
        Tensor, lambda t: replaced.get(id(t), t), (args, kwargs)
    )
    return function(*call_args, **call_kwargs)


def _checkpointed(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any],
                  preserve_rng_state: bool, reentrant: bool) -> Any:  # fmt: skip
    nested = args if reentrant else (args, kwargs)
    inputs = [t for t in _pytree.tree_leaves(nested) if isinstance(t, Tensor)]
    # the whole generator state (torch's bytes do not cover the draws dropout makes)
    generator = default_generator._state
    rng_state = generator.get_state() if preserve_rng_state else None
    if reentrant:
        if not any(t.requires_grad for t in inputs) and _ad.is_grad_enabled():
            warnings.warn(
                "None of the inputs have requires_grad=True. Gradients will be None",
                stacklevel=3,
            )
        with _ad.no_grad():
            result = function(*args, **kwargs)
        tracked = [t.native for t in inputs if t.requires_grad]
        leaves, spec = _pytree.tree_flatten(result)
        positions = [i for i, leaf in enumerate(leaves) if isinstance(leaf, Tensor)]
        differentiable = None
    else:
        # record once to find the leaves the function reaches, then drop that graph
        first = _detached(inputs)
        result = _call(function, args, kwargs, first)
        leaves, spec = _pytree.tree_flatten(result)
        positions = [i for i, leaf in enumerate(leaves) if isinstance(leaf, Tensor)]
        reached = _ad.leaves_of([leaves[i].native for i in positions])
        by_fresh = {id(first[id(t)].native): t.native for t in inputs}
        tracked = [by_fresh.get(id(value), value) for value in reached]
        differentiable = [leaves[i].requires_grad for i in positions]
    if not tracked or not _ad.is_grad_enabled():
        return result
    outputs = [_fresh(leaves[i].native) for i in positions]
    argument_ids = {id(t.native): t for t in inputs}

    def rule(cotangent: Any, output: Any, *saved: Any) -> list[Any]:
        cotangents = cotangent if len(outputs) > 1 else (cotangent,)
        replaced = _detached(inputs)
        with _ad.enable_grad():
            state = generator.get_state()
            try:
                if rng_state is not None:
                    generator.set_state(rng_state)
                again = _pytree.tree_leaves(_call(function, args, kwargs, replaced))
            finally:
                generator.set_state(state)
        pairs = [
            (again[i].native, c)
            for i, c in zip(positions, cotangents)
            if c is not None and again[i].requires_grad
        ]
        captured = [
            replaced[id(argument_ids[id(v)])].native if id(v) in argument_ids else v
            for v in tracked
        ]
        return _ad.backward(
            [o for o, _ in pairs], [c for _, c in pairs], retain_graph=True,
            capture=captured, accumulate=reentrant,
        )  # fmt: skip

    _ad.record("CheckpointFunctionBackward", rule, tracked, outputs, differentiable)
    for i, native in zip(positions, outputs):
        leaves[i] = Tensor._from_native(native)
    return _pytree.tree_unflatten(leaves, spec)


def checkpoint(function: Callable[..., Any], *args: Any, use_reentrant: bool | None = None,
               context_fn: Any = None, determinism_check: str = "default", debug: bool = False,
               early_stop: bool = True, **kwargs: Any) -> Any:  # fmt: skip
    """Run ``function(*args, **kwargs)`` without keeping its activations; the backward pass
    recomputes them (see the module docstring)."""
    if use_reentrant is None:
        warnings.warn(
            "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. "
            "Starting in PyTorch 2.9, calling checkpoint without use_reentrant will raise an "
            "exception. use_reentrant=False is recommended, but if you need to preserve the "
            "current default behavior, you can pass use_reentrant=True. Refer to docs for "
            "more details on the differences between the two variants.",
            stacklevel=2,
        )
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if use_reentrant:
        if kwargs:
            raise ValueError("Unexpected keyword arguments: " + ",".join(kwargs))
        if context_fn is not None or debug:
            raise ValueError("Passing `context_fn` or `debug` is only supported when "
                             "use_reentrant=False.")  # fmt: skip
    return _checkpointed(function, args, kwargs, preserve, use_reentrant)


def checkpoint_sequential(functions: Any, segments: int, input: Any,
                          use_reentrant: bool | None = None, **kwargs: Any) -> Any:  # fmt: skip
    """Run a sequence of modules in ``segments`` checkpointed segments (the last one runs
    normally), as torch does."""
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(kwargs))
    if hasattr(functions, "children") and not isinstance(functions, list | tuple):
        functions = list(functions.children())

    def run(start: int, end: int) -> Callable[[Any], Any]:
        def forward(value: Any) -> Any:
            for j in range(start, end + 1):
                value = functions[j](value)
            return value

        return forward

    size = len(functions) // segments
    end = -1
    for start in range(0, size * (segments - 1), size):
        end = start + size - 1
        input = checkpoint(run(start, end), input, use_reentrant=use_reentrant,
                           preserve_rng_state=preserve)  # fmt: skip
    return run(end + 1, len(functions) - 1)(input)
