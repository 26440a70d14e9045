"""``tensorflow.python.data.ops.dataset_ops``: where TF defines ``tf.data.Dataset``
(``DatasetV2``). Libraries recognize TF datasets by this class and module (Keras'
``is_tf_dataset``), so the frontend's ``tf.data.Dataset`` derives from it."""

from __future__ import annotations

__all__ = ["DatasetV2"]


class DatasetV2:
    """The base of ``tf.data.Dataset`` (its API is on ``frontends.tensorflow.data.Dataset``)."""
