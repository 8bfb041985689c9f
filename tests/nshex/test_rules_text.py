"""Neuroshima Hex rules text in Polish, the language of the Duel rules (issue 27).

nshex gives its words in Polish only (the project has only the Polish Duel rules): every
shipped tile's effect is written in Polish with no English word left, every nshex word has
its Polish words, and German and French stay English rather than half-translated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from hexforge.core.packs.fields import marked_values
from hexforge.core.packs.models import EffectText
from hexforge.dsl.api import parse_text
from hexforge.dsl.text import STRUCTURES, GameWords, rules_text, words_for
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.packs_of_game import loaded_vocabulary
from tests.plugged import HOST, TILES

_WORD = re.compile(r"[^\W\d_]+")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


def _texts(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif hasattr(value, "items"):
        for key, item in value.items():
            if key != "gender":
                yield from _texts(item)
    elif isinstance(value, tuple | frozenset):
        for item in value:
            yield from _texts(item)


@cache
def _vocabulary() -> Vocabulary:
    return loaded_vocabulary(HOST, "nshex")


def _polish() -> GameWords:
    words = words_for(_vocabulary(), "pl")
    assert words is not None
    return words


@cache
def _leaking() -> frozenset[str]:
    """English words of nshex and of the structure that Polish does not use itself."""
    v, en, pl = _vocabulary(), STRUCTURES["en"], STRUCTURES["pl"]
    english = {w for name in en.__slots__ for t in _texts(getattr(en, name)) for w in _words(t)}
    for group in (v.verbs, v.conditions, v.filters, v.triggers):
        english |= {w for item in group for lit in item.template.literals for w in lit.spellings}
    english |= {w for n in v.nouns for w in (n.singular, n.plural)}
    english |= {w for s in v.stats for w in s.words}
    own = {w for name in pl.__slots__ for t in _texts(getattr(pl, name)) for w in _words(t)}
    own |= {w for name in _polish().__slots__ for t in _texts(getattr(_polish(), name))
            for w in _words(t)}  # fmt: skip
    return frozenset(english - own)


def _effects() -> list[str]:
    found = []
    for card in sorted(TILES.cards.values(), key=lambda c: c.id):
        for marked in marked_values(card):
            marker = marked.marker
            if isinstance(marker, EffectText) and not (marker.condition or marker.selection):
                found.append(marked.text)
    return found


def test_every_shipped_tile_effect_is_written_in_polish() -> None:
    effects = _effects()
    assert len(effects) > 15
    for effect in effects:
        text = rules_text(parse_text(effect), lang="pl", words=_polish())
        assert text != rules_text(parse_text(effect)), effect
        assert not _words(text) & _leaking(), (effect, text, _words(text) & _leaking())


def test_golden_sentences() -> None:
    said = {
        "deal 1 wound to units other than HQs near hex": (
            "Zadaj jednostkom poza sztabami na wybranym heksie lub obok wybranego heksu 1 ranę."
        ),
        "initiative of allies linked to self +1": (
            "Inicjatywa sojuszniczych jednostek w połączeniu z tym żetonem +1."
        ),
        "move unit to hex turned to rotation": (
            "Przesuń wybraną jednostkę na wybrany heks, ustawiając wybrany obrót."
        ),
        "when self would be killed: return self to the top of the draw pile instead": (
            "Gdy ten żeton ma zginąć: zamiast tego połóż ten żeton na wierzchu stosu."
        ),
    }
    for effect, expected in said.items():
        assert rules_text(parse_text(effect), lang="pl", words=_polish()) == expected


def test_every_nshex_word_has_its_polish_words() -> None:
    v, words = _vocabulary(), _polish()
    assert {verb.template.text for verb in v.verbs} <= set(words.verbs)
    assert {c.template.text for c in v.conditions} <= set(words.conditions)
    assert {f.template.text for f in v.filters} <= set(words.filters)
    assert {f"{t.form.value} {t.template.text}" for t in v.triggers} <= set(words.triggers)
    assert {f"{n.singular}/{n.plural}" for n in v.nouns} == set(words.nouns)
    assert {" ".join(p.words) for p in v.pickers} == set(words.pickers)
    assert {" ".join(s.words) for s in v.stats} == set(words.stats)
    assert {" ".join(p.words) for p in v.permissions} == set(words.permissions)
    assert set(v.bindings) <= set(words.names)


def test_german_and_french_stay_english() -> None:
    tree = parse_text("initiative of allies linked to self +1")
    assert words_for(_vocabulary(), "de") is None and words_for(_vocabulary(), "fr") is None
    for lang in ("de", "fr"):
        assert rules_text(tree, lang=lang, words=words_for(_vocabulary(), lang)) == (
            "Initiative of allies linked to this character +1."
        )
