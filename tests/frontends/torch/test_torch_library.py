"""torch.library: operators defined in Python run their kernels, with torch's gradients and
errors (real torch registers the same operators in namespaces of its own). No
``from __future__ import annotations``: custom_op reads the annotations."""

import itertools

import numpy as np
import pytest
import torch as real_torch

from frontends import torch

_names = itertools.count()


def _fresh_namespace():
    return f"frontends_test_{next(_names)}"


def _define_scaled(module, ns, with_autograd):
    @module.library.custom_op(f"{ns}::scaled", mutates_args=())
    def scaled(x: module.Tensor, n: float = 2.0) -> module.Tensor:
        return x * n

    if with_autograd:

        def setup_context(ctx, inputs, output):
            ctx.n = inputs[1]

        def backward(ctx, grad):
            return grad * ctx.n * 10, None  # deliberately not the true derivative

        scaled.register_autograd(backward, setup_context=setup_context)

    @scaled.register_fake
    def _(x, n=2.0):
        return module.empty_like(x)

    return scaled


@pytest.mark.parametrize("with_autograd", [True, False])
def test_custom_op_runs_its_kernel_with_torchs_gradient_rules(with_autograd):
    results = []
    for module in (torch, real_torch):
        ns = _fresh_namespace()
        scaled = _define_scaled(module, ns, with_autograd)
        x = module.tensor([1.0, -2.0], requires_grad=True)
        y = scaled(x, n=3.0)
        same = getattr(module.ops, ns).scaled(x, 3.0)
        try:
            y.sum().backward()
            grad = x.grad.numpy()
        except RuntimeError as error:
            grad = str(error).replace(ns, "NS")
        results.append((y.detach().numpy(), same.detach().numpy(), grad, y.requires_grad))
    ours, theirs = results
    for a, b in zip(ours, theirs):
        if isinstance(a, np.ndarray):
            np.testing.assert_array_equal(a, b)
        else:
            assert a == b


def _library_outcomes(module):
    ns = _fresh_namespace()
    lib = module.library.Library(ns, "DEF")
    assert lib.define("shift(Tensor x, *, float a=1.0) -> Tensor") == "shift"
    lib.impl("shift", lambda x, a=1.0: x + a, "CompositeExplicitAutograd")
    lib.define("cuda_only(Tensor x) -> Tensor")
    lib.impl("cuda_only", lambda x: x, "CUDA")
    module.library.define(f"{ns}::twice", "(Tensor x) -> Tensor")
    module.library.impl(f"{ns}::twice", "cpu", lambda x: x * 2)
    ops = getattr(module.ops, ns)
    x = module.tensor([1.0, 2.0], requires_grad=True)
    shifted = ops.shift(x, a=2.0)
    shifted.sum().backward()  # the kernel itself is differentiated
    row = [shifted.detach().numpy().tolist(), x.grad.numpy().tolist(),
           ops.twice(module.ones(2)).numpy().tolist()]  # fmt: skip
    for call in (
        lambda: ops.cuda_only(module.ones(1)),
        lambda: module.library.Library(ns, "DEF"),
        lambda: lib.define("shift(Tensor x) -> Tensor"),
        lambda: module.library.Library(ns + "_impl", "IMPL").define("k(Tensor x) -> Tensor"),
        lambda: ops.no_such_op,
        lambda: ops.shift(x, 1.0),
    ):
        try:
            call()
            row.append("no error")
        except Exception as error:
            row.append(type(error).__name__)
    return row


def test_library_define_and_impl():
    assert _library_outcomes(torch) == _library_outcomes(real_torch)


def test_custom_op_needs_annotations():
    for module in (torch, real_torch):
        with pytest.raises(ValueError, match="Parameter x must have a type annotation"):
            module.library.custom_op(f"{_fresh_namespace()}::f", lambda x: x, mutates_args=())
