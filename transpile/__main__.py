"""The ``transpile`` command (also ``python -m transpile``)."""

from __future__ import annotations

import argparse
import difflib
import os
import shutil
import site
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from transpile.files import decode_source, read_source, same_file, write_atomic
from transpile.rewrite import (
    BACKENDS,
    FRAMEWORKS,
    TranspileError,
    TranspileSyntaxError,
    transpile_text,
)

PROG = "transpile"
#: Folders a tree walk does not enter (and does not copy).
SKIPPED_DIRS = frozenset({"__pycache__", ".git", ".hg", ".svn"})
PYTHON_SUFFIXES = (".py",)

EPILOG = f"""\
examples:
  transpile train.py --to jax                 print the result
  transpile train.py --to jax -o train_jax.py write it
  transpile src/ --to torch -o src_torch/     mirror a tree (other files copied)
  transpile train.py --to jax --diff          show what would change
  transpile src/ --to jax --check             exit 1 if anything would change
  transpile train.py --to jax --run -- --lr 0.1
                                              run the result with arguments

The inserted line sets the backend; frameworks rewritten: {", ".join(FRAMEWORKS)}.
exit status: 0 done, 1 --check found changes, 2 bad usage or bad input."""


def version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as distribution_version

        return distribution_version("frontends")
    except (ImportError, PackageNotFoundError):
        pass
    try:
        import frontends

        return str(frontends.__version__)
    except (ImportError, AttributeError):
        return "unknown"


def _frameworks(value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    unknown = [name for name in names if name not in FRAMEWORKS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"invalid choice: {value!r} (choose from {', '.join(FRAMEWORKS)})"
        )
    return names


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Rewrite the torch/numpy/jax/tensorflow imports of a Python script (or a tree "
            "of them) to the frontends, so that the script runs on the chosen backend with "
            "plain python. Everything but the imports stays byte for byte."
        ),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("path", metavar="PATH", help="a .py file, a directory, or - for stdin")
    parser.add_argument(
        "--to", required=True, choices=BACKENDS, help="the backend to run on (required)"
    )
    parser.add_argument(
        "--from",
        dest="from_",
        metavar="FRAMEWORK",
        type=_frameworks,
        action="append",
        help=(
            "rewrite only this framework's imports (repeat, or comma-separate); "
            f"choose from {', '.join(FRAMEWORKS)}; default: all"
        ),
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "-o", "--output", metavar="OUT", help="write to this file (or directory, for a tree)"
    )
    where.add_argument(
        "--in-place", action="store_true", help="overwrite the input (the only way to)"
    )
    parser.add_argument("--diff", action="store_true", help="print a unified diff instead")
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if something would change"
    )
    parser.add_argument(
        "--run",
        action="store_true",
        help="run the result with this python; arguments after -- go to the script",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="do not print warnings")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    return parser


@dataclass
class _Job:
    source: Path | None  # None: stdin
    display: str
    target: Path | None
    text: str = ""
    encoding: str = "utf-8"
    code: str = ""
    changed: bool = False
    copy_only: bool = False


class _Fail(Exception):
    """Stop with exit status 2; the message has been printed or is in args[0]."""


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def _diff(job: _Job) -> str:
    name = job.display.replace(os.sep, "/")
    lines = difflib.unified_diff(
        job.text.splitlines(keepends=True),
        job.code.splitlines(keepends=True),
        fromfile=f"a/{name}",
        tofile=f"b/{name}",
    )
    out = []
    for line in lines:
        if not line.endswith(("\n", "\r")):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


def _collect_tree(root: Path, output: Path | None) -> list[_Job]:
    jobs: list[_Job] = []
    skip = output.resolve() if output is not None else None

    def failed(error: OSError) -> None:
        raise error

    for directory, dirnames, filenames in os.walk(root, onerror=failed):
        here = Path(directory)
        kept = []
        for name in sorted(dirnames):
            if name in SKIPPED_DIRS:
                continue
            if skip is not None and (here / name).resolve() == skip:
                continue
            kept.append(name)
        dirnames[:] = kept
        for name in sorted(filenames):
            source = here / name
            relative = source.relative_to(root)
            target = output / relative if output is not None else None
            jobs.append(
                _Job(
                    source=source,
                    display=str(source),
                    target=target,
                    copy_only=not name.endswith(PYTHON_SUFFIXES),
                )
            )
    return jobs


#: What ``--run`` executes: the drop-in installed for torch, jax and tensorflow on the backend,
#: so that the libraries the script imports (transformers, timm, keras, optax ...) see the
#: frontends too, then the script as ``__main__`` with its own directory first on sys.path.
RUN_WITH_DROPIN = """\
import os, runpy, sys
import frontends
backend, script = sys.argv[1:3]
frontends.install(backend=backend)
sys.argv = sys.argv[2:]
sys.path[0] = os.path.dirname(script)
runpy.run_path(script, run_name="__main__")
"""


def _run(job: _Job, script_args: Sequence[str], backend: str) -> int:
    """Run the transpiled code from a temporary directory with the drop-in active (see
    :data:`RUN_WITH_DROPIN`); return the script's status."""
    paths = []
    if job.source is not None:
        paths.append(str(job.source.resolve().parent))
    project_root = Path(__file__).resolve().parent.parent
    site_dirs = {os.path.realpath(p) for p in site.getsitepackages()}
    if (project_root / "core").is_dir() and str(project_root) not in site_dirs:
        paths.append(str(project_root))
    env = dict(os.environ)
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    name = job.source.name if job.source is not None else "stdin.py"
    with tempfile.TemporaryDirectory(prefix="transpile-run-") as directory:
        script = Path(directory) / name
        script.write_bytes(job.code.encode(job.encoding))
        sys.stdout.flush()
        sys.stderr.flush()
        command = [sys.executable, "-c", RUN_WITH_DROPIN, backend, str(script), *script_args]
        completed = subprocess.run(command, env=env)
    status = completed.returncode
    return 128 - status if status < 0 else status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    script_args: list[str] = []
    if "--" in args_list:
        cut = args_list.index("--")
        args_list, script_args = args_list[:cut], args_list[cut + 1 :]
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exit_:
        return int(exit_.code or 0) if not isinstance(exit_.code, str) else 2
    from_ = [name for group in args.from_ for name in group] if args.from_ else None
    try:
        return _main(parser, args, from_, script_args)
    except _Fail as failure:
        if failure.args:
            _error(failure.args[0])
        return 2


def _usage_error(parser: argparse.ArgumentParser, message: str) -> None:
    parser.print_usage(sys.stderr)
    _error(message)
    raise _Fail()


def _main(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    from_: list[str] | None,
    script_args: list[str],
) -> int:
    if script_args and not args.run:
        _usage_error(parser, "arguments after -- are passed to the script, with --run only")
    if args.run and (args.output or args.in_place or args.check or args.diff):
        _usage_error(parser, "--run cannot be combined with -o, --in-place, --check or --diff")
    if (args.check or args.diff) and (args.output or args.in_place):
        _usage_error(parser, "--check and --diff write nothing; drop -o/--in-place")
    writes = not (args.check or args.diff or args.run)

    # ---- collect what to do
    if args.path == "-":
        if args.in_place:
            _usage_error(parser, "--in-place needs a file, not stdin")
        jobs = [_Job(source=None, display="<stdin>", target=None)]
        data = sys.stdin.buffer.read()
        try:
            jobs[0].text, jobs[0].encoding = decode_source(data)
        except (SyntaxError, LookupError, UnicodeDecodeError) as error:
            raise _Fail(f"cannot decode stdin: {error}") from None
        if args.output:
            jobs[0].target = Path(args.output)
        tree = False
    else:
        path = Path(args.path)
        if not path.exists():
            raise _Fail(f"cannot read {args.path!r}: no such file or directory")
        tree = path.is_dir()
        if tree:
            if args.run:
                _usage_error(parser, "--run needs a file, not a directory")
            if writes and not (args.output or args.in_place):
                _usage_error(parser, f"{args.path!r} is a directory: give -o DIR (or --in-place)")
            output = Path(args.output) if args.output else None
            if output is not None:
                if output.exists() and not output.is_dir():
                    raise _Fail(f"-o {args.output!r} is a file, but the input is a directory")
                if same_file(path, output):
                    raise _Fail(
                        f"refusing to write over the input directory {args.path!r}; use --in-place"
                    )
            try:
                jobs = _collect_tree(path, output)
            except OSError as error:
                raise _Fail(f"cannot read {error.filename!r}: {error.strerror}") from None
            if args.in_place:
                for job in jobs:
                    job.target = job.source
        else:
            target = None
            if args.in_place:
                target = path
            elif args.output:
                target = Path(args.output)
                if target.is_dir():
                    target = target / path.name
            jobs = [_Job(source=path, display=args.path, target=target)]

    # ---- never clobber an input without --in-place
    if not args.in_place:
        inputs = set()
        for job in jobs:
            if job.source is not None:
                info = job.source.stat()
                inputs.add((info.st_dev, info.st_ino))
        for job in jobs:
            if job.target is None:
                continue
            try:
                info = job.target.stat()
            except OSError:
                continue
            if (info.st_dev, info.st_ino) in inputs:
                raise _Fail(
                    f"refusing to overwrite the input {str(job.target)!r} (-o names it); "
                    "use --in-place to overwrite the input"
                )

    # ---- transpile everything in memory; if anything fails, write nothing
    failed = False
    for job in jobs:
        if job.copy_only:
            continue
        try:
            if job.source is not None:
                job.text, job.encoding = read_source(job.source)
            result = transpile_text(job.text, args.to, from_, filename=job.display)
        except TranspileSyntaxError as error:
            print(str(error), file=sys.stderr)
            failed = True
            continue
        except OSError as error:
            _error(f"cannot read {job.display!r}: {error.strerror or error}")
            failed = True
            continue
        except TranspileError as error:
            _error(str(error))
            failed = True
            continue
        job.code, job.changed = result.code, result.changed
        if not args.quiet:
            for diagnostic in result.diagnostics:
                print(str(diagnostic), file=sys.stderr)
    if failed:
        if tree or args.output or args.in_place:
            print(f"{PROG}: nothing was written", file=sys.stderr)
        return 2

    python_jobs = [job for job in jobs if not job.copy_only]

    if args.run:
        return _run(python_jobs[0], script_args, args.to)

    if args.check or args.diff:
        changed = [job for job in python_jobs if job.changed]
        if args.diff:
            for job in changed:
                sys.stdout.write(_diff(job))
        if args.check:
            for job in changed:
                print(f"would transpile {job.display}", file=sys.stderr)
            return 1 if changed else 0
        return 0

    # ---- write (or print)
    if len(jobs) == 1 and jobs[0].target is None and not tree:
        sys.stdout.write(jobs[0].code)
        sys.stdout.flush()
        return 0
    try:
        for job in jobs:
            assert job.target is not None
            if job.copy_only:
                if args.in_place:
                    continue
                write_atomic(job.target, Path(job.source).read_bytes(), mode_from=job.source)
                shutil.copystat(job.source, job.target)
            elif args.in_place and not job.changed:
                continue
            else:
                write_atomic(job.target, job.code.encode(job.encoding), mode_from=job.source)
    except OSError as error:
        raise _Fail(f"cannot write {error.filename!r}: {error.strerror or error}") from None
    return 0


if __name__ == "__main__":
    sys.exit(main())
