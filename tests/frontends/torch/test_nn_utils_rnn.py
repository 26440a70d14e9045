"""frontends.torch.nn.utils.rnn against real torch.nn.utils.rnn on every backend."""

from __future__ import annotations

import numpy
import torch as real_torch
import torch.nn.utils.rnn as real_rnn

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, check

rnn = torch.nn.utils.rnn
RNG = numpy.random.default_rng(0)
LENGTHS = [3, 5, 1, 4]
SEQUENCES = [RNG.standard_normal((n, 2)).astype(numpy.float32) for n in LENGTHS]


def _both(grad: bool = False) -> tuple[list[torch.Tensor], list[real_torch.Tensor]]:
    ours = [torch.tensor(s, requires_grad=grad) for s in SEQUENCES]
    real = [real_torch.tensor(s, requires_grad=grad) for s in SEQUENCES]
    return ours, real


def _packed_matches(ours: rnn.PackedSequence, real: real_rnn.PackedSequence) -> None:
    assert type(ours).__name__ == "PackedSequence"
    for a, b in zip(ours, real):
        assert (a is None) == (b is None)
        if b is not None:
            assert_matches(a, b)


def test_pad_sequence(backend: str) -> None:
    ours, real = _both()
    for batch_first in (False, True):
        for side in ("right", "left"):
            assert_matches(
                rnn.pad_sequence(ours, batch_first, -1.5, side),
                real_rnn.pad_sequence(real, batch_first, -1.5, side),
            )
    check(
        lambda: rnn.pad_sequence(ours, padding_side="middle"),
        lambda: real_rnn.pad_sequence(real, padding_side="middle"),
    )


def test_pack_and_unpack(backend: str) -> None:
    ours, real = _both(grad=True)
    for batch_first in (False, True) if backend in ("numpy", "torch") else (True,):
        padded = rnn.pad_sequence(ours, batch_first)
        real_padded = real_rnn.pad_sequence(real, batch_first)
        packed = rnn.pack_padded_sequence(padded, LENGTHS, batch_first, enforce_sorted=False)
        expected = real_rnn.pack_padded_sequence(
            real_padded, LENGTHS, batch_first, enforce_sorted=False
        )
        _packed_matches(packed, expected)
        for total in (None, 7):
            assert_matches(
                rnn.pad_packed_sequence(packed, batch_first, 2.0, total),
                real_rnn.pad_packed_sequence(expected, batch_first, 2.0, total),
            )
    sorted_ours = sorted(ours, key=lambda s: -s.shape[0])
    sorted_real = sorted(real, key=lambda s: -s.shape[0])
    packed = rnn.pack_sequence(sorted_ours)
    _packed_matches(packed, real_rnn.pack_sequence(sorted_real))
    _packed_matches(rnn.pack_sequence(ours, False), real_rnn.pack_sequence(real, False))
    for a, b in zip(
        rnn.unpack_sequence(rnn.pack_sequence(ours, False)),
        real_rnn.unpack_sequence(real_rnn.pack_sequence(real, False)),
    ):
        assert_matches(a, b)
    padded = rnn.pad_sequence(ours)
    for a, b in zip(
        rnn.unpad_sequence(padded, torch.tensor(LENGTHS)),
        real_rnn.unpad_sequence(real_rnn.pad_sequence(real), real_torch.tensor(LENGTHS)),
    ):
        assert_matches(a, b)
    # gradients reach every sequence through pack/pad
    weights = numpy.arange(1, 6, dtype=numpy.float32).reshape(5, 1, 1)
    out, _ = rnn.pad_packed_sequence(rnn.pack_sequence(ours, False))
    (out * torch.tensor(weights)).sum().backward()
    real_out, _ = real_rnn.pad_packed_sequence(real_rnn.pack_sequence(real, False))
    (real_out * real_torch.tensor(weights)).sum().backward()
    for a, b in zip(ours, real):
        assert_matches(a.grad, b.grad)


def test_pack_errors(backend: str) -> None:
    ours, real = _both()
    check(
        lambda: rnn.pack_sequence(ours),
        lambda: real_rnn.pack_sequence(real),
    )
    check(
        lambda: rnn.pack_padded_sequence(rnn.pad_sequence(ours), [5, 4, 0, 0]),
        lambda: real_rnn.pack_padded_sequence(real_rnn.pad_sequence(real), [5, 4, 0, 0]),
    )
    packed = rnn.pack_sequence(ours, False)
    check(
        lambda: rnn.pad_packed_sequence(packed, total_length=2),
        lambda: real_rnn.pad_packed_sequence(real_rnn.pack_sequence(real, False), total_length=2),
    )


def test_recurrent_modules_take_packed_sequences(backend: str) -> None:
    """packed output and h_n (each sequence's last valid step) as real torch's, unsorted
    input, bidirectional, two layers, a given hx; gradients reach the inputs."""
    rng = numpy.random.default_rng(1)
    h = rng.standard_normal((4, 4, 3)).astype(numpy.float32)
    # jax/tensorflow (slow eager dispatch; core gives the same values): only the GRU below
    names = ("RNN", "LSTM", "GRU") if backend in ("numpy", "torch") else ()
    for name in names:
        real_torch.manual_seed(0)
        real = getattr(real_torch.nn, name)(2, 3, num_layers=2, bidirectional=True)
        ours = getattr(torch.nn, name)(2, 3, num_layers=2, bidirectional=True)
        ours.load_state_dict({k: torch.tensor(v.numpy()) for k, v in real.state_dict().items()})
        sequences, real_sequences = _both(grad=True)
        packed = rnn.pack_sequence(sequences, enforce_sorted=False)
        real_packed = real_rnn.pack_sequence(real_sequences, enforce_sorted=False)
        lstm = name == "LSTM"
        hx = (torch.tensor(h), torch.tensor(-h)) if lstm else torch.tensor(h)
        real_hx = (real_torch.tensor(h), real_torch.tensor(-h)) if lstm else real_torch.tensor(h)
        (output, hidden), (expected, real_hidden) = ours(packed, hx), real(real_packed, real_hx)
        assert type(output).__name__ == "PackedSequence"
        for a, b in zip(output, expected):
            assert_matches(a, b, rtol=1e-5, atol=1e-6)
        assert_matches(hidden, real_hidden, rtol=1e-5, atol=1e-6)
        (output.data.sum() + (hidden[0] if lstm else hidden).sum()).backward()
        (expected.data.sum() + (real_hidden[0] if lstm else real_hidden).sum()).backward()
        for a, b in zip(sequences, real_sequences):
            assert_matches(a.grad, b.grad, rtol=1e-4, atol=1e-5)
    # without hx, batch_first module, sorted input
    real_torch.manual_seed(0)
    real = real_torch.nn.GRU(2, 3, batch_first=True)
    ours = torch.nn.GRU(2, 3, batch_first=True)
    ours.load_state_dict({k: torch.tensor(v.numpy()) for k, v in real.state_dict().items()})
    sequences, real_sequences = _both()
    order = sorted(range(4), key=lambda i: -LENGTHS[i])
    output, hidden = ours(rnn.pack_sequence([sequences[i] for i in order]))
    expected, real_hidden = real(real_rnn.pack_sequence([real_sequences[i] for i in order]))
    assert_matches(output.data, expected.data, rtol=1e-5, atol=1e-6)
    assert_matches(hidden, real_hidden, rtol=1e-5, atol=1e-6)
