"""Which cards and effects the scenarios exercised, for ``hexforge test --coverage``.

The engine's log already says which card each attachment, trigger and run belongs to;
it does not say which of a card's effects (a character's skills are separate effects
under keys like ``motu/he-man#battle-cry``). Rather than change the engine, the runner
swaps the game's log for a :class:`RecordingLog` that, as each entry is written, looks up
the effect key in the engine's state at that moment (the attachment still exists then).

An effect counts as exercised when one of its hooks fired or its statements ran; an
effect with neither (only modifiers or permissions, which never log when they apply)
counts once it was attached. A card counts when any log entry names it (attach, trigger,
run, or a driver's own ``engine.note(..., card=...)`` for a card put into play without an
effect).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from hexforge.core.engine import Engine, GameLog, Json


@dataclass(frozen=True, slots=True)
class Usage:
    """What one scenario used, and what its game has (so coverage needs no other input)."""

    game: str
    cards_used: frozenset[str]
    effects_used: frozenset[str]
    cards_known: frozenset[str]
    effects_known: frozenset[str]


class RecordingLog(GameLog):
    """The game's log, unchanged, that also records the effects it sees used."""

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self._engine = engine
        self.cards: set[str] = set()
        self.fired: set[str] = set()
        self.attached: set[str] = set()

    @classmethod
    def install(cls, engine: Engine) -> RecordingLog:
        """Replace ``engine.log`` (keeping its lines) and record what was written so far."""
        log = cls(engine)
        log.lines.extend(engine.log.lines)
        for entry in engine.log.entries():
            log._record(entry)
        engine.log = log
        return log

    def write(self, entry: dict[str, Json]) -> None:
        super().write(entry)
        self._record(entry)

    def _record(self, entry: Mapping[str, Json]) -> None:
        card = entry.get("card")
        if not isinstance(card, str):
            return
        self.cards.add(card)
        kind = entry.get("type")
        state, effects = self._engine.state, self._engine.ruleset.effects
        if kind == "attach":
            attachment = state.attachments.get(str(entry.get("attachment")))
            if attachment is not None:
                self.attached.add(attachment.effect)
        elif kind == "trigger":
            name, window = entry.get("name"), entry.get("window")
            self.fired.update(
                a.effect
                for a in state.attachments.values()
                if a.bearer == entry.get("bearer")
                and effects[a.effect].source.card_id == card
                and any(
                    h.event == name and h.window.value == window for h in effects[a.effect].hooks
                )
            )
        elif kind == "run":
            self.fired.update(
                key for key, e in effects.items() if e.source.card_id == card and e.run is not None
            )

    def usage(self, game: str, cards: Iterable[str]) -> Usage:
        effects = self._engine.ruleset.effects
        passive = {k for k in self.attached if not effects[k].hooks and effects[k].run is None}
        return Usage(
            game=game,
            cards_used=frozenset(self.cards),
            effects_used=frozenset(self.fired | passive),
            cards_known=frozenset(cards) | {e.source.card_id for e in effects.values()},
            effects_known=frozenset(effects),
        )


@dataclass(slots=True)
class Coverage:
    """Usage summed over many scenarios, per game."""

    used_cards: dict[str, set[str]] = field(default_factory=dict)
    used_effects: dict[str, set[str]] = field(default_factory=dict)
    known_cards: dict[str, set[str]] = field(default_factory=dict)
    known_effects: dict[str, set[str]] = field(default_factory=dict)

    def add(self, usage: Usage) -> None:
        game = usage.game
        self.used_cards.setdefault(game, set()).update(usage.cards_used)
        self.used_effects.setdefault(game, set()).update(usage.effects_used)
        self.known_cards.setdefault(game, set()).update(usage.cards_known)
        self.known_effects.setdefault(game, set()).update(usage.effects_known)

    def games(self) -> list[str]:
        return sorted(self.known_cards)

    def missing_cards(self, game: str) -> list[str]:
        return sorted(self.known_cards.get(game, set()) - self.used_cards.get(game, set()))

    def missing_effects(self, game: str) -> list[str]:
        return sorted(self.known_effects.get(game, set()) - self.used_effects.get(game, set()))

    def report(self) -> list[str]:
        """The lines ``hexforge test --coverage`` prints."""
        lines: list[str] = []
        for game in self.games():
            cards, effects = self.known_cards[game], self.known_effects[game]
            missing_cards, missing_effects = self.missing_cards(game), self.missing_effects(game)
            lines.append(
                f"coverage of {game}: {len(cards) - len(missing_cards)} of {len(cards)} cards, "
                f"{len(effects) - len(missing_effects)} of {len(effects)} effects exercised"
            )
            lines.extend(_listed("cards no scenario exercised", missing_cards))
            lines.extend(_listed("effects no scenario exercised", missing_effects))
        return lines


def _listed(title: str, names: Sequence[str]) -> list[str]:
    return [f"  {title}:", *(f"    {name}" for name in names)] if names else []
