"""Card previews in each rulebook's own terms (issue 10), and text that stays inside the card.

The expected words are written out here, not read from the term table, so a wrong entry in
the table fails: they are the rulebooks' icon key and glossary words (rulebook §Icon Key,
§Glossary: active and passive skills, §Disposable Items) as docs/motu-content.md lists them.
"""

from __future__ import annotations

import itertools
import re
import string
import textwrap
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from hexforge.core.packs.models import Card
from hexforge.core.render import parse
from hexforge.plugins.motu.render import CARD_WIDTH, FRAME, PADDING, card_svg
from hexforge.plugins.motu.terms import LANGUAGES, TERMS, count, language, term
from hexforge.plugins.motu.textwidth import text_width
from tests.plugged import LIB

DOCS = Path(__file__).resolve().parents[2] / "docs" / "motu-content.md"
PLURAL_FORMS = {"en": 2, "pl": 3, "de": 2, "fr": 2}
COUNTED = ("points", "dice", "hexes", "mana")

RULEBOOK_WORDS = {
    # language: (stat names, passive skill, active skill cost line's start, English left out)
    "pl": ({"zdrowie", "siła", "wytrzymałość", "umysł", "szybkość"}, "pasywna", "aktywna: 1 PA"),
    "de": ({"Gesundheit", "Stärke", "Zähigkeit", "Wahrnehmung", "Tempo"}, "passiv", "aktiv: 1 AP"),
    "fr": (
        {"santé", "force", "résistance", "esprit", "vitesse"},
        "compétence passive",
        "compétence active : 1 PA",
    ),
}  # fmt: skip
BARE_NUMBER_AT_END = re.compile(r"(^|\s)[-+]?\d+\+?$")
"""A line ending in a number whose noun went to the next line (``4`` / ``Zoll``)."""
ENGLISH_LABELS = {"health", "strength", "toughness", "mind", "speed", "passive"}


def _texts(card_id: str, lang: str) -> list[ET.Element]:
    return list(parse(card_svg(LIB, LIB.card(card_id), lang).text()).iter("text"))


def _with(elements: list[ET.Element], class_: str) -> list[str]:
    return [e.text or "" for e in elements if class_ in (e.get("class") or "").split()]


@cache
def _motu_cards() -> list[Card]:
    return sorted((c for c in LIB.cards.values() if c.id.startswith("motu/")), key=lambda c: c.id)


def _right_edge(element: ET.Element) -> float:
    """Where ``element``'s text ends, by the same width estimate the card writer uses."""
    bold = element.get("font-weight") == "bold"
    size = float(element.get("font-size", "0"))
    return float(element.get("x", "0")) + text_width(element.text or "", size, bold=bold)


# -- the term table ------------------------------------------------------------------------


def test_the_term_table_has_every_key_in_all_four_languages() -> None:
    """Same fields in every language's template, and the plural forms each language's rule
    needs (Polish has three: 1 punkt, 2 punkty, 5 punktów)."""
    fields = string.Formatter()
    for key, row in TERMS.items():
        assert tuple(row) == LANGUAGES, key
        assert all(words.strip() for words in row.values()), key
        names = {
            lang: {f for _, f, _, _ in fields.parse(words) if f} for lang, words in row.items()
        }
        assert all(found == names["en"] for found in names.values()), (key, names)
        if key in COUNTED:
            assert {lang: len(w.split("|")) for lang, w in row.items()} == PLURAL_FORMS, key
        else:
            assert not any("|" in words for words in row.values()), key


def test_the_table_agrees_with_the_checked_terms_in_docs_motu_content() -> None:
    """docs/motu-content.md's table was checked against the four rulebooks; the renderer's
    table must say the same for the terms both have."""
    rows = {
        cells[0]: cells[1:]
        for line in DOCS.read_text(encoding="utf-8").splitlines()
        if (cells := [c.strip() for c in line.strip().strip("|").split("|")]) and len(cells) == 4
    }
    checked: dict[str, list[str | None]] = {
        "health": ["health"],
        "strength": ["strength"],
        "toughness": ["toughness"],
        "mind": ["mind"],
        "power": ["power"],
        "perception": ["perception"],
        "speed / focused speed": ["speed", None],
        "buff / debuff": ["buff", "debuff"],
        "mark": ["mark"],
        "ally / enemy": ["ally", "enemy"],
        "character": ["character"],
        "item": ["item"],
        "AP / mana / VP": ["AP", "mana", None],
    }
    for row, keys in checked.items():
        for lang, cell in zip(LANGUAGES[1:], rows[row], strict=True):
            for key, words in zip(keys, cell.split(" / "), strict=True):
                if key is not None:
                    ours = TERMS[key][lang].split("|")[0]
                    assert ours.casefold() == words.casefold(), (row, lang, ours, words)


def test_every_motu_card_kind_and_source_has_a_term() -> None:
    """What a card list prints for a kind or a source (e.g. ``hexforge cards``) can come
    from the same table: ``term(card.kind, lang)``, ``term(card.provenance, lang)``."""
    kinds = {card.kind for card in _motu_cards()}
    assert kinds == {
        "character",
        "weapon",
        "item",
        "buff",
        "debuff",
        "mark",
        "fate",
        "glory",
        "rule",
    }
    assert all(key in TERMS for key in kinds | {c.provenance.value for c in _motu_cards()})
    assert [term(k, "de") for k in ("item", "fate", "mark")] == [
        "Objekt",
        "Schicksalskarte",
        "Zeichen",
    ]


def test_counted_nouns_follow_each_languages_plural_rule() -> None:
    assert [count("points", n, "pl") for n in (1, 2, 5, 12, 22, 25)] == [
        "1 punkt",
        "2 punkty",
        "5 punktów",
        "12 punktów",
        "22 punkty",
        "25 punktów",
    ]
    assert [count("hexes", n, "fr") for n in (0, 1, 2)] == [
        "0 hexagone",
        "1 hexagone",
        "2 hexagones",
    ]
    assert [count("dice", n, "en") for n in (1, -1, 2)] == ["1 die", "-1 die", "2 dice"]
    assert count("hexes", 2, "de") == "2 Hexfelder"


def test_an_unknown_language_gets_english_labels() -> None:
    assert language("xx") == "en" and term("passive", "xx") == "passive"
    english = [e.text for e in _texts("motu/he-man", "en")]
    assert [e.text for e in _texts("motu/he-man", "xx")] == english


# -- the words on the cards ------------------------------------------------------------------


@pytest.mark.parametrize("lang", sorted(RULEBOOK_WORDS))
def test_a_card_preview_uses_the_rulebooks_terms(lang: str) -> None:
    """Stat names, passive and active skills in the rulebook's words, no English label left
    (He-Man's By the Power is passive, Man-At-Arms' Master Tactician active)."""
    stats, passive, active = RULEBOOK_WORDS[lang]
    he_man = _texts("motu/he-man", lang)
    names = set(_with(he_man, "stat-name"))
    assert stats <= names and not names & ENGLISH_LABELS
    assert passive in _with(he_man, "skill-cost")
    (cost,) = _with(_texts("motu/man-at-arms", lang), "skill-cost")
    assert cost.startswith(active) and not cost.startswith("active:")
    labels = {text for e in he_man if (text := e.text)}
    assert not labels & ENGLISH_LABELS
    assert not any(t.endswith(" points") or t.endswith(" pts") for t in labels if lang != "fr")


def test_labels_of_every_card_kind_are_translated() -> None:
    """The kind line of a weapon, an item, a buff, a mark and a fate card, in Polish."""

    def kind(card_id: str) -> str:
        return " ".join(_with(_texts(card_id, "pl"), "card-kind"))

    assert kind("motu/he-man") == "postać (Masters of the Universe) - 19 punktów"
    assert kind("motu/sword-of-power") == "broń"
    assert kind("motu/battle-horn").startswith("drobiazg - ")
    assert kind("motu/quickness") == "wzmocnienie"
    assert kind("motu/optic-lock") == "unikalne osłabienie"
    assert kind("motu/tidal-mark") == 'unikalny znak - zasięg 8", oddziaływanie 3"'
    assert re.fullmatch(
        r"karta losu - inicjatywa \d+, \d PA, \d man[ay]", kind("motu/sorceress-gift")
    )
    source = _with(_texts("motu/he-man", "de"), "card-id")
    assert source == ["motu/he-man - Community-Daten"]


def test_the_weapon_header_wraps_between_its_facts() -> None:
    """Storm of Havoc has range, mana, an area and points: too long for one line."""
    for lang, expected in (
        ("en", 'Storm of Havoc - spell, range 16", 2 mana, area 1 hex, 4 pts'),
        ("pl", 'Burza Chaosu - magiczna, zasięg 16", 2 many, obszar 1 heks, 4 pkt'),
        ("de", 'Chaossturm - Zauber, Reichweite 16", 2 Mana, Wirkungsfeld 1 Hexfeld, 4 Pkt.'),
        ("fr", 'Tempête du Chaos - magique, portée 16", 2 mana, zone 1 hexagone, 4 pts'),
    ):
        lines = _with(_texts("motu/storm-of-havoc", lang), "weapon-name")
        assert len(lines) == 2 and " ".join(lines) == expected
        assert not any(line.endswith((" 1", " area", " obszar")) for line in lines)


HE_MAN_RULES = {
    # the Sword of Power's test and outcomes, then He-Man's two skills (rulebook §Attack,
    # §Defence Tests; the terms of each rulebook: tests, wounds, knocking out, charges)
    "en": (
        "Test strength against toughness of target:",
        "Deal 1 wound to target.",
        "When He-Man knocks out an enemy: Gain 1 mana.",
        "Charge target.",
    ),
    "pl": (
        "Test siły przeciwko wytrzymałości celu:",
        "Zadaj celowi 1 ranę.",
        "Gdy He-Man nokautuje wroga: zyskaj 1 manę.",
        "Wykonaj szarżę na cel.",
    ),
    "de": (
        "Probe auf Stärke gegen Zähigkeit des Ziels:",
        "Füge dem Ziel 1 Wunde zu.",
        "Wenn He-Man einen Feind ausschaltet: Erhalte 1 Mana.",
        "Stürme auf das Ziel.",
    ),
    "fr": (
        "Test de force contre la résistance de la cible :",
        "Infligez 1 blessure à la cible.",
        "Quand He-Man assomme un ennemi : gagnez 1 mana.",
        "Chargez la cible.",
    ),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_generated_rules_text_is_in_the_cards_language(lang: str) -> None:
    """The rules text written from the effects is in the preview's language, in the
    rulebook's terms, set like any other text: no caption, no italics (issue 27)."""
    texts = _texts("motu/he-man", lang)
    generated = [e for e in texts if e.get("class") in ("rules", "outcome")]
    assert [e.text for e in generated if e.text in HE_MAN_RULES[lang]] == list(HE_MAN_RULES[lang])
    assert not _with(texts, "generated-caption")
    assert not any(e.get("font-style") for e in texts)


# -- fitting the card ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_passes_the_frame_of_any_card(lang: str) -> None:
    """Every line of every shipped motu card ends inside the frame (the Polish He-Man text
    used to run into its right edge), no line ends in a number torn from its noun, and stat
    columns do not overlap."""
    limit = CARD_WIDTH - FRAME
    for card in _motu_cards():
        root = parse(card_svg(LIB, card, lang).text())
        for element in root.iter("text"):
            assert _right_edge(element) <= limit, (card.id, lang, element.text)
            if element.get("class") in ("printed-text", "rules", "outcome", "card-kind"):
                assert not BARE_NUMBER_AT_END.search(element.text or ""), (card.id, lang)
        names = [e for e in root.iter("text") if e.get("class") == "stat-name"]
        values = [e for e in root.iter("text") if (e.get("class") or "").startswith("stat ")]
        for row in (names, values):
            for left, right in itertools.pairwise(row):
                assert _right_edge(left) < float(right.get("x", "0")), (card.id, lang)


def test_the_frame_check_catches_a_line_wrapped_by_characters() -> None:
    """The old layout wrapped at 62 characters: Polish He-Man's text then passed the frame."""
    text = LIB.card("motu/he-man").text
    assert text is not None and text.pl is not None
    widest = max(text_width(line, 12) for line in textwrap.wrap(text.pl, 62))
    assert PADDING + widest > CARD_WIDTH - FRAME


def test_the_width_estimate_matches_the_font() -> None:
    """The advance widths are DejaVu Sans's: checked against the font where it is installed."""
    image_font = pytest.importorskip("PIL.ImageFont")
    fonts = Path("/usr/share/fonts/truetype/dejavu")
    if not (fonts / "DejaVuSans.ttf").exists():
        pytest.skip("DejaVu Sans is not installed")
    sample = 'Wytrzymałość, Zähigkeit; résistance: Œuvre « ß » 1+ — 12" Łódź'
    for file, bold in (("DejaVuSans.ttf", False), ("DejaVuSans-Bold.ttf", True)):
        font = image_font.truetype(str(fonts / file), 100)
        real = font.getlength(sample)
        assert abs(text_width(sample, 100, bold=bold) - real) < real * 0.01, file
