"""torch.nn.utils.rnn: PackedSequence and the pad/pack helpers.

Composed from the frontend's own tensor functions (cat, stack, index_select), so gradients
flow through core.autodiff. Lengths are host metadata (torch also requires them on the
CPU). The recurrent modules do not take a PackedSequence yet.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy

from frontends.torch._tensor import Tensor

__all__ = [
    "PackedSequence",
    "invert_permutation",
    "pack_padded_sequence",
    "pack_sequence",
    "pad_packed_sequence",
    "pad_sequence",
    "unpack_sequence",
    "unpad_sequence",
]


def _torch() -> Any:
    return sys.modules["frontends.torch"]


class PackedSequence(NamedTuple):
    """torch's PackedSequence: time-major rows of the sequences still running at each step."""

    data: Tensor
    batch_sizes: Tensor | None = None
    sorted_indices: Tensor | None = None
    unsorted_indices: Tensor | None = None

    @property
    def is_cuda(self) -> bool:
        return False

    def is_pinned(self) -> bool:
        return False


def invert_permutation(permutation: Tensor | None) -> Tensor | None:
    """the inverse permutation (None stays None), as torch's."""
    if permutation is None:
        return None
    torch = _torch()
    order = numpy.asarray(permutation.tolist(), dtype=numpy.int64)
    inverse = numpy.empty_like(order)
    inverse[order] = numpy.arange(len(order))
    return torch.tensor(inverse.tolist(), dtype=torch.int64)


def _lengths(lengths: Any) -> list[int]:
    return [int(v) for v in (lengths.tolist() if isinstance(lengths, Tensor) else lengths)]


def pad_sequence(
    sequences: Tensor | Sequence[Tensor],
    batch_first: bool = False,
    padding_value: float = 0.0,
    padding_side: str = "right",
) -> Tensor:
    """Stacks variable-length sequences, padded to the longest with ``padding_value``."""
    if padding_side not in ("left", "right"):
        raise RuntimeError(
            f"Expected padding_side to be one of left or right, but got {padding_side}."
        )
    torch = _torch()
    sequences = list(sequences.unbind(0)) if isinstance(sequences, Tensor) else list(sequences)
    longest = max(s.shape[0] for s in sequences)
    rows = []
    for s in sequences:
        missing = longest - s.shape[0]
        if missing:
            fill = torch.full((missing, *s.shape[1:]), padding_value, dtype=s.dtype)
            s = torch.cat([s, fill] if padding_side == "right" else [fill, s])
        rows.append(s)
    return torch.stack(rows, 0 if batch_first else 1)


def pack_padded_sequence(
    input: Tensor, lengths: Any, batch_first: bool = False, enforce_sorted: bool = True
) -> PackedSequence:
    """Packs a padded batch; ``enforce_sorted=False`` sorts by decreasing length first
    (stable, as torch's sort on the CPU)."""
    torch = _torch()
    sizes = _lengths(lengths)
    if enforce_sorted:
        if any(a < b for a, b in itertools.pairwise(sizes)):
            raise RuntimeError(
                "`lengths` array must be sorted in decreasing order when `enforce_sorted` is "
                "True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or "
                "pack_sequence to sidestep this requirement if you do not need ONNX "
                "exportability."
            )
        sorted_indices = None
    else:
        order = numpy.argsort(-numpy.asarray(sizes), kind="stable")
        sorted_indices = torch.tensor(order.tolist(), dtype=torch.int64)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
        sizes = [sizes[i] for i in order]
    if sizes and sizes[-1] <= 0:
        raise RuntimeError(
            "Length of all samples has to be greater than 0, but found an element in "
            "'lengths' that is <= 0"
        )
    if batch_first:
        input = input.transpose(0, 1)
    steps = sizes[0]
    if steps > input.shape[0]:
        raise RuntimeError(
            f"Expected sequence length to be larger than or equal to {steps}, got {input.shape[0]}"
        )
    batch_sizes = [sum(1 for n in sizes if n > t) for t in range(steps)]
    data = torch.cat([input[t, :b] for t, b in enumerate(batch_sizes)])
    return PackedSequence(
        data,
        torch.tensor(batch_sizes, dtype=torch.int64),
        sorted_indices,
        invert_permutation(sorted_indices),
    )


def pad_packed_sequence(
    sequence: PackedSequence,
    batch_first: bool = False,
    padding_value: float = 0.0,
    total_length: int | None = None,
) -> tuple[Tensor, Tensor]:
    """Inverse of pack_padded_sequence: (padded batch, int64 lengths in the original order)."""
    torch = _torch()
    data, batch_sizes = sequence.data, [int(b) for b in sequence.batch_sizes.tolist()]
    batch, steps = batch_sizes[0], len(batch_sizes)
    if total_length is not None:
        if total_length < steps:
            raise ValueError(
                "Expected total_length to be at least the length of the longest sequence in "
                f"input, but got total_length={total_length} and max sequence length being "
                f"{steps}"
            )
        steps = total_length
    feature = tuple(data.shape[1:])
    rows, start = [], 0
    for t in range(steps):
        size = batch_sizes[t] if t < len(batch_sizes) else 0
        row = data[start : start + size]
        start += size
        if size < batch:
            fill = torch.full((batch - size, *feature), padding_value, dtype=data.dtype)
            row = torch.cat([row, fill])
        rows.append(row)
    padded = torch.stack(rows, 1 if batch_first else 0)
    lengths = [sum(1 for b in batch_sizes if b > i) for i in range(batch)]
    if sequence.unsorted_indices is not None:
        order = sequence.unsorted_indices
        padded = padded.index_select(0 if batch_first else 1, order)
        lengths = [lengths[i] for i in order.tolist()]
    return padded, torch.tensor(lengths, dtype=torch.int64)


def pack_sequence(sequences: Sequence[Tensor], enforce_sorted: bool = True) -> PackedSequence:
    """Packs a list of variable-length sequences."""
    lengths = [s.shape[0] for s in sequences]
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpad_sequence(
    padded_sequences: Tensor, lengths: Any, batch_first: bool = False
) -> list[Tensor]:
    """The sequences of a padded batch, each cut to its length."""
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    return [s[:n] for s, n in zip(padded_sequences, _lengths(lengths))]


def unpack_sequence(packed_sequences: PackedSequence) -> list[Tensor]:
    """The sequences of a PackedSequence, in their original order."""
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
