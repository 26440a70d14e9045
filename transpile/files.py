"""Reading sources with their encoding, and atomic writes."""

from __future__ import annotations

import io
import os
import stat
import tempfile
import tokenize

from transpile.rewrite import TranspileSyntaxError

__all__ = ["decode_source", "read_source", "same_file", "write_atomic"]


def decode_source(data: bytes) -> tuple[str, str]:
    """Decode a Python file's bytes the way Python does (BOM, coding cookie, else UTF-8).

    Returns the text (line endings untouched) and the encoding to write it back with
    (``utf-8-sig`` when there was a BOM, so the BOM comes back too).
    """
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return data.decode(encoding), encoding


def read_source(path: str | os.PathLike[str]) -> tuple[str, str]:
    """Read a Python source file: its text and its encoding. Raises ``OSError``; a file
    that cannot be decoded raises :class:`TranspileSyntaxError` (Python would not run it)."""
    with open(path, "rb") as file:
        data = file.read()
    try:
        return decode_source(data)
    except (SyntaxError, LookupError, UnicodeDecodeError) as error:
        raise TranspileSyntaxError(
            f"cannot decode the file: {error}", os.fspath(path), 1, 1
        ) from None


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` are the same file (hard links and symlinks included)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def write_atomic(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    mode_from: str | os.PathLike[str] | None = None,
) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file in the same directory,
    flushed, then renamed over ``path``. Readers see the old file or the new one, never
    half of it. The permission bits are those of ``mode_from`` (else of ``path`` if it
    exists, else the default for new files). Parent directories are created."""
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    mode = None
    for source in (mode_from, path):
        if source is None:
            continue
        try:
            mode = stat.S_IMODE(os.stat(source).st_mode)
            break
        except OSError:
            continue
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, temporary = tempfile.mkstemp(
        dir=directory, prefix=f".{os.path.basename(path)}.", suffix=".tmp"
    )
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
