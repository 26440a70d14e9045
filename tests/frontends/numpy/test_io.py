"""The numpy frontend's input/output and printing against real numpy: .npy/.npz bytes and
round trips both ways, allow_pickle, corrupt files, text files, raw files, print options."""

from __future__ import annotations

import io
import pickle
import zipfile

import numpy
import pytest

from frontends import numpy as fnp
from tests.frontends.numpy.oracle import compare

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]  # fmt: skip
SHAPES = [(), (0,), (5,), (2, 3), (2, 0, 3), (2, 3, 4)]

RNG = numpy.random.default_rng(0)

pytestmark = [
    pytest.mark.filterwarnings("ignore:Input line:UserWarning"),  # loadtxt's max_rows note
    pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning"),
]


def sample(shape, dtype):
    values = RNG.standard_normal(shape) * 50
    if numpy.dtype(dtype).kind == "c":
        values = values + 1j * RNG.standard_normal(shape)
    if numpy.dtype(dtype).kind == "u":
        values = numpy.abs(values)
    return numpy.asarray(values).astype(dtype)


def npy_bytes(save, array, **kwargs):
    buffer = io.BytesIO()
    save(buffer, array, **kwargs)
    return buffer.getvalue()


def load_bytes(load, data, **kwargs):
    return load(io.BytesIO(data), **kwargs)


# --------------------------------------------------------------------------- .npy
@pytest.mark.parametrize("dtype", DTYPES)
def test_save_bytes_equal_numpy_and_round_trip(backend, dtype):
    for shape in SHAPES:
        host = sample(shape, dtype)
        ours = npy_bytes(fnp.save, fnp.asarray(host))
        assert ours == npy_bytes(numpy.save, host), (shape, dtype)
        # each loads in the other
        loaded = load_bytes(fnp.load, npy_bytes(numpy.save, host))
        assert isinstance(loaded, fnp.ndarray)
        numpy.testing.assert_array_equal(numpy.asarray(loaded), host, strict=True)
        numpy.testing.assert_array_equal(load_bytes(numpy.load, ours), host, strict=True)


def test_save_views_lists_and_scalars(backend):
    host = numpy.arange(24.0).reshape(2, 3, 4)
    a = fnp.asarray(host)
    # frontend arrays are C-ordered: a transposed view is written in C order
    assert npy_bytes(fnp.save, a.T) == npy_bytes(numpy.save, numpy.ascontiguousarray(host.T))
    assert npy_bytes(fnp.save, a[1, ::2]) == npy_bytes(numpy.save, host[1, ::2].copy())
    assert npy_bytes(fnp.save, [[1, 2], [3, 4]]) == npy_bytes(numpy.save, [[1, 2], [3, 4]])
    assert npy_bytes(fnp.save, 2.5) == npy_bytes(numpy.save, 2.5)
    assert npy_bytes(fnp.save, a[0, 0, 1]) == npy_bytes(numpy.save, host[0, 0, 1])
    assert npy_bytes(fnp.save, [a[0], a[1]]) == npy_bytes(numpy.save, [host[0], host[1]])
    # numpy.save called on a frontend array dispatches to the frontend
    assert npy_bytes(numpy.save, a) == npy_bytes(numpy.save, host)


def test_save_load_files(backend, tmp_path):
    host = sample((3, 4), "float32")
    fnp.save(tmp_path / "ours", fnp.asarray(host))  # ".npy" is appended, as numpy does
    numpy.save(tmp_path / "theirs", host)
    assert (tmp_path / "ours.npy").read_bytes() == (tmp_path / "theirs.npy").read_bytes()
    compare(lambda np: np.load(tmp_path / "theirs.npy"))
    compare(lambda np: np.load(str(tmp_path / "ours.npy")))
    with open(tmp_path / "theirs.npy", "rb") as handle:
        loaded = fnp.load(handle)
    numpy.testing.assert_array_equal(numpy.asarray(loaded), host, strict=True)
    # several arrays appended to one open file, read back in order
    with open(tmp_path / "many.npy", "wb") as handle:
        fnp.save(handle, fnp.asarray([1, 2]))
        fnp.save(handle, fnp.asarray([[1.5]]))
    with open(tmp_path / "many.npy", "rb") as handle:
        first, second = fnp.load(handle), fnp.load(handle)
    assert first.tolist() == [1, 2] and second.tolist() == [[1.5]]


@pytest.mark.parametrize("mode", ["r", "c", "r+"])
def test_load_mmap_mode(backend, tmp_path, mode):
    host = sample((4, 5), "int32")
    numpy.save(tmp_path / "m.npy", host)
    loaded = compare(lambda np: np.load(tmp_path / "m.npy", mmap_mode=mode))
    loaded[0, 0] = 7  # the frontend array owns its values: the file keeps its own
    assert loaded[0, 0] == 7
    numpy.testing.assert_array_equal(numpy.load(tmp_path / "m.npy"), host)


@pytest.mark.parametrize("dtype", [">i4", ">f8", ">c16", ">u2"])
def test_foreign_byte_order_reads_native(backend, tmp_path, dtype):
    host = sample((2, 3), dtype)
    loaded = load_bytes(fnp.load, npy_bytes(numpy.save, host))
    native = numpy.dtype(dtype).newbyteorder("=")
    assert loaded.dtype == native  # no backend holds a swapped byte order
    numpy.testing.assert_array_equal(numpy.asarray(loaded), host.astype(native), strict=True)
    host.tofile(tmp_path / "raw.bin")
    raw = fnp.fromfile(tmp_path / "raw.bin", dtype=dtype)
    assert raw.dtype == native and raw.tolist() == host.reshape(-1).tolist()


def test_loaded_array_is_writeable_and_on_backend(backend):
    import core

    loaded = load_bytes(fnp.load, npy_bytes(numpy.save, numpy.arange(4)))
    assert isinstance(loaded.native, core.current_backend().native_array_types)
    loaded[1] = 9
    assert loaded.tolist() == [0, 9, 2, 3]


# --------------------------------------------------------------------------- pickles
class _Boom:
    executed = False

    def __reduce__(self):
        return (_boom, ())


def _boom():
    _Boom.executed = True
    return "boom"


def test_object_arrays_need_allow_pickle(backend):
    objects = numpy.array([1, None, "x"], dtype=object)
    data = npy_bytes(numpy.save, objects)
    compare(lambda np: load_bytes(np.load, data))  # ValueError without allow_pickle
    loaded = fnp.load(io.BytesIO(data), allow_pickle=True)
    # no backend holds Python objects: the object array is held on the host, as numpy's
    assert isinstance(loaded, fnp.ndarray) and loaded.dtype == object
    assert loaded.tolist() == [1, None, "x"]
    compare(lambda np: np.save(io.BytesIO(), objects, allow_pickle=False))
    assert npy_bytes(fnp.save, objects) == data


def test_pickled_code_never_runs_without_allow_pickle(backend):
    data = pickle.dumps(_Boom())
    _Boom.executed = False
    with pytest.raises(ValueError, match="allow_pickle"):
        fnp.load(io.BytesIO(data))
    assert not _Boom.executed
    npy = npy_bytes(numpy.save, numpy.array([_Boom()], dtype=object))
    _Boom.executed = False
    with pytest.raises(ValueError, match="allow_pickle"):
        fnp.load(io.BytesIO(npy))
    npz = io.BytesIO()
    numpy.savez(npz, a=numpy.array([_Boom()], dtype=object), b=numpy.arange(2))
    _Boom.executed = False
    with fnp.load(io.BytesIO(npz.getvalue())) as archive:
        assert archive["b"].tolist() == [0, 1]
        with pytest.raises(ValueError, match="allow_pickle"):
            archive["a"]
    assert not _Boom.executed
    assert fnp.load(io.BytesIO(data), allow_pickle=True) == "boom" and _Boom.executed


# --------------------------------------------------------------------------- corrupt files
def _corruptions():
    good = npy_bytes(numpy.save, numpy.arange(10.0))
    npz = io.BytesIO()
    numpy.savez(npz, a=numpy.arange(3))
    return {
        "truncated data": good[:-8],
        "truncated header": good[:20],
        "empty": b"",
        "bad magic": b"\x93NUMPX" + good[6:],
        "garbage": b"hello world, no array here",
        "bad version": good[:6] + b"\x09\x00" + good[8:],
        "bad header": good[:10] + b"{'descr': '<f8', 'fortran_order': False}".ljust(118, b" ")
        + good[128:],
        "truncated npz": npz.getvalue()[:-30],
        "truncated npz member": npz.getvalue()[:60],
    }  # fmt: skip


@pytest.mark.parametrize("name", sorted(_corruptions()))
def test_corrupt_files_raise_numpy_errors(backend, tmp_path, name):
    data = _corruptions()[name]

    def load(np):
        result = np.load(io.BytesIO(data))
        if hasattr(result, "files"):
            return [result[key] for key in result.files]
        return result

    error = compare(load)
    assert isinstance(error, ValueError | EOFError | OSError | zipfile.BadZipFile)
    (tmp_path / "f.npy").write_bytes(data)
    compare(lambda np: np.load(tmp_path / "f.npy"))


def test_missing_file(backend, tmp_path):
    error = compare(lambda np: np.load(tmp_path / "absent.npy"))
    assert isinstance(error, FileNotFoundError)


# --------------------------------------------------------------------------- .npz
def _npz_members(data):
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [
            (info.filename, info.compress_type, archive.read(info)) for info in archive.infolist()
        ]


@pytest.mark.parametrize("saver", ["savez", "savez_compressed"])
def test_savez_members_equal_numpy(backend, saver):
    hosts = [sample((3, 2), "float64"), sample((4,), "int16"), sample((), "complex64")]
    named = {"w": sample((2, 2), "bool"), "b": sample((0,), "uint8")}
    ours, theirs = io.BytesIO(), io.BytesIO()
    getattr(fnp, saver)(
        ours, *[fnp.asarray(h) for h in hosts], **{k: fnp.asarray(v) for k, v in named.items()}
    )
    getattr(numpy, saver)(theirs, *hosts, **named)
    # the archive's members are numpy's, byte for byte (zip timestamps aside)
    assert _npz_members(ours.getvalue()) == _npz_members(theirs.getvalue())
    with numpy.load(io.BytesIO(ours.getvalue())) as archive:
        assert archive.files == numpy.load(io.BytesIO(theirs.getvalue())).files
    compare(lambda np: dict(np.load(io.BytesIO(theirs.getvalue()))).get("arr_1"))
    with fnp.load(io.BytesIO(theirs.getvalue())) as archive:
        for key, host in [*zip(["arr_0", "arr_1", "arr_2"], hosts), *named.items()]:
            assert isinstance(archive[key], fnp.ndarray)
            numpy.testing.assert_array_equal(numpy.asarray(archive[key]), host, strict=True)


def test_savez_errors(backend):
    compare(lambda np: np.savez(io.BytesIO(), np.asarray([1]), arr_0=np.asarray([2])))
    objects = numpy.array([None], dtype=object)
    compare(lambda np: np.savez(io.BytesIO(), objects, allow_pickle=False))


def test_npzfile_mapping(backend, tmp_path):
    path = tmp_path / "a.npz"
    fnp.savez(path, fnp.asarray([1.0, 2.0]), y=fnp.asarray([[1, 2]], dtype="int8"))
    archive = fnp.load(path)
    assert isinstance(archive, numpy.lib.npyio.NpzFile) and isinstance(archive, fnp.NpzFile)
    numpy.savez(tmp_path / "b.npz", numpy.array([1.0, 2.0]), y=numpy.array([[1, 2]], "int8"))
    files = numpy.load(tmp_path / "b.npz").files
    assert sorted(files) == ["arr_0", "y"] and archive.files == files and len(archive) == 2
    assert "y" in archive and "z" not in archive and list(archive) == files
    assert list(archive.keys()) == files
    assert archive["y"].dtype == numpy.int8 and archive.f.y.tolist() == [[1, 2]]
    assert archive.get("z") is None and archive.get("arr_0").tolist() == [1.0, 2.0]
    assert [k for k, _ in archive.items()] == files
    assert all(isinstance(v, fnp.ndarray) for v in archive.values())
    with pytest.raises(KeyError):
        archive["z"]
    with pytest.raises(AttributeError):
        archive.f.z
    assert "NpzFile" in repr(archive)
    archive.close()
    with pytest.raises((ValueError, AttributeError, OSError)):
        archive["y"]
    with fnp.load(path) as archive:
        assert archive["arr_0"].tolist() == [1.0, 2.0]
    compare(lambda np: np.load(path)["y"])
    # the loaded mapping is lazy: a member is only read when asked for
    with fnp.load(path) as archive:
        assert archive.zip.fp is not None


# --------------------------------------------------------------------------- text
TEXT = "# header\n1 2 3\n4 5 6\n\n7 8 9\n"
CSV = "a,b,c\n1,2.5,\n4,,6\n7,8,9\n"


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"dtype": int}, {"dtype": "float32"}, {"usecols": (0, 2)}, {"unpack": True},
     {"skiprows": 2}, {"max_rows": 1}, {"ndmin": 2, "usecols": 1}, {"usecols": 1},
     {"dtype": complex}, {"converters": {0: lambda s: float(s) * 10}},
     {"dtype": "uint8", "max_rows": 2}],
)  # fmt: skip
def test_loadtxt(backend, kwargs):
    compare(lambda np: np.loadtxt(io.StringIO(TEXT), **kwargs))


def test_loadtxt_delimiters_and_errors(backend, tmp_path):
    compare(lambda np: np.loadtxt(io.StringIO("1,2\n3,4"), delimiter=","))
    compare(lambda np: np.loadtxt(["1;2", "3;4"], delimiter=";", dtype="int16"))
    compare(lambda np: np.loadtxt(io.StringIO("1 2\n3")))  # ragged rows: ValueError
    compare(lambda np: np.loadtxt(io.StringIO("1 x")))  # not a number
    compare(lambda np: np.loadtxt(tmp_path / "absent.txt"))
    (tmp_path / "t.txt").write_text(TEXT)
    compare(lambda np: np.loadtxt(tmp_path / "t.txt"))
    compare(lambda np: np.loadtxt(str(tmp_path / "t.txt"), dtype=int))
    # a structured dtype stays numpy's own (no backend holds records)
    records = fnp.loadtxt(io.StringIO("1 2.5\n3 4.5"), dtype=[("i", int), ("f", float)])
    assert type(records) is numpy.ndarray and records["f"].tolist() == [2.5, 4.5]


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"fmt": "%d"}, {"fmt": "%.3f", "delimiter": ","}, {"header": "x y z", "footer": "end"},
     {"fmt": ["%d", "%.1f", "%e"]}, {"newline": ";"}, {"comments": "% ", "header": "h"}],
)  # fmt: skip
def test_savetxt_text_equal_numpy(backend, kwargs):
    host = sample((4, 3), "float64")
    ours, theirs = io.StringIO(), io.StringIO()
    fnp.savetxt(ours, fnp.asarray(host), **kwargs)
    numpy.savetxt(theirs, host, **kwargs)
    assert ours.getvalue() == theirs.getvalue()


def test_savetxt_shapes_and_round_trip(backend, tmp_path):
    for host in [numpy.arange(5), numpy.arange(6.0).reshape(2, 3), numpy.array([1 + 2j, 3j])]:
        ours, theirs = io.BytesIO(), io.BytesIO()
        fnp.savetxt(ours, fnp.asarray(host))
        numpy.savetxt(theirs, host)
        assert ours.getvalue() == theirs.getvalue()
    compare(lambda np: np.savetxt(io.StringIO(), np.asarray(numpy.zeros((2, 2, 2)))))
    compare(lambda np: np.savetxt(io.StringIO(), np.asarray(1.0)))
    host = sample((3, 3), "float64")
    fnp.savetxt(tmp_path / "x.txt", fnp.asarray(host))
    compare(lambda np: np.loadtxt(tmp_path / "x.txt"))
    numpy.testing.assert_array_equal(numpy.loadtxt(tmp_path / "x.txt"), host)


@pytest.mark.parametrize(
    "kwargs",
    [{"delimiter": ",", "skip_header": 1}, {"delimiter": ",", "skip_header": 1, "filling_values": -1},
     {"delimiter": ",", "skip_header": 1, "usecols": (0, 2)},
     {"delimiter": ",", "skip_header": 1, "dtype": int, "filling_values": 0},
     {"delimiter": ",", "skip_header": 1, "max_rows": 2}, {"delimiter": ",", "skip_footer": 1,
     "skip_header": 1}, {"delimiter": ",", "skip_header": 1, "unpack": True}],
)  # fmt: skip
def test_genfromtxt(backend, kwargs):
    compare(lambda np: np.genfromtxt(io.StringIO(CSV), **kwargs))


def test_genfromtxt_structured_and_masked(backend):
    records = fnp.genfromtxt(io.StringIO(CSV), delimiter=",", names=True)
    assert type(records) is numpy.ndarray and records.dtype.names == ("a", "b", "c")
    masked = fnp.genfromtxt(io.StringIO(CSV), delimiter=",", skip_header=1, usemask=True)
    assert isinstance(masked, numpy.ma.MaskedArray) and masked.mask.sum() == 2


def test_fromregex(backend):
    text = "1 one\n22 two\n333 three\n"
    numbers = fnp.fromregex(io.StringIO(text), r"(\d+)", [("n", "int64")])
    assert (
        numbers.tolist() == numpy.fromregex(io.StringIO(text), r"(\d+)", [("n", "int64")]).tolist()
    )
    records = fnp.fromregex(io.StringIO(text), r"(\d+) (\w+)", [("n", "int64"), ("s", "U5")])
    assert type(records) is numpy.ndarray and records["s"].tolist() == ["one", "two", "three"]


# --------------------------------------------------------------------------- raw files
@pytest.mark.parametrize(
    "dtype", ["int8", "uint16", "int64", "float16", "float32", "complex128", "bool"]
)
def test_tofile_fromfile(backend, tmp_path, dtype):
    host = sample((3, 4), dtype)
    fnp.asarray(host).tofile(tmp_path / "ours.bin")
    host.tofile(tmp_path / "theirs.bin")
    assert (tmp_path / "ours.bin").read_bytes() == (tmp_path / "theirs.bin").read_bytes()
    compare(lambda np: np.fromfile(tmp_path / "ours.bin", dtype=dtype))
    compare(lambda np: np.fromfile(tmp_path / "ours.bin", dtype=dtype, count=5))
    compare(lambda np: np.fromfile(tmp_path / "ours.bin", dtype=dtype, offset=host.itemsize * 2))


def test_tofile_fromfile_text(backend, tmp_path):
    host = numpy.array([1.5, 2.0, -3.25])
    fnp.asarray(host).tofile(tmp_path / "ours.txt", sep=",")
    host.tofile(tmp_path / "theirs.txt", sep=",")
    assert (tmp_path / "ours.txt").read_text() == (tmp_path / "theirs.txt").read_text()
    fnp.asarray(host).tofile(tmp_path / "fmt.txt", sep=" ", format="%.1f")
    host.tofile(tmp_path / "fmt2.txt", sep=" ", format="%.1f")
    assert (tmp_path / "fmt.txt").read_text() == (tmp_path / "fmt2.txt").read_text()
    compare(lambda np: np.fromfile(tmp_path / "ours.txt", sep=","))
    compare(lambda np: np.fromfile(tmp_path / "absent.bin"))
    with open(tmp_path / "ours.bin", "wb") as handle:
        fnp.asarray(host).tofile(handle)
    with open(tmp_path / "ours.bin", "rb") as handle:
        compare(lambda np: np.fromfile(handle) if np is fnp else host)


# --------------------------------------------------------------------------- printing
PRINT_SAMPLES = [
    numpy.array([1.123456789, -2.5, 1e-9, 3e8]),
    numpy.arange(2000.0),
    numpy.arange(24, dtype="int16").reshape(2, 3, 4),
    numpy.array([[1 + 2j, -0.5j]], dtype="complex64"),
    numpy.array([True, False]),
    numpy.array(3.25, dtype="float16"),
    numpy.array([numpy.nan, numpy.inf, -numpy.inf, 0.1], dtype="float32"),
    numpy.zeros((0, 3), dtype="uint8"),
    numpy.array([2**63], dtype="uint64"),
]

PRINT_OPTIONS = [
    {}, {"precision": 3}, {"threshold": 5}, {"edgeitems": 1, "threshold": 3},
    {"suppress": True}, {"linewidth": 20}, {"sign": "+"}, {"sign": " "},
    {"floatmode": "fixed", "precision": 2}, {"floatmode": "unique"},
    {"nanstr": "NaN", "infstr": "Inf"}, {"formatter": {"float": lambda v: f"<{v:.1f}>"}},
    {"legacy": "1.25"}, {"legacy": "1.13"},
]  # fmt: skip


@pytest.mark.parametrize("options", PRINT_OPTIONS)
def test_print_options_reach_repr_and_str(backend, options):
    with fnp.printoptions(**options):
        for host in PRINT_SAMPLES:
            ours = fnp.asarray(host)
            assert repr(ours) == repr(host)
            assert str(ours) == str(host)
            assert fnp.array_repr(ours) == numpy.array_repr(host)
            assert fnp.array_str(ours) == numpy.array_str(host)
            assert fnp.array2string(ours) == numpy.array2string(host)
            assert fnp.get_printoptions() == numpy.get_printoptions()


def test_set_printoptions(backend):
    saved = numpy.get_printoptions()
    try:
        fnp.set_printoptions(precision=2, threshold=4, edgeitems=1)
        assert numpy.get_printoptions()["precision"] == 2
        host = numpy.arange(10) / 3
        assert repr(fnp.asarray(host)) == repr(host) and "..." in repr(host)
        assert fnp.get_printoptions()["threshold"] == 4
        fnp.set_printoptions()  # no arguments: nothing changes
        assert fnp.get_printoptions()["precision"] == 2
        compare(lambda np: np.set_printoptions(floatmode="nope"))
        compare(lambda np: np.set_printoptions(sign="?"))
    finally:
        numpy.set_printoptions(**saved)
    assert fnp.get_printoptions() == saved
    with fnp.printoptions(precision=1):
        assert repr(fnp.asarray([0.25, 1.0])) == "array([0.2, 1. ])"
    assert repr(fnp.asarray([0.25, 1.0])) == "array([0.25, 1.  ])"


@pytest.mark.parametrize(
    "kwargs",
    [{"precision": 2}, {"separator": ", "}, {"prefix": "x = "}, {"max_line_width": 12},
     {"suppress_small": True}, {"threshold": 3, "edgeitems": 1}, {"sign": "+"},
     {"floatmode": "maxprec_equal", "precision": 3}, {"suffix": ")", "prefix": "f("},
     {"formatter": {"all": lambda v: "*"}}, {"formatter": {"int": hex}}, {"legacy": "1.13"}],
)  # fmt: skip
def test_array2string_arguments(backend, kwargs):
    for host in PRINT_SAMPLES[:5]:
        assert fnp.array2string(fnp.asarray(host), **kwargs) == numpy.array2string(host, **kwargs)
    compare(lambda np: np.array2string([1.5, 2.0], **kwargs))  # numpy wants an ndarray


def test_array_repr_str_arguments(backend):
    for host in PRINT_SAMPLES:
        ours = fnp.asarray(host)
        for args in [(10,), (None, 2), (None, None, True), (30, 3, True)]:
            assert fnp.array_repr(ours, *args) == numpy.array_repr(host, *args)
            assert fnp.array_str(ours, *args) == numpy.array_str(host, *args)
    # a view and a 0-d array
    host = numpy.arange(12.0).reshape(3, 4) / 7
    assert repr(fnp.asarray(host)[1:, ::2].T) == repr(host[1:, ::2].T)
    compare(lambda np: np.array_str(np.asarray(host)[1, 2]))  # a scalar: numpy's TypeError
    assert fnp.array_str(fnp.asarray(host[1, 2])) == numpy.array_str(numpy.asarray(host[1, 2]))


def test_format_float(backend):
    values = [0.1, 1 / 3, 1e-20, 123456789.125, -0.0, float("nan"), float("inf"), 5.0]
    cases = [{}, {"precision": 3}, {"unique": False, "precision": 5}, {"trim": "-"},
             {"sign": True}, {"pad_left": 5}, {"min_digits": 4}]  # fmt: skip
    for dtype in ["float16", "float32", "float64"]:
        for value in values:
            for kwargs in cases:
                scalar = numpy.dtype(dtype).type(value)
                zero_d = fnp.asarray(scalar)
                expected = numpy.format_float_positional(scalar, **kwargs)
                assert fnp.format_float_positional(scalar, **kwargs) == expected
                assert fnp.format_float_positional(zero_d, **kwargs) == expected
                expected = numpy.format_float_scientific(scalar, **kwargs)
                assert fnp.format_float_scientific(scalar, **kwargs) == expected
                assert fnp.format_float_scientific(zero_d, **kwargs) == expected
    element = fnp.asarray([0.3, 2.5])[0]  # a frontend element is numpy's scalar
    assert fnp.format_float_positional(element, precision=2) == "0.3"
    assert fnp.format_float_scientific(element, exp_digits=3) == "3.e-001"
    assert fnp.format_float_positional(1.5, fractional=False, precision=1) == "2."
    compare(lambda np: np.format_float_positional(1.0, precision=-1))
    compare(lambda np: np.format_float_scientific(np.asarray([1.0, 2.0])))
    compare(lambda np: np.format_float_positional(np.asarray(3)))


@pytest.mark.parametrize("num", [0, 5, -5, 255, -128, 2**40])
def test_binary_and_base_repr(backend, num):
    for width in [None, 8, 64]:  # too narrow a width: numpy's ValueError
        compare(lambda np, width=width: np.binary_repr(num, width))
    assert fnp.binary_repr(fnp.asarray(num)) == numpy.binary_repr(num)
    for base, padding in [(2, 0), (16, 2), (36, 0), (7, 5)]:
        assert fnp.base_repr(num, base, padding) == numpy.base_repr(num, base, padding)
    compare(lambda np: np.base_repr(num, 37))
    compare(lambda np: np.binary_repr(1.5))
