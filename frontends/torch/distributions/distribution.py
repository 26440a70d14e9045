"""torch.distributions.Distribution: the base class (shapes, validation, sample/rsample)."""

from __future__ import annotations

import warnings
from typing import Any

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.utils import lazy_property

__all__ = ["Distribution"]


def _as_size(shape: Any) -> Any:
    return shape if isinstance(shape, torch.Size) else torch.Size(shape)


class Distribution:
    """The base of every distribution, as torch's.

    Validation (on by default, as torch's ``__debug__`` default) reads the checks back to
    the host (one sync per parameter and per scored value), as torch does; pass
    ``validate_args=False`` to avoid it.
    """

    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__

    @staticmethod
    def set_default_validate_args(value: bool) -> None:
        """Turn argument validation on or off for every distribution created later."""
        if value not in [True, False]:
            raise ValueError
        Distribution._validate_args = value

    def __init__(
        self,
        batch_shape: Any = (),
        event_shape: Any = (),
        validate_args: bool | None = None,
    ) -> None:
        self._batch_shape = _as_size(batch_shape)
        self._event_shape = _as_size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            try:
                arg_constraints = self.arg_constraints
            except NotImplementedError:
                arg_constraints = {}
                warnings.warn(
                    f"{self.__class__} does not define `arg_constraints`. Please set "
                    "`arg_constraints = {}` or initialize the distribution with "
                    "`validate_args=False` to turn off validation.",
                    stacklevel=2,
                )
            for param, constraint in arg_constraints.items():
                if constraints.is_dependent(constraint):
                    continue
                if param not in self.__dict__ and isinstance(
                    getattr(type(self), param), lazy_property
                ):
                    continue
                value = getattr(self, param)
                if not bool(constraint.check(value).all()):
                    raise ValueError(
                        f"Expected parameter {param} ({type(value).__name__} of shape "
                        f"{tuple(value.shape)}) of distribution {self!r} to satisfy the "
                        f"constraint {constraint!r}, but found invalid values:\n{value}"
                    )

    def expand(self, batch_shape: Any, _instance: Any = None) -> Distribution:
        raise NotImplementedError

    @property
    def batch_shape(self) -> Any:
        return self._batch_shape

    @property
    def event_shape(self) -> Any:
        return self._event_shape

    @property
    def arg_constraints(self) -> dict[str, constraints.Constraint]:
        raise NotImplementedError

    @property
    def support(self) -> Any:
        raise NotImplementedError

    @property
    def mean(self) -> Any:
        raise NotImplementedError

    @property
    def mode(self) -> Any:
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self) -> Any:
        raise NotImplementedError

    @property
    def stddev(self) -> Any:
        return self.variance.sqrt()

    def sample(self, sample_shape: Any = ()) -> Any:
        """A sample (no gradient) of shape ``sample_shape + batch_shape + event_shape``."""
        with torch.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape: Any = ()) -> Any:
        """A reparameterized sample: gradients reach the parameters."""
        raise NotImplementedError

    def sample_n(self, n: int) -> Any:
        warnings.warn(
            "`sample_n(n)` will be deprecated. Use `sample((n,))` instead.",
            FutureWarning,
            stacklevel=2,
        )
        return self.sample(torch.Size((n,)))

    def log_prob(self, value: Any) -> Any:
        raise NotImplementedError

    def cdf(self, value: Any) -> Any:
        raise NotImplementedError

    def icdf(self, value: Any) -> Any:
        raise NotImplementedError

    def enumerate_support(self, expand: bool = True) -> Any:
        raise NotImplementedError

    def entropy(self) -> Any:
        raise NotImplementedError

    def perplexity(self) -> Any:
        return torch.exp(self.entropy())

    def _extended_shape(self, sample_shape: Any = ()) -> Any:
        return torch.Size(_as_size(sample_shape) + self._batch_shape + self._event_shape)

    def _validate_sample(self, value: Any) -> None:
        """torch's checks of a value to score: a Tensor, the event shape, broadcastable
        with the batch shape, inside the support."""
        if not isinstance(value, torch.Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        event_dim_start = len(value.size()) - len(self._event_shape)
        if value.size()[event_dim_start:] != self._event_shape:
            raise ValueError(
                "The right-most size of value must match event_shape: "
                f"{value.size()} vs {self._event_shape}."
            )
        actual_shape = value.size()
        expected_shape = self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual_shape), reversed(expected_shape)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(
                    "Value is not broadcastable with batch_shape+event_shape: "
                    f"{actual_shape} vs {expected_shape}."
                )
        try:
            support = self.support
        except NotImplementedError:
            warnings.warn(
                f"{self.__class__} does not define `support` to enable sample validation. "
                "Please initialize the distribution with `validate_args=False` to turn off "
                "validation.",
                stacklevel=2,
            )
            return
        if not bool(support.check(value).all()):
            raise ValueError(
                f"Expected value argument ({type(value).__name__} of shape "
                f"{tuple(value.shape)}) to be within the support ({support!r}) of the "
                f"distribution {self!r}, but found invalid values:\n{value}"
            )

    def _get_checked_instance(self, cls: type, _instance: Any = None) -> Any:
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(
                f"Subclass {self.__class__.__name__} of {cls.__name__} that defines a custom "
                "__init__ method must also define a custom .expand() method."
            )
        return self.__new__(type(self)) if _instance is None else _instance

    def __repr__(self) -> str:
        names = [k for k in self.arg_constraints if k in self.__dict__]
        parts = []
        for name in names:
            value = self.__dict__[name]
            parts.append(f"{name}: {value if value.numel() == 1 else value.size()}")
        return f"{type(self).__name__}({', '.join(parts)})"
