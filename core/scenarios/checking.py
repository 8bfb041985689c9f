"""Checking a scenario file without running it: ``hexforge validate`` and the language server.

A scenario is read as ``hexforge test`` reads it (its keys, its game's driver checking the
position's model, the steps and expectations), then the cards its ``setup:`` names are
looked up: a driver marks those fields as card references (``card_ref("character")``,
:mod:`hexforge.core.packs.models`), so an unknown card or one of the wrong kind is found
here, at its ``file:line:col`` with a "did you mean", instead of when the scenario runs.
A card named by its slug alone is the game's base pack's (``he-man`` is ``motu/he-man``).
Nothing here knows a game: the drivers and the packs of the run say everything.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from functools import partial

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs import codes
from hexforge.core.packs.fields import marked_values
from hexforge.core.packs.filekinds import ANY_GAME, FileContext, FileKind
from hexforge.core.packs.models import Ref
from hexforge.core.packs.yamlio import YamlDocument
from hexforge.core.scenarios.driver import ScenarioDriver
from hexforge.core.scenarios.loader import SUFFIX, scenario_from_document
from hexforge.core.scenarios.model import Scenario

CardKinds = Mapping[str, str | None]
"""Card id -> its kind (None: a card known by id only, from a driver's ``cards()``)."""


def scenario_kind(drivers: Callable[[], Mapping[str, ScenarioDriver]]) -> FileKind:
    """The kind of ``*.scenario.yaml`` files, checked with the scenario drivers
    ``drivers()`` gives (any game): asked for when the first scenario is checked, so a run
    with no scenario never builds them."""
    return FileKind(ANY_GAME, "scenario", partial(_check_with, drivers), suffix=SUFFIX)


def _check_with(
    drivers: Callable[[], Mapping[str, ScenarioDriver]],
    document: YamlDocument,
    context: FileContext,
) -> list[Diagnostic]:
    return check_scenario(drivers(), document, context)


def check_scenario(
    drivers: Mapping[str, ScenarioDriver], document: YamlDocument, context: FileContext
) -> list[Diagnostic]:
    """Every problem of the scenario in ``document``: what loading it finds, then the
    cards its setup names, against the packs of ``context`` (and the scenario's own
    ``packs:``, which its driver plays)."""
    return read_scenario(drivers, document, context)[1]


def read_scenario(
    drivers: Mapping[str, ScenarioDriver], document: YamlDocument, context: FileContext
) -> tuple[Scenario | None, list[Diagnostic]]:
    """:func:`check_scenario`, with the scenario read (None when it cannot be)."""
    try:
        scenario = scenario_from_document(document, drivers)
    except HexforgeError as error:
        return None, list(error.diagnostics)
    known: dict[str, str | None] = {
        card_id: entry.card.kind for card_id, entry in context.cards_of(scenario.game).items()
    }
    if isinstance(document.data, dict) and "packs" in document.data:
        for card_id in _driver_cards(scenario.driver):
            known.setdefault(card_id, None)
    if not known:  # a game with no packs in the run keeps its cards elsewhere: not judged
        return scenario, []
    return scenario, card_problems(scenario, known)


def _driver_cards(driver: ScenarioDriver) -> Sequence[str]:
    try:
        return driver.cards()
    except HexforgeError:
        return ()


def card_problems(scenario: Scenario, cards: CardKinds) -> list[Diagnostic]:
    """HF213 for each card the scenario's setup names that no pack of its game has, HF214
    for one of a kind the field does not take; each at the name, with a did-you-mean."""
    problems: list[Diagnostic] = []
    source = scenario.setup_source
    for marked in marked_values(scenario.setup):
        marker = marked.marker
        if not isinstance(marker, Ref):
            continue
        card_id = marked.text if "/" in marked.text else f"{scenario.game}/{marked.text}"
        where = "setup" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in marked.path)
        if card_id not in cards:
            fitting = [c for c, kind in cards.items() if not marker.kinds or kind in marker.kinds]
            problems.append(
                source.diagnostic(
                    codes.UNKNOWN_REFERENCE,
                    f"'{where}' names card '{card_id}', which no {scenario.game} pack has",
                    marked.path,
                    hint=_hint(card_id, fitting or list(cards), marker.kinds),
                )
            )
            continue
        kind = cards[card_id]
        if marker.kinds and kind is not None and kind not in marker.kinds:
            fitting = [c for c, k in cards.items() if k in marker.kinds]
            wanted = " or ".join(marker.kinds)
            problems.append(
                source.diagnostic(
                    codes.WRONG_KIND_REFERENCE,
                    f"'{where}' names '{card_id}', a {kind}, where a {wanted} is needed",
                    marked.path,
                    hint=_hint(card_id, fitting, marker.kinds),
                )
            )
    return problems


def _hint(card_id: str, known: Sequence[str], kinds: Sequence[str]) -> str:
    close = _closest(card_id, known)
    if close is not None:
        return f"did you mean '{close}'?"
    what = " or ".join(kinds) or "card"
    return f"no {what} is named like it; 'hexforge cards' lists them"


def _closest(card_id: str, known: Sequence[str]) -> str | None:
    """The nearest id; compared by slug too, so a misspelt slug finds its card."""
    close = difflib.get_close_matches(card_id, list(known), n=1, cutoff=0.6)
    if close:
        return close[0]
    slug = card_id.rpartition("/")[2]
    slugs: dict[str, str] = {}
    for other in known:
        slugs.setdefault(other.rpartition("/")[2], other)
    found = difflib.get_close_matches(slug, list(slugs), n=1, cutoff=0.6)
    return slugs[found[0]] if found else None
