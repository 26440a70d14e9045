"""Tensor-level tf.* functions against real TensorFlow on every backend."""

from __future__ import annotations

import numpy

from tests.frontends.tensorflow.cases import check_cases

RNG = numpy.random.default_rng(0)
X = RNG.standard_normal((3, 4)).astype(numpy.float32)
INTS = numpy.array([[1, 2, 3], [4, 5, 6]], numpy.int32)


def test_manipulation(backend: str) -> None:
    cases = [
        ("concat", lambda tf: tf.concat([X, X], 1)),
        ("concat bad", lambda tf: tf.concat([X, X.T], 1)),
        ("concat dtypes", lambda tf: tf.concat([tf.constant([1]), tf.constant([1.0])], 0)),
        ("stack", lambda tf: tf.stack([X, X], 1)),
        ("unstack", lambda tf: tf.unstack(X, axis=1)),
        ("parallel_stack", lambda tf: tf.parallel_stack([INTS, INTS])),
        ("split", lambda tf: tf.split(X, 2, 1)),
        ("split sizes", lambda tf: tf.split(X, [1, -1], 1)),
        ("split bad", lambda tf: tf.split(X, 3, 1)),
        ("expand_dims", lambda tf: tf.expand_dims(X, -1)),
        ("squeeze", lambda tf: tf.squeeze(X[None], 0)),
        ("squeeze bad", lambda tf: tf.squeeze(X, 0)),
        ("transpose", lambda tf: tf.transpose(X)),
        ("transpose perm", lambda tf: tf.transpose(X[None], [2, 0, 1])),
        ("tile", lambda tf: tf.tile(INTS, [2, 1])),
        ("broadcast_to", lambda tf: tf.broadcast_to(INTS[0], [2, 2, 3])),
        ("broadcast bad", lambda tf: tf.broadcast_to(INTS, [3, 3])),
        ("reverse", lambda tf: tf.reverse(X, [1])),
        ("roll", lambda tf: tf.roll(X, [1, -1], [0, 1])),
        (
            "reverse_sequence",
            lambda tf: tf.reverse_sequence(INTS, [2, 3], seq_axis=1, batch_axis=0),
        ),
        ("slice", lambda tf: tf.slice(X, [1, 0], [2, -1])),
        ("strided_slice", lambda tf: tf.strided_slice(X, [0, 1], [3, 4], [2, 1])),
        (
            "strided masks",
            lambda tf: tf.strided_slice(
                X, [1, 0], [0, 2], [1, 1], begin_mask=2, shrink_axis_mask=1
            ),
        ),
        ("pad", lambda tf: tf.pad(INTS, [[1, 1], [2, 2]], constant_values=7)),
        ("pad reflect", lambda tf: tf.pad(INTS, [[1, 1], [2, 2]], "REFLECT")),
        ("pad symmetric", lambda tf: tf.pad(INTS, [[1, 2], [3, 3]], "SYMMETRIC")),
        ("pad reflect bad", lambda tf: tf.pad(INTS, [[2, 0], [0, 0]], "REFLECT")),
        ("meshgrid", lambda tf: tf.meshgrid([1, 2], [3, 4, 5])),
        ("meshgrid ij", lambda tf: tf.meshgrid([1, 2], [3, 4, 5], indexing="ij")),
        ("repeat", lambda tf: tf.repeat(INTS, [1, 2], axis=0)),
        ("repeat flat", lambda tf: tf.repeat(INTS, 2)),
        ("shape", lambda tf: tf.shape(X)),
        ("rank", lambda tf: tf.rank(X)),
        ("size", lambda tf: tf.size(X)),
        ("shape_n", lambda tf: tf.shape_n([X, INTS])),
        ("one_hot", lambda tf: tf.one_hot([0, 2, 5], 3)),
        ("one_hot axis", lambda tf: tf.one_hot([[0, 2]], 3, on_value=5, off_value=-1, axis=0)),
        ("sequence_mask", lambda tf: tf.sequence_mask([1, 3], 4)),
        ("unravel_index", lambda tf: tf.unravel_index([5, 7], [3, 4])),
        ("bitcast", lambda tf: tf.bitcast(X, tf.int32)),
        ("bitcast narrower", lambda tf: tf.bitcast(X, tf.uint8)),
        ("bitcast wider", lambda tf: tf.bitcast(tf.bitcast(X, tf.int16), tf.float32)),
        ("bitcast bad", lambda tf: tf.bitcast(INTS.astype(numpy.int16), tf.float32)),
        ("bitcast traced", lambda tf: tf.function(lambda t: tf.bitcast(t, tf.int32))(X)),
        ("ensure_shape", lambda tf: tf.ensure_shape(X, [3, None])),
        ("ensure bad", lambda tf: tf.ensure_shape(X, [4, None])),
        (
            "batch_to_space",
            lambda tf: tf.batch_to_space(X.reshape(2, 1, 6, 1)[:, :, :6], [2], [[0, 1]]),
        ),
        (
            "space_to_batch_nd",
            lambda tf: tf.space_to_batch_nd(X.reshape(1, 3, 4, 1)[:, :2], [2, 2], [[0, 0], [0, 0]]),
        ),
    ]
    check_cases(cases)


def test_gather_scatter_where(backend: str) -> None:
    cases = [
        ("gather", lambda tf: tf.gather(X, [2, 0])),
        ("gather axis", lambda tf: tf.gather(X, [[3, 0]], axis=1)),
        ("gather batch", lambda tf: tf.gather(X, [[1, 0], [3, 3], [0, 2]], axis=1, batch_dims=1)),
        ("gather bad", lambda tf: tf.gather(X, [5])),
        ("gather_nd", lambda tf: tf.gather_nd(X, [[1, 2], [0, 0]])),
        ("gather_nd rows", lambda tf: tf.gather_nd(X, [[1]])),
        ("gather_nd batch", lambda tf: tf.gather_nd(X, [[1], [0], [3]], batch_dims=1)),
        ("gather_nd bad", lambda tf: tf.gather_nd(X, [[3, 0]])),
        ("scatter_nd", lambda tf: tf.scatter_nd([[1], [1], [0]], [5, 6, 7], [4])),
        ("update", lambda tf: tf.tensor_scatter_nd_update(INTS, [[0, 1]], [9])),
        ("add", lambda tf: tf.tensor_scatter_nd_add(INTS, [[0, 1], [0, 1]], [9, 1])),
        ("sub", lambda tf: tf.tensor_scatter_nd_sub(INTS, [[1]], [[1, 1, 1]])),
        ("max", lambda tf: tf.tensor_scatter_nd_max(INTS, [[0, 0], [1, 2]], [5, 0])),
        ("min", lambda tf: tf.tensor_scatter_nd_min(INTS, [[0, 0], [1, 2]], [5, 0])),
        ("scatter bad", lambda tf: tf.tensor_scatter_nd_update(INTS, [[2, 0]], [9])),
        ("where", lambda tf: tf.where(X > 0, X, -X)),
        ("where idx", lambda tf: tf.where(X > 0)),
        ("where dtypes", lambda tf: tf.where(X > 0, INTS[0, 0], X)),
        ("boolean_mask", lambda tf: tf.boolean_mask(X, [True, False, True])),
        ("boolean_mask axis", lambda tf: tf.boolean_mask(X, [True, False, True, True], axis=1)),
        ("boolean_mask 2d", lambda tf: tf.boolean_mask(X, X > 0)),
        ("dynamic_partition", lambda tf: tf.dynamic_partition(X, [0, 1, 0], 2)),
        ("dynamic_stitch", lambda tf: tf.dynamic_stitch([[0, 2], [1]], [X[:2], X[2:]])),
        ("searchsorted", lambda tf: tf.searchsorted([[1.0, 2.0, 3.0]], [[2.0, 2.5]], side="right")),
        ("histogram", lambda tf: tf.histogram_fixed_width(X, [-1.0, 1.0], nbins=5)),
    ]
    check_cases(cases)


def test_sort_clip_algebra(backend: str) -> None:
    cases = [
        ("sort", lambda tf: tf.sort(X)),
        ("sort desc", lambda tf: tf.sort(X, 0, "DESCENDING")),
        ("argsort", lambda tf: tf.argsort([3, 1, 3, 2])),
        ("argsort desc", lambda tf: tf.argsort(X, direction="DESCENDING")),
        ("unique", lambda tf: tf.unique([3, 1, 3, 2, 1])),
        ("unique counts", lambda tf: tf.unique_with_counts([3.0, 1.0, 3.0], out_idx=tf.int64)),
        ("clip_by_value", lambda tf: tf.clip_by_value(X, -0.5, 0.5)),
        ("clip int", lambda tf: tf.clip_by_value(INTS, 2, 5)),
        ("clip_by_norm", lambda tf: tf.clip_by_norm(X, 1.0)),
        ("clip_by_norm axes", lambda tf: tf.clip_by_norm(X, 1.0, axes=[1])),
        ("clip_by_global_norm", lambda tf: tf.clip_by_global_norm([X, X[0]], 1.0)),
        ("norm", lambda tf: tf.norm(X)),
        ("norm 1", lambda tf: tf.norm(X, 1, axis=1)),
        ("norm inf", lambda tf: tf.norm(X, numpy.inf, axis=0, keepdims=True)),
        ("norm fro", lambda tf: tf.norm(X, "fro", axis=[0, 1])),
        ("norm matrix 1", lambda tf: tf.norm(X, 1, axis=[0, 1])),
        ("einsum", lambda tf: tf.einsum("ij,kj->ik", X, X)),
        ("tensordot", lambda tf: tf.tensordot(X, X, [[1], [1]])),
        ("tensordot int", lambda tf: tf.tensordot(X, X.T, 1)),
        ("matmul", lambda tf: tf.matmul(X, X, transpose_b=True)),
        ("cumsum", lambda tf: tf.cumsum(INTS, 1, reverse=True)),
        ("complex", lambda tf: tf.math.real(tf.complex(X, X))),
        ("truncatediv", lambda tf: tf.truncatediv([-7, 7], [2, 2])),
        ("truncatemod", lambda tf: tf.truncatemod([-7, 7], [2, 2])),
        ("realdiv", lambda tf: tf.realdiv(X, X + 3)),
        ("saturate_cast", lambda tf: tf.saturate_cast([300.0, -5.0, 1.5], tf.uint8)),
        ("identity_n", lambda tf: tf.identity_n([X, INTS])),
        ("stop_gradient", lambda tf: tf.stop_gradient(X)),
        ("linspace", lambda tf: tf.linspace(0.0, 1.0, 5)),
        ("eye", lambda tf: tf.eye(3, 2)),
    ]
    check_cases(cases, ulps=4)


def test_stop_gradient_blocks_the_engine(backend: str) -> None:
    from core import autodiff
    from core import native as ops
    from frontends import tensorflow as tf

    def loss(x):
        t = tf.Tensor._from_native(x)
        y = t * t + tf.stop_gradient(t * t)
        return tf.math.reduce_sum(y).native

    grad = autodiff.grad(loss)(ops.asarray(numpy.array([1.0, 2.0], numpy.float32)))
    numpy.testing.assert_allclose(numpy.asarray(tf.constant(grad)), [2.0, 4.0])


def test_print(backend: str, capsys) -> None:
    import sys

    from frontends import tensorflow as tf

    tf.print(tf.constant([[1, 2], [3, 4]]), "x", 3.5, tf.constant(2.5), output_stream=sys.stdout)
    tf.print(tf.range(10), output_stream=sys.stdout)
    assert capsys.readouterr().out == "[[1 2]\n [3 4]] x 3.5 2.5\n[0 1 2 ... 7 8 9]\n"
