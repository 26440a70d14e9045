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
    for batch_first in (False, True):
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
