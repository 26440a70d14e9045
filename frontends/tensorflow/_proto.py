"""The protocol-buffer messages TF's file formats hold, encoded and decoded by hand.

Checkpoints (``BundleHeaderProto``, ``BundleEntryProto``, ``TrackableObjectGraph``),
``tf.io.serialize_tensor`` (``TensorProto``) and ``tf.train.Example`` are protobuf
messages. A message here is a :class:`Message`: its fields by number with a name, a kind
and whether it repeats; :meth:`Message.encode` writes a dict of field values in protobuf's
wire format (fields in number order, packed repeated scalars, scalars at their default
left out, as protobuf writes proto3),
:meth:`Message.decode` reads one back (packed or not), leaving absent fields out. Unknown
fields are skipped, as protobuf does.
"""

from __future__ import annotations

import struct
from typing import Any

_VARINT, _FIXED64, _LENGTH, _FIXED32 = 0, 1, 2, 5
_SCALARS = {
    "int32": _VARINT, "int64": _VARINT, "uint32": _VARINT, "uint64": _VARINT,
    "bool": _VARINT, "enum": _VARINT, "sint64": _VARINT,
    "fixed32": _FIXED32, "float": _FIXED32, "fixed64": _FIXED64, "double": _FIXED64,
}  # fmt: skip


def encode_varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative ints as two's complement, as protobuf writes int64
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def decode_varint(data: bytes | memoryview, position: int) -> tuple[int, int]:
    """(value, position after it)."""
    result = shift = 0
    while True:
        byte = data[position]
        position += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, position
        shift += 7
        if shift > 63:
            raise ValueError("malformed varint")


def _signed(value: int, bits: int) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


class Message:
    """A message type: ``Message("Name", {1: ("field", "int64", repeated), ...})``; a
    kind is a scalar kind, ``"string"``, ``"bytes"`` or another Message."""

    def __init__(self, name: str, fields: dict[int, tuple[str, Any, bool]] | None = None) -> None:
        self.name = name
        self.fields: dict[int, tuple[str, Any, bool]] = fields or {}
        self.numbers = {field[0]: number for number, field in self.fields.items()}

    def __repr__(self) -> str:
        return f"Message({self.name!r})"

    # ------------------------------------------------------------------ writing
    def encode(self, values: dict[str, Any]) -> bytes:
        out = bytearray()
        for number in sorted(self.fields):
            name, kind, repeated = self.fields[number]
            value = values.get(name)
            if value is None or (not repeated and isinstance(kind, str) and not value):
                continue  # proto3 writes no field at its default
            if repeated:
                if not value:
                    continue
                if isinstance(kind, str) and kind in _SCALARS:  # packed
                    body = b"".join(self._scalar(kind, v) for v in value)
                    out += encode_varint(number << 3 | _LENGTH) + encode_varint(len(body)) + body
                else:
                    for item in value:
                        out += self._field(number, kind, item)
            else:
                out += self._field(number, kind, value)
        return bytes(out)

    def _field(self, number: int, kind: Any, value: Any) -> bytes:
        if isinstance(kind, Message):
            body = kind.encode(value)
            return encode_varint(number << 3 | _LENGTH) + encode_varint(len(body)) + body
        if kind in ("string", "bytes"):
            body = value.encode("utf-8") if isinstance(value, str) else bytes(value)
            return encode_varint(number << 3 | _LENGTH) + encode_varint(len(body)) + body
        return encode_varint(number << 3 | _SCALARS[kind]) + self._scalar(kind, value)

    @staticmethod
    def _scalar(kind: str, value: Any) -> bytes:
        if kind == "float":
            return struct.pack("<f", value)
        if kind == "double":
            return struct.pack("<d", value)
        if kind == "fixed32":
            return struct.pack("<I", value)
        if kind == "fixed64":
            return struct.pack("<Q", value)
        if kind == "sint64":
            return encode_varint((value << 1) ^ (value >> 63))
        return encode_varint(int(value))

    # ------------------------------------------------------------------ reading
    def decode(self, data: bytes | memoryview) -> dict[str, Any]:
        data = memoryview(data)
        values: dict[str, Any] = {}
        position = 0
        while position < len(data):
            key, position = decode_varint(data, position)
            number, wire = key >> 3, key & 7
            field = self.fields.get(number)
            if wire == _VARINT:
                raw, position = decode_varint(data, position)
                payload: Any = raw
            elif wire == _FIXED64:
                payload, position = bytes(data[position : position + 8]), position + 8
            elif wire == _FIXED32:
                payload, position = bytes(data[position : position + 4]), position + 4
            elif wire == _LENGTH:
                size, position = decode_varint(data, position)
                payload, position = data[position : position + size], position + size
            else:
                raise ValueError(f"{self.name}: unsupported wire type {wire}")
            if field is None:
                continue
            name, kind, repeated = field
            if repeated and wire == _LENGTH and isinstance(kind, str) and kind in _SCALARS:
                items = self._unpack(kind, payload)
                values.setdefault(name, []).extend(items)
                continue
            value = self._value(kind, wire, payload)
            if repeated:
                values.setdefault(name, []).append(value)
            else:
                values[name] = value
        return values

    def _value(self, kind: Any, wire: int, payload: Any) -> Any:
        if isinstance(kind, Message):
            return kind.decode(payload)
        if kind == "string":
            return bytes(payload).decode("utf-8")
        if kind == "bytes":
            return bytes(payload)
        if wire == _VARINT:
            if kind in ("int32", "enum"):
                return _signed(payload, 32)
            if kind == "int64":
                return _signed(payload, 64)
            if kind == "sint64":
                return (payload >> 1) ^ -(payload & 1)
            if kind == "bool":
                return bool(payload)
            return payload
        return struct.unpack({"float": "<f", "double": "<d", "fixed32": "<I",
                              "fixed64": "<Q"}[kind], payload)[0]  # fmt: skip

    def _unpack(self, kind: str, payload: memoryview) -> list[Any]:
        wire = _SCALARS[kind]
        if wire == _FIXED32:
            code = {"float": "f", "fixed32": "I"}[kind]
            return list(struct.unpack(f"<{len(payload) // 4}{code}", payload))
        if wire == _FIXED64:
            code = {"double": "d", "fixed64": "Q"}[kind]
            return list(struct.unpack(f"<{len(payload) // 8}{code}", payload))
        items, position = [], 0
        while position < len(payload):
            raw, position = decode_varint(payload, position)
            items.append(self._value(kind, _VARINT, raw))
        return items


# ---------------------------------------------------------------------------------------
# TF's messages (tensorflow/core/framework, core/protobuf, core/example)
# ---------------------------------------------------------------------------------------
_Dim = Message("Dim", {1: ("size", "int64", False), 2: ("name", "string", False)})
TensorShapeProto = Message("TensorShapeProto", {
    2: ("dim", _Dim, True), 3: ("unknown_rank", "bool", False),
})  # fmt: skip

VersionDef = Message("VersionDef", {
    1: ("producer", "int32", False), 2: ("min_consumer", "int32", False),
    3: ("bad_consumers", "int32", True),
})  # fmt: skip

TensorSliceProto = Message("TensorSliceProto", {
    1: ("extent", Message("Extent", {1: ("start", "int64", False), 2: ("length", "int64", False)}), True),
})  # fmt: skip

BundleHeaderProto = Message("BundleHeaderProto", {
    1: ("num_shards", "int32", False), 2: ("endianness", "enum", False),
    3: ("version", VersionDef, False),
})  # fmt: skip

BundleEntryProto = Message("BundleEntryProto", {
    1: ("dtype", "enum", False), 2: ("shape", TensorShapeProto, False),
    3: ("shard_id", "int32", False), 4: ("offset", "int64", False), 5: ("size", "int64", False),
    6: ("crc32c", "fixed32", False), 7: ("slices", TensorSliceProto, True),
})  # fmt: skip

_Reference = Message(
    "ObjectReference", {1: ("node_id", "int32", False), 2: ("local_name", "string", False)}
)
_Tensor = Message("SerializedTensor", {
    1: ("name", "string", False), 2: ("full_name", "string", False),
    3: ("checkpoint_key", "string", False),
})  # fmt: skip
_Slot = Message("SlotVariableReference", {
    1: ("original_variable_node_id", "int32", False), 2: ("slot_name", "string", False),
    3: ("slot_variable_node_id", "int32", False),
})  # fmt: skip
_BoolValue = Message("BoolValue", {1: ("value", "bool", False)})
TrackableObject = Message("TrackableObject", {
    1: ("children", _Reference, True), 2: ("attributes", _Tensor, True),
    3: ("slot_variables", _Slot, True), 5: ("has_checkpoint_values", _BoolValue, False),
})  # fmt: skip
TrackableObjectGraph = Message("TrackableObjectGraph", {1: ("nodes", TrackableObject, True)})

TensorProto = Message("TensorProto", {
    1: ("dtype", "enum", False), 2: ("tensor_shape", TensorShapeProto, False),
    3: ("version_number", "int32", False), 4: ("tensor_content", "bytes", False),
    5: ("float_val", "float", True), 6: ("double_val", "double", True),
    7: ("int_val", "int32", True), 8: ("string_val", "bytes", True),
    9: ("scomplex_val", "float", True), 10: ("int64_val", "int64", True),
    11: ("bool_val", "bool", True), 12: ("dcomplex_val", "double", True),
    13: ("half_val", "int32", True), 16: ("uint32_val", "uint32", True),
    17: ("uint64_val", "uint64", True),
})  # fmt: skip

_BytesList = Message("BytesList", {1: ("value", "bytes", True)})
_FloatList = Message("FloatList", {1: ("value", "float", True)})
_Int64List = Message("Int64List", {1: ("value", "int64", True)})
Feature = Message("Feature", {
    1: ("bytes_list", _BytesList, False), 2: ("float_list", _FloatList, False),
    3: ("int64_list", _Int64List, False),
})  # fmt: skip
_FeatureEntry = Message("FeatureEntry", {1: ("key", "string", False), 2: ("value", Feature, False)})
Features = Message("Features", {1: ("feature", _FeatureEntry, True)})
Example = Message("Example", {1: ("features", Features, False)})
