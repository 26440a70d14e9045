"""The command: options through main(argv) in-process, and a few real subprocesses."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from transpile import marker_line
from transpile.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = '"""A script."""\nimport numpy as np\n\nprint(np.ones(2))\n'
TRANSPILED = f'"""A script."""\n{marker_line("torch")}\nfrom frontends import numpy as np\n\nprint(np.ones(2))\n'


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "script.py"
    path.write_text(SCRIPT)
    return path


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    status = main([str(arg) for arg in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def python_m(*argv: str, cwd: Path | None = None, **kwargs) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "transpile", *map(str, argv)],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        **kwargs,
    )


# ---- output


def test_prints_to_stdout(capsys, script):
    assert cli(capsys, script, "--to", "torch") == (0, TRANSPILED, "")
    assert script.read_text() == SCRIPT


def test_output_file(capsys, script, tmp_path):
    out = tmp_path / "sub" / "out.py"
    assert cli(capsys, script, "--to", "torch", "-o", out) == (0, "", "")
    assert out.read_text() == TRANSPILED
    assert script.read_text() == SCRIPT


def test_output_into_a_directory(capsys, script, tmp_path):
    out = tmp_path / "outdir"
    out.mkdir()
    assert cli(capsys, script, "--to", "torch", "-o", out)[0] == 0
    assert (out / "script.py").read_text() == TRANSPILED


def test_stdin(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(SCRIPT.encode())))
    assert cli(capsys, "-", "--to", "torch") == (0, TRANSPILED, "")


def test_diff(capsys, script):
    status, out, _ = cli(capsys, script, "--to", "torch", "--diff")
    assert status == 0
    assert out.startswith(f"--- a/{script}\n+++ b/{script}\n")
    assert "-import numpy as np\n" in out
    assert "+from frontends import numpy as np\n" in out
    assert f"+{marker_line('torch')}\n" in out
    assert script.read_text() == SCRIPT


def test_check(capsys, script, tmp_path):
    status, out, err = cli(capsys, script, "--to", "torch", "--check")
    assert (status, out) == (1, "")
    assert f"would transpile {script}" in err
    done = tmp_path / "done.py"
    done.write_text(TRANSPILED)
    assert cli(capsys, done, "--to", "torch", "--check") == (0, "", "")
    assert cli(capsys, done, "--to", "jax", "--check")[0] == 1
    assert script.read_text() == SCRIPT


def test_in_place(capsys, script):
    script.chmod(0o750)
    assert cli(capsys, script, "--to", "torch", "--in-place") == (0, "", "")
    assert script.read_text() == TRANSPILED
    assert script.stat().st_mode & 0o777 == 0o750
    assert cli(capsys, script, "--to", "torch", "--in-place") == (0, "", "")
    assert script.read_text() == TRANSPILED  # idempotent
    assert cli(capsys, script, "--to", "torch", "--check") == (0, "", "")


def test_from(capsys, tmp_path):
    path = tmp_path / "mixed.py"
    path.write_text("import torch\nimport numpy as np\n")
    status, out, _ = cli(capsys, path, "--to", "jax", "--from", "numpy")
    assert status == 0
    assert out == f"{marker_line('jax')}\nimport torch\nfrom frontends import numpy as np\n"
    status, out2, _ = cli(capsys, path, "--to", "jax", "--from", "numpy,torch")
    assert "from frontends import torch" in out2
    assert cli(capsys, path, "--to", "jax", "--from", "numpy", "--from", "torch")[1] == out2


# ---- trees


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "pkg" / "__pycache__").mkdir(parents=True)
    (root / "main.py").write_text(SCRIPT)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "model.py").write_text("import torch.nn as nn\n")
    (root / "pkg" / "data.csv").write_bytes(b"a,b\n1,2\n")
    (root / "pkg" / "__pycache__" / "model.cpython-311.pyc").write_bytes(b"\0")
    return root


def test_directory_mirrors_the_tree(capsys, tree, tmp_path):
    out = tmp_path / "out"
    assert cli(capsys, tree, "--to", "torch", "-o", out)[0] == 0
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert files == ["main.py", "pkg/__init__.py", "pkg/data.csv", "pkg/model.py"]
    assert (out / "main.py").read_text() == TRANSPILED
    assert (out / "pkg" / "__init__.py").read_text() == ""
    assert (out / "pkg" / "data.csv").read_bytes() == b"a,b\n1,2\n"
    assert (tree / "main.py").read_text() == SCRIPT


def test_directory_needs_output(capsys, tree):
    status, _, err = cli(capsys, tree, "--to", "torch")
    assert status == 2 and "is a directory: give -o DIR" in err


def test_directory_output_inside_input_is_skipped_when_walking(capsys, tree):
    out = tree / "build"
    assert cli(capsys, tree, "--to", "torch", "-o", out)[0] == 0
    assert cli(capsys, tree, "--to", "torch", "-o", out)[0] == 0
    assert not (out / "build").exists()


def test_directory_check_and_in_place(capsys, tree):
    status, _, err = cli(capsys, tree, "--to", "torch", "--check")
    assert status == 1
    assert "main.py" in err and "model.py" in err and "__init__" not in err
    assert cli(capsys, tree, "--to", "torch", "--in-place")[0] == 0
    assert (tree / "main.py").read_text() == TRANSPILED
    assert cli(capsys, tree, "--to", "torch", "--check")[0] == 0


def test_directory_with_a_bad_file_writes_nothing(capsys, tree, tmp_path):
    (tree / "pkg" / "broken.py").write_text("def f(:\n")
    out = tmp_path / "out"
    status, _, err = cli(capsys, tree, "--to", "torch", "-o", out)
    assert status == 2
    assert f"{tree / 'pkg' / 'broken.py'}:1:7: invalid syntax" in err
    assert "nothing was written" in err
    assert not out.exists()


# ---- never clobber


def test_output_naming_the_input_is_refused(capsys, script, tmp_path):
    status, out, err = cli(capsys, script, "--to", "torch", "-o", script)
    assert status == 2 and out == ""
    assert "refusing to overwrite the input" in err and "--in-place" in err
    link = tmp_path / "alias.py"
    link.symlink_to(script)
    assert cli(capsys, script, "--to", "torch", "-o", link)[0] == 2
    assert cli(capsys, script, "--to", "torch", "-o", script.parent)[0] == 2
    assert script.read_text() == SCRIPT


def test_directory_output_naming_the_input_is_refused(capsys, tree):
    status, _, err = cli(capsys, tree, "--to", "torch", "-o", tree)
    assert status == 2 and "refusing" in err
    assert (tree / "main.py").read_text() == SCRIPT


def test_in_place_and_output_are_exclusive(capsys, script, tmp_path):
    status, _, err = cli(capsys, script, "--to", "torch", "--in-place", "-o", tmp_path / "x.py")
    assert status == 2 and "not allowed with" in err


# ---- bad input


def test_invalid_python(capsys, tmp_path):
    path = tmp_path / "bad.py"
    path.write_text("import torch\nx = (1,\n")
    out = tmp_path / "out.py"
    status, stdout, err = cli(capsys, path, "--to", "jax", "-o", out)
    assert status == 2 and stdout == ""
    assert err.splitlines()[0] == f"{path}:2:5: '(' was never closed"
    assert not out.exists()


def test_missing_path(capsys, tmp_path):
    status, out, err = cli(capsys, tmp_path / "nope.py", "--to", "jax")
    assert (status, out) == (2, "")
    assert (
        err
        == f"transpile: error: cannot read '{tmp_path / 'nope.py'}': no such file or directory\n"
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_unreadable_path(capsys, script):
    script.chmod(0)
    try:
        status, _, err = cli(capsys, script, "--to", "jax")
    finally:
        script.chmod(0o644)
    assert status == 2 and "cannot read" in err and "ermission denied" in err


def test_undecodable_file(capsys, tmp_path):
    path = tmp_path / "latin.py"
    path.write_bytes(b's = "caf\xe9"\n')
    status, _, err = cli(capsys, path, "--to", "jax")
    assert status == 2 and err.startswith(f"{path}:1:1: cannot decode the file")


def test_unknown_backend_lists_choices(capsys, script):
    status, _, err = cli(capsys, script, "--to", "mxnet")
    assert status == 2
    assert "invalid choice: 'mxnet'" in err
    assert "'numpy', 'torch', 'jax', 'tensorflow'" in err


def test_unknown_from(capsys, script):
    status, _, err = cli(capsys, script, "--to", "jax", "--from", "mxnet")
    assert status == 2 and "numpy, torch, jax, tensorflow" in err


def test_missing_to(capsys, script):
    status, _, err = cli(capsys, script)
    assert status == 2 and "--to" in err


def test_unsupported_module_warns(capsys, tmp_path):
    path = tmp_path / "audio.py"
    path.write_text("import torch\nimport torchaudio\n")
    status, out, err = cli(capsys, path, "--to", "jax")
    assert status == 0
    assert "from frontends import torch\nimport torchaudio\n" in out
    assert err == (
        f"{path}:2: warning: frontends provide no torchaudio; this import is left unchanged\n"
    )
    assert cli(capsys, path, "--to", "jax", "-q")[2] == ""


def test_script_arguments_need_run(capsys, script):
    status, _, err = cli(capsys, script, "--to", "jax", "--", "x")
    assert status == 2 and "--run" in err


# ---- help, version, python -m, --run (real processes)


def test_help(capsys):
    status, out, _ = cli(capsys, "--help")
    assert status == 0
    for option in ("--to", "--from", "-o", "--diff", "--check", "--run", "--in-place"):
        assert option in out


def test_version(capsys):
    from transpile.__main__ import version

    status, out, _ = cli(capsys, "--version")
    assert (status, out) == (0, f"transpile {version()}\n")
    assert version() != "unknown"


def test_python_m_transpile(script):
    completed = python_m(script, "--to", "torch")
    assert (completed.returncode, completed.stdout) == (0, TRANSPILED)
    completed = python_m(script, "--to", "mxnet")
    assert completed.returncode == 2 and "invalid choice" in completed.stderr
    completed = python_m("--version")
    assert completed.returncode == 0 and completed.stdout.startswith("transpile ")


def test_run_passes_arguments_and_exit_status(tmp_path):
    path = tmp_path / "args.py"
    path.write_text(
        "import sys\nimport numpy as np\n"
        "from helper import VALUE\n"  # a module next to the script is importable
        "print(sys.argv[1:], VALUE, np.__name__)\nraise SystemExit(3)\n"
    )
    (tmp_path / "helper.py").write_text("VALUE = 7\n")
    completed = python_m(path, "--to", "numpy", "--run", "--", "a", "--b", cwd=tmp_path)
    assert completed.returncode == 3, completed.stderr
    assert completed.stdout == "['a', '--b'] 7 frontends.numpy\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".py") == [
        "args.py",
        "helper.py",
    ]
    assert path.read_text().startswith("import sys\n")


def test_unreadable_path_message(capsys, script, monkeypatch):
    import transpile.__main__ as cli_module

    def denied(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(cli_module, "read_source", denied)
    status, out, err = cli(capsys, script, "--to", "jax")
    assert (status, out) == (2, "")
    assert err == f"transpile: error: cannot read '{script}': Permission denied\n"
