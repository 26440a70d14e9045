"""Ops that take indices check them as torch does, on every backend.

Each case feeds an out-of-range or a negative index (or a valid one, as a control) to one
op, through real torch and through the frontend on the backend under test: where torch
raises, the frontend raises the same exception type (IndexError / RuntimeError), and where
torch's message is the one users search for ("index out of range in self", "is out of
bounds for dimension"), the same message. No backend may clamp, wrap or fill silently
(jax's gather does that unless told otherwise; tensorflow's raises its own error type).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch as real_torch

from frontends import torch


def _cases() -> dict[str, Callable[[Any], Any]]:
    """name -> a function of the torch module (real or frontend) that calls one op."""

    def w(T: Any) -> Any:
        return T.arange(12.0).reshape(4, 3)

    def x(T: Any) -> Any:
        return T.arange(6.0).reshape(2, 3)

    def F(T: Any) -> Any:
        return T.nn.functional

    return {
        # embedding and embedding_bag
        "embedding_high": lambda T: F(T).embedding(T.tensor([5]), w(T)),
        "embedding_negative": lambda T: F(T).embedding(T.tensor([-1]), w(T)),
        "embedding_valid": lambda T: F(T).embedding(T.tensor([3, 0]), w(T)),
        "embedding_bag_high": lambda T: F(T).embedding_bag(T.tensor([0, 4]), w(T), T.tensor([0])),
        "embedding_bag_negative": lambda T: F(T).embedding_bag(
            T.tensor([[0, -1]]), w(T), mode="sum"
        ),
        "embedding_bag_offsets": lambda T: F(T).embedding_bag(
            T.tensor([0, 1]), w(T), T.tensor([1])
        ),
        "embedding_module_high": lambda T: T.nn.Embedding(3, 2)(T.tensor([3])),
        # gather / scatter family
        "gather_high": lambda T: T.gather(x(T), 1, T.tensor([[3]])),
        "gather_negative": lambda T: T.gather(x(T), 1, T.tensor([[-1]])),
        "scatter_high": lambda T: x(T).scatter(1, T.tensor([[3]]), 1.0),
        "scatter_negative": lambda T: x(T).scatter(1, T.tensor([[-1]]), 1.0),
        "scatter_add_high": lambda T: x(T).scatter_add(1, T.tensor([[3]]), T.ones(1, 1)),
        "scatter_add_negative": lambda T: x(T).scatter_add(1, T.tensor([[-1]]), T.ones(1, 1)),
        "scatter_reduce_high": lambda T: x(T).scatter_reduce(
            1, T.tensor([[3]]), T.ones(1, 1), "sum"
        ),
        "scatter_reduce_negative": lambda T: x(T).scatter_reduce(
            1, T.tensor([[-1]]), T.ones(1, 1), "amax"
        ),
        "scatter_inplace_high": lambda T: x(T).scatter_(0, T.tensor([[2]]), 1.0),
        "take_high": lambda T: T.take(x(T), T.tensor([6])),
        "take_negative": lambda T: T.take(x(T), T.tensor([-7])),
        "take_negative_valid": lambda T: T.take(x(T), T.tensor([-6])),
        # index_* ops
        "index_select_high": lambda T: T.index_select(x(T), 1, T.tensor([3])),
        "index_select_negative": lambda T: T.index_select(x(T), 1, T.tensor([-1])),
        "index_add_high": lambda T: x(T).index_add(1, T.tensor([3]), T.ones(2, 1)),
        "index_add_negative": lambda T: x(T).index_add(1, T.tensor([-1]), T.ones(2, 1)),
        "index_add_inplace_high": lambda T: x(T).index_add_(0, T.tensor([5]), T.ones(1, 3)),
        "index_copy_high": lambda T: x(T).index_copy(1, T.tensor([3]), T.ones(2, 1)),
        "index_copy_negative": lambda T: x(T).index_copy(1, T.tensor([-1]), T.ones(2, 1)),
        "index_fill_high": lambda T: x(T).index_fill(1, T.tensor([3]), 1.0),
        "index_fill_negative_valid": lambda T: x(T).index_fill(1, T.tensor([-1]), 1.0),
        "index_put_high": lambda T: x(T).index_put((T.tensor([2]),), T.tensor(1.0)),
        "index_put_negative": lambda T: x(T).index_put((T.tensor([-3]),), T.tensor(1.0)),
        "index_put_accumulate_high": lambda T: x(T).index_put(
            (T.tensor([2]),), T.tensor(1.0), accumulate=True
        ),
        # indexing with tensors
        "getitem_high": lambda T: x(T)[T.tensor([2])],
        "getitem_negative": lambda T: x(T)[T.tensor([-3])],
        "getitem_negative_valid": lambda T: x(T)[T.tensor([-2])],
        "getitem_second_dim_high": lambda T: x(T)[:, T.tensor([3])],
        "getitem_mask_shape": lambda T: x(T)[T.tensor([True, False, True])],
        "setitem_high": lambda T: x(T).__setitem__(T.tensor([9]), 1.0),
        "setitem_negative": lambda T: x(T).__setitem__(T.tensor([-3]), 1.0),
        "setitem_tensor_value_high": lambda T: x(T).__setitem__(T.tensor([9]), T.tensor(1.0)),
        "setitem_second_dim_high": lambda T: x(T).__setitem__((slice(None), T.tensor([3])), 1.0),
        # losses with class targets
        "nll_loss_high": lambda T: F(T).nll_loss(x(T), T.tensor([3, 0])),
        "nll_loss_negative": lambda T: F(T).nll_loss(x(T), T.tensor([-2, 0])),
        "nll_loss_ignore_index": lambda T: F(T).nll_loss(x(T), T.tensor([-100, 0])),
        "nll_loss_2d_high": lambda T: F(T).nll_loss(
            T.zeros(1, 3, 2, 2), T.tensor([[[0, 3], [0, 0]]])
        ),
        "cross_entropy_high": lambda T: F(T).cross_entropy(x(T), T.tensor([3, 0])),
        "cross_entropy_negative": lambda T: F(T).cross_entropy(x(T), T.tensor([-2, 0])),
        "multi_margin_loss_high": lambda T: F(T).multi_margin_loss(x(T), T.tensor([3, 0])),
        "multi_margin_loss_negative": lambda T: F(T).multi_margin_loss(x(T), T.tensor([-1, 0])),
        "multilabel_margin_loss_high": lambda T: F(T).multilabel_margin_loss(
            x(T), T.tensor([[3, -1, 0], [0, 1, 2]])
        ),
        # one_hot
        "one_hot_high": lambda T: F(T).one_hot(T.tensor([3]), 3),
        "one_hot_negative": lambda T: F(T).one_hot(T.tensor([-1]), 3),
    }


CASES = _cases()
# torch's messages that users search for, checked word for word
MESSAGES = {
    "embedding_high": "index out of range in self",
    "embedding_negative": "index out of range in self",
    "gather_high": "index 3 is out of bounds for dimension 1 with size 3",
    "gather_negative": "index -1 is out of bounds for dimension 1 with size 3",
}


def _outcome(call: Callable[[Any], Any], T: Any) -> tuple[type | None, str]:
    try:
        call(T)
    except Exception as error:  # the oracle's exception, whatever it is
        return type(error), str(error)
    return None, ""


@pytest.fixture(scope="module")
def expected() -> dict[str, tuple[type | None, str]]:
    return {name: _outcome(call, real_torch) for name, call in CASES.items()}


def test_cases_cover_both_outcomes(expected):
    """The table holds raising cases and valid controls (a broken oracle fails here)."""
    raising = [name for name, (kind, _) in expected.items() if kind is not None]
    assert len(raising) >= 40 and len(raising) < len(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_index_checked_like_torch(name, backend, expected):
    kind, message = expected[name]
    ours, our_message = _outcome(CASES[name], torch)
    if kind is None:
        assert ours is None, f"{name}: torch accepts, the frontend raised {ours}: {our_message}"
        return
    assert ours is not None, f"{name}: torch raises {kind.__name__}, the frontend did not"
    assert issubclass(ours, kind), (
        f"{name}: torch raises {kind.__name__}, the frontend {ours.__name__}: {our_message}"
    )
    if name in MESSAGES:
        assert MESSAGES[name] in message and MESSAGES[name] in our_message


def test_take_along_dim_checks_where_torch_reads_out_of_bounds(backend):
    """A deliberate difference: torch 2.13's CPU take_along_dim does not check its indices
    (it reads past the end); the frontend raises IndexError rather than return garbage."""
    with pytest.raises(IndexError, match="out of bounds"):
        torch.take_along_dim(torch.arange(6.0).reshape(2, 3), torch.tensor([[3]]), 1)
