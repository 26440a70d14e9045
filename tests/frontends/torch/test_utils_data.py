"""torch.utils.data against real torch: datasets, samplers, DataLoader batching and
default_collate on all four backends. Shuffled orders come from the frontend's generator
(core.random), so they are checked as permutations, reproducible per seed, not as torch's
orders."""

from __future__ import annotations

import typing
from collections import namedtuple

import numpy
import pytest
import torch as real_torch

from frontends import torch

Point = namedtuple("Point", ["x", "y"])


def _same(ours: object, theirs: object) -> None:
    if isinstance(theirs, real_torch.Tensor):
        assert isinstance(ours, torch.Tensor)
        assert str(ours.dtype) == str(theirs.dtype)
        assert tuple(ours.shape) == tuple(theirs.shape)
        numpy.testing.assert_array_equal(ours.numpy(), theirs.numpy())
    elif isinstance(theirs, dict):
        assert type(ours) is dict and list(ours) == list(theirs)
        for k in theirs:
            _same(ours[k], theirs[k])
    elif isinstance(theirs, (list, tuple)):
        assert type(ours) is type(theirs) and len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _same(a, b)
    else:
        assert ours == theirs


def _both(make: object) -> tuple[list, list]:
    return list(make(torch)), list(make(real_torch))


@pytest.mark.parametrize("batch_size", [1, 3, 4])
@pytest.mark.parametrize("drop_last", [False, True])
def test_tensor_dataset_batches(backend: str, batch_size: int, drop_last: bool) -> None:
    def make(t: object) -> object:
        ds = t.utils.data.TensorDataset(t.arange(20.0).reshape(10, 2), t.arange(10))
        loader = t.utils.data.DataLoader(ds, batch_size=batch_size, drop_last=drop_last)
        assert len(loader) == (10 // batch_size if drop_last else -(-10 // batch_size))
        return loader

    ours, theirs = _both(make)
    _same(ours, theirs)


def test_default_collate_structures(backend: str) -> None:
    samples = [
        {"a": 1.5, "b": (i, True), "c": "s", "d": numpy.ones(2, numpy.float32) * i, "e": [i, i + 1]}
        for i in range(3)
    ]
    _same(torch.utils.data.default_collate(samples), real_torch.utils.data.default_collate(samples))
    points = [Point(1, 2.0), Point(3, 4.0)]
    ours = torch.utils.data.default_collate(points)
    theirs = real_torch.utils.data.default_collate(points)
    assert type(ours).__name__ == "Point"
    _same(list(ours), list(theirs))
    tensors = [numpy.full((2, 2), i, numpy.int32) for i in range(3)]
    _same(
        torch.utils.data.default_collate([torch.tensor(x) for x in tensors]),
        real_torch.utils.data.default_collate([real_torch.tensor(x) for x in tensors]),
    )


class Squares:
    """A plain map-style dataset defined by the user."""

    def __init__(self, t: object) -> None:
        self.t = t

    def __len__(self) -> int:
        return 7

    def __getitem__(self, i: int) -> dict:
        return {"x": self.t.tensor([i, i * i]), "label": i % 2}


def test_custom_dataset_and_collate_fn(backend: str) -> None:
    def make(t: object) -> object:
        return t.utils.data.DataLoader(Squares(t), batch_size=3)

    ours, theirs = _both(make)
    _same(ours, theirs)

    def make_list(t: object) -> object:
        return t.utils.data.DataLoader(Squares(t), batch_size=2, collate_fn=lambda b: len(b))

    assert _both(make_list)[0] == _both(make_list)[1] == [2, 2, 2, 1]
    ours, theirs = _both(lambda t: t.utils.data.DataLoader(Squares(t), batch_size=None))
    _same(ours, theirs)


def test_shuffle_with_generator(backend: str) -> None:
    ds = torch.utils.data.TensorDataset(torch.arange(12))

    def order(seed: int) -> list[int]:
        loader = torch.utils.data.DataLoader(
            ds, batch_size=5, shuffle=True, generator=torch.Generator().manual_seed(seed)
        )
        batches = [b[0].tolist() for b in loader]
        assert [len(b) for b in batches] == [5, 5, 2]
        return [i for batch in batches for i in batch]

    assert sorted(order(0)) == list(range(12))
    assert order(0) == order(0)
    assert order(0) != order(1)
    assert order(0) != list(range(12))


def test_iterable_dataset_and_samplers(backend: str) -> None:
    class Stream(torch.utils.data.IterableDataset):
        def __iter__(self):
            return iter(range(5))

    batches = [b.tolist() for b in torch.utils.data.DataLoader(Stream(), batch_size=2)]
    assert batches == [[0, 1], [2, 3], [4]]
    with pytest.raises(ValueError):
        torch.utils.data.DataLoader(Stream(), shuffle=True)
    with pytest.raises(ValueError):
        torch.utils.data.DataLoader(list(range(4)), sampler=[0, 1], shuffle=True)
    sampler = torch.utils.data.BatchSampler(
        torch.utils.data.SequentialSampler(range(5)), 2, drop_last=False
    )
    assert list(sampler) == list(real_torch.utils.data.BatchSampler(range(5), 2, drop_last=False))
    loader = torch.utils.data.DataLoader(list(range(10, 16)), batch_sampler=[[0, 5], [2]])
    assert [b.tolist() for b in loader] == [[10, 15], [12]]


def test_subset_concat_random_split(backend: str) -> None:
    ds = torch.utils.data.TensorDataset(torch.arange(10))
    sub = torch.utils.data.Subset(ds, [3, 1])
    assert len(sub) == 2 and sub[0][0].item() == 3
    both = ds + sub
    assert len(both) == 12 and both[11][0].item() == 1 and both[-1][0].item() == 1
    parts = torch.utils.data.random_split(
        ds, [0.7, 0.3], generator=torch.Generator().manual_seed(0)
    )
    assert [len(p) for p in parts] == [7, 3]
    assert sorted(parts[0].indices + parts[1].indices) == list(range(10))
    with pytest.raises(ValueError):
        torch.utils.data.random_split(ds, [3, 3])
    with pytest.raises(AssertionError):
        torch.utils.data.TensorDataset(torch.zeros(3), torch.zeros(4))


def _bases(cls: type) -> list[str]:
    """The parametrized bases by names alone: ``Sampler[int]``, ``Dataset[tuple[Tensor, ...]]``."""

    def named(t: object) -> str:
        args = typing.get_args(t)
        origin = typing.get_origin(t) or t
        name = getattr(origin, "__name__", str(origin))
        return f"{name}[{', '.join(map(named, args))}]" if args else name

    return [named(b) for b in getattr(cls, "__orig_bases__", ())]


@pytest.mark.parametrize(
    "name",
    ["Dataset", "IterableDataset", "TensorDataset", "Subset", "ConcatDataset", "Sampler",
     "SequentialSampler", "RandomSampler", "BatchSampler", "DataLoader"],
)  # fmt: skip
def test_generic_classes_as_torch(name):
    """Libraries subclass parametrized classes (timm: ``class S(Sampler[list[int]])``)."""
    ours, theirs = getattr(torch.utils.data, name), getattr(real_torch.utils.data, name)
    assert [b.__name__ for b in ours.__mro__] == [b.__name__ for b in theirs.__mro__]
    assert _bases(ours) == _bases(theirs)

    try:
        theirs[int]
    except TypeError:  # parametrized already (TensorDataset, the samplers): not generic
        with pytest.raises(TypeError, match="not a generic class"):
            ours[int]
        return

    class Indices(ours[list[int]]):
        pass

    assert issubclass(Indices, ours)
