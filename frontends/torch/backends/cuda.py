"""torch.backends.cuda: cuBLAS / SDPA switches, recorded only (there is no CUDA here).

``matmul.allow_tf32`` and the reduced-precision flags keep what is set; the
scaled-dot-product-attention kernel switches (``enable_flash_sdp`` ...) record their state
and ``scaled_dot_product_attention`` computes the same way whatever they say.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any


class cuBLASModule:
    """``torch.backends.cuda.matmul``: cuBLAS's precision switches (recorded only)."""

    def __init__(self) -> None:
        self.allow_tf32 = False
        self.allow_fp16_reduced_precision_reduction = True
        self.allow_bf16_reduced_precision_reduction = True
        self.allow_fp16_accumulation = False
        self.fp32_precision = "none"


matmul = cuBLASModule()

_SDP = {"flash": True, "mem_efficient": True, "math": True, "cudnn": True}
_PREFERRED = {"linalg": "default", "blas": "cublas"}


def is_built() -> bool:
    """Whether torch was built with CUDA: False (no CUDA here)."""
    return False


def flash_sdp_enabled() -> bool:
    return _SDP["flash"]


def enable_flash_sdp(enabled: bool) -> None:
    _SDP["flash"] = bool(enabled)


def mem_efficient_sdp_enabled() -> bool:
    return _SDP["mem_efficient"]


def enable_mem_efficient_sdp(enabled: bool) -> None:
    _SDP["mem_efficient"] = bool(enabled)


def math_sdp_enabled() -> bool:
    return _SDP["math"]


def enable_math_sdp(enabled: bool) -> None:
    _SDP["math"] = bool(enabled)


def cudnn_sdp_enabled() -> bool:
    return _SDP["cudnn"]


def enable_cudnn_sdp(enabled: bool) -> None:
    _SDP["cudnn"] = bool(enabled)


def is_flash_attention_available() -> bool:
    return False


@contextlib.contextmanager
def sdp_kernel(
    enable_flash: bool = True,
    enable_math: bool = True,
    enable_mem_efficient: bool = True,
    enable_cudnn: bool = True,
) -> Iterator[None]:
    """Set the SDPA kernel switches for a ``with`` block (deprecated in torch too)."""
    saved = dict(_SDP)
    _SDP.update(
        flash=enable_flash, math=enable_math, mem_efficient=enable_mem_efficient,
        cudnn=enable_cudnn,
    )  # fmt: skip
    try:
        yield
    finally:
        _SDP.update(saved)


def preferred_linalg_library(backend: Any = None) -> str:
    """The linear-algebra library CUDA ops would prefer (recorded only)."""
    if backend is not None:
        _PREFERRED["linalg"] = str(backend)
    return _PREFERRED["linalg"]


def preferred_blas_library(backend: Any = None) -> str:
    """The BLAS library CUDA ops would prefer (recorded only)."""
    if backend is not None:
        _PREFERRED["blas"] = str(backend)
    return _PREFERRED["blas"]
