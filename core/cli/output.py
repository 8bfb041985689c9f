"""Files and folders a command writes: checked before any work starts, written with coded
errors (docs/cli.md, "Output files").

``--log``, ``render --out``, ``schema --out``, ``simulate --out`` and ``new expansion
--into`` take an :class:`OutputPath`: when the command line is read, the path is checked -
not empty, its folder exists and is writable, not a folder where a file is wanted (or a
file where a folder is), not a device such as ``/dev/full`` - and a path that cannot be
written is HF003, a usage error (exit 2), before a game is played or a page drawn. An
error while writing all the same (a full disk) is HF004 (exit 1), from :func:`writing`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from hexforge.core.codes import BAD_OUTPUT_PATH, WRITE_FAILED
from hexforge.core.errors import ExitCode, HexforgeError


def _refuse(option: str, path: str, reason: str, hint: str) -> HexforgeError:
    return HexforgeError.single(
        BAD_OUTPUT_PATH,
        f"{option}: cannot write '{path}': {reason}",
        hint=hint,
        exit_code=ExitCode.USAGE,
    )


def _writable_folder(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK)


def check_output_file(text: str, option: str) -> Path:
    """The file ``text`` names, when the command can write it; HF003 (exit 2) otherwise."""
    if not text.strip():
        raise _refuse(option, text, "the path is empty", "name the file to write")
    path = Path(text)
    try:
        found = path.stat()
    except FileNotFoundError:
        found = None
    except OSError as error:  # a parent that is a file, a loop of links, no permission
        raise _refuse(option, text, error.strerror or str(error), "check the path") from None
    if found is not None:
        if stat.S_ISDIR(found.st_mode):
            raise _refuse(option, text, "it is a folder", "name a file inside it")
        if not (stat.S_ISREG(found.st_mode) or stat.S_ISFIFO(found.st_mode)):
            raise _refuse(
                option, text, "it is a device, not a file", "name an ordinary file to write"
            )
        if not os.access(path, os.W_OK):
            raise _refuse(option, text, "no permission to write it", "choose another file")
        return path
    parent = path.parent
    if not parent.is_dir():
        reason = "its folder is a file" if parent.exists() else f"no folder '{parent}'"
        raise _refuse(option, text, reason, "create the folder first, or choose another path")
    if not _writable_folder(parent):
        raise _refuse(
            option, text, f"no permission to write in '{parent}'", "choose another folder"
        )
    return path


def check_output_folder(text: str, option: str) -> Path:
    """The folder ``text`` names, when the command can write into it, creating it and its
    missing parents; HF003 (exit 2) otherwise (a file, no permission, an empty path)."""
    if not text.strip():
        raise _refuse(option, text, "the path is empty", "name the folder to write into")
    path = Path(text)
    existing = path
    while not existing.exists() and existing != existing.parent:
        if existing.is_symlink():  # a dangling link: mkdir would fail
            raise _refuse(option, text, f"'{existing}' is a broken link", "check the path")
        existing = existing.parent
    if not existing.is_dir():
        what = "it is" if existing == path else f"'{existing}' is"
        raise _refuse(option, text, f"{what} not a folder", "name a folder")
    if not _writable_folder(existing):
        raise _refuse(option, text, f"no permission to write in '{existing}'", "choose another")
    return path


class OutputPath(click.ParamType[Path, object]):
    """A click parameter type: a file (``folder=False``) or folder the command will write,
    checked when the command line is read (see :func:`check_output_file`)."""

    name = "path"

    def __init__(self, *, folder: bool = False) -> None:
        self.folder = folder

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> Path:
        option = param.opts[0] if param is not None and param.opts else "path"
        text = os.fsdecode(value) if isinstance(value, (str, bytes, os.PathLike)) else str(value)
        if self.folder:
            return check_output_folder(text, option)
        return check_output_file(text, option)


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn an error while writing ``path`` (a full disk, a folder removed meanwhile) into
    HF004 (exit 1): hexforge itself did nothing wrong, and the report says what failed."""
    try:
        yield
    except OSError as error:
        reason = error.strerror or type(error).__name__
        where = error.filename if error.filename is not None else path
        raise HexforgeError.single(
            WRITE_FAILED,
            f"writing '{where}' failed: {reason}",
            hint="free some space or choose another place; the file may be incomplete",
        ) from None
