"""jax.lax against real JAX (x64 off) on the four backends.

Every case is one expression evaluated in both worlds over the same inputs (``INPUTS``);
real JAX runs once per module in the subprocess oracle. Compared: dtype, shape, values,
weak_type, and the exception type where real lax raises (lax does not promote). The
module also holds the shared machinery ``test_nn.py`` and ``test_scipy.py`` use.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy
import pytest

import core
from frontends.jax._src.array import Array
from tests.frontends.jax.oracle import real_jax

INPUTS = """
rng = np.random.RandomState(0)
xf = A(rng.randn(3, 4).astype(np.float32))
yf = A(rng.randn(3, 4).astype(np.float32))
pos = A((rng.rand(3, 4) + 0.5).astype(np.float32))
xi = A(rng.randint(-9, 9, (3, 4)).astype(np.int32))
yi = A(rng.randint(1, 5, (3, 4)).astype(np.int32))
xu = A(rng.randint(0, 200, (3, 4)).astype(np.uint8))
xb = A(rng.rand(3, 4) > 0.5)
xh = A(rng.randn(3, 4).astype(np.float16))
xc = A((rng.randn(3) + 1j * rng.randn(3)).astype(np.complex64))
nanv = A(np.array([np.nan, -0.0, 0.0, 1.0, -np.inf, 3.0, 1.0], np.float32))
v5 = A(np.arange(5.0, dtype=np.float32))
img = A(rng.randn(2, 4, 7, 6).astype(np.float32))
ker = A(rng.randn(6, 4, 3, 2).astype(np.float32))
gker = A(rng.randn(6, 2, 3, 3).astype(np.float32))
nhwc = A(rng.randn(2, 7, 6, 3).astype(np.float32))
hwio = A(rng.randn(3, 3, 3, 5).astype(np.float32))
sig = A(rng.randn(2, 3, 9).astype(np.float32))
k1 = A(rng.randn(4, 3, 3).astype(np.float32))
bm = A(rng.randn(2, 3, 4).astype(np.float32))
bn = A(rng.randn(2, 4, 5).astype(np.float32))
big = A(rng.randn(5, 4).astype(np.float32))
"""

_ENCODE = """
def _enc(v):
    if isinstance(v, (tuple, list)):
        return [_enc(u) for u in v]
    if isinstance(v, dict):
        return {k: _enc(u) for k, u in v.items()}
    a = v if hasattr(v, "dtype") and hasattr(v, "shape") else jnp.asarray(v)
    return (str(a.dtype), np.asarray(a), bool(getattr(a, "weak_type", False)))


def _run(cases, ns):
    out = {}
    for name, code in cases.items():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out[name] = _enc(eval(code, ns))
        except Exception as e:
            out[name] = ("error", type(e).__name__)
    return out
"""


_ORACLE_JIT = """
import functools
_HOST = (jax.errors.TracerArrayConversionError, jax.errors.ConcretizationTypeError,
         jax.errors.TracerIntegerConversionError, jax.errors.TracerBoolConversionError)


def _run_jit(cases, ns, chunk_size=40):
    names = [k for k, v in ns.items() if isinstance(v, jax.Array)]
    out, meta = {}, {}

    def program(chunk, *args):
        inner = dict(ns)
        inner.update(zip(names, args))
        res = {}
        for name, code in chunk.items():
            try:
                res[name] = jax.tree_util.tree_map(jnp.asarray, eval(code, inner))
            except _HOST:
                out[name] = "host"
            except Exception as e:
                out[name] = ("error", type(e).__name__)
        return res

    items = list(cases.items())
    args = [ns[k] for k in names]
    opts = {"xla_backend_optimization_level": 0, "xla_llvm_disable_expensive_passes": True}
    for start in range(0, len(items), chunk_size):
        chunk = dict(items[start:start + chunk_size])
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                lowered = jax.jit(functools.partial(program, chunk)).lower(*args)
                res = lowered.compile(compiler_options=opts)(*args)
        except Exception:  # a program JAX cannot lower (some errors surface only eagerly)
            out.update(_run(chunk, ns))
            continue
        out.update({k: _enc(v) for k, v in res.items()})
    for name in [k for k, v in out.items() if v == "host"]:
        out.update(_run({name: cases[name]}, ns))
    return out
"""


def oracle(cases: dict[str, str], imports: str) -> dict[str, Any]:
    """Real JAX's encoded result of every case (one subprocess call), the cases traced
    into ``jax.jit`` programs as the jax backend's frontend cases are (one XLA compile
    per 40 cases instead of one per op; a case that needs concrete values runs eagerly)."""
    code = (
        imports
        + "\nA = jnp.asarray\n"
        + INPUTS
        + _ENCODE
        + _ORACLE_JIT
        + f"\nresult = _run_jit({cases!r}, dict(globals()))\n"
    )
    return real_jax(code)


def frontend(cases: dict[str, str], ns: dict[str, Any]) -> dict[str, Any]:
    """The frontend's encoded result of every case, in the current backend. On the jax
    backend the cases are traced into ``jax.jit`` programs (``CHUNK`` cases each, the
    inputs as arguments): one compile per chunk instead of one per op, and every case
    checked under jit; a case that reads a traced value on the host runs eagerly."""
    from frontends.jax import numpy as jnp

    scope: dict[str, Any] = {"np": numpy, "jnp": jnp, "A": jnp.asarray, **ns}
    exec(INPUTS, scope)
    local: dict[str, Any] = {"jnp": jnp, "np": numpy, "warnings": __import__("warnings")}
    exec(_ENCODE, local)
    if core.get_backend() != "jax":
        return local["_run"](cases, scope)
    return _jitted(cases, scope, local)


CHUNK = 40  # cases per jax.jit program
_FAST_COMPILE = {"xla_backend_optimization_level": 0, "xla_llvm_disable_expensive_passes": True}
"""XLA options for the test programs only (half the compile time; no fusion-dependent
rounding), passed per compile, never set globally."""


def _jitted(cases: dict[str, str], scope: dict[str, Any], local: dict[str, Any]) -> dict[str, Any]:
    """All cases traced into one ``jax.jit`` program (the inputs as its arguments, one
    compile); a case that raises while tracing records its exception type, and one that
    reads a traced value on the host runs eagerly."""
    import warnings

    import jax

    from frontends.jax import tree_util
    from frontends.jax.lax._base import asarray

    host_reads = (
        jax.errors.TracerArrayConversionError,
        jax.errors.ConcretizationTypeError,
        jax.errors.TracerIntegerConversionError,
        jax.errors.TracerBoolConversionError,
    )
    names = [k for k, v in scope.items() if isinstance(v, Array)]
    weaks = [scope[k].weak_type for k in names]
    results: dict[str, Any] = {}
    meta: dict[str, Any] = {}

    def program(chunk: dict[str, str], *args: Any) -> Any:
        inner = dict(scope)
        inner.update({k: Array._wrap(a, w) for k, a, w in zip(names, args, weaks)})
        outs = {}
        for name, code in chunk.items():
            try:
                leaves, treedef = tree_util.tree_flatten(eval(code, inner))
                arrays = [asarray(leaf) for leaf in leaves]
            except host_reads:
                results[name] = "host"
                continue
            except Exception as error:
                results[name] = ("error", type(error).__name__)
                continue
            meta[name] = (treedef, [a.weak_type for a in arrays])
            outs[name] = [a.native for a in arrays]
        return outs

    items = list(cases.items())
    natives = {}
    for start in range(0, len(items), CHUNK):
        chunk = dict(items[start : start + CHUNK])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            args = [scope[k].native for k in names]
            lowered = jax.jit(functools.partial(program, chunk)).lower(*args)
            natives.update(lowered.compile(compiler_options=_FAST_COMPILE)(*args))
    for name, values in natives.items():
        treedef, flags = meta[name]
        outs = [Array._wrap(v, w) for v, w in zip(values, flags)]
        results[name] = local["_enc"](tree_util.tree_unflatten(treedef, outs))
    for name, value in list(results.items()):
        if value == "host":
            results[name] = local["_run"]({name: cases[name]}, scope)[name]
    return results


def mismatches(got: Any, want: Any, name: str, rtol: float, atol: float) -> list[str]:
    """Differences between two encoded results (empty when they agree)."""
    if isinstance(want, tuple) and want and want[0] == "error":
        if not (isinstance(got, tuple) and got[0] == "error"):
            return [f"{name}: real JAX raised {want[1]}, the frontend returned {got[0]}"]
        if got[1] != want[1]:
            return [f"{name}: real JAX raised {want[1]}, the frontend raised {got[1]}"]
        return []
    if isinstance(got, tuple) and got and got[0] == "error":
        return [f"{name}: the frontend raised {got[1]}, real JAX returned {want[0]}"]
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return [f"{name}: structure differs"]
        return [
            m
            for i, (g, w) in enumerate(zip(got, want))
            for m in mismatches(g, w, f"{name}[{i}]", rtol, atol)
        ]
    if isinstance(want, dict):
        return [m for k in want for m in mismatches(got.get(k), want[k], f"{name}.{k}", rtol, atol)]
    (gd, gv, gw), (wd, wv, ww) = got, want
    if gd != wd:
        return [f"{name}: dtype {gd} != {wd}"]
    if gv.shape != wv.shape:
        return [f"{name}: shape {gv.shape} != {wv.shape}"]
    if gw != ww:
        return [f"{name}: weak_type {gw} != {ww}"]
    if gv.dtype.kind in "fc" or wd == "bfloat16":
        ok = numpy.allclose(
            gv.astype(numpy.complex128),
            wv.astype(numpy.complex128),
            rtol=rtol,
            atol=atol,
            equal_nan=True,
        )
    else:
        ok = numpy.array_equal(gv, wv)
    if not ok:
        return [f"{name}: values differ\n got {gv!r}\nwant {wv!r}"]
    return []


def check_all(cases: dict[str, str], want: dict[str, Any], ns: dict[str, Any],
              tolerances: dict[str, tuple[float, float]] | None = None) -> None:  # fmt: skip
    """Every case's frontend result against real JAX's."""
    got = frontend(cases, ns)
    tolerances = tolerances or {}
    problems = []
    for name in cases:
        rtol, atol = tolerances.get(name, (2e-5, 2e-6))
        problems += mismatches(got[name], want[name], name, rtol, atol)
    assert not problems, f"{core.get_backend()}:\n" + "\n".join(problems)


# --------------------------------------------------------------------- cases
GN = "lax.GatherDimensionNumbers"
SN = "lax.ScatterDimensionNumbers"

CASES = {
    # elementwise, no promotion
    "add": "lax.add(xf, yf)",
    "add_weak_scalar": "lax.add(xf, 1.5)",
    "add_scalars": "lax.add(1, 2)",
    "exp_scalar": "lax.exp(2.0)",
    "add_bcast1": "lax.add(A(np.ones((1, 4), np.float32)), xf)",
    "add_rank0": "lax.add(A(np.float32(2)), xf)",
    "sub_int": "lax.sub(xi, yi)",
    "mul_bool": "lax.mul(xb, xb)",
    "div_int": "lax.div(xi, yi)",
    "div_float": "lax.div(xf, yf)",
    "rem_int": "lax.rem(xi, yi)",
    "rem_float": "lax.rem(xf, yf)",
    "pow": "lax.pow(pos, yf)",
    "pow_int_exp": "lax.pow(xf, yi)",
    "max_nan": "lax.max(nanv, lax.rev(nanv, (0,)))",
    "min": "lax.min(xi, yi)",
    "atan2": "lax.atan2(xf, yf)",
    "nextafter": "lax.nextafter(xf, yf)",
    "eq": "lax.eq(xi, yi)",
    "lt": "lax.lt(xf, yf)",
    "ge_u8": "lax.ge(xu, xu)",
    "and": "lax.bitwise_and(xi, yi)",
    "or_bool": "lax.bitwise_or(xb, lax.bitwise_not(xb))",
    "xor": "lax.bitwise_xor(xu, lax.rev(xu, (1,)))",
    "not_int": "lax.bitwise_not(xi)",
    "shl": "lax.shift_left(xi, yi)",
    "shl_big": "lax.shift_left(xi, A(np.full((3, 4), 40, np.int32)))",
    "sra": "lax.shift_right_arithmetic(xi, yi)",
    "srl": "lax.shift_right_logical(xi, yi)",
    "srl_u8": "lax.shift_right_logical(xu, A(np.full((3, 4), 3, np.uint8)))",
    "popcount": "lax.population_count(xi)",
    "clz": "lax.clz(xu)",
    "sin": "lax.sin(xf)",
    "tanh_f16": "lax.tanh(xh)",
    "exp2": "lax.exp2(xf)",
    "log1p": "lax.log1p(pos)",
    "logistic": "lax.logistic(xf)",
    "rsqrt": "lax.rsqrt(pos)",
    "cbrt": "lax.cbrt(xf)",
    "sqrt_c": "lax.sqrt(xc)",
    "abs_c": "lax.abs(xc)",
    "real_imag": "(lax.real(xc), lax.imag(xc), lax.conj(xc))",
    "complex": "lax.complex(xf, yf)",
    "abs_i": "lax.abs(xi)",
    "sign": "lax.sign(xf)",
    "neg_i": "lax.neg(xi)",
    "square": "lax.square(xi)",
    "floor_ceil": "(lax.floor(xf * 3), lax.ceil(xf * 3))",
    "round_away": "lax.round(A(np.array([0.5, 1.5, -2.5, 2.4, -0.5], np.float32)))",
    "round_even": "lax.round(A(np.array([0.5, 1.5, -2.5, 2.4], np.float32)), lax.RoundingMethod.TO_NEAREST_EVEN)",
    "is_finite": "lax.is_finite(nanv)",
    "erf_inv": "lax.erf_inv(lax.mul(xf, 0.3))",
    "lgamma": "lax.lgamma(pos)",
    "digamma": "lax.digamma(pos)",
    "erfc": "lax.erfc(xf)",
    "integer_pow": "(lax.integer_pow(xf, 3), lax.integer_pow(xi, 2), lax.integer_pow(pos, -2), lax.integer_pow(xf, 0))",
    "reciprocal": "lax.reciprocal(pos)",
    "clamp": "lax.clamp(-0.5, xf, 0.5)",
    "clamp_arr": "lax.clamp(lax.neg(pos), xf, pos)",
    "convert_f2i": "lax.convert_element_type(lax.mul(xf, 4.0), np.int32)",
    "convert_f2b": "lax.convert_element_type(xf, np.bool_)",
    "convert_i2f16": "lax.convert_element_type(xi, np.float16)",
    "convert_c2f": "lax.convert_element_type(xc, np.float32)",
    "convert_scalar": "lax.convert_element_type(1.5, np.int32)",
    # errors
    "err_mixed": "lax.add(xf, xi)",
    "err_int_scalar": "lax.add(xf, 1)",
    "err_f16_scalar": "lax.add(xh, 1.0)",
    "err_sin_int": "lax.sin(xi)",
    "err_neg_bool": "lax.neg(xb)",
    "err_intpow_neg": "lax.integer_pow(xi, -1)",
    "err_list": "lax.add(xf, [1.0, 2.0])",
    "err_rank": "lax.add(xf, v5)",
    "err_bcast": "lax.add(xf, A(np.ones((2, 4), np.float32)))",
    "err_concat": "lax.concatenate([xf, xi], 0)",
    "err_select": "lax.select(xb, xf, xi)",
    "err_dus": "lax.dynamic_update_slice(xf, xi[:1], (0, 0))",
    "err_conv": "lax.conv(img, ker.astype(np.float16), (1, 1), 'VALID')",
    "err_clamp": "lax.clamp(0, xf, 1)",
    "err_pad": "lax.pad(xf, 0, [(1, 1, 0), (0, 0, 0)])",
    "err_reshape": "lax.reshape(xf, (5, 3))",
    # shapes
    "reshape": "lax.reshape(xf, (4, 3))",
    "reshape_dims": "lax.reshape(xf, (2, 6), dimensions=(1, 0))",
    "transpose": "lax.transpose(bm, (2, 0, 1))",
    "squeeze": "lax.squeeze(A(np.ones((1, 3, 1), np.float32)), (0, 2))",
    "expand_dims": "lax.expand_dims(xf, (0, 3))",
    "bcast_in_dim": "lax.broadcast_in_dim(v5, (2, 5, 3), (1,))",
    "bcast_in_dim1": "lax.broadcast_in_dim(A(np.ones((1, 4), np.int32)), (3, 2, 4), (1, 2))",
    "broadcast": "lax.broadcast(xi, (2,))",
    "concatenate": "lax.concatenate([xf, yf, pos], 1)",
    "pad": "lax.pad(xf, 0.0, [(1, 2, 0), (-1, 1, 2)])",
    "pad_int": "lax.pad(xi, A(np.int32(-1)), [(0, 0, 1), (2, -3, 0)])",
    "rev": "lax.rev(xi, (0, 1))",
    "select": "lax.select(xb, xf, yf)",
    "select_n_bool": "lax.select_n(xb, xi, yi)",
    "select_n_int": "lax.select_n(lax.clamp(0, xi, 2), xf, yf, pos)",
    "iota": "lax.iota(np.int32, 5)",
    "bcast_iota": "lax.broadcasted_iota(np.float32, (2, 3), 1)",
    "full": "(lax.full((2, 3), 1.5), lax.full((2,), 3, np.int8))",
    "full_like": "lax.full_like(xi, 7)",
    "collapse": "lax.collapse(bm, 1, 3)",
    "tile": "lax.tile(xi, (2, 1))",
    "split": "lax.split(big, (2, 3), 0)",
    # dot
    "dot_general": "lax.dot_general(xf, big, (((1,), (1,)), ((), ())))",
    "dot_batch": "lax.dot_general(bm, bn, (((2,), (1,)), ((0,), (0,))))",
    "dot_mixed": "lax.dot_general(xf, yi, (((1,), (1,)), ((), ())))",
    "dot_pref": "lax.dot_general(xi, yi, (((1,), (1,)), ((), ())), preferred_element_type=np.float32)",
    "dot_int": "lax.dot_general(xi, yi, (((0,), (0,)), ((), ())))",
    "dot": "lax.dot(xf, lax.transpose(yf, (1, 0)))",
    "batch_matmul": "lax.batch_matmul(bm, bn)",
    "err_dot": "lax.dot_general(xf, bm, (((1,), (1,)), ((), ())))",
    # convolutions
    "conv_valid": "lax.conv_general_dilated(img, ker, (1, 1), 'VALID')",
    "conv_same_stride": "lax.conv_general_dilated(img, ker, (2, 2), 'SAME')",
    "conv_same_lower": "lax.conv_general_dilated(img, ker, (2, 1), 'SAME_LOWER')",
    "conv_explicit": "lax.conv_general_dilated(img, ker, (1, 2), ((1, 2), (-1, 1)))",
    "conv_lhs_dil": "lax.conv_general_dilated(img, ker, (1, 1), ((1, 1), (0, 0)), lhs_dilation=(2, 1))",
    "conv_rhs_dil": "lax.conv_general_dilated(img, ker, (1, 1), 'SAME', rhs_dilation=(2, 2))",
    "conv_groups": "lax.conv_general_dilated(img, gker, (1, 1), 'SAME', feature_group_count=2)",
    "conv_nhwc": "lax.conv_general_dilated(nhwc, hwio, (1, 1), 'SAME', dimension_numbers=('NHWC', 'HWIO', 'NHWC'))",
    "conv_nhwc_nchw": "lax.conv_general_dilated(nhwc, hwio, (2, 1), 'VALID', dimension_numbers=('NHWC', 'HWIO', 'NCHW'))",
    "conv_1d": "lax.conv_general_dilated(sig, k1, (2,), 'SAME')",
    "conv_dn_obj": "lax.conv_general_dilated(img, ker, (1, 1), 'VALID', dimension_numbers=lax.conv_dimension_numbers(img.shape, ker.shape, ('NCHW', 'OIHW', 'NCHW')))",
    "conv": "lax.conv(img, ker, (1, 1), 'SAME')",
    "conv_transpose_same": "lax.conv_transpose(nhwc, hwio, (2, 2), 'SAME')",
    "conv_transpose_valid": "lax.conv_transpose(nhwc, hwio, (2, 1), 'VALID')",
    "conv_transpose_kernel": "lax.conv_transpose(nhwc, A(np.ones((3, 2, 5, 3), np.float32)), (2, 2), 'SAME', transpose_kernel=True)",
    "conv_transpose_pads": "lax.conv_transpose(nhwc, hwio, (2, 2), ((1, 2), (0, 1)))",
    "conv_patches": "lax.conv_general_dilated_patches(img, (2, 2), (1, 1), 'VALID')",
    "conv_int": "lax.conv_general_dilated(A(np.arange(16, dtype=np.int32).reshape(1, 1, 4, 4)), A(np.ones((1, 1, 2, 2), np.int32)), (1, 1), 'VALID')",
    "padtype_to_pads": "lax.padtype_to_pads((7, 6), (3, 2), (2, 2), 'SAME')",
    # windowed reductions
    "rw_max": "lax.reduce_window(img, -np.inf, lax.max, (1, 1, 3, 3), (1, 1, 2, 2), 'SAME')",
    "rw_add": "lax.reduce_window(img, 0.0, lax.add, (1, 2, 2, 2), (1, 1, 1, 2), 'VALID')",
    "rw_min_pad": "lax.reduce_window(xi, A(np.int32(100)), lax.min, (2, 2), (1, 1), ((1, 0), (0, 1)))",
    "rw_dil": "lax.reduce_window(xf, 0.0, lax.add, (2, 2), (1, 1), 'VALID', base_dilation=(2, 1), window_dilation=(1, 2))",
    "rw_generic": "lax.reduce_window(pos, 1.0, lambda a, b: a * b, (2, 2), (1, 1), 'VALID')",
    # reductions
    "reduce_sum": "(lax.reduce_sum(xf, (1,)), lax.reduce_sum(xu, (0,)), lax.reduce_sum(xi, (0, 1)))",
    "reduce_prod": "lax.reduce_prod(yi, (1,))",
    "reduce_max_min": "(lax.reduce_max(xf, (0,)), lax.reduce_min(xi, (1,)))",
    "reduce_bits": "(lax.reduce_and(xb, (1,)), lax.reduce_or(xb, (0,)), lax.reduce_xor(xb, (1,)), lax.reduce_xor(xi, (1,)), lax.reduce_or(xu, (0,)))",
    "reduce": "lax.reduce(xf, 0.0, lax.add, (0,))",
    "reduce_max_generic": "lax.reduce(xi, A(np.int32(-100)), lax.max, (1,))",
    "argmax": "(lax.argmax(xf, 1, np.int32), lax.argmin(xi, 0, np.int32), lax.argmax(nanv, 0, np.int32))",
    # cumulative
    "cumsum": "(lax.cumsum(xf, 1), lax.cumsum(xi, 0, reverse=True), lax.cumsum(xu, 1))",
    "cumprod": "lax.cumprod(yi, 1)",
    "cummax": "(lax.cummax(xf, 0), lax.cummin(xi, 1, reverse=True))",
    "cumlogsumexp": "lax.cumlogsumexp(xf, 1)",
    # sorting
    "sort": "lax.sort(nanv)",
    "sort_int": "lax.sort(xi, 0)",
    "sort_multi": "lax.sort((xi, xf), 1, num_keys=1)",
    "sort_two_keys": "lax.sort((lax.clamp(0, xi, 2), xi, xf), 1, num_keys=2)",
    "sort_key_val": "lax.sort_key_val(xf, xi)",
    "top_k": "lax.top_k(A(np.array([[1.0, 3.0, 3.0, 2.0, np.nan], [5, 1, 5, 0, 5]], np.float32)), 3)",
    "top_k_int": "lax.top_k(xi, 2)",
    # slicing
    "slice": "lax.slice(big, (1, 0), (5, 4), (2, 3))",
    "slice_in_dim": "lax.slice_in_dim(big, 1, -1, 2, 0)",
    "index_in_dim": "(lax.index_in_dim(big, -1, 0), lax.index_in_dim(big, 2, 1, keepdims=False))",
    "dynamic_slice": "lax.dynamic_slice(big, (3, 1), (3, 2))",
    "dynamic_slice_neg": "lax.dynamic_slice(big, (-2, A(np.int32(-7))), (2, 2))",
    "dynamic_slice_arr": "lax.dynamic_slice(big, A(np.array([1, 2], np.int32)), (2, 2))",
    "dynamic_update_slice": "lax.dynamic_update_slice(big, lax.full((2, 3), 9.0), (4, A(np.int32(2))))",
    "dynamic_slice_in_dim": "lax.dynamic_slice_in_dim(big, 2, 2, 1)",
    "dynamic_index_in_dim": "lax.dynamic_index_in_dim(big, 7, 0, keepdims=False)",
    "dyn_update_index": "lax.dynamic_update_index_in_dim(big, v5[:4], 1, 0)",
    "dyn_update_slice_dim": "lax.dynamic_update_slice_in_dim(big, lax.full((5, 1), -1.0), 9, 1)",
    # gather / scatter
    "gather_rows": f"lax.gather(big, A(np.array([[0], [3], [6]], np.int32)), {GN}(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)), (1, 4))",
    "gather_rows_clip": f"lax.gather(big, A(np.array([[0], [3], [6]], np.int32)), {GN}(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)), (1, 4), mode='clip')",
    "gather_points": f"lax.gather(big, A(np.array([[0, 1], [4, 3], [2, 2]], np.int32)), {GN}(offset_dims=(), collapsed_slice_dims=(0, 1), start_index_map=(0, 1)), (1, 1))",
    "gather_windows": f"lax.gather(big, A(np.array([[[1, 0]], [[3, 2]]], np.int32)), {GN}(offset_dims=(2, 3), collapsed_slice_dims=(), start_index_map=(0, 1)), (2, 2))",
    "gather_offset_first": f"lax.gather(big, A(np.array([[1], [2]], np.int32)), {GN}(offset_dims=(0,), collapsed_slice_dims=(1,), start_index_map=(1,)), (5, 1))",
    "gather_fill": f"lax.gather(xi, A(np.array([[0], [5]], np.int32)), {GN}(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)), (1, 4), fill_value=-7)",
    "gather_batching": f"lax.gather(bm, A(np.array([[1], [2]], np.int32)), {GN}(offset_dims=(1,), collapsed_slice_dims=(1,), start_index_map=(1,), operand_batching_dims=(0,), start_indices_batching_dims=(0,)), (1, 1, 4))",
    "scatter_add": f"lax.scatter_add(big, A(np.array([[0], [2], [0], [9]], np.int32)), lax.full((4, 4), 1.0), {SN}(update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)))",
    "scatter_add_clip": f"lax.scatter_add(big, A(np.array([[0], [2], [9]], np.int32)), lax.full((3, 4), 1.0), {SN}(update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)), mode='clip')",
    "scatter_set": f"lax.scatter(xi, A(np.array([[0, 1], [2, 3]], np.int32)), A(np.array([50, 60], np.int32)), {SN}(update_window_dims=(), inserted_window_dims=(0, 1), scatter_dims_to_operand_dims=(0, 1)))",
    "scatter_mul": f"lax.scatter_mul(xf, A(np.array([[1], [1]], np.int32)), lax.full((2, 3), 2.0), {SN}(update_window_dims=(1,), inserted_window_dims=(1,), scatter_dims_to_operand_dims=(1,)))",
    "scatter_minmax": f"(lax.scatter_min(xi, A(np.array([[0], [0]], np.int32)), A(np.array([[-3, 5, -20, 0], [1, -6, 2, 2]], np.int32)), {SN}((1,), (0,), (0,))), lax.scatter_max(xi, A(np.array([[2]], np.int32)), A(np.array([[30, -5, 8, 0]], np.int32)), {SN}((1,), (0,), (0,))))",
    "scatter_window": f"lax.scatter_add(big, A(np.array([[1, 1], [4, 3]], np.int32)), lax.full((2, 2, 2), 1.0), {SN}(update_window_dims=(1, 2), inserted_window_dims=(), scatter_dims_to_operand_dims=(0, 1)))",
    "scatter_sub": f"lax.scatter_sub(big, A(np.array([[3]], np.int32)), lax.full((1, 4), 2.0), {SN}((1,), (0,), (0,)))",
    "scatter_batching": f"lax.scatter_add(bm, A(np.array([[1], [2]], np.int32)), lax.full((2, 4), 1.0), {SN}(update_window_dims=(1,), inserted_window_dims=(1,), scatter_dims_to_operand_dims=(1,), operand_batching_dims=(0,), scatter_indices_batching_dims=(0,)))",
    # control flow
    "cond": "(lax.cond(True, lambda a: a + 1.0, lambda a: a - 1.0, xf), lax.cond(A(np.int32(0)), lambda a, b: a * b, lambda a, b: a - b, xf, yf))",
    "switch": "(lax.switch(1, [lambda a: a, lambda a: a * 2, lambda a: -a], xi), lax.switch(7, [lambda a: a, lambda a: -a], xf), lax.switch(-2, [lambda a: a, lambda a: -a], xf))",
    "while_loop": "lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 3, c[1] * 1.5), (0, xf))",
    "fori_loop": "lax.fori_loop(0, 5, lambda i, c: c + i, 0)",
    "fori_loop_arr": "lax.fori_loop(1, 4, lambda i, c: (c[0] * 2.0, c[1] + i), (xf, xi))",
    "fori_loop_weak": "lax.fori_loop(0, 3, lambda i, c: c + 0.5, 0.0)",
    "scan": "lax.scan(lambda c, x: (c + x, c * x), lax.full((4,), 0.0), xf)",
    "scan_reverse": "lax.scan(lambda c, x: (c * 2 + x['a'], (x['b'], c)), 1.0, {'a': v5, 'b': lax.iota(np.int32, 5)}, reverse=True)",
    "scan_length": "lax.scan(lambda c, _: (c + 1, c), 0, None, length=4)",
    "map": "lax.map(lambda r: lax.reduce_sum(r, (0,)), big)",
    "assoc_scan": "lax.associative_scan(lax.add, v5)",
    "assoc_scan_odd": "lax.associative_scan(lax.mul, big, axis=0)",
    "assoc_scan_rev": "lax.associative_scan(lax.max, xf, reverse=True, axis=1)",
    "assoc_scan_tree": "lax.associative_scan(lambda a, b: (a[0] * b[0], a[1] * b[0] + b[1]), (pos, xf), axis=1)",
    "stop_gradient": "(lax.stop_gradient(xf), lax.stop_gradient({'a': xi}))",
    # classes from JAX's own records (tests/conformance/jax_records.py)
    "logistic_complex": "lax.logistic(xc)",
    "conj_float": "(lax.conj(xf), lax.conj(xc))",
    "mul_out_dtype": "(lax.mul(xh, xh, out_dtype=np.float32), lax.mul(xi, yi, out_dtype=np.float32))",
    "mulhi": "(lax.mulhi(xi * 99999, yi * -77777), lax.mulhi(xu, xu), lax.mulhi(A(np.array([-2**31, 2**31 - 1], np.int32)), A(np.array([-2**31, 3], np.int32))), lax.mulhi(lax.convert_element_type(xi, np.uint32) * np.uint32(3000000), lax.convert_element_type(yi, np.uint32) * np.uint32(4000000000)))",
    "reduce_precision": "(lax.reduce_precision(xf, 5, 10), lax.reduce_precision(xf * 1e30, 5, 2), lax.reduce_precision(xh, 4, 3), lax.reduce_precision(nanv, 8, 7))",
    "reduce_max_complex": "(lax.reduce_max(xc, (0,)), lax.reduce_min(xc, (0,)))",
    "index_take": "(lax.index_take(big, (A(np.array([0, -1, 7], np.int32)),), (0,)), lax.index_take(bm, (A(np.array([1, 0], np.int32)), A(np.array([3, 2], np.int32))), (0, 2)))",
    "scatter_apply_repeated": f"lax.scatter_apply(v5, A(np.array([[2], [2], [2], [1]], np.int32)), lambda a: a * 2.0 + 1.0, {SN}(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)), update_shape=(4,))",
    "gather_fill_wraps": f"lax.gather(xu, A(np.array([[0], [5]], np.int32)), {GN}(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)), (1, 4), mode='fill', fill_value=-1)",
    "random_gamma_grad": "lax.random_gamma_grad(pos, pos * 3.0)",
    "betainc_half": "lax.betainc(xh * xh + 1.0, lax.abs(xh) + 0.5, lax.abs(xh) * 0.3)",
    # wrong shapes raise JAX's class on every backend (lax's own checks, or a backend's
    # exception mapped: lax.complex has no check of its own)
    "err_add_shapes": "lax.add(xf, v5)",
    "err_dot_general_shapes": "lax.dot_general(xf, big, (((1,), (0,)), ((), ())))",
    "err_reshape_size": "lax.reshape(xf, (5, 2))",
    "err_reshape_dims": "lax.reshape(xf, (12,), dimensions=(0,))",
    "err_complex_shapes": "lax.complex(xf, v5)",
    "err_clamp_shape": "lax.clamp(v5, xf, xf)",
    "err_rev_dims": "lax.rev(v5, (1,))",
    "err_gather_slice": f"lax.gather(xf, A(np.array([[0]], np.int32)), {GN}(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)), (1, 5))",
    "err_dynamic_slice_len": "lax.dynamic_slice(big, (0,), (2, 2))",
    "err_conv_features": "lax.conv(img, gker, (1, 1), 'VALID')",
    "err_sort_shapes": "lax.sort((v5, xf[0]), num_keys=1)",
    "err_full_negative": "lax.full((-1,), 0.0)",
    "err_pad_negative": "lax.pad(v5, 0.0, [(-7, 0, 0)])",
    "err_expand_dims_repeated": "lax.expand_dims(v5, (0, 0))",
    "err_top_k_scalar": "lax.top_k(A(np.float32(1)), 1)",
    "err_in_dim_axis": "lax.dynamic_slice_in_dim(big, 0, 1, 2)",
    "err_integer_pow_float": "lax.integer_pow(xf, 1.5)",
    "conv_window_past_input": "lax.conv(img[:, :, :2, :2], ker, (1, 1), 'VALID')",
    "err_cond_pred": "lax.cond(xb, lambda a: a, lambda a: a, xf)",
    "err_scan_carry": "lax.scan(lambda c, x: (c + x, c), 0, xf[0])",
    "err_fori_carry": "lax.fori_loop(0, 3, lambda i, c: c.astype(np.float16), xf)",
}

LAX_IMPORTS = "from jax import lax"


@pytest.fixture(scope="module")
def want() -> dict[str, Any]:
    return oracle(CASES, LAX_IMPORTS)


def test_lax_matches_real_jax(backend: str, want: dict[str, Any]) -> None:
    from frontends.jax import lax

    check_all(
        CASES,
        want,
        {"lax": lax},
        {
            "cumlogsumexp": (1e-5, 1e-5),
            "assoc_scan_odd": (1e-5, 1e-6),
            "random_gamma_grad": (1e-4, 1e-5),
        },
    )


# --------------------------------------------------------------------- gradients
GRAD_CODE = """
from jax import lax
xs = jnp.asarray(np.linspace(-1.0, 1.0, 6, dtype=np.float32))

def f_scan(w):
    c, ys = lax.scan(lambda c, x: (c * w + x, c * x), jnp.float32(0.5), xs)
    return c + lax.reduce_sum(ys, (0,))

def f_fori(w):
    return lax.fori_loop(0, 4, lambda i, c: c * w + lax.convert_element_type(i, np.float32), w)

def f_cond(w):
    return lax.cond(w > 0, lambda a: a * a * 3.0, lambda a: -a, w) + lax.switch(2, [lambda a: a, lambda a: a * 2, lambda a: lax.sin(a)], w)

def f_while(w):
    return lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0] * w, c[1] + 1), (w, 0))[0]

def f_assoc(w):
    return lax.reduce_sum(lax.associative_scan(lax.mul, xs * w), (0,))

def f_stop(w):
    return w * lax.stop_gradient(w * w)

result = {}
for name, fn in [("scan", f_scan), ("fori", f_fori), ("cond", f_cond), ("assoc", f_assoc), ("stop", f_stop)]:
    result[name] = [np.asarray(jax.grad(fn)(jnp.float32(v))) for v in (0.7, -1.3)]
# real JAX cannot reverse-differentiate while_loop: its forward mode gives the oracle
result["while"] = [np.asarray(jax.jacfwd(f_while)(jnp.float32(v))) for v in (0.7, -1.3)]
"""


def test_gradients_through_control_flow(backend: str) -> None:
    """The core autodiff engine differentiates through scan, fori_loop, cond/switch,
    associative_scan, stop_gradient (and while_loop, which real JAX cannot)."""
    from core import autodiff
    from frontends.jax import lax
    from frontends.jax import numpy as jnp

    want = real_jax(GRAD_CODE)
    xs = jnp.asarray(numpy.linspace(-1.0, 1.0, 6, dtype=numpy.float32))
    half = jnp.asarray(numpy.float32(0.5))

    def lift(fn: Any) -> Any:
        return lambda wn: fn(Array._wrap(wn, False)).native

    fns = {
        "scan": lambda w: (lambda c, ys: c + lax.reduce_sum(ys, (0,)))(
            *lax.scan(lambda c, x: (c * w + x, c * x), half, xs)
        ),
        "fori": lambda w: lax.fori_loop(
            0, 4, lambda i, c: c * w + lax.convert_element_type(i, numpy.float32), w
        ),
        "cond": lambda w: (
            lax.cond(w > 0, lambda a: a * a * 3.0, lambda a: -a, w)
            + lax.switch(2, [lambda a: a, lambda a: a * 2, lambda a: lax.sin(a)], w)
        ),
        "while": lambda w: lax.while_loop(
            lambda c: c[1] < 3, lambda c: (c[0] * w, c[1] + 1), (w, 0)
        )[0],
        "assoc": lambda w: lax.reduce_sum(lax.associative_scan(lax.mul, xs * w), (0,)),
        "stop": lambda w: w * lax.stop_gradient(w * w),
    }
    for name, fn in fns.items():
        grad = autodiff.grad(lift(fn))
        if backend == "jax" and name != "while":  # tracked inside jax.jit: one compile
            # (a traced while_loop is not reverse-differentiable, as in JAX)
            import jax

            grad = jax.jit(grad)
        for v, expected in zip((0.7, -1.3), want[name]):
            w = jnp.asarray(numpy.float32(v)).native
            got = numpy.asarray(grad(w))
            numpy.testing.assert_allclose(got, expected, rtol=1e-5, err_msg=f"{name} at {v}")


def test_control_flow_under_jax_jit() -> None:
    """On the jax backend a traced predicate/carry maps onto real jax.lax control flow
    inside jax.jit, giving the eager results; a traced while_loop under the autodiff
    engine raises as JAX's reverse-mode while_loop does."""
    pytest.importorskip("jax")
    with core.use_backend("jax"):
        import jax

        from core import autodiff
        from frontends.jax import lax
        from frontends.jax import numpy as jnp

        x = jnp.asarray(numpy.linspace(-2, 2, 6, dtype=numpy.float32))

        def program(xn: Any) -> Any:
            a = Array._wrap(xn, False)
            w = lax.while_loop(lambda c: lax.reduce_sum(c, (0,)) < 50.0, lambda c: c * 1.5 + 1.0, a)
            c = lax.cond(lax.reduce_max(a, (0,)) > 1.0, lambda v: v * 2.0, lambda v: v - 1.0, a)
            s = lax.switch(lax.convert_element_type(lax.reduce_max(a, (0,)), numpy.int32),
                           [lambda v: v, lambda v: -v, lambda v: v * 10.0], a)  # fmt: skip
            f = lax.fori_loop(
                0, 3, lambda i, v: v * 0.5 + lax.convert_element_type(i, numpy.float32), a
            )
            n = lax.fori_loop(0, lax.convert_element_type(lax.reduce_max(a, (0,)), numpy.int32) + 2,
                              lambda i, v: v + 1.0, a)  # fmt: skip
            carry, ys = lax.scan(lambda cr, v: (cr + v, cr * v), lax.full((), 0.0), a)
            return tuple(t.native for t in (w, c, s, f, n, carry, ys))

        eager = program(x.native)
        jitted = jax.jit(program)(x.native)
        for e, j in zip(eager, jitted):
            numpy.testing.assert_allclose(numpy.asarray(j), numpy.asarray(e), rtol=1e-6)

        def traced_while(wn: Any) -> Any:
            w = Array._wrap(wn, False)
            return lax.while_loop(lambda c: c < 10.0, lambda c: c * w, w).native

        with pytest.raises(ValueError, match="Reverse-mode differentiation"):
            jax.jit(autodiff.grad(traced_while))(jnp.asarray(numpy.float32(1.5)).native)


OP_GRADS = {
    "gather": "lambda a: lax.reduce_sum(lax.gather(a, idx, GN, (1, 4)) ** 2, (0, 1))",
    "scatter_add": "lambda a: lax.reduce_sum(lax.scatter_add(a, idx, a[:3] * 2, SN) ** 2, (0, 1))",
    "reduce_window": "lambda a: lax.reduce_sum(lax.reduce_window(a, -np.inf, lax.max, (2, 2), (1, 1), 'VALID'), (0, 1))",
    "dynamic_slice": "lambda a: lax.reduce_sum(lax.dynamic_slice(a, (1, 1), (2, 2)) ** 2, (0, 1))",
    "conv": "lambda a: lax.reduce_sum(lax.conv_general_dilated(lax.reshape(a, (1, 1, 5, 4)), lax.reshape(a[:2, :2], (1, 1, 2, 2)), (1, 1), 'SAME') ** 2, (0, 1, 2, 3))",
    "softmax": "lambda a: lax.reduce_sum(nn.softmax(a) * a, (0, 1))",
    "logsumexp": "lambda a: special.logsumexp(a)",
    "sort": "lambda a: lax.reduce_sum(lax.sort(a, 1) * lax.iota(np.float32, 4), (0, 1))",
    "cumsum_pad": "lambda a: lax.reduce_sum(lax.pad(lax.cumsum(a, 1), 0.0, [(1, 1, 1), (0, -1, 0)]) ** 2, (0, 1))",
}  # fmt: skip

OP_GRAD_SETUP = """
GN = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,))
SN = lax.ScatterDimensionNumbers((1,), (0,), (0,))
idx = np.array([[0], [3], [3]], np.int32)
x = np.random.RandomState(0).randn(5, 4).astype(np.float32)
"""


def test_gradients_of_ops(backend: str) -> None:
    """The core engine's gradients through gather/scatter, reduce_window, slicing,
    convolution, softmax/logsumexp, sort, cumsum and pad equal real jax.grad's."""
    from core import autodiff
    from frontends.jax import lax, nn
    from frontends.jax import numpy as jnp
    from frontends.jax.scipy import special

    fns = "{" + ", ".join(f"{k!r}: {v}" for k, v in OP_GRADS.items()) + "}"
    want = real_jax(
        "from jax import lax, nn\nfrom jax.scipy import special\n"
        + OP_GRAD_SETUP
        + f"\nresult = {{n: np.asarray(jax.grad(f)(jnp.asarray(x))) for n, f in {fns}.items()}}\n"
    )
    scope: dict[str, Any] = {"np": numpy, "lax": lax, "nn": nn, "special": special}
    exec(OP_GRAD_SETUP, scope)
    x = jnp.asarray(scope["x"]).native
    for name, src in OP_GRADS.items():
        fn = eval(src, scope)
        grad = autodiff.grad(lambda an, fn=fn: fn(Array._wrap(an, False)).native)
        if backend == "jax":
            import jax

            grad = jax.jit(grad)
        got = numpy.asarray(grad(x))
        numpy.testing.assert_allclose(got, want[name], rtol=1e-4, atol=1e-5, err_msg=name)
