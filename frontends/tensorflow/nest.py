"""tf.nest in pure Python: lists, tuples, named tuples and dicts (dict items in sorted
key order, as TF) are structure; everything else, None included, is a leaf. With
``expand_composites``, a RaggedTensor is its components, as TF's type spec lists them:
``flat_values`` then each level's ``row_splits``."""

from __future__ import annotations

import collections.abc
from typing import Any

__all__ = ["flatten", "pack_sequence_as", "map_structure", "assert_same_structure", "is_nested"]


def is_nested(seq: Any) -> bool:
    return isinstance(seq, (list, tuple, collections.abc.Mapping))


def _sorted_keys(mapping: Any) -> list:
    try:
        return sorted(mapping)
    except TypeError:
        return list(mapping)


def _children(structure: Any) -> list:
    if isinstance(structure, collections.abc.Mapping):
        return [structure[key] for key in _sorted_keys(structure)]
    return list(structure)


def _composite(value: Any) -> bool:
    return hasattr(value, "flat_values") and hasattr(value, "nested_row_splits")


def flatten(structure: Any, expand_composites: bool = False) -> list:
    if expand_composites and _composite(structure):
        return [structure.flat_values, *structure.nested_row_splits]
    if not is_nested(structure):
        return [structure]
    result = []
    for child in _children(structure):
        result.extend(flatten(child, expand_composites))
    return result


def _rebuild(structure: Any, values: list) -> Any:
    if isinstance(structure, collections.abc.Mapping):
        keys = _sorted_keys(structure)
        by_key = dict(zip(keys, values))
        if isinstance(structure, collections.defaultdict):
            result = collections.defaultdict(structure.default_factory)
            for key in structure:
                result[key] = by_key[key]
            return result
        return type(structure)((key, by_key[key]) for key in structure)
    if isinstance(structure, tuple) and hasattr(structure, "_fields"):
        return type(structure)(*values)
    return type(structure)(values)


def _pack(structure: Any, flat: list, index: int, composites: bool) -> tuple[Any, int]:
    if composites and _composite(structure):
        count = 1 + len(structure.nested_row_splits)
        values, splits = flat[index], flat[index + 1 : index + count]
        return type(structure).from_nested_row_splits(values, splits), index + count
    if not is_nested(structure):
        return flat[index], index + 1
    values = []
    for child in _children(structure):
        value, index = _pack(child, flat, index, composites)
        values.append(value)
    return _rebuild(structure, values), index


def pack_sequence_as(structure: Any, flat_sequence: Any, expand_composites: bool = False) -> Any:
    if not is_nested(flat_sequence):
        raise TypeError(
            f"Attempted to pack value:\n  {flat_sequence!r}\ninto a structure, but found "
            f"incompatible type `{type(flat_sequence)}` instead."
        )
    flat_sequence = list(flat_sequence)
    if not is_nested(structure) and not (expand_composites and _composite(structure)):
        if len(flat_sequence) != 1:
            raise ValueError(
                f"The target structure is of type `{type(structure)}`\n  {structure!r}\nHowever "
                f"the input is a sequence ({type(flat_sequence)}) of length {len(flat_sequence)}."
                f"\n  {flat_sequence!r}\nnest cannot guarantee that it is safe to map one to the other."
            )
        return flat_sequence[0]
    count = len(flatten(structure, expand_composites))
    if count != len(flat_sequence):
        raise ValueError(
            f"Could not pack sequence. Structure had {count} atoms, but flat_sequence had "
            f"{len(flat_sequence)} items.  Structure: {structure}, flat_sequence: {flat_sequence}."
        )
    return _pack(structure, flat_sequence, 0, expand_composites)[0]


def _same(a: Any, b: Any, check_types: bool) -> None:
    if is_nested(a) != is_nested(b):
        raise ValueError(
            "The two structures don't have the same nested structure.\n\nFirst structure: "
            f"{a}\n\nSecond structure: {b}\n\nMore specifically: Substructure "
            f'"{a if is_nested(a) else b}" is a sequence, while substructure '
            f'"{b if is_nested(a) else a}" is not'
        )
    if not is_nested(a):
        return
    if check_types and type(a) is not type(b):
        if not (isinstance(a, collections.abc.Mapping) and isinstance(b, collections.abc.Mapping)):
            raise TypeError(
                "The two structures don't have the same sequence type. Input structure has "
                f"type {type(a)}, while shallow structure has type {type(b)}."
            )
    if isinstance(a, collections.abc.Mapping) and set(a) != set(b):
        raise ValueError(
            "The two dictionaries don't have the same set of keys. First structure has keys "
            f"{_sorted_keys(a)}, while second structure has keys {_sorted_keys(b)}."
        )
    if len(a) != len(b):
        raise ValueError(
            "The two structures don't have the same nested structure.\n\nFirst structure: "
            f"{a}\n\nSecond structure: {b}\n\nMore specifically: The two namedtuples don't "
            f"have the same sequence type. First structure {a} has length {len(a)}, while "
            f"second structure {b} has length {len(b)}"
            if False
            else "The two structures don't have the same nested structure.\n\nFirst structure: "
            f'{a}\n\nSecond structure: {b}\n\nMore specifically: Substructure "{a}" has length '
            f'{len(a)}, while substructure "{b}" has length {len(b)}'
        )
    for x, y in zip(_children(a), _children(b)):
        _same(x, y, check_types)


def assert_same_structure(nest1: Any, nest2: Any, check_types: bool = True,
                          expand_composites: bool = False) -> None:  # fmt: skip
    _same(nest1, nest2, check_types)


def map_structure(func: Any, *structure: Any, **kwargs: Any) -> Any:
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    kwargs.pop("expand_composites", None)
    if kwargs:
        raise ValueError(
            f"Only valid keyword arguments are `check_types` and `expand_composites`, not: `{', '.join(kwargs)}`"
        )
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=check_types)
    flats = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*args) for args in zip(*flats)])
