"""Warband files: the expansion's own kind of file beside its cards (hook
``hexforge_file_kinds``, docs/plugins.md). A warband names the characters that fight
together in the expansion's stories; ``hexforge validate`` checks that each one is a motu
character of the installed packs, in the pack's ``warbands/`` folder or given alone, and
``hexforge warbands`` (:mod:`.command`) tells them with their points."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hexforge.core.errors import Diagnostic
from hexforge.core.packs.filekinds import FileContext, FileKind
from hexforge.core.packs.yamlio import YamlDocument

UNKNOWN_CHARACTER = "HF213"
"""hexforge's code for a reference to a card that does not exist (docs/errors.md)."""
MISSING_FIELD = "HF202"
"""hexforge's code for a missing or unknown field (docs/errors.md)."""


@dataclass(frozen=True, slots=True)
class Warband:
    """A warband as its file writes it: its id (the file's name), its name - one text, or
    one per language (``{en: ..., de: ...}``) - and its members' card ids."""

    id: str
    name: str | dict[str, str]
    members: tuple[str, ...]

    def title(self, lang: str) -> str:
        """The name in ``lang``, else in English, else in the first language given, else
        the id."""
        if isinstance(self.name, str):
            return self.name
        given = self.name.get(lang) or self.name.get("en")
        return given or next(iter(self.name.values()), "") or self.id


def read_warband(
    document: YamlDocument, warband_id: str, is_character: Callable[[str], bool]
) -> tuple[Warband | None, list[Diagnostic]]:
    """The warband ``document`` holds and its problems, each placed in the file: no list
    of ``members``, or an empty one (HF202), a member that ``is_character`` denies (HF213)."""
    data = document.data if isinstance(document.data, dict) else {}
    members = data.get("members")
    if not isinstance(members, list) or not members:
        message = "a warband lists its 'members', one at least"
        return None, [document.diagnostic(MISSING_FIELD, message, ("members",))]
    problems = [
        document.diagnostic(
            UNKNOWN_CHARACTER,
            f"no motu character '{name}'",
            ("members", index),
            hint="write a character's full id, e.g. eternia-plus/moss-man",
        )
        for index, name in enumerate(members)
        if not is_character(str(name))
    ]
    name = data.get("name")
    named = {str(k): str(v) for k, v in name.items()} if isinstance(name, dict) else name
    title = named if isinstance(named, dict) else str(named or warband_id)
    return Warband(warband_id, title, tuple(str(m) for m in members)), problems


def check_warband(document: YamlDocument, context: FileContext) -> list[Diagnostic]:
    """Each of ``members`` must be a motu character of the run's packs."""
    cards = context.cards_of("motu")

    def is_character(name: str) -> bool:
        entry = cards.get(name)
        return entry is not None and entry.card.kind == "character"

    return read_warband(document, "", is_character)[1]


WARBANDS = FileKind("motu", "warband", check_warband, folders=("warbands",), keys=("members",))
