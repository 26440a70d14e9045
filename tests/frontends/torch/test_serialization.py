"""torch.save / torch.load against real torch, both ways, on every backend: every dtype,
views sharing a storage, nested containers, Parameters, the legacy format, map_location,
a real model's state dict, the weights-only allowlist and malformed files."""

from __future__ import annotations

import collections
import fractions
import importlib.util
import io
import pathlib
import pickle
import zipfile
from typing import Any

import numpy
import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import DTYPE_NAMES, assert_matches, to_frontend, to_real

RNG = numpy.random.default_rng(0)
EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"


def _data(name: str, shape: tuple[int, ...]) -> numpy.ndarray:
    if name == "bool":
        return RNG.random(shape) < 0.5
    if name.startswith("complex"):
        return RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)
    if name in ("bfloat16", "float16", "float32", "float64"):
        return RNG.standard_normal(shape)
    info = numpy.iinfo(name)
    return RNG.integers(info.min, info.max, shape, dtype=name, endpoint=True)


def _contents(make: Any) -> dict[str, Any]:
    """The same checkpoint contents built with ``make(numpy_data, dtype) -> tensor``."""
    base = make(_data("float32", (4, 6)), "float32")
    state = collections.OrderedDict((f"t_{n}", make(_data(n, (2, 3)), n)) for n in DTYPE_NAMES)
    state["scalar"] = make(numpy.array(2.5), "float64")
    state["empty"] = make(numpy.zeros((0, 3)), "float32")
    return {
        "state": state,
        "base": base,
        "row": base[1],  # views of base: saved once, loaded sharing memory
        "cols": base[:, 1::2],
        "transposed": base.T,
        "nested": [(make(_data("int64", (3,)), "int64"), {"k": "v", "n": 3}), None, 1.5],
        "size": base.shape,
        "dtype": base.dtype,
    }


@pytest.fixture(scope="module")
def real_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pathlib.Path]:
    folder = tmp_path_factory.mktemp("real")
    contents = _contents(to_real)
    contents["param"] = real_torch.nn.Parameter(to_real(_data("float32", (3,))))
    contents["grad"] = to_real(_data("float64", (2,))).requires_grad_()
    paths = {"zip": folder / "zip.pt", "legacy": folder / "legacy.pt"}
    real_torch.save(contents, paths["zip"])
    # real torch cannot read back the unsigned 16/32/64-bit tensors it writes in the legacy
    # format (untyped storages there have no dtype): they stay out of that file
    for name in ("uint16", "uint32", "uint64"):
        del contents["state"][f"t_{name}"]
    real_torch.save(contents, paths["legacy"], _use_new_zipfile_serialization=False)
    return paths


def _compare_loaded(loaded: dict[str, Any], expected: dict[str, Any]) -> None:
    for name, tensor in expected["state"].items():
        assert_matches(loaded["state"][name], tensor)
    assert isinstance(loaded["state"], collections.OrderedDict)
    assert list(loaded["state"]) == list(expected["state"])
    for name in ("base", "row", "cols", "transposed"):
        assert_matches(loaded[name], expected[name])
        assert loaded[name].stride() == expected[name].stride(), name
    (ints, info), none, number = loaded["nested"]
    assert_matches(ints, expected["nested"][0][0])
    assert info == {"k": "v", "n": 3} and none is None and number == 1.5
    assert isinstance(loaded["size"], torch.Size) and loaded["size"] == (4, 6)
    assert loaded["dtype"] is torch.float32


@pytest.mark.parametrize("kind", ["zip", "legacy"])
def test_load_real_checkpoint(backend: str, real_files: dict[str, Any], kind: str) -> None:
    expected = real_torch.load(real_files[kind])
    loaded = torch.load(real_files[kind])
    _compare_loaded(loaded, expected)
    assert type(loaded["param"]) is torch.nn.Parameter and loaded["param"].requires_grad
    assert_matches(loaded["param"].detach(), expected["param"].detach())
    assert loaded["grad"].requires_grad and loaded["grad"].is_leaf
    # views of one storage share memory again: a write through one reaches the others
    loaded["base"][1, 1] = 100.0
    expected["base"][1, 1] = 100.0
    for name in ("row", "cols", "transposed"):
        assert_matches(loaded[name], expected[name])


def test_save_for_real_torch(backend: str, tmp_path: pathlib.Path) -> None:
    contents = _contents(to_frontend)
    contents["param"] = torch.nn.Parameter(to_frontend(_data("float32", (3,))))
    path = tmp_path / "frontend.pt"
    torch.save(contents, path)
    loaded = real_torch.load(path)  # weights_only: only torch's allowlisted globals
    for name, tensor in contents["state"].items():
        assert_matches(tensor, loaded["state"][name])
    assert isinstance(loaded["state"], collections.OrderedDict)
    for name in ("base", "row", "cols", "transposed"):
        assert_matches(contents[name], loaded[name])
        assert contents[name].stride() == loaded[name].stride(), name
    storage = loaded["base"].untyped_storage().data_ptr()
    for name in ("row", "cols", "transposed"):
        assert loaded[name].untyped_storage().data_ptr() == storage, f"{name} saved twice"
    assert type(loaded["param"]) is real_torch.nn.Parameter
    assert loaded["size"] == real_torch.Size([4, 6]) and loaded["dtype"] is real_torch.float32
    # the archive as torch lays it out: records aligned to 64 bytes, torch's metadata
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        assert names[0] == "frontend/data.pkl" and "frontend/.data/serialization_id" in names
        assert archive.read("frontend/byteorder") == b"little"
        assert archive.read("frontend/version") == b"3\n"
        raw = path.read_bytes()
        for info in archive.infolist():
            start = info.header_offset + 30 + len(info.filename) + len(info.extra)
            assert start % 64 == 0 and raw[start : start + info.file_size] == archive.read(info)
    # and back through the frontend, into a file-like object
    buffer = io.BytesIO()
    torch.save(contents, buffer)
    buffer.seek(0)
    again = torch.load(buffer)
    for name, tensor in contents["state"].items():
        numpy.testing.assert_array_equal(
            again["state"][name].numpy(force=True), tensor.numpy(force=True)
        )


def test_map_location(backend: str, real_files: dict[str, Any]) -> None:
    expected = real_torch.load(real_files["zip"])["base"]
    seen = []

    def mapper(storage: Any, location: str) -> Any:
        seen.append(location)
        return storage

    for where in ("cpu", torch.device("cpu"), {"cuda:0": "cpu"}, mapper):
        assert_matches(torch.load(real_files["zip"], map_location=where)["base"], expected)
    assert seen and set(seen) == {"cpu"}
    with pytest.raises(TypeError):
        torch.load(real_files["zip"], map_location=3)


def _example(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"torch_{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("backend", ["numpy", "torch"], indirect=True)
def test_gpt_state_dict_both_ways(backend: str, tmp_path: pathlib.Path) -> None:
    """A real model's state dict both ways (two backends: loading and saving are host code
    plus one conversion per tensor, which the tests above run on all four)."""
    build = _example("gpt").build
    real_torch.manual_seed(0)
    reference = build(real_torch)().eval()
    model = build(torch)().eval()
    real_torch.save(reference.state_dict(), tmp_path / "real.pt")
    result = model.load_state_dict(torch.load(tmp_path / "real.pt"))
    assert result.missing_keys == [] and result.unexpected_keys == []
    tokens = real_torch.randint(0, 64, (2, 8))
    with real_torch.no_grad():
        expected = reference(tokens)
    assert_matches(model(torch.tensor(tokens.numpy())).detach(), expected, atol=1e-5, rtol=1e-5)
    # the frontend's state dict (changed a little) into a fresh real model
    with torch.no_grad():
        model.wte.weight.mul_(0.5)
    torch.save(model.state_dict(), tmp_path / "frontend.pt")
    fresh = build(real_torch)().eval()
    fresh.load_state_dict(real_torch.load(tmp_path / "frontend.pt"))
    with real_torch.no_grad():
        expected = fresh(tokens)
    assert_matches(model(torch.tensor(tokens.numpy())).detach(), expected, atol=1e-5, rtol=1e-5)


class Hostile:
    """Unpickling this calls ``list.append`` on a module-level list: a marker of code run."""

    def __reduce__(self) -> Any:
        return (RAN.append, ("ran",))


RAN: list[str] = []


class Point:
    def __init__(self, x: int) -> None:
        self.x = x


def test_weights_only(tmp_path: pathlib.Path) -> None:
    real_torch.save({"w": real_torch.ones(2), "f": fractions.Fraction(1, 2)}, tmp_path / "f.pt")
    real_torch.save({"p": Point(3)}, tmp_path / "p.pt")
    for name in ("f.pt", "p.pt"):
        with pytest.raises(pickle.UnpicklingError) as theirs:
            real_torch.load(tmp_path / name)
        with pytest.raises(pickle.UnpicklingError) as ours:
            torch.load(tmp_path / name)
        line = "WeightsUnpickler error: Unsupported global"
        assert line in str(ours.value)
        assert str(ours.value).split(line)[1] == str(theirs.value).split(line)[1]
        assert str(ours.value).startswith("Weights only load failed.")
    # allowed when asked
    assert torch.load(tmp_path / "f.pt", weights_only=False)["f"] == fractions.Fraction(1, 2)
    with torch.serialization.safe_globals([Point]):
        assert torch.load(tmp_path / "p.pt")["p"].x == 3
    with pytest.raises(pickle.UnpicklingError):
        torch.load(tmp_path / "p.pt")  # the context ended
    torch.serialization.add_safe_globals([fractions.Fraction])
    try:
        assert fractions.Fraction in torch.serialization.get_safe_globals()
        assert torch.load(tmp_path / "f.pt")["f"] == fractions.Fraction(1, 2)
    finally:
        torch.serialization.clear_safe_globals()
    # a hostile pickle runs nothing under weights_only
    real_torch.save({"x": Hostile()}, tmp_path / "h.pt")
    with pytest.raises(pickle.UnpicklingError, match="Unsupported global"):
        torch.load(tmp_path / "h.pt")
    assert RAN == []


def _malformed(path: pathlib.Path) -> dict[str, bytes]:
    good = path.read_bytes()
    with zipfile.ZipFile(path) as archive:
        records = {name: archive.read(name) for name in archive.namelist()}

    def rebuilt(**changes: bytes) -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for name, data in records.items():
                archive.writestr(name, changes.get(name.split("/", 1)[1], data))
        return buffer.getvalue()

    pickled = records["zip/data.pkl"]
    return {
        "empty": b"",
        "truncated": good[: len(good) // 2],
        "random": b"\x01\x02garbage" * 10,
        "zip_junk": b"PK\x03\x04" + b"\0" * 100,
        "bad_pickle": rebuilt(**{"data.pkl": pickled[: len(pickled) // 2]}),
        "no_storage": rebuilt(**{"data/0": b""}),
    }


def test_malformed_files(real_files: dict[str, Any]) -> None:
    for name, blob in _malformed(real_files["zip"]).items():
        try:
            real_torch.load(io.BytesIO(blob))
        except Exception as error:
            expected = RuntimeError if isinstance(error, RuntimeError) else type(error)
        else:
            raise AssertionError(f"real torch loaded {name}")
        if name == "bad_pickle":  # torch's own unpickler fails inside (struct.error, EOFError)
            expected = pickle.UnpicklingError
        with pytest.raises(expected):
            torch.load(io.BytesIO(blob))
