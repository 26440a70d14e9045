"""tf.nn against real TensorFlow on every backend: convolutions (layouts, SAME/VALID/
explicit padding, strides, dilations), pooling, normalization, losses, activations."""

from __future__ import annotations

import numpy

from tests.frontends.tensorflow.cases import check_cases

RNG = numpy.random.default_rng(0)
X = RNG.standard_normal((2, 7, 6, 4)).astype(numpy.float32)
W = RNG.standard_normal((3, 3, 4, 5)).astype(numpy.float32)
DW = RNG.standard_normal((3, 3, 4, 2)).astype(numpy.float32)
PW = RNG.standard_normal((1, 1, 8, 3)).astype(numpy.float32)
EXPLICIT = [[0, 0], [1, 2], [0, 1], [0, 0]]


def test_convolutions(backend: str) -> None:
    cases = []
    for pad in ("SAME", "VALID", EXPLICIT):
        for s in (1, 2):
            cases += [
                (f"conv2d {pad} {s}", lambda tf, p=pad, s=s: tf.nn.conv2d(X, W, s, p)),
                (
                    f"depthwise {pad} {s}",
                    lambda tf, p=pad, s=s: tf.nn.depthwise_conv2d(X, DW, [1, s, s, 1], p),
                ),
            ]
            if isinstance(pad, str):
                cases += [
                    (
                        f"separable {pad} {s}",
                        lambda tf, p=pad, s=s: tf.nn.separable_conv2d(X, DW, PW, [1, s, s, 1], p),
                    ),
                    (
                        f"transpose {pad} {s}",
                        lambda tf, p=pad, s=s: tf.nn.conv2d_transpose(
                            tf.nn.conv2d(X, W, s, p), W, [2, 7, 6, 4], s, p
                        ),
                    ),
                ]
    cases += [
        ("dilated", lambda tf: tf.nn.conv2d(X, W, 1, "SAME", dilations=2)),
        (
            "NCHW",
            lambda tf: tf.nn.conv2d(
                numpy.transpose(X, (0, 3, 1, 2)), W, 1, "SAME", data_format="NCHW"
            ),
        ),
        ("conv1d", lambda tf: tf.nn.conv1d(X[0], W[0], 2, "SAME")),
        ("conv3d", lambda tf: tf.nn.conv3d(X[None], numpy.stack([W] * 2), [1, 1, 1, 1, 1], "SAME")),
        ("convolution", lambda tf: tf.nn.convolution(X, W, padding="VALID")),
        ("atrous", lambda tf: tf.nn.atrous_conv2d(X, W, 2, "SAME")),
        ("depth mismatch", lambda tf: tf.nn.conv2d(X, W[:, :, :3], 1, "SAME")),
        (
            "int",
            lambda tf: tf.nn.conv2d(
                tf.constant(X.astype("int32")), tf.constant(W.astype("int32")), 1, "SAME"
            ),
        ),
        (
            "dilation2d",
            lambda tf: tf.nn.dilation2d(
                X, DW[:, :, :, 0], [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]
            ),
        ),
    ]
    check_cases(cases, ulps=256)


def test_pooling(backend: str) -> None:
    cases = []
    for pad in ("SAME", "VALID"):
        for s in (1, 2):
            cases += [
                (f"max {pad} {s}", lambda tf, p=pad, s=s: tf.nn.max_pool2d(X, 3, s, p)),
                (f"avg {pad} {s}", lambda tf, p=pad, s=s: tf.nn.avg_pool2d(X, 3, s, p)),
            ]
    cases += [
        ("max1d", lambda tf: tf.nn.max_pool1d(X[0], 2, 2, "SAME")),
        ("avg3d", lambda tf: tf.nn.avg_pool3d(X[None], 2, 1, "VALID")),
        ("pool", lambda tf: tf.nn.pool(X, [2, 2], "MAX", [2, 2], "SAME")),
        ("argmax", lambda tf: tf.nn.max_pool_with_argmax(X, 2, 2, "SAME")),
        ("too small", lambda tf: tf.nn.max_pool2d(X, 9, 1, "VALID")),
        ("int max", lambda tf: tf.nn.max_pool2d(tf.constant(X.astype("int32")), 2, 1, "VALID")),
    ]
    check_cases(cases, ulps=8)


def test_normalization_losses_activations(backend: str) -> None:
    logits = X[0, 0]
    probs = numpy.abs(X[1, 1]) / numpy.abs(X[1, 1]).sum(-1, keepdims=True)
    cases = [
        ("moments", lambda tf: tf.nn.moments(X, [0, 1, 2])),
        ("moments keep", lambda tf: tf.nn.moments(X, [1], keepdims=True)),
        ("batch_norm", lambda tf: tf.nn.batch_normalization(X, 0.5, 2.0, 1.0, 3.0, 1e-3)),
        ("weighted_moments", lambda tf: tf.nn.weighted_moments(X, [0], X * 0 + 2)),
        ("sufficient", lambda tf: tf.nn.sufficient_statistics(X, [0, 1])),
        ("normalize_moments", lambda tf: tf.nn.normalize_moments(4.0, X[0, 0], X[0, 1] ** 2, None)),
        ("lrn", lambda tf: tf.nn.lrn(X, 2)),
        ("l2_loss", lambda tf: tf.nn.l2_loss(X)),
        ("softmax xent", lambda tf: tf.nn.softmax_cross_entropy_with_logits(probs, logits)),
        (
            "sparse xent",
            lambda tf: tf.nn.sparse_softmax_cross_entropy_with_logits([1, 2, 0, 3, 1, 0], logits),
        ),
        (
            "sparse bad",
            lambda tf: tf.nn.sparse_softmax_cross_entropy_with_logits([1, 9, 0, 3, 1, 0], logits),
        ),
        ("sigmoid xent", lambda tf: tf.nn.sigmoid_cross_entropy_with_logits(probs, logits)),
        ("weighted xent", lambda tf: tf.nn.weighted_cross_entropy_with_logits(probs, logits, 2.0)),
        ("poisson", lambda tf: tf.nn.log_poisson_loss(probs, logits, True)),
        ("bias_add", lambda tf: tf.nn.bias_add(X, W[0, 0, 0, :4])),
        (
            "bias_add NCHW",
            lambda tf: tf.nn.bias_add(numpy.transpose(X, (0, 3, 1, 2)), W[0, 0, 0, :4], "NCHW"),
        ),
        ("embedding", lambda tf: tf.nn.embedding_lookup(logits, [[0, 2], [3, 3]])),
        ("embedding shards", lambda tf: tf.nn.embedding_lookup([logits, logits * 2], [0, 1, 3])),
        ("depth_to_space", lambda tf: tf.nn.depth_to_space(X[:, :2, :2], 2)),
        ("space_to_depth", lambda tf: tf.nn.space_to_depth(X[:, :6, :6], 2)),
        ("space_to_batch", lambda tf: tf.nn.space_to_batch(X[:, :6, :6], [2, 3], [[0, 0], [0, 0]])),
        ("average loss", lambda tf: tf.nn.compute_average_loss(logits[:, 0])),
    ]
    for name in ("relu", "relu6", "elu", "selu", "leaky_relu", "gelu", "silu", "swish", "crelu",
                 "softplus", "softsign", "sigmoid", "tanh", "softmax", "log_softmax"):  # fmt: skip
        cases.append((name, lambda tf, n=name: getattr(tf.nn, n)(logits)))
    cases.append(("gelu approx", lambda tf: tf.nn.gelu(logits, approximate=True)))
    cases.append(("relu int", lambda tf: tf.nn.relu([-1, 2])))
    check_cases(cases, ulps=64)


def test_dropout_uses_tf_random(backend: str) -> None:
    """dropout draws its mask with the frontend's tf.random.uniform: the same seeds give
    the same mask as real TF wherever the samplers are bit-exact."""
    from frontends import tensorflow as tf

    x = tf.ones([4, 6])
    y = tf.nn.dropout(x, 0.5, seed=3)
    kept = y.numpy() != 0
    assert set(numpy.unique(y.numpy())) <= {0.0, 2.0}
    tf.random.set_seed(7)
    mask = tf.random.uniform([4, 6], seed=3).numpy() >= 0.5
    tf.random.set_seed(7)
    again = tf.nn.dropout(x, 0.5, seed=3).numpy() != 0
    assert (again == mask).all() and kept.shape == (4, 6)
    noise = tf.nn.dropout(x, 0.25, noise_shape=[4, 1], seed=1).numpy()
    assert ((noise == 0).all(axis=1) | (noise != 0).all(axis=1)).all()
    assert tf.nn.dropout(x, 0.0) is not None
