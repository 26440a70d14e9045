"""transpile: run a torch/numpy/jax/tensorflow script on another backend, through the frontends.

>>> from transpile import transpile_source
>>> print(transpile_source("import numpy as np\\nprint(np.add(1, 2))\\n", to="torch"), end="")
import core as _transpile_core; _transpile_core.set_backend("torch")  # inserted by transpile
from frontends import numpy as np
print(np.add(1, 2))

The command ``transpile PATH --to {numpy,torch,jax,tensorflow}`` (also ``python -m
transpile``) does the same to a file or a directory tree; ``transpile --help`` lists its
options.

Design decisions
----------------
How imports are rewritten (the names the script binds stay the names it used):

=============================================  ============================================
``import torch``                               ``from frontends import torch``
``import torch as T``                          ``from frontends import torch as T``
``import torch.nn as nn``                      ``import frontends.torch.nn as nn``
``import torch.nn.functional as F``            ``import frontends.torch.nn.functional as F``
``import torch.nn`` (binds ``torch``)          ``import frontends.torch.nn; from frontends
                                               import torch`` (also binds ``frontends``)
``from torch import nn, optim``                ``from frontends.torch import nn, optim``
``from torch.nn import functional as F, L``    ``from frontends.torch.nn import functional
                                               as F, L``
``import numpy as np`` / ``import jax`` /      ``from frontends import numpy as np`` / ...
``import tensorflow as tf``
``import jax.numpy as jnp``                    ``import frontends.jax.numpy as jnp``
``from jax import numpy as jnp, random``       ``from frontends.jax import numpy as jnp,
                                               random``
``import torch, os``                           ``from frontends import torch; import os``
=============================================  ============================================

- Imports at any depth are rewritten: in functions and classes, under ``if``, in
  ``try/except ImportError``, in ``with`` and ``match``. Relative imports, ``__future__``,
  ``importlib.import_module("torch")`` and every other import stay as they are.
- Only import statements are touched. The file is parsed by CPython's parser (``ast``, fast
  and the authority on valid Python); each import that changes is parsed alone by libcst,
  rewritten as a libcst node and spliced back over exactly its own characters. Everything
  else (comments, strings that say "import torch", names like ``torch_utils``, blank lines,
  line endings, the encoding) is kept byte for byte. Parsing the whole file with libcst
  would cost about as much as the 0.2 s budget for 1,000 lines on its own.
- The backend is set by one line, inserted once, after the module docstring and any
  ``from __future__`` imports (just before the next statement, so comments above that
  statement stay above), and only when some import was rewritten::

      import core as _transpile_core; _transpile_core.set_backend("jax")  # inserted by transpile

  Its name cannot clash with a user's. Transpiling the output again finds that line
  (a top-level ``import core as _transpile_core``) and changes nothing; transpiling it with
  another ``--to`` changes only the backend name in it. Every transpiled module of a tree
  gets the line, so each of them also runs on its own.
- Which modules the frontends provide is decided by looking for ``frontends.<module path>``
  the way ``importlib.util.find_spec`` does, one package level at a time, without
  importing anything (transpiling never runs frontend, core or framework code), cached per
  process. Support grows by itself as frontends add modules. An import of a module they do
  not provide (``torchvision``, ``tensorflow.keras.applications``, ``jax.experimental.x``,
  today also submodules such as ``torch.nn`` until the frontend has them) is left as it
  was, so it imports the real library if installed, and a warning names the module and
  the line: ``file:line: warning: frontends provide no torchvision; this import is left
  unchanged``. Companion packages (torchvision, flax, optax, keras, ...; see
  :data:`ECOSYSTEM`) count as their framework's for ``--from`` and for these warnings. For
  ``from X import a, b`` only ``X`` is checked: ``a`` may be an attribute, not a module.
- ``--from torch`` (``from_="torch"``) restricts which frameworks are rewritten; by default
  all four are, whichever the script imports.
- The command: the result goes to stdout, or ``-o FILE``; a directory needs ``-o DIR`` (its
  tree is mirrored, non-Python files copied, ``__pycache__`` and VCS folders skipped, the
  output folder itself skipped when inside the input), ``--in-place``, ``--check`` or
  ``--diff``. ``--diff`` prints a unified diff, ``--check`` exits 1 when something would
  change, ``--run`` executes the result from a temporary directory (the script's own
  directory and this project's root are put on ``PYTHONPATH``; arguments after ``--`` go
  to the script; the exit status is the script's), with :func:`frontends.install` active
  for torch, jax and tensorflow, so that the libraries the script imports (transformers,
  timm, keras, optax ...) run on the frontends too, not only the script's own imports. Writes are atomic (a temporary file in
  the destination directory, then ``os.replace``) and keep the input's permission bits.
  The input is overwritten only with ``--in-place``: ``-o`` naming the input is an error.
  A tree is transpiled completely in memory first; if any file fails, nothing is written.
- Exit status: 0 done, 1 ``--check`` found changes, 2 bad usage or bad input (not Python:
  ``file:line:col: message`` on stderr; a missing or unreadable path; an unknown ``--to``,
  whose message lists the valid backends). Warnings do not change the status.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from transpile.files import read_source, same_file, write_atomic
from transpile.rewrite import (
    BACKENDS,
    ECOSYSTEM,
    FRAMEWORKS,
    Diagnostic,
    Result,
    TranspileError,
    TranspileSyntaxError,
    TranspileWarning,
    frontend_provides,
    marker_line,
    transpile_text,
    warn,
)

__all__ = [
    "BACKENDS",
    "ECOSYSTEM",
    "FRAMEWORKS",
    "Diagnostic",
    "Result",
    "TranspileError",
    "TranspileSyntaxError",
    "TranspileWarning",
    "frontend_provides",
    "marker_line",
    "transpile_file",
    "transpile_source",
    "transpile_text",
]


def transpile_source(
    source: str,
    to: str,
    from_: str | Iterable[str] | None = None,
    *,
    filename: str = "<string>",
    provides: Callable[[str], bool] | None = None,
) -> str:
    """Return ``source`` with its framework imports rewritten to run on backend ``to``.

    Imports the frontends do not provide are left unchanged, each with a
    :class:`TranspileWarning`. Raises :class:`TranspileSyntaxError` for invalid Python and
    :class:`TranspileError` for an unknown backend or framework. Use :func:`transpile_text`
    to get the warnings as data instead.
    """
    result = transpile_text(source, to, from_, filename=filename, provides=provides)
    warn(result.diagnostics)
    return result.code


def transpile_file(
    path: str | os.PathLike[str],
    to: str,
    from_: str | Iterable[str] | None = None,
    *,
    output: str | os.PathLike[str] | None = None,
    in_place: bool = False,
    provides: Callable[[str], bool] | None = None,
) -> str:
    """Transpile the file at ``path``; write it to ``output`` or, with ``in_place``, over
    itself (atomically); return the new code.

    The file's encoding and line endings are kept. ``output`` naming ``path`` itself is
    refused (:class:`TranspileError`) unless ``in_place`` is given. Raises ``OSError`` when
    ``path`` cannot be read, and :class:`TranspileSyntaxError` for invalid Python.
    """
    if output is not None and in_place:
        raise TranspileError("give either output or in_place, not both")
    text, encoding = read_source(path)
    result = transpile_text(text, to, from_, filename=os.fspath(path), provides=provides)
    warn(result.diagnostics)
    target = path if in_place else output
    if target is not None:
        if not in_place and same_file(path, target):
            raise TranspileError(
                f"refusing to overwrite the input {os.fspath(path)!r}; use in_place=True"
            )
        if result.changed or not in_place:
            write_atomic(target, result.code.encode(encoding), mode_from=path)
    return result.code
