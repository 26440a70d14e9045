"""jax.Array: immutability, .at[] updates with JAX's out-of-bounds rules, operators with
JAX's promotion, repr; against real JAX (x64 off) on four backends."""

from __future__ import annotations

import numpy
import pytest

from frontends import jax as fjax
from frontends.jax import numpy as jnp
from tests.frontends.jax.oracle import real_jax

CASES = (
    "x.at[1].set(10.)", "x.at[np.array([0, 2, 0])].add(1.)", "x.at[np.array([1, 9])].set(5.)",
    "x.at[7].set(3.)", "x.at[-1].add(100.)", "x.at[1:4].multiply(2.)", "x.at[2].divide(4.)",
    "x.at[::2].power(2)", "x.at[:].min(2.)", "x.at[np.array([0, 0])].max(7.)",
    "x.at[0].apply(lambda v: v + 100)", "x.at[np.array([1, 9])].get()",
    "x.at[np.array([9, 0])].get(mode='fill')", "x.at[np.array([9, 0])].get(mode='fill', fill_value=-1.)",
    "x.at[np.array([1, 9])].set(5., mode='clip')", "x[np.array([9, -1, -20])]", "x[7]", "x[-9]", "m[5]", "x[1:3]",
    "m.at[1, 2].set(-1)", "m.at[:, 1].add(np.array([1, 2, 3]))", "m.at[np.array([0, 5]), 1].set(0)",
    "m[np.array([2, 0])]", "m[1]", "m[:, -1]", "m.T", "m.reshape(4, 3)", "m[None, 1]",
    "x + 1", "1 + x", "x * 2.5", "x / 2", "m / 2", "m // 2", "m % 3", "m ** 2", "-m", "abs(-x)",
    "x > 1", "x == 2.", "m & 6", "m | 1", "m ^ 3", "~m", "m << 1", "m >> 1", "x @ x",
    "m * np.int8(2)", "m + np.array(2)", "jnp.array(2, jnp.int8) * 3",
    "jnp.array(1.0) + jnp.array(2)", "jnp.array([1, 2], jnp.uint8) + jnp.array([3, 4], jnp.int8)",
    "jnp.array(True) + 1", "x.astype(jnp.int16)", "m.astype('float64')",
    "jnp.array([1., 2.], jnp.float16) * 1.5", "x.item(1)", "m.tolist()", "len(m)",
    "float(jnp.array(2.5))", "int(jnp.array(7))", "x.size", "m.shape", "m.ndim", "x.dtype",
)  # fmt: skip

ORACLE = """
import warnings
warnings.simplefilter("ignore")
x = jnp.arange(5.0)
m = jnp.arange(12).reshape(3, 4)
result = {}
for e in __CASES__:
    try:
        r = eval(e)
        result[e] = repr(r)
    except Exception as err:
        result[e] = type(err).__name__
"""


@pytest.mark.filterwarnings("ignore:Explicitly requested dtype")
@pytest.mark.parametrize("expr", CASES)
def test_matches_real_jax(backend: str, expr: str) -> None:
    expected = real_jax(ORACLE.replace("__CASES__", repr(CASES)))[expr]
    x = jnp.arange(5.0)
    m = jnp.arange(12).reshape(3, 4)
    try:
        got = repr(eval(expr, {"jnp": jnp, "np": numpy, "x": x, "m": m}))
    except Exception as err:
        got = type(err).__name__
    assert got == expected


def test_immutable_and_errors(backend: str) -> None:
    x = jnp.arange(3)
    with pytest.raises(TypeError, match="JAX arrays are immutable"):
        x[0] = 1
    with pytest.raises(TypeError):
        hash(x)
    with pytest.raises(TypeError):
        x + [1, 2]
    assert isinstance(x, fjax.Array)
    assert x.block_until_ready() is x
    assert fjax.block_until_ready(x) is x
    numpy.testing.assert_array_equal(numpy.asarray(x), [0, 1, 2])
    assert isinstance(fjax.device_get({"a": x})["a"], numpy.ndarray)
    assert isinstance(fjax.device_put([1.0, 2.0])[0], fjax.Array)


# jax.Array attributes about buffers and placement beyond ``sharding``/``devices()``/
# ``addressable_shards`` (real JAX's on the jax backend, docs/distributed.md)
ARRAY_LEFT_OUT = {
    "addressable_data", "aval", "committed", "copy_to_host_async",
    "delete", "device", "device_buffer", "device_buffers", "global_shards",
    "on_device_size_in_bytes", "platform", "traceback", "unsafe_buffer_pointer",
    "format", "byteswap", "flat", "clone",
}  # fmt: skip


def test_array_methods_cover_real_jax() -> None:
    names = real_jax(
        "x = jnp.arange(3.0)\nresult = sorted(n for n in dir(x) if not n.startswith('_'))"
    )
    missing = [n for n in names if not hasattr(fjax.Array, n) and n not in ARRAY_LEFT_OUT]
    assert not missing, f"jax.Array lacks {missing}"


METHOD_CASES = (
    "m.sum()", "m.sum(axis=0)", "x.mean()", "m.max(axis=1)", "x.argmin()", "m.cumsum(axis=1)",
    "x.std()", "m.var(ddof=1)", "m.prod()", "m.all()", "m.any(axis=0)", "x.round()",
    "x.clip(1, 3)", "m.flatten()", "m.swapaxes(0, 1)", "x.sort()", "x.argsort()",
    "m.diagonal()", "m.trace()", "x.take(np.array([0, 9]))", "x.repeat(2)", "x.nonzero()",
    "x.conj()", "m.dot(m.T)", "x.ptp()", "x.searchsorted(2.5)", "m.mT", "m.squeeze()",
    "m.compress(np.array([True, False, True]), axis=0)", "x.real", "x.imag", "round(x[1])",
    "divmod(m, 5)", "x.view(jnp.int32)", "m.astype(bool).sum()",
    "x.tobytes() == np.arange(5.0, dtype=np.float32).tobytes()", "2 in x", "x.is_ready()",
)  # fmt: skip


def test_methods_match_real_jax(backend: str) -> None:
    code = ORACLE.replace("__CASES__", repr(METHOD_CASES))
    expected = real_jax(code)
    x = jnp.arange(5.0)
    m = jnp.arange(12).reshape(3, 4)
    failures = []
    for expr in METHOD_CASES:
        try:
            got = repr(eval(expr, {"jnp": jnp, "np": numpy, "x": x, "m": m}))
        except Exception as err:
            got = type(err).__name__
        if got != expected[expr]:
            failures.append(f"{expr}: {got} != {expected[expr]}")
    assert not failures, "\n".join(failures)
