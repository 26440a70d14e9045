"""``jax.lax``'s control flow: ``cond``, ``switch``, ``while_loop``, ``fori_loop``,
``scan``, ``map``, ``associative_scan``.

Eagerly (every backend) these are Python control flow over frontend arrays: the
predicate is read on the host (as JAX does eagerly) and loops unroll, so the core
autodiff engine records every step and gradients flow through ``scan``, ``fori_loop``
and ``cond`` (and through ``while_loop`` too, which real JAX cannot reverse-differentiate).

Under ``jax.jit`` on the jax backend a traced predicate cannot drive Python control flow,
so where the predicate, the loop bounds or the carry are tracers these map onto real
``jax.lax`` control flow over the native arrays (one compiled loop, as real JAX traces
it). What that means for differentiation: the core engine cannot see inside a native
``jax.lax`` loop, so when the engine is recording and an operand (or a value the
function closes over) is tracked
``cond``/``switch`` with a traced predicate evaluate every branch and select (the gradient
of the taken branch flows; as JAX's cond under vmap), ``scan`` and ``fori_loop`` with
static lengths unroll (traced program size grows with the length), and ``while_loop``
with a traced predicate raises (as JAX's reverse-mode ``while_loop`` does).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy

import core
from core import autodiff as _ad
from core import native as ops
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array
from frontends.jax.lax._base import asarray, is_tracer, wrap


def _tree() -> Any:
    from frontends.jax import tree_util

    return tree_util


def _as_arrays(tree: Any) -> tuple[list[Array], Any]:
    tu = _tree()
    leaves, treedef = tu.tree_flatten(tree)
    return [asarray(leaf) for leaf in leaves], treedef


def _any_tracer(arrays: Sequence[Array]) -> bool:
    return any(is_tracer(a.native) for a in arrays)


def _tracked_value(value: Any, depth: int = 0) -> bool:
    if isinstance(value, Array):
        return _ad.is_tracked(value.native)
    if depth < 2 and isinstance(value, (list, tuple)):
        return any(_tracked_value(v, depth + 1) for v in value)
    if depth < 2 and isinstance(value, dict):
        return any(_tracked_value(v, depth + 1) for v in value.values())
    return False


def _engine_sees(fns: Sequence[Callable], arrays: Sequence[Array]) -> bool:
    """Whether the autodiff engine must see every step: it is recording and an operand,
    or a value a function closes over, is tracked. (Tracked values reached only through
    globals are not detected: pass them as operands.)"""
    if not _ad.recording():
        return False
    if any(_ad.is_tracked(a.native) for a in arrays):
        return True
    for fn in fns:
        for cell in getattr(fn, "__closure__", None) or ():
            try:
                contents = cell.cell_contents
            except ValueError:
                continue
            if _tracked_value(contents):
                return True
    return False


def _jax_lax() -> Any:
    import jax

    return jax.lax


def _native_fn(fn: Callable, treedefs: Sequence[Any], weaks: Sequence[Sequence[bool]],
               out: dict[str, Any]) -> Callable:  # fmt: skip
    """``fn`` over frontend pytrees as a function of native leaves (for real jax.lax);
    records the output's treedef and weak flags in ``out``."""
    tu = _tree()

    def native_fn(*groups: Any) -> Any:
        args = [
            tu.tree_unflatten(td, [Array._wrap(v, w) for v, w in zip(group, ws)])
            for group, td, ws in zip(groups, treedefs, weaks)
        ]
        result = fn(*args)
        leaves, td = tu.tree_flatten(result)
        arrays = [asarray(leaf) for leaf in leaves]
        out["treedef"] = td
        out["weak"] = [a.weak_type for a in arrays]
        out["dtypes"] = [a._dtype for a in arrays]
        return [a.native for a in arrays]

    return native_fn


def _unwrap_out(natives: Sequence[Any], out: dict[str, Any]) -> Any:
    tu = _tree()
    return tu.tree_unflatten(
        out["treedef"], [Array._wrap(v, w) for v, w in zip(natives, out["weak"])]
    )


def _scalar_pred(name: str, pred: Any) -> Array:
    p = asarray(pred, name)
    if p.ndim:
        raise TypeError(f"Pred must be a scalar, got an array of shape {p.shape}.")
    if p._dtype.kind not in "biuf":
        raise TypeError(f"Pred type must be either boolean or number, got {p.dtype}.")
    return p


def _select_trees(pred: Any, trees: Sequence[Any]) -> Any:
    """Elementwise selection among branch outputs by a native int index (traced)."""
    tu = _tree()
    flat = [tu.tree_flatten(t) for t in trees]
    treedef = flat[0][1]
    for _, td in flat[1:]:
        if td != treedef:
            raise TypeError(f"branches must have equal output structure, got {treedef} and {td}.")
    out = []
    for leaves in zip(*(f[0] for f in flat)):
        arrays = [asarray(leaf) for leaf in leaves]
        _check_branch_types(arrays)
        value = arrays[-1].native
        for i in range(len(arrays) - 2, -1, -1):
            value = ops.where(ops.less_equal(pred, i), arrays[i].native, value)
        out.append(Array._wrap(value, all(a.weak_type for a in arrays)))
    return tu.tree_unflatten(treedef, out)


def _check_branch_types(arrays: Sequence[Array]) -> None:
    first = arrays[0]
    for a in arrays[1:]:
        if a.shape != first.shape or (a._dtype != first._dtype):
            raise TypeError(
                "branch outputs must have the same types, got "
                f"{first.dtype.name}{list(first.shape)} and {a.dtype.name}{list(a.shape)}."
            )


def cond(
    pred: Any, true_fun: Callable, false_fun: Callable, *operands: Any, operand: Any = None
) -> Any:
    """``lax.cond``: ``true_fun(*operands)`` if ``pred`` else ``false_fun(*operands)``."""
    if operand is not None:
        operands = (operand,)
    if not callable(true_fun) or not callable(false_fun):
        raise TypeError("lax.cond: true_fun and false_fun arguments should be callable.")
    p = _scalar_pred("cond", pred)
    if not is_tracer(p.native):
        return true_fun(*operands) if bool(p) else false_fun(*operands)
    index = ops.astype(ops.not_equal(p.native, 0), core.Dtype("int32"))
    return _traced_switch(index, [false_fun, true_fun], operands)


def switch(index: Any, branches: Sequence[Callable], *operands: Any, operand: Any = None) -> Any:
    """``lax.switch``: ``branches[clamp(index)](*operands)``."""
    if operand is not None:
        operands = (operand,)
    branches = list(branches)
    if not branches:
        raise ValueError("Empty branch sequence")
    i = asarray(index, "switch")
    if i.ndim:
        raise TypeError(f"Branch index must be scalar, got an array of shape {i.shape}.")
    if i._dtype.kind not in "iu":
        raise TypeError(f"Index type must be an integer, got {i.dtype}.")
    n = len(branches)
    if not is_tracer(i.native):
        return branches[min(max(int(i), 0), n - 1)](*operands)
    idx = ops.clip(ops.astype(i.native, core.Dtype("int32")), 0, n - 1)
    return _traced_switch(idx, branches, operands)


def _traced_switch(index: Any, branches: Sequence[Callable], operands: Sequence[Any]) -> Any:
    arrays, treedef = _as_arrays(tuple(operands))
    if _engine_sees(branches, arrays):
        return _select_trees(index, [b(*operands) for b in branches])
    weaks = [a.weak_type for a in arrays]
    out: dict[str, Any] = {}

    def branch(b: Callable) -> Callable:
        return _native_fn(lambda ops_tuple: b(*ops_tuple), [treedef], [weaks], out)

    natives = _jax_lax().switch(index, [branch(b) for b in branches], [a.native for a in arrays])
    return _unwrap_out(natives, out)


class _Retype(Exception):
    """A weak carry leaf met a body output of another dtype: JAX re-traces with the
    carry promoted to that type; the eager loop restarts from the promoted init."""

    def __init__(self, index: int, dtype: core.Dtype, weak: bool) -> None:
        self.index, self.dtype, self.weak = index, dtype, weak


def _promote_carry(carry: list[Array], new: list[Array], name: str) -> list[Array]:
    """The body's output as the new carry: the input carry's shapes, dtypes and weak
    flags (a weak input whose output has another dtype raises :class:`_Retype`)."""
    if len(carry) != len(new):
        raise TypeError(f"{name}: body_fun output and input must have the same pytree structure")
    out = []
    for i, (c, n) in enumerate(zip(carry, new)):
        if c.shape != n.shape or (c._dtype != n._dtype and not c.weak_type):
            raise TypeError(
                f"{name} body function carry input and carry output must have equal types, "
                f"but they differ: the input carry has type {c.dtype.name}{list(c.shape)} "
                f"but the corresponding output carry component has type "
                f"{n.dtype.name}{list(n.shape)}."
            )
        if c._dtype != n._dtype:
            raise _Retype(i, n._dtype, n.weak_type)
        out.append(
            n if n.weak_type == c.weak_type else Array._wrap(n.native, c.weak_type, c._dtype)
        )
    return out


def _final(carry: list[Array], last: list[Array] | None) -> list[Array]:
    """The loop's result carry: the last body output's weak flags (JAX's carry-out type)."""
    if last is None:
        return carry
    return [Array._wrap(c.native, n.weak_type, c._dtype) for c, n in zip(carry, last)]


def _retyped(carry: list[Array], retype: _Retype) -> list[Array]:
    out = list(carry)
    c = out[retype.index]
    out[retype.index] = Array._wrap(ops.astype(c.native, retype.dtype), retype.weak, retype.dtype)
    return out


def _with_retypes(run: Callable[[list[Array]], Any], carry: list[Array]) -> Any:
    """``run(carry)``, restarted with a promoted carry whenever it raises _Retype."""
    for _ in range(4 * len(carry) + 1):
        try:
            return run(carry)
        except _Retype as retype:
            carry = _retyped(carry, retype)
    return run(carry)


def while_loop(cond_fun: Callable, body_fun: Callable, init_val: Any) -> Any:
    """``lax.while_loop``: a Python loop eagerly (differentiable by the core engine);
    real ``jax.lax.while_loop`` when the predicate is traced under ``jax.jit``."""
    tu = _tree()
    init, treedef = _as_arrays(init_val)

    def run(carry: list[Array]) -> Any:
        val = tu.tree_unflatten(treedef, carry)
        last = None
        while True:
            p = _scalar_pred("while_loop", cond_fun(val))
            if is_tracer(p.native):
                return _traced_while(cond_fun, body_fun, val)
            if not bool(p):
                return tu.tree_unflatten(treedef, _final(carry, last))
            new, new_def = _as_arrays(body_fun(val))
            if new_def != treedef:
                raise TypeError(
                    f"while_loop body function carry input and carry output must have the "
                    f"same pytree structure, but they differ: {treedef} and {new_def}."
                )
            carry, last = _promote_carry(carry, new, "while_loop"), new
            val = tu.tree_unflatten(treedef, carry)

    return _with_retypes(run, init)


def _traced_while(cond_fun: Callable, body_fun: Callable, init_val: Any) -> Any:
    if _engine_sees((cond_fun, body_fun), _as_arrays(init_val)[0]):
        raise ValueError(
            "Reverse-mode differentiation does not work for lax.while_loop with a traced "
            "predicate (as in JAX). Try using lax.scan or lax.fori_loop with static trip "
            "count instead."
        )
    arrays, treedef = _as_arrays(init_val)
    weaks = [a.weak_type for a in arrays]
    out: dict[str, Any] = {}
    pred_out: dict[str, Any] = {}
    c = _native_fn(lambda v: cond_fun(v), [treedef], [weaks], pred_out)
    b = _native_fn(lambda v: body_fun(v), [treedef], [weaks], out)
    natives = _jax_lax().while_loop(lambda v: c(v)[0], b, [a.native for a in arrays])
    out.setdefault("treedef", treedef)
    out.setdefault("weak", weaks)
    return _unwrap_out(natives, out)


def _bound(value: Any) -> Any:
    """A loop bound as a Python int where concrete, else the traced native array."""
    if isinstance(value, (int, numpy.integer)):
        return int(value)
    a = asarray(value, "fori_loop")
    if is_tracer(a.native):
        return a
    return int(a)


def fori_loop(
    lower: Any, upper: Any, body_fun: Callable, init_val: Any, *, unroll: Any = None
) -> Any:
    """``lax.fori_loop``: ``body_fun(i, val)`` for ``i`` in ``[lower, upper)``; the index
    has the bounds' dtype (weak int32 for Python ints)."""
    lo_in, hi_in = lower, upper
    lo, hi = _bound(lower), _bound(upper)
    dt, weak = jdt.lattice_result_type(
        lo_in if not isinstance(lo, Array) else lo, hi_in if not isinstance(hi, Array) else hi
    )
    if dt.kind not in "iu":
        raise TypeError(
            f"lower and upper arguments to fori_loop must have integer dtypes, got {dt}"
        )
    tu = _tree()
    carry, treedef = _as_arrays(init_val)
    static = isinstance(lo, int) and isinstance(hi, int)
    if static and not (_any_tracer(carry) and not _engine_sees((body_fun,), carry)):

        def run(carry: list[Array]) -> Any:
            val = tu.tree_unflatten(treedef, carry)
            last = None
            for i in range(lo, hi):
                index = Array._wrap(ops.asarray(i, dtype=dt), weak, dt)
                new, new_def = _as_arrays(body_fun(index, val))
                if new_def != treedef:
                    raise TypeError(
                        "fori_loop body function carry input and carry output must have the "
                        f"same pytree structure, but they differ: {treedef} and {new_def}."
                    )
                carry, last = _promote_carry(carry, new, "fori_loop"), new
                val = tu.tree_unflatten(treedef, carry)
            return tu.tree_unflatten(treedef, _final(carry, last))

        return _with_retypes(run, carry)
    if _engine_sees((body_fun,), carry):
        raise ValueError(
            "Reverse-mode differentiation does not work for lax.fori_loop with traced "
            "bounds (a while_loop, as in JAX). Use static bounds."
        )
    weaks = [a.weak_type for a in carry]
    out: dict[str, Any] = {}

    def body(i: Any, natives: Any) -> Any:
        index = Array._wrap(ops.astype(i, dt), weak, dt)
        fn = _native_fn(lambda v: body_fun(index, v), [treedef], [weaks], out)
        return fn(natives)

    lo_n = ops.asarray(lo, dtype=dt) if isinstance(lo, int) else ops.astype(lo.native, dt)
    hi_n = ops.asarray(hi, dtype=dt) if isinstance(hi, int) else ops.astype(hi.native, dt)
    natives = _jax_lax().fori_loop(lo_n, hi_n, body, [a.native for a in carry])
    out.setdefault("treedef", treedef)
    out.setdefault("weak", weaks)
    return _unwrap_out(natives, out)


def scan(f: Callable, init: Any, xs: Any = None, length: int | None = None, reverse: bool = False,
         unroll: Any = 1, _split_transpose: bool = False) -> tuple[Any, Any]:  # fmt: skip
    """``lax.scan``: ``carry, y = f(carry, x)`` over the leading axis of ``xs``; returns
    the final carry and the stacked ``y``s. Eagerly (and whenever the core engine is
    recording) a Python loop; under ``jax.jit`` on the jax backend, real ``jax.lax.scan``."""
    tu = _tree()
    carry, c_def = _as_arrays(init)
    x_arrays, x_def = _as_arrays(xs)
    lengths = {a.shape[0] if a.ndim else None for a in x_arrays}
    if None in lengths:
        raise ValueError("scan got value with no leading axis to scan over")
    if length is not None:
        lengths.add(int(length))
    if len(lengths) > 1:
        raise ValueError(
            f"scan got `length` argument of {length} which disagrees with leading axis sizes "
            f"{sorted(a.shape[0] for a in x_arrays)}."
        )
    if not lengths:
        raise ValueError("scan got no values to scan over and `length` not provided.")
    n = lengths.pop()
    if (_any_tracer(carry) or _any_tracer(x_arrays)) and not _engine_sees((f,), carry + x_arrays):
        return _with_retypes(
            lambda c: _traced_scan(f, c, c_def, x_arrays, x_def, n, reverse), carry
        )
    order = range(n - 1, -1, -1) if reverse else range(n)

    def run(carry: list[Array]) -> tuple[Any, Any]:
        val = tu.tree_unflatten(c_def, carry)
        ys: list[list[Array]] = []
        y_def = None
        last = None
        for i in order:
            x = tu.tree_unflatten(
                x_def, [Array._wrap(ops.get_item(a.native, i), a.weak_type) for a in x_arrays]
            )
            result = f(val, x)
            if not isinstance(result, (tuple, list)) or len(result) != 2:
                raise TypeError("scan body output must be a pair, got " + type(result).__name__)
            new_carry, y = result
            new, new_def = _as_arrays(new_carry)
            if new_def != c_def:
                raise TypeError(
                    "scan body function carry input and carry output must have the same "
                    f"pytree structure, but they differ: {c_def} and {new_def}."
                )
            carry, last = _promote_carry(carry, new, "scan"), new
            val = tu.tree_unflatten(c_def, carry)
            y_arrays, y_def = _as_arrays(y)
            ys.append(y_arrays)
        if n == 0:
            return val, _empty_ys(f, val, x_arrays, x_def)
        val = tu.tree_unflatten(c_def, _final(carry, last))
        if reverse:
            ys.reverse()
        stacked = [
            Array._wrap(ops.stack([y[k].native for y in ys], axis=0), ys[0][k].weak_type)
            for k in range(len(ys[0]))
        ]
        return val, tu.tree_unflatten(y_def, stacked)

    return _with_retypes(run, carry)


def _empty_ys(f: Callable, val: Any, x_arrays: list[Array], x_def: Any) -> Any:
    """Zero-length stacked outputs: ``f`` evaluated once on zeros for their types."""
    tu = _tree()
    x = tu.tree_unflatten(
        x_def, [Array._wrap(ops.zeros(a.shape[1:], dtype=a._dtype), a.weak_type) for a in x_arrays]
    )
    _, y = f(val, x)
    y_arrays, y_def = _as_arrays(y)
    return tu.tree_unflatten(
        y_def,
        [Array._wrap(ops.zeros((0, *a.shape), dtype=a._dtype), a.weak_type) for a in y_arrays],
    )


def _traced_scan(f: Callable, carry: list[Array], c_def: Any, x_arrays: list[Array], x_def: Any,
                 n: int, reverse: bool) -> tuple[Any, Any]:  # fmt: skip
    tu = _tree()
    c_weak = [a.weak_type for a in carry]
    x_weak = [a.weak_type for a in x_arrays]
    meta: dict[str, Any] = {}

    def body(c: Any, x: Any) -> Any:
        cv = tu.tree_unflatten(c_def, [Array._wrap(v, w) for v, w in zip(c, c_weak)])
        xv = tu.tree_unflatten(x_def, [Array._wrap(v, w) for v, w in zip(x, x_weak)])
        new_c, y = f(cv, xv)
        raw, _ = _as_arrays(new_c)
        new = _promote_carry(carry, raw, "scan")
        ya, y_def = _as_arrays(y)
        meta["y_def"], meta["y_weak"] = y_def, [a.weak_type for a in ya]
        meta["c_weak"] = [a.weak_type for a in raw]
        return [a.native for a in new], [a.native for a in ya]

    c_out, y_out = _jax_lax().scan(
        body, [a.native for a in carry], [a.native for a in x_arrays], length=n, reverse=reverse
    )
    c_tree = tu.tree_unflatten(c_def, [Array._wrap(v, w) for v, w in zip(c_out, meta["c_weak"])])
    y_tree = tu.tree_unflatten(
        meta["y_def"], [Array._wrap(v, w) for v, w in zip(y_out, meta["y_weak"])]
    )
    return c_tree, y_tree


def map(f: Callable, xs: Any, *, batch_size: int | None = None) -> Any:
    """``lax.map``: ``f`` over the leading axis (``batch_size`` groups calls, as JAX,
    which gives the same values)."""
    _, ys = scan(lambda _, x: ((), f(x)), (), xs)
    return ys


def associative_scan(fn: Callable, elems: Any, reverse: bool = False, axis: int = 0) -> Any:
    """``lax.associative_scan``: JAX's parallel prefix (odd/even recursion), so partial
    results combine in JAX's order."""
    tu = _tree()
    arrays, treedef = _as_arrays(elems)
    if not arrays:
        return elems
    nd = arrays[0].ndim
    ax = axis % nd
    n = arrays[0].shape[ax]
    if any(a.shape[ax] != n for a in arrays):
        raise ValueError(
            "Array inputs to associative_scan must have the same first dimension. (saw: "
            f"{[a.shape for a in arrays]})"
        )
    natives = [a.native for a in arrays]
    weaks = [a.weak_type for a in arrays]
    if reverse:
        natives = [ops.flip(v, axis=(ax,)) for v in natives]

    def sl(v: Any, start: int, stop: int | None, step: int = 1) -> Any:
        return ops.get_item(v, (slice(None),) * ax + (slice(start, stop, step),))

    def combine(a: list[Any], b: list[Any]) -> list[Any]:
        ta = tu.tree_unflatten(treedef, [Array._wrap(v, w) for v, w in zip(a, weaks)])
        tb = tu.tree_unflatten(treedef, [Array._wrap(v, w) for v, w in zip(b, weaks)])
        return [asarray(leaf).native for leaf in tu.tree_leaves(fn(ta, tb))]

    def interleave(a: Any, b: Any) -> Any:
        na, nb = int(a.shape[ax]), int(b.shape[ax])
        if na == nb:
            pairs = ops.stack([a, b], axis=ax + 1)
            shape = list(a.shape)
            shape[ax] = na + nb
            return ops.reshape(pairs, tuple(shape))
        pairs = interleave(sl(a, 0, nb), b)
        return ops.concat([pairs, sl(a, nb, None)], axis=ax)

    def scan_(elems: list[Any]) -> list[Any]:
        num = int(elems[0].shape[ax])
        if num < 2:
            return elems
        reduced = combine([sl(e, 0, -1, 2) for e in elems], [sl(e, 1, None, 2) for e in elems])
        odd = scan_(reduced)
        if num % 2 == 0:
            even = combine([sl(e, 0, -1) for e in odd], [sl(e, 2, None, 2) for e in elems])
        else:
            even = combine(odd, [sl(e, 2, None, 2) for e in elems])
        even = [ops.concat([sl(e, 0, 1), r], axis=ax) for e, r in zip(elems, even)]
        return [interleave(e, o) for e, o in zip(even, odd)]

    out = scan_(natives)
    if reverse:
        out = [ops.flip(v, axis=(ax,)) for v in out]
    return tu.tree_unflatten(treedef, [Array._wrap(v, w) for v, w in zip(out, weaks)])


_ = wrap
