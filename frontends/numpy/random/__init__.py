"""numpy.random on any core backend, giving numpy's numbers bit for bit.

Design: numpy is the project's one required dependency, and numpy itself draws its random
numbers on the host, so this frontend's bit generators and samplers are numpy's own
(``numpy.random``'s BitGenerators, ``RandomState`` and ``Generator``) running on the host.
The frontend wraps them so that:

- every array result is a :class:`frontends.numpy.ndarray` on the current backend, while
  scalar results (``size=None``) stay the numpy or Python scalars numpy returns, and arrays
  of strings or objects (``choice(["a", "b"], 3)``), which no backend holds, are frontend
  ndarrays held on the host, as numpy holds them;
- every argument may be a frontend ndarray (of this or another frontend): it is read back
  to the host with ``numpy.asarray`` semantics;
- functions that write into an array (``shuffle``, ``Generator.shuffle``,
  ``Generator.permuted(out=...)``, ``out=`` of ``Generator.random`` ...) write into the
  frontend array in place, views included;
- ``RandomState``, ``Generator`` and the bit generators ``MT19937``, ``PCG64``,
  ``PCG64DXSM``, ``Philox`` and ``SFC64`` are thin subclasses of numpy's classes of the
  same name, so states, pickles and streams are numpy's and numpy accepts them;
  ``BitGenerator`` and ``SeedSequence`` are numpy's own (their states hold host arrays).

The module-level legacy functions share numpy's global ``RandomState``, as a program
mixing this frontend with libraries that use real numpy would under real numpy.
Sampling costs one host-to-device copy of each result; that is the price of numpy's
exact streams on every backend.
"""

from __future__ import annotations

import importlib
from typing import Any

# numpy.random is imported on first use, as numpy itself does, keeping
# ``import frontends.numpy`` light: each public name is loaded from its module on demand.
_MODULES = {
    "mtrand": (
        "RandomState",
        "beta",
        "binomial",
        "bytes",
        "chisquare",
        "choice",
        "dirichlet",
        "exponential",
        "f",
        "gamma",
        "geometric",
        "get_bit_generator",
        "get_state",
        "gumbel",
        "hypergeometric",
        "laplace",
        "logistic",
        "lognormal",
        "logseries",
        "multinomial",
        "multivariate_normal",
        "negative_binomial",
        "noncentral_chisquare",
        "noncentral_f",
        "normal",
        "pareto",
        "permutation",
        "poisson",
        "power",
        "rand",
        "randint",
        "randn",
        "random",
        "random_integers",
        "random_sample",
        "ranf",
        "rayleigh",
        "sample",
        "seed",
        "set_bit_generator",
        "set_state",
        "shuffle",
        "standard_cauchy",
        "standard_exponential",
        "standard_gamma",
        "standard_normal",
        "standard_t",
        "triangular",
        "uniform",
        "vonmises",
        "wald",
        "weibull",
        "zipf",
    ),
    "_generator": (
        "Generator",
        "default_rng",
    ),
    "bit_generator": (
        "MT19937",
        "PCG64",
        "PCG64DXSM",
        "SFC64",
        "BitGenerator",
        "Philox",
        "SeedSequence",
    ),
}
_MODULE_OF = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [name for names in _MODULES.values() for name in names]


def __getattr__(name: str) -> Any:
    if name in ("mtrand", "bit_generator"):
        return importlib.import_module(f"{__name__}.{name}")
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, "mtrand", "bit_generator"})
