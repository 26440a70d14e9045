"""torch.version: the build description libraries read (no CUDA, ROCm or XPU toolkit)."""

from __future__ import annotations

__all__ = ["__version__", "cuda", "debug", "git_version", "hip", "rocm", "xpu"]

__version__ = "2.13.0"
debug = False
cuda: str | None = None
git_version = "frontends"
hip: str | None = None
rocm: str | None = None
xpu: str | None = None
