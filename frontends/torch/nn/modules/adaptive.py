"""nn.AdaptiveLogSoftmaxWithLoss (Grave et al.'s adaptive softmax).

``forward`` computes the full ``log_prob`` and gathers each target's entry, where torch
evaluates only the clusters its targets fall in: the same values (up to rounding) with
no data-dependent shapes, at the cost of every cluster's projection.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence

from frontends import torch as _torch
from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F
from frontends.torch.nn.modules.container import ModuleList, Sequential
from frontends.torch.nn.modules.linear import Linear
from frontends.torch.nn.modules.module import Module

__all__ = ["AdaptiveLogSoftmaxWithLoss"]

_ASMoutput = namedtuple("_ASMoutput", ["output", "loss"])


class AdaptiveLogSoftmaxWithLoss(Module):
    """Adaptive softmax: a head over the shortlist and one entry per tail cluster, each
    cluster a low-rank (``in_features / div_value**(i+1)``) projection."""

    def __init__(
        self, in_features: int, n_classes: int, cutoffs: Sequence[int], div_value: float = 4.0,
        head_bias: bool = False, device: object = None, dtype: object = None,
    ) -> None:  # fmt: skip
        super().__init__()
        cutoffs = list(cutoffs)
        if len(cutoffs) == 0:
            raise ValueError("cutoffs should be a sequence of length larger than 0")
        if (
            cutoffs != sorted(cutoffs)
            or min(cutoffs) <= 0
            or max(cutoffs) > (n_classes - 1)
            or len(set(cutoffs)) != len(cutoffs)
            or any(int(c) != c for c in cutoffs)
        ):
            raise ValueError(
                "cutoffs should be a sequence of unique, positive integers sorted in an "
                "increasing order, where each value is between 1 and n_classes-1"
            )
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = cutoffs + [n_classes]
        self.div_value = div_value
        self.head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        kw = {"device": device, "dtype": dtype}
        self.head = Linear(in_features, self.head_size, bias=head_bias, **kw)
        self.tail = ModuleList()
        for i in range(self.n_clusters):
            hsz = int(in_features // (div_value ** (i + 1)))
            osz = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail.append(
                Sequential(
                    Linear(in_features, hsz, bias=False, **kw), Linear(hsz, osz, bias=False, **kw)
                )
            )

    def reset_parameters(self) -> None:
        self.head.reset_parameters()
        for i2h, h2o in self.tail:
            i2h.reset_parameters()
            h2o.reset_parameters()

    def _log_prob(self, input: Tensor) -> Tensor:
        head = F.log_softmax(self.head(input), dim=1)
        parts = [head[:, : self.shortlist_size]]
        for i in range(self.n_clusters):
            cluster = F.log_softmax(self.tail[i](input), dim=1)
            parts.append(cluster + head[:, self.shortlist_size + i : self.shortlist_size + i + 1])
        return _torch.cat(parts, dim=1)

    def forward(self, input: Tensor, target: Tensor) -> _ASMoutput:
        batched = input.dim() == 2
        if not batched:
            if input.dim() != 1 or target.dim() != 0:
                raise RuntimeError("1D target tensor expects 1D input tensors")
            input, target = input.unsqueeze(0), target.unsqueeze(0)
        elif target.dim() != 1:
            raise RuntimeError("2D target tensor expects 2D input tensors")
        if input.size(0) != target.size(0):
            raise RuntimeError("Input and target should have the same size in the batch dimension.")
        if target.numel() and (bool((target < 0).any()) or bool((target >= self.n_classes).any())):
            raise RuntimeError(
                f"Target values should be in [0, {self.n_classes - 1}], but values in range "
                f"[{int(target.min())}, {int(target.max())}] were found. "
            )
        output = self._log_prob(input).gather(1, target.long().unsqueeze(1)).squeeze(1)
        loss = (-output).mean()
        return _ASMoutput(output if batched else output.squeeze(0), loss)

    def log_prob(self, input: Tensor) -> Tensor:
        """Log-probabilities of every class, ``(N, n_classes)`` (or ``(n_classes,)``)."""
        if input.dim() == 1:
            return self._log_prob(input.unsqueeze(0)).squeeze(0)
        return self._log_prob(input)

    def predict(self, input: Tensor) -> Tensor:
        """The most likely class of each row."""
        return self.log_prob(input).argmax(dim=-1)
