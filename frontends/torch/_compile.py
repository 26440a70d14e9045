"""torch.compile on core.compile: a module's forward pass, or a whole training step (forward,
``loss.backward()``, ``optimizer.step()``), run as one compiled program on the jax backend.

The state the function reads and writes is lifted into the program: the parameters and
buffers of every module, the gradients of the parameters, and the state of every optimizer
that the function reaches (its arguments, its bound ``self``, its closure, the globals it
names, and the functions it calls by a global name). A call runs the *pure* function
``(state natives, argument natives) -> (result natives, changed state natives)``: inside,
each state tensor holds its traced value (a parameter is retracked as the same autograd
leaf, so ``backward`` inside traces too), the user's function runs unchanged, and the
changed state is read back out; after the call the new values are written into the same
objects. Programs are cached per structure (shapes and dtypes, which gradients exist,
optimizer state keys, module training flags, optimizer hyper-parameters, Python
arguments): a change of any of these compiles again, as torch's guards do. On jax, a first
call that leaves the state in another structure (a training step's first call creates the
gradients and the optimizer state) compiles the program for that structure too, before it
returns, so the second call does not trace again (torch's does not recompile there).

A compiled forward whose result requires grad (training mode, grad enabled) is recorded as
one autograd node on the parameters and tensor arguments; its backward is a second compiled
program (the forward recomputed, then its vjp), so ``loss.backward()`` outside works.

Differences from torch, and why:

* Backends: jax compiles with ``jax.jit``; tensorflow with ``tf.function`` (via
  core.compile, which keeps the eager result where a graph would differ); numpy and torch
  run the function eagerly (torch's own inductor would change float results).
* A call whose tracing fails (a host read such as ``.item()``, Python control flow on a
  tensor value, drawing random numbers from torch's generator, whose state is host-side)
  runs eagerly instead, and that structure stays eager (torch's graph break, at the whole
  call); ``fullgraph=True`` raises the error instead.
* Arguments and results are traced through torch.utils._pytree's containers (transformers'
  ``ModelOutput`` included). An argument object with state of its own (a KV cache) has its
  tensors lifted as state (in-place writes come back, as transformers' ``StaticCache``
  makes them) and its other attributes read at trace time, guarded by their values; a call
  that changes its Python state (``DynamicCache`` appending, a cache's lazy allocation)
  runs eagerly, and such an object stays eager for later sizes. So ``generate`` with a
  compiled forward and ``cache_implementation="static"`` runs its prefill eagerly and
  every token after it through one program; with the default cache it runs eagerly. A
  result object holding tensors outside the containers also makes the call eager.
* Tensors the function mutates in place among its arguments are written back; the
  gradients of tensor arguments that the function's own ``backward`` computes are not.
  Module attributes other than ``training`` are read at trace time (not guarded).
"""

from __future__ import annotations

import contextlib
import enum
import functools
import types
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import core
from core import autodiff as _ad
from frontends.torch._tensor import Tensor
from frontends.torch.utils import _pytree

__all__ = ["OptimizedModule", "compile", "is_compiling", "reset", "trace_scope"]

_tracing = [0]


def is_compiling() -> bool:
    """Whether a function is being traced by :func:`compile` now (torch.compiler's)."""
    return _tracing[0] > 0


@contextlib.contextmanager
def trace_scope() -> Iterator[None]:
    """Run the block as traced code: :func:`is_compiling` is True inside, so the frontend
    skips the host-side checks torch does on the device under a trace (index ranges)."""
    _tracing[0] += 1
    try:
        yield
    finally:
        _tracing[0] -= 1


class _GraphBreak(Exception):
    """Something in the traced call cannot be compiled (it runs eagerly instead)."""


# ---------------------------------------------------------------------------------------
# the state a function reaches
# ---------------------------------------------------------------------------------------


def _modules_and_optimizers() -> tuple[type, type]:
    from frontends.torch.nn.modules.module import Module
    from frontends.torch.optim.optimizer import Optimizer

    return Module, Optimizer


def _reachable(fn: Callable, args: tuple, kwargs: dict) -> list[Any]:
    """Modules, optimizers and tensors ``fn`` reaches, in a fixed order."""
    Module, Optimizer = _modules_and_optimizers()
    found: list[Any] = []
    seen: set[int] = set()
    scanned: set[int] = set()

    def add(value: Any) -> None:
        if isinstance(value, (Module, Optimizer, Tensor)) and id(value) not in seen:
            seen.add(id(value))
            found.append(value)
        elif isinstance(value, (list, tuple)) and len(value) < 64:
            for item in value:
                if isinstance(item, (Module, Optimizer)):
                    add(item)
        elif isinstance(value, types.FunctionType):
            scan(value, 0)
        elif isinstance(value, types.MethodType):
            add(value.__self__)
            scan(value.__func__, 0)

    def scan(function: Any, depth: int) -> None:
        if id(function) in scanned or depth > 3:
            return
        scanned.add(id(function))
        function = getattr(function, "__wrapped__", function)
        if isinstance(function, types.MethodType):
            add(function.__self__)
            function = function.__func__
        code = getattr(function, "__code__", None)
        if code is None:
            return
        for cell in function.__closure__ or ():
            try:
                add(cell.cell_contents)
            except ValueError:  # an empty cell
                pass
        names: list[str] = []
        stack = [code]
        while stack:
            current = stack.pop()
            names.extend(current.co_names)
            stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
        space = function.__globals__
        for name in names:
            value = space.get(name)
            if isinstance(value, types.FunctionType):
                scan(value, depth + 1)
            elif value is not None:
                add(value)

    for value in (*args, *kwargs.values()):
        if _has_own_state(value) and id(value) not in seen:  # a cache: lifted (see _State)
            seen.add(id(value))
            found.append(value)
        elif not isinstance(value, Tensor):  # tensor arguments are the program's arguments
            add(value)
    scan(fn, 0)
    arguments = {id(v) for v in (*args, *kwargs.values()) if isinstance(v, Tensor)}
    return [v for v in found if id(v) not in arguments]


class _Slot:
    """One piece of lifted state: read and written by path, so a later call finds the
    objects the last one left (new gradient tensors, new optimizer state entries)."""

    __slots__ = ("get", "key", "set")

    def __init__(self, key: tuple, get: Callable[[], Any], set: Callable[[Any], None]) -> None:
        self.key, self.get, self.set = key, get, set


class _State:
    """The lifted state of one call: parameters, buffers, gradients, optimizer state."""

    def __init__(self, roots: list[Any]) -> None:
        Module, Optimizer = _modules_and_optimizers()
        self.modules = [r for r in roots if isinstance(r, Module)]
        self.optimizers = [r for r in roots if isinstance(r, Optimizer)]
        # argument objects with state of their own (a KV cache), the objects and the
        # mutable containers inside them: their tensors are lifted as state, the rest is
        # read at trace time and guarded by its fingerprint (see statics)
        self.objects: list[Any] = []
        self.containers: list[Any] = []
        held: list[Tensor] = []
        for root in roots:
            if _has_own_state(root):
                _parts(root, self.objects, self.containers, held)
        self.tensors: list[Tensor] = []  # parameters, buffers and loose tensors (roots)
        index: dict[int, int] = {}

        def own(tensor: Any) -> None:
            if isinstance(tensor, Tensor) and tensor._root is None and id(tensor) not in index:
                index[id(tensor)] = len(self.tensors)
                self.tensors.append(tensor)

        self.flags: list[Any] = []
        for module in self.modules:
            for _, sub in module.named_modules():
                self.flags.append(sub.training)
            for _, param in module.named_parameters():
                own(param)
            for _, buffer in module.named_buffers():
                own(buffer)
        for optimizer in self.optimizers:
            for group in optimizer.param_groups:
                for param in group["params"]:
                    own(param)
                self.flags.append(
                    tuple((k, _static(v)) for k, v in sorted(group.items()) if k != "params")
                )
        for root in roots:
            if isinstance(root, Tensor):
                own(root)
        for tensor in held:
            if tensor._root is not None:
                raise _GraphBreak(
                    "a view tensor held by an argument object is not traced (the call runs eagerly)"
                )
            own(tensor)
        self.lifted = {id(o): k for k, o in enumerate(self.objects)}
        self.index = index

    # -- what a program reads and writes -----------------------------------------------
    def slots(self) -> list[_Slot]:
        """Every tensor-valued piece of state now, in a fixed order."""
        slots = []
        for i, tensor in enumerate(self.tensors):
            slots.append(_Slot(("value", i), _getter(tensor), _value_setter(tensor)))
            if tensor.grad is not None:
                slots.append(_Slot(("grad", i), _grad_getter(tensor), _grad_setter(tensor)))
        for k, optimizer in enumerate(self.optimizers):
            for param, entries in list(optimizer.state.items()):
                i = self.index.get(id(param))
                if i is None:
                    continue
                for name, value in entries.items():
                    if isinstance(value, Tensor):
                        slots.append(
                            _Slot(
                                ("opt", k, i, name),
                                _opt_getter(entries, name),
                                _opt_setter(optimizer, param, name),
                            )
                        )
        return slots

    def statics(self) -> tuple:
        """The Python values a trace bakes in: flags, non-tensor optimizer state."""
        extra = []
        for k, optimizer in enumerate(self.optimizers):
            for param, entries in optimizer.state.items():
                i = self.index.get(id(param))
                for name, value in entries.items():
                    if not isinstance(value, Tensor):
                        extra.append((k, i, name, _static(value)))
        return (tuple(self.flags), tuple(extra), self.fingerprint(identity=False))

    def fingerprint(self, identity: bool = True, sizes: bool = True) -> tuple:
        """The Python state of the lifted argument objects (a trace reads it); with
        ``identity``, which objects and tensors they hold too (a trace must not replace
        them: another object of the same structure, a new cache, reuses the program)."""
        return tuple(_fingerprint(o, identity, sizes) for o in self.objects)

    # -- saving and restoring around a trace -------------------------------------------
    def snapshot(self) -> Callable[[], None]:
        values = [t._value for t in self.tensors]
        grads = [t.grad for t in self.tensors]
        optimizer_state = [
            {p: dict(entries) for p, entries in o.state.items()} for o in self.optimizers
        ]
        from frontends.torch.random_sampling import default_generator

        generator = default_generator._state.get_state()
        attributes = [dict(o.__dict__) for o in self.objects]
        contents = [
            dict(c) if isinstance(c, dict) else list(c) for c in self.containers
        ]  # fmt: skip

        def restore() -> None:
            for o, saved in zip(self.objects, attributes):
                o.__dict__.clear()
                o.__dict__.update(saved)
            for c, saved in zip(self.containers, contents):
                c.clear()
                c.update(saved) if isinstance(c, dict) else c.extend(saved)
            for tensor, value, grad in zip(self.tensors, values, grads):
                if tensor._value is not value:
                    _value_setter(tensor)(value)
                tensor.grad = grad
            for optimizer, saved in zip(self.optimizers, optimizer_state):
                optimizer.state.clear()
                for p, entries in saved.items():
                    optimizer.state[p] = entries
            default_generator._state.set_state(generator)

        return restore


def _parts(value: Any, objects: list, containers: list, tensors: list, depth: int = 4) -> None:
    """Collect the objects with state, the mutable containers and the tensors inside an
    argument object, a few levels deep."""
    if isinstance(value, Tensor):
        tensors.append(value)
    elif depth == 0:
        return
    elif type(value) in (list, tuple, dict):
        if type(value) is not tuple:
            containers.append(value)
        for item in value.values() if type(value) is dict else value:
            _parts(item, objects, containers, tensors, depth - 1)
    elif _has_own_state(value) and all(o is not value for o in objects):
        objects.append(value)
        for item in value.__dict__.values():
            _parts(item, objects, containers, tensors, depth - 1)


def _fingerprint(value: Any, identity: bool, sizes: bool = True, depth: int = 4) -> Any:
    """What a trace bakes in of an argument object: its attributes' Python values, its
    containers' lengths, the tensors' shapes and dtypes (and objects' identities). Without
    ``sizes``, shapes and lengths are left out: a cache that grows keeps its fingerprint."""
    if isinstance(value, Tensor):
        shape = tuple(value.shape) if sizes else ()
        return ("tensor", id(value) if identity else 0, shape, str(value.dtype))
    if depth == 0:
        return _static(value)
    if type(value) in (list, tuple):
        items = tuple(_fingerprint(v, identity, sizes, depth - 1) for v in value)
        return (type(value).__name__, items if sizes else frozenset(items))
    if type(value) is dict:
        items = tuple((k, _fingerprint(v, identity, sizes, depth - 1)) for k, v in value.items())
        return ("dict", items)
    if _has_own_state(value):
        items = tuple(
            (k, _fingerprint(v, identity, sizes, depth - 1)) for k, v in value.__dict__.items()
        )  # fmt: skip
        return (type(value).__name__, id(value) if identity else 0, items)
    return _static(value)


def _static(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_static(v) for v in value)
    if isinstance(value, Tensor):
        return ("tensor", tuple(value.shape), str(value.dtype))
    try:
        hash(value)
    except TypeError:
        return (type(value).__name__, id(value))
    return value


def _getter(tensor: Tensor) -> Callable[[], Any]:
    return lambda: tensor._value


def _value_setter(tensor: Tensor) -> Callable[[Any], None]:
    """Install a value around a trace: the same leaf, without marking the old value
    modified (nothing was: the traced call's effects are written back after it)."""

    def install(value: Any) -> None:
        tensor._value = value
        tensor._version += 1
        if tensor._leaf is not None:
            _ad.retrack(value, tensor._leaf)

    return install


def _grad_getter(tensor: Tensor) -> Callable[[], Any]:
    return lambda: None if tensor.grad is None else tensor.grad.native


def _grad_setter(tensor: Tensor) -> Callable[[Any], None]:
    def set_grad(value: Any) -> None:
        tensor.grad = None if value is None else Tensor._from_native(value)

    return set_grad


def _opt_getter(entries: dict, name: str) -> Callable[[], Any]:
    return lambda: entries[name].native


def _opt_setter(optimizer: Any, param: Tensor, name: str) -> Callable[[Any], None]:
    def set_entry(value: Any) -> None:
        optimizer.state[param][name] = Tensor._from_native(value)

    return set_entry


# ---------------------------------------------------------------------------------------
# arguments and results
# ---------------------------------------------------------------------------------------


def _flatten(
    tree: Any, leaves: list[Any], arguments: bool = False, lifted: dict[int, int] | None = None
) -> Any:
    """The structure of ``tree`` with its tensors replaced by their positions. Containers are
    torch.utils._pytree's nodes (lists, tuples, dicts, namedtuples, ``OrderedDict`` ... and
    registered types such as transformers' ``ModelOutput``); anything else is a constant.
    The ``lifted`` objects (arguments with state of their own, see :class:`_State`) are
    constants. Tracing stops (:class:`_GraphBreak`) at another constant that holds tensors
    and, among the ``arguments``, at any other object with state of its own (one nested in
    a container): those calls run eagerly."""
    if lifted and id(tree) in lifted:  # by position: a later call's object takes its place
        return ("obj", lifted[id(tree)])
    if isinstance(tree, Tensor):
        leaves.append(tree)
        return ("T", len(leaves) - 1)
    if isinstance(tree, (list, tuple)) and type(tree) in (list, tuple):
        return (type(tree).__name__, tuple(_flatten(t, leaves, arguments, lifted) for t in tree))
    if isinstance(tree, dict) and type(tree) is dict:
        return ("dict", tuple((k, _flatten(v, leaves, arguments, lifted)) for k, v in tree.items()))
    node = _pytree._get_node_type(tree)
    if node in _pytree.SUPPORTED_NODES:
        children, context = _pytree.SUPPORTED_NODES[node].flatten_fn(tree)
        return (
            "node",
            (node, context, tuple(_flatten(c, leaves, arguments, lifted) for c in children)),
        )
    if _holds_tensors(tree) or (arguments and _has_own_state(tree)):
        raise _GraphBreak(
            f"a {type(tree).__name__} is not traced: only tensors in torch.utils._pytree "
            "containers, modules, optimizers and argument objects are (the call runs eagerly)"
        )
    return ("const", tree)


def _has_own_state(value: Any) -> bool:
    """An object with attributes of its own that is not a module, an optimizer, a function
    or a container (whose elements are checked)."""
    Module, Optimizer = _modules_and_optimizers()
    stateless = (*_PLAIN, Module, Optimizer, tuple, list, dict, enum.Enum, functools.partial,
                 types.MethodType, types.BuiltinFunctionType)  # fmt: skip
    return hasattr(value, "__dict__") and not isinstance(value, stateless)


_PLAIN = (str, bytes, int, float, complex, bool, type(None), type, types.FunctionType,
          types.ModuleType)  # fmt: skip


def _holds_tensors(value: Any, depth: int = 4) -> bool:
    """Whether ``value`` (not a container) keeps tensors in its attributes, a few levels
    deep; modules and optimizers do not count (they are lifted as state)."""
    if isinstance(value, Tensor):
        return True
    Module, Optimizer = _modules_and_optimizers()
    if depth == 0 or isinstance(value, (*_PLAIN, Module, Optimizer)):
        return False
    if isinstance(value, dict):
        children = value.values()
    elif isinstance(value, (list, tuple, set, frozenset)):
        children = value
    else:
        children = getattr(value, "__dict__", {}).values()
    return any(_holds_tensors(child, depth - 1) for child in children)


def _build(spec: Any, leaves: list[Any], objects: list[Any]) -> Any:
    kind, payload = spec
    if kind == "T":
        return leaves[payload]
    if kind == "obj":
        return objects[payload]
    if kind == "list":
        return [_build(s, leaves, objects) for s in payload]
    if kind == "tuple":
        return tuple(_build(s, leaves, objects) for s in payload)
    if kind == "dict":
        return {k: _build(s, leaves, objects) for k, s in payload}
    if kind == "node":
        node, context, children = payload
        unflatten = _pytree.SUPPORTED_NODES[node].unflatten_fn
        return unflatten([_build(s, leaves, objects) for s in children], context)
    return payload


def _spec_key(spec: Any) -> Any:
    kind, payload = spec
    if kind in ("list", "tuple"):
        return (kind, tuple(_spec_key(s) for s in payload))
    if kind == "dict":
        return (kind, tuple((k, _spec_key(s)) for k, s in payload))
    if kind == "node":
        node, context, children = payload
        return (kind, node, _static(context), tuple(_spec_key(s) for s in children))
    if kind == "const":
        return (kind, _static(payload))
    return spec


def _native_key(value: Any) -> tuple:
    return (tuple(value.shape), value.dtype)  # a dtype object hashes faster than its str


# ---------------------------------------------------------------------------------------
# one compiled program per structure
# ---------------------------------------------------------------------------------------


class _Program:
    """The function compiled for one structure of state and arguments."""

    def __init__(self, fn: Callable, state: _State, spec: Any, needs_grad: list[bool]) -> None:
        self.fn, self.state, self.spec, self.needs_grad = fn, state, spec, needs_grad
        self.meta: dict[str, Any] | None = None
        self.traced = False
        self.forward = core.compile(self._pure)
        self.backward: Any = None

    def _enter(self, state_natives: list, arg_natives: list) -> tuple[list[_Slot], list[Tensor]]:
        slots = self.state.slots()
        for slot, native in zip(slots, state_natives):
            slot.set(native)
        args = []
        for native, grad in zip(arg_natives, self.needs_grad):
            tensor = Tensor._from_native(native)
            if grad:
                tensor.requires_grad_()
            args.append(tensor)
        return slots, args

    def _pure(self, state_natives: list, arg_natives: list) -> tuple[list, list]:
        self.traced = True
        from frontends.torch.random_sampling import default_generator

        restore = self.state.snapshot()
        generator = default_generator._state.get_state()
        try:
            slots, args = self._enter(state_natives, arg_natives)
            installed = {slot.key: native for slot, native in zip(slots, state_natives)}
            call_args, call_kwargs = _build(self.spec, args, self.state.objects)
            fingerprint = self.state.fingerprint()
            with trace_scope():
                result = self.fn(*call_args, **call_kwargs)
            if default_generator._state.get_state() != generator:
                raise _GraphBreak("torch's random generator was used (its state is host-side)")
            if self.state.fingerprint() != fingerprint:
                changed_object = self.state.objects[0] if self.state.objects else None
                raise _GraphBreak(
                    f"a {type(changed_object).__name__} is not traced: the call changes its "
                    "Python state (new attributes or tensors, as a cache that grows): it runs "
                    "eagerly"
                )
            out_leaves: list[Tensor] = []
            out_spec = _flatten(result, out_leaves, lifted=self.state.lifted)
            changed, removed = [], []
            after = self.state.slots()
            for slot in after:
                native = slot.get()
                if installed.get(slot.key) is not native:
                    changed.append((slot.key, native))
            present = {slot.key for slot in after}
            removed = [key for key in installed if key not in present]
            mutated = [
                (i, a._value)
                for i, (a, n) in enumerate(zip(args, arg_natives))
                if a._value is not n
            ]
            self.meta = {
                "out_spec": out_spec,
                "out_grad": [t.requires_grad for t in out_leaves],
                "changed": [key for key, _ in changed],
                "removed": removed,
                "mutated": [i for i, _ in mutated],
                "statics": self.state.statics(),
            }
            return (
                [t.native for t in out_leaves],
                [native for _, native in changed] + [native for _, native in mutated],
            )
        finally:
            restore()

    def _pure_backward(self, state_natives: list, arg_natives: list, cotangents: list) -> list:
        """The forward recomputed and its vjp: cotangents of the parameters that require
        grad and of the tensor arguments that do."""
        restore = self.state.snapshot()
        try:
            _, args = self._enter(state_natives, arg_natives)
            call_args, call_kwargs = _build(self.spec, args, self.state.objects)
            with trace_scope(), _ad.enable_grad():
                result = self.fn(*call_args, **call_kwargs)
            out_leaves: list[Tensor] = []
            _flatten(result, out_leaves, lifted=self.state.lifted)
            targets = [t.native for t in self._diff_params()] + [
                a.native for a, g in zip(args, self.needs_grad) if g
            ]
            pairs = [
                (o.native, c)
                for o, c in zip(out_leaves, cotangents)
                if c is not None and o.requires_grad
            ]
            grads = _ad.backward(
                [o for o, _ in pairs], [c for _, c in pairs], capture=targets, accumulate=False
            )
            return [core.native.zeros_like(t) if g is None else g for g, t in zip(grads, targets)]
        finally:
            restore()

    def _diff_params(self) -> list[Tensor]:
        return [t for t in self.state.tensors if t.requires_grad]

    # -- a call ---------------------------------------------------------------------------
    def __call__(self, args: list[Tensor], current: list[_Slot], natives: list[Any]) -> Any:
        """Run on ``args`` with the state's ``current`` slots holding ``natives``."""
        state_natives = natives
        arg_natives = [a.native for a in args]
        outs, written = self.forward(state_natives, arg_natives)
        meta = self.meta
        slots = {slot.key: slot for slot in current}
        n_changed = len(meta["changed"])
        for key in meta["removed"]:
            if key[0] == "grad":
                self.state.tensors[key[1]].grad = None
        for key, native in zip(meta["changed"], written[:n_changed]):
            if key[0] == "value":  # as the eager in-place update: the old value is stale
                self.state.tensors[key[1]]._set_leaf_value(native)
                continue
            slot = slots.get(key) or _new_slot(self.state, key)
            slot.set(native)
        for i, native in zip(meta["mutated"], written[n_changed:]):
            args[i]._assign(native)
        self._apply_statics(meta["statics"])
        results = [Tensor._from_native(o) for o in outs]
        self._record(results, args, state_natives, arg_natives)
        return _build(meta["out_spec"], results, self.state.objects)

    def _apply_statics(self, statics: tuple) -> None:
        _, extra, _ = statics
        for k, i, name, value in extra:
            if i is not None and not isinstance(value, tuple):
                param = self.state.tensors[i]
                self.state.optimizers[k].state[param][name] = value

    def _record(
        self, results: list[Tensor], args: list[Tensor], state_natives: list, arg_natives: list
    ) -> None:
        """The results of a forward that requires grad: one autograd node on the
        parameters and arguments, whose rule runs the compiled backward."""
        wanted = [r for r, g in zip(results, self.meta["out_grad"]) if g]
        if not wanted or not _ad.recording():
            return
        params = self._diff_params()
        inputs = [p.native for p in params] + [a.native for a, g in zip(args, self.needs_grad) if g]
        if not inputs:
            return
        if self.backward is None:
            self.backward = core.compile(self._pure_backward)
        flags = self.meta["out_grad"]
        outputs = [r.native for r in results]

        def rule(cotangent: Any, output: Any, *inputs: Any) -> list[Any]:
            cots = list(cotangent) if len(outputs) > 1 else [cotangent]
            cots = [(None if c is None else c) if f else None for c, f in zip(cots, flags)]
            cots = [
                core.native.zeros_like(o) if c is None and f else c
                for c, o, f in zip(cots, outputs, flags)
            ]
            return self.backward(state_natives, arg_natives, cots)

        _ad.record("CompiledFunctionBackward", rule, inputs, outputs, differentiable=flags)


def _new_slot(state: _State, key: tuple) -> _Slot:
    """A slot the traced call created (a first gradient, new optimizer state)."""
    if key[0] == "grad":
        return _Slot(key, _grad_getter(state.tensors[key[1]]), _grad_setter(state.tensors[key[1]]))
    if key[0] == "opt":
        _, k, i, name = key
        return _Slot(key, None, _opt_setter(state.optimizers[k], state.tensors[i], name))
    raise AssertionError(f"unexpected state slot {key}")


_OP_PACKAGES = ("frontends", "core", "torch", "jax", "jaxlib", "tensorflow", "numpy")


def _dynamo_error(error: Exception) -> Exception | None:
    """torch's exception for an op that failed in a compiled function: dynamo's
    ``TorchRuntimeError`` where the op raises a plain RuntimeError (met while propagating
    fake tensors), the op's own class otherwise (an IndexError, a TypeError, a
    NotImplementedError pass through dynamo); None to leave ``error`` as it is (the user's
    own code, one of dynamo's own, or already torch's class)."""
    from frontends.torch._dynamo.exc import TorchDynamoException, TorchRuntimeError
    from frontends.torch._frontend import functions

    if isinstance(error, TorchDynamoException | _GraphBreak):
        return None
    traceback = error.__traceback__
    while traceback is not None and traceback.tb_next is not None:
        traceback = traceback.tb_next
    module = "" if traceback is None else traceback.tb_frame.f_globals.get("__name__", "")
    if module.partition(".")[0] not in _OP_PACKAGES:
        return None
    mapped = functions.framework_error(error, "compile") or error
    if type(mapped) is RuntimeError:
        return TorchRuntimeError(f"RuntimeError when making fake tensor call: {mapped}")
    return None if mapped is error else mapped


class _CompiledFunction:
    """``torch.compile(fn)``: programs cached by structure; eager where tracing fails, or
    for a function ``torch.compiler.disable`` marked."""

    def __init__(self, fn: Callable, fullgraph: bool) -> None:
        self.fn = fn
        self.fullgraph = fullgraph
        self.programs: dict[Any, _Program | None] = {}
        # argument objects (fingerprints without sizes) whose calls broke: they stay eager
        self.eager: set[Any] = set()
        self.disabled = getattr(fn, "_torchdynamo_disable", False)
        functools.update_wrapper(self, fn)
        _compiled.add(self)

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        return self if instance is None else types.MethodType(self, instance)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return self._call(*args, **kwargs)
        except Exception as error:
            dynamo = _dynamo_error(error)
            if dynamo is None:
                raise
            raise dynamo from None

    def _call(self, *args: Any, **kwargs: Any) -> Any:
        if (
            core.current_backend().name not in ("jax", "tensorflow")
            or is_compiling()
            or self.disabled
        ):
            return self.fn(*args, **kwargs)
        try:
            key, state, slots, natives, leaves, spec, needs_grad = self._structure(args, kwargs)
        except _GraphBreak:
            if self.fullgraph:
                raise
            return self.fn(*args, **kwargs)
        program = self.programs.get(key, False)
        if program is None:  # this structure runs eagerly
            return self.fn(*args, **kwargs)
        if program is False and state.objects and state.fingerprint(False, False) in self.eager:
            self.programs[key] = None  # a cache that grows: each size would break again
            return self.fn(*args, **kwargs)
        if program is not False:
            program.state = state
            return program(leaves, slots, natives)
        program = _Program(self.fn, state, spec, needs_grad)
        try:
            result = program(leaves, slots, natives)
        except Exception:
            if self.fullgraph or not program.traced or program.meta is not None:
                raise
            self.programs[key] = None
            if state.objects:
                self.eager.add(state.fingerprint(False, False))
            return self.fn(*args, **kwargs)
        self.programs[key] = program
        self._ahead(args, kwargs)
        return result

    def _structure(self, args: tuple, kwargs: dict) -> tuple:
        """The cache key of a call and what a program needs: the state, its slots and
        their natives, the tensor arguments, their structure and which require grad."""
        state = _State(_reachable(self.fn, args, kwargs))
        slots = state.slots()
        natives = [slot.get() for slot in slots]
        leaves: list[Tensor] = []
        spec = _flatten((args, kwargs), leaves, arguments=True, lifted=state.lifted)
        needs_grad = [t.requires_grad for t in leaves]
        key = (
            core.current_backend().name,
            _ad.is_grad_enabled(),
            tuple((s.key, _native_key(n)) for s, n in zip(slots, natives)),
            state.statics(),
            _spec_key(spec),
            tuple((_native_key(t.native), g) for t, g in zip(leaves, needs_grad)),
        )
        return key, state, slots, natives, leaves, spec, needs_grad

    def _ahead(self, args: tuple, kwargs: dict) -> None:
        """After a first call that changed the state's structure (a training step's first
        call creates the gradients and the optimizer state), compile the program the same
        call will need next, so the second call does not trace again (torch's does not
        recompile there either). On jax only: a tf.function traces on its call, and its
        failures fall back to eager there."""
        if core.current_backend().name != "jax":
            return
        try:
            key, state, _, natives, leaves, spec, needs_grad = self._structure(args, kwargs)
        except _GraphBreak:
            return
        if key in self.programs:
            return
        program = _Program(self.fn, state, spec, needs_grad)
        try:
            program.forward = program.forward.ahead(natives, [t.native for t in leaves])
        except Exception:  # it would fail the same way when called: that call decides
            return
        self.programs[key] = program


_compiled: weakref.WeakSet[_CompiledFunction] = weakref.WeakSet()


def reset() -> None:
    """Forget every compiled program (``torch.compiler.reset``): the next calls trace again."""
    for function in list(_compiled):
        function.programs.clear()
        function.eager.clear()


def compile(
    model: Any = None,
    *,
    fullgraph: bool = False,
    dynamic: bool | None = None,
    backend: Any = "inductor",
    mode: str | None = None,
    options: dict | None = None,
    name: str | None = None,
    disable: bool = False,
    recompile_limit: int | None = None,
    isolate_recompiles: bool = False,
    shapes_spec: Any = None,
) -> Any:
    """``torch.compile``: a module (an :class:`OptimizedModule`) or a function compiled
    on core.compile; used as ``@torch.compile`` or ``@torch.compile(...)`` too.
    ``dynamic``, ``backend``, ``mode``, ``options``, ``name`` and the recompilation
    settings (dynamo's) are accepted and ignored."""
    if model is None:
        return lambda m: compile(m, fullgraph=fullgraph, disable=disable)
    if disable:
        return model
    Module, _ = _modules_and_optimizers()
    if isinstance(model, Module):
        return OptimizedModule(model, fullgraph)
    if not callable(model):
        raise RuntimeError("torch.compile: the argument must be a callable or an nn.Module")
    return _CompiledFunction(model, fullgraph)


def _optimized_module_class() -> type:
    Module, _ = _modules_and_optimizers()

    class OptimizedModule(Module):
        """A compiled module: ``_orig_mod`` is the module; calls run its forward compiled;
        other attributes are the module's."""

        def __init__(self, mod: Any, fullgraph: bool = False) -> None:
            super().__init__()
            self._orig_mod = mod
            self.__dict__["_compiled_forward"] = _CompiledFunction(mod.forward, fullgraph)

        def forward(self, *args: Any, **kwargs: Any) -> Any:
            return self.__dict__["_compiled_forward"](*args, **kwargs)

        def __getattr__(self, name: str) -> Any:
            try:
                return super().__getattr__(name)
            except AttributeError:
                return getattr(self._modules["_orig_mod"], name)

    return OptimizedModule


class _LazyClass:
    def __init__(self) -> None:
        self.cls: type | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.cls is None:
            self.cls = _optimized_module_class()
        return self.cls(*args, **kwargs)


OptimizedModule = _LazyClass()
