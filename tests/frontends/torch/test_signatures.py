"""Every torch function the frontend has accepts real torch's parameter names.

The functions are those of ``torch.overrides.get_testing_overrides()`` (torch's list of
every overridable public function and Tensor method) and ``get_ignored_functions()`` (the
factories, which take no tensor: ``torch.empty``, ``torch.zeros`` ...) that the frontend
provides at the same public path. Real torch's signatures, overloads included:

* a function written in Python: ``inspect.signature`` of the real function;
* a builtin of ``torch.*``, ``torch._C._nn`` or a ``Tensor`` method: the overloads of torch's
  generated stubs (``torch/_C/_VariableFunctions.pyi``, ``_nn.pyi``, ``__init__.pyi``), which
  are generated from the same signatures torch's argument parser reads;
* a builtin of ``torch.linalg``, ``torch.fft`` or ``torch.special`` (no stubs): its ATen
  schemas, as the parser reads them (``self`` is ``input``, out overloads give ``out=``).

For each overload the frontend must accept the call with every parameter by position (the
keyword-only ones by keyword) and the call with every parameter by keyword (the required
leading ones by position): same names, same order. Named-tensor overloads (a ``names``
parameter) and torch's deprecated overloads (whose first parameter the stubs name ``self``)
are left out: the frontend has neither.
"""

from __future__ import annotations

import ast
import collections
import functools
import inspect
import pathlib
import re
import types
from typing import Any

import numpy
import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import check, to_frontend, to_real

_STUBS = pathlib.Path(real_torch.__file__).parent / "_C"
_NAMESPACES = {
    "torch": real_torch,
    "torch.nn.functional": real_torch.nn.functional,
    "torch.linalg": real_torch.linalg,
    "torch.fft": real_torch.fft,
    "torch.special": real_torch.special,
    "torch.nn.init": real_torch.nn.init,
    "torch.sparse": real_torch.sparse,
    "torch.Tensor": real_torch.Tensor,
}

# where torch's stubs or schemas disagree with its parser, or give overloads no single
# Python signature takes: the signature checked (test_oracle_fixes_are_real_torch's checks
# that real torch takes it)
ORACLE_FIXES = {
    # the stub names the flag mode
    "torch.Tensor.requires_grad_": ["(requires_grad=True)"],
    # the schema has an out overload that torch.linalg does not expose
    "torch.linalg.matrix_exp": ["(input)"],
    # the stubs make these keyword-only arguments positional
    "torch.tensor": ["(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False)"],
    "torch.Tensor.new_tensor": ["(data, *, dtype=None, device=None, requires_grad=False)"],
    # torch's thread settings take no keyword arguments
    "torch.set_num_threads": ["(num, /)"],
    "torch.set_num_interop_threads": ["(num, /)"],
    # the overloads of a Python number name the tensor 'tensor' in either place
    "torch.result_type": ["(tensor, other)"],
}
_P = inspect.Parameter


def _parameter(name: str, kind: Any, has_default: bool) -> inspect.Parameter:
    return _P(name, kind, default=None if has_default else _P.empty)


def _stub_signature(node: ast.FunctionDef) -> inspect.Signature:
    arguments = node.args
    positional = arguments.posonlyargs + arguments.args
    first_default = len(positional) - len(arguments.defaults)
    parameters = [
        _parameter(arg.arg, _P.POSITIONAL_OR_KEYWORD, index >= first_default)
        for index, arg in enumerate(positional)
    ]
    if arguments.vararg:
        parameters.append(_P(arguments.vararg.arg, _P.VAR_POSITIONAL))
    for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        parameters.append(_parameter(arg.arg, _P.KEYWORD_ONLY, default is not None))
    return inspect.Signature(parameters)


@functools.cache
def _stubs(file: str, class_name: str | None = None) -> dict[str, list[inspect.Signature]]:
    """Every overload of every function (or ``class_name``'s methods) in a torch stub file."""
    body = ast.parse((_STUBS / file).read_text()).body
    if class_name:
        body = next(n for n in body if isinstance(n, ast.ClassDef) and n.name == class_name).body
    table = collections.defaultdict(list)
    for node in body:
        if isinstance(node, ast.FunctionDef):
            table[node.name].append(_stub_signature(node))
    return table


def _schema_items(text: str) -> list[str]:
    """The comma-separated arguments of a schema, brackets respected."""
    items, depth, current = [], 0, ""
    for character in text:
        depth += (character in "([") - (character in ")]")
        if character == "," and depth == 0:
            items.append(current.strip())
            current = ""
        else:
            current += character
    return [*items, current.strip()] if current.strip() else items


_SCHEMA_ARGUMENT = re.compile(r"^(?P<type>.+?) (?P<name>\w+)(?:=(?P<default>.+))?$")


def _schema_signatures(aten_name: str) -> list[inspect.Signature]:
    """The parser's signatures of an ATen function: ``self`` read as ``input``, a factory's
    ``requires_grad=``, and ``out=`` where an out overload exists."""
    signatures, has_out = [], False
    for schema in real_torch._C._jit_get_schemas_for_operator(f"aten::{aten_name}"):
        arguments = str(schema).split(") ->")[0].split("(", 1)[1]
        items = _schema_items(arguments)
        if any("!" in item for item in items):
            has_out = True
            continue
        if any(item.split(" ")[0] in ("float", "int", "complex") for item in items[:1]):
            continue  # TorchScript's overloads of Python numbers
        kind, parameters = _P.POSITIONAL_OR_KEYWORD, []
        for item in items:
            if item == "*":
                kind = _P.KEYWORD_ONLY
                continue
            match = _SCHEMA_ARGUMENT.match(item)
            name = "input" if match["name"] == "self" else match["name"]
            parameters.append(_parameter(name, kind, match["default"] is not None))
        if any(p.name == "device" for p in parameters):
            parameters.append(_P("requires_grad", _P.KEYWORD_ONLY, default=False))
        signatures.append(parameters)
    out = [_P("out", _P.KEYWORD_ONLY, default=None)] if has_out else []
    return [inspect.Signature(parameters + out) for parameters in signatures]


def _is_dispatcher(signature: inspect.Signature) -> bool:
    """A Python function of ``(*args, **kwargs)`` only (a dispatcher such as
    ``boolean_dispatch``): its overrides lambda gives the signature."""
    kinds = {p.kind for p in signature.parameters.values()}
    return kinds == {_P.VAR_POSITIONAL, _P.VAR_KEYWORD}


def _real_signatures(function: Any, lam: Any, path: str) -> list[inspect.Signature]:
    namespace, name = path.rsplit(".", 1)
    try:
        signatures = [inspect.signature(function)]
        if _is_dispatcher(signatures[0]):
            signatures = [inspect.signature(lam)]
    except (TypeError, ValueError):
        if namespace == "torch.Tensor":
            signatures = _stubs("__init__.pyi", "TensorBase")[name]
        elif namespace in ("torch", "torch.nn.functional"):
            signatures = _stubs("_nn.pyi")[name] or _stubs("_VariableFunctions.pyi")[name]
            # torch's deprecated overloads, and those of a Python number in place of the
            # tensor argument, name a parameter self
            signatures = [s for s in signatures if "self" not in s.parameters]
        else:
            signatures = _schema_signatures(function.__name__)
    if namespace == "torch.Tensor":
        signatures = [s.replace(parameters=list(s.parameters.values())[1:]) for s in signatures]
    return [s for s in signatures if "names" not in s.parameters]


def _public_paths() -> dict[int, str]:
    """id of each public torch function and Tensor attribute -> its public path."""
    paths: dict[int, str] = {}
    for prefix, namespace in _NAMESPACES.items():
        for name in dir(namespace):
            if name.startswith("_") and not (prefix == "torch.Tensor" and name.startswith("__")):
                continue
            paths.setdefault(id(getattr(namespace, name)), f"{prefix}.{name}")
            if prefix == "torch.Tensor":
                paths.setdefault(id(inspect.getattr_static(namespace, name)), f"{prefix}.{name}")
    return paths


def _frontend(path: str) -> Any:
    target: Any = torch
    for part in path.split(".")[1:]:
        target = getattr(target, part, None)
        if target is None:
            return None
    return target if callable(target) and not isinstance(target, type) else None


def _frontend_signature(path: str, target: Any) -> inspect.Signature:
    signature = inspect.signature(target)
    namespace, name = path.rsplit(".", 1)
    parameters = list(signature.parameters.values())
    static = isinstance(
        inspect.getattr_static(torch.Tensor, name, None), staticmethod | classmethod
    )
    if namespace == "torch.Tensor" and not static and parameters[0].kind is not _P.VAR_POSITIONAL:
        signature = signature.replace(parameters=parameters[1:])
    return signature


def _cases() -> list[tuple[str, tuple[Any, Any]]]:
    """(public path, (real function, its overrides lambda)) of each function the frontend has."""
    paths = _public_paths()
    functions = {
        **dict.fromkeys(real_torch.overrides.get_ignored_functions()),
        **real_torch.overrides.get_testing_overrides(),
    }
    cases = []
    for function, lam in functions.items():
        path = paths.get(id(function))
        if path is not None and _frontend(path) is not None:
            cases.append((path, (function, lam)))
    return sorted(cases, key=lambda case: case[0])


CASES = _cases()


def _fixed(path: str) -> list[inspect.Signature]:
    """ORACLE_FIXES' signatures of ``path`` (none when it has none)."""
    return [
        inspect.signature(eval(f"lambda {text[1:-1]}: None")) for text in ORACLE_FIXES.get(path, ())
    ]


# the keyword names torch's argument parser (its builtins, not its Python functions) also
# takes, for numpy's users
_NUMPY_NAMES = {"dim": "axis", "keepdim": "keepdims"}


def binding_errors(
    ours: inspect.Signature, theirs: inspect.Signature, numpy_names: bool = False
) -> list[str]:
    """How the frontend's signature fails the calls torch's signature accepts: every
    parameter by position (keyword-only ones by keyword, two values for a ``*size``), every
    named parameter by keyword (those before a ``*args`` by position), and for a builtin
    (``numpy_names``) that call with ``axis=``/``keepdims=`` for an optional ``dim=``/
    ``keepdim=`` (a required ``dim`` given as ``axis=`` is no Python signature's:
    test_numpy_names_of_required_parameters calls those)."""
    by_position: tuple[list[Any], dict[str, Any]] = ([], {})
    by_keyword: tuple[list[Any], dict[str, Any]] = ([], {})
    for parameter in theirs.parameters.values():
        if parameter.kind is _P.VAR_POSITIONAL:
            by_position[0].extend((1, 1))
            by_keyword[0].extend([0] * len(by_keyword[1]) + [1, 1])
            by_keyword[1].clear()
        elif parameter.kind is _P.KEYWORD_ONLY:
            by_position[1][parameter.name] = by_keyword[1][parameter.name] = 0
        elif parameter.kind is _P.POSITIONAL_ONLY:
            by_position[0].append(0)
            by_keyword[0].append(0)
        elif parameter.kind is _P.POSITIONAL_OR_KEYWORD:
            by_position[0].append(0)
            by_keyword[1][parameter.name] = 0
    calls = [("by position", by_position), ("by keyword", by_keyword)]
    optional = {name for name, p in theirs.parameters.items() if p.default is not _P.empty}
    if numpy_names and _NUMPY_NAMES.keys() & optional:
        renamed = {
            _NUMPY_NAMES[name] if name in optional & _NUMPY_NAMES.keys() else name: value
            for name, value in by_keyword[1].items()
        }
        calls.append(("by numpy's names", (by_keyword[0], renamed)))
    errors = []
    for label, (args, kwargs) in calls:
        try:
            ours.bind(*args, **kwargs)
        except TypeError as error:
            errors.append(f"{theirs} {label}: {error}")
    return errors


def _namespace(path: str) -> str:
    return path.rsplit(".", 1)[0]


@pytest.mark.parametrize("namespace", sorted({_namespace(path) for path, _ in CASES}))
def test_accepts_torch_parameter_names(namespace):
    """Every function of ``namespace`` (one test per namespace: the check is cheap and
    pytest's overhead per test is not)."""
    failures = []
    for path, functions in CASES:
        if _namespace(path) != namespace:
            continue
        ours = _frontend_signature(path, _frontend(path))
        theirs = _fixed(path) or _real_signatures(*functions, path)
        builtin = not isinstance(functions[0], types.FunctionType)
        errors = [
            error for signature in theirs for error in binding_errors(ours, signature, builtin)
        ]
        if errors:
            failures.append(f"{path}{ours}:\n    " + "\n    ".join(errors))
    assert not failures, "\n".join(failures)


def test_oracle_fixes_are_real_torch():
    """The signatures ORACLE_FIXES gives are what real torch's parser takes."""
    tensor = real_torch.eye(2)
    assert tensor.requires_grad_(requires_grad=True).requires_grad
    with pytest.raises(TypeError):
        tensor.requires_grad_(mode=True)
    assert real_torch.linalg.matrix_exp(input=tensor).shape == (2, 2)
    with pytest.raises(TypeError):
        real_torch.linalg.matrix_exp(tensor, out=real_torch.empty(2, 2))
    assert real_torch.tensor(data=[1.0], dtype=real_torch.float64).dtype == real_torch.float64
    with pytest.raises(TypeError):
        real_torch.tensor([1.0], real_torch.float64)
    with pytest.raises(TypeError):
        tensor.new_tensor([1.0], real_torch.float64)
    with pytest.raises(TypeError):
        real_torch.set_num_threads(num=real_torch.get_num_threads())
    assert real_torch.result_type(tensor=tensor, other=1) == real_torch.float32


NUMPY_NAME_CALLS = {
    "sum": lambda t, x: t.sum(x, axis=0, keepdims=True),
    "mean": lambda t, x: x.mean(axis=-1, keepdims=True),
    "max": lambda t, x: t.max(x, axis=1),
    "cat": lambda t, x: t.cat([x, x], axis=1),
    "cumsum": lambda t, x: t.cumsum(x, axis=1),
    "softmax": lambda t, x: x.softmax(axis=0),
    "logsumexp": lambda t, x: t.logsumexp(x, axis=1, keepdims=True),
    "gather": lambda t, x: t.gather(x, axis=1, index=t.tensor([[0], [2]])),
    "unbind": lambda t, x: x.unbind(axis=1),
    "chunk": lambda t, x: t.chunk(x, 3, axis=1),
    "size": lambda t, x: x.size(axis=1),
}


@pytest.mark.parametrize("name", NUMPY_NAME_CALLS)
def test_numpy_names_of_required_parameters(name):
    """``axis=``/``keepdims=`` for ``dim``/``keepdim``, as torch's parser takes them, also
    where ``dim`` is required (which no Python signature shows): same result as torch (the
    names are read before any backend is involved: one backend is enough)."""
    call = NUMPY_NAME_CALLS[name]
    data = numpy.arange(6.0, dtype=numpy.float32).reshape(2, 3)
    check(lambda: call(torch, to_frontend(data)), lambda: call(real_torch, to_real(data)))


def test_covers_the_frontend():
    """The check reaches most of torch's overridable functions (it only grows)."""
    assert len(CASES) > 1100
