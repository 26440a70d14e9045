"""Host-held dtypes (str_, bytes_, object_, datetime64, timedelta64) against real numpy,
on four backends: labels, vocabularies and dates through the numpy frontend."""

from __future__ import annotations

import io

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy._core._exceptions import _UFuncNoLoopError

import core
from frontends import numpy as fnp
from frontends.base.host import is_host
from tests.frontends.numpy.oracle import compare

LABELS = ["cat", "dog", "cat", "bird", "dog", "cat"]
X = numpy.arange(12.0).reshape(6, 2)


def on_backend(array: fnp.ndarray) -> None:
    """A numeric result lives on the backend in use, not on the host."""
    assert not is_host(array.native)
    assert isinstance(array.native, core.current_backend().native_array_types)


def test_construction_and_attributes(backend):
    compare(lambda np: np.array(LABELS))
    compare(lambda np: np.asarray(LABELS, dtype="U2"))
    compare(lambda np: np.array([b"ab", b"c"]))
    compare(lambda np: np.array([1, "a", None], dtype=object))
    compare(lambda np: np.arange(3).astype(str))
    compare(lambda np: np.array([1.5, 2.0]).astype("U8"))
    compare(lambda np: np.array(["1", "22"]).astype(np.int64))
    compare(lambda np: np.zeros(2, dtype="U3"))
    compare(lambda np: np.empty(2, dtype=object))
    compare(lambda np: np.full((2, 2), "ab"))
    compare(lambda np: np.array(LABELS).dtype.kind)
    compare(lambda np: np.array(LABELS).tolist())
    compare(lambda np: np.array(LABELS)[1])
    compare(lambda np: repr(np.array(LABELS)))
    compare(lambda np: str(np.array([["a", "b"]]).T))
    compare(lambda np: (np.array(LABELS).shape, np.array(LABELS).ndim, len(np.array(LABELS))))
    labels = fnp.array(LABELS)
    assert isinstance(labels, fnp.ndarray) and is_host(labels.native)
    assert list(labels) == LABELS and "dog" in labels


def test_label_routines(backend):
    labels = lambda np: np.array(LABELS)  # noqa: E731
    compare(lambda np: np.unique(labels(np), return_inverse=True, return_counts=True))
    compare(lambda np: np.unique(labels(np), return_index=True))
    compare(lambda np: np.sort(labels(np)))
    compare(lambda np: np.argsort(labels(np), kind="stable"))
    compare(lambda np: np.searchsorted(np.array(["a", "c", "e"]), labels(np)))
    compare(lambda np: np.isin(labels(np), ["cat", "bird"]))
    compare(lambda np: np.concatenate([labels(np), np.array(["eel"])]))
    compare(lambda np: np.stack([labels(np), labels(np)], axis=1))
    compare(lambda np: labels(np).reshape(2, 3).T[1:])
    compare(lambda np: np.where(labels(np) == "cat", "a", "b"))
    compare(lambda np: np.where(np.arange(6) > 2, labels(np), "none"))
    compare(lambda np: labels(np)[np.array([5, 0, 0])])
    compare(lambda np: labels(np)[np.arange(6) % 2 == 0])
    compare(lambda np: np.array(["cat", "dog"])[np.array([1, 0, 1])])
    compare(lambda np: np.char.upper(labels(np)))
    compare(lambda np: np.char.add(labels(np), "_x"))
    compare(lambda np: np.strings.str_len(labels(np)))
    compare(lambda np: labels(np) + labels(np))
    compare(lambda np: np.max(labels(np)))
    compare(lambda np: np.take(labels(np), [1, 2]))
    compare(lambda np: np.repeat(labels(np)[:2], 2))
    compare(lambda np: np.flip(labels(np)))
    compare(lambda np: np.split(labels(np), 3))
    compare(lambda np: np.array_equal(labels(np), labels(np)))
    compare(lambda np: np.vectorize(lambda s: s + "!")(labels(np)))
    compare(lambda np: np.frompyfunc(str.upper, 1, 1)(labels(np)))
    compare(lambda np: np.asarray(X)[labels(np) == "cat"].mean(axis=0))


def test_numeric_results_on_backend(backend):
    labels = fnp.array(LABELS)
    mask = labels == "cat"
    on_backend(mask)
    assert mask.dtype == numpy.bool_
    _, inverse = fnp.unique(labels, return_inverse=True)
    on_backend(inverse)
    on_backend(fnp.argsort(labels))
    on_backend(fnp.char.str_len(labels))
    picked = labels[fnp.asarray([2, 1])]  # a backend integer array indexes host labels
    assert is_host(picked.native) and picked.tolist() == ["cat", "dog"]
    assert fnp.sum(mask) == 3 and fnp.asarray(X)[mask].shape == (3, 2)


def test_writes(backend):
    def write(np):
        a = np.array(LABELS)
        view = a[1:3]
        view[0] = "emu"
        a[a == "cat"] = "owl"
        a[np.array([5])] = "yak"
        return a, view

    compare(write)

    def sort_in_place(np):
        a = np.array(LABELS)
        a.sort()
        return a

    compare(sort_in_place)

    def into_out(np):
        mask = np.zeros(6, dtype=bool)
        result = np.equal(np.array(LABELS), "dog", out=mask)
        return result is mask, mask

    compare(into_out)


def test_errors(backend):
    labels = lambda np: np.array(LABELS)  # noqa: E731
    for fn in (
        lambda np: np.sin(labels(np)),
        lambda np: np.add(labels(np), 1),
        lambda np: labels(np) - labels(np),
        lambda np: np.mean(labels(np)),
        lambda np: labels(np).astype(float),
        lambda np: labels(np)[np.array([1.5])],
        lambda np: np.array(["a"], copy=False),
    ):
        error = compare(fn)
        with pytest.raises(Exception) as theirs:
            fn(numpy)
        assert type(error) is type(theirs.value), (type(error), type(theirs.value))
    assert type(compare(lambda np: np.add(labels(np), 1))) is _UFuncNoLoopError


def test_dates_and_objects(backend):
    compare(lambda np: np.datetime64("2020-01-01") + np.arange(3))
    compare(lambda np: np.arange("2020-01", "2020-05", dtype="datetime64[M]"))
    compare(lambda np: np.diff(np.array(["2020-01-01", "2020-03-01"], dtype="M8[D]")))
    compare(
        lambda np: (
            (np.array(["2020-01-03"], dtype="M8[D]") - np.datetime64("2020-01-01"))
            / np.timedelta64(1, "D")
        )
    )
    compare(lambda np: np.array(["2021-06-01", "2020-01-01"], dtype="M8[D]").argsort())
    compare(lambda np: np.array(["2021-06-01"], dtype="M8[s]") > np.datetime64("2021-01-01"))
    compare(lambda np: np.array([[1], "a", None], dtype=object)[1:])
    compare(lambda np: np.arange(np.datetime64("2024-01-30"), np.datetime64("2024-02-02")))
    compare(lambda np: np.isnat(np.array(["NaT", "2024-01-01"], dtype="M8[D]")))
    compare(lambda np: np.busday_count("2024-01-01", "2024-02-01"))
    compare(lambda np: np.array([1, 2, 3], dtype=object).sum())
    compare(lambda np: np.full_like(np.array(LABELS, dtype=object), 7))
    compare(lambda np: np.array([{"a": 1}, {"b": 2}])[0])


def test_io(backend, tmp_path):
    def roundtrip(np):
        buffer = io.BytesIO()
        np.save(buffer, np.array(LABELS))
        buffer.seek(0)
        return np.load(buffer)

    compare(roundtrip)
    fnp.savetxt(tmp_path / "ours.txt", fnp.array([LABELS[:3]]), fmt="%s")
    numpy.savetxt(tmp_path / "theirs.txt", numpy.array([LABELS[:3]]), fmt="%s")
    assert (tmp_path / "ours.txt").read_text() == (tmp_path / "theirs.txt").read_text()
    compare(lambda np: np.loadtxt(io.StringIO("a b\nc d"), dtype=str))


@given(st.lists(st.text(alphabet="abcé_", max_size=3), min_size=1, max_size=8))
@settings(max_examples=10, deadline=None)
def test_string_lists_hypothesis(backend, words):
    """Vocabulary building as programs do it, on random word lists."""
    compare(lambda np: np.unique(np.array(words), return_inverse=True, return_counts=True))
    compare(lambda np: np.argsort(np.array(words), kind="stable"))
    compare(lambda np: np.searchsorted(np.sort(np.array(words)), np.array(words)))
    compare(lambda np: np.array(words) == words[0])
    compare(lambda np: np.isin(np.array(words), words[:2]))
    compare(lambda np: np.array(words)[np.arange(len(words))[::-1]])
