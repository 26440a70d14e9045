"""torch.optim.Optimizer: param groups, per-parameter state, zero_grad and state_dict in
torch's format. Steps run under no_grad on native arrays, with torch's single-tensor
update formulas (same order of operations, so values match torch to float32 rounding);
a parameter updated by a step stays the same leaf (core.autodiff.retrack)."""

from __future__ import annotations

import copy
import functools
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import core
from core import autodiff as _ad
from core import native as ops
from frontends.torch._tensor import Tensor, to_native

__all__ = ["Optimizer", "required"]


class _RequiredParameter:
    def __repr__(self) -> str:
        return "<required parameter>"


required = _RequiredParameter()


def _use_grad(step: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(step)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with _ad.no_grad():
            return step(self, *args, **kwargs)

    return wrapper


class Optimizer:
    """Base of every optimizer: ``param_groups``, ``state``, ``zero_grad``, ``step``,
    ``add_param_group``, ``state_dict``/``load_state_dict`` (torch's layout: state keyed
    by the parameter's index over the groups, groups listing indices)."""

    def __init__(self, params: Any, defaults: dict[str, Any]) -> None:
        self.defaults = defaults
        self.state: defaultdict[Tensor, dict[str, Any]] = defaultdict(dict)
        self.param_groups: list[dict[str, Any]] = []
        if isinstance(params, Tensor):
            raise TypeError(
                "params argument given to the optimizer should be an iterable of Tensors or "
                f"dicts, but got {type(params).__name__}"
            )
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for group in param_groups:
            self.add_param_group(group)

    def __getstate__(self) -> dict[str, Any]:
        return {"defaults": self.defaults, "state": self.state, "param_groups": self.param_groups}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __repr__(self) -> str:
        lines = [self.__class__.__name__ + " ("]
        for i, group in enumerate(self.param_groups):
            lines.append(f"Parameter Group {i}")
            for key in sorted(group):
                if key != "params":
                    lines.append(f"    {key}: {group[key]}")
        lines.append(")")
        return "\n".join(lines)

    def add_param_group(self, param_group: dict[str, Any]) -> None:
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group).__name__}")
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError(
                "optimizer parameters need to be organized in ordered collections, but the "
                "ordering of tensors in sets will change between runs. Please use a list "
                "instead."
            )
        else:
            param_group["params"] = list(params)
        for param in param_group["params"]:
            if not isinstance(param, Tensor):
                raise TypeError(
                    "optimizer can only optimize Tensors, but one of the params is "
                    + type(param).__name__
                )
            if not self.defaults.get("differentiable", None) and not param.is_leaf:
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(
                    f"parameter group didn't specify a value of required optimization "
                    f"parameter {name}"
                )
            param_group.setdefault(name, default)
        params = param_group["params"]
        if len({id(p) for p in params}) != len(params):
            import warnings

            warnings.warn(
                "optimizer contains a parameter group with duplicate parameters; in future, "
                "this will cause an error; see github.com/pytorch/pytorch/issues/40967 for "
                "more information",
                stacklevel=3,
            )
        seen = {id(p) for group in self.param_groups for p in group["params"]}
        if seen & {id(p) for p in params}:
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none: bool = True) -> None:
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        p.grad = Tensor._from_native(
                            ops.zeros(tuple(p.grad.shape), dtype=p.grad.dtype.core_dtype)
                        )

    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        raise NotImplementedError

    # ------------------------------------------------------------------ state dicts
    def state_dict(self) -> dict[str, Any]:
        index: dict[int, int] = {}
        start = 0

        def pack(group: dict[str, Any]) -> dict[str, Any]:
            nonlocal start
            packed = {k: v for k, v in group.items() if k != "params"}
            for offset, p in enumerate(group["params"], start):
                index.setdefault(id(p), offset)
            packed["params"] = [index[id(p)] for p in group["params"]]
            start += len(packed["params"])
            return packed

        groups = [pack(g) for g in self.param_groups]
        state = {index[id(p)]: v for p, v in self.state.items() if id(p) in index}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Load a state dict of this frontend or of real torch (its tensors are converted)."""
        state_dict = {"state": state_dict["state"], "param_groups": state_dict["param_groups"]}
        groups = self.param_groups
        saved_groups = copy.deepcopy(state_dict["param_groups"])
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        param_lens = (len(g["params"]) for g in groups)
        saved_lens = (len(g["params"]) for g in saved_groups)
        if any(p_len != s_len for p_len, s_len in zip(param_lens, saved_lens)):
            raise ValueError(
                "loaded state dict contains a parameter group that doesn't match the size of "
                "optimizer's group"
            )
        id_map = {}
        for group, saved in zip(groups, saved_groups):
            for old, p in zip(saved["params"], group["params"]):
                id_map[old] = p
        state: defaultdict[Tensor, dict[str, Any]] = defaultdict(dict)
        for key, value in state_dict["state"].items():
            if key in id_map:
                param = id_map[key]
                state[param] = {k: _cast(param, v, k) for k, v in value.items()}
        new_groups = []
        for group, saved in zip(groups, saved_groups):
            saved["params"] = group["params"]
            new_groups.append(saved)
        self.state = state
        self.param_groups = new_groups

    # ------------------------------------------------------------------ helpers
    def _params_with_grad(self, group: dict[str, Any]) -> list[Tensor]:
        params = []
        for p in group["params"]:
            if p.grad is not None:
                params.append(p)
        return params


def _cast(param: Tensor, value: Any, key: str) -> Any:
    """A loaded state value as a frontend tensor (``step`` keeps its dtype, the rest take
    the parameter's floating dtype, as torch)."""
    if isinstance(value, Tensor) or _is_foreign_tensor(value):
        native = to_native(value) if isinstance(value, Tensor) else _from_foreign(value)
        tensor = Tensor._from_native(native)
        if key != "step" and param.is_floating_point() and tensor.is_floating_point():
            tensor = Tensor._from_native(ops.astype(tensor.native, param.dtype.core_dtype))
        return tensor
    if isinstance(value, dict):
        return {k: _cast(param, v, k) for k, v in value.items()}
    return value


def _is_foreign_tensor(value: Any) -> bool:
    return hasattr(value, "detach") and hasattr(value, "numpy") and hasattr(value, "shape")


def _from_foreign(value: Any) -> Any:
    native_types = core.current_backend().native_array_types
    if isinstance(value, native_types):  # real torch updates its state in place: a copy
        return value.detach().clone()
    return ops.asarray(value.detach().cpu().numpy().copy())


# ---------------------------------------------------------------------------------------
# native update helpers, with torch's kernels' order of operations
# ---------------------------------------------------------------------------------------
def add(x: Any, y: Any, alpha: float = 1) -> Any:
    """``x + alpha * y`` (torch's add with alpha)."""
    if alpha == 1:
        return ops.add(x, y)
    return ops.add(x, ops.multiply(alpha, y))


def set_value(tensor: Tensor, value: Any) -> None:
    """Write ``value`` into a parameter or a state tensor in place."""
    if tensor._root is None:
        tensor._set_leaf_value(value)
    else:
        tensor._assign(value)


def zeros_like(p: Tensor) -> Tensor:
    return Tensor._from_native(ops.zeros(tuple(p.shape), dtype=p.dtype.core_dtype))


def step_tensor(value: float = 0.0) -> Tensor:
    return Tensor._from_native(ops.asarray(value, dtype=core.float32))


def increment(state: dict[str, Any]) -> float:
    """``state['step'] += 1``; the new step as a Python float (torch reads it so too).
    Inside torch.compile a 0-d float32 array instead (a traced step has no host value; as
    torch's capturable optimizers, the bias corrections are then computed in float32)."""
    step = state["step"]
    if isinstance(step, Tensor):
        from frontends.torch._compile import is_compiling

        if is_compiling():
            value = ops.add(step.native, 1.0)
            state["step"] = Tensor._from_native(value)
            return value
    value = float(step.item()) + 1 if isinstance(step, Tensor) else float(step) + 1
    state["step"] = step_tensor(value)
    return value


def grad_of(p: Tensor, maximize: bool) -> Any:
    g = p.grad.native
    return ops.negative(g) if maximize else g


def weight_decay(param: Any, g: Any, lr: float, wd: float, decoupled: bool) -> tuple[Any, Any]:
    """(param, grad) after weight decay: shrink the parameter (AdamW's decoupled form) or
    add ``wd * param`` to the gradient (L2, Adam's)."""
    if wd == 0:
        return param, g
    if decoupled:
        return ops.multiply(param, 1 - lr * wd), g
    return param, add(g, param, wd)


def donatable(tensor: Tensor) -> bool:
    """Whether ``tensor``'s value can be updated in its own memory without anyone seeing
    it happen: a root tensor whose native array nothing else reaches (no graph saved it, no
    view, no ``.numpy()``, not borrowed from numpy; ``core``'s ``exclusive``). Then an
    optimizer writes into it as torch's does, instead of allocating the parameter-sized
    result anew each step (most of a large model's step time)."""
    return tensor._root is None and core.current_backend().exclusive(tensor._value)


def update_moments(state: dict[str, Any], g: Any, beta1: float, beta2: float) -> tuple[Any, Any]:
    """Adam's first and second moment estimates, updated in ``state`` and returned."""
    first, second = state["exp_avg"], state["exp_avg_sq"]
    donate = donatable(first) and donatable(second)  # before the arguments hold references
    exp_avg, exp_avg_sq = ops.nn.adam_moments(
        first.native, second.native, g, beta1, beta2, donate=donate
    )
    set_value(first, exp_avg)
    set_value(second, exp_avg_sq)
    return exp_avg, exp_avg_sq
