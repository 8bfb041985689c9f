"""Warband files: the expansion's own kind of file beside its cards (hook
``hexforge_file_kinds``, docs/plugins.md). A warband names the characters that fight
together in the expansion's stories; ``hexforge validate`` checks that each one is a motu
character of the installed packs, in the pack's ``warbands/`` folder or given alone."""

from __future__ import annotations

from hexforge.core.errors import Diagnostic
from hexforge.core.packs.filekinds import FileContext, FileKind
from hexforge.core.packs.yamlio import YamlDocument

UNKNOWN_CHARACTER = "HF213"
"""hexforge's code for a reference to a card that does not exist (docs/errors.md)."""


def check_warband(document: YamlDocument, context: FileContext) -> list[Diagnostic]:
    """Each of ``members`` must be a motu character of the run's packs."""
    cards = context.cards_of("motu")
    data = document.data if isinstance(document.data, dict) else {}
    members = data.get("members")
    if not isinstance(members, list):
        return [document.diagnostic("HF202", "a warband lists its 'members'", ())]
    return [
        document.diagnostic(
            UNKNOWN_CHARACTER,
            f"no motu character '{name}'",
            ("members", index),
            hint="write a character's full id, e.g. eternia-plus/moss-man",
        )
        for index, name in enumerate(members)
        if (entry := cards.get(str(name))) is None or entry.card.kind != "character"
    ]


WARBANDS = FileKind("motu", "warband", check_warband, folders=("warbands",), keys=("members",))
