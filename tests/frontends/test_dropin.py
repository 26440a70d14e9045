"""frontends.install: every ``import torch`` in the process, libraries' included, gets the
frontend. Each case runs in a fresh interpreter: the drop-in changes process-wide state."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    library = tmp_path / "uses_torch"
    library.mkdir(exist_ok=True)
    (library / "__init__.py").write_text(
        "import torch\nimport torch.nn.functional as F\n"
        "def kind():\n    import torch\n    return type(torch.ones(1)).__module__\n"
    )
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        cwd=tmp_path,
        env={"PYTHONPATH": f"{ROOT}:{tmp_path}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _ok(completed: subprocess.CompletedProcess[str]) -> str:
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


def test_aliased_mode_without_real_torch(tmp_path):
    out = _ok(
        _run(
            """
            import importlib, importlib.metadata, importlib.util, sys
            import frontends
            frontends.install("torch", backend="numpy")
            assert frontends.dropin.installed_frameworks() == {"torch": "aliased"}
            import torch, uses_torch
            assert torch.__name__ == "frontends.torch" and uses_torch.torch is torch
            assert uses_torch.F is importlib.import_module("torch.nn.functional")
            # a submodule first imported through the alias is the frontend's submodule
            import torch.utils._pytree as pytree
            assert pytree is importlib.import_module("frontends.torch.utils._pytree")
            assert torch.utils.__name__ == "frontends.torch.utils"
            assert uses_torch.kind() == "frontends.torch._tensor"
            assert importlib.util.find_spec("torch") is not None
            print(importlib.metadata.version("torch"), torch.__version__)
            try:
                import torch.no_such_module
            except ModuleNotFoundError as error:
                print(error.name, "|", error)
            frontends.uninstall()
            assert "torch" not in sys.modules
            import torch
            print(torch.__name__, "torch._C" in sys.modules)
            """,
            tmp_path,
        )
    )
    lines = out.splitlines()
    assert lines[0] == "2.13.0 2.13.0"
    assert lines[1].startswith("torch.no_such_module | No module named 'torch.no_such_module'")
    assert "the torch frontend (frontends.torch) does not provide it" in lines[1]
    assert lines[2] == "torch True"  # after uninstall: real torch again


def test_shared_mode_on_the_torch_backend(tmp_path):
    out = _ok(
        _run(
            """
            import frontends, core
            frontends.install("torch", backend="torch")
            assert frontends.dropin.installed_frameworks() == {"torch": "shared"}
            import torch, uses_torch
            print(torch.__name__, uses_torch.kind())
            x = core.asarray([1.0, 2.0])  # core itself still runs on real torch
            print(type(x.data).__module__, float(core.sum(x)))
            print(type(torch.ones(2).numpy()).__module__)
            frontends.uninstall()
            import torch
            print(torch.__name__)
            """,
            tmp_path,
        )
    )
    assert out.splitlines() == [
        "frontends.torch frontends.torch._tensor",
        "torch 3.0",
        "numpy",
        "torch",
    ]


def test_backend_on_an_aliased_framework_is_refused(tmp_path):
    completed = _run(
        """
        import frontends, core
        frontends.install("torch", backend="numpy")
        import torch
        core.set_backend("torch")
        """,
        tmp_path,
    )
    assert completed.returncode == 1
    assert "RuntimeError: the 'torch' backend runs on the real torch" in completed.stderr
    assert "frontends.uninstall('torch')" in completed.stderr


def test_bind_routes_one_package(tmp_path):
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "__init__.py").write_text("import torch\n")
    out = _ok(
        _run(
            """
            from frontends import dropin
            dropin.bind("uses_torch", "torch")
            import uses_torch, plain
            print(uses_torch.torch.__name__, plain.torch.__name__)
            dropin.unbind("uses_torch")
            import builtins
            print(builtins.__import__ is dropin._real_import)
            """,
            tmp_path,
        )
    )
    assert out.splitlines() == ["frontends.torch torch", "True"]


@pytest.mark.parametrize("framework", ["numpy", "mxnet"])
def test_install_refuses_what_it_cannot_route(framework):
    import frontends

    with pytest.raises(ValueError, match=framework):
        frontends.install(framework)
    assert frontends.dropin.installed_frameworks() == {}


def test_transpile_run_covers_the_scripts_libraries(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("import uses_torch\nprint(uses_torch.kind())\n")
    completed = _run(
        "import sys, transpile.__main__ as m; sys.exit(m.main(sys.argv[1:]))",
        tmp_path,
        str(script),
        "--to",
        "jax",
        "--run",
    )
    assert _ok(completed).splitlines() == ["frontends.torch._tensor"]


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_companion_packages_get_their_stand_ins(tmp_path, backend):
    """A library's ``import torchvision`` / ``import safetensors`` gets frontends' stand-in
    while torch is installed, in both modes; availability probes still see the real install."""
    (tmp_path / "uses_vision").mkdir()
    (tmp_path / "uses_vision" / "__init__.py").write_text(
        "import torchvision\nfrom torchvision.ops.misc import FrozenBatchNorm2d\n"
        "import safetensors.torch\n"
        "try:\n    from torchvision.models.feature_extraction import x\n"
        "except ImportError as error:\n    missing = error\n"
    )
    out = _ok(
        _run(
            f"""
            import builtins, importlib.util
            import frontends
            from frontends import dropin
            real_answer = importlib.util.find_spec("torchvision")
            frontends.install("torch", backend={backend!r})
            import uses_vision
            print(uses_vision.torchvision.__name__, uses_vision.FrozenBatchNorm2d.__module__)
            print(uses_vision.safetensors.torch.__name__)
            print(type(uses_vision.missing).__name__, uses_vision.missing.name)
            print(importlib.util.find_spec("torchvision") == real_answer)
            frontends.uninstall()
            print(builtins.__import__ is dropin._real_import)
            """,
            tmp_path,
        )
    )
    assert out.splitlines() == [
        "frontends.torchvision frontends.torchvision.ops.misc",
        "frontends.safetensors.torch",
        "ModuleNotFoundError torchvision.models",
        "True",  # find_spec answers for the real package (transformers' probe uses it)
        "True",
    ]
