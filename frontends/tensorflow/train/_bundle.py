"""TensorFlow's TensorBundle: the files of a checkpoint, read and written without TF.

A checkpoint ``prefix`` is ``prefix.index``, a table of every tensor's key and its
``BundleEntryProto`` (dtype, shape, offset, size, masked CRC-32C), with the
``BundleHeaderProto`` under the empty key, and ``prefix.data-00000-of-00001``, the
tensors' bytes one after another: numbers little-endian in C order; strings as the
varint lengths, a masked CRC-32C of the lengths, then the bytes. The table is TF's
(LevelDB's) sorted table: prefix-compressed blocks with restart points, each followed by
a type byte and a masked CRC-32C, an index block, an empty meta-index block and a
48-byte footer ending in the magic number.
"""

from __future__ import annotations

import os
import struct
from typing import Any

import numpy

from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._crc32c import crc32c, mask, unmask
from frontends.tensorflow._proto import (
    BundleEntryProto,
    BundleHeaderProto,
    decode_varint,
    encode_varint,
)

_MAGIC = 0xDB4775248B80FB57
_FOOTER = 48
_BLOCK_SIZE = 262144  # TF's table::Options::block_size
_RESTART_INTERVAL = 16
_ENUM_NAMES = {number: name for name, number in _dtypes._ENUM.items()}


def data_filename(prefix: str) -> str:
    return f"{prefix}.data-00000-of-00001"


def index_filename(prefix: str) -> str:
    return f"{prefix}.index"


def _numpy_dtype(name: str) -> numpy.dtype:
    return numpy.dtype(_dtypes.as_dtype(name).as_numpy_dtype)


# ---------------------------------------------------------------------------------------
# the sorted table
# ---------------------------------------------------------------------------------------
def _block(entries: list[tuple[bytes, bytes]], interval: int) -> bytes:
    out = bytearray()
    restarts: list[int] = []
    previous = b""
    for index, (key, value) in enumerate(entries):
        shared = 0
        if index % interval == 0:
            restarts.append(len(out))
        else:
            limit = min(len(previous), len(key))
            while shared < limit and previous[shared] == key[shared]:
                shared += 1
        out += encode_varint(shared) + encode_varint(len(key) - shared)
        out += encode_varint(len(value)) + key[shared:] + value
        previous = key
    restarts = restarts or [0]
    out += b"".join(struct.pack("<I", r) for r in restarts) + struct.pack("<I", len(restarts))
    return bytes(out)


def _with_trailer(block: bytes) -> bytes:
    return block + b"\x00" + struct.pack("<I", mask(crc32c(block + b"\x00")))


def write_table(path: str, entries: list[tuple[bytes, bytes]]) -> None:
    """A sorted table of ``entries`` (sorted by key) at ``path``."""
    out = bytearray()
    index: list[tuple[bytes, bytes]] = []
    pending: list[tuple[bytes, bytes]] = []
    size = 0

    def flush() -> None:
        nonlocal size
        block = _block(pending, _RESTART_INTERVAL)
        handle = encode_varint(len(out)) + encode_varint(len(block))
        out.extend(_with_trailer(block))
        index.append((pending[-1][0], handle))
        pending.clear()
        size = 0

    for key, value in entries:
        pending.append((key, value))
        size += len(key) + len(value) + 8
        if size >= _BLOCK_SIZE:
            flush()
    if pending:
        flush()
    meta = _block([], _RESTART_INTERVAL)
    meta_handle = encode_varint(len(out)) + encode_varint(len(meta))
    out += _with_trailer(meta)
    index_block = _block(index, 1)
    index_handle = encode_varint(len(out)) + encode_varint(len(index_block))
    out += _with_trailer(index_block)
    handles = meta_handle + index_handle
    out += handles + b"\x00" * (40 - len(handles)) + struct.pack("<Q", _MAGIC)
    with open(path, "wb") as handle:
        handle.write(out)


def _entries(block: memoryview) -> list[tuple[bytes, bytes]]:
    count = struct.unpack("<I", block[-4:])[0]
    end = len(block) - 4 - 4 * count
    items: list[tuple[bytes, bytes]] = []
    key = b""
    position = 0
    while position < end:
        shared, position = decode_varint(block, position)
        own, position = decode_varint(block, position)
        length, position = decode_varint(block, position)
        key = key[:shared] + bytes(block[position : position + own])
        position += own
        items.append((key, bytes(block[position : position + length])))
        position += length
    return items


def _read_block(data: memoryview, handle: bytes | memoryview, path: str) -> memoryview:
    offset, position = decode_varint(handle, 0)
    size, _ = decode_varint(handle, position)
    block = data[offset : offset + size]
    kind, stored = (
        data[offset + size],
        struct.unpack("<I", data[offset + size + 1 : offset + size + 5])[0],
    )
    if kind != 0:
        raise errors.DataLossError(None, None, f"{path}: compressed table blocks are not supported")
    if unmask(stored) != crc32c(bytes(data[offset : offset + size + 1])):
        raise errors.DataLossError(None, None, f"{path}: corrupted block (checksum mismatch)")
    return block


def read_table(path: str) -> list[tuple[bytes, bytes]]:
    """Every entry of the sorted table at ``path``, in key order."""
    with open(path, "rb") as handle:
        data = memoryview(handle.read())
    if len(data) < _FOOTER or struct.unpack("<Q", data[-8:])[0] != _MAGIC:
        raise errors.DataLossError(
            None, None, f"Unable to open table file {path}: not an sstable (bad magic number)"
        )
    footer = data[-_FOOTER:]
    _, position = decode_varint(footer, 0)  # the meta-index block, empty
    _, position = decode_varint(footer, position)
    index_offset, position = decode_varint(footer, position)
    index_size, _ = decode_varint(footer, position)
    index = _read_block(data, encode_varint(index_offset) + encode_varint(index_size), path)
    items: list[tuple[bytes, bytes]] = []
    for _, block_handle in _entries(index):
        items.extend(_entries(_read_block(data, block_handle, path)))
    return items


# ---------------------------------------------------------------------------------------
# tensors
# ---------------------------------------------------------------------------------------
def _string_bytes(array: numpy.ndarray) -> tuple[bytes, int]:
    """A string tensor's bytes in the data file and its (unmasked) CRC-32C."""
    items = [bytes(item) for item in array.reshape(-1)]
    lengths = b"".join(encode_varint(len(item)) for item in items)
    crc = 0
    for item in items:
        size = len(item)
        crc = crc32c(
            struct.pack("<I", size) if size <= 0xFFFFFFFF else struct.pack("<Q", size), crc
        )
    checksum = struct.pack("<I", mask(crc))
    crc = crc32c(checksum, crc)
    body = b"".join(items)
    return lengths + checksum + body, crc32c(body, crc)


def write_bundle(prefix: str, tensors: dict[str, numpy.ndarray]) -> None:
    """The checkpoint files of ``tensors`` (key -> numpy array; strings as object
    arrays of bytes) at ``prefix``, written to temporary names and moved into place."""
    directory = os.path.dirname(prefix)
    if directory:
        os.makedirs(directory, exist_ok=True)
    entries: list[tuple[bytes, bytes]] = []
    offset = 0
    data_path = data_filename(prefix)
    with open(data_path + ".tempstate", "wb") as data:
        for key in sorted(tensors):
            array = numpy.asarray(tensors[key])
            name = _dtypes.as_dtype(array.dtype).name
            if name == "string":
                payload, crc = _string_bytes(array)
            else:
                payload = (
                    numpy.ascontiguousarray(array)
                    .astype(array.dtype.newbyteorder("<"), copy=False)
                    .tobytes()
                )
                crc = crc32c(payload)
            data.write(payload)
            entry = {
                "dtype": _dtypes._ENUM[name],
                "shape": {"dim": [{"size": int(d)} for d in array.shape]},
                "offset": offset,
                "size": len(payload),
                "crc32c": mask(crc),
            }
            entries.append((key.encode(), BundleEntryProto.encode(entry)))
            offset += len(payload)
    header = BundleHeaderProto.encode(
        {"num_shards": 1, "endianness": 0, "version": {"producer": 1}}
    )
    write_table(index_filename(prefix) + ".tempstate", [(b"", header), *entries])
    os.replace(data_path + ".tempstate", data_path)
    os.replace(index_filename(prefix) + ".tempstate", index_filename(prefix))


class BundleReader:
    """A checkpoint's tensors by key: ``dtype_name(key)``, ``shape(key)``, ``get(key)``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        path = index_filename(prefix)
        if not os.path.exists(path):
            raise errors.NotFoundError(
                None,
                None,
                f"Unsuccessful TensorSliceReader constructor: Failed to find any matching files "
                f"for {prefix}",
            )
        table = read_table(path)
        if not table or table[0][0] != b"":
            raise errors.DataLossError(None, None, f"{path}: the bundle header is missing")
        header = BundleHeaderProto.decode(table[0][1])
        if header.get("num_shards", 0) != 1:
            raise errors.UnimplementedError(
                None,
                None,
                f"{prefix}: checkpoints sharded over several data files are not supported",
            )
        if header.get("endianness", 0) != 0:
            raise errors.UnimplementedError(
                None, None, f"{prefix}: big-endian checkpoints are not supported"
            )
        self.entries = {key.decode(): BundleEntryProto.decode(value) for key, value in table[1:]}
        self._data: bytes | None = None

    def keys(self) -> list[str]:
        return list(self.entries)

    def _entry(self, key: str) -> dict[str, Any]:
        entry = self.entries.get(key)
        if entry is None:
            raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
        if entry.get("slices"):
            raise errors.UnimplementedError(
                None, None, f"{key}: sliced (partitioned) variables are not supported"
            )
        return entry

    def dtype_name(self, key: str) -> str:
        number = self._entry(key).get("dtype", 0)
        if number not in _ENUM_NAMES:
            raise errors.UnimplementedError(
                None, None, f"{key}: dtype number {number} is not supported"
            )
        return _ENUM_NAMES[number]

    def shape(self, key: str) -> list[int]:
        return [dim.get("size", 0) for dim in self._entry(key).get("shape", {}).get("dim", [])]

    def get(self, key: str) -> numpy.ndarray:
        """The tensor ``key`` as a numpy array (its bytes checked against their CRC)."""
        entry = self._entry(key)
        name, shape = self.dtype_name(key), self.shape(key)
        if self._data is None:
            with open(data_filename(self.prefix), "rb") as handle:
                self._data = handle.read()
        offset, size = entry.get("offset", 0), entry.get("size", 0)
        raw = memoryview(self._data)[offset : offset + size]
        count = int(numpy.prod(shape, dtype=numpy.int64))
        if name == "string":
            array, crc = self._strings(raw, count)
        else:
            array = numpy.frombuffer(raw, dtype=_numpy_dtype(name).newbyteorder("<"), count=count)
            array = array.astype(_numpy_dtype(name))
            crc = crc32c(raw)
        if unmask(entry.get("crc32c", 0)) != crc:
            raise errors.DataLossError(
                None,
                None,
                f"Checksum does not match: stored {entry.get('crc32c', 0)} vs. calculated on the restored bytes",
            )
        return array.reshape(shape)

    @staticmethod
    def _strings(raw: memoryview, count: int) -> tuple[numpy.ndarray, int]:
        lengths, position, crc = [], 0, 0
        for _ in range(count):
            size, position = decode_varint(raw, position)
            lengths.append(size)
            crc = crc32c(
                struct.pack("<I", size) if size <= 0xFFFFFFFF else struct.pack("<Q", size), crc
            )
        crc = crc32c(raw[position : position + 4], crc)
        position += 4
        array = numpy.empty(count, dtype=object)
        for index, size in enumerate(lengths):
            array[index] = bytes(raw[position : position + size])
            crc = crc32c(array[index], crc)
            position += size
        return array, crc
