"""F.ctc_loss: the connectionist temporal classification loss, torch's log-space forward
algorithm written with core functions (so core.autodiff differentiates it).

The lengths are read to the host (they fix the shapes of the recursion), one step per time
frame; the gradient is autodiff's through the recursion rather than torch's closed-form
alpha-beta gradient (same values up to rounding). An infinite loss (a target that cannot
fit its input length) without ``zero_infinity`` gets a zero gradient here, where torch's
is nan.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

import core
from core import autodiff as _autodiff
from core import native as ops
from frontends.torch._frontend import torch_function
from frontends.torch._ops_support import dtype_of, ndim_of
from frontends.torch._tensor import Tensor

__all__ = ["ctc_loss"]


def _host_lengths(lengths: Any, name: str) -> list[int]:
    if isinstance(lengths, (list, tuple)):
        return [int(v) for v in lengths]
    if dtype_of(lengths).kind not in "iu":
        raise RuntimeError(f"ctc_loss: {name} must be integral")
    return [int(v) for v in numpy.asarray(core.Array(lengths).to_numpy()).reshape(-1)]


def _logsumexp3(a: Any, b: Any, c: Any) -> Any:
    """log(exp a + exp b + exp c) with -inf everywhere giving -inf and a finite (zero)
    gradient there."""
    top = ops.maximum(ops.maximum(a, b), c)
    finite = ops.isfinite(top)
    shift = ops.where(finite, top, ops.zeros_like(top))
    total = ops.add(
        ops.add(ops.exp(ops.subtract(a, shift)), ops.exp(ops.subtract(b, shift))),
        ops.exp(ops.subtract(c, shift)),
    )
    positive = ops.greater(total, 0)
    safe = ops.where(positive, total, ops.ones_like(total))
    return ops.where(positive, ops.add(shift, ops.log(safe)), ops.full_like(total, -numpy.inf))


@torch_function("log_probs")
def ctc_loss(
    log_probs: Tensor,
    targets: Tensor,
    input_lengths: Tensor | Sequence[int],
    target_lengths: Tensor | Sequence[int],
    blank: int = 0,
    reduction: str = "mean",
    zero_infinity: bool = False,
) -> Tensor:
    """The CTC loss of ``(T, N, C)`` (or unbatched ``(T, C)``) log-probabilities against
    padded ``(N, S)`` or concatenated 1-D targets."""
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    dtype = dtype_of(log_probs)
    if dtype not in (core.float32, core.float64):
        raise RuntimeError(f'"ctc_loss_cpu" not implemented for {dtype}')
    unbatched = ndim_of(log_probs) == 2
    if unbatched:
        log_probs = ops.expand_dims(log_probs, axis=1)
        if ndim_of(targets) == 1:
            targets = ops.expand_dims(targets, axis=0)
    if ndim_of(log_probs) != 3:
        raise RuntimeError("ctc_loss: log_probs must be 2-D (T, C) or 3-D (T, N, C)")
    steps, batch, classes = log_probs.shape
    inputs = _host_lengths(input_lengths, "input_lengths")
    lengths = _host_lengths(target_lengths, "target_lengths")
    if len(inputs) != batch or len(lengths) != batch:
        raise RuntimeError(
            f"ctc_loss: expected input_lengths and target_lengths to have {batch} entries"
        )
    if not 0 <= blank < classes:
        raise RuntimeError("blank must be in label range")
    for t in inputs:
        if t > steps:
            raise RuntimeError(
                f"Expected input_lengths to have value at most {steps}, but got value {t}"
            )
    targets = ops.astype(targets, core.int64)
    longest = max(lengths + [0])
    if ndim_of(targets) == 1:  # concatenated: padded rows from the host-side offsets
        offsets = numpy.cumsum([0] + lengths[:-1])
        index = numpy.array(
            [[o + min(j, max(n - 1, 0)) for j in range(longest)] for o, n in zip(offsets, lengths)],
            dtype="int64",
        ).reshape(batch, longest)
        if targets.shape[0] == 0:
            padded = ops.zeros((batch, longest), dtype=core.int64)
        else:
            padded = ops.take(targets, ops.asarray(index), axis=0)
    else:
        if targets.shape[1] < longest:
            raise RuntimeError(
                f"Expected tensor to have size at least {longest} at dimension 1, but got "
                f"size {targets.shape[1]}"
            )
        padded = ops.get_item(targets, (slice(None), slice(0, longest)))
    width = 2 * longest + 1
    # extended labels: blank, l1, blank, l2, ..., blank
    odd = numpy.arange(width) % 2 == 1
    label_index = numpy.maximum((numpy.arange(width) - 1) // 2, 0)
    labels = ops.take(padded, ops.asarray(label_index), axis=1) if longest else padded
    blanks = ops.full((batch, width), blank, dtype=core.int64)
    extended = ops.where(ops.asarray(odd), labels, blanks) if longest else blanks
    # s-2 transitions: to a label that differs from the label two back
    shifted = ops.nn.pad(extended, [2, 0], "constant", blank)
    skip = ops.logical_and(
        ops.asarray(odd),
        ops.not_equal(extended, ops.get_item(shifted, (slice(None), slice(0, width)))),
    )
    gathered = ops.take_along_axis(
        log_probs,
        ops.broadcast_to(ops.expand_dims(extended, axis=0), (steps, batch, width)),
        axis=2,
    )  # (T, N, width)
    neg_inf = ops.full((batch, width), -numpy.inf, dtype=dtype)
    first = numpy.zeros((batch, width), dtype=bool)
    first[:, 0] = True
    first[:, 1 if width > 1 else 0] = numpy.array(lengths) > 0
    alpha = ops.where(ops.asarray(first), ops.get_item(gathered, 0), neg_inf)
    active = numpy.array(inputs)
    pad1 = ops.full((batch, 1), -numpy.inf, dtype=dtype)
    pad2 = ops.full((batch, 2), -numpy.inf, dtype=dtype)
    for t in range(1, max(inputs + [1])):
        back1 = ops.concat([pad1, ops.get_item(alpha, (slice(None), slice(0, width - 1)))], axis=1)
        back2 = ops.concat([pad2, ops.get_item(alpha, (slice(None), slice(0, width - 2)))], axis=1)
        back2 = ops.where(skip, back2, neg_inf)
        new = ops.add(_logsumexp3(alpha, back1, back2), ops.get_item(gathered, t))
        alpha = ops.where(ops.asarray((t < active)[:, None]), new, alpha)
    last = numpy.array(lengths) * 2
    ends = ops.take_along_axis(
        alpha, ops.asarray(numpy.stack([last, numpy.maximum(last - 1, 0)], 1)), axis=1
    )
    ends = ops.where(
        ops.asarray(numpy.stack([last >= 0, last > 0], 1)), ends, ops.full_like(ends, -numpy.inf)
    )
    floor = ops.full((batch, 1), -numpy.inf, dtype=dtype)
    loss = ops.negative(
        ops.reshape(
            _logsumexp3(
                ops.get_item(ends, (slice(None), slice(0, 1))),
                ops.get_item(ends, (slice(None), slice(1, 2))),
                floor,
            ),
            (batch,),
        )
    )
    # torch's backward adds exp(log_probs) over each sample's frames (its closed form is the
    # gradient through a log_softmax); a zero-valued term carries that gradient here
    frames = ops.asarray((numpy.arange(steps)[:, None] < active[None, :])[:, :, None])

    def occupancy() -> Any:
        spread = ops.where(frames, ops.exp(log_probs), ops.zeros_like(log_probs))
        return ops.sum(spread, axis=(0, 2))

    with _autodiff.no_grad():
        fixed = occupancy()
    loss = ops.add(loss, ops.subtract(occupancy(), fixed))
    if zero_infinity:
        loss = ops.where(ops.isinf(loss), ops.zeros_like(loss), loss)
    if reduction == "mean":
        divisor = ops.asarray(numpy.maximum(numpy.array(lengths), 1).astype("float64"), dtype=dtype)
        return ops.mean(ops.divide(loss, divisor))
    if reduction == "sum":
        return ops.sum(loss)
    return ops.reshape(loss, ()) if unbatched else loss
