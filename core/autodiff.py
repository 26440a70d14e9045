"""core's one reverse-mode autodiff engine, for every backend.

A value is *tracked* once :func:`track` registers it (a leaf) or a recorded function
produces it. While grad mode is on and anything has been tracked, :mod:`core.native` (and
``core``'s public functions) are bound to *recording* versions of every function: a call
with a tracked array input records a :class:`Node` (the function's vjp rule, its
arguments, its inputs' nodes); a call with none runs the plain function. With nothing
tracked, or under :func:`no_grad`, the plain functions are bound: untracked code pays
nothing.

Rules are declared beside their functions in :mod:`core.ops` with :func:`defvjp`, written
with :mod:`core.native` functions so they run on every backend (and are recorded in turn
when the backward pass itself is recorded: gradients of gradients). A function without a
rule differentiates through its composition when it has one (compositional and mixed
functions); a primary function without a rule raises when a tracked value reaches it
(``tests/core/test_autodiff.py`` lists them).

Values are native arrays; the engine keys nodes by ``id`` and forgets an entry when its
array is collected (weak references), so a graph lives as long as the arrays that reach
it. Everything is Python bookkeeping around native calls, so it traces under ``jax.jit``.
"""

from __future__ import annotations

import contextlib
import dis
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from core import dtypes as _dtypes

__all__ = [
    "Node",
    "backward",
    "defvjp",
    "enable_grad",
    "grad",
    "is_grad_enabled",
    "is_tracked",
    "expand_reduced",
    "leaves_of",
    "mark_modified",
    "ModifiedError",
    "no_grad",
    "node_of",
    "nondifferentiable",
    "add_hook",
    "record",
    "retrack",
    "set_grad_enabled",
    "set_node_check",
    "track",
    "untrack",
    "value_and_grad",
    "vjp",
]

VjpRule = Callable[..., Sequence[Any]]
_rules: dict[str, VjpRule] = {}
_grad_enabled = True
_active = False  # some value has been tracked: the recording functions are bound


class _Ref(weakref.ref):
    __slots__ = ("key",)


class Node:
    """One recorded call (or a leaf): how cotangents of its outputs reach its inputs."""

    __slots__ = (
        "__weakref__",
        "args",
        "hooks",
        "kwargs",
        "leaf_sink",
        "name",
        "output_refs",
        "outputs",
        "parents",
        "rule",
    )

    def __init__(self, name: str, rule: VjpRule | None, args: Any, kwargs: Any,
                 parents: tuple[tuple[int, Node, int], ...], outputs: tuple[Any, ...]) -> None:  # fmt: skip
        self.name = name
        self.rule = rule
        self.args = args
        self.kwargs = kwargs
        self.parents = parents  # (input slot, parent node, parent output index)
        self.outputs = outputs  # (shape, dtype) of each output
        self.output_refs: tuple[Any, ...] = ()  # weak references to the outputs
        self.leaf_sink: Callable[[Any], None] | None = None
        self.hooks: dict[int, list[Callable[[Any], Any]]] | None = None

    @property
    def is_leaf(self) -> bool:
        return self.rule is None

    def __repr__(self) -> str:
        return f"<core.autodiff.Node {self.name}>"


_nodes: dict[int, tuple[_Ref, Node, int]] = {}


def _forget(ref: _Ref, nodes: dict[int, tuple[_Ref, Node, int]] = _nodes) -> None:
    # the dict is bound as a default: module globals may be gone at interpreter exit
    entry = nodes.get(ref.key)
    if entry is not None and entry[0] is ref:
        del nodes[ref.key]


def _register(value: Any, node: Node, index: int) -> _Ref:
    """Key ``value``'s node by identity; the weak reference returned forgets it."""
    ref = _Ref(value, _forget)
    ref.key = id(value)
    _nodes[ref.key] = (ref, node, index)
    return ref


def _entry(value: Any) -> tuple[Node, int] | None:
    entry = _nodes.get(id(value))
    if entry is None or entry[0]() is not value:
        return None
    return entry[1], entry[2]


def node_of(value: Any) -> Node | None:
    """The node that produced ``value`` (a leaf's own node), or None if untracked."""
    entry = _entry(value)
    return entry[0] if entry is not None else None


def is_tracked(value: Any) -> bool:
    return _entry(value) is not None


def _meta(value: Any) -> tuple[tuple[int, ...], Any]:
    return tuple(value.shape), value.dtype


def track(value: Any, sink: Callable[[Any], None] | None = None) -> Node:
    """Make ``value`` (a native array) a leaf; ``sink(cotangent)`` receives its gradient
    in :func:`backward`. Tracking again gives the same leaf a new value (an optimizer's
    in-place update keeps the parameter a leaf)."""
    global _active
    from core.array import Array

    if isinstance(value, Array):  # core's functions unwrap it: its gradient would be 0
        raise TypeError(
            "core.autodiff follows native arrays, not core.Array: track (or differentiate "
            "with respect to) its .data, and compute with core.native inside the function"
        )
    node = Node("leaf", None, None, None, (), (_meta(value),))
    node.leaf_sink = sink
    node.output_refs = (_register(value, node, 0),)
    if not _active:
        _active = True
        _rebind()
    return node


def retrack(value: Any, node: Node) -> None:
    """Register a new value for an existing leaf ``node``."""
    node.outputs = (_meta(value),)
    node.output_refs = (_register(value, node, 0),)


def leaves_of(outputs: Sequence[Any]) -> list[Any]:
    """The leaf values (alive ones) the recorded graph of ``outputs`` reaches, each once,
    in a fixed order (:func:`backward`'s, reversed)."""
    found: list[Any] = []
    roots = [entry[0] for entry in map(_entry, outputs) if entry is not None]
    for node in reversed(_topological(roots)):
        if node.rule is None:
            value = node.output_refs[0]() if node.output_refs else None
            if value is not None and _entry(value) is not None:
                found.append(value)
    return found


def untrack(value: Any) -> None:
    """Forget ``value``'s node (``detach`` in place)."""
    entry = _nodes.get(id(value))
    if entry is not None and entry[0]() is value:
        del _nodes[id(value)]


# ---------------------------------------------------------------------------------------
# values modified in place after they were saved
# ---------------------------------------------------------------------------------------
class ModifiedError(RuntimeError):
    """A backward pass needs a value that an in-place operation replaced after it was
    saved (torch's version-counter error)."""


_modified: dict[int, tuple[_Ref, Any]] = {}


def _forget_modified(ref: _Ref, modified: dict[int, tuple[_Ref, Any]] = _modified) -> None:
    entry = modified.get(ref.key)
    if entry is not None and entry[0] is ref:
        del modified[ref.key]


def mark_modified(old: Any, new: Any) -> None:
    """Note that a frontend's in-place operation replaced the native value ``old`` by
    ``new``: a node that saved ``old`` (other than the one that computed ``new`` from it)
    raises :class:`ModifiedError` in :func:`backward`. Native arrays are immutable, so the
    saved value is still intact; torch raises because its saved tensor is not."""
    if not _active or old is new:
        return
    try:
        ref = _Ref(old, _forget_modified)
    except TypeError:  # not weakly referenceable (a Python number): never saved as a node's
        return
    ref.key = id(old)
    entry = _entry(new)
    _modified[ref.key] = (ref, entry[0] if entry is not None else None)


def _modified_node(value: Any) -> Any:
    """``(modifying node or None,)`` when ``value`` was replaced in place, else None."""
    entry = _modified.get(id(value))
    if entry is None or entry[0]() is not value:
        return None
    return (entry[1],)


_saved_cache: dict[Any, tuple[bool, tuple[str, ...], str | None, frozenset[str]]] = {}


def _saved_names(rule: VjpRule) -> tuple[bool, tuple[str, ...], str | None, frozenset[str]]:
    """What a rule reads: (the output?, its positional parameter names after ``g, y``, its
    ``*args`` name, the names it loads); every parameter is read for a rule without code."""
    cached = _saved_cache.get(rule)
    if cached is not None:
        return cached
    code = getattr(rule, "__code__", None)
    if code is None:
        result: tuple[bool, tuple[str, ...], str | None, frozenset[str]] = (
            True,
            (),
            "*",
            frozenset(),
        )
    else:
        loaded = frozenset(
            i.argval for i in dis.get_instructions(code)
            if i.opname in ("LOAD_FAST", "LOAD_DEREF", "LOAD_CLOSURE", "LOAD_FAST_CHECK")
        )  # fmt: skip
        names = code.co_varnames[: code.co_argcount]
        star = code.co_varnames[code.co_argcount + code.co_kwonlyargcount] if code.co_flags & 4 else None  # fmt: skip
        result = (len(names) > 1 and names[1] in loaded, tuple(names[2:]), star, loaded)
    _saved_cache[rule] = result
    return result


def _check_saved(node: Node) -> None:
    """Raise :class:`ModifiedError` when a value ``node``'s rule reads was modified in place."""
    reads_output, names, star, loaded = _saved_names(node.rule)
    suspects: list[Any] = []
    if reads_output:
        suspects.extend(ref() for ref in node.output_refs)
    tracked = {slot for slot, _, _ in node.parents}
    arrays = 0
    for position, value in enumerate(node.args):
        name = names[position] if position < len(names) else star
        if hasattr(value, "shape"):
            slot, arrays = arrays, arrays + 1
            factors = _multilinear.get(node.name)
            if factors is not None:
                if factors and slot not in factors:
                    continue  # a term added to the product: its value is never needed
                if not (tracked & factors if factors else tracked) - {slot}:
                    continue  # needed only for another factor's cotangent; none is tracked
        if name == "*" or name in loaded:
            suspects.append(value)
    for key, value in node.kwargs.items():
        if key in loaded:
            suspects.append(value)
    for value in suspects:
        if not hasattr(value, "shape"):
            continue
        modifier = _modified_node(value)
        if modifier is not None and modifier[0] is not node:
            raise ModifiedError(
                "one of the variables needed for gradient computation has been modified by "
                f"an inplace operation: an array of shape {list(value.shape)} and dtype "
                f"{_core_dtype(value.dtype)} saved by {node.name}. Hint: the operation that "
                "failed to compute its gradient is the one using that value; clone it before "
                "modifying it in place."
            )


class _Last:
    """A hook that runs after every other hook of its value (torch's retain_grad)."""

    def __init__(self, hook: Callable[[Any], Any]) -> None:
        self.hook = hook

    def __call__(self, cotangent: Any) -> Any:
        return self.hook(cotangent)


def add_hook(value: Any, hook: Callable[[Any], Any], *, last: bool = False) -> Callable[[], None]:
    """Call ``hook(cotangent)`` when ``value``'s cotangent is complete in :func:`backward`
    (before it reaches a leaf's sink or the value's producer); a non-None result replaces
    the cotangent. Hooks run in the order added, those added with ``last`` after all the
    others. Returns a function that removes the hook."""
    entry = _entry(value)
    if entry is None:
        raise ValueError("add_hook: the value is not tracked")
    node, index = entry
    if node.hooks is None:
        node.hooks = {}
    hooks = node.hooks.setdefault(index, [])
    if last:
        hook = _Last(hook)
        hooks.append(hook)
    else:
        position = next((i for i, h in enumerate(hooks) if isinstance(h, _Last)), len(hooks))
        hooks.insert(position, hook)

    def remove() -> None:
        if hook in hooks:
            hooks.remove(hook)

    return remove


def record(name: str, rule: VjpRule, inputs: Sequence[Any], outputs: Sequence[Any],
           differentiable: Sequence[bool] | None = None) -> Node | None:  # fmt: skip
    """Record a custom node (a frontend's Python-defined function, torch.autograd.Function):
    ``rule(cotangent, output, *inputs)`` (tuples of cotangents/outputs when several outputs)
    returns one cotangent per input (None where none flows). Outputs must be fresh arrays;
    those marked not ``differentiable`` stay untracked. None when nothing is recorded."""
    if not recording():
        return None
    parents = []
    for slot, value in enumerate(inputs):
        entry = _entry(value)
        if entry is not None:
            parents.append((slot, entry[0], entry[1]))
    if not parents:
        return None
    node = Node(name, rule, tuple(inputs), {}, tuple(parents), tuple(_meta(o) for o in outputs))
    refs = []
    for index, output in enumerate(outputs):
        if (differentiable is None or differentiable[index]) and _differentiable(output.dtype):
            refs.append(_register(output, node, index))
        else:
            refs.append(lambda output=output: output)
    node.output_refs = tuple(refs)
    return node


# ---------------------------------------------------------------------------------------
# grad mode
# ---------------------------------------------------------------------------------------
def is_grad_enabled() -> bool:
    return _grad_enabled


def recording() -> bool:
    """Whether the recording functions are bound (grad mode on, something tracked)."""
    return _grad_enabled and _active


def set_grad_enabled(mode: bool) -> None:
    global _grad_enabled
    mode = bool(mode)
    if mode != _grad_enabled:
        _grad_enabled = mode
        if _active:
            _rebind()


@contextlib.contextmanager
def _grad_mode(mode: bool) -> Iterator[None]:
    previous = _grad_enabled
    set_grad_enabled(mode)
    try:
        yield
    finally:
        set_grad_enabled(previous)


def no_grad() -> contextlib.AbstractContextManager[None]:
    """A block in which nothing is recorded (the plain functions are bound)."""
    return _grad_mode(False)


def enable_grad() -> contextlib.AbstractContextManager[None]:
    return _grad_mode(True)


def _rebind() -> None:
    from core import backend, registry

    registry.activate(backend.current_backend(), explicit=backend.backend_is_set())


# ---------------------------------------------------------------------------------------
# rules and recording functions
# ---------------------------------------------------------------------------------------
# qualname -> the input slots that are factors of a product (empty: every input)
_multilinear: dict[str, frozenset[int]] = {}


def defvjp(
    function: Callable[..., Any], rule: VjpRule, *, multilinear: bool | tuple[int, ...] = False
) -> None:
    """Declare ``function``'s vector-Jacobian product.

    ``rule(cotangent, output, *args, **kwargs)`` gets the function's own arguments
    (native arrays) and returns one cotangent per array parameter, in signature order (a
    list for a sequence parameter; None where no gradient flows). Cotangents may keep a
    broadcast shape or a wider dtype: the engine sums them to each input's shape and casts
    them to its dtype. Multi-output functions get and return tuples of cotangents/outputs.
    ``multilinear`` (products: multiply, matmul, einsum ...): an input's value is needed
    only for the other inputs' cotangents, which decides what counts as saved when a value
    is modified in place (see :func:`mark_modified`); a tuple names the input slots that
    are the product's factors, the others being added to it (``linear``'s bias).
    """
    from core.registry import spec_of

    qualname = spec_of(function).qualname
    _rules[qualname] = rule
    if multilinear:
        _multilinear[qualname] = frozenset(() if multilinear is True else multilinear)


def nondifferentiable(*functions: Callable[..., Any]) -> None:
    """Declare functions whose outputs carry no gradient (comparisons, integer results,
    piecewise-constant steps): they run unrecorded even on tracked inputs."""
    from core.registry import spec_of

    for function in functions:
        _rules[spec_of(function).qualname] = _NONDIFFERENTIABLE


def _nondifferentiable(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("never called: nondifferentiable functions are not recorded")


_NONDIFFERENTIABLE: VjpRule = _nondifferentiable


def rule_of(qualname: str) -> VjpRule | None:
    return _rules.get(qualname)


def expand_reduced(
    g: Any, shape: tuple[int, ...], axis: int | Sequence[int] | None, keepdims: bool
) -> Any:
    """The cotangent of a reduction over ``axis`` broadcast back to the input's ``shape``."""
    from core import native

    ndim = len(shape)
    if not keepdims:
        axes = range(ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
        kept = sorted(a % ndim for a in axes) if ndim else []
        g = native.reshape(g, tuple(1 if i in kept else e for i, e in enumerate(shape)))
    return native.broadcast_to(g, shape)


def _differentiable(dtype: Any) -> bool:
    known = _differentiable_dtypes.get(dtype)
    if known is None:
        from core.backend import as_core_dtype

        known = _differentiable_dtypes[dtype] = as_core_dtype(dtype).kind in "fc"
    return known


_differentiable_dtypes: dict[Any, bool] = {}  # native dtype -> floating or complex


def make_recording(spec: Any, implementation: Callable[..., Any],
                   composition: Callable[..., Any] | None) -> Callable[..., Any]:  # fmt: skip
    """The recording version of a bound function (see the module docstring).

    Everything that depends only on the function (its array parameters' positions, its
    rule) is worked out here, once; a call pays a lookup per array argument and, when one
    is tracked, one :class:`Node` and one weak reference per differentiable output.
    """
    rule = _rules.get(spec.qualname)
    parameters = list(spec.signature.parameters)
    slots = [(parameters.index(name), name, False) for name in spec.array_params]
    slots += [(parameters.index(name), name, True) for name in spec.sequence_params]
    varargs = {p.name for p in spec.signature.parameters.values() if p.kind is p.VAR_POSITIONAL}
    slots = [(position, name, is_sequence, name in varargs) for position, name, is_sequence in slots]  # fmt: skip
    qualname = spec.qualname

    if rule is _NONDIFFERENTIABLE or not slots:  # no array input: nothing to record
        return implementation
    distinct_copy = qualname == "astype"
    nodes = _nodes

    def inputs(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
        found = []
        for position, name, is_sequence, is_varargs in slots:
            if is_varargs:
                values = args[position:]
            elif position < len(args):
                values = args[position]
            else:
                values = kwargs.get(name)
            if is_sequence:
                if values is not None:
                    found.extend(values)
            else:  # an array parameter left None keeps its slot: rules return one per parameter
                found.append(values)
        return found

    def unrecordable() -> Any:
        raise NotImplementedError(
            f"core.{qualname} has no vjp rule: it cannot be differentiated yet; compute "
            "it on a detached value (outside the graph) or add a rule with "
            "core.autodiff.defvjp"
        )

    def finish(args: tuple[Any, ...], kwargs: dict[str, Any], parents: list[Any],
               array_inputs: Sequence[Any]) -> Any:  # fmt: skip
        """Run the function on a call with tracked inputs and record its node."""
        result = implementation(*args, **kwargs)
        if distinct_copy and result is args[0] and kwargs.get("copy", True):
            result = _distinct(result)  # astype(copy=True) of jax/tf may return its input
        return finish_outputs(args, kwargs, parents, array_inputs, result)

    def finish_outputs(args: tuple[Any, ...], kwargs: dict[str, Any], parents: list[Any],
                       array_inputs: Sequence[Any], result: Any) -> Any:  # fmt: skip
        """Record the node of a call with tracked inputs that returned ``result``."""
        if not isinstance(result, tuple | list):
            dtype = getattr(result, "dtype", None)
            if dtype is None:
                node = Node(qualname, rule, args, kwargs, tuple(parents), (None,))
                node.output_refs = (lambda output=result: output,)
                return result
            node = Node(qualname, rule, args, kwargs, tuple(parents), ((tuple(result.shape), dtype),))  # fmt: skip
            known = _differentiable_dtypes.get(dtype)
            if (known if known is not None else _differentiable(dtype)) and not any(
                result is value for value in array_inputs
            ):
                ref = _Ref(result, _forget)
                ref.key = key = id(result)
                nodes[key] = (ref, node, 0)
                node.output_refs = (ref,)
            else:  # integer outputs (indices) and inputs passed through stay with the node
                node.output_refs = (lambda output=result: output,)
            return result
        outputs = tuple(result)
        node = Node(qualname, rule, args, kwargs, tuple(parents),
                    tuple(_meta(o) if hasattr(o, "dtype") else None for o in outputs))  # fmt: skip
        refs = []
        for index, output in enumerate(outputs):
            if (
                hasattr(output, "dtype")
                and not any(output is value for value in array_inputs)
                and _differentiable(output.dtype)
            ):
                refs.append(_register(output, node, index))
            else:  # integer outputs (indices) and inputs passed through stay with the node
                refs.append(lambda output=output: output)
        node.output_refs = tuple(refs)
        return result

    # where every array input is a plain parameter: their positions, for positional calls
    # (input slot i is the i-th array parameter, None or not)
    positions = None if varargs or spec.sequence_params else tuple(p for p, _, _, _ in slots)

    def recorded(*args: Any, **kwargs: Any) -> Any:
        if positions is None or kwargs:
            array_inputs = inputs(args, kwargs)
            parents = []
            for slot, value in enumerate(array_inputs):
                entry = nodes.get(id(value))
                if entry is not None and entry[0]() is value:
                    parents.append((slot, entry[1], entry[2]))
            if not parents:
                return implementation(*args, **kwargs)
            if rule is None:
                if composition is not None:
                    return composition(*args, **kwargs)
                unrecordable()
            return finish(args, kwargs, parents, array_inputs)
        # a positional call of a function whose array inputs are plain parameters
        parents = None
        slot = 0
        count = len(args)
        for position in positions:
            if position < count:
                value = args[position]
                entry = nodes.get(id(value))
                if entry is not None and entry[0]() is value:
                    if parents is None:
                        parents = []
                    parents.append((slot, entry[1], entry[2]))
                slot += 1
        if parents is None:
            return implementation(*args)
        if rule is None:
            if composition is not None:
                return composition(*args)
            unrecordable()
        if distinct_copy:
            return finish(args, kwargs, parents, [args[p] for p in positions if p < count])
        result = implementation(*args)
        dtype = getattr(result, "dtype", None)
        if dtype is None or isinstance(result, tuple | list):
            return finish_outputs(args, kwargs, parents, [args[p] for p in positions if p < count], result)  # fmt: skip
        # one array output: record it inline (the common case)
        node = Node(qualname, rule, args, kwargs, tuple(parents), ((tuple(result.shape), dtype),))  # fmt: skip
        known = _differentiable_dtypes.get(dtype)
        if known if known is not None else _differentiable(dtype):
            for position in positions:
                if position < count and args[position] is result:
                    break  # an input passed through: it stays with the node
            else:
                ref = _Ref(result, _forget)
                ref.key = key = id(result)
                nodes[key] = (ref, node, 0)
                node.output_refs = (ref,)
                return result
        node.output_refs = (lambda output=result: output,)
        return result

    recorded.__name__ = spec.name
    recorded.__wrapped__ = implementation
    return recorded


def _distinct(value: Any) -> Any:
    """``value`` as a new native object with the same data (nodes are keyed by identity: a
    copy that a frontend then modifies in place must not be the original)."""
    import sys

    from core import backend

    name = backend.current_backend().name
    if name == "tensorflow":
        return sys.modules["tensorflow"].identity(value)
    if name == "jax":
        return value.copy()
    return value.copy() if name == "numpy" else value.clone()


# ---------------------------------------------------------------------------------------
# the backward pass
# ---------------------------------------------------------------------------------------
def _sum_to(cotangent: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    """``cotangent`` summed over broadcast dimensions to ``shape``, cast to ``dtype``."""
    from core import native

    current = tuple(cotangent.shape)
    if current != shape:
        extra = len(current) - len(shape)
        axes = tuple(range(extra)) + tuple(
            extra + i for i, extent in enumerate(shape) if extent == 1 and current[extra + i] != 1
        )
        if axes:
            cotangent = native.sum(cotangent, axis=axes, keepdims=True)
        cotangent = native.reshape(cotangent, shape)
    if cotangent.dtype != dtype:
        from core.backend import as_core_dtype

        target = as_core_dtype(dtype)
        if as_core_dtype(cotangent.dtype).kind == "c" and target.kind != "c":
            cotangent = native.real(cotangent)
        cotangent = native.astype(cotangent, target)
    return cotangent


def _topological(roots: list[Node]) -> list[Node]:
    """Nodes reachable from ``roots``, each after every node that consumes it."""
    order: list[Node] = []
    seen: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False) for root in roots]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.append((node, True))
        for _, parent, _ in node.parents:
            if id(parent) not in seen:
                stack.append((parent, False))
    order.reverse()
    return order


_node_check: Callable[[Node, list[Any]], None] | None = None


def set_node_check(check: Callable[[Node, list[Any]], None] | None) -> Any:
    """Call ``check(node, cotangents)`` after each node's rule runs in :func:`backward`
    (``cotangents``: one per input slot, None where none flows); it may raise to stop the
    pass (torch's anomaly mode checks for NaN). None turns it off. Returns the previous
    check."""
    global _node_check
    previous, _node_check = _node_check, check
    return previous


class GraphFreedError(RuntimeError):
    """A backward pass through a graph whose saved values a previous pass freed."""


def backward(
    outputs: Sequence[Any],
    cotangents: Sequence[Any],
    *,
    retain_graph: bool = False,
    create_graph: bool = False,
    capture: Sequence[Any] = (),
    accumulate: bool = True,
) -> list[Any]:
    """Propagate ``cotangents`` of ``outputs`` back through the recorded graph.

    Leaves reached get their cotangent through their sink (when ``accumulate``); the
    cotangents arriving at the values in ``capture`` are returned (None where none
    arrives). ``create_graph`` records the backward computation itself (gradients of
    gradients); without ``retain_graph`` the graph's saved arguments are freed.
    """
    from core import backend, native

    grads: dict[int, list[Any]] = {}
    roots = []
    for output, cotangent in zip(outputs, cotangents):
        entry = _entry(output)
        if entry is None:
            continue
        node, index = entry
        slot = grads.setdefault(id(node), [None] * len(node.outputs))
        slot[index] = cotangent if slot[index] is None else native.add(slot[index], cotangent)
        roots.append(node)
    captured = [_entry(value) for value in capture]
    results: list[Any] = [None] * len(capture)
    processed: list[Node] = []
    mode = contextlib.nullcontext() if create_graph else no_grad()
    # a cotangent sum only this pass holds is added to in its own memory (torch's engine
    # does the same); a recorded pass (create_graph) adds functionally
    state = backend.current_backend()
    exclusive, add_into = state.exclusive, None if create_graph else state.add_into
    with mode:
        for node in _topological(roots):
            node_grads = grads.pop(id(node), None)
            if node_grads is None:
                continue
            if node.hooks:
                for index, hooks in node.hooks.items():
                    for hook in hooks:
                        if node_grads[index] is not None:
                            replaced = hook(node_grads[index])
                            if replaced is not None:
                                node_grads[index] = replaced
            for position, target in enumerate(captured):
                if target is not None and target[0] is node:
                    results[position] = node_grads[target[1]]
            if node.rule is None:
                if accumulate and node.leaf_sink is not None and node_grads[0] is not None:
                    node.leaf_sink(node_grads[0])
                continue
            if _modified and node.args is not None:
                _check_saved(node)
            if node.args is None:
                raise GraphFreedError(
                    "Trying to backward through the graph a second time (or directly access "
                    "saved tensors after they have already been freed). Saved intermediate "
                    "values of the graph are freed when you call .backward() or "
                    "autograd.grad(). Specify retain_graph=True if you need to backward "
                    "through the graph a second time or if you need to access saved tensors "
                    "after calling backward."
                )
            filled = [
                g if g is not None else native.zeros(meta[0], dtype=_core_dtype(meta[1]))
                for g, meta in zip(node_grads, node.outputs)
                if meta is not None
            ]
            outs = _outputs_of(node)
            if len(node.outputs) == 1:
                input_grads = node.rule(filled[0], outs[0], *node.args, **node.kwargs)
            else:
                input_grads = node.rule(tuple(filled), outs, *node.args, **node.kwargs)
            flat = _flatten(input_grads)
            if _node_check is not None:
                _node_check(node, flat)
            for slot, parent, parent_index in node.parents:
                cotangent = flat[slot] if slot < len(flat) else None
                if cotangent is None:
                    continue
                shape, dtype = parent.outputs[parent_index]
                cotangent = _sum_to(cotangent, shape, dtype)
                parent_slot = grads.setdefault(id(parent), [None] * len(parent.outputs))
                if parent_slot[parent_index] is None:
                    parent_slot[parent_index] = cotangent
                elif add_into is not None and exclusive(parent_slot[parent_index]):
                    parent_slot[parent_index] = add_into(parent_slot[parent_index], cotangent)
                else:
                    parent_slot[parent_index] = native.add(parent_slot[parent_index], cotangent)
            processed.append(node)
    if not retain_graph:  # after the pass: a node's saved arguments hold its parents' outputs
        for node in processed:
            node.args = node.kwargs = None
    return results


def _core_dtype(dtype: Any) -> _dtypes.Dtype:
    from core.backend import as_core_dtype

    return as_core_dtype(dtype)


def _outputs_of(node: Node) -> tuple[Any, ...]:
    """The node's outputs (alive while anything downstream, or the caller, holds them)."""
    return tuple(ref() for ref in node.output_refs)


def _flatten(grads: Any) -> list[Any]:
    flat: list[Any] = []
    for item in grads:
        if isinstance(item, list):
            flat.extend(item)
        else:
            flat.append(item)
    return flat


# ---------------------------------------------------------------------------------------
# the functional API
# ---------------------------------------------------------------------------------------
def vjp(fn: Callable[..., Any], *primals: Any) -> tuple[Any, Callable[..., tuple[Any, ...]]]:
    """``(fn(*primals), vjp_fn)``: ``vjp_fn(cotangent)`` gives the cotangent of each primal
    (native arrays; ``fn`` may return one array or a tuple of arrays).

    Primals already tracked (an enclosing :func:`vjp`, or a frontend's leaf) keep their
    node: their cotangent is read where it arrives, and the backward pass is recorded, so
    nesting gives higher derivatives. Passing one array object as two primals gives each
    the sum of both cotangents.
    """
    from core import native

    outer = [is_tracked(p) for p in primals]
    for primal, tracked in zip(primals, outer):
        if not tracked:
            track(primal)
    with enable_grad():
        outputs = fn(*primals)
    nested = any(outer)

    def vjp_fn(cotangent: Any) -> tuple[Any, ...]:
        outs = outputs if isinstance(outputs, tuple) else (outputs,)
        cots = cotangent if isinstance(outputs, tuple) else (cotangent,)
        grads = backward(
            outs, cots, retain_graph=True, create_graph=nested, capture=primals, accumulate=False
        )
        return tuple(
            g if g is not None else native.zeros(tuple(p.shape), dtype=_core_dtype(p.dtype))
            for g, p in zip(grads, primals)
        )

    return outputs, vjp_fn


def value_and_grad(
    fn: Callable[..., Any], argnums: int | Sequence[int] = 0, has_aux: bool = False
) -> Callable[..., Any]:
    """``fn``'s value and its gradient with respect to the arguments ``argnums`` (``fn``
    returns a scalar array, or ``(scalar, aux)`` with ``has_aux``)."""
    from core import native

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        numbers = (argnums,) if isinstance(argnums, int) else tuple(argnums)
        primals = [args[i] for i in numbers]

        aux: list[Any] = []

        def partial(*values: Any) -> Any:
            full = list(args)
            for i, value in zip(numbers, values):
                full[i] = value
            result = fn(*full, **kwargs)
            if has_aux:
                aux.append(result[1])
                return result[0]
            return result

        value, vjp_fn = vjp(partial, *primals)
        if len(tuple(value.shape)) != 0:
            raise TypeError(
                f"grad requires a scalar output, got an array of shape {tuple(value.shape)}"
            )
        grads = vjp_fn(native.ones((), dtype=_core_dtype(value.dtype)))
        grads = grads[0] if isinstance(argnums, int) else grads
        return ((value, aux[0]), grads) if has_aux else (value, grads)

    return wrapped


def grad(
    fn: Callable[..., Any], argnums: int | Sequence[int] = 0, has_aux: bool = False
) -> Callable[..., Any]:
    """The gradient of a scalar-valued ``fn`` with respect to ``argnums``."""
    both = value_and_grad(fn, argnums, has_aux)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        (value, grads) = both(*args, **kwargs)
        return (grads, value[1]) if has_aux else grads

    return wrapped
