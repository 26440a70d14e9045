"""``jax.config`` and JAX's option context managers against real JAX: the same options with
the same defaults, the same errors for unknown names and bad values, and the options the
frontend honours changing what it computes."""

from __future__ import annotations

import sys

import numpy
import pytest

from frontends import jax
from frontends.jax import numpy as jnp
from frontends.jax._src.config_options import OPTIONS, READABLE
from tests.frontends.jax.oracle import real_jax

ORACLE = """
import enum
from jax._src import config as cf

def plain(v):
    return v.value if isinstance(v, enum.Enum) else v

def outcome(call):
    try:
        return ("ok", plain(call()))
    except Exception as e:
        return ("error", type(e).__name__, str(e))

c = jax.config
result = {
    "defaults": {k: plain(v) for k, v in c.values.items()},
    "readable": sorted(k for k in c.values if k not in c._contextmanager_flags),
    "states": sorted(n for n in dir(jax) if isinstance(getattr(jax, n), cf.State)),
    "calls": {e: outcome(lambda: eval(e)) for e in __CALLS__},
}
"""

CALLS = (
    'c.update("jax_no_such_option", 1)',
    'c.read("jax_no_such_option")',
    'c.read("jax_debug_nans")',
    'c.read("jax_platform_name")',
    'c.jax_no_such_option',
    'c.update("jax_numpy_rank_promotion", "bad")',
    'c.update("jax_default_matmul_precision", "bad")',
    'c.update("jax_num_cpu_devices", "a")',
    'c.update("jax_platforms", 3)',
    'c.update("jax_persistent_cache_min_compile_time_secs", "x")',
)  # fmt: skip


def _outcome(expr: str) -> tuple:
    try:
        value = eval(expr, {"c": jax.config})
        return ("ok", value)
    except Exception as e:
        return ("error", type(e).__name__, str(e))


def _want() -> dict:
    return real_jax(ORACLE.replace("__CALLS__", repr(CALLS)))


def test_every_option_with_its_default() -> None:
    want = _want()
    defaults = {k: v for k, (v, _) in OPTIONS.items()}
    defaults["jax_platforms"] = "cpu"  # the oracle runs with JAX_PLATFORMS=cpu
    assert want["defaults"] == defaults
    assert sorted(READABLE) == want["readable"]
    states = sorted(n for n in dir(jax) if isinstance(getattr(jax, n), jax._src.config.State))
    assert states == want["states"]


@pytest.mark.parametrize("expr", CALLS)
def test_errors_and_reads_match(expr: str) -> None:
    assert _outcome(expr) == _want()["calls"][expr]


def test_update_read_values_and_contexts() -> None:
    c = jax.config
    assert c.jax_enable_x64 is False and c.read("jax_enable_x64") is False
    assert c.values["jax_debug_nans"] is False and not c.x64_enabled
    for name, value in (
        ("jax_default_matmul_precision", "highest"),
        ("jax_platform_name", "cpu"),
        ("jax_platforms", "cpu"),
        ("jax_compilation_cache_dir", "/tmp/nowhere"),
        ("jax_log_compiles", True),
    ):
        old = c.values[name]
        c.update(name, value)
        try:
            assert getattr(c, name) == value
        finally:
            c.update(name, old)
    with jax.default_matmul_precision("float32"):
        assert c.jax_default_matmul_precision == "float32"
        assert jax.default_matmul_precision.value == "float32"
    assert c.jax_default_matmul_precision is None
    with jax.disable_jit():
        assert c.jax_disable_jit is True
    with jax.transfer_guard("disallow"):
        assert c.jax_transfer_guard_device_to_host == "disallow"
    with jax.enable_x64():
        assert jnp.zeros(1).dtype == numpy.float64
    assert jnp.zeros(1).dtype == numpy.float32
    with pytest.raises(NotImplementedError, match="threefry2x32"):
        c.update("jax_default_prng_impl", "rbg")
    with pytest.raises(NotImplementedError, match="partitionable"):
        c.update("jax_threefry_partitionable", False)
    assert c.jax_threefry_partitionable is True


def test_disable_jit_runs_eagerly(backend: str) -> None:
    calls = []

    @jax.jit
    def f(v):
        calls.append(1)
        return v + 1.0

    x = jnp.ones(3)
    with jax.disable_jit():
        f(x), f(x)
    assert len(calls) == 2


def test_debug_nans_checks_jit_outputs(backend: str) -> None:
    f = jax.jit(lambda v: jnp.log(v))
    x = jnp.array([1.0, -1.0])
    assert bool(jnp.isnan(f(x))[1])  # off: no check
    with jax.debug_nans(True), pytest.raises(FloatingPointError, match="nan"):
        f(x)
    with jax.debug_infs(True), pytest.raises(FloatingPointError, match="inf"):
        jax.jit(lambda v: 1.0 / v)(jnp.zeros(2))


def test_random_seed_offset(backend: str) -> None:
    want = real_jax(
        'jax.config.update("jax_random_seed_offset", 5)\n'
        "result = np.asarray(jax.random.key_data(jax.random.PRNGKey(3)))"
    )
    jax.config.update("jax_random_seed_offset", 5)
    try:
        got = numpy.asarray(jax.random.key_data(jax.random.PRNGKey(3)))
    finally:
        jax.config.update("jax_random_seed_offset", 0)
    assert got.tolist() == want.tolist()


def test_flags_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jax_*`` flags (parse_flags_with_absl/config_with_absl) and ``JAX_*`` variables,
    read by a fresh Config as by the one ``jax.config`` is at import."""
    from frontends.jax._src.config import Config

    monkeypatch.setenv("JAX_DEBUG_NANS", "1")
    monkeypatch.setenv("JAX_TRACEBACK_FILTERING", "off")
    fresh = Config()
    assert fresh.jax_debug_nans is True and fresh.jax_traceback_filtering == "off"
    argv = ["prog", "--jax_platforms=cpu", "--nojax_debug_nans", "--jax_log_compiles",
            "--other", "--", "--jax_check_tracer_leaks"]  # fmt: skip
    monkeypatch.setattr(sys, "argv", argv)
    fresh.config_with_absl()
    fresh.parse_flags_with_absl()
    assert fresh.jax_platforms == "cpu" and fresh.jax_debug_nans is False
    assert fresh.jax_log_compiles is True and fresh.jax_check_tracer_leaks is False
    monkeypatch.setattr(sys, "argv", ["prog", "--jax_num_cpu_devices=x"])
    with pytest.raises(ValueError):
        fresh.parse_flags_with_absl()
