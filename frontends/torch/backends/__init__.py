"""torch.backends: the flags real code reads and sets (``cudnn.benchmark``,
``cuda.matmul.allow_tf32``, ``mps.is_available()`` ...).

Here they are plain state that the frontend's ops ignore: every backend computes the same
way whatever they say (there is no cuDNN, cuBLAS, oneDNN or MPS underneath). Each flag is a
module attribute with torch's default, readable and settable; each ``flags(...)`` context
manager sets some and restores them on exit. ``is_available()`` says whether the frontend
has that library: never (its ops run on the chosen core backend), so code that picks a
path by it takes its portable one.
"""

from frontends.torch.backends import (
    cpu,
    cuda,
    cudnn,
    cusparselt,
    kleidiai,
    mha,
    miopen,
    mkl,
    mkldnn,
    mps,
    nnpack,
    openmp,
    opt_einsum,
    quantized,
)
from frontends.torch.backends._flags import flags_context as _flags_context

__all__ = [
    "cpu", "cuda", "cudnn", "cusparselt", "kleidiai", "mha", "miopen", "mkl", "mkldnn",
    "mps", "nnpack", "openmp", "opt_einsum", "quantized",
]  # fmt: skip
