"""Game setup files: the forces, their places and the decks of a game (rulebook §First Game
Setup; the standard setup's limits: forces up to 100 points from cost data, twenty fate
cards and two glory cards of the force's faction).

``content/motu/setups/first-game.yaml`` is the first game. A setup file names a shipped
map, each force's characters (card, equipment, and optionally ``at`` / ``facing``: a
character without a place is deployed by its player in its deployment zone) and each
force's fate deck and glory cards. Every problem is reported at its line (HF761-HF763;
HF775 for a massive base leaving the deployment zone).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.hexgrid import Direction, format_coord, parse_coord
from hexforge.core.packs.model_errors import model_diagnostics
from hexforge.core.packs.yamlio import YamlDocument, load_text, read_yaml
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.battlefield import Location, footprint, named_map, shipped_maps
from hexforge.plugins.motu.cards import GAME, Character, Item, Weapon
from hexforge.plugins.motu.library import Library
from hexforge.plugins.motu.parameters import changed
from hexforge.plugins.motu.units import qualify

SIDES = ("masters", "evil")
FATE_CARDS = 20
GLORY_CARDS = 2
POINTS = 100


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ForceEntry(_Model):
    """One character of a force."""

    id: str = Field(min_length=1)
    card: str
    weapons: list[str] | None = None
    items: list[str] | None = None
    at: str | None = None
    level: int = Field(0, ge=0)
    facing: Literal["N", "NE", "SE", "S", "SW", "NW"] | None = None


class Deck(_Model):
    fate: list[str]
    glory: list[str]


class SetupFile(_Model):
    """A setup file (docs/motu.md, "Setting up a game")."""

    name: str
    provenance: Literal["rulebook", "community", "invented"]
    tags: list[str] = Field(default_factory=list)
    """Where a part comes from when it is not the ``provenance`` (``forces-rulebook``), as
    on cards (docs/motu-content.md, "Provenance policy")."""
    map: str
    points: int = Field(POINTS, ge=1)
    forces: dict[Literal["masters", "evil"], list[ForceEntry]]
    decks: dict[Literal["masters", "evil"], Deck]
    parameters: dict[str, Any] = Field(default_factory=dict)
    """Game parameters this game changes (a variant: ``{rounds: 2}``), checked as
    game.yaml's (docs/motu.md, "Game parameters")."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    """A checked setup: card ids are full ids."""

    name: str
    map: str
    forces: dict[str, tuple[ForceEntry, ...]]
    decks: dict[str, Deck]
    parameters: Mapping[str, Any] = field(default_factory=dict)
    """The game parameters it changes, those that differ from the library's only."""


def full_id(ref: str) -> str:
    """A card reference as a full id: a bare one is motu's ("he-man" is "motu/he-man")."""
    return qualify(GAME, ref)


def setup_from_document(doc: YamlDocument, lib: Library) -> GameSetup:
    """The setup written in ``doc``; HexforgeError with every problem, each at its line."""
    try:
        model = SetupFile.model_validate(doc.data)
    except ValidationError as error:
        found = model_diagnostics(error, doc, (), SetupFile)
        rest = _without_unknown(doc.data, error)  # checked in the same run, so one pass
        more = [] if rest is None else _check(doc, rest, lib)  # shows every problem
        raise HexforgeError(*found, *more) from None
    problems = _check(doc, model, lib)
    parameters: Mapping[str, Any] = {}
    try:
        parameters = changed(lib.parameters, model.parameters, doc, ("parameters",))
    except HexforgeError as error:
        problems.extend(error.diagnostics)
    if problems:
        raise HexforgeError(*problems)
    forces = {
        side: tuple(
            e.model_copy(
                update={
                    "card": full_id(e.card),
                    "weapons": None if e.weapons is None else [full_id(w) for w in e.weapons],
                    "items": None if e.items is None else [full_id(i) for i in e.items],
                }
            )
            for e in model.forces.get(side, [])  # type: ignore[call-overload]
        )
        for side in SIDES
    }
    decks: dict[str, Deck] = {
        side: Deck(fate=[full_id(c) for c in deck.fate], glory=[full_id(c) for c in deck.glory])
        for side, deck in model.decks.items()
    }
    return GameSetup(model.name, model.map, forces, decks, parameters)


def _without_unknown(data: Any, error: ValidationError) -> SetupFile | None:
    """The setup without its unknown fields, when they are all that is wrong with it: its
    cards, map and decks are then checked in the same run as the unknown fields."""
    if any(e["type"] != "extra_forbidden" for e in error.errors()):
        return None
    stripped = copy.deepcopy(data)
    for found in error.errors():
        *parents, last = found["loc"]
        holder = stripped
        for key in parents:
            holder = holder[key]
        holder.pop(last, None)
    try:
        return SetupFile.model_validate(stripped)
    except (ValidationError, KeyError, IndexError, TypeError):
        return None


def _check(doc: YamlDocument, model: SetupFile, lib: Library) -> list[Diagnostic]:
    problems: list[Diagnostic] = []

    def problem(code: str, message: str, path: tuple[str | int, ...], hint: str | None) -> None:
        problems.append(doc.diagnostic(code, message, path, hint=hint))

    def card(ref: str, kind: str, path: tuple[str | int, ...]) -> object | None:
        try:
            found = lib.card(full_id(ref), kind)
        except HexforgeError as error:
            problem(codes.BAD_SETUP, error.diagnostics[0].message, path, error.diagnostics[0].hint)
            return None
        unsourced = _not_rulebook(found.provenance, found.tags)
        if model.provenance == "rulebook" and unsourced is not None:
            problem(codes.NOT_RULEBOOK, f"{found.id} is {unsourced}", path, _RULEBOOK_HINT)
        return found

    if model.map not in shipped_maps():
        problem(codes.BAD_SETUP, f"no shipped map '{model.map}'", ("map",), None)
        return problems
    field = named_map(model.map)
    unsourced = _not_rulebook(field.spec.provenance or "invented", [])
    if model.provenance == "rulebook" and unsourced is not None:
        problem(codes.NOT_RULEBOOK, f"map {model.map} is {unsourced}", ("map",), _RULEBOOK_HINT)
    if model.provenance == "rulebook" and model.tags:
        problem(
            codes.NOT_RULEBOOK,
            "a setup with rulebook provenance has no parts from elsewhere",
            ("tags",),
            _RULEBOOK_HINT,
        )
    for side in SIDES:
        if side not in model.forces or side not in model.decks:
            problem(codes.BAD_SETUP, f"the setup has no {side} force and deck", (), None)
            continue
        total = 0
        for index, entry in enumerate(model.forces[side]):
            at = ("forces", side, index)
            found = card(entry.card, "character", (*at, "card"))
            if not isinstance(found, Character):
                continue
            if found.faction.value != side:
                problem(
                    codes.BAD_SETUP, f"{found.id} is not a {side} character", (*at, "card"), None
                )
            total += found.cost
            for what in ("weapons", "items"):
                refs = getattr(entry, what)
                listed = list(getattr(found, what)) if refs is None else refs
                for i, ref in enumerate(listed):
                    where = (*at, "card") if refs is None else (*at, what, i)
                    thing = card(ref, what.removesuffix("s"), where)
                    if isinstance(thing, Weapon | Item):
                        total += thing.cost
            if entry.at is not None:
                place = Location(parse_coord(entry.at), entry.level)
                zone = field.deployment.get(side, ())
                if place.hex not in zone or not field.standable(place):
                    problem(
                        codes.BAD_SETUP,
                        f"{entry.at} is not a free place in the {side} deployment zone",
                        (*at, "at"),
                        None,
                    )
                elif found.massive:
                    facing = Direction[entry.facing or ("S" if side == "masters" else "N")]
                    base = footprint(place.hex, facing, found.base_size)
                    outside = [
                        format_coord(h)
                        for h in base
                        if h not in zone or not field.standable(Location(h, place.level))
                    ]
                    if outside:
                        problem(
                            codes.BASE_DOES_NOT_FIT,
                            f"{found.id}'s base at {entry.at} facing {facing.name} leaves the "
                            f"{side} deployment zone at {', '.join(outside)}",
                            (*at, "at"),
                            f"its base covers {', '.join(format_coord(h) for h in base)}; "
                            "pick another hex or facing (rulebook §Massive Models)",
                        )
        if total > model.points:
            problem(
                codes.FORCE_TOO_BIG,
                f"the {side} force costs {total} points, more than {model.points}",
                ("forces", side),
                "characters and their equipment count (rulebook §Scoring)",
            )
        deck = model.decks[side]
        for kind, cards, size in (
            ("fate", deck.fate, FATE_CARDS),
            ("glory", deck.glory, GLORY_CARDS),
        ):
            path = ("decks", side, kind)
            if len(cards) != size:
                problem(
                    codes.BAD_DECK,
                    f"{side} needs {size} {kind} cards, not {len(cards)}",
                    path,
                    None,
                )
            for i, ref in enumerate(cards):
                found_card = card(ref, kind, (*path, i))
                if found_card is not None and side not in getattr(found_card, "tags", ()):
                    problem(
                        codes.BAD_DECK,
                        f"{full_id(ref)} is not a {side} card",
                        (*path, i),
                        f"its tags must include '{side}'",
                    )
    return problems


_RULEBOOK_HINT = (
    "a setup says 'provenance: rulebook' only when everything in it is printed in the "
    "rulebook; give it 'provenance: invented' and tags naming its rulebook parts"
)


def _not_rulebook(provenance: str, tags: list[str]) -> str | None:
    """Why data of this provenance and tags is not wholly the rulebook's, or None."""
    if provenance != "rulebook":
        return f"{provenance} data"
    mixed = [t for t in tags if t.endswith(("-invented", "-community"))]
    return f"partly not the rulebook's ({', '.join(mixed)})" if mixed else None


def load_setup(path: Path, lib: Library) -> GameSetup:
    """Read a setup file, its cards from ``lib`` (HexforgeError with every problem)."""
    return setup_from_document(read_yaml(path), lib)


@lru_cache(maxsize=32)
def shipped_setup(name: str, lib: Library) -> GameSetup:
    """A setup shipped in ``content/motu/setups`` (``first-game``), its cards from ``lib``."""
    from hexforge.plugins.motu import CONTENT

    folder = CONTENT / "setups"
    path = folder / f"{name}.yaml"
    if not path.exists():
        known = sorted(p.stem for p in folder.glob("*.yaml"))
        raise HexforgeError.single(
            codes.BAD_SETUP, f"no shipped setup '{name}'", hint=f"shipped: {', '.join(known)}"
        )
    result = load_text(path.read_text(encoding="utf-8"), name=f"content/motu/setups/{name}.yaml")
    if result.document is None or result.diagnostics:
        raise HexforgeError(*result.diagnostics)
    return setup_from_document(result.document, lib)
