"""safetensors for the frontends: ``from safetensors.torch import load_file, save_file`` in a
transpiled script reads and writes real safetensors files through ``frontends.torch``.

The format (``_format``): an 8-byte little-endian header length, a JSON header (space-padded
to a multiple of 8 bytes) mapping each name to its dtype, shape and byte range, then the raw
little-endian bytes, largest dtype first, as the real library lays them out, so files are
byte-identical to the real library's (``__metadata__`` keeps insertion order, where the real
library's order varies from run to run). Neither safetensors nor torch is imported.
"""

from frontends.safetensors._format import SafetensorError, safe_open

__all__ = ["SafetensorError", "numpy", "safe_open", "torch"]


def __getattr__(name: str):  # the framework modules load on first use, as the real package
    if name in ("torch", "numpy"):
        import importlib

        return importlib.import_module(f"frontends.safetensors.{name}")
    raise AttributeError(f"module 'safetensors' has no attribute {name!r}")
