"""safetensors through the frontends against the real library: byte-identical files both
ways for every dtype the real library takes, metadata, safe_open, the real library's
errors (shared or non-contiguous tensors, malformed headers), save_model/load_model, and a
transpiled script that imports ``safetensors.torch``."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import numpy
import pytest
import safetensors
import safetensors.numpy as real_np
import safetensors.torch as real_st
import torch as real_torch

from frontends import torch
from frontends.safetensors import numpy as st_numpy
from frontends.safetensors import torch as st_torch
from tests.frontends.torch.oracle import assert_matches, to_frontend, to_real

ROOT = pathlib.Path(__file__).resolve().parents[3]
RNG = numpy.random.default_rng(0)
# every dtype both torch and the real library take (it has no complex128)
NAMES = (
    "bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
    "bfloat16", "float16", "float32", "float64", "complex64",
)  # fmt: skip


def _data(name: str, shape: tuple[int, ...]) -> numpy.ndarray:
    if name == "bool":
        return RNG.random(shape) < 0.5
    if name.startswith("complex"):
        return RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)
    if name in ("bfloat16", "float16", "float32", "float64"):
        return RNG.standard_normal(shape)
    return RNG.integers(0, 100, shape).astype(name)


@pytest.fixture(scope="module")
def arrays() -> dict[str, tuple[numpy.ndarray, str]]:
    values = {f"t_{n}": (_data(n, (2, 3)), n) for n in NAMES}
    values["scalar"] = (numpy.array(1.5), "float64")
    values["empty"] = (numpy.zeros((0, 4)), "float32")
    values["é-name"] = (_data("int8", (5,)), "int8")
    return values


def test_torch_both_ways(backend: str, arrays: dict, tmp_path: pathlib.Path) -> None:
    ours = {k: to_frontend(a, n) for k, (a, n) in arrays.items()}
    theirs = {k: to_real(a, n) for k, (a, n) in arrays.items()}
    for metadata in (None, {"format": "pt"}):
        data = st_torch.save(ours, metadata=metadata)
        assert data == real_st.save(theirs, metadata=metadata)
        loaded = real_st.load(data)
        for name, tensor in ours.items():
            assert_matches(tensor, loaded[name])
    st_torch.save_file(ours, tmp_path / "ours.safetensors", metadata={"k": "v"})
    real_st.save_file(theirs, tmp_path / "real.safetensors", metadata={"k": "v"})
    assert (tmp_path / "ours.safetensors").read_bytes() == (
        tmp_path / "real.safetensors"
    ).read_bytes()
    loaded = st_torch.load_file(tmp_path / "real.safetensors")
    assert list(loaded) == sorted(theirs)
    for name, tensor in theirs.items():
        assert_matches(loaded[name], tensor)
    for name, tensor in st_torch.load(real_st.save(theirs)).items():
        assert_matches(tensor, theirs[name])
    with st_torch.safe_open(tmp_path / "real.safetensors", framework="pt") as ours_f:
        with safetensors.safe_open(tmp_path / "real.safetensors", framework="pt") as real_f:
            assert ours_f.keys() == sorted(real_f.keys())
            assert ours_f.metadata() == real_f.metadata()
            assert_matches(ours_f.get_tensor("t_float32"), real_f.get_tensor("t_float32"))
            ours_slice = ours_f.get_slice("t_int64")
            real_slice = real_f.get_slice("t_int64")
            assert ours_slice.get_shape() == real_slice.get_shape()
            assert ours_slice.get_dtype() == real_slice.get_dtype()
            assert_matches(ours_slice[1:, ::2], real_slice[1:, ::2])


def test_numpy_both_ways(tmp_path: pathlib.Path) -> None:
    values = {f"a_{n}": _data(n, (3, 2)).astype(n) for n in NAMES if n != "bfloat16"}
    data = st_numpy.save(values, metadata={"m": "1"})
    assert data == real_np.save(values, metadata={"m": "1"})
    loaded = st_numpy.load(real_np.save(values))
    for name, array in values.items():
        result = numpy.asarray(loaded[name])
        assert result.dtype == array.dtype and numpy.array_equal(result, array)
    real_np.save_file(values, tmp_path / "a.safetensors")
    assert set(st_numpy.load_file(tmp_path / "a.safetensors")) == set(values)


def _error(call):
    try:
        call()
    except Exception as error:
        return error
    raise AssertionError("no error")


def test_errors_as_the_real_library() -> None:
    base = to_frontend(numpy.ones((2, 3), numpy.float32))
    real = real_torch.ones(2, 3)
    good = real_st.save({"a": real})
    cases = [
        (lambda: st_torch.save({"a": base, "b": base[0]}), lambda: real_st.save({"a": real, "b": real[0]})),
        (lambda: st_torch.save({"a": base.T}), lambda: real_st.save({"a": real.T})),
        (lambda: st_torch.save({1: base}), lambda: real_st.save({1: real})),
        (lambda: st_torch.save({"a": 3}), lambda: real_st.save({"a": 3})),
        (lambda: st_torch.save({"c": torch.ones(1, dtype=torch.complex128)}),
         lambda: real_st.save({"c": real_torch.ones(1, dtype=real_torch.complex128)})),
    ]  # fmt: skip
    for raw in (b"\x05", b"\xff" * 8 + b"{}", b"\x02\0\0\0\0\0\0\0{]", good[:-3], good + b"x"):
        cases.append((lambda raw=raw: st_torch.load(raw), lambda raw=raw: real_st.load(raw)))
    for ours, theirs in cases:
        expected = _error(theirs)
        got = _error(ours)
        if type(expected).__name__ == "SafetensorError":
            assert isinstance(got, safetensors_error())
            assert str(got).startswith("Error while deserializing")
        else:
            assert type(got) is type(expected), (got, expected)


def safetensors_error() -> type:
    from frontends.safetensors import SafetensorError

    return SafetensorError


def test_model_round_trip(tmp_path: pathlib.Path) -> None:
    real_torch.manual_seed(0)
    reference = real_torch.nn.Sequential(real_torch.nn.Linear(3, 4), real_torch.nn.Linear(4, 2))
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Linear(4, 2))
    real_st.save_model(reference, tmp_path / "real.safetensors")
    missing, unexpected = st_torch.load_model(model, tmp_path / "real.safetensors")
    assert missing == [] and unexpected == []
    for p, q in zip(model.parameters(), reference.parameters()):
        assert_matches(p.detach(), q.detach())
    st_torch.save_model(model, tmp_path / "ours.safetensors")
    assert (tmp_path / "ours.safetensors").read_bytes() == (
        tmp_path / "real.safetensors"
    ).read_bytes()


SCRIPT = """
import sys
import torch
from safetensors.torch import load_file, save_file

weights = {"w": torch.arange(6, dtype=torch.float32).reshape(2, 3), "b": torch.ones(3)}
save_file(weights, sys.argv[1], metadata={"format": "pt"})
loaded = load_file(sys.argv[1])
print(type(loaded["w"]).__module__, (loaded["w"] * 2 + loaded["b"]).sum().item())
"""


def test_transpiled_script(tmp_path: pathlib.Path) -> None:
    from transpile.rewrite import transpile_text

    result = transpile_text(SCRIPT, to="numpy")
    assert "from frontends.safetensors.torch import load_file, save_file" in result.code
    script = tmp_path / "script.py"
    script.write_text(result.code)
    out = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "w.safetensors")],
        capture_output=True, text=True, cwd=ROOT, check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert out.stdout.split() == ["frontends.torch._tensor", "36.0"]
    real = real_st.load_file(tmp_path / "w.safetensors")
    assert real["w"].tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    assert (tmp_path / "w.safetensors").read_bytes() == real_st.save(
        {"w": real["w"], "b": real["b"]}, metadata={"format": "pt"}
    )


def test_slices_backends_and_storage_as_the_real_library(tmp_path: pathlib.Path) -> None:
    """What transformers' loading reads: get_slice (a 0-d tensor stays 0-d), safe_open's
    backend argument, storage_ptr/storage_size (views share their tensor's)."""
    from frontends import safetensors as frontend_safetensors

    path = tmp_path / "s.safetensors"
    real_st.save_file({"scale": real_torch.tensor(2.5), "w": real_torch.ones(3, 2)}, path)
    for library in (safetensors, frontend_safetensors):
        opened = library.safe_open(path, framework="pt", backend="pread")
        assert tuple(opened.get_slice("scale")[...].shape) == ()
        assert opened.get_slice("w").get_shape() == [3, 2]
        assert tuple(opened.get_slice("w")[1:].shape) == (2, 2)
        with pytest.raises(Exception, match='backend "disk" is invalid'):
            library.safe_open(path, framework="pt", backend="disk")
    for lib, module in ((real_st, real_torch), (st_torch, torch)):
        base = module.ones(4, 3)
        view, other = base[1:], module.ones(4, 3)
        assert lib.storage_ptr(view) == lib.storage_ptr(base) != lib.storage_ptr(other)
        assert lib.storage_size(view) == lib.storage_size(base) == 48
