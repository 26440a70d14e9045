"""jax.nn and jax.nn.initializers against real JAX (x64 off) on the four backends.

Same machinery as ``test_lax.py``: each case is one expression over shared inputs, real
JAX runs once in the subprocess oracle; dtype, shape, values, weak_type and exception
types are compared. Initializers draw through ``frontends.jax.random`` from the same key:
bit-exact where the sampler is exact arithmetic (uniform), within a few float32 ulps
where a transcendental function is involved (normal, truncated normal, orthogonal's QR).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.frontends.jax.test_lax import check_all, oracle

ACT = ["relu", "relu6", "sigmoid", "softplus", "sparse_plus", "sparse_sigmoid", "soft_sign",
       "silu", "swish", "log_sigmoid", "hard_tanh", "hard_sigmoid", "hard_silu",
       "hard_swish", "elu", "celu", "selu", "gelu", "mish", "squareplus", "tanh",
       "identity"]  # fmt: skip

CASES: dict[str, str] = {f"{name}": f"nn.{name}(xf * 3)" for name in ACT}
CASES.update({
    "relu_int": "nn.relu(xi)",
    "relu6_int": "nn.relu6(xi)",
    "sigmoid_int": "nn.sigmoid(xi)",
    "silu_f16": "nn.silu(xh)",
    "gelu_exact": "nn.gelu(xf * 3, approximate=False)",
    "elu_alpha": "nn.elu(xf, alpha=0.5)",
    "celu_alpha": "nn.celu(xf, alpha=2.0)",
    "leaky_relu": "(nn.leaky_relu(xf), nn.leaky_relu(xf, 0.2))",
    "squareplus_b": "nn.squareplus(xf, b=2.0)",
    "log1mexp": "nn.log1mexp(pos * 2)",
    "weak_scalar": "(nn.relu(-2.0), nn.sigmoid(1.0), nn.gelu(1))",
    "glu": "(nn.glu(xf), nn.glu(big, axis=1))",
    "softmax": "(nn.softmax(xf), nn.softmax(xf, axis=0), nn.softmax(bm, axis=(1, 2)))",
    "softmax_where": "nn.softmax(xf, where=xb)",
    "softmax_int": "nn.softmax(xi)",
    "log_softmax": "(nn.log_softmax(xf), nn.log_softmax(bm, axis=1))",
    "log_softmax_where": "nn.log_softmax(xf, axis=1, where=xb)",
    "logsumexp": "(nn.logsumexp(xf), nn.logsumexp(xf, axis=1), nn.logsumexp(xf, axis=0, keepdims=True))",
    "logsumexp_b": "nn.logsumexp(xf, axis=1, b=yf)",
    "logsumexp_sign": "nn.logsumexp(xf, axis=1, b=yf, return_sign=True)",
    "logsumexp_where": "nn.logsumexp(xf, axis=1, where=xb)",
    "logmeanexp": "(nn.logmeanexp(xf, axis=1), nn.logmeanexp(xf))",
    "standardize": "(nn.standardize(xf), nn.standardize(xf, axis=0), nn.standardize(bm, axis=(1, 2)))",
    "standardize_where": "nn.standardize(xf, where=xb)",
    "standardize_given": "nn.standardize(xf, mean=0.5, variance=2.0)",
    "one_hot": "nn.one_hot(A(np.array([0, 2, 5, -1], np.int32)), 4)",
    "one_hot_axis": "nn.one_hot(A(np.array([[0, 1], [2, 3]], np.int32)), 3, axis=0, dtype=np.int8)",
    "one_hot_float": "nn.one_hot(A(np.array([0.0, 1.0, 1.5], np.float32)), 3)",
    "attention": "nn.dot_product_attention(q, k, v)",
    "attention_3d": "nn.dot_product_attention(q[0], k[0], v[0])",
    "attention_bias_mask": "nn.dot_product_attention(q, k, v, bias=bias, mask=mask)",
    "attention_causal": "nn.dot_product_attention(q, k, v, is_causal=True, scale=0.3)",
    "attention_gqa": "nn.dot_product_attention(q4, k, v)",
    "attention_window": "nn.dot_product_attention(q, k, v, local_window_size=(1, 0))",
    "attention_lengths": "nn.dot_product_attention(q, k, v, query_seq_lengths=A(np.array([3, 1], np.int32)), key_value_seq_lengths=A(np.array([2, 4], np.int32)))",
    "attention_residual": "nn.dot_product_attention(q, k, v, return_residual=True)",
    "err_attention_dtype": "nn.dot_product_attention(q, k.astype(np.float16), v)",
    # initializers (one key, several draws)
    "init_zeros_ones": "(init.zeros(key, (2, 3)), init.ones(key, (3,), np.int32), init.constant(0.5)(key, (2, 2)))",
    "init_uniform": "init.uniform(0.1)(key, (3, 4))",
    "init_normal": "init.normal(0.5)(key, (3, 4))",
    "init_truncated": "init.truncated_normal(2.0)(key, (4, 5))",
    "init_glorot": "(init.glorot_uniform()(key, (4, 5)), init.glorot_normal()(key, (3, 3, 2, 4)))",
    "init_he_lecun": "(init.he_uniform()(key, (5, 3)), init.he_normal()(key, (5, 3)), init.lecun_uniform()(key, (4, 2)), init.lecun_normal()(key, (4, 2)))",
    "init_aliases": "(init.xavier_uniform()(key, (3, 2)), init.kaiming_normal()(key, (3, 2)))",
    "init_vs": "(init.variance_scaling(2.0, 'fan_out', 'normal')(key, (4, 6)), init.variance_scaling(1.0, 'fan_geo_avg', 'uniform', in_axis=0, out_axis=1, batch_axis=2)(key, (3, 4, 2)))",
    "init_orthogonal": "(init.orthogonal()(key, (3, 5)), init.orthogonal(2.0, column_axis=0)(key, (4, 2, 3)))",
    "init_delta_orthogonal": "init.delta_orthogonal()(key, (3, 3, 2, 4))",
    "init_f16": "init.uniform()(key, (4,), np.float16)",
    "err_init_1d": "init.glorot_uniform()(key, (4,))",
    "err_vs_mode": "init.variance_scaling(1.0, 'fan', 'normal')(key, (2, 2))",
})  # fmt: skip

NN_INPUTS = """
from jax import nn
import jax.nn.initializers as init
key = jax.random.PRNGKey(7)
rq = np.random.RandomState(1)
q = A(rq.randn(2, 4, 2, 8).astype(np.float32))
q4 = A(rq.randn(2, 4, 4, 8).astype(np.float32))
k = A(rq.randn(2, 5, 2, 8).astype(np.float32))
v = A(rq.randn(2, 5, 2, 8).astype(np.float32))
bias = A(rq.randn(1, 2, 4, 5).astype(np.float32))
mask = A(rq.rand(2, 1, 4, 5) > 0.3)
"""


@pytest.fixture(scope="module")
def want() -> dict[str, Any]:
    return oracle(CASES, NN_INPUTS.replace("A(", "jnp.asarray("))


TOL = {
    name: (1e-5, 1e-5)
    for name in CASES
    if name.startswith("init_") or name.startswith("attention") or name == "log1mexp"
}
TOL["silu_f16"] = (2e-3, 1e-3)  # float16 rounding of the intermediate sigmoid


def test_nn_matches_real_jax(backend: str, want: dict[str, Any]) -> None:
    import numpy

    from frontends.jax import nn, random
    from frontends.jax import numpy as jnp
    from frontends.jax.nn import initializers

    rq = numpy.random.RandomState(1)
    ns = {
        "nn": nn,
        "init": initializers,
        "key": random.PRNGKey(7),
        "q": jnp.asarray(rq.randn(2, 4, 2, 8).astype(numpy.float32)),
        "q4": jnp.asarray(rq.randn(2, 4, 4, 8).astype(numpy.float32)),
        "k": jnp.asarray(rq.randn(2, 5, 2, 8).astype(numpy.float32)),
        "v": jnp.asarray(rq.randn(2, 5, 2, 8).astype(numpy.float32)),
        "bias": jnp.asarray(rq.randn(1, 2, 4, 5).astype(numpy.float32)),
        "mask": jnp.asarray(rq.rand(2, 1, 4, 5) > 0.3),
    }
    check_all(CASES, want, ns, TOL)
