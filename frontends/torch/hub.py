"""torch.hub: the cache directory and loading checkpoints from it.

What differs from torch, and why:

* Nothing is fetched over the network. A port runs where its checkpoints already are (this
  frontend is built for machines without network access to model hubs), and a file that
  arrives unasked is not loaded. :func:`load_state_dict_from_url` loads the file from the
  cache (``<hub_dir>/checkpoints/<file name of the URL>``, as torch stores it); when it is
  not there the ``FileNotFoundError`` names the path to put it at. :func:`download_url_to_file`
  copies ``file://`` URLs (with torch's hash check) and refuses other schemes the same way.
* :func:`load` (a repository's ``hubconf.py`` entry point) is not provided: it runs code
  from the repository, which would import real torch, not this frontend.
* Checkpoints load with this frontend's :func:`torch.load`; torch's legacy single-file zip
  archives (pre-1.6 ``.pth`` files zipped once more) are not unpacked.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
import tempfile
import warnings
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

from frontends.torch import serialization

__all__ = ["download_url_to_file", "get_dir", "help", "list", "load", "load_state_dict_from_url", "set_dir"]  # fmt: skip

HASH_REGEX = re.compile(r"-([a-f0-9]*)\.")
ENV_GITHUB_TOKEN = "GITHUB_TOKEN"
ENV_TORCH_HOME = "TORCH_HOME"
ENV_XDG_CACHE_HOME = "XDG_CACHE_HOME"
DEFAULT_CACHE_DIR = "~/.cache"
VAR_DEPENDENCY = "dependencies"
MODULE_HUBCONF = "hubconf.py"
READ_DATA_CHUNK = 128 * 1024

_hub_dir: str | None = None


def _get_torch_home() -> str:
    return os.path.expanduser(
        os.getenv(
            ENV_TORCH_HOME, os.path.join(os.getenv(ENV_XDG_CACHE_HOME, DEFAULT_CACHE_DIR), "torch")
        )
    )


def get_dir() -> str:
    """The hub cache directory: set by :func:`set_dir`, else ``$TORCH_HOME/hub`` (as torch)."""
    if os.getenv("TORCH_HUB"):
        warnings.warn("TORCH_HUB is deprecated, please use env TORCH_HOME instead", stacklevel=2)
    if _hub_dir is not None:
        return _hub_dir
    return os.path.join(_get_torch_home(), "hub")


def set_dir(d: str | os.PathLike) -> None:
    """Set the hub cache directory :func:`get_dir` returns."""
    global _hub_dir
    _hub_dir = os.path.expanduser(d)


def _no_download(url: str, dst: str) -> FileNotFoundError:
    return FileNotFoundError(
        f"torch.hub: the torch frontend does not download ({url}). Put the file at {dst} "
        "(fetch it with real torch, a browser or curl), then call again."
    )


def download_url_to_file(
    url: str, dst: str, hash_prefix: str | None = None, progress: bool = True
) -> None:
    """Copy the file a ``file://`` URL names to ``dst``, checking that its SHA256 starts with
    ``hash_prefix`` (torch's ``RuntimeError`` otherwise). Other schemes raise
    ``FileNotFoundError`` naming ``dst``: the frontend does not download."""
    parts = urlparse(url)
    if parts.scheme != "file":
        raise _no_download(url, os.path.expanduser(dst))
    dst = os.path.expanduser(dst)
    sha256 = hashlib.sha256()
    # a temporary file beside dst, moved into place once whole (as torch does)
    with tempfile.NamedTemporaryFile(delete=False, dir=os.path.dirname(dst) or ".") as out:
        try:
            with open(url2pathname(parts.path), "rb") as source:
                while chunk := source.read(READ_DATA_CHUNK):
                    out.write(chunk)
                    sha256.update(chunk)
            out.close()
            if hash_prefix is not None:
                digest = sha256.hexdigest()
                if digest[: len(hash_prefix)] != hash_prefix:
                    raise RuntimeError(
                        f'invalid hash value (expected "{hash_prefix}", got "{digest}")'
                    )
            shutil.move(out.name, dst)
        finally:
            if os.path.exists(out.name):
                os.remove(out.name)


def load_state_dict_from_url(
    url: str,
    model_dir: str | None = None,
    map_location: Any = None,
    progress: bool = True,
    check_hash: bool = False,
    file_name: str | None = None,
    weights_only: bool = False,
) -> dict[str, Any]:
    """Load the checkpoint of ``url`` from ``model_dir`` (default ``<hub_dir>/checkpoints``),
    the file named as torch names it (``file_name`` or the URL's last part). A missing file
    is fetched as :func:`download_url_to_file` fetches (``file://`` only)."""
    if os.getenv("TORCH_MODEL_ZOO"):
        warnings.warn(
            "TORCH_MODEL_ZOO is deprecated, please use env TORCH_HOME instead", stacklevel=2
        )
    if model_dir is None:
        model_dir = os.path.join(get_dir(), "checkpoints")
    os.makedirs(model_dir, exist_ok=True)
    filename = file_name if file_name is not None else os.path.basename(urlparse(url).path)
    cached_file = os.path.join(model_dir, filename)
    if not os.path.exists(cached_file):
        sys.stdout.write(f'Downloading: "{url}" to {cached_file}\n')
        hash_prefix = None
        if check_hash:
            match = HASH_REGEX.search(filename)
            hash_prefix = match.group(1) if match else None
        download_url_to_file(url, cached_file, hash_prefix, progress=progress)
    return serialization.load(cached_file, map_location=map_location, weights_only=weights_only)


def _runs_repository_code(name: str) -> NotImplementedError:
    return NotImplementedError(
        f"torch.hub.{name} is not provided by the torch frontend: it runs the repository's "
        "hubconf.py, which would import real torch. Build the model from its library "
        "(e.g. timm.create_model) and load its weights with torch.hub.load_state_dict_from_url."
    )


def load(repo_or_dir: str, model: str, *args: Any, **kwargs: Any) -> Any:
    """Not provided (see the module's doc): raises ``NotImplementedError``."""
    raise _runs_repository_code("load")


def list(github: str, *args: Any, **kwargs: Any) -> Any:
    """Not provided (see the module's doc): raises ``NotImplementedError``."""
    raise _runs_repository_code("list")


def help(github: str, model: str, *args: Any, **kwargs: Any) -> Any:
    """Not provided (see the module's doc): raises ``NotImplementedError``."""
    raise _runs_repository_code("help")
