"""torch.library: operators defined in Python, callable as ``torch.ops.<ns>.<name>``.

A registered operator runs its Python kernel: ``custom_op`` and ``Library.define`` plus
``impl`` work as in torch for the one device here (CPU kernels and the composite ones run;
a kernel registered only for CUDA gives torch's ``NotImplementedError``). Gradients follow
torch's rules: a ``custom_op`` is one autograd node whose backward is the one
``register_autograd`` gave (without one, backward raises as torch's does), and a
``Library.impl`` kernel is differentiated through its own torch calls.

Fake (meta) kernels are kept but never run: the frontend has no fake tensors, and its
``torch.compile`` traces the real kernel.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from frontends.torch import _ops
from frontends.torch._ops import OpOverload, OpOverloadPacket, Schema, ops

__all__ = [
    "Library",
    "custom_op",
    "define",
    "fallthrough_kernel",
    "impl",
    "impl_abstract",
    "infer_schema",
    "register_autograd",
    "register_fake",
    "register_kernel",
]

# namespaces a "DEF" library owns
_def_namespaces: set[str] = set()


def fallthrough_kernel() -> None:
    """A dummy kernel for ``Library.impl`` (torch skips to the next key)."""
    raise NotImplementedError("fallthrough_kernel() should never be called.")


class Library:
    """``Library(ns, kind)`` with kind ``"DEF"`` (the namespace's one defining library),
    ``"FRAGMENT"`` or ``"IMPL"`` (implementations only)."""

    def __init__(self, ns: str, kind: str, dispatch_key: str = "") -> None:
        if kind not in ("IMPL", "DEF", "FRAGMENT"):
            raise ValueError(f"Unsupported kind: {kind}")
        if kind == "DEF" and ns in _def_namespaces:
            raise RuntimeError(
                f"Only a single TORCH_LIBRARY can be used to register the namespace {ns}; "
                "please put all of your definitions in a single TORCH_LIBRARY block."
            )
        if kind == "DEF":
            _def_namespaces.add(ns)
        self.ns, self.kind, self.dispatch_key = ns, kind, dispatch_key
        self._defined: list[str] = []

    def __repr__(self) -> str:
        return f"Library(kind={self.kind}, ns={self.ns}, dispatch_key={self.dispatch_key})>"

    def define(self, schema: str, alias_analysis: str = "", *, tags: Any = ()) -> str:
        """Declare an operator from its schema (``"foo(Tensor x) -> Tensor"``); its name."""
        parsed = Schema(schema)
        if self.kind == "IMPL":
            raise RuntimeError(
                f'def("{parsed.name}"): Cannot define an operator inside of a '
                "TORCH_LIBRARY_IMPL block."
            )
        ops.define(f"{self.ns}::{parsed.name}", parsed)
        self._defined.append(f"{self.ns}::{parsed.name}")
        return parsed.name

    def impl(self, op_name: Any, fn: Callable[..., Any], dispatch_key: str = "", *,
             with_keyset: bool = False, allow_override: bool = True) -> None:  # fmt: skip
        """Register ``fn`` as the operator's kernel for ``dispatch_key``."""
        name = op_name if isinstance(op_name, str) else op_name._opname
        qualname = name if "::" in name else f"{self.ns}::{name}"
        _operator(qualname).kernels[_ops.dispatch_key(dispatch_key or self.dispatch_key)] = fn

    def _destroy(self) -> None:
        for qualname in self._defined:
            ops.remove(qualname)
        self._defined.clear()
        if self.kind == "DEF":
            _def_namespaces.discard(self.ns)


def _operator(op: Any) -> OpOverload:
    """The operator a name, ``torch.ops`` object or :class:`CustomOpDef` names."""
    if isinstance(op, CustomOpDef):
        return op._opoverload
    if isinstance(op, OpOverloadPacket):
        return op.default
    if isinstance(op, OpOverload):
        return op
    found = ops.lookup(op)
    if found is None:
        raise ValueError(f"register: operator {op} does not exist (define it first)")
    return found


_libraries: dict[str, Library] = {}


def _fragment(ns: str) -> Library:
    return _libraries.setdefault(ns, Library(ns, "FRAGMENT"))


def define(qualname: str, schema: str, *, lib: Library | None = None, tags: Any = ()) -> None:
    """Declare ``"ns::name"`` with ``schema`` (``"(Tensor x) -> Tensor"``)."""
    ns, _, name = qualname.partition("::")
    (lib or _fragment(ns)).define(name + schema, tags=tags)


def impl(qualname: str, types: str | Sequence[str], func: Callable[..., Any] | None = None,
         *, lib: Library | None = None) -> Any:  # fmt: skip
    """Register ``func`` for the device types or dispatch keys ``types``; a decorator
    without ``func``."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        op = _operator(qualname)
        for name in [types] if isinstance(types, str) else types:
            op.kernels[_ops.dispatch_key(name)] = fn
        return fn

    return register if func is None else register(func)


def register_kernel(op: Any, device_types: str | Sequence[str] | None,
                    func: Callable[..., Any] | None = None, /, *,
                    lib: Library | None = None) -> Any:  # fmt: skip
    """Register ``func`` as the kernel of a custom operator for ``device_types`` (every
    device for None)."""
    return impl(_operator(op).qualname, device_types or "CompositeExplicitAutograd", func)


def register_fake(op: Any, func: Callable[..., Any] | None = None, /, *,
                  lib: Library | None = None, _stacklevel: int = 1,
                  allow_override: bool = True) -> Any:  # fmt: skip
    """Keep ``func`` as the operator's fake kernel (never run here: see the module doc)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        _operator(op).fake = fn
        return fn

    return register if func is None else register(func)


impl_abstract = register_fake


def register_autograd(op: Any, backward: Callable[..., Any], /, *,
                      setup_context: Callable[..., Any] | None = None, lib: Any = None) -> None:  # fmt: skip
    """Give a custom operator its backward: ``setup_context(ctx, inputs, output)`` runs
    after the forward, ``backward(ctx, *grads)`` returns one gradient per input."""
    operator = _operator(op)
    if operator.custom is None:
        raise RuntimeError(
            f"register_autograd: {operator.qualname} was not created by torch.library."
            "custom_op; register an Autograd kernel with Library.impl instead"
        )
    operator.custom = functools.partial(_run_custom, backward=backward, setup=setup_context)


def infer_schema(prototype_function: Callable[..., Any], /, *, mutates_args: Any = (),
                 op_name: str | None = None) -> str:  # fmt: skip
    """The schema torch infers from an annotated function (``"(Tensor x) -> Tensor"``)."""
    return Schema.of_function(prototype_function, op_name or "").text


def _run_custom(op: OpOverload, values: list[Any], *, backward: Callable[..., Any] | None = None,
                setup: Callable[..., Any] | None = None) -> Any:  # fmt: skip
    """A custom operator's call: its kernel below autograd, recorded as one node."""
    from frontends.torch.autograd.function import Function

    kernel = op.kernel()
    if backward is None:

        def missing(ctx: Any, *grads: Any) -> Any:
            raise RuntimeError(
                f"Trying to backward through {op} but no autograd formula was registered. "
                "Please use register_autograd to add one."
            )

        backward_fn, setup_fn = missing, (lambda ctx, inputs, output: None)
    else:
        backward_fn, setup_fn = backward, setup or (lambda ctx, inputs, output: None)

    class CustomOp(Function):
        @staticmethod
        def forward(*inputs: Any) -> Any:
            call_args, call_kwargs = op.schema.split(list(inputs))
            return kernel(*call_args, **call_kwargs)

        setup_context = staticmethod(setup_fn)
        backward = staticmethod(backward_fn)

    CustomOp.__name__ = f"GeneratedBackwardFor_{op.namespace}_{op._opname}_default"
    return CustomOp.apply(*values)


class CustomOpDef:
    """What :func:`custom_op` returns: calls the operator; ``register_fake``,
    ``register_autograd`` and ``register_kernel`` as methods."""

    def __init__(self, op: OpOverload, fn: Callable[..., Any]) -> None:
        self._opoverload = op
        self._init_fn = fn
        functools.update_wrapper(self, fn)

    def __repr__(self) -> str:
        return f"<CustomOpDef({self._opoverload.qualname})>"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._opoverload(*args, **kwargs)

    def register_fake(self, fn: Callable[..., Any], /) -> Callable[..., Any]:
        return register_fake(self, fn)

    def register_kernel(self, device_types: Any, fn: Callable[..., Any] | None = None, /) -> Any:
        return register_kernel(self, device_types, fn)

    def register_autograd(self, backward: Callable[..., Any], /, *,
                          setup_context: Callable[..., Any] | None = None) -> None:  # fmt: skip
        register_autograd(self, backward, setup_context=setup_context)


def custom_op(name: str, fn: Callable[..., Any] | None = None, /, *,
              mutates_args: str | Iterable[str], device_types: str | Sequence[str] | None = None,
              schema: str | None = None, tags: Any = None) -> Any:  # fmt: skip
    """Make ``fn`` the operator ``name`` (``"ns::op"``); used as a decorator without ``fn``."""

    def make(function: Callable[..., Any]) -> CustomOpDef:
        parsed = Schema(schema) if schema is not None else Schema.of_function(function, name)
        op = ops.define(name, parsed)
        op.custom = _run_custom
        for key in [device_types] if isinstance(device_types, str) else device_types or [""]:
            op.kernels[_ops.dispatch_key(key) if device_types else "CompositeExplicitAutograd"] = (
                function
            )
        return CustomOpDef(op, function)

    return make if fn is None else make(fn)
