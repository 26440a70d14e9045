"""The import-level drop-in: ``import torch`` (and ``jax``, ``tensorflow``) anywhere in the
process resolves to the frontend, third-party libraries included.

>>> import frontends
>>> frontends.install("torch", backend="jax")  # doctest: +SKIP
>>> import transformers  # its own ``import torch`` gets frontends.torch   # doctest: +SKIP
>>> frontends.uninstall()  # doctest: +SKIP

``transpile`` rewrites the imports of the user's own script; libraries under site-packages
keep their ``import torch``. :func:`install` covers them. It has two ways of working, chosen
per framework, and both give the library the frontend:

*Aliased* (the backend does not run on that framework, and the real package is not imported
yet): ``sys.modules["torch"]`` is ``frontends.torch`` and a finder first on ``sys.meta_path``
answers every ``torch.<sub>`` with ``frontends.torch.<sub>``. ``importlib.import_module``,
``importlib.util.find_spec`` and ``importlib.metadata.version("torch")`` (the version of torch
whose API the frontend follows) all see the frontend, so availability checks such as
transformers' ``is_torch_available()`` pass with no real torch installed.

*Shared* (core's backend runs on the real package, e.g. ``install("torch", backend="torch")``,
or the real package was imported before): core and the real framework need the real modules
under their real names, so ``sys.modules`` is left alone and the routing is done by an
importer-aware ``builtins.__import__``: an ``import torch`` statement executed by a module of
the real framework's own packages or of this project (``core``, ``frontends``, ``transpile``)
gets real torch; every other importer (the user's script, transformers, timm ...) gets the
frontend. Import statements are how libraries reach torch; what this mode cannot redirect is
``importlib.import_module("torch")``, which returns real torch.

Packages compiled against a framework cannot run on its frontend. For those a library imports,
``frontends`` has a stand-in that import statements get while the framework is installed
(either way; ``importlib.util.find_spec`` still answers for the real package, so availability
checks are not misled): ``import torchvision`` gets :mod:`frontends.torchvision`, the parts of
torchvision timm imports, and ``import safetensors`` gets :mod:`frontends.safetensors`, whose
``safetensors.torch`` reads and writes the real files as frontend tensors. With tensorflow
installed, ``import keras`` gets :mod:`frontends.keras` (the real Keras 3 on the tensorflow
frontend, the same Keras as ``tf.keras``).

Either way, a submodule the frontend lacks is never filled in by the real framework: the
import raises :class:`ModuleNotFoundError` naming it (``torch.fx is not provided by the torch
frontend``). ``numpy`` cannot be installed: core's backends and the frameworks themselves run
on real numpy, which is why ``transpile`` is how numpy programs are ported.

:func:`bind` is the narrow form: the modules of one package see the frontend for one framework
whatever else is installed (``bind("keras", "tensorflow")``).

Install before the library is imported: a module that ran its ``import torch`` earlier keeps
the module it got. :func:`uninstall` undoes the routing; modules imported meanwhile keep the
frontend objects they hold.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.metadata
import importlib.util
import sys
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import Any

from frontends.base import imports

__all__ = [
    "FRAMEWORKS",
    "bind",
    "install",
    "installed",
    "installed_frameworks",
    "unbind",
    "uninstall",
]

#: Frameworks :func:`install` can route to their frontend.
FRAMEWORKS = ("torch", "jax", "tensorflow")

#: Top-level packages that are part of each real framework (or compiled against it): in the
#: shared mode they keep seeing the real framework.
NATIVE_PACKAGES = {
    "torch": frozenset({"torch", "functorch", "torchgen", "triton", "torchvision", "torchaudio"}),
    "jax": frozenset({"jax", "jaxlib", "jax_plugins"}),
    "tensorflow": frozenset(
        {"tensorflow", "tensorboard", "tf_keras", "tensorflow_estimator", "tensorflow_io"}
    ),
}
#: Packages built on a framework whose import statements get their stand-in in ``frontends``
#: while that framework is installed, in either mode (see the module's doc).
COMPANIONS = {"keras": "tensorflow", "safetensors": "torch", "torchvision": "torch"}
#: This project's packages: they always see the real frameworks.
PROJECT_PACKAGES = frozenset({"core", "frontends", "transpile"})

_real_import = imports._real_import

# framework -> "aliased" | "shared", for what install() set up
_installed: dict[str, str] = {}
# package -> framework, for bind()
_bound: dict[str, str] = {}


def _frontend_version(framework: str) -> str:
    return str(importlib.import_module(f"frontends.{framework}").__version__)


def _import_frontend(name: str, fromlist: Any = ()) -> ModuleType:
    """``frontends.<name>`` as ``__import__`` gives it for ``fromlist``, or the not-provided
    error naming the missing ``<name>`` part."""
    return imports.import_replacement(name, f"frontends.{name.partition('.')[0]}", fromlist)


# ---------------------------------------------------------------------------------------
# the aliased mode: sys.modules and a finder
# ---------------------------------------------------------------------------------------
class _AliasLoader(importlib.abc.Loader):
    """Loads ``torch.x`` as the already imported ``frontends.torch.x`` module itself."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        self.spec = module.__spec__

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return self.module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self.spec  # the import system set the alias' spec; keep the real one


class _FrontendDistribution(importlib.metadata.Distribution):
    """The metadata ``importlib.metadata`` reports for an aliased framework."""

    def __init__(self, framework: str) -> None:
        self.framework = framework

    def read_text(self, filename: str) -> str | None:
        if filename == "METADATA":
            return (
                "Metadata-Version: 2.1\n"
                f"Name: {self.framework}\n"
                f"Version: {_frontend_version(self.framework)}\n"
                f"Summary: frontends.{self.framework}, installed by frontends.install\n"
            )
        if filename == "top_level.txt":
            return f"{self.framework}\n"
        return None

    def locate_file(self, path: Any) -> Any:
        return importlib.import_module(f"frontends.{self.framework}").__file__


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if _installed.get(fullname.partition(".")[0]) != "aliased":
            return None
        module = _import_frontend(fullname, ("__name__",))  # the leaf module
        return importlib.util.spec_from_loader(
            fullname, _AliasLoader(module), is_package=hasattr(module, "__path__")
        )

    def find_distributions(
        self, context: importlib.metadata.DistributionFinder.Context | None = None
    ) -> Iterator[importlib.metadata.Distribution]:
        wanted = getattr(context, "name", None)
        for framework, mode in _installed.items():
            if mode == "aliased" and wanted in (None, framework):
                yield _FrontendDistribution(framework)


_finder = _AliasFinder()


def _unalias(framework: str) -> None:
    """Forget the aliases the finder made (the frontend modules stay as ``frontends.*``)."""
    for name in [n for n in sys.modules if n == framework or n.startswith(framework + ".")]:
        del sys.modules[name]


# ---------------------------------------------------------------------------------------
# the shared mode and bind(): an importer-aware __import__
# ---------------------------------------------------------------------------------------
def _sees_frontend(framework: str, importer: str, companion: bool = False) -> bool:
    """Whether an ``import`` of ``framework`` (or of its companion package) executed by the
    module ``importer`` gets the frontend."""
    package = importer.partition(".")[0]
    if _bound.get(package) == framework:
        return True
    mode = _installed.get(framework)
    if mode != "shared" and not (companion and mode == "aliased"):
        return False
    return package not in PROJECT_PACKAGES and package not in NATIVE_PACKAGES[framework]


def _route(top: str, importer: str) -> str | None:
    """The import route (:mod:`frontends.base.imports`) of install's shared mode and bind."""
    framework = COMPANIONS.get(top, top)
    if framework in FRAMEWORKS and _sees_frontend(framework, importer, top != framework):
        return f"frontends.{top}"
    return None


def _update_import_hook() -> None:
    wanted = (
        bool(_bound)
        or "shared" in _installed.values()
        or any(framework in _installed for framework in COMPANIONS.values())
    )
    if wanted:
        imports.add_route(_route)
    else:
        imports.remove_route(_route)


def _update_finder() -> None:
    wanted = "aliased" in _installed.values()
    if wanted and _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)
    elif not wanted and _finder in sys.meta_path:
        sys.meta_path.remove(_finder)


# ---------------------------------------------------------------------------------------
# the public API
# ---------------------------------------------------------------------------------------
def _check_frameworks(frameworks: Iterable[str]) -> list[str]:
    names = list(frameworks)
    for name in names:
        if name == "numpy":
            raise ValueError(
                "numpy cannot be installed process-wide: core's backends and the frameworks "
                "themselves run on real numpy. Port a numpy program with transpile "
                "(transpile script.py --to jax), which rewrites its own imports."
            )
        if name not in FRAMEWORKS:
            raise ValueError(
                f"unknown framework {name!r}; frontends.install takes {', '.join(FRAMEWORKS)}"
            )
    return names


def install(*frameworks: str, backend: str | None = None) -> None:
    """Make every ``import <framework>`` in the process resolve to ``frontends.<framework>``.

    ``frameworks`` defaults to all of torch, jax and tensorflow; ``backend`` (optional) is set
    with :func:`core.set_backend` first. Call it before importing the libraries that should
    see the frontend.
    """
    import core

    names = _check_frameworks(frameworks or FRAMEWORKS)
    if backend is not None:
        core.set_backend(backend)
    running_on = core.get_backend()
    for framework in names:
        if framework in _installed:
            continue
        real = sys.modules.get(framework)
        real_loaded = real is not None and real.__name__ == framework
        if framework == running_on or real_loaded:
            _installed[framework] = "shared"
        else:
            _installed[framework] = "aliased"  # the finder imports the frontend lazily
    _update_finder()
    _update_import_hook()


def uninstall(*frameworks: str) -> None:
    """Undo :func:`install` for ``frameworks`` (default: all of them)."""
    for framework in _check_frameworks(frameworks or list(_installed)):
        if _installed.pop(framework, None) == "aliased":
            _unalias(framework)
    _update_finder()
    _update_import_hook()


@contextlib.contextmanager
def installed(*frameworks: str, backend: str | None = None) -> Iterator[None]:
    """:func:`install` for the block, then :func:`uninstall` what it installed."""
    before = set(_installed)
    install(*frameworks, backend=backend)
    try:
        yield
    finally:
        added = [name for name in _installed if name not in before]
        if added:
            uninstall(*added)


def installed_frameworks() -> dict[str, str]:
    """Each installed framework and how: ``"aliased"`` or ``"shared"`` (see the module doc)."""
    return dict(_installed)


def bind(package: str, framework: str) -> None:
    """Let the modules of the top-level ``package`` see ``frontends.<framework>`` for
    ``import <framework>``, whatever else is installed (``bind("keras", "tensorflow")``)."""
    _check_frameworks([framework])
    _bound[package] = framework
    _update_import_hook()


def unbind(package: str) -> None:
    """Undo :func:`bind` for ``package``."""
    _bound.pop(package, None)
    _update_import_hook()
