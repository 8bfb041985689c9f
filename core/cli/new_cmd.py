"""``hexforge new expansion NAME``: a ready-to-install expansion package (docs/expansions.md).

The templates are package data under ``hexforge.core.scaffold``; every ``{{key}}`` in a
template and ``PACKAGE`` in a path is filled in, and ``.tmpl`` is dropped. What comes out
installs with pip and passes its own tests unchanged - a test generates one, installs it
into a fresh virtual environment and runs them (tests/plugins/test_scaffold_install.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.metadata import version
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from hexforge.core.cli.output import OutputPath, check_output_folder, writing
from hexforge.core.cli.state import get_state
from hexforge.core.errors import HexforgeError
from hexforge.core.report import say
from hexforge.plugins.plugin_codes import BAD_EXPANSION_NAME, SCAFFOLD_TARGET_EXISTS

NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
RENAMED = {
    "gitignore": ".gitignore",
    "pre-commit-config.yaml": ".pre-commit-config.yaml",
    "github": ".github",
}
"""Dot-files are stored without the dot (package data tools skip hidden files)."""
GAMES = ("motu",)
"""Games with an expansion template (the template's verb acts on that game's state)."""


@dataclass(frozen=True, slots=True)
class Expansion:
    """The names one expansion is generated with."""

    name: str  # pack id, entry-point name
    game: str

    @property
    def package(self) -> str:
        return "hexforge_" + self.name.replace("-", "_")

    @property
    def dist(self) -> str:
        return "hexforge-" + self.name

    @property
    def title(self) -> str:
        return " ".join(word.capitalize() for word in self.name.split("-"))

    def values(self) -> Mapping[str, str]:
        return {
            "name": self.name,
            "game": self.game,
            "package": self.package,
            "dist": self.dist,
            "title": self.title,
            "hexforge_version": version("hexforge"),
        }


def check_name(name: str) -> None:
    """HF610 unless ``name`` can be a pack id, a distribution and an entry-point name."""
    if not NAME.fullmatch(name):
        raise HexforgeError.single(
            BAD_EXPANSION_NAME,
            f"'{name}' cannot name an expansion",
            hint="use lower-case letters, digits and single dashes, starting with a letter "
            "(e.g. 'eternia-plus')",
        )
    if name in GAMES or name == "hexforge":
        raise HexforgeError.single(
            BAD_EXPANSION_NAME,
            f"'{name}' is the name of an installed game",
            hint="an expansion needs its own name; its pack ids start with it",
        )


def scaffold(expansion: Expansion, target: Path) -> list[Path]:
    """Write the expansion package into ``target`` (new or empty); the files written."""
    check_name(expansion.name)
    if target.exists() and any(target.iterdir()):
        raise HexforgeError.single(
            SCAFFOLD_TARGET_EXISTS,
            f"{target} already exists and is not empty",
            hint="choose another folder with --into, or remove this one",
        )
    values = expansion.values()
    written: list[Path] = []
    template_root = files("hexforge.core.scaffold") / "expansion"
    for relative, template in _templates(template_root, ()):
        parts = [RENAMED.get(p, p).replace("PACKAGE", expansion.package) for p in relative]
        path = target.joinpath(*parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_fill(template.read_text(encoding="utf-8"), values), encoding="utf-8")
        written.append(path)
    return sorted(written)


def _templates(
    folder: Traversable, at: tuple[str, ...]
) -> list[tuple[tuple[str, ...], Traversable]]:
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            found.extend(_templates(entry, (*at, entry.name)))
        elif entry.name.endswith(".tmpl"):
            found.append(((*at, entry.name.removesuffix(".tmpl")), entry))
    return found


def _fill(text: str, values: Mapping[str, str]) -> str:
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


@click.group("new")
def new_command() -> None:
    """Create a new project from a template."""


@new_command.command("expansion")
@click.argument("name")
@click.option(
    "--game",
    type=click.Choice(GAMES),
    default="motu",
    show_default=True,
    help="The game the expansion adds to.",
)
@click.option(
    "--into",
    type=OutputPath(folder=True),
    default=None,
    help="Folder to create (default: ./hexforge-NAME).",
)
def new_expansion(name: str, game: str, into: Path | None) -> None:
    """Scaffold an installable expansion package NAME: pyproject with the entry point, a
    pack with one character using a new effect verb, tests, README, pre-commit config."""
    out = get_state().out
    expansion = Expansion(name, game)
    check_name(name)
    target = into if into is not None else check_output_folder(expansion.dist, "--into")
    with writing(target):
        written = scaffold(expansion, target)
    for path in written:
        say(out, f"created {path}", soft_wrap=True)
    say(
        out,
        f"next: pip install -e '{target}[test]' && (cd {target} && pytest) "
        "- then 'hexforge plugins' lists it",
        soft_wrap=True,
    )
