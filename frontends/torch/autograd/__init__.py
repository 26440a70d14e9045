"""torch.autograd on core.autodiff: ``backward``, ``grad``, grad modes, ``Function``,
``functional`` (jacobian, hessian, vjp, jvp), ``graph`` (grad_fn nodes) and
``anomaly_mode`` (detect_anomaly)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core import autodiff as _ad
from core import native as ops
from frontends.torch._tensor import Tensor, to_native
from frontends.torch.autograd import anomaly_mode, graph
from frontends.torch.autograd._tensor_methods import run_post_accumulate_hooks
from frontends.torch.autograd.anomaly_mode import detect_anomaly, set_detect_anomaly
from frontends.torch.autograd.function import Function, FunctionCtx, once_differentiable
from frontends.torch.autograd.grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    no_grad,
    set_grad_enabled,
)

__all__ = [
    "Function", "FunctionCtx", "backward", "detect_anomaly", "enable_grad", "functional", "grad", "graph",
    "inference_mode", "is_grad_enabled", "no_grad", "once_differentiable", "set_detect_anomaly", "set_grad_enabled",
]  # fmt: skip


def _tensors(value: Any) -> list[Tensor]:
    if isinstance(value, Tensor):
        return [value]
    return list(value)


def _cotangents(outputs: list[Tensor], grad_outputs: Any, what: str) -> list[Any]:
    if grad_outputs is None:
        grad_outputs = [None] * len(outputs)
    elif isinstance(grad_outputs, Tensor):
        grad_outputs = [grad_outputs]
    else:
        grad_outputs = list(grad_outputs)
    if len(grad_outputs) != len(outputs):
        raise RuntimeError(
            f"{what} should be a sequence of length {len(outputs)}, but got {len(grad_outputs)}"
        )
    natives = []
    for index, (output, gradient) in enumerate(zip(outputs, grad_outputs)):
        if not output.requires_grad:
            raise RuntimeError(
                f"element {index} of tensors does not require grad and does not have a grad_fn"
            )
        if gradient is None:
            if output.numel() != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            if not output.dtype.is_floating_point:
                raise RuntimeError(
                    "grad can be implicitly created only for real scalar outputs but got "
                    f"{output.dtype}"
                )
            natives.append(ops.ones(tuple(output.shape), dtype=output.dtype.core_dtype))
        else:
            g = to_native(gradient)
            if tuple(g.shape) != tuple(output.shape):
                raise RuntimeError(
                    f"Mismatch in shape: grad_output[{index}] has a shape of "
                    f"torch.Size({list(g.shape)}) and output[{index}] has a shape of "
                    f"torch.Size({list(output.shape)})."
                )
            natives.append(g)
    return natives


def backward(
    tensors: Any,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    grad_variables: Any = None,
    inputs: Any = None,
) -> None:
    """Accumulate the gradients of ``tensors`` into the leaves' ``.grad`` (only into
    ``inputs``' when given)."""
    outputs = _tensors(tensors)
    if grad_tensors is None:
        grad_tensors = grad_variables
    cotangents = _cotangents(outputs, grad_tensors, "grad_tensors")
    if retain_graph is None:
        retain_graph = create_graph
    natives = [o.native for o in outputs]
    if inputs is None:
        _ad.backward(natives, cotangents, retain_graph=retain_graph, create_graph=create_graph)
        return
    inputs = _tensors(inputs)
    if not inputs:
        raise RuntimeError("'inputs' argument to backward() cannot be empty.")
    grads = _ad.backward(
        natives, cotangents, retain_graph=retain_graph, create_graph=create_graph,
        capture=[t.native for t in inputs], accumulate=False,
    )  # fmt: skip
    from frontends.torch._tensor import _accumulate

    with set_grad_enabled(create_graph):
        for tensor, g in zip(inputs, grads):
            if g is not None and (tensor.is_leaf or getattr(tensor, "_retains_grad", False)):
                _accumulate(tensor, g)
                run_post_accumulate_hooks(tensor)


def grad(
    outputs: Any,
    inputs: Any,
    grad_outputs: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    only_inputs: bool = True,
    allow_unused: bool | None = None,
    is_grads_batched: bool = False,
    materialize_grads: bool = False,
) -> tuple[Tensor | None, ...]:
    """The gradients of ``outputs`` with respect to ``inputs`` (nothing is accumulated)."""
    if is_grads_batched:
        raise NotImplementedError("torch.autograd.grad(is_grads_batched=True) is not supported")
    if allow_unused is None:
        allow_unused = materialize_grads
    elif materialize_grads and not allow_unused:
        raise ValueError(
            "Expected allow_unused to be True or not passed when materialize_grads=True, "
            "but got: allow_unused=False."
        )
    outputs = _tensors(outputs)
    inputs = _tensors(inputs)
    cotangents = _cotangents(outputs, grad_outputs, "grad_outputs")
    for tensor in inputs:
        if not tensor.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    if retain_graph is None:
        retain_graph = create_graph
    grads = _ad.backward(
        [o.native for o in outputs], cotangents, retain_graph=retain_graph,
        create_graph=create_graph, capture=[t.native for t in inputs], accumulate=False,
    )  # fmt: skip
    results: list[Tensor | None] = []
    for tensor, g in zip(inputs, grads):
        if g is None:
            if materialize_grads:
                results.append(Tensor._from_native(ops.zeros(tuple(tensor.shape),
                                                             dtype=tensor.dtype.core_dtype)))  # fmt: skip
                continue
            if not allow_unused:
                raise RuntimeError(
                    "One of the differentiated Tensors appears to not have been used in the "
                    "graph. Set allow_unused=True if this is the desired behavior."
                )
            results.append(None)
        else:
            results.append(Tensor._from_native(g))
    return tuple(results)


from frontends.torch.autograd import functional  # noqa: E402
