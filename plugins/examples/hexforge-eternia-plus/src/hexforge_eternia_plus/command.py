"""``hexforge warbands`` (hook ``hexforge_cli_commands``): the expansion's warbands
(:mod:`.warbands`) told in sentences - who fights in each and what they cost together, the
points a player counts when building a force (rulebook §Building a Force).

The command reads the global options as every plugin command does, through
``hexforge.core.cli.state.get_state()``: the loaded plugins (for the cards, the same
``--plugins`` and ``--pack`` apply) and ``--lang``, the language of the sentences and of
the names that have one. Bad input is a coded error on stderr, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import click

from hexforge.core.cli.state import get_state
from hexforge.core.errors import Diagnostic, ExitCode, HexforgeError
from hexforge.core.packs.yamlio import read_yaml
from hexforge.core.report import say

FOLDER = Path(__file__).parent / "pack" / "warbands"
PATH_NOT_FOUND = "HF001"
"""hexforge's code for a path given on the command line that does not exist."""

SENTENCES = {
    "en": "The warband {name} ({id}) fields {members}: {total} in all.",
    "pl": "Drużyna {name} ({id}) wystawia {members}: razem {total}.",
    "de": "Die Schar {name} ({id}) stellt {members}: insgesamt {total}.",
    "fr": "La bande {name} ({id}) aligne {members} : {total} en tout.",
}
AND = {"en": "and", "pl": "i", "de": "und", "fr": "et"}
POINTS = {  # (one, many): motu counts a force's points (rulebook §Building a Force)
    "en": ("point", "points"),
    "pl": ("pkt", "pkt"),
    "de": ("Punkt", "Punkte"),
    "fr": ("point", "points"),
}


def points(n: int, lang: str) -> str:
    one, many = POINTS[lang]
    return f"{n} {one if n == 1 or (lang == 'fr' and n == 0) else many}"


def listing(items: list[str], lang: str) -> str:
    """``a, b and c`` in ``lang``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {AND[lang]} {items[-1]}"


def installed() -> dict[str, Path]:
    """The expansion's warbands by id (their files' names)."""
    return {path.stem: path for path in sorted(FOLDER.glob("*.yaml"))}


def find(argument: str) -> Path:
    """A warband by id, or a warband file by path; HF001 (a usage error) for neither."""
    known = installed()
    found = known.get(argument)
    if found is not None:
        return found
    path = Path(argument)
    if argument.strip() and path.exists():
        return path
    raise HexforgeError.single(
        PATH_NOT_FOUND,
        f"no warband '{argument}' and no such file",
        hint=f"name one of the expansion's warbands ({', '.join(known)}) or a warband file",
        exit_code=ExitCode.USAGE,
    )


@click.command("warbands")
@click.argument("warbands", nargs=-1, metavar="[WARBAND]...")
def warbands_command(warbands: tuple[str, ...]) -> None:
    """Tell the Eternia Plus warbands: their characters and their points together.

    WARBAND is a warband's id (e.g. guardians-of-the-grove) or a warband file; without
    one, every warband the expansion ships. Names follow the global --lang."""
    from hexforge.core.render import localised
    from hexforge.plugins.motu.api import Character, library_for
    from hexforge_eternia_plus.warbands import read_warband

    state = get_state()
    paths = [find(w) for w in warbands] or list(installed().values())
    cards = library_for(state.plugins).cards
    lang = state.lang

    def is_character(card_id: str) -> bool:
        return isinstance(cards.get(card_id), Character)

    problems: list[Diagnostic] = []
    for path in paths:
        warband, found = read_warband(read_yaml(path), path.stem, is_character)
        problems += found
        if warband is None or found:
            continue
        members = []
        total = 0
        for card_id in warband.members:
            card = cards[card_id]
            assert isinstance(card, Character)
            members.append(f"{localised(card.name, lang)} ({points(card.cost, lang)})")
            total += card.cost
        sentence = SENTENCES[lang].format(
            name=warband.title(lang),
            id=warband.id,
            members=listing(members, lang),
            total=points(total, lang),
        )
        say(state.out, sentence, soft_wrap=True)
    if problems:
        raise HexforgeError(*problems)
