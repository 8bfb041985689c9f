"""``hexforge cards``: the cards of the installed packs as a table, in one language.

Reads the same compiled packs ``hexforge validate`` builds (so it lists exactly what a
game would load) and filters them by game and kind. A name without a translation in the
chosen language is shown in English with the language code of the fallback, so a missing
translation is visible rather than silently papered over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import click
from rich.table import Table

from hexforge.core.cli.state import LANGUAGES, get_state
from hexforge.core.packs.models import Card, Localised, Provenance
from hexforge.core.packs.validate import compile_packs
from hexforge.core.report import printable, safe_text
from hexforge.plugins.catalogue import catalogue_from_host

HEADERS: dict[str, tuple[str, str, str, str, str]] = {
    "en": ("id", "kind", "name", "cost", "provenance"),
    "pl": ("id", "rodzaj", "nazwa", "koszt", "pochodzenie"),
    "de": ("ID", "Art", "Name", "Kosten", "Herkunft"),
    "fr": ("id", "type", "nom", "coût", "provenance"),
}
"""Column headings per language (the table's words; card names come from the cards)."""

PROVENANCE: dict[Provenance, dict[str, str]] = {
    Provenance.RULEBOOK: {
        "en": "rulebook",
        "pl": "podręcznik",
        "de": "Regelbuch",
        "fr": "livret de règles",
    },
    Provenance.COMMUNITY: {
        "en": "community",
        "pl": "społeczność",
        "de": "Community",
        "fr": "communauté",
    },
    Provenance.INVENTED: {"en": "invented", "pl": "wymyślone", "de": "erfunden", "fr": "inventé"},
}
"""Where a card's numbers come from (docs/content.md), in the table's language."""

PART_TAGS = tuple(f"-{p.value}" for p in Provenance)
"""Tag endings that say a part of a card comes from elsewhere (``skills-invented``)."""


def provenance_cell(card: Card, language: str) -> str:
    """The card's provenance in ``language`` and, in brackets, the tags naming a part from
    elsewhere: a character's numbers are community data, but its skills are ours, and the
    table must not hide that (docs/motu-content.md, "Provenance policy")."""
    parts = [tag for tag in card.tags if tag.endswith(PART_TAGS)]
    word = PROVENANCE[card.provenance][language]
    return f"{word} ({', '.join(parts)})" if parts else word


@dataclass(frozen=True, slots=True)
class CardRow:
    """One line of the table: a card's id, kind, name in the language, cost, provenance."""

    id: str
    kind: str
    name: str
    cost: str
    provenance: str


def localised(text: Localised, language: str) -> str:
    """``text`` in ``language``, or its English marked ``(en)`` when not translated."""
    translated: str | None = getattr(text, language, None)
    return translated if translated is not None else f"{text.en} (en)"


def card_rows(
    cards: Sequence[Card],
    language: str,
    kind: str | None = None,
    kind_name: Callable[[Card], str] = lambda card: card.kind,
) -> list[CardRow]:
    """The table's rows for ``cards`` (only those of ``kind``, a kind id, when given), by
    kind then id; ``kind_name`` words a card's kind in ``language`` (its game's names)."""
    rows = []
    for card in sorted(cards, key=lambda c: (c.kind, c.id)):
        if kind is not None and card.kind != kind:
            continue
        cost = getattr(card, "cost", None)
        rows.append(
            CardRow(
                card.id,
                kind_name(card),
                localised(card.name, language),
                "" if cost is None else str(cost),
                provenance_cell(card, language),
            )
        )
    return rows


@click.command("cards")
@click.option("--game", help="Only the cards of this game's packs (e.g. motu).")
@click.option("--kind", help="Only cards of this kind (e.g. character, weapon).")
@click.option(
    "--lang",
    "language",
    type=click.Choice(LANGUAGES),
    help="Language of names and headings (default: the global --lang).",
)
def cards_command(game: str | None, kind: str | None, language: str | None) -> None:
    """List the cards of the installed packs as a table, in one language."""
    state = get_state()
    language = language or state.lang
    catalogue = catalogue_from_host(state.plugins)
    packs = compile_packs(list(catalogue.installed_packs), catalogue)
    words: dict[str, str] = {}  # card id -> its kind in the language, from its game
    cards = []
    for pack in packs:
        if pack.manifest is None or (game is not None and pack.manifest.game != game):
            continue
        content = catalogue.game(pack.manifest.game)
        for entry in pack.cards():
            cards.append(entry.card)
            kind_word = entry.card.kind
            if content is not None:
                kind_word = content.kind_name(kind_word, language)
            words[entry.card.id] = kind_word
    rows = card_rows(cards, language, kind, lambda card: words[card.id])
    if not rows:
        raise click.UsageError(
            f"no cards{f' of kind {kind!r}' if kind else ''}"
            f"{f' in game {game!r}' if game else ''}: see 'hexforge plugins' for the packs"
        )
    table = Table(title=safe_text(f"hexforge cards ({len(rows)})"))
    for heading in HEADERS[language]:
        table.add_column(safe_text(heading))
    for row in rows:  # cells are Text: a name is shown as written, never read as markup
        cells = (row.id, row.kind, row.name, row.cost, row.provenance)
        table.add_row(*(safe_text(printable(cell, one_line=True)) for cell in cells))
    state.out.print(table)
