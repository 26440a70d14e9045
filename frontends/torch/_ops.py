"""``torch.ops``: the operators :mod:`torch.library` registers, called as
``torch.ops.<namespace>.<name>(...)``.

Each operator keeps its schema (argument names, defaults, keyword-only arguments) and its
kernels by dispatch key, and runs the Python kernel the key selects for the one device here
(CPU). torch's own ATen operators (``torch.ops.aten.*``) are not among them: the frontend
implements torch's Python API, not its dispatcher.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from typing import Any

__all__ = ["OpOverload", "OpOverloadPacket", "ops"]

# the kernels that run here, most specific first ("" is torch's CompositeImplicitAutograd)
_RUNNABLE_KEYS = (
    "Autograd",
    "AutogradCPU",
    "CPU",
    "CompositeExplicitAutograd",
    "CompositeImplicitAutograd",
)
_DEVICE_KEYS = {"cpu": "CPU", "cuda": "CUDA", "mps": "MPS", "xpu": "XPU", "meta": "Meta"}


def dispatch_key(name: str) -> str:
    """torch's dispatch key for a key or device name (``"cpu"`` -> ``"CPU"``)."""
    if name == "":
        return "CompositeImplicitAutograd"
    return _DEVICE_KEYS.get(name, name)


class Parameter:
    __slots__ = ("default", "has_default", "keyword_only", "name", "type")

    def __init__(self, name: str, type: str, default: Any, has_default: bool,
                 keyword_only: bool) -> None:  # fmt: skip
        self.name, self.type, self.default = name, type, default
        self.has_default, self.keyword_only = has_default, keyword_only


def _split_top(text: str) -> list[str]:
    """``text`` split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def _default(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return {"true": True, "false": False}.get(text.lower(), text)


class Schema:
    """An operator's signature, from torch's schema text (``"foo(Tensor x, *, float a=1.0)
    -> Tensor"``; the name is optional)."""

    def __init__(self, text: str) -> None:
        self.text = text.strip()
        head, arrow, returns = self.text.partition("->")
        if not arrow:
            raise RuntimeError(f"Expected -> in the schema {text!r}")
        head = head.strip()
        open_paren = head.index("(")
        self.name = head[:open_paren].strip()
        self.returns = returns.strip()
        self.parameters: list[Parameter] = []
        keyword_only = False
        for part in _split_top(head[open_paren + 1 : head.rindex(")")]):
            if part == "*":
                keyword_only = True
                continue
            declaration, equals, default = part.partition("=")
            type_, _, name = declaration.strip().rpartition(" ")
            self.parameters.append(
                Parameter(
                    name, type_.strip(), _default(default.strip()), bool(equals), keyword_only
                )
            )

    @classmethod
    def of_function(cls, fn: Callable[..., Any], qualname: str) -> Schema:
        """The schema torch infers from ``fn``'s annotated signature."""
        signature = inspect.signature(fn)
        parts = []
        keyword_only = False
        for parameter in signature.parameters.values():
            if parameter.annotation is inspect.Parameter.empty:
                raise ValueError(
                    f"infer_schema(func): Parameter {parameter.name} must have a type "
                    f"annotation. Got func with signature {signature})"
                )
            if parameter.kind is inspect.Parameter.KEYWORD_ONLY and not keyword_only:
                parts.append("*")
                keyword_only = True
            text = f"{_type_name(parameter.annotation)} {parameter.name}"
            if parameter.default is not inspect.Parameter.empty:
                text += f"={parameter.default!r}"
            parts.append(text)
        return cls(f"({', '.join(parts)}) -> {_type_name(signature.return_annotation)}")

    def bind(self, qualname: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
        """Every argument in schema order, defaults filled in."""
        positional = [p for p in self.parameters if not p.keyword_only]
        if len(args) > len(positional):
            raise RuntimeError(
                f"{qualname}() expected at most {len(positional)} argument(s) but received "
                f"{len(args)} argument(s). Declaration: {qualname}{self.text.removeprefix(self.name)}"
            )
        values = list(args)
        for parameter in self.parameters[len(args) :]:
            if parameter.name in kwargs:
                values.append(kwargs.pop(parameter.name))
            elif parameter.has_default:
                values.append(parameter.default)
            else:
                raise RuntimeError(
                    f"{qualname}() is missing value for argument '{parameter.name}'. "
                    f"Declaration: {qualname}{self.text.removeprefix(self.name)}"
                )
        if kwargs:
            raise RuntimeError(f"{qualname}() got unexpected keyword argument(s) {sorted(kwargs)}")
        return values

    def split(self, values: list[Any]) -> tuple[list[Any], dict[str, Any]]:
        """Values in schema order as a kernel's positional and keyword arguments."""
        args = [v for v, p in zip(values, self.parameters) if not p.keyword_only]
        kwargs = {p.name: v for v, p in zip(values, self.parameters) if p.keyword_only}
        return args, kwargs


def _type_name(annotation: Any) -> str:
    name = getattr(annotation, "__name__", None) or str(annotation)
    return {"int": "SymInt", "float": "float", "bool": "bool", "NoneType": "()"}.get(name, name)


class OpOverload:
    """One operator (``torch.ops.ns.name.default``)."""

    def __init__(self, namespace: str, name: str, schema: Schema) -> None:
        self.namespace, self._opname, self.schema = namespace, name, schema
        self.kernels: dict[str, Callable[..., Any]] = {}
        self.fake: Callable[..., Any] | None = None
        # set by torch.library.custom_op: the call runs as one autograd node
        self.custom: Callable[[OpOverload, list[Any]], Any] | None = None

    @property
    def qualname(self) -> str:
        return f"{self.namespace}::{self._opname}"

    def __repr__(self) -> str:
        return f"{self.namespace}.{self._opname}.default"

    def kernel(self) -> Callable[..., Any]:
        for key in _RUNNABLE_KEYS:
            if key in self.kernels:
                return self.kernels[key]
        raise NotImplementedError(
            f"Could not run '{self.qualname}' with arguments from the 'CPU' backend. This "
            "could be because the operator doesn't exist for this backend (kernels registered "
            f"for: {', '.join(sorted(self.kernels)) or 'none'}; CPU is this frontend's one "
            "device)"
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        values = self.schema.bind(self.qualname, args, dict(kwargs))
        if self.custom is not None:
            return self.custom(self, values)
        call_args, call_kwargs = self.schema.split(values)
        return self.kernel()(*call_args, **call_kwargs)


class OpOverloadPacket:
    """``torch.ops.ns.name``: calls its one overload, ``.default``."""

    def __init__(self, op: OpOverload) -> None:
        self.default = op

    def overloads(self) -> list[str]:
        return ["default"]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.default(*args, **kwargs)

    def __repr__(self) -> str:
        return f"{self.default.namespace}.{self.default._opname}"


class _OpNamespace:
    def __init__(self, name: str) -> None:
        self.name = name
        self.packets: dict[str, OpOverloadPacket] = {}

    def __getattr__(self, op: str) -> OpOverloadPacket:
        if op.startswith("__"):
            raise AttributeError(op)
        try:
            return self.__dict__["packets"][op]
        except KeyError:
            raise AttributeError(
                f"'_OpNamespace' '{self.name}' object has no attribute '{op}' (the torch "
                "frontend's torch.ops holds the operators torch.library registered)"
            ) from None


class _Ops:
    """``torch.ops``: one namespace per name, made on first use as torch's are."""

    def __init__(self) -> None:
        self._namespaces: dict[str, _OpNamespace] = {}

    def __getattr__(self, name: str) -> _OpNamespace:
        if name.startswith("__"):
            raise AttributeError(name)
        return self._namespaces.setdefault(name, _OpNamespace(name))

    def lookup(self, qualname: str) -> OpOverload | None:
        namespace, _, name = qualname.partition("::")
        packet = self._namespaces.get(namespace, _OpNamespace(namespace)).packets.get(name)
        return packet.default if packet is not None else None

    def define(self, qualname: str, schema: Schema) -> OpOverload:
        namespace, _, name = qualname.partition("::")
        if self.lookup(qualname) is not None:
            raise RuntimeError(
                f"Tried to register an operator ({qualname}{schema.text.removeprefix(schema.name)}) "
                "with the same name and overload name multiple times. Each overload's schema "
                "should only be registered with a single call to def()."
            )
        op = OpOverload(namespace, name, schema)
        getattr(self, namespace).packets[name] = OpOverloadPacket(op)
        return op

    def remove(self, qualname: str) -> None:
        namespace, _, name = qualname.partition("::")
        self._namespaces[namespace].packets.pop(name, None)


ops = _Ops()
