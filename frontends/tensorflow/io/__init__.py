"""tf.io: files, serialized tensors, CSV and TFRecord files, computed on the host.

``read_file``/``write_file``, ``gfile``, ``serialize_tensor``/``parse_tensor`` (TF's
``TensorProto`` bytes, readable by real TF and from it), ``decode_csv``, ``decode_raw``,
``encode_base64``/``decode_base64``, ``matching_files``, ``TFRecordWriter`` and
``TFRecordOptions`` (records as TF frames them: length, masked CRC-32C of the length,
data, masked CRC-32C of the data). Not provided: image/audio/JSON/proto decoders,
``parse_example`` and the other ``tf.train.Example`` parsers.
"""

from __future__ import annotations

import base64
import gzip
import os
import struct
import zlib
from typing import Any

import numpy

from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._crc32c import crc32c, mask
from frontends.tensorflow._host import from_host, host_array, strings_of
from frontends.tensorflow._proto import TensorProto
from frontends.tensorflow.io import gfile

__all__ = [
    "TFRecordOptions", "TFRecordWriter", "decode_base64", "decode_csv", "decode_raw",
    "encode_base64", "gfile", "matching_files", "parse_tensor", "read_file",
    "serialize_tensor", "write_file",
]  # fmt: skip


def _text(value: Any) -> bytes:
    """One string (a scalar string tensor, str or bytes)."""
    if isinstance(value, (str, bytes)):
        return value.encode() if isinstance(value, str) else value
    return bytes(host_array(value)[()])


def _invalid(message: str, op: str) -> errors.InvalidArgumentError:
    return errors.InvalidArgumentError(
        None,
        None,
        f"{{{{function_node __wrapped__{op}_device_/job:localhost/replica:0/task:0/device:CPU:0}}}} "
        f"{message} [Op:{op}]",
    )


# ---------------------------------------------------------------------------------------
# files
# ---------------------------------------------------------------------------------------
def read_file(filename: Any, name: Any = None) -> Any:
    """The file's bytes as a scalar string tensor."""
    path = _text(filename).decode()
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise errors.NotFoundError(
            None, None, f"{path}; No such file or directory [Op:ReadFile]"
        ) from None
    return from_host(numpy.array(data, dtype=object))


def write_file(filename: Any, contents: Any, name: Any = None) -> None:
    """Write a scalar string tensor's bytes to the file (its directory is created)."""
    path = _text(filename).decode()
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(_text(contents))


def matching_files(pattern: Any, name: Any = None) -> Any:
    """The sorted file names matching each pattern, as a string vector."""
    patterns = host_array(
        strings_of(pattern) if not isinstance(pattern, FrontendArray) else pattern
    )
    names = sorted({path for p in patterns.reshape(-1) for path in gfile.glob(bytes(p).decode())})
    out = numpy.empty(len(names), dtype=object)
    out[:] = [n.encode() for n in names]
    return from_host(out)


# ---------------------------------------------------------------------------------------
# serialized tensors
# ---------------------------------------------------------------------------------------
_VALUE_FIELDS = {
    "float32": "float_val", "float64": "double_val", "int32": "int_val", "int16": "int_val",
    "int8": "int_val", "uint8": "int_val", "uint16": "int_val", "int64": "int64_val",
    "bool": "bool_val", "string": "string_val", "uint32": "uint32_val", "uint64": "uint64_val",
    "complex64": "scomplex_val", "complex128": "dcomplex_val", "float16": "half_val",
    "bfloat16": "half_val",
}  # fmt: skip


def _numpy_dtype(name: str) -> numpy.dtype:
    return numpy.dtype(_dtypes.as_dtype(name).as_numpy_dtype)


def serialize_tensor(tensor: Any, name: Any = None) -> Any:
    """The tensor as a serialized TensorProto (a scalar string tensor): numbers as raw
    little-endian bytes, strings one by one."""
    array = host_array(tensor)
    dtype = _dtypes.as_dtype(array.dtype)
    proto: dict[str, Any] = {
        "dtype": dtype.as_datatype_enum,
        "tensor_shape": {"dim": [{"size": int(d)} for d in array.shape]},
    }
    if dtype == _dtypes.string:
        proto["string_val"] = [bytes(item) for item in array.reshape(-1)]
    else:
        proto["tensor_content"] = (
            numpy.ascontiguousarray(array).astype(array.dtype.newbyteorder("<")).tobytes()
        )
    return from_host(numpy.array(TensorProto.encode(proto), dtype=object))


def parse_tensor(serialized: Any, out_type: Any, name: Any = None) -> Any:
    """The tensor a serialized TensorProto holds; its dtype must be ``out_type``."""
    try:
        proto = TensorProto.decode(_text(serialized))
    except (ValueError, IndexError, UnicodeDecodeError):
        raise _invalid("Could not parse `serialized` as TensorProto", "ParseTensor") from None
    names = {number: n for n, number in _dtypes._ENUM.items()}
    dtype_name = names.get(proto.get("dtype", 0))
    want = _dtypes.as_dtype(out_type)
    if dtype_name != want.name:
        raise _invalid(
            f"Type mismatch between parsed tensor ({_dtypes.kernel_name(dtype_name or 'string')}) "
            f"and dtype ({_dtypes.kernel_name(want.name)})",
            "ParseTensor",
        )
    shape = [d.get("size", 0) for d in proto.get("tensor_shape", {}).get("dim", [])]
    count = int(numpy.prod(shape, dtype=numpy.int64))
    numpy_dtype = _numpy_dtype(dtype_name)
    if "tensor_content" in proto:
        values = numpy.frombuffer(proto["tensor_content"], dtype=numpy_dtype.newbyteorder("<"))
        values = values.astype(numpy_dtype)
    else:
        field = proto.get(_VALUE_FIELDS[dtype_name], [])
        if dtype_name == "string":
            values = numpy.empty(len(field), dtype=object)
            values[:] = field
        elif dtype_name in ("float16", "bfloat16"):
            values = numpy.asarray(field, dtype=numpy.uint16).view(numpy_dtype)
        elif dtype_name.startswith("complex"):
            pairs = numpy.asarray(field, dtype=numpy.float64).reshape(-1, 2)
            values = (pairs[:, 0] + 1j * pairs[:, 1]).astype(numpy_dtype)
        else:
            values = numpy.asarray(field).astype(numpy_dtype)
        if values.size not in (0, count):  # the last value repeats, as TF fills it
            values = numpy.concatenate([values, numpy.repeat(values[-1:], count - values.size)])
        elif values.size == 0 and count:
            values = (
                numpy.zeros(count, dtype=numpy_dtype)
                if dtype_name != "string"
                else numpy.full(count, b"", dtype=object)
            )
    return from_host(values.reshape(shape))


def decode_raw(input_bytes: Any, out_type: Any, little_endian: bool = True,
               fixed_length: Any = None, name: Any = None) -> Any:  # fmt: skip
    """Each string's bytes read as ``out_type`` numbers (a new last dimension)."""
    strings = host_array(input_bytes)
    dtype = _numpy_dtype(_dtypes.as_dtype(out_type).name)
    dtype = dtype.newbyteorder("<" if little_endian else ">") if dtype.itemsize > 1 else dtype
    items = [bytes(s) for s in strings.reshape(-1)]
    if fixed_length is not None:  # each string cut or zero-padded to that many bytes
        length = int(fixed_length)
        items = [item[:length].ljust(length, b"\0") for item in items]
    rows = [numpy.frombuffer(item, dtype=dtype) for item in items]
    sizes = {row.size for row in rows}
    if len(sizes) > 1:
        raise _invalid("DecodeRaw requires input strings to all be the same size", "DecodeRaw")
    width = sizes.pop() if sizes else 0
    out = (
        numpy.stack(rows).astype(dtype.newbyteorder("="))
        if rows
        else numpy.zeros((0, width), dtype)
    )
    return from_host(out.reshape(*strings.shape, width))


def encode_base64(input: Any, pad: bool = False, name: Any = None) -> Any:
    """Web-safe base64 (``-`` and ``_``), unpadded unless ``pad``."""

    def encode(item: bytes) -> bytes:
        text = base64.urlsafe_b64encode(item)
        return text if pad else text.rstrip(b"=")

    strings = host_array(input)
    out = numpy.empty(strings.shape, dtype=object)
    out.reshape(-1)[:] = [encode(bytes(s)) for s in strings.reshape(-1)]
    return from_host(out)


def decode_base64(input: Any, name: Any = None) -> Any:
    """Web-safe base64, padded or not."""

    def decode(item: bytes) -> bytes:
        try:
            return base64.urlsafe_b64decode(item + b"=" * (-len(item) % 4))
        except ValueError:
            raise _invalid("Invalid character found in base64.", "DecodeBase64") from None

    strings = host_array(input)
    out = numpy.empty(strings.shape, dtype=object)
    out.reshape(-1)[:] = [decode(bytes(s)) for s in strings.reshape(-1)]
    return from_host(out)


# ---------------------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------------------
_CSV_TYPES = ("float32", "float64", "int32", "int64", "string")


def _csv_fields(record: bytes, delim: bytes, quoted: bool) -> list[bytes]:
    if not quoted:
        return record.split(delim)
    fields, current, i, in_quotes, was_quoted = [], bytearray(), 0, False, False
    while i < len(record):
        ch = record[i : i + 1]
        if in_quotes:
            if ch == b'"':
                if record[i + 1 : i + 2] == b'"':
                    current += b'"'
                    i += 1
                else:
                    in_quotes = False
            else:
                current += ch
        elif ch == b'"' and not current and not was_quoted:
            in_quotes = was_quoted = True
        elif ch == delim:
            fields.append(bytes(current))
            current, was_quoted = bytearray(), False
        else:
            current += ch
        i += 1
    if in_quotes:
        raise ValueError("Quoted field has to end with quote followed by delim or end")
    fields.append(bytes(current))
    return fields


def decode_csv(records: Any, record_defaults: Any, field_delim: str = ",",
               use_quote_delim: bool = True, name: Any = None, na_value: str = "",
               select_cols: Any = None) -> list[Any]:  # fmt: skip
    """Each record split into fields, one tensor per column, typed by its default (an
    empty default makes the column required)."""
    op = "DecodeCSV"
    lines = host_array(strings_of(records) if not isinstance(records, FrontendArray) else records)
    defaults = [host_array(d) for d in record_defaults]
    kinds = []
    for default in defaults:
        kind = _dtypes.as_dtype(default.dtype).name if default.size else "float32"
        if default.size == 0 and default.dtype == object:
            kind = "string"
        if kind not in _CSV_TYPES:
            raise _invalid(f"Value for attr 'OUT_TYPE' of {_dtypes.kernel_name(kind)} is not in the "
                           "list of allowed values: float, double, int32, int64, string", op)  # fmt: skip
        kinds.append(kind)
    columns = list(select_cols) if select_cols is not None else None
    delim, na = _text(field_delim), _text(na_value)
    outputs = [numpy.empty(lines.shape, dtype=_numpy_dtype(k)) for k in kinds]
    flat_out = [o.reshape(-1) for o in outputs]
    for row, record in enumerate(lines.reshape(-1)):
        try:
            fields = _csv_fields(bytes(record), delim, use_quote_delim)
        except ValueError as error:
            raise _invalid(f"{error}: {bytes(record).decode(errors='replace')}", op) from None
        if columns is not None:
            fields = [fields[c] for c in columns if c < len(fields)]
        if len(fields) != len(kinds):
            raise _invalid(f"Expect {len(kinds)} fields but have {len(fields)} in record {row}", op)
        for column, (text, kind, default) in enumerate(zip(fields, kinds, defaults)):
            if text == b"" or (na and text == na):
                if default.size == 0:
                    raise _invalid(f"Field {column} is required but missing in record {row}!", op)
                flat_out[column][row] = default.reshape(-1)[0]
                continue
            flat_out[column][row] = _csv_value(text, kind, column, row, op)
    return [from_host(o) for o in outputs]


def _csv_value(text: bytes, kind: str, column: int, row: int, op: str) -> Any:
    if kind == "string":
        return text
    try:
        if kind.startswith("int"):
            value = int(text)
            info = numpy.iinfo(kind)
            if not info.min <= value <= info.max:
                raise ValueError
            return value
        return float(text)
    except ValueError:
        noun = {"int32": "int32", "int64": "int64", "float32": "float", "float64": "double"}[kind]
        raise _invalid(f"Field {column} in record {row} is not a valid {noun}: "
                       f"{text.decode(errors='replace')}", op) from None  # fmt: skip


# ---------------------------------------------------------------------------------------
# TFRecord
# ---------------------------------------------------------------------------------------
class TFRecordOptions:
    """tf.io.TFRecordOptions(compression_type=None|"GZIP"|"ZLIB", ...)."""

    def __init__(self, compression_type: Any = None, flush_mode: Any = None,
                 input_buffer_size: Any = None, output_buffer_size: Any = None,
                 window_bits: Any = None, compression_level: Any = None,
                 compression_method: Any = None, mem_level: Any = None,
                 compression_strategy: Any = None) -> None:  # fmt: skip
        compression = (compression_type or "").upper()
        if compression not in ("", "GZIP", "ZLIB"):
            raise ValueError(f"Unsupported compression type: {compression_type}")
        self.compression_type = compression


def frame_record(data: bytes) -> bytes:
    """One TFRecord: the length, its masked CRC, the data and its masked CRC."""
    length = struct.pack("<Q", len(data))
    return (
        length
        + struct.pack("<I", mask(crc32c(length)))
        + data
        + struct.pack("<I", mask(crc32c(data)))
    )


class TFRecordWriter:
    """tf.io.TFRecordWriter(path, options=None): ``write(record)`` each string, then
    ``close()`` (or use it as a context manager); GZIP/ZLIB compress the whole file."""

    def __init__(self, path: Any, options: Any = None) -> None:
        if isinstance(options, str) or options is None:
            options = TFRecordOptions(options)
        self._path = _text(path).decode()
        self._compression = options.compression_type
        self._records: list[bytes] = []
        self._closed = False
        open(self._path, "wb").close()

    def write(self, record: Any) -> None:
        self._records.append(frame_record(_text(record)))
        if not self._compression:
            self.flush()

    def flush(self) -> None:
        if self._compression:
            return
        with open(self._path, "ab") as handle:
            handle.write(b"".join(self._records))
        self._records.clear()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._compression:
            data = b"".join(self._records)
            packed = gzip.compress(data) if self._compression == "GZIP" else zlib.compress(data)
            with open(self._path, "wb") as handle:
                handle.write(packed)

    def __enter__(self) -> TFRecordWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def read_records(data: bytes, filename: str) -> list[bytes]:
    """The records of a TFRecord file's (decompressed) bytes, checked against their CRCs."""
    records, position = [], 0
    while position < len(data):
        header = data[position : position + 12]
        if len(header) < 12:
            raise errors.DataLossError(None, None, f"truncated record at {position} in {filename}")
        length = struct.unpack("<Q", header[:8])[0]
        if struct.unpack("<I", header[8:])[0] != mask(crc32c(header[:8])):
            raise errors.DataLossError(None, None, f"corrupted record at {position} in {filename}")
        body = data[position + 12 : position + 12 + length]
        stored = data[position + 12 + length : position + 16 + length]
        if len(body) < length or len(stored) < 4:
            raise errors.DataLossError(None, None, f"truncated record at {position} in {filename}")
        if struct.unpack("<I", stored)[0] != mask(crc32c(body)):
            raise errors.DataLossError(None, None, f"corrupted record at {position} in {filename}")
        records.append(body)
        position += 16 + length
    return records
