"""What every program driver shares: the size it runs at, the two libraries' import
quirks, and the one line of results the benchmark reads.

Only the drivers' own code is here; the libraries (numpy-ml, mlfromscratch) are used
unchanged. Their quirks, met by any user on Python 3.11:

- numpy-ml 0.1.2 imports ``collections.Hashable`` (removed in Python 3.10): restored as
  ``collections.abc.Hashable``.
- mlfromscratch 0.0.4 imports sklearn, matplotlib, pandas and progressbar at the top of its
  modules for its demos and plots only, and its ``supervised_learning/__init__.py`` imports
  modules the sdist lacks. Those demo imports get an inert stand-in module (a progress bar
  that passes its iterable through), and its packages are bound without running their
  ``__init__``: a name is imported from its module when first used. Its ``utils`` modules
  import each other as top-level modules (Python 2 style): that folder goes on ``sys.path``.
  Its trees (and so its random forest, gradient boosting and XGBoost) build ragged arrays
  with ``np.array``, which numpy 1.24 and later refuse: none of the drivers uses them.
"""

import ast
import collections
import collections.abc
import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
import time

collections.Hashable = collections.abc.Hashable

#: "full" (real numpy takes 0.2-2 s per program) or "tiny" (the smoke test's size)
SIZE = sys.argv[1] if len(sys.argv) > 1 else "full"


def size(full, tiny):
    """``full`` or ``tiny``, by the size the driver runs at."""
    return tiny if SIZE == "tiny" else full


class _Inert:
    """Any attribute is itself; a call with one positional argument returns it (a progress
    bar wrapping an iterable), any other call returns itself."""

    def __getattr__(self, name):
        return self

    def __call__(self, *args, **kwargs):
        return args[0] if len(args) == 1 and not kwargs else self


class _DemoImports(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Inert modules for mlfromscratch's demo-only imports, only when not installed."""

    names = ("sklearn", "matplotlib", "mpl_toolkits", "pandas", "progressbar")

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in self.names:
            return None
        for finder in sys.meta_path:
            if finder is not self and getattr(finder, "find_spec", None):
                if finder.find_spec(name, path, target) is not None:
                    return None
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__path__ = []
        module.__getattr__ = lambda name: _Inert()


def mlfromscratch():
    """Make ``mlfromscratch``'s modules importable one by one (see the module docstring)."""
    sys.meta_path.append(_DemoImports())
    root = importlib.util.find_spec("mlfromscratch").submodule_search_locations[0]
    sys.path.append(root + "/utils")  # its utils import each other as top-level modules
    for package in ("mlfromscratch", "mlfromscratch.supervised_learning"):
        folder = root + package[len("mlfromscratch") :].replace(".", "/")
        module = importlib.util.module_from_spec(
            importlib.machinery.ModuleSpec(package, None, is_package=True)
        )
        module.__path__ = [folder]
        module.__getattr__ = _exported_by(package, folder + "/__init__.py")
        sys.modules[package] = module


def _exported_by(package, init):
    """A module ``__getattr__`` that imports a name the way ``init``'s ``from .x import
    name`` lines would, when first asked for (the other lines name missing modules)."""
    names = {}
    with open(init) as file:
        for node in ast.parse(file.read()).body:
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names.update({alias.name: node.module for alias in node.names})

    def __getattr__(name):
        if name not in names:
            raise AttributeError(name)
        return getattr(importlib.import_module(f"{package}.{names[name]}"), name)

    return __getattr__


def start():
    """The timers' start (wall clock, and this process's CPU time, which a loaded machine
    disturbs less): call it after the data is made, before fitting."""
    return time.perf_counter(), time.process_time()


def report(started, np, rtol=1e-7, **values):
    """Print the line the benchmark reads: the wall and CPU seconds since ``started`` and
    ``values`` (arrays or numbers), compared with real numpy's within ``rtol`` (integers
    exactly)."""
    seconds = time.perf_counter() - started[0]
    cpu = time.process_time() - started[1]
    out = {}
    for name, value in values.items():
        array = np.asarray(value)
        out[name] = {"dtype": str(array.dtype), "value": array.tolist()}
    print("RESULT " + json.dumps({"seconds": seconds, "cpu": cpu, "rtol": rtol, "values": out}))
