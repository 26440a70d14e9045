"""torch.nn.attention.flex_attention: attention with a user ``score_mod`` and a mask
``mask_mod``, computed as torch's eager (uncompiled) path computes it: the full
``(B, H, L, S)`` score matrix in float32 (float64 for float64 inputs), the modifications
applied, a safe softmax (a fully masked row gives zeros).

Differs from torch: ``score_mod``/``mask_mod`` are called once with broadcasting index
tensors ``b (B,1,1,1), h (1,H,1,1), q_idx (1,1,L,1), kv_idx (1,1,1,S)`` where torch vmaps
them over scalars: element-wise code and indexing of captured tensors (``bias[h]``,
``table[q_idx, kv_idx]``) give the same values, Python branching on a tensor does not
(it fails under torch's vmap too). :class:`BlockMask` keeps the mask function and its
block layout (``shape``, ``seq_lengths``, ``BLOCK_SIZE``, ``to_dense``, ``sparsity``);
torch's sparse index tensors (``kv_num_blocks``, ``kv_indices`` ...) are not built, since
nothing here skips blocks. ``torch.compile(flex_attention)`` runs the same computation.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any, NamedTuple, TypedDict

from frontends.torch._tensor import Tensor

__all__ = [
    "BlockMask",
    "flex_attention",
    "AuxOutput",
    "AuxRequest",
    "FlexKernelOptions",
    "create_block_mask",
    "create_mask",
    "or_masks",
    "and_masks",
    "noop_mask",
]

_DEFAULT_SPARSE_BLOCK_SIZE = 128  # torch's default BLOCK_SIZE (libraries import it)

_score_mod_signature = Callable[[Tensor, Tensor, Tensor, Tensor, Tensor], Tensor]
_mask_mod_signature = Callable[[Tensor, Tensor, Tensor, Tensor], Tensor]


def _torch() -> Any:
    return sys.modules["frontends.torch"]


class FlexKernelOptions(TypedDict, total=False):
    """Kernel tuning options (accepted; there is no fused kernel here)."""


class AuxRequest(NamedTuple):
    """Which auxiliary outputs flex_attention returns."""

    lse: bool = False
    max_scores: bool = False


class AuxOutput(NamedTuple):
    """The auxiliary outputs requested (None where not)."""

    lse: Tensor | None = None
    max_scores: Tensor | None = None


def noop_mask(batch: Tensor, head: Tensor, token_q: Tensor, token_kv: Tensor) -> Tensor:
    """Masks nothing."""
    return _torch().ones((), dtype=_torch().bool)


def _identity(score: Tensor, batch: Tensor, head: Tensor, q: Tensor, kv: Tensor) -> Tensor:
    return score


def or_masks(*mask_mods: _mask_mod_signature) -> _mask_mod_signature:
    """The union of several mask_mods."""
    if not all(callable(arg) for arg in mask_mods):
        raise RuntimeError(f"All inputs should be callable mask_mods: {mask_mods}")

    def or_mask(b: Tensor, h: Tensor, q_idx: Tensor, kv_idx: Tensor) -> Tensor:
        result = _torch().zeros((), dtype=_torch().bool)
        for mask in mask_mods:
            result = result | mask(b, h, q_idx, kv_idx)
        return result

    return or_mask


def and_masks(*mask_mods: _mask_mod_signature) -> _mask_mod_signature:
    """The intersection of several mask_mods."""
    if not all(callable(arg) for arg in mask_mods):
        raise RuntimeError(f"All inputs should be callable mask_mods: {mask_mods}")

    def and_mask(b: Tensor, h: Tensor, q_idx: Tensor, kv_idx: Tensor) -> Tensor:
        result = _torch().ones((), dtype=_torch().bool)
        for mask in mask_mods:
            result = result & mask(b, h, q_idx, kv_idx)
        return result

    return and_mask


def _indices(B: int, H: int, Q_LEN: int, KV_LEN: int) -> tuple[Tensor, ...]:
    """b, h, q_idx, kv_idx as broadcasting int64 index tensors."""
    torch = _torch()
    return (
        torch.arange(B).view(B, 1, 1, 1),
        torch.arange(H).view(1, H, 1, 1),
        torch.arange(Q_LEN).view(1, 1, Q_LEN, 1),
        torch.arange(KV_LEN).view(1, 1, 1, KV_LEN),
    )


def _dense_mask(mask_mod: _mask_mod_signature, B: int, H: int, Q_LEN: int, KV_LEN: int) -> Tensor:
    mask = mask_mod(*_indices(B, H, Q_LEN, KV_LEN))
    return mask.to(_torch().bool).expand(B, H, Q_LEN, KV_LEN)


def _is_score_mod(function: Callable[..., Any]) -> bool:
    import inspect

    parameters = [
        p for p in inspect.signature(function).parameters.values() if p.default is p.empty
    ]
    return len(parameters) == 5


def create_mask(
    mod_fn: _score_mod_signature | _mask_mod_signature,
    B: int | None,
    H: int | None,
    Q_LEN: int,
    KV_LEN: int,
    device: Any = None,
) -> Tensor:
    """The dense (B, H, Q_LEN, KV_LEN) bool mask of a mask_mod (or of the -inf entries of
    a score_mod)."""
    torch = _torch()
    B, H = B or 1, H or 1
    if _is_score_mod(mod_fn):
        out = mod_fn(torch.zeros(B, H, Q_LEN, KV_LEN), *_indices(B, H, Q_LEN, KV_LEN))
        out = out.expand(B, H, Q_LEN, KV_LEN)
        return torch.where(torch.isneginf(out), False, True)
    return _dense_mask(mod_fn, B, H, Q_LEN, KV_LEN).clone()


class BlockMask:
    """A mask_mod with its block layout (see the module docstring for what is kept)."""

    def __init__(
        self,
        seq_lengths: tuple[int, int],
        batch: tuple[int, int],
        BLOCK_SIZE: tuple[int, int] = (_DEFAULT_SPARSE_BLOCK_SIZE, _DEFAULT_SPARSE_BLOCK_SIZE),
        mask_mod: _mask_mod_signature = noop_mask,
    ) -> None:
        self.seq_lengths = tuple(seq_lengths)
        self._batch = tuple(batch)
        self.BLOCK_SIZE = tuple(BLOCK_SIZE)
        self.mask_mod = mask_mod

    @property
    def shape(self) -> tuple[int, ...]:
        return (*self._batch, *self.seq_lengths)

    def to_dense(self) -> Tensor:
        """The (B, H, query blocks, kv blocks) int32 block mask: 1 where a block has any
        unmasked entry."""
        torch = _torch()
        (B, H), (q_len, kv_len) = self._batch, self.seq_lengths
        bq, bkv = self.BLOCK_SIZE
        nq, nkv = -(-q_len // bq), -(-kv_len // bkv)
        mask = _dense_mask(self.mask_mod, B, H, q_len, kv_len)
        mask = torch.nn.functional.pad(mask, (0, nkv * bkv - kv_len, 0, nq * bq - q_len))
        blocks = mask.reshape(B, H, nq, bq, nkv, bkv).any(dim=5).any(dim=3)
        return blocks.to(torch.int32)

    def numel(self) -> int:
        (B, H), (q_len, kv_len) = self._batch, self.seq_lengths
        return B * H * q_len * kv_len

    def sparsity(self) -> float:
        """The percentage of the score matrix that whole skipped blocks cover (torch's
        measure)."""
        computed = float(self.to_dense().sum()) * self.BLOCK_SIZE[0] * self.BLOCK_SIZE[1]
        total = self.numel()
        return 100 * (1 - computed / total)

    def __repr__(self) -> str:
        return (
            f"BlockMask(shape={self.shape}, BLOCK_SIZE={self.BLOCK_SIZE}, "
            f"sparsity={self.sparsity():.2f}%, mask_mod={getattr(self.mask_mod, '__name__', self.mask_mod)})"
        )


def create_block_mask(
    mask_mod: _mask_mod_signature,
    B: int | None,
    H: int | None,
    Q_LEN: int,
    KV_LEN: int,
    device: Any = None,
    BLOCK_SIZE: int | tuple[int, int] = _DEFAULT_SPARSE_BLOCK_SIZE,
    _compile: bool = False,
    separate_full_blocks: bool = True,
    compute_dq_write_order: bool = False,
    dq_kv_order: bool = True,
) -> BlockMask:
    """A :class:`BlockMask` of ``mask_mod`` for the given sizes (B, H default to 1)."""
    if not isinstance(BLOCK_SIZE, tuple):
        BLOCK_SIZE = (BLOCK_SIZE, BLOCK_SIZE)
    return BlockMask((Q_LEN, KV_LEN), (B or 1, H or 1), BLOCK_SIZE, mask_mod)


def flex_attention(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    score_mod: _score_mod_signature | None = None,
    block_mask: BlockMask | None = None,
    scale: float | None = None,
    enable_gqa: bool = False,
    return_lse: bool = False,
    kernel_options: FlexKernelOptions | None = None,
    *,
    return_aux: AuxRequest | None = None,
) -> Tensor | tuple[Tensor, Any]:
    """softmax(score_mod(q k^T * scale) masked by block_mask's mask_mod) v for 4-D
    (B, H, L, E) query and (B, Hkv, S, E) key / (B, Hkv, S, Ev) value."""
    torch = _torch()
    if query.size(-1) != key.size(-1):
        raise ValueError(
            "Expect query and key/value to have the same embedding dimension but got "
            f"E={query.size(-1)} and E={key.size(-1)}."
        )
    if query.dim() != 4 or key.dim() != 4 or value.dim() != 4:
        raise NotImplementedError("NYI: query, key, and value must be 4D tensors")
    Hq, Hkv = query.size(1), key.size(1)
    if not enable_gqa and Hq != Hkv:
        raise ValueError(
            "Expect query and key/value to have the same number of heads but got "
            f"Hq={Hq} and Hkv={Hkv}. Try setting enable_gqa=True for GQA."
        )
    if enable_gqa and Hq % Hkv != 0:
        raise ValueError(
            "Expect number of query heads to be a multiple of kv heads for GQA but got "
            f"Hq={Hq} and Hkv={Hkv}."
        )
    if query.size(0) != key.size(0) and block_mask is None:
        raise ValueError(
            "Expect query and key/value to have the same batch size, or non-none block_mask, "
            f"but got block_mask=None, Bq={query.size(0)}, and Bkv={key.size(0)}."
        )
    L, S = query.size(-2), key.size(-2)
    if block_mask is not None:
        q_len, kv_len = block_mask.seq_lengths
        if L > q_len or S > kv_len:
            raise ValueError(
                f"block_mask was created for block_mask.shape={block_mask.shape} but got "
                f"q_len={L} and kv_len={S}. As the block mask was created for a smaller length "
                "than you're using it for, you likely need to create a new block mask."
            )
        if L < q_len or S < kv_len:
            raise ValueError(
                f"block_mask was created for block_mask.shape={block_mask.shape} but got "
                f"q_len={L} and kv_len={S}. As the block mask was created for a larger length "
                "than you're using it for, create a new block mask with the correct length."
            )
    if return_lse and return_aux is not None:
        raise ValueError(
            "Cannot specify both return_lse and return_aux. return_lse is deprecated, please "
            "use return_aux=AuxRequest(lse=True) instead."
        )
    if return_aux is not None and return_aux.max_scores:
        raise NotImplementedError("Returning max scores is not supported on CPU/MPS.")
    if scale is None:
        scale = 1.0 / math.sqrt(query.size(-1))
    score_mod = _identity if score_mod is None else score_mod
    G = Hq // Hkv
    key = torch.repeat_interleave(key, G, dim=1)
    value = torch.repeat_interleave(value, G, dim=1)
    B = query.size(0)
    key = key.expand((B, *key.shape[1:]))
    value = value.expand((B, *value.shape[1:]))

    working = torch.float64 if query.dtype == torch.float64 else torch.float32
    scores = query.to(working) @ key.to(working).transpose(-2, -1)
    scores = (scores * scale).to(working)
    b, h, m, n = _indices(B, Hq, L, S)
    modified = score_mod(scores, b, h, m, n)
    if block_mask is not None:
        keep = block_mask.mask_mod(b, h, m, n)
        modified = torch.where(keep, modified, torch.tensor(-math.inf, dtype=working))
    modified = modified.expand(B, Hq, L, S)
    masked_rows = torch.all(modified == -math.inf, dim=-1)
    lse = torch.where(masked_rows, -math.inf, modified.logsumexp(dim=-1))
    # torch's _safe_softmax: a fully masked row gives zeros (no nan, in the gradient either)
    fully_masked = masked_rows.unsqueeze(-1)
    weights = torch.softmax(torch.where(fully_masked, 0.0, modified), dim=-1)
    weights = torch.where(fully_masked, 0.0, weights)
    out = weights.to(query.dtype) @ value.to(query.dtype)
    if return_aux is not None:
        return out, AuxOutput(lse=lse if return_aux.lse else None)
    if return_lse:
        return out, lse
    return out
