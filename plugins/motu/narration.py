"""A motu game told as sentences: the account ``hexforge play`` prints and the human at the
terminal reads, in en, pl, de or fr, from the game's log (docs/play.md, "The account").

Every line comes from log entries that are complete when it is written, so the account of
a game still being played is the beginning of the account of the whole game (the human
agent prints only the lines it has not shown yet). Names - characters, cards, skills,
tokens - are the cards' names in the language; the sentences are
:mod:`~hexforge.plugins.motu.narration_terms`'. Each line carries a rich style (colour on a
terminal, nothing elsewhere).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from hexforge.core.engine import Engine, Json
from hexforge.plugins.motu.actions import actions_of
from hexforge.plugins.motu.library import Library, library_of
from hexforge.plugins.motu.narration_terms import SENTENCES, counted, sentence
from hexforge.plugins.motu.rounds import PLAYERS
from hexforge.plugins.motu.terms import TERMS, count, term

Line = tuple[str, str]
"""A line of the account and its rich style (``""`` for none)."""

STYLES: Mapping[str, str] = {
    "round": "bold",
    "activate": "bold cyan",
    "attack": "yellow",
    "wounded": "red",
    "knocked_out": "bold red",
    "healed": "green",
    "vp": "green",
    "objective": "green",
    "test roll": "dim",
    "mana reroll": "dim",
    "free reroll": "dim",
    "explode": "dim",
    "token gained": "magenta",
    "token removed": "magenta",
    "mark placed": "magenta",
    "skill": "cyan",
    "skill on": "cyan",
    "item": "cyan",
    "winner": "bold",
    "draw": "bold",
}
"""The style of a sentence key (the others are plain)."""

_OBJECTIVES = re.compile(r"(\d+) objective tokens?")
_SCORE = re.compile(r"(points victory|draw on points) (\d+-\d+)")


@dataclass
class _Test:
    tester: str
    stat: str
    scope: int = 4


@dataclass
class Narrator:
    """Turns an engine's log entries into lines in ``lang``."""

    engine: Engine
    lang: str = "en"
    lines: list[Line] = field(default_factory=list)
    _test: _Test | None = None
    _attack_effect: bool = True
    _reroll_mana: int = 0
    _defender: str | None = None

    @property
    def library(self) -> Library:
        return library_of(self.engine)

    # names -------------------------------------------------------------------------------

    def card(self, card_id: object) -> str:
        """A card's name in the language (its id when no card has it)."""
        found = self.library.cards.get(str(card_id))
        if found is None:
            return str(card_id)
        return getattr(found.name, self.lang, None) or found.name.en

    def action(self, action_id: object) -> str:
        """An action by name: an action card's, or the names a plugin gave the action it
        registered (an ``action_taken`` event names either ``pack/verb``); else the id."""
        text = str(action_id)
        if text in self.library.cards:
            return self.card(text)
        action = actions_of(self.engine).by_verb.get(text.rpartition("/")[2])
        names = {} if action is None else action.names
        return names.get(self.lang) or names.get("en") or text

    def unit(self, unit: object) -> str:
        """A character (or mark) by its card's name."""
        entity = self.engine.state.entities.get(str(unit))
        card = entity.props.get("card") if entity is not None else None
        return self.card(card) if isinstance(card, str) else str(unit)

    def player(self, player: object) -> str:
        return term(str(player), self.lang) if player in ("masters", "evil") else str(player)

    def skill(self, skill_id: object) -> str:
        card_id, _, slug = str(skill_id).partition("#")
        found = self.library.cards.get(card_id)
        for skill in getattr(found, "skills", ()):
            if skill.id == slug:
                return getattr(skill.name, self.lang, None) or str(skill.name.en)
        return str(skill_id)

    def word(self, key: str) -> str:
        """A stat, weapon type, token slot or attack situation in the language (a word
        neither table knows, a plugin's, as written)."""
        if key in SENTENCES:
            return sentence(key, self.lang)
        return term(key, self.lang) if key in TERMS else key

    def _say(self, key: str, **fields: object) -> None:
        self.lines.append((sentence(key, self.lang, **fields), STYLES.get(key, "")))

    def _count(self, key: str, n: object) -> str:
        return counted(key, int(str(n)), self.lang)

    # entries -----------------------------------------------------------------------------

    def read(self, entries: Iterable[Mapping[str, Json]]) -> list[Line]:
        """The lines of ``entries`` (appended to :attr:`lines`, which is returned)."""
        for entry in entries:
            kind = str(entry["type"])
            if kind == "event":
                payload = entry.get("payload")
                if isinstance(payload, dict):
                    self._event(str(entry["name"]), payload)
            elif kind == "roll":
                self._roll(entry)
            elif kind == "decision":
                if entry["kind"] == "mana_reroll" and entry.get("answer") != "done":
                    self._reroll_mana += 1
            else:
                handler = _NOTES.get(kind)
                if handler is not None:
                    handler(self, entry)
        return self.lines

    def _note_round(self, e: Mapping[str, Json]) -> None:
        self._say("round", round=e["round"])

    def _note_first(self, e: Mapping[str, Json]) -> None:
        self._say("first_player", player=self.player(e["player"]))

    def _note_reveal(self, e: Mapping[str, Json]) -> None:
        cards = e["cards"]
        assert isinstance(cards, dict)
        shown = ", ".join(
            sentence("revealed", self.lang, player=self.player(p), card=self.card(c))
            for p, c in cards.items()
        )
        self._say("reveal", cards=shown)

    def _note_activate(self, e: Mapping[str, Json]) -> None:
        self._say(
            "activate",
            player=self.player(e["player"]),
            unit=self.unit(e["unit"]),
            card=self.card(e["card"]),
        )

    def _note_bonus(self, e: Mapping[str, Json]) -> None:
        key = f"bonus {e['bonus']}"
        self._say(
            key if key in _BONUSES else "bonus ability",
            unit=self.unit(e["unit"]),
            card=self.card(e["card"]),
        )

    def _note_unit(self, e: Mapping[str, Json]) -> None:
        self._say(str(e["type"]), unit=self.unit(e["unit"]))

    def _note_moved(self, e: Mapping[str, Json]) -> None:
        self._say("moved", unit=self.unit(e["unit"]), to=e["to"])

    def _note_pushed(self, e: Mapping[str, Json]) -> None:
        self._say(str(e["type"]), unit=self.unit(e["unit"]), by=self.unit(e["by"]), to=e["to"])

    def _note_interrupt(self, e: Mapping[str, Json]) -> None:
        key = "opportunity" if e.get("opportunity") else "interrupt"
        self._say(key, unit=self.unit(e["unit"]), interrupted=self.unit(e["interrupted"]))

    def _note_attack(self, e: Mapping[str, Json]) -> None:
        weapon = self.library.cards.get(str(e["weapon"]))
        kind = getattr(weapon, "type", None)
        words = [self.word(str(kind))] if kind is not None else []
        scope = e.get("scope")
        words += [self.word(str(s)) for s in scope] if isinstance(scope, list) else []
        self._attack_effect = False
        self._say(
            "attack",
            attacker=self.unit(e["attacker"]),
            target=self.unit(e["target"]),
            weapon=self.card(e["weapon"]),
            kind=", ".join(words),
        )

    def _note_test(self, e: Mapping[str, Json]) -> None:
        tester, stat = self.unit(e["tester"]), self.word(str(e["stat"]))
        final = self._count("successes", e["final"])
        if e.get("role") == "defence":
            self._say("defended", tester=tester, stat=stat, successes=final)
            return
        cancelled = min(int(str(e.get("cancelled", 0))), int(str(e["final"])))
        if cancelled:
            left = self._count("successes", e["successes"])
            self._say("cancelled", cancelled=self._count("successes", cancelled), successes=left)

    def _note_objective(self, e: Mapping[str, Json]) -> None:
        self._say(
            "objective", player=self.player(e["player"]), unit=self.unit(e["unit"]), hex=e["hex"]
        )

    def _note_vp(self, e: Mapping[str, Json]) -> None:
        reason = str(e["reason"])
        objectives = _OBJECTIVES.fullmatch(reason)
        if objectives is not None:
            reason = self._count("objective tokens", objectives[1])
        elif reason.endswith(" knocked out"):
            knocked = reason.removesuffix(" knocked out")
            reason = sentence("vp for a knock-out", self.lang, unit=self.unit(knocked))
        else:
            reason = self.card(reason)
        vp = self._count("VP", e["gained"])
        self._say("vp", player=self.player(e["player"]), vp=vp, reason=reason)

    def _note_pass(self, e: Mapping[str, Json]) -> None:
        self._say("pass", player=self.player(e["player"]))

    def outcome(self, e: Mapping[str, Json]) -> str:
        """The result entry ``e`` as one sentence: who won and why."""
        reason = str(e["reason"])
        score = _SCORE.fullmatch(reason)
        if score is not None:
            reason = sentence(score[1], self.lang, score=score[2])
        elif reason.endswith(" forfeits"):
            reason = sentence("forfeits", self.lang, player=self.player(reason.split()[0]))
        elif reason in ("knock-out victory", "both forces knocked out", "agreed draw"):
            reason = sentence(reason, self.lang)
        winner = e.get("winner")
        if winner is None:
            return sentence("draw", self.lang, reason=reason)
        return sentence("winner", self.lang, player=self.player(winner), reason=reason)

    # rolls and events --------------------------------------------------------------------

    def _roll(self, e: Mapping[str, Json]) -> None:
        reason, test = str(e.get("reason", "")), self._test
        results = e.get("results")
        shown = " ".join(str(r) for r in results) if isinstance(results, list) else ""
        if test is None:
            return
        tester = self.unit(test.tester)
        if reason == "mana reroll":
            mana = _mana(len(shown.split()), self.lang)
            self._say("mana reroll", tester=tester, mana=mana, results=shown)
            self._reroll_mana = 0
        elif reason == "free reroll":
            self._say("free reroll", tester=tester, results=shown)
        elif reason.endswith("dice explode"):
            self._say("explode", tester=tester, results=shown)
        elif reason == f"{test.tester} tests {test.stat}":
            dice = counted_dice(len(shown.split()), self.lang)
            stat = self.word(test.stat)
            self._say(
                "test roll", tester=tester, stat=stat, dice=dice, scope=test.scope, results=shown
            )

    def _event(self, name: str, p: Mapping[str, Json]) -> None:
        if name == "test_stat":
            self._test = _Test(str(p["tester"]), str(p["stat"]))
            self._reroll_mana = 0
        elif name == "test_defence":
            self._defender = str(p["defender"])
        elif name == "test_final":
            if p["tester"] == self._defender:
                self._defender = None  # the defence test's line says its successes
            else:
                successes = self._count("successes", p["successes"])
                self._say("scored", tester=self.unit(p["tester"]), successes=successes)
        elif name == "test_scope" and self._test is not None:
            self._test.scope = int(str(p["scope"]))
        elif name == "focus_spent":
            scope = int(str(p["scope"]))
            key = "focus on a test" if scope else "focus on a move"
            self._say(key, unit=self.unit(p["unit"]), n=scope)
        elif name == "mana_spent":
            if not self._reroll_mana:
                self._say(
                    "mana spent", unit=self.unit(p["unit"]), mana=_mana(p["amount"], self.lang)
                )
        elif name in ("wounded", "healed"):
            self._attack_effect = True
            self._say(
                name, target=self.unit(p["target"]), wounds=self._count("wounds", p["amount"])
            )
        elif name == "knocked_out":
            self._attack_effect = True
            self._say(name, target=self.unit(p["target"]), by=self.unit(p["by"]))
        elif name in ("token_gained", "token_removed"):
            self._attack_effect = True
            self._say(
                name.replace("_", " "),
                unit=self.unit(p["unit"]),
                token=self.card(p["token"]),
                slot=self.word(str(p["slot"])),
            )
        elif name == "mark_placed":
            self._attack_effect = True
            self._say("mark placed", by=self.unit(p["by"]), mark=self.unit(p["mark"]), hex=p["hex"])
        elif name == "skill_used":
            target = p.get("target")
            unit, skill = self.unit(p["unit"]), self.skill(p["skill"])
            if target is None:
                self._say("skill", unit=unit, skill=skill)
            else:
                self._say("skill on", unit=unit, skill=skill, target=self.unit(target))
        elif name == "item_used":
            self._say("item", unit=self.unit(p["unit"]), item=self.card(p["item"]))
        elif name == "action_taken":
            self._say("action", unit=self.unit(p["unit"]), action=self.action(p["action"]))
        elif name == "attack_tested":
            if not self._attack_effect and not int(str(p["successes"])):
                self._say("no effect")
            self._attack_effect = True


def counted_dice(n: int, lang: str) -> str:
    """``5 dice``, ``5 kości``, ``5 Würfel``, ``5 dés`` (the card words' ``dice``)."""
    return count("dice", n, lang)


def _mana(amount: object, lang: str) -> str:
    return counted("mana", int(str(amount)), lang)


_BONUSES = ("bonus mana", "bonus ability", "bonus mission", "bonus ap")
_NOTES = {
    "round": Narrator._note_round,
    "first_player": Narrator._note_first,
    "reveal": Narrator._note_reveal,
    "activate": Narrator._note_activate,
    "bonus": Narrator._note_bonus,
    "moved": Narrator._note_moved,
    "pushed": Narrator._note_pushed,
    "pulled": Narrator._note_pushed,
    "focus": Narrator._note_unit,
    "overwatch_taken": Narrator._note_unit,
    "interrupt": Narrator._note_interrupt,
    "attack": Narrator._note_attack,
    "test": Narrator._note_test,
    "objective": Narrator._note_objective,
    "vp": Narrator._note_vp,
    "pass": Narrator._note_pass,
}


def narrate(engine: Engine, lang: str = "en") -> list[Line]:
    """The account of the game ``engine`` plays (or played), in ``lang``; the result is
    :func:`outcome`'s line."""
    return Narrator(engine, lang).read(engine.log.entries())


def outcome(engine: Engine, lang: str = "en") -> str | None:
    """The game's result in ``lang`` (who won, why, the VP), or None before its end."""
    narrator = Narrator(engine, lang)
    for entry in engine.log.entries():
        if entry["type"] == "result":
            vp = entry.get("vp")
            scores = vp if isinstance(vp, dict) else {}
            shown = ", ".join(f"{narrator.player(p)} {scores[p]}" for p in PLAYERS if p in scores)
            return sentence("summary", lang, result=narrator.outcome(entry), scores=shown)
    return None
