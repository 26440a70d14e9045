"""Importer-aware import routing, the one mechanism behind ``frontends.install`` (shared
mode), ``frontends.bind`` and the tensorflow frontend's copy of Keras.

An ``import X`` statement calls ``builtins.__import__`` with the importer's globals. While a
*route* is registered, :func:`_import` asks each route whether the importing module should
get another top-level package for ``X`` (``frontends.tensorflow`` for ``tensorflow``, say)
and imports that instead. ``importlib.import_module`` does not pass through
``builtins.__import__`` and is never redirected.

:func:`load_copy` loads a second, independent copy of an installed pure-Python package
under another name (its modules run again, with their own globals and registries), so that
a package such as Keras can run on a frontend while the real one, on the real framework,
stays importable in the same process.
"""

from __future__ import annotations

import builtins
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

__all__ = [
    "Route", "add_route", "alias", "import_replacement", "load_copy", "not_provided",
    "remove_route",
]  # fmt: skip

#: A route: given the top-level name of an import and the importing module's ``__name__``,
#: the name of the module that replaces that top-level package, or None.
Route = Callable[[str, str], "str | None"]

_real_import = builtins.__import__
_routes: list[Route] = []


def not_provided(name: str, replacement: str) -> ModuleNotFoundError:
    """The error for ``import name`` where ``replacement`` (the frontend) lacks the module."""
    top = name.partition(".")[0]
    return ModuleNotFoundError(
        f"No module named {name!r}: the {top} frontend ({replacement}) does not provide it, "
        f"and the real {top} is not used in its place",
        name=name,
    )


def import_replacement(name: str, replacement: str, fromlist: Any = ()) -> ModuleType:
    """``import name`` answered from ``replacement`` (the module standing for ``name``'s top
    package), as ``__import__`` returns it: the leaf module when ``fromlist`` is given, the
    replacement itself otherwise. A missing submodule raises :func:`not_provided`."""
    top, _, rest = name.partition(".")
    target = f"{replacement}.{rest}" if rest else replacement
    try:
        module = _real_import(target, None, None, fromlist or ("__name__",), 0)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if missing == target or (target.startswith(missing + ".") and missing != replacement):
            raise not_provided(top + missing.removeprefix(replacement), replacement) from None
        raise
    return module if fromlist else sys.modules[replacement]


def _import(
    name: str,
    globals: dict[str, Any] | None = None,
    locals: Any = None,
    fromlist: Any = (),
    level: int = 0,
) -> ModuleType:
    if level == 0 and _routes:
        top = name.partition(".")[0]
        importer = (globals or {}).get("__name__") or "__main__"
        for route in _routes:
            replacement = route(top, importer)
            if replacement is not None:
                return import_replacement(name, replacement, fromlist)
    return _real_import(name, globals, locals, fromlist, level)


def add_route(route: Route) -> None:
    """Register ``route`` (first registered, first asked) and activate the import hook."""
    if route not in _routes:
        _routes.append(route)
    builtins.__import__ = _import


def remove_route(route: Route) -> None:
    """Unregister ``route``; the hook is removed with the last route."""
    if route in _routes:
        _routes.remove(route)
    if not _routes and builtins.__import__ is _import:
        builtins.__import__ = _real_import


class _AfterExec(importlib.abc.MetaPathFinder):
    """Finds the named modules of a copy as the path finder does and runs a callback on
    each right after it executes (before any later module of the copy uses it)."""

    def __init__(self, callbacks: Mapping[str, Callable[[ModuleType], None]]) -> None:
        self.callbacks = dict(callbacks)

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        callback = self.callbacks.pop(fullname, None)
        if callback is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        exec_module = spec.loader.exec_module

        def exec_then_call(module: ModuleType) -> None:
            exec_module(module)
            callback(module)

        spec.loader.exec_module = exec_then_call  # type: ignore[method-assign]
        return spec


def load_copy(package: str, name: str, replacements: Mapping[str, str | None],
              after: Mapping[str, Callable[[ModuleType], None]] | None = None) -> ModuleType:  # fmt: skip
    """Import a fresh copy of the installed top-level ``package`` as module ``name``.

    Inside the copy, ``import <package>`` gets the copy and ``import <key>`` gets
    ``replacements[key]`` (a frontend), or raises ImportError where that is None (a package
    the copy must not load). ``after[submodule]`` (names relative to the copy, e.g.
    ``"src.utils"``) is called with that module of the copy as soon as it has executed.
    The real ``package`` is not imported. Returns the copy (already in ``sys.modules``).
    """
    if name in sys.modules:
        return sys.modules[name]
    found = importlib.util.find_spec(package)  # a top-level spec: nothing is imported
    if found is None or not found.submodule_search_locations or not found.origin:
        raise ModuleNotFoundError(f"No module named {package!r}", name=package)
    mapping = {package: name, **replacements}
    prefix = name + "."

    def route(top: str, importer: str) -> str | None:
        if importer == name or importer.startswith(prefix):
            if top in mapping and mapping[top] is None:
                raise ModuleNotFoundError(
                    f"No module named {top!r}: {name} (a copy of {package}) does not use it",
                    name=top,
                )
            return mapping.get(top)
        return None

    add_route(route)
    finder = _AfterExec({f"{name}.{k}": v for k, v in (after or {}).items()})
    sys.meta_path.insert(0, finder)
    spec = importlib.util.spec_from_file_location(
        name, found.origin, submodule_search_locations=list(found.submodule_search_locations)
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        for key in [k for k in sys.modules if k == name or k.startswith(prefix)]:
            del sys.modules[key]
        remove_route(route)
        raise
    finally:
        sys.meta_path.remove(finder)
    return module


class _AliasLoader(importlib.abc.Loader):
    """Loads a module as another, already imported module object."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return self.module

    def exec_module(self, module: ModuleType) -> None:
        """The module has run already, under its own name."""


class _Alias(importlib.abc.MetaPathFinder):
    def __init__(self, name: str, target: str) -> None:
        self.prefix, self.target = name + ".", target

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if not fullname.startswith(self.prefix):
            return None
        module = importlib.import_module(self.target + "." + fullname[len(self.prefix) :])
        spec = importlib.util.spec_from_loader(
            fullname, _AliasLoader(module), is_package=hasattr(module, "__path__")
        )
        return spec


def alias(name: str, target: str) -> None:
    """Make module ``name`` the already imported module ``target`` and each
    ``name.<sub>`` the module ``target.<sub>`` (the same objects, as ``import`` finds them)."""
    sys.modules[name] = sys.modules[target]
    if not any(isinstance(f, _Alias) and f.prefix == name + "." for f in sys.meta_path):
        sys.meta_path.insert(0, _Alias(name, target))
