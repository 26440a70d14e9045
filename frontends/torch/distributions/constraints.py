"""torch.distributions.constraints: the sets a parameter or a sample must lie in.

``check(value)`` returns a bool tensor over the batch (the event dims reduced), as torch's;
the reprs (``GreaterThan(lower_bound=0.0)``) are torch's, since validation errors print them.
"""

from __future__ import annotations

from typing import Any

from frontends import torch

__all__ = [
    "Constraint",
    "MixtureSameFamilyConstraint",
    "boolean",
    "cat",
    "corr_cholesky",
    "dependent",
    "dependent_property",
    "greater_than",
    "greater_than_eq",
    "half_open_interval",
    "independent",
    "integer_interval",
    "interval",
    "is_dependent",
    "less_than",
    "lower_cholesky",
    "lower_triangular",
    "multinomial",
    "nonnegative",
    "nonnegative_integer",
    "one_hot",
    "positive",
    "positive_definite",
    "positive_integer",
    "positive_semidefinite",
    "real",
    "real_vector",
    "simplex",
    "square",
    "stack",
    "symmetric",
    "unit_interval",
]


class Constraint:
    """A region of valid values; ``event_dim`` rightmost dims make one event."""

    is_discrete = False
    event_dim = 0

    def check(self, value: Any) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return type(self).__name__[1:] + "()"


def _bounds_repr(self: Constraint, *names: str) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)}" for name in names)
    return f"{type(self).__name__[1:]}({inner})"


class _Dependent(Constraint):
    """A placeholder for a constraint that depends on other parameters (not checkable)."""

    def __init__(self, *, is_discrete: Any = NotImplemented, event_dim: Any = NotImplemented):
        self._is_discrete = is_discrete
        self._event_dim = event_dim

    @property
    def is_discrete(self) -> bool:  # type: ignore[override]
        if self._is_discrete is NotImplemented:
            raise NotImplementedError(".is_discrete cannot be determined statically")
        return self._is_discrete

    @property
    def event_dim(self) -> int:  # type: ignore[override]
        if self._event_dim is NotImplemented:
            raise NotImplementedError(".event_dim cannot be determined statically")
        return self._event_dim

    def __call__(
        self, *, is_discrete: Any = NotImplemented, event_dim: Any = NotImplemented
    ) -> _Dependent:
        return _Dependent(
            is_discrete=self._is_discrete if is_discrete is NotImplemented else is_discrete,
            event_dim=self._event_dim if event_dim is NotImplemented else event_dim,
        )

    def check(self, x: Any) -> Any:
        raise ValueError("Cannot determine validity of dependent constraint")


def is_dependent(constraint: Any) -> bool:
    """Whether ``constraint`` is a dependent (uncheckable) constraint."""
    return isinstance(constraint, _Dependent)


class _DependentProperty(property, _Dependent):
    """A property that is a dependent constraint on the class (``support`` of Uniform)."""

    def __init__(
        self, fn: Any = None, *, is_discrete: Any = NotImplemented, event_dim: Any = NotImplemented
    ) -> None:
        property.__init__(self, fn)
        self._is_discrete = is_discrete
        self._event_dim = event_dim

    def __call__(self, fn: Any) -> _DependentProperty:  # type: ignore[override]
        return _DependentProperty(fn, is_discrete=self._is_discrete, event_dim=self._event_dim)


class _IndependentConstraint(Constraint):
    """``base_constraint`` with ``reinterpreted_batch_ndims`` more dims in each event."""

    def __init__(self, base_constraint: Constraint, reinterpreted_batch_ndims: int) -> None:
        if not isinstance(base_constraint, Constraint):
            raise AssertionError(
                f"base_constraint must be a Constraint, got {type(base_constraint).__name__}"
            )
        if not isinstance(reinterpreted_batch_ndims, int) or reinterpreted_batch_ndims < 0:
            raise AssertionError(
                f"reinterpreted_batch_ndims must be an int >= 0, got {reinterpreted_batch_ndims}"
            )
        self.base_constraint = base_constraint
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims

    @property
    def is_discrete(self) -> bool:  # type: ignore[override]
        return self.base_constraint.is_discrete

    @property
    def event_dim(self) -> int:  # type: ignore[override]
        return self.base_constraint.event_dim + self.reinterpreted_batch_ndims

    def check(self, value: Any) -> Any:
        result = self.base_constraint.check(value)
        n = self.reinterpreted_batch_ndims
        if result.dim() < n:
            raise ValueError(f"Expected value.dim() >= {self.event_dim} but got {value.dim()}")
        return result.reshape(tuple(result.shape[: result.dim() - n]) + (-1,)).all(-1)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__[1:]}({self.base_constraint!r}, {self.reinterpreted_batch_ndims})"
        )


class MixtureSameFamilyConstraint(Constraint):
    """The component distribution's support, checked over the mixture dim."""

    def __init__(self, base_constraint: Constraint) -> None:
        self.base_constraint = base_constraint

    @property
    def is_discrete(self) -> bool:  # type: ignore[override]
        return self.base_constraint.is_discrete

    @property
    def event_dim(self) -> int:  # type: ignore[override]
        return self.base_constraint.event_dim

    def check(self, value: Any) -> Any:
        result = self.base_constraint.check(value.unsqueeze(-1 - self.event_dim))
        if value.dim() < self.event_dim:
            raise ValueError(f"Expected value.dim() >= {self.event_dim} but got {value.dim()}")
        keep = value.dim() - self.event_dim
        return result.reshape(tuple(result.shape[:keep]) + (-1,)).all(-1)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.base_constraint!r})"


class _Boolean(Constraint):
    is_discrete = True

    def check(self, value: Any) -> Any:
        return (value == 0) | (value == 1)


class _OneHot(Constraint):
    is_discrete = True
    event_dim = 1

    def check(self, value: Any) -> Any:
        return ((value == 0) | (value == 1)).all(-1) & value.sum(-1).eq(1)


class _IntegerInterval(Constraint):
    is_discrete = True

    def __init__(self, lower_bound: Any, upper_bound: Any) -> None:
        self.lower_bound, self.upper_bound = lower_bound, upper_bound

    def check(self, value: Any) -> Any:
        return (value % 1 == 0) & (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self) -> str:
        return _bounds_repr(self, "lower_bound", "upper_bound")


class _IntegerLessThan(Constraint):
    is_discrete = True

    def __init__(self, upper_bound: Any) -> None:
        self.upper_bound = upper_bound

    def check(self, value: Any) -> Any:
        return (value % 1 == 0) & (value <= self.upper_bound)

    def __repr__(self) -> str:
        return _bounds_repr(self, "upper_bound")


class _IntegerGreaterThan(Constraint):
    is_discrete = True

    def __init__(self, lower_bound: Any) -> None:
        self.lower_bound = lower_bound

    def check(self, value: Any) -> Any:
        return (value % 1 == 0) & (value >= self.lower_bound)

    def __repr__(self) -> str:
        return _bounds_repr(self, "lower_bound")


class _Real(Constraint):
    def check(self, value: Any) -> Any:
        return value == value  # False for NaN


class _GreaterThan(Constraint):
    def __init__(self, lower_bound: Any) -> None:
        self.lower_bound = lower_bound

    def check(self, value: Any) -> Any:
        return self.lower_bound < value

    def __repr__(self) -> str:
        return _bounds_repr(self, "lower_bound")


class _GreaterThanEq(_GreaterThan):
    def check(self, value: Any) -> Any:
        return self.lower_bound <= value


class _LessThan(Constraint):
    def __init__(self, upper_bound: Any) -> None:
        self.upper_bound = upper_bound

    def check(self, value: Any) -> Any:
        return value < self.upper_bound

    def __repr__(self) -> str:
        return _bounds_repr(self, "upper_bound")


class _Interval(Constraint):
    def __init__(self, lower_bound: Any, upper_bound: Any) -> None:
        self.lower_bound, self.upper_bound = lower_bound, upper_bound

    def check(self, value: Any) -> Any:
        return (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self) -> str:
        return _bounds_repr(self, "lower_bound", "upper_bound")


class _HalfOpenInterval(_Interval):
    def check(self, value: Any) -> Any:
        return (self.lower_bound <= value) & (value < self.upper_bound)


class _Simplex(Constraint):
    event_dim = 1

    def check(self, value: Any) -> Any:
        return torch.all(value >= 0, dim=-1) & ((value.sum(-1) - 1).abs() < 1e-6)


class _Multinomial(Constraint):
    """Nonnegative counts whose sum is at most ``upper_bound`` (torch's weaker check)."""

    is_discrete = True
    event_dim = 1

    def __init__(self, upper_bound: Any) -> None:
        self.upper_bound = upper_bound

    def check(self, x: Any) -> Any:
        return (x >= 0).all(dim=-1) & (x.sum(dim=-1) <= self.upper_bound)


def _is_lower_triangular(value: Any) -> Any:
    return (value.tril() == value).reshape(tuple(value.shape[:-2]) + (-1,)).all(-1)


class _LowerTriangular(Constraint):
    event_dim = 2

    def check(self, value: Any) -> Any:
        return _is_lower_triangular(value)


class _LowerCholesky(Constraint):
    event_dim = 2

    def check(self, value: Any) -> Any:
        positive_diagonal = (value.diagonal(dim1=-2, dim2=-1) > 0).all(-1)
        return _is_lower_triangular(value) & positive_diagonal


class _CorrCholesky(Constraint):
    event_dim = 2

    def check(self, value: Any) -> Any:
        tol = torch.finfo(value.dtype).eps * value.size(-1) * 10
        row_norm = torch.linalg.norm(value.detach(), dim=-1)
        return _LowerCholesky().check(value) & (row_norm - 1.0).abs().le(tol).all(dim=-1)


class _Square(Constraint):
    event_dim = 2

    def check(self, value: Any) -> Any:
        return torch.full(
            tuple(value.shape[:-2]), value.shape[-2] == value.shape[-1], dtype=torch.bool
        )


class _Symmetric(_Square):
    def check(self, value: Any) -> Any:
        square = super().check(value)
        if not square.all():
            return square
        return torch.isclose(value, value.mT, atol=1e-6).all(-2).all(-1)


class _PositiveSemidefinite(_Symmetric):
    def check(self, value: Any) -> Any:
        symmetric = super().check(value)
        if not symmetric.all():
            return symmetric
        return torch.linalg.eigvalsh(value).ge(0).all(-1)


class _PositiveDefinite(_Symmetric):
    """Checked by the eigenvalues being > 0 (torch asks cholesky_ex for its info; the
    frontend's cholesky_ex raises instead of reporting a failure)."""

    def check(self, value: Any) -> Any:
        symmetric = super().check(value)
        if not symmetric.all():
            return symmetric
        return torch.linalg.eigvalsh(value).gt(0).all(-1)


class _Cat(Constraint):
    """Constraints ``cseq`` applied to consecutive slices (``lengths``) along ``dim``."""

    def __init__(self, cseq: Any, dim: int = 0, lengths: Any = None) -> None:
        if not all(isinstance(c, Constraint) for c in cseq):
            raise AssertionError("All elements of cseq must be Constraint instances")
        self.cseq = list(cseq)
        self.lengths = [1] * len(self.cseq) if lengths is None else list(lengths)
        if len(self.lengths) != len(self.cseq):
            raise AssertionError(
                f"lengths ({len(self.lengths)}) must match cseq ({len(self.cseq)})"
            )
        self.dim = dim

    @property
    def is_discrete(self) -> bool:  # type: ignore[override]
        return any(c.is_discrete for c in self.cseq)

    @property
    def event_dim(self) -> int:  # type: ignore[override]
        return max(c.event_dim for c in self.cseq)

    def check(self, value: Any) -> Any:
        checks, start = [], 0
        for constraint, length in zip(self.cseq, self.lengths):
            checks.append(constraint.check(value.narrow(self.dim, start, length)))
            start += length
        return torch.cat(checks, self.dim)


class _Stack(Constraint):
    """Constraints ``cseq`` applied to the slices of ``dim``."""

    def __init__(self, cseq: Any, dim: int = 0) -> None:
        if not all(isinstance(c, Constraint) for c in cseq):
            raise AssertionError("All elements of cseq must be Constraint instances")
        self.cseq = list(cseq)
        self.dim = dim

    @property
    def is_discrete(self) -> bool:  # type: ignore[override]
        return any(c.is_discrete for c in self.cseq)

    @property
    def event_dim(self) -> int:  # type: ignore[override]
        dim = max(c.event_dim for c in self.cseq)
        return dim + 1 if self.dim + dim < 0 else dim

    def check(self, value: Any) -> Any:
        parts = [value.select(self.dim, i) for i in range(value.size(self.dim))]
        return torch.stack([c.check(v) for v, c in zip(parts, self.cseq)], self.dim)


dependent = _Dependent()
dependent_property = _DependentProperty
independent = _IndependentConstraint
boolean = _Boolean()
one_hot = _OneHot()
nonnegative_integer = _IntegerGreaterThan(0)
positive_integer = _IntegerGreaterThan(1)
integer_interval = _IntegerInterval
real = _Real()
real_vector = independent(real, 1)
positive = _GreaterThan(0.0)
nonnegative = _GreaterThanEq(0.0)
greater_than = _GreaterThan
greater_than_eq = _GreaterThanEq
less_than = _LessThan
multinomial = _Multinomial
unit_interval = _Interval(0.0, 1.0)
interval = _Interval
half_open_interval = _HalfOpenInterval
simplex = _Simplex()
lower_triangular = _LowerTriangular()
lower_cholesky = _LowerCholesky()
corr_cholesky = _CorrCholesky()
square = _Square()
symmetric = _Symmetric()
positive_semidefinite = _PositiveSemidefinite()
positive_definite = _PositiveDefinite()
cat = _Cat
stack = _Stack
