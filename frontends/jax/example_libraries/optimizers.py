"""``jax.example_libraries.optimizers``: optimizers as ``(init_fun, update_fun, get_params)``
triples over pytrees of parameters, and step-size schedules.

Each optimizer is written for one array (``opt_maker`` returns functions of a leaf and its
state) and lifted to pytrees by :func:`optimizer`, as JAX does; the state is an
:class:`OptimizerState` (a pytree, so it passes through ``jax.jit``). The update formulas
are JAX's, term for term, so float rounding matches it.
"""

from __future__ import annotations

import functools
from collections import namedtuple
from collections.abc import Callable
from typing import Any

from frontends.jax import numpy as jnp
from frontends.jax import tree_util

__all__ = [
    "OptimizerState", "optimizer", "sgd", "momentum", "nesterov", "adagrad", "rmsprop",
    "rmsprop_momentum", "adam", "adamax", "sm3", "constant", "exponential_decay",
    "inverse_time_decay", "polynomial_decay", "piecewise_constant", "make_schedule",
    "l2_norm", "clip_grads", "JoinPoint", "unpack_optimizer_state", "pack_optimizer_state",
]  # fmt: skip

Schedule = Callable[[Any], Any]

OptimizerState = namedtuple("OptimizerState", ["packed_state", "tree_def", "subtree_defs"])
tree_util.register_pytree_node(
    OptimizerState,
    lambda state: ((state.packed_state,), (state.tree_def, state.subtree_defs)),
    lambda data, children: OptimizerState(children[0], data[0], data[1]),
)


def _unzip2(pairs: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    firsts, seconds = [], []
    for a, b in pairs:
        firsts.append(a)
        seconds.append(b)
    return tuple(firsts), tuple(seconds)


def optimizer(opt_maker: Callable[..., tuple[Callable, Callable, Callable]]) -> Callable[..., Any]:
    """Lift an optimizer written for one array to pytrees of arrays."""

    @functools.wraps(opt_maker)
    def tree_opt_maker(*args: Any, **kwargs: Any) -> tuple[Callable, Callable, Callable]:
        init, update, get_params = opt_maker(*args, **kwargs)

        @functools.wraps(init)
        def tree_init(x0_tree: Any) -> OptimizerState:
            x0_flat, tree = tree_util.tree_flatten(x0_tree)
            initial_states = [init(x0) for x0 in x0_flat]
            states_flat, subtrees = _unzip2(map(tree_util.tree_flatten, initial_states))
            return OptimizerState(states_flat, tree, subtrees)

        @functools.wraps(update)
        def tree_update(i: Any, grad_tree: Any, opt_state: OptimizerState) -> OptimizerState:
            states_flat, tree, subtrees = opt_state
            grad_flat, tree2 = tree_util.tree_flatten(grad_tree)
            if tree2 != tree:
                raise TypeError(
                    "optimizer update function was passed a gradient tree that did not match "
                    f"the parameter tree structure with which it was initialized: parameter "
                    f"tree {tree} and grad tree {tree2}."
                )
            states = map(tree_util.tree_unflatten, subtrees, states_flat)
            new_states = map(functools.partial(update, i), grad_flat, states)
            new_states_flat, subtrees2 = _unzip2(map(tree_util.tree_flatten, new_states))
            for subtree, subtree2 in zip(subtrees, subtrees2):
                if subtree2 != subtree:
                    raise TypeError(
                        "optimizer update function produced an output structure that did not "
                        f"match its input structure: input {subtree} and output {subtree2}."
                    )
            return OptimizerState(new_states_flat, tree, subtrees)

        @functools.wraps(get_params)
        def tree_get_params(opt_state: OptimizerState) -> Any:
            states_flat, tree, subtrees = opt_state
            states = map(tree_util.tree_unflatten, subtrees, states_flat)
            return tree_util.tree_unflatten(tree, map(get_params, states))

        return tree_init, tree_update, tree_get_params

    return tree_opt_maker


def _identity(x: Any) -> Any:
    return x


@optimizer
def sgd(step_size: float | Schedule) -> tuple[Callable, Callable, Callable]:
    """``x - step_size(i) * g``."""
    step_size = make_schedule(step_size)

    def update(i: Any, g: Any, x: Any) -> Any:
        return x - step_size(i) * g

    return _identity, update, _identity


@optimizer
def momentum(step_size: float | Schedule, mass: float) -> tuple[Callable, Callable, Callable]:
    """Heavy-ball momentum: ``v = mass * v + g; x -= step_size(i) * v``."""
    step_size = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, velocity = state
        velocity = mass * velocity + g
        return x - step_size(i) * velocity, velocity

    def get_params(state: Any) -> Any:
        return state[0]

    return init, update, get_params


@optimizer
def nesterov(step_size: float | Schedule, mass: float) -> tuple[Callable, Callable, Callable]:
    """Nesterov momentum: ``v = mass * v + g; x -= step_size(i) * (mass * v + g)``."""
    step_size = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, velocity = state
        velocity = mass * velocity + g
        return x - step_size(i) * (mass * velocity + g), velocity

    def get_params(state: Any) -> Any:
        return state[0]

    return init, update, get_params


@optimizer
def adagrad(
    step_size: float | Schedule, momentum: float = 0.9
) -> tuple[Callable, Callable, Callable]:
    """Adagrad with momentum on the normalised gradient."""
    step_size = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0), jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, g_sq, m = state
        g_sq = g_sq + jnp.square(g)
        g_sq_inv_sqrt = jnp.where(g_sq > 0, 1.0 / jnp.sqrt(g_sq), 0.0)
        m = (1.0 - momentum) * (g * g_sq_inv_sqrt) + momentum * m
        return x - step_size(i) * m, g_sq, m

    def get_params(state: Any) -> Any:
        return state[0]

    return init, update, get_params


@optimizer
def rmsprop(step_size: float | Schedule, gamma: float = 0.9,
            eps: float = 1e-8) -> tuple[Callable, Callable, Callable]:  # fmt: skip
    """``avg = gamma * avg + (1 - gamma) * g**2; x -= step_size(i) * g / sqrt(avg + eps)``."""
    step_size = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, avg_sq_grad = state
        avg_sq_grad = avg_sq_grad * gamma + jnp.square(g) * (1.0 - gamma)
        return x - step_size(i) * g / jnp.sqrt(avg_sq_grad + eps), avg_sq_grad

    def get_params(state: Any) -> Any:
        return state[0]

    return init, update, get_params


@optimizer
def rmsprop_momentum(step_size: float | Schedule, gamma: float = 0.9, eps: float = 1e-8,
                     momentum: float = 0.9) -> tuple[Callable, Callable, Callable]:  # fmt: skip
    """RMSProp whose scaled steps accumulate in a momentum buffer."""
    step_size = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0), jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, avg_sq_grad, mom = state
        avg_sq_grad = avg_sq_grad * gamma + jnp.square(g) * (1.0 - gamma)
        mom = momentum * mom + step_size(i) * g / jnp.sqrt(avg_sq_grad + eps)
        return x - mom, avg_sq_grad, mom

    def get_params(state: Any) -> Any:
        return state[0]

    return init, update, get_params


@optimizer
def adam(step_size: float | Schedule, b1: float = 0.9, b2: float = 0.999,
         eps: float = 1e-8) -> tuple[Callable, Callable, Callable]:  # fmt: skip
    """Adam with bias-corrected moments (``eps`` added outside the square root)."""
    step_size = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0), jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, m, v = state
        m = (1 - b1) * g + b1 * m
        v = (1 - b2) * jnp.square(g) + b2 * v
        mhat = m / (1 - jnp.asarray(b1, m.dtype) ** (i + 1))
        vhat = v / (1 - jnp.asarray(b2, m.dtype) ** (i + 1))
        return x - step_size(i) * mhat / (jnp.sqrt(vhat) + eps), m, v

    def get_params(state: Any) -> Any:
        return state[0]

    return init, update, get_params


@optimizer
def adamax(step_size: float | Schedule, b1: float = 0.9, b2: float = 0.999,
           eps: float = 1e-8) -> tuple[Callable, Callable, Callable]:  # fmt: skip
    """Adamax: the infinity-norm variant of Adam."""
    step_size = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0), jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, m, u = state
        m = (1 - b1) * g + b1 * m
        u = jnp.maximum(b2 * u, jnp.abs(g))
        x = x - (step_size(i) / (1 - jnp.asarray(b1, m.dtype) ** (i + 1))) * m / (u + eps)
        return x, m, u

    def get_params(state: Any) -> Any:
        return state[0]

    return init, update, get_params


@optimizer
def sm3(step_size: float | Schedule, momentum: float = 0.9) -> tuple[Callable, Callable, Callable]:
    """SM3: one accumulator per axis (the minimum over them bounds each entry's)."""
    step_size = make_schedule(step_size)

    def along(ndim: int, v: Any, axis: int) -> Any:
        index = [None] * ndim
        index[axis] = slice(None)
        return v[tuple(index)]

    def init(x0: Any) -> Any:
        shape = x0.shape
        x0 = jnp.atleast_1d(x0)
        return x0, jnp.zeros_like(x0), [jnp.zeros(n, dtype=x0.dtype) for n in x0.shape], shape

    def update(i: Any, g: Any, state: Any) -> Any:
        x, m, vs, shape = state
        vs = [along(g.ndim, v, axis) for axis, v in enumerate(vs)]
        accum = functools.reduce(jnp.minimum, vs) + jnp.square(g)
        accum_inv_sqrt = jnp.where(accum > 0, 1.0 / jnp.sqrt(accum), 0)
        m = (1.0 - momentum) * (g * accum_inv_sqrt) + momentum * m
        x = x - step_size(i) * m
        axes = range(x.ndim)
        vs = [accum.max(tuple(a for a in axes if a != j)) for j in axes]
        return x, m, vs, shape

    def get_params(state: Any) -> Any:
        return state[0].reshape(state[3])

    return init, update, get_params


# ----------------------------------------------------------------------- schedules
def constant(step_size: float) -> Schedule:
    def schedule(i: Any) -> float:
        return step_size

    return schedule


def exponential_decay(step_size: float, decay_steps: float, decay_rate: float) -> Schedule:
    def schedule(i: Any) -> Any:
        return step_size * decay_rate ** (i / decay_steps)

    return schedule


def inverse_time_decay(step_size: float, decay_steps: float, decay_rate: float,
                       staircase: bool = False) -> Schedule:  # fmt: skip
    if staircase:

        def schedule(i: Any) -> Any:
            return step_size / (1 + decay_rate * jnp.floor(i / decay_steps))

    else:

        def schedule(i: Any) -> Any:
            return step_size / (1 + decay_rate * i / decay_steps)

    return schedule


def polynomial_decay(step_size: float, decay_steps: int, final_step_size: float,
                     power: float = 1.0) -> Schedule:  # fmt: skip
    def schedule(step_num: Any) -> Any:
        step_num = jnp.minimum(step_num, decay_steps)
        step_mult = (1 - step_num / decay_steps) ** power
        return step_mult * (step_size - final_step_size) + final_step_size

    return schedule


def piecewise_constant(boundaries: Any, values: Any) -> Schedule:
    boundaries = jnp.array(boundaries)
    values = jnp.array(values)
    if not boundaries.ndim == values.ndim == 1:
        raise ValueError("boundaries and values must be sequences")
    if not boundaries.shape[0] == values.shape[0] - 1:
        raise ValueError("boundaries length must be one shorter than values length")

    def schedule(i: Any) -> Any:
        return values[jnp.sum(i > boundaries)]

    return schedule


def make_schedule(scalar_or_schedule: float | Schedule) -> Schedule:
    if callable(scalar_or_schedule):
        return scalar_or_schedule
    if jnp.ndim(scalar_or_schedule) == 0:
        return constant(scalar_or_schedule)
    raise TypeError(type(scalar_or_schedule))


# ----------------------------------------------------------------------- utilities
def l2_norm(tree: Any) -> Any:
    """The l2 norm of all the leaves of ``tree`` together."""
    leaves = tree_util.tree_leaves(tree)
    return jnp.sqrt(sum(jnp.vdot(x, x) for x in leaves))


def clip_grads(grad_tree: Any, max_norm: float) -> Any:
    """Scale ``grad_tree`` so that its l2 norm is at most ``max_norm``."""
    norm = l2_norm(grad_tree)

    def normalize(g: Any) -> Any:
        return jnp.where(norm < max_norm, g, g * (max_norm / norm))

    return tree_util.tree_map(normalize, grad_tree)


class JoinPoint:
    """Marks the boundary between two joined (nested) pytrees."""

    def __init__(self, subtree: Any) -> None:
        self.subtree = subtree

    def __iter__(self) -> Any:
        yield self.subtree


def unpack_optimizer_state(opt_state: OptimizerState) -> Any:
    """An :class:`OptimizerState` as a pytree whose leaves are :class:`JoinPoint`\\ s."""
    states_flat, tree_def, subtree_defs = opt_state
    subtrees = map(tree_util.tree_unflatten, subtree_defs, states_flat)
    return tree_util.tree_unflatten(tree_def, [JoinPoint(s) for s in subtrees])


def pack_optimizer_state(marked_pytree: Any) -> OptimizerState:
    """The inverse of :func:`unpack_optimizer_state`."""
    sentinels, tree_def = tree_util.tree_flatten(marked_pytree)
    if not all(isinstance(s, JoinPoint) for s in sentinels):
        raise TypeError("pack_optimizer_state expects a pytree of JoinPoint leaves")
    states_flat, subtree_defs = _unzip2(map(tree_util.tree_flatten, [s.subtree for s in sentinels]))
    return OptimizerState(states_flat, tree_def, subtree_defs)
