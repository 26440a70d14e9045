"""The safetensors file format, shared by ``safetensors.torch`` and ``safetensors.numpy``.

Values cross as host numpy arrays (bfloat16 from ml_dtypes); the framework modules convert
to and from their arrays. Errors on malformed input are :class:`SafetensorError` with the
real library's messages.
"""

from __future__ import annotations

import json
import os
import struct
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy

# the real library's dtype names, in its order (tensors are laid out largest first)
_ORDER = (
    "BOOL",
    "U8",
    "I8",
    "I16",
    "U16",
    "F16",
    "BF16",
    "I32",
    "U32",
    "F32",
    "C64",
    "F64",
    "I64",
    "U64",
)
_CODES = {
    "bool": "BOOL",
    "uint8": "U8",
    "int8": "I8",
    "int16": "I16",
    "uint16": "U16",
    "float16": "F16",
    "bfloat16": "BF16",
    "int32": "I32",
    "uint32": "U32",
    "float32": "F32",
    "complex64": "C64",
    "float64": "F64",
    "int64": "I64",
    "uint64": "U64",
}
_NAMES = {code: name for name, code in _CODES.items()}
_MAX_HEADER = 100_000_000


class SafetensorError(Exception):
    """A malformed safetensors file or header (the real library's ``SafetensorError``)."""


def numpy_dtype(code: str) -> numpy.dtype:
    name = _NAMES[code]
    if name == "bfloat16":
        import ml_dtypes

        return numpy.dtype(ml_dtypes.bfloat16)
    return numpy.dtype(name).newbyteorder("<")


def code_of(array: numpy.ndarray) -> str:
    name = "bfloat16" if array.dtype.name == "bfloat16" else array.dtype.name
    if name not in _CODES:
        raise KeyError(f"safetensors: dtype {array.dtype} has no safetensors code")
    return _CODES[name]


def serialize(arrays: Mapping[str, numpy.ndarray], metadata: Mapping[str, str] | None) -> bytes:
    """The bytes of a safetensors file holding ``arrays`` (host numpy arrays)."""
    if metadata is not None:
        for key, value in metadata.items():
            if not isinstance(key, str) or not isinstance(value, str):
                raise TypeError(
                    f"argument 'metadata': '{type(value).__name__}' object cannot be converted "
                    "to 'PyString'"
                )
    entries = [(name, code_of(array), array) for name, array in arrays.items()]
    entries.sort(key=lambda entry: entry[0])
    entries.sort(key=lambda entry: _ORDER.index(entry[1]), reverse=True)
    header: dict[str, Any] = {}
    if metadata:
        header["__metadata__"] = dict(metadata)
    chunks, offset = [], 0
    for name, code, array in entries:
        data = numpy.ascontiguousarray(array).astype(numpy_dtype(code), copy=False).tobytes()
        header[name] = {
            "dtype": code,
            "shape": [int(n) for n in array.shape],
            "data_offsets": [offset, offset + len(data)],
        }
        chunks.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + b"".join(chunks)


def _error(message: str) -> SafetensorError:
    return SafetensorError(f"Error while deserializing: {message}")


def read_header(data: bytes | memoryview) -> tuple[dict[str, Any], int]:
    """The parsed header and where the byte buffer starts, checked as the real library
    checks it (sizes, JSON, dtypes, offsets covering the buffer exactly)."""
    if len(data) < 8:
        raise _error("header too small")
    (size,) = struct.unpack("<Q", bytes(data[:8]))
    if size > _MAX_HEADER or 8 + size > len(data):
        raise _error("header too large" if size > _MAX_HEADER else "invalid header length")
    try:
        header = json.loads(bytes(data[8 : 8 + size]).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise _error(f"invalid JSON in header: {error}") from None
    if not isinstance(header, dict):
        raise _error("invalid JSON in header: not an object")
    start, buffer = 8 + size, len(data) - 8 - size
    spans = []
    for name, info in header.items():
        if name == "__metadata__":
            if not isinstance(info, dict) or not all(isinstance(v, str) for v in info.values()):
                raise _error("invalid JSON in header: __metadata__ must map str to str")
            continue
        try:
            code, shape, (begin, end) = info["dtype"], info["shape"], info["data_offsets"]
        except (TypeError, KeyError, ValueError):
            raise _error(f"invalid JSON in header: malformed entry {name!r}") from None
        if code not in _NAMES:
            raise _error(f"invalid JSON in header: unknown dtype {code!r} for {name!r}")
        if not all(isinstance(n, int) and n >= 0 for n in shape):
            raise _error(f"invalid JSON in header: bad shape for {name!r}")
        count = int(numpy.prod(shape, dtype=numpy.int64))
        if end < begin or end - begin != count * numpy_dtype(code).itemsize:
            raise _error(f"Info length for tensor {name!r} does not match its shape and dtype")
        spans.append((begin, end))
    covered = 0
    for begin, end in sorted(spans):
        if begin != covered:
            raise _error("invalid offset: tensors overlap or leave gaps")
        covered = end
    if covered != buffer:
        raise _error("incomplete metadata, file not fully covered")
    return header, start


def deserialize(data: bytes) -> tuple[dict[str, str] | None, dict[str, numpy.ndarray]]:
    """(metadata, {name: host numpy array}) of a safetensors file's bytes, in file order."""
    header, start = read_header(data)
    metadata = header.pop("__metadata__", None)
    arrays = {}
    for name, info in header.items():
        begin, end = info["data_offsets"]
        array = numpy.frombuffer(
            data,
            dtype=numpy_dtype(info["dtype"]),
            count=(end - begin) // numpy_dtype(info["dtype"]).itemsize,
            offset=start + begin,
        )
        arrays[name] = array.astype(array.dtype.newbyteorder("="), copy=True).reshape(info["shape"])
    return metadata, arrays


def read_file(filename: str | os.PathLike) -> bytes:
    with open(filename, "rb") as file:
        return file.read()


class _Slice:
    """``safe_open(...).get_slice(name)``: a lazily indexed tensor."""

    def __init__(self, array: numpy.ndarray, wrap: Callable[[numpy.ndarray], Any]) -> None:
        self._array, self._wrap = array, wrap

    def get_shape(self) -> list[int]:
        return list(self._array.shape)

    def get_dtype(self) -> str:
        return code_of(self._array)

    def __getitem__(self, key: Any) -> Any:
        return self._wrap(numpy.array(self._array[key], order="C"))  # keeps 0-d arrays 0-d


class safe_open:
    """``safe_open(filename, framework="pt", device="cpu", backend="mmap")``: read tensors
    one at a time.

    The file is read once, whichever ``backend`` (``"mmap"`` or ``"pread"``) is asked for.
    ``framework`` picks the array type: ``"pt"``/``"torch"`` gives frontend torch tensors,
    ``"np"``/``"numpy"`` numpy arrays."""

    def __init__(self, filename: str | os.PathLike, framework: str, device: Any = "cpu",
                 backend: str = "mmap") -> None:  # fmt: skip
        if backend not in ("mmap", "pread"):
            raise SafetensorError(
                f'backend "{backend}" is invalid (expected one of: "mmap", "pread")'
            )
        self._data = read_file(filename)
        self._header, self._start = read_header(self._data)
        self._wrap = _wrapper(framework)

    def __enter__(self) -> safe_open:
        return self

    def __exit__(self, *exc: Any) -> None:
        self._data = b""

    def keys(self) -> list[str]:
        return sorted(k for k in self._header if k != "__metadata__")

    def offset_keys(self) -> list[str]:
        names = [k for k in self._header if k != "__metadata__"]
        return sorted(names, key=lambda k: self._header[k]["data_offsets"][0])

    def metadata(self) -> dict[str, str] | None:
        return self._header.get("__metadata__")

    def _array(self, name: str) -> numpy.ndarray:
        if name not in self._header or name == "__metadata__":
            raise SafetensorError(f"File does not contain tensor {name}")
        info = self._header[name]
        dtype = numpy_dtype(info["dtype"])
        begin, end = info["data_offsets"]
        array = numpy.frombuffer(
            self._data,
            dtype=dtype,
            count=(end - begin) // dtype.itemsize,
            offset=self._start + begin,
        )
        return array.astype(dtype.newbyteorder("="), copy=True).reshape(info["shape"])

    def get_tensor(self, name: str) -> Any:
        return self._wrap(self._array(name))

    def get_slice(self, name: str) -> _Slice:
        return _Slice(self._array(name), self._wrap)

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())


def _wrapper(framework: str) -> Callable[[numpy.ndarray], Any]:
    if framework in ("pt", "torch", "pytorch"):
        from frontends.safetensors.torch import _to_tensor

        return _to_tensor
    if framework in ("np", "numpy"):
        from frontends.safetensors.numpy import _to_array

        return _to_array
    raise SafetensorError(
        f"framework {framework} is not supported by the frontends (use 'pt' or 'np')"
    )
