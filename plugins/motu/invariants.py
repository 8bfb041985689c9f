"""What every motu position keeps (hook ``hexforge_invariants``; ``hexforge simulate
--check`` and tests/motu/test_random_games.py check them while games run)."""

from __future__ import annotations

import json
import weakref
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from hexforge.core.engine import Engine, Json
from hexforge.core.simulate.invariants import Invariant, Moment
from hexforge.plugins.motu.board import board_map, locations_of, on_board
from hexforge.plugins.motu.library import library_of
from hexforge.plugins.motu.parameters import parameters_of
from hexforge.plugins.motu.state import (
    SLOTS,
    PlayerState,
    UnitState,
    as_int,
    base_of,
    is_knocked_out,
)
from hexforge.plugins.motu.units import points


def mana_in_range(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Mana: every character's mana is between 0 and 5 (``mana_cap``)."""
    cap = parameters_of(engine).mana_cap
    for unit in on_board(engine):
        mana = UnitState(engine, unit).mana
        if not 0 <= mana <= cap:
            yield f"{unit} has {mana} mana"


def one_buff_one_debuff(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Buffs and debuffs: one buff and one debuff at most, and the attached
    effects are those of the card the character holds."""
    for unit in on_board(engine):
        holder = UnitState(engine, unit)
        for slot in SLOTS:
            attached = {
                a.effect.split("#")[0]
                for a in engine.attachments(unit)
                if _kind(engine, a.effect.split("#")[0]) == slot
            }
            held = holder.token(slot)
            if len(attached) > 1:
                yield f"{unit} has {len(attached)} {slot}s attached: {sorted(attached)}"
            elif not attached <= {held}:
                yield f"{unit} holds {slot} {held} but has {sorted(attached)} attached"


def knocked_out_leave(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Health and wounds: a knocked-out character leaves the battlefield (checked when
    no event's reactions and no attack are under way)."""
    if moment is Moment.EVENT or engine.innermost("attack") is not None:
        return
    for unit in on_board(engine):
        if is_knocked_out(engine, unit):
            yield f"{unit} is knocked out but still on the board"


def one_model_per_place(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Movement, §Massive Models: no two models on one place, counting every
    hex of a massive base."""
    places = Counter(place for unit in on_board(engine) for place in locations_of(engine, unit))
    for place, count in places.items():
        if count > 1:
            yield f"{count} models on {place}"


def bases_fit(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Massive Models - Movement: a massive base stands wholly on the battlefield."""
    field = board_map(engine)
    for unit in on_board(engine):
        if base_of(engine, unit) > 1:
            for place in locations_of(engine, unit):
                if not field.standable(place):
                    yield f"{unit}'s base is on {place}, where no model can stand"


def fate_hand_limit(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Preparation phase: a player holds at most five fate cards."""
    hand = parameters_of(engine).hand
    for player in engine.players:
        held = len(PlayerState(engine, player).fate)
        if held > hand:
            yield f"{player} holds {held} fate cards"


def ap_not_negative(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Perform actions: an activation never spends more action points than it has."""
    for frame in engine.state.stack:
        if frame.ap < 0:
            yield f"{frame.kind} has {frame.ap} AP"


@dataclass
class _Ledger:
    """What the log has said so far about one game's VP (read incrementally)."""

    read: int = 0
    gained: Counter[str] = field(default_factory=Counter)
    claimed: Counter[str] = field(default_factory=Counter)
    scored: set[tuple[str, str]] = field(default_factory=set)


_SEEN: weakref.WeakKeyDictionary[Engine, _Ledger] = weakref.WeakKeyDictionary()


def vp_as_logged(engine: Engine, moment: Moment) -> Iterator[str]:
    """rulebook §Scoring: every VP in the state is a ``vp`` note of the log, and every note
    is justified by the log: a knock-out of an enemy character (its cost and equipment's,
    once), the objective tokens the player claimed (20 VP each, at the end) or a side mission
    of a glory card (its VP, once). The log is read incrementally: only the lines written
    since the last check."""
    ledger = _SEEN.setdefault(engine, _Ledger())
    lines = engine.log.lines
    for line in lines[ledger.read :]:
        if '"type":"vp"' in line or '"type":"objective"' in line:
            entry = json.loads(line)
            if entry["type"] == "objective":
                ledger.claimed[str(entry["player"])] += 1
            else:
                yield from _unjustified(engine, ledger, entry)
    ledger.read = len(lines)
    for player in engine.players:
        held = PlayerState(engine, player).vp
        if held != ledger.gained[player]:
            yield f"{player} has {held} VP but the log gave {ledger.gained[player]}"


def _unjustified(engine: Engine, ledger: _Ledger, entry: dict[str, Json]) -> Iterator[str]:
    """Why the ``vp`` note ``entry`` is not what the rules give, if it is not."""
    player, gained, reason = str(entry["player"]), as_int(entry["gained"]), str(entry["reason"])
    ledger.gained[player] += gained
    if (player, reason) in ledger.scored:
        yield f"{player} scored {reason!r} twice"
    ledger.scored.add((player, reason))
    if reason.endswith(" knocked out"):
        unit = reason.removesuffix(" knocked out")
        due = points(engine, unit)
        if engine.entity(unit).owner == player or not is_knocked_out(engine, unit):
            yield f"{player} scored {reason!r} for a character of theirs or still standing"
    elif reason.endswith(("objective token", "objective tokens")):
        due = parameters_of(engine).objective_vp * ledger.claimed[player]
        if reason.split()[0] != str(ledger.claimed[player]):
            yield f"{player} scored {reason!r} but claimed {ledger.claimed[player]}"
    else:
        card = library_of(engine).cards.get(reason)
        due = getattr(card, "vp", 0) if card is not None and card.kind == "glory" else 0
    if gained != due:
        yield f"{player} scored {gained} VP for {reason!r}, the rules give {due}"


def _kind(engine: Engine, card_id: str) -> str | None:
    card = library_of(engine).cards.get(card_id)
    return None if card is None else card.kind


TITLES: dict[str, dict[str, str]] = {
    "mana in range": {
        "pl": "mana w granicach",
        "de": "Mana im Rahmen",
        "fr": "mana dans les limites",
    },
    "one buff one debuff": {
        "pl": "jedno wzmocnienie i jedno osłabienie",
        "de": "eine Stärkung und eine Schwächung",
        "fr": "un renforcement et un affaiblissement",
    },
    "knocked out leave": {
        "pl": "znokautowani schodzą z pola bitwy",
        "de": "Ausgeschaltete verlassen das Schlachtfeld",
        "fr": "les assommés quittent le champ de bataille",
    },
    "one model per place": {
        "pl": "jeden model na miejsce",
        "de": "ein Modell pro Platz",
        "fr": "une figurine par emplacement",
    },
    "bases fit": {
        "pl": "podstawki się mieszczą",
        "de": "Bases passen",
        "fr": "les socles tiennent",
    },
    "fate hand limit": {
        "pl": "limit kart losu w ręce",
        "de": "Handlimit der Schicksalskarten",
        "fr": "limite de cartes destin en main",
    },
    "ap not negative": {
        "pl": "PA nigdy poniżej zera",
        "de": "AP nie negativ",
        "fr": "PA jamais négatifs",
    },
    "vp as logged": {
        "pl": "PZ zgodne z dziennikiem",
        "de": "SP wie protokolliert",
        "fr": "PV conformes au journal",
    },
}
"""Each invariant's name in pl/de/fr (the game's own terms: plugins/motu/terms.py)."""

INVARIANTS = tuple(
    Invariant("motu", name := check.__name__.replace("_", " "), check, TITLES[name])
    for check in (
        mana_in_range,
        one_buff_one_debuff,
        knocked_out_leave,
        one_model_per_place,
        bases_fit,
        fate_hand_limit,
        ap_not_negative,
        vp_as_logged,
    )
)
"""motu's invariants, named after their functions (``mana in range``, ...)."""
