"""The shared text helpers of pictures (hexforge.core.render.text) and player colours."""

from __future__ import annotations

from hexforge.core.packs.models import Localised
from hexforge.core.render import localised, palette, words, wrap


def _letters(text: str) -> float:
    """A measure of one unit a character, so widths are easy to count."""
    return float(len(text))


def test_a_name_falls_back_to_english_where_it_is_not_translated() -> None:
    name = Localised(en="Arm Cannon", de="Armkanone")
    assert localised(name, "de") == "Armkanone"
    assert localised(name, "pl") == "Arm Cannon"
    assert localised(name, "xx") == "Arm Cannon"


def test_a_number_stays_with_the_word_after_it() -> None:
    assert words("range 4 Zoll, +1 dice") == ["range", "4 Zoll,", "+1 dice"]
    assert words("  ") == []


def test_lines_are_filled_up_to_the_width_and_no_further() -> None:
    assert wrap(["one", "two", "three"], 7, _letters) == ["one two", "three"]
    assert all(len(line) <= 7 for line in wrap(words("a b c d e f g h i j k"), 7, _letters))


def test_a_chunk_stays_whole_where_it_fits_and_is_cut_between_its_words_where_not() -> None:
    assert wrap(["x", "area 1 hex"], 10, _letters) == ["x", "area 1 hex"]
    assert wrap(["area 12 hexes wide"], 10, _letters) == ["area 12", "hexes wide"]


def test_a_word_wider_than_a_line_is_cut_inside_it() -> None:
    assert wrap(["Wahrnehmungsprobe"], 6, _letters) == ["Wahrne", "hmungs", "probe"]


def test_a_player_has_the_colour_of_their_place_and_a_stranger_has_ink() -> None:
    assert palette.player_colour("evil", ("masters", "evil")) == palette.side_colour(1)
    assert palette.player_colour("nobody", ("masters", "evil")) == palette.INK
