"""Issue 20, items 2 and 3, the effect language's side: every number has a range.

A number written in an effect is at most ``LIMITS.max_number`` (HF306, its digits counted
before ``int()``, which refuses 4,301 of them); a game declares the range of each stat and
of each ``int`` placeholder (``Vocabulary.stat(bounds=...)``, ``verb(bounds=...)``), and
numbers outside them are HF306 at the number - or HF332 when they are only computed while
the game runs. A verb may be limited to some card fields (``places``, HF327).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hexforge.core.errors import HexforgeError, Severity
from hexforge.core.rules import EffectContext
from hexforge.dsl.api import check_text, compile_text, parse_text
from hexforge.dsl.parser import LIMITS
from hexforge.dsl.vocabulary import Vocabulary
from tests.dsl.toy import SOURCE, context, toy_game, toy_vocabulary


def _bounded() -> Vocabulary:
    """The toy words plus bounded ones, declared as a game plugin would."""
    v = toy_vocabulary()
    v.stat("reach", bounds=(0, 12))
    v.verb(
        "regain {n:int} hope", lambda ctx, n: ctx.game.log.append(("hope", n)), bounds={"n": (1, 5)}
    )
    v.verb(
        "claim {n:int} glory",
        lambda ctx, n: ctx.game.log.append(("glory", n)),
        places=("glory.mission",),
        doc="glory comes from missions only",
    )
    v.filter(
        "closer than {n:int} to {anchor:unit}",
        lambda ctx, e, n, anchor: True,
        bounds={"n": (0, 36)},
    )
    return v


def _codes(text: str, vocabulary: Vocabulary | None = None, place: str | None = None) -> list[str]:
    found = check_text(text, vocabulary or _bounded(), place=place)
    return [d.code for d in found if d.severity is Severity.ERROR]


@pytest.mark.parametrize("digits", [4, 20, 4300, 4301, 15_000])
def test_item3_a_long_number_is_hf306_never_a_value_error(digits: int) -> None:
    text = f"gain {'9' * digits} mana"
    with pytest.raises(HexforgeError) as raised:
        parse_text(text)
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.code == "HF306"
    assert diagnostic.span is not None and (diagnostic.span.line, diagnostic.span.column) == (1, 6)
    assert len(diagnostic.message) < 200
    assert _codes(text) == ["HF306"]


def test_item3_a_long_number_in_a_success_row_and_in_a_long_text_is_hf306() -> None:
    row = f"test power:\n    {'7' * 5000}+: gain 1 mana"
    assert _codes(row) == ["HF306"]
    long = "gain 1 mana\n" * 200 + f"gain {'8' * 5000} mana"  # past the fast path: lark's
    assert _codes(long) == ["HF306"]


def test_item2_the_largest_number_an_effect_writes_is_the_limit() -> None:
    assert _codes(f"gain {LIMITS.max_number} mana") == []
    assert _codes(f"gain 0{LIMITS.max_number} mana") == []  # leading zeros are not digits
    assert _codes(f"gain {LIMITS.max_number + 1} mana") == ["HF306"]


def test_item2_arithmetic_on_written_numbers_is_checked_as_its_result() -> None:
    assert _codes("gain (999 * 999) mana") == ["HF306"]
    assert _codes("gain (999 * 999 - 999 * 998 - 996) mana") == []  # 3
    found = check_text("gain (" + " * ".join(["999"] * 60) + ") mana", _bounded())
    assert [d.code for d in found] == ["HF306"] and len(found[0].message) < 200


def test_item2_a_stat_with_bounds_takes_values_and_changes_within_them() -> None:
    assert _codes("reach = 12") == _codes("reach = 0") == _codes("reach -12") == []
    assert _codes("reach = 13") == ["HF306"]
    assert _codes("reach = -1") == ["HF306"]
    assert _codes("reach + 13") == ["HF306"]
    assert _codes("while attacking: reach - (6 + 7)") == ["HF306"]
    found = check_text("reach = 13", _bounded())
    assert found[0].message == "the value given to 'reach' is 13, outside its range 0 to 12"
    assert found[0].span is not None and found[0].span.column == 9


def test_item2_placeholder_bounds_apply_to_verbs_and_filters() -> None:
    assert _codes("regain 5 hope") == []
    assert _codes("regain 6 hope") == ["HF306"]
    assert _codes("regain 0 hope") == ["HF306"]
    assert _codes("for each enemy closer than 36 to self: gain 1 mana") == []
    assert _codes("for each enemy closer than 37 to self: gain 1 mana") == ["HF306"]


def test_item2_numbers_computed_from_the_game_are_not_guessed_by_the_checker() -> None:
    assert _codes("regain (self.wounds + 1) hope") == []
    assert _codes("reach = self.wounds * 2") == []


def test_item2_bounds_must_fit_their_declaration() -> None:
    v = Vocabulary()
    v.kind("unit")
    declarations: tuple[Callable[[], object], ...] = (
        lambda: v.verb("a {n:int} b", lambda ctx, n: None, bounds={"m": (0, 1)}),
        lambda: v.verb("a {t:text} c", lambda ctx, t: None, bounds={"t": (0, 1)}),
        lambda: v.verb("a {n:int} d", lambda ctx, n: None, bounds={"n": (2, 1)}),
        lambda: v.stat("e", bounds=(3, 1)),
        lambda: v.stat("f", type="bool", bounds=(0, 1)),
        lambda: v.stat("g", bounds=(0,)),  # type: ignore[arg-type]
        lambda: v.verb("h", lambda ctx: None, places=("",)),
    )
    for bad in declarations:
        with pytest.raises(HexforgeError) as raised:
            bad()
        assert raised.value.diagnostics[0].code == "HF340"


def test_item10_a_verb_with_places_is_hf327_elsewhere_and_fine_there() -> None:
    text = "upon activation: claim 2 glory"
    assert _codes(text) == []  # no place known: not checked
    assert _codes(text, place="glory.mission") == []
    found = check_text(text, _bounded(), place="fate.ability")
    assert [d.code for d in found] == ["HF327"]
    assert found[0].hint == "glory comes from missions only"
    assert found[0].span is not None and found[0].span.column == 18


def _run_modifier(text: str, vocabulary: Vocabulary) -> int:
    (modifier,) = compile_text(text, vocabulary, SOURCE).modifiers
    amount: int = modifier.amount(context(toy_game()))
    return amount


def test_item2_a_bounded_number_computed_while_the_game_runs_is_hf332() -> None:
    v = _bounded()
    game = toy_game()
    game.units["h"].wounds = 7
    ctx = EffectContext(game, SOURCE, "h", {})
    (modifier,) = compile_text("reach + self.wounds", v, SOURCE).modifiers
    assert modifier.amount(ctx) == 7
    game.units["h"].wounds = 13
    with pytest.raises(HexforgeError) as raised:
        modifier.amount(ctx)
    assert raised.value.diagnostics[0].code == "HF332"
    verb = compile_text("regain (self.wounds - 10) hope", v, SOURCE)
    assert verb.run is not None
    verb.run(ctx)
    assert game.log[-1] == ("hope", 3)
    game.units["h"].wounds = 20
    with pytest.raises(HexforgeError):
        verb.run(ctx)


def test_item2_runaway_arithmetic_stops_at_the_runtime_limit() -> None:
    """A product of the game's numbers cannot grow without bound (nor past str())."""
    game = toy_game()
    game.units["h"].wounds = 1000
    ctx = EffectContext(game, SOURCE, "h", {})
    text = "gain (" + " * ".join(["self.wounds"] * 40) + ") mana"
    effect = compile_text(text, toy_vocabulary(), SOURCE)
    assert effect.run is not None
    with pytest.raises(HexforgeError) as raised:
        effect.run(ctx)
    assert raised.value.diagnostics[0].code == "HF332"
    game.units["h"].wounds = 1
    effect.run(ctx)
    assert game.log[-1] == ("gain mana", 1)
    assert _run_modifier("speed = 3", toy_vocabulary()) == 3
