"""A selector alone as a card field (``hexforge.dsl.selections``, issue 22) and filters that
order what they keep (``Vocabulary.filter(..., order=)``): the order of a selection is the
order of the options a player is offered."""

from __future__ import annotations

from hexforge.core.rules import EffectContext, EntityId
from hexforge.dsl.selections import check_selection, compile_selection
from tests.dsl.toy import ToyGame, context, toy_game, toy_vocabulary


def _farthest_first(ctx: EffectContext, entity: EntityId, anchor: EntityId) -> int:
    game: ToyGame = ctx.game
    return -abs(game.unit(entity).position - game.unit(anchor).position)


def test_a_selection_lists_its_noun_in_order_unless_a_filter_orders_it() -> None:
    words = toy_vocabulary()
    words.filter("seen from {anchor:unit}", lambda ctx, e, a: e != a, order=_farthest_first)
    ctx = context(toy_game())
    plain, kind = compile_selection("units", words)
    ordered, _ = compile_selection("units seen from self", words, kind="unit")
    assert kind == "unit"
    assert plain(ctx) == ("h", "a", "s", "e")  # the noun's order
    assert ordered(ctx) == ("e", "s", "a")  # farthest from h (position 0) first


def test_a_selector_of_the_wrong_kind_or_misspelt_is_reported_in_the_text() -> None:
    words = toy_vocabulary()
    words.kind("cell")
    (wrong,) = check_selection("enemies", words, kind="cell")
    assert wrong.code == "HF312"
    (misspelt,) = check_selection("  enemys adjacent to self", words)
    assert misspelt.code == "HF312" and misspelt.span is not None
    assert (misspelt.span.line, misspelt.span.column) == (1, 3)
    assert check_selection("enemies adjacent to self", words) == []
