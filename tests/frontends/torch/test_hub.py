"""torch.hub against real torch: the cache directory, loading a checkpoint cached under its
URL's file name, ``file://`` URLs with the hash check, and the clear errors for what the
frontend does not do (download over the network, run a repository's hubconf.py)."""

from __future__ import annotations

import hashlib

import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import assert_matches


@pytest.fixture
def hub_home(tmp_path, monkeypatch):
    """TORCH_HOME in a temporary folder for both torches, their set_dir undone."""
    monkeypatch.setenv("TORCH_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(torch.hub, "_hub_dir", None)
    monkeypatch.setattr(real_torch.hub, "_hub_dir", None)
    return tmp_path


def _checkpoint(folder, name="weights.pth"):
    """A state dict saved by real torch, its path and its SHA256."""
    state = {"w": real_torch.arange(6.0).reshape(2, 3), "b": real_torch.tensor([1, 2])}
    path = folder / name
    real_torch.save(state, path)
    return state, path, hashlib.sha256(path.read_bytes()).hexdigest()


def test_dirs_as_torch(hub_home, monkeypatch):
    assert torch.hub.get_dir() == real_torch.hub.get_dir() == str(hub_home / "home" / "hub")
    assert torch.hub._get_torch_home() == real_torch.hub._get_torch_home()
    monkeypatch.delenv("TORCH_HOME")
    monkeypatch.setenv("XDG_CACHE_HOME", str(hub_home / "xdg"))
    assert torch.hub.get_dir() == real_torch.hub.get_dir()
    torch.hub.set_dir("~/elsewhere")
    real_torch.hub.set_dir("~/elsewhere")
    assert torch.hub.get_dir() == real_torch.hub.get_dir()
    assert torch.hub.HASH_REGEX.pattern == real_torch.hub.HASH_REGEX.pattern
    assert torch.hub.urlparse is real_torch.hub.urlparse


@pytest.mark.parametrize("weights_only", [True, False])
def test_load_state_dict_from_url_reads_the_cache(backend, hub_home, weights_only):
    url = "https://example.invalid/models/resnet-0123abcd.pth"
    cache = hub_home / "home" / "hub" / "checkpoints"
    cache.mkdir(parents=True)
    state, _, _ = _checkpoint(cache, "resnet-0123abcd.pth")
    expected = real_torch.hub.load_state_dict_from_url(url, weights_only=weights_only)
    ours = torch.hub.load_state_dict_from_url(url, weights_only=weights_only)
    assert list(ours) == list(expected) == list(state)
    for key in state:
        assert_matches(ours[key], expected[key])
    # file_name and model_dir name the cached file as in torch
    other = hub_home / "other"
    other.mkdir()
    _checkpoint(other, "named.pth")
    loaded = torch.hub.load_state_dict_from_url(url, model_dir=str(other), file_name="named.pth")
    assert_matches(loaded["w"], state["w"])


def test_a_missing_file_names_where_to_put_it(hub_home):
    url = "https://example.invalid/models/vit-0123abcd.pth"
    with pytest.raises(FileNotFoundError) as error:
        torch.hub.load_state_dict_from_url(url)
    where = hub_home / "home" / "hub" / "checkpoints" / "vit-0123abcd.pth"
    assert str(where) in str(error.value) and "does not download" in str(error.value)
    with pytest.raises(FileNotFoundError, match="does not download"):
        torch.hub.download_url_to_file(url, str(hub_home / "x.pth"))


def test_file_urls_with_the_hash_check(backend, hub_home):
    state, source, digest = _checkpoint(hub_home)
    url = source.as_uri()
    for hub, dst in ((torch.hub, "ours.pth"), (real_torch.hub, "theirs.pth")):
        hub.download_url_to_file(url, str(hub_home / dst), hash_prefix=digest[:10])
    assert (hub_home / "ours.pth").read_bytes() == (hub_home / "theirs.pth").read_bytes()
    for hub in (torch.hub, real_torch.hub):
        with pytest.raises(RuntimeError, match="invalid hash value") as error:
            hub.download_url_to_file(url, str(hub_home / "bad.pth"), hash_prefix="ffff0000")
        assert digest in str(error.value)
        assert not (hub_home / "bad.pth").exists()
    # a file:// URL not yet cached is fetched into the cache and checked by its name's hash
    named = source.rename(hub_home / f"weights-{digest[:8]}.pth")
    loaded = torch.hub.load_state_dict_from_url(named.as_uri(), check_hash=True)
    assert (hub_home / "home" / "hub" / "checkpoints" / named.name).exists()
    assert_matches(loaded["b"], state["b"])


@pytest.mark.parametrize("name", ["load", "list", "help"])
def test_hubconf_entry_points_are_refused(name):
    args = ("pytorch/vision", "resnet18")[: 1 if name == "list" else 2]
    with pytest.raises(NotImplementedError, match=f"torch.hub.{name} is not provided"):
        getattr(torch.hub, name)(*args)
