"""The Python API: transpile_source / transpile_text / transpile_file, and module lookup."""

from __future__ import annotations

import difflib
import os
import stat
import sys
import warnings

import pytest

from tests.transpile.conftest import GOLDEN, golden_provides
from transpile import (
    BACKENDS,
    TranspileError,
    TranspileSyntaxError,
    TranspileWarning,
    frontend_provides,
    marker_line,
    transpile_file,
    transpile_source,
    transpile_text,
)
from transpile.files import write_atomic
from transpile.rewrite import _clear_caches


def run(source: str, to: str = "jax", **kwargs) -> str:
    return transpile_text(source, to, provides=golden_provides, **kwargs).code


MARK = marker_line("jax")


# ---- the forms of the issue, one by one


@pytest.mark.parametrize(
    ("line", "rewritten"),
    [
        ("import torch", "from frontends import torch"),
        ("import torch as T", "from frontends import torch as T"),
        ("import torch.nn as nn", "import frontends.torch.nn as nn"),
        ("import torch.nn.functional as F", "import frontends.torch.nn.functional as F"),
        ("import torch.nn", "import frontends.torch.nn; from frontends import torch"),
        ("from torch import nn, optim", "from frontends.torch import nn, optim"),
        (
            "from torch.nn import functional as F, Linear",
            "from frontends.torch.nn import functional as F, Linear",
        ),
        (
            "from torch.utils.data import DataLoader",
            "from frontends.torch.utils.data import DataLoader",
        ),
        ("import numpy as np", "from frontends import numpy as np"),
        ("import jax", "from frontends import jax"),
        ("import jax.numpy as jnp", "import frontends.jax.numpy as jnp"),
        (
            "from jax import numpy as jnp, random",
            "from frontends.jax import numpy as jnp, random",
        ),
        ("import tensorflow as tf", "from frontends import tensorflow as tf"),
        ("import torch, os", "from frontends import torch; import os"),
        ("import os, torch.nn as nn", "import os, frontends.torch.nn as nn"),
        ("import torch, torch.nn", "from frontends import torch; import frontends.torch.nn"),
    ],
)
def test_import_form(line: str, rewritten: str):
    assert run(line + "\n") == f"{MARK}\n{rewritten}\n"


def test_bindings_keep_their_names():
    """Executing the rewritten imports (with fake frontends) binds the same names."""
    source = "import torch.nn\nimport torch.nn.functional as F\nfrom jax import numpy as jnp\n"
    code = run(source).replace(MARK + "\n", "")
    names = set()
    for statement in code.replace(";", "\n").splitlines():
        statement = statement.strip()
        if statement.startswith("from "):
            imported = statement.split(" import ", 1)[1]
            names |= {part.split(" as ")[-1].strip() for part in imported.split(",")}
        elif statement.startswith("import "):
            for part in statement[7:].split(","):
                part = part.strip()
                names.add(part.split(" as ")[-1] if " as " in part else part.split(".")[0])
    assert names >= {"torch", "F", "jnp"}


def test_relative_future_and_other_imports_untouched():
    source = (
        "from __future__ import annotations\nfrom . import torch\nfrom .numpy import x\n"
        "import torch_utils, numpyro\nfrom mytorch import nn\nimport frontends.torch\n"
    )
    assert run(source) == source


def test_strings_comments_and_lookalike_names_untouched():
    source = (
        "# import torch\n"
        "s = 'import torch'\n"
        'd = """\nimport numpy as np\n"""\n'
        "torch_utils = mytorch = 1\n"
        "x.torch = torch_utils\n"
    )
    assert run(source) == source


def test_only_import_lines_change_in_golden_outputs():
    """Byte-for-byte: apart from the backend line, only import statements differ."""
    for case in sorted(GOLDEN.glob("*.py")):
        if case.with_suffix(".err").exists():
            continue
        text = case.read_bytes().decode()
        code = run(text, filename=case.name)
        removed, added = [], []
        for line in difflib.ndiff(text.splitlines(True), code.splitlines(True)):
            if line.startswith("- "):
                removed.append(line[2:])
            elif line.startswith("+ "):
                added.append(line[2:])
        assert all("import" in line for line in removed), (case, removed)
        assert all("import" in line for line in added), (case, added)
        assert len(added) == len(removed) + (1 if removed else 0), case


# ---- the backend line


def test_backend_line_inserted_once_and_idempotent():
    once = run('"""Doc."""\nimport torch\n')
    assert once == f'"""Doc."""\n{MARK}\nfrom frontends import torch\n'
    twice = transpile_text(once, "jax", provides=golden_provides)
    assert twice.code == once and not twice.changed


@pytest.mark.parametrize("backend", BACKENDS)
def test_other_backend_replaces_only_the_name(backend: str):
    once = run("import numpy as np\nx = 1\n")
    again = transpile_text(once, backend, provides=golden_provides).code
    assert again == once.replace(MARK, marker_line(backend))
    assert f'set_backend("{backend}")' in again


def test_backend_line_after_docstring_and_future_imports():
    source = (
        '#!/usr/bin/env python\n"""Doc."""\nfrom __future__ import annotations\n\n'
        "# comment\nimport torch\n"
    )
    assert run(source) == (
        '#!/usr/bin/env python\n"""Doc."""\nfrom __future__ import annotations\n\n'
        f"# comment\n{MARK}\nfrom frontends import torch\n"
    )


def test_no_backend_line_when_nothing_is_rewritten():
    source = '"""Doc."""\nimport os\n'
    result = transpile_text(source, "jax", provides=golden_provides)
    assert result.code == source and not result.changed


def test_backend_line_without_trailing_newline():
    assert run('"""Doc."""') == '"""Doc."""'
    assert run("import torch") == f"{MARK}\nfrom frontends import torch"
    assert run('"""Doc."""; import torch') == f'"""Doc."""; from frontends import torch\n{MARK}\n'


# ---- characters: line endings, encodings, columns


def test_crlf_line_endings_kept():
    source = '"""Doc."""\r\nimport torch  # c\r\nx = 1\r\n'
    assert run(source) == f'"""Doc."""\r\n{MARK}\r\nfrom frontends import torch  # c\r\nx = 1\r\n'


def test_non_ascii_before_an_import_on_the_same_line():
    source = 's = "ü€😀"; import numpy as np  # é\n'
    assert run(source) == f'{MARK}\ns = "ü€😀"; from frontends import numpy as np  # é\n'


def test_tabs_and_form_feeds():
    source = "if True:\n\timport torch\n\x0c\nx = 1\n"
    assert run(source) == f"{MARK}\nif True:\n\tfrom frontends import torch\n\x0c\nx = 1\n"


def test_empty_source():
    assert run("") == ""


# ---- --from


def test_redirect_sends_a_private_module_to_another_frontend_module():
    redirect = {"numpy.lib._index_tricks_impl": "numpy"}
    source = (
        "from numpy.lib._index_tricks_impl import mgrid, r_\n"
        "import numpy.lib._index_tricks_impl as it\n"
        "import numpy.lib._index_tricks_impl\n"
    )
    result = transpile_text(source, "jax", provides=lambda m: m == "numpy", redirect=redirect)
    assert result.code.splitlines()[1:] == [
        "from frontends.numpy import mgrid, r_",
        "from frontends import numpy as it",
        "import numpy.lib._index_tricks_impl",  # binds `numpy`: left, with a warning
    ]
    assert [d.line for d in result.diagnostics] == [3]


def test_from_restricts_frameworks():
    source = "import torch\nimport numpy as np\n"
    assert (
        run(source, from_="torch") == f"{MARK}\nfrom frontends import torch\nimport numpy as np\n"
    )
    assert (
        run(source, from_=["numpy"]) == f"{MARK}\nimport torch\nfrom frontends import numpy as np\n"
    )
    assert run(source, from_="torch,numpy") == run(source)


def test_from_also_restricts_warnings():
    result = transpile_text("import torchvision\n", "jax", "numpy", provides=golden_provides)
    assert result.diagnostics == []


# ---- bad input


def test_unknown_backend_lists_the_valid_ones():
    with pytest.raises(TranspileError, match="numpy, torch, jax, tensorflow"):
        transpile_text("import torch\n", "mxnet")


def test_unknown_framework():
    with pytest.raises(TranspileError, match="unknown framework 'mxnet'"):
        transpile_text("import torch\n", "jax", "mxnet")


def test_syntax_error_message():
    with pytest.raises(TranspileSyntaxError) as info:
        transpile_text("x = (\n", "jax", filename="f.py")
    assert str(info.value) == "f.py:1:5: '(' was never closed"
    assert isinstance(info.value, SyntaxError)


def test_null_byte_is_a_syntax_error():
    with pytest.raises(TranspileSyntaxError, match=r"^f.py:2:"):
        transpile_text("x = 1\ny = 2\0\n", "jax", filename="f.py")


# ---- unsupported modules


def test_unsupported_import_left_unchanged_with_warning():
    source = "import torch\nimport torchvision.models as models\n"
    result = transpile_text(source, "jax", filename="s.py", provides=golden_provides)
    assert (
        result.code == f"{MARK}\nfrom frontends import torch\nimport torchvision.models as models\n"
    )
    assert [str(d) for d in result.diagnostics] == [
        "s.py:2: warning: frontends provide no torchvision.models; this import is left unchanged"
    ]


def test_transpile_source_warns_through_warnings():
    with pytest.warns(TranspileWarning, match=r"s.py:1: warning: frontends provide no keras"):
        transpile_source("import keras\n", to="jax", filename="s.py", provides=golden_provides)


def test_frontend_provides_finds_modules_without_importing(tmp_path, monkeypatch):
    package = tmp_path / "fake_frontends_for_transpile"
    (package / "torch" / "nn").mkdir(parents=True)
    (package / "__init__.py").write_text("raise RuntimeError('must not be imported')\n")
    (package / "torch" / "__init__.py").write_text("raise RuntimeError('nor this')\n")
    (package / "torch" / "nn" / "__init__.py").write_text("")
    (package / "torch" / "nn" / "functional.py").write_text("")
    (package / "torch" / "fft.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    _clear_caches()
    try:
        name = package.name
        assert frontend_provides("torch", name)
        assert frontend_provides("torch.nn.functional", name)
        assert frontend_provides("torch.fft", name)
        assert not frontend_provides("torch.fft.sub", name)  # fft is a module, not a package
        assert not frontend_provides("torch.utils.data", name)
        assert not frontend_provides("torchvision", name)
        assert not frontend_provides("jax.numpy", name)
        assert not any(key.startswith(name) for key in sys.modules)
    finally:
        _clear_caches()


def test_real_frontends_checked():
    assert frontend_provides("torch") and frontend_provides("numpy")
    assert frontend_provides("torchvision")  # the stand-in timm needs (frontends/torchvision)
    assert not frontend_provides("torchvision.models")
    assert not frontend_provides("torchaudio")
    assert not frontend_provides("jax.experimental.surely_not_a_module")


# ---- files


def test_transpile_file_writes_atomically_and_keeps_encoding(tmp_path):
    source = tmp_path / "script.py"
    data = '# -*- coding: latin-1 -*-\ns = "caf\xe9"\nimport torch\n'.encode("latin-1")
    source.write_bytes(data)
    source.chmod(0o755)
    out = tmp_path / "out" / "script_jax.py"
    code = transpile_file(source, to="jax", output=out)
    assert out.read_bytes() == code.encode("latin-1")
    assert "from frontends import torch" in code and "caf\xe9" in code
    assert stat.S_IMODE(out.stat().st_mode) == 0o755
    assert source.read_bytes() == data
    assert sorted(p.name for p in out.parent.iterdir()) == ["script_jax.py"]


def test_transpile_file_keeps_a_bom(tmp_path):
    source = tmp_path / "bom.py"
    source.write_bytes(b"\xef\xbb\xbfimport numpy as np\n")
    transpile_file(source, to="torch", in_place=True)
    assert source.read_bytes().startswith(b"\xef\xbb\xbf" + marker_line("torch").encode())


def test_transpile_file_never_overwrites_its_input(tmp_path):
    source = tmp_path / "script.py"
    source.write_text("import torch\n")
    with pytest.raises(TranspileError, match="refusing to overwrite"):
        transpile_file(source, to="jax", output=source)
    link = tmp_path / "link.py"
    link.symlink_to(source)
    with pytest.raises(TranspileError, match="refusing to overwrite"):
        transpile_file(source, to="jax", output=link)
    assert source.read_text() == "import torch\n"
    transpile_file(source, to="jax", in_place=True)
    assert source.read_text().startswith(marker_line("jax"))


def test_transpile_file_missing_path(tmp_path):
    with pytest.raises(FileNotFoundError):
        transpile_file(tmp_path / "missing.py", to="jax")


def test_write_atomic_leaves_the_old_file_when_interrupted(tmp_path, monkeypatch):
    target = tmp_path / "t.py"
    target.write_text("old\n")

    def broken_replace(src, dst):
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk on fire"):
        write_atomic(target, b"new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["t.py"]


def test_no_warnings_for_supported_imports():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        transpile_source("import torch\n", to="numpy", provides=golden_provides)
