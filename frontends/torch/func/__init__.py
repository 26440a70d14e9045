"""torch.func: function transforms (grad, vjp, jacrev, jacfwd, hessian, jvp, vmap) and
functional_call, on core.autodiff.

Differences from torch, and why:

* Transforms run core's reverse-mode engine on frontend tensors: ``grad``/``vjp`` make the
  chosen inputs fresh autograd leaves (or, nested inside another transform, aliases that
  stay connected to it, so ``grad(grad(f))`` works), run the function eagerly and take one
  backward pass. ``jacfwd`` and ``jvp`` are computed with reverse passes too (same values;
  core has no forward mode), one per output element.
* ``vmap`` is real ``jax.vmap`` over the native arrays on the jax backend (the function runs
  once, on batch tracers); elsewhere, and on jax when the function cannot run under
  ``jax.vmap`` (a host read of a batched value, a data-dependent shape), it calls the
  function once per index of the mapped dimension and stacks the results.
  ``randomness="different"`` draws per call in the loop; ``"error"`` is not enforced.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import core
from core import native as ops
from frontends.torch._tensor import Tensor
from frontends.torch.func._tree import tree_flatten, tree_unflatten

__all__ = [
    "functional_call",
    "grad",
    "grad_and_value",
    "hessian",
    "jacfwd",
    "jacrev",
    "jvp",
    "stack_module_state",
    "vjp",
    "vmap",
]


# ---------------------------------------------------------------------------------------
# functional_call
# ---------------------------------------------------------------------------------------


def _owner(module: Any, name: str) -> tuple[Any, str]:
    *path, leaf = name.split(".")
    for part in path:
        module = getattr(module, part)
    return module, leaf


@contextlib.contextmanager
def _swapped(module: Any, tensors: dict[str, Any], tie_weights: bool, strict: bool) -> Iterator:
    """The module with the named parameters/buffers replaced by ``tensors`` (tied names
    follow the name given), restored on exit."""
    params = dict(module.named_parameters(remove_duplicate=False))
    buffers = dict(module.named_buffers(remove_duplicate=False))
    known = {**params, **buffers}
    unexpected = [name for name in tensors if name not in known]
    missing = [name for name in known if name not in tensors]
    if strict and (unexpected or missing):
        parts = []
        if unexpected:
            parts.append(f"Unexpected key(s): {', '.join(map(repr, unexpected))}.")
        if missing:
            parts.append(f"Missing key(s): {', '.join(map(repr, missing))}.")
        raise RuntimeError(
            f"Error(s) in reparametrizing for {type(module).__name__}:\n\t" + "\n\t".join(parts)
        )
    if unexpected:
        raise AttributeError(
            f"{type(module).__name__} has no parameter or buffer {unexpected[0]!r}"
        )
    replace = dict(tensors)
    if tie_weights:
        by_object: dict[int, Any] = {}
        for name, value in tensors.items():
            by_object.setdefault(id(known[name]), value)
        for name, original in known.items():
            if name not in replace and id(original) in by_object:
                replace[name] = by_object[id(original)]
    saved = []
    try:
        for name, value in replace.items():
            owner, leaf = _owner(module, name)
            table = owner._parameters if name in params else owner._buffers
            saved.append((table, leaf, table[leaf]))
            table[leaf] = value
        yield module
    finally:
        for table, leaf, value in reversed(saved):
            table[leaf] = value


def functional_call(
    module: Any,
    parameter_and_buffer_dicts: dict[str, Any] | Sequence[dict[str, Any]],
    args: Any = None,
    kwargs: dict[str, Any] | None = None,
    *,
    tie_weights: bool = True,
    strict: bool = False,
) -> Any:
    """Call ``module`` with its parameters and buffers replaced by the given tensors."""
    if isinstance(parameter_and_buffer_dicts, dict):
        tensors = dict(parameter_and_buffer_dicts)
    else:
        tensors = {}
        for mapping in parameter_and_buffer_dicts:
            overlap = set(tensors) & set(mapping)
            if overlap:
                raise ValueError(
                    f"{sorted(overlap)[0]} appeared in multiple dictionaries; behavior of "
                    "functional call is ambiguous"
                )
            tensors.update(mapping)
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    with _swapped(module, tensors, tie_weights, strict):
        return module(*args, **(kwargs or {}))


def stack_module_state(models: Sequence[Any]) -> tuple[dict[str, Tensor], dict[str, Tensor]]:
    """The parameters and buffers of same-structured ``models`` stacked along a new first
    dimension (parameters as new leaves requiring grad), for ``vmap`` over ensembles."""
    from frontends import torch

    if not models:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    params = {
        name: torch.stack([dict(m.named_parameters())[name].detach() for m in models])
        for name, _ in models[0].named_parameters()
    }
    for value in params.values():
        value.requires_grad_()
    buffers = {
        name: torch.stack([dict(m.named_buffers())[name] for m in models])
        for name, _ in models[0].named_buffers()
    }
    return params, buffers


# ---------------------------------------------------------------------------------------
# reverse mode
# ---------------------------------------------------------------------------------------


def _prepare(tensor: Any) -> Tensor:
    """An input of a transform: a fresh leaf, or (inside an outer transform) an alias that
    stays connected to the outer graph."""
    if not isinstance(tensor, Tensor):
        raise RuntimeError(
            f"torch.func: expected the differentiated inputs to be Tensors, got "
            f"{type(tensor).__name__}"
        )
    if tensor.requires_grad:
        return tensor.view_as(tensor)
    return tensor.detach().requires_grad_()


def _argnums(argnums: int | tuple[int, ...], count: int) -> tuple[int, ...]:
    numbers = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    if not numbers:
        raise RuntimeError("argnums must be non-empty")
    for number in numbers:
        if not -count <= number < count:
            raise RuntimeError(f"Got argnums={number} but only {count} positional inputs")
    return tuple(n % count for n in numbers)


class _Traced:
    """One run of ``func`` with the inputs at ``argnums`` prepared for differentiation."""

    def __init__(
        self, func: Callable, args: tuple, kwargs: dict, argnums: Any, has_aux: bool
    ) -> None:
        self.single = isinstance(argnums, int)
        self.numbers = _argnums(argnums, len(args))
        chosen = tuple(args[n] for n in self.numbers)
        leaves, self.in_tree = tree_flatten(chosen)
        self.nested = any(isinstance(x, Tensor) and x.requires_grad for x in leaves)
        self.inputs = [_prepare(x) for x in leaves]
        prepared = tree_unflatten(self.in_tree, self.inputs)
        full = list(args)
        for number, value in zip(self.numbers, prepared):
            full[number] = value
        from frontends.torch.autograd.grad_mode import enable_grad

        with enable_grad():
            result = func(*full, **kwargs)
        if has_aux:
            if not (isinstance(result, tuple) and len(result) == 2):
                raise RuntimeError(
                    "torch.func: output of function with has_aux=True should be a tuple of "
                    "(output, aux)"
                )
            result, self.aux = result
        else:
            self.aux = None
        self.output = result
        self.out_leaves, self.out_tree = tree_flatten(result)
        for leaf in self.out_leaves:
            if not isinstance(leaf, Tensor):
                raise RuntimeError(
                    f"torch.func: expected the function's outputs to be Tensors, got "
                    f"{type(leaf).__name__}"
                )

    def pullback(self, cotangents: Sequence[Any]) -> list[Tensor]:
        """The cotangent of each input leaf for these output cotangents."""
        from frontends.torch.autograd import grad as autograd_grad

        pairs = [
            (out, cot)
            for out, cot in zip(self.out_leaves, cotangents)
            if out.requires_grad and cot is not None
        ]
        if not pairs:
            return [_zeros_like(x) for x in self.inputs]
        grads = autograd_grad(
            [o for o, _ in pairs], self.inputs, [c for _, c in pairs], retain_graph=True,
            create_graph=self.nested, allow_unused=True, materialize_grads=True,
        )  # fmt: skip
        return [g if self.nested else g.detach() for g in grads]

    def structured(self, leaves: Sequence[Any]) -> Any:
        """Input-leaf values in the shape of the chosen arguments (unwrapped for an int
        ``argnums``)."""
        tree = tree_unflatten(self.in_tree, list(leaves))
        return tree[0] if self.single else tree

    def finish(self, value: Any) -> Any:
        if self.nested:
            return value
        leaves, tree = tree_flatten(value)
        return tree_unflatten(tree, [x.detach() if isinstance(x, Tensor) else x for x in leaves])


def _zeros_like(tensor: Tensor) -> Tensor:
    return Tensor._from_native(ops.zeros(tuple(tensor.shape), dtype=tensor.dtype.core_dtype))


def _ones_like(tensor: Tensor) -> Tensor:
    return Tensor._from_native(ops.ones(tuple(tensor.shape), dtype=tensor.dtype.core_dtype))


def grad_and_value(
    func: Callable, argnums: int | tuple[int, ...] = 0, has_aux: bool = False
) -> Callable:
    """``(gradient, value)`` of a function returning one scalar tensor (``(gradient,
    (value, aux))`` with ``has_aux``)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        traced = _Traced(func, args, kwargs, argnums, has_aux)
        output = traced.output
        if not isinstance(output, Tensor):
            raise RuntimeError(
                f"grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got "
                f"{type(output)}"
            )
        if output.dim() != 0:
            raise RuntimeError(
                "grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got "
                f"tensor with {output.dim()} dims. Maybe you wanted to use the vjp or jacrev "
                "APIs instead?"
            )
        grads = traced.structured(traced.pullback([_ones_like(output)]))
        value = traced.finish(output)
        if has_aux:
            return grads, (value, traced.finish(traced.aux))
        return grads, value

    return wrapper


def grad(func: Callable, argnums: int | tuple[int, ...] = 0, has_aux: bool = False) -> Callable:
    """The gradient of a function returning one scalar tensor with respect to the
    arguments ``argnums`` (pytrees of tensors); ``(gradient, aux)`` with ``has_aux``."""
    both = grad_and_value(func, argnums, has_aux)

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        grads, value = both(*args, **kwargs)
        return (grads, value[1]) if has_aux else grads

    return wrapper


def vjp(func: Callable, *primals: Any, has_aux: bool = False) -> tuple[Any, ...]:
    """``(func(*primals), vjp_fn)`` (and ``aux``): ``vjp_fn(cotangents)`` gives a tuple with
    the cotangent of each primal (pytrees as the primals)."""
    traced = _Traced(func, primals, {}, tuple(range(len(primals))), has_aux)

    def vjp_fn(*cotangents: Any) -> tuple[Any, ...]:
        tree = cotangents[0] if len(cotangents) == 1 else cotangents
        leaves, _ = tree_flatten(tree)
        if len(leaves) != len(traced.out_leaves):
            raise RuntimeError(
                f"Expected pytree structure of cotangents to be the same as pytree structure "
                f"of outputs to the function: {len(leaves)} leaves given, "
                f"{len(traced.out_leaves)} expected"
            )
        for leaf, out in zip(leaves, traced.out_leaves):
            if tuple(leaf.shape) != tuple(out.shape):
                raise RuntimeError(
                    f"Mismatch in shape: grad_output[0] has a shape of {leaf.shape} and "
                    f"output[0] has a shape of {out.shape}."
                )
        return tuple(traced.structured(traced.pullback(leaves)))

    output = traced.finish(traced.output)
    if has_aux:
        return output, vjp_fn, traced.finish(traced.aux)
    return output, vjp_fn


def _jacobian(func: Callable, argnums: Any, has_aux: bool, name: str) -> Callable:
    from frontends import torch

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        traced = _Traced(func, args, kwargs, argnums, has_aux)
        per_output = []
        for k, out in enumerate(traced.out_leaves):
            n = out.numel()
            rows: list[list[Tensor]] = [[] for _ in traced.inputs]
            for index in range(n):
                onehot = ops.reshape(
                    ops.nn.one_hot(ops.asarray(index), n, dtype=out.dtype.core_dtype),
                    tuple(out.shape),
                )
                cots = [None] * len(traced.out_leaves)
                cots[k] = Tensor._from_native(onehot)
                for row, g in zip(rows, traced.pullback(cots)):
                    row.append(g)
            blocks = []
            for row, x in zip(rows, traced.inputs):
                shape = tuple(out.shape) + tuple(x.shape)
                if row:
                    blocks.append(torch.stack(row).reshape(shape))
                else:
                    blocks.append(torch.zeros(shape, dtype=x.dtype))
            per_output.append(traced.structured(blocks))
        jac = tree_unflatten(traced.out_tree, per_output)
        if has_aux:
            return jac, traced.finish(traced.aux)
        return jac

    wrapper.__name__ = name
    return wrapper


def jacrev(
    func: Callable,
    argnums: int | tuple[int, ...] = 0,
    *,
    has_aux: bool = False,
    chunk_size: int | None = None,
    _preallocate_and_copy: bool = False,
) -> Callable:
    """The Jacobian of ``func`` with respect to ``argnums``: for each output leaf, a tensor
    of shape ``output.shape + input.shape`` per input leaf (one reverse pass per output
    element)."""
    return _jacobian(func, argnums, has_aux, "jacrev")


def jacfwd(
    func: Callable,
    argnums: int | tuple[int, ...] = 0,
    has_aux: bool = False,
    *,
    randomness: str = "error",
) -> Callable:
    """The Jacobian, as :func:`jacrev` (computed with reverse passes: core has no forward
    mode; the values are the same)."""
    return _jacobian(func, argnums, has_aux, "jacfwd")


def hessian(func: Callable, argnums: int | tuple[int, ...] = 0) -> Callable:
    """The Hessian: the Jacobian of the Jacobian."""
    return jacfwd(jacrev(func, argnums), argnums)


def jvp(
    func: Callable,
    primals: Any,
    tangents: Any,
    *,
    strict: bool = False,
    has_aux: bool = False,
) -> tuple[Any, ...]:
    """``(func(*primals), J @ tangents)``, the product taken with the reverse-mode
    Jacobian (core has no forward mode)."""
    if not isinstance(primals, tuple) or not isinstance(tangents, tuple):
        raise RuntimeError("jvp(f, primals, tangents): Expected primals and tangents to be tuples")
    if len(primals) != len(tangents):
        raise RuntimeError(
            "jvp(f, primals, tangents): Expected primals and tangents to have the same length"
        )
    jac_and_aux = jacrev(func, tuple(range(len(primals))), has_aux=has_aux)(*primals)
    jac = jac_and_aux[0] if has_aux else jac_and_aux
    traced_out = func(*primals)
    output = traced_out[0] if has_aux else traced_out
    out_leaves, out_tree = tree_flatten(output)
    tan_leaves, _ = tree_flatten(tangents)
    jac_leaves, _ = tree_flatten(jac)
    per_out = len(tan_leaves)
    results = []
    for k, out in enumerate(out_leaves):
        total = None
        for j, tangent in enumerate(tan_leaves):
            block = jac_leaves[k * per_out + j]
            n_in = tangent.numel()
            term = (block.reshape(out.numel(), n_in) @ tangent.reshape(n_in)).reshape(out.shape)
            total = term if total is None else total + term
        results.append(total)
    tangent_out = tree_unflatten(out_tree, results)
    output = tree_unflatten(out_tree, [x.detach() for x in out_leaves])
    if has_aux:
        return output, tangent_out, jac_and_aux[1]
    return output, tangent_out


# ---------------------------------------------------------------------------------------
# vmap
# ---------------------------------------------------------------------------------------


def _dims(spec: Any, tree: Any, what: str) -> list[Any]:
    """``in_dims``/``out_dims`` broadcast to one entry per leaf of ``tree``."""
    leaves, _ = tree_flatten(tree)
    if spec is None or isinstance(spec, int):
        return [spec] * len(leaves)
    spec_leaves: list[Any] = []

    def expand(s: Any, t: Any) -> None:
        if s is None or isinstance(s, int):
            spec_leaves.extend([s] * len(tree_flatten(t)[0]))
            return
        if isinstance(s, (tuple, list)) and isinstance(t, (tuple, list)) and len(s) == len(t):
            for a, b in zip(s, t):
                expand(a, b)
            return
        if isinstance(s, dict) and isinstance(t, dict) and set(s) == set(t):
            for key in t:
                expand(s[key], t[key])
            return
        raise ValueError(
            f"vmap: {what}={spec!r} is not compatible with the structure of the inputs"
        )

    expand(spec, tree)
    return spec_leaves


def vmap(
    func: Callable,
    in_dims: Any = 0,
    out_dims: Any = 0,
    randomness: str = "error",
    *,
    chunk_size: int | None = None,
) -> Callable:
    """``func`` mapped over dimension ``in_dims`` of its inputs; results stacked along
    ``out_dims``."""
    if randomness not in ("error", "different", "same"):
        raise RuntimeError(
            f"Only allowed values for randomness are 'error', 'different', or 'same'. Got "
            f"{randomness}"
        )

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if isinstance(in_dims, tuple) and len(in_dims) != len(args):
            raise ValueError(
                f"vmap(f, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible with "
                f"the structure of `inputs`. in_dims has structure {len(in_dims)} but inputs "
                f"has {len(args)} elements"
            )
        leaves, treedef = tree_flatten(args)
        dims = _dims(in_dims if isinstance(in_dims, tuple) else (in_dims,) * len(args), args,
                     "in_dims")  # fmt: skip
        sizes = set()
        mapped = []
        for i, (leaf, dim) in enumerate(zip(leaves, dims)):
            if dim is None:
                continue
            if not isinstance(leaf, Tensor):
                raise ValueError(
                    f"vmap(f, in_dims={in_dims}, ...)(<inputs>): Got in_dim={dim} for an input "
                    f"but the input is of type {type(leaf)}. We cannot vmap over non-Tensor "
                    "arguments, please use None as the respective in_dim"
                )
            if not -leaf.dim() <= dim < max(leaf.dim(), 1) or leaf.dim() == 0:
                raise ValueError(
                    f"vmap(f, in_dims={in_dims}, ...)(<inputs>): Got in_dim={dim} for some "
                    f"input, but that input is a Tensor of dimensionality {leaf.dim()} so "
                    f"expected in_dim to satisfy -{leaf.dim()} <= in_dim < {leaf.dim()}."
                )
            dim %= leaf.dim()
            mapped.append((i, dim))
            sizes.add(leaf.shape[dim])
        if not mapped:
            raise ValueError(
                f"vmap(f, in_dims={in_dims}, ...)(<inputs>): vmap must have at least one "
                "non-None value in in_dims"
            )
        if len(sizes) != 1:
            raise ValueError(
                "vmap: Expected all tensors to have the same size in the mapped dimension, "
                f"got sizes {sorted(sizes)} for the mapped dimension"
            )
        (size,) = sizes
        call = _vmap_jax if core.current_backend().name == "jax" else None
        if call is not None:
            result = call(func, leaves, treedef, mapped, kwargs, out_dims)
            if result is not _FAILED:
                return result
        return _vmap_loop(func, leaves, treedef, mapped, size, kwargs, out_dims)

    return wrapper


_FAILED = object()


def _place(outputs: Any, out_dims: Any) -> Any:
    """Outputs batched along dimension 0 moved to ``out_dims``."""
    leaves, tree = tree_flatten(outputs)
    dims = _dims(out_dims, outputs, "out_dims")
    placed = []
    for leaf, dim in zip(leaves, dims):
        if dim is None:
            placed.append(leaf[0])
        elif dim in (0, -leaf.dim()):
            placed.append(leaf)
        else:
            placed.append(leaf.movedim(0, dim))
    return tree_unflatten(tree, placed)


def _vmap_loop(
    func: Callable, leaves: list, treedef: Any, mapped: list, size: int, kwargs: dict,
    out_dims: Any,
) -> Any:  # fmt: skip
    from frontends import torch

    results = []
    for index in range(size):
        sliced = list(leaves)
        for i, dim in mapped:
            sliced[i] = leaves[i].select(dim, index)
        results.append(func(*tree_unflatten(treedef, sliced), **kwargs))
    out_leaves = [tree_flatten(r)[0] for r in results]
    _, out_tree = tree_flatten(results[0])
    for leaf in out_leaves[0]:
        if not isinstance(leaf, Tensor):
            raise ValueError(
                f"vmap: `{getattr(func, '__name__', 'func')}` must only return Tensors, got "
                f"type {type(leaf)}."
            )
    stacked = [torch.stack([r[k] for r in out_leaves]) for k in range(len(out_leaves[0]))]
    return _place(tree_unflatten(out_tree, stacked), out_dims)


def _vmap_jax(
    func: Callable, leaves: list, treedef: Any, mapped: list, kwargs: dict, out_dims: Any
) -> Any:
    """Real ``jax.vmap`` over the natives; :data:`_FAILED` when ``func`` cannot run under it
    (then the loop runs it), or when an input is tracked (autodiff through it stays on the
    loop, where each call records its own graph)."""
    import jax

    if any(isinstance(x, Tensor) and x.requires_grad for x in leaves):
        return _FAILED
    positions = [i for i, _ in mapped]
    natives = [leaves[i].native for i in positions]
    structure: list[Any] = []

    def flat(*batched: Any) -> list[Any]:
        inner = list(leaves)
        for i, native in zip(positions, batched):
            inner[i] = Tensor._from_native(native)
        out = func(*tree_unflatten(treedef, inner), **kwargs)
        out_leaves, out_tree = tree_flatten(out)
        structure.append(out_tree)
        if not all(isinstance(x, Tensor) for x in out_leaves):
            raise TypeError("vmap: outputs must be Tensors")
        return [x.native for x in out_leaves]

    try:
        outs = jax.vmap(flat, in_axes=tuple(d for _, d in mapped))(*natives)
    except Exception:
        return _FAILED
    wrapped = tree_unflatten(structure[-1], [Tensor._from_native(x) for x in outs])
    return _place(wrapped, out_dims)
