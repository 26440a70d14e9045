"""JAX's transformations (``grad``, ``vjp``, ``jvp``, ``jacfwd``/``jacrev``, ``hessian``,
``custom_vjp``/``custom_jvp``, ``jit``, ``vmap``) on core's one autodiff engine.

Differences from JAX, and why:

- Gradients come from :mod:`core.autodiff` (reverse mode). A transformation's primals are
  fresh copies tracked as leaves (values captured by closure stay constants, as in JAX);
  nesting records the inner backward pass (``create_graph``), giving higher derivatives.
- ``jvp`` is the transpose of the vjp (the vjp of a vjp, linear in its cotangent): about 3x
  the cost of one forward pass instead of JAX's 2x; ``jacfwd`` maps it over a basis.
- The engine's complex convention is torch's (conjugated cotangents); JAX's is the plain
  transpose, so complex cotangents are conjugated on the way in and out.
- ``jit`` compiles through ``core.compile``: real ``jax.jit`` on the jax backend (JAX's own
  tracer errors surface), eager or the backend's compiler elsewhere. ``donate_argnums`` is
  accepted and ignored. ``jax.make_jaxpr``, ``jit(f).trace``/``.lower``/``.compile`` give
  real JAX's jaxpr, lowering and executable on the jax backend (the function traced on
  the natives of its arguments: a weak Python-scalar argument shows as strong in the
  jaxpr's input types); the other backends make no jaxpr and raise NotImplementedError
  naming the backend to set. ``eval_shape`` is real ``jax.eval_shape`` on the jax backend
  (nothing computed) and a run on zeros elsewhere.
- ``vmap`` is real ``jax.vmap`` on the jax backend; elsewhere (and whenever a traced value of
  an enclosing gradient reaches the mapped function) a loop over the mapped axis stacked
  afterwards: the same values, at a Python call per element.
- ``checkpoint`` recomputes nothing (it returns the function's results; only memory
  differs). ``pmap`` is ``vmap`` on the one device there is. ``custom_jvp`` rules are
  differentiated once (their transpose): gradients of a gradient through one are not.
- Integer and boolean primals of ``vjp`` get zero cotangents of their own dtype (JAX gives
  ``float0`` arrays, a dtype core does not have).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy

import core
from core import autodiff
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.jax import tree_util
from frontends.jax._src import sharding
from frontends.jax._src.array import Array
from frontends.jax._src.config import State, config

__all__ = [
    "grad", "value_and_grad", "vjp", "jvp", "linearize", "jacfwd", "jacrev", "jacobian",
    "hessian", "custom_vjp", "custom_jvp", "checkpoint", "remat", "checkpoint_policies", "jit",
    "vmap", "pmap", "eval_shape", "ShapeDtypeStruct", "disable_jit", "devices",
    "local_devices", "device_count", "local_device_count", "default_backend", "process_index",
    "process_count", "make_jaxpr", "named_call", "named_scope", "ensure_compile_time_eval",
]  # fmt: skip

_level = 0  # depth of the transformations being evaluated (their backward is recorded)


# ---------------------------------------------------------------------------------------
# leaves
# ---------------------------------------------------------------------------------------
def _as_array(x: Any) -> Array:
    if isinstance(x, Array):
        return x
    from frontends.jax import numpy as jnp

    return jnp.asarray(x)


def _wrap_like(native: Any, like: Array) -> Array:
    return type(like)._wrap(native, like.weak_type, like._dtype)


def _is_complex(dtype: Any) -> bool:
    return core.as_core_dtype(dtype).kind == "c"


def _inexact(array: Array) -> bool:
    return array._dtype.kind in "fc"


def _conj_if_complex(native: Any) -> Any:
    return ops.conj(native) if native is not None and _is_complex(native.dtype) else native


def _fresh(native: Any) -> Any:
    """A new array object equal to ``native`` (recorded when ``native`` is tracked), so
    tracking it never touches the caller's array."""
    return ops.positive(native)


def _zeros_like(array: Array) -> Any:
    return ops.zeros(array.shape, dtype=array._dtype)


@contextlib.contextmanager
def _transforming() -> Iterator[None]:
    global _level
    _level += 1
    try:
        with autodiff.enable_grad():
            yield
    finally:
        _level -= 1


def _backward(outputs: Sequence[Any], cotangents: Sequence[Any], primals: Sequence[Any],
              *, retain: bool) -> list[Any]:  # fmt: skip
    """JAX's vjp on the engine: the cotangents arriving at ``primals`` (None where none).

    The backward pass is recorded inside an enclosing transformation or when a cotangent
    is itself tracked (the transpose trick of :func:`jvp`)."""
    nested = _level > 0 or any(autodiff.is_tracked(c) for c in cotangents)
    cots = [_conj_if_complex(c) for c in cotangents]
    grads = autodiff.backward(
        outputs,
        cots,
        retain_graph=retain or nested,
        create_graph=nested,
        capture=primals,
        accumulate=False,
    )
    return [_conj_if_complex(g) for g in grads]


class _Traced:
    """One evaluation of a function on tracked copies of its primals' leaves."""

    __slots__ = ("aux", "in_arrays", "in_tree", "natives", "out_arrays", "out_tree")

    def __init__(self, fun: Callable[..., Any], primals: Sequence[Any], has_aux: bool) -> None:
        leaves, self.in_tree = tree_util.tree_flatten(tuple(primals))
        self.in_arrays = [_as_array(leaf) for leaf in leaves]
        self.natives = []
        for array in self.in_arrays:
            if _inexact(array):
                native = _fresh(array.native)
                if not autodiff.is_tracked(native):
                    autodiff.track(native)
            else:
                native = array.native
            self.natives.append(native)
        args = tree_util.tree_unflatten(
            self.in_tree, [_wrap_like(n, a) for n, a in zip(self.natives, self.in_arrays)]
        )
        with _transforming():
            out = fun(*args)
        self.aux = None
        if has_aux:
            if not (isinstance(out, (tuple, list)) and len(out) == 2):
                raise TypeError(
                    "Expected a pair (output, auxiliary data) from a function with "
                    f"has_aux=True, got {type(out).__name__}."
                )
            out, self.aux = out
        out_leaves, self.out_tree = tree_util.tree_flatten(out)
        self.out_arrays = [_as_array(leaf) for leaf in out_leaves]

    def pullback(self, cotangents: Sequence[Any], *, retain: bool = True) -> list[Array]:
        """Cotangents of the primal leaves for cotangents (natives) of the output leaves."""
        outs = [a.native for a in self.out_arrays]
        grads = _backward(outs, cotangents, self.natives, retain=retain)
        result = []
        for g, array in zip(grads, self.in_arrays):
            if g is None:
                g = _zeros_like(array)
            elif not _inexact(array):
                g = _zeros_like(array)
            result.append(Array._wrap(g, array.weak_type, array._dtype))
        return result

    def primals_tree(self, flat: Sequence[Any]) -> tuple[Any, ...]:
        return tree_util.tree_unflatten(self.in_tree, flat)

    def output(self) -> Any:
        return tree_util.tree_unflatten(self.out_tree, self.out_arrays)


# ---------------------------------------------------------------------------------------
# reverse mode
# ---------------------------------------------------------------------------------------
def _argnums(argnums: int | Sequence[int], args: tuple[Any, ...]) -> tuple[int, ...]:
    numbers = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    if numbers and max(numbers) >= len(args):
        raise TypeError(
            f"differentiating with respect to argnums={argnums} requires at least "
            f"{max(numbers) + 1} positional arguments to be passed by the caller, but got "
            f"only {len(args)} positional arguments."
        )
    return numbers


def _partial(fun: Callable[..., Any], numbers: tuple[int, ...], args: tuple[Any, ...],
             kwargs: dict[str, Any]) -> Callable[..., Any]:  # fmt: skip
    def partial(*values: Any) -> Any:
        full = list(args)
        for i, value in zip(numbers, values):
            full[i] = value
        return fun(*full, **kwargs)

    return partial


def _check_inputs(name: str, leaves: Sequence[Any], holomorphic: bool, allow_int: bool) -> None:
    for leaf in leaves:
        dt = _as_array(leaf)._dtype
        if holomorphic and dt.kind != "c":
            raise TypeError(
                f"{name} with holomorphic=True requires inputs with complex dtype, but got {dt}."
            )
        if dt.kind in "biu" and not allow_int:
            raise TypeError(
                f"{name} requires real- or complex-valued inputs (input dtype that is a "
                f"sub-dtype of np.inexact), but got {dt}. If you want to use Boolean- "
                "or integer-valued inputs, use vjp or set allow_int to True."
            )


def _check_output(name: str, array: Array, holomorphic: bool) -> None:
    kind = array._dtype.kind
    if holomorphic:
        if kind != "c":
            raise TypeError(
                f"{name} with holomorphic=True requires outputs with complex dtype, but got "
                f"{array._dtype}."
            )
    elif kind == "c":
        raise TypeError(
            f"{name} requires real-valued outputs (output dtype that is a sub-dtype of "
            f"np.floating), but got {array._dtype}. For holomorphic differentiation, "
            "pass holomorphic=True. For differentiation of non-holomorphic functions "
            "involving complex outputs, use jax.vjp directly."
        )
    elif kind != "f":
        raise TypeError(
            f"{name} requires real-valued outputs (output dtype that is a sub-dtype of "
            f"np.floating), but got {array._dtype}. For differentiation of functions "
            "with integer outputs, use jax.vjp directly."
        )


def value_and_grad(fun: Callable[..., Any], argnums: int | Sequence[int] = 0,
                   has_aux: bool = False, holomorphic: bool = False, allow_int: bool = False,
                   reduce_axes: Sequence[Any] = ()) -> Callable[..., Any]:  # fmt: skip
    """``jax.value_and_grad``: ``(value, grad)`` (``((value, aux), grad)`` with ``has_aux``)."""

    @functools.wraps(fun)
    def value_and_grad_f(*args: Any, **kwargs: Any) -> Any:
        numbers = _argnums(argnums, args)
        dyn = tuple(args[i] for i in numbers)
        _check_inputs("grad", tree_util.tree_leaves(dyn), holomorphic, allow_int)
        traced = _Traced(_partial(fun, numbers, args, kwargs), dyn, has_aux)
        if traced.out_tree.kind != "leaf":
            raise TypeError(
                f"Gradient only defined for scalar-output functions. Output was {traced.output()}."
            )
        (out,) = traced.out_arrays
        if out.shape != ():
            raise TypeError(
                f"Gradient only defined for scalar-output functions. Output had shape: {out.shape}."
            )
        _check_output("grad", out, holomorphic)
        grads = traced.primals_tree(
            traced.pullback([ops.ones((), dtype=out._dtype)], retain=_level > 0)
        )
        grads = grads[0] if isinstance(argnums, int) else grads
        return ((out, traced.aux), grads) if has_aux else (out, grads)

    return value_and_grad_f


def grad(fun: Callable[..., Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
         holomorphic: bool = False, allow_int: bool = False,
         reduce_axes: Sequence[Any] = ()) -> Callable[..., Any]:  # fmt: skip
    """``jax.grad``: the gradient of a scalar-output ``fun`` with respect to ``argnums``."""
    both = value_and_grad(fun, argnums, has_aux, holomorphic, allow_int)

    @functools.wraps(fun)
    def grad_f(*args: Any, **kwargs: Any) -> Any:
        value, g = both(*args, **kwargs)
        return (g, value[1]) if has_aux else g

    return grad_f


def vjp(fun: Callable[..., Any], *primals: Any, has_aux: bool = False,
        reduce_axes: Sequence[Any] = ()) -> Any:  # fmt: skip
    """``jax.vjp``: ``(out, vjp_fn)`` (``(out, vjp_fn, aux)`` with ``has_aux``); ``vjp_fn``
    takes a cotangent shaped like ``out`` and returns a tuple like ``primals``."""
    traced = _Traced(fun, primals, has_aux)

    def vjp_fn(cotangent: Any) -> tuple[Any, ...]:
        leaves = traced.out_tree.flatten_up_to(cotangent)
        cots = []
        for leaf, out in zip(leaves, traced.out_arrays):
            c = _as_array(leaf)
            if c.shape != out.shape:
                raise ValueError(
                    f"unexpected JAX type (e.g. shape/dtype) for argument to vjp function: got "
                    f"{c._dtype}{list(c.shape)}, but expected {out._dtype}"
                    f"{list(out.shape)} because the corresponding output of the function had "
                    "that type"
                )
            cots.append(c.native)
        return traced.primals_tree(traced.pullback(cots))

    out = traced.output()
    return (out, vjp_fn, traced.aux) if has_aux else (out, vjp_fn)


def _check_jvp_args(primals: Any, tangents: Any) -> tuple[list[Array], list[Array], Any]:
    if not isinstance(primals, (tuple, list)) or not isinstance(tangents, (tuple, list)):
        raise TypeError(
            "primal and tangent arguments to jax.jvp must be tuples or lists; found "
            f"{type(primals).__name__} and {type(tangents).__name__}."
        )
    p_leaves, p_tree = tree_util.tree_flatten(tuple(primals))
    t_leaves, t_tree = tree_util.tree_flatten(tuple(tangents))
    if p_tree != t_tree:
        raise TypeError(
            "primal and tangent arguments to jax.jvp must have the same tree structure; "
            f"primals have tree structure {p_tree} whereas tangents have tree structure "
            f"{t_tree}."
        )
    ps = [_as_array(p) for p in p_leaves]
    ts = [_as_array(t) for t in t_leaves]
    for p, t in zip(ps, ts):
        if p.shape != t.shape:
            raise ValueError(
                "jvp called with different primal and tangent shapes;Got primal shape "
                f"{p.shape} and tangent shape as {t.shape}"
            )
        if _inexact(p) and p._dtype != t._dtype:
            raise TypeError(
                "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, "
                "or in case of int/bool primal dtype the tangent dtype must be float0."
                f"Got primal dtype {p._dtype} and so expected tangent dtype "
                f"{p._dtype}, but got tangent dtype {t._dtype} instead."
            )
    return ps, ts, p_tree


def _push_forward(traced: _Traced, tangents: Sequence[Array]) -> list[Array]:
    """``J t``: the transpose of the pullback (linear in its cotangent ``u``), at ``t``."""
    us = []
    for out in traced.out_arrays:
        u = ops.zeros(out.shape, dtype=out._dtype)
        if _inexact(out):
            autodiff.track(u)
        us.append(u)
    with _transforming():
        pulled = traced.pullback(us)
    pairs = [
        (g.native, t.native)
        for g, t, p in zip(pulled, tangents, traced.in_arrays)
        if _inexact(p) and autodiff.is_tracked(g.native)
    ]
    outs = _backward([g for g, _ in pairs], [t for _, t in pairs], us, retain=True)
    result = []
    for g, out in zip(outs, traced.out_arrays):
        g = _zeros_like(out) if g is None or not _inexact(out) else g
        result.append(Array._wrap(g, out.weak_type, out._dtype))
    return result


def jvp(fun: Callable[..., Any], primals: Any, tangents: Any, has_aux: bool = False) -> Any:
    """``jax.jvp``: ``(fun(*primals), J @ tangents)`` (and ``aux`` with ``has_aux``)."""
    ps, ts, p_tree = _check_jvp_args(primals, tangents)
    traced = _Traced(fun, tree_util.tree_unflatten(p_tree, ps), has_aux)
    tangents_out = tree_util.tree_unflatten(traced.out_tree, _push_forward(traced, ts))
    out = traced.output()
    return (out, tangents_out, traced.aux) if has_aux else (out, tangents_out)


def linearize(fun: Callable[..., Any], *primals: Any, has_aux: bool = False) -> Any:
    """``jax.linearize``: ``(out, f_jvp)`` where ``f_jvp(*tangents)`` is ``J @ tangents``."""
    traced = _Traced(fun, primals, has_aux)

    def f_jvp(*tangents: Any) -> Any:
        _, ts, _ = _check_jvp_args(primals, tangents)
        return tree_util.tree_unflatten(traced.out_tree, _push_forward(traced, ts))

    out = traced.output()
    return (out, f_jvp, traced.aux) if has_aux else (out, f_jvp)


# ---------------------------------------------------------------------------------------
# Jacobians
# ---------------------------------------------------------------------------------------
def _basis(total: int, sizes: Sequence[int], shapes: Sequence[tuple[int, ...]],
           dtypes: Sequence[Any]) -> list[Array]:  # fmt: skip
    """The standard basis of ``total`` directions split into leaves of ``shapes``."""
    leaves, offset = [], 0
    for size, shape, dt in zip(sizes, shapes, dtypes):
        eye = numpy.eye(total, dtype=numpy.float64)[:, offset : offset + size]
        native = ops.asarray(eye.reshape((total, *shape)), dtype=dt)
        leaves.append(Array._wrap(native, False, dt))
        offset += size
    return leaves


def _split_jacobian(flat: Array, offset: int, size: int, shape: tuple[int, ...],
                    trailing: tuple[int, ...], leading_first: bool) -> Array:  # fmt: skip
    """Rows ``offset:offset+size`` of a Jacobian block laid out as ``shape + trailing``."""
    native = ops.get_item(flat.native, (slice(offset, offset + size),))
    if leading_first:  # rows index the output (jacrev): (size, *in) -> out + in
        native = ops.reshape(native, (*shape, *trailing))
    else:  # rows index the input (jacfwd): (size, *out) -> out + in
        native = ops.reshape(native, (size, -1))
        native = ops.reshape(ops.permute_dims(native, (1, 0)), (*trailing, *shape))
    return Array._wrap(native, flat.weak_type, flat._dtype)


def _sizes(arrays: Sequence[Array]) -> list[int]:
    return [int(numpy.prod(a.shape, dtype=numpy.int64)) for a in arrays]


def jacrev(fun: Callable[..., Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
           holomorphic: bool = False, allow_int: bool = False) -> Callable[..., Any]:  # fmt: skip
    """``jax.jacrev``: the Jacobian by reverse mode (pullbacks of a basis, vmapped)."""

    @functools.wraps(fun)
    def jacfun(*args: Any, **kwargs: Any) -> Any:
        numbers = _argnums(argnums, args)
        dyn = tuple(args[i] for i in numbers)
        _check_inputs("jacrev", tree_util.tree_leaves(dyn), holomorphic, allow_int)
        traced = _Traced(_partial(fun, numbers, args, kwargs), dyn, has_aux)
        for out in traced.out_arrays:
            _check_output("jacrev", out, holomorphic)
        outs = traced.out_arrays
        sizes = _sizes(outs)
        basis = _basis(sum(sizes), sizes, [o.shape for o in outs], [o._dtype for o in outs])
        rows = vmap(lambda *cts: traced.pullback([c.native for c in cts]))(*basis)
        blocks, offset = [], 0
        for size, out in zip(sizes, outs):
            per_input = [
                _split_jacobian(r, offset, size, out.shape, p.shape, True)
                for r, p in zip(rows, traced.in_arrays)
            ]
            tree = traced.primals_tree(per_input)
            blocks.append(tree[0] if isinstance(argnums, int) else tree)
            offset += size
        jac = tree_util.tree_unflatten(traced.out_tree, blocks)
        return (jac, traced.aux) if has_aux else jac

    return jacfun


jacobian = jacrev


def jacfwd(fun: Callable[..., Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
           holomorphic: bool = False) -> Callable[..., Any]:  # fmt: skip
    """``jax.jacfwd``: the Jacobian by forward mode (pushforwards of a basis, vmapped)."""

    @functools.wraps(fun)
    def jacfun(*args: Any, **kwargs: Any) -> Any:
        numbers = _argnums(argnums, args)
        dyn = tuple(args[i] for i in numbers)
        leaves = [_as_array(leaf) for leaf in tree_util.tree_leaves(dyn)]
        for leaf in leaves:
            if holomorphic and leaf._dtype.kind != "c":
                raise TypeError(
                    "jacfwd with holomorphic=True requires inputs with complex dtype, but got "
                    f"{leaf._dtype}."
                )
            if not holomorphic and leaf._dtype.kind != "f":
                raise TypeError(
                    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of "
                    f"np.floating), but got {leaf._dtype}. For holomorphic "
                    "differentiation, pass holomorphic=True. For differentiation of "
                    "non-holomorphic functions involving complex inputs or integer inputs, "
                    "use jax.jvp directly."
                )
        traced = _Traced(_partial(fun, numbers, args, kwargs), dyn, has_aux)
        ins = traced.in_arrays
        sizes = _sizes(ins)
        basis = _basis(sum(sizes), sizes, [a.shape for a in ins], [a._dtype for a in ins])
        columns = vmap(lambda *ts: _push_forward(traced, ts))(*basis)
        blocks = []
        for column, out in zip(columns, traced.out_arrays):
            per_input, offset = [], 0
            for size, p in zip(sizes, ins):
                per_input.append(_split_jacobian(column, offset, size, p.shape, out.shape, False))
                offset += size
            tree = traced.primals_tree(per_input)
            blocks.append(tree[0] if isinstance(argnums, int) else tree)
        jac = tree_util.tree_unflatten(traced.out_tree, blocks)
        return (jac, traced.aux) if has_aux else jac

    return jacfun


def hessian(fun: Callable[..., Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
            holomorphic: bool = False) -> Callable[..., Any]:  # fmt: skip
    """``jax.hessian``: ``jacfwd(jacrev(fun))``."""
    return jacfwd(jacrev(fun, argnums, has_aux, holomorphic), argnums, has_aux, holomorphic)


# ---------------------------------------------------------------------------------------
# custom derivatives
# ---------------------------------------------------------------------------------------
def _resolve_kwargs(fun: Callable[..., Any], args: tuple[Any, ...],
                    kwargs: dict[str, Any]) -> tuple[Any, ...]:  # fmt: skip
    if not kwargs:
        return args
    bound = inspect.signature(fun).bind(*args, **kwargs)
    bound.apply_defaults()
    if bound.kwargs:
        raise TypeError("keyword arguments could not be resolved to positions")
    return tuple(bound.args)


def _fresh_outputs(outs: list[Any], inputs: Sequence[Any]) -> list[Any]:
    """Outputs as arrays distinct from the inputs and from each other (record needs them)."""
    seen: set[int] = {id(i) for i in inputs}
    fresh = []
    for o in outs:
        if id(o) in seen:
            with autodiff.no_grad():
                o = ops.positive(o) if core.as_core_dtype(o.dtype).kind != "b" else o
        seen.add(id(o))
        fresh.append(o)
    return fresh


def _tracked_leaves(leaves: Sequence[Any]) -> bool:
    return autodiff.recording() and any(
        isinstance(leaf, Array) and autodiff.is_tracked(leaf.native) for leaf in leaves
    )


class custom_vjp:
    """``jax.custom_vjp``: ``fun`` with a reverse rule ``defvjp(fwd, bwd)``; recorded as one
    node of the core engine (``bwd`` runs in the backward pass)."""

    def __init__(self, fun: Callable[..., Any], nondiff_argnums: Sequence[int] = ()) -> None:
        functools.update_wrapper(self, fun)
        self.fun = fun
        self.nondiff_argnums = tuple(nondiff_argnums)
        self.fwd: Callable[..., Any] | None = None
        self.bwd: Callable[..., Any] | None = None

    def defvjp(self, fwd: Callable[..., Any], bwd: Callable[..., Any],
               symbolic_zeros: bool = False, optimize_remat: bool = False) -> None:  # fmt: skip
        self.fwd, self.bwd = fwd, bwd

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        return self if instance is None else functools.partial(self, instance)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        name = getattr(self.fun, "__name__", "fun")
        if self.fwd is None or self.bwd is None:
            raise AttributeError(f"No VJP defined for custom_vjp function {name} using defvjp.")
        args = _resolve_kwargs(self.fun, args, kwargs)
        diff = [i for i in range(len(args)) if i not in self.nondiff_argnums]
        leaves, in_tree = tree_util.tree_flatten(tuple(args[i] for i in diff))
        if not _tracked_leaves(leaves):
            return self.fun(*args)
        out, res = self.fwd(*args)
        out_leaves, out_tree = tree_util.tree_flatten(out)
        out_arrays = [_as_array(o) for o in out_leaves]
        in_arrays = [_as_array(leaf) for leaf in leaves]
        inputs = [a.native for a in in_arrays]
        outputs = _fresh_outputs([o.native for o in out_arrays], inputs)
        nondiff = [args[i] for i in self.nondiff_argnums]
        bwd = self.bwd
        single = len(outputs) == 1

        def rule(cotangent: Any, output: Any, *_: Any) -> list[Any]:
            cots = (cotangent,) if single else cotangent
            ct = tree_util.tree_unflatten(
                out_tree,
                [_wrap_like(_conj_if_complex(c), o) for c, o in zip(cots, out_arrays)],
            )
            grads = bwd(*nondiff, res, ct)
            if not isinstance(grads, (tuple, list)) or len(grads) != len(diff):
                raise TypeError(
                    f"Custom VJP bwd rule must produce an output with the same container "
                    f"(pytree) structure as the args tuple of the primal function, and in "
                    f"particular must produce a tuple of length equal to the number of "
                    f"arguments to the primal function, but got bwd output structure "
                    f"{tree_util.tree_structure(grads)} for primal input structure {in_tree}."
                )
            flat: list[Any] = []
            for g, sub in zip(grads, in_tree.children):
                if g is None:
                    flat.extend([None] * sub.num_leaves)
                else:
                    flat.extend(
                        None if x is None else _conj_if_complex(_as_array(x).native)
                        for x in sub.flatten_up_to(g)
                    )
            return flat

        autodiff.record(f"custom_vjp:{name}", rule, inputs, outputs)
        return tree_util.tree_unflatten(
            out_tree, [_wrap_like(n, o) for n, o in zip(outputs, out_arrays)]
        )


class custom_jvp:
    """``jax.custom_jvp``: ``fun`` with a forward rule ``defjvp(jvp)``; the engine records
    the rule's transpose (its tangent output is linear in the tangents)."""

    def __init__(self, fun: Callable[..., Any], nondiff_argnums: Sequence[int] = ()) -> None:
        functools.update_wrapper(self, fun)
        self.fun = fun
        self.nondiff_argnums = tuple(nondiff_argnums)
        self.jvp: Callable[..., Any] | None = None

    def defjvp(self, jvp: Callable[..., Any], symbolic_zeros: bool = False) -> Callable[..., Any]:
        self.jvp = jvp
        return jvp

    def defjvps(self, *jvps: Callable[..., Any] | None) -> None:
        """One rule per argument: ``rule(tangent, primal_out, *primals)``; summed."""

        def jvp(primals: Any, tangents: Any) -> Any:
            out = self.fun(*primals)
            total = None
            for rule, t in zip(jvps, tangents):
                if rule is None:
                    continue
                term = rule(t, out, *primals)
                total = term if total is None else tree_util.tree_map(
                    lambda a, b: a + b, total, term
                )  # fmt: skip
            return out, total

        self.jvp = jvp

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        return self if instance is None else functools.partial(self, instance)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        name = getattr(self.fun, "__name__", "fun")
        if self.jvp is None:
            raise AttributeError(f"No JVP defined for custom_jvp function {name} using defjvp.")
        args = _resolve_kwargs(self.fun, args, kwargs)
        diff = [i for i in range(len(args)) if i not in self.nondiff_argnums]
        leaves, in_tree = tree_util.tree_flatten(tuple(args[i] for i in diff))
        if not _tracked_leaves(leaves):
            return self.fun(*args)
        in_arrays = [_as_array(leaf) for leaf in leaves]
        # primals as untracked constants; tangents as tracked zeros (the rule is linear in them)
        with autodiff.no_grad():
            consts = [_wrap_like(_fresh(a.native), a) if _inexact(a) else a for a in in_arrays]
        tangents = []
        for a in in_arrays:
            t = ops.zeros(a.shape, dtype=a._dtype)
            if _inexact(a):
                autodiff.track(t)
            tangents.append(t)
        primal_args = tree_util.tree_unflatten(in_tree, consts)
        tangent_args = tree_util.tree_unflatten(
            in_tree, [_wrap_like(t, a) for t, a in zip(tangents, in_arrays)]
        )
        full = list(args)
        for i, value in zip(diff, primal_args):
            full[i] = value
        nondiff = [args[i] for i in self.nondiff_argnums]
        with autodiff.enable_grad():
            out, tangent_out = self.jvp(*nondiff, tuple(full[i] for i in diff), tangent_args)
        out_leaves, out_tree = tree_util.tree_flatten(out)
        out_arrays = [_as_array(o) for o in out_leaves]
        t_out = [_as_array(t).native for t in out_tree.flatten_up_to(tangent_out)]
        inputs = [a.native for a in in_arrays]
        outputs = _fresh_outputs([o.native for o in out_arrays], inputs)
        single = len(outputs) == 1

        def rule(cotangent: Any, output: Any, *_: Any) -> list[Any]:
            cots = (cotangent,) if single else cotangent
            pairs = [(t, c) for t, c in zip(t_out, cots) if autodiff.is_tracked(t)]
            grads = autodiff.backward(
                [t for t, _ in pairs],
                [c for _, c in pairs],
                retain_graph=True,
                create_graph=autodiff.recording(),  # recorded inside a recorded backward
                capture=tangents,
                accumulate=False,
            )
            return grads

        autodiff.record(f"custom_jvp:{name}", rule, inputs, outputs)
        return tree_util.tree_unflatten(
            out_tree, [_wrap_like(n, o) for n, o in zip(outputs, out_arrays)]
        )


def checkpoint(fun: Callable[..., Any], *, prevent_cse: bool = True, policy: Any = None,
               static_argnums: int | tuple[int, ...] = ()) -> Callable[..., Any]:  # fmt: skip
    """``jax.checkpoint``: the same function (the engine keeps its residuals; nothing is
    recomputed, so only memory use differs from JAX)."""

    @functools.wraps(fun)
    def checkpointed(*args: Any, **kwargs: Any) -> Any:
        return fun(*args, **kwargs)

    return checkpointed


remat = checkpoint


class checkpoint_policies:
    """``jax.checkpoint_policies``: accepted by :func:`checkpoint`, which ignores them."""

    @staticmethod
    def everything_saveable(*_: Any, **__: Any) -> bool:
        return True

    @staticmethod
    def nothing_saveable(*_: Any, **__: Any) -> bool:
        return False

    dots_saveable = everything_saveable
    checkpoint_dots = everything_saveable
    dots_with_no_batch_dims_saveable = everything_saveable

    @staticmethod
    def save_only_these_names(*_: Any) -> Callable[..., bool]:
        return checkpoint_policies.everything_saveable

    save_any_names_but_these = save_only_these_names


# ---------------------------------------------------------------------------------------
# jit
# ---------------------------------------------------------------------------------------
def disable_jit(disable: bool = True) -> contextlib.AbstractContextManager[None]:
    """``jax.disable_jit``: jitted functions run eagerly inside the block (the
    ``jax_disable_jit`` option)."""
    return State("jax_disable_jit")(disable)


def _leaf_native(leaf: Any, where: str) -> tuple[Any, tuple[Any, bool, type]]:
    if isinstance(leaf, Array):
        return leaf.native, (leaf._dtype, leaf.weak_type, type(leaf))
    if leaf is None or isinstance(leaf, (str, bytes)) or callable(leaf):
        raise TypeError(f"Argument '{leaf}' of type {type(leaf)} is not a valid JAX type.")
    array = _as_array(leaf)
    return array.native, (array._dtype, array.weak_type, type(array))


def _avals(natives: list[Any]) -> tuple[Any, ...]:
    return tuple((tuple(x.shape), x.dtype) for x in natives)


def _named(inner: Callable[..., Any], name: str) -> Callable[..., Any]:
    """``inner`` under the user function's name (JAX names its traces after it)."""

    def traceable(*args: Any) -> Any:
        return inner(*args)

    traceable.__name__ = traceable.__qualname__ = name
    return traceable


_UNSPECIFIED = object()  # jit's in_shardings/out_shardings not given


class _Jitted:
    """A ``jax.jit`` function: leaves of the dynamic arguments go to ``core.compile`` as
    native arrays; their dtypes, weak flags and the static values key the compilation."""

    def __init__(self, fun: Callable[..., Any], static_argnums: tuple[int, ...],
                 static_argnames: tuple[str, ...]) -> None:  # fmt: skip
        functools.update_wrapper(self, fun)
        self._fun = fun
        self._static_argnums = static_argnums
        self._static_argnames = static_argnames
        self._traceable = _named(self._inner, getattr(fun, "__name__", "fun"))
        self._compiled = core.compile(self._traceable, static_argnums=(0,))
        self._out_meta: dict[Any, tuple[Any, list[tuple[Any, bool, type]]]] = {}
        self._traced: tuple[Any, list[tuple[Any, bool, type]]] | None = None
        self._shape_dependent: set[Any] = set()
        self._shardings: tuple[Any, Any] = (_UNSPECIFIED, _UNSPECIFIED)

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        return self if instance is None else functools.partial(self, instance)

    def _inner(self, key: Any, natives: list[Any]) -> list[Any]:
        treedef, metas, static_pos, static_kw = key
        arrays = [cls._wrap(n, weak, dt) for n, (dt, weak, cls) in zip(natives, metas)]
        dyn_args, kwargs = tree_util.tree_unflatten(treedef, arrays)
        in_shardings, out_shardings = self._shardings
        if in_shardings is not _UNSPECIFIED and sharding.on_jax():
            if not isinstance(in_shardings, tuple):  # one sharding for every argument
                in_shardings = (in_shardings,) * len(dyn_args)
            dyn_args = sharding.with_sharding_constraint(dyn_args, in_shardings)
        args = list(dyn_args)
        for i, value in static_pos:
            args.insert(i, value)
        out = self._fun(*args, **kwargs, **dict(static_kw))
        if out_shardings is not _UNSPECIFIED and sharding.on_jax():
            out = sharding.with_sharding_constraint(out, out_shardings)
        leaves, out_tree = tree_util.tree_flatten(out)
        pairs = [_leaf_native(leaf, "output") for leaf in leaves]
        self._traced = (out_tree, [m for _, m in pairs])
        return [n for n, _ in pairs]

    def _flatten(self, args: tuple[Any, ...],
                 kwargs: dict[str, Any]) -> tuple[Any, list[Any], list[Any]]:  # fmt: skip
        """The compilation key (tree, leaf metadata, static values), the leaves' natives
        and the leaves of a call's dynamic arguments."""
        n = len(args)
        static = {i % n if n else i for i in self._static_argnums if -n <= i < n}
        static_pos = tuple((i, args[i]) for i in sorted(static))
        dyn_args = tuple(a for i, a in enumerate(args) if i not in static)
        static_kw = tuple(sorted((k, v) for k, v in kwargs.items() if k in self._static_argnames))
        dyn_kwargs = {k: v for k, v in kwargs.items() if k not in self._static_argnames}
        leaves, treedef = tree_util.tree_flatten((dyn_args, dyn_kwargs))
        natives, metas = [], []
        for leaf in leaves:
            native, meta = _leaf_native(leaf, "argument")
            natives.append(native)
            metas.append(meta)
        key = (treedef, tuple(metas), static_pos, static_kw)
        try:
            hash(key)
        except TypeError as error:
            raise ValueError(
                "Non-hashable static arguments are not supported. An error occurred while "
                f"trying to hash an object passed as a static argument: {error}"
            ) from None
        return key, natives, leaves

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if config._values["jax_disable_jit"] or _level > 0:
            # inside grad/vjp the engine must see every operation: eager (same values)
            return self._fun(*args, **kwargs)
        key, natives, leaves = self._flatten(args, kwargs)
        if _tracked_leaves(leaves):
            return self._fun(*args, **kwargs)
        self._traced = None
        outs = self._compiled(key, natives)
        traced = self._traced
        if traced is not None:  # traced (or eager) now: remember the output's metadata
            known = self._out_meta.get(key)
            if known is not None and known != traced:  # the output depends on the shapes
                self._shape_dependent.add(key)
            self._out_meta[key] = meta = traced
            if key in self._shape_dependent:
                self._out_meta[(key, _avals(natives))] = traced
        elif key in self._shape_dependent:
            meta = self._out_meta[(key, _avals(natives))]
        else:  # a cached program: the metadata of the signature's trace
            meta = self._out_meta[key]
        if config._values["jax_debug_nans"] or config._values["jax_debug_infs"]:
            _check_finite(outs, f"jit({getattr(self._fun, '__name__', 'fun')})")
        out = _unflatten_out(meta, outs)
        if self._shardings[1] is not _UNSPECIFIED and not sharding.on_jax():
            out = sharding.with_sharding_constraint(out, self._shardings[1])
        return out

    def _real(self, what: str) -> Any:
        """Real ``jax.jit`` of the flattened function (only the jax backend has it)."""
        require_jax_backend(what)
        import jax

        return jax.jit(self._traceable, static_argnums=(0,))

    def trace(self, *args: Any, **kwargs: Any) -> Traced:
        """``jit(f).trace(*args)``: real JAX's trace of ``f`` (jax backend only)."""
        key, natives, _ = self._flatten(args, kwargs)
        return Traced(self, self._real("jax.jit(f).trace").trace(key, natives), key)

    def lower(self, *args: Any, **kwargs: Any) -> Lowered:
        """``jit(f).lower(*args)``: real JAX's lowering of ``f`` (jax backend only)."""
        return self.trace(*args, **kwargs).lower()

    def eval_shape(self, *args: Any, **kwargs: Any) -> Any:
        return eval_shape(self, *args, **kwargs)


def require_jax_backend(what: str) -> None:
    """JAX's traced forms (jaxprs, StableHLO, XLA executables) exist on the jax backend
    only: elsewhere, a NotImplementedError naming the backend to set."""
    backend = core.current_backend().name
    if backend != "jax":
        raise NotImplementedError(
            f"{what} needs the jax backend (it returns real JAX's traced program, which "
            f"the {backend} backend does not make): call core.set_backend('jax') first, or "
            "run the script with `transpile --to jax`"
        )


def _unflatten_out(meta: tuple[Any, list[tuple[Any, bool, type]]], outs: Sequence[Any]) -> Any:
    out_tree, out_metas = meta
    return tree_util.tree_unflatten(
        out_tree, [cls._wrap(o, weak, dt) for o, (dt, weak, cls) in zip(outs, out_metas)]
    )


def _check_finite(outs: Sequence[Any], where: str) -> None:
    """``jax_debug_nans``/``jax_debug_infs``: JAX's FloatingPointError for an output with
    a NaN (or an infinity)."""
    for out in outs:
        if core.as_core_dtype(out.dtype).kind not in "fc":
            continue
        if config._values["jax_debug_nans"] and bool(ops.any(ops.isnan(out))):
            raise FloatingPointError(f"invalid value (nan) encountered in {where}")
        if config._values["jax_debug_infs"] and bool(ops.any(ops.isinf(out))):
            raise FloatingPointError(f"invalid value (inf) encountered in {where}")


class Traced:
    """``jax.stages.Traced`` of a frontend function: ``jaxpr``, ``out_info``, ``lower()``."""

    def __init__(self, jitted: _Jitted, real: Any, key: Any) -> None:
        self._jitted, self._real, self._key = jitted, real, key
        self._meta = jitted._traced

    @property
    def jaxpr(self) -> Any:
        return self._real.jaxpr

    @property
    def out_info(self) -> Any:
        return _out_shapes(self._meta, self._real.out_info)

    def lower(self, **kwargs: Any) -> Lowered:
        return Lowered(self._jitted, self._real.lower(**kwargs), self._meta)


def _out_shapes(meta: Any, real_leaves: Any) -> Any:
    """The output's tree of :class:`ShapeDtypeStruct` (JAX's dtypes and weak flags)."""
    import jax

    out_tree, out_metas = meta
    avals = jax.tree_util.tree_leaves(real_leaves)
    return tree_util.tree_unflatten(
        out_tree,
        [
            ShapeDtypeStruct(a.shape, dt, weak_type=weak)
            for a, (dt, weak, _) in zip(avals, out_metas)
        ],
    )


class Lowered:
    """``jax.stages.Lowered``: real JAX's lowering (``as_text``, ``compiler_ir``,
    ``cost_analysis``) whose ``compile()`` takes and returns frontend arrays."""

    def __init__(self, jitted: _Jitted, real: Any, meta: Any) -> None:
        self._jitted, self._real, self._meta = jitted, real, meta

    def as_text(self, *args: Any, **kwargs: Any) -> str:
        return self._real.as_text(*args, **kwargs)

    def compiler_ir(self, *args: Any, **kwargs: Any) -> Any:
        return self._real.compiler_ir(*args, **kwargs)

    def cost_analysis(self) -> Any:
        return self._real.cost_analysis()

    @property
    def out_info(self) -> Any:
        return _out_shapes(self._meta, self._real.out_info)

    def compile(self, compiler_options: Any = None) -> CompiledFunction:
        return CompiledFunction(self._jitted, self._real.compile(compiler_options), self._meta)


class CompiledFunction:
    """``jax.stages.Compiled``: real JAX's executable called with frontend arrays."""

    def __init__(self, jitted: _Jitted, real: Any, meta: Any) -> None:
        self._jitted, self._real, self._meta = jitted, real, meta

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        _, natives, _ = self._jitted._flatten(args, kwargs)
        return _unflatten_out(self._meta, self._real(natives))

    def as_text(self) -> str | None:
        return self._real.as_text()

    def cost_analysis(self) -> Any:
        return self._real.cost_analysis()

    def memory_analysis(self) -> Any:
        return self._real.memory_analysis()

    @property
    def out_info(self) -> Any:
        return _out_shapes(self._meta, self._real.out_info)


def _normalize_static(fun: Callable[..., Any], static_argnums: Any,
                      static_argnames: Any) -> tuple[tuple[int, ...], tuple[str, ...]]:  # fmt: skip
    nums = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums or ())
    names = (static_argnames,) if isinstance(static_argnames, str) else tuple(static_argnames or ())
    try:
        parameters = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):
        return nums, names
    positional = [
        p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    # JAX infers each from the other through the signature
    nums = nums + tuple(positional.index(k) for k in names if k in positional and positional.index(k) not in nums)  # fmt: skip
    names = names + tuple(positional[i] for i in nums if 0 <= i < len(positional) and positional[i] not in names)  # fmt: skip
    return nums, names


def jit(fun: Callable[..., Any] | None = None, *, in_shardings: Any = _UNSPECIFIED,
        out_shardings: Any = _UNSPECIFIED, static_argnums: Any = None,
        static_argnames: Any = None, donate_argnums: Any = None, donate_argnames: Any = None,
        keep_unused: bool = False, device: Any = None, backend: Any = None,
        inline: bool = False, abstracted_axes: Any = None,
        compiler_options: Any = None) -> Any:  # fmt: skip
    """``jax.jit`` on ``core.compile`` (``donate_*``, ``device``, ``inline`` are ignored).
    ``in_shardings``/``out_shardings`` (jax backend) constrain the traced arguments and
    results with real ``jax.lax.with_sharding_constraint``; the one device elsewhere has
    nothing to place."""
    if fun is None:
        return functools.partial(
            jit, in_shardings=in_shardings, out_shardings=out_shardings,
            static_argnums=static_argnums, static_argnames=static_argnames,
        )  # fmt: skip
    if not callable(fun):
        raise TypeError(f"Expected a callable value, got {fun}")
    nums, names = _normalize_static(fun, static_argnums, static_argnames)
    jitted = _Jitted(fun, nums, names)
    jitted._shardings = (in_shardings, out_shardings)
    return jitted


# ---------------------------------------------------------------------------------------
# vmap
# ---------------------------------------------------------------------------------------
def _check_axes_spec(spec: Any, which: str) -> None:
    for leaf in tree_util.tree_leaves(spec):
        if not isinstance(leaf, int) or isinstance(leaf, bool):
            raise TypeError(
                f"vmap {which} must be an int, None, or (nested) container with those types "
                f"as leaves, but got {spec}."
            )


def _broadcast_prefix(prefix: Any, tree: Any) -> list[Any]:
    """Each leaf of ``tree`` paired with its entry of the prefix tree ``prefix``."""
    leaves = tree_util.tree_leaves(tree)
    if prefix is None or isinstance(prefix, int):
        return [prefix] * len(leaves)
    flat: list[Any] = []
    parts = tree_util.tree_structure(prefix, is_leaf=lambda x: x is None).flatten_up_to(tree)
    entries = tree_util.tree_leaves(prefix, is_leaf=lambda x: x is None)
    for entry, part in zip(entries, parts):
        flat.extend([entry] * len(tree_util.tree_leaves(part)))
    return flat


def _normalize_axis(axis: int | None, ndim: int, shape: tuple[int, ...]) -> int | None:
    if axis is None:
        return None
    if not -ndim <= axis < max(ndim, 1) or ndim == 0:
        min_rank = axis + 1 if axis >= 0 else -axis
        raise ValueError(
            f"vmap was requested to map its argument along axis {axis}, which implies that "
            f"its rank should be at least {min_rank}, but is only {ndim} (its shape is {shape})"
        )
    return axis % ndim


def vmap(fun: Callable[..., Any], in_axes: Any = 0, out_axes: Any = 0, axis_name: Any = None,
         axis_size: int | None = None, spmd_axis_name: Any = None) -> Callable[..., Any]:  # fmt: skip
    """``jax.vmap``: real ``jax.vmap`` on the jax backend; a loop over the mapped axis,
    stacked, elsewhere (or when a tracked value of an enclosing gradient reaches ``fun``)."""
    if isinstance(in_axes, list):
        in_axes = tuple(in_axes)
    if not (in_axes is None or isinstance(in_axes, (int, tuple))):
        raise TypeError(
            "vmap in_axes must be an int, None, or a tuple of entries corresponding to the "
            f"positional arguments passed to the function, but got {in_axes}."
        )
    _check_axes_spec(in_axes, "in_axes")
    _check_axes_spec(out_axes, "out_axes")

    @functools.wraps(fun)
    def vmap_f(*args: Any, **kwargs: Any) -> Any:
        if isinstance(in_axes, tuple) and len(in_axes) != len(args):
            raise ValueError(
                "vmap in_axes must be an int, None, or a tuple of entries corresponding to the "
                "positional arguments passed to the function, but got "
                f"len(in_axes)={len(in_axes)}, len(args)={len(args)}"
            )
        axes = _broadcast_prefix(in_axes, args) + _broadcast_prefix(0, kwargs)
        leaves, treedef = tree_util.tree_flatten((args, kwargs))
        mapped: list[tuple[int, Array, int]] = []  # (leaf position, array, axis)
        sizes = []
        leaves = list(leaves)
        for position, (leaf, axis) in enumerate(zip(leaves, axes)):
            if axis is None:
                continue
            array = _as_array(leaf)
            axis = _normalize_axis(axis, array.ndim, array.shape)
            leaves[position] = array
            mapped.append((position, array, axis))
            sizes.append(array.shape[axis])
        if axis_size is not None:
            sizes.append(axis_size)
        if not sizes:
            raise ValueError(
                "vmap must have at least one non-None value in in_axes or axis_size must be "
                "specified"
            )
        if len(set(sizes)) != 1:
            raise ValueError(
                "vmap got inconsistent sizes for array axes to be mapped:\n"
                + "\n".join(
                    f"  * axis {axis} of an argument of shape {a.shape} had size {a.shape[axis]};"
                    for _, a, axis in mapped
                )
            )
        size = sizes[0]
        call = functools.partial(_call_unflattened, fun, treedef, leaves)
        if core.current_backend().name == "jax" and not _tracked_leaves(leaves):
            result = _vmap_jax(call, mapped, size, axis_name)
            if result is not None:
                out_tree, outs = result
                return _place_out_axes(out_tree, outs, out_axes, size)
        names = () if axis_name is None else (axis_name,)
        with sharding.binding(names, looped=size > 1):
            out_tree, outs = _vmap_loop(call, mapped, size)
        return _place_out_axes(out_tree, outs, out_axes, size)

    return vmap_f


def _call_unflattened(fun: Callable[..., Any], treedef: Any, leaves: list[Any],
                      replaced: dict[int, Any]) -> Any:  # fmt: skip
    values = [replaced.get(i, leaf) for i, leaf in enumerate(leaves)]
    args, kwargs = tree_util.tree_unflatten(treedef, values)
    return fun(*args, **kwargs)


def _vmap_jax(call: Callable[..., Any], mapped: list[tuple[int, Array, int]], size: int,
              axis_name: Any = None) -> tuple[Any, list[Array]] | None:  # fmt: skip
    """Real ``jax.vmap`` over the mapped natives (outputs batched along 0), or None when a
    tracked value of an enclosing gradient reached the outputs (the loop is used then)."""
    import jax

    found: dict[str, Any] = {}

    def flat(*natives: Any) -> list[Any]:
        replaced = {
            position: _wrap_like(n, array) for n, (position, array, _) in zip(natives, mapped)
        }
        out = call(replaced)
        leaves, out_tree = tree_util.tree_flatten(out)
        arrays = [_as_array(leaf) for leaf in leaves]
        found["tree"], found["arrays"] = out_tree, arrays
        found["tracked"] = autodiff.recording() and any(
            autodiff.is_tracked(a.native) for a in arrays
        )
        return [a.native for a in arrays]

    in_axes = tuple(axis for _, _, axis in mapped)
    outs = jax.vmap(flat, in_axes=in_axes, axis_size=size, axis_name=axis_name)(
        *[array.native for _, array, _ in mapped]
    )
    if found["tracked"]:
        return None
    return found["tree"], [_wrap_like(o, a) for o, a in zip(outs, found["arrays"])]


def _vmap_loop(call: Callable[..., Any], mapped: list[tuple[int, Array, int]],
               size: int) -> tuple[Any, list[Array]]:  # fmt: skip
    """One call per index of the mapped axis; each output leaf stacked along 0."""
    if size == 0:
        raise NotImplementedError(
            f"vmap over an axis of size 0 is not supported on the {core.current_backend().name} "
            "backend (the loop fallback has no element to run); use the jax backend"
        )
    results: list[list[Array]] = []
    out_tree = None
    for index in range(size):
        replaced = {}
        for position, array, axis in mapped:
            key = (slice(None),) * axis + (index,)
            replaced[position] = _wrap_like(ops.get_item(array.native, key), array)
        leaves, out_tree = tree_util.tree_flatten(call(replaced))
        results.append([_as_array(leaf) for leaf in leaves])
    outs = []
    for column in zip(*results):
        first = column[0]
        outs.append(_wrap_like(ops.stack([a.native for a in column], axis=0), first))
    return out_tree, outs


def _place_out_axes(out_tree: Any, outs: list[Array], out_axes: Any, size: int) -> Any:
    if out_axes is None or isinstance(out_axes, int):
        axes = [out_axes] * len(outs)
    else:
        axes = _broadcast_prefix(out_axes, tree_util.tree_unflatten(out_tree, outs))
    placed = []
    for array, axis in zip(outs, axes):
        if axis is None:
            native = ops.get_item(array.native, (0,))
        else:
            axis = axis % array.ndim
            native = array.native if axis == 0 else ops.moveaxis(array.native, 0, axis)
        placed.append(_wrap_like(native, array))
    return tree_util.tree_unflatten(out_tree, placed)


def pmap(fun: Callable[..., Any], axis_name: Any = None, *, in_axes: Any = 0,
         out_axes: Any = 0, static_broadcasted_argnums: Any = (), devices: Any = None,
         backend: Any = None, axis_size: int | None = None,
         donate_argnums: Any = ()) -> Callable[..., Any]:  # fmt: skip
    """``jax.pmap``: real ``jax.pmap`` across the devices on the jax backend; elsewhere
    :func:`vmap` over the one device there is (a mapped axis of size at most 1, its
    ``axis_name`` bound for the collectives)."""
    if sharding.on_jax():
        return functools.wraps(fun)(sharding.pmap_devices(
            fun, axis_name, in_axes, out_axes, static_broadcasted_argnums, devices, axis_size
        ))  # fmt: skip
    mapped = vmap(fun, in_axes=in_axes, out_axes=out_axes, axis_size=axis_size)

    @functools.wraps(fun)
    def pmap_f(*args: Any, **kwargs: Any) -> Any:
        axes = _broadcast_prefix(in_axes, args)
        for leaf, axis in zip(tree_util.tree_leaves(args), axes):
            if axis is not None and _as_array(leaf).shape[axis] > 1:
                n = _as_array(leaf).shape[axis]
                raise ValueError(
                    f"compiling computation that requires {n} logical devices, but only 1 XLA "
                    f"devices are available (num_replicas={n})"
                )
        with sharding.binding(() if axis_name is None else (axis_name,)):
            return mapped(*args, **kwargs)

    return pmap_f


# ---------------------------------------------------------------------------------------
# shapes and devices
# ---------------------------------------------------------------------------------------
class ShapeDtypeStruct:
    """``jax.ShapeDtypeStruct``: a shape and a dtype."""

    __slots__ = ("dtype", "shape", "sharding", "weak_type")

    def __init__(self, shape: Sequence[int], dtype: Any, *, sharding: Any = None,
                 weak_type: bool = False) -> None:  # fmt: skip
        from frontends.jax._src import dtypes as jdt

        self.shape = tuple(int(n) for n in shape)
        self.dtype = jdt.numpy_dtype(jdt.to_core(dtype))
        self.sharding = sharding
        self.weak_type = weak_type

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(numpy.prod(self.shape, dtype=numpy.int64))

    def __repr__(self) -> str:
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapeDtypeStruct(shape={self.shape}, dtype={self.dtype.name}{weak})"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, ShapeDtypeStruct) and (self.shape, self.dtype, self.weak_type) == (
            other.shape,
            other.dtype,
            other.weak_type,
        )

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype, self.weak_type))


def _is_abstract(leaf: Any) -> bool:
    """A shape-and-dtype leaf that is no array (``ShapeDtypeStruct`` and the like)."""
    if isinstance(leaf, ShapeDtypeStruct):
        return True
    if isinstance(leaf, (FrontendArray, numpy.ndarray, numpy.generic)) or isinstance(
        leaf, core.current_backend().native_array_types
    ):
        return False
    return hasattr(leaf, "shape") and hasattr(leaf, "dtype")


def eval_shape(fun: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``jax.eval_shape``: the shapes and dtypes of ``fun``'s outputs, as a tree of
    :class:`ShapeDtypeStruct`. On the jax backend ``fun`` is traced abstractly by real
    ``jax.eval_shape`` (nothing is computed or allocated); elsewhere it runs on zeros."""
    from frontends.jax._src import dtypes as jdt

    jitted = fun if isinstance(fun, _Jitted) else _Jitted(fun, (), ())
    on_jax = core.current_backend().name == "jax"
    if on_jax:
        import jax as real_jax

    def stand_in(leaf: Any) -> Any:
        if not _is_abstract(leaf):
            return leaf
        dt = jdt.canonicalize(jdt.to_core(leaf.dtype))
        shape = tuple(int(n) for n in leaf.shape)
        if on_jax:  # an abstract value: only ever read by real JAX's tracing below
            native = real_jax.ShapeDtypeStruct(shape, jdt.numpy_dtype(dt))
        else:
            native = ops.zeros(shape, dtype=dt)
        return Array._wrap(native, bool(getattr(leaf, "weak_type", False)), dt)

    args, kwargs = tree_util.tree_map(stand_in, (args, kwargs))
    if not on_jax:
        out = jitted(*args, **kwargs)
        return tree_util.tree_map(
            lambda a: ShapeDtypeStruct(a.shape, a.dtype, weak_type=a.weak_type), out
        )
    key, natives, _ = jitted._flatten(args, kwargs)
    jitted._traced = None
    outs = real_jax.eval_shape(functools.partial(jitted._traceable, key), natives)
    return _out_shapes(jitted._traced, outs)


def natives_and_wrap(tree: Any) -> tuple[list[Any], Callable[[list[Any]], Any]]:
    """A callback's arguments: the tree's leaves as natives (Python scalars as weak arrays,
    as JAX converts them), and the function that makes natives like them the tree again."""
    from frontends.jax import numpy as jnp

    leaves, treedef = tree_util.tree_flatten(tree)
    arrays = [jnp.asarray(leaf) for leaf in leaves]

    def wrap(natives: list[Any]) -> Any:
        return tree_util.tree_unflatten(
            treedef, [Array._wrap(n, a.weak_type, a._dtype) for n, a in zip(natives, arrays)]
        )

    return [a.native for a in arrays], wrap


def pure_callback(callback: Callable[..., Any], result_shape_dtypes: Any, *args: Any,
                  sharding: Any = None, vmap_method: str | None = None,
                  **kwargs: Any) -> Any:  # fmt: skip
    """``jax.pure_callback``: ``callback`` on the arguments (as ``jax.Array`` s), its results
    cast to ``result_shape_dtypes``. Real ``jax.pure_callback`` on the jax backend (staged
    into ``jit``, batched by ``vmap_method``); elsewhere called at once."""
    from frontends.jax._src import dtypes as jdt

    natives, wrap = natives_and_wrap((args, kwargs))
    specs, out_tree = tree_util.tree_flatten(result_shape_dtypes)
    dtypes = [jdt.canonicalize(jdt.to_core(s.dtype)) for s in specs]

    def host(*flat: Any) -> list[numpy.ndarray]:
        a, k = wrap(list(flat))
        results = out_tree.flatten_up_to(callback(*a, **k))
        out = [numpy.asarray(r).astype(jdt.numpy_dtype(d)) for r, d in zip(results, dtypes)]
        for r, s in zip(out, specs):
            if tuple(r.shape) != tuple(s.shape):
                raise RuntimeError(
                    f"pure_callback: the callback returned shape {r.shape}, "
                    f"result_shape_dtypes says {tuple(s.shape)}"
                )
        return out

    if core.current_backend().name == "jax":
        import jax

        shapes = [jax.ShapeDtypeStruct(tuple(s.shape), jdt.numpy_dtype(d)) for s, d in zip(specs, dtypes)]  # fmt: skip
        outs = jax.pure_callback(host, shapes, *natives, vmap_method=vmap_method)
    else:
        outs = [ops.asarray(r, dtype=d) for r, d in zip(host(*natives), dtypes)]
    return tree_util.tree_unflatten(out_tree, [Array._wrap(o, False, d) for o, d in zip(outs, dtypes)])  # fmt: skip


def devices(backend: Any = None) -> list[Any]:
    """``jax.devices``: real JAX's devices on the jax backend, the one CPU elsewhere."""
    return sharding.real_jax().devices(backend) if sharding.on_jax() else [sharding.DEVICE]


def local_devices(process_index: Any = None, backend: Any = None) -> list[Any]:
    if sharding.on_jax():
        return sharding.real_jax().local_devices(process_index, backend)
    return [sharding.DEVICE]


def device_count(backend: Any = None) -> int:
    return len(devices(backend))


def local_device_count(backend: Any = None) -> int:
    return len(local_devices(backend=backend))


def default_backend() -> str:
    return "cpu"


def process_index(backend: Any = None) -> int:
    return 0


def process_count(backend: Any = None) -> int:
    return 1


def make_jaxpr(fun: Callable[..., Any], static_argnums: int | Sequence[int] = (),
               axis_env: Any = None, return_shape: bool = False,
               abstracted_axes: Any = None) -> Callable[..., Any]:  # fmt: skip
    """``jax.make_jaxpr``: real JAX's ``ClosedJaxpr`` of ``fun`` on the jax backend (``fun``
    traced with the natives of its arguments, as :func:`jit` traces it; a ``jit``-ed
    ``fun`` shows as one ``pjit`` equation, as in JAX). Other backends make no jaxpr: a
    NotImplementedError names the backend to set."""
    jitted = fun if isinstance(fun, _Jitted) else _Jitted(fun, *_normalize_static(fun, static_argnums, ()))  # fmt: skip

    @functools.wraps(fun)
    def make(*args: Any, **kwargs: Any) -> Any:
        require_jax_backend("jax.make_jaxpr")
        import jax as real_jax

        key, natives, _ = jitted._flatten(args, kwargs)
        inner = jitted._real("jax.make_jaxpr") if jitted is fun else jitted._traceable
        jitted._traced = None
        closed = real_jax.make_jaxpr(inner, static_argnums=(0,))(key, natives)
        if return_shape:
            return closed, _out_shapes(jitted._traced, closed.out_avals)
        return closed

    return make


def named_call(fun: Callable[..., Any], *, name: str | None = None) -> Callable[..., Any]:
    """``jax.named_call``: names only label JAX's traces; returns ``fun``."""
    return fun


@contextlib.contextmanager
def named_scope(name: str) -> Iterator[None]:
    """``jax.named_scope``: a no-op block (names only label JAX's traces)."""
    if not isinstance(name, str):
        raise TypeError("named_scope name argument must be a string.")
    yield


@contextlib.contextmanager
def ensure_compile_time_eval() -> Iterator[None]:
    """``jax.ensure_compile_time_eval``: values are concrete here already off a trace."""
    yield
