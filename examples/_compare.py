"""Shared helpers of the torch model examples: pick a backend, copy real torch's weights."""

from __future__ import annotations

import argparse
import os
from typing import Any

import numpy


def backend_from_args(description: str) -> str:
    """The backend named by the first argument, else $BACKEND, else numpy."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "backend",
        nargs="?",
        default=os.environ.get("BACKEND", "numpy"),
        choices=("numpy", "torch", "jax", "tensorflow"),
        help="core backend to run the frontend on (default: $BACKEND or numpy)",
    )
    return parser.parse_args().backend


def real_torch() -> Any:
    """``import torch`` if it is installed, else None."""
    try:
        import torch
    except ImportError:
        return None
    return torch


def copy_state(torch: Any, real_model: Any) -> dict[str, Any]:
    """real torch's state_dict as frontend tensors: ``{k: torch.tensor(v.numpy())}``."""
    return {k: torch.tensor(v.detach().cpu().numpy()) for k, v in real_model.state_dict().items()}


def max_error(ours: Any, theirs: Any) -> float:
    """Largest absolute difference between a frontend tensor and a real torch tensor."""
    a = numpy.asarray(ours.detach().numpy(), dtype=numpy.float64)
    b = numpy.asarray(theirs.detach().numpy(), dtype=numpy.float64)
    return float(numpy.max(numpy.abs(a - b))) if a.size else 0.0
