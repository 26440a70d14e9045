"""An ordinary JAX program: a two-layer MLP trained with jax.grad, jax.jit and tree_map.

Run it on real JAX:                python examples/jax_mlp.py
Run it on another backend:         transpile examples/jax_mlp.py --to torch --run
(or --to numpy / jax / tensorflow). Both print the same lines to float32 rounding: the data
and the initial weights come from ``jax.random`` keys, whose numbers the frontend reproduces
bit for bit; the training step is one ``jax.jit`` program (real ``jax.jit`` on the jax
backend).
"""

import itertools

import jax
import jax.numpy as jnp
from jax import random

key = random.PRNGKey(0)
data_key, init_key = random.split(key)
n, features, hidden, classes = 128, 4, 32, 3

# three classes of points around three centres
x_key, label_key = random.split(data_key)
labels = random.randint(label_key, (n,), 0, classes)
centres = jnp.array([[1.0, 0.0, -1.0, 0.5], [-1.0, 1.0, 0.0, -0.5], [0.0, -1.0, 1.0, 0.0]])
x = centres[labels] + 0.6 * random.normal(x_key, (n, features))


def init_params(key, sizes):
    params = []
    for fan_in, fan_out in itertools.pairwise(sizes):
        key, w_key = random.split(key)
        w = random.normal(w_key, (fan_in, fan_out)) * jnp.sqrt(2.0 / fan_in)
        params.append({"w": w, "b": jnp.zeros(fan_out)})
    return params


def forward(params, x):
    *hidden_layers, last = params
    for layer in hidden_layers:
        x = jnp.tanh(x @ layer["w"] + layer["b"])
    return x @ last["w"] + last["b"]


def loss_fn(params, x, labels):
    logits = forward(params, x)
    log_probs = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(log_probs, labels[:, None], axis=1))


@jax.jit
def step(params, x, labels):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, labels)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.3 * g, params, grads)
    return params, loss


params = init_params(init_key, [features, hidden, hidden, classes])
for i in range(61):
    params, loss = step(params, x, labels)
    if i % 20 == 0:
        accuracy = jnp.mean(jnp.argmax(forward(params, x), axis=1) == labels)
        print(f"step {i:3d}  loss {float(loss):.5f}  accuracy {float(accuracy):.3f}")

print("final loss:", round(float(loss_fn(params, x, labels)), 5))
print("first logits:", jnp.round(forward(params, x[:2]), 3))
print("output bias:", params[-1]["b"].dtype, params[-1]["b"].shape)
