"""torch.nn modules against real torch: Module machinery (state_dict keys, strict errors,
repr, hooks, named_modules order, registration) and every layer's forward with real
torch's weights copied in, on all four backends."""

from __future__ import annotations

import copy
from typing import Any

import numpy
import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import check

ATOL = 1e-5


def _state(reference: Any) -> dict[str, Any]:
    return {k: torch.tensor(v.detach().numpy()) for k, v in reference.state_dict().items()}


def _close(ours: Any, theirs: Any, atol: float = ATOL) -> None:
    if isinstance(theirs, (tuple, list)):
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _close(a, b, atol)
        return
    if theirs is None:
        assert ours is None
        return
    assert tuple(ours.shape) == tuple(theirs.shape)
    assert str(ours.dtype) == str(theirs.dtype)
    numpy.testing.assert_allclose(
        numpy.asarray(ours.detach().numpy(), dtype=numpy.float64),
        theirs.detach().numpy().astype(numpy.float64),
        atol=atol,
        rtol=1e-5,
    )


def _pair(make: Any) -> tuple[Any, Any]:
    """``make(nn)`` with real torch and with the frontend, weights copied from real torch."""
    real_torch.manual_seed(0)
    reference = make(real_torch.nn)
    model = make(torch.nn)
    model.load_state_dict(_state(reference))
    return model, reference


def _data(*shape: int, seed: int = 0) -> numpy.ndarray:
    return numpy.random.default_rng(seed).standard_normal(shape).astype(numpy.float32)


# ------------------------------------------------------------------ Module machinery
def _tree(nn: Any) -> Any:
    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.conv = nn.Conv2d(3, 4, 3)
            self.block = nn.Sequential(nn.Linear(4, 5), nn.ReLU(), nn.Linear(5, 2, bias=False))
            self.norm = nn.BatchNorm1d(2)
            self.heads = nn.ModuleList([nn.Linear(2, 2), nn.Identity()])
            self.table = nn.ModuleDict({"b": nn.Embedding(4, 2), "a": nn.LayerNorm(2)})
            self.scale = nn.Parameter(real_or_frontend(nn).ones(2))
            self.register_buffer("steps", real_or_frontend(nn).zeros(1))
            self.register_buffer("cache", real_or_frontend(nn).zeros(2), persistent=False)
            self.params = nn.ParameterList([nn.Parameter(real_or_frontend(nn).zeros(3))])

    return Net()


def real_or_frontend(nn: Any) -> Any:
    return real_torch if nn is real_torch.nn else torch


def test_module_structure_matches_torch() -> None:
    ours, theirs = _tree(torch.nn), _tree(real_torch.nn)
    assert list(ours.state_dict()) == list(theirs.state_dict())
    assert [n for n, _ in ours.named_parameters()] == [n for n, _ in theirs.named_parameters()]
    assert [n for n, _ in ours.named_buffers()] == [n for n, _ in theirs.named_buffers()]
    assert [n for n, _ in ours.named_modules()] == [n for n, _ in theirs.named_modules()]
    assert [n for n, _ in ours.named_children()] == [n for n, _ in theirs.named_children()]
    assert [type(m).__name__ for m in ours.modules()] == [
        type(m).__name__ for m in theirs.modules()
    ]
    assert repr(ours) == repr(theirs)
    assert len(list(ours.parameters(recurse=False))) == 1
    for k, v in theirs.state_dict().items():
        assert tuple(ours.state_dict()[k].shape) == tuple(v.shape)


def test_reprs_match_torch() -> None:
    for make in (
        lambda nn: nn.Conv2d(3, 8, (3, 5), stride=2, padding=1, dilation=2, groups=1, bias=False),
        lambda nn: nn.Conv1d(4, 4, 3, padding="same", padding_mode="circular", groups=2),
        lambda nn: nn.ConvTranspose2d(3, 6, 3, stride=2, output_padding=1),
        lambda nn: nn.MaxPool2d(2, ceil_mode=True),
        lambda nn: nn.AvgPool2d(3, stride=1, padding=1),
        lambda nn: nn.AdaptiveAvgPool2d((2, 3)),
        lambda nn: nn.BatchNorm2d(4, momentum=None),
        lambda nn: nn.LayerNorm([3, 4], eps=1e-6),
        lambda nn: nn.GroupNorm(2, 4),
        lambda nn: nn.RMSNorm(4),
        lambda nn: nn.Embedding(10, 3, padding_idx=1),
        lambda nn: nn.Dropout(0.2),
        lambda nn: nn.LSTM(3, 4, num_layers=2, batch_first=True, bidirectional=True),
        lambda nn: nn.GRU(3, 4, dropout=0.5, num_layers=2),
        lambda nn: nn.RNN(3, 4, nonlinearity="relu"),
        lambda nn: nn.MultiheadAttention(8, 2, batch_first=True),
        lambda nn: nn.TransformerEncoderLayer(8, 2, 16),
        lambda nn: nn.Flatten(0, 2),
        lambda nn: nn.Unflatten(1, (2, 3)),
        lambda nn: nn.ELU(0.5, inplace=True),
        lambda nn: nn.LeakyReLU(0.2),
        lambda nn: nn.GELU("tanh"),
        lambda nn: nn.Softmax(dim=1),
        lambda nn: nn.Hardtanh(-2, 2),
        lambda nn: nn.Bilinear(2, 3, 4),
        lambda nn: nn.CrossEntropyLoss(label_smoothing=0.1),
        lambda nn: nn.ParameterList([nn.Parameter(real_or_frontend(nn).zeros(2, 3))]),
        lambda nn: nn.Sequential(),
        lambda nn: nn.ModuleList(),
        lambda nn: nn.Threshold(0.1, 20, inplace=True),
        lambda nn: nn.Hardshrink(0.3),
        lambda nn: nn.Softshrink(),
        lambda nn: nn.Tanhshrink(),
        lambda nn: nn.InstanceNorm1d(3),
        lambda nn: nn.InstanceNorm2d(3, affine=True, track_running_stats=True),
        lambda nn: nn.InstanceNorm3d(4, momentum=None, affine=True, bias=False),
        lambda nn: nn.Upsample(scale_factor=2),
        lambda nn: nn.Upsample(size=(3, 4), mode="bilinear", align_corners=True),
        lambda nn: nn.Upsample(scale_factor=(2, 3)),
        lambda nn: nn.UpsamplingNearest2d(size=4),
        lambda nn: nn.UpsamplingBilinear2d(scale_factor=2),
        lambda nn: nn.ZeroPad1d(2),
        lambda nn: nn.ZeroPad2d((1, 2, 3, 4)),
        lambda nn: nn.ZeroPad3d([1, 2, 3, 4, 5, 6]),
        lambda nn: nn.ConstantPad1d((1, 2), 3),
        lambda nn: nn.ConstantPad2d(1, -0.5),
        lambda nn: nn.ConstantPad3d(1, 3.5),
        lambda nn: nn.ReflectionPad1d(3),
        lambda nn: nn.ReflectionPad2d(2),
        lambda nn: nn.ReflectionPad3d((1, 0, 2, 0, 1, 1)),
        lambda nn: nn.ReplicationPad1d((1, 2)),
        lambda nn: nn.ReplicationPad2d(1),
        lambda nn: nn.ReplicationPad3d((1, 2, 3, 4, 5, 6)),
        lambda nn: nn.CircularPad1d(3),
        lambda nn: nn.CircularPad2d((1, 0, 0, 1)),
        lambda nn: nn.CircularPad3d(2),
        lambda nn: nn.Unfold(2, stride=(1, 2)),
        lambda nn: nn.Fold((4, 5), 2, padding=1),
        lambda nn: nn.PixelShuffle(2),
        lambda nn: nn.PixelUnshuffle(3),
        lambda nn: nn.PairwiseDistance(p=1.0),
        lambda nn: nn.CosineSimilarity(dim=0),
        lambda nn: nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(2, 2, 3), nn.InstanceNorm2d(2)),
    ):
        assert repr(make(torch.nn)) == repr(make(real_torch.nn))


def test_parameter() -> None:
    p = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
    q = real_torch.nn.Parameter(real_torch.tensor([1.0, 2.0]))
    assert repr(p) == repr(q) and str(p) == str(q)
    assert p.requires_grad and isinstance(p, torch.Tensor)
    assert not torch.nn.Parameter(torch.zeros(2), requires_grad=False).requires_grad
    assert isinstance(copy.deepcopy(p), torch.nn.Parameter)
    for view in (p[0], p.detach(), p.data, p * 2):
        assert type(view) is torch.Tensor  # views and results are plain tensors, as in torch
    emb, head = torch.nn.Embedding(3, 2), torch.nn.Linear(2, 3, bias=False)
    head.weight = emb.weight
    tied = torch.nn.Sequential(emb, head).double()  # conversion keeps tied weights tied
    assert tied[1].weight is tied[0].weight and tied[0].weight.dtype == torch.float64


@pytest.mark.parametrize("requires_grad", [True, False])
def test_parameter_of_a_computed_tensor_is_a_leaf(requires_grad) -> None:
    """``Parameter(w * 2)`` (torch.nn.utils.fusion builds its results so) detaches as torch."""
    results = []
    for t in (torch, real_torch):
        w = t.nn.Parameter(t.ones(2))
        p = t.nn.Parameter(w * 2, requires_grad)
        if requires_grad:
            (p * 3).sum().backward()
        results.append((p.is_leaf, p.requires_grad, p.grad_fn, w.grad, p.tolist()))
        results[-1] += (None if p.grad is None else p.grad.tolist(),)
    assert results[0] == results[1]


def test_load_state_dict_strict_errors() -> None:
    for nn in (torch.nn, real_torch.nn):
        model = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3))
        state = model.state_dict()
        del state["0.bias"]
        state["extra.weight"] = state["0.weight"]
        with pytest.raises(RuntimeError) as info:
            model.load_state_dict(state)
        message = str(info.value)
        state["0.weight"] = real_or_frontend(nn).zeros(4, 2)
        with pytest.raises(RuntimeError) as size_info:
            model.load_state_dict(state, strict=False)
        result = model.load_state_dict(
            {"1.running_mean": real_or_frontend(nn).ones(3)}, strict=False
        )
        if nn is torch.nn:
            ours = (message, str(size_info.value), result.missing_keys, result.unexpected_keys)
        else:
            theirs = (message, str(size_info.value), result.missing_keys, result.unexpected_keys)
    assert ours == theirs
    assert 'Missing key(s) in state_dict: "0.bias"' in ours[0]
    assert "size mismatch for 0.weight" in ours[1]


def test_buffers_and_assign() -> None:
    for t in (torch, real_torch):
        m = t.nn.Module()
        m.b = t.nn.Buffer(t.ones(2), persistent=False)
        m.c = t.nn.Buffer(t.zeros(1))
        assert list(m.state_dict()) == ["c"] and [n for n, _ in m.named_buffers()] == ["b", "c"]
        assert type(m.b) is t.Tensor
    lin = torch.nn.Linear(2, 2)
    lin.load_state_dict({"weight": torch.ones(2, 2), "bias": torch.zeros(2)}, assign=True)
    assert isinstance(lin.weight, torch.nn.Parameter) and lin.weight.tolist() == [[1.0, 1.0]] * 2


def test_load_state_dict_copies_values() -> None:
    model = torch.nn.Linear(3, 2)
    model.load_state_dict({"weight": torch.ones(2, 3), "bias": torch.zeros(2)})
    assert model.weight.tolist() == [[1.0] * 3] * 2
    assert isinstance(model.weight, torch.nn.Parameter) and model.weight.requires_grad
    assert repr(model.load_state_dict(model.state_dict())) == "<All keys matched successfully>"


def _hook_log(nn: Any) -> list:
    log: list = []
    model = nn.Linear(2, 2)
    h1 = model.register_forward_pre_hook(lambda m, args: log.append("pre") or (args[0] * 2,))
    model.register_forward_hook(lambda m, args, out: log.append("post") or out * 0)
    model.register_forward_hook(lambda m, args, out: log.append("first"), prepend=True)
    model.register_forward_pre_hook(
        lambda m, args, kwargs: log.append(("kw", sorted(kwargs))), with_kwargs=True
    )
    out = model(real_or_frontend(nn).ones(1, 2))
    log.append(out.tolist())
    h1.remove()
    model(real_or_frontend(nn).ones(1, 2))
    return log


def test_hooks_order_and_results() -> None:
    assert _hook_log(torch.nn) == _hook_log(real_torch.nn)


def test_registration_and_attributes() -> None:
    for nn in (torch.nn, real_torch.nn):
        t = real_or_frontend(nn)
        m = nn.Module()
        m.w = nn.Parameter(t.zeros(2))
        m.register_buffer("b", t.ones(1))
        m.sub = nn.Linear(1, 1)
        m.register_parameter("none", None)
        m.plain = 3
        assert list(m._parameters) == ["w", "none"] and list(m._buffers) == ["b"]
        assert "sub" in m._modules and m.plain == 3
        with pytest.raises(TypeError):
            m.w = t.zeros(2)  # a plain tensor cannot replace a parameter
        with pytest.raises(KeyError):
            m.register_buffer("plain", t.zeros(1))
        with pytest.raises(AttributeError):
            _ = m.missing
        del m.w
        assert "w" not in m._parameters
        m.b = t.zeros(3)  # stays a buffer
        assert tuple(m._buffers["b"].shape) == (3,)
        assert list(m.state_dict()) == ["b", "sub.weight", "sub.bias"]
        m.add_module("extra", nn.ReLU())
        assert m.get_submodule("sub") is m.sub
        assert m.get_parameter("sub.weight") is m.sub.weight


def test_train_eval_apply_requires_grad_to() -> None:
    model = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Dropout(0.5))
    assert model.training and model[1].training
    model.eval()
    assert not model.training and not model[1].training
    seen = []
    model.apply(lambda m: seen.append(type(m).__name__))
    assert seen == ["Linear", "Dropout", "Sequential"]
    model.requires_grad_(False)
    assert not any(p.requires_grad for p in model.parameters())
    model.to(torch.float64)
    assert model[0].weight.dtype == torch.float64 and isinstance(
        model[0].weight, torch.nn.Parameter
    )
    model.zero_grad()
    bn = torch.nn.BatchNorm1d(2).double()
    assert bn.running_mean.dtype == torch.float64 and bn.num_batches_tracked.dtype == torch.int64


def test_sequential_and_lists() -> None:
    seq = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))
    assert len(seq) == 3 and isinstance(seq[-1], torch.nn.Linear)
    assert isinstance(seq[:2], torch.nn.Sequential) and len(seq[:2]) == 2
    seq.append(torch.nn.Sigmoid())
    assert list(seq._modules) == ["0", "1", "2", "3"]
    del seq[1]
    assert list(seq._modules) == ["0", "1", "2"]
    with pytest.raises(IndexError):
        seq[5]
    ml = torch.nn.ModuleList([torch.nn.ReLU()])
    ml.append(torch.nn.Tanh())
    ml.extend([torch.nn.Identity()])
    assert [type(m).__name__ for m in ml] == ["ReLU", "Tanh", "Identity"]
    md = torch.nn.ModuleDict({"a": torch.nn.ReLU()})
    md["b"] = torch.nn.Tanh()
    assert list(md.keys()) == ["a", "b"] and "a" in md
    pd = torch.nn.ParameterDict({"x": torch.zeros(2)})
    assert isinstance(pd["x"], torch.nn.Parameter)
    assert [n for n, _ in pd.named_parameters()] == ["x"]


# ------------------------------------------------------------------ layers vs torch
LAYERS = {
    "linear": (lambda nn: nn.Linear(5, 3), [(2, 4, 5)]),
    "bilinear": (lambda nn: nn.Bilinear(3, 4, 2), [(5, 3), (5, 4)]),
    "conv1d_same_circular": (
        lambda nn: nn.Conv1d(4, 6, 4, padding="same", padding_mode="circular", groups=2),
        [(2, 4, 9)],
    ),
    "conv2d_reflect": (
        lambda nn: nn.Conv2d(3, 4, 3, stride=2, padding=2, padding_mode="reflect", dilation=2),
        [(2, 3, 9, 8)],
    ),
    "conv2d_replicate": (
        lambda nn: nn.Conv2d(2, 2, 3, padding=1, padding_mode="replicate"),
        [(1, 2, 5, 5)],
    ),
    "conv3d": (lambda nn: nn.Conv3d(2, 3, 2, stride=(1, 2, 1)), [(1, 2, 4, 5, 3)]),
    "conv_transpose1d": (
        lambda nn: nn.ConvTranspose1d(3, 4, 3, stride=2, padding=1, output_padding=1),
        [(2, 3, 5)],
    ),
    "conv_transpose2d": (
        lambda nn: nn.ConvTranspose2d(4, 2, 3, stride=2, groups=2, dilation=1),
        [(1, 4, 4, 3)],
    ),
    "maxpool2d": (lambda nn: nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True), [(2, 3, 7, 6)]),
    "maxpool1d": (lambda nn: nn.MaxPool1d(2), [(2, 3, 7)]),
    "avgpool2d": (
        lambda nn: nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False),
        [(2, 3, 7, 6)],
    ),
    "avgpool1d": (lambda nn: nn.AvgPool1d(3, stride=2), [(2, 3, 7)]),
    "adaptive_avg": (lambda nn: nn.AdaptiveAvgPool2d((3, 2)), [(2, 3, 7, 5)]),
    "adaptive_max": (lambda nn: nn.AdaptiveMaxPool1d(3), [(2, 3, 7)]),
    "layernorm": (lambda nn: nn.LayerNorm([3, 4]), [(2, 3, 4)]),
    "rmsnorm": (lambda nn: nn.RMSNorm(4, eps=1e-6), [(2, 3, 4)]),
    "groupnorm": (lambda nn: nn.GroupNorm(2, 4), [(2, 4, 3, 3)]),
    "batchnorm1d": (lambda nn: nn.BatchNorm1d(3), [(4, 3, 5)]),
    "batchnorm3d_no_stats": (
        lambda nn: nn.BatchNorm3d(2, track_running_stats=False),
        [(2, 2, 3, 2, 2)],
    ),
    "instancenorm1d": (lambda nn: nn.InstanceNorm1d(3), [(4, 3, 5)]),
    "instancenorm2d_affine_stats": (
        lambda nn: nn.InstanceNorm2d(3, affine=True, track_running_stats=True, momentum=0.3),
        [(2, 3, 4, 5)],
    ),
    "instancenorm3d_unbatched": (
        lambda nn: nn.InstanceNorm3d(2, eps=1e-3, affine=True, bias=False),
        [(2, 3, 2, 4)],
    ),
    "instancenorm1d_stats_momentum_none": (
        lambda nn: nn.InstanceNorm1d(3, momentum=None, track_running_stats=True),
        [(2, 3, 6)],
    ),
    "upsample_nearest": (lambda nn: nn.Upsample(scale_factor=2), [(2, 3, 4)]),
    "upsample_bilinear": (lambda nn: nn.Upsample(size=(5, 7), mode="bilinear"), [(1, 2, 3, 4)]),
    "upsample_trilinear_align": (
        lambda nn: nn.Upsample(scale_factor=(1.5, 2, 0.5), mode="trilinear", align_corners=True),
        [(1, 2, 2, 3, 4)],
    ),
    "upsampling_nearest2d": (lambda nn: nn.UpsamplingNearest2d(size=(5, 6)), [(2, 3, 3, 4)]),
    "upsampling_bilinear2d": (lambda nn: nn.UpsamplingBilinear2d(scale_factor=2), [(2, 3, 3, 4)]),
    "zeropad1d": (lambda nn: nn.ZeroPad1d((1, 2)), [(2, 3, 4)]),
    "zeropad2d": (lambda nn: nn.ZeroPad2d(2), [(3, 4, 5)]),
    "zeropad3d_negative": (lambda nn: nn.ZeroPad3d((1, -1, 0, 2, 1, 0)), [(1, 2, 3, 4, 5)]),
    "constantpad1d": (lambda nn: nn.ConstantPad1d(2, 3.5), [(2, 3, 4)]),
    "constantpad2d": (lambda nn: nn.ConstantPad2d((1, 0, 2, 1), -1.0), [(2, 3, 4, 5)]),
    "constantpad3d": (lambda nn: nn.ConstantPad3d(1, 0.5), [(2, 3, 4, 5)]),
    "reflectionpad1d": (lambda nn: nn.ReflectionPad1d((3, 1)), [(2, 3, 4)]),
    "reflectionpad2d_unbatched": (lambda nn: nn.ReflectionPad2d((1, 2, 0, 3)), [(3, 4, 5)]),
    "reflectionpad3d": (lambda nn: nn.ReflectionPad3d(1), [(1, 2, 3, 4, 5)]),
    "replicationpad1d_unbatched": (lambda nn: nn.ReplicationPad1d(3), [(3, 4)]),
    "replicationpad2d": (lambda nn: nn.ReplicationPad2d((2, 0, 1, 3)), [(2, 3, 4, 5)]),
    "replicationpad3d": (lambda nn: nn.ReplicationPad3d((1, 2, 0, 1, 2, 0)), [(1, 2, 3, 4, 5)]),
    "circularpad1d": (lambda nn: nn.CircularPad1d((4, 1)), [(2, 3, 4)]),
    "circularpad2d": (lambda nn: nn.CircularPad2d((1, 2, 3, 0)), [(2, 3, 4, 5)]),
    "circularpad3d_unbatched": (lambda nn: nn.CircularPad3d(1), [(2, 3, 4, 5)]),
    "unfold": (
        lambda nn: nn.Unfold((2, 3), dilation=(1, 2), padding=1, stride=(2, 1)),
        [(2, 3, 5, 6)],
    ),
    "fold": (lambda nn: nn.Fold((4, 5), 2), [(2, 12, 12)]),
    "fold_unbatched_strided": (
        lambda nn: nn.Fold((5, 6), (2, 3), padding=1, stride=(2, 3)),
        [(12, 6)],
    ),
    "pixel_shuffle": (lambda nn: nn.PixelShuffle(2), [(2, 8, 3, 4)]),
    "pixel_shuffle_batch_dims": (lambda nn: nn.PixelShuffle(3), [(2, 1, 9, 2, 3)]),
    "pixel_unshuffle": (lambda nn: nn.PixelUnshuffle(2), [(2, 3, 4, 6)]),
    "pixel_unshuffle_unbatched": (lambda nn: nn.PixelUnshuffle(3), [(2, 3, 6)]),
    "pairwise_distance": (lambda nn: nn.PairwiseDistance(), [(4, 5), (4, 5)]),
    "pairwise_distance_p1_keepdim": (
        lambda nn: nn.PairwiseDistance(p=1.0, eps=1e-3, keepdim=True),
        [(3, 4, 5), (4, 5)],
    ),
    "cosine_similarity": (lambda nn: nn.CosineSimilarity(), [(4, 5), (4, 5)]),
    "cosine_similarity_dim0": (lambda nn: nn.CosineSimilarity(dim=0, eps=0.5), [(4, 5), (1, 5)]),
    "flatten": (lambda nn: nn.Flatten(), [(2, 3, 4)]),
    "unflatten": (lambda nn: nn.Unflatten(1, (3, 4)), [(2, 12)]),
    "softmax": (lambda nn: nn.Softmax(dim=1), [(2, 5)]),
    "log_softmax": (lambda nn: nn.LogSoftmax(dim=-1), [(2, 5)]),
    "softmin": (lambda nn: nn.Softmin(dim=0), [(2, 5)]),
    "softmax2d": (lambda nn: nn.Softmax2d(), [(2, 3, 2, 2)]),
    "prelu": (lambda nn: nn.PReLU(3), [(2, 3, 4)]),
    "glu": (lambda nn: nn.GLU(), [(2, 6)]),
    "gru_bidirectional": (lambda nn: nn.GRU(3, 4, num_layers=2, bidirectional=True), [(5, 2, 3)]),
    "rnn_relu_batch_first": (
        lambda nn: nn.RNN(3, 4, nonlinearity="relu", batch_first=True),
        [(2, 5, 3)],
    ),
    "lstm_proj": (
        lambda nn: nn.LSTM(3, 5, proj_size=2, bidirectional=True, batch_first=True),
        [(2, 4, 3)],
    ),
    "lstm_unbatched": (lambda nn: nn.LSTM(3, 4), [(5, 3)]),
    "lstm_cell": (lambda nn: nn.LSTMCell(3, 4), [(2, 3)]),
    "gru_cell": (lambda nn: nn.GRUCell(3, 4), [(2, 3)]),
    "rnn_cell": (lambda nn: nn.RNNCell(3, 4), [(2, 3)]),
    "encoder_layer": (
        lambda nn: nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True),
        [(2, 5, 8)],
    ),
    "encoder_layer_norm_first_gelu": (
        lambda nn: nn.TransformerEncoderLayer(
            8, 2, 16, dropout=0.0, activation="gelu", norm_first=True
        ),
        [(5, 2, 8)],
    ),
    "decoder_layer": (
        lambda nn: nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, batch_first=True),
        [(2, 4, 8), (2, 5, 8)],
    ),
    "transformer": (
        lambda nn: nn.Transformer(8, 2, 2, 2, 16, dropout=0.0, batch_first=True),
        [(2, 5, 8), (2, 4, 8)],
    ),
}
ACTIVATIONS = [
    "CELU", "ELU", "GELU", "Hardshrink", "Hardsigmoid", "Hardswish", "Hardtanh", "Identity",
    "LeakyReLU", "LogSigmoid", "Mish", "ReLU", "ReLU6", "SELU", "SiLU", "Sigmoid", "Softplus",
    "Softshrink", "Softsign", "Tanh", "Tanhshrink",
]  # fmt: skip


@pytest.mark.parametrize("mode", ["eval", "train"])
@pytest.mark.parametrize("name", sorted(LAYERS))
def test_layer_matches_torch(backend: str, name: str, mode: str) -> None:
    make, shapes = LAYERS[name]
    model, reference = _pair(make)
    model.train(mode == "train")
    reference.train(mode == "train")
    inputs = [_data(*shape, seed=i) for i, shape in enumerate(shapes)]
    with real_torch.no_grad():
        expected = reference(*[real_torch.from_numpy(x) for x in inputs])
    _close(model(*[torch.tensor(x) for x in inputs]), expected)
    for key, value in reference.state_dict().items():
        _close(model.state_dict()[key], value)


@pytest.mark.parametrize("name", ACTIVATIONS)
def test_activation_matches_torch(backend: str, name: str) -> None:
    x = _data(3, 7) * 4
    expected = getattr(real_torch.nn, name)()(real_torch.from_numpy(x))
    _close(getattr(torch.nn, name)()(torch.tensor(x)), expected)


def test_threshold_and_rrelu_eval(backend: str) -> None:
    x = _data(3, 7)
    _close(
        torch.nn.Threshold(0.1, 20.0)(torch.tensor(x)),
        real_torch.nn.Threshold(0.1, 20.0)(real_torch.from_numpy(x)),
    )
    _close(
        torch.nn.RReLU().eval()(torch.tensor(x)),
        real_torch.nn.RReLU().eval()(real_torch.from_numpy(x)),
    )


def test_threshold_inplace(backend: str) -> None:
    x = _data(3, 7)
    ours, theirs = torch.tensor(x), real_torch.from_numpy(x.copy())
    result = torch.nn.Threshold(0.1, -3.0, inplace=True)(ours[1])
    expected = real_torch.nn.Threshold(0.1, -3.0, inplace=True)(theirs[1])
    _close(result, expected)
    _close(ours, theirs)


LAYER_ERRORS = [
    (lambda nn: nn.InstanceNorm1d(3), (2, 3, 4, 5)),  # wrong rank
    (lambda nn: nn.InstanceNorm3d(3), (3, 4, 5)),
    (lambda nn: nn.InstanceNorm2d(3, affine=True), (2, 4, 5, 5)),  # channels != num_features
    (lambda nn: nn.InstanceNorm2d(3), (2, 3, 1, 1)),  # one value per plane
    (lambda nn: nn.CircularPad2d(1), (3, 3)),
    (lambda nn: nn.CircularPad1d(1), (2, 3, 3, 3)),
    (lambda nn: nn.CircularPad1d(4), (2, 3, 3)),  # wraps around more than once
    (lambda nn: nn.ReflectionPad1d(3), (1, 2, 3)),  # pad >= size
    (lambda nn: nn.ReflectionPad2d(1), (5,)),
    (lambda nn: nn.ReplicationPad2d(1), (2, 2, 2, 2, 5)),
    (lambda nn: nn.ZeroPad2d(1), (5,)),
    (lambda nn: nn.PixelShuffle(2), (1, 6, 2, 2)),  # channels not divisible by 4
    (lambda nn: nn.PixelShuffle(0), (1, 4, 2, 2)),
    (lambda nn: nn.PixelShuffle(2), (4, 2)),
    (lambda nn: nn.PixelUnshuffle(2), (1, 2, 3, 4)),  # height not divisible
    (lambda nn: nn.PixelUnshuffle(2), (1, 2, 4, 5)),  # width not divisible
    (lambda nn: nn.Upsample(size=3, mode="bilinear"), (2, 3, 4)),  # 2-D mode, 1-D input
    (lambda nn: nn.Upsample(scale_factor=2), (3, 4)),
    (lambda nn: nn.Upsample(size=3, scale_factor=2), (1, 3, 4)),
    (lambda nn: nn.Fold((4, 4), 2), (2, 12, 7)),  # wrong number of blocks
    (lambda nn: nn.Unfold(2), (2, 3, 4, 5, 6)),
]


@pytest.mark.parametrize(("make", "shape"), LAYER_ERRORS)
def test_layer_errors_match_torch(backend: str, make: Any, shape: tuple[int, ...]) -> None:
    x = _data(*shape)
    check(
        lambda: make(torch.nn)(torch.tensor(x)),
        lambda: make(real_torch.nn)(real_torch.from_numpy(x)),
    )


def test_instance_norm_channel_warning_and_legacy_state() -> None:
    for nn, t in ((torch.nn, torch), (real_torch.nn, real_torch)):
        with pytest.warns(UserWarning, match="does not match num_features"):
            nn.InstanceNorm1d(4)(t.zeros(2, 3, 5))
        model = nn.InstanceNorm1d(3)
        state = {"running_mean": t.zeros(3), "running_var": t.ones(3)}
        with pytest.raises(RuntimeError) as info:
            model.load_state_dict(state, strict=False)
        if nn is torch.nn:
            ours = str(info.value)
        else:
            theirs = str(info.value)
    assert ours == theirs and "Unexpected running stats buffer(s)" in ours
    tracked = torch.nn.InstanceNorm2d(3, affine=True, track_running_stats=True)
    tracked.load_state_dict(
        _state(real_torch.nn.InstanceNorm2d(3, affine=True, track_running_stats=True))
    )
    assert isinstance(tracked, torch.nn.modules.batchnorm._NormBase)


@pytest.mark.parametrize("batch_first", [False, True])
def test_multihead_attention_masks_and_weights(backend: str, batch_first: bool) -> None:
    model, reference = _pair(
        lambda nn: nn.MultiheadAttention(8, 2, batch_first=batch_first, add_bias_kv=False)
    )
    q, k = _data(2, 4, 8, seed=1), _data(2, 6, 8, seed=2)
    if not batch_first:
        q, k = q.transpose(1, 0, 2).copy(), k.transpose(1, 0, 2).copy()
    attn_mask = numpy.triu(numpy.ones((4, 6), dtype=bool), k=3)
    padding = numpy.array([[False] * 5 + [True], [False] * 6])
    float_mask = _data(4, 6, seed=3)
    float_padding = numpy.where(padding, -numpy.inf, 0.0).astype(numpy.float32)
    for kwargs in (
        {},
        {"attn_mask": attn_mask},
        {"key_padding_mask": padding, "average_attn_weights": False},
        {"attn_mask": float_mask, "key_padding_mask": float_padding},
        {"attn_mask": attn_mask, "need_weights": False},
    ):
        ours = model(torch.tensor(q), torch.tensor(k), torch.tensor(k), **{
            n: torch.tensor(v) if isinstance(v, numpy.ndarray) else v for n, v in kwargs.items()
        })  # fmt: skip
        with real_torch.no_grad():
            theirs = reference(real_torch.from_numpy(q), real_torch.from_numpy(k), real_torch.from_numpy(k), **{
                n: real_torch.from_numpy(v) if isinstance(v, numpy.ndarray) else v for n, v in kwargs.items()
            })  # fmt: skip
        _close(ours, theirs)


def test_multihead_attention_kdim_vdim_unbatched(backend: str) -> None:
    model, reference = _pair(
        lambda nn: nn.MultiheadAttention(8, 4, kdim=5, vdim=3, add_zero_attn=True)
    )
    assert [n for n, _ in model.named_parameters()] == [n for n, _ in reference.named_parameters()]
    q, k, v = _data(4, 8, seed=1), _data(6, 5, seed=2), _data(6, 3, seed=3)
    with real_torch.no_grad():
        theirs = reference(*(real_torch.from_numpy(x) for x in (q, k, v)))
    _close(model(*(torch.tensor(x) for x in (q, k, v))), theirs)


def test_embedding_padding_idx_and_batchnorm_momentum_none(backend: str) -> None:
    emb = torch.nn.Embedding(5, 3, padding_idx=2)
    assert emb.weight[2].tolist() == [0.0, 0.0, 0.0]
    model, reference = _pair(lambda nn: nn.BatchNorm1d(3, momentum=None))
    for seed in range(3):
        x = _data(4, 3, seed=seed)
        with real_torch.no_grad():
            reference(real_torch.from_numpy(x))
        model(torch.tensor(x))
    for key, value in reference.state_dict().items():
        _close(model.state_dict()[key], value)


def test_losses_match_torch(backend: str) -> None:
    logits, probs = _data(4, 5), numpy.abs(_data(4, 5, seed=1)) % 1
    target = numpy.array([0, 3, 1, 4])
    cases = [
        ("CrossEntropyLoss", {"label_smoothing": 0.1}, logits, target),
        ("NLLLoss", {"reduction": "sum"}, logits, target),
        ("MSELoss", {}, logits, probs),
        ("L1Loss", {"reduction": "none"}, logits, probs),
        ("SmoothL1Loss", {"beta": 0.5}, logits, probs),
        ("HuberLoss", {"delta": 0.5}, logits, probs),
        ("BCEWithLogitsLoss", {}, logits, probs),
        ("BCELoss", {}, probs, probs),
        ("KLDivLoss", {"reduction": "batchmean"}, logits, probs),
    ]
    for name, kwargs, a, b in cases:
        expected = getattr(real_torch.nn, name)(**kwargs)(
            real_torch.from_numpy(a), real_torch.from_numpy(b)
        )
        _close(getattr(torch.nn, name)(**kwargs)(torch.tensor(a), torch.tensor(b)), expected)


def test_init_fan_rules() -> None:
    init, real_init = torch.nn.init, real_torch.nn.init
    for nl, param in (
        ("relu", None),
        ("leaky_relu", 0.2),
        ("tanh", None),
        ("selu", None),
        ("conv2d", None),
    ):
        assert init.calculate_gain(nl, param) == real_init.calculate_gain(nl, param)
    w = torch.empty(64, 32, 3, 3)
    assert init._calculate_fan_in_and_fan_out(w) == real_init._calculate_fan_in_and_fan_out(
        real_torch.empty(64, 32, 3, 3)
    )
    bound = 1 / 288**0.5 * 3**0.5 * (2 / (1 + 5)) ** 0.5
    init.kaiming_uniform_(w, a=5**0.5)
    assert float(w.abs().max()) <= bound and float(w.abs().max()) > 0.9 * bound
    init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu")
    assert abs(float(w.std()) - (2 / 576) ** 0.5) < 0.01
    x = torch.empty(200, 300)
    init.xavier_uniform_(x, gain=2.0)
    assert float(x.abs().max()) <= 2.0 * (6 / 500) ** 0.5
    init.trunc_normal_(x, std=1.0, a=-0.5, b=0.5)
    assert float(x.abs().max()) <= 0.5
    init.orthogonal_(x)
    numpy.testing.assert_allclose((x @ x.T).numpy(), numpy.eye(200), atol=1e-4)
    for fn, value in (
        (init.zeros_, 0.0),
        (init.ones_, 1.0),
        (lambda t: init.constant_(t, 0.3), 0.3),
    ):
        fn(x)
        assert numpy.allclose(x.numpy(), value)
    with pytest.raises(ValueError):
        init.xavier_uniform_(torch.empty(3))


def _initialised(module: Any) -> list[Any]:
    """Weights drawn after ``manual_seed(3)`` by each drawing initialiser and by layers'
    default initialisation, and the generator's next draw."""
    init, nn = module.nn.init, module.nn
    module.manual_seed(3)
    drawn = [
        init.uniform_(module.empty(5, 7), -0.3, 0.2),
        init.normal_(module.empty(40, 3), 0.1, 0.02),
        init.normal_(module.empty(3, 2)),  # under 16 elements: the scalar sampler
        init.xavier_uniform_(module.empty(8, 6)),
        init.xavier_normal_(module.empty(8, 6)),
        init.kaiming_uniform_(module.empty(6, 4, 3, 3), a=5**0.5),
        init.kaiming_normal_(module.empty(6, 4), mode="fan_out"),
        init.trunc_normal_(module.empty(50, 7), std=0.02),  # redraws outside [a, b]
        init.trunc_normal_(module.empty(50, 7), mean=0.3, std=2.0, a=-0.1, b=0.4),  # proposals
        init.orthogonal_(module.empty(6, 9)),
        init.normal_(module.empty(4, 4).to(module.bfloat16), std=0.5),
        init.uniform_(module.empty(5, 4, dtype=module.float64)),
    ]
    layers = [nn.Linear(12, 5), nn.Conv2d(3, 4, 3), nn.Embedding(10, 6), nn.LSTM(4, 3)]
    drawn += [p.detach() for layer in layers for p in layer.parameters()]
    return [t.float().numpy() if t.dtype == module.bfloat16 else t.numpy() for t in drawn] + [
        module.rand(3).numpy()
    ]


def test_init_draws_torch_values(backend: str) -> None:
    """The initialisers draw from torch's generator as torch does, so a model built after
    ``manual_seed`` has real torch's weights (transformers' ``from_config``, timm's
    ``create_model``) and the generator is left where real torch leaves it."""
    expected = _initialised(real_torch)
    got = _initialised(torch)
    assert len(got) == len(expected)
    for index, (ours, theirs) in enumerate(zip(got, expected)):
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape, index
        if index == 9:  # orthogonal_: a QR decomposition, equal up to its rounding
            numpy.testing.assert_allclose(ours, theirs, atol=1e-5)
        else:
            numpy.testing.assert_array_equal(ours, theirs, err_msg=str(index))


def test_default_init_bounds() -> None:
    lin = torch.nn.Linear(16, 4)
    assert float(lin.weight.abs().max()) <= 1 / 4 and float(lin.bias.abs().max()) <= 1 / 4
    lstm = torch.nn.LSTM(3, 25)
    assert all(float(p.abs().max()) <= 0.2 for p in lstm.parameters())
    torch.manual_seed(0)
    a = torch.nn.Linear(3, 3).weight.tolist()
    torch.manual_seed(0)
    assert torch.nn.Linear(3, 3).weight.tolist() == a
