"""F.ctc_loss / nn.CTCLoss against real torch on every backend: reductions, zero_infinity
(an infeasible sample), repeated labels, blank, padded and concatenated targets, tensor
lengths, unbatched input, and the gradient through core.autodiff."""

from __future__ import annotations

import numpy
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import both, check

TOL = {"rtol": 1e-4, "atol": 1e-5}
T, N, C, S = 6, 3, 5, 3
LOG_PROBS = numpy.log(numpy.random.default_rng(1).dirichlet(numpy.ones(C), (T, N)))
TARGETS = numpy.array([[2, 2, 3], [4, 1, 0], [1, 2, 3]])
INPUT_LENGTHS, TARGET_LENGTHS = [6, 5, 2], [3, 2, 3]  # the last sample is infeasible


def _both_losses(options: dict, *, dtype: str = "float32", blank: int = 0):
    f, r = both(LOG_PROBS, dtype)
    f.requires_grad_()
    r.requires_grad_()
    targets = numpy.where(TARGETS == blank, (blank + 1) % C, TARGETS)
    tf, tr = both(targets, "int64")
    ours = torch.nn.functional.ctc_loss(
        f, tf, INPUT_LENGTHS, TARGET_LENGTHS, blank=blank, **options
    )
    real = real_torch.nn.functional.ctc_loss(
        r, tr, INPUT_LENGTHS, TARGET_LENGTHS, blank=blank, **options
    )
    return f, r, ours, real


def test_ctc_loss_values_and_gradients(backend):
    for reduction in ("mean", "sum"):
        _, _, ours, real = _both_losses({"reduction": reduction, "zero_infinity": True})
        check(lambda: ours.detach(), lambda: real.detach(), **TOL)  # noqa: B023
    f, r, ours, real = _both_losses({"reduction": "none", "zero_infinity": True})
    check(lambda: ours.detach(), lambda: real.detach(), **TOL)
    (ours * 2.0).sum().backward()
    (real * 2.0).sum().backward()
    check(lambda: f.grad, lambda: r.grad, **TOL)
    # without zero_infinity the infeasible sample's loss is inf
    f, r, ours, real = _both_losses({"reduction": "none"}, dtype="float64", blank=2)
    check(lambda: ours.detach(), lambda: real.detach(), **TOL)
    ours[:2].sum().backward()
    real[:2].sum().backward()
    # torch's gradient is nan on the infeasible sample's frames (zero here)
    check(lambda: f.grad[:, :2], lambda: r.grad[:, :2], **TOL)


def test_ctc_loss_target_layouts_and_module(backend):
    f, r = both(LOG_PROBS, "float32")
    flat = numpy.concatenate([row[:n] for row, n in zip(TARGETS, TARGET_LENGTHS)])
    tf, tr = both(flat, "int32")
    lf, lr = both(numpy.array(INPUT_LENGTHS), "int64")
    kf, kr = both(numpy.array(TARGET_LENGTHS), "int64")
    check(
        lambda: torch.nn.CTCLoss(zero_infinity=True)(f, tf, lf, kf),
        lambda: real_torch.nn.CTCLoss(zero_infinity=True)(r, tr, lr, kr),
        **TOL,
    )
    check(
        lambda: torch.nn.functional.ctc_loss(f[:, 0], tf[:3], [6], [3], reduction="none"),
        lambda: real_torch.nn.functional.ctc_loss(r[:, 0], tr[:3], [6], [3], reduction="none"),
        **TOL,
    )
    check(
        lambda: torch.nn.functional.ctc_loss(f, tf, [7, 5, 2], TARGET_LENGTHS),
        lambda: real_torch.nn.functional.ctc_loss(r, tr, [7, 5, 2], TARGET_LENGTHS),
    )
