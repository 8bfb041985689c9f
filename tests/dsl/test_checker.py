"""One test per checker diagnostic code, asserting the code, the position and the hint."""

from __future__ import annotations

import pytest

from hexforge.core.errors import Severity
from hexforge.dsl.api import check_text
from hexforge.dsl.vocabulary import Vocabulary

from .toy import CORPUS, toy_vocabulary


def _only(text: str, vocabulary: Vocabulary | None = None) -> tuple[str, int, int, int, str]:
    found = check_text(text, vocabulary or toy_vocabulary())
    assert len(found) == 1, found
    (diagnostic,) = found
    span = diagnostic.span
    assert span is not None and diagnostic.source_line is not None
    return (
        diagnostic.code,
        span.line,
        span.column,
        span.end_column,
        f"{diagnostic.message} | {diagnostic.hint}",
    )


@pytest.mark.parametrize(
    ("text", "code", "line", "column", "end", "says"),
    [
        ("upon activaton: gain 1 mana", "HF310", 1, 6, 15, "did you mean 'upon activation'"),
        ("when self knocks out target with magic: gain 1 ap", "HF316", 1, 34, 39, "melee"),
        ("gian 1 mana", "HF311", 1, 1, 5, "did you mean 'gain'"),
        ("upon activation:\n    sing loudly", "HF311", 2, 5, 16, "not a statement"),
        ("for each foes: gain 1 mana", "HF312", 1, 10, 14, "enemies"),
        ("for each enemy whithin 2 of self: gain 1 ap", "HF312", 1, 16, 33, "within"),
        ("when self knocks out an enmy: gain 1 ap", "HF312", 1, 25, 29, "did you mean 'enemy'"),
        ("if atacking: gain 1 mana", "HF313", 1, 4, 12, "did you mean 'attacking'"),
        ("if target is very tired: gain 1 mana", "HF313", 1, 4, 24, "unknown condition"),
        ("while attacking: scoop +1", "HF314", 1, 18, 23, "did you mean 'scope'"),
        ("cannot be pulled", "HF315", 1, 8, 17, "did you mean 'be pushed'"),
        ("deal 1 wound to foe", "HF316", 1, 17, 20, "unknown name 'foe'"),
        ("for each enemy: deal 1 wound to them", "HF316", 1, 33, 37, "'them'"),
        ("if target.wonds > 1: gain 1 mana", "HF317", 1, 4, 16, "did you mean 'wounds'"),
        ("if self.wounds.size > 1: gain 1 mana", "HF317", 1, 4, 20, "no properties"),
        ("when self is wounded if event.amonut > 1: gain 1 ap", "HF318", 1, 25, 37, "'amount'"),
        ("if event.amount > 1: gain 1 mana", "HF318", 1, 4, 16, "only available inside"),
        ("deal 2 wounds", "HF320", 1, 1, 14, "deal <amount> wound(s) to <target>"),
        ("deal self wounds to target", "HF321", 1, 6, 10, "expected a number"),
        ("while 3: scope +1", "HF321", 1, 7, 8, "expected a condition"),
        ("scope +attacking", "HF321", 1, 8, 17, "found a condition"),
        ("give target fury", "HF316", 1, 13, 17, "is not a buff"),
        ("if target == 2: gain 1 ap", "HF321", 1, 14, 15, "expected a unit"),
        ("while attacking: flying +1", "HF322", 1, 18, 24, "not a number"),
        ("cannot be pushed\nwhile attacking: scope +1\ncan be pushed", "HF325", 3, 1, 14, "line 1"),
        ("when self is wounded once per turn: gain 1 ap", "HF319", 1, 6, 21, "activation"),
        ("speed of foes -1", "HF312", 1, 10, 14, "unknown selector"),
        ("allies near self cannot be pushed", "HF312", 1, 8, 17, "unknown filter"),
    ],
)
def test_checker_codes_and_positions(
    text: str, code: str, line: int, column: int, end: int, says: str
) -> None:
    got = _only(text)
    assert got[:4] == (code, line, column, end), got
    assert says in got[4]


def test_unreachable_success_table_row() -> None:
    """rulebook §Tests step 11: only one outcome applies, so two rows for 3 clash."""
    text = "test power:\n    1+: gain 1 mana\n    3: gain 1 ap\n    3+: gain 2 ap\n"
    assert _only(text)[:4] == ("HF323", 4, 5, 8)


def test_table_gap_is_a_warning_pointing_at_the_exact_row() -> None:
    (diagnostic,) = check_text(
        "test power:\n    1: gain 1 mana\n    3+: gain 1 ap\n", toy_vocabulary()
    )
    assert diagnostic.code == "HF324"
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.span is not None and (diagnostic.span.line, diagnostic.span.column) == (2, 5)
    assert diagnostic.hint == "write '1+:' for 1 or more successes"


def test_rows_with_or_more_need_no_warning() -> None:
    text = "test strength against toughness of target:\n    1+: x\n    3+: y\n    5+: z\n"
    assert [d.code for d in check_text(text, toy_vocabulary())] == ["HF311"] * 3


def test_test_and_choice_without_a_game_procedure() -> None:
    vocabulary = toy_vocabulary()
    vocabulary.test = None
    vocabulary.choose = None
    codes = [
        (d.code, d.span.line if d.span else 0)
        for d in check_text("test power:\n    1+: gain 1 mana\nchoose one: a | b", vocabulary)
    ]
    assert ("HF326", 1) in codes and ("HF326", 3) in codes


def test_conflicts_with_different_conditions_are_allowed() -> None:
    text = "while attacking: cannot be pushed\nwhile not attacking: can be pushed\n"
    assert check_text(text, toy_vocabulary()) == []


def test_every_error_is_collected_not_just_the_first() -> None:
    text = (
        "upon activaton: gian 1 mana\n"
        "while attacking: scoop +1\n"
        "for each foes: deal 1 wound to it\n"
    )
    codes = [d.code for d in check_text(text, toy_vocabulary())]
    assert codes == ["HF310", "HF311", "HF314", "HF312"]


def test_nesting_limit() -> None:
    text = "".join("    " * d + "if attacking:\n" for d in range(12)) + "    " * 12 + "x\n"
    assert "HF304" in [d.code for d in check_text(text, toy_vocabulary())]


def test_size_limit() -> None:
    codes = [d.code for d in check_text("gain 1 mana\n" * 1800, toy_vocabulary())]
    assert codes == ["HF305"]


def test_the_realistic_corpus_has_no_diagnostics() -> None:
    for text in CORPUS:
        assert check_text(text, toy_vocabulary()) == [], text
