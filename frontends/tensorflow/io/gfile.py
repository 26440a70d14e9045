"""tf.io.gfile: files on the local file system, with TF's errors (NotFoundError,
AlreadyExistsError ...) where Python's would raise OSError. Cloud file systems (``gs://``,
``s3://``) are not provided."""

from __future__ import annotations

import glob as _glob
import os
import shutil
from collections.abc import Iterator
from typing import Any

from frontends.tensorflow import errors

__all__ = [
    "GFile", "copy", "exists", "glob", "isdir", "join", "listdir", "makedirs", "mkdir",
    "remove", "rename", "rmtree", "stat", "walk",
]  # fmt: skip


def _path(path: Any) -> str:
    path = os.fspath(path)
    return path.decode() if isinstance(path, bytes) else path


def _not_found(path: str) -> errors.NotFoundError:
    return errors.NotFoundError(None, None, f"{path}; No such file or directory")


class GFile:
    """tf.io.gfile.GFile(name, mode="r"): a file; text modes read and write str, binary
    modes bytes. Opening a missing file to read is TF's NotFoundError."""

    def __init__(self, name: Any, mode: str = "r") -> None:
        self.name = _path(name)
        self.mode = mode
        try:
            self._file = open(self.name, mode, encoding=None if "b" in mode else "utf-8")
        except FileNotFoundError:
            raise _not_found(self.name) from None
        except IsADirectoryError:
            raise errors.FailedPreconditionError(
                None, None, f"{self.name}; Is a directory"
            ) from None

    def read(self, n: int = -1) -> Any:
        return self._file.read(n)

    def readline(self) -> Any:
        return self._file.readline()

    def readlines(self) -> list[Any]:
        return self._file.readlines()

    def write(self, file_content: Any) -> None:
        if "b" not in self.mode and isinstance(file_content, bytes):
            file_content = file_content.decode()
        self._file.write(file_content)

    def flush(self) -> None:
        self._file.flush()

    def seek(self, offset: int, whence: int = 0) -> int:
        return self._file.seek(offset, whence)

    def tell(self) -> int:
        return self._file.tell()

    def size(self) -> int:
        return os.path.getsize(self.name)

    def close(self) -> None:
        self._file.close()

    @property
    def closed(self) -> bool:
        return self._file.closed

    def __iter__(self) -> Iterator[Any]:
        return iter(self._file)

    def __next__(self) -> Any:
        return next(self._file)

    def __enter__(self) -> GFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def exists(path: Any) -> bool:
    return os.path.exists(_path(path))


def isdir(path: Any) -> bool:
    return os.path.isdir(_path(path))


def join(path: Any, *paths: Any) -> str:
    return os.path.join(_path(path), *(_path(p) for p in paths))


def makedirs(path: Any) -> None:
    os.makedirs(_path(path), exist_ok=True)


def mkdir(path: Any) -> None:
    path = _path(path)
    try:
        os.mkdir(path)
    except FileExistsError:
        pass  # as TF: an existing directory is fine
    except FileNotFoundError:
        raise _not_found(path) from None


def listdir(path: Any) -> list[str]:
    path = _path(path)
    if not os.path.isdir(path):
        raise _not_found(path)
    return os.listdir(path)


def glob(pattern: Any) -> list[str]:
    """The paths matching ``pattern`` (``*``, ``?``, ``[...]``), sorted."""
    return sorted(_glob.glob(_path(pattern)))


def remove(path: Any) -> None:
    path = _path(path)
    try:
        os.remove(path)
    except FileNotFoundError:
        raise _not_found(path) from None


def rmtree(path: Any) -> None:
    path = _path(path)
    if not os.path.exists(path):
        raise _not_found(path)
    shutil.rmtree(path)


def copy(src: Any, dst: Any, overwrite: bool = False) -> None:
    src, dst = _path(src), _path(dst)
    if not os.path.exists(src):
        raise _not_found(src)
    if os.path.exists(dst) and not overwrite:
        raise errors.AlreadyExistsError(None, None, f"file already exists: {dst}")
    shutil.copyfile(src, dst)


def rename(src: Any, dst: Any, overwrite: bool = False) -> None:
    src, dst = _path(src), _path(dst)
    if not os.path.exists(src):
        raise _not_found(src)
    if os.path.exists(dst) and not overwrite:
        raise errors.AlreadyExistsError(None, None, f"file already exists: {dst}")
    os.replace(src, dst)


class _FileStatistics:
    def __init__(self, length: int, mtime_nsec: int, is_directory: bool) -> None:
        self.length = length
        self.mtime_nsec = mtime_nsec
        self.is_directory = is_directory


def stat(path: Any) -> _FileStatistics:
    path = _path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise _not_found(path) from None
    return _FileStatistics(info.st_size, info.st_mtime_ns, os.path.isdir(path))


def walk(
    top: Any, topdown: bool = True, onerror: Any = None
) -> Iterator[tuple[str, list[str], list[str]]]:
    return os.walk(_path(top), topdown=topdown, onerror=onerror)
