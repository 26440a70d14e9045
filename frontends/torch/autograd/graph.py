"""``Tensor.grad_fn``: core.autodiff nodes seen under torch's node names."""

from __future__ import annotations

from typing import Any

from core import autodiff as _ad

# core qualname -> torch's backward node name (without the trailing 0)
_NAMES = {
    "add": "Add", "subtract": "Sub", "multiply": "Mul", "divide": "Div", "negative": "Neg",
    "power": "Pow", "matmul": "Mm", "sum": "Sum", "mean": "Mean", "exp": "Exp", "log": "Log",
    "sqrt": "Sqrt", "rsqrt": "Rsqrt", "tanh": "Tanh", "sin": "Sin", "cos": "Cos",
    "abs": "Abs", "maximum": "Maximum", "minimum": "Minimum", "reshape": "View",
    "permute_dims": "Permute", "astype": "ToCopy", "get_item": "Slice", "set_item": "CopySlices",
    "concat": "Cat", "stack": "Stack", "where": "Where", "clip": "Clamp", "square": "Pow",
    "broadcast_to": "Expand", "squeeze": "Squeeze", "expand_dims": "Unsqueeze",
    "max": "Max", "min": "Min", "prod": "Prod", "var": "Var", "std": "Std",
    "nn.relu": "Relu", "nn.gelu": "Gelu", "nn.sigmoid": "Sigmoid", "nn.softmax": "Softmax",
    "nn.log_softmax": "LogSoftmax", "nn.silu": "Silu", "nn.conv": "Convolution",
    "nn.layer_norm": "NativeLayerNorm", "nn.embedding": "Embedding", "nn.dropout": "NativeDropout",
    "nn.scaled_dot_product_attention": "ScaledDotProductAttention", "sigmoid": "Sigmoid",
    "linalg.inv": "LinalgInv", "linalg.det": "LinalgDet", "log1p": "Log1P", "expm1": "Expm1",
}  # fmt: skip


def torch_name(node: _ad.Node) -> str:
    name = node.name
    if name in _NAMES:
        base = _NAMES[name]
    elif name.endswith("Backward"):  # autograd.Function nodes carry their own names
        return name
    else:
        base = "".join(part.capitalize() for part in name.split(".")[-1].split("_"))
    return base + "Backward0"


class AccumulateGrad:
    """The node a leaf's gradient reaches (``next_functions`` of its consumers)."""

    def __init__(self, node: _ad.Node) -> None:
        self._node = node

    def name(self) -> str:
        return "torch::autograd::AccumulateGrad"

    @property
    def next_functions(self) -> tuple[()]:
        return ()

    def __repr__(self) -> str:
        return "<AccumulateGrad object>"


class Node:
    """A recorded function: ``name()``, ``next_functions``, ``register_hook`` is not
    supported (hook the tensors instead)."""

    def __init__(self, node: _ad.Node) -> None:
        self._node = node

    def name(self) -> str:
        return torch_name(self._node)

    @property
    def next_functions(self) -> tuple[tuple[Any, int], ...]:
        found: dict[int, tuple[Any, int]] = {}
        for slot, parent, index in self._node.parents:
            found[slot] = (node_object(parent) if parent.rule is not None
                           else AccumulateGrad(parent), index)  # fmt: skip
        count = max(found, default=-1) + 1
        return tuple(found.get(slot, (None, 0)) for slot in range(count))

    @property
    def __name__(self) -> str:
        return self.name()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Node) and other._node is self._node

    def __hash__(self) -> int:
        return id(self._node)

    def __repr__(self) -> str:
        return f"<{self.name()} object>"


_classes: dict[str, type[Node]] = {}


def node_object(node: _ad.Node) -> Node:
    """The node as an instance of a class named as torch's (``type(t.grad_fn).__name__``)."""
    name = torch_name(node)
    cls = _classes.get(name)
    if cls is None:
        cls = _classes[name] = type(name, (Node,), {"__module__": "torch.autograd.graph"})
    return cls(node)


class save_on_cpu:
    """``with save_on_cpu():`` in torch moves the tensors the graph saves for backward to
    host memory. The frontend has one device per backend and keeps saved values where the
    backend holds them, so the block runs unchanged (no memory moves)."""

    def __init__(self, pin_memory: bool = False, device_type: str = "cuda") -> None:
        self.pin_memory, self.device_type = pin_memory, device_type

    def __enter__(self) -> save_on_cpu:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        return None
