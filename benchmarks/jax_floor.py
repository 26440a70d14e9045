"""The floor of issue 23's targets: the benchmark's models written directly in JAX, no
frontend in between, jitted (the floor of the compiled targets) and op by op (what JAX
itself costs eagerly, the floor of the eager-jax targets).

``bench_user_level`` times these beside real torch eager, so "within 1.2x of the floor" is
read off one run. Same shapes and arithmetic as the library models (GPT-2: learned positions,
pre-norm blocks, tanh-GELU, tied output embedding; ResNet: bottleneck blocks, batch norm in
eval, NCHW as torch lays it out); the weights are random, as the benchmark's are, and
float32 whatever JAX's x64 setting.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

#: blocks per stage of the bottleneck ResNets the benchmark sizes name
RESNET_STAGES = {"resnet50": (3, 4, 6, 3), "test_resnet": (1, 1, 1, 1)}


def gpt2(
    n_layer: int, n_embd: int, n_head: int, tokens: int, *, jit: bool
) -> dict[str, Callable[[], float]]:
    """GPT-2 at batch 1 over ``tokens`` tokens: {"forward": the logits' sum, "training step":
    one AdamW step on the next-token loss (returns the loss)}, jitted or op by op."""
    import jax
    import jax.numpy as jnp

    rng = np.random.default_rng(0)

    def weight(*shape: int) -> Any:
        return jnp.asarray(rng.standard_normal(shape, dtype=np.float32) * 0.02)

    def norm() -> dict[str, Any]:
        return {"scale": jnp.ones(n_embd, np.float32), "shift": jnp.zeros(n_embd, np.float32)}

    params = {
        "wte": weight(50257, n_embd),
        "wpe": weight(1024, n_embd),
        "final": norm(),
        "layers": [
            {
                "ln1": norm(),
                "qkv": weight(n_embd, 3 * n_embd),
                "qkv_b": jnp.zeros(3 * n_embd, np.float32),
                "proj": weight(n_embd, n_embd),
                "proj_b": jnp.zeros(n_embd, np.float32),
                "ln2": norm(),
                "up": weight(n_embd, 4 * n_embd),
                "up_b": jnp.zeros(4 * n_embd, np.float32),
                "down": weight(4 * n_embd, n_embd),
                "down_b": jnp.zeros(n_embd, np.float32),
            }
            for _ in range(n_layer)
        ],
    }
    ids = jnp.asarray(rng.integers(0, 50257, (1, tokens)))

    def layer_norm(x: Any, p: dict[str, Any]) -> Any:
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * p["scale"] + p["shift"]

    def logits(params: dict[str, Any], ids: Any) -> Any:
        batch, length = ids.shape
        head = n_embd // n_head
        x = params["wte"][ids] + params["wpe"][:length]
        causal = jnp.tril(jnp.ones((length, length), bool))
        for p in params["layers"]:
            q, k, v = jnp.split(layer_norm(x, p["ln1"]) @ p["qkv"] + p["qkv_b"], 3, axis=-1)
            q, k, v = (
                t.reshape(batch, length, n_head, head).transpose(0, 2, 1, 3) for t in (q, k, v)
            )
            scores = jnp.where(causal, q @ k.transpose(0, 1, 3, 2) / np.sqrt(head), -jnp.inf)
            attended = jax.nn.softmax(scores, axis=-1) @ v
            attended = attended.transpose(0, 2, 1, 3).reshape(batch, length, n_embd)
            x = x + attended @ p["proj"] + p["proj_b"]
            hidden = jax.nn.gelu(layer_norm(x, p["ln2"]) @ p["up"] + p["up_b"], approximate=True)
            x = x + hidden @ p["down"] + p["down_b"]
        return layer_norm(x, params["final"]) @ params["wte"].T

    def loss(params: dict[str, Any], ids: Any) -> Any:
        log_p = jax.nn.log_softmax(logits(params, ids)[:, :-1], axis=-1)
        return -jnp.take_along_axis(log_p, ids[:, 1:, None], axis=-1).mean()

    def step(params: dict[str, Any], state: dict[str, Any], ids: Any) -> tuple[Any, ...]:
        """AdamW as torch.optim.AdamW's defaults (lr 1e-4, weight decay 0.01)."""
        value, grads = jax.value_and_grad(loss)(params, ids)
        count = state["count"] + 1
        m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, state["m"], grads)
        v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, state["v"], grads)
        correction1, correction2 = 1 - 0.9**count, 1 - 0.999**count

        def update(p: Any, m: Any, v: Any) -> Any:
            p = p * (1 - 1e-4 * 0.01)
            return p - 1e-4 * (m / correction1) / (jnp.sqrt(v / correction2) + 1e-8)

        params = jax.tree.map(update, params, m, v)
        return params, {"count": count, "m": m, "v": v}, value

    forward = jax.jit(lambda params, ids: logits(params, ids).sum()) if jit else None
    step = jax.jit(step, donate_argnums=(0, 1)) if jit else step
    moments = [jax.tree.map(jnp.zeros_like, params) for _ in range(2)]  # two buffers each
    state = {"params": params, "opt": {"count": 0, "m": moments[0], "v": moments[1]}}

    def train() -> float:
        state["params"], state["opt"], value = step(state["params"], state["opt"], ids)
        return float(value)

    def infer() -> float:
        return float(forward(state["params"], ids) if jit else logits(state["params"], ids).sum())

    return {"forward": infer, "training step": train}


def resnet(name: str, batch: int, pixels: int, *, jit: bool) -> dict[str, Callable[[], float]]:
    """{"forward": a bottleneck ResNet's eval forward (``RESNET_STAGES[name]`` blocks per stage) on a
    ``(batch, 3, pixels, pixels)`` input: the 1000 logits' sum}, jitted or op by op."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    rng = np.random.default_rng(0)

    def conv_bn(c_out: int, c_in: int, kernel: int) -> dict[str, Any]:
        scale = (2.0 / (c_in * kernel * kernel)) ** 0.5  # a Python float keeps float32
        shape = (c_out, c_in, kernel, kernel)
        return {
            "w": jnp.asarray(rng.standard_normal(shape, dtype=np.float32) * scale),
            "mean": jnp.zeros(c_out, np.float32),
            "var": jnp.ones(c_out, np.float32),
            "scale": jnp.ones(c_out, np.float32),
            "shift": jnp.zeros(c_out, np.float32),
        }

    blocks, strides, c_in = [], [], 64
    for stage, count in enumerate(RESNET_STAGES[name]):
        width = 64 * 2**stage
        for index in range(count):
            block = {
                "a": conv_bn(width, c_in, 1),
                "b": conv_bn(width, width, 3),
                "c": conv_bn(4 * width, width, 1),
            }
            if index == 0:
                block["shortcut"] = conv_bn(4 * width, c_in, 1)
            blocks.append(block)
            strides.append(2 if index == 0 and stage else 1)
            c_in = 4 * width
    params = {
        "stem": conv_bn(64, 3, 7),
        "blocks": blocks,
        "fc": jnp.asarray(rng.standard_normal((1000, c_in), dtype=np.float32) * 0.01),
    }
    images = jnp.asarray(rng.standard_normal((batch, 3, pixels, pixels), dtype=np.float32))

    def apply(x: Any, p: dict[str, Any], stride: int = 1, relu: bool = True) -> Any:
        pad = p["w"].shape[-1] // 2
        y = lax.conv_general_dilated(
            x,
            p["w"],
            (stride, stride),
            [(pad, pad)] * 2,
            dimension_numbers=("NCHW", "OIHW", "NCHW"),
        )
        scale = p["scale"] * lax.rsqrt(p["var"] + 1e-5)
        y = y * scale[:, None, None] + (p["shift"] - p["mean"] * scale)[:, None, None]
        return jnp.maximum(y, 0) if relu else y

    def forward(params: dict[str, Any], x: Any) -> Any:
        x = apply(x, params["stem"], 2)
        x = lax.reduce_window(
            x,
            np.float32(-np.inf),
            lax.max,
            (1, 1, 3, 3),
            (1, 1, 2, 2),
            [(0, 0), (0, 0), (1, 1), (1, 1)],
        )
        for block, stride in zip(params["blocks"], strides):
            y = apply(apply(apply(x, block["a"]), block["b"], stride), block["c"], relu=False)
            shortcut = apply(x, block["shortcut"], stride, relu=False) if "shortcut" in block else x
            x = jnp.maximum(y + shortcut, 0)
        return (x.mean(axis=(2, 3)) @ params["fc"].T).sum()

    run = jax.jit(forward) if jit else forward
    return {"forward": lambda: float(run(params, images))}
