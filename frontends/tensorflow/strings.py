"""tf.strings: string ops, computed on the host as TF computes them on the CPU.

Inputs are string tensors, Python ``str``/``bytes`` (encoded as UTF-8) or nested lists of
them; a RaggedTensor input gives a RaggedTensor with the same rows. Results that are
strings stay on the host, numbers (lengths, codepoints, parsed numbers, hashes) go to the
backend in use. Regular expressions are RE2's in TF and Python's ``re`` here (the same
on RE2's syntax; RE2 refuses backreferences and lookaround, which ``re`` accepts).
Not provided: ``unicode_script`` (ICU's script table), ``to_hash_bucket`` and
``to_hash_bucket_strong`` (TF's own hash functions).
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable
from typing import Any

import numpy

from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._conversion import native_dtype, to_native
from frontends.tensorflow._dtypes import STRING
from frontends.tensorflow._host import from_host, host_array, strings_of
from frontends.tensorflow._printing import summarize_value
from frontends.tensorflow.errors import InvalidArgumentError
from frontends.tensorflow.ragged import RaggedTensor

__all__ = [
    "as_string", "bytes_split", "format", "join", "length", "lower", "ngrams", "reduce_join",
    "regex_full_match", "regex_replace", "split", "strip", "substr", "to_hash_bucket_fast",
    "to_number", "unicode_decode", "unicode_decode_with_offsets", "unicode_encode",
    "unicode_split", "unicode_split_with_offsets", "unicode_transcode",
    "unsorted_segment_join", "upper",
]  # fmt: skip


def _invalid(message: str, op: str) -> errors.InvalidArgumentError:
    return errors.InvalidArgumentError(
        None,
        None,
        f"{{{{function_node __wrapped__{op}_device_/job:localhost/replica:0/task:0/device:CPU:0}}}} "
        f"{message} [Op:{op}]",
    )


def _text(value: Any, op: str) -> numpy.ndarray:
    """A string input as a host string array; a numeric tensor is TF's error."""
    if isinstance(value, FrontendArray):
        native = value.native
        dtype = native_dtype(native)
        if dtype is not STRING:
            raise errors.invalid_argument(
                f"cannot compute {op} as input #0(zero-based) was expected to be a string "
                f"tensor but is a {_dtypes.kernel_name(dtype)} tensor",
                op,
            )
        return native
    return strings_of(to_native(value, STRING))


def _map(fn: Callable[[Any], Any], array: numpy.ndarray, dtype: Any = object) -> numpy.ndarray:
    out = numpy.empty(array.shape, dtype=dtype)
    flat = out.reshape(-1)
    for index, item in enumerate(array.reshape(-1)):
        flat[index] = fn(item)
    return out


def _elementwise(op: str, dtype: Any = object) -> Callable[..., Any]:
    """A string op applied element by element (``fn(bytes) -> value``); a RaggedTensor
    input keeps its rows."""

    def decorate(make: Callable[..., Callable[[bytes], Any]]) -> Callable[..., Any]:
        def function(input: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(input, RaggedTensor):
                return input.with_flat_values(function(input.flat_values, *args, **kwargs))
            fn = make(*args, **kwargs)
            return from_host(_map(fn, _text(input, op), dtype))

        function.__name__ = function.__qualname__ = make.__name__
        function.__doc__ = make.__doc__
        return function

    return decorate


# ---------------------------------------------------------------------------------------
# elementwise
# ---------------------------------------------------------------------------------------
@_elementwise("StringLength", numpy.int32)
def length(unit: str = "BYTE", name: Any = None) -> Callable[[bytes], int]:
    """tf.strings.length: bytes, or code points with ``unit="UTF8_CHAR"``."""
    if unit == "UTF8_CHAR":
        return lambda text: builtins.sum(1 for byte in text if byte & 0xC0 != 0x80)
    if unit != "BYTE":
        raise ValueError(f"unit must be one of ['BYTE', 'UTF8_CHAR'], got {unit!r}")
    return len


def _case(upper: bool) -> Callable[..., Any]:
    def make(encoding: str = "", name: Any = None) -> Callable[[bytes], bytes]:
        if encoding == "":  # ASCII letters only, as TF without an encoding
            return bytes.upper if upper else bytes.lower
        if encoding.lower().replace("-", "") != "utf8":
            raise errors.InvalidArgumentError(None, None, f"Unsupported encoding: {encoding}")
        change = str.upper if upper else str.lower
        return lambda text: change(text.decode("utf-8")).encode("utf-8")

    return make


upper = _elementwise("StringUpper")(_case(True))
upper.__name__ = upper.__qualname__ = "upper"
lower = _elementwise("StringLower")(_case(False))
lower.__name__ = lower.__qualname__ = "lower"


@_elementwise("StringStrip")
def strip(name: Any = None) -> Callable[[bytes], bytes]:
    """tf.strings.strip: leading and trailing ASCII whitespace removed."""
    return bytes.strip


def _compile(pattern: Any, op: str) -> re.Pattern:
    text = bytes(_text(pattern, op)[()])
    try:
        return re.compile(text)
    except re.error as error:
        raise _invalid(
            f"Invalid pattern: {text.decode(errors='replace')}, error: {error}", op
        ) from None


def regex_full_match(input: Any, pattern: Any, name: Any = None) -> Any:
    """tf.strings.regex_full_match: whether each string matches ``pattern`` whole."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(regex_full_match(input.flat_values, pattern))
    compiled = _compile(pattern, "StaticRegexFullMatch")
    return from_host(_map(lambda t: compiled.fullmatch(t) is not None,
                          _text(input, "StaticRegexFullMatch"), bool))  # fmt: skip


def _rewrite(rewrite: bytes) -> Callable[[re.Match], bytes]:
    """RE2's rewrite string (``\\0``-``\\9`` groups, ``\\\\`` a backslash) as a function."""
    pieces: list[Any] = []
    i = 0
    while i < len(rewrite):
        byte = rewrite[i : i + 1]
        if byte == b"\\" and i + 1 < len(rewrite):
            nxt = rewrite[i + 1 : i + 2]
            pieces.append(int(nxt) if nxt.isdigit() else nxt)
            i += 2
            continue
        pieces.append(byte)
        i += 1

    def expand(match: re.Match) -> bytes:
        return b"".join(match.group(p) or b"" if isinstance(p, int) else p for p in pieces)

    return expand


def regex_replace(input: Any, pattern: Any, rewrite: Any, replace_global: bool = True,
                  name: Any = None) -> Any:  # fmt: skip
    """tf.strings.regex_replace: matches of ``pattern`` replaced by ``rewrite``."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(
            regex_replace(input.flat_values, pattern, rewrite, replace_global)
        )
    op = "StaticRegexReplace"
    compiled = _compile(pattern, op)
    expand = _rewrite(bytes(_text(rewrite, op)[()]))
    count = 0 if replace_global else 1
    return from_host(_map(lambda t: compiled.sub(expand, t, count=count), _text(input, op)))


# ---------------------------------------------------------------------------------------
# numbers
# ---------------------------------------------------------------------------------------
_INTEGER = re.compile(rb"\s*[+-]?\d+\s*")
_TO_NUMBER = {"float32": numpy.float32, "float64": numpy.float64, "int32": numpy.int32,
              "int64": numpy.int64, "uint32": numpy.uint32, "uint64": numpy.uint64}  # fmt: skip


def to_number(string_tensor: Any, out_type: Any = _dtypes.float32, name: Any = None) -> Any:
    """tf.strings.to_number: decimal integers, or floats (hex, ``inf`` and ``nan`` too);
    surrounding whitespace is allowed, anything else is TF's InvalidArgumentError."""
    if isinstance(string_tensor, RaggedTensor):
        return string_tensor.with_flat_values(to_number(string_tensor.flat_values, out_type))
    target = _dtypes.as_dtype(out_type)
    if target.name not in _TO_NUMBER:
        raise errors.InvalidArgumentError(
            None,
            None,
            f"Value for attr 'out_type' of {_dtypes.kernel_name(target.name)} is not in the "
            "list of allowed values: float, double, int32, int64, uint32, uint64",
        )
    kind = _TO_NUMBER[target.name]
    op = "StringToNumber"

    def parse(text: bytes) -> Any:
        try:
            if target.is_integer:
                if not _INTEGER.fullmatch(text):
                    raise ValueError
                value = int(text)
                info = numpy.iinfo(kind)
                if not info.min <= value <= info.max:
                    raise ValueError
                return value
            stripped = text.strip()
            if b"_" in stripped:
                raise ValueError
            if stripped.lower().lstrip(b"+-").startswith(b"0x"):
                return float.fromhex(stripped.decode())
            return kind(float(stripped))
        except ValueError:
            raise _invalid(
                f"StringToNumberOp could not correctly convert string: "
                f"{text.decode(errors='replace')}",
                op,
            ) from None

    return from_host(_map(parse, _text(string_tensor, op), kind))


def as_string(input: Any, precision: int = -1, scientific: bool = False, shortest: bool = False,
              width: int = -1, fill: str = "", name: Any = None) -> Any:  # fmt: skip
    """tf.strings.as_string: numbers printed with C's printf (``%f``, ``%e`` with
    ``scientific``, ``%g`` with ``shortest``; ``precision``, ``width`` and one ``fill``
    character), booleans as true/false."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(
            as_string(input.flat_values, precision, scientific, shortest, width, fill)
        )
    op = "AsString"
    values = host_array(input)
    dtype = _dtypes.as_dtype(values.dtype)
    if scientific and shortest:
        raise _invalid("Cannot select both scientific and shortest notation", op)
    if len(fill) > 1:
        raise _invalid(f"Fill string must be one or fewer characters: {fill}", op)
    if fill and fill not in " +-0#":
        raise _invalid(f'Fill argument not supported: "{fill}"', op)
    spec = "%" + fill + (str(width) if width > -1 else "")
    if dtype.is_integer:
        if precision > -1:
            raise _invalid(
                f"precision not supported for datatype {_dtypes.kernel_name(dtype.name)}", op
            )
        if scientific or shortest:
            raise _invalid(f"scientific and shortest format not supported for datatype "
                           f"{_dtypes.kernel_name(dtype.name)}", op)  # fmt: skip
        return from_host(_map(lambda v: (spec + "d") % int(v), values).astype(object))
    if dtype.is_bool or dtype == _dtypes.string:
        if precision > -1 or scientific or shortest:
            raise _invalid(f"precision, scientific and shortest not supported for datatype "
                           f"{_dtypes.kernel_name(dtype.name)}", op)  # fmt: skip
        if dtype.is_bool:
            return from_host(_map(lambda v: (spec + "s") % ("true" if v else "false"), values))
        return from_host(_map(lambda v: ((spec + "s") % v.decode()).encode(), values))
    spec += f".{precision}" if precision > -1 else ""
    spec += "g" if shortest else "e" if scientific else "f"
    if dtype.is_complex:
        return from_host(_map(lambda v: f"({spec % v.real},{spec % v.imag})", values))
    return from_host(_map(lambda v: spec % float(v), values))


def to_hash_bucket_fast(input: Any, num_buckets: int, name: Any = None) -> Any:
    """tf.strings.to_hash_bucket_fast: Fingerprint64 (farmhash) of each string modulo
    ``num_buckets``."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(to_hash_bucket_fast(input.flat_values, num_buckets))
    if num_buckets < 1:
        raise _invalid("Number of buckets must be at least 1", "StringToHashBucketFast")
    values = _text(input, "StringToHashBucketFast")
    return from_host(_map(lambda t: fingerprint64(t) % num_buckets, values, numpy.int64))


# ---------------------------------------------------------------------------------------
# joining and splitting
# ---------------------------------------------------------------------------------------
def join(inputs: Any, separator: str = "", name: Any = None) -> Any:
    """tf.strings.join: element-wise concatenation; scalars broadcast, other shapes must
    be equal."""
    op = "StringJoin"
    arrays = [_text(value, op) for value in inputs]
    if not arrays:
        return from_host(numpy.asarray(b"", dtype=object))
    shapes = {a.shape for a in arrays if a.ndim}
    if len(shapes) > 1:
        first, second = list(shapes)[:2]
        raise _invalid(f"Input shapes do not match: {list(first)} vs. {list(second)}", op)
    shape = shapes.pop() if shapes else ()
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)
    grid = [numpy.broadcast_to(a, shape) for a in arrays]
    out = numpy.empty(shape, dtype=object)
    flat = out.reshape(-1)
    for index, items in enumerate(zip(*(g.reshape(-1) for g in grid))):
        flat[index] = sep.join(items)
    return from_host(out)


def reduce_join(inputs: Any, axis: Any = None, keepdims: bool = False, separator: str = "",
                name: Any = None) -> Any:  # fmt: skip
    """tf.strings.reduce_join: strings joined along ``axis`` (every axis when None)."""
    op = "ReduceJoin"
    array = _text(inputs, op)
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)
    ndim = array.ndim
    if axis is None:
        axes = list(range(ndim))
    else:
        axes = [int(a) for a in numpy.atleast_1d(host_array(axis)).reshape(-1)]
        for a in axes:
            if not -ndim <= a < ndim:
                raise _invalid(f"Invalid reduction dimension {a} for input with {ndim} "
                               "dimension(s)", op)  # fmt: skip
        axes = [a % ndim for a in axes]
    kept = [d for d in range(ndim) if d not in axes]
    moved = numpy.transpose(array, kept + sorted(axes))
    rows = moved.reshape(*(array.shape[d] for d in kept), -1)
    out = numpy.empty(rows.shape[:-1], dtype=object)
    flat = out.reshape(-1)
    for index, row in enumerate(rows.reshape(-1, rows.shape[-1])):
        flat[index] = sep.join(row)
    if keepdims:
        out = out.reshape([1 if d in axes else array.shape[d] for d in range(ndim)])
    return from_host(out)


def _rows_to_ragged(rows: list[list[Any]], shape: tuple[int, ...], dtype: Any) -> Any:
    """Per-element results as a dense tensor (a scalar input) or a RaggedTensor (outer
    dimensions of the input as uniform rows)."""
    if not shape:
        return from_host(numpy.asarray(rows[0], dtype=dtype).reshape(-1))
    lengths = [len(r) for r in rows]
    flat = numpy.asarray([item for r in rows for item in r], dtype=dtype).reshape(-1)
    result: Any = RaggedTensor.from_row_lengths(from_host(flat), lengths)
    for size in reversed(shape[1:]):
        result = RaggedTensor.from_uniform_row_length(result, size)
        result._uniform = None
    return result


def _per_string(input: Any, op: str, fn: Callable[[bytes], list], dtype: Any = object) -> Any:
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(_per_string(input.flat_values, op, fn, dtype))
    array = _text(input, op)
    return _rows_to_ragged([fn(t) for t in array.reshape(-1)], array.shape, dtype)


def split(input: Any, sep: Any = None, maxsplit: int = -1, name: Any = None) -> Any:
    """tf.strings.split: words separated by ``sep`` (runs of whitespace when None, as
    Python's str.split); a scalar gives a vector, a batch a RaggedTensor."""
    separator = None if sep is None else bytes(_text(sep, "StringSplitV2")[()])
    if separator == b"":
        separator = None
    count = -1 if maxsplit is None else maxsplit
    return _per_string(input, "StringSplitV2", lambda t: t.split(separator, count))


def bytes_split(input: Any, name: Any = None) -> Any:
    """tf.strings.bytes_split: each string's bytes as one-byte strings."""
    return _per_string(input, "UnicodeDecode", lambda t: [bytes([b]) for b in t])


def substr(input: Any, pos: Any, len: Any, unit: str = "BYTE", name: Any = None) -> Any:
    """tf.strings.substr: ``len`` units from ``pos`` (negative: from the end); a ``pos``
    beyond the string is TF's InvalidArgumentError."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(substr(input.flat_values, pos, len, unit))
    op = "Substr"
    array = _text(input, op)
    starts = host_array(pos)
    sizes = host_array(len)
    grid = numpy.broadcast_arrays(array, starts, sizes)
    out = numpy.empty(grid[0].shape, dtype=object)
    flat = out.reshape(-1)
    for index, (text, start, size) in enumerate(zip(*(g.reshape(-1) for g in grid))):
        units = text.decode("utf-8") if unit == "UTF8_CHAR" else text
        n = builtins.len(units)
        begin = int(start) + n if start < 0 else int(start)
        if not 0 <= begin <= n:
            raise _invalid(f"pos {int(start)} out of range for string b'{text.decode(errors='replace')}' "
                           f"at index {index}", op)  # fmt: skip
        piece = units[begin : begin + builtins.max(int(size), 0)]
        flat[index] = piece.encode("utf-8") if unit == "UTF8_CHAR" else piece
    return from_host(out)


def ngrams(data: Any, ngram_width: Any, separator: str = " ", pad_values: Any = None,
           padding_width: Any = None, preserve_short_sequences: bool = False,
           name: Any = None) -> Any:  # fmt: skip
    """tf.strings.ngrams of a vector (or the rows of a RaggedTensor): each window of
    ``ngram_width`` strings joined by ``separator``; ``pad_values`` (left, right) added
    ``padding_width`` times (default ``ngram_width - 1``) at each end."""
    widths = [int(w) for w in numpy.atleast_1d(host_array(ngram_width)).reshape(-1)]
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)

    def grams(tokens: list[bytes]) -> list[bytes]:
        out: list[bytes] = []
        for width in widths:
            items = list(tokens)
            if pad_values is not None:
                left, right = (
                    (pad_values, pad_values) if isinstance(pad_values, (str, bytes)) else pad_values
                )
                pad = width - 1 if padding_width is None else int(padding_width)
                items = [_bytes(left)] * pad + items + [_bytes(right)] * pad
            if builtins.len(items) < width and preserve_short_sequences and items:
                out.append(sep.join(items))
                continue
            out.extend(
                sep.join(items[i : i + width]) for i in range(builtins.len(items) - width + 1)
            )
        return out

    if isinstance(data, RaggedTensor):
        rows = [grams(r) for r in data.to_list()]
        flat = numpy.asarray([g for r in rows for g in r], dtype=object).reshape(-1)
        return RaggedTensor.from_row_lengths(from_host(flat), [builtins.len(r) for r in rows])
    array = _text(data, "NGrams")
    if array.ndim == 1:
        return from_host(numpy.asarray(grams(list(array)), dtype=object).reshape(-1))
    rows = [grams(list(r)) for r in array.reshape(-1, array.shape[-1])]
    flat = numpy.asarray([g for r in rows for g in r], dtype=object).reshape(-1)
    return RaggedTensor.from_row_lengths(from_host(flat), [builtins.len(r) for r in rows])


def _bytes(value: Any) -> bytes:
    return value.encode() if isinstance(value, str) else bytes(value)


def unsorted_segment_join(inputs: Any, segment_ids: Any, num_segments: Any, separator: str = "",
                          name: Any = None) -> Any:  # fmt: skip
    """tf.strings.unsorted_segment_join: strings joined per segment id (in input order)."""
    op = "UnsortedSegmentJoin"
    array = _text(inputs, op)
    ids = host_array(segment_ids).astype(numpy.int64)
    count = int(host_array(num_segments))
    flat_ids = ids.reshape(-1)
    rows = array.reshape(flat_ids.size, -1)
    sep = _bytes(separator)
    out = numpy.empty((count, rows.shape[1]), dtype=object)
    for segment in range(count):
        picked = rows[flat_ids == segment]
        for column in range(rows.shape[1]):
            out[segment, column] = sep.join(picked[:, column])
    return from_host(out.reshape(count, *array.shape[ids.ndim :]))


def format(template: str, inputs: Any, placeholder: str = "{}", summarize: int = 3,
           name: Any = None) -> Any:  # fmt: skip
    """tf.strings.format: ``template`` with each ``placeholder`` replaced by the next
    input's text as tf.print writes it."""
    items = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
    pieces = template.split(placeholder)
    if builtins.len(pieces) - 1 != builtins.len(items):
        raise ValueError(
            f"The template expects {builtins.len(pieces) - 1} tensors, but the inputs only has "
            f"{builtins.len(items)}. Please ensure the number of placeholders in template "
            "matches inputs length."
        )
    texts = [summarize_value(host_array(item), -1 if summarize is None else summarize)
             for item in items]  # fmt: skip
    out = pieces[0] + "".join(t + p for t, p in zip(texts, pieces[1:]))
    return from_host(numpy.asarray(out.encode("utf-8"), dtype=object))


# ---------------------------------------------------------------------------------------
# unicode
# ---------------------------------------------------------------------------------------
# ICU's converter names, matched as ICU matches aliases: case and punctuation ignored
_CODECS = {"UTF8": "utf-8", "UTF16BE": "utf-16-be", "UTF32BE": "utf-32-be",
           "USASCII": "ascii", "ISO88591": "latin-1"}  # fmt: skip


def _codec(encoding: str) -> str:
    key = re.sub(r"[^0-9A-Z]", "", encoding.upper()) if isinstance(encoding, str) else None
    codec = _CODECS.get(key)
    if codec is None:
        raise errors.InvalidArgumentError(
            None, None, f"Could not create converter for input encoding: {encoding}"
        )
    return codec


def _decode(text: bytes, encoding: str, errors_mode: str, replacement: int,
            replace_control: bool) -> list[int]:  # fmt: skip
    handler = {"replace": "replace", "ignore": "ignore", "strict": "strict"}[errors_mode]
    try:
        decoded = text.decode(_codec(encoding), errors=handler)
    except UnicodeDecodeError:
        raise errors.InvalidArgumentError(
            None, None, "Invalid formatting on input string"
        ) from None
    points = [replacement if ch == "\ufffd" and handler == "replace" else ord(ch) for ch in decoded]
    if replace_control:
        points = [replacement if p < 0x20 or 0x7F <= p < 0xA0 else p for p in points]
    return points


def unicode_decode(input: Any, input_encoding: str, errors: str = "replace",
                   replacement_char: int = 65533, replace_control_characters: bool = False,
                   name: Any = None) -> Any:  # fmt: skip
    """tf.strings.unicode_decode: each string's code points (int32)."""
    return _per_string(
        input, "UnicodeDecode",
        lambda t: _decode(t, input_encoding, errors, replacement_char, replace_control_characters),
        numpy.int32,
    )  # fmt: skip


def _offsets(text: bytes, encoding: str) -> list[int]:
    codec = _codec(encoding)
    offsets, position = [], 0
    for ch in text.decode(codec, errors="replace"):
        offsets.append(position)
        position += builtins.len(ch.encode(codec, errors="replace"))
    return offsets


def unicode_decode_with_offsets(input: Any, input_encoding: str, errors: str = "replace",
                                replacement_char: int = 65533,
                                replace_control_characters: bool = False, name: Any = None) -> Any:  # fmt: skip
    """tf.strings.unicode_decode_with_offsets: code points and their byte offsets."""
    points = unicode_decode(
        input, input_encoding, errors, replacement_char, replace_control_characters
    )
    offsets = _per_string(input, "UnicodeDecodeWithOffsets",
                          lambda t: _offsets(t, input_encoding), numpy.int64)  # fmt: skip
    return points, offsets


def unicode_split(input: Any, input_encoding: str, errors: str = "replace",
                  replacement_char: int = 65533, name: Any = None) -> Any:  # fmt: skip
    """tf.strings.unicode_split: each string's characters as strings."""
    codec = _codec(input_encoding)

    def characters(text: bytes) -> list[bytes]:
        points = _decode(text, input_encoding, errors, replacement_char, False)
        return [chr(p).encode(codec, errors="replace") for p in points]

    return _per_string(input, "UnicodeDecode", characters)


def unicode_split_with_offsets(input: Any, input_encoding: str, errors: str = "replace",
                               replacement_char: int = 65533, name: Any = None) -> Any:  # fmt: skip
    chars = unicode_split(input, input_encoding, errors, replacement_char)
    offsets = _per_string(input, "UnicodeDecodeWithOffsets",
                          lambda t: _offsets(t, input_encoding), numpy.int64)  # fmt: skip
    return chars, offsets


def unicode_encode(input: Any, output_encoding: str, errors: str = "replace",
                   replacement_char: int = 65533, name: Any = None) -> Any:  # fmt: skip
    """tf.strings.unicode_encode: code points (the innermost dimension, dense or
    ragged) encoded as one string each."""
    codec = _codec(output_encoding)

    def encode(points: Any) -> bytes:
        chars = []
        for p in points:
            p = int(p)
            valid = 0 <= p <= 0x10FFFF and not 0xD800 <= p <= 0xDFFF
            if not valid:
                if errors == "strict":
                    raise InvalidArgumentError(None, None, f"Invalid code point {p}")
                if errors == "ignore":
                    continue
                p = replacement_char
            chars.append(chr(p))
        return "".join(chars).encode(codec)

    if isinstance(input, RaggedTensor):
        if isinstance(input.values, RaggedTensor):
            return input.with_values(
                unicode_encode(input.values, output_encoding, errors, replacement_char)
            )
        out = numpy.empty(input.shape[0], dtype=object)
        out[:] = [encode(row) for row in input.to_list()]
        return from_host(out)
    points = host_array(input)
    if points.ndim == 0:
        raise ValueError("Rank of input must be at least 1")
    rows = points.reshape(-1, points.shape[-1])
    out = numpy.empty(rows.shape[0], dtype=object)
    out[:] = [encode(row) for row in rows]
    return from_host(out.reshape(points.shape[:-1]))


def unicode_transcode(input: Any, input_encoding: str, output_encoding: str,
                      errors: str = "replace", replacement_char: int = 65533,
                      replace_control_characters: bool = False, name: Any = None) -> Any:  # fmt: skip
    """tf.strings.unicode_transcode: each string re-encoded."""
    codec = _codec(output_encoding)

    @_elementwise("UnicodeTranscode")
    def transcode() -> Callable[[bytes], bytes]:
        return lambda t: "".join(
            chr(p) for p in _decode(t, input_encoding, errors, replacement_char,
                                    replace_control_characters)
        ).encode(codec)  # fmt: skip

    return transcode(input)


# ---------------------------------------------------------------------------------------
# Fingerprint64: farmhash's Hash64 (farmhashna), as TF's to_hash_bucket_fast uses it
# ---------------------------------------------------------------------------------------
_MASK = (1 << 64) - 1
_K0, _K1, _K2 = 0xC3A5C85C97CB3127, 0xB492B66FBE98F273, 0x9AE16A3B2F90404F


def _fetch64(data: bytes, i: int) -> int:
    return int.from_bytes(data[i : i + 8], "little")


def _fetch32(data: bytes, i: int) -> int:
    return int.from_bytes(data[i : i + 4], "little")


def _rotate(value: int, shift: int) -> int:
    return value if shift == 0 else ((value >> shift) | (value << (64 - shift))) & _MASK


def _shift_mix(value: int) -> int:
    return value ^ (value >> 47)


def _hash_len16(u: int, v: int, mul: int) -> int:
    a = ((u ^ v) * mul) & _MASK
    a ^= a >> 47
    b = ((v ^ a) * mul) & _MASK
    b ^= b >> 47
    return (b * mul) & _MASK


def _hash_len0to16(s: bytes) -> int:
    n = builtins.len(s)
    if n >= 8:
        mul = _K2 + n * 2
        a = (_fetch64(s, 0) + _K2) & _MASK
        b = _fetch64(s, n - 8)
        c = (_rotate(b, 37) * mul + a) & _MASK
        d = ((_rotate(a, 25) + b) * mul) & _MASK
        return _hash_len16(c, d, mul)
    if n >= 4:
        mul = _K2 + n * 2
        a = _fetch32(s, 0)
        return _hash_len16((n + (a << 3)) & _MASK, _fetch32(s, n - 4), mul)
    if n > 0:
        a, b, c = s[0], s[n >> 1], s[n - 1]
        y = a + (b << 8)
        z = n + (c << 2)
        return (_shift_mix((y * _K2 ^ z * _K0) & _MASK) * _K2) & _MASK
    return _K2


def _hash_len17to32(s: bytes) -> int:
    n = builtins.len(s)
    mul = _K2 + n * 2
    a = (_fetch64(s, 0) * _K1) & _MASK
    b = _fetch64(s, 8)
    c = (_fetch64(s, n - 8) * mul) & _MASK
    d = (_fetch64(s, n - 16) * _K2) & _MASK
    return _hash_len16((_rotate((a + b) & _MASK, 43) + _rotate(c, 30) + d) & _MASK,
                       (a + _rotate((b + _K2) & _MASK, 18) + c) & _MASK, mul)  # fmt: skip


def _hash_len33to64(s: bytes) -> int:
    n = builtins.len(s)
    mul = _K2 + n * 2
    a = (_fetch64(s, 0) * _K2) & _MASK
    b = _fetch64(s, 8)
    c = (_fetch64(s, n - 8) * mul) & _MASK
    d = (_fetch64(s, n - 16) * _K2) & _MASK
    y = (_rotate((a + b) & _MASK, 43) + _rotate(c, 30) + d) & _MASK
    z = _hash_len16(y, (a + _rotate((b + _K2) & _MASK, 18) + c) & _MASK, mul)
    e = (_fetch64(s, 16) * mul) & _MASK
    f = _fetch64(s, 24)
    g = ((y + _fetch64(s, n - 32)) * mul) & _MASK
    h = ((z + _fetch64(s, n - 24)) * mul) & _MASK
    return _hash_len16((_rotate((e + f) & _MASK, 43) + _rotate(g, 30) + h) & _MASK,
                       (e + _rotate((f + a) & _MASK, 18) + g) & _MASK, mul)  # fmt: skip


def _weak_hash32_seeds(s: bytes, i: int, a: int, b: int) -> tuple[int, int]:
    w, x, y, z = _fetch64(s, i), _fetch64(s, i + 8), _fetch64(s, i + 16), _fetch64(s, i + 24)
    a = (a + w) & _MASK
    b = _rotate((b + a + z) & _MASK, 21)
    c = a
    a = (a + x) & _MASK
    a = (a + y) & _MASK
    b = (b + _rotate(a, 44)) & _MASK
    return (a + z) & _MASK, (b + c) & _MASK


def fingerprint64(s: bytes) -> int:
    """farmhash's Fingerprint64 (farmhashna::Hash64) of ``s``."""
    n = builtins.len(s)
    if n <= 32:
        return _hash_len0to16(s) if n <= 16 else _hash_len17to32(s)
    if n <= 64:
        return _hash_len33to64(s)
    seed = 81
    x = seed
    y = (seed * _K1 + 113) & _MASK
    z = (_shift_mix((y * _K2 + 113) & _MASK) * _K2) & _MASK
    v, w = (0, 0), (0, 0)
    x = (x * _K2 + _fetch64(s, 0)) & _MASK
    end = ((n - 1) // 64) * 64
    last64 = end + ((n - 1) & 63) - 63
    i = 0
    while True:
        x = (_rotate((x + y + v[0] + _fetch64(s, i + 8)) & _MASK, 37) * _K1) & _MASK
        y = (_rotate((y + v[1] + _fetch64(s, i + 48)) & _MASK, 42) * _K1) & _MASK
        x ^= w[1]
        y = (y + v[0] + _fetch64(s, i + 40)) & _MASK
        z = (_rotate((z + w[0]) & _MASK, 33) * _K1) & _MASK
        v = _weak_hash32_seeds(s, i, (v[1] * _K1) & _MASK, (x + w[0]) & _MASK)
        w = _weak_hash32_seeds(s, i + 32, (z + w[1]) & _MASK, (y + _fetch64(s, i + 16)) & _MASK)
        z, x = x, z
        i += 64
        if i == end:
            break
    mul = _K1 + ((z & 0xFF) << 1)
    i = last64
    w = ((w[0] + ((n - 1) & 63)) & _MASK, w[1])
    v = ((v[0] + w[0]) & _MASK, v[1])
    w = ((w[0] + v[0]) & _MASK, w[1])
    x = (_rotate((x + y + v[0] + _fetch64(s, i + 8)) & _MASK, 37) * mul) & _MASK
    y = (_rotate((y + v[1] + _fetch64(s, i + 48)) & _MASK, 42) * mul) & _MASK
    x ^= (w[1] * 9) & _MASK
    y = (y + (v[0] * 9) + _fetch64(s, i + 40)) & _MASK
    z = (_rotate((z + w[0]) & _MASK, 33) * mul) & _MASK
    v = _weak_hash32_seeds(s, i, (v[1] * mul) & _MASK, (x + w[0]) & _MASK)
    w = _weak_hash32_seeds(s, i + 32, (z + w[1]) & _MASK, (y + _fetch64(s, i + 16)) & _MASK)
    z, x = x, z
    return _hash_len16(
        (_hash_len16(v[0], w[0], mul) + (_shift_mix(y) * _K0) + z) & _MASK,
        (_hash_len16(v[1], w[1], mul) + x) & _MASK,
        mul,
    )
