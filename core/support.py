"""Which dtypes and devices a function supports, by framework version, and casting modes.

``with_unsupported_dtypes({"2.13 and below": ("uint16", "float16")}, version)`` marks a
backend implementation (``version`` is the backend's framework version) or a frontend
function (pass the framework's name, e.g. ``"torch"``, and the version it mimics is used).
Version keys are parsed strictly when the decorator runs: a malformed key, or a dict none
of whose keys matches the version in force, is an error at import, never a silent fallback.
Dtype classes (``"valid"``, ``"numeric"``, ``"integer"``, ``"unsigned"``, ``"float"``,
``"complex"``) expand to the dtypes of that class.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from core import dtypes as _dtypes
from core.dtypes import Dtype
from core.errors import UnsupportedDtypeError

__all__ = [
    "with_supported_dtypes",
    "with_unsupported_dtypes",
    "with_supported_devices",
    "with_unsupported_devices",
    "register_framework_version",
    "upcast_data_types",
    "downcast_data_types",
    "crosscast_data_types",
    "cast_data_types",
    "UnsupportedDtypeError",
]

F = TypeVar("F", bound=Callable[..., Any])

DTYPE_CLASSES: dict[str, tuple[Dtype, ...]] = {
    "valid": _dtypes.all_dtypes,
    "numeric": _dtypes.all_numeric_dtypes,
    "integer": _dtypes.all_int_dtypes,
    "unsigned": _dtypes.all_uint_dtypes,
    "float": _dtypes.all_float_dtypes,
    "complex": _dtypes.all_complex_dtypes,
}

# framework name -> the version its frontend mimics; frontends register theirs
_framework_versions: dict[str, str] = {}


def register_framework_version(framework: str, version: str) -> None:
    """Declare which version of ``framework`` a frontend mimics, for version keys."""
    _framework_versions[framework] = version


# ---------------------------------------------------------------------------------------
# version keys
# ---------------------------------------------------------------------------------------
_VERSION = r"\d+(?:\.\d+)*"
_KEY_PATTERNS = (
    (re.compile(rf"^({_VERSION}) and below$"), "below"),
    (re.compile(rf"^({_VERSION}) and above$"), "above"),
    (re.compile(rf"^({_VERSION}) to ({_VERSION})$"), "range"),
    (re.compile(rf"^({_VERSION})$"), "exact"),
)


def _version_tuple(text: str) -> tuple[int, ...]:
    match = re.match(_VERSION, text)
    if match is None:
        raise ValueError(f"cannot read a version number from {text!r}")
    return tuple(int(part) for part in match.group(0).split("."))


def _compare_prefix(version: tuple[int, ...], bound: tuple[int, ...]) -> int:
    """-1, 0 or 1 comparing ``version`` with ``bound`` on the bound's components only."""
    head = version[: len(bound)] + (0,) * max(0, len(bound) - len(version))
    return (head > bound) - (head < bound)


def version_key_matches(key: str, version: str) -> bool:
    """Whether the key (``"2.13 and below"``, ``"2.1 to 2.5"``, ``"0.4.30 and above"``,
    ``"2.13"``) covers ``version``; a malformed key raises ``ValueError``.

    A bound names as many components as it cares about: ``"2.13 and below"`` covers
    2.13.1, and ``"2.13"`` covers every 2.13.x.
    """
    current = _version_tuple(version)
    for pattern, form in _KEY_PATTERNS:
        match = pattern.match(key.strip())
        if match is None:
            continue
        bounds = [_version_tuple(group) for group in match.groups()]
        if form == "below":
            return _compare_prefix(current, bounds[0]) <= 0
        if form == "above":
            return _compare_prefix(current, bounds[0]) >= 0
        if form == "range":
            return (
                _compare_prefix(current, bounds[0]) >= 0
                and _compare_prefix(current, bounds[1]) <= 0
            )
        return _compare_prefix(current, bounds[0]) == 0
    raise ValueError(
        f"malformed version key {key!r}; write 'X and below', 'X and above', 'X to Y' or 'X'"
    )


def _resolve_version(version_or_framework: str) -> str:
    if version_or_framework in _framework_versions:
        return _framework_versions[version_or_framework]
    if re.match(_VERSION, version_or_framework):
        return version_or_framework
    raise ValueError(
        f"{version_or_framework!r} is neither a version nor a registered framework "
        f"({', '.join(sorted(_framework_versions)) or 'none registered'})"
    )


def select_for_version(
    versions: dict[str, Iterable[str]], version_or_framework: str, what: str
) -> tuple[str, ...]:
    """The entries of every key covering the version in force; an error if none does."""
    version = _resolve_version(version_or_framework)
    selected: list[str] = []
    matched = False
    for key, entries in versions.items():
        if version_key_matches(key, version):
            matched = True
            selected.extend((entries,) if isinstance(entries, str) else entries)
    if not matched:
        raise ValueError(
            f"none of the version keys {list(versions)} for {what} covers version {version}; "
            "add a key that covers it"
        )
    return tuple(selected)


def expand_dtypes(names: Iterable[str]) -> frozenset[Dtype]:
    """Dtype names and dtype classes (``"float"``, ``"unsigned"``, ...) to a set of Dtypes."""
    result: set[Dtype] = set()
    for name in names:
        result.update(DTYPE_CLASSES.get(name) or (Dtype(name),))
    return frozenset(result)


def _marker(
    versions: dict[str, Iterable[str]],
    version_or_framework: str,
    what: str,
    mark: Callable[[Callable[..., Any], tuple[str, ...]], None],
) -> Callable[[F], F]:
    version = _resolve_version(version_or_framework)  # an unknown framework fails at once

    def decorate(fn: F) -> F:
        mark(fn, select_for_version(versions, version, f"{fn.__qualname__}'s {what}"))
        return fn

    return decorate


def with_unsupported_dtypes(
    versions: dict[str, Iterable[str]], version_or_framework: str
) -> Callable[[F], F]:
    """Mark ``fn`` as not supporting these dtypes (sets ``fn.unsupported_dtypes``)."""

    def mark(fn: Callable[..., Any], names: tuple[str, ...]) -> None:
        fn.unsupported_dtypes = expand_dtypes(names)  # type: ignore[attr-defined]

    return _marker(versions, version_or_framework, "dtypes", mark)


def with_supported_dtypes(
    versions: dict[str, Iterable[str]], version_or_framework: str
) -> Callable[[F], F]:
    """Mark ``fn`` as supporting only these dtypes (every other one is unsupported)."""

    def mark(fn: Callable[..., Any], names: tuple[str, ...]) -> None:
        fn.unsupported_dtypes = frozenset(_dtypes.all_dtypes) - expand_dtypes(names)  # type: ignore[attr-defined]

    return _marker(versions, version_or_framework, "dtypes", mark)


_DEVICES = frozenset({"cpu", "gpu", "tpu"})


def with_unsupported_devices(
    versions: dict[str, Iterable[str]], version_or_framework: str
) -> Callable[[F], F]:
    """Mark ``fn`` as not running on these devices (``"cpu"``, ``"gpu"``, ``"tpu"``)."""

    def mark(fn: Callable[..., Any], names: tuple[str, ...]) -> None:
        fn.unsupported_devices = frozenset(names)  # type: ignore[attr-defined]

    return _marker(versions, version_or_framework, "devices", mark)


def with_supported_devices(
    versions: dict[str, Iterable[str]], version_or_framework: str
) -> Callable[[F], F]:
    """Mark ``fn`` as running only on these devices."""

    def mark(fn: Callable[..., Any], names: tuple[str, ...]) -> None:
        fn.unsupported_devices = _DEVICES - frozenset(names)  # type: ignore[attr-defined]

    return _marker(versions, version_or_framework, "devices", mark)


# ---------------------------------------------------------------------------------------
# casting modes
# ---------------------------------------------------------------------------------------
_casting = {"upcast": False, "downcast": False, "crosscast": False}


def _mode(*names: str) -> Callable[..., Any]:
    """A setter that is also a context manager: ``upcast_data_types()`` turns the mode on,
    ``upcast_data_types(False)`` off, ``with upcast_data_types(): ...`` for a block."""

    class Mode(contextlib.ContextDecorator):
        def __init__(self, val: bool = True) -> None:
            self._old = {name: _casting[name] for name in names}
            for name in names:
                _casting[name] = val

        def __enter__(self) -> Mode:
            return self

        def __exit__(self, *exc: object) -> None:
            _casting.update(self._old)

    return Mode


upcast_data_types = _mode("upcast")
downcast_data_types = _mode("downcast")
crosscast_data_types = _mode("crosscast")
cast_data_types = _mode("upcast", "downcast", "crosscast")
for _name, _fn in (
    ("upcast_data_types", upcast_data_types),
    ("downcast_data_types", downcast_data_types),
    ("crosscast_data_types", crosscast_data_types),
    ("cast_data_types", cast_data_types),
):
    _fn.__name__ = _fn.__qualname__ = _name
upcast_data_types.__doc__ = (
    "Cast an unsupported dtype to the next wider supported one of its group."
)
downcast_data_types.__doc__ = (
    "Cast an unsupported dtype to the next narrower supported one of its group."
)
crosscast_data_types.__doc__ = (
    "Cast an unsupported integer dtype to the default float dtype, or an unsupported float "
    "to the default int dtype, when that one is supported."
)
cast_data_types.__doc__ = "All three modes: crosscast first, then upcast, then downcast."


def casting_active() -> bool:
    return _casting["upcast"] or _casting["downcast"] or _casting["crosscast"]


_GROUPS = (
    _dtypes.all_uint_dtypes,
    (_dtypes.int8, _dtypes.int16, _dtypes.int32, _dtypes.int64),
    (_dtypes.float16, _dtypes.bfloat16, _dtypes.float32, _dtypes.float64),
    _dtypes.all_complex_dtypes,
)


def cast_target(
    dtype: Dtype, unsupported: frozenset[Dtype], valid: Iterable[Dtype]
) -> Dtype | None:
    """The dtype the active casting modes turn unsupported ``dtype`` into, or None."""
    usable = [d for d in valid if d not in unsupported]
    if _casting["crosscast"]:
        if dtype.is_int_dtype and _dtypes.default_float_dtype() in usable:
            return _dtypes.default_float_dtype()
        if dtype.is_float_dtype and _dtypes.default_int_dtype() in usable:
            return _dtypes.default_int_dtype()
    group = next((g for g in _GROUPS if dtype in g), ())
    if group:
        position = group.index(dtype)
        if _casting["upcast"]:
            wider = [d for d in group[position + 1 :] if d in usable]
            if wider:
                return wider[0]
        if _casting["downcast"]:
            narrower = [d for d in reversed(group[:position]) if d in usable]
            if narrower:
                return narrower[0]
    return None
