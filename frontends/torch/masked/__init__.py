"""torch.masked: reductions and normalizations that skip masked-out elements.

The ops (``torch.masked.sum(x, dim, mask=m)`` ...) are in :mod:`._ops`, with torch 2.13's
results for dtypes, ``keepdim``, ``dtype=``, ``mask=None`` and fully masked-out slices.

Not provided: ``MaskedTensor``, ``masked_tensor``, ``as_masked_tensor`` and
``is_masked_tensor`` (torch's prototype tensor subclass that carries its mask through
``__torch_dispatch__``; the frontend has no subclass dispatch to build it on), and sparse
COO/CSR inputs (the frontend has no sparse layouts).
"""

from frontends.torch.masked._ops import (
    _canonical_dim,
    _combine_input_and_mask,
    _input_mask,
    _output_mask,
    _reduction_identity,
    _where,
    amax,
    amin,
    argmax,
    argmin,
    cumprod,
    cumsum,
    log_softmax,
    logaddexp,
    logsumexp,
    mean,
    median,
    norm,
    normalize,
    prod,
    softmax,
    softmin,
    std,
    sum,
    var,
)

__all__ = [
    "amax", "amin", "argmax", "argmin", "cumprod", "cumsum", "log_softmax", "logaddexp",
    "logsumexp", "mean", "median", "norm", "normalize", "prod", "softmax", "softmin", "std",
    "sum", "var",
]  # fmt: skip
