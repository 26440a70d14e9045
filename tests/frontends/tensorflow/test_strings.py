"""String tensors, tf.strings, tf.RaggedTensor and string datasets against real TF on
every backend (strings are held on the host whatever the backend)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any

import numpy
import pytest

from tests.frontends.tensorflow.cases import compare
from tests.frontends.tensorflow.oracle import real_tf, tf

WORDS = ["hello world", "a  b", "Héllo", ""]
GRID = [["a", "b", "c"], ["d", "é", "f"]]


def _check(cases: Iterable[tuple[str, Callable[[Any], Any]]]) -> None:
    """Every case against real TF (tensors: dtype, shape, values; or the same exception
    class); fail once, listing the cases that differ."""
    failures = []
    for label, fn in cases:
        try:
            compare(fn)
        except AssertionError as error:
            failures.append(f"{label}: {str(error)[:300]}")
    assert not failures, "\n".join(failures)


def _ragged(rt: Any) -> Any:
    """A RaggedTensor as (class name, dtype, shape, rows) to compare."""
    return (type(rt).__name__, rt.dtype.name, rt.shape.as_list(), rt.to_list())


def test_string_tensors(backend: str) -> None:
    s = lambda tf: tf.constant(WORDS)  # noqa: E731
    _check([
        ("scalar", lambda tf: tf.constant("hello world")),
        ("vector", s),
        ("bytes", lambda tf: tf.constant([b"\xff\x00", b"x"])),
        ("numpy U", lambda tf: tf.constant(numpy.array(["ab", "c"]))),
        ("numpy S", lambda tf: tf.constant(numpy.array([b"ab", b"c"]))),
        ("numpy object", lambda tf: tf.constant(numpy.array(["ab", b"c"], dtype=object))),
        ("object of ints", lambda tf: tf.constant(numpy.array([1, 2], dtype=object))),
        ("mixed", lambda tf: tf.constant(["a", 1])),
        ("ragged list", lambda tf: tf.constant([["a"], ["b", "c"]])),
        ("dtype string", lambda tf: tf.constant(["a"], dtype=tf.string)),
        ("number as string", lambda tf: tf.constant(1, dtype=tf.string)),
        ("string as number", lambda tf: tf.constant("a", dtype=tf.int32)),
        ("shape", lambda tf: tf.constant("x", shape=(2, 2))),
        ("convert_to_tensor", lambda tf: tf.convert_to_tensor(["a", "b"])),
        ("numpy()", lambda tf: (tf.constant("é").numpy(), tf.constant(GRID).numpy().tolist())),
        ("repr", lambda tf: (repr(tf.constant("é")), repr(tf.constant(GRID)), str(tf.constant(WORDS)))),
        ("iterate", lambda tf: list(tf.constant(GRID))),
        ("len", lambda tf: len(tf.constant(WORDS))),
        ("getitem", lambda tf: (tf.constant(GRID)[1], tf.constant(GRID)[:, ::-1], tf.constant(WORDS)[2])),
        ("zeros", lambda tf: tf.zeros((2, 1), tf.string)),
        ("ones", lambda tf: tf.ones((2,), tf.string)),
        ("zeros_like", lambda tf: tf.zeros_like(tf.constant(GRID))),
        ("fill", lambda tf: tf.fill([2, 2], "x")),
        ("cast to float", lambda tf: tf.cast(s(tf), tf.float32)),
        ("cast to string", lambda tf: tf.cast(tf.constant([1.5]), tf.string)),
        ("cast string", lambda tf: tf.cast(s(tf), tf.string)),
        ("dtype", lambda tf: (tf.string.name, str(tf.string), repr(tf.string), tf.string.size,
                              tf.string.is_numeric, tf.string.as_datatype_enum,
                              tf.as_dtype(numpy.str_) == tf.string, tf.as_dtype("string").name)),
        ("dtype limits", lambda tf: tf.string.min),
        ("as_dtype str", lambda tf: tf.as_dtype(str)),
    ])  # fmt: skip


def test_string_operators(backend: str) -> None:
    s = lambda tf: tf.constant(["a", "bé"])  # noqa: E731
    _check([
        ("==", lambda tf: s(tf) == "a"),
        ("== list", lambda tf: s(tf) == ["a", "x"]),
        ("!=", lambda tf: s(tf) != s(tf)),
        ("== int", lambda tf: s(tf) == 1),
        ("+", lambda tf: s(tf) + s(tf)),
        ("+ str", lambda tf: s(tf) + "!"),
        ("str +", lambda tf: "<" + s(tf)),
        ("+ int", lambda tf: s(tf) + 1),
        ("int +", lambda tf: tf.constant([1]) + "a"),
        ("*", lambda tf: s(tf) * 2),
        ("* strings", lambda tf: s(tf) * s(tf)),
        ("<", lambda tf: s(tf) < "b"),
        ("neg", lambda tf: -s(tf)),
        ("equal", lambda tf: tf.equal(s(tf), "a")),
        ("equal int", lambda tf: tf.equal(s(tf), 1)),
        ("not_equal", lambda tf: tf.math.not_equal(s(tf), ["a", "b"])),
        ("add", lambda tf: tf.add(s(tf), "x")),
        ("sin", lambda tf: tf.sin(s(tf))),
        ("reduce_sum", lambda tf: tf.reduce_sum(s(tf))),
        ("sort", lambda tf: tf.sort(s(tf))),
        ("matmul", lambda tf: tf.matmul(s(tf)[None], s(tf)[:, None])),
    ])  # fmt: skip


def test_string_kernels(backend: str) -> None:
    g = lambda tf: tf.constant(GRID)  # noqa: E731
    _check([
        ("reshape", lambda tf: tf.reshape(g(tf), [3, 2])),
        ("reshape bad", lambda tf: tf.reshape(g(tf), [4])),
        ("transpose", lambda tf: tf.transpose(g(tf))),
        ("concat", lambda tf: tf.concat([g(tf), g(tf)], 1)),
        ("concat numbers", lambda tf: tf.concat([g(tf), tf.ones((2, 3))], 0)),
        ("stack", lambda tf: tf.stack(["a", "b"])),
        ("unstack", lambda tf: tf.unstack(g(tf), axis=1)),
        ("split", lambda tf: tf.split(g(tf), [1, 2], 1)),
        ("expand_dims", lambda tf: tf.expand_dims(g(tf), 0)),
        ("squeeze", lambda tf: tf.squeeze(tf.constant([["a"]]))),
        ("tile", lambda tf: tf.tile(g(tf), [2, 1])),
        ("broadcast_to", lambda tf: tf.broadcast_to(tf.constant("x"), [2, 2])),
        ("reverse", lambda tf: tf.reverse(g(tf), [1])),
        ("slice", lambda tf: tf.slice(g(tf), [0, 1], [2, 2])),
        ("gather", lambda tf: tf.gather(g(tf), [1, 0, 1], axis=1)),
        ("gather tensor", lambda tf: tf.gather(g(tf), tf.constant([1]))),
        ("gather bad", lambda tf: tf.gather(g(tf), [5])),
        ("gather_nd", lambda tf: tf.gather_nd(g(tf), [[1, 2], [0, 0]])),
        ("where", lambda tf: tf.where([[True, False, True], [False, True, False]], g(tf), "_")),
        ("where cond tensor", lambda tf: tf.where(tf.equal(g(tf), "a"), "A", g(tf))),
        ("boolean_mask", lambda tf: tf.boolean_mask(g(tf), [True, False])),
        ("unique", lambda tf: tf.unique(tf.constant(["b", "a", "b", "c"]))),
        ("unique_with_counts", lambda tf: tf.unique_with_counts(tf.constant(["b", "a", "b"]))),
        ("shape", lambda tf: (tf.shape(g(tf)), tf.size(g(tf)), tf.rank(g(tf)))),
        ("identity", lambda tf: tf.identity(g(tf))),
        ("tensor_scatter_nd_update",
         lambda tf: tf.tensor_scatter_nd_update(g(tf), [[0, 0]], ["z"])),
        ("dynamic_partition", lambda tf: tf.dynamic_partition(tf.constant(["a", "b", "c"]), [1, 0, 1], 2)),
        ("pad", lambda tf: tf.pad(tf.constant(["a"]), [[1, 1]])),
        ("repeat", lambda tf: tf.repeat(tf.constant(["a", "b"]), [2, 1])),
        ("stop_gradient", lambda tf: tf.stop_gradient(g(tf))),
        ("strided_slice", lambda tf: tf.strided_slice(g(tf), [0, 0], [2, 3], [1, 2])),
    ])  # fmt: skip


def test_print(backend: str, capfd: pytest.CaptureFixture) -> None:
    def printed(tf: Any) -> str:
        tf.print(tf.constant(['a\n"b', "é", "\x01"]), tf.constant(1 / 3), tf.constant(True),
                 [tf.constant(1), "x"], tf.range(10), tf.constant(1e20), output_stream=sys.stdout)  # fmt: skip
        return capfd.readouterr().out

    assert printed(tf) == printed(real_tf)


def test_strings_module(backend: str) -> None:
    S = lambda tf: tf.constant(WORDS)  # noqa: E731
    _check([
        ("length", lambda tf: tf.strings.length(S(tf))),
        ("length utf8", lambda tf: tf.strings.length(S(tf), unit="UTF8_CHAR")),
        ("length number", lambda tf: tf.strings.length(tf.constant(1))),
        ("length python number", lambda tf: tf.strings.length(1)),
        ("lower", lambda tf: tf.strings.lower(S(tf))),
        ("upper", lambda tf: tf.strings.upper(S(tf))),
        ("upper utf8", lambda tf: tf.strings.upper(S(tf), encoding="utf-8")),
        ("strip", lambda tf: tf.strings.strip([" a \n", "\tb", ""])),
        ("regex_replace", lambda tf: tf.strings.regex_replace(S(tf), "l+", "<\\0>")),
        ("regex_replace groups", lambda tf: tf.strings.regex_replace("aabbcc", "(a)(b)", r"\2\1")),
        ("regex_replace once", lambda tf: tf.strings.regex_replace("aaa", "a", "b", False)),
        ("regex_full_match", lambda tf: tf.strings.regex_full_match(S(tf), "h.*d")),
        ("regex bad", lambda tf: tf.strings.regex_full_match(S(tf), "(")),
        ("to_number", lambda tf: tf.strings.to_number(["1.5", " 2 ", "inf", "1e3", "0x10"])),
        ("to_number int", lambda tf: tf.strings.to_number(["+3", " 4", "-7"], tf.int64)),
        ("to_number bad", lambda tf: tf.strings.to_number(["abc"])),
        ("to_number int bad", lambda tf: tf.strings.to_number(["1.5"], tf.int32)),
        ("to_number overflow", lambda tf: tf.strings.to_number(["9999999999"], tf.int32)),
        ("to_number half", lambda tf: tf.strings.to_number(["1"], tf.float16)),
        ("as_string", lambda tf: tf.strings.as_string([3.14159, -2.0])),
        ("as_string precision", lambda tf: tf.strings.as_string(3.14159, precision=2)),
        ("as_string int", lambda tf: tf.strings.as_string(tf.constant([1, -20], tf.int64))),
        ("as_string int precision", lambda tf: tf.strings.as_string(3, precision=2)),
        ("as_string bool", lambda tf: tf.strings.as_string([True, False])),
        ("as_string shortest", lambda tf: tf.strings.as_string(1e-7, shortest=True)),
        ("as_string scientific", lambda tf: tf.strings.as_string(1e-7, scientific=True)),
        ("as_string width", lambda tf: tf.strings.as_string([3, 45], width=5, fill="0")),
        ("as_string complex", lambda tf: tf.strings.as_string(tf.constant(1 + 2j))),
        ("join", lambda tf: tf.strings.join([GRID, "x"], separator="-")),
        ("join bad", lambda tf: tf.strings.join([["a", "b"], ["x", "y", "z"]])),
        ("reduce_join", lambda tf: tf.strings.reduce_join(GRID)),
        ("reduce_join axis", lambda tf: tf.strings.reduce_join(GRID, axis=0, separator=",")),
        ("reduce_join keepdims", lambda tf: tf.strings.reduce_join(GRID, -1, keepdims=True)),
        ("format", lambda tf: tf.strings.format("x={} y={}", (tf.constant([1, 2]), tf.constant(["a", "b"])))),
        ("format summarize", lambda tf: tf.strings.format("{}", tf.range(10))),
        ("format float", lambda tf: tf.strings.format("{}", tf.constant(1 / 3))),
        ("format count", lambda tf: tf.strings.format("{} {}", tf.constant(1))),
        ("split scalar", lambda tf: tf.strings.split("hello  world")),
        ("split sep", lambda tf: tf.strings.split("a,,b", ",")),
        ("split maxsplit", lambda tf: tf.strings.split("a b c", maxsplit=1)),
        ("split batch", lambda tf: _ragged(tf.strings.split(WORDS))),
        ("split to_tensor", lambda tf: tf.strings.split(WORDS).to_tensor()),
        ("bytes_split", lambda tf: tf.strings.bytes_split("hé")),
        ("substr", lambda tf: tf.strings.substr(S(tf), 1, 3)),
        ("substr negative", lambda tf: tf.strings.substr("hello", -2, 3)),
        ("substr bad", lambda tf: tf.strings.substr("hello", 7, 3)),
        ("substr utf8", lambda tf: tf.strings.substr("héllo", 1, 2, unit="UTF8_CHAR")),
        ("substr vectors", lambda tf: tf.strings.substr(["hello", "ab"], [1, 0], [10, 1])),
        ("unicode_decode", lambda tf: tf.strings.unicode_decode("héllo", "UTF-8")),
        ("unicode_decode batch", lambda tf: _ragged(tf.strings.unicode_decode(["hé", "a"], "UTF-8"))),
        ("unicode_encode", lambda tf: tf.strings.unicode_encode([104, 233], "UTF-8")),
        ("unicode_encode rows", lambda tf: tf.strings.unicode_encode([[104, 233], [97, 98]], "UTF-8")),
        ("unicode_split", lambda tf: tf.strings.unicode_split("hé", "UTF-8")),
        ("unicode_transcode", lambda tf: tf.strings.unicode_transcode(["hé"], "UTF-8", "UTF-16-BE")),
        ("ngrams", lambda tf: tf.strings.ngrams(["a", "b", "c", "d"], 2)),
        ("ngrams pad", lambda tf: tf.strings.ngrams(["a", "b"], 3, pad_values=("<", ">"), padding_width=1)),
        ("unsorted_segment_join",
         lambda tf: tf.strings.unsorted_segment_join(["a", "b", "c"], [1, 0, 1], 3, separator=":")),
        ("to_hash_bucket_fast", lambda tf: tf.strings.to_hash_bucket_fast(WORDS + ["x" * 100], 1000)),
        ("as_string alias", lambda tf: tf.as_string(7)),
    ])  # fmt: skip


def test_ragged(backend: str) -> None:
    R = lambda tf: tf.ragged.constant([[1, 2], [3], []])  # noqa: E731
    _check([
        ("constant", lambda tf: _ragged(R(tf))),
        ("repr", lambda tf: (repr(R(tf)), str(tf.ragged.constant([["a", "b"], ["c"]])))),
        ("nested", lambda tf: (_ragged(tf.ragged.constant([[[1, 2], [3]], [[4]]])),
                               tf.ragged.constant([[[1, 2], [3]], [[4]]]).to_tensor())),
        ("row_splits", lambda tf: (R(tf).row_splits, R(tf).row_lengths(), R(tf).nrows(),
                                   R(tf).value_rowids(), R(tf).values, R(tf).bounding_shape())),
        ("rows", lambda tf: (R(tf)[0], _ragged(R(tf)[1:]), R(tf)[0, 1], list(R(tf)))),
        ("to_tensor", lambda tf: (R(tf).to_tensor(), R(tf).to_tensor(default_value=9, shape=[2, 4]))),
        ("from_row_splits", lambda tf: _ragged(tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 3]))),
        ("from_row_splits bad", lambda tf: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 4])),
        ("from_row_lengths", lambda tf: _ragged(tf.RaggedTensor.from_row_lengths(["a", "b", "c"], [1, 0, 2]))),
        ("from_value_rowids", lambda tf: _ragged(tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2], 4))),
        ("from_tensor", lambda tf: _ragged(tf.RaggedTensor.from_tensor([[1, 0], [2, 3]], padding=0))),
        ("operators", lambda tf: (_ragged(R(tf) + 1), _ragged(R(tf) * R(tf)))),
        ("numpy", lambda tf: repr(R(tf).numpy())),
        ("private constructor", lambda tf: tf.RaggedTensor([1], [0, 1])),
    ])  # fmt: skip


def test_string_datasets(backend: str, tmp_path: Any) -> None:
    path = tmp_path / "lines.txt"
    path.write_bytes(b"a,1\r\nb,2\n\nc,3")

    def elements(dataset: Any) -> list:
        return [e.tolist() if isinstance(e, numpy.ndarray) else e
                for e in dataset.as_numpy_iterator()]  # fmt: skip

    def pipeline(tf: Any) -> list:
        tf.random.set_seed(0)  # shuffle's order depends on the global seed too
        D = tf.data.Dataset
        lines = tf.data.TextLineDataset(str(path))
        parsed = lines.filter(lambda s: tf.strings.length(s) > 0).map(
            lambda s: tf.strings.split(s, ",")
        )
        return [
            elements(lines),
            [e.tolist() for e in parsed.as_numpy_iterator()],
            elements(D.from_tensor_slices(["a", "bb", "c"]).map(tf.strings.upper).batch(2)),
            elements(D.from_tensor_slices((["x", "y"], [1, 2])).shuffle(2, seed=3)),
            elements(D.from_tensor_slices(["a"]).padded_batch(2)),
            str(lines.element_spec),
        ]  # fmt: skip

    assert pipeline(tf) == pipeline(real_tf)
    with pytest.raises(tf.errors.NotFoundError):
        list(tf.data.TextLineDataset(str(tmp_path / "missing.txt")))


def test_map_fn_over_strings_and_ragged_rows(backend: str) -> None:
    """tf.map_fn stacks string results and maps over a RaggedTensor's rows."""
    _check(
        [
            (
                "strings",
                lambda m: m.map_fn(
                    m.strings.join,
                    [m.constant(["The", "A"]), m.constant(["Dog", "Cat"])],
                    fn_output_signature=m.string,
                ),
            ),
            (
                "ragged rows",
                lambda m: m.map_fn(
                    m.reduce_sum,
                    m.ragged.constant([[1, 2, 3], [], [4, 5], [6]]),
                    fn_output_signature=m.int32,
                ),
            ),
        ]
    )
