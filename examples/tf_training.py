"""A low-level TensorFlow 2 training loop: tf.Variable weights initialised from seeded
tf.random, a GradientTape step (a tf.function) over a tf.data pipeline,
tf.optimizers.Adam.

Run it with real TensorFlow (``python examples/tf_training.py``) or on any backend of this
project (``python -m transpile examples/tf_training.py --to jax --run``): the printed
losses agree to the printed precision.
"""

import tensorflow as tf

tf.random.set_seed(7)
N, D, H, C = 256, 6, 16, 3

# a synthetic 3-class problem: labels from a random linear teacher
x = tf.random.normal([N, D], seed=1)
teacher = tf.random.normal([D, C], seed=2)
labels = tf.argmax(tf.matmul(x, teacher), axis=1)

w1 = tf.Variable(tf.random.truncated_normal([D, H], stddev=0.4, seed=3), name="w1")
b1 = tf.Variable(tf.zeros([H]), name="b1")
w2 = tf.Variable(tf.random.truncated_normal([H, C], stddev=0.4, seed=4), name="w2")
b2 = tf.Variable(tf.zeros([C]), name="b2")
params = [w1, b1, w2, b2]

dataset = tf.data.Dataset.from_tensor_slices((x, labels)).shuffle(N, seed=5).batch(32)
optimizer = tf.optimizers.Adam(learning_rate=0.02)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def forward(inputs):
    hidden = tf.nn.relu(tf.matmul(inputs, w1) + b1)
    return tf.matmul(hidden, w2) + b2


@tf.function
def train_step(xb, yb):
    with tf.GradientTape() as tape:
        loss = loss_fn(yb, forward(xb))
    grads = tape.gradient(loss, params)
    optimizer.apply_gradients(zip(grads, params))
    return loss


for epoch in range(5):
    total, steps = 0.0, 0
    for xb, yb in dataset:
        total += float(train_step(xb, yb))
        steps += 1
    predictions = tf.argmax(forward(x), axis=1)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(predictions, labels), tf.float32))
    print(f"epoch {epoch}: loss {total / steps:.4f} accuracy {float(accuracy):.3f}")
print("steps", int(optimizer.iterations.numpy()), "w2 sum", round(float(tf.reduce_sum(w2)), 3))
