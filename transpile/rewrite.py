"""The import rewriter: finds framework imports with :mod:`ast`, rewrites each with libcst.

The whole file is parsed once by CPython's own parser (``ast``), which is fast, gives the
exact position of every import statement, and is the authority on what is valid Python.
Each import statement that must change is then parsed on its own by libcst, rewritten as a
libcst node, and its code is spliced back over exactly the characters the statement
spanned. Every other character of the file is copied through untouched, so comments,
strings, blank lines and formatting stay byte for byte by construction.
"""

from __future__ import annotations

import ast
import functools
import importlib.machinery
import importlib.util
import re
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import libcst as cst

__all__ = [
    "BACKENDS",
    "ECOSYSTEM",
    "FRAMEWORKS",
    "MARKER_COMMENT",
    "Diagnostic",
    "Result",
    "TranspileError",
    "TranspileSyntaxError",
    "TranspileWarning",
    "frontend_provides",
    "marker_line",
    "transpile_text",
]

#: The backends ``--to`` accepts (the names ``core.set_backend`` takes).
BACKENDS: tuple[str, ...] = ("numpy", "torch", "jax", "tensorflow")
#: The frameworks whose imports are rewritten (``--from`` restricts to some of them).
FRAMEWORKS: tuple[str, ...] = ("numpy", "torch", "jax", "tensorflow")
#: Companion packages of a framework: rewritten like it once ``frontends.<name>`` exists,
#: and until then left unchanged with a warning, since the script will not run on the
#: chosen backend through them.
ECOSYSTEM: dict[str, str] = {
    "torchvision": "torch",
    "torchaudio": "torch",
    "torchtext": "torch",
    "safetensors": "torch",
    "jaxlib": "jax",
    "flax": "jax",
    "optax": "jax",
    "haiku": "jax",
    "equinox": "jax",
    "keras": "tensorflow",
    "tf_keras": "tensorflow",
    "tensorflow_probability": "tensorflow",
    "tensorflow_datasets": "tensorflow",
    "tensorflow_hub": "tensorflow",
}

FRONTENDS_PACKAGE = "frontends"
#: Packages a frontend provides as a copy of the installed package itself
#: (``frontends.keras`` is the real Keras on the tensorflow frontend): each module of the
#: installed package is provided.
COPIED: frozenset[str] = frozenset({"keras"})
CORE_ALIAS = "_transpile_core"
MARKER_COMMENT = "# inserted by transpile"
_MARKER_RE = re.compile(
    r"^import core as _transpile_core; _transpile_core\.set_backend\((?P<q>[\"'])(?P<backend>\w+)(?P=q)\)[^\r\n]*",
    re.MULTILINE,
)
_NEWLINE_RE = re.compile(r"\r\n|\r|\n")


def marker_line(backend: str) -> str:
    """The line (without its newline) that sets the backend at the top of a script."""
    return f'import core as {CORE_ALIAS}; {CORE_ALIAS}.set_backend("{backend}")  {MARKER_COMMENT}'


class TranspileError(Exception):
    """A script cannot be transpiled (not Python, not readable, an unknown backend...)."""


class TranspileSyntaxError(TranspileError, SyntaxError):
    """The input is not valid Python. ``str()`` reads ``file:line:col: message``."""

    def __init__(self, message: str, filename: str, lineno: int, col: int) -> None:
        SyntaxError.__init__(self, message, (filename, lineno, col, None))
        self.message = message

    def __str__(self) -> str:
        return f"{self.filename}:{self.lineno}:{self.offset}: {self.message}"


class TranspileWarning(UserWarning):
    """An import the frontends do not provide was left unchanged."""


@dataclass(frozen=True)
class Diagnostic:
    """A warning about one line of the input."""

    filename: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}: warning: {self.message}"


@dataclass
class Result:
    """What :func:`transpile_text` gives: the new code, whether it changed, the warnings."""

    code: str
    changed: bool
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: The frameworks whose imports were rewritten, in the order first met.
    rewritten: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------------------
# which modules the frontends provide


def _find_spec(name: str, path: tuple[str, ...]) -> importlib.machinery.ModuleSpec | None:
    """``importlib``'s own search for submodule ``name`` on its parent's ``path`` (every
    finder of ``sys.meta_path``, as ``importlib.util.find_spec`` would ask them), but
    without importing the parent."""
    for finder in sys.meta_path:
        find_spec = getattr(finder, "find_spec", None)
        if find_spec is None:
            continue
        try:
            spec = find_spec(name, list(path), None)
        except (ImportError, ValueError):  # a broken finder or parent, a bad name
            continue
        if spec is not None:
            return spec
    return None


@functools.cache
def _spec(name: str) -> tuple[bool, tuple[str, ...] | None]:
    """Whether module ``name`` (fully qualified) can be found, and its ``__path__`` if it
    is a package. Imports nothing; a module already imported is taken as it is."""
    imported = sys.modules.get(name)
    if imported is not None:
        path = getattr(imported, "__path__", None)
        return True, tuple(path) if path is not None else None
    parent, _, _ = name.rpartition(".")
    if not parent:
        try:
            spec = importlib.util.find_spec(name)  # a top-level name: runs no code
        except (ImportError, ValueError):
            spec = None
    else:
        found, locations = _spec(parent)
        spec = _find_spec(name, locations) if found and locations is not None else None
    if spec is None:
        return False, None
    locations = spec.submodule_search_locations
    return True, tuple(locations) if locations is not None else None


def frontend_provides(module: str, package: str = FRONTENDS_PACKAGE) -> bool:
    """Whether ``frontends.<module>`` exists (``module`` like ``"torch.nn.functional"``).

    Found the way ``importlib.util.find_spec`` finds it, one package level at a time on the
    parent's ``__path__``, but without importing any parent (a missing parent just means
    "no"): transpiling never runs the frontends', core's or a framework's code. A module
    already imported counts too. Cached: each module is looked up once per process.
    """
    root = module.split(".", 1)[0]
    if root in COPIED:
        return _spec(f"{package}.{root}")[0] and _spec(module)[0]
    return _spec(f"{package}.{module}")[0]


def _clear_caches() -> None:
    """Forget what was looked up (for tests, and after frontends are added in-process)."""
    _spec.cache_clear()


# --------------------------------------------------------------------------------------
# the rewriting


def _framework_of(root: str) -> str | None:
    if root in FRAMEWORKS:
        return root
    return ECOSYSTEM.get(root)


def _dotted(name: str) -> cst.Attribute | cst.Name:
    cst = _libcst()[0]
    parts = name.split(".")
    node: cst.Attribute | cst.Name = cst.Name(parts[0])
    for part in parts[1:]:
        node = cst.Attribute(value=node, attr=cst.Name(part))
    return node


@functools.cache
def _libcst():
    """libcst, imported on first use (it takes ~0.1 s; --help, --version and files with
    nothing to rewrite do without)."""
    with warnings.catch_warnings():  # libcst 1.0 imports a deprecated mypy_extensions name
        warnings.simplefilter("ignore", DeprecationWarning)
        import libcst

    return libcst, libcst.Module(body=[])


def _code(node: cst.CSTNode) -> str:
    return _libcst()[1].code_for_node(node)


def _parse_import(segment: str) -> cst.Import | cst.ImportFrom:
    cst = _libcst()[0]
    line = cst.parse_statement(segment + "\n")
    assert isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
    node = line.body[0]
    assert isinstance(node, (cst.Import, cst.ImportFrom))
    return node


def _rewrite_import_from(segment: str, module: str) -> str:
    cst = _libcst()[0]
    node = _parse_import(segment)
    assert isinstance(node, cst.ImportFrom)
    return _code(node.with_changes(module=_dotted(f"{FRONTENDS_PACKAGE}.{module}")))


def _rewrite_import(segment: str, decisions: list[bool | str]) -> str:
    """Rewrite ``import a, b.c as d, ...``; ``decisions[i]``: whether alias i is rewritten
    (a module name: rewritten as an import of that module, for an alias with ``as``).

    ``import torch [as T]`` -> ``from frontends import torch [as T]``;
    ``import torch.nn.functional as F`` -> ``import frontends.torch.nn.functional as F``;
    ``import torch.nn`` (binds ``torch``) -> ``import frontends.torch.nn`` followed by
    ``from frontends import torch``. Aliases that stay are kept in a plain ``import``, and
    consecutive statements of the same kind are merged, so the bindings happen in order.
    """
    cst = _libcst()[0]
    node = _parse_import(segment)
    assert isinstance(node, cst.Import)
    aliases = list(node.names)
    assert len(aliases) == len(decisions)
    # (kind, alias): kind "import" -> `import x`, "from" -> `from frontends import x`
    pieces: list[tuple[str, cst.ImportAlias]] = []
    bind_roots: list[str] = []
    for alias, rewrite in zip(aliases, decisions):
        if not rewrite:
            pieces.append(("import", alias))
            continue
        if isinstance(rewrite, str):
            alias = alias.with_changes(name=_dotted(rewrite))
        name = _code(alias.name)
        if "." not in name:
            pieces.append(("from", alias))
        else:
            pieces.append(
                ("import", alias.with_changes(name=_dotted(f"{FRONTENDS_PACKAGE}.{name}")))
            )
            if alias.asname is None:
                root = name.split(".", 1)[0]
                if root not in bind_roots:
                    bind_roots.append(root)
    for root in bind_roots:
        already = any(
            kind == "from" and a.asname is None and _code(a.name) == root for kind, a in pieces
        )
        if not already:
            pieces.append(("from", cst.ImportAlias(name=cst.Name(root))))
    statements: list[str] = []
    kind_of_last = None
    group: list[cst.ImportAlias] = []

    def flush() -> None:
        if not group:
            return
        names = [
            a
            if isinstance(a.comma, cst.Comma)
            else a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in group[:-1]
        ]
        names.append(group[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT))
        if kind_of_last == "import":
            statements.append(
                _code(node.with_changes(names=names, semicolon=cst.MaybeSentinel.DEFAULT))
            )
        else:
            statements.append(
                _code(cst.ImportFrom(module=cst.Name(FRONTENDS_PACKAGE), names=names))
            )

    for kind, alias in pieces:
        if kind != kind_of_last:
            flush()
            group = []
            kind_of_last = kind
        group.append(alias)
    flush()
    return "; ".join(statements)


def _statements(body: Iterable[ast.AST]) -> Iterator[ast.AST]:
    for node in body:
        yield node
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            children = getattr(node, name, None)
            if children and isinstance(children, list):
                yield from _statements(children)


class _Source:
    """Line offsets of a text, for turning ``ast`` positions into string indices."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        self.starts.extend(m.end() for m in _NEWLINE_RE.finditer(text))
        self._ascii = text.isascii()

    def line(self, lineno: int) -> str:
        start = self.starts[lineno - 1]
        end = self.starts[lineno] if lineno < len(self.starts) else len(self.text)
        return self.text[start:end]

    def index(self, lineno: int, col_offset: int) -> int:
        """The string index of ``ast``'s (line, UTF-8 byte column)."""
        start = self.starts[lineno - 1]
        if self._ascii:
            return start + col_offset
        line = self.line(lineno)
        return start + len(line.encode("utf-8")[:col_offset].decode("utf-8"))

    def span(self, node: ast.stmt) -> tuple[int, int]:
        assert node.end_lineno is not None and node.end_col_offset is not None
        return self.index(node.lineno, node.col_offset), self.index(
            node.end_lineno, node.end_col_offset
        )

    def newline(self, lineno: int | None = None) -> str:
        """The line ending of line ``lineno`` if it has one, else the first in the text."""
        match = None
        if lineno is not None and lineno <= len(self.starts):
            match = _NEWLINE_RE.search(self.line(lineno))
        if match is None:
            match = _NEWLINE_RE.search(self.text)
        return match.group() if match else "\n"


def parse(text: str, filename: str) -> ast.Module:
    """Parse and compile-check ``text``; raise :class:`TranspileSyntaxError` if not Python."""
    where = text.find("\0")
    if where >= 0:
        lineno = text.count("\n", 0, where) + 1
        col = where - (text.rfind("\n", 0, where) + 1) + 1
        raise TranspileSyntaxError("source code cannot contain null bytes", filename, lineno, col)
    try:
        tree = compile(text, filename, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
        # the checks past the grammar (`return` outside a function, ...), from the tree
        compile(tree, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as error:
        raise TranspileSyntaxError(
            getattr(error, "msg", None) or str(error),
            filename,
            getattr(error, "lineno", None) or 1,
            getattr(error, "offset", None) or 1,
        ) from None
    return tree


def _normalize_from(from_: str | Iterable[str] | None) -> frozenset[str]:
    if from_ is None:
        return frozenset(FRAMEWORKS)
    names = [from_] if isinstance(from_, str) else list(from_)
    chosen = set()
    for entry in names:
        for name in entry.split(","):
            name = name.strip()
            if not name:
                continue
            if name not in FRAMEWORKS:
                raise TranspileError(
                    f"unknown framework {name!r}; choose from {', '.join(FRAMEWORKS)}"
                )
            chosen.add(name)
    if not chosen:
        raise TranspileError(f"no framework given; choose from {', '.join(FRAMEWORKS)}")
    return frozenset(chosen)


def check_backend(to: str) -> str:
    if to not in BACKENDS:
        raise TranspileError(f"unknown backend {to!r}; choose from {', '.join(BACKENDS)}")
    return to


def transpile_text(
    text: str,
    to: str,
    from_: str | Iterable[str] | None = None,
    *,
    filename: str = "<string>",
    provides: Callable[[str], bool] | None = None,
    redirect: Mapping[str, str] | None = None,
) -> Result:
    """Rewrite the framework imports of ``text`` to the frontends and set backend ``to``.

    ``from_``: the frameworks to rewrite (a name, comma-separated names or an iterable;
    default all four). ``provides(module)``: whether ``frontends.<module>`` exists
    (default :func:`frontend_provides`). ``redirect``: modules whose imports go to another
    module of the frontends (``{"numpy.lib._index_tricks_impl": "numpy"}``: ``from
    numpy.lib._index_tricks_impl import mgrid`` becomes ``from frontends.numpy import
    mgrid``), for a framework's private implementation modules whose names the frontend
    has in another module. Raises :class:`TranspileSyntaxError` when ``text``
    is not valid Python and :class:`TranspileError` for an unknown backend or framework.
    """
    check_backend(to)
    frameworks = _normalize_from(from_)
    provides = provides or frontend_provides
    tree = parse(text, filename)
    source = _Source(text)
    edits: list[tuple[int, int, str]] = []
    diagnostics: list[Diagnostic] = []
    rewritten: list[str] = []
    marker: ast.Import | None = None
    redirect = redirect or {}

    def unsupported(node: ast.stmt, module: str, binds: str | None = None) -> None:
        message = f"frontends provide no {module}; this import is left unchanged"
        if binds is not None:
            message += f" (so `{binds}` is the real {binds} after it)"
        diagnostics.append(Diagnostic(filename, node.lineno, message))

    for node in _statements(tree.body):
        if isinstance(node, ast.ImportFrom):
            if node.level or not node.module:
                continue
            framework = _framework_of(node.module.split(".", 1)[0])
            if framework is None or framework not in frameworks:
                continue
            module = redirect.get(node.module, node.module)
            if not provides(module):
                unsupported(node, node.module)
                continue
            start, end = source.span(node)
            edits.append((start, end, _rewrite_import_from(text[start:end], module)))
            if framework not in rewritten:
                rewritten.append(framework)
        elif isinstance(node, ast.Import):
            decisions = []
            for alias in node.names:
                root = alias.name.split(".", 1)[0]
                framework = _framework_of(root)
                if framework is None or framework not in frameworks:
                    decisions.append(False)
                elif alias.name in redirect and alias.asname and provides(redirect[alias.name]):
                    decisions.append(redirect[alias.name])
                    if framework not in rewritten:
                        rewritten.append(framework)
                elif not provides(alias.name):
                    unsupported(
                        node,
                        alias.name,
                        binds=root
                        if alias.asname is None and "." in alias.name and provides(root)
                        else None,
                    )
                    decisions.append(False)
                else:
                    decisions.append(True)
                    if framework not in rewritten:
                        rewritten.append(framework)
            if any(decisions):
                start, end = source.span(node)
                edits.append((start, end, _rewrite_import(text[start:end], decisions)))

    # the backend line: replace an existing one, else insert one if anything was rewritten
    for node in tree.body:
        if (
            isinstance(node, ast.Import)
            and node.col_offset == 0
            and len(node.names) == 1
            and node.names[0].name == "core"
            and node.names[0].asname == CORE_ALIAS
        ):
            marker = node
            break
    new_marker = marker_line(to)
    if marker is not None:
        start = source.starts[marker.lineno - 1]
        match = _MARKER_RE.match(text, start)
        if match is not None and match.group("backend") != to:
            edits.append((match.start(), match.end(), new_marker))
        elif match is None:
            marker = None
    if marker is None and edits:
        edits.append(_marker_insertion(tree, source, new_marker))

    if not edits:
        return Result(text, False, diagnostics, rewritten)
    edits.sort(key=lambda edit: (edit[0], edit[1]))
    pieces = []
    position = 0
    for start, end, replacement in edits:
        pieces.append(text[position:start])
        pieces.append(replacement)
        position = end
    pieces.append(text[position:])
    code = "".join(pieces)
    return Result(code, code != text, diagnostics, rewritten)


def _marker_insertion(tree: ast.Module, source: _Source, line: str) -> tuple[int, int, str]:
    """Where the backend line goes: after the docstring and ``from __future__`` imports,
    just before the next statement (so comments and blank lines before it stay above)."""
    body = tree.body
    index = 0
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        index = 1
    while (
        index < len(body)
        and isinstance(body[index], ast.ImportFrom)
        and body[index].module == "__future__"
    ):
        index += 1
    previous_end = body[index - 1].end_lineno if index > 0 else 0
    if index < len(body):
        following = body[index]
        first_line = min(
            [following.lineno] + [d.lineno for d in getattr(following, "decorator_list", ())]
        )
        if first_line > (previous_end or 0):
            at = source.starts[first_line - 1]
            return at, at, line + source.newline(first_line)
    # no statement after, or it shares the line of the last docstring/__future__ one
    if previous_end and previous_end < len(source.starts):
        at = source.starts[previous_end]
        return at, at, line + source.newline(previous_end)
    newline = source.newline()
    text = source.text
    if text and not text.endswith(("\n", "\r")):
        return len(text), len(text), newline + line + newline
    return len(text), len(text), line + newline


def warn(diagnostics: Iterable[Diagnostic], stacklevel: int = 3) -> None:
    for diagnostic in diagnostics:
        warnings.warn(str(diagnostic), TranspileWarning, stacklevel=stacklevel)
