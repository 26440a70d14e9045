"""Leaving the frontend: a ported model as the target framework's own object.

- :func:`to_jax` gives ``(apply_fn, variables)``: a pure function of real ``jax.Array``s
  that real ``jax.jit``, ``jax.grad``, ``jax.vmap``, optax and ``jax.export`` take, and the
  model's weights, ``{"params": {...}, "buffers": {...}}`` keyed by the model's own names
  (torch's state-dict names), buffers apart from what is trained, as flax keeps its
  collections apart. Needs the jax backend.
- :func:`to_tensorflow` gives a real ``tf.Module`` with ``tf.Variable`` weights whose
  ``__call__`` is a ``tf.function``: ``tf.saved_model.save`` writes it, and real TF in a
  process that never imports this project serves it. Needs the tensorflow backend.
- :func:`to_torch` gives a real ``torch.nn.Module`` whose parameters are real
  ``nn.Parameter``s under the model's names: its forward runs the frontend's operations on
  real torch tensors, so real torch's autograd records them and ``torch.optim`` trains it.
  Needs the torch backend.

What each takes: a ``frontends.torch.nn.Module``, a ``frontends.tensorflow.Module`` (its
variables by name), or a jax-frontend model as the pair ``(apply, params)`` with
``apply(params, *args)`` and ``params`` a pytree of arrays (``to_jax`` also takes a plain
function of jax-frontend arrays and returns a function of real ones).

Why a backend is required: the exported function runs the frontend's operations on the
target framework's arrays, which the backend of that framework computes with; tracing
(``jax.jit``, ``tf.function``) and real torch's autograd need those operations to be the
framework's own. A model that cannot be traced (a host read such as ``.item()``, Python
control flow on a tensor value, drawing from torch's host-side random generator) raises
:class:`ExportError` naming the model's line and the reason.
"""

from __future__ import annotations

import contextlib
import functools
import os
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import core

__all__ = ["ExportError", "to_jax", "to_tensorflow", "to_torch"]

_PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ExportError(RuntimeError):
    """A model cannot be exported as asked (wrong backend, or it cannot be traced)."""


def _require_backend(target: str, what: str) -> None:
    if core.get_backend() != target:
        raise ExportError(
            f"frontends.export.{what} needs the {target} backend (the model's operations must "
            f"run on {target} to become {target}'s own), but the backend is "
            f"{core.get_backend()!r}: call core.set_backend({target!r}) before building or "
            "loading the model"
        )


# ---------------------------------------------------------------------------------------
# one view of any frontend's model: named weights, and a call with given weight values
# ---------------------------------------------------------------------------------------
@dataclass
class _Model:
    names: list[str]
    values: list[Any]  # native arrays of the backend
    trainable: list[bool]
    # another name of a weight -> its name in ``names`` (torch's tied weights)
    aliases: dict[str, str]
    # (weights, native args, kwargs) -> (native outputs, the weights' values after the call)
    call: Callable[[list[Any], tuple, dict], tuple[Any, list[Any]]]


def _model(model: Any, traced: bool) -> _Model:
    torch_module = _frontend_class("torch", "nn", "Module")
    tf_module = _frontend_class("tensorflow", None, "Module")
    if torch_module is not None and isinstance(model, torch_module):
        return _torch_model(model, traced)
    if tf_module is not None and isinstance(model, tf_module):
        return _tensorflow_model(model)
    if isinstance(model, tuple) and len(model) == 2 and callable(model[0]):
        return _jax_model(*model)
    raise TypeError(
        "frontends.export takes a frontends.torch.nn.Module, a frontends.tensorflow.Module, "
        f"or a jax-frontend pair (apply, params); got {type(model).__name__}"
    )


def _is_module(model: Any) -> bool:
    """A torch-frontend ``nn.Module`` or a tensorflow-frontend ``tf.Module``."""
    classes = (
        _frontend_class("torch", "nn", "Module"),
        _frontend_class("tensorflow", None, "Module"),
    )
    return any(c is not None and isinstance(model, c) for c in classes)


def _frontend_class(framework: str, submodule: str | None, name: str) -> type | None:
    """A frontend's class if that frontend is imported (a model of it exists only then)."""
    import sys

    module = sys.modules.get(f"frontends.{framework}" + (f".{submodule}" if submodule else ""))
    return getattr(module, name, None)


def _torch_model(module: Any, traced: bool) -> _Model:
    """``traced``: the calls run under torch.compile's trace scope (the frontend skips the
    host-side checks torch makes on the device, as under ``torch.compile``)."""
    from frontends.torch import Tensor
    from frontends.torch._compile import trace_scope
    from frontends.torch.func import functional_call

    params = dict(module.named_parameters())
    buffers = dict(module.named_buffers())
    names = [*params, *buffers]
    first = {id(t): n for n, t in (*params.items(), *buffers.items())}
    every = (*module.named_parameters(remove_duplicate=False),
             *module.named_buffers(remove_duplicate=False))  # fmt: skip
    aliases = {n: first[id(t)] for n, t in every if n not in first.values()}

    def call(weights: list[Any], args: tuple, kwargs: dict) -> Any:
        tensors = {name: Tensor._from_native(w) for name, w in zip(names, weights)}
        wrap = functools.partial(_wrap, Tensor)
        with trace_scope() if traced else contextlib.nullcontext():
            result = functional_call(
                module, tensors, _wrap_tree(wrap, args), _wrap_tree(wrap, kwargs)
            )
        return _unwrap(result), [tensors[name].native for name in names]

    return _Model(
        names=names,
        values=[t.native for t in (*params.values(), *buffers.values())],
        trainable=[True] * len(params) + [False] * len(buffers),
        aliases=aliases,
        call=call,
    )


def _tensorflow_model(module: Any) -> _Model:
    from frontends.tensorflow import Tensor

    variables = list(module.variables)
    names = _unique([v.name.removesuffix(":0") for v in variables])

    def call(weights: list[Any], args: tuple, kwargs: dict) -> Any:
        saved = [v._value for v in variables]
        try:
            for variable, value in zip(variables, weights):
                variable._value = value
            wrap = functools.partial(_wrap, Tensor)
            result = module(*_wrap_tree(wrap, args), **_wrap_tree(wrap, kwargs))
            return _unwrap(result), [v._value for v in variables]
        finally:
            for variable, value in zip(variables, saved):
                variable._value = value

    return _Model(
        names=names,
        values=[v._value for v in variables],
        trainable=[v.trainable for v in variables],
        aliases={},
        call=call,
    )


def _jax_model(apply: Callable[..., Any], params: Any) -> _Model:
    from frontends.base.array import to_native
    from frontends.jax import Array, tree_util

    leaves_with_paths, treedef = tree_util.tree_flatten_with_path(params)
    names = _unique([tree_util.keystr(path).strip("[]'.").replace("']['", ".")
                     for path, _ in leaves_with_paths])  # fmt: skip

    def call(weights: list[Any], args: tuple, kwargs: dict) -> Any:
        wrap = functools.partial(_wrap, Array)
        tree = tree_util.tree_unflatten(treedef, [Array._from_native(w) for w in weights])
        return _unwrap(apply(tree, *_wrap_tree(wrap, args), **_wrap_tree(wrap, kwargs))), weights

    return _Model(
        names=names,
        values=[to_native(leaf) for _, leaf in leaves_with_paths],
        trainable=[True] * len(names),
        aliases={},
        call=call,
    )


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        count = seen.get(name, 0)
        seen[name] = count + 1
        out.append(name if count == 0 else f"{name}_{count}")
    return out


def _wrap(array_class: type, value: Any) -> Any:
    """A native array of the backend as the frontend's array; anything else as it is."""
    if isinstance(value, core.current_backend().native_array_types):
        return array_class._from_native(value)
    return value


def _wrap_tree(wrap: Callable[[Any], Any], tree: Any) -> Any:
    if isinstance(tree, dict):
        return {k: _wrap_tree(wrap, v) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)) and type(tree) in (list, tuple):
        return type(tree)(_wrap_tree(wrap, v) for v in tree)
    return wrap(tree)


def _unwrap(tree: Any) -> Any:
    """Frontend arrays as native ones, in plain containers: tuples, lists, named tuples, and
    dicts (a dict subclass such as transformers' ModelOutput becomes a plain dict of its
    set fields), so every target framework takes the structure."""
    from frontends.base.array import FrontendArray

    if isinstance(tree, FrontendArray):
        return tree.native
    if isinstance(tree, dict):
        return {k: _unwrap(v) for k, v in tree.items() if v is not None}
    if isinstance(tree, tuple) and hasattr(type(tree), "_fields"):
        return type(tree)(*(_unwrap(v) for v in tree))
    if isinstance(tree, (list, tuple)):
        return (
            type(tree)(_unwrap(v) for v in tree)
            if type(tree) in (list, tuple)
            else tuple(_unwrap(v) for v in tree)
        )
    return tree


def _as_backend_native(value: Any) -> Any:
    if isinstance(value, core.current_backend().native_array_types):
        return value
    return core.native.asarray(core.to_numpy(value) if hasattr(value, "shape") else value)


# ---------------------------------------------------------------------------------------
# errors of a trace
# ---------------------------------------------------------------------------------------
def _model_line(error: BaseException) -> str:
    """``file:line`` of the innermost frame of ``error`` outside core, the frontends and
    the frameworks: the model's own code."""
    skipped = (
        os.path.join(_PROJECT, "core") + os.sep,
        os.path.join(_PROJECT, "frontends") + os.sep,
    )
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = os.path.abspath(frame.filename)
        if path.startswith(skipped) or frame.filename.startswith("<"):
            continue
        if any(f"{os.sep}{name}{os.sep}" in path for name in ("jax", "jaxlib", "tensorflow")):
            continue
        return f"{frame.filename}:{frame.lineno}"
    return "<unknown>"


def _untraceable(error: BaseException, target: str) -> ExportError:
    return ExportError(
        f"{_model_line(error)}: the model cannot be traced by {target}: "
        f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''} "
        "(a host read such as .item(), float() or .numpy(), or Python control flow on a "
        "tensor's value; make the value static or compute it with tensor operations)"
    )


def _torch_generator_state() -> Any:
    import sys

    sampling = sys.modules.get("frontends.torch.random_sampling")
    return None if sampling is None else sampling.default_generator._state.get_state()


def _traced_call(model: _Model, target: str, trace_errors: tuple[type, ...]) -> Callable:
    def call(weights: list[Any], args: tuple, kwargs: dict) -> Any:
        before = _torch_generator_state()
        try:
            result = model.call(weights, args, kwargs)
        except trace_errors as error:
            raise _untraceable(error, target) from error
        if _torch_generator_state() != before:
            raise ExportError(
                "the model draws random numbers from torch's generator (dropout in training "
                f"mode?), whose state is host-side: a {target} program would replay one "
                "draw; call model.eval(), or pass the randomness in as an input"
            )
        return result

    return call


# ---------------------------------------------------------------------------------------
# the three targets
# ---------------------------------------------------------------------------------------
def to_jax(model: Any) -> Any:
    """``(apply_fn, variables)`` for a frontend model, or, for a plain function of
    jax-frontend arrays, the same function of real ``jax.Array``s.

    ``apply_fn(variables, *args, **kwargs)`` returns the model's outputs as ``jax.Array``s
    (transformers' output objects as plain dicts); ``variables`` is ``{"params": {name:
    jax.Array}, "buffers": {name: jax.Array}}``. It is pure: buffers the model updates in
    training mode (BatchNorm's running statistics) are returned only with ``mutable=True``,
    as ``(outputs, {"buffers": new_buffers})``.
    """
    import jax

    _require_backend("jax", "to_jax")
    trace_errors = (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
                    jax.errors.TracerIntegerConversionError,
                    jax.errors.TracerBoolConversionError)  # fmt: skip
    if callable(model) and not isinstance(model, tuple) and not _is_module(model):
        return _jax_function(model, trace_errors)
    exported = _model(model, traced=True)
    call = _traced_call(exported, "jax.jit", trace_errors)
    params = [n for n, t in zip(exported.names, exported.trainable) if t]
    buffers = [n for n, t in zip(exported.names, exported.trainable) if not t]

    def apply_fn(variables: dict[str, Any], *args: Any, mutable: bool = False, **kwargs: Any):
        _require_backend("jax", "to_jax's apply_fn")
        weights = {**variables["params"], **variables.get("buffers", {})}
        result, after = call([weights[n] for n in exported.names], args, kwargs)
        if not mutable:
            return result
        new = dict(zip(exported.names, after))
        return result, {"buffers": {n: new[n] for n in buffers}}

    values = dict(zip(exported.names, map(_as_backend_native, exported.values)))
    variables = {
        "params": {n: values[n] for n in params},
        "buffers": {n: values[n] for n in buffers},
    }
    return apply_fn, variables


def _jax_function(fn: Callable[..., Any], trace_errors: tuple[type, ...]) -> Callable[..., Any]:
    from frontends.jax import Array

    wrap = functools.partial(_wrap, Array)

    @functools.wraps(fn)
    def jax_fn(*args: Any, **kwargs: Any) -> Any:
        _require_backend("jax", "to_jax's function")
        try:
            return _unwrap(fn(*_wrap_tree(wrap, args), **_wrap_tree(wrap, kwargs)))
        except trace_errors as error:
            raise _untraceable(error, "jax.jit") from error

    return jax_fn


def to_tensorflow(model: Any, input_signature: Any = None) -> Any:
    """A real ``tf.Module`` holding the model's weights as ``tf.Variable``s (named by the
    model's names, trainable as they were) whose ``__call__`` is a ``tf.function`` of real
    tensors. Give ``input_signature`` (a list of ``tf.TensorSpec``) for
    ``tf.saved_model.save``, or call the module once before saving, as with any
    ``tf.function``. Buffers the model updates in training mode are assigned back.
    """
    import tensorflow as tf

    _require_backend("tensorflow", "to_tensorflow")
    torch_module = _frontend_class("torch", "nn", "Module")
    if torch_module is not None and isinstance(model, torch_module):
        for spec in tf.nest.flatten(input_signature or []):
            if None in tuple(getattr(spec, "shape", ())):
                raise ExportError(
                    f"to_tensorflow: {spec} has an unknown dimension, but a torch model's "
                    "sizes are Python ints (torch.Size): give every dimension in "
                    "input_signature, one exported signature per shape"
                )
    exported = _model(model, traced=True)
    call = _traced_call(exported, "tf.function", (tf.errors.OperatorNotAllowedInGraphError,))
    names = exported.names

    class ExportedModel(tf.Module):
        """A frontend model as TensorFlow's own (see :func:`frontends.export.to_tensorflow`)."""

        def __init__(self) -> None:
            super().__init__(name="exported_model")
            self.weights = [
                tf.Variable(_as_backend_native(value), trainable=trainable, name=name)
                for name, value, trainable in zip(names, exported.values, exported.trainable)
            ]

        @tf.function(input_signature=input_signature, autograph=False)
        def __call__(self, *args: Any) -> Any:
            result, after = call([tf.convert_to_tensor(w) for w in self.weights], args, {})
            for variable, value in zip(self.weights, after):
                if not variable.trainable and value is not None:
                    variable.assign(value)
            return result

    return ExportedModel()


def to_torch(model: Any) -> Any:
    """A real ``torch.nn.Module`` with the model's weights as real ``nn.Parameter``s and
    buffers under the model's names (its ``state_dict`` has the model's keys); its forward
    runs the frontend's operations on real torch tensors, recorded by real torch's autograd.
    The weights are copies: training one does not change the other. It starts in the
    model's mode; ``train()``/``eval()`` on it set the frontend model's mode for each call.
    """
    import torch

    _require_backend("torch", "to_torch")
    exported = _model(model, traced=False)
    frontend_module = model if hasattr(model, "named_parameters") else None

    class ExportedModule(torch.nn.Module):
        """A frontend model as torch's own (see :func:`frontends.export.to_torch`)."""

        def forward(self, *args: Any, **kwargs: Any) -> Any:
            if frontend_module is not None:
                frontend_module.train(self.training)
            weights = []
            for name, trainable in zip(exported.names, exported.trainable):
                weight = self.get_parameter(name) if trainable else self.get_buffer(name)
                weights.append(weight.view_as(weight))
            result, after = exported.call(weights, args, kwargs)
            with torch.no_grad():
                for name, trainable, value in zip(exported.names, exported.trainable, after):
                    buffer = None if trainable else self.get_buffer(name)
                    if buffer is not None and value is not buffer and value is not None:
                        buffer.copy_(value)
            return result

    root = ExportedModule()

    def place(name: str, value: Any, trainable: bool) -> None:
        *path, leaf = name.split(".")
        owner = root
        for part in path:
            if part not in owner._modules:
                owner.add_module(part, torch.nn.Module())
            owner = owner._modules[part]
        if trainable:
            owner.register_parameter(leaf, value)
        else:
            owner.register_buffer(leaf, value)

    placed = {}
    for name, value, trainable in zip(exported.names, exported.values, exported.trainable):
        tensor = _as_backend_native(value).detach().clone()
        placed[name] = (torch.nn.Parameter(tensor) if trainable else tensor, trainable)
        place(name, *placed[name])
    for alias, name in exported.aliases.items():  # a tied weight: the same object again
        place(alias, *placed[name])
    return root.train(getattr(model, "training", True))
