"""The motu pack's names and card texts in en, pl, de, fr (issue 10, docs/motu-content.md
§Translations): every card carries its text in the four languages, and each translation
states the same numbers as the English text, which states only numbers the card has."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.packs.models import Card
from hexforge.plugins.motu.render import card_svg
from tests.plugged import LIB

LANGUAGES = ("en", "pl", "de", "fr")
TRANSLATIONS = LANGUAGES[1:]
NUMBER = re.compile(r"\d+")
NUMBER_WORDS = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.IGNORECASE
)
PRINTED = re.compile(r'<text class="printed-text"[^>]*>([^<]*)</text>')


def _pack_cards() -> list[Card]:
    return sorted((c for c in LIB.cards.values() if c.id.startswith("motu/")), key=lambda c: c.id)


CARDS = _pack_cards()
IDS = [c.id for c in CARDS]


def _text(card: Card, language: str) -> str:
    assert card.text is not None, f"{card.id} has no text"
    text: str | None = getattr(card.text, language)
    assert text, f"{card.id} has no {language} text"
    return text


def _numbers(text: str) -> Counter[str]:
    return Counter(NUMBER.findall(text))


def _data_numbers(card: Card) -> set[str]:
    """Every number in the card's data (stats, costs, ranges, effect texts), not its texts."""
    data = card.model_dump(mode="json", exclude={"name", "text"})
    return set(NUMBER.findall(repr(data)))


def test_the_pack_has_the_cards_the_issue_asks_for() -> None:
    assert len(CARDS) >= 100  # 10 characters, 21 weapons, 13 items, 41 fate, 9 glory, tokens


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_every_card_has_its_name_and_text_in_the_four_languages(card: Card) -> None:
    assert not card.name.missing(LANGUAGES), card.id
    assert card.text is not None, f"{card.id} has no text"
    assert not card.text.missing(LANGUAGES), f"{card.id}: {card.text.missing(LANGUAGES)}"
    english = _text(card, "en")
    for language in TRANSLATIONS:
        assert _text(card, language) != english, f"{card.id}: {language} is the English text"


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_each_translation_states_the_numbers_of_the_english_text(card: Card) -> None:
    english = _numbers(_text(card, "en"))
    for language in TRANSLATIONS:
        assert _numbers(_text(card, language)) == english, f"{card.id} ({language})"


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_english_texts_write_numbers_as_digits(card: Card) -> None:
    """What keeps the number check meaningful: a number spelled out would escape it."""
    assert NUMBER_WORDS.search(_text(card, "en")) is None, card.id


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_english_texts_state_only_numbers_the_card_has(card: Card) -> None:
    """A summary that says 2 wounds where the table deals 3 fails here."""
    stated = set(_numbers(_text(card, "en")))
    assert stated <= _data_numbers(card), f"{card.id}: {stated - _data_numbers(card)}"


def test_the_number_check_catches_a_wrong_translation() -> None:
    card = LIB.card("motu/sword-of-power")
    wrong = _text(card, "de").replace("3 Wunden", "2 Wunden")
    assert wrong != _text(card, "de")
    assert _numbers(wrong) != _numbers(_text(card, "en"))


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_cards_table_shows_every_motu_name_translated(language: str) -> None:
    result = CliRunner().invoke(
        make_cli(), ["cards", "--game", "motu", "--lang", language], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "(en)" not in result.output  # the marker of an untranslated name
    assert f"hexforge cards ({len(CARDS)})" in result.output
    names = {getattr(c.name, language) for c in CARDS}
    assert not {name for name in names if name not in result.output}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "card_id", ["motu/fireball", "motu/battle-horn", "motu/first-blood", "motu/crushing-blow"]
)
def test_a_rendered_card_prints_its_text_in_the_language(card_id: str, language: str) -> None:
    card = LIB.card(card_id)
    printed = " ".join(
        html.unescape(line) for line in PRINTED.findall(card_svg(LIB, card, language).text())
    )
    assert printed == _text(card, language)
