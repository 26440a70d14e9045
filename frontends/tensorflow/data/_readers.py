"""tf.data's file datasets: TextLineDataset (lines of local text files) and
TFRecordDataset (the records of TFRecord files), as scalar strings."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterator
from typing import Any

import numpy

from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._host import host_array
from frontends.tensorflow.data._dataset import UNKNOWN_CARDINALITY, Dataset, TensorSpec
from frontends.tensorflow.io import read_records


def filenames_of(filenames: Any) -> list[str]:
    """File names from a string, a list of them, a string tensor or a Dataset of them."""
    if isinstance(filenames, Dataset):
        return [bytes(host_array(name)).decode() for name in filenames._make()]
    if isinstance(filenames, (str, bytes)):
        filenames = [filenames]
    if isinstance(filenames, FrontendArray):
        filenames = host_array(filenames).reshape(-1).tolist()
    return [name.decode() if isinstance(name, bytes) else str(name) for name in filenames]


def open_file(filename: str, compression_type: Any, op: str) -> bytes:
    """A file's bytes, decompressed (``"GZIP"``, ``"ZLIB"`` or none); a missing file is
    TF's NotFoundError."""
    try:
        with open(filename, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise errors.NotFoundError(None, None, f"{filename}; No such file or directory") from None
    compression = (compression_type or "").upper()
    if compression == "GZIP":
        return gzip.decompress(data)
    if compression == "ZLIB":
        return zlib.decompress(data)
    if compression:
        raise ValueError(f"Unsupported compression type: {compression_type}")
    return data


class TextLineDataset(Dataset):
    """tf.data.TextLineDataset: each line of the files in turn, without its line ending
    (``\\n``, or ``\\r\\n``), as a scalar string. The files are read when iterated."""

    def __init__(self, filenames: Any, compression_type: Any = None, buffer_size: Any = None,
                 num_parallel_reads: Any = None, name: Any = None) -> None:  # fmt: skip
        names = filenames_of(filenames)

        def make() -> Iterator[Any]:
            for filename in names:
                data = open_file(filename, compression_type, "TextLineDataset")
                lines = data.split(b"\n")
                if lines and lines[-1] == b"":
                    lines.pop()
                for line in lines:
                    yield numpy.array(line[:-1] if line.endswith(b"\r") else line, dtype=object)

        super().__init__(make, TensorSpec((), _dtypes.string), UNKNOWN_CARDINALITY)


class TFRecordDataset(Dataset):
    """tf.data.TFRecordDataset: each record of the files in turn (checked against its
    CRC-32C; a corrupted one is TF's DataLossError)."""

    def __init__(self, filenames: Any, compression_type: Any = None, buffer_size: Any = None,
                 num_parallel_reads: Any = None, name: Any = None) -> None:  # fmt: skip
        names = filenames_of(filenames)

        def make() -> Iterator[Any]:
            for filename in names:
                data = open_file(filename, compression_type, "TFRecordDataset")
                for record in read_records(data, filename):
                    yield numpy.array(record, dtype=object)

        super().__init__(make, TensorSpec((), _dtypes.string), UNKNOWN_CARDINALITY)
