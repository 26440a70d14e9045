"""tf.distribute.MirroredStrategy against real TF: one program, the custom training loop of
TF's "Custom training with tf.distribute.Strategy" tutorial (a smaller model, seeded
weights), Keras ``fit`` under the scope and the PerReplica API, run by real TF on 4 logical
CPU devices (``tf.config.set_logical_device_configuration``) and by the frontend on the jax
backend with 4 simulated devices (each in a fresh process: ``XLA_FLAGS`` must be set before
JAX starts); and on one device on every backend."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy
import pytest

from tests.frontends.tensorflow.oracle import compare

ROOT = Path(__file__).resolve().parents[3]
DEVICES = 4

PROGRAM = """
import numpy

result = {}
tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 4)
devices = [d.name for d in tf.config.list_logical_devices("CPU")]
strategy = tf.distribute.MirroredStrategy(devices)
result["replicas"] = strategy.num_replicas_in_sync
BATCH_SIZE_PER_REPLICA = 4
GLOBAL_BATCH_SIZE = BATCH_SIZE_PER_REPLICA * strategy.num_replicas_in_sync
rng = numpy.random.default_rng(0)
images = rng.standard_normal((GLOBAL_BATCH_SIZE * 3, 8, 8, 1)).astype("float32")
labels = rng.integers(0, 10, GLOBAL_BATCH_SIZE * 3).astype("int64")
train_dataset = tf.data.Dataset.from_tensor_slices((images, labels)).batch(GLOBAL_BATCH_SIZE)
train_dist_dataset = strategy.experimental_distribute_dataset(train_dataset)


def create_model():
    model = tf.keras.Sequential([
        tf.keras.layers.Input((8, 8, 1)),
        tf.keras.layers.Conv2D(4, 3, activation="relu"),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    weights = numpy.random.default_rng(1)
    model.set_weights([0.3 * weights.standard_normal(w.shape).astype("float32")
                       for w in model.get_weights()])
    return model


with strategy.scope():
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(
        from_logits=True, reduction=tf.keras.losses.Reduction.NONE)

    def compute_loss(labels, predictions, model_losses):
        per_example_loss = loss_object(labels, predictions)
        loss = tf.nn.compute_average_loss(per_example_loss)
        if model_losses:
            loss += tf.nn.scale_regularization_loss(tf.add_n(model_losses))
        return loss

    train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name="train_accuracy")
    model = create_model()
    optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)
    optimizer.build(model.trainable_variables)
    result["cross_replica"] = (tf.distribute.in_cross_replica_context(),
                               tf.distribute.get_replica_context() is None)


def train_step(inputs):
    images, labels = inputs
    with tf.GradientTape() as tape:
        predictions = model(images, training=True)
        loss = compute_loss(labels, predictions, model.losses)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    train_accuracy.update_state(labels, predictions)
    return loss


@tf.function
def distributed_train_step(dataset_inputs):
    per_replica_losses = strategy.run(train_step, args=(dataset_inputs,))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_losses, axis=None)


result["losses"] = []
for epoch in range(2):
    for x in train_dist_dataset:
        result["losses"].append(float(distributed_train_step(x)))
result["accuracy"] = float(train_accuracy.result())
result["weights"] = [w.numpy() for w in model.trainable_variables]

with strategy.scope():
    fitted = create_model()
    fitted.compile(optimizer=tf.keras.optimizers.SGD(0.05),
                   loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
result["fit"] = fitted.fit(train_dataset, epochs=2, verbose=0).history["loss"]

values = strategy.experimental_distribute_values_from_function(
    lambda ctx: tf.constant([[ctx.replica_id_in_sync_group + 1.0, 2.0]]))
SUM, MEAN = tf.distribute.ReduceOp.SUM, tf.distribute.ReduceOp.MEAN
result["per_replica"] = [
    strategy.reduce(SUM, values, axis=None).numpy(), strategy.reduce(MEAN, values, axis=None).numpy(),
    strategy.reduce(SUM, values, axis=0).numpy(), strategy.reduce(MEAN, values, axis=0).numpy(),
    numpy.stack([v.numpy() for v in strategy.experimental_local_results(values)]),
    strategy.gather(values, axis=0).numpy(),
    strategy.reduce(SUM, strategy.run(lambda v: v * 2, args=(values,)), axis=0).numpy(),
]
from_function = strategy.distribute_datasets_from_function(
    lambda ctx: tf.data.Dataset.range(12).batch(ctx.get_per_replica_batch_size(8)))
result["from_function"] = [strategy.gather(x, axis=0).numpy().tolist() for x in from_function]
"""

# where the frontend puts things: each global batch split over the devices, variables
# created under the scope on all of them (mirrored)
PLACEMENT = """
batch = next(iter(train_dist_dataset))[0].native
kernel = model.trainable_variables[0].value.native
result["placement"] = (len(batch.sharding.device_set), batch.is_fully_replicated,
                       len(kernel.sharding.device_set), kernel.is_fully_replicated)
"""


def _start(real: bool) -> subprocess.Popen:
    prelude = "" if real else "import frontends\nfrontends.install('tensorflow', backend='jax')\n"
    prelude += "import tensorflow as tf\n"
    body = PROGRAM if real else PROGRAM + PLACEMENT
    script = (
        "import sys, pickle\n" + prelude + textwrap.dedent(body)
        + "\nsys.stdout.buffer.write(pickle.dumps(result))\n"
    )  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    env.update(
        JAX_PLATFORMS="cpu",
        XLA_FLAGS=f"--xla_force_host_platform_device_count={DEVICES}",
        PYTHONPATH=str(ROOT),
        OMP_NUM_THREADS="1",
        TF_CPP_MIN_LOG_LEVEL="3",
    )
    return subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )


def _result(process: subprocess.Popen) -> dict[str, Any]:
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err.decode()[-3000:]
    return pickle.loads(out)


def test_mirrored_training_matches_real_tf() -> None:
    real_process, our_process = _start(real=True), _start(real=False)
    real, ours = _result(real_process), _result(our_process)
    assert ours.pop("placement") == (DEVICES, False, DEVICES, True)
    assert ours.keys() == real.keys()
    assert ours["replicas"] == real["replicas"] == DEVICES
    assert ours["cross_replica"] == real["cross_replica"] == (True, True)
    numpy.testing.assert_allclose(ours["losses"], real["losses"], atol=1e-5)
    assert ours["accuracy"] == real["accuracy"]
    for a, b in zip(ours["weights"], real["weights"], strict=True):
        numpy.testing.assert_allclose(a, b, atol=1e-5)
    numpy.testing.assert_allclose(ours["fit"], real["fit"], atol=1e-5)
    for a, b in zip(ours["per_replica"], real["per_replica"], strict=True):
        assert a.shape == b.shape and a.tolist() == b.tolist()
    assert ours["from_function"] == real["from_function"]


def test_one_device(backend: str) -> None:
    """On one device (every backend; jax without simulated devices) the strategy is TF's
    MirroredStrategy on one CPU: plain values, reductions that return them."""

    def program(tf):
        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            v = tf.Variable([1.0, 2.0])
            inside = tf.distribute.has_strategy(), tf.distribute.get_strategy() is strategy

        def step(x):
            v.assign_add(tf.reduce_sum(x, axis=0))
            context = tf.distribute.get_replica_context()
            return context.all_reduce(tf.distribute.ReduceOp.SUM, x * v)

        data = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(8.0), (4, 2))).batch(2)
        out = [
            strategy.reduce(tf.distribute.ReduceOp.MEAN, strategy.run(step, args=(x,)), axis=0)
            for x in strategy.experimental_distribute_dataset(data)
        ]
        return (strategy.num_replicas_in_sync, inside, tf.distribute.has_strategy(), out,
                v.read_value())  # fmt: skip

    compare(program)


def test_logical_devices_are_the_mesh() -> None:
    """Asking for other logical CPU devices than the mesh has says how to get them."""
    from frontends import tensorflow as tf

    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()])
    with pytest.raises(ValueError, match="xla_force_host_platform_device_count=2"):
        tf.config.set_logical_device_configuration(
            cpu, [tf.config.LogicalDeviceConfiguration()] * 2
        )
