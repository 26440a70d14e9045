"""``jax.config``: the frontend's own options (never the real JAX flags).

Every option of real JAX is known (:mod:`.config_options`), set with ``update``, read as an
attribute, through ``read`` or ``values``, from ``JAX_*`` environment variables and from
``--jax_*`` command-line flags (``parse_flags_with_absl``/``config_with_absl``); an unknown
name raises JAX's AttributeError and a value of the wrong type JAX's ValueError. Each
top-level context manager of JAX named after an option (``jax.debug_nans(True)``,
``jax.numpy_dtype_promotion("strict")``, ...) sets it inside a ``with`` block.

What the options do here:

- honoured: ``jax_enable_x64`` (64-bit types, off by default as JAX ships),
  ``jax_disable_jit``, ``jax_numpy_dtype_promotion`` (``"strict"``),
  ``jax_random_seed_offset`` (added to every seed), ``jax_debug_nans`` /
  ``jax_debug_infs`` (checked on the outputs of ``jax.jit`` functions, raising JAX's
  FloatingPointError; not op by op, which would read every result to the host).
- refused (NotImplementedError), because the result would silently differ:
  ``jax_default_prng_impl`` other than ``"threefry2x32"`` and
  ``jax_threefry_partitionable=False`` (other random bits than ``jax.random`` makes).
- accepted and stored, with no effect because they have no meaning here (one CPU device,
  no XLA compiler, caches, logging or transfer guards of the frontend's own):
  ``jax_platform_name``/``jax_platforms`` and every device, compiler, cache, logging,
  dump, profiling and debugging-of-JAX's-internals option, ``jax_default_matmul_precision``
  (matmuls here compute at their dtype's full precision, JAX's ``"highest"``) and
  ``jax_numpy_rank_promotion`` (not enforced: a program that runs under ``"raise"`` in JAX
  runs the same under ``"allow"``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
from collections.abc import Iterator
from typing import Any

from frontends.jax._src.config_options import OPTIONS, READABLE

_TRUE = ("1", "true", "t", "yes", "y", "on")
_FALSE = ("0", "false", "f", "no", "n", "off")
_TYPE_NAMES = {"int": "int", "float": "float", "str": "string"}
_REFUSED = {
    "jax_default_prng_impl": (
        lambda v: v != "threefry2x32",
        "jax.random here implements the threefry2x32 PRNG only (bit for bit as JAX)",
    ),
    "jax_threefry_partitionable": (
        lambda v: not v,
        "jax.random here makes JAX's default (partitionable) threefry bits only",
    ),
}


def _check(name: str, value: Any) -> Any:
    """``value`` as option ``name`` stores it, or JAX's ValueError."""
    default, kind = OPTIONS[name]
    if isinstance(kind, tuple):
        if value is None and default is None:
            return None
        value = getattr(value, "value", value)  # an enum member
        if value not in kind:
            optional = "None or " if default is None else ""
            raise ValueError(
                f"new enum value must be {optional}in {list(kind)}, got {value} of type "
                f"{type(value)}."
            )
        return value
    if kind == "bool":
        return bool(value)
    types = {"int": int, "float": (int, float), "str": str}[kind]
    if value is not None and not isinstance(value, types):
        raise ValueError(
            f"new {_TYPE_NAMES[kind]} config value must be None or of type {kind}, got "
            f"{value} of type {type(value)}{'.' if kind == 'str' else ''}"
        )
    return float(value) if kind == "float" and value is not None else value


def _parse(name: str, text: str) -> Any:
    """A flag's or environment variable's text as option ``name``'s value."""
    kind = OPTIONS[name][1]
    if kind == "bool":
        lowered = text.lower()
        if lowered not in _TRUE + _FALSE:
            raise ValueError(f"invalid truth value {text!r} for {name}")
        return lowered in _TRUE
    if kind == "int":
        return int(text)
    if kind == "float":
        return float(text)
    return text


class Config:
    """The frontend's ``jax.config``."""

    def __init__(self) -> None:
        values = {name: default for name, (default, _) in OPTIONS.items()}
        for name in OPTIONS:  # JAX reads each option's default from JAX_<NAME>
            text = os.environ.get(name.upper())
            if text is not None:
                values[name] = _parse(name, text)
        object.__setattr__(self, "_values", values)

    def update(self, name: str, val: Any) -> None:
        """Set an option, as ``jax.config.update`` does."""
        if name not in OPTIONS:
            raise AttributeError(f"Unrecognized config option: {name}")
        value = _check(name, val)
        refused = _REFUSED.get(name)
        if refused is not None and refused[0](value):
            raise NotImplementedError(f"{name}={value!r} is not supported: {refused[1]}")
        old = self._values[name]
        self._values[name] = value
        if name == "jax_enable_x64" and bool(old) != bool(value):
            _x64_changed()

    def read(self, name: str) -> Any:
        """``jax.config.read``: the options without a context manager (JAX refuses it for
        the others, which are read as attributes)."""
        if name not in OPTIONS:
            raise AttributeError(f"Unrecognized config option: {name}")
        if name not in READABLE:
            raise AttributeError(
                "For flags with a corresponding contextmanager, read their value via e.g. "
                f"`config.{name}` rather than `config.FLAGS.{name}`."
            )
        return self._values[name]

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"'Config' object has no attribute '{name}'") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("use jax.config.update(name, value)")

    def __dir__(self) -> list[str]:
        return sorted({*OPTIONS, *type(self).__dict__})

    @property
    def values(self) -> dict[str, Any]:
        return dict(self._values)

    @property
    def x64_enabled(self) -> bool:
        return bool(self._values["jax_enable_x64"])

    def parse_flags_with_absl(self) -> None:
        """The ``--jax_*`` flags of ``sys.argv`` (up to a ``--``): ``--jax_enable_x64``,
        ``--nojax_enable_x64``, ``--jax_platforms=cpu``. Unknown flags are left alone, as
        absl's ``known_only`` parse leaves them."""
        for arg in itertools.takewhile(lambda a: a != "--", sys.argv[1:]):
            flag, has_value, text = arg.lstrip("-").partition("=")
            if not arg.startswith("--"):
                continue
            if flag.startswith("no") and flag[2:] in OPTIONS and not has_value:
                self.update(flag[2:], False)
            elif flag in OPTIONS:
                kind = OPTIONS[flag][1]
                if not has_value and kind != "bool":
                    raise ValueError(f"flag --{flag} needs a value")
                self.update(flag, _parse(flag, text) if has_value else True)

    def config_with_absl(self) -> None:
        """JAX defines its options as absl flags, which ``absl.app.run`` then parses from
        the command line; here the ``--jax_*`` flags are read from ``sys.argv`` at once."""
        self.parse_flags_with_absl()


config = Config()


def x64_enabled() -> bool:
    """Whether the frontend's x64 mode is on."""
    return bool(config._values["jax_enable_x64"])


class State:
    """A top-level option context manager of JAX (``jax.debug_nans``, ...): ``.value``
    reads the option; ``with jax.debug_nans(True):`` sets it inside the block."""

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def value(self) -> Any:
        return config._values[self.name]

    @contextlib.contextmanager
    def __call__(self, new_val: Any = True) -> Iterator[None]:
        old = config._values[self.name]
        config.update(self.name, new_val)
        try:
            yield
        finally:
            config.update(self.name, old)

    def __repr__(self) -> str:
        return f"State({self.name}={self.value!r})"


# JAX's top-level option context managers: ``jax.<name>`` sets ``jax_<name>``
STATES = {
    name: State(option)
    for name, option in (
        (n, n if n.startswith("jax2tf") else f"jax_{n}")
        for n in """allow_f16_reductions array_garbage_collection_guard auto_pcast
        check_tracer_leaks debug_infs debug_key_reuse debug_nans default_device
        default_matmul_precision default_prng_impl enable_checks enable_custom_prng
        enable_x64 explain_cache_misses jax2tf_associative_scan_reductions legacy_prng_key
        log_compiles no_execution no_tracing numpy_dtype_promotion numpy_rank_promotion
        remove_size_one_mesh_axis_from_type softmax_custom_jvp thread_guard
        threefry_partitionable transfer_guard_device_to_device transfer_guard_device_to_host
        transfer_guard_host_to_device""".split()
    )
}
enable_x64 = STATES["enable_x64"]  # also ``jax.experimental.enable_x64``


@contextlib.contextmanager
def transfer_guard(new_val: str) -> Iterator[None]:
    """``jax.transfer_guard``: the three transfer-guard options inside a ``with`` block."""
    with contextlib.ExitStack() as stack:
        for direction in ("host_to_device", "device_to_device", "device_to_host"):
            stack.enter_context(STATES[f"transfer_guard_{direction}"](new_val))
        yield


def _x64_changed() -> None:
    """The fast paths' dtypes depend on the mode (float64 narrows with x64 off)."""
    from frontends.jax._src.fast import x64_changed

    x64_changed()
