"""The motu parts of the human at the terminal (``hexforge play --p1 human``, docs/play.md):
the board summary before each choice (characters with their hex, wounds, mana and tokens,
the acting character's AP, the objectives, the VP) and the options as a player reads them
(names in the account's language, a card's printed text).

Options stay what the engine takes (``card motu/rally mana``, ``O7``); a label only
explains them, and the human may type either (:func:`hexforge.core.agents.human.matching`).
"""

from __future__ import annotations

from hexforge.core.agents.human import HumanAgent, terminal_human
from hexforge.core.engine import Engine, Json
from hexforge.core.hexgrid.board import format_coord as coord
from hexforge.core.play import per_player
from hexforge.plugins.motu.battlefield.render import render_text
from hexforge.plugins.motu.board import board_map, occupancy, on_board
from hexforge.plugins.motu.narration import Narrator
from hexforge.plugins.motu.narration_terms import sentence
from hexforge.plugins.motu.state import MotuState, UnitState
from hexforge.plugins.motu.terms import term

_BONUS_WORDS = {
    "ability": {"en": "ability", "pl": "zdolność", "de": "Fähigkeit", "fr": "capacité"},
    "mission": {
        "en": "side mission",
        "pl": "zadanie poboczne",
        "de": "Nebenmission",
        "fr": "mission annexe",
    },
    "mana": {"en": "mana", "pl": "mana", "de": "Mana", "fr": "mana"},
    "ap": {"en": "AP", "pl": "PA", "de": "AP", "fr": "PA"},
}
"""A card's bonuses (rulebook §Gain Bonuses) in each language."""


def bonus_word(bonus: str, lang: str) -> str:
    words = _BONUS_WORDS.get(bonus)
    return words.get(lang, words["en"]) if words is not None else bonus


def acting_ap(engine: Engine) -> tuple[str, int] | None:
    """The character acting now (activation or interruption) and its AP left."""
    for frame in reversed(engine.state.stack):
        if frame.kind in ("activation", "interruption") and frame.subject is not None:
            return frame.subject, frame.ap
    return None


def board_summary(engine: Engine, player: str, lang: str = "en") -> str:
    """What a human needs before a choice, in ``lang``: the VP, the objectives left, the
    acting character's AP, and every character's hex, wounds, mana and tokens (``*``:
    yours)."""
    game = MotuState(engine)
    names = Narrator(engine, lang)
    objectives = ", ".join(game.objectives) or sentence("board none", lang)
    lines = [sentence("board score", lang, scores=per_player(game.vp), objectives=objectives)]
    acting = acting_ap(engine)
    if acting is not None:
        ap = f"{acting[1]} {term('AP', lang)}"
        lines.append(sentence("board acting", lang, unit=names.unit(acting[0]), ap=ap))
    for unit in on_board(engine):
        owner = engine.entity(unit).owner
        character = UnitState(engine, unit)
        held = {"focus token": character.focus, "overwatch token": character.overwatch}
        tokens = [sentence(m, lang) for m, holds in held.items() if holds]
        tokens += [names.card(c) for c in (character.buff, character.debuff) if c]
        place = (
            sentence("board knocked out", lang)
            if character.knocked_out
            else sentence("board at", lang, hex=coord(character.hex))
        )
        fields = {"unit": names.unit(unit), "player": owner, "place": place}
        text = sentence("board unit", lang, wounds=character.wounds, mana=character.mana, **fields)
        lines.append(f"  {'*' if owner == player else ' '} {text} {' '.join(tokens)}".rstrip())
    return "\n".join(lines)


def human(seed: int) -> HumanAgent:
    """motu's human at the terminal: the board summary in the agent's language (``hexforge
    play`` sets it from ``--lang``), options with names and card texts, the map on ``m``."""
    agent = terminal_human(label=option_label, picture=board_picture)
    agent.summary = lambda engine, player: board_summary(engine, player, agent.lang)
    return agent


def board_picture(engine: Engine, player: str) -> str:
    """The battleground as text (``m`` at the terminal): terrain, objectives, the models
    lettered with a legend (:func:`~hexforge.plugins.motu.battlefield.render.render_text`)."""
    return render_text(board_map(engine), occupancy(engine))


def card_text(narrator: Narrator, card_id: str) -> str:
    """A card's name and printed text in the narrator's language (English when it has no
    translation), on one line."""
    card = narrator.library.cards.get(card_id)
    if card is None:
        return card_id
    text = card.text
    printed = (getattr(text, narrator.lang, None) or text.en) if text is not None else ""
    flat = " ".join(printed.split())
    return f"{narrator.card(card_id)}: {flat}" if flat else narrator.card(card_id)


def option_label(engine: Engine, option: Json, lang: str) -> str:
    """``option`` as a player reads it: card options with the card's text, attacks and
    skills with the weapon's, skill's and target's names, characters by name."""
    narrator = Narrator(engine, lang)
    text = str(option)
    words = text.split()
    if len(words) == 3 and words[0] == "card":
        bonus = bonus_word(words[2], lang)
        if words[2] in ("ability", "mission"):  # what the card does, as printed
            return f"{text} - {bonus}: {card_text(narrator, words[1])}"
        return f"{text} - {bonus}: {narrator.card(words[1])}"
    if len(words) == 3 and words[0] == "attack":
        return f"{text} - {narrator.card(words[1])} -> {narrator.unit(words[2])}"
    if len(words) == 3 and words[0] == "skill":
        target = "" if words[2] == "-" else f" -> {narrator.unit(words[2])}"
        return f"{text} - {narrator.skill(words[1])}{target}"
    if text in _BONUS_WORDS:
        return f"{text} - {bonus_word(text, lang)}"
    if text in narrator.library.cards:
        return f"{text} - {card_text(narrator, text)}"
    if text in engine.state.entities and engine.entity(text).kind == "character":
        return f"{text} - {narrator.unit(text)}"
    if text in ("masters", "evil"):
        return f"{text} - {term(text, lang)}"
    return text
