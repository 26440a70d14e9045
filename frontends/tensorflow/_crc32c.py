"""CRC-32C (Castagnoli), as TensorFlow's checkpoints and TFRecord files checksum their
bytes, with TF's masking.

Large buffers are checksummed in numpy: the bytes are cut into lanes whose CRCs advance
together (one table lookup per byte column), then the lanes are folded pairwise, each fold
shifting the left CRC past the right lane's bytes (a linear map of the 32 CRC bits, held
as four 256-entry tables and squared for each level).
"""

from __future__ import annotations

import numpy

_POLY = 0x82F63B78  # reflected Castagnoli polynomial
_MASK_DELTA = 0xA282EAD8
_SMALL = 1 << 14  # buffers below this are checksummed byte by byte


def _byte_table() -> numpy.ndarray:
    table = numpy.arange(256, dtype=numpy.uint32)
    for _ in range(8):
        table = numpy.where(table & 1, (table >> 1) ^ numpy.uint32(_POLY), table >> 1)
    return table.astype(numpy.uint32)


_TABLE = _byte_table()
_TABLE_LIST = _TABLE.tolist()


def _advance(state: int, data: bytes) -> int:
    table = _TABLE_LIST
    for byte in data:
        state = table[(state ^ byte) & 0xFF] ^ (state >> 8)
    return state


def _apply(tables: numpy.ndarray, values: numpy.ndarray) -> numpy.ndarray:
    """A linear map of CRC states (given as 4x256 byte tables) on an array of states."""
    return (
        tables[0][values & 0xFF]
        ^ tables[1][(values >> 8) & 0xFF]
        ^ tables[2][(values >> 16) & 0xFF]
        ^ tables[3][values >> 24]
    )


def _zeros_map(count: int) -> numpy.ndarray:
    """The map taking a CRC state past ``count`` zero bytes, as 4x256 tables."""
    shifts = 8 * numpy.arange(4, dtype=numpy.uint32)[:, None]
    basis = numpy.arange(256, dtype=numpy.uint32)[None, :] << shifts
    one = (_TABLE[basis & 0xFF] ^ (basis >> 8)).astype(numpy.uint32)  # past one zero byte
    result = basis.copy()
    power = one
    while count:
        if count & 1:
            result = _apply(power, result)
        power = _apply(power, power)
        count >>= 1
    return result


def _advance_large(state: int, data: numpy.ndarray) -> int:
    lanes = 1 << min(20, max(6, int(data.size).bit_length() - 11))  # about 1-2K bytes a lane
    length = data.size // lanes
    columns = numpy.ascontiguousarray(data[: lanes * length].reshape(lanes, length).T)
    crcs = numpy.zeros(lanes, dtype=numpy.uint32)
    for column in columns:
        crcs = _TABLE[(crcs ^ column) & 0xFF] ^ (crcs >> 8)
    shift = _zeros_map(length)
    while crcs.size > 1:
        crcs = _apply(shift, crcs[0::2]) ^ crcs[1::2]
        shift = _apply(shift, shift)
    # the starting state shifted past every lane, then the lanes' combined CRC
    state = int(_apply(shift, numpy.asarray([state], dtype=numpy.uint32))[0]) ^ int(crcs[0])
    return _advance(state, data[lanes * length :].tobytes())


def crc32c(data: bytes | memoryview | numpy.ndarray, crc: int = 0) -> int:
    """The CRC-32C of ``data``, extending ``crc`` (the CRC of the bytes before it)."""
    state = crc ^ 0xFFFFFFFF
    if isinstance(data, numpy.ndarray):
        array = data.reshape(-1).view(numpy.uint8)
    else:
        array = None if len(data) < _SMALL else numpy.frombuffer(data, dtype=numpy.uint8)
    if array is None:
        state = _advance(state, bytes(data))
    elif array.size < _SMALL:
        state = _advance(state, array.tobytes())
    else:
        state = _advance_large(state, array)
    return state ^ 0xFFFFFFFF


def mask(crc: int) -> int:
    """TF's masked CRC (stored CRCs are masked: a CRC of data holding CRCs stays strong)."""
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


def unmask(masked: int) -> int:
    rotated = (masked - _MASK_DELTA) & 0xFFFFFFFF
    return ((rotated >> 17) | (rotated << 15)) & 0xFFFFFFFF
