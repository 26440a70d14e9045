"""frontends.export: a ported model as real JAX's, real TensorFlow's and real torch's own.

The examples' GPT, CNN and LSTM (torch code), a jax-frontend MLP and a tf.Module go to each
target; the target framework's own tools (jax.jit/grad/vmap/export, optax, tf.saved_model,
torch.autograd/optim) run them and the results are compared with the frontend's.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy
import pytest

import core
from frontends import export

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples"))

import torch_cnn  # noqa: E402
import torch_gpt  # noqa: E402
import torch_lstm  # noqa: E402

EXAMPLES = {
    "gpt": (torch_gpt.build, lambda torch: torch.randint(0, 64, (2, 16))),
    "cnn": (torch_cnn.build, lambda torch: torch.randn(4, 3, 16, 16)),
    "lstm": (torch_lstm.build, lambda torch: torch.randint(0, 50, (2, 12))),
}


def _first(output):
    return output[0] if isinstance(output, tuple) else output


def _example(name: str):
    from frontends import torch

    torch.manual_seed(0)
    build, make_input = EXAMPLES[name]
    model = build(torch)().eval()
    x = make_input(torch)
    return torch, model, x, _first(model(x)).detach().numpy()


def _frontend_grads(torch, model, x):
    """The frontend's own gradients of mean(first output ** 2)."""
    model.zero_grad()
    (_first(model(x)) ** 2).mean().backward()
    return {n: p.grad.numpy() for n, p in model.named_parameters()}


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_to_jax(name):
    import jax
    import jax.numpy as jnp
    import optax

    with core.use_backend("jax"):
        torch, model, x, expected = _example(name)
        apply_fn, variables = export.to_jax(model)
        assert all(isinstance(v, jax.Array) for v in variables["params"].values())
        assert set(variables["params"]) == {n for n, _ in model.named_parameters()}
        assert set(variables["buffers"]) == {n for n, _ in model.named_buffers()}
        out = _first(jax.jit(apply_fn)(variables, x.native))
        numpy.testing.assert_allclose(numpy.asarray(out), expected, atol=1e-5)
        if name != "gpt":  # gradients of the others: to_torch's test (compiles cost here)
            return

        def loss(params, x):
            result = apply_fn({"params": params, "buffers": variables["buffers"]}, x)
            return jnp.mean(_first(result) ** 2)

        value, grads = jax.jit(jax.value_and_grad(loss))(variables["params"], x.native)
        ours = _frontend_grads(torch, model, x)
        for key, grad in grads.items():
            numpy.testing.assert_allclose(numpy.asarray(grad), ours[key], atol=1e-6)
        optimizer = optax.adam(1e-2)
        updates, _ = optimizer.update(grads, optimizer.init(variables["params"]))
        trained = optax.apply_updates(variables["params"], updates)
        assert float(jax.jit(loss)(trained, x.native)) < float(value)
        exported = jax.export.export(jax.jit(apply_fn))(variables, x.native)  # StableHLO
        restored = jax.export.deserialize(exported.serialize())
        numpy.testing.assert_allclose(
            numpy.asarray(restored.call(variables, x.native)), expected, atol=1e-5
        )


def test_to_jax_under_vmap():
    import jax

    with core.use_backend("jax"):
        from frontends import torch

        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh())
        x = torch.randn(5, 3)
        apply_fn, variables = export.to_jax(model)
        mapped = jax.vmap(lambda row: apply_fn(variables, row))(x.native)
        numpy.testing.assert_allclose(numpy.asarray(mapped), model(x).detach().numpy(), atol=1e-6)


def test_to_jax_returns_updated_buffers_when_mutable():
    import jax

    with core.use_backend("jax"):
        _, model, x, _ = _example("cnn")
        apply_fn, variables = export.to_jax(model.train())
        _, state = jax.jit(lambda v, x: apply_fn(v, x, mutable=True))(variables, x.native)
        model(x)  # the frontend's own training-mode forward updates its buffers
        for name, buffer in model.named_buffers():
            numpy.testing.assert_allclose(
                numpy.asarray(state["buffers"][name]), buffer.numpy(), atol=1e-6
            )


def test_jax_frontend_function_and_pair():
    import jax

    with core.use_backend("jax"):
        from frontends import jax as fjax
        from frontends.jax import numpy as jnp

        def forward(params, x):
            return jnp.tanh(x @ params["w"] + params["b"])

        params = {"w": fjax.random.normal(fjax.random.PRNGKey(0), (3, 2)), "b": jnp.ones(2)}
        x = jnp.ones((4, 3))
        plain = export.to_jax(forward)
        numpy.testing.assert_allclose(
            numpy.asarray(jax.jit(plain)({k: v.native for k, v in params.items()}, x.native)),
            numpy.asarray(forward(params, x)),
            atol=1e-6,
        )
        apply_fn, variables = export.to_jax((forward, params))
        assert sorted(variables["params"]) == ["b", "w"]
        numpy.testing.assert_allclose(
            numpy.asarray(jax.jit(apply_fn)(variables, x.native)),
            numpy.asarray(forward(params, x)),
            atol=1e-6,
        )


def test_to_tensorflow_saved_model_loads_without_the_project(tmp_path):
    import tensorflow as tf

    with core.use_backend("tensorflow"):
        _, model, x, expected = _example("gpt")
        module = export.to_tensorflow(model, input_signature=[tf.TensorSpec([2, 16], tf.int64)])
        assert isinstance(module, tf.Module)
        assert len(module.trainable_variables) == len(list(model.parameters()))
        numpy.testing.assert_allclose(module(x.native).numpy(), expected, atol=1e-5)
        tf.saved_model.save(module, str(tmp_path / "saved"))
    numpy.save(tmp_path / "x.npy", x.numpy())
    script = (
        "import sys, numpy, tensorflow as tf\n"
        f"m = tf.saved_model.load({str(tmp_path / 'saved')!r})\n"
        f"numpy.save({str(tmp_path / 'out.npy')!r}, "
        f"m(tf.constant(numpy.load({str(tmp_path / 'x.npy')!r}))).numpy())\n"
        "assert not any(n.partition('.')[0] in ('frontends', 'core') for n in sys.modules)\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    numpy.testing.assert_allclose(numpy.load(tmp_path / "out.npy"), expected, atol=1e-5)


def test_tf_frontend_module_to_jax_and_torch():
    import jax
    import torch as real_torch

    def build():
        from frontends import tensorflow as tf

        class Dense(tf.Module):
            def __init__(self):
                super().__init__()
                self.w = tf.Variable(tf.random.stateless_normal((3, 2), seed=(1, 2)), name="w")
                self.b = tf.Variable(tf.zeros(2), name="b")

            def __call__(self, x):
                return tf.nn.relu(x @ self.w + self.b)

        return tf, Dense()

    data = numpy.arange(12, dtype=numpy.float32).reshape(4, 3) / 10
    with core.use_backend("jax"):
        tf, dense = build()
        expected = dense(tf.constant(data)).numpy()
        apply_fn, variables = export.to_jax(dense)
        assert sorted(variables["params"]) == ["b", "w"]
        out = jax.jit(apply_fn)(variables, jax.numpy.asarray(data))
        numpy.testing.assert_allclose(numpy.asarray(out), expected, atol=1e-6)
    with core.use_backend("torch"):
        tf, dense = build()
        module = export.to_torch(dense)
        out = module(real_torch.from_numpy(data))
        numpy.testing.assert_allclose(out.detach().numpy(), expected, atol=1e-6)
        out.sum().backward()
        assert module.w.grad is not None and module.w.grad.shape == (3, 2)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_to_torch_trains_with_real_autograd(name):
    import torch as real_torch

    with core.use_backend("torch"):
        torch, model, x, expected = _example(name)
        module = export.to_torch(model)
        assert isinstance(module, real_torch.nn.Module)
        assert list(module.state_dict()) == list(model.state_dict())  # tied keys included
        out = _first(module(x.native))
        numpy.testing.assert_allclose(out.detach().numpy(), expected, atol=1e-6)
        (out**2).mean().backward()
        ours = _frontend_grads(torch, model, x)
        for key, parameter in module.named_parameters():
            numpy.testing.assert_allclose(parameter.grad.numpy(), ours[key], atol=1e-6)
        optimizer = real_torch.optim.AdamW(module.parameters(), lr=1e-2)
        losses = []
        for _ in range(3):
            optimizer.zero_grad()
            loss = (_first(module(x.native)) ** 2).mean()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        assert losses[-1] < losses[0]


def test_jax_frontend_pair_trains_in_real_torch():
    with core.use_backend("torch"):
        from frontends import jax as fjax
        from frontends.jax import numpy as jnp

        def loss_fn(params, x):
            return jnp.mean(jnp.tanh(x @ params["w"]) ** 2)

        params = {"w": fjax.random.normal(fjax.random.PRNGKey(1), (3, 2))}
        x = jnp.ones((4, 3))
        expected = fjax.grad(loss_fn)(params, x)["w"]
        module = export.to_torch((loss_fn, params))
        module(x.native).backward()
        numpy.testing.assert_allclose(module.w.grad.numpy(), numpy.asarray(expected), atol=1e-6)


# ---- errors ---------------------------------------------------------------------------
def test_the_wrong_backend_says_which_to_set():
    with core.use_backend("numpy"):
        _, model, _, _ = _example("gpt")
        for target, function in [
            ("jax", export.to_jax),
            ("tensorflow", export.to_tensorflow),
            ("torch", export.to_torch),
        ]:
            with pytest.raises(export.ExportError, match=f"core.set_backend\\('{target}'\\)"):
                function(model)


def test_an_untraceable_model_names_its_line():
    import jax

    with core.use_backend("jax"):
        from frontends import torch

        class Gate(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:  # Python control flow on a tensor value
                    return x
                return -x

        apply_fn, variables = export.to_jax(Gate())
        with pytest.raises(export.ExportError, match=r"test_export.py:\d+: the model cannot be"):
            jax.jit(apply_fn)(variables, jax.numpy.ones(3))


def test_dropout_in_training_mode_is_refused():
    import jax

    with core.use_backend("jax"):
        from frontends import torch

        apply_fn, variables = export.to_jax(torch.nn.Dropout(0.5).train())
        with pytest.raises(export.ExportError, match="random numbers from torch's generator"):
            jax.jit(apply_fn)(variables, jax.numpy.ones(8))


def test_dynamic_dimensions_for_a_torch_model_are_refused():
    import tensorflow as tf

    with core.use_backend("tensorflow"):
        _, model, _, _ = _example("gpt")
        with pytest.raises(export.ExportError, match="unknown dimension"):
            export.to_tensorflow(model, input_signature=[tf.TensorSpec([None, 16], tf.int64)])


TRANSFORMERS_EXPORT = """
import sys, numpy, frontends
backend = sys.argv[1]
frontends.install("torch", backend=backend)
import torch, transformers
from frontends import export
config = transformers.GPT2Config(
    n_layer=2, n_embd=32, n_head=2, vocab_size=100, n_positions=64, use_cache=False
)
torch.manual_seed(0)
model = transformers.GPT2LMHeadModel(config).eval()
tokens = torch.randint(0, 100, (2, 10))
with torch.no_grad():
    expected = model(tokens).logits.numpy()
if backend == "jax":
    import jax
    apply_fn, variables = export.to_jax(model)
    got = numpy.asarray(jax.jit(apply_fn)(variables, jax.numpy.asarray(tokens.numpy()))["logits"])
elif backend == "tensorflow":
    import tensorflow as tf
    module = export.to_tensorflow(model, input_signature=[tf.TensorSpec([2, 10], tf.int64)])
    got = module(tf.constant(tokens.numpy()))["logits"].numpy()
    tf.saved_model.save(module, sys.argv[2] + "/saved")
    numpy.save(sys.argv[2] + "/tokens.npy", tokens.numpy())
    numpy.save(sys.argv[2] + "/expected.npy", expected)
else:
    real_torch = sys.modules["torch"]  # shared mode: core's real torch
    got = export.to_torch(model)(real_torch.as_tensor(tokens.numpy()))["logits"].detach().numpy()
print("DIFFERENCE", float(numpy.abs(got - expected).max()))
"""


@pytest.mark.skipif(
    __import__("importlib").util.find_spec("transformers") is None,
    reason="transformers is not installed",
)
@pytest.mark.parametrize("backend", ["jax", "torch", "tensorflow"])
def test_a_transformers_model_exports(backend, tmp_path):
    """HF's GPT2LMHeadModel, unchanged, through the drop-in, then to_jax under real jax.jit,
    to_torch and to_tensorflow: the frontend's logits (the model's ModelOutput comes out as
    a dict). Its mask indexes with positions computed inside the tf.function trace."""
    completed = subprocess.run(
        [sys.executable, "-c", TRANSFORMERS_EXPORT, backend, str(tmp_path)],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    difference = float(completed.stdout.split("DIFFERENCE")[-1])
    assert difference < 1e-5
    if backend != "tensorflow":
        return
    script = (
        "import sys, numpy, tensorflow as tf\n"
        "m = tf.saved_model.load('saved')\n"
        "numpy.save('out.npy', m(tf.constant(numpy.load('tokens.npy')))['logits'].numpy())\n"
        "assert not any(n.partition('.')[0] in ('frontends', 'core') for n in sys.modules)\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    numpy.testing.assert_allclose(
        numpy.load(tmp_path / "out.npy"), numpy.load(tmp_path / "expected.npy"), atol=1e-5
    )
