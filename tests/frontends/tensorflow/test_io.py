"""tf.io (files, gfile, serialized tensors, CSV, base64, TFRecord) and TFRecordDataset
against real TF on every backend; files written by one are read by the other."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy

from tests.frontends.tensorflow.cases import compare
from tests.frontends.tensorflow.oracle import real_tf, tf


def _check(cases: list[tuple[str, Any]]) -> None:
    failures = []
    for label, fn in cases:
        try:
            compare(fn)
        except AssertionError as error:
            failures.append(f"{label}: {str(error)[:300]}")
    assert not failures, "\n".join(failures)


def test_files(backend: str, tmp_path: Path) -> None:
    def directory(tf: Any) -> str:
        path = str(tmp_path / ("real" if tf is real_tf else "mine"))
        tf.io.gfile.makedirs(path)
        return path

    def files(tf: Any) -> Any:
        d = directory(tf)
        tf.io.write_file(d + "/a.txt", "hello\nwörld")
        with tf.io.gfile.GFile(d + "/b.bin", "wb") as handle:
            handle.write(b"\x00\x01")
        tf.io.gfile.copy(d + "/a.txt", d + "/c.txt")
        tf.io.gfile.rename(d + "/c.txt", d + "/d.txt")
        tf.io.gfile.mkdir(d + "/sub")
        return (tf.io.read_file(d + "/a.txt"), tf.io.gfile.GFile(d + "/a.txt").read(),
                tf.io.gfile.GFile(d + "/a.txt", "rb").read(), list(tf.io.gfile.GFile(d + "/a.txt")),
                tf.io.gfile.exists(d + "/d.txt"), tf.io.gfile.exists(d + "/c.txt"),
                tf.io.gfile.isdir(d + "/sub"), sorted(tf.io.gfile.listdir(d)),
                [os.path.basename(p) for p in tf.io.gfile.glob(d + "/*.txt")],
                [os.path.basename(p) for p in tf.io.matching_files(d + "/*.t?t").numpy()],
                tf.io.gfile.stat(d + "/b.bin").length, os.path.basename(tf.io.gfile.join(d, "x")))  # fmt: skip

    _check([
        ("files", files),
        ("read missing", lambda tf: tf.io.read_file(directory(tf) + "/missing")),
        ("GFile missing", lambda tf: tf.io.gfile.GFile(directory(tf) + "/missing").read()),
        ("listdir missing", lambda tf: tf.io.gfile.listdir(directory(tf) + "/missing")),
        ("remove missing", lambda tf: tf.io.gfile.remove(directory(tf) + "/missing")),
        ("mkdir exists", lambda tf: tf.io.gfile.mkdir(directory(tf))),
        ("copy exists", lambda tf: tf.io.gfile.copy(directory(tf) + "/a.txt", directory(tf) + "/d.txt")),
    ])  # fmt: skip


def test_serialized_tensors(backend: str) -> None:
    values = [numpy.arange(6, dtype=numpy.float32).reshape(2, 3), numpy.array(7, numpy.int64),
              numpy.array([True, False]), numpy.array([[b"a", b"bc"]], dtype=object),
              numpy.array([1 + 2j], numpy.complex64), numpy.zeros((0, 2), numpy.int32)]  # fmt: skip
    cases = []
    for value in values:
        cases += [
            (f"serialize {value.dtype}", lambda tf, v=value: tf.io.serialize_tensor(v)),
            (f"round trip {value.dtype}",
             lambda tf, v=value: tf.io.parse_tensor(tf.io.serialize_tensor(v), tf.as_dtype(v.dtype))),
        ]  # fmt: skip
    # each side parses the other's bytes
    for value in values:
        cases.append((
            f"parse TF's {value.dtype}",
            lambda tf, v=value: tf.io.parse_tensor(real_tf.io.serialize_tensor(v).numpy(),
                                                   tf.as_dtype(v.dtype)),
        ))  # fmt: skip
        cases.append((
            f"TF parses {value.dtype}",
            lambda tf, v=value: real_tf.io.parse_tensor(tf.io.serialize_tensor(v).numpy(),
                                                        real_tf.as_dtype(v.dtype)),
        ))  # fmt: skip
    cases += [
        ("parse wrong dtype", lambda tf: tf.io.parse_tensor(tf.io.serialize_tensor([1.5]), tf.int32)),
        ("parse garbage", lambda tf: tf.io.parse_tensor(b"\xff\xff", tf.int32)),
        ("decode_raw", lambda tf: tf.io.decode_raw([b"\x01\x00\x02\x00", b"\x03\x00\x04\x00"], tf.int16)),
        ("decode_raw big endian", lambda tf: tf.io.decode_raw([b"\x01\x00"], tf.uint16, little_endian=False)),
        ("decode_raw sizes", lambda tf: tf.io.decode_raw([b"\x01", b"\x01\x02"], tf.uint8)),
        ("base64", lambda tf: tf.io.encode_base64(["hi?>", "", "a"])),
        ("base64 pad", lambda tf: tf.io.encode_base64(["a"], pad=True)),
        ("base64 back", lambda tf: tf.io.decode_base64(tf.io.encode_base64(["hi?>"]))),
    ]  # fmt: skip
    _check(cases)


def test_decode_csv(backend: str) -> None:
    _check([
        ("typed", lambda tf: tf.io.decode_csv(["1,2.5,a", "3,,b"], [[0], [9.0], ["z"]])),
        ("int64 and double", lambda tf: tf.io.decode_csv(
            ["5;1e3"], [tf.constant([0], tf.int64), tf.constant([0.0], tf.float64)], field_delim=";")),
        ("quotes", lambda tf: tf.io.decode_csv(['"a,b",1', '"x""y",2'], [[""], [0]])),
        ("na_value", lambda tf: tf.io.decode_csv(["NA,1"], [[5], [0]], na_value="NA")),
        ("select_cols", lambda tf: tf.io.decode_csv(["1,2,3"], [[0], [0]], select_cols=[0, 2])),
        ("matrix", lambda tf: tf.io.decode_csv([["1,2"], ["3,4"]], [[0], [0]])),
        ("required", lambda tf: tf.io.decode_csv(["1,,a"], [[0], [], ["z"]])),
        ("field count", lambda tf: tf.io.decode_csv(["1,2"], [[0], [0], [0]])),
        ("not a number", lambda tf: tf.io.decode_csv(["x,2"], [[0], [0]])),
        ("overflow", lambda tf: tf.io.decode_csv(["99999999999"], [[0]])),
    ])  # fmt: skip


def test_tfrecord(backend: str, tmp_path: Path) -> None:
    """Each side reads the records the other wrote (plain and GZIP)."""
    records = [b"abc", b"", bytes(range(256)) * 50]

    def write(tf: Any, name: str) -> None:
        with tf.io.TFRecordWriter(str(tmp_path / f"{name}.tfrecord")) as writer:
            for record in records:
                writer.write(record)
        with tf.io.TFRecordWriter(str(tmp_path / f"{name}.gz"), "GZIP") as writer:
            writer.write(records[0])

    write(tf, "mine")
    write(real_tf, "real")
    assert (tmp_path / "mine.tfrecord").read_bytes() == (tmp_path / "real.tfrecord").read_bytes()
    for reader in (tf, real_tf):
        for name in ("mine", "real"):
            plain = list(
                reader.data.TFRecordDataset(str(tmp_path / f"{name}.tfrecord")).as_numpy_iterator()
            )
            packed = list(
                reader.data.TFRecordDataset(
                    [str(tmp_path / f"{name}.gz")], "GZIP"
                ).as_numpy_iterator()
            )
            assert plain == records and packed == records[:1]
    corrupt = bytearray((tmp_path / "mine.tfrecord").read_bytes())
    corrupt[14] ^= 1
    (tmp_path / "bad.tfrecord").write_bytes(bytes(corrupt))
    compare(lambda tf: list(tf.data.TFRecordDataset(str(tmp_path / "bad.tfrecord"))))
