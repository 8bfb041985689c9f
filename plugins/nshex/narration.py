"""An nshex game told as sentences (``hexforge play --game nshex``, the human at the
terminal): the game's ``nshex`` notes, every hit of a battle (from the ``hit`` events: who
hits whom, how hard, melee or ranged) and the result, in English or Polish.

The notes are written in English by the rules (``game.py``, ``battle.py``, the instants'
``account`` templates); Polish says the fixed ones in the terms of the Polish rules
(Sztab, kolejka, Bitwa, Ostatnia Bitwa, żeton, trafienie, Wytrzymałość) and keeps a
line it does not know (an expansion's instant) as written. Tile names stay the tiles' ids:
the pack names tiles in English only, and an id tells two copies apart. German and French
have no nshex terms: they get English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from hexforge.core.engine import Engine, Json

Line = tuple[str, str]
LANGUAGES = ("en", "pl")

_T = r"(\S+)"  # a tile id, player or coordinate
_POLISH: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (rf"{_T} puts the HQ on {_T}", r"\1 ustawia Sztab na polu \2"),
        (r"turn (\d+): (\S+)", r"kolejka \1: \2"),
        (rf"battle (\d+) \({_T} played {_T}\)", r"Bitwa \1 (\2 zagrywa \3)"),
        (r"battle (\d+) \(final battle\)", r"Bitwa \1 (Ostatnia Bitwa)"),
        (r"battle (\d+) \(the board is full\)", r"Bitwa \1 (plansza jest pełna)"),
        (r"battle (\d+) \((.*)\)", r"Bitwa \1 (\2)"),
        (
            rf"(\s*){_T} drew the last tile: the Final Battle is near",
            r"\1\2 dobiera ostatni żeton: zbliża się Ostatnia Bitwa",
        ),
        (rf"(\s*){_T} draws (.+)", r"\1\2 dobiera: \3"),
        (rf"(\s*){_T} discards {_T}", r"\1\2 odrzuca \3"),
        (rf"(\s*){_T} places {_T} on {_T} r(\d)", r"\1\2 kładzie \3 na polu \4 (obrót \5)"),
        (rf"(\s*){_T} shifts {_T} to {_T} r(\d)", r"\1\2 przesuwa \3 na pole \4 (obrót \5)"),
        (
            rf"(\s*){_T}'s {_T} carries {_T} in and is discarded",
            r"\1\3 (\2) wnosi \4 i zostaje odrzucony",
        ),
        (
            rf"(\s*)segment (\d+): {_T} at {_T} is destroyed",
            r"\1segment \2: \3 na polu \4 zostaje zniszczony",
        ),
        (rf"(\s*){_T}: {_T} at {_T} is destroyed", r"\1\2: \3 na polu \4 zostaje zniszczony"),
        (
            rf"(\s*){_T} plays {_T}: {_T} to {_T} r(\d)",
            r"\1\2 zagrywa \3: \4 na pole \5 (obrót \6)",
        ),
        (
            rf"(\s*){_T} plays {_T}: {_T} pushes {_T} to {_T}",
            r"\1\2 zagrywa \3: \4 odpycha \5 na pole \6",
        ),
        (
            rf"(\s*){_T} plays {_T}: {_T} places no tiles next turn",
            r"\1\2 zagrywa \3: \4 nie kładzie żetonów w następnej kolejce",
        ),
        (
            rf"(\s*){_T} plays {_T}: {_T} turned to r(\d)",
            r"\1\2 zagrywa \3: \4 obrócony (obrót \5)",
        ),
        (
            rf"(\s*){_T} plays {_T}: {_T} and {_T} swap hexes",
            r"\1\2 zagrywa \3: \4 i \5 zamieniają się polami",
        ),
        (rf"(\s*){_T} plays {_T} on {_T}", r"\1\2 zagrywa \3 na \4"),
        (rf"(\s*){_T} plays {_T}", r"\1\2 zagrywa \3"),
    )
)
"""The English notes and their Polish sentences (the first pattern that fits the line)."""

_HITS = {
    "en": "    {source} hits {target}: {amount} ({attack})",
    "pl": "    {source} trafia {target}: {amount} ({attack})",
}
_ATTACKS = {"pl": {"melee": "wręcz", "ranged": "strzał"}}
_RESULTS: Mapping[str, Callable[[str], str]] = {
    "en": lambda reason: reason,
    "pl": lambda reason: _polish_reason(reason),
}
_SUMMARY = {"en": "{winner}: {reason} (HQs {hqs})", "pl": "{winner}: {reason} (Sztaby: {hqs})"}
_DRAW = {"en": "draw", "pl": "remis"}


def language(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def translated(text: str, lang: str) -> str:
    """A note of the rules in ``lang`` (as written when no pattern fits)."""
    if language(lang) == "en":
        return text
    for pattern, replacement in _POLISH:
        if pattern.fullmatch(text):
            return pattern.sub(replacement, text)
    return text


def _polish_reason(reason: str) -> str:
    lost = re.fullmatch(r"(\S+)'s HQ destroyed", reason)
    if lost is not None:
        return f"Sztab gracza {lost[1]} zniszczony"
    return {
        "both HQs destroyed in one battle": "oba Sztaby zniszczone w jednej Bitwie",
        "final battle: more HQ toughness": "Ostatnia Bitwa: więcej Wytrzymałości Sztabu",
        "final battle: HQs equal": "Ostatnia Bitwa: Sztaby równe",
    }.get(reason, reason)


def narrate(engine: Engine, lang: str = "en") -> list[Line]:
    """The game's account in ``lang``: its notes and the hits of its battles."""
    lang = language(lang)
    lines: list[Line] = []
    for entry in engine.log.entries():
        if entry["type"] == "nshex":
            text = str(entry["text"])
            style = "bold" if text.startswith(("turn ", "battle ")) else ""
            lines.append((translated(text, lang), "red" if "destroyed" in text else style))
        elif entry["type"] == "event" and entry.get("name") == "hit":
            payload = entry.get("payload")
            if isinstance(payload, dict):
                lines.append((_hit(payload, lang), "yellow"))
    return lines


def _hit(payload: Mapping[str, Json], lang: str) -> str:
    attack = str(payload.get("attack"))
    attack = _ATTACKS.get(lang, {}).get(attack, attack)
    fields = {k: payload.get(k) for k in ("source", "target", "amount")}
    return _HITS[lang].format(attack=attack, **fields)


def outcome(engine: Engine, lang: str = "en") -> str | None:
    """The result in ``lang``: the winner, why, each HQ's toughness left."""
    lang = language(lang)
    for entry in engine.log.entries():
        if entry["type"] == "nshex_result":
            hq = entry.get("hq")
            hqs = ", ".join(f"{p} {n}" for p, n in hq.items()) if isinstance(hq, dict) else ""
            winner = entry.get("winner")
            reason = _RESULTS[lang](str(entry.get("reason")))
            shown = str(winner) if winner is not None else _DRAW[lang]
            return _SUMMARY[lang].format(winner=shown, reason=reason, hqs=hqs)
    return None
