"""torch.distributions.Wishart."""

from __future__ import annotations

import math
import warnings
from numbers import Number
from typing import Any

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.chi2 import Chi2
from frontends.torch.distributions.exp_family import ExponentialFamily
from frontends.torch.distributions.multivariate_normal import _precision_to_scale_tril
from frontends.torch.distributions.utils import lazy_property

__all__ = ["Wishart"]

_LOG_2 = math.log(2)


def _mvdigamma(x: Any, p: int) -> Any:
    """The multivariate digamma function."""
    if not bool(x.gt((p - 1) / 2).all()):
        raise AssertionError("Wrong domain for multivariate digamma function.")
    shifts = torch.arange(p, dtype=x.dtype).div(2)
    return torch.digamma(x.unsqueeze(-1) - shifts).sum(-1)


class Wishart(ExponentialFamily):
    """Wishart(df, covariance_matrix= | precision_matrix= | scale_tril=), sampled by the
    Bartlett decomposition as torch's (its Chi2 draws match torch in distribution only).
    Like torch 2.13, ``rsample`` warns "Singular sample detected." and draws again when the
    first draw passes the support check (torch's check is inverted there)."""

    support = constraints.positive_definite
    has_rsample = True
    _mean_carrier_measure = 0

    @property
    def arg_constraints(self) -> dict[str, constraints.Constraint]:
        return {
            "covariance_matrix": constraints.positive_definite,
            "precision_matrix": constraints.positive_definite,
            "scale_tril": constraints.lower_cholesky,
            "df": constraints.greater_than(self.event_shape[-1] - 1),
        }

    def __init__(
        self,
        df: Any,
        covariance_matrix: Any = None,
        precision_matrix: Any = None,
        scale_tril: Any = None,
        validate_args: bool | None = None,
    ) -> None:
        given = [m for m in (covariance_matrix, precision_matrix, scale_tril) if m is not None]
        if len(given) != 1:
            raise AssertionError(
                "Exactly one of covariance_matrix or precision_matrix or scale_tril may be "
                "specified."
            )
        param = given[0]
        if param.dim() < 2:
            raise ValueError(
                "scale_tril must be at least two-dimensional, with optional leading batch "
                "dimensions"
            )
        if isinstance(df, Number):
            batch_shape = torch.Size(param.shape[:-2])
            self.df = torch.tensor(df, dtype=param.dtype)
        else:
            batch_shape = torch.broadcast_shapes(param.shape[:-2], df.shape)
            self.df = df.expand(batch_shape)
        event_shape = param.shape[-2:]
        if bool(self.df.le(event_shape[-1] - 1).any()):
            raise ValueError(
                f"Value of df={df} expected to be greater than ndim - 1 = {event_shape[-1] - 1}."
            )
        expanded = param.expand(tuple(batch_shape) + (-1, -1))
        if scale_tril is not None:
            self.scale_tril = expanded
        elif covariance_matrix is not None:
            self.covariance_matrix = expanded
        else:
            self.precision_matrix = expanded
        if bool(self.df.lt(event_shape[-1]).any()):
            warnings.warn(
                "Low df values detected. Singular samples are highly likely to occur for "
                "ndim - 1 < df < ndim.",
                stacklevel=2,
            )
        super().__init__(batch_shape, event_shape, validate_args=validate_args)
        self._batch_dims = [-(x + 1) for x in range(len(self._batch_shape))]
        if scale_tril is not None:
            self._unbroadcasted_scale_tril = scale_tril
        elif covariance_matrix is not None:
            self._unbroadcasted_scale_tril = torch.linalg.cholesky(covariance_matrix)
        else:
            self._unbroadcasted_scale_tril = _precision_to_scale_tril(precision_matrix)
        self._dist_chi2 = self._chi2(batch_shape)

    def _chi2(self, batch_shape: Any) -> Chi2:
        p = self._event_shape[-1]
        offsets = torch.arange(p, dtype=self._unbroadcasted_scale_tril.dtype)
        return Chi2(df=self.df.unsqueeze(-1) - offsets.expand(tuple(batch_shape) + (-1,)))

    def expand(self, batch_shape: Any, _instance: Any = None) -> Wishart:
        new = self._get_checked_instance(Wishart, _instance)
        batch_shape = torch.Size(batch_shape)
        cov_shape = batch_shape + self.event_shape
        new._unbroadcasted_scale_tril = self._unbroadcasted_scale_tril.expand(cov_shape)
        new.df = self.df.expand(batch_shape)
        new._batch_dims = [-(x + 1) for x in range(len(batch_shape))]
        for name in ("covariance_matrix", "scale_tril", "precision_matrix"):
            if name in self.__dict__:
                setattr(new, name, self.__dict__[name].expand(cov_shape))
        new._event_shape = self._event_shape
        new._dist_chi2 = new._chi2(batch_shape)
        super(Wishart, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @lazy_property
    def scale_tril(self) -> Any:
        return self._unbroadcasted_scale_tril.expand(self._batch_shape + self._event_shape)

    @lazy_property
    def covariance_matrix(self) -> Any:
        L = self._unbroadcasted_scale_tril
        return (L @ L.transpose(-2, -1)).expand(self._batch_shape + self._event_shape)

    @lazy_property
    def precision_matrix(self) -> Any:
        eye = torch.eye(self._event_shape[-1], dtype=self._unbroadcasted_scale_tril.dtype)
        return torch.cholesky_solve(eye, self._unbroadcasted_scale_tril).expand(
            self._batch_shape + self._event_shape
        )

    @property
    def mean(self) -> Any:
        return self.df.view(tuple(self._batch_shape) + (1, 1)) * self.covariance_matrix

    @property
    def mode(self) -> Any:
        factor = self.df - self.covariance_matrix.shape[-1] - 1
        factor = torch.where(factor <= 0, math.nan, factor)
        return factor.view(tuple(self._batch_shape) + (1, 1)) * self.covariance_matrix

    @property
    def variance(self) -> Any:
        V = self.covariance_matrix
        diag_V = V.diagonal(dim1=-2, dim2=-1)
        outer = torch.einsum("...i,...j->...ij", diag_V, diag_V)
        return self.df.view(tuple(self._batch_shape) + (1, 1)) * (V.pow(2) + outer)

    def _bartlett_sampling(self, sample_shape: Any = ()) -> Any:
        p = self._event_shape[-1]
        chi = self._dist_chi2.rsample(sample_shape).sqrt()
        diagonal = chi.clamp(min=torch.finfo(chi.dtype).eps).diag_embed(dim1=-2, dim2=-1)
        rows, cols = torch.tril_indices(p, p, offset=-1)
        below = torch.randn(
            tuple(sample_shape) + tuple(self._batch_shape) + (p * (p - 1) // 2,),
            dtype=diagonal.dtype,
        )
        flat = torch.zeros(tuple(below.shape[:-1]) + (p * p,), dtype=below.dtype)
        noise = diagonal + flat.index_add(-1, rows * p + cols, below).reshape(diagonal.shape)
        chol = self._unbroadcasted_scale_tril @ noise
        return chol @ chol.transpose(-2, -1)

    def rsample(self, sample_shape: Any = (), max_try_correction: int | None = None) -> Any:
        if max_try_correction is None:
            max_try_correction = 10
        sample_shape = torch.Size(sample_shape)
        sample = self._bartlett_sampling(sample_shape)
        redraw = self._batch_reduced(self.support.check(sample))  # torch's inverted test
        if bool(redraw.any()):
            warnings.warn("Singular sample detected.", stacklevel=2)
            for _ in range(max_try_correction):
                new = self._bartlett_sampling(sample_shape)
                sample = torch.where(
                    redraw.reshape(redraw.shape + (1,) * (sample.dim() - redraw.dim())), new, sample
                )
                redraw = redraw & self._batch_reduced(~self.support.check(new))
                if not bool(redraw.any()):
                    break
        return sample

    def _batch_reduced(self, check: Any) -> Any:
        return check.amax(self._batch_dims) if self._batch_shape else check

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        nu = self.df
        p = self._event_shape[-1]
        L = self._unbroadcasted_scale_tril
        log_diagonal = L.diagonal(dim1=-2, dim2=-1).log().sum(-1)
        trace = torch.cholesky_solve(value, L).diagonal(dim1=-2, dim2=-1).sum(dim=-1)
        return (
            -nu * (p * _LOG_2 / 2 + log_diagonal)
            - torch.mvlgamma(nu / 2, p=p)
            + (nu - p - 1) / 2 * torch.linalg.slogdet(value).logabsdet
            - trace / 2
        )

    def entropy(self) -> Any:
        nu = self.df
        p = self._event_shape[-1]
        log_diagonal = self._unbroadcasted_scale_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1)
        return (
            (p + 1) * (p * _LOG_2 / 2 + log_diagonal)
            + torch.mvlgamma(nu / 2, p=p)
            - (nu - p - 1) / 2 * _mvdigamma(nu / 2, p=p)
            + nu * p / 2
        )

    @property
    def _natural_params(self) -> tuple[Any, Any]:
        p = self._event_shape[-1]
        return -self.precision_matrix / 2, (self.df - p - 1) / 2

    def _log_normalizer(self, x: Any, y: Any) -> Any:
        p = self._event_shape[-1]
        return (y + (p + 1) / 2) * (
            -torch.linalg.slogdet(-2 * x).logabsdet + _LOG_2 * p
        ) + torch.mvlgamma(y + (p + 1) / 2, p=p)
