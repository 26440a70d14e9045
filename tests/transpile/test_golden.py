"""Golden files: ``golden/<case>.py`` transpiled must give ``golden/<case>.expected``.

``<case>.expected`` is the output for ``--to jax``; ``<case>.<backend>.expected`` the output
for another backend; ``<case>.warnings`` the warnings printed (none if absent); a bad input
has ``<case>.err`` instead, the error line. Regenerate after a deliberate change with
``python -m tests.transpile.test_golden`` and review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.transpile.conftest import GOLDEN, golden_provides
from transpile import BACKENDS, TranspileSyntaxError, transpile_text

DEFAULT = "jax"
CASES = sorted(path.stem for path in GOLDEN.glob("*.py"))


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


def _expectations(case: str) -> list[tuple[str, Path]]:
    found = []
    if (GOLDEN / f"{case}.expected").exists():
        found.append((DEFAULT, GOLDEN / f"{case}.expected"))
    for backend in BACKENDS:
        path = GOLDEN / f"{case}.{backend}.expected"
        if path.exists():
            found.append((backend, path))
    return found


def _run(case: str, backend: str):
    return transpile_text(
        _read(GOLDEN / f"{case}.py"), backend, filename=f"{case}.py", provides=golden_provides
    )


def test_every_case_has_an_expectation():
    for case in CASES:
        has_error = (GOLDEN / f"{case}.err").exists()
        assert has_error or _expectations(case), f"golden/{case}.py has no expected output"
        assert not (has_error and _expectations(case)), case


GOOD = [
    pytest.param(case, backend, path, id=f"{case}-{backend}")
    for case in CASES
    for backend, path in _expectations(case)
]


@pytest.mark.parametrize(("case", "backend", "expected"), GOOD)
def test_golden(case: str, backend: str, expected: Path):
    result = _run(case, backend)
    assert result.code == _read(expected)
    warnings_file = GOLDEN / f"{case}.warnings"
    want = _read(warnings_file).splitlines() if warnings_file.exists() else []
    assert [str(d) for d in result.diagnostics] == want


@pytest.mark.parametrize(("case", "backend", "expected"), GOOD)
def test_golden_output_is_python_and_a_fixed_point(case: str, backend: str, expected: Path):
    result = _run(case, backend)
    compile(result.code, case, "exec")
    again = transpile_text(result.code, backend, provides=golden_provides)
    assert again.code == result.code
    assert not again.changed


BAD = [case for case in CASES if (GOLDEN / f"{case}.err").exists()]


@pytest.mark.parametrize("case", BAD)
def test_golden_bad_input(case: str):
    with pytest.raises(TranspileSyntaxError) as info:
        _run(case, DEFAULT)
    want = _read(GOLDEN / f"{case}.err").strip()
    got = str(info.value)
    location = ":".join(want.split(":")[:3])
    assert got.startswith(location + ": "), (got, want)
    if sys.version_info[:2] == (3, 11):  # CPython's messages change between versions
        assert got == want


def regenerate() -> None:
    for case in CASES:
        if (GOLDEN / f"{case}.err").exists() or case.startswith("bad_"):
            try:
                _run(case, DEFAULT)
            except TranspileSyntaxError as error:
                (GOLDEN / f"{case}.err").write_text(str(error) + "\n")
                continue
        backends = [DEFAULT] + [b for b, _ in _expectations(case) if b != DEFAULT]
        for backend in backends:
            result = _run(case, backend)
            name = f"{case}.expected" if backend == DEFAULT else f"{case}.{backend}.expected"
            (GOLDEN / name).write_bytes(result.code.encode("utf-8"))
            if backend == DEFAULT:
                warnings_file = GOLDEN / f"{case}.warnings"
                lines = [str(d) + "\n" for d in result.diagnostics]
                if lines:
                    warnings_file.write_text("".join(lines))
                elif warnings_file.exists():
                    warnings_file.unlink()
        print(case, backends)


if __name__ == "__main__":
    regenerate()
