"""tf.keras.losses (= tf.losses): Keras 3's common losses and reductions.

Inputs are converted to the loss dtype (float32), the per-sample loss is Keras 3's
formula (probabilities clipped to ``[1e-7, 1 - 1e-7]``; logits through TF's fused
cross-entropy formulas), then reduced: ``"sum_over_batch_size"`` (the default: the sum
over every element divided by their number), ``"sum"``, ``"mean"``, ``"none"``, with
``sample_weight``. Keras masks are not supported (frontend tensors carry none).
"""

from __future__ import annotations

from typing import Any

import core
from core import native as ops
from frontends.tensorflow._tensor import Tensor
from frontends.tensorflow.keras._common import const, core_dtype, native

__all__ = [
    "Loss", "Reduction", "MeanSquaredError", "MeanAbsoluteError",
    "MeanAbsolutePercentageError", "MeanSquaredLogarithmicError", "BinaryCrossentropy",
    "CategoricalCrossentropy", "SparseCategoricalCrossentropy", "Huber", "LogCosh", "Hinge",
    "SquaredHinge", "CategoricalHinge", "KLDivergence", "Poisson", "CosineSimilarity",
    "mean_squared_error", "mean_absolute_error", "mean_absolute_percentage_error",
    "mean_squared_logarithmic_error", "binary_crossentropy", "categorical_crossentropy",
    "sparse_categorical_crossentropy", "huber", "log_cosh", "hinge", "squared_hinge",
    "categorical_hinge", "kl_divergence", "poisson", "cosine_similarity", "mse", "mae",
    "mape", "msle", "kld", "logcosh", "MSE", "MAE", "MAPE", "MSLE", "KLD", "get",
]  # fmt: skip

_EPSILON = 1e-7


class Reduction:
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"
    AUTO = "sum_over_batch_size"
    MEAN = "mean"


_REDUCTIONS = ("sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", "none", None)


# ---------------------------------------------------------------------------------------
# the per-sample functions on native arrays
# ---------------------------------------------------------------------------------------
def _same_rank(a: Any, b: Any) -> tuple[Any, Any]:
    """Keras's squeeze_or_expand_to_same_rank."""
    ra, rb = len(a.shape), len(b.shape)
    if ra == rb + 1 and int(a.shape[-1]) == 1:
        if rb == 1:
            b = ops.expand_dims(b, axis=-1)
        else:
            a = ops.squeeze(a, axis=-1)
    if rb == ra + 1 and int(b.shape[-1]) == 1:
        if ra == 1:
            a = ops.expand_dims(a, axis=-1)
        else:
            b = ops.squeeze(b, axis=-1)
    return a, b


def _pair(y_true: Any, y_pred: Any, same_rank: bool = True) -> tuple[Any, Any, core.Dtype]:
    pred = native(y_pred)
    if core.as_core_dtype(pred.dtype).kind != "f":
        pred = ops.astype(pred, core.float32)
    dtype = core.as_core_dtype(pred.dtype)
    true = native(y_true, dtype)
    if same_rank:
        true, pred = _same_rank(true, pred)
    return true, pred, dtype


def _clip(x: Any, dtype: core.Dtype) -> Any:
    return ops.clip(x, const(_EPSILON, dtype), const(1.0 - _EPSILON, dtype))


def _mse(t: Any, p: Any, dtype: core.Dtype) -> Any:
    return ops.mean(ops.square(ops.subtract(t, p)), axis=-1)


def _mae(t: Any, p: Any, dtype: core.Dtype) -> Any:
    return ops.mean(ops.abs(ops.subtract(t, p)), axis=-1)


def _mape(t: Any, p: Any, dtype: core.Dtype) -> Any:
    diff = ops.abs(ops.divide(ops.subtract(t, p), ops.maximum(ops.abs(t), const(_EPSILON, dtype))))
    return ops.multiply(const(100.0, dtype), ops.mean(diff, axis=-1))


def _msle(t: Any, p: Any, dtype: core.Dtype) -> Any:
    eps, one = const(_EPSILON, dtype), const(1.0, dtype)
    first = ops.log(ops.add(ops.maximum(p, eps), one))
    second = ops.log(ops.add(ops.maximum(t, eps), one))
    return ops.mean(ops.square(ops.subtract(first, second)), axis=-1)


def _sigmoid_ce(labels: Any, logits: Any, dtype: core.Dtype) -> Any:
    """tf.nn.sigmoid_cross_entropy_with_logits: max(x, 0) - x*z + log1p(exp(-|x|))."""
    zero = const(0.0, dtype)
    return ops.add(ops.subtract(ops.maximum(logits, zero), ops.multiply(logits, labels)),
                   ops.log1p(ops.exp(ops.negative(ops.abs(logits)))))  # fmt: skip


def _bce(t: Any, p: Any, dtype: core.Dtype, from_logits: bool, smoothing: float, axis: int) -> Any:
    if smoothing:
        t = ops.add(ops.multiply(t, const(1.0 - smoothing, dtype)), const(0.5 * smoothing, dtype))
    if from_logits:
        per = _sigmoid_ce(t, p, dtype)
    else:
        p = _clip(p, dtype)
        one = const(1.0, dtype)
        bce = ops.add(ops.multiply(t, ops.log(p)),
                      ops.multiply(ops.subtract(one, t), ops.log(ops.subtract(one, p))))  # fmt: skip
        per = ops.negative(bce)
    return ops.mean(per, axis=axis)


def _cce(t: Any, p: Any, dtype: core.Dtype, from_logits: bool, smoothing: float, axis: int) -> Any:
    if smoothing:
        classes = const(float(int(t.shape[-1])), dtype)
        t = ops.add(ops.multiply(t, const(1.0 - smoothing, dtype)),
                    ops.divide(const(smoothing, dtype), classes))  # fmt: skip
    if from_logits:
        log_probs = ops.nn.log_softmax(p, axis=axis)
        return ops.negative(ops.sum(ops.multiply(t, log_probs), axis=axis))
    p = ops.divide(p, ops.sum(p, axis=axis, keepdims=True))
    p = _clip(p, dtype)
    return ops.negative(ops.sum(ops.multiply(t, ops.log(p)), axis=axis))


def _scce(t: Any, p: Any, from_logits: bool, axis: int) -> Any:
    dtype = core.as_core_dtype(p.dtype)
    if len(t.shape) == len(p.shape) and int(t.shape[-1]) == 1:
        t = ops.squeeze(t, axis=-1)
    if not from_logits:
        p = ops.log(_clip(p, dtype))
    log_probs = ops.nn.log_softmax(p, axis=-1)
    classes = int(p.shape[-1])
    index = ops.expand_dims(ops.astype(t, core.int64), axis=-1)
    # a mask instead of a gather: traceable into a graph on every backend, and exact (one
    # term per row is kept)
    hit = ops.equal(ops.arange(classes, dtype=core.int64), index)
    picked = ops.sum(ops.where(hit, log_probs, ops.zeros_like(log_probs)), axis=-1)
    return ops.negative(picked)


def _huber(t: Any, p: Any, dtype: core.Dtype, delta: float) -> Any:
    d = const(delta, dtype)
    half = const(0.5, dtype)
    error = ops.subtract(p, t)
    abs_error = ops.abs(error)
    quadratic = ops.multiply(half, ops.square(error))
    linear = ops.subtract(ops.multiply(d, abs_error), ops.multiply(half, ops.square(d)))
    return ops.mean(ops.where(ops.less_equal(abs_error, d), quadratic, linear), axis=-1)


def _log_cosh(t: Any, p: Any, dtype: core.Dtype) -> Any:
    x = ops.subtract(p, t)
    log2 = const(0.6931471805599453, dtype)
    value = ops.subtract(ops.add(x, ops.nn.softplus(ops.multiply(const(-2.0, dtype), x))), log2)
    return ops.mean(value, axis=-1)


def _signed(t: Any, dtype: core.Dtype) -> Any:
    """Keras converts {0, 1} labels to {-1, 1} for the hinge losses."""
    one = const(1.0, dtype)
    is_binary = ops.all(ops.logical_or(ops.equal(t, const(0.0, dtype)), ops.equal(t, one)))
    return ops.where(is_binary, ops.subtract(ops.multiply(const(2.0, dtype), t), one), t)


def _hinge(t: Any, p: Any, dtype: core.Dtype) -> Any:
    t = _signed(t, dtype)
    margin = ops.maximum(ops.subtract(const(1.0, dtype), ops.multiply(t, p)), const(0.0, dtype))
    return ops.mean(margin, axis=-1)


def _squared_hinge(t: Any, p: Any, dtype: core.Dtype) -> Any:
    t = _signed(t, dtype)
    margin = ops.maximum(ops.subtract(const(1.0, dtype), ops.multiply(t, p)), const(0.0, dtype))
    return ops.mean(ops.square(margin), axis=-1)


def _categorical_hinge(t: Any, p: Any, dtype: core.Dtype) -> Any:
    pos = ops.sum(ops.multiply(t, p), axis=-1)
    neg = ops.max(ops.multiply(ops.subtract(const(1.0, dtype), t), p), axis=-1)
    return ops.maximum(ops.add(ops.subtract(neg, pos), const(1.0, dtype)), const(0.0, dtype))


def _kld(t: Any, p: Any, dtype: core.Dtype) -> Any:
    t = ops.clip(t, const(_EPSILON, dtype), const(1.0, dtype))
    p = ops.clip(p, const(_EPSILON, dtype), const(1.0, dtype))
    return ops.sum(ops.multiply(t, ops.log(ops.divide(t, p))), axis=-1)


def _poisson(t: Any, p: Any, dtype: core.Dtype) -> Any:
    value = ops.subtract(p, ops.multiply(t, ops.log(ops.add(p, const(_EPSILON, dtype)))))
    return ops.mean(value, axis=-1)


def _l2_normalize(x: Any, axis: int, dtype: core.Dtype) -> Any:
    squared = ops.sum(ops.square(x), axis=axis, keepdims=True)
    return ops.multiply(x, ops.divide(const(1.0, dtype), ops.sqrt(
        ops.maximum(squared, const(1e-12, dtype)))))  # fmt: skip


def _cosine(t: Any, p: Any, dtype: core.Dtype, axis: int) -> Any:
    t, p = _l2_normalize(t, axis, dtype), _l2_normalize(p, axis, dtype)
    return ops.negative(ops.sum(ops.multiply(t, p), axis=axis))


# ---------------------------------------------------------------------------------------
# reduction and the Loss classes
# ---------------------------------------------------------------------------------------
def _reduce(values: Any, sample_weight: Any, reduction: str | None, dtype: core.Dtype) -> Any:
    if sample_weight is not None:
        weight = native(sample_weight, dtype)
        values, weight = _same_rank(values, weight)
        values = ops.multiply(values, weight)
    if reduction in (None, "none") or tuple(values.shape) in ((), (0,)):
        return values
    loss = ops.sum(values)
    if reduction in ("sum_over_batch_size", "mean", "mean_with_sample_weight"):
        if reduction == "mean_with_sample_weight" and sample_weight is not None:
            divisor = ops.sum(native(sample_weight, dtype))
        else:
            size = 1
            for extent in values.shape:
                size *= int(extent)
            divisor = const(float(size), dtype)
        zero = const(0.0, dtype)
        safe = ops.where(ops.equal(divisor, zero), const(1.0, dtype), divisor)
        loss = ops.where(ops.equal(divisor, zero), zero, ops.divide(loss, safe))
    return loss


class Loss:
    """Keras 3's Loss: ``loss(y_true, y_pred, sample_weight=None)``."""

    def __init__(self, name: str | None = None, reduction: str | None = "sum_over_batch_size",
                 dtype: Any = None) -> None:  # fmt: skip
        if reduction not in _REDUCTIONS:
            raise ValueError(
                "Invalid value for argument `reduction`. Expected one of "
                f"{_REDUCTIONS}. Received: reduction={reduction}"
            )
        self.name = name or type(self).__name__.lower()
        self.reduction = reduction
        self._dtype = core_dtype(dtype)

    @property
    def dtype(self) -> str:
        return str(self._dtype)

    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Tensor:
        pred, true = native(y_pred, self._dtype), native(y_true, self._dtype)
        values = self._call(true, pred)
        return Tensor._from_native(_reduce(values, sample_weight, self.reduction, self._dtype))

    def call(self, y_true: Any, y_pred: Any) -> Tensor:
        return Tensor._from_native(self._call(native(y_true), native(y_pred)))

    def _call(self, y_true: Any, y_pred: Any) -> Any:
        raise NotImplementedError

    def get_config(self) -> dict:
        return {"name": self.name, "reduction": self.reduction}


class _Wrapper(Loss):
    _fn: Any = None
    _default: str = ""

    def __init__(self, reduction: str | None = "sum_over_batch_size", name: str | None = None,
                 dtype: Any = None, **options: Any) -> None:  # fmt: skip
        super().__init__(name or self._default, reduction, dtype)
        self._options = options

    def _call(self, y_true: Any, y_pred: Any) -> Any:
        return type(self)._fn(y_true, y_pred, **self._options)


def _function(per_sample: Any, same_rank: bool = True) -> Any:
    def loss(y_true: Any, y_pred: Any, **options: Any) -> Any:
        true, pred, dtype = _pair(y_true, y_pred, same_rank)
        return per_sample(true, pred, dtype, **options)

    return loss


def _public(native_fn: Any, name: str, doc: str) -> Any:
    def function(y_true: Any, y_pred: Any, **options: Any) -> Tensor:
        return Tensor._from_native(native_fn(y_true, y_pred, **options))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


_mse_fn = _function(_mse)
_mae_fn = _function(_mae)
_mape_fn = _function(_mape)
_msle_fn = _function(_msle)
_huber_fn = _function(_huber)
_log_cosh_fn = _function(_log_cosh)
_hinge_fn = _function(_hinge)
_squared_hinge_fn = _function(_squared_hinge)
_categorical_hinge_fn = _function(_categorical_hinge, same_rank=False)
_kld_fn = _function(_kld, same_rank=False)
_poisson_fn = _function(_poisson, same_rank=False)


def _bce_fn(y_true: Any, y_pred: Any, from_logits: bool = False, label_smoothing: float = 0.0,
            axis: int = -1) -> Any:  # fmt: skip
    true, pred, dtype = _pair(y_true, y_pred, same_rank=False)
    return _bce(true, pred, dtype, from_logits, label_smoothing, axis)


def _cce_fn(y_true: Any, y_pred: Any, from_logits: bool = False, label_smoothing: float = 0.0,
            axis: int = -1) -> Any:  # fmt: skip
    true, pred, dtype = _pair(y_true, y_pred, same_rank=False)
    return _cce(true, pred, dtype, from_logits, label_smoothing, axis)


def _scce_fn(y_true: Any, y_pred: Any, from_logits: bool = False, ignore_class: Any = None,
             axis: int = -1) -> Any:  # fmt: skip
    if ignore_class is not None:
        raise NotImplementedError("sparse_categorical_crossentropy: ignore_class is not "
                                  "implemented by this frontend")  # fmt: skip
    return _scce(native(y_true), native(y_pred), from_logits, axis)


def _cosine_fn(y_true: Any, y_pred: Any, axis: int = -1) -> Any:
    true, pred, dtype = _pair(y_true, y_pred)
    return _cosine(true, pred, dtype, axis)


mean_squared_error = _public(_mse_fn, "mean_squared_error", "mean((y_true - y_pred)^2, -1)")
mean_absolute_error = _public(_mae_fn, "mean_absolute_error", "mean(|y_true - y_pred|, -1)")
mean_absolute_percentage_error = _public(_mape_fn, "mean_absolute_percentage_error", "")
mean_squared_logarithmic_error = _public(_msle_fn, "mean_squared_logarithmic_error", "")
binary_crossentropy = _public(_bce_fn, "binary_crossentropy", "")
categorical_crossentropy = _public(_cce_fn, "categorical_crossentropy", "")
sparse_categorical_crossentropy = _public(_scce_fn, "sparse_categorical_crossentropy", "")
huber = _public(_huber_fn, "huber", "")
log_cosh = _public(_log_cosh_fn, "log_cosh", "")
hinge = _public(_hinge_fn, "hinge", "")
squared_hinge = _public(_squared_hinge_fn, "squared_hinge", "")
categorical_hinge = _public(_categorical_hinge_fn, "categorical_hinge", "")
kl_divergence = _public(_kld_fn, "kl_divergence", "")
poisson = _public(_poisson_fn, "poisson", "")
cosine_similarity = _public(_cosine_fn, "cosine_similarity", "")
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh


def _loss_class(name: str, fn: Any, default: str, **defaults: Any) -> type:
    def __init__(self: Any, *args: Any, reduction: str | None = "sum_over_batch_size",
                 name: str = default, dtype: Any = None, **kwargs: Any) -> None:  # fmt: skip
        options = dict(defaults)
        keys = list(defaults)
        for key, value in zip(keys, args):
            options[key] = value
        for key, value in kwargs.items():
            if key not in defaults:
                raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword "
                                f"argument {key!r}")  # fmt: skip
            options[key] = value
        _Wrapper.__init__(self, reduction=reduction, name=name, dtype=dtype, **options)

    return type(name, (_Wrapper,), {"_fn": staticmethod(fn), "_default": default,
                                    "__init__": __init__,
                                    "__doc__": f"tf.keras.losses.{name} (Keras 3)."})  # fmt: skip


MeanSquaredError = _loss_class("MeanSquaredError", _mse_fn, "mean_squared_error")
MeanAbsoluteError = _loss_class("MeanAbsoluteError", _mae_fn, "mean_absolute_error")
MeanAbsolutePercentageError = _loss_class(
    "MeanAbsolutePercentageError", _mape_fn, "mean_absolute_percentage_error"
)
MeanSquaredLogarithmicError = _loss_class(
    "MeanSquaredLogarithmicError", _msle_fn, "mean_squared_logarithmic_error"
)
BinaryCrossentropy = _loss_class("BinaryCrossentropy", _bce_fn, "binary_crossentropy",
                                 from_logits=False, label_smoothing=0.0, axis=-1)  # fmt: skip
CategoricalCrossentropy = _loss_class("CategoricalCrossentropy", _cce_fn,
                                      "categorical_crossentropy", from_logits=False,
                                      label_smoothing=0.0, axis=-1)  # fmt: skip
SparseCategoricalCrossentropy = _loss_class("SparseCategoricalCrossentropy", _scce_fn,
                                            "sparse_categorical_crossentropy",
                                            from_logits=False, ignore_class=None)  # fmt: skip
Huber = _loss_class("Huber", _huber_fn, "huber_loss", delta=1.0)
LogCosh = _loss_class("LogCosh", _log_cosh_fn, "log_cosh")
Hinge = _loss_class("Hinge", _hinge_fn, "hinge")
SquaredHinge = _loss_class("SquaredHinge", _squared_hinge_fn, "squared_hinge")
CategoricalHinge = _loss_class("CategoricalHinge", _categorical_hinge_fn, "categorical_hinge")
KLDivergence = _loss_class("KLDivergence", _kld_fn, "kl_divergence")
Poisson = _loss_class("Poisson", _poisson_fn, "poisson")
CosineSimilarity = _loss_class("CosineSimilarity", _cosine_fn, "cosine_similarity", axis=-1)


def get(identifier: Any) -> Any:
    """tf.keras.losses.get: a loss function or class instance by name, or itself."""
    if callable(identifier):
        return identifier
    if isinstance(identifier, str):
        found = globals().get(identifier)
        if found is not None and identifier in __all__:
            return found() if isinstance(found, type) else found
    raise ValueError(f"Could not interpret loss identifier: {identifier}")
