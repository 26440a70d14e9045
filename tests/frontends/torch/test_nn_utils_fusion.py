"""torch.nn.utils.fusion against real torch: BatchNorm folded into a convolution (also
transposed) or a linear layer gives real torch's fused parameters and outputs."""

from __future__ import annotations

import numpy
import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, to_frontend

RNG = numpy.random.default_rng(0)


def _pair(make):
    """The same module built by both torches, real torch's weights and buffers copied."""
    theirs = make(real_torch)
    for buffer in ("running_mean", "running_var"):
        if hasattr(theirs, buffer):
            getattr(theirs, buffer).copy_(
                real_torch.from_numpy(RNG.uniform(0.5, 2, theirs.num_features).astype("float32"))
            )
    ours = make(torch)
    ours.load_state_dict({k: to_frontend(v) for k, v in theirs.state_dict().items()})
    return ours.eval(), theirs.eval()


@pytest.mark.parametrize(
    "conv, bn, shape, transpose",
    [
        (
            lambda t: t.nn.Conv2d(3, 4, 3, bias=False),
            lambda t: t.nn.BatchNorm2d(4),
            (2, 3, 6, 6),
            False,
        ),
        (
            lambda t: t.nn.Conv1d(3, 4, 3),
            lambda t: t.nn.BatchNorm1d(4, affine=False),
            (2, 3, 7),
            False,
        ),
        (
            lambda t: t.nn.ConvTranspose2d(3, 4, 2),
            lambda t: t.nn.BatchNorm2d(4),
            (1, 3, 4, 4),
            True,
        ),
    ],
)
def test_fuse_conv_bn_eval(backend, conv, bn, shape, transpose):
    (conv_ours, conv_theirs), (bn_ours, bn_theirs) = _pair(conv), _pair(bn)
    fused_theirs = real_torch.nn.utils.fusion.fuse_conv_bn_eval(conv_theirs, bn_theirs, transpose)
    fused_ours = torch.nn.utils.fusion.fuse_conv_bn_eval(conv_ours, bn_ours, transpose)
    assert fused_ours is not conv_ours and type(fused_ours) is type(conv_ours)
    assert isinstance(fused_ours.weight, torch.nn.Parameter)
    assert_matches(fused_ours.weight.detach(), fused_theirs.weight.detach(), rtol=1e-5, atol=1e-6)
    assert_matches(fused_ours.bias.detach(), fused_theirs.bias.detach(), rtol=1e-5, atol=1e-6)
    x = RNG.standard_normal(shape).astype("float32")
    with torch.no_grad():
        out = fused_ours(to_frontend(x))
    assert_matches(out, fused_theirs(real_torch.from_numpy(x)).detach(), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("features", [4, 1])
def test_fuse_linear_bn_eval(backend, features):
    (lin_ours, lin_theirs), (bn_ours, bn_theirs) = (
        _pair(lambda t: t.nn.Linear(3, 4)),
        _pair(lambda t: t.nn.BatchNorm1d(features)),
    )
    fused_theirs = real_torch.nn.utils.fusion.fuse_linear_bn_eval(lin_theirs, bn_theirs)
    fused_ours = torch.nn.utils.fuse_linear_bn_eval(lin_ours, bn_ours)
    assert_matches(fused_ours.weight.detach(), fused_theirs.weight.detach(), rtol=1e-5, atol=1e-6)
    assert_matches(fused_ours.bias.detach(), fused_theirs.bias.detach(), rtol=1e-5, atol=1e-6)


def test_fusion_refusals_as_torch():
    for t in (torch, real_torch):
        conv, bn = t.nn.Conv2d(2, 3, 1), t.nn.BatchNorm2d(3)
        with pytest.raises(AssertionError, match="Fusion only for eval!"):
            t.nn.utils.fusion.fuse_conv_bn_eval(conv, bn)
        with pytest.raises(AssertionError, match="linear.out_features == bn.num_features"):
            t.nn.utils.fusion.fuse_linear_bn_eval(
                t.nn.Linear(2, 3).eval(), t.nn.BatchNorm1d(2).eval()
            )
        with pytest.raises(AssertionError, match="must not be None"):
            t.nn.utils.fusion.fuse_conv_bn_eval(
                conv.eval(), t.nn.BatchNorm2d(3, track_running_stats=False).eval()
            )
