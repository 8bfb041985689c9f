"""English rules text for card previews, generated from the AST."""

from __future__ import annotations

from hexforge.dsl.parser import parse
from hexforge.dsl.text import rules_text


def _text(effect: str) -> str:
    return rules_text(parse(effect))


def test_triggers_read_like_the_rulebook() -> None:
    assert _text("upon activation: gain 1 mana") == "Upon activation: Gain 1 mana."
    assert _text("at end of activation: remove curse from self") == (
        "At the end of activation: Remove curse from this character."
    )
    assert _text("when self is wounded once per round if amount > 1: gain 1 ap") == (
        "When this character is wounded (once per round), if amount is more than 1: Gain 1 ap."
    )


def test_success_tables_spell_out_the_counts() -> None:
    """rulebook §Tests: outcomes are listed by the successes they need."""
    text = "test power +1 against mind of target:\n    1: give target curse\n    3+: x\n"
    assert _text(text) == (
        "Test power +1 against mind of target. "
        "1 success: Give target curse. 3 or more successes: X."
    )


def test_continuous_rules_and_expressions() -> None:
    assert _text("while attacking:\n    scope +1\n    cannot be pushed") == (
        "While attacking: scope +1 and cannot be pushed."
    )
    assert _text("speed = 3") == "Speed is 3."
    assert _text("enemies adjacent to self cannot be pushed") == (
        "Enemies adjacent to this character cannot be pushed."
    )
    assert _text("if target.wounds >= 2 and count(enemies) < 3: x") == (
        "If target's wounds is at least 2 and the number of enemies is less than 3: X."
    )


def test_statements() -> None:
    assert _text("choose one: gain 1 ap | gain 1 mana | score 1 vp") == (
        "Choose one: Gain 1 ap, Gain 1 mana, or Score 1 vp."
    )
    assert _text("for each enemy within 2 of self: deal 1 wound to it") == (
        "For each enemy within 2 of this character: Deal 1 wound to it."
    )
    assert _text("if a: x\nelse: y\nunless b: z") == "If a: X. Otherwise: Y.\nUnless b: Z."


def test_templates_place_forms_plurals_and_agreement() -> None:
    """The template syntax of the languages' structure words and the games' tables."""
    from hexforge.dsl.text import STRUCTURES, forms
    from hexforge.dsl.text.forms import Arg, fill

    polish = STRUCTURES["pl"].plural
    assert [polish(n) for n in (1, 2, 4, 5, 12, 22, 25)] == [0, 1, 1, 2, 2, 1, 2]
    assert [STRUCTURES["fr"].plural(n) for n in (0, 1, 2)] == [0, 0, 1]
    target = Arg(forms("cel", dat="celowi", gender="m"))
    card = Arg(forms("ta postać", dat="tej postaci", gender="f"))
    template = "zadaj {who@dat} {n} {n#ranę|rany|ran}; {who} jest {who/znokautowany|znokautowana}"
    assert fill(template, {"who": target, "n": Arg.count("5", 5)}, polish) == (
        "zadaj celowi 5 ran; cel jest znokautowany"
    )
    assert fill(template, {"who": card, "n": Arg.count("2", 2)}, polish) == (
        "zadaj tej postaci 2 rany; ta postać jest znokautowana"
    )
    unknown = Arg.count("x", None)  # a number known only in play takes the last form
    assert fill("{n#ranę|rany|ran}", {"n": unknown}, polish) == "ran"
    assert fill("{who@ins}", {"who": target}, polish) == "cel"  # a missing slot: nominative
